//! Shared determinism vectors (top-level `tests/vectors/encounter*.json`): a ruleset, a seed
//! and a command list, with the expected order and snapshot. The JS side replays the same
//! files through wasm. Set `TURNKEEPER_BLESS_VECTORS=1` to rewrite `expected` after a
//! deliberate change of behaviour.

#[path = "vectors_support.rs"]
mod vectors;

use serde::{Deserialize, Serialize};
use turnkeeper::dice::SeededDice;
use turnkeeper::encounter::{Encounter, EncounterCommand};
use turnkeeper::rulesets::RulesetConfig;

#[derive(Clone, Serialize, Deserialize)]
struct Expected {
    round: u32,
    order: Vec<String>,
    current: Option<String>,
    events: usize,
    snapshot: String,
}

#[derive(Serialize, Deserialize)]
struct Vector {
    description: String,
    config: RulesetConfig,
    seed: u64,
    commands: Vec<EncounterCommand>,
    expected: Option<Expected>,
}

fn run(v: &Vector) -> Expected {
    let mut enc = Encounter::new(v.config.clone()).unwrap();
    let mut mirror = enc.clone();
    let mut dice = SeededDice::new(v.seed).unwrap();
    let mut events = 0;
    for (i, cmd) in v.commands.iter().enumerate() {
        let ev = enc
            .execute(cmd.clone(), &mut dice)
            .unwrap_or_else(|e| panic!("command #{i} {cmd:?}: {e}"));
        mirror.apply_all(&ev).unwrap();
        events += ev.len();
    }
    assert_eq!(mirror.to_json(), enc.to_json());
    Expected {
        round: enc.round(),
        order: enc.turn_order().iter().map(|p| p.to_string()).collect(),
        current: enc.current_participant().map(|p| p.to_string()),
        events,
        snapshot: enc.to_json(),
    }
}

fn check(file: &str) {
    let (path, mut v): (String, Vector) = vectors::load(file);
    let got = run(&v);
    let want = v.expected.replace(got.clone());
    if vectors::blessed(&path, &v) {
        return;
    }
    let want = want.expect("vector has no expected result: bless it first");
    assert_eq!(got.order, want.order);
    assert_eq!(got.round, want.round);
    assert_eq!(got.current, want.current);
    assert_eq!(got.events, want.events);
    assert_eq!(got.snapshot, want.snapshot);
    // The expected snapshot itself restores.
    assert_eq!(
        Encounter::from_json(&want.snapshot).unwrap().to_json(),
        want.snapshot
    );
}

#[test]
fn vectors_encounter_gh_seeded_replay() {
    check("encounter_gh.json");
}

#[test]
fn vectors_encounter_ose_seeded_replay() {
    check("encounter_ose.json");
}

#[test]
fn vectors_encounter_a5e_seeded_replay() {
    check("encounter_a5e.json");
}

#[test]
fn vectors_encounter_hyb_seeded_replay() {
    check("encounter_hyb.json");
}

/// Every vector file in the folder is checked by a test above (the JS side reads them all).
#[test]
fn vectors_encounter_every_file_has_a_test() {
    let dir = format!("{}/../tests/vectors", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("encounter_") && n.ends_with(".json"))
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "encounter_a5e.json",
            "encounter_gh.json",
            "encounter_hyb.json",
            "encounter_ose.json"
        ]
    );
}
