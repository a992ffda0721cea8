//! Documented limits on the numbers the A5E procedures accept. Each breach is an
//! `INVALID_ARGUMENT` (or `LIMIT_EXCEEDED` for counts) error, never an overflow or a panic.

use crate::error::{Error, ErrorCode, Result};

/// Largest speed, in feet per round, a creature may have. No creature in the sources comes
/// near it; it only keeps the movement arithmetic far from overflow.
pub const MAX_SPEED_FT: u32 = 10_000;

/// Largest distance, in feet, accepted for a move, a fall, a range or a jump.
pub const MAX_DISTANCE_FT: u32 = 1_000_000;

/// Largest absolute value of a roll modifier (ability modifier, proficiency bonus, other
/// bonuses, save or check modifier): every procedure's limit.
pub use crate::procedures::limits::MAX_MODIFIER;

/// Largest DC or AC accepted.
pub const MAX_DC: i32 = 1_000;

/// Most creatures one world feature or group effect may affect in one resolution.
pub const MAX_TARGETS: usize = 500;

/// Most members in a controlled group (A5E-CTRL-03/04).
pub const MAX_GROUP_MEMBERS: u32 = 500;

/// Most dice one damage expression in these procedures may roll.
pub const MAX_DICE: u32 = 1_000;

/// Largest ability score accepted (scores in the sources run 1–30).
pub const MAX_ABILITY_SCORE: u32 = 100;

/// Largest hit point maximum an object may have.
pub const MAX_OBJECT_HP: u32 = 1_000_000;

/// Largest fatigue or strife level (the tracks end at 7).
pub const MAX_TRACK_LEVEL: u32 = 7;

pub(crate) fn check_modifier(name: &str, value: i32) -> Result<i32> {
    if value.unsigned_abs() > MAX_MODIFIER.unsigned_abs() {
        return Err(Error::invalid_argument(format!(
            "{name} must be between -{MAX_MODIFIER} and {MAX_MODIFIER}, not {value}"
        )));
    }
    Ok(value)
}

pub(crate) fn check_dc(name: &str, value: i32) -> Result<i32> {
    if !(0..=MAX_DC).contains(&value) {
        return Err(Error::invalid_argument(format!(
            "{name} must be between 0 and {MAX_DC}, not {value}"
        )));
    }
    Ok(value)
}

pub(crate) fn check_speed(name: &str, value: u32) -> Result<u32> {
    if value > MAX_SPEED_FT {
        return Err(Error::invalid_argument(format!(
            "{name} must be at most {MAX_SPEED_FT} ft, not {value}"
        )));
    }
    Ok(value)
}

pub(crate) fn check_distance(name: &str, value: u32) -> Result<u32> {
    if value > MAX_DISTANCE_FT {
        return Err(Error::invalid_argument(format!(
            "{name} must be at most {MAX_DISTANCE_FT} ft, not {value}"
        )));
    }
    Ok(value)
}

pub(crate) fn check_count(name: &str, value: usize, max: usize) -> Result<()> {
    if value > max {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!("{name}: at most {max} allowed, got {value}"),
        ));
    }
    Ok(())
}

pub(crate) fn check_track_level(name: &str, value: u32) -> Result<u32> {
    if value > MAX_TRACK_LEVEL {
        return Err(Error::invalid_argument(format!(
            "{name} must be between 0 and {MAX_TRACK_LEVEL}, not {value}"
        )));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_enforced_at_their_edges() {
        assert!(check_modifier("m", MAX_MODIFIER).is_ok());
        assert!(check_modifier("m", -MAX_MODIFIER).is_ok());
        assert!(check_modifier("m", MAX_MODIFIER + 1).is_err());
        assert!(check_modifier("m", i32::MIN).is_err());
        assert!(check_dc("dc", MAX_DC).is_ok());
        assert!(check_dc("dc", -1).is_err());
        assert!(check_speed("s", MAX_SPEED_FT).is_ok());
        assert!(check_speed("s", MAX_SPEED_FT + 1).is_err());
        assert!(check_distance("d", MAX_DISTANCE_FT).is_ok());
        assert!(check_distance("d", MAX_DISTANCE_FT + 1).is_err());
        assert!(check_count("t", MAX_TARGETS, MAX_TARGETS).is_ok());
        assert_eq!(
            check_count("t", MAX_TARGETS + 1, MAX_TARGETS)
                .unwrap_err()
                .code,
            ErrorCode::LimitExceeded
        );
        assert!(check_track_level("f", 7).is_ok());
        assert!(check_track_level("f", 8).is_err());
    }
}
