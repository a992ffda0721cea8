//! A5E-OBJ-04/05: object hit points by size.

use crate::dice::{DieRoller, DieSize, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::a5e::dice::{self, Dice};
use crate::procedures::a5e::size::Size;

/// How sturdy an object is.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Durability {
    Fragile,
    Resilient,
}

/// Hit points as printed: a fixed value and the dice it comes from, e.g. "27 (5d10)".
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct HitPointsSpec {
    pub fixed: u32,
    pub dice: Dice,
}

/// A roll of an object's hit points.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RolledHitPoints {
    pub dice: Vec<RolledDie>,
    pub total: u32,
}

impl HitPointsSpec {
    pub const fn new(fixed: u32, count: u32, die: DieSize) -> Self {
        Self {
            fixed,
            dice: Dice::new(count, die),
        }
    }

    /// Roll the dice instead of taking the fixed value.
    pub fn roll(&self, roller: &mut dyn DieRoller) -> Result<RolledHitPoints> {
        let dice = self.dice.roll(roller)?;
        Ok(RolledHitPoints {
            total: dice::sum(&dice),
            dice,
        })
    }
}

/// One row of the object hit point table.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct ObjectHitPointsRow {
    pub size: Size,
    pub fragile: HitPointsSpec,
    pub resilient: HitPointsSpec,
}

/// A5E-OBJ-04, every row (examples: Tiny — game piece, vial; Small — chair, painting;
/// Medium — crate, Medium door, table; Large — equestrian statue, Large door, 10-foot section of
/// wall).
pub const OBJECT_HIT_POINTS_TABLE: [ObjectHitPointsRow; 4] = [
    ObjectHitPointsRow {
        size: Size::Tiny,
        fragile: HitPointsSpec::new(2, 1, DieSize::D4),
        resilient: HitPointsSpec::new(5, 2, DieSize::D4),
    },
    ObjectHitPointsRow {
        size: Size::Small,
        fragile: HitPointsSpec::new(3, 1, DieSize::D6),
        resilient: HitPointsSpec::new(10, 3, DieSize::D6),
    },
    ObjectHitPointsRow {
        size: Size::Medium,
        fragile: HitPointsSpec::new(4, 1, DieSize::D8),
        resilient: HitPointsSpec::new(18, 4, DieSize::D8),
    },
    ObjectHitPointsRow {
        size: Size::Large,
        fragile: HitPointsSpec::new(5, 1, DieSize::D10),
        resilient: HitPointsSpec::new(27, 5, DieSize::D10),
    },
];

/// A5E-OBJ-04: an object's hit points by size and durability. Huge and larger objects have no
/// row: A5E-OBJ-05 divides a vulnerable one into Large sections, each with Large hit points
/// ([`section_hit_points`]); asking for them here is `INVALID_ARGUMENT`.
pub fn object_hit_points(size: Size, durability: Durability) -> Result<HitPointsSpec> {
    let row = OBJECT_HIT_POINTS_TABLE
        .iter()
        .find(|r| r.size == size)
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "{size:?} objects have no hit points of their own: divide them into Large sections (A5E-OBJ-05)"
            ))
        })?;
    Ok(match durability {
        Durability::Fragile => row.fragile,
        Durability::Resilient => row.resilient,
    })
}

/// A5E-OBJ-05: a Huge or Gargantuan object the Narrator rules vulnerable is tracked as Large
/// sections, each with its own hit points. Returns one section's hit points.
pub fn section_hit_points(durability: Durability) -> Result<HitPointsSpec> {
    object_hit_points(Size::Large, durability)
}
