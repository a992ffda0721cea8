/**
 * One wasm instance per page or process. Entries (`index`, `node`, `inline`) decide where the
 * bytes come from; everything else only asks whether the instance is ready.
 */
import { TurnkeeperError } from "./errors.js";

let ready = false;

export function markReady(): void {
  ready = true;
}

export function isReady(): boolean {
  return ready;
}

export function ensureReady(): void {
  if (!ready) {
    throw new TurnkeeperError(
      "NOT_INITIALIZED",
      "call `await init()` once before using turnkeeper in a browser (it is automatic in Node)",
    );
  }
}
