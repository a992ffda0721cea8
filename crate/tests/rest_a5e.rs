//! A5E short and long rests (A5E-REST-01..06, A5E-TRACK-04, A5E-THP-05, C-32; EX-A5E-03).

use turnkeeper::ErrorCode;
use turnkeeper::creature::*;
use turnkeeper::dice::{DieSize, RolledDie, SuppliedDice};

const DAY: u32 = 86_400;
const MORNING: GameTime = GameTime(3 * DAY);

fn a5e() -> CreatureRules {
    CreatureRules::a5e()
}

fn dice(faces: &[u32]) -> SuppliedDice {
    SuppliedDice::new(faces.iter().copied())
}

fn pc(hd: u32) -> Creature {
    Creature::new(CreatureKind::Pc, 60)
        .unwrap()
        .with_level(hd)
        .with_con_mod(2)
        .with_hit_dice(DieSize::D8, hd)
}

fn rest(haven: bool, supply: bool) -> LongRest {
    LongRest::full(MORNING, supply, haven)
}

#[test]
fn a5e_rest_01_short_rest_spends_hit_dice_one_at_a_time() {
    let rules = a5e();
    let mut c = pc(3).with_current_hp(5);
    let r = c.spend_hit_die(&rules, &mut dice(&[6])).unwrap();
    assert_eq!(c.hp.current, 13, "6 + 2");
    assert_eq!(
        r.outcomes[0],
        Outcome::HitDieSpent {
            die: RolledDie { sides: 8, face: 6 },
            con_mod: 2,
            value: 8,
            hit_dice_left: 2
        }
    );
    // The player sees the roll, then decides on another.
    c.spend_hit_die(&rules, &mut dice(&[1])).unwrap();
    c.spend_hit_die(&rules, &mut dice(&[8])).unwrap();
    assert_eq!(c.hp.current, 26);
    assert_eq!(c.available_hit_dice(&rules).unwrap(), 0);
    let before = c.clone();
    let err = c.spend_hit_die(&rules, &mut dice(&[8])).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    assert_eq!(c, before);

    // No minimum is stated: a negative total heals nothing (and never harms).
    let mut weak = pc(2).with_con_mod(-2).with_current_hp(10);
    weak.spend_hit_die(&rules, &mut dice(&[1])).unwrap();
    assert_eq!(weak.hp.current, 10);
    // A minimum of 1 as an option.
    let min_one = CreatureRules::A5e(A5eRules {
        hit_die_minimum: 1,
        ..A5eRules::default()
    });
    weak.spend_hit_die(&min_one, &mut dice(&[1])).unwrap();
    assert_eq!(weak.hp.current, 11);
}

#[test]
fn a5e_track_07_level_5_halves_hit_dice() {
    let mut c = pc(6).with_current_hp(10);
    c.fatigue = Track::new(5);
    assert_eq!(c.available_hit_dice(&a5e()).unwrap(), 3);
    // The creature and the stateless rule agree, before and after spending.
    let agrees = |c: &Creature| {
        let pool = c.hit_dice.unwrap();
        let limit = turnkeeper::conditions::hit_dice_after_fatigue(
            5,
            pool.total - pool.spent,
            pool.total,
            turnkeeper::conditions::HitDiceHalving::AvailableForSpending,
        )
        .unwrap();
        assert_eq!(c.available_hit_dice(&a5e()).unwrap(), limit.available);
    };
    agrees(&c);
    c.spend_hit_die(&a5e(), &mut dice(&[3])).unwrap();
    assert_eq!(
        c.hp.current, 15,
        "this reading leaves the roll whole: 10 + 3 + 2"
    );
    assert_eq!(c.available_hit_dice(&a5e()).unwrap(), 2);
    agrees(&c);
    // The other reading halves what each die restores.
    let mut c = pc(6).with_current_hp(10);
    c.fatigue = Track::new(5);
    let rolls = CreatureRules::A5e(A5eRules {
        fatigue_hit_dice: FatigueHitDice::HalveRolls,
        ..A5eRules::default()
    });
    assert_eq!(c.available_hit_dice(&rolls).unwrap(), 6);
    c.spend_hit_die(&rolls, &mut dice(&[7])).unwrap();
    assert_eq!(c.hp.current, 14, "(7 + 2) / 2 = 4");
    // Below level 5 neither reading halves anything.
    let mut c = pc(6).with_current_hp(10);
    c.fatigue = Track::new(4);
    c.spend_hit_die(&rolls, &mut dice(&[7])).unwrap();
    assert_eq!(c.hp.current, 19, "7 + 2");
}

#[test]
fn a5e_rest_02_long_rest_is_8_hours_with_6_asleep_and_restarts_if_interrupted() {
    let rules = a5e();
    let mut c = pc(4).with_current_hp(20);
    let cases = [
        (
            LongRest {
                duration_minutes: 7 * 60,
                ..rest(true, true)
            },
            NoRestBenefit::TooShort,
        ),
        (
            LongRest {
                asleep_minutes: 5 * 60,
                ..rest(true, true)
            },
            NoRestBenefit::TooLittleSleep,
        ),
        (
            LongRest {
                strenuous_minutes: 61,
                duration_minutes: 9 * 60,
                ..rest(true, true)
            },
            NoRestBenefit::Interrupted,
        ),
    ];
    for (r, reason) in cases {
        let before = c.clone();
        let report = c.long_rest(&rules, &r, &mut dice(&[])).unwrap();
        assert_eq!(report.outcomes, vec![Outcome::LongRestNoBenefit { reason }]);
        assert_eq!(c, before);
    }
    // An hour of strenuous activity is tolerated.
    let ok = LongRest {
        strenuous_minutes: 60,
        duration_minutes: 9 * 60,
        ..rest(true, true)
    };
    let report = c.long_rest(&rules, &ok, &mut dice(&[])).unwrap();
    assert!(report.outcomes.contains(&Outcome::LongRestCompleted));
}

#[test]
fn a5e_rest_03_ex_a5e_03_long_rest_restores_all_hp_and_half_the_hit_dice() {
    let rules = a5e();
    let mut c = pc(10).with_current_hp(3);
    c.hit_dice.as_mut().unwrap().spent = 8;
    let r = c
        .long_rest(&rules, &rest(false, true), &mut dice(&[]))
        .unwrap();
    assert_eq!(c.hp.current, 60);
    assert_eq!(c.hit_dice.unwrap().spent, 3);
    assert!(r.outcomes.contains(&Outcome::HitDiceRegained {
        count: 5,
        available: 7
    }));
    // Edges: minimum 1; never more than were spent.
    assert_eq!(hit_dice_regained(10, 8), 5);
    assert_eq!(hit_dice_regained(1, 1), 1);
    assert_eq!(hit_dice_regained(10, 3), 3);
    assert_eq!(hit_dice_regained(3, 3), 1, "odd totals round down");
    assert_eq!(hit_dice_regained(4, 0), 0);
}

#[test]
fn a5e_rest_04_one_long_rest_per_24_hours_and_only_from_1_hp() {
    let rules = a5e();
    let mut c = pc(4).with_current_hp(20);
    c.long_rest(&rules, &rest(true, true), &mut dice(&[]))
        .unwrap();
    assert_eq!(c.last_long_rest, Some(MORNING));
    let soon = LongRest::full(GameTime(MORNING.0 + DAY - 1), true, true);
    let r = c.long_rest(&rules, &soon, &mut dice(&[])).unwrap();
    assert_eq!(
        r.outcomes,
        vec![Outcome::LongRestNoBenefit {
            reason: NoRestBenefit::TooSoon
        }]
    );
    let next_day = LongRest::full(GameTime(MORNING.0 + DAY), true, true);
    let r = c.long_rest(&rules, &next_day, &mut dice(&[])).unwrap();
    assert!(r.outcomes.contains(&Outcome::LongRestCompleted));

    // At 0 HP (stable) the rest gives nothing.
    let mut down = pc(4).with_current_hp(0);
    down.death = DeathState::Stable {
        regains_hp_at: None,
    };
    let r = down
        .long_rest(&rules, &rest(true, true), &mut dice(&[]))
        .unwrap();
    assert_eq!(
        r.outcomes,
        vec![Outcome::LongRestNoBenefit {
            reason: NoRestBenefit::ZeroHp
        }]
    );
    assert_eq!(down.hp.current, 0);
}

#[test]
fn a5e_rest_05_c32_no_supply_means_a_fatigue_level_and_no_recovery() {
    let rules = a5e();
    let mut c = pc(4);
    c.fatigue = Track::new(1);
    c.strife = Track::new(1);
    let r = c
        .long_rest(&rules, &rest(true, false), &mut dice(&[]))
        .unwrap();
    assert!(r.outcomes.contains(&Outcome::WentWithoutSupply));
    assert_eq!((c.fatigue.level(), c.strife.level()), (2, 1));
    // Going without Supply at fatigue 6 dooms (A5E-DEATH-13), rolling the deadline.
    let mut c = pc(4);
    c.fatigue = Track::new(6);
    let r = c
        .long_rest(&rules, &rest(true, false), &mut dice(&[3, 4]))
        .unwrap();
    assert_eq!(
        c.doom,
        Some(Doom {
            deadline: Some(GameTime(MORNING.0 + 7 * 3600))
        })
    );
    assert_eq!(r.dice.len(), 2);
}

#[test]
fn a5e_rest_06_a5e_track_04_haven_recovers_a_level_of_each_track_elsewhere_only_the_first() {
    let rules = a5e();
    let mut c = pc(4);
    c.fatigue = Track::new(3);
    c.strife = Track::new(2);
    c.long_rest(&rules, &rest(true, true), &mut dice(&[]))
        .unwrap();
    assert_eq!((c.fatigue.level(), c.strife.level()), (2, 1));

    // Not in a haven: each track independently (G-24); level 1 → 0, 2+ stays.
    let mut c = pc(4);
    c.fatigue = Track::new(2);
    c.strife = Track::new(1);
    c.long_rest(&rules, &rest(false, true), &mut dice(&[]))
        .unwrap();
    assert_eq!((c.fatigue.level(), c.strife.level()), (2, 0));
    let mut c = pc(4);
    c.fatigue = Track::new(1);
    c.strife = Track::new(3);
    c.long_rest(&rules, &rest(false, true), &mut dice(&[]))
        .unwrap();
    assert_eq!((c.fatigue.level(), c.strife.level()), (0, 3));
}

#[test]
fn a5e_thp_05_temporary_hp_end_with_a_long_rest_and_the_critical_block_recharges() {
    let rules = a5e();
    let mut c = pc(4);
    c.grant_temp_hp(8, TempHpChoice::KeepHigher).unwrap();
    c.crit_block_used = true;
    let r = c
        .long_rest(&rules, &rest(true, true), &mut dice(&[]))
        .unwrap();
    assert_eq!(c.hp.temp, 0);
    assert!(!c.crit_block_used);
    assert!(r.outcomes.contains(&Outcome::TempHpEnded { amount: 8 }));
    assert!(r.outcomes.contains(&Outcome::CriticalBlockRecharged));
}

#[test]
fn long_rest_lets_pending_fatigue_take_effect_first() {
    let rules = a5e();
    let mut c = pc(4);
    c.fatigue = Track {
        effective: 0,
        pending: 1,
    };
    c.long_rest(&rules, &rest(false, true), &mut dice(&[]))
        .unwrap();
    assert_eq!(c.fatigue, Track::new(0));
}

#[test]
fn rests_refuse_the_dead_and_the_dying() {
    let rules = a5e();
    let mut c = pc(4);
    c.kill(DeathReason::Referee).unwrap();
    let err = c
        .long_rest(&rules, &rest(true, true), &mut dice(&[]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    let mut dying = pc(4).with_current_hp(0);
    dying.death = DeathState::Dying {
        successes: 0,
        failures: 0,
    };
    let err = dying.spend_hit_die(&rules, &mut dice(&[4])).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    // A long rest whose times do not fit together is refused outright.
    let bad = LongRest {
        asleep_minutes: 600,
        ..rest(true, true)
    };
    let err = pc(4).long_rest(&rules, &bad, &mut dice(&[])).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
}
