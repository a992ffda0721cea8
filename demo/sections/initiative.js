// Initiative: build an encounter for any ruleset, declare (Greyhawk activities, OSE
// declarations), roll with crypto, seeded or physical dice, and step through turns and rounds.
import { Encounter } from "turnkeeper";
import { app, notify, onChange, setEncounter } from "../state.js";
import { el, showError, parseFaces, currentSeed } from "../ui.js";

/** GH-DICE-01: the die each declared activity adds. */
const GH_ACTIVITIES = [
  ["ranged", "Ranged attack", "d4"],
  ["move", "Move", "d6"],
  ["swap", "Swap gear", "d6"],
  ["other", "Other action", "d6"],
  ["melee", "Melee attack", "d8"],
  ["spell", "Cast a spell", "d10"],
];

const SAMPLES = {
  gh5e: [
    { id: "rupert", name: "Rupert", side: "party", dex: 16, plan: ["ranged"] },
    { id: "delsenora", name: "Delsenora", side: "party", dex: 14, plan: ["spell"] },
    { id: "rath", name: "Rath", side: "party", dex: 10, plan: ["move", "melee"] },
    { id: "troll", name: "Troll", side: "foes", dex: 13, npc: true, plan: ["move", "melee"] },
    ...[1, 2, 3].map((i) => ({ id: `hob${i}`, name: `Hobgoblin ${i}`, side: "foes", dex: 12, npc: true, group: "hobgoblins", plan: ["ranged"] })),
  ],
  a5e: [
    { id: "kira", name: "Kira", side: "party", dex: 16 },
    { id: "bram", name: "Bram", side: "party", dex: 12 },
    { id: "ogre", name: "Ogre", side: "foes", dex: 8, npc: true },
    { id: "gob1", name: "Goblin 1", side: "foes", dex: 14, npc: true },
  ],
  hyb: [
    { id: "ash", name: "Ash", side: "party", dex: 15 },
    { id: "wren", name: "Wren", side: "party", dex: 11 },
    { id: "ghoul", name: "Ghoul", side: "foes", dex: 13, npc: true },
  ],
  ose: [
    { id: "fighter", name: "Fighter", side: "party", dex: 12 },
    { id: "cleric", name: "Cleric", side: "party", dex: 9, plan: { spell: true } },
    ...[1, 2, 3].map((i) => ({ id: `orc${i}`, name: `Orc ${i}`, side: "orcs", dex: 10, npc: true })),
  ],
};

/** Declaration plans by participant (page state, saved with the game). */
const plans = app.ui.plans;
let nextId = 1;

function slug(name) {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "c";
  let id = base;
  while (app.enc?.participant(id)) id = `${base}-${nextId++}`;
  return id;
}

function newEncounter(root) {
  const ruleset = root.querySelector("#ruleset").value;
  plans.clear();
  setEncounter(new Encounter({ ruleset, seed: currentSeed() }));
}

function loadSample(root) {
  newEncounter(root);
  const ruleset = root.querySelector("#ruleset").value;
  for (const c of SAMPLES[ruleset]) {
    const { plan, ...p } = c;
    app.enc.add(p);
    if (plan) plans.set(p.id, plan);
  }
}

function facesOption(root) {
  const input = root.querySelector("#init-faces");
  const faces = parseFaces(input.value);
  input.value = "";
  return faces ? { faces } : {};
}

function declarationFor(id) {
  const sys = app.enc.config.preset === "ose" || app.enc.config.initiative === "side" ? "ose" : "greyhawk";
  const plan = plans.get(id);
  if (sys === "ose") return { system: "ose", spell: !!plan?.spell, slowWeapon: !!plan?.slowWeapon, meleeMovement: plan?.meleeMovement ?? null };
  return { system: "greyhawk", activities: Array.isArray(plan) ? plan : [] };
}

function usesDeclarations() {
  const c = app.enc?.config;
  if (!c) return false;
  const system = c.initiative ?? { gh5e: "greyhawk", ose: "side", a5e: "abilityCheck", hyb: "dexScore", standard: "standard" }[c.preset];
  return system === "greyhawk" || system === "side";
}

function renderDeclarations(box) {
  const enc = app.enc;
  const ose = enc.config.preset === "ose";
  box.replaceChildren(
    ...enc.participants().map((p) => {
      const plan = plans.get(p.id) ?? (ose ? {} : []);
      const fs = el("fieldset", { class: "decl" }, el("legend", { text: p.name }));
      if (ose) {
        for (const [key, label] of [["spell", "Casting a spell"], ["slowWeapon", "Slow weapon (acts last)"]]) {
          const id = `decl-${p.id}-${key}`;
          fs.append(el("label", { for: id }, el("input", { id, type: "checkbox", checked: !!plan[key], disabled: app.follower, onchange: (e) => {
            plans.set(p.id, { ...(plans.get(p.id) ?? {}), [key]: e.target.checked });
          } }), ` ${label}`));
        }
      } else {
        for (const [act, label, die] of GH_ACTIVITIES) {
          const id = `decl-${p.id}-${act}`;
          fs.append(el("label", { for: id }, el("input", { id, type: "checkbox", checked: plan.includes(act), disabled: app.follower, onchange: (e) => {
            const cur = new Set(plans.get(p.id) ?? []);
            if (e.target.checked) cur.add(act); else cur.delete(act);
            plans.set(p.id, [...cur]);
            render(document.getElementById("panel-init"));
          } }), ` ${label} (${die})`));
        }
        const dice = plan.map((a) => GH_ACTIVITIES.find((x) => x[0] === a)?.[2]).filter(Boolean);
        fs.append(el("div", { class: "hint", text: dice.length ? `Initiative dice: ${dice.join(" + ")}` : "No activity: acts at count 0" }));
      }
      return fs;
    }),
  );
}

function facesText(dice) {
  if (!dice || dice.length === 0) return "";
  return dice.map((d) => `${d.dropped ? "~" : ""}d${d.die.sides}:${d.die.face}`).join(" ");
}

function render(root) {
  const enc = app.enc;
  const errorBox = root.querySelector("#init-error");
  root.querySelector("#follower-note").hidden = !app.follower;
  for (const b of root.querySelectorAll("button, #add-form input, #ruleset, #init-faces")) if (app.follower) b.disabled = true;
  if (!enc) {
    for (const id of ["#roster", "#order", "#event-log"]) root.querySelector(id).replaceChildren();
    root.querySelector("#round-no").textContent = "–";
    root.querySelector("#phase").textContent = "setup";
    for (const id of ["#declare-box", "#resume-box", "#surprise-box", "#world-box"]) root.querySelector(id).hidden = true;
    return;
  }
  showError(errorBox, null);
  const phase = enc.phase;
  root.querySelector("#round-no").textContent = enc.round ? String(enc.round) : "–";
  root.querySelector("#phase").textContent = phase;
  root.querySelector("#ruleset").value = enc.config.preset;
  const declared = (p) => {
    const d = p.declaration;
    if (!d) return "";
    if (d.system === "greyhawk") return (d.activities ?? []).join(", ") || "nothing";
    return [d.spell ? "spell" : "", d.slowWeapon ? "slow weapon" : ""].filter(Boolean).join(", ") || "–";
  };
  root.querySelector("#roster").replaceChildren(
    ...enc.participants().map((p) =>
      el("tr", {},
        el("td", { text: p.name + (p.npc ? " (NPC)" : "") }),
        el("td", { text: p.side }),
        el("td", { text: String(p.dex) }),
        el("td", { text: declared(p) }),
        el("td", {},
          el("button", { type: "button", class: "secondary", "aria-label": `Edit ${p.name}`, disabled: app.follower, onclick: () => startEdit(root, p) }, "Edit"), " ",
          el("button", { type: "button", class: "secondary", "aria-label": `Remove ${p.name}`, disabled: app.follower, onclick: () => act(root, () => enc.remove(p.id)) }, "Remove")),
      ),
    ),
  );
  const showDecl = usesDeclarations() && phase === "declaring";
  root.querySelector("#declare-box").hidden = !showDecl;
  if (showDecl) renderDeclarations(root.querySelector("#declarations"));
  const names = new Map(enc.participants().map((p) => [p.id, p.name]));
  const counts = new Map(enc.participants().map((p) => [p.id, p.initiative?.total]));
  root.querySelector("#order").replaceChildren(
    ...enc.order().map((e) => {
      const who = "participant" in e.actor ? names.get(e.actor.participant) ?? e.actor.participant : `Side: ${e.actor.sides.join(" + ")}${e.actor.slow ? " (slow weapons)" : ""}`;
      const key = "participant" in e.actor ? e.actor.participant : `side:${e.actor.sides[0]}`;
      const count = e.count ?? ("participant" in e.actor ? counts.get(e.actor.participant) : undefined);
      return el("li", { class: e.done ? "done" : "", "aria-current": e.current ? "true" : undefined, "data-testid": "order-entry", "data-id": key },
        el("span", {}, who, " ", el("span", { class: "faces", text: facesText(app.lastDice.get(key)) })),
        el("span", { class: "count", text: count === undefined || count === null ? "" : String(count) }));
    }),
  );
  const delayed = enc.delayed();
  root.querySelector("#resume-box").hidden = delayed.length === 0;
  root.querySelector("#resume-who").replaceChildren(...delayed.map((id) => el("option", { value: id, text: names.get(id) ?? id })));
  root.querySelector("#surprise-box").hidden = !(enc.config.preset === "ose" && phase === "setup");
  const a5e = enc.config.preset === "a5e";
  root.querySelector("#world-box").hidden = !a5e;
  if (a5e) {
    root.querySelector("#world-actions").replaceChildren(
      ...enc.worldActions().map((w) => el("li", { "data-testid": "world-action", text: `${w.action.name}: ${w.charged ? "ready" : "recharging (needs 4–6 on a d6)"}` })),
    );
  }
  root.querySelector("#event-log").replaceChildren(...app.log.slice(0, 60).map((l) => el("li", { class: l.kind === "error" ? "bad" : "", text: l.text })));
}

/** Load a combatant into the form; submitting then renames it and changes its side. */
function startEdit(root, p) {
  const f = root.querySelector("#add-form");
  f.dataset.editing = p.id;
  f.elements.name.value = p.name;
  f.elements.side.value = p.side;
  f.querySelector("button[type=submit]").textContent = `Save changes to ${p.name}`;
  f.elements.name.focus();
}

function endEdit(f) {
  delete f.dataset.editing;
  f.querySelector("button[type=submit]").textContent = "Add combatant";
}

/** Run an engine call, showing any error in the section. */
function act(root, fn) {
  const errorBox = root.querySelector("#init-error");
  try {
    if (!app.enc) throw new Error("Create an encounter first (New encounter or Load sample).");
    fn();
  } catch (e) {
    showError(errorBox, e);
    return;
  }
  notify();
}

export function setupInitiative(root) {
  onChange(() => render(root));
  root.querySelector("#new-encounter").addEventListener("click", () => {
    try {
      newEncounter(root);
    } catch (e) {
      showError(root.querySelector("#init-error"), e);
    }
  });
  root.querySelector("#load-sample").addEventListener("click", () => {
    try {
      loadSample(root);
    } catch (e) {
      showError(root.querySelector("#init-error"), e);
    }
  });
  root.querySelector("#add-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = ev.target;
    act(root, () => {
      const name = f.elements.name.value.trim();
      const group = f.elements.group.value.trim();
      const editing = f.dataset.editing;
      if (editing) {
        const p = app.enc.participant(editing);
        const side = f.elements.side.value.trim() || "party";
        if (p && p.name !== name) app.enc.rename(editing, name);
        if (p && p.side !== side) app.enc.changeSide(editing, side);
        endEdit(f);
        f.elements.name.value = "";
        return;
      }
      app.enc.add({
        id: slug(name),
        name,
        side: f.elements.side.value.trim() || "party",
        dex: Number(f.elements.dex.value),
        npc: f.elements.npc.checked,
        ...(group ? { group } : {}),
      });
      f.elements.name.value = "";
    });
  });
  const btn = (id, fn) => root.querySelector(id).addEventListener("click", () => act(root, fn));
  btn("#btn-start", () => app.enc.start(facesOption(root)));
  btn("#btn-declare", () => {
    const map = Object.fromEntries(app.enc.participants().map((p) => [p.id, declarationFor(p.id)]));
    app.enc.declareMany(map);
  });
  btn("#btn-roll", () => app.enc.rollInitiative(facesOption(root)));
  btn("#btn-surprise", () => {
    const sides = root.querySelector("#surprise-sides").value.split(/[\s,]+/).filter(Boolean);
    app.enc.rollSurprise(sides, facesOption(root));
  });
  btn("#btn-end-turn", () => app.enc.endTurn(facesOption(root)));
  btn("#btn-next-round", () => app.enc.nextRound(facesOption(root)));
  btn("#btn-delay", () => {
    const cur = app.enc.current()?.actor;
    if (!cur || !("participant" in cur)) throw new Error("Nobody is acting right now.");
    app.enc.delay(cur.participant);
  });
  btn("#btn-resume", () => app.enc.resume(root.querySelector("#resume-who").value));
  btn("#btn-add-world", () => app.enc.addWorldAction({ id: "flameBurst", name: "Flame Burst", recharge: { minFace: 4 } }));
  btn("#btn-use-world", () => app.enc.useWorldAction("flameBurst", [], facesOption(root)));
  btn("#btn-end-world", () => app.enc.endWorldPhase(facesOption(root)));
  render(root);
}
