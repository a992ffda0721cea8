//! The built-in A5E catalog checked row by row against docs/rules.md §2.12 (A5E-COND-01..29), in
//! its JSON form, so the data and its serialized shape are both pinned.

use serde_json::{Value, json};
use turnkeeper::conditions::{
    A5E_CONDITIONS, CONFUSED_TABLE, ConditionCatalog, ConditionId, ConfusedBehaviour,
    confused_behaviour, roll_confused,
};
use turnkeeper::dice::SuppliedDice;

fn cid(s: &str) -> ConditionId {
    ConditionId::new(s).unwrap()
}

/// docs/rules.md §2.12 transcribed independently of the source table.
fn expected() -> Vec<(&'static str, &'static str, Value)> {
    let phys = json!(["str", "dex", "con"]);
    let ment = json!(["int", "wis", "cha"]);
    let str_dex = json!(["str", "dex"]);
    let against_adv =
        json!({"type": "attacksAgainst", "mode": "advantage", "attacker": {"type": "any"}});
    vec![
        (
            "agonized",
            "A5E-COND-01",
            json!({
            "immuneIfImmuneTo": ["rattled"],
            "effects": [
                {"type": "rollMode", "rolls": {"kinds": ["abilityCheck"], "abilities": phys}, "mode": "disadvantage"},
                {"type": "flag", "flag": "cantConcentrate"},
                {"type": "autoFail", "rolls": {"kinds": ["concentration"]}}
            ]}),
        ),
        (
            "amnesiac",
            "A5E-COND-02",
            json!({
            "immuneIfImmuneTo": ["confused"],
            "effects": [
                {"type": "noProficiency", "rolls": {"kinds": ["abilityCheck"], "skillOrToolOnly": true}},
                {"type": "flag", "flag": "primaryLanguageOnly"}
            ]}),
        ),
        (
            "blinded",
            "A5E-COND-03",
            json!({"effects": [
                {"type": "flag", "flag": "cantSee"},
                {"type": "autoFail", "rolls": {"kinds": ["abilityCheck"], "sense": "sight"}},
                against_adv,
                {"type": "rollMode", "rolls": {"kinds": ["attack"]}, "mode": "disadvantage"}
            ]}),
        ),
        (
            "bloodied",
            "A5E-COND-04",
            json!({"derivedFromHitPoints": true}),
        ),
        (
            "charmed",
            "A5E-COND-05",
            json!({"effects": [
                {"type": "action", "limit": "noHostileActionsAgainstSource"},
                {"type": "checksAgainst", "mode": "advantage", "socialOnly": true, "when": "byConditionSource"}
            ]}),
        ),
        (
            "confused",
            "A5E-COND-06",
            json!({"effects": [
                {"type": "action", "limit": "noReactions"},
                {"type": "action", "limit": "rollsForBehaviour"}
            ]}),
        ),
        (
            "deafened",
            "A5E-COND-07",
            json!({"effects": [
                {"type": "flag", "flag": "cantHear"},
                {"type": "autoFail", "rolls": {"kinds": ["abilityCheck"], "sense": "hearing"}}
            ]}),
        ),
        (
            "doomed",
            "A5E-COND-08",
            json!({"effects": [{"type": "flag", "flag": "doomed"}]}),
        ),
        (
            "encumbered",
            "A5E-COND-09",
            json!({"effects": [
                {"type": "speed", "rule": {"type": "capAt", "feet": 5}}
            ]}),
        ),
        (
            "enervated",
            "A5E-COND-10",
            json!({"effects": [
                {"type": "flag", "flag": "noPsionics"},
                {"type": "rollModifier", "rolls": {"kinds": ["abilityCheck", "savingThrow", "attack"]}, "amount": -2}
            ]}),
        ),
        (
            "enraged",
            "A5E-COND-11",
            json!({
            "immuneIfImmuneTo": ["charmed"],
            "suppresses": ["frightened", "placid"],
            "effects": [
                {"type": "action", "limit": "mustChargeNearestEnemy"},
                {"type": "rollMode", "rolls": {"kinds": ["abilityCheck"], "abilities": ment}, "mode": "disadvantage"}
            ]}),
        ),
        (
            "frightened",
            "A5E-COND-12",
            json!({"effects": [
                {"type": "rollMode", "rolls": {"kinds": ["abilityCheck", "attack"], "when": "seesSourceOfFear"}, "mode": "disadvantage"},
                {"type": "flag", "flag": "cantApproachSource"}
            ]}),
        ),
        (
            "fixated",
            "A5E-COND-13",
            json!({
            "immuneIfImmuneTo": ["charmed"],
            "effects": [
                {"type": "rollMode", "rolls": {"kinds": ["abilityCheck"], "skills": ["investigation", "perception"], "when": "notAboutFixationSource"}, "mode": "disadvantage"},
                {"type": "flag", "flag": "awayFromSourceCostsDouble"}
            ]}),
        ),
        (
            "grappled",
            "A5E-COND-14",
            json!({
            "endsIfSourceIncapacitated": true,
            "effects": [
                {"type": "speed", "rule": {"type": "setTo", "feet": 0}},
                {"type": "speed", "rule": {"type": "noBonuses"}},
                {"type": "flag", "flag": "endsWhenMovedOutOfReach"}
            ]}),
        ),
        (
            "incapacitated",
            "A5E-COND-15",
            json!({"effects": [
                {"type": "action", "limit": "noActions"},
                {"type": "action", "limit": "noBonusActions"},
                {"type": "action", "limit": "noReactions"}
            ]}),
        ),
        (
            "invisible",
            "A5E-COND-16",
            json!({"effects": [
                {"type": "flag", "flag": "unseen"},
                {"type": "attacksAgainst", "mode": "disadvantage", "attacker": {"type": "any"}, "when": "opponentCannotSeeIt"},
                {"type": "rollMode", "rolls": {"kinds": ["attack"], "when": "opponentCannotSeeIt"}, "mode": "advantage"}
            ]}),
        ),
        (
            "manic",
            "A5E-COND-17",
            json!({
            "immuneIfImmuneTo": ["charmed"],
            "effects": [{"type": "action", "limit": "actionOrMove"}]}),
        ),
        (
            "paralyzed",
            "A5E-COND-18",
            json!({
            "implies": ["incapacitated"],
            "effects": [
                {"type": "flag", "flag": "cantMove"},
                {"type": "flag", "flag": "cantSpeak"},
                {"type": "autoFail", "rolls": {"kinds": ["savingThrow"], "abilities": str_dex}},
                against_adv,
                {"type": "criticalHitsWithin", "feet": 5}
            ]}),
        ),
        (
            "petrified",
            "A5E-COND-19",
            json!({
            "implies": ["incapacitated"],
            "effects": [
                {"type": "flag", "flag": "transformed"},
                {"type": "flag", "flag": "cantMove"},
                {"type": "flag", "flag": "cantSpeak"},
                {"type": "flag", "flag": "unaware"},
                {"type": "autoFail", "rolls": {"kinds": ["savingThrow"], "abilities": str_dex}},
                {"type": "flag", "flag": "resistsAllDamage"},
                {"type": "flag", "flag": "immuneToPoisonAndDisease"}
            ]}),
        ),
        (
            "placid",
            "A5E-COND-20",
            json!({
            "immuneIfImmuneTo": ["frightened"],
            "effects": [{"type": "action", "limit": "noHostileActions"}]}),
        ),
        (
            "poisoned",
            "A5E-COND-21",
            json!({"effects": [
                {"type": "rollMode", "rolls": {"kinds": ["attack", "abilityCheck"]}, "mode": "disadvantage"}
            ]}),
        ),
        (
            "prone",
            "A5E-COND-22",
            json!({"effects": [
                {"type": "flag", "flag": "crawlOnly"},
                {"type": "flag", "flag": "standingCostsHalfMovement"},
                {"type": "rollMode", "rolls": {"kinds": ["attack"], "attackRange": "melee"}, "mode": "disadvantage"},
                {"type": "attacksAgainst", "mode": "advantage", "attacker": {"type": "within", "feet": 5}},
                {"type": "attacksAgainst", "mode": "disadvantage", "attacker": {"type": "beyond", "feet": 5}}
            ]}),
        ),
        (
            "rattled",
            "A5E-COND-23",
            json!({
            "immuneIfImmuneTo": ["stunned"],
            "effects": [
                {"type": "noExpertiseDice"},
                {"type": "action", "limit": "noReactions"}
            ]}),
        ),
        (
            "restrained",
            "A5E-COND-24",
            json!({"effects": [
                {"type": "speed", "rule": {"type": "setTo", "feet": 0}},
                {"type": "speed", "rule": {"type": "noBonuses"}},
                against_adv,
                {"type": "rollMode", "rolls": {"kinds": ["attack"]}, "mode": "disadvantage"},
                {"type": "rollMode", "rolls": {"kinds": ["savingThrow"], "abilities": ["dex"]}, "mode": "disadvantage"}
            ]}),
        ),
        (
            "slowed",
            "A5E-COND-25",
            json!({"effects": [
                {"type": "speed", "rule": {"type": "halved"}},
                {"type": "armorClass", "amount": -2},
                {"type": "rollModifier", "rolls": {"kinds": ["savingThrow"], "abilities": ["dex"]}, "amount": -2},
                {"type": "action", "limit": "noReactions"},
                {"type": "action", "limit": "actionOrBonusAction"},
                {"type": "action", "limit": "oneAttackPerTurn"}
            ]}),
        ),
        (
            "stunned",
            "A5E-COND-26",
            json!({
            "implies": ["incapacitated"],
            "effects": [
                {"type": "flag", "flag": "cantMove"},
                {"type": "flag", "flag": "speaksFalteringly"},
                {"type": "autoFail", "rolls": {"kinds": ["savingThrow"], "abilities": str_dex}},
                against_adv
            ]}),
        ),
        (
            "unconscious",
            "A5E-COND-27",
            json!({
            "implies": ["incapacitated", "prone"],
            "effects": [
                {"type": "flag", "flag": "cantMove"},
                {"type": "flag", "flag": "cantSpeak"},
                {"type": "flag", "flag": "unaware"},
                {"type": "flag", "flag": "dropsHeldItems"},
                {"type": "autoFail", "rolls": {"kinds": ["savingThrow"], "abilities": str_dex}},
                against_adv,
                {"type": "criticalHitsWithin", "feet": 5}
            ]}),
        ),
        ("corruption", "A5E-COND-29", json!({"placeholder": true})),
    ]
}

#[test]
fn a5e_cond_01_to_29_catalog_matches_rules_row_by_row() {
    let catalog = ConditionCatalog::a5e();
    catalog.validate().unwrap();
    let expected = expected();
    assert_eq!(A5E_CONDITIONS.len(), expected.len());
    assert_eq!(catalog.iter().count(), expected.len());
    for ((id, rule, body), def) in expected.iter().zip(catalog.iter()) {
        let mut got = serde_json::to_value(def).unwrap();
        assert_eq!(got["id"], json!(id), "order of {id}");
        assert_eq!(got["rule"], json!(rule), "rule of {id}");
        let obj = got.as_object_mut().unwrap();
        obj.remove("id");
        obj.remove("rule");
        obj.remove("name");
        obj.remove("notes");
        assert_eq!(&Value::Object(obj.clone()), body, "effects of {id}");
        // Every id is a valid id and the display name is the capitalised id.
        assert_eq!(ConditionId::new(*id).unwrap(), def.id);
        assert_eq!(def.name.to_lowercase(), *id);
    }
}

#[test]
fn a5e_cond_29_corruption_is_a_named_placeholder_without_effects() {
    let catalog = ConditionCatalog::a5e();
    let def = catalog.get(&cid("corruption")).unwrap();
    assert!(def.placeholder);
    assert!(def.effects.is_empty());
    assert!(def.notes.as_deref().unwrap().contains("no rules text"));
}

#[test]
fn a5e_cond_06_confused_table_every_row() {
    assert_eq!(CONFUSED_TABLE.len(), 3);
    let expected = [
        (1, ConfusedBehaviour::DoesNothing),
        (2, ConfusedBehaviour::DoesNothing),
        (3, ConfusedBehaviour::DoesNothing),
        (4, ConfusedBehaviour::DoesNothing),
        (5, ConfusedBehaviour::MovesRandomly),
        (6, ConfusedBehaviour::MovesRandomly),
        (7, ConfusedBehaviour::AttacksRandomCreatureInReach),
        (8, ConfusedBehaviour::AttacksRandomCreatureInReach),
    ];
    for (face, behaviour) in expected {
        assert_eq!(confused_behaviour(face), Some(behaviour), "face {face}");
    }
    assert_eq!(confused_behaviour(0), None);
    assert_eq!(confused_behaviour(9), None);
}

#[test]
fn a5e_cond_06_confused_roll_uses_a_d8_from_the_roller() {
    let mut dice = SuppliedDice::new([6, 8, 2]);
    let r = roll_confused(&mut dice).unwrap();
    assert_eq!((r.die.sides, r.die.face), (8, 6));
    assert_eq!(r.behaviour, ConfusedBehaviour::MovesRandomly);
    assert_eq!(
        roll_confused(&mut dice).unwrap().behaviour,
        ConfusedBehaviour::AttacksRandomCreatureInReach
    );
    assert_eq!(
        roll_confused(&mut dice).unwrap().behaviour,
        ConfusedBehaviour::DoesNothing
    );
    // No faces left: the error comes from the dice source.
    let err = roll_confused(&mut dice).unwrap_err();
    assert_eq!(err.code.as_str(), "FACES_EXHAUSTED");
}

#[test]
fn a5e_cond_28_immunity_links_are_transitive() {
    let catalog = ConditionCatalog::a5e();
    let immune = catalog.immunities(&[cid("stunned")]).unwrap();
    // immune to stunned ⇒ rattled ⇒ agonized
    assert_eq!(immune.get(&cid("stunned")), Some(&None));
    assert_eq!(immune.get(&cid("rattled")), Some(&Some(cid("stunned"))));
    assert_eq!(immune.get(&cid("agonized")), Some(&Some(cid("stunned"))));
    assert_eq!(immune.len(), 3);

    let charmed = catalog.immunities(&[cid("charmed")]).unwrap();
    for id in ["charmed", "enraged", "fixated", "manic"] {
        assert!(charmed.contains_key(&cid(id)), "{id}");
    }
    assert_eq!(charmed.len(), 4);
    assert!(
        catalog
            .is_immune(&[cid("confused")], &cid("amnesiac"))
            .unwrap()
    );
    assert!(
        catalog
            .is_immune(&[cid("frightened")], &cid("placid"))
            .unwrap()
    );
    assert!(
        catalog
            .is_immune(&[cid("rattled")], &cid("agonized"))
            .unwrap()
    );
    assert!(
        !catalog
            .is_immune(&[cid("agonized")], &cid("rattled"))
            .unwrap()
    );
    let err = catalog
        .is_immune(&[cid("nope")], &cid("prone"))
        .unwrap_err();
    assert_eq!(err.code.as_str(), "UNKNOWN_ID");
}

#[test]
fn catalog_serializes_only_homebrew_and_round_trips() {
    let catalog = ConditionCatalog::a5e();
    let json = serde_json::to_string(&catalog).unwrap();
    assert_eq!(json, r#"{"homebrew":[]}"#);
    let back: ConditionCatalog = serde_json::from_str(&json).unwrap();
    assert_eq!(back, catalog);
}
