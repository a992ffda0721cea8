//! OSE waterborne travel (OSE-WATER-01..13, EX-OSE-06, EX-OSE-11, C-33).

use turnkeeper::dice::SuppliedDice;
use turnkeeper::exploration::chance::Chance;
use turnkeeper::exploration::ose::water::{
    BASIC_WIND_TABLE, Drift, Factor, GALE_DRIFT_TABLE, LAND_VISIBLE, Propulsion, RiverCurrent,
    SHIP_VISIBLE_CLEAR, SHIP_VISIBLE_FOG, StormOutcome, VARIABLE_WIND_TABLE, VesselState, Waters,
    Wind, WindTable, gale_drift, resolve_storm, roll_current, roll_gale_landfall, roll_wind,
    ship_may_surprise_aquatic_monsters, vessel_miles_per_day, water_day_distance,
    water_lost_chance, water_wander_chance, wind_row,
};
use turnkeeper::exploration::ose::wilderness::roll_outdoor_encounter_distance;
use turnkeeper::units::{Feet, Miles, Yards};

fn f(num: u32, den: u32) -> Factor {
    Factor { num, den }
}

#[test]
fn ose_water_01_ranges_in_yards_areas_in_feet() {
    // a 240' range reads as 240 yards on water; a 20' area stays 20 feet
    assert_eq!(Feet(240).read_as_outdoor_yards(), Yards(240));
    assert_eq!(
        Feet(240).read_as_outdoor_yards().to_feet().unwrap(),
        Feet(720)
    );
}

#[test]
fn ose_water_02_losing_direction_with_and_without_navigator() {
    let open = Waters::Sea {
        in_sight_of_land: false,
    };
    let coast = Waters::Sea {
        in_sight_of_land: true,
    };
    assert_eq!(water_lost_chance(open, true), Chance::in_six(2));
    assert_eq!(water_lost_chance(open, false), Chance::in_six(6));
    assert_eq!(water_lost_chance(coast, false), Chance::in_six(2));
}

#[test]
fn ose_water_03_aquatic_monsters_rarely_surprised_by_ships() {
    assert!(!ship_may_surprise_aquatic_monsters(false));
    assert!(ship_may_surprise_aquatic_monsters(true));
}

#[test]
fn ex_ose_06_ose_water_04_05_vessel_speed_and_river_current() {
    assert_eq!(vessel_miles_per_day(Feet(360)), Miles(72));
    let mut dice = SuppliedDice::new([3, 3]);
    let down = roll_current(true, &mut dice).unwrap();
    assert_eq!(down.miles, Miles(9));
    let up = roll_current(false, &mut dice).unwrap();
    let oars = Propulsion::Oars;
    assert_eq!(
        water_day_distance(Feet(360), oars, None, false, Some(&down)),
        Miles(81)
    );
    assert_eq!(
        water_day_distance(Feet(360), oars, None, false, Some(&up)),
        Miles(63)
    );
    // never below zero
    let strong = RiverCurrent {
        die: up.die,
        miles: Miles(12),
        downstream: false,
    };
    assert_eq!(
        water_day_distance(Feet(30), oars, None, false, Some(&strong)),
        Miles(0)
    );
}

#[test]
fn ose_water_06_visibility() {
    assert_eq!(LAND_VISIBLE, Miles(24));
    assert_eq!(SHIP_VISIBLE_CLEAR, Yards(300));
    assert_eq!(SHIP_VISIBLE_FOG, Yards(40));
}

#[test]
fn ose_water_08_wandering_chances_and_distance() {
    assert_eq!(
        water_wander_chance(Waters::Sea {
            in_sight_of_land: true
        }),
        Chance::in_six(2)
    );
    assert_eq!(
        water_wander_chance(Waters::River { downstream: true }),
        Chance::in_six(2)
    );
    assert_eq!(water_wander_chance(Waters::Swamp), Chance::in_six(3));
    let mut dice = SuppliedDice::new([6, 6, 6, 6]);
    assert_eq!(
        roll_outdoor_encounter_distance(false, &mut dice)
            .unwrap()
            .distance,
        Yards(240)
    );
}

#[test]
fn ose_water_09_basic_wind_table_every_row() {
    let rows: Vec<_> = BASIC_WIND_TABLE
        .iter()
        .map(|r| (r.low, r.high, r.wind, r.sailing))
        .collect();
    assert_eq!(
        rows,
        vec![
            (2, 2, Wind::NoWind, f(0, 1)),
            (3, 11, Wind::Normal, f(1, 1)),
            (12, 12, Wind::Gale, f(3, 1))
        ]
    );
    for total in 2..=12 {
        assert!(wind_row(WindTable::Basic, total).is_ok());
    }
    assert!(wind_row(WindTable::Basic, 1).is_err());
}

#[test]
fn ose_water_10_variable_wind_table_every_row() {
    let rows: Vec<_> = VARIABLE_WIND_TABLE
        .iter()
        .map(|r| (r.low, r.high, r.wind, r.sailing, r.oars))
        .collect();
    assert_eq!(
        rows,
        vec![
            (2, 2, Wind::NoWind, f(0, 1), Some(f(1, 3))),
            (3, 3, Wind::FaintBreeze, f(1, 3), None),
            (4, 4, Wind::GentleBreeze, f(1, 2), None),
            (5, 5, Wind::ModerateBreeze, f(2, 3), None),
            (6, 8, Wind::Normal, f(1, 1), None),
            (9, 9, Wind::StrongBreeze, f(4, 3), None),
            (10, 10, Wind::HighWind, f(3, 2), None),
            (11, 11, Wind::NearGale, f(2, 1), None),
            (12, 12, Wind::Gale, f(3, 1), None),
        ]
    );
    let covered: Vec<u32> = (2..=12)
        .filter(|t| wind_row(WindTable::Variable, *t).is_ok())
        .collect();
    assert_eq!(covered.len(), 11);
}

#[test]
fn c_33_eleven_is_normal_on_the_basic_table_near_gale_on_the_variable() {
    let mut dice = SuppliedDice::new([5, 6, 5, 6]);
    let basic = roll_wind(WindTable::Basic, &mut dice).unwrap();
    assert_eq!((basic.total, basic.wind), (11, Wind::Normal));
    let variable = roll_wind(WindTable::Variable, &mut dice).unwrap();
    assert_eq!(variable.wind, Wind::NearGale);
    let sail = Propulsion::Sail;
    assert_eq!(
        water_day_distance(Feet(360), sail, Some(&basic), false, None),
        Miles(72)
    );
    assert_eq!(
        water_day_distance(Feet(360), sail, Some(&variable), false, None),
        Miles(144)
    );
}

#[test]
fn ose_water_10_no_wind_oars_at_a_third_and_strong_breeze() {
    let mut dice = SuppliedDice::new([1, 1, 4, 5]);
    let calm = roll_wind(WindTable::Variable, &mut dice).unwrap();
    assert_eq!(
        water_day_distance(Feet(360), Propulsion::Sail, Some(&calm), false, None),
        Miles(0)
    );
    assert_eq!(
        water_day_distance(Feet(360), Propulsion::Oars, Some(&calm), false, None),
        Miles(24)
    );
    let strong = roll_wind(WindTable::Variable, &mut dice).unwrap();
    assert_eq!(strong.wind, Wind::StrongBreeze);
    assert_eq!(
        water_day_distance(Feet(360), Propulsion::Sail, Some(&strong), false, None),
        Miles(96)
    );
}

fn vessel(seaworthy: bool, in_sight_of_land: bool, clear_shore: bool) -> VesselState {
    VesselState {
        seaworthy,
        in_sight_of_land,
        clear_shore,
    }
}

#[test]
fn ose_water_11_near_gale_takes_on_water_and_slows_by_a_third() {
    let mut dice = SuppliedDice::new([10, 11, 20]);
    let sea = vessel(true, false, false);
    match resolve_storm(Wind::NearGale, sea, &mut dice).unwrap() {
        Some(StormOutcome::NearGale { took_on_water, .. }) => assert!(took_on_water),
        other => panic!("{other:?}"),
    }
    match resolve_storm(Wind::NearGale, sea, &mut dice).unwrap() {
        Some(StormOutcome::NearGale { took_on_water, .. }) => assert!(!took_on_water),
        other => panic!("{other:?}"),
    }
    match resolve_storm(Wind::NearGale, vessel(false, false, false), &mut dice).unwrap() {
        Some(StormOutcome::NearGale {
            roll,
            took_on_water,
        }) => {
            assert_eq!(Chance::of_roll(&roll), Some(Chance::percent(20)));
            assert!(took_on_water);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        water_day_distance(Feet(360), Propulsion::Oars, None, true, None),
        Miles(48)
    );
    assert_eq!(resolve_storm(Wind::Normal, sea, &mut dice).unwrap(), None);
}

#[test]
fn ex_ose_11_ose_water_12_gale_drift_every_face_and_wreck_chance() {
    let expected = [(1, 0), (2, 60), (3, 120), (4, 180), (5, 240), (6, 300)];
    assert_eq!(GALE_DRIFT_TABLE, expected);
    for (face, deg) in expected {
        assert_eq!(
            gale_drift(u32::from(face)).unwrap(),
            Drift { degrees_right: deg }
        );
    }
    let mut dice = SuppliedDice::new([2, 75, 76]);
    match resolve_storm(Wind::Gale, vessel(true, true, false), &mut dice).unwrap() {
        Some(StormOutcome::Driven { drift, .. }) => assert_eq!(drift.degrees_right, 60),
        other => panic!("{other:?}"),
    }
    assert!(roll_gale_landfall(&mut dice).unwrap().success);
    assert!(!roll_gale_landfall(&mut dice).unwrap().success);
    // ×3 speed
    let mut dice = SuppliedDice::new([6, 6]);
    let gale = roll_wind(WindTable::Basic, &mut dice).unwrap();
    assert_eq!(
        water_day_distance(Feet(360), Propulsion::Sail, Some(&gale), false, None),
        Miles(216)
    );
}

#[test]
fn ose_water_13_unseaworthy_sinks_on_80_or_beaches() {
    let mut dice = SuppliedDice::new([80, 81, 2, 3]);
    let open = vessel(false, false, false);
    assert!(matches!(
        resolve_storm(Wind::Gale, open, &mut dice).unwrap(),
        Some(StormOutcome::Swamped { sank: true, .. })
    ));
    assert!(matches!(
        resolve_storm(Wind::Gale, open, &mut dice).unwrap(),
        Some(StormOutcome::Swamped { sank: false, .. })
    ));
    assert_eq!(
        resolve_storm(Wind::Gale, vessel(false, true, true), &mut dice).unwrap(),
        Some(StormOutcome::Beached {
            roll: None,
            safe: true
        })
    );
    let rocky = vessel(false, true, false);
    assert!(matches!(
        resolve_storm(Wind::Gale, rocky, &mut dice).unwrap(),
        Some(StormOutcome::Beached { safe: true, .. })
    ));
    assert!(matches!(
        resolve_storm(Wind::Gale, rocky, &mut dice).unwrap(),
        Some(StormOutcome::Beached { safe: false, .. })
    ));
}
