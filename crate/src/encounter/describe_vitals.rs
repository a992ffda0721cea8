//! Log lines for the creature, condition and effect events.

use crate::effects::{ActiveEffect, ExpiryReason};
use crate::encounter::describe::name;
use crate::encounter::event::EncounterEvent;
use crate::encounter::state::Encounter;
use crate::encounter::vitals::CreatureChange;

fn effect_name(e: &ActiveEffect) -> String {
    match (&e.name, &e.condition) {
        (Some(n), _) => n.clone(),
        (None, Some(c)) => c.to_string(),
        (None, None) => format!("effect {}", e.id),
    }
}

fn why(reason: &ExpiryReason) -> &'static str {
    match reason {
        ExpiryReason::DurationEnded => "its duration ran out",
        ExpiryReason::AnchorTurnMissed { .. } => "its anchor took no turn that round",
        ExpiryReason::AnchorRemoved { .. } => "its anchor left",
        ExpiryReason::TargetRemoved => "its target left",
        ExpiryReason::SourceIncapacitated => "its source is incapacitated",
        ExpiryReason::SourceRemoved => "its source left",
        ExpiryReason::Concentration { .. } => "concentration ended",
        ExpiryReason::EncounterEnded => "the encounter ended",
        ExpiryReason::Removed => "it was removed",
    }
}

/// The line for one of the events this module adds (others give an empty string).
pub(crate) fn describe(event: &EncounterEvent, enc: &Encounter) -> String {
    match event {
        EncounterEvent::CreatureSet {
            participant,
            creature,
        } => match creature {
            Some(c) => format!(
                "{} has {}/{} HP.",
                name(enc, participant),
                c.hp.current,
                c.hp.max
            ),
            None => format!("{}'s creature stats are cleared.", name(enc, participant)),
        },
        EncounterEvent::Damaged {
            participant,
            report,
            creature,
            ongoing,
        } => format!(
            "{} takes {} {}damage ({} HP left{}).",
            name(enc, participant),
            report.breakdown.total,
            if ongoing.is_some() { "ongoing " } else { "" },
            creature.hp.current,
            if creature.hp.temp > 0 {
                format!(", {} temporary", creature.hp.temp)
            } else {
                String::new()
            }
        ),
        EncounterEvent::CreatureUpdated {
            participant,
            change,
            creature,
            ..
        } => {
            let what = match change {
                CreatureChange::Healed => "is healed",
                CreatureChange::TempHp => "gains temporary HP",
                CreatureChange::DeathSave => "makes a death save",
                CreatureChange::Stabilized => "is tended",
                CreatureChange::GainedFatigue => "gains fatigue",
                CreatureChange::GainedStrife => "gains strife",
                CreatureChange::LostFatigue => "loses fatigue",
                CreatureChange::LostStrife => "loses strife",
                CreatureChange::EncounterEnded => "recovers from the encounter",
                CreatureChange::TimePassed => "is changed by the passing time",
            };
            format!(
                "{} {what} ({}/{} HP, fatigue {}, strife {}).",
                name(enc, participant),
                creature.hp.current,
                creature.hp.max,
                creature.fatigue.level(),
                creature.strife.level()
            )
        }
        EncounterEvent::Incapacitated { participant } => {
            format!("{} goes down.", name(enc, participant))
        }
        EncounterEvent::EffectsAdded { added, .. } => added
            .iter()
            .map(|e| format!("{} gains {}.", name(enc, &e.target), effect_name(e)))
            .collect::<Vec<_>>()
            .join(" "),
        EncounterEvent::EffectRemoved { effect } => format!("Effect {effect} is removed."),
        EncounterEvent::ConcentrationDropped { participant } => {
            format!("{} stops concentrating.", name(enc, participant))
        }
        EncounterEvent::ConditionsLoaded { conditions, .. } => {
            format!("{} homebrew conditions loaded.", conditions.len())
        }
        EncounterEvent::Rested { rest, .. } => format!("A {rest:?} rest is finished."),
        EncounterEvent::ClockAdvanced { now_seconds } => {
            format!("The clock reads {now_seconds} s.")
        }
        EncounterEvent::EffectsEnded { expiries } => expiries
            .iter()
            .map(|x| {
                format!(
                    "{} on {} ends ({}).",
                    effect_name(&x.effect),
                    name(enc, &x.effect.target),
                    why(&x.reason)
                )
            })
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    }
}
