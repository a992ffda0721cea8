// Where the main entry's cold start goes in Chromium (issue 38): the same fresh, uncached page
// as cold-start.mjs, timing the parts of `import` → `init()` → first roll one at a time:
// - a small module of the package (error-site.js, 0.6 KB): what any request costs here;
// - the main entry's JS alone (import, no `init()`);
// - that JS, then each `.wasm` alone, compiled as `init()` compiles it (streaming);
// - that JS, then all three `.wasm` in parallel (what `init()` waits on, without instantiating);
// - the whole: import, `init()`, one roll.
// With COLD_START_BASELINE=<another build's js-package directory> the baseline's whole cold
// start is measured in the same browser, interleaved, so the two compare (this machine kind's
// speed varies up to 2× between sessions). Medians of COLD_RUNS (9) fresh pages; measured,
// never asserted.
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { openBrowser, OUTPUT_DIR } from "../../tests/browser/harness.mjs";

if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
  console.log("\n== cold start's parts: skipped (no Chromium) ==");
  process.exit(0);
}
const RUNS = Number(process.env.COLD_RUNS ?? 9);
const PKG = "/node_modules/turnkeeper/dist";
const MODULES = ["turnkeeper_bg", "procedures_bg", "dice_bg"];

// The baseline is served from under tests/output/, which the server already serves.
const baselineDir = process.env.COLD_START_BASELINE;
const baselineLink = join(OUTPUT_DIR, "cold-start-baseline");
if (baselineDir !== undefined) {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  rmSync(baselineLink, { force: true });
  symlinkSync(resolve(baselineDir), baselineLink);
}

/** @type {[string, { kind: string, base?: string, wasm?: string[] }][]} */
const PARTS = [
  ["a small module of the package (a request's floor)", { kind: "small" }],
  ["the main entry's JS alone", { kind: "js" }],
  ...MODULES.map((m) => /** @type {[string, { kind: string, wasm: string[] }]} */ ([`the JS, then ${m}.wasm alone`, { kind: "wasm", wasm: [m] }])),
  ["the JS, then all three .wasm in parallel", { kind: "wasm", wasm: MODULES }],
  ["the whole: import, init(), a roll", { kind: "whole", base: PKG }],
];
if (baselineDir !== undefined) PARTS.push([`the baseline's whole (${baselineDir})`, { kind: "whole", base: "/tests/output/cold-start-baseline/dist" }]);

const browser = await openBrowser();
/** @type {number[][]} */
const times = PARTS.map(() => []);
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [i, [, part]] of PARTS.entries()) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await page.goto(`${browser.url}/demo/blank.html`);
      const ms = await page.evaluate(
        async ({ part, pkg }) => {
          const q = `?run=${Math.random()}`;
          const t0 = performance.now();
          if (part.kind === "small") {
            await import(`${pkg}/error-site.js${q}`);
          } else if (part.kind === "whole") {
            const tk = await import(`${part.base}/index.js${q}`);
            await tk.init();
            tk.roll("1d20", { seed: 1 });
          } else {
            await import(`${pkg}/index.js${q}`);
            await Promise.all((part.wasm ?? []).map((m) => WebAssembly.compileStreaming(fetch(`${pkg}/wasm/${m}.wasm${q}`))));
          }
          return performance.now() - t0;
        },
        { part, pkg: PKG },
      );
      times[i]?.push(ms);
      await page.close();
    }
  }
} finally {
  await browser.close();
  if (baselineDir !== undefined) rmSync(baselineLink, { force: true });
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log("\n== Chromium: where the main entry's cold start goes (median of %d fresh pages, cache off) ==", RUNS);
for (const [i, [label]] of PARTS.entries()) console.log(`${label}: ${median(times[i] ?? []).toFixed(1)} ms`);
