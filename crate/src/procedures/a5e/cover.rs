//! A5E-ATK-06: cover.

use super::ability::Ability;

/// Degrees of cover, least to most protective. Only the single best source applies
/// ([`A5eCover::best`]).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum A5eCover {
    #[default]
    None,
    /// Blocks at least half the body: +2.
    Half,
    /// Blocks three quarters: +5.
    ThreeQuarters,
    /// Can't be targeted directly.
    Total,
}

/// C-26: which saving throws cover improves. 001 says Dexterity saving throws, 004 says saving
/// throws in general; docs/rules.md recommends following 001.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum CoverSaveRule {
    /// 001's wording (default): only Dexterity saving throws.
    #[default]
    DexterityOnly,
    /// 004's wording: every saving throw.
    AllSaves,
}

/// How something reaches a creature, for total cover.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Targeting {
    /// An attack, spell or ability check aimed at the creature.
    Direct,
    /// An area-of-effect spell or effect.
    Area,
    /// An ability check made to search the area.
    SearchArea,
}

impl A5eCover {
    /// The most protective of several sources of cover (A5E-ATK-06: only the best applies).
    pub fn best(sources: impl IntoIterator<Item = A5eCover>) -> A5eCover {
        sources.into_iter().max().unwrap_or(A5eCover::None)
    }

    /// The flat bonus half and three-quarters cover give (to AC, the covered saves and hide
    /// checks). Total cover gives no number: it prevents direct targeting instead.
    pub const fn bonus(self) -> i32 {
        match self {
            Self::None | Self::Total => 0,
            Self::Half => 2,
            Self::ThreeQuarters => 5,
        }
    }

    /// Bonus to AC.
    pub const fn ac_bonus(self) -> i32 {
        self.bonus()
    }

    /// Bonus to a saving throw of `ability`, by the C-26 rule in force.
    pub fn save_bonus(self, ability: Ability, rule: CoverSaveRule) -> i32 {
        match rule {
            CoverSaveRule::AllSaves => self.bonus(),
            CoverSaveRule::DexterityOnly if ability == Ability::Dex => self.bonus(),
            CoverSaveRule::DexterityOnly => 0,
        }
    }

    /// Bonus to an ability check made to hide.
    pub const fn hide_bonus(self) -> i32 {
        self.bonus()
    }

    /// Total cover blocks direct targeting; area effects and searching checks still reach.
    pub const fn can_be_targeted(self, targeting: Targeting) -> bool {
        !matches!((self, targeting), (Self::Total, Targeting::Direct))
    }
}
