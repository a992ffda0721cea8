//! Game time, units per ruleset and the shared clock (A5E-TIME-01, OSE-TIME-01..03,
//! HYB-TRAVEL-01, C-01, C-02).

use turnkeeper::ErrorCode;
use turnkeeper::clock::time::{
    EXPLORATION_TURNS_PER_HOUR, MAX_GAME_TIME, OSE_ROUNDS_PER_TURN, SECONDS_PER_DAY,
};
use turnkeeper::clock::{
    Clock, CombatRounds, Days, ExplorationTurns, GameTime, Happening, RoundLength, Seconds, Span,
    TimeUnit, TravelTurns, Weeks,
};

#[test]
fn a5e_time_01_round_is_six_seconds_and_narrator_may_choose_longer() {
    let r = |count, length| CombatRounds { count, length }.to_seconds().unwrap();
    assert_eq!(r(1, RoundLength::SIX_SECONDS), Seconds(6));
    assert_eq!(r(10, RoundLength::SIX_SECONDS), Seconds(60));
    assert_eq!(r(1, RoundLength::TEN_SECONDS), Seconds(10));
    assert_eq!(r(1, RoundLength::ONE_MINUTE), Seconds(60));
    assert_eq!(r(1, RoundLength::TEN_MINUTES), Seconds(600));
}

#[test]
fn c_01_same_round_count_means_different_time_per_preset() {
    let a5e = CombatRounds {
        count: 10,
        length: RoundLength::SIX_SECONDS,
    };
    let ose = CombatRounds {
        count: 10,
        length: RoundLength::TEN_SECONDS,
    };
    assert_eq!(a5e.to_seconds().unwrap(), Seconds(60));
    assert_eq!(ose.to_seconds().unwrap(), Seconds(100));
}

#[test]
fn ose_time_01_turn_is_ten_minutes_and_six_make_an_hour() {
    assert_eq!(ExplorationTurns(1).to_seconds().unwrap(), Seconds(600));
    assert_eq!(EXPLORATION_TURNS_PER_HOUR, 6);
    assert_eq!(
        ExplorationTurns(6).to_seconds().unwrap(),
        TravelTurns(1).to_seconds().unwrap()
    );
}

#[test]
fn ose_time_02_round_is_ten_seconds_and_sixty_make_a_turn() {
    assert_eq!(OSE_ROUNDS_PER_TURN, 60);
    let rounds = CombatRounds {
        count: OSE_ROUNDS_PER_TURN,
        length: RoundLength::TEN_SECONDS,
    };
    assert_eq!(
        rounds.to_seconds().unwrap(),
        ExplorationTurns(1).to_seconds().unwrap()
    );
}

#[test]
fn hyb_travel_01_travel_turn_is_one_hour_days_and_weeks() {
    assert_eq!(TravelTurns(1).to_seconds().unwrap(), Seconds(3_600));
    assert_eq!(Days(1).to_seconds().unwrap(), Seconds(SECONDS_PER_DAY));
    assert_eq!(Weeks(1).to_seconds().unwrap(), Seconds(7 * SECONDS_PER_DAY));
}

#[test]
fn c_02_turn_units_serialize_as_distinct_spans() {
    let spans: Vec<Span> = vec![
        ExplorationTurns(3).into(),
        TravelTurns(3).into(),
        CombatRounds {
            count: 3,
            length: RoundLength::TEN_SECONDS,
        }
        .into(),
    ];
    let json = serde_json::to_string(&spans).unwrap();
    assert_eq!(
        json,
        r#"[{"type":"explorationTurns","count":3},{"type":"travelTurns","count":3},{"type":"rounds","count":3,"length":10}]"#
    );
    let secs: Vec<u32> = spans.iter().map(|s| s.to_seconds().unwrap().0).collect();
    assert_eq!(secs, vec![1_800, 10_800, 30]);
}

#[test]
fn time_of_day_and_display() {
    let t = GameTime::at(2, 7, 30).unwrap();
    let tod = t.time_of_day();
    assert_eq!((tod.day, tod.hour, tod.minute, tod.second), (2, 7, 30, 0));
    assert_eq!(t.to_string(), "day 2 07:30");
    assert_eq!(
        GameTime::at(0, 24, 0).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    assert_eq!(Seconds(90_061).to_string(), "1 d 1 h 1 min 1 s");
}

#[test]
fn ose_time_03_advancing_reports_new_days_and_what_burnt() {
    let mut clock = Clock::new(GameTime::at(0, 22, 0).unwrap());
    let adv = clock.advance(Span::Hours { count: 27 }).unwrap();
    assert_eq!(adv.from, GameTime::at(0, 22, 0).unwrap());
    assert_eq!(adv.now, GameTime::at(2, 1, 0).unwrap());
    assert_eq!(
        adv.happenings,
        vec![Happening::NewDay { day: 1 }, Happening::NewDay { day: 2 }]
    );
}

#[test]
fn advancing_past_the_clock_limit_fails_and_changes_nothing() {
    let mut clock = Clock::new(GameTime(MAX_GAME_TIME.0 - 10));
    let before = clock.clone();
    let err = clock.advance(Seconds(11)).unwrap_err();
    assert_eq!(err.code, ErrorCode::LimitExceeded);
    assert_eq!(clock, before);
    let err = Span::Weeks { count: u32::MAX }.to_seconds().unwrap_err();
    assert_eq!(err.code, ErrorCode::LimitExceeded);
}

#[test]
fn clock_never_runs_backwards() {
    let mut clock = Clock::new(GameTime(100));
    assert_eq!(
        clock.set_now(GameTime(99)).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    clock.set_now(GameTime(200)).unwrap();
    assert_eq!(clock.now(), GameTime(200));
}
