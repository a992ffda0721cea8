// Decoder for packed rolls and texts (layout: crate/src/wasm/packed.rs), read in place from the
// wasm memory at the address a call returned, before the next call overwrites it.
import { wasmMemory, type DieResult, type RollResult, type SourceKind, type TermResult } from "../wasm/turnkeeper.js";

const SOURCES: readonly SourceKind[] = ["seeded", "crypto", "supplied"];

export interface NotationTexts {
  readonly notation: string;
  readonly terms: readonly string[];
}

let view: Float64Array | undefined;

// Re-made after the memory grew (which empties old views).
function memory(): Float64Array {
  if (view === undefined || view.length === 0) view = new Float64Array(wasmMemory().buffer);
  return view;
}

export function unpackTexts(at: number, parsed?: string): NotationTexts {
  const buf = memory();
  let i = at / 8;
  const len = buf[i + 1] as number;
  i += 2;
  let notation = parsed ?? "";
  if (buf[i - 2] !== 1) {
    notation = String.fromCharCode.apply(null, buf.subarray(i, i + len) as unknown as number[]);
    i += len;
  }
  const terms: string[] = [];
  const count = buf[i++] as number;
  for (let n = 0; n < count; n++, i += 2) terms.push(notation.slice(buf[i], buf[i + 1]));
  return { notation, terms };
}

export function unpack(at: number, texts: NotationTexts): RollResult {
  const buf = memory();
  let i = at / 8;
  const total = buf[i] as number;
  const source = SOURCES[buf[i + 1] as number] ?? "crypto";
  const diceCount = buf[i + 2] as number;
  const termCount = buf[i + 3] as number;
  i += 4;
  const dice: DieResult[] = [];
  for (let n = 0; n < diceCount; n++, i += 5) {
    const flags = buf[i + 3] as number;
    dice.push({
      sides: buf[i] as number,
      face: buf[i + 1] as number,
      value: buf[i + 2] as number,
      kept: (flags & 1) !== 0,
      dropped: (flags & 2) !== 0,
      exploded: (flags & 4) !== 0,
      rerolled: (flags & 8) !== 0,
      success: (flags & 16) !== 0,
      failure: (flags & 32) !== 0,
      fudge: (flags & 64) !== 0,
      term: buf[i + 4] as number,
    });
  }
  const terms: TermResult[] = [];
  const termTexts = texts.terms;
  for (let n = 0; n < termCount; n++, i += 4) {
    const term: TermResult = {
      kind: buf[i] === 0 ? "dice" : "number",
      notation: termTexts[n] ?? "",
      subtotal: buf[i + 1] as number,
    };
    const s = buf[i + 2] as number;
    const f = buf[i + 3] as number;
    if (s >= 0) term.successes = s;
    if (f >= 0) term.failures = f;
    terms.push(term);
  }
  return { total, dice, terms, notation: texts.notation, source };
}
