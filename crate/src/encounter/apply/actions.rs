//! Applying what happens within a turn: activities and action slots used, readied actions,
//! commanded creatures, harm and spell disruption (GH-VAR-02), retreats (HYB).

use crate::encounter::event::{EncounterEvent, FollowerMoraleRoll, HYB_MORALE_DC, RetreatRoll};
use crate::encounter::participant::ActionKind;
use crate::encounter::state::Encounter;
use crate::error::{Error, Result};
use crate::ids::ParticipantId;

use super::{bad, check_die, misrouted};

impl Encounter {
    /// Apply an event from within a turn (retreat results have their own handlers below).
    pub(super) fn apply_actions(&mut self, event: &EncounterEvent) -> Result<()> {
        match event {
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
                    && self.rules().action_economy().splits_movement();
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
            } => self.apply_commanded(controller, targets)?,
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
            EncounterEvent::FollowersMoraleChecked { leader, checks } => {
                self.apply_followers_morale(leader, checks)?;
            }
            EncounterEvent::RetreatResolved {
                participant,
                check,
                hit,
                escaped,
            } => self.apply_retreat_resolved(participant, check.as_ref(), *hit, *escaped)?,
            _ => return Err(misrouted(event)),
        }
        Ok(())
    }

    /// HYB-MORALE-04: when a PC retreats, its followers check morale (HYB-MORALE-01: below the
    /// DC they rout); every routed follower still in the fight starts retreating too. Each
    /// checked creature must follow `leader` and be listed once.
    fn apply_followers_morale(
        &mut self,
        leader: &ParticipantId,
        checks: &[FollowerMoraleRoll],
    ) -> Result<()> {
        self.get(leader)?;
        for (i, c) in checks.iter().enumerate() {
            let p = self.get(&c.participant)?;
            if p.controller.as_ref() != Some(leader)
                || checks
                    .iter()
                    .skip(i.saturating_add(1))
                    .any(|o| o.participant == c.participant)
            {
                return Err(bad(format!(
                    "\"{}\" is not a follower of \"{leader}\" (or is listed twice)",
                    c.participant
                )));
            }
            let total = c
                .total()
                .ok_or_else(|| bad("a follower's morale check is two d20s"))?;
            if c.routed != (total < HYB_MORALE_DC) {
                return Err(bad("morale result does not match its dice"));
            }
        }
        for c in checks.iter().filter(|c| c.routed) {
            let p = self.get_mut(&c.participant)?;
            if p.retreat.is_none() && !p.out {
                p.retreat = Some(false);
            }
        }
        Ok(())
    }

    /// HYB-RETREAT-02: a retreat ends; it escapes only if it was not hit and passed its check
    /// (if one was rolled), and one that escaped leaves initiative once its turn has ended.
    fn apply_retreat_resolved(
        &mut self,
        participant: &ParticipantId,
        check: Option<&RetreatRoll>,
        hit: bool,
        escaped: bool,
    ) -> Result<()> {
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
        if hit != was_hit || escaped != expected {
            return Err(bad("retreat result does not match the state"));
        }
        if escaped && self.is_current(participant) {
            return Err(Error::out_of_order(
                "end the turn before leaving initiative",
            ));
        }
        if escaped {
            self.remove_from_order(participant);
        }
        let p = self.get_mut(participant)?;
        p.retreat = None;
        if escaped {
            p.out = true;
        }
        Ok(())
    }

    /// A5E-CTRL-02: a controller commands creatures it controls (all of them, or the event
    /// is refused).
    fn apply_commanded(
        &mut self,
        controller: &ParticipantId,
        targets: &[ParticipantId],
    ) -> Result<()> {
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
        Ok(())
    }
}
