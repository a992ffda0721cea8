// Shared demo state: the current encounter, the event log, and the sync channel that lets a
// second tab follow this one through events alone (as VTT clients would over their channels).
import { Encounter } from "turnkeeper";

const CHANNEL = "turnkeeper-demo";
const params = new URLSearchParams(location.search);

export const app = {
  /** @type {Encounter | null} */
  enc: null,
  /** This tab only mirrors a leader tab. */
  follower: params.has("follow"),
  /** @type {{ text: string, kind: string }[]} */
  log: [],
  /** Dice faces of the latest initiative roll, by participant or side. */
  lastDice: new Map(),
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

function remember(events) {
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

/** Make `enc` the current encounter; local events are logged and broadcast. */
export function setEncounter(enc, { announce = true } = {}) {
  app.enc?.free();
  app.enc = enc;
  app.lastDice.clear();
  enc.onEvents((events) => {
    remember(events);
    app.channel?.postMessage({ kind: "events", events });
    notify();
  });
  if (announce) app.channel?.postMessage({ kind: "snapshot", snapshot: enc.toJSON() });
  notify();
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
      } else if (data.kind === "events" && app.enc) {
        app.enc.applyEvents(data.events);
        remember(data.events);
      }
      notify();
    } catch (e) {
      app.log.unshift({ text: `Could not follow: ${e instanceof Error ? e.message : String(e)}`, kind: "error" });
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
