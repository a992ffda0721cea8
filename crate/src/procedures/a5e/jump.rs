//! A5E-MOVE-17..20: jumping distances, obstacles and landing.

use super::dice::{D20Test, D20TestRoll};
use super::limits;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// A running jump needs at least 10 ft of movement on foot immediately before it.
pub const RUN_UP_FT: u32 = 10;
/// DC of the Strength (Athletics) check to clear a low obstacle (A5E-MOVE-18).
pub const OBSTACLE_DC: i32 = 10;
/// DC of the Dexterity (Acrobatics) check to land on one's feet in difficult terrain.
pub const LANDING_DC: i32 = 10;

/// A5E-MOVE-17: a long jump covers up to the Strength **score** in feet, after a run-up of at
/// least 10 ft on foot. The sources give no standing long jump, so without the run-up this is
/// `NOT_ALLOWED`.
pub fn long_jump_ft(strength_score: u32, run_up_ft: u32) -> Result<u32> {
    if strength_score > limits::MAX_ABILITY_SCORE {
        return Err(Error::invalid_argument(format!(
            "ability scores run up to {}, not {strength_score}",
            limits::MAX_ABILITY_SCORE
        )));
    }
    if run_up_ft < RUN_UP_FT {
        return Err(Error::not_allowed(format!(
            "a long jump needs a run-up of at least {RUN_UP_FT} ft on foot (A5E-MOVE-17)"
        )));
    }
    Ok(strength_score)
}

/// A5E-MOVE-19: high jump height in feet. Running (after a 10 ft run-up): 3 + Strength
/// modifier, minimum 0. Standing: half that.
pub fn high_jump_ft(strength_modifier: i32, running: bool) -> Result<f64> {
    limits::check_modifier("strengthModifier", strength_modifier)?;
    let full = f64::from(strength_modifier.saturating_add(3).max(0));
    Ok(if running { full } else { full / 2.0 })
}

/// A5E-MOVE-20: how high a jumping creature can reach: jump height + 1.5 × its height (arms
/// extend half its height).
pub fn jump_reach_ft(jump_height_ft: f64, creature_height_ft: f64) -> Result<f64> {
    let valid = |v: f64| v.is_finite() && v >= 0.0 && v <= f64::from(limits::MAX_DISTANCE_FT);
    if !valid(jump_height_ft) || !valid(creature_height_ft) {
        return Err(Error::invalid_argument(
            "heights must be finite, non-negative and within the distance limit",
        ));
    }
    Ok(jump_height_ft + 1.5 * creature_height_ft)
}

/// A5E-MOVE-18: what a low obstacle in a jump's path asks for.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ObstacleClearance {
    /// No taller than ¼ of the jump: the Narrator may call for a DC 10 Strength (Athletics)
    /// check; on a failure the jumper crashes into it.
    Clearable { dc: i32 },
    /// Taller than ¼ of the jump: not a low obstacle this jump can clear.
    TooTall,
}

/// A5E-MOVE-18: can a jump of `jump_ft` clear an obstacle `obstacle_ft` tall?
pub fn obstacle_clearance(obstacle_ft: f64, jump_ft: u32) -> Result<ObstacleClearance> {
    if !obstacle_ft.is_finite() || obstacle_ft < 0.0 {
        return Err(Error::invalid_argument(
            "obstacle height must be finite and ≥ 0",
        ));
    }
    Ok(if obstacle_ft * 4.0 <= f64::from(jump_ft) {
        ObstacleClearance::Clearable { dc: OBSTACLE_DC }
    } else {
        ObstacleClearance::TooTall
    })
}

/// A landing, as rolled.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Landing {
    /// The Dexterity (Acrobatics) check, when the landing is in difficult terrain.
    pub check: Option<D20TestRoll>,
    pub prone: bool,
}

/// A5E-MOVE-18: land a jump. In difficult terrain the jumper makes a DC 10 Dexterity
/// (Acrobatics) check (`acrobatics`) and falls prone on a failure; elsewhere nothing is rolled.
pub fn land(
    in_difficult_terrain: bool,
    acrobatics: &D20Test,
    roller: &mut dyn DieRoller,
) -> Result<Landing> {
    if !in_difficult_terrain {
        return Ok(Landing {
            check: None,
            prone: false,
        });
    }
    let roll = acrobatics.roll(roller)?;
    Ok(Landing {
        prone: roll.total < LANDING_DC,
        check: Some(roll),
    })
}
