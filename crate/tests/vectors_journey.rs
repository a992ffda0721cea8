//! Shared determinism vectors for journeys (top-level `tests/vectors/journey_*.json`): a
//! ruleset preset, a seed and a command list, with the expected snapshot. The JS side replays
//! the same files through wasm. Set `TURNKEEPER_BLESS_VECTORS=1` to rewrite `expected` after a
//! deliberate change of behaviour.

#[path = "vectors_support.rs"]
mod vectors;

use serde::{Deserialize, Serialize};
use turnkeeper::dice::SeededDice;
use turnkeeper::exploration::journey::{Journey, JourneyCommand, JourneyConfig};

#[derive(Clone, Serialize, Deserialize)]
struct Expected {
    events: usize,
    snapshot: String,
}

#[derive(Serialize, Deserialize)]
struct Vector {
    description: String,
    /// `"hyb"` or `"ose"`: the preset the JS facade starts from.
    ruleset: String,
    seed: u64,
    commands: Vec<JourneyCommand>,
    expected: Option<Expected>,
}

fn run(v: &Vector) -> Expected {
    let config = match v.ruleset.as_str() {
        "hyb" => JourneyConfig::default(),
        "ose" => JourneyConfig::ose(),
        other => panic!("unknown ruleset {other}"),
    };
    let mut journey = Journey::new(config).unwrap();
    let mut mirror = journey.clone();
    let mut dice = SeededDice::new(v.seed).unwrap();
    let mut events = 0;
    for (i, cmd) in v.commands.iter().enumerate() {
        let ev = journey
            .execute(cmd.clone(), &mut dice)
            .unwrap_or_else(|e| panic!("command #{i} {cmd:?}: {e}"));
        mirror.apply_all(&ev).unwrap();
        events += ev.len();
    }
    let snapshot = journey.to_json().unwrap();
    assert_eq!(mirror.to_json().unwrap(), snapshot, "a replica differs");
    Expected { events, snapshot }
}

fn check(file: &str) {
    let (path, mut v): (String, Vector) = vectors::load(file);
    let got = run(&v);
    let want = v.expected.replace(got.clone());
    if vectors::blessed(&path, &v) {
        return;
    }
    let want = want.expect("vector has no expected result: bless it first");
    assert_eq!(got.events, want.events);
    assert_eq!(got.snapshot, want.snapshot);
    // The expected snapshot itself restores.
    assert_eq!(
        Journey::from_json(&want.snapshot)
            .unwrap()
            .to_json()
            .unwrap(),
        want.snapshot
    );
}

#[test]
fn vectors_journey_hyb_seeded_replay() {
    check("journey_hyb.json");
}

#[test]
fn vectors_journey_ose_seeded_replay() {
    check("journey_ose.json");
}
