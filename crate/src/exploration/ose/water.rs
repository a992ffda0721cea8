//! OSE waterborne travel (OSE-WATER-01..13, EX-OSE-06, EX-OSE-11, C-33).
//!
//! The day runs: course, losing direction, weather (wind), wandering monsters, encounters, then
//! rations, durations and crew rest (OSE-WATER-07). Which wind table applies is a preset toggle
//! (C-33): the basic one treats 11 as normal sailing, the variable one as a near gale.

use crate::dice::ChanceRoll;
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::exploration::chance::{Chance, roll_chance, roll_pool};
use crate::exploration::ose::wilderness::FEET_OF_RATE_PER_DAILY_MILE;
use crate::units::{Feet, Miles, Yards};

/// OSE-WATER-02: losing direction with a navigator.
pub const LOST_WITH_NAVIGATOR: Chance = Chance::in_six(2);
/// OSE-WATER-02: losing direction without a navigator within sight of land.
pub const LOST_NO_NAVIGATOR_IN_SIGHT_OF_LAND: Chance = Chance::in_six(2);
/// OSE-WATER-02: without a navigator on the open sea the party is always lost (100%).
pub const LOST_NO_NAVIGATOR_OPEN_SEA: Chance = Chance::in_six(6);
/// OSE-WATER-08: wandering monsters on oceans or rivers.
pub const WANDER_OCEAN_OR_RIVER: Chance = Chance::in_six(2);
/// OSE-WATER-08: wandering monsters in swamps.
pub const WANDER_SWAMP: Chance = Chance::in_six(3);
/// OSE-WATER-11: near gale, seaworthy vessel takes on water.
pub const NEAR_GALE_WATER_SEAWORTHY: Chance = Chance::percent(10);
/// OSE-WATER-11: near gale, unseaworthy vessel takes on water.
pub const NEAR_GALE_WATER_UNSEAWORTHY: Chance = Chance::percent(20);
/// OSE-WATER-12: a ship driven by a gale that reaches land wrecks on 75%.
pub const GALE_WRECK_CHANCE: Chance = Chance::percent(75);
/// OSE-WATER-13: an unseaworthy vessel in a gale is swamped and sinks on 80%.
pub const GALE_SINK_UNSEAWORTHY: Chance = Chance::percent(80);
/// OSE-WATER-13: beaching on a hazardous shore finds a safe harbor on 2-in-6.
pub const BEACH_HAZARDOUS_SHORE: Chance = Chance::in_six(2);
/// OSE-WATER-06: land is visible from 24 miles on a clear day.
pub const LAND_VISIBLE: Miles = Miles(24);
/// OSE-WATER-06: ships are seen and identified at 300 yards on a clear day …
pub const SHIP_VISIBLE_CLEAR: Yards = Yards(300);
/// … and as little as 40 yards in dense fog.
pub const SHIP_VISIBLE_FOG: Yards = Yards(40);

/// Where the vessel is.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Waters {
    Sea { in_sight_of_land: bool },
    River { downstream: bool },
    Lake,
    Swamp,
}

/// OSE-WATER-02: chance of losing direction.
pub fn water_lost_chance(waters: Waters, navigator: bool) -> Chance {
    match (waters, navigator) {
        (_, true) => LOST_WITH_NAVIGATOR,
        (
            Waters::Sea {
                in_sight_of_land: false,
            },
            false,
        ) => LOST_NO_NAVIGATOR_OPEN_SEA,
        (_, false) => LOST_NO_NAVIGATOR_IN_SIGHT_OF_LAND,
    }
}

/// OSE-WATER-08: wandering chance on the water. Lakes are not named by the source; they are
/// read with oceans and rivers.
pub fn water_wander_chance(waters: Waters) -> Chance {
    match waters {
        Waters::Swamp => WANDER_SWAMP,
        _ => WANDER_OCEAN_OR_RIVER,
    }
}

/// C-33: which wind table the preset uses.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum WindTable {
    /// OSE-WATER-09.
    #[default]
    Basic,
    /// OSE-WATER-10 [OPT].
    Variable,
}

/// Wind conditions by name.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Wind {
    NoWind,
    FaintBreeze,
    GentleBreeze,
    ModerateBreeze,
    /// The basic table's "normal sailing" (3–11) and the variable table's fresh breeze (6–8).
    Normal,
    StrongBreeze,
    HighWind,
    NearGale,
    Gale,
}

/// A fraction (numerator, denominator) applied to a movement rate.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct Factor {
    pub num: u32,
    pub den: u32,
}

const fn f(num: u32, den: u32) -> Factor {
    Factor { num, den }
}

/// One row of a wind table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindRow {
    pub low: u8,
    pub high: u8,
    pub wind: Wind,
    /// Sailing movement factor (0 = sailing impossible).
    pub sailing: Factor,
    /// Movement by oar, where the row says (no wind: 1/3 from fatigue).
    pub oars: Option<Factor>,
}

const fn w(low: u8, high: u8, wind: Wind, sailing: Factor, oars: Option<Factor>) -> WindRow {
    WindRow {
        low,
        high,
        wind,
        sailing,
        oars,
    }
}

/// OSE-WATER-09: the basic wind table, every row.
pub const BASIC_WIND_TABLE: [WindRow; 3] = [
    w(2, 2, Wind::NoWind, f(0, 1), None),
    w(3, 11, Wind::Normal, f(1, 1), None),
    w(12, 12, Wind::Gale, f(3, 1), None),
];

/// OSE-WATER-10: the variable wind table, every row.
pub const VARIABLE_WIND_TABLE: [WindRow; 9] = [
    w(2, 2, Wind::NoWind, f(0, 1), Some(f(1, 3))),
    w(3, 3, Wind::FaintBreeze, f(1, 3), None),
    w(4, 4, Wind::GentleBreeze, f(1, 2), None),
    w(5, 5, Wind::ModerateBreeze, f(2, 3), None),
    w(6, 8, Wind::Normal, f(1, 1), None),
    w(9, 9, Wind::StrongBreeze, f(4, 3), None),
    w(10, 10, Wind::HighWind, f(3, 2), None),
    w(11, 11, Wind::NearGale, f(2, 1), None),
    w(12, 12, Wind::Gale, f(3, 1), None),
];

/// The row a 2d6 total lands on.
pub fn wind_row(table: WindTable, total: u32) -> Result<WindRow> {
    let rows: &[WindRow] = match table {
        WindTable::Basic => &BASIC_WIND_TABLE,
        WindTable::Variable => &VARIABLE_WIND_TABLE,
    };
    rows.iter()
        .find(|r| (u32::from(r.low)..=u32::from(r.high)).contains(&total))
        .copied()
        .ok_or_else(|| Error::invalid_argument(format!("{total} is not a 2d6 total")))
}

/// The day's wind.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WindRoll {
    pub table: WindTable,
    pub dice: Vec<RolledDie>,
    pub total: u32,
    pub wind: Wind,
    pub sailing: Factor,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oars: Option<Factor>,
}

/// OSE-WATER-09/10: 2d6 at the start of the day.
pub fn roll_wind(table: WindTable, roller: &mut (impl DieRoller + ?Sized)) -> Result<WindRoll> {
    let (dice, total) = roll_pool(2, 6, roller)?;
    let row = wind_row(table, total)?;
    Ok(WindRoll {
        table,
        dice,
        total,
        wind: row.wind,
        sailing: row.sailing,
        oars: row.oars,
    })
}

/// OSE-WATER-12 / EX-OSE-11: the direction a gale drives a ship, clockwise from the heading.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct Drift {
    /// 0, 60, 120, 180, 240 or 300 degrees to the right of the intended heading.
    pub degrees_right: u16,
}

/// OSE-WATER-12: 1d6 face → drift, every row (1 = the intended direction, then 60° steps).
pub const GALE_DRIFT_TABLE: [(u8, u16); 6] =
    [(1, 0), (2, 60), (3, 120), (4, 180), (5, 240), (6, 300)];

/// OSE-WATER-12: drift for a d6 face.
pub fn gale_drift(face: u32) -> Result<Drift> {
    GALE_DRIFT_TABLE
        .iter()
        .find(|(fc, _)| u32::from(*fc) == face)
        .map(|(_, d)| Drift { degrees_right: *d })
        .ok_or_else(|| Error::invalid_argument(format!("{face} is not a d6 face")))
}

/// OSE-WATER-12: a gale's effect on sailing speed (×3).
pub const GALE_SPEED: Factor = f(3, 1);
/// OSE-WATER-11: a ship that takes on water loses a third of its movement until repaired.
pub const TAKING_WATER_SPEED: Factor = f(2, 3);

/// What a gale or near gale did.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum StormOutcome {
    /// OSE-WATER-11.
    NearGale {
        roll: ChanceRoll,
        took_on_water: bool,
    },
    /// OSE-WATER-12: a seaworthy ship runs with the wind.
    Driven { die: RolledDie, drift: Drift },
    /// OSE-WATER-13: an unseaworthy ship beaches (when in sight of land).
    Beached {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<ChanceRoll>,
        safe: bool,
    },
    /// OSE-WATER-13: an unseaworthy ship at the gale's mercy.
    Swamped { roll: ChanceRoll, sank: bool },
}

/// What the referee tells the storm procedure about the vessel.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct VesselState {
    pub seaworthy: bool,
    pub in_sight_of_land: bool,
    /// OSE-WATER-13: the shore is fairly clear of rocks and cliffs (beaching succeeds).
    #[serde(default)]
    pub clear_shore: bool,
}

/// OSE-WATER-11..13: resolve a near gale or gale for a sailing vessel. Returns `None` for any
/// other wind. An unseaworthy ship in sight of land tries to beach rather than ride it out.
pub fn resolve_storm(
    wind: Wind,
    vessel: VesselState,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<Option<StormOutcome>> {
    Ok(match wind {
        Wind::NearGale => {
            let chance = if vessel.seaworthy {
                NEAR_GALE_WATER_SEAWORTHY
            } else {
                NEAR_GALE_WATER_UNSEAWORTHY
            };
            let roll = roll_chance(chance, roller)?;
            Some(StormOutcome::NearGale {
                took_on_water: roll.success,
                roll,
            })
        }
        Wind::Gale if vessel.seaworthy => {
            let face = roller.roll_die(6)?;
            Some(StormOutcome::Driven {
                die: RolledDie { sides: 6, face },
                drift: gale_drift(face)?,
            })
        }
        Wind::Gale if vessel.in_sight_of_land => {
            if vessel.clear_shore {
                Some(StormOutcome::Beached {
                    roll: None,
                    safe: true,
                })
            } else {
                let roll = roll_chance(BEACH_HAZARDOUS_SHORE, roller)?;
                Some(StormOutcome::Beached {
                    safe: roll.success,
                    roll: Some(roll),
                })
            }
        }
        Wind::Gale => {
            let roll = roll_chance(GALE_SINK_UNSEAWORTHY, roller)?;
            Some(StormOutcome::Swamped {
                sank: roll.success,
                roll,
            })
        }
        _ => None,
    })
}

/// OSE-WATER-12: a driven ship reaches land: 75% it wrecks on the shore.
pub fn roll_gale_landfall(roller: &mut (impl DieRoller + ?Sized)) -> Result<ChanceRoll> {
    roll_chance(GALE_WRECK_CHANCE, roller)
}

/// A river's current for the day.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RiverCurrent {
    pub die: RolledDie,
    /// 1d6 + 6 miles.
    pub miles: Miles,
    pub downstream: bool,
}

/// OSE-WATER-05: the current changes the day's distance by 1d6 + 6 miles.
pub fn roll_current(
    downstream: bool,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<RiverCurrent> {
    let face = roller.roll_die(6)?;
    Ok(RiverCurrent {
        die: RolledDie { sides: 6, face },
        miles: Miles(face + 6),
        downstream,
    })
}

/// OSE-WATER-04: a vessel's miles per day = base movement rate ÷ 5 (rounded down).
pub fn vessel_miles_per_day(base: Feet) -> Miles {
    Miles(base.0 / FEET_OF_RATE_PER_DAILY_MILE)
}

/// How the vessel moves today.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Propulsion {
    Sail,
    Oars,
}

/// OSE-WATER-04/05/09..11: the day's distance. The base rate is scaled by the wind (sail) or,
/// for oars, only by a no-wind day's fatigue row; a ship taking on water loses a third; then the
/// current is added downstream or subtracted upstream (not below 0). Rounded down once.
pub fn water_day_distance(
    base: Feet,
    propulsion: Propulsion,
    wind: Option<&WindRoll>,
    taking_water: bool,
    current: Option<&RiverCurrent>,
) -> Miles {
    let mut num = u64::from(base.0);
    let mut den = u64::from(FEET_OF_RATE_PER_DAILY_MILE);
    let factor = match (propulsion, wind) {
        (Propulsion::Sail, Some(w)) => Some(w.sailing),
        (Propulsion::Oars, Some(w)) => w.oars,
        (_, None) => None,
    };
    if let Some(fac) = factor {
        num *= u64::from(fac.num);
        den *= u64::from(fac.den.max(1));
    }
    if taking_water {
        num *= u64::from(TAKING_WATER_SPEED.num);
        den *= u64::from(TAKING_WATER_SPEED.den);
    }
    let miles = i64::try_from(num / den).unwrap_or(i64::MAX);
    let adjusted = match current {
        Some(c) if c.downstream => miles.saturating_add(i64::from(c.miles.0)),
        Some(c) => miles.saturating_sub(i64::from(c.miles.0)),
        None => miles,
    };
    Miles(u32::try_from(adjusted.max(0)).unwrap_or(u32::MAX))
}

/// OSE-WATER-03: aquatic monsters are usually not surprised by ships; special conditions such
/// as thick fog may allow it (the referee's call, passed in).
pub const fn ship_may_surprise_aquatic_monsters(special_conditions: bool) -> bool {
    special_conditions
}
