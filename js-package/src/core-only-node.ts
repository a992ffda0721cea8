/**
 * `turnkeeper/core` in Node: the dice module is read and instantiated synchronously on import and
 * the core when it is first needed, as in the main entry;
 * the rule procedures load only when `turnkeeper/procedures` is imported.
 */
import { readFileSync } from "node:fs";
import { useThisErrorSite } from "./error-site.js";
import { TurnkeeperError, initCoreOnDemand } from "./index.js";

export * from "./index.js";

// Errors start their stacks in the shipped error-site.js (see that file).
useThisErrorSite(TurnkeeperError);
initCoreOnDemand(() => readFileSync(new URL("./wasm/turnkeeper_bg.wasm", import.meta.url)), readFileSync(new URL("./wasm/dice_bg.wasm", import.meta.url)));

/** Already done on import in Node; resolves at once. */
export function init(): Promise<void> {
  return Promise.resolve();
}
