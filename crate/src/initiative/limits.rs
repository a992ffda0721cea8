//! Limits of the initiative systems, shared with the encounter that runs them. Each breach is an
//! error (`LIMIT_EXCEEDED` or `INVALID_ARGUMENT`), never a panic or an unbounded loop.

/// Most participants in one encounter (the benchmark runs 500); also the most simultaneous
/// expiries Greyhawk orders at once (GH-DICE-05).
pub const MAX_PARTICIPANTS: usize = 1_000;
/// Most activities in one Greyhawk declaration (GH-INIT-03/05).
pub const MAX_ACTIVITIES: usize = 8;
/// Most die steps (bonuses and penalties) in one Greyhawk declaration (GH-DICE-03).
pub const MAX_STEPS: usize = 8;
/// Most dice a weapon may contribute under Weapon Speed (GH-VAR-01).
pub const MAX_WEAPON_DICE: u8 = 4;
/// Most tie-break draws one participant or side may need in one roll-off. Only supplied dice
/// that keep repeating the same faces can reach it.
pub const MAX_TIE_DRAWS: usize = 16;
