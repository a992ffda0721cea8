//! Distances with their unit. OSE measures the dungeon in feet and the outdoors in yards
//! (OSE-ENC-03, OSE-ENC-05); keeping the unit on the value stops the two being mixed.

use serde::{Deserialize, Serialize};

/// Feet or yards (OSE-MEAS-01: 1 yd = 3 ft).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum DistanceUnit {
    Feet,
    Yards,
}

/// Feet per yard (OSE-MEAS-01).
pub const FEET_PER_YARD: u32 = 3;

/// An amount in a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Distance {
    pub amount: u32,
    pub unit: DistanceUnit,
}

impl Distance {
    pub const fn feet(amount: u32) -> Self {
        Self {
            amount,
            unit: DistanceUnit::Feet,
        }
    }

    pub const fn yards(amount: u32) -> Self {
        Self {
            amount,
            unit: DistanceUnit::Yards,
        }
    }

    /// The same distance in feet (saturating).
    pub const fn in_feet(self) -> u32 {
        match self.unit {
            DistanceUnit::Feet => self.amount,
            DistanceUnit::Yards => self.amount.saturating_mul(FEET_PER_YARD),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yards_convert_to_feet() {
        assert_eq!(Distance::yards(140).in_feet(), 420);
        assert_eq!(Distance::feet(70).in_feet(), 70);
    }
}
