//! OSE morale (optional rule, OSE-MORALE-01..07): 2d6 against a morale score of 2–12, a small
//! per-encounter tracker for the "two passes" rule and the check triggers, situational
//! adjustments, and mercenary and retainer morale.

use crate::dice::{DiceSpec, DieSize};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::limits::MAX_GROUP_SIZE;
use crate::procedures::rolls::sum_faces;

/// OSE-MORALE-01: the lowest morale score (never fights unless absolutely cornered).
pub const MIN_MORALE: u32 = 2;
/// OSE-MORALE-01: the highest morale score (fights until killed).
pub const MAX_MORALE: u32 = 12;
/// OSE-MORALE-02: the dice of a morale check.
pub const MORALE_DICE: DiceSpec = DiceSpec::new(2, DieSize::D6);
/// OSE-MORALE-03: after this many passed checks in one encounter, no more checks are made.
pub const PASSES_TO_FIGHT_TO_THE_DEATH: u32 = 2;
/// OSE-MORALE-05: the largest situational adjustment, either way.
pub const MAX_SITUATIONAL_ADJUSTMENT: i32 = 2;

/// A morale score, 2–12 (OSE-MORALE-01). Higher is braver.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(try_from = "u32", into = "u32")]
pub struct MoraleScore(u8);

impl MoraleScore {
    pub fn new(value: u32) -> Result<Self> {
        if !(MIN_MORALE..=MAX_MORALE).contains(&value) {
            return Err(Error::invalid_argument(format!(
                "a morale score must be {MIN_MORALE}–{MAX_MORALE}, not {value}"
            )));
        }
        Ok(Self(u8::try_from(value).unwrap_or(u8::MAX)))
    }

    pub const fn value(self) -> u32 {
        self.0 as u32
    }

    /// Morale 2: never fights unless absolutely cornered.
    pub const fn never_fights(self) -> bool {
        self.0 as u32 == MIN_MORALE
    }

    /// Morale 12: fights until killed, so never checks.
    pub const fn never_checks(self) -> bool {
        self.0 as u32 == MAX_MORALE
    }
}

impl TryFrom<u32> for MoraleScore {
    type Error = Error;
    fn try_from(value: u32) -> Result<Self> {
        Self::new(value)
    }
}

impl From<MoraleScore> for u32 {
    fn from(m: MoraleScore) -> u32 {
        m.value()
    }
}

/// Who is checking. Mercenaries check exactly like monsters (OSE-MORALE-06); retainers never
/// check morale in combat (OSE-MORALE-07; their loyalty check is not in the source).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum MoraleSubject {
    #[default]
    Monster,
    Mercenary,
    Retainer,
}

/// One morale check's inputs.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseMoraleInput {
    pub score: MoraleScore,
    /// OSE-MORALE-05: the referee's situational adjustment, −2 to +2 (e.g. losing side −1,
    /// winning side +1). It changes the morale score, not the roll, and is never applied to
    /// morale 2 or 12. (Adding it to the score or subtracting it from the roll gives the same
    /// outcome, so no second reading is needed.)
    #[serde(default)]
    pub adjustment: i32,
    #[serde(default)]
    pub subject: MoraleSubject,
    /// OSE-MORALE-01: a morale-2 monster that is absolutely cornered fights.
    #[serde(default)]
    pub cornered: bool,
}

impl OseMoraleInput {
    pub const fn new(score: MoraleScore) -> Self {
        Self {
            score,
            adjustment: 0,
            subject: MoraleSubject::Monster,
            cornered: false,
        }
    }
}

/// The result of a morale check.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MoraleOutcome {
    /// Keeps fighting.
    FightsOn,
    /// Surrenders or tries to flee.
    FleesOrSurrenders,
}

/// Why a check came out as it did.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MoraleBasis {
    /// 2d6 was rolled against the (adjusted) score (OSE-MORALE-02).
    Rolled,
    /// Morale 2 and not cornered: never fights (OSE-MORALE-01).
    NeverFights,
    /// Morale 2 but absolutely cornered: fights (OSE-MORALE-01).
    Cornered,
    /// Morale 12: fights until killed, no check (OSE-MORALE-01).
    FightsUntilKilled,
    /// Already passed two checks this encounter: fights to the death (OSE-MORALE-03).
    PassedTwice,
    /// Retainers do not check morale in combat (OSE-MORALE-07).
    RetainerNoCheck,
}

/// A morale check, with its dice.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseMoraleCheck {
    /// The 2d6, when rolled.
    pub dice: Vec<RolledDie>,
    pub roll: Option<u32>,
    /// The adjustment actually applied (0 for morale 2 or 12).
    pub adjustment_applied: i32,
    /// The score the roll was compared with.
    pub effective_score: i32,
    pub outcome: MoraleOutcome,
    pub basis: MoraleBasis,
}

fn check_adjustment(adjustment: i32) -> Result<()> {
    if adjustment.unsigned_abs() > MAX_SITUATIONAL_ADJUSTMENT.unsigned_abs() {
        return Err(Error::invalid_argument(format!(
            "a morale adjustment must be between -{MAX_SITUATIONAL_ADJUSTMENT} and +{MAX_SITUATIONAL_ADJUSTMENT}, not {adjustment}"
        )));
    }
    Ok(())
}

fn unrolled(input: &OseMoraleInput, outcome: MoraleOutcome, basis: MoraleBasis) -> OseMoraleCheck {
    OseMoraleCheck {
        dice: Vec::new(),
        roll: None,
        adjustment_applied: 0,
        effective_score: i32::try_from(input.score.value()).unwrap_or(0),
        outcome,
        basis,
    }
}

/// OSE-MORALE-01/02/05/07: one morale check with no memory of earlier checks. Morale 12 and
/// retainers never roll; morale 2 flees without a roll, or fights without one when absolutely
/// cornered (an engine reading: the source names the exception but gives no roll for it). Use
/// [`OseMoraleTracker::check`] to apply the two-passes rule across an encounter.
pub fn check_morale(roller: &mut dyn DieRoller, input: OseMoraleInput) -> Result<OseMoraleCheck> {
    check_adjustment(input.adjustment)?;
    if input.subject == MoraleSubject::Retainer {
        return Ok(unrolled(
            &input,
            MoraleOutcome::FightsOn,
            MoraleBasis::RetainerNoCheck,
        ));
    }
    if input.score.never_checks() {
        return Ok(unrolled(
            &input,
            MoraleOutcome::FightsOn,
            MoraleBasis::FightsUntilKilled,
        ));
    }
    if input.score.never_fights() {
        return Ok(if input.cornered {
            unrolled(&input, MoraleOutcome::FightsOn, MoraleBasis::Cornered)
        } else {
            unrolled(
                &input,
                MoraleOutcome::FleesOrSurrenders,
                MoraleBasis::NeverFights,
            )
        });
    }
    let dice = MORALE_DICE.roll(roller)?;
    let roll = sum_faces(&dice);
    let effective_score = i32::try_from(input.score.value())
        .unwrap_or(0)
        .saturating_add(input.adjustment);
    let outcome = if i64::from(roll) > i64::from(effective_score) {
        MoraleOutcome::FleesOrSurrenders
    } else {
        MoraleOutcome::FightsOn
    };
    Ok(OseMoraleCheck {
        dice,
        roll: Some(roll),
        adjustment_applied: input.adjustment,
        effective_score,
        outcome,
        basis: MoraleBasis::Rolled,
    })
}

/// OSE-MORALE-04: the usual moments to check morale.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MoraleTrigger {
    /// The first time one of the side is killed.
    FirstDeath,
    /// Half of the side has been killed or incapacitated.
    HalfDown,
}

/// Per-encounter morale memory for one monster or group (OSE-MORALE-03/04). Start a new one
/// for each encounter.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct OseMoraleTracker {
    /// Rolled checks passed so far.
    pub passes: u32,
    /// Rolled checks failed so far.
    pub failures: u32,
    pub first_death_seen: bool,
    pub half_down_seen: bool,
}

impl OseMoraleTracker {
    pub const fn new() -> Self {
        Self {
            passes: 0,
            failures: 0,
            first_death_seen: false,
            half_down_seen: false,
        }
    }

    /// OSE-MORALE-03: two passed checks mean it fights to the death with no further checks.
    pub const fn fights_to_the_death(&self) -> bool {
        self.passes >= PASSES_TO_FIGHT_TO_THE_DEATH
    }

    /// A morale check that honours the two-passes rule and counts the result.
    pub fn check(
        &mut self,
        roller: &mut dyn DieRoller,
        input: OseMoraleInput,
    ) -> Result<OseMoraleCheck> {
        check_adjustment(input.adjustment)?;
        if self.fights_to_the_death() && input.subject != MoraleSubject::Retainer {
            return Ok(unrolled(
                &input,
                MoraleOutcome::FightsOn,
                MoraleBasis::PassedTwice,
            ));
        }
        let result = check_morale(roller, input)?;
        if result.basis == MoraleBasis::Rolled {
            match result.outcome {
                MoraleOutcome::FightsOn => self.passes = self.passes.saturating_add(1),
                MoraleOutcome::FleesOrSurrenders => {
                    self.failures = self.failures.saturating_add(1);
                }
            }
        }
        Ok(result)
    }

    /// OSE-MORALE-04: report the checks that fall due now, each only once per encounter.
    /// `side_size` is how many the side started with; `killed` and `incapacitated` count
    /// members lost so far (not overlapping).
    pub fn note_losses(
        &mut self,
        side_size: u32,
        killed: u32,
        incapacitated: u32,
    ) -> Result<Vec<MoraleTrigger>> {
        let down = killed.saturating_add(incapacitated);
        if side_size == 0 || side_size > MAX_GROUP_SIZE || down > side_size {
            return Err(Error::invalid_argument(format!(
                "a side of {side_size} cannot have lost {down} (at most {MAX_GROUP_SIZE} members)"
            )));
        }
        let mut due = Vec::new();
        if killed >= 1 && !self.first_death_seen {
            self.first_death_seen = true;
            due.push(MoraleTrigger::FirstDeath);
        }
        if u64::from(down) * 2 >= u64::from(side_size) && !self.half_down_seen {
            self.half_down_seen = true;
            due.push(MoraleTrigger::HalfDown);
        }
        Ok(due)
    }
}

/// OSE-MORALE-06: the base kinds of mercenary troops.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum TroopType {
    UntrainedMilitia,
    BarbarianHorde,
    TrainedWarriors,
}

/// OSE-MORALE-06: qualities that add to a troop's morale.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum TroopQuality {
    Mounted,
    Elite,
    /// Fanatics and berserkers.
    Fanatic,
}

/// One entry of the mercenary morale table: a base troop type or an added quality.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum MercenaryEntry {
    Base { troop: TroopType },
    Bonus { quality: TroopQuality },
}

/// One row of the mercenary morale table.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MercenaryMoraleRow {
    /// The troop type as the source names it.
    pub label: &'static str,
    pub entry: MercenaryEntry,
    /// The morale (for a base row) or the bonus (for a quality row).
    pub value: i32,
}

/// OSE-MORALE-06: the mercenary morale table, every row.
pub const MERCENARY_MORALE_TABLE: [MercenaryMoraleRow; 6] = [
    MercenaryMoraleRow {
        label: "Untrained, militia",
        entry: MercenaryEntry::Base {
            troop: TroopType::UntrainedMilitia,
        },
        value: 6,
    },
    MercenaryMoraleRow {
        label: "Barbarian horde",
        entry: MercenaryEntry::Base {
            troop: TroopType::BarbarianHorde,
        },
        value: 7,
    },
    MercenaryMoraleRow {
        label: "Trained warriors",
        entry: MercenaryEntry::Base {
            troop: TroopType::TrainedWarriors,
        },
        value: 8,
    },
    MercenaryMoraleRow {
        label: "Mounted",
        entry: MercenaryEntry::Bonus {
            quality: TroopQuality::Mounted,
        },
        value: 1,
    },
    MercenaryMoraleRow {
        label: "Elite troops",
        entry: MercenaryEntry::Bonus {
            quality: TroopQuality::Elite,
        },
        value: 1,
    },
    MercenaryMoraleRow {
        label: "Fanatics, berserkers",
        entry: MercenaryEntry::Bonus {
            quality: TroopQuality::Fanatic,
        },
        value: 2,
    },
];

fn table_value(entry: MercenaryEntry) -> i32 {
    MERCENARY_MORALE_TABLE
        .iter()
        .find(|row| row.entry == entry)
        .map_or(0, |row| row.value)
}

/// OSE-MORALE-06: a mercenary troop's morale from its type and qualities (each counted once).
/// The hiring character's CHA has no influence. `working_conditions` is the referee's change
/// for frequent deaths or abuse (down) or riches and excitement (up); the result is kept within
/// the 2–12 morale scale.
pub fn mercenary_morale(
    troop: TroopType,
    qualities: &[TroopQuality],
    working_conditions: i32,
) -> Result<MoraleScore> {
    crate::procedures::limits::check_modifier("working-conditions adjustment", working_conditions)?;
    let mut total = table_value(MercenaryEntry::Base { troop });
    for quality in [
        TroopQuality::Mounted,
        TroopQuality::Elite,
        TroopQuality::Fanatic,
    ] {
        if qualities.contains(&quality) {
            total = total.saturating_add(table_value(MercenaryEntry::Bonus { quality }));
        }
    }
    let total = total.saturating_add(working_conditions);
    let min = i32::try_from(MIN_MORALE).unwrap_or(2);
    let max = i32::try_from(MAX_MORALE).unwrap_or(12);
    MoraleScore::new(u32::try_from(total.clamp(min, max)).unwrap_or(MIN_MORALE))
}
