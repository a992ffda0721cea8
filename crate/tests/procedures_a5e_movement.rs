//! A5E size, movement, jumping, position and the turn's action budget (docs/rules.md §2.5–2.7).

use turnkeeper::ErrorCode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::procedures::a5e::D20Test;
use turnkeeper::procedures::a5e::jump::{self, ObstacleClearance};
use turnkeeper::procedures::a5e::movement::{MoveReport, max_leap_ft};
use turnkeeper::procedures::a5e::position::{
    self, FlankingSituation, MountCommand, MountMoveAction,
};
use turnkeeper::procedures::a5e::size::{self, Fit, MEDIUM_SURROUNDED_BY_LARGE_MAX, SIZE_TABLE};
use turnkeeper::procedures::a5e::{
    ActionCost, MoveMode, MoveStep, MovementBudget, MovementOptions, Size, SpecialTerrainCost,
    Speeds, TurnBudget,
};

fn walker(speed: u32) -> MovementBudget {
    MovementBudget::new(Speeds::walking(speed), MovementOptions::default()).unwrap()
}

#[test]
fn a5e_move_01_size_table_every_row() {
    let expected = [
        (Size::Tiny, 2.5, false, 8, false),
        (Size::Small, 5.0, false, 8, false),
        (Size::Medium, 5.0, false, 8, false),
        (Size::Large, 10.0, false, 12, false),
        (Size::Huge, 15.0, false, 16, false),
        (Size::Gargantuan, 20.0, false, 20, false),
        (Size::Titanic, 25.0, true, 24, true),
    ];
    assert_eq!(SIZE_TABLE.len(), expected.len());
    for (row, (s, space, larger, around, more)) in SIZE_TABLE.iter().zip(expected) {
        assert_eq!(row.size, s);
        assert_eq!(row.space_ft, space, "{s:?}");
        assert_eq!(row.space_or_larger, larger, "{s:?}");
        assert_eq!(row.surrounding, around, "{s:?}");
        assert_eq!(row.surrounding_or_more, more, "{s:?}");
        assert_eq!(s.row(), *row);
    }
    assert_eq!(Size::ALL.len(), 7);
}

#[test]
fn ex_a5e_12_size_and_surrounding() {
    assert_eq!(Size::Medium.surrounding(), 8);
    assert_eq!(MEDIUM_SURROUNDED_BY_LARGE_MAX, 4);
    assert_eq!(Size::Large.space_ft(), 10.0);
}

#[test]
fn a5e_move_02_squeezing_one_size_smaller() {
    assert_eq!(size::fit(Size::Medium, Size::Medium), Fit::Fits);
    assert_eq!(size::fit(Size::Medium, Size::Large), Fit::Fits);
    assert_eq!(size::fit(Size::Medium, Size::Small), Fit::Squeeze);
    assert_eq!(size::fit(Size::Large, Size::Medium), Fit::Squeeze);
    assert_eq!(size::fit(Size::Large, Size::Small), Fit::TooSmall);
    assert_eq!(Size::Medium.smaller(), Some(Size::Small));
    assert_eq!(Size::Tiny.smaller(), None);
}

#[test]
fn a5e_move_03_climbing_and_swimming_cost_an_extra_foot_without_the_speed() {
    let b = walker(30);
    assert_eq!(b.cost(&MoveStep::new(MoveMode::Climb, 10)).unwrap(), 20);
    assert_eq!(b.cost(&MoveStep::new(MoveMode::Swim, 10)).unwrap(), 20);
    assert_eq!(b.max_distance(&MoveStep::new(MoveMode::Climb, 0)), 15);
    let climber = MovementBudget::new(
        Speeds {
            climb: Some(30),
            swim: Some(20),
            ..Speeds::walking(30)
        },
        MovementOptions::default(),
    )
    .unwrap();
    assert_eq!(
        climber.cost(&MoveStep::new(MoveMode::Climb, 10)).unwrap(),
        10
    );
    assert_eq!(
        climber.cost(&MoveStep::new(MoveMode::Swim, 10)).unwrap(),
        10
    );
    assert_eq!(climber.max_distance(&MoveStep::new(MoveMode::Swim, 0)), 20);
}

#[test]
fn a5e_move_04_ex_a5e_05_climbing_15_ft_and_7_ft_in_difficult_terrain() {
    let b = walker(30);
    assert_eq!(b.max_distance(&MoveStep::new(MoveMode::Climb, 0)), 15);
    assert_eq!(
        b.max_distance(&MoveStep::new(MoveMode::Climb, 0).difficult()),
        7
    );
    assert_eq!(b.max_distance(&MoveStep::new(MoveMode::Crawl, 0)), 15);
    assert_eq!(
        b.max_distance(&MoveStep::new(MoveMode::Swim, 0).difficult()),
        7
    );
    let mut b = walker(30);
    let r = b
        .apply(&MoveStep::new(MoveMode::Climb, 7).difficult())
        .unwrap();
    assert_eq!(r.cost_ft, 28);
    assert!(
        b.apply(&MoveStep::new(MoveMode::Climb, 1).difficult())
            .is_err()
    );
    // With a climb speed, difficult terrain alone applies: 2 ft per foot.
    let climber = MovementBudget::new(
        Speeds {
            climb: Some(30),
            ..Speeds::walking(30)
        },
        MovementOptions::default(),
    )
    .unwrap();
    assert_eq!(
        climber.max_distance(&MoveStep::new(MoveMode::Climb, 0).difficult()),
        15
    );
}

#[test]
fn c_29_special_movement_in_difficult_terrain_toggle() {
    assert_eq!(SpecialTerrainCost::default(), SpecialTerrainCost::Quadruple);
    let triple = MovementBudget::new(
        Speeds::walking(30),
        MovementOptions {
            special_terrain_cost: SpecialTerrainCost::Triple,
        },
    )
    .unwrap();
    assert_eq!(
        triple.max_distance(&MoveStep::new(MoveMode::Climb, 0).difficult()),
        10
    );
}

#[test]
fn a5e_move_05_06_burrow_and_fly_need_their_speed() {
    let mut b = walker(30);
    assert_eq!(
        b.apply(&MoveStep::new(MoveMode::Fly, 5)).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    assert_eq!(
        b.apply(&MoveStep::new(MoveMode::Burrow, 5))
            .unwrap_err()
            .code,
        ErrorCode::NotAllowed
    );
    assert_eq!(b.spent_ft, 0);
    let mut mole = MovementBudget::new(
        Speeds {
            burrow: Some(10),
            fly: Some(60),
            ..Speeds::walking(30)
        },
        MovementOptions::default(),
    )
    .unwrap();
    assert_eq!(
        mole.apply(&MoveStep::new(MoveMode::Burrow, 10))
            .unwrap()
            .remaining_ft,
        0
    );
    assert_eq!(mole.remaining(MoveMode::Fly), Some(50));
}

#[test]
fn a5e_move_07_ex_a5e_09_switching_speeds() {
    // (a) Speed 30 with two attacks: move 15, attack, move 15, attack.
    let mut turn = TurnBudget::new(walker(30));
    turn.movement
        .apply(&MoveStep::new(MoveMode::Walk, 15))
        .unwrap();
    turn.spend(ActionCost::Action).unwrap();
    let r = turn
        .movement
        .apply(&MoveStep::new(MoveMode::Walk, 15))
        .unwrap();
    assert_eq!(r.remaining_ft, 0);

    // (b) Walk 30 and swim 30: run 10, swim 10 (30 − 10 = 20 available), run 10 (30 − 20).
    let mut b = MovementBudget::new(
        Speeds {
            swim: Some(30),
            ..Speeds::walking(30)
        },
        MovementOptions::default(),
    )
    .unwrap();
    b.apply(&MoveStep::new(MoveMode::Walk, 10)).unwrap();
    assert_eq!(b.remaining(MoveMode::Swim), Some(20));
    b.apply(&MoveStep::new(MoveMode::Swim, 10)).unwrap();
    assert_eq!(b.remaining(MoveMode::Walk), Some(10));
    let r = b.apply(&MoveStep::new(MoveMode::Walk, 10)).unwrap();
    assert_eq!(
        r,
        MoveReport {
            cost_ft: 10,
            spent_ft: 30,
            remaining_ft: 0
        }
    );

    // (c) After walking 30, any 30 ft speed leaves 0: not allowed.
    assert_eq!(b.remaining(MoveMode::Swim), Some(0));
    assert_eq!(
        b.apply(&MoveStep::new(MoveMode::Swim, 5)).unwrap_err().code,
        ErrorCode::NotAllowed
    );

    // A faster speed still has room: fly 60 after walking 30 leaves 30.
    let mut flyer = MovementBudget::new(
        Speeds {
            fly: Some(60),
            ..Speeds::walking(30)
        },
        MovementOptions::default(),
    )
    .unwrap();
    flyer.apply(&MoveStep::new(MoveMode::Walk, 30)).unwrap();
    assert_eq!(flyer.remaining(MoveMode::Fly), Some(30));
}

#[test]
fn a5e_move_08_mounting_costs_half_movement_once_per_turn() {
    assert!(position::can_ride(Size::Medium, Size::Large, true));
    assert!(!position::can_ride(Size::Medium, Size::Medium, true));
    assert!(!position::can_ride(Size::Medium, Size::Large, false));
    let mut b = walker(30);
    assert_eq!(b.mount_or_dismount().unwrap(), 15);
    assert_eq!(b.remaining(MoveMode::Walk), Some(15));
    assert_eq!(
        b.mount_or_dismount().unwrap_err().code,
        ErrorCode::NotAllowed
    );
    assert_eq!(b.remaining(MoveMode::Walk), Some(15));
    // Not enough movement left: refused.
    let mut tired = walker(30);
    tired.apply(&MoveStep::new(MoveMode::Walk, 20)).unwrap();
    assert!(tired.mount_or_dismount().is_err());
}

#[test]
fn a5e_move_09_controlled_mount() {
    assert!(position::controlled_mount_may(MountMoveAction::Dash));
    assert!(position::controlled_mount_may(MountMoveAction::Disengage));
    assert!(position::controlled_mount_may(MountMoveAction::Dodge));
    assert!(!position::controlled_mount_may(MountMoveAction::Other));
    assert!(position::command_mount(MountCommand::Attack).is_ok());
    assert!(position::command_mount(MountCommand::AbilityCheck).is_ok());
    assert_eq!(
        position::command_mount(MountCommand::Multiattack)
            .unwrap_err()
            .code,
        ErrorCode::NotAllowed
    );
    // The rider moves at the mount's Speed.
    let riding = MovementBudget::new(Speeds::walking(60), MovementOptions::default()).unwrap();
    assert_eq!(riding.remaining(MoveMode::Walk), Some(60));
}

#[test]
fn a5e_move_10_dropping_prone_is_free_and_a_reaction_to_seen_ranged_attacks() {
    assert_eq!(position::DROP_PRONE_COST_FT, 0);
    assert!(position::may_drop_prone_as_reaction(true, true));
    assert!(!position::may_drop_prone_as_reaction(true, false));
    assert!(!position::may_drop_prone_as_reaction(false, true));
}

#[test]
fn a5e_cond_22_standing_up_costs_half_movement() {
    let mut b = walker(30);
    assert_eq!(b.stand_up().unwrap(), 15);
    assert_eq!(b.remaining(MoveMode::Walk), Some(15));
}

#[test]
fn a5e_move_11_higher_ground() {
    assert!(position::higher_ground_expertise(5, false, false));
    assert!(!position::higher_ground_expertise(4, false, false));
    assert!(!position::higher_ground_expertise(10, true, false));
    assert!(!position::higher_ground_expertise(10, false, true));
}

#[test]
fn a5e_move_12_back_to_back() {
    assert_eq!(position::back_to_back(5).unwrap(), 2);
    assert_eq!(
        position::back_to_back(10).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    let flank = FlankingSituation::Grid {
        opposite_sides: true,
        creature_incapacitated: false,
        ally_incapacitated: false,
    };
    assert!(position::flanks(flank, false));
    assert!(!position::flanks(flank, true));
}

#[test]
fn a5e_move_13_ex_a5e_16_pulling_an_ally_speed_30_moves_10_ft() {
    let pull = position::pull_ally(5, true, true).unwrap();
    assert_eq!(pull.extra_cost_per_ft, 2);
    assert!(pull.ally_loses_reaction && pull.provokes);
    assert!(position::pull_ally(10, true, true).is_err());
    assert!(position::pull_ally(5, false, true).is_err());
    assert!(position::pull_ally(5, true, false).is_err());
    let b = walker(30);
    let step = MoveStep {
        pulling_ally: true,
        ..MoveStep::new(MoveMode::Walk, 0)
    };
    assert_eq!(b.max_distance(&step), 10);
}

#[test]
fn a5e_move_14_flanking() {
    let grid = |opposite, a, b| FlankingSituation::Grid {
        opposite_sides: opposite,
        creature_incapacitated: a,
        ally_incapacitated: b,
    };
    assert!(position::flanks(grid(true, false, false), false));
    assert!(!position::flanks(grid(false, false, false), false));
    assert!(!position::flanks(grid(true, true, false), false));
    assert!(!position::flanks(grid(true, false, true), false));
    assert!(position::flanks(
        FlankingSituation::Gridless { melee_attackers: 3 },
        false
    ));
    assert!(!position::flanks(
        FlankingSituation::Gridless { melee_attackers: 2 },
        false
    ));
}

#[test]
fn a5e_move_15_lower_ground() {
    assert!(position::lower_ground_expertise(
        5,
        Size::Medium,
        Size::Medium,
        false,
        false
    ));
    assert!(position::lower_ground_expertise(
        5,
        Size::Medium,
        Size::Small,
        false,
        false
    ));
    assert!(!position::lower_ground_expertise(
        5,
        Size::Medium,
        Size::Large,
        false,
        false
    ));
    assert!(!position::lower_ground_expertise(
        0,
        Size::Medium,
        Size::Medium,
        false,
        false
    ));
    assert!(!position::lower_ground_expertise(
        5,
        Size::Medium,
        Size::Medium,
        true,
        false
    ));
}

#[test]
fn a5e_move_16_difficult_terrain_does_not_stack_but_crawling_does() {
    let b = walker(30);
    let one = MoveStep::new(MoveMode::Walk, 10).difficult();
    let three = MoveStep {
        difficult_hazards: 3,
        ..MoveStep::new(MoveMode::Walk, 10)
    };
    assert_eq!(b.cost(&one).unwrap(), 20);
    assert_eq!(b.cost(&three).unwrap(), 20);
    assert_eq!(
        b.cost(&MoveStep::new(MoveMode::Crawl, 10).difficult())
            .unwrap(),
        40
    );
    assert_eq!(b.cost(&MoveStep::new(MoveMode::Crawl, 10)).unwrap(), 20);
}

#[test]
fn a5e_move_17_ex_a5e_16_long_jump_str_15_after_run_up() {
    assert_eq!(jump::long_jump_ft(15, 10).unwrap(), 15);
    assert_eq!(
        jump::long_jump_ft(15, 5).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    let mut b = walker(30);
    b.apply(&MoveStep::new(MoveMode::Walk, 10)).unwrap();
    assert_eq!(b.run_up_ft, 10);
    let r = b
        .jump(15, jump::long_jump_ft(15, b.run_up_ft).unwrap())
        .unwrap();
    assert_eq!(r.cost_ft, 15);
    assert_eq!(r.remaining_ft, 5);
    assert_eq!(b.jump(16, 15).unwrap_err().code, ErrorCode::NotAllowed);
}

#[test]
fn a5e_move_18_obstacles_and_landing() {
    assert_eq!(
        jump::obstacle_clearance(3.0, 15).unwrap(),
        ObstacleClearance::Clearable { dc: 10 }
    );
    assert_eq!(
        jump::obstacle_clearance(3.75, 15).unwrap(),
        ObstacleClearance::Clearable { dc: 10 }
    );
    assert_eq!(
        jump::obstacle_clearance(4.0, 15).unwrap(),
        ObstacleClearance::TooTall
    );
    assert!(jump::obstacle_clearance(f64::NAN, 15).is_err());
    let acro = D20Test::flat(1);
    let safe = jump::land(false, &acro, &mut SuppliedDice::new([])).unwrap();
    assert!(!safe.prone && safe.check.is_none());
    let ok = jump::land(true, &acro, &mut SuppliedDice::new([9])).unwrap();
    assert!(!ok.prone);
    let fell = jump::land(true, &acro, &mut SuppliedDice::new([8])).unwrap();
    assert!(fell.prone);
}

#[test]
fn a5e_move_19_ex_a5e_16_high_jump_str_14() {
    assert_eq!(jump::high_jump_ft(2, true).unwrap(), 5.0);
    assert_eq!(jump::high_jump_ft(2, false).unwrap(), 2.5);
    assert_eq!(jump::high_jump_ft(-4, true).unwrap(), 0.0);
    assert_eq!(jump::high_jump_ft(-4, false).unwrap(), 0.0);
}

#[test]
fn a5e_move_20_jumping_beyond_speed_and_reach() {
    assert_eq!(max_leap_ft(20, 30, 0), 20);
    assert_eq!(max_leap_ft(25, 10, 0), 20);
    assert_eq!(max_leap_ft(15, 10, 0), 15);
    assert_eq!(max_leap_ft(25, 10, 5), 10);
    // Speed 10, Str 25: after a 10-ft run-up (its only other movement) it may leap 20 ft, and
    // then can't move again this turn.
    let mut b = walker(10);
    b.apply(&MoveStep::new(MoveMode::Walk, 10)).unwrap();
    let r = b.jump(20, jump::long_jump_ft(25, 10).unwrap()).unwrap();
    assert_eq!(r.remaining_ft, 0);
    assert!(b.ended);
    assert!(b.apply(&MoveStep::new(MoveMode::Walk, 5)).is_err());
    // Not beyond 2 × Speed.
    let mut b = walker(10);
    b.apply(&MoveStep::new(MoveMode::Walk, 10)).unwrap();
    assert!(b.jump(21, 25).is_err());
    assert_eq!(jump::jump_reach_ft(5.0, 6.0).unwrap(), 14.0);
    assert!(jump::jump_reach_ft(-1.0, 6.0).is_err());
}

#[test]
fn a5e_move_21_speed_is_per_round() {
    let mut b = walker(30);
    b.apply(&MoveStep::new(MoveMode::Walk, 30)).unwrap();
    assert_eq!(b.remaining(MoveMode::Walk), Some(0));
    let next = b.next_turn();
    assert_eq!(next.remaining(MoveMode::Walk), Some(30));
}

#[test]
fn a5e_act_03_dash_doubles_speed_after_modifiers_and_needs_no_fatigue() {
    // Speed 15 (after, say, fatigue halving is applied by the caller) → 30 with Dash.
    let mut turn = TurnBudget::new(walker(15));
    turn.dash(0).unwrap();
    assert_eq!(turn.movement.remaining(MoveMode::Walk), Some(30));
    assert!(!turn.action);
    let mut tired = TurnBudget::new(walker(30));
    assert_eq!(tired.dash(1).unwrap_err().code, ErrorCode::NotAllowed);
    assert!(tired.action, "a refused Dash spends nothing");
    assert_eq!(tired.movement.remaining(MoveMode::Walk), Some(30));
}

#[test]
fn a5e_act_04_disengage_spends_the_action() {
    let mut turn = TurnBudget::new(walker(30));
    turn.disengage().unwrap();
    assert!(turn.disengaged && !turn.action);
    assert!(turn.disengage().is_err());
}

#[test]
fn a5e_turn_01_move_and_act_in_any_order() {
    let mut turn = TurnBudget::new(walker(30));
    turn.spend(ActionCost::BonusAction).unwrap();
    turn.movement
        .apply(&MoveStep::new(MoveMode::Walk, 10))
        .unwrap();
    turn.spend(ActionCost::Action).unwrap();
    turn.movement
        .apply(&MoveStep::new(MoveMode::Walk, 20))
        .unwrap();
    assert_eq!(turn.movement.remaining(MoveMode::Walk), Some(0));
}

#[test]
fn a5e_turn_02_one_action_bonus_and_reaction_until_next_turn() {
    let mut turn = TurnBudget::new(walker(30));
    turn.spend(ActionCost::Action).unwrap();
    assert_eq!(
        turn.spend(ActionCost::Action).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    turn.spend(ActionCost::BonusAction).unwrap();
    assert!(turn.spend(ActionCost::BonusAction).is_err());
    turn.spend(ActionCost::Free).unwrap();
    turn.spend(ActionCost::Free).unwrap();
    turn.spend(ActionCost::Reaction).unwrap();
    assert!(turn.spend(ActionCost::Reaction).is_err());
    turn.start_turn();
    assert!(turn.has(ActionCost::Reaction) && turn.has(ActionCost::Action));
    assert_eq!(turn.movement.remaining(MoveMode::Walk), Some(30));
}

#[test]
fn a5e_turn_03_act_15_first_object_interaction_free_then_use_an_object() {
    let mut turn = TurnBudget::new(walker(30));
    assert_eq!(turn.interact_with_object().unwrap(), ActionCost::Free);
    assert_eq!(turn.interact_with_object().unwrap(), ActionCost::Action);
    assert_eq!(
        turn.interact_with_object().unwrap_err().code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn a5e_turn_04_movement_splits_between_speeds() {
    // Speed 30 and swim 30: run 10, swim 10, run 10.
    let mut b = MovementBudget::new(
        Speeds {
            swim: Some(30),
            ..Speeds::walking(30)
        },
        MovementOptions::default(),
    )
    .unwrap();
    for mode in [MoveMode::Walk, MoveMode::Swim, MoveMode::Walk] {
        b.apply(&MoveStep::new(mode, 10)).unwrap();
    }
    assert_eq!(b.spent_ft, 30);
}

#[test]
fn movement_limits_refuse_absurd_inputs() {
    assert!(MovementBudget::new(Speeds::walking(10_001), MovementOptions::default()).is_err());
    let mut b = walker(30);
    assert!(b.apply(&MoveStep::new(MoveMode::Walk, u32::MAX)).is_err());
    assert_eq!(b.spent_ft, 0);
    let mut zero = walker(0);
    assert!(zero.apply(&MoveStep::new(MoveMode::Walk, 5)).is_err());
}

/// A5E-ACT-16 `[ADJ]`: an action the rules do not list is the Narrator's call, so the engine
/// asks nothing of it but what it costs — the creature's action — and rolls whatever d20 test
/// the Narrator names. A second improvised action in the same turn has no action left.
#[test]
fn a5e_act_16_improvised_action_costs_the_action_and_rolls_the_narrators_test() {
    let mut turn = TurnBudget::new(walker(30));
    turn.spend(ActionCost::Action).unwrap();
    // Say the Narrator asks for Strength (Athletics) +5 to topple a statue: a 12 makes 17.
    let roll = D20Test::flat(5).roll(&mut SuppliedDice::new([12])).unwrap();
    assert_eq!(roll.total, 17);
    assert_eq!(
        turn.spend(ActionCost::Action).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    // Bonus action, reaction and movement are untouched.
    assert!(turn.has(ActionCost::BonusAction) && turn.has(ActionCost::Reaction));
    assert_eq!(turn.movement.remaining(MoveMode::Walk), Some(30));
}
