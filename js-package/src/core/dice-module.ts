/**
 * The glue of the dice module (`wasm/dice_bg.wasm`), where every entry's stand-alone dice roll
 * (issue 38), written here instead of generated: the module has no wasm-bindgen, and its exports
 * take and return plain numbers (crate/src/wasm/dice_abi.rs, whose notes give the conventions).
 * The facade's dice code (./dice.ts, ./packed.ts, ./quick.ts) calls it. Errors are thrown as the
 * core's generated glue throws them: `{ code, message, position?, turnkeeper: true }`.
 */
import type { InitInput, SyncInitInput } from "../wasm/turnkeeper.js";
import { TurnkeeperError } from "./errors.js";

/** The module's exports (crate/src/wasm/dice_abi.rs). */
interface Exports {
  memory: WebAssembly.Memory;
  dice_args(len: number): number;
  dice_numbers(count: number): number;
  dice_words(count: number): number;
  dice_out(): number;
  dice_take_error(): number;
  dice_version(): number;
  dice_input_buffer(): number;
  dice_parse_into_slot(slot: number, len: number): number;
  dice_roll_text(slot: number, len: number, dice: number): number;
  dice_total_text(slot: number, len: number, dice: number): number;
  dice_roll_slot(slot: number, dice: number): number;
  dice_total_slot(slot: number, dice: number): number;
  dice_roll_input(slot: number, len: number, dice: number): number;
  dice_total_input(slot: number, len: number, dice: number): number;
  dice_roll_faces(sides: number, count: number, dice: number): number;
  dice_roll_crypto_faces(sides: number, count: number): number;
  dice_roll_data(notation: number, paths: number, texts: number, missing: number, dice: number): number;
  dice_total_data(notation: number, paths: number, texts: number, missing: number, dice: number): number;
  dice_box_new(seeded: number, seed: number): number;
  dice_box_supplied(): number;
  dice_box_from_state(len: number): number;
  dice_box_state(dice: number): number;
  dice_box_kind(dice: number): number;
  dice_box_roll_die(dice: number, sides: number): number;
  dice_box_to_words(dice: number): number;
  dice_box_set_words(dice: number): number;
  dice_box_free(dice: number): void;
  dice_parsed_parse(len: number): number;
  dice_parsed_parse_data(notation: number, paths: number, texts: number, missing: number): number;
  dice_parsed_texts(parsed: number): number;
  dice_parsed_roll(parsed: number, dice: number): number;
  dice_parsed_total(parsed: number, dice: number): number;
  dice_parsed_free(parsed: number): void;
  dice_roll_twice(die: number, keep: number, dice: number): number;
  dice_chance_in_six(x: number, dice: number): number;
  dice_percent_chance(p: number, dice: number): number;
  dice_roll_off(entrants: number, config: number, dice: number): number;
  dice_pool_new(dice: number, speed: number, unstoppable: number): number;
  dice_pool_from_json(len: number): number;
  dice_pool_to_json(pool: number): number;
  dice_pool_roll(pool: number, dice: number): number;
  dice_pool_add_dice(pool: number, count: number): void;
  dice_pool_remove_dice(pool: number, count: number): number;
  dice_pool_stop(pool: number): void;
  dice_pool_read(pool: number, which: number): number;
  dice_pool_free(pool: number): void;
}

let w: Exports;
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
const bytes = (at: number, len: number): Uint8Array => new Uint8Array(w.memory.buffer, at, len);

/** What the module imports: crypto bytes for its crypto dice (getRandomValues fills ≤ 64 KiB a call). */
const imports = {
  turnkeeper: {
    random(at: number, len: number): void {
      for (let done = 0; done < len; done += 65536) crypto.getRandomValues(bytes(at + done, Math.min(65536, len - done)));
    },
  },
};

function ready(instance: WebAssembly.Instance): void {
  w = instance.exports as unknown as Exports;
}

/** Instantiate from bytes or a compiled module, at once. */
export function instantiateSync(module: SyncInitInput): void {
  if (w !== undefined) return;
  ready(new WebAssembly.Instance(module instanceof WebAssembly.Module ? module : new WebAssembly.Module(module), imports));
}

/**
 * Instantiate from a URL, `Response`, bytes or compiled module (a promise of one too); by
 * default `wasm/dice_bg.wasm` beside the bundled entry (dist/dice.js), compiled as it streams in
 * when the server sends it as `application/wasm`.
 */
export async function instantiate(input?: InitInput | Promise<InitInput>): Promise<void> {
  if (w !== undefined) return;
  // `?no-inline`: Vite's library mode would otherwise inline the file as base64 (see the core's glue).
  let source = await (input ?? new URL("./wasm/dice_bg.wasm?no-inline", import.meta.url));
  if (typeof source === "string" || source instanceof URL || (typeof Request === "function" && source instanceof Request)) source = await fetch(source);
  if (source instanceof WebAssembly.Module) return ready(await WebAssembly.instantiate(source, imports));
  if (typeof Response === "function" && source instanceof Response) {
    try {
      return ready((await WebAssembly.instantiateStreaming(source, imports)).instance);
    } catch (e) {
      // A server that sends another content type: compile from the bytes instead.
      if (!source.ok || source.headers.get("Content-Type") === "application/wasm" || source.bodyUsed) throw e;
    }
    source = await source.arrayBuffer();
  }
  ready((await WebAssembly.instantiate(source as BufferSource, imports)).instance);
}

/** Throw `NOT_INITIALIZED` until the module is instantiated. */
export function ensureDice(): void {
  if (w === undefined) {
    throw new TurnkeeperError("NOT_INITIALIZED", "call `await init()` once before using turnkeeper in a browser (it is automatic in Node)");
  }
}

// ---- calls --------------------------------------------------------------------------------

/**
 * `value`, unless the call that gave it kept an error: then that error is thrown, as the
 * generated glue throws it (the module writes it as JSON: `{ code, message, position?, turnkeeper }`).
 */
function checked<T>(value: T): T {
  const len = w.dice_take_error();
  if (len !== 0) throw JSON.parse(text(len));
  return value;
}

/** The text a call returned (its length), unless it kept an error. */
const textOf = (len: number): string => text(checked(len));

/** The text a call left in the output buffer. */
function text(len: number): string {
  return decoder.decode(bytes(w.dice_out(), len));
}

/** Write `texts` (undefined: left out) to the argument buffer; their byte lengths (−1: left out). */
function args<T extends (string | null | undefined)[]>(...texts: T): { [K in keyof T]: number } {
  const encoded = texts.map((t) => (t === undefined || t === null ? undefined : encoder.encode(t)));
  let at = w.dice_args(encoded.reduce((n, e) => n + (e?.length ?? 0), 0));
  return encoded.map((e) => {
    if (e === undefined) return -1;
    bytes(at, e.length).set(e);
    at += e.length;
    return e.length;
  }) as { [K in keyof T]: number };
}

/** The texts of a formula with data as args() writes them, with its values written too. */
function dataArgs(notation: string, paths: string, values: Float64Array | number[], texts: string, missing: string | null | undefined): [number, number, number, number] {
  const lens = args(notation, paths, texts, missing);
  // The address first: making the buffer may grow the memory, which detaches older views.
  const at = w.dice_numbers(values.length);
  new Float64Array(w.memory.buffer, at, values.length).set(values);
  return lens;
}

/** What frees a handle of each kind of object, by {@link Held.k}. */
const frees = ["dice_box_free", "dice_parsed_free", "dice_pool_free"] as const;
// A handle the program drops without `free()` is freed when its object is collected.
const registry = new FinalizationRegistry<[number, number]>(([kind, h]) => w[frees[kind]!](h));

/** An object the module holds by handle. */
class Held {
  /** The module's handle; 0 once freed. */
  h = 0;
  /** Its kind: 0 a box, 1 a parsed notation, 2 a countdown pool (an index into `frees`). */
  k = 0;
  free(): void {
    if (this.h === 0) return;
    registry.unregister(this);
    w[frees[this.k]!](this.h);
    this.h = 0;
  }
}

/** Give `object` its handle (checked: a failed call throws its error), freed when it is collected. */
function hold<T extends Held>(object: T, h: number, kind: number): T {
  object.h = checked(h);
  object.k = kind;
  registry.register(object, [kind, object.h], object);
  return object;
}

/** A dice source held by the module (crate/src/wasm/dice.rs `DiceBox`). */
export class DiceBox extends Held {
  constructor(seed?: number | null) {
    super();
    hold(this, w.dice_box_new(seed === undefined || seed === null ? 0 : 1, seed ?? 0), 0);
  }
  static supplied(faces: Uint32Array | number[]): DiceBox {
    const at = checked(w.dice_words(faces.length));
    new Uint32Array(w.memory.buffer, at, faces.length).set(faces);
    return hold(Object.create(DiceBox.prototype) as DiceBox, w.dice_box_supplied(), 0);
  }
  static fromState(state: string): DiceBox {
    const [len] = args(state);
    return hold(Object.create(DiceBox.prototype) as DiceBox, w.dice_box_from_state(len), 0);
  }
  state(): string {
    return textOf(w.dice_box_state(this.h));
  }
  kind(): string {
    const kind = checked(w.dice_box_kind(this.h));
    return kind === 1 ? "seeded" : kind === 2 ? "crypto" : "supplied";
  }
  rollDie(sides: number): number {
    return checked(w.dice_box_roll_die(this.h, sides));
  }
}

/**
 * `box` lent to another module: its dice as words (crate/src/dice/transfer.rs), and what takes
 * back what that module rolled. (Functions rather than methods, so `turnkeeper/dice`, which
 * lends to no one, leaves them out of its bundle.)
 */
export function lend(box: DiceBox): { toWords(): Uint32Array; setWords(words: Uint32Array): void } {
  return {
    toWords(): Uint32Array {
      const at = checked(w.dice_box_to_words(box.h));
      const count = new Uint32Array(w.memory.buffer, at, 1)[0] ?? 0;
      return new Uint32Array(w.memory.buffer, at + 4, count).slice();
    },
    setWords(words: Uint32Array): void {
      const at = checked(w.dice_words(words.length));
      new Uint32Array(w.memory.buffer, at, words.length).set(words);
      checked(w.dice_box_set_words(box.h));
    },
  };
}

/** A notation parsed once (crate/src/wasm/dice.rs `ParsedNotation`). */
export class ParsedNotation extends Held {
  private constructor(h: number) {
    super();
    hold(this, h, 1);
  }
  static parse(notation: string): ParsedNotation {
    const [len] = args(notation);
    return new ParsedNotation(w.dice_parsed_parse(len));
  }
  static parseData(notation: string, paths: string, values: Float64Array | number[], texts: string, missing?: string | null): ParsedNotation {
    const [n, p, t, m] = dataArgs(notation, paths, values, texts, missing);
    return new ParsedNotation(w.dice_parsed_parse_data(n, p, t, m));
  }
  texts(): number {
    return checked(w.dice_parsed_texts(this.h));
  }
  /** The packed roll's address, or 0 with the error kept for {@link takeDiceError}. */
  rollPacked(dice: DiceBox): number {
    return w.dice_parsed_roll(this.h, dice.h);
  }
  /** The total, or NaN with the error kept for {@link takeDiceError}. */
  total(dice: DiceBox): number {
    return w.dice_parsed_total(this.h, dice.h);
  }
}

/** A countdown pool (crate/src/wasm/dice.rs `CountdownPool`). */
export class CountdownPool extends Held {
  constructor(dice: number, speed: string, unstoppable?: boolean | null) {
    super();
    const [len] = args(speed);
    hold(this, w.dice_pool_new(dice, len, unstoppable === true ? 1 : unstoppable === false ? 0 : 2), 2);
  }
  static fromJSON(state: string): CountdownPool {
    const [len] = args(state);
    return hold(Object.create(CountdownPool.prototype) as CountdownPool, w.dice_pool_from_json(len), 2);
  }
  toJSON(): string {
    return textOf(w.dice_pool_to_json(this.h));
  }
  roll(dice: DiceBox): string {
    return textOf(w.dice_pool_roll(this.h, dice.h));
  }
  addDice(count: number): void {
    checked(w.dice_pool_add_dice(this.h, count));
  }
  removeDice(count: number): boolean {
    return checked(w.dice_pool_remove_dice(this.h, count)) === 1;
  }
  stop(): void {
    checked(w.dice_pool_stop(this.h));
  }
  dice(): number {
    return checked(w.dice_pool_read(this.h, 0));
  }
  rolls(): number {
    return checked(w.dice_pool_read(this.h, 1));
  }
  expired(): boolean {
    return checked(w.dice_pool_read(this.h, 2)) === 1;
  }
  stopped(): boolean {
    return checked(w.dice_pool_read(this.h, 3)) === 1;
  }
}

export const wasmMemory = (): WebAssembly.Memory => w.memory;
export const coreVersion = (): string => text(w.dice_version());
export const inputBuffer = (): number => w.dice_input_buffer();
/** Throw the error the last hot call kept (it returned 0 or NaN); nothing when there is none. */
export const takeDiceError = (): void => void checked(undefined);

export function parseIntoSlot(slot: number, notation: string): number {
  const [len] = args(notation);
  return checked(w.dice_parse_into_slot(slot, len));
}
export function rollText(slot: number, notation: string, dice: DiceBox): number {
  const [len] = args(notation);
  return checked(w.dice_roll_text(slot, len, dice.h));
}
export function totalText(slot: number, notation: string, dice: DiceBox): number {
  const [len] = args(notation);
  return checked(w.dice_total_text(slot, len, dice.h));
}
// The hot calls: 0 or NaN with the error kept for takeDiceError, as in the core's glue.
export const rollSlot = (slot: number, dice: DiceBox): number => w.dice_roll_slot(slot, dice.h);
export const totalSlot = (slot: number, dice: DiceBox): number => w.dice_total_slot(slot, dice.h);
export const rollInput = (slot: number, len: number, dice: DiceBox): number => w.dice_roll_input(slot, len, dice.h);
export const totalInput = (slot: number, len: number, dice: DiceBox): number => w.dice_total_input(slot, len, dice.h);
export const rollFaces = (sides: number, count: number, dice: DiceBox): number => w.dice_roll_faces(sides, count, dice.h);
export const rollCryptoFaces = (sides: number, count: number): number => w.dice_roll_crypto_faces(sides, count);

export function rollData(notation: string, paths: string, values: Float64Array | number[], texts: string, missing: string | null | undefined, dice: DiceBox): number {
  const [n, p, t, m] = dataArgs(notation, paths, values, texts, missing);
  return checked(w.dice_roll_data(n, p, t, m, dice.h));
}
export function totalData(notation: string, paths: string, values: Float64Array | number[], texts: string, missing: string | null | undefined, dice: DiceBox): number {
  const [n, p, t, m] = dataArgs(notation, paths, values, texts, missing);
  return checked(w.dice_total_data(n, p, t, m, dice.h));
}

export function rollTwiceJson(die: string, keep: string, dice: DiceBox): string {
  const [d, k] = args(die, keep);
  return textOf(w.dice_roll_twice(d, k, dice.h));
}
export const chanceInSixJson = (x: number, dice: DiceBox): string => textOf(w.dice_chance_in_six(x, dice.h));
export const percentChanceJson = (p: number, dice: DiceBox): string => textOf(w.dice_percent_chance(p, dice.h));
export function rollOffJson(entrants: number, config: string, dice: DiceBox): string {
  const [len] = args(config);
  return textOf(w.dice_roll_off(entrants, len, dice.h));
}
