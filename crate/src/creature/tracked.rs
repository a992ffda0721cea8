//! Gaining and losing levels of fatigue and strife (A5E-TRACK-01, -03, -06, -09; A5E-DEATH-13).

use crate::creature::limits::MAX_TRACK_LEVEL;
use crate::creature::log::{Log, NoDice};
use crate::creature::outcome::{Outcome, Report, TrackKind};
use crate::creature::rules::{A5eRules, CreatureRules, SeventhFatigueDoom};
use crate::creature::state::Creature;
use crate::creature::time::Moment;
use crate::creature::track::{Track, check_levels};
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// Strife level that brings a short-term mental stress effect (A5E-TRACK-08).
const SHORT_TERM_STRESS_LEVEL: u8 = 5;

pub(crate) fn a5e_rules(rules: &CreatureRules, what: &str) -> Result<A5eRules> {
    match rules {
        CreatureRules::A5e(r) => Ok(*r),
        _ => Err(Error::not_allowed(format!(
            "{what} is an A5E rule; this creature follows another ruleset"
        ))),
    }
}

impl Creature {
    pub(crate) fn track_mut(&mut self, track: TrackKind) -> &mut Track {
        match track {
            TrackKind::Fatigue => &mut self.fatigue,
            TrackKind::Strife => &mut self.strife,
        }
    }

    /// Add levels of a track, pending if gained in combat (A5E-TRACK-06), and apply what the
    /// new level brings: doom at fatigue 7 (A5E-DEATH-13), stress at strife 5 and 7.
    pub(crate) fn add_levels(
        &mut self,
        track: TrackKind,
        levels: u8,
        rules: &A5eRules,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<()> {
        let pending = at.in_encounter
            && match track {
                TrackKind::Fatigue => true,
                TrackKind::Strife => rules.delay_strife_in_combat,
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
        }
        Ok(())
    }

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
}
