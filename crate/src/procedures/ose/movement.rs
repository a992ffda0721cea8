//! OSE movement rates. A creature's base movement rate is printed in feet per 10-minute turn
//! (e.g. 120'), with its encounter rate, a third of it, in brackets (120' (40')); encounters,
//! running, pursuits and overland travel derive their figures from it. Exploration
//! (encumbrance, OSE-ENCUMB-03/04) and the procedures share this one type.

use crate::error::Result;
use crate::procedures::limits::check_speed;
use crate::units::{Feet, Miles};

/// OSE-WILD-08 / OSE-WATER-04: miles per day = base movement rate (ft) ÷ 5.
pub const FEET_OF_RATE_PER_DAILY_MILE: u32 = 5;

/// A base movement rate in feet per turn, as printed (e.g. 120). On the wire it is the bare
/// number of feet.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(transparent)]
pub struct MovementRate(pub Feet);

impl MovementRate {
    /// A base rate in feet per turn.
    pub const fn from_base(base: Feet) -> Self {
        Self(base)
    }

    /// At most `MAX_SPEED_FEET`.
    pub fn validate(self) -> Result<Self> {
        check_speed("movement rate", self.0.0).map(|feet| Self(Feet(feet)))
    }

    /// The base rate: feet per exploration turn.
    pub const fn per_turn(self) -> Feet {
        self.0
    }

    /// OSE-ENC-05 / OSE-MOVE-01: encounter movement is one third of the base rate per round
    /// (120' → 40'). Printed rates are multiples of 30; any remainder is dropped.
    pub const fn encounter_per_round(self) -> Feet {
        Feet(self.0.0 / 3)
    }

    /// OSE-PURSUIT-02 / EX-OSE-05: running covers the base rate every round (120' → 120' a
    /// round).
    pub const fn running_per_round(self) -> Feet {
        self.0
    }

    /// EX-OSE-05 / OSE-WILD-08: miles a day overland (base rate ÷ 5).
    pub const fn miles_per_day(self) -> Miles {
        Miles(self.0.0 / FEET_OF_RATE_PER_DAILY_MILE)
    }
}
