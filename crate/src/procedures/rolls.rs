//! Percentile chances, X-in-6 chances and plain dice pools, as docs/rules.md §0 defines them:
//! "p%" succeeds on a d100 result ≤ p; "X-in-6" succeeds on a d6 result ≤ X. Pools are the
//! crate-wide [`DiceSpec`](crate::dice::DiceSpec).

use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};

/// A chance in whole percent, 0–100.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(try_from = "u32", into = "u32")]
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
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
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
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
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

/// Sum of the faces (saturating; a [`DiceSpec`](crate::dice::DiceSpec) rolls at most 100 dice, far below `u32::MAX`).
pub fn sum_faces(dice: &[RolledDie]) -> u32 {
    dice.iter().fold(0u32, |acc, d| acc.saturating_add(d.face))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DiceSpec, DieSize, SuppliedDice};
    use crate::procedures::limits::MAX_DAMAGE_DICE;

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
        let dice = DiceSpec::new(2, DieSize::D6).roll(&mut d).unwrap();
        assert_eq!(sum_faces(&dice), 7);
        assert!(
            DiceSpec::new(MAX_DAMAGE_DICE + 1, DieSize::D6)
                .validate()
                .is_err()
        );
        let no_such_die = serde_json::from_str::<DiceSpec>(r#"{"count":1,"size":"d0"}"#);
        assert!(no_such_die.is_err());
    }
}
