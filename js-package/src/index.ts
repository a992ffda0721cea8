/**
 * Browser entry (also what bundlers such as Vite pick). Call `await init()` once; the three
 * `.wasm` files (the core, the rule procedures and the dice, where stand-alone rolls happen) are
 * fetched in parallel from beside this module, or from the URLs/bytes you pass.
 * `turnkeeper/core` loads the core and the dice; `turnkeeper/procedures` loads the procedures
 * when it is imported.
 */
import initWasm, { initSync as initWasmSync, type InitInput, type SyncInitInput } from "./wasm/turnkeeper.js";
import { instantiate as instantiateDice, instantiateSync as instantiateDiceSync } from "./core/dice-module.js";
import { deferStart, isReady, loadOnce, markReady } from "./core/loader.js";
import { loadFailed as failed } from "./core/errors.js";
import { deferProcedures, loadProcedures, loadProceduresSync } from "./core/procedures-module.js";

export * from "./core/api.js";

const loadCore = loadOnce((input?: InitInput | Promise<InitInput>) => initWasm(input === undefined ? undefined : { module_or_path: input }), failed);

/**
 * The dice module's load, apart from the core's (each may be loaded already, by `initSync` or
 * an earlier call): concurrent calls share it, and a failure lets the next call try again.
 */
let diceLoading: Promise<void> | undefined;
function loadDice(input?: InitInput | Promise<InitInput>): Promise<void> {
  diceLoading ??= instantiateDice(input).catch((e: unknown) => {
    diceLoading = undefined;
    throw failed(e);
  });
  return diceLoading;
}

/**
 * Load the core module (encounters, journeys, creatures) and the dice module (rolls, `Dice`,
 * `Expression`) in parallel: what `turnkeeper/core`'s `init()` does. `dice` overrides where
 * the dice module comes from (by default `wasm/dice_bg.wasm` beside this module). Safe to call
 * many times and concurrently.
 */
export function initCore(input?: InitInput | Promise<InitInput>, dice?: InitInput | Promise<InitInput>): Promise<void> {
  return Promise.all([loadCore(input), loadDice(dice)]).then(() => undefined);
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
 * Load the dice module synchronously now (from `dice`, its bytes or compiled module) and the
 * core the first time an encounter, journey, creature or rule table needs it, from the bytes or
 * module `core` returns then: what the Node and inline entries do, so that importing the package
 * compiles only the dice and a first roll waits for nothing more (issue 38). A core that fails
 * to load surfaces as `INIT_FAILED` from that first call; the next call tries again.
 */
export function initCoreOnDemand(core: () => SyncInitInput, dice: SyncInitInput): void {
  initSync(undefined, undefined, dice);
  if (!isReady()) deferStart(() => initSync(core()));
}

/**
 * Load the three modules once, in parallel: the core, the rule procedures and the dice. Safe to
 * call many times and concurrently. `input` overrides where the core comes from, `procedures`
 * where the procedures come from and `dice` where the dice come from (each a URL, a `Response`,
 * bytes or a compiled `WebAssembly.Module`).
 */
export function init(
  input?: InitInput | Promise<InitInput>,
  procedures?: InitInput | Promise<InitInput>,
  dice?: InitInput | Promise<InitInput>,
): Promise<void> {
  return Promise.all([initCore(input, dice), initProcedures(procedures)]).then(() => undefined);
}

/**
 * Load the core synchronously from its bytes or an already compiled `WebAssembly.Module` (a
 * worker handed the module, a test, a host that reads files itself; `undefined` leaves it
 * alone), the dice module from `dice` (stand-alone rolls, `Dice` and `Expression` are
 * `NOT_INITIALIZED` until it is given), and the procedures module too when `procedures` is
 * given. A module already loaded is left as it is; `init()` afterwards loads only what is still
 * missing. The Node and inline entries start the modules this way.
 */
export function initSync(module: SyncInitInput | undefined, procedures?: SyncInitInput, dice?: SyncInitInput): void {
  if (module !== undefined && !isReady()) {
    try {
      initWasmSync({ module });
    } catch (e) {
      throw failed(e);
    }
    markReady();
  }
  if (dice !== undefined) {
    try {
      instantiateDiceSync(dice);
    } catch (e) {
      throw failed(e);
    }
  }
  if (procedures !== undefined) initProceduresSync(procedures);
}
