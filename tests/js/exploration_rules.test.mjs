// The rules of issue 18's remainder through the built package: OSE encumbrance, hazards and party
// rules, HYB load, coins, loot and overwater speeds, A5E condition immunities (as procedures and
// on encounter participants), and journey members linked to creatures (travel hours, resilience,
// nights of rest, the cost of a failed roll to return) mirrored on a follower.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Creature, Dice, Encounter, Journey, TurnkeeperError, a5e, homebrewCondition, hyb, ose } from "turnkeeper";

/** @param {number[]} faces */
const faces = (faces) => new Dice({ faces });

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

test("OSE-ENCUMB-01, OSE-ENCUMB-02, OSE-ENCUMB-03, OSE-ENCUMB-04, OSE-MOVE-01 / EX-OSE-14: movement by load, treasure weights, the 1,600-coin limit, the slowest member", () => {
  assert.equal(ose.encumbrance({ type: "detailed", total: 500 }), 90);
  assert.equal(ose.encumbrance({ type: "detailed", total: 800 }), 60);
  assert.equal(ose.encumbrance({ type: "detailed", total: 1601 }), undefined);
  assert.equal(ose.encumbrance({ type: "basic", armor: "light", carryingTreasure: true, treasure: 200 }), 60);
  assert.equal(ose.treasureWeight({ items: [{ item: "potion", count: 3 }, { item: "staff" }, { item: "coin", count: 100 }] }), 170);
  assert.equal(ose.partyMovement({ members: [120, 90] }), 90);
  assert.equal(ose.partyMovement({ members: [120, undefined] }), undefined);
  assert.throws(() => ose.encumbrance(/** @type {any} */ ({ type: "heavy" })), fails("INVALID_ARGUMENT"));
});

test("OSE-HAZ-01, OSE-HAZ-02, OSE-HAZ-04, OSE-HAZ-05, OSE-LIGHT-02, OSE-LIGHT-03, OSE-WILD-03, OSE-WILD-12: hazards, vision, flying mounts, encirclement", () => {
  const fall = ose.falling({ feet: 30 }, faces([6, 1, 2]));
  assert.equal(fall.damage, 9);
  assert.equal(fall.dice.length, 3);
  assert.equal(ose.swimming({ feet: 90 }), 45);
  assert.equal(ose.starving({ daysWithoutFoodOrWater: 1 }), true);
  assert.equal(ose.climbSheer({ hasEquipment: true }), true);
  assert.equal(ose.infravision({ light: "darkness" }), true);
  assert.equal(ose.infravision({ light: "dim" }), false);
  assert.equal(ose.lightSpoilsSurprise({ carryingLight: true, environment: "darkness" }), true);
  assert.equal(ose.flyingMount({ hd: 12 }), "largeAnimal");
  assert.equal(ose.flyingMount({ hd: 2 }), undefined);
  assert.equal(ose.encircled({ partySurprised: true, monsters: 3 }), true);
  assert.equal(ose.encircled({ partySurprised: true, monsters: 2 }), false);
});

test("OSE-PARTY-01, OSE-PARTY-03: dividing treasure evenly, the magic-item pick order, party advice", () => {
  assert.deepEqual(ose.splitTreasure({ total: 1000, shares: 3 }), { each: 333, remainder: 1 });
  const picks = ose.magicItemPicks({ players: ["ana", "bo"] }, faces([4, 15]));
  assert.deepEqual(picks.map((p) => p.id), ["bo", "ana"]);
  assert.deepEqual(ose.partyAdvice({ levels: [1, 1, 1, 1, 1, 1] }), []);
  assert.deepEqual(ose.partyAdvice({ levels: [1, 6, 1, 1, 1, 1] }), [{ type: "wideLevelSpread", lowest: 1, highest: 6 }]);
});

test("HYB-LOAD-01, HYB-LOAD-02, HYB-TREAS-01, HYB-TREAS-02, HYB-TREAS-03: load, coins, change, XP for gold, carried loot", () => {
  assert.deepEqual(hyb.load({ strScore: 10, loads: 11 }), { over: 1, speed: 25, disadvantage: true, immobile: false });
  assert.deepEqual(hyb.coins({ gp: 400, sp: 100 }), { coins: 500, valueCp: 41000, pounds: 5, loads: 1 });
  assert.deepEqual(hyb.change({ cp: 1234 }), { cp: 4, sp: 3, gp: 12 });
  assert.equal(hyb.xpForGold({ gp: 250 }), 250);
  assert.equal(hyb.xpForGold({ gp: 250, earned: false }), 0);
  assert.equal(hyb.carriedLoot({ hd: 3 }, faces([1, 20, 5])).gp, 26);
});

test("HYB-TRAVEL-04, HYB-TRAVEL-05, HYB-TRAVEL-06 / EX-HYB-12: overland miles for the party, boats and ships with wind and current", () => {
  assert.equal(hyb.overland({ party: [{ strModifier: 2 }], day: { light: "bright" } }), 12);
  assert.equal(hyb.overland({ party: [{ strModifier: 2 }, { strModifier: 0, encumbered: true }], day: { light: "bright" } }), 5);
  assert.deepEqual(hyb.waterSpeed({ vessel: "boat", flow: "unfavorable" }), { perHour: { tenths: 15 }, perDay: 15 });
  assert.deepEqual(hyb.waterSpeed({ vessel: "ship", flow: "favorable" }), { perHour: { tenths: 100 }, perDay: 200 });
  assert.deepEqual(hyb.waterSpeed({ vessel: "ship" }), { perHour: { tenths: 50 }, perDay: 100 });
});

test("A5E-COND-28: immunities and their links, as a procedure and on encounter participants", () => {
  const covered = a5e.conditionImmunities({ immune: ["charmed"] });
  assert.deepEqual(
    covered.map((c) => [c.condition, c.via]),
    [
      ["charmed", undefined],
      ["enraged", "charmed"],
      ["fixated", "charmed"],
      ["manic", "charmed"],
    ],
  );
  assert.throws(() => a5e.conditionImmunities({ immune: [homebrewCondition("sleepy")] }), fails("UNKNOWN_ID"));

  const enc = new Encounter({ ruleset: "a5e", seed: 3 });
  const mirror = Encounter.fromJSON(enc.toJSON());
  enc.onEvents((_events, batch) => mirror.applyEvents(batch));
  enc.add({ id: "ghoul", name: "Ghoul", side: "foes", conditionImmunities: ["charmed", "prone"] });
  const events = enc.addCondition("ghoul", "fixated");
  const added = events.find((e) => e.type === "effectsAdded");
  assert.ok(added && added.type === "effectsAdded");
  assert.equal(added.added.length, 0);
  assert.deepEqual(added.resisted, [{ target: "ghoul", condition: "fixated", immunity: "charmed" }]);
  assert.match(enc.describe(added), /Ghoul is immune to fixated\./);
  // Unconscious brings prone, which the ghoul is immune to: no disadvantage for far attackers.
  enc.addCondition("ghoul", "unconscious");
  const advice = enc.rollAdvice("ghoul", { roll: { type: "attackAgainst", attackerDistanceFeet: 30 } });
  assert.equal(advice.mode, "advantage");
  assert.deepEqual(advice.disadvantage, []);
  assert.equal(JSON.stringify(mirror.toJSON()), JSON.stringify(enc.toJSON()));
});

test("HYB-RES-01, HYB-RES-02, HYB-RES-03, HYB-RES-04, HYB-RETURN-02: members' creatures through the journey, mirrored by a follower", () => {
  const abilities = { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 };
  const ana = { kind: /** @type {const} */ ("pc"), hp: { current: 10, max: 10 }, level: 2, abilities, hyb: { hoursAdventured: 9 } };
  const j = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 5 });
  const follower = Journey.fromJSON(j.toJSON());
  j.onEvents((_events, batch) => follower.applyEvents(batch));
  j.addMember({ id: "ana", bestModifier: 6, creature: ana, load: 12 });
  j.start({ hour: 8 });
  j.travelTurn({}, { faces: [15] });
  const second = j.travelTurn({}, { faces: [15] });
  const hours = second.find((e) => e.type === "hoursAdventured");
  assert.ok(hours && hours.type === "hoursAdventured");
  assert.deepEqual(hours.members, [{ id: "ana", total: 11, checkDc: 11 }]);
  assert.equal(j.describe(hours), "1 h more adventuring: ana 11 h (resilience check DC 11)");
  const check = j.resilienceCheck("ana", { faces: [4] });
  assert.equal(j.describe(check[0]), "ana checks resilience: 4 vs DC 11, exhausted");
  // DC 12: 3 + 6 = 9 misses by 3 → 3d6 = 6 damage, 10 → 4 HP.
  const back = j.rollToReturn("dangerous", [], { faces: [3, 1, 2, 3] });
  const hurt = back.find((e) => e.type === "memberUpdated");
  assert.ok(hurt && hurt.type === "memberUpdated");
  assert.equal(hurt.change, "returnDamage");
  assert.equal(hurt.creature?.hp.current, 4);
  j.nightlyRest({ safety: "safe", ateFood: true });
  const member = j.members()[0];
  assert.equal(member?.creature?.hp.current, 6);
  assert.equal(member?.creature?.hyb?.hoursAdventured ?? 0, 0);
  assert.equal(member?.creature?.hyb?.exhausted ?? false, false);
  assert.equal(JSON.stringify(follower.toJSON()), JSON.stringify(j.toJSON()));
});

test("HYB-RETURN-02, HYB-LOAD-01, HYB-TRAVEL-05: the arduous way drops loads; more loads than STR halves the day", () => {
  const abilities = { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 };
  const pc = { kind: /** @type {const} */ ("pc"), hp: { current: 10, max: 10 }, level: 1, abilities };
  const j = new Journey({ ruleset: "hyb", mode: "hybOverland", seed: 1 });
  j.addMember({ id: "bo", creature: pc, load: 11 });
  j.start({ hour: 8 });
  const day = j.travelTurn({ overland: { light: "bright" } }, { faces: [12] });
  const covered = day.find((e) => e.type === "overlandCovered");
  assert.ok(covered && covered.type === "overlandCovered");
  assert.equal(covered.miles, 5, "11 loads over STR 10: encumbered, half of 10 miles");
  j.rollToReturn("arduous", [], { faces: [2] }); // DC 11: 2 misses by 9 → 9 loads
  assert.equal(j.members()[0]?.load, 2);
});

test("OSE-HEAL-01: a wilderness rest day heals members' creatures 1d3", () => {
  const j = new Journey({ ruleset: "ose", mode: "oseWilderness", seed: 2 });
  j.addMember({ id: "cy", creature: { kind: "pc", hp: { current: 3, max: 8 }, level: 1 } });
  j.start({ hour: 7 });
  const day = j.wildernessDay({ route: { terrain: "clear" }, activity: "rest" }, { faces: [5, 2] });
  assert.ok(day.some((e) => e.type === "memberUpdated" && e.change === "restDay"));
  assert.equal(j.members()[0]?.creature?.hp.current, 5);
});

test("OSE-DUNG-03, OSE-DUNG-04, OSE-DUNG-05: doors shut behind the party; monsters open all but spiked or magically closed ones", () => {
  assert.deepEqual(ose.door({ state: "open" }), { afterPartyPasses: "closed", monstersCanOpen: true, needsPickingOrMagic: false });
  assert.equal(ose.door({ state: "spikedShut" }).monstersCanOpen, false);
  assert.equal(ose.door({ state: "locked" }).needsPickingOrMagic, true);
});

test("OSE-DUNG-09, OSE-WILD-11: the journey view gives the −1 to attack and damage while rest is owed", () => {
  const j = new Journey({ ruleset: "ose", mode: "oseDungeon", seed: 9 });
  j.addMember({ id: "ana" });
  j.start({ hour: 8 });
  for (let turn = 0; turn < 5; turn++) j.explore();
  assert.equal(j.view().attackDamageModifier, 0, "five turns without rest");
  j.explore();
  assert.equal(j.view().attackDamageModifier, -1);
  j.rest();
  assert.equal(j.view().attackDamageModifier, 0);
});

test("HYB-ACT-04 / EX-HYB-04, A5E-SCEN-04: special movement at half speed; a rolling scene at the second-slowest Speed", () => {
  assert.equal(hyb.move({ speed: 30, forms: ["swimming"] }), 15);
  assert.equal(hyb.move({ speed: 30, forms: ["climbing", "difficultTerrain"] }), 15);
  assert.equal(hyb.move({ speed: 25, forms: ["crawling"] }), 12);
  assert.equal(hyb.move({ speed: 30 }), 30);
  assert.equal(a5e.rollingSpeed({ speeds: [40, 25, 30] }), 30);
  assert.equal(a5e.rollingSpeed({ speeds: [60] }), 30);
  assert.throws(() => hyb.move({ speed: -5 }), { code: "INVALID_ARGUMENT" });
});

test("HYB-RETURN-02, HYB-HEAL-03: the way back's damage only rest mends (or heals as usual by option); mundane care ends the injury's disadvantage", () => {
  const abilities = { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 };
  const ana = { kind: /** @type {const} */ ("pc"), hp: { current: 10, max: 10 }, level: 2, abilities };
  for (const [wounds, unhealable] of /** @type {const} */ ([["restOnly", 6], ["healable", 0]])) {
    const j = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 5 });
    j.addMember({ id: "ana", creature: ana });
    j.start({ hour: 8 });
    // DC 10: 7 misses by 3 → 3d6 = 6.
    j.rollToReturn("dangerous", [], { faces: [7, 1, 2, 3], ...(wounds === "healable" ? { wounds } : {}) });
    const hurt = j.members()[0]?.creature;
    assert.equal(hurt?.hp.current, 4);
    assert.equal(hurt?.hyb?.unhealable ?? 0, unhealable, wounds);
  }
  const pc = new Creature({ kind: "pc", hpMax: 20, level: 4, rules: { type: "hyb" } });
  pc.grantTempHp(3);
  const hit = pc.damage({ amount: 8, unhealable: true });
  assert.deepEqual([hit.tempHpAbsorbed, hit.hpLost, pc.tempHp], [0, 8, 3]);
  const healed = pc.heal(10);
  assert.equal(pc.hp, 12);
  assert.deepEqual(healed.outcomes, [{ type: "unhealableHp", hp: 8 }]);
  pc.hybNightlyRest({ safety: "safe", ateFood: true });
  assert.equal(pc.hp, 16, "rest mends them: 4 HP a night at level 4");
  assert.throws(() => pc.damage({ amount: 1, damageType: "fire", unhealable: true }), fails("INVALID_ARGUMENT"));
  assert.deepEqual(pc.hybMundaneCare().outcomes, [], "no penalty to remove, and no HP");
});

test("OSE-HAZ-01: a sheer surface needs equipment; a tense climb is a DEX check", () => {
  assert.deepEqual(ose.climb({ sheer: true, dexCheck: 13 }), { canClimb: false, success: false });
  const slip = ose.climb({ dexCheck: 13, difficulty: 4 }, faces([10]));
  assert.equal(slip.success, false);
  assert.equal(slip.check?.total, 14);
  assert.equal(ose.climb({ sheer: true, hasEquipment: true, dexCheck: 13 }, faces([13])).success, true);
  assert.equal(ose.climb({}).success, true);
});

test("A5E-SCEN-05, A5E-CTRL-01, A5E-COND-28, A5E-TBA-01: rolling forward, moving as a group, immunities set later, why turn-based action is called", () => {
  assert.equal(a5e.rollingForward({}), false);
  assert.equal(a5e.rollingForward({ improvisedAction: true }), true);
  assert.deepEqual(a5e.groupStragglers({ members: [{ x: 0, y: 0 }, { x: 5, y: 5 }, { x: 25, y: 0 }] }), [2]);
  const enc = new Encounter({ ruleset: "a5e", seed: 3 });
  const mirror = Encounter.fromJSON(enc.toJSON());
  enc.onEvents((_events, batch) => mirror.applyEvents(batch));
  enc.add({ id: "ana", name: "Ana", side: "party" });
  const started = enc.start({ calledFor: "competition" });
  assert.equal(enc.describe(started[0]), "The encounter begins: a competition starts.");
  const set = enc.setConditionImmunities("ana", ["charmed"]);
  assert.deepEqual(set, [{ type: "conditionImmunitiesSet", participant: "ana", immunities: ["charmed"] }]);
  const added = enc.addCondition("ana", "fixated");
  const first = added[0];
  assert.ok(first && first.type === "effectsAdded");
  assert.deepEqual(first.resisted, [{ target: "ana", condition: "fixated", immunity: "charmed" }]);
  enc.setConditionImmunities("ana", []);
  assert.throws(() => enc.setConditionImmunities("ana", [homebrewCondition("sleepy")]), fails("UNKNOWN_ID"));
  assert.equal(JSON.stringify(mirror.toJSON()), JSON.stringify(enc.toJSON()));
});
