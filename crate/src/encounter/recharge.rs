//! A5E-WORLD-03: world-action recharge.

use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};

/// "Recharge X–6": the smallest d6 face that recharges the action ("Recharge 6" is 6).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct Recharge {
    pub min_face: u32,
}

/// One recharge roll.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RechargeRoll {
    pub die: RolledDie,
    pub recharged: bool,
}

/// The recharge die (A5E-WORLD-03).
pub const RECHARGE_DIE: u32 = 6;

impl Recharge {
    /// A recharge on `min_face`–6 (1..=6).
    pub fn new(min_face: u32) -> Result<Self> {
        if !(2..=6).contains(&min_face) {
            return Err(Error::invalid_argument(format!(
                "a recharge is \"Recharge X–6\" with X from 2 to 6, not {min_face}"
            )));
        }
        Ok(Self { min_face })
    }

    /// Does a d6 showing `face` recharge it?
    pub const fn recharges_on(self, face: u32) -> bool {
        face >= self.min_face
    }

    /// Roll the d6.
    pub fn roll(self, roller: &mut dyn DieRoller) -> Result<RechargeRoll> {
        let face = roller.roll_die(RECHARGE_DIE)?;
        Ok(RechargeRoll {
            die: RolledDie {
                sides: RECHARGE_DIE,
                face,
            },
            recharged: self.recharges_on(face),
        })
    }

    /// How the sources print it: "Recharge 4–6", or "Recharge 6".
    pub fn label(self) -> String {
        if self.min_face >= 6 {
            "Recharge 6".to_string()
        } else {
            format!("Recharge {}–6", self.min_face)
        }
    }
}
