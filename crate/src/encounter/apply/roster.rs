//! Applying events that change who takes part: participants joining, leaving and changing
//! (name, side, group, control, whether they can act), the round length, and the world actions
//! registered for the scene.

use crate::encounter::event::EncounterEvent;
use crate::encounter::limits::{MAX_PARTICIPANTS, MAX_WORLD_ACTIONS};
use crate::encounter::participant::{NewParticipant, Participant};
use crate::encounter::state::Encounter;
use crate::encounter::world::{WorldAction, WorldActionState};
use crate::error::{Error, ErrorCode, Result};
use crate::ids::ParticipantId;

use super::misrouted;
use crate::initiative::rules::ControlRule;

impl Encounter {
    /// Apply a roster event (the longer handlers are below).
    pub(super) fn apply_roster(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::ParticipantAdded { participant } => {
                self.apply_participant_added(participant)?;
            }
            EncounterEvent::ParticipantRemoved { participant, .. } => {
                self.apply_participant_removed(participant)?;
            }
            EncounterEvent::HiddenChanged {
                participant,
                hidden,
            } => {
                let p = self.get_mut(participant)?;
                let was = p.hidden;
                p.hidden = *hidden;
                if *hidden || was {
                    self.secrets = true;
                }
                if !*hidden {
                    self.settle_revealed();
                }
            }
            EncounterEvent::ParticipantRenamed { participant, name } => {
                self.get_mut(participant)?.name = name.clone();
            }
            EncounterEvent::SideChanged { participant, side } => {
                self.get_mut(participant)?.side = side.clone();
            }
            EncounterEvent::GroupChanged { participant, group } => {
                self.get_mut(participant)?.group = group.clone();
            }
            EncounterEvent::CanActChanged {
                participant,
                can_act,
            } => {
                self.get_mut(participant)?.can_act = *can_act;
            }
            EncounterEvent::ControllerChanged {
                participant,
                controller,
            } => self.apply_controller_changed(participant, controller.as_ref())?,
            EncounterEvent::InitiativeCheckChanged { participant, check } => {
                self.get_mut(participant)?.check = check.clone();
            }
            EncounterEvent::RoundLengthChanged { length } => {
                self.config.check_round_length(*length)?;
                self.config.round_length = Some(*length);
            }
            EncounterEvent::WorldActionAdded { action } => self.apply_world_action_added(action)?,
            EncounterEvent::WorldActionRemoved { action } => {
                let i = self.world_pos(action)?;
                self.world.remove(i);
                self.world_used.retain(|w| w != action);
            }
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    /// A new participant, unless its id is taken or the encounter is full; a hidden one makes
    /// the encounter hold secrets from the players.
    fn apply_participant_added(&mut self, participant: &NewParticipant) -> Result<()> {
        if self.index.contains_key(&participant.id) {
            return Err(Error::new(
                ErrorCode::DuplicateId,
                format!("participant \"{}\" already exists", participant.id),
            ));
        }
        if self.participants.len() >= MAX_PARTICIPANTS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("an encounter holds at most {MAX_PARTICIPANTS} participants"),
            ));
        }
        crate::encounter::execute::validate_new(self, participant)?;
        if participant.hidden {
            self.secrets = true;
        }
        self.participants
            .push(std::sync::Arc::new(Participant::from_new(
                participant.clone(),
            )));
        std::sync::Arc::make_mut(&mut self.index).insert(
            participant.id.clone(),
            self.participants.len().saturating_sub(1),
        );
        Ok(())
    }

    /// A participant leaves: not during its own turn, nor while it controls creatures.
    fn apply_participant_removed(&mut self, participant: &ParticipantId) -> Result<()> {
        let i = self.pos(participant)?;
        if self.is_current(participant) {
            return Err(Error::out_of_order(
                "end the participant's turn before removing it",
            ));
        }
        if self
            .participants
            .iter()
            .any(|p| p.controller.as_ref() == Some(participant))
        {
            return Err(Error::not_allowed(
                "release the creatures it controls before removing it",
            ));
        }
        // What a hidden participant leaves behind stays out of the players' view.
        if self
            .hidden_now()
            .is_some_and(|hidden| hidden.contains(participant))
        {
            self.secrets = true;
        }
        self.remove_from_order(participant);
        self.participants.remove(i);
        self.rebuild_index();
        Ok(())
    }

    /// A creature gets (or loses) a controller. Where controlled creatures act on their
    /// controller's turn (A5E-CTRL-01) it leaves the order; never during its own turn.
    fn apply_controller_changed(
        &mut self,
        participant: &ParticipantId,
        controller: Option<&ParticipantId>,
    ) -> Result<()> {
        self.check_controller(participant, controller)?;
        if controller.is_some() && self.is_current(participant) {
            return Err(Error::out_of_order(
                "control cannot change during the creature's own turn",
            ));
        }
        let acts_on_controller_turn = self.rules().control() == ControlRule::ControllersTurn;
        if controller.is_some() && acts_on_controller_turn {
            self.remove_from_order(participant);
        }
        self.get_mut(participant)?.controller = controller.cloned();
        self.settle_revealed();
        Ok(())
    }

    /// A world action registered for the scene (A5E-WORLD-01), charged, under a fresh id and
    /// within the limit.
    fn apply_world_action_added(&mut self, action: &WorldAction) -> Result<()> {
        action.validate()?;
        if self.world.iter().any(|w| w.action.id == action.id) {
            return Err(Error::new(
                ErrorCode::DuplicateId,
                format!("world action \"{}\" already exists", action.id),
            ));
        }
        if self.world.len() >= MAX_WORLD_ACTIONS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_WORLD_ACTIONS} world actions"),
            ));
        }
        self.world.push(WorldActionState {
            action: action.clone(),
            charged: true,
            recharged_in: None,
        });
        Ok(())
    }
}
