//! Standard 5e initiative: d20 + Dex modifier, high → low, rolled once per encounter.

use serde::{Deserialize, Serialize};

use crate::initiative::TieRule;

/// Options of the standard system.
#[derive(crate::Digestible)]
#[cfg_attr(test, derive(Hash))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
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
