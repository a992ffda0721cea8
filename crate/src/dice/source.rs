//! Where die faces come from.
//!
//! Every roll in the engine goes through a [`DieRoller`]. Three sources exist (docs/design.md
//! principle 3):
//! - [`SeededDice`]: ChaCha20 keyed from a 64-bit seed. The key derivation and the mapping from
//!   the ChaCha word stream to a face are written here, not borrowed from `rand`, so a seed means
//!   the same faces in every version of this crate and on every client (native or wasm). The
//!   keystream itself is computed four blocks at a time (`dice::chacha`).
//! - [`CryptoDice`]: the operating system's / browser's cryptographic source (getrandom).
//! - [`SuppliedDice`]: faces typed in by the table (physical dice) or fixed by tests; each face is
//!   validated against the die it is consumed by.

use std::collections::VecDeque;

use crate::dice::batch::FaceBatch;
use crate::dice::chacha::{self, BATCH_WORDS, BLOCK_WORDS, Key};
use crate::dice::lanes::{Lanes, Native};
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
    /// Fill `out` with faces of dice with `sides` sides, in order: the same faces, the same
    /// state afterwards and the same error as `out.len()` calls of [`DieRoller::roll_die`]
    /// (what `out` holds after an error is unspecified). Sources override it to roll a pool
    /// without a call per die. The crypto source, whose faces nobody can predict or replay,
    /// keeps only the distribution: it reads several faces from each word (`dice::batch`).
    fn roll_dice(&mut self, sides: u32, out: &mut [u32]) -> Result<()> {
        for slot in out {
            *slot = self.roll_die(sides)?;
        }
        Ok(())
    }
}

/// The kind of a dice source, reported with every roll result.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    Seeded,
    Crypto,
    Supplied,
}

// `#[inline]`: see the note in `dice::eval` (the dice module's low inlining threshold).
#[inline]
fn check_sides(sides: u32) -> Result<()> {
    if sides == 0 || sides > MAX_SIDES {
        return Err(Error::new(
            ErrorCode::NotationLimit,
            format!("a die must have between 1 and {MAX_SIDES} sides, not {sides}"),
        ));
    }
    Ok(())
}

/// The mapping from uniform 32-bit words to uniform faces in `1..=sides`, by rejection: words
/// above the largest multiple of `sides` that fits in 2^32 (`zone`) are discarded, so no face is
/// favoured, and an accepted word shows `word % sides + 1`. Expected words per face is below 2
/// for every allowed `sides` (the probability of needing more than 64 is below 2^-64). A d1
/// shows 1 and takes no word.
///
/// The remainder is computed without a division instruction: the quotient is a multiply-high
/// by a precomputed magic number and a shift (Granlund and Montgomery's division by invariant
/// integers, in libdivide's "branchfree" form for 32-bit unsigned numerators, exact for every
/// numerator), which also runs four words at a time in vector lanes ([`FaceMap::faces`]).
#[derive(Debug, Clone, Copy)]
struct FaceMap {
    sides: u32,
    /// The largest accepted word: `zone − 1`.
    last: u32,
    magic: u32,
    shift: u32,
}

impl FaceMap {
    /// `sides` from 1 to [`MAX_SIDES`] (a d1 takes no word: the callers check `sides == 1`).
    fn new(sides: u32) -> Self {
        let sides = sides.max(1);
        let span = u64::from(sides);
        let zone = (1u64 << 32) - ((1u64 << 32) % span);
        let log2 = 31 - sides.leading_zeros();
        let (magic, shift) = if sides.is_power_of_two() {
            // A d1 (log2 0) never reaches the arithmetic.
            (0, log2.saturating_sub(1))
        } else {
            // m = ⌊2^(32 + log2) / sides⌋ < 2^32, doubled and rounded up to 33 bits, of which
            // the low 32 are kept (plus one): libdivide's u32 branchfree generator.
            let numerator = 1u64 << (32 + log2);
            let mut m = numerator / span;
            let rem = numerator % span;
            m = m.wrapping_add(m);
            if rem.wrapping_add(rem) >= span {
                m = m.wrapping_add(1);
            }
            ((m as u32).wrapping_add(1), log2)
        };
        Self {
            sides,
            // zone ≥ 2^31, so zone − 1 fits.
            last: u32::try_from(zone - 1).unwrap_or(u32::MAX),
            magic,
            shift,
        }
    }

    /// The map for `sides`, reusing `cached` when it is for the same die (computing one
    /// takes three 64-bit divisions, more than mapping a word).
    #[inline(always)]
    fn cached(cached: &mut Option<FaceMap>, sides: u32) -> FaceMap {
        match *cached {
            Some(map) if map.sides == sides => map,
            _ => {
                let map = FaceMap::new(sides);
                *cached = Some(map);
                map
            }
        }
    }

    /// `word / sides` (any 32-bit word).
    #[inline(always)]
    fn quotient<L: Lanes>(self, word: L) -> L {
        let q = word.mul_high(L::splat(self.magic));
        word.sub(q).shr(1).add(q).shr(self.shift)
    }

    /// The face `word` shows, or `None` when the word is rejected.
    #[inline(always)]
    fn face(self, word: u32) -> Option<u32> {
        if word > self.last {
            return None;
        }
        let [q, ..] = self.quotient([word; 4]);
        Some(
            word.wrapping_sub(q.wrapping_mul(self.sides))
                .wrapping_add(1),
        )
    }

    /// When every word of `words` is accepted, their faces into `out` (the same length) and
    /// `true`; otherwise `false` with `out` unspecified.
    #[inline(always)]
    fn faces(self, words: &[u32], out: &mut [u32]) -> bool {
        let last = Native::splat(self.last);
        let mut rejected = Native::splat(0);
        let quads = || words.chunks_exact(4).filter_map(<[u32]>::first_chunk::<4>);
        for quad in quads() {
            rejected = rejected.or(Native::load(quad).gt(last));
        }
        let rest = words.chunks_exact(4).remainder();
        if rejected.any() || rest.iter().any(|w| *w > self.last) {
            return false;
        }
        let sides = Native::splat(self.sides);
        let one = Native::splat(1);
        let mut outs = out.chunks_exact_mut(4);
        let out_quads = (&mut outs).filter_map(<[u32]>::first_chunk_mut::<4>);
        for (quad, o) in quads().zip(out_quads) {
            let w = Native::load(quad);
            w.sub(self.quotient(w).mul(sides)).add(one).store(o);
        }
        for (o, w) in outs.into_remainder().iter_mut().zip(rest) {
            *o = self.face(*w).unwrap_or(1);
        }
        true
    }

    /// The slow path of [`FaceMap::faces`], when some word is rejected: faces of the accepted
    /// words into `out` in order, stopping once it is full. Returns the words consumed and the
    /// faces written.
    fn fill(self, words: &[u32], out: &mut [u32]) -> (usize, usize) {
        let (mut used, mut filled) = (0, 0);
        let mut slots = out.iter_mut();
        for &word in words {
            used += 1;
            if let Some(face) = self.face(word) {
                if let Some(slot) = slots.next() {
                    *slot = face;
                    filled += 1;
                }
                if slots.len() == 0 {
                    break;
                }
            }
        }
        (used, filled)
    }
}

/// A source of random words read a run at a time: the seeded stream's current batch, the
/// crypto source's buffer. Both fill a pool through [`faces_from_runs`], so the reference tests
/// of the seeded stream also check the loop the crypto source uses.
trait WordRuns {
    /// The unread words of the current run (refilled first when used up); never empty on
    /// success.
    fn run(&mut self) -> Result<&[u32]>;
    /// Marks the first `n` words of the run as read.
    fn consume(&mut self, n: usize);
}

/// Fills `out` with faces of `map`'s die from `words`: a whole run at once when every word in
/// it is accepted (nearly always), otherwise the accepted words one by one, so the words read
/// are exactly those a die-by-die roll would read.
fn faces_from_runs(words: &mut impl WordRuns, map: FaceMap, out: &mut [u32]) -> Result<()> {
    let mut filled = 0usize;
    while let Some(rest) = out.get_mut(filled..).filter(|r| !r.is_empty()) {
        let run = words.run()?;
        let n = run.len().min(rest.len());
        let (Some(run), Some(slots)) = (run.get(..n), rest.get_mut(..n)) else {
            break;
        };
        if n == 0 {
            // `run` never returns an empty run on success; an error, never a hang.
            return Err(Error::new(
                ErrorCode::RandomUnavailable,
                "the random source gave no words",
            ));
        }
        let (used, done) = if map.faces(run, slots) {
            (n, n)
        } else {
            map.fill(run, slots)
        };
        filled += done;
        words.consume(used);
    }
    Ok(())
}

/// One face from a stream of words (see [`FaceMap`]).
fn face_from_words(map: FaceMap, mut next: impl FnMut() -> Result<u32>) -> Result<u32> {
    if map.sides == 1 {
        return Ok(1);
    }
    loop {
        if let Some(face) = map.face(next()?) {
            return Ok(face);
        }
    }
}

/// Saved state of a seeded source: enough to resume the exact stream.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedState {
    /// The generator's name; only `"chacha20"` exists. Kept so a future algorithm can be added
    /// without changing what an old snapshot means.
    pub algorithm: SeedAlgorithm,
    pub seed: u64,
    /// 32-bit words consumed since the seed was set.
    pub position: u64,
}

/// Named seeded algorithms.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeedAlgorithm {
    #[serde(rename = "chacha20")]
    ChaCha20,
}

/// ChaCha20 keyed from a 64-bit seed by SplitMix64 (four outputs, little-endian, form the key).
/// Words are computed four blocks (64 words) at a time and kept until used, so a position in
/// the stream is a word count and a restored stream continues mid-block exactly.
#[derive(Debug, Clone)]
pub struct SeededDice {
    seed: u64,
    /// Words consumed since the seed was set.
    position: u64,
    key: Key,
    /// Words `start .. start + BATCH_WORDS` of the stream, when `start` is `Some`.
    batch: [u32; BATCH_WORDS],
    start: Option<u64>,
    /// The face mapping of the last die rolled.
    map: Option<FaceMap>,
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
        Ok(Self {
            seed: state.seed,
            position: state.position,
            key: chacha::key_from_bytes(&key_from_seed(state.seed)),
            batch: [0; BATCH_WORDS],
            start: None,
            map: None,
        })
    }

    pub fn state(&self) -> SeedState {
        SeedState {
            algorithm: SeedAlgorithm::ChaCha20,
            seed: self.seed,
            position: self.position,
        }
    }

    /// The words from `position` to the end of the current batch (computing the batch that
    /// holds `position` first when needed); never empty.
    #[inline]
    fn available(&mut self) -> &[u32] {
        let offset = self
            .start
            .and_then(|start| self.position.checked_sub(start))
            .filter(|off| *off < BATCH_WORDS as u64);
        let offset = match offset {
            Some(off) => off as usize,
            None => {
                let block = self.position / BLOCK_WORDS as u64;
                chacha::batch(&self.key, block, &mut self.batch);
                let start = block.saturating_mul(BLOCK_WORDS as u64);
                self.start = Some(start);
                self.position.saturating_sub(start) as usize
            }
        };
        self.batch.get(offset..).unwrap_or(&[])
    }

    #[inline]
    fn next_word(&mut self) -> u32 {
        let word = self.available().first().copied().unwrap_or(0);
        self.position = self.position.saturating_add(1);
        word
    }
}

impl DieRoller for SeededDice {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        check_sides(sides)?;
        let map = FaceMap::cached(&mut self.map, sides);
        face_from_words(map, || Ok(self.next_word()))
    }
    fn kind(&self) -> SourceKind {
        SourceKind::Seeded
    }
    fn roll_dice(&mut self, sides: u32, out: &mut [u32]) -> Result<()> {
        check_sides(sides)?;
        if sides == 1 {
            out.fill(1);
            return Ok(());
        }
        let map = FaceMap::cached(&mut self.map, sides);
        faces_from_runs(self, map, out)
    }
}

impl WordRuns for SeededDice {
    fn run(&mut self) -> Result<&[u32]> {
        Ok(self.available())
    }
    fn consume(&mut self, n: usize) {
        self.position = self.position.saturating_add(n as u64);
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
    /// The face mapping of the last die rolled.
    map: Option<FaceMap>,
    /// The last pool's die and its batch of faces per word, if it has one.
    batch: Option<(u32, Option<FaceBatch>)>,
}

impl Default for CryptoDice {
    fn default() -> Self {
        Self {
            buffer: [0; CRYPTO_BUFFER_WORDS],
            next: CRYPTO_BUFFER_WORDS,
            map: None,
            batch: None,
        }
    }
}

impl CryptoDice {
    pub fn new() -> Self {
        Self::default()
    }

    /// The unread words, refilling the buffer first when it is used up; never empty on success.
    #[inline]
    fn available(&mut self) -> Result<&[u32]> {
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
        Ok(self.buffer.get(self.next..).unwrap_or(&[]))
    }

    #[inline]
    fn next_word(&mut self) -> Result<u32> {
        let word = self.available()?.first().copied().unwrap_or(0);
        self.next = self.next.saturating_add(1);
        Ok(word)
    }
}

impl DieRoller for CryptoDice {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        check_sides(sides)?;
        let map = FaceMap::cached(&mut self.map, sides);
        face_from_words(map, || self.next_word())
    }
    fn kind(&self) -> SourceKind {
        SourceKind::Crypto
    }
    fn roll_dice(&mut self, sides: u32, out: &mut [u32]) -> Result<()> {
        check_sides(sides)?;
        if sides == 1 {
            out.fill(1);
            return Ok(());
        }
        if let Some(batch) = FaceBatch::cached(&mut self.batch, sides) {
            // Several faces per word (dice/batch.rs): a pool costs a fraction of the words.
            let mut filled = 0usize;
            while let Some(rest) = out.get_mut(filled..).filter(|r| !r.is_empty()) {
                let word = self.next_word()?;
                filled += batch.faces(word, rest).unwrap_or(0);
            }
            return Ok(());
        }
        let map = FaceMap::cached(&mut self.map, sides);
        faces_from_runs(self, map, out)
    }
}

impl WordRuns for CryptoDice {
    fn run(&mut self) -> Result<&[u32]> {
        self.available()
    }
    fn consume(&mut self, n: usize) {
        self.next = self.next.saturating_add(n);
    }
}

/// Faces given by the caller, consumed in order. A face that its die cannot show is an
/// [`ErrorCode::InvalidFace`]; running out is [`ErrorCode::FacesExhausted`].
#[crate::boundary(rust_only)]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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
    /// Faces consumed so far (what error messages count from).
    pub fn used(&self) -> usize {
        self.used
    }
    /// The faces not yet consumed, in order.
    pub fn faces(&self) -> impl Iterator<Item = u32> + '_ {
        self.faces.iter().copied()
    }
    /// The faces not yet consumed, in order, as the two runs the queue holds them in.
    pub fn faces_in_two(&self) -> (&[u32], &[u32]) {
        self.faces.as_slices()
    }
    /// Faces still to come after `used` were consumed elsewhere (dice lent to another module).
    pub fn resume(faces: impl IntoIterator<Item = u32>, used: usize) -> Self {
        Self {
            faces: faces.into_iter().collect(),
            used,
        }
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
    /// command that fails leaves a seeded stream exactly where it was (docs/design.md principle 2:
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
    /// A seeded stream resumed from a saved state (a snapshot's dice, a box's `fromState`).
    #[inline(never)]
    pub fn restored(state: SeedState) -> Result<Self> {
        SeededDice::restore(state).map(|s| Self::Seeded(Box::new(s)))
    }
    #[inline(never)]
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
    fn roll_dice(&mut self, sides: u32, out: &mut [u32]) -> Result<()> {
        match self {
            Self::Seeded(s) => s.roll_dice(sides, out),
            Self::Crypto(s) => s.roll_dice(sides, out),
            Self::Supplied(s) => s.roll_dice(sides, out),
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
    fn roll_dice(&mut self, sides: u32, out: &mut [u32]) -> Result<()> {
        (**self).roll_dice(sides, out)
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

    /// A saved stream is taken back only within its documented ranges: seed and position
    /// each from 0 to 2^53 − 1, both ends included.
    #[test]
    fn a_saved_stream_is_restored_only_within_its_limits() {
        let state = |seed, position| SeedState {
            algorithm: SeedAlgorithm::ChaCha20,
            seed,
            position,
        };
        for (seed, position) in [(0, 0), (MAX_SEED, 0), (0, MAX_SEED), (MAX_SEED, MAX_SEED)] {
            let restored = SeededDice::restore(state(seed, position)).unwrap();
            assert_eq!(restored.state(), state(seed, position));
        }
        for (seed, position) in [(MAX_SEED + 1, 0), (0, MAX_SEED + 1), (u64::MAX, u64::MAX)] {
            let e = SeededDice::restore(state(seed, position)).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidSeed, "{seed} {position}");
        }
    }

    /// The words of seed `seed` from `position` on, by the reference implementation.
    fn reference_words(seed: u64, position: u64, n: usize) -> Vec<u32> {
        use rand_chacha::ChaCha20Rng;
        use rand_chacha::rand_core::{Rng, SeedableRng};
        let mut rng = ChaCha20Rng::from_seed(key_from_seed(seed));
        rng.set_word_pos(u128::from(position));
        (0..n).map(|_| rng.next_u32()).collect()
    }

    /// Faces by the plain rejection rule, from the reference words.
    fn reference_faces(seed: u64, position: u64, sides: u32, n: usize) -> (Vec<u32>, u64) {
        let words = reference_words(seed, position, n * 3 + 64);
        let zone = (1u64 << 32) - ((1u64 << 32) % u64::from(sides));
        let mut faces = Vec::new();
        let mut used = 0u64;
        for w in words {
            if faces.len() == n {
                break;
            }
            if sides > 1 {
                used += 1;
            }
            if sides == 1 {
                faces.push(1);
            } else if u64::from(w) < zone {
                faces.push(w % sides + 1);
            }
        }
        (faces, position + used)
    }

    #[test]
    fn seeded_words_match_the_reference_across_blocks_batches_and_positions() {
        for seed in [0, 1, 7, 42, 28, MAX_SEED] {
            for position in [0u64, 1, 15, 16, 17, 63, 64, 65, 100, 1000, 4095, 1 << 40] {
                let mut dice = SeededDice::restore(SeedState {
                    algorithm: SeedAlgorithm::ChaCha20,
                    seed,
                    position,
                })
                .unwrap();
                let ours: Vec<u32> = (0..300).map(|_| dice.next_word()).collect();
                assert_eq!(
                    ours,
                    reference_words(seed, position, 300),
                    "{seed} {position}"
                );
                assert_eq!(dice.state().position, position + 300);
            }
        }
    }

    #[test]
    fn pools_and_single_dice_give_the_reference_faces_and_positions() {
        let sides_list = [1u32, 2, 3, 6, 7, 20, 100, 1 << 16, 999_983, MAX_SIDES];
        for seed in [3u64, 28, 1 << 52] {
            for start in [0u64, 5, 16, 60, 64, 200] {
                for &sides in &sides_list {
                    for n in [0usize, 1, 3, 63, 64, 65, 200, 1000] {
                        let state = SeedState {
                            algorithm: SeedAlgorithm::ChaCha20,
                            seed,
                            position: start,
                        };
                        let (expected, end) = reference_faces(seed, start, sides, n);
                        let mut pool = vec![0; n];
                        let mut a = SeededDice::restore(state).unwrap();
                        a.roll_dice(sides, &mut pool).unwrap();
                        assert_eq!(pool, expected, "seed {seed} at {start}: {n}d{sides}");
                        assert_eq!(a.state().position, end);
                        let mut b = SeededDice::restore(state).unwrap();
                        let one_by_one: Vec<u32> =
                            (0..n).map(|_| b.roll_die(sides).unwrap()).collect();
                        assert_eq!(one_by_one, expected);
                        assert_eq!(b.state(), a.state());
                        // Mixed: single dice then a pool continue the same stream.
                        let mut c = SeededDice::restore(state).unwrap();
                        let half = n / 2;
                        let mut mixed: Vec<u32> =
                            (0..half).map(|_| c.roll_die(sides).unwrap()).collect();
                        let mut rest = vec![0; n - half];
                        c.roll_dice(sides, &mut rest).unwrap();
                        mixed.extend(rest);
                        assert_eq!(mixed, expected);
                        assert_eq!(c.state(), a.state());
                    }
                }
            }
        }
    }

    #[test]
    fn face_map_is_the_remainder_for_every_word_kind() {
        let mut sides: Vec<u32> = (2..=1100).collect();
        sides.extend([
            1 << 12,
            (1 << 16) - 1,
            1 << 16,
            65_537,
            999_983,
            999_999,
            MAX_SIDES,
        ]);
        let mut x = 0x1234_5678_9abc_def0u64;
        for d in sides {
            let map = FaceMap::new(d);
            let zone = (1u64 << 32) - ((1u64 << 32) % u64::from(d));
            let mut words = vec![0, 1, d - 1, d, d + 1, u32::MAX, u32::MAX - 1];
            words.extend(
                [zone - 1, zone, zone + 1]
                    .iter()
                    .filter_map(|w| u32::try_from(*w).ok()),
            );
            for _ in 0..200 {
                words.push(splitmix64(&mut x) as u32);
            }
            for w in words {
                let expected = (u64::from(w) < zone).then(|| w % d + 1);
                assert_eq!(map.face(w), expected, "word {w} on a d{d}");
            }
        }
    }

    /// The slow path takes faces from the accepted words only, and stops at the word that
    /// fills the last slot, so the stream's position counts exactly the words used.
    #[test]
    fn fill_skips_rejected_words_and_stops_when_full() {
        let map = FaceMap::new(6);
        let rejected = map.last + 1;
        let words = [0, rejected, 1, 2, 3];
        let mut out = [0; 2];
        assert_eq!(map.fill(&words, &mut out), (3, 2));
        assert_eq!(out, [1, 2]);
        let mut out = [0; 5];
        assert_eq!(map.fill(&words, &mut out), (5, 4));
        assert_eq!(out[..4], [1, 2, 3, 4]);
        let mut out = [0; 1];
        assert_eq!(map.fill(&[rejected, rejected], &mut out), (2, 0));
    }

    /// Words handed out in runs of at most `run` words, as the seeded batch and the crypto
    /// buffer do, recording how many were read.
    struct Runs {
        words: Vec<u32>,
        run: usize,
        read: usize,
    }

    impl WordRuns for Runs {
        fn run(&mut self) -> Result<&[u32]> {
            let end = (self.read + self.run).min(self.words.len());
            Ok(self.words.get(self.read..end).unwrap_or(&[]))
        }
        fn consume(&mut self, n: usize) {
            self.read += n;
        }
    }

    #[test]
    fn pools_read_runs_around_rejected_words_wherever_they_fall() {
        let map = FaceMap::new(MAX_SIDES);
        let rejected = map.last + 1;
        // Face k + 1 from word k; rejected words scattered over the first, middle and last run.
        let mut words: Vec<u32> = (0..40).collect();
        for at in [2, 13, 14, 30] {
            words.insert(at, rejected);
        }
        for run in [1, 3, 4, 7, 16, 64] {
            for n in [1usize, 5, 12, 20, 40] {
                let mut runs = Runs {
                    words: words.clone(),
                    run,
                    read: 0,
                };
                let mut out = vec![0; n];
                faces_from_runs(&mut runs, map, &mut out).unwrap();
                let expected: Vec<u32> = (1..=n as u32).collect();
                assert_eq!(out, expected, "{n} dice from runs of {run}");
                // Exactly the words up to the last face used, rejected ones included.
                let last = words.iter().position(|w| *w == n as u32 - 1).unwrap();
                assert_eq!(runs.read, last + 1, "{n} dice from runs of {run}");
            }
        }
        // A source that runs dry is an error, never a hang.
        let mut dry = Runs {
            words: vec![0, rejected],
            run: 4,
            read: 0,
        };
        let e = faces_from_runs(&mut dry, map, &mut [0; 3]).unwrap_err();
        assert_eq!(e.code, ErrorCode::RandomUnavailable);
    }

    #[test]
    fn face_runs_equal_single_faces_or_report_a_rejection() {
        let mut x = 99u64;
        for d in [2u32, 3, 6, 7, 20, 100, 1 << 10, 999_983, MAX_SIDES] {
            let map = FaceMap::new(d);
            for n in [0usize, 1, 3, 4, 5, 17, 64] {
                let words: Vec<u32> = (0..n).map(|_| splitmix64(&mut x) as u32).collect();
                let mut out = vec![0; n];
                let single: Option<Vec<u32>> = words.iter().map(|w| map.face(*w)).collect();
                let all = map.faces(&words, &mut out);
                assert_eq!(all, single.is_some(), "d{d}, {n} words");
                if let Some(single) = single {
                    assert_eq!(out, single);
                }
                // The largest accepted word is accepted wherever it stands: in the vector
                // quads and in the remainder after them.
                let edge = vec![map.last; n];
                assert!(
                    map.faces(&edge, &mut out),
                    "d{d}, {n} words of {}",
                    map.last
                );
                assert_eq!(out, vec![map.face(map.last).unwrap(); n], "d{d}, {n} words");
                // A rejected word anywhere in the run is noticed.
                if n > 0 && map.last < u32::MAX {
                    for at in [0, n / 2, n - 1] {
                        let mut bad = words.clone();
                        bad[at] = map.last + 1;
                        assert!(!map.faces(&bad, &mut out), "d{d}, {n} words, at {at}");
                    }
                }
                // Rejections in the same lane of two quads do not cancel out.
                if n >= 8 && map.last < u32::MAX {
                    let mut bad = vec![map.last; n];
                    bad[1] = u32::MAX;
                    bad[5] = u32::MAX;
                    assert!(!map.faces(&bad, &mut out), "d{d}, {n} words, lane 1 twice");
                }
            }
        }
    }

    #[test]
    fn crypto_pools_stay_in_range() {
        let mut c = CryptoDice::new();
        let mut pool = vec![0; 3000];
        for sides in [1, 2, 6, 20, MAX_SIDES] {
            c.roll_dice(sides, &mut pool).unwrap();
            assert!(pool.iter().all(|f| (1..=sides).contains(f)), "d{sides}");
        }
        // Each word is read once: a pool longer than the buffer does not start over on the
        // words it has used, and the next pool goes on from where this one stopped. (Two runs
        // of 1,000 faces of a d1,000,000 repeating by chance is beyond any odds.)
        let (first, rest) = pool.split_at(CRYPTO_BUFFER_WORDS);
        assert_ne!(first.get(..1000), rest.get(..1000));
        let mut next = vec![0; 1000];
        c.roll_dice(MAX_SIDES, &mut next).unwrap();
        assert_ne!(pool.get(pool.len() - 1000..), Some(&next[..]));
        assert_ne!(first.get(..1000), Some(&next[..]));
        assert_eq!(
            c.roll_dice(0, &mut pool).unwrap_err().code,
            ErrorCode::NotationLimit
        );
    }

    #[test]
    fn supplied_pools_fail_like_single_dice() {
        let mut s = SuppliedDice::new([1, 2, 7, 3]);
        let mut pool = [0; 4];
        assert_eq!(
            s.roll_dice(6, &mut pool).unwrap_err().code,
            ErrorCode::InvalidFace
        );
        assert_eq!(s.remaining(), 1);
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
    fn a_borrowed_source_is_the_source_itself() {
        // Code generic over `R: DieRoller` may be handed `&mut dice`; every call must reach
        // the dice behind the borrow and move them.
        fn through<R: DieRoller>(mut dice: R) -> (u32, [u32; 2], SourceKind) {
            let one = dice.roll_die(6).unwrap();
            let mut two = [0; 2];
            dice.roll_dice(6, &mut two).unwrap();
            (one, two, dice.kind())
        }
        let mut s = SuppliedDice::new([4, 2, 5, 3]);
        assert_eq!(through(&mut s), (4, [2, 5], SourceKind::Supplied));
        assert_eq!(
            s.roll_die(6).unwrap(),
            3,
            "the borrow used the first three faces"
        );
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
