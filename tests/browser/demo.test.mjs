// End-to-end tests of the demo page in Debian's Chromium: drive the controls as a person would
// and check the page agrees with the engine (computed here in Node from the same package).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Dice } from "turnkeeper";
import { openBrowser, OUTPUT_DIR } from "./harness.mjs";

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;
/** @type {import("playwright-core").Page} */
let page;

before(async () => {
  browser = await openBrowser();
  page = await browser.newPage();
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(browser.url + "/demo/");
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  await page.click("#tab-dice"); // the page opens on the fight
});
after(async () => {
  await browser?.close();
});

test("dice box: a seeded roll shows the same dice as the engine", async () => {
  await page.fill("#seed", "42");
  await page.fill("#notation", "4d6kh3+2");
  await page.click("#dice-form button[type=submit]");
  const expected = new Dice({ seed: 42 }).roll("4d6kh3+2");
  await page.waitForSelector("[data-testid=dice-total]");
  assert.equal(await page.textContent("[data-testid=dice-total]"), String(expected.total));
  const faces = await page.$$eval("[data-testid=dice-list] .die", (els) => els.map((e) => e.firstChild?.textContent));
  assert.deepEqual(faces, expected.dice.map((d) => String(d.face)));
  assert.equal(await page.$$eval("[data-testid=dice-list] .die.dropped", (els) => els.length), 1);
  await page.screenshot({ path: OUTPUT_DIR + "demo-dice.png", fullPage: true });
});

test("dice box: physical dice faces are used and checked", async () => {
  await page.fill("#notation", "2d20kh1+5");
  await page.fill("#faces", "4, 17");
  await page.click("#dice-form button[type=submit]");
  await page.waitForFunction(() => document.querySelector("[data-testid=dice-total]")?.textContent === "22");
  await page.fill("#faces", "4, 21");
  await page.click("#dice-form button[type=submit]");
  await page.waitForSelector("#dice-error:not([hidden])");
  assert.match((await page.textContent("#dice-error")) ?? "", /INVALID_FACE/);
  await page.fill("#faces", "");
});

test("dice box: bad notation shows a readable error and the page keeps working", async () => {
  await page.fill("#notation", "2d6+*3");
  await page.click("#dice-form button[type=submit]");
  await page.waitForSelector("#dice-error:not([hidden])");
  assert.match((await page.textContent("#dice-error")) ?? "", /NOTATION_SYNTAX/);
  await page.fill("#notation", "1d1+1");
  await page.click("#dice-form button[type=submit]");
  await page.waitForFunction(() => document.querySelector("[data-testid=dice-total]")?.textContent === "2");
  assert.equal(await page.isHidden("#dice-error"), true);
  assert.deepEqual(browser.errors, []);
});
