//! Executing commands: decide what happens (rolling dice through the caller's source), emit the
//! events, and apply each one to the encounter as it is emitted. [`Encounter::execute`] runs
//! on a working copy that replaces the encounter only if the whole command succeeds, so a
//! failing command, even one that fails after rolling, leaves the encounter exactly as it was.
//! The engine, which can rebuild the state from its history, runs commands in place instead
//! ([`Encounter::execute_in_place`]) and restores the state only when a command fails after
//! its first event: copying a 500-combatant encounter for every command cost more than
//! anything else in a Greyhawk round but the JSON.

mod flow;
mod roster;
mod turn;
mod vitals;

use crate::dice::DieRoller;
use crate::encounter::command::{EncounterCommand, ParticipantDeclaration};
use crate::encounter::event::EncounterEvent;
use crate::encounter::limits::MAX_TARGETS;
use crate::encounter::participant::Declaration;
use crate::encounter::state::{Encounter, Phase};
use crate::encounter::vitals::CreatureChange;
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

    fn declare(&mut self, declarations: Declarations) -> Result<()> {
        let event = declaration_event(self.enc, declarations)?;
        self.emit(event)
    }

    fn run(&mut self, command: EncounterCommand) -> Result<()> {
        match command {
            EncounterCommand::AddParticipant { participant } => self.add_participant(participant),
            EncounterCommand::RemoveParticipant { participant } => {
                self.remove_participant(participant)
            }
            EncounterCommand::Rename { participant, name } => {
                require_not_ended(self.enc)?;
                self.enc.get(&participant)?;
                self.emit(EncounterEvent::ParticipantRenamed { participant, name })
            }
            EncounterCommand::SetHidden {
                participant,
                hidden,
            } => {
                require_not_ended(self.enc)?;
                self.enc.get(&participant)?;
                self.emit(EncounterEvent::HiddenChanged {
                    participant,
                    hidden,
                })
            }
            EncounterCommand::ChangeSide { participant, side } => {
                require_not_ended(self.enc)?;
                self.enc.get(&participant)?;
                self.emit(EncounterEvent::SideChanged { participant, side })
            }
            EncounterCommand::ChangeGroup { participant, group } => {
                require_not_ended(self.enc)?;
                self.enc.get(&participant)?;
                self.emit(EncounterEvent::GroupChanged { participant, group })
            }
            EncounterCommand::SetCanAct {
                participant,
                can_act,
            } => {
                require_not_ended(self.enc)?;
                self.enc.get(&participant)?;
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
                require_not_ended(self.enc)?;
                self.enc.get(&participant)?;
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
            EncounterCommand::UseWorldAction { action, targets } => {
                self.use_world_action(action, targets)
            }
            EncounterCommand::EndWorldPhase => self.end_world_phase(),
            EncounterCommand::Start {
                advantage,
                advantage_sides,
                check,
                ambushers,
                called_for,
            } => self.start(advantage, advantage_sides, check, ambushers, called_for),
            // `Encounter::execute` runs declarations without a working copy; this arm is the
            // same logic for a context that already has one.
            EncounterCommand::Declare {
                participant,
                declaration,
            } => self.declare(Declarations::One(participant, declaration)),
            EncounterCommand::DeclareMany { declarations } => {
                self.declare(Declarations::Many(declarations))
            }
            EncounterCommand::RollInitiative { no_actions } => self.roll_initiative(no_actions),
            EncounterCommand::EndTurn => self.end_turn_command(),
            EncounterCommand::AdvancePhase => self.advance_phase(),
            EncounterCommand::NextRound => self.next_round(),
            EncounterCommand::End => self.end_encounter(),
            EncounterCommand::Delay { participant } => self.delay(participant),
            EncounterCommand::Resume {
                participant,
                cut_in,
            } => self.resume(participant, cut_in),
            EncounterCommand::GrantTurn { participant } => self.grant_turn(participant),
            EncounterCommand::Act {
                participant,
                activity,
            } => self.act(participant, activity),
            EncounterCommand::UseAction {
                participant,
                kind,
                slot,
            } => self.use_action(participant, kind, slot),
            EncounterCommand::Ready {
                participant,
                trigger,
            } => self.ready(participant, trigger),
            EncounterCommand::TriggerReady { participant } => self.trigger_ready(participant),
            EncounterCommand::CommandControlled {
                controller,
                targets,
            } => self.command_controlled(controller, targets),
            EncounterCommand::ForcePlan {
                participant,
                declaration,
                cause,
            } => self.force_plan(participant, declaration, cause),
            EncounterCommand::Harm { participant, harm } => self.harm(participant, harm),
            EncounterCommand::Retreat {
                participant,
                followers,
            } => self.retreat(participant, followers),
            EncounterCommand::ResolveRetreat { participant, check } => {
                self.resolve_retreat(participant, check)
            }
            EncounterCommand::SetCreature {
                participant,
                creature,
            } => self.set_creature(participant, creature),
            EncounterCommand::SetConditionImmunities {
                participant,
                immunities,
            } => self.set_condition_immunities(participant, immunities),
            EncounterCommand::Damage {
                participant,
                damage,
                choices,
            } => self.damage(participant, damage, choices, None),
            EncounterCommand::Heal {
                participant,
                amount,
            } => self.heal(participant, amount),
            EncounterCommand::GrantTempHp {
                participant,
                amount,
                choice,
            } => self.grant_temp_hp(participant, amount, choice),
            EncounterCommand::DeathSave {
                participant,
                modifier,
                mode,
            } => self.death_save(participant, modifier, mode),
            EncounterCommand::Stabilize {
                participant,
                method,
            } => self.stabilize(participant, method),
            EncounterCommand::GainFatigue {
                participant,
                levels,
            } => self.track(participant, CreatureChange::GainedFatigue, levels),
            EncounterCommand::GainStrife {
                participant,
                levels,
            } => self.track(participant, CreatureChange::GainedStrife, levels),
            EncounterCommand::RemoveFatigue {
                participant,
                levels,
            } => self.track(participant, CreatureChange::LostFatigue, levels),
            EncounterCommand::RemoveStrife {
                participant,
                levels,
            } => self.track(participant, CreatureChange::LostStrife, levels),
            EncounterCommand::GainExhaustion {
                participant,
                levels,
            } => self.track(participant, CreatureChange::GainedExhaustion, levels),
            EncounterCommand::RemoveExhaustion {
                participant,
                levels,
            } => self.track(participant, CreatureChange::LostExhaustion, levels),
            EncounterCommand::AddEffects { effects, ongoing } => self.add_effects(effects, ongoing),
            EncounterCommand::RemoveEffect { effect } => self.remove_effect(effect),
            EncounterCommand::DropConcentration { participant } => {
                self.drop_concentration(participant)
            }
            EncounterCommand::LoadConditions { json } => self.load_conditions(json),
            EncounterCommand::Rest { rest, participants } => self.rest(rest, participants),
            EncounterCommand::AdvanceClock { seconds } => self.advance_clock(seconds),
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
