//! HYB checks, traps, attacks and damage (HYB-CHK-01..05, HYB-TRAP-01, HYB-ATK-01..04,
//! HYB-DMG-01..03).

use turnkeeper::ErrorCode;
use turnkeeper::dice::RollMode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::dice::{DiceSpec, DieSize};
use turnkeeper::procedures::hyb::attack::*;
use turnkeeper::procedures::hyb::check::*;
use turnkeeper::procedures::hyb::trap::*;

#[test]
fn hyb_chk_01_d20_plus_modifiers_meets_or_beats_the_dc() {
    let mut d = SuppliedDice::new([9, 8, 4, 17]);
    let check = HybCheckInput::new(2, 11);
    let r = roll_hyb_check(&mut d, &check).unwrap();
    assert_eq!((r.total, r.success), (Some(11), true));
    let r = roll_hyb_check(&mut d, &check).unwrap();
    assert_eq!((r.total, r.success), (Some(10), false));
    // Advantage keeps the higher of two.
    let adv = HybCheckInput {
        advantage: RollMode::Advantage,
        ..check
    };
    let r = roll_hyb_check(&mut d, &adv).unwrap();
    assert_eq!((r.natural(), r.success), (Some(17), true));
    assert_eq!(r.roll.unwrap().dice.len(), 2);
}

#[test]
fn hyb_chk_02_proficiency_only_when_proficient() {
    let mut d = SuppliedDice::new([8, 8]);
    let mut check = HybCheckInput::new(1, 11);
    check.proficiency_bonus = 2;
    assert!(!roll_hyb_check(&mut d, &check).unwrap().success);
    check.proficient = true;
    let r = roll_hyb_check(&mut d, &check).unwrap();
    assert_eq!((r.modifier, r.total, r.success), (3, Some(11), true));
}

#[test]
fn hyb_chk_03_the_gm_may_grant_advantage_or_automatic_success() {
    let mut d = SuppliedDice::new([]);
    let mut check = HybCheckInput::new(-5, 30);
    check.automatic_success = true;
    let r = roll_hyb_check(&mut d, &check).unwrap();
    assert!(r.success && r.automatic);
    assert_eq!(r.roll, None);
    // Or advantage: the better of two d20s (4 and 17) against DC 15 succeeds.
    let mut d = SuppliedDice::new([4, 17]);
    let mut check = HybCheckInput::new(0, 15);
    check.advantage = RollMode::Advantage;
    assert!(roll_hyb_check(&mut d, &check).unwrap().success);
    let mut d = SuppliedDice::new([4]);
    check.advantage = RollMode::Normal;
    assert!(!roll_hyb_check(&mut d, &check).unwrap().success);
}

#[test]
fn hyb_chk_04_stealth_blocks_targeting_until_the_character_attacks() {
    let mut s = Stealth::default();
    assert!(s.can_be_targeted());
    let mut d = SuppliedDice::new([15, 2]);
    assert!(
        s.attempt(&mut d, &HybCheckInput::new(0, 12))
            .unwrap()
            .success
    );
    assert!(!s.can_be_targeted());
    assert!(s.attack());
    assert!(s.can_be_targeted());
    assert!(
        !s.attempt(&mut d, &HybCheckInput::new(0, 12))
            .unwrap()
            .success
    );
    assert!(!s.hidden);
}

#[test]
fn hyb_chk_05_ability_modifier_is_floor_of_score_minus_10_over_2() {
    for (score, m) in [
        (1, -5),
        (3, -4),
        (6, -2),
        (9, -1),
        (10, 0),
        (11, 0),
        (12, 1),
        (18, 4),
        (20, 5),
    ] {
        assert_eq!(ability_modifier(score).unwrap(), m, "score {score}");
    }
    assert_eq!(ability_modifier(0).unwrap(), -5);
    assert_eq!(
        ability_modifier(101).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn hyb_trap_01_traps_are_dangerous_checks_the_players_must_earn() {
    let check = HybCheckInput::new(1, 13);
    // Players didn't say how they search and the GM allows no check: the trap goes off.
    let mut d = SuppliedDice::new([]);
    let r = resolve_trap(
        &mut d,
        &TrapInput {
            check,
            players_said_how: false,
            gm_allows_check: false,
            for_pc: true,
        },
    )
    .unwrap();
    assert_eq!((r.check_allowed, r.triggered, r.check), (false, true, None));
    // They said when, where and how: a check; success avoids it.
    let mut d = SuppliedDice::new([12, 1]);
    let input = TrapInput {
        check,
        players_said_how: true,
        gm_allows_check: false,
        for_pc: true,
    };
    let r = resolve_trap(&mut d, &input).unwrap();
    assert!(r.check_allowed && !r.triggered);
    // A natural 1 springs it and doubles the damage (HYB-DMG-03).
    let r = resolve_trap(&mut d, &input).unwrap();
    assert!(r.triggered && r.damage_doubled);
    assert_eq!(damage_after_check(7, r.damage_doubled), 14);
    // The GM may allow a check anyway.
    let mut d = SuppliedDice::new([20]);
    let r = resolve_trap(
        &mut d,
        &TrapInput {
            gm_allows_check: true,
            players_said_how: false,
            ..input
        },
    )
    .unwrap();
    assert!(r.check_allowed && !r.triggered);
}

#[test]
fn hyb_dmg_03_natural_1_doubles_damage_only_for_pcs() {
    let mut d = SuppliedDice::new([1, 1, 2]);
    let check = HybCheckInput::new(0, 11);
    let pc = roll_dangerous_check(&mut d, &check, true).unwrap();
    assert!(pc.damage_doubled && !pc.avoided);
    let npc = roll_dangerous_check(&mut d, &check, false).unwrap();
    assert!(!npc.damage_doubled);
    let other = roll_dangerous_check(&mut d, &check, true).unwrap();
    assert!(!other.damage_doubled);
    assert_eq!(damage_after_check(5, false), 5);
}

fn pc(ability: i32, proficient: bool) -> HybAttacker {
    HybAttacker::Pc {
        ability_modifier: ability,
        proficient,
        proficiency_bonus: 2,
    }
}

#[test]
fn hyb_atk_01_pc_attack_is_ability_plus_proficiency_against_ac() {
    assert_eq!(HybAttackMethod::Melee.ability(), Ability::Str);
    assert_eq!(HybAttackMethod::Ranged.ability(), Ability::Dex);
    assert_eq!(
        HybAttackMethod::ArcaneSpell { ranged: true }.ability(),
        Ability::Int
    );
    assert_eq!(
        HybAttackMethod::DivineSpell { ranged: false }.ability(),
        Ability::Wis
    );
    let mut d = SuppliedDice::new([10, 10]);
    let input = HybAttackInput {
        attacker: pc(2, true),
        method: HybAttackMethod::Melee,
        target_ac: 14,
        band: None,
        in_melee: false,
        advantage: RollMode::Normal,
    };
    let r = roll_hyb_attack(&mut d, &input).unwrap();
    assert_eq!((r.total, r.hit), (14, true));
    let r = roll_hyb_attack(
        &mut d,
        &HybAttackInput {
            attacker: pc(2, false),
            ..input
        },
    )
    .unwrap();
    assert_eq!((r.total, r.hit), (12, false));
}

#[test]
fn hyb_atk_02_npc_attacks_use_the_monsters_modifier() {
    let mut d = SuppliedDice::new([11]);
    let input = HybAttackInput {
        attacker: HybAttacker::Npc { modifier: 4 },
        method: HybAttackMethod::Melee,
        target_ac: 15,
        band: None,
        in_melee: false,
        advantage: RollMode::Normal,
    };
    let r = roll_hyb_attack(&mut d, &input).unwrap();
    assert_eq!((r.total, r.hit), (15, true));
}

#[test]
fn hyb_atk_03_range_bands() {
    use HybRangeBand::*;
    assert_eq!(
        band_allows(HybAttackMethod::Melee, Close).unwrap(),
        RollMode::Normal
    );
    assert_eq!(
        band_allows(HybAttackMethod::Ranged, Close).unwrap(),
        RollMode::Disadvantage
    );
    assert_eq!(
        band_allows(HybAttackMethod::Ranged, Ranged).unwrap(),
        RollMode::Normal
    );
    assert_eq!(
        band_allows(HybAttackMethod::Melee, Ranged)
            .unwrap_err()
            .code,
        ErrorCode::NotAllowed
    );
    assert!(band_allows(HybAttackMethod::Ranged, Far).is_err());
    assert!(band_allows(HybAttackMethod::ArcaneSpell { ranged: true }, Far).is_err());
    // A ranged attack at close range rolls two d20 and keeps the lower.
    let mut d = SuppliedDice::new([18, 6]);
    let input = HybAttackInput {
        attacker: pc(3, false),
        method: HybAttackMethod::Ranged,
        target_ac: 12,
        band: Some(Close),
        in_melee: false,
        advantage: RollMode::Normal,
    };
    let r = roll_hyb_attack(&mut d, &input).unwrap();
    assert_eq!((r.roll.natural, r.hit), (6, false));
    // Far: nothing is rolled.
    let mut d = SuppliedDice::new([20]);
    assert!(
        roll_hyb_attack(
            &mut d,
            &HybAttackInput {
                band: Some(Far),
                ..input
            }
        )
        .is_err()
    );
    assert_eq!(d.remaining(), 1);
}

#[test]
fn hyb_atk_04_melee_reach_listed_ranges_and_ranged_in_melee() {
    assert!(melee_in_reach(5, MeleeReach::FiveFeet));
    assert!(!melee_in_reach(10, MeleeReach::FiveFeet));
    assert!(melee_in_reach(10, MeleeReach::TenFeet));
    assert!(within_range(30, 30) && !within_range(31, 30));
    // Ranged in melee: disadvantage; advantage from the GM cancels it.
    let input = HybAttackInput {
        attacker: pc(0, false),
        method: HybAttackMethod::Ranged,
        target_ac: 10,
        band: None,
        in_melee: true,
        advantage: RollMode::Normal,
    };
    let mut d = SuppliedDice::new([15, 9, 12]);
    let r = roll_hyb_attack(&mut d, &input).unwrap();
    assert_eq!((r.roll.mode, r.roll.natural), (RollMode::Disadvantage, 9));
    let r = roll_hyb_attack(
        &mut d,
        &HybAttackInput {
            advantage: RollMode::Advantage,
            ..input
        },
    )
    .unwrap();
    assert_eq!((r.roll.mode, r.roll.natural), (RollMode::Normal, 12));
}

#[test]
fn hyb_dmg_01_damage_is_dice_plus_ability_modifier() {
    let mut d = SuppliedDice::new([5, 1]);
    let r = roll_hyb_damage(&mut d, DiceSpec::new(1, DieSize::D8), 2, false).unwrap();
    assert_eq!((r.base, r.amount), (7, 7));
    let r = roll_hyb_damage(&mut d, DiceSpec::new(1, DieSize::D8), -3, false).unwrap();
    assert_eq!(r.amount, 0, "never negative");
}

#[test]
fn hyb_dmg_01_dice_with_their_own_modifier_add_it() {
    let mut d = SuppliedDice::new([5]);
    let spec = DiceSpec::new(1, DieSize::D8).plus(1);
    let r = roll_hyb_damage(&mut d, spec, 2, false).unwrap();
    assert_eq!((r.modifier, r.base, r.amount), (3, 8, 8));
}

#[test]
fn hyb_dmg_02_natural_20_is_a_critical_that_doubles_the_total() {
    let mut d = SuppliedDice::new([20, 6]);
    let input = HybAttackInput {
        attacker: pc(1, false),
        method: HybAttackMethod::Melee,
        target_ac: 30,
        band: None,
        in_melee: false,
        advantage: RollMode::Normal,
    };
    let r = roll_hyb_attack(&mut d, &input).unwrap();
    assert!(r.critical && r.hit);
    let dmg = roll_hyb_damage(&mut d, DiceSpec::new(1, DieSize::D8), 1, r.critical).unwrap();
    assert_eq!((dmg.base, dmg.amount, dmg.doubled), (7, 14, true));
}

#[test]
fn trap_input_defaults_to_a_pc_check_from_json() {
    let t: TrapInput =
        serde_json::from_str(r#"{"check":{"dc":12},"playersSaidHow":true}"#).unwrap();
    assert!(t.for_pc && t.players_said_how && !t.gm_allows_check);
    assert_eq!(t.check, HybCheckInput::new(0, 12));
}
