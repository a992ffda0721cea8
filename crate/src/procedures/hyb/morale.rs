//! HYB morale (HYB-MORALE-01..04): d20 + WIS modifier + proficiency (if fitting) + the monster's
//! HD morale bonus against DC 11, always; who rolls (PCs individually, monsters by side, group
//! or individual); followers of a retreating PC check at disadvantage and rout on a failure.
//!
//! The source's table of monster morale bonus by HD is missing (G-36): the bonus is a number the
//! caller supplies.

use crate::dice::DieRoller;
use crate::dice::{D20Roll, RollMode, roll_d20};
use crate::error::{Error, Result};
use crate::procedures::limits::{MAX_PARTICIPANTS, check_modifier};
use crate::procedures::member::{GroupKey, MemberId};

/// HYB-MORALE-01: morale checks are always against DC 11.
pub const HYB_MORALE_DC: i32 = 11;

/// HYB-MORALE-02: the moments the GM calls for a morale check.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum HybMoraleTrigger {
    BattleBegins,
    FirstCombatantKilled,
    LeaderOrExpertKilled,
    TideOfBattleObvious,
    /// HYB-MORALE-04: a PC these followers follow retreats.
    LeaderRetreats,
}

/// One morale check's modifiers.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct HybMoraleInput {
    pub wis_modifier: i32,
    /// The proficiency bonus, when the GM finds it fitting.
    pub proficiency_bonus: Option<i32>,
    /// The monster's morale bonus by HD (caller-supplied: the table is not in the source).
    pub hd_bonus: i32,
    /// Circumstances (e.g. being outnumbered).
    pub advantage: RollMode,
}

impl HybMoraleInput {
    /// The sum added to the d20.
    pub fn modifier(&self) -> Result<i32> {
        check_modifier("WIS modifier", self.wis_modifier)?;
        check_modifier("HD morale bonus", self.hd_bonus)?;
        let proficiency = check_modifier("proficiency bonus", self.proficiency_bonus.unwrap_or(0))?;
        Ok(self
            .wis_modifier
            .saturating_add(proficiency)
            .saturating_add(self.hd_bonus))
    }
}

/// What a morale check decides.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum HybMoraleOutcome {
    /// Stands and fights.
    Stands,
    /// Surrenders or flees.
    SurrendersOrFlees,
    /// Followers of a retreating PC rout and try to flee (HYB-MORALE-04).
    Routs,
}

/// A morale check.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybMoraleCheck {
    pub roll: D20Roll,
    pub modifier: i32,
    pub total: i32,
    pub dc: i32,
    pub outcome: HybMoraleOutcome,
    pub trigger: Option<HybMoraleTrigger>,
}

fn check(
    roller: &mut dyn DieRoller,
    input: &HybMoraleInput,
    advantage: RollMode,
    trigger: Option<HybMoraleTrigger>,
    failure: HybMoraleOutcome,
) -> Result<HybMoraleCheck> {
    let modifier = input.modifier()?;
    let roll = roll_d20(advantage, roller)?;
    let total = i32::try_from(roll.natural)
        .unwrap_or(0)
        .saturating_add(modifier);
    Ok(HybMoraleCheck {
        outcome: if total >= HYB_MORALE_DC {
            HybMoraleOutcome::Stands
        } else {
            failure
        },
        roll,
        modifier,
        total,
        dc: HYB_MORALE_DC,
        trigger,
    })
}

/// HYB-MORALE-01/02: one morale check.
pub fn roll_hyb_morale(
    roller: &mut dyn DieRoller,
    input: &HybMoraleInput,
    trigger: Option<HybMoraleTrigger>,
) -> Result<HybMoraleCheck> {
    check(
        roller,
        input,
        input.advantage,
        trigger,
        HybMoraleOutcome::SurrendersOrFlees,
    )
}

/// HYB-MORALE-04: retainers or NPCs following a retreating PC check at once, at disadvantage
/// (an advantage from circumstances cancels it); on a failure they rout.
pub fn roll_follower_morale(
    roller: &mut dyn DieRoller,
    input: &HybMoraleInput,
) -> Result<HybMoraleCheck> {
    check(
        roller,
        input,
        input.advantage.with(false, true),
        Some(HybMoraleTrigger::LeaderRetreats),
        HybMoraleOutcome::Routs,
    )
}

/// HYB-MORALE-03: how the GM groups monsters' morale rolls. PCs always roll individually.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum MoraleGrouping {
    /// One roll per side.
    #[default]
    Side,
    /// One roll per group of the same type.
    GroupByType,
    /// One roll per creature.
    Individual,
}

/// Whose modifiers a shared roll uses. The source doesn't say; the default borrows the chase
/// rule (HYB-CHASE-03): the member with the worst modifier rolls for the group.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum GroupRoller {
    #[default]
    WorstModifier,
    FirstListed,
}

/// One creature (or PC) that may have to check morale.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MoraleParticipant {
    pub id: MemberId,
    #[serde(default)]
    pub is_pc: bool,
    pub side: GroupKey,
    /// The creature's type, for [`MoraleGrouping::GroupByType`].
    pub kind: GroupKey,
    #[serde(default)]
    pub morale: HybMoraleInput,
}

/// One roll and the members who share it.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MoraleUnit {
    pub members: Vec<MemberId>,
    /// The member whose modifiers are used.
    pub roller: MemberId,
}

/// HYB-MORALE-03: split participants into rolls, in order of first appearance.
pub fn plan_morale_rolls(
    participants: &[MoraleParticipant],
    grouping: MoraleGrouping,
    group_roller: GroupRoller,
) -> Result<Vec<MoraleUnit>> {
    if participants.len() > MAX_PARTICIPANTS {
        return Err(Error::new(
            crate::error::ErrorCode::LimitExceeded,
            format!("at most {MAX_PARTICIPANTS} participants per morale plan"),
        ));
    }
    for (i, p) in participants.iter().enumerate() {
        p.id.validate()?;
        p.side.validate()?;
        p.kind.validate()?;
        p.morale.modifier()?;
        if participants.iter().take(i).any(|q| q.id == p.id) {
            return Err(Error::new(
                crate::error::ErrorCode::DuplicateId,
                format!("participant \"{}\" is listed twice", p.id.0),
            ));
        }
    }
    // Each group: its key (none for a roll of one's own) and its members' indices.
    type Key<'a> = Option<(&'a GroupKey, Option<&'a GroupKey>)>;
    let mut groups: Vec<(Key<'_>, Vec<usize>)> = Vec::new();
    for (i, p) in participants.iter().enumerate() {
        let key: Key<'_> = match (p.is_pc, grouping) {
            (true, _) | (false, MoraleGrouping::Individual) => None,
            (false, MoraleGrouping::Side) => Some((&p.side, None)),
            (false, MoraleGrouping::GroupByType) => Some((&p.side, Some(&p.kind))),
        };
        match groups.iter_mut().find(|(k, _)| key.is_some() && *k == key) {
            Some((_, members)) => members.push(i),
            None => groups.push((key, vec![i])),
        }
    }
    groups
        .into_iter()
        .map(|(_, members)| {
            let chosen = match group_roller {
                GroupRoller::FirstListed => members.first().copied(),
                GroupRoller::WorstModifier => {
                    let mut worst: Option<(usize, i32)> = None;
                    for &i in &members {
                        let m = participants
                            .get(i)
                            .map(|p| p.morale.modifier())
                            .transpose()?
                            .unwrap_or(0);
                        if worst.is_none_or(|(_, w)| m < w) {
                            worst = Some((i, m));
                        }
                    }
                    worst.map(|(i, _)| i)
                }
            };
            let roller = chosen
                .and_then(|i| participants.get(i))
                .map(|p| p.id.clone())
                .ok_or_else(|| Error::invalid_argument("an empty morale group"))?;
            Ok(MoraleUnit {
                members: members
                    .iter()
                    .filter_map(|i| participants.get(*i).map(|p| p.id.clone()))
                    .collect(),
                roller,
            })
        })
        .collect()
}

/// One shared roll's result.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MoraleUnitCheck {
    pub unit: MoraleUnit,
    pub check: HybMoraleCheck,
}

/// HYB-MORALE-01..03: plan the rolls and make each one with its roller's modifiers.
pub fn roll_hyb_morale_for(
    roller: &mut dyn DieRoller,
    participants: &[MoraleParticipant],
    grouping: MoraleGrouping,
    group_roller: GroupRoller,
    trigger: Option<HybMoraleTrigger>,
) -> Result<Vec<MoraleUnitCheck>> {
    let units = plan_morale_rolls(participants, grouping, group_roller)?;
    units
        .into_iter()
        .map(|unit| {
            let input = participants
                .iter()
                .find(|p| p.id == unit.roller)
                .map(|p| p.morale)
                .ok_or_else(|| Error::unknown_id("participant", &unit.roller.0))?;
            let check = roll_hyb_morale(roller, &input, trigger)?;
            Ok(MoraleUnitCheck { unit, check })
        })
        .collect()
}
