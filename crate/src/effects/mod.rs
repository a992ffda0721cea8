//! Active effects, durations and the expiry engine.
//!
//! - [`EffectTracker`] holds every participant's effects, follows the encounter through
//!   [`Boundary`] values, and returns the [`Expiry`]s each boundary causes, in order, with
//!   reasons (and, for Greyhawk, the d20s that ordered them, GH-DUR-03).
//! - [`Duration`] is what the rules text says ("until the start of your next turn"); [`Due`]
//!   is the precise point it resolves to when applied. The module docs of [`duration`] define
//!   every case, including removed anchors, delayed creatures and rounds that reorder.
//! - [`EffectTracker::remaining`] / [`EffectTracker::views`] give the time left for a UI.

pub mod boundary;
pub mod duration;
pub mod ids;
pub mod order;
pub mod participant_set;
pub mod snapshot;
pub mod tracker;

pub use boundary::Boundary;
pub use duration::MAX_SECONDS_PER_ROUND;
pub use duration::{
    Anchoring, Due, Duration, DurationRules, Edge, EncounterEndPolicy, MAX_CLOCK_SECONDS,
    MAX_DURATION_ROUNDS, MAX_DURATION_SECONDS, Remaining, RestKind, SimultaneousOrder,
};
pub use ids::{EffectId, ParticipantId};
pub use order::{MAX_TIE_PASSES, order_by_d20};
pub use participant_set::ParticipantSet;
pub use snapshot::{EffectRecord, SNAPSHOT_VERSION, TrackerSnapshot};
pub use tracker::{
    ActiveEffect, Added, ConcentrationEnd, EffectSpec, EffectTracker, EffectView, Expiry,
    ExpiryReason, MAX_BATCH, MAX_EFFECT_NAME_LEN, MAX_EFFECTS, MAX_EFFECTS_PER_PARTICIPANT,
    MAX_TURNS_PER_ROUND, Position,
};
