//! OSR/5e hybrid HP, damage, death, injuries, healing and resilience (HYB-HP-01, HYB-DMG-01..03,
//! HYB-DEATH-01..04, HYB-HEAL-01, -03, HYB-RES-01..04; EX-HYB-11).

use turnkeeper::ErrorCode;
use turnkeeper::creature::*;
use turnkeeper::dice::{DieSize, RolledDie, SuppliedDice};

const START: GameTime = GameTime(100);

fn hyb() -> CreatureRules {
    CreatureRules::hyb()
}

fn fight() -> Moment {
    Moment::in_encounter(START)
}

fn dice(faces: &[u32]) -> SuppliedDice {
    SuppliedDice::new(faces.iter().copied())
}

fn scores() -> AbilityScores {
    AbilityScores::new(12, 14, 10, 11, 13, 9)
}

fn pc(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp)
        .unwrap()
        .with_level(4)
        .with_abilities(scores())
}

fn hit(c: &mut Creature, d: DamageInstance, at: Moment) -> DamageReport {
    c.take_damage(&hyb(), &d, &DamageChoices::default(), at, &mut dice(&[]))
        .unwrap()
}

/// A PC dropped to 0 at `START` during a fight.
fn down() -> Creature {
    let mut c = pc(10);
    hit(&mut c, DamageInstance::new(10, None), fight());
    c
}

#[test]
fn hyb_hp_01_hp_never_below_zero_or_above_maximum() {
    let mut c = pc(10);
    let r = hit(&mut c, DamageInstance::new(50, None), fight());
    assert_eq!((r.hp_lost, c.hp.current), (10, 0));
    let mut c = pc(10).with_current_hp(8);
    c.heal(&hyb(), 9, &mut dice(&[])).unwrap();
    assert_eq!(c.hp.current, 10);
}

#[test]
fn hyb_dmg_01_damage_is_the_dice_plus_the_ability_modifier() {
    // 1d8 showing 5, +2 STR.
    let mut c = pc(20);
    let r = hit(
        &mut c,
        DamageInstance::attack(5, None, true).with_flat_modifier(2),
        fight(),
    );
    assert_eq!(r.breakdown.total, 7);
    assert_eq!(c.hp.current, 13);
}

#[test]
fn hyb_dmg_02_natural_20_doubles_the_damage_for_anyone() {
    let mut c = pc(30);
    let r = hit(
        &mut c,
        DamageInstance::attack(7, None, true).critical(),
        fight(),
    );
    assert_eq!(r.breakdown.total, 14);
    let mut goblin = Creature::new(CreatureKind::Monster, 30).unwrap();
    let r = hit(
        &mut goblin,
        DamageInstance::attack(7, None, true).critical(),
        fight(),
    );
    assert_eq!(r.breakdown.total, 14);
}

#[test]
fn hyb_dmg_03_natural_1_on_a_pcs_check_doubles_the_damage_it_suffers() {
    let mut trap = DamageInstance::new(6, Some(DamageType::Piercing));
    trap.natural_one_on_check = true;
    let mut c = pc(30);
    let r = hit(&mut c, trap.clone(), fight());
    assert_eq!(r.breakdown.doublings, vec![Doubling::NaturalOneOnCheck]);
    assert_eq!(r.breakdown.total, 12);
    // Only a PC's fumble doubles.
    let mut npc = Creature::new(CreatureKind::Npc, 30).unwrap();
    assert_eq!(hit(&mut npc, trap.clone(), fight()).breakdown.total, 6);
    // A5E has no such rule.
    let mut c = pc(30);
    let r = c
        .take_damage(
            &CreatureRules::a5e(),
            &trap,
            &DamageChoices::default(),
            fight(),
            &mut dice(&[]),
        )
        .unwrap();
    assert_eq!(r.breakdown.total, 6);
}

#[test]
fn hyb_death_01_zero_hp_incapacitated_dead_after_a_minute_or_the_fight_whichever_later() {
    let deadline = GameTime(START.0 + 60);
    // Round 11 of 6-second rounds starts exactly a minute after round 1 (G-37 parameter).
    assert_eq!(
        Moment::at_round(START, 11, 6).unwrap(),
        Moment::in_encounter(deadline)
    );

    // The fight lasts longer than the minute: death comes at its end.
    let mut c = down();
    assert_eq!(c.death, DeathState::Incapacitated { deadline });
    c.advance_time(Moment::at_round(START, 30, 6).unwrap())
        .unwrap();
    assert!(c.is_incapacitated(), "the fight is still on");
    let r = c
        .end_encounter(
            &hyb(),
            Moment::in_encounter(GameTime(START.0 + 180)),
            &mut dice(&[]),
        )
        .unwrap();
    assert_eq!(
        r.outcomes,
        vec![Outcome::Died {
            reason: DeathReason::NotStabilized
        }]
    );

    // The fight ends first: the minute still runs.
    let mut c = down();
    c.end_encounter(
        &hyb(),
        Moment::in_encounter(GameTime(START.0 + 20)),
        &mut dice(&[]),
    )
    .unwrap();
    assert!(c.is_incapacitated());
    c.advance_time(Moment::outside_encounter(GameTime(deadline.0 - 1)))
        .unwrap();
    assert!(c.is_incapacitated());
    c.advance_time(Moment::outside_encounter(deadline)).unwrap();
    assert!(c.is_dead());

    // NPCs too.
    let mut bandit = Creature::new(CreatureKind::Npc, 5).unwrap();
    hit(&mut bandit, DamageInstance::new(9, None), fight());
    assert!(bandit.is_incapacitated());
}

#[test]
fn hyb_death_02_stabilised_by_an_allys_check_at_the_gms_dc() {
    let rules = hyb();
    let mut c = down();
    let no_dc = StabilizeMethod::Check {
        modifier: 2,
        mode: RollMode::Normal,
        dc: None,
    };
    let err = c
        .stabilize(&rules, no_dc, fight(), &mut dice(&[15]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    let check = StabilizeMethod::Check {
        modifier: 2,
        mode: RollMode::Normal,
        dc: Some(13),
    };
    let r = c
        .stabilize(&rules, check, fight(), &mut dice(&[10]))
        .unwrap();
    assert!(!r.checks[0].success);
    assert!(c.is_incapacitated());
    // Success: injury roll 16 (disadvantage until rest), back to 1 HP.
    let r = c
        .stabilize(&rules, check, fight(), &mut dice(&[11, 16]))
        .unwrap();
    assert!(r.checks[0].success);
    assert_eq!((c.hp.current, c.death), (1, DeathState::Alive));
    assert!(c.hyb.disadvantage_until_rest);
    // Monsters and NPCs just return to 1 HP unless the option says otherwise.
    let mut bandit = Creature::new(CreatureKind::Npc, 5).unwrap();
    hit(&mut bandit, DamageInstance::new(5, None), fight());
    let r = bandit
        .stabilize(&rules, StabilizeMethod::Automatic, fight(), &mut dice(&[]))
        .unwrap();
    assert!(r.dice.is_empty());
    assert_eq!(bandit.hp.current, 1);
}

#[test]
fn hyb_death_03_injury_table_every_row() {
    let expected = [
        (1, InjuryRow::FalseHope),
        (2, InjuryRow::Feeble),
        (3, InjuryRow::Shaky),
        (4, InjuryRow::Weak),
        (5, InjuryRow::Addled),
        (6, InjuryRow::Confused),
        (7, InjuryRow::Disfigured),
        (8, InjuryRow::LostBodyPart),
        (13, InjuryRow::LostBodyPart),
        (14, InjuryRow::DisadvantageUntilRest),
        (19, InjuryRow::DisadvantageUntilRest),
        (20, InjuryRow::Standing),
    ];
    for (roll, row) in expected {
        assert_eq!(injury_for_roll(roll), Some(row), "roll {roll}");
    }
    for roll in 8..=13 {
        assert_eq!(injury_for_roll(roll), Some(InjuryRow::LostBodyPart));
    }
    for roll in 14..=19 {
        assert_eq!(
            injury_for_roll(roll),
            Some(InjuryRow::DisadvantageUntilRest)
        );
    }
    assert_eq!(injury_for_roll(0), None);
    assert_eq!(injury_for_roll(21), None);
    let losses: Vec<_> = [
        InjuryRow::Feeble,
        InjuryRow::Shaky,
        InjuryRow::Weak,
        InjuryRow::Addled,
        InjuryRow::Confused,
        InjuryRow::Disfigured,
    ]
    .iter()
    .map(|r| r.ability_loss())
    .collect();
    assert_eq!(losses, Ability::ALL.map(Some).to_vec());
    assert_eq!(InjuryRow::Standing.ability_loss(), None);
    // The table covers 1–20 without gaps or overlaps.
    let covered: u32 = INJURY_TABLE.iter().map(|e| e.high - e.low + 1).sum();
    assert_eq!(covered, 20);
}

#[test]
fn hyb_death_03_injury_results_on_stabilising() {
    let rules = hyb();
    let stabilize = |c: &mut Creature, faces: &[u32]| {
        c.stabilize(
            &rules,
            StabilizeMethod::Automatic,
            fight(),
            &mut dice(faces),
        )
        .unwrap()
    };
    // 1: a false hope.
    let mut c = down();
    stabilize(&mut c, &[1]);
    assert_eq!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::FalseHope
        }
    );
    // 2: feeble, 1d6 STR (rolled 4): STR 12 → 8.
    let mut c = down();
    let r = stabilize(&mut c, &[2, 4]);
    assert_eq!(c.abilities.unwrap().str, 8);
    assert_eq!(c.hyb.ability_loss.str, 4);
    assert_eq!(c.hp.current, 1);
    assert_eq!(
        r.dice,
        vec![
            RolledDie { sides: 20, face: 2 },
            RolledDie { sides: 6, face: 4 }
        ]
    );
    // 10: a body part.
    let mut c = down();
    stabilize(&mut c, &[10]);
    assert_eq!((c.hyb.body_parts_lost, c.hp.current), (1, 1));
    // 20: HP = max(1, 1d8).
    let mut c = down();
    stabilize(&mut c, &[20, 5]);
    assert_eq!(c.hp.current, 5);
    // The other reading: 1 + 1d8.
    let other = CreatureRules::Hyb(HybRules {
        injury_twenty: InjuryTwenty::OnePlusD8,
        ..HybRules::default()
    });
    let mut c = down();
    c.stabilize(
        &other,
        StabilizeMethod::Automatic,
        fight(),
        &mut dice(&[20, 5]),
    )
    .unwrap();
    assert_eq!(c.hp.current, 6);
    // Capped at the maximum.
    let mut c = pc(4);
    hit(&mut c, DamageInstance::new(4, None), fight());
    stabilize(&mut c, &[20, 8]);
    assert_eq!(c.hp.current, 4);
    // A PC without ability scores cannot roll injuries; nothing changes.
    let mut c = Creature::new(CreatureKind::Pc, 6).unwrap();
    hit(&mut c, DamageInstance::new(6, None), fight());
    let before = c.clone();
    let err = c
        .stabilize(
            &rules,
            StabilizeMethod::Automatic,
            fight(),
            &mut dice(&[2, 3]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c, before);
}

#[test]
fn hyb_death_04_an_ability_score_at_zero_is_death() {
    let mut c = pc(10).with_abilities(AbilityScores::new(12, 14, 3, 11, 13, 9));
    hit(&mut c, DamageInstance::new(10, None), fight());
    c.stabilize(
        &hyb(),
        StabilizeMethod::Automatic,
        fight(),
        &mut dice(&[4, 5]),
    )
    .unwrap();
    assert_eq!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::AbilityScoreZero {
                ability: Ability::Con
            }
        }
    );
    // The same through any other loss (EX-HYB-02's venom: CON 6, loses 6).
    let mut c = pc(10).with_abilities(AbilityScores::new(12, 14, 6, 11, 13, 9));
    let r = c.lose_ability_points(Ability::Con, 6).unwrap();
    assert!(r.outcomes.contains(&Outcome::AbilityLost {
        ability: Ability::Con,
        amount: 6,
        score: 0
    }));
    assert!(c.is_dead());
}

#[test]
fn hyb_heal_01_a_check_stabilises_but_restores_no_hp() {
    let mut c = down();
    let check = StabilizeMethod::Check {
        modifier: 20,
        mode: RollMode::Normal,
        dc: Some(10),
    };
    c.stabilize(&hyb(), check, fight(), &mut dice(&[20, 10]))
        .unwrap();
    assert_eq!(c.hp.current, 1, "only the injury table's 1 HP");
}

#[test]
fn hyb_heal_03_magic_restores_its_dice_and_ability_points_return_with_rest() {
    let mut c = pc(30).with_current_hp(10);
    let r = c
        .heal_dice(&hyb(), DiceSpec::new(3, DieSize::D6), &mut dice(&[2, 3, 4]))
        .unwrap();
    assert_eq!(c.hp.current, 19);
    assert_eq!(r.dice.len(), 3);
    // Healing an incapacitated PC stabilises it first: injury 16, then 1 + 5 HP.
    let mut c = down();
    c.heal(&hyb(), 5, &mut dice(&[16])).unwrap();
    assert_eq!((c.hp.current, c.death), (6, DeathState::Alive));
    // Lost points come back, but never more than were lost.
    let mut c = pc(10);
    c.lose_ability_points(Ability::Str, 3).unwrap();
    let r = c.recover_ability_points(Ability::Str, 5).unwrap();
    assert_eq!(
        r.outcomes,
        vec![Outcome::AbilityRecovered {
            ability: Ability::Str,
            amount: 3,
            score: 12
        }]
    );
    assert_eq!(c.hyb.ability_loss.str, 0);
}

#[test]
fn hyb_chk_05_modifier_is_half_of_score_minus_ten_rounded_down() {
    let pairs = [
        (1, -5),
        (6, -2),
        (9, -1),
        (10, 0),
        (11, 0),
        (12, 1),
        (18, 4),
        (30, 10),
    ];
    for (score, modifier) in pairs {
        assert_eq!(ability_modifier(score), modifier, "score {score}");
    }
}

#[test]
fn hyb_res_01_resilience_is_the_con_score_in_hours() {
    let mut c = pc(10);
    assert_eq!(c.resilience().unwrap(), 10);
    c.set_resilience_reduction(2).unwrap();
    assert_eq!(c.resilience().unwrap(), 8);
    assert!(
        Creature::new(CreatureKind::Pc, 5)
            .unwrap()
            .resilience()
            .is_err()
    );
}

#[test]
fn hyb_res_02_ex_hyb_11_resilience_check_after_13_hours() {
    let mut c = pc(10);
    c.add_adventuring_hours(10).unwrap();
    assert_eq!(c.resilience_dc().unwrap(), None);
    let err = c
        .resilience_check(RollMode::Normal, &mut dice(&[5]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    c.add_adventuring_hours(3).unwrap();
    assert_eq!(c.resilience_dc().unwrap(), Some(13));
    let r = c
        .resilience_check(RollMode::Normal, &mut dice(&[13]))
        .unwrap();
    assert!(r.checks[0].success, "13 + 0 vs DC 13");
    assert!(!c.hyb.exhausted);
    let r = c
        .resilience_check(RollMode::Normal, &mut dice(&[12]))
        .unwrap();
    assert_eq!(r.checks[0].kind, CheckKind::ResilienceCheck);
    assert!(!r.checks[0].success);
    assert_eq!(r.outcomes, vec![Outcome::Exhausted]);
    // EX-HYB-11: Speed 0, disadvantage on all checks.
    let e = c.hyb_exhaustion().unwrap();
    assert_eq!(e.speed_ft, 0);
    assert!(e.disadvantage_on_all_checks);
}

#[test]
fn hyb_res_03_exhausted_means_speed_zero_and_disadvantage() {
    let mut c = pc(10);
    assert_eq!(c.hyb_exhaustion(), None);
    c.exhaust().unwrap();
    let e = c.hyb_exhaustion().unwrap();
    assert_eq!(e, HYB_EXHAUSTION);
    assert_eq!(
        (
            e.speed_ft,
            e.disadvantage_on_all_checks,
            e.can_act_strenuously
        ),
        (0, true, false)
    );
}

#[test]
fn hyb_res_04_only_safe_rest_with_food_cures_exhaustion() {
    let rules = hyb();
    let mut c = pc(10);
    c.exhaust().unwrap();
    for rest in [
        NightlyRest {
            safety: RestSafety::Unsafe,
            ate_food: true,
        },
        NightlyRest {
            safety: RestSafety::Safe,
            ate_food: false,
        },
    ] {
        c.hyb_nightly_rest(&rules, rest).unwrap();
        assert!(c.hyb.exhausted, "{rest:?}");
    }
    let r = c
        .hyb_nightly_rest(
            &rules,
            NightlyRest {
                safety: RestSafety::Safe,
                ate_food: true,
            },
        )
        .unwrap();
    assert!(r.outcomes.contains(&Outcome::ExhaustionCured));
    assert!(!c.hyb.exhausted);
}

#[test]
fn hyb_return_02_damage_that_cant_be_avoided_or_healed_passes_temp_hp_and_waits_for_rest() {
    // Level 4 PC, 20 HP, 3 temporary HP.
    let mut c = pc(20);
    c.grant_temp_hp(3, TempHpChoice::KeepHigher).unwrap();
    let unhealable = DamageInstance {
        unhealable: true,
        ..DamageInstance::new(8, None)
    };
    let r = hit(&mut c, unhealable.clone(), fight());
    // The temporary HP do not soak it ("can't be avoided").
    assert_eq!((r.temp_hp_absorbed, r.hp_lost), (0, 8));
    assert_eq!((c.hp.current, c.hp.temp, c.hyb.unhealable), (12, 3, 8));
    assert!(r.outcomes.contains(&Outcome::UnhealableHp { hp: 8 }));
    // Ordinary damage: the temporary HP first, then 2 HP.
    hit(&mut c, DamageInstance::new(5, None), fight());
    assert_eq!((c.hp.current, c.hp.temp), (10, 0));
    // Magic heals 3d6 = 12, but only the 2 HP of ordinary wounds come back.
    let r = c
        .heal_dice(&hyb(), DiceSpec::new(3, DieSize::D6), &mut dice(&[4, 4, 4]))
        .unwrap();
    assert_eq!(c.hp.current, 12);
    assert_eq!(
        r.outcomes,
        vec![
            Outcome::UnhealableHp { hp: 8 },
            Outcome::RegainedHp { amount: 2, hp: 12 }
        ]
    );
    c.heal(&hyb(), 5, &mut dice(&[])).unwrap();
    assert_eq!(c.hp.current, 12, "nothing more heals");
    // A night of safe rest (level 4: 4 HP) mends them first; then healing works on the rest.
    let rest = NightlyRest {
        safety: RestSafety::Safe,
        ate_food: true,
    };
    c.hyb_nightly_rest(&hyb(), rest).unwrap();
    assert_eq!((c.hp.current, c.hyb.unhealable), (16, 4));
    c.heal(&hyb(), 10, &mut dice(&[])).unwrap();
    assert_eq!(c.hp.current, 16);
    c.hyb_nightly_rest(&hyb(), rest).unwrap();
    assert_eq!((c.hp.current, c.hyb.unhealable), (20, 0));
    // Dropped to 0 by it, an ally's healing stabilises (the injury table's 1 HP) but heals no more.
    let mut c = pc(10);
    hit(
        &mut c,
        DamageInstance {
            amount: 10,
            ..unhealable.clone()
        },
        fight(),
    );
    assert_eq!((c.hp.current, c.hyb.unhealable), (0, 10));
    c.heal(&hyb(), 5, &mut dice(&[16])).unwrap();
    assert_eq!((c.hp.current, c.hyb.unhealable), (1, 9));
}

#[test]
fn hyb_return_02_unhealable_damage_is_plain_and_hybrid_only() {
    let mut c = pc(20);
    let typed = DamageInstance {
        unhealable: true,
        ..DamageInstance::new(4, Some(DamageType::Fire))
    };
    let e = c
        .take_damage(
            &hyb(),
            &typed,
            &DamageChoices::default(),
            fight(),
            &mut dice(&[]),
        )
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    let plain = DamageInstance {
        unhealable: true,
        ..DamageInstance::new(4, None)
    };
    let e = c
        .take_damage(
            &CreatureRules::a5e(),
            &plain,
            &DamageChoices::default(),
            fight(),
            &mut dice(&[]),
        )
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    assert_eq!(c, pc(20), "unchanged");
    // A record can't hold more unhealable HP than are missing.
    let mut bad = pc(20).with_current_hp(15);
    bad.hyb.unhealable = 6;
    assert_eq!(bad.validate().unwrap_err().code, ErrorCode::InvalidArgument);
}

#[test]
fn hyb_heal_03_mundane_care_removes_penalties_but_restores_no_hp() {
    // Stabilised on a 16: back at 1 HP with disadvantage on all checks until rest.
    let mut c = down();
    c.heal(&hyb(), 0, &mut dice(&[16])).unwrap();
    assert!(c.hyb.disadvantage_until_rest);
    c.hyb.exhausted = true;
    let r = c.hyb_mundane_care(&hyb()).unwrap();
    assert_eq!(r.outcomes, vec![Outcome::DisadvantageEnded]);
    assert!(!c.hyb.disadvantage_until_rest);
    assert_eq!(c.hp.current, 1, "no HP");
    assert!(
        c.hyb.exhausted,
        "exhaustion waits for a safe night with food"
    );
    // Nothing left to treat: nothing changes. Another ruleset's creature: NOT_ALLOWED.
    assert!(c.hyb_mundane_care(&hyb()).unwrap().outcomes.is_empty());
    let e = c.hyb_mundane_care(&CreatureRules::a5e()).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
}
