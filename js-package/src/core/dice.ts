/**
 * Dice: one-off rolls, stateful dice boxes (seeded, crypto or supplied faces), and parsed
 * expressions for hot loops. Notation reference: docs/NOTATION.md.
 */
import {
  DiceBox,
  ParsedNotation,
  rollNotation,
  totalNotation,
  version as coreVersion,
  type RollResult,
  type SeedState,
} from "../wasm/turnkeeper.js";
import { ensureReady } from "./loader.js";
import { guard, TurnkeeperError } from "./errors.js";

export type { DieResult, RollResult, SeedState, SourceKind, TermResult } from "../wasm/turnkeeper.js";

/** Where faces come from for a one-off roll. */
export interface RollOptions {
  /** Seeded roll: the same seed and notation always give the same faces (0 … 2^53 − 1). */
  seed?: number;
  /** Faces read off physical dice, consumed in roll order and validated against each die. */
  faces?: readonly number[];
}

/** The version of the Rust core inside the wasm module. */
export function version(): string {
  ensureReady();
  return coreVersion();
}

function checkOptions(options: RollOptions | undefined): void {
  if (options?.seed !== undefined && options.faces !== undefined) {
    throw new TurnkeeperError("INVALID_ARGUMENT", "give either `seed` or `faces`, not both");
  }
}

function facesArray(faces: readonly number[] | undefined): Uint32Array | undefined {
  if (faces === undefined) return undefined;
  const out = new Uint32Array(faces.length);
  faces.forEach((f, i) => {
    if (!Number.isInteger(f) || f < 1 || f > 0xffffffff) {
      throw new TurnkeeperError("INVALID_FACE", `supplied face #${i + 1} (${String(f)}) is not a positive integer`);
    }
    out[i] = f;
  });
  return out;
}

/**
 * Parse and roll `notation` once, returning every die.
 * `roll("4d6kh3+2", { seed: 42 })` → `{ total, dice: [{ sides, face, kept, … }], terms, notation, source }`.
 */
export function roll(notation: string, options?: RollOptions): RollResult {
  ensureReady();
  checkOptions(options);
  const faces = facesArray(options?.faces);
  return guard(() => rollNotation(notation, options?.seed, faces));
}

/** Like {@link roll} but returns only the total (no per-die detail is built). */
export function total(notation: string, options?: RollOptions): number {
  ensureReady();
  checkOptions(options);
  const faces = facesArray(options?.faces);
  return guard(() => totalNotation(notation, options?.seed, faces));
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
    ensureReady();
    checkOptions(options);
    const faces = facesArray(options.faces);
    this.box = guard(() => (faces ? DiceBox.supplied(faces) : new DiceBox(options.seed)));
  }

  /** Resume a seeded stream exactly where {@link Dice.state} left it. */
  static fromState(state: SeedState): Dice {
    ensureReady();
    const dice = Object.create(Dice.prototype) as Dice;
    Object.defineProperty(dice, "box", { value: guard(() => DiceBox.fromState(state)) });
    return dice;
  }

  /** `"seeded"`, `"crypto"` or `"supplied"`. */
  get kind(): string {
    return this.box.kind();
  }

  /** Saved position of a seeded box (undefined for crypto and supplied boxes). */
  state(): SeedState | undefined {
    return guard(() => this.box.state());
  }

  /** Roll notation with every die in the result. */
  roll(notation: string): RollResult {
    return guard(() => this.box.roll(notation));
  }

  /** Roll notation, total only. */
  total(notation: string): number {
    return guard(() => this.box.total(notation));
  }

  /** One face of one die with `sides` sides. */
  rollDie(sides: number): number {
    return guard(() => this.box.rollDie(sides));
  }

  /** Release the wasm memory now (otherwise the garbage collector does it). */
  free(): void {
    this.box.free();
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

  private constructor(parsed: ParsedNotation) {
    this.parsed = parsed;
    this.notation = parsed.notation();
  }

  static parse(notation: string): Expression {
    ensureReady();
    return new Expression(guard(() => ParsedNotation.parse(notation)));
  }

  /** Roll with every die in the result; uses the crypto source unless a box is given. */
  roll(dice?: Dice): RollResult {
    return guard(() => this.parsed.roll(dice?.box));
  }

  /** Roll, total only: no per-die objects are built. */
  total(dice?: Dice): number {
    return guard(() => this.parsed.total(dice?.box));
  }

  /** Least and greatest possible totals. */
  range(): { min: number; max: number } {
    return guard(() => this.parsed.range());
  }

  free(): void {
    this.parsed.free();
  }

  [Symbol.dispose](): void {
    this.free();
  }
}
