// Errors in the caller's terms (issue 36): a wrong argument is named by its path as the caller
// wrote it, with what was expected in plain words and what was given instead; never Rust's type
// names, serde's words or a line and column of JSON the caller never wrote.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Creature, Encounter, Journey, TurnkeeperError, a5e, hyb, ose, ruleTables } from "turnkeeper";

/** Words only the implementation knows. */
const RUST_WORDS = /\b(u8|u16|u32|u64|usize|i8|i16|i32|i64|isize|f32|f64|sequence|map|variant|struct|enum|unit|integer|floating point|invalid type|invalid value)\b|`|line \d+ column \d+/;

/**
 * `fn` throws `INVALID_ARGUMENT` with exactly `message` (a string) or a message matching it (a
 * RegExp), in plain words.
 * @param {() => unknown} fn @param {string | RegExp} message
 */
function refuses(fn, message) {
  let thrown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof TurnkeeperError, `expected a TurnkeeperError, got ${thrown}`);
  assert.equal(thrown.code, "INVALID_ARGUMENT", thrown.message);
  if (typeof message === "string") assert.equal(thrown.message, message);
  else assert.match(thrown.message, message);
  assert.doesNotMatch(thrown.message, RUST_WORDS);
  return thrown.message;
}

function encounter() {
  const enc = new Encounter({ ruleset: "a5e", seed: 7 });
  enc.add({ id: "a", name: "A", side: "x" });
  return enc;
}

/** A value that is not what the types say, for calls written in plain JavaScript. @param {unknown} v @returns {any} */
const untyped = (v) => v;

test("the issue's example: participant.dex, the range the rules accept, and what was given", () => {
  const enc = encounter();
  refuses(() => enc.add(untyped({ id: "b", name: "B", side: "x", dex: "14" })), 'participant.dex must be a whole number from 1 to 30, not the string "14"');
  refuses(() => enc.add({ id: "b", name: "B", side: "x", dex: 40 }), "participant.dex must be a whole number from 1 to 30, not 40");
  refuses(() => enc.add({ id: "b", name: "B", side: "x", dex: 0 }), "participant.dex must be a whole number from 1 to 30, not 0");
  refuses(() => enc.add({ id: "b", name: "B", side: "x", dex: 12.5 }), "participant.dex must be a whole number from 1 to 30, not 12.5");
  assert.equal(enc.participants().length, 1, "nothing was added");
});

test("encounter commands: missing fields, wrong kinds, list positions and names", () => {
  const enc = encounter();
  refuses(() => enc.add(untyped({ name: "B", side: "x" })), "participant.id is missing");
  refuses(() => enc.add(untyped({ id: "b", name: 5, side: "x" })), "participant.name must be text, not 5");
  refuses(() => enc.add(untyped({ id: "b", name: "B", side: "x", npc: "yes" })), 'participant.npc must be true or false, not the string "yes"');
  refuses(() => enc.add(untyped({ id: "b", name: "B", side: "x", conditionImmunities: "charmed" })), 'participant.conditionImmunities must be a list, not the string "charmed"');
  refuses(() => enc.add(untyped({ id: "b", name: "B", side: "x", mods: [] })), "participant.mods must be an object, not a list");
  refuses(() => enc.add({ id: "b c", name: "B", side: "x" }), /^participant\.id: a participant id may use letters, digits/);
  refuses(() => enc.heal("a", 2.5), /^amount must be a whole number from -\d+ to \d+, not 2\.5$/);
  refuses(() => enc.heal("a", untyped("3")), /^amount must be a whole number from -\d+ to \d+, not the string "3"$/);
  refuses(() => enc.damage("a", untyped({ amount: "5", damageType: "cold" })), /^damage\.amount must be a whole number from -\d+ to \d+, not the string "5"$/);
  refuses(
    () =>
      enc.addEffects(
        untyped([
          { target: "a", name: "x", duration: { type: "untilRemoved" } },
          { target: 3, name: "y", duration: { type: "untilRemoved" } },
        ]),
      ),
    "effects[1].target must be text, not 3",
  );
  refuses(() => enc.addCondition("a", "prone", { until: untyped({ type: "rounds", rounds: 2 }) }), 'effects[0].duration.rounds is not a known field: expected "count" or "anchor"');
  refuses(() => enc.declare("a", untyped({ system: "greyhawk", activities: ["sprint"] })), /^declaration\.activities\[0\] must be one of "ranged", "move", .*, not "sprint"$/);
  const type = refuses(() => enc.execute(untyped({ type: "nope" })), /^type must be one of "addParticipant", "removeParticipant", .*, not "nope"$/);
  assert.ok(type.includes('"heal"'), type);
  refuses(() => enc.execute(untyped({ participant: "a" })), "type is missing");
  refuses(() => enc.execute(untyped("nope")), 'command must be an object, not the string "nope"');
  refuses(() => enc.execute(untyped([])), "command must be an object, not a list");
  // A long string is quoted in part.
  const long = refuses(() => enc.heal("a", untyped("x".repeat(200))), /not the string "x{40}"…$/);
  assert.ok(long.length < 140, long);
});

test("encounter options: the option's own name, inside config too", () => {
  refuses(() => new Encounter({ config: untyped({ roundSeconds: 6 }) }), /^config\.roundSeconds is not a known field: expected one of "preset", /);
  refuses(() => new Encounter({ ruleset: "a5e", config: untyped({ roundLength: "6" }) }), /^config\.roundLength must be /);
  // The names offered are exactly the systems the rule tables list, in their order (the engine's
  // rule-table test pins them), so adding a system changes this message, not this test.
  const systems = ruleTables().initiativeSystems.map((s) => JSON.stringify(s.system)).join(", ");
  refuses(() => new Encounter({ initiative: untyped("grey") }), `Encounter options.initiative must be one of ${systems}, not the string "grey"`);
});

test("journeys: members, commands and options", () => {
  const j = new Journey({ ruleset: "hyb", seed: 3 });
  refuses(() => j.addMember(untyped({ id: "m", bestModifier: "2" })), /^member\.bestModifier must be a whole number from -\d+ to \d+, not the string "2"$/);
  refuses(() => j.addMember(untyped({ bestModifier: 2 })), "member.id is missing");
  refuses(() => new Journey({ ruleset: "ose", config: untyped({ windTabel: 1 }) }), /^config\.windTabel is not a known field: expected one of /);
  j.free();
});

test("creatures: the spec's fields and each call's input", () => {
  refuses(() => new Creature({ kind: "pc", hpMax: -3, rules: { type: "a5e" } }), "hpMax must be a whole number from 0 to 4294967295, not -3");
  refuses(() => new Creature(untyped({ kind: "elf", hpMax: 3, rules: { type: "a5e" } })), 'kind must be one of "pc", "monster", "npc", not "elf"');
  refuses(() => new Creature(untyped({ kind: "pc", rules: { type: "a5e" } })), "hpMax is missing");
  refuses(() => new Creature(untyped({ kind: "pc", hpMax: 3, rules: { type: "d20" } })), /^rules\.type must be one of .*, not "d20"$/);
  const c = new Creature({ kind: "pc", hpMax: 10, level: 1, rules: { type: "a5e" } });
  // Named by their path in the command, as the encounter's own damage names them (above).
  refuses(() => c.damage(untyped({ amount: "5", damageType: "cold" })), /^damage\.amount must be a whole number from -\d+ to \d+, not the string "5"$/);
  refuses(() => c.damage(untyped({ amount: 5, damageType: "colt" })), /^damage\.damageType must be one of "acid", .*, not "colt"$/);
  refuses(() => c.heal(2.5), /^amount must be a whole number from -\d+ to \d+, not 2\.5$/);
  refuses(() => c.setTime(-1), /^now must be a whole number from 0 to 4294967295, not -1$/);
  c.free();
});

test("procedures: the input's fields", () => {
  refuses(() => ose.falling(untyped({ feet: "10" })), /^feet must be a whole number from 0 to \d+, not the string "10"$/);
  refuses(() => ose.falling(untyped({})), "feet is missing");
  refuses(() => hyb.check(untyped({ modifier: 2, proficient: "yes" })), 'proficient must be true or false, not the string "yes"');
  refuses(() => a5e.fall(untyped({ distanceFt: true })), /^distanceFt must be a whole number from 0 to \d+, not true$/);
});

test("text the caller gives: malformed JSON is located, a wrong event is named by its position", () => {
  const enc = encounter();
  const snapshot = JSON.stringify(enc.toJSON());
  assert.throws(
    () => Encounter.fromJSON(snapshot.slice(0, 40)),
    (e) => e instanceof TurnkeeperError && e.code === "SNAPSHOT_INVALID" && /^unreadable encounter snapshot: the text is not well-formed JSON: .* at line 1 column 40$/.test(e.message),
  );
  refuses(() => enc.applyEvents(untyped([{ type: "nope" }])), /^\[0\]\.type must be one of "participantAdded", .*, not "nope"$/);
  enc.free();
});
