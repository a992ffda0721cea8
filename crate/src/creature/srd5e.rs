//! The 5e hit-point and dying rules, from the System Reference Document 5.1 (CC-BY 4.0), for
//! a table that plays plain 5e (or Greyhawk initiative over it, C-20) rather than A5E. The
//! facts, in our words:
//!
//! - Temporary hit points are lost first (as A5E-THP-01).
//! - Damage that takes a creature to 0 HP kills it outright when the damage left over past 0
//!   is at least its hit point maximum. Otherwise a creature that makes death saves falls
//!   unconscious and is dying; a monster dies. A melee attacker may knock it out instead: it
//!   is unconscious and stable.
//! - At the start of each of its turns a dying creature rolls a d20: 10 or more is a success,
//!   less a failure; a natural 1 counts as two failures and a natural 20 brings it back with
//!   1 HP. Three successes: stable. Three failures: dead.
//! - Damage while at 0 HP is one failure, two from a critical hit, and death when it reaches
//!   the hit point maximum. A stable creature that takes damage is dying again.
//! - A stable creature regains 1 HP after 1d4 hours (as A5E-DEATH-10).
//! - A critical hit doubles the damage dice, not the modifiers: the caller rolls them, so the
//!   pipeline does not double the amount.
//!
//! Unlike A5E there is no fatigue for falling unconscious, no strife, no choice of
//! consequence for an attack at 0 HP and no way to turn a critical into a regular hit.

use crate::creature::a5e_damage::DEATH_SAVES_TO_RESOLVE;
use crate::creature::damage::{DamageBreakdown, DamageChoices, DamageInstance, compute_damage};
use crate::creature::dying::roll_death_save_check;
use crate::creature::log::Log;
use crate::creature::outcome::{DeathReason, Outcome, Report};
use crate::creature::roll::{RollMode, check_modifier};
use crate::creature::rules::CreatureRules;
use crate::creature::state::{Creature, DeathState, ZeroHpRule};
use crate::creature::time::Moment;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

impl Creature {
    /// 5e damage. Returns (breakdown, temporary HP absorbed, HP lost).
    pub(crate) fn srd5e_damage(
        &mut self,
        all_rules: &CreatureRules,
        damage: &DamageInstance,
        choices: &DamageChoices,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<(DamageBreakdown, u32, u32)> {
        if choices.critical_downgrade.is_some() {
            return Err(Error::invalid_argument(
                "turning a critical hit into a regular hit is A5E's (A5E-DMG-04), not 5e's",
            ));
        }
        if choices.attacked_at_zero.is_some() {
            return Err(Error::invalid_argument(
                "under 5e damage at 0 HP is a death-save failure: the attacker has no choice (A5E-DEATH-05 is A5E's)",
            ));
        }
        if choices.knock_out && !(damage.from_attack && damage.melee) {
            return Err(Error::invalid_argument(
                "only a melee attack can knock a creature out",
            ));
        }
        if self.zero_hp_rule() == ZeroHpRule::Doomed {
            return Err(Error::invalid_argument(
                "a doomed NPC is A5E's (A5E-DEATH-11): under 5e it makes death saves or dies",
            ));
        }
        let breakdown = compute_damage(self, all_rules, damage, false)?;
        if self.is_dead() {
            log.push(Outcome::NoEffectOnDead);
            return Ok((breakdown, 0, 0));
        }
        if breakdown.immune {
            log.push(Outcome::DamageNegated);
        }
        let at_zero = self.hp.current == 0;
        let (absorbed, remaining) = self.absorb_with_temp_hp(breakdown.total, log);
        if remaining == 0 {
            return Ok((breakdown, absorbed, 0));
        }
        if at_zero {
            self.srd5e_damage_at_zero(remaining, damage.critical, log);
            return Ok((breakdown, absorbed, 0));
        }
        let before = self.hp.current;
        let lost = self.lose_hp(remaining, log);
        if self.hp.current > 0 {
            return Ok((breakdown, absorbed, lost));
        }
        // Instant death: what is left past 0 reaches the hit point maximum.
        if remaining.saturating_sub(before) >= self.hp.max {
            self.instant_death(log);
            return Ok((breakdown, absorbed, lost));
        }
        if choices.knock_out {
            log.push(Outcome::KnockedOut);
            self.become_stable(at, log)?;
            return Ok((breakdown, absorbed, lost));
        }
        match self.zero_hp_rule() {
            ZeroHpRule::DeathSaves => {
                self.death = DeathState::Dying {
                    successes: 0,
                    failures: 0,
                };
                log.push(Outcome::FellUnconscious);
            }
            ZeroHpRule::Dies | ZeroHpRule::Doomed => self.die(DeathReason::MonsterAtZeroHp, log),
        }
        Ok((breakdown, absorbed, lost))
    }

    /// Damage past temporary HP while at 0 HP: death at the hit point maximum, else one
    /// failure (two from a critical hit); a stable creature is dying again first.
    fn srd5e_damage_at_zero(&mut self, remaining: u32, critical: bool, log: &mut Log<'_>) {
        log.push(Outcome::DamagedAtZeroHp { amount: remaining });
        match self.death {
            DeathState::Dying { .. } => {}
            DeathState::Stable { .. } => {
                self.death = DeathState::Dying {
                    successes: 0,
                    failures: 0,
                };
                log.push(Outcome::DyingAgain);
            }
            _ => return,
        }
        if remaining >= self.hp.max {
            self.instant_death(log);
            return;
        }
        self.add_death_save_failure(log);
        if critical {
            self.add_death_save_failure(log);
        }
    }

    fn instant_death(&mut self, log: &mut Log<'_>) {
        log.push(Outcome::MassiveDamage {
            threshold: self.hp.max,
            survived: false,
        });
        self.die(DeathReason::MassiveDamage, log);
    }

    /// The 5e death save: d20 + `modifier` against 10; a natural 1 is two failures, a natural
    /// 20 brings 1 HP back; three successes stabilise, three failures kill.
    pub(crate) fn srd5e_death_save(
        &mut self,
        modifier: i32,
        mode: RollMode,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        check_modifier(modifier, "a death-save modifier")?;
        let DeathState::Dying { successes, .. } = self.death else {
            return Err(Error::out_of_order(
                "only a dying creature (0 HP, not stable) makes death saves",
            ));
        };
        let mut next = self.clone();
        let mut log = Log::new(roller);
        let save = roll_death_save_check(&mut log, modifier, mode)?;
        if save.natural == 20 {
            next.regain_hp(1, &mut log);
        } else if save.natural == 1 {
            next.add_death_save_failure(&mut log);
            next.add_death_save_failure(&mut log);
        } else if !save.success {
            next.add_death_save_failure(&mut log);
        } else {
            let successes = successes.saturating_add(1);
            log.push(Outcome::DeathSaveSucceeded { successes });
            if successes >= DEATH_SAVES_TO_RESOLVE {
                next.become_stable(at, &mut log)?;
            } else if let DeathState::Dying { failures, .. } = next.death {
                next.death = DeathState::Dying {
                    successes,
                    failures,
                };
            }
        }
        *self = next;
        Ok(log.into_report())
    }
}
