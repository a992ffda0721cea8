//! Old-School Essentials' own conditions (docs/rules.md §4: OSE-ATK-10, OSE-ATK-13,
//! OSE-COMBAT-04): each one's effects through the catalog and the roll query, the set a new
//! OSE encounter uses (A5E-only conditions refused), a config that names A5E's set, and an OSE
//! snapshot saved before OSE had its own set (it keeps A5E's). `Table` replays every command
//! and round-trips the snapshot.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::conditions::vocab::AttackRange;
use turnkeeper::conditions::{
    Ability, ActionLimit, CatalogData, ConditionCatalog, ConditionId, ConditionSet, ConditionState,
    Effect, Flag, Origin, Reason, Roll, RollAdvice, RollQuery,
};
use turnkeeper::effects::{Duration, EffectSpec};
use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent};
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn cid(s: &str) -> ConditionId {
    ConditionId::new(s).unwrap()
}

fn ose() -> ConditionCatalog {
    ConditionCatalog::ose()
}

fn with(ids: &[&str]) -> ConditionState {
    ConditionState {
        conditions: ids.iter().map(|s| cid(s)).collect(),
        ..ConditionState::default()
    }
}

fn ask(state: &ConditionState, roll: Roll) -> RollAdvice {
    ose().query(state, &RollQuery::new(roll)).unwrap()
}

/// The condition id of each reason, with the condition that brought it in when implied.
fn labels(reasons: &[Reason]) -> Vec<String> {
    reasons
        .iter()
        .map(|r| match (&r.origin, &r.via) {
            (Origin::Condition { id }, Some(Origin::Condition { id: via })) => {
                format!("{id} via {via}")
            }
            (Origin::Condition { id }, _) => id.to_string(),
            (other, _) => format!("{other:?}"),
        })
        .collect()
}

fn rules_of(reasons: &[Reason]) -> Vec<String> {
    reasons
        .iter()
        .map(|r| r.rule.clone().unwrap_or_default())
        .collect()
}

fn melee() -> Roll {
    Roll::Attack {
        range: AttackRange::Melee,
        ability: Ability::Str,
    }
}

fn against(feet: u32) -> Roll {
    Roll::AttackAgainst {
        attacker_distance_feet: feet,
    }
}

fn actions(state: &ConditionState) -> Vec<(ActionLimit, String)> {
    ose()
        .status(state)
        .unwrap()
        .actions
        .into_iter()
        .map(|a| (a.limit, a.reason.rule.unwrap_or_default()))
        .collect()
}

fn flags(state: &ConditionState) -> Vec<Flag> {
    ose()
        .status(state)
        .unwrap()
        .flags
        .into_iter()
        .map(|f| f.flag)
        .collect()
}

fn add(id: &str, condition: &str) -> EncounterCommand {
    EncounterCommand::AddEffects {
        effects: vec![EffectSpec::condition(
            pid(id),
            cid(condition),
            Duration::UntilRemoved,
        )],
        ongoing: None,
    }
}

fn give(t: &mut Table, id: &str, condition: &str) -> Vec<EncounterEvent> {
    t.run(add(id, condition), &[])
}

/// A new OSE encounter with a and b.
fn ose_table() -> Table {
    let mut t = Table::preset(Preset::Ose);
    t.add(newp("a", "party", 12));
    t.add(newp("b", "foes", 10));
    t
}

#[test]
fn ose_atk_10_13_combat_04_the_catalog_is_oses_four_conditions_with_their_rule_ids() {
    let catalog = ose();
    catalog.validate().unwrap();
    let listed: Vec<(String, String)> = catalog
        .listing()
        .into_iter()
        .map(|l| (l.id.to_string(), l.rule.unwrap_or_default().to_string()))
        .collect();
    let expected = [
        ("blinded", "OSE-ATK-10"),
        ("helpless", "OSE-ATK-13"),
        ("paralyzed", "OSE-ATK-13"),
        ("retreating", "OSE-COMBAT-04"),
    ];
    assert_eq!(
        listed,
        expected.map(|(i, r)| (i.to_string(), r.to_string()))
    );
    assert_eq!(catalog.base(), ConditionSet::Ose);
    // The base is written only when it is not A5E's, as "ose".
    let data = CatalogData::from(catalog);
    assert_eq!(
        serde_json::to_string(&data).unwrap(),
        r#"{"base":"ose","homebrew":[]}"#
    );
    assert_eq!(
        serde_json::to_string(&ConditionSet::Ose).unwrap(),
        r#""ose""#
    );
}

#[test]
fn ose_atk_10_a_blinded_character_makes_no_attacks() {
    let s = with(&["blinded"]);
    assert_eq!(
        actions(&s),
        [(ActionLimit::NoAttacks, "OSE-ATK-10".to_string())]
    );
    assert_eq!(flags(&s), [Flag::CantSee]);
    // No roll-mode rules of A5E's blinded: OSE says nothing of advantage.
    let own = ask(&s, melee());
    assert!(own.advantage.is_empty() && own.disadvantage.is_empty());
    assert_eq!(
        ask(&s, melee()).status.actions[0].limit,
        ActionLimit::NoAttacks
    );
    let on = ask(&s, against(5));
    assert!(on.advantage.is_empty() && on.auto_hit.is_empty());
}

#[test]
fn ose_atk_13_helpless_is_hit_automatically_in_melee_only() {
    let s = with(&["helpless"]);
    let close = ask(&s, against(5));
    assert_eq!(labels(&close.auto_hit), ["helpless"]);
    assert_eq!(rules_of(&close.auto_hit), ["OSE-ATK-13"]);
    // Missiles need more than 5 ft (OSE-COMBAT-05): a shot at it is rolled as usual.
    assert!(ask(&s, against(30)).auto_hit.is_empty());
    // Its own rolls are untouched, and it may still act.
    assert!(ask(&s, melee()).auto_hit.is_empty());
    assert!(actions(&s).is_empty());
}

#[test]
fn ose_atk_13_paralyzed_is_helpless_and_neither_moves_nor_acts() {
    let s = with(&["paralyzed"]);
    let status = ose().status(&s).unwrap();
    let active: Vec<&str> = status.conditions.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(active, ["paralyzed", "helpless"]);
    assert_eq!(status.speed.final_speed(120, 0), 0);
    assert_eq!(
        actions(&s),
        [(ActionLimit::NoActions, "OSE-ATK-13".to_string())]
    );
    let close = ask(&s, against(5));
    assert_eq!(labels(&close.auto_hit), ["helpless via paralyzed"]);
    assert_eq!(rules_of(&close.auto_hit), ["OSE-ATK-13"]);
    // OSE has no critical hits (OSE-ATK-01), unlike 5e's paralyzed.
    assert!(close.critical_on_hit.is_empty());
    assert!(ask(&s, against(10)).auto_hit.is_empty());
    // Paralyzed and helpless together count once.
    assert_eq!(
        ask(&with(&["paralyzed", "helpless"]), against(5))
            .auto_hit
            .len(),
        1
    );
}

#[test]
fn ose_combat_04_retreating_makes_no_attacks_and_is_attacked_at_plus_2_past_its_shield() {
    let s = with(&["retreating"]);
    assert_eq!(
        actions(&s),
        [(ActionLimit::NoAttacks, "OSE-COMBAT-04".to_string())]
    );
    assert_eq!(flags(&s), [Flag::ShieldIgnored]);
    for feet in [5, 60] {
        let on = ask(&s, against(feet));
        assert_eq!(on.modifier_total, 2);
        assert_eq!(
            labels(
                &on.modifiers
                    .iter()
                    .map(|m| m.reason.clone())
                    .collect::<Vec<_>>()
            ),
            ["retreating"]
        );
        assert_eq!(
            on.modifiers[0].reason.rule.as_deref(),
            Some("OSE-COMBAT-04")
        );
        assert!(on.auto_hit.is_empty());
        let shield: Vec<&Reason> = on
            .status
            .flags
            .iter()
            .filter(|f| f.flag == Flag::ShieldIgnored)
            .map(|f| &f.reason)
            .collect();
        assert_eq!(shield.len(), 1);
        assert_eq!(shield[0].rule.as_deref(), Some("OSE-COMBAT-04"));
    }
    // The bonus is on attacks against it, not on its own rolls.
    assert_eq!(ask(&s, melee()).modifier_total, 0);
}

#[test]
fn ose_combat_04_the_new_effects_are_homebrew_data_too_and_checked() {
    let mut catalog = ConditionCatalog::a5e();
    catalog
        .load_homebrew_json(
            r#"{"conditions":[{"id":"pinned","name":"Pinned","effects":[
                {"type":"hitsAutomaticallyWithin","feet":5},
                {"type":"attackModifierAgainst","amount":2},
                {"type":"action","limit":"noAttacks"},
                {"type":"flag","flag":"shieldIgnored"}]}]}"#,
        )
        .unwrap();
    let def = catalog.get(&cid("pinned")).unwrap();
    assert_eq!(def.effects[0], Effect::HitsAutomaticallyWithin { feet: 5 });
    assert_eq!(def.effects[1], Effect::AttackModifierAgainst { amount: 2 });
    let before = catalog.clone();
    for bad in [
        r#"{"type":"hitsAutomaticallyWithin","feet":0}"#,
        r#"{"type":"hitsAutomaticallyWithin","feet":5000}"#,
        r#"{"type":"attackModifierAgainst","amount":0}"#,
        r#"{"type":"attackModifierAgainst","amount":99}"#,
    ] {
        let json = format!(r#"{{"conditions":[{{"id":"bad","name":"Bad","effects":[{bad}]}}]}}"#);
        let err = catalog.load_homebrew_json(&json).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidData, "{bad}");
        assert_eq!(catalog, before, "a refused load changes nothing");
    }
}

#[test]
fn ose_atk_13_a_new_ose_encounter_uses_oses_set_and_refuses_a5e_only_conditions() {
    let mut t = ose_table();
    assert_eq!(t.enc.config().conditions, Some(ConditionSet::Ose));
    assert_eq!(t.enc.catalog().base(), ConditionSet::Ose);
    assert!(
        t.enc
            .to_json()
            .contains(r#""c":{"preset":"ose","conditions":"ose"}"#)
    );
    for a5e_only in [
        "rattled", "slowed", "confused", "poisoned", "prone", "bloodied",
    ] {
        t.fail(add("b", a5e_only), &[], ErrorCode::UnknownId);
    }
    give(&mut t, "b", "paralyzed");
    let advice = t
        .enc
        .roll_advice(&pid("b"), &RollQuery::new(against(5)))
        .unwrap();
    assert_eq!(rules_of(&advice.auto_hit), ["OSE-ATK-13"]);
    // It cannot act: its turns are skipped under OSE's side initiative.
    assert!(!t.enc.participant(&pid("b")).unwrap().can_act);
    give(&mut t, "a", "retreating");
    let advice = t
        .enc
        .roll_advice(&pid("a"), &RollQuery::new(against(5)))
        .unwrap();
    assert_eq!(advice.modifier_total, 2);
    assert!(
        t.enc.participant(&pid("a")).unwrap().can_act,
        "a retreat is an act"
    );
}

#[test]
fn ose_atk_13_an_ose_config_naming_a5es_set_keeps_it() {
    let config: RulesetConfig =
        serde_json::from_str(r#"{"preset":"ose","conditions":"a5e"}"#).unwrap();
    config.validate().unwrap();
    let mut t = Table::new(config);
    t.add(newp("a", "party", 12));
    assert_eq!(t.enc.catalog().base(), ConditionSet::A5e);
    give(&mut t, "a", "rattled");
    assert!(
        t.enc
            .to_json()
            .contains(r#""c":{"preset":"ose","conditions":"a5e"}"#)
    );
    // Any set with any preset: OSE's under A5E's initiative and rules too.
    let a5e = Table::new(RulesetConfig::preset(Preset::A5e).with_conditions(ConditionSet::Ose));
    assert_eq!(a5e.enc.catalog().base(), ConditionSet::Ose);
    // A set that does not exist is refused when the config is read.
    assert!(
        serde_json::from_str::<RulesetConfig>(r#"{"preset":"ose","conditions":"b/x"}"#).is_err()
    );
}

#[test]
fn ose_atk_13_an_ose_snapshot_saved_before_ose_had_its_own_set_keeps_a5es() {
    // An OSE encounter as it was written before: no condition set in its config.
    let mut t = ose_table();
    give(&mut t, "a", "blinded");
    let new = t.enc.to_json();
    let old = new.replace(
        r#""c":{"preset":"ose","conditions":"ose"}"#,
        r#""c":{"preset":"ose"}"#,
    );
    assert_ne!(old, new);
    let mut enc = Encounter::from_json(&old).unwrap();
    assert_eq!(enc.config().conditions, None);
    assert_eq!(enc.config().condition_set(), ConditionSet::A5e);
    assert_eq!(enc.catalog().base(), ConditionSet::A5e);
    assert_eq!(enc.to_json(), old, "it writes itself back byte for byte");
    // A5E's conditions still apply to it, and it still names no set.
    let mut dice = turnkeeper::dice::SuppliedDice::new(std::iter::empty());
    enc.execute(add("b", "rattled"), &mut dice).unwrap();
    assert!(enc.to_json().contains(r#""c":{"preset":"ose"}"#));
    let advice = enc
        .roll_advice(&pid("a"), &RollQuery::new(against(5)))
        .unwrap();
    assert_eq!(rules_of(&advice.advantage), ["A5E-COND-03"]);
}
