// The Journey facade from JS: the clock, light, supplies, HYB travel turns and rolling to
// return, OSE wilderness days, replay on a second client, snapshots and errors. Worked
// examples replay the sources' dice with supplied faces.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Encounter, Journey, TurnkeeperError } from "turnkeeper";

/** @typedef {import("turnkeeper").JourneyEvent} JourneyEvent */

const HOUR = 3600;
/** @param {number} day @param {number} hour @param {number} [minute] */
const at = (day, hour, minute = 0) => day * 86400 + hour * HOUR + minute * 60;

/**
 * @template {JourneyEvent["type"]} T
 * @param {JourneyEvent[]} events
 * @param {T} type
 * @returns {Extract<JourneyEvent, { type: T }>[]}
 */
function ofType(events, type) {
  return /** @type {Extract<JourneyEvent, { type: T }>[]} */ (events.filter((e) => e.type === type));
}

/** @param {JourneyEvent[]} events */
function happenings(events) {
  return ofType(events, "timePassed").flatMap((e) => e.advanced.happenings);
}

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

/** Two PCs from EX-HYB-01 in a HYB dungeon started at 09:00. */
function hybParty() {
  const j = new Journey({ ruleset: "hyb", mode: "hybDungeon" });
  j.addMember({ id: "pc-a", bestModifier: 6 });
  j.addMember({ id: "pc-b", bestModifier: 5 });
  j.start({ hour: 9 });
  return j;
}

test("EX-HYB-01: four travel turns away, DC 14; the arduous path costs PC-B 2 loads", () => {
  const j = hybParty();
  for (const face of [15, 9, 18, 12]) j.advanceTravelTurn("ordinary", { faces: [face] });
  assert.equal(j.travelTurnsAway, 4);
  assert.equal(j.returnDc, 14);
  // PC-A: natural 11 + 6 = 17 ≥ 14; PC-B: natural 7 + 5 = 12, 2 short.
  const events = j.rollToReturn("arduous", [], { faces: [11, 7] });
  const [rolled] = ofType(events, "returnRolled");
  assert.ok(rolled);
  const [a, b] = rolled.results;
  assert.ok(a && b);
  assert.deepEqual([a.id, a.dc, a.total, a.success], ["pc-a", 14, 17, true]);
  assert.equal(a.cost, undefined);
  assert.deepEqual([b.id, b.total, b.success, b.missedBy], ["pc-b", 12, false, 2]);
  assert.deepEqual(b.cost, { type: "loadsLost", loads: 2 });
  assert.match(j.describe(rolled), /pc-b 12 vs DC 14/);
  // Rolling to return brings the party back: the count starts again.
  assert.equal(j.travelTurnsAway, 0);
});

test("EX-HYB-08 / HYB-TIME: time dice (3, 2) → 05:00, then (6) and (6, 1) as travel turns pass", () => {
  const j = new Journey({ ruleset: "hyb", mode: "hybDungeon" });
  const [started] = ofType(j.start({ timeDice: 2, faces: [3, 2] }), "started");
  assert.ok(started?.timeDice);
  assert.equal(started.at, at(0, 5));
  assert.deepEqual(started.timeDice.dice.map((d) => d.face), [3, 2]);
  assert.deepEqual(j.timeDice(), [5]);
  assert.deepEqual(ofType(j.advanceTravelTurn("cautious", { faces: [4, 15] }), "timeDiceShown")[0]?.dice, [6]);
  assert.deepEqual(j.timeDice(), [6]);
  const shown = ofType(j.advanceTravelTurn("cautious", { faces: [20, 2] }), "timeDiceShown");
  assert.deepEqual(shown[0]?.dice, [6, 1]);
  assert.deepEqual(j.timeOfDay(), { day: 0, hour: 7, minute: 0, second: 0 });
  // HYB-TIME-02: the GM sets the dice to (6, 6, 6, 2) = 20:00.
  j.setHour(20);
  assert.deepEqual(j.timeDice(), [6, 6, 6, 2]);
  assert.equal(j.now, at(0, 20));
  // Time dice are a HYB procedure: an OSE journey shows none.
  const ose = new Journey({ ruleset: "ose", mode: "oseDungeon" });
  ose.start({ hour: 7 });
  assert.equal(ose.timeDice(), undefined);
});

test("EX-HYB-12 / HYB-LIGHT: a torch lit at 09:00 burns out at 10:00, a lantern at 12:00", () => {
  const j = hybParty();
  j.addLight("torch", "torch");
  j.addLight("lantern", "lantern");
  const [torch, lantern] = j.lights();
  assert.deepEqual(torch?.spec, { kind: "torch", level: "dim", radius: 30, burn: HOUR });
  assert.equal(lantern?.spec.burn, 3 * HOUR);
  assert.equal(j.lightLevel({ distance: 10 }), "darkness");
  j.light("torch");
  j.light("lantern");
  assert.equal(j.lightLevel({ distance: 30 }), "dim");
  assert.equal(j.lightLevel({ distance: 35 }), "darkness");
  assert.equal(j.lightLevel({ distance: 10, ambient: "bright" }), "bright");
  // The warning comes 10 minutes ahead (the default lead).
  const warned = happenings(j.advance({ type: "minutes", count: 50 }));
  assert.deepEqual(warned, [{ type: "lightLow", id: "torch", at: at(0, 9, 50), remaining: 600 }]);
  assert.deepEqual(j.lights().map((l) => l.remaining), [600, 3 * HOUR - 3000]);
  const out = happenings(j.advance({ type: "minutes", count: 10 }));
  assert.deepEqual(out, [{ type: "lightExpired", id: "torch", at: at(0, 10) }]);
  const lanternOut = happenings(j.advanceHours(2)).filter((h) => h.type === "lightExpired");
  assert.deepEqual(lanternOut, [{ type: "lightExpired", id: "lantern", at: at(0, 12) }]);
  assert.equal(j.lightLevel({ distance: 5 }), "darkness");
  assert.equal(j.timeOfDay().hour, 12);
});

test("HYB-LIGHT: a doused torch keeps its burn time and carries on when relit", () => {
  const j = hybParty();
  j.addLight("torch", "torch");
  j.light("torch");
  j.advance({ type: "minutes", count: 30 });
  j.douse("torch");
  j.advanceHours(3);
  assert.deepEqual(j.lights().map((l) => [l.lit, l.remaining]), [[false, 1800]]);
  j.relight("torch");
  const out = happenings(j.advance({ type: "minutes", count: 30 })).filter((h) => h.type === "lightExpired");
  assert.deepEqual(out, [{ type: "lightExpired", id: "torch", at: at(0, 13) }]);
});

test("HYB supply: SUP ticks down hourly; eating and restocking are commands", () => {
  const j = hybParty();
  j.addSupply("sup", "sup", 3, { every: HOUR, uses: 1 });
  j.addSupply("rations", "rations", 7);
  const used = happenings(j.advanceHours(2));
  assert.deepEqual(used, [{ type: "supplyUsed", id: "sup", used: 2, left: 1 }]);
  assert.deepEqual(j.consume("rations", 2), [{ type: "supplySpent", id: "rations", amount: 2, left: 5 }]);
  j.restock("sup", 4);
  assert.deepEqual(j.supplies().map((s) => [s.id, s.amount]), [["sup", 5], ["rations", 5]]);
});

test("OSE wilderness day (OSE-WILD-06): lost in the hills, one wandering encounter at EX-OSE-15 distances", () => {
  const j = new Journey({ ruleset: "ose", mode: "oseWilderness" });
  j.addMember({ id: "ana", movement: 120 });
  j.addMember({ id: "bo", movement: 120 });
  j.start({ hour: 8 });
  // Lost 2-in-6: 2 → lost. Two wandering checks at 2-in-6: 5 (none), 1 (an encounter).
  const day = j.wildernessDay({ route: { terrain: "hills" }, activity: "travel", wanderChecks: 2 }, { faces: [2, 5, 1] });
  const [lost] = ofType(day, "lostChecked");
  assert.equal(lost?.lost, true);
  assert.equal(lost?.roll?.die.face, 2);
  const checks = Journey.wanderingChecks(day);
  assert.deepEqual(checks.map((c) => [c.context, c.roll.success]), [["wilderness", false], ["wilderness", true]]);
  const [ended] = ofType(day, "wildernessDayEnded");
  assert.equal(ended?.miles, 16); // 120 ÷ 5 = 24 miles, hills two-thirds
  assert.equal(j.now, at(1, 8));
  // EX-OSE-15: 4d6 = 14 → 140 yd; 1d4 = 3 → 30 yd if either side is surprised.
  const far = ofType(j.encounterDistance(false, { faces: [3, 4, 3, 4] }), "encounterDistance")[0];
  assert.deepEqual(far?.distance, { unit: "yards", value: 140 });
  const near = ofType(j.encounterDistance(true, { faces: [3] }), "encounterDistance")[0];
  assert.deepEqual(near?.distance, { unit: "yards", value: 30 });
  for (const e of day) assert.equal(typeof j.describe(e), "string");
});

test("EX-OSE-15 / OSE-DUNG-13: the dungeon's wandering check comes every 2 turns; a 1 meets monsters at 70 ft", () => {
  const j = new Journey({ ruleset: "ose", mode: "oseDungeon" });
  j.addMember({ id: "ana" });
  j.start({ hour: 8 });
  const first = j.explore(undefined, { faces: [1] });
  assert.equal(Journey.wanderingChecks(first)[0]?.roll.success, true);
  assert.equal(ofType(first, "dungeonTurnEnded")[0]?.moved, 120);
  const dist = ofType(j.encounterDistance(false, { faces: [3, 4] }), "encounterDistance")[0];
  assert.deepEqual(dist?.distance, { unit: "feet", value: 70 });
  assert.deepEqual(Journey.wanderingChecks(j.rest({ faces: [] })), []);
  assert.equal(Journey.wanderingChecks(j.explore(undefined, { faces: [4] }))[0]?.roll.success, false);
  assert.equal(j.view().dungeon.turns, 3);
  assert.equal(j.timeOfDay().minute, 30);
  j.advanceTurns(2); // time only: no turn procedure, no wandering check
  assert.deepEqual(j.timeOfDay(), { day: 0, hour: 8, minute: 50, second: 0 });
  assert.equal(j.view().dungeon.turns, 3);
});

test("OSE-WATER-07: a waterborne day in a gale, then a wrecking landfall", () => {
  const j = new Journey({ ruleset: "ose", mode: "oseWaterborne" });
  j.addMember({ id: "ana" });
  j.start({ hour: 6 });
  const plan = /** @type {import("turnkeeper").WaterDayPlan} */ ({ waters: { type: "sea", inSightOfLand: false }, navigator: true });
  assert.throws(() => j.waterDay(plan, { faces: [3, 6, 6, 2, 6] }), fails("OUT_OF_ORDER"));
  j.setVessel({ base: 360, seaworthy: true, propulsion: "sail" });
  // Not lost (3), wind 6 + 6 = 12: a gale, drift 1d6 = 2; wandering check 6 (none).
  const day = j.waterDay(plan, { faces: [3, 6, 6, 2, 6] });
  assert.deepEqual(day.slice(0, 5).map((e) => e.type), ["lostChecked", "windRolled", "stormResolved", "wanderingChecked", "waterDayEnded"]);
  assert.equal(ofType(day, "windRolled")[0]?.wind.total, 12);
  assert.equal(ofType(day, "waterDayEnded")[0]?.miles, 216);
  assert.equal(j.view().vessel?.drivenByGale, true);
  assert.equal(ofType(j.galeLandfall({ faces: [40] }), "landfallRolled")[0]?.wrecked, true);
  assert.throws(() => j.waterDay(plan, { faces: [3, 3, 3, 3] }), fails("NOT_ALLOWED"));
});

test("C-01: an encounter's rounds advance the journey clock and burn its torches", () => {
  const j = hybParty();
  j.addLight("torch", "torch");
  j.light("torch");
  j.advanceRounds(10);
  assert.equal(j.now, at(0, 9, 1));
  const enc = new Encounter({ ruleset: "hyb", seed: 3 });
  enc.add({ id: "pc-a", name: "A", side: "party" });
  enc.add({ id: "orc", name: "Orc", side: "foes", npc: true });
  enc.start(); // HYB orders by Dex: no dice
  while (enc.round < 5) enc.nextRound();
  assert.equal(enc.elapsedSeconds, 30);
  const [passed] = ofType(j.advanceForEncounter(enc), "timePassed");
  assert.equal(passed?.by, 30);
  assert.equal(j.lights()[0]?.remaining, HOUR - 90);
  // An OSE journey's rounds are 10 seconds (OSE-TIME-02).
  const ose = new Journey({ ruleset: "ose", mode: "oseDungeon" });
  ose.start({ hour: 8 });
  ose.advanceRounds(6);
  assert.equal(ose.now, at(0, 8, 1));
  assert.equal(ose.config.roundLength, 10);
});

test("OSE-ENC-06 / OSE-DUNG-09: an encounter passes at least a turn and counts toward the dungeon rest", () => {
  const ose = new Journey({ ruleset: "ose", mode: "oseDungeon" });
  ose.start({ hour: 8 });
  const enc = new Encounter({ ruleset: "ose", seed: 3 });
  enc.add({ id: "pc-a", name: "A", side: "party" });
  enc.add({ id: "orc", name: "Orc", side: "foes", npc: true });
  enc.start();
  enc.rollInitiative({ faces: [5, 2] });
  assert.ok(enc.elapsedSeconds < 600);
  const events = ose.advanceForEncounter(enc);
  assert.equal(ofType(events, "timePassed")[0]?.by, 600);
  assert.equal(ose.now, at(0, 8, 10));
  ose.advanceTurns(5);
  assert.equal(ose.view().dungeon.turnsSinceRest, 6);
  assert.equal(ose.view().dungeon.fatigued, true);
});

test("a second Journey converges from the events alone", () => {
  /** @type {JourneyEvent[]} */
  const log = [];
  const j = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 42 });
  const off = j.onEvents((events) => log.push(...events));
  j.addMember({ id: "pc-a", bestModifier: 6 });
  j.addMember({ id: "pc-b", bestModifier: 2 });
  j.start({ timeDice: 2 });
  j.addLight("torch", "torch");
  j.light("torch");
  j.addSupply("sup", "sup", 4, { every: HOUR, uses: 1 });
  j.advanceTravelTurn("cautious");
  for (let i = 0; i < 3; i++) j.recordScene();
  j.advanceRounds(12);
  j.rollToReturn("dangerous");
  off();
  const logged = log.length;
  const other = new Journey({ ruleset: "hyb" });
  other.applyEvents(log);
  assert.deepEqual(other.toJSON().journey, j.toJSON().journey);
  assert.deepEqual(other.view(), j.view());
  assert.ok(j.toJSON().dice, "a seeded journey saves its dice position");
  assert.equal(other.toJSON().dice, undefined);
  // After unsubscribing, new events are not logged: the copy falls behind until it gets them.
  const later = j.advanceHours(1);
  assert.equal(log.length, logged);
  assert.notDeepEqual(other.toJSON().journey, j.toJSON().journey);
  other.applyEvents(later);
  assert.deepEqual(other.toJSON().journey, j.toJSON().journey);
});

test("the same events reach the same snapshot, and fromJSON restores the dice stream", () => {
  /** @type {JourneyEvent[]} */
  const log = [];
  const a = new Journey({ ruleset: "hyb", mode: "hybOverland" });
  a.onEvents((events) => log.push(...events));
  a.addMember({ id: "pc-a", bestModifier: 3, strModifier: 2 });
  a.start({ hour: 6 });
  a.travelTurn({ caution: "ordinary", overland: { light: "bright" } }, { faces: [12] });
  const b = new Journey({ ruleset: "hyb" });
  b.applyEvents(log);
  // Bare events carry no batch numbers, so only the journeys themselves are compared; batches
  // make the whole snapshots equal (see sync.test.mjs).
  assert.deepEqual(b.toJSON().journey, a.toJSON().journey);
  assert.equal(ofType(log, "overlandCovered")[0]?.miles, 12); // EX-HYB-06: 10 + STR +2
  // Seeded dice continue the same stream after a restore.
  const s = new Journey({ ruleset: "hyb", mode: "hybSea", seed: 7 });
  s.start({ hour: 6 });
  const copy = Journey.fromJSON(s.toJSON());
  assert.deepEqual(copy.travelTurn(), s.travelTurn());
  assert.deepEqual(copy.toJSON(), s.toJSON());
});

test("a tampered snapshot is refused with SNAPSHOT_INVALID", () => {
  const j = hybParty();
  j.advanceTravelTurn("ordinary", { faces: [8] });
  const snap = /** @type {{ journey: { journey: { travelTurnsAway: number } } }} */ (j.toJSON());
  assert.equal(snap.journey.journey.travelTurnsAway, 1);
  snap.journey.journey.travelTurnsAway = 0;
  assert.throws(() => Journey.fromJSON(snap), fails("SNAPSHOT_INVALID"));
  assert.throws(() => Journey.fromJSON("{not json"), fails("SNAPSHOT_INVALID"));
  assert.throws(() => Journey.fromJSON({ journey: { v: 2 } }), fails("SNAPSHOT_INVALID"));
  assert.throws(() => Journey.fromJSON(" ".repeat(1_100_000)), fails("SNAPSHOT_INVALID")); // past the size limit
  // The untouched snapshot still loads.
  assert.equal(Journey.fromJSON(JSON.stringify(j)).travelTurnsAway, 1);
});

test("bad commands fail with their codes and leave toJSON() unchanged", () => {
  const fresh = new Journey({ ruleset: "hyb", mode: "hybDungeon" });
  const blank = JSON.stringify(fresh.toJSON());
  assert.throws(() => fresh.advanceTravelTurn("ordinary", { faces: [3] }), fails("OUT_OF_ORDER"));
  assert.throws(() => fresh.advanceHours(1), fails("OUT_OF_ORDER"));
  assert.equal(JSON.stringify(fresh.toJSON()), blank);

  const j = hybParty();
  j.addLight("torch", "torch");
  const before = JSON.stringify(j.toJSON());
  /** @type {[() => unknown, string][]} */
  const cases = [
    [() => j.light("nope"), "UNKNOWN_ID"],
    [() => j.douse("nope"), "UNKNOWN_ID"],
    [() => j.rollToReturn("arduous", ["nobody"], { faces: [10] }), "UNKNOWN_ID"],
    [() => j.start({ hour: 10 }), "OUT_OF_ORDER"],
    [() => j.advanceTravelTurn("cautious", { faces: [12] }), "FACES_EXHAUSTED"],
    [() => j.advanceTravelTurn("ordinary", { faces: [21] }), "INVALID_FACE"],
    [() => j.advanceTravelTurn("ordinary", { faces: [0] }), "INVALID_FACE"],
    [() => j.wildernessDay({ route: { terrain: "hills" }, activity: "travel" }, { faces: [1, 1] }), "NOT_ALLOWED"],
    [() => j.setHour(25), "INVALID_ARGUMENT"],
    [() => j.consume("rations"), "UNKNOWN_ID"],
    [() => j.execute(/** @type {any} */ ({ type: "teleport" })), "INVALID_ARGUMENT"],
    [() => j.applyEvents([{ type: "lightLit", id: "nope" }]), "UNKNOWN_ID"],
    [() => j.lightLevel({ ambient: /** @type {any} */ ("glowing") }), "INVALID_ARGUMENT"],
  ];
  for (const [run, code] of cases) {
    assert.throws(run, fails(code), code);
    assert.equal(JSON.stringify(j.toJSON()), before, `unchanged after ${code}`);
  }
  assert.throws(() => new Journey({ ruleset: /** @type {any} */ ("gh5e") }), fails("INVALID_ARGUMENT"));
  // Refused by the types too (JourneyOptions pairs a ruleset with its own modes); plain JS gets the error.
  assert.throws(() => new Journey(/** @type {any} */ ({ ruleset: "ose", mode: "hybSea" })), fails("INVALID_ARGUMENT"));
  assert.throws(() => new Journey({ config: { scenesPerTravelTurn: 9 } }), fails("INVALID_ARGUMENT"));
  assert.throws(() => Journey.lightSpec("hyb", "candle"), fails("INVALID_ARGUMENT"));
  assert.deepEqual(Journey.lightSpec("ose", "torch", 3600), { kind: "torch", level: "bright", radius: 30, burn: 3600 });
});

test("a journey's modes stay in its ruleset (C-02): start and changeMode refuse the other ruleset's, the journey unchanged", () => {
  /** @param {Journey} j @param {() => unknown} run */
  const refused = (j, run) => {
    const before = JSON.stringify(j.toJSON());
    assert.throws(run, fails("INVALID_ARGUMENT"));
    assert.equal(JSON.stringify(j.toJSON()), before);
  };
  // Refused by the types too; plain JavaScript (here a cast) gets INVALID_ARGUMENT.
  const plain = new Journey({ seed: 1 }); // neither ruleset nor mode: HYB
  refused(plain, () => plain.start({ mode: /** @type {any} */ ("oseDungeon") }));
  const delve = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 1 });
  delve.start({ hour: 8 });
  refused(delve, () => delve.changeMode(/** @type {any} */ ("oseWilderness")));
  assert.equal(delve.changeMode("hybOverland")[0]?.type, "modeChanged");
  const trek = new Journey({ mode: "oseWilderness", seed: 1 });
  refused(trek, () => trek.start({ mode: /** @type {any} */ ("hybSea") }));
  trek.start();
  // A restored journey takes its ruleset from its mode.
  const restored = Journey.fromJSON(JSON.stringify(trek.toJSON()));
  refused(restored, () => restored.changeMode(/** @type {any} */ ("hybSea")));
  assert.equal(restored.changeMode("oseWaterborne")[0]?.type, "modeChanged");
  // `execute` takes the core's commands as they are: a preset is a configuration to the core.
  const raw = new Journey({ ruleset: "hyb", seed: 1 });
  assert.equal(raw.execute({ type: "start", mode: "oseDungeon", day: 0, start: { type: "at", hour: 0, minute: 0 } })[0]?.type, "started");
});

test("HYB-TIME / A5E-DUR-01: journey time passing expires an encounter's time-based effects", () => {
  const enc = new Encounter({ ruleset: "a5e" });
  enc.add({ id: "kira", name: "Kira", side: "party", dex: 14 });
  enc.addEffect("kira", "bless", { until: { type: "seconds", seconds: 600 } });
  const j = hybParty();
  /** @type {import("turnkeeper").EncounterEvent[]} */
  const ended = [];
  enc.onEvents((events) => ended.push(...events.filter((e) => e.type === "effectsEnded")));
  const unlink = j.linkEncounter(enc);
  j.advance({ type: "minutes", count: 5 });
  assert.equal(enc.effects("kira").length, 1, "5 of 10 minutes passed: still active");
  j.advance({ type: "minutes", count: 5 });
  assert.equal(enc.effects("kira").length, 0, "10 minutes passed: expired");
  assert.equal(ended.length, 1);
  unlink();
  enc.addEffect("kira", "guidance", { until: { type: "seconds", seconds: 60 } });
  j.advanceHours(1);
  assert.equal(enc.effects("kira").length, 1, "unlinked: the journey no longer drives it");
});

for (const file of ["journey_hyb.json", "journey_ose.json"]) {
  test(`shared vector ${file}: a seeded command list ends in the native snapshot, in wasm`, () => {
    const vector = JSON.parse(readFileSync(new URL(`../vectors/${file}`, import.meta.url), "utf8"));
    const j = new Journey({ ruleset: vector.ruleset, seed: vector.seed });
    let events = 0;
    for (const c of vector.commands) events += j.execute(c).length;
    assert.equal(events, vector.expected.events);
    assert.deepEqual(j.toJSON().journey, JSON.parse(vector.expected.snapshot));
  });
}

test("OSE-DUNG-13: diceNeeded lists a dungeon turn's wandering d6; left-over faces are refused", () => {
  const j = new Journey({ ruleset: "ose", mode: "oseDungeon" });
  j.addMember({ id: "ana" });
  j.start({ hour: 8 });
  assert.deepEqual(j.diceNeeded({ type: "dungeonTurn", action: { type: "explore" } }), [{ sides: 6, for: "wanderingChecked" }]);
  assert.throws(() => j.explore(undefined, { faces: [3, 4] }), (/** @type {any} */ e) => e.code === "INVALID_ARGUMENT" && /1 supplied face was left over/.test(e.message));
  assert.equal(j.view().dungeon.turns, 0);
  j.explore(undefined, { faces: [3] });
  assert.deepEqual(j.diceNeeded({ type: "dungeonTurn", action: { type: "explore" } }), []);
});
