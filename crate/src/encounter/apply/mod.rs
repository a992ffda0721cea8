//! Applying one event: the only code that changes an encounter.
//!
//! Each handler first checks everything it needs (ids, phase, dice faces, totals), then
//! changes the state, so an event that fails leaves the encounter exactly as it was. Commands
//! go through the same code (`execute` applies each event as it is produced), so a second
//! client that applies the events reaches an identical state by construction.

mod actions;
mod corrections;
mod delays;
mod initiative;
mod rolls;
mod roster;
mod turns;
mod world;

use crate::dice::RolledDie;
use crate::encounter::event::EncounterEvent;
use crate::encounter::limits::MAX_TOTAL;
use crate::encounter::participant::Declaration;
use crate::encounter::rules::declaration_kind;
use crate::encounter::state::{Encounter, Phase, SideState};
use crate::error::{Error, ErrorCode, Result};
use crate::ids::{ParticipantId, SideId};
use crate::initiative::InitiativeRoll;

fn bad(msg: impl Into<String>) -> Error {
    Error::new(ErrorCode::SnapshotInvalid, msg)
}

fn check_die(die: &RolledDie, sides: u32) -> Result<()> {
    if die.sides != sides || die.face == 0 || die.face > die.sides {
        return Err(bad(format!(
            "event die d{} showing {} is not a valid d{sides}",
            die.sides, die.face
        )));
    }
    Ok(())
}

fn check_roll(roll: &InitiativeRoll) -> Result<()> {
    for d in &roll.dice {
        if d.die.sides == 0 || d.die.face == 0 || d.die.face > d.die.sides {
            return Err(bad(format!(
                "event die d{} showing {} is impossible",
                d.die.sides, d.die.face
            )));
        }
    }
    if InitiativeRoll::computed_total(&roll.dice, roll.modifier) != Some(roll.total)
        || roll.total.checked_abs().is_none_or(|t| t > MAX_TOTAL)
    {
        return Err(bad(format!(
            "initiative total {} does not match its dice and modifier",
            roll.total
        )));
    }
    if roll.participants.is_empty() {
        return Err(bad("an initiative roll names no participant"));
    }
    Ok(())
}

impl Encounter {
    /// Where `participant` is, if it may take `declaration` now: the checks a declaration
    /// event and the commands that make one share.
    pub(crate) fn declarable(
        &self,
        participant: &ParticipantId,
        declaration: &Declaration,
    ) -> Result<usize> {
        // `usize::MAX` is no roster position: the participant is looked up by its id alone.
        self.declarable_from(participant, declaration, usize::MAX)
    }

    /// [`Encounter::declarable`], looking for the participant at roster position `hint` first
    /// ([`Encounter::pos_from`]): each declaration of a list, after the last one's place.
    pub(crate) fn declarable_from(
        &self,
        participant: &ParticipantId,
        declaration: &Declaration,
        hint: usize,
    ) -> Result<usize> {
        if self.phase != Phase::Declaring {
            return Err(Error::out_of_order(
                "declarations are made before the initiative roll",
            ));
        }
        let at = self.pos_from(participant, hint)?;
        if self.rules().declaration() != Some(declaration_kind(declaration)) {
            return Err(Error::invalid_argument(
                "this declaration is for another initiative system",
            ));
        }
        match declaration {
            Declaration::Greyhawk(d) => d.validate()?,
            // OSE-COMBAT-08: casting is the caster's only action that round and it cannot
            // move in it, so a spell cannot be declared with a fighting withdrawal or a retreat.
            Declaration::Ose(d) => {
                if d.spell && d.melee_movement.is_some() {
                    return Err(Error::not_allowed(
                        "a caster cannot move in the round it casts: declare the spell or the movement (OSE-COMBAT-08)",
                    ));
                }
            }
        }
        Ok(at)
    }

    /// The encounter's own handling of one event (the tracker is fed by `apply_with`), sent to
    /// the handler for its concern (one file each in this folder).
    pub(crate) fn apply_event(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::CreatureSet { .. }
            | EncounterEvent::ConditionImmunitiesSet { .. }
            | EncounterEvent::Damaged { .. }
            | EncounterEvent::CreatureUpdated { .. }
            | EncounterEvent::Incapacitated { .. }
            | EncounterEvent::EffectsAdded { .. }
            | EncounterEvent::EffectRemoved { .. }
            | EncounterEvent::ConcentrationDropped { .. }
            | EncounterEvent::ConditionsLoaded { .. }
            | EncounterEvent::Rested { .. }
            | EncounterEvent::ClockAdvanced { .. }
            | EncounterEvent::EffectsEnded { .. } => self.apply_vitals(event)?,
            EncounterEvent::CountSet { .. }
            | EncounterEvent::MovedInOrder { .. }
            | EncounterEvent::Restored { .. } => self.apply_corrections(event)?,
            EncounterEvent::ParticipantAdded { .. }
            | EncounterEvent::ParticipantRemoved { .. }
            | EncounterEvent::ParticipantRenamed { .. }
            | EncounterEvent::SideChanged { .. }
            | EncounterEvent::GroupChanged { .. }
            | EncounterEvent::CanActChanged { .. }
            | EncounterEvent::ControllerChanged { .. }
            | EncounterEvent::InitiativeCheckChanged { .. }
            | EncounterEvent::HiddenChanged { .. }
            | EncounterEvent::RoundLengthChanged { .. }
            | EncounterEvent::WorldActionAdded { .. }
            | EncounterEvent::WorldActionRemoved { .. } => self.apply_roster(event)?,
            EncounterEvent::SurpriseChanged { .. }
            | EncounterEvent::SurpriseCheckRolled { .. }
            | EncounterEvent::SideSurpriseRolled { .. }
            | EncounterEvent::EncounterStarted { .. }
            | EncounterEvent::DeclarationsOpened { .. }
            | EncounterEvent::Declared { .. }
            | EncounterEvent::DeclaredMany { .. }
            | EncounterEvent::InitiativeRolled { .. }
            | EncounterEvent::SideInitiativeRolled { .. }
            | EncounterEvent::TiesBroken { .. }
            | EncounterEvent::JoinedOrder { .. }
            | EncounterEvent::PlanForced { .. } => self.apply_initiative(event)?,
            EncounterEvent::RechargeRolled { .. }
            | EncounterEvent::WorldPhaseStarted { .. }
            | EncounterEvent::WorldActionUsed { .. }
            | EncounterEvent::WorldPhaseEnded { .. } => self.apply_world(event)?,
            EncounterEvent::RoundStarted { .. }
            | EncounterEvent::SideTurnStarted { .. }
            | EncounterEvent::PhaseStarted { .. }
            | EncounterEvent::TurnStarted { .. }
            | EncounterEvent::TurnDelayed { .. }
            | EncounterEvent::DelayResumed { .. }
            | EncounterEvent::TurnResumed { .. }
            | EncounterEvent::TurnSkipped { .. }
            | EncounterEvent::TurnGranted { .. }
            | EncounterEvent::TurnEnded { .. }
            | EncounterEvent::SideTurnEnded { .. }
            | EncounterEvent::EndOfRoundResolution { .. }
            | EncounterEvent::RoundEnded { .. }
            | EncounterEvent::EncounterEnded { .. } => self.apply_turns(event)?,
            EncounterEvent::ActivityUsed { .. }
            | EncounterEvent::ActionUsed { .. }
            | EncounterEvent::Readied { .. }
            | EncounterEvent::ReadyTriggered { .. }
            | EncounterEvent::ControlledCommanded { .. }
            | EncounterEvent::Harmed { .. }
            | EncounterEvent::SpellDisrupted { .. }
            | EncounterEvent::RetreatStarted { .. }
            | EncounterEvent::FollowersMoraleChecked { .. }
            | EncounterEvent::RetreatResolved { .. } => self.apply_actions(event)?,
        }
        Ok(())
    }

    fn side_entry(&mut self, side: &SideId) -> Option<&mut SideState> {
        if !self.sides.iter().any(|s| &s.side == side) {
            self.sides.push(SideState {
                side: side.clone(),
                surprised: false,
                total: None,
                ties: crate::initiative::ties::TieFaces::new(),
            });
        }
        self.sides.iter_mut().find(|s| &s.side == side)
    }

    pub(crate) fn world_pos(&self, id: &crate::ids::WorldActionId) -> Result<usize> {
        self.world
            .iter()
            .position(|w| &w.action.id == id)
            .ok_or_else(|| Error::unknown_id("world action", id.as_str()))
    }

    /// A5E-WORLD-03 / EX-A5E-15: whether world action `i` can be used now.
    pub(crate) fn world_usable(&self, i: usize) -> bool {
        self.world.get(i).is_some_and(|w| {
            w.charged
                && (self.config.a5e.use_on_recharge_round || w.recharged_in != Some(self.round))
        })
    }

    /// Remove a participant's entry from the order, keeping the current turn in place.
    pub(crate) fn remove_from_order(&mut self, id: &ParticipantId) {
        if let Some(at) = self.order_pos(id) {
            self.order_mut().remove(at);
            if at < self.done {
                self.done = self.done.saturating_sub(1);
            }
        }
    }

    /// A controller must exist, differ from the creature and not lead back to it.
    pub(crate) fn check_controller(
        &self,
        participant: &ParticipantId,
        controller: Option<&ParticipantId>,
    ) -> Result<()> {
        self.get(participant)?;
        let Some(mut c) = controller else {
            return Ok(());
        };
        let mut steps = 0usize;
        loop {
            if c == participant {
                return Err(Error::invalid_argument(
                    "a creature cannot control itself, directly or through others",
                ));
            }
            let next = self.get(c)?.controller.as_ref();
            match next {
                Some(n) if steps < self.participants.len() => {
                    c = n;
                    steps = steps.saturating_add(1);
                }
                _ => return Ok(()),
            }
        }
    }
}

/// An event sent to a handler for another concern: a bug in the dispatcher above, reported as
/// an error rather than a panic.
#[cold]
#[inline(never)]
fn misrouted(event: &EncounterEvent) -> Error {
    Error::new(
        ErrorCode::InvalidData,
        format!(
            "internal error: event {} reached the wrong handler",
            crate::wire::to_json(event)
        ),
    )
}
