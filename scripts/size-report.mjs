// Size report against DESIGN.md's budgets: the .wasm ≤ 150 KB gzip, JS facade + glue ≤ 20 KB
// gzip. DESIGN.md asks for budgets to be measured and reported (not asserted by tests), so this
// prints each size with its status; `--strict` makes an over-budget size fail the run.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = new URL("../js-package/dist/", import.meta.url).pathname;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function jsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return jsFiles(p);
    return p.endsWith(".js") && !p.endsWith("inline-bytes.js") ? [p] : [];
  });
}

const wasm = readFileSync(join(dist, "wasm", "turnkeeper_bg.wasm"));
// The integration kits are subpath exports of their own (turnkeeper/owlbear, turnkeeper/foundry),
// loaded only by the hosts that import them: reported apart from the main browser entry.
const kitDirs = ["owlbear", "foundry", "kits"].map((d) => join(dist, d));
const inKit = (p) => kitDirs.some((d) => p.startsWith(d));
const js = Buffer.concat(jsFiles(dist).filter((p) => !p.endsWith("inline.js") && !p.endsWith("node.js") && !inKit(p)).map((p) => readFileSync(p)));
const kit = (name) => Buffer.concat([...jsFiles(join(dist, name)), ...jsFiles(join(dist, "kits"))].map((p) => readFileSync(p)));
const inline = readFileSync(join(dist, "wasm", "inline-bytes.js"));
const rows = [
  ["wasm (raw)", kb(wasm.length), ""],
  ["wasm (gzip -9)", kb(gz(wasm)), "budget 150 KB"],
  ["JS facade + glue, browser entry (gzip -9)", kb(gz(js)), "budget 20 KB"],
  ["inline entry's base64 module (gzip -9)", kb(gz(inline)), ""],
  ["turnkeeper/owlbear, beside the entry (gzip -9)", kb(gz(kit("owlbear"))), ""],
  ["turnkeeper/foundry, beside the entry (gzip -9)", kb(gz(kit("foundry"))), ""],
];
for (const [what, size, note] of rows) console.log(`${what.padEnd(48)} ${size.padStart(10)}  ${note}`);
let over = false;
if (gz(wasm) > 150 * 1024) (over = true), console.log("OVER BUDGET: the wasm exceeds 150 KB gzip");
if (gz(js) > 20 * 1024) (over = true), console.log("OVER BUDGET: the JS facade + glue exceeds 20 KB gzip");
if (!over) console.log("within budget");
process.exit(over && process.argv.includes("--strict") ? 1 : 0);
