//! OSE combat numbers that surround an attack (OSE-COMBAT-04..10, OSE-ATK-14): moving in melee,
//! missile and melee distances, range and cover modifiers, spell casting and its disruption.

use crate::error::{Error, Result};
use crate::procedures::ose::movement::MovementRate;

/// OSE-COMBAT-04: the two ways to move while in melee (declared with initiative, so the type
/// lives with the side-initiative declarations).
pub use crate::initiative::side::MeleeMovement;

/// OSE-COMBAT-04: attack bonus against a retreating combatant (the number OSE's `retreating`
/// condition reports too).
pub const RETREAT_ATTACK_BONUS: i32 = crate::conditions::ose::RETREAT_BONUS;

impl MeleeMovement {
    /// OSE-COMBAT-04: feet (or yards outdoors) the movement allows per round.
    pub fn max_per_round(self, rate: MovementRate) -> Result<u32> {
        let encounter = rate.validate()?.encounter_per_round().0;
        Ok(match self {
            Self::FightingWithdrawal => encounter / 2,
            Self::Retreat => encounter,
        })
    }

    /// Whether the mover may still attack this round.
    pub const fn may_attack(self) -> bool {
        matches!(self, Self::FightingWithdrawal)
    }
}

/// OSE-COMBAT-04: a fighting withdrawal needs a clear path.
pub fn fighting_withdrawal(rate: MovementRate, clear_path: bool) -> Result<u32> {
    if !clear_path {
        return Err(Error::not_allowed(
            "a fighting withdrawal needs a clear path to back away along",
        ));
    }
    MeleeMovement::FightingWithdrawal.max_per_round(rate)
}

/// OSE-COMBAT-05: missile attacks need opponents more than this many feet apart.
pub const MISSILE_MIN_EXCLUSIVE_FT: u32 = 5;
/// OSE-COMBAT-10: melee attacks need opponents at most this many feet apart.
pub const MELEE_MAX_FT: u32 = 5;

/// OSE-COMBAT-05/10: whether opponents `distance_ft` apart can fight in melee or with missiles.
pub const fn melee_possible(distance_ft: u32) -> bool {
    distance_ft <= MELEE_MAX_FT
}

/// OSE-COMBAT-05: missiles need more than 5 ft between opponents.
pub const fn missile_possible(distance_ft: u32) -> bool {
    distance_ft > MISSILE_MIN_EXCLUSIVE_FT
}

/// OSE-COMBAT-06: missile range bands (each weapon's ranges are in the equipment list).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MissileRange {
    Short,
    Medium,
    Long,
    BeyondLong,
}

impl MissileRange {
    /// OSE-COMBAT-06: short +1, medium ±0, long −1; beyond long the attack is impossible.
    pub fn modifier(self) -> Result<i32> {
        match self {
            Self::Short => Ok(1),
            Self::Medium => Ok(0),
            Self::Long => Ok(-1),
            Self::BeyondLong => Err(Error::not_allowed(
                "a missile attack beyond long range is impossible",
            )),
        }
    }
}

/// OSE-COMBAT-07: the largest partial-cover penalty.
pub const MAX_PARTIAL_COVER_PENALTY: u32 = 4;
/// EX-OSE-10: the referee's example penalty for a small table.
pub const SMALL_TABLE_COVER_PENALTY: u32 = 1;
/// EX-OSE-10: the referee's example penalty for dense woods.
pub const DENSE_WOODS_COVER_PENALTY: u32 = 4;

/// OSE-COMBAT-07: the target's cover, as the referee judges it.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum OseCover {
    #[default]
    None,
    /// Partial cover: the referee's penalty to the attack, 1 to 4.
    Partial { penalty: u32 },
    /// Complete cover: the target can't be hit.
    Complete,
}

impl OseCover {
    /// The modifier to the attack roll, or an error when the target can't be hit.
    pub fn modifier(self) -> Result<i32> {
        match self {
            Self::None => Ok(0),
            Self::Partial { penalty } => {
                if !(1..=MAX_PARTIAL_COVER_PENALTY).contains(&penalty) {
                    return Err(Error::invalid_argument(format!(
                        "partial cover is a penalty of 1 to {MAX_PARTIAL_COVER_PENALTY}, not {penalty}"
                    )));
                }
                Ok(-i32::try_from(penalty).unwrap_or(0))
            }
            Self::Complete => Err(Error::not_allowed(
                "a target in complete cover can't be hit",
            )),
        }
    }
}

/// OSE-ATK-14: in a 10 ft passage, normally 2–3 characters can fight side by side (the referee
/// judges spacing in general).
pub const TEN_FOOT_PASSAGE_ABREAST: (u32, u32) = (2, 3);

/// OSE-COMBAT-08 / OSE-ATK-17: what might stop a caster this round.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct CasterState {
    pub gagged: bool,
    pub bound: bool,
    pub in_magical_silence: bool,
    /// Has moved this round (casting is the only action, with no movement).
    pub moved_this_round: bool,
    /// Has already acted this round.
    pub acted_this_round: bool,
    /// On an unstable surface (ship in rough seas, riding a flying animal; OSE-ATK-17).
    pub on_unstable_surface: bool,
    /// The target is visible, or the spell says it needn't be.
    pub target_visible_or_not_needed: bool,
}

/// A reason a spell can't be cast now.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum CastingObstacle {
    CannotSpeak,
    HandsBound,
    AlreadyMoved,
    AlreadyActed,
    UnstableSurface,
    TargetNotVisible,
}

/// OSE-COMBAT-08 / OSE-ATK-17: every reason the caster can't cast now (empty: it may cast, and
/// casting will be its only action this round, with no movement).
pub fn casting_obstacles(state: CasterState) -> Vec<CastingObstacle> {
    [
        (
            state.gagged || state.in_magical_silence,
            CastingObstacle::CannotSpeak,
        ),
        (state.bound, CastingObstacle::HandsBound),
        (state.moved_this_round, CastingObstacle::AlreadyMoved),
        (state.acted_this_round, CastingObstacle::AlreadyActed),
        (state.on_unstable_surface, CastingObstacle::UnstableSurface),
        (
            !state.target_visible_or_not_needed,
            CastingObstacle::TargetNotVisible,
        ),
    ]
    .into_iter()
    .filter_map(|(blocked, why)| blocked.then_some(why))
    .collect()
}

/// OSE-COMBAT-09: what happened to a caster before its turn this round.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct DisruptionCheck {
    pub side_lost_initiative: bool,
    pub hit_before_turn: bool,
    pub failed_save_before_turn: bool,
}

/// OSE-COMBAT-09: the spell is disrupted (and lost from memory as if cast) when the caster's
/// side lost initiative and the caster was hit or failed a save before its turn.
pub const fn spell_disrupted(check: DisruptionCheck) -> bool {
    check.side_lost_initiative && (check.hit_before_turn || check.failed_save_before_turn)
}
