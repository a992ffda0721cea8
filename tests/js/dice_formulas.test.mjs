// Foundry VTT formulas through the built package: @data, parentheses, pools, flavors,
// functions, explode/reroll spellings, the printable line, and their hostile forms.
import { test } from "node:test";
import assert from "node:assert/strict";
import { roll, total, Dice, Expression, TurnkeeperError } from "turnkeeper";

const data = {
  prof: 3,
  level: 5,
  abilities: { str: { mod: 4 }, dex: { mod: -1 } },
  attributes: { power: "6" },
  name: "Ragnar",
  half: 2.5,
  flags: { "my-module": { bonus: 1 } },
};

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

test("@data paths are read from the data object, nested, in roll, total, Dice and Expression", () => {
  assert.equal(roll("1d20 + @prof", { faces: [12], data }).total, 15);
  assert.equal(roll("1d20 + @prof", { faces: [12], data }).notation, "1d20+3");
  assert.equal(total("1d20+@abilities.str.mod+@prof", { faces: [10], data }), 17);
  assert.equal(total("1d20 + @abilities.dex.mod", { faces: [10], data }), 9);
  assert.equal(total("3d12cs<=(@attributes.power)", { faces: [6, 7, 1], data }), 2);
  assert.equal(total("@flags.my-module.bonus + @prof-1", { data }), 3);
  const dice = new Dice({ faces: [4, 4, 4, 4, 4, 6] });
  assert.equal(dice.roll("(@level)d6", data).total, 20);
  assert.equal(dice.total("1d6 + @level", data), 11);
  const e = Expression.parse("(@level)d6 + floor(@level/2)", data);
  assert.equal(e.notation, "5d6+floor(5/2)");
  assert.equal(e.total(new Dice({ faces: [1, 1, 1, 1, 1] })), 7);
  // The same text with other data is another roll (data formulas are not cached by text).
  assert.equal(total("@prof", { data: { prof: 1 } }), 1);
  assert.equal(total("@prof", { data: { prof: 2 } }), 2);
});

test("missing, non-numeric and hostile data are typed errors", () => {
  assert.deepEqual(failure(() => roll("1d20 + @nope", { data })), ["NOTATION_DATA", 7]);
  assert.deepEqual(failure(() => roll("@name", { data })), ["NOTATION_DATA", 0]);
  assert.deepEqual(failure(() => roll("@abilities", { data })), ["NOTATION_DATA", 0]);
  assert.deepEqual(failure(() => roll("2*@half", { data })), ["NOTATION_DATA", 2]);
  assert.deepEqual(failure(() => roll("@prof")), ["NOTATION_DATA", 0], "no data at all");
  assert.deepEqual(failure(() => total("@n", { data: { n: 1e300 } })), ["NOTATION_LIMIT", 0]);
  assert.deepEqual(failure(() => total("@n", { data: { n: NaN } })), ["NOTATION_DATA", 0]);
  assert.deepEqual(failure(() => total("@n.x", { data: { n: 5 } })), ["NOTATION_DATA", 0]);
  assert.deepEqual(failure(() => total("@constructor", { data: {} })), ["NOTATION_DATA", 0]);
  const throwing = { get boom() { throw new Error("no"); } };
  assert.deepEqual(failure(() => total("@boom", { data: throwing })), ["NOTATION_DATA", 0]);
  const trap = new Proxy({}, { get() { throw new Error("trap"); } });
  assert.deepEqual(failure(() => total("@x", { data: trap })), ["NOTATION_DATA", 0]);
  for (const bad of [5, "x", null]) {
    assert.deepEqual(failure(() => roll("@x", { data: /** @type {any} */ (bad) })), ["INVALID_ARGUMENT", undefined]);
  }
  assert.equal(roll("1d1").total, 1, "still alive");
});

test("parenthetical counts and sizes, functions, pools and flavors roll like Foundry's examples", () => {
  assert.equal(roll("(1+2)d(4*2)", { faces: [8, 1, 4] }).total, 13);
  assert.equal(total("ceil(7/2) + floor(7/2) + round(-7/2) + abs(-2) + min(4, 2) + max(1d6, 3)", { faces: [1] }), 4 + 3 - 3 + 2 + 2 + 3);
  const r = roll("{4d6kh3, 4d6kh3}kh", { faces: [6, 5, 3, 2, 1, 1, 4, 6] });
  assert.equal(r.total, 14);
  const pool = r.terms[2];
  assert.equal(pool?.kind, "pool");
  assert.deepEqual(pool?.results, [
    { value: 14, kept: true, dropped: false, success: false, failure: false },
    { value: 11, kept: false, dropped: true, success: false, failure: false },
  ]);
  assert.equal(total("{1d20, 10}kh", { faces: [4] }), 10);
  assert.equal(total("{1d8, 1d8, 1d8}cs>=5", { faces: [5, 2, 8] }), 2);
  const f = roll("2d6[fire] + 1d8[cold] + 2", { faces: [3, 4, 5] });
  assert.deepEqual(f.terms.map((t) => t.flavor), ["fire", "cold", undefined]);
  assert.deepEqual(roll("1d6[glacé]+1d4[🔥]", { seed: 1 }).terms.map((t) => [t.notation, t.flavor]), [
    ["1d6[glacé]", "glacé"],
    ["1d4[🔥]", "🔥"],
  ]);
  assert.equal(total("2d6xo", { faces: [6, 6, 6, 6] }), 24);
  assert.equal(total("1d20r", { faces: [1, 1] }), 1);
  assert.equal(total("1d20rr", { faces: [1, 1, 15] }), 15);
  // A big pool result decodes lazily like any other.
  const big = roll("{20d6, 20d6}kh[fire]", { seed: 4 });
  assert.equal(big.dice.length, 40);
  assert.equal(big.terms[2]?.flavor, "fire");
  assert.equal(big.total, Math.max(big.terms[0]?.subtotal ?? 0, big.terms[1]?.subtotal ?? 0));
});

test("String(result) is a printable line with every die", () => {
  assert.equal(String(roll("4d6kh3 + 2", { faces: [6, 5, 3, 2] })), "4d6kh3 [6, 5, 3, ~2~] + 2 = 16");
  assert.equal(String(roll("2d6[fire] + 1d8[cold]", { faces: [3, 4, 5] })), "2d6[fire] [3, 4] + 1d8[cold] [5] = 12");
  assert.equal(
    String(roll("{4d6kh3, 4d6kh3}kh", { faces: [6, 5, 3, 2, 1, 1, 4, 6] })),
    "{4d6kh3 [6, 5, 3, ~2~], 4d6kh3 [~1~, 1, 4, 6]}kh1 [14, ~11~] = 14",
  );
  assert.equal(
    String(roll("-(1d4)*2 + max(1d6, @prof) - 1d20min10", { faces: [3, 2, 4], data })),
    "-(1d4 [3]) * 2 + max(1d6 [2], 3) - 1d20min10 [10] = -13",
  );
  assert.equal(`${roll("4dF", { faces: [1, 2, 3, 3] })}`, "4dF [-1, 0, 1, 1] = 1");
  assert.equal(`${roll("1d6[glacé]-2", { faces: [5] })}`, "1d6[glacé] [5] - 2 = 3");
  // A flavor prints as written (as in Rust's Display): its signs and commas are not spaced.
  assert.equal(`${roll("1d6*-2", { faces: [3] })}`, "1d6 [3] * -2 = -6");
  assert.equal(`${roll("1d6[fire-cold,acid*2]+1", { faces: [3] })}`, "1d6[fire-cold,acid*2] [3] + 1 = 4");
  assert.equal(`${roll("1d6[café-au-lait]-1", { faces: [3] })}`, "1d6[café-au-lait] [3] - 1 = 2");
  const e = Expression.parse("1d20r1");
  assert.equal(String(e.roll(new Dice({ faces: [1, 7] }))), "1d20r1 [~1~, 7] = 7");
  const lazy = roll("17d1");
  assert.equal(String(lazy), `17d1 [${Array(17).fill(1).join(", ")}] = 17`);
});

test("dice in a count or size roll first (Foundry's parenthetical terms), every die reported in roll order", () => {
  const r = roll("(2d4)d8", { faces: [3, 1, 8, 7, 6, 5] });
  assert.equal(r.total, 26);
  assert.deepEqual(r.dice.map((d) => [d.term, d.sides, d.face]), [[0, 4, 3], [0, 4, 1], [1, 8, 8], [1, 8, 7], [1, 8, 6], [1, 8, 5]]);
  assert.deepEqual(r.terms.map((t) => [t.notation, t.subtotal]), [["2d4", 4], ["d8", 26]]);
  assert.equal(String(r), "(2d4 [3, 1])d8 [8, 7, 6, 5] = 26");
  assert.equal(String(roll("1d(1d20)", { faces: [13, 9] })), "1d(1d20 [13]) [9] = 9");
  assert.equal(roll("(1d20*2)d(1d10)", { faces: [2, 6, 1, 2, 3, 4] }).total, 10);
  assert.equal(total("(1d4+1)d6", { faces: [2, 6, 5, 4] }), 15);
  assert.equal(total("d(1d6+2)", { faces: [4, 5] }), 5);
  // Seeded: the total alone and the detailed roll take the same faces.
  const e = Expression.parse("(1d20*2)d(1d10)kh3 + 1");
  assert.equal(e.notation, "(1d20*2)d(1d10)kh3+1");
  for (const seed of [1, 2, 3]) assert.equal(e.roll(new Dice({ seed })).total, total("(1d20*2)d(1d10)kh3 + 1", { seed }));
});

test("hostile formulas get typed errors and never break the module", () => {
  const hostile = [
    ["3d12cs>(4d6)", "NOTATION_SYNTAX"],
    ["(1d20+10000)d6", "NOTATION_LIMIT"],
    ["1d(1d1)x", "NOTATION_LIMIT"],
    ["(20000)d6", "NOTATION_LIMIT"],
    ["floor(1,2)", "NOTATION_SYNTAX"],
    ["sqrt(4)", "NOTATION_SYNTAX"],
    ["floor(1/0)", "DIVISION_BY_ZERO"],
    ["{1d6,2}x", "NOTATION_SYNTAX"],
    ["{" .repeat(65) + "1" + "}".repeat(65), "NOTATION_LIMIT"],
    ["abs(".repeat(65) + "1" + ")".repeat(65), "NOTATION_LIMIT"],
    ["1d6[fire", "NOTATION_SYNTAX"],
    ["1d6[]", "NOTATION_SYNTAX"],
    [`1d6[${"x".repeat(5000)}]`, "NOTATION_LIMIT"],
    ["@", "NOTATION_SYNTAX"],
    ["{5000d6, 5001d6}", "NOTATION_LIMIT"],
  ];
  for (const [n, code] of hostile) {
    assert.equal(failure(() => roll(n, { seed: 1, data }))[0], code, n);
    assert.equal(failure(() => total(n, { seed: 1 }))[0], n === "@" ? code : code, n);
  }
  assert.equal(roll("1d1").total, 1);
});
