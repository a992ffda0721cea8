// Regenerates the README's screenshots of the demo from the browser tests themselves: runs
// tests/browser/demo-gm.test.mjs with TURNKEEPER_SCREENSHOTS=1, which makes its tests also
// write the pictures they take into docs/ (Debian's Chromium through playwright-core, as every
// browser test). So a picture in the README shows a state a test has just checked.
// Run: node scripts/screenshots.mjs   (after a build: bash scripts/build.sh)
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PICTURES = ["gm-desktop.png", "gm-sidebar.png", "gm-dark.png"];

if (!existsSync(`${ROOT}js-package/dist/index.js`)) {
  console.error("the package is not built: run bash scripts/build.sh first");
  process.exit(1);
}
const started = Date.now();
const run = spawnSync(process.execPath, ["--test", "tests/browser/demo-gm.test.mjs"], {
  cwd: ROOT,
  env: { ...process.env, TURNKEEPER_SCREENSHOTS: "1" },
  stdio: "inherit",
});
if (run.status !== 0) {
  console.error("the browser tests failed: the screenshots were not all taken");
  process.exit(run.status ?? 1);
}
let missing = 0;
for (const name of PICTURES) {
  const path = `${ROOT}docs/${name}`;
  const fresh = existsSync(path) && statSync(path).mtimeMs >= started;
  if (!fresh) missing++;
  console.log(`${fresh ? "wrote" : "NOT written:"} docs/${name}${fresh ? ` (${Math.round(statSync(path).size / 1024)} KB)` : ""}`);
}
process.exit(missing ? 1 : 0);
