//! Applying one event: the only code that changes an encounter.
//!
//! Each handler first checks everything it needs (ids, phase, dice faces, totals), then
//! changes the state, so an event that fails leaves the encounter exactly as it was. Commands
//! go through the same code (`execute` applies each event as it is produced), so a second
//! client that applies the events reaches an identical state by construction.

use crate::dice::RolledDie;
use crate::encounter::event::{EncounterEvent, SideRoll, TieDraw, TieUnit};
use crate::encounter::limits::{
    MAX_PARTICIPANTS, MAX_ROUND, MAX_TIE_DRAWS, MAX_TOTAL, MAX_WORLD_ACTIONS,
};
use crate::encounter::participant::{
    ActionKind, Declaration, Initiative, Participant, Spent, TurnStatus,
};
use crate::encounter::state::{Actor, Encounter, Phase, SideState};
use crate::encounter::world::{RECHARGE_DIE, WorldActionState};
use crate::error::{Error, ErrorCode, Result};
use crate::ids::{ParticipantId, SideId};
use crate::initiative::side::{
    INITIATIVE_DIE, PHASE_ORDER, SLOW_PHASES, SURPRISE_DIE, is_surprised,
};
use crate::initiative::{InitiativeRoll, InitiativeSystem};

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
        if self.phase != Phase::Declaring {
            return Err(Error::out_of_order(
                "declarations are made before the initiative roll",
            ));
        }
        let at = self.pos(participant)?;
        match (self.system(), declaration) {
            (InitiativeSystem::Greyhawk, Declaration::Greyhawk(d)) => d.validate()?,
            (InitiativeSystem::Side, Declaration::Ose(_)) => {}
            _ => {
                return Err(Error::invalid_argument(
                    "this declaration is for another initiative system",
                ));
            }
        }
        Ok(at)
    }

    /// The encounter's own handling of one event (the tracker is fed by `apply_with`).
    pub(crate) fn apply_event(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
            EncounterEvent::CreatureSet { .. }
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
            EncounterEvent::ParticipantAdded { participant } => {
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
                self.participants
                    .push(Participant::from_new(participant.clone()));
                std::sync::Arc::make_mut(&mut self.index).insert(
                    participant.id.clone(),
                    self.participants.len().saturating_sub(1),
                );
            }
            EncounterEvent::ParticipantRemoved { participant } => {
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
                self.remove_from_order(participant);
                self.participants.remove(i);
                self.rebuild_index();
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
            } => {
                self.check_controller(participant, controller.as_ref())?;
                if controller.is_some() && self.is_current(participant) {
                    return Err(Error::out_of_order(
                        "control cannot change during the creature's own turn",
                    ));
                }
                let acts_on_controller_turn = matches!(
                    self.system(),
                    InitiativeSystem::AbilityCheck | InitiativeSystem::Standard
                );
                if controller.is_some() && acts_on_controller_turn {
                    self.remove_from_order(participant);
                }
                self.get_mut(participant)?.controller = controller.clone();
            }
            EncounterEvent::InitiativeCheckChanged { participant, check } => {
                self.get_mut(participant)?.check = check.clone();
            }
            EncounterEvent::RoundLengthChanged { length } => {
                self.config.check_round_length(*length)?;
                self.config.round_length = Some(*length);
            }
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
            EncounterEvent::WorldActionAdded { action } => {
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
            }
            EncounterEvent::WorldActionRemoved { action } => {
                let i = self.world_pos(action)?;
                self.world.remove(i);
                self.world_used.retain(|w| w != action);
            }
            EncounterEvent::EncounterStarted { ambushers } => {
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
                for p in &mut self.participants {
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
                if let Some(p) = self.participants.get_mut(i) {
                    p.declaration = Some(declaration.clone());
                }
            }
            EncounterEvent::DeclaredMany { declarations } => {
                let at = declarations
                    .iter()
                    .map(|d| self.declarable(&d.participant, &d.declaration))
                    .collect::<Result<Vec<usize>>>()?;
                for (i, d) in at.into_iter().zip(declarations) {
                    if let Some(p) = self.participants.get_mut(i) {
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
                for r in rolls {
                    let roll = self.rolls;
                    self.rolls = self.rolls.wrapping_add(1);
                    for i in at.by_ref().take(r.participants.len()) {
                        if let Some(p) = self.participants.get_mut(i) {
                            p.initiative = Some(Initiative {
                                total: r.total,
                                roll,
                                ties: Vec::new(),
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
                                    .and_then(|p| p.initiative.as_mut())
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
                let pending_only = self.system() == InitiativeSystem::Greyhawk;
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
            EncounterEvent::RoundStarted { round } => {
                let expected = self.round.checked_add(1);
                let ok_phase = matches!(self.phase, Phase::Between | Phase::Declaring);
                if !ok_phase || Some(*round) != expected || *round > MAX_ROUND {
                    return Err(Error::out_of_order(format!(
                        "round {round} cannot start now"
                    )));
                }
                self.round = *round;
                let system = self.system();
                for p in &mut self.participants {
                    p.turn = TurnStatus::Waiting;
                    p.activities_used.clear();
                    p.commanded = false;
                    p.retreat = None;
                    p.spell = None;
                    match system {
                        // HYB-ACT-01: one of each per round; GH-INIT-06: 1 reaction per round.
                        InitiativeSystem::DexScore | InitiativeSystem::Greyhawk => {
                            p.spent = Spent::default();
                        }
                        // A5E-TURN-02: slots come back at the start of the creature's turn.
                        _ => {}
                    }
                }
                self.order = self.compute_order();
                self.done = 0;
                self.active = false;
                self.ose_phase = None;
                self.world_used.clear();
                self.phase = Phase::Turns;
            }
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
            EncounterEvent::SideTurnStarted { round, sides, slow } => {
                let expected = Actor::Sides {
                    sides: sides.clone(),
                    slow: *slow,
                };
                if self.phase != Phase::Turns
                    || self.active
                    || *round != self.round
                    || self.order.get(self.done) != Some(&expected)
                {
                    return Err(Error::out_of_order("these sides do not act next"));
                }
                self.active = true;
                self.ose_phase = Some(if *slow {
                    SLOW_PHASES[0]
                } else {
                    PHASE_ORDER[0]
                });
            }
            EncounterEvent::PhaseStarted { round, phase } => {
                let phases: &[_] = match self.active_actor() {
                    Some(Actor::Sides { slow: true, .. }) => &SLOW_PHASES,
                    Some(_) if self.system() == InitiativeSystem::Side => &PHASE_ORDER,
                    _ => &[],
                };
                let next = self.ose_phase.and_then(|p| p.next_in(phases));
                if *round != self.round || next != Some(*phase) {
                    return Err(Error::out_of_order("that phase does not come next"));
                }
                self.ose_phase = Some(*phase);
            }
            EncounterEvent::TurnStarted { participant, round } => {
                if self.phase != Phase::Turns || *round != self.round {
                    return Err(Error::out_of_order("turns start during a round"));
                }
                let p = self.get(participant)?;
                if p.out || p.turn != TurnStatus::Waiting {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" already had its turn this round"
                    )));
                }
                let own_entry = self.order_pos(participant);
                if let Some(at) = own_entry
                    && (self.active || at != self.done)
                {
                    return Err(Error::out_of_order(format!(
                        "it is not \"{participant}\"'s turn"
                    )));
                }
                let system = self.system();
                if own_entry.is_some() {
                    self.active = true;
                    if system == InitiativeSystem::Side {
                        self.ose_phase = Some(PHASE_ORDER[0]);
                    }
                }
                let p = self.get_mut(participant)?;
                p.turn = TurnStatus::Started;
                p.commanded = false;
                if matches!(
                    system,
                    InitiativeSystem::AbilityCheck | InitiativeSystem::Standard
                ) {
                    // A5E-TURN-02: action, bonus action, movement and reaction come back.
                    p.spent = Spent::default();
                }
                // A readied action not triggered by now is lost (A5E-ACT-11).
                p.readied = None;
            }
            EncounterEvent::TurnDelayed { participant, round } => {
                let p = self.get(participant)?;
                if !self.is_current(participant)
                    || *round != self.round
                    || p.turn != TurnStatus::Started
                {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" can delay only at the start of its own turn"
                    )));
                }
                self.order.remove(self.done);
                self.active = false;
                self.ose_phase = None;
                self.get_mut(participant)?.turn = TurnStatus::Delayed;
            }
            EncounterEvent::DelayResumed {
                participant,
                cut_in,
            } => {
                let mut all: Vec<&ParticipantId> = cut_in.iter().collect();
                all.push(participant);
                for (k, id) in all.iter().enumerate() {
                    if self.get(id)?.turn != TurnStatus::Delayed
                        || all.iter().skip(k.saturating_add(1)).any(|o| o == id)
                    {
                        return Err(Error::out_of_order(format!("\"{id}\" is not delaying")));
                    }
                }
                let at = self.done.saturating_add(usize::from(self.active));
                for (k, id) in all.iter().enumerate() {
                    self.order.insert(
                        at.saturating_add(k),
                        Actor::Participant {
                            participant: (*id).clone(),
                        },
                    );
                    self.get_mut(id)?.turn = TurnStatus::Scheduled;
                }
            }
            EncounterEvent::TurnResumed { participant, round } => {
                if self.phase != Phase::Turns
                    || self.active
                    || *round != self.round
                    || self.get(participant)?.turn != TurnStatus::Scheduled
                    || self.order_pos(participant) != Some(self.done)
                {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" does not resume now"
                    )));
                }
                self.active = true;
                self.get_mut(participant)?.turn = TurnStatus::Resumed;
            }
            EncounterEvent::ActivityUsed {
                participant,
                activity,
            } => {
                if !self.allowed_activities(participant)?.contains(activity) {
                    return Err(Error::not_allowed(format!(
                        "\"{participant}\" did not roll for {} (GH-INIT-09)",
                        activity.label()
                    )));
                }
                self.get_mut(participant)?.activities_used.push(*activity);
            }
            EncounterEvent::ActionUsed {
                participant, slot, ..
            } => {
                // A5E-TURN-01/04: movement can be split around actions.
                let split_movement = *slot == ActionKind::Movement
                    && matches!(
                        self.system(),
                        InitiativeSystem::AbilityCheck | InitiativeSystem::Standard
                    );
                let p = self.get_mut(participant)?;
                if p.spent.has(*slot) && !split_movement {
                    return Err(Error::not_allowed(format!(
                        "\"{participant}\" has already used its {}",
                        slot.label()
                    )));
                }
                p.spent = p.spent.with(*slot);
            }
            EncounterEvent::Readied {
                participant,
                trigger,
            } => {
                self.get_mut(participant)?.readied = Some(trigger.clone());
            }
            EncounterEvent::ReadyTriggered { participant } => {
                let p = self.get_mut(participant)?;
                if p.readied.take().is_none() {
                    return Err(Error::not_allowed(format!(
                        "\"{participant}\" has no readied action"
                    )));
                }
            }
            EncounterEvent::ControlledCommanded {
                controller,
                targets,
            } => {
                for t in targets {
                    if self.get(t)?.controller.as_ref() != Some(controller) {
                        return Err(Error::not_allowed(format!(
                            "\"{controller}\" does not control \"{t}\""
                        )));
                    }
                }
                for t in targets {
                    self.get_mut(t)?.commanded = true;
                }
            }
            EncounterEvent::Harmed { participant, harm } => {
                let p = self.get_mut(participant)?;
                if p.retreat == Some(false)
                    && matches!(
                        harm,
                        crate::encounter::participant::Harm::Hit
                            | crate::encounter::participant::Harm::Damage
                    )
                {
                    p.retreat = Some(true);
                }
            }
            EncounterEvent::SpellDisrupted {
                participant,
                disruption,
            } => {
                self.get_mut(participant)?.spell = Some(*disruption);
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
                let id = self.rolls;
                self.rolls = self.rolls.wrapping_add(1);
                let p = self.get_mut(participant)?;
                p.declaration = Some(Declaration::Greyhawk(declaration.clone()));
                p.initiative = Some(Initiative {
                    total: roll.total,
                    roll: id,
                    ties: Vec::new(),
                });
            }
            EncounterEvent::RetreatStarted { participant } => {
                if !self.is_current(participant) {
                    return Err(Error::out_of_order(
                        "a retreat uses the participant's own turn",
                    ));
                }
                let p = self.get_mut(participant)?;
                p.retreat = Some(false);
                p.spent = p
                    .spent
                    .with(ActionKind::Active)
                    .with(ActionKind::Movement)
                    .with(ActionKind::Quick);
            }
            EncounterEvent::RetreatResolved {
                participant,
                check,
                hit,
                escaped,
            } => {
                if let Some(c) = check {
                    check_die(&c.die, 20)?;
                }
                let p = self.get(participant)?;
                let Some(was_hit) = p.retreat else {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" is not retreating"
                    )));
                };
                let expected = !was_hit && check.is_none_or(|c| c.passed());
                if *hit != was_hit || *escaped != expected {
                    return Err(bad("retreat result does not match the state"));
                }
                if *escaped && self.is_current(participant) {
                    return Err(Error::out_of_order(
                        "end the turn before leaving initiative",
                    ));
                }
                if *escaped {
                    self.remove_from_order(participant);
                }
                let p = self.get_mut(participant)?;
                p.retreat = None;
                if *escaped {
                    p.out = true;
                }
            }
            EncounterEvent::TurnEnded { participant, round } => {
                let p = self.get(participant)?;
                if *round != self.round
                    || !matches!(
                        p.turn,
                        TurnStatus::Started
                            | TurnStatus::Resumed
                            | TurnStatus::Delayed
                            | TurnStatus::Scheduled
                    )
                {
                    return Err(Error::out_of_order(format!(
                        "\"{participant}\" has no turn under way"
                    )));
                }
                let system = self.system();
                if self.is_current(participant) {
                    self.done = self.done.saturating_add(1);
                    self.active = false;
                    self.ose_phase = None;
                }
                let p = self.get_mut(participant)?;
                p.turn = TurnStatus::Done;
                p.commanded = false;
                if matches!(
                    system,
                    InitiativeSystem::AbilityCheck | InitiativeSystem::Standard
                ) {
                    // A5E-SURP-02: surprise lasts until the end of the first turn.
                    p.surprised = false;
                }
            }
            EncounterEvent::SideTurnEnded { round, sides, slow } => {
                let expected = Actor::Sides {
                    sides: sides.clone(),
                    slow: *slow,
                };
                if *round != self.round || self.active_actor() != Some(&expected) {
                    return Err(Error::out_of_order("those sides are not acting"));
                }
                self.done = self.done.saturating_add(1);
                self.active = false;
                self.ose_phase = None;
            }
            EncounterEvent::EndOfRoundResolution {
                round,
                participants,
            } => {
                if *round != self.round {
                    return Err(bad("end-of-round resolution for another round"));
                }
                for id in participants {
                    self.get(id)?;
                }
            }
            EncounterEvent::RoundEnded { round } => {
                if !matches!(self.phase, Phase::Turns | Phase::World)
                    || self.active
                    || *round != self.round
                {
                    return Err(Error::out_of_order("the round cannot end now"));
                }
                let system = self.system();
                for p in &mut self.participants {
                    if system == InitiativeSystem::Greyhawk {
                        // GH-SURP-01: surprised until the end of the round.
                        p.surprised = false;
                    }
                    if p.turn != TurnStatus::Waiting {
                        p.turn = TurnStatus::Done;
                    }
                }
                if *round == 1 {
                    for s in &mut self.sides {
                        s.surprised = false;
                    }
                    self.ambushers.clear();
                }
                self.order.clear();
                self.done = 0;
                self.ose_phase = None;
                self.phase = Phase::Between;
            }
            EncounterEvent::EncounterEnded { .. } => {
                if !self.running() || self.active {
                    return Err(Error::out_of_order("no encounter is running"));
                }
                self.phase = Phase::Ended;
            }
        }
        Ok(())
    }

    fn side_entry(&mut self, side: &SideId) -> Option<&mut SideState> {
        if !self.sides.iter().any(|s| &s.side == side) {
            self.sides.push(SideState {
                side: side.clone(),
                surprised: false,
                total: None,
                ties: Vec::new(),
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
            self.order.remove(at);
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
