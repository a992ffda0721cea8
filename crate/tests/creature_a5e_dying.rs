//! A5E 0 HP, dying, death, doom and healing (A5E-DEATH-01..13, A5E-COND-08, A5E-HEAL-01..02;
//! EX-A5E-02, -06).

use turnkeeper::ErrorCode;
use turnkeeper::creature::*;
use turnkeeper::dice::{RolledDie, SuppliedDice};

const NOW: GameTime = GameTime(10_000);
const HOUR: u32 = 3600;

fn a5e() -> CreatureRules {
    CreatureRules::a5e()
}

fn fight() -> Moment {
    Moment::in_encounter(NOW)
}

fn calm() -> Moment {
    Moment::outside_encounter(NOW)
}

fn pc(hp: u32, level: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp)
        .unwrap()
        .with_level(level)
}

fn dice(faces: &[u32]) -> SuppliedDice {
    SuppliedDice::new(faces.iter().copied())
}

fn damage(
    c: &mut Creature,
    d: DamageInstance,
    choices: DamageChoices,
    faces: &[u32],
) -> DamageReport {
    c.take_damage(&a5e(), &d, &choices, fight(), &mut dice(faces))
        .unwrap()
}

/// Damage in a fight that must be refused; the creature is left as it was.
fn refused(c: &mut Creature, d: &DamageInstance, choices: &DamageChoices) -> ErrorCode {
    let before = c.clone();
    let err = c
        .take_damage(&a5e(), d, choices, fight(), &mut dice(&[]))
        .unwrap_err();
    assert_eq!(*c, before, "a refused hit changes nothing");
    err.code
}

/// A level-3 PC with 10 HP, dropped to 0 in a fight (dying, 1 pending fatigue).
fn dying_pc() -> Creature {
    let mut c = pc(10, 3);
    damage(
        &mut c,
        DamageInstance::new(10, None),
        DamageChoices::default(),
        &[],
    );
    assert!(matches!(c.death, DeathState::Dying { .. }));
    c
}

fn failures(c: &Creature) -> u8 {
    match c.death {
        DeathState::Dying { failures, .. } => failures,
        _ => panic!("not dying: {:?}", c.death),
    }
}

#[test]
fn a5e_death_01_massive_damage_threshold_is_20_plus_3_per_level() {
    assert_eq!(massive_damage_threshold(1), 23);
    assert_eq!(massive_damage_threshold(3), 29);
    assert_eq!(massive_damage_threshold(10), 50);
}

#[test]
fn ex_a5e_02_massive_damage_failed_save_kills_instantly() {
    let mut c = pc(24, 3).with_con_mod(1);
    let breath = DamageInstance::new(54, Some(DamageType::Acid));
    let report = damage(&mut c, breath, DamageChoices::default(), &[13]);
    let save = &report.checks[0];
    assert_eq!(save.kind, CheckKind::MassiveDamageSave);
    assert_eq!(
        (save.natural, save.total, save.dc, save.success),
        (13, 14, 15, false)
    );
    assert!(report.outcomes.contains(&Outcome::MassiveDamage {
        threshold: 29,
        survived: false
    }));
    assert_eq!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::MassiveDamage
        }
    );
}

#[test]
fn ex_a5e_02_massive_damage_survived_costs_fatigue_and_strife() {
    let mut c = pc(24, 3);
    let choices = DamageChoices {
        con_save_modifier: Some(2),
        ..DamageChoices::default()
    };
    let report = damage(
        &mut c,
        DamageInstance::new(54, Some(DamageType::Acid)),
        choices,
        &[13],
    );
    assert!(report.checks[0].success, "13 + 2 = 15");
    assert!(matches!(
        c.death,
        DeathState::Dying {
            successes: 0,
            failures: 0
        }
    ));
    // +1 fatigue +1 strife from the save, +1 fatigue from falling unconscious in a fight.
    assert_eq!((c.fatigue.level(), c.fatigue.pending), (2, 2));
    assert_eq!(c.strife.level(), 1);
    assert!(report.outcomes.contains(&Outcome::FellUnconscious));
}

#[test]
fn ex_a5e_02_variant_27_damage_is_not_massive() {
    let mut c = pc(24, 3).with_resistance(DamageType::Acid);
    let report = damage(
        &mut c,
        DamageInstance::new(54, Some(DamageType::Acid)),
        DamageChoices::default(),
        &[],
    );
    assert_eq!(report.breakdown.total, 27);
    assert!(report.checks.is_empty() && report.dice.is_empty());
    assert!(matches!(c.death, DeathState::Dying { .. }));
    assert_eq!(c.strife.level(), 0);
}

#[test]
fn a5e_death_02_zero_hp_unconscious_with_fatigue_during_an_encounter() {
    let c = dying_pc();
    assert!(c.is_unconscious());
    assert_eq!(c.fatigue.level(), 1);
    // Outside an encounter: unconscious, but no fatigue.
    let mut c = pc(10, 3);
    c.take_damage(
        &a5e(),
        &DamageInstance::new(10, None),
        &DamageChoices::default(),
        calm(),
        &mut dice(&[]),
    )
    .unwrap();
    assert!(c.is_unconscious());
    assert_eq!(c.fatigue.level(), 0);
    // Any HP ends the unconsciousness.
    let report = c.heal(&a5e(), 1, &mut dice(&[])).unwrap();
    assert!(report.outcomes.contains(&Outcome::RegainedConsciousness));
    assert_eq!(c.death, DeathState::Alive);
}

#[test]
fn a5e_death_03_three_successes_stabilise_three_failures_kill() {
    let rules = a5e();
    // Successes and failures need not be consecutive.
    let mut c = dying_pc();
    for face in [12, 4, 10] {
        c.death_save(&rules, 0, RollMode::Normal, fight(), &mut dice(&[face]))
            .unwrap();
    }
    assert!(matches!(
        c.death,
        DeathState::Dying {
            successes: 2,
            failures: 1
        }
    ));
    let report = c
        .death_save(&rules, 0, RollMode::Normal, fight(), &mut dice(&[15, 3]))
        .unwrap();
    assert_eq!(
        c.death,
        DeathState::Stable {
            regains_hp_at: Some(GameTime(NOW.0 + 3 * HOUR))
        }
    );
    assert_eq!(
        report.dice,
        vec![
            RolledDie {
                sides: 20,
                face: 15
            },
            RolledDie { sides: 4, face: 3 }
        ]
    );

    let mut c = dying_pc();
    for face in [9, 2, 5] {
        c.death_save(&rules, 0, RollMode::Normal, fight(), &mut dice(&[face]))
            .unwrap();
    }
    assert_eq!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::DeathSaves
        }
    );
}

#[test]
fn a5e_death_03_save_modifiers_apply_and_counters_reset_on_healing() {
    let rules = a5e();
    let mut c = dying_pc();
    let report = c
        .death_save(&rules, 2, RollMode::Normal, fight(), &mut dice(&[8]))
        .unwrap();
    assert!(report.checks[0].success, "8 + 2 = 10");
    c.death_save(
        &rules,
        0,
        RollMode::Disadvantage,
        fight(),
        &mut dice(&[15, 9]),
    )
    .unwrap();
    assert!(matches!(
        c.death,
        DeathState::Dying {
            successes: 1,
            failures: 1
        }
    ));
    c.heal(&rules, 3, &mut dice(&[])).unwrap();
    assert_eq!(c.death, DeathState::Alive);
    c.take_damage(
        &rules,
        &DamageInstance::new(3, None),
        &DamageChoices::default(),
        fight(),
        &mut dice(&[]),
    )
    .unwrap();
    assert!(matches!(
        c.death,
        DeathState::Dying {
            successes: 0,
            failures: 0
        }
    ));
    // Only a dying creature saves.
    let mut awake = pc(10, 1);
    let err = awake
        .death_save(&rules, 0, RollMode::Normal, fight(), &mut dice(&[10]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::OutOfOrder);
}

#[test]
fn a5e_death_04_natural_one_is_one_failure_plus_fatigue_and_strife() {
    let mut c = dying_pc();
    let report = c
        .death_save(&a5e(), 10, RollMode::Normal, fight(), &mut dice(&[1]))
        .unwrap();
    assert_eq!(failures(&c), 1, "one failure, not two");
    assert_eq!(c.fatigue.level(), 2);
    assert_eq!(c.strife.level(), 1);
    assert!(
        report
            .outcomes
            .contains(&Outcome::DeathSaveFailed { failures: 1 })
    );
}

#[test]
fn a5e_death_04_natural_twenty_regains_one_hp_and_consciousness() {
    let mut c = dying_pc();
    let report = c
        .death_save(&a5e(), 0, RollMode::Normal, fight(), &mut dice(&[20]))
        .unwrap();
    assert_eq!((c.hp.current, c.death), (1, DeathState::Alive));
    assert!(report.outcomes.contains(&Outcome::RegainedConsciousness));
}

#[test]
fn a5e_death_05_attacked_at_zero_the_attacker_chooses() {
    let attack = DamageInstance::attack(4, Some(DamageType::Slashing), true);
    // The choice is required, never made silently.
    let mut c = dying_pc();
    assert_eq!(
        refused(&mut c, &attack, &DamageChoices::default()),
        ErrorCode::InvalidArgument
    );

    for (choice, fails, fatigue, strife) in [
        (AtZeroConsequence::DeathSaveFailure, 1, 1, 0),
        (AtZeroConsequence::Fatigue, 0, 2, 0),
        (AtZeroConsequence::Strife, 0, 1, 1),
    ] {
        let mut c = dying_pc();
        let choices = DamageChoices {
            attacked_at_zero: Some(choice),
            ..DamageChoices::default()
        };
        damage(&mut c, attack.clone(), choices, &[]);
        assert_eq!(failures(&c), fails, "{choice:?}");
        assert_eq!(c.fatigue.level(), fatigue, "{choice:?}");
        assert_eq!(c.strife.level(), strife, "{choice:?}");
    }
}

/// A5E-DEATH-05 applies to damage that reaches hit points: an attack that temporary HP soak
/// wholly (exactly as many as it deals) needs no choice and costs no failure; one point more
/// does.
#[test]
fn a5e_death_05_an_attack_soaked_by_temporary_hp_needs_no_choice() {
    let attack = DamageInstance::attack(3, Some(DamageType::Slashing), true);
    let mut c = dying_pc();
    c.hp.temp = 3;
    damage(&mut c, attack.clone(), DamageChoices::default(), &[]);
    assert_eq!((c.hp.temp, c.hp.current), (0, 0));
    assert_eq!(failures(&c), 0);

    let mut c = dying_pc();
    c.hp.temp = 2;
    let attack = DamageInstance::attack(3, Some(DamageType::Slashing), true);
    assert_eq!(
        refused(&mut c, &attack, &DamageChoices::default()),
        ErrorCode::InvalidArgument
    );
}

#[test]
fn a5e_death_06_other_damage_at_zero_is_a_failure_unless_the_narrator_chooses() {
    let steam = DamageInstance::new(3, Some(DamageType::Fire));
    let mut c = dying_pc();
    damage(&mut c, steam.clone(), DamageChoices::default(), &[]);
    assert_eq!(failures(&c), 1);
    let mut c = dying_pc();
    let narrator = DamageChoices {
        other_damage_at_zero: AtZeroConsequence::Strife,
        ..DamageChoices::default()
    };
    damage(&mut c, steam, narrator, &[]);
    assert_eq!((failures(&c), c.strife.level()), (0, 1));
}

#[test]
fn a5e_death_07_critical_hit_at_zero_adds_fatigue() {
    let mut c = dying_pc();
    let choices = DamageChoices {
        attacked_at_zero: Some(AtZeroConsequence::DeathSaveFailure),
        ..DamageChoices::default()
    };
    damage(
        &mut c,
        DamageInstance::attack(2, None, true).critical(),
        choices,
        &[],
    );
    assert_eq!(failures(&c), 1);
    assert_eq!(c.fatigue.level(), 2, "1 for falling, 1 for the critical");
}

#[test]
fn a5e_death_08_massive_damage_at_zero_threshold_per_c27() {
    // Default: 20 + 3 × level (29 at level 3): 23 damage is not massive.
    let mut c = dying_pc();
    let r = damage(
        &mut c,
        DamageInstance::new(23, None),
        DamageChoices::default(),
        &[],
    );
    assert!(r.checks.is_empty());
    assert_eq!(failures(&c), 1);
    // 29 is: a save (failed here → dead).
    let mut c = dying_pc();
    let r = damage(
        &mut c,
        DamageInstance::new(29, None),
        DamageChoices::default(),
        &[3],
    );
    assert_eq!(r.checks[0].kind, CheckKind::MassiveDamageSave);
    assert!(c.is_dead());
    // 004's "20 + level" wording as an option: 23 at level 3.
    let plus_level = CreatureRules::A5e(A5eRules {
        massive_at_zero: MassiveAtZero::PlusLevel,
        ..A5eRules::default()
    });
    let mut c = dying_pc();
    let r = c
        .take_damage(
            &plus_level,
            &DamageInstance::new(23, None),
            &DamageChoices::default(),
            fight(),
            &mut dice(&[18]),
        )
        .unwrap();
    assert!(r.outcomes.contains(&Outcome::MassiveDamage {
        threshold: 23,
        survived: true
    }));
    assert_eq!(failures(&c), 1, "survivor still takes the failure");
    assert_eq!(c.strife.level(), 1);
}

#[test]
fn a5e_death_09_stabilising_is_a_dc_10_medicine_check() {
    let rules = a5e();
    let check = StabilizeMethod::Check {
        modifier: 1,
        mode: RollMode::Normal,
        dc: None,
    };
    let mut c = dying_pc();
    let r = c
        .stabilize(&rules, check, fight(), &mut dice(&[8]))
        .unwrap();
    assert!(!r.checks[0].success, "8 + 1 < 10");
    assert!(matches!(c.death, DeathState::Dying { .. }));
    let r = c
        .stabilize(&rules, check, fight(), &mut dice(&[9, 2]))
        .unwrap();
    assert_eq!((r.checks[0].dc, r.checks[0].success), (10, true));
    assert!(matches!(c.death, DeathState::Stable { .. }));
    // A stable creature needs no first aid; the A5E DC is fixed.
    let err = c
        .stabilize(&rules, StabilizeMethod::Automatic, fight(), &mut dice(&[1]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::OutOfOrder);
    let mut c = dying_pc();
    let err = c
        .stabilize(
            &rules,
            StabilizeMethod::Check {
                modifier: 0,
                mode: RollMode::Normal,
                dc: Some(12),
            },
            fight(),
            &mut dice(&[15]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
}

#[test]
fn a5e_death_10_stable_regains_one_hp_after_1d4_hours_and_damage_ends_stability() {
    let rules = a5e();
    let mut c = dying_pc();
    c.stabilize(&rules, StabilizeMethod::Automatic, fight(), &mut dice(&[2]))
        .unwrap();
    let wake = GameTime(NOW.0 + 2 * HOUR);
    assert_eq!(
        c.death,
        DeathState::Stable {
            regains_hp_at: Some(wake)
        }
    );
    c.advance_time(Moment::outside_encounter(GameTime(wake.0 - 1)))
        .unwrap();
    assert!(c.is_unconscious());
    let r = c.advance_time(Moment::outside_encounter(wake)).unwrap();
    assert_eq!((c.hp.current, c.death), (1, DeathState::Alive));
    assert!(r.outcomes.contains(&Outcome::RegainedConsciousness));

    let mut c = dying_pc();
    c.stabilize(&rules, StabilizeMethod::Automatic, fight(), &mut dice(&[4]))
        .unwrap();
    let r = damage(
        &mut c,
        DamageInstance::new(1, None),
        DamageChoices::default(),
        &[],
    );
    assert!(r.outcomes.contains(&Outcome::DyingAgain));
    assert_eq!(failures(&c), 1);
}

#[test]
fn a5e_death_11_monsters_die_at_zero_npcs_by_the_narrators_choice() {
    let blow = DamageInstance::attack(60, None, true);
    let mut orc = Creature::new(CreatureKind::Monster, 15)
        .unwrap()
        .with_level(2);
    let r = damage(&mut orc, blow.clone(), DamageChoices::default(), &[]);
    assert!(
        r.checks.is_empty(),
        "no massive-damage save, no death saves"
    );
    assert_eq!(
        orc.death,
        DeathState::Dead {
            reason: DeathReason::MonsterAtZeroHp
        }
    );

    let mut captain = Creature::new(CreatureKind::Npc, 15)
        .unwrap()
        .with_zero_hp_rule(ZeroHpRule::DeathSaves);
    damage(
        &mut captain,
        DamageInstance::new(15, None),
        DamageChoices::default(),
        &[],
    );
    assert!(matches!(captain.death, DeathState::Dying { .. }));

    let mut villain = Creature::new(CreatureKind::Npc, 15)
        .unwrap()
        .with_zero_hp_rule(ZeroHpRule::Doomed);
    let r = damage(
        &mut villain,
        DamageInstance::new(15, None),
        DamageChoices::default(),
        &[5, 8],
    );
    assert_eq!(villain.death, DeathState::Alive, "a final action or speech");
    assert_eq!(
        villain.doom,
        Some(Doom {
            deadline: Some(GameTime(NOW.0 + 13 * HOUR))
        })
    );
    assert!(r.outcomes.contains(&Outcome::Doomed {
        deadline: Some(GameTime(NOW.0 + 13 * HOUR)),
        hours: Some(13)
    }));
}

#[test]
fn a5e_death_12_knocking_out_with_a_melee_attack() {
    let knock_out = DamageChoices {
        knock_out: true,
        ..DamageChoices::default()
    };
    let mut c = pc(10, 3);
    let r = damage(
        &mut c,
        DamageInstance::attack(12, Some(DamageType::Bludgeoning), true),
        knock_out,
        &[3],
    );
    assert!(r.outcomes.contains(&Outcome::KnockedOut));
    assert!(matches!(c.death, DeathState::Stable { .. }));
    assert_eq!(c.fatigue.level(), 1, "one level, not two");
    // A knocked-out monster lives.
    let mut ogre = Creature::new(CreatureKind::Monster, 15).unwrap();
    damage(
        &mut ogre,
        DamageInstance::attack(15, None, true),
        knock_out,
        &[1],
    );
    assert!(matches!(ogre.death, DeathState::Stable { .. }));
    // Only a melee attack can knock out.
    let mut c = pc(10, 3);
    let err = c
        .take_damage(
            &a5e(),
            &DamageInstance::attack(12, None, false),
            &knock_out,
            fight(),
            &mut dice(&[]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c.hp.current, 10);
}

#[test]
fn a5e_death_13_seventh_fatigue_level_dooms() {
    let rules = a5e();
    let mut c = pc(20, 5);
    c.fatigue = Track::new(6);
    let r = c
        .gain_fatigue(&rules, 1, fight(), &mut dice(&[12, 12]))
        .unwrap();
    assert_eq!(c.fatigue.pending, 1);
    assert_eq!(
        c.doom,
        Some(Doom {
            deadline: Some(GameTime(NOW.0 + 24 * HOUR))
        }),
        "immediately, even mid-fight (default)"
    );
    assert_eq!(r.dice.len(), 2);

    // The other reading: doom when the encounter ends.
    let later = CreatureRules::A5e(A5eRules {
        seventh_fatigue: SeventhFatigueDoom::AfterEncounter,
        doom_deadline: DoomDeadline::NarratorDecides,
        ..A5eRules::default()
    });
    let mut c = pc(20, 5);
    c.fatigue = Track::new(6);
    c.gain_fatigue(&later, 1, fight(), &mut dice(&[])).unwrap();
    assert!(c.doom.is_none());
    let r = c.end_encounter(&later, fight(), &mut dice(&[])).unwrap();
    assert_eq!(c.fatigue.effective, 7);
    assert_eq!(c.doom, Some(Doom { deadline: None }));
    assert!(r.outcomes.contains(&Outcome::Doomed {
        deadline: None,
        hours: None
    }));
}

#[test]
fn a5e_cond_08_doomed_dies_within_2d12_hours_and_stays_doomed() {
    let rules = a5e();
    let mut c = pc(20, 5);
    c.doom(
        &rules,
        DoomDeadline::Roll2d12Hours,
        calm(),
        &mut dice(&[6, 7]),
    )
    .unwrap();
    let deadline = GameTime(NOW.0 + 13 * HOUR);
    assert_eq!(
        c.doom,
        Some(Doom {
            deadline: Some(deadline)
        })
    );
    c.advance_time(Moment::outside_encounter(GameTime(deadline.0 - 1)))
        .unwrap();
    assert!(!c.is_dead());
    let r = c.advance_time(Moment::outside_encounter(deadline)).unwrap();
    assert_eq!(
        r.outcomes,
        vec![Outcome::Died {
            reason: DeathReason::Doom
        }]
    );
    assert!(c.is_doomed(), "doom outlasts death");
    // Lesser magic cannot bring it back.
    let err = c.raise_from_dead(1, false).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    let r = c.raise_from_dead(5, true).unwrap();
    assert!(r.outcomes.contains(&Outcome::DoomLifted));
    assert!(!c.is_doomed() && !c.is_dead());

    // A doom whose hour the Narrator chooses.
    let mut c = pc(20, 5);
    c.doom(
        &rules,
        DoomDeadline::NarratorDecides,
        calm(),
        &mut dice(&[]),
    )
    .unwrap();
    c.advance_time(Moment::outside_encounter(GameTime(u32::MAX)))
        .unwrap();
    assert!(!c.is_dead());
    c.kill(DeathReason::Doom).unwrap();
    assert!(c.is_dead());

    // Powerful magic lifts a doom from the living.
    let mut c = pc(20, 5);
    c.doom(
        &rules,
        DoomDeadline::At {
            time: GameTime(NOW.0 + 60),
        },
        calm(),
        &mut dice(&[]),
    )
    .unwrap();
    c.lift_doom().unwrap();
    c.advance_time(Moment::outside_encounter(GameTime(NOW.0 + 3600)))
        .unwrap();
    assert!(!c.is_dead());
}

#[test]
fn a5e_heal_01_ex_a5e_06_healing_is_capped_at_the_maximum() {
    let mut ranger = pc(13, 3).with_current_hp(10);
    let r = ranger.heal(&a5e(), 6, &mut dice(&[])).unwrap();
    assert_eq!(r.outcomes, vec![Outcome::RegainedHp { amount: 3, hp: 13 }]);
    assert_eq!(ranger.hp.current, 13);
}

#[test]
fn a5e_heal_02_the_dead_are_not_healed_and_raising_lowers_every_track() {
    let mut c = pc(10, 3);
    c.fatigue = Track::new(3);
    c.strife = Track::new(2);
    c.kill(DeathReason::Referee).unwrap();
    let before = c.clone();
    let err = c.heal(&a5e(), 5, &mut dice(&[])).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    assert_eq!(c, before);
    c.raise_from_dead(1, false).unwrap();
    assert_eq!(
        (c.hp.current, c.fatigue.level(), c.strife.level()),
        (1, 2, 1)
    );
}

#[test]
fn damage_to_the_dead_changes_nothing() {
    let mut c = pc(10, 3);
    c.kill(DeathReason::Referee).unwrap();
    let r = damage(
        &mut c,
        DamageInstance::new(5, None),
        DamageChoices::default(),
        &[],
    );
    assert_eq!(r.outcomes, vec![Outcome::NoEffectOnDead]);
    assert_eq!(r.hp_lost, 0);
}

/// What a death save did to a dying creature: `Some(true)` a success, `Some(false)` a failure,
/// `None` a natural 20's 1 HP.
fn save_verdict(modifier: i32, face: u32) -> (Option<bool>, Creature, Report) {
    let mut c = dying_pc();
    let report = c
        .death_save(
            &a5e(),
            modifier,
            RollMode::Normal,
            fight(),
            &mut dice(&[face]),
        )
        .unwrap();
    let verdict = match c.death {
        DeathState::Alive => None,
        DeathState::Dying {
            successes,
            failures,
        } => {
            assert_eq!(successes + failures, 1);
            Some(successes == 1)
        }
        other => panic!("{other:?}"),
    };
    (verdict, c, report)
}

/// G-50: a natural 1 fails even when the modifier brings the total to 10, and still costs a
/// level of fatigue and one of strife; the recorded check says the same as the outcome.
#[test]
fn a5e_death_04_dice_05_a_natural_1_with_plus_9_is_a_failure() {
    let (verdict, c, report) = save_verdict(9, 1);
    assert_eq!(verdict, Some(false));
    assert_eq!(failures(&c), 1);
    assert_eq!((c.fatigue.level(), c.strife.level()), (2, 1));
    let check = &report.checks[0];
    assert_eq!((check.natural, check.total, check.success), (1, 10, false));
    assert!(
        report
            .outcomes
            .contains(&Outcome::DeathSaveFailed { failures: 1 })
    );
}

#[test]
fn a5e_death_04_dice_05_a_natural_1_with_plus_0_is_a_failure() {
    let (verdict, c, report) = save_verdict(0, 1);
    assert_eq!(verdict, Some(false));
    assert_eq!((c.fatigue.level(), c.strife.level()), (2, 1));
    assert!(!report.checks[0].success);
}

/// A natural 20 brings 1 HP back whatever the modifier, and is recorded as a success, even
/// when a penalty leaves the total under 10.
#[test]
fn a5e_death_04_dice_05_a_natural_20_succeeds_whatever_the_modifier() {
    for modifier in [0, -11] {
        let (verdict, c, report) = save_verdict(modifier, 20);
        assert_eq!(verdict, None, "{modifier}");
        assert_eq!(c.hp.current, 1);
        assert!(report.checks[0].success, "{modifier}");
    }
}

/// The sheet's death save and the stateless `a5e.deathSave` give the same verdict for every
/// face and a spread of modifiers (a natural 20 counts as a success in both).
#[test]
fn a5e_death_04_dice_05_the_sheet_and_the_procedure_agree() {
    use turnkeeper::procedures::a5e::{D20Test, roll_death_save};
    for modifier in -12..=12 {
        for face in 1..=20 {
            let (verdict, _, report) = save_verdict(modifier, face);
            let sheet = verdict.unwrap_or(true);
            let roll = roll_death_save(&D20Test::flat(modifier), &mut dice(&[face])).unwrap();
            assert_eq!(roll.success, sheet, "{modifier:+} on a {face}");
            assert_eq!(report.checks[0].success, sheet, "{modifier:+} on a {face}");
            assert_eq!(roll.roll.total, report.checks[0].total);
        }
    }
}
