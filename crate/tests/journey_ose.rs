//! OSE journeys: dungeon turns, wilderness days and waterborne days (OSE-DUNG-08,
//! OSE-WILD-06, OSE-WATER-07) run through the Journey state machine.

use turnkeeper::ErrorCode;
use turnkeeper::clock::{ConsumableKind, GameTime, Ident, LightKind, LightSpec, Seconds, Tick};
use turnkeeper::dice::SuppliedDice;
use turnkeeper::exploration::chance::Chance;
use turnkeeper::exploration::journey::{
    CheckContext, DungeonAction, Journey, JourneyCommand, JourneyConfig, JourneyEvent, JourneyMode,
    ListenAttempt, Member, SearchAttempt, SkippedCheck, StartTime, Vessel, WaterDayPlan,
    WildernessDayPlan,
};
use turnkeeper::exploration::ose::dungeon::{Familiarity, SearchKind};
use turnkeeper::exploration::ose::water::{Propulsion, StormOutcome, Waters, WindTable};
use turnkeeper::exploration::ose::wilderness::{
    DayActivity, MarchPace, OseRoute, OseTerrain, Wayfinding,
};
use turnkeeper::units::{Distance, Feet, Miles, Yards};

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

fn run(j: &mut Journey, cmd: JourneyCommand, faces: &[u32]) -> Vec<JourneyEvent> {
    let mut dice = SuppliedDice::new(faces.to_vec());
    let events = j.execute(cmd, &mut dice).unwrap();
    assert_eq!(dice.remaining(), 0, "all supplied faces used");
    events
}

fn fails(j: &mut Journey, cmd: JourneyCommand, faces: &[u32], code: ErrorCode) {
    let before = j.to_json().unwrap();
    let mut dice = SuppliedDice::new(faces.to_vec());
    assert_eq!(j.execute(cmd, &mut dice).unwrap_err().code, code);
    assert_eq!(j.to_json().unwrap(), before);
}

fn ose_journey(mode: JourneyMode, rates: &[u32]) -> Journey {
    let mut j = Journey::new(JourneyConfig::ose()).unwrap();
    for (i, r) in rates.iter().enumerate() {
        let member = Member {
            movement: Feet(*r),
            ..Member::new(id(&format!("pc-{i}")))
        };
        run(&mut j, JourneyCommand::AddMember { member }, &[]);
    }
    run(
        &mut j,
        JourneyCommand::Start {
            mode,
            day: 0,
            start: StartTime::At { hour: 8, minute: 0 },
        },
        &[],
    );
    j
}

#[test]
fn ose_dung_08_ose_dung_14_dungeon_turn_sequence() {
    let mut j = ose_journey(JourneyMode::OseDungeon, &[120, 90]);
    run(
        &mut j,
        JourneyCommand::AddLight {
            id: id("torch"),
            spec: LightSpec::ose(LightKind::Torch, Some(Seconds(3_600))),
            label: None,
            place: None,
        },
        &[],
    );
    run(&mut j, JourneyCommand::Light { id: id("torch") }, &[]);
    // turn 1: wandering check due (3: none), explore at the slowest rate
    let e = run(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Explore {
                familiarity: Familiarity::Unknown,
            },
        },
        &[3],
    );
    assert!(matches!(
        &e[0],
        JourneyEvent::WanderingChecked { context: CheckContext::Dungeon, roll } if !roll.success
    ));
    assert!(matches!(
        &e[1],
        JourneyEvent::DungeonTurnEnded {
            moved: Some(Feet(90)),
            rested: false,
            ..
        }
    ));
    assert!(matches!(
        &e[2],
        JourneyEvent::TimePassed {
            by: Seconds(600),
            ..
        }
    ));
    assert_eq!(j.now(), GameTime::at(0, 8, 10).unwrap());
    // turn 2: no check; pc-0 searches the right place and finds the secret door
    let search = SearchAttempt {
        by: id("pc-0"),
        target: id("area-1"),
        kind: SearchKind::SecretDoor,
        chance: None,
        present: true,
    };
    let e = run(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Search {
                attempts: vec![search.clone()],
            },
        },
        &[1],
    );
    assert!(
        matches!(&e[0], JourneyEvent::Searched { result, .. } if result.success && result.secret)
    );
    // OSE-DUNG-14: one attempt per character per area
    fails(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Search {
                attempts: vec![search],
            },
        },
        &[6, 1],
        ErrorCode::NotAllowed,
    );
    // turn 3: check due and a monster comes; pc-1 listens at a door
    let e = run(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Listen {
                attempts: vec![ListenAttempt {
                    by: id("pc-1"),
                    door: id("door-1"),
                    chance: None,
                    something_there: true,
                    silent: false,
                }],
            },
        },
        &[1, 4],
    );
    assert!(matches!(&e[0], JourneyEvent::WanderingChecked { roll, .. } if roll.success));
    assert!(matches!(&e[1], JourneyEvent::Listened { result, .. } if !result.success));
    // EX-OSE-15: the encounter is 2d6 × 10 ft away
    let e = run(
        &mut j,
        JourneyCommand::EncounterDistance {
            either_side_surprised: false,
        },
        &[3, 4],
    );
    assert!(matches!(
        &e[0],
        JourneyEvent::EncounterDistance {
            distance: Distance::Feet(Feet(70)),
            ..
        }
    ));
    let e = run(&mut j, JourneyCommand::TriggerTrap, &[2]);
    assert!(matches!(&e[0], JourneyEvent::TrapTriggerRolled { roll } if roll.success));
    fails(
        &mut j,
        JourneyCommand::ForceDoor {
            by: id("ghost"),
            chance: Chance::in_six(2),
        },
        &[1],
        ErrorCode::UnknownId,
    );
    // OSE-DUNG-09: three more active turns make six in a row → −1 until a rest
    for faces in [&[][..], &[6][..], &[][..]] {
        run(
            &mut j,
            JourneyCommand::DungeonTurn {
                action: DungeonAction::Other,
            },
            faces,
        );
    }
    assert!(j.dungeon().fatigued);
    assert_eq!(j.dungeon().attack_damage_modifier(), -1);
    run(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Rest,
        },
        &[5],
    );
    assert!(!j.dungeon().fatigued);
    // the torch (1 hour, caller-supplied for OSE) burnt out during the 7 turns
    assert!(j.clock().light(&id("torch")).unwrap().spent());
}

#[test]
fn ose_wander_01_journey_uses_the_configured_dungeon_chance() {
    let config = JourneyConfig {
        dungeon_wander_chance: Chance::in_six(2),
        ..JourneyConfig::ose()
    };
    let mut j = Journey::new(config).unwrap();
    run(
        &mut j,
        JourneyCommand::AddMember {
            member: Member::new(id("a")),
        },
        &[],
    );
    run(
        &mut j,
        JourneyCommand::Start {
            mode: JourneyMode::OseDungeon,
            day: 0,
            start: StartTime::At { hour: 8, minute: 0 },
        },
        &[],
    );
    let e = run(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Rest,
        },
        &[2],
    );
    assert!(matches!(&e[0], JourneyEvent::WanderingChecked { roll, .. } if roll.success));
}

fn plan(terrain: OseTerrain, activity: DayActivity, pace: MarchPace) -> WildernessDayPlan {
    WildernessDayPlan {
        route: OseRoute {
            terrain,
            road: false,
            pace,
            flying: false,
        },
        activity,
        wander_checks: 1,
        wayfinding: Wayfinding::default(),
        forage: false,
        lost_chance: None,
        wander_chance: None,
        rest_interrupted: false,
    }
}

#[test]
fn ose_wild_06_wilderness_day_sequence() {
    let mut j = ose_journey(JourneyMode::OseWilderness, &[120, 120]);
    run(
        &mut j,
        JourneyCommand::AddSupply {
            id: id("rations"),
            kind: ConsumableKind::Rations,
            amount: 10,
            tick: Some(Tick {
                every: Seconds(86_400),
                uses: 2,
            }),
        },
        &[],
    );
    let day = WildernessDayPlan {
        wander_checks: 2,
        forage: true,
        ..plan(OseTerrain::Hills, DayActivity::Travel, MarchPace::Normal)
    };
    // lost 2-in-6: 2 → lost; wandering 2-in-6 twice: 5, 1; forage 1-in-6: 1 then 1d6 = 4
    let e = run(
        &mut j,
        JourneyCommand::WildernessDay { plan: day },
        &[2, 5, 1, 1, 4],
    );
    assert!(matches!(
        &e[0],
        JourneyEvent::LostChecked { lost: true, .. }
    ));
    assert!(matches!(&e[1], JourneyEvent::WanderingChecked { roll, .. } if !roll.success));
    assert!(matches!(&e[2], JourneyEvent::WanderingChecked { roll, .. } if roll.success));
    assert!(
        matches!(&e[3], JourneyEvent::Foraged { found } if found.feeds.map(|f| f.1) == Some(4))
    );
    assert!(matches!(
        &e[4],
        JourneyEvent::WildernessDayEnded {
            miles: Miles(16),
            ..
        }
    ));
    assert_eq!(j.now(), GameTime::at(1, 8, 0).unwrap());
    assert_eq!(j.clock().supply(&id("rations")).unwrap().amount, 8);
    // EX-OSE-15: surprised → 1d4 × 10 yards
    let e = run(
        &mut j,
        JourneyCommand::EncounterDistance {
            either_side_surprised: true,
        },
        &[3],
    );
    assert!(matches!(
        &e[0],
        JourneyEvent::EncounterDistance {
            distance: Distance::Yards(Yards(30)),
            ..
        }
    ));
}

#[test]
fn ose_wild_10_journey_forced_march_then_rest_day() {
    let mut j = ose_journey(JourneyMode::OseWilderness, &[120]);
    let forced = plan(OseTerrain::Clear, DayActivity::Travel, MarchPace::Forced);
    let e = run(
        &mut j,
        JourneyCommand::WildernessDay { plan: forced },
        &[6, 6],
    );
    assert!(e.iter().any(|e| matches!(
        e,
        JourneyEvent::WildernessDayEnded {
            miles: Miles(36),
            ..
        }
    )));
    let normal = plan(OseTerrain::Clear, DayActivity::Travel, MarchPace::Normal);
    fails(
        &mut j,
        JourneyCommand::WildernessDay { plan: normal },
        &[6, 6],
        ErrorCode::NotAllowed,
    );
    let rest = plan(OseTerrain::Clear, DayActivity::Rest, MarchPace::Normal);
    let e = run(&mut j, JourneyCommand::WildernessDay { plan: rest }, &[6]);
    assert!(e.iter().any(|e| matches!(
        e,
        JourneyEvent::WildernessDayEnded {
            miles: Miles(0),
            ..
        }
    )));
    run(
        &mut j,
        JourneyCommand::WildernessDay { plan: normal },
        &[6, 6],
    );
}

#[test]
fn ose_wild_07_haz_03_lost_checks_skipped_when_prevented_or_unknown() {
    let mut j = ose_journey(JourneyMode::OseWilderness, &[120]);
    let guided = WildernessDayPlan {
        wayfinding: Wayfinding {
            following_trail_road_or_landmark: false,
            reliable_guide: true,
        },
        ..plan(OseTerrain::Swamp, DayActivity::Travel, MarchPace::Normal)
    };
    let e = run(&mut j, JourneyCommand::WildernessDay { plan: guided }, &[4]);
    assert!(matches!(
        &e[0],
        JourneyEvent::CheckSkipped {
            what: SkippedCheck::LostPrevented,
            ..
        }
    ));
    let city = plan(OseTerrain::City, DayActivity::Travel, MarchPace::Normal);
    let e = run(&mut j, JourneyCommand::WildernessDay { plan: city }, &[4]);
    assert!(matches!(
        &e[0],
        JourneyEvent::CheckSkipped {
            what: SkippedCheck::LostNoChance,
            ..
        }
    ));
    // hunting: no lost check, normal wandering check, plus the hunt
    let hunt = plan(OseTerrain::Forest, DayActivity::Hunt, MarchPace::Normal);
    let e = run(
        &mut j,
        JourneyCommand::WildernessDay { plan: hunt },
        &[4, 1],
    );
    assert!(matches!(&e[1], JourneyEvent::Hunted { roll } if roll.success));
    let bad = WildernessDayPlan {
        wander_checks: 5,
        ..plan(OseTerrain::Clear, DayActivity::Travel, MarchPace::Normal)
    };
    fails(
        &mut j,
        JourneyCommand::WildernessDay { plan: bad },
        &[1, 1, 1, 1, 1, 1],
        ErrorCode::InvalidArgument,
    );
}

fn ship() -> Vessel {
    Vessel {
        base: Feet(360),
        seaworthy: true,
        propulsion: Propulsion::Sail,
        taking_water: false,
        driven_by_gale: false,
        lost: false,
    }
}

#[test]
fn ose_water_07_waterborne_day_with_a_gale_and_a_wreck() {
    let mut j = ose_journey(JourneyMode::OseWaterborne, &[120]);
    let day = WaterDayPlan {
        waters: Waters::Sea {
            in_sight_of_land: false,
        },
        navigator: true,
        wander_checks: 1,
        clear_shore: false,
        wander_chance: None,
        wayfinding: Wayfinding::default(),
    };
    fails(
        &mut j,
        JourneyCommand::WaterDay { plan: day },
        &[3, 6, 6, 2, 6],
        ErrorCode::OutOfOrder,
    );
    run(&mut j, JourneyCommand::SetVessel { vessel: ship() }, &[]);
    // lost 3 (not lost), wind 6+6 = gale, drift d6 2 → 60° right, wandering 6
    let e = run(
        &mut j,
        JourneyCommand::WaterDay { plan: day },
        &[3, 6, 6, 2, 6],
    );
    assert!(matches!(
        &e[0],
        JourneyEvent::LostChecked { lost: false, .. }
    ));
    assert!(matches!(&e[1], JourneyEvent::WindRolled { wind } if wind.total == 12));
    assert!(matches!(
        &e[2],
        JourneyEvent::StormResolved { outcome: StormOutcome::Driven { drift, .. } } if drift.degrees_right == 60
    ));
    assert!(matches!(
        &e[4],
        JourneyEvent::WaterDayEnded { miles: Miles(216) }
    ));
    assert!(j.vessel().unwrap().driven_by_gale);
    let e = run(&mut j, JourneyCommand::GaleLandfall, &[40]);
    assert!(matches!(
        &e[0],
        JourneyEvent::LandfallRolled { wrecked: true, .. }
    ));
    assert!(j.vessel().unwrap().lost);
    fails(
        &mut j,
        JourneyCommand::WaterDay { plan: day },
        &[3, 3, 3, 3],
        ErrorCode::NotAllowed,
    );
    fails(
        &mut j,
        JourneyCommand::GaleLandfall,
        &[40],
        ErrorCode::OutOfOrder,
    );
}

#[test]
fn ex_ose_06_journey_river_day_with_current_and_near_gale() {
    let config = JourneyConfig {
        wind_table: WindTable::Variable,
        ..JourneyConfig::ose()
    };
    let mut j = Journey::new(config).unwrap();
    run(
        &mut j,
        JourneyCommand::AddMember {
            member: Member::new(id("a")),
        },
        &[],
    );
    run(
        &mut j,
        JourneyCommand::Start {
            mode: JourneyMode::OseWaterborne,
            day: 0,
            start: StartTime::At { hour: 6, minute: 0 },
        },
        &[],
    );
    let oars = Vessel {
        propulsion: Propulsion::Oars,
        ..ship()
    };
    run(&mut j, JourneyCommand::SetVessel { vessel: oars }, &[]);
    let day = WaterDayPlan {
        waters: Waters::River { downstream: true },
        navigator: false,
        wander_checks: 1,
        clear_shore: true,
        wander_chance: None,
        wayfinding: Wayfinding::default(),
    };
    // lost 4, wind 3+4 (normal; oars unaffected), wandering 5, current 3 → 9: 72 + 9 = 81
    let e = run(
        &mut j,
        JourneyCommand::WaterDay { plan: day },
        &[4, 3, 4, 5, 3],
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, JourneyEvent::WaterDayEnded { miles: Miles(81) }))
    );
    // a sailing ship in a near gale takes on water (10%) and loses a third
    run(&mut j, JourneyCommand::SetVessel { vessel: ship() }, &[]);
    let sea = WaterDayPlan {
        waters: Waters::Sea {
            in_sight_of_land: true,
        },
        ..day
    };
    let e = run(
        &mut j,
        JourneyCommand::WaterDay { plan: sea },
        &[4, 5, 6, 7, 5],
    );
    assert!(e.iter().any(|e| matches!(
        e,
        JourneyEvent::StormResolved {
            outcome: StormOutcome::NearGale {
                took_on_water: true,
                ..
            }
        }
    )));
    // 72 × 2 (near gale) × 2/3 (taking water) = 96
    assert!(
        e.iter()
            .any(|e| matches!(e, JourneyEvent::WaterDayEnded { miles: Miles(96) }))
    );
    assert!(j.vessel().unwrap().taking_water);
    run(&mut j, JourneyCommand::RepairVessel, &[]);
    assert!(!j.vessel().unwrap().taking_water);
}

/// OSE-HAZ-03 on the water: a vessel following a river (or a coast, or with a guide) makes no
/// OSE-WATER-02 check and rolls no die for it; the day's later rolls are those of the same day
/// with the check, one die earlier. Without wayfinding the check is rolled as before.
#[test]
fn ose_haz_03_ose_water_02_following_a_river_skips_the_lost_check() {
    let river_journey = || {
        let mut j = ose_journey(JourneyMode::OseWaterborne, &[120]);
        let oars = Vessel {
            propulsion: Propulsion::Oars,
            ..ship()
        };
        run(&mut j, JourneyCommand::SetVessel { vessel: oars }, &[]);
        j
    };
    let checked = WaterDayPlan {
        waters: Waters::River { downstream: true },
        navigator: false,
        wander_checks: 1,
        clear_shore: true,
        wander_chance: None,
        wayfinding: Wayfinding::default(),
    };
    let following = WaterDayPlan {
        wayfinding: Wayfinding {
            following_trail_road_or_landmark: true,
            reliable_guide: false,
        },
        ..checked
    };
    // The default still rolls: lost 1 (lost), wind 3 + 4, wandering 5, current 3.
    let mut a = river_journey();
    let start = a.clone();
    let rolled = run(
        &mut a,
        JourneyCommand::WaterDay { plan: checked },
        &[1, 3, 4, 5, 3],
    );
    assert!(matches!(
        &rolled[0],
        JourneyEvent::LostChecked {
            context: CheckContext::Water,
            lost: true,
            roll: Some(_),
        }
    ));
    replays_to(&a, start, &rolled);
    // Following the river: the same faces less the lost die give the same later events.
    let mut b = river_journey();
    let start = b.clone();
    let skipped = run(
        &mut b,
        JourneyCommand::WaterDay { plan: following },
        &[3, 4, 5, 3],
    );
    assert_eq!(
        skipped[0],
        JourneyEvent::CheckSkipped {
            context: CheckContext::Water,
            what: SkippedCheck::LostPrevented,
        }
    );
    assert!(
        !skipped
            .iter()
            .any(|e| matches!(e, JourneyEvent::LostChecked { .. }))
    );
    assert_eq!(skipped.get(1..), rolled.get(1..));
    replays_to(&b, start, &skipped);
    // A reliable guide does the same.
    let guided = WaterDayPlan {
        wayfinding: Wayfinding {
            following_trail_road_or_landmark: false,
            reliable_guide: true,
        },
        ..checked
    };
    let e = run(
        &mut b,
        JourneyCommand::WaterDay { plan: guided },
        &[3, 4, 5, 3],
    );
    assert!(matches!(
        &e[0],
        JourneyEvent::CheckSkipped {
            what: SkippedCheck::LostPrevented,
            ..
        }
    ));
    // In JSON the field is optional, and a plan without it is written as before, by serde and
    // by the wire the wasm module uses alike.
    let json = serde_json::to_string(&checked).unwrap();
    assert!(!json.contains("wayfinding"), "{json}");
    assert_eq!(turnkeeper::wire::to_json(&checked), json);
    let text = r#"{"waters":{"type":"river","downstream":true},"clearShore":true,"wayfinding":{"followingTrailRoadOrLandmark":true}}"#;
    let read: WaterDayPlan = serde_json::from_str(text).unwrap();
    assert_eq!(read, following);
    let read: WaterDayPlan = turnkeeper::wire::read_all(text).unwrap();
    assert_eq!(read, following);
}

#[test]
fn ose_journey_events_replay_to_the_same_state() {
    let mut j = ose_journey(JourneyMode::OseWilderness, &[120, 90]);
    let mut events = Vec::new();
    let day = WildernessDayPlan {
        forage: true,
        ..plan(OseTerrain::Forest, DayActivity::Travel, MarchPace::Normal)
    };
    events.extend(run(
        &mut j,
        JourneyCommand::WildernessDay { plan: day },
        &[1, 2, 3],
    ));
    events.extend(run(
        &mut j,
        JourneyCommand::ChangeMode {
            mode: JourneyMode::OseDungeon,
        },
        &[],
    ));
    events.extend(run(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Rest,
        },
        &[4],
    ));
    let mut other = ose_journey(JourneyMode::OseWilderness, &[120, 90]);
    other.apply_all(&events).unwrap();
    assert_eq!(other.to_json().unwrap(), j.to_json().unwrap());
    // an event that does not fit is refused, all or nothing
    let before = other.clone();
    // replaying the whole list again: the wilderness day no longer fits the dungeon mode
    let err = other.apply_all(&events).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    assert_eq!(other, before);
}

/// Replays `events` on a journey built the same way and checks it reaches the same snapshot.
fn replays_to(j: &Journey, start: Journey, events: &[JourneyEvent]) {
    let mut other = start;
    other.apply_all(events).unwrap();
    assert_eq!(other.to_json().unwrap(), j.to_json().unwrap());
}

/// OSE-ENC-06: an encounter takes at least one full turn, so a 3-round fight passes 10 minutes
/// on the journey; a longer one passes its own time.
#[test]
fn ose_enc_06_an_encounter_takes_at_least_one_turn() {
    for mode in [JourneyMode::OseDungeon, JourneyMode::OseWilderness] {
        let mut j = ose_journey(mode, &[120]);
        let e = run(
            &mut j,
            JourneyCommand::EncounterTime {
                seconds: Seconds(30),
            },
            &[],
        );
        assert!(matches!(
            e.first(),
            Some(JourneyEvent::TimePassed {
                by: Seconds(600),
                ..
            })
        ));
        assert_eq!(j.now(), GameTime::at(0, 8, 10).unwrap());
        run(
            &mut j,
            JourneyCommand::EncounterTime {
                seconds: Seconds(900),
            },
            &[],
        );
        assert_eq!(j.now(), GameTime::at(0, 8, 25).unwrap());
    }
    // A HYB journey passes the encounter's own time.
    let mut j = Journey::new(JourneyConfig::default()).unwrap();
    run(
        &mut j,
        JourneyCommand::Start {
            mode: JourneyMode::HybDungeon,
            day: 0,
            start: StartTime::At { hour: 8, minute: 0 },
        },
        &[],
    );
    run(
        &mut j,
        JourneyCommand::EncounterTime {
            seconds: Seconds(30),
        },
        &[],
    );
    assert_eq!(j.now().0 % 86_400, 8 * 3_600 + 30);
}

/// OSE-DUNG-09: turns passed with `advance` and encounters count toward the rest requirement
/// (one turn in six), seconds short of a turn carrying over; a rest turn clears it.
#[test]
fn ose_dung_09_advanced_turns_and_encounters_count_toward_rest() {
    let start = ose_journey(JourneyMode::OseDungeon, &[120]);
    let mut j = start.clone();
    let mut events = Vec::new();
    events.extend(run(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Other,
        },
        &[4],
    ));
    events.extend(run(
        &mut j,
        JourneyCommand::Advance {
            span: turnkeeper::clock::Span::ExplorationTurns { count: 3 },
        },
        &[],
    ));
    assert_eq!(j.dungeon().turns_since_rest, 4);
    assert!(!j.dungeon().fatigued);
    // The turn procedure's own count (which paces wandering checks) is unchanged.
    assert_eq!((j.dungeon().turns, j.dungeon().other_turns), (1, 3));
    // Two short fights: each is a whole turn (OSE-ENC-06).
    for _ in 0..2 {
        events.extend(run(
            &mut j,
            JourneyCommand::EncounterTime {
                seconds: Seconds(40),
            },
            &[],
        ));
    }
    assert_eq!(j.dungeon().turns_since_rest, 6);
    assert!(j.dungeon().fatigued);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, JourneyEvent::DungeonTimeCounted { .. }))
    );
    // A few rounds do not make a turn yet, but they carry over.
    events.extend(run(
        &mut j,
        JourneyCommand::Advance {
            span: turnkeeper::clock::Span::Rounds {
                count: 50,
                length: turnkeeper::clock::RoundLength::TEN_SECONDS,
            },
        },
        &[],
    ));
    assert_eq!(j.dungeon().turns_since_rest, 6);
    assert_eq!(j.dungeon().seconds, 500);
    events.extend(run(
        &mut j,
        JourneyCommand::Advance {
            span: turnkeeper::clock::Span::Rounds {
                count: 10,
                length: turnkeeper::clock::RoundLength::TEN_SECONDS,
            },
        },
        &[],
    ));
    assert_eq!(j.dungeon().turns_since_rest, 7);
    assert_eq!(j.dungeon().seconds, 0);
    // Resting a turn clears the penalty.
    events.extend(run(
        &mut j,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Rest,
        },
        &[],
    ));
    assert!(!j.dungeon().fatigued);
    assert_eq!(j.dungeon().turns_since_rest, 0);
    replays_to(&j, start, &events);
    // A follower refuses a count that does not match its state.
    let mut bad = j.clone();
    let mut clock = j.dungeon();
    clock.turns_since_rest = 9;
    assert!(
        bad.apply(&JourneyEvent::DungeonTimeCounted {
            by: Seconds(600),
            clock,
        })
        .is_err()
    );
}

#[test]
fn ose_water_08_a_waterborne_day_checks_wandering_monsters_by_the_waters() {
    let mut j = ose_journey(JourneyMode::OseWaterborne, &[120]);
    let oars = Vessel {
        propulsion: Propulsion::Oars,
        ..ship()
    };
    run(&mut j, JourneyCommand::SetVessel { vessel: oars }, &[]);
    let wandering = |e: &[JourneyEvent]| -> Vec<bool> {
        e.iter()
            .filter_map(|e| match e {
                JourneyEvent::WanderingChecked { roll, .. } => Some(roll.success),
                _ => None,
            })
            .collect()
    };
    // A swamp: 3-in-6, and the referee may check up to 4 times a day (lost 4, wind 3 + 4).
    let swamp = WaterDayPlan {
        waters: Waters::Swamp,
        navigator: true,
        wander_checks: 4,
        clear_shore: true,
        wander_chance: None,
        wayfinding: Wayfinding::default(),
    };
    let e = run(
        &mut j,
        JourneyCommand::WaterDay { plan: swamp },
        &[4, 3, 4, 1, 3, 4, 6],
    );
    assert_eq!(wandering(&e), [true, true, false, false]);
    // The sea or a river: 2-in-6, once a day unless the referee says otherwise.
    let sea = WaterDayPlan {
        waters: Waters::Sea {
            in_sight_of_land: true,
        },
        wander_checks: 1,
        ..swamp
    };
    let e = run(
        &mut j,
        JourneyCommand::WaterDay { plan: sea },
        &[4, 3, 4, 3],
    );
    assert_eq!(wandering(&e), [false]);
    let river = WaterDayPlan {
        waters: Waters::River { downstream: false },
        ..sea
    };
    let e = run(
        &mut j,
        JourneyCommand::WaterDay { plan: river },
        &[4, 3, 4, 2, 3],
    );
    assert_eq!(wandering(&e), [true]);
    // Never more than 4 checks a day.
    fails(
        &mut j,
        JourneyCommand::WaterDay {
            plan: WaterDayPlan {
                wander_checks: 5,
                ..swamp
            },
        },
        &[4, 3, 4, 1, 1, 1, 1, 1],
        ErrorCode::InvalidArgument,
    );
    // What is met is 4d6 × 10 yards away, 1d4 × 10 if either side is surprised.
    let far = run(
        &mut j,
        JourneyCommand::EncounterDistance {
            either_side_surprised: false,
        },
        &[6, 5, 4, 3],
    );
    let near = run(
        &mut j,
        JourneyCommand::EncounterDistance {
            either_side_surprised: true,
        },
        &[2],
    );
    let yards = |e: &[JourneyEvent]| {
        e.iter()
            .find_map(|e| match e {
                JourneyEvent::EncounterDistance { distance, .. } => Some(*distance),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(yards(&far), Distance::Yards(Yards(180)));
    assert_eq!(yards(&near), Distance::Yards(Yards(20)));
}

#[test]
fn ose_dung_06_each_character_listens_once_at_each_door() {
    let mut j = ose_journey(JourneyMode::OseDungeon, &[120, 120]);
    let listen = |by: &str, door: &str| ListenAttempt {
        by: id(by),
        door: id(door),
        chance: None,
        something_there: true,
        silent: false,
    };
    let turn = |attempts: Vec<ListenAttempt>| JourneyCommand::DungeonTurn {
        action: DungeonAction::Listen { attempts },
    };
    // Turn 1 (wandering check 6): pc-0 hears something behind door-1 on a 1.
    let e = run(&mut j, turn(vec![listen("pc-0", "door-1")]), &[6, 1]);
    assert!(matches!(&e[1], JourneyEvent::Listened { result, .. } if result.success));
    // pc-0 may not try door-1 again, even in a later turn, nor twice in one turn elsewhere;
    // the refused turn changes nothing.
    let before = j.to_json().unwrap();
    fails(
        &mut j,
        turn(vec![listen("pc-0", "door-1")]),
        &[1],
        ErrorCode::NotAllowed,
    );
    fails(
        &mut j,
        turn(vec![listen("pc-0", "door-2"), listen("pc-0", "door-2")]),
        &[1, 1],
        ErrorCode::NotAllowed,
    );
    assert_eq!(j.to_json().unwrap(), before);
    // pc-1 at door-1 and pc-0 at door-2 are new attempts (2 and 6: nothing heard).
    let e = run(
        &mut j,
        turn(vec![listen("pc-1", "door-1"), listen("pc-0", "door-2")]),
        &[2, 6],
    );
    let heard: Vec<bool> = e
        .iter()
        .filter_map(|e| match e {
            JourneyEvent::Listened { result, .. } => Some(result.success),
            _ => None,
        })
        .collect();
    assert_eq!(heard, [false, false]);
}
