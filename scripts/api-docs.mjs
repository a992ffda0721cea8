// The API reference: TypeDoc over the package's TypeScript entries (js-package/typedoc.json),
// written to docs/api/ (served by `npm start` at /docs/api/), then every link in it checked:
// each relative href or src names a file that exists, and each #fragment an id in that file.
// TypeDoc itself refuses a `{@link}` it cannot resolve (treatWarningsAsErrors).
// Run: node scripts/api-docs.mjs [--check-only]   (after the package's build: it reads the
// generated wasm declarations in js-package/src/wasm/).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "docs", "api");

if (!process.argv.includes("--check-only")) {
  execFileSync(join(root, "node_modules", ".bin", "typedoc"), ["--options", "typedoc.json", "--logLevel", "Warn"], {
    cwd: join(root, "js-package"),
    stdio: "inherit",
  });
}

/** @type {Map<string, Set<string>>} the ids of each page, read once */
const ids = new Map();
/** @param {string} file */
function idsOf(file) {
  let found = ids.get(file);
  if (!found) {
    found = new Set([...readFileSync(file, "utf8").matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? ""));
    ids.set(file, found);
  }
  return found;
}

const pages = readdirSync(out, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".html"));
if (pages.length < 50) throw new Error(`api-docs: only ${pages.length} pages in docs/api`);
/** @type {string[]} */
const broken = [];
let checked = 0;
for (const page of pages) {
  const file = join(out, page);
  const html = readFileSync(file, "utf8");
  for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    const link = (m[1] ?? "").replace(/&amp;/g, "&");
    if (/^[a-z][\w+.-]*:/i.test(link) || link.startsWith("//")) continue; // another site
    checked++;
    const [path = "", fragment] = link.split("#");
    const target = path === "" ? file : join(dirname(file), decodeURIComponent(path.split("?")[0] ?? ""));
    if (!existsSync(target)) {
      broken.push(`${page}: ${link} (no file ${relative(root, target)})`);
    } else if (fragment && target.endsWith(".html") && !idsOf(target).has(decodeURIComponent(fragment))) {
      broken.push(`${page}: ${link} (no id "${fragment}")`);
    }
  }
}
if (broken.length > 0) {
  console.error(`api-docs: ${broken.length} broken links:\n${broken.slice(0, 40).join("\n")}`);
  process.exit(1);
}
console.log(`[build] API reference: docs/api (${pages.length} pages, ${checked} links checked, none broken)`);
