//! One human-readable line per event, for a VTT chat log.

use crate::encounter::event::{EncounterEvent, TieUnit};
use crate::encounter::participant::{Declaration, Harm, SpellDisruption};
use crate::encounter::state::Encounter;
use crate::ids::ParticipantId;
use crate::initiative::{InitiativeDie, InitiativeRoll, RollSource};

pub(crate) fn name(enc: &Encounter, id: &ParticipantId) -> String {
    enc.participant(id)
        .map_or_else(|| id.to_string(), |p| p.name.to_string())
}

fn names(enc: &Encounter, ids: &[ParticipantId]) -> String {
    ids.iter()
        .map(|i| name(enc, i))
        .collect::<Vec<_>>()
        .join(", ")
}

fn dice_text(dice: &[InitiativeDie]) -> String {
    dice.iter()
        .map(|d| {
            let base = format!("d{} {}", d.die.sides, d.die.face);
            let base = match d.activity {
                Some(a) => format!("{base} ({})", a.label()),
                None => base,
            };
            if d.dropped {
                format!("[{base}, dropped]")
            } else {
                base
            }
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A participant's declared plan, as a sentence.
fn plan_text(enc: &Encounter, participant: &ParticipantId, declaration: &Declaration) -> String {
    match declaration {
        Declaration::Greyhawk(d) => {
            let mut parts: Vec<&str> = d.activities.iter().map(|a| a.label()).collect();
            let bonus;
            if let Some(b) = d.bonus_action {
                bonus = format!("bonus {}", b.label());
                parts.push(&bonus);
            }
            let plan = if parts.is_empty() {
                "nothing".to_string()
            } else {
                parts.join(", ")
            };
            format!("{} plans: {plan}.", name(enc, participant))
        }
        Declaration::Ose(d) => {
            let mut parts = Vec::new();
            if d.spell {
                parts.push("casting a spell".to_string());
            }
            if let Some(m) = d.melee_movement {
                parts.push(format!("{m:?} in melee").to_lowercase());
            }
            if d.slow_weapon {
                parts.push("attacking with a slow weapon".to_string());
            }
            let plan = if parts.is_empty() {
                "nothing to declare".to_string()
            } else {
                parts.join(", ")
            };
            format!("{} declares {plan}.", name(enc, participant))
        }
    }
}

fn roll_text(enc: &Encounter, r: &InitiativeRoll) -> String {
    let who = names(enc, &r.participants);
    match r.source {
        RollSource::SurpriseCheck => format!("{who} keeps the surprise check: {}", r.total),
        RollSource::FixedCount => format!("{who} acts on count {}", r.total),
        RollSource::DexScore => format!("{who} acts on Dex {}", r.total),
        RollSource::Rolled => {
            let dice = if r.dice.is_empty() {
                "no dice".to_string()
            } else {
                dice_text(&r.dice)
            };
            let modifier = if r.modifier == 0 {
                String::new()
            } else {
                format!(" {:+}", r.modifier)
            };
            format!("{who}: {dice}{modifier} = {}", r.total)
        }
    }
}

impl EncounterEvent {
    /// A log line for this event. Call it on the encounter as it is after the event (names of
    /// removed participants fall back to their ids).
    pub fn describe(&self, enc: &Encounter) -> String {
        match self {
            EncounterEvent::ParticipantAdded { participant } => {
                format!(
                    "{} joins the encounter ({}).",
                    participant.name, participant.side
                )
            }
            EncounterEvent::ParticipantRemoved { participant } => {
                format!("{participant} leaves the encounter.")
            }
            EncounterEvent::ParticipantRenamed {
                participant,
                name: n,
            } => {
                format!("{participant} is now called {n}.")
            }
            EncounterEvent::SideChanged { participant, side } => {
                format!("{} changes sides to {side}.", name(enc, participant))
            }
            EncounterEvent::GroupChanged { participant, group } => match group {
                Some(g) => format!("{} joins group {g}.", name(enc, participant)),
                None => format!("{} leaves its group.", name(enc, participant)),
            },
            EncounterEvent::CanActChanged {
                participant,
                can_act,
            } => {
                if *can_act {
                    format!("{} can act again.", name(enc, participant))
                } else {
                    format!("{} cannot act.", name(enc, participant))
                }
            }
            EncounterEvent::ControllerChanged {
                participant,
                controller,
            } => match controller {
                Some(c) => format!(
                    "{} is controlled by {}.",
                    name(enc, participant),
                    name(enc, c)
                ),
                None => format!("{} is no longer controlled.", name(enc, participant)),
            },
            EncounterEvent::InitiativeCheckChanged { participant, check } => match check {
                Some(c) => format!(
                    "{} will roll {}{} for initiative.",
                    name(enc, participant),
                    c.ability.label(),
                    c.skill
                        .as_ref()
                        .map(|s| format!(" ({s})"))
                        .unwrap_or_default()
                ),
                None => format!(
                    "{} will roll Dexterity for initiative.",
                    name(enc, participant)
                ),
            },
            EncounterEvent::RoundLengthChanged { length } => {
                format!("A round now lasts {} seconds.", length.seconds())
            }
            EncounterEvent::SurpriseChanged {
                participant,
                surprised,
            } => {
                if *surprised {
                    format!("{} is surprised!", name(enc, participant))
                } else {
                    format!("{} is not surprised.", name(enc, participant))
                }
            }
            EncounterEvent::SurpriseCheckRolled {
                participant,
                dice,
                modifier,
                total,
            } => format!(
                "{} makes a surprise-step check: {} {:+} = {total}.",
                name(enc, participant),
                dice_text(dice),
                modifier
            ),
            EncounterEvent::SideSurpriseRolled {
                side,
                die,
                surprised,
            } => format!(
                "Side {side} rolls {} for surprise: {}.",
                die.face,
                if *surprised {
                    "surprised"
                } else {
                    "not surprised"
                }
            ),
            EncounterEvent::WorldActionAdded { action } => {
                format!("World action added: {}.", action.name)
            }
            EncounterEvent::WorldActionRemoved { action } => {
                format!("World action {action} removed.")
            }
            EncounterEvent::EncounterStarted { .. } => "The encounter begins.".to_string(),
            EncounterEvent::DeclarationsOpened { round } => {
                format!("Declare your plans for round {round}.")
            }
            EncounterEvent::DeclaredMany { declarations } => match declarations.as_slice() {
                [one] => plan_text(enc, &one.participant, &one.declaration),
                many => format!("{} participants declare their plans.", many.len()),
            },
            EncounterEvent::Declared {
                participant,
                declaration,
            } => plan_text(enc, participant, declaration),
            EncounterEvent::InitiativeRolled { rolls } => format!(
                "Initiative: {}.",
                rolls
                    .iter()
                    .map(|r| roll_text(enc, r))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            EncounterEvent::SideInitiativeRolled { rolls } => format!(
                "Side initiative: {}.",
                rolls
                    .iter()
                    .map(|r| format!("{} {}", r.side, r.die.face))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            EncounterEvent::TiesBroken { draws } => format!(
                "Ties rolled off: {}.",
                draws
                    .iter()
                    .map(|d| {
                        let who = match &d.unit {
                            TieUnit::Participants { participants } => names(enc, participants),
                            TieUnit::Side { side } => side.to_string(),
                        };
                        format!("{who} {}", d.die.face)
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            EncounterEvent::JoinedOrder { participant } => format!(
                "{} takes its place in the order (count {}).",
                name(enc, participant),
                enc.participant(participant)
                    .and_then(|p| p.count())
                    .map_or_else(|| "-".to_string(), |c| c.to_string())
            ),
            EncounterEvent::RoundStarted { round } => format!("Round {round} begins."),
            EncounterEvent::RechargeRolled {
                action,
                die,
                recharged,
            } => format!(
                "Recharge roll for {action}: {} ({}).",
                die.face,
                if *recharged { "recharged" } else { "not yet" }
            ),
            EncounterEvent::WorldPhaseStarted { participant, .. } => match participant {
                Some(p) => format!("World actions at the start of {}'s turn.", name(enc, p)),
                None => "The environment acts.".to_string(),
            },
            EncounterEvent::WorldActionUsed { action, targets } => {
                let n = enc
                    .world_actions()
                    .iter()
                    .find(|w| &w.action.id == action)
                    .map_or_else(|| action.to_string(), |w| w.action.name.to_string());
                if targets.is_empty() {
                    format!("World action: {n}.")
                } else {
                    format!("World action: {n} on {}.", names(enc, targets))
                }
            }
            EncounterEvent::WorldPhaseEnded { .. } => "The environment is done.".to_string(),
            EncounterEvent::SideTurnStarted { sides, slow, .. } => {
                let s = sides
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(" and ");
                if *slow {
                    format!("Slow weapons of {s} strike last.")
                } else {
                    format!("Side {s} acts.")
                }
            }
            EncounterEvent::PhaseStarted { phase, .. } => format!("Phase: {}.", phase.label()),
            EncounterEvent::TurnStarted { participant, round } => {
                format!("{}'s turn (round {round}).", name(enc, participant))
            }
            EncounterEvent::TurnDelayed { participant, .. } => {
                format!("{} delays.", name(enc, participant))
            }
            EncounterEvent::DelayResumed {
                participant,
                cut_in,
            } => {
                if cut_in.is_empty() {
                    format!("{} will act now.", name(enc, participant))
                } else {
                    format!(
                        "{} will act now; {} cut in first.",
                        name(enc, participant),
                        names(enc, cut_in)
                    )
                }
            }
            EncounterEvent::TurnResumed { participant, .. } => {
                format!("{} acts after delaying.", name(enc, participant))
            }
            EncounterEvent::ActivityUsed {
                participant,
                activity,
            } => {
                format!("{} uses {}.", name(enc, participant), activity.label())
            }
            EncounterEvent::ActionUsed {
                participant,
                kind,
                slot,
            } => {
                if kind == slot {
                    format!("{} uses its {}.", name(enc, participant), kind.label())
                } else {
                    format!(
                        "{} trades its {} for a {}.",
                        name(enc, participant),
                        slot.label(),
                        kind.label()
                    )
                }
            }
            EncounterEvent::Readied {
                participant,
                trigger,
            } => {
                format!("{} readies an action: {trigger}.", name(enc, participant))
            }
            EncounterEvent::ReadyTriggered { participant } => {
                format!("{}'s readied action triggers.", name(enc, participant))
            }
            EncounterEvent::ControlledCommanded {
                controller,
                targets,
            } => format!(
                "{} commands {}.",
                name(enc, controller),
                names(enc, targets)
            ),
            EncounterEvent::Harmed { participant, harm } => {
                let what = match harm {
                    Harm::Damage => "takes damage",
                    Harm::Hit => "is hit",
                    Harm::FailedSave => "fails a save",
                };
                format!("{} {what}.", name(enc, participant))
            }
            EncounterEvent::SpellDisrupted {
                participant,
                disruption,
            } => match disruption {
                SpellDisruption::CantripsOnly => {
                    format!(
                        "{}'s concentration breaks: cantrips only this turn.",
                        name(enc, participant)
                    )
                }
                SpellDisruption::Lost => {
                    format!("{}'s spell is disrupted and lost.", name(enc, participant))
                }
            },
            EncounterEvent::PlanForced {
                participant, roll, ..
            } => format!(
                "{} changes plans: {}.",
                name(enc, participant),
                roll_text(enc, roll)
            ),
            EncounterEvent::RetreatStarted { participant } => {
                format!("{} tries to retreat.", name(enc, participant))
            }
            EncounterEvent::FollowersMoraleChecked { leader, checks } => {
                let parts: Vec<String> = checks
                    .iter()
                    .map(|c| {
                        let faces: Vec<String> =
                            c.dice.iter().map(|d| d.face.to_string()).collect();
                        format!(
                            "{} (d20 [{}] {:+}) {}",
                            name(enc, &c.participant),
                            faces.join(", "),
                            c.modifier,
                            if c.routed { "routs" } else { "holds" }
                        )
                    })
                    .collect();
                format!(
                    "{}'s followers check morale: {}.",
                    name(enc, leader),
                    parts.join("; ")
                )
            }
            EncounterEvent::RetreatResolved {
                participant,
                check,
                escaped,
                ..
            } => {
                let roll = check
                    .map(|c| format!(" (d20 {} {:+} vs DC {})", c.die.face, c.modifier, c.dc))
                    .unwrap_or_default();
                if *escaped {
                    format!(
                        "{} escapes{roll} and leaves the fight.",
                        name(enc, participant)
                    )
                } else {
                    format!("{}'s retreat fails{roll}.", name(enc, participant))
                }
            }
            EncounterEvent::TurnEnded { participant, .. } => {
                format!("{}'s turn ends.", name(enc, participant))
            }
            EncounterEvent::SideTurnEnded { sides, .. } => format!(
                "Side {} is done.",
                sides
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            EncounterEvent::EndOfRoundResolution { participants, .. } => format!(
                "End of round: resolve death saves and the like for {}.",
                names(enc, participants)
            ),
            EncounterEvent::RoundEnded { round } => format!("Round {round} ends."),
            EncounterEvent::EncounterEnded { round } => {
                format!("The encounter ends after round {round}.")
            }
            EncounterEvent::HiddenChanged {
                participant,
                hidden,
            } => format!(
                "{} is {} players.",
                name(enc, participant),
                if *hidden {
                    "hidden from"
                } else {
                    "revealed to"
                }
            ),
            EncounterEvent::CountSet { participant, count } => {
                format!("The GM sets {}'s count to {count}.", name(enc, participant))
            }
            EncounterEvent::MovedInOrder {
                participant,
                target,
                after,
                ..
            } => format!(
                "The GM moves {} to act right {} {}.",
                name(enc, participant),
                if *after { "after" } else { "before" },
                name(enc, target)
            ),
            EncounterEvent::Restored { undone, .. } => format!(
                "The GM takes back the last {undone} command{}.",
                if *undone == 1 { "" } else { "s" }
            ),
            other => crate::encounter::describe_vitals::describe(other, enc),
        }
    }
}
