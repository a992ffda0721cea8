//! Healing (A5E-HEAL-01, -02; HYB-HEAL-01, -03; OSE-HEAL-02) and temporary HP (A5E-THP-02..04).

use crate::creature::limits::{MAX_AMOUNT, MAX_TEMP_HIT_POINTS};
use crate::creature::log::{Log, NoDice};
use crate::creature::outcome::{Outcome, Report};
use crate::creature::rules::CreatureRules;
use crate::creature::state::Creature;
use crate::dice::DiceSpec;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// A5E-THP-02: temporary HP never stack; the creature keeps one amount or the other.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum TempHpChoice {
    /// Keep whichever is larger (what a creature would normally choose).
    #[default]
    KeepHigher,
    KeepCurrent,
    TakeNew,
}

fn check_amount(amount: i32, what: &str) -> Result<u32> {
    if !(0..=MAX_AMOUNT).contains(&amount) {
        return Err(Error::invalid_argument(format!(
            "{what} must be from 0 to {MAX_AMOUNT}, not {amount}"
        )));
    }
    Ok(u32::try_from(amount).unwrap_or(0))
}

impl Creature {
    /// Regain `amount` HP, capped at the maximum (A5E-HEAL-01, HYB-HP-01). The dead cannot be
    /// healed (A5E-HEAL-02). At 0 HP, A5E: any HP ends unconsciousness (A5E-DEATH-02); HYB:
    /// healing stabilises (HYB-DEATH-02), so the injury roll comes first and the healing is added
    /// to the HP it leaves.
    pub fn heal(
        &mut self,
        rules: &CreatureRules,
        amount: i32,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        let amount = check_amount(amount, "healing")?;
        self.require_not_dead("healing")?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        next.heal_with(rules, amount, &mut log)?;
        *self = next;
        Ok(log.into_report())
    }

    /// Heal by rolling `dice` (HYB-HEAL-03: magic and medicine restore their listed dice, e.g.
    /// 3d6). The dice come first in the report.
    pub fn heal_dice(
        &mut self,
        rules: &CreatureRules,
        dice: DiceSpec,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        dice.validate()?;
        self.require_not_dead("healing")?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        let (_, amount) = log.dice.roll_spec(&dice)?;
        next.heal_with(rules, amount, &mut log)?;
        *self = next;
        Ok(log.into_report())
    }

    fn heal_with(&mut self, rules: &CreatureRules, amount: u32, log: &mut Log<'_>) -> Result<()> {
        if let CreatureRules::Hyb(r) = rules {
            if self.is_incapacitated() {
                self.require_injury_data(r)?;
                self.hyb_stabilized(r, log)?;
                if self.is_dead() {
                    return Ok(());
                }
            }
        }
        // HYB-RETURN-02: healing leaves the HP only rest can mend missing.
        let room = self.hp_ceiling().saturating_sub(self.hp.current);
        let healable = room.saturating_sub(self.hyb.unhealable);
        if amount > healable && self.hyb.unhealable > 0 {
            log.push(Outcome::UnhealableHp {
                hp: self.hyb.unhealable,
            });
        }
        self.regain_hp(amount.min(healable), log);
        Ok(())
    }

    /// A5E-THP-02..04: receive `amount` temporary HP. They never add to those already held:
    /// `choice` says which amount stays. They may take HP + temp HP past the maximum and may be
    /// received at 0 HP, where they soak damage but neither wake nor stabilise.
    pub fn grant_temp_hp(&mut self, amount: i32, choice: TempHpChoice) -> Result<Report> {
        self.validate()?;
        let amount = check_amount(amount, "temporary HP")?;
        if amount > MAX_TEMP_HIT_POINTS {
            return Err(Error::invalid_argument("too many temporary HP"));
        }
        self.require_not_dead("granting temporary HP")?;
        let kept = match choice {
            TempHpChoice::KeepHigher => self.hp.temp.max(amount),
            TempHpChoice::KeepCurrent => self.hp.temp,
            TempHpChoice::TakeNew => amount,
        };
        self.hp.temp = kept;
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        log.push(Outcome::TempHpGranted { temp_hp: kept });
        Ok(log.into_report())
    }
}
