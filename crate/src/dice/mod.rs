//! Dice: sources of faces, notation (text → AST → evaluation), die steps and pools.

pub mod limits;
pub mod source;
pub mod step;

pub use source::{
    CryptoDice, DiceSource, DieRoller, SeedState, SeededDice, SourceKind, SuppliedDice,
};
pub use step::{DieSize, RolledDie, StepChain};
