//! Creatures, conditions and effects inside an encounter: the rules each preset uses, the
//! translation of the encounter's boundary events into the effect tracker's [`Boundary`]
//! stream, and the queries a VTT asks (roll advice, effects with time left).
//!
//! Replay: every event that changes the tracker changes it deterministically on `apply`. The
//! only dice the tracker rolls are the GH-DUR-03 d20s that order simultaneous expiries; they
//! change the *order* in which expiries are reported, never which effects end, so `apply`
//! feeds boundaries with a fixed, roll-free source and reaches the same tracker state. The
//! reported order (with its dice) travels in the `effectsEnded` event that follows.
//!
//! Turns that overlap (a controller and the creatures acting on its turn, A5E-CTRL-01; an OSE
//! side acting together) are fed one at a time: the tracker's "turn in progress" stays the
//! first one, and each other creature's start and end are reported as its own boundaries.
//! A creature that delays (GH-INIT-13, HYB-INIT-02) started its turn at its count (its
//! start-anchored effects end there); its turn is suspended while others act and its
//! end-anchored effects end when its resumed turn ends.

use crate::conditions::{
    ConditionCatalog, ConditionId, ConditionState, Penalty, RollAdvice, RollQuery, Status, ids,
};
use crate::creature::{Creature, CreatureRules, GameTime, Moment};
use crate::dice::{DieRoller, SourceKind};
use crate::effects::{
    ActiveEffect, Boundary, EffectSpec, EffectTracker, EffectView, Expiry, MAX_SECONDS_PER_ROUND,
};
use crate::encounter::config_rules::creature_rules;
use crate::encounter::creature_change::{CreatureChange, EffectOngoing, OngoingEntry};
use crate::encounter::event::{EncounterEvent, Resisted};
use crate::encounter::participant::TurnStatus;
use crate::encounter::state::{Encounter, Phase};
use crate::error::{Error, Result};
use crate::ids::ParticipantId;

/// A roll-free source for replaying boundaries: it only ever orders simultaneous expiries,
/// which does not change the resulting state.
struct Replay(u32);

impl DieRoller for Replay {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        self.0 = self
            .0
            .checked_rem(sides.max(1))
            .unwrap_or(0)
            .saturating_add(1);
        Ok(self.0)
    }
    fn kind(&self) -> SourceKind {
        SourceKind::Supplied
    }
}

/// Whether an event changes the effect tracker.
fn concerns_tracker(event: &EncounterEvent) -> bool {
    matches!(
        event,
        EncounterEvent::RoundStarted { .. }
            | EncounterEvent::TurnStarted { .. }
            | EncounterEvent::TurnEnded { .. }
            | EncounterEvent::TurnDelayed { .. }
            | EncounterEvent::TurnResumed { .. }
            | EncounterEvent::RoundEnded { .. }
            | EncounterEvent::EncounterEnded { .. }
            | EncounterEvent::ParticipantRemoved { .. }
            | EncounterEvent::RoundLengthChanged { .. }
            | EncounterEvent::Incapacitated { .. }
            | EncounterEvent::Rested { .. }
            | EncounterEvent::ClockAdvanced { .. }
            | EncounterEvent::EffectsAdded { .. }
            | EncounterEvent::EffectRemoved { .. }
            | EncounterEvent::ConcentrationDropped { .. }
    )
}

fn feed(fx: &mut EffectTracker, b: Boundary, roller: &mut dyn DieRoller) -> Result<Vec<Expiry>> {
    fx.on_boundary(&b, roller)
}

/// A turn starts. When another creature's turn is already under way (acting on a controller's
/// turn, A5E-CTRL-01, or with its side) that first turn stays the tracker's turn in progress.
fn feed_turn_started(
    fx: &mut EffectTracker,
    participant: &ParticipantId,
    round: u32,
    roller: &mut dyn DieRoller,
) -> Result<Vec<Expiry>> {
    let first = fx.position.turn.take();
    let out = feed(
        fx,
        Boundary::TurnStarted {
            participant: participant.clone(),
            round,
        },
        roller,
    )?;
    if first.is_some() {
        fx.position.turn = first;
    }
    Ok(out)
}

/// A turn ends: it is fed as the turn in progress, then the first turn (if it was another
/// creature's) is in progress again.
fn feed_turn_ended(
    fx: &mut EffectTracker,
    participant: &ParticipantId,
    round: u32,
    roller: &mut dyn DieRoller,
) -> Result<Vec<Expiry>> {
    let first = fx.position.turn.replace(participant.clone());
    let out = feed(
        fx,
        Boundary::TurnEnded {
            participant: participant.clone(),
            round,
        },
        roller,
    )?;
    fx.position.turn = first.filter(|f| f != participant);
    Ok(out)
}

/// The round ends (every turn in it has ended by now) and its seconds pass on the game clock.
fn feed_round_ended(
    fx: &mut EffectTracker,
    round: u32,
    roller: &mut dyn DieRoller,
) -> Result<Vec<Expiry>> {
    fx.position.turn = None;
    let mut out = feed(fx, Boundary::RoundEnded { round }, roller)?;
    let now = fx
        .clock()
        .saturating_add(u64::from(fx.rules.seconds_per_round));
    out.extend(feed(
        fx,
        Boundary::ClockAdvanced { now_seconds: now },
        roller,
    )?);
    Ok(out)
}

impl Encounter {
    /// The creature rules in force.
    pub fn creature_rules(&self) -> CreatureRules {
        creature_rules(&self.config)
    }

    /// The effect tracker (every active effect, its position and clock).
    pub fn effects(&self) -> &EffectTracker {
        &self.effects
    }

    /// The condition catalog (A5E conditions plus loaded homebrew).
    pub fn catalog(&self) -> &ConditionCatalog {
        &self.catalog
    }

    /// Ongoing damage attached to active effects (A5E-DMG-06).
    pub fn ongoing(&self) -> &[OngoingEntry] {
        &self.ongoing
    }

    /// The game time now, for creature rules (the effect tracker's clock).
    pub(crate) fn moment(&self) -> Moment {
        let now = GameTime(u32::try_from(self.effects.clock()).unwrap_or(u32::MAX));
        if self.running() {
            Moment::in_encounter(now)
        } else {
            Moment::outside_encounter(now)
        }
    }

    /// Everything conditions depend on for one participant: its effects' conditions, its
    /// creature's effective fatigue and strife (A5E-TRACK-06 keeps pending levels out), HP for
    /// bloodied, unconscious while dying or stable (A5E-DEATH-02) and HYB's exhausted state.
    pub fn condition_state(&self, id: &ParticipantId) -> Result<ConditionState> {
        let p = self.get(id)?;
        let mut state = ConditionState {
            conditions: self.effects.condition_ids(id),
            ..ConditionState::default()
        };
        if let Some(c) = &p.creature {
            state.fatigue = c.fatigue.effective;
            state.strife = c.strife.effective;
            state.exhaustion = c.exhaustion.effective;
            state.hit_points = Some(c.hp);
            if c.is_unconscious() && !state.conditions.contains(&ids::UNCONSCIOUS) {
                state.conditions.push(ids::UNCONSCIOUS);
            }
            if c.hyb.exhausted {
                state.penalties.push(Penalty::HybExhausted);
            }
        }
        // A5E-COND-28: what it is immune to (and what those imply) does not apply.
        state.immunities.clone_from(&p.condition_immunities);
        Ok(state)
    }

    /// What applies to this participant for this roll (advantage, disadvantage, automatic
    /// failure, modifiers), each with its reason.
    pub fn roll_advice(&self, id: &ParticipantId, query: &RollQuery) -> Result<RollAdvice> {
        let state = self.condition_state(id)?;
        self.catalog.query(&state, query)
    }

    /// Everything the participant's conditions do regardless of the roll.
    pub fn status(&self, id: &ParticipantId) -> Result<Status> {
        let state = self.condition_state(id)?;
        self.catalog.status(&state)
    }

    /// The participant's effects with the time each has left, for a UI.
    pub fn effects_of(&self, id: &ParticipantId) -> Result<Vec<EffectView>> {
        self.get(id)?;
        Ok(self.effects.views(id, self.effects.clock()))
    }

    /// Whether a death save may be made for `id` now: once per dying creature, at the time its
    /// initiative system says. Under Greyhawk a creature that cannot act resolves its death
    /// saves at the end of the round (GH-INIT-12): after the round's turns are over and
    /// before the next roll. Everywhere else the save is made at the start of the creature's
    /// own turn (A5E-DEATH-03), so only while that turn is under way. Either way one save per
    /// round. Outside a running fight there are no turns, and the GM calls for saves as time
    /// passes: nothing is checked then.
    pub(crate) fn death_save_due(&self, id: &ParticipantId) -> Result<()> {
        let p = self.get(id)?;
        if !self.running() {
            return Ok(());
        }
        if self.rules().resolves_unable_at_round_end() {
            if !matches!(self.phase, Phase::Declaring | Phase::Between) || self.round == 0 {
                return Err(Error::out_of_order(format!(
                    "\"{id}\" makes its death save at the end of the round, once the turns are over (GH-INIT-12)"
                )));
            }
            if p.death_saved == Some(self.round) {
                return Err(Error::out_of_order(format!(
                    "\"{id}\" has made its death save for round {} (GH-INIT-12: one at the end of each round)",
                    self.round
                )));
            }
            return Ok(());
        }
        if !matches!(p.turn, TurnStatus::Started | TurnStatus::Resumed) {
            return Err(Error::out_of_order(format!(
                "\"{id}\" makes its death save at the start of its own turn (A5E-DEATH-03)"
            )));
        }
        if p.death_saved == Some(self.round) {
            return Err(Error::out_of_order(format!(
                "\"{id}\" has made its death save this turn (A5E-DEATH-03: one at the start of each of its turns)"
            )));
        }
        Ok(())
    }

    /// Whether the participant can act, as its creature and conditions say; `None` when
    /// neither says anything (a participant without stats or conditions).
    pub(crate) fn able(&self, id: &ParticipantId) -> Option<bool> {
        let p = self.participant(id)?;
        let conditions = self.effects.condition_ids(id);
        if p.creature.is_none() && conditions.is_empty() {
            return None;
        }
        if p.creature
            .as_ref()
            .is_some_and(|c| c.is_dead() || c.is_unconscious() || c.is_incapacitated())
        {
            return Some(false);
        }
        let status = self
            .catalog
            .status(&ConditionState {
                conditions,
                ..ConditionState::default()
            })
            .ok()?;
        // Incapacitated (A5E, 5e), or a condition that allows no actions without naming it
        // (OSE's paralyzed "cannot move or act", OSE-ATK-13).
        let no_actions = status
            .actions
            .iter()
            .any(|a| a.limit == crate::conditions::ActionLimit::NoActions);
        Some(!status.incapacitated && !no_actions)
    }

    /// Apply an event, feeding the tracker with `roller`; returns the expiries it caused.
    ///
    /// `in_place`: feed the tracker directly. Only for working copies that are thrown away when
    /// an event fails (`execute`, `apply_all`): it saves copying the tracker per event. Otherwise
    /// the tracker is updated on a copy and committed only if the encounter accepts the event.
    pub(crate) fn apply_with(
        &mut self,
        event: &EncounterEvent,
        roller: &mut dyn DieRoller,
        in_place: bool,
    ) -> Result<Vec<Expiry>> {
        if !concerns_tracker(event) {
            self.apply_event(event)?;
            return Ok(Vec::new());
        }
        let mut fx = if in_place {
            std::mem::take(&mut self.effects)
        } else {
            self.effects.clone()
        };
        let result = self
            .effects_step(&mut fx, event, roller)
            .and_then(|expiries| self.apply_event(event).map(|()| expiries));
        match result {
            Ok(expiries) => {
                self.effects = fx;
                if !self.ongoing.is_empty() {
                    let effects = &self.effects;
                    self.ongoing.retain(|o| effects.get(o.effect).is_some());
                }
                Ok(expiries)
            }
            Err(e) => {
                if in_place {
                    self.effects = fx;
                }
                Err(e)
            }
        }
    }

    /// Replay one event (from `execute` or another client) without rolling.
    pub fn apply(&mut self, event: &EncounterEvent) -> Result<()> {
        self.apply_with(event, &mut Replay(0), false).map(|_| ())
    }

    /// [`Self::apply`] on a working copy (see `apply_with`).
    pub(crate) fn apply_in_place(&mut self, event: &EncounterEvent) -> Result<()> {
        self.apply_with(event, &mut Replay(0), true).map(|_| ())
    }

    /// Feed `event` to `fx` (the tracker, taken out or copied): the expiries it caused.
    fn effects_step(
        &self,
        fx: &mut EffectTracker,
        event: &EncounterEvent,
        roller: &mut dyn DieRoller,
    ) -> Result<Vec<Expiry>> {
        let expiries = match event {
            EncounterEvent::RoundStarted { round } => {
                feed(fx, Boundary::RoundStarted { round: *round }, roller)?
            }
            EncounterEvent::TurnStarted { participant, round } => {
                feed_turn_started(fx, participant, *round, roller)?
            }
            EncounterEvent::TurnEnded { participant, round } => {
                feed_turn_ended(fx, participant, *round, roller)?
            }
            EncounterEvent::TurnDelayed { participant, .. } => {
                if fx.position.turn.as_ref() == Some(participant) {
                    fx.position.turn = None;
                }
                Vec::new()
            }
            EncounterEvent::TurnResumed { participant, .. } => {
                if fx.position.turn.is_none() {
                    fx.position.turn = Some(participant.clone());
                }
                Vec::new()
            }
            EncounterEvent::RoundEnded { round } => feed_round_ended(fx, *round, roller)?,
            EncounterEvent::EncounterEnded { .. } => {
                fx.position.turn = None;
                feed(fx, Boundary::EncounterEnded, roller)?
            }
            EncounterEvent::ParticipantRemoved { participant, .. } => feed(
                fx,
                Boundary::ParticipantRemoved {
                    participant: participant.clone(),
                },
                roller,
            )?,
            EncounterEvent::RoundLengthChanged { length } => {
                fx.rules.seconds_per_round = length.seconds().clamp(1, MAX_SECONDS_PER_ROUND);
                Vec::new()
            }
            EncounterEvent::Incapacitated { participant } => feed(
                fx,
                Boundary::Incapacitated {
                    participant: participant.clone(),
                },
                roller,
            )?,
            EncounterEvent::Rested { rest, participants } => feed(
                fx,
                Boundary::Rest {
                    kind: *rest,
                    participants: participants.clone(),
                },
                roller,
            )?,
            EncounterEvent::ClockAdvanced { now_seconds } => feed(
                fx,
                Boundary::ClockAdvanced {
                    now_seconds: *now_seconds,
                },
                roller,
            )?,
            EncounterEvent::EffectsAdded {
                effects,
                added,
                resisted,
                ..
            } => self.add_effects_step(fx, effects, added, resisted)?,
            EncounterEvent::EffectRemoved { effect } => vec![fx.remove(*effect)?],
            EncounterEvent::ConcentrationDropped { participant } => {
                fx.drop_concentration(participant)
            }
            _ => Vec::new(),
        };
        Ok(expiries)
    }

    /// The tracker's side of `effectsAdded`: every creature named must exist, and adding the
    /// specs here must give exactly the effects the event reports (else the follower's tracker
    /// is not the sender's). Returns the effects the new ones ended.
    fn add_effects_step(
        &self,
        fx: &mut EffectTracker,
        effects: &[EffectSpec],
        added: &[ActiveEffect],
        resisted: &[Resisted],
    ) -> Result<Vec<Expiry>> {
        for r in resisted {
            self.get(&r.target)?;
        }
        for spec in effects {
            self.get(&spec.target)?;
            if let Some(s) = &spec.source {
                self.get(s)?;
            }
        }
        let hidden = self.hidden_now().unwrap_or_default();
        let result = fx.add_all_hiding(effects.to_vec(), &self.catalog, &hidden)?;
        if result.added != added {
            return Err(Error::snapshot(
                "the effects added do not match the event (another tracker state?)",
            ));
        }
        Ok(result.ended)
    }

    /// Handlers for the creature, condition and effect events (see `apply`).
    pub(crate) fn apply_vitals(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::CreatureSet {
                participant,
                creature,
            } => {
                if let Some(c) = creature {
                    c.validate()?;
                }
                self.get_mut(participant)?.creature = creature.clone().map(std::sync::Arc::new);
            }
            EncounterEvent::ConditionImmunitiesSet {
                participant,
                immunities,
            } => {
                check_immunities(self, immunities)?;
                self.get_mut(participant)?.condition_immunities = immunities.clone();
            }
            EncounterEvent::Damaged {
                participant,
                creature,
                ..
            }
            | EncounterEvent::CreatureUpdated {
                participant,
                creature,
                ..
            } => {
                let death_save = matches!(
                    event,
                    EncounterEvent::CreatureUpdated {
                        change: CreatureChange::DeathSave,
                        ..
                    }
                );
                self.apply_creature_changed(participant, creature, death_save)?;
            }
            EncounterEvent::EffectsAdded {
                added,
                ongoing: Some(o),
                ..
            } => self.apply_ongoing_added(added, o)?,
            EncounterEvent::ConditionsLoaded { json, conditions } => {
                let mut catalog = ConditionCatalog::clone(&self.catalog);
                let loaded = catalog.load_homebrew_json(json)?;
                if &loaded != conditions {
                    return Err(Error::snapshot(
                        "the conditions loaded do not match the event",
                    ));
                }
                self.catalog = std::sync::Arc::new(catalog);
            }
            EncounterEvent::Incapacitated { participant }
            | EncounterEvent::ConcentrationDropped { participant } => {
                self.get(participant)?;
            }
            EncounterEvent::Rested { participants, .. } => {
                for id in participants {
                    self.get(id)?;
                }
            }
            EncounterEvent::EffectsEnded { expiries } => {
                if let Some(x) = expiries
                    .iter()
                    .find(|x| self.effects.get(x.effect.id).is_some())
                {
                    return Err(Error::snapshot(format!(
                        "effect {} is reported ended but is still active",
                        x.effect.id
                    )));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A creature's stats after damage or another change. A death save is checked against its
    /// timing (see `death_save_due`) and, in a running fight, remembered for the round.
    fn apply_creature_changed(
        &mut self,
        participant: &ParticipantId,
        creature: &Creature,
        death_save: bool,
    ) -> Result<()> {
        creature.validate()?;
        if death_save {
            self.death_save_due(participant)?;
        }
        let round = self.round;
        let running = self.running();
        let p = self.get_mut(participant)?;
        if p.creature.is_none() {
            return Err(Error::not_allowed(format!(
                "\"{participant}\" has no creature stats"
            )));
        }
        p.creature = Some(std::sync::Arc::new(creature.clone()));
        if death_save && running {
            p.death_saved = Some(round);
        }
        Ok(())
    }

    /// A5E-DMG-06: the ongoing damage attached to the effects just added, kept per effect.
    fn apply_ongoing_added(&mut self, added: &[ActiveEffect], o: &EffectOngoing) -> Result<()> {
        // The same check as the command's, so a follower refuses what a snapshot load would.
        o.damage
            .validate()
            .and_then(|()| o.choices.validate())
            .map_err(|e| Error::snapshot(format!("ongoing damage: {}", e.message)))?;
        for a in added {
            self.ongoing.push(OngoingEntry {
                effect: a.id,
                ongoing: *o,
            });
        }
        Ok(())
    }
}

/// A5E-COND-28: a list of condition immunities within the limit, each a condition the
/// encounter knows (its links are followed where used).
pub(crate) fn check_immunities(
    enc: &Encounter,
    immunities: &[crate::conditions::ConditionId],
) -> Result<()> {
    if immunities.len() > crate::conditions::id::MAX_ACTIVE_CONDITIONS {
        return Err(Error::invalid_argument("too many condition immunities"));
    }
    enc.catalog.immunities(immunities)?;
    Ok(())
}

/// Conditions a homebrew load added, for the event.
pub(crate) fn loaded_ids(catalog: &ConditionCatalog, json: &str) -> Result<Vec<ConditionId>> {
    catalog.clone().load_homebrew_json(json)
}
