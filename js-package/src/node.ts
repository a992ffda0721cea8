/**
 * Node entry: the wasm is read and instantiated synchronously on import, so `init()` is only
 * kept for code shared with browsers. Everything else is the browser entry's (one module
 * instance, which the integration kits share).
 */
import { readFileSync } from "node:fs";
import { initSync } from "./index.js";

export * from "./index.js";

initSync(readFileSync(new URL("./wasm/turnkeeper_bg.wasm", import.meta.url)));

/** Already done on import in Node; resolves at once. */
export function init(): Promise<void> {
  return Promise.resolve();
}
