//! OSE hazards with numbers (OSE-HAZ-01..06, EX-OSE-08).

use serde::{Deserialize, Serialize};

use crate::dice::ChanceRoll;
use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;
use crate::exploration::chance::{Chance, roll_chance, roll_pool};
use crate::units::Feet;

/// OSE-HAZ-02: feet of falling per d6.
pub const FEET_PER_FALLING_DIE: u32 = 10;
/// EX-OSE-08: the referee's example: rough water, heavy armor and heavy load.
pub const DROWNING_HEAVY_EXAMPLE: Chance = Chance::percent(99);
/// EX-OSE-08: the same water with light armor and a light load.
pub const DROWNING_LIGHT_EXAMPLE: Chance = Chance::percent(10);

/// Falling damage as rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
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
/// a tense climb may call for a DEX check (rolled with the ability-check rules, not here).
pub fn can_climb_sheer(has_equipment: bool, class_ability: bool) -> bool {
    has_equipment || class_ability
}
