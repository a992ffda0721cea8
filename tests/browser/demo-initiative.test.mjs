// The demo's initiative tracker, follower tab and snapshots, driven in Chromium as a person
// would, checked against the engine computed in Node from the same commands and faces.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Encounter } from "turnkeeper";
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
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  await page.click("#tab-init");
});
after(async () => {
  await browser?.close();
});

/** @param {import("playwright-core").Page} p */
const orderOf = (p) => p.$$eval("[data-testid=order-entry]", (els) => els.map((e) => e.getAttribute("data-id")));

test("Greyhawk: sample, declarations, physical dice, and the order the engine gives", async () => {
  await page.selectOption("#ruleset", "gh5e");
  await page.click("#load-sample");
  await page.click("#btn-start");
  await page.click("#btn-declare");
  await page.fill("#init-faces", "1, 7, 6, 8, 3, 5, 2");
  await page.click("#btn-roll");
  await page.waitForSelector("[data-testid=order-entry]");
  // The same commands through the package in Node.
  const enc = new Encounter({ ruleset: "gh5e" });
  for (const [id, name, side, dex, extra] of /** @type {const} */ ([
    ["rupert", "Rupert", "party", 16, {}], ["delsenora", "Delsenora", "party", 14, {}], ["rath", "Rath", "party", 10, {}],
    ["troll", "Troll", "foes", 13, { npc: true }],
    ["hob1", "Hobgoblin 1", "foes", 12, { npc: true, group: "hobgoblins" }], ["hob2", "Hobgoblin 2", "foes", 12, { npc: true, group: "hobgoblins" }], ["hob3", "Hobgoblin 3", "foes", 12, { npc: true, group: "hobgoblins" }],
  ])) enc.add({ id, name, side, dex, ...extra });
  enc.start();
  enc.declareMany({ rupert: ["ranged"], delsenora: ["spell"], rath: ["move", "melee"], troll: ["move", "melee"], hob1: ["ranged"], hob2: ["ranged"], hob3: ["ranged"] });
  enc.rollInitiative({ faces: [1, 7, 6, 8, 3, 5, 2] });
  const expected = enc.order().map((e) => (e.actor.type === "participant" ? e.actor.participant : ""));
  assert.deepEqual(await orderOf(page), expected);
  assert.deepEqual(expected, ["rupert", "hob1", "hob2", "hob3", "delsenora", "troll", "rath"]);
  assert.match((await page.textContent("[data-id=rath]")) ?? "", /14/);
  assert.equal(await page.getAttribute("[data-id=rupert]", "aria-current"), "true");
  await page.screenshot({ path: OUTPUT_DIR + "demo-initiative.png", fullPage: true });
  // Turns advance; a delayed creature shows up to resume.
  await page.click("#btn-end-turn");
  assert.equal(await page.getAttribute("[data-id=hob1]", "aria-current"), "true");
  await page.click("#btn-delay");
  await page.waitForSelector("#resume-box:not([hidden])");
  assert.ok(((await page.textContent("#event-log")) ?? "").length > 0);
});

test("combatants can be edited: renamed and moved to another side through the engine", async () => {
  // Edit is among the row's tools.
  await page.click("[aria-label='Tools for Rupert']");
  await page.click("[aria-label='Edit Rupert']");
  await page.fill("#add-name", "Rupert the Bard");
  await page.fill("#add-side", "allies");
  await page.click("#add-form button[type=submit]");
  await page.waitForFunction(() => document.querySelector("[data-id=rupert]")?.textContent?.includes("Rupert the Bard"));
  assert.match((await page.textContent("[data-pid=rupert] .meta")) ?? "", /^allies/);
  assert.equal(await page.textContent("[data-pid=rupert] .name"), "Rupert the Bard");
  assert.equal(await page.textContent("#add-form button[type=submit]"), "Add combatant");
});

test("a follower tab mirrors the leader through events alone", async () => {
  const follower = await browser.newPage();
  await follower.goto(browser.url + "/demo/?follow");
  await follower.waitForSelector("body[data-ready=true]");
  await follower.click("#tab-init");
  await follower.waitForFunction(() => document.querySelectorAll("[data-testid=order-entry]").length > 0);
  assert.deepEqual(await orderOf(follower), await orderOf(page));
  await page.click("#btn-end-turn");
  await follower.waitForFunction(
    (id) => document.querySelector(`[data-id=${id}]`)?.getAttribute("aria-current") === "true",
    await page.$eval("[aria-current=true]", (e) => e.getAttribute("data-id")),
  );
  assert.equal(await follower.isDisabled("#btn-roll"), true);
  await follower.close();
});

test("OSE: surprise, then side initiative with physical dice", async () => {
  await page.selectOption("#ruleset", "ose");
  await page.click("#load-sample");
  // The Greyhawk fight before is still running: replacing it asks first.
  await page.getByRole("dialog", { name: "Load the sample fight?" }).waitFor();
  await page.click("[data-testid=confirm-yes]");
  // OSE-SURP-02: the unaware party rolls 1d6; a 4 means it is not surprised.
  await page.fill("#surprise-sides", "party");
  await page.fill("#init-faces", "4");
  await page.click("#btn-surprise");
  assert.match((await page.textContent("#event-log")) ?? "", /surpris/i);
  await page.click("#btn-start");
  await page.click("#btn-declare");
  await page.fill("#init-faces", "2, 5");
  await page.click("#btn-roll");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=order-entry]").length >= 2);
  const ids = await orderOf(page);
  assert.equal(ids[0], "side:orcs");
  assert.ok(ids.includes("side:party"));
});

test("snapshots: save, refuse a bad one readably, load a good one", async () => {
  await page.click("#tab-state");
  await page.click("#btn-save");
  const saved = await page.inputValue("#snapshot");
  assert.ok(saved.includes('"encounter"'));
  await page.fill("#snapshot", '{"encounter": 42}');
  await page.click("#btn-load");
  await page.waitForSelector("#state-error:not([hidden])");
  assert.match((await page.textContent("#state-error")) ?? "", /SNAPSHOT_INVALID/);
  await page.fill("#snapshot", saved);
  await page.click("#btn-load");
  await page.waitForSelector("#state-error", { state: "hidden" });
  await page.click("#tab-init");
  assert.equal((await orderOf(page))[0], "side:orcs");
  assert.deepEqual(browser.errors, []);
});
