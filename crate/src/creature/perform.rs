//! One operation on a creature, run the same way wherever the creature lives: on a stand-alone
//! sheet ([`super::sheet::CreatureSheet`]) or on a participant in an encounter (issue 37: one
//! typed command for both). Only what the sheet owns besides the creature, its clock
//! (`setTime`, `advanceTime`, `endEncounter`), is the sheet's alone.

use super::command::CreatureCommand;
use crate::creature::{
    Creature, CreatureRules, DamageReport, DeathReason, Moment, OseRestDay, Report,
};
use crate::dice::DieRoller;
use crate::error::{Error, Result};
use crate::wire::{ToWire, Writer};

/// What an operation gave back, as its caller reports it.
#[derive(Debug, Clone, PartialEq)]
pub enum Performed {
    /// `damage` and `ongoingDamage`: the damage pipeline's report.
    Damage(DamageReport),
    /// Every other operation that changes the creature's state.
    Report(Report),
    /// HYB-TRAVEL adventuring hours, the new total.
    Hours(u32),
    /// Bookkeeping with nothing to report (`setResilienceReduction`).
    Nothing,
}

impl ToWire for Performed {
    fn write(&self, w: &mut Writer) {
        match self {
            Performed::Damage(report) => report.write(w),
            Performed::Report(report) => report.write(w),
            Performed::Hours(hours) => hours.write(w),
            Performed::Nothing => w.null(),
        }
    }
}

/// Days of complete rest as a list. Past the core's limit it stops at one day more, so the
/// core refuses it as `LIMIT_EXCEEDED` without a huge list being built first.
pub(crate) fn complete_days(n: u32) -> Vec<OseRestDay> {
    let limit = crate::creature::limits::MAX_REST_DAYS;
    let n = usize::try_from(n)
        .unwrap_or(usize::MAX)
        .min(limit.saturating_add(1));
    vec![OseRestDay::Complete; n]
}

impl Creature {
    /// Run `command` under `rules` at `at`, rolling through `roller`. On error the creature is
    /// unchanged. The clock commands are refused here: a sheet runs them itself, and in an
    /// encounter the encounter keeps the time.
    pub fn perform(
        &mut self,
        command: &CreatureCommand,
        rules: &CreatureRules,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Performed> {
        use CreatureCommand as C;
        let report = match command {
            C::Damage { damage, choices } => {
                return Ok(Performed::Damage(
                    self.take_damage(rules, damage, choices, at, roller)?,
                ));
            }
            C::OngoingDamage { ongoing, choices } => {
                return Ok(Performed::Damage(
                    self.apply_ongoing_damage(rules, ongoing, choices, at, roller)?,
                ));
            }
            C::AddAdventuringHours { hours } => {
                return Ok(Performed::Hours(self.add_adventuring_hours(*hours)?));
            }
            C::SetResilienceReduction { hours } => {
                self.set_resilience_reduction(*hours)?;
                return Ok(Performed::Nothing);
            }
            C::SetTime { .. } | C::AdvanceTime { .. } | C::EndEncounter { .. } => {
                return Err(Error::not_allowed(
                    "setTime, advanceTime and endEncounter move a sheet's clock; in an \
                     encounter the encounter keeps the time (advanceClock, end)",
                ));
            }
            C::Heal { amount } => self.heal(rules, *amount, roller)?,
            C::HealDice { dice } => self.heal_dice(rules, *dice, roller)?,
            C::GrantTempHp { amount, choice } => self.grant_temp_hp(*amount, *choice)?,
            C::DeathSave { modifier, mode } => {
                self.death_save(rules, *modifier, *mode, at, roller)?
            }
            C::Stabilize { method } => self.stabilize(rules, *method, at, roller)?,
            C::GainFatigue { levels } => self.gain_fatigue(rules, *levels, at, roller)?,
            C::GainStrife { levels } => self.gain_strife(rules, *levels, at, roller)?,
            C::RemoveFatigue { levels } => self.remove_fatigue(rules, *levels)?,
            C::RemoveStrife { levels } => self.remove_strife(rules, *levels)?,
            C::GainExhaustion { levels } => self.gain_exhaustion(rules, *levels)?,
            C::RemoveExhaustion { levels } => self.remove_exhaustion(rules, *levels)?,
            C::Doom { deadline } => self.doom(rules, *deadline, at, roller)?,
            C::LiftDoom => self.lift_doom()?,
            C::Kill => self.kill(DeathReason::Referee)?,
            C::Raise { hp, lifts_doom } => self.raise_from_dead(*hp, *lifts_doom)?,
            C::SpendHitDie => self.spend_hit_die(rules, roller)?,
            C::FinishShortRest => self.finish_short_rest(rules)?,
            C::LongRest { rest } => self.long_rest(rules, rest, roller)?,
            C::HybNightlyRest { rest } => self.hyb_nightly_rest(rules, *rest)?,
            C::OseNaturalHealing {
                days,
                complete_days: complete,
            } => {
                let days = match (days, complete) {
                    (Some(days), None) => days.clone(),
                    (None, Some(n)) => complete_days(*n),
                    _ => {
                        return Err(Error::invalid_argument(
                            "oseNaturalHealing takes either days or completeDays",
                        ));
                    }
                };
                self.ose_natural_healing(rules, &days, roller)?
            }
            C::ResilienceCheck { mode } => self.resilience_check(*mode, roller)?,
            C::Exhaust => self.exhaust()?,
            C::HybMundaneCare => self.hyb_mundane_care(rules)?,
            C::LoseAbilityPoints { ability, points } => {
                self.lose_ability_points(*ability, *points)?
            }
            C::RecoverAbilityPoints { ability, points } => {
                self.recover_ability_points(*ability, *points)?
            }
        };
        Ok(Performed::Report(report))
    }
}
