//! Saved games from before a preset's defaults changed load with the rules they were played
//! under, and write themselves back byte for byte:
//!
//! - Greyhawk games from before 5e's creature rules became the Greyhawk and standard default
//!   (issue 35): their configs name no creature rules, which reads as A5E's.
//! - OSE games from before OSE had its own conditions (OSE-ATK-10, OSE-ATK-13, OSE-COMBAT-04):
//!   their configs name no condition set, which reads as A5E's.
//!
//! New encounters of those presets store the new default in their config.

// Only read here: these snapshots are never re-blessed, so `blessed` goes unused.
#[path = "vectors_support.rs"]
#[allow(dead_code)]
mod vectors;

use serde::Deserialize;
use turnkeeper::conditions::ConditionSet;
use turnkeeper::creature::CreatureRules;
use turnkeeper::encounter::Encounter;
use turnkeeper::engine::Engine;
use turnkeeper::rulesets::{Preset, RulesetConfig};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Saved {
    snapshots: Vec<String>,
    encounter_snapshots: Vec<String>,
}

/// A config as every snapshot in the file was written: no creature rules and no condition set
/// named, so the old readings apply.
fn keeps_its_old_rules(config: &RulesetConfig) {
    assert!(matches!(config.preset, Preset::Gh5e | Preset::Ose));
    assert_eq!(config.creature, None);
    assert_eq!(config.conditions, None);
    let creature = match config.preset {
        Preset::Ose => CreatureRules::ose(),
        _ => CreatureRules::a5e(),
    };
    assert_eq!(config.creature_rules(), creature);
    assert_eq!(config.condition_set(), ConditionSet::A5e);
}

#[test]
fn snapshots_saved_before_the_ruleset_defaults_keep_their_old_rules() {
    let (_, saved): (_, Saved) = vectors::load("snapshots_before_ruleset_defaults.json");
    assert!(!saved.snapshots.is_empty());
    let mut seen = Vec::new();
    for text in &saved.snapshots {
        let engine = Engine::<Encounter>::from_json(text).unwrap();
        let config = engine.state().config();
        keeps_its_old_rules(config);
        seen.push(config.preset);
        assert_eq!(&engine.to_json(), text);
    }
    for text in &saved.encounter_snapshots {
        let enc = Encounter::from_json(text).unwrap();
        keeps_its_old_rules(enc.config());
        seen.push(enc.config().preset);
        assert_eq!(&enc.to_json(), text);
    }
    assert!(seen.contains(&Preset::Gh5e) && seen.contains(&Preset::Ose));
}

#[test]
fn new_encounters_store_their_presets_defaults_and_others_store_nothing() {
    for preset in Preset::ALL {
        let enc = Encounter::new(RulesetConfig::preset(preset)).unwrap();
        let expected = match preset {
            Preset::Gh5e | Preset::Standard => Some(CreatureRules::srd5e()),
            _ => None,
        };
        assert_eq!(enc.config().creature, expected, "{preset:?}");
        assert_eq!(
            enc.config().creature_rules(),
            RulesetConfig::default_creature_rules(preset)
        );
        let conditions = match preset {
            Preset::Ose => Some(ConditionSet::Ose),
            _ => None,
        };
        assert_eq!(enc.config().conditions, conditions, "{preset:?}");
    }
    // A table that plays A5E's creature rules under Greyhawk still can, by naming them.
    let a5e = RulesetConfig::preset(Preset::Gh5e).with_creature_rules(CreatureRules::a5e());
    let enc = Encounter::new(a5e).unwrap();
    assert_eq!(enc.config().creature_rules(), CreatureRules::a5e());
}
