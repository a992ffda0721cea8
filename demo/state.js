// Shared demo state: the current encounter, the journeys, the Dice tab's rolls, the logs, and
// the sync channel that lets other tabs follow this one (as VTT clients would over their own
// channels). Every local command's batch also goes to `app.recorder` (the saved game,
// session.js).
//
// Sync, over a BroadcastChannel:
//   leader → followers  { kind: "batch", target, batch }     each command's checked batch
//                       { kind: "set", target, snapshot }     an object replaced (or null)
//                       { kind: "roll", seq, roll }           a roll of the Dice tab
//                       { kind: "state", … }                  everything, for a new follower
//   follower → leader   { kind: "hello" }                     send me everything
// A follower applies batches with `applyEvents(batch)`, which checks the sequence number and
// the digest; one missed (a busy tab, a late join) is OUT_OF_SYNC, and the follower says hello
// to get the leader's snapshots. Seeded rolls are checked the same way: the follower rolls them
// again from the seeded position before them and must get the same faces and position after.
import { Dice, Encounter, Journey, TurnkeeperError, roll } from "turnkeeper";
import { VARS, beginAction, endAction, lastAction, note, noteBatch, recordCall } from "./code.js";
import { journeyLine } from "./lines.js";

const CHANNEL = "turnkeeper-demo";
const params = new URLSearchParams(location.search);

/** The journeys of the Travel section, by the key a saved game stores them under. */
export const JOURNEYS = ["hyb", "ose", "sea"];
const TARGETS = ["enc", ...JOURNEYS];
const LOG_LIMIT = 300;

/**
 * @typedef {{ text: string, kind: string, round: number | null, turn: string, ids?: string[] }} LogEntry
 * @typedef {{ text: string, day: number | null }} JourneyLogEntry
 * @typedef {{ notation: string, total: number, dice: any[], source: string, faces?: number[], before?: any, after?: any }} DiceRoll
 */

export const app = {
  /** @type {Encounter | null} */
  enc: null,
  /** @type {Record<string, Journey | null>} */
  journeys: { hyb: null, ose: null, sea: null },
  /** This tab only mirrors a leader tab. */
  follower: params.has("follow"),
  /** The encounter's log, oldest first, each line with the round and turn it happened in. @type {LogEntry[]} */
  log: [],
  /** Where the encounter's log stands: the round and turn new lines belong to. */
  logAt: { round: /** @type {number | null} */ (null), turn: "", side: false },
  /** One log per journey, oldest first. @type {Record<string, JourneyLogEntry[]>} */
  journeyLogs: { hyb: [], ose: [], sea: [] },
  /** Each journey's game time at its latest log line (seconds), or null when not known. @type {Record<string, number | null>} */
  journeyClock: { hyb: null, ose: null, sea: null },
  /** What the last change did that a GM must see (expiries, ongoing damage, deaths). @type {LogEntry[]} */
  recent: [],
  /** Participants the last change touched (their rows flash). @type {Set<string>} */
  touched: new Set(),
  /** Dice faces of the latest initiative roll, by participant or side. */
  lastDice: new Map(),
  /** World actions used in this world phase (the package refuses a second use; it does not list them). */
  worldUsed: new Set(),
  /** Page state that is not in the engine but belongs to the game (saved with it). */
  ui: {
    plans: new Map(),
    /** Greyhawk: a planned bonus action and advantage on the dice, by participant. @type {Map<string, { bonus: string, mode: string }>} */
    extras: new Map(),
    /** Miles made good on each journey, and miles sailed or walked while lost (not toward anywhere). */
    oseMiles: 0, seaMiles: 0, oseAstray: 0, seaAstray: 0,
  },
  /** The Dice tab's rolls, oldest first (synced to followers, not part of a saved game). */
  dice: { seq: 0, /** @type {DiceRoll[]} */ rolls: [], /** @type {any} */ state: undefined },
  /** Sync as this tab sees it: batches sent or applied, and the last problem healed. */
  sync: { sent: 0, applied: 0, healed: 0, last: "" },
  /**
   * Told of every local change: `set(target, object)` when an encounter or journey is replaced,
   * `batch(target, batch)` after each command (its events, number, digest and dice position).
   * Set by session.js.
   * @type {{ set(target: string, object: any): void, batch(target: string, batch: any): void } | null}
   */
  recorder: null,
  channel: typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null,
  /** @type {Set<() => void>} */
  listeners: new Set(),
};

export function onChange(fn) {
  app.listeners.add(fn);
}

export function notify() {
  for (const fn of app.listeners) fn();
}

function post(message) {
  if (!app.follower) app.channel?.postMessage(message);
}

// ---- logs ----

const nameOf = (id) => app.enc?.participant(id)?.name ?? id;

/** Where an event moves the log to (the heading of the lines from it on). */
function moveLog(e) {
  const at = app.logAt;
  switch (e.type) {
    case "encounterStarted": at.round = 0; at.turn = "Start"; break;
    case "declarationsOpened": at.round = e.round; at.turn = "Declarations"; break;
    case "roundStarted": at.round = e.round; at.turn = "Start of the round"; break;
    case "worldPhaseStarted": at.turn = "World phase"; break;
    // OSE: a side's members take their turns inside the side's; the side heads the lines.
    case "turnStarted": if (!at.side) (at.round = e.round), (at.turn = `${nameOf(e.participant)}'s turn`); break;
    case "sideTurnStarted": at.round = e.round; at.side = true; at.turn = `Side ${e.sides.join(" + ")}${e.slow ? " (slow weapons)" : ""}`; break;
    case "sideTurnEnded": at.side = false; break;
    case "phaseStarted": at.turn = `${at.turn.replace(/ · .*$/, "")} · ${e.phase} phase`; break;
    case "roundEnded": at.turn = "End of the round"; break;
    case "encounterEnded": at.turn = "After the fight"; break;
    default:
  }
}

/** A log line for an encounter event: the package's, with what a death save or damage led to. */
export function encounterLine(enc, e) {
  // World actions by name (the package's line gives the id).
  const world = (id) => enc.worldActions().find((w) => w.action.id === id)?.action.name ?? id;
  if (e.type === "rechargeRolled") return `${world(e.action)}: recharge d6 ${e.die.face}, ${e.recharged ? "ready again" : "not yet"}.`;
  if (e.type === "worldActionUsed") return `The environment uses ${world(e.action)}${e.targets?.length ? ` on ${e.targets.map(nameOf).join(", ")}` : ""}.`;
  let text = enc.describe(e);
  const outcomes = e.report?.outcomes ?? [];
  const extra = [];
  for (const o of outcomes) {
    if (o.type === "deathSaveSucceeded") extra.push(`success ${o.successes}/3`);
    else if (o.type === "deathSaveFailed") extra.push(`failure ${o.failures}/3`);
    else if (o.type === "died") extra.push("dies");
    else if (o.type === "stabilized") extra.push("stable");
    else if (o.type === "regainedConsciousness") extra.push("regains consciousness");
  }
  const check = e.report?.checks?.find((c) => c.kind === "deathSave");
  if (check) extra.unshift(`d20 ${check.natural}`);
  if (extra.length) text = `${text.replace(/\.$/, "")}: ${extra.join(", ")}.`;
  return text;
}

/** What a GM must not miss, from a command's events. */
function notable(enc, e) {
  switch (e.type) {
    case "effectsEnded": return { kind: "expired", ids: e.expiries.map((x) => x.effect.target) };
    case "damaged": return e.ongoing !== undefined || e.report.outcomes.some((o) => o.type === "died") ? { kind: e.ongoing !== undefined ? "ongoing" : "down", ids: [e.participant] } : null;
    case "incapacitated": return { kind: "down", ids: [e.participant] };
    case "creatureUpdated": return e.change === "deathSave" || e.change === "stabilized" ? { kind: "save", ids: [e.participant] } : null;
    case "rechargeRolled": return { kind: "world", ids: [] };
    case "spellDisrupted": return { kind: "down", ids: [e.participant] };
    default: return null;
  }
}

/** Whose row an event changes. */
function touches(e) {
  switch (e.type) {
    case "damaged": case "creatureUpdated": case "creatureSet": case "incapacitated": case "canActChanged": return [e.participant];
    case "effectsAdded": return e.added.map((a) => a.target);
    case "effectsEnded": return e.expiries.map((x) => x.effect.target);
    default: return [];
  }
}

/** The action the happenings belong to (code.js numbers them): a new one starts a new list. */
let recentFor = -1;

/** Log lines, happenings and initiative dice for encounter events (local or from the leader). */
export function remember(events, { fresh = true } = {}) {
  const enc = app.enc;
  if (fresh && recentFor !== lastAction.seq) {
    recentFor = lastAction.seq;
    app.recent = [];
    app.touched.clear();
  }
  for (const e of events) {
    if (fresh) for (const id of touches(e)) app.touched.add(id);
    if (e.type === "initiativeRolled") {
      for (const r of e.rolls) for (const p of r.participants) app.lastDice.set(p, r.dice ?? []);
    } else if (e.type === "sideInitiativeRolled") {
      for (const r of e.rolls) app.lastDice.set(`side:${r.side}`, r.die ? [{ die: r.die }] : (r.dice ?? []));
    } else if (e.type === "worldPhaseStarted" || e.type === "worldPhaseEnded") {
      app.worldUsed.clear();
    } else if (e.type === "worldActionUsed") {
      app.worldUsed.add(e.action);
    }
    if (!enc) continue;
    moveLog(e);
    const text = encounterLine(enc, e);
    const entry = { text, kind: e.type, round: app.logAt.round, turn: app.logAt.turn };
    app.log.push(entry);
    const n = fresh ? notable(enc, e) : null;
    if (n) app.recent.push({ ...entry, kind: n.kind, ids: n.ids });
  }
  if (app.log.length > LOG_LIMIT) app.log.splice(0, app.log.length - LOG_LIMIT);
}

/**
 * The OSE miles, from journey events as they happen (local or from the leader). A day that
 * began with the party losing its way (OSE-WILD-07, OSE-WATER-07) covers its miles in a
 * direction nobody chose: they count as astray, not as progress.
 */
function countMiles(events) {
  const lost = events.some((e) => e.type === "lostChecked" && e.lost);
  for (const e of events) {
    if (e.type === "wildernessDayEnded") app.ui[lost ? "oseAstray" : "oseMiles"] += e.miles;
    if (e.type === "waterDayEnded") app.ui[lost ? "seaAstray" : "seaMiles"] += e.miles;
  }
}

/**
 * Log lines for journey events, each under the day it happened on (counted from 1, as the
 * page shows days). The clock runs on from the events themselves: a start sets it, time
 * passing moves it; lines before the first of those (a restored game's older moves) go under
 * "earlier".
 */
export function rememberTravel(key, journey, events) {
  const log = app.journeyLogs[key];
  let t = app.journeyClock[key];
  const lost = events.some((e) => e.type === "lostChecked" && e.lost);
  for (const e of events) {
    let at = t;
    if (e.type === "started") at = t = e.at;
    else if (e.type === "timePassed") (at = e.advanced.from), (t = e.advanced.now);
    log.push({ text: journeyLine(journey, e, { lost }), day: at === null ? null : Math.floor(at / 86400) + 1 });
  }
  app.journeyClock[key] = t;
  if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
}

/** A new encounter: a new fight log, from its setting up. */
export function newFightLog() {
  app.log.length = 0;
  app.logAt = { round: 0, turn: "Setting up", side: false };
  app.recent = [];
  app.touched.clear();
  app.lastDice.clear();
  app.worldUsed.clear();
}

/** Forget the logs (a restored game refills them from its latest moves). */
export function clearLogs() {
  app.log.length = 0;
  app.logAt = { round: null, turn: "", side: false };
  app.recent = [];
  app.touched.clear();
  for (const k of JOURNEYS) (app.journeyLogs[k].length = 0), (app.journeyClock[k] = null);
}

// ---- the objects ----

/** The objects by sync target. */
function objectOf(target) {
  return target === "enc" ? app.enc : app.journeys[target];
}

/** Every local command: log it, save it, send it to the followers. */
function relay(target, batch) {
  app.recorder?.batch(target, batch);
  post({ kind: "batch", target, batch });
  app.sync.sent++;
  noteBatch(batch.seq, batch.digest);
}

/**
 * Make `enc` the current encounter; local events are logged, recorded and broadcast.
 * `record: false` when it comes from the saved game itself (restore, undo); `quiet: true` when
 * the caller redraws the page itself.
 */
export function setEncounter(enc, { announce = true, record = true, quiet = false } = {}) {
  if (app.enc !== enc) {
    app.enc?.free();
    newFightLog();
  }
  app.enc = enc;
  enc?.onEvents((events, batch) => {
    remember(events);
    relay("enc", batch);
    notify();
  });
  if (record && enc) app.recorder?.set("enc", enc);
  if (announce) post({ kind: "set", target: "enc", snapshot: enc ? enc.toJSON() : null });
  if (!quiet) notify();
}

/** Make `journey` the Travel section's journey `key` ("hyb", "ose" or "sea"). */
export function setJourney(key, journey, { announce = true, record = true } = {}) {
  if (app.journeys[key] !== journey) {
    app.journeys[key]?.free();
    // One log per journey, its clock where the journey stands.
    app.journeyLogs[key].length = 0;
    app.journeyClock[key] = journey ? journey.now : null;
  }
  app.journeys[key] = journey;
  journey?.onEvents((events, batch) => {
    countMiles(events);
    rememberTravel(key, journey, events);
    relay(key, batch);
    notify();
  });
  if (record && journey) app.recorder?.set(key, journey);
  if (announce) post({ kind: "set", target: key, snapshot: journey ? journey.toJSON() : null });
}

// ---- the Dice tab's rolls ----

const ROLLS_KEPT = 50;

/** A roll of the Dice tab: kept, and sent to the followers with the seeded position around it. */
export function shareRoll(result, { faces, before, after }) {
  const entry = { notation: result.notation, total: result.total, dice: result.dice, source: result.source, faces, before, after };
  app.dice.seq++;
  app.dice.rolls.push(entry);
  if (app.dice.rolls.length > ROLLS_KEPT) app.dice.rolls.shift();
  app.dice.state = after;
  post({ kind: "roll", seq: app.dice.seq, roll: entry });
  note(`the roll (#${app.dice.seq}) went to follower tabs${before ? ", with the seeded position before and after it" : ""}`);
  notify();
}

const sameFaces = (a, b) => JSON.stringify(a.map((d) => d.face)) === JSON.stringify(b.map((d) => d.face));

/** Follower: check a roll the way `applyEvents` checks a batch, then keep it. */
function followRoll(seq, entry) {
  if (seq !== app.dice.seq + 1) throw new TurnkeeperError("OUT_OF_SYNC", `roll #${seq} arrived after roll #${app.dice.seq}`);
  if (entry.before) {
    // Seeded: the same stream from the same position must give the same faces and end where the leader's did.
    const dice = recordCall(`const dice = Dice.fromState(roll.before)`, () => Dice.fromState(entry.before));
    try {
      const again = recordCall(`dice.roll(${JSON.stringify(entry.notation)})`, () => dice.roll(entry.notation));
      if (!sameFaces(again.dice, entry.dice) || JSON.stringify(dice.state()) !== JSON.stringify(entry.after)) {
        throw new TurnkeeperError("OUT_OF_SYNC", `roll #${seq} does not follow from its seeded position`);
      }
    } finally {
      dice.free();
    }
  } else if (entry.faces) {
    const again = recordCall(`roll(${JSON.stringify(entry.notation)}, { faces: roll.faces })`, () => roll(entry.notation, { faces: entry.faces }));
    if (!sameFaces(again.dice, entry.dice)) throw new TurnkeeperError("OUT_OF_SYNC", `roll #${seq} does not match its faces`);
  }
  app.dice.seq = seq;
  app.dice.rolls.push(entry);
  if (app.dice.rolls.length > ROLLS_KEPT) app.dice.rolls.shift();
  if (entry.after) app.dice.state = entry.after;
}

// ---- following ----

/** Everything a new follower needs: snapshots, the rolls, the logs and the page's own state. */
function fullState() {
  const snapshots = {};
  for (const t of TARGETS) snapshots[t] = objectOf(t)?.toJSON() ?? null;
  return {
    kind: "state",
    snapshots,
    dice: app.dice,
    logs: { enc: app.log, logAt: app.logAt, clock: app.journeyClock, ...app.journeyLogs },
    ui: { oseMiles: app.ui.oseMiles, seaMiles: app.ui.seaMiles, oseAstray: app.ui.oseAstray, seaAstray: app.ui.seaAstray },
    lastDice: [...app.lastDice],
    worldUsed: [...app.worldUsed],
  };
}

function load(target, snapshot, from) {
  const old = objectOf(target);
  const Kind = target === "enc" ? Encounter : Journey;
  const next = snapshot === null ? null : recordCall(`${VARS[target]} = ${Kind.name}.fromJSON(${from})`, () => Kind.fromJSON(snapshot));
  if (target === "enc") app.enc = next;
  else app.journeys[target] = next;
  if (old !== next) old?.free();
}

function receive(data) {
  switch (data.kind) {
    case "state": {
      beginAction("follow: load the leader's snapshots");
      for (const t of TARGETS) load(t, data.snapshots[t], `snapshots.${t}`);
      Object.assign(app.dice, structuredClone(data.dice));
      app.log.splice(0, app.log.length, ...data.logs.enc);
      app.logAt = data.logs.logAt;
      for (const k of JOURNEYS) app.journeyLogs[k].splice(0, app.journeyLogs[k].length, ...data.logs[k]);
      app.journeyClock = data.logs.clock;
      Object.assign(app.ui, data.ui);
      app.lastDice = new Map(data.lastDice);
      app.worldUsed = new Set(data.worldUsed);
      app.recent = [];
      app.touched.clear();
      app.sync.last = "Synchronised from the leader's snapshots.";
      break;
    }
    case "set":
      beginAction(`follow: the leader's new ${VARS[data.target]}`);
      load(data.target, data.snapshot, "snapshot");
      if (data.target === "enc") newFightLog();
      else (app.journeyLogs[data.target].length = 0), (app.journeyClock[data.target] = app.journeys[data.target]?.now ?? null);
      break;
    case "batch": {
      const object = objectOf(data.target);
      if (!object) throw new TurnkeeperError("OUT_OF_SYNC", `a batch for a ${data.target} this tab does not have`);
      beginAction(`follow: the leader's batch #${data.batch.seq}`);
      recordCall(`${VARS[data.target]}.applyEvents(batch)`, () => object.applyEvents(data.batch));
      note(`the batch's number and digest were checked: this tab now matches the leader's digest ${data.batch.digest}`);
      if (data.target === "enc") remember(data.batch.events);
      else countMiles(data.batch.events), rememberTravel(data.target, object, data.batch.events);
      app.sync.applied++;
      break;
    }
    case "roll":
      beginAction(`follow: the leader's roll #${data.seq}`);
      followRoll(data.seq, data.roll);
      break;
    default:
  }
}

/** Follower side: mirror the leader from snapshots, batches and rolls (never rolling itself). */
export function startFollowing() {
  if (!app.channel) return;
  const channel = app.channel;
  channel.onmessage = (msg) => {
    try {
      receive(msg.data);
    } catch (e) {
      if (e instanceof TurnkeeperError && e.code === "OUT_OF_SYNC") note("OUT_OF_SYNC: nothing changed here; asked the leader for its snapshots");
      if (e instanceof TurnkeeperError && e.code === "OUT_OF_SYNC") {
        // Missed something: nothing changed here; the leader's snapshots heal it.
        app.sync.healed++;
        app.sync.last = `Missed an update (${e.message}); asked the leader for its snapshots.`;
        channel.postMessage({ kind: "hello" });
      } else {
        app.sync.last = `Could not follow: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    endAction();
    notify();
  };
  channel.postMessage({ kind: "hello" });
}

/** Leader side: send every follower everything (after an undo, a redo or another game). */
export function broadcastState() {
  post(fullState());
}

/** Leader side: answer a new (or lost) follower with everything. */
export function startLeading() {
  if (!app.channel) return;
  app.channel.onmessage = (msg) => {
    if (msg.data?.kind === "hello") app.channel?.postMessage(fullState());
  };
}
