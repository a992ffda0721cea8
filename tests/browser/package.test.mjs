// The package in a real Chromium: without a bundler (as a Foundry module loads it), through
// the inline entry, and bundled by Vite. All three must agree with Node on a seeded roll.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { Dice, ose, roll, rollTwice } from "turnkeeper";
import { openBrowser, OUTPUT_DIR } from "./harness.mjs";

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** @param {string} path */
async function resultOf(path) {
  const page = await browser.newPage();
  await page.goto(browser.url + path);
  await page.waitForFunction(() => document.body.dataset.result !== undefined, null, { timeout: 15000 });
  const data = JSON.parse((await page.evaluate(() => document.body.dataset.result)) ?? "null");
  await page.close();
  return data;
}

// As the page hands it back: a plain object (the result's printable-line prototype stays behind).
const expected = JSON.parse(JSON.stringify(roll("4d6kh3+2", { seed: 42 })));

test("no bundler: ES module imported from the package folder", async () => {
  const r = await resultOf("/tests/fixtures/no-bundler/index.html");
  assert.equal(r.beforeInit, "NOT_INITIALIZED");
  assert.deepEqual(r.seeded, expected);
  assert.equal(r.supplied, 22);
  assert.equal(r.crypto, "crypto");
  assert.equal(r.box, 3);
  assert.equal(r.error.code, "NOTATION_SYNTAX");
  assert.equal(r.error.isError, true);
  assert.equal(typeof r.error.position, "number");
  assert.deepEqual(browser.errors, []);
});

test("inline entry: no separate .wasm request", async () => {
  const r = await resultOf("/tests/fixtures/inline/index.html");
  assert.deepEqual(r.seeded, expected);
  assert.deepEqual(browser.errors, []);
});

test("bundled by Vite", async () => {
  const root = fileURLToPath(new URL("../fixtures/vite-app/", import.meta.url));
  await build({
    root,
    base: "./",
    logLevel: "error",
    build: { outDir: OUTPUT_DIR + "vite-dist", emptyOutDir: true, target: "es2022" },
  });
  const r = await resultOf("/tests/output/vite-dist/index.html");
  assert.deepEqual(r.seeded, expected);
  assert.deepEqual(browser.errors, []);
});

// Issue 12: modules of their own. `turnkeeper/core` fetches the core's `.wasm` and the dice's
// (where stand-alone rolls happen, issue 38); importing `turnkeeper/procedures` fetches the
// procedures' then; the main entry's `init()` fetches all three.
test("turnkeeper/core fetches the core and dice modules only; turnkeeper/procedures fetches its own when imported", async () => {
  const page = await browser.newPage();
  /** @type {string[]} */
  const wasm = [];
  page.on("request", (req) => {
    const name = new URL(req.url()).pathname.split("/").pop() ?? "";
    if (name.endsWith(".wasm")) wasm.push(name);
  });
  await page.goto(`${browser.url}/demo/blank.html`);
  const r = await page.evaluate(async (dist) => {
    const core = await import(`${dist}/core-only.js`);
    await core.init();
    const seeded = core.roll("4d6kh3+2", { seed: 42 });
    let before = "";
    try {
      core.ose.reaction({});
    } catch (e) {
      before = /** @type {any} */ (e).code;
    }
    const fetchedFirst = performance.getEntriesByType("resource").filter((e) => e.name.includes(".wasm")).length;
    const { ose } = await import(`${dist}/procedures.js`);
    const reaction = ose.reaction({}, new core.Dice({ seed: 9 })).total;
    return { seeded: JSON.parse(JSON.stringify(seeded)), before, fetchedFirst, reaction };
  }, "/node_modules/turnkeeper/dist");
  await page.close();
  assert.deepEqual(r.seeded, expected);
  assert.equal(r.before, "NOT_INITIALIZED");
  assert.equal(r.fetchedFirst, 2, "only the core and the dice before turnkeeper/procedures is imported");
  assert.deepEqual(wasm.slice(0, 2).sort(), ["dice_bg.wasm", "turnkeeper_bg.wasm"]);
  assert.deepEqual(wasm.slice(2), ["procedures_bg.wasm"]);
  assert.equal(r.reaction, ose.reaction({}, new Dice({ seed: 9 })).total);
  assert.deepEqual(browser.errors, []);
});

// Issue 38: `turnkeeper/dice` fetches the dice module alone (neither the core's nor the
// procedures' `.wasm`) and rolls as the main entry does, errors included.
test("turnkeeper/dice fetches dice_bg.wasm only and rolls as the main entry does", async () => {
  const page = await browser.newPage();
  /** @type {string[]} */
  const wasm = [];
  page.on("request", (req) => {
    const name = new URL(req.url()).pathname.split("/").pop() ?? "";
    if (name.endsWith(".wasm")) wasm.push(name);
  });
  await page.goto(`${browser.url}/demo/blank.html`);
  const r = await page.evaluate(async (dist) => {
    const dice = await import(`${dist}/dice.js`);
    let before = "";
    try {
      dice.roll("1d20");
    } catch (e) {
      before = /** @type {any} */ (e).code;
    }
    await dice.init();
    const seeded = dice.roll("4d6kh3+2", { seed: 42 });
    const twice = dice.rollTwice("d20", "higher", new dice.Dice({ seed: 3 }));
    let error = {};
    try {
      dice.roll("2d6+");
    } catch (e) {
      const t = /** @type {any} */ (e);
      error = { code: t.code, message: t.message, position: t.position, ours: t instanceof dice.TurnkeeperError };
    }
    return { before, seeded: JSON.parse(JSON.stringify(seeded)), crypto: dice.roll("1d20").source, twice, error };
  }, "/node_modules/turnkeeper/dist");
  await page.close();
  assert.equal(r.before, "NOT_INITIALIZED");
  assert.deepEqual(r.seeded, expected);
  assert.equal(r.crypto, "crypto");
  assert.deepEqual(r.twice, rollTwice("d20", "higher", new Dice({ seed: 3 })));
  let mainError = {};
  try {
    roll("2d6+");
  } catch (e) {
    const t = /** @type {any} */ (e);
    mainError = { code: t.code, message: t.message, position: t.position, ours: true };
  }
  assert.deepEqual(r.error, mainError);
  assert.deepEqual(wasm, ["dice_bg.wasm"]);
  assert.deepEqual(browser.errors, []);
});
