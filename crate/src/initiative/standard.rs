//! Standard 5e initiative: d20 + Dex modifier, high → low, rolled once per encounter.

use crate::effects::DurationRules;
use crate::initiative::InitiativeSystem;
use crate::initiative::TieRule;
use crate::initiative::rules::{
    ActionEconomy, ControlRule, InitiativeOptions, InitiativeRules, OpeningRoll, OrderFacts,
    ReadyRule, SurpriseRule,
};

/// Options of the standard system.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct StandardOptions {
    /// How equal totals are ordered before a roll-off (the 5e rules leave it to the table).
    pub tie_rule: TieRule,
}

impl Default for StandardOptions {
    fn default() -> Self {
        Self {
            tie_rule: TieRule::DexModifier,
        }
    }
}

impl StandardOptions {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// Standard 5e as the encounter sees it: A5E's turn structure with d20 + Dex modifier and a
/// table-chosen tie rule.
pub struct StandardRules;

impl InitiativeRules for StandardRules {
    fn system(&self) -> InitiativeSystem {
        InitiativeSystem::Standard
    }

    fn order_key(&self, p: &OrderFacts, options: &InitiativeOptions<'_>) -> [i32; 4] {
        [
            p.count.saturating_neg(),
            p.rank,
            p.tie_key(options.standard.tie_rule),
            0,
        ]
    }

    fn opening_roll(&self) -> OpeningRoll {
        OpeningRoll::D20 {
            ability_check: false,
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

    fn duration_rules(&self, _options: &InitiativeOptions<'_>) -> DurationRules {
        DurationRules::a5e()
    }
}
