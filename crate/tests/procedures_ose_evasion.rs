//! OSE evasion and pursuit (OSE-EVADE-01..06, OSE-PURSUIT-01..04) and EX-OSE-12.

use turnkeeper::ErrorCode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::procedures::Percent;
use turnkeeper::procedures::ose::MovementRate;
use turnkeeper::procedures::ose::evasion::*;
use turnkeeper::procedures::ose::pursuit::*;
use turnkeeper::procedures::ose::running::*;
use turnkeeper::units::{Distance, Feet};

fn wild_input(fleeing: u32, pursuers: u32) -> WildernessEvasionInput {
    WildernessEvasionInput {
        fleeing_size: fleeing,
        pursuers,
        fleeing_rate: MovementRate(Feet(120)),
        pursuer_rate: MovementRate(Feet(120)),
        environment_points: 0,
        surprise: WildernessSurprise::NoneSurprised,
    }
}

fn chance(plan: &WildernessEvasionPlan) -> u32 {
    match plan {
        WildernessEvasionPlan::Roll { chance, .. } => chance.value(),
        other => panic!("expected a roll, got {other:?}"),
    }
}

#[test]
fn ose_evade_01_only_before_combat_and_unopposed_evasion_succeeds() {
    assert_eq!(
        begin_evasion(false, false).unwrap(),
        EvasionStart::Unopposed
    );
    assert_eq!(begin_evasion(false, true).unwrap(), EvasionStart::Pursued);
    assert_eq!(
        begin_evasion(true, false).unwrap_err().code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn ose_evade_02_dungeon_faster_side_escapes_unless_forced_to_stop() {
    let (fast, slow) = (MovementRate(Feet(120)), MovementRate(Feet(90)));
    assert_eq!(
        dungeon_evasion(fast, slow, false).unwrap(),
        EvasionOutcome::Escaped
    );
    assert_eq!(
        dungeon_evasion(fast, slow, true).unwrap(),
        EvasionOutcome::Pursuit
    );
    assert_eq!(
        dungeon_evasion(fast, fast, false).unwrap(),
        EvasionOutcome::Pursuit
    );
    assert_eq!(
        dungeon_evasion(slow, fast, false).unwrap(),
        EvasionOutcome::Pursuit
    );
}

#[test]
fn ose_evade_03_waterborne_table_every_row_matches_rules_md() {
    // Copied from docs/rules.md OSE-EVADE-03.
    let rules = "\
| Faster than pursuer | 80% |
| 0–30 ft per round slower | 50% |
| 31–60 ft per round slower | 40% |
| 61–90 ft per round slower | 35% |
| 91–120 ft per round slower | 25% |
| 121+ ft per round slower | 10% |";
    let ours: Vec<String> = WATERBORNE_EVASION_TABLE
        .iter()
        .map(|row| {
            let label = match row.fleeing {
                SpeedComparison::Faster => "Faster than pursuer".to_owned(),
                SpeedComparison::SlowerBy { from, to: Some(to) } => {
                    format!("{from}–{to} ft per round slower")
                }
                SpeedComparison::SlowerBy { from, to: None } => {
                    format!("{from}+ ft per round slower")
                }
            };
            format!("| {label} | {}% |", row.chance)
        })
        .collect();
    assert_eq!(ours.join("\n"), rules);
    // Boundaries of every row (fleeing, pursuers per round → chance).
    for (fleeing, pursuers, expected) in [
        (121, 120, 80),
        (120, 120, 50),
        (90, 120, 50),
        (89, 120, 40),
        (60, 120, 40),
        (59, 120, 35),
        (30, 120, 35),
        (29, 120, 25),
        (0, 120, 25),
        (0, 121, 10),
        (0, 400, 10),
    ] {
        assert_eq!(
            waterborne_evasion_chance(fleeing, pursuers)
                .unwrap()
                .value(),
            expected,
            "{fleeing} vs {pursuers}"
        );
    }
}

#[test]
fn ose_evade_03_waterborne_roll_and_next_day_rule() {
    let mut d = SuppliedDice::new([50, 51]);
    let ok = roll_waterborne_evasion(&mut d, 100, 120).unwrap();
    assert_eq!(ok.outcome, EvasionOutcome::Escaped);
    assert!(ok.pursuers_wait_for_next_day_encounter);
    let fail = roll_waterborne_evasion(&mut d, 100, 120).unwrap();
    assert_eq!(fail.outcome, EvasionOutcome::Pursuit);
    assert_eq!(fail.roll.die.face, 51);
}

#[test]
fn ose_evade_04_wilderness_surprise_cases() {
    // Surprised side: no chance unless the referee allows one (10% in dense woodland).
    let mut input = wild_input(3, 2);
    input.surprise = WildernessSurprise::FleeingSideSurprised {
        referee_chance: None,
    };
    let mut d = SuppliedDice::new([]);
    let r = roll_wilderness_evasion(&mut d, &input).unwrap();
    assert_eq!(r.outcome, EvasionOutcome::CannotEvade);
    assert_eq!(r.roll, None);
    input.surprise = WildernessSurprise::FleeingSideSurprised {
        referee_chance: Some(Percent::new(DENSE_WOODLAND_SURPRISED_CHANCE).unwrap()),
    };
    let mut d = SuppliedDice::new([10]);
    let r = roll_wilderness_evasion(&mut d, &input).unwrap();
    assert_eq!(chance(&r.plan), 10);
    assert_eq!(r.outcome, EvasionOutcome::Escaped);
    // The side that surprised the other evades automatically.
    input.surprise = WildernessSurprise::FleeingSideHasSurprise;
    let mut d = SuppliedDice::new([]);
    let r = roll_wilderness_evasion(&mut d, &input).unwrap();
    assert_eq!(r.plan, WildernessEvasionPlan::Automatic);
    assert_eq!(r.outcome, EvasionOutcome::Escaped);
    // No surprise: the table, and a failed roll means pursuit.
    let mut d = SuppliedDice::new([71]);
    let r = roll_wilderness_evasion(&mut d, &wild_input(3, 2)).unwrap();
    assert_eq!(r.outcome, EvasionOutcome::Pursuit);
}

#[test]
fn ose_evade_05_wilderness_table_every_row_matches_rules_md() {
    // Copied from docs/rules.md OSE-EVADE-05.
    let rules = "\
| 1–4 | 1 | 50% |
| 1–4 | 2–3 | 70% |
| 1–4 | 4+ | 90% |
| 5–12 | 1–3 | 35% |
| 5–12 | 4–8 | 50% |
| 5–12 | 9+ | 70% |
| 13–24 | 1–6 | 25% |
| 13–24 | 7–16 | 35% |
| 13–24 | 17+ | 50% |
| 25+ | 1–10 | 10% |
| 25+ | 11–30 | 25% |
| 25+ | 31+ | 35% |";
    let span = |from: u32, to: Option<u32>| match to {
        Some(to) if to == from => format!("{from}"),
        Some(to) => format!("{from}–{to}"),
        None => format!("{from}+"),
    };
    let ours: Vec<String> = WILDERNESS_EVASION_TABLE
        .iter()
        .map(|r| {
            format!(
                "| {} | {} | {}% |",
                span(r.fleeing_from, r.fleeing_to),
                span(r.pursuers_from, r.pursuers_to),
                r.chance
            )
        })
        .collect();
    assert_eq!(ours.join("\n"), rules);
    // Each row by lookup at both corners.
    for row in WILDERNESS_EVASION_TABLE {
        for fleeing in [row.fleeing_from, row.fleeing_to.unwrap_or(1_000)] {
            for pursuers in [row.pursuers_from, row.pursuers_to.unwrap_or(1_000)] {
                assert_eq!(
                    wilderness_base_chance(fleeing, pursuers).unwrap().value(),
                    row.chance
                );
            }
        }
    }
    assert!(wilderness_base_chance(0, 1).is_err());
    assert!(wilderness_base_chance(1, 0).is_err());
}

#[test]
fn ose_evade_06_speed_and_environment_points_with_a_5_percent_floor() {
    let mut faster_pursuers = wild_input(3, 2);
    faster_pursuers.pursuer_rate = MovementRate(Feet(240));
    assert_eq!(
        chance(&wilderness_evasion_plan(&faster_pursuers).unwrap()),
        45
    );
    let mut faster_fleeing = wild_input(3, 2);
    faster_fleeing.fleeing_rate = MovementRate(Feet(240));
    assert_eq!(
        chance(&wilderness_evasion_plan(&faster_fleeing).unwrap()),
        95
    );
    // Less than double: no modifier.
    let mut a_bit = wild_input(3, 2);
    a_bit.pursuer_rate = MovementRate(Feet(230));
    assert_eq!(chance(&wilderness_evasion_plan(&a_bit).unwrap()), 70);
    // Environment, capped at 100.
    let mut woods = faster_fleeing;
    woods.environment_points = DENSE_WOODS_POINTS;
    assert_eq!(chance(&wilderness_evasion_plan(&woods).unwrap()), 100);
    // Floor.
    let mut hopeless = wild_input(30, 5);
    hopeless.pursuer_rate = MovementRate(Feet(240));
    hopeless.environment_points = -50;
    let plan = wilderness_evasion_plan(&hopeless).unwrap();
    assert_eq!(chance(&plan), MIN_WILDERNESS_EVASION_CHANCE);
    if let WildernessEvasionPlan::Roll { modifiers, .. } = plan {
        assert_eq!(
            modifiers.last().unwrap().source,
            ChanceModifierSource::MinimumChance
        );
    }
}

#[test]
fn ex_ose_12_wilderness_evasion() {
    // A surprised side in dense woodland may be allowed 10%.
    let mut surprised = wild_input(3, 2);
    surprised.surprise = WildernessSurprise::FleeingSideSurprised {
        referee_chance: Some(Percent::new(10).unwrap()),
    };
    assert_eq!(chance(&wilderness_evasion_plan(&surprised).unwrap()), 10);
    // 3 fleeing 2 → 70%; dense woods → 95%; pursuers twice as fast → 45%.
    assert_eq!(
        chance(&wilderness_evasion_plan(&wild_input(3, 2)).unwrap()),
        70
    );
    let mut woods = wild_input(3, 2);
    woods.environment_points = DENSE_WOODS_POINTS;
    assert_eq!(chance(&wilderness_evasion_plan(&woods).unwrap()), 95);
    let mut fast = wild_input(3, 2);
    fast.pursuer_rate = MovementRate(Feet(240));
    assert_eq!(chance(&wilderness_evasion_plan(&fast).unwrap()), 45);
    // 30 fleeing 5 → 10%; pursuers twice as fast → 5%.
    assert_eq!(
        chance(&wilderness_evasion_plan(&wild_input(30, 5)).unwrap()),
        10
    );
    let mut big = wild_input(30, 5);
    big.fleeing_rate = MovementRate(Feet(60));
    assert_eq!(chance(&wilderness_evasion_plan(&big).unwrap()), 5);
}

#[test]
fn ose_pursuit_01_dungeon_pursuit_closes_by_speed_and_ends_on_distractions() {
    let mut p = DungeonPursuit::new(MovementRate(Feet(90)), MovementRate(Feet(120)), 70).unwrap();
    let r = p.run_round().unwrap();
    assert_eq!((r.gained_feet, r.gap), (30, Distance::feet(40)));
    p.run_round().unwrap();
    let r = p.run_round().unwrap();
    assert_eq!(r.gap, Distance::feet(0));
    assert_eq!(r.status, PursuitStatus::Caught);
    assert_eq!(p.run_round().unwrap_err().code, ErrorCode::OutOfOrder);

    // Treasure: 3-in-6 for monsters that like treasure.
    let mut p = DungeonPursuit::new(MovementRate(Feet(120)), MovementRate(Feet(120)), 60).unwrap();
    let mut d = SuppliedDice::new([4, 3]);
    let r = p.drop_item(&mut d, DroppedItem::Treasure, true).unwrap();
    assert!(!r.pursuers_stop);
    assert_eq!(r.roll.unwrap().die.face, 4);
    let r = p.drop_item(&mut d, DroppedItem::Food, true).unwrap();
    assert!(r.pursuers_stop);
    assert_eq!(
        p.status,
        PursuitStatus::Escaped {
            reason: EscapeReason::FoodDropped
        }
    );
    // Pursuers that don't care roll nothing.
    let mut p = DungeonPursuit::new(MovementRate(Feet(120)), MovementRate(Feet(120)), 60).unwrap();
    let mut d = SuppliedDice::new([]);
    assert!(
        !p.drop_item(&mut d, DroppedItem::Treasure, false)
            .unwrap()
            .pursuers_stop
    );
    // Out of sight and obstacles are the referee's call.
    assert!(p.referee_stops(EscapeReason::Evaded).is_err());
    assert_eq!(
        p.referee_stops(EscapeReason::OutOfSight).unwrap(),
        PursuitStatus::Escaped {
            reason: EscapeReason::OutOfSight
        }
    );
}

#[test]
fn ose_pursuit_02_running_exhausts_after_thirty_rounds_until_three_turns_rest() {
    let mut t = RunningTracker::new();
    assert!(!t.run(29));
    assert_eq!(t.penalties(), RunningPenalties::default());
    assert!(t.run(1));
    assert_eq!(
        t.penalties(),
        RunningPenalties {
            attack: -2,
            damage: -2,
            ac_worse_by: 2
        }
    );
    assert!(!t.rest(2).unwrap());
    assert!(t.exhausted);
    assert!(t.rest(1).unwrap());
    assert!(!t.exhausted);
    assert_eq!(t.rounds_run, 0);
    // Running speed is the base rate in feet per round.
    assert_eq!(MovementRate(Feet(120)).running_per_round(), Feet(120));
    // A dungeon pursuit reports when runners have run 30 rounds.
    let mut p = DungeonPursuit::new(MovementRate(Feet(120)), MovementRate(Feet(120)), 50).unwrap();
    for _ in 0..29 {
        assert!(!p.run_round().unwrap().runners_exhausted);
    }
    assert!(p.run_round().unwrap().runners_exhausted);
}

#[test]
fn ose_pursuit_03_waterborne_gap_closes_by_difference_with_minimum_30() {
    // 4d6 = 12 → 120 yd; pursuers 50 faster per round.
    let mut d = SuppliedDice::new([3, 3, 3, 3]);
    let (mut p, dist) =
        WaterbornePursuit::start(&mut d, 70, 120, false, WaterPursuitUnits::OutdoorYards).unwrap();
    assert_eq!(dist.distance, Distance::yards(120));
    let r = p.run_round().unwrap();
    assert_eq!(
        (r.closed, r.gap),
        (Distance::yards(50), Distance::yards(70))
    );
    p.run_round().unwrap();
    let r = p.run_round().unwrap();
    assert_eq!((r.closed, r.gap), (Distance::yards(20), Distance::yards(0)));
    assert_eq!(r.status, PursuitStatus::Caught);
    // Equal or slower pursuers still close 30 a round; 1d4 distance after surprise.
    let mut d = SuppliedDice::new([2]);
    let (mut p, dist) =
        WaterbornePursuit::start(&mut d, 120, 90, true, WaterPursuitUnits::OutdoorYards).unwrap();
    assert_eq!(dist.distance, Distance::yards(20));
    let r = p.run_round().unwrap();
    assert_eq!(r.closed, Distance::yards(20));
    assert_eq!(r.status, PursuitStatus::Caught);
    // The literal-feet reading keeps the gap in feet.
    let mut p = WaterbornePursuit::new(
        120,
        120,
        Distance::yards(30),
        WaterPursuitUnits::LiteralFeet,
        WATER_MIN_CLOSING,
    )
    .unwrap();
    assert_eq!(p.gap, Distance::feet(90));
    assert_eq!(p.run_round().unwrap().gap, Distance::feet(60));
    assert!(
        WaterbornePursuit::new(
            1,
            2,
            Distance::feet(30),
            WaterPursuitUnits::OutdoorYards,
            30
        )
        .is_err()
    );
}

#[test]
fn ose_pursuit_04_wilderness_pursuit_day_by_day() {
    let mut input = wild_input(3, 2);
    input.pursuer_rate = MovementRate(Feet(150));
    let mut p = WildernessPursuit::new(input).unwrap();
    let mut d = SuppliedDice::new([51, 71, 50]);
    // Day 1: faster pursuers miss the 50% catch-up (51), the party keeps fleeing and fails
    // the new evasion roll (71 > 70).
    assert_eq!(
        p.decide(&mut d, true).unwrap_err().code,
        ErrorCode::OutOfOrder
    );
    let c = p.catch_up(&mut d).unwrap();
    assert!(c.pursuers_faster && !c.caught);
    let dec = p.decide(&mut d, true).unwrap();
    assert_eq!(dec.evasion.unwrap().outcome, EvasionOutcome::Pursuit);
    assert_eq!((p.day, p.status), (2, PursuitStatus::Ongoing));
    // Day 2: caught on 50.
    let c = p.catch_up(&mut d).unwrap();
    assert!(c.caught);
    assert_eq!(p.status, PursuitStatus::Caught);
    assert_eq!(p.catch_up(&mut d).unwrap_err().code, ErrorCode::OutOfOrder);

    // Pursuers not faster: step 2 is skipped; a successful new evasion ends the pursuit (G-47).
    let mut p = WildernessPursuit::new(wild_input(3, 2)).unwrap();
    let mut d = SuppliedDice::new([70]);
    let c = p.catch_up(&mut d).unwrap();
    assert_eq!((c.pursuers_faster, c.roll), (false, None));
    let dec = p.decide(&mut d, true).unwrap();
    assert_eq!(
        dec.status,
        PursuitStatus::Escaped {
            reason: EscapeReason::Evaded
        }
    );
    // Stopping flight means being caught.
    let mut p = WildernessPursuit::new(wild_input(3, 2)).unwrap();
    let mut d = SuppliedDice::new([]);
    p.catch_up(&mut d).unwrap();
    assert_eq!(
        p.decide(&mut d, false).unwrap().status,
        PursuitStatus::Caught
    );
}

#[test]
fn a_failed_pursuit_step_leaves_the_pursuit_untouched() {
    let mut p = WildernessPursuit::new(wild_input(3, 2)).unwrap();
    let mut d = SuppliedDice::new([]);
    p.catch_up(&mut d).unwrap();
    let before = p;
    // No faces left: the evasion roll fails, and the pursuit must be as it was.
    assert_eq!(
        p.decide(&mut d, true).unwrap_err().code,
        ErrorCode::FacesExhausted
    );
    assert_eq!(p, before);
}
