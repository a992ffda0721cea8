//! HYB chases and retreat (HYB-CHASE-01..05, HYB-RETREAT-01/02), EX-HYB-07 and EX-HYB-09.

use turnkeeper::ErrorCode;
use turnkeeper::dice::RollMode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::procedures::MemberId;
use turnkeeper::procedures::hyb::chase::*;
use turnkeeper::procedures::hyb::check::{Ability, HybCheckInput};
use turnkeeper::procedures::hyb::morale::{HybMoraleInput, HybMoraleOutcome, roll_follower_morale};
use turnkeeper::procedures::hyb::retreat::*;

fn runner(id: &str, modifier: i32) -> Runner {
    Runner {
        id: MemberId::new(id),
        modifier,
    }
}

fn chase(runners: Vec<Runner>) -> ChaseInput {
    ChaseInput {
        role: ChaseRole::Pursuing,
        opponent_speed_ft: 30,
        terrain: ChaseTerrain::FlatOpen,
        dc_adjustment: 0,
        advantage: RollMode::Normal,
        mode: ChaseRollMode::Individual,
        runners,
    }
}

#[test]
fn hyb_chase_01_terrain_picks_str_dex_con_cha_or_morale() {
    let ability = |t: ChaseTerrain| t.check();
    assert_eq!(
        ability(ChaseTerrain::FlatOpen),
        ChaseCheck::Ability {
            ability: Ability::Str
        }
    );
    assert_eq!(
        ability(ChaseTerrain::Uneven),
        ChaseCheck::Ability {
            ability: Ability::Dex
        }
    );
    assert_eq!(
        ability(ChaseTerrain::Endurance),
        ChaseCheck::Ability {
            ability: Ability::Con
        }
    );
    assert_eq!(
        ability(ChaseTerrain::OutManoeuvreByCommand),
        ChaseCheck::Ability {
            ability: Ability::Cha
        }
    );
    assert_eq!(
        ability(ChaseTerrain::OutManoeuvreByMorale),
        ChaseCheck::Morale
    );
}

#[test]
fn hyb_chase_02_dc_is_11_plus_one_per_5_ft_of_speed_difference() {
    assert_eq!(chase_dc(30, 0).unwrap(), 11);
    assert_eq!(chase_dc(40, 0).unwrap(), 13);
    assert_eq!(chase_dc(20, 0).unwrap(), 9);
    assert_eq!(chase_dc(0, 0).unwrap(), 5);
    assert_eq!(chase_dc(33, 0).unwrap(), 11, "whole 5 ft steps only");
    assert_eq!(chase_dc(27, 0).unwrap(), 11);
    assert_eq!(chase_dc(40, -2).unwrap(), 11, "bow range lowers it");
    assert!(chase_dc(1_000_000, 0).is_err());
}

#[test]
fn hyb_chase_03_each_rolls_or_the_worst_modifier_rolls_once() {
    let party = vec![runner("ana", 3), runner("bo", -1), runner("cy", 1)];
    let mut d = SuppliedDice::new([8, 11, 10]);
    let r = roll_chase(&mut d, &chase(party.clone())).unwrap();
    let outcomes: Vec<_> = r.rolls.iter().map(|x| x.outcome).collect();
    assert_eq!(
        outcomes,
        [
            ChaseOutcome::CaughtQuarry,
            ChaseOutcome::QuarryGotAway,
            ChaseOutcome::CaughtQuarry
        ]
    );
    let mut group = chase(party);
    group.mode = ChaseRollMode::WorstModifierRollsOnce;
    let mut d = SuppliedDice::new([12]);
    let r = roll_chase(&mut d, &group).unwrap();
    assert_eq!(r.rolls.len(), 1);
    assert_eq!(r.rolls[0].roller, MemberId::new("bo"));
    assert_eq!(r.rolls[0].members.len(), 3);
    assert_eq!(r.rolls[0].check.total, Some(11));
    assert_eq!(r.rolls[0].outcome, ChaseOutcome::CaughtQuarry);
    // Bad input rolls nothing.
    let mut d = SuppliedDice::new([10]);
    assert!(roll_chase(&mut d, &chase(vec![])).is_err());
    assert_eq!(
        roll_chase(&mut d, &chase(vec![runner("a", 0), runner("a", 1)]))
            .unwrap_err()
            .code,
        ErrorCode::DuplicateId
    );
    assert_eq!(d.remaining(), 1);
}

#[test]
fn hyb_chase_04_line_of_sight_and_position_set_advantage() {
    assert_eq!(chase_advantage(true, false), RollMode::Disadvantage);
    assert_eq!(chase_advantage(false, true), RollMode::Advantage);
    assert_eq!(chase_advantage(true, true), RollMode::Normal);
    let mut surround = chase(vec![runner("ana", 0)]);
    surround.advantage = chase_advantage(false, true);
    let mut d = SuppliedDice::new([3, 14]);
    let r = roll_chase(&mut d, &surround).unwrap();
    assert_eq!(r.rolls[0].check.natural(), Some(14));
    assert_eq!(r.rolls[0].outcome, ChaseOutcome::CaughtQuarry);
}

#[test]
fn hyb_chase_05_a_fleeing_party_rolls_to_escape() {
    let mut flee = chase(vec![runner("ana", 1), runner("bo", 0)]);
    flee.role = ChaseRole::Fleeing;
    flee.opponent_speed_ft = 40;
    let mut d = SuppliedDice::new([12, 12]);
    let r = roll_chase(&mut d, &flee).unwrap();
    assert_eq!(r.dc, 13);
    assert_eq!(r.rolls[0].outcome, ChaseOutcome::Escaped);
    assert_eq!(r.rolls[1].outcome, ChaseOutcome::Caught);
}

#[test]
fn ex_hyb_07_scout_escapes_through_the_thicket() {
    let input = ChaseInput {
        role: ChaseRole::Pursuing,
        opponent_speed_ft: 40,
        terrain: ChaseTerrain::Uneven,
        dc_adjustment: 0,
        advantage: chase_advantage(true, false),
        mode: ChaseRollMode::Individual,
        runners: vec![runner("pc", 0)],
    };
    let mut d = SuppliedDice::new([4, 15]);
    let r = roll_chase(&mut d, &input).unwrap();
    assert_eq!(r.dc, 13);
    assert_eq!(
        r.check,
        ChaseCheck::Ability {
            ability: Ability::Dex
        }
    );
    assert_eq!(r.rolls[0].check.total, Some(4));
    assert_eq!(r.rolls[0].outcome, ChaseOutcome::QuarryGotAway);
    assert_eq!(chase_dc(20, 0).unwrap(), 9);
}

#[test]
fn hyb_retreat_01_takes_the_whole_turn_and_ends_concentration() {
    let mut d = SuppliedDice::new([]);
    let r = resolve_retreat(&mut d, &RetreatInput::default()).unwrap();
    assert!(r.uses_whole_turn && r.ends_concentration);
    assert_eq!(r.outcome, RetreatOutcome::Escaped);
    // Even a failed retreat ends concentration.
    let mut d = SuppliedDice::new([2]);
    let r = resolve_retreat(
        &mut d,
        &RetreatInput {
            check: Some(HybCheckInput::new(0, 12)),
            attacks_hit: vec![],
        },
    )
    .unwrap();
    assert!(r.ends_concentration);
    assert_eq!(
        r.outcome,
        RetreatOutcome::Failed {
            reason: RetreatFailure::FailedCheck
        }
    );
}

#[test]
fn hyb_retreat_02_any_hit_stops_it_and_success_leaves_initiative() {
    let mut d = SuppliedDice::new([]);
    let hit = resolve_retreat(
        &mut d,
        &RetreatInput {
            check: None,
            attacks_hit: vec![false, true],
        },
    )
    .unwrap();
    assert_eq!(
        hit.outcome,
        RetreatOutcome::Failed {
            reason: RetreatFailure::HitByAttack
        }
    );
    assert!(!hit.leaves_initiative);
    let away = resolve_retreat(
        &mut d,
        &RetreatInput {
            check: None,
            attacks_hit: vec![false],
        },
    )
    .unwrap();
    assert!(away.leaves_initiative);
    assert!(away.followers_check_morale);
}

#[test]
fn ex_hyb_09_surrounded_pc_breaks_through() {
    // DEX check to break through succeeds; the one permitted attack misses.
    let mut d = SuppliedDice::new([14]);
    let input = RetreatInput {
        check: Some(HybCheckInput::new(2, 12)),
        attacks_hit: vec![false],
    };
    let r = resolve_retreat(&mut d, &input).unwrap();
    assert!(r.check.as_ref().unwrap().success);
    assert_eq!(r.outcome, RetreatOutcome::Escaped);
    assert!(r.leaves_initiative);
    // Had the attack hit for any damage, the retreat fails.
    let mut d = SuppliedDice::new([14]);
    let r = resolve_retreat(
        &mut d,
        &RetreatInput {
            attacks_hit: vec![true],
            ..input
        },
    )
    .unwrap();
    assert!(!r.leaves_initiative);
    // Retainers following the PC check at disadvantage against DC 11.
    let mut d = SuppliedDice::new([18, 10]);
    let m = roll_follower_morale(&mut d, &HybMoraleInput::default()).unwrap();
    assert_eq!(
        (m.dc, m.total, m.outcome),
        (11, 10, HybMoraleOutcome::Routs)
    );
}
