//! The rolls the creature rules make themselves (saves, checks, deadlines, ongoing damage), each
//! recorded die by die so a result can be displayed and replayed.

use crate::creature::limits::{MAX_DC, MAX_MODIFIER};
use crate::dice::{DieRoller, DieSize, RolledDie};
use crate::error::{Error, Result};

/// A fixed roll `NdM+k`: the crate-wide [`crate::dice::DiceSpec`].
pub use crate::dice::DiceSpec;
/// How a d20 is rolled: the crate-wide [`crate::dice::RollMode`].
pub use crate::dice::RollMode;

/// Which rule a d20 roll was made for.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum CheckKind {
    /// A5E-DEATH-01 / -08: DC 15 Constitution save against massive damage.
    MassiveDamageSave,
    /// A5E-DEATH-03: death saving throw, success on 10 or more.
    DeathSave,
    /// A5E-DEATH-09: DC 10 Wisdom (Medicine) check to stabilise.
    MedicineCheck,
    /// HYB-DEATH-02: the ally's check to stabilise (DC chosen by the GM).
    HybStabilizeCheck,
    /// HYB-RES-02: 1d20 + CON modifier against 10 + hours beyond resilience.
    ResilienceCheck,
}

/// One d20 roll against a DC, with every die shown.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CheckRoll {
    pub kind: CheckKind,
    pub mode: RollMode,
    /// The d20s rolled (two with advantage or disadvantage).
    pub dice: Vec<RolledDie>,
    /// The face that counts.
    pub natural: u32,
    pub modifier: i32,
    pub total: i32,
    pub dc: i32,
    pub success: bool,
}

/// Check a caller-supplied modifier against [`MAX_MODIFIER`].
pub(crate) fn check_modifier(modifier: i32, what: &str) -> Result<()> {
    if modifier.unsigned_abs() > MAX_MODIFIER.unsigned_abs() {
        return Err(Error::invalid_argument(format!(
            "{what} must be within ±{MAX_MODIFIER}, not {modifier}"
        )));
    }
    Ok(())
}

/// Check a caller-supplied DC against `1..=MAX_DC`.
pub(crate) fn check_dc(dc: i32) -> Result<()> {
    if !(1..=MAX_DC).contains(&dc) {
        return Err(Error::invalid_argument(format!(
            "a DC must be from 1 to {MAX_DC}, not {dc}"
        )));
    }
    Ok(())
}

/// Wraps the caller's roller and records every die, in order, for the result.
pub(crate) struct Dice<'a> {
    roller: &'a mut dyn DieRoller,
    pub(crate) rolled: Vec<RolledDie>,
}

impl<'a> Dice<'a> {
    pub(crate) fn new(roller: &'a mut dyn DieRoller) -> Self {
        Self {
            roller,
            rolled: Vec::new(),
        }
    }

    #[inline(never)]
    pub(crate) fn roll(&mut self, size: DieSize) -> Result<u32> {
        let sides = size.sides();
        let face = self.roller.roll_die(sides)?;
        self.rolled.push(RolledDie { sides, face });
        Ok(face)
    }

    /// Roll `count` dice of `size`; returns the dice and their sum.
    pub(crate) fn roll_many(&mut self, count: u32, size: DieSize) -> Result<(Vec<RolledDie>, u32)> {
        let mut dice = Vec::new();
        let mut sum: u32 = 0;
        for _ in 0..count {
            let face = self.roll(size)?;
            dice.push(RolledDie {
                sides: size.sides(),
                face,
            });
            sum = sum.saturating_add(face);
        }
        Ok((dice, sum))
    }

    /// Roll a [`DiceSpec`]; the total is floored at 0.
    pub(crate) fn roll_spec(&mut self, spec: &DiceSpec) -> Result<(Vec<RolledDie>, u32)> {
        let (dice, sum) = self.roll_many(spec.count, spec.size)?;
        let total = i64::from(sum) + i64::from(spec.modifier);
        Ok((dice, u32::try_from(total.max(0)).unwrap_or(u32::MAX)))
    }

    /// A d20 check against `dc`. A natural 1 and a natural 20 have no meaning here; the rule
    /// that calls this decides what they do.
    pub(crate) fn check(
        &mut self,
        kind: CheckKind,
        modifier: i32,
        dc: i32,
        mode: RollMode,
    ) -> Result<CheckRoll> {
        let first = self.roll(DieSize::D20)?;
        let mut dice = vec![RolledDie {
            sides: 20,
            face: first,
        }];
        let natural = match mode {
            RollMode::Normal => first,
            RollMode::Advantage | RollMode::Disadvantage => {
                let second = self.roll(DieSize::D20)?;
                dice.push(RolledDie {
                    sides: 20,
                    face: second,
                });
                if mode == RollMode::Advantage {
                    first.max(second)
                } else {
                    first.min(second)
                }
            }
        };
        let total = i32::try_from(natural).unwrap_or(0).saturating_add(modifier);
        Ok(CheckRoll {
            kind,
            mode,
            dice,
            natural,
            modifier,
            total,
            dc,
            success: total >= dc,
        })
    }
}
