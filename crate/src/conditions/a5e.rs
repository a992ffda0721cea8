//! The built-in A5E conditions (A5E-COND-01..29) as data, and the confused behaviour table
//! (A5E-COND-06).
//!
//! Each entry restates the rules in structured form; the effects are evaluated by
//! [`crate::conditions::ConditionCatalog::query`]. Immunity links (A5E-COND-28) are written on
//! the condition they protect from ("a creature immune to rattled is immune to agonized" lives
//! on agonized), as the source writes them.

use std::borrow::Cow;

use super::definition::{
    ConditionDef, Links, def, derived, ends_with_source, id, immune_if, implies, linked,
};
use super::effect::{
    ActionLimit as A, AttackerDistance, Circumstance, Effect, Flag as F, RollFilter, SpeedRule,
};
use super::id::ConditionId;
use super::vocab::{Ability, AttackRange, Mode, RollKind as K, Sense, Skill};
use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;

/// A `'static` slice of effects built in a const item (effects own `Cow`s, so a plain `&[..]`
/// inside a call would not be promoted to `'static`).
macro_rules! fx {
    ($($e:expr),* $(,)?) => {{
        const LIST: &[Effect] = &[$($e),*];
        LIST
    }};
}

/// A `'static` slice of condition ids, as [`fx!`] does for effects.
macro_rules! cids {
    ($($e:expr),* $(,)?) => {{
        const LIST: &[ConditionId] = &[$($e),*];
        LIST
    }};
}

const ADV: Mode = Mode::Advantage;
const DIS: Mode = Mode::Disadvantage;
const STR_DEX: &[Ability] = &[Ability::Str, Ability::Dex];
const ANY: &[Ability] = &[];

/// Ids of the built-in conditions, for callers that prefer constants to strings.
pub mod ids {
    use super::{ConditionId, id};
    pub const AGONIZED: ConditionId = id("agonized");
    pub const AMNESIAC: ConditionId = id("amnesiac");
    pub const BLINDED: ConditionId = id("blinded");
    pub const BLOODIED: ConditionId = id("bloodied");
    pub const CHARMED: ConditionId = id("charmed");
    pub const CONFUSED: ConditionId = id("confused");
    pub const DEAFENED: ConditionId = id("deafened");
    pub const DOOMED: ConditionId = id("doomed");
    pub const ENCUMBERED: ConditionId = id("encumbered");
    pub const ENERVATED: ConditionId = id("enervated");
    pub const ENRAGED: ConditionId = id("enraged");
    pub const FRIGHTENED: ConditionId = id("frightened");
    pub const FIXATED: ConditionId = id("fixated");
    pub const GRAPPLED: ConditionId = id("grappled");
    pub const INCAPACITATED: ConditionId = id("incapacitated");
    pub const INVISIBLE: ConditionId = id("invisible");
    pub const MANIC: ConditionId = id("manic");
    pub const PARALYZED: ConditionId = id("paralyzed");
    pub const PETRIFIED: ConditionId = id("petrified");
    pub const PLACID: ConditionId = id("placid");
    pub const POISONED: ConditionId = id("poisoned");
    pub const PRONE: ConditionId = id("prone");
    pub const RATTLED: ConditionId = id("rattled");
    pub const RESTRAINED: ConditionId = id("restrained");
    pub const SLOWED: ConditionId = id("slowed");
    pub const STUNNED: ConditionId = id("stunned");
    pub const UNCONSCIOUS: ConditionId = id("unconscious");
    pub const CORRUPTION: ConditionId = id("corruption");
}

use ids::*;

/// Every built-in A5E condition, in the order of docs/rules.md §2.12.
pub static A5E_CONDITIONS: [ConditionDef; 28] = [
    linked(
        "agonized",
        "Agonized",
        "A5E-COND-01",
        immune_if(cids![RATTLED]),
        fx![
            Effect::mode(RollFilter::of(&[K::AbilityCheck], Ability::PHYSICAL), DIS),
            Effect::flag(F::CantConcentrate),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::Concentration], ANY),
            },
        ],
    ),
    linked(
        "amnesiac",
        "Amnesiac",
        "A5E-COND-02",
        immune_if(cids![CONFUSED]),
        fx![
            Effect::NoProficiency {
                rolls: RollFilter::of(&[K::AbilityCheck], ANY).skill_or_tool(),
            },
            Effect::flag(F::PrimaryLanguageOnly),
        ],
    ),
    def(
        "blinded",
        "Blinded",
        "A5E-COND-03",
        fx![
            Effect::flag(F::CantSee),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::AbilityCheck], ANY).needing(Sense::Sight),
            },
            Effect::against(ADV),
            Effect::mode(RollFilter::of(&[K::Attack], ANY), DIS),
        ],
    ),
    // Derived from hit points; no effects of its own.
    derived(def("bloodied", "Bloodied", "A5E-COND-04", &[])),
    def(
        "charmed",
        "Charmed",
        "A5E-COND-05",
        fx![
            Effect::action(A::NoHostileActionsAgainstSource),
            Effect::ChecksAgainst {
                mode: ADV,
                social_only: true,
                when: Some(Circumstance::ByConditionSource),
            },
        ],
    ),
    def(
        "confused",
        "Confused",
        "A5E-COND-06",
        fx![
            Effect::action(A::NoReactions),
            Effect::action(A::RollsForBehaviour),
        ],
    ),
    def(
        "deafened",
        "Deafened",
        "A5E-COND-07",
        fx![
            Effect::flag(F::CantHear),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::AbilityCheck], ANY).needing(Sense::Hearing),
            },
        ],
    ),
    def(
        "doomed",
        "Doomed",
        "A5E-COND-08",
        fx![Effect::flag(F::Doomed)],
    ),
    def(
        "encumbered",
        "Encumbered",
        "A5E-COND-09",
        fx![Effect::speed(SpeedRule::CapAt { feet: 5 })],
    ),
    def(
        "enervated",
        "Enervated",
        "A5E-COND-10",
        fx![
            Effect::flag(F::NoPsionics),
            Effect::RollModifier {
                rolls: RollFilter::of(&[K::AbilityCheck, K::SavingThrow, K::Attack], ANY),
                amount: -2,
            },
        ],
    ),
    linked(
        "enraged",
        "Enraged",
        "A5E-COND-11",
        Links {
            implies: &[],
            immune_if: cids![CHARMED],
            suppresses: cids![FRIGHTENED, PLACID],
        },
        fx![
            Effect::action(A::MustChargeNearestEnemy),
            Effect::mode(RollFilter::of(&[K::AbilityCheck], Ability::MENTAL), DIS),
        ],
    ),
    def(
        "frightened",
        "Frightened",
        "A5E-COND-12",
        fx![
            Effect::mode(
                RollFilter::of(&[K::AbilityCheck, K::Attack], ANY)
                    .when(Circumstance::SeesSourceOfFear),
                DIS,
            ),
            Effect::flag(F::CantApproachSource),
        ],
    ),
    linked(
        "fixated",
        "Fixated",
        "A5E-COND-13",
        immune_if(cids![CHARMED]),
        fx![
            Effect::mode(
                RollFilter::skill_checks(&[Skill::Investigation, Skill::Perception])
                    .when(Circumstance::NotAboutFixationSource),
                DIS,
            ),
            Effect::flag(F::AwayFromSourceCostsDouble),
        ],
    ),
    ends_with_source(def(
        "grappled",
        "Grappled",
        "A5E-COND-14",
        fx![
            Effect::speed(SpeedRule::SetTo { feet: 0 }),
            Effect::speed(SpeedRule::NoBonuses),
            Effect::flag(F::EndsWhenMovedOutOfReach),
        ],
    )),
    def(
        "incapacitated",
        "Incapacitated",
        "A5E-COND-15",
        fx![
            Effect::action(A::NoActions),
            Effect::action(A::NoBonusActions),
            Effect::action(A::NoReactions),
        ],
    ),
    def(
        "invisible",
        "Invisible",
        "A5E-COND-16",
        fx![
            Effect::flag(F::Unseen),
            Effect::AttacksAgainst {
                mode: DIS,
                attacker: AttackerDistance::Any,
                when: Some(Circumstance::OpponentCannotSeeIt),
            },
            Effect::mode(
                RollFilter::of(&[K::Attack], ANY).when(Circumstance::OpponentCannotSeeIt),
                ADV,
            ),
        ],
    ),
    linked(
        "manic",
        "Manic",
        "A5E-COND-17",
        immune_if(cids![CHARMED]),
        fx![Effect::action(A::ActionOrMove)],
    ),
    linked(
        "paralyzed",
        "Paralyzed",
        "A5E-COND-18",
        implies(cids![INCAPACITATED]),
        fx![
            Effect::flag(F::CantMove),
            Effect::flag(F::CantSpeak),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::SavingThrow], STR_DEX),
            },
            Effect::against(ADV),
            Effect::CriticalHitsWithin { feet: 5 },
        ],
    ),
    linked(
        "petrified",
        "Petrified",
        "A5E-COND-19",
        implies(cids![INCAPACITATED]),
        fx![
            Effect::flag(F::Transformed),
            Effect::flag(F::CantMove),
            Effect::flag(F::CantSpeak),
            Effect::flag(F::Unaware),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::SavingThrow], STR_DEX),
            },
            Effect::flag(F::ResistsAllDamage),
            Effect::flag(F::ImmuneToPoisonAndDisease),
        ],
    ),
    linked(
        "placid",
        "Placid",
        "A5E-COND-20",
        immune_if(cids![FRIGHTENED]),
        fx![Effect::action(A::NoHostileActions)],
    ),
    def(
        "poisoned",
        "Poisoned",
        "A5E-COND-21",
        fx![Effect::mode(
            RollFilter::of(&[K::Attack, K::AbilityCheck], ANY),
            DIS,
        )],
    ),
    def(
        "prone",
        "Prone",
        "A5E-COND-22",
        fx![
            Effect::flag(F::CrawlOnly),
            Effect::flag(F::StandingCostsHalfMovement),
            Effect::mode(
                RollFilter::of(&[K::Attack], ANY).range(AttackRange::Melee),
                DIS,
            ),
            Effect::AttacksAgainst {
                mode: ADV,
                attacker: AttackerDistance::Within { feet: 5 },
                when: None,
            },
            Effect::AttacksAgainst {
                mode: DIS,
                attacker: AttackerDistance::Beyond { feet: 5 },
                when: None,
            },
        ],
    ),
    linked(
        "rattled",
        "Rattled",
        "A5E-COND-23",
        immune_if(cids![STUNNED]),
        fx![Effect::NoExpertiseDice, Effect::action(A::NoReactions)],
    ),
    def(
        "restrained",
        "Restrained",
        "A5E-COND-24",
        fx![
            Effect::speed(SpeedRule::SetTo { feet: 0 }),
            Effect::speed(SpeedRule::NoBonuses),
            Effect::against(ADV),
            Effect::mode(RollFilter::of(&[K::Attack], ANY), DIS),
            Effect::mode(RollFilter::of(&[K::SavingThrow], &[Ability::Dex]), DIS,),
        ],
    ),
    def(
        "slowed",
        "Slowed",
        "A5E-COND-25",
        fx![
            Effect::speed(SpeedRule::Halved),
            Effect::ArmorClass { amount: -2 },
            Effect::RollModifier {
                rolls: RollFilter::of(&[K::SavingThrow], &[Ability::Dex]),
                amount: -2,
            },
            Effect::action(A::NoReactions),
            Effect::action(A::ActionOrBonusAction),
            Effect::action(A::OneAttackPerTurn),
        ],
    ),
    linked(
        "stunned",
        "Stunned",
        "A5E-COND-26",
        implies(cids![INCAPACITATED]),
        fx![
            Effect::flag(F::CantMove),
            Effect::flag(F::SpeaksFalteringly),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::SavingThrow], STR_DEX),
            },
            Effect::against(ADV),
        ],
    ),
    linked(
        "unconscious",
        "Unconscious",
        "A5E-COND-27",
        implies(cids![INCAPACITATED, PRONE]),
        fx![
            Effect::flag(F::CantMove),
            Effect::flag(F::CantSpeak),
            Effect::flag(F::Unaware),
            Effect::flag(F::DropsHeldItems),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::SavingThrow], STR_DEX),
            },
            Effect::against(ADV),
            Effect::CriticalHitsWithin { feet: 5 },
        ],
    ),
    // A5E-COND-29: the source gives a title and a magazine reference and no rules text (G-26).
    // The entry exists so tables see the name; a homebrew condition with the id "corruption"
    // replaces it with real effects.
    ConditionDef {
        id: CORRUPTION,
        name: Cow::Borrowed("Corruption"),
        rule: Some(Cow::Borrowed("A5E-COND-29")),
        notes: Some(Cow::Borrowed(
            "Optional condition listed by title only in the source, with no rules text. Load a homebrew condition with this id to give it effects.",
        )),
        implies: Cow::Borrowed(&[]),
        immune_if_immune_to: Cow::Borrowed(&[]),
        suppresses: Cow::Borrowed(&[]),
        effects: Cow::Borrowed(&[]),
        ends_if_source_incapacitated: false,
        derived_from_hit_points: false,
        placeholder: true,
    },
];

/// What a confused creature does on its turn (A5E-COND-06).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ConfusedBehaviour {
    /// Does nothing.
    DoesNothing,
    /// Takes no action or bonus action and uses all its movement to move in a random
    /// direction (the direction is the caller's to decide or roll).
    MovesRandomly,
    /// Makes a melee attack against a random creature within reach; does nothing if it can't.
    AttacksRandomCreatureInReach,
}

/// One row of the confused table: d8 faces `low..=high`.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ConfusedRow {
    pub low: u32,
    pub high: u32,
    pub behaviour: ConfusedBehaviour,
}

/// A5E-COND-06: the confused behaviour table, every row.
pub const CONFUSED_TABLE: [ConfusedRow; 3] = [
    ConfusedRow {
        low: 1,
        high: 4,
        behaviour: ConfusedBehaviour::DoesNothing,
    },
    ConfusedRow {
        low: 5,
        high: 6,
        behaviour: ConfusedBehaviour::MovesRandomly,
    },
    ConfusedRow {
        low: 7,
        high: 8,
        behaviour: ConfusedBehaviour::AttacksRandomCreatureInReach,
    },
];

/// The d8 rolled for a confused creature and what it does.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ConfusedRoll {
    pub die: RolledDie,
    pub behaviour: ConfusedBehaviour,
}

/// The behaviour for a d8 face, or `None` for a face a d8 can't show.
pub fn confused_behaviour(face: u32) -> Option<ConfusedBehaviour> {
    CONFUSED_TABLE
        .iter()
        .find(|row| (row.low..=row.high).contains(&face))
        .map(|row| row.behaviour)
}

/// Roll a d8 for a confused creature's turn (A5E-COND-06).
pub fn roll_confused<R: DieRoller + ?Sized>(roller: &mut R) -> Result<ConfusedRoll> {
    let face = roller.roll_die(8)?;
    let behaviour = confused_behaviour(face).ok_or_else(|| {
        crate::error::Error::new(
            crate::error::ErrorCode::InvalidFace,
            format!("a d8 cannot show {face}"),
        )
    })?;
    Ok(ConfusedRoll {
        die: RolledDie { sides: 8, face },
        behaviour,
    })
}
