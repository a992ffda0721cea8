//! The roll query: every A5E condition's effect on real rolls, tracked conditions, the other
//! rulesets' exhaustion penalties, and how reasons are reported.

use turnkeeper::conditions::vocab::AttackRange;
use turnkeeper::conditions::{
    Ability, ActionLimit, Circumstance, ConcentrationBase, ConditionCatalog, ConditionId,
    ConditionOutcome, ConditionState, Flag, HitDiceHalving, HitPoints, Inactive, Origin, Penalty,
    Reason, Roll, RollAdvice, RollMode, RollQuery, Sense, Skill, StressTerm, TrackKind, TravelPace,
    hit_dice_after_fatigue, is_bloodied,
};

fn cid(s: &str) -> ConditionId {
    ConditionId::new(s).unwrap()
}

fn with(ids: &[&str]) -> ConditionState {
    ConditionState {
        conditions: ids.iter().map(|s| cid(s)).collect(),
        ..ConditionState::default()
    }
}

fn ask(state: &ConditionState, roll: Roll) -> RollAdvice {
    ConditionCatalog::a5e()
        .query(state, &RollQuery::new(roll))
        .unwrap()
}

fn ask_q(state: &ConditionState, q: RollQuery) -> RollAdvice {
    ConditionCatalog::a5e().query(state, &q).unwrap()
}

/// A short label per reason: the condition id, or "fatigue2", "strife4", "penalty".
fn labels(reasons: &[Reason]) -> Vec<String> {
    reasons
        .iter()
        .map(|r| match &r.origin {
            Origin::Condition { id } => id.to_string(),
            Origin::Fatigue { level } => format!("fatigue{level}"),
            Origin::Strife { level } => format!("strife{level}"),
            Origin::Exhaustion { level } => format!("exhaustion{level}"),
            Origin::Penalty { penalty } => format!("{penalty:?}"),
            Origin::HitPoints => "hp".into(),
        })
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
fn skill_check(ability: Ability, skill: Skill) -> Roll {
    Roll::AbilityCheck {
        ability,
        skill: Some(skill),
        tool: false,
        senses: vec![],
        social: false,
    }
}
fn sense_check(sense: Sense) -> Roll {
    Roll::AbilityCheck {
        ability: Ability::Wis,
        skill: Some(Skill::Perception),
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
fn actions(state: &ConditionState) -> Vec<ActionLimit> {
    ConditionCatalog::a5e()
        .status(state)
        .unwrap()
        .actions
        .into_iter()
        .map(|a| a.limit)
        .collect()
}
fn flags(state: &ConditionState) -> Vec<Flag> {
    ConditionCatalog::a5e()
        .status(state)
        .unwrap()
        .flags
        .into_iter()
        .map(|a| a.flag)
        .collect()
}
fn speed(state: &ConditionState, base: u32, bonus: u32) -> u32 {
    ConditionCatalog::a5e()
        .status(state)
        .unwrap()
        .speed
        .final_speed(base, bonus)
}

#[test]
fn a5e_cond_01_agonized() {
    let s = with(&["agonized"]);
    let a = ask(&s, check(Ability::Con));
    assert_eq!(labels(&a.disadvantage), ["agonized"]);
    assert_eq!(a.mode, RollMode::Disadvantage);
    assert!(ask(&s, check(Ability::Wis)).disadvantage.is_empty());
    let c = ask(&s, Roll::Concentration);
    assert_eq!(labels(&c.auto_fail), ["agonized"]);
    assert_eq!(a.disadvantage[0].rule.as_deref(), Some("A5E-COND-01"));
    let status = ConditionCatalog::a5e().status(&s).unwrap();
    assert_eq!(labels(&status.concentration_blocked), ["agonized"]);
    assert!(!status.incapacitated);
}

#[test]
fn a5e_cond_02_amnesiac() {
    let s = with(&["amnesiac"]);
    let a = ask(&s, skill_check(Ability::Int, Skill::Arcana));
    assert_eq!(labels(&a.no_proficiency), ["amnesiac"]);
    let tool = ask(
        &s,
        Roll::AbilityCheck {
            ability: Ability::Dex,
            skill: None,
            tool: true,
            senses: vec![],
            social: false,
        },
    );
    assert_eq!(labels(&tool.no_proficiency), ["amnesiac"]);
    assert!(ask(&s, check(Ability::Str)).no_proficiency.is_empty());
    assert!(flags(&s).contains(&Flag::PrimaryLanguageOnly));
}

#[test]
fn a5e_cond_03_blinded() {
    let s = with(&["blinded"]);
    assert_eq!(labels(&ask(&s, melee()).disadvantage), ["blinded"]);
    assert_eq!(labels(&ask(&s, against(30)).advantage), ["blinded"]);
    assert_eq!(
        labels(&ask(&s, sense_check(Sense::Sight)).auto_fail),
        ["blinded"]
    );
    assert!(ask(&s, sense_check(Sense::Hearing)).auto_fail.is_empty());
    assert!(ask(&s, check(Ability::Wis)).auto_fail.is_empty());
    assert!(flags(&s).contains(&Flag::CantSee));
}

#[test]
fn a5e_cond_04_a5e_hp_02_bloodied_is_derived_from_hit_points() {
    let catalog = ConditionCatalog::a5e();
    let mut s = ConditionState {
        hit_points: Some(HitPoints {
            current: 6,
            max: 13,
            temp: 0,
        }),
        ..ConditionState::default()
    };
    let status = catalog.status(&s).unwrap();
    assert_eq!(status.conditions.len(), 1);
    assert_eq!(status.conditions[0].id, cid("bloodied"));
    assert_eq!(status.conditions[0].reason.via, Some(Origin::HitPoints));
    s.hit_points = Some(HitPoints {
        current: 7,
        max: 13,
        temp: 0,
    });
    assert!(catalog.status(&s).unwrap().conditions.is_empty());
    assert!(
        is_bloodied(HitPoints {
            current: 5,
            max: 10,
            temp: 0,
        })
        .unwrap()
    );
    assert!(
        !is_bloodied(HitPoints {
            current: 6,
            max: 10,
            temp: 0,
        })
        .unwrap()
    );
    assert!(
        is_bloodied(HitPoints {
            current: 0,
            max: 10,
            temp: 0,
        })
        .unwrap()
    );
    let err = is_bloodied(HitPoints {
        current: 0,
        max: 0,
        temp: 0,
    })
    .unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_ARGUMENT");
    // It can't be given directly.
    let err = catalog.status(&with(&["bloodied"])).unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_ARGUMENT");
}

#[test]
fn a5e_cond_05_charmed() {
    let s = with(&["charmed"]);
    let social = Roll::CheckAgainst { social: true };
    let unknown = ask(&s, social.clone());
    assert!(unknown.advantage.is_empty());
    assert_eq!(unknown.conditional.len(), 1);
    assert_eq!(unknown.conditional[0].when, Circumstance::ByConditionSource);
    assert_eq!(unknown.conditional[0].outcome, ConditionOutcome::Advantage);
    let by_charmer = ask_q(
        &s,
        RollQuery::new(social.clone()).with(Circumstance::ByConditionSource, true),
    );
    assert_eq!(labels(&by_charmer.advantage), ["charmed"]);
    assert_eq!(by_charmer.mode, RollMode::Advantage);
    let by_other = ask_q(
        &s,
        RollQuery::new(social).with(Circumstance::ByConditionSource, false),
    );
    assert!(by_other.advantage.is_empty() && by_other.conditional.is_empty());
    let not_social = ask_q(
        &s,
        RollQuery::new(Roll::CheckAgainst { social: false })
            .with(Circumstance::ByConditionSource, true),
    );
    assert!(not_social.advantage.is_empty());
    assert_eq!(actions(&s), [ActionLimit::NoHostileActionsAgainstSource]);
}

#[test]
fn a5e_cond_06_confused_limits() {
    assert_eq!(
        actions(&with(&["confused"])),
        [ActionLimit::NoReactions, ActionLimit::RollsForBehaviour]
    );
}

#[test]
fn a5e_cond_07_deafened() {
    let s = with(&["deafened"]);
    assert_eq!(
        labels(&ask(&s, sense_check(Sense::Hearing)).auto_fail),
        ["deafened"]
    );
    assert!(ask(&s, sense_check(Sense::Sight)).auto_fail.is_empty());
    assert!(flags(&s).contains(&Flag::CantHear));
}

#[test]
fn a5e_cond_08_doomed_and_a5e_death_13_fatigue_7() {
    assert_eq!(flags(&with(&["doomed"])), [Flag::Doomed]);
    let s = ConditionState {
        fatigue: 7,
        ..ConditionState::default()
    };
    let status = ConditionCatalog::a5e().status(&s).unwrap();
    let doomed = status
        .conditions
        .iter()
        .find(|c| c.id == cid("doomed"))
        .unwrap();
    assert_eq!(doomed.reason.via, Some(Origin::Fatigue { level: 7 }));
    assert!(status.flags.iter().any(|f| f.flag == Flag::Doomed));
}

#[test]
fn a5e_cond_09_encumbered() {
    let s = with(&["encumbered"]);
    assert_eq!(speed(&s, 30, 10), 5);
    assert_eq!(speed(&s, 0, 0), 0);
}

#[test]
fn a5e_cond_10_enervated() {
    let s = with(&["enervated"]);
    for roll in [melee(), check(Ability::Wis), save(Ability::Dex)] {
        let a = ask(&s, roll);
        assert_eq!(a.modifier_total, -2);
        assert_eq!(
            labels(
                &a.modifiers
                    .iter()
                    .map(|m| m.reason.clone())
                    .collect::<Vec<_>>()
            ),
            ["enervated"]
        );
    }
    assert_eq!(ask(&s, Roll::Damage { range: None }).modifier_total, 0);
    assert!(flags(&s).contains(&Flag::NoPsionics));
}

#[test]
fn a5e_cond_11_enraged_suppresses_frightened_and_placid() {
    let s = with(&["enraged", "frightened", "placid"]);
    let a = ask_q(
        &s,
        RollQuery::new(melee()).with(Circumstance::SeesSourceOfFear, true),
    );
    assert!(a.disadvantage.is_empty(), "frightened has no effect");
    assert_eq!(
        labels(&ask(&s, check(Ability::Cha)).disadvantage),
        ["enraged"]
    );
    assert!(ask(&s, check(Ability::Str)).disadvantage.is_empty());
    let status = ConditionCatalog::a5e().status(&s).unwrap();
    assert_eq!(status.inactive.len(), 2);
    for i in &status.inactive {
        assert_eq!(
            i.because,
            Inactive::SuppressedBy {
                condition: cid("enraged")
            }
        );
    }
    assert_eq!(
        actions(&s),
        [ActionLimit::MustChargeNearestEnemy],
        "placid's limit is gone"
    );
}

#[test]
fn a5e_cond_12_frightened_depends_on_seeing_the_source() {
    let s = with(&["frightened"]);
    let unknown = ask(&s, melee());
    assert!(unknown.disadvantage.is_empty());
    assert_eq!(
        unknown.conditional[0].outcome,
        ConditionOutcome::Disadvantage
    );
    assert_eq!(unknown.conditional[0].when, Circumstance::SeesSourceOfFear);
    let sees = ask_q(
        &s,
        RollQuery::new(check(Ability::Str)).with(Circumstance::SeesSourceOfFear, true),
    );
    assert_eq!(labels(&sees.disadvantage), ["frightened"]);
    let blind = ask_q(
        &s,
        RollQuery::new(melee()).with(Circumstance::SeesSourceOfFear, false),
    );
    assert!(blind.disadvantage.is_empty() && blind.conditional.is_empty());
    assert!(ask(&s, save(Ability::Wis)).conditional.is_empty());
    assert!(flags(&s).contains(&Flag::CantApproachSource));
}

#[test]
fn a5e_cond_13_fixated() {
    let s = with(&["fixated"]);
    let q = |roll| RollQuery::new(roll).with(Circumstance::NotAboutFixationSource, true);
    let a = ask_q(&s, q(skill_check(Ability::Wis, Skill::Perception)));
    assert_eq!(labels(&a.disadvantage), ["fixated"]);
    let b = ask_q(&s, q(skill_check(Ability::Int, Skill::Investigation)));
    assert_eq!(labels(&b.disadvantage), ["fixated"]);
    assert!(
        ask_q(&s, q(skill_check(Ability::Str, Skill::Athletics)))
            .disadvantage
            .is_empty()
    );
    assert!(ask_q(&s, q(check(Ability::Wis))).disadvantage.is_empty());
    let about_source = ask_q(
        &s,
        RollQuery::new(skill_check(Ability::Wis, Skill::Perception))
            .with(Circumstance::NotAboutFixationSource, false),
    );
    assert!(about_source.disadvantage.is_empty());
    assert!(flags(&s).contains(&Flag::AwayFromSourceCostsDouble));
}

#[test]
fn a5e_cond_14_grappled() {
    let s = with(&["grappled"]);
    assert_eq!(speed(&s, 30, 10), 0);
    assert!(flags(&s).contains(&Flag::EndsWhenMovedOutOfReach));
    assert!(
        ConditionCatalog::a5e()
            .get(&cid("grappled"))
            .unwrap()
            .ends_if_source_incapacitated
    );
}

#[test]
fn a5e_cond_15_incapacitated() {
    let s = with(&["incapacitated"]);
    assert_eq!(
        actions(&s),
        [
            ActionLimit::NoActions,
            ActionLimit::NoBonusActions,
            ActionLimit::NoReactions
        ]
    );
    let status = ConditionCatalog::a5e().status(&s).unwrap();
    assert!(status.incapacitated);
    assert_eq!(labels(&status.concentration_blocked), ["incapacitated"]);
}

#[test]
fn a5e_cond_16_invisible() {
    let s = with(&["invisible"]);
    let own = ask_q(
        &s,
        RollQuery::new(melee()).with(Circumstance::OpponentCannotSeeIt, true),
    );
    assert_eq!(labels(&own.advantage), ["invisible"]);
    let hit = ask_q(
        &s,
        RollQuery::new(against(5)).with(Circumstance::OpponentCannotSeeIt, true),
    );
    assert_eq!(labels(&hit.disadvantage), ["invisible"]);
    // No benefit against a creature that can see it.
    let seen = ask_q(
        &s,
        RollQuery::new(against(5)).with(Circumstance::OpponentCannotSeeIt, false),
    );
    assert!(seen.disadvantage.is_empty());
    assert_eq!(ask(&s, melee()).conditional.len(), 1);
    assert!(flags(&s).contains(&Flag::Unseen));
}

#[test]
fn a5e_cond_17_manic() {
    assert_eq!(actions(&with(&["manic"])), [ActionLimit::ActionOrMove]);
}

#[test]
fn a5e_cond_18_paralyzed() {
    let s = with(&["paralyzed"]);
    let status = ConditionCatalog::a5e().status(&s).unwrap();
    assert!(status.incapacitated);
    let incap = status
        .conditions
        .iter()
        .find(|c| c.id == cid("incapacitated"))
        .unwrap();
    assert_eq!(
        incap.reason.via,
        Some(Origin::Condition {
            id: cid("paralyzed")
        })
    );
    assert_eq!(
        labels(&ask(&s, save(Ability::Str)).auto_fail),
        ["paralyzed"]
    );
    assert_eq!(
        labels(&ask(&s, save(Ability::Dex)).auto_fail),
        ["paralyzed"]
    );
    assert!(ask(&s, save(Ability::Con)).auto_fail.is_empty());
    let close = ask(&s, against(5));
    assert_eq!(labels(&close.advantage), ["paralyzed"]);
    assert_eq!(labels(&close.critical_on_hit), ["paralyzed"]);
    let far = ask(&s, against(10));
    assert_eq!(labels(&far.advantage), ["paralyzed"]);
    assert!(far.critical_on_hit.is_empty());
    assert_eq!(speed(&s, 30, 0), 0);
    assert!(flags(&s).contains(&Flag::CantSpeak));
    assert!(actions(&s).contains(&ActionLimit::NoReactions));
}

#[test]
fn a5e_cond_19_petrified() {
    let s = with(&["petrified"]);
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
    assert!(ConditionCatalog::a5e().status(&s).unwrap().incapacitated);
    assert_eq!(
        labels(&ask(&s, save(Ability::Dex)).auto_fail),
        ["petrified"]
    );
    // The source gives petrified creatures no advantage for attackers.
    assert!(ask(&s, against(5)).advantage.is_empty());
}

#[test]
fn a5e_cond_20_placid() {
    assert_eq!(actions(&with(&["placid"])), [ActionLimit::NoHostileActions]);
}

#[test]
fn a5e_cond_21_poisoned() {
    let s = with(&["poisoned"]);
    assert_eq!(labels(&ask(&s, melee()).disadvantage), ["poisoned"]);
    assert_eq!(
        labels(&ask(&s, check(Ability::Dex)).disadvantage),
        ["poisoned"]
    );
    assert!(ask(&s, save(Ability::Con)).disadvantage.is_empty());
}

#[test]
fn a5e_cond_22_prone() {
    let s = with(&["prone"]);
    assert_eq!(labels(&ask(&s, melee()).disadvantage), ["prone"]);
    assert!(ask(&s, attack(AttackRange::Ranged)).disadvantage.is_empty());
    let close = ask(&s, against(5));
    assert_eq!(labels(&close.advantage), ["prone"]);
    assert!(close.disadvantage.is_empty());
    let far = ask(&s, against(6));
    assert_eq!(labels(&far.disadvantage), ["prone"]);
    assert!(far.advantage.is_empty());
    let f = flags(&s);
    assert!(f.contains(&Flag::CrawlOnly) && f.contains(&Flag::StandingCostsHalfMovement));
}

#[test]
fn a5e_cond_23_rattled() {
    let s = with(&["rattled"]);
    assert_eq!(
        labels(&ask(&s, check(Ability::Dex)).no_expertise_dice),
        ["rattled"]
    );
    assert_eq!(labels(&ask(&s, melee()).no_expertise_dice), ["rattled"]);
    assert!(ask(&s, against(5)).no_expertise_dice.is_empty());
    assert_eq!(actions(&s), [ActionLimit::NoReactions]);
}

#[test]
fn a5e_cond_24_restrained() {
    let s = with(&["restrained"]);
    assert_eq!(speed(&s, 30, 15), 0);
    assert_eq!(labels(&ask(&s, melee()).disadvantage), ["restrained"]);
    assert_eq!(
        labels(&ask(&s, save(Ability::Dex)).disadvantage),
        ["restrained"]
    );
    assert!(ask(&s, save(Ability::Str)).disadvantage.is_empty());
    assert_eq!(labels(&ask(&s, against(60)).advantage), ["restrained"]);
}

#[test]
fn a5e_cond_25_slowed() {
    let s = with(&["slowed"]);
    assert_eq!(speed(&s, 30, 0), 15);
    assert_eq!(speed(&s, 25, 0), 12);
    let status = ConditionCatalog::a5e().status(&s).unwrap();
    assert_eq!(status.armor_class_total, -2);
    assert_eq!(ask(&s, save(Ability::Dex)).modifier_total, -2);
    assert_eq!(ask(&s, save(Ability::Wis)).modifier_total, 0);
    assert_eq!(
        actions(&s),
        [
            ActionLimit::NoReactions,
            ActionLimit::ActionOrBonusAction,
            ActionLimit::OneAttackPerTurn
        ]
    );
}

#[test]
fn a5e_cond_26_stunned() {
    let s = with(&["stunned"]);
    assert!(ConditionCatalog::a5e().status(&s).unwrap().incapacitated);
    assert_eq!(labels(&ask(&s, save(Ability::Str)).auto_fail), ["stunned"]);
    let close = ask(&s, against(5));
    assert_eq!(labels(&close.advantage), ["stunned"]);
    assert!(close.critical_on_hit.is_empty());
    assert!(flags(&s).contains(&Flag::SpeaksFalteringly));
    assert_eq!(speed(&s, 30, 0), 0);
}

#[test]
fn a5e_cond_27_unconscious_implies_incapacitated_and_prone() {
    let s = with(&["unconscious"]);
    let status = ConditionCatalog::a5e().status(&s).unwrap();
    let ids: Vec<String> = status.conditions.iter().map(|c| c.id.to_string()).collect();
    assert_eq!(ids, ["unconscious", "incapacitated", "prone"]);
    let close = ask(&s, against(5));
    assert_eq!(labels(&close.advantage), ["unconscious", "prone"]);
    assert_eq!(
        close.advantage[1].via,
        Some(Origin::Condition {
            id: cid("unconscious")
        })
    );
    assert_eq!(labels(&close.critical_on_hit), ["unconscious"]);
    assert_eq!(close.mode, RollMode::Advantage);
    // From 30 ft: advantage (unconscious) and disadvantage (prone) cancel.
    let far = ask(&s, against(30));
    assert_eq!(labels(&far.advantage), ["unconscious"]);
    assert_eq!(labels(&far.disadvantage), ["prone"]);
    assert_eq!(far.mode, RollMode::Normal);
    assert_eq!(
        labels(&ask(&s, save(Ability::Dex)).auto_fail),
        ["unconscious"]
    );
    assert!(flags(&s).contains(&Flag::DropsHeldItems));
}

#[test]
fn a5e_cond_28_immunities_remove_conditions_and_their_implications() {
    let catalog = ConditionCatalog::a5e();
    let s = ConditionState {
        conditions: vec![cid("rattled"), cid("agonized")],
        immunities: vec![cid("stunned")],
        ..ConditionState::default()
    };
    let status = catalog.status(&s).unwrap();
    assert!(status.conditions.is_empty());
    assert_eq!(status.inactive.len(), 2);
    assert!(status.inactive.iter().all(|i| i.because
        == Inactive::Immune {
            through: Some(cid("stunned"))
        }));
    assert!(status.actions.is_empty());
    // Immune to prone: an unconscious creature is not prone.
    let s = ConditionState {
        conditions: vec![cid("unconscious")],
        immunities: vec![cid("prone")],
        ..ConditionState::default()
    };
    let far = catalog.query(&s, &RollQuery::new(against(30))).unwrap();
    assert!(far.disadvantage.is_empty());
    assert_eq!(far.mode, RollMode::Advantage);
    // Immune to charmed ⇒ enraged does nothing.
    let s = ConditionState {
        conditions: vec![cid("enraged")],
        immunities: vec![cid("charmed")],
        ..ConditionState::default()
    };
    assert!(
        catalog
            .query(&s, &RollQuery::new(check(Ability::Wis)))
            .unwrap()
            .disadvantage
            .is_empty()
    );
}

#[test]
fn advantage_and_disadvantage_cancel() {
    let s = with(&["poisoned", "invisible"]);
    let a = ask_q(
        &s,
        RollQuery::new(melee()).with(Circumstance::OpponentCannotSeeIt, true),
    );
    assert_eq!(labels(&a.advantage), ["invisible"]);
    assert_eq!(labels(&a.disadvantage), ["poisoned"]);
    assert_eq!(a.mode, RollMode::Normal);
    // Two disadvantages and one advantage still cancel.
    let s = with(&["poisoned", "blinded", "invisible"]);
    let a = ask_q(
        &s,
        RollQuery::new(melee()).with(Circumstance::OpponentCannotSeeIt, true),
    );
    assert_eq!(a.disadvantage.len(), 2);
    assert_eq!(a.mode, RollMode::Normal);
}

#[test]
fn conflicting_circumstances_and_bad_input_are_errors() {
    let catalog = ConditionCatalog::a5e();
    let q = RollQuery::new(melee())
        .with(Circumstance::SeesSourceOfFear, true)
        .with(Circumstance::SeesSourceOfFear, false);
    let err = catalog.query(&with(&["frightened"]), &q).unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_ARGUMENT");
    let err = catalog
        .query(&with(&["nonexistent"]), &RollQuery::new(melee()))
        .unwrap_err();
    assert_eq!(err.code.as_str(), "UNKNOWN_ID");
    let s = ConditionState {
        fatigue: 8,
        ..ConditionState::default()
    };
    assert_eq!(
        catalog.status(&s).unwrap_err().code.as_str(),
        "INVALID_ARGUMENT"
    );
    let s = ConditionState {
        conditions: vec![cid("prone"); 65],
        ..ConditionState::default()
    };
    assert_eq!(
        catalog.status(&s).unwrap_err().code.as_str(),
        "INVALID_ARGUMENT"
    );
}

#[test]
fn concentration_counts_as_a_constitution_save_by_default() {
    // Fatigue 4: disadvantage on Constitution saves → on concentration too.
    let s = ConditionState {
        fatigue: 4,
        ..ConditionState::default()
    };
    let a = ask(&s, Roll::Concentration);
    assert_eq!(labels(&a.disadvantage), ["fatigue4"]);
    let only = ask_q(
        &s,
        RollQuery {
            roll: Roll::Concentration,
            circumstances: vec![],
            concentration: ConcentrationBase::ConcentrationOnly,
        },
    );
    assert!(only.disadvantage.is_empty());
    // As a Constitution check (agonized's wording), fatigue 2 applies instead.
    let s2 = ConditionState {
        fatigue: 2,
        ..ConditionState::default()
    };
    let as_check = ask_q(
        &s2,
        RollQuery {
            roll: Roll::Concentration,
            circumstances: vec![],
            concentration: ConcentrationBase::ConstitutionCheck,
        },
    );
    assert_eq!(labels(&as_check.disadvantage), ["fatigue2"]);
    assert!(ask(&s2, Roll::Concentration).disadvantage.is_empty());
}

fn fatigue(level: u8) -> ConditionState {
    ConditionState {
        fatigue: level,
        ..ConditionState::default()
    }
}
fn strife(level: u8) -> ConditionState {
    ConditionState {
        strife: level,
        ..ConditionState::default()
    }
}

#[test]
fn a5e_track_02_ex_a5e_10_fatigue_3_is_cumulative() {
    let s = fatigue(3);
    let status = ConditionCatalog::a5e().status(&s).unwrap();
    // Speed halved (level 3).
    assert_eq!(status.speed.final_speed(30, 0), 15);
    assert_eq!(
        labels(
            &status
                .speed
                .rules
                .iter()
                .map(|r| r.reason.clone())
                .collect::<Vec<_>>()
        ),
        ["fatigue3"]
    );
    // Can't Sprint or Dash (level 1).
    assert_eq!(status.actions.len(), 1);
    assert_eq!(status.actions[0].limit, ActionLimit::NoSprintOrDash);
    assert_eq!(labels(&[status.actions[0].reason.clone()]), ["fatigue1"]);
    // Disadvantage on Str, Dex and Con checks (level 2).
    for ability in [Ability::Str, Ability::Dex, Ability::Con] {
        assert_eq!(labels(&ask(&s, check(ability)).disadvantage), ["fatigue2"]);
    }
    assert!(ask(&s, check(Ability::Int)).disadvantage.is_empty());
    // Not yet level 4.
    assert!(ask(&s, melee()).disadvantage.is_empty());
    assert_eq!(status.travel.len(), 1);
    assert_eq!(status.travel[0].cannot, TravelPace::Fast);
    assert_eq!(
        status.travel[0].reason.rule.as_deref(),
        Some("A5E-TRACK-07")
    );
}

#[test]
fn a5e_track_07_fatigue_table_every_level() {
    let catalog = ConditionCatalog::a5e();
    assert!(catalog.status(&fatigue(0)).unwrap().actions.is_empty());
    // 1: no Sprint or Dash
    assert_eq!(actions(&fatigue(1)), [ActionLimit::NoSprintOrDash]);
    assert!(
        ask(&fatigue(1), check(Ability::Str))
            .disadvantage
            .is_empty()
    );
    // 2: physical checks
    assert_eq!(
        labels(&ask(&fatigue(2), check(Ability::Dex)).disadvantage),
        ["fatigue2"]
    );
    assert_eq!(speed(&fatigue(2), 30, 0), 30);
    // 3: speed halved, no fast pace
    assert_eq!(speed(&fatigue(3), 30, 0), 15);
    // 4: physical attacks and saves, no normal pace
    let f4 = fatigue(4);
    assert_eq!(labels(&ask(&f4, melee()).disadvantage), ["fatigue4"]);
    assert_eq!(
        labels(&ask(&f4, save(Ability::Con)).disadvantage),
        ["fatigue4"]
    );
    assert!(ask(&f4, save(Ability::Wis)).disadvantage.is_empty());
    let paces: Vec<TravelPace> = catalog
        .status(&f4)
        .unwrap()
        .travel
        .iter()
        .map(|t| t.cannot)
        .collect();
    assert_eq!(paces, [TravelPace::Fast, TravelPace::Normal]);
    // 5: Hit Dice halved
    assert!(
        catalog
            .status(&fatigue(4))
            .unwrap()
            .hit_dice_halved
            .is_empty()
    );
    assert_eq!(
        labels(&catalog.status(&fatigue(5)).unwrap().hit_dice_halved),
        ["fatigue5"]
    );
    // 6: speed 5 ft, no slow pace
    assert_eq!(speed(&fatigue(6), 30, 0), 5);
    assert_eq!(speed(&fatigue(6), 8, 0), 4, "halved, then capped");
    assert_eq!(catalog.status(&fatigue(6)).unwrap().travel.len(), 3);
    // 7: doomed
    assert!(
        catalog
            .status(&fatigue(7))
            .unwrap()
            .conditions
            .iter()
            .any(|c| c.id == cid("doomed"))
    );
    assert!(
        !catalog
            .status(&fatigue(6))
            .unwrap()
            .conditions
            .iter()
            .any(|c| c.id == cid("doomed"))
    );
    assert_eq!(TrackKind::Fatigue.rows_at(7).unwrap().len(), 7);
    assert_eq!(TrackKind::Fatigue.rows_at(0).unwrap().len(), 0);
    assert!(TrackKind::Fatigue.rows_at(8).is_err());
}

#[test]
fn a5e_track_07_fatigue_5_hit_dice_halved_g_23() {
    // Half of 10 can be spent, and 3 already were: 2 more (as a Creature counts them).
    let r = hit_dice_after_fatigue(5, 7, 10, HitDiceHalving::AvailableForSpending).unwrap();
    assert_eq!((r.available, r.maximum), (2, 10));
    let r = hit_dice_after_fatigue(5, 10, 10, HitDiceHalving::AvailableForSpending).unwrap();
    assert_eq!((r.available, r.maximum), (5, 10));
    let r = hit_dice_after_fatigue(5, 4, 10, HitDiceHalving::AvailableForSpending).unwrap();
    assert_eq!((r.available, r.maximum), (0, 10));
    let r = hit_dice_after_fatigue(7, 9, 9, HitDiceHalving::AvailableForSpending).unwrap();
    assert_eq!(r.available, 4);
    let r = hit_dice_after_fatigue(5, 7, 10, HitDiceHalving::Maximum).unwrap();
    assert_eq!((r.available, r.maximum), (5, 5));
    let r = hit_dice_after_fatigue(4, 7, 10, HitDiceHalving::AvailableForSpending).unwrap();
    assert_eq!((r.available, r.maximum), (7, 10));
    assert!(hit_dice_after_fatigue(5, 11, 10, HitDiceHalving::Maximum).is_err());
    assert!(hit_dice_after_fatigue(8, 1, 1, HitDiceHalving::Maximum).is_err());
}

#[test]
fn a5e_track_08_strife_table_every_level() {
    let catalog = ConditionCatalog::a5e();
    // 1: mental checks
    assert_eq!(
        labels(&ask(&strife(1), check(Ability::Wis)).disadvantage),
        ["strife1"]
    );
    assert!(ask(&strife(1), check(Ability::Str)).disadvantage.is_empty());
    assert!(ask(&strife(1), Roll::Concentration).disadvantage.is_empty());
    // 2: concentration
    assert_eq!(
        labels(&ask(&strife(2), Roll::Concentration).disadvantage),
        ["strife2"]
    );
    // 3: action or bonus action
    assert_eq!(actions(&strife(3)), [ActionLimit::ActionOrBonusAction]);
    // 4: mental attacks and saves
    let a = ask(
        &strife(4),
        Roll::Attack {
            range: AttackRange::Ranged,
            ability: Ability::Int,
        },
    );
    assert_eq!(labels(&a.disadvantage), ["strife4"]);
    assert_eq!(
        labels(&ask(&strife(4), save(Ability::Cha)).disadvantage),
        ["strife4"]
    );
    assert!(ask(&strife(4), melee()).disadvantage.is_empty());
    // 5: short-term stress
    let s5 = catalog.status(&strife(5)).unwrap();
    assert_eq!(s5.stress.len(), 1);
    assert_eq!(s5.stress[0].term, StressTerm::ShortTerm);
    // 6: no spells but cantrips
    assert_eq!(
        actions(&strife(6)),
        [
            ActionLimit::ActionOrBonusAction,
            ActionLimit::NoSpellsExceptCantrips
        ]
    );
    // 7: long-term stress and a permanent effect
    let s7 = catalog.status(&strife(7)).unwrap();
    let terms: Vec<StressTerm> = s7.stress.iter().map(|s| s.term).collect();
    assert_eq!(terms, [StressTerm::ShortTerm, StressTerm::LongTerm]);
    assert!(
        s7.flags
            .iter()
            .any(|f| f.flag == Flag::PermanentStrifeEffect)
    );
    assert_eq!(s7.flags[0].reason.rule.as_deref(), Some("A5E-TRACK-08"));
}

#[test]
fn hyb_res_03_exhausted() {
    let s = ConditionState {
        penalties: vec![Penalty::HybExhausted],
        ..ConditionState::default()
    };
    for roll in [check(Ability::Str), save(Ability::Wis), melee()] {
        let a = ask(&s, roll);
        assert_eq!(labels(&a.disadvantage), ["HybExhausted"]);
        assert_eq!(a.disadvantage[0].rule.as_deref(), Some("HYB-RES-03"));
    }
    assert_eq!(speed(&s, 30, 10), 0);
    assert_eq!(actions(&s), [ActionLimit::NoStrenuousActivity]);
}

#[test]
fn ose_pursuit_02_running_exhaustion() {
    let s = ConditionState {
        penalties: vec![Penalty::OseRunningExhaustion],
        ..ConditionState::default()
    };
    assert_eq!(ask(&s, melee()).modifier_total, -2);
    assert_eq!(
        ask(
            &s,
            Roll::Damage {
                range: Some(AttackRange::Melee)
            }
        )
        .modifier_total,
        -2
    );
    assert_eq!(
        ConditionCatalog::a5e()
            .status(&s)
            .unwrap()
            .armor_class_total,
        -2
    );
    assert_eq!(ask(&s, save(Ability::Dex)).modifier_total, 0);
}

#[test]
fn ose_dung_09_and_ose_wild_11_no_rest_penalties() {
    for (p, rule) in [
        (Penalty::OseDungeonNoRest, "OSE-DUNG-09"),
        (Penalty::OseWildernessNoRest, "OSE-WILD-11"),
    ] {
        let s = ConditionState {
            penalties: vec![p],
            ..ConditionState::default()
        };
        let a = ask(&s, melee());
        assert_eq!(a.modifier_total, -1);
        assert_eq!(a.modifiers[0].reason.rule.as_deref(), Some(rule));
        assert_eq!(ask(&s, Roll::Damage { range: None }).modifier_total, -1);
        assert_eq!(
            ConditionCatalog::a5e()
                .status(&s)
                .unwrap()
                .armor_class_total,
            0
        );
    }
}

#[test]
fn c_14_exhaustion_models_stay_separate_and_add_up() {
    // Running exhaustion and no rest are different sources: −3 to attacks; listing one
    // penalty twice counts it once.
    let s = ConditionState {
        penalties: vec![
            Penalty::OseRunningExhaustion,
            Penalty::OseDungeonNoRest,
            Penalty::OseDungeonNoRest,
        ],
        ..ConditionState::default()
    };
    let a = ask(&s, melee());
    assert_eq!(a.modifier_total, -3);
    assert_eq!(a.modifiers.len(), 2);
}

#[test]
fn speed_rules_combine_in_documented_order() {
    // Slowed and fatigue 3 are different effects: each halves.
    let s = ConditionState {
        conditions: vec![cid("slowed")],
        fatigue: 3,
        ..ConditionState::default()
    };
    assert_eq!(speed(&s, 30, 0), 7);
    // Grappled: bonuses don't help.
    assert_eq!(speed(&with(&["grappled", "slowed"]), 30, 30), 0);
    // Encumbered and slowed: halve then cap.
    assert_eq!(speed(&with(&["encumbered", "slowed"]), 30, 0), 5);
    assert_eq!(speed(&with(&[]), 30, 10), 40);
}

#[test]
fn query_json_shapes_for_a_vtt() {
    let state: ConditionState = serde_json::from_str(
        r#"{"conditions":["frightened","unconscious"],"fatigue":2,"hitPoints":{"current":3,"max":20},"penalties":["oseDungeonNoRest"]}"#,
    )
    .unwrap();
    let q: RollQuery = serde_json::from_str(
        r#"{"roll":{"type":"attackAgainst","attackerDistanceFeet":5},"circumstances":[{"circumstance":"seesSourceOfFear","holds":true}]}"#,
    )
    .unwrap();
    let advice = ConditionCatalog::a5e().query(&state, &q).unwrap();
    let v = serde_json::to_value(&advice).unwrap();
    assert_eq!(v["mode"], "advantage");
    assert_eq!(v["advantage"][0]["origin"]["type"], "condition");
    assert_eq!(v["advantage"][0]["origin"]["id"], "unconscious");
    assert_eq!(v["advantage"][0]["rule"], "A5E-COND-27");
    assert_eq!(v["advantage"][1]["origin"]["id"], "prone");
    assert_eq!(v["advantage"][1]["via"]["id"], "unconscious");
    assert_eq!(v["criticalOnHit"][0]["origin"]["id"], "unconscious");
    let conds: Vec<&str> = v["status"]["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        conds,
        [
            "frightened",
            "unconscious",
            "bloodied",
            "incapacitated",
            "prone"
        ]
    );
    assert!(
        serde_json::from_str::<RollQuery>(r#"{"roll":{"type":"attack","range":"melee"}}"#).is_err()
    );
    assert!(serde_json::from_str::<ConditionState>(r#"{"fatigue":1,"mood":"bad"}"#).is_err());
}
