//! OSE surprise (OSE-SURP-01..03): who rolls, the roll, and what it does to the first round.

use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;

/// The two sides of an OSE encounter. The referee rolls for the monsters; one player rolls for
/// the whole party (OSE-SURP-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum EncounterSide {
    Party,
    Monsters,
}

impl EncounterSide {
    pub const fn opposite(self) -> Self {
        match self {
            Self::Party => Self::Monsters,
            Self::Monsters => Self::Party,
        }
    }
}

/// OSE-SURP-01: what decides whether a side rolls for surprise at all. Each flag is the
/// referee's finding; e.g. a light carried in the dark *usually* gives its bearers away, so the
/// referee sets `opponentShowsLightInDark` when it does.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct SurpriseFactors {
    /// The side expects the encounter (monsters waiting for a noisy party).
    pub expecting: bool,
    /// The other side carries a light in a dark place, so it cannot surprise this side.
    pub opponent_shows_light_in_dark: bool,
    /// The other side failed to force the door this side is behind, losing its chance to
    /// surprise.
    pub opponent_failed_to_force_door: bool,
}

impl SurpriseFactors {
    /// OSE-SURP-01: only a side that is not expecting the encounter rolls for surprise.
    pub const fn rolls_for_surprise(&self) -> bool {
        !(self.expecting || self.opponent_shows_light_in_dark || self.opponent_failed_to_force_door)
    }
}

/// OSE-SURP-02: a side is surprised on a 1 or 2 on 1d6.
pub const SURPRISED_IN_SIX: u32 = 2;

/// One side's surprise roll (none when the side could not be surprised).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SurpriseRoll {
    pub side: EncounterSide,
    pub die: Option<RolledDie>,
    pub surprised: bool,
}

/// OSE-SURP-01/02: roll 1d6 for `side` if it is unaware; 1–2 means surprised.
pub fn roll_surprise(
    roller: &mut dyn DieRoller,
    side: EncounterSide,
    factors: SurpriseFactors,
) -> Result<SurpriseRoll> {
    if !factors.rolls_for_surprise() {
        return Ok(SurpriseRoll {
            side,
            die: None,
            surprised: false,
        });
    }
    let face = roller.roll_die(6)?;
    Ok(SurpriseRoll {
        side,
        die: Some(RolledDie { sides: 6, face }),
        surprised: face <= SURPRISED_IN_SIX,
    })
}

/// OSE-SURP-03: the combined effect of both sides' surprise.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SurpriseOutcome {
    /// Nobody is surprised.
    NoSurprise,
    /// Both sides are surprised: a moment of confusion, no one gains an advantage.
    BothSurprised,
    /// One side is surprised: it cannot act in the first round; the other side gets that round
    /// free.
    OneSideSurprised { surprised: EncounterSide },
}

impl SurpriseOutcome {
    /// Combine the two sides' rolls.
    pub const fn from_rolls(party: &SurpriseRoll, monsters: &SurpriseRoll) -> Self {
        match (party.surprised, monsters.surprised) {
            (false, false) => Self::NoSurprise,
            (true, true) => Self::BothSurprised,
            (true, false) => Self::OneSideSurprised {
                surprised: EncounterSide::Party,
            },
            (false, true) => Self::OneSideSurprised {
                surprised: EncounterSide::Monsters,
            },
        }
    }

    /// The side that gets a free round, if any.
    pub const fn free_round(self) -> Option<EncounterSide> {
        match self {
            Self::OneSideSurprised { surprised } => Some(surprised.opposite()),
            Self::NoSurprise | Self::BothSurprised => None,
        }
    }

    /// Whether `side` may act in the first round.
    pub const fn can_act_first_round(self, side: EncounterSide) -> bool {
        match self {
            Self::OneSideSurprised { surprised } => !matches!(
                (surprised, side),
                (EncounterSide::Party, EncounterSide::Party)
                    | (EncounterSide::Monsters, EncounterSide::Monsters)
            ),
            Self::NoSurprise | Self::BothSurprised => true,
        }
    }

    /// Whether either side is surprised (this shortens outdoor encounter distance, OSE-ENC-03).
    pub const fn either_surprised(self) -> bool {
        !matches!(self, Self::NoSurprise)
    }
}
