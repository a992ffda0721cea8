/**
 * Where a `TurnkeeperError`'s stack starts. Node prints the source line at the top of an
 * uncaught error's stack above its message, and a line of the minified bundle is the whole
 * package; so the Node entries import this file as it ships (`dist/error-site.js`) and hand its
 * capture to `TurnkeeperError` ({@link useThisErrorSite}): the line Node prints is the short one
 * below. The browser bundles carry their own copy of this file instead of importing it, which
 * saves a page a request in a row before its first roll. Bundlers inline it like any module.
 */

/** Frames kept: enough to reach the caller's code past the package's own frames. */
const FRAMES = 24;

/** Where a Node entry leaves this file's capture on the error class (a registered symbol, so the bundle's copy of this file finds what the shipped file put there). */
const SITE = Symbol.for("turnkeeper.errorSite");

type Capture = (error: Error) => void;

/** Capture `error`'s stack from here, deep enough to show the caller's frames. */
export function captureErrorSite(error: Error): void {
  const capture = (Error as { captureStackTrace?: (target: object) => void }).captureStackTrace;
  if (capture === undefined) return; // engines without it keep the stack `new` gave
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Math.max(limit, FRAMES);
  capture(error); // ← a TurnkeeperError: its message, then where it came from, follow
  Error.stackTraceLimit = limit;
}

/** Node entries: errors of `errorClass` capture their stacks in this file, as shipped. */
export function useThisErrorSite(errorClass: object): void {
  (errorClass as Record<symbol, Capture>)[SITE] = captureErrorSite;
}

/** The capture `errorClass` was handed, or else this copy's (returned, not called, so no frame of its own comes between the error and the capture). */
export function errorSiteOf(errorClass: object): Capture {
  return (errorClass as Record<symbol, Capture | undefined>)[SITE] ?? captureErrorSite;
}
