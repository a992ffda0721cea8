// The Creature API through the built package: docs/rules.md's worked examples replayed with supplied
// faces, snapshots, and typed errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Creature, Dice, TurnkeeperError } from "turnkeeper";

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

/** @param {number[]} faces */
const faces = (faces) => new Dice({ faces });

/** A PC under A5E, in a fight at time 0. @param {number} hpMax @param {number} level */
function a5ePc(hpMax, level, extra = {}) {
  const c = new Creature({ kind: "pc", hpMax, level, rules: { type: "a5e" }, ...extra });
  c.setTime(0, true);
  return c;
}

test("EX-A5E-01: the imp resists 25 − 5 cold → 10, and two resistances still halve once", () => {
  const imp = new Creature({ kind: "monster", hpMax: 40, level: 2, resistances: ["cold"], rules: { type: "a5e" } });
  const ray = { amount: 25, damageType: /** @type {const} */ ("cold"), fromAttack: true, flatModifiers: [-5] };
  const preview = imp.preview(ray);
  assert.equal(preview.afterFlat, 20);
  assert.equal(preview.resisted, true);
  assert.equal(preview.total, 10);
  assert.equal(imp.hp, 40, "a preview changes nothing");
  const r = imp.damage(ray);
  assert.equal(r.breakdown.total, 10);
  assert.equal(r.hpLost, 10);
  assert.equal(imp.hp, 30);
  const twice = new Creature({ kind: "monster", hpMax: 40, resistances: ["cold", "cold"], rules: { type: "a5e" } });
  const again = twice.damage(ray);
  assert.equal(again.breakdown.resistanceSources, 2);
  assert.equal(again.breakdown.total, 10);
});

test("EX-A5E-02: 54 acid against a 3rd-level PC is massive damage (threshold 29, DC 15 Con save)", () => {
  const breath = { amount: 54, damageType: /** @type {const} */ ("acid") };
  const dies = a5ePc(24, 3, { conMod: 1 });
  const r = dies.damage(breath, undefined, faces([13]));
  assert.deepEqual(r.dice, [{ sides: 20, face: 13 }]);
  const save = r.checks[0];
  assert.ok(save);
  assert.deepEqual([save.kind, save.natural, save.total, save.dc, save.success], ["massiveDamageSave", 13, 14, 15, false]);
  assert.ok(r.outcomes.some((o) => o.type === "massiveDamage" && o.threshold === 29 && !o.survived));
  assert.deepEqual(dies.death, { type: "dead", reason: { type: "massiveDamage" } });
  assert.equal(dies.dead, true);

  const lives = a5ePc(24, 3);
  const s = lives.damage(breath, { conSaveModifier: 2 }, faces([13]));
  assert.equal(s.checks[0]?.success, true, "13 + 2 = 15");
  assert.deepEqual(lives.death, { type: "dying", successes: 0, failures: 0 });
  assert.equal(lives.unconscious, true);
  // +1 fatigue and +1 strife for surviving, +1 fatigue for falling unconscious in a fight.
  assert.equal(lives.fatigue, 2);
  assert.equal(lives.status().fatigue.pending, 2);
  assert.equal(lives.strife, 1);

  const resisted = a5ePc(24, 3, { resistances: ["acid"] });
  const v = resisted.damage(breath, undefined, faces([]));
  assert.equal(v.breakdown.total, 27, "27 < 29: not massive");
  assert.deepEqual(v.checks, []);
  assert.equal(resisted.unconscious, true);
});

test("A5E-DEATH-03/-10: death saves, three successes stabilise, 1d4 hours later 1 HP", () => {
  const c = a5ePc(10, 1);
  c.damage({ amount: 10 }, undefined, faces([]));
  assert.equal(c.hp, 0);
  assert.equal(c.deathSave(0, undefined, faces([12])).outcomes[0]?.type, "deathSaveSucceeded");
  c.deathSave(0, undefined, faces([15]));
  const third = c.deathSave(0, undefined, faces([10, 3]));
  assert.deepEqual(third.dice, [{ sides: 20, face: 10 }, { sides: 4, face: 3 }]);
  assert.deepEqual(c.death, { type: "stable", regainsHpAt: 3 * 3600 });
  assert.deepEqual(c.advanceTime(3 * 3600 - 1).outcomes, []);
  const woke = c.advanceTime(3 * 3600);
  assert.deepEqual(woke.outcomes, [{ type: "regainedHp", amount: 1, hp: 1 }, { type: "regainedConsciousness" }]);
  assert.equal(c.hp, 1);
  assert.deepEqual(c.time, { now: 3 * 3600, inEncounter: true });
});

test("A5E-DEATH-04: a natural 20 wakes with 1 HP; A5E-DEATH-09 stabilising needs DC 10", () => {
  const c = a5ePc(10, 1);
  c.damage({ amount: 12 }, undefined, faces([]));
  const nat20 = c.deathSave(0, "normal", faces([20]));
  assert.deepEqual(nat20.outcomes, [{ type: "regainedHp", amount: 1, hp: 1 }, { type: "regainedConsciousness" }]);
  c.damage({ amount: 1 }, undefined, faces([]));
  const failed = c.stabilize({ type: "check", modifier: 2 }, faces([7]));
  assert.equal(failed.checks[0]?.total, 9);
  assert.equal(failed.checks[0]?.success, false);
  assert.equal(c.death.type, "dying");
  assert.throws(() => c.stabilize({ type: "check", modifier: 2, dc: 12 }, faces([20])), fails("INVALID_ARGUMENT"));
  const ok = c.stabilize({ type: "check", modifier: 2 }, faces([8, 2]));
  assert.equal(ok.checks[0]?.success, true);
  assert.deepEqual(c.death, { type: "stable", regainsHpAt: 2 * 3600 });
  assert.throws(() => c.stabilize({ type: "automatic" }), fails("OUT_OF_ORDER"));
});

test("A5E-DEATH-05: attacking a creature at 0 HP needs the attacker's choice", () => {
  const c = a5ePc(10, 1);
  c.damage({ amount: 10 }, undefined, faces([]));
  assert.throws(() => c.damage({ amount: 3, fromAttack: true }, undefined, faces([])), fails("INVALID_ARGUMENT"));
  const strife = c.damage({ amount: 3, fromAttack: true }, { attackedAtZero: "strife" }, faces([]));
  assert.ok(strife.outcomes.some((o) => o.type === "gainedLevels" && o.track === "strife"));
  assert.equal(c.strife, 1);
});

test("EX-A5E-06: a ranger at 10/13 healed for 6 regains 3", () => {
  const ranger = new Creature({ kind: "pc", hpMax: 13, hp: 10, rules: { type: "a5e" } });
  const r = ranger.heal(6);
  assert.deepEqual(r.outcomes, [{ type: "regainedHp", amount: 3, hp: 13 }]);
  assert.equal(ranger.hp, 13);
  const dead = new Creature({ kind: "monster", hpMax: 5, rules: { type: "a5e" } });
  dead.damage({ amount: 5 });
  assert.equal(dead.dead, true);
  assert.throws(() => dead.heal(5), fails("NOT_ALLOWED"));
});

test("EX-A5E-07: temporary HP absorb first, never stack, and do not wake", () => {
  const c = a5ePc(20, 2);
  c.grantTempHp(5);
  const a = c.damage({ amount: 8 });
  assert.deepEqual([a.tempHpAbsorbed, a.hpLost, c.tempHp, c.hp], [5, 3, 0, 17]);
  c.grantTempHp(5);
  assert.equal(c.grantTempHp(10).outcomes[0]?.type, "tempHpGranted");
  assert.equal(c.tempHp, 10, "keep the higher by default");
  c.grantTempHp(5, "keepHigher");
  assert.equal(c.tempHp, 10);
  c.grantTempHp(5, "takeNew");
  assert.equal(c.tempHp, 5, "never 15");
  const down = a5ePc(6, 1);
  down.damage({ amount: 6 }, undefined, faces([]));
  down.grantTempHp(4);
  assert.equal(down.unconscious, true, "temporary HP neither wake nor stabilise");
  const soak = down.damage({ amount: 3 }, undefined, faces([]));
  assert.deepEqual([soak.tempHpAbsorbed, down.tempHp], [3, 1]);
  assert.equal(down.death.type, "dying");
});

test("EX-A5E-08: ongoing fire damage rolls its d10 and meets fire resistance", () => {
  const c = new Creature({ kind: "pc", hpMax: 30, resistances: ["fire"], rules: { type: "a5e" } });
  const r = c.ongoingDamage({ dice: { count: 1, size: "d10" }, damageType: "fire" }, undefined, faces([7]));
  assert.deepEqual(r.dice, [{ sides: 10, face: 7 }]);
  assert.equal(r.breakdown.total, 3);
  assert.equal(c.hp, 27);
});

test("A5E-TRACK-06: fatigue gained in a fight waits for the end of the encounter", () => {
  const c = a5ePc(20, 3);
  c.gainFatigue(2);
  assert.deepEqual(c.status().fatigue, { effective: 0, pending: 2 });
  const end = c.endEncounter(600);
  assert.deepEqual(end.outcomes, [{ type: "levelsTookEffect", track: "fatigue", level: 2 }]);
  assert.deepEqual(c.status().fatigue, { effective: 2, pending: 0 });
  assert.deepEqual(c.time, { now: 600, inEncounter: false });
  c.removeFatigue(1);
  assert.equal(c.fatigue, 1);
  assert.throws(() => c.gainFatigue(8), fails("INVALID_ARGUMENT"));
});

test("A5E-REST-01/EX-A5E-03: Hit Dice one at a time, and a long rest gives back half", () => {
  const c = new Creature({
    kind: "pc",
    hpMax: 60,
    hp: 20,
    conMod: 2,
    hitDice: { die: "d8", total: 10, spent: 7 },
    rules: { type: "a5e" },
  });
  const spent = c.spendHitDie(faces([5]));
  assert.deepEqual(spent.dice, [{ sides: 8, face: 5 }]);
  assert.equal(spent.outcomes[0]?.type === "hitDieSpent" && spent.outcomes[0].value, 7);
  assert.equal(c.hp, 27);
  assert.equal(c.status().hitDiceAvailable, 2);
  const rest = c.longRest({ endedAt: 8 * 3600, durationMinutes: 480, asleepMinutes: 360, consumedSupply: true, haven: false });
  assert.ok(rest.outcomes.some((o) => o.type === "hitDiceRegained" && o.count === 5 && o.available === 7));
  assert.equal(c.hp, 60);
  const soon = c.longRest({ endedAt: 20 * 3600, durationMinutes: 480, asleepMinutes: 360, consumedSupply: true, haven: false });
  assert.deepEqual(soon.outcomes, [{ type: "longRestNoBenefit", reason: "tooSoon" }]);
});

test("HYB: 0 HP incapacitates; stabilising rolls the injury table; EX-HYB-05 nightly rest", () => {
  const abilities = { str: 12, dex: 14, con: 10, int: 11, wis: 13, cha: 9 };
  const c = new Creature({ kind: "pc", hpMax: 12, level: 4, abilities, rules: { type: "hyb" } });
  c.setTime(100, true);
  const r = c.damage({ amount: 15 });
  assert.deepEqual(r.outcomes.at(-1), { type: "incapacitated", deadline: 160 });
  assert.equal(c.incapacitated, true);
  assert.throws(() => c.stabilize({ type: "check", modifier: 1 }, faces([15])), fails("INVALID_ARGUMENT"), "the GM sets the DC");
  const st = c.stabilize({ type: "check", modifier: 1, dc: 12 }, faces([11, 2, 4]));
  assert.deepEqual(st.dice, [{ sides: 20, face: 11 }, { sides: 20, face: 2 }, { sides: 6, face: 4 }]);
  assert.ok(st.outcomes.some((o) => o.type === "injury" && o.roll === 2 && o.row === "feeble"));
  assert.equal(c.toJSON().creature.creature.abilities?.str, 8);
  assert.equal(c.hp, 1);
  assert.deepEqual(c.hybNightlyRest({ safety: "safe", ateFood: true }).outcomes, [{ type: "regainedHp", amount: 4, hp: 5 }]);
  assert.deepEqual(c.hybNightlyRest({ safety: "unsafe", ateFood: true }).outcomes, [{ type: "regainedHp", amount: 1, hp: 6 }]);
});

test("EX-HYB-11: resilience 10 hours; at 13 hours a DC 13 check, failure exhausts", () => {
  const c = new Creature({
    kind: "pc",
    hpMax: 10,
    abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
    rules: { type: "hyb" },
  });
  assert.equal(c.status().resilience, 10);
  assert.equal(c.addAdventuringHours(13), 13);
  assert.equal(c.status().resilienceDc, 13);
  assert.equal(c.resilienceCheck(undefined, faces([13])).checks[0]?.success, true);
  const fail = c.resilienceCheck(undefined, faces([12]));
  assert.deepEqual(fail.outcomes, [{ type: "exhausted" }]);
  assert.deepEqual(c.status().hybExhaustion, { speedFt: 0, disadvantageOnAllChecks: true, canActStrenuously: false });
});

test("OSE: dead at 0 HP; natural healing 1d3 per full day of rest", () => {
  const c = new Creature({ kind: "pc", hpMax: 8, hp: 2, rules: { type: "ose" } });
  const healed = c.oseNaturalHealing(["complete", "interrupted", "complete"], faces([2, 3]));
  assert.deepEqual(healed.dice, [{ sides: 3, face: 2 }, { sides: 3, face: 3 }]);
  assert.equal(c.hp, 7);
  const hit = c.damage({ amount: 0, fromAttack: true, flatModifiers: [-2] });
  assert.equal(hit.breakdown.total, 1, "a hit deals at least 1 (OSE-ATK-04)");
  c.damage({ amount: 9 });
  assert.deepEqual(c.death, { type: "dead", reason: { type: "zeroHp" } });
  assert.throws(() => c.deathSave(), fails("NOT_ALLOWED"));
});

test("toJSON/fromJSON restores exactly; tampered or malformed snapshots are refused", () => {
  const c = a5ePc(24, 3, { conMod: 1, hitDice: { die: "d8", total: 3 }, vulnerabilities: ["thunder"] });
  c.damage({ amount: 25 }, undefined, faces([]));
  c.gainStrife(1);
  const snap = c.toJSON();
  assert.equal(snap.v, 2);
  assert.equal(snap.creature.v, 1);
  const back = Creature.fromJSON(JSON.parse(JSON.stringify(snap)));
  assert.deepEqual(back.toJSON(), snap);
  assert.deepEqual(back.status(), c.status());
  // The same dice give the same outcome on the copy.
  assert.deepEqual(back.deathSave(0, undefined, faces([4])), c.deathSave(0, undefined, faces([4])));

  const tampered = structuredClone(snap);
  tampered.creature.creature.hp.current = 99;
  assert.throws(() => Creature.fromJSON(tampered), fails("SNAPSHOT_INVALID"));
  const badDeath = structuredClone(snap);
  badDeath.creature.creature.death = /** @type {any} */ ({ type: "undead" });
  assert.throws(() => Creature.fromJSON(badDeath), fails("SNAPSHOT_INVALID"));
  assert.throws(() => Creature.fromJSON({ ...snap, v: 3 }), fails("SNAPSHOT_INVALID"));
  // A creature's own snapshot, as earlier versions saved it, still loads.
  assert.deepEqual(Creature.fromJSON(snap.creature).status(), Creature.fromJSON(snap).status());
  assert.throws(() => Creature.fromJSON(/** @type {any} */ ({ creature: 5 })), fails("SNAPSHOT_INVALID"));
  // Not a snapshot at all (neither JSON text nor an object): the wrong type, refused before the wasm.
  assert.throws(() => Creature.fromJSON(/** @type {any} */ (null)), fails("INVALID_ARGUMENT"));
});

test("bad input is INVALID_ARGUMENT, bad faces INVALID_FACE / FACES_EXHAUSTED, and nothing changes", () => {
  assert.throws(() => new Creature({ kind: "pc", hpMax: 0, rules: { type: "a5e" } }), fails("INVALID_ARGUMENT"));
  assert.throws(() => new Creature(/** @type {any} */ ({ kind: "dragon", hpMax: 5, rules: { type: "a5e" } })), fails("INVALID_ARGUMENT"));
  assert.throws(() => new Creature(/** @type {any} */ ({ kind: "pc", hpMax: 5 })), fails("INVALID_ARGUMENT"));
  assert.throws(() => new Creature(/** @type {any} */ ({ kind: "pc", hpMax: 5, rules: { type: "gurps" } })), fails("INVALID_ARGUMENT"));
  assert.throws(() => new Creature(/** @type {any} */ ({ kind: "pc", hpMax: 2.5, rules: { type: "a5e" } })), fails("INVALID_ARGUMENT"));
  const c = a5ePc(24, 3);
  const before = c.toJSON();
  assert.throws(() => c.damage({ amount: -1 }), fails("INVALID_ARGUMENT"));
  assert.throws(() => c.damage(/** @type {any} */ ({ amount: 5, damageType: "sonic" })), fails("INVALID_ARGUMENT"));
  assert.throws(() => c.damage(/** @type {any} */ ({ amount: "5" })), fails("INVALID_ARGUMENT"));
  assert.throws(() => c.heal(1.5), fails("INVALID_ARGUMENT"));
  // Massive damage needs a d20: a d20 cannot show 21, and no faces at all is exhaustion.
  assert.throws(() => c.damage({ amount: 54 }, undefined, faces([21])), fails("INVALID_FACE"));
  assert.throws(() => c.damage({ amount: 54 }, undefined, faces([])), fails("FACES_EXHAUSTED"));
  assert.deepEqual(c.toJSON(), before, "failed calls change nothing");
});

/** Objects that throw, or trap, as soon as anything reads them. */
function hostiles() {
  const getter = {
    get amount() {
      throw new Error("getter");
    },
  };
  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error("trap");
      },
      ownKeys() {
        throw new Error("ownKeys");
      },
      getPrototypeOf() {
        throw new Error("getPrototypeOf");
      },
    },
  );
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  /** @type {Record<string, unknown>} */
  const cycle = { kind: "pc", hpMax: 10, rules: { type: "a5e" } };
  cycle.self = cycle;
  const bigint = { kind: "pc", hpMax: 10n, rules: { type: "a5e" } };
  const damageBigint = { amount: 5n };
  const throwingToJson = {
    toJSON() {
      throw new Error("toJSON");
    },
  };
  return [getter, trap, revoked, cycle, bigint, damageBigint, throwingToJson];
}

/** The same seeded story on any creature: damage to 0, death saves, healing, a rest. */
function story(/** @type {Creature} */ c) {
  const dice = new Dice({ seed: 77 });
  const out = [c.damage({ amount: 26 }, undefined, dice), c.deathSave(0, undefined, dice), c.deathSave(2, "advantage", dice)];
  out.push(c.heal(3, dice), c.spendHitDie(dice));
  return { out, status: c.status(), rolls: Array.from({ length: 10 }, () => dice.rollDie(20)) };
}

const spec = () => ({ kind: /** @type {const} */ ("pc"), hpMax: 24, level: 3, hitDice: { die: /** @type {const} */ ("d8"), total: 3 }, rules: { type: /** @type {const} */ ("a5e") } });

test("hostile objects are INVALID_ARGUMENT before the wasm, 10,000 times, and the module stays exact", () => {
  const expected = story(new Creature(spec()));
  const rolls = new Dice({ seed: 99 });
  const expectedRolls = Array.from({ length: 20 }, () => rolls.rollDie(20));
  const creature = new Creature(spec());
  creature.setTime(0, true);
  const before = creature.toJSON();
  const seeded = new Dice({ seed: 5 });
  const seededBefore = seeded.state();
  const calls = [
    (/** @type {any} */ h) => new Creature(h),
    (/** @type {any} */ h) => creature.damage(h),
    (/** @type {any} */ h) => creature.damage({ amount: 3 }, h),
    (/** @type {any} */ h) => creature.damage({ amount: 3 }, undefined, h),
    (/** @type {any} */ h) => creature.preview(h),
    (/** @type {any} */ h) => creature.ongoingDamage(h, undefined, seeded),
    (/** @type {any} */ h) => creature.healDice(h, seeded),
    (/** @type {any} */ h) => creature.stabilize(h, seeded),
    (/** @type {any} */ h) => creature.longRest(h, seeded),
    (/** @type {any} */ h) => creature.doom(h, seeded),
    (/** @type {any} */ h) => creature.oseNaturalHealing(h, seeded),
    (/** @type {any} */ h) => creature.heal(h, seeded),
    (/** @type {any} */ h) => Creature.fromJSON(h),
  ];
  let refused = 0;
  for (let i = 0; i < 10_000; i++) {
    const list = hostiles();
    const hostile = list[i % list.length];
    const call = calls[i % calls.length];
    assert.throws(
      () => call?.(hostile),
      (e) => {
        assert.ok(e instanceof TurnkeeperError, `call ${i % calls.length} with hostile ${i % list.length}: ${String(e)}`);
        assert.equal(e.code, "INVALID_ARGUMENT", e.message);
        refused++;
        return true;
      },
    );
  }
  assert.equal(refused, 10_000);
  assert.deepEqual(creature.toJSON(), before, "the creature is untouched");
  assert.deepEqual(seeded.state(), seededBefore, "the seeded dice were not rolled");
  // A fresh creature and fresh dice tell exactly the same story as before.
  assert.deepEqual(story(new Creature(spec())), expected);
  const again = new Dice({ seed: 99 });
  assert.deepEqual(
    Array.from({ length: 20 }, () => again.rollDie(20)),
    expectedRolls,
  );
  // And the creature that saw every refusal still works, from where it was.
  assert.equal(creature.damage({ amount: 5 }).hpLost, 5);
});

test("wrong-typed arguments are INVALID_ARGUMENT before the wasm, and change nothing", () => {
  const c = a5ePc(24, 3, { hitDice: { die: "d8", total: 3 } });
  const before = c.toJSON();
  const dice = new Dice({ seed: 1 });
  const state = dice.state();
  const ok = { amount: 3 };
  /** @type {Array<[string, () => unknown]>} */
  const wrong = [
    // @ts-expect-error deliberately wrong types
    ["new Creature(5)", () => new Creature(5)],
    // @ts-expect-error
    ["new Creature(null)", () => new Creature(null)],
    // @ts-expect-error
    ["new Creature()", () => new Creature()],
    // @ts-expect-error
    ["new Creature('{}')", () => new Creature("{}")],
    // @ts-expect-error
    ["new Creature([])", () => new Creature([])],
    // @ts-expect-error
    ["fromJSON(5)", () => Creature.fromJSON(5)],
    // @ts-expect-error
    ["fromJSON(null)", () => Creature.fromJSON(null)],
    // @ts-expect-error
    ["fromJSON()", () => Creature.fromJSON()],
    // @ts-expect-error
    ["fromJSON([])", () => Creature.fromJSON([])],
    // @ts-expect-error
    ["damage(5)", () => c.damage(5)],
    // @ts-expect-error
    ["damage(null)", () => c.damage(null)],
    // @ts-expect-error
    ["damage()", () => c.damage()],
    // @ts-expect-error
    ["damage('3')", () => c.damage("3")],
    // @ts-expect-error
    ["damage([])", () => c.damage([])],
    // @ts-expect-error
    ["damage(ok, 5)", () => c.damage(ok, 5)],
    // @ts-expect-error
    ["damage(ok, undefined, 5)", () => c.damage(ok, undefined, 5)],
    // @ts-expect-error
    ["damage(ok, undefined, {})", () => c.damage(ok, undefined, {})],
    ["damage(ok, undefined, fake Dice)", () => c.damage(ok, undefined, Object.create(Dice.prototype))],
    // @ts-expect-error
    ["preview(5)", () => c.preview(5)],
    // @ts-expect-error
    ["preview(ok, 'x')", () => c.preview(ok, "x")],
    // @ts-expect-error
    ["heal('3')", () => c.heal("3", dice)],
    // @ts-expect-error
    ["heal(3n)", () => c.heal(3n, dice)],
    ["heal(NaN)", () => c.heal(Number.NaN, dice)],
    ["heal(Infinity)", () => c.heal(Number.POSITIVE_INFINITY, dice)],
    // @ts-expect-error
    ["healDice('1d4')", () => c.healDice("1d4", dice)],
    // @ts-expect-error
    ["grantTempHp(3, 5)", () => c.grantTempHp(3, 5)],
    // @ts-expect-error
    ["deathSave(0, 1)", () => c.deathSave(0, 1, dice)],
    // @ts-expect-error
    ["deathSave(null)", () => c.deathSave(null, undefined, dice)],
    // @ts-expect-error
    ["stabilize('check')", () => c.stabilize("check", dice)],
    // @ts-expect-error
    ["gainFatigue('1')", () => c.gainFatigue("1", dice)],
    // @ts-expect-error
    ["doom('soon')", () => c.doom("soon", dice)],
    // @ts-expect-error
    ["raise(5, 'yes')", () => c.raise(5, "yes")],
    // @ts-expect-error
    ["setTime('10')", () => c.setTime("10")],
    // @ts-expect-error
    ["setTime(10, 1)", () => c.setTime(10, 1)],
    // @ts-expect-error
    ["advanceTime(null)", () => c.advanceTime(null)],
    // @ts-expect-error
    ["endEncounter('10')", () => c.endEncounter("10", dice)],
    // @ts-expect-error
    ["longRest(5)", () => c.longRest(5, dice)],
    // @ts-expect-error
    ["hybNightlyRest('safe')", () => c.hybNightlyRest("safe")],
    // @ts-expect-error
    ["oseNaturalHealing('3')", () => c.oseNaturalHealing("3", dice)],
    ["oseNaturalHealing(1.5)", () => c.oseNaturalHealing(1.5, dice)],
    ["oseNaturalHealing(-1)", () => c.oseNaturalHealing(-1, dice)],
    // @ts-expect-error
    ["addAdventuringHours('2')", () => c.addAdventuringHours("2")],
    // @ts-expect-error
    ["resilienceCheck(5)", () => c.resilienceCheck(5, dice)],
    // @ts-expect-error
    ["loseAbilityPoints(5, 1)", () => c.loseAbilityPoints(5, 1)],
    // @ts-expect-error
    ["recoverAbilityPoints('con', '1')", () => c.recoverAbilityPoints("con", "1")],
  ];
  for (const [name, call] of wrong) {
    assert.throws(call, (e) => {
      assert.ok(e instanceof TurnkeeperError, `${name}: ${String(e)}`);
      assert.equal(e.code, "INVALID_ARGUMENT", `${name}: ${e.message}`);
      return true;
    });
  }
  assert.deepEqual(c.toJSON(), before, "nothing changed");
  assert.deepEqual(dice.state(), state, "no die was rolled");
  // A count of complete days past the core's limit is refused whole, without a huge list.
  const ose = new Creature({ kind: "pc", hpMax: 10, hp: 1, rules: { type: "ose" } });
  assert.throws(() => ose.oseNaturalHealing(1e9, dice), fails("LIMIT_EXCEEDED"));
  assert.equal(ose.oseNaturalHealing(2, faces([3, 2])).dice.length, 2);
  assert.equal(ose.hp, 6);
});

test("a creature rolls a caller's seeded Dice as the dice roll themselves and hands them back where it stopped", () => {
  // A Dice lives in the dice module; a command given one rolls on a copy lent to the core as
  // words, and the dice go on from where the core stopped (issue 38).
  const creature = new Creature({ kind: "pc", hpMax: 40, hp: 5, rules: { type: "a5e" } });
  const lent = new Dice({ seed: 31 });
  creature.healDice({ count: 3, size: "d8", modifier: 0 }, lent);
  const own = new Dice({ seed: 31 });
  const total = own.roll("3d8").total;
  assert.equal(creature.hp, 5 + total);
  assert.deepEqual(lent.state(), own.state());
  assert.equal(lent.roll("1d20").total, own.roll("1d20").total);
});
