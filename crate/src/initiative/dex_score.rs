//! HYB initiative (docs/rules.md §3.3): no roll; a fixed order by Dex score, high → low, the same
//! every round (HYB-INIT-01); delay to a slower position (HYB-INIT-02); a configurable tie rule
//! (HYB-INIT-03). The action budget (HYB-ACT-01..05) is enforced by the encounter.

pub use super::options::{AmbushRule, DexScoreOptions};

use crate::effects::DurationRules;
use crate::initiative::rules::{
    ActionEconomy, ControlRule, InitiativeOptions, InitiativeRules, OpeningRoll, OrderFacts,
    ReadyRule, SurpriseRule,
};
use crate::initiative::system::InitiativeSystem;

/// HYB initiative as the encounter sees it: the Dex-score order every round, Delay and a
/// quick-action Ready, active/movement/quick actions, ambushes instead of surprise.
pub struct DexScoreRules;

impl InitiativeRules for DexScoreRules {
    fn system(&self) -> InitiativeSystem {
        InitiativeSystem::DexScore
    }

    /// HYB-INIT-01: Dex score high first (the score is the count), ambushers first in round 1
    /// when the option says so; HYB-INIT-03 for equal scores.
    fn order_key(&self, p: &OrderFacts, options: &InitiativeOptions<'_>) -> [i32; 4] {
        let behind_ambushers = p.ambushed && options.hyb.ambush == AmbushRule::AmbushersFirst;
        [
            i32::from(behind_ambushers),
            p.count.saturating_neg(),
            p.rank,
            p.tie_key(options.hyb.tie_rule),
        ]
    }

    /// HYB-INIT-01 `[ADJ]`: a free round leaves the ambushed without a turn.
    fn own_turn(&self, p: &OrderFacts, options: &InitiativeOptions<'_>) -> bool {
        !(p.ambushed && options.hyb.ambush == AmbushRule::FreeRound)
    }

    /// HYB-DEATH-01: at 0 HP a creature is incapacitated and cannot act.
    fn skips_unable(&self) -> bool {
        true
    }

    fn opening_roll(&self) -> OpeningRoll {
        OpeningRoll::DexScore
    }

    /// HYB-INIT-02.
    fn delay_refusal(&self) -> Option<&'static str> {
        None
    }

    /// HYB-ACT-05.
    fn ready(&self) -> ReadyRule {
        ReadyRule::Quick
    }

    fn action_economy(&self) -> ActionEconomy {
        ActionEconomy::ActiveMovementQuick
    }

    fn control(&self) -> ControlRule {
        ControlRule::OwnTurns
    }

    fn surprise(&self) -> SurpriseRule {
        SurpriseRule::Absent {
            by_hand: "HYB has no surprise rule; start with ambushers instead (HYB-INIT-01)",
        }
    }

    fn has_retreat_action(&self) -> bool {
        true
    }

    fn duration_rules(&self, _options: &InitiativeOptions<'_>) -> DurationRules {
        DurationRules::a5e()
    }
}
