// The facade's own reading of the simplest notations: `NdS`, optionally keeping or dropping
// some dice (`kh`, `kl`, `dh`, `dl` with a count) and adding or subtracting a number, written
// exactly as the core normalizes them (`4d6kh3+2`, `1d20`, `2d20kl1-1`). Such a roll costs
// one call into the module for its faces and a few objects, instead of the packed result and,
// for a notation not seen before, a parse and the rendered texts (issue 19: these are the
// notations users type most, and the boundary was most of their cost).
//
// Faces come from the same source as the core's (`rollFaces` draws a pool through the same
// `roll_dice`), so a seeded box gives the same faces and ends in the same state; which dice
// are dropped follows the core's rule (crate/src/dice/eval.rs, `drop_extremes`): the lowest
// (or highest) first, and among equal dice the earliest. tests/js/dice_quick.test.mjs checks
// every part of the result against the core's own evaluation for thousands of notations and
// seeds. Anything else (another shape, a spelling the core would normalize, supplied faces,
// formula data, more than 16 dice) takes the core's path.
import { rollCryptoFaces, rollFaces, takeDiceError, type DiceBox } from "./dice-module.js";
import type { DieResult, RollResult, SourceKind, TermResult } from "../wasm/turnkeeper.js";
import { memoryWords, Rolled } from "./packed.js";

/** FACES_MAX in crate/src/wasm/dice.rs: bigger pools keep their dice packed. */
const MAX_DICE = 16;
/** MAX_SIDES in crate/src/dice/limits.rs. */
const MAX_SIDES = 1_000_000;
/** The largest number added or subtracted here (far below the core's limits). */
const MAX_NUMBER = 1_000_000;

const KEEP_HIGHEST = 1;
const KEEP_LOWEST = 2;
const DROP_HIGHEST = 3;
const DROP_LOWEST = 4;

// The notation just read (module state: reading allocates nothing).
let count = 0;
let sides = 0;
let mode = 0;
let modeCount = 0;
let sign = 0;
let number = 0;
let termEnd = 0;
let value = 0;

/** Digits at `i`, no leading zero, from 1 to `max`, into `value`; the index after them or −1. */
function digits(s: string, i: number, max: number): number {
  let c = s.charCodeAt(i);
  // Written so that NaN (past the end of the text) fails too.
  if (!(c >= 49 && c <= 57)) return -1;
  let v = 0;
  do {
    v = v * 10 + (c - 48);
    if (v > max) return -1;
    c = s.charCodeAt(++i);
  } while (c >= 48 && c <= 57);
  value = v;
  return i;
}

/** Read `s` if it has the simple shape, in normalized form; false otherwise. */
function read(s: string): boolean {
  const len = s.length;
  let i = digits(s, 0, MAX_DICE);
  if (i < 0 || s.charCodeAt(i) !== 100) return false;
  count = value;
  i = digits(s, i + 1, MAX_SIDES);
  if (i < 0 || value < 2) return false;
  sides = value;
  mode = 0;
  let c = s.charCodeAt(i);
  if (c === 107 || c === 100) {
    // `kh`/`kl`/`dh`/`dl` and a count below the dice count (the core writes others as is,
    // but they are rare; they take its path).
    const end = s.charCodeAt(i + 1);
    if (end !== 104 && end !== 108) return false;
    i = digits(s, i + 2, count - 1);
    if (i < 0) return false;
    mode = (c === 107 ? KEEP_HIGHEST : DROP_HIGHEST) + (end === 108 ? 1 : 0);
    modeCount = value;
  }
  termEnd = i;
  sign = 0;
  if (i < len) {
    c = s.charCodeAt(i);
    if (c !== 43 && c !== 45) return false;
    i = digits(s, i + 1, MAX_NUMBER);
    if (i !== len) return false;
    sign = c === 43 ? 1 : -1;
    number = value;
  }
  return true;
}

/**
 * Faces of the notation just read, from `box` (undefined: the module's own crypto source); the
 * index of the first in `memoryWords()`.
 */
function draw(box: DiceBox | undefined): number {
  const at = box === undefined ? rollCryptoFaces(sides, count) : rollFaces(sides, count, box);
  if (at === 0) takeDiceError();
  return at >>> 2;
}

// Which dice the last `drop` dropped: bit `i` for die `i` (at most 16 dice).
let taken = 0;

/**
 * Mark in `taken` the dice of `faces[at…]` that the notation just read drops (the lowest, or
 * the highest, earliest first among equals) and return their sum.
 */
function drop(faces: Uint32Array, at: number): number {
  taken = 0;
  // Keeping k of n drops the other n − k from the opposite end.
  const n = mode === KEEP_HIGHEST || mode === KEEP_LOWEST ? count - modeCount : modeCount;
  const highest = mode === KEEP_LOWEST || mode === DROP_HIGHEST;
  let sum = 0;
  for (let d = 0; d < n; d++) {
    let pick = -1;
    let best = 0;
    for (let i = 0; i < count; i++) {
      const v = faces[at + i] as number;
      if ((taken & (1 << i)) === 0 && (pick < 0 || (highest ? v > best : v < best))) {
        pick = i;
        best = v;
      }
    }
    taken |= 1 << pick;
    sum += best;
  }
  return sum;
}

// The terms' spans of each shape (where the dice term ends, where the notation ends), shared by
// every result of that shape: a result only reads them (for `toString`). A notation read here
// is at most 22 characters long (16, `d`, 1000000, `kh15`, a sign, 1000000), so `end` < 32.
const spans: (readonly number[] | undefined)[] = [];
function spansOf(diceEnd: number, end: number): readonly number[] {
  const key = diceEnd * 32 + end;
  return (spans[key] ??= diceEnd === end ? [0, end] : [0, diceEnd, diceEnd + 1, end]);
}

/**
 * `notation` rolled with `box` (a seeded or crypto box, whose kind is `source`; undefined for
 * the module's own crypto source) when it has the simple shape; undefined otherwise, having
 * drawn nothing.
 */
export function quickRoll(notation: string, box: DiceBox | undefined, source: SourceKind): RollResult | undefined {
  if (!read(notation)) return undefined;
  const at = draw(box);
  const faces = memoryWords();
  const dice: DieResult[] = [];
  let sum = mode === 0 ? 0 : -drop(faces, at);
  for (let i = 0; i < count; i++) {
    const face = faces[at + i] as number;
    const kept = mode === 0 || (taken & (1 << i)) === 0;
    sum += face;
    dice.push({ sides, face, value: face, kept, dropped: !kept, exploded: false, rerolled: false, success: false, failure: false, fudge: false, term: 0 });
  }
  const terms: TermResult[] = [{ kind: "dice", notation: termEnd === notation.length ? notation : notation.slice(0, termEnd), subtotal: sum }];
  if (sign === 0) return new Rolled(sum, dice, terms, notation, source, spansOf(termEnd, termEnd));
  terms.push({ kind: "number", notation: notation.slice(termEnd + 1), subtotal: number });
  return new Rolled(sum + sign * number, dice, terms, notation, source, spansOf(termEnd, notation.length));
}

/** The total of `notation` rolled with `box` when it has the simple shape; undefined otherwise. */
export function quickTotal(notation: string, box: DiceBox | undefined): number | undefined {
  if (!read(notation)) return undefined;
  const at = draw(box);
  const faces = memoryWords();
  let sum = mode === 0 ? 0 : -drop(faces, at);
  for (let i = 0; i < count; i++) sum += faces[at + i] as number;
  return sum + sign * number;
}
