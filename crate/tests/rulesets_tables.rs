//! The rule tables the package exports (`ruleTables()`): each row is the rules' own fact, and
//! what the tables say a system allows is what the engine does.

#[path = "encounter_support.rs"]
mod support;

use support::{Table, newp, pid, start};
use turnkeeper::ErrorCode;
use turnkeeper::conditions::ConditionSet;
use turnkeeper::creature::{CreatureRules, DamageType};
use turnkeeper::dice::DieSize;
use turnkeeper::encounter::EncounterCommand;
use turnkeeper::initiative::{Activity, InitiativeSystem};
use turnkeeper::rulesets::tables::{INITIATIVE_SYSTEMS, rule_tables};
use turnkeeper::rulesets::{Preset, RulesetConfig};

#[test]
fn gh_dice_01_every_activity_and_its_die() {
    let rows: Vec<(Activity, DieSize, bool)> = rule_tables()
        .greyhawk_activities
        .into_iter()
        .map(|r| (r.activity, r.die, r.action))
        .collect();
    assert_eq!(
        rows,
        vec![
            (Activity::Ranged, DieSize::D4, true),
            (Activity::Move, DieSize::D6, false),
            (Activity::Swap, DieSize::D6, false),
            (Activity::Other, DieSize::D6, true),
            (Activity::Melee, DieSize::D8, true),
            (Activity::Spell, DieSize::D10, true),
        ]
    );
}

#[test]
fn c01_c20_presets_as_a_new_encounter_runs_them() {
    let tables = rule_tables();
    let row = |p: Preset| {
        tables
            .presets
            .iter()
            .find(|r| r.preset == p)
            .cloned()
            .unwrap()
    };
    assert_eq!(tables.presets.len(), Preset::ALL.len());
    let gh = row(Preset::Gh5e);
    assert_eq!(gh.initiative, InitiativeSystem::Greyhawk);
    assert_eq!(gh.round_length.seconds(), 6);
    assert_eq!(
        gh.creature,
        CreatureRules::srd5e(),
        "C-20: 5e is Greyhawk's base"
    );
    assert_eq!(gh.conditions, ConditionSet::Srd5e);
    let ose = row(Preset::Ose);
    assert_eq!(ose.initiative, InitiativeSystem::Side);
    assert_eq!(ose.round_length.seconds(), 10, "C-01: OSE's round is 10 s");
    assert_eq!(ose.creature, CreatureRules::ose());
    assert_eq!(ose.conditions, ConditionSet::Ose);
    let a5e = row(Preset::A5e);
    assert_eq!(a5e.initiative, InitiativeSystem::AbilityCheck);
    assert_eq!(a5e.creature, CreatureRules::a5e());
    assert_eq!(a5e.conditions, ConditionSet::A5e);
    assert_eq!(row(Preset::Hyb).initiative, InitiativeSystem::DexScore);
    assert_eq!(row(Preset::Standard).initiative, InitiativeSystem::Standard);
    // Each row is what a new encounter of that preset stores.
    for r in &tables.presets {
        let enc = turnkeeper::encounter::Encounter::new(RulesetConfig::preset(r.preset)).unwrap();
        assert_eq!(enc.config().system(), r.initiative);
        assert_eq!(enc.config().creature_rules(), r.creature);
        assert_eq!(enc.config().condition_set(), r.conditions);
        assert_eq!(enc.config().round_length(), r.round_length);
    }
}

#[test]
fn c03_c04_c09_how_each_system_runs_a_round() {
    let rows: Vec<(InitiativeSystem, bool, bool, bool)> = rule_tables()
        .initiative_systems
        .into_iter()
        .map(|r| (r.system, r.ascending, r.declares_each_round, r.allows_delay))
        .collect();
    assert_eq!(
        rows,
        vec![
            (InitiativeSystem::Greyhawk, true, true, true),
            (InitiativeSystem::AbilityCheck, false, false, false),
            (InitiativeSystem::DexScore, false, false, true),
            (InitiativeSystem::Side, false, true, false),
            (InitiativeSystem::Standard, false, false, false),
        ]
    );
}

#[test]
fn c09_the_table_says_what_the_engine_does_for_the_systems_that_start_without_declaring() {
    for system in INITIATIVE_SYSTEMS {
        if system.declares_each_round() {
            continue;
        }
        let mut t = Table::new(RulesetConfig::preset(Preset::A5e).with_initiative(system));
        t.add(newp("a", "x", 14));
        t.add(newp("b", "y", 10));
        // The Dex-score order rolls nothing; the d20 systems roll once each.
        let faces: &[u32] = if system == InitiativeSystem::DexScore {
            &[]
        } else {
            &[15, 5]
        };
        t.run(start(), faces);
        let first = t.current().unwrap();
        let delay = EncounterCommand::Delay {
            participant: pid(&first),
        };
        if system.allows_delay() {
            t.run(delay, &[]);
            assert_ne!(
                t.current().unwrap(),
                first,
                "{system:?}: the delayer's turn passed"
            );
        } else {
            t.fail(delay, &[], ErrorCode::NotAllowed);
        }
    }
}

#[test]
fn a5e_dmg_05_the_thirteen_damage_types() {
    let types = rule_tables().damage_types;
    assert_eq!(types.len(), 13);
    assert_eq!(types, DamageType::ALL.to_vec());
    let json = turnkeeper::wire::to_json(&types);
    assert!(
        json.contains("\"bludgeoning\"") && json.contains("\"psychic\""),
        "{json}"
    );
}

#[test]
fn every_condition_set_with_its_built_in_conditions() {
    let sets = rule_tables().condition_sets;
    let ids = |set: ConditionSet| -> Vec<String> {
        sets.iter()
            .find(|s| s.set == set)
            .unwrap()
            .conditions
            .iter()
            .map(|c| c.id.as_str().to_string())
            .collect()
    };
    assert_eq!(
        ids(ConditionSet::Ose),
        ["blinded", "helpless", "paralyzed", "retreating"]
    );
    assert!(ids(ConditionSet::Srd5e).contains(&"incapacitated".to_string()));
    assert!(
        ids(ConditionSet::A5e).contains(&"rattled".to_string()),
        "A5E's own condition"
    );
    assert!(!ids(ConditionSet::Srd5e).contains(&"rattled".to_string()));
    for s in &sets {
        assert!(s.conditions.iter().all(|c| !c.homebrew));
    }
}
