//! A HYB journey end to end: time dice, torches, travel turns, rolling to return, replay.

use turnkeeper::ErrorCode;
use turnkeeper::clock::{
    ConsumableKind, GameTime, Happening, Ident, LightLevel, LightSpec, Seconds, Span, Tick,
};
use turnkeeper::dice::SuppliedDice;
use turnkeeper::exploration::hyb::overland::{HybDayConditions, HybPace, HybTerrain};
use turnkeeper::exploration::hyb::return_trip::{ReturnCost, ReturnPath};
use turnkeeper::exploration::hyb::travel::{Caution, ThreatLevel};
use turnkeeper::exploration::journey::{
    Journey, JourneyCommand, JourneyConfig, JourneyEvent, JourneyMode, Member, StartTime,
    TravelTurnPlan,
};
use turnkeeper::units::{Feet, Miles};

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

fn member(name: &str, best: i32, str_mod: i32) -> Member {
    Member {
        best_modifier: best,
        str_modifier: str_mod,
        ..Member::new(id(name))
    }
}

fn run(j: &mut Journey, cmd: JourneyCommand, faces: &[u32]) -> Vec<JourneyEvent> {
    let mut dice = SuppliedDice::new(faces.to_vec());
    let events = j.execute(cmd, &mut dice).unwrap();
    assert_eq!(dice.remaining(), 0, "all supplied faces used");
    events
}

fn cautious() -> TravelTurnPlan {
    TravelTurnPlan {
        caution: Caution::Cautious,
        overland: None,
    }
}

/// Builds the EX-HYB-08 dungeon delve and returns the journey and every event.
fn delve() -> (Journey, Vec<JourneyEvent>) {
    let mut j = Journey::new(JourneyConfig::default()).unwrap();
    let mut all = Vec::new();
    all.extend(run(
        &mut j,
        JourneyCommand::AddMember {
            member: member("pc-a", 6, 1),
        },
        &[],
    ));
    all.extend(run(
        &mut j,
        JourneyCommand::AddMember {
            member: member("pc-b", 5, 0),
        },
        &[],
    ));
    all.extend(run(
        &mut j,
        JourneyCommand::Start {
            mode: JourneyMode::HybDungeon,
            day: 0,
            start: StartTime::TimeDice {
                count: 2,
                offset_hours: 0,
            },
        },
        &[3, 2],
    ));
    all.extend(run(
        &mut j,
        JourneyCommand::AddLight {
            id: id("torch-1"),
            spec: LightSpec::hyb_torch(),
            label: None,
            place: None,
        },
        &[],
    ));
    all.extend(run(
        &mut j,
        JourneyCommand::Light { id: id("torch-1") },
        &[],
    ));
    all.extend(run(
        &mut j,
        JourneyCommand::AddSupply {
            id: id("sup"),
            kind: ConsumableKind::Sup,
            amount: 6,
            tick: Some(Tick {
                every: Seconds(3_600),
                uses: 1,
            }),
        },
        &[],
    ));
    all.extend(run(
        &mut j,
        JourneyCommand::TravelTurn { plan: cautious() },
        &[4, 15],
    ));
    all.extend(run(
        &mut j,
        JourneyCommand::TravelTurn { plan: cautious() },
        &[20, 2],
    ));
    (j, all)
}

#[test]
fn ex_hyb_08_hyb_time_02_journey_time_dice_follow_travel_turns() {
    let (j, events) = delve();
    let shown: Vec<Vec<u8>> = events
        .iter()
        .filter_map(|e| match e {
            JourneyEvent::TimeDiceShown { dice } => Some(dice.faces().to_vec()),
            _ => None,
        })
        .collect();
    assert_eq!(shown, vec![vec![6], vec![6, 1]]);
    assert_eq!(j.now(), GameTime::at(0, 7, 0).unwrap());
    assert_eq!(j.time_dice().unwrap().hour(), 7);
    assert!(matches!(
        events.iter().find(|e| matches!(e, JourneyEvent::Started { .. })),
        Some(JourneyEvent::Started { at, time_dice: Some(t), .. }) if *at == GameTime::at(0, 5, 0).unwrap() && t.hour == 5
    ));
}

#[test]
fn hyb_travel_02_journey_threat_levels_and_torch_burning_down() {
    let (j, events) = delve();
    let threats: Vec<(ThreatLevel, u32)> = events
        .iter()
        .filter_map(|e| match e {
            JourneyEvent::TravelTurnRolled {
                roll,
                travel_turns_away,
            } => Some((roll.threat, *travel_turns_away)),
            _ => None,
        })
        .collect();
    assert_eq!(
        threats,
        vec![(ThreatLevel::Worsens, 1), (ThreatLevel::NothingBad, 2)]
    );
    let expired: Vec<GameTime> = events
        .iter()
        .filter_map(|e| match e {
            JourneyEvent::TimePassed { advanced, .. } => Some(advanced),
            _ => None,
        })
        .flat_map(|a| a.happenings.iter())
        .filter_map(|h| match h {
            Happening::LightExpired { at, .. } => Some(*at),
            _ => None,
        })
        .collect();
    assert_eq!(expired, vec![GameTime::at(0, 6, 0).unwrap()]);
    assert_eq!(
        j.light_level(None, Feet(5), LightLevel::Darkness),
        LightLevel::Darkness
    );
    assert_eq!(j.clock().supply(&id("sup")).unwrap().amount, 4);
    assert_eq!(j.return_dc(), 12);
}

#[test]
fn hyb_return_01_journey_roll_to_return_uses_travel_turns_and_best_modifiers() {
    let (mut j, _) = delve();
    // DC 12: pc-a 3 + 6 = 9 (misses by 3, dangerous: 3d6), pc-b 7 + 5 = 12 safe
    let events = run(
        &mut j,
        JourneyCommand::RollToReturn {
            path: ReturnPath::Dangerous,
            who: vec![],
            at_zero: Default::default(),
            wounds: Default::default(),
        },
        &[3, 1, 2, 3, 7],
    );
    let Some(JourneyEvent::ReturnRolled { results, .. }) = events.first() else {
        panic!("{events:?}")
    };
    assert_eq!(results[0].dc, 12);
    assert!(!results[0].success);
    assert!(matches!(
        results[0].cost,
        Some(ReturnCost::Damage { total: 6, .. })
    ));
    assert!(results[1].success);
    assert_eq!(j.travel_turns_away(), 0);
    assert!(
        events[0]
            .log_line()
            .contains("pc-a 9 vs DC 12: fails, takes 6 damage")
    );
}

#[test]
fn journey_replay_reaches_an_identical_snapshot() {
    let (j, events) = delve();
    let mut other = Journey::new(JourneyConfig::default()).unwrap();
    other.apply_all(&events).unwrap();
    assert_eq!(other.to_json().unwrap(), j.to_json().unwrap());
    // one at a time as well
    let mut third = Journey::new(JourneyConfig::default()).unwrap();
    for e in &events {
        third.apply(e).unwrap();
    }
    assert_eq!(third, j);
    // events round-trip through JSON
    let json = serde_json::to_string(&events).unwrap();
    let back: Vec<JourneyEvent> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, events);
    assert!(json.contains(r#""type":"travelTurnRolled""#));
    assert!(json.contains(r#""travelTurnsAway":1"#));
}

#[test]
fn failing_commands_leave_the_journey_exactly_untouched() {
    let (mut j, _) = delve();
    let before = j.to_json().unwrap();
    let cases: Vec<(JourneyCommand, Vec<u32>, ErrorCode)> = vec![
        // a die runs out half-way through a cautious roll
        (
            JourneyCommand::TravelTurn { plan: cautious() },
            vec![12],
            ErrorCode::FacesExhausted,
        ),
        (
            JourneyCommand::Light { id: id("nope") },
            vec![],
            ErrorCode::UnknownId,
        ),
        (
            JourneyCommand::Light { id: id("torch-1") },
            vec![],
            ErrorCode::NotAllowed,
        ),
        (
            JourneyCommand::Consume {
                id: id("sup"),
                amount: 99,
            },
            vec![],
            ErrorCode::NotAllowed,
        ),
        (
            JourneyCommand::DungeonTurn {
                action: turnkeeper::exploration::journey::DungeonAction::Rest,
            },
            vec![],
            ErrorCode::NotAllowed,
        ),
        (
            JourneyCommand::Start {
                mode: JourneyMode::HybSea,
                day: 0,
                start: StartTime::At { hour: 1, minute: 0 },
            },
            vec![],
            ErrorCode::OutOfOrder,
        ),
        (
            JourneyCommand::AddMember {
                member: member("pc-a", 0, 0),
            },
            vec![],
            ErrorCode::DuplicateId,
        ),
        (
            JourneyCommand::RollToReturn {
                path: ReturnPath::Arduous,
                who: vec![id("pc-a"), id("ghost")],
                at_zero: Default::default(),
                wounds: Default::default(),
            },
            vec![10],
            ErrorCode::UnknownId,
        ),
        (
            JourneyCommand::Advance {
                span: Span::Weeks { count: 100_000 },
            },
            vec![],
            ErrorCode::LimitExceeded,
        ),
        (
            JourneyCommand::SetHour { hour: 25 },
            vec![],
            ErrorCode::InvalidArgument,
        ),
    ];
    for (i, (cmd, faces, code)) in cases.into_iter().enumerate() {
        let mut dice = SuppliedDice::new(faces);
        let err = j.execute(cmd, &mut dice).unwrap_err();
        assert_eq!(err.code, code, "case {i}: {err}");
        assert_eq!(j.to_json().unwrap(), before, "case {i} changed the journey");
    }
    // A command whose first event was already applied to the working copy, then fails on a
    // later die, still leaves the journey untouched.
    run(
        &mut j,
        JourneyCommand::RecordScene { plan: cautious() },
        &[],
    );
    run(
        &mut j,
        JourneyCommand::RecordScene { plan: cautious() },
        &[],
    );
    let before = j.to_json().unwrap();
    let mut dice = SuppliedDice::new([7]);
    let err = j
        .execute(JourneyCommand::RecordScene { plan: cautious() }, &mut dice)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::FacesExhausted);
    assert_eq!(j.scenes(), 2);
    assert_eq!(j.to_json().unwrap(), before);
}

#[test]
fn hyb_travel_01_three_scenes_make_a_travel_turn() {
    let (mut j, _) = delve();
    let e = run(
        &mut j,
        JourneyCommand::RecordScene { plan: cautious() },
        &[],
    );
    assert!(matches!(
        e.as_slice(),
        [JourneyEvent::SceneRecorded { scenes: 1 }]
    ));
    run(
        &mut j,
        JourneyCommand::RecordScene { plan: cautious() },
        &[],
    );
    let e = run(
        &mut j,
        JourneyCommand::RecordScene { plan: cautious() },
        &[1, 1],
    );
    assert!(matches!(
        e.first(),
        Some(JourneyEvent::SceneRecorded { scenes: 3 })
    ));
    assert!(e.iter().any(|e| matches!(
        e,
        JourneyEvent::TravelTurnRolled {
            travel_turns_away: 3,
            ..
        }
    )));
    assert_eq!(j.scenes(), 0);
    assert_eq!(j.now(), GameTime::at(0, 8, 0).unwrap());
}

#[test]
fn ex_hyb_06_journey_overland_day_at_the_slowest_pace() {
    let mut j = Journey::new(JourneyConfig::default()).unwrap();
    run(
        &mut j,
        JourneyCommand::AddMember {
            member: member("strong", 0, 2),
        },
        &[],
    );
    run(
        &mut j,
        JourneyCommand::AddMember {
            member: member("weak", 0, 0),
        },
        &[],
    );
    run(
        &mut j,
        JourneyCommand::Start {
            mode: JourneyMode::HybOverland,
            day: 3,
            start: StartTime::At { hour: 6, minute: 0 },
        },
        &[],
    );
    let plan = TravelTurnPlan {
        caution: Caution::Ordinary,
        overland: Some(HybDayConditions {
            terrain: HybTerrain::Difficult,
            light: LightLevel::Bright,
            pace: HybPace::Normal,
        }),
    };
    let e = run(&mut j, JourneyCommand::TravelTurn { plan }, &[10]);
    assert!(e.iter().any(|e| matches!(
        e,
        JourneyEvent::OverlandCovered {
            miles: Miles(5),
            ..
        }
    )));
    // HYB-TRAVEL-03: overland rolls daily
    assert_eq!(j.now(), GameTime::at(4, 6, 0).unwrap());
    // a week at sea
    run(
        &mut j,
        JourneyCommand::ChangeMode {
            mode: JourneyMode::HybSea,
        },
        &[],
    );
    run(
        &mut j,
        JourneyCommand::TravelTurn {
            plan: TravelTurnPlan::default(),
        },
        &[10],
    );
    assert_eq!(j.now(), GameTime::at(11, 6, 0).unwrap());
    // overland conditions make no sense at sea
    let mut dice = SuppliedDice::new([10]);
    assert_eq!(
        j.execute(JourneyCommand::TravelTurn { plan }, &mut dice)
            .unwrap_err()
            .code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn hyb_time_02_set_hour_lets_time_pass_to_it() {
    let (mut j, _) = delve();
    let e = run(&mut j, JourneyCommand::SetHour { hour: 20 }, &[]);
    assert!(matches!(
        e.first(),
        Some(JourneyEvent::TimePassed {
            by: Seconds(46_800),
            ..
        })
    ));
    assert_eq!(j.time_dice().unwrap().faces(), &[6, 6, 6, 2]);
    run(&mut j, JourneyCommand::SetHour { hour: 24 }, &[]);
    assert_eq!(j.now(), GameTime::at(1, 0, 0).unwrap());
    assert_eq!(j.time_dice().unwrap().faces(), &[6, 6, 6, 6]);
}

#[test]
fn c_01_encounter_rounds_advance_the_same_clock() {
    let mut j = Journey::new(JourneyConfig::ose()).unwrap();
    run(
        &mut j,
        JourneyCommand::Start {
            mode: JourneyMode::OseDungeon,
            day: 0,
            start: StartTime::At { hour: 9, minute: 0 },
        },
        &[],
    );
    let span = j.rounds(12);
    let e = run(&mut j, JourneyCommand::Advance { span }, &[]);
    assert!(matches!(
        e.first(),
        Some(JourneyEvent::TimePassed {
            by: Seconds(120),
            ..
        })
    ));
    assert_eq!(j.now(), GameTime::at(0, 9, 2).unwrap());
}

#[test]
fn every_event_has_a_log_line() {
    let (_, events) = delve();
    for e in &events {
        assert!(!e.log_line().is_empty());
    }
    let lines: Vec<String> = events.iter().map(JourneyEvent::log_line).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Time dice: (6, 1) = 07:00"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("torch-1 burnt out at day 0 06:00"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Travel turn 1: d20 [4, 15] keeps 15"))
    );
}

fn venom() -> turnkeeper::exploration::hyb::corruption::Corruption {
    use turnkeeper::exploration::hyb::corruption::{
        Ability, Corruption, CorruptionStage, StageHarm, StageSuccess,
    };
    let stage = || CorruptionStage {
        duration: Seconds(7_200),
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
fn ex_hyb_02_hyb_corr_journey_tracks_venom_stages_and_replays() {
    use turnkeeper::dice::RollMode;
    use turnkeeper::exploration::hyb::corruption::HarmDone;
    let (mut j, mut events) = delve();
    events.extend(run(
        &mut j,
        JourneyCommand::Expose {
            member: id("pc-b"),
            corruption: venom(),
            con_score: 10,
            onset_score: 10,
            advantage: RollMode::Normal,
        },
        &[5],
    ));
    assert!(matches!(
        events.last(),
        Some(JourneyEvent::Exposed { exposure, .. }) if exposure.onset == Some(HarmDone::Exhausted)
    ));
    assert_eq!(j.infections().len(), 1);
    assert!(j.due_stages().is_empty());
    let end_stage = |con: u8| JourneyCommand::EndCorruptionStage {
        member: id("pc-b"),
        index: 0,
        con_score: con,
        harmed_score: con,
        advantage: RollMode::Normal,
    };
    let mut dice = SuppliedDice::new([8, 4]);
    assert_eq!(
        j.execute(end_stage(10), &mut dice).unwrap_err().code,
        ErrorCode::OutOfOrder
    );
    events.extend(run(
        &mut j,
        JourneyCommand::TravelTurn { plan: cautious() },
        &[9, 9],
    ));
    events.extend(run(
        &mut j,
        JourneyCommand::TravelTurn { plan: cautious() },
        &[9, 9],
    ));
    assert_eq!(j.due_stages(), vec![(id("pc-b"), 0)]);
    let e = run(&mut j, end_stage(10), &[8, 4]);
    assert!(e[0].log_line().contains("4 Constitution damage (10 → 6)"));
    events.extend(e);
    events.extend(run(
        &mut j,
        JourneyCommand::Advance {
            span: Span::Hours { count: 2 },
        },
        &[],
    ));
    let e = run(&mut j, end_stage(6), &[12, 6]);
    assert!(e[0].log_line().contains("(6 → 0), dead; infection over"));
    events.extend(e);
    assert!(j.infections().is_empty());
    let mut other = Journey::new(JourneyConfig::default()).unwrap();
    other.apply_all(&events).unwrap();
    assert_eq!(other.to_json().unwrap(), j.to_json().unwrap());
}

/// HYB-RETURN-01: each PC rolls to return for itself. Members who did not roll stay away at
/// the party's DC (growing with further travel turns); once everyone is back, the party is.
#[test]
fn hyb_return_01_rolling_for_some_members_keeps_the_others_dc() {
    let (start, _) = delve();
    let mut j = start.clone();
    let mut events = Vec::new();
    assert_eq!(j.return_dc(), 12);
    events.extend(run(
        &mut j,
        JourneyCommand::RollToReturn {
            path: ReturnPath::Arduous,
            who: vec![id("pc-a")],
            at_zero: Default::default(),
            wounds: Default::default(),
        },
        &[15],
    ));
    assert_eq!(j.returned(), &[id("pc-a")]);
    assert_eq!(j.travel_turns_away(), 2);
    assert_eq!(j.return_dc_of(&id("pc-b")).unwrap(), Some(12));
    assert_eq!(j.return_dc_of(&id("pc-a")).unwrap(), None);
    // pc-a is back: it cannot roll again.
    let mut dice = SuppliedDice::new(vec![10]);
    let err = j
        .clone()
        .execute(
            JourneyCommand::RollToReturn {
                path: ReturnPath::Arduous,
                who: vec![id("pc-a")],
                at_zero: Default::default(),
                wounds: Default::default(),
            },
            &mut dice,
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    // pc-b travels on alone: a travel turn later its DC is 13.
    events.extend(run(
        &mut j,
        JourneyCommand::TravelTurn { plan: cautious() },
        &[10, 12],
    ));
    assert_eq!(j.return_dc_of(&id("pc-b")).unwrap(), Some(13));
    // "Everyone" now means the members still away.
    let e = run(
        &mut j,
        JourneyCommand::RollToReturn {
            path: ReturnPath::Arduous,
            who: vec![],
            at_zero: Default::default(),
            wounds: Default::default(),
        },
        &[8],
    );
    let Some(JourneyEvent::ReturnRolled { results, .. }) = e.first() else {
        panic!("{e:?}")
    };
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].dc, 13);
    events.extend(e);
    assert_eq!(j.travel_turns_away(), 0);
    assert!(j.returned().is_empty());
    let mut other = start;
    other.apply_all(&events).unwrap();
    assert_eq!(other.to_json().unwrap(), j.to_json().unwrap());
}
