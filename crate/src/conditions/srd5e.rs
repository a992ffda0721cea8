//! The built-in 5e conditions (SRD-COND-01..14) as data, for creatures that follow the 5e
//! System Reference Document 5.1 (CC-BY 4.0) rather than A5E (C-20: a Greyhawk table may play
//! plain 5e underneath).
//!
//! The entries restate the SRD's appendix of conditions in our own words with the same effect
//! vocabulary as the A5E set ([`super::a5e`]), so the roll query evaluates both alike. The ids
//! are the same words as A5E's for the conditions the two share (a VTT that names "prone" means
//! prone under either set); the A5E-only conditions (rattled, slowed, bloodied, doomed…) do not
//! exist here, so a table playing 5e can't give them by mistake. The differences from A5E
//! that matter at the table: a petrified creature is attacked with advantage, a prone creature
//! has disadvantage on every attack (not only melee), and an invisible creature's edge does not
//! depend on who can see it (the general "unseen attacker" rules cover that case separately).

use super::definition::{ConditionDef, def, ends_with_source, implies, linked};
use super::effect::{
    ActionLimit as A, AttackerDistance, Circumstance, Effect, Flag as F, RollFilter, SpeedRule,
};
use super::id::ConditionId;
use super::vocab::{Ability, Mode, RollKind as K, Sense};

/// A `'static` slice of effects built in a const item (see the same macro in `a5e.rs`).
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

const INCAPACITATED: ConditionId = ConditionId::builtin("incapacitated");
const PRONE: ConditionId = ConditionId::builtin("prone");

/// Every built-in 5e condition, alphabetical as the SRD lists them (docs/rules.md, "5e SRD
/// base").
pub static SRD5E_CONDITIONS: [ConditionDef; 14] = [
    // SRD-COND-01: sight-based checks fail; the blinded creature is easy to hit and hits poorly.
    def(
        "blinded",
        "Blinded",
        "SRD-COND-01",
        fx![
            Effect::flag(F::CantSee),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::AbilityCheck], ANY).needing(Sense::Sight),
            },
            Effect::against(ADV),
            Effect::mode(RollFilter::of(&[K::Attack], ANY), DIS),
        ],
    ),
    // SRD-COND-02: no attacks or harmful effects aimed at the charmer, who gets advantage on
    // social checks against it.
    def(
        "charmed",
        "Charmed",
        "SRD-COND-02",
        fx![
            Effect::action(A::NoHostileActionsAgainstSource),
            Effect::ChecksAgainst {
                mode: ADV,
                social_only: true,
                when: Some(Circumstance::ByConditionSource),
            },
        ],
    ),
    // SRD-COND-03: hearing-based checks fail.
    def(
        "deafened",
        "Deafened",
        "SRD-COND-03",
        fx![
            Effect::flag(F::CantHear),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::AbilityCheck], ANY).needing(Sense::Hearing),
            },
        ],
    ),
    // SRD-COND-04: the disadvantage needs the source in sight, which only the caller knows.
    def(
        "frightened",
        "Frightened",
        "SRD-COND-04",
        fx![
            Effect::mode(
                RollFilter::of(&[K::AbilityCheck, K::Attack], ANY)
                    .when(Circumstance::SeesSourceOfFear),
                DIS,
            ),
            Effect::flag(F::CantApproachSource),
        ],
    ),
    // SRD-COND-05: Speed 0 with no bonuses; it ends when the grappler is incapacitated or the
    // creature is carried out of its reach.
    ends_with_source(def(
        "grappled",
        "Grappled",
        "SRD-COND-05",
        fx![
            Effect::speed(SpeedRule::SetTo { feet: 0 }),
            Effect::speed(SpeedRule::NoBonuses),
            Effect::flag(F::EndsWhenMovedOutOfReach),
        ],
    )),
    // SRD-COND-06: no actions or reactions. A bonus action is an action too, so it goes with
    // them (the same reading every 5e table uses).
    def(
        "incapacitated",
        "Incapacitated",
        "SRD-COND-06",
        fx![
            Effect::action(A::NoActions),
            Effect::action(A::NoBonusActions),
            Effect::action(A::NoReactions),
        ],
    ),
    // SRD-COND-07: unseen; attacks against it are at disadvantage and its own at advantage.
    def(
        "invisible",
        "Invisible",
        "SRD-COND-07",
        fx![
            Effect::flag(F::Unseen),
            Effect::AttacksAgainst {
                mode: DIS,
                attacker: AttackerDistance::Any,
                when: None,
            },
            Effect::mode(RollFilter::of(&[K::Attack], ANY), ADV),
        ],
    ),
    // SRD-COND-08: incapacitated and still; close hits are critical.
    linked(
        "paralyzed",
        "Paralyzed",
        "SRD-COND-08",
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
    // SRD-COND-09: turned to stone: incapacitated, unaware, attacked with advantage, resistant
    // to all damage, immune to poison and disease.
    linked(
        "petrified",
        "Petrified",
        "SRD-COND-09",
        implies(cids![INCAPACITATED]),
        fx![
            Effect::flag(F::Transformed),
            Effect::flag(F::CantMove),
            Effect::flag(F::CantSpeak),
            Effect::flag(F::Unaware),
            Effect::against(ADV),
            Effect::AutoFail {
                rolls: RollFilter::of(&[K::SavingThrow], STR_DEX),
            },
            Effect::flag(F::ResistsAllDamage),
            Effect::flag(F::ImmuneToPoisonAndDisease),
        ],
    ),
    // SRD-COND-10: disadvantage on attack rolls and ability checks.
    def(
        "poisoned",
        "Poisoned",
        "SRD-COND-10",
        fx![Effect::mode(
            RollFilter::of(&[K::Attack, K::AbilityCheck], ANY),
            DIS,
        )],
    ),
    // SRD-COND-11: crawls until it stands; every attack of its own is at disadvantage; close
    // attackers have advantage, distant ones disadvantage.
    def(
        "prone",
        "Prone",
        "SRD-COND-11",
        fx![
            Effect::flag(F::CrawlOnly),
            Effect::flag(F::StandingCostsHalfMovement),
            Effect::mode(RollFilter::of(&[K::Attack], ANY), DIS),
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
    // SRD-COND-12: Speed 0, attacked with advantage, its attacks and Dex saves at disadvantage.
    def(
        "restrained",
        "Restrained",
        "SRD-COND-12",
        fx![
            Effect::speed(SpeedRule::SetTo { feet: 0 }),
            Effect::speed(SpeedRule::NoBonuses),
            Effect::against(ADV),
            Effect::mode(RollFilter::of(&[K::Attack], ANY), DIS),
            Effect::mode(RollFilter::of(&[K::SavingThrow], &[Ability::Dex]), DIS),
        ],
    ),
    // SRD-COND-13: incapacitated, can't move, speaks falteringly, fails Str and Dex saves.
    linked(
        "stunned",
        "Stunned",
        "SRD-COND-13",
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
    // SRD-COND-14: incapacitated and prone, unaware, drops what it holds; close hits critical.
    linked(
        "unconscious",
        "Unconscious",
        "SRD-COND-14",
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
];
