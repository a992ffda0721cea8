//! OSE hazards with numbers (OSE-HAZ-01..06, EX-OSE-08).

use crate::dice::ChanceRoll;
use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;
use crate::exploration::chance::{Chance, roll_chance, roll_pool};
use crate::procedures::ose::checks::{OseAbilityCheck, roll_ability_check};
use crate::units::Feet;

/// OSE-HAZ-02: feet of falling per d6.
pub const FEET_PER_FALLING_DIE: u32 = 10;
/// EX-OSE-08: the referee's example: rough water, heavy armor and heavy load.
pub const DROWNING_HEAVY_EXAMPLE: Chance = Chance::percent(99);
/// EX-OSE-08: the same water with light armor and a light load.
pub const DROWNING_LIGHT_EXAMPLE: Chance = Chance::percent(10);

/// Falling damage as rolled.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FallDamage {
    pub dice: Vec<RolledDie>,
    pub damage: u32,
}

/// OSE-HAZ-02: 1d6 per 10 ft fallen onto a hard surface, no cap (C-16). Part of 10 ft is not
/// counted (the number of dice is ⌊distance ÷ 10⌋). At most
/// [`crate::exploration::chance::MAX_POOL_DICE`] dice.
pub fn roll_falling(distance: Feet, roller: &mut (impl DieRoller + ?Sized)) -> Result<FallDamage> {
    let (dice, damage) = roll_pool(distance.0 / FEET_PER_FALLING_DIE, 6, roller)?;
    Ok(FallDamage { dice, damage })
}

/// OSE-HAZ-06: the referee sets a drowning chance ([ADJ]); this rolls it.
pub fn roll_drowning(chance: Chance, roller: &mut (impl DieRoller + ?Sized)) -> Result<ChanceRoll> {
    roll_chance(chance, roller)
}

/// OSE-HAZ-05: swimming is at half movement rate.
pub fn swimming_rate(base: Feet) -> Feet {
    Feet(base.0 / 2)
}

/// OSE-HAZ-04: after a full day or more without food or water the referee may apply penalties
/// (to attack rolls and movement, more rests, or lost HP in extreme cases: [ADJ]). This says
/// only whether the threshold is reached.
pub fn starving(days_without_food_or_water: u32) -> bool {
    days_without_food_or_water >= 1
}

/// OSE-HAZ-01: climbing sheer surfaces needs special equipment or a class ability; otherwise
/// a tense climb may call for a DEX check ([`climb`]).
pub fn can_climb_sheer(has_equipment: bool, class_ability: bool) -> bool {
    has_equipment || class_ability
}

/// One climb (OSE-HAZ-01).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct Climb {
    /// A sheer surface: climbable only with special equipment or a class ability.
    pub sheer: bool,
    pub has_equipment: bool,
    pub class_ability: bool,
    /// A difficult or tense climb the referee calls a DEX check for: the climber's DEX score
    /// (none: no check).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dex_check: Option<u32>,
    /// The check's difficulty (OSE-CHK-02: −4 easy, +4 very difficult).
    pub difficulty: i32,
}

/// How a climb went.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ClimbResult {
    /// False when a sheer surface is beyond the climber (nothing rolled).
    pub can_climb: bool,
    /// The DEX check, when the referee called one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<OseAbilityCheck>,
    /// The climb succeeds: it could be tried, and passed its check if it had one.
    pub success: bool,
}

/// OSE-HAZ-01: a sheer surface first needs equipment or a class ability; then a tense climb
/// is a DEX ability check (OSE-CHK-01..03: d20 + difficulty at most the score).
pub fn climb(c: &Climb, roller: &mut dyn DieRoller) -> Result<ClimbResult> {
    if c.sheer && !can_climb_sheer(c.has_equipment, c.class_ability) {
        return Ok(ClimbResult {
            can_climb: false,
            check: None,
            success: false,
        });
    }
    let check = c
        .dex_check
        .map(|dex| roll_ability_check(roller, dex, c.difficulty))
        .transpose()?;
    Ok(ClimbResult {
        can_climb: true,
        success: check.is_none_or(|k| k.success),
        check,
    })
}
