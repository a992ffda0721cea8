//! Journey members linked to creatures: what travel and the way back do to the characters the
//! journey holds (HYB-RES-01..04, HYB-RETURN-02, HYB-LOAD-01 with HYB-TRAVEL-05, OSE-HEAL-01),
//! applied as events a follower replays to the same state.

use turnkeeper::ErrorCode;
use turnkeeper::clock::{Ident, Span};
use turnkeeper::creature::{
    AbilityScores, Creature, CreatureKind, DeathState, NightlyRest, RestSafety,
};
use turnkeeper::dice::{DiceSource, RollMode, SuppliedDice};
use turnkeeper::engine::Engine;
use turnkeeper::exploration::hyb::overland::{HybDayConditions, HybPace, HybTerrain};
use turnkeeper::exploration::hyb::return_trip::{ReturnAtZero, ReturnPath, ReturnWounds};
use turnkeeper::exploration::hyb::travel::Caution;
use turnkeeper::exploration::journey::{
    Journey, JourneyCommand, JourneyConfig, JourneyEvent, JourneyMode, Member, MemberChange,
    StartTime, TravelTurnPlan, WildernessDayPlan,
};
use turnkeeper::exploration::ose::wilderness::{
    DayActivity, MarchPace, OseRoute, OseTerrain, Wayfinding,
};
use turnkeeper::units::Miles;

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

/// A HYB PC: 10 HP, STR 10, CON 10 (resilience 10, CON modifier +0).
fn pc(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, 10)
        .unwrap()
        .with_current_hp(hp)
        .with_level(2)
        .with_abilities(AbilityScores::new(10, 10, 10, 10, 10, 10))
}

fn member(name: &str, best: i32, creature: Option<Creature>, load: Option<u32>) -> Member {
    Member {
        best_modifier: best,
        creature,
        load,
        ..Member::new(id(name))
    }
}

fn run(j: &mut Journey, cmd: JourneyCommand, faces: &[u32]) -> Vec<JourneyEvent> {
    let mut dice = SuppliedDice::new(faces.to_vec());
    let events = j.execute(cmd, &mut dice).unwrap();
    assert_eq!(dice.remaining(), 0, "all supplied faces used");
    events
}

/// A HYB dungeon journey at 08:00 with `members`; every event so far in `log`.
fn hyb(
    config: JourneyConfig,
    mode: JourneyMode,
    members: Vec<Member>,
    log: &mut Vec<JourneyEvent>,
) -> Journey {
    let mut j = Journey::new(config).unwrap();
    for m in members {
        log.extend(run(&mut j, JourneyCommand::AddMember { member: m }, &[]));
    }
    log.extend(run(
        &mut j,
        JourneyCommand::Start {
            mode,
            day: 0,
            start: StartTime::At { hour: 8, minute: 0 },
        },
        &[],
    ));
    j
}

fn travel(j: &mut Journey, log: &mut Vec<JourneyEvent>, face: u32) {
    log.extend(run(
        j,
        JourneyCommand::TravelTurn {
            plan: TravelTurnPlan::default(),
        },
        &[face],
    ));
}

fn creature(j: &Journey, who: &str) -> Creature {
    j.members()
        .iter()
        .find(|m| m.id == id(who))
        .and_then(|m| m.creature.clone())
        .unwrap()
}

/// A follower that applies every event reaches the leader's snapshot, byte for byte.
fn replays(config: JourneyConfig, log: &[JourneyEvent], leader: &Journey) {
    let mut other = Journey::new(config).unwrap();
    other.apply_all(log).unwrap();
    assert_eq!(other.to_json().unwrap(), leader.to_json().unwrap());
}

#[test]
fn hyb_return_02_dangerous_way_damages_the_members_creature() {
    let mut log = Vec::new();
    let members = vec![
        member("ana", 6, Some(pc(10)), None),
        member("bo", 5, None, None),
    ];
    let config = JourneyConfig::default();
    let mut j = hyb(config, JourneyMode::HybDungeon, members, &mut log);
    travel(&mut j, &mut log, 12);
    travel(&mut j, &mut log, 12);
    // DC 12: ana 3 + 6 = 9 misses by 3 → 3d6 = 1 + 2 + 3 = 6; bo 2 + 5 = 7 misses by 5 → 5d6
    // (bo has no creature: the cost stays in `returnRolled` for the GM).
    let events = run(
        &mut j,
        JourneyCommand::RollToReturn {
            path: ReturnPath::Dangerous,
            who: vec![],
            at_zero: ReturnAtZero::Unconscious,
            wounds: Default::default(),
        },
        &[3, 1, 2, 3, 2, 1, 1, 1, 1, 1],
    );
    log.extend(events.clone());
    let updates: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            JourneyEvent::MemberUpdated {
                member,
                change,
                creature,
                ..
            } => Some((member.clone(), *change, creature.clone().unwrap())),
            _ => None,
        })
        .collect();
    assert_eq!(updates.len(), 1, "{events:?}");
    assert_eq!(updates[0].0, id("ana"));
    assert_eq!(updates[0].1, MemberChange::ReturnDamage);
    assert_eq!(updates[0].2.hp.current, 4);
    assert_eq!(creature(&j, "ana").hp.current, 4);
    let line = events.last().unwrap().log_line();
    assert!(
        line.contains("ana is hurt on the way back: 4/10 HP"),
        "{line}"
    );
    replays(config, &log, &j);
}

#[test]
fn hyb_return_02_damage_to_zero_leaves_unconscious_or_kills_by_the_gms_choice() {
    for (at_zero, dead) in [
        (ReturnAtZero::Unconscious, false),
        (ReturnAtZero::Dies, true),
    ] {
        let mut log = Vec::new();
        let config = JourneyConfig::default();
        let members = vec![member("ana", 0, Some(pc(3)), None)];
        let mut j = hyb(config, JourneyMode::HybDungeon, members, &mut log);
        // DC 10: 8 misses by 2 → 2d6 = 6 ≥ 3 HP.
        log.extend(run(
            &mut j,
            JourneyCommand::RollToReturn {
                path: ReturnPath::Dangerous,
                who: vec![],
                at_zero,
                wounds: Default::default(),
            },
            &[8, 3, 3],
        ));
        let c = creature(&j, "ana");
        assert_eq!(c.hp.current, 0);
        assert_eq!(c.is_dead(), dead);
        // Unconscious: the HYB 0 HP state, to be stabilised (HYB-DEATH-01).
        assert_eq!(
            matches!(c.death, DeathState::Incapacitated { .. }),
            !dead,
            "{:?}",
            c.death
        );
        replays(config, &log, &j);
    }
}

#[test]
fn hyb_return_02_the_way_backs_damage_only_rest_mends_unless_the_gm_reads_it_otherwise() {
    for (wounds, unhealable, healed_to) in [
        (ReturnWounds::RestOnly, 6, 4),
        (ReturnWounds::Healable, 0, 10),
    ] {
        let mut log = Vec::new();
        let config = JourneyConfig::default();
        let mut ana = pc(10);
        ana.hp.temp = 5;
        let members = vec![member("ana", 0, Some(ana), None)];
        let mut j = hyb(config, JourneyMode::HybDungeon, members, &mut log);
        // DC 10: 7 misses by 3 → 3d6 = 1 + 2 + 3 = 6.
        log.extend(run(
            &mut j,
            JourneyCommand::RollToReturn {
                path: ReturnPath::Dangerous,
                who: vec![],
                at_zero: ReturnAtZero::Unconscious,
                wounds,
            },
            &[7, 1, 2, 3],
        ));
        let mut c = creature(&j, "ana");
        replays(config, &log, &j);
        assert_eq!(c.hyb.unhealable, unhealable, "{wounds:?}");
        // Read as unhealable it also passes the temporary HP by; read as ordinary damage they
        // soak 5 of it first.
        let (hp, temp) = if unhealable > 0 { (4, 5) } else { (9, 0) };
        assert_eq!((c.hp.current, c.hp.temp), (hp, temp), "{wounds:?}");
        c.heal(&j.creature_rules(), 20, &mut SuppliedDice::new(vec![]))
            .unwrap();
        assert_eq!(c.hp.current, healed_to, "{wounds:?}");
    }
}

#[test]
fn hyb_return_02_arduous_way_drops_loads_from_the_members_load() {
    let mut log = Vec::new();
    let config = JourneyConfig::default();
    let members = vec![
        member("ana", 6, None, Some(12)),
        member("bo", 0, None, Some(2)),
    ];
    let mut j = hyb(config, JourneyMode::HybDungeon, members, &mut log);
    travel(&mut j, &mut log, 12);
    travel(&mut j, &mut log, 12);
    // DC 12: ana 3 + 6 = 9 → 3 loads; bo 5 → 7 loads, but carries only 2.
    let events = run(
        &mut j,
        JourneyCommand::RollToReturn {
            path: ReturnPath::Arduous,
            who: vec![],
            at_zero: ReturnAtZero::default(),
            wounds: Default::default(),
        },
        &[3, 5],
    );
    log.extend(events.clone());
    let loads: Vec<Option<u32>> = j.members().iter().map(|m| m.load).collect();
    assert_eq!(loads, vec![Some(9), Some(0)]);
    assert!(events.iter().any(|e| matches!(
        e,
        JourneyEvent::MemberUpdated {
            change: MemberChange::ReturnLoadsLost,
            load: Some(9),
            ..
        }
    )));
    assert!(events.iter().any(|e| {
        e.log_line()
            .contains("ana leaves gear behind on the way back: 9 loads left")
    }));
    replays(config, &log, &j);
}

#[test]
fn hyb_res_01_hourly_travel_turns_add_adventuring_hours_to_members_creatures() {
    let mut log = Vec::new();
    let config = JourneyConfig::default();
    let mut tired = pc(10);
    tired.hyb.hours_adventured = 9;
    let members = vec![
        member("ana", 0, Some(tired), None),
        member("bo", 0, None, None),
    ];
    let mut j = hyb(config, JourneyMode::HybDungeon, members, &mut log);
    let mut events = Vec::new();
    for _ in 0..2 {
        let e = run(
            &mut j,
            JourneyCommand::TravelTurn {
                plan: TravelTurnPlan::default(),
            },
            &[15],
        );
        events.extend(e);
    }
    log.extend(events.clone());
    // 9 + 2 = 11 hours, one beyond a resilience of 10 (CON 10): check DC 11 (HYB-RES-02).
    assert_eq!(creature(&j, "ana").hyb.hours_adventured, 11);
    let last_hours = events
        .iter()
        .rev()
        .find_map(|e| match e {
            JourneyEvent::HoursAdventured { hours, members } => Some((*hours, members.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(last_hours.0, 1);
    assert_eq!(last_hours.1.len(), 1, "bo has no creature");
    assert_eq!(last_hours.1[0].total, 11);
    assert_eq!(last_hours.1[0].check_dc, Some(11));
    assert!(
        events
            .iter()
            .any(|e| e.log_line() == "1 h more adventuring: ana 11 h (resilience check DC 11)")
    );
    replays(config, &log, &j);
}

#[test]
fn hyb_res_01_daily_travel_turns_count_hours_only_when_set_to() {
    for (count, hours) in [(false, 0), (true, 1)] {
        let mut log = Vec::new();
        let config = JourneyConfig {
            count_daily_travel_turns: count,
            ..JourneyConfig::default()
        };
        let members = vec![member("ana", 0, Some(pc(10)), None)];
        let mut j = hyb(config, JourneyMode::HybOverland, members, &mut log);
        travel(&mut j, &mut log, 15);
        assert_eq!(creature(&j, "ana").hyb.hours_adventured, hours);
        replays(config, &log, &j);
    }
}

#[test]
fn hyb_res_02_03_resilience_check_through_the_journey_exhausts_on_a_failure() {
    let mut log = Vec::new();
    let config = JourneyConfig::default();
    let mut tired = pc(10);
    tired.hyb.hours_adventured = 12;
    let members = vec![member("ana", 0, Some(tired), None)];
    let mut j = hyb(config, JourneyMode::HybDungeon, members, &mut log);
    // DC 10 + 2 = 12; 1d20 = 7 + CON +0 fails.
    let events = run(
        &mut j,
        JourneyCommand::ResilienceCheck {
            member: id("ana"),
            advantage: RollMode::Normal,
        },
        &[7],
    );
    log.extend(events.clone());
    assert!(creature(&j, "ana").hyb.exhausted);
    assert_eq!(
        events[0].log_line(),
        "ana checks resilience: 7 vs DC 12, exhausted"
    );
    replays(config, &log, &j);
    // A member without a creature has nothing to check.
    let mut dice = SuppliedDice::new(vec![7]);
    let mut k = hyb(
        config,
        JourneyMode::HybDungeon,
        vec![member("bo", 0, None, None)],
        &mut Vec::new(),
    );
    let err = k
        .execute(
            JourneyCommand::ResilienceCheck {
                member: id("bo"),
                advantage: RollMode::Normal,
            },
            &mut dice,
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
}

#[test]
fn hyb_res_04_heal_02_a_safe_night_with_food_restarts_hours_cures_exhaustion_and_heals() {
    let mut log = Vec::new();
    let config = JourneyConfig::default();
    let mut tired = pc(5);
    tired.hyb.hours_adventured = 14;
    tired.hyb.exhausted = true;
    let members = vec![member("ana", 0, Some(tired), None)];
    let mut j = hyb(config, JourneyMode::HybOverland, members, &mut log);
    log.extend(run(
        &mut j,
        JourneyCommand::NightlyRest {
            rest: NightlyRest {
                safety: RestSafety::Safe,
                ate_food: true,
            },
            who: vec![],
        },
        &[],
    ));
    let c = creature(&j, "ana");
    assert_eq!(c.hyb.hours_adventured, 0);
    assert!(!c.hyb.exhausted);
    assert_eq!(c.hp.current, 7, "level 2 heals 2 on a safe night");
    replays(config, &log, &j);
}

#[test]
fn hyb_load_01_travel_05_more_loads_than_str_halves_the_overland_day() {
    // STR 10 carrying 11 loads travels encumbered: (10 + 0) ÷ 2 = 5 miles.
    for (load, miles) in [(10, 10), (11, 5)] {
        let mut log = Vec::new();
        let config = JourneyConfig::default();
        let members = vec![member("ana", 0, Some(pc(10)), Some(load))];
        let mut j = hyb(config, JourneyMode::HybOverland, members, &mut log);
        let events = run(
            &mut j,
            JourneyCommand::TravelTurn {
                plan: TravelTurnPlan {
                    caution: Caution::Ordinary,
                    overland: Some(HybDayConditions {
                        terrain: HybTerrain::Open,
                        pace: HybPace::Normal,
                        ..HybDayConditions::daylight()
                    }),
                },
            },
            &[15],
        );
        assert!(
            events.iter().any(|e| matches!(
                e,
                JourneyEvent::OverlandCovered { miles: m, .. } if *m == Miles(miles)
            )),
            "{events:?}"
        );
    }
}

/// HYB-TRAVEL-04: overland a member covers 10 + its STR modifier miles a day. Without a
/// `strModifier`, the modifier comes from its creature's STR score, ⌊(STR − 10) / 2⌋
/// (HYB-CHK-05); a `strModifier` given wins; without either it is 0.
#[test]
fn hyb_travel_04_a_members_creature_str_sets_its_overland_miles() {
    let strong = |str: u32| pc(10).with_abilities(AbilityScores::new(str, 10, 10, 10, 10, 10));
    let cases = [
        // (creature STR, strModifier given, miles)
        (Some(14), 0, 12),
        (Some(6), 0, 8),
        (Some(18), 0, 14),
        (Some(11), 0, 10),
        (Some(14), 1, 11),
        (Some(6), 3, 13),
        (None, 2, 12),
        (None, 0, 10),
    ];
    for (str, given, miles) in cases {
        let mut log = Vec::new();
        let m = Member {
            str_modifier: given,
            ..member("ana", 0, str.map(strong), None)
        };
        let mut j = hyb(
            JourneyConfig::default(),
            JourneyMode::HybOverland,
            vec![m],
            &mut log,
        );
        let events = run(
            &mut j,
            JourneyCommand::TravelTurn {
                plan: TravelTurnPlan {
                    caution: Caution::Ordinary,
                    overland: Some(HybDayConditions::daylight()),
                },
            },
            &[15],
        );
        assert!(
            events.iter().any(|e| matches!(
                e,
                JourneyEvent::OverlandCovered { miles: m, .. } if *m == Miles(miles)
            )),
            "STR {str:?}, strModifier {given}: {events:?}"
        );
        // What the member carries is unchanged, and its events replay to the same journey.
        assert_eq!(j.members()[0].str_modifier, given);
        log.extend(events);
        let mut other = Journey::new(JourneyConfig::default()).unwrap();
        other.apply_all(&log).unwrap();
        assert_eq!(other.to_json().unwrap(), j.to_json().unwrap());
    }
}

fn rest_day(interrupted: bool) -> WildernessDayPlan {
    WildernessDayPlan {
        route: OseRoute {
            terrain: OseTerrain::Clear,
            road: false,
            pace: MarchPace::Normal,
            flying: false,
        },
        activity: DayActivity::Rest,
        wander_checks: 1,
        wayfinding: Wayfinding::default(),
        forage: false,
        lost_chance: None,
        wander_chance: None,
        rest_interrupted: interrupted,
    }
}

#[test]
fn ose_heal_01_a_wilderness_rest_day_heals_members_creatures_1d3() {
    let config = JourneyConfig::ose();
    let mut j = Journey::new(config).unwrap();
    let mut log = Vec::new();
    let wounded = Creature::new(CreatureKind::Pc, 12)
        .unwrap()
        .with_current_hp(4);
    log.extend(run(
        &mut j,
        JourneyCommand::AddMember {
            member: member("ana", 0, Some(wounded), None),
        },
        &[],
    ));
    log.extend(run(
        &mut j,
        JourneyCommand::Start {
            mode: JourneyMode::OseWilderness,
            day: 0,
            start: StartTime::At { hour: 8, minute: 0 },
        },
        &[],
    ));
    // Wandering check 1-in-6: 4 (none); then 1d3 = 3.
    let events = run(
        &mut j,
        JourneyCommand::WildernessDay {
            plan: rest_day(false),
        },
        &[4, 3],
    );
    log.extend(events.clone());
    assert_eq!(creature(&j, "ana").hp.current, 7);
    assert!(
        events
            .iter()
            .any(|e| e.log_line() == "ana rests the day: 7/12 HP")
    );
    // An interrupted rest heals nothing (and rolls no d3).
    log.extend(run(
        &mut j,
        JourneyCommand::WildernessDay {
            plan: rest_day(true),
        },
        &[4],
    ));
    assert_eq!(creature(&j, "ana").hp.current, 7);
    replays(config, &log, &j);
}

#[test]
fn members_with_creatures_follow_through_the_engine_byte_identical() {
    let mut tired = pc(9);
    tired.hyb.hours_adventured = 10;
    let commands = vec![
        JourneyCommand::AddMember {
            member: member("ana", 3, Some(tired), Some(12)),
        },
        JourneyCommand::AddMember {
            member: member("bo", 1, Some(pc(10)), None),
        },
        JourneyCommand::Start {
            mode: JourneyMode::HybDungeon,
            day: 0,
            start: StartTime::At { hour: 9, minute: 0 },
        },
        JourneyCommand::TravelTurn {
            plan: TravelTurnPlan::default(),
        },
        JourneyCommand::TravelTurn {
            plan: TravelTurnPlan::default(),
        },
        JourneyCommand::ResilienceCheck {
            member: id("ana"),
            advantage: RollMode::Normal,
        },
        JourneyCommand::RollToReturn {
            path: ReturnPath::Dangerous,
            who: vec![id("bo")],
            at_zero: ReturnAtZero::Unconscious,
            wounds: Default::default(),
        },
        JourneyCommand::RollToReturn {
            path: ReturnPath::Arduous,
            who: vec![],
            at_zero: ReturnAtZero::Unconscious,
            wounds: Default::default(),
        },
        JourneyCommand::Advance {
            span: Span::Hours { count: 8 },
        },
        JourneyCommand::NightlyRest {
            rest: NightlyRest {
                safety: RestSafety::Unsafe,
                ate_food: true,
            },
            who: vec![id("ana")],
        },
    ];
    let mut leader = Engine::new(
        Journey::new(JourneyConfig::default()).unwrap(),
        DiceSource::seeded(11).unwrap(),
    );
    let mut follower = Engine::<Journey>::from_json(&leader.to_json()).unwrap();
    for (i, command) in commands.into_iter().enumerate() {
        let events = leader
            .execute(command)
            .map(<[_]>::to_vec)
            .unwrap_or_else(|e| panic!("#{i}: {e}"));
        let batch = leader.seal(events);
        follower.apply_batch(&batch).unwrap();
        assert_eq!(follower.digest(), leader.digest(), "#{i}");
    }
    assert_eq!(follower.to_json(), leader.to_json());
    let ana = creature(leader.state(), "ana");
    assert_eq!(ana.hyb.hours_adventured, 0, "the night restarted the count");
    // A snapshot with the members' creatures loads back the same.
    let text = leader.state().to_json().unwrap();
    assert_eq!(Journey::from_json(&text).unwrap().to_json().unwrap(), text);
}

/// OSE-HEAL-01: `diceNeeded` lists a rest day's d3 per member's creature after the wandering
/// check, each with the event that carries it (`memberUpdated`), so physical dice can be asked
/// for first.
#[test]
fn ose_heal_01_dice_needed_lists_each_members_d3() {
    let mut e = Engine::new(
        Journey::new(JourneyConfig::ose()).unwrap(),
        DiceSource::seeded(3).unwrap(),
    );
    for name in ["ana", "bo"] {
        let wounded = Creature::new(CreatureKind::Pc, 12)
            .unwrap()
            .with_current_hp(4);
        e.execute(JourneyCommand::AddMember {
            member: member(name, 0, Some(wounded), None),
        })
        .unwrap();
    }
    e.execute(JourneyCommand::Start {
        mode: JourneyMode::OseWilderness,
        day: 0,
        start: StartTime::At { hour: 8, minute: 0 },
    })
    .unwrap();
    let day = JourneyCommand::WildernessDay {
        plan: rest_day(false),
    };
    let dice: Vec<(u32, String)> = e
        .dice_needed(day)
        .unwrap()
        .into_iter()
        .map(|d| (d.sides, d.purpose))
        .collect();
    assert_eq!(
        dice,
        [
            (6, "wanderingChecked".to_string()),
            (3, "memberUpdated".to_string()),
            (3, "memberUpdated".to_string())
        ]
    );
}
