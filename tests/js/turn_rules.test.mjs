// Who takes a turn and when a death save comes, through the facade: the dead are skipped, the
// GM may grant a skipped turn, death saves come once at their time, Greyhawk refuses to roll
// over missing declarations unless told "no actions", a resumed delayer waits for the turn
// under way.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Encounter, TurnkeeperError } from "turnkeeper";

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

/** A PC with `hp` hit points, at level 3. */
const pc = (/** @type {number} */ hp) => /** @type {const} */ ({ kind: "pc", zeroHp: "deathSaves", hp: { current: hp, max: hp }, level: 3 });
/** A monster: it dies at 0 HP (A5E-DEATH-11). */
const monster = (/** @type {number} */ hp) => /** @type {const} */ ({ kind: "monster", zeroHp: "dies", hp: { current: hp, max: hp }, level: 1 });

/** Greyhawk a, b, c (Dex 14, 12, 10), all declaring melee, rolled 1, 2, 3: a acts. */
function greyhawk() {
  const enc = new Encounter({ ruleset: "gh5e", seed: 5 });
  enc.add({ id: "a", name: "A", side: "party", dex: 14 });
  enc.add({ id: "b", name: "B", side: "foes", dex: 12 });
  enc.add({ id: "c", name: "C", side: "foes", dex: 10 });
  enc.start();
  enc.declareMany({ a: ["melee"], b: ["melee"], c: ["melee"] });
  enc.rollInitiative({ faces: [1, 2, 3] });
  assert.equal(enc.currentParticipant(), "a");
  return enc;
}

test("GH-INIT-12: a dead monster's turn is skipped, and the end of the round does not ask about it", () => {
  const enc = greyhawk();
  enc.setCreature("b", monster(4));
  enc.damage("b", { amount: 9 });
  const events = enc.endTurn();
  const skip = events.find((e) => e.type === "turnSkipped");
  assert.ok(skip && skip.type === "turnSkipped");
  assert.equal(skip.participant, "b");
  assert.equal(skip.reason, "dead");
  assert.equal(enc.currentParticipant(), "c");
  const end = enc.endTurn();
  assert.equal(end.some((e) => e.type === "endOfRoundResolution"), false);
});

test("GH-INIT-12: a death save waits for the end of the round and comes once; the GM may grant a skipped turn", () => {
  const enc = greyhawk();
  enc.setCreature("b", pc(5));
  enc.damage("b", { amount: 9 });
  assert.throws(() => enc.deathSave("b", 0, { faces: [12] }), fails("OUT_OF_ORDER"));
  const skipped = enc.endTurn();
  assert.ok(skipped.some((e) => e.type === "turnSkipped" && e.participant === "b" && e.reason === "unableToAct"));
  // Healed during c's turn, b gets its turn anyway, after c's.
  enc.heal("b", 2);
  enc.grantTurn("b");
  assert.equal(enc.currentParticipant(), "c");
  enc.endTurn();
  assert.equal(enc.currentParticipant(), "b");
  assert.throws(() => enc.grantTurn("c"), fails("OUT_OF_ORDER"));
});

test("GH-INIT-01 / GH-INIT-16: rollInitiative names who has not declared; noActions rolls them as empty plans", () => {
  const enc = new Encounter({ ruleset: "gh5e", seed: 2 });
  enc.add({ id: "a", name: "A", side: "party", dex: 14 });
  enc.add({ id: "b", name: "B", side: "foes", dex: 12 });
  enc.start();
  enc.declare("a", ["melee"]);
  const before = JSON.stringify(enc.toJSON());
  assert.throws(
    () => enc.rollInitiative({ faces: [4] }),
    (e) => e instanceof TurnkeeperError && e.code === "OUT_OF_ORDER" && e.message.includes('"b" has not declared'),
  );
  assert.equal(JSON.stringify(enc.toJSON()), before);
  enc.rollInitiative({ noActions: true, faces: [4] });
  assert.deepEqual(
    enc.order().map((e) => [e.actor.type === "participant" ? e.actor.participant : "", e.count]),
    [["b", 0], ["a", 4]],
  );
});

test("A5E-DEATH-03: a dying creature keeps its turn and saves once, at its start", () => {
  const enc = new Encounter({ ruleset: "a5e", seed: 3 });
  enc.add({ id: "a", name: "A", side: "x", fixedCount: 20 });
  enc.add({ id: "b", name: "B", side: "x", fixedCount: 10 });
  enc.start();
  enc.setCreature("b", pc(5));
  enc.damage("b", { amount: 9 });
  assert.throws(() => enc.deathSave("b", 0, { faces: [12] }), fails("OUT_OF_ORDER"));
  const events = enc.endTurn();
  assert.equal(events.some((e) => e.type === "turnSkipped"), false);
  assert.equal(enc.currentParticipant(), "b");
  enc.deathSave("b", 0, { faces: [12] });
  const before = JSON.stringify(enc.toJSON());
  assert.throws(() => enc.deathSave("b", 0, { faces: [20] }), fails("OUT_OF_ORDER"));
  assert.equal(JSON.stringify(enc.toJSON()), before);
});

test("HYB-INIT-02: a resumed delayer acts after the turn under way, never inside it", () => {
  const enc = new Encounter({ ruleset: "hyb", seed: 4 });
  enc.add({ id: "a", name: "A", side: "x", dex: 16 });
  enc.add({ id: "b", name: "B", side: "x", dex: 12 });
  enc.add({ id: "c", name: "C", side: "x", dex: 8 });
  enc.start();
  enc.delay("a");
  assert.equal(enc.currentParticipant(), "b");
  enc.resume("a");
  assert.equal(enc.currentParticipant(), "b");
  enc.endTurn();
  assert.equal(enc.currentParticipant(), "a");
});

test("GH-INIT-12 with 5e creature rules: a natural 1 on the end-of-round death save is two failures, no fatigue", () => {
  const enc = new Encounter({ ruleset: "gh5e", seed: 6, config: { creature: { type: "srd5e" } } });
  enc.add({ id: "a", name: "A", side: "party", dex: 14 });
  enc.add({ id: "b", name: "B", side: "foes", dex: 12 });
  enc.start();
  enc.declareMany({ a: ["melee"], b: ["melee"] });
  enc.rollInitiative({ faces: [1, 2] });
  enc.setCreature("b", pc(5));
  enc.damage("b", { amount: 9 });
  enc.endTurn(); // a; b is skipped, the round ends
  enc.deathSave("b", 0, { faces: [1] });
  const b = enc.participant("b")?.creature;
  assert.deepEqual(b?.death, { type: "dying", successes: 0, failures: 2 });
  assert.equal(b?.fatigue, undefined);
});
