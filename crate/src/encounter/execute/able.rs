//! Whether a participant may spend an action slot at all, whatever its budget says.
//!
//! The budget, the timing and surprise are checked in `turn.rs`; this file adds what the
//! creature's own state forbids, as the condition catalog in force states it (the same
//! [`crate::conditions::Status`] the roll queries return, so the two never disagree):
//!
//! - no action, bonus action or reaction while incapacitated (A5E-COND-15, SRD-COND-06),
//!   which the conditions built on it bring along: paralyzed, petrified, stunned and
//!   unconscious (A5E-COND-18/19/26/27, SRD-COND-08/09/13/14), and so a dying creature, which
//!   is unconscious (A5E-DEATH-02);
//! - no reaction while confused, rattled or slowed (A5E-COND-06/23/25);
//! - an action or a bonus action, not both, while slowed or at strife 3 (A5E-COND-25,
//!   A5E-TRACK-08), and an action or a move, not both, while manic (A5E-COND-17);
//! - no movement for a creature that can't move (paralyzed, petrified, stunned, unconscious);
//! - nothing at all for the dead, and no action, bonus action or reaction for a participant
//!   whose `canAct` is false, whatever set it (GH-INIT-12; under HYB, where movement and quick
//!   actions are actions too, none of those either: HYB-DEATH-01).
//!
//! OSE keeps no action slots (OSE-COMBAT-02), so nothing here reaches it. HYB encounters play
//! A5E's conditions (their default set), with the active action standing for the action. A
//! free object interaction is not an action (A5E-TURN-02/03) and conditions leave it alone.

use crate::conditions::{ActionLimit, Flag, Origin, Reason, Status};
use crate::encounter::participant::{ActionKind, Participant};
use crate::encounter::state::Encounter;
use crate::error::{Error, Result};
use crate::initiative::Activity;
use crate::initiative::rules::ActionEconomy;

/// Refuse `slot` when the participant's state forbids spending it: dead, unable to act, or
/// under a condition that rules it out (see the module's list). Reads only; changes nothing.
pub(super) fn check_able(enc: &Encounter, p: &Participant, slot: ActionKind) -> Result<()> {
    let id = &p.id;
    if p.is_dead() {
        return Err(Error::not_allowed(format!(
            "\"{id}\" is dead and cannot use its {}",
            slot.label()
        )));
    }
    let status = enc.status(id)?;
    if let Some(why) = condition_refusal(&status, p, slot) {
        return Err(Error::not_allowed(format!(
            "\"{id}\" cannot use its {} {why}",
            slot.label()
        )));
    }
    let hyb = enc.rules().action_economy() == ActionEconomy::ActiveMovementQuick;
    let is_action = !matches!(slot, ActionKind::Movement | ActionKind::Interaction);
    if !p.can_act && (is_action || hyb) {
        return Err(Error::not_allowed(format!(
            "\"{id}\" cannot act (canAct is false), so it cannot use its {}",
            slot.label()
        )));
    }
    Ok(())
}

/// GH-INIT-09 activities under the same rules: an activity that is an action (attack, spell,
/// other action) is refused as an action is, movement as movement is, and a creature that
/// cannot act has no activity at all (GH-INIT-12: it does not even roll). Swapping gear is
/// handling objects rather than an action (GH-INIT-07), so conditions leave it alone.
pub(super) fn check_able_activity(
    enc: &Encounter,
    p: &Participant,
    activity: Activity,
) -> Result<()> {
    let id = &p.id;
    let slot = if activity.is_action() {
        Some(ActionKind::Action)
    } else if activity == Activity::Move {
        Some(ActionKind::Movement)
    } else {
        None
    };
    if let Some(slot) = slot
        && !p.is_dead()
        && let Some(why) = condition_refusal(&enc.status(id)?, p, slot)
    {
        return Err(Error::not_allowed(format!(
            "\"{id}\" cannot take its {} {why}",
            activity.label()
        )));
    }
    if p.is_dead() || !p.can_act {
        return Err(Error::not_allowed(format!(
            "\"{id}\" cannot act (canAct is false), so it cannot take its {} (GH-INIT-12)",
            activity.label()
        )));
    }
    Ok(())
}

/// The slots that are "an action" for the either-or limits: A5E's and HYB's active one.
const ACTION: &[ActionKind] = &[ActionKind::Action, ActionKind::Active];

/// Why the conditions in `status` rule `slot` out, given what `p` has already spent this turn
/// ("while slowed (A5E-COND-25)"), or `None` when they allow it.
fn condition_refusal(status: &Status, p: &Participant, slot: ActionKind) -> Option<String> {
    let barred = |limit: ActionLimit| -> Vec<&Reason> {
        status
            .actions
            .iter()
            .filter(|a| a.limit == limit)
            .map(|a| &a.reason)
            .collect()
    };
    // One of two: refused once the other has been spent.
    let either = |limit: ActionLimit, others: &[ActionKind]| -> Option<String> {
        let reasons = barred(limit);
        let other = others.iter().find(|o| p.spent.has(**o))?;
        (!reasons.is_empty()).then(|| {
            format!(
                "after its {} this turn: one or the other, not both, {}",
                other.label(),
                while_(&reasons)
            )
        })
    };
    let outright = |reasons: Vec<&Reason>| (!reasons.is_empty()).then(|| while_(&reasons));
    match slot {
        ActionKind::Action | ActionKind::Active => outright(barred(ActionLimit::NoActions))
            .or_else(|| either(ActionLimit::ActionOrBonusAction, &[ActionKind::BonusAction]))
            .or_else(|| either(ActionLimit::ActionOrMove, &[ActionKind::Movement])),
        ActionKind::BonusAction => outright(barred(ActionLimit::NoBonusActions))
            .or_else(|| either(ActionLimit::ActionOrBonusAction, ACTION)),
        ActionKind::Reaction => outright(barred(ActionLimit::NoReactions)),
        ActionKind::Movement => outright(
            status
                .flags
                .iter()
                .filter(|f| f.flag == Flag::CantMove)
                .map(|f| &f.reason)
                .collect(),
        )
        .or_else(|| either(ActionLimit::ActionOrMove, ACTION)),
        ActionKind::Quick | ActionKind::Interaction => None,
    }
}

/// "while incapacitated (through stunned; A5E-COND-15) and slowed (A5E-COND-25)".
fn while_(reasons: &[&Reason]) -> String {
    let mut named: Vec<String> = Vec::with_capacity(reasons.len());
    for r in reasons {
        let mut text = origin_name(&r.origin);
        let mut notes: Vec<String> = Vec::new();
        if let Some(via) = &r.via {
            notes.push(format!("through {}", origin_name(via)));
        }
        if let Some(rule) = &r.rule {
            notes.push(rule.clone());
        }
        if !notes.is_empty() {
            text = format!("{text} ({})", notes.join("; "));
        }
        if !named.contains(&text) {
            named.push(text);
        }
    }
    format!("while {}", named.join(" and "))
}

fn origin_name(origin: &Origin) -> String {
    match origin {
        Origin::Condition { id } => id.to_string(),
        Origin::Fatigue { level } => format!("at fatigue {level}"),
        Origin::Strife { level } => format!("at strife {level}"),
        Origin::Exhaustion { level } => format!("at exhaustion {level}"),
        Origin::Penalty { penalty } => penalty.def().name.to_string(),
        Origin::HitPoints => "bloodied".to_string(),
    }
}
