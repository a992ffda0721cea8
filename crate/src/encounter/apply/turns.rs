//! Applying round and turn events: rounds and turns starting and ending, delays and their
//! resumption, OSE side turns and phases, end-of-round resolution, the end of the encounter.

use crate::encounter::event::EncounterEvent;
use crate::encounter::limits::MAX_ROUND;
use crate::encounter::participant::{SkipReason, Spent, TurnStatus};
use crate::encounter::state::{Actor, Encounter, Phase};
use crate::error::{Error, Result};
use crate::ids::ParticipantId;
use crate::initiative::side::{PHASE_ORDER, SLOW_PHASES};

use super::{bad, misrouted};
use crate::initiative::rules::SurpriseRule;

impl Encounter {
    pub(super) fn apply_turns(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::RoundStarted { round } => {
                let expected = self.round.checked_add(1);
                let ok_phase = matches!(self.phase, Phase::Between | Phase::Declaring);
                if !ok_phase || Some(*round) != expected || *round > MAX_ROUND {
                    return Err(Error::out_of_order(format!(
                        "round {round} cannot start now"
                    )));
                }
                self.round = *round;
                let economy = self.rules().action_economy();
                for p in self.participants.iter_mut().map(std::sync::Arc::make_mut) {
                    p.turn = TurnStatus::Waiting;
                    p.activities_used.clear();
                    p.commanded = false;
                    p.retreat = None;
                    p.spell = None;
                    // HYB-ACT-01: one of each per round; GH-INIT-06: 1 reaction per round.
                    // (A5E-TURN-02: A5E's slots come back at the start of the creature's turn.)
                    if economy.refreshed_each_round() {
                        p.spent = Spent::default();
                    }
                }
                self.order = self.compute_order();
                self.done = 0;
                self.active = false;
                self.ose_phase = None;
                self.world_used.clear();
                self.phase = Phase::Turns;
            }
            EncounterEvent::SideTurnStarted { round, sides, slow } => {
                let expected = Actor::Sides {
                    sides: sides.clone(),
                    slow: *slow,
                };
                if self.phase != Phase::Turns
                    || self.active
                    || *round != self.round
                    || self.order.get(self.done) != Some(&expected)
                {
                    return Err(Error::out_of_order("these sides do not act next"));
                }
                self.active = true;
                self.ose_phase = Some(if *slow {
                    SLOW_PHASES[0]
                } else {
                    PHASE_ORDER[0]
                });
            }
            EncounterEvent::PhaseStarted { round, phase } => {
                let phases: &[_] = match self.active_actor() {
                    Some(Actor::Sides { slow: true, .. }) => &SLOW_PHASES,
                    Some(_) if self.rules().side_phases() => &PHASE_ORDER,
                    _ => &[],
                };
                let next = self.ose_phase.and_then(|p| p.next_in(phases));
                if *round != self.round || next != Some(*phase) {
                    return Err(Error::out_of_order("that phase does not come next"));
                }
                self.ose_phase = Some(*phase);
            }
            EncounterEvent::TurnStarted { participant, round } => {
                if self.phase != Phase::Turns || *round != self.round {
                    return Err(Error::out_of_order("turns start during a round"));
                }
                let p = self.get(participant)?;
                if p.out || p.turn != TurnStatus::Waiting {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" already had its turn this round"
                    )));
                }
                let own_entry = self.order_pos(participant);
                if let Some(at) = own_entry
                    && (self.active || at != self.done)
                {
                    return Err(Error::out_of_order(format!(
                        "it is not \"{participant}\"'s turn"
                    )));
                }
                let rules = self.rules();
                if own_entry.is_some() {
                    self.active = true;
                    if rules.side_phases() {
                        self.ose_phase = Some(PHASE_ORDER[0]);
                    }
                }
                let p = self.get_mut(participant)?;
                p.turn = TurnStatus::Started;
                p.commanded = false;
                if rules.action_economy().refreshed_each_turn() {
                    // A5E-TURN-02: action, bonus action, movement and reaction come back.
                    p.spent = Spent::default();
                }
                // A readied action not triggered by now is lost (A5E-ACT-11).
                p.readied = None;
            }
            EncounterEvent::TurnDelayed { participant, round } => {
                let p = self.get(participant)?;
                if !self.is_current(participant)
                    || *round != self.round
                    || p.turn != TurnStatus::Started
                {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" can delay only at the start of its own turn"
                    )));
                }
                self.order.remove(self.done);
                self.active = false;
                self.ose_phase = None;
                self.get_mut(participant)?.turn = TurnStatus::Delayed;
            }
            EncounterEvent::DelayResumed {
                participant,
                cut_in,
            } => {
                let mut all: Vec<&ParticipantId> = cut_in.iter().collect();
                all.push(participant);
                for (k, id) in all.iter().enumerate() {
                    if self.get(id)?.turn != TurnStatus::Delayed
                        || all.iter().skip(k.saturating_add(1)).any(|o| o == id)
                    {
                        return Err(Error::out_of_order(format!("\"{id}\" is not delaying")));
                    }
                }
                let at = self.done.saturating_add(usize::from(self.active));
                for (k, id) in all.iter().enumerate() {
                    self.order.insert(
                        at.saturating_add(k),
                        Actor::Participant {
                            participant: (*id).clone(),
                        },
                    );
                    self.get_mut(id)?.turn = TurnStatus::Scheduled;
                }
            }
            EncounterEvent::TurnResumed { participant, round } => {
                if self.phase != Phase::Turns
                    || self.active
                    || *round != self.round
                    || self.get(participant)?.turn != TurnStatus::Scheduled
                    || self.order_pos(participant) != Some(self.done)
                {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" does not resume now"
                    )));
                }
                self.active = true;
                self.get_mut(participant)?.turn = TurnStatus::Resumed;
            }
            EncounterEvent::TurnSkipped {
                participant,
                round,
                reason,
            } => {
                if self.phase != Phase::Turns || self.active || *round != self.round {
                    return Err(Error::out_of_order("turns are skipped during a round"));
                }
                let p = self.get(participant)?;
                if self.skip_reason(p) != Some(*reason) {
                    return Err(bad(format!(
                        "\"{participant}\" is not {}",
                        match reason {
                            SkipReason::Dead => "dead",
                            SkipReason::UnableToAct => "unable to act",
                        }
                    )));
                }
                match p.turn {
                    // Its place in the order came up.
                    TurnStatus::Waiting if self.order_pos(participant) == Some(self.done) => {
                        self.done = self.done.saturating_add(1);
                    }
                    // A delayer whose turn never came back (the order ran out).
                    TurnStatus::Delayed => {}
                    _ => {
                        return Err(Error::out_of_order(format!(
                            "it is not \"{participant}\"'s turn"
                        )));
                    }
                }
                self.get_mut(participant)?.turn = TurnStatus::Skipped;
            }
            EncounterEvent::TurnGranted { participant, round } => {
                if self.phase != Phase::Turns
                    || *round != self.round
                    || self.get(participant)?.turn != TurnStatus::Skipped
                {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" had no turn skipped this round"
                    )));
                }
                if let Some(old) = self.order_pos(participant)
                    && old < self.done
                {
                    // Its skipped entry is behind us: the granted turn takes a new place.
                    self.order.remove(old);
                    self.done = self.done.saturating_sub(1);
                }
                let at = self.done.saturating_add(usize::from(self.active));
                self.order.insert(
                    at,
                    Actor::Participant {
                        participant: participant.clone(),
                    },
                );
                self.get_mut(participant)?.turn = TurnStatus::Scheduled;
            }
            EncounterEvent::TurnEnded { participant, round } => {
                let p = self.get(participant)?;
                if *round != self.round
                    || !matches!(
                        p.turn,
                        TurnStatus::Started
                            | TurnStatus::Resumed
                            | TurnStatus::Delayed
                            | TurnStatus::Scheduled
                    )
                {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" has no turn under way"
                    )));
                }
                let surprise = self.rules().surprise();
                if self.is_current(participant) {
                    self.done = self.done.saturating_add(1);
                    self.active = false;
                    self.ose_phase = None;
                }
                let p = self.get_mut(participant)?;
                p.turn = TurnStatus::Done;
                p.commanded = false;
                if surprise == SurpriseRule::FirstTurn {
                    // A5E-SURP-02: surprise lasts until the end of the first turn.
                    p.surprised = false;
                }
            }
            EncounterEvent::SideTurnEnded { round, sides, slow } => {
                let expected = Actor::Sides {
                    sides: sides.clone(),
                    slow: *slow,
                };
                if *round != self.round || self.active_actor() != Some(&expected) {
                    return Err(Error::out_of_order("those sides are not acting"));
                }
                self.done = self.done.saturating_add(1);
                self.active = false;
                self.ose_phase = None;
            }
            EncounterEvent::EndOfRoundResolution {
                round,
                participants,
            } => {
                if *round != self.round {
                    return Err(bad("end-of-round resolution for another round"));
                }
                for id in participants {
                    self.get(id)?;
                }
            }
            EncounterEvent::RoundEnded { round } => {
                if !matches!(self.phase, Phase::Turns | Phase::World)
                    || self.active
                    || *round != self.round
                {
                    return Err(Error::out_of_order("the round cannot end now"));
                }
                let surprise = self.rules().surprise();
                for p in self.participants.iter_mut().map(std::sync::Arc::make_mut) {
                    if surprise == SurpriseRule::UntilRoundEnd {
                        // GH-SURP-01: surprised until the end of the round.
                        p.surprised = false;
                    }
                    if p.turn != TurnStatus::Waiting {
                        p.turn = TurnStatus::Done;
                    }
                }
                if *round == 1 {
                    for s in &mut self.sides {
                        s.surprised = false;
                    }
                    self.ambushers.clear();
                }
                self.order.clear();
                self.done = 0;
                self.ose_phase = None;
                self.phase = Phase::Between;
            }
            EncounterEvent::EncounterEnded { .. } => {
                if !self.running() || self.active {
                    return Err(Error::out_of_order("no encounter is running"));
                }
                self.phase = Phase::Ended;
            }
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }
}
