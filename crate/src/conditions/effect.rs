//! Structured condition effects: what a condition (or a tracked-condition level, or a named
//! penalty) does, as data a VTT can evaluate and explain.
//!
//! Lists inside effects are `Cow<'static, [T]>` so the built-in tables can be `static` data
//! while homebrew conditions deserialize into owned vectors with the same type.

use std::borrow::Cow;

use super::vocab::{Ability, AttackRange, Mode, RollKind, Sense, Skill};

/// The A5E travel pace, which a fatigued creature may no longer be able to keep
/// (A5E-TRACK-07). One type with the travel procedures' pace (A5E-TIME-02).
/// Travel paces (A5E-TIME-02). Conditions use the same type to name a pace a fatigued creature
/// can no longer keep (A5E-TRACK-07).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum TravelPace {
    Slow,
    #[default]
    Normal,
    Fast,
}

/// A situation the engine cannot see for itself. Effects that depend on one are applied when
/// the caller says it holds, skipped when the caller says it does not, and otherwise returned
/// as *conditional* so the VTT can show them without the engine guessing.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Circumstance {
    /// The creature can see the source of its fear (frightened, A5E-COND-12).
    SeesSourceOfFear,
    /// The check is about something other than the source of fixation (fixated, A5E-COND-13).
    NotAboutFixationSource,
    /// The other creature in this roll (the target of its attack, or the attacker) cannot see
    /// it (invisible, A5E-COND-16: no benefit against creatures that can still see it).
    OpponentCannotSeeIt,
    /// The roll is made by the source of the condition (charmed, A5E-COND-05: the charmer's
    /// social checks).
    ByConditionSource,
}

/// Which of a creature's own rolls an effect applies to. Empty lists mean "any".
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RollFilter {
    /// The kinds of roll (at least one).
    pub kinds: Cow<'static, [RollKind]>,
    /// Only rolls using one of these abilities (empty: any ability).
    #[serde(default, skip_serializing_if = "is_empty")]
    pub abilities: Cow<'static, [Ability]>,
    /// Only melee or only ranged attacks (prone: melee attacks, A5E-COND-22).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_range: Option<AttackRange>,
    /// Only checks that need this sense (blinded, deafened).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sense: Option<Sense>,
    /// Only checks with one of these skills (empty: any skill or none).
    #[serde(default, skip_serializing_if = "is_empty")]
    pub skills: Cow<'static, [Skill]>,
    /// Only skill or tool checks (amnesiac, A5E-COND-02).
    #[serde(default, skip_serializing_if = "is_false")]
    pub skill_or_tool_only: bool,
    /// Only while this circumstance holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Circumstance>,
}

fn is_empty<T>(list: &[T]) -> bool {
    list.is_empty()
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl RollFilter {
    /// Rolls of the given kinds using the given abilities (empty: any).
    pub const fn of(kinds: &'static [RollKind], abilities: &'static [Ability]) -> Self {
        Self {
            kinds: Cow::Borrowed(kinds),
            abilities: Cow::Borrowed(abilities),
            attack_range: None,
            sense: None,
            skills: Cow::Borrowed(&[]),
            skill_or_tool_only: false,
            when: None,
        }
    }
    /// The same filter, restricted to a circumstance.
    pub const fn when(mut self, circumstance: Circumstance) -> Self {
        self.when = Some(circumstance);
        self
    }
    /// The same filter, restricted to checks needing a sense.
    pub const fn needing(mut self, sense: Sense) -> Self {
        self.sense = Some(sense);
        self
    }
    /// The same filter, restricted to melee or ranged attacks.
    pub const fn range(mut self, range: AttackRange) -> Self {
        self.attack_range = Some(range);
        self
    }
    /// The same filter, restricted to skill and tool checks.
    pub const fn skill_or_tool(mut self) -> Self {
        self.skill_or_tool_only = true;
        self
    }
    /// Ability checks made with one of these skills.
    pub const fn skill_checks(skills: &'static [Skill]) -> Self {
        Self {
            kinds: Cow::Borrowed(&[RollKind::AbilityCheck]),
            abilities: Cow::Borrowed(&[]),
            attack_range: None,
            sense: None,
            skills: Cow::Borrowed(skills),
            skill_or_tool_only: false,
            when: None,
        }
    }
}

/// Where an attacker stands, for effects on attacks made against a creature.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum AttackerDistance {
    /// Any attacker.
    #[default]
    Any,
    /// An attacker within this many feet (prone: within 5 ft, A5E-COND-22).
    Within { feet: u32 },
    /// An attacker farther away than this many feet.
    Beyond { feet: u32 },
}

impl AttackerDistance {
    /// Whether an attacker at `feet` matches.
    pub fn matches(self, feet: u32) -> bool {
        match self {
            Self::Any => true,
            Self::Within { feet: limit } => feet <= limit,
            Self::Beyond { feet: limit } => feet > limit,
        }
    }
}

/// How an effect changes Speed. [`crate::conditions::SpeedOutcome::final_speed`] applies them
/// in this order: a fixed value replaces the speed (the lowest, if several) and bonuses are
/// dropped with it or when barred; then each halving; then the lowest cap.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum SpeedRule {
    /// Speed becomes this value (grappled and restrained: 0; HYB exhausted: 0).
    SetTo { feet: u32 },
    /// Speed is reduced to at most this value (encumbered: 5 ft, A5E-COND-09; fatigue 6).
    CapAt { feet: u32 },
    /// Speed is halved, rounding down (slowed, fatigue 3).
    Halved,
    /// The creature can't benefit from bonuses to its speed (grappled, restrained).
    NoBonuses,
}

/// Limits on what a creature may do with its turn.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ActionLimit {
    /// No actions (incapacitated, A5E-COND-15).
    NoActions,
    /// No bonus actions (incapacitated).
    NoBonusActions,
    /// No reactions (incapacitated, confused, rattled, slowed).
    NoReactions,
    /// Either an action or a bonus action on its turn, not both (slowed; strife 3).
    ActionOrBonusAction,
    /// Either an action or a move on its turn, not both (manic, A5E-COND-17).
    ActionOrMove,
    /// At most one melee or ranged attack on its turn (slowed, A5E-COND-25).
    OneAttackPerTurn,
    /// Can't Sprint or Dash (fatigue 1, A5E-ACT-03, A5E-ACT-13).
    NoSprintOrDash,
    /// Can't cast spells other than cantrips (strife 6).
    NoSpellsExceptCantrips,
    /// No hostile actions against the source of the condition (charmed).
    NoHostileActionsAgainstSource,
    /// No hostile or aggressive actions at all (placid, A5E-COND-20).
    NoHostileActions,
    /// Nothing strenuous, including combat and magic (HYB exhausted, HYB-RES-03).
    NoStrenuousActivity,
    /// Its behaviour on its turn comes from the confused d8 table (A5E-COND-06).
    RollsForBehaviour,
    /// If it can see or hear an enemy within 60 ft it must move straight toward the closest,
    /// and attack an enemy in reach (enraged, A5E-COND-11).
    MustChargeNearestEnemy,
    /// Makes no attacks at all: a blind OSE character (OSE-ATK-10), or one retreating from
    /// melee this round (OSE-COMBAT-04).
    NoAttacks,
}

/// Other facts about a creature under a condition, shown to the table.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Flag {
    /// Can't move (paralyzed, petrified, stunned, unconscious); its available speed is 0.
    CantMove,
    /// Can't speak.
    CantSpeak,
    /// Can speak only falteringly (stunned).
    SpeaksFalteringly,
    /// Unaware of its surroundings (petrified, unconscious).
    Unaware,
    /// Can't see (blinded).
    CantSee,
    /// Can't hear (deafened).
    CantHear,
    /// Can't maintain concentration (agonized, A5E-COND-01).
    CantConcentrate,
    /// Understands and speaks only its primary language (amnesiac).
    PrimaryLanguageOnly,
    /// Can't use psionic powers or features needing psionic points (enervated).
    NoPsionics,
    /// Can't willingly move closer to the source of its fear (frightened).
    CantApproachSource,
    /// Moving away from the source of fixation costs 2 ft per foot (fixated).
    AwayFromSourceCostsDouble,
    /// Only crawling (1 extra foot per foot) until it stands (prone, A5E-COND-22).
    CrawlOnly,
    /// Standing up costs half its movement (prone).
    StandingCostsHalfMovement,
    /// Drops whatever it holds (unconscious).
    DropsHeldItems,
    /// Can't be seen without magic or a special sense; heavily obscured for hiding; noise and
    /// tracks give its location away (invisible, A5E-COND-16).
    Unseen,
    /// Turned into an inanimate substance with its mundane possessions; weight ×10; it stops
    /// aging (petrified, A5E-COND-19).
    Transformed,
    /// Resistant to all damage (petrified).
    ResistsAllDamage,
    /// Immune to poison and disease; those already in its system are paused (petrified).
    ImmuneToPoisonAndDisease,
    /// The condition ends if an effect takes it out of the grappler's reach (grappled).
    EndsWhenMovedOutOfReach,
    /// Dies at a time the Narrator chooses or within 2d12 hours; stays doomed after death;
    /// only magic equivalent to a 7th-level spell or higher removes it (doomed, A5E-COND-08).
    Doomed,
    /// A special permanent effect, random or chosen by the Narrator (strife 7, A5E-TRACK-08).
    PermanentStrifeEffect,
    /// Its hit point maximum is halved while this lasts (5e exhaustion 4, SRD-EXH-02); the
    /// creature applies it (`Creature::hp_ceiling`).
    HitPointMaximumHalved,
    /// It dies (5e exhaustion 6, SRD-EXH-03).
    DiesOfExhaustion,
    /// Attacks against it ignore the Armour Class its shield gives (retreating, OSE-COMBAT-04;
    /// the attack resolver takes the shield's part out of the AC it compares against).
    ShieldIgnored,
}

/// Short- or long-term mental stress effects (strife 5 and 7, A5E-TRACK-08).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum StressTerm {
    ShortTerm,
    LongTerm,
}

/// One structured effect.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum Effect {
    /// Advantage or disadvantage on the creature's own matching rolls.
    RollMode { rolls: RollFilter, mode: Mode },
    /// The creature's matching rolls fail automatically.
    AutoFail { rolls: RollFilter },
    /// A flat bonus or penalty to the creature's matching rolls (enervated −2).
    RollModifier { rolls: RollFilter, amount: i32 },
    /// No proficiency bonus on matching rolls (amnesiac).
    NoProficiency { rolls: RollFilter },
    /// Can't benefit from expertise dice on any roll (rattled, A5E-COND-23).
    NoExpertiseDice,
    /// Advantage or disadvantage on attacks made against the creature.
    AttacksAgainst {
        mode: Mode,
        #[serde(default)]
        attacker: AttackerDistance,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<Circumstance>,
    },
    /// Advantage or disadvantage on ability checks other creatures make against it.
    ChecksAgainst {
        mode: Mode,
        /// Only checks made to interact socially.
        #[serde(default)]
        social_only: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<Circumstance>,
    },
    /// A hit by an attacker within this many feet is a critical hit (paralyzed, unconscious).
    CriticalHitsWithin { feet: u32 },
    /// An attack against it by an attacker within this many feet hits without a roll; only
    /// damage is rolled (OSE-ATK-13: helpless foes are hit automatically in melee, and OSE
    /// melee is at 5 ft, OSE-COMBAT-10, while missiles need more, OSE-COMBAT-05).
    HitsAutomaticallyWithin { feet: u32 },
    /// A flat bonus or penalty to attack rolls made against it (retreating +2, OSE-COMBAT-04).
    AttackModifierAgainst { amount: i32 },
    /// A change to Speed.
    Speed { rule: SpeedRule },
    /// A flat change to Armor Class (slowed −2; OSE running exhaustion −2).
    ArmorClass { amount: i32 },
    /// A limit on actions.
    Action { limit: ActionLimit },
    /// Any other fact.
    Flag { flag: Flag },
    /// A travel pace it can't keep.
    TravelPace { cannot: TravelPace },
    /// Hit Dice halved (fatigue 5; what is halved is a query option, G-23).
    HitDiceHalved,
    /// Suffers a randomly determined stress effect (strife 5 and 7). The stress tables are not
    /// in the sources; see [`crate::conditions::StressTable`].
    Stress { term: StressTerm },
}

impl Effect {
    pub(crate) const fn mode(rolls: RollFilter, mode: Mode) -> Self {
        Self::RollMode { rolls, mode }
    }
    pub(crate) const fn flag(flag: Flag) -> Self {
        Self::Flag { flag }
    }
    pub(crate) const fn action(limit: ActionLimit) -> Self {
        Self::Action { limit }
    }
    pub(crate) const fn speed(rule: SpeedRule) -> Self {
        Self::Speed { rule }
    }
    pub(crate) const fn against(mode: Mode) -> Self {
        Self::AttacksAgainst {
            mode,
            attacker: AttackerDistance::Any,
            when: None,
        }
    }
}
