//! HYB initiative (docs/rules.md §3.3): no roll; a fixed order by Dex score, high → low, the same
//! every round (HYB-INIT-01); delay to a slower position (HYB-INIT-02); a configurable tie rule
//! (HYB-INIT-03). The action budget (HYB-ACT-01..05) is enforced by the encounter.

use serde::{Deserialize, Serialize};

use crate::initiative::TieRule;

/// HYB-INIT-01 `[ADJ]`: the source names an ambush but not its mechanic.
#[derive(crate::Digestible)]
#[cfg_attr(test, derive(Hash))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
pub enum AmbushRule {
    /// In round 1 the ambushing sides act first (in Dex order), then everyone else.
    #[default]
    AmbushersFirst,
    /// Round 1 is a free round: only the ambushing sides act.
    FreeRound,
}

/// Options of the HYB system.
#[derive(crate::Digestible)]
#[cfg_attr(test, derive(Hash))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
pub struct DexScoreOptions {
    /// HYB-INIT-03 `[AMBIG]`: equal Dex scores. docs/rules.md suggests PCs first or a roll-off.
    pub tie_rule: TieRule,
    /// HYB-ACT-02/03: trading an active action down to a movement or quick action, and a
    /// movement action down to a quick action ("if the GM allows").
    pub trade_down: bool,
    /// HYB-INIT-01 `[ADJ]`.
    pub ambush: AmbushRule,
}

impl Default for DexScoreOptions {
    fn default() -> Self {
        Self {
            tie_rule: TieRule::PcsFirst,
            trade_down: true,
            ambush: AmbushRule::AmbushersFirst,
        }
    }
}

impl DexScoreOptions {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}
