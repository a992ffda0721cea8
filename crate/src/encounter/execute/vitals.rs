//! Commands on creatures, conditions and effects, and the consequences the encounter wires in:
//! ongoing damage at the end of a turn (A5E-DMG-06), or of the round for a creature Greyhawk
//! gave no turn (GH-INIT-12), concentration ending when a creature drops
//! (incapacitated), `canAct` following unconsciousness, death and incapacitating conditions
//! (GH-INIT-12), and pending fatigue taking effect when the encounter ends (A5E-TRACK-06).
//!
//! These commands are accepted in every phase: creatures are healed, rest and recover after
//! the fight too, and effects run on against the clock.

use crate::conditions::Flag;
use crate::creature::{
    Creature, CreatureCommand, CreatureRules, CriticalDowngrade, DamageChoices, DamageInstance,
    DamageType, Performed, Report,
};
use crate::effects::{Duration, EffectId, EffectSpec, RestKind};
use crate::encounter::command::EncounterCommand;
use crate::encounter::creature_change::{CreatureChange, EffectOngoing};
use crate::encounter::event::{EncounterEvent, Resisted};
use crate::encounter::execute::ctx::{Ctx, check_list, misrouted};
use crate::encounter::participant::{ActionKind, TurnStatus};
use crate::encounter::vitals::check_immunities;
use crate::encounter::vitals::loaded_ids;
use crate::error::{Error, ErrorCode, Result};
use crate::ids::ParticipantId;

/// Whether a creature is down: dead, unconscious (A5E-DEATH-02) or HYB-incapacitated
/// (HYB-DEATH-01).
fn down(c: &Creature) -> bool {
    c.is_dead() || c.is_unconscious() || c.is_incapacitated()
}

impl Ctx<'_> {
    /// Commands on a participant's creature, in either spelling (`creatureCommand` or the flat
    /// `damage`, `heal`, …): each runs as the sheet's [`CreatureCommand`], through
    /// [`Creature::perform`], the code a stand-alone sheet runs. Damage keeps the encounter's
    /// own path (conditions that resist it, harm that disrupts); a death save is checked
    /// against the turn first (A5E-DEATH-03, GH-INIT-12).
    pub(super) fn creature_command(&mut self, command: EncounterCommand) -> Result<()> {
        let (participant, command) = command
            .into_creature_command()
            .map_err(|other| misrouted(&other))?;
        match command {
            CreatureCommand::Damage { damage, choices } => {
                self.damage(participant, damage, choices, None)
            }
            CreatureCommand::OngoingDamage { .. } => Err(Error::not_allowed(
                "in an encounter ongoing damage comes from an effect: addEffects with `ongoing` \
                 (A5E-DMG-06)",
            )),
            CreatureCommand::AddAdventuringHours { .. }
            | CreatureCommand::SetResilienceReduction { .. } => Err(Error::not_allowed(
                "adventuring hours (HYB-RES-01) are kept on a creature sheet or a journey, not in \
                 an encounter",
            )),
            command => {
                if matches!(command, CreatureCommand::DeathSave { .. })
                    && self.enc.creature_rules().has_death_saves()
                {
                    self.enc.death_save_due(&participant)?;
                }
                let change = CreatureChange::of(&command);
                self.update(participant, change, |c, ctx| {
                    let rules = ctx.enc.creature_rules();
                    let at = ctx.enc.moment();
                    match c.perform(&command, &rules, at, ctx.dice)? {
                        Performed::Report(report) => Ok(report),
                        _ => Err(Error::new(
                            ErrorCode::InvalidData,
                            "internal error: a creature operation without a report",
                        )),
                    }
                })
            }
        }
    }

    /// Commands on a creature's statistics and immunities, on effects and conditions, and on
    /// time outside the rounds (rests, the clock).
    pub(super) fn effects_command(&mut self, command: EncounterCommand) -> Result<()> {
        match command {
            EncounterCommand::SetCreature {
                participant,
                creature,
            } => self.set_creature(participant, creature),
            EncounterCommand::SetConditionImmunities {
                participant,
                immunities,
            } => self.set_condition_immunities(participant, immunities),
            EncounterCommand::AddEffects { effects, ongoing } => self.add_effects(effects, ongoing),
            EncounterCommand::RemoveEffect { effect } => self.remove_effect(effect),
            EncounterCommand::DropConcentration { participant } => {
                self.drop_concentration(participant)
            }
            EncounterCommand::LoadConditions { json } => self.load_conditions(json),
            EncounterCommand::Rest { rest, participants } => self.rest(rest, participants),
            EncounterCommand::AdvanceClock { seconds } => self.advance_clock(seconds),
            other => Err(misrouted(&other)),
        }
    }

    fn creature_of(&self, id: &ParticipantId) -> Result<Creature> {
        self.enc
            .get(id)?
            .creature
            .as_deref()
            .cloned()
            .ok_or_else(|| {
                Error::not_allowed(format!(
                    "\"{id}\" has no creature stats: set them with setCreature"
                ))
            })
    }

    pub(crate) fn set_creature(
        &mut self,
        participant: ParticipantId,
        creature: Option<Creature>,
    ) -> Result<()> {
        self.enc.get(&participant)?;
        if let Some(c) = &creature {
            c.validate()?;
        }
        self.emit(EncounterEvent::CreatureSet {
            participant: participant.clone(),
            creature,
        })?;
        self.sync_can_act(&participant, false)
    }

    /// A5E-COND-28: a participant's condition immunities replaced (a stat block's list, a
    /// spell or feature granting one). Conditions it already has stop counting in queries
    /// (`rollAdvice`); their effects run on until they end.
    pub(crate) fn set_condition_immunities(
        &mut self,
        participant: ParticipantId,
        immunities: Vec<crate::conditions::ConditionId>,
    ) -> Result<()> {
        self.enc.get(&participant)?;
        check_immunities(self.enc, &immunities)?;
        self.emit(EncounterEvent::ConditionImmunitiesSet {
            participant,
            immunities,
        })
    }

    /// Damage through the ruleset's pipeline; the choices are the caller's (never decided here).
    ///
    /// A5E-DMG-04: a critical hit blocked under A5E's creature rules takes the target's
    /// reaction where the encounter keeps one ([`Ctx::block_takes_reaction`]): refused when
    /// that reaction is not available, spent (an `actionUsed` event before `damaged`) when it
    /// is. Sacrificing a shield needs no reaction.
    pub(crate) fn damage(
        &mut self,
        participant: ParticipantId,
        damage: DamageInstance,
        choices: DamageChoices,
        ongoing: Option<EffectId>,
    ) -> Result<()> {
        let mut creature = self.creature_of(&participant)?;
        let before = creature.clone();
        let rules = self.enc.creature_rules();
        // Only a block the creature rules would accept is checked here; any other is left to
        // them, so it fails with their own error.
        let block = damage.critical
            && choices.critical_downgrade == Some(CriticalDowngrade::Block)
            && matches!(rules, CreatureRules::A5e(_))
            && self.block_takes_reaction(&participant)?;
        let at = self.enc.moment();
        // A5E-COND-19: a petrified participant resists all damage and is immune to poison for
        // as long as the condition lasts: its conditions join its own defenses for this hit.
        let flags = self.enc.status(&participant)?.flags;
        let has = |flag: Flag| flags.iter().any(|f| f.flag == flag);
        if has(Flag::ResistsAllDamage) {
            creature.defenses.resists_all = true;
        }
        if has(Flag::ImmuneToPoisonAndDisease) {
            creature.defenses.immunities.push(DamageType::Poison);
        }
        let taken = creature.take_damage(&rules, &damage, &choices, at, self.dice);
        creature.defenses = before.defenses.clone();
        let report = taken?;
        let dealt = report.hp_lost > 0 || report.temp_hp_absorbed > 0;
        if block {
            self.emit(EncounterEvent::ActionUsed {
                participant: participant.clone(),
                kind: ActionKind::Reaction,
                slot: ActionKind::Reaction,
            })?;
        }
        self.emit(EncounterEvent::Damaged {
            participant: participant.clone(),
            report,
            creature,
            ongoing,
        })?;
        self.after_creature(&participant, &before)?;
        self.damage_harms(&participant, dealt)
    }

    /// Run a creature procedure on a copy and emit the result.
    fn update(
        &mut self,
        participant: ParticipantId,
        change: CreatureChange,
        run: impl FnOnce(&mut Creature, &mut Ctx<'_>) -> Result<Report>,
    ) -> Result<()> {
        let mut creature = self.creature_of(&participant)?;
        let before = creature.clone();
        let report = run(&mut creature, self)?;
        self.emit(EncounterEvent::CreatureUpdated {
            participant: participant.clone(),
            change,
            report,
            creature,
        })?;
        self.after_creature(&participant, &before)
    }

    /// A creature changed: if it just went down, its concentration (and grapples) end and it
    /// can't act; if it just came back up, it can act again (unless a condition says otherwise).
    fn after_creature(&mut self, participant: &ParticipantId, before: &Creature) -> Result<()> {
        let Some(after) = self.enc.get(participant)?.creature.clone() else {
            return Ok(());
        };
        if !down(before) && down(&after) {
            self.emit(EncounterEvent::Incapacitated {
                participant: participant.clone(),
            })?;
        }
        self.sync_can_act(participant, false)
    }

    /// Keep `canAct` in step with the creature and its conditions (GH-INIT-12). `lifted`: a
    /// condition of the participant just ended, so with nothing left it can act again.
    pub(crate) fn sync_can_act(&mut self, participant: &ParticipantId, lifted: bool) -> Result<()> {
        let Some(able) = self.enc.able(participant).or(lifted.then_some(true)) else {
            return Ok(());
        };
        if self.enc.get(participant)?.can_act != able {
            self.emit(EncounterEvent::CanActChanged {
                participant: participant.clone(),
                can_act: able,
            })?;
        }
        Ok(())
    }

    pub(crate) fn add_effects(
        &mut self,
        effects: Vec<EffectSpec>,
        ongoing: Option<EffectOngoing>,
    ) -> Result<()> {
        if effects.is_empty() {
            return Err(Error::invalid_argument("no effect to add"));
        }
        let mut targets: Vec<ParticipantId> = Vec::new();
        for spec in &effects {
            self.enc.get(&spec.target)?;
            if let Some(s) = &spec.source {
                self.enc.get(s)?;
            }
            // A turn anchor is a participant too: an id that is none (a creature removed,
            // perhaps one hidden from players) would otherwise travel in the event as typed.
            if let Duration::Rounds {
                anchor: Some(anchor),
                ..
            }
            | Duration::UntilTurnStart {
                participant: anchor,
            }
            | Duration::UntilTurnEnd {
                participant: anchor,
            } = &spec.duration
            {
                self.enc.get(anchor)?;
            }
            if !targets.contains(&spec.target) {
                targets.push(spec.target.clone());
            }
        }
        if let Some(o) = &ongoing {
            o.damage.validate()?;
            o.choices.validate()?;
        }
        let (effects, resisted) = self.without_immune(effects)?;
        let hidden = self.enc.hidden_now().unwrap_or_default();
        let added = self
            .enc
            .effects
            .clone()
            .add_all_hiding(effects.clone(), &self.enc.catalog, &hidden)?
            .added;
        self.emit(EncounterEvent::EffectsAdded {
            effects,
            added,
            ongoing,
            resisted,
        })?;
        for t in targets {
            self.sync_can_act(&t, false)?;
        }
        Ok(())
    }

    /// A5E-COND-28: the effects whose condition the target is immune to (listed, or implied
    /// by a listed one) are left out and reported; the rest go on.
    fn without_immune(&self, effects: Vec<EffectSpec>) -> Result<(Vec<EffectSpec>, Vec<Resisted>)> {
        let mut kept = Vec::with_capacity(effects.len());
        let mut resisted = Vec::new();
        for spec in effects {
            let listed = &self.enc.get(&spec.target)?.condition_immunities;
            if let Some(condition) = spec.condition.as_ref().filter(|_| !listed.is_empty()) {
                if let Some(cover) = self.enc.catalog.immunities(listed)?.get(condition) {
                    resisted.push(Resisted {
                        target: spec.target.clone(),
                        condition: condition.clone(),
                        immunity: cover.clone().unwrap_or_else(|| condition.clone()),
                    });
                    continue;
                }
            }
            kept.push(spec);
        }
        Ok((kept, resisted))
    }

    pub(crate) fn remove_effect(&mut self, effect: EffectId) -> Result<()> {
        let (target, lifted) = self
            .enc
            .effects
            .get(effect)
            .map(|e| (e.target.clone(), e.condition.is_some()))
            .ok_or_else(|| Error::unknown_id("effect", &effect.to_string()))?;
        self.emit(EncounterEvent::EffectRemoved { effect })?;
        self.sync_can_act(&target, lifted)
    }

    pub(crate) fn drop_concentration(&mut self, participant: ParticipantId) -> Result<()> {
        self.enc.get(&participant)?;
        self.emit(EncounterEvent::ConcentrationDropped { participant })
    }

    pub(crate) fn load_conditions(&mut self, json: String) -> Result<()> {
        let conditions = loaded_ids(&self.enc.catalog, &json)?;
        self.emit(EncounterEvent::ConditionsLoaded { json, conditions })
    }

    /// Effects on the listed participants (all, if none are listed) lasting until a rest of
    /// this kind end.
    pub(crate) fn rest(&mut self, rest: RestKind, participants: Vec<ParticipantId>) -> Result<()> {
        check_list(self.enc, &participants)?;
        self.emit(EncounterEvent::Rested { rest, participants })
    }

    /// Game time passes outside combat: time-based effects end, stable creatures regain their
    /// hit point after 1d4 hours (A5E-DEATH-10), doom deadlines fall (A5E-COND-08).
    pub(crate) fn advance_clock(&mut self, seconds: u32) -> Result<()> {
        if self.enc.running() {
            return Err(Error::out_of_order(
                "during the encounter the clock follows the rounds",
            ));
        }
        if seconds == 0 {
            return Err(Error::invalid_argument(
                "advance the clock by 1 second or more",
            ));
        }
        let now_seconds = self.enc.effects.clock().saturating_add(u64::from(seconds));
        self.emit(EncounterEvent::ClockAdvanced { now_seconds })?;
        let ids: Vec<ParticipantId> = self
            .enc
            .participants
            .iter()
            .filter(|p| p.creature.is_some())
            .map(|p| p.id.clone())
            .collect();
        for id in ids {
            let mut creature = self.creature_of(&id)?;
            let before = creature.clone();
            let report = creature.advance_time(self.enc.moment())?;
            if creature != before {
                self.emit(EncounterEvent::CreatureUpdated {
                    participant: id.clone(),
                    change: CreatureChange::TimePassed,
                    report,
                    creature,
                })?;
                self.after_creature(&id, &before)?;
            }
        }
        Ok(())
    }

    /// A5E-DMG-06: the ongoing damage of the creature's effects, rolled as its turn ends (or,
    /// under Greyhawk, at the end of a round it had no turn in: `ongoing_damage_at_round_end`).
    pub(crate) fn ongoing_damage(&mut self, participant: &ParticipantId) -> Result<()> {
        let due: Vec<(EffectId, EffectOngoing)> = self
            .enc
            .ongoing
            .iter()
            .filter(|o| {
                self.enc
                    .effects
                    .get(o.effect)
                    .is_some_and(|e| &e.target == participant)
            })
            .map(|o| (o.effect, o.ongoing))
            .collect();
        for (effect, o) in due {
            let Some(mut creature) = self.enc.get(participant)?.creature.as_deref().cloned() else {
                return Ok(());
            };
            if creature.is_dead() {
                return Ok(());
            }
            let before = creature.clone();
            let rules = self.enc.creature_rules();
            let at = self.enc.moment();
            let report =
                creature.apply_ongoing_damage(&rules, &o.damage, &o.choices, at, self.dice)?;
            self.emit(EncounterEvent::Damaged {
                participant: participant.clone(),
                report,
                creature,
                ongoing: Some(effect),
            })?;
            self.after_creature(participant, &before)?;
        }
        Ok(())
    }

    /// GH-INIT-12 with A5E-DMG-06: the creatures resolved at the end of the round whose turn
    /// did not end in it (skipped, or left out of the order because they could not act) take
    /// the ongoing damage that turn's end would have dealt, with the same dice and events. A
    /// creature whose turn did end this round (it took it, then was stunned) took that damage
    /// then, so it is not dealt twice. At 0 HP the damage costs a death-save failure as at a
    /// turn's end (A5E-DEATH-06), before the round's death save.
    pub(crate) fn ongoing_damage_at_round_end(&mut self, resolved: &[ParticipantId]) -> Result<()> {
        if self.enc.ongoing.is_empty() {
            return Ok(());
        }
        for id in resolved {
            if self.enc.get(id)?.turn != TurnStatus::Done {
                self.ongoing_damage(id)?;
            }
        }
        Ok(())
    }

    /// A5E-TRACK-06: when the encounter ends, pending levels take effect for every creature.
    pub(crate) fn creatures_end_encounter(&mut self) -> Result<()> {
        let ids: Vec<ParticipantId> = self
            .enc
            .participants
            .iter()
            .filter(|p| p.creature.is_some())
            .map(|p| p.id.clone())
            .collect();
        let rules = self.enc.creature_rules();
        for id in ids {
            let mut creature = self.creature_of(&id)?;
            let before = creature.clone();
            let report = creature.end_encounter(&rules, self.enc.moment(), self.dice)?;
            if creature != before || !report.outcomes.is_empty() {
                self.emit(EncounterEvent::CreatureUpdated {
                    participant: id,
                    change: CreatureChange::EncounterEnded,
                    report,
                    creature,
                })?;
            }
        }
        Ok(())
    }
}
