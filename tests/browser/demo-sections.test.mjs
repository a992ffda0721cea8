// The demo's Conditions and Travel sections in Chromium: effects explained, durations counting
// down and expiring, fatigue pending in combat, and journeys agreeing with the engine in Node.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Journey } from "turnkeeper";
import { openBrowser, OUTPUT_DIR } from "./harness.mjs";

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;
/** @type {import("playwright-core").Page} */
let page;

before(async () => {
  browser = await openBrowser();
  page = await browser.newPage();
  await page.setViewportSize({ width: 1200, height: 1000 });
  await page.goto(browser.url + "/demo/");
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
});
after(async () => {
  await browser?.close();
});

test("conditions from the row: applied with a duration, explained for a roll, counted down and expired", async () => {
  await page.click("#tab-init");
  await page.selectOption("#ruleset", "a5e");
  await page.click("#load-sample");
  await page.click("#btn-start");
  await page.click("#btn-end-world"); // A5E: the sample's world action acts first
  await page.waitForSelector("[data-testid=order-entry][aria-current=true]");
  const first = await page.$eval("[aria-current=true]", (e) => e.getAttribute("data-id"));
  await page.click("[aria-label='Tools for Kira']");
  await page.selectOption("#cond-kira", "poisoned");
  await page.selectOption("#until-kira", "rounds1");
  await page.click("#apply-kira");
  await page.waitForSelector("[data-pid=kira] [data-testid=effect]");
  assert.match((await page.textContent("[data-pid=kira] [data-testid=effect]")) ?? "", /^poisoned 1 rd$/);
  assert.match((await page.textContent("[data-pid=kira] .effects")) ?? "", /poisoned until the start of .*'s turn in round 2/);
  await page.selectOption("#roll-kira", "attack-melee-str");
  assert.equal(await page.textContent("[data-pid=kira] [data-testid=advice-mode]"), "disadvantage");
  assert.match((await page.textContent("[data-pid=kira] [data-testid=advice]")) ?? "", /Disadvantage: poisoned/);
  await page.selectOption("#roll-kira", "save-dex");
  assert.equal(await page.textContent("[data-pid=kira] [data-testid=advice-mode]"), "normal");
  // A5E-TRACK-06: fatigue gained in combat is pending until the encounter ends.
  await page.click("#fat-up-kira");
  assert.match((await page.textContent("[data-pid=kira] [data-testid=tracks]")) ?? "", /Fatigue 0 \(\+1 after the fight\)/);
  await page.screenshot({ path: OUTPUT_DIR + "demo-conditions.png", fullPage: true });
  // One round later, at the start of the turn it was applied on, the effect expires, and the
  // tracker says so as it happens.
  for (let i = 0; i < 4; i++) await page.click("#btn-end-turn");
  await page.click("#btn-end-world");
  assert.equal(await page.$eval("[aria-current=true]", (e) => e.getAttribute("data-id")), first);
  assert.match((await page.textContent("#happenings")) ?? "", /poisoned on Kira ends/);
  assert.equal(await page.$$eval("[data-pid=kira] [data-testid=effect]", (els) => els.length), 0);
  assert.deepEqual(browser.errors, []);
});

test("travel: a seeded HYB delve agrees with the engine; torches burn down; rolling to return", async () => {
  await page.fill("#seed", "7");
  await page.click("#tab-travel");
  await page.click("#hyb-start");
  const j = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 7 });
  j.addMember({ id: "ash", bestModifier: 5 });
  j.addMember({ id: "wren", bestModifier: 3 });
  j.start({ timeDice: 2 });
  const t = j.timeOfDay();
  const hhmm = `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
  assert.equal(await page.textContent("[data-testid=hyb-time]"), `day ${t.day + 1}, ${hhmm}`);
  assert.equal(await page.$$eval("#hyb-dice .die", (els) => els.length), (j.timeDice() ?? []).length);
  await page.click("#hyb-torch");
  assert.match((await page.textContent("[data-testid=light]")) ?? "", /Torch 1: lit, 1 hour left \(dim light, 30 ft\)/);
  await page.click("#hyb-turn");
  assert.match((await page.textContent("[data-testid=light]")) ?? "", /Torch 1: out/);
  assert.equal(await page.textContent("#hyb-away"), "1");
  assert.equal(await page.textContent("#hyb-dc"), "11");
  await page.click("#hyb-return");
  assert.match((await page.textContent("#hyb-log")) ?? "", /vs DC 11/);
  await page.click("#ose-day");
  assert.ok(Number(await page.textContent("[data-testid=ose-miles]")) >= 0);
  await page.click("#ose-sail");
  assert.match((await page.textContent("#sea-log")) ?? "", /Wind 2d6/);
  // One log per journey, days counted from 1 as the headers count them, and no internal names.
  assert.doesNotMatch((await page.textContent("#hyb-log")) ?? "", /wind|miles/i);
  assert.doesNotMatch((await page.textContent("#ose-log")) ?? "", /Wind|time dice/);
  const logs = (await page.textContent("#panel-travel")) ?? "";
  assert.doesNotMatch(logs, /HybDungeon|OseWilderness|OseWaterborne|Arduous|Dangerous|torch-1|\bday 0\b/);
  assert.equal(await page.$eval("#hyb-log h4", (h) => h.textContent), `Day ${t.day + 1}`);
  assert.equal(await page.$eval("#ose-log h4", (h) => h.textContent), `Day ${Number(await page.textContent("#ose-dayno")) - 1}`);
  await page.screenshot({ path: OUTPUT_DIR + "demo-travel.png", fullPage: true });
  assert.deepEqual(browser.errors, []);
});

test("travel: a bad seed is reported readably and nothing breaks", async () => {
  await page.fill("#seed", "not a number");
  await page.click("#hyb-start");
  await page.waitForSelector("#travel-error:not([hidden])");
  assert.match((await page.textContent("#travel-error")) ?? "", /INVALID_SEED/);
  await page.fill("#seed", "");
  await page.click("#hyb-start");
  await page.waitForSelector("#travel-error", { state: "hidden" });
});

test("phone width: the page still lays out and the tabs work from the keyboard", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.focus("#tab-init");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.getAttribute("#tab-players", "aria-selected"), "true");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `no horizontal scrolling at phone width (overflow ${overflow}px)`);
  await page.screenshot({ path: OUTPUT_DIR + "demo-phone.png", fullPage: false });
  assert.deepEqual(browser.errors, []);
});
