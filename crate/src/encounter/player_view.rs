//! What players may see of an encounter (issues 17 and 34): everything but its hidden
//! participants and what depends on them.
//!
//! A hidden participant (`hidden`, or controlled by a hidden one) is left out with everything
//! that names it or counts it:
//!
//! - its place in the order. While it acts, players see a round under way with **nobody
//!   visible acting** (no current turn, no OSE phase), even when its turn is the round's last;
//!   a players' view is the only state where that is allowed ([`Encounter::check`]);
//! - an OSE side that no visible participant belongs to: its roll, its draws, its place in the
//!   order and its turns (players see nobody acting while it acts);
//! - effects on it. An effect it put on a visible creature stays visible without its source
//!   (players see that they are frightened, not by whom); one that ends on its turn ends, for
//!   players, at the same edge of that turn's round ("until the end of round 3");
//! - the tracker's notes that it is acting or acted this round;
//! - roll-off draws: a visible participant keeps only the draws that order it among the
//!   visible participants on its count, so no draw tells that a hidden one rolled the same;
//!   the GM's placements on a count (`moveInOrder`) are numbered among the visible ones;
//! - counters: rolls and effects of hidden participants take ids from their own range
//!   ([`HIDDEN_ROLL_IDS`], [`crate::effects::ids::HIDDEN_EFFECT_IDS`]) and that range's count
//!   is left out, so the ids players see run on without gaps. When a participant is revealed,
//!   its rolls and effects take the next ids players may see.
//!
//! Once a participant has been hidden (`secrets`), the view is computed even when none is
//! hidden any more, so what a hidden participant left behind when it was removed (a side, a
//! note that it acted, draws against it) stays out. An encounter that never hid anyone is its
//! own players' view, with no work on the command path.
//!
//! The engine checks each player batch against this view (`crate::engine` player views): if
//! the events do not lead the players' copy exactly here, players get this view instead.

use crate::effects::{Due, EffectId};
use crate::encounter::state::{Actor, Encounter, HIDDEN_ROLL_IDS};
use crate::ids::{ParticipantId, SideId};
use crate::initiative::ties::TieFaces;

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

    /// [`Self::hidden_ids`], or `None` at the cost of one scan when nobody is hidden.
    pub(crate) fn hidden_now(&self) -> Option<Vec<ParticipantId>> {
        if self.participants.iter().any(|p| p.hidden) {
            Some(self.hidden_ids())
        } else {
            None
        }
    }

    /// The id of the next initiative roll, made for `participants`: from [`HIDDEN_ROLL_IDS`]
    /// up when they are all `hidden`.
    pub(crate) fn next_roll_id(
        &mut self,
        participants: &[ParticipantId],
        hidden: &[ParticipantId],
    ) -> u32 {
        if !hidden.is_empty()
            && !participants.is_empty()
            && participants.iter().all(|p| hidden.contains(p))
        {
            let id = HIDDEN_ROLL_IDS.saturating_add(self.hidden_rolls);
            self.hidden_rolls = self.hidden_rolls.saturating_add(1);
            return id;
        }
        let id = self.rolls;
        self.rolls = self.rolls.wrapping_add(1);
        id
    }

    /// After a participant may have been revealed (`setHidden`, a change of controller):
    /// rolls and effects with a hidden one's id that players may now see take the next ids in
    /// their range, so a revealed participant's ids do not tell how many hidden ones rolled or
    /// were affected before it.
    pub(crate) fn settle_revealed(&mut self) {
        if self.hidden_rolls == 0 && self.effects.hidden_issued == 0 {
            return;
        }
        let hidden = self.hidden_ids();
        let mut renamed: Vec<(u32, u32)> = Vec::new();
        for p in &self.participants {
            let Some(init) = &p.initiative else { continue };
            if init.roll < HIDDEN_ROLL_IDS
                || hidden.contains(&p.id)
                || renamed.iter().any(|(old, _)| *old == init.roll)
            {
                continue;
            }
            renamed.push((init.roll, self.rolls));
            self.rolls = self.rolls.wrapping_add(1);
        }
        if !renamed.is_empty() {
            for p in self.participants.iter_mut().map(std::sync::Arc::make_mut) {
                if let Some(init) = &mut p.initiative
                    && let Some((_, new)) = renamed.iter().find(|(old, _)| *old == init.roll)
                {
                    init.roll = *new;
                }
            }
        }
        let changed: Vec<(EffectId, EffectId)> = self.effects.reveal_ids(&hidden);
        for o in &mut self.ongoing {
            if let Some((_, new)) = changed.iter().find(|(old, _)| *old == o.effect) {
                o.effect = *new;
            }
        }
    }

    /// Sides players must not learn: sides of hidden participants that no visible one is on
    /// (with `secrets`, also sides left with nobody on them).
    fn hidden_sides(&self, hidden: &[ParticipantId]) -> Vec<SideId> {
        let visible = |s: &SideId| {
            self.participants
                .iter()
                .any(|p| &p.side == s && !hidden.contains(&p.id))
        };
        let mut out: Vec<SideId> = Vec::new();
        let named = self
            .participants
            .iter()
            .filter(|p| hidden.contains(&p.id))
            .map(|p| &p.side)
            .chain(self.sides.iter().map(|s| &s.side))
            .chain(self.ambushers.iter());
        for side in named {
            if !visible(side) && !out.contains(side) {
                out.push(side.clone());
            }
        }
        out
    }

    /// The players' view, or `None` when nobody is or was hidden (they see it all).
    pub(crate) fn players_view(&self) -> Option<Encounter> {
        let hidden = self.hidden_now();
        if hidden.is_none() && !self.secrets {
            return None;
        }
        let hidden = hidden.unwrap_or_default();
        let gone_sides = self.hidden_sides(&hidden);
        let gone = |id: &ParticipantId| hidden.contains(id);
        let side_gone = |s: &SideId| gone_sides.contains(s);
        let mut view = self.clone();
        view.players_view = true;
        view.secrets = false;
        view.hidden_rolls = 0;
        view.participants.retain(|p| !gone(&p.id));
        view.rebuild_index();
        view.sides.retain(|s| !side_gone(&s.side));
        view.ambushers.retain(|s| !side_gone(s));

        view.order_mut().clear();
        view.done = 0;
        view.active = false;
        for (i, actor) in self.order.iter().enumerate() {
            let shown = match actor {
                Actor::Participant { participant } => (!gone(participant)).then(|| actor.clone()),
                Actor::Sides { sides, slow } => {
                    let kept: Vec<SideId> =
                        sides.iter().filter(|s| !side_gone(s)).cloned().collect();
                    (!kept.is_empty()).then_some(Actor::Sides {
                        sides: kept,
                        slow: *slow,
                    })
                }
            };
            let Some(shown) = shown else { continue };
            if i < self.done {
                view.done = view.done.saturating_add(1);
            } else if i == self.done {
                view.active = self.active;
            }
            view.order_mut().push(shown);
        }
        if !view.active {
            view.ose_phase = None;
        }
        view.trim_draws(self);
        view.dense_ranks();

        let seen = |id: &ParticipantId| view.index.contains_key(id);
        let mut fx = std::mem::take(&mut view.effects);
        fx.hidden_issued = 0;
        fx.effects.retain(|e| seen(&e.target));
        for e in &mut fx.effects {
            if e.source.as_ref().is_some_and(|s| !seen(s)) {
                e.source = None;
                e.concentration = false;
                e.ends_if_source_incapacitated = false;
            }
            if let Due::Turn {
                anchor,
                edge,
                round,
            } = &e.due
                && !seen(anchor)
            {
                e.due = Due::Round {
                    edge: *edge,
                    round: *round,
                };
            }
        }
        fx.position.acted.retain(|p| seen(p));
        if fx.position.turn.as_ref().is_some_and(|p| !seen(p)) {
            fx.position.turn = None;
        }
        view.effects = fx;
        let effects = &view.effects;
        view.ongoing.retain(|o| effects.get(o.effect).is_some());
        Some(view)
    }

    /// Roll-off draws in the view: each visible participant (and OSE side) keeps only the
    /// draws that order it among the visible ones on its count, so none tells players that a
    /// hidden one tied with it. `gm` is the whole state (its sort keys are the rules').
    fn trim_draws(&mut self, gm: &Encounter) {
        let keys: Vec<Option<[i32; 4]>> = self
            .participants
            .iter()
            .map(|p| {
                let full = gm.participant(&p.id)?;
                p.initiative.as_ref().map(|_| gm.order_key(full))
            })
            .collect();
        let units: Vec<(Option<[i32; 4]>, u32, TieFaces)> = self
            .participants
            .iter()
            .zip(&keys)
            .map(|(p, k)| {
                let (roll, ties) = p
                    .initiative
                    .as_ref()
                    .map_or((0, TieFaces::new()), |i| (i.roll, i.ties.clone()));
                (*k, roll, ties)
            })
            .collect();
        for (i, p) in self
            .participants
            .iter_mut()
            .map(std::sync::Arc::make_mut)
            .enumerate()
        {
            let Some(init) = &mut p.initiative else {
                continue;
            };
            if init.ties.is_empty() {
                continue;
            }
            let key = keys.get(i).copied().flatten();
            let need = units
                .iter()
                .enumerate()
                .filter(|(j, (k, roll, _))| *j != i && *k == key && *roll != init.roll)
                .map(|(_, (_, _, ties))| common_prefix(&init.ties, ties).saturating_add(1))
                .max()
                .unwrap_or(0);
            init.ties.truncate(need);
        }
        let sides: Vec<(Option<i32>, TieFaces)> = self
            .sides
            .iter()
            .map(|s| (s.total, s.ties.clone()))
            .collect();
        for (i, s) in self.sides.iter_mut().enumerate() {
            if s.ties.is_empty() {
                continue;
            }
            let need = sides
                .iter()
                .enumerate()
                .filter(|(j, (total, _))| *j != i && *total == s.total)
                .map(|(_, (_, ties))| common_prefix(&s.ties, ties).saturating_add(1))
                .max()
                .unwrap_or(0);
            s.ties.truncate(need);
        }
    }

    /// GM placements in the view (`moveInOrder` ranks every participant on a count): the
    /// visible participants on each count keep their order, numbered as if the hidden ones
    /// were not there, so a gap does not tell players that a hidden one shares their count.
    fn dense_ranks(&mut self) {
        let placed: Vec<(Option<i32>, i32)> = self
            .participants
            .iter()
            .map(|p| (p.count(), p.initiative.as_ref().map_or(0, |i| i.rank)))
            .collect();
        for (i, p) in self
            .participants
            .iter_mut()
            .map(std::sync::Arc::make_mut)
            .enumerate()
        {
            let count = p.count();
            let Some(init) = p.initiative.as_mut() else {
                continue;
            };
            if init.rank == 0 {
                continue;
            }
            let below = crate::sorting::set_of(
                placed
                    .iter()
                    .enumerate()
                    .filter(|(j, (c, r))| *j != i && *c == count && *r < init.rank)
                    .map(|(_, (_, r))| *r),
            );
            init.rank = i32::try_from(below.len()).unwrap_or(i32::MAX);
        }
    }

    /// What must never appear in a player batch while this state holds it: each hidden id
    /// and each hidden side as JSON quotes it, and any object flagged hidden.
    pub(crate) fn player_secrets(&self) -> Vec<String> {
        let Some(hidden) = self.hidden_now() else {
            return Vec::new();
        };
        let mut out: Vec<String> = hidden.iter().map(crate::wire::to_json).collect();
        out.extend(self.hidden_sides(&hidden).iter().map(crate::wire::to_json));
        out.push("\"hidden\":true".to_string());
        out
    }
}

/// How many leading draws two lists share.
fn common_prefix(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}
