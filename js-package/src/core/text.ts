/**
 * Everything that crosses into the wasm is text or a plain number, checked here first: JSON
 * text made by `JSON.stringify` (so no JavaScript object is ever read from inside the module),
 * strings and finite numbers of the right type. Results come back as JSON text.
 */
import { TurnkeeperError } from "./errors.js";

/**
 * The most JSON text (UTF-16 units) sent into the core in one call. The core allows 8 MiB of
 * UTF-8 (`MAX_JSON_BYTES` in crate/src/wasm/mod.rs); checking here first means a runaway input is
 * refused before it is copied into the module's memory.
 */
export const MAX_JSON_CHARS = 8 * 1024 * 1024;

/** `text` if it is within {@link MAX_JSON_CHARS}; a `LIMIT_EXCEEDED` error otherwise. */
export function checkText(text: string): string {
  if (text.length > MAX_JSON_CHARS) {
    throw new TurnkeeperError("LIMIT_EXCEEDED", `at most ${MAX_JSON_CHARS} characters of JSON in one call, not ${text.length}`);
  }
  return text;
}

/**
 * `value` as JSON text for the core, within {@link MAX_JSON_CHARS}. Only text crosses into the
 * wasm, so nothing the core reads can run JavaScript: whatever throws while the value is read
 * (a throwing getter or `toJSON`, a revoked Proxy, a cycle, a bigint) throws here, as
 * `INVALID_ARGUMENT`, before the module is entered.
 */
export function toText(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new TurnkeeperError("INVALID_ARGUMENT", `the argument cannot be read as JSON: ${describeThrown(e)}`);
  }
  return checkText(text ?? "null");
}

function describeThrown(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return "it threw while being read";
  }
}

/**
 * JSON text from the core as a value. Absent options arrive as `null` in JSON; they become
 * absent properties (`undefined`), as the typed interfaces declare them.
 */
export function fromText<T>(text: string): T {
  return JSON.parse(text, dropNull) as T;
}

function dropNull(_key: string, value: unknown): unknown {
  return value === null ? undefined : value;
}

/** `value` if it is a string, else `INVALID_ARGUMENT` naming `what`. */
export function checkString(value: unknown, what: string): string {
  if (typeof value !== "string") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `${what} must be a string, not ${describeValue(value)}`);
  }
  return checkText(value);
}

/** `value` if it is a finite number, else `INVALID_ARGUMENT` naming `what`. */
export function checkNumber(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new TurnkeeperError("INVALID_ARGUMENT", `${what} must be a finite number, not ${describeValue(value)}`);
  }
  return value;
}

/**
 * A value as an error message shows it, without calling into it: `the string "a5e"`, `5`,
 * `null`, `a list`, `an object`.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) : value)}${value.length > 40 ? "…" : ""}`;
    case "number":
    case "boolean":
    case "undefined":
      return String(value);
    case "bigint":
      return `the bigint ${value}n`;
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    default:
      return value === null ? "null" : typeOf(value) === "an array" ? "a list" : "an object";
  }
}

/** A value's kind for error messages, without calling into it. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  try {
    if (Array.isArray(value)) return "an array";
  } catch {
    // A revoked Proxy throws even here.
  }
  return typeof value;
}

/** `value[key]`, with anything that throws while it is read reported as `INVALID_ARGUMENT`. */
export function readField(value: unknown, key: string): unknown {
  try {
    return (value as Record<string, unknown> | null | undefined)?.[key];
  } catch {
    throw new TurnkeeperError("INVALID_ARGUMENT", `the argument's \`${key}\` could not be read`);
  }
}

/**
 * A snapshot as text: JSON text as it is, an object stringified. Anything else (a number, an
 * array, `null`) is the wrong type, `INVALID_ARGUMENT`; a malformed snapshot is the core's
 * `SNAPSHOT_INVALID`.
 */
export function snapshotText(snapshot: unknown): string {
  if (typeof snapshot === "string") return checkText(snapshot);
  if (typeof snapshot !== "object" || snapshot === null || typeOf(snapshot) === "an array") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `a snapshot is JSON text or an object, not ${describeValue(snapshot)}`);
  }
  return toText(snapshot);
}

/**
 * `value` if it is `undefined` or an object (not an array or `null`): a constructor's options.
 * Otherwise `INVALID_ARGUMENT` "`what` must be an object like `example`, not …".
 */
export function checkOptions<T>(value: T, what: string, example: string): T {
  if (value !== undefined && typeOf(value) !== "object") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `${what} must be an object like ${example}, not ${describeValue(value)}`);
  }
  return value;
}

/** `value` if it is an object (not an array or `null`), else `INVALID_ARGUMENT` naming `what`. */
export function checkObject<T>(value: T, what: string): T {
  if (typeOf(value) !== "object") throw new TurnkeeperError("INVALID_ARGUMENT", `${what} must be an object, not ${describeValue(value)}`);
  return value;
}

/** `value` if it is a boolean, else `INVALID_ARGUMENT` naming `what`. */
export function checkBoolean(value: unknown, what: string): boolean {
  if (typeof value !== "boolean") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `${what} must be a boolean, not ${describeValue(value)}`);
  }
  return value;
}
