//! A5E-TURN-01..04: what a creature may still do this turn — action, bonus action, reaction, its
//! free object interaction, and movement (split freely around the others).

use super::movement::MovementBudget;
use crate::error::{Error, Result};

/// A piece of the action economy.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ActionCost {
    Action,
    BonusAction,
    Reaction,
    /// Free actions (talking, dismissing an effect, the first object interaction) are
    /// unlimited.
    Free,
}

/// One creature's action economy across its turn and the round.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TurnBudget {
    pub action: bool,
    pub bonus_action: bool,
    /// A5E-TURN-02: one reaction, usable at any time; once used it returns only at the start
    /// of the creature's next turn.
    pub reaction: bool,
    /// A5E-TURN-03: the first quick interaction with one object is free.
    pub free_object_interaction: bool,
    /// A5E-ACT-04: Disengage taken this turn.
    pub disengaged: bool,
    /// A5E-TURN-01/04: movement, split freely between actions and speeds.
    pub movement: MovementBudget,
}

impl TurnBudget {
    /// Everything available: the state at the start of the creature's turn.
    pub const fn new(movement: MovementBudget) -> Self {
        Self {
            action: true,
            bonus_action: true,
            reaction: true,
            free_object_interaction: true,
            disengaged: false,
            movement,
        }
    }

    /// A5E-TURN-02: the creature's turn starts — action, bonus action, object interaction and
    /// movement renew, and its reaction comes back.
    pub fn start_turn(&mut self) {
        *self = Self::new(self.movement.next_turn());
    }

    /// Whether `cost` is still available.
    pub const fn has(&self, cost: ActionCost) -> bool {
        match cost {
            ActionCost::Action => self.action,
            ActionCost::BonusAction => self.bonus_action,
            ActionCost::Reaction => self.reaction,
            ActionCost::Free => true,
        }
    }

    /// Spend `cost`; `NOT_ALLOWED` (and nothing changes) if it is already used.
    pub fn spend(&mut self, cost: ActionCost) -> Result<()> {
        if !self.has(cost) {
            return Err(Error::not_allowed(format!(
                "{cost:?} already used (A5E-TURN-02)"
            )));
        }
        match cost {
            ActionCost::Action => self.action = false,
            ActionCost::BonusAction => self.bonus_action = false,
            ActionCost::Reaction => self.reaction = false,
            ActionCost::Free => {}
        }
        Ok(())
    }

    /// A5E-TURN-03: interact with an object. The first interaction each turn is free; another
    /// takes the Use an Object action. Returns what it cost.
    pub fn interact_with_object(&mut self) -> Result<ActionCost> {
        if self.free_object_interaction {
            self.free_object_interaction = false;
            return Ok(ActionCost::Free);
        }
        self.spend(ActionCost::Action)?;
        Ok(ActionCost::Action)
    }

    /// A5E-ACT-04: Disengage (an action): movement provokes no opportunity attacks for the rest
    /// of the turn.
    pub fn disengage(&mut self) -> Result<()> {
        self.spend(ActionCost::Action)?;
        self.disengaged = true;
        Ok(())
    }

    /// A5E-ACT-03: the Dash action — spends the action and doubles Speed (refused, with nothing
    /// spent, while the creature suffers fatigue).
    pub fn dash(&mut self, fatigue_level: u32) -> Result<()> {
        if !self.action {
            return Err(Error::not_allowed("Action already used (A5E-TURN-02)"));
        }
        self.movement.dash(fatigue_level)?;
        self.action = false;
        Ok(())
    }
}
