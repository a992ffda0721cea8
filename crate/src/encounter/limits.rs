//! Documented limits of an encounter. Each breach is an error (`LIMIT_EXCEEDED` for capacities,
//! `INVALID_ARGUMENT` for values), never a panic or an unbounded loop.

pub use crate::initiative::limits::MAX_PARTICIPANTS;
/// Most world actions registered at once (A5E-WORLD).
pub const MAX_WORLD_ACTIONS: usize = 64;
pub use crate::ids::{MAX_ID_LEN, MAX_LABEL_LEN, MAX_NAME_LEN};
pub use crate::initiative::limits::{MAX_ACTIVITIES, MAX_STEPS, MAX_TIE_DRAWS, MAX_WEAPON_DICE};
/// Highest round number.
pub const MAX_ROUND: u32 = 1_000_000;
/// Largest magnitude of a check modifier or fixed initiative count: the creature rules' own
/// limit on a roll's modifier, one limit for one meaning.
pub use crate::creature::limits::MAX_MODIFIER;
/// Largest magnitude of an initiative total (controlled creatures add up, GH-INIT-14).
pub const MAX_TOTAL: i32 = 100_000;
/// Most targets named in one command (world-action targets, commanded creatures, cut-ins…).
pub const MAX_TARGETS: usize = MAX_PARTICIPANTS;
/// Most bytes of a snapshot accepted by `Encounter::from_json`.
pub const MAX_SNAPSHOT_BYTES: usize = 4 * 1024 * 1024;
