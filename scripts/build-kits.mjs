// Builds the integration kits' static folders from the assembled package (js-package/dist):
//   demo/owlbear/vendor/  the package (browser files only) and the Owlbear SDK bundled as one
//                         ES module, so the extension is plain static files with an import map;
//   demo/foundry/lib/     the package, so the Foundry module imports it from its own folder;
//   dist/foundry/turnkeeper-greyhawk.zip  the Foundry module, ready to install.
// Run by scripts/build-package.mjs (and so by `npm run build` and `npm test`).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { zipSync } from "fflate";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "js-package", "dist");

/** The package's browser files: everything but the Node entries and the inlined-wasm entry. */
function copyPackage(to) {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  cpSync(dist, to, {
    recursive: true,
    // Source maps stay in the npm package: a host's module ships the code, not its maps.
    filter: (src) => !/[/\\](node|inline|[\w-]+-node)\.(js|d\.ts)$/.test(src) && !/inline-bytes/.test(src) && !src.endsWith(".map"),
  });
}

// 1. Owlbear: the package and the SDK, vendored beside the extension.
const owlbearVendor = join(root, "demo", "owlbear", "vendor");
copyPackage(join(owlbearVendor, "turnkeeper"));
const sdkOut = join(owlbearVendor, "owlbear-sdk.js");
const sdkPkg = join(root, "node_modules", "@owlbear-rodeo", "sdk", "package.json");
const sdkStamp = join(owlbearVendor, ".sdk-version");
const sdkVersion = `${JSON.parse(readFileSync(sdkPkg, "utf8")).version} (${statSync(new URL(import.meta.url)).mtimeMs})`;
if (!existsSync(sdkOut) || !existsSync(sdkStamp) || readFileSync(sdkStamp, "utf8") !== sdkVersion) {
  const { build } = await import("vite");
  await build({
    configFile: false,
    logLevel: "error",
    root,
    // immer and events read process.env.NODE_ENV, which a browser does not have.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      lib: { entry: join(root, "node_modules", "@owlbear-rodeo", "sdk", "lib", "index.js"), formats: ["es"], fileName: () => "owlbear-sdk.js" },
      outDir: owlbearVendor,
      emptyOutDir: false,
      minify: true,
      target: "es2022",
      copyPublicDir: false,
    },
  });
  writeFileSync(sdkStamp, sdkVersion);
}

// 2. Foundry: the package inside the module folder, then the module zipped.
const moduleDir = join(root, "demo", "foundry");
if (!existsSync(join(moduleDir, "module.json"))) throw new Error("demo/foundry/module.json is missing");
copyPackage(join(moduleDir, "lib", "turnkeeper"));
const manifest = JSON.parse(readFileSync(join(moduleDir, "module.json"), "utf8"));
/** @type {Record<string, Uint8Array>} */
const files = {};
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (!name.endsWith(".d.ts") && name !== "tsconfig.json") {
      files[`${manifest.id}/${relative(moduleDir, full).split("\\").join("/")}`] = new Uint8Array(readFileSync(full));
    }
  }
})(moduleDir);
const zipDir = join(root, "dist", "foundry");
mkdirSync(zipDir, { recursive: true });
const zipPath = join(zipDir, `${manifest.id}.zip`);
// A fixed date keeps the zip byte-identical between builds of the same files.
const zip = zipSync(files, { level: 9, mtime: new Date("2026-01-01T00:00:00Z") });
writeFileSync(zipPath, zip);
// The manifest beside the zip: a release publishes both, at the URLs module.json names
// (`manifest`: the latest release's module.json; `download`: this version's zip).
writeFileSync(join(zipDir, "module.json"), readFileSync(join(moduleDir, "module.json")));
if (!String(manifest.download).endsWith(`/v${manifest.version}/${manifest.id}.zip`)) {
  throw new Error(`module.json's download URL must name v${manifest.version}/${manifest.id}.zip`);
}
console.log(`[build] kits: demo/owlbear/vendor, demo/foundry/lib, ${relative(root, zipPath)} (${Object.keys(files).length} files, ${Math.round(zip.length / 1024)} KB)`);
