//! HYB corruption: disease, poison and venom in stages (HYB-CORR-01/02, EX-HYB-02).
//!
//! Exposure calls for a CON-modifier check, usually DC 11; failing it infects. The infection
//! runs through stages (hours to weeks). At the end of each stage the PC checks again and on a
//! failure suffers that stage's harm, most often 1d6 ability damage. An ability at 0 means
//! death (HYB-DEATH-04).
//!
//! [AMBIG] Whether passing a stage check cures the infection or only avoids that stage's harm
//! is not stated; [`StageSuccess`] makes it a choice, defaulting to "avoids the stage" (the
//! infection runs its course either way).

pub use crate::ability::Ability;
use crate::clock::id::Label;
use crate::clock::time::{GameTime, Seconds};
use crate::dice::{D20Roll, RollMode, roll_d20};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::exploration::chance::{ability_modifier, roll_pool};

/// HYB-CORR-01: the usual infection DC.
pub const DEFAULT_CORRUPTION_DC: u32 = 11;
/// Most stages one infection may have.
pub const MAX_STAGES: usize = 16;
/// Most d6 of ability damage one stage may deal.
pub const MAX_STAGE_DICE: u8 = 10;

/// What a stage does to a PC who fails its check (or, as onset, on infection).
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum StageHarm {
    /// `dice`d6 damage to an ability score (HYB-CORR-02: the most common harm).
    AbilityDamage { ability: Ability, dice: u8 },
    /// The PC becomes exhausted (HYB-RES-03).
    Exhausted,
    /// Anything else the GM describes (a limb, movement, sanity…).
    Described { text: Label },
}

/// One stage: how long it lasts and what failing its end-of-stage check costs.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CorruptionStage {
    pub duration: Seconds,
    pub harm: StageHarm,
}

/// [AMBIG] HYB-CORR-02: what passing a stage check does.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum StageSuccess {
    /// Only that stage's harm is avoided; the next stage follows.
    #[default]
    AvoidsStage,
    /// The infection is cured.
    Cures,
}

/// A disease, poison or venom.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Corruption {
    pub dc: u32,
    /// Harm on infection, before the first stage ends (EX-HYB-02: exhaustion).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub onset: Option<StageHarm>,
    pub stages: Vec<CorruptionStage>,
    #[serde(default)]
    pub on_success: StageSuccess,
}

impl Corruption {
    pub fn validate(&self) -> Result<()> {
        if self.stages.is_empty() || self.stages.len() > MAX_STAGES {
            return Err(Error::invalid_argument(format!(
                "a corruption has 1 to {MAX_STAGES} stages"
            )));
        }
        if !(1..=40).contains(&self.dc) {
            return Err(Error::invalid_argument("a corruption DC is 1 to 40"));
        }
        let harms = self
            .stages
            .iter()
            .map(|s| &s.harm)
            .chain(self.onset.as_ref());
        for h in harms {
            if let StageHarm::AbilityDamage { dice, .. } = h {
                if !(1..=MAX_STAGE_DICE).contains(dice) {
                    return Err(Error::invalid_argument(format!(
                        "stage damage is 1 to {MAX_STAGE_DICE} d6"
                    )));
                }
            }
        }
        if self.stages.iter().any(|s| s.duration.0 == 0) {
            return Err(Error::invalid_argument("a stage lasts more than 0 seconds"));
        }
        Ok(())
    }
}

/// A CON-modifier check (HYB-CORR-01/02).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ConCheck {
    pub roll: D20Roll,
    pub modifier: i32,
    pub total: i32,
    pub dc: u32,
    pub success: bool,
}

fn con_check(
    con_score: u8,
    dc: u32,
    advantage: RollMode,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<ConCheck> {
    let roll = roll_d20(advantage, roller)?;
    let modifier = ability_modifier(con_score);
    let total = i32::try_from(roll.natural).unwrap_or(0) + modifier;
    Ok(ConCheck {
        success: total >= i32::try_from(dc).unwrap_or(i32::MAX),
        roll,
        modifier,
        total,
        dc,
    })
}

/// Harm as it landed.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum HarmDone {
    AbilityDamage {
        ability: Ability,
        dice: Vec<RolledDie>,
        damage: u32,
        from: u8,
        to: u8,
        /// HYB-DEATH-04: a score at 0 means death.
        dead: bool,
    },
    Exhausted,
    Described {
        text: Label,
    },
}

fn do_harm(
    harm: &StageHarm,
    score: u8,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<HarmDone> {
    Ok(match harm {
        StageHarm::AbilityDamage { ability, dice } => {
            let (rolled, damage) = roll_pool(u32::from(*dice), 6, roller)?;
            let to = u8::try_from(u32::from(score).saturating_sub(damage)).unwrap_or(0);
            HarmDone::AbilityDamage {
                ability: *ability,
                dice: rolled,
                damage,
                from: score,
                to,
                dead: to == 0,
            }
        }
        StageHarm::Exhausted => HarmDone::Exhausted,
        StageHarm::Described { text } => HarmDone::Described { text: text.clone() },
    })
}

/// An infection in progress.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Infection {
    pub corruption: Corruption,
    /// Index of the current stage.
    pub stage: u32,
    pub stage_started: GameTime,
    pub over: bool,
}

/// The outcome of exposure.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Exposure {
    pub check: ConCheck,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub infection: Option<Infection>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub onset: Option<HarmDone>,
}

/// HYB-CORR-01: exposure. `con_score` gives the modifier; `onset_score` is the current score of
/// the ability the onset harms (if it harms one).
pub fn expose(
    corruption: Corruption,
    con_score: u8,
    onset_score: u8,
    advantage: RollMode,
    now: GameTime,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<Exposure> {
    corruption.validate()?;
    let check = con_check(con_score, corruption.dc, advantage, roller)?;
    if check.success {
        return Ok(Exposure {
            check,
            infection: None,
            onset: None,
        });
    }
    let onset = match &corruption.onset {
        Some(h) => Some(do_harm(h, onset_score, roller)?),
        None => None,
    };
    Ok(Exposure {
        check,
        infection: Some(Infection {
            corruption,
            stage: 0,
            stage_started: now,
            over: false,
        }),
        onset,
    })
}

/// The end of one stage.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StageEnd {
    pub stage: u32,
    pub check: ConCheck,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harm: Option<HarmDone>,
    /// Whether the infection is over (last stage ended, cured, or the PC died).
    pub over: bool,
}

impl Infection {
    fn current(&self) -> Result<&CorruptionStage> {
        self.corruption
            .stages
            .get(usize::try_from(self.stage).unwrap_or(usize::MAX))
            .ok_or_else(|| Error::out_of_order("the infection has run its course"))
    }

    /// When the current stage ends.
    #[inline(never)]
    pub fn stage_ends_at(&self) -> Result<GameTime> {
        self.stage_started.checked_add(self.current()?.duration)
    }

    /// HYB-CORR-02: the current stage ends at `now` (not before its time): check with the
    /// current CON score; on a failure suffer the stage's harm to an ability now at
    /// `harmed_score`.
    pub fn end_stage(
        &mut self,
        now: GameTime,
        con_score: u8,
        harmed_score: u8,
        advantage: RollMode,
        roller: &mut (impl DieRoller + ?Sized),
    ) -> Result<StageEnd> {
        let end = self.roll_stage_end(now, con_score, harmed_score, advantage, roller)?;
        self.apply_stage_end(&end)?;
        Ok(end)
    }

    /// Rolls the end of the current stage without changing the infection.
    pub fn roll_stage_end(
        &self,
        now: GameTime,
        con_score: u8,
        harmed_score: u8,
        advantage: RollMode,
        roller: &mut (impl DieRoller + ?Sized),
    ) -> Result<StageEnd> {
        if self.over {
            return Err(Error::out_of_order("the infection is over"));
        }
        let ends = self.stage_ends_at()?;
        if now < ends {
            return Err(Error::out_of_order(format!(
                "stage {} ends at {ends}, not yet",
                self.stage + 1
            )));
        }
        let stage = self.current()?;
        let check = con_check(con_score, self.corruption.dc, advantage, roller)?;
        let harm = if check.success {
            None
        } else {
            Some(do_harm(&stage.harm, harmed_score, roller)?)
        };
        let dead = matches!(harm, Some(HarmDone::AbilityDamage { dead: true, .. }));
        let last = self.is_last_stage();
        let cured = check.success && self.corruption.on_success == StageSuccess::Cures;
        Ok(StageEnd {
            stage: self.stage,
            check,
            harm,
            over: last || cured || dead,
        })
    }

    fn is_last_stage(&self) -> bool {
        usize::try_from(self.stage.saturating_add(1)).unwrap_or(usize::MAX)
            >= self.corruption.stages.len()
    }

    /// Applies a stage end rolled earlier (replay never rolls). The next stage starts when
    /// this one was due to end.
    pub fn apply_stage_end(&mut self, end: &StageEnd) -> Result<()> {
        if self.over || end.stage != self.stage {
            return Err(Error::new(
                crate::error::ErrorCode::InvalidData,
                "that stage end does not fit this infection",
            ));
        }
        if !end.over && self.is_last_stage() {
            return Err(Error::new(
                crate::error::ErrorCode::InvalidData,
                "the last stage always ends the infection",
            ));
        }
        let ends = self.stage_ends_at()?;
        self.over = end.over;
        if !self.over {
            self.stage += 1;
            self.stage_started = ends;
        }
        Ok(())
    }

    /// Checks an infection read from a snapshot.
    pub fn validate(&self) -> Result<()> {
        self.corruption
            .validate()
            .map_err(|e| Error::snapshot(e.message))?;
        if self.over
            || usize::try_from(self.stage).unwrap_or(usize::MAX) >= self.corruption.stages.len()
        {
            return Err(Error::snapshot("an infection past its last stage"));
        }
        Ok(())
    }
}
