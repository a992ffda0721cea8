/**
 * The rule procedures' own wasm module (`ose`, `hyb`, `a5e`), loaded apart from the core so a
 * page that never calls them never downloads them (issue 12). The main entry's `init()` loads
 * both; `turnkeeper/core` loads only the core; `turnkeeper/procedures` loads this one when it is
 * imported. A caller's {@link Dice} stay in the dice module: they are lent to this module as
 * words and taken back only when the procedure succeeds, so a seeded stream moves exactly as if
 * they had rolled themselves, and a failed procedure leaves the dice where they were.
 */
import initModule, {
  initSync as initModuleSync,
  procedure,
  procedureDice,
  type InitInput,
  type SyncInitInput,
} from "../wasm/procedures.js";
import { guard, TurnkeeperError } from "./errors.js";

export type { InitInput, SyncInitInput };

let ready = false;
let loading: Promise<void> | undefined;
/** Where the module comes from when it is compiled on first use ({@link deferProcedures}). */
let deferred: { source: () => SyncInitInput; failed: (e: unknown) => TurnkeeperError } | undefined;

/** Whether the procedures module is loaded. */
export function proceduresReady(): boolean {
  return ready;
}

/**
 * Load the procedures module once (safe to call many times and concurrently). `input` overrides
 * where it comes from: a URL, a `Response`, bytes or a compiled `WebAssembly.Module`; by default
 * `wasm/procedures_bg.wasm` beside the package's entry.
 */
export function loadProcedures(input: InitInput | Promise<InitInput> | undefined, failed: (e: unknown) => TurnkeeperError): Promise<void> {
  if (ready) return Promise.resolve();
  loading ??= guard(() => initModule(input === undefined ? undefined : { module_or_path: input })).then(
    () => {
      ready = true;
    },
    (e: unknown) => {
      loading = undefined;
      throw failed(e);
    },
  );
  return loading;
}

/** Load the procedures module synchronously from its bytes or a compiled module. */
export function loadProceduresSync(module: SyncInitInput, failed: (e: unknown) => TurnkeeperError): void {
  if (ready) return;
  try {
    initModuleSync({ module });
  } catch (e) {
    throw failed(e);
  }
  ready = true;
}

/**
 * Load the procedures module synchronously the first time a procedure runs, from what `source`
 * gives then (bytes or a compiled module). Startup then pays only for the core: a program that
 * never calls `ose`, `hyb` or `a5e` never reads or compiles this module (issue 38). A failed load
 * is reported by that first call and tried again by the next.
 */
export function deferProcedures(source: () => SyncInitInput, failed: (e: unknown) => TurnkeeperError): void {
  if (!ready) deferred = { source, failed };
}

/** `NOT_INITIALIZED` until the procedures module is loaded (loading it now if it was deferred). */
export function ensureProceduresReady(): void {
  if (!ready && deferred !== undefined) {
    const { source, failed } = deferred;
    let module: SyncInitInput;
    try {
      module = source();
    } catch (e) {
      throw failed(e);
    }
    loadProceduresSync(module, failed);
    deferred = undefined;
  }
  if (!ready) {
    throw new TurnkeeperError(
      "NOT_INITIALIZED",
      "the rule procedures (ose, hyb, a5e) are a module of their own: call `await init()` from \"turnkeeper\", or import \"turnkeeper/procedures\", before using them",
    );
  }
}

const CRYPTO = new Uint32Array([1]);

/** Dice lent as words: a {@link Dice}'s box in the dice module (`lend` in ./dice-module.ts). */
export interface LentDice {
  toWords(): Uint32Array;
  setWords(words: Uint32Array): void;
}

/**
 * Run procedure `name` on `input` (JSON text) with `box`'s dice (the platform's crypto source
 * when there is no box): the result as JSON text.
 */
export function callProcedure(name: string, input: string, box: LentDice | undefined): string {
  ensureProceduresReady();
  if (box === undefined) return guard(() => procedure(name, input, CRYPTO));
  const words = guard(() => box.toWords());
  const text = guard(() => procedure(name, input, words));
  // Crypto dice carry no state to hand back.
  if (words[0] !== 1) guard(() => box.setWords(procedureDice()));
  return text;
}
