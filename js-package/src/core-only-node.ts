/**
 * `turnkeeper/core` in Node: the core module is read and instantiated synchronously on import;
 * the rule procedures load only when `turnkeeper/procedures` is imported.
 */
import { readFileSync } from "node:fs";
import { useThisErrorSite } from "./error-site.js";
import { TurnkeeperError, initSync } from "./index.js";

export * from "./index.js";

// Errors start their stacks in the shipped error-site.js (see that file).
useThisErrorSite(TurnkeeperError);
initSync(readFileSync(new URL("./wasm/turnkeeper_bg.wasm", import.meta.url)));

/** Already done on import in Node; resolves at once. */
export function init(): Promise<void> {
  return Promise.resolve();
}
