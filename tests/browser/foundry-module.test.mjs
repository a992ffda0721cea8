// The Foundry module's own files (demo/foundry, as zipped) in Debian's Chromium: its ES module
// loads with no bundler, fetches the wasm from its lib/turnkeeper folder, and, under stand-in
// globals for the few Foundry APIs it calls (tests/fixtures/foundry-stub), replaces the Combat
// class so Greyhawk runs the turn order and Foundry's buttons run Turnkeeper commands.
// This is not Foundry (which cannot be installed here); tsc checks the same file against
// Foundry v13's published types (tests/foundry).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser } from "./harness.mjs";

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

test("the module loads from its folder and runs a Greyhawk combat with A5E conditions", async () => {
  const page = await browser.newPage();
  await page.goto(browser.url + "/tests/fixtures/foundry-stub/index.html");
  await page.waitForFunction(() => document.body.dataset.result !== undefined, null, { timeout: 15000 });
  const r = JSON.parse((await page.evaluate(() => document.body.dataset.result)) ?? "null");
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.subclassed, true);
  assert.equal(r.phaseAfterStart, "declaring");
  // Greyhawk: Foundry's turns are Turnkeeper's order, low count first.
  assert.deepEqual(r.turns.map((/** @type {any} */ t) => t.id), r.order);
  const counts = r.turns.map((/** @type {any} */ t) => t.initiative);
  assert.deepEqual(counts, [...counts].sort((a, b) => a - b));
  assert.ok(counts.every((/** @type {unknown} */ c) => typeof c === "number"));
  assert.notEqual(r.currentAfter, r.currentBefore, "Foundry's Next Turn ended the Turnkeeper turn");
  assert.equal(r.foundryTurn, r.currentAfter);
  assert.equal(r.round, 1);
  assert.ok(r.chat.some((/** @type {string} */ c) => /Initiative: .*d6 \d+ \(movement\)/.test(c)), "the dice in chat");
  assert.deepEqual(r.effects.map((/** @type {any} */ e) => [e.name, e.img, e.statuses]), [["Frightened", "icons/svg/terror.svg", ["frightened"]]]);
  assert.equal(r.effects[0].duration.rounds, 2);
  assert.equal(r.effects[0].duration.combat, "combat1");
  assert.ok(r.stored > 0, "the snapshot is in the combat's flags");
  assert.deepEqual(r.warnings, []);
  assert.deepEqual(browser.errors, []);
});
