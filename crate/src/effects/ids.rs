//! Identifiers used by the effect tracker.

use std::fmt;

/// Longest participant id, in bytes.
/// Effects name participants with the encounter's validated id type.
pub use crate::ids::ParticipantId;

/// Effect ids from here up are given to effects on participants hidden from players, counted
/// apart, so the ids players see never skip a number for an effect they cannot see.
pub const HIDDEN_EFFECT_IDS: u32 = 1 << 31;

/// An active effect's id, issued by the tracker in application order (so clients applying the
/// same commands issue the same ids).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[serde(transparent)]
pub struct EffectId(pub u32);

impl fmt::Display for EffectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
