//! The engine's promises (see `properties_support.rs`) over random journeys in both journey
//! rulesets and random creature operations under every creature ruleset (issue 14).

#[path = "journey_strategies.rs"]
mod journey_strategies;
#[path = "properties_support.rs"]
mod properties;

use journey_strategies::{journey, journey_command};
use proptest::prelude::*;
use turnkeeper::creature::sheet::CreatureSheet;
use turnkeeper::creature::{Creature, CreatureKind, CreatureRules, Moment};
use turnkeeper::dice::DiceSource;
use turnkeeper::engine::Engine;

/// A creature under `rules` on seeded dice (the glue rolls a creature with the dice each call
/// brings; seeded engine dice make the sequence replayable here).
fn creature(rules: CreatureRules, kind: CreatureKind, hp: u32, seed: u64) -> Engine<CreatureSheet> {
    let sheet = CreatureSheet {
        creature: Creature::new(kind, hp).unwrap(),
        rules,
        time: Moment::default(),
    };
    Engine::new(sheet, DiceSource::seeded(seed).unwrap())
}

fn op(op: &str, n: Option<i64>, a: &str, b: &str) -> String {
    let n = n.map(|n| format!(r#","n":{n}"#)).unwrap_or_default();
    format!(
        r#"{{"op":"{op}"{n},"a":{},"b":{}}}"#,
        serde_json::to_string(a).unwrap(),
        serde_json::to_string(b).unwrap()
    )
}

/// One creature operation as the glue receives it (name, number, two JSON arguments).
fn creature_op() -> impl Strategy<Value = String> {
    let damage_type = prop::sample::select(vec!["slashing", "fire", "poison", "psychic"]);
    prop_oneof![
        5 => (0i64..25, damage_type, any::<bool>()).prop_map(|(amount, t, attack)| op(
            "damage", Some(0), &format!(r#"{{"amount":{amount},"type":"{t}","fromAttack":{attack}}}"#), "null")),
        3 => (-2i64..12).prop_map(|n| op("heal", Some(n), "null", "null")),
        1 => (1u32..4).prop_map(|c| op("healDice", Some(0), &format!(r#"{{"count":{c},"size":"d8","modifier":1}}"#), "null")),
        1 => (0i64..8).prop_map(|n| op("grantTempHp", Some(n), "null", "null")),
        3 => (-2i64..4).prop_map(|m| op("deathSave", Some(m), "null", "null")),
        1 => Just(op("stabilize", Some(0), r#"{"type":"automatic"}"#, "null")),
        1 => (0i64..5).prop_map(|m| op("stabilize", Some(0), &format!(r#"{{"type":"check","modifier":{m}}}"#), "null")),
        2 => (0i64..3).prop_map(|n| op("gainFatigue", Some(n), "null", "null")),
        1 => (0i64..3).prop_map(|n| op("gainStrife", Some(n), "null", "null")),
        1 => (0i64..3).prop_map(|n| op("removeFatigue", Some(n), "null", "null")),
        1 => (0i64..3).prop_map(|n| op("removeStrife", Some(n), "null", "null")),
        1 => Just(op("kill", None, "null", "null")),
        1 => (0i64..5).prop_map(|n| op("raise", Some(n), "false", "null")),
        2 => (0i64..100_000).prop_map(|n| op("advanceTime", Some(n), "null", "null")),
        1 => Just(op("endEncounter", None, "null", "null")),
        1 => Just(op("spendHitDie", Some(0), "null", "null")),
        1 => Just(op("finishShortRest", None, "null", "null")),
        1 => (0i64..3).prop_map(|n| op("oseNaturalHealing", Some(n), "null", "null")),
        1 => Just(op("resilienceCheck", None, "null", "null")),
        1 => Just(op("exhaust", None, "null", "null")),
        1 => Just(op("nonsense", None, "null", "null")),
    ]
}

fn kind() -> impl Strategy<Value = CreatureKind> {
    prop::sample::select(vec![
        CreatureKind::Pc,
        CreatureKind::Monster,
        CreatureKind::Npc,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: properties::cases(), ..ProptestConfig::default() })]

    #[test]
    fn hyb_journeys_keep_every_promise(seed in any::<u64>(), commands in prop::collection::vec(journey_command(), 1..40)) {
        properties::check_sequence(journey("hyb", seed % (1 << 53)), &commands)?;
    }

    #[test]
    fn ose_journeys_keep_every_promise(seed in any::<u64>(), commands in prop::collection::vec(journey_command(), 1..40)) {
        properties::check_sequence(journey("ose", seed % (1 << 53)), &commands)?;
    }

    #[test]
    fn a5e_creatures_keep_every_promise(seed in any::<u64>(), kind in kind(), hp in 1u32..40, ops in prop::collection::vec(creature_op(), 1..30)) {
        properties::check_sequence(creature(CreatureRules::a5e(), kind, hp, seed % (1 << 53)), &ops)?;
    }

    #[test]
    fn hyb_creatures_keep_every_promise(seed in any::<u64>(), kind in kind(), hp in 1u32..40, ops in prop::collection::vec(creature_op(), 1..30)) {
        properties::check_sequence(creature(CreatureRules::hyb(), kind, hp, seed % (1 << 53)), &ops)?;
    }

    #[test]
    fn ose_creatures_keep_every_promise(seed in any::<u64>(), kind in kind(), hp in 1u32..40, ops in prop::collection::vec(creature_op(), 1..30)) {
        properties::check_sequence(creature(CreatureRules::ose(), kind, hp, seed % (1 << 53)), &ops)?;
    }
}
