// Travel: a HYB delve (time dice, lights burning down, travel turns, rolling to return) and
// OSE wilderness and waterborne days (getting lost, wandering monsters, wind), each a Journey.
import { Journey } from "turnkeeper";
import { el, showError, currentSeed } from "../ui.js";

const log = [];
let hyb = null;
let ose = null;
let sea = null;
let oseMiles = 0;

function pad(n) {
  return String(n).padStart(2, "0");
}

function record(journey, events) {
  for (const e of events) log.unshift(journey.describe(e));
  log.length = Math.min(log.length, 120);
}

function render(root) {
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
  if (ose) root.querySelector("#ose-dayno").textContent = String(ose.timeOfDay().day + 1);
  root.querySelector("#ose-miles").textContent = String(oseMiles);
  root.querySelector("#travel-log").replaceChildren(...log.slice(0, 60).map((l) => el("li", { text: l })));
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
  if (!hyb) throw new Error("Enter the dungeon first.");
  return hyb;
}

export function setupTravel(root) {
  const on = (id, fn) => root.querySelector(id).addEventListener("click", () => act(root, fn));
  on("#hyb-start", () => {
    // Build the new journey first: if the seed is refused, the old one stays usable.
    const next = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: currentSeed() });
    next.addMember({ id: "ash", bestModifier: 5 });
    next.addMember({ id: "wren", bestModifier: 3 });
    const events = next.start({ timeDice: 2 });
    hyb?.free();
    hyb = next;
    record(hyb, events);
  });
  on("#hyb-torch", () => {
    const j = needHyb();
    const id = `torch-${j.lights().length + 1}`;
    record(j, j.addLight(id, "torch"));
    record(j, j.light(id));
  });
  on("#hyb-lantern", () => {
    const j = needHyb();
    const id = `lantern-${j.lights().length + 1}`;
    record(j, j.addLight(id, "lantern"));
    record(j, j.light(id));
  });
  on("#hyb-douse", () => {
    const j = needHyb();
    for (const l of j.lights()) if (l.lit) record(j, j.douse(l.id));
  });
  on("#hyb-turn", () => {
    const j = needHyb();
    record(j, j.advanceTravelTurn(root.querySelector("#hyb-caution").value));
  });
  on("#hyb-return", () => {
    const j = needHyb();
    record(j, j.rollToReturn(root.querySelector("#hyb-path").value));
  });
  on("#ose-day", () => {
    if (!ose) {
      ose = new Journey({ ruleset: "ose", mode: "oseWilderness", seed: currentSeed() });
      ose.addMember({ id: "fighter", movement: 120 });
      ose.addMember({ id: "cleric", movement: 120 });
      record(ose, ose.start({ hour: 8 }));
    }
    const day = ose.wildernessDay({ route: { terrain: root.querySelector("#ose-terrain").value }, activity: "travel", wanderChecks: 1 });
    for (const e of day) if (e.type === "wildernessDayEnded") oseMiles += e.miles;
    record(ose, day);
  });
  on("#ose-sail", () => {
    if (!sea) {
      sea = new Journey({ ruleset: "ose", mode: "oseWaterborne", seed: currentSeed() });
      sea.addMember({ id: "captain" });
      record(sea, sea.start({ hour: 6 }));
      record(sea, sea.setVessel({ base: 360, seaworthy: true, propulsion: "sail" }));
    }
    record(sea, sea.waterDay({ waters: { type: "sea", inSightOfLand: true }, navigator: true }));
  });
  render(root);
}
