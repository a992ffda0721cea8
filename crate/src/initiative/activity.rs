//! Greyhawk's activity categories and their initiative dice (GH-DICE-01): what a creature
//! declares, and what a rolled initiative die records it was rolled for.

use crate::dice::DieSize;

/// GH-DICE-01: the activity categories a creature declares (GH-INIT-08). Only the category is
/// declared, never the spell, target or destination.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Activity {
    /// Ranged attack: d4.
    Ranged,
    /// Movement: d6.
    Move,
    /// Swap gear (sheathe or drop a weapon): d6 (GH-INIT-07).
    Swap,
    /// Any other action (Dash, Disengage, Dodge, Help, Hide, Use an Object): d6 (G-01).
    Other,
    /// Melee attack: d8.
    Melee,
    /// Cast a spell: d10.
    Spell,
}

/// GH-DICE-01: the initiative die of every activity, every row of the table.
pub const INITIATIVE_DICE: [(Activity, DieSize); 6] = [
    (Activity::Ranged, DieSize::D4),
    (Activity::Move, DieSize::D6),
    (Activity::Swap, DieSize::D6),
    (Activity::Other, DieSize::D6),
    (Activity::Melee, DieSize::D8),
    (Activity::Spell, DieSize::D10),
];

impl Activity {
    /// Every activity, in [`INITIATIVE_DICE`]'s order (a test holds the two together).
    pub const ALL: [Activity; 6] = [
        Self::Ranged,
        Self::Move,
        Self::Swap,
        Self::Other,
        Self::Melee,
        Self::Spell,
    ];

    /// The die from [`INITIATIVE_DICE`].
    pub fn die(self) -> DieSize {
        INITIATIVE_DICE
            .iter()
            .find(|(a, _)| *a == self)
            .map_or(DieSize::D6, |(_, d)| *d)
    }

    /// Whether this category is an action (as opposed to movement or swapping gear), so that
    /// extra actions roll only the largest action die (GH-INIT-05) and it may be a bonus action
    /// (GH-INIT-04).
    pub const fn is_action(self) -> bool {
        matches!(self, Self::Ranged | Self::Other | Self::Melee | Self::Spell)
    }

    pub const fn label(self) -> &'static str {
        match self {
            Self::Ranged => "ranged attack",
            Self::Move => "movement",
            Self::Swap => "swap gear",
            Self::Other => "other action",
            Self::Melee => "melee attack",
            Self::Spell => "cast a spell",
        }
    }
}
