//! OSR/5e hybrid hit points, damage and death: incapacitated at 0 HP with a death clock
//! (HYB-DEATH-01), stabilising into the injury table (HYB-DEATH-02, -03), ability scores at 0
//! (HYB-DEATH-04), doubled criticals and fumbles (HYB-DMG-02, -03, in the damage pipeline).

use crate::clock::time::SECONDS_PER_DAY;
use crate::creature::abilities::Ability;
use crate::creature::damage::{DamageBreakdown, DamageInstance, compute_damage};
use crate::creature::hyb_injury::{InjuryRow, injury_for_roll};
use crate::creature::limits::{MAX_ABILITY_SCORE, MAX_BODY_PARTS_LOST};
use crate::creature::log::{Log, NoDice};
use crate::creature::outcome::{DeathReason, Outcome, Report};
use crate::creature::rules::{CreatureRules, HybRules, InjuryTwenty};
use crate::creature::state::{Creature, CreatureKind, DeathState};
use crate::creature::time::Moment;
use crate::dice::DieSize;
use crate::error::{Error, Result};

pub(crate) fn hyb_rules(rules: &CreatureRules, what: &str) -> Result<HybRules> {
    match rules {
        CreatureRules::Hyb(r) => Ok(*r),
        _ => Err(Error::not_allowed(format!(
            "{what} is an OSR/5e hybrid rule; this creature follows another ruleset"
        ))),
    }
}

fn check_points(points: i32) -> Result<u32> {
    u32::try_from(points)
        .ok()
        .filter(|p| (1..=MAX_ABILITY_SCORE).contains(p))
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "ability points change by 1 to {MAX_ABILITY_SCORE}, not {points}"
            ))
        })
}

impl Creature {
    pub(crate) fn hyb_damage(
        &mut self,
        all_rules: &CreatureRules,
        rules: &HybRules,
        damage: &DamageInstance,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<(DamageBreakdown, u32, u32)> {
        if rules.death_clock_seconds == 0 || rules.death_clock_seconds > SECONDS_PER_DAY {
            return Err(Error::invalid_argument(format!(
                "the HYB death clock must be from 1 second to {SECONDS_PER_DAY} seconds"
            )));
        }
        let breakdown = compute_damage(self, all_rules, damage, false)?;
        if self.is_dead() {
            log.push(Outcome::NoEffectOnDead);
            return Ok((breakdown, 0, 0));
        }
        if breakdown.immune {
            log.push(Outcome::DamageNegated);
        }
        // HYB-RETURN-02: damage that can't be avoided passes temporary HP by.
        let (absorbed, remaining) = if damage.unhealable {
            (0, breakdown.total)
        } else {
            self.absorb_with_temp_hp(breakdown.total, log)
        };
        if remaining == 0 {
            return Ok((breakdown, absorbed, 0));
        }
        if self.hp.current == 0 {
            // HYB-HP-01: HP never go below 0; the source adds nothing for damage at 0.
            log.push(Outcome::DamagedAtZeroHp { amount: remaining });
            return Ok((breakdown, absorbed, 0));
        }
        let lost = self.lose_hp(remaining, log);
        if damage.unhealable {
            // HYB-RETURN-02: only rest brings these back (`HybState::unhealable`). They stay
            // within the HP missing: `validate` held that on entry, and the HP just lost add
            // to both sides.
            self.hyb.unhealable = self.hyb.unhealable.saturating_add(lost);
            log.push(Outcome::UnhealableHp {
                hp: self.hyb.unhealable,
            });
        }
        if self.hp.current == 0 {
            // HYB-DEATH-01: PC or NPC alike.
            let deadline = at.now.plus_seconds(rules.death_clock_seconds)?;
            self.death = DeathState::Incapacitated { deadline };
            log.push(Outcome::Incapacitated { deadline });
        }
        Ok((breakdown, absorbed, lost))
    }

    fn rolls_injury(&self, rules: &HybRules) -> bool {
        self.kind == CreatureKind::Pc || rules.injury_for_non_pcs
    }

    /// Injuries may cost ability points, so a creature that rolls them needs scores.
    pub(crate) fn require_injury_data(&self, rules: &HybRules) -> Result<()> {
        if self.rolls_injury(rules) && self.abilities.is_none() {
            return Err(Error::invalid_argument(
                "this creature rolls on the injury table, which needs its ability scores \
                 (HYB-DEATH-03)",
            ));
        }
        Ok(())
    }

    /// HYB-DEATH-02 / -03: stabilised. A PC (or any creature, by option) rolls on the injury
    /// table; the survivor returns to 1 HP, or to 1d8 HP on a 20.
    pub(crate) fn hyb_stabilized(&mut self, rules: &HybRules, log: &mut Log<'_>) -> Result<()> {
        log.push(Outcome::Stabilized {
            regains_hp_at: None,
        });
        let mut back_to = 1;
        if self.rolls_injury(rules) {
            let roll = log.roll(DieSize::D20)?;
            let row = injury_for_roll(roll)
                .ok_or_else(|| Error::invalid_argument(format!("{roll} is not a d20 result")))?;
            log.push(Outcome::Injury { roll, row });
            match row {
                InjuryRow::FalseHope => {
                    self.die(DeathReason::FalseHope, log);
                    return Ok(());
                }
                InjuryRow::LostBodyPart => {
                    self.hyb.body_parts_lost = self
                        .hyb
                        .body_parts_lost
                        .saturating_add(1)
                        .min(MAX_BODY_PARTS_LOST);
                }
                InjuryRow::DisadvantageUntilRest => {
                    self.hyb.disadvantage_until_rest = true;
                    log.push(Outcome::DisadvantageUntilRest);
                }
                InjuryRow::Standing => {
                    let d8 = log.roll(DieSize::D8)?;
                    back_to = match rules.injury_twenty {
                        InjuryTwenty::MaxOneOrD8 => d8.max(1),
                        InjuryTwenty::OnePlusD8 => d8.saturating_add(1),
                    };
                }
                row => {
                    if let Some(ability) = row.ability_loss() {
                        let points = log.roll(DieSize::D6)?;
                        self.reduce_ability(ability, points, log)?;
                        if self.is_dead() {
                            return Ok(());
                        }
                    }
                }
            }
        }
        self.death = DeathState::Alive;
        self.regain_hp(back_to, log);
        Ok(())
    }

    fn reduce_ability(&mut self, ability: Ability, points: u32, log: &mut Log<'_>) -> Result<()> {
        let mut scores = self.abilities.ok_or_else(|| {
            Error::invalid_argument("this creature has no ability scores to lose points from")
        })?;
        let before = scores.get(ability);
        let lost = points.min(before);
        let score = before - lost;
        scores.set(ability, score);
        self.abilities = Some(scores);
        let loss = self.hyb.ability_loss.get(ability);
        self.hyb
            .ability_loss
            .set(ability, loss.saturating_add(lost).min(MAX_ABILITY_SCORE));
        log.push(Outcome::AbilityLost {
            ability,
            amount: lost,
            score,
        });
        if score == 0 {
            // HYB-DEATH-04.
            self.die(DeathReason::AbilityScoreZero { ability }, log);
        }
        Ok(())
    }

    /// Lose `points` (1–30) of an ability (injuries, venom, disease). A score of 0 is death
    /// (HYB-DEATH-04).
    pub fn lose_ability_points(&mut self, ability: Ability, points: i32) -> Result<Report> {
        self.validate()?;
        let points = check_points(points)?;
        self.require_not_dead("losing ability points")?;
        let mut next = self.clone();
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        next.reduce_ability(ability, points, &mut log)?;
        *self = next;
        Ok(log.into_report())
    }

    /// HYB-HEAL-03: mundane care (bandages, a splint, a successful check on a wound) restores
    /// no HP (HYB-HEAL-01) but removes penalties: the injury table's disadvantage on all checks
    /// (HYB-DEATH-03) ends. Exhaustion waits for a safe night with food (HYB-RES-04), lost
    /// ability points for weeks of rest and care, lost body parts for ever.
    pub fn hyb_mundane_care(&mut self, rules: &CreatureRules) -> Result<Report> {
        self.validate()?;
        hyb_rules(rules, "mundane care")?;
        self.require_not_dead("mundane care")?;
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        if self.hyb.disadvantage_until_rest {
            self.hyb.disadvantage_until_rest = false;
            log.push(Outcome::DisadvantageEnded);
        }
        Ok(log.into_report())
    }

    /// HYB-HEAL-03: lost ability points come back with weeks of rest and care; at most the
    /// points that were lost return.
    pub fn recover_ability_points(&mut self, ability: Ability, points: i32) -> Result<Report> {
        self.validate()?;
        let points = check_points(points)?;
        self.require_not_dead("recovering ability points")?;
        let mut scores = self
            .abilities
            .ok_or_else(|| Error::invalid_argument("this creature has no ability scores"))?;
        let lost = self.hyb.ability_loss.get(ability);
        let back = points.min(lost);
        let score = scores
            .get(ability)
            .saturating_add(back)
            .min(MAX_ABILITY_SCORE);
        scores.set(ability, score);
        self.abilities = Some(scores);
        self.hyb.ability_loss.set(ability, lost - back);
        Ok(Report {
            outcomes: vec![Outcome::AbilityRecovered {
                ability,
                amount: back,
                score,
            }],
            ..Report::default()
        })
    }
}
