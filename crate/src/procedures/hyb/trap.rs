//! HYB dangerous checks and traps (HYB-TRAP-01, HYB-DMG-03). A trap is a dangerous check: the
//! players earn the check by saying when, where and how they look for traps; otherwise the GM
//! need not allow one. A natural 1 on a PC's check against something that damages it doubles
//! the damage the PC suffers.

use crate::dice::DieRoller;
use crate::error::Result;
use crate::procedures::hyb::check::{HybCheckInput, HybCheckResult, roll_hyb_check};

/// The result of a check against something dangerous.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DangerousCheck {
    pub check: HybCheckResult,
    /// The check succeeded: the danger is avoided (or its effect stopped or reduced, as the
    /// danger describes).
    pub avoided: bool,
    /// HYB-DMG-03: a PC rolled a natural 1, so the damage it suffers is doubled.
    pub damage_doubled: bool,
}

/// HYB-DMG-03: make a check against a damaging danger. `for_pc`: the doubling applies to PCs.
pub fn roll_dangerous_check(
    roller: &mut dyn DieRoller,
    check: &HybCheckInput,
    for_pc: bool,
) -> Result<DangerousCheck> {
    let check = roll_hyb_check(roller, check)?;
    let damage_doubled = for_pc && check.natural() == Some(1);
    Ok(DangerousCheck {
        avoided: check.success,
        damage_doubled,
        check,
    })
}

/// HYB-DMG-03: the damage a PC suffers after a dangerous check.
pub const fn damage_after_check(damage: u32, damage_doubled: bool) -> u32 {
    if damage_doubled {
        damage.saturating_mul(2)
    } else {
        damage
    }
}

/// A trap encounter.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TrapInput {
    /// The check to perceive, disarm or avoid the trap.
    pub check: HybCheckInput,
    /// The players said when, where and how they check for traps.
    #[serde(default)]
    pub players_said_how: bool,
    /// `[ADJ]` The GM allows a check anyway.
    #[serde(default)]
    pub gm_allows_check: bool,
    /// The check is a PC's (HYB-DMG-03 doubling applies).
    #[serde(default = "yes")]
    pub for_pc: bool,
}

const fn yes() -> bool {
    true
}

/// What a trap did.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TrapResult {
    /// Whether a check was allowed at all.
    pub check_allowed: bool,
    pub check: Option<DangerousCheck>,
    /// The trap takes effect (damage or other effects, as for any dangerous check).
    pub triggered: bool,
    pub damage_doubled: bool,
}

/// HYB-TRAP-01: resolve a trap as a dangerous check.
pub fn resolve_trap(roller: &mut dyn DieRoller, input: &TrapInput) -> Result<TrapResult> {
    let check_allowed = input.players_said_how || input.gm_allows_check;
    if !check_allowed {
        input.check.total_modifier()?;
        return Ok(TrapResult {
            check_allowed,
            check: None,
            triggered: true,
            damage_doubled: false,
        });
    }
    let check = roll_dangerous_check(roller, &input.check, input.for_pc)?;
    Ok(TrapResult {
        check_allowed,
        triggered: !check.avoided,
        damage_doubled: check.damage_doubled,
        check: Some(check),
    })
}
