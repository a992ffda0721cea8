//! X-in-6 and percentile chances (docs/rules.md §0 conventions).
//!
//! "X-in-6": roll 1d6, the event happens on a result ≤ X. "p%": roll d100, the event happens
//! on a result ≤ p. The same checks are notation too (`1d6cs<=2`, `1d100cs<=35`); these helpers
//! return the face as well, for events. The die is always rolled — even for a certain or
//! impossible chance — so a seeded stream stays aligned whatever the odds.

use crate::dice::source::DieRoller;
use crate::dice::step::RolledDie;
use crate::error::{Error, Result};

/// One chance roll.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ChanceRoll {
    pub die: RolledDie,
    /// X (of 6) or p (of 100).
    pub chance: u32,
    /// The face was at most `chance`.
    pub success: bool,
}

fn check<R: DieRoller + ?Sized>(sides: u32, chance: u32, dice: &mut R) -> Result<ChanceRoll> {
    if chance > sides {
        return Err(Error::invalid_argument(format!(
            "a chance on a d{sides} must be from 0 to {sides}, not {chance}"
        )));
    }
    let face = dice.roll_die(sides)?;
    Ok(ChanceRoll {
        die: RolledDie { sides, face },
        chance,
        success: face <= chance,
    })
}

/// An X-in-6 chance: succeeds when 1d6 shows `x` or less. `x` must be 0..=6.
pub fn chance_in_six<R: DieRoller + ?Sized>(x: u32, dice: &mut R) -> Result<ChanceRoll> {
    check(6, x, dice)
}

/// A percentile chance: succeeds when d100 shows `p` or less. `p` must be 0..=100.
pub fn percent<R: DieRoller + ?Sized>(p: u32, dice: &mut R) -> Result<ChanceRoll> {
    check(100, p, dice)
}
