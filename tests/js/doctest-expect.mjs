// The comparison behind the README doc-tests' `// → value` comments (tests/js/readme_doctest.test.mjs
// describes the convention). A README block is rewritten so that each checked statement calls
// `expect(actual, expected, where, code)`; mismatches are collected and printed together when the
// README's module ends, so one run lists every comment that disagrees with what runs.
import { isDeepStrictEqual, inspect } from "node:util";

/**
 * Written as `…` in a comment: in an object, "other keys may follow"; at the end of an array,
 * "more elements may follow".
 */
export const MORE = Symbol("more");

/** @type {string[]} */
const failures = [];

/**
 * Why `actual` does not match `expected`, or `undefined` when it does.
 * Objects are compared by their own enumerable keys and values (a result's prototype, which only
 * adds `toString()`, does not count); everything else by strict deep equality.
 * @param {unknown} actual
 * @param {unknown} expected
 * @param {string} path where in the value, for the message
 * @returns {string | undefined}
 */
export function mismatch(actual, expected, path = "") {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path || "the value"} is ${show(actual)}, not an array`;
    const open = expected.length > 0 && expected[expected.length - 1] === MORE;
    const items = open ? expected.slice(0, -1) : expected;
    if (open ? actual.length < items.length : actual.length !== items.length) {
      return `${path || "the array"} has ${actual.length} elements, expected ${open ? "at least " : ""}${items.length}: ${show(actual)}`;
    }
    for (let i = 0; i < items.length; i++) {
      const why = mismatch(actual[i], items[i], `${path}[${i}]`);
      if (why) return why;
    }
    return undefined;
  }
  if (isPlainObject(expected)) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) {
      return `${path || "the value"} is ${show(actual)}, not an object`;
    }
    const want = /** @type {Record<string, unknown>} */ (expected);
    const open = Object.getOwnPropertySymbols(want).includes(MORE);
    const record = /** @type {Record<string, unknown>} */ (actual);
    const keys = Object.keys(want);
    if (!open) {
      const extra = Object.keys(record).filter((k) => !keys.includes(k));
      if (extra.length > 0) return `${path || "the object"} also has ${extra.join(", ")} (write \`…\` to allow more keys): ${show(actual)}`;
    }
    for (const key of keys) {
      if (!(key in record)) return `${path || "the object"} has no ${key}: ${show(actual)}`;
      const why = mismatch(record[key], want[key], `${path}.${key}`);
      if (why) return why;
    }
    return undefined;
  }
  return isDeepStrictEqual(actual, expected) ? undefined : `${path || "the value"} is ${show(actual)}, expected ${show(expected)}`;
}

/** @param {unknown} v */
function isPlainObject(v) {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** @param {unknown} v */
function show(v) {
  return inspect(v, { depth: 4, breakLength: Infinity, maxArrayLength: 12, maxStringLength: 200 });
}

/**
 * Checks one statement's value against its comment; a mismatch is remembered, not thrown, so the
 * block goes on as a reader would expect.
 * @param {unknown} actual
 * @param {() => unknown} expected evaluated here, in the block's scope
 * @param {string} where `file:line`
 * @param {string} code the statement, for the message
 */
export function expect(actual, expected, where, code) {
  let want;
  try {
    want = expected();
  } catch (e) {
    failures.push(`${where}: the comment's value does not evaluate: ${/** @type {Error} */ (e).message}`);
    return;
  }
  const why = mismatch(actual, want);
  if (why) failures.push(`${where}: \`${code}\`: ${why}`);
}

/** Ends the README's module: every mismatch on stderr and a failing exit status, if any. */
export function report() {
  if (failures.length === 0) return;
  process.stderr.write(`${failures.length} comment(s) do not match what runs:\n${failures.join("\n")}\n`);
  process.exitCode = 1;
}
