//! A5E damage on a creature: criticals and their downgrade (A5E-DMG-03, -04), temporary HP
//! (A5E-THP-01), massive damage (A5E-DEATH-01, -08), dropping to 0 (A5E-DEATH-02, -11, -12) and
//! damage at 0 HP (A5E-DEATH-05, -06, -07, -10).

use crate::creature::damage::{DamageBreakdown, DamageChoices, DamageInstance, compute_damage};
use crate::creature::log::Log;
use crate::creature::outcome::{
    AtZeroConsequence, CriticalDowngrade, DeathReason, Outcome, TrackKind,
};
use crate::creature::roll::CheckKind;
use crate::creature::rules::{A5eRules, CreatureRules, MassiveAtZero};
use crate::creature::state::{Creature, DeathState, ZeroHpRule};
use crate::creature::time::Moment;
use crate::error::{Error, Result};

/// A5E-DEATH-01: DC of the Constitution save against massive damage.
pub const MASSIVE_DAMAGE_DC: i32 = 15;
/// A5E-DEATH-01: the fixed part of the massive-damage threshold.
pub const MASSIVE_DAMAGE_BASE: u32 = 20;
/// A5E-DEATH-03: three successes stabilise, three failures kill.
pub const DEATH_SAVES_TO_RESOLVE: u8 = 3;

/// A5E-DEATH-01: 20 + 3 × level (Hit Dice for monsters). Level 1 → 23, level 3 → 29, level 10
/// → 50.
pub const fn massive_damage_threshold(level: u32) -> u32 {
    MASSIVE_DAMAGE_BASE.saturating_add(level.saturating_mul(3))
}

/// C-27: the threshold for damage taken while already at 0 HP.
pub const fn massive_damage_threshold_at_zero(level: u32, rule: MassiveAtZero) -> u32 {
    match rule {
        MassiveAtZero::ThreeTimesLevel => massive_damage_threshold(level),
        MassiveAtZero::PlusLevel => MASSIVE_DAMAGE_BASE.saturating_add(level),
    }
}

impl Creature {
    pub(crate) fn a5e_damage(
        &mut self,
        all_rules: &CreatureRules,
        rules: &A5eRules,
        damage: &DamageInstance,
        choices: &DamageChoices,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<(DamageBreakdown, u32, u32)> {
        // Every choice is checked against the situation before anything rolls or changes.
        if choices.critical_downgrade.is_some() && !damage.critical {
            return Err(Error::invalid_argument(
                "only a critical hit can be turned into a regular hit (A5E-DMG-04)",
            ));
        }
        // A5E-DMG-04: the block also takes the creature's reaction. A sheet keeps no action
        // economy, so only the once-per-rest limit is held here; in an encounter the reaction
        // is checked and spent before this runs (`Ctx::damage`).
        if choices.critical_downgrade == Some(CriticalDowngrade::Block) && self.crit_block_used {
            return Err(Error::not_allowed(
                "the creature has already blocked a critical hit since its last rest (A5E-DMG-04)",
            ));
        }
        if choices.knock_out && !(damage.from_attack && damage.melee) {
            return Err(Error::invalid_argument(
                "only a melee attack can knock a creature out (A5E-DEATH-12)",
            ));
        }
        let downgraded = choices.critical_downgrade.is_some();
        let breakdown = compute_damage(self, all_rules, damage, downgraded)?;
        if self.is_dead() {
            log.push(Outcome::NoEffectOnDead);
            return Ok((breakdown, 0, 0));
        }
        let at_zero = self.hp.current == 0;
        let reaches_hp = breakdown.total > self.hp.temp;
        if at_zero
            && reaches_hp
            && self.is_unconscious()
            && damage.from_attack
            && choices.attacked_at_zero.is_none()
        {
            return Err(Error::invalid_argument(
                "an attack damaged a creature at 0 HP: the attacker must choose a death-save \
                 failure, a level of fatigue or a level of strife (A5E-DEATH-05)",
            ));
        }

        if let Some(method) = choices.critical_downgrade {
            log.push(Outcome::CriticalDowngraded { method });
            if method == CriticalDowngrade::Block {
                self.crit_block_used = true;
                self.add_levels(TrackKind::Fatigue, 1, rules, at, log)?;
            }
        }
        let critical = damage.critical && !downgraded;
        if breakdown.immune {
            log.push(Outcome::DamageNegated);
        }
        let (absorbed, remaining) = self.absorb_with_temp_hp(breakdown.total, log);
        if remaining == 0 {
            return Ok((breakdown, absorbed, 0));
        }
        if at_zero {
            self.a5e_damage_at_zero(
                remaining,
                breakdown.total,
                critical,
                damage,
                choices,
                rules,
                at,
                log,
            )?;
            return Ok((breakdown, absorbed, 0));
        }
        let lost = self.lose_hp(remaining, log);
        if self.hp.current == 0 {
            self.a5e_drop_to_zero(breakdown.total, choices, rules, at, log)?;
        }
        Ok((breakdown, absorbed, lost))
    }

    /// A5E-DEATH-01 / -08: if `total` reaches `threshold`, a DC 15 Constitution save; failure
    /// kills, success costs a level of fatigue and one of strife. Returns whether it died.
    fn massive_damage(
        &mut self,
        threshold: u32,
        total: u32,
        choices: &DamageChoices,
        rules: &A5eRules,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<bool> {
        if total < threshold {
            return Ok(false);
        }
        let modifier = choices.con_save_modifier.unwrap_or(self.con_mod);
        let save = log.check(
            CheckKind::MassiveDamageSave,
            modifier,
            MASSIVE_DAMAGE_DC,
            choices.con_save_mode,
        )?;
        log.push(Outcome::MassiveDamage {
            threshold,
            survived: save.success,
        });
        if !save.success {
            self.die(DeathReason::MassiveDamage, log);
            return Ok(true);
        }
        self.add_levels(TrackKind::Fatigue, 1, rules, at, log)?;
        self.add_levels(TrackKind::Strife, 1, rules, at, log)?;
        Ok(false)
    }

    /// HP just reached 0 from above.
    fn a5e_drop_to_zero(
        &mut self,
        total: u32,
        choices: &DamageChoices,
        rules: &A5eRules,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<()> {
        // A creature that dies at 0 anyway has nothing to save against.
        if choices.knock_out || self.zero_hp_rule() != ZeroHpRule::Dies {
            let threshold = massive_damage_threshold(self.level);
            if self.massive_damage(threshold, total, choices, rules, at, log)? {
                return Ok(());
            }
        }
        if choices.knock_out {
            // A5E-DEATH-12: unconscious, +1 fatigue, stable.
            log.push(Outcome::KnockedOut);
            self.add_levels(TrackKind::Fatigue, 1, rules, at, log)?;
            return self.become_stable(at, log);
        }
        match self.zero_hp_rule() {
            ZeroHpRule::Dies => self.die(DeathReason::MonsterAtZeroHp, log),
            ZeroHpRule::Doomed => self.become_doomed(rules.doom_deadline, at, log)?,
            ZeroHpRule::DeathSaves => {
                self.death = DeathState::Dying {
                    successes: 0,
                    failures: 0,
                };
                log.push(Outcome::FellUnconscious);
                if at.in_encounter {
                    self.add_levels(TrackKind::Fatigue, 1, rules, at, log)?;
                }
            }
        }
        Ok(())
    }

    /// Damage that got past temporary HP while the creature was already at 0 HP.
    #[allow(clippy::too_many_arguments)]
    fn a5e_damage_at_zero(
        &mut self,
        remaining: u32,
        total: u32,
        critical: bool,
        damage: &DamageInstance,
        choices: &DamageChoices,
        rules: &A5eRules,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<()> {
        log.push(Outcome::DamagedAtZeroHp { amount: remaining });
        match self.death {
            DeathState::Dying { .. } => {}
            DeathState::Stable { .. } => {
                // A5E-DEATH-10: any damage ends stability.
                self.death = DeathState::Dying {
                    successes: 0,
                    failures: 0,
                };
                log.push(Outcome::DyingAgain);
            }
            // A doomed NPC making its last stand, or a state of another ruleset: no further rule.
            _ => return Ok(()),
        }
        let threshold = massive_damage_threshold_at_zero(self.level, rules.massive_at_zero);
        if self.massive_damage(threshold, total, choices, rules, at, log)? {
            return Ok(());
        }
        let consequence = if damage.from_attack {
            choices
                .attacked_at_zero
                .ok_or_else(|| Error::invalid_argument("the attacker must choose (A5E-DEATH-05)"))?
        } else {
            choices.other_damage_at_zero
        };
        self.apply_at_zero_consequence(consequence, rules, at, log)?;
        if critical && !self.is_dead() {
            // A5E-DEATH-07.
            self.add_levels(TrackKind::Fatigue, 1, rules, at, log)?;
        }
        Ok(())
    }

    fn apply_at_zero_consequence(
        &mut self,
        consequence: AtZeroConsequence,
        rules: &A5eRules,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<()> {
        match consequence {
            AtZeroConsequence::DeathSaveFailure => {
                self.add_death_save_failure(log);
                Ok(())
            }
            AtZeroConsequence::Fatigue => self.add_levels(TrackKind::Fatigue, 1, rules, at, log),
            AtZeroConsequence::Strife => self.add_levels(TrackKind::Strife, 1, rules, at, log),
        }
    }

    /// One death-save failure; the third kills (A5E-DEATH-03).
    #[inline(never)]
    pub(crate) fn add_death_save_failure(&mut self, log: &mut Log<'_>) {
        if let DeathState::Dying {
            successes,
            failures,
        } = self.death
        {
            let failures = failures.saturating_add(1);
            log.push(Outcome::DeathSaveFailed { failures });
            if failures >= DEATH_SAVES_TO_RESOLVE {
                self.die(DeathReason::DeathSaves, log);
            } else {
                self.death = DeathState::Dying {
                    successes,
                    failures,
                };
            }
        }
    }
}
