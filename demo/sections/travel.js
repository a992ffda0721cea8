// Travel: a HYB delve (time dice, lights burning down, travel turns, rolling to return), an OSE
// wilderness journey and an OSE voyage, each a Journey with its own log. Days are counted from
// 1 everywhere on the page (the package counts them from 0).
import { Journey } from "turnkeeper";
import { app, notify, onChange, setJourney } from "../state.js";
import { beginAction, endAction, traced, tracedNew } from "../code.js";
import { dayTime, lightName, span } from "../lines.js";
import { currentSeed, drawLog, el, showError } from "../ui.js";

const LOGS = { hyb: "#hyb-log", ose: "#ose-log", sea: "#sea-log" };

function render(root) {
  const { hyb, ose, sea } = app.journeys;
  const $ = (s) => root.querySelector(s);
  $("#hyb-time").textContent = "–";
  $("#hyb-dice").replaceChildren();
  $("#hyb-lights").replaceChildren();
  $("#hyb-away").textContent = "0";
  $("#hyb-dc").textContent = "10";
  if (hyb) {
    $("#hyb-time").textContent = dayTime(hyb.now);
    const dice = hyb.timeDice() ?? [];
    $("#hyb-dice").replaceChildren(
      ...dice.map((f, i) => el("li", { class: "die", "aria-label": `time die ${i + 1} shows ${f}` }, String(f), el("small", { text: ["pre-dawn", "morning", "afternoon", "night"][i] ?? "" }))),
    );
    $("#hyb-lights").replaceChildren(
      ...hyb.lights().map((l) => {
        const left = l.remaining === null || l.remaining === undefined ? "never runs out" : l.remaining > 0 ? `${span(l.remaining)} left` : "spent";
        return el("li", { "data-testid": "light", text: `${lightName(l.id)}: ${l.lit ? "lit" : "out"}, ${left} (${l.spec.level} light, ${l.spec.radius} ft)` });
      }),
    );
    $("#hyb-away").textContent = String(hyb.travelTurnsAway);
    $("#hyb-dc").textContent = String(hyb.returnDc);
  }
  $("#ose-dayno").textContent = ose ? String(ose.timeOfDay().day + 1) : "–";
  $("#ose-miles").textContent = String(app.ui.oseMiles);
  $("#sea-dayno").textContent = sea ? String(sea.timeOfDay().day + 1) : "–";
  $("#sea-miles").textContent = String(app.ui.seaMiles);
  for (const [k, sel] of Object.entries(LOGS)) {
    drawLog($(sel), app.journeyLogs[k], (l) => (l.day === null ? "Earlier" : `Day ${l.day}`), (l) => ({ text: l.text }));
  }
}

/** Run one user action, recording its package calls; a refusal is shown above the journeys. */
function act(root, label, fn) {
  const box = root.querySelector("#travel-error");
  beginAction(label);
  try {
    fn();
    showError(box, null);
  } catch (e) {
    showError(box, e);
  }
  endAction();
  notify();
}

function needHyb() {
  if (!app.journeys.hyb) throw new Error("Enter the dungeon first.");
  return traced(app.journeys.hyb, "delve");
}

const seeded = (options) => {
  const seed = currentSeed();
  return seed === undefined ? options : { ...options, seed };
};

export function setupTravel(root) {
  onChange(() => render(root));
  const on = (id, label, fn) => root.querySelector(id).addEventListener("click", () => act(root, label, fn));
  on("#hyb-start", "enter the dungeon", () => {
    // The constructor checks the seed first: if it is refused, the old journey stays.
    const next = tracedNew(Journey, "delve", seeded({ ruleset: "hyb", mode: "hybDungeon" }));
    setJourney("hyb", next);
    const j = traced(next, "delve");
    j.addMember({ id: "ash", bestModifier: 5 });
    j.addMember({ id: "wren", bestModifier: 3 });
    j.start({ timeDice: 2 });
  });
  const light = (kind) => {
    const j = needHyb();
    const id = `${kind}-${app.journeys.hyb.lights().length + 1}`;
    j.addLight(id, kind);
    j.light(id);
  };
  on("#hyb-torch", "light a torch", () => light("torch"));
  on("#hyb-lantern", "light a lantern", () => light("lantern"));
  on("#hyb-douse", "douse the lights", () => {
    const j = needHyb();
    for (const l of app.journeys.hyb.lights()) if (l.lit) j.douse(l.id);
  });
  on("#hyb-turn", "a travel turn", () => needHyb().advanceTravelTurn(root.querySelector("#hyb-caution").value));
  on("#hyb-return", "roll to return", () => needHyb().rollToReturn(root.querySelector("#hyb-path").value));
  on("#ose-day", "a day's travel", () => {
    if (!app.journeys.ose) {
      const ose = tracedNew(Journey, "trek", seeded({ ruleset: "ose", mode: "oseWilderness" }));
      setJourney("ose", ose);
      const t = traced(ose, "trek");
      t.addMember({ id: "fighter", movement: 120 });
      t.addMember({ id: "cleric", movement: 120 });
      t.start({ hour: 8 });
    }
    traced(app.journeys.ose, "trek").wildernessDay({ route: { terrain: root.querySelector("#ose-terrain").value }, activity: "travel", wanderChecks: 1 });
  });
  on("#ose-sail", "a day at sea", () => {
    if (!app.journeys.sea) {
      const sea = tracedNew(Journey, "voyage", seeded({ ruleset: "ose", mode: "oseWaterborne" }));
      setJourney("sea", sea);
      const v = traced(sea, "voyage");
      v.addMember({ id: "captain" });
      v.start({ hour: 6 });
      v.setVessel({ base: 360, seaworthy: true, propulsion: "sail" });
    }
    traced(app.journeys.sea, "voyage").waterDay({ waters: { type: "sea", inSightOfLand: true }, navigator: true });
  });
  if (app.follower) for (const b of root.querySelectorAll("button, select")) if (!b.classList.contains("log-order")) b.disabled = true;
  render(root);
}
