//! A5E-ENV-04: fighting underwater (and the damage halving shared with A5E-SCEN-01).
//!
//! The attack-roll effects are applied by [`crate::procedures::a5e::attack_situation`] through
//! `AttackEnvironment::Underwater`; suffocation is [`super::breath`].

use crate::procedures::a5e::damage::{DamageType, halve};

/// The weapons a creature without a swim speed can use underwater without disadvantage, plus
/// `Other` for every other weapon.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum WaterWeapon {
    Dagger,
    DuelingDagger,
    Javelin,
    Shortsword,
    Spear,
    Trident,
    Other,
}

/// A5E-ENV-04: a creature without a swim speed has disadvantage on attacks with any weapon
/// except dagger, dueling dagger, javelin, shortsword, spear or trident. `weapon` is `None` for
/// attacks made without a weapon.
pub const fn weapon_disadvantage(has_swim_speed: bool, weapon: Option<WaterWeapon>) -> bool {
    !has_swim_speed && matches!(weapon, Some(WaterWeapon::Other))
}

/// A5E-ENV-04 / A5E-SCEN-01: bludgeoning and fire damage are halved in water (rounded down).
/// Other damage, and untyped damage, is unchanged.
pub const fn water_damage(amount: u32, damage_type: Option<DamageType>) -> u32 {
    match damage_type {
        Some(DamageType::Bludgeoning | DamageType::Fire) => halve(amount),
        _ => amount,
    }
}
