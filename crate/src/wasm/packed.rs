//! A compact encoding of a detailed roll for the hot path, written into a buffer that lives in
//! wasm memory and is reused by every roll.
//!
//! Serializing a roll result field by field through serde-wasm-bindgen costs about 6 µs (each
//! property is a separate call into JS). Instead the roll is evaluated into reusable buffers and
//! encoded as numbers into one `Vec<f64>` that is kept between calls; the glue returns its
//! address and the facade reads it in place through a `Float64Array` over the wasm memory
//! (re-acquired when the memory grows), then rebuilds the same plain object (`RollResult` in the
//! generated `.d.ts`). No allocation happens per roll once the buffers have grown to fit. They
//! keep their size afterwards, which `MAX_DICE` bounds: after the largest roll allowed (10,000
//! dice) about 0.7 MB stays reserved.
//!
//! The texts (normalized notation, each term's notation) are not in a roll's encoding: they
//! depend only on the expression, so the facade gets them once per parsed notation
//! ([`Packer::texts`]) and reuses them.
//!
//! Roll layout (all values are integers, exact in f64 because totals stay within ±(2^53 − 1)):
//! `[total, source, diceCount, termCount,`
//! ` per die: sides, face, value, flags, term,`
//! ` per term: kind, subtotal, successes (−1 = none), failures (−1 = none)]`
//! Source: 0 seeded, 1 crypto, 2 supplied. Term kind: 0 dice, 1 number.
//! Flags: 1 kept, 2 dropped, 4 exploded, 8 rerolled, 16 success, 32 failure, 64 fudge.
//!
//! Texts layout: `[same, length, UTF-16 code units of the normalized notation…, termCount,`
//! ` per term: start, end]`. `same` is 1 when the normalized notation is exactly the text that
//! was parsed (then the code units are left out and the facade uses its own string); a term's
//! text is the notation's characters `start..end`.
//!
//! The facade's decoder is `js-package/src/core/packed.ts`; change both together.

use std::cell::RefCell;

use crate::dice::{Details, DieRoller, Expression, SourceKind, TermKind};
use crate::error::{Error, ErrorCode, Result};

/// Numbers before the first die.
pub const HEADER: usize = 4;
/// Numbers per die.
pub const PER_DIE: usize = 5;
/// Numbers per term.
pub const PER_TERM: usize = 4;

/// The reusable buffers: evaluation details and the encoded output.
pub struct Packer {
    details: Details,
    out: Vec<f64>,
}

impl Packer {
    pub const fn new() -> Self {
        Self {
            details: Details {
                dice: Vec::new(),
                terms: Vec::new(),
            },
            out: Vec::new(),
        }
    }

    /// Roll `expr` with every die and encode it (see the module docs); the encoding is
    /// [`Packer::output`] until the next roll. On an error the output is empty.
    pub fn roll<R: DieRoller + ?Sized>(&mut self, expr: &Expression, dice: &mut R) -> Result<()> {
        self.out.clear();
        let source = dice.kind();
        let total = expr.roll_into(dice, &mut self.details)?;
        let Details { dice, terms } = &self.details;
        let out = &mut self.out;
        out.reserve(
            HEADER
                .saturating_add(dice.len().saturating_mul(PER_DIE))
                .saturating_add(terms.len().saturating_mul(PER_TERM)),
        );
        out.push(total as f64);
        out.push(match source {
            SourceKind::Seeded => 0.0,
            SourceKind::Crypto => 1.0,
            SourceKind::Supplied => 2.0,
        });
        out.push(dice.len() as f64);
        out.push(terms.len() as f64);
        for d in dice {
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
        for t in terms {
            out.extend_from_slice(&[
                match t.kind {
                    TermKind::Dice => 0.0,
                    TermKind::Number => 1.0,
                },
                t.subtotal as f64,
                t.successes.map_or(-1.0, f64::from),
                t.failures.map_or(-1.0, f64::from),
            ]);
        }
        Ok(())
    }

    /// Encode the texts of `expr` (see the module docs); `parsed_from` is the text it was parsed
    /// from, when the caller has it.
    pub fn texts(&mut self, expr: &Expression, parsed_from: Option<&str>) {
        let (notation, spans) = expr.term_spans();
        let out = &mut self.out;
        out.clear();
        let same = parsed_from == Some(notation.as_str());
        out.push(f64::from(u8::from(same)));
        out.push(notation.len() as f64);
        if !same {
            out.extend(notation.encode_utf16().map(f64::from));
        }
        out.push(spans.len() as f64);
        for span in spans {
            out.push(span.start as f64);
            out.push(span.end as f64);
        }
    }

    /// The encoding of the last successful roll (or texts).
    pub fn output(&self) -> &[f64] {
        &self.out
    }
}

impl Default for Packer {
    fn default() -> Self {
        Self::new()
    }
}

thread_local! {
    /// One packer per instance (wasm is single-threaded): its buffers are what the facade reads.
    static PACKER: RefCell<Packer> = const { RefCell::new(Packer::new()) };
}

/// Run `f` on the shared packer and return the address of its output in wasm memory (a byte
/// offset, 8-aligned). The facade must read it before calling into wasm again.
fn with_packer(f: impl FnOnce(&mut Packer) -> Result<()>) -> Result<usize> {
    PACKER.with(|cell| {
        // Packing never calls back into the glue, so the buffer is never already borrowed; the
        // check keeps that an error rather than a panic.
        let mut packer = cell
            .try_borrow_mut()
            .map_err(|_| Error::new(ErrorCode::InvalidArgument, "a packed roll is in progress"))?;
        f(&mut packer)?;
        Ok(packer.output().as_ptr() as usize)
    })
}

/// Roll with every die into the shared buffer; returns its address.
pub fn roll_packed<R: DieRoller + ?Sized>(expr: &Expression, dice: &mut R) -> Result<usize> {
    with_packer(|p| p.roll(expr, dice))
}

/// The texts of `expr` into the shared buffer; returns its address.
pub fn texts_packed(expr: &Expression, parsed_from: Option<&str>) -> Result<usize> {
    with_packer(|p| {
        p.texts(expr, parsed_from);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{RollResult, SeededDice, SuppliedDice};

    /// Decode the buffer the way the facade does (packed.ts), texts added from `texts()`.
    fn decode(buf: &[f64], expr: &Expression) -> (i64, usize, Vec<[f64; 5]>, Vec<[f64; 4]>) {
        let (total, source, n_dice, n_terms) = (buf[0], buf[1], buf[2], buf[3]);
        let n_dice = n_dice as usize;
        let n_terms = n_terms as usize;
        assert_eq!(buf.len(), HEADER + n_dice * PER_DIE + n_terms * PER_TERM);
        assert_eq!(n_terms, expr.texts().1.len());
        let dice = (0..n_dice)
            .map(|i| {
                let s = &buf[HEADER + i * PER_DIE..][..PER_DIE];
                [s[0], s[1], s[2], s[3], s[4]]
            })
            .collect();
        let terms = (0..n_terms)
            .map(|i| {
                let s = &buf[HEADER + n_dice * PER_DIE + i * PER_TERM..][..PER_TERM];
                [s[0], s[1], s[2], s[3]]
            })
            .collect();
        (total as i64, source as usize, dice, terms)
    }

    fn expected(r: &RollResult) -> (Vec<[f64; 5]>, Vec<[f64; 4]>) {
        let dice = r
            .dice
            .iter()
            .map(|d| {
                let flags = [
                    d.kept, d.dropped, d.exploded, d.rerolled, d.success, d.failure, d.fudge,
                ]
                .iter()
                .enumerate()
                .map(|(i, b)| u32::from(*b) << i)
                .sum::<u32>();
                [
                    d.sides.into(),
                    d.face.into(),
                    d.value.into(),
                    flags.into(),
                    d.term.into(),
                ]
            })
            .collect();
        let terms = r
            .terms
            .iter()
            .map(|t| {
                [
                    if t.kind == TermKind::Dice { 0.0 } else { 1.0 },
                    t.subtotal as f64,
                    t.successes.map_or(-1.0, f64::from),
                    t.failures.map_or(-1.0, f64::from),
                ]
            })
            .collect();
        (dice, terms)
    }

    #[test]
    fn packed_roll_equals_the_detailed_roll_for_the_same_faces() {
        let notations = [
            "4d6kh3+2",
            "1d20",
            "(2d6+3)*-2",
            "10d10cs>=8cf1",
            "6d6x",
            "4dF+1",
            "1d20r1+1d4ro<2",
            "3d6min2max5-1d4/2",
            "20d6kl2dh1+5d8",
        ];
        let mut packer = Packer::new();
        for (seed, n) in notations.iter().enumerate() {
            let expr = Expression::parse(n).unwrap();
            // Reuse one packer for all notations: leftovers from a longer roll must not leak.
            let mut a = SeededDice::new(seed as u64).unwrap();
            let mut b = SeededDice::new(seed as u64).unwrap();
            packer.roll(&expr, &mut a).unwrap();
            let r = expr.roll(&mut b).unwrap();
            let (total, source, dice, terms) = decode(packer.output(), &expr);
            assert_eq!((total, source), (r.total, 0), "{n}");
            assert_eq!((dice, terms), expected(&r), "{n}");
            let (notation, texts) = expr.texts();
            assert_eq!(notation, r.notation);
            let term_texts: Vec<&str> = r.terms.iter().map(|t| t.notation.as_str()).collect();
            assert_eq!(texts, term_texts, "{n}");
            assert_eq!(a.state(), b.state(), "{n}: same faces consumed");
        }
    }

    #[test]
    fn packed_roll_reports_supplied_source_and_errors_like_roll() {
        let expr = Expression::parse("2d6").unwrap();
        let mut packer = Packer::new();
        packer.roll(&expr, &mut SuppliedDice::new([3, 4])).unwrap();
        assert_eq!(&packer.output()[..4], &[7.0, 2.0, 2.0, 1.0]);
        let err = packer.roll(&expr, &mut SuppliedDice::new([3])).unwrap_err();
        let same = expr.roll(&mut SuppliedDice::new([3])).unwrap_err();
        assert_eq!(err, same);
        assert!(packer.output().is_empty());
        let addr = roll_packed(&expr, &mut SuppliedDice::new([1, 1])).unwrap();
        assert_eq!(addr % 8, 0);
    }

    #[test]
    fn packed_texts_give_the_notation_and_term_spans() {
        let mut packer = Packer::new();
        let expr = Expression::parse("4d6kh3+2").unwrap();
        packer.texts(&expr, Some("4d6kh3+2"));
        assert_eq!(packer.output(), &[1.0, 8.0, 2.0, 0.0, 6.0, 7.0, 8.0]);
        let expr = Expression::parse("-(D20 + 3)").unwrap();
        packer.texts(&expr, Some("-(D20 + 3)"));
        let out = packer.output();
        let n = out[1] as usize;
        assert_eq!(&out[..2], &[0.0, 9.0]);
        let text: String = out[2..2 + n].iter().map(|&c| char::from(c as u8)).collect();
        assert_eq!(text, "-(1d20+3)");
        assert_eq!(&out[2 + n..], &[2.0, 2.0, 6.0, 7.0, 8.0]);
        packer.texts(&expr, None);
        assert_eq!(packer.output()[0], 0.0);
    }
}
