/**
 * `turnkeeper/core` in browsers: the whole API, but `init()` loads only the core module (dice,
 * encounters, journeys, creatures), so a page that never calls the rule procedures (`ose`,
 * `hyb`, `a5e`) never downloads or compiles them. Import `turnkeeper/procedures` (or call
 * `initProcedures()`) to load them later; until then they are `NOT_INITIALIZED`.
 */
import { initCore } from "./index.js";

export * from "./index.js";

/** Load the core module once (the URL, `Response`, bytes or module you pass, else beside this file). */
export function init(input?: Parameters<typeof initCore>[0]): Promise<void> {
  return initCore(input);
}
