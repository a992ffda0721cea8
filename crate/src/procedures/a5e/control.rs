//! A5E-CTRL-01/03/04: moving as a group, group ability checks and group attack rolls for
//! identical controlled creatures.

use super::ability::Ability;
use super::damage::{DamageDice, DamageRoll, halve};
use super::dice::{D20Test, D20TestRoll};
use super::limits;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

fn check_members(members: u32) -> Result<u32> {
    if members == 0 || members > limits::MAX_GROUP_MEMBERS {
        return Err(Error::invalid_argument(format!(
            "a group has 1 to {} members, not {members}",
            limits::MAX_GROUP_MEMBERS
        )));
    }
    Ok(members)
}

/// Where a creature stands: the square it occupies, in feet on the map's grid.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridSquare {
    pub x: i32,
    pub y: i32,
}

/// A5E-CTRL-01: identical controlled creatures move as one group when each is within 5 ft of at
/// least one other member (004: "adjacent to one other member", the same on a grid of 5-ft
/// squares, diagonals included). The members that are not (by their index in `members`): none
/// means the group moves together; the others move on their own.
pub fn group_stragglers(members: &[GridSquare]) -> Result<Vec<u32>> {
    limits::check_count(
        "group members",
        members.len(),
        limits::MAX_GROUP_MEMBERS as usize,
    )?;
    let far = i64::from(limits::MAX_DISTANCE_FT);
    if members
        .iter()
        .any(|m| i64::from(m.x).abs() > far || i64::from(m.y).abs() > far)
    {
        return Err(Error::invalid_argument(format!(
            "a position is within ±{far} ft"
        )));
    }
    let near = |a: &GridSquare, b: &GridSquare| {
        (i64::from(a.x) - i64::from(b.x)).abs() <= 5 && (i64::from(a.y) - i64::from(b.y)).abs() <= 5
    };
    Ok(members
        .iter()
        .enumerate()
        .filter(|(i, m)| {
            !members
                .iter()
                .enumerate()
                .any(|(j, o)| j != *i && near(m, o))
        })
        .filter_map(|(i, _)| u32::try_from(i).ok())
        .collect())
}

/// A5E-CTRL-03: bonus to a group ability check — +1 per other member for Strength checks
/// (`members` = how many can meaningfully help, the Narrator's call), nothing otherwise.
pub fn group_check_bonus(ability: Ability, members: u32) -> Result<i32> {
    let members = check_members(members)?;
    Ok(if ability == Ability::Str {
        i32::try_from(members - 1).unwrap_or(0)
    } else {
        0
    })
}

/// A group check, as rolled.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GroupCheck {
    /// The one member's roll; its modifier and total include the group bonus.
    pub roll: D20TestRoll,
    pub group_bonus: i32,
    pub success: bool,
}

/// A5E-CTRL-03: roll a group ability check once, for one member (`member_check`), adding the
/// group bonus.
pub fn group_check(
    ability: Ability,
    members: u32,
    member_check: &D20Test,
    dc: i32,
    roller: &mut dyn DieRoller,
) -> Result<GroupCheck> {
    let dc = limits::check_dc("dc", dc)?;
    let group_bonus = group_check_bonus(ability, members)?;
    let test = D20Test {
        modifier: member_check.modifier.saturating_add(group_bonus),
        ..*member_check
    };
    let roll = test.roll(roller)?;
    Ok(GroupCheck {
        success: roll.total >= dc,
        roll,
        group_bonus,
    })
}

/// What the group's attack was before grouping.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum GroupAttackBasis {
    /// An attack roll: it becomes a Dexterity save against 8 + the best attack bonus.
    AttackRoll { best_attack_bonus: i32 },
    /// An attack that already uses a saving throw keeps its ability and DC (step 2 skipped).
    SavingThrow { ability: Ability, dc: i32 },
}

/// A group attack turned into a saving throw (A5E-CTRL-04).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GroupAttack {
    pub save_ability: Ability,
    pub dc: i32,
    /// +1 damage per other member.
    pub damage_bonus: i32,
}

/// A5E-CTRL-04: the save a group attack asks of its target: Dexterity, DC 8 + the highest
/// attack bonus in the group (or the attack's own save), then +1 DC and +1 damage for each other
/// member. EX-A5E-16: 4 creatures, best bonus +4 → DC 15, +3 damage.
pub fn group_attack(basis: GroupAttackBasis, members: u32) -> Result<GroupAttack> {
    let others = i32::try_from(check_members(members)? - 1).unwrap_or(0);
    let (save_ability, base_dc) = match basis {
        GroupAttackBasis::AttackRoll { best_attack_bonus } => (
            Ability::Dex,
            8 + limits::check_modifier("bestAttackBonus", best_attack_bonus)?,
        ),
        GroupAttackBasis::SavingThrow { ability, dc } => (ability, limits::check_dc("dc", dc)?),
    };
    Ok(GroupAttack {
        save_ability,
        dc: base_dc.saturating_add(others),
        damage_bonus: others,
    })
}

/// A group attack against one target, as resolved.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GroupAttackResult {
    pub save: D20TestRoll,
    pub saved: bool,
    /// The damage roll, with the attack's own bonus plus the group bonus.
    pub damage_roll: DamageRoll,
    /// Damage taken: full on a failure, half (rounded down) on a success.
    pub damage: u32,
    /// The attack's extra effects apply only on a failed save.
    pub extra_effects_apply: bool,
}

/// A5E-CTRL-04: resolve a group attack — the target's save (`target_save`, for
/// `attack.save_ability`), then the damage (`damage` + `damage_modifier`, the attack's usual
/// bonus, + the group bonus): full on a failure, half and no extra effects on a success.
pub fn resolve_group_attack(
    attack: &GroupAttack,
    target_save: &D20Test,
    damage: &DamageDice,
    damage_modifier: i32,
    roller: &mut dyn DieRoller,
) -> Result<GroupAttackResult> {
    let dc = limits::check_dc("dc", attack.dc)?;
    let modifier = limits::check_modifier("damageModifier", damage_modifier)?;
    let save = target_save.roll(roller)?;
    let saved = save.total >= dc;
    let damage_roll = damage.roll(modifier.saturating_add(attack.damage_bonus), roller)?;
    Ok(GroupAttackResult {
        damage: if saved {
            halve(damage_roll.total)
        } else {
            damage_roll.total
        },
        save,
        saved,
        damage_roll,
        extra_effects_apply: !saved,
    })
}
