// One creature command for the sheet and the encounter (issue 37): `Encounter.creatureCommand`
// runs a `CreatureCommand` (what a `Creature` sheet runs) on a participant's creature through the
// same rules code, and the shorthand methods (`heal`, …) are that command.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Creature, Dice, Encounter, TurnkeeperError } from "turnkeeper";

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

/** A5E: a and b, a with a 20-HP character 8 HP down. */
function a5e() {
  const enc = new Encounter({ ruleset: "a5e", seed: 9 });
  enc.add({ id: "a", name: "A", side: "party", dex: 14 });
  enc.add({ id: "b", name: "B", side: "foes", dex: 12 });
  enc.setCreature("a", { kind: "pc", zeroHp: "deathSaves", hp: { current: 20, max: 20 }, level: 3 });
  enc.damage("a", { amount: 8 });
  return enc;
}

test("healing dice run in an encounter as on a sheet, with the same faces", () => {
  const enc = a5e();
  const events = enc.creatureCommand("a", { type: "healDice", dice: { count: 2, size: "d6", modifier: 0 } }, { faces: [3, 4] });
  const updated = events.find((e) => e.type === "creatureUpdated");
  assert.equal(updated?.type === "creatureUpdated" && updated.change, "healed");
  assert.equal(enc.participant("a")?.creature?.hp.current, 19);

  const sheet = new Creature({ kind: "pc", hpMax: 20, hp: 12, level: 3, rules: { type: "a5e" } });
  sheet.healDice({ count: 2, size: "d6", modifier: 0 }, new Dice({ faces: [3, 4] }));
  assert.equal(sheet.hp, 19);
});

test("the shorthand heal and creatureCommand heal give the same events and state", () => {
  const one = a5e();
  const two = a5e();
  assert.deepEqual(one.heal("a", 5), two.creatureCommand("a", { type: "heal", amount: 5 }));
  assert.deepEqual(one.toJSON(), two.toJSON());
});

test("kill and raise a participant: it stops and starts acting", () => {
  const enc = a5e();
  const killed = enc.creatureCommand("a", { type: "kill" });
  assert.ok(killed.some((e) => e.type === "creatureUpdated" && e.change === "killed"));
  assert.equal(enc.participant("a")?.canAct, false);
  assert.ok(enc.describe(killed[0]).includes("is killed"), enc.describe(killed[0]));
  enc.creatureCommand("a", { type: "raise", hp: 1 });
  assert.equal(enc.participant("a")?.creature?.hp.current, 1);
  assert.equal(enc.participant("a")?.canAct, true);
});

test("the sheet's clock commands are refused in an encounter and change nothing", () => {
  const enc = a5e();
  const before = JSON.stringify(enc.toJSON());
  assert.throws(() => enc.creatureCommand("a", { type: "setTime", now: 60 }), fails("NOT_ALLOWED"));
  assert.throws(() => enc.creatureCommand("a", { type: "endEncounter" }), fails("NOT_ALLOWED"));
  assert.throws(() => enc.creatureCommand("b", { type: "kill" }), fails("NOT_ALLOWED"));
  assert.throws(() => enc.creatureCommand("a", /** @type {any} */ ({ type: "fly" })), fails("INVALID_ARGUMENT"));
  assert.equal(JSON.stringify(enc.toJSON()), before);
});
