// Doc-tests: every `js`/`ts` code block of the root README and the package README runs as written,
// in order, against the built package; every value a comment states is compared with the value
// the code really has; and every `ts` block type-checks under strict TypeScript.
//
// How the blocks run. Each README's blocks become one module run by Node: each block in its own
// `{ … }` scope (so two blocks may both declare `enc`), its `import` lines hoisted and merged,
// TypeScript stripped by TypeScript's own transpiler. Blocks in other languages (`sh`, `json`, …)
// are not run, nor a `js`/`ts` block whose info string says `no-run` (e.g. ```js no-run) — for
// code that needs a browser host (Owlbear, Foundry) or a bundler's configuration.
//
// The `// →` convention. A comment that starts with `→` states a value, and is checked:
//
//     roll("1d20+5", { seed: 1 }).total;          // → 17
//     const view = journey.view();               // → { day: 1, … }
//     enc.rollAdvice("imp", { type: "attack" });
//     // → { mode: "disadvantage", … } — frightened, and its source is in sight
//
// - The comment belongs to the top-level statement of the block it follows: on the same line, or
//   on the lines after it before the next statement. An expression statement is checked by its
//   value; `const x = …` / `let x = …` by the variable's value. A `// →` anywhere else (inside a
//   loop or an object literal, or after a statement that has no value) fails the test.
// - After `→` comes a JavaScript expression, evaluated in the block's scope after the statement
//   (so it may name the block's variables), up to an optional ` — ` (space, em dash, space) that
//   starts prose which is not checked.
// - The value is compared by deep equality: objects by their own enumerable keys (a result's
//   prototype does not count), arrays element by element, everything else with `Object.is`-like
//   strictness. An object literal lists every key unless it ends with `…` ("other keys may
//   follow": `{ total: 17, … }`); an array lists every element unless it ends with `…` ("more
//   may follow": `[3, …]`).
// - A comment without `→` is prose: it may explain, name a rule or describe a value loosely, and
//   is not checked. So a comment that states an exact value uses `→`; one that does not, must not
//   look like it does.
//
// Type checking. The `ts` blocks of each README (their imports hoisted, each block in its own
// scope, the `js` blocks' imports too, since a later block may rely on them) form one module
// compiled with the TypeScript compiler API against the built package's own `.d.ts`, with
// `strict`, `noUncheckedIndexedAccess` and `exactOptionalPropertyTypes`, as a careful consumer
// compiles. Errors are reported at their README line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("../../", import.meta.url));
const helper = fileURLToPath(new URL("./doctest-expect.mjs", import.meta.url));
const RUNNABLE = new Set(["js", "javascript", "ts", "typescript", "mjs"]);
const TYPED = new Set(["ts", "typescript"]);
const IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?\s*$/;

/**
 * @typedef {{ line: number, code: string, typed: boolean }} Block
 * `line` is the 1-based line of the opening fence; the code starts on the next line.
 */

/**
 * The runnable blocks of a markdown text, with the line each starts on.
 * @param {string} markdown
 * @returns {Block[]}
 */
export function runnableBlocks(markdown) {
  /** @type {Block[]} */
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
      blocks.push({ line: i + 1, code: lines.slice(i + 1, end).join("\n"), typed: TYPED.has(lang) });
    }
    i = end;
  }
  return blocks;
}

/**
 * The expression a `// →` comment states, as JavaScript: the text after the arrow up to ` — `,
 * with each `…` that closes an object or an array turned into the "more may follow" marker.
 * @param {string} text the comment's text after `→`
 */
export function expectedSource(text) {
  let src = (text.split(" — ")[0] ?? "").trim();
  for (;;) {
    const next = src.replace(/([{[,]\s*)…(\s*)([}\]])/, (_, before, space, close) =>
      close === "}" ? `${before}[__doc.MORE]: true${space}${close}` : `${before}__doc.MORE${space}${close}`,
    );
    if (next === src) return src;
    src = next;
  }
}

/**
 * A block with a check after each statement that a `// →` comment follows.
 * @param {string} code the block
 * @param {(index: number) => string} where `file:line` of a 0-based line of the block
 * @returns {{ code: string, checks: number }}
 */
export function withChecks(code, where) {
  const file = ts.createSourceFile("block.ts", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const lineOf = (/** @type {number} */ pos) => file.getLineAndCharacterOfPosition(pos).line;
  /** @type {{ start: number, end: number, text: string }[]} */
  const edits = [];
  let checks = 0;
  for (const stmt of file.statements) {
    const comments = [
      ...(ts.getTrailingCommentRanges(code, stmt.end) ?? []),
      ...(ts.getLeadingCommentRanges(code, stmt.end) ?? []),
    ];
    for (const c of comments) {
      const m = /^\/\/\s*→(.*)$/.exec(code.slice(c.pos, c.end));
      if (!m) continue;
      checks++;
      const at = where(lineOf(c.pos));
      const expected = `() => (${expectedSource(m[1] ?? "")})`;
      const shown = JSON.stringify(stmt.getText(file).replace(/\s+/g, " ").slice(0, 80));
      if (ts.isExpressionStatement(stmt)) {
        edits.push({
          start: stmt.getStart(file),
          end: stmt.end,
          text: `__doc.expect((${stmt.expression.getText(file)}), ${expected}, ${JSON.stringify(at)}, ${shown});`,
        });
      } else if (
        ts.isVariableStatement(stmt) &&
        stmt.declarationList.declarations.length === 1 &&
        ts.isIdentifier(stmt.declarationList.declarations[0]?.name ?? stmt)
      ) {
        const name = /** @type {ts.Identifier} */ (stmt.declarationList.declarations[0]?.name).text;
        edits.push({ start: stmt.end, end: stmt.end, text: ` __doc.expect(${name}, ${expected}, ${JSON.stringify(at)}, ${shown});` });
      } else {
        throw new Error(`${at}: a \`// →\` comment must follow an expression or a single \`const\`/\`let\``);
      }
    }
  }
  const stated = code.split("\n").filter((l) => /\/\/\s*→/.test(l)).length;
  if (stated !== checks) {
    throw new Error(`${where(0)}: ${stated - checks} \`// →\` comment(s) follow no top-level statement of the block`);
  }
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { code: out, checks };
}

/**
 * Splits a block's `import { … } from "…"` lines from the rest, merging them into `imports`.
 * @param {string} code
 * @param {Map<string, Set<string>>} imports
 */
function hoist(code, imports) {
  return code
    .split("\n")
    .map((l) => {
      const m = IMPORT.exec(l);
      if (!m) return l;
      const names = imports.get(m[2] ?? "") ?? new Set();
      for (const n of (m[1] ?? "").split(",")) if (n.trim() !== "") names.add(n.trim());
      imports.set(m[2] ?? "", names);
      return "";
    })
    .join("\n");
}

/** @param {Map<string, Set<string>>} imports */
const importLines = (imports) => [...imports].map(([from, names]) => `import { ${[...names].join(", ")} } from "${from}";`);

/**
 * One module running `blocks` in order: imports hoisted and merged, each block scoped, each
 * `// →` comment checked.
 * @param {Block[]} blocks
 * @param {string} file for the line markers
 * @returns {{ source: string, checks: number }}
 */
export function moduleOf(blocks, file) {
  /** @type {Map<string, Set<string>>} */
  const imports = new Map();
  let checks = 0;
  const bodies = blocks.map(({ line, code }) => {
    const checked = withChecks(code, (i) => `${file}:${line + 1 + i}`);
    checks += checked.checks;
    const kept = hoist(checked.code, imports);
    return `// ---- ${file}:${line}\nawait (async () => {\n${kept}\n})().catch((e) => { throw new Error(\`${file} block at line ${line}: \${e?.code ?? ""} \${e?.message ?? e}\`, { cause: e }); });\n`;
  });
  const head = [`import * as __doc from ${JSON.stringify(helper)};`, ...importLines(imports)];
  const source = ts.transpileModule([...head, ...bodies, "__doc.report();"].join("\n"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return { source, checks };
}

/**
 * Type errors of the `ts` blocks, each as `file:line: message`.
 * @param {Block[]} blocks
 * @param {string} file
 * @returns {string[]}
 */
function typeErrors(blocks, file) {
  /** @type {Map<string, Set<string>>} */
  const imports = new Map();
  /** @type {number[]} README line of each generated line after the imports */
  const lines = [];
  /** @type {string[]} */
  const body = [];
  for (const block of blocks) {
    const code = hoist(block.code, imports);
    if (!block.typed) continue;
    body.push("{");
    lines.push(block.line);
    code.split("\n").forEach((l, i) => {
      body.push(l);
      lines.push(block.line + 1 + i);
    });
    body.push("}");
    lines.push(block.line);
  }
  if (body.length === 0) return [];
  const head = [...importLines(imports), "export {};"];
  const dir = root + "tests/output/doctest/";
  mkdirSync(dir, { recursive: true });
  const path = dir + file.replace(/[/.]/g, "_") + ".check.mts";
  writeFileSync(path, [...head, ...body].join("\n"));
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      lib: ["ES2022", "ESNext.Disposable"],
      types: ["node"],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: true,
    },
    dir,
  );
  assert.deepEqual(errors, []);
  const program = ts.createProgram([path], options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return `${file}: ${text}`;
    const at = d.file.getLineAndCharacterOfPosition(d.start).line - head.length;
    const where = d.file.fileName === path ? `${file}:${lines[at] ?? "?"}` : d.file.fileName;
    return `${where}: ${text}`;
  });
}

for (const file of ["README.md", "js-package/README.md"]) {
  const blocks = runnableBlocks(readFileSync(root + file, "utf8"));

  test(`every js/ts block of ${file} runs as written, and every \`// →\` value is what runs`, () => {
    assert.ok(blocks.length > 0, `${file} has runnable blocks`);
    const dir = root + "tests/output/doctest/";
    mkdirSync(dir, { recursive: true });
    const path = dir + file.replace(/[/.]/g, "_") + ".mjs";
    const { source, checks } = moduleOf(blocks, file);
    assert.ok(checks >= 3, `${file} states ${checks} values with \`// →\``);
    writeFileSync(path, source);
    const run = spawnSync(process.execPath, [path], { encoding: "utf8", timeout: 120_000 });
    assert.equal(run.status, 0, `${path} failed:\n${run.stderr}`);
  });

  test(`every ts block of ${file} type-checks under strict TypeScript against the built package`, () => {
    assert.deepEqual(typeErrors(blocks, file), []);
  });
}

test("the block finder skips other languages and no-run blocks", () => {
  const md = ["```sh", "npm test", "```", "```js", "1;", "```", "```ts no-run", "2;", "```", "````ts", "3;", "````"].join("\n");
  assert.deepEqual(
    runnableBlocks(md).map((b) => [b.code, b.typed]),
    [
      ["1;", false],
      ["3;", true],
    ],
  );
});

test("a `// →` comment becomes a check of its statement's value; prose comments stay prose", () => {
  const code = ["const x = 1 + 1; // → 2", "x * 3;", "// → 6 — on its own line, with prose", "x; // the value is 2"].join("\n");
  const { code: out, checks } = withChecks(code, (i) => `R.md:${i + 1}`);
  assert.equal(checks, 2);
  assert.match(out, /^const x = 1 \+ 1; __doc\.expect\(x, \(\) => \(2\), "R\.md:1"/);
  assert.match(out, /__doc\.expect\(\(x \* 3\), \(\) => \(6\), "R\.md:3"/);
  assert.match(out, /^x; \/\/ the value is 2$/m);
  assert.throws(() => withChecks("for (const a of [1]) {\n  a; // → 1\n}", (i) => `R.md:${i + 1}`), /follow no top-level statement/);
  assert.throws(() => withChecks("if (true) {} // → 1", (i) => `R.md:${i + 1}`), /must follow an expression/);
});

test("`…` closes an open object or array; the comparison is deep and exact otherwise", async () => {
  assert.equal(expectedSource(" { a: [1, …], … } — prose"), "{ a: [1, __doc.MORE], [__doc.MORE]: true }");
  assert.equal(expectedSource(" { ...spread, b: 2 }"), "{ ...spread, b: 2 }");
  const { MORE, mismatch } = await import("./doctest-expect.mjs");
  assert.equal(mismatch({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] }), undefined);
  assert.equal(mismatch({ a: 1, b: 2 }, { a: 1, [MORE]: true }), undefined);
  assert.match(mismatch({ a: 1, b: 2 }, { a: 1 }) ?? "", /also has b/);
  assert.match(mismatch([1, 2, 3], [1, 2]) ?? "", /3 elements, expected 2/);
  assert.equal(mismatch([1, 2, 3], [1, 2, MORE]), undefined);
  assert.match(mismatch({ a: { b: 17 } }, { a: { b: 18 } }) ?? "", /\.a\.b is 17, expected 18/);
  assert.match(mismatch(1, "1") ?? "", /is 1, expected '1'/);
  // A result whose prototype adds `toString()` compares by its own data.
  const result = Object.assign(Object.create({ toString: () => "r" }), { total: 3 });
  assert.equal(mismatch(result, { total: 3 }), undefined);
});
