//! Log lines for the creature, condition and effect events (keys in crate::messages).

use crate::effects::{ActiveEffect, ExpiryReason, RestKind};
use crate::encounter::creature_change::CreatureChange;
use crate::encounter::event::EncounterEvent;
use crate::encounter::state::Encounter;
use crate::ids::ParticipantId;
use crate::messages::Catalogue;
use crate::messages::words::join;
use crate::msg;

/// A participant's name, or its id when it has left the encounter.
pub(crate) fn name(enc: &Encounter, id: &ParticipantId) -> String {
    enc.participant(id)
        .map_or_else(|| id.to_string(), |p| p.name.to_string())
}

fn effect_name(cat: &Catalogue, e: &ActiveEffect) -> String {
    match (&e.name, &e.condition) {
        (Some(n), _) => n.clone(),
        (None, Some(c)) => c.to_string(),
        (None, None) => msg!(cat, "effect.unnamed", id = e.id),
    }
}

fn why(cat: &Catalogue, reason: &ExpiryReason) -> String {
    match reason {
        ExpiryReason::DurationEnded => msg!(cat, "expiry.durationEnded"),
        ExpiryReason::AnchorTurnMissed { .. } => msg!(cat, "expiry.anchorTurnMissed"),
        ExpiryReason::AnchorRemoved { .. } => msg!(cat, "expiry.anchorRemoved"),
        ExpiryReason::TargetRemoved => msg!(cat, "expiry.targetRemoved"),
        ExpiryReason::SourceIncapacitated => msg!(cat, "expiry.sourceIncapacitated"),
        ExpiryReason::SourceRemoved => msg!(cat, "expiry.sourceRemoved"),
        ExpiryReason::Concentration { .. } => msg!(cat, "expiry.concentration"),
        ExpiryReason::EncounterEnded => msg!(cat, "expiry.encounterEnded"),
        ExpiryReason::Removed => msg!(cat, "expiry.removed"),
    }
}

fn change(cat: &Catalogue, c: &CreatureChange) -> String {
    match c {
        CreatureChange::Healed => msg!(cat, "creatureChange.healed"),
        CreatureChange::TempHp => msg!(cat, "creatureChange.tempHp"),
        CreatureChange::DeathSave => msg!(cat, "creatureChange.deathSave"),
        CreatureChange::Stabilized => msg!(cat, "creatureChange.stabilized"),
        CreatureChange::GainedFatigue => msg!(cat, "creatureChange.gainedFatigue"),
        CreatureChange::GainedStrife => msg!(cat, "creatureChange.gainedStrife"),
        CreatureChange::LostFatigue => msg!(cat, "creatureChange.lostFatigue"),
        CreatureChange::LostStrife => msg!(cat, "creatureChange.lostStrife"),
        CreatureChange::GainedExhaustion => msg!(cat, "creatureChange.gainedExhaustion"),
        CreatureChange::LostExhaustion => msg!(cat, "creatureChange.lostExhaustion"),
        CreatureChange::EncounterEnded => msg!(cat, "creatureChange.encounterEnded"),
        CreatureChange::TimePassed => msg!(cat, "creatureChange.timePassed"),
        CreatureChange::Doomed => msg!(cat, "creatureChange.doomed"),
        CreatureChange::DoomLifted => msg!(cat, "creatureChange.doomLifted"),
        CreatureChange::Killed => msg!(cat, "creatureChange.killed"),
        CreatureChange::RaisedFromDead => msg!(cat, "creatureChange.raisedFromDead"),
        CreatureChange::SpentHitDie => msg!(cat, "creatureChange.spentHitDie"),
        CreatureChange::FinishedShortRest => msg!(cat, "creatureChange.finishedShortRest"),
        CreatureChange::TookLongRest => msg!(cat, "creatureChange.tookLongRest"),
        CreatureChange::RestedForTheNight => msg!(cat, "creatureChange.restedForTheNight"),
        CreatureChange::HealedNaturally => msg!(cat, "creatureChange.healedNaturally"),
        CreatureChange::ResilienceCheck => msg!(cat, "creatureChange.resilienceCheck"),
        CreatureChange::Exhausted => msg!(cat, "creatureChange.exhausted"),
        CreatureChange::MundaneCare => msg!(cat, "creatureChange.mundaneCare"),
        CreatureChange::LostAbilityPoints => msg!(cat, "creatureChange.lostAbilityPoints"),
        CreatureChange::RecoveredAbilityPoints => {
            msg!(cat, "creatureChange.recoveredAbilityPoints")
        }
    }
}

/// Creature events: a participant's creature set or cleared, its condition immunities, damage
/// taken (ongoing or not), other changes to it, and its falling incapacitated. Other events
/// give an empty string.
pub(crate) fn creature_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p| name(enc, p);
    match event {
        EncounterEvent::CreatureSet {
            participant,
            creature,
        } => match creature {
            Some(c) => msg!(
                cat,
                "encounter.creatureSet",
                who = who(participant),
                hp = c.hp.current,
                max = c.hp.max
            ),
            None => msg!(cat, "encounter.creatureCleared", who = who(participant)),
        },
        EncounterEvent::ConditionImmunitiesSet {
            participant,
            immunities,
        } => {
            if immunities.is_empty() {
                msg!(cat, "encounter.immunitiesCleared", who = who(participant))
            } else {
                msg!(
                    cat,
                    "encounter.immunitiesSet",
                    who = who(participant),
                    conditions = join(cat, immunities.iter().map(ToString::to_string))
                )
            }
        }
        EncounterEvent::Damaged {
            participant,
            report,
            creature,
            ongoing,
        } => {
            let key_hp = if creature.hp.temp > 0 {
                msg!(
                    cat,
                    "encounter.hpLeftWithTemp",
                    hp = creature.hp.current,
                    temp = creature.hp.temp
                )
            } else {
                msg!(cat, "encounter.hpLeft", hp = creature.hp.current)
            };
            if ongoing.is_some() {
                msg!(
                    cat,
                    "encounter.ongoingDamage",
                    who = who(participant),
                    amount = report.breakdown.total,
                    left = key_hp
                )
            } else {
                msg!(
                    cat,
                    "encounter.damaged",
                    who = who(participant),
                    amount = report.breakdown.total,
                    left = key_hp
                )
            }
        }
        EncounterEvent::CreatureUpdated {
            participant,
            change: c,
            creature,
            ..
        } => msg!(
            cat,
            "encounter.creatureUpdated",
            who = who(participant),
            change = change(cat, c),
            hp = creature.hp.current,
            max = creature.hp.max,
            fatigue = creature.fatigue.level(),
            strife = creature.strife.level()
        ),
        EncounterEvent::Incapacitated { participant } => {
            msg!(cat, "encounter.incapacitated", who = who(participant))
        }
        _ => String::new(),
    }
}

/// Effect events: effects added (or resisted), removed or ended with why, concentration
/// dropped, and a conditions catalogue loaded. Other events give an empty string.
pub(crate) fn effect_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p| name(enc, p);
    match event {
        EncounterEvent::EffectsAdded {
            added, resisted, ..
        } => added
            .iter()
            .map(|e| {
                msg!(
                    cat,
                    "encounter.effectAdded",
                    who = who(&e.target),
                    effect = effect_name(cat, e)
                )
            })
            .chain(resisted.iter().map(|r| {
                msg!(
                    cat,
                    "encounter.conditionResisted",
                    who = who(&r.target),
                    condition = r.condition
                )
            }))
            .collect::<Vec<_>>()
            .join(" "),
        EncounterEvent::EffectRemoved { effect } => {
            msg!(cat, "encounter.effectRemoved", effect = effect)
        }
        EncounterEvent::ConcentrationDropped { participant } => {
            msg!(
                cat,
                "encounter.concentrationDropped",
                who = who(participant)
            )
        }
        EncounterEvent::ConditionsLoaded { conditions, .. } => {
            msg!(cat, "encounter.conditionsLoaded", count = conditions.len())
        }
        EncounterEvent::EffectsEnded { expiries } => expiries
            .iter()
            .map(|x| {
                msg!(
                    cat,
                    "encounter.effectEnded",
                    effect = effect_name(cat, &x.effect),
                    who = who(&x.effect.target),
                    why = why(cat, &x.reason)
                )
            })
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    }
}

/// Rests and the clock moving on. Other events give an empty string.
pub(crate) fn rest_line(event: &EncounterEvent, cat: &Catalogue) -> String {
    match event {
        EncounterEvent::Rested { rest, .. } => match rest {
            RestKind::Short => msg!(cat, "encounter.shortRest"),
            RestKind::Long => msg!(cat, "encounter.longRest"),
        },
        EncounterEvent::ClockAdvanced { now_seconds } => {
            msg!(cat, "encounter.clockAdvanced", seconds = now_seconds)
        }
        _ => String::new(),
    }
}
