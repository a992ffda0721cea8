//! Issue 37: every event-sourced object refuses an oversized saved snapshot before reading
//! any of it, through the engine (the glue once checked this for journeys only). The limit is
//! the object's own snapshot limit plus the engine's envelope; a snapshot at the limit is
//! still read (and refused or accepted on its content, not its length).

use turnkeeper::ErrorCode;
use turnkeeper::creature::sheet::CreatureSheet;
use turnkeeper::creature::{Creature, CreatureKind, CreatureRules, Moment};
use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::Encounter;
use turnkeeper::engine::{ENVELOPE_BYTES, Engine, Model};
use turnkeeper::exploration::journey::{Journey, JourneyConfig};
use turnkeeper::rulesets::{Preset, RulesetConfig};

/// A real snapshot padded with trailing spaces (valid JSON) to `len` bytes.
fn padded(snapshot: &str, len: usize) -> String {
    let mut text = snapshot.to_string();
    text.push_str(&" ".repeat(len - snapshot.len()));
    text
}

fn check_limit<M: Model + std::fmt::Debug>(engine: &Engine<M>, object_limit: usize) {
    let snapshot = engine.to_json();
    let limit = object_limit + ENVELOPE_BYTES;
    assert_eq!(M::MAX_SNAPSHOT_BYTES, object_limit, "{}", M::NAME);
    // At the limit the text is read: trailing spaces are allowed, so it loads.
    let at = Engine::<M>::from_json(&padded(&snapshot, limit)).unwrap();
    assert_eq!(at.to_json(), snapshot, "{}", M::NAME);
    // One byte over, it is refused before it is read, naming the object and the limit.
    let err = Engine::<M>::from_json(&padded(&snapshot, limit + 1)).unwrap_err();
    assert_eq!(err.code, ErrorCode::SnapshotInvalid, "{}", M::NAME);
    assert_eq!(
        err.message,
        format!("a saved {} is at most {limit} bytes", M::NAME)
    );
}

#[test]
fn an_oversized_encounter_is_refused_before_it_is_read() {
    let enc = Encounter::new(RulesetConfig::preset(Preset::Gh5e)).unwrap();
    let engine = Engine::new(enc, DiceSource::seeded(7).unwrap());
    check_limit(&engine, turnkeeper::encounter::limits::MAX_SNAPSHOT_BYTES);
}

#[test]
fn an_oversized_journey_is_refused_before_it_is_read() {
    let journey = Journey::new(JourneyConfig::ose()).unwrap();
    let engine = Engine::new(journey, DiceSource::seeded(7).unwrap());
    check_limit(
        &engine,
        turnkeeper::exploration::journey::snapshot::MAX_SNAPSHOT_BYTES,
    );
}

#[test]
fn an_oversized_creature_is_refused_before_it_is_read() {
    let sheet = CreatureSheet {
        creature: Creature::new(CreatureKind::Pc, 12).unwrap(),
        rules: CreatureRules::a5e(),
        time: Moment::default(),
    };
    let engine = Engine::new(sheet, DiceSource::crypto());
    check_limit(&engine, turnkeeper::wire::MAX_JSON_BYTES - ENVELOPE_BYTES);
}
