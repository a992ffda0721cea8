// Cold start: how long from `import` to the first roll.
// - Chromium (Debian's, through playwright-core): a page served from 127.0.0.1 imports the
//   package the way a page without a bundler does, calls `init()` (fetch, compile and
//   instantiate the .wasm) and rolls once. Each run uses a fresh page with the HTTP cache
//   disabled, so the .wasm is fetched and compiled every time. DESIGN.md's goal: ≤ 20 ms.
// - Node: a fresh process imports the package (which reads and instantiates the .wasm
//   synchronously) and rolls once.
// Reported as the median of several runs; measured, never asserted.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { openBrowser } from "../../tests/browser/harness.mjs";

const RUNS = Number(process.env.COLD_RUNS ?? 9);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function chromiumColdStart() {
  if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) return undefined;
  const browser = await openBrowser();
  try {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await page.goto(`${browser.url}/demo/blank.html`);
      const ms = await page.evaluate(async () => {
        const t0 = performance.now();
        const tk = await import(`/node_modules/turnkeeper/dist/index.js?run=${Math.random()}`);
        await tk.init();
        tk.roll("1d20", { seed: 1 });
        return performance.now() - t0;
      });
      times.push(ms);
      await page.close();
    }
    return median(times);
  } finally {
    await browser.close();
  }
}

function nodeColdStart() {
  const script =
    'const t0 = performance.now(); const tk = await import("turnkeeper"); tk.roll("1d20", { seed: 1 }); ' +
    "process.stdout.write(String(performance.now() - t0));";
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })));
  }
  return median(times);
}

const chromium = await chromiumColdStart();
const node = nodeColdStart();
console.log("\n== cold start: import to first roll (median of %d fresh loads) ==", RUNS);
console.log(
  `Chromium, .wasm fetched from 127.0.0.1, compiled and instantiated: ${chromium === undefined ? "skipped (no Chromium)" : `${chromium.toFixed(1)} ms`}  (goal ≤ 20 ms)`,
);
console.log(`Node, import (reads and instantiates the .wasm) and first roll: ${node.toFixed(1)} ms`);
