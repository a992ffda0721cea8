//! A5E objects: AC, hit points, thresholds, doors, far-future materials (docs/rules.md §2.22,
//! EX-A5E-11).

use turnkeeper::ErrorCode;
use turnkeeper::dice::{DieSize, SuppliedDice};
use turnkeeper::procedures::a5e::objects::armor::{OBJECT_ARMOR_TABLE, ObjectMaterial};
use turnkeeper::procedures::a5e::objects::damage::{
    NoDamageReason, ObjectDefenses, ObjectHp, ObjectSave, object_save,
};
use turnkeeper::procedures::a5e::objects::doors::{
    self, DOOR_HIT_POINTS, DOOR_TABLE, DoorMaterial, FORTIFIED_BASH_DC_BONUS, FortifiedThreshold,
};
use turnkeeper::procedures::a5e::objects::far_future::{
    self, FORCEFIELD_REGEN_PER_ROUND, FUTURE_MATERIALS_TABLE, FutureMaterial,
};
use turnkeeper::procedures::a5e::objects::hit_points::{
    Durability, OBJECT_HIT_POINTS_TABLE, object_hit_points, section_hit_points,
};
use turnkeeper::procedures::a5e::objects::zirkon::{ZirkonEffect, through_zirkon};
use turnkeeper::procedures::a5e::{Ability, D20Test, DamageType, Size};

#[test]
fn a5e_obj_01_breaking_an_object_is_a_strength_check_against_its_dc() {
    let r = doors::bash(15, &D20Test::flat(3), &mut SuppliedDice::new([12])).unwrap();
    assert!(r.success && r.dc == 15);
    let r = doors::bash(15, &D20Test::flat(3), &mut SuppliedDice::new([11])).unwrap();
    assert!(!r.success);
}

#[test]
fn a5e_obj_02_immunities_saves_and_breaking() {
    let plain = ObjectDefenses::default();
    for t in [DamageType::Poison, DamageType::Psychic] {
        let d = plain.damage(30, Some(t));
        assert_eq!(d.dealt, 0);
        assert_eq!(d.prevented_by, Some(NoDamageReason::Immune));
    }
    assert_eq!(plain.damage(7, Some(DamageType::Slashing)).dealt, 7);
    let plant = ObjectDefenses {
        living: true,
        ..ObjectDefenses::default()
    };
    assert_eq!(plant.damage(7, Some(DamageType::Poison)).dealt, 7);
    let flammable = ObjectDefenses {
        vulnerabilities: vec![DamageType::Fire],
        ..ObjectDefenses::default()
    };
    assert_eq!(flammable.damage(7, Some(DamageType::Fire)).dealt, 14);
    assert_eq!(object_save(Ability::Str), ObjectSave::AutoFail);
    assert_eq!(object_save(Ability::Dex), ObjectSave::AutoFail);
    for a in [Ability::Con, Ability::Int, Ability::Wis, Ability::Cha] {
        assert_eq!(object_save(a), ObjectSave::Immune);
    }
    let mut hp = ObjectHp::new(5).unwrap();
    hp.take(3);
    assert!(!hp.broken());
    hp.take(9);
    assert_eq!(hp.current, 0);
    assert!(hp.broken());
    assert!(ObjectHp::new(0).is_err());
}

#[test]
fn a5e_obj_03_object_ac_every_row() {
    let expected = [
        (ObjectMaterial::ClothPaperRope, 11),
        (ObjectMaterial::CrystalGlassIce, 13),
        (ObjectMaterial::WoodBone, 15),
        (ObjectMaterial::Stone, 17),
        (ObjectMaterial::IronSteel, 19),
        (ObjectMaterial::Mithral, 21),
        (ObjectMaterial::Adamantine, 21),
    ];
    assert_eq!(OBJECT_ARMOR_TABLE.len(), expected.len());
    for (row, (m, ac)) in OBJECT_ARMOR_TABLE.iter().zip(expected) {
        assert_eq!((row.material, row.ac), (m, ac));
        assert_eq!(m.ac(), ac);
    }
}

#[test]
fn a5e_obj_04_object_hit_points_every_row_fixed_and_dice() {
    // (size, fragile fixed, fragile dice, resilient fixed, resilient dice)
    let expected = [
        (Size::Tiny, 2, (1, DieSize::D4), 5, (2, DieSize::D4)),
        (Size::Small, 3, (1, DieSize::D6), 10, (3, DieSize::D6)),
        (Size::Medium, 4, (1, DieSize::D8), 18, (4, DieSize::D8)),
        (Size::Large, 5, (1, DieSize::D10), 27, (5, DieSize::D10)),
    ];
    assert_eq!(OBJECT_HIT_POINTS_TABLE.len(), expected.len());
    for (row, (size, ff, fd, rf, rd)) in OBJECT_HIT_POINTS_TABLE.iter().zip(expected) {
        assert_eq!(row.size, size);
        assert_eq!(
            (
                row.fragile.fixed,
                row.fragile.dice.count,
                row.fragile.dice.die
            ),
            (ff, fd.0, fd.1)
        );
        assert_eq!(
            (
                row.resilient.fixed,
                row.resilient.dice.count,
                row.resilient.dice.die
            ),
            (rf, rd.0, rd.1)
        );
        // The printed values are the dice averages, rounded down.
        assert_eq!(row.fragile.dice.average(), ff);
        assert_eq!(row.resilient.dice.average(), rf);
        assert_eq!(
            object_hit_points(size, Durability::Fragile).unwrap(),
            row.fragile
        );
        assert_eq!(
            object_hit_points(size, Durability::Resilient).unwrap(),
            row.resilient
        );
    }
    let rolled = object_hit_points(Size::Small, Durability::Resilient)
        .unwrap()
        .roll(&mut SuppliedDice::new([1, 2, 3]))
        .unwrap();
    assert_eq!(rolled.total, 6);
    assert_eq!(rolled.dice.len(), 3);
}

#[test]
fn a5e_obj_05_huge_objects_are_large_sections() {
    assert_eq!(
        object_hit_points(Size::Huge, Durability::Resilient)
            .unwrap_err()
            .code,
        ErrorCode::InvalidArgument
    );
    assert_eq!(section_hit_points(Durability::Resilient).unwrap().fixed, 27);
}

#[test]
fn a5e_obj_06_damage_threshold_all_or_nothing() {
    let d = ObjectDefenses {
        damage_threshold: Some(10),
        ..ObjectDefenses::default()
    };
    let below = d.damage(9, Some(DamageType::Bludgeoning));
    assert_eq!(below.dealt, 0);
    assert_eq!(below.prevented_by, Some(NoDamageReason::BelowThreshold));
    assert_eq!(d.damage(10, Some(DamageType::Bludgeoning)).dealt, 10);
    assert_eq!(d.damage(25, Some(DamageType::Bludgeoning)).dealt, 25);
}

#[test]
fn a5e_obj_07_door_table_every_row() {
    use DoorMaterial::*;
    let expected = [
        (Wooden, false, 15, 15, None, 1),
        (Wooden, true, 19, 15, Some(19), 9),
        (Stone, false, 17, 17, None, 5),
        (Stone, true, 21, 17, Some(21), 13),
        (Iron, false, 19, 19, None, 9),
        (Iron, true, 23, 19, Some(23), 17),
        (Mithral, false, 21, 21, None, 13),
        (Mithral, true, 25, 21, Some(25), 17),
        (Adamantine, false, 23, 23, None, 17),
        (Adamantine, true, 27, 23, Some(27), 17),
    ];
    assert_eq!(DOOR_TABLE.len(), expected.len());
    for (row, (m, f, bash, ac, thr, lvl)) in DOOR_TABLE.iter().zip(expected) {
        assert_eq!(
            (
                row.material,
                row.fortified,
                row.bash_dc,
                row.ac,
                row.damage_threshold,
                row.recommended_level
            ),
            (m, f, bash, ac, thr, lvl)
        );
        let d = doors::door(m, f, FortifiedThreshold::Table).unwrap();
        assert_eq!((d.bash_dc, d.ac, d.damage_threshold), (bash, ac, thr));
        assert_eq!(d.hit_points, DOOR_HIT_POINTS);
    }
    assert_eq!(
        (
            DOOR_HIT_POINTS.fixed,
            DOOR_HIT_POINTS.dice.count,
            DOOR_HIT_POINTS.dice.die
        ),
        (27, 5, DieSize::D10)
    );
}

#[test]
fn a5e_obj_08_fortified_doors_bash_dc_plus_4_and_c_28_threshold_toggle() {
    for m in [
        DoorMaterial::Wooden,
        DoorMaterial::Stone,
        DoorMaterial::Iron,
        DoorMaterial::Mithral,
        DoorMaterial::Adamantine,
    ] {
        let plain = doors::door(m, false, FortifiedThreshold::Table).unwrap();
        let fortified = doors::door(m, true, FortifiedThreshold::Table).unwrap();
        assert_eq!(
            fortified.bash_dc,
            plain.bash_dc + FORTIFIED_BASH_DC_BONUS,
            "{m:?}"
        );
        assert_eq!(fortified.ac, plain.ac);
        let by_ac = doors::door(m, true, FortifiedThreshold::ArmorClass).unwrap();
        assert_eq!(by_ac.damage_threshold, u32::try_from(plain.ac).ok());
        // Plain doors have no threshold under either reading.
        assert_eq!(
            doors::door(m, false, FortifiedThreshold::ArmorClass)
                .unwrap()
                .damage_threshold,
            None
        );
    }
    assert_eq!(FortifiedThreshold::default(), FortifiedThreshold::Table);
    // A door beyond any bash: Str +3 can't reach DC 27 even on a 20 (with a d4 expertise die: 27).
    let strong = D20Test::flat(3);
    assert!(!doors::bash_possible(27, &strong));
    let expert = D20Test {
        expertise: Some(DieSize::D4),
        ..strong
    };
    assert!(doors::bash_possible(27, &expert));
}

#[test]
fn ex_a5e_11_fortified_doors() {
    // Text reading: threshold = AC 15 for a fortified wooden door.
    let text = doors::door(DoorMaterial::Wooden, true, FortifiedThreshold::ArmorClass).unwrap();
    let defenses = ObjectDefenses {
        damage_threshold: text.damage_threshold,
        ..ObjectDefenses::default()
    };
    assert_eq!(defenses.damage(14, Some(DamageType::Bludgeoning)).dealt, 0);
    assert_eq!(defenses.damage(15, Some(DamageType::Bludgeoning)).dealt, 15);
    // Table reading: 19.
    let table = doors::door(DoorMaterial::Wooden, true, FortifiedThreshold::Table).unwrap();
    assert_eq!(table.damage_threshold, Some(19));
    // Fortified adamantine: bash DC 27 (23 + 4). Fortified stone: DC 21, AC 17.
    assert_eq!(
        doors::door(DoorMaterial::Adamantine, true, FortifiedThreshold::Table)
            .unwrap()
            .bash_dc,
        27
    );
    let stone = doors::door(DoorMaterial::Stone, true, FortifiedThreshold::Table).unwrap();
    assert_eq!((stone.bash_dc, stone.ac), (21, 17));
}

#[test]
fn a5e_obj_09_far_future_materials_every_row() {
    use FutureMaterial::*;
    // (material, hp, dice count, die, bash DC, AC, threshold)
    let expected = [
        (Plastic, 5, 1, DieSize::D10, Some(15), 15, None),
        (Plassteel, 27, 5, DieSize::D10, Some(15), 17, Some(5)),
        (
            TransparentAluminum,
            18,
            4,
            DieSize::D8,
            Some(17),
            17,
            Some(19),
        ),
        (BlastDoor, 27, 5, DieSize::D10, Some(17), 19, None),
        (
            BlastDoorFortified,
            37,
            7,
            DieSize::D10,
            Some(19),
            19,
            Some(23),
        ),
        (
            BlastDoorDuranium,
            55,
            10,
            DieSize::D10,
            Some(19),
            23,
            Some(25),
        ),
        (Forcefield, 55, 10, DieSize::D10, None, 23, Some(20)),
        (Zirkon, 27, 5, DieSize::D10, Some(17), 17, Some(5)),
    ];
    assert_eq!(FUTURE_MATERIALS_TABLE.len(), expected.len());
    for (row, (m, hp, n, die, bash, ac, thr)) in FUTURE_MATERIALS_TABLE.iter().zip(expected) {
        assert_eq!(row.material, m);
        assert_eq!(
            (
                row.hit_points.fixed,
                row.hit_points.dice.count,
                row.hit_points.dice.die
            ),
            (hp, n, die),
            "{m:?}"
        );
        assert_eq!(
            (row.bash_dc, row.ac, row.damage_threshold),
            (bash, ac, thr),
            "{m:?}"
        );
        assert_eq!(m.row(), Some(*row));
    }
}

#[test]
fn a5e_obj_10_forcefields_cant_be_bashed_and_regenerate_5_per_round() {
    assert!(!FutureMaterial::Forcefield.can_be_bashed());
    assert!(FutureMaterial::BlastDoor.can_be_bashed());
    assert_eq!(FORCEFIELD_REGEN_PER_ROUND, 5);
    let mut hp = ObjectHp::new(55).unwrap();
    hp.take(20);
    assert_eq!(far_future::regenerate_forcefield(&mut hp, false), 5);
    assert_eq!(hp.current, 40);
    hp.take(38);
    far_future::regenerate_forcefield(&mut hp, false);
    far_future::regenerate_forcefield(&mut hp, false);
    assert_eq!(hp.current, 12);
    let mut nearly = ObjectHp::new(55).unwrap();
    nearly.take(2);
    assert_eq!(far_future::regenerate_forcefield(&mut nearly, false), 2);
    assert_eq!(nearly.current, 55);
    let mut down = ObjectHp::new(55).unwrap();
    down.take(55);
    assert_eq!(far_future::regenerate_forcefield(&mut down, false), 0);
    assert_eq!(far_future::regenerate_forcefield(&mut down, true), 5);
}

/// Fuzzing found (issue 14): HP passed back with the current above the maximum made a
/// forcefield "regain" a negative amount (a subtraction overflow: a panic in debug builds, a
/// wrapped 4-billion in release). Such HP are refused, and regeneration never counts below 0.
#[test]
fn a5e_obj_10_object_hp_above_the_maximum_are_refused_fuzz_regression() {
    let bad = ObjectHp {
        current: 50,
        max: 10,
    };
    assert_eq!(bad.checked().unwrap_err().code, ErrorCode::InvalidArgument);
    let zero = ObjectHp { current: 0, max: 0 };
    assert_eq!(zero.checked().unwrap_err().code, ErrorCode::InvalidArgument);
    let fine = ObjectHp {
        current: 10,
        max: 10,
    };
    assert_eq!(fine.checked().unwrap(), fine);
    let mut odd = bad;
    assert_eq!(far_future::regenerate_forcefield(&mut odd, false), 0);
    assert_eq!(odd.current, 10);
}

#[test]
fn a5e_obj_11_ray_shielding_resists_fire_and_radiant() {
    let shielded = ObjectDefenses {
        ray_shielded: true,
        ..ObjectDefenses::default()
    };
    assert_eq!(shielded.damage(21, Some(DamageType::Fire)).dealt, 10);
    assert_eq!(shielded.damage(21, Some(DamageType::Radiant)).dealt, 10);
    assert_eq!(shielded.damage(21, Some(DamageType::Lightning)).dealt, 21);
    // Resistance applies once even when also listed (A5E-DMG-07), before the threshold.
    let both = ObjectDefenses {
        ray_shielded: true,
        resistances: vec![DamageType::Fire],
        damage_threshold: Some(11),
        ..ObjectDefenses::default()
    };
    let d = both.damage(21, Some(DamageType::Fire));
    assert_eq!(d.after_modifiers, 10);
    assert_eq!(d.dealt, 0);
}

#[test]
fn a5e_obj_12_zirkon_blocks_low_powers_and_doubles_cost_above() {
    for level in 1..=3 {
        assert_eq!(through_zirkon(level, 4).unwrap(), ZirkonEffect::Blocked);
    }
    assert_eq!(
        through_zirkon(4, 7).unwrap(),
        ZirkonEffect::Penetrates { point_cost: 14 }
    );
    assert_eq!(
        through_zirkon(9, 11).unwrap(),
        ZirkonEffect::Penetrates { point_cost: 22 }
    );
    assert!(through_zirkon(0, 4).is_err());
    assert!(through_zirkon(5, u32::MAX).is_err());
}
