//! The engine's promises, natively (issue 17; the JS side is `tests/js/sync.test.mjs`): a
//! follower applying the leader's batches ends byte-identical, dice included; a missed or
//! altered batch is `OUT_OF_SYNC` and changes nothing; a failed command changes nothing; any
//! single edit of a snapshot is refused.

#[path = "vectors_support.rs"]
#[allow(dead_code)] // only `load` is used here; `blessed` rewrites vectors elsewhere
mod vectors;

use serde::Deserialize;
use serde_json::Value;
use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::{Encounter, EncounterCommand};
use turnkeeper::engine::{Digest, Engine, Model};
use turnkeeper::exploration::journey::{Journey, JourneyCommand, JourneyConfig};
use turnkeeper::rulesets::RulesetConfig;
use turnkeeper::{Error, ErrorCode};

#[derive(Deserialize)]
struct EncounterVector {
    config: RulesetConfig,
    seed: u64,
    commands: Vec<EncounterCommand>,
}

#[derive(Deserialize)]
struct JourneyVector {
    ruleset: String,
    seed: u64,
    commands: Vec<JourneyCommand>,
}

/// Run every command on a leader, relay each batch to a follower restored from the leader's
/// first snapshot, and compare at every step.
fn lockstep<M: Model>(mut leader: Engine<M>, commands: Vec<M::Command>) -> Engine<M> {
    let mut follower = Engine::<M>::from_json(&leader.to_json()).unwrap();
    for (i, command) in commands.into_iter().enumerate() {
        let events = leader
            .execute(command)
            .map(<[_]>::to_vec)
            .unwrap_or_else(|e| panic!("#{i}: {e}"));
        let batch = leader.seal(events);
        assert_eq!(batch.seq, i as u64 + 1);
        follower.apply_batch(&batch).unwrap();
        assert_eq!(follower.digest(), leader.digest(), "#{i}");
    }
    assert_eq!(follower.to_json(), leader.to_json());
    follower
}

#[test]
fn encounter_followers_end_byte_identical_to_the_leader_dice_included() {
    for file in [
        "encounter_gh.json",
        "encounter_a5e.json",
        "encounter_hyb.json",
        "encounter_ose.json",
    ] {
        let (_, v): (_, EncounterVector) = vectors::load(file);
        let leader = Engine::new(
            Encounter::new(v.config).unwrap(),
            DiceSource::seeded(v.seed).unwrap(),
        );
        lockstep(leader, v.commands);
    }
}

#[test]
fn journey_followers_end_byte_identical_to_the_leader_dice_included() {
    for file in ["journey_hyb.json", "journey_ose.json"] {
        let (_, v): (_, JourneyVector) = vectors::load(file);
        let config = match v.ruleset.as_str() {
            "hyb" => JourneyConfig::default(),
            _ => JourneyConfig::ose(),
        };
        let leader = Engine::new(
            Journey::new(config).unwrap(),
            DiceSource::seeded(v.seed).unwrap(),
        );
        lockstep(leader, v.commands);
    }
}

fn gh_fight() -> (Engine<Encounter>, Engine<Encounter>) {
    let (_, v): (_, EncounterVector) = vectors::load("encounter_gh.json");
    let mut leader = Engine::new(
        Encounter::new(v.config).unwrap(),
        DiceSource::seeded(v.seed).unwrap(),
    );
    let follower = Engine::from_json(&leader.to_json()).unwrap();
    for c in v.commands {
        leader.execute(c).unwrap();
    }
    (leader, follower)
}

#[test]
fn a_missed_batch_is_out_of_sync_and_changes_nothing() {
    let (mut leader, _) = gh_fight();
    let mut follower = Engine::<Encounter>::from_json(&leader.to_json()).unwrap();
    let seq = leader.seq();
    let _lost = leader.execute(EncounterCommand::EndTurn).unwrap();
    let events = leader.execute(EncounterCommand::EndTurn).unwrap().to_vec();
    let next = leader.seal(events);
    let before = follower.to_json();
    let e: Error = follower.apply_batch(&next).unwrap_err();
    assert_eq!(e.code, ErrorCode::OutOfSync);
    assert!(
        e.message.contains(&format!(
            "expected batch {}, got batch {}",
            seq + 1,
            seq + 2
        )),
        "{}",
        e.message
    );
    assert_eq!(follower.to_json(), before);
    // A wrong digest on the right number is refused too.
    let mut follower = Engine::<Encounter>::from_json(&leader.to_json()).unwrap();
    let events = leader.execute(EncounterCommand::EndTurn).unwrap().to_vec();
    let mut batch = leader.seal(events);
    let genuine = batch.digest;
    batch.digest = Digest(genuine.0 ^ 1);
    let before = follower.to_json();
    assert_eq!(
        follower.apply_batch(&batch).unwrap_err().code,
        ErrorCode::OutOfSync
    );
    assert_eq!(follower.to_json(), before);
    batch.digest = genuine;
    follower.apply_batch(&batch).unwrap();
    assert_eq!(follower.to_json(), leader.to_json());
}

#[test]
fn a_failed_command_leaves_the_snapshot_and_the_dice_byte_identical() {
    let (mut leader, _) = gh_fight();
    let before = leader.to_json();
    let seq = leader.seq();
    // Commands refused at this point of the fight (the last needs the dice first).
    for bad in [
        r#"{"type":"start"}"#,
        r#"{"type":"removeParticipant","participant":"nobody"}"#,
        r#"{"type":"delay","participant":"nobody"}"#,
    ] {
        let command: EncounterCommand = serde_json::from_str(bad).unwrap();
        assert!(leader.execute(command).is_err(), "{bad}");
        assert_eq!(leader.to_json(), before, "{bad}");
        assert_eq!(leader.seq(), seq);
    }
}

/// Every path to a leaf value in `v`, and every key.
fn paths(v: &Value, at: &mut Vec<String>, out: &mut Vec<(Vec<String>, bool)>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                at.push(k.clone());
                out.push((at.clone(), true));
                paths(child, at, out);
                at.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                at.push(i.to_string());
                paths(child, at, out);
                at.pop();
            }
        }
        _ => out.push((at.clone(), false)),
    }
}

fn edited(v: &Value, path: &[String], drop: bool) -> Value {
    let mut copy = v.clone();
    let (last, parents) = path.split_last().unwrap();
    let mut at = &mut copy;
    for p in parents {
        at = match at {
            Value::Object(m) => m.get_mut(p).unwrap(),
            Value::Array(a) => &mut a[p.parse::<usize>().unwrap()],
            _ => unreachable!(),
        };
    }
    match (at, drop) {
        (Value::Object(m), true) => {
            m.remove(last);
        }
        (Value::Object(m), false) => edit_leaf(m.get_mut(last).unwrap()),
        (Value::Array(a), _) => edit_leaf(&mut a[last.parse::<usize>().unwrap()]),
        _ => unreachable!(),
    }
    copy
}

fn edit_leaf(v: &mut Value) {
    *v = match v.take() {
        Value::Number(n) => Value::from(n.as_u64().map_or(1, |u| u + 1)),
        Value::String(s) if s.len() > 1 => Value::from(&s[..s.len() - 1]),
        Value::String(s) => Value::from(s + "x"),
        Value::Bool(b) => Value::Bool(!b),
        Value::Null => Value::from(0),
        other => other,
    };
}

#[test]
fn every_single_edit_of_an_encounter_snapshot_is_refused() {
    let (leader, _) = gh_fight();
    let snapshot: Value = serde_json::from_str(&leader.to_json()).unwrap();
    let mut all = Vec::new();
    paths(&snapshot, &mut Vec::new(), &mut all);
    assert!(all.len() > 50);
    for (path, drop) in all {
        let text = edited(&snapshot, &path, drop).to_string();
        let e = Engine::<Encounter>::from_json(&text)
            .err()
            .unwrap_or_else(|| {
                panic!(
                    "{} {} accepted",
                    if drop { "dropping" } else { "changing" },
                    path.join(".")
                )
            });
        assert_eq!(e.code, ErrorCode::SnapshotInvalid, "{}", path.join("."));
    }
    // With whitespace between the tokens (a host storing it pretty-printed), it still loads
    // and writes itself back.
    let mut pretty = String::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in leader.to_json().chars() {
        pretty.push(c);
        if in_string {
            (escaped, in_string) = (!escaped && c == '\\', in_string && (escaped || c != '"'));
        } else if c == '"' {
            in_string = true;
        } else if matches!(c, ',' | ':' | '{' | '[') {
            pretty.push_str("\n  ");
        }
    }
    assert_eq!(
        Engine::<Encounter>::from_json(&pretty).unwrap().to_json(),
        leader.to_json()
    );
}
