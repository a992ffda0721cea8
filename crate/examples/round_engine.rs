//! Native timing of what `scripts/bench/encounter.mjs` measures through the package: a
//! 500-combatant Greyhawk round on the engine (commands read and events written through the
//! wire codec, as the wasm handle does) and a follower applying a recorded stream a command at
//! a time. For quick iteration only: the figures that count are the Node bench's.
//! Run: `cargo run --release --example round_engine`.
use std::time::Instant;

use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent};
use turnkeeper::engine::{Engine, Model};
use turnkeeper::error::ErrorCode;
use turnkeeper::rulesets::{Preset, RulesetConfig};
use turnkeeper::wire;

const ACTS: [&str; 5] = [
    r#"["move","melee"]"#,
    r#"["ranged"]"#,
    r#"["spell"]"#,
    r#"["move","other"]"#,
    r#"["melee"]"#,
];

fn cmd(json: &str) -> EncounterCommand {
    wire::from_json(json, "command", ErrorCode::InvalidArgument).expect("command")
}

fn greyhawk(n: usize, seed: u64) -> Engine<Encounter> {
    let enc = Encounter::new(RulesetConfig::preset(Preset::Gh5e)).expect("new");
    let mut engine = Engine::new(enc, DiceSource::seeded(seed).expect("seed"));
    for i in 0..n {
        let side = if i % 2 == 1 { "foes" } else { "party" };
        let c = format!(
            r#"{{"type":"addParticipant","participant":{{"id":"c{i}","name":"Combatant {i}","side":"{side}","dex":{}}}}}"#,
            8 + i % 11
        );
        engine.execute(cmd(&c)).expect("add");
    }
    engine.execute(cmd(r#"{"type":"start"}"#)).expect("start");
    engine
}

/// One `declareMany` for the first `n` combatants, in the keyed form the package sends
/// (`{"c0": ["move", "melee"], …}`: what `Encounter.declareMany` and `executeJson` pass on).
fn declare_many(n: usize) -> String {
    let decls: Vec<String> = (0..n)
        .map(|i| format!(r#""c{i}":{}"#, ACTS[i % 5]))
        .collect();
    format!(
        r#"{{"type":"declareMany","declarations":{{{}}}}}"#,
        decls.join(",")
    )
}

/// Run a command as `executeJson` does: read with the ids the encounter lends, events
/// written, the text kept for undo.
fn run(engine: &mut Engine<Encounter>, command: &str) -> usize {
    let command = engine.state().reading(|| cmd(command));
    let events = engine.execute(command).expect("command");
    let json = wire::to_json(events);
    let len = json.len();
    engine.keep_as_text(json);
    len
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    let only = std::env::args().nth(1).unwrap_or_default();
    if only != "apply" {
        round();
    }
    if only != "round" {
        apply();
    }
}

fn round() {
    let mut engine = greyhawk(500, 1);
    let declare = declare_many(500);
    let n = 400;
    let mut steps: Vec<Vec<f64>> = vec![Vec::new(); 4];
    for _ in 0..n {
        let a = Instant::now();
        let d = run(&mut engine, &declare);
        let b = Instant::now();
        let r = run(&mut engine, r#"{"type":"rollInitiative"}"#);
        let c = Instant::now();
        let o = wire::to_json(&engine.state().order()).len();
        let e = Instant::now();
        run(&mut engine, r#"{"type":"nextRound"}"#);
        let f = Instant::now();
        std::hint::black_box((d, r, o));
        for (k, (x, y)) in [(a, b), (b, c), (c, e), (e, f)].iter().enumerate() {
            if let Some(v) = steps.get_mut(k) {
                v.push((*y - *x).as_secs_f64());
            }
        }
    }
    let mut round = 0.0;
    for (k, name) in ["declare", "roll", "order", "next round"]
        .iter()
        .enumerate()
    {
        let m = median(steps.get(k).cloned().unwrap_or_default());
        if k < 3 {
            round += m;
        }
        println!("{name:12} {:8.1} µs", m * 1e6);
    }
    println!("{:12} {:8.1} µs", "round", round * 1e6);
}

fn apply() {
    // A follower applying a recorded stream, a command's events at a time.
    let mut host = greyhawk(30, 2);
    let start = host.to_json();
    let mut stream: Vec<String> = Vec::new();
    let declare30 = declare_many(30);
    for _ in 0..40 {
        stream.push(wire::to_json(host.execute(cmd(&declare30)).expect("d")));
        stream.push(wire::to_json(
            host.execute(cmd(r#"{"type":"rollInitiative"}"#))
                .expect("r"),
        ));
        while host.state().current_participant().is_some() {
            stream.push(wire::to_json(
                host.execute(cmd(r#"{"type":"endTurn"}"#)).expect("e"),
            ));
        }
    }
    let count: usize = stream
        .iter()
        .map(|s| {
            wire::from_json::<Vec<EncounterEvent>>(s, "events", ErrorCode::InvalidArgument)
                .map(|v| v.len())
                .unwrap_or(0)
        })
        .sum();
    let mut per_event = Vec::new();
    for _ in 0..60 {
        let mut follower = Engine::<Encounter>::from_json(&start).expect("load");
        let a = Instant::now();
        for s in &stream {
            let events: Vec<EncounterEvent> = follower
                .state()
                .reading(|| wire::from_json(s, "events", ErrorCode::InvalidArgument))
                .expect("events");
            follower.apply_events(&events).expect("apply");
        }
        per_event.push(a.elapsed().as_secs_f64() / count as f64);
    }
    println!(
        "apply one event {:6.2} µs ({count} events in {} commands)",
        median(per_event) * 1e6,
        stream.len()
    );
}
