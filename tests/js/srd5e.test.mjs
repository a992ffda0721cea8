// The 5e (SRD 5.1) conditions and exhaustion through the package (docs/rules.md, "5e SRD base"):
// an encounter whose creatures follow the `srd5e` rules uses the 5e condition set, its roll
// advice cites the SRD rule ids, A5E-only conditions are unknown there, and exhaustion runs to
// death at 6. A stand-alone creature does the same; other rules refuse exhaustion.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Creature, Encounter, TurnkeeperError } from "turnkeeper";

/** @param {string} code */
const fails = (code) => (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === code;

/** A PC with `hp` hit points, at level 3. */
const pc = (/** @type {number} */ hp) => /** @type {const} */ ({ kind: "pc", zeroHp: "deathSaves", hp: { current: hp, max: hp }, level: 3 });

/** Greyhawk over plain 5e: a and b, both with a creature. */
function gh5e() {
  const enc = new Encounter({ ruleset: "gh5e", seed: 3, config: { creature: { type: "srd5e" } } });
  enc.add({ id: "a", name: "A", side: "party", dex: 14 });
  enc.add({ id: "b", name: "B", side: "foes", dex: 12 });
  enc.setCreature("a", pc(20));
  enc.setCreature("b", pc(20));
  return enc;
}

test("SRD-COND-04: frightened under the 5e set gives disadvantage citing the SRD, and A5E-only conditions are unknown", () => {
  const enc = gh5e();
  enc.addCondition("a", "frightened");
  const advice = enc.rollAdvice("a", {
    roll: { type: "attack", range: "melee", ability: "str" },
    circumstances: [{ circumstance: "seesSourceOfFear", holds: true }],
  });
  assert.equal(advice.mode, "disadvantage");
  assert.deepEqual(advice.disadvantage.map((r) => r.rule), ["SRD-COND-04"]);
  const before = JSON.stringify(enc.toJSON());
  for (const id of /** @type {const} */ (["rattled", "slowed", "confused"])) {
    assert.throws(() => enc.addCondition("b", id), fails("UNKNOWN_ID"));
  }
  assert.equal(JSON.stringify(enc.toJSON()), before, "a refused condition changes nothing");
  // The same encounter restored from its snapshot keeps the 5e set.
  const restored = Encounter.fromJSON(enc.toJSON());
  assert.deepEqual(
    restored.rollAdvice("a", { roll: { type: "abilityCheck", ability: "wis" }, circumstances: [{ circumstance: "seesSourceOfFear", holds: true }] }).disadvantage.map((r) => r.rule),
    ["SRD-COND-04"],
  );
});

test("SRD-EXH-01 SRD-EXH-03: exhaustion gained to 6 in the encounter is death", () => {
  const enc = gh5e();
  enc.gainExhaustion("a", 3);
  assert.deepEqual(enc.participant("a")?.creature?.exhaustion, { effective: 3, pending: 0 });
  const save = enc.rollAdvice("a", { type: "savingThrow", ability: "dex" });
  assert.deepEqual(save.disadvantage.map((r) => r.rule), ["SRD-EXH-02"]);
  enc.removeExhaustion("a");
  assert.deepEqual(enc.participant("a")?.creature?.exhaustion, { effective: 2, pending: 0 });
  enc.gainExhaustion("a", 4);
  const a = enc.participant("a")?.creature;
  assert.deepEqual(a?.death, { type: "dead", reason: { type: "exhaustion" } });
  assert.equal(a?.exhaustion?.effective, 6);
  assert.equal(enc.participant("b")?.creature?.exhaustion, undefined, "left out at 0");
});

test("SRD-EXH-01: exhaustion is refused under the A5E rules, and a stand-alone 5e creature dies at 6", () => {
  // gh5e plays 5e's creature rules by default, so the A5E ones are named.
  const a5e = new Encounter({ ruleset: "gh5e", seed: 3, config: { creature: { type: "a5e" } } });
  a5e.add({ id: "a", name: "A", side: "party", dex: 14 });
  a5e.setCreature("a", pc(20));
  assert.throws(() => a5e.gainExhaustion("a", 1), fails("INVALID_ARGUMENT"));
  const old = new Creature({ kind: "pc", hpMax: 20, level: 3, rules: { type: "a5e" } });
  assert.throws(() => old.gainExhaustion(1), fails("INVALID_ARGUMENT"));
  const c = new Creature({ kind: "pc", hpMax: 20, level: 3, rules: { type: "srd5e" } });
  c.gainExhaustion(5);
  assert.equal(c.status().dead, false);
  c.removeExhaustion(1);
  const report = c.gainExhaustion(2);
  assert.ok(report.outcomes.some((o) => o.type === "died"));
  assert.equal(c.status().dead, true);
  assert.deepEqual(c.status().exhaustion, { effective: 6, pending: 0 });
});

test("issue 35: gh5e and standard play 5e's creature rules and conditions unless A5E's are named", () => {
  for (const ruleset of /** @type {const} */ (["gh5e", "standard"])) {
    const enc = new Encounter({ ruleset, seed: 1 });
    assert.equal(enc.config.creature?.type, "srd5e", ruleset);
    const ids = enc.conditions().map((c) => c.id);
    assert.ok(ids.includes("frightened") && !ids.includes("rattled"), `${ruleset}: ${ids.join(" ")}`);
    assert.ok(enc.conditions().every((c) => c.rule?.startsWith("SRD-COND-")), ruleset);
    // The snapshot names the rules, so it restores as 5e whatever the default becomes.
    assert.equal(Encounter.fromJSON(enc.toJSON()).config.creature?.type, "srd5e");
  }
  const a5e = new Encounter({ ruleset: "gh5e", seed: 1, config: { creature: { type: "a5e" } } });
  assert.ok(a5e.conditions().some((c) => c.id === "rattled"));
  // A5E and the OSR rulesets keep their own creature rules.
  assert.equal(new Encounter({ ruleset: "a5e", seed: 1 }).config.creature, undefined);
});
