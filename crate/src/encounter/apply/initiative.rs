//! Applying initiative events: surprise, the start of the encounter, declarations (GH-INIT,
//! OSE-INIT), late joiners and forced changes of plan. The rolls themselves and their
//! tie-breaks are in `rolls.rs`.

use crate::encounter::event::EncounterEvent;
use crate::encounter::limits::MAX_ROUND;
use crate::encounter::participant::{Declaration, Initiative, TurnStatus};
use crate::encounter::state::{Actor, Encounter, Phase};
use crate::error::{Error, ErrorCode, Result};
use crate::ids::ParticipantId;
use crate::ids::ParticipantIds;
use crate::initiative::InitiativeRoll;
use crate::initiative::greyhawk::GhDeclaration;
use crate::initiative::side::{SURPRISE_DIE, is_surprised};
use crate::initiative::ties::TieFaces;

use super::{bad, check_die, check_roll, misrouted};

impl Encounter {
    /// Apply a surprise, declaration or initiative event (rolls and roll-offs go to `rolls.rs`).
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
                    participants: ParticipantIds::one(participant.clone()),
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
                let mut at: Vec<usize> = Vec::with_capacity(declarations.len());
                for d in declarations {
                    let next = at.last().map_or(0, |i| i.saturating_add(1));
                    at.push(self.declarable_from(&d.participant, &d.declaration, next)?);
                }
                self.set_declarations(&at, declarations);
            }
            EncounterEvent::InitiativeRolled { rolls } => self.apply_initiative_rolled(rolls)?,
            EncounterEvent::SideInitiativeRolled { rolls } => {
                self.apply_side_initiative_rolled(rolls)?;
            }
            EncounterEvent::TiesBroken { draws } => self.apply_ties_broken(draws)?,
            EncounterEvent::JoinedOrder { participant } => self.apply_joined_order(participant)?,
            EncounterEvent::PlanForced {
                participant,
                declaration,
                roll,
            } => self.apply_plan_forced(participant, declaration, roll)?,
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    /// Give the participant at each of `at` (roster positions) its declaration of
    /// `declarations`, in order: the change a `declaredMany` event makes once its declarations
    /// passed [`Encounter::declarable`] (here, or in the command that made the event).
    pub(crate) fn set_declarations(
        &mut self,
        at: &[usize],
        declarations: &[crate::encounter::command::ParticipantDeclaration],
    ) {
        for (i, d) in at.iter().zip(declarations) {
            if let Some(p) = self.participants.get_mut(*i).map(std::sync::Arc::make_mut) {
                p.declaration = Some(d.declaration.clone());
            }
        }
    }

    /// A participant that gained a count mid-round takes its place in the running order (under
    /// Greyhawk only among the turns still to come).
    fn apply_joined_order(&mut self, participant: &ParticipantId) -> Result<()> {
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
        self.order_mut().insert(
            at,
            Actor::Participant {
                participant: participant.clone(),
            },
        );
        if at < self.done || (at == self.done && self.active) {
            self.done = self.done.saturating_add(1);
        }
        Ok(())
    }

    /// Greyhawk: a creature whose plan is forced before its turn gets a new declaration and a
    /// new count, and leaves the order until it is placed again.
    fn apply_plan_forced(
        &mut self,
        participant: &ParticipantId,
        declaration: &GhDeclaration,
        roll: &InitiativeRoll,
    ) -> Result<()> {
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
            ties: TieFaces::new(),
            rank: 0,
        });
        Ok(())
    }
}
