// The OSE and HYB procedures through the built package: docs/rules.md §6 worked examples replayed
// with supplied faces, the stateful trackers and pursuits, and typed errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Dice,
  DungeonPursuit,
  MoraleTracker,
  TurnkeeperError,
  WaterbornePursuit,
  WildernessPursuit,
  hyb,
  ose,
  runJsonProcedure,
  runProcedure,
} from "turnkeeper";

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

/** @param {number[]} faces */
const faces = (faces) => new Dice({ faces });

const fighter = /** @type {const} */ ({ type: "thac0", thac0: 17 });

test("EX-OSE-01: THAC0 17, STR +1, natural 14 against AC 4 — matrix, arithmetic and ascending AC", () => {
  const base = { attacker: fighter, kind: /** @type {const} */ ("melee"), targetAc: 4, abilityModifier: 1 };
  const matrix = ose.attack(base, faces([14]));
  assert.deepEqual(matrix.die, { sides: 20, face: 14 });
  assert.deepEqual(matrix.modifiers, [{ source: "ability", value: 1 }]);
  assert.deepEqual([matrix.total, matrix.needed, matrix.acHit, matrix.hit, matrix.basis], [15, 13, 2, true, "roll"]);
  assert.equal(matrix.resolution, "matrix");
  const thac0 = ose.attack({ ...base, resolution: "thac0Arithmetic" }, faces([14]));
  assert.deepEqual([thac0.needed, thac0.acHit, thac0.hit], [13, 2, true]);
  const aac = ose.attack({ ...base, resolution: "ascendingAc" }, faces([14]));
  assert.deepEqual([aac.total, aac.comparedAc, aac.attackBonus, aac.hit], [17, 15, 2, true]);
});

test("EX-OSE-02..04: THAC0 arithmetic, monster HD rows, and where matrix and arithmetic part", () => {
  const arithmetic = ose.attack(
    { attacker: { type: "thac0", thac0: 19 }, kind: "melee", targetAc: 5, resolution: "thac0Arithmetic" },
    faces([14]),
  );
  assert.deepEqual([arithmetic.needed, arithmetic.hit], [14, true]);
  const twoHd = ose.attack({ attacker: { type: "monster", hd: { dice: 2 } }, kind: "melee", targetAc: 9 }, faces([10]));
  assert.deepEqual([twoHd.thac0, twoHd.attackBonus], [18, 1]);
  const twoPlus = ose.attack({ attacker: { type: "monster", hd: { dice: 2, bonus: 1 } }, kind: "melee", targetAc: 9 }, faces([10]));
  assert.deepEqual([twoPlus.thac0, twoPlus.attackBonus], [17, 2]);
  const low = { attacker: /** @type {const} */ ({ type: "thac0", thac0: 19 }), kind: /** @type {const} */ ("melee"), targetAc: -3 };
  assert.equal(ose.attack(low, faces([19])).needed, 20);
  assert.equal(ose.attack({ ...low, resolution: "thac0Arithmetic" }, faces([19])).needed, 22);
  const nat20 = ose.attack({ ...low, resolution: "thac0Arithmetic" }, faces([20]));
  assert.deepEqual([nat20.hit, nat20.basis], [true, "natural20"]);
  assert.throws(() => ose.attack({ ...base(), attackerBlind: true }, faces([10])), fails("NOT_ALLOWED"));
  /** A plain fighter attack. */
  function base() {
    return { attacker: fighter, kind: /** @type {const} */ ("melee"), targetAc: 4 };
  }
});

test("EX-OSE-12: wilderness evasion chances, modifiers and the 5% floor", () => {
  const even = { fleeingSize: 3, pursuers: 2, fleeingRate: 120, pursuerRate: 120 };
  const plan = ose.evasion.wildernessPlan(even);
  assert.deepEqual(plan, { type: "roll", base: 70, modifiers: [], chance: 70 });
  const woods = ose.evasion.wildernessPlan({ ...even, environmentPoints: 25 });
  assert.equal(woods.type === "roll" && woods.chance, 95);
  const fast = ose.evasion.wildernessPlan({ ...even, fleeingRate: 60 });
  assert.deepEqual(fast.type === "roll" && fast.modifiers, [{ source: "pursuersTwiceAsFast", points: -25 }]);
  assert.equal(fast.type === "roll" && fast.chance, 45);
  const crowd = { fleeingSize: 30, pursuers: 5, fleeingRate: 60, pursuerRate: 60 };
  const crowded = ose.evasion.wildernessPlan(crowd);
  assert.equal(crowded.type === "roll" && crowded.chance, 10);
  const floor = ose.evasion.wildernessPlan({ ...crowd, pursuerRate: 120 });
  assert.deepEqual(floor, {
    type: "roll",
    base: 10,
    modifiers: [
      { source: "pursuersTwiceAsFast", points: -25 },
      { source: "minimumChance", points: 20 },
    ],
    chance: 5,
  });
  const surprised = ose.evasion.wildernessPlan({ ...even, surprise: { type: "fleeingSideSurprised", refereeChance: 10 } });
  assert.equal(surprised.type === "roll" && surprised.chance, 10);
  const escaped = ose.evasion.wilderness(even, faces([70]));
  assert.deepEqual([escaped.roll?.die, escaped.outcome], [{ sides: 100, face: 70 }, "escaped"]);
  assert.equal(ose.evasion.wilderness(even, faces([71])).outcome, "pursuit");
  assert.equal(ose.evasion.dungeon({ fleeingRate: 120, pursuerRate: 90 }), "escaped");
  assert.equal(ose.evasion.dungeon({ fleeingRate: 90, pursuerRate: 90 }), "pursuit");
  assert.equal(ose.evasion.waterborneChance({ fleeingPerRound: 40, pursuersPerRound: 80 }), 40);
  assert.equal(ose.evasion.waterborne({ fleeingPerRound: 50, pursuersPerRound: 40 }, faces([80])).outcome, "escaped");
});

test("EX-OSE-13: morale 2d6 against the score; two passes end checking; 12 ignores adjustments", () => {
  const flees = ose.morale({ score: 8 }, faces([4, 5]));
  assert.deepEqual([flees.roll, flees.outcome, flees.basis], [9, "fleesOrSurrenders", "rolled"]);
  assert.deepEqual(flees.dice, [{ sides: 6, face: 4 }, { sides: 6, face: 5 }]);
  assert.equal(ose.morale({ score: 8 }, faces([3, 5])).outcome, "fightsOn");
  const twelve = ose.morale({ score: 12, adjustment: -1 });
  assert.deepEqual([twelve.adjustmentApplied, twelve.basis, twelve.dice], [0, "fightsUntilKilled", []]);
  const tracker = new MoraleTracker();
  assert.deepEqual(tracker.noteLosses(6, 1), ["firstDeath"]);
  tracker.check({ score: 8 }, faces([2, 3]));
  tracker.check({ score: 8 }, faces([4, 4]));
  assert.deepEqual(tracker.toJSON(), { passes: 2, failures: 0, firstDeathSeen: true, halfDownSeen: false });
  const third = tracker.check({ score: 8 }, faces([]));
  assert.deepEqual([third.basis, third.dice], ["passedTwice", []]);
  assert.deepEqual(tracker.noteLosses(6, 2, 1), ["halfDown"]);
  assert.deepEqual(MoraleTracker.fromJSON(tracker.toJSON()).toJSON(), tracker.toJSON());
  assert.throws(() => ose.morale({ score: 13 }), fails("INVALID_ARGUMENT"));
});

test("EX-OSE-15: surprise, encounter distances and the reaction roll", () => {
  assert.deepEqual(ose.surprise({ side: "party" }, faces([2])), { side: "party", die: { sides: 6, face: 2 }, surprised: true });
  assert.equal(ose.surprise({ side: "monsters" }, faces([3])).surprised, false);
  assert.equal(ose.surprise({ side: "party", factors: { expecting: true } }).die, undefined);
  assert.deepEqual(ose.encounterDistance({ location: "dungeon" }, faces([3, 4])).distance, { unit: "feet", value: 70 });
  assert.deepEqual(ose.encounterDistance({ location: "wilderness" }, faces([3, 4, 5, 2])).distance, { unit: "yards", value: 140 });
  const close = ose.encounterDistance({ location: "wilderness", eitherSideSurprised: true }, faces([3]));
  assert.deepEqual([close.dice, close.distance], [[{ sides: 4, face: 3 }], { unit: "yards", value: 30 }]);
  const reaction = ose.reaction({ chaModifier: 1 }, faces([3, 4]));
  assert.deepEqual([reaction.total, reaction.modifier, reaction.reaction], [8, 1, "neutral"]);
  assert.equal(ose.reaction({}, faces([1, 1])).reaction, "hostile");
  assert.equal(ose.reaction(undefined, faces([6, 6])).reaction, "friendly");
});

test("OSE-SAVE and OSE-CHK: saves halve damage; monster rows; roll-under checks", () => {
  const save = ose.save({ target: 12, stake: { type: "damaging", damage: 11 } }, faces([12]));
  assert.deepEqual([save.success, save.damageTaken], [true, 5]);
  const poison = ose.save({ target: 12, bonus: 1, stake: { type: "poison", attackDamage: 3, fatalOnFailure: true } }, faces([10]));
  assert.deepEqual([poison.total, poison.success, poison.fatal, poison.damageTaken], [11, false, true, 3]);
  assert.deepEqual(ose.monsterSaves({ type: "hitDice", hd: 3 }), { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 });
  const breath = ose.monsterSave({ saveAs: { type: "hitDice", hd: 5 }, category: "breathAttacks", stake: { type: "nonDamaging" } }, faces([13]));
  assert.deepEqual([breath.target, breath.success, breath.effectApplies], [13, true, false]);
  assert.equal(ose.abilityCheck({ score: 13 }, faces([13])).success, true);
  assert.deepEqual(ose.abilityCheck({ score: 18 }, faces([20])).basis, "natural20");
  const hard = ose.abilityCheck({ score: 10, difficulty: 4 }, faces([1]));
  assert.deepEqual([hard.success, hard.basis], [true, "natural1"]);
});

test("OSE-PURSUIT: dungeon, waterborne and wilderness pursuits as plain-data state", () => {
  const dungeon = DungeonPursuit.start({ fleeingRate: 90, pursuerRate: 120, gapFeet: 60 });
  assert.deepEqual(dungeon.runRound(), { round: 1, gainedFeet: 30, gap: { unit: "feet", value: 30 }, runnersExhausted: false, status: { type: "ongoing" } });
  const saved = dungeon.toJSON();
  assert.deepEqual(dungeon.runRound().status, { type: "caught" });
  assert.throws(() => dungeon.runRound(), fails("OUT_OF_ORDER"));
  const again = DungeonPursuit.fromJSON(saved);
  assert.throws(() => again.refereeStops("evaded"), fails("INVALID_ARGUMENT"));
  const dropped = again.dropItem("treasure", true, faces([3]));
  assert.deepEqual([dropped.roll?.die, dropped.pursuersStop], [{ sides: 6, face: 3 }, true]);
  assert.deepEqual(again.status, { type: "escaped", reason: "treasureDropped" });

  const water = WaterbornePursuit.start({ fleeingPerRound: 40, pursuersPerRound: 50, gap: { unit: "yards", value: 60 } });
  assert.equal(water.distance, undefined);
  assert.deepEqual(water.runRound().closed, { unit: "yards", value: 30 });
  assert.equal(water.runRound().status.type, "caught");
  const rolled = WaterbornePursuit.start({ fleeingPerRound: 40, pursuersPerRound: 50 }, faces([1, 2, 3, 4]));
  assert.deepEqual(rolled.gap, { unit: "yards", value: 100 });
  assert.equal(rolled.distance?.dice.length, 4);

  const wild = WildernessPursuit.start({ fleeingSize: 3, pursuers: 2, fleeingRate: 120, pursuerRate: 150 });
  const catchUp = wild.catchUp(faces([51]));
  assert.deepEqual([catchUp.day, catchUp.pursuersFaster, catchUp.caught], [1, true, false]);
  assert.throws(() => wild.catchUp(faces([1])), fails("OUT_OF_ORDER"));
  const decision = wild.decide(true, faces([70]));
  assert.deepEqual(decision.status, { type: "escaped", reason: "evaded" });
  const caught = WildernessPursuit.start({ fleeingSize: 3, pursuers: 2, fleeingRate: 120, pursuerRate: 150 });
  assert.equal(caught.catchUp(faces([50])).caught, true);
  assert.deepEqual(WildernessPursuit.fromJSON(caught.toJSON()).status, { type: "caught" });
});

test("EX-HYB-07: a 40 ft scout in a thicket — DC 13, DEX, disadvantage, a 4 fails", () => {
  const chase = hyb.chase(
    { opponentSpeedFt: 40, terrain: "uneven", advantage: "disadvantage", runners: [{ id: "rath", modifier: 0 }] },
    faces([4, 15]),
  );
  assert.equal(chase.dc, 13);
  assert.deepEqual(chase.check, { type: "ability", ability: "dex" });
  const roll = chase.rolls[0];
  assert.ok(roll);
  assert.deepEqual([roll.check.roll?.natural, roll.check.total, roll.outcome], [4, 4, "quarryGotAway"]);
  assert.deepEqual(roll.check.roll?.dice, [{ sides: 20, face: 4 }, { sides: 20, face: 15 }]);
  assert.equal(hyb.chaseDc({ opponentSpeedFt: 20 }), 9);
  const party = hyb.chase(
    {
      role: "fleeing",
      opponentSpeedFt: 30,
      terrain: "flatOpen",
      mode: "worstModifierRollsOnce",
      runners: [
        { id: "a", modifier: 3 },
        { id: "b", modifier: -1 },
      ],
    },
    faces([12]),
  );
  assert.deepEqual([party.rolls.length, party.rolls[0]?.roller, party.rolls[0]?.members, party.rolls[0]?.outcome], [1, "b", ["a", "b"], "escaped"]);
});

test("EX-HYB-13: morale d20 + WIS + HD bonus against DC 11; followers of a retreating PC rout", () => {
  const stands = hyb.morale({ wisModifier: 1, hdBonus: 2 }, "firstCombatantKilled", faces([8]));
  assert.deepEqual([stands.total, stands.dc, stands.outcome, stands.trigger], [11, 11, "stands", "firstCombatantKilled"]);
  assert.equal(hyb.morale({ wisModifier: 1, hdBonus: 2 }, undefined, faces([7])).outcome, "surrendersOrFlees");
  const followers = hyb.followerMorale({}, faces([15, 9]));
  assert.deepEqual([followers.roll.mode, followers.total, followers.outcome], ["disadvantage", 9, "routs"]);
});

test("HYB checks, traps, attacks and EX-HYB-09 retreat", () => {
  const check = hyb.check({ modifier: 3, proficient: true, proficiencyBonus: 2, dc: 12 }, faces([7]));
  assert.deepEqual([check.modifier, check.total, check.success], [5, 12, true]);
  assert.deepEqual(hyb.check({ dc: 30, automaticSuccess: true }).roll, undefined);
  const trap = hyb.trap({ check: { dc: 13 }, playersSaidHow: true }, faces([1]));
  assert.deepEqual([trap.checkAllowed, trap.triggered, trap.damageDoubled], [true, true, true]);
  assert.deepEqual(hyb.trap({ check: { dc: 13 } }).check, undefined);
  const attacker = /** @type {const} */ ({ type: "pc", abilityModifier: 3, proficient: true, proficiencyBonus: 2 });
  const hit = hyb.attack({ attacker, method: { type: "melee" }, targetAc: 15 }, faces([10]));
  assert.deepEqual([hit.ability, hit.total, hit.hit, hit.critical], ["str", 15, true, false]);
  const close = hyb.attack({ attacker, method: { type: "ranged" }, targetAc: 15, band: "close" }, faces([18, 3]));
  assert.deepEqual([close.roll.mode, close.roll.natural, close.hit], ["disadvantage", 3, false]);
  assert.throws(() => hyb.attack({ attacker, method: { type: "melee" }, targetAc: 15, band: "far" }), fails("NOT_ALLOWED"));
  const away = hyb.retreat({ check: { modifier: 2, dc: 12 }, attacksHit: [false] }, faces([14]));
  assert.deepEqual(away.outcome, { type: "escaped" });
  assert.deepEqual([away.leavesInitiative, away.followersCheckMorale, away.endsConcentration], [true, true, true]);
  const stopped = hyb.retreat({ check: { modifier: 2, dc: 12 }, attacksHit: [true] }, faces([14]));
  assert.deepEqual([stopped.outcome, stopped.leavesInitiative], [{ type: "failed", reason: "hitByAttack" }, false]);
});

test("errors: unknown procedures, bad input and bad faces arrive as TurnkeeperError", () => {
  assert.throws(() => runProcedure("ose.teleport", {}), fails("INVALID_ARGUMENT"));
  assert.equal(/** @type {{ reaction: string }} */ (runProcedure("ose.reaction", {}, faces([3, 4]))).reaction, "neutral");
  assert.throws(() => ose.reaction(/** @type {any} */ ({ chaModifier: "x" })), fails("INVALID_ARGUMENT"));
  assert.throws(() => ose.attack(/** @type {any} */ ({ kind: "melee", targetAc: 4 })), fails("INVALID_ARGUMENT"));
  assert.throws(() => ose.attack(/** @type {any} */ ({ attacker: { type: "wizard" }, kind: "melee", targetAc: 4 })), fails("INVALID_ARGUMENT"));
  assert.throws(() => ose.encounterDistance(/** @type {any} */ ({ location: "space" })), fails("INVALID_ARGUMENT"));
  assert.throws(() => hyb.chase({ opponentSpeedFt: 30, terrain: "uneven", runners: [] }), fails("INVALID_ARGUMENT"));
  assert.throws(
    () => hyb.chase({ opponentSpeedFt: 30, terrain: "uneven", runners: [{ id: "a", modifier: 0 }, { id: "a", modifier: 1 }] }),
    fails("DUPLICATE_ID"),
  );
  assert.throws(() => ose.reaction({}, faces([7, 1])), fails("INVALID_FACE"));
  assert.throws(() => ose.reaction({}, faces([3])), fails("FACES_EXHAUSTED"));
  assert.throws(() => ose.evasion.wildernessPlan({ fleeingSize: 0, pursuers: 2, fleeingRate: 120, pursuerRate: 120 }), fails("INVALID_ARGUMENT"));
});

test("OSE-ENC-02/03, EX-OSE-15: the encounter opening in one call — surprise, distance, initiative", () => {
  const outdoors = ose.openEncounter({ origin: "wandering", location: "wilderness" }, faces([2, 5, 3]));
  assert.deepEqual([outdoors.partySurprise.surprised, outdoors.monsterSurprise.surprised], [true, false]);
  assert.deepEqual(outdoors.surprise, { type: "oneSideSurprised", surprised: "party" });
  assert.deepEqual(outdoors.distance.distance, { unit: "yards", value: 30 });
  assert.deepEqual([outdoors.initiativeSides, outdoors.freeRound, outdoors.nextStep], [["monsters"], "monsters", "actions"]);
  const calm = ose.openEncounter({ origin: "placed", location: "wilderness" }, faces([3, 4, 2, 3, 4, 5]));
  assert.deepEqual(calm.distance.distance, { unit: "yards", value: 140 });
  assert.deepEqual([calm.initiativeSides, calm.freeRound], [["party", "monsters"], undefined]);
  const fixed = ose.openEncounter(
    { origin: "placed", location: "dungeon", fixedDistance: { unit: "feet", value: 20 } },
    faces([3, 4]),
  );
  assert.deepEqual([fixed.distance.dice, fixed.distance.distance.value], [[], 20]);
  assert.throws(() => ose.openEncounter({ origin: "placed", location: "dungeon" }, faces([3])), fails("FACES_EXHAUSTED"));
});

test("OSE-EVADE-01, OSE-ENC-05: evasion only before combat; encounter movement is a third of the rate", () => {
  assert.equal(ose.beginEvasion({ otherSidePursues: false }), "unopposed");
  assert.equal(ose.beginEvasion({ otherSidePursues: true }), "pursued");
  assert.throws(() => ose.beginEvasion({ combatBegun: true, otherSidePursues: false }), fails("NOT_ALLOWED"));
  assert.deepEqual(ose.encounterMovement({ rate: 120, location: "dungeon" }), { unit: "feet", value: 40 });
  assert.deepEqual(ose.encounterMovement({ rate: 120, location: "wilderness" }), { unit: "yards", value: 40 });
  assert.throws(() => ose.encounterMovement({ rate: 120, location: /** @type {any} */ ("moon") }), fails("INVALID_ARGUMENT"));
});

test("EX-OSE-13 / OSE-MORALE-06: mercenary morale from the troop table — trained, mounted, elite → 10", () => {
  assert.equal(ose.mercenaryMorale({ troop: "trainedWarriors", qualities: ["mounted", "elite"] }), 10);
  assert.equal(ose.mercenaryMorale({ troop: "untrainedMilitia", qualities: ["fanatic", "fanatic"] }), 8);
  assert.equal(ose.mercenaryMorale({ troop: "barbarianHorde" }), 7);
  assert.equal(ose.mercenaryMorale({ troop: "untrainedMilitia", workingConditions: -10 }), 2);
  const score = ose.mercenaryMorale({ troop: "trainedWarriors", qualities: ["mounted", "elite"] });
  assert.equal(ose.morale({ score, subject: "mercenary" }, faces([5, 6])).outcome, "fleesOrSurrenders");
  assert.equal(ose.morale({ score, subject: "retainer" }).basis, "retainerNoCheck");
});

test("OSE-ATK-02/04/05/15/16: damage rolls — the 1-point minimum, exhaustion, immunity, unarmed 1d2", () => {
  const weak = ose.damage({ dice: { count: 1, size: "d6" }, modifier: -3 }, faces([1]));
  assert.deepEqual([weak.raw, weak.amount, weak.minimumApplied], [-2, 1, true]);
  const tired = ose.damage({ dice: { count: 1, size: "d8" }, modifier: 2, attackerExhausted: true }, faces([6]));
  assert.deepEqual([tired.modifier, tired.amount], [0, 6]);
  const immune = ose.damage({ dice: { count: 1, size: "d8" }, targetImmune: true });
  assert.deepEqual([immune.amount, immune.dice, immune.immune], [0, [], true]);
  const subdual = ose.damage({ dice: { count: 1, size: "d6" }, kind: "subdual" }, faces([4]));
  assert.deepEqual([subdual.amount, subdual.kind], [4, "subdual"]);
  assert.throws(() => ose.damage({ dice: { count: 1, size: "d6" }, waterPenalty: 1 }, faces([4])), fails("INVALID_ARGUMENT"));
  const punch = ose.unarmedDamage({ strModifier: 1 }, faces([2]));
  assert.deepEqual([punch.dice, punch.amount], [[{ sides: 2, face: 2 }], 3]);
});

test("EX-OSE-09 / OSE-ATK-11: bombing from at most 300 ft hits on 16+", () => {
  assert.deepEqual(ose.bombing({ altitudeFt: 300 }, faces([16])), { die: { sides: 20, face: 16 }, hit: true });
  assert.equal(ose.bombing({ altitudeFt: 100 }, faces([15])).hit, false);
  assert.throws(() => ose.bombing({ altitudeFt: 301 }, faces([20])), fails("NOT_ALLOWED"));
});

test("EX-OSE-08 / OSE-HAZ-06: drowning at the referee's 99% and 10%", () => {
  assert.deepEqual(ose.drowning({ chance: 99 }, faces([99])), { die: { sides: 100, face: 99 }, chance: 99, success: true });
  assert.equal(ose.drowning({ chance: 10 }, faces([11])).success, false);
  assert.throws(() => ose.drowning({ chance: 101 }, faces([1])), fails("INVALID_ARGUMENT"));
});

test("OSE-PURSUIT-02: running exhausts after 30 rounds (−2 attack, damage, AC) until 3 turns of rest", () => {
  let r = ose.running.run({ rounds: 29 });
  assert.deepEqual([r.changed, r.penalties], [false, { attack: 0, damage: 0, acWorseBy: 0 }]);
  r = ose.running.run({ tracker: r.tracker, rounds: 1 });
  assert.deepEqual([r.changed, r.tracker.exhausted, r.penalties], [true, true, { attack: -2, damage: -2, acWorseBy: 2 }]);
  r = ose.running.rest({ tracker: r.tracker, turns: 2 });
  assert.deepEqual([r.changed, r.tracker.exhausted], [false, true]);
  r = ose.running.rest({ tracker: r.tracker, turns: 1 });
  assert.deepEqual([r.changed, r.tracker, r.penalties.attack], [true, { roundsRun: 0, exhausted: false, turnsRested: 0 }, 0]);
  assert.throws(() => ose.running.rest({ tracker: r.tracker, turns: 0 }), fails("INVALID_ARGUMENT"));
});

/** @type {import("turnkeeper").MoraleParticipant[]} */
const warband = [
  { id: "g1", side: "goblins", kind: "goblin", morale: { wisModifier: 1, hdBonus: 2 } },
  { id: "g2", side: "goblins", kind: "goblin", morale: { hdBonus: 2 } },
  { id: "wolf", side: "goblins", kind: "wolf", morale: { wisModifier: 2 } },
  { id: "rath", isPc: true, side: "party", kind: "human" },
];

test("HYB-MORALE-03: morale rolls by side, by group of a type, or by creature; PCs always alone", () => {
  const bySide = hyb.planMorale({ participants: warband });
  assert.deepEqual(bySide, [
    { members: ["g1", "g2", "wolf"], roller: "g2" },
    { members: ["rath"], roller: "rath" },
  ]);
  const byType = hyb.planMorale({ participants: warband, grouping: "groupByType" });
  assert.deepEqual(byType.map((u) => u.members), [["g1", "g2"], ["wolf"], ["rath"]]);
  assert.equal(hyb.planMorale({ participants: warband, grouping: "groupByType", groupRoller: "firstListed" })[0]?.roller, "g1");
  assert.equal(hyb.planMorale({ participants: warband, grouping: "individual" }).length, 4);
  const again = { id: "g1", side: "goblins", kind: "goblin" };
  assert.throws(() => hyb.planMorale({ participants: [...warband, again] }), fails("DUPLICATE_ID"));
});

test("EX-HYB-13 / HYB-MORALE-01..03: a shared roll with the roller's modifiers — 8 + 3 stands, 7 + 3 flees", () => {
  const goblin = warband.slice(0, 1);
  const stands = hyb.moraleFor({ participants: goblin }, faces([8]));
  assert.deepEqual([stands[0]?.unit.roller, stands[0]?.check.total, stands[0]?.check.outcome], ["g1", 11, "stands"]);
  const flees = hyb.moraleFor({ participants: goblin }, faces([7]));
  assert.equal(flees[0]?.check.outcome, "surrendersOrFlees");
  const both = hyb.moraleFor({ participants: warband }, faces([9, 12]));
  assert.deepEqual(both.map((u) => [u.unit.roller, u.check.total]), [["g2", 11], ["rath", 12]]);
});

test("HYB-DMG-01..03: a dangerous check (a PC's natural 1 doubles damage) and damage doubled on a critical", () => {
  const trap = hyb.dangerousCheck({ check: { modifier: 2, dc: 12 } }, faces([1]));
  assert.deepEqual([trap.avoided, trap.damageDoubled], [false, true]);
  assert.equal(hyb.dangerousCheck({ check: { modifier: 2, dc: 12 }, forPc: false }, faces([1])).damageDoubled, false);
  assert.equal(hyb.dangerousCheck({ check: { modifier: 2, dc: 12 } }, faces([10])).avoided, true);
  const hit = hyb.damage({ dice: { count: 1, size: "d8", modifier: 1 }, modifier: 3 }, faces([5]));
  assert.deepEqual([hit.modifier, hit.base, hit.amount, hit.doubled], [4, 9, 9, false]);
  const crit = hyb.damage({ dice: { count: 1, size: "d8", modifier: 1 }, modifier: 3, critical: true }, faces([5]));
  assert.deepEqual([crit.amount, crit.doubled], [18, true]);
});

test("OSE-COMBAT-04/08/09, OSE-ATK-02/12/15/17: melee movement, casting, disruption, invulnerability, subdual", () => {
  assert.equal(ose.fightingWithdrawal({ rate: 120, clearPath: true }), 20);
  assert.throws(() => ose.fightingWithdrawal({ rate: 120 }), fails("NOT_ALLOWED"));
  assert.equal(ose.retreatMovement({ rate: 120 }), 40);
  assert.deepEqual(ose.castingObstacles({ targetVisibleOrNotNeeded: true }), []);
  assert.deepEqual(ose.castingObstacles({ gagged: true, movedThisRound: true }), ["cannotSpeak", "alreadyMoved", "targetNotVisible"]);
  assert.equal(ose.spellDisrupted({ sideLostInitiative: true, hitBeforeTurn: true }), true);
  assert.equal(ose.spellDisrupted({ hitBeforeTurn: true }), false);
  const ogre = { isMonster: true, hitDice: 5 };
  assert.equal(ose.canHarmInvulnerable({ attacker: ogre }), false);
  assert.equal(ose.canHarmInvulnerable({ attacker: ogre, optionalRule: true }), true);
  assert.equal(ose.canHarmInvulnerable({ attacker: { suitableWeapon: true } }), true);
  const track = { maxHp: 10, intelligent: true, lethalTaken: 0, subdualTaken: 0 };
  const bruised = ose.subdual({ track, kind: "subdual", amount: 6 });
  assert.equal(bruised.result, "fighting");
  assert.deepEqual(ose.subdual({ track: bruised.state, amount: 4 }).result, "surrenders");
  assert.equal(ose.subdual({ track: { ...bruised.state, intelligent: false }, amount: 4 }).result, "subduedRefereeDecides");
  assert.equal(ose.subdual({ track, amount: 10 }).result, "killed");
});

test("HYB-CHK-04: a stealth check hides the character; attacking reveals it", () => {
  const hidden = hyb.stealth.attempt({ check: { modifier: 2, dc: 12 } }, faces([10]));
  assert.deepEqual([hidden.result.success, hidden.state.hidden], [true, true]);
  const struck = hyb.stealth.attack({ stealth: hidden.state });
  assert.deepEqual([struck.result, struck.state.hidden], [true, false]);
  assert.equal(hyb.stealth.attempt({ stealth: hidden.state, check: { modifier: 2, dc: 12 } }, faces([5])).state.hidden, false);
  assert.throws(() => runJsonProcedure("hyb.stealth.attempt", {}), fails("INVALID_ARGUMENT"));
});

test("procedureJson errors: unknown OSE/HYB names and malformed input are INVALID_ARGUMENT", () => {
  assert.throws(() => runJsonProcedure("ose.nope", {}), fails("INVALID_ARGUMENT"));
  assert.throws(() => runJsonProcedure("hyb.damage", { dice: "1d8" }), fails("INVALID_ARGUMENT"));
  assert.throws(() => runJsonProcedure("ose.bombing", "not an object"), fails("INVALID_ARGUMENT"));
  assert.throws(() => runJsonProcedure("ose.bombing", undefined), fails("INVALID_ARGUMENT"));
});

test("HYB-LIGHT-02 / HYB-LIGHT-03: the light table's advantages and disadvantages; darksight reverses darkness", () => {
  const dark = hyb.light({ level: "darkness" });
  assert.ok(dark.disadvantageOn.length > 0);
  const seer = hyb.light({ level: "darkness", darksight: true });
  assert.deepEqual(seer.advantageOn, dark.disadvantageOn);
  assert.deepEqual(seer.disadvantageOn, []);
  assert.throws(() => hyb.light(/** @type {any} */ ({ level: "gloomy" })), (/** @type {any} */ e) => e.code === "INVALID_ARGUMENT");
});
