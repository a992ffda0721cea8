//! The multi-step procedures: a HYB travel turn, an OSE dungeon turn, wilderness day and
//! waterborne day, each following its sequence of play (OSE-DUNG-08, OSE-WILD-06,
//! OSE-WATER-07).

use super::*;
use crate::exploration::chance::Chance;
use crate::exploration::ose::wilderness::Wayfinding;

impl Journey {
    pub(super) fn travel_turn(
        &mut self,
        plan: TravelTurnPlan,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
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
                    str_modifier: m.overland_str_modifier(),
                    encumbered: m.travels_encumbered(),
                })
                .collect();
            let miles = hyb_party_miles_per_day(&party, conditions)?;
            let roll = roll_travel_turn(plan.caution, &mut *roller)?;
            self.emit(
                JourneyEvent::TravelTurnRolled {
                    roll,
                    travel_turns_away: self.travel_turns_away.saturating_add(1),
                },
                out,
            )?;
            self.emit(JourneyEvent::OverlandCovered { conditions, miles }, out)?;
        } else {
            let roll = roll_travel_turn(plan.caution, &mut *roller)?;
            self.emit(
                JourneyEvent::TravelTurnRolled {
                    roll,
                    travel_turns_away: self.travel_turns_away.saturating_add(1),
                },
                out,
            )?;
        }
        // HYB-RES-01: an hourly travel turn is an hour of adventuring; a daily or weekly one
        // counts only when the journey is set to read "travel turns" literally.
        let hourly = interval.0 == SECONDS_PER_HOUR;
        let hours = u32::from(hourly || self.config.count_daily_travel_turns);
        self.count_hours(hours, out)?;
        self.pass_time(interval, out)
    }

    pub(super) fn dungeon_turn(
        &mut self,
        action: DungeonAction,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        self.require(&[JourneyMode::OseDungeon], "a dungeon turn")?;
        // OSE-DUNG-08 step 1: wandering monsters.
        if self
            .dungeon
            .wander_check_due(self.config.wander_interval_turns)
        {
            let roll = roll_chance(self.config.dungeon_wander_chance, &mut *roller)?;
            self.emit(
                JourneyEvent::WanderingChecked {
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
                    self.emit(JourneyEvent::Searched { attempt, result }, out)?;
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
                    self.emit(JourneyEvent::Listened { attempt, result }, out)?;
                }
            }
            DungeonAction::Rest | DungeonAction::Other => {}
        }
        // Step 4: end of turn.
        let clock = self.dungeon.after_turn(rested);
        self.emit(
            JourneyEvent::DungeonTurnEnded {
                rested,
                clock,
                moved,
            },
            out,
        )?;
        self.pass_time(Seconds(SECONDS_PER_EXPLORATION_TURN), out)
    }

    pub(super) fn wilderness_day(
        &mut self,
        plan: WildernessDayPlan,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
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
            let chance = plan.lost_chance.or(lost_chance(plan.route.terrain));
            self.check_lost(ctx, plan.wayfinding, chance, roller, out)?;
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
                    self.emit(JourneyEvent::WanderingChecked { context: ctx, roll }, out)?;
                }
                None => self.emit(
                    JourneyEvent::CheckSkipped {
                        context: ctx,
                        what: SkippedCheck::WanderingNoChance,
                    },
                    out,
                )?,
            }
        }
        if plan.activity == DayActivity::Hunt {
            let roll = roll_hunt(&mut *roller)?;
            self.emit(JourneyEvent::Hunted { roll }, out)?;
        }
        if plan.forage {
            let found = roll_forage(&mut *roller)?;
            self.emit(JourneyEvent::Foraged { found }, out)?;
        }
        let miles = if plan.activity == DayActivity::Travel {
            ose_miles_per_day(rate, plan.route, self.config.third_slower)?
        } else {
            Miles(0)
        };
        if plan.activity == DayActivity::Rest && !plan.rest_interrupted {
            self.rest_day_healing(&mut *roller, out)?;
        }
        let clock = self.wilderness.after_day(plan.activity, plan.route.pace);
        self.emit(
            JourneyEvent::WildernessDayEnded {
                activity: plan.activity,
                pace: plan.route.pace,
                miles,
                clock,
            },
            out,
        )?;
        self.pass_time(Seconds(SECONDS_PER_DAY), out)
    }

    pub(super) fn water_day(
        &mut self,
        plan: WaterDayPlan,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
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
        // Step 2: losing direction (OSE-WATER-02), unless a river, a coast or a guide keeps the
        // vessel on course (OSE-HAZ-03, as on land).
        let chance = water_lost_chance(plan.waters, plan.navigator);
        self.check_lost(ctx, plan.wayfinding, Some(chance), roller, out)?;
        // Step 3: weather.
        let wind = roll_wind(self.config.wind_table, &mut *roller)?;
        self.emit(JourneyEvent::WindRolled { wind: wind.clone() }, out)?;
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
                self.emit(JourneyEvent::StormResolved { outcome }, out)?;
            }
        }
        // Step 4: wandering monsters.
        let chance = plan
            .wander_chance
            .unwrap_or(water_wander_chance(plan.waters));
        for _ in 0..plan.wander_checks {
            let roll = roll_chance(chance, &mut *roller)?;
            self.emit(JourneyEvent::WanderingChecked { context: ctx, roll }, out)?;
        }
        let current = if let Waters::River { downstream } = plan.waters {
            let current = roll_current(downstream, &mut *roller)?;
            self.emit(
                JourneyEvent::CurrentRolled {
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
        self.emit(JourneyEvent::WaterDayEnded { miles }, out)?;
        self.pass_time(Seconds(SECONDS_PER_DAY), out)
    }

    // ---- applying events ----
    /// A day's losing-direction step (OSE-WILD-07 on land, OSE-WATER-02 on the water): no roll
    /// when the party follows a trail, road or landmark (on the water a river or coast) or has
    /// a reliable guide (OSE-HAZ-03), nor when no chance is known; else the X-in-6 roll.
    fn check_lost(
        &mut self,
        context: CheckContext,
        wayfinding: Wayfinding,
        chance: Option<Chance>,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        let skipped = |what| JourneyEvent::CheckSkipped { context, what };
        if wayfinding.cannot_get_lost() {
            return self.emit(skipped(SkippedCheck::LostPrevented), out);
        }
        let Some(chance) = chance else {
            return self.emit(skipped(SkippedCheck::LostNoChance), out);
        };
        let roll = roll_chance(chance, roller)?;
        self.emit(
            JourneyEvent::LostChecked {
                context,
                lost: roll.success,
                roll: Some(roll),
            },
            out,
        )
    }
}
