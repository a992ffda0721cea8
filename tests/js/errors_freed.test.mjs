// Objects used after free(), and constructors given the wrong type (issue 36): every getter and
// method of a freed object, found by walking its class's prototype chain, throws
// `INVALID_ARGUMENT` naming the class, before it looks at its arguments; every constructor
// refuses a wrong type with `INVALID_ARGUMENT` instead of guessing or throwing a raw TypeError.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Countdown, Creature, Dice, Encounter, Expression, Journey, MoraleTracker, TurnkeeperError } from "turnkeeper";

/** Every method and getter name on `object`'s prototype chain, below Object.prototype. @param {object} object */
function members(object) {
  /** @type {Map<PropertyKey, "method" | "getter">} */
  const found = new Map();
  for (let p = Object.getPrototypeOf(object); p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const key of Reflect.ownKeys(p)) {
      if (key === "constructor" || found.has(key)) continue;
      const d = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(p, key));
      found.set(key, d.get !== undefined ? "getter" : "method");
    }
  }
  return found;
}

/** Arguments that would be accepted by a live object, so only the freeing can be refused. */
const PLAUSIBLE = ["a", 1, { type: "endTurn" }];

/** @param {string} what @param {object} object */
function walkFreed(what, object) {
  const all = members(object);
  // Freed objects lose nothing (their class's members are all still there, refusing).
  const names = [...all.keys()].filter((k) => k !== "free" && k !== Symbol.dispose);
  assert.ok(names.length >= 2, `${what}: only ${names.length} members found`);
  /** @type {any} */ (object).free();
  const failures = [];
  for (const key of names) {
    try {
      if (all.get(key) === "getter") void (/** @type {any} */ (object)[key]);
      else /** @type {any} */ (object)[key](...PLAUSIBLE);
      failures.push(`${String(key)}: no error`);
    } catch (e) {
      if (!(e instanceof TurnkeeperError) || e.code !== "INVALID_ARGUMENT" || !e.message.startsWith(`this ${what} was freed`)) {
        failures.push(`${String(key)}: ${e instanceof Error ? e.constructor.name : typeof e} ${/** @type {any} */ (e)?.code ?? ""} ${/** @type {any} */ (e)?.message ?? e}`);
      }
    }
  }
  assert.deepEqual(failures, [], `${what} after free()`);
  // Freeing again, by either name, does nothing; the object is still an instance of its class.
  /** @type {any} */ (object).free();
  /** @type {any} */ (object)[Symbol.dispose]();
  return names;
}

test("every getter and method of a freed Encounter throws INVALID_ARGUMENT", () => {
  const enc = new Encounter({ ruleset: "a5e", seed: 1 });
  enc.add({ id: "a", name: "A", side: "x" });
  const names = walkFreed("Encounter", enc);
  for (const key of ["round", "elapsedSeconds", "phase", "seq", "onEvents", "add", "toJSON", "describe"]) assert.ok(names.includes(key), key);
  assert.ok(enc instanceof Encounter);
});

test("a restored Encounter, a Journey, a Creature, Dice and an Expression refuse the same way", () => {
  const restored = Encounter.fromJSON(new Encounter({ seed: 2 }).toJSON());
  walkFreed("Encounter", restored);
  const journey = new Journey({ ruleset: "ose", seed: 1 });
  const names = walkFreed("Journey", journey);
  for (const key of ["now", "mode", "view", "config", "onEvents", "start"]) assert.ok(names.includes(key), key);
  walkFreed("Journey", Journey.fromJSON(new Journey({ ruleset: "hyb", seed: 1 }).toJSON()));
  const creature = new Creature({ kind: "pc", hpMax: 10, level: 1, rules: { type: "a5e" } });
  for (const key of ["hp", "status", "damage", "onEvents", "toJSON"]) assert.ok(walkFreed("Creature", creature).includes(key), key);
  for (const key of ["kind", "roll", "total", "state"]) assert.ok(walkFreed("Dice", new Dice({ seed: 1 })).includes(key), key);
  walkFreed("Dice", Dice.fromState(/** @type {any} */ (new Dice({ seed: 5 }).state())));
  for (const key of ["roll", "total"]) assert.ok(walkFreed("Expression", Expression.parse("2d6+1")).includes(key), key);
});

test("freed Dice passed to another object's call is refused by name", () => {
  const dice = new Dice({ seed: 1 });
  dice.free();
  const e = Expression.parse("1d6");
  assert.throws(() => e.roll(dice), (err) => err instanceof TurnkeeperError && err.code === "INVALID_ARGUMENT" && err.message.startsWith("this Dice was freed"));
  const enc = new Encounter({ seed: 1 });
  enc.free();
  const other = new Encounter({ seed: 1 });
  assert.equal(other.round, 0, "freeing one encounter leaves the others working");
  other.free();
});

/** @param {() => unknown} fn @param {string | RegExp} message */
function refuses(fn, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof TurnkeeperError, `not a TurnkeeperError: ${e}`);
    assert.equal(e.code, "INVALID_ARGUMENT");
    if (typeof message === "string") assert.equal(e.message, message);
    else assert.match(e.message, message);
    return true;
  });
}

/** A value that is not what the types say. @param {unknown} v @returns {any} */
const untyped = (v) => v;

test("constructors given the wrong type throw INVALID_ARGUMENT, never guess", () => {
  refuses(() => new Encounter(untyped("a5e")), 'Encounter options must be an object like { ruleset: "a5e" }, not the string "a5e"');
  refuses(() => new Encounter(untyped(null)), /^Encounter options must be an object like .*, not null$/);
  refuses(() => new Encounter(untyped([])), /^Encounter options must be an object like .*, not a list$/);
  refuses(() => new Encounter(untyped({ ruleset: 5 })), 'Encounter options.ruleset must be one of "gh5e", "a5e", "hyb", "ose", "standard", not 5');
  refuses(() => new Encounter(untyped({ ruleset: "a6e" })), /^Encounter options\.ruleset must be one of .*, not the string "a6e"$/);
  refuses(() => new Encounter(untyped({ seed: "1" })), 'Encounter options.seed must be a finite number, not the string "1"');
  refuses(() => new Encounter(untyped({ config: 5 })), "Encounter options.config must be an object, not 5");

  refuses(() => new Journey(untyped({ ruleset: "ose", mode: 5 })), /^Journey options\.mode must be one of "hybDungeon", .*, not 5$/);
  refuses(() => new Journey(untyped("ose")), 'Journey options must be an object like { ruleset: "ose" }, not the string "ose"');
  refuses(() => new Journey(untyped({ ruleset: "5e" })), 'Journey options.ruleset must be "hyb" or "ose", not the string "5e"');
  refuses(() => new Journey(untyped({ ruleset: "ose", mode: "hybDungeon" })), 'mode "hybDungeon" is not a ose procedure');
  refuses(() => new Journey(untyped({ seed: true })), "Journey options.seed must be a finite number, not true");
  refuses(() => new Journey(untyped({ config: "fast" })), 'Journey options.config must be an object, not the string "fast"');

  refuses(() => new Creature(untyped("pc")), 'Creature spec must be an object like { kind: "pc", hpMax: 10, rules: { type: "a5e" } }, not the string "pc"');
  refuses(() => new Creature(untyped(undefined)), "Creature spec must be an object, not undefined");
  refuses(() => new Dice(untyped("x")), 'the dice options must be an object like { seed: 42 }, not the string "x"');
  refuses(() => new Dice(untyped({ seed: "1" })), 'seed must be a number, not the string "1"');
  refuses(() => new Countdown(untyped("3")), 'dice must be a finite number, not the string "3"');
  refuses(() => new Countdown(3, untyped(5)), /^countdown speed must be /);
  refuses(() => new MoraleTracker(untyped("x")), 'a morale tracker state must be an object, not the string "x"');
  refuses(() => Expression.parse(untyped(5)), /^dice notation must be a string/);
});
