// The traps a GM met at the table (issue 35, points 6–13), each played in Debian's Chromium and
// checked against the engine in Node from the page's own snapshots: ticked plans kept through
// Roll, undo and reload; Edit with the real numbers; questions before skipping turns or
// dropping a fight; an import that is the game itself; the current turn and the next three in
// a 380 × 700 sidebar; the round header, the amount field, Act and undo's feedback; world
// actions with effect, targets and damage; travel by 10-minute turns, a lost day, the return
// roll's damage and editable parties; Greyhawk bonus dice and advantage, typed counts and the
// players' view; and (the page's side of point 4) a delayer's button that says when the
// package lets it act.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Encounter, Journey } from "turnkeeper";
import { openBrowser, openDemoPage } from "./harness.mjs";

/** @typedef {import("playwright-core").Page} Page */

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});
/** @type {Page[]} */
const opened = [];
afterEach(async () => {
  for (const p of opened.splice(0)) await p.close().catch(() => {});
});

/** A page on the demo playing a new game of its own. */
async function openDemo(width = 1280, height = 1000) {
  const page = await openDemoPage(browser, width, height);
  opened.push(page);
  return page;
}

/** @param {Page} page */
const snapshotsOf = async (page) => JSON.parse(await page.evaluate(() => JSON.stringify(/** @type {any} */ (globalThis).demo.snapshots())));
/** @param {Page} page */
const engineOf = async (page) => Encounter.fromJSON((await snapshotsOf(page)).enc);
/** @param {Page} page */
const settled = (page) => page.evaluate(() => /** @type {any} */ (globalThis).demo.settled());
/** @param {Page} page */
const head = async (page) => Number(await page.getAttribute("#storage-status", "data-head"));

/** @param {Page} page @param {string} name */
async function openRow(page, name) {
  const button = page.locator(`[aria-label='Tools for ${name}']`);
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
}

/** @param {Page} page @param {string} ruleset @param {string} seed */
async function sample(page, ruleset, seed) {
  await page.fill("#seed", seed);
  await page.selectOption("#ruleset", ruleset);
  await page.click("#load-sample");
}

test("6: ticked plans survive Roll before Declare, undo and a reload", async () => {
  const page = await openDemo();
  await sample(page, "gh5e", "42");
  await page.click("#btn-start");
  assert.equal(await page.textContent("#round-no"), "1", "declarations are for round 1");
  await page.uncheck("#plan-rath-move");
  await page.check("#plan-troll-ranged");
  // Roll without Declare: the ticks are declared, not thrown away.
  await page.click("#btn-roll");
  const enc = await engineOf(page);
  assert.deepEqual(enc.participant("rath")?.declaration, { system: "greyhawk", activities: ["melee"] });
  assert.deepEqual(enc.participant("troll")?.declaration, { system: "greyhawk", activities: ["move", "melee", "ranged"] });
  assert.ok(enc.order().every((e) => (e.count ?? 0) > 0), "everyone rolled the dice of their plan");
  enc.free();
  // Undo takes the roll back and leaves the ticks.
  await settled(page);
  await page.click("#btn-undo");
  await page.waitForFunction(() => document.getElementById("phase")?.textContent === "declaring");
  assert.equal(await page.isChecked("#plan-rath-move"), false);
  assert.equal(await page.isChecked("#plan-troll-ranged"), true);
  // A tick made since the last move survives a reload.
  await page.check("#plan-delsenora-move");
  await settled(page);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForSelector("#plan-delsenora-move");
  assert.equal(await page.isChecked("#plan-delsenora-move"), true);
  assert.equal(await page.isChecked("#plan-rath-move"), false);
  assert.equal(await page.isChecked("#plan-troll-ranged"), true);
  assert.deepEqual(browser.errors, []);
});

test("7: Edit opens with the real Dex and HP and applies changes to both", async () => {
  const page = await openDemo();
  await sample(page, "gh5e", "3");
  await openRow(page, "Troll");
  await page.click("[aria-label='Edit Troll']");
  assert.equal(await page.inputValue("#add-dex"), "13");
  assert.equal(await page.inputValue("#add-hp"), "84");
  await page.fill("#add-dex", "15");
  await page.fill("#add-hp", "90");
  await page.click("#add-form button[type=submit]");
  let enc = await engineOf(page);
  assert.equal(enc.participant("troll")?.dex, 15);
  assert.deepEqual(enc.participant("troll")?.creature?.hp, { current: 90, max: 90 });
  enc.free();
  // During the fight: 10 damage, then a new maximum keeps the damage taken; Dex is fixed.
  await page.click("#btn-start");
  await page.click("#btn-roll");
  await openRow(page, "Troll");
  await page.fill("#amt-troll", "10");
  await page.click("#dmg-troll");
  await page.click("[aria-label='Edit Troll']");
  assert.equal(await page.inputValue("#add-dex"), "15");
  assert.equal(await page.isDisabled("#add-dex"), true);
  assert.equal(await page.isVisible("#add-dex-note"), true);
  assert.equal(await page.inputValue("#add-hp"), "90");
  await page.fill("#add-hp", "100");
  await page.click("#add-form button[type=submit]");
  enc = await engineOf(page);
  assert.equal(enc.participant("troll")?.creature?.hp.max, 100);
  assert.equal(enc.participant("troll")?.creature?.hp.current, 90);
  enc.free();
  assert.equal(await page.textContent("[data-pid=troll] [data-testid=hp] .hp-text"), "90/100");
  assert.deepEqual(browser.errors, []);
});

test("8: Next round mid-round and New encounter during a fight ask first, saying undo recovers", async () => {
  const page = await openDemo();
  await sample(page, "hyb", "8");
  await page.click("#btn-start");
  await page.click("#btn-next-round");
  const dialog = page.getByRole("dialog", { name: "Next round now?" });
  await dialog.waitFor();
  assert.match((await dialog.textContent()) ?? "", /have not acted this round.*Undo \(U\) brings the round back/);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Finish this round", "the safe answer has the focus");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.equal(await page.textContent("#round-no"), "1");
  await page.click("#btn-next-round");
  await page.click("[data-testid=confirm-yes]");
  await page.waitForFunction(() => document.getElementById("round-no")?.textContent === "2");
  // New encounter: "Keep the fight" keeps it; the other answer replaces it.
  await page.click("#new-encounter");
  const replace = page.getByRole("dialog", { name: "New encounter?" });
  assert.match((await replace.textContent()) ?? "", /Undo \(U\) brings it back/);
  await page.click("[data-testid=confirm-no]");
  assert.equal((await page.$$("[data-testid=order-entry]")).length, 3);
  await page.click("#new-encounter");
  await page.click("[data-testid=confirm-yes]");
  await page.waitForFunction(() => document.getElementById("phase")?.textContent === "setup");
  // …and undo brings it back, as the dialog said.
  await settled(page);
  await page.click("#btn-undo");
  await page.waitForFunction(() => document.getElementById("round-no")?.textContent === "2");
  assert.deepEqual(browser.errors, []);
});

test("9: an exported game imports with its moves, log, undo history and dice on the rows", async () => {
  const page = await openDemo();
  await sample(page, "gh5e", "11");
  await page.click("#btn-start");
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  await page.click("#btn-end-turn");
  await settled(page);
  const moves = await head(page);
  const log = await page.textContent("#event-log");
  const faces = await page.$$eval("[data-testid=order-entry] .faces", (els) => els.map((e) => e.textContent));
  const played = await snapshotsOf(page);
  await page.click("#tab-games");
  await page.waitForSelector("[data-testid=game][aria-current=true]");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=game][aria-current=true] [aria-label^='Export']")]);
  const text = readFileSync(/** @type {string} */ (await download.path()), "utf8");
  assert.equal(JSON.parse(text).version, 2);
  const count = (await page.$$("[data-testid=game]")).length;
  await page.setInputFiles("#game-import", { name: "g.turnkeeper.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=game]").length === n + 1 || !document.getElementById("games-error")?.hidden, count);
  assert.equal(await page.isHidden("#games-error"), true, (await page.textContent("#games-error")) ?? "");
  await page.click("#tab-init");
  assert.equal(await head(page), moves, "the same number of moves");
  assert.deepEqual(await snapshotsOf(page), played);
  assert.equal(await page.textContent("#event-log"), log, "the same log");
  assert.deepEqual(await page.$$eval("[data-testid=order-entry] .faces", (els) => els.map((e) => e.textContent)), faces, "the same dice on the rows");
  assert.ok(faces.some((f) => /d\d+ \d/.test(f ?? "")));
  // Undo reaches back into the imported history.
  const current = await page.getAttribute("[data-testid=order-entry][aria-current=true]", "data-id");
  await settled(page);
  await page.click("#btn-undo");
  await page.waitForFunction((m) => document.getElementById("storage-status")?.dataset.head === String(m - 1), moves);
  assert.notEqual(await page.getAttribute("[data-testid=order-entry][aria-current=true]", "data-id"), current);
  // A file whose moves and snapshots disagree is refused.
  const file = JSON.parse(text);
  file.log.entries.pop();
  await page.click("#tab-games");
  await page.setInputFiles("#game-import", { name: "bad.turnkeeper.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await page.waitForSelector("#games-error:not([hidden])");
  assert.match((await page.textContent("#games-error")) ?? "", /SNAPSHOT_INVALID/);
  assert.deepEqual(browser.errors, []);
});

test("10: at 380 × 700 the current turn and the next three combatants are on the first screen", async () => {
  const page = await openDemo(380, 700);
  await sample(page, "gh5e", "42");
  await page.click("#btn-start");
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  for (let turn = 0; turn < 4; turn++) {
    await page.evaluate(() => window.scrollTo(0, 0));
    const boxes = await page.$$eval("[data-testid=order-entry]", (els) => {
      const at = els.findIndex((e) => e.getAttribute("aria-current") === "true");
      return els.slice(at, at + 4).map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.getAttribute("data-id"), top: r.top, bottom: r.bottom };
      });
    });
    assert.equal(boxes.length, 4);
    for (const b of boxes) assert.ok(b.top >= 0 && b.bottom <= 700, `turn ${turn + 1}: ${b.id} spans ${Math.round(b.top)}–${Math.round(b.bottom)} px`);
    await page.click("#btn-end-turn");
  }
  assert.deepEqual(browser.errors, []);
});

test("11: the round header during declarations, the amount cleared after Damage, Act opens the actor's tools, undo says what it did", async () => {
  const page = await openDemo();
  await sample(page, "gh5e", "5");
  await page.click("#btn-start");
  assert.equal(await page.textContent("#round-no"), "1");
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  assert.equal(await page.textContent("#round-no"), "1");
  // Act: the acting combatant's tools, focused.
  const actor = /** @type {string} */ (await page.getAttribute("[data-testid=order-entry][aria-current=true]", "data-id"));
  const enc = await engineOf(page);
  const name = enc.participant(actor)?.name ?? "";
  enc.free();
  assert.equal(await page.textContent("#btn-act"), `Act: ${name}`);
  await page.click("#btn-act");
  assert.equal(await page.getAttribute(`[aria-label='Tools for ${name}']`, "aria-expanded"), "true");
  assert.ok(await page.evaluate((id) => document.getElementById(`tools-${id}`)?.contains(document.activeElement), actor));
  // Damage clears its amount.
  await page.fill(`#amt-${actor}`, "3");
  await page.click(`#dmg-${actor}`);
  assert.equal(await page.inputValue(`#amt-${actor}`), "");
  // Undo says what it took back, in a status line.
  await settled(page);
  await page.keyboard.press("Escape");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("u");
  await page.waitForFunction(() => /Undone: damage/.test(document.getElementById("undo-status")?.textContent ?? ""));
  assert.equal(await page.getAttribute("#undo-status", "role"), "status");
  // The next round's declarations are headed with that round.
  while ((await page.textContent("#phase")) === "turns") await page.click("#btn-end-turn");
  assert.equal(await page.textContent("#phase"), "declaring");
  assert.equal(await page.textContent("#round-no"), "2");
  assert.deepEqual(browser.errors, []);
});

test("12: world actions with effect, targets, damage and removal", async () => {
  const page = await openDemo();
  await sample(page, "a5e", "7");
  const effect = (await page.textContent("[data-testid=world-effect]")) ?? "";
  assert.match(effect, /damage/);
  await page.click("#btn-start");
  await page.waitForFunction(() => document.getElementById("phase")?.textContent === "world");
  await page.check("#wt-flameBurst-kira");
  await page.fill("#wd-flameBurst", "6");
  await page.click("#use-world-flameBurst");
  const enc = await engineOf(page);
  assert.equal(enc.participant("kira")?.creature?.hp.current, 18);
  enc.free();
  assert.match((await page.textContent("#event-log")) ?? "", /Flame Burst on Kira/);
  await page.click("[aria-label='Remove Flame Burst']");
  const after = await engineOf(page);
  assert.deepEqual(after.worldActions(), []);
  after.free();
  assert.deepEqual(browser.errors, []);
});

test("12: travel by 10-minute turns, a lost day at sea, the return roll's damage, editable parties", async () => {
  const page = await openDemo();
  await page.fill("#seed", "5");
  await page.click("#tab-travel");
  await page.click("#hyb-start");
  await page.click("#hyb-torch");
  // A torch lasts an hour: six 10-minute turns.
  for (let i = 0; i < 5; i++) await page.click("#hyb-ten");
  assert.match((await page.textContent("[data-testid=light]")) ?? "", /lit, 10 min(utes)? left/);
  await page.click("#hyb-ten");
  assert.doesNotMatch((await page.textContent("[data-testid=light]")) ?? "", /lit, /);
  // The party: one joins with her hit points, one leaves.
  await page.fill("#hyb-party-member", "Bryn");
  await page.fill("#hyb-party-hp", "9");
  await page.click("#hyb-party-form button[type=submit]");
  await page.click("[aria-label='Remove wren from the party']");
  let delve = Journey.fromJSON((await snapshotsOf(page)).hyb);
  assert.deepEqual(delve.members().map((m) => m.id), ["ash", "bryn"]);
  assert.deepEqual(await page.$$eval("[data-testid=hyb-member]", (els) => els.map((e) => e.getAttribute("data-id"))), ["ash", "bryn"]);
  delve.free();
  // Far enough in that someone misses: the dangerous way home's damage lands on whoever it names.
  for (let i = 0; i < 10; i++) await page.click("#hyb-turn");
  const before = Journey.fromJSON((await snapshotsOf(page)).hyb);
  const hpBefore = new Map(before.members().map((m) => [m.id, m.creature?.hp.current ?? 0]));
  before.free();
  await page.selectOption("#hyb-path", "dangerous");
  await page.click("#hyb-return");
  delve = Journey.fromJSON((await snapshotsOf(page)).hyb);
  const text = (await page.textContent("#hyb-log")) ?? "";
  const misses = [...text.matchAll(/(\w+) \d+ vs DC \d+: fails by \d+, takes (\d+) damage/g)];
  assert.ok(misses.length > 0, `someone missed: ${text.slice(0, 300)}`);
  for (const [, who, dmg] of misses) {
    const id = who.toLowerCase();
    const m = delve.members().find((x) => x.id === id);
    assert.equal(m?.creature?.hp.current, Math.max(0, (hpBefore.get(id) ?? 0) - Number(dmg)), `${id} took the damage`);
    assert.match(await page.textContent(`[data-testid=hyb-member][data-id=${id}]`) ?? "", new RegExp(`${m?.creature?.hp.current}/`));
  }
  delve.free();
  // At sea: sail until a day goes astray; its miles are not progress.
  let lostDay = false;
  for (let day = 0; day < 30 && !lostDay; day++) {
    const miles = Number(await page.textContent("#sea-miles"));
    const astray = Number(await page.textContent("#sea-astray"));
    await page.click("#ose-sail");
    const log = (await page.$eval("#sea-log section", (s) => s.textContent)) ?? "";
    if (/A day lost at sea: (\d+) miles/.test(log)) {
      const sailed = Number(/A day lost at sea: (\d+) miles/.exec(log)?.[1]);
      assert.equal(Number(await page.textContent("#sea-miles")), miles, "a lost day makes no progress");
      assert.equal(Number(await page.textContent("#sea-astray")), astray + sailed);
      lostDay = true;
    }
  }
  assert.ok(lostDay, "a day was lost within 30 days");
  assert.deepEqual(browser.errors, []);
});

test("13: Greyhawk bonus-action dice and advantage, a typed count, and the players' view", async () => {
  const page = await openDemo();
  await sample(page, "gh5e", "9");
  await page.click("#btn-start");
  await page.selectOption("#plan-rath-bonus", "melee");
  await page.selectOption("#plan-rath-mode", "advantage");
  assert.match((await page.textContent("[data-pid=rath] .plan")) ?? "", /rolls d6 \+ d8 \+ d8 \(advantage on the largest\)/);
  await page.click("#btn-declare");
  let enc = await engineOf(page);
  assert.deepEqual(enc.participant("rath")?.declaration, { system: "greyhawk", activities: ["move", "melee"], bonusAction: "melee", mode: "advantage" });
  enc.free();
  await page.click("#btn-roll");
  // A count typed by hand.
  await openRow(page, "Troll");
  await page.fill("#count-troll", "2");
  await page.click("[aria-label='Set count of Troll']");
  enc = await engineOf(page);
  assert.equal(enc.order().find((e) => e.actor.type === "participant" && e.actor.participant === "troll")?.count, 2);
  // Hide a hobgoblin from the players; the Players tab shows what playerView() gives.
  await openRow(page, "Hobgoblin 1");
  await page.click("#hide-hob1");
  await page.click("#tab-players");
  const gm = await engineOf(page);
  const view = Encounter.fromJSON(gm.playerView());
  const shown = await page.$$eval("[data-testid=pv-combatant]", (els) => els.map((e) => ({ id: e.getAttribute("data-pid"), hp: e.querySelector("[data-testid=pv-hp]")?.textContent ?? "" })));
  assert.ok(!shown.some((r) => r.id === "hob1"), "the hidden hobgoblin is not shown");
  assert.deepEqual(shown.map((r) => r.id).sort(), view.participants().map((p) => p.id).sort());
  for (const r of shown) {
    const hp = view.participant(r.id ?? "")?.creature?.hp;
    assert.equal(r.hp, hp ? `${hp.current}/${hp.max}` : "", `${r.id}: what the view gives`);
  }
  gm.free();
  view.free();
  enc.free();
  assert.deepEqual(browser.errors, []);
});

test("4 (page side): the delayer's button says when the package lets it act, and that is where it acts", async () => {
  const page = await openDemo();
  await sample(page, "gh5e", "42");
  await page.click("#btn-start");
  await page.click("#btn-declare");
  await page.click("#btn-roll");
  const first = /** @type {string} */ (await page.getAttribute("[data-testid=order-entry][aria-current=true]", "data-id"));
  await page.click("#btn-delay");
  const acting = /** @type {string} */ (await page.getAttribute("[data-testid=order-entry][aria-current=true]", "data-id"));
  assert.notEqual(acting, first);
  // A turn is under way: the button does not promise "now".
  assert.equal(await page.textContent("#btn-resume"), "Act after this turn");
  assert.match((await page.textContent("#resume-note")) ?? "", /a turn under way is not interrupted/);
  await page.click("#btn-resume");
  const enc = await engineOf(page);
  const ids = enc.order().map((e) => (e.actor.type === "participant" ? e.actor.participant : ""));
  const at = ids.indexOf(acting);
  assert.equal(enc.currentParticipant(), acting, "the turn under way goes on");
  assert.equal(ids[at + 1], first, "the delayer acts right after it");
  enc.free();
  await page.click("#btn-end-turn");
  assert.equal(await page.getAttribute("[data-testid=order-entry][aria-current=true]", "data-id"), first);
  assert.deepEqual(browser.errors, []);
});
