// Decoder for packed rolls and texts (layout: crate/src/wasm/packed.rs), read in place from the
// wasm memory at the address a call returned, before the next call overwrites it.
import { wasmMemory } from "./dice-module.js";
import type { DieResult, PoolResult, RollResult, SourceKind, TermKind, TermResult } from "../wasm/turnkeeper.js";

const SOURCES: readonly SourceKind[] = ["seeded", "crypto", "supplied"];
const KINDS: readonly TermKind[] = ["dice", "number", "pool"];
const HEADER = 9;
const PER_TERM = 7;
const HAS_FLAGS = 1;
const HAS_VALUES = 2;

/**
 * Rolls with more dice than this keep their dice packed (one copied block of bytes) and build
 * the `dice` objects when `.dice` is first read; smaller ones build them at once (for a few
 * dice that is cheaper than the lazy property).
 */
export const EAGER_DICE = 16;

export interface NotationTexts {
  readonly notation: string;
  readonly terms: readonly string[];
  /** Each term's start and end in `notation` (UTF-16 units), terms in order. */
  readonly spans: readonly number[];
}

let view: Float64Array | undefined;
let bytes: Uint8Array | undefined;
let words: Uint32Array | undefined;

// Re-made after the memory grew (which empties old views).
function memory(): Float64Array {
  if (view === undefined || view.length === 0) view = new Float64Array(wasmMemory().buffer);
  return view;
}
export function memoryBytes(): Uint8Array {
  if (bytes === undefined || bytes.length === 0) bytes = new Uint8Array(wasmMemory().buffer);
  return bytes;
}
export function memoryWords(): Uint32Array {
  if (words === undefined || words.length === 0) words = new Uint32Array(wasmMemory().buffer);
  return words;
}

export function unpackTexts(at: number, parsed?: string): NotationTexts {
  return textsAt(memory(), at / 8, parsed);
}

/** The texts that follow a roll's numbers (a notation parsed and rolled in one call). */
export function unpackTextsAfterRoll(at: number, parsed: string): NotationTexts {
  const buf = memory();
  const i = at / 8;
  return textsAt(buf, i + HEADER + (buf[i + 3] as number) * PER_TERM + 2 * (buf[i + 8] as number), parsed);
}

function textsAt(buf: Float64Array, i: number, parsed?: string): NotationTexts {
  const len = buf[i + 1] as number;
  i += 2;
  let notation = parsed ?? "";
  if (buf[i - 2] !== 1) {
    notation = String.fromCharCode.apply(null, buf.subarray(i, i + len) as unknown as number[]);
    i += len;
  }
  const terms: string[] = [];
  const spans: number[] = [];
  const count = buf[i++] as number;
  for (let n = 0; n < count; n++, i += 2) {
    spans.push(buf[i] as number, buf[i + 1] as number);
    terms.push(notation.slice(buf[i], buf[i + 1]));
  }
  return { notation, terms, spans };
}

/** Where the dice of a roll are, and how to read them. */
interface PackedDice {
  readonly bytes: Uint8Array;
  /** Offset of the first face in `bytes`. */
  readonly at: number;
  readonly count: number;
  readonly width: number;
  readonly layout: number;
  /** Per term: its die (sides, −1 Fudge, −2 a coin, 0 a number) and how many dice it has. */
  readonly terms: Float64Array;
}

function decodePacked(p: PackedDice): DieResult[] {
  return decodeDice(p.bytes, p.at, p.count, p.width, p.layout, p.terms, 0, 2, p.terms.length / 2);
}

/**
 * The dice at `b[at…]`. Term `t`'s die and dice count are `info[infoAt + t·stride]` and the
 * number after it (the roll's numbers in place, or a copy of those two).
 */
function decodeDice(b: Uint8Array, at: number, count: number, width: number, layout: number, info: Float64Array, infoAt: number, stride: number, termCount: number): DieResult[] {
  const flagsAt = at + count * width;
  const valuesAt = flagsAt + ((layout & HAS_FLAGS) !== 0 ? count : 0);
  const dice: DieResult[] = [];
  let i = 0;
  for (let t = 0; t < termCount; t++) {
    const die = info[infoAt + t * stride] as number;
    const fudge = die === -1;
    // A coin (`dc`) is rolled as a d2 and counts its face − 1 (tails 0, heads 1).
    const coin = die === -2;
    const sides = fudge ? 3 : coin ? 2 : die;
    const end = i + (info[infoAt + t * stride + 1] as number);
    for (; i < end; i++) {
      const f = at + i * width;
      const face =
        width === 1 ? (b[f] as number) : width === 2 ? (b[f] as number) | ((b[f + 1] as number) << 8) : ((b[f] as number) | ((b[f + 1] as number) << 8) | ((b[f + 2] as number) << 16) | ((b[f + 3] as number) << 24)) >>> 0;
      const flags = (layout & HAS_FLAGS) !== 0 ? (b[flagsAt + i] as number) : 1;
      let value = fudge ? face - 2 : coin ? face - 1 : face;
      if ((layout & HAS_VALUES) !== 0) {
        const v = valuesAt + 4 * i;
        value = (b[v] as number) | ((b[v + 1] as number) << 8) | ((b[v + 2] as number) << 16) | ((b[v + 3] as number) << 24);
      }
      dice.push({
        sides,
        face,
        value,
        kept: (flags & 1) !== 0,
        dropped: (flags & 2) !== 0,
        exploded: (flags & 4) !== 0,
        rerolled: (flags & 8) !== 0,
        success: (flags & 16) !== 0,
        failure: (flags & 32) !== 0,
        fudge,
        term: t,
      });
    }
  }
  return dice;
}

// Copies of big rolls' dice bytes go into a shared block (a fresh one when it is full), so that
// a roll costs no ArrayBuffer of its own (allocating one per roll measured about 1 µs, mostly
// garbage collection). A block stays alive while an undecoded roll still points into it: at most
// ARENA_BYTES kept per such roll.
const ARENA_BYTES = 1 << 16;
let arena = new Uint8Array(0);
let arenaUsed = 0;

function keep(from: Uint8Array, at: number, length: number): { bytes: Uint8Array; at: number } {
  if (arenaUsed + length > arena.length) {
    arena = new Uint8Array(Math.max(ARENA_BYTES, length));
    arenaUsed = 0;
  }
  arena.set(from.subarray(at, at + length), arenaUsed);
  const kept = { bytes: arena, at: arenaUsed };
  arenaUsed += length;
  return kept;
}

/**
 * A roll's result: plain data (`JSON.stringify`, spreading and `structuredClone` see only
 * `total`, `dice`, `terms`, `notation`, `source`) with a `toString()` for a chat line.
 *
 * A roll of many dice is made with its dice still packed: `dice` is then an own, enumerable
 * accessor that decodes them on first read and turns itself into a plain data property, so
 * `JSON.stringify`, spreading, `structuredClone`, `Object.keys` and deep equality see the same
 * object as an eager result; assigning replaces it. A frozen or sealed result keeps the
 * accessor (and decodes on every read). The fields are assigned in the constructor, in this
 * order, rather than declared, so that `dice` is added as an accessor instead of being turned
 * into one afterwards (which V8 handles far more slowly).
 */
export class Rolled implements RollResult {
  declare total: number;
  declare dice: DieResult[];
  declare terms: TermResult[];
  declare notation: string;
  declare source: SourceKind;
  readonly #spans: readonly number[];
  #packed: PackedDice | undefined;

  constructor(total: number, dice: DieResult[] | PackedDice, terms: TermResult[], notation: string, source: SourceKind, spans: readonly number[]) {
    this.total = total;
    if (Array.isArray(dice)) {
      this.dice = dice;
    } else {
      this.#packed = dice;
      Object.defineProperty(this, "dice", Rolled.#lazyDice);
    }
    this.terms = terms;
    this.notation = notation;
    this.source = source;
    this.#spans = spans;
  }

  // One accessor shared by every lazy result.
  static readonly #lazyDice: PropertyDescriptor = {
    get(this: Rolled): DieResult[] {
      const packed = this.#packed;
      if (packed === undefined) return [];
      const dice = decodePacked(packed);
      Rolled.#settle(this, dice);
      return dice;
    },
    set(this: Rolled, value: DieResult[]) {
      Rolled.#settle(this, value);
    },
    enumerable: true,
    configurable: true,
  };

  static #settle(result: Rolled, value: DieResult[]): void {
    try {
      Object.defineProperty(result, "dice", { value, writable: true, enumerable: true, configurable: true });
      result.#packed = undefined;
    } catch {
      // Frozen or sealed: the property cannot change any more.
    }
  }

  /**
   * The notation with every term's dice after it and the total:
   * `4d6kh3 [6, 5, 3, ~2~] + 2 = 16` (docs/NOTATION.md, "Printing a result").
   */
  toString(): string {
    return rollLine(this, this.#spans);
  }
}

/** The printable line of `r` (term spans `spans`); `RollResult`'s `Display` in Rust is the same. */
function rollLine(r: RollResult, spans: readonly number[]): string {
  const n = r.notation;
  // What goes after each term's text, by the position where the text ends.
  const after = new Map<number, string>();
  r.terms.forEach((t, i) => {
    const shown =
      t.kind === "pool"
        ? (t.results ?? []).map((p) => (p.kept ? String(p.value) : `~${p.value}~`))
        : t.kind === "dice"
          ? r.dice.filter((d) => d.term === i).map((d) => (d.kept ? String(d.value) : `~${d.value}~`))
          : undefined;
    const end = spans[2 * i + 1] as number;
    if (shown) after.set(end, (after.get(end) ?? "") + ` [${shown.join(", ")}]`);
  });
  let line = "";
  let flavor = false;
  for (let i = 0; i <= n.length; i++) {
    line += after.get(i) ?? "";
    const c = n.charAt(i);
    // A flavor (`[fire-cold, acid]`) is the user's own words: printed as written.
    if (flavor || c === "[") {
      flavor = c !== "]";
      line += c;
      continue;
    }
    // A sign after a term, `)`, `}` or a flavor's `]` is an operator: spaced.
    line += "+-*/".includes(c) && c !== "" && /[A-Za-z0-9)\]}]/.test(n.charAt(i - 1)) ? ` ${c} ` : c === "," ? ", " : c;
  }
  return `${line} = ${r.total}`;
}

export function unpack(at: number, texts: NotationTexts): RollResult {
  const buf = memory();
  let i = at / 8;
  const total = buf[i] as number;
  const source = SOURCES[buf[i + 1] as number] ?? "crypto";
  const diceCount = buf[i + 2] as number;
  const termCount = buf[i + 3] as number;
  const diceAt = buf[i + 4] as number;
  const diceBytes = buf[i + 5] as number;
  const width = buf[i + 6] as number;
  const layout = buf[i + 7] as number;
  i += HEADER;
  const termsAt = i;
  const terms: TermResult[] = [];
  const termTexts = texts.terms;
  let pooled = i + termCount * PER_TERM;
  for (let n = 0; n < termCount; n++, i += PER_TERM) {
    const text = termTexts[n] ?? "";
    const term: TermResult = {
      kind: KINDS[buf[i] as number] ?? "number",
      notation: text,
      subtotal: buf[i + 1] as number,
    };
    const s = buf[i + 2] as number;
    const f = buf[i + 3] as number;
    if (s >= 0) term.successes = s;
    if (f >= 0) term.failures = f;
    // A flavor cannot hold brackets, so a term text ending in `]` ends with its flavor.
    if (text.endsWith("]")) term.flavor = text.slice(text.lastIndexOf("[") + 1, -1);
    const count = buf[i + 6] as number;
    if (count > 0) {
      const results: PoolResult[] = [];
      for (let k = 0; k < count; k++, pooled += 2) {
        const flags = buf[pooled + 1] as number;
        results.push({ value: buf[pooled] as number, kept: (flags & 1) !== 0, dropped: (flags & 2) !== 0, success: (flags & 16) !== 0, failure: (flags & 32) !== 0 });
      }
      term.results = results;
    }
    terms.push(term);
  }
  if (diceCount <= EAGER_DICE) {
    const dice = decodeDice(memoryBytes(), diceAt, diceCount, width, layout, buf, termsAt + 4, PER_TERM, termCount);
    return new Rolled(total, dice, terms, texts.notation, source, texts.spans);
  }
  // The bytes are overwritten by the next roll: keep a copy (about a byte per die).
  const kept = keep(memoryBytes(), diceAt, diceBytes);
  const info = new Float64Array(2 * termCount);
  for (let n = 0, j = termsAt + 4; n < termCount; n++, j += PER_TERM) {
    info[2 * n] = buf[j] as number;
    info[2 * n + 1] = buf[j + 1] as number;
  }
  return new Rolled(total, { bytes: kept.bytes, at: kept.at, count: diceCount, width, layout, terms: info }, terms, texts.notation, source, texts.spans);
}
