//! A fixed dice roll `NdM+k` (2d6, 1d8+1, 3d6 for a healing draught), as rule tables and stat
//! blocks print one, without going through notation.

use crate::dice::limits::{MAX_SPEC_DICE, MAX_SPEC_MODIFIER};
use crate::dice::source::DieRoller;
use crate::dice::step::{DieSize, RolledDie};
use crate::error::{Error, Result};

/// `count` dice of `size`, plus a flat `modifier` (0 when omitted).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DiceSpec {
    pub count: u32,
    pub size: DieSize,
    #[serde(default)]
    pub modifier: i32,
}

impl DiceSpec {
    /// `count`d`size` with no modifier.
    pub const fn new(count: u32, size: DieSize) -> Self {
        Self {
            count,
            size,
            modifier: 0,
        }
    }

    /// The same dice with a flat modifier.
    pub const fn plus(self, modifier: i32) -> Self {
        Self { modifier, ..self }
    }

    /// At most [`MAX_SPEC_DICE`] dice (zero is allowed) and a modifier within
    /// ±[`MAX_SPEC_MODIFIER`]; otherwise `INVALID_ARGUMENT`.
    pub fn validate(&self) -> Result<()> {
        if self.count > MAX_SPEC_DICE {
            return Err(Error::invalid_argument(format!(
                "at most {MAX_SPEC_DICE} dice may be rolled at once, not {}",
                self.count
            )));
        }
        if self.modifier.unsigned_abs() > MAX_SPEC_MODIFIER.unsigned_abs() {
            return Err(Error::invalid_argument(format!(
                "a dice modifier must be within ±{MAX_SPEC_MODIFIER}, not {}",
                self.modifier
            )));
        }
        Ok(())
    }

    /// Validate, then roll every die, in order (the modifier is not a die: see [`Self::total`]).
    pub fn roll<R: DieRoller + ?Sized>(&self, roller: &mut R) -> Result<Vec<RolledDie>> {
        self.validate()?;
        let sides = self.size.sides();
        (0..self.count)
            .map(|_| roller.roll_die(sides).map(|face| RolledDie { sides, face }))
            .collect()
    }

    /// The faces of `dice` summed, plus the modifier (may be negative).
    pub fn total(&self, dice: &[RolledDie]) -> i64 {
        dice.iter().fold(i64::from(self.modifier), |acc, d| {
            acc.saturating_add(i64::from(d.face))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;

    #[test]
    fn rolls_every_die_and_adds_the_modifier() {
        let spec = DiceSpec::new(2, DieSize::D6).plus(-3);
        let dice = spec.roll(&mut SuppliedDice::new([1, 1])).unwrap();
        assert_eq!(dice, vec![RolledDie { sides: 6, face: 1 }; 2]);
        assert_eq!(spec.total(&dice), -1);
        assert!(
            DiceSpec::new(0, DieSize::D8)
                .roll(&mut SuppliedDice::new([]))
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn limits_are_checked() {
        assert!(DiceSpec::new(MAX_SPEC_DICE, DieSize::D6).validate().is_ok());
        assert!(
            DiceSpec::new(MAX_SPEC_DICE + 1, DieSize::D6)
                .validate()
                .is_err()
        );
        let big = DiceSpec::new(1, DieSize::D6).plus(MAX_SPEC_MODIFIER);
        assert!(big.validate().is_ok());
        assert!(big.plus(-MAX_SPEC_MODIFIER - 1).validate().is_err());
    }

    #[test]
    fn modifier_defaults_to_zero_in_json() {
        let spec: DiceSpec = serde_json::from_str(r#"{"count":3,"size":"d6"}"#).unwrap();
        assert_eq!(spec, DiceSpec::new(3, DieSize::D6));
    }
}
