//! Exploration: dungeon turns, travel turns, wilderness and waterborne days, rests, and the
//! event-sourced journey that runs them.

pub mod a5e;
pub mod chance;
pub mod hyb;
pub mod journey;
pub mod ose;
pub mod units;
