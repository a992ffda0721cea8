//! A5E-ATK-01..05: what the circumstances of an attack do to it — seeing and being seen, range
//! bands, ranged attacks in melee, reach — and when movement provokes an opportunity attack.
//! Underwater fighting (A5E-ENV-04) and the suspended-in-water scenario (A5E-SCEN-01) plug in
//! through [`AttackEnvironment`].

use super::cover::{A5eCover, Targeting};
use super::dice::RollMode;
use super::environment::underwater::{self, WaterWeapon};
use super::limits;
use crate::error::{Error, Result};

/// A5E-ATK-04: default melee reach.
pub const DEFAULT_REACH_FT: u32 = 5;

/// A5E-ATK-02: where a distance falls against a weapon's ranges.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum A5eRangeBand {
    /// Within normal range: no effect.
    Normal,
    /// Beyond normal range, within long range: disadvantage.
    Long,
    /// Beyond the only range, or beyond long range: can't be attacked.
    OutOfRange,
}

/// A5E-ATK-02: classify `distance_ft` against a single range or a normal/long pair.
pub const fn range_band(distance_ft: u32, normal_ft: u32, long_ft: Option<u32>) -> A5eRangeBand {
    if distance_ft <= normal_ft {
        return A5eRangeBand::Normal;
    }
    match long_ft {
        Some(long) if distance_ft <= long => A5eRangeBand::Long,
        _ => A5eRangeBand::OutOfRange,
    }
}

/// A5E-ATK-04: is a target at `distance_ft` within `reach_ft`?
pub const fn within_reach(distance_ft: u32, reach_ft: u32) -> bool {
    distance_ft <= reach_ft
}

/// The form of the attack.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all_fields = "camelCase",
    rename_all = "camelCase"
)]
pub enum AttackForm {
    Melee {
        /// 5 ft unless the creature or weapon says otherwise (A5E-ATK-04); 5 when left out.
        #[serde(default = "five_feet")]
        reach_ft: u32,
        distance_ft: u32,
        /// A weapon attack (as opposed to a melee spell attack).
        weapon: bool,
    },
    Ranged {
        distance_ft: u32,
        normal_range_ft: u32,
        /// `None` for a single range, which can't be exceeded.
        long_range_ft: Option<u32>,
        /// A weapon attack (as opposed to a ranged spell attack).
        weapon: bool,
        /// A thrown weapon.
        thrown: bool,
        /// The attacker is within reach of a hostile creature (A5E-ATK-03).
        hostile_within_reach: bool,
    },
}

/// Where the attack happens, for the water rules.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(
    tag = "type",
    rename_all_fields = "camelCase",
    rename_all = "camelCase"
)]
pub enum AttackEnvironment {
    #[default]
    Normal,
    /// A5E-ENV-04: fighting underwater. `weapon` is the weapon used (`None` for a spell or an
    /// unarmed strike).
    Underwater {
        attacker_has_swim_speed: bool,
        weapon: Option<WaterWeapon>,
    },
    /// A5E-SCEN-01: participants suspended in a large body of water.
    SuspendedInWater { attacker_has_swim_speed: bool },
}

/// A5E-ATK-01: where an unseen target is believed to be.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum TargetLocation {
    /// The attacker knows where the target is (seen or not).
    #[default]
    Known,
    /// Unseen and undetected: the attacker guessed a space. A wrong guess is reported as a miss.
    Guessed { correct: bool },
}

/// The circumstances of one attack. Blindsight and other special senses count as seeing
/// (A5E-ATK-01); see [`super::environment::vision`] to work out `attacker_sees_target` and
/// `target_sees_attacker`. Left out: both see each other (so A5E-ATK-01 gives neither
/// advantage nor disadvantage), the target's place is known, no cover, no special
/// environment, no other advantage or disadvantage.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AttackCircumstances {
    pub form: AttackForm,
    #[serde(default = "seen")]
    pub attacker_sees_target: bool,
    #[serde(default = "seen")]
    pub target_sees_attacker: bool,
    #[serde(default)]
    pub target_location: TargetLocation,
    #[serde(default)]
    pub cover: A5eCover,
    #[serde(default)]
    pub environment: AttackEnvironment,
    /// Any other source of advantage (Help, prone target within 5 ft, …).
    #[serde(default)]
    pub other_advantage: bool,
    /// Any other source of disadvantage (Dodge, prone attacker, …).
    #[serde(default)]
    pub other_disadvantage: bool,
}

/// A5E-ATK-04: the usual melee reach.
const fn five_feet() -> u32 {
    5
}

/// Attacker and target see each other unless the caller says otherwise.
const fn seen() -> bool {
    true
}

/// Why an attack gains advantage or disadvantage.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum EdgeReason {
    /// The target can't see the attacker: advantage.
    AttackerUnseen,
    /// The attacker can't see the target: disadvantage.
    TargetUnseen,
    /// Neither sees the other: disadvantage (A5E, unlike 5e where they cancel).
    BothUnseen,
    /// Beyond normal range: disadvantage.
    LongRange,
    /// Ranged attack within reach of a hostile creature: disadvantage.
    RangedInMelee,
    /// A5E-ENV-04: weapon not suited to underwater fighting, without a swim speed.
    UnderwaterWeapon,
    /// A5E-SCEN-01: non-thrown ranged weapon attack while suspended in water.
    SuspendedRangedWeapon,
    /// A5E-SCEN-01: melee weapon attack while suspended in water, without a swim speed.
    SuspendedMeleeWeapon,
    OtherAdvantage,
    OtherDisadvantage,
}

impl EdgeReason {
    /// True for the reasons that give advantage.
    pub const fn is_advantage(self) -> bool {
        matches!(self, Self::AttackerUnseen | Self::OtherAdvantage)
    }
}

/// Why an attack misses whatever the die shows.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum AutoMissReason {
    /// A5E-ATK-01: the attacker guessed the wrong space.
    WrongSpace,
    /// A5E-ENV-04 / A5E-SCEN-01: a ranged weapon attack beyond normal range in water.
    BeyondNormalRangeInWater,
}

/// The assessment of an attack's circumstances.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AttackAssessment {
    /// The mode to roll in, after combining every reason (both kinds present cancel).
    pub mode: RollMode,
    pub reasons: Vec<EdgeReason>,
    /// Set when the attack misses whatever the die shows.
    pub automatic_miss: Option<AutoMissReason>,
    /// A5E-ATK-01: an attacker the target couldn't see (hidden) reveals its location by
    /// attacking.
    pub reveals_attacker: bool,
}

/// The disadvantage water gives a weapon attack, if any: A5E-ENV-04 underwater (weapons other
/// than the listed ones, without a swim speed) or A5E-SCEN-01 suspended in water (non-thrown
/// ranged weapons always; melee weapons without a swim speed).
fn water_reason(env: AttackEnvironment, ranged: bool, thrown: bool) -> Option<EdgeReason> {
    match env {
        AttackEnvironment::Normal => None,
        AttackEnvironment::Underwater {
            attacker_has_swim_speed,
            weapon,
        } => underwater::weapon_disadvantage(attacker_has_swim_speed, weapon)
            .then_some(EdgeReason::UnderwaterWeapon),
        AttackEnvironment::SuspendedInWater {
            attacker_has_swim_speed,
        } => match (ranged, thrown, attacker_has_swim_speed) {
            (true, false, _) => Some(EdgeReason::SuspendedRangedWeapon),
            (false, _, false) => Some(EdgeReason::SuspendedMeleeWeapon),
            _ => None,
        },
    }
}

/// A5E-ATK-01..04 (+ ENV-04, SCEN-01): assess an attack. Attacks that can't be made at all
/// (beyond the only or long range, out of reach, at a target behind total cover) are
/// `NOT_ALLOWED`.
pub fn assess_attack(c: &AttackCircumstances) -> Result<AttackAssessment> {
    if !c.cover.can_be_targeted(Targeting::Direct) {
        return Err(Error::not_allowed(
            "a target behind total cover can't be attacked directly (A5E-ATK-06)",
        ));
    }
    let mut reasons = Vec::new();
    let mut automatic_miss = None;

    match (c.attacker_sees_target, c.target_sees_attacker) {
        (false, false) => reasons.push(EdgeReason::BothUnseen),
        (false, true) => reasons.push(EdgeReason::TargetUnseen),
        (true, false) => reasons.push(EdgeReason::AttackerUnseen),
        (true, true) => {}
    }
    if c.target_location == (TargetLocation::Guessed { correct: false }) {
        automatic_miss = Some(AutoMissReason::WrongSpace);
    }

    match c.form {
        AttackForm::Melee {
            reach_ft,
            distance_ft,
            weapon,
        } => {
            limits::check_distance("reachFt", reach_ft)?;
            limits::check_distance("distanceFt", distance_ft)?;
            if !within_reach(distance_ft, reach_ft) {
                return Err(Error::not_allowed(format!(
                    "target at {distance_ft} ft is beyond {reach_ft} ft reach (A5E-ATK-04)"
                )));
            }
            if weapon {
                reasons.extend(water_reason(c.environment, false, false));
            }
        }
        AttackForm::Ranged {
            distance_ft,
            normal_range_ft,
            long_range_ft,
            weapon,
            thrown,
            hostile_within_reach,
        } => {
            limits::check_distance("distanceFt", distance_ft)?;
            limits::check_distance("normalRangeFt", normal_range_ft)?;
            if let Some(long) = long_range_ft {
                limits::check_distance("longRangeFt", long)?;
                if long < normal_range_ft {
                    return Err(Error::invalid_argument(
                        "long range must be at least the normal range",
                    ));
                }
            }
            match range_band(distance_ft, normal_range_ft, long_range_ft) {
                A5eRangeBand::Normal => {}
                A5eRangeBand::Long => {
                    reasons.push(EdgeReason::LongRange);
                    let in_water = !matches!(c.environment, AttackEnvironment::Normal);
                    if in_water && weapon {
                        automatic_miss.get_or_insert(AutoMissReason::BeyondNormalRangeInWater);
                    }
                }
                A5eRangeBand::OutOfRange => {
                    return Err(Error::not_allowed(format!(
                        "target at {distance_ft} ft is beyond the weapon's range (A5E-ATK-02)"
                    )));
                }
            }
            if hostile_within_reach {
                reasons.push(EdgeReason::RangedInMelee);
            }
            if weapon {
                reasons.extend(water_reason(c.environment, true, thrown));
            }
        }
    }

    if c.other_advantage {
        reasons.push(EdgeReason::OtherAdvantage);
    }
    if c.other_disadvantage {
        reasons.push(EdgeReason::OtherDisadvantage);
    }
    let advantage = reasons.iter().any(|r| r.is_advantage());
    let disadvantage = reasons.iter().any(|r| !r.is_advantage());
    Ok(AttackAssessment {
        mode: RollMode::from_sources(advantage, disadvantage),
        reasons,
        automatic_miss,
        reveals_attacker: !c.target_sees_attacker,
    })
}

/// How a creature comes to leave a reactor's reach.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MovementKind {
    /// Ordinary movement (walking, flying, pulling an ally, …).
    Voluntary,
    /// Teleportation never provokes.
    Teleportation,
    /// Being pushed, falling past: doesn't provoke unless a rule says otherwise.
    Forced,
    /// Movement a rule says doesn't provoke (Fall Back, A5E-ACT-10).
    NonProvoking,
}

/// The facts that decide an opportunity attack (A5E-ATK-05).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OpportunityTrigger {
    /// The mover is hostile to the reactor.
    pub mover_hostile: bool,
    /// The reactor can see the mover.
    pub reactor_sees_mover: bool,
    /// This movement takes the mover out of the reactor's reach.
    pub leaves_reach: bool,
    /// The mover took the Disengage action this turn (A5E-ACT-04); `false` when left out.
    #[serde(default)]
    pub mover_disengaged: bool,
    pub movement: MovementKind,
    /// The reactor still has its reaction (A5E-TURN-02).
    pub reactor_has_reaction: bool,
}

/// A5E-ATK-05: does this movement let the reactor make an opportunity attack (a single melee
/// attack, made just before the mover leaves reach)?
pub const fn provokes_opportunity_attack(t: &OpportunityTrigger) -> bool {
    t.mover_hostile
        && t.reactor_sees_mover
        && t.leaves_reach
        && !t.mover_disengaged
        && matches!(t.movement, MovementKind::Voluntary)
        && t.reactor_has_reaction
}
