//! HYB travel turns (HYB-TRAVEL-01..03).
//!
//! A travel turn is one hour of play. Each one the GM rolls a d20 on the Travel Turn Table,
//! with advantage when the party is cautious and disadvantage when it is not; the row names the
//! threat level. Overland the roll may be made daily instead of hourly, on a river or lake it is
//! daily, at sea weekly; torches and SUP still run down hourly.

use crate::clock::time::{SECONDS_PER_DAY, SECONDS_PER_HOUR, SECONDS_PER_WEEK, Seconds};
use crate::dice::DieRoller;
use crate::dice::{D20Roll, RollMode, roll_d20};
use crate::error::{Error, Result};

/// HYB-TRAVEL-02: the threat level a travel-turn roll names.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ThreatLevel {
    /// 1: terrible, immediate threat.
    Terrible,
    /// 2–10: something bad happens soon.
    BadSoon,
    /// 11–19: threat worsens or draws near.
    Worsens,
    /// 20: nothing bad, maybe even good.
    NothingBad,
}

/// One row of the Travel Turn Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TravelTurnRow {
    pub low: u8,
    pub high: u8,
    pub threat: ThreatLevel,
    pub meaning: &'static str,
}

/// HYB-TRAVEL-02: the Travel Turn Table, every row.
pub const TRAVEL_TURN_TABLE: [TravelTurnRow; 4] = [
    TravelTurnRow {
        low: 1,
        high: 1,
        threat: ThreatLevel::Terrible,
        meaning: "Terrible, immediate threat: accidental encounter, devastating ambush, environment worsens",
    },
    TravelTurnRow {
        low: 2,
        high: 10,
        threat: ThreatLevel::BadSoon,
        meaning: "Something bad happens soon: a subtle trap or poison, cautious enemies prepare to attack at any moment, a retainer flees or betrays",
    },
    TravelTurnRow {
        low: 11,
        high: 19,
        threat: ThreatLevel::Worsens,
        meaning: "Threat worsens or draws near: a distant threat evolves, the environment gradually grows hostile, a new potential threat arrives, something suspicious",
    },
    TravelTurnRow {
        low: 20,
        high: 20,
        threat: ThreatLevel::NothingBad,
        meaning: "Nothing bad, maybe even good",
    },
];

/// HYB-TRAVEL-02: the row a d20 face lands on.
pub fn travel_turn_row(face: u32) -> Result<TravelTurnRow> {
    TRAVEL_TURN_TABLE
        .iter()
        .find(|r| (u32::from(r.low)..=u32::from(r.high)).contains(&face))
        .copied()
        .ok_or_else(|| Error::invalid_argument(format!("{face} is not a d20 result")))
}

/// How careful the party is (HYB-TRAVEL-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum Caution {
    /// Cautious: the GM rolls with advantage (better for the party).
    Cautious,
    /// The GM rolls straight.
    #[default]
    Ordinary,
    /// Careless: the GM rolls with disadvantage.
    Careless,
}

impl Caution {
    pub const fn advantage(self) -> RollMode {
        match self {
            Caution::Cautious => RollMode::Advantage,
            Caution::Ordinary => RollMode::Normal,
            Caution::Careless => RollMode::Disadvantage,
        }
    }
}

/// A travel turn rolled.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TravelTurnRoll {
    pub caution: Caution,
    pub roll: D20Roll,
    pub threat: ThreatLevel,
}

/// HYB-TRAVEL-02: rolls the Travel Turn Table.
pub fn roll_travel_turn(
    caution: Caution,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<TravelTurnRoll> {
    let roll = roll_d20(caution.advantage(), roller)?;
    let threat = travel_turn_row(roll.natural)?.threat;
    Ok(TravelTurnRoll {
        caution,
        roll,
        threat,
    })
}

/// Where a HYB party is travelling (HYB-TRAVEL-01/03).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum HybTravelMode {
    Dungeon,
    Overland,
    RiverOrLake,
    Sea,
}

/// HYB-TRAVEL-03: how often the Travel Turn Table is rolled. Overland the GM may roll hourly
/// or daily (`overland_daily`); dungeons are hourly, rivers and lakes daily, the sea weekly.
pub const fn travel_roll_interval(mode: HybTravelMode, overland_daily: bool) -> Seconds {
    Seconds(match mode {
        HybTravelMode::Dungeon => SECONDS_PER_HOUR,
        HybTravelMode::Overland if !overland_daily => SECONDS_PER_HOUR,
        HybTravelMode::Overland | HybTravelMode::RiverOrLake => SECONDS_PER_DAY,
        HybTravelMode::Sea => SECONDS_PER_WEEK,
    })
}

/// HYB-TRAVEL-03: light and SUP run down every hour, whatever the mode.
pub const RESOURCE_TICK: Seconds = Seconds(SECONDS_PER_HOUR);

/// HYB-TRAVEL-01: in a dungeon every 3–4 scenes, rooms or encounters count as one hour. The
/// exact number is the GM's ([ADJ]); this is the range accepted.
pub const SCENES_PER_TRAVEL_TURN: core::ops::RangeInclusive<u8> = 3..=4;

/// HYB-TRAVEL-01 [ADJ]: whether `scenes` dungeon scenes make a travel turn, at the GM's
/// `per_turn` (3 or 4).
pub fn scenes_make_travel_turn(scenes: u8, per_turn: u8) -> Result<bool> {
    if !SCENES_PER_TRAVEL_TURN.contains(&per_turn) {
        return Err(Error::invalid_argument(format!(
            "a travel turn is 3 or 4 scenes, not {per_turn}"
        )));
    }
    Ok(scenes >= per_turn)
}
