/**
 * Where a `TurnkeeperError`'s stack starts. This file ships on its own (`dist/error-site.js`),
 * not bundled into the minified entry: Node prints the source line at the top of an uncaught
 * error's stack above its message, and a line of the bundled entry is the whole package. Taken
 * here, that line is the short one below. Bundlers inline this file like any other module.
 */

/** Frames kept: enough to reach the caller's code past the package's own frames. */
const FRAMES = 24;

/** Capture `error`'s stack from here, deep enough to show the caller's frames. */
export function captureErrorSite(error: Error): void {
  const capture = (Error as { captureStackTrace?: (target: object) => void }).captureStackTrace;
  if (capture === undefined) return; // engines without it keep the stack `new` gave
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Math.max(limit, FRAMES);
  capture(error); // ← a TurnkeeperError: its message, then where it came from, follow
  Error.stackTraceLimit = limit;
}
