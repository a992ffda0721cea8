//! Identifiers used by the effect tracker.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Longest participant id, in bytes.
/// Effects name participants with the encounter's validated id type.
pub use crate::ids::ParticipantId;

/// An active effect's id, issued by the tracker in application order (so clients applying the
/// same commands issue the same ids).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    crate::wire::Wire,
)]
#[serde(transparent)]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
pub struct EffectId(pub u32);

impl fmt::Display for EffectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
