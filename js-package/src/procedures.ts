/**
 * `turnkeeper/procedures` in browsers: the rule procedures (`ose`, `hyb`, `a5e` and the pursuit
 * and morale classes), whose module is fetched and compiled when this is imported (a top-level
 * `await`), beside the core that `turnkeeper/core` loads. A procedure given a {@link Dice} rolls
 * the core's dice, so load the core before making one.
 */
import { initProcedures } from "./index.js";

export * from "./procedures-api.js";

await initProcedures();
