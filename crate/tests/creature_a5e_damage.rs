//! A5E damage pipeline, temporary HP, ongoing damage (A5E-DMG, A5E-HP, A5E-THP; EX-A5E-01, -07,
//! -08).

use turnkeeper::ErrorCode;
use turnkeeper::creature::*;
use turnkeeper::dice::{RolledDie, SuppliedDice};

fn a5e() -> CreatureRules {
    CreatureRules::a5e()
}

fn fight() -> Moment {
    Moment::in_encounter(GameTime(1_000))
}

fn pc(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp).unwrap().with_level(3)
}

fn no_dice() -> SuppliedDice {
    SuppliedDice::new([])
}

fn hit(creature: &mut Creature, damage: DamageInstance) -> DamageReport {
    creature
        .take_damage(
            &a5e(),
            &damage,
            &DamageChoices::default(),
            fight(),
            &mut no_dice(),
        )
        .unwrap()
}

#[test]
fn a5e_dmg_01_penalties_never_take_damage_below_zero() {
    let mut c = pc(20);
    let report = hit(
        &mut c,
        DamageInstance::new(3, Some(DamageType::Fire)).with_flat_modifier(-5),
    );
    assert_eq!(report.breakdown.after_flat, 0);
    assert_eq!(report.breakdown.total, 0);
    assert_eq!(report.hp_lost, 0);
    assert_eq!(c.hp.current, 20);
}

#[test]
fn a5e_dmg_03_critical_doubles_total_including_static_modifiers() {
    // 1d8 showing 6, +3 Strength: 9, doubled to 18 (not 6 × 2 + 3 = 15).
    let mut c = pc(40);
    let report = hit(
        &mut c,
        DamageInstance::attack(9, Some(DamageType::Slashing), true).critical(),
    );
    assert_eq!(report.breakdown.doublings, vec![Doubling::CriticalHit]);
    assert_eq!(report.breakdown.total, 18);
    assert_eq!(c.hp.current, 22);
    // The target's own flat reduction is applied after the doubling, not doubled.
    let mut c = pc(40);
    let report = hit(
        &mut c,
        DamageInstance::attack(10, None, true)
            .critical()
            .with_flat_modifier(-5),
    );
    assert_eq!(report.breakdown.total, 15);
}

#[test]
fn a5e_dmg_04_critical_downgrade_block_costs_fatigue_once_per_rest() {
    let rules = a5e();
    let mut c = pc(40);
    let crit = DamageInstance::attack(10, Some(DamageType::Piercing), true).critical();
    let block = DamageChoices {
        critical_downgrade: Some(CriticalDowngrade::Block),
        ..DamageChoices::default()
    };
    let report = c
        .take_damage(&rules, &crit, &block, fight(), &mut no_dice())
        .unwrap();
    assert_eq!(report.breakdown.total, 10, "a regular hit now");
    assert!(report.outcomes.contains(&Outcome::CriticalDowngraded {
        method: CriticalDowngrade::Block
    }));
    assert_eq!(c.fatigue.level(), 1);
    assert_eq!(c.fatigue.pending, 1, "gained in combat (A5E-TRACK-06)");
    assert!(c.crit_block_used);

    // Not again before a rest; the failed call changes nothing.
    let before = c.clone();
    let err = c
        .take_damage(&rules, &crit, &block, fight(), &mut no_dice())
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    assert_eq!(c, before);

    // Sacrificing a shield still works, and costs no fatigue.
    let shield = DamageChoices {
        critical_downgrade: Some(CriticalDowngrade::SacrificeShield),
        ..DamageChoices::default()
    };
    let report = c
        .take_damage(&rules, &crit, &shield, fight(), &mut no_dice())
        .unwrap();
    assert_eq!(report.breakdown.total, 10);
    assert_eq!(c.fatigue.level(), 1);

    // A short rest recharges the block.
    let report = c.finish_short_rest(&rules).unwrap();
    assert_eq!(report.outcomes, vec![Outcome::CriticalBlockRecharged]);
    assert!(!c.crit_block_used);
    c.take_damage(&rules, &crit, &block, fight(), &mut no_dice())
        .unwrap();
    assert_eq!(c.fatigue.level(), 2);

    // Only a critical hit can be downgraded.
    let err = c
        .take_damage(
            &rules,
            &DamageInstance::attack(5, None, true),
            &shield,
            fight(),
            &mut no_dice(),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
}

#[test]
fn a5e_dmg_05_thirteen_damage_types() {
    let names: Vec<String> = DamageType::ALL
        .iter()
        .map(|t| {
            serde_json::to_string(t)
                .unwrap()
                .trim_matches('"')
                .to_string()
        })
        .collect();
    assert_eq!(
        names,
        [
            "acid",
            "bludgeoning",
            "cold",
            "fire",
            "force",
            "lightning",
            "necrotic",
            "piercing",
            "poison",
            "psychic",
            "radiant",
            "slashing",
            "thunder"
        ]
    );
    let parsed: DamageType = serde_json::from_str("\"thunder\"").unwrap();
    assert_eq!(parsed, DamageType::Thunder);
    assert!(serde_json::from_str::<DamageType>("\"sonic\"").is_err());
}

#[test]
fn a5e_dmg_06_untyped_ongoing_damage_ignores_resistance_and_vulnerability() {
    let mut c = pc(40);
    for t in DamageType::ALL {
        c = c.with_resistance(t).with_vulnerability(t);
    }
    let ongoing = OngoingDamage {
        dice: DiceSpec::new(1, turnkeeper::dice::DieSize::D10),
        damage_type: None,
    };
    let report = c
        .apply_ongoing_damage(
            &a5e(),
            &ongoing,
            &DamageChoices::default(),
            fight(),
            &mut SuppliedDice::new([8]),
        )
        .unwrap();
    assert!(!report.breakdown.resisted && !report.breakdown.vulnerable);
    assert_eq!(report.hp_lost, 8);
    assert_eq!(report.dice, vec![RolledDie { sides: 10, face: 8 }]);
}

#[test]
fn a5e_dmg_07_resistance_then_vulnerability_after_flat_modifiers_never_stacked() {
    // 21 − 1 = 20 → halved 10 → doubled 20.
    let mut c = pc(40)
        .with_resistance(DamageType::Cold)
        .with_vulnerability(DamageType::Cold);
    let report = hit(
        &mut c,
        DamageInstance::new(21, Some(DamageType::Cold)).with_flat_modifier(-1),
    );
    let b = &report.breakdown;
    assert_eq!(
        (b.after_flat, b.resisted, b.vulnerable, b.total),
        (20, true, true, 20)
    );

    // Two vulnerabilities still double once.
    let mut c = pc(40)
        .with_vulnerability(DamageType::Fire)
        .with_vulnerability(DamageType::Fire);
    let report = hit(&mut c, DamageInstance::new(6, Some(DamageType::Fire)));
    assert_eq!(report.breakdown.vulnerability_sources, 2);
    assert_eq!(report.breakdown.total, 12);

    // G-27: halving rounds down by default, up by option.
    let mut c = pc(40).with_resistance(DamageType::Acid);
    assert_eq!(
        hit(&mut c, DamageInstance::new(7, Some(DamageType::Acid)))
            .breakdown
            .total,
        3
    );
    let up = CreatureRules::A5e(A5eRules {
        resistance_rounding: Rounding::Up,
        ..A5eRules::default()
    });
    let b = c
        .preview_damage(
            &up,
            &DamageInstance::new(7, Some(DamageType::Acid)),
            &DamageChoices::default(),
        )
        .unwrap();
    assert_eq!(b.total, 4);
}

#[test]
fn a5e_dmg_08_immunity_negates_damage() {
    let mut c = pc(30).with_immunity(DamageType::Fire);
    let report = hit(
        &mut c,
        DamageInstance::attack(30, Some(DamageType::Fire), false).critical(),
    );
    assert!(report.breakdown.immune);
    assert_eq!(report.breakdown.total, 0);
    assert!(report.outcomes.contains(&Outcome::DamageNegated));
    assert_eq!(c.hp.current, 30);

    // Immunity to mundane weapons.
    let mut c = pc(30);
    c.defenses.immune_to_mundane_weapons = true;
    let mut sword = DamageInstance::attack(8, Some(DamageType::Slashing), true);
    sword.mundane_weapon = true;
    assert_eq!(hit(&mut c, sword.clone()).breakdown.total, 0);
    sword.mundane_weapon = false;
    assert_eq!(hit(&mut c, sword).breakdown.total, 8);
}

#[test]
fn ex_a5e_01_imp_resistance_after_magical_cage() {
    let ray = DamageInstance::new(25, Some(DamageType::Cold)).with_flat_modifier(-5);
    let mut imp = Creature::new(CreatureKind::Monster, 40)
        .unwrap()
        .with_resistance(DamageType::Cold);
    let report = hit(&mut imp, ray.clone());
    assert_eq!(report.breakdown.after_flat, 20);
    assert_eq!(report.breakdown.total, 10);
    assert_eq!(imp.hp.current, 30);

    // Also under a resist-all effect: two sources, still halved once → 10, not 5.
    let mut imp = Creature::new(CreatureKind::Monster, 40)
        .unwrap()
        .with_resistance(DamageType::Cold)
        .with_resistance(DamageType::Cold);
    let report = hit(&mut imp, ray);
    assert_eq!(report.breakdown.resistance_sources, 2);
    assert_eq!(report.breakdown.total, 10);
}

#[test]
fn a5e_hp_01_hp_between_zero_and_maximum() {
    let mut c = pc(5);
    let report = hit(&mut c, DamageInstance::new(12, None));
    assert_eq!(report.hp_lost, 5, "only the HP the creature had");
    assert_eq!(c.hp.current, 0);
    let mut c = pc(13).with_current_hp(12);
    c.heal(&a5e(), 50, &mut no_dice()).unwrap();
    assert_eq!(c.hp.current, 13);
}

#[test]
fn a5e_hp_02_bloodied_at_half_or_below() {
    let c = pc(13).with_current_hp(7);
    assert!(!c.bloodied());
    let mut c = pc(13).with_current_hp(7);
    let report = hit(&mut c, DamageInstance::new(1, None));
    assert!(c.bloodied(), "6 of 13");
    assert!(report.outcomes.contains(&Outcome::Bloodied));
    assert!(pc(10).with_current_hp(5).bloodied());
    assert!(!pc(10).with_current_hp(6).bloodied());
    // Already bloodied: not reported again.
    let report = hit(&mut c, DamageInstance::new(1, None));
    assert!(!report.outcomes.contains(&Outcome::Bloodied));
    // Dropped straight to 0 HP: the report is about falling, not about being bloodied.
    let mut c = pc(13);
    let report = hit(&mut c, DamageInstance::new(13, None));
    assert_eq!(c.hp.current, 0);
    assert!(!report.outcomes.contains(&Outcome::Bloodied), "{report:?}");
}

#[test]
fn a5e_thp_01_ex_a5e_07a_temporary_hp_absorb_first() {
    let mut c = pc(20);
    c.grant_temp_hp(5, TempHpChoice::KeepHigher).unwrap();
    let report = hit(&mut c, DamageInstance::new(8, None));
    assert_eq!(report.temp_hp_absorbed, 5);
    assert_eq!(report.hp_lost, 3);
    assert_eq!((c.hp.temp, c.hp.current), (0, 17));
}

#[test]
fn a5e_thp_02_ex_a5e_07b_temporary_hp_never_stack() {
    for (choice, expected) in [
        (TempHpChoice::KeepHigher, 10),
        (TempHpChoice::KeepCurrent, 5),
        (TempHpChoice::TakeNew, 10),
    ] {
        let mut c = pc(20);
        c.grant_temp_hp(5, TempHpChoice::KeepHigher).unwrap();
        c.grant_temp_hp(10, choice).unwrap();
        assert_eq!(c.hp.temp, expected);
        assert_ne!(c.hp.temp, 15);
    }
    let mut c = pc(20);
    c.grant_temp_hp(10, TempHpChoice::KeepHigher).unwrap();
    c.grant_temp_hp(5, TempHpChoice::KeepHigher).unwrap();
    assert_eq!(c.hp.temp, 10);
    c.grant_temp_hp(5, TempHpChoice::TakeNew).unwrap();
    assert_eq!(c.hp.temp, 5);
}

#[test]
fn a5e_thp_03_healing_does_not_restore_temporary_hp() {
    let mut c = pc(10);
    c.grant_temp_hp(5, TempHpChoice::KeepHigher).unwrap();
    assert_eq!(c.hp.current + c.hp.temp, 15, "may exceed the maximum");
    hit(&mut c, DamageInstance::new(7, None));
    assert_eq!((c.hp.temp, c.hp.current), (0, 8));
    c.heal(&a5e(), 10, &mut no_dice()).unwrap();
    assert_eq!((c.hp.temp, c.hp.current), (0, 10));
}

#[test]
fn a5e_thp_04_ex_a5e_07c_temporary_hp_at_zero_absorb_but_do_not_wake() {
    let mut c = pc(10);
    hit(&mut c, DamageInstance::new(10, None));
    assert!(matches!(c.death, DeathState::Dying { .. }));
    c.grant_temp_hp(5, TempHpChoice::KeepHigher).unwrap();
    assert!(matches!(
        c.death,
        DeathState::Dying {
            successes: 0,
            failures: 0
        }
    ));
    // An attack fully soaked by temporary HP costs nothing, so no choice is needed.
    let report = c
        .take_damage(
            &a5e(),
            &DamageInstance::attack(3, None, true),
            &DamageChoices::default(),
            fight(),
            &mut no_dice(),
        )
        .unwrap();
    assert_eq!(report.temp_hp_absorbed, 3);
    assert!(matches!(
        c.death,
        DeathState::Dying {
            successes: 0,
            failures: 0
        }
    ));
    // Damage that gets through does.
    hit(&mut c, DamageInstance::new(4, None));
    assert_eq!(c.hp.temp, 0);
    assert!(matches!(
        c.death,
        DeathState::Dying {
            successes: 0,
            failures: 1
        }
    ));
}

#[test]
fn ex_a5e_08_ongoing_fire_damage_uses_fire_resistance_and_vulnerability() {
    let touch = OngoingDamage {
        dice: DiceSpec::new(1, turnkeeper::dice::DieSize::D10),
        damage_type: Some(DamageType::Fire),
    };
    let rules = a5e();
    let choices = DamageChoices::default();
    let mut plain = pc(30);
    let r = plain
        .apply_ongoing_damage(
            &rules,
            &touch,
            &choices,
            fight(),
            &mut SuppliedDice::new([7]),
        )
        .unwrap();
    assert_eq!((r.breakdown.total, plain.hp.current), (7, 23));
    assert_eq!(r.dice, vec![RolledDie { sides: 10, face: 7 }]);

    let mut resistant = pc(30).with_resistance(DamageType::Fire);
    let r = resistant
        .apply_ongoing_damage(
            &rules,
            &touch,
            &choices,
            fight(),
            &mut SuppliedDice::new([7]),
        )
        .unwrap();
    assert_eq!(r.breakdown.total, 3);

    let mut vulnerable = pc(30).with_vulnerability(DamageType::Fire);
    let r = vulnerable
        .apply_ongoing_damage(
            &rules,
            &touch,
            &choices,
            fight(),
            &mut SuppliedDice::new([7]),
        )
        .unwrap();
    assert_eq!(r.breakdown.total, 14);

    // At 0 HP ongoing damage is not an attack: a death-save failure by default (A5E-DEATH-06).
    let mut down = pc(5);
    hit(&mut down, DamageInstance::new(5, None));
    down.apply_ongoing_damage(
        &rules,
        &touch,
        &choices,
        fight(),
        &mut SuppliedDice::new([2]),
    )
    .unwrap();
    assert!(matches!(down.death, DeathState::Dying { failures: 1, .. }));
}

#[test]
fn a5e_dmg_07_a_formula_with_flavors_is_resisted_type_by_type() {
    // Foundry's `2d6[fire] + 1d8[cold] + 3`: 3 + 4 fire, 5 + 3 cold (the modifier joins the
    // type before it); fire resisted (7 → 3), cold vulnerable (8 → 16), each through the pipeline.
    let r = turnkeeper::dice::roll(
        "2d6[fire] + 1d8[cold] + 3",
        &mut SuppliedDice::new([3, 4, 5]),
    )
    .unwrap();
    let parts = damage_from_roll(&r, &DamageInstance::attack(0, None, true)).unwrap();
    let typed: Vec<_> = parts.iter().map(|d| (d.damage_type, d.amount)).collect();
    assert_eq!(
        typed,
        [(Some(DamageType::Fire), 7), (Some(DamageType::Cold), 8)]
    );
    assert!(parts.iter().all(|d| d.from_attack && d.melee));
    let mut c = pc(40)
        .with_resistance(DamageType::Fire)
        .with_vulnerability(DamageType::Cold);
    let lost: Vec<u32> = parts
        .iter()
        .map(|d| hit(&mut c, d.clone()).hp_lost)
        .collect();
    assert_eq!(lost, [3, 16]);
    assert_eq!(c.hp.current, 21);
}

#[test]
fn a5e_dmg_05_flavors_name_damage_types_and_other_shapes_are_refused() {
    let roll = |n: &str, faces: &[u32]| {
        turnkeeper::dice::roll(n, &mut SuppliedDice::new(faces.iter().copied())).unwrap()
    };
    let split = |n: &str, faces: &[u32]| {
        damage_from_roll(
            &roll(n, faces),
            &DamageInstance::new(0, Some(DamageType::Slashing)),
        )
    };
    let typed = |n: &str, faces: &[u32]| -> Vec<(Option<DamageType>, i32)> {
        split(n, faces)
            .unwrap()
            .iter()
            .map(|d| (d.damage_type, d.amount))
            .collect()
    };
    // No flavor: one instance of the template's type.
    assert_eq!(typed("1d8+2", &[5]), [(Some(DamageType::Slashing), 7)]);
    // An untyped term before the first flavor joins it; any case names the type.
    assert_eq!(
        typed("1d8 + 2d6[FIRE]", &[5, 1, 1]),
        [(Some(DamageType::Fire), 7)]
    );
    // Parts of one type add up, and a type whose parts sum below 0 deals 0 (A5E-DMG-01).
    assert_eq!(
        typed("1d4[acid] - 5 + 1d6[cold] + 1d4[acid]", &[1, 6, 1]),
        [(Some(DamageType::Acid), 0), (Some(DamageType::Cold), 6)]
    );
    for (n, faces) in [
        ("2d6*2[fire]", &[1u32, 1][..]),
        ("(1d6[fire])+1", &[1]),
        ("max(1d6,2)", &[1]),
    ] {
        assert_eq!(
            split(n, faces).unwrap_err().code,
            ErrorCode::InvalidArgument,
            "{n}"
        );
    }
    assert_eq!(
        split("1d6[holy]", &[1]).unwrap_err().code,
        ErrorCode::InvalidArgument,
        "not one of the thirteen types"
    );
}

/// Resistance to all damage (petrified, A5E-COND-19, or by nature) halves typed and untyped
/// damage once, even beside a resistance of the damage's own type (A5E-DMG-07: sources of
/// resistance do not stack); it is written to the snapshot only when set, so the digests of
/// creatures without it are those earlier versions wrote.
#[test]
fn a5e_cond_19_resistance_to_all_damage() {
    let mut c = pc(40);
    c.defenses.resists_all = true;
    assert_eq!(hit(&mut c, DamageInstance::new(9, None)).breakdown.total, 4);
    c.defenses.resistances.push(DamageType::Fire);
    assert_eq!(
        hit(&mut c, DamageInstance::new(9, Some(DamageType::Fire)))
            .breakdown
            .total,
        4
    );
    assert!(!c.defenses.is_empty());
    let text = turnkeeper::wire::to_json(&c.defenses);
    assert!(text.contains(r#""resistsAll":true"#), "{text}");
    let plain = Defenses::default();
    assert_eq!(turnkeeper::wire::to_json(&plain), "{}");
    let digest = |d: &Defenses| turnkeeper::engine::Digester::new().add(d).digest();
    // Unset, it is fed exactly as the four older fields were.
    let mut old = turnkeeper::engine::Digester::new();
    old.add(&plain.resistances)
        .add(&plain.vulnerabilities)
        .add(&plain.immunities)
        .add(&plain.immune_to_mundane_weapons);
    assert_eq!(digest(&plain), old.digest());
    assert_ne!(digest(&plain), digest(&c.defenses));
}
