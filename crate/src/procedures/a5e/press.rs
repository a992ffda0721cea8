//! A5E-ACT-09/10: Press the Attack and Fall Back.

use super::dice::RollMode;
use super::effects::Lasts;
use crate::dice::DieSize;
use crate::error::{Error, Result};

/// The facts Press the Attack is checked against.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PressTheAttackRequest {
    /// The attacker has already taken the Attack action this turn (then it's too late).
    pub attack_action_taken: bool,
    pub target_within_reach: bool,
    /// Someone already has this creature as the target of Press the Attack.
    pub target_already_pressed: bool,
    pub bonus_action_available: bool,
}

/// What Press the Attack sets up, until the start of the attacker's next turn.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PressTheAttackEffect {
    /// The attacker's melee attacks against the target gain an expertise die
    /// ([`press_expertise`]).
    pub melee_expertise_against_target: bool,
    /// All attacks against the attacker have advantage.
    pub attacks_against_attacker_have_advantage: bool,
    pub lasts: Lasts,
}

/// A5E-ACT-09: Press the Attack (a bonus action, before the Attack action, against one creature
/// within reach that no one else is pressing).
pub fn press_the_attack(req: &PressTheAttackRequest) -> Result<PressTheAttackEffect> {
    let refusal = if !req.bonus_action_available {
        Some("Press the Attack takes a bonus action")
    } else if req.attack_action_taken {
        Some("Press the Attack must come before the Attack action (A5E-ACT-09)")
    } else if !req.target_within_reach {
        Some("the target must be within reach (A5E-ACT-09)")
    } else if req.target_already_pressed {
        Some("that creature is already the target of Press the Attack (A5E-ACT-09)")
    } else {
        None
    };
    if let Some(msg) = refusal {
        return Err(Error::not_allowed(msg));
    }
    Ok(PressTheAttackEffect {
        melee_expertise_against_target: true,
        attacks_against_attacker_have_advantage: true,
        lasts: Lasts::UntilStartOfSourcesNextTurn,
    })
}

/// A5E-ACT-09/10: the expertise die Press the Attack adds to one attack — only a melee attack
/// against the pressed target, never one made with disadvantage, and none at all once the
/// target has Fallen Back. `die` is the expertise die size in use (default d4, A5E-DICE-04).
pub fn press_expertise(
    melee: bool,
    against_pressed_target: bool,
    mode: RollMode,
    target_fell_back: bool,
    die: DieSize,
) -> Option<DieSize> {
    (melee && against_pressed_target && mode != RollMode::Disadvantage && !target_fell_back)
        .then_some(die)
}

/// What Fall Back does.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FallBackEffect {
    /// The target moves this far straight back.
    pub target_moves_back_ft: u32,
    /// As part of its action the attacker may follow this far.
    pub attacker_may_follow_ft: u32,
    /// Neither movement provokes opportunity attacks.
    pub provokes: bool,
    /// The attacker gets no expertise die from Press the Attack.
    pub attacker_loses_expertise: bool,
}

/// A5E-ACT-10: Fall Back, the pressed target's reaction. A raging creature can't.
pub fn fall_back(has_reaction: bool, raging: bool) -> Result<FallBackEffect> {
    if !has_reaction {
        return Err(Error::not_allowed("Fall Back takes a reaction"));
    }
    if raging {
        return Err(Error::not_allowed(
            "a creature using Rage can't Fall Back (A5E-ACT-10)",
        ));
    }
    Ok(FallBackEffect {
        target_moves_back_ft: 5,
        attacker_may_follow_ft: 5,
        provokes: false,
        attacker_loses_expertise: true,
    })
}
