//! Standard 5e initiative: d20 + Dex modifier, high → low, rolled once per encounter.

pub use super::options::StandardOptions;

use crate::effects::DurationRules;
use crate::initiative::rules::{
    ActionEconomy, ControlRule, InitiativeOptions, InitiativeRules, OpeningRoll, OrderFacts,
    ReadyRule, SurpriseRule,
};
use crate::initiative::system::InitiativeSystem;

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
