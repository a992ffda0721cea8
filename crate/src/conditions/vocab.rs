//! The small vocabularies that condition effects and roll queries are written in: abilities,
//! skills, senses, roll kinds and attack ranges.

pub use crate::ability::{Ability, Skill};
pub use crate::dice::RollMode;

/// Senses a check may need. Blinded and deafened creatures automatically fail checks that need
/// the sense they lack (A5E-COND-03, A5E-COND-07).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Sense {
    Sight,
    Hearing,
}

/// The kinds of roll a condition effect can name.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum RollKind {
    /// An attack roll made by the creature.
    Attack,
    /// An ability check made by the creature (skill and tool checks included).
    AbilityCheck,
    /// A saving throw made by the creature.
    SavingThrow,
    /// A roll to keep concentration (A5E-COND-01, strife level 2). Whether it also counts as a
    /// Constitution saving throw is a query option ([`crate::conditions::ConcentrationBase`]).
    Concentration,
    /// A damage roll made by the creature (the OSE penalties, OSE-DUNG-09, OSE-WILD-11,
    /// OSE-PURSUIT-02).
    Damage,
}

/// Melee or ranged, for attack rolls and for attacks made against a creature.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum AttackRange {
    Melee,
    Ranged,
}

/// Advantage or disadvantage, as a single effect grants it.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Mode {
    Advantage,
    Disadvantage,
}
