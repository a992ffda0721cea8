//! OSR/5e hybrid (docs/rules.md §3) procedures: checks and traps, attacks and damage, morale,
//! chases and retreat, special movement. Every roll is d20 + modifiers against a DC or AC,
//! total ≥ target.

pub mod attack;
pub mod chase;
pub mod check;
pub mod morale;
pub mod movement;
pub mod procedures;
pub mod retreat;
pub mod trap;
