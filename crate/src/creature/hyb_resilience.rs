//! HYB-RES-01..04: resilience (hours a PC can adventure without food or rest) and the binary
//! exhausted state it leads to.

use crate::creature::abilities::ability_modifier;
use crate::creature::limits::MAX_ADVENTURING_HOURS;
use crate::creature::log::Log;
use crate::creature::outcome::{Outcome, Report};
use crate::creature::roll::{CheckKind, RollMode};
use crate::creature::state::Creature;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// HYB-RES-02: DC = this + hours beyond resilience.
pub const RESILIENCE_BASE_DC: i32 = 10;

/// HYB-RES-03: what being exhausted means, for display and for the roll query.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybExhaustion {
    pub speed_ft: u32,
    pub disadvantage_on_all_checks: bool,
    /// Nothing strenuous: no combat, no magic.
    pub can_act_strenuously: bool,
}

/// HYB-RES-03.
pub const HYB_EXHAUSTION: HybExhaustion = HybExhaustion {
    speed_ft: 0,
    disadvantage_on_all_checks: true,
    can_act_strenuously: false,
};

fn check_hours(hours: i32) -> Result<u32> {
    u32::try_from(hours)
        .ok()
        .filter(|h| *h <= MAX_ADVENTURING_HOURS)
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "hours must be from 0 to {MAX_ADVENTURING_HOURS}, not {hours}"
            ))
        })
}

impl Creature {
    fn con_score(&self) -> Result<u32> {
        self.abilities.map(|a| a.con).ok_or_else(|| {
            Error::invalid_argument("resilience needs the creature's CON score (HYB-RES-01)")
        })
    }

    /// HYB-RES-01: resilience = CON score, less any hours the GM has taken off.
    pub fn resilience(&self) -> Result<u32> {
        Ok(self
            .con_score()?
            .saturating_sub(self.hyb.resilience_reduction))
    }

    /// HYB-RES-01: the GM lowers resilience by `hours` for overland travel or other strain
    /// (and must tell the player).
    pub fn set_resilience_reduction(&mut self, hours: i32) -> Result<()> {
        self.validate()?;
        self.hyb.resilience_reduction = check_hours(hours)?;
        Ok(())
    }

    /// Count `hours` (travel turns) of adventuring since the last night's rest.
    pub fn add_adventuring_hours(&mut self, hours: i32) -> Result<u32> {
        self.validate()?;
        let hours = check_hours(hours)?;
        let total = self
            .hyb
            .hours_adventured
            .checked_add(hours)
            .filter(|t| *t <= MAX_ADVENTURING_HOURS)
            .ok_or_else(|| {
                Error::invalid_argument(format!(
                    "at most {MAX_ADVENTURING_HOURS} hours can be counted without rest"
                ))
            })?;
        self.hyb.hours_adventured = total;
        Ok(total)
    }

    /// HYB-RES-02: the DC of a resilience check now, or `None` while the creature is within its
    /// resilience (no check can be called yet).
    pub fn resilience_dc(&self) -> Result<Option<i32>> {
        let resilience = self.resilience()?;
        let beyond = self.hyb.hours_adventured.saturating_sub(resilience);
        if beyond == 0 {
            return Ok(None);
        }
        Ok(Some(
            RESILIENCE_BASE_DC.saturating_add(i32::try_from(beyond).unwrap_or(i32::MAX)),
        ))
    }

    /// HYB-RES-02: 1d20 + CON modifier (from the score, HYB-CHK-05) against 10 + hours beyond
    /// resilience; failure exhausts (HYB-RES-03). What repeated failures escalate to is the GM's
    /// call and not applied here.
    pub fn resilience_check(
        &mut self,
        mode: RollMode,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        self.require_not_dead("a resilience check")?;
        let dc = self.resilience_dc()?.ok_or_else(|| {
            Error::not_allowed(
                "no resilience check until the creature has adventured beyond its resilience",
            )
        })?;
        let modifier = ability_modifier(self.con_score()?);
        let mut log = Log::new(roller);
        let check = log.check(CheckKind::ResilienceCheck, modifier, dc, mode)?;
        if !check.success && !self.hyb.exhausted {
            self.hyb.exhausted = true;
            log.push(Outcome::Exhausted);
        }
        Ok(log.into_report())
    }

    /// HYB-RES-03: the exhausted state's effects, if the creature is exhausted.
    pub fn hyb_exhaustion(&self) -> Option<HybExhaustion> {
        self.hyb.exhausted.then_some(HYB_EXHAUSTION)
    }

    /// HYB-RES-04: negative magic, disease, poison or tainted food exhaust the creature too.
    pub fn exhaust(&mut self) -> Result<Report> {
        self.validate()?;
        self.require_not_dead("exhausting")?;
        let mut outcomes = Vec::new();
        if !self.hyb.exhausted {
            self.hyb.exhausted = true;
            outcomes.push(Outcome::Exhausted);
        }
        Ok(Report {
            outcomes,
            ..Report::default()
        })
    }
}
