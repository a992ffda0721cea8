//! A5E long rest (A5E-REST-02..06, A5E-TRACK-04, C-32, A5E-THP-05, A5E-DMG-04).

use crate::clock::time::{SECONDS_PER_DAY, SECONDS_PER_MINUTE};
use crate::creature::limits::MAX_REST_MINUTES;
use crate::creature::log::Log;
use crate::creature::outcome::{NoRestBenefit, Outcome, Report, TrackKind};
use crate::creature::rules::CreatureRules;
use crate::creature::state::Creature;
use crate::creature::time::{GameTime, Moment};
use crate::creature::tracked::a5e_rules;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// A5E-REST-02: at least 8 hours…
pub const LONG_REST_MINUTES: u32 = 8 * 60;
/// …of which 6 asleep.
pub const LONG_REST_SLEEP_MINUTES: u32 = 6 * 60;
/// A5E-REST-02: more than this much strenuous activity voids the rest.
pub const LONG_REST_MAX_STRENUOUS_MINUTES: u32 = 60;
/// A5E-REST-04: one long rest per this many seconds (24 hours), measured end to end.
pub const LONG_REST_INTERVAL_SECONDS: u32 = SECONDS_PER_DAY;

/// What happened during a long rest, reported when it ends.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct LongRest {
    /// When the rest ended.
    pub ended_at: GameTime,
    pub duration_minutes: u32,
    pub asleep_minutes: u32,
    /// Walking, fighting, casting spells… during the rest.
    #[serde(default)]
    pub strenuous_minutes: u32,
    /// A5E-REST-05: at least 1 Supply (food and water) consumed.
    pub consumed_supply: bool,
    /// A5E-REST-06: taken in a haven.
    pub haven: bool,
}

impl LongRest {
    /// A full, quiet 8-hour rest (6 asleep) ending at `ended_at`.
    pub const fn full(ended_at: GameTime, consumed_supply: bool, haven: bool) -> Self {
        Self {
            ended_at,
            duration_minutes: LONG_REST_MINUTES,
            asleep_minutes: LONG_REST_SLEEP_MINUTES,
            strenuous_minutes: 0,
            consumed_supply,
            haven,
        }
    }

    fn validate(&self) -> Result<()> {
        if self.duration_minutes > MAX_REST_MINUTES {
            return Err(Error::invalid_argument(format!(
                "a long rest lasts at most {MAX_REST_MINUTES} minutes"
            )));
        }
        if self.asleep_minutes > self.duration_minutes
            || self.strenuous_minutes > self.duration_minutes
        {
            return Err(Error::invalid_argument(
                "sleep and strenuous activity cannot last longer than the rest",
            ));
        }
        if self.ended_at.0 < self.duration_minutes * SECONDS_PER_MINUTE {
            return Err(Error::invalid_argument(
                "the rest would have started before the start of game time",
            ));
        }
        Ok(())
    }

    fn no_benefit(&self, creature: &Creature) -> Option<NoRestBenefit> {
        self.no_benefit_with(creature, LONG_REST_MAX_STRENUOUS_MINUTES.saturating_add(1))
    }

    /// Why the rest gives nothing, if it doesn't; `voiding_minutes` of strenuous activity undo
    /// it (more than an hour under A5E, A5E-REST-02; an hour or more under 5e).
    fn no_benefit_with(&self, creature: &Creature, voiding_minutes: u32) -> Option<NoRestBenefit> {
        if self.strenuous_minutes >= voiding_minutes {
            return Some(NoRestBenefit::Interrupted);
        }
        if self.duration_minutes < LONG_REST_MINUTES {
            return Some(NoRestBenefit::TooShort);
        }
        if self.asleep_minutes < LONG_REST_SLEEP_MINUTES {
            return Some(NoRestBenefit::TooLittleSleep);
        }
        if let Some(last) = creature.last_long_rest {
            if self.ended_at.0 < last.0.saturating_add(LONG_REST_INTERVAL_SECONDS) {
                return Some(NoRestBenefit::TooSoon);
            }
        }
        if creature.hp.current == 0 {
            return Some(NoRestBenefit::ZeroHp);
        }
        None
    }
}

/// A5E-REST-03 / EX-A5E-03: Hit Dice regained = min(spent, max(1, ⌊total / 2⌋)).
pub const fn hit_dice_regained(total: u32, spent: u32) -> u32 {
    let half = total / 2;
    let half = if half == 0 { 1 } else { half };
    if spent < half { spent } else { half }
}

impl Creature {
    /// The end of a long rest. If the rest does not count (interrupted by more than an hour of
    /// strenuous activity, shorter than 8 hours or with less than 6 asleep, within 24 hours of
    /// the last, or begun at 0 HP) nothing changes and the report says why. Otherwise: all HP
    /// back, Hit Dice back (A5E-REST-03), temporary HP end (A5E-THP-05), the critical block
    /// recharges (A5E-DMG-04); then Supply (C-32): without it, +1 fatigue and no recovery
    /// (A5E-REST-05); with it, in a haven −1 fatigue and −1 strife, elsewhere only a track at
    /// level 1 drops to 0 (A5E-TRACK-04, -06).
    pub fn long_rest(
        &mut self,
        rules: &CreatureRules,
        rest: &LongRest,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        if let CreatureRules::Srd5e(_) = rules {
            return self.srd5e_long_rest(rest, roller);
        }
        let a5e = a5e_rules(rules, "the long rest")?;
        rest.validate()?;
        self.require_not_dead("a long rest")?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        if let Some(reason) = rest.no_benefit(self) {
            log.push(Outcome::LongRestNoBenefit { reason });
            return Ok(log.into_report());
        }
        let at = Moment::outside_encounter(rest.ended_at);
        // Levels still pending from an encounter take effect before the rest's recovery.
        next.promote_pending(rules, at, &mut log)?;
        next.restore_on_long_rest(&mut log);
        if next.crit_block_used {
            next.crit_block_used = false;
            log.push(Outcome::CriticalBlockRecharged);
        }
        if !rest.consumed_supply {
            log.push(Outcome::WentWithoutSupply);
            next.add_levels(TrackKind::Fatigue, 1, &a5e, at, &mut log)?;
        } else {
            for track in [TrackKind::Fatigue, TrackKind::Strife] {
                let level = next.track_mut(track).level();
                if rest.haven || level == 1 {
                    next.remove_levels(track, 1, &mut log);
                }
            }
        }
        next.last_long_rest = Some(rest.ended_at);
        log.push(Outcome::LongRestCompleted);
        *self = next;
        Ok(log.into_report())
    }
}

impl Creature {
    /// What A5E's and 5e's long rests both bring back: every hit point (regaining stops at
    /// the maximum, or the halved one under 5e exhaustion 4+), up to half the Hit Dice, and the
    /// end of temporary hit points.
    fn restore_on_long_rest(&mut self, log: &mut Log<'_>) {
        let max = self.hp.max;
        self.regain_hp(max, log);
        if let Some(mut pool) = self.hit_dice {
            let count = hit_dice_regained(pool.total, pool.spent);
            pool.spent -= count;
            self.hit_dice = Some(pool);
            log.push(Outcome::HitDiceRegained {
                count,
                available: pool.total - pool.spent,
            });
        }
        if self.hp.temp > 0 {
            log.push(Outcome::TempHpEnded {
                amount: self.hp.temp,
            });
            self.hp.temp = 0;
        }
    }

    /// The 5e long rest (SRD 5.1): at least 8 hours with 6 asleep, undone by an hour or more of
    /// strenuous activity, one per 24 hours, begun with at least 1 HP. It brings back every hit
    /// point and up to half the Hit Dice (at least one), ends temporary hit points, and, when
    /// the creature ate and drank (`consumed_supply`), lowers exhaustion by one (SRD-EXH-04).
    fn srd5e_long_rest(&mut self, rest: &LongRest, roller: &mut dyn DieRoller) -> Result<Report> {
        rest.validate()?;
        self.require_not_dead("a long rest")?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        if let Some(reason) = rest.no_benefit_with(self, LONG_REST_MAX_STRENUOUS_MINUTES) {
            log.push(Outcome::LongRestNoBenefit { reason });
            return Ok(log.into_report());
        }
        next.restore_on_long_rest(&mut log);
        if rest.consumed_supply {
            next.remove_levels(TrackKind::Exhaustion, 1, &mut log);
        } else {
            log.push(Outcome::WentWithoutSupply);
        }
        next.last_long_rest = Some(rest.ended_at);
        log.push(Outcome::LongRestCompleted);
        *self = next;
        Ok(log.into_report())
    }
}
