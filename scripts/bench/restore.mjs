// Restoring a saved game in the demo (Chromium, IndexedDB): a 1,000-command game (a Greyhawk
// encounter and a HYB delve, one command per action, so 1,000 log entries) is played through
// the page's own modules, then the page is reloaded and the time to rebuild the game from the
// log is read (session.restoreMs: reading the newest checkpoint and the entries after it,
// rebuilding, and showing it). Also undo and redo from there, and, for scale, replaying all
// 1,000 entries from the empty game as if there were no checkpoints. Measured, never asserted.
import { existsSync } from "node:fs";
import { openBrowser } from "../../tests/browser/harness.mjs";
import { table } from "./harness.mjs";

const COMMANDS = 1000;
const RUNS = Number(process.env.RESTORE_RUNS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
  console.log("\n== restoring a 1,000-command game: skipped (no Chromium) ==");
  process.exit(0);
}

const browser = await openBrowser();
try {
  const page = await browser.newPage();
  await page.goto(`${browser.url}/demo/`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });

  // Play the game: every command in its own action (one log entry each).
  const built = await page.evaluate(async (n) => {
    const { Encounter, Journey } = await import("turnkeeper");
    const { setEncounter, setJourney } = await import("/demo/state.js");
    let count = 0;
    const kinds = { enc: 0, hyb: 0 };
    const step = async (kind, fn) => {
      fn();
      count++;
      kinds[kind]++;
      await null; // the action ends: its entry is written
    };
    const enc = new Encounter({ ruleset: "gh5e", seed: 1 });
    await step("enc", () => setEncounter(enc));
    const ids = ["rupert", "delsenora", "rath", "troll", "hob1", "hob2", "hob3"];
    for (const [i, id] of ids.entries()) await step("enc", () => enc.add({ id, name: id, side: i < 3 ? "party" : "foes", dex: 10 + i }));
    await step("enc", () => enc.start());
    const hyb = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed: 2 });
    await step("hyb", () => setJourney("hyb", hyb));
    await step("hyb", () => hyb.addMember({ id: "ash", bestModifier: 5 }));
    await step("hyb", () => hyb.start({ timeDice: 2 }));
    const plan = Object.fromEntries(ids.map((id, i) => [id, [["melee"], ["ranged"], ["move", "melee"], ["spell"]][i % 4]]));
    let declared = false;
    while (count < n) {
      if (count % 5 === 0) await step("hyb", () => hyb.advanceHours(1));
      else if (enc.phase === "turns") await step("enc", () => enc.endTurn());
      else if (!declared) await step("enc", () => (enc.declareMany(plan), (declared = true)));
      else await step("enc", () => (enc.rollInitiative(), (declared = false)));
    }
    await globalThis.demo.settled();
    const { session, snapshots } = globalThis.demo;
    const id = session.game.id;
    const entries = await session.db.entries(id, 1, n);
    let checkpoints = 0;
    let checkpointBytes = 0;
    for (let s = 0; s <= n; s += 20) {
      const cp = await session.db.checkpointAtOrBefore(id, s);
      if (cp?.seq === s) (checkpoints++, (checkpointBytes += JSON.stringify(cp).length));
    }
    return {
      head: session.game.head,
      kinds,
      entries: entries.length,
      entryBytes: JSON.stringify(entries).length,
      checkpoints,
      checkpointBytes,
      idbBytes: (await navigator.storage.estimate()).usageDetails?.indexedDB,
      snapshot: JSON.stringify(snapshots()),
    };
  }, COMMANDS);

  // Reopen it.
  const restores = [];
  let identical = 0;
  for (let i = 0; i < RUNS; i++) {
    await page.reload();
    await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
    restores.push(await page.evaluate(() => globalThis.demo.session.restoreMs));
    if ((await page.evaluate(() => JSON.stringify(globalThis.demo.snapshots()))) === built.snapshot) identical++;
  }

  // Undo and redo right after reopening (the entries before the checkpoint come from IndexedDB).
  const undoRedo = await page.evaluate(async () => {
    const { undo, redo } = globalThis.demo;
    const t0 = performance.now();
    await undo();
    const t1 = performance.now();
    await redo();
    return { undo: t1 - t0, redo: performance.now() - t1 };
  });

  // For scale: every entry replayed from the empty game, as a log without checkpoints would.
  const full = await page.evaluate(async (n) => {
    const { Encounter, Journey } = await import("turnkeeper");
    const { session } = globalThis.demo;
    const kinds = { enc: Encounter, hyb: Journey };
    const times = [];
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const entries = await session.db.entries(session.game.id, 1, n);
      const objects = {};
      for (const e of entries) {
        for (const op of e.ops) {
          if (op.type === "set") objects[op.target] = kinds[op.target].fromJSON(op.snapshot);
          else objects[op.target].applyEvents(op.batch ?? op.events); // a checked batch (older saves: bare events)
        }
      }
      times.push(performance.now() - t0);
      for (const o of Object.values(objects)) o.free();
    }
    return times.sort((a, b) => a - b)[1];
  }, COMMANDS);

  const kb = (b) => `${(b / 1024).toFixed(0)} KB`;
  console.log(`\n== restoring a ${COMMANDS.toLocaleString("en")}-command game in the demo (Chromium, IndexedDB) ==`);
  console.log(
    `log: ${built.entries} entries (encounter ${built.kinds.enc}, journey ${built.kinds.hyb}) ${kb(built.entryBytes)} of JSON, ` +
      `${built.checkpoints} checkpoints ${kb(built.checkpointBytes)}; IndexedDB reports ${built.idbBytes === undefined ? "n/a" : kb(built.idbBytes)}`,
  );
  table(
    ["case", "time", "runs"],
    [
      ["reopen the page: newest checkpoint, rebuilt and shown", ms(median(restores)), String(RUNS)],
      ["undo after reopening: checkpoint 980 + 19 entries from IndexedDB", ms(undoRedo.undo), "1"],
      ["redo", ms(undoRedo.redo), "1"],
      ["(for scale) all 1,000 entries replayed, no checkpoint", ms(full), "3"],
    ],
  );
  console.log(`restored snapshots byte-identical to the game before reloading: ${identical}/${RUNS}`);
} finally {
  await browser.close();
}
