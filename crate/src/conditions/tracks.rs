//! Tracked conditions with levels: A5E fatigue and strife (A5E-TRACK-01..08), and 5e
//! exhaustion (SRD-EXH-01..04) for creatures under the `srd5e` rules.
//!
//! The level counters themselves (gaining, pending-in-combat, recovery on rests) belong to the
//! creature module; everything here takes the current level as input. Effects are cumulative:
//! a creature suffers its level's row and every lower row (A5E-TRACK-02).

use std::borrow::Cow;

use super::catalog::ConditionCatalog;
use super::effect::{ActionLimit, Effect, Flag, RollFilter, SpeedRule, StressTerm, TravelPace};
use super::id::ConditionId;
use super::vocab::{Ability, Mode, RollKind as K};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, ErrorCode, Result};

/// Highest level of a tracked condition (A5E-TRACK-01).
pub const MAX_TRACK_LEVEL: u8 = 7;

/// Highest level of 5e exhaustion: the sixth is death (SRD-EXH-01, -03).
pub const MAX_EXHAUSTION_LEVEL: u8 = 6;

/// Which tracked condition (A5E-TRACK-01; 5e exhaustion, SRD-EXH-01). The creature module
/// keeps the levels of each.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum TrackKind {
    Fatigue,
    Strife,
    /// 5e exhaustion, levels 0–6 (only under the `srd5e` creature rules).
    Exhaustion,
}

/// One level of a tracked condition: its effects and the condition it brings (fatigue 7:
/// doomed).
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TrackLevelRow {
    pub level: u8,
    pub effects: Cow<'static, [Effect]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub implies: Option<ConditionId>,
}

macro_rules! fx {
    ($($e:expr),* $(,)?) => {{
        const LIST: &[Effect] = &[$($e),*];
        LIST
    }};
}

const DIS: Mode = Mode::Disadvantage;

const fn row(level: u8, effects: &'static [Effect]) -> TrackLevelRow {
    TrackLevelRow {
        level,
        effects: Cow::Borrowed(effects),
        implies: None,
    }
}

/// A5E-TRACK-07: the fatigue table, every level. Level 5 "Hit Dice halved" follows G-23 (see
/// [`hit_dice_after_fatigue`]); level 7 makes the creature doomed (A5E-COND-08, A5E-DEATH-13).
pub static FATIGUE_TABLE: [TrackLevelRow; 7] = [
    row(1, fx![Effect::action(ActionLimit::NoSprintOrDash)]),
    row(
        2,
        fx![Effect::mode(
            RollFilter::of(&[K::AbilityCheck], Ability::PHYSICAL),
            DIS,
        )],
    ),
    row(
        3,
        fx![
            Effect::speed(SpeedRule::Halved),
            Effect::TravelPace {
                cannot: TravelPace::Fast,
            },
        ],
    ),
    row(
        4,
        fx![
            Effect::mode(
                RollFilter::of(&[K::Attack, K::SavingThrow], Ability::PHYSICAL),
                DIS,
            ),
            Effect::TravelPace {
                cannot: TravelPace::Normal,
            },
        ],
    ),
    row(5, fx![Effect::HitDiceHalved]),
    row(
        6,
        fx![
            Effect::speed(SpeedRule::CapAt { feet: 5 }),
            Effect::TravelPace {
                cannot: TravelPace::Slow,
            },
        ],
    ),
    TrackLevelRow {
        level: 7,
        effects: Cow::Borrowed(&[]),
        implies: Some(super::a5e::ids::DOOMED),
    },
];

/// A5E-TRACK-08: the strife table, every level. Levels 5 and 7 call for randomly determined
/// mental stress effects whose tables are not in the sources: they are reported as
/// [`Effect::Stress`] and rolled on caller-supplied [`StressTable`]s.
pub static STRIFE_TABLE: [TrackLevelRow; 7] = [
    row(
        1,
        fx![Effect::mode(
            RollFilter::of(&[K::AbilityCheck], Ability::MENTAL),
            DIS,
        )],
    ),
    row(
        2,
        fx![Effect::mode(RollFilter::of(&[K::Concentration], &[]), DIS)],
    ),
    row(3, fx![Effect::action(ActionLimit::ActionOrBonusAction)]),
    row(
        4,
        fx![Effect::mode(
            RollFilter::of(&[K::Attack, K::SavingThrow], Ability::MENTAL),
            DIS,
        )],
    ),
    row(
        5,
        fx![Effect::Stress {
            term: StressTerm::ShortTerm,
        }],
    ),
    row(6, fx![Effect::action(ActionLimit::NoSpellsExceptCantrips)]),
    row(
        7,
        fx![
            Effect::Stress {
                term: StressTerm::LongTerm,
            },
            Effect::flag(Flag::PermanentStrifeEffect),
        ],
    ),
];

/// SRD-EXH-02: the 5e exhaustion table, every level; the effects add up (SRD-EXH-01). Level 4
/// halves the hit point maximum, reported as a flag because the creature keeps its real maximum
/// (the halving goes when the level does); level 6 is death (SRD-EXH-03), which the creature
/// module applies when the level is reached.
pub static EXHAUSTION_TABLE: [TrackLevelRow; 6] = [
    row(
        1,
        fx![Effect::mode(RollFilter::of(&[K::AbilityCheck], &[]), DIS)],
    ),
    row(2, fx![Effect::speed(SpeedRule::Halved)]),
    row(
        3,
        fx![Effect::mode(
            RollFilter::of(&[K::Attack, K::SavingThrow], &[]),
            DIS,
        )],
    ),
    row(4, fx![Effect::flag(Flag::HitPointMaximumHalved)]),
    row(5, fx![Effect::speed(SpeedRule::SetTo { feet: 0 })]),
    row(6, fx![Effect::flag(Flag::DiesOfExhaustion)]),
];

impl TrackKind {
    /// The full table of this track.
    pub fn table(self) -> &'static [TrackLevelRow] {
        match self {
            Self::Fatigue => &FATIGUE_TABLE,
            Self::Strife => &STRIFE_TABLE,
            Self::Exhaustion => &EXHAUSTION_TABLE,
        }
    }

    /// The highest level of this track: 7 for fatigue and strife (A5E-TRACK-01), 6 for
    /// exhaustion (SRD-EXH-01).
    pub const fn max_level(self) -> u8 {
        match self {
            Self::Fatigue | Self::Strife => MAX_TRACK_LEVEL,
            Self::Exhaustion => MAX_EXHAUSTION_LEVEL,
        }
    }

    /// The docs/rules.md id of this track's level table.
    pub const fn table_rule(self) -> &'static str {
        match self {
            Self::Fatigue => "A5E-TRACK-07",
            Self::Strife => "A5E-TRACK-08",
            Self::Exhaustion => "SRD-EXH-02",
        }
    }
    /// The rows in force at `level` (A5E-TRACK-02: that level and every lower one; none at 0,
    /// A5E-TRACK-03).
    pub fn rows_at(self, level: u8) -> Result<&'static [TrackLevelRow]> {
        check_level(self, level)?;
        Ok(self
            .table()
            .get(..usize::from(level))
            .unwrap_or(self.table()))
    }
}

#[inline(never)]
pub(crate) fn check_level(track: TrackKind, level: u8) -> Result<()> {
    let max = track.max_level();
    if level > max {
        return Err(Error::invalid_argument(format!(
            "{track:?} level {level} is out of range 0..={max}"
        )));
    }
    Ok(())
}

/// What fatigue level 5's "Hit Dice halved" halves (G-23 `[AMBIG]`).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum HitDiceHalving {
    /// docs/rules.md's reading: the Hit Dice available for spending are halved. Half the pool
    /// (rounded down) can be spent while the level lasts, and the dice already spent count
    /// against that half: with 10 Hit Dice and 3 spent, 2 more. Halving what is left instead
    /// (⌊7 ÷ 2⌋ = 3) would halve again after every die, so a creature spending one at a time
    /// could spend all but one; this is also what a [`crate::creature::Creature`] allows.
    #[default]
    AvailableForSpending,
    /// The other reading: the maximum is halved, and available dice are capped at it.
    Maximum,
}

/// Hit Dice a creature can use under fatigue.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HitDiceLimit {
    pub available: u32,
    pub maximum: u32,
}

/// Apply fatigue level 5 (A5E-TRACK-07, G-23) to a creature's Hit Dice. Below level 5 nothing
/// changes; halving rounds down.
pub fn hit_dice_after_fatigue(
    fatigue: u8,
    available: u32,
    maximum: u32,
    reading: HitDiceHalving,
) -> Result<HitDiceLimit> {
    check_level(TrackKind::Fatigue, fatigue)?;
    if available > maximum {
        return Err(Error::invalid_argument(format!(
            "available Hit Dice ({available}) exceed the maximum ({maximum})"
        )));
    }
    if fatigue < 5 {
        return Ok(HitDiceLimit { available, maximum });
    }
    Ok(match reading {
        HitDiceHalving::AvailableForSpending => HitDiceLimit {
            available: (maximum / 2).saturating_sub(maximum - available),
            maximum,
        },
        HitDiceHalving::Maximum => HitDiceLimit {
            available: available.min(maximum / 2),
            maximum: maximum / 2,
        },
    })
}

/// Most entries in one stress table.
pub const MAX_STRESS_ENTRIES: usize = 100;

/// A caller-supplied table of mental stress effects for strife levels 5 and 7 (A5E-TRACK-08).
/// The sources name these tables but do not contain them, so each entry is a condition id from
/// the catalog (typically a homebrew condition carrying the stress effect's rules); the table is
/// rolled with one die of as many sides as it has entries.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StressTable {
    pub term: StressTerm,
    pub entries: Vec<ConditionId>,
}

/// The die rolled on a stress table and the condition it picked.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StressRoll {
    pub die: RolledDie,
    pub condition: ConditionId,
}

impl StressTable {
    /// Check the table against a catalog: 1 to [`MAX_STRESS_ENTRIES`] entries, each a known
    /// condition.
    pub fn validate(&self, catalog: &ConditionCatalog) -> Result<()> {
        if self.entries.is_empty() || self.entries.len() > MAX_STRESS_ENTRIES {
            return Err(Error::new(
                ErrorCode::InvalidData,
                format!(
                    "a stress table needs 1 to {MAX_STRESS_ENTRIES} entries, not {}",
                    self.entries.len()
                ),
            ));
        }
        for id in &self.entries {
            if catalog.get(id).is_none() {
                return Err(Error::new(
                    ErrorCode::InvalidData,
                    format!("stress table entry \"{id}\" is not a known condition"),
                ));
            }
        }
        Ok(())
    }

    /// Roll on the table.
    pub fn roll<R: DieRoller + ?Sized>(
        &self,
        catalog: &ConditionCatalog,
        roller: &mut R,
    ) -> Result<StressRoll> {
        self.validate(catalog)?;
        let sides = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
        let face = roller.roll_die(sides)?;
        let index = usize::try_from(face.saturating_sub(1)).unwrap_or(usize::MAX);
        let condition = self.entries.get(index).cloned().ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidFace,
                format!("a d{sides} cannot show {face}"),
            )
        })?;
        Ok(StressRoll {
            die: RolledDie { sides, face },
            condition,
        })
    }
}
