//! The stand-alone creature (`Creature` in the package): typed commands run through the engine
//! so that each becomes one event that carries its faces. These tests pin what each operation
//! does, written the way events recorded before typed commands wrote it (a name, a number and
//! two JSON arguments), so they also pin how such events are read (whole numbers, game seconds,
//! days of rest); and that a follower replays the events exactly and refuses events whose faces
//! do not match what the operation rolls. The typed form itself: `creature_commands.rs`.

use turnkeeper::ErrorCode;
use turnkeeper::creature::command::{CreatureCommand, LegacyCreatureOp};
use turnkeeper::creature::sheet::{CreatureEvent, CreatureSheet};
use turnkeeper::creature::{
    AbilityScores, Creature, CreatureKind, CreatureRules, DeathState, GameTime, LongRest, Moment,
};
use turnkeeper::dice::{DiceSource, DieSize, SourceKind};
use turnkeeper::engine::Engine;

fn sheet(rules: CreatureRules, hp: u32) -> CreatureSheet {
    CreatureSheet {
        creature: Creature::new(CreatureKind::Pc, hp).unwrap(),
        rules,
        time: Moment::default(),
    }
}

/// An engine on supplied faces (so each test says exactly what is rolled).
fn engine(rules: CreatureRules, hp: u32, faces: &[u32]) -> Engine<CreatureSheet> {
    Engine::new(
        sheet(rules, hp),
        DiceSource::supplied(faces.iter().copied()),
    )
}

/// An operation as events recorded it before commands were typed, read as they are read now.
fn op(name: &str, n: f64, a: &str) -> turnkeeper::Result<CreatureCommand> {
    CreatureCommand::from_legacy(&LegacyCreatureOp {
        op: name.to_string(),
        n: n.is_finite().then_some(n),
        a: a.to_string(),
        b: "null".to_string(),
    })
}

/// Run one operation; its single event.
fn run(e: &mut Engine<CreatureSheet>, name: &str, n: f64, a: &str) -> CreatureEvent {
    let events = op(name, n, a)
        .and_then(|command| e.execute(command))
        .unwrap_or_else(|err| panic!("{name}: {err}"));
    assert_eq!(events.len(), 1, "one event per operation");
    events[0].clone()
}

fn refused(e: &mut Engine<CreatureSheet>, name: &str, n: f64, a: &str) -> ErrorCode {
    refusal(e, name, n, a).code
}

fn refusal(e: &mut Engine<CreatureSheet>, name: &str, n: f64, a: &str) -> turnkeeper::Error {
    let before = e.state().clone();
    let err = op(name, n, a)
        .and_then(|command| e.execute(command))
        .expect_err("the operation should be refused");
    assert_eq!(
        e.state(),
        &before,
        "{name}: a refused operation changes nothing"
    );
    err
}

fn hp(e: &Engine<CreatureSheet>) -> u32 {
    e.state().creature.hp.current
}

#[test]
fn each_name_runs_its_own_operation() {
    let mut e = engine(CreatureRules::a5e(), 20, &[3, 5]);
    let ev = run(
        &mut e,
        "damage",
        f64::NAN,
        r#"{"amount":7,"type":"slashing"}"#,
    );
    assert_eq!(hp(&e), 13);
    assert!(ev.result.contains(r#""hpLost":7"#), "{}", ev.result);
    assert!(ev.faces.is_empty());

    run(&mut e, "heal", 4.0, "null");
    assert_eq!(hp(&e), 17);

    // 2d6 − 6 on the supplied faces 3 and 5.
    let ev = run(
        &mut e,
        "healDice",
        f64::NAN,
        r#"{"count":2,"size":"d6","modifier":-6}"#,
    );
    assert_eq!(ev.faces, vec![3, 5]);
    assert_eq!(ev.source, SourceKind::Supplied);
    assert_eq!(hp(&e), 19, "3 + 5 − 6 = 2 regained");

    run(&mut e, "grantTempHp", 6.0, "null");
    assert_eq!(e.state().creature.hp.temp, 6);

    run(&mut e, "gainFatigue", 2.0, "null");
    assert_eq!(e.state().creature.fatigue.effective, 2);
    run(&mut e, "removeFatigue", 1.0, "null");
    assert_eq!(e.state().creature.fatigue.effective, 1);
    run(&mut e, "gainStrife", 3.0, "null");
    assert_eq!(e.state().creature.strife.effective, 3);
    run(&mut e, "removeStrife", 2.0, "null");
    assert_eq!(e.state().creature.strife.effective, 1);

    run(&mut e, "kill", f64::NAN, "null");
    assert!(e.state().creature.is_dead());
    run(&mut e, "raise", 1.0, "false");
    assert!(!e.state().creature.is_dead());
    assert_eq!(hp(&e), 1);
}

#[test]
fn time_operations_move_the_sheets_clock() {
    let mut e = engine(CreatureRules::a5e(), 10, &[]);
    let ev = run(&mut e, "setTime", 600.0, "true");
    assert_eq!(ev.result, "null");
    assert_eq!(e.state().time, Moment::in_encounter(GameTime(600)));
    run(&mut e, "advanceTime", 660.0, "null");
    assert_eq!(e.state().time, Moment::in_encounter(GameTime(660)));
    // No number: the encounter ends at the current time.
    run(&mut e, "endEncounter", f64::NAN, "null");
    assert_eq!(e.state().time, Moment::outside_encounter(GameTime(660)));
    run(&mut e, "endEncounter", 900.0, "null");
    assert_eq!(e.state().time.now, GameTime(900));
    // Game time is whole seconds from 0 to 2^32 − 1.
    assert_eq!(
        refused(&mut e, "setTime", -1.0, "null"),
        ErrorCode::InvalidArgument
    );
    assert_eq!(
        refused(&mut e, "setTime", 1.5, "null"),
        ErrorCode::InvalidArgument
    );
    assert_eq!(
        refused(&mut e, "advanceTime", f64::from(u32::MAX) + 1.0, "null"),
        ErrorCode::InvalidArgument
    );
    run(&mut e, "setTime", f64::from(u32::MAX), "null");
    assert_eq!(e.state().time.now, GameTime(u32::MAX));
    assert!(
        !e.state().time.in_encounter,
        "left out: not in an encounter"
    );
}

#[test]
fn numbers_must_be_whole_and_in_range() {
    let mut e = engine(CreatureRules::a5e(), 10, &[]);
    run(&mut e, "damage", f64::NAN, r#"{"amount":5}"#);
    assert_eq!(
        refused(&mut e, "heal", 2.5, "null"),
        ErrorCode::InvalidArgument
    );
    let past = refusal(&mut e, "heal", f64::from(i32::MAX) + 1.0, "null");
    assert_eq!(past.code, ErrorCode::InvalidArgument);
    assert!(
        past.message.contains("not a whole number in range"),
        "refused as it is read, not by the healing limit: {}",
        past.message
    );
    assert_eq!(
        refused(&mut e, "heal", f64::NAN, "null"),
        ErrorCode::InvalidArgument,
        "heal needs its amount"
    );
    // The largest whole number passes the reading; the healing limit then refuses it.
    let at = refusal(&mut e, "heal", f64::from(i32::MAX), "null");
    assert!(at.message.contains("healing must be"), "{}", at.message);
    run(&mut e, "heal", 0.0, "null");
    assert_eq!(hp(&e), 5, "healing 0 changes nothing");
    assert_eq!(
        refused(&mut e, "nonsense", 1.0, "null"),
        ErrorCode::InvalidArgument
    );
    assert_eq!(
        refused(&mut e, "damage", f64::NAN, "{"),
        ErrorCode::InvalidArgument
    );
}

#[test]
fn dying_operations() {
    // Death saves of 15 and 4, then the d4 hours until a stable creature regains 1 HP.
    let mut e = engine(CreatureRules::a5e(), 10, &[15, 4, 2]);
    run(&mut e, "damage", f64::NAN, r#"{"amount":10}"#);
    assert!(matches!(e.state().creature.death, DeathState::Dying { .. }));
    // A death save of 15 succeeds, one of 4 + 0 fails.
    run(&mut e, "deathSave", 0.0, "null");
    run(&mut e, "deathSave", 0.0, "null");
    assert_eq!(
        e.state().creature.death,
        DeathState::Dying {
            successes: 1,
            failures: 1
        }
    );
    run(&mut e, "stabilize", f64::NAN, r#"{"type":"automatic"}"#);
    assert_eq!(
        e.state().creature.death,
        DeathState::Stable {
            regains_hp_at: Some(GameTime(2 * 3600))
        }
    );
}

#[test]
fn rests_by_name() {
    // A5E long rest: every hit point back.
    let mut e = engine(CreatureRules::a5e(), 12, &[]);
    run(&mut e, "damage", f64::NAN, r#"{"amount":9}"#);
    let rest = serde_json::to_string(&LongRest::full(GameTime(86_400), true, false)).unwrap();
    run(&mut e, "setTime", 86_400.0, "null");
    run(&mut e, "longRest", f64::NAN, &rest);
    assert_eq!(hp(&e), 12);

    // OSE: 1d3 per complete day, from the number when no list is given.
    let mut e = engine(CreatureRules::ose(), 20, &[2, 3, 1]);
    run(&mut e, "damage", f64::NAN, r#"{"amount":15}"#);
    let ev = run(&mut e, "oseNaturalHealing", 2.0, "null");
    assert_eq!(ev.faces, vec![2, 3]);
    assert_eq!(hp(&e), 10);
    // An interrupted day heals nothing.
    let ev = run(
        &mut e,
        "oseNaturalHealing",
        f64::NAN,
        r#"["interrupted","complete"]"#,
    );
    assert_eq!(ev.faces, vec![1]);
    assert_eq!(hp(&e), 11);
    assert_eq!(
        refused(&mut e, "oseNaturalHealing", -1.0, "null"),
        ErrorCode::InvalidArgument
    );
    assert_eq!(
        refused(&mut e, "oseNaturalHealing", f64::from(u32::MAX), "null"),
        ErrorCode::LimitExceeded,
        "far past the limit is refused without building the list"
    );
    assert_eq!(
        refused(&mut e, "oseNaturalHealing", 1e12, "null"),
        ErrorCode::InvalidArgument
    );
    let limit = turnkeeper::creature::limits::MAX_REST_DAYS;
    assert_eq!(
        refused(&mut e, "oseNaturalHealing", (limit + 1) as f64, "null"),
        ErrorCode::LimitExceeded
    );
}

#[test]
fn hyb_operations_by_name() {
    let mut hyb = sheet(CreatureRules::hyb(), 10);
    hyb.creature.abilities = Some(AbilityScores::new(12, 12, 12, 12, 12, 12));
    let mut e = Engine::new(hyb, DiceSource::supplied([]));
    let ev = run(&mut e, "addAdventuringHours", 5.0, "null");
    assert_eq!(ev.result, "5");
    let ev = run(&mut e, "addAdventuringHours", 3.0, "null");
    assert_eq!(ev.result, "8");
    assert_eq!(e.state().creature.hyb.hours_adventured, 8);
    let ev = run(&mut e, "setResilienceReduction", 2.0, "null");
    assert_eq!(ev.result, "null");
    assert_eq!(e.state().creature.hyb.resilience_reduction, 2);
    run(&mut e, "exhaust", f64::NAN, "null");
    assert!(e.state().creature.hyb.exhausted);
    run(&mut e, "loseAbilityPoints", 3.0, r#""str""#);
    assert_eq!(e.state().creature.hyb.ability_loss.str, 3);
    run(&mut e, "recoverAbilityPoints", 2.0, r#""str""#);
    assert_eq!(e.state().creature.hyb.ability_loss.str, 1);
}

/// A follower runs each event's operation on the faces the event recorded and reaches the
/// same state; an event that records more or fewer faces than its operation rolls, or a face a
/// die cannot show, is refused.
#[test]
fn followers_replay_the_recorded_faces_and_refuse_a_mismatch() {
    let mut leader = engine(CreatureRules::ose(), 20, &[3, 2]);
    run(&mut leader, "damage", f64::NAN, r#"{"amount":12}"#);
    let heal = run(&mut leader, "oseNaturalHealing", 2.0, "null");
    assert_eq!(heal.faces, vec![3, 2]);

    let mut follower = Engine::new(sheet(CreatureRules::ose(), 20), DiceSource::crypto());
    let damage = CreatureEvent {
        command: op("damage", f64::NAN, r#"{"amount":12}"#).unwrap(),
        faces: vec![],
        source: SourceKind::Supplied,
        result: String::new(),
    };
    follower.apply_events(&[damage, heal.clone()]).unwrap();
    assert_eq!(follower.state(), leader.state());
    assert_eq!(follower.digest(), leader.digest());

    let fresh = || {
        let mut f = Engine::new(sheet(CreatureRules::ose(), 20), DiceSource::crypto());
        f.apply_events(&[CreatureEvent {
            command: op("damage", f64::NAN, r#"{"amount":12}"#).unwrap(),
            faces: vec![],
            source: SourceKind::Supplied,
            result: String::new(),
        }])
        .unwrap();
        f
    };
    for faces in [vec![3], vec![3, 2, 1], vec![3, 4], vec![0, 2]] {
        let mut f = fresh();
        let before = f.state().clone();
        let bad = CreatureEvent {
            faces: faces.clone(),
            ..heal.clone()
        };
        let err = f.apply_events(&[bad]).unwrap_err();
        assert_eq!(err.code, ErrorCode::SnapshotInvalid, "{faces:?}: {err}");
        assert_eq!(f.state(), &before, "{faces:?}: nothing applied");
    }
}

/// HYB-RES-04: exhausting reports it once; exhausting an exhausted creature reports nothing.
#[test]
fn hyb_res_04_exhausting_reports_the_change_once() {
    let mut e = engine(CreatureRules::hyb(), 10, &[]);
    let first = run(&mut e, "exhaust", f64::NAN, "null");
    assert!(first.result.contains("exhausted"), "{}", first.result);
    let again = run(&mut e, "exhaust", f64::NAN, "null");
    assert!(!again.result.contains("exhausted"), "{}", again.result);
}

/// Every part of the HYB state is in the digest (followers compare digests; snapshots keep one
/// as their checksum), so two sheets that differ only there never look alike.
#[test]
fn every_hyb_field_changes_the_digest() {
    let digest = |edit: &dyn Fn(&mut CreatureSheet)| {
        let mut s = sheet(CreatureRules::hyb(), 10);
        edit(&mut s);
        Engine::new(s, DiceSource::supplied([])).digest()
    };
    let edits: [&dyn Fn(&mut CreatureSheet); 7] = [
        &|_| {},
        &|s| s.creature.hyb.hours_adventured = 3,
        &|s| s.creature.hyb.resilience_reduction = 2,
        &|s| s.creature.hyb.exhausted = true,
        &|s| s.creature.hyb.disadvantage_until_rest = true,
        &|s| s.creature.hyb.body_parts_lost = 1,
        &|s| s.creature.hyb.ability_loss.str = 1,
    ];
    let mut seen = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        let d = digest(*edit);
        assert!(!seen.contains(&d), "edit #{i} left the digest as it was");
        seen.push(d);
    }
    let unhealable = digest(&|s| {
        s.creature.hp.current = 6;
        s.creature.hyb.unhealable = 4;
    });
    let healable = digest(&|s| s.creature.hp.current = 6);
    assert_ne!(unhealable, healable);
    let less = digest(&|s| {
        s.creature.hp.current = 6;
        s.creature.hyb.unhealable = 3;
    });
    assert_ne!(
        unhealable, less,
        "the amount of unhealable HP counts, not only that some are"
    );
}

/// HYB state hashes as it did before unhealable HP existed while there are none, so digests and
/// snapshot checksums written then still match: the same bytes as its other six fields alone.
#[test]
fn hyb_state_without_unhealable_hp_hashes_as_before() {
    use turnkeeper::engine::Digester;
    let mut hyb = sheet(CreatureRules::hyb(), 10).creature.hyb;
    hyb.hours_adventured = 5;
    hyb.body_parts_lost = 1;
    let six_fields = |d: &mut Digester| {
        d.add(&hyb.hours_adventured)
            .add(&hyb.resilience_reduction)
            .add(&hyb.exhausted)
            .add(&hyb.disadvantage_until_rest)
            .add(&hyb.body_parts_lost)
            .add(&hyb.ability_loss);
    };
    let mut alone = Digester::new();
    six_fields(&mut alone);
    assert_eq!(Digester::new().add(&hyb).digest(), alone.digest());
    let mut with = hyb;
    with.unhealable = 2;
    let mut more = Digester::new();
    six_fields(&mut more);
    more.add(&2u32);
    assert_eq!(Digester::new().add(&with).digest(), more.digest());
}

/// A5E: finishing a short rest recharges the critical block (A5E-DMG-04), by name.
#[test]
fn a5e_dmg_04_finishing_a_short_rest_recharges_the_critical_block() {
    let mut a5e = sheet(CreatureRules::a5e(), 10);
    a5e.creature.crit_block_used = true;
    let mut e = Engine::new(a5e, DiceSource::supplied([]));
    let ev = run(&mut e, "finishShortRest", f64::NAN, "null");
    assert!(!e.state().creature.crit_block_used);
    assert!(
        ev.result.contains("criticalBlockRecharged"),
        "{}",
        ev.result
    );
}

/// A5E-THP-01: temporary hit points soak damage first, and the report says how much and what
/// is left of them.
#[test]
fn a5e_thp_01_temporary_hit_points_soak_damage_first_and_say_so() {
    let mut e = engine(CreatureRules::a5e(), 10, &[]);
    run(&mut e, "grantTempHp", 6.0, "null");
    let ev = run(&mut e, "damage", f64::NAN, r#"{"amount":4}"#);
    assert_eq!(e.state().creature.hp.temp, 2);
    assert_eq!(hp(&e), 10);
    assert!(
        ev.result
            .contains(r#"{"type":"tempHpAbsorbed","amount":4,"tempHp":2}"#),
        "{}",
        ev.result
    );
    // Once they are gone, nothing more is reported as absorbed.
    run(&mut e, "damage", f64::NAN, r#"{"amount":5}"#);
    assert_eq!(hp(&e), 7);
    let ev = run(&mut e, "damage", f64::NAN, r#"{"amount":1}"#);
    assert!(
        !ev.result.contains(r#""type":"tempHpAbsorbed""#),
        "{}",
        ev.result
    );
    assert!(ev.result.contains(r#""tempHpAbsorbed":0"#), "{}", ev.result);
}

/// A5E-COND-08 by name: `doom` rolls 2d12 hours for the deadline unless one is given, refuses
/// a creature already doomed, and `liftDoom` lifts it.
#[test]
fn a5e_cond_08_doom_and_lift_doom_by_name() {
    let mut e = engine(CreatureRules::a5e(), 20, &[5, 8]);
    let ev = run(&mut e, "doom", f64::NAN, "null");
    assert_eq!(ev.faces, vec![5, 8]);
    assert_eq!(
        e.state().creature.doom.map(|d| d.deadline),
        Some(Some(GameTime(13 * 3600))),
        "13 hours after game time 0"
    );
    assert_eq!(
        refused(&mut e, "doom", f64::NAN, "null"),
        ErrorCode::NotAllowed
    );
    let ev = run(&mut e, "liftDoom", f64::NAN, "null");
    assert_eq!(e.state().creature.doom, None);
    assert!(ev.result.contains("doomLifted"), "{}", ev.result);
    assert_eq!(
        refused(&mut e, "liftDoom", f64::NAN, "null"),
        ErrorCode::NotAllowed
    );

    let ev = run(&mut e, "doom", f64::NAN, r#"{"type":"at","time":7200}"#);
    assert!(ev.faces.is_empty());
    assert_eq!(
        e.state().creature.doom.map(|d| d.deadline),
        Some(Some(GameTime(7200)))
    );
    run(&mut e, "liftDoom", f64::NAN, "null");
    run(&mut e, "doom", f64::NAN, r#"{"type":"narratorDecides"}"#);
    assert_eq!(e.state().creature.doom.map(|d| d.deadline), Some(None));
}

/// A death save with advantage rolls two d20s and keeps the higher; with disadvantage the
/// lower (A5E-DEATH-03, the mode read from the argument by name).
#[test]
fn a5e_death_03_death_saves_with_advantage_and_disadvantage() {
    let mut e = engine(CreatureRules::a5e(), 10, &[4, 15, 15, 4]);
    run(&mut e, "damage", f64::NAN, r#"{"amount":10}"#);
    let ev = run(&mut e, "deathSave", 0.0, r#""advantage""#);
    assert_eq!(ev.faces, vec![4, 15]);
    let ev = run(&mut e, "deathSave", 0.0, r#""disadvantage""#);
    assert_eq!(ev.faces, vec![15, 4]);
    assert_eq!(
        e.state().creature.death,
        DeathState::Dying {
            successes: 1,
            failures: 1
        },
        "15 kept with advantage, 4 with disadvantage"
    );
}

/// A5E-DMG-06 by name: `ongoingDamage` rolls its dice and deals them as one instance.
#[test]
fn a5e_dmg_06_ongoing_damage_by_name() {
    let mut e = engine(CreatureRules::a5e(), 20, &[3, 5]);
    let ev = run(
        &mut e,
        "ongoingDamage",
        f64::NAN,
        r#"{"dice":{"count":2,"size":"d6","modifier":1},"damageType":"fire"}"#,
    );
    assert_eq!(ev.faces, vec![3, 5]);
    assert_eq!(hp(&e), 11, "3 + 5 + 1 fire");
    assert!(ev.result.contains(r#""hpLost":9"#), "{}", ev.result);
}

/// A follower's sheet must pass the creature's invariants after every batch of events: an
/// event that leaves an invalid creature in place (here `setTime`, on a sheet whose record was
/// broken) is refused as `SNAPSHOT_INVALID` and changes nothing.
#[test]
fn applied_events_must_leave_a_valid_creature() {
    let mut broken = sheet(CreatureRules::a5e(), 10);
    broken.creature.hp.current = 11;
    let mut e = Engine::new(broken, DiceSource::supplied([]));
    let before = e.state().clone();
    let event = CreatureEvent {
        command: op("setTime", 60.0, "null").unwrap(),
        faces: Vec::new(),
        source: SourceKind::Supplied,
        result: "null".into(),
    };
    let err = e.apply_events(std::slice::from_ref(&event)).unwrap_err();
    assert_eq!(err.code, ErrorCode::SnapshotInvalid);
    assert!(err.message.contains("invalid creature"), "{}", err.message);
    assert_eq!(e.state(), &before);

    let mut fine = Engine::new(sheet(CreatureRules::a5e(), 10), DiceSource::supplied([]));
    fine.apply_events(&[event]).unwrap();
    assert_eq!(fine.state().time.now, GameTime(60));
}

/// A5E-REST-01 by name: `spendHitDie` rolls one Hit Die and adds it (plus the Constitution
/// modifier) to the creature's HP.
#[test]
fn a5e_rest_01_spend_hit_die_by_name() {
    let mut a5e = sheet(CreatureRules::a5e(), 20);
    a5e.creature = a5e.creature.with_level(3).with_hit_dice(DieSize::D8, 3);
    a5e.creature.con_mod = 1;
    let mut e = Engine::new(a5e, DiceSource::supplied([5]));
    run(&mut e, "damage", f64::NAN, r#"{"amount":10}"#);
    let ev = run(&mut e, "spendHitDie", f64::NAN, "null");
    assert_eq!(ev.faces, vec![5]);
    assert_eq!(hp(&e), 16, "10 + 5 + 1");
    assert_eq!(e.state().creature.hit_dice.map(|h| h.spent), Some(1));
}

/// HYB-RES-02 by name: past its resilience a creature checks 1d20 + CON modifier against
/// 10 + the hours beyond; failing exhausts it. Before that there is no check to make.
#[test]
fn hyb_res_02_resilience_check_by_name() {
    let mut hyb = sheet(CreatureRules::hyb(), 10);
    hyb.creature.abilities = Some(AbilityScores::new(10, 10, 12, 10, 10, 10));
    let mut e = Engine::new(hyb, DiceSource::supplied([19, 3]));
    assert_eq!(
        refused(&mut e, "resilienceCheck", f64::NAN, "null"),
        ErrorCode::NotAllowed
    );
    // Resilience is the CON score, 12 hours; 15 hours is 3 beyond: DC 13.
    run(&mut e, "addAdventuringHours", 15.0, "null");
    let ev = run(&mut e, "resilienceCheck", f64::NAN, "null");
    assert_eq!(ev.faces, vec![19]);
    assert!(!e.state().creature.hyb.exhausted, "19 + 1 passes DC 13");
    let ev = run(&mut e, "resilienceCheck", f64::NAN, "null");
    assert_eq!(ev.faces, vec![3]);
    assert!(e.state().creature.hyb.exhausted, "3 + 1 fails DC 13");
    assert!(ev.result.contains("exhausted"), "{}", ev.result);
}

/// HYB-HEAL-03 by name: mundane care ends the injury table's disadvantage and restores no HP.
#[test]
fn hyb_heal_03_mundane_care_by_name() {
    let mut hyb = sheet(CreatureRules::hyb(), 10);
    hyb.creature.hp.current = 4;
    hyb.creature.hyb.disadvantage_until_rest = true;
    let mut e = Engine::new(hyb, DiceSource::supplied([]));
    let ev = run(&mut e, "hybMundaneCare", f64::NAN, "null");
    assert!(!e.state().creature.hyb.disadvantage_until_rest);
    assert_eq!(hp(&e), 4);
    assert!(ev.result.contains("disadvantageEnded"), "{}", ev.result);
}

/// A snapshot text past the JSON size limit is refused as `LIMIT_EXCEEDED` (what it is), not
/// as an invalid snapshot; anything else wrong with one is `SNAPSHOT_INVALID`.
#[test]
fn an_oversized_creature_snapshot_is_a_limit_error() {
    use turnkeeper::creature::sheet::restore;
    let huge = " ".repeat(turnkeeper::wire::MAX_JSON_BYTES + 1);
    assert_eq!(restore(&huge).unwrap_err().code, ErrorCode::LimitExceeded);
    assert_eq!(restore("{").unwrap_err().code, ErrorCode::SnapshotInvalid);
}

/// A check modifier (here a death save's) is accepted up to ±MAX_MODIFIER and refused past it.
#[test]
fn check_modifiers_reach_their_limit() {
    let max = f64::from(turnkeeper::creature::limits::MAX_MODIFIER);
    for sign in [1.0, -1.0] {
        let mut e = engine(CreatureRules::a5e(), 10, &[10]);
        run(&mut e, "damage", f64::NAN, r#"{"amount":10}"#);
        run(&mut e, "deathSave", sign * max, "null");
        assert_eq!(
            refused(&mut e, "deathSave", sign * (max + 1.0), "null"),
            ErrorCode::InvalidArgument
        );
    }
}

/// HYB-HEAL-02 by name: a safe night heals the level in HP, ends the adventuring hours'
/// count and, with food, cures exhaustion (HYB-RES-04).
#[test]
fn hyb_heal_02_nightly_rest_by_name() {
    let mut hyb = sheet(CreatureRules::hyb(), 10);
    hyb.creature = hyb.creature.with_level(3);
    hyb.creature.hp.current = 4;
    hyb.creature.hyb.hours_adventured = 9;
    hyb.creature.hyb.exhausted = true;
    let mut e = Engine::new(hyb, DiceSource::supplied([]));
    run(
        &mut e,
        "hybNightlyRest",
        f64::NAN,
        r#"{"safety":"safe","ateFood":true}"#,
    );
    assert_eq!(hp(&e), 7);
    assert_eq!(e.state().creature.hyb.hours_adventured, 0);
    assert!(!e.state().creature.hyb.exhausted);
}

/// Healing a creature already at its maximum regains nothing and reports nothing regained.
#[test]
fn healing_at_full_hp_reports_nothing_regained() {
    let mut e = engine(CreatureRules::a5e(), 10, &[]);
    let ev = run(&mut e, "heal", 5.0, "null");
    assert_eq!(hp(&e), 10);
    assert!(!ev.result.contains("regainedHp"), "{}", ev.result);
    run(&mut e, "damage", f64::NAN, r#"{"amount":3}"#);
    let ev = run(&mut e, "heal", 5.0, "null");
    assert!(ev.result.contains("regainedHp"), "{}", ev.result);
}
