//! The running record of one operation: dice, checks and outcomes, turned into a report when
//! the operation succeeds.

use crate::creature::damage::DamageBreakdown;
use crate::creature::outcome::{DamageReport, Outcome, Report};
use crate::creature::roll::{CheckKind, CheckRoll, Dice, RollMode};
use crate::dice::{DieRoller, DieSize};
use crate::error::Result;

pub(crate) struct Log<'a> {
    pub(crate) dice: Dice<'a>,
    pub(crate) checks: Vec<CheckRoll>,
    pub(crate) outcomes: Vec<Outcome>,
}

impl<'a> Log<'a> {
    pub(crate) fn new(roller: &'a mut dyn DieRoller) -> Self {
        Self {
            dice: Dice::new(roller),
            checks: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, outcome: Outcome) {
        self.outcomes.push(outcome);
    }

    /// Roll a d20 check, record it, and return it.
    pub(crate) fn check(
        &mut self,
        kind: CheckKind,
        modifier: i32,
        dc: i32,
        mode: RollMode,
    ) -> Result<CheckRoll> {
        let roll = self.dice.check(kind, modifier, dc, mode)?;
        self.checks.push(roll.clone());
        Ok(roll)
    }

    pub(crate) fn roll(&mut self, size: DieSize) -> Result<u32> {
        self.dice.roll(size)
    }

    pub(crate) fn into_report(self) -> Report {
        Report {
            dice: self.dice.rolled,
            checks: self.checks,
            outcomes: self.outcomes,
        }
    }

    pub(crate) fn into_damage_report(
        self,
        breakdown: DamageBreakdown,
        temp_hp_absorbed: u32,
        hp_lost: u32,
    ) -> DamageReport {
        DamageReport {
            breakdown,
            temp_hp_absorbed,
            hp_lost,
            dice: self.dice.rolled,
            checks: self.checks,
            outcomes: self.outcomes,
        }
    }
}

/// A roller that has no faces, for operations that roll nothing (so they can share the
/// internal code paths that take a [`Log`]). Any roll through it is an error, never a panic.
pub(crate) struct NoDice;

impl DieRoller for NoDice {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        Err(crate::error::Error::new(
            crate::error::ErrorCode::FacesExhausted,
            format!("this operation does not roll dice, but a d{sides} was needed"),
        ))
    }
    fn kind(&self) -> crate::dice::SourceKind {
        crate::dice::SourceKind::Supplied
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    /// Operations that roll nothing run through `NoDice`: a roll there is a bug in the
    /// operation, reported as an error instead of a made-up face.
    #[test]
    fn no_dice_refuses_every_roll() {
        let mut dice = NoDice;
        for sides in [1, 6, 20] {
            let e = dice.roll_die(sides).unwrap_err();
            assert_eq!(e.code, ErrorCode::FacesExhausted);
            assert!(e.message.contains(&format!("d{sides}")), "{}", e.message);
        }
        assert_eq!(dice.kind(), crate::dice::SourceKind::Supplied);
    }
}
