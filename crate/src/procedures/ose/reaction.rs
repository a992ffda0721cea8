//! OSE-REACT-01: the monster reaction roll, 2d6 plus the speaker's CHA reaction modifier.
//!
//! The CHA → NPC-reaction-modifier table is not in the source, so the modifier is a number the
//! caller supplies (from its own character sheet).

use crate::dice::{DiceSpec, DieSize};
use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;
use crate::procedures::limits::check_modifier;
use crate::procedures::rolls::sum_faces;

/// A monster's reaction, from worst to best.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Reaction {
    /// Hostile, attacks.
    Hostile,
    /// Unfriendly, may attack.
    Unfriendly,
    /// Neutral, uncertain.
    Neutral,
    /// Indifferent, uninterested.
    Indifferent,
    /// Friendly, helpful.
    Friendly,
}

impl Reaction {
    /// The table's wording for this result.
    pub const fn description(self) -> &'static str {
        match self {
            Self::Hostile => "Hostile, attacks",
            Self::Unfriendly => "Unfriendly, may attack",
            Self::Neutral => "Neutral, uncertain",
            Self::Indifferent => "Indifferent, uninterested",
            Self::Friendly => "Friendly, helpful",
        }
    }
}

/// One row of the reaction table: totals up to `up_to` (inclusive) give `reaction`; the last
/// row is open-ended.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ReactionRow {
    /// Lowest total of the row (`None`: "or less").
    pub from: Option<i32>,
    /// Highest total of the row (`None`: "or more").
    pub up_to: Option<i32>,
    pub reaction: Reaction,
}

/// OSE-REACT-01: the reaction table, every row.
pub const REACTION_TABLE: [ReactionRow; 5] = [
    ReactionRow {
        from: None,
        up_to: Some(2),
        reaction: Reaction::Hostile,
    },
    ReactionRow {
        from: Some(3),
        up_to: Some(5),
        reaction: Reaction::Unfriendly,
    },
    ReactionRow {
        from: Some(6),
        up_to: Some(8),
        reaction: Reaction::Neutral,
    },
    ReactionRow {
        from: Some(9),
        up_to: Some(11),
        reaction: Reaction::Indifferent,
    },
    ReactionRow {
        from: Some(12),
        up_to: None,
        reaction: Reaction::Friendly,
    },
];

/// OSE-REACT-01: the reaction for a modified 2d6 total.
pub fn reaction_for_total(total: i32) -> Reaction {
    REACTION_TABLE
        .iter()
        .find(|row| row.up_to.is_none_or(|max| total <= max))
        .map_or(Reaction::Friendly, |row| row.reaction)
}

/// OSE-REACT-01: dice for the reaction roll.
pub const REACTION_DICE: DiceSpec = DiceSpec::new(2, DieSize::D6);

/// A reaction roll with its dice.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ReactionRoll {
    pub dice: Vec<RolledDie>,
    pub modifier: i32,
    pub total: i32,
    pub reaction: Reaction,
}

/// OSE-REACT-01: roll 2d6 for a monster's reaction. `speaker_cha_modifier` is the CHA-based
/// reaction modifier of the one character who tries to talk to the monsters, if one does.
pub fn roll_reaction(
    roller: &mut dyn DieRoller,
    speaker_cha_modifier: Option<i32>,
) -> Result<ReactionRoll> {
    let modifier = check_modifier("CHA reaction modifier", speaker_cha_modifier.unwrap_or(0))?;
    let dice = REACTION_DICE.roll(roller)?;
    let rolled = i32::try_from(sum_faces(&dice)).unwrap_or(i32::MAX);
    let total = rolled.saturating_add(modifier);
    Ok(ReactionRoll {
        dice,
        modifier,
        total,
        reaction: reaction_for_total(total),
    })
}
