// The GM screen for a fight: set up an encounter for any ruleset, then run it from the
// tracker. Only the turn commands the package would take now are enabled; a refused command
// shows the package's message next to the control that sent it. Every package call an action
// makes goes through `traced`, so the code panel shows it.
import { Encounter, a5e } from "turnkeeper";
import { app, notify, onChange, setEncounter } from "../state.js";
import { savePlans } from "../session.js";
import { confirmDialog } from "../dialog.js";
import { beginAction, endAction, traced, tracedNew } from "../code.js";
import { ORDER_NOTES, SAMPLES, controls, primary } from "../rules.js";
import { currentSeed, describeError, drawLog, el, keepFocus, parseFaces, showError } from "../ui.js";
import { ONGOING, creatureFamily, drawTracker, duration, rollOf, uid, view } from "./tracker.js";

/** Declaration plans by participant (page state, saved with the game). */
const plans = app.ui.plans;
let nextId = 1;

const $ = (root, sel) => root.querySelector(sel);

function slug(name) {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "c";
  let id = base;
  while (app.enc?.participant(id)) id = `${base}-${nextId++}`;
  return id;
}

function newEncounter(root) {
  const ruleset = $(root, "#ruleset").value;
  const seed = currentSeed();
  plans.clear();
  app.ui.extras.clear();
  view.open.clear();
  view.errors.clear();
  // Greyhawk initiative plays 5e's creature rules unless the GM picks A5E's (issue 35).
  const creature = ruleset === "gh5e" && $(root, "#creature-rules").value === "a5e" ? { config: { creature: { type: "a5e" } } } : {};
  setEncounter(tracedNew(Encounter, "encounter", { ruleset, ...(seed === undefined ? {} : { seed }), ...creature }));
}

function loadSample(root) {
  newEncounter(root);
  const enc = traced(app.enc, "encounter");
  for (const { plan, creature, ...p } of SAMPLES[$(root, "#ruleset").value]) {
    enc.add(p);
    enc.setCreature(p.id, creature);
    if (plan) plans.set(p.id, plan);
  }
  // A5E: the environment acts too, at the start of each round (from the package's catalogue).
  if (app.enc.config.preset === "a5e") enc.addWorldAction(a5eAction("flameBurst"));
}

/** The A5E catalogue's features by id: what each world action does, for its row. */
const FEATURES = new Map();
/** Read once the package is loaded (the procedures module answers only after `init`). */
function loadFeatures() {
  if (FEATURES.size === 0) for (const f of a5e.worldFeatures()) FEATURES.set(f.id, f);
}

const diceText = (d) => `${d.dice.count}${d.dice.die ?? d.dice.size ?? ""}${d.dice.bonus ? `+${d.dice.bonus}` : ""}${d.damageType ? ` ${d.damageType}` : ""}`;

/** A catalogue feature's effect in a line: who, the save, the damage and condition. */
function featureText(f) {
  const who = f.targets === "one" ? "One creature the GM chooses" : f.targets === "each" ? "Each creature in range" : "Creatures in the area";
  const save = f.save ? `DC ${f.save.dc} ${f.save.ability} save` : "";
  const e = f.effect ?? {};
  const harm = [
    e.damage ? `${diceText(e.damage)} damage` : "",
    e.condition ? `${e.condition.condition ?? e.condition.id ?? "a condition"}` : "",
    e.pushFt ? `pushed ${e.pushFt} ft` : "",
    e.startsSuffocating ? "starts suffocating" : "",
  ].filter(Boolean).join(", ");
  return `${who}${save ? ` makes a ${save}` : ""}${harm ? `${save ? "; on a failure: " : ": "}${harm}` : ""}.`;
}

/** A world action from the package's A5E catalogue. */
function a5eAction(id) {
  const action = a5e.worldActions().find((w) => w.id === id);
  if (!action) throw new Error(`no world action "${id}" in the catalogue`);
  return action;
}

function facesOption(root) {
  const input = $(root, "#init-faces");
  const faces = parseFaces(input.value);
  input.value = "";
  return faces ? { faces } : undefined;
}

function declarationFor(id, system) {
  const plan = plans.get(id);
  if (system === "side") return { system: "ose", spell: !!plan?.spell, slowWeapon: !!plan?.slowWeapon, meleeMovement: plan?.meleeMovement ?? null };
  const activities = Array.isArray(plan) ? plan : [];
  const extra = app.ui.extras.get(id);
  if (!extra || (!extra.bonus && extra.mode === "normal")) return activities;
  // GH-INIT-04 (a bonus action's die) and GH-DICE-04 (advantage on the largest die).
  return { system: "greyhawk", activities, ...(extra.bonus ? { bonusAction: extra.bonus } : {}), ...(extra.mode !== "normal" ? { mode: extra.mode } : {}) };
}

/** The ticked plans of everyone who has not declared yet (Roll before Declare keeps them). */
function undeclared(system) {
  const out = {};
  for (const p of app.enc.participants()) if (!p.declaration) out[p.id] = declarationFor(p.id, system);
  return out;
}

/** A fight that has begun and not ended: replacing it asks first. */
const running = (enc) => !!enc && ["declaring", "turns", "world", "between"].includes(enc.phase);

/** Combatants still to act this round (Next round would skip their turns). */
function stillToAct(enc) {
  if (enc.phase !== "turns") return [];
  const names = new Map(enc.participants().map((p) => [p.id, p.name]));
  return enc.order().filter((e) => !e.done && !e.current).map((e) => (e.actor.type === "participant" ? names.get(e.actor.participant) ?? e.actor.participant : `side ${e.actor.sides.join(" + ")}`));
}

/** Where a refused command's message goes: the toolbar's box, or a row (participant id). */
let toolbarError = null;

/**
 * Run one user action: record its package calls, show a refusal next to its control, redraw.
 * `row`: the participant whose row the action came from.
 */
function act(root, label, fn, row = undefined) {
  beginAction(label);
  try {
    if (!app.enc) throw new Error("Create an encounter first: New encounter, or Load sample.");
    fn();
    toolbarError = null;
    view.errors.clear();
  } catch (e) {
    if (row === undefined) toolbarError = e;
    else view.errors.set(row, describeError(e));
  } finally {
    endAction();
    notify();
  }
}

function render(root) {
  const enc = app.enc;
  const c = controls(enc);
  root.classList.toggle("following", app.follower);
  showError($(root, "#init-error"), toolbarError);
  // Toolbar: commands this ruleset has are shown; those the package takes now are enabled.
  const buttons = {
    start: "#btn-start", surprise: "#btn-surprise", declare: "#btn-declare", roll: "#btn-roll", endWorld: "#btn-end-world",
    nextPhase: "#btn-next-phase", endTurn: "#btn-end-turn", delay: "#btn-delay", resume: "#btn-resume", nextRound: "#btn-next-round", end: "#btn-end",
  };
  const main = primary(c);
  for (const [k, sel] of Object.entries(buttons)) {
    const b = $(root, sel);
    b.hidden = !c.shown[k];
    b.disabled = app.follower || !c.valid[k];
    b.classList.toggle("secondary", k !== main);
  }
  // A keyboard user whose button just went away goes on to the next step.
  if (document.activeElement instanceof HTMLButtonElement && document.activeElement.disabled && root.contains(document.activeElement) && main) {
    $(root, buttons[main]).focus();
  }
  // Act: the tools of whoever is acting now (the rows' own buttons open that row's tools).
  const actor = enc?.phase === "turns" ? enc.currentParticipant() : undefined;
  const actBtn = $(root, "#btn-act");
  actBtn.hidden = !actor;
  actBtn.dataset.for = actor ?? "";
  actBtn.textContent = actor ? `Act: ${enc.participant(actor)?.name ?? actor}` : "Act";
  $(root, "#surprise-box").hidden = !c.shown.surprise || !c.valid.surprise;
  const delayed = enc?.delayed() ?? [];
  const names = new Map((enc?.participants() ?? []).map((p) => [p.id, p.name]));
  $(root, "#resume-box").hidden = delayed.length === 0;
  // The package puts a resuming delayer right after the turn under way (a turn is not
  // interrupted), so the button says when it will act.
  const busy = enc?.phase === "turns" && !!enc.currentParticipant();
  $(root, "#btn-resume").textContent = busy ? "Act after this turn" : "Act now";
  $(root, "#resume-note").textContent = busy ? `Acts once ${names.get(enc.currentParticipant()) ?? "the acting combatant"}'s turn ends: a turn under way is not interrupted.` : "";
  const who = $(root, "#resume-who");
  const chosen = who.value;
  who.replaceChildren(...delayed.map((id) => el("option", { value: id, text: names.get(id) ?? id, selected: id === chosen })));

  // Declarations are made for the round about to begin (the package counts it once rolled).
  const roundNo = enc?.phase === "declaring" ? enc.round + 1 : enc?.round;
  $(root, "#round-no").textContent = roundNo ? String(roundNo) : "–";
  $(root, "#phase").textContent = enc ? enc.phase : "no encounter";
  $(root, "#order-note").textContent = c.system ? ORDER_NOTES[c.system] : "Choose a ruleset and load the sample fight, or add combatants.";
  $(root, "#next-hint").textContent = hint(enc, c);
  if (enc) $(root, "#ruleset").value = enc.config.preset;
  if (enc) $(root, "#creature-rules").value = creatureFamily(enc.config) === "a5e" ? "a5e" : "srd5e";
  $(root, "#creature-rules-box").hidden = $(root, "#ruleset").value !== "gh5e";

  // What just happened that a GM must see.
  $(root, "#happenings").replaceChildren(...app.recent.map((r) => el("li", { class: `happening ${r.kind}`, "data-testid": "happening", text: r.text })));
  const flashed = app.touched;

  // World actions (A5E): the environment's turn, at the start of each round.
  const world = enc?.worldActions() ?? [];
  const box = $(root, "#world-box");
  box.hidden = !enc || enc.config.preset !== "a5e";
  const inWorld = enc?.phase === "world";
  box.classList.toggle("current", inWorld);
  if (inWorld) box.setAttribute("aria-current", "true");
  else box.removeAttribute("aria-current");
  $(root, "#world-now").hidden = !inWorld;
  const people = enc?.participants() ?? [];
  $(root, "#world-actions").replaceChildren(
    ...(world.length ? world.map((w) => {
      const recharge = w.action.recharge ? `recharge ${w.action.recharge.minFace}–6` : "every round";
      const state = w.charged ? (app.worldUsed.has(w.action.id) ? "used this round" : "ready") : "recharging";
      const usable = inWorld && w.charged && !app.worldUsed.has(w.action.id) && !app.follower;
      const key = uid(w.action.id);
      const feature = FEATURES.get(w.action.id);
      return el("li", { "data-testid": "world-action", "data-state": state },
        el("div", { class: "world-head" },
          el("span", {}, el("strong", { text: w.action.name }), ` — ${state} (${recharge}${w.rechargedIn ? `, recharged in round ${w.rechargedIn}` : ""})`),
          el("button", { type: "button", class: "secondary small", "data-world-remove": w.action.id, disabled: app.follower, "aria-label": `Remove ${w.action.name}` }, "Remove")),
        el("p", { class: "world-effect", "data-testid": "world-effect", text: feature ? featureText(feature) : "An action of the environment's own." }),
        el("fieldset", { class: "world-targets" },
          el("legend", { text: feature?.targets === "one" ? "Target (one creature)" : "Targets (those in range)" }),
          ...people.map((p) => {
            const id = `wt-${key}-${uid(p.id)}`;
            return el("label", { for: id }, el("input", { id, type: "checkbox", "data-world-target": w.action.id, value: p.id, checked: view.drafts.get(id) === "1", disabled: !usable }), ` ${p.name}`);
          })),
        el("div", { class: "tool-row" },
          el("label", { for: `wd-${key}`, text: "Damage to each" }),
          el("input", { id: `wd-${key}`, type: "number", min: "0", inputmode: "numeric", value: view.drafts.get(`wd-${key}`) ?? "", placeholder: feature?.effect?.damage ? diceText(feature.effect.damage) : "0", disabled: !usable }),
          el("button", { type: "button", class: "secondary small", id: `use-world-${key}`, "data-world": w.action.id, disabled: !usable, "aria-label": `Use ${w.action.name}` }, `Use ${w.action.name}`)));
    }) : [el("li", { class: "hint", text: "No world actions in this fight." })]),
  );

  const orderList = $(root, "#order");
  const waitingList = $(root, "#waiting");
  if (!enc) {
    orderList.replaceChildren();
    waitingList.replaceChildren();
    $(root, "#waiting-box").hidden = true;
  } else {
    keepFocus(() => {
      const { waiting, ordered } = drawTracker(enc, orderList, waitingList, { system: c.system, flashed });
      $(root, "#waiting-box").hidden = waiting === 0;
      $(root, "#waiting-title").textContent = ordered ? "Not in the order" : "Combatants";
    });
  }
  drawLog($(root, "#event-log"), app.log,
    (l) => (l.round === null ? "Earlier" : l.round === 0 ? l.turn : `Round ${l.round} · ${l.turn}`),
    (l) => ({ text: l.text, class: l.kind === "effectsEnded" ? "expired" : l.kind === "damaged" ? "hurt" : "" }));
}

/** The line that says what to do next. */
function hint(enc, c) {
  if (app.follower) return "This tab follows the leader tab: it shows the fight as it happens and changes nothing.";
  if (!enc) return "";
  if (enc.participants().length === 0) return "Add combatants (below), or load the sample fight.";
  switch (c.phase) {
    case "setup": return c.system === "side" ? "Roll surprise for unaware sides if need be, then Start." : "Start rolls initiative (or opens declarations).";
    case "declaring": return `Round ${enc.round + 1}: tick what each combatant will do, then Declare and Roll initiative.`;
    case "world": return "World phase: use world actions that are ready, then End world phase.";
    case "turns": return c.system === "side" ? "The acting side goes through its phases: Next phase, or End turn when it is done." : "Act opens the acting combatant's tools; then End turn (key N).";
    case "between": return "Nobody can act this round: Next round.";
    case "ended": return "The fight is over: load the sample fight again, or start a new encounter.";
    default: return "";
  }
}

/**
 * Load a combatant into the form with its real values; submitting then renames it, changes its
 * side and group, its hit points (setCreature) and, before the fight starts, its Dex.
 */
function startEdit(root, p) {
  const f = $(root, "#add-form");
  $(root, "#add-box").open = true;
  f.dataset.editing = p.id;
  f.elements.name.value = p.name;
  f.elements.side.value = p.side;
  f.elements.dex.value = String(p.dex);
  f.elements.hp.value = p.creature ? String(p.creature.hp.max) : "0";
  f.elements.group.value = p.group ?? "";
  f.elements.npc.checked = !!p.npc;
  f.elements.hidden.checked = !!p.hidden;
  // The package keeps a combatant's Dex from when it was added (no command changes it): before
  // the fight starts the page re-adds it with the new score; after, Dex stays as it is.
  const started = app.enc?.phase !== "setup";
  f.elements.dex.disabled = started;
  $(root, "#add-dex-note").hidden = !started;
  f.querySelector("button[type=submit]").textContent = `Save changes to ${p.name}`;
  f.elements.name.focus();
}

function endEdit(f) {
  delete f.dataset.editing;
  f.elements.dex.disabled = false;
  f.elements.dex.value = "10";
  f.elements.hp.value = "10";
  f.elements.group.value = "";
  f.elements.npc.checked = false;
  f.elements.hidden.checked = false;
  document.getElementById("add-dex-note").hidden = true;
  f.querySelector("button[type=submit]").textContent = "Add combatant";
}

/** A creature record with a new maximum: the damage it has taken stays taken. */
function withMaxHp(c, max) {
  const taken = c.hp.max - c.hp.current;
  return { ...c, hp: { ...c.hp, max, current: Math.max(0, max - Math.max(0, taken)) } };
}

/** The edit form's changes, each through the package's own command. */
function applyEdit(enc, p, { name, side, group, dex, hp, hidden }) {
  if (!Number.isInteger(dex) || dex < 1 || dex > 30) throw new Error("Dex must be a whole number from 1 to 30.");
  if (!Number.isInteger(hp) || hp < 0) throw new Error("Hit points must be a whole number, 0 or more.");
  if (p.dex !== dex) {
    if (app.enc.phase !== "setup") throw new Error(`Dex can change only before the fight starts: ${p.name} keeps Dex ${p.dex}.`);
    // Before the fight nothing hangs on the combatant but its creature: it is added again with
    // the new score, keeping its id and creature. Effects would be lost, so those come off first.
    if (app.enc.effects(p.id).length) throw new Error(`End ${p.name}'s effects before changing its Dex: adding it again would drop them.`);
    const c = p.creature;
    enc.remove(p.id);
    enc.add({ id: p.id, name, side, dex, npc: !!p.npc, ...(group ? { group } : {}), ...(hidden ? { hidden: true } : {}) });
    if (c) enc.setCreature(p.id, withMaxHp(c, hp));
    else if (hp > 0) enc.setCreature(p.id, { kind: p.npc ? "monster" : "pc", zeroHp: p.npc ? "dies" : "deathSaves", hp: { current: hp, max: hp }, level: 1 });
    return;
  }
  if (p.name !== name) enc.rename(p.id, name);
  if (p.side !== side) enc.changeSide(p.id, side);
  if ((p.group ?? "") !== group) enc.execute({ type: "changeGroup", participant: p.id, ...(group ? { group } : {}) });
  if (!!p.hidden !== hidden) enc.setHidden(p.id, hidden);
  const c = p.creature;
  if (c && c.hp.max !== hp && hp > 0) enc.setCreature(p.id, withMaxHp(c, hp));
  else if (!c && hp > 0) enc.setCreature(p.id, { kind: p.npc ? "monster" : "pc", zeroHp: p.npc ? "dies" : "deathSaves", hp: { current: hp, max: hp }, level: 1 });
}

const value = (id) => /** @type {HTMLInputElement | null} */ (document.getElementById(id))?.value ?? "";

function amountOf(key) {
  const text = value(`amt-${key}`).trim();
  if (text === "") throw new Error("Type an amount first.");
  return Number(text);
}

/** What each row button does (the package calls, through the traced encounter). */
const ROW_ACTIONS = {
  dmg: (enc, p, key) => {
    const type = value(`dtype-${key}`);
    return enc.damage(p.id, type ? { amount: amountOf(key), damageType: type } : { amount: amountOf(key) });
  },
  heal: (enc, p, key) => enc.heal(p.id, amountOf(key)),
  temp: (enc, p, key) => enc.grantTempHp(p.id, amountOf(key)),
  save: (enc, p, key) => {
    const faces = parseFaces(value(`dsface-${key}`));
    return faces ? enc.deathSave(p.id, 0, { faces }) : enc.deathSave(p.id);
  },
  stab: (enc, p) => enc.stabilize(p.id),
  apply: (enc, p, key) => {
    const what = value(`cond-${key}`);
    const until = duration(value(`until-${key}`) || "rounds1", p.id);
    const options = until ? { until } : {};
    if (what.startsWith("effect:")) {
      const name = what.slice(7);
      return enc.addEffect(p.id, name, { ...options, ongoing: ONGOING[name] });
    }
    return enc.addCondition(p.id, what, options);
  },
  "fat-up": (enc, p) => enc.gainFatigue(p.id, 1),
  "fat-down": (enc, p) => enc.removeFatigue(p.id, 1),
  "str-up": (enc, p) => enc.gainStrife(p.id, 1),
  "str-down": (enc, p) => enc.removeStrife(p.id, 1),
  "exh-up": (enc, p) => enc.gainExhaustion(p.id, 1),
  "exh-down": (enc, p) => enc.removeExhaustion(p.id, 1),
  stats: (enc, p, key) => {
    const max = Number(value(`maxhp-${key}`));
    return enc.setCreature(p.id, { kind: p.npc ? "monster" : "pc", zeroHp: p.npc ? "dies" : "deathSaves", hp: { current: max, max }, level: 1 });
  },
  remove: (enc, p) => enc.remove(p.id),
  count: (enc, p, key) => {
    const text = value(`count-${key}`).trim();
    if (!/^-?\d+$/.test(text)) throw new Error("Type a whole number for the count.");
    return enc.setCount(p.id, Number(text));
  },
  hide: (enc, p) => enc.setHidden(p.id, !p.hidden),
};

/** Fields a row action has used up: cleared once the package took it. */
const USED = { dmg: ["amt"], heal: ["amt"], temp: ["amt"], save: ["dsface"], count: ["count"] };

const LABELS = { count: "set a count", hide: "hide or show to players", dmg: "damage", heal: "heal", temp: "temporary hit points", save: "death save", stab: "stabilize", apply: "apply an effect", stats: "set hit points", remove: "remove a combatant" };

function onRowClick(root, target) {
  const b = target.closest("[data-act]");
  if (!(b instanceof HTMLButtonElement) || b.disabled) return;
  const id = b.dataset.for ?? "";
  const p = app.enc?.participant(id);
  if (!p) return;
  const key = uid(id);
  const action = b.dataset.act ?? "";
  if (action === "toggle") {
    app.touched.clear(); // the rows flashed already: opening one is no news
    if (view.open.has(id)) view.open.delete(id);
    else view.open.add(id);
    render(root);
    return;
  }
  if (action === "edit") return startEdit(root, p);
  if (action === "unapply") {
    return act(root, "end an effect", () => traced(app.enc, "encounter").removeEffect(Number(b.dataset.effect)), id);
  }
  const fn = ROW_ACTIONS[action];
  if (fn) {
    act(root, `${LABELS[action] ?? action} (${p.name})`, () => {
      fn(traced(app.enc, "encounter"), p, key);
      // The amount was applied: an empty field cannot deal it twice by accident.
      for (const f of USED[action] ?? []) view.drafts.delete(`${f}-${key}`);
    }, id);
  }
}

export function setupFight(root) {
  onChange(() => render(root));
  const tracker = $(root, "#tracker");
  tracker.addEventListener("click", (ev) => onRowClick(root, /** @type {Element} */ (ev.target)));
  // Typed amounts and chosen options survive redraws; plans are page state; a roll-advice choice is a query.
  tracker.addEventListener("input", (ev) => {
    const t = ev.target;
    if (t instanceof HTMLInputElement && t.type !== "checkbox" && t.id) view.drafts.set(t.id, t.value);
  });
  tracker.addEventListener("change", (ev) => {
    const t = ev.target;
    if (t instanceof HTMLSelectElement && t.dataset.plan) {
      const id = t.dataset.plan;
      const extra = { bonus: "", mode: "normal", ...app.ui.extras.get(id), [t.dataset.key ?? ""]: t.value };
      app.ui.extras.set(id, extra);
      savePlans();
      render(root);
      return;
    }
    if (t instanceof HTMLSelectElement && t.id) {
      view.drafts.set(t.id, t.value);
      if (t.dataset.act === "advice" && app.enc) {
        beginAction("what applies to a roll");
        try {
          traced(app.enc, "encounter").rollAdvice(t.dataset.for ?? "", rollOf(t.value));
        } catch {
          /* shown in the row */
        }
        endAction();
        render(root);
      }
    }
    if (t instanceof HTMLInputElement && t.dataset.plan) {
      const id = t.dataset.plan;
      const k = t.dataset.key ?? "";
      if (controls(app.enc).system === "side") plans.set(id, { ...(plans.get(id) ?? {}), [k]: t.checked });
      else {
        const cur = new Set(/** @type {string[]} */ (plans.get(id) ?? []));
        if (t.checked) cur.add(k);
        else cur.delete(k);
        plans.set(id, [...cur]);
      }
      savePlans();
      render(root);
    }
  });
  // Replacing a running fight asks first (undo would bring it back, and the dialog says so).
  const replaceFight = async (what) =>
    !running(app.enc) || app.follower ||
    (await confirmDialog({
      title: `${what}?`,
      text: `The fight under way (round ${Math.max(1, app.enc.round)}, ${app.enc.phase}) will be replaced. Undo (U) brings it back.`,
      yes: what,
      no: "Keep the fight",
    }));
  $(root, "#new-encounter").addEventListener("click", async () => {
    if (!(await replaceFight("New encounter"))) return;
    beginAction("new encounter");
    try {
      newEncounter(root);
      toolbarError = null;
    } catch (e) {
      toolbarError = e;
    }
    endAction();
    notify();
  });
  $(root, "#load-sample").addEventListener("click", async () => {
    if (!(await replaceFight("Load the sample fight"))) return;
    beginAction("load the sample fight");
    try {
      loadSample(root);
      toolbarError = null;
    } catch (e) {
      toolbarError = e;
    }
    endAction();
    notify();
  });
  $(root, "#add-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = /** @type {HTMLFormElement} */ (ev.target);
    act(root, "add a combatant", () => {
      const enc = traced(app.enc, "encounter");
      const name = f.elements.name.value.trim();
      const group = f.elements.group.value.trim();
      const side = f.elements.side.value.trim() || "party";
      const editing = f.dataset.editing;
      if (editing) {
        const p = app.enc.participant(editing);
        if (!p) throw new Error("That combatant is no longer in the fight.");
        applyEdit(enc, p, { name, side, group, dex: Number(f.elements.dex.value), hp: Number(f.elements.hp.value), hidden: f.elements.hidden.checked });
        endEdit(f);
        f.elements.name.value = "";
        return;
      }
      const id = slug(name);
      const npc = f.elements.npc.checked;
      enc.add({ id, name, side, dex: Number(f.elements.dex.value), npc, ...(group ? { group } : {}), ...(f.elements.hidden.checked ? { hidden: true } : {}) });
      const hp = Number(f.elements.hp.value);
      if (hp > 0) enc.setCreature(id, { kind: npc ? "monster" : "pc", zeroHp: npc ? "dies" : "deathSaves", hp: { current: hp, max: hp }, level: 1 });
      f.elements.name.value = "";
    });
  });
  const btn = (id, label, fn) => $(root, id).addEventListener("click", () => act(root, label, () => fn(traced(app.enc, "encounter"))));
  // The creature-rules choice applies to Greyhawk only (A5E, HYB and OSE have their own).
  $(root, "#ruleset").addEventListener("change", () => {
    $(root, "#creature-rules-box").hidden = $(root, "#ruleset").value !== "gh5e";
  });
  btn("#btn-start", "start", (enc) => enc.start(facesOption(root)));
  btn("#btn-declare", "declare", (enc) => {
    const system = controls(app.enc).system;
    enc.declareMany(Object.fromEntries(app.enc.participants().map((p) => [p.id, declarationFor(p.id, system)])));
  });
  btn("#btn-roll", "roll initiative", (enc) => {
    // Rolling before Declare declares the ticked plans first: nothing ticked is thrown away.
    const system = controls(app.enc).system;
    const missing = undeclared(system);
    if (Object.keys(missing).length) enc.declareMany(missing);
    enc.rollInitiative(facesOption(root));
  });
  btn("#btn-surprise", "roll surprise", (enc) => enc.rollSurprise($(root, "#surprise-sides").value.split(/[\s,]+/).filter(Boolean), facesOption(root)));
  btn("#btn-end-turn", "end the turn", (enc) => enc.endTurn(facesOption(root)));
  btn("#btn-next-phase", "next phase", (enc) => enc.advancePhase(facesOption(root)));
  $(root, "#btn-next-round").addEventListener("click", async () => {
    const left = app.enc ? stillToAct(app.enc) : [];
    if (left.length && !(await confirmDialog({
      title: "Next round now?",
      text: `${left.join(", ")} ${left.length === 1 ? "has" : "have"} not acted this round and would lose ${left.length === 1 ? "that turn" : "those turns"}. Undo (U) brings the round back.`,
      yes: "Next round",
      no: "Finish this round",
    }))) return;
    act(root, "next round", () => traced(app.enc, "encounter").nextRound(facesOption(root)));
  });
  btn("#btn-end", "end the encounter", (enc) => enc.end());
  btn("#btn-end-world", "end the world phase", (enc) => enc.endWorldPhase(facesOption(root)));
  btn("#btn-delay", "delay", (enc) => {
    const id = app.enc.currentParticipant();
    if (!id) throw new Error("Nobody is acting right now.");
    enc.delay(id);
  });
  $(root, "#btn-act").addEventListener("click", () => {
    const id = $(root, "#btn-act").dataset.for;
    if (!id || !app.enc?.participant(id)) return;
    view.open.add(id);
    app.touched.clear();
    render(root);
    const tools = document.getElementById(`tools-${uid(id)}`);
    tools?.scrollIntoView({ block: "nearest" });
    tools?.querySelector("input, select, button")?.focus();
  });
  btn("#btn-resume", "resume a delayer", (enc) => enc.resume($(root, "#resume-who").value));
  btn("#btn-add-world", "add a world action", (enc) => enc.addWorldAction(a5eAction($(root, "#world-pick").value)));
  $(root, "#world-actions").addEventListener("click", (ev) => {
    const t = /** @type {Element} */ (ev.target);
    const gone = t.closest("[data-world-remove]");
    if (gone instanceof HTMLButtonElement && !gone.disabled) {
      return act(root, "remove a world action", () => traced(app.enc, "encounter").execute({ type: "removeWorldAction", action: gone.dataset.worldRemove ?? "" }));
    }
    const b = t.closest("[data-world]");
    if (!(b instanceof HTMLButtonElement) || b.disabled) return;
    const action = b.dataset.world ?? "";
    const key = uid(action);
    const targets = [...$(root, "#world-actions").querySelectorAll(`input[data-world-target="${CSS.escape(action)}"]:checked`)].map((i) => i.value);
    act(root, "use a world action", () => {
      const enc = traced(app.enc, "encounter");
      const text = value(`wd-${key}`).trim();
      const amount = text === "" ? 0 : Number(text);
      if (!Number.isInteger(amount) || amount < 0) throw new Error("Damage must be a whole number, 0 or more.");
      if (amount > 0 && targets.length === 0) throw new Error("Tick who the damage hits first.");
      enc.useWorldAction(action, targets, facesOption(root));
      // The damage the GM rolled for it, to each target that failed its save.
      const type = FEATURES.get(action)?.effect?.damage?.damageType;
      if (amount > 0) for (const id of targets) enc.damage(id, type ? { amount, damageType: type } : { amount });
      view.drafts.delete(`wd-${key}`);
      for (const id of targets) view.drafts.delete(`wt-${key}-${uid(id)}`);
    });
  });
  $(root, "#world-actions").addEventListener("change", (ev) => {
    const t = ev.target;
    if (t instanceof HTMLInputElement && t.dataset.worldTarget) view.drafts.set(t.id, t.checked ? "1" : "");
  });
  $(root, "#world-actions").addEventListener("input", (ev) => {
    const t = ev.target;
    if (t instanceof HTMLInputElement && t.type === "number") view.drafts.set(t.id, t.value);
  });
  loadFeatures();
  $(root, "#world-pick").replaceChildren(...a5e.worldActions().map((w) => el("option", { value: w.id, text: `${w.name}${w.recharge ? ` (recharge ${w.recharge.minFace}–6)` : ""}` })));
  if (app.follower) for (const b of root.querySelectorAll("#setup-row button, #setup-row select, #add-form input, #add-form button, #init-faces, #world-pick, #btn-add-world, #surprise-sides")) b.disabled = true;
  render(root);
}
