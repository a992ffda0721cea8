//! Commands within a turn: delay and resume, activities, action slots, Ready, control,
//! forced plans, harm and retreat.

use crate::encounter::command::{EncounterCommand, FollowerModifier, PlanCause, RetreatCheck};
use crate::encounter::event::{EncounterEvent, FollowerMoraleRoll, HYB_MORALE_DC, RetreatRoll};
use crate::encounter::execute::able::{check_able, check_able_activity};
use crate::encounter::execute::ctx::{Ctx, check_list, misrouted, require_running};
use crate::encounter::execute::flow::GH_SURPRISE_PENALTY;
use crate::encounter::limits::{MAX_MODIFIER, MAX_TOTAL};
use crate::encounter::participant::{ActionKind, Harm, Participant, SpellDisruption, TurnStatus};
use crate::encounter::state::{Encounter, Phase};
use crate::error::{Error, Result};
use crate::ids::{Label, ParticipantId, ParticipantIds};
use crate::initiative::greyhawk::{self, GhDeclaration};
use crate::initiative::rules::{
    ActionEconomy, ControlRule, DeclarationKind, DisruptionRule, ReadyRule, SurpriseRule,
};
use crate::initiative::{Activity, InitiativeRoll, RollSource, roll_one};

impl Ctx<'_> {
    /// Commands within a turn: delaying and resuming, granted turns, activities and action
    /// slots, Ready, commanding controlled creatures, forced plans, harm and retreat.
    pub(super) fn turn_command(&mut self, command: EncounterCommand) -> Result<()> {
        match command {
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
            other => Err(misrouted(&other)),
        }
    }

    fn require_turns(&self) -> Result<()> {
        require_running(self.enc)?;
        match self.enc.phase {
            Phase::Turns => Ok(()),
            Phase::World => Err(Error::out_of_order(
                "a world phase is under way: nobody acts until it ends",
            )),
            _ => Err(Error::out_of_order("no round is under way")),
        }
    }

    fn require_current(&self, id: &ParticipantId) -> Result<()> {
        self.require_turns()?;
        self.enc.get(id)?;
        if !self.enc.is_current(id) {
            return Err(Error::out_of_order(format!("it is not \"{id}\"'s turn")));
        }
        Ok(())
    }

    /// GH-INIT-13, HYB-INIT-02.
    pub(crate) fn delay(&mut self, id: ParticipantId) -> Result<()> {
        if let Some(refusal) = self.enc.rules().delay_refusal() {
            return Err(Error::not_allowed(refusal));
        }
        self.require_current(&id)?;
        let p = self.enc.get(&id)?;
        if p.turn == TurnStatus::Resumed {
            return Err(Error::not_allowed(format!(
                "\"{id}\" has already delayed this round"
            )));
        }
        if !p.activities_used.is_empty()
            || p.spent.has(ActionKind::Active)
            || p.spent.has(ActionKind::Movement)
            || p.retreat.is_some()
        {
            return Err(Error::not_allowed(
                "a creature delays instead of acting, not after it has acted",
            ));
        }
        self.emit(EncounterEvent::TurnDelayed {
            participant: id,
            round: self.round(),
        })?;
        self.begin_next()
    }

    /// A delayed participant acts after the current turn; under Greyhawk, delayers with a
    /// lower original count may cut in immediately before it (GH-INIT-13, EX-GH-07).
    pub(crate) fn resume(&mut self, id: ParticipantId, cut_in: Vec<ParticipantId>) -> Result<()> {
        self.require_turns()?;
        let p = self.enc.get(&id)?;
        if p.turn != TurnStatus::Delayed {
            return Err(Error::out_of_order(format!("\"{id}\" is not delaying")));
        }
        let original = p.count().unwrap_or(0);
        check_list(self.enc, &cut_in)?;
        if !cut_in.is_empty() && !self.enc.rules().delayers_cut_in() {
            return Err(Error::not_allowed(
                "only Greyhawk lets other delayers cut in (GH-INIT-13)",
            ));
        }
        let mut idx = Vec::with_capacity(cut_in.len());
        for c in &cut_in {
            let cp = self.enc.get(c)?;
            if c == &id || cp.turn != TurnStatus::Delayed {
                return Err(Error::out_of_order(format!("\"{c}\" is not delaying")));
            }
            // GH-INIT-13: only a LOWER original count may act immediately before.
            if cp.count().unwrap_or(0) >= original {
                return Err(Error::not_allowed(format!(
                    "\"{c}\" (original count {}) cannot cut in before \"{id}\" (original count {original}): only a lower original count may (GH-INIT-13)",
                    cp.count().unwrap_or(0)
                )));
            }
            idx.push(self.enc.pos(c)?);
        }
        crate::sorting::sort_indices(&mut idx, &mut |a, b| self.enc.cmp_participants(a, b));
        let cut_in: Vec<ParticipantId> = idx
            .into_iter()
            .filter_map(|i| self.enc.participants.get(i).map(|p| p.id.clone()))
            .collect();
        self.emit(EncounterEvent::DelayResumed {
            participant: id,
            cut_in,
        })?;
        self.begin_next()
    }

    /// The GM gives a skipped participant its turn anyway: it acts after the turn under way
    /// (or at once, between turns), as a resumed delayer does.
    pub(crate) fn grant_turn(&mut self, id: ParticipantId) -> Result<()> {
        self.require_turns()?;
        if self.enc.get(&id)?.turn != TurnStatus::Skipped {
            return Err(Error::out_of_order(format!(
                "\"{id}\" had no turn skipped this round"
            )));
        }
        self.emit(EncounterEvent::TurnGranted {
            participant: id,
            round: self.round(),
        })?;
        self.begin_next()
    }

    /// GH-INIT-09: a creature cannot take an action whose category it did not roll for, nor
    /// one its conditions or its inability to act rule out (SRD-COND-06, GH-INIT-12).
    pub(crate) fn act(&mut self, id: ParticipantId, activity: Activity) -> Result<()> {
        if self.enc.rules().action_economy() != ActionEconomy::Activities {
            return Err(Error::not_allowed(
                "declared activities exist only under Greyhawk initiative; use useAction",
            ));
        }
        self.require_current(&id)?;
        if !self.enc.allowed_activities(&id)?.contains(&activity) {
            return Err(Error::not_allowed(format!(
                "\"{id}\" did not roll a die for {} this round (GH-INIT-09)",
                activity.label()
            )));
        }
        check_able_activity(self.enc, self.enc.get(&id)?, activity)?;
        self.emit(EncounterEvent::ActivityUsed {
            participant: id,
            activity,
        })
    }

    /// A5E-TURN-02 (with A5E-SURP-02 and A5E-CTRL-01/02), HYB-ACT-01..05, GH-INIT-06; what
    /// the creature's conditions or its inability to act forbid is refused too (A5E-COND-15
    /// and the others listed in `able.rs`).
    pub(crate) fn use_action(
        &mut self,
        id: ParticipantId,
        kind: ActionKind,
        slot: Option<ActionKind>,
    ) -> Result<()> {
        self.require_turns()?;
        let slot = slot.unwrap_or(kind);
        check_use(self.enc, &id, kind, slot)?;
        self.emit(EncounterEvent::ActionUsed {
            participant: id,
            kind,
            slot,
        })
    }

    /// A5E-DMG-04: "you can use your reaction to block it". In a running encounter whose
    /// action economy keeps a reaction (A5E and 5e slots, Greyhawk's one reaction a round,
    /// GH-INIT-06), blocking a critical hit is refused whenever `useAction` would refuse that
    /// reaction (surprised, already used, a condition or `canAct` ruling it out), in any phase
    /// of the round; `true` means the block goes ahead and the caller spends the reaction with
    /// it. Before the start and after the end, and under systems without a reaction slot (OSE
    /// phases, HYB's active, movement and quick actions), there is no reaction to track: the
    /// block is left to the creature's own once-per-rest limit, as on a bare creature sheet.
    pub(crate) fn block_takes_reaction(&self, id: &ParticipantId) -> Result<bool> {
        let economy = self.enc.rules().action_economy();
        if !self.enc.running() || !economy.has_reaction() {
            return Ok(false);
        }
        check_use(self.enc, id, ActionKind::Reaction, ActionKind::Reaction).map_err(|e| {
            Error::new(
                e.code,
                format!(
                    "blocking a critical hit takes the reaction (A5E-DMG-04): {}",
                    e.message
                ),
            )
        })?;
        Ok(true)
    }

    /// A5E-ACT-11 (an action; released with the reaction), HYB-ACT-05 (a quick action); GH
    /// forbids it (GH-INIT-13).
    pub(crate) fn ready(&mut self, id: ParticipantId, trigger: Label) -> Result<()> {
        let slot = match self.enc.rules().ready() {
            ReadyRule::Refused(why) => return Err(Error::not_allowed(why)),
            ReadyRule::Quick => ActionKind::Quick,
            ReadyRule::Action => ActionKind::Action,
        };
        self.require_current(&id)?;
        self.use_action(id.clone(), slot, None)?;
        self.emit(EncounterEvent::Readied {
            participant: id,
            trigger,
        })
    }

    pub(crate) fn trigger_ready(&mut self, id: ParticipantId) -> Result<()> {
        self.require_turns()?;
        let p = self.enc.get(&id)?;
        if p.readied.is_none() {
            return Err(Error::not_allowed(format!(
                "\"{id}\" has no readied action"
            )));
        }
        if self
            .enc
            .rules()
            .action_economy()
            .ready_releases_with_reaction()
        {
            // A5E-ACT-11: the reaction, right after the trigger.
            self.use_action(id.clone(), ActionKind::Reaction, None)?;
        }
        self.emit(EncounterEvent::ReadyTriggered { participant: id })
    }

    /// A5E-CTRL-02: one creature or one group, for the controller's bonus action.
    pub(crate) fn command_controlled(
        &mut self,
        controller: ParticipantId,
        targets: Vec<ParticipantId>,
    ) -> Result<()> {
        if self.enc.rules().control() != ControlRule::ControllersTurn {
            return Err(Error::not_allowed(
                "commanding controlled creatures is an A5E rule (A5E-CTRL-02)",
            ));
        }
        self.require_current(&controller)?;
        if targets.is_empty() {
            return Err(Error::invalid_argument(
                "name the creature or group commanded",
            ));
        }
        check_list(self.enc, &targets)?;
        let mut group = None;
        for t in &targets {
            let p = self.enc.get(t)?;
            if p.controller.as_ref() != Some(&controller) {
                return Err(Error::not_allowed(format!(
                    "\"{controller}\" does not control \"{t}\""
                )));
            }
            if targets.len() > 1 {
                match (&group, &p.group) {
                    (_, None) => {
                        return Err(Error::not_allowed(
                            "several creatures are commanded together only as one group (A5E-CTRL-02)",
                        ));
                    }
                    (None, Some(g)) => group = Some(g.clone()),
                    (Some(a), Some(b)) if a != b => {
                        return Err(Error::not_allowed(
                            "one bonus action commands one group (A5E-CTRL-02)",
                        ));
                    }
                    _ => {}
                }
            }
        }
        self.use_action(controller.clone(), ActionKind::BonusAction, None)?;
        self.emit(EncounterEvent::ControlledCommanded {
            controller,
            targets,
        })
    }

    /// GH-INIT-15: reroll for the new plan and add the cause's count.
    pub(crate) fn force_plan(
        &mut self,
        id: ParticipantId,
        declaration: GhDeclaration,
        cause: PlanCause,
    ) -> Result<()> {
        if self.enc.rules().declaration() != Some(DeclarationKind::Greyhawk) {
            return Err(Error::not_allowed(
                "forced changes of plan are a Greyhawk rule",
            ));
        }
        self.require_turns()?;
        let p = self.enc.get(&id)?;
        if p.turn != TurnStatus::Waiting || p.initiative.is_none() {
            return Err(Error::out_of_order(format!(
                "\"{id}\" has already had its turn (or has none) this round (GH-INIT-15)"
            )));
        }
        let surprised = p.surprised;
        let base = match &cause {
            PlanCause::Participant { participant } => {
                self.enc.get(participant)?.count().ok_or_else(|| {
                    Error::not_allowed(format!("\"{participant}\" has no initiative this round"))
                })?
            }
            PlanCause::Count { count } => {
                if count.checked_abs().is_none_or(|c| c > MAX_TOTAL) {
                    return Err(Error::invalid_argument("count out of range"));
                }
                *count
            }
        };
        let dice = greyhawk::roll(&declaration, &self.enc.config.greyhawk, self.dice)?;
        let modifier = base
            .checked_add(if surprised { GH_SURPRISE_PENALTY } else { 0 })
            .ok_or_else(|| Error::invalid_argument("count out of range"))?;
        let total = InitiativeRoll::computed_total(&dice, modifier)
            .filter(|t| t.checked_abs().is_some_and(|a| a <= MAX_TOTAL))
            .ok_or_else(|| Error::invalid_argument("initiative total out of range"))?;
        self.emit(EncounterEvent::PlanForced {
            participant: id.clone(),
            declaration,
            roll: InitiativeRoll {
                participants: ParticipantIds::one(id.clone()),
                dice,
                modifier,
                total,
                source: RollSource::Rolled,
            },
        })?;
        self.settle_ties()?;
        self.emit(EncounterEvent::JoinedOrder { participant: id })
    }

    /// Harm and what it triggers: GH-VAR-02, OSE-COMBAT-09, HYB-RETREAT-02.
    pub(crate) fn harm(&mut self, id: ParticipantId, harm: Harm) -> Result<()> {
        require_running(self.enc)?;
        if !matches!(self.enc.phase, Phase::Turns | Phase::World) {
            return Err(Error::out_of_order("no round is under way"));
        }
        let p = self.enc.get(&id)?;
        let spell_pending =
            p.declaration.as_ref().is_some_and(|d| d.casts_spell()) && p.spell.is_none();
        let before_turn = p.turn.before_turn();
        self.emit(EncounterEvent::Harmed {
            participant: id.clone(),
            harm,
        })?;
        let rule = self
            .enc
            .rules()
            .spell_disruption(&self.enc.initiative_options());
        let disruption = match rule {
            Some(DisruptionRule::CantripsOnDamage) if harm == Harm::Damage => {
                Some(SpellDisruption::CantripsOnly)
            }
            Some(DisruptionRule::Lost) => Some(SpellDisruption::Lost),
            _ => None,
        };
        if let Some(disruption) = disruption
            && spell_pending
            && before_turn
        {
            self.emit(EncounterEvent::SpellDisrupted {
                participant: id,
                disruption,
            })?;
        }
        Ok(())
    }

    /// HYB-RETREAT-01, with HYB-MORALE-04 for the followers.
    pub(crate) fn retreat(
        &mut self,
        id: ParticipantId,
        modifiers: Vec<FollowerModifier>,
    ) -> Result<()> {
        if !self.enc.rules().has_retreat_action() {
            return Err(Error::not_allowed("the retreat action is a HYB rule"));
        }
        self.require_current(&id)?;
        let p = self.enc.get(&id)?;
        if p.retreat.is_some()
            || p.spent.has(ActionKind::Active)
            || p.spent.has(ActionKind::Movement)
            || p.spent.has(ActionKind::Quick)
        {
            return Err(Error::not_allowed(
                "a retreat uses the whole turn and cannot be combined with another action (HYB-RETREAT-01)",
            ));
        }
        self.emit(EncounterEvent::RetreatStarted {
            participant: id.clone(),
        })?;
        // HYB-RETREAT-01: the retreating PC's concentration effects end at once, whatever the
        // retreat's outcome (the event is left out when it concentrates on nothing).
        if self
            .enc
            .effects
            .effects()
            .iter()
            .any(|e| e.concentration && e.source.as_ref() == Some(&id))
        {
            self.emit(EncounterEvent::ConcentrationDropped {
                participant: id.clone(),
            })?;
        }
        self.followers_morale(id, modifiers)
    }

    /// HYB-MORALE-04: every participant the retreating PC controls (its retainers and the NPCs
    /// following it) checks morale at once, at disadvantage; a failure routs it. Our reading:
    /// "following" is the encounter's controller link; a routed follower is fleeing, settled like
    /// a retreat (a hit stops it, HYB-RETREAT-02).
    fn followers_morale(
        &mut self,
        leader: ParticipantId,
        modifiers: Vec<FollowerModifier>,
    ) -> Result<()> {
        let followers: Vec<ParticipantId> = self
            .enc
            .participants
            .iter()
            .filter(|p| p.controller.as_ref() == Some(&leader) && !p.out)
            .map(|p| p.id.clone())
            .collect();
        for (i, m) in modifiers.iter().enumerate() {
            if !followers.contains(&m.participant)
                || modifiers
                    .iter()
                    .skip(i.saturating_add(1))
                    .any(|o| o.participant == m.participant)
            {
                return Err(Error::invalid_argument(format!(
                    "\"{}\" does not follow \"{leader}\" (or is listed twice)",
                    m.participant
                )));
            }
            if m.modifier.checked_abs().is_none_or(|a| a > MAX_MODIFIER) {
                return Err(Error::invalid_argument("morale modifier out of range"));
            }
        }
        if followers.is_empty() {
            return Ok(());
        }
        let mut checks = Vec::with_capacity(followers.len());
        for participant in followers {
            let modifier = modifiers
                .iter()
                .find(|m| m.participant == participant)
                .map_or(0, |m| m.modifier);
            let dice = vec![roll_one(self.dice, 20)?, roll_one(self.dice, 20)?];
            let mut check = FollowerMoraleRoll {
                participant,
                dice,
                modifier,
                routed: false,
            };
            check.routed = check.total().is_some_and(|t| t < HYB_MORALE_DC);
            checks.push(check);
        }
        self.emit(EncounterEvent::FollowersMoraleChecked { leader, checks })
    }

    /// Damage dealt through the encounter's own `damage` command is harm, with what harm
    /// triggers (see [`Ctx::harm`]): a declared spell not yet cast is disrupted (GH-VAR-02 when
    /// the variant is on; OSE-COMBAT-09, where damage means a successful attack) and a
    /// retreating HYB PC is stopped (HYB-RETREAT-02). `dealt`: the damage left something after
    /// resistances and immunities (temporary hit points absorbing it count: the creature was
    /// still damaged). Outside a round, or when nothing would follow, no `harmed` event is added.
    pub(crate) fn damage_harms(&mut self, id: &ParticipantId, dealt: bool) -> Result<()> {
        if !dealt || !matches!(self.enc.phase, Phase::Turns | Phase::World) {
            return Ok(());
        }
        let p = self.enc.get(id)?;
        let spell_pending = p.declaration.as_ref().is_some_and(|d| d.casts_spell())
            && p.spell.is_none()
            && p.turn.before_turn()
            && self
                .enc
                .rules()
                .spell_disruption(&self.enc.initiative_options())
                .is_some();
        if spell_pending || p.retreat == Some(false) {
            self.harm(id.clone(), Harm::Damage)?;
        }
        Ok(())
    }

    /// HYB-RETREAT-02: a failed check or any hit stops it; success leaves initiative.
    pub(crate) fn resolve_retreat(
        &mut self,
        id: ParticipantId,
        check: Option<RetreatCheck>,
    ) -> Result<()> {
        self.require_turns()?;
        let p = self.enc.get(&id)?;
        let Some(hit) = p.retreat else {
            return Err(Error::out_of_order(format!("\"{id}\" is not retreating")));
        };
        let roll = match check {
            Some(c) => {
                if c.modifier.checked_abs().is_none_or(|m| m > MAX_MODIFIER)
                    || !(0..=MAX_MODIFIER).contains(&c.dc)
                {
                    return Err(Error::invalid_argument("check modifier or DC out of range"));
                }
                Some(RetreatRoll {
                    die: roll_one(self.dice, 20)?,
                    modifier: c.modifier,
                    dc: c.dc,
                })
            }
            None => None,
        };
        let escaped = !hit && roll.is_none_or(|r| r.passed());
        let current = self.enc.is_current(&id);
        if escaped && current {
            self.close_active_actor()?;
        }
        self.emit(EncounterEvent::RetreatResolved {
            participant: id,
            check: roll,
            hit,
            escaped,
        })?;
        if escaped && current {
            self.begin_next()?;
        }
        Ok(())
    }
}

/// Everything `useAction` checks once a round is under way, reading only: the participant is
/// in the fight, the economy has the slot, it is unspent, its time has come, surprise allows
/// it, and so do the creature's state and conditions (`able.rs`).
fn check_use(
    enc: &Encounter,
    id: &ParticipantId,
    kind: ActionKind,
    slot: ActionKind,
) -> Result<()> {
    let economy = enc.rules().action_economy();
    let p = enc.get(id)?;
    if p.out {
        return Err(Error::not_allowed(format!("\"{id}\" has left the fight")));
    }
    check_economy(enc, p, economy, kind, slot)?;
    let split_movement = slot == ActionKind::Movement && economy.splits_movement();
    if p.spent.has(slot) && !split_movement {
        return Err(Error::not_allowed(format!(
            "\"{id}\" has already used its {} (A5E-TURN-02 / HYB-ACT-01)",
            slot.label()
        )));
    }
    check_timing(enc, p, id, kind)?;
    check_surprised_slot(enc, p, slot)?;
    check_able(enc, p, slot)
}

/// Whether the ruleset's action economy has this slot and lets `kind` be paid from it: OSE
/// has no slots (OSE-COMBAT-02), Greyhawk only reactions (GH-INIT-06), A5E/5e its slots with
/// the Use an Object trade (A5E-TURN-02/03), HYB trades down when allowed and not while
/// retreating (HYB-ACT-01..03, HYB-RETREAT-01).
fn check_economy(
    enc: &Encounter,
    p: &Participant,
    economy: ActionEconomy,
    kind: ActionKind,
    slot: ActionKind,
) -> Result<()> {
    match economy {
        ActionEconomy::Phases => Err(Error::not_allowed(
            "OSE has no action slots to track here (OSE-COMBAT-02 phases order the round)",
        )),
        ActionEconomy::Activities => {
            if kind != ActionKind::Reaction || slot != ActionKind::Reaction {
                return Err(Error::not_allowed(
                    "under Greyhawk, use act for declared activities; only reactions are slots (GH-INIT-06)",
                ));
            }
            Ok(())
        }
        ActionEconomy::Slots => {
            // A5E-TURN-03: a second object interaction is the Use an Object action.
            let use_an_object = kind == ActionKind::Interaction && slot == ActionKind::Action;
            if matches!(kind, ActionKind::Active | ActionKind::Quick)
                || (slot != kind && !use_an_object)
            {
                return Err(Error::not_allowed(
                    "A5E/5e slots are action, bonus action, movement, reaction and one free object interaction (A5E-TURN-02/03)",
                ));
            }
            Ok(())
        }
        ActionEconomy::ActiveMovementQuick => {
            if !matches!(
                kind,
                ActionKind::Active | ActionKind::Movement | ActionKind::Quick
            ) || !matches!(
                slot,
                ActionKind::Active | ActionKind::Movement | ActionKind::Quick
            ) {
                return Err(Error::not_allowed(
                    "HYB actions are active, movement and quick (HYB-ACT-01)",
                ));
            }
            let trade = match (kind, slot) {
                (k, s) if k == s => false,
                (ActionKind::Movement | ActionKind::Quick, ActionKind::Active)
                | (ActionKind::Quick, ActionKind::Movement) => true,
                _ => {
                    return Err(Error::not_allowed(format!(
                        "a {} can only be traded down, not paid with a {} (HYB-ACT-02/03)",
                        slot.label(),
                        kind.label()
                    )));
                }
            };
            if trade && !enc.config.hyb.trade_down {
                return Err(Error::not_allowed("trading actions down is off"));
            }
            if p.retreat.is_some() {
                return Err(Error::not_allowed(
                    "a retreat uses the whole turn (HYB-RETREAT-01)",
                ));
            }
            Ok(())
        }
    }
}

/// Whether the creature may use an action of this kind now: a reaction any time unless
/// surprised (GH-SURP-01 / A5E-SURP-02), a quick action any time, a controlled creature's
/// movement during its controller's turn (A5E-CTRL-01) and its action or bonus action there
/// once commanded (A5E-CTRL-02); anything else only on its own turn.
fn check_timing(
    enc: &Encounter,
    p: &Participant,
    id: &ParticipantId,
    kind: ActionKind,
) -> Result<()> {
    let controller_current = p.controller.as_ref().is_some_and(|c| enc.is_current(c));
    match kind {
        ActionKind::Reaction => {
            if p.surprised {
                return Err(Error::not_allowed(
                    "a surprised creature cannot react yet (GH-SURP-01 / A5E-SURP-02)",
                ));
            }
        }
        ActionKind::Quick => {}
        ActionKind::Movement
            if controller_current && enc.rules().control() == ControlRule::ControllersTurn =>
        {
            // A5E-CTRL-01: movement at any point of the controller's turn.
        }
        ActionKind::Action | ActionKind::BonusAction if controller_current => {
            if !p.commanded {
                return Err(Error::not_allowed(
                    "a controlled creature acts when commanded with its controller's bonus action (A5E-CTRL-02)",
                ));
            }
        }
        _ => {
            if !enc.is_current(id) {
                return Err(Error::out_of_order(format!("it is not \"{id}\"'s turn")));
            }
        }
    }
    Ok(())
}

/// A5E-SURP-02: on a surprised creature's first turn its action and movement (and, if the
/// option says so, its bonus action) are not available.
fn check_surprised_slot(enc: &Encounter, p: &Participant, slot: ActionKind) -> Result<()> {
    if !(p.surprised && enc.rules().surprise() == SurpriseRule::FirstTurn) {
        return Ok(());
    }
    let blocked = match slot {
        ActionKind::Action | ActionKind::Movement => true,
        ActionKind::BonusAction => enc.config.a5e.surprise_blocks_bonus_action,
        _ => false,
    };
    if blocked {
        return Err(Error::not_allowed(format!(
            "a surprised creature cannot use its {} on its first turn (A5E-SURP-02)",
            slot.label()
        )));
    }
    Ok(())
}
