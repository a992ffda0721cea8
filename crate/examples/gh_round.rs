//! Native profile of a 500-combatant Greyhawk round, step by step (JSON in and out, as the
//! wasm handle does). Run: `cargo run --release --example gh_round`.
use std::time::Instant;
use turnkeeper::dice::SeededDice;
use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent};
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn cmd(json: &str) -> EncounterCommand {
    serde_json::from_str(json).expect("command")
}

fn main() {
    let acts = [
        r#"["move","melee"]"#,
        r#"["ranged"]"#,
        r#"["spell"]"#,
        r#"["move","other"]"#,
        r#"["melee"]"#,
    ];
    let mut enc = Encounter::new(RulesetConfig::preset(Preset::Gh5e)).expect("new");
    let mut dice = SeededDice::new(1).expect("seed");
    for i in 0..500 {
        let side = if i % 2 == 1 { "foes" } else { "party" };
        let c = format!(
            r#"{{"type":"addParticipant","participant":{{"id":"c{i}","name":"Combatant {i}","side":"{side}","dex":{}}}}}"#,
            8 + i % 11
        );
        enc.execute(cmd(&c), &mut dice).expect("add");
    }
    enc.execute(cmd(r#"{"type":"start"}"#), &mut dice)
        .expect("start");
    let decls: Vec<String> = (0..500)
        .map(|i| {
            format!(
                r#"{{"participant":"c{i}","declaration":{{"system":"greyhawk","activities":{}}}}}"#,
                acts[i % 5]
            )
        })
        .collect();
    let declare = format!(
        r#"{{"type":"declareMany","declarations":[{}]}}"#,
        decls.join(",")
    );
    let list = format!("[{}]", decls.join(","));
    let n = 300;
    let mut list_parse = Vec::new();
    for _ in 0..n {
        let a = Instant::now();
        let v: Vec<turnkeeper::encounter::ParticipantDeclaration> =
            serde_json::from_str(&list).expect("list");
        list_parse.push(a.elapsed().as_secs_f64());
        std::hint::black_box(v);
    }
    list_parse.sort_by(f64::total_cmp);
    println!(
        "parse list only  {:7.1} µs",
        list_parse.get(n / 2).copied().unwrap_or(0.0) * 1e6
    );
    let mut t: Vec<Vec<f64>> = vec![Vec::new(); 8];
    for _ in 0..n {
        let a = Instant::now();
        let c = cmd(&declare);
        let b = Instant::now();
        let ev = enc.execute(c, &mut dice).expect("declare");
        let c2 = Instant::now();
        let s = serde_json::to_string(&ev).expect("ser");
        let d = Instant::now();
        let ev2 = enc
            .execute(cmd(r#"{"type":"rollInitiative"}"#), &mut dice)
            .expect("roll");
        let e = Instant::now();
        let s2 = serde_json::to_string(&ev2).expect("ser");
        let f = Instant::now();
        let o = enc.order();
        let g = Instant::now();
        enc.execute(cmd(r#"{"type":"nextRound"}"#), &mut dice)
            .expect("next");
        let h = Instant::now();
        let _clone = enc.clone();
        let i = Instant::now();
        let _: Vec<EncounterEvent> = serde_json::from_str(&s2).expect("de");
        let j = Instant::now();
        std::hint::black_box((s.len(), s2.len(), o.len()));
        for (k, (x, y)) in [
            (a, b),
            (b, c2),
            (c2, d),
            (d, e),
            (e, f),
            (f, g),
            (g, h),
            (h, i),
        ]
        .iter()
        .enumerate()
        {
            if let Some(v) = t.get_mut(k) {
                v.push((*y - *x).as_secs_f64());
            }
        }
        let _ = j;
    }
    for (k, name) in [
        "parse declare",
        "exec declare",
        "ser declare ev",
        "exec roll",
        "ser roll ev",
        "order",
        "exec next",
        "clone",
    ]
    .iter()
    .enumerate()
    {
        let mut v = t.get(k).cloned().unwrap_or_default();
        v.sort_by(f64::total_cmp);
        let median = v.get(v.len() / 2).copied().unwrap_or(0.0);
        println!("{name:16} {:7.1} µs (median of {n})", median * 1e6);
    }
}
