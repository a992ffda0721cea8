//! Initiative systems, one module each (docs/design.md "Initiative systems"):
//!
//! | module | rules | roll | order | rerolled |
//! |---|---|---|---|---|
//! | [`greyhawk`] | GH-* | dice pool from declared activities | low → high | every round |
//! | [`ability_check`] | A5E-INIT/SURP/TURN | d20 + ability | high → low | once |
//! | [`dex_score`] | HYB-INIT/ACT | none: Dex score | high → low | never |
//! | [`side`] | OSE-INIT/COMBAT/SURP | 1d6 per side | high → low | every round |
//! | [`standard`] | 5e | d20 + Dex modifier | high → low | once |
//!
//! These modules hold the rules that do not depend on encounter state (dice pools, checks,
//! tables, options), and each implements [`InitiativeRules`] ([`rules`]): what the round/turn
//! state machine in `crate::encounter` asks where the systems differ. [`InitiativeSystem::rules`]
//! registers them; docs/adding-an-initiative-system.md lists what a new system touches.

pub mod ability_check;
pub mod dex_score;
pub mod greyhawk;
pub mod limits;
pub mod rules;
pub mod side;
pub mod standard;
pub mod ties;

use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;
use crate::ids::ParticipantId;

pub use greyhawk::Activity;
pub use rules::InitiativeRules;

/// Which initiative system runs an encounter. A preset picks one; a user may override it
/// (A5E with Greyhawk initiative, docs/design.md principle 4).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum InitiativeSystem {
    /// Greyhawk Initiative (GH-*).
    Greyhawk,
    /// A5E ability-check initiative (A5E-INIT-*).
    AbilityCheck,
    /// HYB fixed order by Dex score (HYB-INIT-*).
    DexScore,
    /// OSE side initiative (OSE-INIT-*), optionally individual (OSE-INIT-04).
    Side,
    /// Standard 5e: d20 + Dex modifier, high to low, once.
    Standard,
}

impl InitiativeSystem {
    /// Every system, in the order the rule tables list them.
    pub const ALL: [Self; 5] = [
        Self::Greyhawk,
        Self::AbilityCheck,
        Self::DexScore,
        Self::Side,
        Self::Standard,
    ];

    /// The registration: the rules each saved tag stands for. This is the one `match` on the
    /// tag; everything else asks the rules (docs/adding-an-initiative-system.md).
    pub fn rules(self) -> &'static dyn InitiativeRules {
        match self {
            Self::Greyhawk => &greyhawk::GreyhawkRules,
            Self::AbilityCheck => &ability_check::AbilityCheckRules,
            Self::DexScore => &dex_score::DexScoreRules,
            Self::Side => &side::SideRules,
            Self::Standard => &standard::StandardRules,
        }
    }

    /// C-03: Greyhawk runs low → high; every other system high → low.
    pub fn ascending(self) -> bool {
        self.rules().ascending()
    }

    /// C-04: Greyhawk and OSE roll every round, after a declaration phase.
    pub fn declares_each_round(self) -> bool {
        self.rules().declares_each_round()
    }

    /// C-09: whether a creature may delay (GH-INIT-13, HYB-INIT-02). A5E and 5e have Ready
    /// instead; OSE defines neither.
    pub fn allows_delay(self) -> bool {
        self.rules().delay_refusal().is_none()
    }
}

pub use crate::dice::RollMode;

/// One die of an initiative roll, as shown and replayed.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InitiativeDie {
    pub die: RolledDie,
    /// The face was rolled but not counted (the other die of an advantage pair).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub dropped: bool,
    /// The Greyhawk activity this die is for (GH-DICE-01), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity: Option<Activity>,
}

impl InitiativeDie {
    pub fn kept(die: RolledDie) -> Self {
        Self {
            die,
            dropped: false,
            activity: None,
        }
    }
}

/// Where an initiative total came from.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum RollSource {
    /// Dice were rolled now.
    #[default]
    Rolled,
    /// A5E-INIT-04: the total of the check made during the surprise step.
    SurpriseCheck,
    /// A5E-INIT-05: an actor on a fixed count (e.g. 20).
    FixedCount,
    /// HYB-INIT-01: no roll; the order comes from Dex scores.
    DexScore,
}

/// One initiative roll: for one participant, or one set of dice shared by a group (GH-INIT-11).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InitiativeRoll {
    pub participants: Vec<ParticipantId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<InitiativeDie>,
    /// Added to the kept faces: an ability modifier, +10 for Greyhawk surprise, the
    /// controller's count (GH-INIT-14), or a fixed count. Left out of the JSON when 0 (most
    /// Greyhawk rolls), and read as 0 when absent.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub modifier: i32,
    pub total: i32,
    #[serde(default, skip_serializing_if = "is_rolled")]
    pub source: RollSource,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

fn is_rolled(s: &RollSource) -> bool {
    matches!(s, RollSource::Rolled)
}

impl InitiativeRoll {
    /// Sum of the kept faces plus the modifier; `None` on overflow.
    pub fn computed_total(dice: &[InitiativeDie], modifier: i32) -> Option<i32> {
        dice.iter()
            .filter(|d| !d.dropped)
            .try_fold(modifier, |acc, d| {
                i32::try_from(d.die.face)
                    .ok()
                    .and_then(|f| acc.checked_add(f))
            })
    }
}

/// How participants on the same count are ordered where a ruleset leaves it open
/// (HYB-INIT-03 `[AMBIG]`, standard 5e). A random roll-off (d20, higher first, repeated while
/// tied) settles whatever the rule leaves tied.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum TieRule {
    /// A random roll-off only.
    RollOff,
    /// Player characters before NPCs and monsters, then a roll-off.
    PcsFirst,
    /// Higher Dex modifier first, then a roll-off.
    DexModifier,
}

/// Roll one die of `sides` through the caller's source.
pub(crate) fn roll_one(dice: &mut dyn DieRoller, sides: u32) -> Result<RolledDie> {
    Ok(RolledDie {
        sides,
        face: dice.roll_die(sides)?,
    })
}

/// Roll a d20 check with advantage or disadvantage (keep higher / lower).
pub(crate) fn roll_d20(dice: &mut dyn DieRoller, mode: RollMode) -> Result<Vec<InitiativeDie>> {
    let first = roll_one(dice, 20)?;
    if mode.is_normal() {
        return Ok(vec![InitiativeDie::kept(first)]);
    }
    let second = roll_one(dice, 20)?;
    let keep_first = match mode {
        RollMode::Advantage => first.face >= second.face,
        _ => first.face <= second.face,
    };
    Ok(vec![
        InitiativeDie {
            die: first,
            dropped: !keep_first,
            activity: None,
        },
        InitiativeDie {
            die: second,
            dropped: keep_first,
            activity: None,
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;

    #[test]
    fn d20_advantage_keeps_higher_and_disadvantage_lower() {
        let mut d = SuppliedDice::new([4, 17, 4, 17]);
        let adv = roll_d20(&mut d, RollMode::Advantage).unwrap();
        assert_eq!(InitiativeRoll::computed_total(&adv, 0), Some(17));
        let dis = roll_d20(&mut d, RollMode::Disadvantage).unwrap();
        assert_eq!(InitiativeRoll::computed_total(&dis, 2), Some(6));
    }

    /// C-03: Greyhawk's counts go up (low acts first); every other system's go down.
    #[test]
    fn c_03_only_greyhawk_acts_low_to_high() {
        use InitiativeSystem::*;
        assert!(Greyhawk.ascending());
        for system in [AbilityCheck, DexScore, Side, Standard] {
            assert!(!system.ascending(), "{system:?}");
        }
    }

    /// C-04: Greyhawk and OSE declare and roll every round; the others do not.
    #[test]
    fn c_04_greyhawk_and_ose_declare_every_round() {
        use InitiativeSystem::*;
        assert!(Greyhawk.declares_each_round() && Side.declares_each_round());
        for system in [AbilityCheck, DexScore, Standard] {
            assert!(!system.declares_each_round(), "{system:?}");
        }
    }

    /// Events and snapshots carry many rolls: a zero modifier and a rolled source (the usual
    /// case) are left out of the JSON and read back as such; anything else is written.
    #[test]
    fn an_initiative_roll_leaves_out_a_zero_modifier_and_a_rolled_source() {
        let plain = InitiativeRoll {
            participants: vec![ParticipantId::new("a").unwrap()],
            dice: Vec::new(),
            modifier: 0,
            total: 7,
            source: RollSource::Rolled,
        };
        let text = crate::wire::to_json(&plain);
        assert_eq!(text, r#"{"participants":["a"],"total":7}"#);
        let fixed = InitiativeRoll {
            modifier: 3,
            source: RollSource::FixedCount,
            ..plain.clone()
        };
        let text = crate::wire::to_json(&fixed);
        assert_eq!(
            text,
            r#"{"participants":["a"],"modifier":3,"total":7,"source":"fixedCount"}"#
        );
        for roll in [plain, fixed] {
            let back: InitiativeRoll = crate::wire::read_all(&crate::wire::to_json(&roll)).unwrap();
            assert_eq!(back, roll);
        }
    }

    #[test]
    fn advantage_and_disadvantage_cancel() {
        assert_eq!(
            RollMode::Advantage.combine(RollMode::Disadvantage),
            RollMode::Normal
        );
        assert_eq!(
            RollMode::Normal.combine(RollMode::Advantage),
            RollMode::Advantage
        );
    }
}
