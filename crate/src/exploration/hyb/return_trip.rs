//! HYB rolling to return (HYB-RETURN-01/02, EX-HYB-01).

use crate::clock::id::Ident;
use crate::dice::{D20Roll, RollMode, roll_d20};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::exploration::chance::roll_pool;

/// HYB-RETURN-01: base DC.
pub const RETURN_BASE_DC: u32 = 10;
/// HYB-RETURN-01: the DC never exceeds 20.
pub const RETURN_MAX_DC: u32 = 20;
/// Largest modifier accepted for a roll to return.
pub const MAX_RETURN_MODIFIER: i32 = 30;

/// HYB-RETURN-01: DC = 10 + 1 per travel turn away, at most 20.
pub fn return_dc(travel_turns_away: u32) -> u32 {
    RETURN_BASE_DC
        .saturating_add(travel_turns_away)
        .min(RETURN_MAX_DC)
}

/// HYB-RETURN-02: what the GM declares the way back to be.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ReturnPath {
    /// 1d6 damage per point missed, ignoring armor; cannot be healed or avoided.
    Dangerous,
    /// One load of equipment lost per point missed (the GM picks what).
    Arduous,
}

/// HYB-RETURN-02: what becomes of a PC the dangerous way's damage drops to 0 HP (the GM's
/// choice).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum ReturnAtZero {
    /// Left unconscious: the ruleset's own 0 HP state (HYB: incapacitated, to be stabilised,
    /// HYB-DEATH-01/02).
    #[default]
    Unconscious,
    /// Dies.
    Dies,
}

/// HYB-RETURN-02: how the dangerous way's damage "can't be healed" (the source names no end
/// to it).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum ReturnWounds {
    /// Magic, medicine and stabilising never restore the HP it took; nights of rest mend them
    /// first (HYB-HEAL-02). It also passes temporary HP by ("can't be avoided").
    #[default]
    RestOnly,
    /// Nothing can be done about it on the way; once back, it heals like any damage.
    Healable,
}

/// One PC's roll to return: who, and their single highest modifier (proficiency included).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Returner {
    pub id: Ident,
    pub best_modifier: i32,
    #[serde(default)]
    pub advantage: RollMode,
}

/// What a missed roll to return costs.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ReturnCost {
    /// Damage that ignores armor and cannot be healed or avoided; at 0 HP the PC dies or is
    /// left unconscious (the GM's choice).
    Damage { dice: Vec<RolledDie>, total: u32 },
    /// Loads of equipment lost, least valuable and least secure first (the GM picks).
    LoadsLost { loads: u32 },
}

/// One PC's result.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ReturnResult {
    pub id: Ident,
    pub roll: D20Roll,
    pub modifier: i32,
    pub total: i32,
    pub dc: u32,
    pub success: bool,
    /// Points short of the DC (0 on a success).
    pub missed_by: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<ReturnCost>,
}

/// HYB-RETURN-01/02: each PC rolls d20 + best modifier against the DC; a miss costs per point.
pub fn roll_to_return(
    returners: &[Returner],
    travel_turns_away: u32,
    path: ReturnPath,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<Vec<ReturnResult>> {
    if let Some(r) = returners
        .iter()
        .find(|r| r.best_modifier.abs() > MAX_RETURN_MODIFIER)
    {
        return Err(Error::invalid_argument(format!(
            "modifier {} for \"{}\" is beyond ±{MAX_RETURN_MODIFIER}",
            r.best_modifier, r.id
        )));
    }
    let dc = return_dc(travel_turns_away);
    let mut out = Vec::with_capacity(returners.len());
    for r in returners {
        let roll = roll_d20(r.advantage, roller)?;
        let total = i32::try_from(roll.natural).unwrap_or(0) + r.best_modifier;
        let dc_i = i32::try_from(dc).unwrap_or(i32::MAX);
        let success = total >= dc_i;
        let missed_by = if success {
            0
        } else {
            u32::try_from(dc_i - total).unwrap_or(0)
        };
        let cost = if success {
            None
        } else {
            Some(match path {
                ReturnPath::Dangerous => {
                    let (dice, total) = roll_pool(missed_by, 6, roller)?;
                    ReturnCost::Damage { dice, total }
                }
                ReturnPath::Arduous => ReturnCost::LoadsLost { loads: missed_by },
            })
        };
        out.push(ReturnResult {
            id: r.id.clone(),
            roll,
            modifier: r.best_modifier,
            total,
            dc,
            success,
            missed_by,
            cost,
        });
    }
    Ok(out)
}
