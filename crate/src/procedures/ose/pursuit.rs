//! OSE pursuits (OSE-PURSUIT-01, -03, -04): small state machines for a pursuit after a failed
//! evasion. The dungeon and waterborne pursuits run round by round; the wilderness pursuit runs
//! day by day. Every call either fails and leaves the pursuit untouched, or advances it and
//! returns what happened, with every die.

use crate::dice::DieRoller;
use crate::error::{Error, Result};
use crate::procedures::limits::{MAX_DISTANCE, check_speed};
use crate::procedures::ose::encounter::{EncounterLocation, roll_encounter_distance};
use crate::procedures::ose::evasion::{
    EvasionOutcome, WildernessEvasion, WildernessEvasionInput, WildernessSurprise,
    roll_wilderness_evasion, wilderness_evasion_plan,
};
use crate::procedures::ose::movement::MovementRate;
use crate::procedures::ose::running::RUNNING_ROUNDS_BEFORE_EXHAUSTION;
use crate::procedures::rolls::{InSixRoll, Percent, PercentileRoll, roll_in_six, roll_percent};
use crate::units::Distance;

/// Where a pursuit stands.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum PursuitStatus {
    Ongoing,
    /// The fleeing side was caught.
    Caught,
    /// The fleeing side got away.
    Escaped {
        reason: EscapeReason,
    },
}

/// Why a pursuit ended with the fleeing side free.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum EscapeReason {
    /// The pursuers stopped for dropped treasure (OSE-PURSUIT-01).
    TreasureDropped,
    /// The pursuers stopped for dropped food (OSE-PURSUIT-01).
    FoodDropped,
    /// The referee ruled the pursuers gave up, e.g. out of sight (OSE-PURSUIT-01).
    OutOfSight,
    /// An obstacle such as burning oil stopped the pursuit (OSE-PURSUIT-01, referee's call).
    Obstacle,
    /// A new evasion roll succeeded (OSE-PURSUIT-04, G-47).
    Evaded,
}

fn ensure_ongoing(status: PursuitStatus) -> Result<()> {
    if status != PursuitStatus::Ongoing {
        return Err(Error::out_of_order("this pursuit is already over"));
    }
    Ok(())
}

fn check_gap(gap: u32) -> Result<u32> {
    if gap > MAX_DISTANCE {
        return Err(Error::invalid_argument(format!(
            "a pursuit gap must be at most {MAX_DISTANCE}, not {gap}"
        )));
    }
    Ok(gap)
}

/// OSE-PURSUIT-01: a treasure-loving pursuer stops for dropped treasure on 3-in-6; a hungry or
/// less intelligent one stops for dropped food on 3-in-6.
pub const DROPPED_ITEM_STOPS_IN_SIX: u32 = 3;

/// What was dropped to distract the pursuers.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum DroppedItem {
    Treasure,
    Food,
}

/// The result of dropping something during a dungeon pursuit.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DistractionResult {
    pub item: DroppedItem,
    /// No roll when the pursuers do not care for the item.
    pub roll: Option<InSixRoll>,
    pub pursuers_stop: bool,
}

/// One round of a dungeon pursuit.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DungeonPursuitRound {
    pub round: u32,
    /// Feet the pursuers gained this round (negative: the fleeing side pulled away).
    pub gained_feet: i64,
    pub gap: Distance,
    /// Both sides have now run 30 rounds: running characters are exhausted (OSE-PURSUIT-02).
    pub runners_exhausted: bool,
    pub status: PursuitStatus,
}

/// OSE-PURSUIT-01/02: a dungeon pursuit, round by round. Both sides run at full speed (their
/// base rate in feet per round), so each round the gap changes by the difference between the
/// two rates; the fleeing side is caught when it reaches 0. The pursuit also ends when the
/// pursuers stop for dropped treasure or food, or when the referee rules they give up (out of
/// sight) or an obstacle stops them.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DungeonPursuit {
    pub fleeing_rate: MovementRate,
    pub pursuer_rate: MovementRate,
    /// Feet between the sides.
    pub gap_feet: u32,
    /// Rounds run so far.
    pub round: u32,
    pub status: PursuitStatus,
}

impl DungeonPursuit {
    /// Start at `gap_feet` (usually the encounter distance).
    pub fn new(
        fleeing_rate: MovementRate,
        pursuer_rate: MovementRate,
        gap_feet: u32,
    ) -> Result<Self> {
        Ok(Self {
            fleeing_rate: fleeing_rate.validate()?,
            pursuer_rate: pursuer_rate.validate()?,
            gap_feet: check_gap(gap_feet)?,
            round: 0,
            status: PursuitStatus::Ongoing,
        })
    }

    /// Run one round.
    pub fn run_round(&mut self) -> Result<DungeonPursuitRound> {
        ensure_ongoing(self.status)?;
        let gained = i64::from(self.pursuer_rate.running_per_round().0)
            - i64::from(self.fleeing_rate.running_per_round().0);
        let gap = (i64::from(self.gap_feet) - gained).clamp(0, i64::from(MAX_DISTANCE));
        self.gap_feet = u32::try_from(gap).unwrap_or(MAX_DISTANCE);
        self.round = self.round.saturating_add(1);
        if self.gap_feet == 0 {
            self.status = PursuitStatus::Caught;
        }
        Ok(DungeonPursuitRound {
            round: self.round,
            gained_feet: gained,
            gap: Distance::feet(self.gap_feet),
            runners_exhausted: self.round >= RUNNING_ROUNDS_BEFORE_EXHAUSTION,
            status: self.status,
        })
    }

    /// Drop treasure or food. `pursuers_care` is the referee's finding that the pursuers enjoy
    /// treasure (for treasure) or are hungry or less intelligent (for food); if not, nothing is
    /// rolled and the pursuit goes on.
    pub fn drop_item(
        &mut self,
        roller: &mut dyn DieRoller,
        item: DroppedItem,
        pursuers_care: bool,
    ) -> Result<DistractionResult> {
        ensure_ongoing(self.status)?;
        let roll = if pursuers_care {
            Some(roll_in_six(roller, DROPPED_ITEM_STOPS_IN_SIX)?)
        } else {
            None
        };
        let pursuers_stop = roll.is_some_and(|r| r.success);
        if pursuers_stop {
            self.status = PursuitStatus::Escaped {
                reason: match item {
                    DroppedItem::Treasure => EscapeReason::TreasureDropped,
                    DroppedItem::Food => EscapeReason::FoodDropped,
                },
            };
        }
        Ok(DistractionResult {
            item,
            roll,
            pursuers_stop,
        })
    }

    /// The referee ends the pursuit: most monsters give up once the characters are out of sight;
    /// burning oil or other obstacles may stop them. Only those two reasons are accepted here.
    pub fn referee_stops(&mut self, reason: EscapeReason) -> Result<PursuitStatus> {
        ensure_ongoing(self.status)?;
        if !matches!(reason, EscapeReason::OutOfSight | EscapeReason::Obstacle) {
            return Err(Error::invalid_argument(
                "the referee stops a dungeon pursuit for being out of sight or for an obstacle",
            ));
        }
        self.status = PursuitStatus::Escaped { reason };
        Ok(self.status)
    }
}

/// OSE-PURSUIT-03 / G-44: how the waterborne closing rule's units are read.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum WaterPursuitUnits {
    /// docs/rules.md's reading: outdoors every distance is in yards (OSE-ENC-05), so the rate
    /// difference and the 30 minimum are yards per round, like the encounter distance.
    #[default]
    OutdoorYards,
    /// The source's literal feet: the gap is kept in feet (yards × 3) and closes by the rate
    /// difference in feet, at least 30 ft per round.
    LiteralFeet,
}

/// OSE-PURSUIT-03: the gap closes by at least this much per round (G-44: in the pursuit's unit).
pub const WATER_MIN_CLOSING: u32 = 30;

/// One round of a waterborne pursuit.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WaterbornePursuitRound {
    pub round: u32,
    /// How much the gap closed this round.
    pub closed: Distance,
    pub gap: Distance,
    pub status: PursuitStatus,
}

/// OSE-PURSUIT-03: a waterborne pursuit, round by round. It starts at the waterborne encounter
/// distance; each round the gap shrinks by the difference between the rates, with a minimum;
/// the fleeing vessel is caught when the gap reaches 0.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WaterbornePursuit {
    /// Fleeing side's rate per round (⅓ of the base rate). Under
    /// [`WaterPursuitUnits::OutdoorYards`] it is read in yards, like every outdoor distance.
    pub fleeing_per_round: u32,
    /// Pursuers' rate per round, in the same unit.
    pub pursuers_per_round: u32,
    /// Minimum closing per round, in the gap's unit (default 30, G-44).
    pub min_closing: u32,
    pub gap: Distance,
    pub round: u32,
    pub status: PursuitStatus,
}

impl WaterbornePursuit {
    /// Start with a known gap. In [`WaterPursuitUnits::LiteralFeet`] a gap in yards (or miles)
    /// is turned into feet; in [`WaterPursuitUnits::OutdoorYards`] a gap in miles is turned into
    /// yards and a gap in feet is refused.
    pub fn new(
        fleeing_per_round: u32,
        pursuers_per_round: u32,
        gap: Distance,
        units: WaterPursuitUnits,
        min_closing: u32,
    ) -> Result<Self> {
        check_speed("fleeing speed", fleeing_per_round)?;
        check_speed("pursuers' speed", pursuers_per_round)?;
        check_gap(min_closing)?;
        let gap = match (units, gap) {
            (WaterPursuitUnits::OutdoorYards, Distance::Yards(_)) => gap,
            (WaterPursuitUnits::OutdoorYards, Distance::Miles(miles)) => {
                Distance::Yards(miles.to_yards()?)
            }
            (WaterPursuitUnits::OutdoorYards, Distance::Feet(_)) => {
                return Err(Error::invalid_argument(
                    "waterborne distances are in yards under the outdoor reading",
                ));
            }
            (WaterPursuitUnits::LiteralFeet, _) => Distance::feet(gap.in_feet()),
        };
        check_gap(gap.amount())?;
        Ok(Self {
            fleeing_per_round,
            pursuers_per_round,
            min_closing,
            gap,
            round: 0,
            status: PursuitStatus::Ongoing,
        })
    }

    /// Start at a freshly rolled waterborne encounter distance (4d6 × 10 yd, or 1d4 × 10 yd if
    /// either side was surprised), with the default 30 minimum. Returns the pursuit and the
    /// distance dice.
    pub fn start(
        roller: &mut dyn DieRoller,
        fleeing_per_round: u32,
        pursuers_per_round: u32,
        either_side_surprised: bool,
        units: WaterPursuitUnits,
    ) -> Result<(Self, crate::procedures::ose::encounter::EncounterDistance)> {
        check_speed("fleeing speed", fleeing_per_round)?;
        check_speed("pursuers' speed", pursuers_per_round)?;
        let distance =
            roll_encounter_distance(roller, EncounterLocation::Waterborne, either_side_surprised)?;
        let pursuit = Self::new(
            fleeing_per_round,
            pursuers_per_round,
            distance.distance,
            units,
            WATER_MIN_CLOSING,
        )?;
        Ok((pursuit, distance))
    }

    /// Run one round.
    pub fn run_round(&mut self) -> Result<WaterbornePursuitRound> {
        ensure_ongoing(self.status)?;
        let difference = self
            .pursuers_per_round
            .saturating_sub(self.fleeing_per_round);
        let closing = difference.max(self.min_closing);
        let (gap, unit) = (self.gap.amount(), self.gap.unit());
        let closed = closing.min(gap);
        self.gap = Distance::new(gap.saturating_sub(closing), unit);
        self.round = self.round.saturating_add(1);
        if self.gap.amount() == 0 {
            self.status = PursuitStatus::Caught;
        }
        Ok(WaterbornePursuitRound {
            round: self.round,
            closed: Distance::new(closed, unit),
            gap: self.gap,
            status: self.status,
        })
    }
}

/// Which step of the day a wilderness pursuit is at.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum WildernessPursuitStep {
    /// Steps 1–2: the fleeing side moves in a random direction (the referee's choice; no mapping
    /// possible), and faster pursuers may catch up.
    CatchUp,
    /// Step 3: the fleeing side decides whether to keep fleeing.
    Decide,
    /// The pursuit is over.
    Over,
}

/// OSE-PURSUIT-04 step 2: faster pursuers catch up on this chance each day.
pub const CATCH_UP_CHANCE: u32 = 50;

/// The result of steps 1–2 of one day.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CatchUpResult {
    pub day: u32,
    /// Whether the pursuers' rate is greater; if not, no roll is made (step 2 skipped).
    pub pursuers_faster: bool,
    pub roll: Option<PercentileRoll>,
    pub caught: bool,
}

/// The result of step 3 of one day.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DecisionResult {
    pub day: u32,
    pub keeps_fleeing: bool,
    /// The new evasion attempt, if the fleeing side kept fleeing.
    pub evasion: Option<WildernessEvasion>,
    pub status: PursuitStatus,
}

/// OSE-PURSUIT-04: a wilderness pursuit, day by day: (1) the fleeing side moves in a random
/// direction; (2) if the pursuers are faster they catch up on 50%; (3) the fleeing side stops
/// (caught) or makes a new evasion roll: success ends the pursuit (G-47), failure starts the
/// next day.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WildernessPursuit {
    /// The group sizes, rates and environment used for each new evasion roll. Later rolls are
    /// made with no one surprised: surprise belongs to the opening of the encounter.
    pub evasion: WildernessEvasionInput,
    pub day: u32,
    pub step: WildernessPursuitStep,
    pub status: PursuitStatus,
}

impl WildernessPursuit {
    /// Begin at day 1, step 1.
    pub fn new(evasion: WildernessEvasionInput) -> Result<Self> {
        let evasion = WildernessEvasionInput {
            surprise: WildernessSurprise::NoneSurprised,
            ..evasion
        };
        wilderness_evasion_plan(&evasion)?;
        Ok(Self {
            evasion,
            day: 1,
            step: WildernessPursuitStep::CatchUp,
            status: PursuitStatus::Ongoing,
        })
    }

    /// Steps 1–2 of the current day.
    pub fn catch_up(&mut self, roller: &mut dyn DieRoller) -> Result<CatchUpResult> {
        ensure_ongoing(self.status)?;
        if self.step != WildernessPursuitStep::CatchUp {
            return Err(Error::out_of_order(
                "the fleeing side must decide whether to keep fleeing first",
            ));
        }
        let pursuers_faster = self.evasion.pursuer_rate > self.evasion.fleeing_rate;
        let roll = if pursuers_faster {
            Some(roll_percent(roller, Percent::new(CATCH_UP_CHANCE)?)?)
        } else {
            None
        };
        let caught = roll.is_some_and(|r| r.success);
        if caught {
            self.status = PursuitStatus::Caught;
            self.step = WildernessPursuitStep::Over;
        } else {
            self.step = WildernessPursuitStep::Decide;
        }
        Ok(CatchUpResult {
            day: self.day,
            pursuers_faster,
            roll,
            caught,
        })
    }

    /// Step 3 of the current day.
    pub fn decide(
        &mut self,
        roller: &mut dyn DieRoller,
        keep_fleeing: bool,
    ) -> Result<DecisionResult> {
        ensure_ongoing(self.status)?;
        if self.step != WildernessPursuitStep::Decide {
            return Err(Error::out_of_order(
                "the pursuers' catch-up step comes first each day",
            ));
        }
        let mut next = *self;
        let evasion = if keep_fleeing {
            let attempt = roll_wilderness_evasion(roller, &self.evasion)?;
            if attempt.outcome == EvasionOutcome::Escaped {
                next.status = PursuitStatus::Escaped {
                    reason: EscapeReason::Evaded,
                };
                next.step = WildernessPursuitStep::Over;
            } else {
                next.day = next.day.saturating_add(1);
                next.step = WildernessPursuitStep::CatchUp;
            }
            Some(attempt)
        } else {
            next.status = PursuitStatus::Caught;
            next.step = WildernessPursuitStep::Over;
            None
        };
        let result = DecisionResult {
            day: self.day,
            keeps_fleeing: keep_fleeing,
            evasion,
            status: next.status,
        };
        *self = next;
        Ok(result)
    }
}
