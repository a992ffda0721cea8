//! The real inputs the structured targets start from, built once per process:
//!
//! - the shared vectors (`tests/vectors/`): encounters in every ruleset and journeys, replayed
//!   from their seeds;
//! - `fuzz/templates/*.jsonl`: what the JS tests sent through the glue (recorded once with
//!   `scripts/fuzz-record.mjs`): each handle's first snapshot and the commands, creature
//!   operations and procedure calls made on it.
//!
//! Replaying them gives, per engine, a pool of commands, the engine's states along the way, their
//! snapshots, and the batch each successful command produced.

use std::sync::OnceLock;

use serde_json::Value;
use turnkeeper::creature::sheet::CreatureSheet;
use turnkeeper::dice::{DiceSource, SeededDice};
use turnkeeper::encounter::Encounter;
use turnkeeper::engine::{Batch, Engine, Model};
use turnkeeper::exploration::journey::{Journey, JourneyConfig};
use turnkeeper::rulesets::RulesetConfig;
use turnkeeper::wire::{FromWire, ToWire};

use crate::json::Donors;

/// An engine the targets can drive with JSON commands and events.
pub trait Fuzzable: Model + 'static
where
    Self::Command: FromWire,
    Self::Event: FromWire + ToWire,
{
    /// The runs to replay: a starting engine and the commands sent to it.
    fn runs() -> Vec<(Engine<Self>, Vec<Value>)>;
    fn templates() -> &'static Templates<Self>;
}

/// What replaying the runs gave.
pub struct Templates<M: Model> {
    /// Every command of every run (refused ones too).
    pub commands: Vec<Value>,
    /// Every state along the runs, the first of each run included.
    pub engines: Vec<Engine<M>>,
    /// Their snapshots.
    pub snapshots: Vec<Value>,
    /// Each successful command's batch (`{seq, digest, dice, events}`), with the index in
    /// `engines` of the state it applies to.
    pub batches: Vec<(usize, Value)>,
    /// Strings, keys and subtrees of all the above.
    pub donors: Donors,
}

/// The command text `v` read as the glue reads it.
pub fn read<T: FromWire>(v: &Value) -> Option<T> {
    turnkeeper::wire::read_all(&v.to_string()).ok()
}

fn build<M: Fuzzable>() -> Templates<M>
where
    M::Command: FromWire,
    M::Event: FromWire + ToWire,
{
    let mut t = Templates {
        commands: Vec::new(),
        engines: Vec::new(),
        snapshots: Vec::new(),
        batches: Vec::new(),
        donors: Donors::default(),
    };
    for (mut engine, commands) in M::runs() {
        t.engines.push(engine.clone());
        for c in commands {
            t.commands.push(c.clone());
            let Some(command) = read::<M::Command>(&c) else {
                continue;
            };
            let before = t.engines.len() - 1;
            let mut dice = SeededDice::new(t.commands.len() as u64).expect("seed");
            let result = if engine.dice().seed_state().is_some() {
                engine.execute(command).map(<[_]>::to_vec)
            } else {
                engine.execute_with(command, &mut dice).map(<[_]>::to_vec)
            };
            if let Ok(events) = result {
                let sealed = engine.seal(());
                let events = turnkeeper::wire::to_json(&events);
                let batch = Batch::<()>::wrap(sealed.seq, sealed.digest, sealed.dice, &events);
                t.batches
                    .push((before, serde_json::from_str(&batch).expect("batch json")));
                t.engines.push(engine.clone());
            }
        }
    }
    t.snapshots = t
        .engines
        .iter()
        .map(|e| serde_json::from_str(&e.to_json()).expect("snapshot json"))
        .collect();
    let batches: Vec<&Value> = t.batches.iter().map(|(_, b)| b).collect();
    t.donors = Donors::from_docs(
        t.commands
            .iter()
            .chain(t.snapshots.iter())
            .chain(batches.into_iter()),
    );
    t
}

/// The recorded JS calls of one kind: (first snapshot, commands) per handle.
fn recorded(text: &str) -> Vec<(String, Vec<Value>)> {
    let mut runs: Vec<(u64, String, Vec<Value>)> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("template line");
        let h = v["h"].as_u64().unwrap_or(0);
        if let Some(init) = v["init"].as_str() {
            runs.push((h, init.to_string(), Vec::new()));
        } else if let Some(run) = runs.iter_mut().rev().find(|r| r.0 == h) {
            run.2.push(v["cmd"].clone());
        }
    }
    runs.into_iter().map(|(_, s, c)| (s, c)).collect()
}

fn recorded_engines<M: Model>(text: &str) -> Vec<(Engine<M>, Vec<Value>)> {
    recorded(text)
        .into_iter()
        .filter_map(|(s, c)| Engine::<M>::from_json(&s).ok().map(|e| (e, c)))
        .collect()
}

fn vector(text: &str) -> (Value, u64, Vec<Value>) {
    let v: Value = serde_json::from_str(text).expect("vector");
    let seed = v["seed"].as_u64().expect("seed");
    let commands = v["commands"].as_array().cloned().unwrap_or_default();
    (v, seed, commands)
}

impl Fuzzable for Encounter {
    fn runs() -> Vec<(Engine<Self>, Vec<Value>)> {
        let mut runs = Vec::new();
        for text in [
            include_str!("../../tests/vectors/encounter_gh.json"),
            include_str!("../../tests/vectors/encounter_a5e.json"),
            include_str!("../../tests/vectors/encounter_hyb.json"),
            include_str!("../../tests/vectors/encounter_ose.json"),
        ] {
            let (v, seed, commands) = vector(text);
            let config: RulesetConfig = read(&v["config"]).expect("config");
            let engine = Engine::new(
                Encounter::new(config).expect("encounter"),
                DiceSource::seeded(seed).expect("seed"),
            );
            runs.push((engine, commands));
        }
        runs.extend(recorded_engines(include_str!(
            "../templates/encounter.jsonl"
        )));
        runs
    }

    fn templates() -> &'static Templates<Self> {
        static T: OnceLock<Templates<Encounter>> = OnceLock::new();
        T.get_or_init(build::<Encounter>)
    }
}

impl Fuzzable for Journey {
    fn runs() -> Vec<(Engine<Self>, Vec<Value>)> {
        let mut runs = Vec::new();
        for text in [
            include_str!("../../tests/vectors/journey_hyb.json"),
            include_str!("../../tests/vectors/journey_ose.json"),
        ] {
            let (v, seed, commands) = vector(text);
            let config = match v["ruleset"].as_str() {
                Some("hyb") => JourneyConfig::default(),
                _ => JourneyConfig::ose(),
            };
            let engine = Engine::new(
                Journey::new(config).expect("journey"),
                DiceSource::seeded(seed).expect("seed"),
            );
            runs.push((engine, commands));
        }
        runs.extend(recorded_engines(include_str!("../templates/journey.jsonl")));
        runs
    }

    fn templates() -> &'static Templates<Self> {
        static T: OnceLock<Templates<Journey>> = OnceLock::new();
        T.get_or_init(build::<Journey>)
    }
}

impl Fuzzable for CreatureSheet {
    fn runs() -> Vec<(Engine<Self>, Vec<Value>)> {
        recorded_engines(include_str!("../templates/creature.jsonl"))
    }

    fn templates() -> &'static Templates<Self> {
        static T: OnceLock<Templates<CreatureSheet>> = OnceLock::new();
        T.get_or_init(build::<CreatureSheet>)
    }
}

/// Recorded procedure calls: (name, input).
pub fn procedures() -> &'static (Vec<(String, Value)>, Donors) {
    static P: OnceLock<(Vec<(String, Value)>, Donors)> = OnceLock::new();
    P.get_or_init(|| {
        let calls: Vec<(String, Value)> = include_str!("../templates/procedure.jsonl")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .filter_map(|l| {
                let v: Value = serde_json::from_str(l).ok()?;
                Some((v["proc"].as_str()?.to_string(), v["input"].clone()))
            })
            .collect();
        let donors = Donors::from_docs(calls.iter().map(|(_, v)| v));
        (calls, donors)
    })
}
