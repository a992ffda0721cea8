//! Saved games from before 5e's creature rules became the Greyhawk and standard default
//! (issue 35) load with the rules they were played under: their configs name no creature
//! rules, which reads as A5E's, and they write themselves back byte for byte. New encounters
//! of those presets store 5e's rules in their config.

#[path = "vectors_support.rs"]
mod vectors;

use serde::Deserialize;
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

#[test]
fn greyhawk_snapshots_saved_before_the_5e_default_keep_a5e_creature_rules() {
    let (_, saved): (_, Saved) = vectors::load("snapshots_before_srd5e_default.json");
    assert!(!saved.snapshots.is_empty());
    for text in &saved.snapshots {
        let engine = Engine::<Encounter>::from_json(text).unwrap();
        let config = engine.state().config();
        assert_eq!(config.preset, Preset::Gh5e);
        assert_eq!(config.creature, None);
        assert_eq!(config.creature_rules(), CreatureRules::a5e());
        assert_eq!(&engine.to_json(), text);
    }
    for text in &saved.encounter_snapshots {
        let enc = Encounter::from_json(text).unwrap();
        assert_eq!(enc.config().creature_rules(), CreatureRules::a5e());
        assert_eq!(&enc.to_json(), text);
    }
}

#[test]
fn new_greyhawk_and_standard_encounters_store_5e_creature_rules_and_others_store_nothing() {
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
    }
    // A table that plays A5E's creature rules under Greyhawk still can, by naming them.
    let a5e = RulesetConfig::preset(Preset::Gh5e).with_creature_rules(CreatureRules::a5e());
    let enc = Encounter::new(a5e).unwrap();
    assert_eq!(enc.config().creature_rules(), CreatureRules::a5e());
}
