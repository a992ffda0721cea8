//! A5E groups of identical creatures (A5E-CTRL-03/04): one roll stands for the group.

use serde::{Deserialize, Serialize};

use crate::encounter::limits::{MAX_MODIFIER, MAX_PARTICIPANTS};
use crate::error::{Error, Result};
use crate::initiative::ability_check::Ability;

fn check_members(members: u32) -> Result<i32> {
    if members == 0 || members as usize > MAX_PARTICIPANTS {
        return Err(Error::invalid_argument(format!(
            "a group has 1 to {MAX_PARTICIPANTS} members"
        )));
    }
    i32::try_from(members.saturating_sub(1)).map_err(|_| Error::invalid_argument("group too large"))
}

/// A5E-CTRL-03: a group ability check is rolled for one member; a Strength check adds +1 for
/// each other member who can meaningfully help (`helpers`, at most `members − 1`, the
/// Narrator's call). Returns the bonus to add to that one roll.
pub fn group_check_bonus(ability: Ability, members: u32, helpers: Option<u32>) -> Result<i32> {
    let others = check_members(members)?;
    if ability != Ability::Strength {
        return Ok(0);
    }
    let helpers = match helpers {
        Some(h) => i32::try_from(h).map_err(|_| Error::invalid_argument("too many helpers"))?,
        None => others,
    };
    if helpers > others {
        return Err(Error::invalid_argument(
            "helpers cannot outnumber the other members of the group",
        ));
    }
    Ok(helpers)
}

/// A5E-CTRL-04: what a group attack becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct GroupAttack {
    /// The target's Dexterity saving throw DC (or the attack's own save DC), +1 per other
    /// member. On a success the target takes half damage and no extra effects.
    pub save_dc: i32,
    /// Added to the attack's damage: +1 per other member.
    pub damage_bonus: i32,
}

/// How the group's attack is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum GroupAttackKind {
    /// An attack roll: DC = 8 + the highest attack bonus in the group (step 2).
    AttackRoll { highest_bonus: i32 },
    /// The attack already uses a saving throw: keep its DC (step 2 skipped).
    Save { dc: i32 },
}

/// A5E-CTRL-04 steps 1–3.
pub fn group_attack(kind: GroupAttackKind, members: u32) -> Result<GroupAttack> {
    let others = check_members(members)?;
    let base = match kind {
        GroupAttackKind::AttackRoll { highest_bonus } => {
            if highest_bonus.checked_abs().is_none_or(|b| b > MAX_MODIFIER) {
                return Err(Error::invalid_argument("attack bonus out of range"));
            }
            8i32.saturating_add(highest_bonus)
        }
        GroupAttackKind::Save { dc } => {
            if !(0..=MAX_MODIFIER).contains(&dc) {
                return Err(Error::invalid_argument("save DC out of range"));
            }
            dc
        }
    };
    Ok(GroupAttack {
        save_dc: base.saturating_add(others),
        damage_bonus: others,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a5e_ctrl_03_ex_a5e_16_strength_group_check() {
        // Five members: one roll +4.
        assert_eq!(group_check_bonus(Ability::Strength, 5, None).unwrap(), 4);
        assert_eq!(group_check_bonus(Ability::Strength, 5, Some(2)).unwrap(), 2);
        assert!(group_check_bonus(Ability::Strength, 5, Some(5)).is_err());
        assert_eq!(group_check_bonus(Ability::Dexterity, 5, None).unwrap(), 0);
        assert!(group_check_bonus(Ability::Strength, 0, None).is_err());
    }

    #[test]
    fn a5e_ctrl_04_ex_a5e_16_group_attack() {
        // Four identical creatures, best attack +4: DC 8 + 4 + 3 = 15, damage +3.
        let g = group_attack(GroupAttackKind::AttackRoll { highest_bonus: 4 }, 4).unwrap();
        assert_eq!(
            g,
            GroupAttack {
                save_dc: 15,
                damage_bonus: 3
            }
        );
        // An attack that is already a save keeps its DC, plus the members.
        let g = group_attack(GroupAttackKind::Save { dc: 13 }, 3).unwrap();
        assert_eq!(
            g,
            GroupAttack {
                save_dc: 15,
                damage_bonus: 2
            }
        );
        assert_eq!(
            group_attack(GroupAttackKind::Save { dc: 13 }, 1)
                .unwrap()
                .damage_bonus,
            0
        );
    }
}
