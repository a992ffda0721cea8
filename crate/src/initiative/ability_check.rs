//! A5E ability-check initiative (docs/rules.md §2.2–2.5): d20 + an ability check, Dexterity by
//! default or another check per participant (A5E-INIT-01/02), high → low, kept for the whole
//! encounter; ties roll off with a d20, again while tied (A5E-INIT-03).

pub use super::options::AbilityCheckOptions;

use crate::effects::DurationRules;
use crate::error::{Error, Result};
use crate::ids::Label;
use crate::initiative::rules::{
    ActionEconomy, ControlRule, InitiativeOptions, InitiativeRules, OpeningRoll, OrderFacts,
    ReadyRule, SurpriseRule,
};
use crate::initiative::system::InitiativeSystem;

pub use crate::ability::Ability;

/// Ability modifiers other than Dexterity (which every participant carries with its score).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct AbilityMods {
    pub str: i8,
    pub con: i8,
    pub int: i8,
    pub wis: i8,
    pub cha: i8,
}

impl AbilityMods {
    pub fn is_zero(&self) -> bool {
        *self == Self::default()
    }
}

/// The check a participant makes for initiative (A5E-INIT-02): an ability, optionally the
/// skill or tool named for the log, and the extra bonus the caller computed (proficiency,
/// expertise…), which is added to the ability modifier.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InitiativeCheck {
    pub ability: Ability,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<Label>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bonus: i8,
}

fn is_zero(v: &i8) -> bool {
    *v == 0
}

impl InitiativeCheck {
    /// A plain ability check.
    pub fn ability(ability: Ability) -> Self {
        Self {
            ability,
            skill: None,
            bonus: 0,
        }
    }

    /// A check from the Types of Initiative table (A5E-INIT-02), by row index (0–4).
    pub fn from_table(row: usize) -> Result<Self> {
        let (ability, skill, _) = TYPES_OF_INITIATIVE.get(row).ok_or_else(|| {
            Error::invalid_argument(format!(
                "the Types of Initiative table has rows 0 to {}",
                TYPES_OF_INITIATIVE.len().saturating_sub(1)
            ))
        })?;
        Ok(Self {
            ability: *ability,
            skill: Some(Label::new(*skill)?),
            bonus: 0,
        })
    }
}

/// A5E-INIT-02: Types of Initiative, every row (G-06: the first row was printed as a header).
pub const TYPES_OF_INITIATIVE: [(Ability, &str, &str); 5] = [
    (Ability::Wis, "Perception", "Spotting a hidden threat"),
    (
        Ability::Str,
        "Athletics",
        "Climbing a cliff during a landslide",
    ),
    (
        Ability::Cha,
        "Deception",
        "Being unassuming before suddenly taking action",
    ),
    (
        Ability::Wis,
        "Insight",
        "Noticing when an unassuming participant is about to take action",
    ),
    (
        Ability::Dex,
        "Land Vehicles",
        "Participating in a wagon race",
    ),
];

/// A5E initiative as the encounter sees it: an ability check once, high to low, Ready rather
/// than Delay, five slots per turn, controlled creatures on their controller's turn.
pub struct AbilityCheckRules;

impl InitiativeRules for AbilityCheckRules {
    fn system(&self) -> InitiativeSystem {
        InitiativeSystem::AbilityCheck
    }

    /// A5E-INIT-01 high first; A5E-INIT-03 a roll-off for the rest.
    fn order_key(&self, p: &OrderFacts, _options: &InitiativeOptions<'_>) -> [i32; 4] {
        [p.count.saturating_neg(), p.rank, 0, 0]
    }

    fn opening_roll(&self) -> OpeningRoll {
        OpeningRoll::D20 {
            ability_check: true,
        }
    }

    fn ready(&self) -> ReadyRule {
        ReadyRule::Action
    }

    fn action_economy(&self) -> ActionEconomy {
        ActionEconomy::Slots
    }

    fn control(&self) -> ControlRule {
        ControlRule::ControllersTurn
    }

    fn surprise(&self) -> SurpriseRule {
        SurpriseRule::FirstTurn
    }

    /// A5E-DUR-01: turn anchors kept.
    fn duration_rules(&self, _options: &InitiativeOptions<'_>) -> DurationRules {
        DurationRules::a5e()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a5e_init_02_types_of_initiative_every_row() {
        let expected = [
            (Ability::Wis, "Perception"),
            (Ability::Str, "Athletics"),
            (Ability::Cha, "Deception"),
            (Ability::Wis, "Insight"),
            (Ability::Dex, "Land Vehicles"),
        ];
        assert_eq!(TYPES_OF_INITIATIVE.len(), 5);
        for (row, (ability, skill)) in expected.iter().enumerate() {
            let c = InitiativeCheck::from_table(row).unwrap();
            assert_eq!(c.ability, *ability);
            assert_eq!(c.skill.unwrap().as_str(), *skill);
        }
        assert!(InitiativeCheck::from_table(5).is_err());
    }
}
