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

/// One creature command as the glue receives it (JSON text).
fn creature_op() -> impl Strategy<Value = String> {
    let damage_type = prop::sample::select(vec!["slashing", "fire", "poison", "psychic"]);
    let levels =
        |t: &'static str| (0i64..3).prop_map(move |n| format!(r#"{{"type":"{t}","levels":{n}}}"#));
    prop_oneof![
        5 => (0i64..25, damage_type, any::<bool>()).prop_map(|(amount, t, attack)| format!(
            r#"{{"type":"damage","damage":{{"amount":{amount},"type":"{t}","fromAttack":{attack}}}}}"#)),
        3 => (-2i64..12).prop_map(|n| format!(r#"{{"type":"heal","amount":{n}}}"#)),
        1 => (1u32..4).prop_map(|c| format!(r#"{{"type":"healDice","dice":{{"count":{c},"size":"d8","modifier":1}}}}"#)),
        1 => (0i64..8).prop_map(|n| format!(r#"{{"type":"grantTempHp","amount":{n}}}"#)),
        3 => (-2i64..4).prop_map(|m| format!(r#"{{"type":"deathSave","modifier":{m}}}"#)),
        1 => Just(r#"{"type":"stabilize","method":{"type":"automatic"}}"#.to_string()),
        1 => (0i64..5).prop_map(|m| format!(r#"{{"type":"stabilize","method":{{"type":"check","modifier":{m}}}}}"#)),
        2 => levels("gainFatigue"),
        1 => levels("gainStrife"),
        1 => levels("removeFatigue"),
        1 => levels("removeStrife"),
        1 => Just(r#"{"type":"kill"}"#.to_string()),
        1 => (0i64..5).prop_map(|n| format!(r#"{{"type":"raise","hp":{n},"liftsDoom":false}}"#)),
        2 => (0i64..100_000).prop_map(|n| format!(r#"{{"type":"advanceTime","now":{n}}}"#)),
        1 => Just(r#"{"type":"endEncounter"}"#.to_string()),
        1 => Just(r#"{"type":"spendHitDie"}"#.to_string()),
        1 => Just(r#"{"type":"finishShortRest"}"#.to_string()),
        1 => (0i64..3).prop_map(|n| format!(r#"{{"type":"oseNaturalHealing","completeDays":{n}}}"#)),
        1 => Just(r#"{"type":"resilienceCheck"}"#.to_string()),
        1 => Just(r#"{"type":"exhaust"}"#.to_string()),
        1 => Just(r#"{"type":"nonsense"}"#.to_string()),
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
