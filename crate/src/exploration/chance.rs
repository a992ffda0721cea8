//! The dice primitives exploration uses: X-in-6 and percentile chances as the sources write
//! them, and summed pools. Every die goes through the caller's [`DieRoller`] and comes back as a
//! [`RolledDie`] so events can carry it. A d20 with advantage or disadvantage is
//! [`crate::dice::roll_d20`].

use crate::dice::{ChanceRoll, DieRoller, RolledDie, chance_in_six, percent};
use crate::error::{Error, Result};

/// A chance as the sources write it.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
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
    /// The chance a rolled [`ChanceRoll`] was made against, read back from its die (a d6 for
    /// X-in-6, a d100 for a percentage); `None` for any other die.
    pub fn of_roll(roll: &ChanceRoll) -> Option<Chance> {
        let n = u8::try_from(roll.chance).ok()?;
        match roll.die.sides {
            6 => Some(Chance::InSix { x: n }),
            100 => Some(Chance::Percent { p: n }),
            _ => None,
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

/// Rolls a chance (1d6 or d100). The result is the crate-wide [`ChanceRoll`]: its die's sides
/// (6 or 100) and `chance` say which kind of chance it was.
pub fn roll_chance(chance: Chance, roller: &mut (impl DieRoller + ?Sized)) -> Result<ChanceRoll> {
    match chance.validate()? {
        Chance::InSix { x } => chance_in_six(u32::from(x), roller),
        Chance::Percent { p } => percent(u32::from(p), roller),
    }
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
    crate::ability::modifier(u32::from(score))
}
