// The boundary from JavaScript: only JSON text, strings and finite numbers reach the wasm, so
// hostile or wrong-typed arguments are refused with INVALID_ARGUMENT before the module is
// entered and leave it fully usable; a failed command leaves the seeded dice where they were.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Countdown, Creature, Dice, Encounter, Expression, Journey, TurnkeeperError, a5e, hyb, ose, roll, rollOff, rollTwice, runProcedure } from "turnkeeper";

/** @param {unknown} e @param {string} code */
function isCode(e, code) {
  assert.ok(e instanceof TurnkeeperError, `expected a TurnkeeperError, got ${String(e)}`);
  assert.equal(/** @type {TurnkeeperError} */ (e).code, code, /** @type {Error} */ (e).message);
  return true;
}

/** Objects that throw, or trap, as soon as anything reads them. */
function hostiles() {
  const getter = {
    get type() {
      throw new Error("getter");
    },
  };
  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error("trap");
      },
      ownKeys() {
        throw new Error("ownKeys");
      },
    },
  );
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  /** @type {Record<string, unknown>} */
  const cycle = { type: "addParticipant" };
  cycle.self = cycle;
  const throwingToJson = {
    toJSON() {
      throw new Error("toJSON");
    },
  };
  return [getter, trap, revoked, cycle, throwingToJson, { seed: 10n }, 10n];
}

test("hostile objects are refused before the wasm, 10,000 times, and the module stays exact", () => {
  const fresh = new Dice({ seed: 99 });
  const expected = Array.from({ length: 20 }, () => fresh.rollDie(20));
  const encounter = new Encounter({ ruleset: "gh5e", seed: 3 });
  const journey = new Journey({ ruleset: "hyb", seed: 4 });
  const creature = new Creature({ kind: "pc", hpMax: 10, rules: { type: "a5e" } });
  const calls = [
    (/** @type {any} */ h) => new Creature(h),
    (/** @type {any} */ h) => creature.damage(h),
    (/** @type {any} */ h) => creature.preview({ amount: 3 }, h),
    (/** @type {any} */ h) => Creature.fromJSON(h),
    (/** @type {any} */ h) => ose.reaction(h),
    (/** @type {any} */ h) => hyb.chase(h),
    (/** @type {any} */ h) => a5e.fall(h),
    (/** @type {any} */ h) => runProcedure("ose.surprise", h),
    (/** @type {any} */ h) => encounter.execute(h),
    (/** @type {any} */ h) => encounter.applyEvents(h),
    (/** @type {any} */ h) => encounter.rollAdvice("x", h),
    (/** @type {any} */ h) => journey.execute(h),
    (/** @type {any} */ h) => Encounter.fromJSON(h),
    (/** @type {any} */ h) => Journey.fromJSON(h),
    (/** @type {any} */ h) => Dice.fromState(h),
    (/** @type {any} */ h) => rollTwice(h, "lower"),
    (/** @type {any} */ h) => rollOff(2, h),
    (/** @type {any} */ h) => Countdown.fromJSON(h),
  ];
  let refused = 0;
  for (let i = 0; i < 10_000; i++) {
    const list = hostiles();
    const hostile = list[i % list.length];
    const call = calls[i % calls.length];
    assert.throws(() => call?.(hostile), (e) => {
      assert.ok(e instanceof TurnkeeperError, String(e));
      refused++;
      return true;
    });
  }
  assert.equal(refused, 10_000);
  const after = new Dice({ seed: 99 });
  assert.deepEqual(
    Array.from({ length: 20 }, () => after.rollDie(20)),
    expected,
  );
  assert.equal(roll("3d6", { seed: 5 }).total, roll("3d6", { seed: 5 }).total);
  assert.equal(creature.hp, 10);
});

test("wrong-typed arguments are INVALID_ARGUMENT, never a trap", () => {
  const encounter = new Encounter({ ruleset: "a5e", seed: 1 });
  const journey = new Journey({ ruleset: "hyb" });
  const dice = new Dice({ seed: 1 });
  /** @type {Array<() => unknown>} */
  const wrong = [
    // @ts-expect-error deliberately wrong types
    () => encounter.participant(5),
    // @ts-expect-error
    () => encounter.effects(null),
    // @ts-expect-error
    () => encounter.allowedActivities({}),
    // @ts-expect-error
    () => journey.lightLevel({ distance: "far" }),
    // @ts-expect-error
    () => dice.rollDie("6"),
    // @ts-expect-error
    () => new Countdown("3"),
    // @ts-expect-error
    () => rollOff("2"),
    // @ts-expect-error
    () => runProcedure(5, {}),
    // @ts-expect-error
    () => runProcedure("ose.reaction", 5),
    () => runProcedure("no.such", {}),
    // @ts-expect-error
    () => new Creature(5),
    // @ts-expect-error
    () => Creature.fromJSON(5),
    // @ts-expect-error
    () => new Creature({ kind: "pc", hpMax: 10, rules: { type: "a5e" } }).damage(5),
    // @ts-expect-error
    () => new Creature({ kind: "pc", hpMax: 10, rules: { type: "a5e" } }).heal("3"),
    // A bare seed is not a box's options: it must not quietly become a crypto box.
    // @ts-expect-error
    () => new Dice(7),
    // @ts-expect-error
    () => new Dice("seed"),
    // @ts-expect-error
    () => roll("1d6", 7),
    // @ts-expect-error
    () => roll("1d6", true),
    // @ts-expect-error
    () => new Dice([3, 4]),
  ];
  for (const call of wrong) assert.throws(call, (e) => isCode(e, "INVALID_ARGUMENT"));
  // Still usable afterwards.
  encounter.add({ id: "a", name: "A", side: "party", dex: 12 });
  assert.equal(encounter.participant("a")?.id, "a");
  assert.equal(encounter.participant("nobody"), undefined);
});

test("a failed command leaves the snapshot and the seeded dice exactly as they were", () => {
  const encounter = new Encounter({ ruleset: "a5e", seed: 11 });
  encounter.add({ id: "a", name: "A", side: "party", dex: 12 });
  encounter.add({ id: "b", name: "B", side: "foes", dex: 10 });
  const before = JSON.stringify(encounter.toJSON());
  const dice = encounter.diceState();
  // Ending a turn before the encounter started is refused.
  assert.throws(() => encounter.endTurn(), TurnkeeperError);
  assert.throws(() => encounter.execute(/** @type {any} */ ({ type: "removeParticipant", participant: "nobody" })), TurnkeeperError);
  assert.deepEqual(encounter.diceState(), dice);
  assert.equal(JSON.stringify(encounter.toJSON()), before);

  const journey = new Journey({ ruleset: "ose", mode: "oseDungeon", seed: 12 });
  journey.start();
  const jBefore = JSON.stringify(journey.toJSON());
  const jDice = journey.diceState();
  // An unknown member cannot listen: refused after a die may already have been rolled.
  assert.throws(() => journey.listen([{ by: "nobody", door: "d1", somethingThere: true }]), TurnkeeperError);
  assert.throws(() => journey.explore(/** @type {any} */ ("nowhere-known")), TurnkeeperError);
  assert.deepEqual(journey.diceState(), jDice);
  assert.equal(JSON.stringify(journey.toJSON()), jBefore);
});

test("init() that cannot load the module fails with TurnkeeperError INIT_FAILED", async () => {
  const { execFileSync } = await import("node:child_process");
  const entry = new URL("../../js-package/dist/index.js", import.meta.url).href;
  const script = `
    const { init, TurnkeeperError } = await import(${JSON.stringify(entry)});
    try {
      await init(new Uint8Array([0, 1, 2, 3]));
      console.log("loaded");
    } catch (e) {
      console.log(e instanceof TurnkeeperError ? e.code : "raw " + e);
    }`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(out.trim(), "INIT_FAILED");
});

test("a procedure or creature operation that fails after rolling leaves the caller's dice unrolled", () => {
  // 2d6 from one supplied face: the first die is read, the second is missing.
  const dice = new Dice({ faces: [4] });
  assert.throws(() => ose.reaction({}, dice), (e) => isCode(e, "FACES_EXHAUSTED"));
  const creature = new Creature({ kind: "pc", hpMax: 20, hp: 5, rules: { type: "a5e" } });
  assert.throws(() => creature.healDice({ count: 2, size: "d8", modifier: 0 }, dice), (e) => isCode(e, "FACES_EXHAUSTED"));
  assert.equal(creature.hp, 5);
  // The face is still there for the next roll.
  assert.equal(dice.rollDie(6), 4);
  const seeded = new Dice({ seed: 8 });
  const fresh = new Dice({ seed: 8 });
  assert.throws(() => runProcedure("ose.dungeonPursuit.stop", { pursuit: {}, reason: "nope" }, seeded), TurnkeeperError);
  assert.deepEqual(seeded.state(), fresh.state());
});

test("an object used after free() refuses with INVALID_ARGUMENT, and freeing twice does nothing", () => {
  /** @param {() => unknown} f */
  const refused = (f) =>
    assert.throws(f, (/** @type {unknown} */ e) => e instanceof TurnkeeperError && e.code === "INVALID_ARGUMENT" && /freed/.test(e.message));
  const dice = new Dice({ seed: 1 });
  dice.free();
  dice.free();
  dice[Symbol.dispose]();
  refused(() => dice.roll("1d20"));
  refused(() => dice.roll("1d20+1d4"));
  refused(() => dice.total("4d6kh3"));
  refused(() => dice.total("(1d4)d6"));
  refused(() => dice.rollDie(6));
  refused(() => dice.state());
  refused(() => dice.kind);
  const expression = Expression.parse("3d6+1d8+4");
  expression.free();
  expression.free();
  refused(() => expression.roll(new Dice({ seed: 2 })));
  refused(() => expression.total());
  const live = Expression.parse("1d6");
  refused(() => live.roll(dice));
  const encounter = new Encounter({ ruleset: "gh5e", seed: 1 });
  encounter.free();
  encounter.free();
  refused(() => encounter.add({ id: "a", name: "A", side: "party", dex: 10 }));
  refused(() => encounter.toJSON());
  const journey = new Journey({ ruleset: "hyb" });
  journey.free();
  journey.free();
  refused(() => journey.toJSON());
  const creature = new Creature({ kind: "pc", hpMax: 10, rules: { type: "a5e" } });
  creature.free();
  creature.free();
  refused(() => creature.toJSON());
  // The rest of the package is unharmed.
  assert.equal(roll("1d1+1", { seed: 1 }).total, 2);
  assert.equal(new Dice({ seed: 1 }).roll("1d20").dice.length, 1);
});

test("text of every length and script reaches both modules intact (the glue's patched string copy)", () => {
  // The build has wasm-bindgen's glue copy strings longer than 40 UTF-16 units with
  // `TextEncoder.encodeInto` first (scripts/build-package.mjs): every length around that
  // threshold, with non-ASCII text (two-, three- and four-byte UTF-8, a surrogate pair) at the
  // start, in the middle, at the end or nowhere, must arrive as it was sent; a lone surrogate
  // arrives as U+FFFD, as the glue's own path makes it.
  const pieces = ["é", "ß€", "語", "😀"];
  let enc = new Encounter({ ruleset: "gh5e" });
  let n = 0;
  for (let len = 1; len <= 80; len++) {
    enc.free();
    enc = new Encounter({ ruleset: "gh5e" });
    for (const piece of pieces) {
      for (const at of piece === "é" ? ["none", "start", "middle", "end"] : ["start", "middle", "end"]) {
        const fill = "n".repeat(Math.max(0, len - (at === "none" ? 0 : piece.length)));
        const half = Math.floor(fill.length / 2);
        const name = at === "none" ? fill : at === "start" ? piece + fill : at === "end" ? fill + piece : fill.slice(0, half) + piece + fill.slice(half);
        if (name.length === 0 || [...name].length > 80) continue;
        const id = `p${n++}`.padEnd(Math.min(40, len), "x");
        enc.add({ id, name, side: "party", dex: 10 });
        assert.equal(enc.participant(id)?.name, name, `length ${name.length}, ${piece} ${at}`);
      }
    }
  }
  // A lone surrogate cannot be UTF-8: short or long, the copy makes it U+FFFD.
  for (const pad of [0, 45]) {
    assert.throws(() => roll("1d20+" + " ".repeat(pad) + "\uD800"), (e) => isCode(e, "NOTATION_SYNTAX") && /** @type {Error} */ (e).message.includes("\\u{fffd}"));
  }
  // The procedures module's glue is patched the same way: an unknown procedure's name comes
  // back in the error, as sent.
  for (const name of ["ose." + "é".repeat(45), "ose." + "n".repeat(60) + "😀", "ose." + "n".repeat(30)]) {
    assert.throws(() => runProcedure(name, {}), (e) => isCode(e, "INVALID_ARGUMENT") && /** @type {Error} */ (e).message.includes(`"${name}"`));
  }
});
