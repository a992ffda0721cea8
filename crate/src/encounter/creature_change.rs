//! The records the encounter keeps of its creatures' changes: what changed a creature
//! ([`CreatureChange`], for its `creatureUpdated` event) and the ongoing damage an effect
//! carries (A5E-DMG-06). They sit below the commands, events and state that hold them, apart
//! from the code in `vitals.rs` that works on the encounter.

use crate::creature::{CreatureCommand, DamageChoices, OngoingDamage};
use crate::effects::EffectId;

/// A5E-DMG-06: ongoing damage attached to an effect, rolled at the end of each of the affected
/// creature's turns while the effect lasts. `choices` are the Narrator's for damage at 0 HP.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EffectOngoing {
    pub damage: OngoingDamage,
    #[serde(default)]
    pub choices: DamageChoices,
}

/// Ongoing damage kept for one active effect.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OngoingEntry {
    pub effect: EffectId,
    pub ongoing: EffectOngoing,
}

/// What changed a creature, for [`EncounterEvent::CreatureUpdated`].
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum CreatureChange {
    Healed,
    TempHp,
    DeathSave,
    Stabilized,
    GainedFatigue,
    GainedStrife,
    LostFatigue,
    LostStrife,
    /// SRD-EXH-01: 5e exhaustion gained.
    GainedExhaustion,
    /// SRD-EXH-04: 5e exhaustion lost.
    LostExhaustion,
    /// A5E-TRACK-06: the encounter ended; pending levels took effect.
    EncounterEnded,
    /// Game time passed (a stable creature's 1d4 hours, a doom deadline).
    TimePassed,
    /// A5E-COND-08: the creature is doomed.
    Doomed,
    DoomLifted,
    /// The GM killed the creature outright.
    Killed,
    RaisedFromDead,
    /// A5E-REST-01: a Hit Die spent during a short rest.
    SpentHitDie,
    FinishedShortRest,
    TookLongRest,
    /// HYB-HEAL-02: a night's rest.
    RestedForTheNight,
    /// OSE-HEAL-01: days of natural healing.
    HealedNaturally,
    /// HYB-RES-02: a check against exhaustion.
    ResilienceCheck,
    /// HYB-RES-03: the creature is exhausted.
    Exhausted,
    /// HYB-HEAL-03: mundane care, which ends an injury's disadvantage.
    MundaneCare,
    LostAbilityPoints,
    RecoveredAbilityPoints,
}

impl CreatureChange {
    /// What a creature operation run in an encounter changed, for its event. `damage` has its
    /// own event (`damaged`); the clock commands and the adventuring hours are refused before
    /// they get here, and report as the time passing.
    pub fn of(command: &CreatureCommand) -> CreatureChange {
        use CreatureCommand as C;
        match command {
            C::Heal { .. } | C::HealDice { .. } => CreatureChange::Healed,
            C::GrantTempHp { .. } => CreatureChange::TempHp,
            C::DeathSave { .. } => CreatureChange::DeathSave,
            C::Stabilize { .. } => CreatureChange::Stabilized,
            C::GainFatigue { .. } => CreatureChange::GainedFatigue,
            C::GainStrife { .. } => CreatureChange::GainedStrife,
            C::RemoveFatigue { .. } => CreatureChange::LostFatigue,
            C::RemoveStrife { .. } => CreatureChange::LostStrife,
            C::GainExhaustion { .. } => CreatureChange::GainedExhaustion,
            C::RemoveExhaustion { .. } => CreatureChange::LostExhaustion,
            C::Doom { .. } => CreatureChange::Doomed,
            C::LiftDoom => CreatureChange::DoomLifted,
            C::Kill => CreatureChange::Killed,
            C::Raise { .. } => CreatureChange::RaisedFromDead,
            C::SpendHitDie => CreatureChange::SpentHitDie,
            C::FinishShortRest => CreatureChange::FinishedShortRest,
            C::LongRest { .. } => CreatureChange::TookLongRest,
            C::HybNightlyRest { .. } => CreatureChange::RestedForTheNight,
            C::OseNaturalHealing { .. } => CreatureChange::HealedNaturally,
            C::ResilienceCheck { .. } => CreatureChange::ResilienceCheck,
            C::Exhaust => CreatureChange::Exhausted,
            C::HybMundaneCare => CreatureChange::MundaneCare,
            C::LoseAbilityPoints { .. } => CreatureChange::LostAbilityPoints,
            C::RecoverAbilityPoints { .. } => CreatureChange::RecoveredAbilityPoints,
            C::EndEncounter { .. } => CreatureChange::EncounterEnded,
            C::Damage { .. }
            | C::OngoingDamage { .. }
            | C::SetTime { .. }
            | C::AdvanceTime { .. }
            | C::AddAdventuringHours { .. }
            | C::SetResilienceReduction { .. } => CreatureChange::TimePassed,
        }
    }
}
