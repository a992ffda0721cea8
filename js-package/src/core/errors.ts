/**
 * Errors thrown by Turnkeeper. Every failure has a stable string `code` (see the README's
 * error table) that callers can switch on; codes are never renamed once published.
 */

import { errorSiteOf } from "../error-site.js";

/**
 * Codes produced by the Rust core, plus `NOT_INITIALIZED` and `INIT_FAILED` (the `.wasm` could
 * not be fetched, compiled or instantiated) from this facade and `TIMEOUT` (no GM answered a
 * player's request) from the Owlbear and Foundry kits. Closed: a `switch` over it is
 * exhaustive, and a misspelt code does not type-check (a test keeps it in step with the core).
 */
export type ErrorCode =
  | "NOTATION_SYNTAX"
  | "NOTATION_LIMIT"
  | "INVALID_FACE"
  | "FACES_EXHAUSTED"
  | "INVALID_SEED"
  | "RANDOM_UNAVAILABLE"
  | "INVALID_ARGUMENT"
  | "UNKNOWN_ID"
  | "DUPLICATE_ID"
  | "OUT_OF_ORDER"
  | "NOT_ALLOWED"
  | "LIMIT_EXCEEDED"
  | "SNAPSHOT_INVALID"
  | "INVALID_DATA"
  | "DIVISION_BY_ZERO"
  | "NOTATION_DATA"
  | "OUT_OF_SYNC"
  | "NOT_INITIALIZED"
  | "INIT_FAILED"
  | "TIMEOUT";

export class TurnkeeperError extends Error {
  /** Stable machine-readable code, e.g. `"NOTATION_SYNTAX"`. */
  readonly code: ErrorCode;
  /** For notation errors: the character index where the problem was found. */
  readonly position: number | undefined;

  constructor(code: ErrorCode, message: string, position?: number) {
    super(message);
    this.name = "TurnkeeperError";
    this.code = code;
    this.position = position;
    errorSiteOf(TurnkeeperError)(this);
  }
}

interface CorePayload {
  turnkeeper: true;
  code: ErrorCode;
  message: string;
  position?: number;
}

function isCorePayload(e: unknown): e is CorePayload {
  return typeof e === "object" && e !== null && (e as { turnkeeper?: unknown }).turnkeeper === true;
}

/** What wasm-bindgen throws when a handle is used after its `free()`. */
function isFreedHandle(e: unknown): boolean {
  return e instanceof Error && e.message === "null pointer passed to rust";
}

/**
 * Convert whatever the wasm side threw into a `TurnkeeperError` (other errors pass through):
 * the core's typed errors, and a handle used after `free()` (`INVALID_ARGUMENT`).
 */
export function wrapError(e: unknown): unknown {
  if (isCorePayload(e)) return new TurnkeeperError(e.code, e.message, e.position);
  if (isFreedHandle(e)) return new TurnkeeperError("INVALID_ARGUMENT", "this object was freed (free() or a `using` block ended) and cannot be used any more");
  return e;
}

/** Free a wasm handle; freeing one that is already freed does nothing. */
export function release(handle: { free(): void }): void {
  try {
    handle.free();
  } catch (e) {
    if (!isFreedHandle(e)) throw e;
  }
}

/** Run a call into the core, translating its thrown payloads. */
export function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw wrapError(e);
  }
}

/** `init()`'s failure (a `.wasm` that answers 404, is not wasm, or cannot be compiled) as a `TurnkeeperError`. */
export function initFailed(e: unknown): TurnkeeperError {
  if (e instanceof TurnkeeperError) return e;
  let why: string;
  try {
    why = e instanceof Error ? e.message : String(e);
  } catch {
    why = "unknown error";
  }
  return new TurnkeeperError("INIT_FAILED", `could not load turnkeeper's wasm module: ${why}`);
}

// The smallest module using WebAssembly SIMD (a function returning a v128 constant). The package's
// modules are built with simd128, which every targeted host runs (Chrome/Edge 91+, Firefox 89+,
// Safari 16.4+, Node 16.4+); an older host gets this reason instead of a bare CompileError.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11]);

/** A module's loading failed: {@link initFailed}, or the reason when the host lacks SIMD. */
export function loadFailed(e: unknown): TurnkeeperError {
  let simd = true;
  try {
    simd = WebAssembly.validate(SIMD_PROBE);
  } catch {
    // Keep the original failure.
  }
  if (!simd) return new TurnkeeperError("INIT_FAILED", "this browser does not run WebAssembly SIMD (simd128), which turnkeeper needs: Chrome/Edge 91+, Firefox 89+, Safari 16.4+");
  return initFailed(e);
}
