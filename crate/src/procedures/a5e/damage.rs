//! Damage types and rolled damage, as the A5E procedures report them.
//!
//! The full damage pipeline (resistance, vulnerability, temporary HP) belongs to the creature
//! module; these procedures only report what was rolled and the halvings their own rules apply.

use super::dice::{self, Dice};
use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;

pub use crate::creature::DamageType;

/// Damage dice with a type. `damage_type` is `None` where the source prints no type.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct DamageDice {
    pub dice: Dice,
    pub damage_type: Option<DamageType>,
}

/// Damage as rolled: every die, the flat bonus, and the total (never below 0, A5E-DMG-01).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DamageRoll {
    pub dice: Vec<RolledDie>,
    pub bonus: i32,
    pub total: u32,
    pub damage_type: Option<DamageType>,
}

impl DamageDice {
    pub const fn new(
        count: u32,
        die: crate::dice::DieSize,
        damage_type: Option<DamageType>,
    ) -> Self {
        Self {
            dice: Dice::new(count, die),
            damage_type,
        }
    }

    /// Roll the dice and add `bonus`; the total never drops below 0 (A5E-DMG-01).
    pub fn roll(&self, bonus: i32, roller: &mut dyn DieRoller) -> Result<DamageRoll> {
        let dice = self.dice.roll(roller)?;
        Ok(DamageRoll {
            total: add_bonus(dice::sum(&dice), bonus),
            dice,
            bonus,
            damage_type: self.damage_type,
        })
    }
}

/// `base + bonus`, floored at 0 (A5E-DMG-01: penalties reduce damage to 0, never below).
pub fn add_bonus(base: u32, bonus: i32) -> u32 {
    if bonus >= 0 {
        base.saturating_add(bonus.unsigned_abs())
    } else {
        base.saturating_sub(bonus.unsigned_abs())
    }
}

/// Half of an amount, rounded down (the 5e convention the sources assume; docs/rules.md G-27).
pub const fn halve(amount: u32) -> u32 {
    amount / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DieSize, SuppliedDice};

    #[test]
    fn a5e_dmg_01_penalties_floor_at_zero() {
        let d = DamageDice::new(1, DieSize::D4, Some(DamageType::Bludgeoning));
        let r = d.roll(-5, &mut SuppliedDice::new([3])).unwrap();
        assert_eq!(r.total, 0);
        let r = d.roll(2, &mut SuppliedDice::new([3])).unwrap();
        assert_eq!(r.total, 5);
    }

    #[test]
    fn a5e_dmg_05_thirteen_types() {
        assert_eq!(DamageType::ALL.len(), 13);
    }
}
