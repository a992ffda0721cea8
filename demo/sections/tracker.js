// The tracker: the initiative order as a GM reads it. Each row is a combatant with its count
// and dice, hit points (and temporary HP), conditions and effects with what is left of them,
// dying or dead; its tools (damage, healing, temporary HP, death saves, conditions, fatigue and
// strife, roll advice, edit) open from the row. Rows are drawn from the encounter's state alone,
// so the leader and every follower draw the same thing.
import { ruleTables } from "turnkeeper";
import { app } from "../state.js";
import { conditionalText, longRemaining, reasonText, shortRemaining } from "../lines.js";
import { declares } from "../rules.js";
import { el } from "../ui.js";

/** What the page calls each Greyhawk activity. */
const ACTIVITY_LABELS = { ranged: "Ranged attack", move: "Move", swap: "Swap gear", other: "Other action", melee: "Melee attack", spell: "Cast a spell" };

/** GH-DICE-01 from the package's rule tables: `[activity, label, die]` for each activity. */
const ghActivities = () => ruleTables().greyhawkActivities.map(({ activity, die }) => [activity, ACTIVITY_LABELS[activity] ?? activity, die]);

/** Named effects with ongoing damage (A5E-DMG-06), rolled at the end of each of the target's turns. */
export const ONGOING = {
  "on fire": { damage: { dice: { count: 1, size: "d6" }, damageType: "fire" } },
  bleeding: { damage: { dice: { count: 1, size: "d4" } } },
};

export const DURATIONS = [
  ["removed", "until removed"],
  ["rounds1", "1 round"],
  ["rounds3", "3 rounds"],
  ["startNext", "to the start of its next turn"],
  ["endNext", "to the end of its next turn"],
  ["minute", "1 minute"],
];

export function duration(kind, who) {
  switch (kind) {
    case "rounds1": return { type: "rounds", count: 1 };
    case "rounds3": return { type: "rounds", count: 3 };
    case "startNext": return { type: "untilTurnStart", participant: who };
    case "endNext": return { type: "untilTurnEnd", participant: who };
    case "minute": return { type: "seconds", seconds: 60 };
    default: return undefined;
  }
}

export const ROLLS = [
  ["attack-melee-str", "its melee attacks (Str)"],
  ["attack-ranged-dex", "its ranged attacks (Dex)"],
  ["check-dex", "Dexterity checks"],
  ["check-wis", "Wisdom checks"],
  ["save-dex", "Dexterity saves"],
  ["save-con", "Constitution saves"],
  ["save-wis", "Wisdom saves"],
];

export function rollOf(value) {
  const [kind, a, b] = value.split("-");
  if (kind === "attack") return { type: "attack", range: a, ability: b };
  if (kind === "check") return { type: "abilityCheck", ability: a };
  return { type: "savingThrow", ability: a };
}

/** The damage types (A5E-DMG-05) from the package's rule tables, after "untyped". */
const damageTypes = () => ["", ...ruleTables().damageTypes];

/** An id usable in element ids, for any participant id. */
export const uid = (id) => id.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0)}`);

/** The tracker's page state: which rows are open, what is typed in them, and errors by row. */
export const view = {
  open: new Set(),
  /** @type {Map<string, string>} values typed or chosen in the rows, by element id */
  drafts: new Map(),
  /** @type {Map<string, unknown>} a refused command's error, by row (participant id) */
  errors: new Map(),
};

const draft = (id, fallback) => view.drafts.get(id) ?? fallback;

function facesText(dice) {
  if (!dice || dice.length === 0) return "";
  return dice.map((d) => `${d.dropped ? "~" : ""}d${d.die.sides} ${d.die.face}`).join(" · ");
}

const DEATHS = {
  massiveDamage: "massive damage", deathSaves: "three failed death saves", monsterAtZeroHp: "0 HP", zeroHp: "0 HP", doom: "doom",
  notStabilized: "not stabilised in time", falseHope: "false hope", abilityScoreZero: "an ability score fell to 0", referee: "the GM's call",
};

/** The creature's life as a chip: dying with its saves, stable, dead, down. */
function lifeChip(c) {
  const d = c?.death;
  if (!d || d.type === "alive") return null;
  const text =
    d.type === "dying" ? `Dying: ${"✓".repeat(d.successes)}${"·".repeat(3 - d.successes)} saved, ${"✗".repeat(d.failures)}${"·".repeat(3 - d.failures)} failed`
    : d.type === "stable" ? "Stable"
    : d.type === "incapacitated" ? "Down: dies without help"
    : `Dead${DEATHS[d.reason?.type] ? ` (${DEATHS[d.reason.type]})` : ""}`;
  return el("li", { class: `chip life ${d.type}`, "data-testid": "death", "aria-label": d.type === "dying" ? `Dying: ${d.successes} successes, ${d.failures} failures` : undefined, text });
}

function hpView(c) {
  if (!c) return el("span", { class: "hp none", "data-testid": "hp", text: "no HP" });
  const { current, max, temp } = c.hp;
  const pct = max > 0 ? Math.max(0, Math.min(100, Math.round((current / max) * 100))) : 0;
  const level = current <= 0 ? "zero" : current * 2 <= max ? "low" : "ok";
  return el("span", { class: `hp ${level}`, "data-testid": "hp", title: `${current} of ${max} hit points${temp ? `, ${temp} temporary` : ""}` },
    el("span", { class: "hp-text" }, `${current}/${max}`, temp ? el("span", { class: "temp", text: ` +${temp}` }) : null),
    el("span", { class: "bar", "aria-hidden": "true" }, el("span", { style: `width: ${pct}%` })));
}

function declaredText(p) {
  const d = p.declaration;
  if (!d) return "";
  if (d.system === "greyhawk") {
    const used = new Set(p.activitiesUsed ?? []);
    const acts = (d.activities ?? []).map((a) => `${a}${used.has(a) ? " ✓" : ""}`);
    return acts.length ? `declared ${acts.join(", ")}` : "declared nothing";
  }
  return [d.spell ? "casting a spell" : "", d.slowWeapon ? "slow weapon" : ""].filter(Boolean).join(", ");
}

/** Checkboxes for what a combatant plans this round (Greyhawk activities, OSE declarations). */
function planBox(p, system) {
  const plans = app.ui.plans;
  const key = uid(p.id);
  const fs = el("fieldset", { class: "plan" }, el("legend", { class: "sr-only", text: `${p.name} plans` }));
  if (system === "side") {
    const plan = plans.get(p.id) ?? {};
    for (const [k, label] of [["spell", "Casting a spell"], ["slowWeapon", "Slow weapon"]]) {
      const id = `plan-${key}-${k}`;
      fs.append(el("label", { for: id }, el("input", { id, type: "checkbox", checked: !!plan[k], disabled: app.follower, "data-plan": p.id, "data-key": k }), ` ${label}`));
    }
  } else {
    const plan = plans.get(p.id) ?? [];
    for (const [act, label, die] of ghActivities()) {
      const id = `plan-${key}-${act}`;
      fs.append(el("label", { for: id }, el("input", { id, type: "checkbox", checked: plan.includes(act), disabled: app.follower, "data-plan": p.id, "data-key": act }), ` ${label} `, el("small", { text: die })));
    }
    // GH-INIT-04: a bonus action adds one die of its kind; GH-DICE-04: advantage or
    // disadvantage on the largest die.
    const extra = app.ui.extras.get(p.id) ?? { bonus: "", mode: "normal" };
    fs.append(
      el("label", { for: `plan-${key}-bonus` }, "Bonus action ",
        el("select", { id: `plan-${key}-bonus`, disabled: app.follower, "data-plan": p.id, "data-key": "bonus" },
          el("option", { value: "", text: "none", selected: !extra.bonus }),
          ...ghActivities().map(([act, label, die]) => el("option", { value: act, text: `${label} (${die})`, selected: extra.bonus === act })))),
      el("label", { for: `plan-${key}-mode` }, "Dice ",
        el("select", { id: `plan-${key}-mode`, disabled: app.follower, "data-plan": p.id, "data-key": "mode" },
          ...[["normal", "normal"], ["advantage", "advantage"], ["disadvantage", "disadvantage"]].map(([v, t]) => el("option", { value: v, text: t, selected: extra.mode === v })))));
    const dieOf = (a) => ghActivities().find((x) => x[0] === a)?.[2];
    const dice = [...plan.map(dieOf), extra.bonus ? dieOf(extra.bonus) : undefined].filter(Boolean);
    const mode = extra.mode !== "normal" ? ` (${extra.mode} on the largest)` : "";
    fs.append(el("span", { class: "hint", text: dice.length ? `rolls ${dice.join(" + ")}${mode}` : "no activity: count 0" }));
  }
  return fs;
}

function select(id, options, label, value) {
  return el("select", { id, "aria-label": label, disabled: app.follower }, ...options.map(([v, text]) => el("option", { value: v, text, selected: v === value })));
}

/** Why the package would refuse a death save for `id` now, or undefined when it takes one. */
function saveRefusal(id) {
  try {
    app.enc.diceNeeded({ type: "deathSave", participant: id, modifier: 0, mode: "normal" });
    return undefined;
  } catch (e) {
    return e?.message ?? String(e);
  }
}

function button(text, act, p, attrs = {}) {
  return el("button", { type: "button", class: "secondary", id: `${act}-${uid(p.id)}`, "data-act": act, "data-for": p.id, disabled: app.follower, ...attrs }, text);
}

/** What applies to a roll, every conditional mode with its reason. */
export function adviceView(a) {
  const list = (label, items) => (items.length ? [el("li", { text: `${label}: ${items.map(reasonText).join("; ")}` })] : []);
  const also = a.conditional.filter((c) => c.outcome.type === "advantage" || c.outcome.type === "disadvantage");
  return [
    el("p", { class: "net" }, "Net ", el("strong", { "data-testid": "advice-mode", text: a.mode }),
      a.modifierTotal ? ` · ${a.modifierTotal > 0 ? "+" : ""}${a.modifierTotal}` : "",
      also.length ? el("span", { "data-testid": "advice-conditional", text: `; ${also.map((c) => conditionalText(c)).join("; ")}` }) : ""),
    el("ul", {},
      ...list("Advantage", a.advantage), ...list("Disadvantage", a.disadvantage), ...list("Fails automatically", a.autoFail),
      ...a.modifiers.map((m) => el("li", { text: `${m.amount > 0 ? "+" : ""}${m.amount} from ${reasonText(m.reason)}` })),
      ...list("A hit on it is critical", a.criticalOnHit), ...list("No proficiency bonus", a.noProficiency), ...list("No expertise dice", a.noExpertiseDice),
      ...a.conditional.filter((c) => !also.includes(c)).map((c) => el("li", { class: "conditional", text: `Conditional: ${conditionalText(c)}` }))),
  ];
}

/**
 * Whose creature rules the encounter plays: what its config names, or, when it names none (a
 * game saved before 5e's rules became the Greyhawk default), what that meant: A5E's, except
 * under HYB and OSE.
 */
export function creatureFamily(config) {
  return config.creature?.type ?? (config.preset === "hyb" || config.preset === "ose" ? config.preset : "a5e");
}

/** The open part of a row: everything a GM does to this combatant. */
function tools(enc, p, effects, names, preset) {
  const key = uid(p.id);
  const c = p.creature;
  const box = el("div", { class: "tools", id: `tools-${key}` });
  if (!c) {
    box.append(el("div", { class: "tool-row" },
      el("label", { for: `maxhp-${key}`, text: "Hit points" }),
      el("input", { id: `maxhp-${key}`, type: "number", min: "1", inputmode: "numeric", value: draft(`maxhp-${key}`, "10"), disabled: app.follower }),
      button("Set", "stats", p)));
  } else {
    box.append(el("div", { class: "tool-row hp-tools" },
      el("label", { for: `amt-${key}`, text: "Amount" }),
      el("input", { id: `amt-${key}`, type: "number", min: "0", inputmode: "numeric", value: draft(`amt-${key}`, ""), placeholder: "7", disabled: app.follower }),
      select(`dtype-${key}`, damageTypes().map((t) => [t, t || "untyped"]), "Damage type", draft(`dtype-${key}`, "")),
      button("Damage", "dmg", p), button("Heal", "heal", p), button("Temp HP", "temp", p)));
    if (c.death?.type === "dying") {
      // The package says when a save is due (its own turn; Greyhawk: the end of the round,
      // GH-INIT-12): the button is enabled only then, and says why not otherwise.
      const notYet = saveRefusal(p.id);
      box.append(el("div", { class: "tool-row" },
        el("label", { for: `dsface-${key}`, text: "Death save d20" }),
        el("input", { id: `dsface-${key}`, inputmode: "numeric", placeholder: "roll", autocomplete: "off", value: draft(`dsface-${key}`, ""), disabled: app.follower }),
        button("Death save", "save", p, notYet ? { disabled: true, "aria-describedby": `save-when-${key}` } : {}), button("Stabilize", "stab", p)));
      if (notYet) box.append(el("p", { class: "note", id: `save-when-${key}`, "data-testid": "save-when", text: notYet }));
    }
  }
  box.append(el("div", { class: "tool-row" },
    el("label", { for: `cond-${key}`, text: "Condition" }),
    el("select", { id: `cond-${key}`, disabled: app.follower },
      // The encounter's own conditions (5e's under Greyhawk, A5E's under A5E…), from the package.
      el("optgroup", { label: "Conditions" }, ...app.enc.conditions().filter((x) => !x.automatic).map((x) => el("option", { value: x.id, text: x.name, selected: draft(`cond-${key}`, "frightened") === x.id }))),
      el("optgroup", { label: "Ongoing damage" }, ...Object.entries(ONGOING).map(([name, o]) =>
        el("option", { value: `effect:${name}`, selected: draft(`cond-${key}`, "") === `effect:${name}`, text: `${name} (${o.damage.dice.count}${o.damage.dice.size}${o.damage.damageType ? ` ${o.damage.damageType}` : ""} each turn)` })))),
    select(`until-${key}`, DURATIONS, "Lasts", draft(`until-${key}`, "rounds1")),
    button("Apply", "apply", p)));
  if (effects.length) {
    box.append(el("ul", { class: "effects plain", "aria-label": `${p.name}'s effects` }, ...effects.map((v) => {
      const name = v.effect.condition ?? v.effect.name ?? "effect";
      const from = v.effect.source ? ` · from ${names.get(v.effect.source) ?? v.effect.source}${v.effect.concentration ? " (concentrating)" : ""}` : "";
      return el("li", {}, el("strong", { text: name }), ` ${longRemaining(v.remaining, names)}${from} `,
        el("button", { type: "button", class: "secondary small", "data-act": "unapply", "data-for": p.id, "data-effect": String(v.effect.id), id: `unapply-${key}-${v.effect.id}`, "aria-label": `End ${name} on ${p.name}`, disabled: app.follower }, "End"));
    })));
  }
  if (c && creatureFamily(enc.config) === "a5e") {
    const zero = { effective: 0, pending: 0 };
    const track = (t, label) => `${label} ${t.effective ?? 0}${t.pending ? ` (+${t.pending} after the fight)` : ""}`;
    box.append(el("div", { class: "tracks", "data-testid": "tracks" },
      el("div", { class: "tool-row" },
        el("span", { class: "track", text: track(c.fatigue ?? zero, "Fatigue") }),
        button("+1", "fat-up", p, { "aria-label": `Fatigue +1 for ${p.name}` }), button("−1", "fat-down", p, { "aria-label": `Fatigue −1 for ${p.name}` })),
      el("div", { class: "tool-row" },
        el("span", { class: "track", text: track(c.strife ?? zero, "Strife") }),
        button("+1", "str-up", p, { "aria-label": `Strife +1 for ${p.name}` }), button("−1", "str-down", p, { "aria-label": `Strife −1 for ${p.name}` }))));
  } else if (c && creatureFamily(enc.config) === "srd5e") {
    // 5e exhaustion, levels 1–6 (SRD-EXH): each level adds to the ones below; the sixth kills.
    const level = c.exhaustion?.effective ?? 0;
    box.append(el("div", { class: "tracks", "data-testid": "tracks" },
      el("div", { class: "tool-row" },
        el("span", { class: "track", "data-testid": "exhaustion", text: `Exhaustion ${level}/6` }),
        button("+1", "exh-up", p, { "aria-label": `Exhaustion +1 for ${p.name}` }), button("−1", "exh-down", p, { "aria-label": `Exhaustion −1 for ${p.name}`, ...(level === 0 ? { disabled: true } : {}) }))));
  }
  const rollChoice = draft(`roll-${key}`, "attack-melee-str");
  let advice;
  try {
    advice = adviceView(enc.rollAdvice(p.id, rollOf(rollChoice)));
  } catch (e) {
    advice = [el("p", { class: "hint", text: e instanceof Error ? e.message : String(e) })];
  }
  box.append(el("div", { class: "advice" },
    el("label", { for: `roll-${key}`, text: "What applies to" }),
    el("select", { id: `roll-${key}`, "data-act": "advice", "data-for": p.id }, ...ROLLS.map(([v, t]) => el("option", { value: v, text: t, selected: v === rollChoice }))),
    el("div", { "data-testid": "advice", "aria-live": "polite" }, ...advice)));
  // A count typed by hand (a GM correction: setCount), and whether players see this combatant.
  box.append(el("div", { class: "tool-row" },
    el("label", { for: `count-${key}`, text: "Count" }),
    el("input", { id: `count-${key}`, type: "number", inputmode: "numeric", value: draft(`count-${key}`, p.initiative?.total ?? ""), disabled: app.follower }),
    button("Set count", "count", p, { "aria-label": `Set count of ${p.name}` }),
    button(p.hidden ? "Show to players" : "Hide from players", "hide", p)));
  box.append(el("div", { class: "tool-row" },
    button("Edit", "edit", p, { "aria-label": `Edit ${p.name}` }), button("Remove", "remove", p, { "aria-label": `Remove ${p.name}` })));
  return box;
}

/** One combatant: the row and, when open, its tools. */
function combatant(enc, p, ctx, { count, dice, current }) {
  const key = uid(p.id);
  const c = p.creature;
  const effects = enc.effects(p.id);
  const open = view.open.has(p.id);
  const state = c?.death?.type ?? (p.canAct ? "alive" : "down");
  const chips = [
    lifeChip(c),
    !p.canAct && (!c?.death || c.death.type === "alive") ? el("li", { class: "chip warn", text: "Can't act" }) : null,
    p.surprised ? el("li", { class: "chip warn", text: "Surprised" }) : null,
    p.turn === "delayed" ? el("li", { class: "chip", text: "Delaying" }) : null,
    p.readied ? el("li", { class: "chip", text: `Readied: ${p.readied}` }) : null,
    p.hidden ? el("li", { class: "chip", text: "Hidden from players" }) : null,
    ...effects.map((v) => {
      const name = v.effect.condition ?? v.effect.name ?? "effect";
      const left = shortRemaining(v.remaining, ctx.names);
      return el("li", { class: `chip effect${ONGOING[name] ? " ongoing" : ""}`, "data-testid": "effect", title: longRemaining(v.remaining, ctx.names) }, name, left ? el("small", { text: ` ${left}` }) : null);
    }),
    c?.fatigue?.effective || c?.fatigue?.pending ? el("li", { class: "chip", text: `Fatigue ${c.fatigue.effective ?? 0}${c.fatigue.pending ? `+${c.fatigue.pending}` : ""}` }) : null,
    c?.strife?.effective || c?.strife?.pending ? el("li", { class: "chip", text: `Strife ${c.strife.effective ?? 0}${c.strife.pending ? `+${c.strife.pending}` : ""}` }) : null,
  ].filter(Boolean);
  const declared = declaredText(p);
  const error = view.errors.get(p.id);
  const flash = ctx.flashed.has(p.id);
  return el("div", { class: `cmb${flash ? " flash" : ""}`, "data-testid": "combatant", "data-pid": p.id, "data-state": state },
    el("div", { class: "cmb-line" },
      count === undefined ? null : el("span", { class: "count", title: "Initiative count", text: count === null ? "–" : String(count) }),
      el("div", { class: "who" },
        el("span", { class: "name" }, p.name, current ? el("span", { class: "now", text: " · acting now" }) : null),
        el("span", { class: "meta" }, `${p.side}${p.npc ? " · NPC" : ""}`, dice ? el("span", { class: "faces", text: ` · ${dice}` }) : null, declared ? ` · ${declared}` : "")),
      hpView(c),
      // The tools of this row act on this combatant (damage it, heal it…): "Tools", not "Act".
      el("button", { type: "button", class: "more", id: `more-${key}`, "data-act": "toggle", "data-for": p.id, "aria-expanded": String(open), "aria-controls": `tools-${key}`, "aria-label": `Tools for ${p.name}` }, "Tools")),
    chips.length ? el("ul", { class: "chips", "aria-label": `${p.name}'s state` }, ...chips) : null,
    ctx.planning ? planBox(p, ctx.system) : null,
    error ? el("div", { class: "error", role: "alert", id: `err-${key}`, text: error }) : null,
    open ? tools(enc, p, effects, ctx.names, ctx.preset) : null);
}

/**
 * Draw the order and the combatants not in it into `orderList` and `waitingList`.
 * `flashed`: participants something just happened to.
 */
export function drawTracker(enc, orderList, waitingList, { system, flashed }) {
  const people = enc.participants();
  const byId = new Map(people.map((p) => [p.id, p]));
  const names = new Map(people.map((p) => [p.id, p.name]));
  const planning = declares(system) && enc.phase === "declaring";
  const ctx = { names, system, preset: enc.config.preset, planning, flashed };
  const placed = new Set();
  const rows = enc.order().map((e) => {
    if (e.actor.type === "participant") {
      const p = byId.get(e.actor.participant);
      placed.add(e.actor.participant);
      const li = el("li", { class: `entry${e.done ? " done" : ""}${e.current ? " current" : ""}`, "aria-current": e.current ? "true" : undefined, "data-testid": "order-entry", "data-id": e.actor.participant });
      if (p) li.append(combatant(enc, p, ctx, { count: e.count ?? p.initiative?.total ?? null, dice: facesText(app.lastDice.get(p.id)), current: e.current }));
      return li;
    }
    // OSE: a side acts together, phase by phase; its members are rows inside it.
    const { sides, slow } = e.actor;
    const key = `side:${sides[0]}`;
    const members = people.filter((p) => sides.includes(p.side) && !!p.declaration?.slowWeapon === !!slow);
    for (const m of members) placed.add(m.id);
    const phase = e.current ? enc.current()?.phase : undefined;
    return el("li", { class: `entry side${e.done ? " done" : ""}${e.current ? " current" : ""}`, "aria-current": e.current ? "true" : undefined, "data-testid": "order-entry", "data-id": key + (slow ? ":slow" : "") },
      el("div", { class: "side-head" },
        el("span", { class: "count", title: "Side initiative (1d6)", text: e.count === undefined ? "–" : String(e.count) }),
        el("span", { class: "name" }, `Side ${sides.join(" + ")}${slow ? " (slow weapons)" : ""}`, e.current ? el("span", { class: "now", text: " · acting now" }) : null),
        el("span", { class: "faces", text: facesText(app.lastDice.get(key)) }),
        phase ? el("span", { class: "phase", "data-testid": "ose-phase", text: `Phase: ${phase}` }) : null),
      el("ul", { class: "members plain" }, ...members.map((p) => el("li", {}, combatant(enc, p, ctx, { count: undefined, dice: "", current: false })))));
  });
  orderList.replaceChildren(...rows);
  const waiting = people.filter((p) => !placed.has(p.id));
  waitingList.replaceChildren(...waiting.map((p) => el("li", { "data-testid": "waiting-entry", "data-id": p.id }, combatant(enc, p, ctx, { count: null, dice: facesText(app.lastDice.get(p.id)), current: false }))));
  return { waiting: waiting.length, ordered: rows.length };
}
