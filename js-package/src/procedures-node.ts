/**
 * `turnkeeper/procedures` in Node: the rule procedures' module is read and instantiated
 * synchronously on import.
 */
import { readFileSync } from "node:fs";
import { initProceduresSync } from "./index.js";

export * from "./procedures-api.js";

initProceduresSync(readFileSync(new URL("./wasm/procedures_bg.wasm", import.meta.url)));
