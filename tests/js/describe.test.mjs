// Localisable descriptions: every log line comes from the message catalogue (English by
// default, shipped as `turnkeeper/messages/en.json`), a caller's catalogue replaces the keys it
// carries, and no line leaks an internal enum name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Encounter, Journey, TurnkeeperError } from "turnkeeper";

/** @type {Record<string, string>} */
const english = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve("turnkeeper/messages/en.json")), "utf8"));

/** A varied encounter and journey, with every event each produced. */
function session() {
  const enc = new Encounter({ ruleset: "a5e", seed: 11 });
  /** @type {import("turnkeeper").EncounterEvent[]} */
  const encounterEvents = [];
  const e = (/** @type {import("turnkeeper").EncounterEvent[]} */ ev) => encounterEvents.push(...ev);
  e(enc.add({ id: "aria", name: "Aria", side: "party", dex: 14 }));
  e(enc.add({ id: "orc", name: "Grumsh", side: "orcs", dex: 10 }));
  e(enc.setCreature("orc", { kind: "monster", zeroHp: "dies", hp: { current: 15, max: 15 }, level: 1 }));
  e(enc.start());
  e(enc.addCondition("orc", "frightened", { until: { type: "rounds", count: 1 } }));
  e(enc.damage("orc", { amount: 4, damageType: "fire" }));
  e(enc.endTurn());
  e(enc.endTurn());
  e(enc.remove("orc"));
  e(enc.end());

  const j = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 5 });
  /** @type {import("turnkeeper").JourneyEvent[]} */
  const journeyEvents = [];
  const k = (/** @type {import("turnkeeper").JourneyEvent[]} */ ev) => journeyEvents.push(...ev);
  k(j.start({ hour: 8 }));
  k(j.addMember({ id: "pc-a", bestModifier: 6 }));
  k(j.addLight("torch", "torch"));
  k(j.light("torch"));
  k(j.advanceHours(2));
  k(j.changeMode("hybOverland"));
  k(j.rollToReturn("arduous"));
  return { enc, encounterEvents, j, journeyEvents };
}

test("English lines come from the shipped catalogue and leak no internal names", () => {
  const { enc, encounterEvents, j, journeyEvents } = session();
  assert.ok(Object.keys(english).length > 200);
  const lines = [...encounterEvents.map((e) => enc.describe(e)), ...journeyEvents.map((e) => j.describe(e))];
  for (const line of lines) {
    assert.doesNotMatch(line, /\{[a-z]+\}/, `a placeholder left unfilled: ${line}`);
    assert.doesNotMatch(line, /\b(Hyb|Ose)[A-Z]|\b(Arduous|Dangerous|NearGale|FightingWithdrawal)\b/, `an internal name: ${line}`);
  }
  assert.ok(lines.includes("Grumsh leaves the encounter."), "a removed participant is named, not its id");
  assert.ok(lines.some((l) => l.startsWith("Journey started (dungeon exploration) at")), lines.join("\n"));
  assert.ok(lines.some((l) => l.startsWith("Rolling to return (the arduous way)")), lines.join("\n"));
});

test("describe(event, { messages }) renders every line from the caller's catalogue", () => {
  const { enc, encounterEvents, j, journeyEvents } = session();
  // A catalogue whose every template is its key in brackets: a line made only of such keys
  // (and the joins between sentences) has no text that did not come from the catalogue.
  /** @type {Record<string, string>} */
  const marked = {};
  for (const key of Object.keys(english)) marked[key] = `[${key}]`;
  const lines = [
    ...encounterEvents.map((e) => enc.describe(e, { messages: marked })),
    ...journeyEvents.map((e) => j.describe(e, { messages: marked })),
  ].filter((l) => l !== "");
  assert.ok(lines.length > 15);
  for (const line of lines) assert.match(line, /^\[[A-Za-z.]+\]((; | )\[[A-Za-z.]+\])*$/, line);

  // A partial translation: the keys it carries, English for the rest, placeholders by name.
  const fr = { "encounter.participantRemoved": "{who} quitte la rencontre.", "encounter.roundStarted": "Le round {round} commence." };
  const removed = encounterEvents.find((e) => e.type === "participantRemoved");
  assert.ok(removed);
  assert.equal(enc.describe(removed, { messages: fr }), "Grumsh quitte la rencontre.");
  const round = encounterEvents.find((e) => e.type === "roundStarted");
  assert.ok(round);
  assert.equal(enc.describe(round, { messages: fr }), "Le round 1 commence.");
  const started = journeyEvents[0];
  assert.ok(started);
  assert.equal(j.describe(started, { messages: fr }), j.describe(started));
});

test("a catalogue with an unknown key or a template that is not text is INVALID_DATA", () => {
  const { enc, encounterEvents } = session();
  const event = encounterEvents[0];
  assert.ok(event);
  const before = JSON.stringify(enc.toJSON());
  for (const messages of [{ "encounter.roundStartd": "x" }, /** @type {any} */ ({ "encounter.roundStarted": 3 })]) {
    assert.throws(
      () => enc.describe(event, { messages }),
      (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === "INVALID_DATA",
    );
  }
  assert.equal(JSON.stringify(enc.toJSON()), before);
});
