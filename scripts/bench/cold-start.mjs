// Cold start: how long from `import` to the first roll.
// - Chromium (Debian's, through playwright-core): a page served from 127.0.0.1 imports the
//   package the way a page without a bundler does, calls `init()` (fetch, compile and
//   instantiate the .wasm: both modules from the main entry, the core alone from
//   `turnkeeper/core`) and rolls once. Each run uses a fresh page with the HTTP cache
//   disabled, so the .wasm is fetched and compiled every time. docs/design.md's goal: ≤ 20 ms.
// - Node: a fresh process imports the package (which reads and instantiates the .wasm
//   synchronously) and rolls once.
// Reported as the median of several runs; measured, never asserted.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { openBrowser } from "../../tests/browser/harness.mjs";

const RUNS = Number(process.env.COLD_RUNS ?? 9);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** @param {string} entry the file under dist/ a page imports */
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

/** @param {string} specifier what a Node user imports */
function nodeColdStart(specifier) {
  const script =
    `const t0 = performance.now(); const tk = await import("${specifier}"); tk.roll("1d20", { seed: 1 }); ` +
    "process.stdout.write(String(performance.now() - t0));";
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
const ms = (/** @type {number | undefined} */ t) => (t === undefined ? "skipped (no Chromium)" : `${t.toFixed(1)} ms`);
console.log("\n== cold start: import to first roll (median of %d fresh loads) ==", RUNS);
console.log(`Chromium, main entry (both .wasm fetched from 127.0.0.1, compiled and instantiated): ${ms(chromium)}  (goal ≤ 20 ms)`);
console.log(`Chromium, turnkeeper/core (the core .wasm only): ${ms(chromiumCore)}  (goal ≤ 20 ms)`);
console.log(`Node, import "turnkeeper" (reads and instantiates both .wasm) and first roll: ${node.toFixed(1)} ms`);
console.log(`Node, import "turnkeeper/core" (the core .wasm only) and first roll: ${nodeCore.toFixed(1)} ms`);
