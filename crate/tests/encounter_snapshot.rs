//! Snapshots: exact round trips, the size budget, and refusal of malformed or tampered input.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::encounter::{Encounter, EncounterCommand, GroupId, SNAPSHOT_VERSION};
use turnkeeper::initiative::Activity::{Melee, Move, Ranged, Spell};
use turnkeeper::rulesets::{Preset, RulesetConfig};

/// A Greyhawk round under way with 30 participants (a party of 6, 24 foes in 4 groups).
fn thirty() -> Table {
    let mut t = Table::preset(Preset::Gh5e);
    for i in 0..30 {
        let id = format!("p{i}");
        let (side_name, group) = if i < 6 {
            ("party", None)
        } else {
            ("foes", Some(format!("g{}", i % 4)))
        };
        let mut p = newp(&id, side_name, 8 + (i % 10) as u8);
        p.group = group.map(|g| GroupId::new(g).unwrap());
        p.npc = i >= 6;
        t.add(p);
    }
    t.run(start(), &[]);
    for i in 0..30 {
        let d = match i % 3 {
            0 => gh(&[Move, Melee]),
            1 => gh(&[Ranged]),
            _ => gh(&[Spell]),
        };
        t.declare(&format!("p{i}"), d);
    }
    let mut dice = turnkeeper::dice::SeededDice::new(7).unwrap();
    t.run_with(
        EncounterCommand::RollInitiative { no_actions: false },
        &mut dice,
    )
    .unwrap();
    for _ in 0..10 {
        t.end_turn();
    }
    t
}

#[test]
fn snapshot_round_trip_is_exact_and_versioned() {
    let t = thirty();
    let json = t.enc.to_json();
    assert!(json.starts_with(&format!("{{\"v\":{SNAPSHOT_VERSION},")));
    let back = Encounter::from_json(&json).unwrap();
    assert_eq!(back, t.enc);
    assert_eq!(back.to_json(), json);
    // serde goes through the same format and checks.
    assert_eq!(serde_json::to_string(&t.enc).unwrap(), json);
    let via_serde: Encounter = serde_json::from_str(&json).unwrap();
    assert_eq!(via_serde, t.enc);
}

#[test]
fn snapshot_of_thirty_participants_fits_the_budget() {
    let t = thirty();
    let size = t.enc.to_json().len();
    println!("30-participant Greyhawk snapshot mid-round: {size} bytes");
    // The docs/design.md budget is 8 KB with 5 effects per participant; the encounter keeps to
    // half of it so the effects engine has ≥ 4 KB (about 27 bytes per effect) left.
    assert!(size <= 4096, "snapshot is {size} bytes");
}

fn refused(json: &str) -> String {
    let Err(err) = Encounter::from_json(json) else {
        panic!("should be refused: {json}");
    };
    assert_eq!(err.code, ErrorCode::SnapshotInvalid, "{err}");
    err.message
}

#[test]
fn truncated_wrong_version_and_garbage_snapshots_are_refused() {
    let t = thirty();
    let json = t.enc.to_json();
    for cut in [0, 1, 10, json.len() / 2, json.len() - 1] {
        refused(&json[..cut]);
    }
    let msg = refused(&json.replacen("\"v\":1", "\"v\":2", 1));
    assert!(msg.contains("version 2"), "{msg}");
    let msg = refused(&json.replacen("\"v\":1,", "", 1));
    assert!(msg.contains("version"), "{msg}");
    refused("[]");
    refused("null");
    refused("{\"v\":1}");
    refused("{\"v\":\"1\"}");
    refused(&json.replacen("\"ph\":\"turns\"", "\"ph\":\"dancing\"", 1));
    refused(&json.replacen(
        "{\"preset\":\"gh5e\",",
        "{\"preset\":\"gh5e\",\"roundLength\":60,",
        1,
    ));
    refused(&json.replacen("\"c\":", "\"zz\":1,\"c\":", 1));
}

#[test]
fn duplicate_ids_and_dangling_references_are_refused() {
    let t = thirty();
    let json = t.enc.to_json();
    let msg = refused(&json.replacen("\"i\":\"p1\"", "\"i\":\"p0\"", 1));
    assert!(msg.contains("twice"), "{msg}");
    refused(&json.replacen("\"i\":\"p1\"", "\"i\":\"\"", 1));
    // The order naming someone who does not exist.
    let order_start = json.find("\"o\":[\"").unwrap() + 6;
    let mut bad = json.clone();
    bad.insert_str(order_start, "nobody\",\"");
    refused(&bad);
}

fn edited(json: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn out_of_range_indices_and_counts_are_refused() {
    let t = thirty();
    let json = t.enc.to_json();
    assert!(Encounter::from_json(&edited(&json, |_| {})).is_ok());
    let msg = refused(&edited(&json, |v| v["d"] = 99.into()));
    assert!(msg.contains("index"), "{msg}");
    refused(&edited(&json, |v| v["d"] = (-1).into()));
    refused(&edited(&json, |v| v["a"] = false.into()));
    refused(&edited(&json, |v| v["r"] = 0.into()));
    refused(&edited(&json, |v| v["n"] = 0.into()));
    refused(&edited(&json, |v| v["p"][0]["d"] = 200.into()));
    refused(&edited(&json, |v| v["p"][0]["t"] = 9_999_999.into()));
    refused(&edited(&json, |v| v["p"][0]["u"] = 255.into()));
    refused(&edited(&json, |v| v["p"][0]["o"] = "p0".into()));
    refused(&edited(&json, |v| {
        v["p"][1]["b"] = serde_json::Value::from(vec![1u32; 17])
    }));
    // A declaration shape beyond the rules: movement twice.
    refused(&edited(&json, |v| {
        v["p"][0]["dc"] = serde_json::json!({"y":"g","a":["move","move"]})
    }));
    // An OSE declaration under Greyhawk.
    refused(&edited(&json, |v| {
        v["p"][0]["dc"] = serde_json::json!({"y":"o","sp":true})
    }));
    // Someone delaying while also in the order.
    refused(&edited(&json, |v| v["p"][0]["ts"] = "delayed".into()));
}

/// A tiny deterministic generator (no dev-dependencies).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn random_garbage_and_mutations_never_panic_or_yield_inconsistent_state() {
    let mut rng = Lcg(99);
    for _ in 0..300 {
        let len = (rng.next() % 200) as usize;
        let s: String = (0..len)
            .map(|_| char::from(32 + (rng.next() % 95) as u8))
            .collect();
        assert!(Encounter::from_json(&s).is_err());
    }
    let base = thirty().enc.to_json();
    let alphabet = b"0123456789{}[]\":,tfnaeirv-";
    let mut accepted = 0;
    for _ in 0..1500 {
        let mut bytes = base.clone().into_bytes();
        for _ in 0..(1 + rng.next() % 3) {
            let at = (rng.next() as usize) % bytes.len();
            bytes[at] = alphabet[(rng.next() as usize) % alphabet.len()];
        }
        let Ok(s) = String::from_utf8(bytes) else {
            continue;
        };
        match Encounter::from_json(&s) {
            Ok(e) => {
                // Whatever is accepted is self-consistent: it re-serializes and restores.
                accepted += 1;
                let again = Encounter::from_json(&e.to_json()).unwrap();
                assert_eq!(again, e);
                let _ = e.order();
                let _ = e.current();
            }
            Err(err) => assert_eq!(err.code, ErrorCode::SnapshotInvalid),
        }
    }
    assert!(accepted < 1500);
}

#[test]
fn presets_and_overrides_survive_the_snapshot() {
    let mut cfg = RulesetConfig::preset(Preset::A5e)
        .with_initiative(turnkeeper::initiative::InitiativeSystem::Greyhawk);
    cfg.greyhawk.weapon_speed = true;
    let mut t = Table::new(cfg.clone());
    t.add(newp("a", "x", 10));
    let back = Encounter::from_json(&t.enc.to_json()).unwrap();
    assert_eq!(back.config(), &cfg);
    assert_eq!(
        back.system(),
        turnkeeper::initiative::InitiativeSystem::Greyhawk
    );
}

/// Each system's options block is written only when it differs from its defaults, and a
/// changed block (each in turn, and all together) survives the snapshot exactly.
#[test]
fn every_options_block_survives_the_snapshot_and_defaults_are_left_out() {
    use turnkeeper::initiative::TieRule;
    let plain = RulesetConfig::preset(Preset::Gh5e);
    let text = Table::new(plain.clone()).enc.to_json();
    for key in [
        "\"greyhawk\"",
        "\"a5e\"",
        "\"hyb\"",
        "\"ose\"",
        "\"standard\"",
    ] {
        assert!(
            !text.contains(key),
            "a default {key} block is written: {text}"
        );
    }
    type Change<'a> = (&'a str, &'a dyn Fn(&mut RulesetConfig));
    let changes: [Change; 5] = [
        ("greyhawk", &|c| c.greyhawk.spell_disruption = true),
        ("a5e", &|c| c.a5e.rolling_movement = !c.a5e.rolling_movement),
        ("hyb", &|c| c.hyb.trade_down = !c.hyb.trade_down),
        ("ose", &|c| c.ose.individual = !c.ose.individual),
        ("standard", &|c| c.standard.tie_rule = TieRule::RollOff),
    ];
    let mut all = plain.clone();
    for (key, change) in changes {
        let mut cfg = plain.clone();
        change(&mut cfg);
        change(&mut all);
        assert_ne!(cfg, plain, "{key}: the change is a change");
        let text = Table::new(cfg.clone()).enc.to_json();
        assert!(
            text.contains(&format!("\"{key}\":")),
            "{key} left out: {text}"
        );
        // A new Greyhawk encounter stores 5e's creature rules in its config (issue 35).
        let stored = cfg.clone().for_new_encounter();
        assert_eq!(
            Encounter::from_json(&text).unwrap().config(),
            &stored,
            "{key}"
        );
    }
    let text = Table::new(all.clone()).enc.to_json();
    assert_eq!(
        Encounter::from_json(&text).unwrap().config(),
        &all.for_new_encounter()
    );
}
