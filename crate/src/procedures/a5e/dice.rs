//! Dice helpers shared by the A5E procedures: d20 tests with advantage or disadvantage and an
//! optional expertise die, and fixed dice expressions such as "2d6" with their printed average.

use super::limits::{self, MAX_DICE};
use crate::dice::{DieRoller, DieSize, RolledDie};
use crate::error::{Error, Result};

pub use crate::dice::{D20Roll, RollMode, roll_d20};

pub(crate) const fn die(sides: u32, face: u32) -> RolledDie {
    RolledDie { sides, face }
}

/// A5E-DICE-04: the expertise die's size is never stated by the sources; 1d4 is A5E's standard
/// and the default here. Callers pass another size where a rule grants one (Tumble with the
/// tumbling specialty grants 1d6).
pub const DEFAULT_EXPERTISE_DIE: DieSize = DieSize::D4;

/// One d20 test (attack roll, ability check or saving throw) before it is rolled.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct D20Test {
    pub mode: RollMode,
    /// Every flat modifier summed (ability, proficiency, cover already applied by the caller or
    /// by the helpers in this module, magic, …).
    pub modifier: i32,
    /// An expertise die granted to this roll, if any (A5E-DICE-04).
    pub expertise: Option<DieSize>,
    /// A rattled creature cannot benefit from expertise dice (A5E-DICE-04).
    pub rattled: bool,
}

/// A rolled d20 test with every die shown.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct D20TestRoll {
    pub d20: D20Roll,
    /// The expertise die, when one was granted and the roller is not rattled.
    pub expertise_die: Option<RolledDie>,
    /// True when an expertise die was granted but not rolled because the creature is rattled.
    pub expertise_lost_to_rattled: bool,
    pub modifier: i32,
    pub total: i32,
}

impl D20Test {
    /// A plain test: modifier only, no advantage, no expertise.
    pub const fn flat(modifier: i32) -> Self {
        Self {
            mode: RollMode::Normal,
            modifier,
            expertise: None,
            rattled: false,
        }
    }

    /// Roll it: the d20 (twice with advantage or disadvantage), then the expertise die unless
    /// rattled.
    pub fn roll(&self, roller: &mut dyn DieRoller) -> Result<D20TestRoll> {
        let modifier = limits::check_modifier("modifier", self.modifier)?;
        let d20 = roll_d20(self.mode, roller)?;
        let expertise_die = match (self.expertise, self.rattled) {
            (Some(size), false) => Some(die(size.sides(), roller.roll_die(size.sides())?)),
            _ => None,
        };
        let bonus = expertise_die.map_or(0, |d| i32::try_from(d.face).unwrap_or(0));
        let natural = i32::try_from(d20.natural).unwrap_or(0);
        Ok(D20TestRoll {
            d20,
            expertise_die,
            expertise_lost_to_rattled: self.expertise.is_some() && self.rattled,
            modifier,
            total: natural.saturating_add(bonus).saturating_add(modifier),
        })
    }
}

/// A fixed dice expression "NdM", as printed in the sources' tables and features.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct Dice {
    pub count: u32,
    pub die: DieSize,
}

impl Dice {
    pub const fn new(count: u32, die: DieSize) -> Self {
        Self { count, die }
    }

    /// Roll every die (at most [`MAX_DICE`]).
    pub fn roll(&self, roller: &mut dyn DieRoller) -> Result<Vec<RolledDie>> {
        roll_dice(self.count, self.die, roller)
    }

    /// The average, rounded down, as 5e-style stat blocks print it.
    pub const fn average(&self) -> u32 {
        self.count
            .saturating_mul(self.die.sides().saturating_add(1))
            / 2
    }
}

/// Roll `count` dice of one size.
pub fn roll_dice(count: u32, die: DieSize, roller: &mut dyn DieRoller) -> Result<Vec<RolledDie>> {
    if count > MAX_DICE {
        return Err(Error::invalid_argument(format!(
            "at most {MAX_DICE} dice may be rolled at once, not {count}"
        )));
    }
    let sides = die.sides();
    (0..count)
        .map(|_| roller.roll_die(sides).map(|face| self::die(sides, face)))
        .collect()
}

/// The sum of some dice.
pub fn sum(dice: &[RolledDie]) -> u32 {
    dice.iter().fold(0u32, |acc, d| acc.saturating_add(d.face))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;

    #[test]
    fn advantage_and_disadvantage_keep_higher_and_lower() {
        let mut dice = SuppliedDice::new([4, 17, 4, 17]);
        let adv = roll_d20(RollMode::Advantage, &mut dice).unwrap();
        assert_eq!(adv.natural, 17);
        assert_eq!(adv.dice.len(), 2);
        let dis = roll_d20(RollMode::Disadvantage, &mut dice).unwrap();
        assert_eq!(dis.natural, 4);
    }

    #[test]
    fn both_sources_cancel() {
        assert_eq!(RollMode::from_sources(true, true), RollMode::Normal);
        assert_eq!(RollMode::Advantage.with(false, true), RollMode::Normal);
        assert_eq!(RollMode::Normal.with(true, false), RollMode::Advantage);
    }

    #[test]
    fn a5e_dice_04_expertise_die_added_unless_rattled() {
        let test = D20Test {
            mode: RollMode::Normal,
            modifier: 3,
            expertise: Some(DEFAULT_EXPERTISE_DIE),
            rattled: false,
        };
        let r = test.roll(&mut SuppliedDice::new([10, 4])).unwrap();
        assert_eq!(r.expertise_die, Some(die(4, 4)));
        assert_eq!(r.total, 17);
        let rattled = D20Test {
            rattled: true,
            ..test
        };
        let r = rattled.roll(&mut SuppliedDice::new([10])).unwrap();
        assert_eq!(r.expertise_die, None);
        assert!(r.expertise_lost_to_rattled);
        assert_eq!(r.total, 13);
    }

    #[test]
    fn dice_averages_round_down() {
        assert_eq!(Dice::new(5, DieSize::D10).average(), 27);
        assert_eq!(Dice::new(3, DieSize::D6).average(), 10);
        assert_eq!(Dice::new(1, DieSize::D4).average(), 2);
    }

    #[test]
    fn too_many_dice_is_an_error() {
        let mut dice = SuppliedDice::new([]);
        assert!(roll_dice(MAX_DICE + 1, DieSize::D6, &mut dice).is_err());
    }
}
