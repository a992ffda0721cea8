//! Executing commands: decide what happens (rolling dice through the caller's source), emit the
//! events, and apply each one to the encounter as it is emitted. [`Encounter::execute`] runs
//! on a working copy that replaces the encounter only if the whole command succeeds, so a
//! failing command, even one that fails after rolling, leaves the encounter exactly as it was.
//! The engine, which can rebuild the state from its history, runs commands in place instead
//! ([`Encounter::execute_in_place`]) and restores the state only when a command fails after
//! its first event: copying a 500-combatant encounter for every command cost more than
//! anything else in a Greyhawk round but the JSON.

mod flow;
mod greyhawk_roll;
mod roster;
mod turn;
mod vitals;

use crate::dice::DieRoller;
use crate::encounter::command::{EncounterCommand, ParticipantDeclaration};
use crate::encounter::event::EncounterEvent;
use crate::encounter::limits::MAX_TARGETS;
use crate::encounter::participant::Declaration;
use crate::encounter::state::{Encounter, Phase};
use crate::engine::Failed;
use crate::error::{Error, ErrorCode, Result};
use crate::ids::ParticipantId;

pub(crate) use roster::{check_immunities, validate_new};

/// A command in progress: the encounter it changes, the events so far, and the dice.
///
/// The encounter changes only through [`Ctx::emit`] (everything else here reads it), so a
/// command that fails before its first event has changed nothing.
pub(crate) struct Ctx<'a> {
    pub enc: &'a mut Encounter,
    pub events: Vec<EncounterEvent>,
    pub dice: &'a mut dyn DieRoller,
    /// Some event has been (or was being) applied: a failure now may leave the encounter
    /// part-way changed.
    touched: bool,
}

impl Ctx<'_> {
    /// Apply an event to the encounter and record it, with what the wiring adds: ongoing
    /// damage before a turn ends (A5E-DMG-06), the effects a boundary ends (in order, with
    /// their GH-DUR-03 dice) right after it, `canAct` following conditions that ended, and
    /// pending fatigue taking effect when the encounter ends (A5E-TRACK-06).
    pub fn emit(&mut self, event: EncounterEvent) -> Result<()> {
        self.touched = true;
        if let EncounterEvent::TurnEnded { participant, .. } = &event
            && !self.enc.ongoing.is_empty()
        {
            let participant = participant.clone();
            self.ongoing_damage(&participant)?;
        }
        let encounter_ended = matches!(event, EncounterEvent::EncounterEnded { .. });
        let expiries = self.enc.apply_with(&event, &mut *self.dice, true)?;
        self.events.push(event);
        if !expiries.is_empty() {
            let mut targets: Vec<ParticipantId> = Vec::new();
            for x in &expiries {
                if x.effect.condition.is_some() && !targets.contains(&x.effect.target) {
                    targets.push(x.effect.target.clone());
                }
            }
            let ended = EncounterEvent::EffectsEnded { expiries };
            self.enc.apply_in_place(&ended)?;
            self.events.push(ended);
            // A target that has just left the encounter (its effects end with it) has no
            // "can act" left to update.
            for t in &targets {
                if self.enc.participant(t).is_some() {
                    self.sync_can_act(t, true)?;
                }
            }
        }
        if encounter_ended {
            self.creatures_end_encounter()?;
        }
        Ok(())
    }

    pub fn round(&self) -> u32 {
        self.enc.round
    }
}

/// Refuse commands before the start or after the end.
pub(crate) fn require_running(enc: &Encounter) -> Result<()> {
    match enc.phase {
        Phase::Setup => Err(Error::out_of_order("the encounter has not started")),
        Phase::Ended => Err(Error::out_of_order("the encounter has ended")),
        _ => Ok(()),
    }
}

pub(crate) fn require_not_ended(enc: &Encounter) -> Result<()> {
    if enc.phase == Phase::Ended {
        return Err(Error::out_of_order("the encounter has ended"));
    }
    Ok(())
}

/// A list of participant ids: bounded, known and without repeats.
pub(crate) fn check_list(enc: &Encounter, ids: &[ParticipantId]) -> Result<()> {
    if ids.len() > MAX_TARGETS {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!("at most {MAX_TARGETS} participants per command"),
        ));
    }
    for (i, id) in ids.iter().enumerate() {
        enc.get(id)?;
        if ids.iter().skip(i.saturating_add(1)).any(|o| o == id) {
            return Err(Error::invalid_argument(format!("\"{id}\" is listed twice")));
        }
    }
    Ok(())
}

/// A command sent to another family's handler: a bug in the routing of [`Ctx::run`], reported
/// as an error rather than a panic (and before any event, so nothing has changed).
fn misrouted(command: &EncounterCommand) -> Error {
    Error::new(
        ErrorCode::InvalidData,
        format!(
            "internal error: command {} reached the wrong handler",
            crate::wire::to_json(command)
        ),
    )
}

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
    /// accepted or none is.
    fn declare(&mut self, declarations: Declarations) -> Result<Vec<EncounterEvent>> {
        let event = declaration_event(self, declarations)?;
        self.apply(&event)?;
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

/// What a `declare` or `declareMany` command declares.
enum Declarations {
    One(ParticipantId, Declaration),
    Many(Vec<ParticipantDeclaration>),
}

/// A declaration command's declarations, or the command itself when it is any other.
// The command comes back as it was passed in, by value: no larger a move than the call's own.
#[allow(clippy::result_large_err)]
fn declarations_of(
    command: EncounterCommand,
) -> core::result::Result<Declarations, EncounterCommand> {
    match command {
        EncounterCommand::Declare {
            participant,
            declaration,
        } => Ok(Declarations::One(participant, declaration)),
        EncounterCommand::DeclareMany { declarations } => Ok(Declarations::Many(declarations)),
        other => Err(other),
    }
}

/// The one event a declaration command causes, checked against `enc`.
fn declaration_event(enc: &Encounter, declarations: Declarations) -> Result<EncounterEvent> {
    match declarations {
        Declarations::One(participant, declaration) => {
            flow::declare_event(enc, participant, declaration)
        }
        Declarations::Many(list) => flow::declare_many_event(enc, list),
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

    /// `declare` and `declareMany` in a context that already has a working copy
    /// ([`Encounter::execute`] runs them without one).
    fn declare(&mut self, declarations: Declarations) -> Result<()> {
        let event = declaration_event(self.enc, declarations)?;
        self.emit(event)
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
