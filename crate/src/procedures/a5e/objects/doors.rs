//! A5E-OBJ-07/08: door toughness, fortified doors and bashing.

use super::hit_points::HitPointsSpec;
use crate::dice::{DieRoller, DieSize};
use crate::error::{Error, ErrorCode, Result};
use crate::procedures::a5e::dice::{D20Test, D20TestRoll};

/// Door materials.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum DoorMaterial {
    Wooden,
    Stone,
    Iron,
    Mithral,
    Adamantine,
}

/// One row of the door toughness table.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct DoorRow {
    pub material: DoorMaterial,
    pub fortified: bool,
    pub bash_dc: i32,
    pub ac: i32,
    /// As printed ("–" is `None`).
    pub damage_threshold: Option<u32>,
    /// Recommended dungeon level, "N+".
    pub recommended_level: u32,
}

const fn door_row(
    material: DoorMaterial,
    fortified: bool,
    bash_dc: i32,
    ac: i32,
    damage_threshold: Option<u32>,
    recommended_level: u32,
) -> DoorRow {
    DoorRow {
        material,
        fortified,
        bash_dc,
        ac,
        damage_threshold,
        recommended_level,
    }
}

/// A5E-OBJ-07, every row, as printed (Dungeon Delver's Guide via 004).
pub const DOOR_TABLE: [DoorRow; 10] = [
    door_row(DoorMaterial::Wooden, false, 15, 15, None, 1),
    door_row(DoorMaterial::Wooden, true, 19, 15, Some(19), 9),
    door_row(DoorMaterial::Stone, false, 17, 17, None, 5),
    door_row(DoorMaterial::Stone, true, 21, 17, Some(21), 13),
    door_row(DoorMaterial::Iron, false, 19, 19, None, 9),
    door_row(DoorMaterial::Iron, true, 23, 19, Some(23), 17),
    door_row(DoorMaterial::Mithral, false, 21, 21, None, 13),
    door_row(DoorMaterial::Mithral, true, 25, 21, Some(25), 17),
    door_row(DoorMaterial::Adamantine, false, 23, 23, None, 17),
    door_row(DoorMaterial::Adamantine, true, 27, 23, Some(27), 17),
];

/// A5E-OBJ-08: a fortified door's bash DC is 4 higher than the plain door's.
pub const FORTIFIED_BASH_DC_BONUS: i32 = 4;

/// A5E-OBJ-07: doors are usually at least an inch thick with 27 (5d10) hit points or more.
pub const DOOR_HIT_POINTS: HitPointsSpec = HitPointsSpec::new(27, 5, DieSize::D10);

/// C-28: a fortified door's damage threshold.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum FortifiedThreshold {
    /// The table's values (= the bash DC): docs/rules.md's recommended default.
    #[default]
    Table,
    /// The text's rule: threshold = the door's AC ("less than 15 damage has no effect on a
    /// fortified wooden door").
    ArmorClass,
}

/// A door's numbers under the chosen C-28 reading.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct Door {
    pub material: DoorMaterial,
    pub fortified: bool,
    pub bash_dc: i32,
    pub ac: i32,
    pub damage_threshold: Option<u32>,
    pub recommended_level: u32,
    pub hit_points: HitPointsSpec,
}

/// A5E-OBJ-07/08: look a door up. Fortified doors take their threshold from the table, or from
/// their AC under [`FortifiedThreshold::ArmorClass`]. (The table has a row for every material,
/// plain and fortified — a test checks it — so the `INVALID_DATA` error can't happen.)
pub fn door(material: DoorMaterial, fortified: bool, rule: FortifiedThreshold) -> Result<Door> {
    let row = DOOR_TABLE
        .iter()
        .copied()
        .find(|r| r.material == material && r.fortified == fortified)
        .ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidData,
                format!("the door table has no row for {material:?} (fortified: {fortified})"),
            )
        })?;
    let damage_threshold = match (fortified, rule) {
        (true, FortifiedThreshold::ArmorClass) => u32::try_from(row.ac).ok(),
        _ => row.damage_threshold,
    };
    Ok(Door {
        material,
        fortified,
        bash_dc: row.bash_dc,
        ac: row.ac,
        damage_threshold,
        recommended_level: row.recommended_level,
        hit_points: DOOR_HIT_POINTS,
    })
}

/// A bash attempt, as rolled.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct BashResult {
    pub roll: D20TestRoll,
    pub dc: i32,
    pub success: bool,
}

/// A5E-OBJ-01/07: bash a door (or break an object) with a Strength check against its bash DC.
pub fn bash(
    bash_dc: i32,
    strength_check: &D20Test,
    roller: &mut dyn DieRoller,
) -> Result<BashResult> {
    let dc = crate::procedures::a5e::limits::check_dc("bashDc", bash_dc)?;
    let roll = strength_check.roll(roller)?;
    Ok(BashResult {
        success: roll.total >= dc,
        roll,
        dc,
    })
}

/// A5E-OBJ-08: can this Strength check beat the DC at all (a natural 20 and the largest
/// expertise face)? When it can't, and the threshold can't be beaten either, the door can still
/// be dismantled given enough time.
pub fn bash_possible(bash_dc: i32, strength_check: &D20Test) -> bool {
    let expertise = match (strength_check.expertise, strength_check.rattled) {
        (Some(d), false) => i32::try_from(d.sides()).unwrap_or(0),
        _ => 0,
    };
    20i32
        .saturating_add(strength_check.modifier)
        .saturating_add(expertise)
        >= bash_dc
}
