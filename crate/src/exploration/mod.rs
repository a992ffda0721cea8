//! Exploration: dungeon turns, travel turns, wilderness and waterborne days, rests, and the
//! event-sourced [`journey::Journey`] that runs them.

pub mod units;
