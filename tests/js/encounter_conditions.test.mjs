// Creatures, conditions and effects through the Encounter facade: worked examples replayed
// with supplied faces, expiries as events, the roll query, replay on a second client, errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Encounter, TurnkeeperError, homebrewCondition } from "turnkeeper";

/** A5E with fixed counts (no dice): a (20), b (15), c (10). */
function a5e() {
  const enc = new Encounter({ ruleset: "a5e", seed: 7 });
  enc.add({ id: "a", name: "Ash", side: "party", fixedCount: 20 });
  enc.add({ id: "b", name: "Imp", side: "foes", fixedCount: 15, npc: true });
  enc.add({ id: "c", name: "Cole", side: "party", fixedCount: 10 });
  enc.start();
  return enc;
}

test("EX-A5E-01: the imp's resistance applies after the magical cage, through damage()", () => {
  const enc = a5e();
  enc.setCreature("b", { kind: "monster", zeroHp: "dies", hp: { current: 40, max: 40 }, level: 2, defenses: { resistances: ["cold"] } });
  const events = enc.damage("b", { amount: 25, damageType: "cold", flatModifiers: [-5] });
  const damaged = events.find((e) => e.type === "damaged");
  assert.ok(damaged && damaged.type === "damaged");
  assert.equal(damaged.report.breakdown.afterFlat, 20);
  assert.equal(damaged.report.breakdown.total, 10);
  assert.equal(enc.participant("b")?.creature?.hp.current, 30);
});

test("EX-A5E-07: temporary HP soak first and never stack", () => {
  const enc = a5e();
  enc.setCreature("a", { kind: "pc", zeroHp: "deathSaves", hp: { current: 20, max: 20 }, level: 3 });
  enc.grantTempHp("a", 5);
  enc.damage("a", { amount: 8 });
  assert.deepEqual(enc.participant("a")?.creature?.hp, { current: 17, max: 20 });
  enc.grantTempHp("a", 5);
  enc.grantTempHp("a", 10, "keepCurrent");
  assert.equal(enc.participant("a")?.creature?.hp.temp, 5);
  enc.grantTempHp("a", 10);
  assert.equal(enc.participant("a")?.creature?.hp.temp, 10, "10, never 15");
});

test("EX-GH-03 (c): ray of frost cast in round 2 ends at the start of round 3 (GH-DUR-02)", () => {
  const enc = new Encounter({ ruleset: "gh5e", seed: 3 });
  enc.add({ id: "delsenora", name: "Delsenora", side: "party", dex: 14 });
  enc.add({ id: "hob6", name: "Hobgoblin 6", side: "foes", dex: 12, npc: true });
  const replica = Encounter.fromJSON(enc.toJSON());
  enc.onEvents((events) => replica.applyEvents(events));
  enc.start();
  const round = (/** @type {number[]} */ faces) => {
    enc.declareMany({ delsenora: ["melee"], hob6: ["melee"] });
    return enc.rollInitiative({ faces });
  };
  round([2, 5]);
  enc.endTurn();
  enc.endTurn();
  round([6, 1]); // round 2: the hobgoblin first, Delsenora at count 6
  enc.endTurn();
  assert.equal(enc.currentParticipant(), "delsenora");
  enc.addEffect("hob6", "ray of frost", { until: { type: "untilTurnStart", participant: "delsenora" }, source: "delsenora" });
  const [view] = enc.effects("hob6");
  assert.equal(view?.remaining.type, "roundBoundary");
  assert.ok(view?.remaining.type === "roundBoundary" && view.remaining.round === 3);
  const endOfRound2 = enc.endTurn();
  assert.equal(endOfRound2.filter((e) => e.type === "effectsEnded").length, 0);
  const events = round([3, 4]);
  const started = events.findIndex((e) => e.type === "roundStarted" && e.round === 3);
  const ended = events.findIndex((e) => e.type === "effectsEnded");
  assert.ok(started >= 0 && ended === started + 1, "ends right as round 3 starts");
  const e = events[ended];
  assert.ok(e.type === "effectsEnded" && e.expiries[0]?.effect.name === "ray of frost");
  assert.ok(enc.describe(e).includes("ray of frost"));
  assert.deepEqual(enc.effects("hob6"), []);
  assert.equal(JSON.stringify(replica.toJSON().encounter), JSON.stringify(enc.toJSON().encounter));
});

test("conditions: roll advice with reasons, concentration, ongoing damage, homebrew", () => {
  const enc = a5e();
  enc.setCreature("b", { kind: "monster", zeroHp: "dies", hp: { current: 30, max: 30 }, level: 2 });
  enc.addCondition("c", "poisoned", { until: { type: "rounds", count: 1 } });
  const advice = enc.rollAdvice("c", { type: "attack", range: "melee", ability: "str" });
  assert.equal(advice.mode, "disadvantage");
  assert.ok(advice.disadvantage.length > 0);
  enc.addEffect("b", "on fire", { ongoing: { damage: { dice: { count: 1, size: "d10" }, damageType: "fire" }, choices: {} } });
  enc.endTurn(); // a's turn ends
  const events = enc.endTurn({ faces: [6] }); // b's turn ends: 1d10 fire
  assert.ok(events.some((e) => e.type === "damaged" && e.ongoing !== undefined));
  assert.equal(enc.participant("b")?.creature?.hp.current, 24);
  enc.loadConditions({ conditions: [{ id: "hexed", name: "Hexed", effects: [{ type: "rollMode", rolls: { kinds: ["savingThrow"] }, mode: "disadvantage" }] }] });
  enc.addCondition("a", homebrewCondition("hexed"));
  assert.equal(enc.rollAdvice("a", { type: "savingThrow", ability: "wis" }).mode, "disadvantage");
  const [hex] = enc.effects("a");
  assert.ok(hex);
  enc.removeEffect(hex.effect.id);
  assert.equal(enc.rollAdvice("a", { type: "savingThrow", ability: "wis" }).mode, "normal");
});

test("A5E-TRACK-06: fatigue gained in combat takes effect when the encounter ends", () => {
  const enc = a5e();
  enc.setCreature("a", { kind: "pc", zeroHp: "deathSaves", hp: { current: 20, max: 20 }, level: 3 });
  enc.gainFatigue("a", 2);
  assert.deepEqual(enc.participant("a")?.creature?.fatigue, { effective: 0, pending: 2 });
  enc.end();
  assert.deepEqual(enc.participant("a")?.creature?.fatigue, { effective: 2, pending: 0 });
});

test("errors surface as TurnkeeperError with the core's code", () => {
  const enc = a5e();
  assert.throws(() => enc.damage("a", { amount: 3 }), (e) => e instanceof TurnkeeperError && e.code === "NOT_ALLOWED");
  assert.throws(() => enc.removeEffect(42), (e) => e instanceof TurnkeeperError && e.code === "UNKNOWN_ID");
  assert.throws(() => enc.loadConditions("{nope"), (e) => e instanceof TurnkeeperError && e.code === "INVALID_DATA");
  assert.throws(() => enc.rollAdvice("a", /** @type {any} */ ({ type: "nope" })), (e) => e instanceof TurnkeeperError && e.code === "INVALID_ARGUMENT");
});

test("conditions(): the encounter's own set for a picker, then the table's homebrew", () => {
  const enc = a5e();
  const before = enc.conditions();
  const byId = new Map(before.map((c) => [c.id, c]));
  // A5E's built-in set (A5E-COND-01..29), each with its rule id; bloodied applies by itself.
  assert.deepEqual(byId.get("rattled"), { id: "rattled", name: "Rattled", rule: "A5E-COND-23", homebrew: false, automatic: false, placeholder: false });
  assert.equal(byId.get("bloodied")?.automatic, true);
  assert.ok(before.every((c) => typeof c.rule === "string" && !c.homebrew));
  enc.loadConditions({ conditions: [{ id: "hexed", name: "Hexed", effects: [] }] });
  const after = enc.conditions();
  assert.deepEqual(after.slice(0, before.length), before);
  assert.deepEqual(after.at(-1), { id: "hexed", name: "Hexed", homebrew: true, automatic: false, placeholder: false });
  // Every listed condition that is not automatic is one addCondition takes.
  for (const c of after.filter((x) => !x.automatic && !x.placeholder)) {
    enc.addCondition("a", c.homebrew ? homebrewCondition(c.id) : /** @type {any} */ (c.id));
  }
});
