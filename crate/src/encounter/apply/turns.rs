//! Applying round and turn events: rounds and turns starting and ending, OSE side turns and
//! phases, end-of-round resolution, the end of the encounter. Turns taken out of their place
//! (delays, skips, grants) are in `delays.rs`.

use crate::encounter::event::EncounterEvent;
use crate::encounter::limits::MAX_ROUND;
use crate::encounter::participant::{Spent, TurnStatus};
use crate::encounter::state::{Actor, Encounter, Phase};
use crate::error::{Error, Result};
use crate::ids::{ParticipantId, SideId};
use crate::initiative::side::{OsePhase, PHASE_ORDER, SLOW_PHASES};

use super::{bad, misrouted};
use crate::initiative::rules::SurpriseRule;

impl Encounter {
    /// Send a round or turn event to its handler below (or in `delays.rs`).
    pub(super) fn apply_turns(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::RoundStarted { round } => self.apply_round_started(*round),
            EncounterEvent::SideTurnStarted { round, sides, slow } => {
                self.apply_side_turn_started(*round, sides, *slow)
            }
            EncounterEvent::PhaseStarted { round, phase } => {
                self.apply_phase_started(*round, *phase)
            }
            EncounterEvent::TurnStarted { participant, round } => {
                self.apply_turn_started(participant, *round)
            }
            EncounterEvent::TurnDelayed { participant, round } => {
                self.apply_turn_delayed(participant, *round)
            }
            EncounterEvent::DelayResumed {
                participant,
                cut_in,
            } => self.apply_delay_resumed(participant, cut_in),
            EncounterEvent::TurnResumed { participant, round } => {
                self.apply_turn_resumed(participant, *round)
            }
            EncounterEvent::TurnSkipped {
                participant,
                round,
                reason,
            } => self.apply_turn_skipped(participant, *round, *reason),
            EncounterEvent::TurnGranted { participant, round } => {
                self.apply_turn_granted(participant, *round)
            }
            EncounterEvent::TurnEnded { participant, round } => {
                self.apply_turn_ended(participant, *round)
            }
            EncounterEvent::SideTurnEnded { round, sides, slow } => {
                self.apply_side_turn_ended(*round, sides, *slow)
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
                Ok(())
            }
            EncounterEvent::RoundEnded { round } => self.apply_round_ended(*round),
            EncounterEvent::EncounterEnded { .. } => {
                if !self.running() || self.active {
                    return Err(Error::out_of_order("no encounter is running"));
                }
                self.phase = Phase::Ended;
                Ok(())
            }
            _ => Err(misrouted(event)),
        }
    }

    /// A new round: every participant's per-round state is reset (and, where the action
    /// economy says so, its slots: HYB-ACT-01, GH-INIT-06) and the order is computed afresh.
    fn apply_round_started(&mut self, round: u32) -> Result<()> {
        let expected = self.round.checked_add(1);
        let ok_phase = matches!(self.phase, Phase::Between | Phase::Declaring);
        if !ok_phase || Some(round) != expected || round > MAX_ROUND {
            return Err(Error::out_of_order(format!(
                "round {round} cannot start now"
            )));
        }
        self.round = round;
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
        self.order = std::sync::Arc::new(self.compute_order());
        self.done = 0;
        self.active = false;
        self.ose_phase = None;
        self.world_used.clear();
        self.phase = Phase::Turns;
        Ok(())
    }

    /// OSE side initiative: the sides next in the order start acting together, in the first
    /// of their phases (the slow-weapon pass has phases of its own, OSE-INIT-03).
    fn apply_side_turn_started(&mut self, round: u32, sides: &[SideId], slow: bool) -> Result<()> {
        let expected = Actor::Sides {
            sides: sides.to_vec(),
            slow,
        };
        if self.phase != Phase::Turns
            || self.active
            || round != self.round
            || self.order.get(self.done) != Some(&expected)
        {
            return Err(Error::out_of_order("these sides do not act next"));
        }
        self.active = true;
        self.ose_phase = Some(if slow { SLOW_PHASES[0] } else { PHASE_ORDER[0] });
        Ok(())
    }

    /// OSE-COMBAT-02: the acting side (or creature) moves on to its next phase.
    fn apply_phase_started(&mut self, round: u32, phase: OsePhase) -> Result<()> {
        let phases: &[_] = match self.active_actor() {
            Some(Actor::Sides { slow: true, .. }) => &SLOW_PHASES,
            Some(_) if self.rules().side_phases() => &PHASE_ORDER,
            _ => &[],
        };
        let next = self.ose_phase.and_then(|p| p.next_in(phases));
        if round != self.round || next != Some(phase) {
            return Err(Error::out_of_order("that phase does not come next"));
        }
        self.ose_phase = Some(phase);
        Ok(())
    }

    /// A participant's turn starts: at its place in the order, or (without a place of its own)
    /// on its controller's turn. A5E's slots come back now (A5E-TURN-02) and an untriggered
    /// readied action is lost (A5E-ACT-11).
    fn apply_turn_started(&mut self, participant: &ParticipantId, round: u32) -> Result<()> {
        if self.phase != Phase::Turns || round != self.round {
            return Err(Error::out_of_order("turns start during a round"));
        }
        let (i, p) = self.get_at(participant)?;
        if p.out || p.turn != TurnStatus::Waiting {
            return Err(Error::out_of_order(format!(
                "\"{participant}\" already had its turn this round"
            )));
        }
        let own_entry = self.order_pos_next(participant);
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
        let p = self.at_mut(i, participant)?;
        p.turn = TurnStatus::Started;
        p.commanded = false;
        if rules.action_economy().refreshed_each_turn() {
            // A5E-TURN-02: action, bonus action, movement and reaction come back.
            p.spent = Spent::default();
        }
        // A readied action not triggered by now is lost (A5E-ACT-11).
        p.readied = None;
        Ok(())
    }

    /// A participant's turn under way ends; if it was the current turn the order moves on.
    /// A5E-SURP-02: surprise lasts until the end of the creature's first turn.
    fn apply_turn_ended(&mut self, participant: &ParticipantId, round: u32) -> Result<()> {
        let (i, p) = self.get_at(participant)?;
        if round != self.round
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
        let p = self.at_mut(i, participant)?;
        p.turn = TurnStatus::Done;
        p.commanded = false;
        if surprise == SurpriseRule::FirstTurn {
            // A5E-SURP-02: surprise lasts until the end of the first turn.
            p.surprised = false;
        }
        Ok(())
    }

    /// OSE side initiative: the acting sides are done and the order moves on.
    fn apply_side_turn_ended(&mut self, round: u32, sides: &[SideId], slow: bool) -> Result<()> {
        let expected = Actor::Sides {
            sides: sides.to_vec(),
            slow,
        };
        if round != self.round || self.active_actor() != Some(&expected) {
            return Err(Error::out_of_order("those sides are not acting"));
        }
        self.done = self.done.saturating_add(1);
        self.active = false;
        self.ose_phase = None;
        Ok(())
    }

    /// The round ends once no turn is under way: GH-SURP-01 surprise ends with it, OSE side
    /// surprise and the ambushers only matter in round 1, and the order is cleared.
    fn apply_round_ended(&mut self, round: u32) -> Result<()> {
        if !matches!(self.phase, Phase::Turns | Phase::World) || self.active || round != self.round
        {
            return Err(Error::out_of_order("the round cannot end now"));
        }
        let surprise = self.rules().surprise() == SurpriseRule::UntilRoundEnd;
        // Only the participants this changes are written to: a shared one (a follower's
        // working copy) is copied when written, and by now most turns are done already.
        for shared in &mut self.participants {
            let unsurprised = surprise && shared.surprised;
            let done = !matches!(shared.turn, TurnStatus::Waiting | TurnStatus::Done);
            if !(unsurprised || done) {
                continue;
            }
            let p = std::sync::Arc::make_mut(shared);
            if surprise {
                // GH-SURP-01: surprised until the end of the round.
                p.surprised = false;
            }
            if p.turn != TurnStatus::Waiting {
                p.turn = TurnStatus::Done;
            }
        }
        if round == 1 {
            for s in &mut self.sides {
                s.surprised = false;
            }
            self.ambushers.clear();
        }
        self.order_mut().clear();
        self.done = 0;
        self.ose_phase = None;
        self.phase = Phase::Between;
        Ok(())
    }
}
