//! Game time as seen by a creature: deadlines (stable → 1 HP, doom, the HYB death clock) and the
//! once-per-24-hours long rest are stamped in game seconds.
//!
//! The creature module does not own the campaign clock; the caller passes the current time in a
//! [`Moment`] together with whether an encounter is running (A5E-TRACK-06 delays fatigue gained in
//! combat; HYB-DEATH-01 waits for the end of the fight).

use crate::creature::limits::MAX_SECONDS_PER_ROUND;
use crate::error::{Error, Result};

/// Creatures keep the campaign clock's time ([`GameTime`], seconds since the campaign's epoch):
/// one type for an instant of game time, whoever holds it (issue 37).
pub use crate::clock::time::GameTime;

#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Moment {
    pub now: GameTime,
    pub in_encounter: bool,
}

impl Moment {
    /// A moment during an encounter.
    pub const fn in_encounter(now: GameTime) -> Self {
        Self {
            now,
            in_encounter: true,
        }
    }

    /// A moment outside any encounter.
    pub const fn outside_encounter(now: GameTime) -> Self {
        Self {
            now,
            in_encounter: false,
        }
    }

    /// The start of round `round` (1-based) of an encounter that began at `start`, with rounds of
    /// `seconds_per_round` seconds (C-01: 6 s in A5E, 10 s in OSE; HYB states none, so the
    /// caller chooses — G-37).
    pub fn at_round(start: GameTime, round: u32, seconds_per_round: u32) -> Result<Self> {
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
