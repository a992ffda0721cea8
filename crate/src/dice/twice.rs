//! Roll one die twice and keep the higher or the lower.
//!
//! GH-DICE-04: Greyhawk applies advantage/disadvantage on initiative to the *largest*
//! initiative die (any one of them if several share the largest size), rolls that die twice,
//! and — because low initiative acts first — advantage keeps the LOWER roll and disadvantage
//! the HIGHER. [`Keep::for_greyhawk_initiative`] encodes that inversion; [`largest_die`] picks
//! the die. Both faces are returned so events can show and replay them.

use crate::dice::advantage::RollMode;
use crate::dice::source::DieRoller;
use crate::dice::step::{DieSize, RolledDie};
use crate::error::Result;

/// Which of the two rolls to keep.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Keep {
    Higher,
    Lower,
}

impl Keep {
    /// 5e-style advantage (A5E, HYB): advantage keeps the higher roll.
    pub fn for_d20(mode: RollMode) -> Option<Keep> {
        match mode {
            RollMode::Normal => None,
            RollMode::Advantage => Some(Keep::Higher),
            RollMode::Disadvantage => Some(Keep::Lower),
        }
    }

    /// GH-DICE-04: on Greyhawk initiative, advantage keeps the LOWER roll (low acts first).
    pub fn for_greyhawk_initiative(mode: RollMode) -> Option<Keep> {
        match mode {
            RollMode::Normal => None,
            RollMode::Advantage => Some(Keep::Lower),
            RollMode::Disadvantage => Some(Keep::Higher),
        }
    }
}

/// Which roll was kept.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Kept {
    First,
    Second,
}

/// Both rolls of the die and the one kept.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TwiceRoll {
    pub first: RolledDie,
    pub second: RolledDie,
    pub keep: Keep,
    /// On equal faces the first roll is the one kept.
    pub kept: Kept,
    /// The kept face.
    pub face: u32,
}

/// Roll `die` twice and keep the higher or lower face (GH-DICE-04; also 5e advantage).
pub fn roll_twice<R: DieRoller + ?Sized>(
    die: DieSize,
    keep: Keep,
    dice: &mut R,
) -> Result<TwiceRoll> {
    let sides = die.sides();
    let first = dice.roll_die(sides)?;
    let second = dice.roll_die(sides)?;
    let second_wins = match keep {
        Keep::Higher => second > first,
        Keep::Lower => second < first,
    };
    let (kept, face) = if second_wins {
        (Kept::Second, second)
    } else {
        (Kept::First, first)
    };
    Ok(TwiceRoll {
        first: RolledDie { sides, face: first },
        second: RolledDie {
            sides,
            face: second,
        },
        keep,
        kept,
        face,
    })
}

/// GH-DICE-04: the index of the die advantage/disadvantage applies to — the largest; when
/// several share the largest size, the first of them. `None` for an empty pool.
pub fn largest_die(pool: &[DieSize]) -> Option<usize> {
    let mut best: Option<(usize, DieSize)> = None;
    for (i, die) in pool.iter().enumerate() {
        match best {
            Some((_, b)) if b >= *die => {}
            _ => best = Some((i, *die)),
        }
    }
    best.map(|(i, _)| i)
}
