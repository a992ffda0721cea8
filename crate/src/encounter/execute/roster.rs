//! Roster and set-up commands: participants, control, surprise.

use crate::encounter::command::EncounterCommand;
use crate::encounter::event::EncounterEvent;
use crate::encounter::execute::ctx::{Ctx, check_list, misrouted, require_not_ended};
use crate::encounter::limits::{MAX_MODIFIER, MAX_TARGETS};
use crate::encounter::participant::{
    MAX_SCORE, MIN_SCORE, NewParticipant, Participant, modifier_of,
};
use crate::encounter::state::{Encounter, Phase};
use crate::encounter::vitals::check_immunities;
use crate::error::{Error, ErrorCode, Result};
use crate::ids::{ParticipantId, SideId};
use crate::initiative::ability_check::InitiativeCheck;
use crate::initiative::rules::{ControlRule, OpeningRoll, SurpriseRule};
use crate::initiative::side::{SURPRISE_DIE, is_surprised};
use crate::initiative::{RollMode, roll_d20, roll_one};

/// Check a new participant against the limits and the roster (used by `apply` too).
pub(crate) fn validate_new(enc: &Encounter, p: &NewParticipant) -> Result<()> {
    if !(MIN_SCORE..=MAX_SCORE).contains(&p.dex) {
        return Err(Error::invalid_argument(format!(
            "a Dexterity score is {MIN_SCORE} to {MAX_SCORE}, not {}",
            p.dex
        )));
    }
    if let Some(m) = p.dex_mod
        && !(-10..=15).contains(&m)
    {
        return Err(Error::invalid_argument(
            "a Dexterity modifier is −10 to +15",
        ));
    }
    if let Some(c) = p.fixed_count
        && c.checked_abs().is_none_or(|a| a > MAX_MODIFIER)
    {
        return Err(Error::invalid_argument(format!(
            "a fixed count is −{MAX_MODIFIER} to {MAX_MODIFIER}"
        )));
    }
    if let Some(c) = &p.controller {
        if c == &p.id {
            return Err(Error::invalid_argument("a creature cannot control itself"));
        }
        enc.get(c)?;
        controller_allowed(enc)?;
    }
    check_immunities(enc, &p.condition_immunities)
}

/// Controllers: GH-INIT-14 and A5E-CTRL; under HYB the link says whom a retainer or NPC follows
/// (HYB-MORALE-04: they check morale when that PC retreats), and followers keep their own place
/// in the Dex order.
fn controller_allowed(enc: &Encounter) -> Result<()> {
    if enc.rules().control() == ControlRule::Unsupported {
        return Err(Error::not_allowed(
            "this initiative system has no rules for controlled creatures",
        ));
    }
    Ok(())
}

/// The check a participant's d20 initiative is: its own, else the start's `fallback`, under A5E
/// (A5E-INIT-02); `None` for a plain Dexterity check (5e, or no check given).
pub(crate) fn initiative_check<'a>(
    enc: &Encounter,
    p: &'a Participant,
    fallback: Option<&'a InitiativeCheck>,
) -> Option<&'a InitiativeCheck> {
    if ability_check_initiative(enc) {
        p.check.as_ref().or(fallback)
    } else {
        None
    }
}

/// The check modifier of a participant for A5E initiative (A5E-INIT-01/02) or 5e (Dex).
pub(crate) fn check_modifier(
    enc: &Encounter,
    id: &ParticipantId,
    fallback: Option<&InitiativeCheck>,
) -> Result<i32> {
    let p = enc.get(id)?;
    Ok(match initiative_check(enc, p, fallback) {
        Some(c) => i32::from(p.modifier(c.ability)).saturating_add(i32::from(c.bonus)),
        None => i32::from(p.dex_mod),
    })
}

/// Whether initiative is an ability check of the creature's choosing (A5E-INIT-02), whose
/// surprise-step check may stand in for it (A5E-INIT-04).
pub(crate) fn ability_check_initiative(enc: &Encounter) -> bool {
    enc.rules().opening_roll()
        == OpeningRoll::D20 {
            ability_check: true,
        }
}

impl Ctx<'_> {
    /// Roster and set-up commands: participants joining, leaving and changing, control,
    /// surprise, the round's length and the world actions on offer.
    pub(super) fn roster_command(&mut self, command: EncounterCommand) -> Result<()> {
        match command {
            EncounterCommand::AddParticipant { participant } => self.add_participant(participant),
            EncounterCommand::RemoveParticipant { participant } => {
                self.remove_participant(participant)
            }
            EncounterCommand::Rename { participant, name } => {
                self.check_settable(&participant)?;
                self.emit(EncounterEvent::ParticipantRenamed { participant, name })
            }
            EncounterCommand::SetHidden {
                participant,
                hidden,
            } => {
                self.check_settable(&participant)?;
                self.emit(EncounterEvent::HiddenChanged {
                    participant,
                    hidden,
                })
            }
            EncounterCommand::ChangeSide { participant, side } => {
                self.check_settable(&participant)?;
                self.emit(EncounterEvent::SideChanged { participant, side })
            }
            EncounterCommand::ChangeGroup { participant, group } => {
                self.check_settable(&participant)?;
                self.emit(EncounterEvent::GroupChanged { participant, group })
            }
            EncounterCommand::SetCanAct {
                participant,
                can_act,
            } => {
                self.check_settable(&participant)?;
                self.emit(EncounterEvent::CanActChanged {
                    participant,
                    can_act,
                })
            }
            EncounterCommand::SetController {
                participant,
                controller,
            } => self.set_controller(participant, controller),
            EncounterCommand::SetInitiativeCheck { participant, check } => {
                self.check_settable(&participant)?;
                self.emit(EncounterEvent::InitiativeCheckChanged { participant, check })
            }
            EncounterCommand::SetRoundLength { length } => {
                require_not_ended(self.enc)?;
                self.enc.config.check_round_length(length)?;
                self.emit(EncounterEvent::RoundLengthChanged { length })
            }
            EncounterCommand::SetSurprised {
                participants,
                surprised,
            } => self.set_surprised(participants, surprised),
            EncounterCommand::SurpriseCheck { participant, check } => {
                self.surprise_check(participant, check)
            }
            EncounterCommand::RollSurprise { sides } => self.roll_surprise(sides),
            EncounterCommand::AddWorldAction { action } => {
                require_not_ended(self.enc)?;
                self.emit(EncounterEvent::WorldActionAdded { action })
            }
            EncounterCommand::RemoveWorldAction { action } => {
                require_not_ended(self.enc)?;
                self.enc.world_pos(&action)?;
                self.emit(EncounterEvent::WorldActionRemoved { action })
            }
            other => Err(misrouted(&other)),
        }
    }

    /// A participant's own settings (name, side, group, hidden, can act, initiative check)
    /// change at any time until the encounter ends, for a participant it knows.
    fn check_settable(&self, participant: &ParticipantId) -> Result<()> {
        require_not_ended(self.enc)?;
        self.enc.get(participant)?;
        Ok(())
    }

    pub(crate) fn add_participant(&mut self, mut p: NewParticipant) -> Result<()> {
        require_not_ended(self.enc)?;
        validate_new(self.enc, &p)?;
        p.dex_mod = Some(p.dex_mod.unwrap_or(modifier_of(p.dex)));
        let id = p.id.clone();
        self.emit(EncounterEvent::ParticipantAdded { participant: p })?;
        if self.enc.running() {
            self.join_running(&id, RollMode::Normal, None)?;
        }
        Ok(())
    }

    /// Give a participant who joins a running encounter its initiative and, mid-round, its
    /// place: A5E/5e roll now (A5E-INIT-05 fixed counts need no roll), HYB uses its Dex score;
    /// Greyhawk and OSE roll at the next declaration.
    pub(crate) fn join_running(
        &mut self,
        id: &ParticipantId,
        mode: RollMode,
        check: Option<&InitiativeCheck>,
    ) -> Result<()> {
        let rules = self.enc.rules();
        let p = self.enc.get(id)?;
        if p.out {
            return Ok(());
        }
        let fixed_order = rules.opening_roll() != OpeningRoll::EachRound;
        let on_controllers_turn =
            rules.control() == ControlRule::ControllersTurn && p.controller.is_some();
        if !fixed_order || on_controllers_turn {
            return Ok(());
        }
        if p.initiative.is_none() {
            let roll = self.initiative_roll(id, mode, check)?;
            self.emit(EncounterEvent::InitiativeRolled { rolls: vec![roll] })?;
        }
        if matches!(self.enc.phase, Phase::Turns | Phase::World) {
            self.settle_ties()?;
            let p = self.enc.get(id)?;
            // Only a participant still waiting for its turn this round joins now; anyone else
            // takes its place when the next round's order is built.
            if self.enc.in_order(p)
                && p.turn == crate::encounter::participant::TurnStatus::Waiting
                && self.enc.order_pos(id).is_none()
            {
                self.emit(EncounterEvent::JoinedOrder {
                    participant: id.clone(),
                })?;
            }
        }
        Ok(())
    }

    pub(crate) fn remove_participant(&mut self, id: ParticipantId) -> Result<()> {
        require_not_ended(self.enc)?;
        self.enc.get(&id)?;
        let was_current = self.enc.is_current(&id);
        if was_current {
            self.close_active_actor()?;
        } else if self.enc.participant(&id).is_some_and(|p| {
            matches!(
                p.turn,
                crate::encounter::participant::TurnStatus::Started
                    | crate::encounter::participant::TurnStatus::Resumed
            )
        }) {
            self.emit(EncounterEvent::TurnEnded {
                participant: id.clone(),
                round: self.round(),
            })?;
        }
        let controlled: Vec<ParticipantId> = self
            .enc
            .participants
            .iter()
            .filter(|p| p.controller.as_ref() == Some(&id))
            .map(|p| p.id.clone())
            .collect();
        for c in controlled {
            self.emit(EncounterEvent::ControllerChanged {
                participant: c.clone(),
                controller: None,
            })?;
            if self.enc.running() {
                self.join_running(&c, RollMode::Normal, None)?;
            }
        }
        let name = self.enc.participant(&id).map(|p| p.name.clone());
        self.emit(EncounterEvent::ParticipantRemoved {
            participant: id,
            name,
        })?;
        if was_current {
            self.begin_next()?;
        }
        Ok(())
    }

    pub(crate) fn set_controller(
        &mut self,
        id: ParticipantId,
        controller: Option<ParticipantId>,
    ) -> Result<()> {
        require_not_ended(self.enc)?;
        if controller.is_some() {
            controller_allowed(self.enc)?;
        }
        self.enc.check_controller(&id, controller.as_ref())?;
        if self.enc.is_current(&id) {
            return Err(Error::out_of_order(
                "control cannot change during the creature's own turn",
            ));
        }
        let releasing = controller.is_none();
        self.emit(EncounterEvent::ControllerChanged {
            participant: id.clone(),
            controller,
        })?;
        if releasing && self.enc.running() {
            self.join_running(&id, RollMode::Normal, None)?;
        }
        Ok(())
    }

    pub(crate) fn set_surprised(&mut self, ids: Vec<ParticipantId>, surprised: bool) -> Result<()> {
        match self.enc.rules().surprise() {
            SurpriseRule::SideRoll { by_hand } | SurpriseRule::Absent { by_hand } => {
                return Err(Error::not_allowed(by_hand));
            }
            SurpriseRule::UntilRoundEnd => {
                if !matches!(self.enc.phase, Phase::Setup | Phase::Declaring) {
                    return Err(Error::out_of_order(
                        "surprise is set before the initiative roll (GH-SURP-01)",
                    ));
                }
            }
            SurpriseRule::FirstTurn => {
                if self.enc.phase != Phase::Setup {
                    return Err(Error::out_of_order(
                        "surprise is decided before initiative (A5E-SURP-01)",
                    ));
                }
            }
        }
        if ids.is_empty() {
            return Err(Error::invalid_argument("name at least one participant"));
        }
        check_list(self.enc, &ids)?;
        for participant in ids {
            self.emit(EncounterEvent::SurpriseChanged {
                participant,
                surprised,
            })?;
        }
        Ok(())
    }

    pub(crate) fn surprise_check(
        &mut self,
        id: ParticipantId,
        check: Option<InitiativeCheck>,
    ) -> Result<()> {
        if !ability_check_initiative(self.enc) {
            return Err(Error::not_allowed(
                "a surprise-step check counts as initiative only under A5E (A5E-INIT-04)",
            ));
        }
        if self.enc.phase != Phase::Setup {
            return Err(Error::out_of_order(
                "the surprise step comes before initiative",
            ));
        }
        let modifier = check_modifier(self.enc, &id, None)?;
        let modifier = match &check {
            Some(c) => {
                let p = self.enc.get(&id)?;
                i32::from(p.modifier(c.ability)).saturating_add(i32::from(c.bonus))
            }
            None => modifier,
        };
        let dice = roll_d20(self.dice, RollMode::Normal)?;
        let total = crate::initiative::InitiativeRoll::computed_total(&dice, modifier)
            .ok_or_else(|| Error::invalid_argument("check total out of range"))?;
        self.emit(EncounterEvent::SurpriseCheckRolled {
            participant: id,
            dice,
            modifier,
            total,
        })
    }

    pub(crate) fn roll_surprise(&mut self, sides: Vec<SideId>) -> Result<()> {
        if !matches!(self.enc.rules().surprise(), SurpriseRule::SideRoll { .. }) {
            return Err(Error::not_allowed(
                "side surprise rolls belong to OSE (OSE-SURP-02)",
            ));
        }
        let before_first_roll = matches!(self.enc.phase, Phase::Setup)
            || (self.enc.phase == Phase::Declaring && self.enc.round == 0);
        if !before_first_roll {
            return Err(Error::out_of_order(
                "surprise is rolled before the first initiative roll (OSE-ENC-02)",
            ));
        }
        if sides.is_empty() || sides.len() > MAX_TARGETS {
            return Err(Error::invalid_argument("name the unaware sides"));
        }
        for (i, s) in sides.iter().enumerate() {
            if !self.enc.participants.iter().any(|p| &p.side == s) {
                return Err(Error::unknown_id("side", s.as_str()));
            }
            if sides.iter().skip(i.saturating_add(1)).any(|o| o == s) {
                return Err(Error::new(
                    ErrorCode::InvalidArgument,
                    format!("side \"{s}\" is listed twice"),
                ));
            }
        }
        for side in sides {
            let die = roll_one(self.dice, SURPRISE_DIE)?;
            self.emit(EncounterEvent::SideSurpriseRolled {
                side,
                die,
                surprised: is_surprised(die.face),
            })?;
        }
        Ok(())
    }
}
