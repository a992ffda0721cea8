//! Applying damage: the entry point shared by every ruleset, and temporary HP.

use crate::creature::damage::{DamageBreakdown, DamageChoices, DamageInstance, compute_damage};
use crate::creature::log::Log;
use crate::creature::outcome::{DamageReport, Outcome};
use crate::creature::rules::CreatureRules;
use crate::creature::state::Creature;
use crate::creature::time::Moment;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

impl Creature {
    /// What `damage` would do, step by step, without changing anything.
    pub fn preview_damage(
        &self,
        rules: &CreatureRules,
        damage: &DamageInstance,
        choices: &DamageChoices,
    ) -> Result<DamageBreakdown> {
        self.validate()?;
        compute_damage(self, rules, damage, choices.critical_downgrade.is_some())
    }

    /// Apply one damage instance under `rules`, rolling any save the rules call for through
    /// `roller`. On error nothing changes. `choices` and `at.in_encounter` matter to the A5E
    /// rules; HYB uses `at.now` to start its death clock; OSE needs neither.
    pub fn take_damage(
        &mut self,
        rules: &CreatureRules,
        damage: &DamageInstance,
        choices: &DamageChoices,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<DamageReport> {
        self.validate()?;
        damage.validate()?;
        choices.validate()?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        let (breakdown, absorbed, lost) = next.damage_with(rules, damage, choices, at, &mut log)?;
        *self = next;
        Ok(log.into_damage_report(breakdown, absorbed, lost))
    }

    /// Dispatch to the ruleset's damage rules. Returns (breakdown, temp HP absorbed, HP lost).
    pub(crate) fn damage_with(
        &mut self,
        rules: &CreatureRules,
        damage: &DamageInstance,
        choices: &DamageChoices,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<(DamageBreakdown, u32, u32)> {
        if damage.unhealable && !matches!(rules, CreatureRules::Hyb(_)) {
            return Err(Error::not_allowed(
                "damage that can't be healed (HYB-RETURN-02) is an OSR/5e hybrid rule",
            ));
        }
        match rules {
            CreatureRules::A5e(r) => self.a5e_damage(rules, r, damage, choices, at, log),
            CreatureRules::Srd5e(_) => self.srd5e_damage(rules, damage, choices, at, log),
            CreatureRules::Hyb(r) => self.hyb_damage(rules, r, damage, at, log),
            CreatureRules::Ose(_) => self.ose_damage(rules, damage, log),
        }
    }

    /// A5E-THP-01: temporary HP soak damage first. Returns (absorbed, left over).
    pub(crate) fn absorb_with_temp_hp(&mut self, total: u32, log: &mut Log<'_>) -> (u32, u32) {
        let absorbed = total.min(self.hp.temp);
        self.hp.temp -= absorbed;
        if absorbed > 0 {
            log.push(Outcome::TempHpAbsorbed {
                amount: absorbed,
                temp_hp: self.hp.temp,
            });
        }
        (absorbed, total - absorbed)
    }

    /// Take `amount` off current HP (floor 0); report it and a newly bloodied state. Returns
    /// the HP actually lost.
    pub(crate) fn lose_hp(&mut self, amount: u32, log: &mut Log<'_>) -> u32 {
        let was_bloodied = self.bloodied();
        let before = self.hp.current;
        self.hp.current = before.saturating_sub(amount);
        let lost = before - self.hp.current;
        log.push(Outcome::LostHp {
            amount: lost,
            hp: self.hp.current,
        });
        if !was_bloodied && self.bloodied() && self.hp.current > 0 {
            log.push(Outcome::Bloodied);
        }
        lost
    }
}
