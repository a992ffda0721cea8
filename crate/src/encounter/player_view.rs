//! What players may see of an encounter (issue 17): everything but its hidden participants.
//!
//! A hidden participant (`hidden`, or controlled by a hidden one) is left out with everything
//! that names it: its place in the order (while it acts, players see nobody acting), effects on
//! it, its roll-off draws, and the tracker's note that it acted. An effect a hidden creature
//! put on a visible one stays visible, without its source: players see that they are
//! frightened, not by whom. The counters (initiative rolls made, effect ids given out) stay as
//! they are, so later events number things the same way on both sides.
//!
//! The engine checks each player batch against this view (`crate::engine` player views): if
//! the events do not lead the players' copy exactly here, players get this view instead.

use crate::encounter::state::Encounter;
use crate::ids::ParticipantId;

impl Encounter {
    /// The ids players must not learn: hidden participants and those they control.
    pub(crate) fn hidden_ids(&self) -> Vec<ParticipantId> {
        let mut hidden: Vec<ParticipantId> = self
            .participants
            .iter()
            .filter(|p| p.hidden)
            .map(|p| p.id.clone())
            .collect();
        if hidden.is_empty() {
            return hidden;
        }
        // Control chains are short (a controller cannot be controlled by its creature), so a
        // few passes reach the fixpoint.
        loop {
            let more: Vec<ParticipantId> = self
                .participants
                .iter()
                .filter(|p| !hidden.contains(&p.id))
                .filter(|p| p.controller.as_ref().is_some_and(|c| hidden.contains(c)))
                .map(|p| p.id.clone())
                .collect();
            if more.is_empty() {
                return hidden;
            }
            hidden.extend(more);
        }
    }

    /// The players' view, or `None` when nothing is hidden.
    pub(crate) fn players_view(&self) -> Option<Encounter> {
        let hidden = self.hidden_ids();
        if hidden.is_empty() {
            return None;
        }
        let gone = |id: &ParticipantId| hidden.contains(id);
        let mut view = self.clone();
        view.players_view = true;
        view.participants.retain(|p| !gone(&p.id));
        view.rebuild_index();

        view.order.clear();
        view.done = 0;
        view.active = false;
        for (i, actor) in self.order.iter().enumerate() {
            if actor.participant().is_some_and(gone) {
                continue;
            }
            if i < self.done {
                view.done = view.done.saturating_add(1);
            } else if i == self.done {
                view.active = self.active;
            }
            view.order.push(actor.clone());
        }

        let fx = &mut view.effects;
        fx.effects.retain(|e| !gone(&e.target));
        for e in &mut fx.effects {
            if e.source.as_ref().is_some_and(gone) {
                e.source = None;
                e.concentration = false;
                e.ends_if_source_incapacitated = false;
            }
        }
        fx.position.acted.retain(|p| !gone(p));
        if fx.position.turn.as_ref().is_some_and(gone) {
            fx.position.turn = None;
        }
        let effects = &view.effects;
        view.ongoing.retain(|o| effects.get(o.effect).is_some());
        Some(view)
    }

    /// What must never appear in a player batch while this state holds it: each hidden id as
    /// JSON quotes it, and any object flagged hidden.
    pub(crate) fn player_secrets(&self) -> Vec<String> {
        let mut out: Vec<String> = self.hidden_ids().iter().map(crate::wire::to_json).collect();
        if !out.is_empty() {
            out.push("\"hidden\":true".to_string());
        }
        out
    }
}
