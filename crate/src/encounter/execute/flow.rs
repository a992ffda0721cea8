//! Rounds and turns: start, declarations, initiative rolls, advancing turns, round ends,
//! world phases.

use crate::ability::Ability;
use crate::conditions::query::{Roll, RollQuery};
use crate::dice::RolledDie;
use crate::encounter::command::{EncounterCommand, ParticipantDeclaration};
use crate::encounter::event::{EncounterEvent, SideRoll, TieDraw};
use crate::encounter::execute::ctx::{Ctx, check_list, misrouted, require_running};
use crate::encounter::execute::roster::{check_modifier, initiative_check};
use crate::encounter::limits::{MAX_TARGETS, MAX_TIE_DRAWS, MAX_TOTAL};
use crate::encounter::participant::{Declaration, Participant, TurnStatus};
use crate::encounter::state::{Actor, Encounter, Phase};
use crate::error::{Error, ErrorCode, Result};
use crate::ids::{ParticipantId, ParticipantIds, SideId};
use crate::initiative::ability_check::InitiativeCheck;
use crate::initiative::greyhawk;
use crate::initiative::rules::{ControlRule, OpeningRoll, RoundRoll};
use crate::initiative::side::{
    INITIATIVE_DIE, OsePhase, PHASE_ORDER, SLOW_PHASES, ose_individual_initiative_modifier,
};
use crate::initiative::ties;
use crate::initiative::{
    InitiativeDie, InitiativeRoll, RollDice, RollMode, RollSource, roll_d20, roll_one,
};

/// GH-SURP-01: a surprised creature adds this to its initiative.
pub const GH_SURPRISE_PENALTY: i32 = 10;

/// The event of one `declare` command, checked against the current state.
pub(crate) fn declare_event(
    enc: &Encounter,
    participant: ParticipantId,
    declaration: Declaration,
) -> Result<EncounterEvent> {
    // One declaration, no list to follow: `usize::MAX` is no roster position.
    check_declaration(enc, &participant, &declaration, usize::MAX)?;
    Ok(EncounterEvent::Declared {
        participant,
        declaration,
    })
}

/// The event of one `declareMany` command: every declaration checked against the current
/// state before any is applied (a declaration never changes what the next is checked
/// against); at most [`MAX_TARGETS`], each participant once. With it, where each declaring
/// participant is in the roster, in the event's order.
pub(crate) fn declare_many_event(
    enc: &Encounter,
    declarations: Vec<ParticipantDeclaration>,
) -> Result<(EncounterEvent, Vec<usize>)> {
    if declarations.len() > MAX_TARGETS {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!("at most {MAX_TARGETS} declarations per command"),
        ));
    }
    let mut seen = vec![false; enc.participants.len()];
    let mut at = Vec::with_capacity(declarations.len());
    for d in &declarations {
        let next = at.last().map_or(0, |i: &usize| i.saturating_add(1));
        let i = check_declaration(enc, &d.participant, &d.declaration, next)?;
        match seen.get_mut(i) {
            Some(s) if !*s => *s = true,
            _ => {
                return Err(Error::invalid_argument(format!(
                    "\"{}\" is listed twice",
                    d.participant
                )));
            }
        }
        at.push(i);
    }
    Ok((EncounterEvent::DeclaredMany { declarations }, at))
}

/// Whether `participant` may make `declaration` now; where it is in the roster (looked for at
/// `hint` first, [`Encounter::pos_from`]).
fn check_declaration(
    enc: &Encounter,
    participant: &ParticipantId,
    declaration: &Declaration,
    hint: usize,
) -> Result<usize> {
    match enc.phase {
        Phase::Declaring => {}
        Phase::Turns | Phase::World => {
            return Err(Error::out_of_order(
                "initiative has been rolled: declarations are made before the roll",
            ));
        }
        Phase::Setup => return Err(Error::out_of_order("the encounter has not started")),
        Phase::Ended => return Err(Error::out_of_order("the encounter has ended")),
        Phase::Between => return Err(Error::out_of_order("no declaration phase is open")),
    }
    let at = enc.declarable_from(participant, declaration, hint)?;
    if enc.participants.get(at).is_some_and(|p| p.out) {
        return Err(Error::not_allowed(format!(
            "\"{participant}\" has left the fight"
        )));
    }
    if let Declaration::Greyhawk(d) = declaration {
        // A missing weapon (GH-VAR-01) or a die step on a die not in the pool is refused now
        // rather than at the roll. (`declarable` has validated the declaration.)
        greyhawk::check_validated(d, &enc.config.greyhawk)?;
    }
    Ok(at)
}

pub(super) fn total_of(dice: &[InitiativeDie], modifier: i32) -> Result<i32> {
    InitiativeRoll::computed_total(dice, modifier)
        .filter(|t| t.checked_abs().is_some_and(|a| a <= MAX_TOTAL))
        .ok_or_else(|| Error::invalid_argument("initiative total out of range"))
}

/// What a `declare` or `declareMany` command declares.
pub(super) enum Declarations {
    One(ParticipantId, Declaration),
    Many(Vec<ParticipantDeclaration>),
}

/// A declaration command's declarations, or the command itself when it is any other.
// The command comes back as it was passed in, by value: no larger a move than the call's own.
#[allow(clippy::result_large_err)]
pub(super) fn declarations_of(
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
pub(super) fn declaration_event(
    enc: &Encounter,
    declarations: Declarations,
) -> Result<EncounterEvent> {
    match declarations {
        Declarations::One(participant, declaration) => declare_event(enc, participant, declaration),
        Declarations::Many(list) => declare_many_event(enc, list).map(|(event, _)| event),
    }
}

impl Ctx<'_> {
    /// `declare` and `declareMany` in a context that already has a working copy
    /// ([`Encounter::execute`] runs them without one).
    fn declare(&mut self, declarations: Declarations) -> Result<()> {
        let event = declaration_event(self.enc, declarations)?;
        self.emit(event)
    }

    /// Commands that move the encounter along: starting it, declarations, initiative, ending
    /// turns, phases and rounds, and the A5E world phase.
    pub(super) fn flow_command(&mut self, command: EncounterCommand) -> Result<()> {
        match command {
            EncounterCommand::Start {
                advantage,
                advantage_sides,
                check,
                ambushers,
                called_for,
            } => self.start(advantage, advantage_sides, check, ambushers, called_for),
            // `Encounter::execute` runs declarations without a working copy; these arms are
            // the same logic for a context that already has one.
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
            EncounterCommand::UseWorldAction { action, targets } => {
                self.use_world_action(action, targets)
            }
            EncounterCommand::EndWorldPhase => self.end_world_phase(),
            other => Err(misrouted(&other)),
        }
    }

    /// One participant's initiative in a fixed-order system (A5E, 5e, HYB).
    pub(crate) fn initiative_roll(
        &mut self,
        id: &ParticipantId,
        mode: RollMode,
        check: Option<&InitiativeCheck>,
    ) -> Result<InitiativeRoll> {
        let p = self.enc.get(id)?;
        let participants = ParticipantIds::one(id.clone());
        let opening = self.enc.rules().opening_roll();
        if opening == OpeningRoll::DexScore {
            // HYB-INIT-01: no roll; the Dex score is the count.
            return Ok(InitiativeRoll {
                participants,
                dice: RollDice::new(),
                modifier: i32::from(p.dex),
                total: i32::from(p.dex),
                source: RollSource::DexScore,
            });
        }
        if let Some(count) = p.fixed_count {
            // A5E-INIT-05.
            return Ok(InitiativeRoll {
                participants,
                dice: RollDice::new(),
                modifier: count,
                total: count,
                source: RollSource::FixedCount,
            });
        }
        if opening
            == (OpeningRoll::D20 {
                ability_check: true,
            })
            && let Some(total) = p.surprise_total
        {
            // A5E-INIT-04.
            return Ok(InitiativeRoll {
                participants,
                dice: RollDice::new(),
                modifier: total,
                total,
                source: RollSource::SurpriseCheck,
            });
        }
        let (mode, conditions) = self.initiative_conditions(id, mode, check)?;
        let modifier = check_modifier(self.enc, id, check)?.saturating_add(conditions);
        let dice = roll_d20(self.dice, mode)?;
        let total = total_of(&dice, modifier)?;
        Ok(InitiativeRoll {
            participants,
            dice,
            modifier,
            total,
            source: RollSource::Rolled,
        })
    }

    /// A5E-INIT-01: d20 initiative is an ability check (Dexterity in 5e, the creature's choice in
    /// A5E, A5E-INIT-02), so what the creature's conditions do to that check applies: a poisoned
    /// or fatigued creature rolls with disadvantage, a penalty to checks is added. Advantage
    /// given at the start (A5E-SURP-03) and the conditions' advantage and disadvantage combine
    /// as any sources do: one of each cancels, whatever the count. Effects that hang on a
    /// circumstance the encounter does not know (a frightened creature's source in sight) are
    /// left to the GM, as `rollAdvice` leaves them.
    fn initiative_conditions(
        &self,
        id: &ParticipantId,
        mode: RollMode,
        check: Option<&InitiativeCheck>,
    ) -> Result<(RollMode, i32)> {
        let p = self.enc.get(id)?;
        let ability = initiative_check(self.enc, p, check).map_or(Ability::Dex, |c| c.ability);
        let query = RollQuery::new(Roll::AbilityCheck {
            ability,
            skill: None,
            tool: false,
            senses: Vec::new(),
            social: false,
        });
        let advice = self.enc.roll_advice(id, &query)?;
        let advantage = mode == RollMode::Advantage || !advice.advantage.is_empty();
        let disadvantage = mode == RollMode::Disadvantage || !advice.disadvantage.is_empty();
        Ok((
            RollMode::from_sources(advantage, disadvantage),
            advice.modifier_total,
        ))
    }

    pub(crate) fn start(
        &mut self,
        advantage: Vec<ParticipantId>,
        advantage_sides: Vec<SideId>,
        check: Option<InitiativeCheck>,
        ambushers: Vec<SideId>,
        called_for: Option<crate::encounter::command::TbaCall>,
    ) -> Result<()> {
        if self.enc.phase != Phase::Setup {
            return Err(Error::out_of_order("the encounter has already started"));
        }
        let rules = self.enc.rules();
        let opening = rules.opening_roll();
        check_list(self.enc, &advantage)?;
        if advantage_sides.len() > MAX_TARGETS || ambushers.len() > MAX_TARGETS {
            return Err(Error::invalid_argument("too many sides listed"));
        }
        for s in advantage_sides.iter().chain(&ambushers) {
            if !self.enc.participants.iter().any(|p| &p.side == s) {
                return Err(Error::unknown_id("side", s.as_str()));
            }
        }
        let rolls_once = matches!(opening, OpeningRoll::D20 { .. });
        if !rolls_once && (!advantage.is_empty() || !advantage_sides.is_empty()) {
            return Err(Error::invalid_argument(
                "initiative advantage at the start applies to d20 initiative (A5E-SURP-03)",
            ));
        }
        if opening != OpeningRoll::DexScore && !ambushers.is_empty() {
            return Err(Error::invalid_argument(
                "ambushers apply to HYB Dex-score initiative (HYB-INIT-01)",
            ));
        }
        let ability_check = opening
            == OpeningRoll::D20 {
                ability_check: true,
            };
        if !ability_check && check.is_some() {
            return Err(Error::invalid_argument(
                "a different initiative check applies to A5E initiative (A5E-INIT-02)",
            ));
        }
        self.emit(EncounterEvent::EncounterStarted {
            ambushers,
            called_for,
        })?;
        if rules.declares_each_round() {
            return self.emit(EncounterEvent::DeclarationsOpened { round: 1 });
        }
        // A5E-CTRL-01: creatures acting on their controller's turn roll no initiative.
        let rolls_own = |p: &Participant| {
            !p.out && (p.controller.is_none() || rules.control() != ControlRule::ControllersTurn)
        };
        let ids: Vec<ParticipantId> = self
            .enc
            .participants
            .iter()
            .filter(|p| rolls_own(p))
            .map(|p| p.id.clone())
            .collect();
        if ids.is_empty() {
            return Err(Error::not_allowed(
                "nobody can take a turn: add participants first",
            ));
        }
        let mut rolls = Vec::with_capacity(ids.len());
        for id in &ids {
            let side = &self.enc.get(id)?.side;
            let mode = if advantage.contains(id) || advantage_sides.contains(side) {
                RollMode::Advantage
            } else {
                RollMode::Normal
            };
            rolls.push(self.initiative_roll(id, mode, check.as_ref())?);
        }
        self.emit(EncounterEvent::InitiativeRolled { rolls })?;
        self.open_round()
    }

    /// Greyhawk and OSE: roll this round's initiative and start the round.
    pub(crate) fn roll_initiative(&mut self, no_actions: bool) -> Result<()> {
        if self.enc.phase != Phase::Declaring {
            return Err(match self.enc.phase {
                Phase::Setup => Error::out_of_order("the encounter has not started"),
                Phase::Ended => Error::out_of_order("the encounter has ended"),
                _ if !self.enc.rules().declares_each_round() => {
                    Error::not_allowed("this initiative system does not roll each round")
                }
                _ => Error::out_of_order("initiative for this round has been rolled"),
            });
        }
        let round_roll = self.enc.rules().round_roll(&self.enc.initiative_options());
        if no_actions && round_roll != RoundRoll::DeclaredDice {
            return Err(Error::invalid_argument(
                "noActions stands in for missing Greyhawk declarations (GH-INIT-16)",
            ));
        }
        match round_roll {
            RoundRoll::DeclaredDice => {
                if !no_actions {
                    self.enc.check_declared()?;
                }
                self.roll_greyhawk()?
            }
            RoundRoll::Individual => self.roll_ose_individual()?,
            RoundRoll::PerSide => self.roll_ose_sides()?,
            RoundRoll::None => {
                return Err(Error::not_allowed(
                    "this initiative system does not roll each round",
                ));
            }
        }
        self.open_round()
    }

    /// OSE-INIT-01, OSE-SURP-03 (a surprised side does not roll in the first round).
    fn roll_ose_sides(&mut self) -> Result<()> {
        let mut sides: Vec<SideId> = Vec::new();
        for p in self.enc.participants.iter().filter(|p| !p.out && p.can_act) {
            if !sides.contains(&p.side) && !self.enc.side_loses_round(&p.side) {
                sides.push(p.side.clone());
            }
        }
        let mut rolls = Vec::with_capacity(sides.len());
        for side in sides {
            rolls.push(SideRoll {
                side,
                die: roll_one(self.dice, INITIATIVE_DIE)?,
            });
        }
        if !rolls.is_empty() {
            self.emit(EncounterEvent::SideInitiativeRolled { rolls })?;
        }
        Ok(())
    }

    /// OSE-INIT-04: 1d6 + Dex modifier per individual. The modifier is OSE's Dexterity table
    /// unless the caller gave one of its own; the stored modifier cannot say which, so a value
    /// equal to the 5e default of the score counts as not given
    /// ([`ose_individual_initiative_modifier`], G-48). What is stored does not change, so old
    /// snapshots and event streams replay as they were.
    fn roll_ose_individual(&mut self) -> Result<()> {
        let ids: Vec<(ParticipantId, i32)> = self
            .enc
            .participants
            .iter()
            .filter(|p| !p.out && p.can_act && !self.enc.side_loses_round(&p.side))
            .map(|p| {
                let modifier = ose_individual_initiative_modifier(p.dex, p.dex_mod);
                (p.id.clone(), i32::from(modifier))
            })
            .collect();
        let mut rolls = Vec::with_capacity(ids.len());
        for (id, modifier) in ids {
            let dice = RollDice::from([InitiativeDie::kept(roll_one(self.dice, INITIATIVE_DIE)?)]);
            let total = total_of(&dice, modifier)?;
            rolls.push(InitiativeRoll {
                participants: ParticipantIds::one(id),
                dice,
                modifier,
                total,
                source: RollSource::Rolled,
            });
        }
        if !rolls.is_empty() {
            self.emit(EncounterEvent::InitiativeRolled { rolls })?;
        }
        Ok(())
    }

    /// Roll off every tie the rules leave to chance (GH-INIT-10, A5E-INIT-03, OSE-INIT-02…):
    /// one `tiesBroken` event per round of draws.
    pub(crate) fn settle_ties(&mut self) -> Result<()> {
        let contenders = self.enc.tie_contenders();
        if contenders.len() < 2 {
            return Ok(());
        }
        let units = self.enc.tie_units();
        let sides = self.enc.roll_off_die();
        // Where each drawing participant is, kept from naming it to applying the draws; the
        // first round of draws can name every contender.
        let mut at = Vec::with_capacity(contenders.len());
        ties::settle(contenders, MAX_TIE_DRAWS, |flagged| {
            // The round's draws are one pool of the roll-off die, rolled in one call: the same
            // faces and dice state as a roll per draw (`DieRoller::roll_dice`), where a call
            // per draw went through the dice's dispatch and checks hundreds of times a round.
            let mut faces = vec![0; flagged.len()];
            self.dice.roll_dice(sides, &mut faces)?;
            let mut draws = Vec::with_capacity(flagged.len());
            at.clear();
            for (unit, face) in flagged.iter().zip(&faces) {
                draws.push(TieDraw {
                    unit: self.enc.tie_unit(&units, *unit, &mut at)?,
                    die: RolledDie { sides, face: *face },
                });
            }
            self.emit_ties(draws, &at)?;
            Ok(faces)
        })
    }

    /// Start the next round: ties, `roundStarted`, recharge rolls (A5E-WORLD-03), then the
    /// world phase (A5E-TBA-05) or the first turn.
    pub(crate) fn open_round(&mut self) -> Result<()> {
        self.settle_ties()?;
        let round = self
            .round()
            .checked_add(1)
            .ok_or_else(|| Error::invalid_argument("too many rounds"))?;
        self.emit(EncounterEvent::RoundStarted { round })?;
        let spent: Vec<_> = self
            .enc
            .world
            .iter()
            .filter(|w| !w.charged && w.action.recharge.is_some())
            .map(|w| (w.action.id.clone(), w.action.recharge))
            .collect();
        for (action, recharge) in spent {
            let die = roll_one(self.dice, crate::encounter::world::RECHARGE_DIE)?;
            let recharged = recharge.is_some_and(|r| r.recharges_on(die.face));
            self.emit(EncounterEvent::RechargeRolled {
                action,
                die,
                recharged,
            })?;
        }
        if !self.enc.config.a5e.rolling_movement && self.any_world_action_usable() {
            return self.emit(EncounterEvent::WorldPhaseStarted {
                round,
                participant: None,
            });
        }
        self.begin_next()
    }

    fn any_world_action_usable(&self) -> bool {
        (0..self.enc.world.len()).any(|i| self.enc.world_usable(i))
    }

    /// Start whatever comes next in the order; when the order is exhausted, delayed
    /// participants act (in order of their original counts) and then the round ends.
    pub(crate) fn begin_next(&mut self) -> Result<()> {
        loop {
            if self.enc.active {
                return Ok(());
            }
            let round = self.round();
            match self.enc.order.get(self.enc.done).cloned() {
                Some(Actor::Participant { participant }) => {
                    let p = self.enc.get(&participant)?;
                    // A resumed delayer or a granted turn was chosen: it is never skipped.
                    if p.turn == TurnStatus::Scheduled {
                        return self.emit(EncounterEvent::TurnResumed { participant, round });
                    }
                    if let Some(reason) = self.enc.skip_reason(p) {
                        self.emit(EncounterEvent::TurnSkipped {
                            participant,
                            round,
                            reason,
                        })?;
                        continue;
                    }
                    return self.start_turn(participant);
                }
                Some(Actor::Sides { sides, slow }) => {
                    self.emit(EncounterEvent::SideTurnStarted {
                        round,
                        sides: sides.clone(),
                        slow,
                    })?;
                    if !slow {
                        for m in self.enc.side_members(&sides, false) {
                            if self.enc.get(&m)?.turn == TurnStatus::Waiting {
                                self.emit(EncounterEvent::TurnStarted {
                                    participant: m,
                                    round,
                                })?;
                            }
                        }
                    }
                    return Ok(());
                }
                None => {}
            }
            let mut delayed: Vec<usize> = self
                .enc
                .participants
                .iter()
                .enumerate()
                .filter(|(_, p)| p.turn == TurnStatus::Delayed)
                .map(|(i, _)| i)
                .collect();
            // A delayer that died (or, per ruleset, can no longer act) while it waited.
            let mut gone = Vec::new();
            delayed.retain(|&i| match self.enc.participants.get(i) {
                Some(p) => match self.enc.skip_reason(p) {
                    Some(reason) => {
                        gone.push((p.id.clone(), reason));
                        false
                    }
                    None => true,
                },
                None => false,
            });
            for (participant, reason) in gone {
                self.emit(EncounterEvent::TurnSkipped {
                    participant,
                    round,
                    reason,
                })?;
            }
            if delayed.is_empty() {
                return self.end_round();
            }
            crate::sorting::sort_indices(&mut delayed, &mut |a, b| self.enc.cmp_participants(a, b));
            // Each resume goes to the front of what is left, so push them last-first.
            for i in delayed.into_iter().rev() {
                let participant = self
                    .enc
                    .participants
                    .get(i)
                    .map(|p| p.id.clone())
                    .ok_or_else(|| Error::invalid_argument("participant index out of range"))?;
                self.emit(EncounterEvent::DelayResumed {
                    participant,
                    cut_in: Vec::new(),
                })?;
            }
        }
    }

    /// A participant's turn starts; controlled creatures that act on its turn start with it
    /// (A5E-CTRL-01); in rolling movement its world phase comes first (A5E-SCEN-05).
    fn start_turn(&mut self, participant: ParticipantId) -> Result<()> {
        let round = self.round();
        self.emit(EncounterEvent::TurnStarted {
            participant: participant.clone(),
            round,
        })?;
        if self.enc.rules().control() == ControlRule::ControllersTurn {
            let controlled: Vec<ParticipantId> = self
                .enc
                .participants
                .iter()
                .filter(|p| {
                    p.controller.as_ref() == Some(&participant)
                        && !p.out
                        && p.turn == TurnStatus::Waiting
                })
                .map(|p| p.id.clone())
                .collect();
            for c in controlled {
                self.emit(EncounterEvent::TurnStarted {
                    participant: c,
                    round,
                })?;
            }
        }
        if self.enc.config.a5e.rolling_movement && self.any_world_action_usable() {
            self.emit(EncounterEvent::WorldPhaseStarted {
                round,
                participant: Some(participant),
            })?;
        }
        Ok(())
    }

    /// End the actor whose turn is under way (and those whose turn goes with it).
    pub(crate) fn close_active_actor(&mut self) -> Result<()> {
        let round = self.round();
        if self.enc.phase == Phase::World {
            let participant = self
                .enc
                .active_actor()
                .and_then(Actor::participant)
                .cloned();
            self.emit(EncounterEvent::WorldPhaseEnded { round, participant })?;
        }
        match self.enc.active_actor().cloned() {
            Some(Actor::Participant { participant }) => {
                let controlled: Vec<ParticipantId> = self
                    .enc
                    .participants
                    .iter()
                    .filter(|p| {
                        p.controller.as_ref() == Some(&participant)
                            && matches!(p.turn, TurnStatus::Started | TurnStatus::Resumed)
                    })
                    .map(|p| p.id.clone())
                    .collect();
                for c in controlled {
                    self.emit(EncounterEvent::TurnEnded {
                        participant: c,
                        round,
                    })?;
                }
                self.emit(EncounterEvent::TurnEnded { participant, round })
            }
            Some(Actor::Sides { sides, slow }) => {
                // Slow-weapon attackers' turns end after their own late step (OSE-INIT-03).
                let ending: Vec<ParticipantId> = self
                    .enc
                    .participants
                    .iter()
                    .filter(|p| sides.contains(&p.side) && p.turn == TurnStatus::Started)
                    .filter(|p| slow || !p.ose_declaration().is_some_and(|d| d.slow_weapon))
                    .map(|p| p.id.clone())
                    .collect();
                for participant in ending {
                    self.emit(EncounterEvent::TurnEnded { participant, round })?;
                }
                self.emit(EncounterEvent::SideTurnEnded { round, sides, slow })
            }
            None => Err(Error::out_of_order("no turn is under way")),
        }
    }

    pub(crate) fn end_turn_command(&mut self) -> Result<()> {
        require_running(self.enc)?;
        if self.enc.phase == Phase::World && !self.enc.active {
            return Err(Error::out_of_order(
                "the world phase comes first: end it with endWorldPhase",
            ));
        }
        if !self.enc.active {
            return Err(Error::out_of_order("no turn is under way"));
        }
        self.close_active_actor()?;
        self.begin_next()
    }

    /// End the round: GH-INIT-12 end-of-round resolution (with the ongoing damage of those
    /// who had no turn to end, A5E-DMG-06), `roundEnded`, then the next declaration phase
    /// (Greyhawk, OSE) or the next round (fixed orders).
    pub(crate) fn end_round(&mut self) -> Result<()> {
        let round = self.round();
        if self.enc.phase == Phase::World {
            self.emit(EncounterEvent::WorldPhaseEnded {
                round,
                participant: None,
            })?;
        }
        // Turns still under way outside the order (a controlled creature, a slow attacker
        // whose step never came) end with the round.
        let open: Vec<ParticipantId> = self
            .enc
            .participants
            .iter()
            .filter(|p| {
                matches!(
                    p.turn,
                    TurnStatus::Started
                        | TurnStatus::Resumed
                        | TurnStatus::Delayed
                        | TurnStatus::Scheduled
                )
            })
            .map(|p| p.id.clone())
            .collect();
        for participant in open {
            self.emit(EncounterEvent::TurnEnded { participant, round })?;
        }
        if self.enc.rules().resolves_unable_at_round_end() {
            let unable: Vec<ParticipantId> = self
                .enc
                .participants
                .iter()
                // The dead have nothing left to resolve.
                .filter(|p| !p.can_act && !p.out && !p.is_dead())
                .map(|p| p.id.clone())
                .collect();
            if !unable.is_empty() {
                self.emit(EncounterEvent::EndOfRoundResolution {
                    round,
                    participants: unable.clone(),
                })?;
                self.ongoing_damage_at_round_end(&unable)?;
            }
        }
        self.emit(EncounterEvent::RoundEnded { round })?;
        if self.enc.rules().declares_each_round() {
            let next = round
                .checked_add(1)
                .ok_or_else(|| Error::invalid_argument("too many rounds"))?;
            return self.emit(EncounterEvent::DeclarationsOpened { round: next });
        }
        // The next round opens by itself only if someone in the order can take a turn in it:
        // when every one of them would lose it (all dead, or all unable under GH/HYB/OSE), the
        // round waits for the GM (`nextRound`, a heal, `grantTurn`) instead of passing rounds
        // with no turns in them for ever.
        if self
            .enc
            .participants
            .iter()
            .any(|p| self.enc.in_order(p) && self.enc.skip_reason(p).is_none())
        {
            return self.open_round();
        }
        Ok(())
    }

    pub(crate) fn next_round(&mut self) -> Result<()> {
        require_running(self.enc)?;
        match self.enc.phase {
            Phase::Declaring => Err(Error::out_of_order(
                "roll initiative to start the next round",
            )),
            Phase::Between => {
                if !self.enc.participants.iter().any(|p| self.enc.in_order(p)) {
                    return Err(Error::not_allowed("nobody can take a turn"));
                }
                self.open_round()
            }
            _ => {
                if self.enc.active {
                    self.close_active_actor()?;
                }
                self.end_round()
            }
        }
    }

    pub(crate) fn end_encounter(&mut self) -> Result<()> {
        require_running(self.enc)?;
        let round = self.round();
        if matches!(self.enc.phase, Phase::Turns | Phase::World) {
            if self.enc.active {
                self.close_active_actor()?;
            }
            if self.enc.phase == Phase::World {
                self.emit(EncounterEvent::WorldPhaseEnded {
                    round,
                    participant: None,
                })?;
            }
            self.emit(EncounterEvent::RoundEnded { round })?;
        }
        self.emit(EncounterEvent::EncounterEnded { round })
    }

    /// OSE-COMBAT-02: the acting side moves to its next phase.
    pub(crate) fn advance_phase(&mut self) -> Result<()> {
        require_running(self.enc)?;
        if !self.enc.rules().side_phases() {
            return Err(Error::not_allowed(
                "phases within a turn belong to OSE (OSE-COMBAT-02)",
            ));
        }
        let phases: &[OsePhase] = match self.enc.active_actor() {
            Some(Actor::Sides { slow: true, .. }) => &SLOW_PHASES,
            Some(_) => &PHASE_ORDER,
            None => return Err(Error::out_of_order("no side is acting")),
        };
        let next = self
            .enc
            .ose_phase
            .and_then(|p| p.next_in(phases))
            .ok_or_else(|| Error::out_of_order("this is the last phase: end the turn"))?;
        self.emit(EncounterEvent::PhaseStarted {
            round: self.round(),
            phase: next,
        })
    }

    /// A5E-WORLD-02/03, A5E-SCEN-05.
    pub(crate) fn use_world_action(
        &mut self,
        action: crate::ids::WorldActionId,
        targets: Vec<ParticipantId>,
    ) -> Result<()> {
        require_running(self.enc)?;
        if self.enc.phase != Phase::World {
            return Err(Error::out_of_order(
                "world actions happen in a world phase, before anyone acts (A5E-WORLD-02)",
            ));
        }
        check_list(self.enc, &targets)?;
        if let Some(current) = self.enc.current_world_participant()
            && targets.iter().any(|t| t != &current)
        {
            return Err(Error::not_allowed(
                "in rolling movement a world action affects only the participant whose turn it is (A5E-SCEN-05)",
            ));
        }
        let i = self.enc.world_pos(&action)?;
        let recharge = self.enc.world.get(i).and_then(|w| w.action.recharge);
        self.emit(EncounterEvent::WorldActionUsed {
            action: action.clone(),
            targets,
        })?;
        if let Some(r) = recharge {
            // A5E-WORLD-03: roll right after use.
            let die = roll_one(self.dice, crate::encounter::world::RECHARGE_DIE)?;
            self.emit(EncounterEvent::RechargeRolled {
                action,
                die,
                recharged: r.recharges_on(die.face),
            })?;
        }
        Ok(())
    }

    pub(crate) fn end_world_phase(&mut self) -> Result<()> {
        require_running(self.enc)?;
        if self.enc.phase != Phase::World {
            return Err(Error::out_of_order("no world phase is under way"));
        }
        let participant = self.enc.current_world_participant();
        let scoped = participant.is_some();
        self.emit(EncounterEvent::WorldPhaseEnded {
            round: self.round(),
            participant,
        })?;
        if scoped { Ok(()) } else { self.begin_next() }
    }
}

/// How many undeclared creatures an error names before it counts the rest.
const NAMED_IN_ERROR: usize = 8;

impl Encounter {
    /// GH-INIT-01: every creature that rolls this round has declared what it will do. A
    /// creature that cannot act does not roll (GH-INIT-12) and need not declare.
    pub(crate) fn check_declared(&self) -> Result<()> {
        let missing: Vec<&str> = self
            .participants
            .iter()
            .filter(|p| !p.out && p.can_act && p.declaration.is_none())
            .map(|p| p.id.as_str())
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        let mut names = missing
            .iter()
            .take(NAMED_IN_ERROR)
            .map(|id| format!("\"{id}\""))
            .collect::<Vec<_>>()
            .join(", ");
        if missing.len() > NAMED_IN_ERROR {
            names.push_str(&format!(
                " and {} more",
                missing.len().saturating_sub(NAMED_IN_ERROR)
            ));
        }
        let verb = if missing.len() == 1 { "has" } else { "have" };
        Err(Error::out_of_order(format!(
            "{names} {verb} not declared this round (GH-INIT-01): declare for them, or roll with noActions to give every undeclared creature an empty plan (GH-INIT-16)"
        )))
    }

    /// The participant whose rolling-movement world phase is under way.
    pub(crate) fn current_world_participant(&self) -> Option<ParticipantId> {
        if self.phase != Phase::World {
            return None;
        }
        self.active_actor().and_then(Actor::participant).cloned()
    }
}
