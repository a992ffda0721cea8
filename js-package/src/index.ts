/**
 * Browser entry (also what bundlers such as Vite pick). Call `await init()` once; the `.wasm`
 * file is fetched from beside this module (or from the URL/bytes you pass).
 */
import initWasm, { type InitInput } from "./wasm/turnkeeper.js";
import { isReady, markReady } from "./core/loader.js";
import { guard, initFailed } from "./core/errors.js";

export * from "./core/api.js";

let loading: Promise<void> | undefined;

/**
 * Load the wasm once. Safe to call many times and concurrently. `input` overrides where the
 * module comes from (a URL, a `Response`, bytes or a compiled `WebAssembly.Module`).
 */
export function init(input?: InitInput | Promise<InitInput>): Promise<void> {
  if (isReady()) return Promise.resolve();
  loading ??= guard(() => initWasm(input === undefined ? undefined : { module_or_path: input })).then(
    () => markReady(),
    (e: unknown) => {
      loading = undefined;
      throw initFailed(e);
    },
  );
  return loading;
}
