// Travel: a HYB delve (time dice, lights burning down, travel turns, rolling to return) and
// OSE wilderness and waterborne days (getting lost, wandering monsters, wind), each a Journey.
import { Journey } from "turnkeeper";
import { app, onChange, setJourney } from "../state.js";
import { el, showError, currentSeed } from "../ui.js";

function pad(n) {
  return String(n).padStart(2, "0");
}

function render(root) {
  const { hyb, ose } = app.journeys;
  root.querySelector("#hyb-time").textContent = "–";
  root.querySelector("#hyb-dice").replaceChildren();
  root.querySelector("#hyb-lights").replaceChildren();
  root.querySelector("#hyb-away").textContent = "0";
  root.querySelector("#hyb-dc").textContent = "10";
  if (hyb) {
    const t = hyb.timeOfDay();
    root.querySelector("#hyb-time").textContent = `day ${t.day + 1}, ${pad(t.hour)}:${pad(t.minute)}`;
    const dice = hyb.timeDice() ?? [];
    root.querySelector("#hyb-dice").replaceChildren(
      ...dice.map((f, i) => el("li", { class: "die", "aria-label": `time die ${i + 1} shows ${f}` }, String(f), el("small", { text: ["pre-dawn", "morning", "afternoon", "night"][i] ?? "" }))),
    );
    root.querySelector("#hyb-lights").replaceChildren(
      ...hyb.lights().map((l) =>
        el("li", { "data-testid": "light", text: `${l.id}: ${l.lit ? "lit" : "out"}, ${l.remaining === null || l.remaining === undefined ? "–" : Math.round(l.remaining / 60) + " min left"} (${l.spec.level}, ${l.spec.radius} ft)` }),
      ),
    );
    root.querySelector("#hyb-away").textContent = String(hyb.travelTurnsAway);
    root.querySelector("#hyb-dc").textContent = String(hyb.returnDc);
  }
  root.querySelector("#ose-dayno").textContent = ose ? String(ose.timeOfDay().day + 1) : "–";
  root.querySelector("#ose-miles").textContent = String(app.ui.oseMiles);
  root.querySelector("#travel-log").replaceChildren(...app.travelLog.slice(0, 60).map((l) => el("li", { text: l })));
}

function act(root, fn) {
  const box = root.querySelector("#travel-error");
  try {
    fn();
    showError(box, null);
  } catch (e) {
    showError(box, e);
  }
  render(root);
}

function needHyb() {
  if (!app.journeys.hyb) throw new Error("Enter the dungeon first.");
  return app.journeys.hyb;
}

export function setupTravel(root) {
  onChange(() => render(root));
  const on = (id, fn) => root.querySelector(id).addEventListener("click", () => act(root, fn));
  on("#hyb-start", () => {
    // The constructor checks the seed first: if it is refused, the old journey stays.
    const next = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: currentSeed() });
    setJourney("hyb", next);
    next.addMember({ id: "ash", bestModifier: 5 });
    next.addMember({ id: "wren", bestModifier: 3 });
    next.start({ timeDice: 2 });
  });
  on("#hyb-torch", () => {
    const j = needHyb();
    const id = `torch-${j.lights().length + 1}`;
    j.addLight(id, "torch");
    j.light(id);
  });
  on("#hyb-lantern", () => {
    const j = needHyb();
    const id = `lantern-${j.lights().length + 1}`;
    j.addLight(id, "lantern");
    j.light(id);
  });
  on("#hyb-douse", () => {
    const j = needHyb();
    for (const l of j.lights()) if (l.lit) j.douse(l.id);
  });
  on("#hyb-turn", () => needHyb().advanceTravelTurn(root.querySelector("#hyb-caution").value));
  on("#hyb-return", () => needHyb().rollToReturn(root.querySelector("#hyb-path").value));
  on("#ose-day", () => {
    if (!app.journeys.ose) {
      const ose = new Journey({ ruleset: "ose", mode: "oseWilderness", seed: currentSeed() });
      setJourney("ose", ose);
      ose.addMember({ id: "fighter", movement: 120 });
      ose.addMember({ id: "cleric", movement: 120 });
      ose.start({ hour: 8 });
    }
    app.journeys.ose.wildernessDay({ route: { terrain: root.querySelector("#ose-terrain").value }, activity: "travel", wanderChecks: 1 });
  });
  on("#ose-sail", () => {
    if (!app.journeys.sea) {
      const sea = new Journey({ ruleset: "ose", mode: "oseWaterborne", seed: currentSeed() });
      setJourney("sea", sea);
      sea.addMember({ id: "captain" });
      sea.start({ hour: 6 });
      sea.setVessel({ base: 360, seaworthy: true, propulsion: "sail" });
    }
    app.journeys.sea.waterDay({ waters: { type: "sea", inSightOfLand: true }, navigator: true });
  });
  render(root);
}
