// docs/rules.md is the index of rule IDs: every ID the code or the tests cite is listed, every
// listed rule has a test named after it, and every test the page names exists and names its rule.
// The READMEs link only to files the repository holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname, relative } from "node:path";

const root = new URL("../../", import.meta.url).pathname;
const ID = /\b(?:GH|A5E|HYB|OSE|SRD)-[A-Z]+-\d+\b/g;
/** Folders whose text files may cite rule IDs (generated output and dependencies left out). */
const SCANNED = ["crate/src", "crate/tests", "crate/examples", "crate/derive", "js-package/src", "demo", "tests", "scripts", "README.md", "js-package/README.md"];
const SKIPPED = new Set(["node_modules", "dist", "target", "pkg", ".git"]);
const TEXT = /\.(rs|ts|mjs|js|md|html|json|css|py|sh)$/;

/**
 * Every text file under `rel` (a folder or a file), relative to the repository root.
 * @param {string} rel
 * @returns {string[]}
 */
function files(rel) {
  const abs = join(root, rel);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return TEXT.test(rel) ? [rel] : [];
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(abs).sort()) {
    if (SKIPPED.has(name)) continue;
    out.push(...files(join(rel, name)));
  }
  return out;
}

/** @param {string} rel */
const read = (rel) => readFileSync(join(root, rel), "utf8");

/**
 * The rows of docs/rules.md: the tested rules, and those left to the GM.
 * @returns {{ tested: Map<string, string[]>, untested: Set<string> }}
 */
function index() {
  /** @type {Map<string, string[]>} */
  const tested = new Map();
  /** @type {Set<string>} */
  const untested = new Set();
  let leftToGm = false;
  for (const line of read("docs/rules.md").split("\n")) {
    if (line.startsWith("## ")) leftToGm = line === "## Left to the GM";
    const row = /^\| ((?:GH|A5E|HYB|OSE|SRD)-[A-Z]+-\d+) \| ([^|]+) \| (.*) \|$/.exec(line);
    if (!row) continue;
    const [id, summary, tests] = [row[1] ?? "", row[2] ?? "", row[3] ?? ""];
    assert.ok(summary.trim().length > 0, `${id} has a summary`);
    assert.ok(!tested.has(id) && !untested.has(id), `${id} is listed once`);
    if (leftToGm) untested.add(id);
    else tested.set(id, [...tests.matchAll(/`([^`]+)`/g)].map((m) => /** @type {string} */ (m[1])));
  }
  return { tested, untested };
}

/** Rule areas by ruleset prefix, as the index lists them (to read IDs out of test names). */
const { tested: TESTED, untested: UNTESTED } = index();
/** @type {Map<string, Set<string>>} */
const AREAS = new Map();
for (const id of [...TESTED.keys(), ...UNTESTED]) {
  const [ruleset, area] = /** @type {[string, string]} */ (id.toLowerCase().split("-"));
  if (!AREAS.has(ruleset)) AREAS.set(ruleset, new Set());
  AREAS.get(ruleset)?.add(area);
}

/**
 * The rule IDs a Rust test name covers: `ose_dung_09_…` → OSE-DUNG-09, `hyb_act_02_03_…` →
 * HYB-ACT-02 and -03, `ose_wild_07_haz_03_…` → OSE-WILD-07 and OSE-HAZ-03.
 * @param {string} name
 * @returns {string[]}
 */
function idsOfTestName(name) {
  const t = name.split("_");
  /** @type {string[]} */
  const out = [];
  let ruleset = "";
  let area = "";
  for (let i = 0; i < t.length; i++) {
    const word = /** @type {string} */ (t[i]);
    const next = t[i + 1] ?? "";
    if (AREAS.get(word)?.has(next)) {
      ruleset = word;
      area = next;
      i++;
    } else if (ruleset && AREAS.get(ruleset)?.has(word) && /^\d+$/.test(next)) {
      area = word;
    } else if (ruleset && /^\d+$/.test(word)) {
      out.push(`${ruleset}-${area}-${word}`.toUpperCase());
    } else {
      ruleset = "";
      area = "";
    }
  }
  return out;
}

/**
 * Every test: its reference as docs/rules.md writes it, and the IDs it covers.
 * @returns {Map<string, string[]>}
 */
function allTests() {
  /** @type {Map<string, string[]>} */
  const out = new Map();
  for (const file of [...files("crate/tests"), ...files("crate/src")].filter((f) => f.endsWith(".rs"))) {
    for (const m of read(file).matchAll(/#\[test\]\s*(?:#\[[^\]]*\]\s*)*fn ([a-z0-9_]+)/g)) {
      const name = /** @type {string} */ (m[1]);
      out.set(`${file}::${name}`, idsOfTestName(name));
    }
  }
  for (const file of files("tests/js").filter((f) => f.endsWith(".test.mjs"))) {
    for (const m of read(file).matchAll(/\btest\(\s*"([^"]+)"/g)) {
      const title = /** @type {string} */ (m[1]);
      out.set(`${file}: "${title}"`, [...title.matchAll(ID)].map((x) => x[0]));
    }
  }
  return out;
}

test("docs/rules.md lists every rule ID cited in the code, the package, the demo and the tests", () => {
  /** @type {Map<string, string>} */
  const cited = new Map();
  for (const file of SCANNED.flatMap(files)) {
    for (const m of read(file).matchAll(ID)) if (!cited.has(m[0])) cited.set(m[0], file);
  }
  assert.ok(cited.size > 300, `found ${cited.size} cited IDs`);
  const missing = [...cited].filter(([id]) => !TESTED.has(id) && !UNTESTED.has(id));
  assert.deepEqual(missing.map(([id, file]) => `${id} (cited in ${file})`), [], "add these to docs/rules.md");
  const citedButLeftToGm = [...UNTESTED].filter((id) => cited.has(id));
  assert.deepEqual(citedButLeftToGm, [], "rules the code implements belong in the tested tables, with a test");
});

test("every rule in docs/rules.md's tables has a test named after it, and every listed test exists and names it", () => {
  const tests = allTests();
  /** @type {Set<string>} */
  const covered = new Set([...tests.values()].flat());
  const untested = [...TESTED.keys()].filter((id) => !covered.has(id));
  assert.deepEqual(untested, [], "no test is named after these rules");
  /** @type {string[]} */
  const wrong = [];
  for (const [id, listed] of TESTED) {
    if (listed.length === 0) wrong.push(`${id}: no test listed`);
    for (const t of listed) {
      const ids = tests.get(t);
      if (!ids) wrong.push(`${id}: ${t} does not exist`);
      else if (!ids.includes(id)) wrong.push(`${id}: ${t} does not name it`);
    }
  }
  assert.deepEqual(wrong, []);
});

/**
 * The worked examples a test name covers: `ex_ose_12_…` → EX-OSE-12, `ex_gh_02_03_…` → EX-GH-02
 * and EX-GH-03.
 * @param {string} name
 */
function examplesOfTestName(name) {
  return [...name.matchAll(/(?:^|_)ex_(gh|a5e|hyb|ose)((?:_\d{2})+)(?=_|$)/g)].flatMap((m) =>
    (m[2] ?? "").split("_").slice(1).map((n) => `EX-${(m[1] ?? "").toUpperCase()}-${n}`),
  );
}

/** Cross-references the code cites beside rule IDs: conflicts, worked examples, readings. */
const XREF = /\b(?:C-\d{2}|G-\d{2}|EX-(?:GH|A5E|HYB|OSE)-\d{2})\b/g;

test("docs/rules.md lists every conflict (C-), worked example (EX-) and reading (G-) that is cited, and each example's tests exist", () => {
  const page = read("docs/rules.md");
  /** @type {Map<string, string>} rows of §5–§7: `- **C-01** …`, `| EX-GH-01 | … |`, `| G-01 | … |` */
  const listed = new Map();
  for (const m of page.matchAll(/^(?:- \*\*(C-\d{2})\*\*|\| ((?:EX-[A-Z0-9]+|G)-\d{2}) \|)(.*)$/gm)) {
    const id = /** @type {string} */ (m[1] ?? m[2]);
    assert.ok(!listed.has(id), `${id} is listed once`);
    assert.ok((m[3] ?? "").trim().length > 10, `${id} has a summary`);
    listed.set(id, m[3] ?? "");
  }
  assert.ok(listed.size >= 130, `only ${listed.size} cross-references listed`);
  /** @type {string[]} */
  const missing = [];
  for (const file of SCANNED.flatMap(files)) {
    for (const m of read(file).matchAll(XREF)) if (!listed.has(m[0])) missing.push(`${m[0]} (cited in ${file})`);
  }
  assert.deepEqual([...new Set(missing)], [], "add these to docs/rules.md");
  const tests = allTests();
  /** @type {string[]} */
  const wrong = [];
  for (const [id, row] of listed) {
    if (!id.startsWith("EX-")) continue;
    for (const t of [...row.matchAll(/`([^`]+::[a-z0-9_]+)`/g)].map((x) => /** @type {string} */ (x[1]))) {
      if (!tests.has(t)) wrong.push(`${id}: ${t} does not exist`);
      else if (!examplesOfTestName(t.split("::")[1] ?? "").includes(id)) wrong.push(`${id}: ${t} does not name it`);
    }
  }
  assert.deepEqual(wrong, []);
});

test("the test-name reader finds rule lists and area changes", () => {
  assert.deepEqual(idsOfTestName("hyb_act_02_03_trading_down"), ["HYB-ACT-02", "HYB-ACT-03"]);
  assert.deepEqual(idsOfTestName("ose_wild_07_haz_03_lost_checks"), ["OSE-WILD-07", "OSE-HAZ-03"]);
  assert.deepEqual(idsOfTestName("ex_gh_08_gh_dice_04_advantage"), ["GH-DICE-04"]);
  assert.deepEqual(idsOfTestName("a5e_init_01_a5e_tba_04_d20"), ["A5E-INIT-01", "A5E-TBA-04"]);
  assert.deepEqual(examplesOfTestName("ex_gh_02_03_example_of_play"), ["EX-GH-02", "EX-GH-03"]);
  assert.deepEqual(examplesOfTestName("ose_atk_01_ex_ose_01_matrix"), ["EX-OSE-01"]);
});

test("the READMEs link only to files the repository holds", () => {
  /** @type {string[]} */
  const broken = [];
  for (const readme of ["README.md", "js-package/README.md", "crate/README.md", "demo/README.md"]) {
    if (!existsSync(join(root, readme))) continue;
    const text = read(readme);
    for (const m of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = /** @type {string} */ (m[1]);
      if (/^[a-z]+:/.test(target)) continue;
      const path = join(root, dirname(readme), target);
      if (!existsSync(path)) broken.push(`${readme}: ${target}`);
    }
    // Links to this repository on GitHub (for what the npm tarball does not carry) must name
    // files it holds.
    for (const m of text.matchAll(/github\.com\/turnkeeper-rpg\/turnkeeper\/(?:blob|tree)\/main\/([^)\s#]+)/g)) {
      const target = /** @type {string} */ (m[1]);
      if (!existsSync(join(root, target))) broken.push(`${readme}: ${m[0]}`);
    }
    // Named project files (`docs/NOTATION.md`, `docs/design.md`) must exist as well (outside
    // URLs, checked above).
    for (const m of text.replace(/https?:\/\/\S+/g, "").matchAll(/\b((?:[\w.-]+\/)*[A-Za-z][\w-]*\.md)\b/g)) {
      const name = /** @type {string} */ (m[1]);
      const candidates = [join(root, name), join(root, dirname(readme), name)];
      if (!candidates.some((p) => existsSync(p))) broken.push(`${readme}: ${name}`);
    }
  }
  assert.deepEqual(broken, [], `missing files (relative to ${relative(root, root) || "."})`);
});
