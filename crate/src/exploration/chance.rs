//! The dice primitives exploration uses: X-in-6 and percentile chances, d20 with advantage
//! or disadvantage, and summed pools. Every die goes through the caller's [`DieRoller`] and
//! comes back as a [`RolledDie`] so events can carry it.

use serde::{Deserialize, Serialize};

use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};

/// A chance as the sources write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Chance {
    /// "X-in-6": roll 1d6, the event happens on a result ≤ X (0–6).
    InSix { x: u8 },
    /// "p%": roll d100, the event happens on a result ≤ p (0–100).
    Percent { p: u8 },
}

impl Chance {
    pub const fn in_six(x: u8) -> Chance {
        Chance::InSix { x }
    }
    pub const fn percent(p: u8) -> Chance {
        Chance::Percent { p }
    }
    /// Refuses X above 6 or p above 100.
    pub fn validate(self) -> Result<Chance> {
        match self {
            Chance::InSix { x } if x > 6 => Err(Error::invalid_argument(format!(
                "an X-in-6 chance is 0 to 6, not {x}"
            ))),
            Chance::Percent { p } if p > 100 => Err(Error::invalid_argument(format!(
                "a percentage chance is 0 to 100, not {p}"
            ))),
            c => Ok(c),
        }
    }
    fn sides(self) -> u32 {
        match self {
            Chance::InSix { .. } => 6,
            Chance::Percent { .. } => 100,
        }
    }
    fn threshold(self) -> u32 {
        match self {
            Chance::InSix { x } => u32::from(x),
            Chance::Percent { p } => u32::from(p),
        }
    }
    /// Whether a face of the matching die makes the event happen.
    pub fn hits(self, face: u32) -> bool {
        face <= self.threshold()
    }
}

impl core::fmt::Display for Chance {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Chance::InSix { x } => write!(f, "{x}-in-6"),
            Chance::Percent { p } => write!(f, "{p}%"),
        }
    }
}

/// One chance rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ChanceRoll {
    pub chance: Chance,
    pub die: RolledDie,
    pub happened: bool,
}

/// Rolls a chance (1d6 or d100).
pub fn roll_chance(chance: Chance, roller: &mut (impl DieRoller + ?Sized)) -> Result<ChanceRoll> {
    let chance = chance.validate()?;
    let sides = chance.sides();
    let face = roller.roll_die(sides)?;
    Ok(ChanceRoll {
        chance,
        die: RolledDie { sides, face },
        happened: chance.hits(face),
    })
}

/// Advantage (roll 2d20, keep the higher), disadvantage (keep the lower), or neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Advantage {
    #[default]
    Normal,
    Advantage,
    Disadvantage,
}

/// A d20 rolled, possibly twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct D20Roll {
    pub advantage: Advantage,
    pub dice: Vec<RolledDie>,
    /// The face kept.
    pub kept: u32,
}

/// Rolls a d20 with advantage, disadvantage or neither.
pub fn roll_d20(advantage: Advantage, roller: &mut (impl DieRoller + ?Sized)) -> Result<D20Roll> {
    let first = roller.roll_die(20)?;
    let mut dice = vec![RolledDie {
        sides: 20,
        face: first,
    }];
    let kept = match advantage {
        Advantage::Normal => first,
        Advantage::Advantage | Advantage::Disadvantage => {
            let second = roller.roll_die(20)?;
            dice.push(RolledDie {
                sides: 20,
                face: second,
            });
            if advantage == Advantage::Advantage {
                first.max(second)
            } else {
                first.min(second)
            }
        }
    };
    Ok(D20Roll {
        advantage,
        dice,
        kept,
    })
}

/// Largest number of dice one exploration roll may use (falling 1,000 ft is 100d6).
pub const MAX_POOL_DICE: u32 = 1_000;

/// Rolls `count` dice of `sides` and sums them.
pub fn roll_pool(
    count: u32,
    sides: u32,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<(Vec<RolledDie>, u32)> {
    if count > MAX_POOL_DICE {
        return Err(Error::new(
            crate::error::ErrorCode::LimitExceeded,
            format!("at most {MAX_POOL_DICE} dice in one roll, not {count}"),
        ));
    }
    let mut dice = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
    let mut sum: u32 = 0;
    for _ in 0..count {
        let face = roller.roll_die(sides)?;
        dice.push(RolledDie { sides, face });
        sum = sum.saturating_add(face);
    }
    Ok((dice, sum))
}

/// HYB-CHK-05: an ability modifier, ⌊(score − 10) / 2⌋.
pub fn ability_modifier(score: u8) -> i32 {
    (i32::from(score) - 10).div_euclid(2)
}
