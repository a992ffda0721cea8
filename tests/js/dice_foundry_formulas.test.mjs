// Foundry roll data through the built package: values that are formula text, glued to a count
// or a size, dnd5e scale values (as JSON and as objects with their own toString), the `missing`
// option, errors at positions in the text written, and every compendium formula of the dnd5e,
// A5E and OSE fixtures (tests/fixtures/foundry) rolling as it does in Rust.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { roll, total, Dice, Expression, TurnkeeperError } from "turnkeeper";

/** @param {string} name a file of tests/fixtures/foundry */
const fixture = (name) => JSON.parse(readFileSync(new URL(`../fixtures/foundry/${name}`, import.meta.url), "utf8"));

/**
 * The code and position of the error `fn` throws.
 * @param {() => unknown} fn
 */
function failure(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof TurnkeeperError, String(e));
    return [e.code, e.position];
  }
  return ["none", undefined];
}

/** A dnd5e dice scale value as Foundry holds it: a class with its own text. */
class DiceScale {
  /**
   * @param {number | null} number
   * @param {number} faces
   */
  constructor(number, faces) {
    this.number = number;
    this.faces = faces;
  }
  get die() {
    return `d${this.faces}`;
  }
  toString() {
    return `${this.number ?? ""}${this.die}`;
  }
}

/**
 * dnd5e's live roll data whose `toString` gives a number, not text (as in dnd5e 5.x): a number
 * or distance scale value (`toString` gives `formula`, which is its `value`), `@scaling` (its
 * `value`, the steps above the base plus 1) and the older `@attributes.hd` (the Hit Dice left).
 */
class NumberScale {
  /** @param {number} value */
  constructor(value) {
    this.value = value;
  }
  get formula() {
    return this.value;
  }
  toString() {
    return this.formula;
  }
}
class Scaling {
  #increase;
  /** @param {number} increase */
  constructor(increase) {
    this.#increase = increase;
  }
  get increase() {
    return this.#increase;
  }
  get value() {
    return this.#increase + 1;
  }
  toString() {
    return this.value;
  }
}

test("a dnd5e object whose toString gives a number puts in that number, as Foundry does", () => {
  const data = {
    scale: {
      barbarian: { "rage-damage": new NumberScale(2), rages: new NumberScale(3) },
      monk: { "unarmored-movement": new NumberScale(10) },
      rogue: { "sneak-attack": new DiceScale(3, 6) },
    },
    abilities: { wis: { mod: 1 } },
    scaling: new Scaling(2),
  };
  assert.equal(total("1d4 + @scale.barbarian.rage-damage", { faces: [3], data }), 5);
  assert.equal(roll("(@scale.barbarian.rage-damage)d6", { faces: [1, 6], data }).notation, "2d6");
  assert.equal(total("@scale.barbarian.rages * 8 + @abilities.wis.mod", { data }), 25);
  assert.equal(total("@scale.monk.unarmored-movement", { data }), 10);
  assert.equal(total("1 + @scaling + floor(@scaling / 3)", { data }), 5);
  assert.equal(roll("(@scale.rogue.sneak-attack.number - @scaling.increase)d6", { faces: [4], data }).notation, "1d6");
  assert.equal(new Dice({ faces: [2, 2] }).total("(@scaling)d4", { scaling: new Scaling(1) }), 4);
  assert.equal(Expression.parse("@attributes.hd", { attributes: { hd: new NumberScale(4) } }).notation, "4");
  // dnd5e 4.3–5.0 gave an ability's `save` as a plain object with its own toString.
  const save = { roll: { min: null, max: null, mode: 0 }, value: 2, toString: () => "2" };
  assert.equal(total("1d20 + @abilities.dex.save", { faces: [10], data: { abilities: { dex: { save } } } }), 12);
  // A number that is no formula's is still refused, at its @.
  const odd = (/** @type {number} */ n) => ({ toString: () => n });
  assert.deepEqual(failure(() => total("1 + @x", { data: { x: odd(2.5) } })), ["NOTATION_DATA", 4]);
  assert.deepEqual(failure(() => total("1 + @x", { data: { x: odd(NaN) } })), ["NOTATION_DATA", 4]);
  assert.deepEqual(failure(() => total("1 + @x", { data: { x: odd(2 ** 60) } })), ["NOTATION_LIMIT", 4]);
  assert.deepEqual(failure(() => total("1 + @x", { data: { x: { toString: () => true } } })), ["NOTATION_DATA", 4]);
});

test("text values are put into the formula, glued to a count or a size", () => {
  const data = {
    scale: { rogue: { "sneak-attack": "3d6" }, monk: { die: "d8" }, bard: { inspiration: "d6" } },
    attributes: { hd: { largestFace: 10, largestAvailable: "d10" } },
    abilities: { con: { mod: 2 } },
    bonus: "+3",
    mod: "2d10+2",
  };
  assert.equal(roll("@scale.rogue.sneak-attack", { faces: [1, 2, 3], data }).notation, "3d6");
  assert.equal(total("@scale.rogue.sneak-attack", { faces: [1, 2, 3], data }), 6);
  assert.equal(roll("2@scale.monk.die", { faces: [8, 1], data }).total, 9);
  assert.equal(roll("1@scale.bard.inspiration", { faces: [6], data }).notation, "1d6");
  assert.equal(roll("2d@attributes.hd.largestFace", { faces: [10, 4], data }).notation, "2d10");
  const r = roll("@attributes.hd.largestAvailable + (max(1,@abilities.con.mod))", { faces: [6], data });
  assert.deepEqual([r.notation, r.total], ["1d10+(max(1,2))", 8]);
  assert.equal(total("1d20 @bonus", { faces: [10], data }), 13, "a signed value joins as an operator");
  assert.equal(total("@mod", { faces: [3, 4], data }), 9);
  // The same through a box and a parsed expression.
  assert.equal(new Dice({ faces: [5] }).total("@scale.monk.die", data), 5);
  const e = Expression.parse("2@scale.monk.die + @abilities.con.mod", data);
  assert.equal(e.notation, "2d8+2");
  assert.equal(e.total(new Dice({ faces: [1, 1] })), 4);
  // Numbers stay numbers.
  assert.equal(roll("1d20 + @abilities.con.mod", { faces: [10], data }).notation, "1d20+2");
});

test("dnd5e scale values read as Foundry reads them, as objects and as JSON", () => {
  const objects = { scale: { rogue: { "sneak-attack": new DiceScale(3, 6) }, monk: { die: new DiceScale(null, 8) } } };
  assert.equal(roll("@scale.rogue.sneak-attack", { faces: [1, 1, 1], data: objects }).notation, "3d6");
  assert.equal(roll("2@scale.monk.die", { faces: [1, 1], data: objects }).notation, "2d8");
  assert.equal(roll("4@scale.rogue.sneak-attack.die", { faces: [1, 1, 1, 1], data: objects }).notation, "4d6");
  assert.equal(total("@scale.rogue.sneak-attack.number", { data: objects }), 3);
  const json = JSON.parse(JSON.stringify({
    scale: {
      rogue: { "sneak-attack": { number: 3, faces: 6, modifiers: [] } },
      monk: { die: { number: null, faces: 8, modifiers: [] } },
      barbarian: { "rage-damage": { value: 2 } },
    },
  }));
  assert.equal(roll("@scale.rogue.sneak-attack", { faces: [1, 1, 1], data: json }).notation, "3d6");
  assert.equal(roll("2@scale.monk.die", { faces: [1, 1], data: json }).notation, "2d8");
  assert.equal(roll("3@scale.monk.die.die", { faces: [1, 1, 1], data: json }).notation, "3d8");
  assert.equal(roll("@scale.rogue.sneak-attack.formula", { faces: [1, 1, 1], data: json }).notation, "3d6");
  assert.equal(total("1 + @scale.barbarian.rage-damage", { data: json }), 3);
  // A key that is the whole path is found first, as Foundry's getProperty does.
  assert.equal(total("@scaling + @scaling.increase", { data: { scaling: 2, "scaling.increase": 1 } }), 3);
});

test("the missing option puts its text where a path has no value", () => {
  const data = { prof: 2 };
  assert.equal(total("@prof + @bonus", { data, missing: 0 }), 2);
  assert.equal(roll("@prof + @bonus", { data, missing: "1d4", faces: [3] }).notation, "2+1d4");
  assert.equal(total("1 + @nothing", { missing: 0 }), 1, "missing alone: every path is missing");
  assert.equal(new Dice({ faces: [4] }).total("1d6 + @x", {}, { missing: 2 }), 6);
  assert.equal(Expression.parse("@a + @prof", data, { missing: 5 }).notation, "5+2");
  // Without it a missing path is an error at its @, as before.
  assert.deepEqual(failure(() => total("@prof + @bonus", { data })), ["NOTATION_DATA", 8]);
  assert.deepEqual(failure(() => total("@x", { data, missing: /** @type {any} */ ({}) })), ["INVALID_ARGUMENT", undefined]);
  assert.deepEqual(failure(() => new Dice({ seed: 1 }).total("@x", {}, /** @type {any} */ (3))), ["INVALID_ARGUMENT", undefined]);
  assert.deepEqual(failure(() => total("@x", { data, missing: "" })), ["NOTATION_DATA", 0]);
});

test("errors point at the text as written", () => {
  const data = { name: "Ragnar", bad: "1d", nested: "@prof", prof: 2, big: "9999999d6", flag: true, list: [1] };
  // Text that is no formula is the data's fault, at its @.
  assert.deepEqual(failure(() => total("1d20 + @name", { data })), ["NOTATION_DATA", 7]);
  assert.deepEqual(failure(() => total("1 + @bad", { data })), ["NOTATION_DATA", 4]);
  // Values are put in once: a value naming a path is an error at the outer @.
  assert.deepEqual(failure(() => total("2 * @nested", { data })), ["NOTATION_DATA", 4]);
  // Other errors inside a value keep their code and point at its @.
  assert.deepEqual(failure(() => total("1 + @big", { data })), ["NOTATION_LIMIT", 4]);
  assert.deepEqual(failure(() => total("@flag", { data })), ["NOTATION_DATA", 0]);
  assert.deepEqual(failure(() => total("@list", { data })), ["NOTATION_DATA", 0]);
  // After a value, positions are the written ones again.
  assert.deepEqual(failure(() => total("@prof + 1d0", { data })), ["NOTATION_LIMIT", 10]);
  assert.deepEqual(failure(() => total("@name)", { data: { name: "3" } })), ["NOTATION_SYNTAX", 5]);
  // A value that would make the formula longer than 1,000 characters.
  assert.deepEqual(failure(() => total("1 + @long", { data: { long: "1+".repeat(600) + "1" } })), ["NOTATION_LIMIT", 4]);
  // A value whose toString throws, or that is a plain object of no known shape.
  const hostile = { get() { throw new Error("no"); } };
  assert.deepEqual(failure(() => total("@x", { data: { x: { toString: hostile.get } } })), ["NOTATION_DATA", 0]);
  assert.deepEqual(failure(() => total("@x", { data: { x: { a: 1 } } })), ["NOTATION_DATA", 0]);
  assert.equal(roll("1d1").total, 1, "still alive");
});

for (const system of ["dnd5e", "a5e", "ose"]) {
  test(`every ${system} compendium formula rolls as in Rust`, () => {
    const { formulas } = fixture(`${system}-formulas.json`);
    const data = system === "ose" ? {} : fixture(`${system}-roll-data.json`);
    const unsupported = new Set(Object.keys(fixture("unsupported.json")[system]));
    const failing = new Set();
    for (const { formula } of formulas) {
      try {
        const r = roll(formula, { seed: 7, data });
        assert.equal(total(r.notation, { seed: 7 }), r.total, formula);
      } catch (e) {
        assert.ok(e instanceof TurnkeeperError, `${formula}: ${e}`);
        assert.ok(e.position === undefined || e.position <= formula.length, `${formula}: ${e.position}`);
        failing.add(formula);
      }
    }
    assert.deepEqual([...failing].sort(), [...unsupported].sort());
  });
}
