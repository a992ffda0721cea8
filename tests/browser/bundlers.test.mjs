// The packed tarball as each bundler's user gets it: installed into an app folder, bundled by
// Vite (app and library mode), esbuild, webpack 5 and Rollup with the recipes in
// js-package/README.md ("Bundlers"), and run in Chromium. Each build must emit the `.wasm` as its own file (never
// inlined as base64) and agree with Node on a seeded roll.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build as viteBuild } from "vite";
import * as esbuild from "esbuild";
import webpack from "webpack";
import { rollup } from "rollup";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import urlModule from "@rollup/plugin-url";
import ts from "typescript";

// @rollup/plugin-url's types describe its CommonJS build; the import is its ES build's default.
const url = /** @type {typeof import("@rollup/plugin-url").default} */ (/** @type {unknown} */ (urlModule));
import { Dice, ose, roll } from "turnkeeper";
import { openBrowser, OUTPUT_DIR } from "./harness.mjs";

const pkgDir = fileURLToPath(new URL("../../js-package/", import.meta.url));
const fixtures = fileURLToPath(new URL("../fixtures/bundlers/", import.meta.url));
const work = join(OUTPUT_DIR, "bundlers");
const app = join(work, "app");
// As the page hands it back: a plain object (the result's printable-line prototype stays behind).
const expected = JSON.parse(JSON.stringify(roll("4d6kh3+2", { seed: 42 })));
// A procedure rolled in the procedures' module with the core's seeded dice (issue 12's split).
const expectedReaction = ose.reaction({}, new Dice({ seed: 9 })).total;
const PAGE = (/** @type {string} */ script, /** @type {string} */ type) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bundled</title></head><body><script type="${type}" src="${script}"></script></body></html>`;

/** @type {Awaited<ReturnType<typeof openBrowser>>} */
let browser;
before(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: pkgDir, encoding: "utf8" });
  const tarball = join(work, JSON.parse(out)[0].filename);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], { cwd: app, stdio: "pipe" });
  for (const f of ["main.js", "main-esbuild.js"]) cpSync(join(fixtures, f), join(app, f));
  writeFileSync(join(app, "index.html"), PAGE("./main.js", "module"));
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** @param {string} dir the build's output folder, under tests/output/bundlers/app */
async function resultOf(dir) {
  const page = await browser.newPage();
  await page.goto(`${browser.url}/tests/output/bundlers/app/${dir}/index.html`);
  await page.waitForFunction(() => document.body.dataset.result !== undefined, null, { timeout: 20000 });
  const data = JSON.parse((await page.evaluate(() => document.body.dataset.result)) ?? "null");
  await page.close();
  return data;
}

/**
 * The three `.wasm` files (the core, the procedures and the dice) are files of the output and
 * no script carries them as base64.
 * @param {string} dir
 */
function assertWasmEmitted(dir) {
  const files = readdirSync(join(app, dir), { recursive: true }).map(String);
  const wasm = files.filter((f) => f.endsWith(".wasm"));
  assert.equal(wasm.length, 3, `three .wasm in ${files.join(", ")}`);
  for (const f of files.filter((f) => f.endsWith(".js"))) {
    assert.ok(statSync(join(app, dir, f)).size < 200_000, `${f} is small: the module is not inlined`);
  }
}

/** @param {string} dir */
function assertRuns(dir, /** @type {any} */ r) {
  assert.deepEqual(r.seeded, expected, dir);
  assert.equal(r.round, 1);
  assert.equal(r.code, "NOTATION_SYNTAX");
  assert.equal(r.reaction, expectedReaction);
  assert.deepEqual(browser.errors, []);
}

test("Vite app: the .wasm is an asset beside the bundle", async () => {
  await viteBuild({ root: app, base: "./", logLevel: "error", configFile: false, build: { outDir: "dist-vite", emptyOutDir: true, target: "es2022" } });
  assertWasmEmitted("dist-vite");
  assertRuns("dist-vite", await resultOf("dist-vite"));
});

test("Vite library mode: the .wasm is emitted, not inlined as base64", async () => {
  await viteBuild({
    root: app,
    base: "./",
    logLevel: "error",
    configFile: false,
    build: { outDir: "dist-vite-lib", emptyOutDir: true, target: "es2022", lib: { entry: "main.js", formats: ["es"], fileName: "consumer" } },
  });
  writeFileSync(join(app, "dist-vite-lib", "index.html"), PAGE("./consumer.js", "module"));
  assertWasmEmitted("dist-vite-lib");
  assertRuns("dist-vite-lib", await resultOf("dist-vite-lib"));
});

test("esbuild: the .wasm through the file loader, passed to init()", async () => {
  await esbuild.build({
    absWorkingDir: app,
    entryPoints: ["main-esbuild.js"],
    bundle: true,
    format: "esm",
    target: "es2022",
    outdir: "dist-esbuild",
    loader: { ".wasm": "file" },
    logLevel: "error",
  });
  writeFileSync(join(app, "dist-esbuild", "index.html"), PAGE("./main-esbuild.js", "module"));
  assertWasmEmitted("dist-esbuild");
  assertRuns("dist-esbuild", await resultOf("dist-esbuild"));
});

test("webpack 5: the .wasm as an asset module", async () => {
  /** @type {import("webpack").Configuration} */
  const config = {
    mode: "production",
    context: app,
    entry: "./main.js",
    output: { path: join(app, "dist-webpack"), filename: "main.js", clean: true },
    performance: { hints: false },
  };
  const stats = await new Promise((resolve, reject) => {
    webpack(config, (err, s) => (err || s === undefined ? reject(err ?? new Error("no stats")) : resolve(s)));
  });
  assert.equal(stats.hasErrors(), false, stats.toString({ all: false, errors: true }));
  writeFileSync(join(app, "dist-webpack", "index.html"), PAGE("./main.js", "text/javascript"));
  assertWasmEmitted("dist-webpack");
  assertRuns("dist-webpack", await resultOf("dist-webpack"));
});

test("Rollup: the .wasm through @rollup/plugin-url, passed to init()", async () => {
  const bundle = await rollup({
    input: join(app, "main-esbuild.js"),
    // The recipe: resolve the package from node_modules, and emit each `.wasm` as a file whose
    // URL the import hands back (limit 0: never inlined as base64).
    plugins: [nodeResolve({ browser: true }), url({ include: ["**/*.wasm"], limit: 0, fileName: "[name]-[hash][extname]" })],
    onwarn: (w) => assert.fail(`rollup warned: ${w.message}`),
  });
  await bundle.write({ dir: join(app, "dist-rollup"), format: "es" });
  await bundle.close();
  writeFileSync(join(app, "dist-rollup", "index.html"), PAGE("./main-esbuild.js", "module"));
  assertWasmEmitted("dist-rollup");
  assertRuns("dist-rollup", await resultOf("dist-rollup"));
});

test("the .wasm imports of the esbuild and Rollup recipes type-check as URLs, turnkeeper/dice's too (strict TypeScript)", () => {
  const file = join(app, "wasm-urls.ts");
  writeFileSync(
    file,
    `import { init } from "turnkeeper";
import wasmUrl from "turnkeeper/turnkeeper_bg.wasm";
import proceduresUrl from "turnkeeper/procedures_bg.wasm";
import { init as initDice, roll as rollDice, TurnkeeperError as DiceError } from "turnkeeper/dice";
import diceUrl from "turnkeeper/dice_bg.wasm";
const core: string = wasmUrl;
await init(new URL(core, import.meta.url), new URL(proceduresUrl, import.meta.url), new URL(diceUrl, import.meta.url));
await initDice(new URL(diceUrl, import.meta.url));
const total: number = rollDice("1d20").total;
const code: string = new DiceError("INVALID_ARGUMENT", "x").code;
export { total, code };
// @ts-expect-error the import is a URL's text, not a number
const wrong: number = wasmUrl;
export { wrong };
`,
  );
  for (const moduleResolution of [ts.ModuleResolutionKind.Bundler, ts.ModuleResolutionKind.NodeNext]) {
    const bundler = moduleResolution === ts.ModuleResolutionKind.Bundler;
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: bundler ? ts.ModuleKind.ESNext : ts.ModuleKind.NodeNext,
      moduleResolution,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: false,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    assert.deepEqual(diagnostics, [], `moduleResolution ${bundler ? "bundler" : "nodenext"}`);
  }
});
