//! A5E-ACT-14: Tumble — moving through a hostile creature's space.

use super::dice::{D20Test, D20TestRoll, RollMode};
use super::limits;
use super::size::Size;
use crate::dice::{DieRoller, DieSize};
use crate::error::Result;

/// How the tumbler's size compares with the creature it tumbles through.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum TumbleSave {
    /// Two or more sizes larger than the target: no save needed.
    NotNeeded,
    /// The save, rolled in this mode: advantage when smaller, disadvantage when larger.
    Roll { mode: RollMode },
}

/// A5E-ACT-14: the save the tumbler makes, by size.
pub const fn tumble_save(tumbler: Size, target: Size) -> TumbleSave {
    match tumbler.steps_above(target) {
        i32::MIN..=-1 => TumbleSave::Roll {
            mode: RollMode::Advantage,
        },
        0 => TumbleSave::Roll {
            mode: RollMode::Normal,
        },
        1 => TumbleSave::Roll {
            mode: RollMode::Disadvantage,
        },
        _ => TumbleSave::NotNeeded,
    }
}

/// The tumbler's training in Acrobatics.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum AcrobaticsTraining {
    #[default]
    None,
    /// Proficient in Acrobatics: an expertise die.
    Proficient,
    /// Proficient with the tumbling specialty: a 1d6 expertise die.
    TumblingSpecialty,
}

/// One Tumble attempt (an action or a bonus action, A5E-ACT-14). Left out: no Acrobatics
/// training, a d4 expertise die (A5E-DICE-04), not rattled, a straight save, a target that
/// does not let the tumbler through.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TumbleAttempt {
    pub tumbler: Size,
    pub target: Size,
    pub dexterity_save_modifier: i32,
    /// The target's combat-maneuver DC.
    pub maneuver_dc: i32,
    #[serde(default)]
    pub acrobatics: AcrobaticsTraining,
    /// The expertise die size for plain Acrobatics proficiency (A5E-DICE-04, default d4).
    #[serde(default = "first_expertise_die")]
    pub expertise_die: DieSize,
    #[serde(default)]
    pub rattled: bool,
    /// Other sources of advantage or disadvantage on the save.
    #[serde(default)]
    pub other_mode: RollMode,
    /// The target lets the tumbler through without a save.
    #[serde(default)]
    pub target_allows: bool,
}

/// A5E-DICE-04: the expertise die a first proficiency gives.
const fn first_expertise_die() -> DieSize {
    DieSize::D4
}

/// Why a Tumble worked or not.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TumbleResult {
    /// The save, when one was needed.
    pub save: Option<D20TestRoll>,
    /// The tumbler may move through the target's space once this turn. Leaving a creature's
    /// reach still provokes opportunity attacks.
    pub success: bool,
}

/// A5E-ACT-14: resolve a Tumble.
pub fn tumble(attempt: &TumbleAttempt, roller: &mut dyn DieRoller) -> Result<TumbleResult> {
    let dc = limits::check_dc("maneuverDc", attempt.maneuver_dc)?;
    let size_mode = match tumble_save(attempt.tumbler, attempt.target) {
        TumbleSave::NotNeeded => None,
        TumbleSave::Roll { mode } => Some(mode),
    };
    let Some(size_mode) = size_mode.filter(|_| !attempt.target_allows) else {
        return Ok(TumbleResult {
            save: None,
            success: true,
        });
    };
    let expertise = match attempt.acrobatics {
        AcrobaticsTraining::None => None,
        AcrobaticsTraining::Proficient => Some(attempt.expertise_die),
        AcrobaticsTraining::TumblingSpecialty => Some(DieSize::D6),
    };
    let test = D20Test {
        mode: size_mode.with(
            attempt.other_mode == RollMode::Advantage,
            attempt.other_mode == RollMode::Disadvantage,
        ),
        modifier: attempt.dexterity_save_modifier,
        expertise,
        rattled: attempt.rattled,
    };
    let roll = test.roll(roller)?;
    Ok(TumbleResult {
        success: roll.total >= dc,
        save: Some(roll),
    })
}
