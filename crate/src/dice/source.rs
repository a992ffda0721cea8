//! Where die faces come from.
//!
//! Every roll in the engine goes through a [`DieRoller`]. Three sources exist (DESIGN.md
//! principle 3):
//! - [`SeededDice`]: ChaCha20 keyed from a 64-bit seed. The key derivation and the mapping from
//!   the ChaCha word stream to a face are written here, not borrowed from `rand`, so a seed means
//!   the same faces in every version of this crate and on every client (native or wasm).
//! - [`CryptoDice`]: the operating system's / browser's cryptographic source (getrandom).
//! - [`SuppliedDice`]: faces typed in by the table (physical dice) or fixed by tests; each face is
//!   validated against the die it is consumed by.

use std::collections::VecDeque;

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::dice::limits::MAX_SIDES;
use crate::error::{Error, ErrorCode, Result};

/// Largest seed accepted: seeds travel through JavaScript numbers, which are exact up to 2^53.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Anything that can produce one face of one die.
pub trait DieRoller {
    /// A face in `1..=sides`. `sides` is at least 1 and at most [`MAX_SIDES`].
    fn roll_die(&mut self, sides: u32) -> Result<u32>;
    /// Which kind of source this is, for result metadata.
    fn kind(&self) -> SourceKind;
}

/// The kind of a dice source, reported with every roll result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum SourceKind {
    Seeded,
    Crypto,
    Supplied,
}

fn check_sides(sides: u32) -> Result<()> {
    if sides == 0 || sides > MAX_SIDES {
        return Err(Error::new(
            ErrorCode::NotationLimit,
            format!("a die must have between 1 and {MAX_SIDES} sides, not {sides}"),
        ));
    }
    Ok(())
}

/// Map a stream of uniform 32-bit words to a uniform face in `1..=sides` by rejection:
/// words at or above the largest multiple of `sides` are discarded, so no face is favoured.
/// Expected words per face is below 2 for every allowed `sides`; `next` is called until a
/// word is accepted (the probability of needing more than 64 words is below 2^-64).
fn face_from_words(sides: u32, mut next: impl FnMut() -> Result<u32>) -> Result<u32> {
    if sides == 1 {
        return Ok(1);
    }
    // `zone` is the count of words accepted: the largest multiple of `sides` ≤ 2^32.
    let span = u64::from(sides);
    let zone = (1u64 << 32) - ((1u64 << 32) % span);
    loop {
        let word = u64::from(next()?);
        if word < zone {
            // word % span < sides ≤ u32::MAX, so the conversion cannot fail.
            let face = u32::try_from(word % span).unwrap_or(0);
            return Ok(face.saturating_add(1));
        }
    }
}

/// Saved state of a seeded source: enough to resume the exact stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, crate::wire::Wire)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SeedState {
    /// The generator's name; only `"chacha20"` exists. Kept so a future algorithm can be added
    /// without changing what an old snapshot means.
    pub algorithm: SeedAlgorithm,
    pub seed: u64,
    /// 32-bit words consumed since the seed was set.
    pub position: u64,
}

/// Named seeded algorithms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, crate::wire::Wire)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum SeedAlgorithm {
    #[serde(rename = "chacha20")]
    ChaCha20,
}

/// ChaCha20 keyed from a 64-bit seed by SplitMix64 (four outputs, little-endian, form the key).
#[derive(Debug, Clone)]
pub struct SeededDice {
    seed: u64,
    position: u64,
    rng: ChaCha20Rng,
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn key_from_seed(seed: u64) -> [u8; 32] {
    let mut state = seed;
    let mut key = [0u8; 32];
    for chunk in key.chunks_exact_mut(8) {
        chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    key
}

impl SeededDice {
    /// A fresh stream for `seed` (0 ..= 2^53 − 1).
    pub fn new(seed: u64) -> Result<Self> {
        Self::restore(SeedState {
            algorithm: SeedAlgorithm::ChaCha20,
            seed,
            position: 0,
        })
    }

    /// Resume a stream exactly where [`SeededDice::state`] left it.
    pub fn restore(state: SeedState) -> Result<Self> {
        if state.seed > MAX_SEED {
            return Err(Error::new(
                ErrorCode::InvalidSeed,
                format!("seed must be an integer from 0 to {MAX_SEED}"),
            ));
        }
        if state.position > MAX_SEED {
            return Err(Error::new(
                ErrorCode::InvalidSeed,
                "saved dice position is out of range",
            ));
        }
        let mut rng = ChaCha20Rng::from_seed(key_from_seed(state.seed));
        rng.set_word_pos(u128::from(state.position));
        Ok(Self {
            seed: state.seed,
            position: state.position,
            rng,
        })
    }

    pub fn state(&self) -> SeedState {
        SeedState {
            algorithm: SeedAlgorithm::ChaCha20,
            seed: self.seed,
            position: self.position,
        }
    }

    fn next_word(&mut self) -> u32 {
        self.position = self.position.saturating_add(1);
        self.rng.next_u32()
    }
}

impl DieRoller for SeededDice {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        check_sides(sides)?;
        face_from_words(sides, || Ok(self.next_word()))
    }
    fn kind(&self) -> SourceKind {
        SourceKind::Seeded
    }
}

/// Words fetched from the platform per refill. One `crypto.getRandomValues` call costs about
/// 1–2 µs in Node whatever its size (up to a few KB), far more than rolling a die, so words are
/// fetched in bulk: 1,024 words (4 KB per crypto source) cover `1000d6` with one call.
const CRYPTO_BUFFER_WORDS: usize = 1024;

/// The platform's cryptographic random source (crypto.getRandomValues in browsers), read in
/// blocks of [`CRYPTO_BUFFER_WORDS`] words.
#[derive(Debug, Clone)]
pub struct CryptoDice {
    buffer: [u32; CRYPTO_BUFFER_WORDS],
    next: usize,
}

impl Default for CryptoDice {
    fn default() -> Self {
        Self {
            buffer: [0; CRYPTO_BUFFER_WORDS],
            next: CRYPTO_BUFFER_WORDS,
        }
    }
}

impl CryptoDice {
    pub fn new() -> Self {
        Self::default()
    }

    fn next_word(&mut self) -> Result<u32> {
        if self.next >= CRYPTO_BUFFER_WORDS {
            let mut bytes = [0u8; CRYPTO_BUFFER_WORDS * 4];
            getrandom::fill(&mut bytes).map_err(|e| {
                Error::new(
                    ErrorCode::RandomUnavailable,
                    format!("no random source: {e}"),
                )
            })?;
            for (word, chunk) in self.buffer.iter_mut().zip(bytes.chunks_exact(4)) {
                // `chunks_exact(4)` yields 4-byte slices, so the conversion always succeeds.
                *word = u32::from_le_bytes(chunk.try_into().unwrap_or([0; 4]));
            }
            self.next = 0;
        }
        let word = self.buffer.get(self.next).copied().unwrap_or(0);
        self.next = self.next.saturating_add(1);
        Ok(word)
    }
}

impl DieRoller for CryptoDice {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        check_sides(sides)?;
        face_from_words(sides, || self.next_word())
    }
    fn kind(&self) -> SourceKind {
        SourceKind::Crypto
    }
}

/// Faces given by the caller, consumed in order. A face that its die cannot show is an
/// [`ErrorCode::InvalidFace`]; running out is [`ErrorCode::FacesExhausted`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, crate::wire::Wire)]
pub struct SuppliedDice {
    faces: VecDeque<u32>,
    used: usize,
}

impl SuppliedDice {
    pub fn new(faces: impl IntoIterator<Item = u32>) -> Self {
        Self {
            faces: faces.into_iter().collect(),
            used: 0,
        }
    }
    /// Faces not yet consumed.
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }
}

impl DieRoller for SuppliedDice {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        check_sides(sides)?;
        let index = self.used;
        let face = self.faces.pop_front().ok_or_else(|| {
            Error::new(
                ErrorCode::FacesExhausted,
                format!("a d{sides} was rolled but only {index} faces were supplied"),
            )
        })?;
        if face == 0 || face > sides {
            return Err(Error::new(
                ErrorCode::InvalidFace,
                format!(
                    "supplied face #{} is {face}, which a d{sides} cannot show",
                    index + 1
                ),
            ));
        }
        self.used = index.saturating_add(1);
        Ok(face)
    }
    fn kind(&self) -> SourceKind {
        SourceKind::Supplied
    }
}

/// Any of the three sources, as one value that can be stored in an encounter or journey.
#[derive(Debug, Clone)]
pub enum DiceSource {
    Seeded(Box<SeededDice>),
    Crypto(Box<CryptoDice>),
    Supplied(SuppliedDice),
}

impl DiceSource {
    /// Run `f` on a working copy of these dice and keep what it rolled only if it succeeds: a
    /// command that fails leaves a seeded stream exactly where it was (DESIGN.md principle 2:
    /// a failed command changes nothing, the dice included).
    pub fn atomically<T>(&mut self, f: impl FnOnce(&mut DiceSource) -> Result<T>) -> Result<T> {
        let mut working = self.clone();
        let out = f(&mut working)?;
        *self = working;
        Ok(out)
    }

    pub fn seeded(seed: u64) -> Result<Self> {
        SeededDice::new(seed).map(|s| Self::Seeded(Box::new(s)))
    }
    pub fn crypto() -> Self {
        Self::Crypto(Box::default())
    }
    pub fn supplied(faces: impl IntoIterator<Item = u32>) -> Self {
        Self::Supplied(SuppliedDice::new(faces))
    }
    /// The seed state, when this is a seeded source (what a snapshot stores).
    pub fn seed_state(&self) -> Option<SeedState> {
        match self {
            Self::Seeded(s) => Some(s.state()),
            _ => None,
        }
    }
}

impl DieRoller for DiceSource {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        match self {
            Self::Seeded(s) => s.roll_die(sides),
            Self::Crypto(s) => s.roll_die(sides),
            Self::Supplied(s) => s.roll_die(sides),
        }
    }
    fn kind(&self) -> SourceKind {
        match self {
            Self::Seeded(_) => SourceKind::Seeded,
            Self::Crypto(_) => SourceKind::Crypto,
            Self::Supplied(_) => SourceKind::Supplied,
        }
    }
}

impl<T: DieRoller + ?Sized> DieRoller for &mut T {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        (**self).roll_die(sides)
    }
    fn kind(&self) -> SourceKind {
        (**self).kind()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_stream_resumes_exactly_from_saved_state() {
        let mut a = SeededDice::new(42).unwrap();
        let first: Vec<u32> = (0..10).map(|_| a.roll_die(20).unwrap()).collect();
        let saved = a.state();
        let next: Vec<u32> = (0..10).map(|_| a.roll_die(6).unwrap()).collect();
        let mut b = SeededDice::restore(saved).unwrap();
        let resumed: Vec<u32> = (0..10).map(|_| b.roll_die(6).unwrap()).collect();
        assert_eq!(next, resumed);
        assert_ne!(first, vec![first[0]; 10], "faces should vary");
    }

    #[test]
    fn supplied_faces_are_validated_and_counted() {
        let mut s = SuppliedDice::new([6, 7]);
        assert_eq!(s.roll_die(6).unwrap(), 6);
        assert_eq!(s.roll_die(6).unwrap_err().code, ErrorCode::InvalidFace);
        let mut s = SuppliedDice::new([]);
        assert_eq!(s.roll_die(6).unwrap_err().code, ErrorCode::FacesExhausted);
    }

    #[test]
    fn seeds_beyond_js_safe_integers_are_refused() {
        assert_eq!(
            SeededDice::new(MAX_SEED + 1).unwrap_err().code,
            ErrorCode::InvalidSeed
        );
        assert!(SeededDice::new(MAX_SEED).is_ok());
    }

    #[test]
    fn crypto_faces_stay_in_range() {
        let mut c = CryptoDice::new();
        for _ in 0..1000 {
            let f = c.roll_die(6).unwrap();
            assert!((1..=6).contains(&f));
        }
    }
}
