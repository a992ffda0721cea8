//! Turning a command into events: checks, rolls, then `emit` (which applies each event).

use super::*;

impl Journey {
    pub(super) fn run(
        &mut self,
        command: JourneyCommand,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        match command {
            JourneyCommand::Start { mode, day, start } => {
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
                    JourneyEvent::Started {
                        mode,
                        at,
                        time_dice,
                    },
                    out,
                )
            }
            JourneyCommand::ChangeMode { mode } => {
                self.started()?;
                self.emit(JourneyEvent::ModeChanged { mode }, out)
            }
            JourneyCommand::AddMember { member } => {
                self.emit(JourneyEvent::MemberAdded { member }, out)
            }
            JourneyCommand::RemoveMember { id } => {
                self.emit(JourneyEvent::MemberRemoved { id }, out)
            }
            JourneyCommand::AddLight {
                id,
                spec,
                label,
                place,
            } => {
                let mut light = LightSource::new(id, spec);
                light.label = label;
                light.place = place;
                self.emit(JourneyEvent::LightAdded { light }, out)
            }
            JourneyCommand::Light { id } => self.emit(JourneyEvent::LightLit { id }, out),
            JourneyCommand::Douse { id } => self.emit(JourneyEvent::LightDoused { id }, out),
            JourneyCommand::RemoveLight { id } => self.emit(JourneyEvent::LightRemoved { id }, out),
            JourneyCommand::SetWarningLead { lead } => {
                self.emit(JourneyEvent::WarningLeadSet { lead }, out)
            }
            JourneyCommand::AddSupply {
                id,
                kind,
                amount,
                tick,
            } => {
                let supply = Consumable::new(id, kind, amount, tick)?;
                self.emit(JourneyEvent::SupplyAdded { supply }, out)
            }
            JourneyCommand::Consume { id, amount } => {
                if amount == 0 {
                    return Err(Error::invalid_argument("spend at least 1"));
                }
                let left = self.clock.clone().spend(&id, amount)?;
                self.emit(JourneyEvent::SupplySpent { id, amount, left }, out)
            }
            JourneyCommand::Restock { id, amount } => {
                let total = self.clock.clone().restock(&id, amount)?;
                self.emit(JourneyEvent::SupplyRestocked { id, amount, total }, out)
            }
            JourneyCommand::Advance { span } => {
                self.started()?;
                let by = span.to_seconds()?;
                self.pass_time_counted(by, out)
            }
            JourneyCommand::EncounterTime { seconds } => {
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
            JourneyCommand::SetHour { hour } => {
                self.hyb_mode("setting the time dice")?;
                TimeDice::from_hour(hour)?;
                let target = u32::from(hour % MIDNIGHT_HOUR) * SECONDS_PER_HOUR;
                let into_day = self.clock.now().0 % SECONDS_PER_DAY;
                let wait = (target + SECONDS_PER_DAY - into_day) % SECONDS_PER_DAY;
                self.pass_time(Seconds(wait), out)
            }
            JourneyCommand::TravelTurn { plan } => self.travel_turn(plan, roller, out),
            JourneyCommand::RecordScene { plan } => {
                self.require(&[JourneyMode::HybDungeon], "recording a scene")?;
                let scenes = self.scenes.saturating_add(1);
                self.emit(JourneyEvent::SceneRecorded { scenes }, out)?;
                if scenes >= self.config.scenes_per_travel_turn {
                    self.travel_turn(plan, roller, out)?;
                }
                Ok(())
            }
            JourneyCommand::RollToReturn {
                path,
                who,
                at_zero,
                wounds,
            } => {
                self.hyb_mode("rolling to return")?;
                let chosen: Vec<&Member> = if who.is_empty() {
                    self.members
                        .iter()
                        .filter(|m| !self.returned.contains(&m.id))
                        .collect()
                } else {
                    who.iter()
                        .map(|id| self.member(id))
                        .collect::<Result<_>>()?
                };
                if chosen.is_empty() {
                    return Err(Error::out_of_order("nobody to roll to return"));
                }
                for (i, m) in chosen.iter().enumerate() {
                    if self.returned.contains(&m.id) {
                        return Err(Error::not_allowed(format!(
                            "\"{}\" has already returned (HYB-RETURN-01)",
                            m.id
                        )));
                    }
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
                self.emit(
                    JourneyEvent::ReturnRolled {
                        path,
                        results: results.clone(),
                    },
                    out,
                )?;
                self.apply_return_costs(&results, at_zero, wounds, roller, out)
            }
            JourneyCommand::ResilienceCheck { member, advantage } => {
                self.resilience_check(member, advantage, roller, out)
            }
            JourneyCommand::NightlyRest { rest, who } => self.nightly_rest(rest, who, out),
            JourneyCommand::ReachSafety => {
                self.started()?;
                self.emit(JourneyEvent::SafetyReached, out)
            }
            JourneyCommand::DungeonTurn { action } => self.dungeon_turn(action, roller, out),
            JourneyCommand::TriggerTrap => {
                self.require(&[JourneyMode::OseDungeon], "a trap trigger roll")?;
                let roll = roll_trap_trigger(&mut *roller)?;
                self.emit(JourneyEvent::TrapTriggerRolled { roll }, out)
            }
            JourneyCommand::ForceDoor { by, chance } => {
                self.require(&[JourneyMode::OseDungeon], "forcing a door")?;
                self.member(&by)?;
                let result = roll_force_door(chance, &mut *roller)?;
                self.emit(JourneyEvent::DoorForced { by, result }, out)
            }
            JourneyCommand::EncounterDistance {
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
                self.emit(JourneyEvent::EncounterDistance { dice, distance }, out)
            }
            JourneyCommand::WildernessDay { plan } => self.wilderness_day(plan, roller, out),
            JourneyCommand::SetVessel { vessel } => {
                self.emit(JourneyEvent::VesselSet { vessel }, out)
            }
            JourneyCommand::RepairVessel => {
                if self.vessel.is_none() {
                    return Err(Error::out_of_order("there is no vessel"));
                }
                self.emit(JourneyEvent::VesselRepaired, out)
            }
            JourneyCommand::WaterDay { plan } => self.water_day(plan, roller, out),
            JourneyCommand::Expose {
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
                self.emit(JourneyEvent::Exposed { member, exposure }, out)
            }
            JourneyCommand::EndCorruptionStage {
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
                self.emit(
                    JourneyEvent::CorruptionStageEnded { member, index, end },
                    out,
                )
            }
            JourneyCommand::GaleLandfall => {
                self.require(&[JourneyMode::OseWaterborne], "a gale landfall")?;
                if !self.vessel.is_some_and(|v| v.driven_by_gale) {
                    return Err(Error::out_of_order("the vessel is not driven by a gale"));
                }
                let roll = roll_gale_landfall(&mut *roller)?;
                self.emit(
                    JourneyEvent::LandfallRolled {
                        wrecked: roll.success,
                        roll,
                    },
                    out,
                )
            }
        }
    }
}
