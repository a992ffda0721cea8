//! Distance and weight units as distinct types.
//!
//! OSE measures distance in inches, feet, yards and miles (OSE-MEAS-01) and weight in coins
//! (OSE-MEAS-02, 10 coins to the pound); HYB weighs coins differently (HYB-LOAD-02, 100 coins to
//! the pound). Outdoors and on water OSE reads every movement rate and range in **yards** while
//! areas of effect stay in **feet** (OSE-WILD-01, OSE-WATER-01), so the reinterpretation is a
//! named function rather than a silent multiplication.
//!
//! Every module measures with these types, so a [`Distance`] always carries its unit.

use core::fmt;

use crate::error::{Error, ErrorCode, Result};

/// OSE-MEAS-01: inches in a foot.
pub const INCHES_PER_FOOT: u32 = 12;
/// OSE-MEAS-01: feet in a yard.
pub const FEET_PER_YARD: u32 = 3;
/// OSE-MEAS-01: yards in a mile.
pub const YARDS_PER_MILE: u32 = 1_760;
/// OSE-MEAS-01: feet in a mile (1,760 × 3).
pub const FEET_PER_MILE: u32 = 5_280;
/// OSE-MEAS-02: coins of weight in one pound (OSE).
pub const OSE_COINS_PER_POUND: u32 = 10;
/// HYB-LOAD-02: coins in one pound (HYB).
pub const HYB_COINS_PER_POUND: u32 = 100;
/// HYB-LOAD-02: coins in one load.
pub const HYB_COINS_PER_LOAD: u32 = 500;

fn overflow(what: &str) -> Error {
    Error::new(
        ErrorCode::InvalidArgument,
        format!("{what} is too large to convert (limit {})", u32::MAX),
    )
}

macro_rules! unit {
    ($(#[$doc:meta])* $name:ident, $suffix:literal) => {
        $(#[$doc])*
        #[crate::boundary(state)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} {}", self.0, $suffix)
            }
        }
    };
}

unit!(
    /// A length in inches.
    Inches,
    "in"
);
unit!(
    /// A length in feet (dungeon movement, areas of effect, light radii).
    Feet,
    "ft"
);
unit!(
    /// A length in yards (OSE outdoor ranges and movement, encounter distances outdoors).
    Yards,
    "yd"
);
unit!(
    /// A length in whole miles (daily travel distances).
    Miles,
    "mi"
);
unit!(
    /// A weight in OSE coins (OSE-MEAS-02) or a count of HYB coins (HYB-LOAD-02).
    Coins,
    "coins"
);
unit!(
    /// A weight in pounds.
    Pounds,
    "lb"
);
unit!(
    /// HYB load units (HYB-LOAD-01).
    Loads,
    "loads"
);

impl Feet {
    /// OSE-MEAS-01: feet to inches (exact).
    pub fn to_inches(self) -> Result<Inches> {
        self.0
            .checked_mul(INCHES_PER_FOOT)
            .map(Inches)
            .ok_or_else(|| overflow("distance in feet"))
    }
    /// OSE-MEAS-01: whole yards in this many feet, and the feet left over.
    pub fn to_yards(self) -> (Yards, Feet) {
        (Yards(self.0 / FEET_PER_YARD), Feet(self.0 % FEET_PER_YARD))
    }
    /// OSE-WILD-01 / OSE-WATER-01: outdoors a movement rate or range written in feet is read as
    /// the same number of **yards** (so it is tripled). Never use this for areas of effect,
    /// which stay in feet.
    pub fn read_as_outdoor_yards(self) -> Yards {
        Yards(self.0)
    }
}

impl Inches {
    /// OSE-MEAS-01: whole feet and the inches left over.
    pub fn to_feet(self) -> (Feet, Inches) {
        (
            Feet(self.0 / INCHES_PER_FOOT),
            Inches(self.0 % INCHES_PER_FOOT),
        )
    }
}

impl Yards {
    /// OSE-MEAS-01: yards to feet (exact).
    pub fn to_feet(self) -> Result<Feet> {
        self.0
            .checked_mul(FEET_PER_YARD)
            .map(Feet)
            .ok_or_else(|| overflow("distance in yards"))
    }
    /// OSE-MEAS-01: whole miles and the yards left over.
    pub fn to_miles(self) -> (Miles, Yards) {
        (
            Miles(self.0 / YARDS_PER_MILE),
            Yards(self.0 % YARDS_PER_MILE),
        )
    }
}

impl Miles {
    /// OSE-MEAS-01: miles to yards (exact).
    pub fn to_yards(self) -> Result<Yards> {
        self.0
            .checked_mul(YARDS_PER_MILE)
            .map(Yards)
            .ok_or_else(|| overflow("distance in miles"))
    }
    /// OSE-MEAS-01: miles to feet (exact).
    pub fn to_feet(self) -> Result<Feet> {
        self.0
            .checked_mul(FEET_PER_MILE)
            .map(Feet)
            .ok_or_else(|| overflow("distance in miles"))
    }
}

/// The unit of a [`Distance`].
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum DistanceUnit {
    Feet,
    Yards,
    Miles,
}

/// A distance in whichever unit the procedure that produced it uses: feet in dungeons, yards
/// outdoors and on water (OSE-WILD-01, OSE-WATER-01, OSE-ENC-05), miles for daily travel.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(tag = "unit", content = "value", rename_all = "camelCase")]
pub enum Distance {
    Feet(Feet),
    Yards(Yards),
    Miles(Miles),
}

impl Distance {
    pub const fn feet(amount: u32) -> Self {
        Self::Feet(Feet(amount))
    }
    pub const fn yards(amount: u32) -> Self {
        Self::Yards(Yards(amount))
    }
    pub const fn miles(amount: u32) -> Self {
        Self::Miles(Miles(amount))
    }
    /// `amount` in `unit`.
    pub const fn new(amount: u32, unit: DistanceUnit) -> Self {
        match unit {
            DistanceUnit::Feet => Self::feet(amount),
            DistanceUnit::Yards => Self::yards(amount),
            DistanceUnit::Miles => Self::miles(amount),
        }
    }
    /// The number, in [`Self::unit`].
    pub const fn amount(self) -> u32 {
        match self {
            Self::Feet(Feet(n)) | Self::Yards(Yards(n)) | Self::Miles(Miles(n)) => n,
        }
    }
    pub const fn unit(self) -> DistanceUnit {
        match self {
            Self::Feet(_) => DistanceUnit::Feet,
            Self::Yards(_) => DistanceUnit::Yards,
            Self::Miles(_) => DistanceUnit::Miles,
        }
    }
    /// The same distance in feet, saturating at `u32::MAX` (OSE-MEAS-01).
    pub const fn in_feet(self) -> u32 {
        match self {
            Self::Feet(Feet(n)) => n,
            Self::Yards(Yards(n)) => n.saturating_mul(FEET_PER_YARD),
            Self::Miles(Miles(n)) => n.saturating_mul(FEET_PER_MILE),
        }
    }
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Feet(v) => v.fmt(f),
            Self::Yards(v) => v.fmt(f),
            Self::Miles(v) => v.fmt(f),
        }
    }
}

impl Coins {
    /// OSE-MEAS-02: whole pounds of OSE coin weight and the coins left over.
    pub fn ose_pounds(self) -> (Pounds, Coins) {
        (
            Pounds(self.0 / OSE_COINS_PER_POUND),
            Coins(self.0 % OSE_COINS_PER_POUND),
        )
    }
    /// HYB-LOAD-02: whole pounds of HYB coins (100 to the pound) and the coins left over.
    pub fn hyb_pounds(self) -> (Pounds, Coins) {
        (
            Pounds(self.0 / HYB_COINS_PER_POUND),
            Coins(self.0 % HYB_COINS_PER_POUND),
        )
    }
    /// HYB-LOAD-02: loads taken up by this many coins. Any part-load counts as a whole load
    /// (a purse of 501 coins is two loads to carry), so the result is rounded up.
    pub fn hyb_loads(self) -> Loads {
        Loads(self.0.div_ceil(HYB_COINS_PER_LOAD))
    }
}

impl Pounds {
    /// OSE-MEAS-02: pounds to OSE coin weight (exact).
    pub fn to_ose_coins(self) -> Result<Coins> {
        self.0
            .checked_mul(OSE_COINS_PER_POUND)
            .map(Coins)
            .ok_or_else(|| overflow("weight in pounds"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ose_meas_01_distances_convert_to_feet() {
        assert_eq!(Distance::yards(140).in_feet(), 420);
        assert_eq!(Distance::feet(70).in_feet(), 70);
        assert_eq!(Distance::miles(2).in_feet(), 10_560);
        assert_eq!(Distance::miles(u32::MAX).in_feet(), u32::MAX);
    }

    #[test]
    fn distance_keeps_its_unit_and_amount() {
        for unit in [DistanceUnit::Feet, DistanceUnit::Yards, DistanceUnit::Miles] {
            let d = Distance::new(40, unit);
            assert_eq!((d.amount(), d.unit()), (40, unit));
        }
        assert_eq!(Distance::yards(30), Distance::Yards(Yards(30)));
        let json = serde_json::to_string(&Distance::feet(30)).unwrap();
        assert_eq!(json, r#"{"unit":"feet","value":30}"#);
    }
}
