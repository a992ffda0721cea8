//! Several faces from one random word, for the crypto source (issue 19).
//!
//! A crypto word costs far more than the arithmetic that maps it to a face: in Node a 4 KB
//! `crypto.getRandomValues` takes about 2.4 µs, which was most of `1000d6`. One 32-bit word
//! holds about 31 bits of choice, and a d6 needs only 2.6 of them, so a word can carry eleven
//! d6 faces instead of one.
//!
//! The method is Lemire's multiply-and-reject for the range `P = sides^k`, with the `k` digits
//! read by multiplying the word `k` times by `sides` (Brackett-Rozinsky and Lemire, "Batched
//! ranged random integer generation", 2024): after each step the high half is the next digit
//! and the low half carries on. After `k` steps the low half is `word · P mod 2^32`, exactly
//! the quantity Lemire's method compares with `2^32 mod P`; a word below that threshold is
//! rejected and the digits are dropped. An accepted word's digits are the base-`sides`
//! expansion of a number uniform in `0..P`, so each face is uniform and independent of the
//! others (the exhaustive test below checks every word of a 16-bit analogue). No division runs
//! per face.
//!
//! Only the crypto source batches: a seeded stream keeps its one-word-per-face mapping, so
//! every seed keeps its faces.

/// Up to how many sides batching is used: with more, two faces no longer fit in one word.
pub(crate) const BATCH_MAX_SIDES: u32 = 65_535;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FaceBatch {
    sides: u32,
    /// Faces read from each accepted word (`k`, at least 2).
    per_word: u32,
    /// A word is rejected when `word · sides^k mod 2^bits` is below this (`2^bits mod sides^k`).
    threshold: u64,
    /// Bits per word: 32 in use; the tests use smaller words to check every case.
    bits: u32,
}

impl FaceBatch {
    /// The batch for `sides` (2 to [`BATCH_MAX_SIDES`]) with 32-bit words, `None` otherwise.
    pub(crate) fn new(sides: u32) -> Option<Self> {
        Self::with_bits(sides, 32)
    }

    /// The `k` that yields the most faces per word on average (`k` times the share of words
    /// accepted), among those with `sides^k < 2^bits`. `None` when that is one face per word.
    fn with_bits(sides: u32, bits: u32) -> Option<Self> {
        if !(2..=BATCH_MAX_SIDES).contains(&sides) || !(8..=32).contains(&bits) {
            return None;
        }
        let words = 1u64 << bits;
        let (mut best, mut best_yield) = (None, 0u128);
        let mut range = u64::from(sides);
        let mut k = 1u32;
        while range < words {
            let threshold = words % range;
            // k · accepted words, compared exactly (no floating point).
            let yielded = u128::from(k) * u128::from(words - threshold);
            if yielded > best_yield {
                best_yield = yielded;
                best = Some((k, threshold));
            }
            range = range.saturating_mul(u64::from(sides));
            k += 1;
        }
        let (per_word, threshold) = best?;
        (per_word >= 2).then_some(Self {
            sides,
            per_word,
            threshold,
            bits,
        })
    }

    #[cfg(test)]
    const fn sides(self) -> u32 {
        self.sides
    }

    /// Faces (`1..=sides`) from `word` into the front of `out`, at most `per_word` of them;
    /// the number written, or `None` when the word is rejected (nothing usable written).
    #[inline(always)]
    pub(crate) fn faces(self, word: u32, out: &mut [u32]) -> Option<usize> {
        let mask = (1u64 << self.bits) - 1;
        let sides = u64::from(self.sides);
        let mut low = u64::from(word) & mask;
        let n = out.len().min(self.per_word as usize);
        for slot in out.iter_mut().take(n) {
            let t = low * sides;
            // The high part is below `sides`, so it fits.
            *slot = (t >> self.bits) as u32 + 1;
            low = t & mask;
        }
        // The digits not written still have to be stepped through: acceptance depends on
        // the low part after all `per_word` steps.
        for _ in n..self.per_word as usize {
            low = (low * sides) & mask;
        }
        (low >= self.threshold).then_some(n)
    }

    /// [`FaceBatch::new`] through a cache of the last die's answer: computing a batch takes
    /// a few 64-bit divisions, more than mapping a word.
    #[inline(always)]
    pub(crate) fn cached(
        cached: &mut Option<(u32, Option<FaceBatch>)>,
        sides: u32,
    ) -> Option<Self> {
        match *cached {
            Some((for_sides, batch)) if for_sides == sides => batch,
            _ => {
                let batch = FaceBatch::new(sides);
                *cached = Some((sides, batch));
                batch
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_per_word_are_chosen_for_the_best_yield() {
        let per_word = |sides| FaceBatch::new(sides).map(|b| b.per_word);
        // 6^11 = 362,797,056: 11 d6 per word, 7 % of words rejected (6^12 would reject 49 %).
        assert_eq!(per_word(6), Some(11));
        assert_eq!(per_word(20), Some(7));
        assert_eq!(per_word(100), Some(4));
        assert_eq!(per_word(2), Some(31));
        // 3^20 fits too, but rejects 19 % of words; 3^18 rejects 0.8 %.
        assert_eq!(per_word(3), Some(18));
        assert_eq!(per_word(BATCH_MAX_SIDES), Some(2));
        // The one tie among all sizes: two or three d1420 per word yield as many faces on
        // average; the smaller batch wins (fewer steps per word).
        assert_eq!(per_word(1420), Some(2));
        assert_eq!(per_word(65_536), None, "two d65536 need 2^32 and more");
        assert_eq!(per_word(1), None);
        assert_eq!(per_word(0), None);
    }

    /// Every 16-bit word through the same arithmetic: each tuple of faces comes from exactly
    /// as many accepted words as every other, so the faces are uniform and independent.
    #[test]
    fn every_tuple_of_faces_is_equally_likely_over_every_word() {
        for sides in [2u32, 3, 4, 5, 6, 7, 8, 10, 12, 13, 20, 37, 100, 255] {
            let Some(batch) = FaceBatch::with_bits(sides, 16) else {
                continue;
            };
            let k = batch.per_word as usize;
            let mut counts = std::collections::HashMap::<Vec<u32>, u32>::new();
            let mut accepted = 0u64;
            for word in 0..=u16::MAX {
                let mut out = vec![0u32; k];
                if batch.faces(u32::from(word), &mut out) == Some(k) {
                    assert!(out.iter().all(|&f| (1..=sides).contains(&f)));
                    *counts.entry(out).or_default() += 1;
                    accepted += 1;
                }
            }
            let tuples = u64::from(sides).pow(k as u32);
            assert_eq!(counts.len() as u64, tuples, "d{sides}: every tuple appears");
            let first = *counts.values().next().unwrap();
            assert!(counts.values().all(|&c| c == first), "d{sides}: uneven");
            assert_eq!(accepted, 65_536 - batch.threshold, "d{sides}");
        }
    }

    /// The digits are read from the top of the word down: the highest word shows the highest
    /// face on every die of its batch, a word just above the rejected zone the lowest.
    #[test]
    fn the_word_is_read_from_its_top() {
        let batch = FaceBatch::new(6).unwrap();
        let mut faces = [0u32; 11];
        assert_eq!(batch.faces(u32::MAX, &mut faces), Some(11));
        assert_eq!(faces, [6; 11]);
        // 2^31 is exactly half: the first digit is 3 (face 4) and the rest are 0 (face 1),
        // and the low part ends at 0, below the threshold: rejected.
        assert_eq!(batch.faces(1 << 31, &mut faces), None);
        let d20 = FaceBatch::new(20).unwrap();
        let mut faces = [0u32; 7];
        assert_eq!(d20.faces(u32::MAX, &mut faces), Some(7));
        assert_eq!(faces, [20; 7]);
    }

    #[test]
    fn a_short_output_takes_only_the_first_faces_and_the_same_verdict() {
        let batch = FaceBatch::new(6).unwrap();
        for word in [0u32, 1, 12_345, 0x8000_0000, u32::MAX, 0xdead_beef] {
            let mut all = [0u32; 11];
            let mut three = [0u32; 3];
            let whole = batch.faces(word, &mut all);
            let part = batch.faces(word, &mut three);
            assert_eq!(whole.is_some(), part.is_some(), "word {word}");
            if whole.is_some() {
                assert_eq!(part, Some(3));
                assert_eq!(three, all[..3]);
            }
        }
        // More room than a word holds: only `per_word` faces.
        let mut room = [0u32; 20];
        let written = (0..100u32).find_map(|w| batch.faces(w * 7919, &mut room));
        assert_eq!(written, Some(11));
        assert!(room[11..].iter().all(|&f| f == 0));
    }

    #[test]
    fn the_cache_is_reused_and_replaced() {
        let mut cache = None;
        assert_eq!(
            FaceBatch::cached(&mut cache, 6).map(FaceBatch::sides),
            Some(6)
        );
        assert_eq!(
            FaceBatch::cached(&mut cache, 6).map(FaceBatch::sides),
            Some(6)
        );
        assert_eq!(
            FaceBatch::cached(&mut cache, 20).map(FaceBatch::sides),
            Some(20)
        );
        assert_eq!(FaceBatch::cached(&mut cache, 100_000), None);
        assert_eq!(cache, Some((100_000, None)));
        assert_eq!(
            FaceBatch::cached(&mut cache, 6).map(FaceBatch::sides),
            Some(6)
        );
    }
}
