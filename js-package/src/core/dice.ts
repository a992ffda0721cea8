/**
 * Dice: one-off rolls, stateful dice boxes (seeded, crypto or supplied faces), and parsed
 * expressions for hot loops. Notation reference: docs/NOTATION.md. Every entry rolls these in
 * the dice module (`wasm/dice_bg.wasm`, through ./dice-module.ts); encounters, journeys,
 * creatures and procedures given a {@link Dice} borrow it (./lend.ts, ./procedures-module.ts).
 */
import {
  CountdownPool,
  DiceBox,
  ParsedNotation,
  inputBuffer,
  parseIntoSlot,
  rollInput,
  rollSlot,
  rollData,
  rollText,
  takeDiceError,
  totalData,
  totalInput,
  totalSlot,
  totalText,
  chanceInSixJson as coreChanceInSix,
  percentChanceJson as corePercentChance,
  rollOffJson as coreRollOff,
  rollTwiceJson as coreRollTwice,
  coreVersion,
  ensureDice,
} from "./dice-module.js";
import type {
  ChanceRoll,
  Countdown as CountdownState,
  CountdownRoll,
  CountdownSpeed,
  DieSize,
  Keep,
  RollOff,
  RollOffConfig,
  RollResult,
  SeedState,
  SourceKind,
  TwiceRoll,
} from "../wasm/turnkeeper.js";
import { guard, release, TurnkeeperError, wrapError } from "./errors.js";
import { boxOf, cryptoBox, facesArray } from "./dice-args.js";
import { markFreed } from "./freed.js";
import { memoryBytes, unpack, unpackTexts, unpackTextsAfterRoll, type NotationTexts } from "./packed.js";
import { quickRoll, quickTotal } from "./quick.js";
import { checkNumber, describeValue, fromText, toText, typeOf } from "./text.js";

export type {
  ChanceRoll,
  CountdownRoll,
  CountdownSpeed,
  DieResult,
  DieSize,
  Keep,
  Kept,
  PoolResult,
  RollMode,
  RollOff,
  RollOffConfig,
  RollOffRoll,
  RollOffRound,
  RollOffWinner,
  RollResult,
  RolledDie,
  SeedState,
  SourceKind,
  TermKind,
  TermResult,
  TwiceRoll,
} from "../wasm/turnkeeper.js";
export type { CountdownState };
export { MAX_SUPPLIED_FACES } from "./dice-args.js";

/**
 * Values for a formula's `@path` references, as Foundry VTT's roll data: `{ abilities: { str:
 * { mod: 3 } } }` for `1d20 + @abilities.str.mod`. As in Foundry's `Roll.replaceFormulaData`,
 * each `@path` is replaced by its value's text before the formula is read, so a value may be a
 * whole number or formula text (`"d8"`, `"3d6"`, `"+2"`), glued to a count (`2@scale.monk.die`)
 * or a size (`2d@attributes.hd.largestFace`). An object with its own `toString` (dnd5e's scale
 * values) gives that text; dnd5e scale values as plain JSON (`{ number: 3, faces: 6 }`,
 * `{ value: 2 }`) read the same. A path with no value is `NOTATION_DATA` unless
 * {@link DataOptions.missing} says what to put there.
 */
export type FormulaData = object;

/** How `@path` references are filled in beyond the data itself. */
export interface DataOptions {
  /**
   * Put in place of a path that has no value (`undefined` or `null`), as Foundry's option of
   * the same name: usually `0`. Without it such a path is `NOTATION_DATA`.
   */
  missing?: number | string;
}

/** Where faces come from for a one-off roll, and the formula's data. */
export interface RollOptions extends DataOptions {
  /** Seeded roll: the same seed and notation always give the same faces (0 … 2^53 − 1). */
  seed?: number;
  /** Faces read off physical dice, consumed in roll order and validated against each die. */
  faces?: readonly number[];
  /** Values for `@path` references (see {@link FormulaData}). */
  data?: FormulaData;
}

/** The version of the Rust core inside the wasm module. */
export function version(): string {
  ensureDice();
  return coreVersion();
}

/**
 * The options as a plain `{ seed, faces }`, read once: an options object that throws when read
 * (a getter, a Proxy), is not an object (`new Dice(7)`: a seed given bare, which would otherwise
 * silently give a crypto box) or holds the wrong types is `INVALID_ARGUMENT` before the wasm is
 * entered.
 */
function readOptions(options: RollOptions | undefined): RollOptions {
  if (options === undefined || options === null) return {};
  if (typeOf(options) !== "object") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `the dice options must be an object like { seed: 42 }, not ${describeValue(options)}`);
  }
  let seed: unknown;
  let faces: unknown;
  let data: unknown;
  let missing: unknown;
  try {
    seed = options.seed;
    faces = options.faces;
    data = options.data;
    missing = options.missing;
  } catch {
    throw new TurnkeeperError("INVALID_ARGUMENT", "the dice options could not be read");
  }
  if (seed !== undefined && typeof seed !== "number") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `seed must be a number, not ${describeValue(seed)}`);
  }
  if (seed !== undefined && faces !== undefined) {
    throw new TurnkeeperError("INVALID_ARGUMENT", "give either `seed` or `faces`, not both");
  }
  return {
    seed,
    faces: faces as readonly number[] | undefined,
    data: data as FormulaData | undefined,
    missing: checkMissing(missing),
  };
}

/** The `missing` option, checked: a number or a string. */
function checkMissing(missing: unknown): number | string | undefined {
  if (missing === undefined || typeof missing === "number" || typeof missing === "string") return missing;
  throw new TurnkeeperError("INVALID_ARGUMENT", `missing must be a number or a string, not ${typeOf(missing)}`);
}

/** The `missing` text of data options given to a method (`dice.roll(f, data, { missing })`). */
function missingOf(options: DataOptions | undefined): string | undefined {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== "object") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `the data options must be an object like { missing: 0 }, not ${typeOf(options)}`);
  }
  let missing: unknown;
  try {
    missing = options.missing;
  } catch {
    throw new TurnkeeperError("INVALID_ARGUMENT", "the data options could not be read");
  }
  const checked = checkMissing(missing);
  return checked === undefined ? undefined : String(checked);
}

interface Cached {
  readonly slot: number;
  /** Rendered when the notation is first rolled with every die (`total` needs none). */
  texts: NotationTexts | undefined;
}

// Parsed notations by exact text, each in a wasm slot (`NOTATION_SLOTS`, crate/src/wasm/dice.rs
// says why). Slots are taken in order; when all are used the cache starts again empty (cheaper
// per call than evicting one entry at a time, and as good for a steady set of notations).
// Parse results only, never dice state. A notation not in the cache is parsed and rolled in
// one call, and the slot changes only if both worked.
const NOTATION_CACHE_SIZE = 32;
const cache = new Map<string, Cached>();
let nextSlot = 0;

// The core refuses notations over 1,000 characters (NOTATION_LIMIT). Past 4,000 UTF-16 units a
// notation is over that limit however it is spelt, so only that much is sent: the core gives the
// same error without a runaway string being copied into the module's memory first. (INPUT_BYTES
// in crate/src/wasm/dice.rs is the same number.)
const NOTATION_SENT_MAX = 4000;
function checkNotation(notation: unknown): void {
  if (typeof notation !== "string") {
    throw new TurnkeeperError("INVALID_ARGUMENT", `dice notation must be a string, not ${describeValue(notation)}`);
  }
}

function sent(notation: string): string {
  checkNotation(notation);
  return notation.length > NOTATION_SENT_MAX ? notation.slice(0, NOTATION_SENT_MAX) : notation;
}

let input = -1;
/**
 * Copy an ASCII notation into the module's input buffer and return its length; −1 when it is
 * not ASCII (or too long), which then goes through the string argument.
 */
function written(notation: string): number {
  const len = notation.length;
  if (len > NOTATION_SENT_MAX) return -1;
  if (input < 0) input = inputBuffer();
  const mem = memoryBytes();
  for (let i = 0; i < len; i++) {
    const c = notation.charCodeAt(i);
    if (c > 0x7f) return -1;
    mem[input + i] = c;
  }
  return len;
}

// A path as the core reads it (crate/src/dice/lexer.rs): letters, digits, `_`, `.`, and `-`
// before a letter or `_`.
const PATH = /@((?:[\w.]|-(?=[A-Za-z_]))+)/g;

/**
 * The paths `notation` names (one per line), their values in `data` and the texts among them,
 * as the core's `DataTable` reads them: NaN for nothing there, +Infinity for something neither
 * a number nor text, −Infinity for text (on the same line of the texts). A number that is not
 * whole also has a text, the one the core's error quotes it by (`plainNumber`).
 */
function dataTable(notation: string, data: unknown): [string, Float64Array, string] {
  if (typeof data !== "object" || data === null) {
    throw new TurnkeeperError("INVALID_ARGUMENT", `data must be an object, not ${typeOf(data)}`);
  }
  const paths = [...new Set(Array.from(notation.matchAll(PATH), (m) => m[1] as string))];
  const values = new Float64Array(paths.length);
  const texts = paths.map((p, i) => {
    const v = dataValue(data, p);
    if (typeof v === "number") {
      values[i] = v;
      return Number.isInteger(v) ? "" : plainNumber(v);
    }
    values[i] = -Infinity;
    // One text a line: a line break inside one is only a space to the notation.
    return v.replace(/[\r\n]/g, " ");
  });
  return [paths.join("\n"), values, texts.join("\n")];
}

/**
 * A finite number that is not whole as the core's messages write numbers (Rust's `Display`):
 * the shortest digits that read back as the number, which JavaScript's own text has too, laid
 * out without an exponent (`1e-7` is `0.0000001`). Such a number is below 2^52, so only tiny
 * ones have an exponent here. Written on this side so that the dice-only module carries no
 * float formatter for this one message.
 */
function plainNumber(v: number): string {
  const text = String(v);
  const e = text.indexOf("e");
  if (e < 0) return text;
  const sign = v < 0 ? "-" : "";
  const digits = text.slice(sign.length, e).replace(".", "");
  return `${sign}0.${"0".repeat(-Number(text.slice(e + 1)) - 1)}${digits}`;
}

/** The value at `path` as a number (NaN: missing; Infinity: unusable) or the text to put in. */
function dataValue(data: object, path: string): number | string {
  let v: unknown = data;
  try {
    // Foundry's `getProperty` looks for the whole path as one key first.
    if (path in data) {
      v = (data as Record<string, unknown>)[path];
    } else {
      const keys = path.split(".");
      for (let i = 0; i < keys.length; i++) {
        if (v === null || (typeof v !== "object" && typeof v !== "function")) return NaN;
        const key = keys[i] as string;
        const object = v as Record<string, unknown>;
        if (!(key in object) && i === keys.length - 1) {
          const scale = diceScale(object);
          if (scale !== undefined) return scaleProperty(scale, key);
        }
        v = object[key];
      }
    }
    return formulaValue(v);
  } catch {
    // A getter, Proxy trap or toString that throws.
    return Infinity;
  }
}

/** What a value puts into a formula, as Foundry's `Roll.replaceFormulaData` reads it. */
function formulaValue(v: unknown): number | string {
  if (v === undefined || v === null) return NaN;
  // NaN and −Infinity (which the table keeps for text) are unusable, as +Infinity is.
  if (typeof v === "number") return Number.isFinite(v) ? v : Infinity;
  if (typeof v === "string") return v;
  if (typeof v !== "object" || Array.isArray(v) || v instanceof Set || v instanceof Map) return Infinity;
  const own = (v as { toString?: unknown }).toString;
  if (typeof own === "function" && own !== Object.prototype.toString) {
    // An object with a text of its own (dnd5e's scale values, `@scaling`, a proficiency): what
    // its `toString` gives, as Foundry puts it in. Foundry's `String.replace` takes a number
    // given there as its digits: dnd5e's number and distance scale values and `@scaling` give one.
    const text: unknown = own.call(v);
    if (typeof text === "number") return formulaValue(text);
    return typeof text === "string" && !text.startsWith("[object ") ? text : Infinity;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return Infinity;
  const scale = diceScale(v as Record<string, unknown>);
  if (scale !== undefined) return scaleFormula(scale);
  // A number, text or distance scale written as JSON: `{ value }`, `{ value, units }`.
  const keys = Object.keys(v);
  const value = (v as Record<string, unknown>).value;
  if (keys.every((k) => k === "value" || k === "units") && (typeof value === "number" || typeof value === "string")) {
    return formulaValue(value);
  }
  return Infinity;
}

interface DiceScale {
  number: number | null;
  faces: number;
  modifiers: string[];
}

/** A dnd5e dice scale value as JSON (`{ number, faces, modifiers }`, nothing else), or undefined. */
function diceScale(o: Record<string, unknown>): DiceScale | undefined {
  if (Object.getPrototypeOf(o) !== Object.prototype && Object.getPrototypeOf(o) !== null) return undefined;
  if (!Object.keys(o).every((k) => k === "number" || k === "faces" || k === "modifiers")) return undefined;
  const { number, faces, modifiers = [] } = o;
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;
  if (!whole(faces) || faces === 0) return undefined;
  if (number !== undefined && number !== null && !whole(number)) return undefined;
  if (!Array.isArray(modifiers) || !modifiers.every((m) => typeof m === "string")) return undefined;
  return { number: (number as number | null | undefined) ?? null, faces, modifiers };
}

function scaleDie(s: DiceScale): string {
  return `d${s.faces}${s.modifiers.join("")}`;
}

function scaleFormula(s: DiceScale): string {
  return `${s.number ?? ""}${scaleDie(s)}`;
}

/** A dice scale's properties that JSON leaves out (`die`, `denom`, `formula`). */
function scaleProperty(s: DiceScale, key: string): number | string {
  if (key === "die") return scaleDie(s);
  if (key === "denom") return `d${s.faces}`;
  if (key === "formula") return scaleFormula(s);
  return NaN;
}

/** Throw the error a hot call kept (it returned 0 or NaN). */
function thrown(): never {
  takeDiceError();
  throw new TurnkeeperError("INVALID_ARGUMENT", "a dice call failed without an error");
}

/** The slot for a new notation. */
function freeSlot(): number {
  return nextSlot < NOTATION_CACHE_SIZE ? nextSlot : 0;
}

/** Record that `slot` (from {@link freeSlot}) now holds `notation`: the core just stored it. */
function remember(notation: string, slot: number, texts: NotationTexts | undefined): void {
  if (slot === 0) cache.clear();
  cache.set(notation, { slot, texts });
  nextSlot = slot + 1;
}

// Each box's source, asked once (the facade's own reading of simple notations needs it, and
// takes only seeded and crypto boxes).
const kinds = new WeakMap<DiceBox, SourceKind>();
let lastBox: DiceBox | undefined;
let lastKind: SourceKind = "crypto";
function kindOf(box: DiceBox): SourceKind {
  if (box === lastBox) return lastKind;
  let kind = kinds.get(box);
  if (kind === undefined) {
    kind = box.kind() as SourceKind;
    kinds.set(box, kind);
  }
  lastBox = box;
  lastKind = kind;
  return kind;
}

function rollWith(notation: string, box: DiceBox, data?: FormulaData, missing?: string): RollResult {
  if (data === undefined && missing !== undefined) data = {};
  if (data === undefined && typeof notation === "string") {
    try {
      // The shared crypto box's rolls come from the module's own crypto source: no box to pass.
      const source = box === cryptoBox ? "crypto" : kindOf(box);
      const quick = source === "supplied" ? undefined : quickRoll(notation, box === cryptoBox ? undefined : box, source);
      if (quick !== undefined) return quick;
    } catch (e) {
      throw wrapError(e);
    }
  }
  if (data !== undefined) {
    return guard(() => {
      const text = sent(notation);
      const at = rollData(text, ...dataTable(text, data), missing, box);
      return unpack(at, unpackTextsAfterRoll(at, notation));
    });
  }
  const hit = cache.get(notation);
  try {
    if (hit !== undefined) {
      // Parsed by `total`, first rolled with every die now: the texts, then the roll.
      hit.texts ??= unpackTexts(parseIntoSlot(hit.slot, notation), notation);
      const at = rollSlot(hit.slot, box);
      return unpack(at === 0 ? thrown() : at, hit.texts);
    }
    checkNotation(notation);
    const slot = freeSlot();
    const len = written(notation);
    let at: number;
    if (len >= 0) {
      at = rollInput(slot, len, box);
      if (at === 0) thrown();
    } else {
      at = rollText(slot, sent(notation), box);
    }
    const texts = unpackTextsAfterRoll(at, notation);
    const result = unpack(at, texts);
    remember(notation, slot, texts);
    return result;
  } catch (e) {
    throw wrapError(e);
  }
}

function totalWith(notation: string, box: DiceBox, data?: FormulaData, missing?: string): number {
  if (data === undefined && missing !== undefined) data = {};
  if (data === undefined && typeof notation === "string") {
    try {
      const quick = box === cryptoBox ? quickTotal(notation, undefined) : kindOf(box) === "supplied" ? undefined : quickTotal(notation, box);
      if (quick !== undefined) return quick;
    } catch (e) {
      throw wrapError(e);
    }
  }
  if (data !== undefined) {
    return guard(() => {
      const text = sent(notation);
      return totalData(text, ...dataTable(text, data), missing, box);
    });
  }
  const hit = cache.get(notation);
  try {
    let value: number;
    if (hit !== undefined) {
      value = totalSlot(hit.slot, box);
      return value === value ? value : thrown();
    }
    checkNotation(notation);
    const slot = freeSlot();
    const len = written(notation);
    if (len >= 0) {
      value = totalInput(slot, len, box);
      if (value !== value) thrown();
    } else {
      value = totalText(slot, sent(notation), box);
    }
    remember(notation, slot, undefined);
    return value;
  } catch (e) {
    throw wrapError(e);
  }
}

/** A one-off roll's box (undefined: the shared crypto one), data and `missing` text. */
type OneOff = [DiceBox | undefined, FormulaData | undefined, string | undefined];

/**
 * The one-off box for `options` (its seed and faces checked first; undefined for crypto), the
 * formula's data and the `missing` text (given alone, every path is missing).
 */
function optionBox(options: RollOptions): OneOff {
  const { seed, faces: given, data, missing } = readOptions(options);
  const text = missing === undefined ? undefined : String(missing);
  const formulaData = data === undefined && text !== undefined ? {} : data;
  if (given === undefined && seed === undefined) return [undefined, formulaData, text];
  const faces = facesArray(given);
  return [guard(() => (faces ? DiceBox.supplied(faces) : new DiceBox(seed))), formulaData, text];
}

/**
 * Parse and roll `notation` once, returning every die.
 * `roll("4d6kh3+2", { seed: 42 })` → `{ total, dice: [{ sides, face, kept, … }], terms, notation, source }`;
 * `roll("1d20 + @prof", { data: { prof: 3 } })` reads `@prof` from `data` (see
 * {@link FormulaData}); `{ data, missing: 0 }` puts 0 where a path has no value. `String(result)`
 * is a printable line: `4d6kh3 [6, 5, 3, ~2~] + 2 = 16`.
 */
export function roll(notation: string, options?: RollOptions): RollResult {
  ensureDice();
  if (options === undefined) return rollWith(notation, boxOf(undefined));
  const [box, data, missing] = optionBox(options);
  if (box === undefined) return rollWith(notation, boxOf(undefined), data, missing);
  try {
    return rollWith(notation, box, data, missing);
  } finally {
    box.free();
  }
}

/** Like {@link roll} but returns only the total (no per-die detail is built). */
export function total(notation: string, options?: RollOptions): number {
  ensureDice();
  if (options === undefined) return totalWith(notation, boxOf(undefined));
  const [box, data, missing] = optionBox(options);
  if (box === undefined) return totalWith(notation, boxOf(undefined), data, missing);
  try {
    return totalWith(notation, box, data, missing);
  } finally {
    box.free();
  }
}

/** Options for a {@link Dice} box. */
export interface DiceOptions {
  /** A seeded stream (0 … 2^53 − 1); omitted with no `faces` → the crypto source. */
  seed?: number;
  /** Supplied faces, consumed in order across calls. */
  faces?: readonly number[];
}

/**
 * A stateful dice box: one source used across many rolls. A seeded box can be saved with
 * {@link Dice.state} and resumed with {@link Dice.fromState}, continuing the exact stream.
 */
export class Dice {
  /** @internal */
  readonly box: DiceBox;

  constructor(options: DiceOptions = {}) {
    ensureDice();
    const { seed, faces: given } = readOptions(options);
    const faces = facesArray(given);
    this.box = guard(() => (faces ? DiceBox.supplied(faces) : new DiceBox(seed)));
  }

  /** Resume a seeded stream exactly where {@link Dice.state} left it. */
  static fromState(state: SeedState): Dice {
    ensureDice();
    const dice = Object.create(Dice.prototype) as Dice;
    const text = toText(state);
    Object.defineProperty(dice, "box", { value: guard(() => DiceBox.fromState(text)) });
    return dice;
  }

  /** `"seeded"`, `"crypto"` or `"supplied"`. */
  get kind(): string {
    return guard(() => this.box.kind());
  }

  /** Saved position of a seeded box (undefined for crypto and supplied boxes). */
  state(): SeedState | undefined {
    return fromText<SeedState | undefined>(guard(() => this.box.state()));
  }

  /**
   * Roll notation with every die in the result (`data`: values for `@path` references;
   * `options.missing`: what a path with no value stands for).
   */
  roll(notation: string, data?: FormulaData, options?: DataOptions): RollResult {
    return rollWith(notation, this.box, data, missingOf(options));
  }

  /** Roll notation, total only. */
  total(notation: string, data?: FormulaData, options?: DataOptions): number {
    return totalWith(notation, this.box, data, missingOf(options));
  }

  /** One face of one die with `sides` sides. */
  rollDie(sides: number): number {
    return guard(() => this.box.rollDie(checkNumber(sides, "sides")));
  }

  /** Release the wasm memory now (otherwise the garbage collector does it); every later use throws. */
  free(): void {
    release(this.box);
    markFreed(this, "Dice");
  }

  [Symbol.dispose](): void {
    this.free();
  }
}

/**
 * Notation parsed once, rolled many times: the fast path for hot loops.
 * `const e = Expression.parse("3d6+1d8+4"); e.total(dice)`.
 */
export class Expression {
  /** @internal */
  readonly parsed: ParsedNotation;
  /** The normalized notation, e.g. `"4d6kh3+2"`. */
  readonly notation: string;
  readonly #texts: NotationTexts;

  private constructor(parsed: ParsedNotation) {
    this.parsed = parsed;
    this.#texts = unpackTexts(guard(() => parsed.texts()));
    this.notation = this.#texts.notation;
  }

  /**
   * `data`: values for `@path` references, read now (the expression keeps what they made:
   * `Expression.parse("2@die", { die: "d8" }).notation` is `"2d8"`); `options.missing`: what a
   * path with no value stands for.
   */
  static parse(notation: string, data?: FormulaData, options?: DataOptions): Expression {
    ensureDice();
    const missing = missingOf(options);
    return new Expression(
      guard(() => {
        const text = sent(notation);
        return data === undefined && missing === undefined
          ? ParsedNotation.parse(text)
          : ParsedNotation.parseData(text, ...dataTable(text, data ?? {}), missing);
      }),
    );
  }

  /** Roll with every die in the result; uses the crypto source unless a box is given. */
  roll(dice?: Dice): RollResult {
    const box = boxOf(dice);
    const at = guard(() => this.parsed.rollPacked(box));
    return unpack(at === 0 ? guard(thrown) : at, this.#texts);
  }

  /** Roll, total only: no per-die objects are built. */
  total(dice?: Dice): number {
    const box = boxOf(dice);
    const value = guard(() => this.parsed.total(box));
    return value === value ? value : guard(thrown);
  }

  /** Release the wasm memory now (otherwise the garbage collector does it); every later use throws. */
  free(): void {
    release(this.parsed);
    markFreed(this, "Expression");
  }

  [Symbol.dispose](): void {
    this.free();
  }
}

/**
 * Roll one die twice and keep the higher or the lower. Greyhawk initiative (GH-DICE-04) keeps
 * the LOWER roll for advantage, because low initiative is good.
 */
export function rollTwice(die: DieSize, keep: Keep, dice?: Dice): TwiceRoll {
  ensureDice();
  return fromText(guard(() => coreRollTwice(toText(die), toText(keep), boxOf(dice))));
}

/** An "X-in-6" check: succeeds when 1d6 ≤ x (x from 0 to 6). */
export function chanceInSix(x: number, dice?: Dice): ChanceRoll {
  ensureDice();
  return fromText(guard(() => coreChanceInSix(checkNumber(x, "x"), boxOf(dice))));
}

/** A percentile check: succeeds when d100 ≤ p (p from 0 to 100). */
export function percentChance(p: number, dice?: Dice): ChanceRoll {
  ensureDice();
  return fromText(guard(() => corePercentChance(checkNumber(p, "p"), boxOf(dice))));
}

/** Break a tie among `entrants` (numbered 0…n−1), re-rolling among those still tied. */
export function rollOff(entrants: number, config?: RollOffConfig, dice?: Dice): RollOff {
  ensureDice();
  return fromText(guard(() => coreRollOff(checkNumber(entrants, "entrants"), toText(config ?? null), boxOf(dice))));
}

/**
 * An A5E countdown (A5E-COUNT): a pool of d6s rolled at the start of each round; dice at or
 * above the speed's threshold (6, 5–6 or 4–6) are removed; it expires with the last die.
 */
export class Countdown {
  /** @internal */
  readonly pool: CountdownPool;

  constructor(dice: number, speed: CountdownSpeed = "slow", options: { unstoppable?: boolean } = {}) {
    ensureDice();
    const speedText = toText(speed);
    const unstoppable = toText(options.unstoppable ?? false) === "true";
    this.pool = guard(() => new CountdownPool(checkNumber(dice, "dice"), speedText, unstoppable));
  }

  static fromJSON(state: CountdownState): Countdown {
    ensureDice();
    const c = Object.create(Countdown.prototype) as Countdown;
    const text = toText(state);
    Object.defineProperty(c, "pool", { value: guard(() => CountdownPool.fromJSON(text)) });
    return c;
  }

  toJSON(): CountdownState {
    return fromText(guard(() => this.pool.toJSON()));
  }

  roll(dice?: Dice): CountdownRoll {
    return fromText(guard(() => this.pool.roll(boxOf(dice))));
  }

  addDice(count: number): void {
    guard(() => this.pool.addDice(checkNumber(count, "count")));
  }

  /** Returns true when the pool is now empty. */
  removeDice(count: number): boolean {
    return guard(() => this.pool.removeDice(checkNumber(count, "count")));
  }

  stop(): void {
    guard(() => this.pool.stop());
  }

  get dice(): number {
    return this.pool.dice();
  }
  get rolls(): number {
    return this.pool.rolls();
  }
  get expired(): boolean {
    return this.pool.expired();
  }
  get stopped(): boolean {
    return this.pool.stopped();
  }
}
