//! Commands that roll one check and record it: HYB's roll to return (HYB-RETURN), resilience
//! and corruption, and OSE's trap trigger, forced door, encounter distance and gale landfall.

use super::execute::misrouted;
use super::*;
use crate::dice::RollMode;
use crate::exploration::hyb::corruption::StageEnd;
use crate::exploration::hyb::return_trip::{ReturnAtZero, ReturnPath, ReturnWounds};

impl Journey {
    /// Run a rolled check: the mode's checks first, then one roll, then its event (and, for
    /// the roll to return, what a miss costs).
    pub(super) fn check_command(
        &mut self,
        command: JourneyCommand,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        match command {
            JourneyCommand::RollToReturn {
                path,
                who,
                at_zero,
                wounds,
            } => self.roll_to_return(path, &who, at_zero, wounds, roller, out),
            JourneyCommand::ResilienceCheck { member, advantage } => {
                self.resilience_check(member, advantage, roller, out)
            }
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
                let event = self.encounter_distance(either_side_surprised, roller)?;
                self.emit(event, out)
            }
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
                let end = self.corruption_stage_end(
                    &member,
                    index,
                    con_score,
                    harmed_score,
                    advantage,
                    roller,
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
                let wrecked = roll.success;
                self.emit(JourneyEvent::LandfallRolled { wrecked, roll }, out)
            }
            other => Err(misrouted(&other)),
        }
    }

    /// HYB-RETURN-01/02: the chosen members (everyone not yet back when `who` is empty), each
    /// once and not already returned, roll to return; the costs of a miss follow the roll.
    fn roll_to_return(
        &mut self,
        path: ReturnPath,
        who: &[Ident],
        at_zero: ReturnAtZero,
        wounds: ReturnWounds,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
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
        let results = roll_to_return(&returners, self.travel_turns_away, path, &mut *roller)?;
        self.emit(
            JourneyEvent::ReturnRolled {
                path,
                results: results.clone(),
            },
            out,
        )?;
        self.apply_return_costs(&results, at_zero, wounds, roller, out)
    }

    /// OSE encounter distance: in feet in a dungeon, in yards outdoors (where surprise on
    /// either side shortens it).
    fn encounter_distance(
        &self,
        either_side_surprised: bool,
        roller: &mut dyn DieRoller,
    ) -> Result<JourneyEvent> {
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
        Ok(JourneyEvent::EncounterDistance { dice, distance })
    }

    /// HYB corruption: the end of a member's infection stage, rolled once the stage is over
    /// (applying the event checks that).
    fn corruption_stage_end(
        &self,
        member: &Ident,
        index: u32,
        con_score: u8,
        harmed_score: u8,
        advantage: RollMode,
        roller: &mut dyn DieRoller,
    ) -> Result<StageEnd> {
        self.hyb_mode("corruption")?;
        let at = self.infection_position(member, index)?;
        let infection = self
            .infections
            .get(at)
            .map(|mi| &mi.infection)
            .ok_or_else(|| Error::unknown_id("infection", member.as_str()))?;
        infection.roll_stage_end(
            self.clock.now(),
            con_score,
            harmed_score,
            advantage,
            &mut *roller,
        )
    }
}
