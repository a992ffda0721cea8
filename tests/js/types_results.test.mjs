// The published types against what runs (issue 36): real results of the package's calls (rolls,
// encounter state and events, journey views, including once everyone is back, creatures,
// procedures) are written out as object literals, each assigned to the type the package's .d.ts
// declares for that call (`ReturnType<Encounter["participants"]>`), and compiled by tsc under the
// strict consumer's settings. A required field the result lacks, a field the type does not
// know, a null where the type says absent, or a value outside a union is a compile error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Creature, Dice, Encounter, Journey, a5e, hyb, ose, rollTwice } from "turnkeeper";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsc = root + "node_modules/.bin/tsc";

/** @type {[string, string, unknown][]} */
const results = [];

/**
 * Note `value` as a result of type `type` (TypeScript, in terms of the package's exports `T`).
 * @param {string} what @param {string} type @param {unknown} value
 */
function record(what, type, value) {
  assert.notEqual(value, undefined, what);
  results.push([what, type, value]);
}

/** Results from every part of the package, as a module author meets them. */
function gather() {
  const dice = new Dice({ seed: 11 });
  record("roll", `ReturnType<T.Dice["roll"]>`, { ...dice.roll("4d6kh3+2") });
  record("rollTwice", "ReturnType<typeof T.rollTwice>", rollTwice("d20", "higher", dice));

  // A5E: creatures, effects, conditions.
  const enc = new Encounter({ ruleset: "a5e", seed: 3 });
  record("add", `ReturnType<T.Encounter["add"]>`, enc.add({ id: "a", name: "Ana", side: "pcs", dex: 14 }));
  enc.add({ id: "g", name: "Goblin", side: "foes", dex: 12, npc: true });
  enc.setCreature("g", { kind: "monster", zeroHp: "dies", hp: { current: 20, max: 20 }, level: 2, defenses: { resistances: ["cold"] } });
  record("start", `ReturnType<T.Encounter["start"]>`, enc.start());
  record("addCondition", `ReturnType<T.Encounter["addCondition"]>`, enc.addCondition("g", "frightened", { until: { type: "rounds", count: 2 }, source: "a" }));
  record("damage", `ReturnType<T.Encounter["damage"]>`, enc.damage("g", { amount: 7, damageType: "fire", fromAttack: true }));
  record("participants", `ReturnType<T.Encounter["participants"]>`, enc.participants());
  record("participant", `NonNullable<ReturnType<T.Encounter["participant"]>>`, enc.participant("g"));
  record("order", `ReturnType<T.Encounter["order"]>`, enc.order());
  record("current", `NonNullable<ReturnType<T.Encounter["current"]>>`, enc.current());
  record("sides", `ReturnType<T.Encounter["sides"]>`, enc.sides());
  record("phase", `T.Encounter["phase"]`, enc.phase);
  record("config", `T.Encounter["config"]`, enc.config);
  record("effects", `ReturnType<T.Encounter["effects"]>`, enc.effects("g"));
  record("rollAdvice", `ReturnType<T.Encounter["rollAdvice"]>`, enc.rollAdvice("g", { type: "attack", range: "melee", ability: "str" }));
  record("endTurn", `ReturnType<T.Encounter["endTurn"]>`, enc.endTurn());
  record("executeBatch", `ReturnType<T.Encounter["executeBatch"]>`, enc.executeBatch({ type: "endTurn" }));
  record("executeForPlayers", `ReturnType<T.Encounter["executeForPlayers"]>`, enc.executeForPlayers({ type: "endTurn" }));
  record("encounter toJSON", `ReturnType<T.Encounter["toJSON"]>`, enc.toJSON());
  record("diceState", `NonNullable<ReturnType<T.Encounter["diceState"]>>`, enc.diceState());
  enc.free();

  // Greyhawk declarations and OSE side initiative.
  const gh = new Encounter({ ruleset: "gh5e", seed: 5 });
  gh.add({ id: "r", name: "Rath", side: "pcs", dex: 15 });
  gh.add({ id: "h", name: "Hobgoblin", side: "foes", dex: 10 });
  gh.start();
  gh.declare("r", ["melee"]);
  gh.declare("h", ["move"]);
  record("greyhawk rollInitiative", `ReturnType<T.Encounter["rollInitiative"]>`, gh.rollInitiative());
  record("greyhawk participants", `ReturnType<T.Encounter["participants"]>`, gh.participants());
  record("greyhawk allowedActivities", `ReturnType<T.Encounter["allowedActivities"]>`, gh.allowedActivities("r"));
  gh.free();
  const oseEnc = new Encounter({ ruleset: "ose", seed: 2 });
  oseEnc.add({ id: "f", name: "Fighter", side: "pcs" });
  oseEnc.add({ id: "o", name: "Orc", side: "foes" });
  record("ose start", `ReturnType<T.Encounter["start"]>`, oseEnc.start());
  record("ose sides", `ReturnType<T.Encounter["sides"]>`, oseEnc.sides());
  oseEnc.free();

  // HYB journey: a partial return, then everyone back.
  const j = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 9 });
  j.addMember({ id: "pc-a", bestModifier: 6 });
  j.addMember({ id: "pc-b", bestModifier: 5 });
  record("journey start", `ReturnType<T.Journey["start"]>`, j.start({ hour: 9 }));
  record("addLight", `ReturnType<T.Journey["addLight"]>`, j.addLight("torch", "torch"));
  for (const face of [15, 9, 18, 12]) j.advanceTravelTurn("ordinary", { faces: [face] });
  record("journey view away", `ReturnType<T.Journey["view"]>`, j.view());
  record("rollToReturn one", `ReturnType<T.Journey["rollToReturn"]>`, j.rollToReturn("arduous", ["pc-a"], { faces: [11] }));
  const partial = j.view();
  assert.deepEqual(partial.returned, ["pc-a"], "one member is back, the other still away");
  record("journey view partly back", `ReturnType<T.Journey["view"]>`, partial);
  j.rollToReturn("arduous", ["pc-b"], { faces: [18] });
  const back = j.view();
  assert.deepEqual(back.returned, [], "everyone is back: the list is empty, not missing");
  record("journey view all back", `ReturnType<T.Journey["view"]>`, back);
  record("journey toJSON", `ReturnType<T.Journey["toJSON"]>`, j.toJSON());
  j.free();
  const oseJ = new Journey({ ruleset: "ose", mode: "oseWilderness", seed: 4 });
  oseJ.addMember({ id: "m" });
  oseJ.start({ hour: 8 });
  record("ose wildernessDay", `ReturnType<T.Journey["wildernessDay"]>`, oseJ.wildernessDay({ route: { terrain: "hills" }, activity: "travel" }));
  record("ose journey view", `ReturnType<T.Journey["view"]>`, oseJ.view());
  oseJ.free();

  // A creature on its own.
  const c = new Creature({ kind: "pc", hpMax: 12, level: 3, rules: { type: "a5e" } });
  c.setTime(0, true);
  record("creature damage", `ReturnType<T.Creature["damage"]>`, c.damage({ amount: 14, damageType: "cold" }));
  record("creature status", `ReturnType<T.Creature["status"]>`, c.status());
  record("creature deathSave", `ReturnType<T.Creature["deathSave"]>`, c.deathSave(0, "normal", new Dice({ faces: [4] })));
  record("creature toJSON", `ReturnType<T.Creature["toJSON"]>`, c.toJSON());
  c.free();

  // Procedures.
  record("ose.reaction", "ReturnType<typeof T.ose.reaction>", ose.reaction({ chaModifier: 1 }, new Dice({ seed: 1 })));
  record("ose.falling", "ReturnType<typeof T.ose.falling>", ose.falling({ feet: 30 }, new Dice({ seed: 1 })));
  record("a5e.fall", "ReturnType<typeof T.a5e.fall>", a5e.fall({ distanceFt: 40 }, new Dice({ seed: 1 })));
  record("hyb.check", "ReturnType<typeof T.hyb.check>", hyb.check({ modifier: 2, dc: 12 }, new Dice({ seed: 1 })));
}

/** The results as a TypeScript module: one typed constant each. */
function source() {
  const lines = ['import type * as T from "turnkeeper";', ""];
  results.forEach(([what, type, value], i) => {
    lines.push(`// ${what}`);
    lines.push(`export const r${i}: ${type} = ${JSON.stringify(value, null, 1)};`);
  });
  return lines.join("\n") + "\n";
}

test("real results compile as the types the package declares for them", () => {
  gather();
  assert.ok(results.length >= 40, `${results.length} results`);
  const dir = root + "tests/output/types-results/";
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    dir + "tsconfig.json",
    JSON.stringify({
      compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", types: [], strict: true, exactOptionalPropertyTypes: true, noEmit: true },
      files: ["results.ts"],
    }),
  );
  writeFileSync(dir + "results.ts", source());
  const run = spawnSync(tsc, ["-p", dir, "--pretty", "false"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test("the check is real: a result that differs from its type does not compile", () => {
  const dir = root + "tests/output/types-results-wrong/";
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const j = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 1 });
  j.addMember({ id: "pc-a", bestModifier: 6 });
  j.start({ hour: 9 });
  const view = /** @type {Record<string, unknown>} */ ({ ...j.view() });
  j.free();
  const { returned: _, ...missing } = view;
  const cases = [
    ["a required field missing", missing],
    ["a field the type does not know", { ...view, extra: 1 }],
    ["null where the type says absent or a list", { ...view, returned: null }],
  ];
  writeFileSync(dir + "tsconfig.json", JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", types: [], strict: true, exactOptionalPropertyTypes: true, noEmit: true }, files: ["wrong.ts"] }));
  const lines = ['import type * as T from "turnkeeper";'];
  cases.forEach(([, value], i) => lines.push(`export const w${i}: ReturnType<T.Journey["view"]> = ${JSON.stringify(value)};`));
  writeFileSync(dir + "wrong.ts", lines.join("\n") + "\n");
  const run = spawnSync(tsc, ["-p", dir, "--pretty", "false"], { encoding: "utf8" });
  const failing = new Set([...run.stdout.matchAll(/wrong\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
  assert.deepEqual([...failing].sort(), cases.map((_, i) => i + 2), run.stdout);
});
