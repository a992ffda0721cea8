//! A5E short rest (A5E-REST-01): Hit Dice spent one at a time, each decided after seeing the
//! last; the critical-hit block recharges (A5E-DMG-04).

use crate::conditions::{HitDiceHalving, hit_dice_after_fatigue};
use crate::creature::log::{Log, NoDice};
use crate::creature::outcome::{Outcome, Report};
use crate::creature::rules::{CreatureRules, FatigueHitDice};
use crate::creature::state::{Creature, DeathState};
use crate::creature::tracked::a5e_rules;
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};

/// A5E-TRACK-07: the fatigue level at which Hit Dice are halved.
pub const FATIGUE_HALVES_HIT_DICE: u8 = 5;

/// A5E-REST-01: at least this many minutes of light activity.
pub const SHORT_REST_MINUTES: u32 = 60;

impl Creature {
    /// Hit Dice that can be spent now. At fatigue 5 or more, with
    /// [`FatigueHitDice::HalveAvailable`], only half the pool (rounded down) is usable, dice
    /// already spent counting against it: the stateless rule's reading
    /// ([`hit_dice_after_fatigue`], A5E-TRACK-07, G-23), applied to this creature.
    pub fn available_hit_dice(&self, rules: &CreatureRules) -> Result<u32> {
        let rules = a5e_rules(rules, "Hit Dice")?;
        let pool = self.hit_dice_pool()?;
        let left = pool.total.saturating_sub(pool.spent);
        if rules.fatigue_hit_dice != FatigueHitDice::HalveAvailable {
            return Ok(left);
        }
        let limit = hit_dice_after_fatigue(
            self.fatigue.level(),
            left,
            pool.total,
            HitDiceHalving::AvailableForSpending,
        )?;
        Ok(limit.available)
    }

    /// A5E-REST-01: spend one Hit Die at the end of a short rest: roll it, add the Constitution
    /// modifier, regain that many HP (capped). Call again for another die after seeing the roll.
    pub fn spend_hit_die(
        &mut self,
        rules: &CreatureRules,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        let a5e = a5e_rules(rules, "spending Hit Dice")?;
        self.require_not_dead("spending Hit Dice")?;
        if matches!(self.death, DeathState::Dying { .. }) {
            return Err(Error::not_allowed("a dying creature cannot rest"));
        }
        let pool = self.hit_dice_pool()?;
        if self.available_hit_dice(rules)? == 0 {
            return Err(Error::not_allowed("no Hit Dice left to spend"));
        }
        let mut next = self.clone();
        let mut log = Log::new(roller);
        let face = log.roll(pool.die)?;
        let raw = (i64::from(face) + i64::from(self.con_mod)).max(i64::from(a5e.hit_die_minimum));
        let mut value = u32::try_from(raw.max(0)).unwrap_or(0);
        if next.fatigue.suffers(FATIGUE_HALVES_HIT_DICE)
            && a5e.fatigue_hit_dice == FatigueHitDice::HalveRolls
        {
            value /= 2;
        }
        let mut spent_pool = pool;
        spent_pool.spent += 1;
        next.hit_dice = Some(spent_pool);
        let hit_dice_left = next.available_hit_dice(rules)?;
        log.push(Outcome::HitDieSpent {
            die: RolledDie {
                sides: pool.die.sides(),
                face,
            },
            con_mod: self.con_mod,
            value,
            hit_dice_left,
        });
        next.regain_hp(value, &mut log);
        *self = next;
        Ok(log.into_report())
    }

    /// The short rest is over: the critical-hit block is available again (A5E-DMG-04).
    pub fn finish_short_rest(&mut self, rules: &CreatureRules) -> Result<Report> {
        self.validate()?;
        a5e_rules(rules, "a short rest")?;
        self.require_not_dead("resting")?;
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        if self.crit_block_used {
            self.crit_block_used = false;
            log.push(Outcome::CriticalBlockRecharged);
        }
        Ok(log.into_report())
    }
}
