//! OSE measurement, encumbrance, hazards and party administration (OSE-MEAS, OSE-ENCUMB,
//! OSE-HAZ, OSE-PARTY, EX-OSE-05, -07, -08, -14). A5E's travel rules are tested with their
//! procedures (procedures_a5e_environment.rs).

use turnkeeper::ErrorCode;
use turnkeeper::clock::Ident;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::exploration::chance::Chance;
use turnkeeper::exploration::ose::encumbrance::{
    ArmorWorn, BASIC_ENCUMBRANCE_TABLE, DETAILED_ENCUMBRANCE_TABLE, Encumbrance, GEAR_ALLOWANCE,
    MAX_ENCOUNTER_ROUNDS, MAX_LOAD, MovementRate, TREASURE_WEIGHTS, TreasureItem, basic_movement,
    detailed_movement, movement, party_movement, running_effect, treasure_weight,
};
use turnkeeper::exploration::ose::hazards::{
    DROWNING_HEAVY_EXAMPLE, DROWNING_LIGHT_EXAMPLE, can_climb_sheer, roll_drowning, roll_falling,
    starving, swimming_rate,
};
use turnkeeper::exploration::ose::party::{
    OseMarchingOrder, PartyAdvice, PartyRecords, magic_item_pick_order, party_advice, split_evenly,
};
use turnkeeper::units::{Coins, Feet, Inches, Miles, Pounds, Yards};

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

#[test]
fn ex_ose_07_ose_meas_01_02_unit_conversions() {
    assert_eq!(Miles(1).to_yards().unwrap(), Yards(1_760));
    assert_eq!(Miles(1).to_feet().unwrap(), Feet(5_280));
    assert_eq!(Yards(1).to_feet().unwrap(), Feet(3));
    assert_eq!(Feet(1).to_inches().unwrap(), Inches(12));
    assert_eq!(Feet(10).to_yards(), (Yards(3), Feet(1)));
    assert_eq!(Inches(30).to_feet(), (Feet(2), Inches(6)));
    assert_eq!(Yards(3_600).to_miles(), (Miles(2), Yards(80)));
    assert_eq!(Coins(10).ose_pounds(), (Pounds(1), Coins(0)));
    assert_eq!(Pounds(3).to_ose_coins().unwrap(), Coins(30));
    assert_eq!(
        Miles(u32::MAX).to_feet().unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn ose_wild_01_outdoor_movement_in_yards() {
    assert_eq!(Feet(120).read_as_outdoor_yards(), Yards(120));
    assert_eq!(
        Feet(120).read_as_outdoor_yards().to_feet().unwrap(),
        Feet(360)
    );
}

#[test]
fn ose_encumb_02_treasure_weights_every_row() {
    use TreasureItem::*;
    let expected = [
        (Coin, 1),
        (Gem, 1),
        (Jewelry, 10),
        (Potion, 10),
        (Rod, 20),
        (Scroll, 1),
        (Staff, 40),
        (Wand, 10),
    ];
    assert_eq!(TREASURE_WEIGHTS, expected);
    for (item, w) in expected {
        assert_eq!(treasure_weight(item), Coins(w));
    }
}

#[test]
fn ose_encumb_03_basic_table_every_row() {
    assert_eq!(
        BASIC_ENCUMBRANCE_TABLE,
        [
            (ArmorWorn::Unarmored, 120, 90),
            (ArmorWorn::Light, 90, 60),
            (ArmorWorn::Heavy, 60, 30)
        ]
    );
    for (armor, free, laden) in BASIC_ENCUMBRANCE_TABLE {
        let f = basic_movement(armor, false, Coins(0)).unwrap();
        assert_eq!(
            (f.per_turn(), f.encounter_per_round()),
            (Feet(free), Feet(free / 3))
        );
        let l = basic_movement(armor, true, Coins(500)).unwrap();
        assert_eq!(
            (l.per_turn(), l.encounter_per_round()),
            (Feet(laden), Feet(laden / 3))
        );
    }
}

#[test]
fn ose_encumb_04_detailed_table_every_row() {
    assert_eq!(
        DETAILED_ENCUMBRANCE_TABLE,
        [(400, 120), (600, 90), (800, 60), (1_600, 30)]
    );
    let rate = |c| detailed_movement(Coins(c)).map(|m| m.per_turn());
    assert_eq!(rate(0), Some(Feet(120)));
    assert_eq!(rate(400), Some(Feet(120)));
    assert_eq!(rate(401), Some(Feet(90)));
    assert_eq!(rate(600), Some(Feet(90)));
    assert_eq!(rate(601), Some(Feet(60)));
    assert_eq!(rate(800), Some(Feet(60)));
    assert_eq!(rate(801), Some(Feet(30)));
    assert_eq!(rate(1_600), Some(Feet(30)));
    assert_eq!(GEAR_ALLOWANCE, Coins(80));
}

#[test]
fn ose_encumb_01_more_than_1600_coins_cannot_move() {
    assert_eq!(MAX_LOAD, Coins(1_600));
    assert_eq!(detailed_movement(Coins(1_601)), None);
    assert_eq!(
        basic_movement(ArmorWorn::Unarmored, true, Coins(1_601)),
        None
    );
}

#[test]
fn ex_ose_14_encumbrance_examples() {
    let d = |c| movement(Encumbrance::Detailed { total: Coins(c) });
    assert_eq!(d(500), Some(MovementRate::from_base(Feet(90))));
    assert_eq!(d(500).unwrap().encounter_per_round(), Feet(30));
    assert_eq!(d(800).unwrap().encounter_per_round(), Feet(20));
    assert_eq!(d(1_601), None);
    let basic = movement(Encumbrance::Basic {
        armor: ArmorWorn::Light,
        carrying_treasure: true,
        treasure: Coins(200),
    })
    .unwrap();
    assert_eq!(
        (basic.per_turn(), basic.encounter_per_round()),
        (Feet(60), Feet(20))
    );
}

#[test]
fn ex_ose_05_movement_rates_from_a_120_base() {
    let m = MovementRate::from_base(Feet(120));
    assert_eq!(m.encounter_per_round(), Feet(40));
    assert_eq!(MAX_ENCOUNTER_ROUNDS, 60);
    assert_eq!(m.per_turn(), Feet(120));
    assert_eq!(m.running_per_round(), Feet(120));
    assert_eq!(m.miles_per_day(), Miles(24));
    // OSE-PURSUIT-02: exhausted after 30 rounds of running, that is once the 30th is run.
    assert!(!running_effect(29).exhausted);
    assert_eq!(running_effect(29).penalty, 0);
    let tired = running_effect(30);
    assert!(tired.exhausted);
    assert_eq!(tired.penalty, -2);
    assert!(running_effect(31).exhausted);
}

#[test]
fn ose_move_01_party_movement_is_the_slowest_or_none() {
    let a = Some(MovementRate::from_base(Feet(120)));
    let b = Some(MovementRate::from_base(Feet(60)));
    assert_eq!(party_movement(&[a, b]).unwrap(), b);
    assert_eq!(party_movement(&[a, None]).unwrap(), None);
    assert!(party_movement(&[]).is_err());
}

#[test]
fn ose_haz_02_falling_1d6_per_10_feet_no_cap() {
    let mut dice = SuppliedDice::new([3, 5]);
    let fall = roll_falling(Feet(25), &mut dice).unwrap();
    assert_eq!(fall.dice.len(), 2);
    assert_eq!(fall.damage, 8);
    let mut dice = SuppliedDice::new(vec![1; 30]);
    assert_eq!(roll_falling(Feet(300), &mut dice).unwrap().damage, 30);
    assert_eq!(roll_falling(Feet(9), &mut dice).unwrap().damage, 0);
}

#[test]
fn ex_ose_08_ose_haz_06_drowning_chances_set_by_referee() {
    assert_eq!(DROWNING_HEAVY_EXAMPLE, Chance::percent(99));
    assert_eq!(DROWNING_LIGHT_EXAMPLE, Chance::percent(10));
    let mut dice = SuppliedDice::new([99, 11]);
    assert!(
        roll_drowning(DROWNING_HEAVY_EXAMPLE, &mut dice)
            .unwrap()
            .success
    );
    assert!(
        !roll_drowning(DROWNING_LIGHT_EXAMPLE, &mut dice)
            .unwrap()
            .success
    );
}

#[test]
fn ose_haz_01_04_05_climbing_starvation_swimming() {
    assert!(!can_climb_sheer(false, false));
    assert!(can_climb_sheer(true, false) && can_climb_sheer(false, true));
    assert!(!starving(0) && starving(1));
    assert_eq!(swimming_rate(Feet(120)), Feet(60));
}

#[test]
fn ose_haz_01_a_tense_climb_is_a_dex_check_and_a_sheer_wall_needs_equipment() {
    use turnkeeper::exploration::ose::hazards::{Climb, climb};
    let go = |c: Climb, faces: &[u32]| {
        let mut dice = SuppliedDice::new(faces.to_vec());
        let r = climb(&c, &mut dice).unwrap();
        assert_eq!(dice.remaining(), 0);
        r
    };
    // An ordinary climb: nothing to roll.
    let easy = go(Climb::default(), &[]);
    assert!(easy.can_climb && easy.success && easy.check.is_none());
    // Tense: DEX 13, d20 at most 13 succeeds.
    let tense = Climb {
        dex_check: Some(13),
        ..Climb::default()
    };
    assert!(go(tense, &[13]).success);
    let slip = go(tense, &[14]);
    assert!(slip.can_climb && !slip.success);
    assert_eq!(slip.check.unwrap().total, 14);
    // Very difficult (+4): 10 + 4 = 14 > 13.
    let hard = Climb {
        difficulty: 4,
        ..tense
    };
    assert!(!go(hard, &[10]).success);
    // A sheer wall without equipment or a class ability: not even tried.
    let sheer = Climb {
        sheer: true,
        ..tense
    };
    let r = go(sheer, &[]);
    assert!(!r.can_climb && !r.success && r.check.is_none());
    let roped = Climb {
        has_equipment: true,
        ..sheer
    };
    assert!(go(roped, &[3]).success);
    // A DEX score past the limit is refused.
    let mut dice = SuppliedDice::new(vec![3]);
    let bad = Climb {
        dex_check: Some(1_000),
        ..Climb::default()
    };
    assert_eq!(
        climb(&bad, &mut dice).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn ose_party_01_even_split_and_magic_item_pick_order() {
    let s = split_evenly(1_003, 4).unwrap();
    assert_eq!((s.each, s.remainder), (250, 3));
    assert!(split_evenly(10, 0).is_err());
    // ana 12, bo 17, cy 12 → bo first; ana and cy re-roll 5 vs 9 → cy, ana
    let mut dice = SuppliedDice::new([12, 17, 12, 5, 9]);
    let order = magic_item_pick_order(&[id("ana"), id("bo"), id("cy")], &mut dice).unwrap();
    let names: Vec<&str> = order.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(names, ["bo", "cy", "ana"]);
    assert_eq!(order[2].dice.len(), 2);
    let mut dice = SuppliedDice::new([1, 2]);
    assert_eq!(
        magic_item_pick_order(&[id("ana"), id("ana")], &mut dice)
            .unwrap_err()
            .code,
        ErrorCode::DuplicateId
    );
}

#[test]
fn ose_party_02_records_are_data() {
    let records = PartyRecords {
        marching_orders: vec![OseMarchingOrder {
            situation: id("exploring"),
            order: vec![id("bo"), id("ana")],
        }],
        caller: Some(id("ana")),
        mapper: Some(id("bo")),
    };
    let json = serde_json::to_string(&records).unwrap();
    assert_eq!(
        serde_json::from_str::<PartyRecords>(&json).unwrap(),
        records
    );
}

#[test]
fn ose_party_03_advice_on_size_and_level_spread() {
    assert!(party_advice(&[1, 2, 3, 1, 2, 3]).is_empty());
    assert_eq!(
        party_advice(&[1, 6, 3, 3, 3, 3]),
        vec![PartyAdvice::WideLevelSpread {
            lowest: 1,
            highest: 6
        }]
    );
    assert_eq!(
        party_advice(&[2, 2]),
        vec![PartyAdvice::UnusualSize { size: 2 }]
    );
}
