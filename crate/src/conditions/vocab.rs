//! The small vocabularies that condition effects and roll queries are written in: abilities,
//! skills, senses, roll kinds and attack ranges.

use serde::{Deserialize, Serialize};

/// The six ability scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Ability {
    Strength,
    Dexterity,
    Constitution,
    Intelligence,
    Wisdom,
    Charisma,
}

impl Ability {
    /// Strength, Dexterity and Constitution: the physical abilities named by agonized
    /// (A5E-COND-01) and fatigue levels 2 and 4 (A5E-TRACK-07).
    pub const PHYSICAL: &'static [Ability] =
        &[Ability::Strength, Ability::Dexterity, Ability::Constitution];
    /// Intelligence, Wisdom and Charisma: the mental abilities named by enraged (A5E-COND-11)
    /// and strife levels 1 and 4 (A5E-TRACK-08).
    pub const MENTAL: &'static [Ability] =
        &[Ability::Intelligence, Ability::Wisdom, Ability::Charisma];
}

/// Skills a check can be made with. The A5E list; only some are named by conditions
/// (Investigation and Perception by fixated, A5E-COND-13), but a check may carry any of them so
/// that homebrew conditions can target one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Skill {
    Acrobatics,
    AnimalHandling,
    Arcana,
    Athletics,
    Culture,
    Deception,
    Engineering,
    History,
    Insight,
    Intimidation,
    Investigation,
    Medicine,
    Nature,
    Perception,
    Performance,
    Persuasion,
    Religion,
    SleightOfHand,
    Stealth,
    Survival,
}

/// Senses a check may need. Blinded and deafened creatures automatically fail checks that need
/// the sense they lack (A5E-COND-03, A5E-COND-07).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Sense {
    Sight,
    Hearing,
}

/// The kinds of roll a condition effect can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum AttackRange {
    Melee,
    Ranged,
}

/// Advantage or disadvantage, as a single effect grants it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Mode {
    Advantage,
    Disadvantage,
}

/// The mode a d20 is finally rolled in once every source is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum RollMode {
    Normal,
    Advantage,
    Disadvantage,
}
