//! Issue 37: a creature sheet's operations are one typed command (`CreatureCommand`), the JSON
//! the package sends and the record each event keeps. Events recorded before (`op` with a name,
//! a number and two JSON texts) still load and replay to the same state.

use turnkeeper::ErrorCode;
use turnkeeper::creature::command::CreatureCommand;
use turnkeeper::creature::sheet::{CreatureEvent, CreatureSheet};
use turnkeeper::creature::{Creature, CreatureKind, CreatureRules, GameTime, Moment, OseRestDay};
use turnkeeper::dice::DiceSource;
use turnkeeper::engine::Engine;
use turnkeeper::wire::{from_json, to_json};

fn engine(rules: CreatureRules, hp: u32, faces: &[u32]) -> Engine<CreatureSheet> {
    let sheet = CreatureSheet {
        creature: Creature::new(CreatureKind::Pc, hp).unwrap(),
        rules,
        time: Moment::default(),
    };
    Engine::new(sheet, DiceSource::supplied(faces.iter().copied()))
}

fn command(json: &str) -> turnkeeper::Result<CreatureCommand> {
    from_json(json, "command", ErrorCode::InvalidArgument)
}

fn run(e: &mut Engine<CreatureSheet>, json: &str) -> CreatureEvent {
    let events = e.execute(command(json).unwrap()).unwrap();
    assert_eq!(events.len(), 1);
    events[0].clone()
}

#[test]
fn commands_are_typed_json() {
    let mut e = engine(CreatureRules::a5e(), 20, &[3, 5]);
    run(
        &mut e,
        r#"{"type":"damage","damage":{"amount":7,"type":"slashing"}}"#,
    );
    assert_eq!(e.state().creature.hp.current, 13);
    run(&mut e, r#"{"type":"heal","amount":4}"#);
    assert_eq!(e.state().creature.hp.current, 17);
    let ev = run(
        &mut e,
        r#"{"type":"healDice","dice":{"count":2,"size":"d6","modifier":-6}}"#,
    );
    assert_eq!(ev.faces, vec![3, 5]);
    assert_eq!(e.state().creature.hp.current, 19);
    run(&mut e, r#"{"type":"setTime","now":600,"inEncounter":true}"#);
    assert_eq!(e.state().time, Moment::in_encounter(GameTime(600)));
    run(&mut e, r#"{"type":"endEncounter"}"#);
    assert_eq!(e.state().time, Moment::outside_encounter(GameTime(600)));
    assert_eq!(
        command(r#"{"type":"oseNaturalHealing","days":["complete","interrupted"]}"#).unwrap(),
        CreatureCommand::OseNaturalHealing {
            days: Some(vec![OseRestDay::Complete, OseRestDay::Interrupted]),
            complete_days: None
        }
    );
}

#[test]
fn a_malformed_command_is_refused_with_its_field_named_and_changes_nothing() {
    let e = command(r#"{"type":"heal"}"#).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    assert!(e.message.contains("amount"), "{}", e.message);
    let e = command(r#"{"type":"heal","amount":2.5}"#).unwrap_err();
    assert!(e.message.contains("amount"), "{}", e.message);
    let e = command(r#"{"type":"setTime","now":-1}"#).unwrap_err();
    assert!(e.message.contains("now"), "{}", e.message);
    let e = command(r#"{"type":"nonsense"}"#).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    assert!(e.message.contains("nonsense"), "{}", e.message);

    let mut sheet = engine(CreatureRules::ose(), 20, &[]);
    let before = sheet.state().clone();
    let both =
        command(r#"{"type":"oseNaturalHealing","days":["complete"],"completeDays":2}"#).unwrap();
    let err = sheet.execute(both).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(sheet.state(), &before);
    let neither = command(r#"{"type":"oseNaturalHealing"}"#).unwrap();
    assert_eq!(
        sheet.execute(neither).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    assert_eq!(sheet.state(), &before);
}

#[test]
fn events_record_the_command_and_read_back_equal() {
    let mut e = engine(CreatureRules::ose(), 20, &[2, 3]);
    run(&mut e, r#"{"type":"damage","damage":{"amount":15}}"#);
    let ev = run(&mut e, r#"{"type":"oseNaturalHealing","completeDays":2}"#);
    let text = to_json(&ev);
    assert!(text.starts_with(r#"{"command":{"type":"oseNaturalHealing","completeDays":2},"faces":[2,3],"source":"supplied","#), "{text}");
    assert!(!text.contains(r#""op""#), "{text}");
    let back: CreatureEvent = from_json(&text, "event", ErrorCode::SnapshotInvalid).unwrap();
    assert_eq!(back, ev);
}

/// Events as builds before typed commands wrote them (the operation's name, its number, and its
/// two arguments as JSON text) load as the command they meant and replay to the same state.
#[test]
fn events_recorded_as_named_operations_still_load() {
    let legacy = [
        r#"{"op":{"op":"damage","a":"{\"amount\":12}","b":"null"},"source":"supplied","result":"{}"}"#,
        r#"{"op":{"op":"oseNaturalHealing","n":2,"a":"null","b":"null"},"faces":[3,2],"source":"supplied","result":"{}"}"#,
        r#"{"op":{"op":"setTime","n":3600,"a":"true","b":"null"},"source":"supplied","result":"null"}"#,
        r#"{"op":{"op":"endEncounter","a":"null","b":"null"},"source":"supplied","result":"{}"}"#,
    ];
    let events: Vec<CreatureEvent> = legacy
        .iter()
        .map(|t| from_json(t, "event", ErrorCode::SnapshotInvalid).unwrap())
        .collect();
    assert_eq!(
        events[1].command,
        CreatureCommand::OseNaturalHealing {
            days: None,
            complete_days: Some(2)
        }
    );
    assert_eq!(
        events[3].command,
        CreatureCommand::EndEncounter { now: None },
        "no number: the sheet's own time"
    );
    let mut follower = engine(CreatureRules::ose(), 20, &[]);
    follower.apply_events(&events).unwrap();

    let mut leader = engine(CreatureRules::ose(), 20, &[3, 2]);
    run(&mut leader, r#"{"type":"damage","damage":{"amount":12}}"#);
    run(
        &mut leader,
        r#"{"type":"oseNaturalHealing","completeDays":2}"#,
    );
    run(
        &mut leader,
        r#"{"type":"setTime","now":3600,"inEncounter":true}"#,
    );
    run(&mut leader, r#"{"type":"endEncounter"}"#);
    assert_eq!(follower.state(), leader.state());
    assert_eq!(follower.digest(), leader.digest());
    assert_eq!(
        follower.state().time,
        Moment::outside_encounter(GameTime(3600))
    );
    assert_eq!(follower.state().creature.hp.current, 13);
}

#[test]
fn an_event_needs_exactly_one_of_command_and_op() {
    let read = |t: &str| from_json::<CreatureEvent>(t, "event", ErrorCode::SnapshotInvalid);
    let both = r#"{"command":{"type":"kill"},"op":{"op":"kill","a":"null","b":"null"},"source":"crypto","result":"{}"}"#;
    assert_eq!(read(both).unwrap_err().code, ErrorCode::SnapshotInvalid);
    let neither = r#"{"source":"crypto","result":"{}"}"#;
    assert_eq!(read(neither).unwrap_err().code, ErrorCode::SnapshotInvalid);
    // A recorded operation whose arguments do not read is refused as the event it is.
    let bad =
        r#"{"op":{"op":"heal","n":2.5,"a":"null","b":"null"},"source":"crypto","result":"{}"}"#;
    let e = read(bad).unwrap_err();
    assert_eq!(e.code, ErrorCode::SnapshotInvalid);
    assert!(e.message.contains("not a whole number"), "{}", e.message);
    let unknown =
        r#"{"op":{"op":"teleport","a":"null","b":"null"},"source":"crypto","result":"{}"}"#;
    assert!(read(unknown).unwrap_err().message.contains("teleport"));
}
