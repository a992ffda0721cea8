//! Homebrew conditions loaded from JSON: valid documents and every kind of invalid data.

use turnkeeper::conditions::{
    Ability, ConditionCatalog, ConditionId, ConditionState, Origin, Roll, RollMode, RollQuery,
    StressTable, StressTerm,
};
use turnkeeper::dice::SuppliedDice;

fn cid(s: &str) -> ConditionId {
    ConditionId::new(s).unwrap()
}

const HEXED: &str = r#"{
  "conditions": [
    {
      "id": "hexed",
      "name": "Hexed",
      "notes": "Cursed by a hag.",
      "implies": ["frightened", "dazed"],
      "effects": [
        {"type": "rollMode", "rolls": {"kinds": ["savingThrow"], "abilities": ["wis"]}, "mode": "disadvantage"},
        {"type": "rollModifier", "rolls": {"kinds": ["attack"]}, "amount": -1}
      ]
    },
    {
      "id": "dazed",
      "name": "Dazed",
      "immuneIfImmuneTo": ["stunned"],
      "effects": [{"type": "action", "limit": "actionOrBonusAction"}]
    }
  ]
}"#;

#[test]
fn homebrew_conditions_load_and_imply_built_in_ones() {
    let mut catalog = ConditionCatalog::a5e();
    let ids = catalog.load_homebrew_json(HEXED).unwrap();
    assert_eq!(ids, [cid("hexed"), cid("dazed")]);
    assert!(catalog.is_homebrew(&cid("hexed")));
    assert!(!catalog.is_homebrew(&cid("prone")));
    let s = ConditionState {
        conditions: vec![cid("hexed")],
        ..ConditionState::default()
    };
    let status = catalog.status(&s).unwrap();
    let ids: Vec<String> = status.conditions.iter().map(|c| c.id.to_string()).collect();
    assert_eq!(ids, ["hexed", "frightened", "dazed"]);
    assert_eq!(
        status.conditions[1].reason.via,
        Some(Origin::Condition { id: cid("hexed") })
    );
    let a = catalog
        .query(
            &s,
            &RollQuery::new(Roll::SavingThrow {
                ability: Ability::Wis,
            }),
        )
        .unwrap();
    assert_eq!(a.mode, RollMode::Disadvantage);
    assert_eq!(a.disadvantage[0].rule, None);
    // Immunity links work for homebrew too.
    assert!(catalog.is_immune(&[cid("stunned")], &cid("dazed")).unwrap());
    // The catalog snapshot carries the homebrew and restores it.
    let json = serde_json::to_string(&catalog).unwrap();
    let back: ConditionCatalog = serde_json::from_str(&json).unwrap();
    assert_eq!(back, catalog);
}

#[test]
fn homebrew_replaces_the_corruption_placeholder_only() {
    let mut catalog = ConditionCatalog::a5e();
    catalog
        .load_homebrew_json(
            r#"{"conditions":[{"id":"corruption","name":"Corruption","effects":[
                {"type":"rollModifier","rolls":{"kinds":["savingThrow"]},"amount":-1}]}]}"#,
        )
        .unwrap();
    let def = catalog.get(&cid("corruption")).unwrap();
    assert!(!def.placeholder);
    assert_eq!(def.effects.len(), 1);
    assert_eq!(catalog.iter().count(), 28);
    // A second definition is a duplicate now.
    let err = catalog
        .load_homebrew_json(r#"{"conditions":[{"id":"corruption","name":"C"}]}"#)
        .unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_DATA");
    assert!(err.message.contains("duplicate"), "{}", err.message);
}

fn load_err(json: &str) -> String {
    let mut catalog = ConditionCatalog::a5e();
    let before = catalog.clone();
    let err = catalog.load_homebrew_json(json).unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_DATA", "{}", err.message);
    assert_eq!(catalog, before, "a failed load changes nothing");
    err.message
}

#[test]
fn homebrew_invalid_data_is_rejected_with_clear_errors() {
    let m = load_err(r#"{"conditions":[{"id":"x","name":"X","colour":"red"}]}"#);
    assert!(
        m.starts_with("homebrew JSON is invalid: conditions[0].colour is not a known field: expected one of \"id\", \"name\","),
        "{m}"
    );
    let m = load_err(
        r#"{"conditions":[{"id":"x","name":"X","effects":[{"type":"rollMode","rolls":{"kinds":["attack"]},"mode":"advantage","extra":1}]}]}"#,
    );
    assert!(
        m.contains("conditions[0].effects[0].extra is not a known field"),
        "{m}"
    );
    let m = load_err(r#"{"conditions":[{"id":"x","name":"X","effects":[{"type":"teleport"}]}]}"#);
    assert!(m.contains("teleport"), "{m}");
    let m = load_err(r#"{"conditions":[],"version":2}"#);
    assert!(
        m.ends_with("version is not a known field: expected \"conditions\""),
        "{m}"
    );
    let m = load_err(r#"{"conditions":[{"id":"Bad Id","name":"X"}]}"#);
    assert!(m.contains("condition id"), "{m}");
    let m = load_err(r#"{"conditions":[{"id":"x","name":"X","implies":["nope"]}]}"#);
    assert!(m.contains("unknown condition \"nope\""), "{m}");
    let m = load_err(r#"{"conditions":[{"id":"x","name":"X","immuneIfImmuneTo":["nope"]}]}"#);
    assert!(m.contains("immuneIfImmuneTo"), "{m}");
    let m = load_err(r#"{"conditions":[{"id":"prone","name":"Prone"}]}"#);
    assert!(m.contains("duplicate id"), "{m}");
    let m = load_err(r#"{"conditions":[{"id":"x","name":"X"},{"id":"x","name":"Y"}]}"#);
    assert!(m.contains("duplicate id"), "{m}");
    let m = load_err(
        r#"{"conditions":[{"id":"a","name":"A","implies":["b"]},{"id":"b","name":"B","implies":["c"]},{"id":"c","name":"C","implies":["a"]}]}"#,
    );
    assert!(m.contains("cycle") && m.contains("a -> b -> c -> a"), "{m}");
    let m = load_err(r#"{"conditions":[{"id":"a","name":"A","implies":["a"]}]}"#);
    assert!(m.contains("itself"), "{m}");
    let m = load_err(
        r#"{"conditions":[{"id":"a","name":"A","suppresses":["b"]},{"id":"b","name":"B","suppresses":["a"]}]}"#,
    );
    assert!(m.contains("cycle"), "{m}");
    let m = load_err(
        r#"{"conditions":[{"id":"x","name":"X","effects":[{"type":"rollModifier","rolls":{"kinds":["attack"]},"amount":-50}]}]}"#,
    );
    assert!(m.contains("±20"), "{m}");
    let m = load_err(
        r#"{"conditions":[{"id":"x","name":"X","effects":[{"type":"armorClass","amount":0}]}]}"#,
    );
    assert!(m.contains("non-zero"), "{m}");
    let m = load_err(
        r#"{"conditions":[{"id":"x","name":"X","effects":[{"type":"speed","rule":{"type":"capAt","feet":5000}}]}]}"#,
    );
    assert!(m.contains("5000 ft"), "{m}");
    let m = load_err(
        r#"{"conditions":[{"id":"x","name":"X","effects":[{"type":"criticalHitsWithin","feet":0}]}]}"#,
    );
    assert!(m.contains("at least 1 ft"), "{m}");
    let m = load_err(
        r#"{"conditions":[{"id":"x","name":"X","effects":[{"type":"autoFail","rolls":{"kinds":[]}}]}]}"#,
    );
    assert!(m.contains("at least one kind"), "{m}");
    let m = load_err(r#"{"conditions":[{"id":"x","name":"   "}]}"#);
    assert!(m.contains("name"), "{m}");
    let m = load_err(r#"{"conditions":[{"id":"x","name":"X","derivedFromHitPoints":true}]}"#);
    assert!(m.contains("only built-in"), "{m}");
    let m = load_err("not json");
    assert!(m.contains("homebrew JSON is invalid"), "{m}");
    let big = format!(r#"{{"conditions":[],"pad":"{}"}}"#, "x".repeat(300_000));
    let m = load_err(&big);
    assert!(m.contains("bytes"), "{m}");
}

#[test]
fn homebrew_count_limit() {
    let many: Vec<String> = (0..257)
        .map(|i| format!(r#"{{"id":"c{i}","name":"C{i}"}}"#))
        .collect();
    let json = format!(r#"{{"conditions":[{}]}}"#, many.join(","));
    let m = load_err(&json);
    assert!(m.contains("256"), "{m}");
}

#[test]
fn a5e_track_08_stress_tables_are_caller_supplied() {
    let mut catalog = ConditionCatalog::a5e();
    catalog
        .load_homebrew_json(
            r#"{"conditions":[
                {"id":"stress-paranoia","name":"Paranoia"},
                {"id":"stress-tremors","name":"Tremors"},
                {"id":"stress-mute","name":"Mute","effects":[{"type":"flag","flag":"cantSpeak"}]}]}"#,
        )
        .unwrap();
    let table = StressTable {
        term: StressTerm::ShortTerm,
        entries: vec![
            cid("stress-paranoia"),
            cid("stress-tremors"),
            cid("stress-mute"),
        ],
    };
    let mut dice = SuppliedDice::new([3]);
    let r = table.roll(&catalog, &mut dice).unwrap();
    assert_eq!((r.die.sides, r.die.face), (3, 3));
    assert_eq!(r.condition, cid("stress-mute"));
    let bad = StressTable {
        term: StressTerm::LongTerm,
        entries: vec![cid("nope")],
    };
    assert_eq!(
        bad.validate(&catalog).unwrap_err().code.as_str(),
        "INVALID_DATA"
    );
    let empty = StressTable {
        term: StressTerm::LongTerm,
        entries: vec![],
    };
    assert_eq!(
        empty.validate(&catalog).unwrap_err().code.as_str(),
        "INVALID_DATA"
    );
}
