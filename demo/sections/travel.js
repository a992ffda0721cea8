// Travel: a HYB delve (time dice, lights burning down, travel turns, rolling to return), an OSE
// wilderness journey and an OSE voyage, each a Journey with its own log. Days are counted from
// 1 everywhere on the page (the package counts them from 0).
import { Journey } from "turnkeeper";
import { app, notify, onChange, setJourney } from "../state.js";
import { beginAction, endAction, traced, tracedNew } from "../code.js";
import { dayTime, lightName, span } from "../lines.js";
import { currentSeed, drawLog, el, showError } from "../ui.js";

const LOGS = { hyb: "#hyb-log", ose: "#ose-log", sea: "#sea-log" };

/** A delver's creature (HYB): the package applies the dangerous way home's damage to it. */
const delver = (hp, level = 3) => ({ kind: "pc", hp: { current: hp, max: hp }, level, abilities: { str: 12, dex: 12, con: 12, int: 10, wis: 10, cha: 10 } });

/** What each journey's party form asks for, and the member it makes. */
const PARTY = {
  hyb: { what: "delve", fields: [["bonus", "Best modifier", "3"], ["hp", "Hit points", "12"]],
    member: (id, v) => ({ id, bestModifier: Number(v.bonus), creature: delver(Number(v.hp)) }) },
  ose: { what: "trek", fields: [["move", "Movement (ft)", "120"]], member: (id, v) => ({ id, movement: Number(v.move) }) },
  sea: { what: "voyage", fields: [], member: (id) => ({ id }) },
};

const memberId = (name) => name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** The party of journey `key`: each member (with hit points when it carries a creature) and Remove. */
function drawParty(root, key) {
  const j = app.journeys[key];
  const list = root.querySelector(`#${key}-party`);
  const form = root.querySelector(`#${key}-party-form`);
  form.hidden = !j || app.follower;
  if (!j) {
    list.replaceChildren(el("li", { class: "hint", text: key === "hyb" ? "Enter the dungeon to meet the party." : "The party sets out with the first day." }));
    return;
  }
  const back = new Set(key === "hyb" ? j.view().returned ?? [] : []);
  list.replaceChildren(...j.members().map((m) => {
    const hp = m.creature?.hp;
    const bits = [hp ? `${hp.current}/${hp.max} HP` : "", back.has(m.id) ? "back" : ""].filter(Boolean).join(", ");
    return el("li", { "data-testid": `${key}-member`, "data-id": m.id },
      el("span", { text: `${m.id}${bits ? ` (${bits})` : ""}` }), " ",
      el("button", { type: "button", class: "secondary small", "data-remove": m.id, "aria-label": `Remove ${m.id} from the party`, disabled: app.follower }, "Remove"));
  }));
  const who = root.querySelector("#hyb-who");
  if (key === "hyb" && who) {
    const chosen = who.value;
    who.replaceChildren(el("option", { value: "", text: "everyone still away" }),
      ...j.members().filter((m) => !back.has(m.id)).map((m) => el("option", { value: m.id, text: m.id, selected: m.id === chosen })));
  }
}

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
  $("#ose-astray").textContent = String(app.ui.oseAstray);
  $("#sea-astray").textContent = String(app.ui.seaAstray);
  for (const k of Object.keys(PARTY)) drawParty(root, k);
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
    j.addMember({ id: "ash", bestModifier: 5, creature: delver(18) });
    j.addMember({ id: "wren", bestModifier: 3, creature: delver(14) });
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
  // Ten minutes of exploring: lights burn down by the minute (a torch lasts six of these).
  on("#hyb-ten", "ten minutes pass", () => needHyb().advanceTurns(1));
  on("#hyb-return", "roll to return", () => {
    const who = root.querySelector("#hyb-who").value;
    // The dangerous way's damage lands on the creature of each member who misses.
    needHyb().rollToReturn(root.querySelector("#hyb-path").value, who ? [who] : []);
  });
  for (const [key, spec] of Object.entries(PARTY)) {
    const form = root.querySelector(`#${key}-party-form`);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      act(root, `add to the ${spec.what}'s party`, () => {
        const name = form.elements.namedItem("member").value;
        const id = memberId(name);
        if (!id) throw new Error("Give the new member a name.");
        const values = Object.fromEntries(spec.fields.map(([f]) => [f, form.elements.namedItem(f).value]));
        traced(app.journeys[key], spec.what).addMember(spec.member(id, values));
        form.elements.namedItem("member").value = "";
      });
    });
    root.querySelector(`#${key}-party`).addEventListener("click", (ev) => {
      const b = /** @type {Element} */ (ev.target).closest("[data-remove]");
      if (b instanceof HTMLButtonElement && !b.disabled && app.journeys[key]) {
        act(root, `remove from the ${spec.what}'s party`, () => traced(app.journeys[key], spec.what).removeMember(b.dataset.remove ?? ""));
      }
    });
  }
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
