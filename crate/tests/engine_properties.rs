//! Property tests of the engine's promises over random command sequences, in every ruleset
//! (issue 17; proptest shrinks a failure to the shortest sequence that shows it):
//!
//! - a command that fails leaves the snapshot (dice and batch count included) byte-identical;
//! - a command that succeeds leaves an encounter that passes its invariants;
//! - a follower that applies only the leader's batches is byte-identical to it after each one;
//! - snapshot → load → snapshot gives the same text.
//!
//! The case count is small so `npm test` stays quick; `PROPTEST_CASES=2000` runs more.

use proptest::prelude::*;
use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::{Encounter, EncounterCommand};
use turnkeeper::engine::Engine;
use turnkeeper::rulesets::RulesetConfig;

const IDS: [&str; 5] = ["p0", "p1", "p2", "p3", "ghost"];
const CONDITIONS: [&str; 4] = ["poisoned", "prone", "frightened", "stunned"];

fn id() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&IDS[..])
}

/// One command as the JSON a client would send: mostly plausible, sometimes refused.
fn command() -> impl Strategy<Value = String> {
    let activities =
        prop::sample::subsequence(vec!["move", "melee", "ranged", "spell", "other"], 1..3);
    prop_oneof![
        4 => (id(), 1u8..=20, any::<bool>()).prop_map(|(id, dex, foe)| format!(
            r#"{{"type":"addParticipant","participant":{{"id":"{id}","name":"N {id}","side":"{}","dex":{dex}}}}}"#,
            if foe { "foes" } else { "party" }
        )),
        1 => id().prop_map(|id| format!(r#"{{"type":"removeParticipant","participant":"{id}"}}"#)),
        3 => Just(r#"{"type":"start"}"#.to_string()),
        3 => (id(), activities.clone()).prop_map(|(id, a)| format!(
            r#"{{"type":"declare","participant":"{id}","declaration":{{"system":"greyhawk","activities":{}}}}}"#,
            serde_json::to_string(&a).unwrap()
        )),
        2 => (id(), any::<bool>()).prop_map(|(id, spell)| format!(
            r#"{{"type":"declare","participant":"{id}","declaration":{{"system":"ose","spell":{spell}}}}}"#
        )),
        3 => Just(r#"{"type":"rollInitiative"}"#.to_string()),
        3 => Just(r#"{"type":"endTurn"}"#.to_string()),
        3 => Just(r#"{"type":"endTurn"}"#.to_string()),
        2 => Just(r#"{"type":"nextRound"}"#.to_string()),
        2 => Just(r#"{"type":"advancePhase"}"#.to_string()),
        1 => Just(r#"{"type":"end"}"#.to_string()),
        1 => id().prop_map(|id| format!(r#"{{"type":"delay","participant":"{id}"}}"#)),
        1 => id().prop_map(|id| format!(r#"{{"type":"resume","participant":"{id}"}}"#)),
        3 => (id(), 5u32..40).prop_map(|(id, hp)| format!(
            r#"{{"type":"setCreature","participant":"{id}","creature":{{"kind":"pc","zeroHp":"deathSaves","hp":{{"current":{hp},"max":{hp}}},"level":2}}}}"#
        )),
        4 => (id(), 0u32..30).prop_map(|(id, amount)| format!(
            r#"{{"type":"damage","participant":"{id}","damage":{{"amount":{amount}}}}}"#
        )),
        1 => (id(), 0i32..10).prop_map(|(id, amount)| format!(
            r#"{{"type":"heal","participant":"{id}","amount":{amount}}}"#
        )),
        2 => id().prop_map(|id| format!(r#"{{"type":"deathSave","participant":"{id}"}}"#)),
        4 => (id(), id(), prop::sample::select(&CONDITIONS[..]), 1u32..4, any::<bool>()).prop_map(|(target, source, c, rounds, conc)| format!(
            r#"{{"type":"addEffects","effects":[{{"target":"{target}","condition":"{c}","source":"{source}","concentration":{conc},"duration":{{"type":"rounds","count":{rounds}}}}}]}}"#
        )),
        1 => (0u32..6).prop_map(|e| format!(r#"{{"type":"removeEffect","effect":{e}}}"#)),
        1 => id().prop_map(|id| format!(r#"{{"type":"dropConcentration","participant":"{id}"}}"#)),
        1 => (id(), 1i32..3).prop_map(|(id, levels)| format!(
            r#"{{"type":"gainFatigue","participant":"{id}","levels":{levels}}}"#
        )),
    ]
}

/// 48 sequences per ruleset unless `PROPTEST_CASES` asks for more.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

fn check_sequence(preset: &str, seed: u64, commands: &[String]) -> Result<(), TestCaseError> {
    let config: RulesetConfig =
        serde_json::from_str(&format!(r#"{{"preset":"{preset}"}}"#)).unwrap();
    let mut leader = Engine::new(
        Encounter::new(config).unwrap(),
        DiceSource::seeded(seed).unwrap(),
    );
    let mut follower = Engine::<Encounter>::from_json(&leader.to_json()).unwrap();
    for (i, text) in commands.iter().enumerate() {
        let Ok(command) = serde_json::from_str::<EncounterCommand>(text) else {
            continue;
        };
        let before = leader.to_json();
        match leader.execute(command).map(<[_]>::to_vec) {
            Err(_) => prop_assert_eq!(
                leader.to_json(),
                before,
                "#{} {} failed but changed the encounter",
                i,
                text
            ),
            Ok(events) => {
                if let Err(e) = leader.state().check() {
                    return Err(TestCaseError::fail(format!(
                        "#{i} {text} broke an invariant: {e}"
                    )));
                }
                let batch = leader.seal(events);
                if let Err(e) = follower.apply_batch(&batch) {
                    return Err(TestCaseError::fail(format!(
                        "#{i} {text}: the follower refused the batch: {e}"
                    )));
                }
                prop_assert_eq!(
                    follower.to_json(),
                    leader.to_json(),
                    "#{} {}: the follower differs",
                    i,
                    text
                );
            }
        }
    }
    let saved = leader.to_json();
    let reloaded = Engine::<Encounter>::from_json(&saved)
        .map_err(|e| TestCaseError::fail(format!("its own snapshot was refused: {e}")))?;
    prop_assert_eq!(reloaded.to_json(), saved);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn greyhawk_sequences_keep_every_promise(seed in any::<u64>(), commands in prop::collection::vec(command(), 1..40)) {
        check_sequence("gh5e", seed % (1 << 53), &commands)?;
    }

    #[test]
    fn a5e_sequences_keep_every_promise(seed in any::<u64>(), commands in prop::collection::vec(command(), 1..40)) {
        check_sequence("a5e", seed % (1 << 53), &commands)?;
    }

    #[test]
    fn hyb_sequences_keep_every_promise(seed in any::<u64>(), commands in prop::collection::vec(command(), 1..40)) {
        check_sequence("hyb", seed % (1 << 53), &commands)?;
    }

    #[test]
    fn ose_sequences_keep_every_promise(seed in any::<u64>(), commands in prop::collection::vec(command(), 1..40)) {
        check_sequence("ose", seed % (1 << 53), &commands)?;
    }
}
