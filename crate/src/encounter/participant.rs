//! Participants: who they are (set by the caller) and where they stand in the current round
//! (kept by the encounter).
//!
//! Other areas (hit points, conditions, effects) will add per-creature fields here; every
//! field beyond the identity has a serde default, so snapshots written before such an addition
//! keep loading.

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::ids::{GroupId, Label, Name, ParticipantId, SideId};
use crate::initiative::Activity;
use crate::initiative::RollMode;
use crate::initiative::ability_check::{Ability, AbilityMods, InitiativeCheck};
use crate::initiative::greyhawk::{DieStep, GhDeclaration, WeaponDice};
use crate::initiative::side::{MeleeMovement, OseDeclaration};

/// Lowest and highest ability score accepted.
pub const MIN_SCORE: u8 = 1;
pub const MAX_SCORE: u8 = 30;

/// The 5e/A5E score → modifier rule, ⌊(score − 10) / 2⌋ (HYB-CHK-05 uses it too).
pub const fn modifier_of(score: u8) -> i8 {
    // A u8 score gives at most +122, so the narrowing cannot wrap.
    crate::ability::modifier(score as u32) as i8
}

fn ten() -> u8 {
    10
}

/// An ability score from JSON: the range is checked as it is read, so a wrong one is reported
/// with the field's path (`participant.dex must be a whole number from 1 to 30, not 40`).
/// Callers that build a participant in Rust get the same range from the roster's own check.
fn read_score(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<u8> {
    let score = r.unsigned(u64::from(MIN_SCORE), u64::from(MAX_SCORE))?;
    u8::try_from(score).map_err(|e| r.custom(e))
}

/// [`read_score`] for serde, so both readers accept the same scores.
fn deserialize_score<'de, D: serde::Deserializer<'de>>(d: D) -> core::result::Result<u8, D::Error> {
    let score = u8::deserialize(d)?;
    if (MIN_SCORE..=MAX_SCORE).contains(&score) {
        Ok(score)
    } else {
        Err(serde::de::Error::custom(format!(
            "a Dexterity score is {MIN_SCORE} to {MAX_SCORE}, not {score}"
        )))
    }
}
fn yes() -> bool {
    true
}
fn is_true(v: &bool) -> bool {
    *v
}
fn is_false(v: &bool) -> bool {
    !*v
}

/// What the caller says about a new participant.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct NewParticipant {
    pub id: ParticipantId,
    pub name: Name,
    pub side: SideId,
    /// Identical creatures: Greyhawk group rolls (GH-INIT-11), A5E groups (A5E-CTRL-02).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<GroupId>,
    /// Dexterity score (Greyhawk ties GH-INIT-10, HYB order HYB-INIT-01). Default 10.
    #[serde(default = "ten", deserialize_with = "deserialize_score")]
    #[wire(read_with = "read_score")]
    pub dex: u8,
    /// Dexterity modifier; default ⌊(dex − 10) / 2⌋ (the 5e formula), which is what is stored
    /// when none is given. OSE individual initiative (OSE-INIT-04) reads OSE's own Dex table
    /// instead of that default and uses a given modifier only when it differs from it (G-48).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dex_mod: Option<i8>,
    /// Other ability modifiers, for initiative checks on other abilities (A5E-INIT-02).
    #[serde(default, skip_serializing_if = "AbilityMods::is_zero")]
    pub mods: AbilityMods,
    /// Whether it can take actions (GH-INIT-12). Default true.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub can_act: bool,
    /// A monster or NPC rather than a player character (HYB-INIT-03 "PCs first").
    #[serde(default, skip_serializing_if = "is_false")]
    pub npc: bool,
    /// A5E-INIT-02: this participant's initiative check, if not Dexterity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<InitiativeCheck>,
    /// A5E-INIT-05: acts on this fixed count instead of rolling (e.g. 20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed_count: Option<i32>,
    /// Who controls it: GH-INIT-14 (its count adds to the controller's), A5E-CTRL (acts on the
    /// controller's turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<ParticipantId>,
    /// GM-only (a hidden combatant): left out of what players receive, with everything that
    /// names it (see `crate::engine` player views).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Conditions it is immune to (a stat block's list). The conditions these imply are
    /// covered too (A5E-COND-28: immune to charmed is immune to what charmed brings), so
    /// `addEffects` does not apply them and `rollAdvice` leaves them out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub condition_immunities: Vec<crate::conditions::ConditionId>,
}

impl NewParticipant {
    /// A participant with defaults for everything but identity and Dex score.
    pub fn new(id: ParticipantId, name: Name, side: SideId, dex: u8) -> Self {
        Self {
            id,
            name,
            side,
            group: None,
            dex,
            dex_mod: None,
            mods: AbilityMods::default(),
            can_act: true,
            npc: false,
            check: None,
            fixed_count: None,
            controller: None,
            hidden: false,
            condition_immunities: Vec::new(),
        }
    }
}

/// Where a participant's turn stands in the current round.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum TurnStatus {
    /// Its turn has not come yet (or it has none this round).
    #[default]
    Waiting,
    /// Its turn is under way.
    Started,
    /// It delayed and has not chosen to act yet (GH-INIT-13, HYB-INIT-02).
    Delayed,
    /// It chose to act after a delay and waits for its place.
    Scheduled,
    /// Its turn resumed after a delay; it cannot delay again this round.
    Resumed,
    /// Its turn is over for this round.
    Done,
    /// Its turn came while it was dead or, where the ruleset says so, unable to act, and it
    /// took none (`turnSkipped`); the GM may still give it one (`grantTurn`).
    Skipped,
}

/// Why a participant's turn was passed over (`turnSkipped`).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum SkipReason {
    /// Its creature is dead: the dead take no turns in any ruleset (A5E-DEATH-03 3 failures,
    /// HYB-DEATH-01, OSE-DMG-01).
    Dead,
    /// It cannot act and its initiative system gives such a creature no turn: Greyhawk
    /// (GH-INIT-12), HYB at 0 HP (HYB-DEATH-01), OSE.
    UnableToAct,
}

impl TurnStatus {
    /// Whether it has not yet had its turn this round (Waiting or Delayed): "before its turn"
    /// for spell disruption (GH-VAR-02, OSE-COMBAT-09) and forced changes of plan (GH-INIT-15).
    pub fn before_turn(self) -> bool {
        matches!(self, Self::Waiting | Self::Delayed | Self::Scheduled)
    }
}

/// A participant's current initiative.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Initiative {
    /// The count it acts on.
    pub total: i32,
    /// Which roll set it (participants sharing a group roll share this number).
    pub roll: u32,
    /// Roll-off draws against participants on the same count, higher first.
    #[serde(default, skip_serializing_if = "<[u32]>::is_empty")]
    #[cfg_attr(feature = "wasm-base", tsify(type = "number[]"))]
    pub ties: crate::initiative::ties::TieFaces,
    /// The GM's placement among participants on the same count (`moveInOrder`): lower acts
    /// first, before any other tie-break. 0 unless the GM moved someone on this count.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub rank: i32,
}

fn is_zero_i32(v: &i32) -> bool {
    *v == 0
}

/// Hashed as before placements existed when there is none, so digests of encounters without
/// a GM placement are unchanged.
impl crate::Digestible for Initiative {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.total.feed(d);
        self.roll.feed(d);
        self.ties.feed(d);
        if self.rank != 0 {
            self.rank.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for Initiative {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.total.hash(h);
        self.roll.hash(h);
        self.ties.hash(h);
        if self.rank != 0 {
            self.rank.hash(h);
        }
    }
}

/// A declaration made before the initiative roll (GH-INIT-08, OSE-COMBAT-01).
///
/// Written as `{"system": "greyhawk", …}` or `{"system": "ose", …}`, and read through
/// [`DeclarationWire`] rather than serde's internally tagged reader, which buffers every
/// object before it can look at the tag (a 500-creature declaration phase reads 500 of them).
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(tag = "system", rename_all = "camelCase", try_from = "DeclarationWire")]
pub enum Declaration {
    Greyhawk(GhDeclaration),
    Ose(OseDeclaration),
}

/// Which initiative system a declaration is for.
#[crate::boundary(input, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
enum DeclarationSystem {
    Greyhawk,
    Ose,
}

/// Every field either kind of declaration can have, read in one pass; a field of the other
/// system is refused rather than silently dropped.
#[crate::boundary(input, rust_only)]
#[serde(rename_all = "camelCase")]
struct DeclarationWire {
    system: DeclarationSystem,
    #[serde(default)]
    activities: crate::initiative::greyhawk::Activities,
    #[serde(default)]
    bonus_action: Option<Activity>,
    #[serde(default)]
    steps: Vec<DieStep>,
    #[serde(default)]
    mode: Option<RollMode>,
    #[serde(default)]
    weapon: Option<WeaponDice>,
    #[serde(default)]
    spell: Option<bool>,
    #[serde(default)]
    melee_movement: Option<MeleeMovement>,
    #[serde(default)]
    slow_weapon: Option<bool>,
}

impl TryFrom<DeclarationWire> for Declaration {
    type Error = Error;
    fn try_from(w: DeclarationWire) -> Result<Self> {
        let greyhawk_fields = !w.activities.is_empty()
            || w.bonus_action.is_some()
            || !w.steps.is_empty()
            || w.mode.is_some()
            || w.weapon.is_some();
        let ose_fields = w.spell.is_some() || w.melee_movement.is_some() || w.slow_weapon.is_some();
        match w.system {
            DeclarationSystem::Greyhawk if ose_fields => Err(Error::invalid_argument(
                "a greyhawk declaration has no spell, meleeMovement or slowWeapon",
            )),
            DeclarationSystem::Greyhawk => Ok(Self::Greyhawk(GhDeclaration {
                activities: w.activities,
                bonus_action: w.bonus_action,
                steps: w.steps,
                mode: w.mode.unwrap_or_default(),
                weapon: w.weapon,
            })),
            DeclarationSystem::Ose if greyhawk_fields => Err(Error::invalid_argument(
                "an ose declaration has no activities, bonusAction, steps, mode or weapon",
            )),
            DeclarationSystem::Ose => Ok(Self::Ose(OseDeclaration {
                spell: w.spell.unwrap_or(false),
                melee_movement: w.melee_movement,
                slow_weapon: w.slow_weapon.unwrap_or(false),
            })),
        }
    }
}

impl Declaration {
    pub fn greyhawk(&self) -> Option<&GhDeclaration> {
        match self {
            Self::Greyhawk(d) => Some(d),
            Self::Ose(_) => None,
        }
    }
    pub fn ose(&self) -> Option<&OseDeclaration> {
        match self {
            Self::Ose(d) => Some(d),
            Self::Greyhawk(_) => None,
        }
    }
    /// Whether a spell was declared.
    pub fn casts_spell(&self) -> bool {
        match self {
            Self::Greyhawk(d) => d.casts_spell(),
            Self::Ose(d) => d.spell,
        }
    }
}

/// An action-economy slot (A5E-TURN-02 and standard 5e; HYB-ACT-01; the Greyhawk reaction,
/// GH-INIT-06).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ActionKind {
    /// A5E/5e action.
    Action,
    /// A5E/5e bonus action.
    BonusAction,
    /// Movement (A5E/5e movement; HYB movement action).
    Movement,
    /// A5E/5e/Greyhawk reaction.
    Reaction,
    /// HYB active action.
    Active,
    /// HYB quick action.
    Quick,
    /// A5E-TURN-03: the one free object interaction of a turn (a second one takes the Use an
    /// Object action: pay it with the `action` slot).
    Interaction,
}

impl ActionKind {
    pub const fn label(self) -> &'static str {
        match self {
            Self::Action => "action",
            Self::BonusAction => "bonus action",
            Self::Movement => "movement",
            Self::Reaction => "reaction",
            Self::Active => "active action",
            Self::Quick => "quick action",
            Self::Interaction => "object interaction",
        }
    }
    const fn bit(self) -> u8 {
        match self {
            Self::Action => 1,
            Self::BonusAction => 2,
            Self::Movement => 4,
            Self::Reaction => 8,
            Self::Active => 16,
            Self::Quick => 32,
            Self::Interaction => 64,
        }
    }
}

/// Slots spent, as a small bit set (one bit per [`ActionKind`]).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(transparent)]
pub struct Spent(u8);

impl Spent {
    pub const ALL_BITS: u8 = 127;
    pub fn has(self, k: ActionKind) -> bool {
        self.0 & k.bit() != 0
    }
    pub fn with(self, k: ActionKind) -> Self {
        Self(self.0 | k.bit())
    }
    pub fn without(self, k: ActionKind) -> Self {
        Self(self.0 & !k.bit())
    }
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
    pub fn bits(self) -> u8 {
        self.0
    }
    pub fn from_bits(bits: u8) -> Option<Self> {
        (bits <= Self::ALL_BITS).then_some(Self(bits))
    }
}

/// What happened to a participant that other rules react to.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Harm {
    /// It took damage (GH-VAR-02).
    Damage,
    /// It was successfully attacked (OSE-COMBAT-09, HYB-RETREAT-02).
    Hit,
    /// It failed a saving throw (OSE-COMBAT-09).
    FailedSave,
}

/// How a declared spell was disrupted.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum SpellDisruption {
    /// GH-VAR-02: only cantrips this turn.
    CantripsOnly,
    /// OSE-COMBAT-09: the spell fails and is lost from memory.
    Lost,
}

/// A participant of an encounter: the caller's description plus its state in this round.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Participant {
    pub id: ParticipantId,
    pub name: Name,
    pub side: SideId,
    #[serde(default)]
    pub group: Option<GroupId>,
    pub dex: u8,
    /// The caller's `dexMod`, or the 5e default ⌊(dex − 10) / 2⌋ when it gave none: the two
    /// are stored alike, so OSE individual initiative (OSE-INIT-04) reads a value equal to the
    /// default as not given and uses OSE's Dex table (G-48).
    pub dex_mod: i8,
    #[serde(default)]
    pub mods: AbilityMods,
    pub can_act: bool,
    #[serde(default)]
    pub npc: bool,
    #[serde(default)]
    pub check: Option<InitiativeCheck>,
    #[serde(default)]
    pub fixed_count: Option<i32>,
    #[serde(default)]
    pub controller: Option<ParticipantId>,
    /// Surprised (GH-SURP-01 until the end of the round; A5E-SURP-02 until its first turn ends).
    #[serde(default)]
    pub surprised: bool,
    /// A5E-INIT-04: the total of its surprise-step check, reused as its initiative.
    #[serde(default)]
    pub surprise_total: Option<i32>,
    #[serde(default)]
    pub initiative: Option<Initiative>,
    #[serde(default)]
    pub declaration: Option<Declaration>,
    #[serde(default)]
    pub turn: TurnStatus,
    /// Action slots spent (reset per system: own turn start for A5E/5e, round start for HYB and
    /// the Greyhawk reaction).
    #[serde(default)]
    pub spent: Spent,
    /// Greyhawk activities used this round (GH-INIT-09).
    #[serde(default)]
    pub activities_used: Vec<Activity>,
    /// A readied action's trigger (A5E-ACT-11, HYB-ACT-05).
    #[serde(default)]
    pub readied: Option<Label>,
    /// A5E-CTRL-02: commanded to take its actions this turn.
    #[serde(default)]
    pub commanded: bool,
    /// HYB-RETREAT: retreating this turn; `Some(true)` once it was hit.
    #[serde(default)]
    pub retreat: Option<bool>,
    /// GH-VAR-02 / OSE-COMBAT-09.
    #[serde(default)]
    pub spell: Option<SpellDisruption>,
    /// Left initiative (HYB-RETREAT-02 escape): no more turns.
    #[serde(default)]
    pub out: bool,
    /// Hit points, defenses, death state and tracks, once set (`setCreature`).
    // Shared, so that copying a participant (every working copy's first write to it) copies a
    // pointer, not the creature's 200 bytes: a follower copies a participant for nearly every
    // event. The TypeScript type is what `Option<Creature>` gave.
    #[serde(default)]
    #[cfg_attr(feature = "wasm-base", tsify(type = "Creature | undefined", optional))]
    pub creature: Option<std::sync::Arc<crate::creature::Creature>>,
    /// GM-only: players' views leave it out (and the creatures it controls).
    #[serde(default)]
    pub hidden: bool,
    /// Conditions it is immune to, as listed (A5E-COND-28 links followed where used).
    #[serde(default)]
    pub condition_immunities: Vec<crate::conditions::ConditionId>,
    /// The round of its last death save in this encounter: at most one per turn (A5E-DEATH-03)
    /// or per end of round (GH-INIT-12).
    #[serde(default)]
    pub death_saved: Option<u32>,
}

/// Every field in declaration order, as `derive(Hash)` did, and `hidden` only when set, so
/// the digests (and snapshot checksums) of encounters without hidden participants are what
/// they were before the flag existed.
impl crate::Digestible for Participant {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.id.feed(d);
        self.name.feed(d);
        self.side.feed(d);
        self.group.feed(d);
        self.dex.feed(d);
        self.dex_mod.feed(d);
        self.mods.feed(d);
        self.can_act.feed(d);
        self.npc.feed(d);
        self.check.feed(d);
        self.fixed_count.feed(d);
        self.controller.feed(d);
        self.surprised.feed(d);
        self.surprise_total.feed(d);
        self.initiative.feed(d);
        self.declaration.feed(d);
        self.turn.feed(d);
        self.spent.feed(d);
        self.activities_used.feed(d);
        self.readied.feed(d);
        self.commanded.feed(d);
        self.retreat.feed(d);
        self.spell.feed(d);
        self.out.feed(d);
        self.creature.feed(d);
        if self.hidden {
            self.hidden.feed(d);
        }
        if !self.condition_immunities.is_empty() {
            self.condition_immunities.feed(d);
        }
        if let Some(round) = self.death_saved {
            round.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for Participant {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.id.hash(h);
        self.name.hash(h);
        self.side.hash(h);
        self.group.hash(h);
        self.dex.hash(h);
        self.dex_mod.hash(h);
        self.mods.hash(h);
        self.can_act.hash(h);
        self.npc.hash(h);
        self.check.hash(h);
        self.fixed_count.hash(h);
        self.controller.hash(h);
        self.surprised.hash(h);
        self.surprise_total.hash(h);
        self.initiative.hash(h);
        self.declaration.hash(h);
        self.turn.hash(h);
        self.spent.hash(h);
        self.activities_used.hash(h);
        self.readied.hash(h);
        self.commanded.hash(h);
        self.retreat.hash(h);
        self.spell.hash(h);
        self.out.hash(h);
        self.creature.hash(h);
        if self.hidden {
            self.hidden.hash(h);
        }
        if !self.condition_immunities.is_empty() {
            self.condition_immunities.hash(h);
        }
        if let Some(round) = self.death_saved {
            round.hash(h);
        }
    }
}

impl Participant {
    /// Whether its creature is dead (a participant without stats never is).
    pub fn is_dead(&self) -> bool {
        self.creature
            .as_deref()
            .is_some_and(crate::creature::Creature::is_dead)
    }

    pub(crate) fn from_new(p: NewParticipant) -> Self {
        let dex_mod = p.dex_mod.unwrap_or(modifier_of(p.dex));
        Self {
            id: p.id,
            name: p.name,
            side: p.side,
            group: p.group,
            dex: p.dex,
            dex_mod,
            mods: p.mods,
            can_act: p.can_act,
            npc: p.npc,
            check: p.check,
            fixed_count: p.fixed_count,
            controller: p.controller,
            surprised: false,
            surprise_total: None,
            initiative: None,
            declaration: None,
            turn: TurnStatus::Waiting,
            spent: Spent::default(),
            activities_used: Vec::new(),
            readied: None,
            commanded: false,
            retreat: None,
            spell: None,
            out: false,
            creature: None,
            hidden: p.hidden,
            condition_immunities: p.condition_immunities,
            death_saved: None,
        }
    }

    /// The modifier of an ability.
    pub fn modifier(&self, ability: Ability) -> i8 {
        match ability {
            Ability::Str => self.mods.str,
            Ability::Dex => self.dex_mod,
            Ability::Con => self.mods.con,
            Ability::Int => self.mods.int,
            Ability::Wis => self.mods.wis,
            Ability::Cha => self.mods.cha,
        }
    }

    /// Its current initiative count, if it has one.
    pub fn count(&self) -> Option<i32> {
        self.initiative.as_ref().map(|i| i.total)
    }

    pub fn greyhawk_declaration(&self) -> Option<&GhDeclaration> {
        self.declaration.as_ref().and_then(Declaration::greyhawk)
    }

    pub fn ose_declaration(&self) -> Option<&OseDeclaration> {
        self.declaration.as_ref().and_then(Declaration::ose)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifier_follows_the_5e_formula() {
        assert_eq!(modifier_of(10), 0);
        assert_eq!(modifier_of(6), -2);
        assert_eq!(modifier_of(9), -1);
        assert_eq!(modifier_of(1), -5);
        assert_eq!(modifier_of(30), 10);
    }

    #[test]
    fn spent_bits_round_trip() {
        let s = Spent::default()
            .with(ActionKind::Quick)
            .with(ActionKind::Action);
        assert!(s.has(ActionKind::Quick) && !s.has(ActionKind::Movement));
        assert_eq!(Spent::from_bits(s.bits()), Some(s));
        assert_eq!(Spent::from_bits(128), None);
    }

    /// GH-INIT-08 / OSE-COMBAT-01: declarations read through the one-pass wire form keep the
    /// tagged format exactly, default what is omitted, and refuse the other system's fields.
    #[test]
    fn declarations_round_trip_and_refuse_the_other_systems_fields() {
        let gh = r#"{"system":"greyhawk","activities":["move","melee"],"bonusAction":"spell","mode":"advantage"}"#;
        let d: Declaration = serde_json::from_str(gh).unwrap();
        let Declaration::Greyhawk(g) = &d else {
            panic!("{d:?}")
        };
        assert_eq!(g.activities.as_slice(), [Activity::Move, Activity::Melee]);
        assert_eq!(g.bonus_action, Some(Activity::Spell));
        assert_eq!(g.mode, RollMode::Advantage);
        assert_eq!(serde_json::to_string(&d).unwrap(), gh);

        let ose = r#"{"system":"ose","spell":true}"#;
        let d: Declaration = serde_json::from_str(ose).unwrap();
        assert_eq!(
            d,
            Declaration::Ose(OseDeclaration {
                spell: true,
                melee_movement: None,
                slow_weapon: false
            })
        );
        assert_eq!(serde_json::to_string(&d).unwrap(), ose);
        // Key order does not matter (the tag may come last).
        let late: Declaration = serde_json::from_str(r#"{"spell":true,"system":"ose"}"#).unwrap();
        assert_eq!(late, d);

        for bad in [
            r#"{"system":"greyhawk","spell":true}"#,
            r#"{"system":"ose","activities":["melee"]}"#,
            r#"{"system":"chess"}"#,
            r#"{"activities":["melee"]}"#,
            r#"{"system":"greyhawk","activities":["dance"]}"#,
        ] {
            assert!(serde_json::from_str::<Declaration>(bad).is_err(), "{bad}");
        }
    }
}
