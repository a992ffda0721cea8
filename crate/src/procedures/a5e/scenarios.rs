//! A5E-SCEN-01..03 (and A5E-MOVE-06): alternative Turn-Based Action scenarios — suspended in
//! water, aloft in the sky, adrift in the Astral Plane.
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
