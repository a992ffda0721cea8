/**
 * Node entry: the dice module is read and instantiated synchronously on import, the core the
 * first time an encounter, journey, creature or rule table needs it, and the rule procedures'
 * module the first time a procedure runs (issue 38: importing compiles only what a first roll
 * needs), so `init()` is only kept for code shared with browsers. Everything
 * else is the browser entry's (one instance of each module, which the integration kits share).
 */
import { readFileSync } from "node:fs";
import { useThisErrorSite } from "./error-site.js";
import { TurnkeeperError, initCoreOnDemand, initProceduresOnDemand } from "./index.js";

export * from "./index.js";

// Errors start their stacks in the shipped error-site.js (see that file).
useThisErrorSite(TurnkeeperError);
initCoreOnDemand(() => readFileSync(new URL("./wasm/turnkeeper_bg.wasm", import.meta.url)), readFileSync(new URL("./wasm/dice_bg.wasm", import.meta.url)));
initProceduresOnDemand(() => readFileSync(new URL("./wasm/procedures_bg.wasm", import.meta.url)));

/** Already done on import in Node; resolves at once. */
export function init(): Promise<void> {
  return Promise.resolve();
}
