//! A5E-ENV-01: falling.

use crate::dice::{DieRoller, DieSize, RolledDie};
use crate::error::Result;
use crate::procedures::a5e::damage::{DamageType, halve};
use crate::procedures::a5e::dice::{self, D20Test, D20TestRoll};
use crate::procedures::a5e::limits;

/// Feet of fall per d6 of damage.
pub const FEET_PER_FALL_DIE: u32 = 10;
/// Falling damage never exceeds 20d6.
pub const MAX_FALL_DICE: u32 = 20;

/// A5E-ENV-01: d6s for a fall of `distance_ft`. Partial 10-ft increments are dropped
/// (docs/rules.md's suggested reading): ⌊distance / 10⌋, at most 20.
pub const fn fall_dice(distance_ft: u32) -> u32 {
    let dice = distance_ft / FEET_PER_FALL_DIE;
    if dice > MAX_FALL_DICE {
        MAX_FALL_DICE
    } else {
        dice
    }
}

/// A5E-ENV-01: DC of the Athletics check to dive into water unharmed: distance ÷ 5, rounded down.
pub const fn dive_dc(distance_ft: u32) -> u32 {
    distance_ft / 5
}

/// Where the falling creature lands.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum FallLanding {
    #[default]
    Ground,
    /// Into water: half damage, or none with a successful dive. `dive` is the creature's
    /// Athletics check when it tries to dive (`None`: it just falls in).
    Water { dive: Option<D20Test> },
}

/// A dive attempt, as rolled.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DiveRoll {
    pub dc: u32,
    pub roll: D20TestRoll,
    pub success: bool,
}

/// A resolved fall, with every die shown.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FallResult {
    pub distance_ft: u32,
    /// Number of d6 the fall is worth (0..=20).
    pub dice_count: u32,
    /// The d6s rolled (empty when a dive avoided all damage).
    pub dice: Vec<RolledDie>,
    /// Sum of the dice before water halves it.
    pub rolled: u32,
    /// Bludgeoning damage taken.
    pub damage: u32,
    pub damage_type: DamageType,
    pub into_water: bool,
    pub dive: Option<DiveRoll>,
    /// The source says a falling creature lands prone; its water sentence changes only the
    /// damage, so this follows the text and is always true (a VTT may ignore it in water).
    pub lands_prone: bool,
}

/// A5E-ENV-01: resolve a fall — 1d6 bludgeoning per 10 ft (max 20d6), prone; into water half
/// damage, or none on a successful dive (Athletics vs distance ÷ 5). The dive is rolled first,
/// and the damage dice only when damage is still possible.
pub fn resolve_fall(
    distance_ft: u32,
    landing: &FallLanding,
    roller: &mut dyn DieRoller,
) -> Result<FallResult> {
    limits::check_distance("distanceFt", distance_ft)?;
    let dice_count = fall_dice(distance_ft);
    let (into_water, dive) = match landing {
        FallLanding::Ground => (false, None),
        FallLanding::Water { dive: None } => (true, None),
        FallLanding::Water { dive: Some(test) } => {
            let dc = dive_dc(distance_ft);
            let roll = test.roll(roller)?;
            let success = i64::from(roll.total) >= i64::from(dc);
            (true, Some(DiveRoll { dc, roll, success }))
        }
    };
    let avoided = dive.as_ref().is_some_and(|d| d.success);
    let rolled_dice = if avoided {
        Vec::new()
    } else {
        dice::roll_dice(dice_count, DieSize::D6, roller)?
    };
    let rolled = dice::sum(&rolled_dice);
    let damage = match (avoided, into_water) {
        (true, _) => 0,
        (false, true) => halve(rolled),
        (false, false) => rolled,
    };
    Ok(FallResult {
        distance_ft,
        dice_count,
        dice: rolled_dice,
        rolled,
        damage,
        damage_type: DamageType::Bludgeoning,
        into_water,
        dive,
        lands_prone: true,
    })
}
