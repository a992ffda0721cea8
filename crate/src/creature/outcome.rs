//! What happened to a creature, as plain data an encounter turns into events.

use crate::creature::abilities::Ability;
use crate::creature::hyb_injury::InjuryRow;
use crate::creature::roll::CheckRoll;
use crate::creature::time::GameTime;
use crate::dice::RolledDie;

/// Why damage was doubled.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Doubling {
    /// A5E-DMG-03, HYB-DMG-02: the total, static modifiers included.
    CriticalHit,
    /// HYB-DMG-03: a PC's natural 1 on its check against the damage.
    NaturalOneOnCheck,
}

/// Each step of the pipeline, for display ("25 − 5 = 20, halved: 10").
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DamageBreakdown {
    pub amount: u32,
    pub doublings: Vec<Doubling>,
    pub after_doubling: u32,
    pub flat_total: i32,
    /// After flat modifiers, floored at 0.
    pub after_flat: u32,
    pub immune: bool,
    /// Resistance sources that matched (A5E-DMG-07: several count as one).
    pub resistance_sources: u32,
    pub resisted: bool,
    pub vulnerability_sources: u32,
    pub vulnerable: bool,
    /// OSE-ATK-04 raised the damage to 1.
    pub minimum_applied: bool,
    /// The damage dealt, before temporary HP.
    pub total: u32,
}

/// Why a creature died.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum DeathReason {
    /// A5E-DEATH-01 / -08: failed the Constitution save against massive damage.
    MassiveDamage,
    /// A5E-DEATH-03: a third death-save failure.
    DeathSaves,
    /// A5E-DEATH-11: a monster at 0 HP.
    MonsterAtZeroHp,
    /// A5E-COND-08: the doom deadline passed.
    Doom,
    /// HYB-DEATH-01: not stabilised within the minute or by the end of the fight.
    NotStabilized,
    /// HYB-DEATH-03: a 1 on the injury table ("a false hope").
    FalseHope,
    /// HYB-DEATH-04: an ability score reduced to 0.
    AbilityScoreZero { ability: Ability },
    /// OSE-DMG-01: 0 HP or less.
    ZeroHp,
    /// SRD-EXH-03: a sixth level of 5e exhaustion.
    Exhaustion,
    /// Killed by the referee's decision (e.g. a doom whose time the Narrator picks).
    Referee,
}

/// The two tracked conditions of A5E-TRACK-01 and 5e exhaustion (SRD-EXH-01), defined with
/// their level tables in [`crate::conditions::tracks`].
pub use crate::conditions::tracks::TrackKind;

/// A5E-DMG-04: how a critical hit was turned into a regular hit.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum CriticalDowngrade {
    /// Sacrifice an equipped shield (the caller removes it from the inventory).
    SacrificeShield,
    /// Block with the reaction: +1 fatigue, not again until a short or long rest.
    Block,
}

/// A5E-DEATH-05 / -06: what damage at 0 HP costs the creature.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum AtZeroConsequence {
    #[default]
    DeathSaveFailure,
    Fatigue,
    Strife,
}

/// Why a long rest gave no benefit (A5E-REST-02, -04).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum NoRestBenefit {
    /// Shorter than 8 hours.
    TooShort,
    /// Fewer than 6 hours asleep.
    TooLittleSleep,
    /// More than 1 hour of strenuous activity: no benefit, and the rest starts over.
    Interrupted,
    /// Another long rest ended less than 24 hours ago.
    TooSoon,
    /// The creature had 0 HP at the start.
    ZeroHp,
}

/// One thing that happened. Lists of outcomes are in the order they happened.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Outcome {
    /// The target is dead; the damage changed nothing.
    NoEffectOnDead,
    /// Immunity negated the damage (A5E-DMG-08, OSE-ATK-02).
    DamageNegated,
    /// Temporary HP soaked damage first (A5E-THP-01).
    TempHpAbsorbed {
        amount: u32,
        temp_hp: u32,
    },
    LostHp {
        amount: u32,
        hp: u32,
    },
    /// Damage landed on a creature already at 0 HP (its HP cannot drop further).
    DamagedAtZeroHp {
        amount: u32,
    },
    /// HP fell to half the maximum or below (A5E-HP-02).
    Bloodied,
    /// A5E-DEATH-02: unconscious and dying.
    FellUnconscious,
    /// A5E-DEATH-12: unconscious, +1 fatigue and stable.
    KnockedOut,
    /// A5E-DEATH-10: a stable creature took damage and is dying again.
    DyingAgain,
    /// A5E-DEATH-01 / -08: the damage reached the threshold; the save is in `checks`.
    MassiveDamage {
        threshold: u32,
        survived: bool,
    },
    CriticalDowngraded {
        method: CriticalDowngrade,
    },
    /// A5E-DMG-04: the block is available again after a rest.
    CriticalBlockRecharged,
    /// Levels gained. `level` is the track's new level; `pending` how many of its levels wait for
    /// the end of the encounter (A5E-TRACK-06).
    GainedLevels {
        track: TrackKind,
        levels: u8,
        level: u8,
        pending: u8,
    },
    LostLevels {
        track: TrackKind,
        levels: u8,
        level: u8,
    },
    /// A5E-TRACK-06: pending levels took effect when the encounter ended.
    LevelsTookEffect {
        track: TrackKind,
        level: u8,
    },
    /// A5E-TRACK-08 level 5: a short-term mental stress effect (tables are an extension point).
    ShortTermStress,
    /// A5E-TRACK-08 level 7: a long-term mental stress effect and a special permanent effect.
    PermanentStress,
    DeathSaveSucceeded {
        successes: u8,
    },
    DeathSaveFailed {
        failures: u8,
    },
    /// Stable at 0 HP; regains 1 HP at `regains_hp_at` unless healed first (A5E-DEATH-10).
    Stabilized {
        regains_hp_at: Option<GameTime>,
    },
    RegainedHp {
        amount: u32,
        hp: u32,
    },
    /// HYB-RETURN-02: `hp` of the HP missing can't be healed, only mended by rest (after
    /// damage that adds to them, or healing they held back).
    UnhealableHp {
        hp: u32,
    },
    RegainedConsciousness,
    /// A5E-COND-08: dies at `deadline` (none: when the Narrator decides). `hours` is the 2d12
    /// roll when one was made.
    Doomed {
        deadline: Option<GameTime>,
        hours: Option<u32>,
    },
    DoomLifted,
    Died {
        reason: DeathReason,
    },
    RaisedFromDead {
        hp: u32,
    },
    TempHpGranted {
        temp_hp: u32,
    },
    /// A5E-THP-05: temporary HP ended with a long rest.
    TempHpEnded {
        amount: u32,
    },
    /// HYB-DEATH-01: incapacitated at 0 HP; dies at `deadline` unless stabilised, but not before
    /// the fight ends.
    Incapacitated {
        deadline: GameTime,
    },
    /// HYB-DEATH-03: the injury table roll and its row.
    Injury {
        roll: u32,
        row: InjuryRow,
    },
    AbilityLost {
        ability: Ability,
        amount: u32,
        score: u32,
    },
    AbilityRecovered {
        ability: Ability,
        amount: u32,
        score: u32,
    },
    /// HYB injury 14–19: disadvantage on all checks until a rest.
    DisadvantageUntilRest,
    DisadvantageEnded,
    /// HYB-RES-03: exhausted (Speed 0, disadvantage on all checks).
    Exhausted,
    ExhaustionCured,
    /// OSE-ATK-15: subdual damage, tracked apart from real damage.
    SubdualDamage {
        amount: u32,
        total: u32,
    },
    /// OSE-ATK-15: subdual damage reached the creature's HP; an intelligent creature surrenders.
    Subdued,
    /// A5E-REST-01: one Hit Die spent; `value` is roll + Con (after any minimum or halving),
    /// before the cap at the HP maximum.
    HitDieSpent {
        die: RolledDie,
        con_mod: i32,
        value: u32,
        hit_dice_left: u32,
    },
    HitDiceRegained {
        count: u32,
        available: u32,
    },
    /// A5E-REST-05: no Supply consumed during the long rest.
    WentWithoutSupply,
    LongRestNoBenefit {
        reason: NoRestBenefit,
    },
    LongRestCompleted,
}

/// The result of an operation that may roll dice: every die in the order rolled, the d20 checks
/// among them, and the outcomes.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub dice: Vec<RolledDie>,
    pub checks: Vec<CheckRoll>,
    pub outcomes: Vec<Outcome>,
}

/// The result of applying damage.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DamageReport {
    /// How the amount became the damage dealt.
    pub breakdown: DamageBreakdown,
    pub temp_hp_absorbed: u32,
    pub hp_lost: u32,
    pub dice: Vec<RolledDie>,
    pub checks: Vec<CheckRoll>,
    pub outcomes: Vec<Outcome>,
}
