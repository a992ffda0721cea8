// Issue 12: the rules core and the rule procedures are wasm modules of their own, and the dice
// a third (issue 38). The main entry loads all three; `turnkeeper/core` loads the core and the
// dice; `turnkeeper/procedures` loads the procedures when imported. Each case runs in a fresh
// Node process, since a module is loaded once per process. Procedures and core objects roll a
// caller's dice lent as words: a seeded stream must move exactly as when the dice rolled
// themselves, and a failed procedure or command must leave the dice untouched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";

/**
 * Run `code` as an ES module in a fresh process; its stdout parsed as JSON.
 * @param {string} code
 */
function fresh(code) {
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }));
}

test("turnkeeper/core loads the core only: dice and encounters work, procedures are NOT_INITIALIZED until turnkeeper/procedures is imported", () => {
  const out = fresh(`
    import { roll, Encounter, ose, Dice } from "turnkeeper/core";
    const total = roll("2d6+1", { seed: 3 }).total;
    const enc = new Encounter({ ruleset: "ose" });
    let before = "";
    try { ose.reaction({}); } catch (e) { before = e.code + " " + e.message; }
    const { ose: later } = await import("turnkeeper/procedures");
    const dice = new Dice({ seed: 11 });
    const reaction = later.reaction({}, dice);
    console.log(JSON.stringify({ total, enc: typeof enc.toJSON(), before, reaction: reaction.total, same: later === ose }));
  `);
  assert.equal(out.total, fresh(`import { roll } from "turnkeeper"; console.log(JSON.stringify(roll("2d6+1", { seed: 3 }).total));`));
  assert.equal(out.enc, "object");
  assert.match(out.before, /^NOT_INITIALIZED .*turnkeeper\/procedures/);
  assert.ok(out.reaction >= 2 && out.reaction <= 12);
  assert.equal(out.same, true, "one procedures namespace, whichever entry it is imported from");
});

test("turnkeeper/procedures alone runs procedures without the core; dice need the core", () => {
  const out = fresh(`
    import { ose, hyb } from "turnkeeper/procedures";
    const r = ose.reaction({});
    const chase = hyb.chaseDc({ opponentSpeedFt: 30 });
    let dice = "";
    try { const { Dice } = await import("turnkeeper/procedures").then(() => import("turnkeeper/core")); dice = new Dice({ seed: 1 }).kind; } catch (e) { dice = e.code; }
    console.log(JSON.stringify({ total: r.total, chase, dice }));
  `);
  assert.ok(out.total >= 2 && out.total <= 12);
  assert.equal(typeof out.chase, "number");
  assert.equal(out.dice, "seeded", "importing turnkeeper/core afterwards loads the core");
});

test("a seeded stream moves through a procedure exactly as through the core's own rolls", () => {
  const out = fresh(`
    import { ose, Dice } from "turnkeeper";
    const a = new Dice({ seed: 2024 });
    const reaction = ose.reaction({}, a);
    const afterProcedure = [a.roll("1d20").total, a.roll("3d8").total];
    const b = new Dice({ seed: 2024 });
    const faces = b.roll("2d6").dice.map((d) => d.face);
    const afterCore = [b.roll("1d20").total, b.roll("3d8").total];
    console.log(JSON.stringify({ procedureFaces: reaction.dice.map((d) => d.face), faces, afterProcedure, afterCore, a: a.state(), b: b.state() }));
  `);
  assert.deepEqual(out.procedureFaces, out.faces);
  assert.deepEqual(out.afterProcedure, out.afterCore);
  assert.deepEqual(out.a, out.b);
});

test("a failed procedure leaves seeded and supplied dice where they were", () => {
  const out = fresh(`
    import { ose, Dice } from "turnkeeper";
    const seeded = new Dice({ seed: 5 });
    seeded.roll("1d6");
    const before = seeded.state();
    let code = "";
    try { ose.reaction({ chaModifier: "lots" }, seeded); } catch (e) { code = e.code; }
    const supplied = new Dice({ faces: [6, 6, 3, 9] });
    ose.reaction({}, supplied);
    let exhausted = "";
    try { ose.reaction({}, supplied); } catch (e) { exhausted = e.code + " " + e.message; }
    console.log(JSON.stringify({ code, same: JSON.stringify(before) === JSON.stringify(seeded.state()), exhausted, next: supplied.roll("1d8").total, then: supplied.roll("1d10").total }));
  `);
  assert.equal(out.code, "INVALID_ARGUMENT");
  assert.equal(out.same, true);
  // The second reaction rolls 3, then reads 9 on a d6: refused, and neither face is consumed.
  assert.match(out.exhausted, /^INVALID_FACE supplied face #4 is 9/);
  assert.equal(out.next, 3);
  assert.equal(out.then, 9);
});

test("initSync takes the three modules' bytes; the procedures and the dice stay NOT_INITIALIZED until given", () => {
  const out = fresh(`
    import { readFileSync } from "node:fs";
    const dist = new URL("./dist/", import.meta.resolve("turnkeeper/package.json")).href;
    const tk = await import(new URL("index.js", dist).href);
    tk.initSync(readFileSync(new URL("wasm/turnkeeper_bg.wasm", dist)));
    let code = "";
    try { tk.hyb.chaseDc({ opponentSpeedFt: 30 }); } catch (e) { code = e.code; }
    let dice = "";
    try { tk.roll("1d1"); } catch (e) { dice = e.code; }
    const round = new tk.Encounter({ ruleset: "ose" }).round;
    tk.initSync(readFileSync(new URL("wasm/turnkeeper_bg.wasm", dist)), readFileSync(new URL("wasm/procedures_bg.wasm", dist)), readFileSync(new URL("wasm/dice_bg.wasm", dist)));
    console.log(JSON.stringify({ code, dice, round, dc: tk.hyb.chaseDc({ opponentSpeedFt: 30 }), total: tk.roll("1d1").total }));
  `);
  assert.equal(out.code, "NOT_INITIALIZED");
  assert.equal(out.dice, "NOT_INITIALIZED", "stand-alone dice roll in the dice module");
  assert.equal(out.round, 0, "encounters need the core alone");
  assert.equal(typeof out.dc, "number");
  assert.equal(out.total, 1);
});

test("init() after initSync loads only the modules initSync was not given", () => {
  const out = fresh(`
    import { readFileSync } from "node:fs";
    const dist = new URL("./dist/", import.meta.resolve("turnkeeper/package.json")).href;
    const tk = await import(new URL("index.js", dist).href);
    tk.initSync(readFileSync(new URL("wasm/turnkeeper_bg.wasm", dist)));
    const round = new tk.Encounter({ ruleset: "ose" }).round;
    await tk.init(undefined, readFileSync(new URL("wasm/procedures_bg.wasm", dist)), readFileSync(new URL("wasm/dice_bg.wasm", dist)));
    await tk.init();
    console.log(JSON.stringify({ round, total: tk.roll("1d1").total, dc: tk.hyb.chaseDc({ opponentSpeedFt: 30 }) }));
  `);
  assert.equal(out.round, 0);
  assert.equal(out.total, 1, "the dice module, given to init after initSync");
  assert.equal(typeof out.dc, "number");
});

// Issue 38: importing the package in Node compiles the dice module only; the core is read and
// compiled by the first encounter (or journey, creature, rule table), the procedures' module by
// the first procedure call. Counted by wrapping the WebAssembly.Module constructor (which
// wasm-bindgen's initSync and the dice module's glue call) before the package is imported.
const COUNT_COMPILES = `
  const compiled = [];
  const Original = WebAssembly.Module;
  WebAssembly.Module = class extends Original {
    constructor(bytes) { super(bytes); compiled.push(bytes.byteLength); }
  };
`;

test("the Node entry compiles the dice on import, the core on the first encounter and the procedures on the first procedure call", () => {
  const out = fresh(`
    ${COUNT_COMPILES}
    const tk = await import("turnkeeper");
    const onImport = compiled.length;
    const total = tk.roll("3d6", { seed: 5 }).total;
    const afterRoll = compiled.length;
    const enc = typeof new tk.Encounter({ ruleset: "ose" }).toJSON();
    const afterCore = compiled.length;
    const first = tk.ose.reaction({}, new tk.Dice({ seed: 4 })).total;
    const afterFirst = compiled.length;
    const second = tk.hyb.chaseDc({ opponentSpeedFt: 30 });
    new tk.Encounter({ ruleset: "a5e" });
    console.log(JSON.stringify({ onImport, afterRoll, afterCore, afterFirst, after: compiled.length, total, first, second, enc }));
  `);
  assert.equal(out.onImport, 1, "only the dice are compiled on import");
  assert.equal(out.afterRoll, 1, "a roll needs nothing more");
  assert.equal(out.afterCore, 2, "the first encounter compiles the core");
  assert.equal(out.afterFirst, 3, "the first procedure compiles the procedures' module");
  assert.equal(out.after, 3, "each once");
  assert.equal(out.enc, "object");
  const eager = fresh(`
    import { readFileSync } from "node:fs";
    const dist = new URL("./dist/", import.meta.resolve("turnkeeper/package.json")).href;
    const tk = await import(new URL("index.js", dist).href);
    tk.initSync(readFileSync(new URL("wasm/turnkeeper_bg.wasm", dist)), readFileSync(new URL("wasm/procedures_bg.wasm", dist)), readFileSync(new URL("wasm/dice_bg.wasm", dist)));
    console.log(JSON.stringify({ total: tk.roll("3d6", { seed: 5 }).total, first: tk.ose.reaction({}, new tk.Dice({ seed: 4 })).total, second: tk.hyb.chaseDc({ opponentSpeedFt: 30 }) }));
  `);
  assert.deepEqual({ total: out.total, first: out.first, second: out.second }, eager, "the same results as loading both at once");
});

test("a deferred procedures' module that cannot be read fails the first call with INIT_FAILED, and the next call tries again", () => {
  const out = fresh(`
    import { readFileSync } from "node:fs";
    const dist = new URL("./dist/", import.meta.resolve("turnkeeper/package.json")).href;
    const tk = await import(new URL("index.js", dist).href);
    tk.initSync(readFileSync(new URL("wasm/turnkeeper_bg.wasm", dist)));
    let reads = 0;
    tk.initProceduresOnDemand(() => {
      reads += 1;
      if (reads === 1) throw new Error("disk on fire");
      return readFileSync(new URL("wasm/procedures_bg.wasm", dist));
    });
    let first = "";
    try { tk.hyb.chaseDc({ opponentSpeedFt: 30 }); } catch (e) { first = e.code + " " + e.message; }
    const dc = tk.hyb.chaseDc({ opponentSpeedFt: 30 });
    console.log(JSON.stringify({ first, dc, reads }));
  `);
  assert.match(out.first, /^INIT_FAILED .*disk on fire/);
  assert.equal(typeof out.dc, "number");
  assert.equal(out.reads, 2);
});

test("the inline entry decodes and compiles the procedures on first use too", () => {
  const out = fresh(`
    ${COUNT_COMPILES}
    const tk = await import("turnkeeper/inline");
    await tk.init();
    const onInit = compiled.length;
    const dc = tk.hyb.chaseDc({ opponentSpeedFt: 30 });
    console.log(JSON.stringify({ onInit, after: compiled.length, dc }));
  `);
  assert.equal(out.onInit, 1);
  assert.equal(out.after, 2);
  assert.equal(typeof out.dc, "number");
});
