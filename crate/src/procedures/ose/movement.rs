//! OSE movement rates. A creature's base movement rate is printed in feet per turn (e.g. 120');
//! encounters, running and waterborne pursuit derive per-round figures from it.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::procedures::limits::check_speed;

/// A base movement rate in feet per 10-minute turn, as printed (e.g. 120).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct MovementRate(pub u32);

impl MovementRate {
    /// At most `MAX_SPEED_FEET`.
    pub fn validate(self) -> Result<Self> {
        check_speed("movement rate", self.0).map(Self)
    }

    /// OSE-ENC-05: encounter movement is one third of the base rate per round (120 → 40).
    /// Printed rates are multiples of 30; any remainder is dropped.
    pub const fn encounter_per_round(self) -> u32 {
        self.0 / 3
    }

    /// OSE-PURSUIT-02: running speed is the base rate in feet per round (120 → 120 ft/round).
    pub const fn running_per_round(self) -> u32 {
        self.0
    }
}
