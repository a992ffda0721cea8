// Doc-tests: every `js`/`ts` code block of the root README and the package README runs as
// written, in order. Each README's blocks become one module run by Node against the built
// package: each block in its own `{ … }` scope (so two blocks may both declare `enc`), its
// `import` lines hoisted and merged, TypeScript stripped by TypeScript's own transpiler.
// Blocks in other languages (`sh`, `json`, …) are not run, nor a `js`/`ts` block whose info
// string says `no-run` (e.g. ```js no-run) — for code that needs a browser host (Owlbear, Foundry).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("../../", import.meta.url));
const RUNNABLE = new Set(["js", "javascript", "ts", "typescript", "mjs"]);

/**
 * The runnable blocks of a markdown text, with the line each starts on.
 * @param {string} markdown
 */
export function runnableBlocks(markdown) {
  /** @type {{ line: number, code: string }[]} */
  const blocks = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```+)\s*([^\s`]*)\s*(.*)$/.exec(lines[i] ?? "");
    if (!open) continue;
    const fence = open[2] ?? "```";
    const lang = (open[3] ?? "").toLowerCase();
    const info = open[4] ?? "";
    let end = i + 1;
    while (end < lines.length && !(lines[end] ?? "").trim().startsWith(fence)) end++;
    if (RUNNABLE.has(lang) && !/\bno-run\b/.test(info)) {
      blocks.push({ line: i + 1, code: lines.slice(i + 1, end).join("\n") });
    }
    i = end;
  }
  return blocks;
}

/**
 * One module running `blocks` in order: imports hoisted and merged, each block scoped.
 * @param {{ line: number, code: string }[]} blocks
 * @param {string} file for the line markers
 */
function moduleOf(blocks, file) {
  /** @type {Map<string, Set<string>>} */
  const imports = new Map();
  const bodies = blocks.map(({ line, code }) => {
    const kept = code.split("\n").map((l) => {
      const m = /^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?\s*$/.exec(l);
      if (!m) return l;
      const names = imports.get(m[2] ?? "") ?? new Set();
      for (const n of (m[1] ?? "").split(",")) if (n.trim() !== "") names.add(n.trim());
      imports.set(m[2] ?? "", names);
      return "";
    });
    return `// ---- ${file}:${line}\nawait (async () => {\n${kept.join("\n")}\n})().catch((e) => { throw new Error(\`${file} block at line ${line}: \${e?.code ?? ""} \${e?.message ?? e}\`, { cause: e }); });\n`;
  });
  const head = [...imports].map(([from, names]) => `import { ${[...names].join(", ")} } from "${from}";`);
  return ts.transpileModule([...head, ...bodies].join("\n"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}

for (const file of ["README.md", "js-package/README.md"]) {
  test(`every js/ts block of ${file} runs as written`, () => {
    const blocks = runnableBlocks(readFileSync(root + file, "utf8"));
    assert.ok(blocks.length > 0, `${file} has runnable blocks`);
    const dir = root + "tests/output/doctest/";
    mkdirSync(dir, { recursive: true });
    const path = dir + file.replace(/[/.]/g, "_") + ".mjs";
    writeFileSync(path, moduleOf(blocks, file));
    const run = spawnSync(process.execPath, [path], { encoding: "utf8", timeout: 120_000 });
    assert.equal(run.status, 0, `${path} failed:\n${run.stderr}`);
  });
}

test("the block finder skips other languages and no-run blocks", () => {
  const md = ["```sh", "npm test", "```", "```js", "1;", "```", "```ts no-run", "2;", "```", "````ts", "3;", "````"].join("\n");
  assert.deepEqual(
    runnableBlocks(md).map((b) => b.code),
    ["1;", "3;"],
  );
});
