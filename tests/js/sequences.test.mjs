// Random command sequences replay identically in wasm (issue 14): tests/vectors/sequences.json
// holds sequences drawn once from the native property tests' strategies
// (crate/tests/engine_properties.rs) and the snapshot each ends in natively. Run through the
// package, every sequence ends in the same snapshot (dice and checksum included), refused
// commands change nothing, and a follower fed only the batches ends identical.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Encounter, Journey, TurnkeeperError } from "turnkeeper";

/** @type {{ encounters: { preset: string, seed: number, commands: string[], snapshot: string }[], journeys: { preset: string, seed: number, commands: string[], snapshot: string }[] }} */
const sample = JSON.parse(readFileSync(new URL("../vectors/sequences.json", import.meta.url), "utf8"));

/**
 * Run a case on a leader, relaying each batch to a follower; return both.
 * @param {any} leader @param {(snapshot: any) => any} restore @param {string[]} commands
 */
function replay(leader, restore, commands) {
  const follower = restore(leader.toJSON());
  for (const text of commands) {
    const before = JSON.stringify(leader.toJSON());
    let batch;
    try {
      batch = leader.executeBatchJson(JSON.parse(text));
    } catch (e) {
      assert.ok(e instanceof TurnkeeperError, `${text}: ${e}`);
      assert.equal(JSON.stringify(leader.toJSON()), before, `${text} failed but changed the state`);
      continue;
    }
    follower.applyEvents(batch);
  }
  return { leader, follower };
}

test("the sample holds sequences for every encounter and journey ruleset", () => {
  assert.deepEqual([...new Set(sample.encounters.map((c) => c.preset))].sort(), ["a5e", "gh5e", "hyb", "ose"]);
  assert.deepEqual([...new Set(sample.journeys.map((c) => c.preset))].sort(), ["hyb", "ose"]);
});

for (const [i, c] of sample.encounters.entries()) {
  test(`encounter sequence ${i} (${c.preset}, ${c.commands.length} commands) ends in the native snapshot`, () => {
    const { leader, follower } = replay(new Encounter({ ruleset: /** @type {any} */ (c.preset), seed: c.seed }), (s) => Encounter.fromJSON(s), c.commands);
    assert.deepEqual(leader.toJSON(), JSON.parse(c.snapshot));
    assert.deepEqual(follower.toJSON(), JSON.parse(c.snapshot));
  });
}

for (const [i, c] of sample.journeys.entries()) {
  test(`journey sequence ${i} (${c.preset}, ${c.commands.length} commands) ends in the native snapshot`, () => {
    const { leader, follower } = replay(new Journey({ ruleset: /** @type {any} */ (c.preset), seed: c.seed }), (s) => Journey.fromJSON(s), c.commands);
    assert.deepEqual(leader.toJSON(), JSON.parse(c.snapshot));
    assert.deepEqual(follower.toJSON(), JSON.parse(c.snapshot));
  });
}
