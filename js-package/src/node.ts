/**
 * Node entry: both wasm modules (the core and the rule procedures) are read and instantiated
 * synchronously on import, so `init()` is only kept for code shared with browsers. Everything
 * else is the browser entry's (one instance of each module, which the integration kits share).
 */
import { readFileSync } from "node:fs";
import { initSync } from "./index.js";

export * from "./index.js";

initSync(
  readFileSync(new URL("./wasm/turnkeeper_bg.wasm", import.meta.url)),
  readFileSync(new URL("./wasm/procedures_bg.wasm", import.meta.url)),
);

/** Already done on import in Node; resolves at once. */
export function init(): Promise<void> {
  return Promise.resolve();
}
