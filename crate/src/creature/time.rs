//! Game time as seen by a creature: deadlines (stable → 1 HP, doom, the HYB death clock) and the
//! once-per-24-hours long rest are stamped in game seconds.
//!
//! The creature module does not own the campaign clock; the caller passes the current time in a
//! [`Moment`] together with whether an encounter is running (A5E-TRACK-06 delays fatigue gained in
//! combat; HYB-DEATH-01 waits for the end of the fight).

use serde::{Deserialize, Serialize};

use crate::creature::limits::MAX_SECONDS_PER_ROUND;
use crate::error::{Error, Result};

/// Seconds of game time since the campaign's epoch. `u32` reaches 136 years, and stays an exact
/// JavaScript number.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    Serialize,
    Deserialize,
    crate::wire::Wire,
)]
#[serde(transparent)]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
pub struct GameSeconds(pub u32);

/// Seconds in a minute.
pub const MINUTE: u32 = 60;
/// Seconds in an hour.
pub const HOUR: u32 = 3600;
/// Seconds in a day.
pub const DAY: u32 = 24 * HOUR;

impl GameSeconds {
    /// `self + seconds`, or an error past the end of representable time.
    pub fn plus_seconds(self, seconds: u32) -> Result<Self> {
        self.0
            .checked_add(seconds)
            .map(Self)
            .ok_or_else(|| Error::invalid_argument("game time would pass its largest value"))
    }

    /// `self + hours`.
    pub fn plus_hours(self, hours: u32) -> Result<Self> {
        let seconds = hours
            .checked_mul(HOUR)
            .ok_or_else(|| Error::invalid_argument("too many hours"))?;
        self.plus_seconds(seconds)
    }
}

/// When something happens to a creature: the game time, and whether an encounter (a fight) is
/// in progress.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
pub struct Moment {
    pub now: GameSeconds,
    pub in_encounter: bool,
}

impl Moment {
    /// A moment during an encounter.
    pub const fn in_encounter(now: GameSeconds) -> Self {
        Self {
            now,
            in_encounter: true,
        }
    }

    /// A moment outside any encounter.
    pub const fn outside_encounter(now: GameSeconds) -> Self {
        Self {
            now,
            in_encounter: false,
        }
    }

    /// The start of round `round` (1-based) of an encounter that began at `start`, with rounds of
    /// `seconds_per_round` seconds (C-01: 6 s in A5E, 10 s in OSE; HYB states none, so the
    /// caller chooses — G-37).
    pub fn at_round(start: GameSeconds, round: u32, seconds_per_round: u32) -> Result<Self> {
        if seconds_per_round == 0 || seconds_per_round > MAX_SECONDS_PER_ROUND {
            return Err(Error::invalid_argument(format!(
                "seconds per round must be from 1 to {MAX_SECONDS_PER_ROUND}, not {seconds_per_round}"
            )));
        }
        if round == 0 {
            return Err(Error::invalid_argument("rounds are counted from 1"));
        }
        let elapsed = (round - 1)
            .checked_mul(seconds_per_round)
            .ok_or_else(|| Error::invalid_argument("round number is too large"))?;
        Ok(Self::in_encounter(start.plus_seconds(elapsed)?))
    }
}
