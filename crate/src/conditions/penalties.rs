//! Exhaustion models of the other rulesets as named effects (C-14): HYB's binary exhausted
//! state and OSE's situational penalties. They are flags on a creature, not catalog
//! conditions, because their sources define them as states with their own cures (safe rest and
//! food; rest turns or days), not as A5E-style conditions.

use std::borrow::Cow;

use super::effect::{ActionLimit, Effect, RollFilter, SpeedRule};
use super::vocab::{Mode, RollKind as K};

/// A named penalty a creature can be under.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Penalty {
    /// HYB-RES-03: exhausted after a failed resilience check.
    HybExhausted,
    /// OSE-PURSUIT-02: exhausted after 30 rounds of running, until 3 full turns of rest.
    OseRunningExhaustion,
    /// OSE-DUNG-09: pressing on without 1 turn of rest per hour, until a turn of rest.
    OseDungeonNoRest,
    /// OSE-WILD-11: pressing on without 1 day of rest per 6 days of travel, until a day of rest.
    OseWildernessNoRest,
}

/// The rules of one named penalty.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PenaltyDef {
    pub penalty: Penalty,
    pub name: &'static str,
    pub rule: &'static str,
    pub effects: Cow<'static, [Effect]>,
}

macro_rules! fx {
    ($($e:expr),* $(,)?) => {{
        const LIST: &[Effect] = &[$($e),*];
        LIST
    }};
}

const ATTACK_AND_DAMAGE: RollFilter = RollFilter::of(&[K::Attack, K::Damage], &[]);

/// Every named penalty.
///
/// - HYB exhausted: "disadvantage on all checks" covers saving throws and attack rolls as well,
///   because HYB treats saves and attacks as checks (HYB-CHK-01, HYB-ATK-01). Speed 0, and
///   nothing strenuous (combat, magic).
/// - OSE penalties are flat; they add up with each other (different sources). A penalty to
///   Armor Class makes protection worse: under OSE's descending AC a −2 penalty raises the AC
///   number by 2.
pub static PENALTIES: [PenaltyDef; 4] = [
    PenaltyDef {
        penalty: Penalty::HybExhausted,
        name: "Exhausted",
        rule: "HYB-RES-03",
        effects: Cow::Borrowed(fx![
            Effect::RollMode {
                rolls: RollFilter::of(&[K::AbilityCheck, K::SavingThrow, K::Attack], &[]),
                mode: Mode::Disadvantage,
            },
            Effect::Speed {
                rule: SpeedRule::SetTo { feet: 0 },
            },
            Effect::Action {
                limit: ActionLimit::NoStrenuousActivity,
            },
        ]),
    },
    PenaltyDef {
        penalty: Penalty::OseRunningExhaustion,
        name: "Exhausted from running",
        rule: "OSE-PURSUIT-02",
        effects: Cow::Borrowed(fx![
            Effect::RollModifier {
                rolls: ATTACK_AND_DAMAGE,
                amount: -2,
            },
            Effect::ArmorClass { amount: -2 },
        ]),
    },
    PenaltyDef {
        penalty: Penalty::OseDungeonNoRest,
        name: "No rest (dungeon)",
        rule: "OSE-DUNG-09",
        effects: Cow::Borrowed(fx![Effect::RollModifier {
            rolls: ATTACK_AND_DAMAGE,
            amount: -1,
        }]),
    },
    PenaltyDef {
        penalty: Penalty::OseWildernessNoRest,
        name: "No rest (wilderness)",
        rule: "OSE-WILD-11",
        effects: Cow::Borrowed(fx![Effect::RollModifier {
            rolls: ATTACK_AND_DAMAGE,
            amount: -1,
        }]),
    },
];

impl Penalty {
    /// The rules of this penalty.
    pub fn def(self) -> &'static PenaltyDef {
        match self {
            Self::HybExhausted => &PENALTIES[0],
            Self::OseRunningExhaustion => &PENALTIES[1],
            Self::OseDungeonNoRest => &PENALTIES[2],
            Self::OseWildernessNoRest => &PENALTIES[3],
        }
    }
}
