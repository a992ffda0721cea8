/**
 * Node entry: the wasm is read and instantiated synchronously on import, so `init()` is only
 * kept for code shared with browsers.
 */
import { readFileSync } from "node:fs";
import { initSync } from "./wasm/turnkeeper.js";
import { markReady } from "./core/loader.js";

export * from "./core/api.js";

initSync({ module: readFileSync(new URL("./wasm/turnkeeper_bg.wasm", import.meta.url)) });
markReady();

/** Already done on import in Node; resolves at once. */
export function init(): Promise<void> {
  return Promise.resolve();
}
