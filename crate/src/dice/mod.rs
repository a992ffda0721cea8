//! Dice: sources of faces, notation (text → AST → evaluation), die steps and pools.

pub mod advantage;
mod ast;
pub mod chance;
pub mod countdown;
mod eval;
mod lexer;
pub mod limits;
mod normalize;
mod parser;
pub mod result;
mod roll;
pub mod rolloff;
mod smallbuf;
pub mod source;
pub mod step;
pub mod twice;

pub use advantage::RollMode;
pub use ast::Expression;
pub use chance::{ChanceRoll, chance_in_six, percent};
pub use countdown::{Countdown, CountdownRoll, CountdownSpeed};
pub use result::{DieResult, RollResult, TermKind, TermResult};
pub use roll::{RollOptions, roll, roll_total, roll_with};
pub use rolloff::{RollOff, RollOffConfig, RollOffRoll, RollOffRound, RollOffWinner, roll_off};
pub use source::{
    CryptoDice, DiceSource, DieRoller, SeedState, SeededDice, SourceKind, SuppliedDice,
};
pub use step::{DieSize, RolledDie, StepChain};
pub use twice::{Keep, Kept, TwiceRoll, largest_die, roll_twice};
