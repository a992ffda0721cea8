// Where the .wasm's bytes go: twiggy's per-function sizes of the release build (before
// wasm-bindgen and wasm-opt, which keep the function names), grouped by crate and by module of
// this crate, as Markdown tables for the budget record (docs/records/benchmarks.md).
//
// Usage: node scripts/size-breakdown.mjs [path/to/turnkeeper.wasm]
// Needs `twiggy` (`cargo install twiggy`, installed here on first use). Not part of `npm test`.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const wasm = process.argv[2] ?? join(root, "target/module-core/wasm32-unknown-unknown/release/turnkeeper.wasm");
if (!existsSync(wasm)) {
  console.error(`no ${wasm}: run \`npm run build\` first`);
  process.exit(1);
}

function twiggy() {
  const local = join(homedir(), ".cargo", "bin", "twiggy");
  for (const bin of ["twiggy", local]) {
    try {
      execFileSync(bin, ["--version"], { stdio: "ignore" });
      return bin;
    } catch {
      // not there
    }
  }
  console.error("[size-breakdown] installing twiggy (once)");
  execFileSync("cargo", ["install", "twiggy"], { stdio: "inherit" });
  return local;
}

const csv = execFileSync(twiggy(), ["top", "-n", "1000000", "--format", "csv", wasm], {
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
});

/** Split one CSV line (names may be quoted and contain commas). */
function cells(line) {
  const out = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") out.push(cur), (cur = "");
    else cur += c;
  }
  out.push(cur);
  return out;
}

const byCrate = new Map();
const byModule = new Map();
let total = 0;
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);
for (const line of csv.trim().split("\n").slice(1)) {
  const [name = "", size = "0"] = cells(line);
  const bytes = Number(size);
  // Names and custom sections are dropped from the shipped module.
  if (name.includes("subsection") || name.startsWith("custom section")) continue;
  total += bytes;
  let crate;
  if (name.startsWith("data segment")) crate = "(data: strings and tables)";
  else if (/wire::(FromWire|ToWire|reader|writer|impls)/.test(name)) crate = "turnkeeper (JSON boundary: wire)";
  else {
    const m = /^<?(?:&(?:mut )?)?([a-z_][a-z0-9_]*)/.exec(name);
    crate = m?.[1] ?? "(other)";
    if (/^(core|alloc|std)$/.test(crate)) crate = "core/alloc/std";
  }
  add(byCrate, crate, bytes);
  const mod = /turnkeeper::(\w+)(?:::(\w+))?/.exec(name);
  if (mod && crate.startsWith("turnkeeper") && !crate.includes("wire")) {
    const sub = ["procedures", "wasm", "exploration", "encounter"].includes(mod[1] ?? "") && mod[2] ? `::${mod[2]}` : "";
    add(byModule, `${mod[1]}${sub}`, bytes);
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pct = (n) => `${((100 * n) / total).toFixed(1)} %`;
function table(title, map, rows) {
  console.log(`\n| ${title} | bytes | share |\n|---|---:|---:|`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`| ${k} | ${kb(v)} | ${pct(v)} |`);
}
console.log(`code and data of ${wasm.replace(root, "")}: ${kb(total)} (before wasm-opt)`);
table("crate", byCrate, 12);
table("module of turnkeeper", byModule, 15);
