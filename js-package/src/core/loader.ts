/**
 * One wasm instance per page or process. Entries (`index`, `node`, `inline`) decide where the
 * bytes come from; everything else only asks whether the instance is ready.
 */
import { guard, TurnkeeperError } from "./errors.js";

let ready = false;

export function markReady(): void {
  ready = true;
}

export function isReady(): boolean {
  return ready;
}

/** What starts the core on first use, when an entry deferred it ({@link deferStart}). */
let deferred: (() => void) | undefined;

/**
 * Start the instance the first time {@link ensureReady} is called instead of now (`start`
 * instantiates synchronously and marks it ready). A `start` that throws is tried again by the
 * next call.
 */
export function deferStart(start: () => void): void {
  deferred = start;
}

export function ensureReady(): void {
  if (!ready && deferred !== undefined) {
    deferred();
    deferred = undefined;
  }
  if (!ready) {
    throw new TurnkeeperError(
      "NOT_INITIALIZED",
      "call `await init()` once before using turnkeeper in a browser (it is automatic in Node)",
    );
  }
}

/**
 * An `init()` for one wasm module: `load` runs once, concurrent calls share its promise, calls
 * after it succeeded resolve at once, and a failure (reported through `failed`) lets the next
 * call try again.
 */
export function loadOnce<I>(load: (input: I) => Promise<unknown>, failed: (e: unknown) => TurnkeeperError): (input: I) => Promise<void> {
  let loading: Promise<void> | undefined;
  return (input) => {
    if (ready) return Promise.resolve();
    loading ??= guard(() => load(input)).then(
      () => markReady(),
      (e: unknown) => {
        loading = undefined;
        throw failed(e);
      },
    );
    return loading;
  };
}
