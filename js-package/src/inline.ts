/**
 * Entry with the three wasm modules (core, procedures and dice) inlined as base64, for hosts that cannot serve a separate `.wasm` file
 * (some VTT module loaders, single-file bundles). Costs about a third more bytes to download.
 */
import { initCoreOnDemand, initProceduresOnDemand } from "./index.js";
import { DICE_BASE64, PROCEDURES_BASE64, WASM_BASE64 } from "./wasm/inline-bytes.js";

export * from "./index.js";

function decode(base64: string): Uint8Array {
  if (typeof atob === "function") {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  return new Uint8Array(Buffer.from(base64, "base64"));
}

/**
 * Instantiate the inlined dice synchronously, the inlined core the first time an encounter,
 * journey or creature needs it, and the inlined procedures the first time a
 * procedure runs (decoding and compiling them can wait until then); later calls do nothing.
 */
let started = false;
export function initSyncInline(): void {
  if (started) return;
  initCoreOnDemand(() => decode(WASM_BASE64), decode(DICE_BASE64));
  initProceduresOnDemand(() => decode(PROCEDURES_BASE64));
  started = true;
}

/** Same contract as the other entries: resolves once the wasm is ready. */
export function init(): Promise<void> {
  initSyncInline();
  return Promise.resolve();
}
