// Records the fuzz targets' templates (fuzz/templates/*.jsonl) from what the JS tests send
// through the glue: each encounter, journey and creature handle's snapshot before its first
// command and the commands made on it, and every procedure call's name and input. Run it after
// a build (`TURNKEEPER_FAST=1 bash scripts/build.sh`) when the glue's inputs change:
//
//   node scripts/fuzz-record.mjs
//
// It wraps the built glue's methods for the duration of one `node --test` run (the built file
// is restored afterwards), then keeps a bounded, de-duplicated selection.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, readdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
// The glue is bundled into the browser entry (scripts/build-package.mjs), with the handles.
const glue = join(root, "js-package/dist/index.js");
if (!/\bEncounterHandle\b/.test(readFileSync(glue, "utf8"))) throw new Error("fuzz-record: js-package/dist/index.js does not define the glue's handles; build first");
const log = join(tmpdir(), `turnkeeper-record-${process.pid}.jsonl`);
const MAX_COMMANDS = 80; // per handle
const MAX_SNAPSHOT = 24 * 1024; // larger starting states make slow fuzz templates
const MAX_PROCEDURE_CALLS = 6; // per procedure name

const recorder = `
import { appendFileSync as __recAppend } from "node:fs";
if (process.env.TURNKEEPER_RECORD) {
  const out = process.env.TURNKEEPER_RECORD;
  let next = 1;
  const ids = new WeakMap();
  const put = (o) => { try { __recAppend(out, JSON.stringify(o) + "\\n"); } catch {} };
  const id = (h, kind) => {
    if (!ids.has(h)) { const i = next++; ids.set(h, i); put({ h: i, kind, init: h.toJSON() }); }
    return ids.get(h);
  };
  const parse = (t) => { try { return JSON.parse(t); } catch { return t; } };
  for (const [cls, kind] of [[EncounterHandle, "encounter"], [JourneyHandle, "journey"]]) {
    const { execute, executeWith } = cls.prototype;
    cls.prototype.execute = function (c, b) { put({ h: id(this, kind), cmd: parse(c) }); return execute.call(this, c, b); };
    cls.prototype.executeWith = function (c, d, b) { put({ h: id(this, kind), cmd: parse(c) }); return executeWith.call(this, c, d, b); };
  }
  const { declareMany } = EncounterHandle.prototype;
  EncounterHandle.prototype.declareMany = function (d, b) {
    put({ h: id(this, "encounter"), cmd: { type: "declareMany", declarations: parse(d) } });
    return declareMany.call(this, d, b);
  };
  const creatureExecute = CreatureHandle.prototype.execute;
  CreatureHandle.prototype.execute = function (c, dice, b) { put({ h: id(this, "creature"), cmd: parse(c) }); return creatureExecute.call(this, c, dice, b); };
  const run = procedure;
  procedure = function (name, input, dice) { put({ proc: name, input: parse(input) }); return run(name, input, dice); };
}
`;

const original = readFileSync(glue, "utf8");
try {
  writeFileSync(glue, original + recorder);
  if (existsSync(log)) rmSync(log);
  const tests = readdirSync(join(root, "tests/js"))
    .filter((f) => f.endsWith(".test.mjs"))
    .map((f) => join("tests/js", f));
  try {
    execFileSync("node", ["--test", "--test-concurrency=1", ...tests], {
      cwd: root,
      env: { ...process.env, TURNKEEPER_RECORD: log },
      stdio: ["ignore", "ignore", "inherit"],
    });
  } catch {
    console.warn("[fuzz-record] some tests failed; keeping what was recorded");
  }
} finally {
  writeFileSync(glue, original);
}

const lines = readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
rmSync(log);
/** @type {Record<string, string[]>} */
const out = { encounter: [], journey: [], creature: [], procedure: [] };
/** @type {Map<number, { kind: string, n: number, ok: boolean }>} */
const handles = new Map();
const seenRuns = new Set();
/** @type {Map<string, Set<string>>} */
const calls = new Map();
for (const l of lines) {
  if (l.proc !== undefined) {
    const set = calls.get(l.proc) ?? new Set();
    calls.set(l.proc, set);
    const text = JSON.stringify(l);
    if (set.size < MAX_PROCEDURE_CALLS && !set.has(text)) {
      set.add(text);
      out.procedure.push(text);
    }
  } else if (l.init !== undefined) {
    const ok = l.init.length <= MAX_SNAPSHOT && !seenRuns.has(l.init);
    seenRuns.add(l.init);
    handles.set(l.h, { kind: l.kind, n: 0, ok });
    if (ok) out[l.kind].push(JSON.stringify({ h: l.h, init: l.init }));
  } else {
    const h = handles.get(l.h);
    if (h && h.ok && h.n < MAX_COMMANDS) {
      h.n += 1;
      out[h.kind].push(JSON.stringify({ h: l.h, cmd: l.cmd }));
    }
  }
}
for (const [kind, rows] of Object.entries(out)) {
  writeFileSync(join(root, `fuzz/templates/${kind}.jsonl`), rows.join("\n") + "\n");
  console.log(`[fuzz-record] ${kind}: ${rows.length} lines`);
}
