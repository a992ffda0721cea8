// Verified sync and tamper-evident snapshots (issue 17): a leader's commands travel as numbered
// batches with a digest; a follower that applies them ends byte-identical to the leader (dice
// included), a missed or altered batch is OUT_OF_SYNC and changes nothing, and any single
// edit of a snapshot is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { Creature, Dice, Encounter, Journey, TurnkeeperError } from "turnkeeper";

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;
/** @param {string} prefix @returns {{ file: string, vector: any }[]} */
const vectors = (prefix) =>
  readdirSync(new URL("../vectors/", import.meta.url))
    .filter((f) => f.startsWith(prefix))
    .map((f) => ({ file: f, vector: JSON.parse(readFileSync(new URL(`../vectors/${f}`, import.meta.url), "utf8")) }));

/**
 * A fresh leader for a vector.
 * @param {string} kind @param {any} vector @returns {any}
 */
function leaderOf(kind, vector) {
  if (kind === "encounter") {
    const { preset, ...config } = vector.config;
    return new Encounter({ ruleset: preset, seed: vector.seed, config });
  }
  return new Journey({ ruleset: vector.ruleset, seed: vector.seed });
}
/** @type {(kind: string, snapshot: any) => any} */
const restore = (kind, snapshot) => (kind === "encounter" ? Encounter.fromJSON(snapshot) : Journey.fromJSON(snapshot));

const cases = [
  ...vectors("encounter_").map((v) => ({ kind: "encounter", ...v })),
  ...vectors("journey_").map((v) => ({ kind: "journey", ...v })),
];

for (const { kind, file, vector } of cases) {
  test(`${file}: a follower applying the leader's batches ends byte-identical, dice included`, () => {
    const leader = leaderOf(kind, vector);
    const follower = restore(kind, JSON.stringify(leader));
    let seq = 0;
    for (const command of vector.commands) {
      const batch = leader.executeBatchJson(command);
      seq += 1;
      assert.equal(JSON.parse(batch).seq, seq);
      follower.applyEvents(batch);
      assert.equal(follower.seq, seq);
      assert.equal(follower.digest(), leader.digest());
    }
    assert.equal(JSON.stringify(follower), JSON.stringify(leader));
    // The leader's own snapshot is still the shared vector's.
    assert.deepEqual(leader.toJSON()[kind], JSON.parse(vector.expected.snapshot));
    // Promoted to leader, the follower continues the same dice stream.
    const next = kind === "encounter" ? { type: "rollInitiative" } : { type: "advanceTurns", turns: 1 };
    let a, b;
    try {
      a = leader.executeJson(next);
    } catch (/** @type {any} */ e) {
      a = e.code;
    }
    try {
      b = follower.executeJson(next);
    } catch (/** @type {any} */ e) {
      b = e.code;
    }
    assert.deepEqual(b, a);
  });
}

/** A small seeded Greyhawk fight and a follower of it. */
function fight() {
  const leader = new Encounter({ ruleset: "gh5e", seed: 11 });
  const follower = Encounter.fromJSON(leader.toJSON());
  const relay = (/** @type {any} */ batch) => follower.applyEvents(batch);
  relay(leader.executeBatch({ type: "addParticipant", participant: { id: "rath", name: "Rath", side: "party", dex: 12 } }));
  relay(leader.executeBatch({ type: "addParticipant", participant: { id: "gob", name: "Goblin", side: "foes", dex: 14 } }));
  relay(leader.executeBatch({ type: "start" }));
  return { leader, follower };
}

test("a follower that misses a batch gets OUT_OF_SYNC naming the batch it expected, changes nothing, and recovers from a snapshot", () => {
  const { leader, follower } = fight();
  leader.executeBatch({ type: "declareMany", declarations: { rath: ["melee"], gob: ["ranged"] } }); // dropped on the way
  const missed = leader.executeBatch({ type: "rollInitiative" });
  const before = JSON.stringify(follower);
  assert.throws(() => follower.applyEvents(missed), (/** @type {any} */ e) => fails("OUT_OF_SYNC")(e) && /expected batch 4, got batch 5/.test(e.message));
  assert.equal(JSON.stringify(follower), before);
  // Recover: load the leader's snapshot, then carry on with the next batch.
  const healed = Encounter.fromJSON(leader.toJSON());
  assert.equal(healed.seq, 5);
  healed.applyEvents(leader.executeBatch({ type: "endTurn" }));
  assert.equal(JSON.stringify(healed), JSON.stringify(leader));
  // A batch seen twice is refused too.
  const again = leader.executeBatch({ type: "endTurn" });
  healed.applyEvents(again);
  assert.throws(() => healed.applyEvents(again), fails("OUT_OF_SYNC"));
});

test("a batch whose events were altered on the way is OUT_OF_SYNC, not a silent drift", () => {
  const { leader, follower } = fight();
  follower.applyEvents(leader.executeBatch({ type: "declareMany", declarations: { rath: ["melee"], gob: ["ranged"] } }));
  const batch = leader.executeBatch({ type: "rollInitiative" });
  const rolled = batch.events.find((e) => e.type === "initiativeRolled");
  assert.ok(rolled);
  const text = JSON.stringify(batch);
  const before = JSON.stringify(follower);
  // A die face lowered by one (and the total with it): every event still applies, and the
  // order is the same, but the state is not the leader's.
  const forged = JSON.parse(text);
  const roll = forged.events.find((/** @type {any} */ e) => e.type === "initiativeRolled").rolls.find((/** @type {any} */ r) => r.total > 1 && r.dice[0].die.face > 1);
  assert.ok(roll, "a roll that can be lowered");
  roll.dice[0].die.face -= 1;
  roll.total -= 1;
  assert.throws(() => follower.applyEvents(forged), fails("OUT_OF_SYNC"));
  assert.equal(JSON.stringify(follower), before);
  // Moving a roll to someone else makes the events not fit at all; refused just the same.
  const swapped = JSON.parse(text);
  const rolls = swapped.events.find((/** @type {any} */ e) => e.type === "initiativeRolled").rolls;
  [rolls[0].participants, rolls[1].participants] = [rolls[1].participants, rolls[0].participants];
  assert.throws(() => follower.applyEvents(swapped), (e) => e instanceof TurnkeeperError);
  assert.equal(JSON.stringify(follower), before);
  // A forged digest alone is refused as well, and the genuine batch still applies.
  assert.throws(() => follower.applyEvents({ ...batch, digest: "0000000000000000" }), fails("OUT_OF_SYNC"));
  follower.applyEvents(text);
  assert.equal(JSON.stringify(follower), JSON.stringify(leader));
});

test("followers refuse events that lead to a state a snapshot would not restore", () => {
  const { leader, follower } = fight();
  follower.applyEvents(leader.executeBatch({ type: "declareMany", declarations: { rath: ["melee"], gob: ["ranged"] } }));
  follower.applyEvents(leader.executeBatch({ type: "rollInitiative" }));
  const before = JSON.stringify(follower);
  const current = leader.currentParticipant();
  const other = current === "rath" ? "gob" : "rath";
  // A lone turnEnded for someone whose turn it is not, the end of the encounter mid-turn
  // followed by a turn start, an impossible round.
  /** @type {any[]} */
  const attempts = [
    [{ type: "turnEnded", participant: other, round: 1 }],
    [{ type: "encounterEnded", round: 1 }, { type: "turnStarted", participant: other, round: 1 }],
    [{ type: "roundStarted", round: 2_000_000 }],
  ];
  for (const events of attempts) {
    assert.throws(() => follower.applyEvents(events), (e) => e instanceof TurnkeeperError, JSON.stringify(events));
    assert.equal(JSON.stringify(follower), before);
  }
});

/**
 * Every JSON path to a number, string or boolean leaf, and every key, of `value`.
 * @param {any} value @param {(string | number)[]} path @returns {{ path: (string | number)[], drop: boolean }[]}
 */
function leaves(value, path = []) {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [{ path: [...path, k], drop: true }, ...leaves(v, [...path, k])]);
  }
  return [{ path, drop: false }];
}
const clone = (/** @type {any} */ v) => JSON.parse(JSON.stringify(v));
/** @param {any} snapshot @param {{ path: (string | number)[], drop: boolean }} change */
function edit(snapshot, { path, drop }) {
  const copy = clone(snapshot);
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k];
  const last = path[path.length - 1];
  if (drop) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else {
    const v = at[last];
    at[last] = typeof v === "number" ? v + 1 : typeof v === "string" ? (v.length > 1 ? v.slice(0, -1) : v + "x") : !v;
  }
  return copy;
}

/** @param {any} snapshot @param {(text: string) => any} load */
function everyEditIsRefused(snapshot, load) {
  const all = leaves(snapshot);
  assert.ok(all.length > 20, "a snapshot with something in it");
  let refused = 0;
  for (const change of all) {
    const changed = edit(snapshot, change);
    assert.throws(() => load(JSON.stringify(changed)), fails("SNAPSHOT_INVALID"), `${change.drop ? "dropping" : "changing"} ${change.path.join(".")} was accepted`);
    refused++;
  }
  assert.equal(refused, all.length);
  // The untouched snapshot loads and writes itself back unchanged.
  assert.equal(JSON.stringify(load(JSON.stringify(snapshot))), JSON.stringify(snapshot));
}

test("every single-field edit of an encounter snapshot is refused (values, dice, batch count, checksum, dropped keys)", () => {
  const { leader } = fight();
  leader.execute({ type: "declareMany", declarations: { rath: ["melee"], gob: ["ranged"] } });
  leader.execute({ type: "rollInitiative" });
  leader.addCondition("gob", "poisoned", { until: { type: "rounds", count: 3 }, source: "rath" });
  everyEditIsRefused(leader.toJSON(), (text) => Encounter.fromJSON(text));
});

test("every single-field edit of a journey snapshot is refused, the dice included", () => {
  const [{ vector }] = vectors("journey_hyb");
  const j = new Journey({ ruleset: vector.ruleset, seed: vector.seed });
  for (const c of vector.commands.slice(0, 8)) j.execute(c);
  everyEditIsRefused(j.toJSON(), (text) => Journey.fromJSON(text));
});

test("snapshots written before the checksummed envelope still load", () => {
  for (const { kind, vector } of cases) {
    const old = JSON.stringify({ [kind]: JSON.parse(vector.expected.snapshot), dice: { algorithm: "chacha20", seed: vector.seed, position: 3 } });
    const loaded = restore(kind, old);
    assert.equal(loaded.seq, 0);
    assert.deepEqual(loaded.toJSON()[kind], JSON.parse(vector.expected.snapshot));
    assert.equal(loaded.toJSON().dice.position, 3);
  }
  // Half an envelope is not an old snapshot: a checksum without a version, or the reverse.
  const { leader } = fight();
  const { v, ...noVersion } = leader.toJSON();
  assert.equal(v, 2);
  assert.throws(() => Encounter.fromJSON(noVersion), fails("SNAPSHOT_INVALID"));
  const { sum, ...noSum } = leader.toJSON();
  assert.ok(sum);
  assert.throws(() => Encounter.fromJSON(noSum), fails("SNAPSHOT_INVALID"));
});

test("a failed command leaves the snapshot and the dice byte-identical, in every ruleset", () => {
  /** @type {Record<string, any>} */
  const refused = {
    gh5e: { type: "endTurn" },
    a5e: { type: "addParticipant", participant: { id: "a", name: "Again", side: "foes", dex: 10 } },
    hyb: { type: "delay", participant: "nobody" },
    ose: { type: "removeParticipant", participant: "nobody" },
  };
  for (const [ruleset, command] of Object.entries(refused)) {
    const enc = new Encounter({ ruleset: /** @type {any} */ (ruleset), seed: 5 });
    enc.add({ id: "a", name: "A", side: "party", dex: 12 });
    enc.add({ id: "b", name: "B", side: "foes", dex: 9 });
    enc.start();
    const before = JSON.stringify(enc);
    const digest = enc.digest();
    assert.throws(() => enc.execute(command), (e) => e instanceof TurnkeeperError, ruleset);
    assert.equal(JSON.stringify(enc), before, ruleset);
    assert.equal(enc.digest(), digest);
  }
  const j = new Journey({ ruleset: "ose", mode: "oseDungeon", seed: 5 });
  j.start({ hour: 8 });
  const before = JSON.stringify(j);
  assert.throws(() => j.execute(/** @type {any} */ ({ type: "dungeonTurn", familiarity: "nonsense" })), (e) => e instanceof TurnkeeperError);
  assert.equal(JSON.stringify(j), before);
});

test("onEvents listeners get each command's batch", () => {
  const enc = new Encounter({ ruleset: "gh5e", seed: 3 });
  const follower = Encounter.fromJSON(enc.toJSON());
  /** @type {number[]} */
  const seen = [];
  enc.onEvents((events, batch) => {
    assert.deepEqual(batch.events, events);
    seen.push(batch.seq);
    follower.applyEvents(batch);
  });
  enc.add({ id: "a", name: "A", side: "party", dex: 12 });
  enc.executeJson({ type: "addParticipant", participant: { id: "b", name: "B", side: "foes", dex: 9 } });
  enc.start();
  assert.deepEqual(seen, [1, 2, 3]);
  assert.equal(JSON.stringify(follower), JSON.stringify(enc));
});

test("a creature's calls travel as checked batches: the follower ends byte-identical; a missed one is OUT_OF_SYNC", () => {
  const pc = new Creature({ kind: "pc", hpMax: 20, level: 3, conMod: 1, rules: { type: "a5e" } });
  const mirror = Creature.fromJSON(pc.toJSON());
  /** @type {any[]} */
  const batches = [];
  pc.onEvents((_events, batch) => batches.push(batch));
  const dice = new Dice({ seed: 9 });
  pc.damage({ amount: 14, damageType: "fire" });
  pc.damage({ amount: 9 });
  pc.deathSave(0, undefined, dice);
  pc.deathSave(0, undefined, dice);
  assert.equal(batches.length, 4);
  assert.deepEqual(batches.map((b) => b.seq), [1, 2, 3, 4]);
  assert.equal(batches[2].events[0].faces.length, 1, "the event keeps the face it rolled");
  mirror.applyEvents(batches[0]);
  const before = JSON.stringify(mirror);
  assert.throws(() => mirror.applyEvents(batches[2]), fails("OUT_OF_SYNC"));
  assert.equal(JSON.stringify(mirror), before);
  for (const b of batches.slice(1)) mirror.applyEvents(JSON.stringify(b));
  assert.equal(JSON.stringify(mirror), JSON.stringify(pc));
  assert.deepEqual(mirror.status(), pc.status());
  // A recorded face changed on the way: the death save comes out differently here.
  const late = Creature.fromJSON(JSON.stringify(pc));
  const next = (() => {
    /** @type {any} */
    let got;
    const off = pc.onEvents((_e, b) => (got = b));
    pc.deathSave(0, undefined, dice);
    off();
    return got;
  })();
  const forged = clone(next);
  forged.events[0].faces[0] = forged.events[0].faces[0] === 20 ? 1 : 20;
  assert.throws(() => late.applyEvents(forged), (/** @type {any} */ e) => e instanceof TurnkeeperError);
  late.applyEvents(next);
  assert.equal(JSON.stringify(late), JSON.stringify(pc));
});

test("every single-field edit of a creature snapshot is refused", () => {
  const c = new Creature({ kind: "pc", hpMax: 30, level: 5, conMod: 2, tempHp: 4, hitDice: { die: "d8", total: 5, spent: 1 }, rules: { type: "a5e" } });
  c.damage({ amount: 9, damageType: "cold" });
  c.gainFatigue(1);
  everyEditIsRefused(c.toJSON(), (text) => Creature.fromJSON(text));
});
