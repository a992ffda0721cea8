//! Applying the events that take a turn out of its place in the order: a delay and its
//! resumption (GH-INIT-13, HYB-INIT-02), a skipped turn (the dead, and per ruleset those unable
//! to act) and a turn the GM grants back.

use crate::encounter::participant::{SkipReason, TurnStatus};
use crate::encounter::state::{Actor, Encounter, Phase};
use crate::error::{Error, Result};
use crate::ids::ParticipantId;

use super::bad;

impl Encounter {
    /// A participant gives up its place at the start of its own turn and waits.
    pub(super) fn apply_turn_delayed(
        &mut self,
        participant: &ParticipantId,
        round: u32,
    ) -> Result<()> {
        let p = self.get(participant)?;
        if !self.is_current(participant) || round != self.round || p.turn != TurnStatus::Started {
            return Err(Error::out_of_order(format!(
                "\"{participant}\" can delay only at the start of its own turn"
            )));
        }
        let done = self.done;
        self.order_mut().remove(done);
        self.active = false;
        self.ose_phase = None;
        self.get_mut(participant)?.turn = TurnStatus::Delayed;
        Ok(())
    }

    /// A delayer comes back next, with the delayers that cut in ahead of it (GH-INIT-13), in
    /// the event's order: each gets a place right after the current turn.
    pub(super) fn apply_delay_resumed(
        &mut self,
        participant: &ParticipantId,
        cut_in: &[ParticipantId],
    ) -> Result<()> {
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
            self.order_mut().insert(
                at.saturating_add(k),
                Actor::Participant {
                    participant: (*id).clone(),
                },
            );
            self.get_mut(id)?.turn = TurnStatus::Scheduled;
        }
        Ok(())
    }

    /// A scheduled participant (a resumed delayer or a granted turn) reaches its new place.
    pub(super) fn apply_turn_resumed(
        &mut self,
        participant: &ParticipantId,
        round: u32,
    ) -> Result<()> {
        if self.phase != Phase::Turns
            || self.active
            || round != self.round
            || self.get(participant)?.turn != TurnStatus::Scheduled
            || self.order_pos(participant) != Some(self.done)
        {
            return Err(Error::out_of_order(format!(
                "\"{participant}\" does not resume now"
            )));
        }
        self.active = true;
        self.get_mut(participant)?.turn = TurnStatus::Resumed;
        Ok(())
    }

    /// A participant whose turn came (or a delayer whose turn never came back) takes none, for
    /// the reason its state gives (see `skip_reason`).
    pub(super) fn apply_turn_skipped(
        &mut self,
        participant: &ParticipantId,
        round: u32,
        reason: SkipReason,
    ) -> Result<()> {
        if self.phase != Phase::Turns || self.active || round != self.round {
            return Err(Error::out_of_order("turns are skipped during a round"));
        }
        let p = self.get(participant)?;
        if self.skip_reason(p) != Some(reason) {
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
        Ok(())
    }

    /// The GM gives a skipped participant its turn after all: it is scheduled right after the
    /// current turn.
    pub(super) fn apply_turn_granted(
        &mut self,
        participant: &ParticipantId,
        round: u32,
    ) -> Result<()> {
        if self.phase != Phase::Turns
            || round != self.round
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
            self.order_mut().remove(old);
            self.done = self.done.saturating_sub(1);
        }
        let at = self.done.saturating_add(usize::from(self.active));
        self.order_mut().insert(
            at,
            Actor::Participant {
                participant: participant.clone(),
            },
        );
        self.get_mut(participant)?.turn = TurnStatus::Scheduled;
        Ok(())
    }
}
