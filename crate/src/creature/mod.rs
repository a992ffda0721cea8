//! Creatures: hit points, temporary HP, the damage pipeline, dying and death, healing, Hit Dice
//! and rests, and the A5E fatigue and strife level counters — for A5E (and the 5e-like base a
//! Greyhawk preset uses, C-20), plain 5e's hit points and dying (`srd5e`, from the SRD 5.1),
//! the OSR/5e hybrid, and OSE.
//!
//! Everything is plain data plus methods on [`Creature`]. Each method validates the creature and
//! its arguments first and works on a copy, so an error leaves the creature unchanged. Dice are
//! rolled through the caller's [`crate::dice::DieRoller`] and every die is in the returned
//! [`Report`] / [`DamageReport`], with [`Outcome`]s an encounter turns into events. Where the
//! rules leave a choice to the attacker, the target or the referee, the call takes it as a
//! parameter ([`DamageChoices`], [`StabilizeMethod`], [`TempHpChoice`], [`DoomDeadline`], …);
//! ambiguous readings are options in [`CreatureRules`] with docs/rules.md's reading as the default.
//!
//! What fatigue, strife or the HYB exhausted state *do* to rolls and speed belongs to the
//! conditions module; this module keeps the counters and their recovery rules.

pub mod a5e_damage;
pub mod abilities;
pub mod apply;
pub mod command;
pub mod damage;
pub mod damage_type;
pub mod dying;
pub mod healing;
pub mod hyb;
pub mod hyb_injury;
pub mod hyb_resilience;
pub mod lifecycle;
pub mod limits;
mod log;
pub mod long_rest;
pub mod nightly_rest;
pub mod ongoing;
pub mod ose;
pub mod outcome;
pub mod perform;
pub mod roll;
pub mod roll_damage;
pub mod rules;
pub mod sheet;
pub mod short_rest;
pub mod spec;
pub mod srd5e;
pub mod state;
pub mod status;
pub mod time;
pub mod track;
pub mod tracked;

pub use a5e_damage::{
    MASSIVE_DAMAGE_DC, massive_damage_threshold, massive_damage_threshold_at_zero,
};
pub use abilities::{Ability, AbilityScores, ability_modifier};
pub use command::CreatureCommand;
pub use damage::{DamageBreakdown, DamageChoices, DamageInstance, Doubling, compute_damage};
pub use damage_type::DamageType;
pub use dying::{DEATH_SAVE_DC, STABILIZE_DC, StabilizeMethod};
pub use healing::TempHpChoice;
pub use hyb_injury::{INJURY_TABLE, InjuryEntry, InjuryRow, injury_for_roll};
pub use hyb_resilience::{HYB_EXHAUSTION, HybExhaustion};
pub use long_rest::{LongRest, hit_dice_regained};
pub use nightly_rest::{NightlyRest, RestSafety, hyb_nightly_healing};
pub use ongoing::OngoingDamage;
pub use ose::OseRestDay;
pub use outcome::{
    AtZeroConsequence, CriticalDowngrade, DamageReport, DeathReason, NoRestBenefit, Outcome,
    Report, TrackKind,
};
pub use perform::Performed;
pub use roll::{CheckKind, CheckRoll, DiceSpec, RollMode};
pub use roll_damage::damage_from_roll;
pub use rules::{
    A5eRules, CreatureRules, DoomDeadline, FatigueHitDice, HybRules, InjuryRest, InjuryTwenty,
    MassiveAtZero, OseRules, Rounding, SeventhFatigueDoom,
};
pub use state::{
    Creature, CreatureKind, DeathState, Defenses, Doom, HitDice, HitPoints, HybState, ZeroHpRule,
};
pub use time::{GameTime, Moment};
pub use track::Track;
