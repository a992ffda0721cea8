//! Procedures: the mechanics that encounters and journeys call, and that a VTT can call on their
//! own (attack rolls, movement costs, environment hazards, objects, group control …). Each
//! ruleset's procedures live in their own submodule and roll every die through a caller-supplied
//! [`DieRoller`](crate::dice::DieRoller).

pub mod a5e;
