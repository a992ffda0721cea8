//! Turning a command into events: checks, rolls, then `emit` (which applies each event).

use super::*;
use crate::clock::time_dice::TimeDiceRoll;

impl Journey {
    /// Run a command. The party's gear goes to [`Journey::outfit`], single rolled checks to
    /// [`Journey::check_command`]; time and the procedures of each mode are routed here.
    pub(super) fn run(
        &mut self,
        command: JourneyCommand,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        match command {
            JourneyCommand::Start { mode, day, start } => self.start(mode, day, start, roller, out),
            JourneyCommand::ChangeMode { mode } => {
                self.started()?;
                self.emit(JourneyEvent::ModeChanged { mode }, out)
            }
            JourneyCommand::AddMember { .. }
            | JourneyCommand::RemoveMember { .. }
            | JourneyCommand::AddLight { .. }
            | JourneyCommand::Light { .. }
            | JourneyCommand::Douse { .. }
            | JourneyCommand::RemoveLight { .. }
            | JourneyCommand::SetWarningLead { .. }
            | JourneyCommand::AddSupply { .. }
            | JourneyCommand::Consume { .. }
            | JourneyCommand::Restock { .. }
            | JourneyCommand::SetVessel { .. }
            | JourneyCommand::RepairVessel => self.outfit(command, out),
            JourneyCommand::Advance { span } => {
                self.started()?;
                let by = span.to_seconds()?;
                self.pass_time_counted(by, out)
            }
            JourneyCommand::EncounterTime { seconds } => self.encounter_time(seconds, out),
            JourneyCommand::SetHour { hour } => self.set_hour(hour, out),
            JourneyCommand::TravelTurn { plan } => self.travel_turn(plan, roller, out),
            JourneyCommand::RecordScene { plan } => self.record_scene(plan, roller, out),
            JourneyCommand::NightlyRest { rest, who } => self.nightly_rest(rest, who, out),
            JourneyCommand::ReachSafety => {
                self.started()?;
                self.emit(JourneyEvent::SafetyReached, out)
            }
            JourneyCommand::DungeonTurn { action } => self.dungeon_turn(action, roller, out),
            JourneyCommand::WildernessDay { plan } => self.wilderness_day(plan, roller, out),
            JourneyCommand::WaterDay { plan } => self.water_day(plan, roller, out),
            JourneyCommand::RollToReturn { .. }
            | JourneyCommand::ResilienceCheck { .. }
            | JourneyCommand::TriggerTrap
            | JourneyCommand::ForceDoor { .. }
            | JourneyCommand::EncounterDistance { .. }
            | JourneyCommand::Expose { .. }
            | JourneyCommand::EndCorruptionStage { .. }
            | JourneyCommand::GaleLandfall => self.check_command(command, roller, out),
        }
    }

    /// Start the journey at a set time, or (HYB only) at an hour the time dice pick; G-34: a
    /// roll of 24 is midnight, the start of the next day.
    fn start(
        &mut self,
        mode: JourneyMode,
        day: u32,
        start: StartTime,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        if self.mode.is_some() {
            return Err(Error::out_of_order("the journey has already started"));
        }
        let (at, time_dice): (GameTime, Option<TimeDiceRoll>) = match start {
            StartTime::At { hour, minute } => (GameTime::at(day, hour, minute)?, None),
            StartTime::TimeDice {
                count,
                offset_hours,
            } => {
                if !mode.is_hyb() {
                    return Err(Error::not_allowed("time dice are a HYB procedure"));
                }
                let roll = roll_time_dice(count, offset_hours, &mut *roller)?;
                let at = if roll.hour == MIDNIGHT_HOUR {
                    GameTime::at(day.saturating_add(1), 0, 0)?
                } else {
                    GameTime::at(day, roll.hour, 0)?
                };
                (at, Some(roll))
            }
        };
        self.emit(
            JourneyEvent::Started {
                mode,
                at,
                time_dice,
            },
            out,
        )
    }

    /// The party's gear and company: members, light sources, supplies and the vessel. None of
    /// these roll; each is one event.
    fn outfit(&mut self, command: JourneyCommand, out: &mut Vec<JourneyEvent>) -> Result<()> {
        let event = match command {
            JourneyCommand::AddMember { member } => JourneyEvent::MemberAdded { member },
            JourneyCommand::RemoveMember { id } => JourneyEvent::MemberRemoved { id },
            JourneyCommand::AddLight {
                id,
                spec,
                label,
                place,
            } => {
                let mut light = LightSource::new(id, spec);
                light.label = label;
                light.place = place;
                JourneyEvent::LightAdded { light }
            }
            JourneyCommand::Light { id } => JourneyEvent::LightLit { id },
            JourneyCommand::Douse { id } => JourneyEvent::LightDoused { id },
            JourneyCommand::RemoveLight { id } => JourneyEvent::LightRemoved { id },
            JourneyCommand::SetWarningLead { lead } => JourneyEvent::WarningLeadSet { lead },
            JourneyCommand::AddSupply {
                id,
                kind,
                amount,
                tick,
            } => JourneyEvent::SupplyAdded {
                supply: Consumable::new(id, kind, amount, tick)?,
            },
            JourneyCommand::Consume { id, amount } => {
                if amount == 0 {
                    return Err(Error::invalid_argument("spend at least 1"));
                }
                let left = self.clock.clone().spend(&id, amount)?;
                JourneyEvent::SupplySpent { id, amount, left }
            }
            JourneyCommand::Restock { id, amount } => {
                let total = self.clock.clone().restock(&id, amount)?;
                JourneyEvent::SupplyRestocked { id, amount, total }
            }
            JourneyCommand::SetVessel { vessel } => JourneyEvent::VesselSet { vessel },
            JourneyCommand::RepairVessel => {
                if self.vessel.is_none() {
                    return Err(Error::out_of_order("there is no vessel"));
                }
                JourneyEvent::VesselRepaired
            }
            other => return Err(misrouted(&other)),
        };
        self.emit(event, out)
    }

    /// An encounter's time passes on the clock; OSE-ENC-06: in OSE it is at least one full
    /// turn, aftermath included.
    fn encounter_time(&mut self, seconds: Seconds, out: &mut Vec<JourneyEvent>) -> Result<()> {
        let mode = self.started()?;
        let by = if mode.is_ose() {
            Seconds(
                seconds
                    .0
                    .max(ENCOUNTER_MIN_TURNS.saturating_mul(SECONDS_PER_EXPLORATION_TURN)),
            )
        } else {
            seconds
        };
        self.pass_time_counted(by, out)
    }

    /// HYB: set the time dice to an hour by letting time pass until that hour comes round
    /// (the same hour means no wait; 24 is midnight).
    fn set_hour(&mut self, hour: u8, out: &mut Vec<JourneyEvent>) -> Result<()> {
        self.hyb_mode("setting the time dice")?;
        TimeDice::from_hour(hour)?;
        let target = u32::from(hour % MIDNIGHT_HOUR) * SECONDS_PER_HOUR;
        let into_day = self.clock.now().0 % SECONDS_PER_DAY;
        let wait = (target + SECONDS_PER_DAY - into_day) % SECONDS_PER_DAY;
        self.pass_time(Seconds(wait), out)
    }

    /// HYB dungeon: count a scene; the scene that fills the travel turn runs the travel turn
    /// with `plan`.
    fn record_scene(
        &mut self,
        plan: TravelTurnPlan,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        self.require(&[JourneyMode::HybDungeon], "recording a scene")?;
        let scenes = self.scenes.saturating_add(1);
        self.emit(JourneyEvent::SceneRecorded { scenes }, out)?;
        if scenes >= self.config.scenes_per_travel_turn {
            self.travel_turn(plan, roller, out)?;
        }
        Ok(())
    }
}

/// A command sent to another family's handler: a bug in the routing of [`Journey::run`],
/// reported as an error rather than a panic (before any event, so nothing has changed).
pub(super) fn misrouted(command: &JourneyCommand) -> Error {
    Error::new(
        ErrorCode::InvalidData,
        format!(
            "internal error: command {} reached the wrong handler",
            crate::wire::to_json(command)
        ),
    )
}
