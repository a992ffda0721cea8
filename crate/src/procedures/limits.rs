//! Documented limits on what procedures accept. Anything beyond them is an `INVALID_ARGUMENT`
//! error, never a panic, an overflow or a loop the size of the request.

use crate::error::{Error, Result};

/// Largest absolute value of any caller-supplied modifier (ability modifier, proficiency bonus,
/// situational or referee adjustment). Real values are single digits; this only keeps the
/// arithmetic far from overflow.
pub const MAX_MODIFIER: i32 = 1_000;

/// Largest difficulty class or armour class accepted, in absolute value.
pub const MAX_DC: i32 = 1_000;

/// Largest ability score accepted (scores are normally 3–18; monsters and magic go beyond).
pub const MAX_ABILITY_SCORE: u32 = 100;

/// Largest movement rate or speed, in feet (OSE base rates are at most a few hundred).
pub const MAX_SPEED_FEET: u32 = 100_000;

/// Largest size of a fleeing group or count of pursuers.
pub const MAX_GROUP_SIZE: u32 = 1_000_000;

/// Largest distance (in its own unit) a pursuit or encounter may start at.
pub const MAX_DISTANCE: u32 = 10_000_000;

/// Most participants in one chase or one morale plan.
pub const MAX_PARTICIPANTS: usize = 1_000;

/// Most dice in one damage roll: the crate-wide [`DiceSpec`](crate::dice::DiceSpec) limit.
pub const MAX_DAMAGE_DICE: u32 = crate::dice::limits::MAX_SPEC_DICE;

/// Longest participant id, in bytes.
pub const MAX_ID_LEN: usize = 128;

/// Check that `value` lies within ±[`MAX_MODIFIER`]; `what` names it in the error.
pub fn check_modifier(what: &str, value: i32) -> Result<i32> {
    if value.unsigned_abs() > MAX_MODIFIER.unsigned_abs() {
        return Err(Error::invalid_argument(format!(
            "{what} must be between -{MAX_MODIFIER} and {MAX_MODIFIER}, not {value}"
        )));
    }
    Ok(value)
}

/// Check that a DC or AC lies within ±[`MAX_DC`].
pub fn check_dc(what: &str, value: i32) -> Result<i32> {
    if value.unsigned_abs() > MAX_DC.unsigned_abs() {
        return Err(Error::invalid_argument(format!(
            "{what} must be between -{MAX_DC} and {MAX_DC}, not {value}"
        )));
    }
    Ok(value)
}

/// Check a speed or movement rate in feet against [`MAX_SPEED_FEET`].
pub fn check_speed(what: &str, feet: u32) -> Result<u32> {
    if feet > MAX_SPEED_FEET {
        return Err(Error::invalid_argument(format!(
            "{what} must be at most {MAX_SPEED_FEET} ft, not {feet}"
        )));
    }
    Ok(feet)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    #[test]
    fn limits_accept_their_bounds_and_refuse_beyond() {
        assert!(check_modifier("m", MAX_MODIFIER).is_ok());
        assert!(check_modifier("m", -MAX_MODIFIER).is_ok());
        assert_eq!(
            check_modifier("m", MAX_MODIFIER + 1).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert!(check_modifier("m", i32::MIN).is_err());
        assert!(check_dc("dc", -MAX_DC).is_ok());
        assert!(check_dc("dc", MAX_DC + 1).is_err());
        assert!(check_speed("s", MAX_SPEED_FEET).is_ok());
        assert!(check_speed("s", MAX_SPEED_FEET + 1).is_err());
    }
}
