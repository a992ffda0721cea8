// What a module developer meets when something goes wrong, from the packed tarball (issue 36):
// an uncaught error prints its message first, not a page of minified code; stack frames name
// the facade's own functions; source maps ship and lead back to the TypeScript; the tarball
// carries nothing the build left behind.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";

const pkgDir = new URL("../../js-package/", import.meta.url).pathname;
/** @type {string} */
let work;
/** @type {string} */
let app;
/** @type {string[]} */
let files;

before(() => {
  work = mkdtempSync(join(tmpdir(), "turnkeeper-debug-"));
  const info = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: pkgDir, encoding: "utf8" }))[0];
  files = info.files.map((/** @type {{ path: string }} */ f) => f.path);
  app = join(work, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", join(work, info.filename)], { cwd: app, stdio: "pipe" });
});
after(() => rmSync(work, { recursive: true, force: true }));

test("the tarball carries no build leftovers: no stamp, no declaration nothing imports", () => {
  assert.ok(!files.some((f) => /(^|\/)\.stamp$/.test(f)), `no stamp in ${files.filter((f) => f.includes("stamp"))}`);
  // Every .d.ts is reached from a `types` of the package's exports, through the declarations'
  // own imports: an orphan (a declaration of a file that is not shipped) is a leftover.
  const root = join(app, "node_modules", "turnkeeper");
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  /** @type {string[]} */
  const queue = Object.values(manifest.exports).flatMap((e) => (typeof e === "object" && e.types ? [e.types.replace(/^\.\//, "")] : []));
  const reached = new Set();
  while (queue.length > 0) {
    const dts = /** @type {string} */ (queue.pop());
    if (reached.has(dts)) continue;
    reached.add(dts);
    const text = readFileSync(join(root, dts), "utf8");
    for (const m of text.matchAll(/(?:from|import\()\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = posix.normalize(posix.join(posix.dirname(dts), m[1] ?? "")).replace(/\.js$/, ".d.ts");
      queue.push(target);
    }
  }
  // A declaration beside a shipped .js (the Node entries, error-site.js) is that file's own.
  const orphans = files.filter((f) => f.endsWith(".d.ts") && !reached.has(f) && !files.includes(f.replace(/\.d\.ts$/, ".js")));
  assert.deepEqual(orphans, [], "declarations that no entry's types reach, of files the tarball does not carry");
});

test("every shipped entry has a source map that leads back to the package's TypeScript", () => {
  const entries = files.filter((f) => /^dist\/.*\.js$/.test(f) && f !== "dist/error-site.js");
  assert.ok(entries.length >= 8, entries.join(", "));
  for (const entry of entries) {
    const code = readFileSync(join(app, "node_modules", "turnkeeper", entry), "utf8");
    const name = entry.split("/").pop();
    assert.ok(code.trimEnd().endsWith(`//# sourceMappingURL=${name}.map`), `${entry} links its map`);
    assert.ok(files.includes(`${entry}.map`), `${entry}.map is shipped`);
  }
  const map = JSON.parse(readFileSync(join(app, "node_modules", "turnkeeper", "dist", "index.js.map"), "utf8"));
  const encounter = map.sources.findIndex((/** @type {string} */ s) => s.endsWith("src/core/encounter.ts"));
  assert.ok(encounter >= 0, "index.js.map names src/core/encounter.ts");
  assert.match(map.sourcesContent[encounter], /export class Encounter\b/, "and carries its TypeScript");
});

/**
 * Run `code` as the user's module and return what Node printed for its uncaught error.
 * @param {string} code
 * @param {string[]} [flags]
 */
function uncaught(code, flags = []) {
  writeFileSync(join(app, "main.mjs"), code);
  const run = spawnSync("node", [...flags, "main.mjs"], { cwd: app, encoding: "utf8" });
  assert.notEqual(run.status, 0);
  return run.stderr;
}

test("an uncaught TurnkeeperError prints its message first, then the facade's frames and the caller's", () => {
  const stderr = uncaught(`import { Encounter } from "turnkeeper";
const enc = new Encounter({ ruleset: "a5e", seed: 1 });
function addTheOrc() { enc.add({ id: "orc", name: "Orc", side: "foes", dex: 99 }); }
addTheOrc();
`);
  const lines = stderr.split("\n");
  const message = lines.findIndex((l) => l.startsWith("TurnkeeperError: "));
  assert.ok(message >= 0 && message <= 4, `the message comes within the first lines:\n${stderr.slice(0, 600)}`);
  for (const line of lines.slice(0, message)) assert.ok(line.length < 160, `no long line before the message: ${line.slice(0, 200)}`);
  const frames = lines.slice(message + 1).filter((l) => l.trim().startsWith("at "));
  assert.ok(frames.some((f) => / at Encounter\.add \(/.test(f)), `the facade's method is named:\n${frames.join("\n")}`);
  assert.ok(frames.some((f) => /at addTheOrc \(.*main\.mjs:3:/.test(f)), `the caller's frame is there:\n${frames.join("\n")}`);
});

test("the entries' exported functions and classes keep their own names, so logs and stack frames read like the API", async () => {
  const dist = join(app, "node_modules", "turnkeeper", "dist");
  // `Journey` is the one exception: its class is `JourneyClass`, behind the typed constructor
  // that carries a journey's ruleset (src/core/journey.ts).
  const known = new Map([["Journey", "JourneyClass"]]);
  for (const entry of ["index.js", "core-only.js", "dice.js", "node.js"]) {
    const mod = await import(join(dist, entry));
    const functions = Object.entries(mod).filter(([, v]) => typeof v === "function");
    assert.ok(functions.some(([k]) => k === "initSync"), `${entry} exports initSync`);
    for (const [name, value] of functions) {
      assert.equal(value.name, known.get(name) ?? name, `${entry}: ${name}.name (esbuild renames a clash, as initSync once read "initSync3")`);
    }
  }
});

test("with --enable-source-maps the frames point into the package's TypeScript", () => {
  const stderr = uncaught(`import { roll } from "turnkeeper";\nroll("2d");\n`, ["--enable-source-maps"]);
  assert.match(stderr, /TurnkeeperError: /);
  assert.match(stderr, /src\/core\/[\w-]+\.ts:\d+:\d+/, stderr.slice(0, 1500));
});

test("the browser entries import no module of their own, so a page's first roll waits on no second request", () => {
  const dist = join(app, "node_modules", "turnkeeper", "dist");
  for (const entry of ["index.js", "dice.js"]) {
    const code = readFileSync(join(dist, entry), "utf8");
    // A static `import … from "./x.js"` (or a bare `import "./x.js"`) would be fetched only
    // after this file is parsed: a request in a row before `init()` can start the .wasm's.
    // Statements only: a statement starts the file or follows `;`, `}` or a line break (a
    // message that says `import "turnkeeper/procedures"` does not).
    const imports = [...code.matchAll(/(?:^|[;}\n])\s*(?:import|export)\s*(?:(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?|[\w$]+)\s*from\s*)?["']([^"']+)["']/g)].map((m) => m[1]);
    assert.ok(!/^import\b/.test(code) || imports.length > 0, "the pattern reads this file's statements");
    assert.deepEqual(imports, [], `${entry} imports ${imports.join(", ")}`);
  }
  // The Node entries keep the shipped error-site.js, whose short line Node prints above an uncaught error.
  for (const entry of ["node.js", "dice-node.js", "core-only-node.js", "procedures-node.js"]) {
    assert.match(readFileSync(join(dist, entry), "utf8"), /from"\.\/error-site\.js"/, entry);
  }
});

test("an uncaught error from turnkeeper/dice also starts at the shipped error site", () => {
  const stderr = uncaught(`import { roll } from "turnkeeper/dice";\nroll("2d");\n`);
  const lines = stderr.split("\n");
  const message = lines.findIndex((l) => l.startsWith("TurnkeeperError: "));
  assert.ok(message >= 0 && message <= 4, `the message comes within the first lines:\n${stderr.slice(0, 600)}`);
  for (const line of lines.slice(0, message)) assert.ok(line.length < 160, `no long line before the message: ${line.slice(0, 200)}`);
  assert.match(lines[message + 1] ?? "", /at captureErrorSite \(.*error-site\.js:\d+:\d+\)/);
  assert.match(lines[message + 2] ?? "", /at new TurnkeeperError \(/);
});
