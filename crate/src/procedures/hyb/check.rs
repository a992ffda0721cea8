//! HYB checks (HYB-CHK-01..05): d20 + modifiers (+ proficiency when proficient) against a DC,
//! with advantage or disadvantage, or an automatic success the GM grants; ability modifiers;
//! stealth.

use crate::dice::DieRoller;
use crate::dice::{D20Roll, RollMode, roll_d20};
use crate::error::{Error, Result};
use crate::procedures::limits::{MAX_ABILITY_SCORE, check_dc, check_modifier};

pub use crate::ability::Ability;

/// HYB-CHK-05 (inferred): score → modifier as in 5e, ⌊(score − 10) / 2⌋ (CON 10 → +0, CON 6 → −2).
pub fn ability_modifier(score: u32) -> Result<i32> {
    if score > MAX_ABILITY_SCORE {
        return Err(Error::invalid_argument(format!(
            "an ability score must be at most {MAX_ABILITY_SCORE}, not {score}"
        )));
    }
    Ok(crate::ability::modifier(score))
}

/// One check's inputs.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybCheckInput {
    /// The relevant modifiers (ability modifier and any other), summed by the caller.
    #[serde(default)]
    pub modifier: i32,
    /// HYB-CHK-02: the check is one the PC's class or archetype makes it proficient in.
    #[serde(default)]
    pub proficient: bool,
    /// The proficiency bonus, added only when `proficient`.
    #[serde(default)]
    pub proficiency_bonus: i32,
    #[serde(default)]
    pub advantage: RollMode,
    pub dc: i32,
    /// HYB-CHK-03 `[ADJ]`: the GM rules the outcome certain (wildly superior position, weapons
    /// or environment): no roll.
    #[serde(default)]
    pub automatic_success: bool,
}

impl HybCheckInput {
    /// A plain check: `modifier` against `dc`.
    pub const fn new(modifier: i32, dc: i32) -> Self {
        Self {
            modifier,
            proficient: false,
            proficiency_bonus: 0,
            advantage: RollMode::Normal,
            dc,
            automatic_success: false,
        }
    }

    /// The modifier actually added to the d20.
    pub fn total_modifier(&self) -> Result<i32> {
        check_modifier("check modifier", self.modifier)?;
        check_modifier("proficiency bonus", self.proficiency_bonus)?;
        Ok(if self.proficient {
            self.modifier.saturating_add(self.proficiency_bonus)
        } else {
            self.modifier
        })
    }
}

/// A check's result.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybCheckResult {
    /// The d20(s); none for an automatic success.
    pub roll: Option<D20Roll>,
    pub modifier: i32,
    pub total: Option<i32>,
    pub dc: i32,
    pub success: bool,
    pub automatic: bool,
}

impl HybCheckResult {
    /// The kept d20 face, if rolled.
    pub fn natural(&self) -> Option<u32> {
        self.roll.as_ref().map(|r| r.natural)
    }
}

/// HYB-CHK-01..03: make a check; total ≥ DC succeeds (`[AMBIG]` in docs/rules.md: the source's
/// examples imply meet-or-beat). Saving throws are checks too.
pub fn roll_hyb_check(roller: &mut dyn DieRoller, input: &HybCheckInput) -> Result<HybCheckResult> {
    let modifier = input.total_modifier()?;
    check_dc("DC", input.dc)?;
    if input.automatic_success {
        return Ok(HybCheckResult {
            roll: None,
            modifier,
            total: None,
            dc: input.dc,
            success: true,
            automatic: true,
        });
    }
    let roll = roll_d20(input.advantage, roller)?;
    let total = i32::try_from(roll.natural)
        .unwrap_or(0)
        .saturating_add(modifier);
    Ok(HybCheckResult {
        roll: Some(roll),
        modifier,
        total: Some(total),
        dc: input.dc,
        success: total >= input.dc,
        automatic: false,
    })
}

/// HYB-CHK-04: a character's stealth. The DC is the GM's (it varies and may be impossible).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Stealth {
    pub hidden: bool,
}

impl Stealth {
    /// Try to enter stealth with a check; success hides the character.
    pub fn attempt(
        &mut self,
        roller: &mut dyn DieRoller,
        check: &HybCheckInput,
    ) -> Result<HybCheckResult> {
        let result = roll_hyb_check(roller, check)?;
        self.hidden = result.success;
        Ok(result)
    }

    /// A character successfully in stealth can't be targeted directly.
    pub const fn can_be_targeted(&self) -> bool {
        !self.hidden
    }

    /// Attacking ends stealth. Returns whether the character was hidden.
    pub fn attack(&mut self) -> bool {
        let was = self.hidden;
        self.hidden = false;
        was
    }
}
