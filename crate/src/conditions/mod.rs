//! Conditions as data (A5E-COND-01..29), tracked conditions (A5E-TRACK), the other rulesets'
//! exhaustion penalties (C-14), homebrew conditions, and the roll query that explains what
//! applies to a creature for a roll.
//!
//! - [`ConditionCatalog`]: a built-in set, A5E's ([`A5E_CONDITIONS`]), 5e's
//!   ([`SRD5E_CONDITIONS`], SRD-COND-01..14) or OSE's ([`OSE_CONDITIONS`]: OSE-ATK-10,
//!   OSE-ATK-13, OSE-COMBAT-04), chosen by [`ConditionSet`], plus homebrew loaded from JSON
//!   ([`ConditionCatalog::load_homebrew_json`]).
//! - [`ConditionCatalog::query`]: advantage, disadvantage, automatic failure, modifiers and the
//!   creature's status (speed, action limits, flags), each with its [`Reason`].
//! - [`FATIGUE_TABLE`], [`STRIFE_TABLE`]: the tracked-condition tables; the level counters live
//!   in the creature module and are passed in.
//! - [`roll_confused`]: the confused d8 behaviour table (A5E-COND-06).

pub mod a5e;
pub mod catalog;
mod definition;
pub mod effect;
pub mod id;
pub mod listing;
pub mod ose;
pub mod penalties;
pub mod query;
pub mod srd5e;
pub mod tracks;
pub mod vocab;

pub use a5e::{
    A5E_CONDITIONS, CONFUSED_TABLE, ConfusedBehaviour, ConfusedRoll, ConfusedRow,
    confused_behaviour, ids, roll_confused,
};
pub use catalog::{CatalogData, ConditionCatalog, ConditionDef, ConditionSet, HomebrewDocument};
pub use effect::{
    ActionLimit, AttackerDistance, Circumstance, Effect, Flag, RollFilter, SpeedRule, StressTerm,
    TravelPace,
};
pub use id::ConditionId;
pub use listing::ConditionListing;
pub use ose::OSE_CONDITIONS;
pub use penalties::{PENALTIES, Penalty, PenaltyDef};
pub use query::{
    ActionItem, ActiveCondition, CircumstanceFact, ConcentrationBase, ConditionOutcome,
    ConditionState, Conditional, FlagItem, HitPoints, Inactive, InactiveCondition, Modifier,
    Origin, Reason, Roll, RollAdvice, RollQuery, SpeedItem, SpeedOutcome, Status, StressItem,
    TravelItem, is_bloodied,
};
pub use srd5e::SRD5E_CONDITIONS;
pub use tracks::{
    EXHAUSTION_TABLE, FATIGUE_TABLE, HitDiceHalving, HitDiceLimit, MAX_EXHAUSTION_LEVEL,
    MAX_TRACK_LEVEL, STRIFE_TABLE, StressRoll, StressTable, TrackKind, TrackLevelRow,
    hit_dice_after_fatigue,
};
pub use vocab::{Ability, AttackRange, Mode, RollKind, RollMode, Sense, Skill};
