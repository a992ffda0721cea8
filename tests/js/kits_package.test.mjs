// The integration kits as shipped: the package's subpath exports, and the Foundry module's zip
// that `npm run build` writes (installable as it is: module.json at its root folder, every file
// its ES modules import inside it, the wasm beside the package).
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { posix } from "node:path";
import { unzipSync, strFromU8 } from "fflate";

const root = new URL("../../", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(root + "js-package/package.json", "utf8"));

test("turnkeeper/owlbear and turnkeeper/foundry: exported, typed, side-effect free", async () => {
  for (const sub of ["owlbear", "foundry"]) {
    const entry = pkg.exports[`./${sub}`];
    assert.deepEqual(entry, { types: `./dist/${sub}/index.d.ts`, default: `./dist/${sub}/index.js` });
    assert.ok(existsSync(root + "js-package/" + entry.types), entry.types);
    assert.ok(!pkg.sideEffects.some((/** @type {string} */ f) => f.includes(sub)), "no side effects on import");
  }
  const owlbear = await import("turnkeeper/owlbear");
  assert.equal(typeof owlbear.OwlbearSync.start, "function");
  assert.equal(owlbear.ROOM_METADATA_LIMIT, 16384);
  const foundry = await import("turnkeeper/foundry");
  assert.equal(typeof foundry.CombatKeeper.open, "function");
  assert.equal(typeof foundry.sortCombatants, "function");
  // The SDK is a peer dependency (types only: the kit takes the OBR object you pass it).
  assert.equal(pkg.peerDependencies["@owlbear-rodeo/sdk"], "^3.0.0");
  assert.equal(pkg.peerDependenciesMeta["@owlbear-rodeo/sdk"].optional, true);
  const d = readFileSync(root + "js-package/dist/owlbear/index.d.ts", "utf8");
  assert.doesNotMatch(d, /^import .*"@owlbear-rodeo\/sdk"|import\("@owlbear-rodeo/m, "the types do not need the optional SDK either");
  assert.doesNotMatch(readFileSync(root + "js-package/dist/owlbear/index.js", "utf8"), /@owlbear-rodeo\/sdk/, "no runtime import of the SDK");
  // The same wasm instance: objects made through the main entry work with the kits.
  const require = createRequire(import.meta.url);
  assert.ok(require.resolve("turnkeeper/package.json"));
});

test("the kits' types compile for a strict consumer that has installed neither the Owlbear SDK nor Foundry's types", () => {
  // The package's .d.ts files and package.json alone, in a project of its own outside this
  // repository (whose node_modules has the SDK as a dev dependency).
  const dir = mkdtempSync(join(tmpdir(), "turnkeeper-kits-")) + "/";
  const installed = dir + "node_modules/turnkeeper/";
  mkdirSync(installed, { recursive: true });
  cpSync(root + "js-package/package.json", installed + "package.json");
  cpSync(root + "js-package/dist", installed + "dist", { recursive: true, filter: (src) => !/\.(js|wasm|zip|map)$/.test(src) });
  writeFileSync(
    dir + "tsconfig.json",
    JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", types: [], strict: true, noEmit: true, skipLibCheck: false }, files: ["consumer.ts"] }),
  );
  writeFileSync(
    dir + "consumer.ts",
    [
      'import { OwlbearSync, type OwlbearApi, type TokenItem } from "turnkeeper/owlbear";',
      'import { CombatKeeper } from "turnkeeper/foundry";',
      "export declare const api: OwlbearApi;",
      'export const token: TokenItem = { id: "t1", name: "Goblin", createdUserId: "u1" };',
      "export const start = OwlbearSync.start;",
      "export const open = CombatKeeper.open;",
      "",
    ].join("\n"),
  );
  const tsc = spawnSync(root + "node_modules/.bin/tsc", ["-p", dir, "--pretty", "false"], { encoding: "utf8", cwd: dir });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  rmSync(dir, { recursive: true, force: true });
});

test("the Foundry module zip: manifest, languages, scripts, the package and its wasm", () => {
  const zip = unzipSync(new Uint8Array(readFileSync(root + "dist/foundry/turnkeeper-greyhawk.zip")));
  const names = Object.keys(zip);
  assert.ok(names.every((n) => n.startsWith("turnkeeper-greyhawk/")), "one root folder named after the module id");
  const file = (/** @type {string} */ n) => {
    const bytes = zip[`turnkeeper-greyhawk/${n}`];
    assert.ok(bytes, `${n} is in the zip`);
    return bytes;
  };
  const manifest = JSON.parse(strFromU8(file("module.json")));
  assert.equal(manifest.id, "turnkeeper-greyhawk");
  assert.equal(manifest.socket, true);
  assert.deepEqual(manifest.compatibility, { minimum: "13", verified: "13", maximum: "13" });
  assert.deepEqual(manifest.esmodules, ["scripts/module.js"]);
  for (const l of manifest.languages) JSON.parse(strFromU8(file(l.path)));
  for (const s of manifest.styles ?? []) file(s);
  // Every relative import of every ES module in the zip resolves to a file in the zip.
  const js = names.filter((n) => n.endsWith(".js"));
  for (const n of js) {
    const text = strFromU8(/** @type {Uint8Array} */ (zip[n]));
    for (const [, spec] of text.matchAll(/(?:import|export)[^'"]*?from\s*["']([^"']+)["']/g)) {
      if (!spec?.startsWith(".")) {
        assert.fail(`${n} imports ${spec}: a module without a bundler can only import files`);
      }
      const target = posix.normalize(posix.join(posix.dirname(n), spec));
      assert.ok(zip[target], `${n} imports ${spec}, which is in the zip`);
    }
  }
  const wasm = file("lib/turnkeeper/wasm/turnkeeper_bg.wasm");
  assert.deepEqual([...wasm.slice(0, 4)], [0, 0x61, 0x73, 0x6d]);
  assert.ok(!names.some((n) => n.endsWith(".d.ts") || n.includes("/node.js")), "no type declarations or Node entry shipped");
});

/**
 * The field names a Foundry package manifest may have, read from the host's published types
 * (fvtt-types: the `defineSchema` fields of BasePackage and BaseModule; `version` is written
 * there as a comment, since worlds redefine it).
 */
function foundryManifestFields() {
  const dir = root + "node_modules/fvtt-types/src/foundry/common/packages/";
  const names = new Set();
  for (const f of ["base-package.d.mts", "base-module.d.mts"]) {
    for (const m of readFileSync(dir + f, "utf8").matchAll(/^\s{4}(?:\/\/ )?(\w+)\??: (?:fields\.\w+|Package\w+)/gm)) names.add(m[1]);
  }
  return names;
}

test("the Foundry manifest installs from a URL: every field Foundry documents for it, and no other", () => {
  const manifest = JSON.parse(readFileSync(root + "demo/foundry/module.json", "utf8"));
  const known = foundryManifestFields();
  for (const f of ["id", "title", "manifest", "download", "license", "bugs", "readme", "url", "compatibility"]) {
    assert.ok(known.has(f), `fvtt-types documents ${f}`);
  }
  for (const key of Object.keys(manifest)) assert.ok(known.has(key), `${key} is a field of Foundry's package manifest`);
  for (const key of ["url", "manifest", "download", "license", "bugs", "readme", "changelog"]) {
    assert.match(manifest[key], /^https:\/\/\S+$/, `${key} is a web URL`);
  }
  assert.match(manifest.manifest, /\/module\.json$/);
  assert.ok(manifest.download.endsWith(`/v${manifest.version}/${manifest.id}.zip`), "download names this version's zip");
  assert.ok(Number(manifest.compatibility.maximum) >= Number(manifest.compatibility.verified));
  // The release's assets: the manifest beside the zip it names.
  assert.deepEqual(JSON.parse(readFileSync(root + "dist/foundry/module.json", "utf8")), manifest);
  assert.ok(existsSync(root + `dist/foundry/${manifest.id}.zip`));
});

test("the Owlbear manifest keeps to the store's limits: a description of at most 128 characters, documented fields", () => {
  const manifest = JSON.parse(readFileSync(root + "demo/owlbear/manifest.json", "utf8"));
  const documented = new Set(["name", "version", "manifest_version", "action", "background_url", "description", "author", "homepage_url", "icon"]);
  for (const key of Object.keys(manifest)) assert.ok(documented.has(key), `${key} is a documented manifest field`);
  assert.equal(manifest.manifest_version, 1);
  assert.ok(manifest.description.length <= 128, `description is ${manifest.description.length} characters`);
  assert.match(manifest.homepage_url, /^https:\/\//);
  for (const key of ["title", "icon", "popover"]) assert.ok(manifest.action[key], `action.${key}`);
  assert.ok(existsSync(root + "demo/owlbear/" + manifest.icon), "the icon is a file of the extension");
});
