//! HYB exploration procedures: travel turns, rolling to return, overland and overwater travel,
//! corruption, load, coins and loot (HYB-TRAVEL, HYB-RETURN, HYB-CORR, HYB-LOAD, HYB-TREAS).

use turnkeeper::ErrorCode;
use turnkeeper::clock::time::{SECONDS_PER_DAY, SECONDS_PER_HOUR, SECONDS_PER_WEEK};
use turnkeeper::clock::{GameTime, Ident, LightLevel, Seconds};
use turnkeeper::dice::RollMode;
use turnkeeper::dice::{RolledDie, SuppliedDice};
use turnkeeper::exploration::hyb::corruption::{
    Ability, Corruption, CorruptionStage, HarmDone, StageHarm, StageSuccess, expose,
};
use turnkeeper::exploration::hyb::load::{
    HYB_BASE_SPEED, Purse, hyb_load_effect, roll_carried_loot, xp_for_gold,
};
use turnkeeper::exploration::hyb::overland::{
    HybDayConditions, HybPace, HybTerrain, HybTraveller, HybVessel, MphTenths, WaterFlow,
    hyb_miles_per_day, hyb_party_miles_per_day, hyb_water_speed,
};
use turnkeeper::exploration::hyb::return_trip::{
    ReturnCost, ReturnPath, Returner, return_dc, roll_to_return,
};
use turnkeeper::exploration::hyb::travel::{
    Caution, HybTravelMode, RESOURCE_TICK, TRAVEL_TURN_TABLE, ThreatLevel, roll_travel_turn,
    scenes_make_travel_turn, travel_roll_interval, travel_turn_row,
};
use turnkeeper::units::{Coins, Feet, Loads, Miles};

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

#[test]
fn hyb_travel_02_travel_turn_table_every_row() {
    assert_eq!(TRAVEL_TURN_TABLE.len(), 4);
    let bounds: Vec<(u8, u8, ThreatLevel)> = TRAVEL_TURN_TABLE
        .iter()
        .map(|r| (r.low, r.high, r.threat))
        .collect();
    assert_eq!(
        bounds,
        vec![
            (1, 1, ThreatLevel::Terrible),
            (2, 10, ThreatLevel::BadSoon),
            (11, 19, ThreatLevel::Worsens),
            (20, 20, ThreatLevel::NothingBad)
        ]
    );
    for face in 1..=20u32 {
        let expected = match face {
            1 => ThreatLevel::Terrible,
            2..=10 => ThreatLevel::BadSoon,
            11..=19 => ThreatLevel::Worsens,
            _ => ThreatLevel::NothingBad,
        };
        assert_eq!(
            travel_turn_row(face).unwrap().threat,
            expected,
            "face {face}"
        );
    }
    assert!(TRAVEL_TURN_TABLE[0].meaning.contains("devastating ambush"));
    assert!(
        TRAVEL_TURN_TABLE[1]
            .meaning
            .contains("retainer flees or betrays")
    );
    assert!(
        TRAVEL_TURN_TABLE[2]
            .meaning
            .contains("something suspicious")
    );
    assert!(TRAVEL_TURN_TABLE[3].meaning.contains("maybe even good"));
    assert!(travel_turn_row(0).is_err() && travel_turn_row(21).is_err());
}

#[test]
fn hyb_travel_02_cautious_rolls_with_advantage_careless_with_disadvantage() {
    let mut dice = SuppliedDice::new([4, 15]);
    let r = roll_travel_turn(Caution::Cautious, &mut dice).unwrap();
    assert_eq!(r.roll.natural, 15);
    assert_eq!(r.threat, ThreatLevel::Worsens);
    let mut dice = SuppliedDice::new([4, 15]);
    let r = roll_travel_turn(Caution::Careless, &mut dice).unwrap();
    assert_eq!(r.roll.natural, 4);
    assert_eq!(r.threat, ThreatLevel::BadSoon);
    let mut dice = SuppliedDice::new([1]);
    let r = roll_travel_turn(Caution::Ordinary, &mut dice).unwrap();
    assert_eq!(r.roll.dice, vec![RolledDie { sides: 20, face: 1 }]);
    assert_eq!(r.threat, ThreatLevel::Terrible);
}

#[test]
fn hyb_travel_03_roll_frequency_by_mode_resources_hourly() {
    use HybTravelMode::*;
    assert_eq!(travel_roll_interval(Dungeon, true).0, SECONDS_PER_HOUR);
    assert_eq!(travel_roll_interval(Overland, true).0, SECONDS_PER_DAY);
    assert_eq!(travel_roll_interval(Overland, false).0, SECONDS_PER_HOUR);
    assert_eq!(travel_roll_interval(RiverOrLake, true).0, SECONDS_PER_DAY);
    assert_eq!(travel_roll_interval(Sea, true).0, SECONDS_PER_WEEK);
    assert_eq!(RESOURCE_TICK, Seconds(SECONDS_PER_HOUR));
}

#[test]
fn hyb_travel_01_three_or_four_scenes_make_a_dungeon_travel_turn() {
    assert!(!scenes_make_travel_turn(2, 3).unwrap());
    assert!(scenes_make_travel_turn(3, 3).unwrap());
    assert!(!scenes_make_travel_turn(3, 4).unwrap());
    assert!(scenes_make_travel_turn(4, 4).unwrap());
    assert!(scenes_make_travel_turn(4, 5).is_err());
}

#[test]
fn hyb_return_01_dc_is_ten_plus_travel_turns_capped_at_twenty() {
    assert_eq!(return_dc(0), 10);
    assert_eq!(return_dc(4), 14);
    assert_eq!(return_dc(10), 20);
    assert_eq!(return_dc(12), 20);
    assert_eq!(return_dc(u32::MAX), 20);
}

#[test]
fn ex_hyb_01_hyb_return_02_rolling_to_return_arduous() {
    let pcs = [
        Returner {
            id: id("pc-a"),
            best_modifier: 6,
            advantage: RollMode::Normal,
        },
        Returner {
            id: id("pc-b"),
            best_modifier: 5,
            advantage: RollMode::Normal,
        },
    ];
    // PC-A "rolls a 17" read as the total (11 + 6); PC-B natural 7 + 5 = 12.
    let mut dice = SuppliedDice::new([11, 7]);
    let r = roll_to_return(&pcs, 4, ReturnPath::Arduous, &mut dice).unwrap();
    assert_eq!(r[0].dc, 14);
    assert_eq!(r[0].total, 17);
    assert!(r[0].success);
    assert_eq!(r[0].cost, None);
    assert_eq!(r[1].total, 12);
    assert!(!r[1].success);
    assert_eq!(r[1].missed_by, 2);
    assert_eq!(r[1].cost, Some(ReturnCost::LoadsLost { loads: 2 }));
    // G-31: a natural 17 (total 23) succeeds as well.
    let mut dice = SuppliedDice::new([17, 7]);
    let r = roll_to_return(&pcs, 4, ReturnPath::Arduous, &mut dice).unwrap();
    assert!(r[0].success && r[0].total == 23);
}

#[test]
fn ex_hyb_01_hyb_return_02_dangerous_path_costs_a_d6_per_point() {
    let pcs = [Returner {
        id: id("pc-b"),
        best_modifier: 5,
        advantage: RollMode::Normal,
    }];
    let mut dice = SuppliedDice::new([7, 3, 4]);
    let r = roll_to_return(&pcs, 4, ReturnPath::Dangerous, &mut dice).unwrap();
    assert_eq!(
        r[0].cost,
        Some(ReturnCost::Damage {
            dice: vec![
                RolledDie { sides: 6, face: 3 },
                RolledDie { sides: 6, face: 4 }
            ],
            total: 7
        })
    );
    assert_eq!(dice.remaining(), 0);
    // 12 travel turns away → DC 20
    let mut dice = SuppliedDice::new([15]);
    let r = roll_to_return(&pcs, 12, ReturnPath::Arduous, &mut dice).unwrap();
    assert_eq!(r[0].dc, 20);
    assert!(r[0].success);
}

fn day(terrain: HybTerrain, light: LightLevel, pace: HybPace) -> HybDayConditions {
    HybDayConditions {
        terrain,
        light,
        pace,
    }
}

#[test]
fn ex_hyb_06_hyb_travel_04_overland_distance() {
    let pc = HybTraveller {
        str_modifier: 2,
        encumbered: false,
    };
    let b = LightLevel::Bright;
    let m = |d| hyb_miles_per_day(pc, d).unwrap();
    assert_eq!(m(day(HybTerrain::Open, b, HybPace::Normal)), Miles(12));
    assert_eq!(m(day(HybTerrain::Difficult, b, HybPace::Normal)), Miles(6));
    assert_eq!(m(day(HybTerrain::Harsh, b, HybPace::Normal)), Miles(3));
    // dim light counts as difficult, darkness as harsh; they do not stack with terrain
    assert_eq!(
        m(day(HybTerrain::Open, LightLevel::Dim, HybPace::Normal)),
        Miles(6)
    );
    assert_eq!(
        m(day(HybTerrain::Open, LightLevel::Darkness, HybPace::Normal)),
        Miles(3)
    );
    assert_eq!(
        m(day(HybTerrain::Difficult, LightLevel::Dim, HybPace::Normal)),
        Miles(6)
    );
    assert_eq!(
        HybDayConditions::daylight(),
        day(HybTerrain::Open, b, HybPace::Normal)
    );
}

#[test]
fn ex_hyb_06_hyb_travel_05_pace_encumbrance_and_slowest_member() {
    let pc = HybTraveller {
        str_modifier: 2,
        encumbered: false,
    };
    let open = |pace| day(HybTerrain::Open, LightLevel::Bright, pace);
    assert_eq!(
        hyb_miles_per_day(pc, open(HybPace::Stealthy)).unwrap(),
        Miles(6)
    );
    assert_eq!(
        hyb_miles_per_day(pc, open(HybPace::Tactical)).unwrap(),
        Miles(9)
    );
    let laden = HybTraveller {
        str_modifier: 2,
        encumbered: true,
    };
    assert_eq!(
        hyb_miles_per_day(laden, open(HybPace::Normal)).unwrap(),
        Miles(6)
    );
    // rounding down once at the end: STR −1 → 9 × ¾ = 6.75 → 6
    let weak = HybTraveller {
        str_modifier: -1,
        encumbered: false,
    };
    assert_eq!(
        hyb_miles_per_day(weak, open(HybPace::Tactical)).unwrap(),
        Miles(6)
    );
    let party = [pc, laden, weak];
    assert_eq!(
        hyb_party_miles_per_day(&party, open(HybPace::Normal)).unwrap(),
        Miles(6)
    );
    assert_eq!(
        hyb_party_miles_per_day(&[], open(HybPace::Normal))
            .unwrap_err()
            .code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn ex_hyb_12_hyb_travel_06_c_35_overwater_speeds() {
    let boat = hyb_water_speed(HybVessel::Boat, WaterFlow::Neutral);
    assert_eq!(boat.per_hour, MphTenths { tenths: 30 });
    assert_eq!(boat.per_day, Miles(30));
    let against = hyb_water_speed(HybVessel::Boat, WaterFlow::Unfavorable);
    assert_eq!(against.per_hour.to_string(), "1.5 mph");
    assert_eq!(against.per_day, Miles(15));
    let ship = hyb_water_speed(HybVessel::Ship, WaterFlow::Neutral);
    assert_eq!(ship.per_hour, MphTenths { tenths: 50 });
    assert_eq!(ship.per_day, Miles(100));
    let fair = hyb_water_speed(HybVessel::Ship, WaterFlow::Favorable);
    assert_eq!(fair.per_hour.to_string(), "10.0 mph");
    assert_eq!(fair.per_day, Miles(200));
    // C-35: the daily figure is not 24 × the hourly one
    assert_ne!(boat.per_day.0 * 10, boat.per_hour.tenths * 24);
}

fn venom() -> Corruption {
    let stage = || CorruptionStage {
        duration: Seconds(2 * SECONDS_PER_HOUR),
        harm: StageHarm::AbilityDamage {
            ability: Ability::Con,
            dice: 1,
        },
    };
    Corruption {
        dc: 11,
        onset: Some(StageHarm::Exhausted),
        stages: vec![stage(), stage()],
        on_success: StageSuccess::AvoidsStage,
    }
}

#[test]
fn ex_hyb_02_venom_corruption_stages_to_death() {
    let t0 = GameTime::at(0, 9, 0).unwrap();
    // exposure: d20 5 + CON mod 0 < 11 → infected, onset exhaustion
    let mut dice = SuppliedDice::new([5]);
    let exp = expose(venom(), 10, 10, RollMode::Normal, t0, &mut dice).unwrap();
    assert!(!exp.check.success);
    assert_eq!(exp.onset, Some(HarmDone::Exhausted));
    let mut inf = exp.infection.unwrap();
    assert_eq!(
        inf.stage_ends_at().unwrap(),
        GameTime::at(0, 11, 0).unwrap()
    );
    // too early
    let mut dice = SuppliedDice::new([8, 4]);
    let err = inf
        .end_stage(
            GameTime::at(0, 10, 0).unwrap(),
            10,
            10,
            RollMode::Normal,
            &mut dice,
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::OutOfOrder);
    // after 2 hours: fails, 1d6 = 4 → CON 10 → 6
    let end = inf
        .end_stage(
            GameTime::at(0, 11, 0).unwrap(),
            10,
            10,
            RollMode::Normal,
            &mut dice,
        )
        .unwrap();
    assert!(!end.check.success);
    match end.harm {
        Some(HarmDone::AbilityDamage {
            ability,
            damage,
            from,
            to,
            dead,
            ..
        }) => {
            assert_eq!(
                (ability, damage, from, to, dead),
                (Ability::Con, 4, 10, 6, false)
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    assert!(!end.over);
    // 2 hours later: CON 6 → mod −2; 12 − 2 = 10 < 11 fails; 1d6 = 6 → CON 0 → dead
    let mut dice = SuppliedDice::new([12, 6]);
    let end = inf
        .end_stage(
            GameTime::at(0, 13, 0).unwrap(),
            6,
            6,
            RollMode::Normal,
            &mut dice,
        )
        .unwrap();
    assert_eq!(end.check.modifier, -2);
    assert_eq!(end.check.total, 10);
    assert!(matches!(
        end.harm,
        Some(HarmDone::AbilityDamage {
            to: 0,
            dead: true,
            ..
        })
    ));
    assert!(end.over && inf.over);
}

#[test]
fn hyb_corr_01_the_exposure_check_infects_on_a_failure_only() {
    let mut dice = SuppliedDice::new([11]);
    let exp = expose(venom(), 10, 10, RollMode::Normal, GameTime(0), &mut dice).unwrap();
    assert!(exp.check.success);
    assert!(exp.infection.is_none() && exp.onset.is_none());
    // One short of the usual DC 11 (d20 10 + CON mod 0): a failure infects, from that moment.
    let mut dice = SuppliedDice::new([10]);
    let exp = expose(venom(), 10, 10, RollMode::Normal, GameTime(7), &mut dice).unwrap();
    assert!(!exp.check.success);
    let infection = exp.infection.expect("a failed check infects");
    assert_eq!((infection.stage, infection.stage_started), (0, GameTime(7)));
    // CON 14 (+2) turns the same 10 into a 12: no infection.
    let mut dice = SuppliedDice::new([10]);
    let exp = expose(venom(), 14, 10, RollMode::Normal, GameTime(7), &mut dice).unwrap();
    assert!(exp.check.success && exp.infection.is_none());
}

#[test]
fn hyb_corr_02_stage_success_avoids_or_cures_by_option() {
    let mut dice = SuppliedDice::new([1, 15]);
    let mut inf = expose(venom(), 10, 10, RollMode::Normal, GameTime(0), &mut dice)
        .unwrap()
        .infection
        .unwrap();
    let end = inf
        .end_stage(GameTime(7_200), 10, 10, RollMode::Normal, &mut dice)
        .unwrap();
    assert!(end.check.success && end.harm.is_none() && !end.over);
    assert_eq!(inf.stage, 1);
    let mut cures = venom();
    cures.on_success = StageSuccess::Cures;
    let mut dice = SuppliedDice::new([1, 15]);
    let mut inf = expose(cures, 10, 10, RollMode::Normal, GameTime(0), &mut dice)
        .unwrap()
        .infection
        .unwrap();
    let end = inf
        .end_stage(GameTime(7_200), 10, 10, RollMode::Normal, &mut dice)
        .unwrap();
    assert!(end.over);
    let mut bad = venom();
    bad.stages.clear();
    assert!(expose(bad, 10, 10, RollMode::Normal, GameTime(0), &mut dice).is_err());
}

#[test]
fn ex_hyb_03_hyb_load_01_each_load_over_str_costs_five_feet() {
    let e = hyb_load_effect(10, Loads(11), HYB_BASE_SPEED);
    assert_eq!(
        (e.over, e.speed, e.disadvantage, e.immobile),
        (1, Feet(25), true, false)
    );
    let e = hyb_load_effect(10, Loads(10), HYB_BASE_SPEED);
    assert_eq!((e.over, e.speed, e.disadvantage), (0, Feet(30), false));
    let e = hyb_load_effect(10, Loads(16), HYB_BASE_SPEED);
    assert_eq!((e.speed, e.immobile), (Feet(0), true));
    let e = hyb_load_effect(10, Loads(40), HYB_BASE_SPEED);
    assert_eq!(e.speed, Feet(0));
}

#[test]
fn ex_hyb_10_hyb_load_02_hyb_treas_01_coins_and_currency() {
    assert_eq!(Coins(100).hyb_pounds().0.0, 1);
    assert_eq!(Coins(500).hyb_loads(), Loads(1));
    assert_eq!(Coins(501).hyb_loads(), Loads(2));
    let purse = Purse {
        cp: 10,
        sp: 0,
        gp: 0,
    };
    assert_eq!(
        purse.value_cp(),
        Purse {
            cp: 0,
            sp: 1,
            gp: 0
        }
        .value_cp()
    );
    assert_eq!(
        Purse {
            cp: 0,
            sp: 10,
            gp: 0
        }
        .value_cp(),
        100
    );
    assert_eq!(
        Purse::from_cp(100).unwrap(),
        Purse {
            cp: 0,
            sp: 0,
            gp: 1
        }
    );
    assert_eq!(
        Purse::from_cp(123).unwrap(),
        Purse {
            cp: 3,
            sp: 2,
            gp: 1
        }
    );
    assert_eq!(
        Purse {
            cp: 5,
            sp: 5,
            gp: 5
        }
        .coins()
        .unwrap(),
        Coins(15)
    );
}

#[test]
fn ex_hyb_10_hyb_treas_03_carried_loot_is_1d20_gp_per_hd() {
    let mut dice = SuppliedDice::new([5, 12, 20]);
    let loot = roll_carried_loot(3, &mut dice).unwrap();
    assert_eq!(loot.dice.len(), 3);
    assert!(loot.dice.iter().all(|d| d.sides == 20));
    assert_eq!(loot.gp, 37);
    assert!(roll_carried_loot(101, &mut dice).is_err());
}

#[test]
fn hyb_treas_02_xp_from_earned_gold_only() {
    assert_eq!(xp_for_gold(250, true, 1), 250);
    assert_eq!(xp_for_gold(250, false, 1), 0);
}
