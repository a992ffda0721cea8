//! Old-School Essentials (docs/rules.md §4) procedures: encounter openings, reaction, morale, evasion
//! and pursuit, attacks with the attack matrix, saving throws and ability checks.

pub mod attack;
pub mod checks;
pub mod combat;
pub mod damage;
pub mod encounter;
pub mod evasion;
pub mod hazards;
pub mod matrix;
pub mod morale;
pub mod movement;
pub mod procedures;
pub mod pursuit;
pub mod reaction;
pub mod running;
pub mod saves;
pub mod surprise;

pub use movement::MovementRate;
