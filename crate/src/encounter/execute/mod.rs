//! Executing commands: decide what happens (rolling dice through the caller's source), emit the
//! events, and apply each one to the encounter as it is emitted. [`Encounter::execute`] runs
//! on a working copy that replaces the encounter only if the whole command succeeds, so a
//! failing command, even one that fails after rolling, leaves the encounter exactly as it was.
//! The engine, which can rebuild the state from its history, runs commands in place instead
//! ([`Encounter::execute_in_place`]) and restores the state only when a command fails after
//! its first event: copying a 500-combatant encounter for every command cost more than
//! anything else in a Greyhawk round but the JSON.

mod able;
mod ctx;
mod flow;
mod greyhawk_roll;
mod roster;
mod turn;
mod vitals;

use flow::{Declarations, declaration_event, declarations_of, declare_many_event};

use crate::dice::DieRoller;
use crate::encounter::command::EncounterCommand;
use crate::encounter::event::EncounterEvent;
use crate::encounter::state::Encounter;
use crate::engine::Failed;
use crate::error::{Error, Result};
use crate::ids::ParticipantId;

pub(crate) use ctx::{Ctx, require_running};
pub(crate) use roster::validate_new;

impl Encounter {
    /// Run one command. On success the encounter has changed and the events say how; on error
    /// nothing has changed.
    pub fn execute(
        &mut self,
        command: EncounterCommand,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<EncounterEvent>> {
        match declarations_of(command) {
            Ok(declarations) => self.declare(declarations),
            Err(other) => self.execute_on_copy(other, dice),
        }
    }

    /// Declarations need no working copy (this keeps a 500-creature declaration phase cheap):
    /// each is checked against the unchanged state first (a declaration never changes what the
    /// next one is checked against), then all are applied, so either every declaration is
    /// accepted or none is. The checks of a `declaredMany` event's handler are a part of the
    /// command's, so its declarations are set where the command found them rather than
    /// checked and looked up a second time.
    fn declare(&mut self, declarations: Declarations) -> Result<Vec<EncounterEvent>> {
        let event = match declarations {
            Declarations::Many(list) => {
                let (event, at) = declare_many_event(self, list)?;
                if let EncounterEvent::DeclaredMany { declarations } = &event {
                    self.set_declarations(&at, declarations);
                }
                event
            }
            one @ Declarations::One(..) => {
                let event = declaration_event(self, one)?;
                self.apply(&event)?;
                event
            }
        };
        Ok(vec![event])
    }

    /// Run any other command on a working copy that replaces the encounter only on success.
    fn execute_on_copy(
        &mut self,
        command: EncounterCommand,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<EncounterEvent>> {
        let mut work = self.clone();
        let events = work.run(command, dice).map_err(|f| f.error)?;
        *self = work;
        Ok(events)
    }

    /// Run one command on the encounter itself, without a working copy. On success as
    /// [`Encounter::execute`]; on failure [`Failed::touched`] says whether the encounter may
    /// have changed, and a caller that sees it set must put back the state from before (the
    /// engine rebuilds it from its history). A command that fails its checks, as most failing
    /// commands do, fails before its first event and leaves it untouched.
    pub fn execute_in_place(
        &mut self,
        command: EncounterCommand,
        dice: &mut dyn DieRoller,
    ) -> core::result::Result<Vec<EncounterEvent>, Failed> {
        match declarations_of(command) {
            // Checked against the state first, then applied (all or none): never touched.
            Ok(declarations) => self.declare(declarations).map_err(|error| Failed {
                error,
                touched: false,
            }),
            Err(other) => self.run(other, dice),
        }
    }

    /// Run a command on this encounter through a [`Ctx`].
    fn run(
        &mut self,
        command: EncounterCommand,
        dice: &mut dyn DieRoller,
    ) -> core::result::Result<Vec<EncounterEvent>, Failed> {
        let mut ctx = Ctx {
            enc: self,
            events: Vec::new(),
            dice,
            touched: false,
        };
        match ctx.run(command) {
            Ok(()) => Ok(ctx.events),
            Err(error) => Err(Failed {
                error,
                touched: ctx.touched,
            }),
        }
    }

    /// Apply several events (from another client) atomically: all or none.
    pub fn apply_all(&mut self, events: &[EncounterEvent]) -> Result<()> {
        let mut copy = self.clone();
        for e in events {
            copy.apply_in_place(e)?;
        }
        *self = copy;
        Ok(())
    }
}

impl Ctx<'_> {
    /// `moveInOrder`: name exactly one neighbour; the event carries its count, which a
    /// follower checks.
    fn move_in_order(
        &mut self,
        participant: ParticipantId,
        before: Option<ParticipantId>,
        after: Option<ParticipantId>,
    ) -> Result<()> {
        let (target, after) = match (before, after) {
            (Some(t), None) => (t, false),
            (None, Some(t)) => (t, true),
            _ => {
                return Err(Error::invalid_argument(
                    "moveInOrder names exactly one of `before` and `after`",
                ));
            }
        };
        let count = self.enc.get(&target)?.count().ok_or_else(|| {
            Error::out_of_order(format!("\"{target}\" has no initiative count yet"))
        })?;
        self.emit(EncounterEvent::MovedInOrder {
            participant,
            target,
            after,
            count,
        })
    }

    /// Run a command: each family goes to the method in the file that holds its handlers
    /// (roster and set-up, rounds and turns, within a turn, creatures, effects); the
    /// corrections of order stay here.
    fn run(&mut self, command: EncounterCommand) -> Result<()> {
        match command {
            EncounterCommand::AddParticipant { .. }
            | EncounterCommand::RemoveParticipant { .. }
            | EncounterCommand::Rename { .. }
            | EncounterCommand::SetHidden { .. }
            | EncounterCommand::ChangeSide { .. }
            | EncounterCommand::ChangeGroup { .. }
            | EncounterCommand::SetCanAct { .. }
            | EncounterCommand::SetController { .. }
            | EncounterCommand::SetInitiativeCheck { .. }
            | EncounterCommand::SetRoundLength { .. }
            | EncounterCommand::SetSurprised { .. }
            | EncounterCommand::SurpriseCheck { .. }
            | EncounterCommand::RollSurprise { .. }
            | EncounterCommand::AddWorldAction { .. }
            | EncounterCommand::RemoveWorldAction { .. } => self.roster_command(command),
            EncounterCommand::Start { .. }
            | EncounterCommand::Declare { .. }
            | EncounterCommand::DeclareMany { .. }
            | EncounterCommand::RollInitiative { .. }
            | EncounterCommand::EndTurn
            | EncounterCommand::AdvancePhase
            | EncounterCommand::NextRound
            | EncounterCommand::End
            | EncounterCommand::UseWorldAction { .. }
            | EncounterCommand::EndWorldPhase => self.flow_command(command),
            EncounterCommand::Delay { .. }
            | EncounterCommand::Resume { .. }
            | EncounterCommand::GrantTurn { .. }
            | EncounterCommand::Act { .. }
            | EncounterCommand::UseAction { .. }
            | EncounterCommand::Ready { .. }
            | EncounterCommand::TriggerReady { .. }
            | EncounterCommand::CommandControlled { .. }
            | EncounterCommand::ForcePlan { .. }
            | EncounterCommand::Harm { .. }
            | EncounterCommand::Retreat { .. }
            | EncounterCommand::ResolveRetreat { .. } => self.turn_command(command),
            EncounterCommand::CreatureCommand { .. }
            | EncounterCommand::Damage { .. }
            | EncounterCommand::Heal { .. }
            | EncounterCommand::GrantTempHp { .. }
            | EncounterCommand::DeathSave { .. }
            | EncounterCommand::Stabilize { .. }
            | EncounterCommand::GainFatigue { .. }
            | EncounterCommand::GainStrife { .. }
            | EncounterCommand::RemoveFatigue { .. }
            | EncounterCommand::RemoveStrife { .. }
            | EncounterCommand::GainExhaustion { .. }
            | EncounterCommand::RemoveExhaustion { .. } => self.creature_command(command),
            EncounterCommand::SetCreature { .. }
            | EncounterCommand::SetConditionImmunities { .. }
            | EncounterCommand::AddEffects { .. }
            | EncounterCommand::RemoveEffect { .. }
            | EncounterCommand::DropConcentration { .. }
            | EncounterCommand::LoadConditions { .. }
            | EncounterCommand::Rest { .. }
            | EncounterCommand::AdvanceClock { .. } => self.effects_command(command),
            EncounterCommand::SetCount { participant, count } => {
                require_running(self.enc)?;
                self.emit(EncounterEvent::CountSet { participant, count })
            }
            EncounterCommand::MoveInOrder {
                participant,
                before,
                after,
            } => self.move_in_order(participant, before, after),
            EncounterCommand::Undo { .. }
            | EncounterCommand::PreviousTurn
            | EncounterCommand::PreviousRound => Err(Error::not_allowed(
                "undo and going back need the history an engine keeps (crate::engine::Engine)",
            )),
        }
    }
}
