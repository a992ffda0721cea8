//! Tie roll-offs (docs/rules.md §0: "roll again on tie" and "roll-off" tie-breakers; A5E initiative
//! ties are broken by a d20 roll-off).
//!
//! Each tied entrant rolls a die (d20 by default) and the highest wins. Entrants who tie again
//! roll again among themselves, round after round, until every place is decided. Each round,
//! every group still tied rolls once (groups in rank order, entrants in the order given), and
//! every roll of every round is returned so an event can carry it and another client can
//! replay it. After [`MAX_ROLL_OFF_ROUNDS`] rounds with a tie still standing the roll-off fails
//! with `LIMIT_EXCEEDED` instead of looping (with a d20 that takes odds below 20^-100).

use crate::dice::limits::{MAX_ROLL_OFF_ENTRANTS, MAX_ROLL_OFF_ROUNDS};
use crate::dice::source::DieRoller;
use crate::dice::step::{DieSize, RolledDie};
use crate::error::{Error, ErrorCode, Result};

/// Whether the highest or the lowest roll wins.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum RollOffWinner {
    #[default]
    Highest,
    Lowest,
}

/// How to run a roll-off.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RollOffConfig {
    pub die: DieSize,
    pub winner: RollOffWinner,
}

impl Default for RollOffConfig {
    /// A d20, highest wins.
    fn default() -> Self {
        Self {
            die: DieSize::D20,
            winner: RollOffWinner::Highest,
        }
    }
}

/// One entrant's roll in one round.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RollOffRoll {
    /// Index of the entrant (0-based, in the order the caller listed them).
    pub entrant: u32,
    pub die: RolledDie,
}

/// Every roll of one round, in roll order.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RollOffRound {
    pub rolls: Vec<RollOffRoll>,
}

/// The whole roll-off.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RollOff {
    pub rounds: Vec<RollOffRound>,
    /// Entrant indexes, winner first.
    pub order: Vec<u32>,
}

/// Break a tie among `entrants` (numbered 0..entrants) by rolling off. One entrant needs no
/// rolls. Zero entrants, or more than [`MAX_ROLL_OFF_ENTRANTS`], is `INVALID_ARGUMENT`.
pub fn roll_off<R: DieRoller + ?Sized>(
    entrants: u32,
    config: &RollOffConfig,
    dice: &mut R,
) -> Result<RollOff> {
    if entrants == 0 || entrants > MAX_ROLL_OFF_ENTRANTS {
        return Err(Error::invalid_argument(format!(
            "a roll-off needs from 1 to {MAX_ROLL_OFF_ENTRANTS} entrants, not {entrants}"
        )));
    }
    let sides = config.die.sides();
    // Groups in rank order; a group of more than one is still tied.
    let mut groups: Vec<Vec<u32>> = vec![(0..entrants).collect()];
    let mut rounds = Vec::new();
    while groups.iter().any(|g| g.len() > 1) {
        if rounds.len() >= MAX_ROLL_OFF_ROUNDS as usize {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("the roll-off was still tied after {MAX_ROLL_OFF_ROUNDS} rounds"),
            ));
        }
        let mut rolls = Vec::new();
        let mut next = Vec::with_capacity(groups.len());
        for group in groups {
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            // Ranked by (face, entrant): a group lists its entrants in ascending order (the
            // first is 0..entrants, and each later one keeps its parent's order), so equal
            // faces keep that order inside their new group, as a stable sort by face would.
            // The face is negated when the highest wins, so one ascending sort does both.
            let highest = config.winner == RollOffWinner::Highest;
            let mut scored: Vec<(i32, u32)> = Vec::with_capacity(group.len());
            for entrant in group {
                let face = dice.roll_die(sides)?;
                rolls.push(RollOffRoll {
                    entrant,
                    die: RolledDie { sides, face },
                });
                // Faces are at most MAX_SIDES, well within i32.
                let key = i32::try_from(face).unwrap_or(i32::MAX);
                scored.push((if highest { -key } else { key }, entrant));
            }
            super::order::sort_pairs(&mut scored);
            let mut current: Vec<u32> = Vec::new();
            let mut current_face = None;
            for (face, entrant) in scored {
                if current_face != Some(face) && !current.is_empty() {
                    next.push(core::mem::take(&mut current));
                }
                current_face = Some(face);
                current.push(entrant);
            }
            if !current.is_empty() {
                next.push(current);
            }
        }
        groups = next;
        rounds.push(RollOffRound { rolls });
    }
    Ok(RollOff {
        rounds,
        order: groups.into_iter().flatten().collect(),
    })
}
