// The GM screen for a fight: set up an encounter for any ruleset, then run it from the
// tracker. Only the turn commands the package would take now are enabled; a refused command
// shows the package's message next to the control that sent it. Every package call an action
// makes goes through `traced`, so the code panel shows it.
import { Encounter, a5e } from "turnkeeper";
import { app, notify, onChange, setEncounter } from "../state.js";
import { beginAction, endAction, traced, tracedNew } from "../code.js";
import { ORDER_NOTES, SAMPLES, controls, primary } from "../rules.js";
import { currentSeed, describeError, drawLog, el, keepFocus, parseFaces, showError } from "../ui.js";
import { ONGOING, drawTracker, duration, rollOf, uid, view } from "./tracker.js";

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
  view.open.clear();
  view.errors.clear();
  setEncounter(tracedNew(Encounter, "encounter", seed === undefined ? { ruleset } : { ruleset, seed }));
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
  return Array.isArray(plan) ? plan : [];
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
  $(root, "#surprise-box").hidden = !c.shown.surprise || !c.valid.surprise;
  const delayed = enc?.delayed() ?? [];
  $(root, "#resume-box").hidden = delayed.length === 0;
  const names = new Map((enc?.participants() ?? []).map((p) => [p.id, p.name]));
  const who = $(root, "#resume-who");
  const chosen = who.value;
  who.replaceChildren(...delayed.map((id) => el("option", { value: id, text: names.get(id) ?? id, selected: id === chosen })));

  $(root, "#round-no").textContent = enc?.round ? String(enc.round) : "–";
  $(root, "#phase").textContent = enc ? enc.phase : "no encounter";
  $(root, "#order-note").textContent = c.system ? ORDER_NOTES[c.system] : "Choose a ruleset and load the sample fight, or add combatants.";
  $(root, "#next-hint").textContent = hint(enc, c);
  if (enc) $(root, "#ruleset").value = enc.config.preset;

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
  $(root, "#world-actions").replaceChildren(
    ...(world.length ? world.map((w) => {
      const recharge = w.action.recharge ? `recharge ${w.action.recharge.minFace}–6` : "every round";
      const state = w.charged ? (app.worldUsed.has(w.action.id) ? "used this round" : "ready") : "recharging";
      const usable = inWorld && w.charged && !app.worldUsed.has(w.action.id) && !app.follower;
      return el("li", { "data-testid": "world-action", "data-state": state },
        el("span", {}, el("strong", { text: w.action.name }), ` — ${state} (${recharge}${w.rechargedIn ? `, recharged in round ${w.rechargedIn}` : ""})`),
        el("button", { type: "button", class: "secondary small", id: `use-world-${uid(w.action.id)}`, "data-world": w.action.id, disabled: !usable, "aria-label": `Use ${w.action.name}` }, "Use"));
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
    case "turns": return c.system === "side" ? "The acting side goes through its phases: Next phase, or End turn when it is done." : "Act from the rows (Act), then End turn (key N).";
    case "between": return "Nobody can act this round: Next round.";
    case "ended": return "The fight is over: load the sample fight again, or start a new encounter.";
    default: return "";
  }
}

/** Load a combatant into the form; submitting then renames it and changes its side. */
function startEdit(root, p) {
  const f = $(root, "#add-form");
  $(root, "#add-box").open = true;
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
  stats: (enc, p, key) => {
    const max = Number(value(`maxhp-${key}`));
    return enc.setCreature(p.id, { kind: p.npc ? "monster" : "pc", zeroHp: p.npc ? "dies" : "deathSaves", hp: { current: max, max }, level: 1 });
  },
  remove: (enc, p) => enc.remove(p.id),
};

const LABELS = { dmg: "damage", heal: "heal", temp: "temporary hit points", save: "death save", stab: "stabilize", apply: "apply an effect", stats: "set hit points", remove: "remove a combatant" };

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
  if (fn) act(root, `${LABELS[action] ?? action} (${p.name})`, () => fn(traced(app.enc, "encounter"), p, key), id);
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
      render(root);
    }
  });
  $(root, "#new-encounter").addEventListener("click", () => {
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
  $(root, "#load-sample").addEventListener("click", () => {
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
        if (p && p.name !== name) enc.rename(editing, name);
        if (p && p.side !== side) enc.changeSide(editing, side);
        endEdit(f);
        f.elements.name.value = "";
        return;
      }
      const id = slug(name);
      const npc = f.elements.npc.checked;
      enc.add({ id, name, side, dex: Number(f.elements.dex.value), npc, ...(group ? { group } : {}) });
      const hp = Number(f.elements.hp.value);
      if (hp > 0) enc.setCreature(id, { kind: npc ? "monster" : "pc", zeroHp: npc ? "dies" : "deathSaves", hp: { current: hp, max: hp }, level: 1 });
      f.elements.name.value = "";
    });
  });
  const btn = (id, label, fn) => $(root, id).addEventListener("click", () => act(root, label, () => fn(traced(app.enc, "encounter"))));
  btn("#btn-start", "start", (enc) => enc.start(facesOption(root)));
  btn("#btn-declare", "declare", (enc) => {
    const system = controls(app.enc).system;
    enc.declareMany(Object.fromEntries(app.enc.participants().map((p) => [p.id, declarationFor(p.id, system)])));
  });
  btn("#btn-roll", "roll initiative", (enc) => enc.rollInitiative(facesOption(root)));
  btn("#btn-surprise", "roll surprise", (enc) => enc.rollSurprise($(root, "#surprise-sides").value.split(/[\s,]+/).filter(Boolean), facesOption(root)));
  btn("#btn-end-turn", "end the turn", (enc) => enc.endTurn(facesOption(root)));
  btn("#btn-next-phase", "next phase", (enc) => enc.advancePhase(facesOption(root)));
  btn("#btn-next-round", "next round", (enc) => enc.nextRound(facesOption(root)));
  btn("#btn-end", "end the encounter", (enc) => enc.end());
  btn("#btn-end-world", "end the world phase", (enc) => enc.endWorldPhase(facesOption(root)));
  btn("#btn-delay", "delay", (enc) => {
    const id = app.enc.currentParticipant();
    if (!id) throw new Error("Nobody is acting right now.");
    enc.delay(id);
  });
  btn("#btn-resume", "act now", (enc) => enc.resume($(root, "#resume-who").value));
  btn("#btn-add-world", "add a world action", (enc) => enc.addWorldAction(a5eAction($(root, "#world-pick").value)));
  $(root, "#world-actions").addEventListener("click", (ev) => {
    const b = /** @type {Element} */ (ev.target).closest("[data-world]");
    if (b instanceof HTMLButtonElement && !b.disabled) act(root, "use a world action", () => traced(app.enc, "encounter").useWorldAction(b.dataset.world ?? "", [], facesOption(root)));
  });
  $(root, "#world-pick").replaceChildren(...a5e.worldActions().map((w) => el("option", { value: w.id, text: `${w.name}${w.recharge ? ` (recharge ${w.recharge.minFace}–6)` : ""}` })));
  if (app.follower) for (const b of root.querySelectorAll("#setup-row button, #setup-row select, #add-form input, #add-form button, #init-faces, #world-pick, #btn-add-world, #surprise-sides")) b.disabled = true;
  render(root);
}
