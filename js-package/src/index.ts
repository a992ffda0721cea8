/**
 * Browser entry (also what bundlers such as Vite pick). Call `await init()` once; the two
 * `.wasm` files (the core and the rule procedures) are fetched from beside this module, or from
 * the URLs/bytes you pass. `turnkeeper/core` loads the core alone; `turnkeeper/procedures`
 * loads the procedures when it is imported.
 */
import initWasm, { initSync as initWasmSync, type InitInput, type SyncInitInput } from "./wasm/turnkeeper.js";
import { isReady, loadOnce, markReady } from "./core/loader.js";
import { loadFailed as failed } from "./core/errors.js";
import { deferProcedures, loadProcedures, loadProceduresSync } from "./core/procedures-module.js";

export * from "./core/api.js";

const loadCore = loadOnce((input?: InitInput | Promise<InitInput>) => initWasm(input === undefined ? undefined : { module_or_path: input }), failed);

/**
 * Load the core module only (dice, encounters, journeys, creatures): what `turnkeeper/core`'s
 * `init()` does. Safe to call many times and concurrently.
 */
export function initCore(input?: InitInput | Promise<InitInput>): Promise<void> {
  return loadCore(input);
}

/**
 * Load the rule procedures' module (`ose`, `hyb`, `a5e`) once. `input` overrides where it
 * comes from (a URL, a `Response`, bytes or a compiled `WebAssembly.Module`); by default
 * `wasm/procedures_bg.wasm` beside this module.
 */
export function initProcedures(input?: InitInput | Promise<InitInput>): Promise<void> {
  return loadProcedures(input, failed);
}

/** {@link initProcedures} from the module's bytes or a compiled `WebAssembly.Module`. */
export function initProceduresSync(module: SyncInitInput): void {
  loadProceduresSync(module, failed);
}

/**
 * Compile the procedures module synchronously the first time `ose`, `hyb` or `a5e` is used,
 * from the bytes or compiled module `source` returns then: what the Node entry does, so that
 * importing the package compiles only the core. A host that can read files synchronously (a
 * worker with the bytes at hand, Electron, a test) may do the same. A failed load surfaces as
 * `INIT_FAILED` from that first call; the next call tries again.
 */
export function initProceduresOnDemand(source: () => SyncInitInput): void {
  deferProcedures(source, failed);
}

/**
 * Load both modules once, in parallel: the core and the rule procedures. Safe to call many
 * times and concurrently. `input` overrides where the core comes from and `procedures` where
 * the procedures come from (each a URL, a `Response`, bytes or a compiled `WebAssembly.Module`).
 */
export function init(input?: InitInput | Promise<InitInput>, procedures?: InitInput | Promise<InitInput>): Promise<void> {
  return Promise.all([initCore(input), initProcedures(procedures)]).then(() => undefined);
}

/**
 * Load the core synchronously from its bytes or an already compiled `WebAssembly.Module` (a
 * worker handed the module, a test, a host that reads files itself), and the procedures module
 * too when `procedures` is given. Later calls do nothing. The Node and inline entries start the
 * modules this way.
 */
export function initSync(module: SyncInitInput, procedures?: SyncInitInput): void {
  if (!isReady()) {
    try {
      initWasmSync({ module });
    } catch (e) {
      throw failed(e);
    }
    markReady();
  }
  if (procedures !== undefined) initProceduresSync(procedures);
}
