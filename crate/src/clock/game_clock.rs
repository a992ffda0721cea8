//! The game clock: one timeline shared by exploration and encounters.
//!
//! Advancing the clock burns lit light sources and ticks consumables, and reports what
//! happened as data ([`ClockAdvanced`]). An encounter advances the same clock by combat rounds
//! (their length set by the preset, C-01); the effects engine consumes [`ClockAdvanced::now`]
//! to expire effects timed in minutes, hours or days.

use crate::clock::consumable::Consumable;
use crate::clock::id::Ident;
use crate::clock::light::{DEFAULT_WARNING_LEAD, LightLevel, LightSource, light_level_at};
use crate::clock::time::{GameTime, SECONDS_PER_DAY, Seconds, TimeUnit};
use crate::error::{Error, ErrorCode, Result};
use crate::units::Feet;

/// Most light sources one clock tracks.
pub const MAX_LIGHTS: usize = 64;
/// Most consumable counters one clock tracks.
pub const MAX_CONSUMABLES: usize = 64;

/// One thing that happened while time passed.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Happening {
    /// A lit source reached the warning lead: it has `remaining` left at `at`.
    LightLow {
        id: Ident,
        at: GameTime,
        remaining: Seconds,
    },
    /// A lit source burnt out at `at`.
    LightExpired { id: Ident, at: GameTime },
    /// A ticking counter was used by `used` and has `left`.
    SupplyUsed { id: Ident, used: u32, left: u32 },
    /// A ticking counter could not pay `short` units (it is empty).
    SupplyRanOut { id: Ident, short: u32 },
    /// A new day began (day number).
    NewDay { day: u32 },
}

impl Happening {
    fn at(&self) -> Option<GameTime> {
        match self {
            Self::LightLow { at, .. } | Self::LightExpired { at, .. } => Some(*at),
            _ => None,
        }
    }
}

/// What an advance did: the notion the effects engine consumes (`now` is the new time).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ClockAdvanced {
    pub from: GameTime,
    pub now: GameTime,
    pub happenings: Vec<Happening>,
}

/// The game clock with its light sources and consumables.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Clock {
    now: GameTime,
    /// How long before a source runs out it is announced (HYB-LIGHT-01 has players note
    /// when their lights run out; the lead is the caller's).
    warning_lead: Seconds,
    lights: Vec<LightSource>,
    supplies: Vec<Consumable>,
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new(GameTime(0))
    }
}

impl Clock {
    pub fn new(now: GameTime) -> Clock {
        Clock {
            now,
            warning_lead: DEFAULT_WARNING_LEAD,
            lights: Vec::new(),
            supplies: Vec::new(),
        }
    }

    pub fn now(&self) -> GameTime {
        self.now
    }
    pub fn warning_lead(&self) -> Seconds {
        self.warning_lead
    }
    pub fn set_warning_lead(&mut self, lead: Seconds) {
        self.warning_lead = lead;
    }
    pub fn lights(&self) -> &[LightSource] {
        &self.lights
    }
    pub fn supplies(&self) -> &[Consumable] {
        &self.supplies
    }
    pub fn light(&self, id: &Ident) -> Result<&LightSource> {
        self.lights
            .iter()
            .find(|l| &l.id == id)
            .ok_or_else(|| Error::unknown_id("light", id.as_str()))
    }
    pub fn supply(&self, id: &Ident) -> Result<&Consumable> {
        self.supplies
            .iter()
            .find(|c| &c.id == id)
            .ok_or_else(|| Error::unknown_id("supply", id.as_str()))
    }

    /// Moves the clock to a later instant (e.g. setting the starting hour). Nothing burns: use
    /// [`Clock::advance`] for time that passes in play.
    pub fn set_now(&mut self, now: GameTime) -> Result<()> {
        if now < self.now {
            return Err(Error::invalid_argument("the clock never runs backwards"));
        }
        self.now = now;
        Ok(())
    }

    /// Adds a light source (unlit unless `source.lit`).
    pub fn add_light(&mut self, source: LightSource) -> Result<()> {
        if self.lights.iter().any(|l| l.id == source.id) {
            return Err(Error::new(
                ErrorCode::DuplicateId,
                format!("a light \"{}\" already exists", source.id),
            ));
        }
        if self.lights.len() >= MAX_LIGHTS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_LIGHTS} light sources"),
            ));
        }
        source
            .validate()
            .map_err(|e| Error::invalid_argument(e.message))?;
        self.lights.push(source);
        Ok(())
    }

    /// Removes a light source (dropped, given away).
    pub fn remove_light(&mut self, id: &Ident) -> Result<LightSource> {
        let i = self
            .lights
            .iter()
            .position(|l| &l.id == id)
            .ok_or_else(|| Error::unknown_id("light", id.as_str()))?;
        Ok(self.lights.remove(i))
    }

    /// Lights a source; a relit source keeps the burn time it had left.
    pub fn light_source(&mut self, id: &Ident) -> Result<()> {
        let l = self.light_mut(id)?;
        if l.lit {
            return Err(Error::not_allowed(format!("\"{id}\" is already lit")));
        }
        if l.spent() {
            return Err(Error::not_allowed(format!("\"{id}\" has burnt out")));
        }
        l.lit = true;
        Ok(())
    }

    /// Douses a source, keeping its remaining burn time.
    pub fn douse(&mut self, id: &Ident) -> Result<()> {
        let l = self.light_mut(id)?;
        if !l.lit {
            return Err(Error::not_allowed(format!("\"{id}\" is not lit")));
        }
        l.lit = false;
        Ok(())
    }

    fn light_mut(&mut self, id: &Ident) -> Result<&mut LightSource> {
        self.lights
            .iter_mut()
            .find(|l| &l.id == id)
            .ok_or_else(|| Error::unknown_id("light", id.as_str()))
    }

    /// Adds a consumable counter.
    pub fn add_supply(&mut self, supply: Consumable) -> Result<()> {
        if self.supplies.iter().any(|c| c.id == supply.id) {
            return Err(Error::new(
                ErrorCode::DuplicateId,
                format!("a supply \"{}\" already exists", supply.id),
            ));
        }
        if self.supplies.len() >= MAX_CONSUMABLES {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_CONSUMABLES} supplies"),
            ));
        }
        supply
            .validate()
            .map_err(|e| Error::invalid_argument(e.message))?;
        self.supplies.push(supply);
        Ok(())
    }

    /// Spends `amount` of a counter (eating rations). Spending more than is left fails and
    /// changes nothing.
    pub fn spend(&mut self, id: &Ident, amount: u32) -> Result<u32> {
        let c = self
            .supplies
            .iter_mut()
            .find(|c| &c.id == id)
            .ok_or_else(|| Error::unknown_id("supply", id.as_str()))?;
        let left = c.amount.checked_sub(amount).ok_or_else(|| {
            Error::not_allowed(format!(
                "only {} of \"{id}\" left, cannot spend {amount}",
                c.amount
            ))
        })?;
        c.amount = left;
        Ok(left)
    }

    /// Adds `amount` to a counter (foraging, buying); clears any shortfall it pays off.
    pub fn restock(&mut self, id: &Ident, amount: u32) -> Result<u32> {
        let c = self
            .supplies
            .iter_mut()
            .find(|c| &c.id == id)
            .ok_or_else(|| Error::unknown_id("supply", id.as_str()))?;
        let total = c
            .amount
            .checked_add(amount)
            .ok_or_else(|| Error::invalid_argument("that supply would overflow"))?;
        c.amount = total;
        c.shortfall = 0;
        Ok(total)
    }

    /// The light level at a place (`None` = where the party is, lit by what it carries) and
    /// distance from the sources: the brightest source wins (HYB-LIGHT-02, A5E-ENV-06).
    pub fn light_level(
        &self,
        place: Option<&Ident>,
        distance: Feet,
        ambient: LightLevel,
    ) -> LightLevel {
        light_level_at(&self.lights, place, distance, ambient)
    }

    /// Advances by any time unit (combat rounds, exploration or travel turns, days…).
    pub fn advance(&mut self, span: impl TimeUnit) -> Result<ClockAdvanced> {
        let by = span.to_seconds()?;
        self.advance_seconds(by)
    }

    /// Advances by `by` seconds: burns lights, ticks counters, reports what happened in time
    /// order. Fails (changing nothing) only when the clock's limit would be passed.
    pub fn advance_seconds(&mut self, by: Seconds) -> Result<ClockAdvanced> {
        let from = self.now;
        let now = from.checked_add(by)?;
        let mut timed = Vec::new();
        let lead = self.warning_lead;
        for l in self.lights.iter_mut().filter(|l| l.lit) {
            let Some(left) = l.remaining else { continue };
            if !l.warned && lead.0 > 0 {
                // A source lit with less than the lead left is announced at once.
                let warn_after = left.saturating_sub(lead);
                if warn_after <= by {
                    l.warned = true;
                    timed.push(Happening::LightLow {
                        id: l.id.clone(),
                        at: from.checked_add(warn_after)?,
                        remaining: left.min(lead),
                    });
                }
            }
            if left <= by {
                l.remaining = Some(Seconds::ZERO);
                l.lit = false;
                l.warned = false;
                timed.push(Happening::LightExpired {
                    id: l.id.clone(),
                    at: from.checked_add(left)?,
                });
            } else {
                l.remaining = Some(left.saturating_sub(by));
            }
        }
        crate::sorting::sort_by_key(&mut timed, |h| h.at());
        let mut happenings = timed;
        for c in &mut self.supplies {
            let Some(tick) = c.tick else { continue };
            let total = u64::from(c.since_tick.0) + u64::from(by.0);
            let every = u64::from(tick.every.0.max(1));
            let ticks = total / every;
            c.since_tick = Seconds(u32::try_from(total % every).unwrap_or(0));
            if ticks == 0 {
                continue;
            }
            let due = u32::try_from(ticks.saturating_mul(u64::from(tick.uses))).unwrap_or(u32::MAX);
            let used = due.min(c.amount);
            let short = due - used;
            c.amount -= used;
            if used > 0 {
                happenings.push(Happening::SupplyUsed {
                    id: c.id.clone(),
                    used,
                    left: c.amount,
                });
            }
            if short > 0 {
                c.shortfall = c.shortfall.saturating_add(short);
                happenings.push(Happening::SupplyRanOut {
                    id: c.id.clone(),
                    short,
                });
            }
        }
        let (d0, d1) = (from.0 / SECONDS_PER_DAY, now.0 / SECONDS_PER_DAY);
        // Reported once per advance at most a few times; cap to avoid a huge list when a
        // caller skips years.
        for day in (d0 + 1..=d1).take(MAX_NEW_DAY_REPORTS) {
            happenings.push(Happening::NewDay { day });
        }
        self.now = now;
        Ok(ClockAdvanced {
            from,
            now,
            happenings,
        })
    }

    /// Checks a clock read from a snapshot.
    pub fn validate(&self) -> Result<()> {
        if self.lights.len() > MAX_LIGHTS || self.supplies.len() > MAX_CONSUMABLES {
            return Err(Error::snapshot("too many lights or supplies"));
        }
        for (i, l) in self.lights.iter().enumerate() {
            l.validate()?;
            if self.lights.iter().skip(i + 1).any(|o| o.id == l.id) {
                return Err(Error::snapshot(format!("light \"{}\" appears twice", l.id)));
            }
        }
        for (i, c) in self.supplies.iter().enumerate() {
            c.validate()?;
            if self.supplies.iter().skip(i + 1).any(|o| o.id == c.id) {
                return Err(Error::snapshot(format!(
                    "supply \"{}\" appears twice",
                    c.id
                )));
            }
        }
        Ok(())
    }
}

/// At most this many `NewDay` happenings are reported by one advance (a skip of months is
/// summarised by its first days; `now` always holds the true day).
pub const MAX_NEW_DAY_REPORTS: usize = 31;
