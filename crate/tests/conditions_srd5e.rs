//! The 5e (SRD 5.1) conditions and exhaustion (docs/rules.md, "5e SRD base"): every condition's
//! effect through the roll query, the implications, the catalog's base set chosen by the
//! encounter's creature rules (A5E-only conditions refused under 5e), and 5e exhaustion on the
//! creature and through the encounter (replayed and round-tripped through snapshots by `Table`).

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::conditions::vocab::AttackRange;
use turnkeeper::conditions::{
    Ability, ActionLimit, CatalogData, Circumstance, ConditionCatalog, ConditionId,
    ConditionOutcome, ConditionSet, ConditionState, Flag, Origin, Reason, Roll, RollAdvice,
    RollMode, RollQuery, Sense, TrackKind,
};
use turnkeeper::creature::{
    Creature, CreatureKind, CreatureRules, DeathReason, DeathState, GameTime, LongRest, Outcome,
    Track,
};
use turnkeeper::effects::{Duration, EffectSpec};
use turnkeeper::encounter::{EncounterCommand, EncounterEvent};
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn cid(s: &str) -> ConditionId {
    ConditionId::new(s).unwrap()
}

fn srd() -> ConditionCatalog {
    ConditionCatalog::srd5e()
}

fn with(ids: &[&str]) -> ConditionState {
    ConditionState {
        conditions: ids.iter().map(|s| cid(s)).collect(),
        ..ConditionState::default()
    }
}

fn ask(state: &ConditionState, roll: Roll) -> RollAdvice {
    srd().query(state, &RollQuery::new(roll)).unwrap()
}

/// The condition id (or "exhaustionN") and rule of each reason.
fn labels(reasons: &[Reason]) -> Vec<String> {
    reasons
        .iter()
        .map(|r| match &r.origin {
            Origin::Condition { id } => id.to_string(),
            Origin::Exhaustion { level } => format!("exhaustion{level}"),
            other => format!("{other:?}"),
        })
        .collect()
}

fn rules_of(reasons: &[Reason]) -> Vec<String> {
    reasons
        .iter()
        .map(|r| r.rule.clone().unwrap_or_default())
        .collect()
}

fn attack(range: AttackRange) -> Roll {
    Roll::Attack {
        range,
        ability: Ability::Str,
    }
}
fn melee() -> Roll {
    attack(AttackRange::Melee)
}
fn check(ability: Ability) -> Roll {
    Roll::AbilityCheck {
        ability,
        skill: None,
        tool: false,
        senses: vec![],
        social: false,
    }
}
fn sense_check(sense: Sense) -> Roll {
    Roll::AbilityCheck {
        ability: Ability::Wis,
        skill: None,
        tool: false,
        senses: vec![sense],
        social: false,
    }
}
fn save(ability: Ability) -> Roll {
    Roll::SavingThrow { ability }
}
fn against(feet: u32) -> Roll {
    Roll::AttackAgainst {
        attacker_distance_feet: feet,
    }
}
fn flags(state: &ConditionState) -> Vec<Flag> {
    srd()
        .status(state)
        .unwrap()
        .flags
        .into_iter()
        .map(|f| f.flag)
        .collect()
}
fn actions(state: &ConditionState) -> Vec<ActionLimit> {
    srd()
        .status(state)
        .unwrap()
        .actions
        .into_iter()
        .map(|a| a.limit)
        .collect()
}
fn speed(state: &ConditionState, base: u32, bonus: u32) -> u32 {
    srd().status(state).unwrap().speed.final_speed(base, bonus)
}
fn incapacitated(state: &ConditionState) -> bool {
    srd().status(state).unwrap().incapacitated
}

#[test]
fn srd_cond_01_blinded() {
    let s = with(&["blinded"]);
    assert!(flags(&s).contains(&Flag::CantSee));
    let sight = ask(&s, sense_check(Sense::Sight));
    assert_eq!(labels(&sight.auto_fail), ["blinded"]);
    assert_eq!(rules_of(&sight.auto_fail), ["SRD-COND-01"]);
    assert!(ask(&s, sense_check(Sense::Hearing)).auto_fail.is_empty());
    assert_eq!(labels(&ask(&s, against(30)).advantage), ["blinded"]);
    assert_eq!(ask(&s, melee()).mode, RollMode::Disadvantage);
}

#[test]
fn srd_cond_02_charmed() {
    let s = with(&["charmed"]);
    assert_eq!(actions(&s), [ActionLimit::NoHostileActionsAgainstSource]);
    let social = Roll::CheckAgainst { social: true };
    let by_charmer = srd()
        .query(
            &s,
            &RollQuery::new(social.clone()).with(Circumstance::ByConditionSource, true),
        )
        .unwrap();
    assert_eq!(labels(&by_charmer.advantage), ["charmed"]);
    let by_other = srd()
        .query(
            &s,
            &RollQuery::new(social).with(Circumstance::ByConditionSource, false),
        )
        .unwrap();
    assert!(by_other.advantage.is_empty());
}

#[test]
fn srd_cond_03_deafened() {
    let s = with(&["deafened"]);
    assert!(flags(&s).contains(&Flag::CantHear));
    assert_eq!(
        rules_of(&ask(&s, sense_check(Sense::Hearing)).auto_fail),
        ["SRD-COND-03"]
    );
    assert!(ask(&s, sense_check(Sense::Sight)).auto_fail.is_empty());
}

#[test]
fn srd_cond_04_frightened_while_the_source_is_in_sight() {
    let s = with(&["frightened"]);
    let unknown = ask(&s, melee());
    assert!(unknown.disadvantage.is_empty());
    assert_eq!(
        unknown.conditional[0].outcome,
        ConditionOutcome::Disadvantage
    );
    assert_eq!(unknown.conditional[0].when, Circumstance::SeesSourceOfFear);
    let sees = srd()
        .query(
            &s,
            &RollQuery::new(check(Ability::Str)).with(Circumstance::SeesSourceOfFear, true),
        )
        .unwrap();
    assert_eq!(rules_of(&sees.disadvantage), ["SRD-COND-04"]);
    assert!(ask(&s, save(Ability::Wis)).conditional.is_empty());
    assert!(flags(&s).contains(&Flag::CantApproachSource));
}

#[test]
fn srd_cond_05_grappled_speed_0_and_ends_with_the_grappler() {
    let s = with(&["grappled"]);
    assert_eq!(speed(&s, 30, 10), 0);
    let def = srd().require(&cid("grappled")).unwrap().clone();
    assert!(def.ends_if_source_incapacitated);
    assert_eq!(def.rule.as_deref(), Some("SRD-COND-05"));
}

#[test]
fn srd_cond_06_incapacitated() {
    let s = with(&["incapacitated"]);
    assert!(incapacitated(&s));
    let a = actions(&s);
    assert!(a.contains(&ActionLimit::NoActions) && a.contains(&ActionLimit::NoReactions));
}

#[test]
fn srd_cond_07_invisible() {
    let s = with(&["invisible"]);
    assert!(flags(&s).contains(&Flag::Unseen));
    assert_eq!(labels(&ask(&s, against(5)).disadvantage), ["invisible"]);
    assert_eq!(labels(&ask(&s, melee()).advantage), ["invisible"]);
    assert_eq!(rules_of(&ask(&s, melee()).advantage), ["SRD-COND-07"]);
}

#[test]
fn srd_cond_08_paralyzed() {
    let s = with(&["paralyzed"]);
    assert!(incapacitated(&s));
    for ability in [Ability::Str, Ability::Dex] {
        assert_eq!(labels(&ask(&s, save(ability)).auto_fail), ["paralyzed"]);
    }
    assert!(ask(&s, save(Ability::Wis)).auto_fail.is_empty());
    let close = ask(&s, against(5));
    assert_eq!(labels(&close.advantage), ["paralyzed"]);
    assert_eq!(labels(&close.critical_on_hit), ["paralyzed"]);
    assert!(ask(&s, against(10)).critical_on_hit.is_empty());
    assert_eq!(speed(&s, 30, 0), 0);
    assert!(flags(&s).contains(&Flag::CantSpeak));
}

#[test]
fn srd_cond_09_petrified() {
    let s = with(&["petrified"]);
    assert!(incapacitated(&s));
    let f = flags(&s);
    for flag in [
        Flag::Transformed,
        Flag::CantMove,
        Flag::CantSpeak,
        Flag::Unaware,
        Flag::ResistsAllDamage,
        Flag::ImmuneToPoisonAndDisease,
    ] {
        assert!(f.contains(&flag), "{flag:?}");
    }
    // Unlike A5E's petrified, 5e's is attacked with advantage.
    assert_eq!(labels(&ask(&s, against(30)).advantage), ["petrified"]);
    assert_eq!(
        labels(&ask(&s, save(Ability::Dex)).auto_fail),
        ["petrified"]
    );
}

#[test]
fn srd_cond_10_poisoned() {
    let s = with(&["poisoned"]);
    assert_eq!(labels(&ask(&s, melee()).disadvantage), ["poisoned"]);
    assert_eq!(
        labels(&ask(&s, check(Ability::Int)).disadvantage),
        ["poisoned"]
    );
    assert!(ask(&s, save(Ability::Con)).disadvantage.is_empty());
}

#[test]
fn srd_cond_11_prone() {
    let s = with(&["prone"]);
    // Every attack of its own, ranged too (A5E limits this to melee).
    assert_eq!(labels(&ask(&s, melee()).disadvantage), ["prone"]);
    assert_eq!(
        labels(&ask(&s, attack(AttackRange::Ranged)).disadvantage),
        ["prone"]
    );
    assert_eq!(labels(&ask(&s, against(5)).advantage), ["prone"]);
    assert_eq!(labels(&ask(&s, against(6)).disadvantage), ["prone"]);
    assert!(flags(&s).contains(&Flag::CrawlOnly));
}

#[test]
fn srd_cond_12_restrained() {
    let s = with(&["restrained"]);
    assert_eq!(speed(&s, 30, 10), 0);
    assert_eq!(labels(&ask(&s, against(60)).advantage), ["restrained"]);
    assert_eq!(labels(&ask(&s, melee()).disadvantage), ["restrained"]);
    assert_eq!(
        labels(&ask(&s, save(Ability::Dex)).disadvantage),
        ["restrained"]
    );
    assert!(ask(&s, save(Ability::Str)).disadvantage.is_empty());
}

#[test]
fn srd_cond_13_stunned() {
    let s = with(&["stunned"]);
    assert!(incapacitated(&s));
    assert_eq!(speed(&s, 30, 0), 0);
    assert!(flags(&s).contains(&Flag::SpeaksFalteringly));
    assert_eq!(labels(&ask(&s, save(Ability::Str)).auto_fail), ["stunned"]);
    assert_eq!(labels(&ask(&s, against(30)).advantage), ["stunned"]);
}

#[test]
fn srd_cond_14_unconscious_implies_incapacitated_and_prone() {
    let s = with(&["unconscious"]);
    let status = srd().status(&s).unwrap();
    let ids: Vec<String> = status.conditions.iter().map(|c| c.id.to_string()).collect();
    assert_eq!(ids, ["unconscious", "incapacitated", "prone"]);
    let prone = status
        .conditions
        .iter()
        .find(|c| c.id == cid("prone"))
        .unwrap();
    assert_eq!(prone.reason.rule.as_deref(), Some("SRD-COND-11"));
    assert_eq!(
        prone.reason.via,
        Some(Origin::Condition {
            id: cid("unconscious")
        })
    );
    assert!(flags(&s).contains(&Flag::DropsHeldItems));
    let close = ask(&s, against(5));
    assert_eq!(labels(&close.critical_on_hit), ["unconscious"]);
    // Advantage from unconscious and from prone (within 5 ft).
    assert_eq!(labels(&close.advantage), ["unconscious", "prone"]);
}

#[test]
fn srd_cond_01_to_14_the_catalog_is_the_5e_set_with_its_implications() {
    let catalog = srd();
    catalog.validate().unwrap();
    assert_eq!(catalog.base(), ConditionSet::Srd5e);
    let rows: Vec<(String, String, Vec<String>)> = catalog
        .iter()
        .map(|d| {
            (
                d.id.to_string(),
                d.rule.clone().unwrap().into_owned(),
                d.implies.iter().map(ToString::to_string).collect(),
            )
        })
        .collect();
    let expected: Vec<(String, String, Vec<String>)> = [
        ("blinded", vec![]),
        ("charmed", vec![]),
        ("deafened", vec![]),
        ("frightened", vec![]),
        ("grappled", vec![]),
        ("incapacitated", vec![]),
        ("invisible", vec![]),
        ("paralyzed", vec!["incapacitated"]),
        ("petrified", vec!["incapacitated"]),
        ("poisoned", vec![]),
        ("prone", vec![]),
        ("restrained", vec![]),
        ("stunned", vec!["incapacitated"]),
        ("unconscious", vec!["incapacitated", "prone"]),
    ]
    .iter()
    .enumerate()
    .map(|(i, (id, implies))| {
        (
            id.to_string(),
            format!("SRD-COND-{:02}", i + 1),
            implies.iter().map(ToString::to_string).collect(),
        )
    })
    .collect();
    assert_eq!(rows, expected);
    for a5e_only in [
        "rattled", "slowed", "confused", "bloodied", "doomed", "agonized",
    ] {
        assert!(catalog.get(&cid(a5e_only)).is_none(), "{a5e_only}");
        let err = catalog
            .query(&with(&[a5e_only]), &RollQuery::new(melee()))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::UnknownId);
    }
}

#[test]
fn srd_cond_01_catalog_data_names_the_base_only_when_it_is_not_a5e() {
    let a5e = serde_json::to_string(&ConditionCatalog::a5e()).unwrap();
    assert_eq!(a5e, r#"{"homebrew":[]}"#);
    let five = serde_json::to_string(&srd()).unwrap();
    assert_eq!(five, r#"{"base":"srd5e","homebrew":[]}"#);
    let back: ConditionCatalog = serde_json::from_str(&five).unwrap();
    assert_eq!(back, srd());
    let old: CatalogData = serde_json::from_str(r#"{"homebrew":[]}"#).unwrap();
    assert_eq!(old.base, ConditionSet::A5e);
    // Homebrew keeps working on the 5e base, and may not lean on A5E-only conditions.
    let mut c = srd();
    c.load_homebrew_json(
        r#"{"conditions":[{"id":"entangled","name":"Entangled","implies":["restrained"]}]}"#,
    )
    .unwrap();
    let err = c
        .load_homebrew_json(
            r#"{"conditions":[{"id":"shaken","name":"Shaken","implies":["rattled"]}]}"#,
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidData);
    let round: ConditionCatalog =
        serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
    assert_eq!(round, c);
}

fn gh5e_srd() -> Table {
    let config = RulesetConfig::preset(Preset::Gh5e).with_creature_rules(CreatureRules::srd5e());
    let mut t = Table::new(config);
    t.add(newp("a", "x", 12));
    t.add(newp("b", "y", 10));
    t
}

fn give(t: &mut Table, id: &str, condition: &str) -> Vec<EncounterEvent> {
    t.run(add(id, condition), &[])
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

fn pc(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp).unwrap().with_level(3)
}

#[test]
fn srd_cond_04_encounter_roll_advice_cites_the_srd_and_refuses_a5e_only_conditions() {
    let mut t = gh5e_srd();
    assert_eq!(t.enc.catalog().base(), ConditionSet::Srd5e);
    give(&mut t, "a", "frightened");
    let q = RollQuery::new(melee()).with(Circumstance::SeesSourceOfFear, true);
    let advice = t.enc.roll_advice(&pid("a"), &q).unwrap();
    assert_eq!(rules_of(&advice.disadvantage), ["SRD-COND-04"]);
    for a5e_only in ["rattled", "slowed", "confused", "bloodied", "doomed"] {
        t.fail(add("b", a5e_only), &[], ErrorCode::UnknownId);
    }
    // Homebrew loads on the 5e base and survives the snapshot round trip `Table` makes.
    t.run(
        EncounterCommand::LoadConditions {
            json:
                r#"{"conditions":[{"id":"entangled","name":"Entangled","implies":["restrained"]}]}"#
                    .into(),
        },
        &[],
    );
    give(&mut t, "b", "entangled");
    let advice = t
        .enc
        .roll_advice(&pid("b"), &RollQuery::new(melee()))
        .unwrap();
    assert_eq!(rules_of(&advice.disadvantage), ["SRD-COND-12"]);
    // The preset alone plays 5e's creature rules, so 5e's set (issue 35); with A5E's creature
    // rules named, the A5E set.
    let plain = Table::preset(Preset::Gh5e);
    assert_eq!(plain.enc.catalog().base(), ConditionSet::Srd5e);
    let a5e = Table::new(
        turnkeeper::rulesets::RulesetConfig::preset(Preset::Gh5e)
            .with_creature_rules(turnkeeper::creature::CreatureRules::a5e()),
    );
    assert_eq!(a5e.enc.catalog().base(), ConditionSet::A5e);
}

#[test]
fn srd_exh_01_02_levels_add_up_one_row_at_a_time() {
    let at = |level: u8| ConditionState {
        exhaustion: level,
        ..ConditionState::default()
    };
    // 1: ability checks at disadvantage.
    let one = ask(&at(1), check(Ability::Str));
    assert_eq!(labels(&one.disadvantage), ["exhaustion1"]);
    assert_eq!(rules_of(&one.disadvantage), ["SRD-EXH-02"]);
    assert!(ask(&at(1), melee()).disadvantage.is_empty());
    assert_eq!(speed(&at(1), 30, 0), 30);
    // 2: speed halved, and level 1 still applies.
    assert_eq!(speed(&at(2), 30, 0), 15);
    assert_eq!(
        labels(&ask(&at(2), check(Ability::Wis)).disadvantage),
        ["exhaustion1"]
    );
    // 3: attacks and saves at disadvantage.
    assert_eq!(labels(&ask(&at(3), melee()).disadvantage), ["exhaustion3"]);
    assert_eq!(
        labels(&ask(&at(3), save(Ability::Con)).disadvantage),
        ["exhaustion3"]
    );
    assert!(ask(&at(2), melee()).disadvantage.is_empty());
    // 4: hit point maximum halved.
    assert!(!flags(&at(3)).contains(&Flag::HitPointMaximumHalved));
    assert!(flags(&at(4)).contains(&Flag::HitPointMaximumHalved));
    // 5: speed 0.
    assert_eq!(speed(&at(4), 30, 0), 15);
    assert_eq!(speed(&at(5), 30, 0), 0);
    // 6: death.
    assert!(flags(&at(6)).contains(&Flag::DiesOfExhaustion));
    assert_eq!(TrackKind::Exhaustion.rows_at(6).unwrap().len(), 6);
    assert_eq!(
        srd()
            .query(&at(7), &RollQuery::new(melee()))
            .unwrap_err()
            .code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn srd_exh_01_03_gaining_levels_up_to_the_sixth_kills() {
    let rules = CreatureRules::srd5e();
    let mut c = pc(20);
    let r = c.gain_exhaustion(&rules, 2).unwrap();
    assert_eq!(c.exhaustion, Track::new(2));
    assert_eq!(
        r.outcomes,
        [Outcome::GainedLevels {
            track: TrackKind::Exhaustion,
            levels: 2,
            level: 2,
            pending: 0
        }]
    );
    c.gain_exhaustion(&rules, 3).unwrap();
    assert_eq!(c.exhaustion.level(), 5);
    assert!(!c.is_dead());
    // Past 6 the track stops; the sixth level is death.
    let r = c.gain_exhaustion(&rules, 4).unwrap();
    assert_eq!(c.exhaustion.level(), 6);
    assert_eq!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::Exhaustion
        }
    );
    assert!(r.outcomes.contains(&Outcome::Died {
        reason: DeathReason::Exhaustion
    }));
    // Dead: nothing more to gain.
    assert_eq!(
        c.gain_exhaustion(&rules, 1).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    for bad in [0, 7, -1] {
        let mut fresh = pc(20);
        assert_eq!(
            fresh.gain_exhaustion(&rules, bad).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(fresh, pc(20));
    }
    // A creature without exhaustion serializes as before.
    assert!(
        !serde_json::to_string(&pc(20))
            .unwrap()
            .contains("exhaustion")
    );
}

#[test]
fn srd_exh_04_long_rest_with_food_and_drink_lowers_it_by_one() {
    let rules = CreatureRules::srd5e();
    let mut c = pc(20);
    c.gain_exhaustion(&rules, 3).unwrap();
    let day = GameTime(2 * 24 * 3600);
    c.long_rest(
        &rules,
        &LongRest::full(day, true, false),
        &mut support_dice(),
    )
    .unwrap();
    assert_eq!(c.exhaustion.level(), 2);
    let next = GameTime(4 * 24 * 3600);
    let r = c
        .long_rest(
            &rules,
            &LongRest::full(next, false, false),
            &mut support_dice(),
        )
        .unwrap();
    assert_eq!(c.exhaustion.level(), 2, "no food and drink: no recovery");
    assert!(r.outcomes.contains(&Outcome::LongRestCompleted));
    c.remove_exhaustion(&rules, 2).unwrap();
    assert_eq!(c.exhaustion, Track::default());
}

#[test]
fn srd_exh_02_the_fourth_level_halves_the_hit_point_maximum() {
    let rules = CreatureRules::srd5e();
    let mut c = pc(21);
    c.gain_exhaustion(&rules, 3).unwrap();
    assert_eq!((c.hp.current, c.hp_ceiling()), (21, 21));
    // Level 4: the maximum is halved (rounded down), and the HP above it are lost.
    let r = c.gain_exhaustion(&rules, 1).unwrap();
    assert_eq!((c.hp.current, c.hp.max, c.hp_ceiling()), (10, 21, 10));
    assert!(r.outcomes.contains(&Outcome::LostHp { amount: 11, hp: 10 }));
    // Healing stops at the halved maximum, and so does a long rest's.
    c.heal(&rules, 5, &mut support_dice()).unwrap();
    assert_eq!(c.hp.current, 10);
    // Back to level 3: the whole maximum again, though nothing comes back by itself.
    c.remove_exhaustion(&rules, 1).unwrap();
    assert_eq!((c.hp.current, c.hp_ceiling()), (10, 21));
    c.heal(&rules, 5, &mut support_dice()).unwrap();
    assert_eq!(c.hp.current, 15);
    // A creature given as data cannot sit above its halved maximum.
    let mut bad = c.clone();
    bad.exhaustion = Track::new(4);
    assert_eq!(bad.validate().unwrap_err().code, ErrorCode::InvalidArgument);
}

fn support_dice() -> turnkeeper::dice::SuppliedDice {
    turnkeeper::dice::SuppliedDice::new(std::iter::empty())
}

#[test]
fn srd_exh_01_refused_under_the_a5e_hyb_and_ose_rules() {
    for (rules, name) in [
        (CreatureRules::a5e(), "A5E"),
        (CreatureRules::hyb(), "HYB"),
        (CreatureRules::ose(), "OSE"),
    ] {
        let mut c = pc(20);
        let err = c.gain_exhaustion(&rules, 1).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert!(err.message.contains(name), "{}", err.message);
        assert_eq!(
            c.remove_exhaustion(&rules, 1).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(c, pc(20));
    }
    let mut t = Table::preset(Preset::A5e);
    t.add(newp("a", "x", 12));
    t.run(
        EncounterCommand::SetCreature {
            participant: pid("a"),
            creature: Some(pc(20)),
        },
        &[],
    );
    t.fail(
        EncounterCommand::GainExhaustion {
            participant: pid("a"),
            levels: 1,
        },
        &[],
        ErrorCode::InvalidArgument,
    );
}

#[test]
fn srd_exh_01_03_the_encounter_gains_exhaustion_to_death_and_advises_by_level() {
    let mut t = gh5e_srd();
    t.run(
        EncounterCommand::SetCreature {
            participant: pid("a"),
            creature: Some(pc(20)),
        },
        &[],
    );
    t.run(
        EncounterCommand::GainExhaustion {
            participant: pid("a"),
            levels: 3,
        },
        &[],
    );
    let advice = t
        .enc
        .roll_advice(&pid("a"), &RollQuery::new(save(Ability::Dex)))
        .unwrap();
    assert_eq!(labels(&advice.disadvantage), ["exhaustion3"]);
    t.run(
        EncounterCommand::RemoveExhaustion {
            participant: pid("a"),
            levels: 1,
        },
        &[],
    );
    let creature = |t: &Table| {
        t.enc
            .participant(&pid("a"))
            .unwrap()
            .creature
            .clone()
            .unwrap()
    };
    assert_eq!(creature(&t).exhaustion.level(), 2);
    t.run(
        EncounterCommand::GainExhaustion {
            participant: pid("a"),
            levels: 4,
        },
        &[],
    );
    assert_eq!(
        creature(&t).death,
        DeathState::Dead {
            reason: DeathReason::Exhaustion
        }
    );
}
