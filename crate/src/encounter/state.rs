//! The encounter's state and its read-only queries.

pub(crate) use crate::ids::IdMap;

use crate::encounter::participant::{Participant, TurnStatus};
use crate::encounter::world::WorldActionState;
use crate::error::{Error, Result};
use crate::ids::{ParticipantId, SideId};
use crate::initiative::rules::ActionEconomy;
use crate::initiative::side::OsePhase;
use crate::initiative::{Activity, InitiativeSystem};
use crate::rulesets::{RoundLength, RulesetConfig};

/// Where the encounter is.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// Set-up (A5E-TBA-02 (1)): participants, surprise, world actions.
    #[default]
    Setup,
    /// Greyhawk / OSE: declarations for the next round are open.
    Declaring,
    /// A round is under way.
    Turns,
    /// A world-action phase (A5E-TBA-05).
    World,
    /// Between rounds with nobody able to take a turn (fixed-order systems).
    Between,
    /// The encounter is over.
    Ended,
}

/// One entry of the turn order.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Actor {
    /// One participant's turn.
    Participant { participant: ParticipantId },
    /// OSE side initiative: one side, several tied sides acting together (OSE-INIT-02), or
    /// (`slow`) their slow-weapon attackers acting last (OSE-INIT-03).
    Sides {
        sides: Vec<SideId>,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        slow: bool,
    },
}

impl Actor {
    pub fn participant(&self) -> Option<&ParticipantId> {
        match self {
            Self::Participant { participant } => Some(participant),
            Self::Sides { .. } => None,
        }
    }
}

/// A side's state for OSE side initiative.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SideState {
    pub side: SideId,
    /// OSE-SURP-02 result for the first round.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub surprised: bool,
    /// This round's initiative (1d6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<i32>,
    /// Roll-off draws (OSE-INIT-02 reroll).
    #[serde(default, skip_serializing_if = "<[u32]>::is_empty")]
    #[cfg_attr(feature = "wasm-base", tsify(type = "number[]"))]
    pub ties: crate::initiative::ties::TieFaces,
}

/// One row of [`Encounter::order`].
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OrderEntry {
    pub actor: Actor,
    /// The initiative count (a side's roll for sides).
    pub count: Option<i32>,
    /// Its turn is over this round.
    pub done: bool,
    /// It is acting now.
    pub current: bool,
}

/// One row of [`Encounter::order_rows`]: an [`OrderEntry`] whose actor is borrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderRow<'a> {
    pub actor: &'a Actor,
    /// The initiative count (a side's roll for sides).
    pub count: Option<i32>,
    /// Its turn is over this round.
    pub done: bool,
    /// It is acting now.
    pub current: bool,
}

/// The turn under way.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Current {
    pub round: u32,
    /// Who acts; `None` in the round's world phase, when only the environment acts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<Actor>,
    /// OSE-COMBAT-02: the phase of the acting side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<OsePhase>,
    /// In a world phase (A5E-TBA-05) nobody acts yet.
    pub world_phase: bool,
}

/// An encounter: participants, rounds and turns, under one ruleset configuration.
///
/// Change it only with [`Encounter::execute`] (commands) or [`Encounter::apply`] (events from
/// another client); read it with the queries below; save it with [`Encounter::to_json`].
#[derive(Debug, Clone, PartialEq)]
pub struct Encounter {
    pub(crate) config: RulesetConfig,
    /// Each participant shared (copy on write, `Arc::make_mut`): a follower keeps the state
    /// from before a batch in case it fails, and that copy then costs a count per participant;
    /// only the participants the batch changes are copied.
    pub(crate) participants: Vec<std::sync::Arc<Participant>>,
    /// Where each id is in `participants`. Shared between an encounter and its working copies
    /// (commands run on a copy): only roster changes touch it, so a copy costs one count.
    pub(crate) index: std::sync::Arc<IdMap<ParticipantId, usize>>,
    pub(crate) sides: Vec<SideState>,
    pub(crate) world: Vec<WorldActionState>,
    /// World actions used in the current world phase (at most once each per phase).
    pub(crate) world_used: Vec<crate::ids::WorldActionId>,
    pub(crate) phase: Phase,
    pub(crate) round: u32,
    /// Shared (copy on write, like the participants): a follower's working copy of the state
    /// for each batch then costs a count here, not a copy of every entry; the order changes
    /// only when a round starts or a turn moves.
    pub(crate) order: std::sync::Arc<Vec<Actor>>,
    /// Order entries whose turn is over; `order[done]` is the current (when `active`) or next.
    pub(crate) done: usize,
    pub(crate) active: bool,
    pub(crate) ose_phase: Option<OsePhase>,
    pub(crate) ambushers: Vec<SideId>,
    /// Number of initiative rolls made so far for participants players may see (each roll's
    /// id).
    pub(crate) rolls: u32,
    /// Number of rolls made for hidden participants alone: their ids count from
    /// [`HIDDEN_ROLL_IDS`], so the ids players see never skip a number (`player_view.rs`).
    pub(crate) hidden_rolls: u32,
    /// Every participant's effects and the expiry engine, fed by the boundary events.
    pub(crate) effects: crate::effects::EffectTracker,
    /// The built-in conditions of the creature rules (A5E's, or 5e's under `srd5e`) plus
    /// loaded homebrew (shared: copying an encounter for a command must
    /// not copy the catalog).
    pub(crate) catalog: std::sync::Arc<crate::conditions::ConditionCatalog>,
    /// A5E-DMG-06: ongoing damage attached to active effects.
    pub(crate) ongoing: Vec<crate::encounter::creature_change::OngoingEntry>,
    /// This is a players' view (`player_view.rs`): participants hidden from them are left out,
    /// so a round may be under way with nobody they can see acting.
    pub(crate) players_view: bool,
    /// Some participant has been hidden from players: their view is computed even when none
    /// is hidden any more, so nothing a hidden one left behind (a side, a roll-off draw, a
    /// note that it acted) reaches them (`player_view.rs`).
    pub(crate) secrets: bool,
}

/// Initiative roll ids from here up belong to rolls made for hidden participants alone.
pub(crate) const HIDDEN_ROLL_IDS: u32 = 1 << 31;

impl Encounter {
    /// A new encounter in its set-up phase, its config completed with the preset's default
    /// creature rules ([`RulesetConfig::for_new_encounter`]).
    pub fn new(config: RulesetConfig) -> Result<Self> {
        Self::with_config(config.for_new_encounter())
    }

    /// An empty encounter with exactly this config (a snapshot's, restored as it was stored).
    pub(crate) fn with_config(config: RulesetConfig) -> Result<Self> {
        config.validate()?;
        Ok(Self {
            participants: Vec::new(),
            index: std::sync::Arc::default(),
            sides: Vec::new(),
            world: Vec::new(),
            world_used: Vec::new(),
            phase: Phase::Setup,
            round: 0,
            order: std::sync::Arc::default(),
            done: 0,
            active: false,
            ose_phase: None,
            ambushers: Vec::new(),
            rolls: 0,
            hidden_rolls: 0,
            effects: crate::effects::EffectTracker::new(
                crate::encounter::config_rules::duration_rules(&config),
            )?,
            catalog: std::sync::Arc::new(crate::conditions::ConditionCatalog::new(
                crate::encounter::config_rules::condition_set(&config),
            )),
            ongoing: Vec::new(),
            players_view: false,
            secrets: false,
            config,
        })
    }

    pub fn config(&self) -> &RulesetConfig {
        &self.config
    }

    /// The initiative system in force.
    pub fn system(&self) -> InitiativeSystem {
        self.config.system()
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current round (0 before the first).
    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn round_length(&self) -> RoundLength {
        self.config.round_length()
    }

    /// Seconds of combat in the rounds started so far (C-01).
    pub fn elapsed_seconds(&self) -> u64 {
        u64::from(self.round).saturating_mul(u64::from(self.round_length().seconds()))
    }

    pub fn participants(&self) -> &[std::sync::Arc<Participant>] {
        &self.participants
    }

    pub fn participant(&self, id: &ParticipantId) -> Option<&Participant> {
        self.index
            .get(id)
            .and_then(|i| self.participants.get(*i))
            .map(|p| &**p)
    }

    pub fn sides(&self) -> &[SideState] {
        &self.sides
    }

    pub fn world_actions(&self) -> &[WorldActionState] {
        &self.world
    }

    /// The turn order of this round, with counts and progress.
    pub fn order(&self) -> Vec<OrderEntry> {
        self.order_rows()
            .map(|row| OrderEntry {
                actor: row.actor.clone(),
                count: row.count,
                done: row.done,
                current: row.current,
            })
            .collect()
    }

    /// [`Encounter::order`]'s rows with each actor borrowed: for a caller that only writes them
    /// out (the wasm handle's `order`), which then copies no id and builds no list.
    pub fn order_rows(&self) -> impl Iterator<Item = OrderRow<'_>> + '_ {
        self.order.iter().enumerate().map(|(i, actor)| OrderRow {
            actor,
            count: self.actor_count(actor),
            done: i < self.done,
            current: self.active && i == self.done,
        })
    }

    /// The participants of this round's order, in order (side entries are skipped).
    pub fn turn_order(&self) -> Vec<ParticipantId> {
        self.order
            .iter()
            .filter_map(|a| a.participant().cloned())
            .collect()
    }

    /// The turn under way, if any.
    pub fn current(&self) -> Option<Current> {
        if !matches!(self.phase, Phase::Turns | Phase::World) {
            return None;
        }
        let actor = if self.active {
            self.order.get(self.done).cloned()
        } else {
            None
        };
        if actor.is_none() && self.phase != Phase::World {
            return None;
        }
        Some(Current {
            round: self.round,
            actor,
            phase: self.ose_phase,
            world_phase: self.phase == Phase::World,
        })
    }

    /// The participant whose turn it is (not in a world phase, not a side turn).
    pub fn current_participant(&self) -> Option<&ParticipantId> {
        if self.phase != Phase::Turns || !self.active {
            return None;
        }
        self.order.get(self.done).and_then(Actor::participant)
    }

    /// Delayed participants that have not chosen to act yet (GH-INIT-13, HYB-INIT-02).
    pub fn delayed(&self) -> Vec<ParticipantId> {
        self.participants
            .iter()
            .filter(|p| p.turn == TurnStatus::Delayed)
            .map(|p| p.id.clone())
            .collect()
    }

    /// GH-INIT-09: the activity categories the participant may still use this round (its
    /// declared ones, with repeats for extra actions, minus those used). Skipping one is fine.
    pub fn allowed_activities(&self, id: &ParticipantId) -> Result<Vec<Activity>> {
        let p = self.get(id)?;
        if self.rules().action_economy() != ActionEconomy::Activities {
            return Err(Error::not_allowed(
                "activity categories exist only under Greyhawk initiative",
            ));
        }
        let mut left = p
            .greyhawk_declaration()
            .map(|d| d.allowed())
            .unwrap_or_default();
        for used in &p.activities_used {
            if let Some(i) = left.iter().position(|a| a == used) {
                left.remove(i);
            }
        }
        Ok(left)
    }

    #[inline(never)]
    pub(crate) fn get(&self, id: &ParticipantId) -> Result<&Participant> {
        self.participant(id)
            .ok_or_else(|| Error::unknown_id("participant", id.as_str()))
    }

    pub(crate) fn pos(&self, id: &ParticipantId) -> Result<usize> {
        self.index
            .get(id)
            .copied()
            .filter(|i| *i < self.participants.len())
            .ok_or_else(|| Error::unknown_id("participant", id.as_str()))
    }

    /// [`Encounter::pos`], trying roster position `hint` first: a list that names participants
    /// in roster order (a `declareMany` built from the roster, as a GM screen builds it) finds
    /// each one after the last without hashing its id. Any other order costs one comparison
    /// more per id.
    pub(crate) fn pos_from(&self, id: &ParticipantId, hint: usize) -> Result<usize> {
        match self.participants.get(hint) {
            Some(p) if p.id == *id => Ok(hint),
            _ => self.pos(id),
        }
    }

    pub(crate) fn get_mut(&mut self, id: &ParticipantId) -> Result<&mut Participant> {
        let i = self.pos(id)?;
        self.participants
            .get_mut(i)
            .map(std::sync::Arc::make_mut)
            .ok_or_else(|| Error::unknown_id("participant", id.as_str()))
    }

    /// [`Encounter::get`] with the participant's roster position, for an event that reads a
    /// participant and then changes it ([`Encounter::at_mut`]): its id is looked up once.
    pub(crate) fn get_at(&self, id: &ParticipantId) -> Result<(usize, &Participant)> {
        let i = self.pos(id)?;
        self.participants
            .get(i)
            .map(|p| (i, &**p))
            .ok_or_else(|| Error::unknown_id("participant", id.as_str()))
    }

    /// The participant `id` at roster position `i` from [`Encounter::get_at`], to change it
    /// (copied first if a working copy shares it).
    pub(crate) fn at_mut(&mut self, i: usize, id: &ParticipantId) -> Result<&mut Participant> {
        self.participants
            .get_mut(i)
            .map(std::sync::Arc::make_mut)
            .ok_or_else(|| Error::unknown_id("participant", id.as_str()))
    }

    pub(crate) fn rebuild_index(&mut self) {
        self.index = std::sync::Arc::new(
            self.participants
                .iter()
                .enumerate()
                .map(|(i, p)| (p.id.clone(), i))
                .collect(),
        );
    }

    pub(crate) fn side_state(&self, side: &SideId) -> Option<&SideState> {
        self.sides.iter().find(|s| &s.side == side)
    }

    pub(crate) fn actor_count(&self, actor: &Actor) -> Option<i32> {
        match actor {
            Actor::Participant { participant } => self.participant(participant)?.count(),
            Actor::Sides { sides, .. } => self.side_state(sides.first()?).and_then(|s| s.total),
        }
    }

    /// The actor whose turn is under way.
    pub(crate) fn active_actor(&self) -> Option<&Actor> {
        if self.active {
            self.order.get(self.done)
        } else {
            None
        }
    }

    /// Whether `id` is the participant whose turn is under way.
    #[inline(never)]
    pub(crate) fn is_current(&self, id: &ParticipantId) -> bool {
        self.active_actor().and_then(Actor::participant) == Some(id)
    }

    /// [`Encounter::order_pos`] of the participant whose turn comes next, found without a
    /// search when it is the entry at `done` (a turn starting in its place: nearly every
    /// `turnStarted` a follower applies).
    pub(crate) fn order_pos_next(&self, id: &ParticipantId) -> Option<usize> {
        match self.order.get(self.done).and_then(Actor::participant) {
            Some(next) if next == id => Some(self.done),
            _ => self.order_pos(id),
        }
    }

    /// Index of a participant's entry in the order.
    pub(crate) fn order_pos(&self, id: &ParticipantId) -> Option<usize> {
        // Order entries share their text with the participants' own ids, so comparing where
        // the text is finds an entry without comparing any text: the participant's own id is
        // looked up first (an id read from an event is a copy). Entries read from a snapshot
        // may not share it, hence the comparison of the text after.
        let own = self.participant(id).map_or(id, |p| &p.id);
        let same = |p: &ParticipantId| core::ptr::eq(p.as_str(), own.as_str());
        self.order
            .iter()
            .position(|a| a.participant().is_some_and(same))
            .or_else(|| self.order.iter().position(|a| a.participant() == Some(id)))
    }

    /// The order, to change it (copied first if a working copy shares it).
    pub(crate) fn order_mut(&mut self) -> &mut Vec<Actor> {
        std::sync::Arc::make_mut(&mut self.order)
    }

    /// Whether the encounter has started and not ended.
    pub(crate) fn running(&self) -> bool {
        !matches!(self.phase, Phase::Setup | Phase::Ended)
    }

    /// Participants taking part in an OSE side turn: members of those sides that can act, are
    /// in the fight, and (round 1) are not on a surprised side; `slow`: only slow-weapon users.
    pub(crate) fn side_members(&self, sides: &[SideId], slow: bool) -> Vec<ParticipantId> {
        self.participants
            .iter()
            .filter(|p| sides.contains(&p.side) && p.can_act && !p.out)
            .filter(|p| !slow || p.ose_declaration().is_some_and(|d| d.slow_weapon))
            .map(|p| p.id.clone())
            .collect()
    }
}
