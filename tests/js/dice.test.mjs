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

test("a supplied list longer than MAX_SUPPLIED_FACES is LIMIT_EXCEEDED before it is read or copied", async () => {
  const { MAX_SUPPLIED_FACES, Encounter } = await import("turnkeeper");
  const dice = await import("turnkeeper/dice");
  assert.equal(MAX_SUPPLIED_FACES, 1_000_000);
  assert.equal(dice.MAX_SUPPLIED_FACES, MAX_SUPPLIED_FACES);
  // At the limit the list is taken whole and played back in order.
  const most = new Array(MAX_SUPPLIED_FACES).fill(4);
  most[0] = 6;
  assert.equal(roll("1d6", { faces: most }).total, 6);
  assert.equal(dice.roll("2d6", { faces: most }).total, 10);
  // One more is refused, and none of its items is read: a getter on an item would throw.
  const over = new Array(MAX_SUPPLIED_FACES + 1).fill(1);
  Object.defineProperty(over, 0, { get() { throw new Error("read an item"); } });
  const limit = (/** @type {unknown} */ e) => e instanceof Error && /** @type {any} */ (e).code === "LIMIT_EXCEEDED" && /1000001 faces supplied; a list holds at most 1000000/.test(e.message);
  for (const attempt of [
    () => roll("1d6", { faces: over }),
    () => total("1d6", { faces: over }),
    () => new Dice({ faces: over }),
    () => dice.roll("1d6", { faces: over }),
    () => dice.total("1d6", { faces: over }),
    () => new dice.Dice({ faces: over }),
  ]) {
    assert.throws(attempt, limit);
  }
  // A command's faces go through the same check, and the encounter is left as it was.
  const enc = new Encounter({ ruleset: "gh5e" });
  const before = enc.toJSON();
  assert.throws(() => enc.rollInitiative({ faces: over }), limit);
  assert.deepEqual(enc.toJSON(), before);
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

test("a runaway notation (50 million characters) is refused at the 1,000-character limit without being copied", () => {
  const huge = "1d6+".repeat(12_500_000);
  for (const call of [() => roll(huge), () => total(huge), () => Expression.parse(huge)]) {
    assert.throws(call, (e) => e instanceof TurnkeeperError && e.code === "NOTATION_LIMIT" && e.position === 1000);
  }
  // Just over the limit in astral characters (two UTF-16 units each) is refused the same way.
  assert.throws(() => roll("😀".repeat(1001)), (e) => e instanceof TurnkeeperError && e.code === "NOTATION_LIMIT");
  assert.equal(roll("1d1+1").total, 2);
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

test("the notation cache: repeated, evicted and re-parsed notations give the same rolls and streams", () => {
  // 40 notations: more than the facade caches (32).
  const notations = Array.from({ length: 40 }, (_, i) => `${(i % 5) + 1}d6kh${(i % 3) + 1}+${i}`);
  const run = () => {
    const a = new Dice({ seed: 11 });
    const out = [];
    // Twice through more notations than the cache holds, then the first again: hits, misses
    // after eviction, and re-parses must all roll exactly as a fresh parse does.
    for (let pass = 0; pass < 2; pass++) for (const n of notations) out.push(a.roll(n), a.total(n));
    out.push(a.roll(notations[0] ?? ""), a.state());
    return out;
  };
  const first = run();
  assert.deepEqual(run(), first);
  const fresh = new Dice({ seed: 11 });
  const expected = [];
  for (let pass = 0; pass < 2; pass++) {
    for (const n of notations) {
      const e = Expression.parse(n);
      expected.push(e.roll(fresh), e.total(fresh));
      e.free();
    }
  }
  const e0 = Expression.parse(notations[0] ?? "");
  expected.push(e0.roll(fresh), fresh.state());
  assert.deepEqual(first, expected);
});

test("cached texts: normalized notation and term texts for inputs that differ from their normal form", () => {
  for (let i = 0; i < 2; i++) {
    const r = roll("-( D20 + 3 ) * 2d6!", { seed: 3 });
    assert.equal(r.notation, "-(1d20+3)*2d6x6");
    assert.deepEqual(r.terms.map((t) => t.notation), ["1d20", "3", "2d6x6"]);
    const s = roll("10d10cs>=8cf1", { faces: [8, 1, 9, 2, 3, 10, 1, 4, 5, 6] });
    assert.deepEqual(s.terms, [{ kind: "dice", notation: "10d10cs>=8cf1", subtotal: 1, successes: 3, failures: 2 }]);
  }
  // The exact string is the key: different spellings of one notation are separate entries.
  assert.equal(roll("4D6KH3+2", { seed: 1 }).notation, "4d6kh3+2");
  assert.deepEqual(roll("4D6KH3+2", { seed: 1 }), roll("4d6kh3+2", { seed: 1 }));
});

test("results are plain data with the documented shape and are not shared between rolls", () => {
  const a = roll("2d6+1", { faces: [2, 3] });
  const b = roll("2d6+1", { faces: [2, 3] });
  assert.notEqual(a, b);
  assert.notEqual(a.dice, b.dice);
  assert.notEqual(a.dice[0], b.dice[0]);
  // Own data properties only; the prototype adds nothing but `toString()` (a printable line).
  assert.deepEqual(Object.keys(a), ["total", "dice", "terms", "notation", "source"]);
  assert.deepEqual(Object.getOwnPropertyNames(a), Object.keys(a));
  assert.equal(String(a), "2d6 [2, 3] + 1 = 6");
  assert.deepEqual(JSON.parse(JSON.stringify(a)), {
    total: 6,
    dice: [
      { sides: 6, face: 2, value: 2, kept: true, dropped: false, exploded: false, rerolled: false, success: false, failure: false, fudge: false, term: 0 },
      { sides: 6, face: 3, value: 3, kept: true, dropped: false, exploded: false, rerolled: false, success: false, failure: false, fudge: false, term: 0 },
    ],
    terms: [
      { kind: "dice", notation: "2d6", subtotal: 5 },
      { kind: "number", notation: "1", subtotal: 1 },
    ],
    notation: "2d6+1",
    source: "supplied",
  });
  a.dice.length = 0;
  assert.equal(roll("2d6+1", { faces: [2, 3] }).dice.length, 2);
});

test("errors are unchanged with the cache: seed before notation, roll-time errors every time", () => {
  /** @param {() => unknown} fn */
  const code = (fn) => {
    try {
      fn();
    } catch (e) {
      assert.ok(e instanceof TurnkeeperError);
      return e.code;
    }
    return "none";
  };
  assert.equal(code(() => roll("nope", { seed: -1 })), "INVALID_SEED");
  assert.equal(code(() => total("nope", { seed: 1.5 })), "INVALID_SEED");
  assert.equal(code(() => roll("nope", { seed: 1 })), "NOTATION_SYNTAX");
  assert.equal(code(() => roll("1d6", { seed: 1, faces: [1] })), "INVALID_ARGUMENT");
  for (let i = 0; i < 2; i++) {
    assert.equal(code(() => roll("1d6/0", { seed: 1 })), "DIVISION_BY_ZERO");
    assert.equal(code(() => roll("3d6", { faces: [1, 2] })), "FACES_EXHAUSTED");
    assert.equal(code(() => total("3d6", { faces: [1, 2, 9] })), "INVALID_FACE");
  }
  // A failed parse leaves the cache working.
  assert.equal(roll("1d1+1").total, 2);
});

test("many rolls in a row (the packed buffer is reused and survives memory growth)", () => {
  const dice = new Dice({ seed: 8 });
  for (let i = 0; i < 50; i++) {
    const small = dice.roll("4d6kh3+2");
    assert.equal(small.dice.length, 4);
    assert.equal(small.total, small.dice.filter((d) => d.kept).reduce((s, d) => s + d.value, 0) + 2);
    // The largest roll allowed: its buffers make the wasm memory grow on the first pass.
    const big = dice.roll(i % 2 ? "9999d6" : "2000d6x");
    assert.equal(big.total, big.dice.filter((d) => d.kept).reduce((s, d) => s + d.value, 0));
    assert.ok(big.dice.every((d) => d.sides === 6 && d.face >= 1 && d.face <= 6));
  }
});

test("a big roll decodes its dice on first read and looks like any other result", () => {
  const notations = ["40d6", "20d6kh10+20d6min3", "3d1000000+30dF", "30d300x>=299+1", "10d10cs>=8cf1+20d4r1", "17d20"];
  for (const n of notations) {
    const seed = 11;
    const lazy = roll(n, { seed });
    assert.ok(Object.getOwnPropertyDescriptor(lazy, "dice")?.get, `${n}: dice not decoded yet`);
    assert.deepEqual(Object.keys(lazy), ["total", "dice", "terms", "notation", "source"]);
    // Every way of reading it sees the same plain data.
    const json = JSON.parse(JSON.stringify(roll(n, { seed })));
    assert.deepStrictEqual({ ...roll(n, { seed }) }, json, n);
    assert.deepStrictEqual(structuredClone(roll(n, { seed })), json, n);
    assert.deepStrictEqual({ ...lazy }, json, n);
    assert.equal(Object.getOwnPropertyDescriptor(lazy, "dice")?.writable, true, `${n}: a data property once read`);
    assert.deepEqual(Object.getOwnPropertySymbols(lazy), []);
    // The same faces supplied again give the same result through the eager path of each term.
    const faces = lazy.dice.map((d) => d.face);
    assert.deepEqual(roll(n, { faces }).dice, lazy.dice, n);
    let kept = 0;
    for (const d of lazy.dice) {
      assert.ok(d.face >= 1 && d.face <= d.sides, n);
      assert.equal(d.term < lazy.terms.length, true);
      if (d.kept) kept++;
    }
    assert.ok(kept > 0);
  }
  // Assigning before reading replaces the dice; a frozen result still reads them.
  const assigned = roll("40d6", { seed: 1 });
  assigned.dice = [];
  assert.deepEqual(assigned.dice, []);
  const frozen = Object.freeze(roll("40d6", { seed: 1 }));
  assert.equal(frozen.dice.length, 40);
  assert.deepEqual(frozen.dice, roll("40d6", { seed: 1 }).dice);
  // Many undecoded rolls in flight, read in another order, keep their own dice.
  const dice = new Dice({ seed: 3 });
  const held = Array.from({ length: 200 }, () => dice.roll("500d6"));
  const again = new Dice({ seed: 3 });
  for (const r of held) {
    const fresh = again.roll("500d6");
    assert.equal(r.total, fresh.total);
  }
  for (let i = held.length - 1; i >= 0; i--) {
    const r = /** @type {import("turnkeeper").RollResult} */ (held[i]);
    assert.equal(r.dice.reduce((s, d) => s + d.value, 0), r.total);
  }
});

/**
 * ChaCha20 (64-bit counter, nonce 0) and the dice's seed expansion, in plain JavaScript.
 * @param {number} seed @param {number} position @param {number} count
 */
function referenceWords(seed, position, count) {
  const mask = (1n << 64n) - 1n;
  let state = BigInt(seed);
  const key = [];
  for (let i = 0; i < 4; i++) {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    z ^= z >> 31n;
    key.push(Number(z & 0xffffffffn), Number(z >> 32n));
  }
  /** @param {number} x @param {number} n */
  const rotl = (x, n) => ((x << n) | (x >>> (32 - n))) >>> 0;
  const out = [];
  let block = Math.floor(position / 16);
  let skip = position % 16;
  while (out.length < count) {
    /** @type {number[]} */
    const init = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, ...key, block >>> 0, Math.floor(block / 2 ** 32), 0, 0];
    const x = init.slice();
    /** @param {number} a @param {number} b @param {number} c @param {number} d */
    const q = (a, b, c, d) => {
      x[a] = (x[a] + x[b]) >>> 0; x[d] = rotl(x[d] ^ x[a], 16);
      x[c] = (x[c] + x[d]) >>> 0; x[b] = rotl(x[b] ^ x[c], 12);
      x[a] = (x[a] + x[b]) >>> 0; x[d] = rotl(x[d] ^ x[a], 8);
      x[c] = (x[c] + x[d]) >>> 0; x[b] = rotl(x[b] ^ x[c], 7);
    };
    for (let i = 0; i < 10; i++) {
      q(0, 4, 8, 12); q(1, 5, 9, 13); q(2, 6, 10, 14); q(3, 7, 11, 15);
      q(0, 5, 10, 15); q(1, 6, 11, 12); q(2, 7, 8, 13); q(3, 4, 9, 14);
    }
    for (let i = skip; i < 16 && out.length < count; i++) out.push((x[i] + init[i]) >>> 0);
    skip = 0;
    block++;
  }
  return out;
}

test("the wasm build's vector ChaCha20 gives the words of a plain JavaScript ChaCha20", () => {
  for (const seed of [0, 1, 28, 123456789, 2 ** 53 - 1]) {
    for (const position of [0, 1, 15, 16, 63, 64, 65, 1000, 2 ** 40 + 7]) {
      for (const sides of [6, 20, 100, 1000000]) {
        const dice = Dice.fromState({ algorithm: "chacha20", seed, position });
        const faces = dice.roll(`300d${sides}`).dice.map((d) => d.face);
        const words = referenceWords(seed, position, 400);
        const zone = 2 ** 32 - (2 ** 32 % sides);
        const expected = words.filter((w) => w < zone).slice(0, 300).map((w) => (w % sides) + 1);
        assert.deepEqual(faces, expected, `seed ${seed} at ${position}, d${sides}`);
        // One die at a time continues the same stream.
        const single = Dice.fromState({ algorithm: "chacha20", seed, position });
        assert.deepEqual(Array.from({ length: 20 }, () => single.rollDie(sides)), expected.slice(0, 20));
      }
    }
  }
});

test("Foundry's coin (dc): a d2 read as tails 0 and heads 1, through the packed result", () => {
  const r = roll("3dc", { faces: [1, 2, 2] });
  assert.equal(r.total, 2);
  assert.deepEqual(r.dice.map((d) => [d.sides, d.face, d.value, d.fudge]), [[2, 1, 0, false], [2, 2, 1, false], [2, 2, 1, false]]);
  assert.equal(r.notation, "3dc");
  assert.equal(total("1dc+1", { faces: [2] }), 2);
  const seeded = roll("10dc", { seed: 5 });
  assert.ok(seeded.dice.every((d) => d.value === d.face - 1 && (d.value === 0 || d.value === 1)));
});
