// The Owlbear extension (demo/owlbear) in Debian's Chromium with the real @owlbear-rodeo/sdk:
// a test host page (tests/fixtures/owlbear-host) speaks the SDK's postMessage protocol and
// frames the extension twice, as GM and as player, from another origin (another port), as
// Owlbear frames an extension served from its own site.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, OUTPUT_DIR } from "./harness.mjs";
import { startServer } from "../../scripts/serve.mjs";

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;
/** @type {import("node:http").Server} */
let extServer;
/** @type {import("playwright-core").Page} */
let page;

before(async () => {
  browser = await openBrowser();
  const ext = /** @type {{ server: import("node:http").Server, url: string }} */ (await startServer());
  extServer = ext.server;
  page = await browser.newPage();
  page.on("console", (m) => process.env.DEBUG_OWLBEAR && console.log(`[${m.type()}] ${m.text()}`));
  await page.goto(`${browser.url}/tests/fixtures/owlbear-host/index.html?ext=${encodeURIComponent(ext.url + "/demo/owlbear/manifest.json")}`);
  await page.waitForFunction(() => document.body.dataset.ready === "true");
});
after(async () => {
  await browser?.close();
  await new Promise((r) => extServer?.close(() => r(undefined)));
});

/** @param {string} name */
function frame(name) {
  const f = page.frame({ name });
  assert.ok(f, `frame ${name}`);
  return f;
}

/** @param {string} name */
async function ready(name) {
  await page.waitForFunction((n) => !!document.querySelector(`iframe[name="${n}"]`), name);
  await page.waitForTimeout(50);
  await frame(name).waitForFunction(() => document.body.dataset.ready === "true", null, { timeout: 15000 });
}

/** The frame's encounter snapshot and sequence number. */
async function state(/** @type {string} */ name) {
  return frame(name).evaluate(() => {
    const sync = /** @type {any} */ (globalThis).turnkeeper.sync;
    return { seq: sync.seq, encounter: sync.encounter.toJSON(), tokens: sync.tokens() };
  });
}

/** Wait until the player's state equals the GM's. */
async function converged(/** @type {string} */ player = "player") {
  const gm = await state("gm");
  await frame(player)
    .waitForFunction((seq) => /** @type {any} */ (globalThis).turnkeeper.sync.seq === seq, gm.seq, { timeout: 10000 })
    .catch(async (e) => {
      const p = await state(player);
      const f = await frame(player).evaluate(() => { const s = /** @type {any} */ (globalThis).turnkeeper.sync; return JSON.stringify({ point: s.follower.point, pending: [...s.follower.pending.keys()], restoring: !!s.restoring }); });
      throw new Error(`${player} stayed at seq ${p.seq}, the GM is at ${gm.seq} (${f}): ${e}`);
    });
  const p = await state(player);
  assert.deepEqual(p.encounter, gm.encounter);
  assert.deepEqual(p.tokens, gm.tokens);
  return gm;
}

/** The rows' visible text, in order. */
const rows = (/** @type {string} */ name) => frame(name).$$eval("#rows li > .count, #rows li > span:not(.count)", (els) => els.map((e) => e.textContent).join(" "));

test("GM and player frames: tokens added, Greyhawk declarations and dice, conditions; the player converges", async () => {
  await page.evaluate(() => /** @type {any} */ (globalThis).host.open("gm", "GM", "u-gm"));
  await page.evaluate(() => /** @type {any} */ (globalThis).host.open("player", "PLAYER", "u-player"));
  await ready("gm");
  await ready("player");
  assert.equal(((await frame("gm").textContent("#role")) ?? ""), "GM");
  assert.equal(((await frame("player").textContent("#role")) ?? ""), "Player");

  await page.evaluate(() => {
    const host = /** @type {any} */ (globalThis).host;
    host.addItem({ id: "item-rath", name: "Rath", createdUserId: "u-player" });
    host.addItem({ id: "item-troll", name: "Troll", createdUserId: "u-gm" });
  });
  const gm = frame("gm");
  await gm.click('[data-add="item-rath"]');
  await gm.waitForSelector('[data-add="item-troll"]');
  await gm.click('[data-add="item-troll"]');
  await gm.waitForSelector('#rows li[data-participant="t2"]');
  await gm.click("#start");
  await converged();

  // The player declares for their own token (a request the GM runs); the GM for the troll.
  const player = frame("player");
  await player.waitForSelector('li[data-participant="t1"] [data-declare]');
  assert.equal(await player.$('li[data-participant="t2"] [data-declare]'), null, "not the troll's");
  await player.check('li[data-participant="t1"] input[data-activity="move"]');
  await player.check('li[data-participant="t1"] input[data-activity="melee"]');
  await player.click('li[data-participant="t1"] [data-declare]');
  await gm.waitForSelector('li[data-participant="t1"] em');
  await gm.check('li[data-participant="t2"] input[data-activity="melee"]');
  await gm.click('li[data-participant="t2"] [data-declare]');
  await gm.waitForSelector('li[data-participant="t2"] em');
  await gm.click("#roll");
  await converged();
  assert.match(((await player.textContent("#log")) ?? ""), /Initiative: Rath: d6 \d+ \(movement\) \+ d8 \d+ \(melee attack\)/);
  assert.equal(await rows("player"), await rows("gm"));
  assert.match(((await player.textContent("#status")) ?? ""), /gh5e · round 1 · turns/);

  // A condition with a duration, shown to the player.
  await gm.selectOption('li[data-participant="t2"] select[data-condition]', "prone");
  await gm.fill('li[data-participant="t2"] input[data-rounds]', "2");
  await gm.click('li[data-participant="t2"] [data-add-condition]');
  await converged();
  assert.match(((await player.textContent('li[data-participant="t2"] .cond')) ?? ""), /prone \(2 rounds\)/);

  // End turns until it is Rath's, then the player ends their own turn.
  for (let i = 0; i < 3 && (await player.getAttribute('li[data-participant="t1"]', "class"))?.includes("current") !== true; i++) {
    await gm.click("#end-turn");
    await converged();
  }
  const seq = (await state("gm")).seq;
  await player.click("#my-end");
  await gm.waitForFunction((s) => /** @type {any} */ (globalThis).turnkeeper.sync.seq > s, seq);
  await converged();
  await page.screenshot({ path: OUTPUT_DIR + "owlbear-gm-player.png" });
  assert.deepEqual(browser.errors, []);
});

test("a dropped broadcast is healed from the room metadata; a reload restores", async () => {
  // Hold back metadata events too, so only the next batch's gap can tell the player.
  await page.evaluate(() => {
    const host = /** @type {any} */ (globalThis).host;
    host.quiet = true;
    host.dropNext = 1;
  });
  const gm = frame("gm");
  await gm.selectOption('li[data-participant="t1"] select[data-condition]', "frightened");
  await gm.fill('li[data-participant="t1"] input[data-rounds]', "3");
  await gm.click('li[data-participant="t1"] [data-add-condition]');
  await gm.waitForSelector('li[data-participant="t1"] .cond');
  await page.waitForFunction(() => /** @type {any} */ (globalThis).host.dropped === 1);
  assert.equal(await frame("player").$('li[data-participant="t1"] .cond'), null, "the player missed it");
  // The next batch shows the player a gap: it restores from the room's snapshot, then applies it.
  await gm.selectOption('li[data-participant="t2"] select[data-condition]', "blinded");
  await gm.click('li[data-participant="t2"] [data-add-condition]');
  await converged();
  assert.match(((await frame("player").textContent('li[data-participant="t2"]')) ?? ""), /blinded/);
  assert.match(((await frame("player").textContent('li[data-participant="t1"] .cond')) ?? ""), /frightened/);
  await page.evaluate(() => void (/** @type {any} */ (globalThis).host.quiet = false));

  await page.evaluate(() => /** @type {any} */ (globalThis).host.reload("player"));
  await page.waitForTimeout(100);
  await ready("player");
  await converged();
  await page.evaluate(() => /** @type {any} */ (globalThis).host.reload("gm"));
  await page.waitForTimeout(100);
  await ready("gm");
  assert.deepEqual((await state("gm")).encounter, (await state("player")).encounter, "the GM's reload restores the room's encounter");
  // A new GM session (a new epoch): its next batch has the players restore first.
  await frame("gm").selectOption('li[data-participant="t1"] select[data-condition]', "poisoned");
  await frame("gm").click('li[data-participant="t1"] [data-add-condition]');
  await converged();
  assert.deepEqual(browser.errors, []);
});

test("an oversized snapshot is refused with LIMIT_EXCEEDED and nothing is lost", async () => {
  const before = await converged();
  const stored = await page.evaluate(() => /** @type {any} */ (globalThis).host.metadata());
  const used = Buffer.byteLength(JSON.stringify(stored));
  // Another extension fills the room's metadata to within 60 bytes of the limit.
  await page.evaluate((fill) => /** @type {any} */ (globalThis).host.setForeign({ "com.other/notes": "x".repeat(fill) }), 16 * 1024 - used - 80);
  await page.evaluate(() => /** @type {any} */ (globalThis).host.addItem({ id: "item-goblin", name: "Goblin", createdUserId: "u-gm" }));
  const gm = frame("gm");
  await gm.click('[data-add="item-goblin"]');
  await gm.waitForSelector('#error[data-code="LIMIT_EXCEEDED"]');
  assert.match(((await gm.textContent("#error")) ?? ""), /16384-byte limit.*refused.*last good snapshot/);
  const after = await state("gm");
  assert.deepEqual(after.encounter, before.encounter, "the GM's encounter is unchanged");
  assert.equal(after.seq, before.seq);
  const room = await page.evaluate(() => /** @type {any} */ (globalThis).host.metadata());
  assert.deepEqual(room["com.turnkeeper.initiative/turnkeeper"], stored["com.turnkeeper.initiative/turnkeeper"], "the stored snapshot is the last good one");
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (globalThis).host.refusals), [], "the SDK was never asked to write too much");
  await converged();

  // Room made: the same token now goes in, and everyone follows.
  await page.evaluate(() => /** @type {any} */ (globalThis).host.setForeign({ "com.other/notes": undefined }));
  await gm.click('[data-add="item-goblin"]');
  await gm.waitForSelector('#rows li[data-participant="t3"]');
  assert.equal(await gm.$("#error:not([hidden])"), null);
  await converged();
  assert.deepEqual(browser.errors, []);
});

test("every ruleset's initiative: a new encounter per ruleset, the player follows", async () => {
  const gm = frame("gm");
  for (const ruleset of ["ose", "a5e", "hyb", "standard"]) {
    await gm.selectOption("#ruleset", ruleset);
    await gm.click("#new");
    await gm.waitForFunction((r) => document.querySelector("#status")?.textContent?.startsWith(r), ruleset);
    await gm.click('[data-add="item-rath"]');
    await gm.waitForSelector('#rows li[data-participant="t1"]');
    await gm.click('[data-add="item-troll"]');
    await gm.waitForSelector('#rows li[data-participant="t2"]');
    await gm.click("#start");
    if (ruleset === "ose") await gm.click("#roll");
    await gm.click("#end-turn");
    await converged();
    assert.match(((await frame("player").textContent("#status")) ?? ""), new RegExp(`^${ruleset} · round \\d+ · turns`));
    assert.equal(await rows("player"), await rows("gm"));
  }
  await page.screenshot({ path: OUTPUT_DIR + "owlbear-rulesets.png" });
  assert.deepEqual(browser.errors, []);
});
