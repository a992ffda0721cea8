// The package as a user receives it: `npm pack`, install the tarball into an empty folder with
// no network, import it from Node, and check what the tarball contains.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const pkgDir = new URL("../../js-package/", import.meta.url).pathname;

test("npm pack tarball installs into an empty folder and works from Node", () => {
  const work = mkdtempSync(join(tmpdir(), "turnkeeper-pack-"));
  try {
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: pkgDir, encoding: "utf8" });
    const info = JSON.parse(out)[0];
    const files = info.files.map((/** @type {{ path: string }} */ f) => f.path);
    assert.ok(files.includes("dist/wasm/turnkeeper_bg.wasm"), "tarball carries the wasm");
    assert.ok(files.includes("dist/index.d.ts"), "tarball carries types");
    assert.ok(files.includes("dist/inline.js"), "tarball carries the inline entry");
    for (const f of ["dist/dice.js", "dist/dice-node.js", "dist/dice.d.ts", "dist/wasm/dice_bg.wasm"]) assert.ok(files.includes(f), `tarball carries ${f}`);
    assert.ok(!files.some((/** @type {string} */ f) => f.startsWith("src/")), "sources are not shipped");
    const app = join(work, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", join(work, info.filename)], { cwd: app, stdio: "pipe" });
    writeFileSync(
      join(app, "main.mjs"),
      `import { roll, TurnkeeperError, Dice } from "turnkeeper";
       import * as inline from "turnkeeper/inline";
       import * as dice from "turnkeeper/dice";
       await inline.init();
       const a = roll("4d6kh3+2", { seed: 42 });
       const b = inline.roll("4d6kh3+2", { seed: 42 });
       const c = dice.roll("4d6kh3+2", { seed: 42 });
       let code = "";
       try { roll("1d0"); } catch (e) { code = e instanceof TurnkeeperError ? e.code : "?"; }
       console.log(JSON.stringify({ a: a.total, b: b.total, c: c.total, code, box: new Dice({ seed: 1 }).kind }));`,
    );
    const result = JSON.parse(execFileSync("node", ["main.mjs"], { cwd: app, encoding: "utf8" }));
    assert.equal(result.a, result.b);
    assert.equal(result.a, result.c, "turnkeeper/dice rolls as the main entry");
    assert.equal(result.code, "NOTATION_LIMIT");
    assert.equal(result.box, "seeded");
    assert.ok(readdirSync(join(app, "node_modules", "turnkeeper", "dist", "wasm")).includes("turnkeeper_bg.wasm"));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("the tarball carries both licences, the manifest's links, and every file its README links to", () => {
  const work = mkdtempSync(join(tmpdir(), "turnkeeper-pack-links-"));
  try {
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: pkgDir, encoding: "utf8" });
    const info = JSON.parse(out)[0];
    /** @type {string[]} */
    const files = info.files.map((/** @type {{ path: string }} */ f) => f.path);
    for (const f of ["LICENSE-MIT", "LICENSE-APACHE", "README.md", "NOTATION.md"]) assert.ok(files.includes(f), `tarball carries ${f}`);
    execFileSync("tar", ["-xzf", join(work, info.filename), "-C", work]);
    const shipped = join(work, "package");
    assert.match(readFileSync(join(shipped, "LICENSE-MIT"), "utf8"), /^MIT License/);
    assert.match(readFileSync(join(shipped, "LICENSE-APACHE"), "utf8"), /Apache License\s+Version 2\.0/);
    const manifest = JSON.parse(readFileSync(join(shipped, "package.json"), "utf8"));
    assert.equal(manifest.license, "MIT OR Apache-2.0");
    assert.match(manifest.repository.url, /^git\+https:\/\/.+\.git$/);
    assert.match(manifest.homepage, /^https:\/\//);
    assert.match(manifest.bugs.url, /^https:\/\//);
    // Relative links must resolve inside the tarball (npm shows the README without the repo).
    const readme = readFileSync(join(shipped, "README.md"), "utf8");
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "");
    assert.ok(links.length > 0);
    for (const link of links) {
      if (/^(https?:|mailto:|#)/.test(link)) continue;
      const target = link.split("#")[0] ?? "";
      assert.ok(existsSync(join(shipped, target)), `README link ${link} resolves in the tarball`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
