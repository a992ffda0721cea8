// The demo as an offline app that never loses a game, in Debian's Chromium: it reloads and
// plays with the network off (service worker), a new build replaces the old cache, a closed tab
// comes back byte for byte (IndexedDB log), undo and redo rebuild from the log, saved games are
// listed, renamed, exported, imported (tampered files refused) and deleted, and storage
// failures are shown while play goes on in memory. Each test has its own fresh browser profile.
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Encounter, Journey } from "turnkeeper";
import { openBrowser, OUTPUT_DIR } from "./harness.mjs";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

/** @typedef {Awaited<ReturnType<typeof openBrowser>>} Browser */
/** @typedef {import("playwright-core").Page} Page */

/** @param {Browser} b */
async function openDemo(b, path = "/demo/") {
  const page = await b.newPage();
  await page.setViewportSize({ width: 1200, height: 1000 });
  await page.goto(b.url + path);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
  return page;
}

/** Every object's snapshot, as JSON text (what the page would save). @param {Page} page */
const snapshotsOf = (page) => page.evaluate(() => JSON.stringify(/** @type {any} */ (globalThis).demo.snapshots()));

/** Wait until every move is committed to IndexedDB. @param {Page} page */
async function saved(page) {
  await page.evaluate(() => /** @type {any} */ (globalThis).demo.settled());
  await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.state === "saved");
}

/** @param {Page} page */
const statusOf = async (page) => ({
  state: await page.getAttribute("#storage-status", "data-state"),
  text: (await page.textContent("#storage-status")) ?? "",
});

/** Take the network away for real: the server stops, and Chromium is told it is offline. */
async function goOffline(/** @type {Browser} */ b) {
  b.server.closeAllConnections();
  await new Promise((resolve) => b.server.close(() => resolve(undefined)));
  await b.context.setOffline(true);
}

/** Greyhawk sample: load it, start, declare. @param {Page} page */
async function greyhawkToDeclared(page, seed = "") {
  await page.fill("#seed", seed);
  await page.click("#tab-init");
  await page.selectOption("#ruleset", "gh5e");
  await page.click("#load-sample");
  await page.click("#btn-start");
  await page.click("#btn-declare");
}

test("offline: after one visit the page reloads and plays a round with the network off; it can be installed", async () => {
  const b = await openBrowser();
  try {
    const page = await openDemo(b);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    assert.equal(await page.textContent("#offline-status"), "Works offline.");
    const cdp = await b.context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    assert.deepEqual(installabilityErrors, [], "the manifest, icons and service worker make it installable");
    const stored = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith("turnkeeper-demo-"));
      const cache = await caches.open(names[0]);
      return { names, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
    });
    assert.equal(stored.names.length, 1);
    for (const path of ["/demo/", "/demo/main.js", "/demo/session.js", "/node_modules/turnkeeper/dist/index.js", "/node_modules/turnkeeper/dist/wasm/turnkeeper_bg.wasm"]) {
      assert.ok(stored.urls.includes(path), `${path} is cached`);
    }

    await goOffline(b);
    assert.equal(await page.evaluate(() => fetch("/demo/blank.html").then(() => "reached", () => "unreachable")), "unreachable");
    b.errors.splice(0); // that failed request's console line
    await page.reload();
    await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });

    // A seeded Greyhawk round, checked against the package in Node from the page's own snapshot.
    await greyhawkToDeclared(page, "11");
    const declared = JSON.parse(await snapshotsOf(page)).enc;
    await page.click("#btn-roll");
    await page.waitForSelector("[data-testid=order-entry]");
    const expected = Encounter.fromJSON(declared);
    expected.rollInitiative();
    assert.equal(JSON.stringify(JSON.parse(await snapshotsOf(page)).enc), JSON.stringify(expected.toJSON()));
    for (let i = 0; i < 7; i++) await page.click("#btn-end-turn");
    assert.equal(await page.textContent("#phase"), "declaring", "the round is over");
    await saved(page);
    assert.match((await statusOf(page)).text, /Saved in this browser/);
    assert.deepEqual(b.errors, [], "offline, the page loads with no failed request at all");
  } finally {
    await b.close();
  }
});

test("offline: a new build gets a new cache, and the old one is deleted", async () => {
  // A copy of the demo beside the real package, so a "new build" can be made by editing it.
  const root = mkdtempSync(join(tmpdir(), "turnkeeper-demo-copy-"));
  cpSync(join(REPO, "demo"), join(root, "demo"), { recursive: true });
  mkdirSync(join(root, "node_modules"));
  symlinkSync(join(REPO, "js-package"), join(root, "node_modules", "turnkeeper"), "dir");
  const b = await openBrowser({ root });
  try {
    const page = await openDemo(b);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    const cacheNames = () => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("turnkeeper-demo-")));
    const [first] = await cacheNames();
    appendFileSync(join(root, "demo", "style.css"), "\n/* build 2 */\n");
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
      return true;
    });
    await page.waitForFunction(
      async (old) => {
        const names = (await caches.keys()).filter((n) => n.startsWith("turnkeeper-demo-"));
        return names.length === 1 && names[0] !== old;
      },
      first,
      { timeout: 20000 },
    );
    await page.waitForFunction(() => document.getElementById("offline-status")?.dataset.state === "updated");
    await goOffline(b);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
    assert.match(await page.evaluate(() => fetch("./style.css").then((r) => r.text())), /build 2/);
    assert.notEqual((await cacheNames())[0], first);
  } finally {
    await b.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test("a closed tab comes back exactly: encounter, journeys and their dice streams", async () => {
  const b = await openBrowser();
  try {
    let page = await openDemo(b);
    await greyhawkToDeclared(page, "42");
    await page.click("#btn-roll");
    for (let i = 0; i < 3; i++) await page.click("#btn-end-turn");
    await page.fill("#seed", "7");
    await page.click("#tab-travel");
    await page.click("#hyb-start");
    await page.click("#hyb-torch");
    await page.click("#hyb-turn");
    for (let i = 0; i < 3; i++) await page.click("#hyb-turn");
    for (let i = 0; i < 8; i++) await page.click("#ose-day");
    await page.click("#ose-sail");
    await page.click("#hyb-return"); // move 23: three past the first checkpoint (every 20 moves)
    assert.equal(await page.getAttribute("#storage-status", "data-head"), "23");
    const before = await snapshotsOf(page);
    const view = async (/** @type {Page} */ p) => [await p.textContent("[data-testid=hyb-time]"), await p.textContent("[data-testid=ose-miles]"), await p.textContent("#hyb-lights")];
    const shown = await view(page);
    await page.close(); // no save button, no waiting: the moves were written as they were made

    page = await openDemo(b);
    const after = await snapshotsOf(page);
    assert.equal(after, before, "the restored snapshots are byte-identical");
    const state = JSON.parse(after);
    assert.deepEqual(Object.keys(state).sort(), ["enc", "hyb", "ose", "sea"]);
    assert.ok(state.enc.dice.position > 0 && state.hyb.dice.position > 0, "seeded dice positions are part of it");
    await page.click("#tab-travel");
    assert.deepEqual(await view(page), shown);
    await page.click("#tab-init");
    assert.equal(await page.getAttribute("#storage-status", "data-head"), "23");
    assert.ok((await page.$$("[data-testid=order-entry]")).length > 0);

    // The dice streams go on exactly where they were: the next day's and the next turn's dice
    // are those the package rolls from the snapshots taken before closing.
    await page.click("#tab-travel");
    await page.click("#ose-day");
    await page.click("#tab-init");
    await page.click("#btn-end-turn");
    const ose = Journey.fromJSON(state.ose);
    ose.wildernessDay({ route: { terrain: "hills" }, activity: "travel", wanderChecks: 1 });
    const enc = Encounter.fromJSON(state.enc);
    enc.endTurn();
    const next = JSON.parse(await snapshotsOf(page));
    assert.equal(JSON.stringify(next.ose), JSON.stringify(ose.toJSON()));
    assert.equal(JSON.stringify(next.enc), JSON.stringify(enc.toJSON()));

    // A reload is the same as closing.
    await saved(page);
    const again = await snapshotsOf(page);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    assert.equal(await snapshotsOf(page), again);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test("undo and redo: a rolled initiative is taken back, redo brings the same dice back", async () => {
  const b = await openBrowser();
  try {
    const page = await openDemo(b);
    await greyhawkToDeclared(page); // crypto dice: only the log knows what was rolled
    const declared = await snapshotsOf(page);
    await page.click("#btn-roll");
    await page.waitForSelector("[data-testid=order-entry]");
    const rolled = await snapshotsOf(page);
    const order = await page.$$eval("[data-testid=order-entry]", (els) => els.map((e) => e.textContent));
    await saved(page);
    assert.match((await page.getAttribute("#btn-undo", "title")) ?? "", /initiative rolled/);

    await page.click("#btn-undo");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.head === "3");
    assert.equal(await snapshotsOf(page), declared);
    assert.equal(await page.textContent("#phase"), "declaring");
    assert.equal((await page.$$("[data-testid=order-entry]")).length, 0);

    await page.click("#btn-redo");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.head === "4");
    assert.equal(await snapshotsOf(page), rolled, "redo gives the same dice");
    assert.deepEqual(await page.$$eval("[data-testid=order-entry]", (els) => els.map((e) => e.textContent)), order);
    assert.equal(await page.isDisabled("#btn-redo"), true);

    // Undo, then a different move: the undone roll is gone for good.
    await page.click("#btn-undo");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.head === "3");
    await page.fill("#init-faces", "1, 7, 6, 8, 3, 5, 2");
    await page.click("#btn-roll");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.head === "4");
    assert.equal(await page.isDisabled("#btn-redo"), true);
    const ids = await page.$$eval("[data-testid=order-entry]", (els) => els.map((e) => e.getAttribute("data-id")));
    assert.deepEqual(ids, ["rupert", "hob1", "hob2", "hob3", "delsenora", "troll", "rath"]);

    // Many moves, a reload, and undo reaches back past a checkpoint (read from IndexedDB).
    /** @type {string[]} snapshots after move 4, 5, … */
    const history = [await snapshotsOf(page)];
    for (let i = 0; i < 25; i++) {
      // Seven turns, then the next round's declarations and roll.
      await page.click(i % 9 < 7 ? "#btn-end-turn" : i % 9 === 7 ? "#btn-declare" : "#btn-roll");
      await page.waitForFunction((h) => document.getElementById("storage-status")?.dataset.head === String(h), 5 + i);
      history.push(await snapshotsOf(page));
    }
    const head = 29;
    await saved(page);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    assert.equal(await snapshotsOf(page), history.at(-1));
    for (let back = 1; back <= 12; back++) {
      await page.click("#btn-undo");
      await page.waitForFunction((h) => document.getElementById("storage-status")?.dataset.head === String(h), head - back);
      assert.equal(await snapshotsOf(page), history[history.length - 1 - back], `undo ${back}`);
    }
    for (let fwd = 11; fwd >= 0; fwd--) {
      await page.click("#btn-redo");
      await page.waitForFunction((h) => document.getElementById("storage-status")?.dataset.head === String(h), head - fwd);
    }
    assert.equal(await snapshotsOf(page), history.at(-1));
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test("saved games: list, rename, export, import; a tampered or foreign file is refused and changes nothing", async () => {
  const b = await openBrowser();
  try {
    const page = await openDemo(b);
    await greyhawkToDeclared(page, "3");
    await page.click("#btn-roll");
    await page.fill("#seed", "5");
    await page.click("#tab-travel");
    await page.click("#hyb-start");
    await page.click("#hyb-torch");
    await page.click("#hyb-turn");
    const played = await snapshotsOf(page);
    await page.click("#tab-games");
    await page.waitForSelector("[data-testid=game]");
    assert.equal((await page.$$("[data-testid=game]")).length, 1);

    // Rename; the name is kept across a reload.
    const nameInput = "[data-testid=game] input";
    await page.fill(nameInput, "Tomb of the Hobgoblins");
    await page.press(nameInput, "Enter");
    await page.waitForFunction(() => document.getElementById("storage-status")?.textContent?.includes("Tomb of the Hobgoblins"));
    await saved(page);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await page.click("#tab-games");
    await page.waitForSelector("[data-testid=game]");
    assert.equal(await page.inputValue(nameInput), "Tomb of the Hobgoblins");

    // Export to a file.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[aria-label='Export Tomb of the Hobgoblins']")]);
    assert.equal(download.suggestedFilename(), "Tomb-of-the-Hobgoblins.turnkeeper.json");
    const text = readFileSync(/** @type {string} */ (await download.path()), "utf8");
    const file = JSON.parse(text);
    assert.equal(file.format, "turnkeeper-demo-game");
    assert.equal(JSON.stringify(file.state), played);

    // Refused files: each shows the package's error and leaves the games and the game alone.
    const games = async () => page.$$eval("[data-testid=game]", (els) => els.map((e) => e.getAttribute("data-id")));
    const listed = await games();
    const tamperedJourney = structuredClone(file);
    tamperedJourney.state.hyb.journey.journey.clock.now += 3600; // an hour that never passed
    const tamperedEncounter = structuredClone(file);
    tamperedEncounter.state.enc.encounter.v = 99;
    /** @type {[string, RegExp][]} */
    const refusals = [
      [JSON.stringify(tamperedJourney), /SNAPSHOT_INVALID/],
      [JSON.stringify(tamperedEncounter), /SNAPSHOT_INVALID/],
      ["this is not a game", /not JSON.*SNAPSHOT_INVALID/],
      [JSON.stringify({ ...file, format: "something-else" }), /no "format".*SNAPSHOT_INVALID/],
    ];
    for (const [contents, message] of refusals) {
      await page.setInputFiles("#game-import", { name: "game.turnkeeper.json", mimeType: "application/json", buffer: Buffer.from(contents) });
      await page.waitForSelector("#games-error:not([hidden])");
      assert.match((await page.textContent("#games-error")) ?? "", message);
      assert.deepEqual(await games(), listed);
      assert.equal(await snapshotsOf(page), played);
      await page.evaluate(() => document.getElementById("games-error")?.setAttribute("hidden", ""));
    }

    // The real file imports as a second game, exactly.
    await page.setInputFiles("#game-import", { name: "tomb.turnkeeper.json", mimeType: "application/json", buffer: Buffer.from(text) });
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=game]").length === 2);
    assert.equal(await page.isHidden("#games-error"), true);
    assert.equal(await snapshotsOf(page), played);
    const imported = await page.$eval("[data-testid=game][aria-current=true]", (e) => e.getAttribute("data-id"));
    assert.ok(imported && !listed.includes(imported));

    // Switching games: a new empty game, then back to the first one.
    await page.click("#game-new");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=game]").length === 3);
    assert.equal(await snapshotsOf(page), "{}");
    await page.click("[aria-label='Open Tomb of the Hobgoblins'] >> nth=0");
    await page.waitForFunction((s) => JSON.stringify(/** @type {any} */ (globalThis).demo.snapshots()) === s, played);

    // Delete asks twice; the deleted game is gone after a reload too.
    const victim = `[data-id='${imported}'] [aria-label^='Delete']`;
    await page.click(victim);
    assert.equal(await page.textContent(victim), "Really delete?");
    await page.click(victim);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=game]").length === 2);
    await saved(page);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await page.click("#tab-games");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=game]").length === 2);
    assert.ok(!(await games()).includes(imported));
    await page.screenshot({ path: OUTPUT_DIR + "demo-games.png", fullPage: true });
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test("two tabs never write to one game: the second starts its own, and cannot delete the first's", async () => {
  const b = await openBrowser();
  try {
    const first = await openDemo(b);
    await greyhawkToDeclared(first, "4");
    await saved(first);
    const played = await snapshotsOf(first);
    const firstId = await first.evaluate(() => /** @type {any} */ (globalThis).demo.session.game.id);
    const second = await openDemo(b);
    assert.match((await statusOf(second)).text, /“Game 2”, 0 moves\. This is a new game: "Game 1" is open in another tab: close it there first\.$/);
    assert.equal(await snapshotsOf(second), "{}");
    await second.click("#tab-games");
    await second.waitForFunction(() => document.querySelectorAll("[data-testid=game]").length === 2);
    await second.click(`[data-id='${firstId}'] [aria-label^='Delete']`);
    await second.click(`[data-id='${firstId}'] [aria-label^='Delete']`);
    await second.waitForSelector("#games-error:not([hidden])");
    assert.match((await second.textContent("#games-error")) ?? "", /open in another tab/);
    await first.close();
    await second.click(`[aria-label='Open Game 1']`);
    await second.waitForFunction((s) => JSON.stringify(/** @type {any} */ (globalThis).demo.snapshots()) === s, played);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test("storage disabled: said plainly, and the game plays on in memory (undo included)", async () => {
  const b = await openBrowser();
  try {
    await b.context.addInitScript(() => {
      Object.defineProperty(globalThis, "indexedDB", {
        get() {
          throw new DOMException("Access to storage is not allowed from this context.", "SecurityError");
        },
      });
    });
    const page = await openDemo(b);
    const status = await statusOf(page);
    assert.equal(status.state, "memory");
    assert.match(status.text, /Not saved: this browser does not allow storage here \(SecurityError/);
    assert.match(status.text, /export it to keep it/);
    await greyhawkToDeclared(page, "9");
    const declared = await snapshotsOf(page);
    await page.click("#btn-roll");
    await page.waitForSelector("[data-testid=order-entry]");
    await page.click("#btn-undo");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.head === "3");
    assert.equal(await snapshotsOf(page), declared);
    assert.equal((await statusOf(page)).state, "memory");
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test("storage full: said plainly, play goes on in memory, and saving resumes whole when space returns", async () => {
  const b = await openBrowser();
  try {
    // Chromium reports a full disk as a transaction aborted at commit with QuotaExceededError;
    // `fillStorage(true)` makes every commit end that way (CDP's quota override is not enforced
    // for IndexedDB in this headless build).
    await b.context.addInitScript(() => {
      const commit = IDBTransaction.prototype.commit;
      const error = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, "error");
      const full = new WeakSet();
      const page = /** @type {any} */ (globalThis);
      Object.defineProperty(page, "fillStorage", { value: (/** @type {boolean} */ on) => (page.storageIsFull = on) });
      IDBTransaction.prototype.commit = function () {
        if (!page.storageIsFull) return commit.call(this);
        full.add(this);
        this.abort();
      };
      Object.defineProperty(IDBTransaction.prototype, "error", {
        get() {
          return full.has(this) ? new DOMException("The quota has been exceeded.", "QuotaExceededError") : error?.get?.call(this);
        },
      });
    });
    const page = await openDemo(b);
    await greyhawkToDeclared(page, "21");
    await saved(page);
    await page.evaluate(() => /** @type {any} */ (globalThis).fillStorage(true));
    await page.click("#btn-roll");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.state === "error");
    assert.match((await statusOf(page)).text, /Not saved: the browser's storage for this page is full \(QuotaExceededError\).*export it to keep it.*tries again/);
    await page.click("#btn-end-turn");
    await page.click("#btn-undo");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.head === "4");
    await page.click("#btn-end-turn");
    assert.equal((await statusOf(page)).state, "error");

    // Space again: the next move saves the whole game (a checkpoint), so a reload loses nothing,
    // and so does an undo to a move that was never written (it is saved as a checkpoint too).
    await page.evaluate(() => /** @type {any} */ (globalThis).fillStorage(false));
    await page.click("#btn-end-turn");
    await saved(page);
    assert.equal(await page.getAttribute("#storage-status", "data-head"), "6");
    await page.click("#btn-undo");
    await page.waitForFunction(() => document.getElementById("storage-status")?.dataset.head === "5");
    await saved(page);
    const before = await snapshotsOf(page);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    assert.equal(await snapshotsOf(page), before);
    assert.equal((await statusOf(page)).state, "saved");
    // What was never written cannot be undone after a reload; that is said, and nothing changes.
    await page.click("#btn-undo");
    await page.waitForFunction(() => document.getElementById("storage-status")?.textContent?.includes("Could not undo"));
    assert.match((await statusOf(page)).text, /Could not undo: this game's history up to move 4 was not saved/);
    assert.equal(await snapshotsOf(page), before);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});
