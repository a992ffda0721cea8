//! OSE wilderness travel (OSE-WILD-01..16, OSE-HAZ-03, EX-OSE-05, EX-OSE-15).
//!
//! The day runs: decide the course, check for losing direction, check for wandering monsters,
//! describe and play encounters, then update rations, durations and the need to rest
//! (OSE-WILD-06). Outdoors, ranges and movement are in yards (OSE-WILD-01; see
//! [`crate::units::Feet::read_as_outdoor_yards`]).

use crate::dice::ChanceRoll;
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::exploration::chance::{Chance, roll_chance, roll_pool};
use crate::units::{Feet, Miles, Yards};

pub use crate::procedures::ose::movement::FEET_OF_RATE_PER_DAILY_MILE;
/// OSE-WILD-14: most wandering checks a referee makes in a day.
pub const MAX_WANDER_CHECKS_PER_DAY: u8 = 4;
/// OSE-WILD-11: one day of rest per 6 days of travel.
pub const TRAVEL_DAYS_PER_REST: u32 = 6;
/// OSE-WILD-11: −1 to hit and damage when pressing on.
pub const NO_REST_PENALTY: i32 = -1;
/// OSE-WILD-04: foraging finds food on 1-in-6 …
pub const FORAGE_CHANCE: Chance = Chance::in_six(1);
/// OSE-WILD-05: hunting meets edible animals on 1-in-6.
pub const HUNT_CHANCE: Chance = Chance::in_six(1);
/// OSE-WILD-13: visibility in open terrain, about 3 miles ([ADJ]: less in forest, more from a
/// mountaintop).
pub const OPEN_TERRAIN_VISIBILITY: Miles = Miles(3);
/// OSE-WILD-12: surprised by this many monsters or more, the party may be encircled.
pub const ENCIRCLEMENT_MIN_MONSTERS: u32 = 3;

/// Wilderness terrain. "Woods" (OSE-WILD-07) and "forest" (OSE-WILD-09/15) are read as one.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum OseTerrain {
    Clear,
    Grasslands,
    City,
    SettledLands,
    Barren,
    BrokenLands,
    Hills,
    Mountains,
    Forest,
    Desert,
    Jungle,
    Swamp,
    /// Travelling by air (wandering chance only; terrain does not slow flyers).
    Aerial,
}

/// OSE-WILD-09: a terrain's effect on daily distance.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum TerrainSpeed {
    Normal,
    /// "33% slower".
    ThirdSlower,
    /// "50% slower".
    HalfSlower,
}

/// One terrain row: chance of getting lost (OSE-WILD-07), chance of wandering monsters
/// (OSE-WILD-15) and speed (OSE-WILD-09). `None` where the source gives no value for the
/// terrain (then the caller supplies one or skips the check).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TerrainRow {
    pub terrain: OseTerrain,
    pub lost_in_six: Option<u8>,
    pub wander_in_six: Option<u8>,
    pub speed: TerrainSpeed,
}

const fn row(
    terrain: OseTerrain,
    lost: Option<u8>,
    wander: Option<u8>,
    speed: TerrainSpeed,
) -> TerrainRow {
    TerrainRow {
        terrain,
        lost_in_six: lost,
        wander_in_six: wander,
        speed,
    }
}

/// OSE-WILD-07, -09, -15 together, every row.
pub const OSE_TERRAIN_TABLE: [TerrainRow; 13] = [
    row(OseTerrain::Clear, Some(1), Some(1), TerrainSpeed::Normal),
    row(
        OseTerrain::Grasslands,
        Some(1),
        Some(1),
        TerrainSpeed::Normal,
    ),
    row(OseTerrain::City, None, Some(1), TerrainSpeed::Normal),
    row(
        OseTerrain::SettledLands,
        None,
        Some(1),
        TerrainSpeed::Normal,
    ),
    row(OseTerrain::Barren, Some(2), Some(2), TerrainSpeed::Normal),
    row(
        OseTerrain::BrokenLands,
        None,
        None,
        TerrainSpeed::ThirdSlower,
    ),
    row(
        OseTerrain::Hills,
        Some(2),
        Some(2),
        TerrainSpeed::ThirdSlower,
    ),
    row(
        OseTerrain::Mountains,
        Some(2),
        Some(3),
        TerrainSpeed::HalfSlower,
    ),
    row(
        OseTerrain::Forest,
        Some(2),
        Some(2),
        TerrainSpeed::ThirdSlower,
    ),
    row(
        OseTerrain::Desert,
        Some(3),
        Some(2),
        TerrainSpeed::ThirdSlower,
    ),
    row(
        OseTerrain::Jungle,
        Some(3),
        Some(3),
        TerrainSpeed::HalfSlower,
    ),
    row(
        OseTerrain::Swamp,
        Some(3),
        Some(3),
        TerrainSpeed::HalfSlower,
    ),
    row(OseTerrain::Aerial, None, Some(2), TerrainSpeed::Normal),
];

/// The table row for a terrain.
pub fn terrain_row(terrain: OseTerrain) -> TerrainRow {
    OSE_TERRAIN_TABLE
        .iter()
        .find(|r| r.terrain == terrain)
        .copied()
        .unwrap_or(row(terrain, None, None, TerrainSpeed::Normal))
}

/// OSE-WILD-07: chance of losing direction in a terrain, if the source gives one.
pub fn lost_chance(terrain: OseTerrain) -> Option<Chance> {
    terrain_row(terrain).lost_in_six.map(Chance::in_six)
}

/// OSE-WILD-15: chance of wandering monsters in a terrain, if the source gives one.
pub fn wander_chance(terrain: OseTerrain) -> Option<Chance> {
    terrain_row(terrain).wander_in_six.map(Chance::in_six)
}

/// [AMBIG] OSE-WILD-09 / G-46: how "33% slower" is read.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum ThirdSlowerReading {
    /// × 2/3 (docs/rules.md's reading).
    #[default]
    TwoThirds,
    /// × 0.67.
    SixtySevenPercent,
}

/// How the party goes this day.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum MarchPace {
    #[default]
    Normal,
    /// OSE-WILD-10: +50%, then a full day's rest.
    Forced,
}

/// The day's route.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseRoute {
    pub terrain: OseTerrain,
    /// OSE-WILD-09: on a maintained road the party goes 50% faster; the road's speed replaces
    /// the terrain's.
    #[serde(default)]
    pub road: bool,
    #[serde(default)]
    pub pace: MarchPace,
    /// OSE-WILD-02: flying covers twice the overland distance and ignores terrain.
    #[serde(default)]
    pub flying: bool,
}

/// OSE-WILD-08/09/10/02: miles travelled in a day by a party of base movement rate `base`
/// (feet per turn). Factors are applied exactly and the result is rounded down once (G-46).
pub fn ose_miles_per_day(
    base: Feet,
    route: OseRoute,
    reading: ThirdSlowerReading,
) -> Result<Miles> {
    if base.0 > 10_000 {
        return Err(Error::invalid_argument(format!(
            "a movement rate of {base} is beyond 10,000 ft"
        )));
    }
    let mut num: u64 = u64::from(base.0);
    let mut den: u64 = u64::from(FEET_OF_RATE_PER_DAILY_MILE);
    let mut apply = |n: u64, d: u64| {
        num *= n;
        den *= d;
    };
    if route.flying {
        apply(2, 1);
    } else if route.road {
        apply(3, 2);
    } else {
        match terrain_row(route.terrain).speed {
            TerrainSpeed::Normal => {}
            TerrainSpeed::ThirdSlower => match reading {
                ThirdSlowerReading::TwoThirds => apply(2, 3),
                ThirdSlowerReading::SixtySevenPercent => apply(67, 100),
            },
            TerrainSpeed::HalfSlower => apply(1, 2),
        }
    }
    if route.pace == MarchPace::Forced {
        apply(3, 2);
    }
    Ok(Miles(u32::try_from(num / den).unwrap_or(u32::MAX)))
}

/// OSE-MOVE-01: a party moves at its slowest member's rate.
pub fn party_rate(rates: &[Feet]) -> Result<Feet> {
    rates
        .iter()
        .copied()
        .min()
        .ok_or_else(|| Error::invalid_argument("a party needs at least one member"))
}

/// A wilderness encounter distance (OSE-WILD-16, OSE-WATER-08).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OutdoorDistance {
    pub dice: Vec<RolledDie>,
    pub surprised: bool,
    pub distance: Yards,
}

/// OSE-WILD-16 / OSE-WATER-08: 4d6 × 10 yards, or 1d4 × 10 yards if either side is surprised.
pub fn roll_outdoor_encounter_distance(
    either_side_surprised: bool,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<OutdoorDistance> {
    let (dice, sum) = if either_side_surprised {
        roll_pool(1, 4, roller)?
    } else {
        roll_pool(4, 6, roller)?
    };
    Ok(OutdoorDistance {
        dice,
        surprised: either_side_surprised,
        distance: Yards(sum * 10),
    })
}

/// OSE-WILD-14: validates the referee's number of wandering checks for the day (1–4).
pub fn check_wander_count(count: u8) -> Result<u8> {
    if (1..=MAX_WANDER_CHECKS_PER_DAY).contains(&count) {
        Ok(count)
    } else {
        Err(Error::invalid_argument(format!(
            "1 to {MAX_WANDER_CHECKS_PER_DAY} wandering checks a day, not {count}"
        )))
    }
}

/// The travel-day counters the journey keeps (OSE-WILD-10/11).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WildernessClock {
    pub days: u32,
    /// Travel days since the last full day of rest.
    pub days_since_rest: u32,
    /// OSE-WILD-10: after a forced march the next day must be rest.
    pub must_rest: bool,
    /// OSE-WILD-11: pressing on past 6 travel days: −1 to hit and damage until a rest day.
    pub fatigued: bool,
}

/// What the party does with a day.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum DayActivity {
    Travel,
    /// OSE-WILD-05: the whole day hunting (no travel or rest).
    Hunt,
    /// A full day of rest.
    Rest,
}

impl WildernessClock {
    /// Refuses a day the rules do not allow (travelling or hunting the day after a forced march).
    pub fn check_day(&self, activity: DayActivity) -> Result<()> {
        if self.must_rest && activity != DayActivity::Rest {
            return Err(Error::not_allowed(
                "after a forced march the characters must rest a full day (OSE-WILD-10)",
            ));
        }
        Ok(())
    }

    /// The counters after a day. Hunting is neither travel nor rest, so it does not reset the
    /// rest count but is not counted as a travel day either.
    pub fn after_day(self, activity: DayActivity, pace: MarchPace) -> WildernessClock {
        let days = self.days.saturating_add(1);
        match activity {
            DayActivity::Rest => WildernessClock {
                days,
                days_since_rest: 0,
                must_rest: false,
                fatigued: false,
            },
            DayActivity::Hunt => WildernessClock { days, ..self },
            DayActivity::Travel => {
                let since = self.days_since_rest.saturating_add(1);
                WildernessClock {
                    days,
                    days_since_rest: since,
                    must_rest: pace == MarchPace::Forced,
                    fatigued: self.fatigued || since > TRAVEL_DAYS_PER_REST,
                }
            }
        }
    }

    pub fn attack_damage_modifier(&self) -> i32 {
        if self.fatigued { NO_REST_PENALTY } else { 0 }
    }
}

/// Foraging or hunting for food.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FoodFound {
    pub roll: ChanceRoll,
    /// OSE-WILD-04: food for 1d6 human-sized beings when foraging succeeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feeds: Option<(RolledDie, u32)>,
}

/// OSE-WILD-04: foraging alongside travel: 1-in-6 to find food for 1d6 human-sized beings.
pub fn roll_forage(roller: &mut (impl DieRoller + ?Sized)) -> Result<FoodFound> {
    let roll = roll_chance(FORAGE_CHANCE, roller)?;
    let feeds = if roll.success {
        let face = roller.roll_die(6)?;
        Some((RolledDie { sides: 6, face }, face))
    } else {
        None
    };
    Ok(FoodFound { roll, feeds })
}

/// OSE-WILD-05: a day's hunting: 1-in-6 to meet animals that could be eaten (if caught).
pub fn roll_hunt(roller: &mut (impl DieRoller + ?Sized)) -> Result<ChanceRoll> {
    roll_chance(HUNT_CHANCE, roller)
}

/// OSE-WILD-03: what a flying mount can carry.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum FlyingLoad {
    /// A being about half the size of an adult human.
    HalfHuman,
    AdultHuman,
    /// A large animal such as a horse.
    LargeAnimal,
    /// A very large animal such as an elephant.
    VeryLargeAnimal,
}

/// OSE-WILD-03: HD needed to carry each load, every row.
pub const FLYING_MOUNT_TABLE: [(u32, FlyingLoad); 4] = [
    (3, FlyingLoad::HalfHuman),
    (6, FlyingLoad::AdultHuman),
    (12, FlyingLoad::LargeAnimal),
    (24, FlyingLoad::VeryLargeAnimal),
];

/// OSE-WILD-03: the largest load a flyer of `hd` HD can carry, if any.
pub fn flying_mount_capacity(hd: u32) -> Option<FlyingLoad> {
    FLYING_MOUNT_TABLE
        .iter()
        .filter(|(need, _)| hd >= *need)
        .map(|(_, load)| *load)
        .next_back()
}

/// OSE-WILD-12: a party surprised by 3 or more monsters may have been encircled.
pub fn may_be_encircled(party_surprised: bool, monsters: u32) -> bool {
    party_surprised && monsters >= ENCIRCLEMENT_MIN_MONSTERS
}

/// OSE-HAZ-03: following a trail, road or landmark, or a reliable guide, prevents getting lost.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Wayfinding {
    #[serde(default)]
    pub following_trail_road_or_landmark: bool,
    #[serde(default)]
    pub reliable_guide: bool,
}

impl Wayfinding {
    pub fn cannot_get_lost(&self) -> bool {
        self.following_trail_road_or_landmark || self.reliable_guide
    }

    /// Neither a way to follow nor a guide: the getting-lost check is rolled.
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}
