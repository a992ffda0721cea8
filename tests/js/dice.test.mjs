// The dice API through the built package, in Node (which loads the wasm on import).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { roll, total, Dice, Expression, TurnkeeperError } from "turnkeeper";

test("roll returns plain data with every die", () => {
  const r = roll("4d6kh3+2", { seed: 42 });
  assert.equal(typeof r.total, "number");
  assert.equal(r.notation, "4d6kh3+2");
  assert.equal(r.source, "seeded");
  assert.equal(r.dice.length, 4);
  for (const d of r.dice) {
    assert.equal(d.sides, 6);
    assert.ok(d.face >= 1 && d.face <= 6);
  }
  const kept = r.dice.filter((d) => d.kept);
  assert.equal(kept.length, 3);
  assert.equal(r.total, kept.reduce((s, d) => s + d.face, 0) + 2);
});

test("the same seed gives the same roll; crypto is the default", () => {
  assert.deepEqual(roll("10d20", { seed: 7 }), roll("10d20", { seed: 7 }));
  assert.equal(roll("1d20").source, "crypto");
});

test("supplied faces replay physical dice and are validated", () => {
  const r = roll("4d6kh3", { faces: [3, 5, 1, 6] });
  assert.equal(r.total, 14);
  assert.equal(r.source, "supplied");
  assert.deepEqual(r.dice.map((d) => d.kept), [true, true, false, true]);
  assert.throws(() => roll("1d6", { faces: [7] }), (e) => e instanceof TurnkeeperError && e.code === "INVALID_FACE");
  assert.throws(() => roll("2d6", { faces: [3] }), (e) => e instanceof TurnkeeperError && e.code === "FACES_EXHAUSTED");
  assert.throws(() => roll("1d6", { faces: [0] }), (e) => e instanceof TurnkeeperError && e.code === "INVALID_FACE");
});

test("TurnkeeperError is a real Error with a stable code and position", () => {
  try {
    roll("2d6+*3");
    assert.fail("should throw");
  } catch (e) {
    assert.ok(e instanceof Error);
    assert.ok(e instanceof TurnkeeperError);
    assert.equal(e.name, "TurnkeeperError");
    assert.equal(e.code, "NOTATION_SYNTAX");
    assert.equal(typeof e.position, "number");
    assert.ok(e.message.length > 0);
  }
});

test("hostile notation gets clean typed errors", () => {
  const hostile = [
    "99999999d99999999",
    "1d0",
    "d",
    "(".repeat(10000) + "1" + ")".repeat(10000),
    "1d6+".repeat(100000),
    "1e400d6",
    "1d1!",
    "1d1x",
    "",
    "   ",
    "💥d6",
    "1d6rr<7",
  ];
  for (const n of hostile) {
    assert.throws(
      () => roll(n, { seed: 1 }),
      (e) => e instanceof TurnkeeperError && ["NOTATION_SYNTAX", "NOTATION_LIMIT"].includes(e.code),
      `notation ${JSON.stringify(n.slice(0, 40))}`,
    );
  }
  // Still alive after all of that.
  assert.equal(roll("1d1").total, 1);
});

test("random strings never crash the instance", () => {
  let state = 12345;
  const next = () => (state = (state * 1103515245 + 12345) >>> 0);
  const alphabet = "0123456789dDkKhHlLxX!rRoOcsfF%+-*/()<>=adivmn é😀\u0000\uffff";
  for (let i = 0; i < 3000; i++) {
    let s = "";
    const len = next() % 24;
    for (let j = 0; j < len; j++) s += alphabet[next() % alphabet.length];
    try {
      const r = roll(s, { seed: i });
      assert.equal(typeof r.total, "number");
    } catch (e) {
      assert.ok(e instanceof TurnkeeperError, `${JSON.stringify(s)} threw ${e}`);
    }
  }
  assert.equal(roll("2d1").total, 2);
});

test("Dice boxes keep a stream that can be saved and resumed", () => {
  const a = new Dice({ seed: 99 });
  a.roll("3d6");
  const saved = a.state();
  assert.ok(saved);
  const next = [a.roll("1d20").total, a.roll("1d20").total];
  const b = Dice.fromState(saved);
  assert.deepEqual([b.roll("1d20").total, b.roll("1d20").total], next);
  assert.equal(new Dice().state(), undefined);
  assert.throws(() => new Dice({ seed: -1 }), (e) => e instanceof TurnkeeperError && e.code === "INVALID_SEED");
  assert.throws(() => new Dice({ seed: 1.5 }), (e) => e instanceof TurnkeeperError && e.code === "INVALID_SEED");
});

test("Expression: parse once, roll many; total() matches roll() for the same stream", () => {
  const e = Expression.parse("3D6 + 1d8 + 4");
  assert.equal(e.notation, "3d6+1d8+4");
  const a = new Dice({ seed: 5 });
  const b = new Dice({ seed: 5 });
  for (let i = 0; i < 100; i++) {
    const t = e.total(a);
    assert.equal(t, e.roll(b).total);
    assert.ok(t >= 8 && t <= 30);
  }
  assert.equal(typeof total("1d20+1"), "number");
});

test("determinism vectors: wasm gives the same faces as native Rust", () => {
  const vectors = JSON.parse(readFileSync(new URL("../vectors/dice.json", import.meta.url), "utf8"));
  assert.ok(Array.isArray(vectors) && vectors.length >= 10);
  for (const v of vectors) {
    const r = roll(v.notation, { seed: v.seed });
    assert.deepEqual(r.dice.map((d) => d.face), v.faces, v.notation);
    assert.equal(r.total, v.total, v.notation);
  }
});

test("inline entry works in Node too", async () => {
  const inline = await import("turnkeeper/inline");
  await inline.init();
  assert.equal(inline.roll("2d6", { faces: [2, 5] }).total, 7);
});
