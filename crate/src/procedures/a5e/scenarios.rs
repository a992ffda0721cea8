//! A5E-SCEN-01..05 (and A5E-MOVE-06): alternative Turn-Based Action scenarios — suspended in
//! water, aloft in the sky, adrift in the Astral Plane, rolling movement (races and chases).
//!
//! The attack-roll rules of SCEN-01 are applied by `attack_situation` through
//! `AttackEnvironment::SuspendedInWater`, its damage halving by
//! [`environment::underwater::water_damage`](super::environment::underwater::water_damage), and
//! SCEN-02's half-cost descent by `MoveStep::downward_aloft`.

use super::ability::Ability;
use super::limits;
use super::movement::CostRate;
use crate::error::Result;

/// A5E-SCEN-01: suspended in water, Dexterity ability checks have disadvantage unless the
/// creature has a swim speed.
pub fn suspended_check_disadvantage(ability: Ability, has_swim_speed: bool) -> bool {
    ability == Ability::Dex && !has_swim_speed
}

/// A5E-SCEN-02: aloft in the sky, a creature that is knocked prone, is restrained, or has no
/// fly speed automatically starts to fall.
pub const fn starts_falling_aloft(prone: bool, restrained: bool, has_fly_speed: bool) -> bool {
    prone || restrained || !has_fly_speed
}

/// A5E-MOVE-06: a flying creature may fall if it is knocked prone or its Speed drops to 0.
pub const fn flyer_may_fall(knocked_prone: bool, fly_speed_ft: u32) -> bool {
    knocked_prone || fly_speed_ft == 0
}

/// A5E-SCEN-02: movement spent to move `distance_ft` willingly straight down while aloft —
/// half, rounded up (EX-A5E-13: 10 ft down costs 5 ft).
pub fn aloft_descent_cost(distance_ft: u32) -> Result<u32> {
    limits::check_distance("distanceFt", distance_ft)?;
    let rate = CostRate {
        numerator: 1,
        denominator: 2,
    };
    Ok(u32::try_from(rate.cost(distance_ft)).unwrap_or(u32::MAX))
}

/// A5E-SCEN-03: adrift in an astral or space-like environment, each creature flies at
/// 30 ft + 5 ft × its Intelligence modifier (never below 0).
pub fn astral_fly_speed(intelligence_modifier: i32) -> Result<u32> {
    limits::check_modifier("intelligenceModifier", intelligence_modifier)?;
    let speed = 30 + 5 * intelligence_modifier;
    Ok(u32::try_from(speed.max(0)).unwrap_or(0))
}

/// A5E-SCEN-03: creatures and objects there are vulnerable to psychic damage unless proficient
/// in Wisdom or Intelligence saving throws.
pub const fn astral_psychic_vulnerable(
    proficient_wis_save: bool,
    proficient_int_save: bool,
) -> bool {
    !proficient_wis_save && !proficient_int_save
}

/// A5E-SCEN-04: the base speed per round of a rolling-movement scene when the Narrator sets
/// none of their own.
pub const ROLLING_DEFAULT_SPEED_FT: u32 = 30;

/// A5E-SCEN-04: a rolling-movement scene's usual base speed per round (a race, a chase, a moving
/// vehicle): the base Speed of the second-slowest active participant, or 30 ft when fewer than
/// two take part. (The source offers both, "typically 30 ft or" the second-slowest's Speed; the
/// second-slowest needs the participants, so it is computed here and 30 ft is the constant.)
pub fn rolling_base_speed(speeds_ft: &[u32]) -> Result<u32> {
    limits::check_count("speeds", speeds_ft.len(), limits::MAX_TARGETS)?;
    let mut sorted = Vec::with_capacity(speeds_ft.len());
    for &speed in speeds_ft {
        limits::check_speed("speed", speed)?;
        sorted.push(speed);
    }
    crate::sorting::sort_by(&mut sorted, |a, b| a.cmp(b));
    Ok(sorted.get(1).copied().unwrap_or(ROLLING_DEFAULT_SPEED_FT))
}

/// A5E-SCEN-05: in rolling movement, basic movement cannot carry a participant further forward
/// unless it Dashes or takes an improvised action (sideways or slowing down is always allowed).
pub const fn rolling_forward_allowed(dashing: bool, improvised_action: bool) -> bool {
    dashing || improvised_action
}
