/**
 * What `turnkeeper/procedures` exports, in browsers and in Node alike (each entry adds only how
 * the procedures' module is loaded): the rule procedures of the main entry's one instance.
 */
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
