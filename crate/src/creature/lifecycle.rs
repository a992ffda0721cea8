//! Death, doom, waking and being raised; the passage of time that fulfils deadlines
//! (A5E-DEATH-10, A5E-COND-08, HYB-DEATH-01); the end of an encounter (A5E-TRACK-06).

use crate::creature::limits::MAX_TRACK_LEVEL;
use crate::creature::log::{Log, NoDice};
use crate::creature::outcome::{DeathReason, Outcome, Report, TrackKind};
use crate::creature::rules::{CreatureRules, DoomDeadline, SeventhFatigueDoom};
use crate::creature::state::{Creature, DeathState, Doom};
use crate::creature::time::Moment;
use crate::creature::tracked::a5e_rules;
use crate::dice::{DieRoller, DieSize};
use crate::error::{Error, Result};

impl Creature {
    /// Dead, at 0 HP, temporary HP gone. Doom stays (A5E-COND-08).
    pub(crate) fn die(&mut self, reason: DeathReason, log: &mut Log<'_>) {
        self.hp.current = 0;
        self.hp.temp = 0;
        self.death = DeathState::Dead { reason };
        log.push(Outcome::Died { reason });
    }

    /// A5E-COND-08: doomed, with a deadline per `deadline`. Already doomed: unchanged.
    pub(crate) fn become_doomed(
        &mut self,
        deadline: DoomDeadline,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<()> {
        if self.doom.is_some() {
            return Ok(());
        }
        let (deadline, hours) = match deadline {
            DoomDeadline::Roll2d12Hours => {
                let hours = log
                    .roll(DieSize::D12)?
                    .saturating_add(log.roll(DieSize::D12)?);
                (Some(at.now.plus_hours(hours)?), Some(hours))
            }
            DoomDeadline::At { time } => (Some(time), None),
            DoomDeadline::NarratorDecides => (None, None),
        };
        self.doom = Some(Doom { deadline });
        log.push(Outcome::Doomed { deadline, hours });
        Ok(())
    }

    /// A5E-DEATH-10: stable at 0 HP, regaining 1 HP after 1d4 hours (rolled now).
    pub(crate) fn become_stable(&mut self, at: Moment, log: &mut Log<'_>) -> Result<()> {
        let hours = log.roll(DieSize::D4)?;
        let regains_hp_at = Some(at.now.plus_hours(hours)?);
        self.death = DeathState::Stable { regains_hp_at };
        log.push(Outcome::Stabilized { regains_hp_at });
        Ok(())
    }

    /// Regain HP (capped, A5E-HEAL-01); any HP at 0 ends unconsciousness and resets death saves
    /// (A5E-DEATH-02, -03). Returns the HP regained.
    #[inline(never)]
    pub(crate) fn regain_hp(&mut self, amount: u32, log: &mut Log<'_>) -> u32 {
        let before = self.hp.current;
        // Up to the maximum, or half of it under 5e exhaustion 4+ (SRD-EXH-02).
        self.hp.current = before
            .saturating_add(amount)
            .min(self.hp_ceiling())
            .max(before);
        let gained = self.hp.current - before;
        // HYB-RETURN-02: never more unhealable HP than are missing.
        self.hyb.unhealable = self
            .hyb
            .unhealable
            .min(self.hp.max.saturating_sub(self.hp.current));
        if gained > 0 {
            log.push(Outcome::RegainedHp {
                amount: gained,
                hp: self.hp.current,
            });
            if self.is_unconscious() {
                self.death = DeathState::Alive;
                log.push(Outcome::RegainedConsciousness);
            }
        }
        gained
    }

    /// A5E-DEATH-13, A5E-COND-08: the Narrator dooms the creature for another reason.
    pub fn doom(
        &mut self,
        rules: &CreatureRules,
        deadline: DoomDeadline,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        a5e_rules(rules, "doom")?;
        self.require_not_dead("dooming")?;
        if self.doom.is_some() {
            return Err(Error::not_allowed("the creature is already doomed"));
        }
        let mut next = self.clone();
        let mut log = Log::new(roller);
        next.become_doomed(deadline, at, &mut log)?;
        *self = next;
        Ok(log.into_report())
    }

    /// A5E-COND-08: magic equivalent to a 7th-level spell or higher, cast on a living creature,
    /// lifts the doom. (For the dead, see [`Creature::raise_from_dead`].)
    pub fn lift_doom(&mut self) -> Result<Report> {
        self.validate()?;
        self.require_not_dead("lifting a doom")?;
        if self.doom.is_none() {
            return Err(Error::not_allowed("the creature is not doomed"));
        }
        self.doom = None;
        Ok(Report {
            outcomes: vec![Outcome::DoomLifted],
            ..Report::default()
        })
    }

    /// The referee kills the creature (e.g. a doom whose time the Narrator chooses).
    pub fn kill(&mut self, reason: DeathReason) -> Result<Report> {
        self.validate()?;
        self.require_not_dead("killing")?;
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        self.die(reason, &mut log);
        Ok(log.into_report())
    }

    /// A5E-HEAL-02 / A5E-TRACK-05: restored to life with `hp` HP (1 to the maximum); every
    /// tracked condition drops by 1. A doomed creature comes back only through magic that also
    /// lifts the doom (A5E-COND-08): pass `lifts_doom` for resurrection-class spells.
    pub fn raise_from_dead(&mut self, hp: i32, lifts_doom: bool) -> Result<Report> {
        self.validate()?;
        if !self.is_dead() {
            return Err(Error::out_of_order("the creature is not dead"));
        }
        let hp = u32::try_from(hp)
            .ok()
            .filter(|h| (1..=self.hp.max).contains(h))
            .ok_or_else(|| {
                Error::invalid_argument(format!(
                    "a raised creature comes back with 1 to {} HP, not {hp}",
                    self.hp.max
                ))
            })?;
        if self.doom.is_some() && !lifts_doom {
            return Err(Error::not_allowed(
                "a doomed creature can only be raised by magic that lifts the doom (A5E-COND-08)",
            ));
        }
        let mut next = self.clone();
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        next.death = DeathState::Alive;
        next.hp.current = hp;
        next.subdual = 0;
        log.push(Outcome::RaisedFromDead { hp });
        if next.doom.take().is_some() {
            log.push(Outcome::DoomLifted);
        }
        next.remove_levels(TrackKind::Fatigue, 1, &mut log);
        next.remove_levels(TrackKind::Strife, 1, &mut log);
        *self = next;
        Ok(log.into_report())
    }

    fn apply_deadlines(&mut self, at: Moment, log: &mut Log<'_>) {
        if self.is_dead() {
            return;
        }
        if let Some(Doom {
            deadline: Some(deadline),
        }) = self.doom
        {
            if at.now >= deadline {
                self.die(DeathReason::Doom, log);
                return;
            }
        }
        match self.death {
            DeathState::Stable {
                regains_hp_at: Some(when),
            } if at.now >= when => {
                self.regain_hp(1, log);
            }
            DeathState::Incapacitated { deadline } if at.now >= deadline && !at.in_encounter => {
                self.die(DeathReason::NotStabilized, log);
            }
            _ => {}
        }
    }

    /// Time has reached `at.now`: a stable creature whose 1d4 hours are up regains 1 HP
    /// (A5E-DEATH-10); a doomed creature past its deadline dies (A5E-COND-08); a HYB creature
    /// left at 0 HP past its minute dies if no fight is on (HYB-DEATH-01).
    pub fn advance_time(&mut self, at: Moment) -> Result<Report> {
        self.validate()?;
        let mut next = self.clone();
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        next.apply_deadlines(at, &mut log);
        *self = next;
        Ok(log.into_report())
    }

    /// The encounter is over (`at.now` is its end): pending fatigue (and strife, if delayed)
    /// takes effect (A5E-TRACK-06), a seventh level dooms if the rules wait for this moment, and
    /// deadlines are checked outside combat (HYB-DEATH-01's "end of the fight").
    pub fn end_encounter(
        &mut self,
        rules: &CreatureRules,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        let at = Moment::outside_encounter(at.now);
        let mut next = self.clone();
        let mut log = Log::new(roller);
        next.promote_pending(rules, at, &mut log)?;
        next.apply_deadlines(at, &mut log);
        *self = next;
        Ok(log.into_report())
    }

    /// A5E-TRACK-06: pending levels take effect; if the rules wait for this moment, a seventh
    /// level of fatigue dooms now.
    pub(crate) fn promote_pending(
        &mut self,
        rules: &CreatureRules,
        at: Moment,
        log: &mut Log<'_>,
    ) -> Result<()> {
        let mut fatigue_promoted = false;
        for track in [TrackKind::Fatigue, TrackKind::Strife] {
            let t = self.track_mut(track);
            if t.promote() {
                let level = t.level();
                log.push(Outcome::LevelsTookEffect { track, level });
                fatigue_promoted |= track == TrackKind::Fatigue;
            }
        }
        if let CreatureRules::A5e(r) = rules {
            if r.seventh_fatigue == SeventhFatigueDoom::AfterEncounter
                && fatigue_promoted
                && self.fatigue.level() == MAX_TRACK_LEVEL
                && !self.is_dead()
            {
                self.become_doomed(r.doom_deadline, at, log)?;
            }
        }
        Ok(())
    }
}
