//! HYB retreat (HYB-RETREAT-01/02): a special action that takes the PC's whole turn and ends its
//! concentration at once. The GM may call for a check and/or let enemies attack the fleeing PC;
//! a failed check or any hit, however weak, stops the retreat. On success the PC escapes and
//! leaves initiative (removing it is the encounter's job); the others keep their order.

use crate::dice::DieRoller;
use crate::error::{Error, ErrorCode, Result};
use crate::procedures::hyb::check::{HybCheckInput, HybCheckResult, roll_hyb_check};
use crate::procedures::limits::MAX_PARTICIPANTS;

/// A retreat's inputs: the GM's optional check, then the attacks the GM lets enemies make at
/// the fleeing PC (whether each hit; resolve them with `hyb::attack`).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct RetreatInput {
    pub check: Option<HybCheckInput>,
    pub attacks_hit: Vec<bool>,
}

/// Why a retreat failed.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum RetreatFailure {
    FailedCheck,
    HitByAttack,
}

/// How a retreat ended.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum RetreatOutcome {
    /// The PC escapes and leaves initiative; it may then face a chase (HYB-CHASE) and roll to
    /// return (HYB-RETURN).
    Escaped,
    /// The PC stops moving and stays in the fight.
    Failed { reason: RetreatFailure },
}

/// A retreat's result, with what the encounter must do next.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RetreatResult {
    pub check: Option<HybCheckResult>,
    pub outcome: RetreatOutcome,
    /// Retreat uses the whole turn: no other action may be combined with it.
    pub uses_whole_turn: bool,
    /// Concentration effects end immediately, whatever the outcome.
    pub ends_concentration: bool,
    /// The PC leaves the initiative order (on success).
    pub leaves_initiative: bool,
    /// HYB-MORALE-04: followers of the PC check morale at once, at disadvantage (see
    /// `hyb::morale::roll_follower_morale`). Read as following from taking the retreat action.
    pub followers_check_morale: bool,
}

/// HYB-RETREAT-01/02: resolve a retreat. The check comes first; if it fails, the attacks don't
/// matter.
pub fn resolve_retreat(roller: &mut dyn DieRoller, input: &RetreatInput) -> Result<RetreatResult> {
    if input.attacks_hit.len() > MAX_PARTICIPANTS {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!("at most {MAX_PARTICIPANTS} attacks on a retreating PC"),
        ));
    }
    let check = input
        .check
        .as_ref()
        .map(|c| roll_hyb_check(roller, c))
        .transpose()?;
    let outcome = if check.as_ref().is_some_and(|c| !c.success) {
        RetreatOutcome::Failed {
            reason: RetreatFailure::FailedCheck,
        }
    } else if input.attacks_hit.iter().any(|hit| *hit) {
        RetreatOutcome::Failed {
            reason: RetreatFailure::HitByAttack,
        }
    } else {
        RetreatOutcome::Escaped
    };
    Ok(RetreatResult {
        check,
        leaves_initiative: outcome == RetreatOutcome::Escaped,
        outcome,
        uses_whole_turn: true,
        ends_concentration: true,
        followers_check_morale: true,
    })
}
