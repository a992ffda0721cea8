//! HYB time dice (HYB-TIME-01/02, EX-HYB-08, G-34).

use turnkeeper::ErrorCode;
use turnkeeper::clock::time_dice::Quarter;
use turnkeeper::clock::{TimeDice, roll_time_dice};
use turnkeeper::dice::{RolledDie, SuppliedDice};

#[test]
fn hyb_time_01_faces_sum_to_the_hour_by_quarters() {
    let t = TimeDice::from_faces(&[6, 1]).unwrap();
    assert_eq!(t.hour(), 7);
    assert_eq!(t.quarter(), Quarter::Morning);
    assert_eq!(t.to_string(), "(6, 1) = 07:00");
    let t = TimeDice::from_faces(&[6, 6, 6, 2]).unwrap();
    assert_eq!(t.hour(), 20);
    assert_eq!(t.quarter(), Quarter::Night);
    assert_eq!(TimeDice::from_hour(20).unwrap(), t);
    assert_eq!(TimeDice::from_hour(6).unwrap().faces(), &[6]);
    assert_eq!(TimeDice::from_hour(12).unwrap().faces(), &[6, 6]);
    assert_eq!(
        TimeDice::from_hour(13).unwrap().quarter(),
        Quarter::Afternoon
    );
}

#[test]
fn hyb_time_01_only_canonical_layouts_are_accepted() {
    for bad in [
        &[][..],
        &[1, 6][..],
        &[7][..],
        &[0][..],
        &[6, 6, 6, 6, 1][..],
    ] {
        assert_eq!(
            TimeDice::from_faces(bad).unwrap_err().code,
            ErrorCode::InvalidArgument,
            "{bad:?}"
        );
    }
    assert!(serde_json::from_str::<TimeDice>("[5,6]").is_err());
    assert_eq!(serde_json::from_str::<TimeDice>("[6,3]").unwrap().hour(), 9);
}

#[test]
fn ex_hyb_08_portal_arrival_then_two_travel_turns() {
    let mut dice = SuppliedDice::new([3, 2]);
    let roll = roll_time_dice(2, 0, &mut dice).unwrap();
    assert_eq!(
        roll.dice,
        vec![
            RolledDie { sides: 6, face: 3 },
            RolledDie { sides: 6, face: 2 }
        ]
    );
    assert_eq!(roll.hour, 5);
    assert_eq!(roll.shown.faces(), &[5]);
    assert_eq!(roll.shown.quarter(), Quarter::PreDawn);
    let mut t = roll.shown;
    assert!(!t.advance_hour());
    assert_eq!(t.faces(), &[6]);
    assert!(!t.advance_hour());
    assert_eq!(t.faces(), &[6, 1]);
    assert_eq!(t.hour(), 7);
}

#[test]
fn g_34_twenty_four_is_midnight_and_the_next_hour_starts_a_day() {
    let mut t = TimeDice::from_hour(24).unwrap();
    assert_eq!(t.faces(), &[6, 6, 6, 6]);
    assert_eq!(t.clock_hour(), 0);
    assert_eq!(TimeDice::from_clock_hour(0).unwrap(), t);
    assert!(t.advance_hour());
    assert_eq!(t.faces(), &[1]);
    assert_eq!(
        TimeDice::from_hour(0).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn hyb_time_02_set_a_starting_hour_and_roll_one_or_two_dice() {
    let mut dice = SuppliedDice::new([3]);
    let roll = roll_time_dice(1, 12, &mut dice).unwrap();
    assert_eq!(roll.hour, 15);
    assert_eq!(roll.shown.faces(), &[6, 6, 3]);
    // more dice = later: four dice
    let mut dice = SuppliedDice::new([6, 6, 5, 4]);
    assert_eq!(roll_time_dice(4, 0, &mut dice).unwrap().hour, 21);
    // wraps past midnight
    let mut dice = SuppliedDice::new([6, 5]);
    assert_eq!(roll_time_dice(2, 20, &mut dice).unwrap().hour, 7);
    let mut dice = SuppliedDice::new([1, 1, 1]);
    assert_eq!(
        roll_time_dice(3, 12, &mut dice).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    assert_eq!(
        roll_time_dice(5, 0, &mut dice).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}
