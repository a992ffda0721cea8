/**
 * `turnkeeper/dice` in Node: the dice module is read and instantiated synchronously on import,
 * so `init()` is only kept for code shared with browsers.
 */
import { readFileSync } from "node:fs";
import { useThisErrorSite } from "./error-site.js";
import { TurnkeeperError, initSync } from "./dice.js";

export * from "./dice.js";

// Errors start their stacks in the shipped error-site.js (see that file).
useThisErrorSite(TurnkeeperError);
initSync(readFileSync(new URL("./wasm/dice_bg.wasm", import.meta.url)));

/** Already done on import in Node; resolves at once. */
export function init(): Promise<void> {
  return Promise.resolve();
}
