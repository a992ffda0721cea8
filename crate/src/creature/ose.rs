//! Old-School Essentials hit points: death at 0 or less (OSE-DMG-01), a hit deals at least 1
//! (OSE-ATK-04, in the damage pipeline), subdual damage kept apart (OSE-ATK-15), natural healing
//! of 1d3 per full day of complete rest (OSE-HEAL-01).

use crate::creature::damage::{DamageBreakdown, DamageInstance, compute_damage};
use crate::creature::limits::{MAX_HIT_POINTS, MAX_REST_DAYS};
use crate::creature::log::Log;
use crate::creature::outcome::{DeathReason, Outcome, Report};
use crate::creature::rules::CreatureRules;
use crate::creature::state::Creature;
use crate::dice::{DieRoller, DieSize};
use crate::error::{Error, ErrorCode, Result};

/// One day of an OSE rest (OSE-HEAL-01).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum OseRestDay {
    /// A full day of complete rest: 1d3 HP.
    Complete,
    /// Rest interrupted: no healing that day.
    Interrupted,
}

impl Creature {
    pub(crate) fn ose_damage(
        &mut self,
        all_rules: &CreatureRules,
        damage: &DamageInstance,
        log: &mut Log<'_>,
    ) -> Result<(DamageBreakdown, u32, u32)> {
        let breakdown = compute_damage(self, all_rules, damage, false)?;
        if self.is_dead() {
            log.push(Outcome::NoEffectOnDead);
            return Ok((breakdown, 0, 0));
        }
        if breakdown.immune {
            log.push(Outcome::DamageNegated);
            return Ok((breakdown, 0, 0));
        }
        if damage.subdual {
            // OSE-ATK-15: counted apart; at the creature's HP it is beaten (an intelligent one
            // surrenders).
            let was_subdued = self.subdual >= self.hp.current;
            self.subdual = self
                .subdual
                .saturating_add(breakdown.total)
                .min(MAX_HIT_POINTS);
            log.push(Outcome::SubdualDamage {
                amount: breakdown.total,
                total: self.subdual,
            });
            if !was_subdued && self.subdual >= self.hp.current {
                log.push(Outcome::Subdued);
            }
            return Ok((breakdown, 0, 0));
        }
        let (absorbed, remaining) = self.absorb_with_temp_hp(breakdown.total, log);
        if remaining == 0 {
            return Ok((breakdown, absorbed, 0));
        }
        let lost = self.lose_hp(remaining, log);
        if self.hp.current == 0 {
            self.die(DeathReason::ZeroHp, log);
        }
        Ok((breakdown, absorbed, lost))
    }

    /// OSE-HEAL-01: 1d3 HP for each day of complete rest; an interrupted day heals nothing.
    /// Every die is in the report.
    pub fn ose_natural_healing(
        &mut self,
        rules: &CreatureRules,
        days: &[OseRestDay],
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        if !matches!(rules, CreatureRules::Ose(_)) {
            return Err(Error::not_allowed(
                "1d3 per day of rest is the OSE healing rule; this creature follows another",
            ));
        }
        if days.len() > MAX_REST_DAYS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_REST_DAYS} days of rest per call"),
            ));
        }
        self.require_not_dead("natural healing")?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        for day in days {
            if *day == OseRestDay::Complete {
                let healed = log.roll(DieSize::D3)?;
                next.regain_hp(healed, &mut log);
            }
        }
        *self = next;
        Ok(log.into_report())
    }
}
