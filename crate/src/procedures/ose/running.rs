//! OSE-PURSUIT-02: running. Characters run at their base movement rate in feet per round and
//! cannot map; after 30 rounds they are exhausted (−2 to attacks, damage and AC) until they have
//! rested for three full turns.

use crate::error::{Error, Result};

/// Rounds of running after which a character is exhausted.
pub const RUNNING_ROUNDS_BEFORE_EXHAUSTION: u32 = 30;
/// Full turns of rest that end running exhaustion.
pub const EXHAUSTION_REST_TURNS: u32 = 3;
/// Penalty to attack rolls while exhausted.
pub const EXHAUSTED_ATTACK_PENALTY: i32 = -2;
/// Penalty to damage rolls while exhausted.
pub const EXHAUSTED_DAMAGE_PENALTY: i32 = -2;
/// Penalty to Armour Class while exhausted: AC is 2 points worse (a descending AC rises by 2,
/// an ascending AC falls by 2).
pub const EXHAUSTED_AC_PENALTY: i32 = 2;

/// The penalties running exhaustion imposes (all zero when not exhausted).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct RunningPenalties {
    pub attack: i32,
    pub damage: i32,
    /// Points by which AC is worse.
    pub ac_worse_by: i32,
}

/// One character's (or group's) running record.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct RunningTracker {
    /// Rounds run since the last full recovery.
    pub rounds_run: u32,
    pub exhausted: bool,
    /// Full turns rested so far towards recovery.
    pub turns_rested: u32,
}

impl RunningTracker {
    pub const fn new() -> Self {
        Self {
            rounds_run: 0,
            exhausted: false,
            turns_rested: 0,
        }
    }

    /// Run for `rounds` more rounds. Returns whether the character became exhausted now.
    /// Mapping is impossible while running.
    pub fn run(&mut self, rounds: u32) -> bool {
        self.rounds_run = self.rounds_run.saturating_add(rounds);
        self.turns_rested = 0;
        let newly = !self.exhausted && self.rounds_run >= RUNNING_ROUNDS_BEFORE_EXHAUSTION;
        if newly {
            self.exhausted = true;
        }
        newly
    }

    /// Rest for `turns` full turns. After three, exhaustion ends and the running count restarts.
    /// Returns whether exhaustion ended now.
    pub fn rest(&mut self, turns: u32) -> Result<bool> {
        if turns == 0 {
            return Err(Error::invalid_argument("rest for at least one full turn"));
        }
        self.turns_rested = self.turns_rested.saturating_add(turns);
        if self.turns_rested >= EXHAUSTION_REST_TURNS {
            let ended = self.exhausted;
            *self = Self::new();
            return Ok(ended);
        }
        Ok(false)
    }

    /// The penalties in force now.
    pub const fn penalties(&self) -> RunningPenalties {
        if self.exhausted {
            RunningPenalties {
                attack: EXHAUSTED_ATTACK_PENALTY,
                damage: EXHAUSTED_DAMAGE_PENALTY,
                ac_worse_by: EXHAUSTED_AC_PENALTY,
            }
        } else {
            RunningPenalties {
                attack: 0,
                damage: 0,
                ac_worse_by: 0,
            }
        }
    }
}
