// The published types as a strict consumer meets them (tests/fixtures/ts-consumer: `strict`,
// `exactOptionalPropertyTypes`, the target's default `lib`, no @types/node): correct code
// compiles, and each deliberate mistake marked `// @ts-expect-error` is refused, by an error on
// that very line (checked again with the markers removed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const fixture = fileURLToPath(new URL("../fixtures/ts-consumer/", import.meta.url));
const tsc = root + "node_modules/.bin/tsc";

/** @param {string} project */
function check(project) {
  const run = spawnSync(tsc, ["-p", project, "--pretty", "false"], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

test("a strict consumer with the default lib compiles, and every marked mistake is an error", () => {
  const { status, output } = check(fixture);
  assert.equal(status, 0, output);
});

test("each @ts-expect-error marks a line the types really refuse", () => {
  const source = readFileSync(fixture + "consumer.ts", "utf8").split("\n");
  /** @type {number[]} */
  const marked = [];
  const stripped = source.map((line, i) => {
    if (!line.trim().startsWith("// @ts-expect-error")) return line;
    marked.push(i + 2); // the line after the marker, 1-based
    return "//";
  });
  assert.ok(marked.length >= 10, `only ${marked.length} mistakes listed`);
  const dir = root + "tests/output/ts-consumer-stripped/";
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(fixture + "tsconfig.json", dir + "tsconfig.json");
  writeFileSync(dir + "consumer.ts", stripped.join("\n"));
  const { status, output } = check(dir);
  assert.notEqual(status, 0);
  const lines = new Set([...output.matchAll(/consumer\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
  assert.deepEqual([...lines].sort((a, b) => a - b), marked, output);
});
