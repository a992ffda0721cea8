// The documentation holds together: every relative link (and image) in the READMEs, the
// CHANGELOG and docs/ leads to a file of the repository, and a link to a heading of a Markdown
// file leads to a heading that exists. And the design, rules and toolchain pages the code cites
// are the ones in docs/: nothing in the repository names a page outside it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The Markdown pages whose links are checked. */
function pages() {
  /** @type {string[]} */
  const out = ["README.md", "js-package/README.md", "CHANGELOG.md"];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const rel = join(dir, name);
      if (rel === join("docs", "api") || rel === join("docs", "mutants")) continue;
      if (statSync(join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith(".md")) out.push(rel);
    }
  };
  walk("docs");
  return out;
}

/**
 * GitHub's anchors for the headings of a Markdown text (lower case, punctuation dropped, spaces
 * as hyphens, a repeated heading numbered).
 * @param {string} markdown
 */
export function anchors(markdown) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {Set<string>} */
  const out = new Set();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = (m[1] ?? "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/**
 * The relative targets a Markdown page links to: `[text](target)`, `![alt](target)` and
 * `<img src="target">`, outside code blocks.
 * @param {string} markdown
 */
export function links(markdown) {
  const prose = markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, "");
  return [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? ""),
    ...[...prose.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? ""),
  ].filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

test("every relative link in the READMEs, the CHANGELOG and docs/ leads to a file and a heading that exist", () => {
  /** @type {string[]} */
  const broken = [];
  let checked = 0;
  for (const page of pages()) {
    const text = readFileSync(join(root, page), "utf8");
    for (const link of links(text)) {
      checked++;
      const [path = "", hash] = link.split("#");
      const target = path === "" ? join(root, page) : normalize(join(root, dirname(page), decodeURI(path)));
      if (!target.startsWith(root) || !existsSync(target)) {
        broken.push(`${page}: ${link} (no such file)`);
        continue;
      }
      if (hash !== undefined && target.endsWith(".md") && !anchors(readFileSync(target, "utf8")).has(hash)) {
        broken.push(`${page}: ${link} (no heading #${hash} in ${relative(root, target)})`);
      }
    }
  }
  assert.ok(checked > 25, `only ${checked} links found`);
  assert.deepEqual(broken, []);
});

test("the anchor and link readers follow GitHub's rules", () => {
  const md = "# Turnkeeper\n## 5. Conflicts and choices\n## Owlbear Rodeo: `turnkeeper/owlbear`\n## Dice\n## Dice\n```sh\n# not a heading\n```";
  assert.deepEqual([...anchors(md)], ["turnkeeper", "5-conflicts-and-choices", "owlbear-rodeo-turnkeeperowlbear", "dice", "dice-1"]);
  assert.deepEqual(links('[a](b.md#c) ![p](d.png) [w](https://x.org) [s](#here) <img src="e.png">\n```\n[no](code.md)\n```'), [
    "b.md#c",
    "d.png",
    "#here",
    "e.png",
  ]);
});

/** The pages the code cites, by their old names, and the shared folder they came from. */
const OLD_NAME = new RegExp(`(?<![\\w/.-])(?:${["RULES", "DESIGN", "TOOLCHAIN"].join("|")})\\.md\\b|\\.\\./${"shared"}\\b`, "g");

test("nothing in the repository cites the design, rules or toolchain pages except as docs/…, nor the shared folder above the repository", () => {
  const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((f) => f !== "" && !/^(?:node_modules|target|docs\/api|tests\/output)\//.test(f) && !f.includes("/node_modules/"));
  assert.ok(tracked.length > 300, `only ${tracked.length} files listed`);
  /** @type {string[]} */
  const found = [];
  for (const file of tracked) {
    const path = join(root, file);
    if (!existsSync(path) || statSync(path).size > 4_000_000) continue;
    const text = readFileSync(path);
    if (text.includes(0)) continue; // binary
    const lines = text.toString("utf8").split("\n");
    lines.forEach((line, i) => {
      for (const m of line.matchAll(OLD_NAME)) found.push(`${file}:${i + 1}: ${m[0]}`);
    });
  }
  assert.deepEqual(found, [], "cite docs/rules.md, docs/design.md or docs/toolchain.md");
});

test("the old-name finder spares the docs/ pages", () => {
  const hits = (/** @type {string} */ s) => [...s.matchAll(OLD_NAME)].map((m) => m[0]);
  assert.deepEqual(hits(["RULES", ".md §2"].join("")), [["RULES", ".md"].join("")]);
  assert.deepEqual(hits(["see ", "DESIGN", ".md's budgets"].join("")), [["DESIGN", ".md"].join("")]);
  assert.deepEqual(hits(["..", "/shared/x"].join("")), [["..", "/shared"].join("")]);
  assert.deepEqual(hits("docs/rules.md §2, docs/design.md, docs/toolchain.md, docs/NOTATION.md"), []);
});
