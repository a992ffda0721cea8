//! HYB morale (HYB-MORALE-01..04) and EX-HYB-13.

use turnkeeper::ErrorCode;
use turnkeeper::dice::RollMode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::procedures::hyb::morale::*;
use turnkeeper::procedures::{GroupKey, MemberId};

fn monster(wis: i32, hd_bonus: i32) -> HybMoraleInput {
    HybMoraleInput {
        wis_modifier: wis,
        proficiency_bonus: None,
        hd_bonus,
        advantage: RollMode::Normal,
    }
}

#[test]
fn hyb_morale_01_d20_wis_proficiency_hd_bonus_against_dc_11() {
    let mut d = SuppliedDice::new([8, 7, 6]);
    let r = roll_hyb_morale(&mut d, &monster(1, 2), None).unwrap();
    assert_eq!(
        (r.total, r.dc, r.outcome),
        (11, 11, HybMoraleOutcome::Stands)
    );
    let r = roll_hyb_morale(&mut d, &monster(1, 2), None).unwrap();
    assert_eq!(
        (r.total, r.outcome),
        (10, HybMoraleOutcome::SurrendersOrFlees)
    );
    let mut with_prof = monster(1, 2);
    with_prof.proficiency_bonus = Some(2);
    let r = roll_hyb_morale(&mut d, &with_prof, None).unwrap();
    assert_eq!(
        (r.modifier, r.total, r.outcome),
        (5, 11, HybMoraleOutcome::Stands)
    );
    // Outnumbered: disadvantage.
    let mut d = SuppliedDice::new([15, 3]);
    let mut outnumbered = monster(0, 0);
    outnumbered.advantage = RollMode::Disadvantage;
    let r = roll_hyb_morale(&mut d, &outnumbered, None).unwrap();
    assert_eq!(
        (r.roll.natural, r.outcome),
        (3, HybMoraleOutcome::SurrendersOrFlees)
    );
}

#[test]
fn hyb_morale_02_the_trigger_is_recorded_with_the_check() {
    for trigger in [
        HybMoraleTrigger::BattleBegins,
        HybMoraleTrigger::FirstCombatantKilled,
        HybMoraleTrigger::LeaderOrExpertKilled,
        HybMoraleTrigger::TideOfBattleObvious,
    ] {
        let mut d = SuppliedDice::new([11]);
        let r = roll_hyb_morale(&mut d, &monster(0, 0), Some(trigger)).unwrap();
        assert_eq!(r.trigger, Some(trigger));
        assert_eq!(r.outcome, HybMoraleOutcome::Stands);
    }
}

fn participant(id: &str, pc: bool, side: &str, kind: &str, wis: i32) -> MoraleParticipant {
    MoraleParticipant {
        id: MemberId::new(id),
        is_pc: pc,
        side: GroupKey::new(side),
        kind: GroupKey::new(kind),
        morale: monster(wis, 0),
    }
}

#[test]
fn hyb_morale_03_pcs_roll_alone_monsters_by_side_group_or_individually() {
    let people = vec![
        participant("gob1", false, "foes", "goblin", 0),
        participant("gob2", false, "foes", "goblin", -1),
        participant("wolf", false, "foes", "wolf", 2),
        participant("ana", true, "party", "human", 1),
        participant("bo", true, "party", "human", 0),
    ];
    let ids = |u: &MoraleUnit| u.members.iter().map(|m| m.0.clone()).collect::<Vec<_>>();
    let side =
        plan_morale_rolls(&people, MoraleGrouping::Side, GroupRoller::WorstModifier).unwrap();
    assert_eq!(side.len(), 3);
    assert_eq!(ids(&side[0]), ["gob1", "gob2", "wolf"]);
    assert_eq!(
        side[0].roller,
        MemberId::new("gob2"),
        "worst modifier rolls"
    );
    assert_eq!(ids(&side[1]), ["ana"]);
    assert_eq!(ids(&side[2]), ["bo"]);
    let by_type = plan_morale_rolls(
        &people,
        MoraleGrouping::GroupByType,
        GroupRoller::FirstListed,
    )
    .unwrap();
    assert_eq!(by_type.len(), 4);
    assert_eq!(ids(&by_type[0]), ["gob1", "gob2"]);
    assert_eq!(by_type[0].roller, MemberId::new("gob1"));
    assert_eq!(ids(&by_type[1]), ["wolf"]);
    let each =
        plan_morale_rolls(&people, MoraleGrouping::Individual, GroupRoller::default()).unwrap();
    assert_eq!(each.len(), 5);
    // One roll per unit, with the roller's modifiers.
    let mut d = SuppliedDice::new([11, 10, 10]);
    let checks = roll_hyb_morale_for(
        &mut d,
        &people,
        MoraleGrouping::Side,
        GroupRoller::WorstModifier,
        Some(HybMoraleTrigger::TideOfBattleObvious),
    )
    .unwrap();
    assert_eq!(checks.len(), 3);
    assert_eq!(
        (checks[0].check.total, checks[0].check.outcome),
        (10, HybMoraleOutcome::SurrendersOrFlees)
    );
    assert_eq!(
        (checks[1].check.total, checks[1].check.outcome),
        (11, HybMoraleOutcome::Stands)
    );
    assert_eq!(checks[2].check.outcome, HybMoraleOutcome::SurrendersOrFlees);
    // Duplicate ids are refused.
    let twice = vec![people[0].clone(), people[0].clone()];
    assert_eq!(
        plan_morale_rolls(&twice, MoraleGrouping::Side, GroupRoller::default())
            .unwrap_err()
            .code,
        ErrorCode::DuplicateId
    );
}

#[test]
fn hyb_morale_04_followers_of_a_retreating_pc_check_at_disadvantage_and_rout() {
    let mut d = SuppliedDice::new([16, 9, 16, 12]);
    let r = roll_follower_morale(&mut d, &monster(1, 0)).unwrap();
    assert_eq!(r.roll.mode, RollMode::Disadvantage);
    assert_eq!((r.roll.natural, r.total), (9, 10));
    assert_eq!(r.outcome, HybMoraleOutcome::Routs);
    assert_eq!(r.trigger, Some(HybMoraleTrigger::LeaderRetreats));
    let r = roll_follower_morale(&mut d, &monster(1, 0)).unwrap();
    assert_eq!(r.outcome, HybMoraleOutcome::Stands);
}

#[test]
fn ex_hyb_13_morale_example() {
    let mut d = SuppliedDice::new([8, 7]);
    let m = monster(1, 2);
    let r = roll_hyb_morale(&mut d, &m, None).unwrap();
    assert_eq!((r.total, r.outcome), (11, HybMoraleOutcome::Stands));
    let r = roll_hyb_morale(&mut d, &m, None).unwrap();
    assert_eq!(
        (r.total, r.outcome),
        (10, HybMoraleOutcome::SurrendersOrFlees)
    );
}
