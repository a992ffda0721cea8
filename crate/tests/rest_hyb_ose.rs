//! HYB nightly rest (HYB-HEAL-02; EX-HYB-05) and the injury "until rest"; OSE natural healing is
//! in creature_ose.rs.

use turnkeeper::ErrorCode;
use turnkeeper::creature::*;
use turnkeeper::dice::SuppliedDice;

fn hyb() -> CreatureRules {
    CreatureRules::hyb()
}

fn pc(level: u32) -> Creature {
    Creature::new(CreatureKind::Pc, 30)
        .unwrap()
        .with_level(level)
        .with_current_hp(10)
        .with_abilities(AbilityScores::new(10, 10, 10, 10, 10, 10))
}

fn night(safety: RestSafety) -> NightlyRest {
    NightlyRest {
        safety,
        ate_food: true,
    }
}

#[test]
fn hyb_heal_02_ex_hyb_05_safe_rest_heals_level_unsafe_heals_one() {
    assert_eq!(hyb_nightly_healing(4, RestSafety::Safe), 4);
    assert_eq!(hyb_nightly_healing(4, RestSafety::Unsafe), 1);
    let mut c = pc(4);
    c.hyb_nightly_rest(&hyb(), night(RestSafety::Safe)).unwrap();
    assert_eq!(c.hp.current, 14);
    let mut c = pc(4);
    c.hyb_nightly_rest(&hyb(), night(RestSafety::Unsafe))
        .unwrap();
    assert_eq!(c.hp.current, 11);
}

#[test]
fn hyb_death_03_injury_disadvantage_lasts_until_rest() {
    let mut c = pc(4);
    c.hyb.disadvantage_until_rest = true;
    let r = c
        .hyb_nightly_rest(&hyb(), night(RestSafety::Unsafe))
        .unwrap();
    assert!(r.outcomes.contains(&Outcome::DisadvantageEnded));
    assert!(!c.hyb.disadvantage_until_rest);
    // The other reading: only a safe rest ends it.
    let safe_only = CreatureRules::Hyb(HybRules {
        injury_rest: InjuryRest::SafeRestOnly,
        ..HybRules::default()
    });
    let mut c = pc(4);
    c.hyb.disadvantage_until_rest = true;
    c.hyb_nightly_rest(&safe_only, night(RestSafety::Unsafe))
        .unwrap();
    assert!(c.hyb.disadvantage_until_rest);
    c.hyb_nightly_rest(&safe_only, night(RestSafety::Safe))
        .unwrap();
    assert!(!c.hyb.disadvantage_until_rest);
}

#[test]
fn hyb_res_01_a_nights_rest_restarts_the_resilience_count() {
    let mut c = pc(4);
    c.add_adventuring_hours(12).unwrap();
    c.hyb_nightly_rest(&hyb(), night(RestSafety::Unsafe))
        .unwrap();
    assert_eq!(c.hyb.hours_adventured, 0);
    assert_eq!(c.resilience_dc().unwrap(), None);
}

#[test]
fn nightly_rest_needs_a_living_stabilised_hyb_creature() {
    let mut c = pc(4);
    c.take_damage(
        &hyb(),
        &DamageInstance::new(10, None),
        &DamageChoices::default(),
        Moment::outside_encounter(GameTime(0)),
        &mut SuppliedDice::new([]),
    )
    .unwrap();
    let err = c
        .hyb_nightly_rest(&hyb(), night(RestSafety::Safe))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::OutOfOrder);
    let err = pc(4)
        .hyb_nightly_rest(&CreatureRules::a5e(), night(RestSafety::Safe))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
}
