// The record of a module's mutation run kept across sittings (issue 14): docs/mutants/MODULE/
// holds the outcome of every mutant tested so far (caught.txt, missed.txt, unviable.txt,
// timeout.txt, one cargo-mutants name per line) and summary.json with the counts.
//
//   node scripts/mutants-merge.mjs --seed MODULE   # before a run: the record → target/…/mutants.out
//   node scripts/mutants-merge.mjs --save MODULE   # after a run: merge its outcomes into the record
//   node scripts/mutants-merge.mjs --summary       # every module's counts
//
// Used by `scripts/mutants.sh MODULE --resume`. A mutant's latest outcome wins; names that the
// current source no longer produces (a line moved, a function went) are dropped, so the counts
// always describe today's code.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUTCOMES = ["caught", "missed", "unviable", "timeout"];

/** @param {string} file */
function lines(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "");
}

const byName = (/** @type {string} */ a, /** @type {string} */ b) => a.localeCompare(b, "en", { numeric: true });

/** @param {string} module */
const recordDir = (module) => join(root, "docs", "mutants", module);
/** @param {string} module */
const runDir = (module) => join(root, "target", "mutants", module, "mutants.out");

/** @param {string} module every mutant the current source gives for the module */
function currentMutants(module) {
  const out = execFileSync("cargo", ["mutants", "-p", "turnkeeper", "-f", `crate/src/${module}/**`, "--list"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Set(out.split("\n").filter((l) => l.trim() !== ""));
}

/** @param {string} module @returns {Record<string, string[]>} */
function readRecord(module) {
  return Object.fromEntries(OUTCOMES.map((o) => [o, lines(join(recordDir(module), `${o}.txt`))]));
}

/** @param {string} module */
function seed(module) {
  const record = readRecord(module);
  const dir = runDir(module);
  mkdirSync(dir, { recursive: true });
  // What `--iterate` skips: mutants caught or unviable before.
  writeFileSync(join(dir, "caught.txt"), record.caught.map((l) => `${l}\n`).join(""));
  writeFileSync(join(dir, "unviable.txt"), record.unviable.map((l) => `${l}\n`).join(""));
  for (const o of ["missed", "timeout", "previously_caught"]) writeFileSync(join(dir, `${o}.txt`), "");
  console.log(`[mutants] ${module}: ${record.caught.length + record.unviable.length} mutants already settled`);
}

/** @param {string} module */
function save(module) {
  const record = readRecord(module);
  const dir = runDir(module);
  /** @type {Map<string, string>} */
  const outcome = new Map();
  for (const o of OUTCOMES) for (const name of record[o] ?? []) outcome.set(name, o);
  // This run's outcomes replace older ones (a missed mutant caught after a new test, say).
  for (const o of OUTCOMES) for (const name of lines(join(dir, `${o}.txt`))) outcome.set(name, o);
  const current = currentMutants(module);
  mkdirSync(recordDir(module), { recursive: true });
  /** @type {Record<string, number>} */
  const counts = {};
  for (const o of OUTCOMES) {
    const names = [...outcome].filter(([name, got]) => got === o && current.has(name)).map(([name]) => name).sort(byName);
    writeFileSync(join(recordDir(module), `${o}.txt`), names.map((l) => `${l}\n`).join(""));
    counts[o] = names.length;
  }
  const summary = { module, mutants: current.size, ...counts, untested: current.size - Object.values(counts).reduce((a, b) => a + b, 0) };
  writeFileSync(join(recordDir(module), "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`[mutants] ${line(summary)}`);
}

/** @param {{ module: string, mutants: number, caught: number, missed: number, unviable: number, timeout: number, untested: number }} s */
function line(s) {
  const viable = s.caught + s.missed + s.timeout;
  const share = viable === 0 ? "—" : `${((100 * s.caught) / viable).toFixed(1)} %`;
  return `${s.module}: ${s.mutants} mutants, ${s.mutants - s.untested} tested: ${s.caught} caught, ${s.missed} missed, ${s.unviable} unviable, ${s.timeout} timed out; ${share} of the viable ones caught`;
}

function summary() {
  const base = join(root, "docs", "mutants");
  if (!existsSync(base)) return;
  for (const module of readdirSync(base).sort()) {
    const file = join(base, module, "summary.json");
    if (existsSync(file)) console.log(line(JSON.parse(readFileSync(file, "utf8"))));
  }
}

const [mode, module] = process.argv.slice(2);
if (mode === "--summary") summary();
else if ((mode === "--seed" || mode === "--save") && /^[a-z_]+$/.test(module ?? "")) {
  if (mode === "--seed") seed(module);
  else save(module);
} else {
  console.error("usage: node scripts/mutants-merge.mjs --seed MODULE | --save MODULE | --summary");
  process.exit(2);
}
