//! Turnkeeper: a tabletop-RPG rules core.
//!
//! The rules live in plain Rust modules that know nothing of JavaScript; `src/wasm/` (behind the
//! `wasm` feature) only converts between these types and JS values. Rule IDs such as
//! `GH-INIT-13` refer to `docs/rules.md`, and tests are named after them.
//!
//! Modules are layered; a module imports only from its own layer or the ones below it, and no
//! two modules import each other, even within a layer (both checked by `tests/layers.rs`):
//!
//! | layer | modules | why there |
//! |---|---|---|
//! | 0 | `error`, `wire`, `units`, `ids`, `lists`, `ability`, `messages`, `sorting`, `digest`, `text` | vocabulary every rule uses, the words of its log lines, short lists kept without allocating, one compiled sort for the cold paths, the state digest's encoding, quoting and exact floats without the standard library's tables |
//! | 1 | `dice`, `engine` | rolling, and the event-sourced driver that rolls on a working copy |
//! | 2 | `clock` | game time and burn-down resources |
//! | 3 | `conditions`, `creature` | a creature's conditions (and the hit points the bloodied query reads), then the creature over them |
//! | 4 | `effects`, `initiative` | durations and expiry; one module per initiative system |
//! | 5 | `rulesets` | presets binding initiative systems, clocks and options |
//! | 6 | `encounter` | rounds and turns over all of the above |
//! | 7 | `procedures` | rule procedures (reaction, morale, world features…) that use encounter types |
//! | 8 | `exploration` | journeys: dungeon turns, travel turns, wilderness days |
//! | 9 | `wasm` | the JavaScript glue, over everything |
//!
//! `digest_oracle` (tests only) sits on top: it replays every kind of state to check the digest.
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
pub mod digest;
#[cfg(test)]
mod digest_oracle;
pub mod effects;
pub mod encounter;
pub mod engine;
pub mod error;
pub mod exploration;
pub mod ids;
pub mod initiative;
pub mod lists;
pub mod messages;
pub mod procedures;
pub mod rulesets;
pub mod sorting;
pub(crate) mod text;
pub mod units;
pub mod wire;

#[cfg(any(feature = "wasm-base", feature = "wasm-dice"))]
pub mod wasm;

pub use digest::Digestible;
pub use error::{Error, ErrorCode, Result};
/// The one attribute of a boundary type (serde, wire, tsify and, for state, digest derives).
pub(crate) use turnkeeper_derive::boundary;
