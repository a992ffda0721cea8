//! Applying A5E world-phase events (A5E-TBA-05, A5E-WORLD-01..04): world actions used and
//! their recharge rolled.

use crate::encounter::event::EncounterEvent;
use crate::encounter::state::{Encounter, Phase};
use crate::encounter::world::RECHARGE_DIE;
use crate::error::{Error, Result};

use super::{bad, check_die, misrouted};

impl Encounter {
    pub(super) fn apply_world(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::RechargeRolled {
                action,
                die,
                recharged,
            } => {
                check_die(die, RECHARGE_DIE)?;
                let i = self.world_pos(action)?;
                let round = self.round;
                let w = self
                    .world
                    .get_mut(i)
                    .ok_or_else(|| Error::unknown_id("world action", action.as_str()))?;
                let r = w
                    .action
                    .recharge
                    .filter(|_| !w.charged)
                    .ok_or_else(|| bad("only a spent world action with a recharge rolls"))?;
                if r.recharges_on(die.face) != *recharged {
                    return Err(bad("recharge result does not match its die"));
                }
                if *recharged {
                    w.charged = true;
                    w.recharged_in = Some(round);
                }
            }
            EncounterEvent::WorldPhaseStarted { round, participant } => {
                if self.phase != Phase::Turns || *round != self.round {
                    return Err(Error::out_of_order("a world phase starts during a round"));
                }
                match participant {
                    Some(id) if !self.is_current(id) => {
                        return Err(Error::out_of_order(
                            "a rolling-movement world phase belongs to the current turn",
                        ));
                    }
                    None if self.active => {
                        return Err(Error::out_of_order(
                            "the round's world phase comes before anyone acts",
                        ));
                    }
                    _ => {}
                }
                self.world_used.clear();
                self.phase = Phase::World;
            }
            EncounterEvent::WorldActionUsed { action, targets } => {
                if self.phase != Phase::World {
                    return Err(Error::out_of_order("world actions happen in a world phase"));
                }
                for t in targets {
                    self.get(t)?;
                }
                let i = self.world_pos(action)?;
                if !self.world_usable(i) || self.world_used.contains(action) {
                    return Err(Error::not_allowed(format!(
                        "world action \"{action}\" is not charged or was used this phase"
                    )));
                }
                if let Some(w) = self.world.get_mut(i)
                    && w.action.recharge.is_some()
                {
                    w.charged = false;
                    w.recharged_in = None;
                }
                self.world_used.push(action.clone());
            }
            EncounterEvent::WorldPhaseEnded { round, .. } => {
                if self.phase != Phase::World || *round != self.round {
                    return Err(Error::out_of_order("no world phase to end"));
                }
                self.world_used.clear();
                self.phase = Phase::Turns;
            }
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }
}
