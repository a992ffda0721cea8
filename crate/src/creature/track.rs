//! A5E tracked conditions (fatigue, strife): the level counters and their recovery rules. What
//! each level does is the conditions module's business; this keeps the numbers.

use crate::creature::limits::MAX_TRACK_LEVEL;
use crate::error::{Error, Result};

/// One track, 0–7 (A5E-TRACK-01). Levels gained during combat are `pending` until the encounter
/// ends (A5E-TRACK-06); the track's level is `effective + pending`, and the conditions module
/// applies only `effective`.
///
/// The levels form a stack with the pending ones on top: a removal takes the most recent
/// (pending) levels first.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Track {
    #[serde(default)]
    pub effective: u8,
    #[serde(default)]
    pub pending: u8,
}

impl Track {
    pub const fn new(effective: u8) -> Self {
        Self {
            effective,
            pending: 0,
        }
    }

    /// The track's level, counting pending levels.
    pub const fn level(&self) -> u8 {
        self.effective.saturating_add(self.pending)
    }

    /// A5E-TRACK-02: a creature suffers the effect of its current level and every lower one, so
    /// the effect of `level` applies when the effective level is at least `level` (and never for
    /// level 0: A5E-TRACK-03).
    pub const fn suffers(&self, level: u8) -> bool {
        level >= 1 && self.effective >= level
    }

    pub fn is_zero(&self) -> bool {
        self.effective == 0 && self.pending == 0
    }

    pub(crate) fn validate(&self, what: &str) -> Result<()> {
        self.validate_up_to(what, MAX_TRACK_LEVEL)
    }

    /// Check the track against its top level (7 for A5E's tracks, 6 for 5e exhaustion).
    pub(crate) fn validate_up_to(&self, what: &str, max: u8) -> Result<()> {
        if u32::from(self.effective) + u32::from(self.pending) > u32::from(max) {
            return Err(Error::invalid_argument(format!(
                "{what} level {} + {} pending is beyond {max}",
                self.effective, self.pending
            )));
        }
        Ok(())
    }

    /// Add up to `levels` (capped at 7), pending or not; returns how many were added.
    pub(crate) fn add(&mut self, levels: u8, pending: bool) -> u8 {
        self.add_up_to(levels, pending, MAX_TRACK_LEVEL)
    }

    /// Add up to `levels`, stopping at `max`; returns how many were added.
    pub(crate) fn add_up_to(&mut self, levels: u8, pending: bool, max: u8) -> u8 {
        let room = max.saturating_sub(self.level());
        let added = levels.min(room);
        if pending {
            self.pending = self.pending.saturating_add(added);
        } else {
            self.effective = self.effective.saturating_add(added);
        }
        added
    }

    /// A5E-TRACK-03: lower the level by `levels`, pending levels first; returns how many went.
    pub(crate) fn remove(&mut self, levels: u8) -> u8 {
        let from_pending = levels.min(self.pending);
        self.pending -= from_pending;
        let from_effective = levels.saturating_sub(from_pending).min(self.effective);
        self.effective -= from_effective;
        from_pending + from_effective
    }

    /// A5E-TRACK-06: the encounter ended; pending levels take effect. Returns whether any did.
    pub(crate) fn promote(&mut self) -> bool {
        if self.pending == 0 {
            return false;
        }
        self.effective = self.effective.saturating_add(self.pending);
        self.pending = 0;
        true
    }
}

/// Validate a caller-supplied count of levels: 1 to 7.
pub(crate) fn check_levels(levels: i32) -> Result<u8> {
    check_levels_up_to(levels, MAX_TRACK_LEVEL)
}

/// Validate a caller-supplied count of levels: 1 to `max`.
#[inline(never)]
pub(crate) fn check_levels_up_to(levels: i32, max: u8) -> Result<u8> {
    u8::try_from(levels)
        .ok()
        .filter(|l| (1..=max).contains(l))
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "a tracked condition changes by 1 to {max} levels, not {levels}"
            ))
        })
}
