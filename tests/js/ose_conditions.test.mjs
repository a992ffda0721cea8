// Old-School Essentials' own conditions through the package (docs/rules.md §4.15: OSE-ATK-10,
// OSE-ATK-13, OSE-COMBAT-04): a new OSE encounter offers exactly OSE's set, refuses A5E's
// conditions with UNKNOWN_ID and changes nothing, and its roll advice reports the +2 against a
// retreating creature and the automatic hit on a paralyzed one. A config that names A5E's set,
// and an OSE game saved before OSE had its own, keep A5E's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Encounter, TurnkeeperError } from "turnkeeper";

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

/** A new OSE encounter with a fighter and a goblin. */
function ose() {
  const enc = new Encounter({ ruleset: "ose", seed: 1 });
  enc.add({ id: "fighter", name: "Fighter", side: "party", dex: 13 });
  enc.add({ id: "goblin", name: "Goblin", side: "foes", dex: 10 });
  return enc;
}

test("OSE-ATK-10 OSE-ATK-13 OSE-COMBAT-04: a new OSE encounter lists exactly OSE's conditions with their rule ids; A5E-only ones are UNKNOWN_ID", () => {
  const enc = ose();
  assert.deepEqual(
    enc.conditions().map((c) => [c.id, c.rule]),
    [
      ["blinded", "OSE-ATK-10"],
      ["helpless", "OSE-ATK-13"],
      ["paralyzed", "OSE-ATK-13"],
      ["retreating", "OSE-COMBAT-04"],
    ],
  );
  assert.ok(enc.conditions().every((c) => !c.homebrew && !c.automatic && !c.placeholder));
  // The config a new OSE encounter stores names its set.
  assert.deepEqual(enc.config, { preset: "ose", conditions: "ose" });
  const before = JSON.stringify(enc.toJSON());
  for (const id of ["rattled", "slowed", "confused", "poisoned"]) {
    assert.throws(() => enc.addCondition("goblin", /** @type {any} */ (id)), fails("UNKNOWN_ID"));
  }
  assert.equal(JSON.stringify(enc.toJSON()), before, "a refused condition changes nothing");
  // A table that wants A5E's conditions under OSE names them.
  const a5e = new Encounter({ ruleset: "ose", seed: 1, config: { conditions: "a5e" } });
  assert.equal(a5e.config.conditions, "a5e");
  assert.equal(a5e.conditions().find((c) => c.id === "rattled")?.rule, "A5E-COND-23");
});

test("OSE-COMBAT-04 OSE-ATK-13: rollAdvice reports +2 against a retreating creature and the automatic hit on a paralyzed one", () => {
  const enc = ose();
  enc.addCondition("fighter", "retreating");
  enc.addCondition("goblin", "paralyzed");
  const onFighter = enc.rollAdvice("fighter", { type: "attackAgainst", attackerDistanceFeet: 5 });
  assert.equal(onFighter.modifierTotal, 2);
  assert.deepEqual(onFighter.modifiers.map((m) => [m.amount, m.reason.rule]), [[2, "OSE-COMBAT-04"]]);
  assert.deepEqual(onFighter.autoHit, []);
  assert.deepEqual(
    onFighter.status.flags.map((f) => [f.flag, f.reason.rule]),
    [["shieldIgnored", "OSE-COMBAT-04"]],
  );
  assert.deepEqual(onFighter.status.actions.map((a) => [a.limit, a.reason.rule]), [["noAttacks", "OSE-COMBAT-04"]]);
  const onGoblin = enc.rollAdvice("goblin", { type: "attackAgainst", attackerDistanceFeet: 5 });
  assert.deepEqual(
    onGoblin.autoHit.map((r) => [r.origin, r.via, r.rule]),
    [[{ type: "condition", id: "helpless" }, { type: "condition", id: "paralyzed" }, "OSE-ATK-13"]],
  );
  assert.deepEqual(enc.rollAdvice("goblin", { type: "attackAgainst", attackerDistanceFeet: 30 }).autoHit, [], "missiles roll as usual");
  assert.equal(enc.participant("goblin")?.canAct, false, "a paralyzed creature cannot act");
  // The same encounter restored from its snapshot keeps OSE's set.
  const restored = Encounter.fromJSON(enc.toJSON());
  assert.equal(restored.rollAdvice("fighter", { type: "attackAgainst", attackerDistanceFeet: 60 }).modifierTotal, 2);
});
