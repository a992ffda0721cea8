//! Applying initiative events: surprise, the start of the encounter, declarations (GH-INIT,
//! OSE-INIT), initiative rolls and their tie-breaks, late joiners and forced changes of plan.

use crate::encounter::event::{EncounterEvent, SideRoll, TieDraw, TieUnit};
use crate::encounter::limits::{MAX_ROUND, MAX_TIE_DRAWS};
use crate::encounter::participant::{Declaration, Initiative, TurnStatus};
use crate::encounter::state::{Actor, Encounter, Phase};
use crate::error::{Error, ErrorCode, Result};
use crate::initiative::InitiativeRoll;
use crate::initiative::side::{INITIATIVE_DIE, SURPRISE_DIE, is_surprised};

use super::{bad, check_die, check_roll, misrouted};

impl Encounter {
    pub(super) fn apply_initiative(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::SurpriseChanged {
                participant,
                surprised,
            } => {
                self.get_mut(participant)?.surprised = *surprised;
            }
            EncounterEvent::SurpriseCheckRolled {
                participant,
                dice,
                modifier,
                total,
            } => {
                check_roll(&InitiativeRoll {
                    participants: vec![participant.clone()],
                    dice: dice.clone(),
                    modifier: *modifier,
                    total: *total,
                    source: Default::default(),
                })?;
                self.get_mut(participant)?.surprise_total = Some(*total);
            }
            EncounterEvent::SideSurpriseRolled {
                side,
                die,
                surprised,
            } => {
                check_die(die, SURPRISE_DIE)?;
                if is_surprised(die.face) != *surprised {
                    return Err(bad("surprise result does not match its die"));
                }
                if let Some(s) = self.side_entry(side) {
                    s.surprised = *surprised;
                }
            }
            EncounterEvent::EncounterStarted { ambushers, .. } => {
                if self.phase != Phase::Setup {
                    return Err(Error::out_of_order("the encounter has already started"));
                }
                self.ambushers = ambushers.clone();
                self.phase = Phase::Between;
            }
            EncounterEvent::DeclarationsOpened { round } => {
                if self.phase != Phase::Between || Some(*round) != self.round.checked_add(1) {
                    return Err(Error::out_of_order("declarations open between rounds only"));
                }
                if *round > MAX_ROUND {
                    return Err(Error::new(ErrorCode::LimitExceeded, "too many rounds"));
                }
                for p in self.participants.iter_mut().map(std::sync::Arc::make_mut) {
                    p.declaration = None;
                    p.initiative = None;
                    p.activities_used.clear();
                }
                for s in &mut self.sides {
                    s.total = None;
                    s.ties.clear();
                }
                self.phase = Phase::Declaring;
            }
            EncounterEvent::Declared {
                participant,
                declaration,
            } => {
                let i = self.declarable(participant, declaration)?;
                if let Some(p) = self.participants.get_mut(i).map(std::sync::Arc::make_mut) {
                    p.declaration = Some(declaration.clone());
                }
            }
            EncounterEvent::DeclaredMany { declarations } => {
                let at = declarations
                    .iter()
                    .map(|d| self.declarable(&d.participant, &d.declaration))
                    .collect::<Result<Vec<usize>>>()?;
                for (i, d) in at.into_iter().zip(declarations) {
                    if let Some(p) = self.participants.get_mut(i).map(std::sync::Arc::make_mut) {
                        p.declaration = Some(d.declaration.clone());
                    }
                }
            }
            EncounterEvent::InitiativeRolled { rolls } => {
                // Each id is looked up once; the check pass keeps the positions.
                let mut seen = vec![false; self.participants.len()];
                let mut at = Vec::with_capacity(rolls.len());
                for r in rolls {
                    check_roll(r)?;
                    for id in &r.participants {
                        let i = self.pos(id)?;
                        match seen.get_mut(i) {
                            Some(s) if !*s => *s = true,
                            _ => return Err(bad(format!("\"{id}\" rolled twice in one event"))),
                        }
                        at.push(i);
                    }
                }
                let mut at = at.into_iter();
                let hidden = self.hidden_now().unwrap_or_default();
                for r in rolls {
                    let roll = self.next_roll_id(&r.participants, &hidden);
                    for i in at.by_ref().take(r.participants.len()) {
                        if let Some(p) = self.participants.get_mut(i).map(std::sync::Arc::make_mut)
                        {
                            p.initiative = Some(Initiative {
                                total: r.total,
                                roll,
                                ties: Vec::new(),
                                rank: 0,
                            });
                        }
                    }
                }
            }
            EncounterEvent::SideInitiativeRolled { rolls } => {
                for SideRoll { die, .. } in rolls {
                    check_die(die, INITIATIVE_DIE)?;
                }
                for SideRoll { side, die } in rolls {
                    if let Some(s) = self.side_entry(side) {
                        s.total = i32::try_from(die.face).ok();
                        s.ties.clear();
                    }
                }
            }
            EncounterEvent::TiesBroken { draws } => {
                // Each id is looked up once; the check pass keeps the positions.
                let mut at = Vec::with_capacity(draws.len());
                for TieDraw { unit, die } in draws {
                    check_die(die, self.roll_off_die())?;
                    match unit {
                        TieUnit::Participants { participants } => {
                            for id in participants {
                                let i = self.pos(id)?;
                                at.push(i);
                                let init = self
                                    .participants
                                    .get(i)
                                    .and_then(|p| p.initiative.as_ref())
                                    .ok_or_else(|| {
                                        bad(format!("\"{id}\" has no initiative to roll off"))
                                    })?;
                                if init.ties.len() >= MAX_TIE_DRAWS {
                                    return Err(Error::new(
                                        ErrorCode::LimitExceeded,
                                        "the roll-off kept tying",
                                    ));
                                }
                            }
                        }
                        TieUnit::Side { side } => {
                            let s = self
                                .side_state(side)
                                .ok_or_else(|| Error::unknown_id("side", side.as_str()))?;
                            if s.total.is_none() || s.ties.len() >= MAX_TIE_DRAWS {
                                return Err(bad("side roll-off without a roll"));
                            }
                        }
                    }
                }
                let mut at = at.into_iter();
                for TieDraw { unit, die } in draws {
                    match unit {
                        TieUnit::Participants { participants } => {
                            for i in at.by_ref().take(participants.len()) {
                                if let Some(init) = self
                                    .participants
                                    .get_mut(i)
                                    .and_then(|p| std::sync::Arc::make_mut(p).initiative.as_mut())
                                {
                                    init.ties.push(die.face);
                                }
                            }
                        }
                        TieUnit::Side { side } => {
                            if let Some(s) = self.side_entry(side) {
                                s.ties.push(die.face);
                            }
                        }
                    }
                }
            }
            EncounterEvent::JoinedOrder { participant } => {
                if !matches!(self.phase, Phase::Turns | Phase::World) {
                    return Err(Error::out_of_order("no round is under way"));
                }
                let i = self.pos(participant)?;
                let p = self.get(participant)?;
                if !self.in_order(p)
                    || p.turn != TurnStatus::Waiting
                    || self.order_pos(participant).is_some()
                {
                    return Err(bad(format!("\"{participant}\" cannot join the order")));
                }
                let pending_only = self.rules().joins_among_pending();
                let at = self.insert_position(i, pending_only);
                self.order.insert(
                    at,
                    Actor::Participant {
                        participant: participant.clone(),
                    },
                );
                if at < self.done || (at == self.done && self.active) {
                    self.done = self.done.saturating_add(1);
                }
            }
            EncounterEvent::PlanForced {
                participant,
                declaration,
                roll,
            } => {
                check_roll(roll)?;
                declaration.validate()?;
                let p = self.get(participant)?;
                if roll.participants.as_slice() != [participant.clone()]
                    || p.turn != TurnStatus::Waiting
                    || self.is_current(participant)
                {
                    return Err(Error::out_of_order(
                        "a plan can be forced only before the creature's turn",
                    ));
                }
                self.remove_from_order(participant);
                let hidden = self.hidden_now().unwrap_or_default();
                let id = self.next_roll_id(&roll.participants, &hidden);
                let p = self.get_mut(participant)?;
                p.declaration = Some(Declaration::Greyhawk(declaration.clone()));
                p.initiative = Some(Initiative {
                    total: roll.total,
                    roll: id,
                    ties: Vec::new(),
                    rank: 0,
                });
            }
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }
}
