//! HYB chases (HYB-CHASE-01..05): a check against DC 11 ± 1 per 5 ft of the other side's speed
//! above or below 30 ft, with STR, DEX or CON by terrain; each PC rolls, or the one with the
//! worst modifier rolls once for the party; advantage or disadvantage by circumstance. When the
//! party flees, the players still roll, now to escape.

use crate::dice::DieRoller;
use crate::dice::RollMode;
use crate::error::{Error, ErrorCode, Result};
use crate::procedures::hyb::check::{Ability, HybCheckInput, HybCheckResult, roll_hyb_check};
use crate::procedures::limits::{MAX_PARTICIPANTS, check_modifier, check_speed};
use crate::procedures::member::MemberId;

/// HYB-CHASE-02: the DC against a quarry with the base speed.
pub const CHASE_BASE_DC: i32 = 11;
/// HYB-CHASE-02: the speed that gives the base DC, in feet.
pub const CHASE_BASE_SPEED_FT: u32 = 30;
/// HYB-CHASE-02: feet of speed difference per point of DC.
pub const CHASE_FEET_PER_DC: i32 = 5;

/// HYB-CHASE-01: the ground or manner of the chase, which decides the check.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ChaseTerrain {
    /// Flat, open terrain: STR.
    FlatOpen,
    /// Uneven terrain: DEX.
    Uneven,
    /// A chase over hours or days, where endurance matters: CON.
    Endurance,
    /// Out-manoeuvring an enemy force: the commander's CHA.
    OutManoeuvreByCommand,
    /// Out-manoeuvring an enemy force with NPC troops: their morale (the caller supplies the
    /// morale modifier as each runner's modifier).
    OutManoeuvreByMorale,
}

/// What a chase check adds.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ChaseCheck {
    Ability { ability: Ability },
    Morale,
}

impl ChaseTerrain {
    /// HYB-CHASE-01: the check this terrain calls for.
    pub const fn check(self) -> ChaseCheck {
        match self {
            Self::FlatOpen => ChaseCheck::Ability {
                ability: Ability::Str,
            },
            Self::Uneven => ChaseCheck::Ability {
                ability: Ability::Dex,
            },
            Self::Endurance => ChaseCheck::Ability {
                ability: Ability::Con,
            },
            Self::OutManoeuvreByCommand => ChaseCheck::Ability {
                ability: Ability::Cha,
            },
            Self::OutManoeuvreByMorale => ChaseCheck::Morale,
        }
    }
}

/// HYB-CHASE-02: DC = 11 + (speed − 30) / 5, counting whole 5 ft steps (so 33 ft → 11 and
/// 27 ft → 11), plus the GM's `adjustment` `[ADJ]` (lower when the pursuers only need to get
/// within bow range; changed by caltrops, false trails or bait).
pub fn chase_dc(opponent_speed_ft: u32, adjustment: i32) -> Result<i32> {
    check_speed("speed", opponent_speed_ft)?;
    check_modifier("DC adjustment", adjustment)?;
    let difference = i32::try_from(opponent_speed_ft).unwrap_or(0)
        - i32::try_from(CHASE_BASE_SPEED_FT).unwrap_or(0);
    Ok(CHASE_BASE_DC
        .saturating_add(difference / CHASE_FEET_PER_DC)
        .saturating_add(adjustment))
}

/// HYB-CHASE-04: disadvantage if the quarry can easily break line of sight (darkness, dense
/// foliage, twisting halls); advantage from a better position (surrounding the enemy). Both
/// cancel.
pub const fn chase_advantage(
    quarry_can_break_line_of_sight: bool,
    better_position: bool,
) -> RollMode {
    RollMode::from_sources(better_position, quarry_can_break_line_of_sight)
}

/// HYB-CHASE-05: which way the party is running.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum ChaseRole {
    /// The PCs chase a quarry; the DC comes from the quarry's speed.
    #[default]
    Pursuing,
    /// The PCs flee and roll to escape; the DC comes from the pursuers' speed (the source's
    /// "process is reversed").
    Fleeing,
}

/// HYB-CHASE-03: who rolls.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum ChaseRollMode {
    /// Each PC rolls and fares on its own.
    #[default]
    Individual,
    /// The PC with the worst relevant modifier rolls once; the party arrives together.
    WorstModifierRollsOnce,
}

/// One PC in the chase.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Runner {
    pub id: MemberId,
    /// The modifier for the terrain's check (ability modifier, plus proficiency if proficient).
    pub modifier: i32,
}

/// A chase's inputs.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ChaseInput {
    #[serde(default)]
    pub role: ChaseRole,
    /// The other side's speed in feet: the quarry's when pursuing, the pursuers' when fleeing.
    pub opponent_speed_ft: u32,
    pub terrain: ChaseTerrain,
    #[serde(default)]
    pub dc_adjustment: i32,
    /// See [`chase_advantage`].
    #[serde(default)]
    pub advantage: RollMode,
    #[serde(default)]
    pub mode: ChaseRollMode,
    pub runners: Vec<Runner>,
}

/// How the chase ended for one runner.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ChaseOutcome {
    /// Pursuing: the quarry is caught.
    CaughtQuarry,
    /// Pursuing: the enemy got away.
    QuarryGotAway,
    /// Fleeing: escaped.
    Escaped,
    /// Fleeing: caught.
    Caught,
}

/// One roll in the chase.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ChaseRoll {
    /// Who rolled.
    pub roller: MemberId,
    /// Who shares this roll's outcome.
    pub members: Vec<MemberId>,
    pub check: HybCheckResult,
    pub outcome: ChaseOutcome,
}

/// A chase's result.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ChaseResult {
    pub dc: i32,
    pub check: ChaseCheck,
    pub rolls: Vec<ChaseRoll>,
}

/// HYB-CHASE-01..05: run a chase check.
pub fn roll_chase(roller: &mut dyn DieRoller, input: &ChaseInput) -> Result<ChaseResult> {
    let dc = chase_dc(input.opponent_speed_ft, input.dc_adjustment)?;
    if input.runners.is_empty() {
        return Err(Error::invalid_argument("a chase needs at least one runner"));
    }
    if input.runners.len() > MAX_PARTICIPANTS {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!("at most {MAX_PARTICIPANTS} runners per chase"),
        ));
    }
    for (i, runner) in input.runners.iter().enumerate() {
        runner.id.validate()?;
        check_modifier("runner modifier", runner.modifier)?;
        if input.runners.iter().take(i).any(|r| r.id == runner.id) {
            return Err(Error::new(
                ErrorCode::DuplicateId,
                format!("runner \"{}\" is listed twice", runner.id.0),
            ));
        }
    }
    let outcome_of = |success: bool| match (input.role, success) {
        (ChaseRole::Pursuing, true) => ChaseOutcome::CaughtQuarry,
        (ChaseRole::Pursuing, false) => ChaseOutcome::QuarryGotAway,
        (ChaseRole::Fleeing, true) => ChaseOutcome::Escaped,
        (ChaseRole::Fleeing, false) => ChaseOutcome::Caught,
    };
    let roll_for = |roller: &mut dyn DieRoller, runner: &Runner, members: Vec<MemberId>| {
        let mut check = HybCheckInput::new(runner.modifier, dc);
        check.advantage = input.advantage;
        roll_hyb_check(roller, &check).map(|check| ChaseRoll {
            roller: runner.id.clone(),
            members,
            outcome: outcome_of(check.success),
            check,
        })
    };
    let rolls = match input.mode {
        ChaseRollMode::Individual => input
            .runners
            .iter()
            .map(|runner| roll_for(roller, runner, vec![runner.id.clone()]))
            .collect::<Result<Vec<_>>>()?,
        ChaseRollMode::WorstModifierRollsOnce => {
            let worst = input
                .runners
                .iter()
                .reduce(|worst, r| {
                    if r.modifier < worst.modifier {
                        r
                    } else {
                        worst
                    }
                })
                .ok_or_else(|| Error::invalid_argument("a chase needs at least one runner"))?;
            let members = input.runners.iter().map(|r| r.id.clone()).collect();
            vec![roll_for(roller, worst, members)?]
        }
    };
    Ok(ChaseResult {
        dc,
        check: input.terrain.check(),
        rolls,
    })
}
