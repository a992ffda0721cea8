//! Which ruleset's damage, death and healing rules apply to a creature, with each source's
//! referee choices and ambiguous readings as explicit options (defaults follow docs/rules.md).
//!
//! A Greyhawk preset layers over a 5e-like base (C-20); the A5E rules here are that base.

use crate::creature::time::GameTime;

/// The rules a creature's hit points, damage and death follow.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CreatureRules {
    A5e(A5eRules),
    /// The 5e System Reference Document's hit points and dying (`creature/srd5e.rs`).
    Srd5e(Srd5eRules),
    Hyb(HybRules),
    Ose(OseRules),
}

impl CreatureRules {
    /// A5E with docs/rules.md's default readings.
    pub fn a5e() -> Self {
        Self::A5e(A5eRules::default())
    }
    /// 5e (SRD) with its defaults.
    pub fn srd5e() -> Self {
        Self::Srd5e(Srd5eRules::default())
    }
    /// HYB with docs/rules.md's default readings.
    pub fn hyb() -> Self {
        Self::Hyb(HybRules::default())
    }
    /// OSE.
    pub fn ose() -> Self {
        Self::Ose(OseRules::default())
    }
    /// Whether a creature at 0 HP makes death saves under these rules (A5E-DEATH-03); HYB
    /// (HYB-DEATH-01) and OSE (OSE-DMG-01) have none.
    pub const fn has_death_saves(&self) -> bool {
        matches!(self, Self::A5e(_) | Self::Srd5e(_))
    }
}

/// How to round a halved amount (G-27: the source states no rule; 5e rounds down).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum Rounding {
    #[default]
    Down,
    Up,
}

impl Rounding {
    pub(crate) fn is_down(&self) -> bool {
        *self == Self::Down
    }
    pub(crate) fn halve(self, value: u64) -> u64 {
        match self {
            Self::Down => value / 2,
            Self::Up => value.div_ceil(2),
        }
    }
}

/// C-27: the massive-damage threshold for a creature already at 0 HP.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum MassiveAtZero {
    /// 20 + 3 × level everywhere (docs/rules.md's recommendation).
    #[default]
    ThreeTimesLevel,
    /// 004's wording for damage taken at 0 HP: 20 + level.
    PlusLevel,
}

/// A5E-TRACK-06 [AMBIG]: when a seventh level of fatigue gained in combat dooms the creature.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum SeventhFatigueDoom {
    /// At once, even mid-fight (docs/rules.md's suggestion).
    #[default]
    Immediately,
    /// When the encounter ends and the pending levels take effect.
    AfterEncounter,
}

/// A5E-COND-08: when a doomed creature dies.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum DoomDeadline {
    /// Within 2d12 hours: the engine rolls and records the deadline.
    #[default]
    Roll2d12Hours,
    /// At a time the Narrator chooses, given now.
    At { time: GameTime },
    /// At a time the Narrator will choose later (no automatic death; see `Creature::kill`).
    NarratorDecides,
}

/// A5E-TRACK-07 level 5, G-23: what "Hit Dice halved" halves.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum FatigueHitDice {
    /// The Hit Dice available for spending (docs/rules.md's reading).
    #[default]
    HalveAvailable,
    /// The HP each spent Hit Die restores.
    HalveRolls,
}

/// Level Up Advanced 5e options.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct A5eRules {
    /// G-27: rounding of halved (resisted) damage.
    pub resistance_rounding: Rounding,
    /// C-27: the threshold for massive damage taken at 0 HP.
    pub massive_at_zero: MassiveAtZero,
    /// A5E-TRACK-06: when fatigue 7 gained in combat dooms.
    pub seventh_fatigue: SeventhFatigueDoom,
    /// A5E-COND-08: the deadline given to a creature that becomes doomed automatically (fatigue 7,
    /// an NPC doomed at 0 HP).
    pub doom_deadline: DoomDeadline,
    /// A5E-TRACK-06 delays only fatigue; set this to delay strife gained in combat too.
    pub delay_strife_in_combat: bool,
    /// G-23: what fatigue level 5 halves.
    pub fatigue_hit_dice: FatigueHitDice,
    /// A5E-REST-01 [AMBIG]: the fewest HP one spent Hit Die restores (no minimum is stated, so
    /// 0 by default: a low roll with a negative Con modifier heals nothing, never harms).
    pub hit_die_minimum: u32,
}

/// 5e (SRD) options. The 5e rules are not among the sources the rule IDs come from; the facts
/// follow the System Reference Document 5.1 (CC-BY 4.0), restated in `creature/srd5e.rs`.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct Srd5eRules {
    /// Rounding of halved (resisted) damage: 5e rounds down. Written only when it is not, so
    /// the rules every new Greyhawk encounter stores read `{"type":"srd5e"}` (the 8 KB
    /// snapshot budget of docs/design.md).
    #[serde(skip_serializing_if = "Rounding::is_down")]
    pub resistance_rounding: Rounding,
}

/// HYB-DEATH-03 [AMBIG] (G-33): a 20 on the injury table.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum InjuryTwenty {
    /// HP becomes max(1, 1d8) (docs/rules.md's reading).
    #[default]
    MaxOneOrD8,
    /// HP becomes 1 + 1d8.
    OnePlusD8,
}

/// HYB-DEATH-03 [AMBIG]: which rest ends "disadvantage on all checks until rest".
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum InjuryRest {
    #[default]
    AnyRest,
    SafeRestOnly,
}

/// OSR/5e hybrid options.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct HybRules {
    /// Rounding of halved (resisted) damage.
    pub resistance_rounding: Rounding,
    /// HYB-DEATH-01: how long a creature at 0 HP lasts unstabilised, in seconds ("1 minute").
    pub death_clock_seconds: u32,
    /// G-33: the reading of a 20 on the injury table.
    pub injury_twenty: InjuryTwenty,
    /// HYB-DEATH-03 names the PC; set this to roll injuries for stabilised NPCs and monsters too
    /// (otherwise they simply return to 1 HP).
    pub injury_for_non_pcs: bool,
    /// Which rest ends the 14–19 injury's disadvantage.
    pub injury_rest: InjuryRest,
}

/// HYB-DEATH-01: "1 minute".
pub const HYB_DEATH_CLOCK_SECONDS: u32 = 60;

impl Default for HybRules {
    fn default() -> Self {
        Self {
            resistance_rounding: Rounding::Down,
            death_clock_seconds: HYB_DEATH_CLOCK_SECONDS,
            injury_twenty: InjuryTwenty::MaxOneOrD8,
            injury_for_non_pcs: false,
            injury_rest: InjuryRest::AnyRest,
        }
    }
}

/// Old-School Essentials options.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct OseRules {
    /// Rounding of halved damage, for homebrew resistances (the source has none).
    pub resistance_rounding: Rounding,
}
