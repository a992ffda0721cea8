//! Gaining and losing levels of fatigue and strife (A5E-TRACK-01, -03, -06, -09; A5E-DEATH-13),
//! and of 5e exhaustion (SRD-EXH-01, -03, -04).

use crate::conditions::MAX_EXHAUSTION_LEVEL;
use crate::creature::limits::MAX_TRACK_LEVEL;
use crate::creature::log::{Log, NoDice};
use crate::creature::outcome::{DeathReason, Outcome, Report, TrackKind};
use crate::creature::rules::{A5eRules, CreatureRules, SeventhFatigueDoom};
use crate::creature::state::Creature;
use crate::creature::time::Moment;
use crate::creature::track::{Track, check_levels, check_levels_up_to};
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// Strife level that brings a short-term mental stress effect (A5E-TRACK-08).
const SHORT_TERM_STRESS_LEVEL: u8 = 5;

#[inline(never)]
pub(crate) fn a5e_rules(rules: &CreatureRules, what: &str) -> Result<A5eRules> {
    match rules {
        CreatureRules::A5e(r) => Ok(*r),
        _ => Err(Error::not_allowed(format!(
            "{what} is an A5E rule; this creature follows another ruleset"
        ))),
    }
}

/// SRD-EXH-01: exhaustion is kept only for creatures under the 5e rules; A5E has fatigue and
/// strife instead, HYB its own exhausted state and OSE none.
fn require_srd5e(rules: &CreatureRules) -> Result<()> {
    let name = match rules {
        CreatureRules::Srd5e(_) => return Ok(()),
        CreatureRules::A5e(_) => "A5E (it has fatigue and strife instead)",
        CreatureRules::Hyb(_) => "HYB (it has its own exhausted state, HYB-RES-03)",
        CreatureRules::Ose(_) => "OSE",
    };
    Err(Error::invalid_argument(format!(
        "5e exhaustion (SRD-EXH-01) applies only under the srd5e creature rules; this creature follows {name}"
    )))
}

impl Creature {
    pub(crate) fn track_mut(&mut self, track: TrackKind) -> &mut Track {
        match track {
            TrackKind::Fatigue => &mut self.fatigue,
            TrackKind::Strife => &mut self.strife,
            TrackKind::Exhaustion => &mut self.exhaustion,
        }
    }

    /// SRD-EXH-01: add levels of exhaustion at once (5e has no pending levels), stopping at 6;
    /// reaching 6 kills the creature (SRD-EXH-03).
    pub(crate) fn add_exhaustion(&mut self, levels: u8, log: &mut Log<'_>) {
        let added = self
            .exhaustion
            .add_up_to(levels, false, MAX_EXHAUSTION_LEVEL);
        if added == 0 {
            return;
        }
        let level = self.exhaustion.level();
        log.push(Outcome::GainedLevels {
            track: TrackKind::Exhaustion,
            levels: added,
            level,
            pending: 0,
        });
        // SRD-EXH-02: from the fourth level the maximum is halved, so HP above it are lost.
        let ceiling = self.hp_ceiling();
        if self.hp.current > ceiling {
            let amount = self.hp.current - ceiling;
            self.hp.current = ceiling;
            log.push(Outcome::LostHp {
                amount,
                hp: ceiling,
            });
        }
        if level == MAX_EXHAUSTION_LEVEL && !self.is_dead() {
            self.die(DeathReason::Exhaustion, log);
        }
    }

    /// Add levels of a track, pending if gained in combat (A5E-TRACK-06), and apply what the
    /// new level brings: doom at fatigue 7 (A5E-DEATH-13), stress at strife 5 and 7.
    #[inline(never)]
    pub(crate) fn add_levels(
        &mut self,
        track: TrackKind,
        levels: u8,
        rules: &A5eRules,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<()> {
        if track == TrackKind::Exhaustion {
            self.add_exhaustion(levels, log);
            return Ok(());
        }
        let pending = at.in_encounter
            && match track {
                TrackKind::Fatigue => true,
                TrackKind::Strife => rules.delay_strife_in_combat,
                TrackKind::Exhaustion => false,
            };
        let t = self.track_mut(track);
        let before = t.level();
        let added = t.add(levels, pending);
        let after = t.level();
        let pending_now = t.pending;
        if added == 0 {
            return Ok(());
        }
        log.push(Outcome::GainedLevels {
            track,
            levels: added,
            level: after,
            pending: pending_now,
        });
        // Some level was added, so the track was below its top before: reaching the top now
        // is crossing into it.
        match track {
            TrackKind::Fatigue => {
                let doom_now = !pending || rules.seventh_fatigue == SeventhFatigueDoom::Immediately;
                if after == MAX_TRACK_LEVEL && doom_now {
                    self.become_doomed(rules.doom_deadline, at, log)?;
                }
            }
            TrackKind::Strife => {
                if before < SHORT_TERM_STRESS_LEVEL && after >= SHORT_TERM_STRESS_LEVEL {
                    log.push(Outcome::ShortTermStress);
                }
                if after == MAX_TRACK_LEVEL {
                    log.push(Outcome::PermanentStress);
                }
            }
            // Handled above, before any A5E rule.
            TrackKind::Exhaustion => {}
        }
        Ok(())
    }

    #[inline(never)]
    pub(crate) fn remove_levels(&mut self, track: TrackKind, levels: u8, log: &mut Log<'_>) {
        let t = self.track_mut(track);
        let removed = t.remove(levels);
        let level = t.level();
        if removed > 0 {
            log.push(Outcome::LostLevels {
                track,
                levels: removed,
                level,
            });
        }
    }

    fn gain_track(
        &mut self,
        track: TrackKind,
        rules: &CreatureRules,
        levels: i32,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        let rules = a5e_rules(rules, "fatigue and strife")?;
        let levels = check_levels(levels)?;
        self.require_not_dead("gaining a tracked condition")?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        next.add_levels(track, levels, &rules, at, &mut log)?;
        *self = next;
        Ok(log.into_report())
    }

    fn lose_track(
        &mut self,
        track: TrackKind,
        rules: &CreatureRules,
        levels: i32,
    ) -> Result<Report> {
        self.validate()?;
        a5e_rules(rules, "fatigue and strife")?;
        let levels = check_levels(levels)?;
        let mut next = self.clone();
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        next.remove_levels(track, levels, &mut log);
        *self = next;
        Ok(log.into_report())
    }

    /// A5E-TRACK-01: gain `levels` (1–7) of fatigue; the track stops at 7. In an encounter the
    /// levels are pending (A5E-TRACK-06). Reaching 7 dooms the creature (A5E-DEATH-13), which
    /// may roll the 2d12-hour deadline.
    pub fn gain_fatigue(
        &mut self,
        rules: &CreatureRules,
        levels: i32,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.gain_track(TrackKind::Fatigue, rules, levels, at, roller)
    }

    /// A5E-TRACK-01: gain `levels` (1–7) of strife; 5 brings a short-term and 7 a permanent
    /// stress effect (A5E-TRACK-08).
    pub fn gain_strife(
        &mut self,
        rules: &CreatureRules,
        levels: i32,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.gain_track(TrackKind::Strife, rules, levels, at, roller)
    }

    /// A5E-TRACK-03: lower fatigue by `levels` (1–7), pending levels first.
    pub fn remove_fatigue(&mut self, rules: &CreatureRules, levels: i32) -> Result<Report> {
        self.lose_track(TrackKind::Fatigue, rules, levels)
    }

    /// A5E-TRACK-03: lower strife by `levels` (1–7), pending levels first.
    pub fn remove_strife(&mut self, rules: &CreatureRules, levels: i32) -> Result<Report> {
        self.lose_track(TrackKind::Strife, rules, levels)
    }

    /// SRD-EXH-01: gain `levels` (1–6) of 5e exhaustion; they take effect at once, in or out
    /// of an encounter, and the track stops at 6, which is death (SRD-EXH-03). Refused with
    /// `INVALID_ARGUMENT` unless the creature follows the `srd5e` rules.
    pub fn gain_exhaustion(&mut self, rules: &CreatureRules, levels: i32) -> Result<Report> {
        self.validate()?;
        require_srd5e(rules)?;
        let levels = check_levels_up_to(levels, MAX_EXHAUSTION_LEVEL)?;
        self.require_not_dead("gaining exhaustion")?;
        let mut next = self.clone();
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        next.add_exhaustion(levels, &mut log);
        *self = next;
        Ok(log.into_report())
    }

    /// SRD-EXH-04: lower 5e exhaustion by `levels` (1–6), as an effect that removes it does (a
    /// long rest with food and drink removes one by itself, see `long_rest`). Refused with
    /// `INVALID_ARGUMENT` unless the creature follows the `srd5e` rules.
    pub fn remove_exhaustion(&mut self, rules: &CreatureRules, levels: i32) -> Result<Report> {
        self.validate()?;
        require_srd5e(rules)?;
        let levels = check_levels_up_to(levels, MAX_EXHAUSTION_LEVEL)?;
        let mut next = self.clone();
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        next.remove_levels(TrackKind::Exhaustion, levels, &mut log);
        *self = next;
        Ok(log.into_report())
    }
}
