//! Percentile chances, X-in-6 chances and plain dice pools, as RULES.md §0 defines them:
//! "p%" succeeds on a d100 result ≤ p; "X-in-6" succeeds on a d6 result ≤ X.

use serde::{Deserialize, Serialize};

use crate::dice::limits::MAX_SIDES;
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::limits::MAX_DAMAGE_DICE;

/// A chance in whole percent, 0–100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Percent(u8);

impl Percent {
    /// A percentage from 0 to 100.
    pub fn new(value: u32) -> Result<Self> {
        u8::try_from(value)
            .ok()
            .filter(|v| *v <= 100)
            .map(Self)
            .ok_or_else(|| {
                Error::invalid_argument(format!("a chance must be 0–100%, not {value}%"))
            })
    }

    /// A percentage clamped into 0–100 (for computed chances with modifiers).
    pub fn clamped(value: i64) -> Self {
        Self(u8::try_from(value.clamp(0, 100)).unwrap_or(100))
    }

    pub const fn value(self) -> u32 {
        self.0 as u32
    }
}

impl TryFrom<u32> for Percent {
    type Error = Error;
    fn try_from(value: u32) -> Result<Self> {
        Self::new(value)
    }
}

impl From<Percent> for u32 {
    fn from(p: Percent) -> u32 {
        p.value()
    }
}

/// A percentile roll against a chance: succeeds when the d100 shows at most the chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PercentileRoll {
    pub die: RolledDie,
    pub chance: Percent,
    pub success: bool,
}

/// Roll d100 against `chance`.
pub fn roll_percent(roller: &mut dyn DieRoller, chance: Percent) -> Result<PercentileRoll> {
    let face = roller.roll_die(100)?;
    Ok(PercentileRoll {
        die: RolledDie { sides: 100, face },
        chance,
        success: face <= chance.value(),
    })
}

/// An X-in-6 roll: succeeds when the d6 shows at most `in_six`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct InSixRoll {
    pub die: RolledDie,
    pub in_six: u32,
    pub success: bool,
}

/// Roll a d6 against an X-in-6 chance (`in_six` 0–6).
pub fn roll_in_six(roller: &mut dyn DieRoller, in_six: u32) -> Result<InSixRoll> {
    if in_six > 6 {
        return Err(Error::invalid_argument(format!(
            "an X-in-6 chance needs X from 0 to 6, not {in_six}"
        )));
    }
    let face = roller.roll_die(6)?;
    Ok(InSixRoll {
        die: RolledDie { sides: 6, face },
        in_six,
        success: face <= in_six,
    })
}

/// `count` dice of `sides` sides, summed (e.g. 2d6, 1d8). Used for damage and fixed rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct DiceSpec {
    pub count: u32,
    pub sides: u32,
}

impl DiceSpec {
    pub const fn new(count: u32, sides: u32) -> Self {
        Self { count, sides }
    }

    /// At most [`MAX_DAMAGE_DICE`] dice of 1 to `MAX_SIDES` sides; zero dice is allowed.
    pub fn validate(self) -> Result<Self> {
        if self.count > MAX_DAMAGE_DICE {
            return Err(Error::invalid_argument(format!(
                "at most {MAX_DAMAGE_DICE} dice may be rolled at once, not {}",
                self.count
            )));
        }
        if self.sides == 0 || self.sides > MAX_SIDES {
            return Err(Error::invalid_argument(format!(
                "a die must have 1 to {MAX_SIDES} sides, not {}",
                self.sides
            )));
        }
        Ok(self)
    }

    /// Roll every die, in order.
    pub fn roll(self, roller: &mut dyn DieRoller) -> Result<Vec<RolledDie>> {
        self.validate()?;
        (0..self.count)
            .map(|_| {
                roller.roll_die(self.sides).map(|face| RolledDie {
                    sides: self.sides,
                    face,
                })
            })
            .collect()
    }
}

/// Sum of the faces (saturating; at most `MAX_DAMAGE_DICE` × `MAX_SIDES`, far below `u32::MAX`).
pub fn sum_faces(dice: &[RolledDie]) -> u32 {
    dice.iter().fold(0u32, |acc, d| acc.saturating_add(d.face))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;

    #[test]
    fn percent_is_validated_and_rolls_at_or_under() {
        assert!(Percent::new(101).is_err());
        let p = Percent::new(70).unwrap();
        let mut d = SuppliedDice::new([70, 71]);
        assert!(roll_percent(&mut d, p).unwrap().success);
        assert!(!roll_percent(&mut d, p).unwrap().success);
        assert_eq!(Percent::clamped(-20).value(), 0);
        assert_eq!(Percent::clamped(120).value(), 100);
        let json: std::result::Result<Percent, _> = serde_json::from_str("150");
        assert!(json.is_err());
    }

    #[test]
    fn in_six_and_pools() {
        let mut d = SuppliedDice::new([3, 4, 2, 5]);
        assert!(roll_in_six(&mut d, 3).unwrap().success);
        assert!(!roll_in_six(&mut d, 3).unwrap().success);
        assert!(roll_in_six(&mut d, 7).is_err());
        let dice = DiceSpec::new(2, 6).roll(&mut d).unwrap();
        assert_eq!(sum_faces(&dice), 7);
        assert!(DiceSpec::new(MAX_DAMAGE_DICE + 1, 6).validate().is_err());
        assert!(DiceSpec::new(1, 0).validate().is_err());
    }
}
