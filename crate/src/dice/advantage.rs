//! Advantage and disadvantage.
//!
//! In notation: `d20adv` / `d20dis` (roll the single die twice, keep the higher / lower; the
//! same as `2d20kh1` / `2d20kl1`). From code, [`RollMode`] applies the same change to the
//! first d20 term of any expression, so a sheet can roll `1d20+5` with advantage without
//! rewriting text. docs/rules.md §0: A5E and HYB use 5e's advantage (keep higher); Greyhawk inverts
//! it for initiative dice (GH-DICE-04, see [`crate::dice::twice`]).

use crate::dice::ast::{DieKind, Expression, Modifier, ModifierAt, Node};
use crate::dice::limits::{MAX_DICE, MAX_MODIFIERS_PER_TERM};
use crate::error::{Error, ErrorCode, Result};

/// How a d20 roll is made.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum RollMode {
    #[default]
    Normal,
    /// Roll the d20 twice, keep the higher.
    Advantage,
    /// Roll the d20 twice, keep the lower.
    Disadvantage,
}

impl RollMode {
    pub const fn is_normal(&self) -> bool {
        matches!(self, Self::Normal)
    }

    /// Combine two modes: advantage and disadvantage from different sources cancel (5e base
    /// rule); the same mode twice is still that mode.
    pub fn combine(self, other: RollMode) -> RollMode {
        match (self, other) {
            (Self::Normal, x) | (x, Self::Normal) => x,
            (a, b) if a == b => a,
            _ => Self::Normal,
        }
    }

    /// Combine "is there any source of advantage" and "any source of disadvantage": both
    /// cancel (5e convention), however many of each there are.
    pub const fn from_sources(advantage: bool, disadvantage: bool) -> Self {
        match (advantage, disadvantage) {
            (true, false) => Self::Advantage,
            (false, true) => Self::Disadvantage,
            _ => Self::Normal,
        }
    }

    /// This mode with one more source of advantage and/or disadvantage added.
    pub const fn with(self, advantage: bool, disadvantage: bool) -> Self {
        let adv = advantage || matches!(self, Self::Advantage);
        let dis = disadvantage || matches!(self, Self::Disadvantage);
        Self::from_sources(adv, dis)
    }
}

impl Expression {
    /// Apply advantage or disadvantage to the first d20 term: `1d20+5` becomes `2d20kh1+5`.
    /// The term must be a single d20 without keep/drop modifiers (other modifiers stay and run
    /// first: `1d20r1` becomes `2d20r1kh1`). `Normal` changes nothing. On error the expression
    /// is unchanged.
    pub fn apply_mode(&mut self, mode: RollMode) -> Result<()> {
        let highest = match mode {
            RollMode::Normal => return Ok(()),
            RollMode::Advantage => true,
            RollMode::Disadvantage => false,
        };
        let index = self
            .nodes
            .iter()
            .position(|n| matches!(n, Node::Dice(t) if t.die == DieKind::Standard(20)))
            .ok_or_else(|| {
                Error::invalid_argument("there is no d20 term to roll with advantage")
            })?;
        let Some(Node::Dice(term)) = self.nodes.get(index).copied() else {
            return Err(Error::invalid_argument("there is no d20 term"));
        };
        let has_keep = self
            .modifiers_of(&term)
            .any(|m| matches!(m.modifier, Modifier::Keep { .. } | Modifier::Drop { .. }));
        if term.count != 1 || has_keep {
            return Err(Error::invalid_argument(
                "advantage applies to a single d20 without keep or drop",
            ));
        }
        if term.mods_len >= MAX_MODIFIERS_PER_TERM {
            return Err(Error::at(
                ErrorCode::NotationLimit,
                term.pos as usize,
                format!("more than {MAX_MODIFIERS_PER_TERM} modifiers on one die term"),
            ));
        }
        let dice = self.dice_count.saturating_add(1);
        if dice > MAX_DICE {
            return Err(Error::at(
                ErrorCode::NotationLimit,
                term.pos as usize,
                format!("more than {MAX_DICE} dice in one roll"),
            ));
        }
        // Validated: now change. The new modifier goes right before the term's node (after
        // its other modifiers); later terms' modifier ranges move up by one.
        for (i, node) in self.nodes.iter_mut().enumerate() {
            if let Node::Dice(t) = node {
                if i == index {
                    t.count = 2;
                    t.mods_len = t.mods_len.saturating_add(1);
                } else if i > index {
                    t.mods_start = t.mods_start.saturating_add(1);
                }
            }
        }
        self.nodes.insert(
            index,
            Node::Modifier(ModifierAt {
                modifier: Modifier::Keep { highest, count: 1 },
                pos: term.pos,
            }),
        );
        self.dice_count = dice;
        Ok(())
    }
}
