// `turnkeeper/dice` (issue 38) against the main entry: the same calls give the same results,
// streams and errors. Both entries roll in the dice module (dice_bg.wasm), each in an instance
// of its own bundled with its own copy of the facade's dice code, so every roll here is made
// twice, once through each entry, and compared in full: totals, every die, the terms and texts,
// the chat line, the saved seed state, and for a failure its code, message and position.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import * as main from "turnkeeper";
import * as dice from "turnkeeper/dice";

/** A result, or the error it threw, as comparable data. @param {() => unknown} fn */
function outcome(fn) {
  try {
    const value = fn();
    if (value !== null && typeof value === "object") return { ok: JSON.parse(JSON.stringify(value)), text: String(value) };
    return { ok: value };
  } catch (e) {
    const isError = e instanceof main.TurnkeeperError || e instanceof dice.TurnkeeperError;
    assert.ok(isError, `not a TurnkeeperError: ${e}`);
    const error = /** @type {any} */ (e);
    return { error: { name: error.name, code: error.code, message: error.message, position: error.position } };
  }
}

/** Run `fn` with each entry and compare. @param {string} what @param {(api: typeof main) => unknown} fn */
function same(what, fn) {
  const a = outcome(() => fn(main));
  const b = outcome(() => fn(/** @type {typeof main} */ (/** @type {unknown} */ (dice))));
  assert.deepEqual(b, a, what);
  return a;
}

/**
 * A small deterministic generator for the random cases (its own, so the cases are the same every run).
 * @param {number} seed
 */
function generator(seed) {
  let s = seed >>> 0 || 1;
  return (/** @type {number} */ n) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

test("the dice entry exports the main entry's dice API, and nothing of the rest", () => {
  const names = ["roll", "total", "Dice", "Expression", "rollTwice", "chanceInSix", "percentChance", "rollOff", "Countdown", "TurnkeeperError", "version", "init", "initSync"];
  for (const name of names) {
    assert.equal(typeof (/** @type {any} */ (dice)[name]), typeof (/** @type {any} */ (main)[name]), name);
    assert.equal(typeof (/** @type {any} */ (dice)[name]), "function", name);
  }
  for (const name of ["Encounter", "Journey", "Creature", "ose", "hyb", "a5e", "initProcedures"]) {
    assert.ok(name in main, name);
    assert.ok(!(name in dice), `${name} is not a dice export`);
  }
  // Its own classes and error type, from its own module.
  assert.notEqual(dice.Dice, main.Dice);
  assert.notEqual(dice.TurnkeeperError, main.TurnkeeperError);
  assert.equal(dice.version(), main.version());
});

test("the shared dice vectors roll the same through the dice entry", () => {
  const vectors = JSON.parse(readFileSync(new URL("../vectors/dice.json", import.meta.url), "utf8"));
  assert.ok(Array.isArray(vectors) && vectors.length >= 10);
  for (const v of vectors) {
    const r = dice.roll(v.notation, { seed: v.seed });
    assert.deepEqual(
      r.dice.map((d) => d.face),
      v.faces,
      v.notation,
    );
    assert.equal(r.total, v.total, v.notation);
    assert.equal(r.notation, v.normalized, v.notation);
    same(`vector ${v.notation}`, (api) => api.roll(v.notation, { seed: v.seed }));
    same(`vector total ${v.notation}`, (api) => api.total(v.notation, { seed: v.seed }));
    same(`vector parsed ${v.notation}`, (api) => api.Expression.parse(v.notation).roll(new api.Dice({ seed: v.seed })));
  }
});

// Pieces of notation, valid and not: together they reach the parser's errors, limits, every
// modifier and function, Fate dice, percentiles and the quick path (plain pools).
const PIECES = [
  "1d20", "d20", "4d6", "4d6kh3", "4d6dl1", "2d20kl1", "3d6!", "5d10!!", "3d6r1", "4d6ro<2", "8d6cs>=5", "6d10>=8", "4dF", "d%", "d100",
  "2d6+3", "1d8-1", "(1d4+1)*2", "1d20adv", "1d20dis", "floor(7/2)", "max(1d4,2)", "min(3,1d6)", "abs(-3)", "10d6kh3+2d4",
  "1d0", "0d6", "1d", "d", "2d6k", "3d6kh", "+", "1d20+", "((1d6)", "1d6)", "x", "1d6 + @", "1d1000001", "1001d6", "1d6!>0", "", " ", "2 d6",
  "1e3", "99999999999999999", "9007199254740991+1", "1d6/0", "4d6kh3kl1", "1d20 # attack", "2d6[fire]", "3d6sa", "4d6sd", "1d6x", "😀", "1d6\u0000",
];
const JOIN = ["+", "-", "*", "/", " + ", "", ","];

test("random notations and seeds: the same results and errors through both entries", () => {
  const next = generator(38);
  const cases = 1500;
  for (let i = 0; i < cases; i++) {
    let notation = PIECES[next(PIECES.length)] ?? "";
    const extra = next(3);
    for (let k = 0; k < extra; k++) notation += (JOIN[next(JOIN.length)] ?? "") + (PIECES[next(PIECES.length)] ?? "");
    const seed = next(4) === 0 ? next(2 ** 30) * 2 ** 20 + next(2 ** 20) : next(1000);
    same(`roll ${JSON.stringify(notation)} seed ${seed}`, (api) => api.roll(notation, { seed }));
    same(`total ${JSON.stringify(notation)} seed ${seed}`, (api) => api.total(notation, { seed }));
    if (i % 10 === 0) {
      // A box rolled several times, then its state.
      same(`box ${JSON.stringify(notation)} seed ${seed}`, (api) => {
        const box = new api.Dice({ seed });
        const out = [];
        for (let k = 0; k < 3; k++) {
          try {
            out.push(box.roll(notation), box.total(notation));
          } catch (e) {
            out.push(String(/** @type {any} */ (e).code));
          }
        }
        return { out, state: box.state() };
      });
    }
  }
});

test("supplied faces, seeds out of range, saved states and options: the same through both entries", () => {
  same("faces", (api) => api.roll("3d6+2", { faces: [1, 2, 3] }));
  same("faces run out", (api) => api.roll("3d6", { faces: [1, 2] }));
  same("face too big", (api) => api.roll("2d6", { faces: [7, 1] }));
  same("faces not a list", (api) => api.roll("2d6", /** @type {any} */ ({ faces: 3 })));
  for (const seed of [-1, 1.5, 2 ** 53, Number.NaN, "7", null]) same(`seed ${String(seed)}`, (api) => api.roll("1d20", /** @type {any} */ ({ seed })));
  same("seed and faces", (api) => api.roll("1d20", { seed: 1, faces: [3] }));
  same("dice seed", (api) => {
    const box = new api.Dice({ seed: 99 });
    box.roll("4d6kh3");
    const state = box.state();
    const resumed = api.Dice.fromState(/** @type {any} */ (state));
    return { state, a: box.roll("3d8!"), b: resumed.roll("3d8!"), die: resumed.rollDie(12), kind: resumed.kind };
  });
  same("bad state", (api) => api.Dice.fromState(/** @type {any} */ ({ seed: 1 })));
  same("bad state text", (api) => api.Dice.fromState(/** @type {any} */ ("x")));
  same("rollDie 0", (api) => new api.Dice({ seed: 1 }).rollDie(0));
  same("not a Dice", (api) => api.Expression.parse("1d6").roll(/** @type {any} */ ({ box: 1 })));
  same("freed", (api) => {
    const box = new api.Dice({ seed: 1 });
    box.free();
    return box.roll("1d6");
  });
  same("long notation", (api) => api.roll("1+".repeat(600) + "1"));
  same("notation not text", (api) => api.roll(/** @type {any} */ (42)));
});

test("formula data: the same results and errors through both entries", () => {
  const data = { abilities: { str: { mod: 3 } }, die: "d8", frac: 1.5, tiny: 1e-7, big: 2 ** 60, nan: Number.NaN, inf: -Infinity, text: "", obj: {} };
  for (const notation of ["1d20 + @abilities.str.mod", "2@die", "1d6+@frac", "1d6+@tiny", "1d6+@big", "1d6+@nan", "1d6+@inf", "1d6+@text", "1d6+@obj", "1d6+@missing", "2d@abilities.str.mod"]) {
    same(`data ${notation}`, (api) => api.roll(notation, { seed: 5, data }));
    same(`data total ${notation}`, (api) => api.total(notation, { seed: 5, data }));
    same(`data missing ${notation}`, (api) => api.roll(notation, { seed: 5, data, missing: 0 }));
    same(`data parsed ${notation}`, (api) => api.Expression.parse(notation, data).total(new api.Dice({ seed: 5 })));
  }
});

test("a value that is not a whole number is quoted as the core's Rust Display writes it, through both entries", () => {
  // The facade writes the text (the dice-only module has no float formatter); the vector holds
  // Rust's own text for each number, checked natively by crate/tests/number_text_vectors.rs.
  const vector = JSON.parse(readFileSync(new URL("../vectors/number_text.json", import.meta.url), "utf8"));
  assert.ok(vector.cases.length >= 400);
  for (const [number, text] of vector.cases) {
    const data = { x: Number(number), nested: { x: Number(number) } };
    /** @type {[string, string, number][]} */
    const places = [["1d6+@x", "x", 4], ["@nested.x d6", "nested.x", 0]];
    for (const [notation, path, at] of places) {
      const { error } = same(`${notation} with ${number}`, (api) => api.roll(notation, { seed: 1, data }));
      assert.deepEqual(error, { name: "TurnkeeperError", code: "NOTATION_DATA", message: `the value at @${path} (${text}) is not a whole number`, position: at }, number);
    }
  }
  // Numbers that are not finite are neither a number nor formula text, whichever their sign.
  for (const x of [Infinity, -Infinity, Number.NaN]) {
    const { error } = same(`1d6+@x with ${x}`, (api) => api.total("1d6+@x", { data: { x } }));
    assert.equal(error?.message, "the value at @x is neither a number nor formula text", String(x));
  }
});

test("the dice helpers: roll twice, chances, roll-offs and countdowns give the same through both entries", () => {
  const next = generator(7);
  for (let i = 0; i < 200; i++) {
    const seed = next(100000);
    const die = /** @type {any} */ (["d4", "d6", "d8", "d10", "d12", "d20", "d100", "d7", 20, null][next(10)]);
    const keep = /** @type {any} */ (["higher", "lower", "middle", 1][next(4)]);
    same(`twice ${die} ${keep}`, (api) => api.rollTwice(die, keep, new api.Dice({ seed })));
    // Every random draw is made before the calls: each call runs once per entry.
    const x = next(9) - 1;
    const p = next(110) - 5;
    const config = /** @type {any} */ ([undefined, { die: "d6" }, { die: "d20", winner: "lowest" }, { die: "d2" }, { winner: "most" }, 5][next(6)]);
    const entrants = next(12);
    const speed = /** @type {any} */ (["slow", "fast", "veryFast", "quick", undefined][next(5)]);
    const [pool, unstoppable, added] = [next(6), next(2) === 0, next(3)];
    same(`in six ${x}`, (api) => api.chanceInSix(x, new api.Dice({ seed })));
    same(`percent ${p}`, (api) => api.percentChance(p, new api.Dice({ seed })));
    same(`roll-off ${entrants} ${JSON.stringify(config)}`, (api) => api.rollOff(entrants, config, new api.Dice({ seed })));
    same(`countdown ${pool} ${speed}`, (api) => {
      const box = new api.Dice({ seed });
      const c = new api.Countdown(pool, speed, { unstoppable });
      const rolls = [];
      for (let k = 0; k < 4; k++) rolls.push(c.roll(box));
      c.addDice(added);
      const json = c.toJSON();
      const back = api.Countdown.fromJSON(json);
      return { rolls, json, removed: back.removeDice(1), after: back.toJSON(), dice: back.dice, expired: back.expired, stopped: back.stopped, state: box.state() };
    });
  }
  same("countdown bad state", (api) => api.Countdown.fromJSON(/** @type {any} */ ({ dice: "x" })));
  same("countdown too many", (api) => new api.Countdown(1000));
  same("roll-off bad config", (api) => api.rollOff(3, /** @type {any} */ ({ die: "d6", extra: 1 })));
});

test("the dice helpers' inputs, valid and not: the same values, codes and messages through both entries", () => {
  // The dice entry reads these inputs with a reader of its own (crate/src/wire/flat.rs), the
  // main entry with the generic one: every kind of wrong value, in each input and each field.
  const deep = (/** @type {number} */ n) => {
    /** @type {any} */
    let v = 1;
    for (let i = 0; i < n; i++) v = i % 2 ? { a: v } : [v];
    return v;
  };
  const long = "an unusually long name of a die, with é and 😀 in it, past forty characters";
  const odd = /** @type {any[]} */ ([
    undefined, null, true, false, 0, -0, 1, -1, 1.5, 1e300, 2 ** 32, 2 ** 32 - 1, 2 ** 53, 2 ** 64, Number.NaN, -Infinity,
    "", "d20", "D20", "higher", "slow", "chacha20", "é😀", "\u0000\n\"", "\ud83c", long, [], [1, "x"], {}, { a: [{ b: null }] },
    deep(120), deep(130),
  ]);
  const seedState = { algorithm: "chacha20", seed: 7, position: 3 };
  const countdown = { dice: 3, speed: "fast", rolls: 2, stopped: false, unstoppable: true };
  const config = { die: "d8", winner: "lowest" };
  /** @param {Record<string, unknown>} base @param {string} key @param {unknown} value */
  const with_ = (base, key, value) => ({ ...base, [key]: value });
  /** @param {Record<string, unknown>} base @param {string} key */
  const without = (base, key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
  const states = [seedState, ...odd];
  const pools = [countdown, ...odd];
  const configs = [config, ...odd];
  for (const key of [...Object.keys(seedState), "extra"]) {
    states.push(without(seedState, key));
    for (const v of odd) states.push(with_(seedState, key, v));
  }
  for (const key of [...Object.keys(countdown), "extra"]) {
    pools.push(without(countdown, key));
    for (const v of odd) pools.push(with_(countdown, key, v));
  }
  for (const key of [...Object.keys(config), "extra"]) {
    configs.push(without(config, key));
    for (const v of odd) configs.push(with_(config, key, v));
  }
  for (const state of states) {
    same(`fromState ${JSON.stringify(state)}`, (api) => {
      const box = api.Dice.fromState(state);
      return { state: box.state(), die: box.rollDie(20) };
    });
  }
  for (const pool of pools) {
    same(`fromJSON ${JSON.stringify(pool)}`, (api) => {
      const c = api.Countdown.fromJSON(pool);
      return { json: c.toJSON(), roll: c.roll(new api.Dice({ seed: 3 })) };
    });
  }
  for (const c of configs) {
    same(`rollOff ${JSON.stringify(c)}`, (api) => api.rollOff(3, c, new api.Dice({ seed: 11 })));
  }
  for (const v of odd) {
    same(`rollTwice die ${JSON.stringify(v)}`, (api) => api.rollTwice(v, "higher", new api.Dice({ seed: 5 })));
    same(`rollTwice keep ${JSON.stringify(v)}`, (api) => api.rollTwice("d6", v, new api.Dice({ seed: 5 })));
    same(`countdown speed ${JSON.stringify(v)}`, (api) => new api.Countdown(2, v).toJSON());
  }
  // Text that is not JSON reaches the module too when given as a string of JSON's own.
  same("fromState of a string", (api) => api.Dice.fromState(/** @type {any} */ ("{\"seed\":1}")));
});

test("the dice entry's error type: a TurnkeeperError of its own with the same codes", () => {
  assert.throws(
    () => dice.roll("1d"),
    (e) => e instanceof dice.TurnkeeperError && e instanceof Error && e.code === "NOTATION_SYNTAX",
  );
});

test("in Node, importing turnkeeper/dice reads the dice module only and rolls at once", () => {
  // A fresh process, each file the package reads recorded (the entry's named `readFileSync`
  // import follows the patched one once the builtin's exports are synced).
  const code = `
    import fs from "node:fs";
    import { syncBuiltinESMExports } from "node:module";
    const read = [];
    const original = fs.readFileSync;
    fs.readFileSync = (path, ...rest) => { read.push(String(path)); return original(path, ...rest); };
    syncBuiltinESMExports();
    const dice = await import("turnkeeper/dice");
    const total = dice.roll("2d6+1", { seed: 3 }).total;
    console.log(JSON.stringify({ wasm: read.filter((p) => p.endsWith(".wasm")).map((p) => p.split("/").pop()), total }));
  `;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }));
  assert.deepEqual(out.wasm, ["dice_bg.wasm"]);
  assert.equal(out.total, main.roll("2d6+1", { seed: 3 }).total);
});

// The dice module has no wasm-bindgen: its glue (js-package/src/core/dice-module.ts) passes
// texts, numbers and faces through buffers it asks the module for, and holds objects by handle.
test("the dice module's own glue: arguments that grow its memory, non-ASCII text, handles and crypto dice", () => {
  // Texts and values bigger than the module's memory had: each buffer is asked for before it is
  // written, so a memory that grows on the way leaves nothing written into a stale view.
  const faces = Array.from({ length: 9000 }, (_, i) => (i % 6) + 1);
  same("many supplied faces", (api) => api.total("9000d6", { faces }));
  const data = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]));
  same("a big data table", (api) => api.total("@k2999 + @k1 + 1d4", { seed: 2, data }));
  same("a big saved state", (api) => api.Dice.fromState(/** @type {any} */ ({ algorithm: "chacha20", seed: 1, position: 3, pad: "x".repeat(200_000) })));
  // Text that is not ASCII takes the argument buffer rather than the notation input.
  same("non-ASCII notation", (api) => api.roll("1d6 + 2 − 1", { seed: 4 }));
  same("non-ASCII error position", (api) => api.roll("1d6 + é", { seed: 4 }));
  same("data with non-ASCII text", (api) => api.roll("1d6 + @n", { seed: 4, data: { n: "2 ✓" } }));
  // Objects freed, then used: a clear error in both entries, and new objects reuse the handles.
  same("freed expression", (api) => {
    const e = api.Expression.parse("1d6");
    e.free();
    return e.total(new api.Dice({ seed: 1 }));
  });
  same("a countdown saved and resumed", (api) => {
    const c = new api.Countdown(3, "fast");
    const d = new api.Dice({ seed: 8 });
    c.roll(d);
    const resumed = api.Countdown.fromJSON(c.toJSON());
    return { a: resumed.roll(d), dice: resumed.dice, rolls: resumed.rolls, expired: resumed.expired, stopped: resumed.stopped };
  });
  const boxes = Array.from({ length: 50 }, (_, i) => new dice.Dice({ seed: i }));
  for (const b of boxes.slice(0, 25)) b.free();
  const again = Array.from({ length: 25 }, (_, i) => new dice.Dice({ seed: i }));
  again.forEach((b, i) => assert.equal(b.roll("3d6").total, main.roll("3d6", { seed: i }).total, `box ${i}`));
  // Crypto dice: faces from crypto.getRandomValues through the glue, in range, and not all alike.
  const crypto = dice.roll("2000d6").dice.map((d) => d.face);
  assert.ok(crypto.every((f) => f >= 1 && f <= 6));
  assert.equal(new Set(crypto).size, 6);
  assert.equal(new dice.Dice().kind, "crypto");
  const rolled = new dice.Dice().roll("1d1000000");
  assert.ok(rolled.total >= 1 && rolled.total <= 1_000_000);
});

// Bundling renames a facade function that shares its name with one of the glue's exports
// (`rollTwice` read `rollTwice2` in a stack trace); the glue's exports now have names of their own.
test("every function and class is named as it is exported, through both entries", () => {
  for (const [entry, api] of [["turnkeeper/dice", dice], ["turnkeeper", main]]) {
    for (const [name, value] of Object.entries(api)) {
      if (typeof value !== "function") continue;
      // Two of the main entry's names differ on purpose or are wasm-bindgen's: `Journey` is a
      // typed alias of its class `JourneyClass`, and the glue's own `initSync` is bundled beside it.
      if (entry === "turnkeeper" && (name === "Journey" || name === "initSync")) continue;
      assert.equal(value.name, name, `${entry}: ${name}`);
    }
  }
});

// The dice entry's own glue loads its module as wasm-bindgen's did: compiled as it streams in,
// and from the bytes when a server sends another content type. A fresh process, since the
// entry loads once.
test("init() of turnkeeper/dice takes a Response sent with the wrong content type", () => {
  const code = `
    import { readFileSync } from "node:fs";
    const dist = new URL(${JSON.stringify(new URL("../../js-package/dist/", import.meta.url).href)});
    const bytes = readFileSync(new URL("wasm/dice_bg.wasm", dist));
    const dice = await import(new URL("dice.js", dist).href);
    await dice.init(new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    console.log(JSON.stringify(dice.roll("2d6+1", { seed: 3 }).total));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
  assert.equal(JSON.parse(out), main.roll("2d6+1", { seed: 3 }).total);
});
