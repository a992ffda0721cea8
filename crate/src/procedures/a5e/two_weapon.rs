//! A5E-ACT-17: two-weapon fighting.

use crate::error::{Error, Result};

/// What the creature holds and has done, for two-weapon fighting (A5E-ACT-17). The exceptions
/// are `false` when left out: a main-hand weapon that is not heavy, no Extra Attack.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TwoWeaponSetup {
    /// The creature is taking the Attack action.
    pub took_attack_action: bool,
    /// The main-hand weapon is heavy.
    #[serde(default)]
    pub main_hand_heavy: bool,
    /// The main-hand weapon is held in one hand.
    pub main_hand_one_handed: bool,
    /// The off-hand weapon is a dual-wielding melee weapon …
    pub off_hand_dual_wielding_melee: bool,
    /// … different from the main-hand weapon.
    pub off_hand_different: bool,
    pub bonus_action_available: bool,
    #[serde(default)]
    pub has_extra_attack: bool,
}

/// A5E-ACT-17: how many off-hand attacks the bonus action gives — 1, or 2 with Extra Attack.
pub fn off_hand_attacks(setup: &TwoWeaponSetup) -> Result<u32> {
    let ok = setup.took_attack_action
        && !setup.main_hand_heavy
        && setup.main_hand_one_handed
        && setup.off_hand_dual_wielding_melee
        && setup.off_hand_different;
    if !ok {
        return Err(Error::not_allowed(
            "two-weapon fighting needs the Attack action with a non-heavy one-handed weapon and a different dual-wielding melee weapon in the off hand (A5E-ACT-17)",
        ));
    }
    if !setup.bonus_action_available {
        return Err(Error::not_allowed("off-hand attacks take the bonus action"));
    }
    Ok(if setup.has_extra_attack { 2 } else { 1 })
}

/// A5E-ACT-17: the ability modifier added to off-hand damage — only when it is negative.
pub const fn off_hand_damage_modifier(ability_modifier: i32) -> i32 {
    if ability_modifier < 0 {
        ability_modifier
    } else {
        0
    }
}

/// A5E-ACT-17: a thrown off-hand weapon may make a ranged weapon attack instead.
pub const fn off_hand_may_be_ranged(off_hand_thrown: bool) -> bool {
    off_hand_thrown
}
