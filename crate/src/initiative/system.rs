//! Which initiative system an encounter runs, and how ties on a count are broken: the tags the
//! rest of the crate names, below the systems themselves (which [`super::InitiativeSystem::rules`]
//! registers in `initiative/mod.rs`).

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
