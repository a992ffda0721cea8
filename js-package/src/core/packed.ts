/**
 * Decoder for the packed roll results the wasm side returns on the hot path (layout documented
 * in crate/src/wasm/packed.rs). It rebuilds exactly the `RollResult` interface the Rust types
 * generate, so callers never see the encoding.
 */
import type { DieResult, RollResult, SourceKind, TermResult } from "../wasm/turnkeeper.js";

const PACKED_VERSION = 1;
const SOURCES: readonly SourceKind[] = ["seeded", "crypto", "supplied"];

export function unpack(buf: Float64Array): RollResult {
  if (buf[0] !== PACKED_VERSION) throw new Error(`turnkeeper: packed result version ${String(buf[0])} is not supported`);
  const total = buf[1] as number;
  const source = SOURCES[buf[2] as number] ?? "crypto";
  const diceCount = buf[3] as number;
  const termCount = buf[4] as number;
  let i = 5;
  const dice: DieResult[] = new Array<DieResult>(diceCount);
  for (let n = 0; n < diceCount; n++, i += 5) {
    const flags = buf[i + 3] as number;
    dice[n] = {
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
    };
  }
  const terms: TermResult[] = new Array<TermResult>(termCount);
  for (let n = 0; n < termCount; n++, i += 4) {
    const term: TermResult = { kind: buf[i] === 0 ? "dice" : "number", notation: "", subtotal: buf[i + 1] as number };
    const s = buf[i + 2] as number;
    const f = buf[i + 3] as number;
    if (s >= 0) term.successes = s;
    if (f >= 0) term.failures = f;
    terms[n] = term;
  }
  const text = (): string => {
    const len = buf[i] as number;
    const s = String.fromCharCode.apply(null, buf.subarray(i + 1, i + 1 + len) as unknown as number[]);
    i += 1 + len;
    return s;
  };
  const notation = text();
  for (const term of terms) term.notation = text();
  return { total, dice, terms, notation, source };
}
