/**
 * `turnkeeper/procedures` in Node: the rule procedures' module is read and instantiated
 * synchronously on import.
 */
import { readFileSync } from "node:fs";
import { useThisErrorSite } from "./error-site.js";
import { TurnkeeperError, initProceduresSync } from "./index.js";

export * from "./procedures-api.js";

// Errors start their stacks in the shipped error-site.js (see that file).
useThisErrorSite(TurnkeeperError);
initProceduresSync(readFileSync(new URL("./wasm/procedures_bg.wasm", import.meta.url)));
