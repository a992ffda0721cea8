//! The dice exports' six JSON inputs as the flat reader sees them (`crate::wire::flat`): a
//! saved dice state, a saved countdown, a die size, which roll to keep, a roll-off's options
//! and a countdown's speed. The dice-only module (issue 38) reads them with it instead of the
//! generic reader, which was a seventh of that module; the core module keeps the generic reader.
//!
//! Each input's names and fields are those its `#[serde]` attributes give; the tests below
//! hold every input against `crate::wire::from_json` (value, code and message) over valid,
//! mistyped and malformed texts, so a renamed field or variant that is not renamed here fails
//! them.

use crate::dice::countdown::{Countdown, CountdownSpeed};
use crate::dice::rolloff::{RollOffConfig, RollOffWinner};
use crate::dice::source::{SeedAlgorithm, SeedState};
use crate::dice::step::DieSize;
use crate::dice::twice::Keep;
use crate::wire::flat::{self, Flat, Shape};

/// An input the flat reader reads: how it is written, and the value from what was read.
pub trait FlatInput: Sized {
    /// How the input is written.
    const FLAT: Flat;

    /// The value from the slots read (one for each field, in the order of [`Self::FLAT`]'s);
    /// `given` is false for `null`.
    fn from_slots(given: bool, slots: &[u64; SLOTS]) -> Self;
}

/// The most fields an input has.
pub const SLOTS: usize = 5;

/// Read `text` as `T`: what `crate::wire::from_json(text, what, INVALID_ARGUMENT)` reads, with
/// the same errors.
pub fn read<T: FlatInput>(text: &str, what: &str) -> crate::Result<T> {
    let mut slots = [0; SLOTS];
    let given = flat::read(text, what, T::FLAT, &mut slots)?;
    Ok(T::from_slots(given, &slots))
}

const DIE_SIZES: Shape = Shape::Name(&["d2", "d3", "d4", "d6", "d8", "d10", "d12", "d20", "d100"]);
const SPEEDS: Shape = Shape::Name(&["slow", "medium", "fast"]);

/// The item at index `slot` of `all` (the reader gave an index of the names, in the enum's
/// order), `or` past the end, which cannot happen.
fn pick<T: Copy>(all: &[T], slot: u64, or: T) -> T {
    usize::try_from(slot)
        .ok()
        .and_then(|i| all.get(i))
        .copied()
        .unwrap_or(or)
}

/// A `u32` slot (read within `u32`'s range).
fn whole(slot: u64) -> u32 {
    u32::try_from(slot).unwrap_or(u32::MAX)
}

impl FlatInput for DieSize {
    const FLAT: Flat = Flat::Value(DIE_SIZES);
    fn from_slots(_: bool, slots: &[u64; SLOTS]) -> Self {
        pick(&DieSize::ALL, slots[0], DieSize::D20)
    }
}

impl FlatInput for Keep {
    const FLAT: Flat = Flat::Value(Shape::Name(&["higher", "lower"]));
    fn from_slots(_: bool, slots: &[u64; SLOTS]) -> Self {
        pick(&[Keep::Higher, Keep::Lower], slots[0], Keep::Higher)
    }
}

impl FlatInput for CountdownSpeed {
    const FLAT: Flat = Flat::Value(SPEEDS);
    fn from_slots(_: bool, slots: &[u64; SLOTS]) -> Self {
        pick(&CountdownSpeed::ALL, slots[0], CountdownSpeed::Slow)
    }
}

impl FlatInput for SeedState {
    const FLAT: Flat = Flat::Object {
        names: &["algorithm", "seed", "position"],
        shapes: &[Shape::Name(&["chacha20"]), Shape::U64, Shape::U64],
        nullable: false,
    };
    fn from_slots(_: bool, slots: &[u64; SLOTS]) -> Self {
        SeedState {
            algorithm: SeedAlgorithm::ChaCha20,
            seed: slots[1],
            position: slots[2],
        }
    }
}

impl FlatInput for Countdown {
    const FLAT: Flat = Flat::Object {
        names: &["dice", "speed", "rolls", "stopped", "unstoppable"],
        shapes: &[Shape::U32, SPEEDS, Shape::U32, Shape::Flag, Shape::Flag],
        nullable: false,
    };
    fn from_slots(_: bool, slots: &[u64; SLOTS]) -> Self {
        Countdown::saved(
            whole(slots[0]),
            pick(&CountdownSpeed::ALL, slots[1], CountdownSpeed::Slow),
            whole(slots[2]),
            slots[3] != 0,
            slots[4] != 0,
        )
    }
}

impl FlatInput for Option<RollOffConfig> {
    const FLAT: Flat = Flat::Object {
        names: &["die", "winner"],
        shapes: &[DIE_SIZES, Shape::Name(&["highest", "lowest"])],
        nullable: true,
    };
    fn from_slots(given: bool, slots: &[u64; SLOTS]) -> Self {
        given.then(|| RollOffConfig {
            die: pick(&DieSize::ALL, slots[0], DieSize::D20),
            winner: pick(
                &[RollOffWinner::Highest, RollOffWinner::Lowest],
                slots[1],
                RollOffWinner::Highest,
            ),
        })
    }
}

#[cfg(test)]
mod tests;
