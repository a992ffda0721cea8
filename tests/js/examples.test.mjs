// The package's examples (js-package/examples/, shipped in the tarball and linked from its README)
// run as a user would run them: from the packed tarball, extracted, each with `node`, importing
// `turnkeeper` by name (the package resolves itself through its own "exports"). Each example's
// output is checked against what the package itself computes, not only for a zero exit status.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { roll } from "turnkeeper";

const pkgDir = fileURLToPath(new URL("../../js-package/", import.meta.url));
let work = "";
let shipped = "";

before(() => {
  work = mkdtempSync(join(tmpdir(), "turnkeeper-examples-"));
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: pkgDir, encoding: "utf8" });
  const info = JSON.parse(out)[0];
  execFileSync("tar", ["-xzf", join(work, info.filename), "-C", work]);
  shipped = join(work, "package");
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Runs one shipped example.
 * @param {string} name
 * @param {string[]} args
 */
function run(name, ...args) {
  const r = spawnSync(process.execPath, [join(shipped, "examples", name), ...args], { encoding: "utf8", timeout: 60_000 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

test("the tarball ships every example, and the package README links to each", () => {
  const inRepo = readdirSync(join(pkgDir, "examples")).filter((f) => f.endsWith(".mjs")).sort();
  assert.deepEqual(inRepo, ["dice.mjs", "encounter-sync.mjs", "journey.mjs"]);
  assert.deepEqual(readdirSync(join(shipped, "examples")).sort(), inRepo);
  const readme = readFileSync(join(shipped, "README.md"), "utf8");
  for (const f of inRepo) assert.ok(readme.includes(`](examples/${f})`), `README links examples/${f}`);
});

test("dice.mjs prints the roll the package makes: the line, every die, the total", () => {
  const seeded = run("dice.mjs", "4d6kh3+2", "--seed", "42");
  assert.equal(seeded.status, 0, seeded.err);
  const expected = roll("4d6kh3+2", { seed: 42 });
  const lines = seeded.out.trim().split("\n");
  assert.equal(lines[0], String(expected));
  assert.deepEqual(
    lines.slice(1, -1),
    expected.dice.map((d) => `  d${d.sides}: ${d.face}${d.dropped ? " (dropped)" : ""}`),
  );
  assert.equal(lines.at(-1), `total ${expected.total}`);

  const typedIn = run("dice.mjs", "2d20kh1+5", "--faces", "4,17");
  assert.equal(typedIn.status, 0, typedIn.err);
  assert.match(typedIn.out, /^total 22$/m);

  const formula = run("dice.mjs", "@str + 1d20", "--data", '{"str":3}', "--seed", "1");
  assert.equal(formula.status, 0, formula.err);
  assert.match(formula.out, new RegExp(`^total ${roll("@str + 1d20", { data: { str: 3 }, seed: 1 }).total}$`, "m"));
});

test("dice.mjs reports a notation it cannot read by code and position, and exits 1", () => {
  const bad = run("dice.mjs", "4d6kh3+");
  assert.equal(bad.status, 1);
  assert.equal(bad.out, "");
  assert.match(bad.err, /^NOTATION_SYNTAX: .+ \(at character 7\)\n$/);
});

test("encounter-sync.mjs keeps a player's copy with the GM's: hidden creatures left out, a lost batch healed", () => {
  const r = run("encounter-sync.mjs");
  assert.equal(r.status, 0, r.err);
  assert.match(r.out, /^GM: +Round 1 begins\.$/m);
  assert.match(r.out, /^player sees 3 of 4 participants$/m);
  assert.match(r.out, /^player: nobody it can see is acting in round 1$/m);
  assert.match(r.out, /^player: OUT_OF_SYNC \(expected batch \d+, got batch \d+/m);
  assert.match(r.out, /^player and GM agree on what players may see: true$/m);
  assert.doesNotMatch(r.out, /Lurker.*player|player.*Lurker/);
});

test("journey.mjs tells the same seeded story every run, and its snapshot restores", () => {
  const first = run("journey.mjs", "5");
  const again = run("journey.mjs", "5");
  assert.equal(first.status, 0, first.err);
  assert.equal(again.out, first.out);
  const lines = first.out.split("\n");
  assert.equal(lines.filter((l) => /^Travel turn \d \(return DC \d+\):$/.test(l)).length, 3);
  const burnt = lines.findIndex((l) => l.includes("torch burnt out"));
  assert.ok(burnt > 0, first.out);
  assert.equal(lines[burnt + 2], "  lantern lit", "the lantern is lit after the hour the torch went out");
  assert.match(first.out, /^ {2}Rolling to return \(the arduous way\): /m);
  assert.match(first.out, /^restored from the snapshot: true$/m);
  const other = run("journey.mjs", "6");
  assert.equal(other.status, 0, other.err);
  assert.notEqual(other.out, first.out, "another seed, another story");
});
