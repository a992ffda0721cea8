//! Old-School Essentials exploration procedures (docs/rules.md §4.1–4.3, 4.7–4.11).

pub mod dungeon;
pub mod encumbrance;
pub mod hazards;
pub mod party;
pub mod water;
pub mod wilderness;
