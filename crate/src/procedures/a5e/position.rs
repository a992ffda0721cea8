//! A5E-MOVE-08/11/12/13/14/15: positioning predicates — mounts, higher and lower ground,
//! back-to-back, pulling an ally, flanking.

use super::limits;
use super::size::Size;
use crate::error::{Error, Result};

/// A5E-MOVE-08: a rider needs a mount at least one size larger that can carry its weight.
pub const fn can_ride(rider: Size, mount: Size, mount_can_carry: bool) -> bool {
    mount_can_carry && mount.steps_above(rider) >= 1
}

/// A5E-MOVE-11: a creature at least 5 ft above its target, and neither grappled nor restrained,
/// gains an expertise die on melee attack rolls against it. `height_above_target_ft` is
/// negative when the creature is below.
pub const fn higher_ground_expertise(
    height_above_target_ft: i32,
    grappled: bool,
    restrained: bool,
) -> bool {
    height_above_target_ft >= 5 && !grappled && !restrained
}

/// A5E-MOVE-15: a creature at least 5 ft below a target of its own size or smaller, and
/// neither grappled nor restrained, gains an expertise die on Strength-based checks and saving
/// throws made against that target.
pub const fn lower_ground_expertise(
    height_below_target_ft: i32,
    creature: Size,
    target: Size,
    grappled: bool,
    restrained: bool,
) -> bool {
    height_below_target_ft >= 5 && target.steps_above(creature) <= 0 && !grappled && !restrained
}

/// A5E-MOVE-12: bonus to passive Perception while back-to-back and neither creature has moved.
pub const BACK_TO_BACK_PERCEPTION: i32 = 2;

/// A5E-MOVE-12: going back-to-back takes a bonus action within 5 ft of an ally. It lasts until
/// the start of the creature's next turn or until either creature moves; while it lasts the
/// creature can't be flanked and has +2 passive Perception.
pub fn back_to_back(distance_to_ally_ft: u32) -> Result<i32> {
    if distance_to_ally_ft > 5 {
        return Err(Error::not_allowed(
            "back-to-back needs an ally within 5 ft (A5E-MOVE-12)",
        ));
    }
    Ok(BACK_TO_BACK_PERCEPTION)
}

/// A5E-MOVE-13: what pulling an ally entails.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PullAlly {
    /// Extra feet per foot moved (set `MoveStep::pulling_ally`).
    pub extra_cost_per_ft: u32,
    /// The ally can't use its reaction.
    pub ally_loses_reaction: bool,
    /// The movement provokes opportunity attacks as normal.
    pub provokes: bool,
}

/// A5E-MOVE-13: pulling an ally is a reaction, needs a willing ally within 5 ft, and works
/// even if the ally has no movement left. EX-A5E-16: Speed 30 → 10 ft moved.
pub fn pull_ally(
    distance_to_ally_ft: u32,
    ally_willing: bool,
    has_reaction: bool,
) -> Result<PullAlly> {
    limits::check_distance("distanceToAllyFt", distance_to_ally_ft)?;
    if !has_reaction {
        return Err(Error::not_allowed("pulling an ally takes a reaction"));
    }
    if !ally_willing || distance_to_ally_ft > 5 {
        return Err(Error::not_allowed(
            "pulling an ally needs a willing ally within 5 ft (A5E-MOVE-13)",
        ));
    }
    Ok(PullAlly {
        extra_cost_per_ft: 2,
        ally_loses_reaction: true,
        provokes: true,
    })
}

/// How flanking is judged (A5E-MOVE-14).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all_fields = "camelCase",
    rename_all = "camelCase"
)]
pub enum FlankingSituation {
    /// On a grid: the creature and an ally stand on directly opposite sides of the target.
    Grid {
        opposite_sides: bool,
        creature_incapacitated: bool,
        ally_incapacitated: bool,
    },
    /// Without a grid: three or more creatures attacking the target in melee.
    Gridless { melee_attackers: u32 },
}

/// A5E-MOVE-14: does the creature flank the target (an expertise die on attack rolls and
/// ability checks against it)? A target back-to-back with an ally can't be flanked
/// (A5E-MOVE-12).
pub const fn flanks(situation: FlankingSituation, target_back_to_back: bool) -> bool {
    if target_back_to_back {
        return false;
    }
    match situation {
        FlankingSituation::Grid {
            opposite_sides,
            creature_incapacitated,
            ally_incapacitated,
        } => opposite_sides && !creature_incapacitated && !ally_incapacitated,
        FlankingSituation::Gridless { melee_attackers } => melee_attackers >= 3,
    }
}

/// What a controlled mount may do while it moves with its rider (A5E-MOVE-09).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MountMoveAction {
    Dash,
    Disengage,
    Dodge,
    /// Anything else.
    Other,
}

/// A5E-MOVE-09: during the shared movement on the rider's turn (at the **mount's** Speed —
/// build the rider's [`super::movement::MovementBudget`] from the mount's speeds), a controlled
/// mount may take only the Dash, Disengage or Dodge action.
pub const fn controlled_mount_may(action: MountMoveAction) -> bool {
    !matches!(action, MountMoveAction::Other)
}

/// What a rider may command its mount to do with a bonus action.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MountCommand {
    AbilityCheck,
    Attack,
    Multiattack,
}

/// A5E-MOVE-09: the rider's bonus action may command an ability check or the Attack action,
/// but not Multiattack.
pub fn command_mount(command: MountCommand) -> Result<()> {
    if command == MountCommand::Multiattack {
        return Err(Error::not_allowed(
            "a commanded mount can take the Attack action but not Multiattack (A5E-MOVE-09)",
        ));
    }
    Ok(())
}

/// A5E-MOVE-10: dropping prone costs no movement.
pub const DROP_PRONE_COST_FT: u32 = 0;

/// A5E-MOVE-10: a creature may drop prone as a reaction when targeted by a ranged attack it
/// can see.
pub const fn may_drop_prone_as_reaction(
    targeted_by_ranged_attack: bool,
    sees_attacker: bool,
) -> bool {
    targeted_by_ranged_attack && sees_attacker
}
