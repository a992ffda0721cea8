// Issue 37: the rule tables a GM screen offers come from the package, and say what the engine
// does: a new encounter of each preset runs the system the table names, a Greyhawk declaration
// rolls the dice the table gives, a system that the table says cannot delay refuses `delay`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Encounter, ruleTables } from "turnkeeper";

test("ruleTables: read once, frozen, every table filled", () => {
  const t = ruleTables();
  assert.equal(ruleTables(), t, "one shared object");
  assert.ok(Object.isFrozen(t) && Object.isFrozen(t.presets) && Object.isFrozen(t.presets[0]) && Object.isFrozen(t.presets[0].creature));
  assert.throws(() => {
    t.damageTypes.push("thunder");
  }, TypeError);
  assert.deepEqual(t.presets.map((p) => p.preset), ["gh5e", "a5e", "hyb", "ose", "standard"]);
  // The five systems keep their names and order; a system added later comes after them (the
  // engine's own test, crate/tests/rulesets_tables.rs, pins every row in full).
  const systems = t.initiativeSystems.map((s) => s.system);
  assert.deepEqual(systems.slice(0, 5), ["greyhawk", "abilityCheck", "dexScore", "side", "standard"]);
  assert.equal(new Set(systems).size, systems.length, "each system listed once");
  for (const system of systems) new Encounter({ ruleset: "a5e", initiative: system }).free();
  assert.equal(t.damageTypes.length, 13);
  assert.deepEqual(t.conditionSets.map((s) => s.set), ["a5e", "srd5e", "ose"]);
});

test("each preset's row is what a new encounter of that preset stores", () => {
  for (const row of ruleTables().presets) {
    const enc = new Encounter({ ruleset: row.preset });
    assert.equal(enc.config.preset, row.preset);
    if (enc.config.creature !== undefined) assert.deepEqual(enc.config.creature, row.creature, row.preset);
    assert.deepEqual(
      enc.conditions().map((c) => c.id),
      ruleTables().conditionSets.find((s) => s.set === row.conditions)?.conditions.map((c) => c.id),
      `${row.preset} offers its set's conditions`,
    );
    enc.free();
  }
  const gh = ruleTables().presets.find((p) => p.preset === "gh5e");
  assert.equal(gh?.initiative, "greyhawk");
  assert.deepEqual(gh?.creature, { type: "srd5e" }, "C-20");
  assert.equal(ruleTables().presets.find((p) => p.preset === "ose")?.roundLength, 10, "C-01");
});

test("GH-DICE-01: a declaration rolls the die the table gives each activity", () => {
  for (const { activity, die } of ruleTables().greyhawkActivities) {
    const enc = new Encounter({ ruleset: "gh5e", seed: 7 });
    enc.add({ id: "a", name: "A", side: "x", dex: 10 });
    enc.start();
    enc.declare("a", [activity]);
    const rolled = enc.rollInitiative().find((e) => e.type === "initiativeRolled");
    assert.ok(rolled?.type === "initiativeRolled");
    const dice = (rolled.rolls[0]?.dice ?? []).filter((d) => d.activity === activity);
    assert.equal(dice.length, 1, activity);
    assert.equal(`d${dice[0].die.sides}`, die, activity);
    enc.free();
  }
});

test("C-09: delay is taken exactly where the table allows it", () => {
  for (const { system, allowsDelay, declaresEachRound } of ruleTables().initiativeSystems) {
    if (declaresEachRound) continue; // needs declarations first; Greyhawk is covered by the engine's own tests
    const enc = new Encounter({ ruleset: "a5e", initiative: system, seed: 2 });
    enc.add({ id: "a", name: "A", side: "x", dex: 14 });
    enc.add({ id: "b", name: "B", side: "y", dex: 10 });
    enc.start();
    /** @returns {string} */
    const acting = () => {
      const actor = enc.current()?.actor;
      assert.ok(actor?.type === "participant", system);
      return actor.participant;
    };
    const first = acting();
    assert.equal(enc.config.initiative ?? system, system);
    if (allowsDelay) {
      enc.delay(first);
      assert.notEqual(acting(), first, system);
    } else {
      assert.throws(() => enc.delay(first), { code: "NOT_ALLOWED" }, system);
    }
    enc.free();
  }
});
