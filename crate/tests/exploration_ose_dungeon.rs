//! OSE dungeon procedures (OSE-DUNG-01..14, OSE-WANDER-01, EX-OSE-15).

use turnkeeper::ErrorCode;
use turnkeeper::dice::{RolledDie, SuppliedDice};
use turnkeeper::exploration::chance::{Chance, roll_chance};
use turnkeeper::exploration::ose::dungeon::{
    DUNGEON_WANDER_CHANCE, DoorState, DungeonClock, Familiarity, LISTEN_CHANCE, NO_REST_PENALTY,
    ROOM_TRAP_FIND_CHANCE, SEARCH_AREA_SIDE, SECRET_DOOR_CHANCE, SearchKind, TRAP_TRIGGER_CHANCE,
    TURNS_PER_REST, WANDER_CHECK_INTERVAL_TURNS, dungeon_movement_per_turn,
    roll_dungeon_encounter_distance, roll_force_door, roll_listen, roll_search, roll_trap_trigger,
};
use turnkeeper::units::Feet;

#[test]
fn ose_dung_13_wandering_check_every_two_turns_one_in_six() {
    assert_eq!(WANDER_CHECK_INTERVAL_TURNS, 2);
    assert_eq!(DUNGEON_WANDER_CHANCE, Chance::in_six(1));
    let mut clock = DungeonClock::default();
    let mut due = Vec::new();
    for _ in 0..6 {
        due.push(clock.wander_check_due(WANDER_CHECK_INTERVAL_TURNS));
        clock = clock.after_turn(false);
    }
    assert_eq!(due, [true, false, true, false, true, false]);
}

#[test]
fn ex_ose_15_dungeon_wandering_check_then_distance() {
    let mut dice = SuppliedDice::new([1, 3, 4]);
    let check = roll_chance(DUNGEON_WANDER_CHANCE, &mut dice).unwrap();
    assert!(check.success);
    let d = roll_dungeon_encounter_distance(&mut dice).unwrap();
    assert_eq!(
        d.dice,
        vec![
            RolledDie { sides: 6, face: 3 },
            RolledDie { sides: 6, face: 4 }
        ]
    );
    assert_eq!(d.distance, Feet(70));
    let mut dice = SuppliedDice::new([2]);
    assert!(
        !roll_chance(DUNGEON_WANDER_CHANCE, &mut dice)
            .unwrap()
            .success
    );
}

#[test]
fn ose_wander_01_chance_may_be_raised_or_lowered() {
    let noisy = Chance::in_six(2);
    let mut dice = SuppliedDice::new([2]);
    assert!(roll_chance(noisy, &mut dice).unwrap().success);
    assert_eq!(
        Chance::in_six(7).validate().unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn ose_dung_09_rest_one_turn_per_hour_or_minus_one() {
    assert_eq!(TURNS_PER_REST, 6);
    let mut c = DungeonClock::default();
    for _ in 0..5 {
        c = c.after_turn(false);
    }
    assert!(!c.fatigued);
    assert_eq!(c.attack_damage_modifier(), 0);
    let rested = c.after_turn(true);
    assert_eq!(rested.turns_since_rest, 0);
    assert_eq!(rested.turns, 6);
    let pressed = c.after_turn(false);
    assert!(pressed.fatigued);
    assert_eq!(pressed.attack_damage_modifier(), NO_REST_PENALTY);
    assert_eq!(NO_REST_PENALTY, -1);
    let still = pressed.after_turn(false);
    assert!(still.fatigued);
    let recovered = still.after_turn(true);
    assert!(!recovered.fatigued);
    assert_eq!(recovered.attack_damage_modifier(), 0);
}

#[test]
fn ose_dung_07_movement_per_turn_by_base_rate_and_familiarity() {
    assert_eq!(
        dungeon_movement_per_turn(Feet(120), Familiarity::Unknown).unwrap(),
        Feet(120)
    );
    assert_eq!(
        dungeon_movement_per_turn(Feet(120), Familiarity::Familiar { multiplier: 3 }).unwrap(),
        Feet(360)
    );
    assert!(dungeon_movement_per_turn(Feet(120), Familiarity::Familiar { multiplier: 0 }).is_err());
}

#[test]
fn ose_dung_01_ose_dung_14_secret_doors_searched_secretly() {
    assert_eq!(SECRET_DOOR_CHANCE, Chance::in_six(1));
    assert_eq!(SEARCH_AREA_SIDE, Feet(10));
    let mut dice = SuppliedDice::new([1, 1, 2, 2]);
    let found = roll_search(SearchKind::SecretDoor, None, true, &mut dice).unwrap();
    assert!(found.success && found.secret);
    let nothing_there = roll_search(SearchKind::SecretDoor, None, false, &mut dice).unwrap();
    assert!(nothing_there.roll.success && !nothing_there.success);
    let missed = roll_search(SearchKind::SecretDoor, None, true, &mut dice).unwrap();
    assert!(!missed.success);
    // a class better at it: 2-in-6
    let elf = roll_search(
        SearchKind::SecretDoor,
        Some(Chance::in_six(2)),
        true,
        &mut dice,
    )
    .unwrap();
    assert!(elf.success);
}

#[test]
fn ose_dung_10_ose_dung_12_room_traps_anyone_treasure_traps_by_class_only() {
    assert_eq!(ROOM_TRAP_FIND_CHANCE, Chance::in_six(1));
    let mut dice = SuppliedDice::new([1, 3]);
    assert!(
        roll_search(SearchKind::RoomTrap, None, true, &mut dice)
            .unwrap()
            .success
    );
    let err = roll_search(SearchKind::TreasureTrap, None, true, &mut dice).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    let thief = roll_search(
        SearchKind::TreasureTrap,
        Some(Chance::in_six(3)),
        true,
        &mut dice,
    )
    .unwrap();
    assert!(thief.success);
}

#[test]
fn ose_dung_06_listening_one_in_six_silent_monsters_never_heard() {
    assert_eq!(LISTEN_CHANCE, Chance::in_six(1));
    let mut dice = SuppliedDice::new([1, 1, 1, 4]);
    assert!(roll_listen(None, true, false, &mut dice).unwrap().success);
    assert!(!roll_listen(None, true, true, &mut dice).unwrap().success);
    assert!(!roll_listen(None, false, false, &mut dice).unwrap().success);
    assert!(!roll_listen(None, true, false, &mut dice).unwrap().success);
}

#[test]
fn ose_dung_11_trap_springs_on_two_in_six() {
    assert_eq!(TRAP_TRIGGER_CHANCE, Chance::in_six(2));
    let mut dice = SuppliedDice::new([2, 3]);
    assert!(roll_trap_trigger(&mut dice).unwrap().success);
    assert!(!roll_trap_trigger(&mut dice).unwrap().success);
}

#[test]
fn ose_dung_02_failed_forcing_loses_surprise() {
    let mut dice = SuppliedDice::new([3, 2]);
    let fail = roll_force_door(Chance::in_six(2), &mut dice).unwrap();
    assert!(!fail.opened && fail.surprise_lost);
    let ok = roll_force_door(Chance::in_six(2), &mut dice).unwrap();
    assert!(ok.opened && !ok.surprise_lost);
}

#[test]
fn ose_dung_03_04_05_doors() {
    assert_eq!(DoorState::Open.after_party_passes(), DoorState::Closed);
    assert_eq!(
        DoorState::WedgedOpen.after_party_passes(),
        DoorState::WedgedOpen
    );
    assert!(DoorState::Stuck.monsters_can_open());
    assert!(DoorState::Locked.monsters_can_open());
    assert!(!DoorState::SpikedShut.monsters_can_open());
    assert!(!DoorState::MagicallyClosed.monsters_can_open());
    assert!(!DoorState::Blocked.monsters_can_open());
    assert_eq!(DoorState::Blocked.after_party_passes(), DoorState::Blocked);
    assert!(DoorState::Locked.needs_picking_or_magic());
    assert!(!DoorState::Stuck.needs_picking_or_magic());
}
