// Cold start: how long from `import` to the first roll.
// - Chromium (Debian's, through playwright-core): a page served from 127.0.0.1 imports the
//   package the way a page without a bundler does, calls `init()` (fetch, compile and
//   instantiate the .wasm: the core, the procedures and the dice from the main entry, the
//   core and the dice from `turnkeeper/core`) and rolls once. Each run uses a fresh page with
//   the HTTP cache disabled, so the .wasm is fetched and compiled every time. docs/design.md's
//   goal: ≤ 20 ms.
// - Node: a fresh process imports the package (which reads and instantiates the dice module
//   synchronously, and the core only when an encounter, journey or creature first needs it)
//   and rolls once.
// `turnkeeper/dice` (issue 38: the dice module alone) is measured beside `roll` and
// @dice-roller/rpg-dice-roller, the dice libraries dice.mjs compares with, loaded the same way:
// in Node by their package names, in Chromium as one ES module each (esbuild bundles them, as a
// page would ship them; the package's own browser files are bundles too). Goal: the dice entry
// within 3× `roll`'s cold start in the same run.
// Reported as the median of several runs; measured, never asserted.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { openBrowser, OUTPUT_DIR } from "../../tests/browser/harness.mjs";

const RUNS = Number(process.env.COLD_RUNS ?? 9);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The peers as a page ships them: one ES module each, exporting `rollOnce()`.
const peersDir = join(OUTPUT_DIR, "cold-start");
mkdirSync(peersDir, { recursive: true });
// The Node built-ins the peers name, as a page gets them: `roll` requires `util` for `format`
// alone (its error message), and rpg-dice-roller imports `crypto` for an engine it does not use
// by default (Math.random).
/** @type {import("esbuild").Plugin} */
const nodeUtil = {
  name: "node-util",
  setup(b) {
    b.onResolve({ filter: /^(util|crypto)$/ }, (args) => ({ path: args.path, namespace: "node-util" }));
    b.onLoad({ filter: /.*/, namespace: "node-util" }, (args) => ({
      contents: args.path === "util" ? 'module.exports = { format: (f, ...a) => f.replace(/%s/g, () => String(a.shift())) };' : "module.exports = {};",
      loader: "js",
    }));
  },
};
const PEERS = {
  roll: 'import Roll from "roll"; export function rollOnce() { return new Roll().roll("1d20").result; }',
  "rpg-dice-roller": 'import { DiceRoll } from "@dice-roller/rpg-dice-roller"; export function rollOnce() { return new DiceRoll("1d20").total; }',
};
for (const [name, contents] of Object.entries(PEERS)) {
  await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    format: "esm",
    platform: "browser",
    minify: true,
    logLevel: "error",
    outfile: join(peersDir, `${name}.js`),
    plugins: [nodeUtil],
  });
}

/**
 * @param {string} entry the file under dist/ a page imports, or `peer:<name>` for a bundled peer
 */
async function chromiumColdStart(entry) {
  if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) return undefined;
  const browser = await openBrowser();
  try {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await page.goto(`${browser.url}/demo/blank.html`);
      const ms = await page.evaluate(async (entry) => {
        const t0 = performance.now();
        if (entry.startsWith("peer:")) {
          const peer = await import(`/tests/output/cold-start/${entry.slice(5)}.js?run=${Math.random()}`);
          peer.rollOnce();
          return performance.now() - t0;
        }
        const tk = await import(`/node_modules/turnkeeper/dist/${entry}?run=${Math.random()}`);
        await tk.init();
        tk.roll("1d20", { seed: 1 });
        return performance.now() - t0;
      }, entry);
      times.push(ms);
      await page.close();
    }
    return median(times);
  } finally {
    await browser.close();
  }
}

const NODE_FIRST_ROLL = {
  roll: 'const m = await import("roll"); new m.default().roll("1d20");',
  "@dice-roller/rpg-dice-roller": 'const m = await import("@dice-roller/rpg-dice-roller"); new m.DiceRoll("1d20").total;',
};

/** @param {string} specifier what a Node user imports */
function nodeColdStart(specifier) {
  const first = NODE_FIRST_ROLL[/** @type {keyof typeof NODE_FIRST_ROLL} */ (specifier)] ?? `const tk = await import("${specifier}"); tk.roll("1d20", { seed: 1 });`;
  const script = `const t0 = performance.now(); ${first} process.stdout.write(String(performance.now() - t0));`;
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })));
  }
  return median(times);
}

// The main entry loads both modules (core and procedures, in parallel); `turnkeeper/core` the
// core alone (issue 12).
const chromium = await chromiumColdStart("index.js");
const chromiumCore = await chromiumColdStart("core-only.js");
const node = nodeColdStart("turnkeeper");
const nodeCore = nodeColdStart("turnkeeper/core");
// The dice entry beside the dice libraries (issue 38). A build from before it (the baseline of
// scripts/bench-baseline.sh) has no dice entry: those rows say so.
const hasDice = existsSync(new URL("../../js-package/dist/dice.js", import.meta.url));
const chromiumDice = hasDice ? await chromiumColdStart("dice.js") : undefined;
const chromiumRoll = await chromiumColdStart("peer:roll");
const chromiumRpg = await chromiumColdStart("peer:rpg-dice-roller");
const nodeDice = hasDice ? nodeColdStart("turnkeeper/dice") : undefined;
const nodeRoll = nodeColdStart("roll");
const nodeRpg = nodeColdStart("@dice-roller/rpg-dice-roller");
const ms = (/** @type {number | undefined} */ t) => (t === undefined ? "skipped (no Chromium)" : `${t.toFixed(1)} ms`);
console.log("\n== cold start: import to first roll (median of %d fresh loads) ==", RUNS);
console.log(`Chromium, main entry (every .wasm it loads fetched from 127.0.0.1, compiled and instantiated): ${ms(chromium)}  (goal ≤ 20 ms)`);
console.log(`Chromium, turnkeeper/core (without the procedures' .wasm): ${ms(chromiumCore)}  (goal ≤ 20 ms)`);
console.log(`Node, import "turnkeeper" and first roll (what the first roll needs on import, the rest on first use since issue 38): ${node.toFixed(1)} ms`);
console.log(`Node, import "turnkeeper/core" (without the procedures' .wasm) and first roll: ${nodeCore.toFixed(1)} ms`);
const versus = (/** @type {number | undefined} */ t, /** @type {number | undefined} */ peer) => (t === undefined || peer === undefined ? "" : ` (${(t / peer).toFixed(1)}× roll's; goal ≤ 3×)`);
console.log("\n== cold start of the dice entry beside the dice libraries ==");
console.log(`Chromium, turnkeeper/dice (dice_bg.wasm only): ${hasDice ? ms(chromiumDice) : "not in this build"}${versus(chromiumDice, chromiumRoll)}`);
console.log(`Chromium, roll (bundled, one module): ${ms(chromiumRoll)}`);
console.log(`Chromium, rpg-dice-roller (bundled, one module): ${ms(chromiumRpg)}`);
console.log(`Node, import "turnkeeper/dice" and first roll: ${hasDice ? ms(nodeDice) : "not in this build"}${versus(nodeDice, nodeRoll)}`);
console.log(`Node, import "roll" and first roll: ${ms(nodeRoll)}`);
console.log(`Node, import "@dice-roller/rpg-dice-roller" and first roll: ${ms(nodeRpg)}`);
