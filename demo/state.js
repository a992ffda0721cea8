// Shared demo state: the current encounter and journeys, the logs, and the sync channel that
// lets a second tab follow this one through events alone (as VTT clients would over their
// channels). Every local command's events also go to `app.recorder` (the saved game, session.js).
import { Encounter, TurnkeeperError } from "turnkeeper";

const CHANNEL = "turnkeeper-demo";
const params = new URLSearchParams(location.search);

/** The journeys of the Travel section, by the key a saved game stores them under. */
export const JOURNEYS = ["hyb", "ose", "sea"];

export const app = {
  /** @type {Encounter | null} */
  enc: null,
  /** @type {Record<string, import("turnkeeper").Journey | null>} */
  journeys: { hyb: null, ose: null, sea: null },
  /** This tab only mirrors a leader tab. */
  follower: params.has("follow"),
  /** @type {{ text: string, kind: string }[]} */
  log: [],
  /** @type {string[]} */
  travelLog: [],
  /** Dice faces of the latest initiative roll, by participant or side. */
  lastDice: new Map(),
  /** Page state that is not in the engine but belongs to the game (saved with it). */
  ui: { plans: new Map(), oseMiles: 0 },
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

/** Log lines and the latest initiative dice for encounter events. */
export function remember(events) {
  for (const e of events) {
    if (e.type === "initiativeRolled") {
      for (const r of e.rolls) for (const p of r.participants) app.lastDice.set(p, r.dice ?? []);
    } else if (e.type === "sideInitiativeRolled") {
      for (const r of e.rolls) app.lastDice.set(`side:${r.side}`, r.die ? [{ die: r.die }] : (r.dice ?? []));
    }
    if (app.enc) app.log.unshift({ text: app.enc.describe(e), kind: e.type });
  }
  app.log.length = Math.min(app.log.length, 200);
}

/** Log lines for journey events. */
export function rememberTravel(journey, events) {
  for (const e of events) app.travelLog.unshift(journey.describe(e));
  app.travelLog.length = Math.min(app.travelLog.length, 120);
}

/**
 * Make `enc` the current encounter; local events are logged, recorded and broadcast.
 * `record: false` when it comes from the saved game itself (restore, undo).
 */
export function setEncounter(enc, { announce = true, record = true } = {}) {
  if (app.enc !== enc) app.enc?.free();
  app.enc = enc;
  app.lastDice.clear();
  enc?.onEvents((events, batch) => {
    remember(events);
    app.recorder?.batch("enc", batch);
    app.channel?.postMessage({ kind: "batch", batch });
    notify();
  });
  if (record && enc) app.recorder?.set("enc", enc);
  if (announce && enc) app.channel?.postMessage({ kind: "snapshot", snapshot: enc.toJSON() });
  notify();
}

/** Make `journey` the Travel section's journey `key` ("hyb", "ose" or "sea"). */
export function setJourney(key, journey, { record = true } = {}) {
  if (app.journeys[key] !== journey) app.journeys[key]?.free();
  app.journeys[key] = journey;
  journey?.onEvents((events, batch) => {
    rememberTravel(journey, events);
    if (key === "ose") for (const e of events) if (e.type === "wildernessDayEnded") app.ui.oseMiles += e.miles;
    app.recorder?.batch(key, batch);
  });
  if (record && journey) app.recorder?.set(key, journey);
}

/** Follower side: mirror the leader from snapshots and events (never rolling itself). */
export function startFollowing() {
  if (!app.channel) return;
  app.channel.onmessage = (msg) => {
    const data = msg.data;
    try {
      if (data.kind === "snapshot") {
        app.enc?.free();
        app.enc = Encounter.fromJSON(data.snapshot);
        app.lastDice.clear();
        app.log.unshift({ text: "Synchronised from the leader's snapshot.", kind: "sync" });
      } else if (data.kind === "batch" && app.enc) {
        // A batch is checked: one that was missed (this tab was busy, or opened late) is
        // OUT_OF_SYNC, and the leader's snapshot heals it.
        app.enc.applyEvents(data.batch);
        remember(data.batch.events);
      }
      notify();
    } catch (e) {
      if (e instanceof TurnkeeperError && e.code === "OUT_OF_SYNC") {
        app.log.unshift({ text: "Missed an update; asking the leader for its snapshot.", kind: "sync" });
        app.channel?.postMessage({ kind: "hello" });
      } else {
        app.log.unshift({ text: `Could not follow: ${e instanceof Error ? e.message : String(e)}`, kind: "error" });
      }
      notify();
    }
  };
  app.channel.postMessage({ kind: "hello" });
}

/** Leader side: answer a new follower with the current snapshot. */
export function startLeading() {
  if (!app.channel) return;
  app.channel.onmessage = (msg) => {
    if (msg.data?.kind === "hello" && app.enc) app.channel?.postMessage({ kind: "snapshot", snapshot: app.enc.toJSON() });
  };
}
