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

/** The frame's encounter snapshot (as players see it) and sequence number. */
async function state(/** @type {string} */ name) {
  return frame(name).evaluate(() => {
    const sync = /** @type {any} */ (globalThis).turnkeeper.sync;
    const tokens = sync.tokens();
    const visible = Object.fromEntries(Object.entries(tokens).filter(([, l]) => sync.encounter.participant(/** @type {any} */ (l).participant)?.hidden !== true));
    return { seq: sync.seq, encounter: JSON.parse(sync.encounter.playerView()), whole: sync.encounter.toJSON(), tokens: visible };
  });
}

/** Wait until the player's state equals the players' view of the GM's. */
async function converged(/** @type {string} */ player = "player") {
  const gm = await state("gm");
  await frame(player)
    .waitForFunction((seq) => /** @type {any} */ (globalThis).turnkeeper.sync.seq === seq, gm.seq, { timeout: 10000 })
    .catch(async (e) => {
      const p = await state(player);
      const f = await frame(player).evaluate(() => { const s = /** @type {any} */ (globalThis).turnkeeper.sync; return JSON.stringify({ point: s.follower.point, announced: s.announced, pending: [...s.follower.pending.keys()], restoring: !!s.restoring }); });
      throw new Error(`${player} stayed at seq ${p.seq}, the GM is at ${gm.seq} (${f}): ${e}`);
    });
  const p = await state(player);
  assert.deepEqual(p.whole, gm.encounter);
  assert.deepEqual(p.tokens, gm.tokens);
  return gm;
}

/** The participant id of a scene item, as the GM's frame knows it. */
const pid = (/** @type {string} */ item) => frame("gm").evaluate((i) => /** @type {string} */ (/** @type {any} */ (globalThis).turnkeeper.sync.participantOf(i)), item);
/** A row's selector. */
const row = (/** @type {string} */ id) => `li[data-participant="${id}"]`;

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
  await gm.waitForFunction(() => document.querySelectorAll("#rows li").length === 2);
  const rath = await pid("item-rath");
  const troll = await pid("item-troll");
  await gm.click("#start");
  await converged();

  // The player declares for their own token (a request the GM runs); the GM for the troll.
  const player = frame("player");
  await player.waitForSelector(`${row(rath)} [data-declare]`);
  assert.equal(await player.$(`${row(troll)} [data-declare]`), null, "not the troll's");
  await player.check(`${row(rath)} input[data-activity="move"]`);
  await player.check(`${row(rath)} input[data-activity="melee"]`);
  await player.click(`${row(rath)} [data-declare]`);
  await gm.waitForSelector(`${row(rath)} em`);
  await gm.check(`${row(troll)} input[data-activity="melee"]`);
  await gm.click(`${row(troll)} [data-declare]`);
  await gm.waitForSelector(`${row(troll)} em`);
  await gm.click("#roll");
  await converged();
  assert.match(((await player.textContent("#log")) ?? ""), /Initiative: Rath: d6 \d+ \(movement\) \+ d8 \d+ \(melee attack\)/);
  assert.equal(await rows("player"), await rows("gm"));
  assert.match(((await player.textContent("#status")) ?? ""), /gh5e · round 1 · turns/);

  // A condition with a duration, shown to the player.
  await gm.selectOption(`${row(troll)} select[data-condition]`, "prone");
  await gm.fill(`${row(troll)} input[data-rounds]`, "2");
  await gm.click(`${row(troll)} [data-add-condition]`);
  await converged();
  assert.match(((await player.textContent(`${row(troll)} .cond`)) ?? ""), /prone \(2 rounds\)/);

  // End turns until it is Rath's, then the player ends their own turn.
  for (let i = 0; i < 3 && (await player.getAttribute(row(rath), "class"))?.includes("current") !== true; i++) {
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
  const rath = await pid("item-rath");
  const troll = await pid("item-troll");
  await gm.selectOption(`${row(rath)} select[data-condition]`, "frightened");
  await gm.fill(`${row(rath)} input[data-rounds]`, "3");
  await gm.click(`${row(rath)} [data-add-condition]`);
  await gm.waitForSelector(`${row(rath)} .cond`);
  await page.waitForFunction(() => /** @type {any} */ (globalThis).host.dropped === 1);
  assert.equal(await frame("player").$(`${row(rath)} .cond`), null, "the player missed it");
  // The next batch shows the player a gap: it restores from the room's snapshot, then applies it.
  await gm.selectOption(`${row(troll)} select[data-condition]`, "blinded");
  await gm.click(`${row(troll)} [data-add-condition]`);
  await converged();
  assert.match(((await frame("player").textContent(row(troll))) ?? ""), /blinded/);
  assert.match(((await frame("player").textContent(`${row(rath)} .cond`)) ?? ""), /frightened/);
  await page.evaluate(() => void (/** @type {any} */ (globalThis).host.quiet = false));

  await page.evaluate(() => /** @type {any} */ (globalThis).host.reload("player"));
  await page.waitForTimeout(100);
  await ready("player");
  await converged();
  await page.evaluate(() => /** @type {any} */ (globalThis).host.reload("gm"));
  await page.waitForTimeout(100);
  await ready("gm");
  assert.deepEqual((await state("gm")).encounter, (await state("player")).whole, "the GM's reload resumes the encounter (from its own localStorage)");
  // A new GM session (a new epoch): its next batch has the players restore first.
  await frame("gm").selectOption(`${row(rath)} select[data-condition]`, "poisoned");
  await frame("gm").click(`${row(rath)} [data-add-condition]`);
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
  assert.match(((await gm.textContent("#error")) ?? ""), /16384-byte limit.*refused and nothing changed.*com\.other\/notes: \d+ bytes/);
  const after = await state("gm");
  assert.deepEqual(after.whole, before.whole, "the GM's encounter is unchanged");
  assert.equal(after.seq, before.seq);
  const room = await page.evaluate(() => /** @type {any} */ (globalThis).host.metadata());
  assert.deepEqual(room["com.turnkeeper.initiative/turnkeeper"], stored["com.turnkeeper.initiative/turnkeeper"], "the stored snapshot is the last good one");
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (globalThis).host.refusals), [], "the SDK was never asked to write too much");
  await converged();

  // Room made: the same token now goes in, and everyone follows.
  await page.evaluate(() => /** @type {any} */ (globalThis).host.setForeign({ "com.other/notes": undefined }));
  await gm.click('[data-add="item-goblin"]');
  await gm.waitForFunction(() => document.querySelectorAll("#rows li").length === 3);
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
    await gm.waitForFunction(() => document.querySelectorAll("#rows li").length === 1);
    await gm.click('[data-add="item-troll"]');
    await gm.waitForFunction(() => document.querySelectorAll("#rows li").length === 2);
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

test("a hidden token and a secret search: the player's frame never shows them, nor can it read them anywhere", async () => {
  const gm = frame("gm");
  const player = frame("player");
  await gm.selectOption("#ruleset", "a5e");
  await gm.click("#new");
  await gm.waitForFunction(() => document.querySelector("#status")?.textContent?.startsWith("a5e"));
  await page.evaluate(() => /** @type {any} */ (globalThis).host.addItem({ id: "item-lurker", name: "Lurker", createdUserId: "u-gm" }));
  await gm.click('[data-add="item-rath"]');
  await gm.waitForFunction(() => document.querySelectorAll("#rows li").length === 1);
  await gm.check("#add-hidden");
  await gm.click('[data-add="item-lurker"]');
  await gm.waitForFunction(() => document.querySelectorAll("#rows li").length === 2);
  await gm.uncheck("#add-hidden");
  const lurker = await pid("item-lurker");
  await gm.click("#start");
  await converged();
  // While the lurker acts, players see nobody acting; then it is Rath's turn. (Not past the end
  // of the round while the lurker acts last: the players' view of that is the core's to fix.)
  if ((await gm.evaluate(() => /** @type {any} */ (globalThis).turnkeeper.sync.encounter.currentParticipant())) === lurker) {
    assert.equal(await frame("player").$("#rows li.current"), null, "nobody visible is acting");
    await gm.click("#end-turn");
  }
  // An OSE search for a secret door that is there, rolled in secret by the GM's client.
  await gm.evaluate(async () => {
    const sync = /** @type {any} */ (globalThis).turnkeeper.sync;
    await sync.runJourney({ type: "addMember", member: { id: "pc" } });
    await sync.runJourney({ type: "start", mode: "oseDungeon", day: 0, start: { type: "at", hour: 8, minute: 0 } });
    await sync.runJourney({ type: "dungeonTurn", action: { type: "search", attempts: [{ by: "pc", target: "wall", kind: "secretDoor", present: true }] } });
  });
  await converged();
  assert.equal(await gm.$(row(lurker)) !== null, true, "the GM sees the lurker");
  assert.equal(await player.$(row(lurker)), null, "the player's frame never shows it");
  const shown = (await player.content()) + JSON.stringify(await player.evaluate(() => {
    const sync = /** @type {any} */ (globalThis).turnkeeper.sync;
    return [sync.encounter.toJSON(), sync.journey.toJSON(), sync.tokens()];
  }));
  // Everything any connection could read: the room's metadata and every broadcast.
  const readable = JSON.stringify(await page.evaluate(() => [/** @type {any} */ (globalThis).host.metadata(), /** @type {any} */ (globalThis).host.sent]));
  for (const secret of ["Lurker", lurker, "item-lurker", "present", "success", "hidden\":true"]) {
    assert.ok(!shown.includes(secret), `the player's frame holds ${secret}`);
    assert.ok(!readable.includes(secret), `the room's metadata or a broadcast holds ${secret}`);
  }
  assert.deepEqual(browser.errors, []);
});
