//! Dice lent across a module boundary as plain 32-bit words.
//!
//! The rule procedures run in a wasm module of their own (issue 12), while the caller's dice
//! box lives in the core module. Before a procedure the core writes its source as words, the
//! procedures module rolls on a source rebuilt from them, and only when the procedure succeeds
//! does the core take the words back. A seeded stream therefore moves exactly as if the core
//! had rolled (same seed, same position afterwards), supplied faces are consumed in the same
//! order with the same error texts, and a failed procedure leaves the caller's dice untouched.
//!
//! Layout (every number little-endian across two words where it needs 64 bits):
//! - seeded: `[0, seed_lo, seed_hi, position_lo, position_hi]`;
//! - crypto: `[1]` (nothing to carry: each module draws from the platform's own source);
//! - supplied: `[2, used_lo, used_hi, face…]`, the faces not yet consumed.

use super::source::{DiceSource, SeedAlgorithm, SeedState, SeededDice, SuppliedDice};
use crate::error::{Error, Result};

/// The words supplied dice carry before their faces (the kind and the count used): room the
/// dice module's words buffer keeps beside the most faces a box holds.
#[cfg_attr(
    not(all(feature = "wasm-dice", not(feature = "wasm-base"))),
    allow(dead_code)
)]
pub const HEADER_WORDS: usize = 3;

const SEEDED: u32 = 0;
const CRYPTO: u32 = 1;
const SUPPLIED: u32 = 2;

fn split(value: u64) -> [u32; 2] {
    [value as u32, (value >> 32) as u32]
}

fn join(lo: u32, hi: u32) -> u64 {
    u64::from(lo) | (u64::from(hi) << 32)
}

fn malformed(why: &str) -> Error {
    Error::invalid_argument(format!("lent dice are malformed: {why}"))
}

impl DiceSource {
    /// These dice as words another module can rebuild them from ([`DiceSource::from_words`]).
    pub fn to_words(&self) -> Vec<u32> {
        let mut words = Vec::new();
        self.write_words(&mut words);
        words
    }

    /// [`DiceSource::to_words`] appended to `out` (the dice module's glue writes them straight
    /// into the buffer its JavaScript reads).
    pub fn write_words(&self, out: &mut Vec<u32>) {
        match self {
            Self::Seeded(s) => {
                let state = s.state();
                let [seed_lo, seed_hi] = split(state.seed);
                let [pos_lo, pos_hi] = split(state.position);
                out.extend_from_slice(&[SEEDED, seed_lo, seed_hi, pos_lo, pos_hi]);
            }
            Self::Crypto(_) => out.push(CRYPTO),
            Self::Supplied(s) => {
                let [used_lo, used_hi] = split(s.used() as u64);
                let (front, back) = s.faces_in_two();
                out.extend_from_slice(&[SUPPLIED, used_lo, used_hi]);
                out.extend_from_slice(front);
                out.extend_from_slice(back);
            }
        }
    }

    /// Dice rebuilt from [`DiceSource::to_words`]: `INVALID_ARGUMENT` for words that no source
    /// wrote, `INVALID_SEED` for a seed or position out of range.
    pub fn from_words(words: &[u32]) -> Result<Self> {
        match words {
            [SEEDED, seed_lo, seed_hi, pos_lo, pos_hi] => {
                let state = SeedState {
                    algorithm: SeedAlgorithm::ChaCha20,
                    seed: join(*seed_lo, *seed_hi),
                    position: join(*pos_lo, *pos_hi),
                };
                Ok(Self::Seeded(Box::new(SeededDice::restore(state)?)))
            }
            [CRYPTO] => Ok(Self::crypto()),
            [SUPPLIED, used_lo, used_hi, faces @ ..] => {
                let used = usize::try_from(join(*used_lo, *used_hi))
                    .map_err(|_| malformed("the count of used faces is out of range"))?;
                Ok(Self::Supplied(SuppliedDice::resume(
                    faces.iter().copied(),
                    used,
                )))
            }
            [] => Err(malformed("no words")),
            _ => Err(malformed("an unknown source or a wrong length")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DieRoller;
    use crate::error::ErrorCode;

    fn faces(source: &mut DiceSource, n: usize) -> Vec<u32> {
        (0..n).map(|_| source.roll_die(20).unwrap()).collect()
    }

    #[test]
    fn a_seeded_stream_continues_exactly_after_a_round_trip() {
        let mut direct = DiceSource::seeded(9_007_199_254_740_991).unwrap();
        let mut lent = direct.clone();
        faces(&mut direct, 5);
        faces(&mut lent, 5);
        let mut rebuilt = DiceSource::from_words(&lent.to_words()).unwrap();
        assert_eq!(faces(&mut rebuilt, 300), faces(&mut direct, 300));
        assert_eq!(rebuilt.seed_state(), direct.seed_state());
    }

    #[test]
    fn supplied_faces_keep_their_order_and_their_count_in_errors() {
        let mut source = DiceSource::supplied([3, 4, 21]);
        assert_eq!(source.roll_die(6).unwrap(), 3);
        let mut rebuilt = DiceSource::from_words(&source.to_words()).unwrap();
        assert_eq!(rebuilt.roll_die(6).unwrap(), 4);
        let err = rebuilt.roll_die(20).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidFace);
        assert!(err.message.contains("face #3 is 21"), "{}", err.message);
        let mut empty = DiceSource::from_words(&DiceSource::supplied([]).to_words()).unwrap();
        assert_eq!(
            empty.roll_die(6).unwrap_err().code,
            ErrorCode::FacesExhausted
        );
    }

    #[test]
    fn crypto_dice_travel_as_their_kind_only() {
        assert_eq!(DiceSource::crypto().to_words(), vec![1]);
        let mut rebuilt = DiceSource::from_words(&[1]).unwrap();
        assert!((1..=6).contains(&rebuilt.roll_die(6).unwrap()));
    }

    #[test]
    fn words_no_source_wrote_are_refused_with_a_code() {
        for words in [&[][..], &[1, 0], &[0, 1, 2], &[7], &[0, 1, 2, 3, 4, 5]] {
            let err = DiceSource::from_words(words).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument, "{words:?}");
        }
        let too_big = DiceSource::from_words(&[0, 0, 1 << 21, 0, 0]).unwrap_err();
        assert_eq!(too_big.code, ErrorCode::InvalidSeed);
        // The message tells an empty record from a wrong one.
        let empty = DiceSource::from_words(&[]).unwrap_err();
        assert!(empty.message.contains("no words"), "{}", empty.message);
        let unknown = DiceSource::from_words(&[7]).unwrap_err();
        assert!(
            unknown.message.contains("unknown source"),
            "{}",
            unknown.message
        );
    }
}
