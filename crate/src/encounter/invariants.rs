//! The encounter's invariants: what must hold of any encounter, whether it was built by
//! commands, restored from a snapshot or reached by a follower applying another client's
//! events. `Encounter::from_json` and the engine's `applyEvents` both run [`Encounter::check`],
//! so a follower can never hold a state its own snapshot would not restore.
//!
//! Every check is linear in the size of the encounter (positions in the order are looked up
//! once), because a follower runs them after every batch.

use crate::encounter::limits::{
    MAX_ACTIVITIES, MAX_MODIFIER, MAX_PARTICIPANTS, MAX_ROUND, MAX_TIE_DRAWS, MAX_TOTAL,
    MAX_WORLD_ACTIONS,
};
use crate::encounter::participant::{Declaration, MAX_SCORE, MIN_SCORE, Participant, TurnStatus};
use crate::encounter::rules::declaration_kind;
use crate::encounter::state::{Actor, Encounter, HIDDEN_ROLL_IDS, Phase};
use crate::error::{Error, Result};
use crate::initiative::InitiativeSystem;
use crate::initiative::greyhawk::GhDeclaration;
use crate::initiative::rules::ControlRule;

fn bad(msg: impl Into<String>) -> Error {
    Error::snapshot(msg)
}

/// The most changed participants for which a follower's check looks for their entries in an
/// order that is otherwise as it was (one pass over the order each); with more, every entry
/// is checked, as a snapshot load does.
const MAX_RECHECKED: usize = 4;

/// Which entries of the order to check.
enum Entries {
    /// Every entry, each participant's position looked up.
    All,
    /// Only those of the first `count` participants (by index) in the array, the rest being as
    /// they were. (An array, not a `Vec`: a follower's check runs after every batch, and this
    /// saved an allocation each time.)
    Changed([usize; MAX_RECHECKED], usize),
}

/// What a follower's check knows still holds of a state reached from one that passed, for
/// the participants that did not change (`Encounter::check_since`).
#[derive(Clone, Copy)]
struct Kept {
    /// Their turn statuses fit the order (only the changed and the acting one are checked).
    turns: bool,
    /// Every chain of controllers (no changed participant has another controller).
    controllers: bool,
}

impl Kept {
    /// A full check.
    const NOTHING: Kept = Kept {
        turns: false,
        controllers: false,
    };
}

/// One participant on its own: ranges, its roll against the rolls made, its declaration
/// against the initiative system, the activities it used against those it declared.
fn check_participant(
    p: &Participant,
    system: InitiativeSystem,
    rolls: u32,
    hidden_rolls: u32,
) -> Result<()> {
    let fail = |what: &str| bad(format!("participant \"{}\": {what}", p.id));
    if !(MIN_SCORE..=MAX_SCORE).contains(&p.dex) {
        return Err(fail("Dex score out of range"));
    }
    if !(-10..=15).contains(&p.dex_mod) {
        return Err(fail("Dex modifier out of range"));
    }
    if p.fixed_count
        .is_some_and(|f| f.checked_abs().is_none_or(|a| a > MAX_MODIFIER))
        || p.surprise_total
            .is_some_and(|t| t.checked_abs().is_none_or(|a| a > MAX_TOTAL))
    {
        return Err(fail("count out of range"));
    }
    if let Some(init) = &p.initiative {
        let rank_ok = usize::try_from(init.rank).is_ok_and(|r| r < MAX_PARTICIPANTS);
        let issued = init.roll < rolls
            || init
                .roll
                .checked_sub(HIDDEN_ROLL_IDS)
                .is_some_and(|k| k < hidden_rolls);
        if init.total.checked_abs().is_none_or(|a| a > MAX_TOTAL) || !issued || !rank_ok {
            return Err(fail("initiative out of range"));
        }
        if init.ties.len() > MAX_TIE_DRAWS {
            return Err(fail("too many roll-off draws"));
        }
    }
    if let Some(declaration) = &p.declaration {
        if system.rules().declaration() != Some(declaration_kind(declaration)) {
            return Err(fail("declaration for another initiative system"));
        }
        if let Declaration::Greyhawk(g) = declaration {
            g.validate().map_err(|e| fail(&e.message))?;
        }
    }
    if p.activities_used.len() > MAX_ACTIVITIES.saturating_add(1) {
        return Err(fail("too many activities used"));
    }
    if !p.activities_used.is_empty() {
        let mut allowed = p
            .declaration
            .as_ref()
            .and_then(Declaration::greyhawk)
            .map(GhDeclaration::allowed)
            .unwrap_or_default();
        for a in &p.activities_used {
            match allowed.iter().position(|x| x == a) {
                Some(i) => {
                    allowed.remove(i);
                }
                None => return Err(fail("an activity was used that was not declared")),
            }
        }
    }
    if let Some(c) = &p.creature {
        c.validate()
            .map_err(|e| fail(&format!("creature: {}", e.message)))?;
    }
    Ok(())
}

impl Encounter {
    /// Check every invariant; the first that fails is `SNAPSHOT_INVALID` saying what.
    pub fn check(&self) -> Result<()> {
        self.check_skipping(|_, _| false, |_, _| false, Entries::All, Kept::NOTHING)
    }

    /// [`Encounter::check`] of a state a follower reached from `before` (which passed it) by
    /// applying events. A participant the events left alone is still the value `before` shares
    /// with it (participants are copied on write), at the same place; if nothing it is checked
    /// against changed either (the id index and the condition catalog are the same shared
    /// values, the initiative system is the same, the roll counters did not go back), it
    /// passed already and is not checked again. Everything else is checked in full, so the
    /// result is [`Encounter::check`]'s. (A follower checks after every batch, and a batch
    /// changes one or two participants of many.)
    ///
    /// The order's entries are not checked again either when the order, and everything its
    /// check reads, is as it was, and only a few participants changed: those of them in the
    /// order are checked as entries. (Most batches end one turn and start the next: looking
    /// up every entry of the order again was the largest part of a follower's check.)
    pub(crate) fn check_since(&self, before: &Encounter) -> Result<()> {
        let same_context = std::sync::Arc::ptr_eq(&self.index, &before.index)
            && std::sync::Arc::ptr_eq(&self.catalog, &before.catalog)
            && self.participants.len() == before.participants.len()
            && self.system() == before.system()
            && self.rolls >= before.rolls
            && self.hidden_rolls >= before.hidden_rolls;
        if !same_context {
            return self.check();
        }
        let unchanged = |i: usize, p: &std::sync::Arc<Participant>| {
            before
                .participants
                .get(i)
                .is_some_and(|b| std::sync::Arc::ptr_eq(b, p))
        };
        let entries = if self.order_kept(before) {
            let mut changed = [0; MAX_RECHECKED];
            let mut count = 0;
            let mut all = false;
            for (i, p) in self.participants.iter().enumerate() {
                if unchanged(i, p) {
                    continue;
                }
                match changed.get_mut(count) {
                    Some(slot) => *slot = i,
                    None => {
                        all = true;
                        break;
                    }
                }
                count += 1;
            }
            if all {
                Entries::All
            } else {
                Entries::Changed(changed, count)
            }
        } else {
            Entries::All
        };
        // The index is the one `before` passed with, so a participant still at its place under
        // the same id is still indexed there: no lookup needed (most batches change two
        // participants, and the lookup hashed each id again).
        let same_slot =
            |i: usize, p: &Participant| before.participants.get(i).is_some_and(|b| b.id == p.id);
        // Under a kept order no participant is delayed, scheduled or skipped, so the turn
        // status of one that did not change still fits the order as long as a round is under
        // way now exactly when one was before (the one acting now is checked whatever it is).
        // And when no participant that changed has another controller, every chain of
        // controllers is as it was.
        let kept = match &entries {
            Entries::Changed(changed, count) => Kept {
                turns: self.in_round() == before.in_round(),
                controllers: changed.get(..*count).unwrap_or(changed).iter().all(|&i| {
                    self.participants.get(i).map(|p| &p.controller)
                        == before.participants.get(i).map(|p| &p.controller)
                }),
            },
            Entries::All => Kept::NOTHING,
        };
        self.check_skipping(unchanged, same_slot, entries, kept)
    }

    /// Whether the checks of the order's entries that `before` passed still hold, but for
    /// participants that changed: the same entries (ids compare by pointer first), over the
    /// same roster and rules (checked by the caller), with the same options, round, ambushers
    /// and sides, which is everything an entry's check reads but its participant. And no turn
    /// status that must be checked against a position in the order (delayed, scheduled,
    /// skipped), since positions are then not looked up.
    fn order_kept(&self, before: &Encounter) -> bool {
        self.order == before.order
            && self.round == before.round
            && self.config == before.config
            && self.ambushers == before.ambushers
            && self.sides == before.sides
            && !self.participants.iter().any(|p| {
                matches!(
                    p.turn,
                    TurnStatus::Delayed | TurnStatus::Scheduled | TurnStatus::Skipped
                )
            })
    }

    /// Whether a round is under way (turns or A5E's world phase).
    fn in_round(&self) -> bool {
        matches!(self.phase, Phase::Turns | Phase::World)
    }

    /// [`Encounter::check`], leaving out the participants `checked` says passed already, and
    /// the index lookup of those `indexed` says are known to be indexed at their place, and
    /// checking the order's `entries` (see [`Entries`]). With [`Entries::Changed`], whose list
    /// names every participant `checked` does not pass, only those are visited; and what
    /// `kept` says still holds is not checked again (see `check_since`).
    fn check_skipping(
        &self,
        checked: impl Fn(usize, &std::sync::Arc<Participant>) -> bool,
        indexed: impl Fn(usize, &Participant) -> bool,
        entries: Entries,
        kept: Kept,
    ) -> Result<()> {
        let system = self.system();
        if self.participants.len() > MAX_PARTICIPANTS {
            return Err(bad(format!("more than {MAX_PARTICIPANTS} participants")));
        }
        if self.index.len() != self.participants.len() {
            return Err(bad("a participant id appears twice"));
        }
        let changed = match &entries {
            Entries::Changed(changed, count) => Some(changed.get(..*count).unwrap_or(changed)),
            Entries::All => None,
        };
        let one = |i: usize, p: &Participant| -> Result<()> {
            if !indexed(i, p) && self.index.get(&p.id) != Some(&i) {
                return Err(bad(format!("participant id \"{}\" appears twice", p.id)));
            }
            check_participant(p, system, self.rolls, self.hidden_rolls)?;
            if !p.condition_immunities.is_empty() {
                if p.condition_immunities.len() > crate::conditions::id::MAX_ACTIVE_CONDITIONS {
                    return Err(bad("too many condition immunities"));
                }
                self.catalog
                    .immunities(&p.condition_immunities)
                    .map_err(|e| bad(e.message))?;
            }
            Ok(())
        };
        match changed {
            Some(list) => {
                for &i in list {
                    if let Some(p) = self.participants.get(i) {
                        one(i, p)?;
                    }
                }
            }
            None => {
                for (i, p) in self.participants.iter().enumerate() {
                    if !checked(i, p) {
                        one(i, p)?;
                    }
                }
            }
        }
        if !kept.controllers {
            self.check_controllers(system)?;
        }
        self.check_sides()?;
        self.check_world()?;
        if self.rolls > HIDDEN_ROLL_IDS || self.hidden_rolls > HIDDEN_ROLL_IDS {
            return Err(bad("initiative roll count out of range"));
        }
        if self.round > MAX_ROUND {
            return Err(bad("round out of range"));
        }
        let positions = match changed {
            None => Some(self.check_order_entries(system)?),
            Some(list) => {
                self.check_changed_entries(list)?;
                None
            }
        };
        self.check_order_state(system)?;
        self.check_turns(positions.as_deref(), changed.filter(|_| kept.turns))?;
        self.check_effects()
    }

    fn check_controllers(&self, system: InitiativeSystem) -> Result<()> {
        for p in &self.participants {
            if let Some(c) = &p.controller {
                self.check_controller(&p.id, Some(c)).map_err(|e| {
                    bad(format!(
                        "participant \"{}\": controller: {}",
                        p.id, e.message
                    ))
                })?;
                if system.rules().control() == ControlRule::Unsupported {
                    return Err(bad(
                        "controlled creatures under a system without control rules",
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_sides(&self) -> Result<()> {
        for (i, side) in self.sides.iter().enumerate() {
            if self
                .sides
                .iter()
                .skip(i.saturating_add(1))
                .any(|o| o.side == side.side)
            {
                return Err(bad(format!("side \"{}\" appears twice", side.side)));
            }
            if side.ties.len() > MAX_TIE_DRAWS
                || side.total.is_some_and(|t| !(1..=6).contains(&t))
                || (side.total.is_none() && !side.ties.is_empty())
            {
                return Err(bad(format!(
                    "side \"{}\" has an impossible roll",
                    side.side
                )));
            }
        }
        Ok(())
    }

    fn check_world(&self) -> Result<()> {
        if self.world.len() > MAX_WORLD_ACTIONS {
            return Err(bad("too many world actions"));
        }
        for (i, w) in self.world.iter().enumerate() {
            w.action
                .validate()
                .map_err(|e| bad(format!("world action \"{}\": {}", w.action.id, e.message)))?;
            if self
                .world
                .iter()
                .skip(i.saturating_add(1))
                .any(|o| o.action.id == w.action.id)
            {
                return Err(bad(format!(
                    "world action \"{}\" appears twice",
                    w.action.id
                )));
            }
            if (w.action.recharge.is_none() && !w.charged)
                || w.recharged_in.is_some_and(|r| r > self.round)
            {
                return Err(bad(format!(
                    "world action \"{}\" has an impossible charge",
                    w.action.id
                )));
            }
        }
        for u in &self.world_used {
            if !self.world.iter().any(|w| &w.action.id == u) {
                return Err(bad(format!("used world action \"{u}\" does not exist")));
            }
        }
        if !self.world_used.is_empty() && self.phase != Phase::World {
            return Err(bad("world actions marked used outside a world phase"));
        }
        Ok(())
    }

    /// The order's entries: each names a participant that takes a turn of its own, or sides
    /// with a roll, once. Returns each participant's position in the order (by its index in
    /// `participants`).
    fn check_order_entries(&self, system: InitiativeSystem) -> Result<Vec<Option<usize>>> {
        let mut positions = vec![None; self.participants.len()];
        let mut sides_seen: Vec<&Actor> = Vec::new();
        let (rules, options) = (self.rules(), self.initiative_options());
        for (at, actor) in self.order.iter().enumerate() {
            match actor {
                Actor::Participant { participant: id } => {
                    let i = *self.index.get(id).ok_or_else(|| {
                        bad(format!("the order names unknown participant \"{id}\""))
                    })?;
                    let p = self
                        .participants
                        .get(i)
                        .ok_or_else(|| bad("the participant index is out of step"))?;
                    if !self.in_order_under(p, rules, &options) {
                        return Err(bad(format!(
                            "\"{id}\" is in the order but cannot take a turn of its own"
                        )));
                    }
                    let slot = positions
                        .get_mut(i)
                        .ok_or_else(|| bad("the participant index is out of step"))?;
                    if slot.replace(at).is_some() {
                        return Err(bad("an entry appears twice in the order"));
                    }
                }
                Actor::Sides { sides, .. } => {
                    if !system.rules().side_phases() || sides.is_empty() {
                        return Err(bad("side turns exist only under OSE side initiative"));
                    }
                    for side in sides {
                        if self.side_state(side).and_then(|st| st.total).is_none() {
                            return Err(bad(format!(
                                "side \"{side}\" is in the order without a roll"
                            )));
                        }
                    }
                    if sides_seen.contains(&actor) {
                        return Err(bad("an entry appears twice in the order"));
                    }
                    sides_seen.push(actor);
                }
            }
        }
        Ok(positions)
    }

    /// The entry check of [`Self::check_order_entries`] for the `changed` participants alone,
    /// when the other entries are as they were ([`Self::order_kept`]): each changed one in the
    /// order must still take a turn of its own. (At most [`MAX_RECHECKED`], each found by one
    /// pass over the order: linear.)
    fn check_changed_entries(&self, changed: &[usize]) -> Result<()> {
        let (rules, options) = (self.rules(), self.initiative_options());
        for p in changed.iter().filter_map(|i| self.participants.get(*i)) {
            // Whether it may take a turn of its own is asked first (a look at the participant):
            // only one that may not is looked for in the order, which is a pass over it.
            if !self.in_order_under(p, rules, &options) && self.order_pos(&p.id).is_some() {
                return Err(bad(format!(
                    "\"{}\" is in the order but cannot take a turn of its own",
                    p.id
                )));
            }
        }
        Ok(())
    }

    /// The current turn, the phase and the round agree with the order.
    fn check_order_state(&self, system: InitiativeSystem) -> Result<()> {
        let len = self.order.len();
        if self.done > len || (self.active && self.done >= len) {
            return Err(bad("the current turn index is out of range"));
        }
        let in_round = matches!(self.phase, Phase::Turns | Phase::World);
        match self.phase {
            Phase::Setup if self.round != 0 => {
                return Err(bad("a set-up encounter has no rounds"));
            }
            Phase::Turns | Phase::World if self.round == 0 => {
                return Err(bad("a round is under way but the round number is 0"));
            }
            // Nobody acting mid-round happens only in a players' view, while a participant
            // hidden from them takes its turn (`player_view`), which may be the round's last.
            Phase::Turns if !(self.active || self.players_view) => {
                return Err(bad("a round is under way with no current turn"));
            }
            _ => {}
        }
        if !in_round && (len != 0 || self.active) {
            return Err(bad("a turn order exists outside a round"));
        }
        if self.ose_phase.is_some() && !(self.active && system.rules().side_phases()) {
            return Err(bad("an OSE phase without an acting side"));
        }
        Ok(())
    }

    /// Each participant's turn status fits where it is in the order: `positions` as
    /// [`Self::check_order_entries`] returns them, or `None` when they were not looked up
    /// (then no status needs one, [`Self::order_kept`]; one that did would be found by a pass
    /// over the order). With `only`, just those participants and the one acting now are
    /// checked: the others are known to fit still.
    fn check_turns(
        &self,
        positions: Option<&[Option<usize>]>,
        only: Option<&[usize]>,
    ) -> Result<()> {
        let in_round = self.in_round();
        // Where the acting participant is: compared by position below, not by id text per
        // participant.
        let acting = self
            .active_actor()
            .and_then(Actor::participant)
            .and_then(|id| self.index.get(id).copied());
        let fits = |i: usize, p: &Participant| {
            let at = || match positions {
                Some(found) => found.get(i).copied().flatten(),
                None => self.order_pos(&p.id),
            };
            let ok = match p.turn {
                TurnStatus::Delayed => in_round && at().is_none(),
                TurnStatus::Scheduled => in_round && at().is_some_and(|a| a >= self.done),
                TurnStatus::Started | TurnStatus::Resumed => in_round,
                TurnStatus::Skipped => in_round && at().is_none_or(|a| a < self.done),
                TurnStatus::Waiting | TurnStatus::Done => true,
            };
            let current_ok =
                acting != Some(i) || matches!(p.turn, TurnStatus::Started | TurnStatus::Resumed);
            if ok && current_ok {
                Ok(())
            } else {
                Err(bad(format!(
                    "participant \"{}\" has a turn status that does not fit the order",
                    p.id
                )))
            }
        };
        match only {
            Some(list) => {
                for &i in list.iter().chain(acting.as_slice()) {
                    if let Some(p) = self.participants.get(i) {
                        fits(i, p)?;
                    }
                }
                Ok(())
            }
            None => self
                .participants
                .iter()
                .enumerate()
                .try_for_each(|(i, p)| fits(i, p)),
        }
    }

    /// Effects name participants and conditions that exist; ongoing damage belongs to a live
    /// effect, once, within its limits (A5E-DMG-06).
    fn check_effects(&self) -> Result<()> {
        for e in self.effects.effects() {
            for id in std::iter::once(&e.target).chain(e.source.iter()) {
                if !self.index.contains_key(id) {
                    return Err(bad(format!("an effect names unknown participant \"{id}\"")));
                }
            }
            if let Some(c) = &e.condition
                && self.catalog.get(c).is_none()
            {
                return Err(bad(format!("an effect names unknown condition \"{c}\"")));
            }
        }
        for (i, o) in self.ongoing.iter().enumerate() {
            if self.effects.get(o.effect).is_none()
                || self
                    .ongoing
                    .iter()
                    .skip(i.saturating_add(1))
                    .any(|x| x.effect == o.effect)
            {
                return Err(bad(format!(
                    "ongoing damage for effect {} does not fit",
                    o.effect
                )));
            }
            o.ongoing
                .damage
                .validate()
                .and_then(|()| o.ongoing.choices.validate())
                .map_err(|e| bad(format!("ongoing damage: {}", e.message)))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::dice::DiceSource;
    use crate::encounter::command::EncounterCommand;
    use crate::rulesets::{Preset, RulesetConfig};

    /// A Greyhawk encounter of `n` with its first round under way.
    fn mid_round(n: usize) -> Encounter {
        let mut enc = Encounter::new(RulesetConfig::preset(Preset::Gh5e)).unwrap();
        let mut dice = DiceSource::seeded(7).unwrap();
        let mut run = |enc: &mut Encounter, json: &str| {
            let command: EncounterCommand = serde_json::from_str(json).unwrap();
            enc.execute(command, &mut dice).unwrap();
        };
        let mut declared = Vec::new();
        for i in 0..n {
            run(
                &mut enc,
                &format!(
                    r#"{{"type":"addParticipant","participant":{{"id":"c{i}","name":"C {i}","side":"{}","dex":{}}}}}"#,
                    if i % 2 == 0 { "party" } else { "foes" },
                    8 + i % 11
                ),
            );
            declared.push(format!(r#""c{i}":["melee"]"#));
        }
        run(&mut enc, r#"{"type":"start"}"#);
        run(
            &mut enc,
            &format!(
                r#"{{"type":"declareMany","declarations":{{{}}}}}"#,
                declared.join(",")
            ),
        );
        run(&mut enc, r#"{"type":"rollInitiative"}"#);
        enc
    }

    /// The roster position of the order's entry `at`.
    fn entry(enc: &Encounter, at: usize) -> usize {
        let id = enc.order.get(at).and_then(Actor::participant).unwrap();
        enc.pos(id).unwrap()
    }

    /// `after`, reached from `before` by `change`, passes `check_since` exactly when it passes
    /// `check`; `ok` says which.
    fn agrees(before: &Encounter, change: impl FnOnce(&mut Encounter), ok: bool) {
        let mut after = before.clone();
        change(&mut after);
        assert_eq!(after.check().is_ok(), ok, "{:?}", after.check());
        assert_eq!(after.check_since(before).is_ok(), ok);
    }

    /// A follower's check finds what a snapshot load finds, whether the order's entries are
    /// checked again in full or only for the participants that changed.
    #[test]
    fn the_check_since_a_state_is_the_full_check() {
        let before = mid_round(12);
        before.check().unwrap();
        let waiting = entry(&before, 3);
        let set = |i: usize, f: fn(&mut Participant)| {
            move |enc: &mut Encounter| f(Arc::make_mut(enc.participants.get_mut(i).unwrap()))
        };
        // A harmless change: the order is as it was, one participant changed.
        agrees(&before, set(waiting, |p| p.surprised = !p.surprised), true);
        // Entries that can no longer take a turn, found among the changed participants.
        agrees(&before, set(waiting, |p| p.initiative = None), false);
        agrees(&before, set(waiting, |p| p.out = true), false);
        // A status that needs a position: every entry is checked again.
        agrees(
            &before,
            set(waiting, |p| p.turn = TurnStatus::Delayed),
            false,
        );
        // More changed participants than are looked for one by one, one of them broken.
        agrees(
            &before,
            |enc| {
                for at in 2..9 {
                    let i = entry(enc, at);
                    let p = Arc::make_mut(enc.participants.get_mut(i).unwrap());
                    p.surprised = !p.surprised;
                    if at == 8 {
                        p.initiative = None;
                    }
                }
            },
            false,
        );
        // Turn statuses of participants that did not change are passed over only while a
        // round is under way as before, and never the one acting now.
        let acting = entry(&before, before.done);
        agrees(&before, set(acting, |p| p.turn = TurnStatus::Done), false);
        agrees(&before, |enc| enc.done = enc.done.saturating_add(1), false);
        agrees(&before, |enc| enc.phase = Phase::Between, false);
        agrees(&before, |enc| enc.phase = Phase::World, true);
        // A changed controller: the chains of controllers are checked again.
        agrees(
            &before,
            set(waiting, |p| p.controller = Some(p.id.clone())),
            false,
        );
        // The order itself changed: checked in full.
        agrees(&before, |enc| enc.order_mut().swap(2, 4), true);
        agrees(
            &before,
            |enc| {
                let dup = enc.order.get(3).cloned().unwrap();
                enc.order_mut().push(dup);
            },
            false,
        );
    }
}
