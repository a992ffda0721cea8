//! OSE saving throws and the monster save table (OSE-SAVE-01..04, OSE-TBL-03), roll-under
//! ability checks (OSE-CHK-01..03) and drowning (EX-OSE-08).

use turnkeeper::ErrorCode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::procedures::Percent;
use turnkeeper::procedures::ose::checks::*;
use turnkeeper::procedures::ose::hazards::*;
use turnkeeper::procedures::ose::saves::*;

#[test]
fn ose_tbl_03_monster_save_table_every_row_matches_rules_md() {
    // Copied from docs/rules.md OSE-TBL-03.
    let rules = "\
| NH | 14 | 15 | 16 | 17 | 18 |
| 1–3 | 12 | 13 | 14 | 15 | 16 |
| 4–6 | 10 | 11 | 12 | 13 | 14 |
| 7–9 | 8 | 9 | 10 | 10 | 12 |
| 10–12 | 6 | 7 | 8 | 8 | 10 |
| 13–15 | 4 | 5 | 6 | 5 | 8 |
| 16–18 | 2 | 3 | 4 | 3 | 6 |
| 19–21 | 2 | 2 | 2 | 2 | 4 |
| 22 or more | 2 | 2 | 2 | 2 | 2 |";
    let ours: Vec<String> = MONSTER_SAVE_TABLE
        .iter()
        .map(|row| {
            let v: Vec<String> = SaveCategory::ALL
                .iter()
                .map(|c| row.values.for_category(*c).to_string())
                .collect();
            format!("| {} | {} |", row.band.label(), v.join(" | "))
        })
        .collect();
    assert_eq!(ours.join("\n"), rules);
    // Lookup by HD at every band edge.
    for (hd, death) in [
        (1, 12),
        (3, 12),
        (4, 10),
        (9, 8),
        (10, 6),
        (15, 4),
        (18, 2),
        (21, 2),
        (22, 2),
        (99, 2),
    ] {
        assert_eq!(
            monster_saves(SaveAs::HitDice { hd }).unwrap().death,
            death,
            "HD {hd}"
        );
    }
    assert_eq!(monster_saves(SaveAs::HitDice { hd: 21 }).unwrap().spells, 4);
    assert_eq!(monster_saves(SaveAs::HitDice { hd: 22 }).unwrap().spells, 2);
    assert_eq!(monster_saves(SaveAs::NormalHuman).unwrap().spells, 18);
    assert_eq!(
        monster_saves(SaveAs::HitDice { hd: 0 }).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn ose_save_01_five_categories_in_table_order() {
    let letters: String = SaveCategory::ALL.iter().map(|c| c.letter()).collect();
    assert_eq!(letters, "DWPBS");
    let v = monster_saves(SaveAs::HitDice { hd: 7 }).unwrap();
    assert_eq!(v.for_category(SaveCategory::DeathOrPoison), 8);
    assert_eq!(v.for_category(SaveCategory::Wands), 9);
    assert_eq!(v.for_category(SaveCategory::ParalysisOrPetrification), 10);
    assert_eq!(v.for_category(SaveCategory::BreathAttacks), 10);
    assert_eq!(v.for_category(SaveCategory::SpellsRodsStaves), 12);
}

#[test]
fn ose_save_02_d20_at_or_above_the_value_succeeds() {
    let mut d = SuppliedDice::new([12, 11, 10]);
    let stake = SaveStake::NonDamaging;
    let r = roll_monster_save(
        &mut d,
        SaveAs::HitDice { hd: 2 },
        SaveCategory::DeathOrPoison,
        0,
        stake,
    )
    .unwrap();
    assert!(r.success);
    let r = roll_ose_save(&mut d, 12, 0, stake).unwrap();
    assert!(!r.success);
    // A magic item's bonus is added (OSE-DMG-03).
    let r = roll_ose_save(&mut d, 12, 2, stake).unwrap();
    assert_eq!((r.total, r.success), (12, true));
}

#[test]
fn ose_save_03_success_halves_damage_or_negates_the_effect() {
    let mut d = SuppliedDice::new([15, 5, 15, 5]);
    let dmg = SaveStake::Damaging { damage: 25 };
    let r = roll_ose_save(&mut d, 13, 0, dmg).unwrap();
    assert_eq!((r.success, r.damage_taken), (true, 12));
    let r = roll_ose_save(&mut d, 13, 0, dmg).unwrap();
    assert_eq!((r.success, r.damage_taken), (false, 25));
    let r = roll_ose_save(&mut d, 13, 0, SaveStake::NonDamaging).unwrap();
    assert!(!r.effect_applies);
    let r = roll_ose_save(&mut d, 13, 0, SaveStake::NonDamaging).unwrap();
    assert!(r.effect_applies);
}

#[test]
fn ose_save_04_failed_poison_saves_are_usually_fatal_and_damage_is_unaffected() {
    let mut d = SuppliedDice::new([3, 18, 3]);
    let poison = SaveStake::Poison {
        attack_damage: 4,
        fatal_on_failure: true,
    };
    let r = roll_ose_save(&mut d, 12, 0, poison).unwrap();
    assert_eq!((r.fatal, r.damage_taken), (true, 4));
    let r = roll_ose_save(&mut d, 12, 0, poison).unwrap();
    assert_eq!(
        (r.fatal, r.effect_applies, r.damage_taken),
        (false, false, 4)
    );
    let mild = SaveStake::Poison {
        attack_damage: 0,
        fatal_on_failure: false,
    };
    let r = roll_ose_save(&mut d, 12, 0, mild).unwrap();
    assert_eq!((r.fatal, r.effect_applies), (false, true));
}

#[test]
fn ose_chk_01_roll_at_or_under_the_score() {
    let mut d = SuppliedDice::new([13, 14]);
    assert!(roll_ability_check(&mut d, 13, 0).unwrap().success);
    assert!(!roll_ability_check(&mut d, 13, 0).unwrap().success);
}

#[test]
fn ose_chk_02_difficulty_is_added_to_the_roll() {
    let mut d = SuppliedDice::new([16, 10]);
    let r = roll_ability_check(&mut d, 12, EASY_CHECK).unwrap();
    assert_eq!((r.total, r.success), (12, true));
    let r = roll_ability_check(&mut d, 12, VERY_DIFFICULT_CHECK).unwrap();
    assert_eq!((r.total, r.success), (14, false));
}

#[test]
fn ose_chk_03_natural_1_succeeds_and_natural_20_fails() {
    let mut d = SuppliedDice::new([1, 20]);
    let r = roll_ability_check(&mut d, 3, VERY_DIFFICULT_CHECK).unwrap();
    assert_eq!((r.success, r.basis), (true, CheckBasis::Natural1));
    let r = roll_ability_check(&mut d, 25, EASY_CHECK).unwrap();
    assert_eq!((r.success, r.basis), (false, CheckBasis::Natural20));
    let mut d = SuppliedDice::new([10]);
    assert!(roll_ability_check(&mut d, 101, 0).is_err());
    assert_eq!(d.remaining(), 1);
}

#[test]
fn ex_ose_08_drowning_chances() {
    let heavy = Percent::new(DROWNING_ROUGH_HEAVY).unwrap();
    let light = Percent::new(DROWNING_ROUGH_LIGHT).unwrap();
    let mut d = SuppliedDice::new([99, 100, 10, 11]);
    assert!(roll_drowning(&mut d, heavy).unwrap().success);
    assert!(!roll_drowning(&mut d, heavy).unwrap().success);
    assert!(roll_drowning(&mut d, light).unwrap().success);
    assert!(!roll_drowning(&mut d, light).unwrap().success);
}

/// OSE-DMG-03: a magic item saves with its owner's save value, adding its combat bonus.
#[test]
fn ose_dmg_03_a_magic_item_saves_with_its_bonus_added() {
    let stake = SaveStake::NonDamaging;
    // Owner's value 14; a +2 sword rolling 12 makes 14 and survives, a plain item does not.
    let mut d = SuppliedDice::new([12, 12]);
    let sword = roll_ose_save(&mut d, 14, 2, stake).unwrap();
    assert_eq!((sword.total, sword.success), (14, true));
    let cloak = roll_ose_save(&mut d, 14, 0, stake).unwrap();
    assert_eq!((cloak.total, cloak.success), (12, false));
}
