//! Applying the GM's corrections: a new count, a move in the order, and a restored state (an
//! undo, or a step back to the previous turn or round; see `crate::engine::history`).
//!
//! The checks live here, not in the commands, so a follower refuses exactly what the leader
//! would have refused.

use core::cmp::Ordering;

use crate::encounter::event::EncounterEvent;
use crate::encounter::limits::MAX_TOTAL;
use crate::encounter::state::{Encounter, Phase};
use crate::error::{Error, Result};
use crate::ids::ParticipantId;

use super::misrouted;

impl Encounter {
    pub(super) fn apply_corrections(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::CountSet { participant, count } => self.set_count(participant, *count),
            EncounterEvent::MovedInOrder {
                participant,
                target,
                after,
                count,
            } => self.move_in_order(participant, target, *after, *count),
            EncounterEvent::Restored { snapshot, .. } => {
                *self = Encounter::from_json(snapshot)?;
                Ok(())
            }
            _ => Err(misrouted(event)),
        }
    }

    /// Corrections of the order need counts: participants' own, not sides' (OSE).
    fn correctable(&self, participant: &ParticipantId) -> Result<usize> {
        if self.per_side() {
            return Err(Error::not_allowed(
                "under side initiative the sides' rolls set the order, not participants' counts",
            ));
        }
        let i = self.pos(participant)?;
        if self.get(participant)?.initiative.is_none() {
            return Err(Error::out_of_order(format!(
                "\"{participant}\" has no initiative count yet"
            )));
        }
        Ok(i)
    }

    /// The first entry of the order still to act (after the one acting now, if any).
    fn pending_from(&self) -> usize {
        self.done
            .saturating_add(usize::from(self.active))
            .min(self.order.len())
    }

    /// `setCount`: a new count, any placement on the old one dropped. If the participant is
    /// still to act this round it takes its new place at once (never before the turn under
    /// way); otherwise the new count orders it from the next sort on.
    fn set_count(&mut self, participant: &ParticipantId, count: i32) -> Result<()> {
        if count.checked_abs().is_none_or(|a| a > MAX_TOTAL) {
            return Err(Error::invalid_argument(format!(
                "a count is −{MAX_TOTAL} to {MAX_TOTAL}"
            )));
        }
        let i = self.correctable(participant)?;
        if let Some(init) = self.get_mut(participant)?.initiative.as_mut() {
            init.total = count;
            init.rank = 0;
        }
        if self.phase == Phase::Turns
            && let Some(at) = self.order_pos(participant)
            && at >= self.pending_from()
        {
            let entry = self.order_mut().remove(at);
            let to = self.insert_position(i, true);
            self.order_mut().insert(to, entry);
        }
        Ok(())
    }

    /// `moveInOrder`: `participant` acts right before (or `after`) `target` and takes its count
    /// `count`. Everyone on that count gets a GM placement (`rank`) in the order they now act,
    /// so the move outlasts this round wherever counts carry over (A5E, 5e, HYB).
    fn move_in_order(
        &mut self,
        participant: &ParticipantId,
        target: &ParticipantId,
        after: bool,
        count: i32,
    ) -> Result<()> {
        if participant == target {
            return Err(Error::invalid_argument(
                "a participant cannot move relative to itself",
            ));
        }
        if self.phase != Phase::Turns {
            return Err(Error::out_of_order(
                "the order can be changed while a round is under way",
            ));
        }
        let who = self.correctable(participant)?;
        self.correctable(target)?;
        if self.get(target)?.count() != Some(count) {
            return Err(Error::invalid_argument(format!(
                "\"{target}\" is not on count {count}"
            )));
        }
        let (Some(from), Some(to)) = (self.order_pos(participant), self.order_pos(target)) else {
            return Err(Error::not_allowed(
                "both must have a turn of their own in this round's order",
            ));
        };
        let pending = self.pending_from();
        if from < pending {
            return Err(Error::not_allowed(format!(
                "\"{participant}\" has already acted or is acting this round"
            )));
        }
        // Right after the one acting now is still the future; right before it is not.
        if to < pending && !(after && to.saturating_add(1) == pending) {
            return Err(Error::not_allowed(format!(
                "\"{target}\" has already acted or is acting: nobody can go before it now"
            )));
        }

        // Everyone on the target's count, in the order they act now, with the mover placed.
        let mut band: Vec<usize> = self
            .participants
            .iter()
            .enumerate()
            .filter(|(i, p)| *i != who && self.in_order(p) && p.count() == Some(count))
            .map(|(i, _)| i)
            .collect();
        // The comparison is total (positions break what chance left equal), so the shared
        // stable sort gives what an unstable one would.
        crate::sorting::sort_indices(&mut band, &mut |a, b| self.cmp_participants(a, b));
        let t = self.pos(target)?;
        let at = band.iter().position(|i| *i == t).unwrap_or(band.len());
        band.insert(if after { at.saturating_add(1) } else { at }, who);
        for (rank, i) in band.iter().enumerate() {
            if let Some(init) = self
                .participants
                .get_mut(*i)
                .and_then(|p| std::sync::Arc::make_mut(p).initiative.as_mut())
            {
                init.total = count;
                init.rank = i32::try_from(rank).unwrap_or(i32::MAX);
            }
        }
        // Ambushers (HYB) and slow weapons (OSE) act apart from the rest whatever their
        // count: a placement cannot cross that line.
        let wanted = if after {
            Ordering::Greater
        } else {
            Ordering::Less
        };
        if self.cmp_participants(who, t) != wanted {
            return Err(Error::not_allowed(format!(
                "\"{participant}\" cannot act {} \"{target}\": the rules set them apart",
                if after { "right after" } else { "right before" }
            )));
        }
        let entry = self.order_mut().remove(from);
        let to = self
            .order
            .iter()
            .position(|a| a.participant() == Some(target))
            .map_or(self.order.len(), |p| {
                if after { p.saturating_add(1) } else { p }
            });
        self.order_mut().insert(to, entry);
        Ok(())
    }
}
