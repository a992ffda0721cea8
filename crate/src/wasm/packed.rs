//! A compact encoding of [`RollResult`] for the hot path.
//!
//! Serializing a roll result field by field through serde-wasm-bindgen costs about 6 µs (each
//! property is a separate call into JS); one `Float64Array` costs a fraction of that, and the
//! facade rebuilds the same plain object (`RollResult` in the generated `.d.ts`) in JS.
//!
//! Layout (all values are integers, exact in f64 because totals stay within ±(2^53 − 1)):
//! `[VERSION, total, source, diceCount, termCount,`
//! ` per die: sides, face, value, flags, term,`
//! ` per term: kind, subtotal, successes (−1 = none), failures (−1 = none),`
//! ` then the notation and each term's notation as: length, UTF-16 code units…]`
//! Flags: 1 kept, 2 dropped, 4 exploded, 8 rerolled, 16 success, 32 failure, 64 fudge.

use crate::dice::{RollResult, SourceKind, TermKind};

/// Bumped whenever the layout changes; the facade checks it.
pub const PACKED_VERSION: f64 = 1.0;

fn push_text(out: &mut Vec<f64>, text: &str) {
    let start = out.len();
    out.push(0.0);
    let mut len = 0u32;
    for unit in text.encode_utf16() {
        out.push(f64::from(unit));
        len = len.saturating_add(1);
    }
    if let Some(slot) = out.get_mut(start) {
        *slot = f64::from(len);
    }
}

/// Encode a roll result (see the module docs for the layout).
pub fn pack(result: &RollResult) -> Vec<f64> {
    let mut out = Vec::with_capacity(5 + result.dice.len() * 5 + result.terms.len() * 4 + 32);
    out.push(PACKED_VERSION);
    out.push(result.total as f64);
    out.push(match result.source {
        SourceKind::Seeded => 0.0,
        SourceKind::Crypto => 1.0,
        SourceKind::Supplied => 2.0,
    });
    out.push(result.dice.len() as f64);
    out.push(result.terms.len() as f64);
    for d in &result.dice {
        let flags = u32::from(d.kept)
            | u32::from(d.dropped) << 1
            | u32::from(d.exploded) << 2
            | u32::from(d.rerolled) << 3
            | u32::from(d.success) << 4
            | u32::from(d.failure) << 5
            | u32::from(d.fudge) << 6;
        out.extend_from_slice(&[
            f64::from(d.sides),
            f64::from(d.face),
            f64::from(d.value),
            f64::from(flags),
            f64::from(d.term),
        ]);
    }
    for t in &result.terms {
        out.push(match t.kind {
            TermKind::Dice => 0.0,
            TermKind::Number => 1.0,
        });
        out.push(t.subtotal as f64);
        out.push(t.successes.map_or(-1.0, f64::from));
        out.push(t.failures.map_or(-1.0, f64::from));
    }
    push_text(&mut out, &result.notation);
    for t in &result.terms {
        push_text(&mut out, &t.notation);
    }
    out
}
