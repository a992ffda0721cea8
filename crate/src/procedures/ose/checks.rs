//! OSE ability checks (OSE-CHK-01..03): roll 1d20 under the ability score, with a difficulty
//! modifier added to the roll; a natural 1 always succeeds and a natural 20 always fails.

use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::limits::{MAX_ABILITY_SCORE, check_modifier};

/// OSE-CHK-02: a relatively easy check.
pub const EASY_CHECK: i32 = -4;
/// OSE-CHK-02: a very difficult check.
pub const VERY_DIFFICULT_CHECK: i32 = 4;

/// Why a check came out as it did.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum CheckBasis {
    Roll,
    /// A natural 1 always succeeds.
    Natural1,
    /// A natural 20 always fails.
    Natural20,
}

/// A roll-under ability check.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseAbilityCheck {
    pub die: RolledDie,
    pub difficulty: i32,
    pub total: i32,
    pub score: u32,
    pub success: bool,
    pub basis: CheckBasis,
}

/// OSE-CHK-01..03: roll 1d20 + `difficulty` against `score`; at most the score succeeds.
pub fn roll_ability_check(
    roller: &mut dyn DieRoller,
    score: u32,
    difficulty: i32,
) -> Result<OseAbilityCheck> {
    if score > MAX_ABILITY_SCORE {
        return Err(Error::invalid_argument(format!(
            "an ability score must be at most {MAX_ABILITY_SCORE}, not {score}"
        )));
    }
    check_modifier("difficulty", difficulty)?;
    let face = roller.roll_die(20)?;
    let total = i32::try_from(face).unwrap_or(0).saturating_add(difficulty);
    let (success, basis) = match face {
        1 => (true, CheckBasis::Natural1),
        20 => (false, CheckBasis::Natural20),
        _ => (i64::from(total) <= i64::from(score), CheckBasis::Roll),
    };
    Ok(OseAbilityCheck {
        die: RolledDie { sides: 20, face },
        difficulty,
        total,
        score,
        success,
        basis,
    })
}
