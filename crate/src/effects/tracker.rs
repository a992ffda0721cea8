//! The effect tracker: active effects per participant and the expiry engine.
//!
//! The tracker follows the encounter through [`Boundary`] values and keeps its own position
//! (round, turn in progress, who has started a turn this round, clock), which is what
//! durations are resolved against when an effect is applied. Every operation validates first
//! and changes nothing when it fails.

use std::collections::BTreeSet;

use litemap::LiteMap;

use super::boundary::Boundary;
use super::duration::{
    Anchoring, Due, Duration, DurationRules, Edge, EncounterEndPolicy, MAX_CLOCK_SECONDS,
    MAX_DURATION_ROUNDS, MAX_DURATION_SECONDS, Remaining, SimultaneousOrder,
};
use super::ids::{EffectId, HIDDEN_EFFECT_IDS, ParticipantId};
use super::order::order_by_d20;
use super::participant_set::ParticipantSet;
use crate::conditions::{ConditionCatalog, ConditionId, ConditionState, Origin};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, ErrorCode, Result};

/// Most effects on one participant.
pub const MAX_EFFECTS_PER_PARTICIPANT: usize = 32;
/// Most effects in one tracker.
pub const MAX_EFFECTS: usize = 2048;
/// Longest effect name, in characters.
pub const MAX_EFFECT_NAME_LEN: usize = 80;
/// Most participants that can start a turn in one round.
pub const MAX_TURNS_PER_ROUND: usize = 4096;
/// Most effects added in one batch.
pub const MAX_BATCH: usize = 64;

/// What to apply.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EffectSpec {
    /// Who is affected.
    pub target: ParticipantId,
    /// Who caused it (the caster, the grappler).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ParticipantId>,
    /// The condition it applies, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<ConditionId>,
    /// A display name (required for effects without a condition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// How long it lasts. (Named for tsify, which otherwise takes a type called `Duration` for
    /// the standard library's and types it `{ secs, nanos }`.)
    #[cfg_attr(feature = "wasm-base", tsify(type = "Duration"))]
    pub duration: Duration,
    /// The source concentrates on it.
    #[serde(default)]
    pub concentration: bool,
    /// It ends when its source becomes incapacitated (set automatically for conditions whose
    /// definition says so, such as grappled).
    #[serde(default)]
    pub ends_if_source_incapacitated: bool,
}

impl EffectSpec {
    /// A condition on `target` for `duration`.
    pub fn condition(target: ParticipantId, condition: ConditionId, duration: Duration) -> Self {
        Self {
            target,
            source: None,
            condition: Some(condition),
            name: None,
            duration,
            concentration: false,
            ends_if_source_incapacitated: false,
        }
    }
    /// A named effect without a condition.
    pub fn named(target: ParticipantId, name: impl Into<String>, duration: Duration) -> Self {
        Self {
            target,
            source: None,
            condition: None,
            name: Some(name.into()),
            duration,
            concentration: false,
            ends_if_source_incapacitated: false,
        }
    }
    /// Set the source.
    pub fn with_source(mut self, source: ParticipantId) -> Self {
        self.source = Some(source);
        self
    }
    /// Mark as concentration by the source.
    pub fn concentrating(mut self) -> Self {
        self.concentration = true;
        self
    }
}

/// An effect in force.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ActiveEffect {
    pub id: EffectId,
    pub target: ParticipantId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ParticipantId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<ConditionId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// When it ends, fixed when it was applied.
    pub due: Due,
    pub concentration: bool,
    pub ends_if_source_incapacitated: bool,
}

/// Why concentration ended.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ConcentrationEnd {
    /// The concentrating creature became incapacitated.
    Incapacitated,
    /// A condition it gained forbids concentration (agonized, A5E-COND-01).
    CantConcentrate { condition: ConditionId },
    /// It chose to stop.
    Dropped,
    /// It began concentrating on something else.
    Replaced,
    /// It left the encounter.
    SourceRemoved,
}

/// Why an effect ended.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ExpiryReason {
    /// Its duration ran out at the point it was due.
    DurationEnded,
    /// Its anchor took no turn in the round the anchor turn was due; it ended with that round.
    AnchorTurnMissed { round: u32 },
    /// Its anchor left the encounter after the round boundary its turn anchor falls back to.
    AnchorRemoved { participant: ParticipantId },
    /// The affected participant left the encounter.
    TargetRemoved,
    /// Its source became incapacitated (grappled, A5E-COND-14).
    SourceIncapacitated,
    /// Its source left the encounter and the effect depends on the source being there.
    SourceRemoved,
    /// Concentration on it ended.
    Concentration { cause: ConcentrationEnd },
    /// The encounter ended and no whole round of it was left (or the policy ends them all).
    EncounterEnded,
    /// Removed on request.
    Removed,
}

/// An effect that ended, why, and the dice that ordered it (GH-DUR-03).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Expiry {
    pub effect: ActiveEffect,
    pub reason: ExpiryReason,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order_dice: Vec<RolledDie>,
}

/// The result of adding effects: what was added, and what ended because of it (an earlier
/// concentration replaced; the target's concentration broken by an incapacitating condition).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Added {
    pub added: Vec<ActiveEffect>,
    pub ended: Vec<Expiry>,
}

/// An effect with the time it has left, for a UI.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EffectView {
    pub effect: ActiveEffect,
    pub remaining: Remaining,
}

/// Where the encounter is, as far as the tracker has been told.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Position {
    /// The last round started (0 before the first).
    pub round: u32,
    /// A round is in progress.
    pub in_round: bool,
    /// Whose turn is in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<ParticipantId>,
    /// Who has started a turn in the current round.
    #[serde(default, skip_serializing_if = "ParticipantSet::is_empty")]
    #[cfg_attr(feature = "wasm-base", tsify(type = "ParticipantId[]"))]
    pub acted: ParticipantSet,
}

impl Position {
    /// The round in progress, or between rounds the one about to begin.
    pub fn current_round(&self) -> u32 {
        if self.in_round {
            self.round
        } else {
            self.round.saturating_add(1)
        }
    }
    /// The round of `p`'s next turn: this round if it has not started one yet, else the next.
    fn next_turn_round(&self, p: &ParticipantId) -> u32 {
        if self.in_round && self.acted.contains(p) {
            self.round.saturating_add(1)
        } else {
            self.current_round()
        }
    }
    /// Whether the start of `round` has already happened.
    fn start_passed(&self, round: u32) -> bool {
        round <= self.round
    }
    /// Whether the end of `round` has already happened.
    fn end_passed(&self, round: u32) -> bool {
        round < self.round || (round == self.round && !self.in_round)
    }
}

/// Active effects for every participant, and the expiry engine.
#[derive(Debug, Clone, PartialEq)]
pub struct EffectTracker {
    pub(crate) rules: DurationRules,
    pub(crate) effects: Vec<ActiveEffect>,
    pub(crate) next_id: u32,
    /// Ids given out from [`HIDDEN_EFFECT_IDS`] up, to effects on hidden participants.
    pub(crate) hidden_issued: u32,
    pub(crate) position: Position,
    pub(crate) clock: u64,
}

/// Hashed as before hidden ids existed when none was given out, so digests of encounters
/// that never hid anyone are unchanged.
impl crate::Digestible for EffectTracker {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.rules.feed(d);
        self.effects.feed(d);
        self.next_id.feed(d);
        self.position.feed(d);
        self.clock.feed(d);
        if self.hidden_issued != 0 {
            self.hidden_issued.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for EffectTracker {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.rules.hash(h);
        self.effects.hash(h);
        self.next_id.hash(h);
        self.position.hash(h);
        self.clock.hash(h);
        if self.hidden_issued != 0 {
            self.hidden_issued.hash(h);
        }
    }
}

impl Default for EffectTracker {
    fn default() -> Self {
        Self::empty(DurationRules::default())
    }
}

fn out_of_order(message: String) -> Error {
    Error::out_of_order(message)
}

/// One planned expiry: index into `effects`, reason, and a key for simultaneity (clock time).
struct Planned {
    index: usize,
    reason: ExpiryReason,
    group: u64,
}

impl EffectTracker {
    /// An empty tracker with these rules, at clock 0. Fails if the round length is outside
    /// 1..=[`super::duration::MAX_SECONDS_PER_ROUND`] seconds.
    pub fn new(rules: DurationRules) -> Result<Self> {
        super::duration::check_rules(&rules)?;
        Ok(Self::empty(rules))
    }

    fn empty(rules: DurationRules) -> Self {
        Self {
            rules,
            effects: Vec::new(),
            next_id: 1,
            hidden_issued: 0,
            position: Position::default(),
            clock: 0,
        }
    }

    pub fn rules(&self) -> &DurationRules {
        &self.rules
    }
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The clock as last reported by [`Boundary::ClockAdvanced`].
    pub fn clock(&self) -> u64 {
        self.clock
    }
    /// Every effect, in application order.
    pub fn effects(&self) -> &[ActiveEffect] {
        &self.effects
    }
    pub fn get(&self, id: EffectId) -> Option<&ActiveEffect> {
        self.effects.iter().find(|e| e.id == id)
    }
    /// Effects on one participant, in application order.
    pub fn effects_on<'a>(
        &'a self,
        target: &'a ParticipantId,
    ) -> impl Iterator<Item = &'a ActiveEffect> + 'a {
        self.effects.iter().filter(move |e| &e.target == target)
    }
    /// The conditions the participant's effects give it (each once), to feed
    /// [`ConditionCatalog::query`] as [`ConditionState::conditions`].
    pub fn condition_ids(&self, target: &ParticipantId) -> Vec<ConditionId> {
        let mut out: Vec<ConditionId> = Vec::new();
        for e in self.effects_on(target) {
            if let Some(c) = &e.condition
                && !out.contains(c)
            {
                out.push(c.clone());
            }
        }
        out
    }

    /// The time left on an effect. `now_seconds` is the clock to measure time-based effects
    /// against (usually [`Self::clock`]).
    pub fn remaining(&self, id: EffectId, now_seconds: u64) -> Result<Remaining> {
        let effect = self
            .get(id)
            .ok_or_else(|| Error::unknown_id("effect", &id.to_string()))?;
        Ok(self.remaining_of(effect, now_seconds))
    }

    fn remaining_of(&self, effect: &ActiveEffect, now_seconds: u64) -> Remaining {
        let current = self.position.current_round();
        match &effect.due {
            Due::Turn {
                anchor,
                edge,
                round,
            } => Remaining::AnchorTurn {
                participant: anchor.clone(),
                edge: *edge,
                round: *round,
                rounds_away: round.saturating_sub(current),
            },
            Due::Round { edge, round } => Remaining::RoundBoundary {
                edge: *edge,
                round: *round,
                rounds_away: round.saturating_sub(current),
            },
            Due::Clock { at_seconds } => Remaining::Seconds {
                seconds: at_seconds.saturating_sub(now_seconds),
                at_seconds: *at_seconds,
            },
            Due::Rest { rest } => Remaining::UntilRest { rest: *rest },
            Due::EncounterEnd => Remaining::UntilEncounterEnds,
            Due::UntilRemoved => Remaining::UntilRemoved,
        }
    }

    /// A participant's effects with their time left, for a UI.
    pub fn views(&self, target: &ParticipantId, now_seconds: u64) -> Vec<EffectView> {
        self.effects_on(target)
            .map(|e| EffectView {
                effect: e.clone(),
                remaining: self.remaining_of(e, now_seconds),
            })
            .collect()
    }

    /// Resolve a duration against the current position (see [`super::duration`]).
    fn resolve(&self, duration: &Duration) -> Result<Due> {
        let pos = &self.position;
        let current = pos.current_round();
        let turn_based = self.rules.anchoring == Anchoring::CreatureTurns;
        let ahead = |base: u32, k: u32| -> Result<u32> {
            base.checked_add(k)
                .ok_or_else(|| Error::invalid_argument("round number overflow"))
        };
        let check_rounds = |n: u32, min: u32| -> Result<()> {
            if n < min || n > MAX_DURATION_ROUNDS {
                return Err(Error::invalid_argument(format!(
                    "a duration of {n} rounds is out of range {min}..={MAX_DURATION_ROUNDS}"
                )));
            }
            Ok(())
        };
        Ok(match duration {
            Duration::Rounds { count, anchor } => {
                check_rounds(*count, 1)?;
                let round = ahead(current, *count)?;
                match anchor.as_ref().or(pos.turn.as_ref()) {
                    Some(a) if turn_based => Due::Turn {
                        anchor: a.clone(),
                        edge: Edge::Start,
                        round,
                    },
                    _ => Due::Round {
                        edge: Edge::Start,
                        round,
                    },
                }
            }
            Duration::UntilTurnStart { participant } => {
                let r = pos.next_turn_round(participant);
                if turn_based {
                    Due::Turn {
                        anchor: participant.clone(),
                        edge: Edge::Start,
                        round: r,
                    }
                } else {
                    // GH-DUR-02: the start of the round of that turn, or the next round start if
                    // that one has passed.
                    let round = if pos.start_passed(r) { ahead(r, 1)? } else { r };
                    Due::Round {
                        edge: Edge::Start,
                        round,
                    }
                }
            }
            Duration::UntilTurnEnd { participant } => {
                let round = pos.next_turn_round(participant);
                if turn_based {
                    Due::Turn {
                        anchor: participant.clone(),
                        edge: Edge::End,
                        round,
                    }
                } else {
                    // GH-DUR-01: the end of the round of that turn.
                    Due::Round {
                        edge: Edge::End,
                        round,
                    }
                }
            }
            Duration::UntilEndOfCurrentTurn => {
                let Some(p) = &pos.turn else {
                    return Err(out_of_order(
                        "\"until the end of the current turn\" needs a turn in progress".into(),
                    ));
                };
                if turn_based {
                    Due::Turn {
                        anchor: p.clone(),
                        edge: Edge::End,
                        round: pos.round,
                    }
                } else {
                    Due::Round {
                        edge: Edge::End,
                        round: pos.round,
                    }
                }
            }
            Duration::UntilRoundStart { rounds_ahead } => {
                check_rounds(*rounds_ahead, 1)?;
                Due::Round {
                    edge: Edge::Start,
                    round: ahead(pos.round, *rounds_ahead)?,
                }
            }
            Duration::UntilRoundEnd { rounds_ahead } => {
                check_rounds(*rounds_ahead, 0)?;
                Due::Round {
                    edge: Edge::End,
                    round: ahead(current, *rounds_ahead)?,
                }
            }
            Duration::Seconds { seconds } => {
                if *seconds == 0 || *seconds > MAX_DURATION_SECONDS {
                    return Err(Error::invalid_argument(format!(
                        "a duration of {seconds} s is out of range 1..={MAX_DURATION_SECONDS}"
                    )));
                }
                let at = self.clock.saturating_add(u64::from(*seconds));
                if at > MAX_CLOCK_SECONDS {
                    return Err(Error::invalid_argument(
                        "the effect would end beyond the largest clock value",
                    ));
                }
                Due::Clock { at_seconds: at }
            }
            Duration::UntilRest { rest } => Due::Rest { rest: *rest },
            Duration::UntilEncounterEnds => Due::EncounterEnd,
            Duration::UntilRemoved => Due::UntilRemoved,
        })
    }

    fn check_spec(&self, spec: &EffectSpec, catalog: &ConditionCatalog) -> Result<()> {
        if let Some(name) = &spec.name {
            let len = name.chars().count();
            if len == 0
                || len > MAX_EFFECT_NAME_LEN
                || name.chars().any(char::is_control)
                || name.trim().is_empty()
            {
                return Err(Error::invalid_argument(format!(
                    "an effect name must be 1 to {MAX_EFFECT_NAME_LEN} printable characters"
                )));
            }
        }
        match &spec.condition {
            Some(c) => {
                let def = catalog.require(c)?;
                if def.derived_from_hit_points {
                    return Err(Error::invalid_argument(format!(
                        "\"{c}\" is derived from hit points and can't be applied as an effect"
                    )));
                }
            }
            None => {
                if spec.name.is_none() {
                    return Err(Error::invalid_argument(
                        "an effect needs a condition or a name",
                    ));
                }
            }
        }
        if (spec.concentration || spec.ends_if_source_incapacitated) && spec.source.is_none() {
            return Err(Error::invalid_argument(
                "a concentration effect, or one that ends when its source is incapacitated, needs a source",
            ));
        }
        Ok(())
    }

    /// Apply one effect. See [`Self::add_all`].
    pub fn add(&mut self, spec: EffectSpec, catalog: &ConditionCatalog) -> Result<Added> {
        self.add_all(vec![spec], catalog)
    }

    /// Apply several effects at once (one spell on several targets): all or none.
    ///
    /// - Durations are resolved against the current position.
    /// - With [`DurationRules::one_concentration_per_source`], a source's earlier concentration
    ///   effects end when this batch adds concentration effects from it (reason `Replaced`).
    /// - A concentration effect from a source that the tracker's own effects make
    ///   incapacitated or unable to concentrate is refused (`NOT_ALLOWED`).
    /// - If the new conditions make a target incapacitated, its concentration ends and
    ///   effects it is the source of that end on incapacitation (grappled) end; if they make
    ///   it unable to concentrate (agonized), its concentration ends.
    ///
    /// Condition immunities are the caller's to check ([`ConditionCatalog::is_immune`]) before
    /// adding.
    pub fn add_all(&mut self, specs: Vec<EffectSpec>, catalog: &ConditionCatalog) -> Result<Added> {
        self.add_all_hiding(specs, catalog, &[])
    }

    /// [`Self::add_all`], where effects on the `hidden` participants (hidden from players)
    /// take their ids from [`HIDDEN_EFFECT_IDS`] up.
    pub(crate) fn add_all_hiding(
        &mut self,
        specs: Vec<EffectSpec>,
        catalog: &ConditionCatalog,
        hidden: &[ParticipantId],
    ) -> Result<Added> {
        if specs.len() > MAX_BATCH {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_BATCH} effects can be added at once"),
            ));
        }
        let mut next = self.clone();
        let mut added: Vec<ActiveEffect> = Vec::new();
        let mut ended: Vec<Expiry> = Vec::new();

        // Concentration replaced: every source concentrating in this batch drops what it had.
        if self.rules.one_concentration_per_source {
            let mut sources: LiteMap<&ParticipantId, ()> = LiteMap::new();
            for source in specs
                .iter()
                .filter(|s| s.concentration)
                .filter_map(|s| s.source.as_ref())
            {
                sources.insert(source, ());
            }
            for (source, ()) in sources {
                ended.extend(next.take(
                    |e| e.concentration && e.source.as_ref() == Some(source),
                    || ExpiryReason::Concentration {
                        cause: ConcentrationEnd::Replaced,
                    },
                ));
            }
        }

        for spec in specs {
            next.check_spec(&spec, catalog)?;
            if spec.concentration
                && let Some(source) = &spec.source
            {
                let status = catalog.status(&ConditionState {
                    conditions: next.condition_ids(source),
                    ..ConditionState::default()
                })?;
                if !status.concentration_blocked.is_empty() {
                    return Err(Error::not_allowed(format!(
                        "{source} can't concentrate now (incapacitated or a condition forbids it)"
                    )));
                }
            }
            if next.effects.len() >= MAX_EFFECTS {
                return Err(Error::new(
                    ErrorCode::LimitExceeded,
                    format!("a tracker holds at most {MAX_EFFECTS} effects"),
                ));
            }
            if next.effects_on(&spec.target).count() >= MAX_EFFECTS_PER_PARTICIPANT {
                return Err(Error::new(
                    ErrorCode::LimitExceeded,
                    format!(
                        "{} already has the most effects a participant can have ({MAX_EFFECTS_PER_PARTICIPANT})",
                        spec.target
                    ),
                ));
            }
            let due = next.resolve(&spec.duration)?;
            let id = next.issue(hidden.contains(&spec.target))?;
            let from_def = spec
                .condition
                .as_ref()
                .and_then(|c| catalog.get(c))
                .is_some_and(|d| d.ends_if_source_incapacitated);
            let effect = ActiveEffect {
                id,
                ends_if_source_incapacitated: spec.source.is_some()
                    && (spec.ends_if_source_incapacitated || from_def),
                target: spec.target,
                source: spec.source,
                condition: spec.condition,
                name: spec.name,
                due,
                concentration: spec.concentration,
            };
            next.effects.push(effect.clone());
            added.push(effect);
        }

        // Consequences of the new conditions for each target.
        // The B-tree `Position::acted` compiles anyway.
        let mut targets: BTreeSet<ParticipantId> = BTreeSet::new();
        for effect in &added {
            targets.insert(effect.target.clone());
        }
        for target in targets {
            let status = catalog.status(&ConditionState {
                conditions: next.condition_ids(&target),
                ..ConditionState::default()
            })?;
            if status.incapacitated {
                ended.extend(next.on_incapacitated(&target));
            } else if let Some(reason) = status.concentration_blocked.first() {
                let condition = match &reason.origin {
                    Origin::Condition { id } => id.clone(),
                    _ => crate::conditions::ids::AGONIZED,
                };
                ended.extend(next.take(
                    |e| e.concentration && e.source.as_ref() == Some(&target),
                    || ExpiryReason::Concentration {
                        cause: ConcentrationEnd::CantConcentrate {
                            condition: condition.clone(),
                        },
                    },
                ));
            }
        }
        // Effects added and ended in the same batch are not reported as added.
        added.retain(|a| next.effects.iter().any(|e| e.id == a.id));
        *self = next;
        Ok(Added { added, ended })
    }

    /// The next id: from [`HIDDEN_EFFECT_IDS`] up for an effect on a hidden participant,
    /// below it otherwise.
    fn issue(&mut self, hidden: bool) -> Result<EffectId> {
        let exhausted = || Error::new(ErrorCode::LimitExceeded, "effect ids are exhausted");
        if hidden {
            let id = HIDDEN_EFFECT_IDS
                .checked_add(self.hidden_issued)
                .ok_or_else(exhausted)?;
            self.hidden_issued = self.hidden_issued.checked_add(1).ok_or_else(exhausted)?;
            return Ok(EffectId(id));
        }
        let id = self.next_id;
        if id >= HIDDEN_EFFECT_IDS {
            return Err(exhausted());
        }
        self.next_id = id.saturating_add(1);
        Ok(EffectId(id))
    }

    /// Effects with a hidden participant's id whose target players may now see (it was
    /// revealed) get the next ids below [`HIDDEN_EFFECT_IDS`], in application order. Returns
    /// each change of id.
    /// (Should the ids below run out, which takes two billion effects, an effect keeps the id
    /// it has.)
    pub(crate) fn reveal_ids(&mut self, hidden: &[ParticipantId]) -> Vec<(EffectId, EffectId)> {
        let mut changed = Vec::new();
        for i in 0..self.effects.len() {
            let Some(e) = self.effects.get(i) else { break };
            if e.id.0 < HIDDEN_EFFECT_IDS || hidden.contains(&e.target) {
                continue;
            }
            let old = e.id;
            let Ok(new) = self.issue(false) else { break };
            if let Some(e) = self.effects.get_mut(i) {
                e.id = new;
            }
            changed.push((old, new));
        }
        changed
    }

    /// Remove an effect on request.
    pub fn remove(&mut self, id: EffectId) -> Result<Expiry> {
        let index = self
            .effects
            .iter()
            .position(|e| e.id == id)
            .ok_or_else(|| Error::unknown_id("effect", &id.to_string()))?;
        let effect = self.effects.remove(index);
        Ok(Expiry {
            effect,
            reason: ExpiryReason::Removed,
            order_dice: Vec::new(),
        })
    }

    /// The participant stops concentrating: its concentration effects end.
    pub fn drop_concentration(&mut self, participant: &ParticipantId) -> Vec<Expiry> {
        self.take(
            |e| e.concentration && e.source.as_ref() == Some(participant),
            || ExpiryReason::Concentration {
                cause: ConcentrationEnd::Dropped,
            },
        )
    }

    /// Remove every effect matching `pred`, in application order, with the given reason.
    fn take(
        &mut self,
        pred: impl Fn(&ActiveEffect) -> bool,
        reason: impl Fn() -> ExpiryReason,
    ) -> Vec<Expiry> {
        let mut out = Vec::new();
        let mut kept = Vec::with_capacity(self.effects.len());
        for e in std::mem::take(&mut self.effects) {
            if pred(&e) {
                out.push(Expiry {
                    effect: e,
                    reason: reason(),
                    order_dice: Vec::new(),
                });
            } else {
                kept.push(e);
            }
        }
        self.effects = kept;
        out
    }

    fn on_incapacitated(&mut self, p: &ParticipantId) -> Vec<Expiry> {
        self.take(
            |e| e.source.as_ref() == Some(p) && (e.concentration || e.ends_if_source_incapacitated),
            || ExpiryReason::SourceIncapacitated,
        )
        .into_iter()
        .map(|mut x| {
            if x.effect.concentration {
                x.reason = ExpiryReason::Concentration {
                    cause: ConcentrationEnd::Incapacitated,
                };
            }
            x
        })
        .collect()
    }

    /// Consume one boundary from the encounter and return the effects that end at it, in the
    /// order they end (application order, or GH-DUR-03 d20 order under
    /// [`SimultaneousOrder::D20`], with the dice in each [`Expiry`]). A boundary that can't
    /// follow the previous ones is refused with `OUT_OF_ORDER` and changes nothing; so does a
    /// failure of the dice source.
    pub fn on_boundary(
        &mut self,
        boundary: &Boundary,
        roller: &mut dyn DieRoller,
    ) -> Result<Vec<Expiry>> {
        self.check_boundary(boundary)?;
        if self.effects.is_empty() {
            // Nothing can expire, convert or roll: only the position moves. (Most turns of
            // most encounters: a follower feeds the tracker two boundaries per batch.)
            self.advance(boundary);
            return Ok(Vec::new());
        }
        let planned = self.plan(boundary);
        let ordered = self.order(planned, roller)?;

        // Commit: conversions first (they only touch surviving effects), then removals.
        let mut next_effects = self.effects.clone();
        self.convert(boundary, &mut next_effects);
        let mut removed: LiteMap<usize, ()> = LiteMap::new();
        for (p, _) in &ordered {
            removed.insert(p.index, ());
        }
        let mut expiries = Vec::with_capacity(ordered.len());
        for (p, dice) in ordered {
            if let Some(effect) = self.effects.get(p.index) {
                expiries.push(Expiry {
                    effect: effect.clone(),
                    reason: p.reason,
                    order_dice: dice,
                });
            }
        }
        let mut i = 0usize;
        next_effects.retain(|_| {
            let keep = !removed.contains_key(&i);
            i = i.saturating_add(1);
            keep
        });
        self.effects = next_effects;
        self.advance(boundary);
        Ok(expiries)
    }

    fn check_boundary(&self, b: &Boundary) -> Result<()> {
        let pos = &self.position;
        match b {
            Boundary::RoundStarted { round } => {
                if pos.in_round {
                    return Err(out_of_order(format!(
                        "round {round} can't start while round {} is in progress",
                        pos.round
                    )));
                }
                if Some(*round) != pos.round.checked_add(1) {
                    return Err(out_of_order(format!(
                        "round {round} can't follow round {}",
                        pos.round
                    )));
                }
            }
            Boundary::RoundEnded { round } => {
                if !pos.in_round || *round != pos.round {
                    return Err(out_of_order(format!("round {round} is not in progress")));
                }
                if let Some(p) = &pos.turn {
                    return Err(out_of_order(format!(
                        "round {round} can't end during {p}'s turn"
                    )));
                }
            }
            Boundary::TurnStarted { participant, round } => {
                if !pos.in_round || *round != pos.round {
                    return Err(out_of_order(format!(
                        "{participant}'s turn can't start in round {round}: it is not in progress"
                    )));
                }
                if let Some(p) = &pos.turn {
                    return Err(out_of_order(format!(
                        "{participant}'s turn can't start during {p}'s turn"
                    )));
                }
                if pos.acted.len() >= MAX_TURNS_PER_ROUND && !pos.acted.contains(participant) {
                    return Err(Error::new(
                        ErrorCode::LimitExceeded,
                        format!("at most {MAX_TURNS_PER_ROUND} participants can act in a round"),
                    ));
                }
            }
            Boundary::TurnEnded { participant, round } => {
                if pos.turn.as_ref() != Some(participant) || *round != pos.round {
                    return Err(out_of_order(format!(
                        "{participant}'s turn in round {round} is not in progress"
                    )));
                }
            }
            Boundary::ClockAdvanced { now_seconds } => {
                if *now_seconds < self.clock || *now_seconds > MAX_CLOCK_SECONDS {
                    return Err(out_of_order(format!(
                        "the clock can't go from {} to {now_seconds}",
                        self.clock
                    )));
                }
            }
            Boundary::EncounterEnded
            | Boundary::Rest { .. }
            | Boundary::Incapacitated { .. }
            | Boundary::ParticipantRemoved { .. } => {}
        }
        Ok(())
    }

    /// Which effects end at this boundary (indices into `self.effects`).
    fn plan(&self, b: &Boundary) -> Vec<Planned> {
        let mut out = Vec::new();
        for (index, e) in self.effects.iter().enumerate() {
            let reason = match (b, &e.due) {
                (
                    Boundary::RoundStarted { round },
                    Due::Round {
                        edge: Edge::Start,
                        round: r,
                    },
                ) if r <= round => Some(ExpiryReason::DurationEnded),
                (
                    Boundary::RoundEnded { round },
                    Due::Round {
                        edge: Edge::End,
                        round: r,
                    },
                ) if r <= round => Some(ExpiryReason::DurationEnded),
                (Boundary::RoundEnded { round }, Due::Turn { round: r, .. }) if r <= round => {
                    Some(ExpiryReason::AnchorTurnMissed { round: *r })
                }
                (
                    Boundary::TurnStarted { participant, round },
                    Due::Turn {
                        anchor,
                        edge: Edge::Start,
                        round: r,
                    },
                ) if anchor == participant && r <= round => Some(ExpiryReason::DurationEnded),
                (
                    Boundary::TurnEnded { participant, round },
                    Due::Turn {
                        anchor,
                        edge: Edge::End,
                        round: r,
                    },
                ) if anchor == participant && r <= round => Some(ExpiryReason::DurationEnded),
                (Boundary::ClockAdvanced { now_seconds }, Due::Clock { at_seconds })
                    if at_seconds <= now_seconds =>
                {
                    Some(ExpiryReason::DurationEnded)
                }
                (Boundary::Rest { kind, participants }, Due::Rest { rest })
                    if kind.satisfies(*rest)
                        && (participants.is_empty() || participants.contains(&e.target)) =>
                {
                    Some(ExpiryReason::DurationEnded)
                }
                (Boundary::EncounterEnded, Due::EncounterEnd) => Some(ExpiryReason::DurationEnded),
                (Boundary::EncounterEnded, Due::Turn { .. } | Due::Round { .. }) => {
                    match self.rules.at_encounter_end {
                        EncounterEndPolicy::End => Some(ExpiryReason::EncounterEnded),
                        EncounterEndPolicy::ConvertToClock => (self.rounds_left_at_end(&e.due)
                            == 0)
                            .then_some(ExpiryReason::EncounterEnded),
                    }
                }
                (Boundary::Incapacitated { participant }, _)
                    if e.source.as_ref() == Some(participant) =>
                {
                    if e.concentration {
                        Some(ExpiryReason::Concentration {
                            cause: ConcentrationEnd::Incapacitated,
                        })
                    } else if e.ends_if_source_incapacitated {
                        Some(ExpiryReason::SourceIncapacitated)
                    } else {
                        None
                    }
                }
                (Boundary::ParticipantRemoved { participant }, due) => {
                    if &e.target == participant {
                        Some(ExpiryReason::TargetRemoved)
                    } else if e.source.as_ref() == Some(participant) && e.concentration {
                        Some(ExpiryReason::Concentration {
                            cause: ConcentrationEnd::SourceRemoved,
                        })
                    } else if e.source.as_ref() == Some(participant)
                        && e.ends_if_source_incapacitated
                    {
                        Some(ExpiryReason::SourceRemoved)
                    } else if let Due::Turn {
                        anchor,
                        edge,
                        round,
                    } = due
                        && anchor == participant
                    {
                        let passed = match edge {
                            Edge::Start => self.position.start_passed(*round),
                            Edge::End => self.position.end_passed(*round),
                        };
                        passed.then(|| ExpiryReason::AnchorRemoved {
                            participant: participant.clone(),
                        })
                    } else {
                        None
                    }
                }
                _ => None,
            };
            if let Some(reason) = reason {
                let group = match (&e.due, b) {
                    (Due::Clock { at_seconds }, Boundary::ClockAdvanced { .. }) => *at_seconds,
                    _ => 0,
                };
                out.push(Planned {
                    index,
                    reason,
                    group,
                });
            }
        }
        out
    }

    /// Whole rounds an effect has left when the encounter ends (see [`EncounterEndPolicy`]).
    fn rounds_left_at_end(&self, due: &Due) -> u32 {
        let spent = self.position.round;
        match due {
            Due::Round {
                edge: Edge::End,
                round,
            } => round.saturating_sub(spent),
            Due::Round {
                edge: Edge::Start,
                round,
            }
            | Due::Turn { round, .. } => round.saturating_sub(spent).saturating_sub(1),
            _ => 0,
        }
    }

    /// Order planned expiries: by clock time, then application order or d20s per group.
    fn order(
        &self,
        mut planned: Vec<Planned>,
        roller: &mut dyn DieRoller,
    ) -> Result<Vec<(Planned, Vec<RolledDie>)>> {
        crate::sorting::sort_by_key(&mut planned, |p| (p.group, p.index));
        if self.rules.simultaneous == SimultaneousOrder::Applied || planned.len() < 2 {
            return Ok(planned.into_iter().map(|p| (p, Vec::new())).collect());
        }
        let mut out = Vec::with_capacity(planned.len());
        let mut rest = planned.into_iter().peekable();
        while let Some(first) = rest.next() {
            let mut group = vec![first];
            while let Some(p) = rest.peek() {
                if group.first().is_some_and(|g| g.group == p.group) {
                    if let Some(p) = rest.next() {
                        group.push(p);
                    }
                } else {
                    break;
                }
            }
            if group.len() < 2 {
                out.extend(group.into_iter().map(|p| (p, Vec::new())));
                continue;
            }
            let order = order_by_d20(group.len(), roller)?;
            let mut slots: Vec<Option<Planned>> = group.into_iter().map(Some).collect();
            for (i, dice) in order {
                if let Some(p) = slots.get_mut(i).and_then(Option::take) {
                    out.push((p, dice));
                }
            }
        }
        Ok(out)
    }

    /// Rewrite the due points of surviving effects that this boundary changes: turn anchors of
    /// a removed participant fall back to round boundaries; at the end of an encounter,
    /// round- and turn-anchored effects move to the clock.
    fn convert(&self, b: &Boundary, effects: &mut [ActiveEffect]) {
        match b {
            Boundary::ParticipantRemoved { participant } => {
                for e in effects.iter_mut() {
                    // An effect that outlives its source (not concentration, not ended by the
                    // source's incapacity) keeps running with no source: the encounter no
                    // longer knows that creature.
                    if e.source.as_ref() == Some(participant) {
                        e.source = None;
                    }
                    if let Due::Turn {
                        anchor,
                        edge,
                        round,
                    } = &e.due
                        && anchor == participant
                    {
                        e.due = Due::Round {
                            edge: *edge,
                            round: *round,
                        };
                    }
                }
            }
            Boundary::EncounterEnded
                if self.rules.at_encounter_end == EncounterEndPolicy::ConvertToClock =>
            {
                for e in effects.iter_mut() {
                    if matches!(e.due, Due::Turn { .. } | Due::Round { .. }) {
                        let left = self.rounds_left_at_end(&e.due);
                        let seconds =
                            u64::from(left).saturating_mul(u64::from(self.rules.seconds_per_round));
                        let at = self.clock.saturating_add(seconds).min(MAX_CLOCK_SECONDS);
                        e.due = Due::Clock { at_seconds: at };
                    }
                }
            }
            _ => {}
        }
    }

    /// Move the position past the boundary.
    fn advance(&mut self, b: &Boundary) {
        let pos = &mut self.position;
        match b {
            Boundary::RoundStarted { round } => {
                pos.round = *round;
                pos.in_round = true;
                pos.acted.clear();
            }
            Boundary::RoundEnded { .. } => {
                pos.in_round = false;
            }
            Boundary::TurnStarted { participant, .. } => {
                pos.turn = Some(participant.clone());
                pos.acted.insert(participant.clone());
            }
            Boundary::TurnEnded { .. } => {
                pos.turn = None;
            }
            Boundary::ClockAdvanced { now_seconds } => {
                self.clock = *now_seconds;
            }
            Boundary::EncounterEnded => {
                *pos = Position::default();
            }
            Boundary::ParticipantRemoved { participant } => {
                if pos.turn.as_ref() == Some(participant) {
                    pos.turn = None;
                }
            }
            Boundary::Rest { .. } | Boundary::Incapacitated { .. } => {}
        }
    }
}
