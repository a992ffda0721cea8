//! World actions (A5E-WORLD-01..04): the environment's own "turn", at the start of each round
//! before anyone acts (A5E-TBA-05, A5E-WORLD-02), or at the start of each participant's turn in
//! rolling-movement scenes (A5E-SCEN-05). Actions with a recharge are rolled for right after
//! use and then at each round start until they recharge (A5E-WORLD-03).
//!
//! The catalogue of environments is data supplied by the caller (another module ships the A5E
//! one); the encounter only needs an id, a name and a recharge.

use crate::error::Result;
use crate::ids::{Name, WorldActionId};

pub use crate::encounter::recharge::{RECHARGE_DIE, Recharge};

/// An environment's world action (A5E-WORLD-01).
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WorldAction {
    pub id: WorldActionId,
    pub name: Name,
    /// `None`: usable every round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recharge: Option<Recharge>,
}

impl WorldAction {
    pub fn validate(&self) -> Result<()> {
        if let Some(r) = self.recharge {
            Recharge::new(r.min_face)?;
        }
        Ok(())
    }
}

/// A world action and whether it can be used now.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WorldActionState {
    pub action: WorldAction,
    pub charged: bool,
    /// The round whose start-of-round roll recharged it (EX-A5E-15 option).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recharged_in: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a5e_world_03_recharge_thresholds() {
        let r46 = Recharge::new(4).unwrap();
        assert!(!r46.recharges_on(3));
        assert!(r46.recharges_on(4) && r46.recharges_on(6));
        let r6 = Recharge::new(6).unwrap();
        assert!(!r6.recharges_on(5) && r6.recharges_on(6));
        assert!(Recharge::new(1).is_err() && Recharge::new(7).is_err());
    }
}
