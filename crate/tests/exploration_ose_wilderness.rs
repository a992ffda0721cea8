//! OSE wilderness travel (OSE-WILD-01..16, OSE-HAZ-03, OSE-MOVE-01, EX-OSE-05, EX-OSE-15).

use turnkeeper::ErrorCode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::exploration::chance::Chance;
use turnkeeper::exploration::ose::wilderness::{
    DayActivity, FLYING_MOUNT_TABLE, FlyingLoad, MarchPace, OPEN_TERRAIN_VISIBILITY,
    OSE_TERRAIN_TABLE, OseRoute, OseTerrain, TerrainSpeed, ThirdSlowerReading, Wayfinding,
    WildernessClock, check_wander_count, flying_mount_capacity, lost_chance, may_be_encircled,
    ose_miles_per_day, party_rate, roll_forage, roll_hunt, roll_outdoor_encounter_distance,
    terrain_row, wander_chance,
};
use turnkeeper::units::{Feet, Miles, Yards};

fn route(terrain: OseTerrain) -> OseRoute {
    OseRoute {
        terrain,
        road: false,
        pace: MarchPace::Normal,
        flying: false,
    }
}

#[test]
fn ose_wild_07_09_15_terrain_table_every_row() {
    use OseTerrain::*;
    use TerrainSpeed::*;
    let expected = [
        (Clear, Some(1), Some(1), Normal),
        (Grasslands, Some(1), Some(1), Normal),
        (City, None, Some(1), Normal),
        (SettledLands, None, Some(1), Normal),
        (Barren, Some(2), Some(2), Normal),
        (BrokenLands, None, None, ThirdSlower),
        (Hills, Some(2), Some(2), ThirdSlower),
        (Mountains, Some(2), Some(3), HalfSlower),
        (Forest, Some(2), Some(2), ThirdSlower),
        (Desert, Some(3), Some(2), ThirdSlower),
        (Jungle, Some(3), Some(3), HalfSlower),
        (Swamp, Some(3), Some(3), HalfSlower),
        (Aerial, None, Some(2), Normal),
    ];
    assert_eq!(OSE_TERRAIN_TABLE.len(), expected.len());
    for (row, (t, lost, wander, speed)) in OSE_TERRAIN_TABLE.iter().zip(expected) {
        assert_eq!(row.terrain, t);
        assert_eq!(row.lost_in_six, lost, "{t:?} lost");
        assert_eq!(row.wander_in_six, wander, "{t:?} wander");
        assert_eq!(row.speed, speed, "{t:?} speed");
        assert_eq!(terrain_row(t), *row);
    }
    assert_eq!(lost_chance(Swamp), Some(Chance::in_six(3)));
    assert_eq!(wander_chance(Aerial), Some(Chance::in_six(2)));
}

#[test]
fn ex_ose_05_ose_wild_08_10_02_daily_distances() {
    let r = ThirdSlowerReading::TwoThirds;
    assert_eq!(
        ose_miles_per_day(Feet(120), route(OseTerrain::Clear), r).unwrap(),
        Miles(24)
    );
    let forced = OseRoute {
        pace: MarchPace::Forced,
        ..route(OseTerrain::Clear)
    };
    assert_eq!(ose_miles_per_day(Feet(120), forced, r).unwrap(), Miles(36));
    let flying = OseRoute {
        flying: true,
        ..route(OseTerrain::Mountains)
    };
    assert_eq!(ose_miles_per_day(Feet(120), flying, r).unwrap(), Miles(48));
}

#[test]
fn ose_wild_09_g_46_terrain_and_roads() {
    let r = ThirdSlowerReading::TwoThirds;
    assert_eq!(
        ose_miles_per_day(Feet(120), route(OseTerrain::Hills), r).unwrap(),
        Miles(16)
    );
    assert_eq!(
        ose_miles_per_day(Feet(120), route(OseTerrain::Swamp), r).unwrap(),
        Miles(12)
    );
    let road = OseRoute {
        road: true,
        ..route(OseTerrain::Forest)
    };
    assert_eq!(ose_miles_per_day(Feet(120), road, r).unwrap(), Miles(36));
    // ×2/3 rounds down: 90 ft → 18 miles → 12
    assert_eq!(
        ose_miles_per_day(Feet(90), route(OseTerrain::Desert), r).unwrap(),
        Miles(12)
    );
    // the ×0.67 reading differs only on long distances: 200 miles → 133 vs 134
    let flying_fast = |reading| ose_miles_per_day(Feet(1_000), route(OseTerrain::Hills), reading);
    assert_eq!(
        flying_fast(ThirdSlowerReading::TwoThirds).unwrap(),
        Miles(133)
    );
    assert_eq!(
        flying_fast(ThirdSlowerReading::SixtySevenPercent).unwrap(),
        Miles(134)
    );
}

#[test]
fn ose_move_01_party_moves_at_the_slowest() {
    assert_eq!(
        party_rate(&[Feet(120), Feet(60), Feet(90)]).unwrap(),
        Feet(60)
    );
    assert_eq!(
        party_rate(&[]).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn ose_wild_10_forced_march_then_a_full_day_of_rest() {
    let c = WildernessClock::default().after_day(DayActivity::Travel, MarchPace::Forced);
    assert!(c.must_rest);
    assert_eq!(
        c.check_day(DayActivity::Travel).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    assert_eq!(
        c.check_day(DayActivity::Hunt).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    c.check_day(DayActivity::Rest).unwrap();
    let rested = c.after_day(DayActivity::Rest, MarchPace::Normal);
    assert!(!rested.must_rest);
}

#[test]
fn ose_wild_11_one_rest_day_in_six_or_minus_one() {
    let mut c = WildernessClock::default();
    for _ in 0..6 {
        c = c.after_day(DayActivity::Travel, MarchPace::Normal);
    }
    assert!(!c.fatigued);
    let pressed = c.after_day(DayActivity::Travel, MarchPace::Normal);
    assert!(pressed.fatigued);
    assert_eq!(pressed.attack_damage_modifier(), -1);
    // hunting is no rest
    let hunted = pressed.after_day(DayActivity::Hunt, MarchPace::Normal);
    assert!(hunted.fatigued);
    let rested = hunted.after_day(DayActivity::Rest, MarchPace::Normal);
    assert_eq!(rested.attack_damage_modifier(), 0);
    assert_eq!(rested.days, 9);
}

#[test]
fn ex_ose_15_ose_wild_16_encounter_distance_in_yards() {
    let mut dice = SuppliedDice::new([3, 4, 3, 4]);
    let d = roll_outdoor_encounter_distance(false, &mut dice).unwrap();
    assert_eq!(d.distance, Yards(140));
    assert_eq!(d.dice.len(), 4);
    let mut dice = SuppliedDice::new([3]);
    let d = roll_outdoor_encounter_distance(true, &mut dice).unwrap();
    assert_eq!(d.distance, Yards(30));
    assert_eq!(d.dice[0].sides, 4);
}

#[test]
fn ose_wild_14_one_to_four_checks_a_day() {
    for n in 1..=4 {
        assert_eq!(check_wander_count(n).unwrap(), n);
    }
    assert!(check_wander_count(0).is_err() && check_wander_count(5).is_err());
}

#[test]
fn ose_wild_04_foraging_feeds_1d6() {
    let mut dice = SuppliedDice::new([1, 5, 2]);
    let found = roll_forage(&mut dice).unwrap();
    assert_eq!(found.feeds.map(|f| f.1), Some(5));
    let none = roll_forage(&mut dice).unwrap();
    assert!(none.feeds.is_none());
}

#[test]
fn ose_wild_05_hunting_one_in_six() {
    let mut dice = SuppliedDice::new([1, 6]);
    assert!(roll_hunt(&mut dice).unwrap().success);
    assert!(!roll_hunt(&mut dice).unwrap().success);
}

#[test]
fn ose_wild_03_flying_mount_capacity_every_row() {
    assert_eq!(
        FLYING_MOUNT_TABLE,
        [
            (3, FlyingLoad::HalfHuman),
            (6, FlyingLoad::AdultHuman),
            (12, FlyingLoad::LargeAnimal),
            (24, FlyingLoad::VeryLargeAnimal)
        ]
    );
    assert_eq!(flying_mount_capacity(2), None);
    assert_eq!(flying_mount_capacity(3), Some(FlyingLoad::HalfHuman));
    assert_eq!(flying_mount_capacity(7), Some(FlyingLoad::AdultHuman));
    assert_eq!(flying_mount_capacity(12), Some(FlyingLoad::LargeAnimal));
    assert_eq!(flying_mount_capacity(30), Some(FlyingLoad::VeryLargeAnimal));
}

#[test]
fn ose_wild_12_13_encirclement_and_visibility() {
    assert!(may_be_encircled(true, 3));
    assert!(!may_be_encircled(true, 2));
    assert!(!may_be_encircled(false, 10));
    assert_eq!(OPEN_TERRAIN_VISIBILITY, Miles(3));
}

#[test]
fn ose_haz_03_trails_roads_landmarks_or_guides_prevent_getting_lost() {
    assert!(!Wayfinding::default().cannot_get_lost());
    assert!(
        Wayfinding {
            following_trail_road_or_landmark: true,
            reliable_guide: false
        }
        .cannot_get_lost()
    );
    assert!(
        Wayfinding {
            following_trail_road_or_landmark: false,
            reliable_guide: true
        }
        .cannot_get_lost()
    );
}
