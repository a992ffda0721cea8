//! A5E group checks and group attacks for controlled creatures (docs/rules.md §2.21).

use turnkeeper::ErrorCode;
use turnkeeper::dice::{DieSize, SuppliedDice};
use turnkeeper::procedures::a5e::control::{
    self, GridSquare, GroupAttackBasis, group_attack, group_check_bonus, group_stragglers,
    resolve_group_attack,
};
use turnkeeper::procedures::a5e::{Ability, D20Test, DamageDice, DamageType};

#[test]
fn a5e_ctrl_03_ex_a5e_16_strength_group_check_of_5_adds_4() {
    assert_eq!(group_check_bonus(Ability::Str, 5).unwrap(), 4);
    assert_eq!(group_check_bonus(Ability::Str, 1).unwrap(), 0);
    assert_eq!(group_check_bonus(Ability::Dex, 5).unwrap(), 0);
    assert_eq!(
        group_check_bonus(Ability::Str, 0).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    // One roll for the group: 9 + 2 + 4 = 15 vs DC 15.
    let r = control::group_check(
        Ability::Str,
        5,
        &D20Test::flat(2),
        15,
        &mut SuppliedDice::new([9]),
    )
    .unwrap();
    assert_eq!(r.roll.total, 15);
    assert_eq!(r.group_bonus, 4);
    assert!(r.success);
    assert_eq!(r.roll.d20.dice.len(), 1);
}

#[test]
fn a5e_ctrl_04_ex_a5e_16_four_creatures_best_plus_4_dc_15_damage_plus_3() {
    let g = group_attack(
        GroupAttackBasis::AttackRoll {
            best_attack_bonus: 4,
        },
        4,
    )
    .unwrap();
    assert_eq!(g.save_ability, Ability::Dex);
    assert_eq!(g.dc, 15);
    assert_eq!(g.damage_bonus, 3);
    // An attack that already uses a save keeps its ability and DC, then adds the members.
    let breath = group_attack(
        GroupAttackBasis::SavingThrow {
            ability: Ability::Con,
            dc: 13,
        },
        3,
    )
    .unwrap();
    assert_eq!(
        (breath.save_ability, breath.dc, breath.damage_bonus),
        (Ability::Con, 15, 2)
    );

    let bite = DamageDice::new(1, DieSize::D6, Some(DamageType::Piercing));
    // Failed save (10 + 1 = 11 < 15): full damage 4 + 2 (attack) + 3 (group) = 9, effects apply.
    let fail = resolve_group_attack(
        &g,
        &D20Test::flat(1),
        &bite,
        2,
        &mut SuppliedDice::new([10, 4]),
    )
    .unwrap();
    assert!(!fail.saved);
    assert_eq!(fail.damage, 9);
    assert!(fail.extra_effects_apply);
    // Success (14 + 1 = 15): half damage (9 → 4), no extra effects.
    let ok = resolve_group_attack(
        &g,
        &D20Test::flat(1),
        &bite,
        2,
        &mut SuppliedDice::new([14, 4]),
    )
    .unwrap();
    assert!(ok.saved);
    assert_eq!(ok.damage_roll.total, 9);
    assert_eq!(ok.damage, 4);
    assert!(!ok.extra_effects_apply);
}

#[test]
fn a5e_ctrl_01_identical_creatures_move_as_a_group_when_each_is_within_5_ft_of_another() {
    let at = |x, y| GridSquare { x, y };
    // A chain of wolves: each touches the next, diagonals included, so all move together.
    assert!(
        group_stragglers(&[at(0, 0), at(5, 5), at(10, 10), at(15, 10)])
            .unwrap()
            .is_empty()
    );
    // One 15 ft from every other member moves on its own; the pair at 40 and 45 ft stays in
    // the group, each being within 5 ft of another member, which is all the rule asks.
    assert_eq!(
        group_stragglers(&[at(0, 0), at(5, 0), at(20, 0), at(40, 0), at(45, 5)]).unwrap(),
        vec![2]
    );
    // A single creature has no other member near it.
    assert_eq!(group_stragglers(&[at(0, 0)]).unwrap(), vec![0]);
    let too_far = group_stragglers(&[at(i32::MAX, 0), at(0, 0)]).unwrap_err();
    assert_eq!(too_far.code, ErrorCode::InvalidArgument);
    let crowd = vec![at(0, 0); 501];
    assert_eq!(
        group_stragglers(&crowd).unwrap_err().code,
        ErrorCode::LimitExceeded
    );
}
