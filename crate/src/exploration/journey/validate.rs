//! Invariants checked when a journey is read from a snapshot.

use super::*;

impl Journey {
    /// Checks every invariant of a journey read from outside.
    pub fn validate(&self) -> Result<()> {
        self.config
            .validate()
            .map_err(|e| Error::snapshot(e.message))?;
        self.clock.validate()?;
        if self.clock.warning_lead() != self.config.warning_lead {
            return Err(Error::snapshot(
                "warning lead differs between clock and config",
            ));
        }
        if self.members.len() > MAX_MEMBERS {
            return Err(Error::snapshot("too many members"));
        }
        for (i, m) in self.members.iter().enumerate() {
            m.validate().map_err(|e| Error::snapshot(e.message))?;
            if self.members.iter().skip(i + 1).any(|o| o.id == m.id) {
                return Err(Error::snapshot(format!(
                    "member \"{}\" appears twice",
                    m.id
                )));
            }
        }
        if self.scenes >= self.config.scenes_per_travel_turn {
            return Err(Error::snapshot("scene count past a travel turn"));
        }
        if self.dungeon.turns_since_rest
            > self.dungeon.turns.saturating_add(self.dungeon.other_turns)
            || self.wilderness.days_since_rest > self.wilderness.days
        {
            return Err(Error::snapshot("rest counters exceed elapsed time"));
        }
        if self.dungeon.seconds >= crate::clock::time::SECONDS_PER_EXPLORATION_TURN {
            return Err(Error::snapshot("dungeon seconds past a whole turn"));
        }
        if self.dungeon.fatigued
            && self.dungeon.turns_since_rest < crate::exploration::ose::dungeon::TURNS_PER_REST
        {
            return Err(Error::snapshot("dungeon fatigue without enough turns"));
        }
        if self.wilderness.fatigued
            && self.wilderness.days_since_rest
                <= crate::exploration::ose::wilderness::TRAVEL_DAYS_PER_REST
        {
            return Err(Error::snapshot("wilderness fatigue without enough days"));
        }
        if self.wilderness.must_rest && self.wilderness.days_since_rest == 0 {
            return Err(Error::snapshot("a forced march without a travel day"));
        }
        for (i, id) in self.returned.iter().enumerate() {
            if !self.members.iter().any(|m| &m.id == id)
                || self.returned.iter().skip(i + 1).any(|o| o == id)
            {
                return Err(Error::snapshot(format!(
                    "returned member \"{id}\" is unknown or listed twice"
                )));
            }
        }
        if !self.returned.is_empty() && self.returned.len() >= self.members.len() {
            return Err(Error::snapshot(
                "every member returned but the party is away",
            ));
        }
        if self.infections.len() > MAX_INFECTIONS {
            return Err(Error::snapshot("too many infections"));
        }
        for mi in &self.infections {
            mi.infection.validate()?;
            if !self.members.iter().any(|m| m.id == mi.member) {
                return Err(Error::snapshot(format!(
                    "infection of unknown member \"{}\"",
                    mi.member
                )));
            }
        }
        if self.attempts.len() > MAX_ATTEMPTS {
            return Err(Error::snapshot("too many attempts"));
        }
        if let Some(v) = self.vessel {
            if v.base > MAX_RATE {
                return Err(Error::snapshot("vessel movement too large"));
            }
        }
        if self.mode.is_none()
            && (self.clock.now() != GameTime(0)
                || self.travel_turns_away != 0
                || self.scenes != 0
                || self.dungeon != DungeonClock::default()
                || self.wilderness != WildernessClock::default())
        {
            return Err(Error::snapshot("a journey not started has progress"));
        }
        Ok(())
    }
}
