//! Applying events. This is the only code that changes a journey; `execute` goes through it
//! too, so replaying events on another copy reaches the same state.

use super::*;

impl Journey {
    /// Apply one event. The journey's concerns each have a method (party, clock, HYB travel,
    /// OSE counters, vessel, corruption); events that only record a roll need a started
    /// journey.
    pub(super) fn apply_one(&mut self, event: &JourneyEvent) -> Result<()> {
        match event {
            JourneyEvent::Started { .. }
            | JourneyEvent::ModeChanged { .. }
            | JourneyEvent::MemberAdded { .. }
            | JourneyEvent::MemberRemoved { .. } => self.apply_party(event)?,
            JourneyEvent::LightAdded { .. }
            | JourneyEvent::LightLit { .. }
            | JourneyEvent::LightDoused { .. }
            | JourneyEvent::LightRemoved { .. }
            | JourneyEvent::WarningLeadSet { .. }
            | JourneyEvent::SupplyAdded { .. }
            | JourneyEvent::SupplySpent { .. }
            | JourneyEvent::SupplyRestocked { .. }
            | JourneyEvent::TimePassed { .. }
            | JourneyEvent::TimeDiceShown { .. } => self.apply_clock(event)?,
            JourneyEvent::SceneRecorded { .. }
            | JourneyEvent::TravelTurnRolled { .. }
            | JourneyEvent::OverlandCovered { .. }
            | JourneyEvent::ReturnRolled { .. }
            | JourneyEvent::SafetyReached => self.apply_travel(event)?,
            JourneyEvent::DoorForced { .. }
            | JourneyEvent::DungeonTurnEnded { .. }
            | JourneyEvent::DungeonTimeCounted { .. }
            | JourneyEvent::Searched { .. }
            | JourneyEvent::Listened { .. }
            | JourneyEvent::WildernessDayEnded { .. } => self.apply_ose_counters(event)?,
            JourneyEvent::VesselSet { .. }
            | JourneyEvent::VesselRepaired
            | JourneyEvent::WindRolled { .. }
            | JourneyEvent::StormResolved { .. }
            | JourneyEvent::LandfallRolled { .. } => self.apply_vessel(event)?,
            JourneyEvent::Exposed { .. } | JourneyEvent::CorruptionStageEnded { .. } => {
                self.apply_corruption(event)?
            }
            JourneyEvent::WanderingChecked { .. }
            | JourneyEvent::CheckSkipped { .. }
            | JourneyEvent::LostChecked { .. }
            | JourneyEvent::Foraged { .. }
            | JourneyEvent::Hunted { .. }
            | JourneyEvent::EncounterDistance { .. }
            | JourneyEvent::TrapTriggerRolled { .. }
            | JourneyEvent::CurrentRolled { .. }
            | JourneyEvent::WaterDayEnded { .. } => {
                self.started()?;
            }
            JourneyEvent::Restored { snapshot, .. } => {
                *self = Journey::from_json(snapshot)?;
            }
            JourneyEvent::HoursAdventured { hours, members } => {
                self.apply_hours(*hours, members)?;
            }
            JourneyEvent::MemberUpdated {
                member,
                creature,
                load,
                ..
            } => {
                self.started()?;
                self.apply_member_update(member, creature.as_ref(), *load)?;
            }
        }
        Ok(())
    }

    /// The start of the journey, a change of mode (which forgets OSE search attempts outside
    /// the dungeon and the HYB scene count outside its travel mode) and members joining or
    /// leaving (a member who leaves takes its infections and its return with it).
    fn apply_party(&mut self, event: &JourneyEvent) -> Result<()> {
        match event {
            JourneyEvent::Started {
                mode,
                at,
                time_dice,
            } => {
                if self.mode.is_some() {
                    return Err(mismatch("already started"));
                }
                if let Some(t) = time_dice {
                    if !mode.is_hyb() || t.hour % MIDNIGHT_HOUR != at.time_of_day().hour {
                        return Err(mismatch("start time and time dice disagree"));
                    }
                }
                self.clock.set_now(*at)?;
                self.mode = Some(*mode);
            }
            JourneyEvent::ModeChanged { mode } => {
                self.started()?;
                if self.mode != Some(JourneyMode::OseDungeon) || *mode != JourneyMode::OseDungeon {
                    self.attempts.clear();
                }
                if !mode.is_hyb() || self.mode.and_then(JourneyMode::hyb) != mode.hyb() {
                    self.scenes = 0;
                }
                self.mode = Some(*mode);
            }
            JourneyEvent::MemberAdded { member } => {
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
            JourneyEvent::MemberRemoved { id } => {
                let i = self
                    .members
                    .iter()
                    .position(|m| &m.id == id)
                    .ok_or_else(|| Error::unknown_id("member", id.as_str()))?;
                self.members.remove(i);
                self.infections.retain(|mi| &mi.member != id);
                self.returned.retain(|m| m != id);
                self.settle_returned();
            }
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    /// The clock's light sources, supplies and time: each event's reported figures (supply
    /// left, time advanced, time dice) must match what the clock computes.
    fn apply_clock(&mut self, event: &JourneyEvent) -> Result<()> {
        match event {
            JourneyEvent::LightAdded { light } => {
                if light.spec.radius > MAX_RATE {
                    return Err(Error::invalid_argument("light radius too large"));
                }
                self.clock.add_light(light.clone())?;
            }
            JourneyEvent::LightLit { id } => self.clock.light_source(id)?,
            JourneyEvent::LightDoused { id } => self.clock.douse(id)?,
            JourneyEvent::LightRemoved { id } => {
                self.clock.remove_light(id)?;
            }
            JourneyEvent::WarningLeadSet { lead } => {
                self.config.warning_lead = *lead;
                self.clock.set_warning_lead(*lead);
            }
            JourneyEvent::SupplyAdded { supply } => self.clock.add_supply(supply.clone())?,
            JourneyEvent::SupplySpent { id, amount, left } => {
                if self.clock.spend(id, *amount)? != *left {
                    return Err(mismatch("supply left"));
                }
            }
            JourneyEvent::SupplyRestocked { id, amount, total } => {
                if self.clock.restock(id, *amount)? != *total {
                    return Err(mismatch("supply total"));
                }
            }
            JourneyEvent::TimePassed { by, advanced } => {
                self.started()?;
                if self.clock.advance_seconds(*by)? != *advanced {
                    return Err(mismatch("the clock reports differ"));
                }
            }
            JourneyEvent::TimeDiceShown { dice } => {
                if &self.time_dice()? != dice {
                    return Err(mismatch("time dice"));
                }
            }
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    /// HYB travel (HYB-TRAVEL): scenes and travel turns away, overland distance; the roll to
    /// return (HYB-RETURN-01/02) and reaching safety.
    fn apply_travel(&mut self, event: &JourneyEvent) -> Result<()> {
        match event {
            JourneyEvent::SceneRecorded { scenes } => {
                self.require(&[JourneyMode::HybDungeon], "a scene")?;
                if *scenes != self.scenes.saturating_add(1)
                    || *scenes > self.config.scenes_per_travel_turn
                {
                    return Err(mismatch("scene count"));
                }
                self.scenes = *scenes;
            }
            JourneyEvent::TravelTurnRolled {
                travel_turns_away, ..
            } => {
                self.hyb_mode("a travel turn")?;
                if *travel_turns_away != self.travel_turns_away.saturating_add(1) {
                    return Err(mismatch("travel turns away"));
                }
                self.travel_turns_away = *travel_turns_away;
                self.scenes = 0;
            }
            JourneyEvent::OverlandCovered { .. } => {
                self.require(&[JourneyMode::HybOverland], "overland distance")?;
            }
            JourneyEvent::ReturnRolled { results, .. } => {
                self.hyb_mode("rolling to return")?;
                let dc = self.return_dc();
                for (i, r) in results.iter().enumerate() {
                    self.member(&r.id)?;
                    if r.dc != dc {
                        return Err(mismatch("roll to return DC"));
                    }
                    if self.returned.contains(&r.id)
                        || results
                            .iter()
                            .skip(i.saturating_add(1))
                            .any(|o| o.id == r.id)
                    {
                        return Err(mismatch("a member rolls to return once"));
                    }
                }
                // The trip back is abstracted: those who rolled are back (a miss costs them
                // damage or loads, HYB-RETURN-02, but they arrive). The party is no longer away
                // once every member is back; until then the others keep its DC.
                self.returned.extend(results.iter().map(|r| r.id.clone()));
                self.settle_returned();
            }
            JourneyEvent::SafetyReached => {
                self.started()?;
                self.travel_turns_away = 0;
                self.returned.clear();
            }
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    /// OSE dungeon and wilderness bookkeeping: the turn counters (OSE-DUNG), search and listen
    /// attempts (one per character, OSE-DUNG-06/14), forced doors and wilderness days
    /// (OSE-WILD); reported counters must match the ones computed here.
    fn apply_ose_counters(&mut self, event: &JourneyEvent) -> Result<()> {
        match event {
            JourneyEvent::DoorForced { by, .. } => {
                self.member(by)?;
            }
            JourneyEvent::DungeonTurnEnded { rested, clock, .. } => {
                self.require(&[JourneyMode::OseDungeon], "a dungeon turn")?;
                let next = self.dungeon.after_turn(*rested);
                if next != *clock {
                    return Err(mismatch("dungeon turn counters"));
                }
                self.dungeon = next;
            }
            JourneyEvent::DungeonTimeCounted { by, clock } => {
                self.require(&[JourneyMode::OseDungeon], "dungeon time")?;
                let next = self.dungeon.after_time(by.0);
                if next != *clock {
                    return Err(mismatch("dungeon turn counters"));
                }
                self.dungeon = next;
            }
            JourneyEvent::Searched { attempt, .. } => {
                self.record_attempt(Some(attempt.kind), &attempt.by, &attempt.target)?;
            }
            JourneyEvent::Listened { attempt, .. } => {
                self.record_attempt(None, &attempt.by, &attempt.door)?;
            }
            JourneyEvent::WildernessDayEnded {
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
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    /// OSE waterborne travel (OSE-WATER): the vessel, its repairs, and what wind, storms and
    /// a gale's landfall do to it.
    fn apply_vessel(&mut self, event: &JourneyEvent) -> Result<()> {
        match event {
            JourneyEvent::VesselSet { vessel } => {
                if vessel.base > MAX_RATE {
                    return Err(Error::invalid_argument("vessel movement too large"));
                }
                self.vessel = Some(*vessel);
            }
            JourneyEvent::VesselRepaired => {
                let v = self.vessel_mut()?;
                v.taking_water = false;
            }
            JourneyEvent::WindRolled { .. } => {
                self.vessel_mut()?.driven_by_gale = false;
            }
            JourneyEvent::StormResolved { outcome } => {
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
            JourneyEvent::LandfallRolled { wrecked, .. } => {
                let v = self.vessel_mut()?;
                if !v.driven_by_gale {
                    return Err(mismatch("no gale drives the vessel"));
                }
                v.driven_by_gale = false;
                v.lost = *wrecked;
            }
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    /// HYB corruption: an exposure that infects starts its first stage now; a stage ends only
    /// once its time is up, and an infection that is over is forgotten.
    fn apply_corruption(&mut self, event: &JourneyEvent) -> Result<()> {
        match event {
            JourneyEvent::Exposed { member, exposure } => {
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
            JourneyEvent::CorruptionStageEnded { member, index, end } => {
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
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    pub(super) fn vessel_mut(&mut self) -> Result<&mut Vessel> {
        self.vessel
            .as_mut()
            .ok_or_else(|| Error::out_of_order("there is no vessel"))
    }

    pub(super) fn record_attempt(
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
}

impl Journey {
    /// HYB-RETURN-01: once every member is back, the party is at safety: no travel turns
    /// away, nobody marked as returned.
    fn settle_returned(&mut self) {
        if !self.returned.is_empty() && self.members.iter().all(|m| self.returned.contains(&m.id)) {
            self.returned.clear();
            self.travel_turns_away = 0;
        }
    }
}

/// An event sent to another concern's method: a bug in the routing of `apply_one`, reported
/// as an error rather than a panic.
#[cold]
#[inline(never)]
fn misrouted(event: &JourneyEvent) -> Error {
    Error::new(
        ErrorCode::InvalidData,
        format!(
            "internal error: event {} reached the wrong handler",
            crate::wire::to_json(event)
        ),
    )
}
