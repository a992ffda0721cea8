//! The `Journey`: exploration time as an event-sourced state machine.
//!
//! Like an encounter, a journey takes [`Command`]s and answers with [`Event`]s. `execute` works
//! on a copy and only commits when every step succeeded, so a failing command leaves the
//! journey exactly as it was. Every event is applied through [`Journey::apply`] as it is
//! produced, so replaying the events on another copy (which never rolls: events carry every
//! [`crate::dice::RolledDie`]) reaches the same state by construction. Snapshots are compact,
//! versioned JSON with a checksum, validated on load (see [`snapshot`]).
//!
//! Modes: HYB dungeon, overland, river or lake, sea (travel turns, HYB-TRAVEL); OSE dungeon
//! (10-minute turns, OSE-DUNG), wilderness and waterborne days (OSE-WILD, OSE-WATER).

pub mod command;
pub mod event;
pub mod snapshot;
pub mod types;

use serde::{Deserialize, Serialize};

pub use command::Command;
pub use event::{CheckContext, Event, SkippedCheck};
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
use crate::exploration::units::{Distance, Feet, Miles};
use types::{MAX_ATTEMPTS, MAX_MEMBERS, MAX_RATE};

/// One search or listen attempt made (OSE-DUNG-06/14: one per character per area, item or door).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct MemberInfection {
    pub member: Ident,
    pub infection: Infection,
}

/// A journey's whole state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Journey {
    config: JourneyConfig,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mode: Option<JourneyMode>,
    clock: Clock,
    #[serde(default)]
    members: Vec<Member>,
    /// HYB-RETURN-01: travel turns since leaving safety.
    #[serde(default)]
    travel_turns_away: u32,
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
    pub fn execute(&mut self, command: Command, roller: &mut dyn DieRoller) -> Result<Vec<Event>> {
        let mut work = self.clone();
        let mut out = Vec::new();
        work.run(command, roller, &mut out)?;
        *self = work;
        Ok(out)
    }

    /// Applies one event (from this or another client) without rolling. Fails, changing
    /// nothing, when the event does not fit the current state.
    pub fn apply(&mut self, event: &Event) -> Result<()> {
        let mut work = self.clone();
        work.apply_one(event)?;
        *self = work;
        Ok(())
    }

    /// Applies events in order; all or nothing.
    pub fn apply_all(&mut self, events: &[Event]) -> Result<()> {
        let mut work = self.clone();
        for e in events {
            work.apply_one(e)?;
        }
        *self = work;
        Ok(())
    }

    fn emit(&mut self, e: Event, out: &mut Vec<Event>) -> Result<()> {
        self.apply_one(&e)?;
        out.push(e);
        Ok(())
    }

    fn started(&self) -> Result<JourneyMode> {
        self.mode
            .ok_or_else(|| Error::out_of_order("start the journey first"))
    }

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

    fn pass_time(&mut self, by: Seconds, out: &mut Vec<Event>) -> Result<()> {
        let mut probe = self.clock.clone();
        let advanced = probe.advance_seconds(by)?;
        self.emit(Event::TimePassed { by, advanced }, out)?;
        if self.mode.is_some_and(JourneyMode::is_hyb) {
            let dice = self.time_dice()?;
            self.emit(Event::TimeDiceShown { dice }, out)?;
        }
        Ok(())
    }

    fn run(
        &mut self,
        command: Command,
        roller: &mut dyn DieRoller,
        out: &mut Vec<Event>,
    ) -> Result<()> {
        match command {
            Command::Start { mode, day, start } => {
                if self.mode.is_some() {
                    return Err(Error::out_of_order("the journey has already started"));
                }
                let (at, time_dice) = match start {
                    StartTime::At { hour, minute } => (GameTime::at(day, hour, minute)?, None),
                    StartTime::TimeDice {
                        count,
                        offset_hours,
                    } => {
                        if !mode.is_hyb() {
                            return Err(Error::not_allowed("time dice are a HYB procedure"));
                        }
                        let roll = roll_time_dice(count, offset_hours, &mut *roller)?;
                        // G-34: 24 is midnight, the end of the day.
                        let at = if roll.hour == MIDNIGHT_HOUR {
                            GameTime::at(day.saturating_add(1), 0, 0)?
                        } else {
                            GameTime::at(day, roll.hour, 0)?
                        };
                        (at, Some(roll))
                    }
                };
                self.emit(
                    Event::Started {
                        mode,
                        at,
                        time_dice,
                    },
                    out,
                )
            }
            Command::ChangeMode { mode } => {
                self.started()?;
                self.emit(Event::ModeChanged { mode }, out)
            }
            Command::AddMember { member } => self.emit(Event::MemberAdded { member }, out),
            Command::RemoveMember { id } => self.emit(Event::MemberRemoved { id }, out),
            Command::AddLight {
                id,
                spec,
                label,
                place,
            } => {
                let mut light = LightSource::new(id, spec);
                light.label = label;
                light.place = place;
                self.emit(Event::LightAdded { light }, out)
            }
            Command::Light { id } => self.emit(Event::LightLit { id }, out),
            Command::Douse { id } => self.emit(Event::LightDoused { id }, out),
            Command::RemoveLight { id } => self.emit(Event::LightRemoved { id }, out),
            Command::SetWarningLead { lead } => self.emit(Event::WarningLeadSet { lead }, out),
            Command::AddSupply {
                id,
                kind,
                amount,
                tick,
            } => {
                let supply = Consumable::new(id, kind, amount, tick)?;
                self.emit(Event::SupplyAdded { supply }, out)
            }
            Command::Consume { id, amount } => {
                if amount == 0 {
                    return Err(Error::invalid_argument("spend at least 1"));
                }
                let left = self.clock.clone().spend(&id, amount)?;
                self.emit(Event::SupplySpent { id, amount, left }, out)
            }
            Command::Restock { id, amount } => {
                let total = self.clock.clone().restock(&id, amount)?;
                self.emit(Event::SupplyRestocked { id, amount, total }, out)
            }
            Command::Advance { span } => {
                self.started()?;
                let by = span.to_seconds()?;
                self.pass_time(by, out)
            }
            Command::SetHour { hour } => {
                self.hyb_mode("setting the time dice")?;
                TimeDice::from_hour(hour)?;
                let target = u32::from(hour % MIDNIGHT_HOUR) * SECONDS_PER_HOUR;
                let into_day = self.clock.now().0 % SECONDS_PER_DAY;
                let wait = (target + SECONDS_PER_DAY - into_day) % SECONDS_PER_DAY;
                self.pass_time(Seconds(wait), out)
            }
            Command::TravelTurn { plan } => self.travel_turn(plan, roller, out),
            Command::RecordScene { plan } => {
                self.require(&[JourneyMode::HybDungeon], "recording a scene")?;
                let scenes = self.scenes.saturating_add(1);
                self.emit(Event::SceneRecorded { scenes }, out)?;
                if scenes >= self.config.scenes_per_travel_turn {
                    self.travel_turn(plan, roller, out)?;
                }
                Ok(())
            }
            Command::RollToReturn { path, who } => {
                self.hyb_mode("rolling to return")?;
                let chosen: Vec<&Member> = if who.is_empty() {
                    self.members.iter().collect()
                } else {
                    who.iter()
                        .map(|id| self.member(id))
                        .collect::<Result<_>>()?
                };
                if chosen.is_empty() {
                    return Err(Error::out_of_order("nobody to roll to return"));
                }
                for (i, m) in chosen.iter().enumerate() {
                    if chosen.iter().skip(i + 1).any(|o| o.id == m.id) {
                        return Err(Error::new(
                            ErrorCode::DuplicateId,
                            format!("\"{}\" is listed twice", m.id),
                        ));
                    }
                }
                let returners: Vec<Returner> = chosen
                    .into_iter()
                    .map(|m| Returner {
                        id: m.id.clone(),
                        best_modifier: m.best_modifier,
                        advantage: Default::default(),
                    })
                    .collect();
                let results =
                    roll_to_return(&returners, self.travel_turns_away, path, &mut *roller)?;
                self.emit(Event::ReturnRolled { path, results }, out)
            }
            Command::ReachSafety => {
                self.started()?;
                self.emit(Event::SafetyReached, out)
            }
            Command::DungeonTurn { action } => self.dungeon_turn(action, roller, out),
            Command::TriggerTrap => {
                self.require(&[JourneyMode::OseDungeon], "a trap trigger roll")?;
                let roll = roll_trap_trigger(&mut *roller)?;
                self.emit(Event::TrapTriggerRolled { roll }, out)
            }
            Command::ForceDoor { by, chance } => {
                self.require(&[JourneyMode::OseDungeon], "forcing a door")?;
                self.member(&by)?;
                let result = roll_force_door(chance, &mut *roller)?;
                self.emit(Event::DoorForced { by, result }, out)
            }
            Command::EncounterDistance {
                either_side_surprised,
            } => {
                let mode = self.require(
                    &[
                        JourneyMode::OseDungeon,
                        JourneyMode::OseWilderness,
                        JourneyMode::OseWaterborne,
                    ],
                    "an encounter distance roll",
                )?;
                let (dice, distance) = if mode == JourneyMode::OseDungeon {
                    let d = roll_dungeon_encounter_distance(&mut *roller)?;
                    (d.dice, Distance::Feet(d.distance))
                } else {
                    let d = roll_outdoor_encounter_distance(either_side_surprised, &mut *roller)?;
                    (d.dice, Distance::Yards(d.distance))
                };
                self.emit(Event::EncounterDistance { dice, distance }, out)
            }
            Command::WildernessDay { plan } => self.wilderness_day(plan, roller, out),
            Command::SetVessel { vessel } => self.emit(Event::VesselSet { vessel }, out),
            Command::RepairVessel => {
                if self.vessel.is_none() {
                    return Err(Error::out_of_order("there is no vessel"));
                }
                self.emit(Event::VesselRepaired, out)
            }
            Command::WaterDay { plan } => self.water_day(plan, roller, out),
            Command::Expose {
                member,
                corruption,
                con_score,
                onset_score,
                advantage,
            } => {
                self.hyb_mode("corruption")?;
                self.member(&member)?;
                let exposure = expose(
                    corruption,
                    con_score,
                    onset_score,
                    advantage,
                    self.clock.now(),
                    &mut *roller,
                )?;
                self.emit(Event::Exposed { member, exposure }, out)
            }
            Command::EndCorruptionStage {
                member,
                index,
                con_score,
                harmed_score,
                advantage,
            } => {
                self.hyb_mode("corruption")?;
                let at = self.infection_position(&member, index)?;
                let infection = self
                    .infections
                    .get(at)
                    .map(|mi| &mi.infection)
                    .ok_or_else(|| Error::unknown_id("infection", member.as_str()))?;
                let end = infection.roll_stage_end(
                    self.clock.now(),
                    con_score,
                    harmed_score,
                    advantage,
                    &mut *roller,
                )?;
                self.emit(Event::CorruptionStageEnded { member, index, end }, out)
            }
            Command::GaleLandfall => {
                self.require(&[JourneyMode::OseWaterborne], "a gale landfall")?;
                if !self.vessel.is_some_and(|v| v.driven_by_gale) {
                    return Err(Error::out_of_order("the vessel is not driven by a gale"));
                }
                let roll = roll_gale_landfall(&mut *roller)?;
                self.emit(
                    Event::LandfallRolled {
                        wrecked: roll.happened,
                        roll,
                    },
                    out,
                )
            }
        }
    }

    fn travel_turn(
        &mut self,
        plan: TravelTurnPlan,
        roller: &mut dyn DieRoller,
        out: &mut Vec<Event>,
    ) -> Result<()> {
        let mode = self.hyb_mode("a travel turn")?;
        let interval = travel_roll_interval(mode, self.config.overland_daily);
        if let Some(conditions) = plan.overland {
            if mode != HybTravelMode::Overland || interval.0 != SECONDS_PER_DAY {
                return Err(Error::invalid_argument(
                    "overland distance is worked out for a day's overland travel turn",
                ));
            }
            let party: Vec<HybTraveller> = self
                .members
                .iter()
                .map(|m| HybTraveller {
                    str_modifier: m.str_modifier,
                    encumbered: m.encumbered,
                })
                .collect();
            let miles = hyb_party_miles_per_day(&party, conditions)?;
            let roll = roll_travel_turn(plan.caution, &mut *roller)?;
            self.emit(
                Event::TravelTurnRolled {
                    roll,
                    travel_turns_away: self.travel_turns_away.saturating_add(1),
                },
                out,
            )?;
            self.emit(Event::OverlandCovered { conditions, miles }, out)?;
        } else {
            let roll = roll_travel_turn(plan.caution, &mut *roller)?;
            self.emit(
                Event::TravelTurnRolled {
                    roll,
                    travel_turns_away: self.travel_turns_away.saturating_add(1),
                },
                out,
            )?;
        }
        self.pass_time(interval, out)
    }

    fn dungeon_turn(
        &mut self,
        action: DungeonAction,
        roller: &mut dyn DieRoller,
        out: &mut Vec<Event>,
    ) -> Result<()> {
        self.require(&[JourneyMode::OseDungeon], "a dungeon turn")?;
        // OSE-DUNG-08 step 1: wandering monsters.
        if self
            .dungeon
            .wander_check_due(self.config.wander_interval_turns)
        {
            let roll = roll_chance(self.config.dungeon_wander_chance, &mut *roller)?;
            self.emit(
                Event::WanderingChecked {
                    context: CheckContext::Dungeon,
                    roll,
                },
                out,
            )?;
        }
        // Step 2: actions.
        let mut moved = None;
        let rested = matches!(action, DungeonAction::Rest);
        match action {
            DungeonAction::Explore { familiarity } => {
                let rates: Vec<Feet> = self.members.iter().map(|m| m.movement).collect();
                moved = Some(dungeon_movement_per_turn(party_rate(&rates)?, familiarity)?);
            }
            DungeonAction::Search { attempts } => {
                if attempts.is_empty() {
                    return Err(Error::invalid_argument("nobody searches"));
                }
                for attempt in attempts {
                    self.member(&attempt.by)?;
                    let result =
                        roll_search(attempt.kind, attempt.chance, attempt.present, &mut *roller)?;
                    self.emit(Event::Searched { attempt, result }, out)?;
                }
            }
            DungeonAction::Listen { attempts } => {
                if attempts.is_empty() {
                    return Err(Error::invalid_argument("nobody listens"));
                }
                for attempt in attempts {
                    self.member(&attempt.by)?;
                    let result = roll_listen(
                        attempt.chance,
                        attempt.something_there,
                        attempt.silent,
                        &mut *roller,
                    )?;
                    self.emit(Event::Listened { attempt, result }, out)?;
                }
            }
            DungeonAction::Rest | DungeonAction::Other => {}
        }
        // Step 4: end of turn.
        let clock = self.dungeon.after_turn(rested);
        self.emit(
            Event::DungeonTurnEnded {
                rested,
                clock,
                moved,
            },
            out,
        )?;
        self.pass_time(Seconds(SECONDS_PER_EXPLORATION_TURN), out)
    }

    fn wilderness_day(
        &mut self,
        plan: WildernessDayPlan,
        roller: &mut dyn DieRoller,
        out: &mut Vec<Event>,
    ) -> Result<()> {
        self.require(&[JourneyMode::OseWilderness], "a wilderness day")?;
        self.wilderness.check_day(plan.activity)?;
        check_wander_count(plan.wander_checks)?;
        if plan.forage && plan.activity != DayActivity::Travel {
            return Err(Error::invalid_argument(
                "foraging is done alongside travel (OSE-WILD-04)",
            ));
        }
        for c in [plan.lost_chance, plan.wander_chance].into_iter().flatten() {
            c.validate()?;
        }
        let rates: Vec<Feet> = self.members.iter().map(|m| m.movement).collect();
        let rate = party_rate(&rates)?;
        let ctx = CheckContext::Wilderness;
        // Step 2: losing direction (only when travelling).
        if plan.activity == DayActivity::Travel {
            if plan.wayfinding.cannot_get_lost() {
                self.emit(
                    Event::CheckSkipped {
                        context: ctx,
                        what: SkippedCheck::LostPrevented,
                    },
                    out,
                )?;
            } else if let Some(chance) = plan.lost_chance.or(lost_chance(plan.route.terrain)) {
                let roll = roll_chance(chance, &mut *roller)?;
                self.emit(
                    Event::LostChecked {
                        context: ctx,
                        lost: roll.happened,
                        roll: Some(roll),
                    },
                    out,
                )?;
            } else {
                self.emit(
                    Event::CheckSkipped {
                        context: ctx,
                        what: SkippedCheck::LostNoChance,
                    },
                    out,
                )?;
            }
        }
        // Step 3: wandering monsters.
        let terrain = if plan.route.flying {
            OseTerrain::Aerial
        } else {
            plan.route.terrain
        };
        for _ in 0..plan.wander_checks {
            match plan.wander_chance.or(wander_chance(terrain)) {
                Some(chance) => {
                    let roll = roll_chance(chance, &mut *roller)?;
                    self.emit(Event::WanderingChecked { context: ctx, roll }, out)?;
                }
                None => self.emit(
                    Event::CheckSkipped {
                        context: ctx,
                        what: SkippedCheck::WanderingNoChance,
                    },
                    out,
                )?,
            }
        }
        if plan.activity == DayActivity::Hunt {
            let roll = roll_hunt(&mut *roller)?;
            self.emit(Event::Hunted { roll }, out)?;
        }
        if plan.forage {
            let found = roll_forage(&mut *roller)?;
            self.emit(Event::Foraged { found }, out)?;
        }
        let miles = if plan.activity == DayActivity::Travel {
            ose_miles_per_day(rate, plan.route, self.config.third_slower)?
        } else {
            Miles(0)
        };
        let clock = self.wilderness.after_day(plan.activity, plan.route.pace);
        self.emit(
            Event::WildernessDayEnded {
                activity: plan.activity,
                pace: plan.route.pace,
                miles,
                clock,
            },
            out,
        )?;
        self.pass_time(Seconds(SECONDS_PER_DAY), out)
    }

    fn water_day(
        &mut self,
        plan: WaterDayPlan,
        roller: &mut dyn DieRoller,
        out: &mut Vec<Event>,
    ) -> Result<()> {
        self.require(&[JourneyMode::OseWaterborne], "a waterborne day")?;
        let vessel = self
            .vessel
            .ok_or_else(|| Error::out_of_order("set a vessel first"))?;
        if vessel.lost {
            return Err(Error::not_allowed("the vessel has sunk or been wrecked"));
        }
        check_wander_count(plan.wander_checks)?;
        if let Some(c) = plan.wander_chance {
            c.validate()?;
        }
        let ctx = CheckContext::Water;
        // Step 2: losing direction.
        let roll = roll_chance(water_lost_chance(plan.waters, plan.navigator), &mut *roller)?;
        self.emit(
            Event::LostChecked {
                context: ctx,
                lost: roll.happened,
                roll: Some(roll),
            },
            out,
        )?;
        // Step 3: weather.
        let wind = roll_wind(self.config.wind_table, &mut *roller)?;
        self.emit(Event::WindRolled { wind: wind.clone() }, out)?;
        let mut stopped = false;
        if vessel.propulsion == Propulsion::Sail {
            let in_sight = match plan.waters {
                Waters::Sea { in_sight_of_land } => in_sight_of_land,
                _ => true,
            };
            let state = VesselState {
                seaworthy: vessel.seaworthy,
                in_sight_of_land: in_sight,
                clear_shore: plan.clear_shore,
            };
            if let Some(outcome) = resolve_storm(wind.wind, state, &mut *roller)? {
                stopped = matches!(
                    outcome,
                    StormOutcome::Beached { .. } | StormOutcome::Swamped { sank: true, .. }
                );
                self.emit(Event::StormResolved { outcome }, out)?;
            }
        }
        // Step 4: wandering monsters.
        let chance = plan
            .wander_chance
            .unwrap_or(water_wander_chance(plan.waters));
        for _ in 0..plan.wander_checks {
            let roll = roll_chance(chance, &mut *roller)?;
            self.emit(Event::WanderingChecked { context: ctx, roll }, out)?;
        }
        let current = if let Waters::River { downstream } = plan.waters {
            let current = roll_current(downstream, &mut *roller)?;
            self.emit(
                Event::CurrentRolled {
                    current: current.clone(),
                },
                out,
            )?;
            Some(current)
        } else {
            None
        };
        let now_vessel = self
            .vessel
            .ok_or_else(|| Error::out_of_order("set a vessel first"))?;
        let miles = if stopped {
            Miles(0)
        } else {
            water_day_distance(
                now_vessel.base,
                now_vessel.propulsion,
                Some(&wind),
                now_vessel.taking_water,
                current.as_ref(),
            )
        };
        self.emit(Event::WaterDayEnded { miles }, out)?;
        self.pass_time(Seconds(SECONDS_PER_DAY), out)
    }

    // ---- applying events ----

    fn apply_one(&mut self, event: &Event) -> Result<()> {
        match event {
            Event::Started { mode, at, .. } => {
                if self.mode.is_some() {
                    return Err(mismatch("already started"));
                }
                self.clock.set_now(*at)?;
                self.mode = Some(*mode);
            }
            Event::ModeChanged { mode } => {
                self.started()?;
                if self.mode != Some(JourneyMode::OseDungeon) || *mode != JourneyMode::OseDungeon {
                    self.attempts.clear();
                }
                if !mode.is_hyb() || self.mode.and_then(JourneyMode::hyb) != mode.hyb() {
                    self.scenes = 0;
                }
                self.mode = Some(*mode);
            }
            Event::MemberAdded { member } => {
                member.validate()?;
                if self.members.iter().any(|m| m.id == member.id) {
                    return Err(Error::new(
                        ErrorCode::DuplicateId,
                        format!("a member \"{}\" already exists", member.id),
                    ));
                }
                if self.members.len() >= MAX_MEMBERS {
                    return Err(Error::new(
                        ErrorCode::LimitExceeded,
                        format!("at most {MAX_MEMBERS} members"),
                    ));
                }
                self.members.push(member.clone());
            }
            Event::MemberRemoved { id } => {
                let i = self
                    .members
                    .iter()
                    .position(|m| &m.id == id)
                    .ok_or_else(|| Error::unknown_id("member", id.as_str()))?;
                self.members.remove(i);
                self.infections.retain(|mi| &mi.member != id);
            }
            Event::LightAdded { light } => {
                if light.spec.radius > MAX_RATE {
                    return Err(Error::invalid_argument("light radius too large"));
                }
                self.clock.add_light(light.clone())?;
            }
            Event::LightLit { id } => self.clock.light_source(id)?,
            Event::LightDoused { id } => self.clock.douse(id)?,
            Event::LightRemoved { id } => {
                self.clock.remove_light(id)?;
            }
            Event::WarningLeadSet { lead } => {
                self.config.warning_lead = *lead;
                self.clock.set_warning_lead(*lead);
            }
            Event::SupplyAdded { supply } => self.clock.add_supply(supply.clone())?,
            Event::SupplySpent { id, amount, left } => {
                if self.clock.spend(id, *amount)? != *left {
                    return Err(mismatch("supply left"));
                }
            }
            Event::SupplyRestocked { id, amount, total } => {
                if self.clock.restock(id, *amount)? != *total {
                    return Err(mismatch("supply total"));
                }
            }
            Event::TimePassed { by, advanced } => {
                self.started()?;
                if self.clock.advance_seconds(*by)? != *advanced {
                    return Err(mismatch("the clock reports differ"));
                }
            }
            Event::TimeDiceShown { dice } => {
                if &self.time_dice()? != dice {
                    return Err(mismatch("time dice"));
                }
            }
            Event::SceneRecorded { scenes } => {
                self.require(&[JourneyMode::HybDungeon], "a scene")?;
                if *scenes != self.scenes.saturating_add(1)
                    || *scenes > self.config.scenes_per_travel_turn
                {
                    return Err(mismatch("scene count"));
                }
                self.scenes = *scenes;
            }
            Event::TravelTurnRolled {
                travel_turns_away, ..
            } => {
                self.hyb_mode("a travel turn")?;
                if *travel_turns_away != self.travel_turns_away.saturating_add(1) {
                    return Err(mismatch("travel turns away"));
                }
                self.travel_turns_away = *travel_turns_away;
                self.scenes = 0;
            }
            Event::OverlandCovered { .. } => {
                self.require(&[JourneyMode::HybOverland], "overland distance")?;
            }
            Event::ReturnRolled { results, .. } => {
                self.hyb_mode("rolling to return")?;
                for r in results {
                    self.member(&r.id)?;
                }
                // The trip back is abstracted: the party is no longer away.
                self.travel_turns_away = 0;
            }
            Event::SafetyReached => {
                self.started()?;
                self.travel_turns_away = 0;
            }
            Event::WanderingChecked { .. }
            | Event::CheckSkipped { .. }
            | Event::LostChecked { .. }
            | Event::Foraged { .. }
            | Event::Hunted { .. }
            | Event::EncounterDistance { .. }
            | Event::TrapTriggerRolled { .. }
            | Event::CurrentRolled { .. }
            | Event::WaterDayEnded { .. } => {
                self.started()?;
            }
            Event::DoorForced { by, .. } => {
                self.member(by)?;
            }
            Event::DungeonTurnEnded { rested, clock, .. } => {
                self.require(&[JourneyMode::OseDungeon], "a dungeon turn")?;
                let next = self.dungeon.after_turn(*rested);
                if next != *clock {
                    return Err(mismatch("dungeon turn counters"));
                }
                self.dungeon = next;
            }
            Event::Searched { attempt, .. } => {
                self.record_attempt(Some(attempt.kind), &attempt.by, &attempt.target)?;
            }
            Event::Listened { attempt, .. } => {
                self.record_attempt(None, &attempt.by, &attempt.door)?;
            }
            Event::WildernessDayEnded {
                activity,
                pace,
                clock,
                ..
            } => {
                self.require(&[JourneyMode::OseWilderness], "a wilderness day")?;
                self.wilderness.check_day(*activity)?;
                let next = self.wilderness.after_day(*activity, *pace);
                if next != *clock {
                    return Err(mismatch("wilderness day counters"));
                }
                self.wilderness = next;
            }
            Event::VesselSet { vessel } => {
                if vessel.base > MAX_RATE {
                    return Err(Error::invalid_argument("vessel movement too large"));
                }
                self.vessel = Some(*vessel);
            }
            Event::VesselRepaired => {
                let v = self.vessel_mut()?;
                v.taking_water = false;
            }
            Event::WindRolled { .. } => {
                self.vessel_mut()?.driven_by_gale = false;
            }
            Event::StormResolved { outcome } => {
                let v = self.vessel_mut()?;
                match outcome {
                    StormOutcome::NearGale { took_on_water, .. } => {
                        v.taking_water = v.taking_water || *took_on_water;
                    }
                    StormOutcome::Driven { .. } => v.driven_by_gale = true,
                    StormOutcome::Swamped { sank, .. } => v.lost = *sank,
                    StormOutcome::Beached { .. } => {}
                }
            }
            Event::Exposed { member, exposure } => {
                self.hyb_mode("corruption")?;
                self.member(member)?;
                if let Some(infection) = &exposure.infection {
                    infection.corruption.validate()?;
                    if infection.stage_started != self.clock.now()
                        || infection.stage != 0
                        || infection.over
                    {
                        return Err(mismatch("the infection starts now, at its first stage"));
                    }
                    if self.infections.len() >= MAX_INFECTIONS {
                        return Err(Error::new(
                            ErrorCode::LimitExceeded,
                            format!("at most {MAX_INFECTIONS} infections"),
                        ));
                    }
                    self.infections.push(MemberInfection {
                        member: member.clone(),
                        infection: infection.clone(),
                    });
                }
            }
            Event::CorruptionStageEnded { member, index, end } => {
                self.hyb_mode("corruption")?;
                let at = self.infection_position(member, *index)?;
                let now = self.clock.now();
                let mi = self
                    .infections
                    .get_mut(at)
                    .ok_or_else(|| Error::unknown_id("infection", member.as_str()))?;
                if mi.infection.stage_ends_at()? > now {
                    return Err(Error::out_of_order("that stage has not ended yet"));
                }
                mi.infection.apply_stage_end(end)?;
                if mi.infection.over {
                    self.infections.remove(at);
                }
            }
            Event::LandfallRolled { wrecked, .. } => {
                let v = self.vessel_mut()?;
                if !v.driven_by_gale {
                    return Err(mismatch("no gale drives the vessel"));
                }
                v.driven_by_gale = false;
                v.lost = *wrecked;
            }
        }
        Ok(())
    }

    fn vessel_mut(&mut self) -> Result<&mut Vessel> {
        self.vessel
            .as_mut()
            .ok_or_else(|| Error::out_of_order("there is no vessel"))
    }

    fn record_attempt(
        &mut self,
        search: Option<SearchKind>,
        by: &Ident,
        target: &Ident,
    ) -> Result<()> {
        self.require(&[JourneyMode::OseDungeon], "searching and listening")?;
        self.member(by)?;
        if self
            .attempts
            .iter()
            .any(|a| a.search == search && &a.by == by && &a.target == target)
        {
            return Err(Error::not_allowed(format!(
                "{by} has already tried at {target} (one attempt per character)"
            )));
        }
        if self.attempts.len() >= MAX_ATTEMPTS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_ATTEMPTS} search and listen attempts are remembered"),
            ));
        }
        self.attempts.push(Attempt {
            search,
            by: by.clone(),
            target: target.clone(),
        });
        Ok(())
    }

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
        if self.dungeon.turns_since_rest > self.dungeon.turns
            || self.wilderness.days_since_rest > self.wilderness.days
        {
            return Err(Error::snapshot("rest counters exceed elapsed time"));
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
