//! Documented limits of an encounter. Each breach is an error (`LIMIT_EXCEEDED` for capacities,
//! `INVALID_ARGUMENT` for values), never a panic or an unbounded loop.

/// Most participants in one encounter (the benchmark runs 500).
pub const MAX_PARTICIPANTS: usize = 1_000;
/// Most world actions registered at once (A5E-WORLD).
pub const MAX_WORLD_ACTIONS: usize = 64;
/// Longest id (participant, side, group, world action), in characters.
pub const MAX_ID_LEN: usize = 40;
/// Longest display name, in characters.
pub const MAX_NAME_LEN: usize = 80;
/// Longest free label (a Ready trigger, a skill name), in characters.
pub const MAX_LABEL_LEN: usize = 120;
/// Most activities in one Greyhawk declaration (GH-INIT-03/05).
pub const MAX_ACTIVITIES: usize = 8;
/// Most die steps (bonuses and penalties) in one Greyhawk declaration (GH-DICE-03).
pub const MAX_STEPS: usize = 8;
/// Most dice a weapon may contribute under Weapon Speed (GH-VAR-01).
pub const MAX_WEAPON_DICE: u8 = 4;
/// Most tie-break draws one participant or side may need in one roll-off. Only supplied dice
/// that keep repeating the same faces can reach it.
pub const MAX_TIE_DRAWS: usize = 16;
/// Highest round number.
pub const MAX_ROUND: u32 = 1_000_000;
/// Largest magnitude of a check modifier or fixed initiative count.
pub const MAX_MODIFIER: i32 = 100;
/// Largest magnitude of an initiative total (controlled creatures add up, GH-INIT-14).
pub const MAX_TOTAL: i32 = 100_000;
/// Most targets named in one command (world-action targets, commanded creatures, cut-ins…).
pub const MAX_TARGETS: usize = MAX_PARTICIPANTS;
/// Most bytes of a snapshot accepted by `Encounter::from_json`.
pub const MAX_SNAPSHOT_BYTES: usize = 4 * 1024 * 1024;
