/**
 * `turnkeeper/dice` in browsers: the dice alone (`roll`, `total`, `Dice`, `Expression`, roll
 * twice, chances, roll-offs, countdowns and `TurnkeeperError`), from a module of their own
 * (`wasm/dice_bg.wasm`) a fraction of the core's size. The same notation, results, seeds and
 * errors as the main entry: the code and the module are the main entry's own (its stand-alone
 * dice roll there too), without the rest of the package.
 * Call `await init()` once before rolling.
 */
import { instantiate, instantiateSync } from "./core/dice-module.js";
import type { InitInput, SyncInitInput } from "./wasm/turnkeeper.js";
import { isReady, loadOnce, markReady } from "./core/loader.js";
import { loadFailed } from "./core/errors.js";

export { TurnkeeperError, type ErrorCode } from "./core/errors.js";
export * from "./core/dice.js";

const loadDice = loadOnce(instantiate, loadFailed);

/**
 * Load the dice module once: the URL, `Response`, bytes or compiled `WebAssembly.Module` you
 * pass, else `wasm/dice_bg.wasm` beside this file. Safe to call many times and concurrently.
 */
export function init(input?: InitInput | Promise<InitInput>): Promise<void> {
  return loadDice(input);
}

/** Load the dice module synchronously from its bytes or a compiled `WebAssembly.Module`; later calls do nothing. */
export function initSync(module: SyncInitInput): void {
  if (isReady()) return;
  try {
    instantiateSync(module);
  } catch (e) {
    throw loadFailed(e);
  }
  markReady();
}
