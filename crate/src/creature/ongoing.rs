//! A5E-DMG-06: ongoing damage, rolled and applied at the end of the affected creature's turn.

use crate::creature::damage::{DamageChoices, DamageInstance};
use crate::creature::damage_type::DamageType;
use crate::creature::limits::MAX_AMOUNT;
use crate::creature::log::Log;
use crate::creature::outcome::DamageReport;
use crate::creature::rules::CreatureRules;
use crate::creature::state::Creature;
use crate::creature::time::Moment;
use crate::dice::DiceSpec;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// A5E-DMG-06: damage at the end of each of the affected creature's turns until something ends
/// it. The encounter keeps this value with the effect and calls
/// [`Creature::apply_ongoing_damage`] at the end of the creature's turn.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OngoingDamage {
    pub dice: DiceSpec,
    /// `None`: untyped, so resistance and vulnerability do not apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
}

impl OngoingDamage {
    /// The dice are within their limits and the most they can roll is within the damage limit
    /// ([`MAX_AMOUNT`]): checked when the effect is added, so the damage can always be rolled
    /// at the end of the creature's turn.
    pub fn validate(&self) -> Result<()> {
        self.dice.validate()?;
        let most = i64::from(self.dice.count)
            .saturating_mul(i64::from(self.dice.size.sides()))
            .saturating_add(i64::from(self.dice.modifier));
        if most > i64::from(MAX_AMOUNT) {
            return Err(Error::invalid_argument(format!(
                "ongoing damage can reach {most}, past the damage limit of {MAX_AMOUNT}"
            )));
        }
        Ok(())
    }
}

impl Creature {
    /// A5E-DMG-06 / EX-A5E-08: roll `ongoing` and apply it as damage that is not from an attack
    /// (so at 0 HP it costs a death-save failure unless the Narrator picks otherwise: see
    /// `choices.other_damage_at_zero`). The rolled dice come first in the report.
    pub fn apply_ongoing_damage(
        &mut self,
        rules: &CreatureRules,
        ongoing: &OngoingDamage,
        choices: &DamageChoices,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<DamageReport> {
        self.validate()?;
        ongoing.validate()?;
        choices.validate()?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        let (_, rolled) = log.dice.roll_spec(&ongoing.dice)?;
        let damage = DamageInstance {
            // The roll is never below zero (a large penalty deals no damage); `validate` keeps
            // its top within the damage limit.
            amount: i32::try_from(rolled).unwrap_or(MAX_AMOUNT).min(MAX_AMOUNT),
            damage_type: ongoing.damage_type,
            ongoing: true,
            ..DamageInstance::default()
        };
        damage.validate()?;
        let (breakdown, absorbed, lost) =
            next.damage_with(rules, &damage, choices, at, &mut log)?;
        *self = next;
        Ok(log.into_damage_report(breakdown, absorbed, lost))
    }
}
