//! The roll query: "what applies to this creature for this roll?", with a reason for every
//! item so a VTT can show why.
//!
//! Inputs are the creature's listed conditions, its fatigue and strife levels, its hit points
//! (for bloodied), named penalties (HYB exhausted, OSE penalties) and condition immunities. The
//! query expands implications (paralyzed ⇒ incapacitated), removes conditions the creature is
//! immune to (with the A5E-COND-28 links, transitively) or that another condition suppresses
//! (enraged: frightened and placid have no effect), adds the cumulative track rows
//! (A5E-TRACK-02), and evaluates every structured effect against the roll.
//!
//! Advantage and disadvantage cancel to a normal roll when both are present, whatever their
//! number, as in 5e; the sources assume this and never restate it. A5E-ATK-01's "both unseen ⇒
//! disadvantage" is a rule about the attack situation, not about conditions, so it is the
//! attack resolver's business, not this query's.

use std::collections::VecDeque;

use litemap::LiteMap;

use super::a5e::ids::INCAPACITATED;
use super::catalog::ConditionCatalog;
use super::effect::{
    ActionLimit, Circumstance, Effect, Flag, RollFilter, SpeedRule, StressTerm, TravelPace,
};
use super::id::{ConditionId, MAX_ACTIVE_CONDITIONS};
use super::penalties::Penalty;
use super::tracks::{TrackKind, check_level};
use super::vocab::{Ability, AttackRange, Mode, RollKind, RollMode, Sense, Skill};
use crate::error::{Error, Result};

/// Current, maximum and temporary hit points (A5E-HP-01, A5E-THP-01). The creature keeps its
/// own in this type; the bloodied condition (A5E-HP-02) reads only `current` and `max`
/// (temporary hit points never make a creature bloodied). It lives here, below the creature,
/// so the conditions never import the creature module.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HitPoints {
    pub current: u32,
    pub max: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub temp: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A5E-HP-02 / A5E-COND-04: bloodied at or below half the maximum.
pub fn is_bloodied(hp: HitPoints) -> Result<bool> {
    if hp.max == 0 {
        return Err(Error::invalid_argument(
            "maximum hit points must be at least 1",
        ));
    }
    Ok(u64::from(hp.current).saturating_mul(2) <= u64::from(hp.max))
}

/// Everything about a creature that conditions depend on.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConditionState {
    /// Conditions given to the creature (not the derived bloodied, nor implied ones).
    #[serde(default)]
    pub conditions: Vec<ConditionId>,
    /// Fatigue level 0..=7 (A5E-TRACK-07): the level in effect, the creature module having
    /// already held back fatigue pending until the encounter ends (A5E-TRACK-06).
    #[serde(default)]
    pub fatigue: u8,
    /// Strife level 0..=7 (A5E-TRACK-08).
    #[serde(default)]
    pub strife: u8,
    /// 5e exhaustion level 0..=6 (SRD-EXH-02); left out when 0, so states without it read
    /// and write as before.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub exhaustion: u8,
    /// Hit points, for bloodied; `None` leaves bloodied out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_points: Option<HitPoints>,
    /// Named penalties (HYB exhausted, OSE exhaustion and no-rest penalties).
    #[serde(default)]
    pub penalties: Vec<Penalty>,
    /// Conditions the creature is immune to (the A5E-COND-28 links are followed).
    #[serde(default)]
    pub immunities: Vec<ConditionId>,
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// The origin of a track row's effects.
fn track_origin(track: TrackKind, level: u8) -> Origin {
    match track {
        TrackKind::Fatigue => Origin::Fatigue { level },
        TrackKind::Strife => Origin::Strife { level },
        TrackKind::Exhaustion => Origin::Exhaustion { level },
    }
}

/// What caused an item.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Origin {
    Condition {
        id: ConditionId,
    },
    Fatigue {
        level: u8,
    },
    Strife {
        level: u8,
    },
    /// 5e exhaustion (SRD-EXH-02).
    Exhaustion {
        level: u8,
    },
    Penalty {
        penalty: Penalty,
    },
    /// Hit points at or below half (bloodied).
    HitPoints,
}

/// Why an item applies: the origin whose rule it is, the root that brought that origin in
/// when it is implied (unconscious for incapacitated, fatigue 7 for doomed), and the rule id.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Reason {
    pub origin: Origin,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<Origin>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// A condition in effect, and why.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ActiveCondition {
    pub id: ConditionId,
    pub reason: Reason,
}

/// Why a condition the creature has is not in effect.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Inactive {
    /// The creature is immune; `through` is the listed immunity that covers it when the link
    /// is indirect (immune to stunned ⇒ rattled ⇒ agonized).
    Immune {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        through: Option<ConditionId>,
    },
    /// Another condition in effect suppresses it (enraged: frightened and placid).
    SuppressedBy { condition: ConditionId },
}

/// A condition present but without effect.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InactiveCondition {
    pub id: ConditionId,
    pub because: Inactive,
}

/// A flat modifier and its reason.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Modifier {
    pub amount: i32,
    pub reason: Reason,
}

/// A speed rule and its reason.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SpeedItem {
    pub rule: SpeedRule,
    pub reason: Reason,
}

/// Everything that changes the creature's Speed.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct SpeedOutcome {
    pub rules: Vec<SpeedItem>,
    /// Conditions under which it can't move at all.
    pub cant_move: Vec<Reason>,
}

impl SpeedOutcome {
    /// The speed left from a base speed and a bonus (both in feet). A creature that can't move
    /// has 0. Otherwise a fixed value replaces base and bonus (the lowest, if several), else
    /// the bonus counts unless barred; each halving then halves, rounding down (different
    /// sources each halve, as different game effects combine in 5e; the same condition counts
    /// once); finally the lowest cap applies.
    pub fn final_speed(&self, base_feet: u32, bonus_feet: u32) -> u32 {
        if !self.cant_move.is_empty() {
            return 0;
        }
        let set = self
            .rules
            .iter()
            .filter_map(|i| match i.rule {
                SpeedRule::SetTo { feet } => Some(feet),
                _ => None,
            })
            .min();
        let no_bonus = self.rules.iter().any(|i| i.rule == SpeedRule::NoBonuses);
        let mut speed = match set {
            Some(feet) => feet,
            None if no_bonus => base_feet,
            None => base_feet.saturating_add(bonus_feet),
        };
        for item in &self.rules {
            if item.rule == SpeedRule::Halved {
                speed /= 2;
            }
        }
        for item in &self.rules {
            if let SpeedRule::CapAt { feet } = item.rule {
                speed = speed.min(feet);
            }
        }
        speed
    }
}

/// An action limit and its reason.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ActionItem {
    pub limit: ActionLimit,
    pub reason: Reason,
}

/// A flag and its reason.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FlagItem {
    pub flag: Flag,
    pub reason: Reason,
}

/// A travel pace the creature can't keep, and why.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TravelItem {
    pub cannot: TravelPace,
    pub reason: Reason,
}

/// A stress effect the creature suffers, and why.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StressItem {
    pub term: StressTerm,
    pub reason: Reason,
}

/// Everything that applies to a creature regardless of the roll.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// Conditions in effect: given, implied and derived.
    pub conditions: Vec<ActiveCondition>,
    /// Conditions present but without effect (immunity, suppression).
    pub inactive: Vec<InactiveCondition>,
    /// The incapacitated condition is in effect (directly or implied).
    pub incapacitated: bool,
    /// Why the creature can't maintain concentration (incapacitated, agonized); empty if it can.
    pub concentration_blocked: Vec<Reason>,
    pub speed: SpeedOutcome,
    pub armor_class: Vec<Modifier>,
    pub armor_class_total: i32,
    pub actions: Vec<ActionItem>,
    pub flags: Vec<FlagItem>,
    pub travel: Vec<TravelItem>,
    /// Fatigue 5: Hit Dice halved (see [`crate::conditions::hit_dice_after_fatigue`]).
    pub hit_dice_halved: Vec<Reason>,
    pub stress: Vec<StressItem>,
}

/// Whether a concentration roll also counts as another roll for effects that don't name
/// concentration.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum ConcentrationBase {
    /// A Constitution saving throw, as in 5e (default): effects on Constitution saves apply.
    #[default]
    ConstitutionSave,
    /// A Constitution check, the literal wording of agonized (A5E-COND-01).
    ConstitutionCheck,
    /// Only effects that name concentration apply.
    ConcentrationOnly,
}

/// The roll being asked about.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum Roll {
    /// An attack roll by the creature.
    Attack {
        range: AttackRange,
        ability: Ability,
    },
    /// An ability check by the creature.
    AbilityCheck {
        ability: Ability,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<Skill>,
        /// A tool check.
        #[serde(default)]
        tool: bool,
        /// Senses the check needs (sight, hearing).
        #[serde(default)]
        senses: Vec<Sense>,
        /// A check made to interact socially.
        #[serde(default)]
        social: bool,
    },
    /// A saving throw by the creature.
    SavingThrow { ability: Ability },
    /// A roll to keep concentration.
    Concentration,
    /// A damage roll by the creature.
    Damage {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        range: Option<AttackRange>,
    },
    /// An attack roll made against the creature by an attacker this far away.
    AttackAgainst { attacker_distance_feet: u32 },
    /// An ability check another creature makes against this one.
    CheckAgainst {
        #[serde(default)]
        social: bool,
    },
}

/// Whether a circumstance holds, as the caller knows it.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CircumstanceFact {
    pub circumstance: Circumstance,
    pub holds: bool,
}

/// A roll and what the caller knows about its circumstances.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RollQuery {
    pub roll: Roll,
    #[serde(default)]
    pub circumstances: Vec<CircumstanceFact>,
    #[serde(default)]
    pub concentration: ConcentrationBase,
}

impl RollQuery {
    /// A query with no known circumstances and the default concentration reading.
    pub fn new(roll: Roll) -> Self {
        Self {
            roll,
            circumstances: Vec::new(),
            concentration: ConcentrationBase::default(),
        }
    }
    /// Add a known circumstance.
    pub fn with(mut self, circumstance: Circumstance, holds: bool) -> Self {
        self.circumstances.push(CircumstanceFact {
            circumstance,
            holds,
        });
        self
    }
}

/// What a conditional effect would do.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ConditionOutcome {
    Advantage,
    Disadvantage,
    AutoFail,
    Modifier { amount: i32 },
    NoProficiency,
}

/// An effect that applies only if a circumstance the caller did not state holds.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Conditional {
    pub when: Circumstance,
    pub outcome: ConditionOutcome,
    pub reason: Reason,
}

/// The answer to a roll query.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RollAdvice {
    /// The net mode: advantage and disadvantage cancel.
    pub mode: RollMode,
    pub advantage: Vec<Reason>,
    pub disadvantage: Vec<Reason>,
    /// The roll fails automatically (the creature's own roll).
    pub auto_fail: Vec<Reason>,
    pub modifiers: Vec<Modifier>,
    pub modifier_total: i32,
    /// Attacks against the creature: a hit is a critical hit (paralyzed, unconscious).
    pub critical_on_hit: Vec<Reason>,
    /// Attacks against the creature hit without a roll; only damage is rolled (OSE helpless
    /// and paralyzed, OSE-ATK-13). A bonus to such attacks ([`Self::modifiers`]) then changes
    /// nothing.
    pub auto_hit: Vec<Reason>,
    /// No proficiency bonus on this roll (amnesiac).
    pub no_proficiency: Vec<Reason>,
    /// No expertise dice on this roll (rattled).
    pub no_expertise_dice: Vec<Reason>,
    /// Effects that depend on a circumstance the query did not state.
    pub conditional: Vec<Conditional>,
    /// Everything else that applies to the creature.
    pub status: Status,
}

type Sources<'a> = Vec<(&'a [Effect], Reason)>;

/// Conditions, each with what brought it in (`None` for a condition listed itself).
type Rooted = Vec<(ConditionId, Option<Origin>)>;

/// The state's own bounds, checked before anything is looked up: track levels within their
/// tables, and at most [`MAX_ACTIVE_CONDITIONS`] conditions and immunities.
fn check_state(state: &ConditionState) -> Result<()> {
    check_level(TrackKind::Fatigue, state.fatigue)?;
    check_level(TrackKind::Strife, state.strife)?;
    check_level(TrackKind::Exhaustion, state.exhaustion)?;
    if state.conditions.len() > MAX_ACTIVE_CONDITIONS
        || state.immunities.len() > MAX_ACTIVE_CONDITIONS
    {
        return Err(Error::invalid_argument(format!(
            "at most {MAX_ACTIVE_CONDITIONS} conditions and immunities can be queried"
        )));
    }
    Ok(())
}

fn condition_reason(catalog: &ConditionCatalog, id: &ConditionId, via: Option<Origin>) -> Reason {
    Reason {
        origin: Origin::Condition { id: id.clone() },
        via,
        rule: catalog
            .get(id)
            .and_then(|d| d.rule.as_ref())
            .map(|r| r.to_string()),
    }
}

impl ConditionCatalog {
    /// The conditions a creature is immune to, given the ones it lists: each with the listed
    /// immunity that covers it (`None` when listed itself). A5E-COND-28, transitively.
    pub fn immunities(
        &self,
        listed: &[ConditionId],
    ) -> Result<LiteMap<ConditionId, Option<ConditionId>>> {
        let mut immune: LiteMap<ConditionId, Option<ConditionId>> = LiteMap::new();
        for id in listed {
            self.require(id)?;
            immune.insert(id.clone(), None);
        }
        // The link graph is acyclic (checked on load), so a pass per condition is enough to
        // reach the fixpoint; stop as soon as a pass adds nothing.
        for _ in 0..self.iter().count() {
            let mut added = false;
            for def in self.iter() {
                if immune.contains_key(&def.id) {
                    continue;
                }
                if let Some(cover) = def
                    .immune_if_immune_to
                    .iter()
                    .find(|c| immune.contains_key(*c))
                {
                    let root = immune
                        .get(cover)
                        .cloned()
                        .flatten()
                        .unwrap_or_else(|| cover.clone());
                    immune.insert(def.id.clone(), Some(root));
                    added = true;
                }
            }
            if !added {
                break;
            }
        }
        Ok(immune)
    }

    /// Whether a creature listing `listed` immunities is immune to `condition`.
    pub fn is_immune(&self, listed: &[ConditionId], condition: &ConditionId) -> Result<bool> {
        self.require(condition)?;
        Ok(self.immunities(listed)?.contains_key(condition))
    }

    /// Everything that applies to the creature regardless of the roll.
    pub fn status(&self, state: &ConditionState) -> Result<Status> {
        let (status, _) = self.expand(state)?;
        Ok(status)
    }

    /// THE roll query: what applies to this creature for this roll, each item with its reason.
    pub fn query(&self, state: &ConditionState, query: &RollQuery) -> Result<RollAdvice> {
        let mut known: LiteMap<Circumstance, bool> = LiteMap::new();
        for fact in &query.circumstances {
            if let Some(previous) = known.insert(fact.circumstance, fact.holds)
                && previous != fact.holds
            {
                return Err(Error::invalid_argument(format!(
                    "circumstance {:?} is stated both to hold and not to hold",
                    fact.circumstance
                )));
            }
        }
        let (status, sources) = self.expand(state)?;
        let mut advice = RollAdvice {
            mode: RollMode::Normal,
            advantage: Vec::new(),
            disadvantage: Vec::new(),
            auto_fail: Vec::new(),
            modifiers: Vec::new(),
            modifier_total: 0,
            critical_on_hit: Vec::new(),
            auto_hit: Vec::new(),
            no_proficiency: Vec::new(),
            no_expertise_dice: Vec::new(),
            conditional: Vec::new(),
            status,
        };
        let own_d20 = matches!(
            query.roll,
            Roll::Attack { .. }
                | Roll::AbilityCheck { .. }
                | Roll::SavingThrow { .. }
                | Roll::Concentration
        );
        for (effects, reason) in &sources {
            for effect in effects.iter() {
                apply_effect(effect, reason, query, &known, own_d20, &mut advice);
            }
        }
        advice.modifier_total = advice
            .modifiers
            .iter()
            .fold(0i32, |sum, m| sum.saturating_add(m.amount));
        advice.mode = match (advice.advantage.is_empty(), advice.disadvantage.is_empty()) {
            (false, true) => RollMode::Advantage,
            (true, false) => RollMode::Disadvantage,
            _ => RollMode::Normal,
        };
        Ok(advice)
    }

    /// Everything that applies to the creature, and the effects a roll query goes through
    /// next: check the state, find the conditions in effect (implied, not immune, not
    /// suppressed), then collect the status from every effect's source.
    fn expand(&self, state: &ConditionState) -> Result<(Status, Sources<'_>)> {
        check_state(state)?;
        let immune = self.immunities(&state.immunities)?;
        let roots = self.roots(state)?;
        let (effective, inactive) = self.effective(&roots, &immune);

        let mut status = Status {
            conditions: effective
                .iter()
                .map(|(id, via)| ActiveCondition {
                    id: id.clone(),
                    reason: condition_reason(self, id, via.clone()),
                })
                .collect(),
            inactive: inactive
                .into_iter()
                .map(|(id, because)| InactiveCondition { id, because })
                .collect(),
            ..Status::default()
        };
        let sources = self.sources(state, &effective)?;

        status.incapacitated = effective.iter().any(|(id, _)| *id == INCAPACITATED);
        if status.incapacitated {
            let via = effective
                .iter()
                .find(|(id, _)| *id == INCAPACITATED)
                .and_then(|(_, via)| via.clone());
            status
                .concentration_blocked
                .push(condition_reason(self, &INCAPACITATED, via));
        }
        for (effects, reason) in &sources {
            for effect in effects.iter() {
                collect_status(effect, reason, &mut status);
            }
        }
        status.armor_class_total = status
            .armor_class
            .iter()
            .fold(0i32, |sum, m| sum.saturating_add(m.amount));
        Ok((status, sources))
    }

    /// The roots the implications start from: the listed conditions (a condition derived from
    /// hit points cannot be listed), bloodied from hit points (A5E-HP-02), and the conditions
    /// the fatigue, strife and exhaustion rows bring.
    fn roots(&self, state: &ConditionState) -> Result<Rooted> {
        let mut roots: Rooted = Vec::new();
        for id in &state.conditions {
            let def = self.require(id)?;
            if def.derived_from_hit_points {
                return Err(Error::invalid_argument(format!(
                    "\"{id}\" is derived from hit points; pass hitPoints instead"
                )));
            }
            roots.push((id.clone(), None));
        }
        if let Some(hp) = state.hit_points
            && is_bloodied(hp)?
            && let Some(def) = self.iter().find(|d| d.derived_from_hit_points)
        {
            roots.push((def.id.clone(), Some(Origin::HitPoints)));
        }
        for (track, level) in [
            (TrackKind::Fatigue, state.fatigue),
            (TrackKind::Strife, state.strife),
            (TrackKind::Exhaustion, state.exhaustion),
        ] {
            for row in track.rows_at(level)? {
                if let Some(id) = &row.implies {
                    roots.push((id.clone(), Some(track_origin(track, row.level))));
                }
            }
        }
        Ok(roots)
    }

    /// The conditions in effect, from the roots, with the inactive ones and why. Two passes:
    /// the first, without suppression, learns what suppresses what; the second applies it.
    fn effective(
        &self,
        roots: &[(ConditionId, Option<Origin>)],
        immune: &LiteMap<ConditionId, Option<ConditionId>>,
    ) -> (Rooted, LiteMap<ConditionId, Inactive>) {
        let mut inactive: LiteMap<ConditionId, Inactive> = LiteMap::new();
        let first = self.closure(roots, immune, &LiteMap::new(), &mut inactive);
        let mut suppressed: LiteMap<ConditionId, ConditionId> = LiteMap::new();
        for (id, _) in &first {
            if let Some(def) = self.get(id) {
                for s in def.suppresses.iter() {
                    suppressed.entry(s.clone()).or_insert_with(|| id.clone());
                }
            }
        }
        let effective = self.closure(roots, immune, &suppressed, &mut inactive);
        (effective, inactive)
    }

    /// Every list of effects that applies, with its reason: the effective conditions', the
    /// track rows' (under the track table's rule) and each named penalty's, once, in order.
    fn sources(
        &self,
        state: &ConditionState,
        effective: &[(ConditionId, Option<Origin>)],
    ) -> Result<Sources<'_>> {
        let mut sources: Sources<'_> = Vec::new();
        for (id, via) in effective {
            if let Some(def) = self.get(id) {
                sources.push((&def.effects, condition_reason(self, id, via.clone())));
            }
        }
        for (track, level) in [
            (TrackKind::Fatigue, state.fatigue),
            (TrackKind::Strife, state.strife),
            (TrackKind::Exhaustion, state.exhaustion),
        ] {
            for row in track.rows_at(level)? {
                sources.push((
                    &row.effects,
                    Reason {
                        origin: track_origin(track, row.level),
                        via: None,
                        rule: Some(track.table_rule().to_string()),
                    },
                ));
            }
        }
        let mut penalties: LiteMap<Penalty, ()> = LiteMap::new();
        for penalty in &state.penalties {
            penalties.insert(*penalty, ());
        }
        for (penalty, ()) in penalties {
            let def = penalty.def();
            sources.push((
                &def.effects,
                Reason {
                    origin: Origin::Penalty { penalty },
                    via: None,
                    rule: Some(def.rule.to_string()),
                },
            ));
        }
        Ok(sources)
    }

    /// Breadth-first implication closure from the roots, skipping conditions the creature is
    /// immune to or that are suppressed (their implications do not apply either). Returns the
    /// effective conditions in discovery order with the root that brought each in.
    fn closure(
        &self,
        roots: &[(ConditionId, Option<Origin>)],
        immune: &LiteMap<ConditionId, Option<ConditionId>>,
        suppressed: &LiteMap<ConditionId, ConditionId>,
        inactive: &mut LiteMap<ConditionId, Inactive>,
    ) -> Vec<(ConditionId, Option<Origin>)> {
        let mut out: Vec<(ConditionId, Option<Origin>)> = Vec::new();
        let mut seen: LiteMap<ConditionId, ()> = LiteMap::new();
        let mut queue: VecDeque<(ConditionId, Option<Origin>)> = roots.iter().cloned().collect();
        while let Some((id, via)) = queue.pop_front() {
            if seen.try_insert(id.clone(), ()).is_some() {
                continue;
            }
            if let Some(through) = immune.get(&id) {
                inactive.insert(
                    id,
                    Inactive::Immune {
                        through: through.clone(),
                    },
                );
                continue;
            }
            if let Some(by) = suppressed.get(&id) {
                inactive.insert(
                    id,
                    Inactive::SuppressedBy {
                        condition: by.clone(),
                    },
                );
                continue;
            }
            inactive.remove(&id);
            if let Some(def) = self.get(&id) {
                let root = via.clone().unwrap_or(Origin::Condition { id: id.clone() });
                for child in def.implies.iter() {
                    queue.push_back((child.clone(), Some(root.clone())));
                }
            }
            out.push((id, via));
        }
        out
    }
}

fn collect_status(effect: &Effect, reason: &Reason, status: &mut Status) {
    let reason = reason.clone();
    match effect {
        Effect::Speed { rule } => status.speed.rules.push(SpeedItem {
            rule: *rule,
            reason,
        }),
        Effect::ArmorClass { amount } => status.armor_class.push(Modifier {
            amount: *amount,
            reason,
        }),
        Effect::Action { limit } => status.actions.push(ActionItem {
            limit: *limit,
            reason,
        }),
        Effect::Flag { flag } => {
            if *flag == Flag::CantMove {
                status.speed.cant_move.push(reason.clone());
            }
            if *flag == Flag::CantConcentrate {
                status.concentration_blocked.push(reason.clone());
            }
            status.flags.push(FlagItem {
                flag: *flag,
                reason,
            });
        }
        Effect::TravelPace { cannot } => status.travel.push(TravelItem {
            cannot: *cannot,
            reason,
        }),
        Effect::HitDiceHalved => status.hit_dice_halved.push(reason),
        Effect::Stress { term } => status.stress.push(StressItem {
            term: *term,
            reason,
        }),
        Effect::RollMode { .. }
        | Effect::AutoFail { .. }
        | Effect::RollModifier { .. }
        | Effect::NoProficiency { .. }
        | Effect::NoExpertiseDice
        | Effect::AttacksAgainst { .. }
        | Effect::ChecksAgainst { .. }
        | Effect::CriticalHitsWithin { .. }
        | Effect::HitsAutomaticallyWithin { .. }
        | Effect::AttackModifierAgainst { .. } => {}
    }
}

/// Whether a filter covers the creature's own roll. Restrictions apply to the kinds they
/// concern: senses, skills and "skill or tool" to ability checks; melee/ranged to attacks and
/// damage; abilities to every kind that has one.
fn filter_matches(filter: &RollFilter, roll: &Roll, base: ConcentrationBase) -> bool {
    let has = |k: RollKind| filter.kinds.contains(&k);
    let ability_ok = |a: Ability| filter.abilities.is_empty() || filter.abilities.contains(&a);
    let range_ok = |r: Option<AttackRange>| match (filter.attack_range, r) {
        (None, _) => true,
        (Some(want), Some(got)) => want == got,
        (Some(_), None) => false,
    };
    let check_ok = |ability: Ability, skill: Option<Skill>, tool: bool, senses: &[Sense]| -> bool {
        has(RollKind::AbilityCheck)
            && ability_ok(ability)
            && (filter.skills.is_empty() || skill.is_some_and(|s| filter.skills.contains(&s)))
            && (!filter.skill_or_tool_only || skill.is_some() || tool)
            && filter.sense.is_none_or(|s| senses.contains(&s))
    };
    match roll {
        Roll::Attack { range, ability } => {
            has(RollKind::Attack) && ability_ok(*ability) && range_ok(Some(*range))
        }
        Roll::AbilityCheck {
            ability,
            skill,
            tool,
            senses,
            ..
        } => check_ok(*ability, *skill, *tool, senses),
        Roll::SavingThrow { ability } => has(RollKind::SavingThrow) && ability_ok(*ability),
        Roll::Concentration => {
            has(RollKind::Concentration)
                || match base {
                    ConcentrationBase::ConstitutionSave => {
                        has(RollKind::SavingThrow) && ability_ok(Ability::Con)
                    }
                    ConcentrationBase::ConstitutionCheck => {
                        check_ok(Ability::Con, None, false, &[])
                    }
                    ConcentrationBase::ConcentrationOnly => false,
                }
        }
        Roll::Damage { range } => {
            has(RollKind::Damage) && filter.abilities.is_empty() && range_ok(*range)
        }
        Roll::AttackAgainst { .. } | Roll::CheckAgainst { .. } => false,
    }
}

/// How a circumstance-dependent effect is treated: applied, skipped, or conditional.
enum Gate {
    Apply,
    Skip,
    Conditional(Circumstance),
}

#[inline(never)]
fn gate(when: Option<Circumstance>, known: &LiteMap<Circumstance, bool>) -> Gate {
    match when {
        None => Gate::Apply,
        Some(c) => match known.get(&c) {
            Some(true) => Gate::Apply,
            Some(false) => Gate::Skip,
            None => Gate::Conditional(c),
        },
    }
}

fn push_outcome(advice: &mut RollAdvice, outcome: ConditionOutcome, reason: &Reason, gate: Gate) {
    let reason = reason.clone();
    match gate {
        Gate::Skip => {}
        Gate::Conditional(when) => advice.conditional.push(Conditional {
            when,
            outcome,
            reason,
        }),
        Gate::Apply => match outcome {
            ConditionOutcome::Advantage => advice.advantage.push(reason),
            ConditionOutcome::Disadvantage => advice.disadvantage.push(reason),
            ConditionOutcome::AutoFail => advice.auto_fail.push(reason),
            ConditionOutcome::Modifier { amount } => {
                advice.modifiers.push(Modifier { amount, reason })
            }
            ConditionOutcome::NoProficiency => advice.no_proficiency.push(reason),
        },
    }
}

fn mode_outcome(mode: Mode) -> ConditionOutcome {
    match mode {
        Mode::Advantage => ConditionOutcome::Advantage,
        Mode::Disadvantage => ConditionOutcome::Disadvantage,
    }
}

fn apply_effect(
    effect: &Effect,
    reason: &Reason,
    query: &RollQuery,
    known: &LiteMap<Circumstance, bool>,
    own_d20: bool,
    advice: &mut RollAdvice,
) {
    let own = |rolls: &RollFilter| filter_matches(rolls, &query.roll, query.concentration);
    match effect {
        Effect::RollMode { rolls, mode } if own(rolls) => {
            push_outcome(advice, mode_outcome(*mode), reason, gate(rolls.when, known));
        }
        Effect::AutoFail { rolls } if own(rolls) => {
            push_outcome(
                advice,
                ConditionOutcome::AutoFail,
                reason,
                gate(rolls.when, known),
            );
        }
        Effect::RollModifier { rolls, amount } if own(rolls) => {
            push_outcome(
                advice,
                ConditionOutcome::Modifier { amount: *amount },
                reason,
                gate(rolls.when, known),
            );
        }
        Effect::NoProficiency { rolls } if own(rolls) => {
            push_outcome(
                advice,
                ConditionOutcome::NoProficiency,
                reason,
                gate(rolls.when, known),
            );
        }
        Effect::NoExpertiseDice if own_d20 => advice.no_expertise_dice.push(reason.clone()),
        Effect::AttacksAgainst {
            mode,
            attacker,
            when,
        } => {
            if let Roll::AttackAgainst {
                attacker_distance_feet,
            } = query.roll
                && attacker.matches(attacker_distance_feet)
            {
                push_outcome(advice, mode_outcome(*mode), reason, gate(*when, known));
            }
        }
        Effect::CriticalHitsWithin { feet } => {
            if let Roll::AttackAgainst {
                attacker_distance_feet,
            } = query.roll
                && attacker_distance_feet <= *feet
            {
                advice.critical_on_hit.push(reason.clone());
            }
        }
        Effect::HitsAutomaticallyWithin { feet } => {
            if let Roll::AttackAgainst {
                attacker_distance_feet,
            } = query.roll
                && attacker_distance_feet <= *feet
            {
                advice.auto_hit.push(reason.clone());
            }
        }
        Effect::AttackModifierAgainst { amount } => {
            if let Roll::AttackAgainst { .. } = query.roll {
                push_outcome(
                    advice,
                    ConditionOutcome::Modifier { amount: *amount },
                    reason,
                    Gate::Apply,
                );
            }
        }
        Effect::ChecksAgainst {
            mode,
            social_only,
            when,
        } => {
            if let Roll::CheckAgainst { social } = query.roll
                && (social || !social_only)
            {
                push_outcome(advice, mode_outcome(*mode), reason, gate(*when, known));
            }
        }
        _ => {}
    }
}
