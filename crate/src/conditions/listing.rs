//! The conditions a game offers, as a list a user interface shows: every condition of an
//! encounter's catalog (its ruleset's built-in set, then the table's homebrew), so a GM screen
//! offers exactly the conditions the engine takes instead of keeping a copy of its own.

use std::borrow::Cow;

use super::catalog::ConditionCatalog;
use super::id::ConditionId;

/// One condition as a picker lists it.
#[crate::boundary(output)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ConditionListing {
    pub id: ConditionId,
    pub name: Cow<'static, str>,
    /// The docs/rules.md id it restates (none for homebrew).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<Cow<'static, str>>,
    /// Loaded by the table (`loadHomebrew`), not built in.
    pub homebrew: bool,
    /// Applies by itself from hit points (bloodied): a GM does not give it.
    pub automatic: bool,
    /// A name without rules yet (a homebrew condition of the same id gives it some).
    pub placeholder: bool,
}

impl ConditionCatalog {
    /// Every condition, built-in first, then homebrew in load order.
    pub fn listing(&self) -> Vec<ConditionListing> {
        self.iter()
            .map(|d| ConditionListing {
                id: d.id.clone(),
                name: d.name.clone(),
                rule: d.rule.clone(),
                homebrew: self.is_homebrew(&d.id),
                automatic: d.derived_from_hit_points,
                placeholder: d.placeholder,
            })
            .collect()
    }
}
