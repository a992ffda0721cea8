//! A compact encoding of a detailed roll for the hot path, written into buffers that live in
//! wasm memory and are reused by every roll.
//!
//! Serializing a roll result field by field through serde-wasm-bindgen costs about 6 µs (each
//! property is a separate call into JS). Instead the roll is evaluated into reusable buffers and
//! encoded into two kept between calls: numbers (`Vec<f64>`, read in place through a
//! `Float64Array` over the wasm memory) and the dice, packed into bytes (`Vec<u8>`), which the
//! facade decodes in place for a few dice, and copies in one block for a big roll so that it can
//! decode them only when `.dice` is first read (`js-package/src/core/packed.ts`). `1000d6` is
//! then about a kilobyte to copy instead of a thousand objects to build. No allocation happens
//! per roll once the buffers have grown to fit; they keep their size afterwards, which
//! `MAX_DICE` bounds (after the largest roll allowed, 10,000 dice, about 0.2 MB stays reserved).
//!
//! The texts (normalized notation, each term's notation) are not in a roll's encoding: they
//! depend only on the expression, so the facade gets them once per parsed notation
//! ([`Packer::texts`]) and reuses them.
//!
//! Roll layout, numbers (integers, exact in f64 because totals stay within ±(2^53 − 1)):
//! `[total, source, diceCount, termCount, diceAt, diceBytes, faceBytes, layout, resultCount,`
//! ` per term: kind, subtotal, successes (−1 = none), failures (−1 = none), die, dice, results,`
//! ` per pool result: value, flags]`
//! Source: 0 seeded, 1 crypto, 2 supplied. Term kind: 0 dice, 1 number, 2 pool. A term's `die`
//! is its sides, −1 for a Fudge die (rolled as a d3), −2 for a coin (a d2), 0 for a number or
//! a pool; `dice` counts
//! its dice, `results` a pool's results (which follow the terms, pools left to right; flags as
//! a die's). Dice are grouped by term, terms left to right, so a die's term follows from the
//! counts.
//!
//! Dice (`diceBytes` bytes at address `diceAt`): each die's face in `faceBytes` bytes (1 when
//! every die has at most 255 sides, 2 up to 65,535, else 4), little-endian; then, when
//! `layout & 1`, one flags byte per die (1 kept, 2 dropped, 4 exploded, 8 rerolled, 16 success,
//! 32 failure; without them every die is just kept); then, when `layout & 2`, each die's value
//! as a little-endian i32 (without them a die counts its face, a Fudge die its face − 2, a coin
//! its face − 1).
//!
//! Texts layout (alone, or right after a roll's numbers when a notation is parsed and rolled
//! in one call): `[same, length, UTF-16 code units of the normalized notation…, termCount,`
//! ` per term: start, end]`. `same` is 1 when the normalized notation is exactly the text that
//! was parsed (then the code units are left out and the facade uses its own string); a term's
//! text is the notation's characters `start..end`.
//!
//! The facade's decoder is `js-package/src/core/packed.ts`; change both together.

use core::ops::Range;
use std::cell::RefCell;

use crate::dice::details::{Details, DieKind, die_flags};
use crate::dice::{DieRoller, Expression, SourceKind, TermKind};
use crate::error::{Error, ErrorCode, Result};

/// Numbers before the first term.
pub const HEADER: usize = 9;
/// Numbers per term.
pub const PER_TERM: usize = 7;
/// `layout` bit: the flags bytes follow the faces.
pub const HAS_FLAGS: u32 = 1;
/// `layout` bit: the values follow.
pub const HAS_VALUES: u32 = 2;

/// The reusable buffers: evaluation details, rendered texts and the encoded output.
pub struct Packer {
    details: Details,
    text: String,
    spans: Vec<Range<usize>>,
    out: Vec<f64>,
    dice: Vec<u8>,
}

impl Packer {
    pub const fn new() -> Self {
        Self {
            details: Details::new(),
            text: String::new(),
            spans: Vec::new(),
            out: Vec::new(),
            dice: Vec::new(),
        }
    }

    /// Roll `expr` with every die and encode it (see the module docs); the encoding is
    /// [`Packer::output`] and [`Packer::dice`] until the next roll. On an error the output is
    /// empty.
    pub fn roll<R: DieRoller + ?Sized>(&mut self, expr: &Expression, dice: &mut R) -> Result<()> {
        self.out.clear();
        self.dice.clear();
        let source = dice.kind();
        let total = expr.roll_into(dice, &mut self.details)?;
        let d = &self.details;
        let max_sides = d
            .terms
            .iter()
            .filter_map(|t| t.die.map(DieKind::sides))
            .max()
            .unwrap_or(0);
        let face_bytes: usize = match max_sides {
            0..=0xFF => 1,
            0x100..=0xFFFF => 2,
            _ => 4,
        };
        let layout = if d.plain { 0 } else { HAS_FLAGS } | if d.natural { 0 } else { HAS_VALUES };
        let bytes = &mut self.dice;
        bytes.reserve(
            d.faces
                .len()
                .saturating_mul(face_bytes + 1 + if d.natural { 0 } else { 4 }),
        );
        match face_bytes {
            // Faces never exceed the largest die's sides, so the truncations are exact.
            1 => bytes.extend(d.faces.iter().map(|&f| f as u8)),
            2 => {
                for &f in &d.faces {
                    bytes.extend_from_slice(&(f as u16).to_le_bytes());
                }
            }
            _ => {
                for &f in &d.faces {
                    bytes.extend_from_slice(&f.to_le_bytes());
                }
            }
        }
        if !d.plain {
            bytes.extend_from_slice(&d.flags);
        }
        if !d.natural {
            for &v in &d.values {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        let out = &mut self.out;
        out.reserve(HEADER.saturating_add(d.terms.len().saturating_mul(PER_TERM)));
        out.extend_from_slice(&[
            total as f64,
            match source {
                SourceKind::Seeded => 0.0,
                SourceKind::Crypto => 1.0,
                SourceKind::Supplied => 2.0,
            },
            d.faces.len() as f64,
            d.terms.len() as f64,
            bytes.as_ptr() as usize as f64,
            bytes.len() as f64,
            face_bytes as f64,
            f64::from(layout),
            d.results.len() as f64,
        ]);
        for t in &d.terms {
            let r = &t.result;
            let pool = r.kind == TermKind::Pool;
            out.extend_from_slice(&[
                match r.kind {
                    TermKind::Dice => 0.0,
                    TermKind::Number => 1.0,
                    TermKind::Pool => 2.0,
                },
                r.subtotal as f64,
                r.successes.map_or(-1.0, f64::from),
                r.failures.map_or(-1.0, f64::from),
                match t.die {
                    Some(DieKind::Standard(sides)) => f64::from(sides),
                    Some(DieKind::Fudge) => -1.0,
                    Some(DieKind::Coin) => -2.0,
                    None => 0.0,
                },
                if pool { 0.0 } else { f64::from(t.dice) },
                if pool { f64::from(t.dice) } else { 0.0 },
            ]);
        }
        for p in &d.results {
            let bit = |on: bool, flag: u8| if on { flag } else { 0 };
            let flags = bit(p.kept, die_flags::KEPT)
                | bit(p.dropped, die_flags::DROPPED)
                | bit(p.success, die_flags::SUCCESS)
                | bit(p.failure, die_flags::FAILURE);
            out.extend_from_slice(&[p.value as f64, f64::from(flags)]);
        }
        Ok(())
    }

    /// Encode the texts of `expr` (see the module docs); `parsed_from` is the text it was parsed
    /// from, when the caller has it.
    pub fn texts(&mut self, expr: &Expression, parsed_from: Option<&str>) {
        self.out.clear();
        self.push_texts(expr, parsed_from);
    }

    /// [`Packer::roll`], then the texts of `expr` right after the roll's numbers (where the
    /// facade finds them from the term count).
    pub fn roll_and_texts<R: DieRoller + ?Sized>(
        &mut self,
        expr: &Expression,
        dice: &mut R,
        parsed_from: &str,
    ) -> Result<()> {
        self.roll(expr, dice)?;
        self.push_texts(expr, Some(parsed_from));
        Ok(())
    }

    fn push_texts(&mut self, expr: &Expression, parsed_from: Option<&str>) {
        expr.texts_into(&mut self.text, &mut self.spans);
        let notation = self.text.as_str();
        let out = &mut self.out;
        let same = parsed_from == Some(notation);
        out.push(f64::from(u8::from(same)));
        if notation.is_ascii() {
            // One UTF-16 unit per byte.
            out.push(notation.len() as f64);
            if !same {
                out.extend(notation.bytes().map(f64::from));
            }
            out.push(self.spans.len() as f64);
            for span in &self.spans {
                out.push(span.start as f64);
                out.push(span.end as f64);
            }
        } else {
            // Flavor text may be any language: UTF-16 units, and spans counted in them.
            let units = |bytes: usize| {
                notation
                    .get(..bytes)
                    .map_or(0, |s| s.encode_utf16().count())
            };
            out.push(units(notation.len()) as f64);
            if !same {
                out.extend(notation.encode_utf16().map(f64::from));
            }
            out.push(self.spans.len() as f64);
            for span in &self.spans {
                out.push(units(span.start) as f64);
                out.push(units(span.end) as f64);
            }
        }
    }

    /// The numbers of the last successful roll (or texts).
    pub fn output(&self) -> &[f64] {
        &self.out
    }

    /// The dice bytes of the last successful roll.
    pub fn dice(&self) -> &[u8] {
        &self.dice
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

/// Roll with every die, then the texts, into the shared buffer; returns its address.
pub fn roll_and_texts_packed<R: DieRoller + ?Sized>(
    expr: &Expression,
    dice: &mut R,
    parsed_from: &str,
) -> Result<usize> {
    with_packer(|p| p.roll_and_texts(expr, dice, parsed_from))
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
    use crate::dice::{DieResult, SeededDice, SuppliedDice, TermResult};

    /// Decode the buffers the way the facade does (packed.ts), texts left empty.
    fn decode(out: &[f64], bytes: &[u8]) -> (i64, usize, Vec<DieResult>, Vec<TermResult>) {
        let (total, source, n_dice, n_terms) = (out[0], out[1], out[2] as usize, out[3] as usize);
        let (at, len, width, layout) = (out[4], out[5] as usize, out[6] as usize, out[7] as u32);
        assert_eq!(at as usize, bytes.as_ptr() as usize);
        let n_results = out[8] as usize;
        assert_eq!(out.len(), HEADER + n_terms * PER_TERM + 2 * n_results);
        let mut results = out[HEADER + n_terms * PER_TERM..].chunks(2);
        assert_eq!(bytes.len(), len);
        let flags_at = n_dice * width;
        let values_at = flags_at + if layout & HAS_FLAGS != 0 { n_dice } else { 0 };
        let expected_len = values_at
            + if layout & HAS_VALUES != 0 {
                4 * n_dice
            } else {
                0
            };
        assert_eq!(len, expected_len);
        let mut dice = Vec::new();
        let mut terms = Vec::new();
        for t in 0..n_terms {
            let s = &out[HEADER + t * PER_TERM..][..PER_TERM];
            terms.push(TermResult {
                kind: [TermKind::Dice, TermKind::Number, TermKind::Pool][s[0] as usize],
                notation: String::new(),
                subtotal: s[1] as i64,
                successes: (s[2] >= 0.0).then_some(s[2] as u32),
                failures: (s[3] >= 0.0).then_some(s[3] as u32),
                flavor: None,
                results: (&mut results)
                    .take(s[6] as usize)
                    .map(|r| {
                        let flags = r[1] as u8;
                        crate::dice::PoolResult {
                            value: r[0] as i64,
                            kept: flags & 1 != 0,
                            dropped: flags & 2 != 0,
                            success: flags & 16 != 0,
                            failure: flags & 32 != 0,
                        }
                    })
                    .collect(),
            });
            let (die, count) = (s[4], s[5] as usize);
            for _ in 0..count {
                let i = dice.len();
                let mut face = 0u32;
                for b in 0..width {
                    face |= u32::from(bytes[i * width + b]) << (8 * b);
                }
                let flags = if layout & HAS_FLAGS != 0 {
                    bytes[flags_at + i]
                } else {
                    1
                };
                let fudge = die == -1.0;
                let coin = die == -2.0;
                let value = if layout & HAS_VALUES != 0 {
                    i32::from_le_bytes(bytes[values_at + 4 * i..][..4].try_into().unwrap())
                } else if fudge {
                    face as i32 - 2
                } else if coin {
                    face as i32 - 1
                } else {
                    face as i32
                };
                dice.push(DieResult {
                    sides: if fudge {
                        3
                    } else if coin {
                        2
                    } else {
                        die as u32
                    },
                    face,
                    value,
                    kept: flags & 1 != 0,
                    dropped: flags & 2 != 0,
                    exploded: flags & 4 != 0,
                    rerolled: flags & 8 != 0,
                    success: flags & 16 != 0,
                    failure: flags & 32 != 0,
                    fudge,
                    term: t as u32,
                });
            }
        }
        assert_eq!(dice.len(), n_dice);
        (total as i64, source as usize, dice, terms)
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
            "4dF-1d4",
            "1d20r1+1d4ro<2",
            "3d6min2max5-1d4/2",
            "20d6kl2dh1+5d8",
            "1000d6",
            "3d1000+2d300",
            "2d1000000+1d2",
            "300d6kh100+1d70000",
            "4dF+1d6+3d20min15",
            "{4d6kh3,4d6kh3}kh+floor(1d6/4)",
            "{1d8,1d8,1d8}cs>=5cf<2[fire]+2d6[feu]",
            "max(1d6,{1d20,10}kl)",
            "10d6+2d6kh1+4dF",
            "2d6+3d8x>=7min2+1d4",
            "7",
        ];
        let mut packer = Packer::new();
        for (seed, n) in notations.iter().enumerate() {
            let expr = Expression::parse(n).unwrap();
            // Reuse one packer for all notations: leftovers from a longer roll must not leak.
            let mut a = SeededDice::new(seed as u64).unwrap();
            let mut b = SeededDice::new(seed as u64).unwrap();
            packer.roll(&expr, &mut a).unwrap();
            let r = expr.roll(&mut b).unwrap();
            let (total, source, dice, terms) = decode(packer.output(), packer.dice());
            assert_eq!((total, source), (r.total, 0), "{n}");
            assert_eq!(dice, r.dice, "{n}");
            let unnamed: Vec<TermResult> = r
                .terms
                .iter()
                .map(|t| TermResult {
                    notation: String::new(),
                    flavor: None,
                    ..t.clone()
                })
                .collect();
            assert_eq!(terms, unnamed, "{n}");
            let (notation, texts) = expr.texts();
            assert_eq!(notation, r.notation);
            let term_texts: Vec<&str> = r.terms.iter().map(|t| t.notation.as_str()).collect();
            assert_eq!(texts, term_texts, "{n}");
            assert_eq!(a.state(), b.state(), "{n}: same faces consumed");
        }
    }

    #[test]
    fn plain_rolls_pack_one_byte_per_die() {
        let expr = Expression::parse("1000d6").unwrap();
        let mut packer = Packer::new();
        packer
            .roll(&expr, &mut SeededDice::new(1).unwrap())
            .unwrap();
        assert_eq!(packer.dice().len(), 1000);
        assert_eq!(packer.output()[6..8], [1.0, 0.0]);
        let expr = Expression::parse("4d6kh3").unwrap();
        packer
            .roll(&expr, &mut SeededDice::new(1).unwrap())
            .unwrap();
        assert_eq!(packer.dice().len(), 8);
        assert_eq!(packer.output()[6..8], [1.0, f64::from(HAS_FLAGS)]);
        let expr = Expression::parse("2d20min5+1d300").unwrap();
        packer
            .roll(&expr, &mut SuppliedDice::new([3, 4, 250]))
            .unwrap();
        assert_eq!(packer.dice().len(), 3 * 2 + 3 * 4);
        assert_eq!(packer.output()[6..8], [2.0, f64::from(HAS_VALUES)]);
    }

    #[test]
    fn packed_roll_reports_supplied_source_and_errors_like_roll() {
        let expr = Expression::parse("2d6").unwrap();
        let mut packer = Packer::new();
        packer.roll(&expr, &mut SuppliedDice::new([3, 4])).unwrap();
        assert_eq!(&packer.output()[..4], &[7.0, 2.0, 2.0, 1.0]);
        assert_eq!(packer.dice(), &[3, 4]);
        let err = packer.roll(&expr, &mut SuppliedDice::new([3])).unwrap_err();
        let same = expr.roll(&mut SuppliedDice::new([3])).unwrap_err();
        assert_eq!(err, same);
        assert!(packer.output().is_empty());
        assert!(packer.dice().is_empty());
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
        // Flavor text in any language: UTF-16 units, spans counted in them.
        let expr = Expression::parse("1d6[glacé]+1d4[🔥]").unwrap();
        packer.texts(&expr, None);
        let out = packer.output();
        let n = out[1] as usize;
        let units: Vec<u16> = out[2..2 + n].iter().map(|&c| c as u16).collect();
        assert_eq!(String::from_utf16(&units).unwrap(), "1d6[glacé]+1d4[🔥]");
        assert_eq!(&out[2 + n..], &[2.0, 0.0, 10.0, 11.0, 18.0]);
    }
}
