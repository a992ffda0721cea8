/**
 * `turnkeeper/core` in browsers: the whole API, but `init()` loads only the core module
 * (encounters, journeys, creatures) and the dice module, so a page that never calls the rule procedures (`ose`,
 * `hyb`, `a5e`) never downloads or compiles them. Import `turnkeeper/procedures` (or call
 * `initProcedures()`) to load them later; until then they are `NOT_INITIALIZED`.
 */
import { initCore } from "./index.js";

export * from "./index.js";

/**
 * Load the core module and the dice module once, in parallel (the URL, `Response`, bytes or
 * module you pass for each, else the file beside this one).
 */
export function init(input?: Parameters<typeof initCore>[0], dice?: Parameters<typeof initCore>[1]): Promise<void> {
  return initCore(input, dice);
}
