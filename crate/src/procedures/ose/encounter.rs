//! OSE encounter openings (OSE-ENC-01..06): the sequence of steps, encounter distance by
//! location, encounter movement, and one call that runs steps 1–3 (surprise, distance, who
//! rolls initiative) so an encounter or a VTT can open an OSE encounter in one go.

use crate::dice::{DiceSpec, DieSize};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::limits::MAX_DISTANCE;
use crate::procedures::ose::movement::MovementRate;
use crate::procedures::ose::surprise::{
    EncounterSide, SurpriseFactors, SurpriseOutcome, SurpriseRoll, roll_surprise,
};
use crate::procedures::rolls::sum_faces;
use crate::units::{Distance, DistanceUnit};

/// OSE-ENC-01: how an encounter came about.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum EncounterOrigin {
    /// A monster the referee placed.
    Placed,
    /// A monster from a wandering-monster roll.
    Wandering,
}

/// OSE-ENC-02: the steps of an encounter, in order.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum EncounterStep {
    /// Roll surprise if applicable.
    Surprise,
    /// Determine encounter distance.
    Distance,
    /// Only sides that are not surprised roll initiative.
    Initiative,
    /// Non-surprised sides decide how to respond and the encounter plays out.
    Actions,
    /// One turn has passed.
    Conclusion,
}

/// OSE-ENC-02: the encounter sequence as data.
pub const ENCOUNTER_SEQUENCE: [EncounterStep; 5] = [
    EncounterStep::Surprise,
    EncounterStep::Distance,
    EncounterStep::Initiative,
    EncounterStep::Actions,
    EncounterStep::Conclusion,
];

impl EncounterStep {
    /// The step after this one, or `None` after the conclusion.
    pub fn next(self) -> Option<Self> {
        let at = ENCOUNTER_SEQUENCE.iter().position(|s| *s == self)?;
        ENCOUNTER_SEQUENCE.get(at.saturating_add(1)).copied()
    }
}

/// OSE-ENC-06: an encounter takes at least one full turn (10 minutes), including the time to
/// rest, regroup, clean weapons and bind wounds afterwards.
pub const ENCOUNTER_MIN_TURNS: u32 = 1;

/// Where an encounter happens; decides the distance dice and unit (OSE-ENC-03).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum EncounterLocation {
    Dungeon,
    Wilderness,
    Waterborne,
}

impl EncounterLocation {
    /// OSE-ENC-05: encounter distances and movement are in feet underground, yards outdoors.
    pub const fn unit(self) -> DistanceUnit {
        match self {
            Self::Dungeon => DistanceUnit::Feet,
            Self::Wilderness | Self::Waterborne => DistanceUnit::Yards,
        }
    }

    /// OSE-ENC-03: the dice for encounter distance (multiplied by 10 in [`Self::unit`]).
    /// Dungeon 2d6; wilderness and waterborne 4d6, or 1d4 if either side is surprised.
    pub const fn distance_dice(self, either_side_surprised: bool) -> DiceSpec {
        match (self, either_side_surprised) {
            (Self::Dungeon, _) => DiceSpec::new(2, DieSize::D6),
            (Self::Wilderness | Self::Waterborne, false) => DiceSpec::new(4, DieSize::D6),
            (Self::Wilderness | Self::Waterborne, true) => DiceSpec::new(1, DieSize::D4),
        }
    }
}

/// OSE-ENC-03: each point on the distance dice is 10 feet or yards.
pub const DISTANCE_MULTIPLIER: u32 = 10;

/// An encounter distance and the dice that made it (none when the situation fixed it).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EncounterDistance {
    pub dice: Vec<RolledDie>,
    pub distance: Distance,
}

/// OSE-ENC-03: roll the encounter distance for `location`.
pub fn roll_encounter_distance(
    roller: &mut dyn DieRoller,
    location: EncounterLocation,
    either_side_surprised: bool,
) -> Result<EncounterDistance> {
    let dice = location.distance_dice(either_side_surprised).roll(roller)?;
    let amount = sum_faces(&dice).saturating_mul(DISTANCE_MULTIPLIER);
    Ok(EncounterDistance {
        dice,
        distance: Distance::new(amount, location.unit()),
    })
}

/// OSE-ENC-04: the common ways a side responds to an encounter.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum OseEncounterResponse {
    /// Attacking, casting spells or tactical movement by either side.
    Combat,
    /// One side flees; the other may pursue.
    Evasion,
    /// Talking first, which can influence the reaction roll.
    Parley,
}

/// What an [`OseEncounterResponse`] leads to.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ResponseProcedure {
    /// Time switches to rounds and the combat procedure runs.
    CombatRounds,
    /// The evasion procedure (`ose::evasion`) runs.
    Evasion,
    /// The reaction roll (`ose::reaction`), with the speaker's CHA modifier.
    ReactionRoll,
}

impl OseEncounterResponse {
    /// OSE-ENC-04: the procedure a response starts.
    pub const fn procedure(self) -> ResponseProcedure {
        match self {
            Self::Combat => ResponseProcedure::CombatRounds,
            Self::Evasion => ResponseProcedure::Evasion,
            Self::Parley => ResponseProcedure::ReactionRoll,
        }
    }
}

/// OSE-ENC-05, OSE-COMBAT-03 (moving outside melee): encounter movement can be kept up for at
/// most 60 rounds (one turn).
pub const ENCOUNTER_MOVEMENT_MAX_ROUNDS: u32 = 60;

/// OSE-ENC-05: how far a creature may move per encounter round: ⅓ of its base rate, in feet in
/// the dungeon and yards outdoors (120 → 40 ft, or 40 yd in the wilderness).
pub fn encounter_movement(rate: MovementRate, location: EncounterLocation) -> Result<Distance> {
    let rate = rate.validate()?;
    Ok(Distance::new(rate.encounter_per_round().0, location.unit()))
}

/// What the referee knows before an encounter opens.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OpeningInput {
    /// OSE-ENC-01: a placed monster or a wandering-monster roll; both open the same way.
    pub origin: EncounterOrigin,
    pub location: EncounterLocation,
    #[serde(default)]
    pub party: SurpriseFactors,
    #[serde(default)]
    pub monsters: SurpriseFactors,
    /// OSE-ENC-03 applies only "if the situation doesn't decide it": a distance given here is
    /// used as is and no distance dice are rolled.
    #[serde(default)]
    pub fixed_distance: Option<Distance>,
}

/// The result of encounter steps 1–3 (OSE-ENC-02).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EncounterOpening {
    pub origin: EncounterOrigin,
    pub location: EncounterLocation,
    pub party_surprise: SurpriseRoll,
    pub monster_surprise: SurpriseRoll,
    pub surprise: SurpriseOutcome,
    pub distance: EncounterDistance,
    /// Sides that roll initiative for the first round.
    pub initiative_sides: Vec<EncounterSide>,
    /// The side that gets a free round, if one side alone is surprised (OSE-SURP-03).
    pub free_round: Option<EncounterSide>,
    /// The step the encounter is at now: the sides decide how to respond.
    pub next_step: EncounterStep,
}

/// OSE-ENC-02 steps 1–3: roll surprise for each unaware side (party first, then monsters), then
/// the distance (shortened outdoors if either side is surprised), then list the sides that roll
/// initiative.
///
/// Only non-surprised sides roll initiative. When both sides are surprised, OSE-SURP-03 says no
/// one gains an advantage, so both roll: the surprise cancels out (an engine reading; the
/// sequence read literally would leave no side to roll).
pub fn open_encounter(
    roller: &mut dyn DieRoller,
    input: &OpeningInput,
) -> Result<EncounterOpening> {
    if input
        .fixed_distance
        .is_some_and(|d| d.amount() > MAX_DISTANCE)
    {
        return Err(Error::invalid_argument(format!(
            "an encounter distance must be at most {MAX_DISTANCE}"
        )));
    }
    let party_surprise = roll_surprise(roller, EncounterSide::Party, input.party)?;
    let monster_surprise = roll_surprise(roller, EncounterSide::Monsters, input.monsters)?;
    let surprise = SurpriseOutcome::from_rolls(&party_surprise, &monster_surprise);
    let distance = match input.fixed_distance {
        Some(distance) => EncounterDistance {
            dice: Vec::new(),
            distance,
        },
        None => roll_encounter_distance(roller, input.location, surprise.either_surprised())?,
    };
    let initiative_sides = [EncounterSide::Party, EncounterSide::Monsters]
        .into_iter()
        .filter(|side| surprise.can_act_first_round(*side))
        .collect();
    Ok(EncounterOpening {
        origin: input.origin,
        location: input.location,
        party_surprise,
        monster_surprise,
        surprise,
        distance,
        initiative_sides,
        free_round: surprise.free_round(),
        next_step: EncounterStep::Actions,
    })
}
