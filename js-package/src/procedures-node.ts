/**
 * `turnkeeper/procedures` in Node: the rule procedures' module is read and instantiated
 * synchronously on import.
 */
import { readFileSync } from "node:fs";
import { initProceduresSync } from "./index.js";

export {
  a5e,
  DungeonPursuit,
  hyb,
  initProcedures,
  MoraleTracker,
  ose,
  Pursuit,
  runJsonProcedure,
  runProcedure,
  WaterbornePursuit,
  WildernessPursuit,
} from "./index.js";
export type * from "./core/procedures.js";
export type * from "./core/a5e.js";

initProceduresSync(readFileSync(new URL("./wasm/procedures_bg.wasm", import.meta.url)));
