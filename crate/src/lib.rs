//! Turnkeeper: a tabletop-RPG rules core.
//!
//! The rules live in plain Rust modules that know nothing of JavaScript; `src/wasm/` (behind the
//! `wasm` feature) only converts between these types and JS values. Rule IDs such as
//! `GH-INIT-13` refer to `RULES.md`, and tests are named after them.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

pub mod ability;
pub mod clock;
pub mod conditions;
pub mod creature;
pub mod dice;
pub mod effects;
pub mod encounter;
pub mod error;
pub mod exploration;
pub mod initiative;
pub mod procedures;
pub mod rulesets;
pub mod units;
pub mod wire;

#[cfg(feature = "wasm")]
pub mod wasm;

pub use error::{Error, ErrorCode, Result};
