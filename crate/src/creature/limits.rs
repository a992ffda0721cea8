//! Documented limits on creature data and on the numbers callers pass in.
//!
//! Every breach is an [`crate::Error`] with code `INVALID_ARGUMENT` (or `LIMIT_EXCEEDED` for list
//! lengths), raised before anything changes, so a failed call leaves the creature as it was.

/// Largest hit-point maximum (and current HP, subdual total) a creature may have. Far above any
/// published creature; small enough that doubling twice stays well inside `u32`.
pub const MAX_HIT_POINTS: u32 = 1_000_000;

/// Largest temporary-HP buffer.
pub const MAX_TEMP_HIT_POINTS: u32 = 1_000_000;

/// Largest damage or healing amount in one instance, before doubling.
pub const MAX_AMOUNT: i32 = 1_000_000;

/// Largest character level or monster Hit Dice count (massive damage, HYB nightly healing).
pub const MAX_LEVEL: u32 = 100;

/// Largest number of Hit Dice a creature may have in its pool.
pub const MAX_HIT_DICE: u32 = 100;

/// Largest absolute value of a save, check or ability modifier passed to a roll.
pub const MAX_MODIFIER: i32 = 100;

/// Largest DC accepted for a caller-chosen check (HYB stabilising, resilience).
pub const MAX_DC: i32 = 100;

/// Highest level of a tracked condition (fatigue, strife): A5E-TRACK-01.
pub const MAX_TRACK_LEVEL: u8 = 7;

/// Most flat modifiers on one damage instance.
pub const MAX_FLAT_MODIFIERS: usize = 16;

/// Most entries in each defense list (resistances, vulnerabilities, immunities). Entries may
/// repeat, one per source (a resist-all spell plus a natural cold resistance).
pub const MAX_DEFENSE_ENTRIES: usize = 64;

/// Most dice rolled for one ongoing-damage or healing roll: the crate-wide
/// [`DiceSpec`](crate::dice::DiceSpec) limit.
pub const MAX_DICE_PER_ROLL: u32 = crate::dice::limits::MAX_SPEC_DICE;

/// Highest ability score (HYB injuries and resilience).
pub const MAX_ABILITY_SCORE: u32 = 30;

/// Most days in one OSE natural-healing call.
pub const MAX_REST_DAYS: usize = 366;

/// Longest long rest the engine accepts, in minutes (one week).
pub const MAX_REST_MINUTES: u32 = 7 * 24 * 60;

/// Most hours a HYB creature may accumulate adventuring without rest (one year).
pub const MAX_ADVENTURING_HOURS: u32 = 24 * 366;

/// Longest round, in seconds: the longest a config may set
/// ([`crate::clock::RoundLength::MAX_SECONDS`]; the hybrid rules let a table choose any).
pub const MAX_SECONDS_PER_ROUND: u32 = crate::clock::RoundLength::MAX_SECONDS;

/// Most body parts a HYB creature can be recorded as having lost.
pub const MAX_BODY_PARTS_LOST: u32 = 64;
