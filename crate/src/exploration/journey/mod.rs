//! The `Journey`: exploration time as an event-sourced state machine.
//!
//! Like an encounter, a journey takes [`JourneyCommand`]s and answers with [`JourneyEvent`]s. `execute` works
//! on a copy and only commits when every step succeeded, so a failing command leaves the
//! journey exactly as it was. Every event is applied through [`Journey::apply`] as it is
//! produced, so replaying the events on another copy (which never rolls: events carry every
//! [`crate::dice::RolledDie`]) reaches the same state by construction. Snapshots are compact,
//! versioned JSON with a checksum, validated on load (see [`snapshot`]).
//!
//! Modes: HYB dungeon, overland, river or lake, sea (travel turns, HYB-TRAVEL); OSE dungeon
//! (10-minute turns, OSE-DUNG), wilderness and waterborne days (OSE-WILD, OSE-WATER).

mod checks;
pub mod command;
pub mod event;
mod execute;
mod log;
mod members;
mod model;
mod procedures;
mod replay;
pub mod snapshot;
pub mod types;
mod validate;
pub mod view;

pub use command::JourneyCommand;
pub use event::{CheckContext, JourneyEvent, MemberChange, MemberHours, SkippedCheck};
pub use types::{
    DungeonAction, JourneyConfig, JourneyMode, ListenAttempt, Member, SearchAttempt, StartTime,
    TravelTurnPlan, Vessel, WaterDayPlan, WildernessDayPlan,
};

use crate::clock::consumable::Consumable;
use crate::clock::game_clock::Clock;
use crate::clock::id::Ident;
use crate::clock::light::{LightLevel, LightSource};
use crate::clock::time::{
    GameTime, SECONDS_PER_DAY, SECONDS_PER_EXPLORATION_TURN, SECONDS_PER_HOUR, Seconds, Span,
    TimeUnit,
};
use crate::clock::time_dice::{MIDNIGHT_HOUR, TimeDice, roll_time_dice};
use crate::dice::DieRoller;
use crate::error::{Error, ErrorCode, Result};
use crate::exploration::chance::roll_chance;
use crate::exploration::hyb::corruption::{Infection, expose};
use crate::exploration::hyb::overland::{HybTraveller, hyb_party_miles_per_day};
use crate::exploration::hyb::return_trip::{Returner, return_dc, roll_to_return};
use crate::exploration::hyb::travel::{HybTravelMode, roll_travel_turn, travel_roll_interval};
use crate::exploration::ose::dungeon::{
    DungeonClock, SearchKind, dungeon_movement_per_turn, roll_dungeon_encounter_distance,
    roll_force_door, roll_listen, roll_search, roll_trap_trigger,
};
use crate::exploration::ose::water::{
    Propulsion, StormOutcome, VesselState, Waters, resolve_storm, roll_current, roll_gale_landfall,
    roll_wind, water_day_distance, water_lost_chance, water_wander_chance,
};
use crate::exploration::ose::wilderness::{
    DayActivity, OseTerrain, WildernessClock, check_wander_count, lost_chance, ose_miles_per_day,
    party_rate, roll_forage, roll_hunt, roll_outdoor_encounter_distance, wander_chance,
};
use crate::procedures::ose::encounter::ENCOUNTER_MIN_TURNS;
use crate::units::{Distance, Feet, Miles};
use types::{MAX_ATTEMPTS, MAX_MEMBERS, MAX_RATE};

/// One search or listen attempt made (OSE-DUNG-06/14: one per character per area, item or door).
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Attempt {
    /// `None` for listening, else what was searched for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchKind>,
    pub by: Ident,
    pub target: Ident,
}

/// Most infections one journey tracks.
pub const MAX_INFECTIONS: usize = 64;

/// A member's infection in progress (HYB-CORR).
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MemberInfection {
    pub member: Ident,
    pub infection: Infection,
}

/// A journey's whole state.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Journey {
    config: JourneyConfig,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mode: Option<JourneyMode>,
    clock: Clock,
    #[serde(default)]
    members: Vec<Member>,
    /// HYB-RETURN-01: travel turns since leaving safety. Each Travel Turn Table roll counts
    /// one, so where the roll is daily (overland, rivers) or weekly (sea, HYB-TRAVEL-03) a day
    /// or a week is one travel turn; an hour in a dungeon is one.
    #[serde(default)]
    travel_turns_away: u32,
    /// HYB-RETURN-01: members who have rolled to return and are back at safety while the
    /// others are still away (each PC rolls for itself, so those who did not roll keep the
    /// DC of the party's travel turns). Empty again once everyone is back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    returned: Vec<Ident>,
    /// HYB-TRAVEL-01: dungeon scenes this hour.
    #[serde(default)]
    scenes: u8,
    #[serde(default)]
    dungeon: DungeonClock,
    #[serde(default)]
    wilderness: WildernessClock,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    vessel: Option<Vessel>,
    #[serde(default)]
    attempts: Vec<Attempt>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    infections: Vec<MemberInfection>,
}

/// Hashed as before members could return one by one, while nobody has, so digests and
/// snapshot checksums written by earlier versions still match.
impl crate::Digestible for Journey {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.config.feed(d);
        self.mode.feed(d);
        self.clock.feed(d);
        self.members.feed(d);
        self.travel_turns_away.feed(d);
        if !self.returned.is_empty() {
            self.returned.feed(d);
        }
        self.scenes.feed(d);
        self.dungeon.feed(d);
        self.wilderness.feed(d);
        self.vessel.feed(d);
        self.attempts.feed(d);
        self.infections.feed(d);
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for Journey {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.config.hash(h);
        self.mode.hash(h);
        self.clock.hash(h);
        self.members.hash(h);
        self.travel_turns_away.hash(h);
        if !self.returned.is_empty() {
            self.returned.hash(h);
        }
        self.scenes.hash(h);
        self.dungeon.hash(h);
        self.wilderness.hash(h);
        self.vessel.hash(h);
        self.attempts.hash(h);
        self.infections.hash(h);
    }
}

#[cold]
#[inline(never)]
fn mismatch(what: &str) -> Error {
    Error::new(
        ErrorCode::InvalidData,
        format!("event does not fit this journey: {what}"),
    )
}

impl Journey {
    /// A journey not yet started.
    pub fn new(config: JourneyConfig) -> Result<Journey> {
        config.validate()?;
        let mut clock = Clock::new(GameTime(0));
        clock.set_warning_lead(config.warning_lead);
        Ok(Journey {
            config,
            mode: None,
            clock,
            members: Vec::new(),
            travel_turns_away: 0,
            returned: Vec::new(),
            scenes: 0,
            dungeon: DungeonClock::default(),
            wilderness: WildernessClock::default(),
            vessel: None,
            attempts: Vec::new(),
            infections: Vec::new(),
        })
    }

    // ---- reading ----
    pub fn config(&self) -> &JourneyConfig {
        &self.config
    }
    pub fn mode(&self) -> Option<JourneyMode> {
        self.mode
    }
    pub fn clock(&self) -> &Clock {
        &self.clock
    }
    pub fn now(&self) -> GameTime {
        self.clock.now()
    }
    pub fn members(&self) -> &[Member] {
        &self.members
    }
    pub fn travel_turns_away(&self) -> u32 {
        self.travel_turns_away
    }
    /// HYB-RETURN-01: the DC to roll to return from here.
    pub fn return_dc(&self) -> u32 {
        return_dc(self.travel_turns_away)
    }
    /// HYB-RETURN-01: the members already back at safety while others are still away.
    pub fn returned(&self) -> &[Ident] {
        &self.returned
    }
    /// HYB-RETURN-01: the DC `member` rolls against to return: the party's, or none (`None`)
    /// for a member already back.
    pub fn return_dc_of(&self, member: &Ident) -> Result<Option<u32>> {
        self.member(member)?;
        Ok((!self.returned.contains(member)).then(|| self.return_dc()))
    }
    pub fn scenes(&self) -> u8 {
        self.scenes
    }
    pub fn dungeon(&self) -> DungeonClock {
        self.dungeon
    }
    pub fn wilderness(&self) -> WildernessClock {
        self.wilderness
    }
    pub fn vessel(&self) -> Option<Vessel> {
        self.vessel
    }
    pub fn attempts(&self) -> &[Attempt] {
        &self.attempts
    }
    /// Infections in progress.
    pub fn infections(&self) -> &[MemberInfection] {
        &self.infections
    }
    /// HYB-CORR-02: infections whose current stage has ended by now (member, index among
    /// theirs): the GM calls for their stage checks.
    pub fn due_stages(&self) -> Vec<(Ident, u32)> {
        let now = self.clock.now();
        let mut out = Vec::new();
        for (i, mi) in self.infections.iter().enumerate() {
            let index = self
                .infections
                .iter()
                .take(i)
                .filter(|o| o.member == mi.member)
                .count();
            if mi.infection.stage_ends_at().is_ok_and(|t| t <= now) {
                out.push((mi.member.clone(), u32::try_from(index).unwrap_or(u32::MAX)));
            }
        }
        out
    }
    fn infection_position(&self, member: &Ident, index: u32) -> Result<usize> {
        self.infections
            .iter()
            .enumerate()
            .filter(|(_, mi)| &mi.member == member)
            .nth(usize::try_from(index).unwrap_or(usize::MAX))
            .map(|(i, _)| i)
            .ok_or_else(|| Error::unknown_id("infection", &format!("{member}#{index}")))
    }
    /// HYB-TIME-01: the time dice for the current hour.
    pub fn time_dice(&self) -> Result<TimeDice> {
        TimeDice::from_clock_hour(self.clock.now().time_of_day().hour)
    }
    /// The light level where the party is (or at `place`), brightest source winning.
    pub fn light_level(
        &self,
        place: Option<&Ident>,
        distance: Feet,
        ambient: LightLevel,
    ) -> LightLevel {
        self.clock.light_level(place, distance, ambient)
    }
    /// C-01: a span of `count` combat rounds at this journey's round length, for an encounter
    /// to advance the shared clock.
    pub fn rounds(&self, count: u32) -> Span {
        Span::Rounds {
            count,
            length: self.config.round_length,
        }
    }

    // ---- commands ----

    /// Runs a command. On success returns its events (already applied); on failure returns the
    /// error and leaves the journey exactly as it was.
    pub fn execute(
        &mut self,
        command: JourneyCommand,
        roller: &mut dyn DieRoller,
    ) -> Result<Vec<JourneyEvent>> {
        let mut work = self.clone();
        let mut out = Vec::new();
        work.run(command, roller, &mut out)?;
        *self = work;
        Ok(out)
    }

    /// Applies one event (from this or another client) without rolling. Fails, changing
    /// nothing, when the event does not fit the current state.
    pub fn apply(&mut self, event: &JourneyEvent) -> Result<()> {
        let mut work = self.clone();
        work.apply_one(event)?;
        *self = work;
        Ok(())
    }

    /// Applies events in order; all or nothing.
    pub fn apply_all(&mut self, events: &[JourneyEvent]) -> Result<()> {
        let mut work = self.clone();
        for e in events {
            work.apply_one(e)?;
        }
        *self = work;
        Ok(())
    }

    #[inline(never)]
    fn emit(&mut self, e: JourneyEvent, out: &mut Vec<JourneyEvent>) -> Result<()> {
        self.apply_one(&e)?;
        out.push(e);
        Ok(())
    }

    fn started(&self) -> Result<JourneyMode> {
        self.mode
            .ok_or_else(|| Error::out_of_order("start the journey first"))
    }

    #[inline(never)]
    fn require(&self, wanted: &[JourneyMode], what: &str) -> Result<JourneyMode> {
        let mode = self.started()?;
        if wanted.contains(&mode) {
            Ok(mode)
        } else {
            Err(Error::not_allowed(format!(
                "{what} is not part of a {mode:?} journey"
            )))
        }
    }

    #[inline(never)]
    fn hyb_mode(&self, what: &str) -> Result<HybTravelMode> {
        self.started()?
            .hyb()
            .ok_or_else(|| Error::not_allowed(format!("{what} is a HYB procedure")))
    }

    fn member(&self, id: &Ident) -> Result<&Member> {
        self.members
            .iter()
            .find(|m| &m.id == id)
            .ok_or_else(|| Error::unknown_id("member", id.as_str()))
    }

    /// Time passing outside a turn or day procedure: in an OSE dungeon it also counts toward
    /// the need to rest (OSE-DUNG-09, [`DungeonClock::after_time`]).
    fn pass_time_counted(&mut self, by: Seconds, out: &mut Vec<JourneyEvent>) -> Result<()> {
        self.pass_time(by, out)?;
        if self.mode == Some(JourneyMode::OseDungeon) && by.0 > 0 {
            let clock = self.dungeon.after_time(by.0);
            self.emit(JourneyEvent::DungeonTimeCounted { by, clock }, out)?;
        }
        Ok(())
    }

    fn pass_time(&mut self, by: Seconds, out: &mut Vec<JourneyEvent>) -> Result<()> {
        let mut probe = self.clock.clone();
        let advanced = probe.advance_seconds(by)?;
        self.emit(JourneyEvent::TimePassed { by, advanced }, out)?;
        if self.mode.is_some_and(JourneyMode::is_hyb) {
            let dice = self.time_dice()?;
            self.emit(JourneyEvent::TimeDiceShown { dice }, out)?;
        }
        Ok(())
    }
}
