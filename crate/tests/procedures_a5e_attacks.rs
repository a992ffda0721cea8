//! A5E attack rolls, expertise dice, attack circumstances, cover and the combat actions with
//! numbers (docs/rules.md §2.1, §2.6, §2.8).

use turnkeeper::ErrorCode;
use turnkeeper::dice::{DieSize, RolledDie, SuppliedDice};
use turnkeeper::procedures::a5e::ability::{Ability, Skill};
use turnkeeper::procedures::a5e::actions::{
    self, CastingTime, HelpWith, HelpedRoll, Observer, Readied, SpecialMeleeAttack,
};
use turnkeeper::procedures::a5e::attack_situation::{
    AutoMissReason, DEFAULT_REACH_FT, EdgeReason, MovementKind, within_reach,
};
use turnkeeper::procedures::a5e::cover::Targeting;
use turnkeeper::procedures::a5e::effects::Lasts;
use turnkeeper::procedures::a5e::environment::underwater::WaterWeapon;
use turnkeeper::procedures::a5e::press::{self, PressTheAttackRequest};
use turnkeeper::procedures::a5e::size::Size;
use turnkeeper::procedures::a5e::tumble::{self, AcrobaticsTraining, TumbleAttempt, TumbleSave};
use turnkeeper::procedures::a5e::turn::ActionCost;
use turnkeeper::procedures::a5e::two_weapon::{self, TwoWeaponSetup};
use turnkeeper::procedures::a5e::{
    A5eCover, A5eRangeBand, AttackCircumstances, AttackEnvironment, AttackForm, AttackKind,
    AttackOutcome, AttackRollInput, CoverSaveRule, D20Test, DEFAULT_EXPERTISE_DIE,
    OpportunityTrigger, RollMode, TargetLocation, assess_attack, provokes_opportunity_attack,
    range_band, roll_death_save,
};

fn sword(ac: i32) -> AttackRollInput {
    AttackRollInput {
        ability_modifier: 3,
        proficiency_bonus: 2,
        proficient: true,
        other_modifiers: 0,
        mode: RollMode::Normal,
        expertise: None,
        rattled: false,
        target_ac: ac,
        cover: A5eCover::None,
    }
}

#[test]
fn a5e_dice_01_attack_hits_when_total_meets_ac() {
    // d20 10 + 3 + 2 = 15 vs AC 15: hit; vs AC 16: miss.
    let hit = sword(15).roll(&mut SuppliedDice::new([10])).unwrap();
    assert_eq!(hit.roll.total, 15);
    assert_eq!(hit.outcome, AttackOutcome::Hit);
    let miss = sword(16).roll(&mut SuppliedDice::new([10])).unwrap();
    assert_eq!(miss.outcome, AttackOutcome::Miss);
    assert_eq!(
        miss.roll.d20.dice,
        vec![RolledDie {
            sides: 20,
            face: 10
        }]
    );
}

#[test]
fn a5e_dice_02_natural_20_crits_and_natural_1_fumbles() {
    let crit = sword(40).roll(&mut SuppliedDice::new([20])).unwrap();
    assert_eq!(crit.outcome, AttackOutcome::CriticalHit);
    assert!(crit.outcome.hits());
    let mut big = sword(5);
    big.other_modifiers = 30;
    let fumble = big.roll(&mut SuppliedDice::new([1])).unwrap();
    assert_eq!(fumble.outcome, AttackOutcome::CriticalFumble);
    assert!(!fumble.outcome.hits());
}

#[test]
fn a5e_dice_03_proficiency_only_when_proficient_and_abilities_by_attack_kind() {
    let mut input = sword(10);
    assert_eq!(input.modifier().unwrap(), 5);
    input.proficient = false;
    assert_eq!(input.modifier().unwrap(), 3);
    input.other_modifiers = 1; // a +1 weapon
    assert_eq!(input.modifier().unwrap(), 4);

    assert_eq!(
        AttackKind::MeleeWeapon { finesse: false }.abilities(),
        vec![Ability::Str]
    );
    assert_eq!(
        AttackKind::MeleeWeapon { finesse: true }.abilities(),
        vec![Ability::Str, Ability::Dex]
    );
    assert_eq!(
        AttackKind::RangedWeapon {
            thrown: false,
            finesse: false
        }
        .abilities(),
        vec![Ability::Dex]
    );
    assert_eq!(
        AttackKind::RangedWeapon {
            thrown: true,
            finesse: false
        }
        .abilities(),
        vec![Ability::Str]
    );
    assert_eq!(
        AttackKind::Spell {
            spellcasting: Ability::Wis
        }
        .abilities(),
        vec![Ability::Wis]
    );
    let mut wild = sword(10);
    wild.ability_modifier = 5_000;
    assert_eq!(
        wild.modifier().unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn a5e_dice_04_expertise_die_default_d4_size_is_a_parameter_and_rattled_loses_it() {
    assert_eq!(DEFAULT_EXPERTISE_DIE, DieSize::D4);
    let mut input = sword(17);
    input.expertise = Some(DEFAULT_EXPERTISE_DIE);
    let r = input.roll(&mut SuppliedDice::new([10, 3])).unwrap();
    assert_eq!(r.roll.expertise_die, Some(RolledDie { sides: 4, face: 3 }));
    assert_eq!(r.roll.total, 18);
    assert_eq!(r.outcome, AttackOutcome::Hit);

    input.expertise = Some(DieSize::D6);
    let r = input.roll(&mut SuppliedDice::new([10, 6])).unwrap();
    assert_eq!(r.roll.total, 21);

    input.rattled = true;
    let r = input.roll(&mut SuppliedDice::new([10])).unwrap();
    assert_eq!(r.roll.expertise_die, None);
    assert!(r.roll.expertise_lost_to_rattled);
    assert_eq!(r.outcome, AttackOutcome::Miss);
}

#[test]
fn a5e_dice_05_death_save_succeeds_on_10_or_more() {
    let plain = D20Test::flat(0);
    let ok = roll_death_save(&plain, &mut SuppliedDice::new([10])).unwrap();
    assert!(ok.success);
    let fail = roll_death_save(&plain, &mut SuppliedDice::new([9])).unwrap();
    assert!(!fail.success);
    let one = roll_death_save(&plain, &mut SuppliedDice::new([1])).unwrap();
    assert!(one.natural_1 && !one.success);
    let twenty = roll_death_save(&plain, &mut SuppliedDice::new([20])).unwrap();
    assert!(twenty.natural_20 && twenty.success);
    // Effects that modify saving throws apply.
    let blessed = roll_death_save(&D20Test::flat(1), &mut SuppliedDice::new([9])).unwrap();
    assert!(blessed.success);
}

/// G-50: a natural 1 fails whatever the total, as the creature sheet's death save has it.
#[test]
fn a5e_dice_05_death_04_a_natural_1_with_plus_9_fails() {
    let r = roll_death_save(&D20Test::flat(9), &mut SuppliedDice::new([1])).unwrap();
    assert_eq!(r.roll.total, 10);
    assert!(r.natural_1 && !r.success);
}

#[test]
fn a5e_dice_05_death_04_a_natural_1_with_plus_0_fails() {
    let r = roll_death_save(&D20Test::flat(0), &mut SuppliedDice::new([1])).unwrap();
    assert!(r.natural_1 && !r.success);
}

/// A natural 20 succeeds (the sheet gives 1 HP back) even when a penalty leaves the total
/// under 10; an expertise die never saves a natural 1.
#[test]
fn a5e_dice_05_death_04_a_natural_20_succeeds_and_expertise_never_saves_a_natural_1() {
    let r = roll_death_save(&D20Test::flat(-11), &mut SuppliedDice::new([20])).unwrap();
    assert_eq!(r.roll.total, 9);
    assert!(r.natural_20 && r.success);
    let helped = D20Test {
        expertise: Some(DieSize::D8),
        ..D20Test::flat(5)
    };
    let r = roll_death_save(&helped, &mut SuppliedDice::new([1, 8])).unwrap();
    assert_eq!(r.roll.total, 14);
    assert!(!r.success);
}

#[test]
fn advantage_rolls_two_d20_keeps_higher_and_both_sources_cancel() {
    let mut input = sword(20);
    input.mode = RollMode::Advantage;
    let r = input.roll(&mut SuppliedDice::new([3, 15])).unwrap();
    assert_eq!(r.roll.d20.dice.len(), 2);
    assert_eq!(r.roll.d20.natural, 15);
    assert_eq!(r.outcome, AttackOutcome::Hit);
    input.mode = RollMode::Disadvantage;
    let r = input.roll(&mut SuppliedDice::new([3, 15])).unwrap();
    assert_eq!(r.roll.d20.natural, 3);
    assert_eq!(RollMode::from_sources(true, true), RollMode::Normal);
}

fn melee(sees: bool, seen: bool) -> AttackCircumstances {
    AttackCircumstances {
        form: AttackForm::Melee {
            reach_ft: DEFAULT_REACH_FT,
            distance_ft: 5,
            weapon: true,
        },
        attacker_sees_target: sees,
        target_sees_attacker: seen,
        target_location: TargetLocation::Known,
        cover: A5eCover::None,
        environment: AttackEnvironment::Normal,
        other_advantage: false,
        other_disadvantage: false,
    }
}

fn bow(distance_ft: u32, hostile_within_reach: bool) -> AttackCircumstances {
    AttackCircumstances {
        form: AttackForm::Ranged {
            distance_ft,
            normal_range_ft: 80,
            long_range_ft: Some(320),
            weapon: true,
            thrown: false,
            hostile_within_reach,
        },
        ..melee(true, true)
    }
}

#[test]
fn a5e_atk_01_unseen_attackers_and_targets() {
    assert_eq!(
        assess_attack(&melee(true, true)).unwrap().mode,
        RollMode::Normal
    );
    let unseen_target = assess_attack(&melee(false, true)).unwrap();
    assert_eq!(unseen_target.mode, RollMode::Disadvantage);
    assert_eq!(unseen_target.reasons, vec![EdgeReason::TargetUnseen]);
    let unseen_attacker = assess_attack(&melee(true, false)).unwrap();
    assert_eq!(unseen_attacker.mode, RollMode::Advantage);
    assert!(unseen_attacker.reveals_attacker);
    // A5E: both unseen → disadvantage (5e would cancel to a normal roll).
    let both = assess_attack(&melee(false, false)).unwrap();
    assert_eq!(both.mode, RollMode::Disadvantage);
    assert_eq!(both.reasons, vec![EdgeReason::BothUnseen]);
    // Wrong guess at an unseen, undetected target's space: a miss.
    let mut guess = melee(false, true);
    guess.target_location = TargetLocation::Guessed { correct: false };
    assert_eq!(
        assess_attack(&guess).unwrap().automatic_miss,
        Some(AutoMissReason::WrongSpace)
    );
    guess.target_location = TargetLocation::Guessed { correct: true };
    assert_eq!(assess_attack(&guess).unwrap().automatic_miss, None);
}

#[test]
fn a5e_atk_02_range_bands() {
    assert_eq!(range_band(80, 80, Some(320)), A5eRangeBand::Normal);
    assert_eq!(range_band(81, 80, Some(320)), A5eRangeBand::Long);
    assert_eq!(range_band(320, 80, Some(320)), A5eRangeBand::Long);
    assert_eq!(range_band(321, 80, Some(320)), A5eRangeBand::OutOfRange);
    assert_eq!(range_band(31, 30, None), A5eRangeBand::OutOfRange);
    let long = assess_attack(&bow(100, false)).unwrap();
    assert_eq!(long.mode, RollMode::Disadvantage);
    assert_eq!(long.reasons, vec![EdgeReason::LongRange]);
    assert_eq!(
        assess_attack(&bow(400, false)).unwrap_err().code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn a5e_atk_03_ranged_attack_within_reach_of_a_hostile_has_disadvantage() {
    let r = assess_attack(&bow(30, true)).unwrap();
    assert_eq!(r.mode, RollMode::Disadvantage);
    assert_eq!(r.reasons, vec![EdgeReason::RangedInMelee]);
}

#[test]
fn a5e_atk_04_reach_defaults_to_5_ft() {
    assert_eq!(DEFAULT_REACH_FT, 5);
    assert!(within_reach(5, DEFAULT_REACH_FT));
    assert!(!within_reach(10, DEFAULT_REACH_FT));
    let mut far = melee(true, true);
    far.form = AttackForm::Melee {
        reach_ft: 5,
        distance_ft: 10,
        weapon: true,
    };
    assert_eq!(assess_attack(&far).unwrap_err().code, ErrorCode::NotAllowed);
    far.form = AttackForm::Melee {
        reach_ft: 10,
        distance_ft: 10,
        weapon: true,
    };
    assert!(assess_attack(&far).is_ok());
}

#[test]
fn a5e_atk_05_a5e_act_04_opportunity_attack_triggers() {
    let base = OpportunityTrigger {
        mover_hostile: true,
        reactor_sees_mover: true,
        leaves_reach: true,
        mover_disengaged: false,
        movement: MovementKind::Voluntary,
        reactor_has_reaction: true,
    };
    assert!(provokes_opportunity_attack(&base));
    for t in [
        OpportunityTrigger {
            mover_hostile: false,
            ..base
        },
        OpportunityTrigger {
            reactor_sees_mover: false,
            ..base
        },
        OpportunityTrigger {
            leaves_reach: false,
            ..base
        },
        OpportunityTrigger {
            mover_disengaged: true,
            ..base
        },
        OpportunityTrigger {
            movement: MovementKind::Teleportation,
            ..base
        },
        OpportunityTrigger {
            movement: MovementKind::Forced,
            ..base
        },
        OpportunityTrigger {
            movement: MovementKind::NonProvoking,
            ..base
        },
        OpportunityTrigger {
            reactor_has_reaction: false,
            ..base
        },
    ] {
        assert!(!provokes_opportunity_attack(&t), "{t:?}");
    }
}

#[test]
fn a5e_atk_06_cover_bonuses_best_source_and_total_cover() {
    assert_eq!(A5eCover::Half.ac_bonus(), 2);
    assert_eq!(A5eCover::ThreeQuarters.ac_bonus(), 5);
    assert_eq!(A5eCover::Half.hide_bonus(), 2);
    assert_eq!(A5eCover::ThreeQuarters.hide_bonus(), 5);
    assert_eq!(
        A5eCover::best([A5eCover::Half, A5eCover::ThreeQuarters, A5eCover::None]),
        A5eCover::ThreeQuarters
    );
    // Half cover turns a 15-vs-AC-15 hit into a miss (AC 17).
    let mut input = sword(15);
    input.cover = A5eCover::Half;
    let r = input.roll(&mut SuppliedDice::new([10])).unwrap();
    assert_eq!(r.effective_ac, 17);
    assert_eq!(r.outcome, AttackOutcome::Miss);
    input.cover = A5eCover::Total;
    assert_eq!(
        input.roll(&mut SuppliedDice::new([10])).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    let mut behind_wall = melee(true, true);
    behind_wall.cover = A5eCover::Total;
    assert_eq!(
        assess_attack(&behind_wall).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    assert!(!A5eCover::Total.can_be_targeted(Targeting::Direct));
    assert!(A5eCover::Total.can_be_targeted(Targeting::Area));
    assert!(A5eCover::Total.can_be_targeted(Targeting::SearchArea));
}

#[test]
fn c_26_cover_applies_to_dex_saves_by_default_or_all_saves_by_toggle() {
    assert_eq!(CoverSaveRule::default(), CoverSaveRule::DexterityOnly);
    let rule = CoverSaveRule::DexterityOnly;
    assert_eq!(A5eCover::Half.save_bonus(Ability::Dex, rule), 2);
    assert_eq!(A5eCover::Half.save_bonus(Ability::Wis, rule), 0);
    let all = CoverSaveRule::AllSaves;
    assert_eq!(A5eCover::ThreeQuarters.save_bonus(Ability::Wis, all), 5);
}

#[test]
fn a5e_env_04_underwater_attacks_through_assessment() {
    let mut c = melee(true, true);
    c.environment = AttackEnvironment::Underwater {
        attacker_has_swim_speed: false,
        weapon: Some(WaterWeapon::Other),
    };
    let r = assess_attack(&c).unwrap();
    assert_eq!(r.mode, RollMode::Disadvantage);
    assert_eq!(r.reasons, vec![EdgeReason::UnderwaterWeapon]);
    c.environment = AttackEnvironment::Underwater {
        attacker_has_swim_speed: false,
        weapon: Some(WaterWeapon::Trident),
    };
    assert_eq!(assess_attack(&c).unwrap().mode, RollMode::Normal);
    c.environment = AttackEnvironment::Underwater {
        attacker_has_swim_speed: true,
        weapon: Some(WaterWeapon::Other),
    };
    assert_eq!(assess_attack(&c).unwrap().mode, RollMode::Normal);
    // Ranged weapon beyond normal range underwater: automatic miss.
    let mut crossbow = bow(100, false);
    crossbow.environment = AttackEnvironment::Underwater {
        attacker_has_swim_speed: true,
        weapon: Some(WaterWeapon::Other),
    };
    assert_eq!(
        assess_attack(&crossbow).unwrap().automatic_miss,
        Some(AutoMissReason::BeyondNormalRangeInWater)
    );
}

#[test]
fn a5e_scen_01_suspended_in_water_attacks() {
    let mut c = bow(30, false);
    c.environment = AttackEnvironment::SuspendedInWater {
        attacker_has_swim_speed: true,
    };
    let r = assess_attack(&c).unwrap();
    assert_eq!(r.reasons, vec![EdgeReason::SuspendedRangedWeapon]);
    // A thrown weapon escapes that disadvantage.
    c.form = AttackForm::Ranged {
        distance_ft: 20,
        normal_range_ft: 20,
        long_range_ft: Some(60),
        weapon: true,
        thrown: true,
        hostile_within_reach: false,
    };
    assert_eq!(assess_attack(&c).unwrap().mode, RollMode::Normal);
    let mut m = melee(true, true);
    m.environment = AttackEnvironment::SuspendedInWater {
        attacker_has_swim_speed: false,
    };
    assert_eq!(
        assess_attack(&m).unwrap().reasons,
        vec![EdgeReason::SuspendedMeleeWeapon]
    );
    m.environment = AttackEnvironment::SuspendedInWater {
        attacker_has_swim_speed: true,
    };
    assert_eq!(assess_attack(&m).unwrap().mode, RollMode::Normal);
}

#[test]
fn a5e_act_01_attack_action_counts_and_special_melee_attacks() {
    assert_eq!(actions::attacks_per_action(0), 1);
    assert_eq!(actions::attacks_per_action(1), 2);
    let all = [
        SpecialMeleeAttack::Disarm,
        SpecialMeleeAttack::Grapple,
        SpecialMeleeAttack::Knockdown,
        SpecialMeleeAttack::Overrun,
        SpecialMeleeAttack::Shove,
    ];
    assert_eq!(all.len(), 5);
}

#[test]
fn a5e_act_02_casting_time_costs() {
    assert_eq!(CastingTime::OneAction.cost(), Some(ActionCost::Action));
    assert_eq!(
        CastingTime::BonusAction.cost(),
        Some(ActionCost::BonusAction)
    );
    assert_eq!(CastingTime::Reaction.cost(), Some(ActionCost::Reaction));
    assert_eq!(CastingTime::Longer.cost(), None);
}

#[test]
fn a5e_act_05_dodge_forbidden_at_speed_0() {
    let d = actions::dodge(30).unwrap();
    assert!(d.attacks_from_seen_have_disadvantage && d.dexterity_saves_with_advantage);
    assert_eq!(d.lasts, Lasts::UntilStartOfOwnNextTurn);
    assert_eq!(actions::dodge(0).unwrap_err().code, ErrorCode::NotAllowed);
}

#[test]
fn a5e_act_06_help_with_a_task() {
    let task = actions::help(HelpWith::Task).unwrap();
    assert_eq!(task.advantage_on, HelpedRoll::NextAbilityCheckForTheTask);
    assert_eq!(task.lasts, Lasts::UntilStartOfSourcesNextTurn);
}

#[test]
fn a5e_act_07_help_with_an_attack_needs_target_within_5_ft() {
    let attack = actions::help(HelpWith::Attack {
        target_distance_ft: 5,
        helper_can_threaten: true,
    })
    .unwrap();
    assert_eq!(
        attack.advantage_on,
        HelpedRoll::NextAttackRollAgainstTheTarget
    );
    assert!(
        actions::help(HelpWith::Attack {
            target_distance_ft: 10,
            helper_can_threaten: true
        })
        .is_err()
    );
    assert!(
        actions::help(HelpWith::Attack {
            target_distance_ft: 5,
            helper_can_threaten: false
        })
        .is_err()
    );
}

#[test]
fn a5e_act_08_hide_against_each_passive_perception_with_cover() {
    let observers = vec![
        Observer {
            id: "guard".into(),
            passive_perception: 13,
        },
        Observer {
            id: "hound".into(),
            passive_perception: 16,
        },
    ];
    let stealth = D20Test::flat(2);
    // 11 + 2 = 13: hidden from the guard (13), not the hound (16).
    let r = actions::hide(
        &stealth,
        A5eCover::None,
        &observers,
        &mut SuppliedDice::new([11]),
    )
    .unwrap();
    assert_eq!(r.total, 13);
    assert_eq!(r.hidden_from, vec!["guard".to_string()]);
    assert_eq!(r.noticed_by, vec!["hound".to_string()]);
    // Three-quarters cover adds 5 to the hide check: 18 beats both.
    let r = actions::hide(
        &stealth,
        A5eCover::ThreeQuarters,
        &observers,
        &mut SuppliedDice::new([11]),
    )
    .unwrap();
    assert_eq!(r.total, 18);
    assert_eq!(r.hidden_from.len(), 2);
}

#[test]
fn a5e_act_09_press_the_attack() {
    let ok = PressTheAttackRequest {
        attack_action_taken: false,
        target_within_reach: true,
        target_already_pressed: false,
        bonus_action_available: true,
    };
    let e = press::press_the_attack(&ok).unwrap();
    assert!(e.melee_expertise_against_target && e.attacks_against_attacker_have_advantage);
    assert_eq!(e.lasts, Lasts::UntilStartOfSourcesNextTurn);
    for bad in [
        PressTheAttackRequest {
            attack_action_taken: true,
            ..ok
        },
        PressTheAttackRequest {
            target_within_reach: false,
            ..ok
        },
        PressTheAttackRequest {
            target_already_pressed: true,
            ..ok
        },
        PressTheAttackRequest {
            bonus_action_available: false,
            ..ok
        },
    ] {
        assert_eq!(
            press::press_the_attack(&bad).unwrap_err().code,
            ErrorCode::NotAllowed
        );
    }
    let d4 = DEFAULT_EXPERTISE_DIE;
    assert_eq!(
        press::press_expertise(true, true, RollMode::Normal, false, d4),
        Some(d4)
    );
    assert_eq!(
        press::press_expertise(true, true, RollMode::Advantage, false, d4),
        Some(d4)
    );
    // No expertise die on attacks made with disadvantage, on ranged attacks, on other targets.
    assert_eq!(
        press::press_expertise(true, true, RollMode::Disadvantage, false, d4),
        None
    );
    assert_eq!(
        press::press_expertise(false, true, RollMode::Normal, false, d4),
        None
    );
    assert_eq!(
        press::press_expertise(true, false, RollMode::Normal, false, d4),
        None
    );
}

#[test]
fn a5e_act_10_fall_back() {
    let f = press::fall_back(true, false).unwrap();
    assert_eq!(f.target_moves_back_ft, 5);
    assert_eq!(f.attacker_may_follow_ft, 5);
    assert!(!f.provokes && f.attacker_loses_expertise);
    assert_eq!(
        press::press_expertise(true, true, RollMode::Normal, true, DieSize::D4),
        None
    );
    assert_eq!(
        press::fall_back(true, true).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    assert_eq!(
        press::fall_back(false, false).unwrap_err().code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn a5e_act_11_ready_constraints() {
    let spell = actions::ready(
        Readied::Spell {
            casting_time: CastingTime::OneAction,
        },
        30,
    )
    .unwrap();
    assert!(spell.uses_reaction && spell.requires_concentration);
    assert!(
        actions::ready(
            Readied::Spell {
                casting_time: CastingTime::BonusAction
            },
            30
        )
        .is_err()
    );
    assert!(actions::ready(Readied::Movement { distance_ft: 30 }, 30).is_ok());
    assert!(actions::ready(Readied::Movement { distance_ft: 35 }, 30).is_err());
    let act = actions::ready(Readied::Action, 30).unwrap();
    assert!(!act.requires_concentration);
}

#[test]
fn a5e_act_12_search_uses_perception_or_investigation() {
    let r = actions::search(
        Skill::Investigation,
        &D20Test::flat(3),
        15,
        &mut SuppliedDice::new([12]),
    )
    .unwrap();
    assert!(r.found);
    let r = actions::search(
        Skill::Perception,
        &D20Test::flat(3),
        15,
        &mut SuppliedDice::new([11]),
    )
    .unwrap();
    assert!(!r.found);
    assert!(
        actions::search(
            Skill::Athletics,
            &D20Test::flat(3),
            15,
            &mut SuppliedDice::new([11])
        )
        .is_err()
    );
}

#[test]
fn a5e_act_13_sprint_blocked_by_fatigue() {
    assert!(actions::sprint(0).is_ok());
    assert_eq!(actions::sprint(1).unwrap_err().code, ErrorCode::NotAllowed);
    assert_eq!(
        actions::sprint(8).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn a5e_act_14_tumble_by_size_training_and_consent() {
    assert_eq!(
        tumble::tumble_save(Size::Small, Size::Medium),
        TumbleSave::Roll {
            mode: RollMode::Advantage
        }
    );
    assert_eq!(
        tumble::tumble_save(Size::Medium, Size::Medium),
        TumbleSave::Roll {
            mode: RollMode::Normal
        }
    );
    assert_eq!(
        tumble::tumble_save(Size::Large, Size::Medium),
        TumbleSave::Roll {
            mode: RollMode::Disadvantage
        }
    );
    assert_eq!(
        tumble::tumble_save(Size::Huge, Size::Medium),
        TumbleSave::NotNeeded
    );

    let attempt = TumbleAttempt {
        tumbler: Size::Medium,
        target: Size::Medium,
        dexterity_save_modifier: 2,
        maneuver_dc: 14,
        acrobatics: AcrobaticsTraining::Proficient,
        expertise_die: DEFAULT_EXPERTISE_DIE,
        rattled: false,
        other_mode: RollMode::Normal,
        target_allows: false,
    };
    // 10 + 2 + d4 (2) = 14 ≥ 14.
    let r = tumble::tumble(&attempt, &mut SuppliedDice::new([10, 2])).unwrap();
    assert!(r.success);
    assert_eq!(
        r.save.as_ref().unwrap().expertise_die,
        Some(RolledDie { sides: 4, face: 2 })
    );
    // The tumbling specialty makes it a d6.
    let special = TumbleAttempt {
        acrobatics: AcrobaticsTraining::TumblingSpecialty,
        ..attempt
    };
    let r = tumble::tumble(&special, &mut SuppliedDice::new([10, 6])).unwrap();
    assert_eq!(
        r.save.unwrap().expertise_die,
        Some(RolledDie { sides: 6, face: 6 })
    );
    // Untrained: 10 + 2 = 12 < 14.
    let plain = TumbleAttempt {
        acrobatics: AcrobaticsTraining::None,
        ..attempt
    };
    assert!(
        !tumble::tumble(&plain, &mut SuppliedDice::new([10]))
            .unwrap()
            .success
    );
    // Smaller tumbler: advantage (two d20s).
    let small = TumbleAttempt {
        tumbler: Size::Small,
        acrobatics: AcrobaticsTraining::None,
        ..attempt
    };
    let r = tumble::tumble(&small, &mut SuppliedDice::new([3, 12])).unwrap();
    assert!(r.success);
    // Two sizes larger or allowed through: no save, no dice.
    let huge = TumbleAttempt {
        tumbler: Size::Huge,
        ..attempt
    };
    let r = tumble::tumble(&huge, &mut SuppliedDice::new([])).unwrap();
    assert!(r.success && r.save.is_none());
    let allowed = TumbleAttempt {
        target_allows: true,
        ..attempt
    };
    assert!(
        tumble::tumble(&allowed, &mut SuppliedDice::new([]))
            .unwrap()
            .success
    );
}

#[test]
fn a5e_act_17_two_weapon_fighting() {
    let setup = TwoWeaponSetup {
        took_attack_action: true,
        main_hand_heavy: false,
        main_hand_one_handed: true,
        off_hand_dual_wielding_melee: true,
        off_hand_different: true,
        bonus_action_available: true,
        has_extra_attack: false,
    };
    assert_eq!(two_weapon::off_hand_attacks(&setup).unwrap(), 1);
    let extra = TwoWeaponSetup {
        has_extra_attack: true,
        ..setup
    };
    assert_eq!(two_weapon::off_hand_attacks(&extra).unwrap(), 2);
    for bad in [
        TwoWeaponSetup {
            took_attack_action: false,
            ..setup
        },
        TwoWeaponSetup {
            main_hand_heavy: true,
            ..setup
        },
        TwoWeaponSetup {
            main_hand_one_handed: false,
            ..setup
        },
        TwoWeaponSetup {
            off_hand_dual_wielding_melee: false,
            ..setup
        },
        TwoWeaponSetup {
            off_hand_different: false,
            ..setup
        },
        TwoWeaponSetup {
            bonus_action_available: false,
            ..setup
        },
    ] {
        assert_eq!(
            two_weapon::off_hand_attacks(&bad).unwrap_err().code,
            ErrorCode::NotAllowed
        );
    }
    assert_eq!(two_weapon::off_hand_damage_modifier(3), 0);
    assert_eq!(two_weapon::off_hand_damage_modifier(0), 0);
    assert_eq!(two_weapon::off_hand_damage_modifier(-1), -1);
    assert!(two_weapon::off_hand_may_be_ranged(true));
    assert!(!two_weapon::off_hand_may_be_ranged(false));
}

#[test]
fn tagged_results_round_trip_through_json() {
    let save = tumble::tumble_save(Size::Small, Size::Medium);
    let json = serde_json::to_string(&save).unwrap();
    assert_eq!(json, r#"{"type":"roll","mode":"advantage"}"#);
    assert_eq!(serde_json::from_str::<TumbleSave>(&json).unwrap(), save);
    let a = assess_attack(&bow(100, true)).unwrap();
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(
        serde_json::from_str::<turnkeeper::procedures::a5e::AttackAssessment>(&json).unwrap(),
        a
    );
    let c = bow(100, true);
    let json = serde_json::to_string(&c).unwrap();
    assert!(json.contains(r#""type":"ranged""#));
    assert_eq!(
        serde_json::from_str::<AttackCircumstances>(&json).unwrap(),
        c
    );
}

#[test]
fn a5e_dice_03_attack_input_leaves_out_what_the_rules_default() {
    // Only the ability modifier, proficiency and the target's AC are needed: no other
    // modifiers, a straight roll, no expertise die, not rattled and no cover otherwise.
    let json = r#"{"abilityModifier":3,"proficiencyBonus":2,"proficient":true,"targetAc":15}"#;
    let wire: AttackRollInput =
        turnkeeper::wire::from_json(json, "attack", ErrorCode::InvalidArgument).unwrap();
    let serde: AttackRollInput = serde_json::from_str(json).unwrap();
    assert_eq!(wire, sword(15));
    assert_eq!(serde, sword(15));
    let hit = wire.roll(&mut SuppliedDice::new([10])).unwrap();
    assert_eq!(hit.roll.total, 15);
    assert_eq!(hit.outcome, AttackOutcome::Hit);
}
