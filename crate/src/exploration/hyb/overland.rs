//! HYB overland and overwater distances (HYB-TRAVEL-04..06, EX-HYB-06, EX-HYB-12, C-35).
//!
//! Overland: 10 + STR modifier miles a day; difficult terrain halves it, harsh quarters it;
//! dim light counts as difficult and darkness as harsh; encumbered halves; tactical movement
//! −¼, stealthy −½; a party moves at its slowest member's pace.
//!
//! Rounding is not given (HYB-TRAVEL-04 [AMBIG]). Every factor is applied exactly as a
//! fraction and the day's distance is rounded **down** once, at the end, to whole miles; a
//! result is never below 0.

use crate::clock::light::LightLevel;
use crate::error::{Error, Result};
use crate::units::Miles;

/// HYB-TRAVEL-04: base miles a day before the STR modifier.
pub const OVERLAND_BASE_MILES: i32 = 10;

/// HYB-TRAVEL-04: the going.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum HybTerrain {
    #[default]
    Open,
    /// Halves the distance (also harsh weather, snow or heat as the GM rules).
    Difficult,
    /// Quarters the distance.
    Harsh,
}

impl HybTerrain {
    /// HYB-TRAVEL-04: dim light counts as difficult terrain, darkness as harsh.
    pub const fn from_light(level: LightLevel) -> HybTerrain {
        match level {
            LightLevel::Darkness => HybTerrain::Harsh,
            LightLevel::Dim => HybTerrain::Difficult,
            LightLevel::Bright | LightLevel::Brilliant => HybTerrain::Open,
        }
    }
    /// The factor as (numerator, denominator).
    pub const fn factor(self) -> (i64, i64) {
        match self {
            HybTerrain::Open => (1, 1),
            HybTerrain::Difficult => (1, 2),
            HybTerrain::Harsh => (1, 4),
        }
    }
}

/// HYB-TRAVEL-05: how the party moves.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum HybPace {
    #[default]
    Normal,
    /// −¼ speed.
    Tactical,
    /// −½ speed.
    Stealthy,
}

impl HybPace {
    pub const fn factor(self) -> (i64, i64) {
        match self {
            HybPace::Normal => (1, 1),
            HybPace::Tactical => (3, 4),
            HybPace::Stealthy => (1, 2),
        }
    }
}

/// One traveller's inputs.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybTraveller {
    pub str_modifier: i32,
    #[serde(default)]
    pub encumbered: bool,
}

/// The day's conditions shared by the party.
/// `light` has no default: darkness quarters the day, so the caller must say.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybDayConditions {
    #[serde(default)]
    pub terrain: HybTerrain,
    /// The light the party travels in.
    pub light: LightLevel,
    #[serde(default)]
    pub pace: HybPace,
}

impl HybDayConditions {
    /// Open ground in daylight at a normal pace.
    pub const fn daylight() -> HybDayConditions {
        HybDayConditions {
            terrain: HybTerrain::Open,
            light: LightLevel::Bright,
            pace: HybPace::Normal,
        }
    }
    /// The going that applies: the worse of the terrain and what the light makes it
    /// (HYB-TRAVEL-04). Dim light on difficult ground is still difficult, not quartered.
    pub fn effective_terrain(&self) -> HybTerrain {
        self.terrain.max(HybTerrain::from_light(self.light))
    }
}

/// HYB-TRAVEL-04/05: one traveller's miles for the day.
pub fn hyb_miles_per_day(t: HybTraveller, day: HybDayConditions) -> Result<Miles> {
    if t.str_modifier.abs() > 10 {
        return Err(Error::invalid_argument(format!(
            "a STR modifier of {} is outside −10..=10",
            t.str_modifier
        )));
    }
    let base = i64::from(OVERLAND_BASE_MILES + t.str_modifier).max(0);
    let (tn, td) = day.effective_terrain().factor();
    let (pn, pd) = day.pace.factor();
    let (en, ed) = if t.encumbered { (1, 2) } else { (1, 1) };
    let miles = base * tn * pn * en / (td * pd * ed);
    Ok(Miles(u32::try_from(miles.max(0)).unwrap_or(0)))
}

/// HYB-TRAVEL-05: a party that stays together moves at its slowest member's pace.
pub fn hyb_party_miles_per_day(party: &[HybTraveller], day: HybDayConditions) -> Result<Miles> {
    let mut slowest: Option<Miles> = None;
    for t in party {
        let m = hyb_miles_per_day(*t, day)?;
        slowest = Some(slowest.map_or(m, |s| s.min(m)));
    }
    slowest.ok_or_else(|| Error::invalid_argument("a party needs at least one traveller"))
}

/// HYB-TRAVEL-06: what floats.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum HybVessel {
    /// A boat on smooth water: 3 mph, about 30 miles a day.
    Boat,
    /// A ship at sea: 5 mph, up to 100 miles per full day and night.
    Ship,
}

/// HYB-TRAVEL-06: wind or current.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum WaterFlow {
    /// Halves speed.
    Unfavorable,
    #[default]
    Neutral,
    /// Doubles speed.
    Favorable,
}

/// A speed in tenths of a mile per hour (HYB's 1.5 mph against the current needs a fraction).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub struct MphTenths {
    pub tenths: u32,
}

impl core::fmt::Display for MphTenths {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}.{} mph", self.tenths / 10, self.tenths % 10)
    }
}

/// HYB-TRAVEL-06 / C-35: the hourly and the daily figure are separate constants (3 × 24 is not
/// 30, 5 × 24 is not 100), so both are reported.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WaterSpeed {
    pub per_hour: MphTenths,
    /// Whole miles a day (rounded down after halving).
    pub per_day: Miles,
}

/// HYB-TRAVEL-06: hourly speed (tenths of a mile) and daily distance of each vessel.
pub const fn vessel_base(vessel: HybVessel) -> (u32, u32) {
    match vessel {
        HybVessel::Boat => (30, 30),
        HybVessel::Ship => (50, 100),
    }
}

/// HYB-TRAVEL-06: speed on the water with the wind or current.
pub fn hyb_water_speed(vessel: HybVessel, flow: WaterFlow) -> WaterSpeed {
    let (hour, day) = vessel_base(vessel);
    let (n, d) = match flow {
        WaterFlow::Unfavorable => (1, 2),
        WaterFlow::Neutral => (1, 1),
        WaterFlow::Favorable => (2, 1),
    };
    WaterSpeed {
        per_hour: MphTenths {
            tenths: hour * n / d,
        },
        per_day: Miles(day * n / d),
    }
}
