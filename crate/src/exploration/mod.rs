//! Exploration: dungeon turns, travel turns, wilderness and waterborne days, rests, and the
//! event-sourced journey that runs them.
//!
//! - [`journey::Journey`]: the state machine a client drives (`execute`, `apply`, `to_json`,
//!   `from_json`); everything below is reachable through its commands.
//! - [`hyb`]: the OSR/5e hybrid's travel turns, rolling to return, overland and overwater
//!   distances, corruption, load, coins and loot (docs/rules.md §3.9–3.12, 3.14, 3.16).
//! - [`ose`]: Old-School Essentials' party administration, encumbrance, hazards, dungeon,
//!   wilderness and waterborne procedures (docs/rules.md §4.1–4.3, 4.7–4.11).
//! - [`units`]: feet, yards, miles and coin weights as distinct types (OSE-MEAS, OSE-WILD-01).
//! - [`chance`]: X-in-6, percentile and d20 rolls through the caller's dice source.

pub mod chance;
pub mod hyb;
pub mod journey;
pub mod ose;
pub mod procedures;
/// Distance and weight units live in [`crate::units`], shared with the procedures.
pub use crate::units;
