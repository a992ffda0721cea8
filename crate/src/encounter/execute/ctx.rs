//! The context a command runs in ([`Ctx`]: the encounter, the events so far, the dice) and the
//! checks every family of commands shares. The command families (`flow.rs`, `roster.rs`,
//! `turn.rs`, `vitals.rs`) and the dispatch in `mod.rs` all build on this file.

use crate::dice::DieRoller;
use crate::encounter::command::EncounterCommand;
use crate::encounter::event::{EncounterEvent, TieDraw};
use crate::encounter::limits::MAX_TARGETS;
use crate::encounter::state::{Encounter, Phase};
use crate::error::{Error, ErrorCode, Result};
use crate::ids::ParticipantId;
use crate::initiative::InitiativeRoll;

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
    pub(super) touched: bool,
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

    /// [`Ctx::emit`] of a `tiesBroken` event whose participants' roster positions the
    /// roll-off already knows (`at`, in order): the same change and checks, without a lookup
    /// per draw. (A roll-off is neither a boundary nor a turn's end, so `emit` would add
    /// nothing else.)
    pub(super) fn emit_ties(&mut self, draws: Vec<TieDraw>, at: &[usize]) -> Result<()> {
        self.touched = true;
        self.enc.apply_ties_at(&draws, at)?;
        self.events.push(EncounterEvent::TiesBroken { draws });
        Ok(())
    }

    /// [`Ctx::emit`] of an `initiativeRolled` event whose participants' roster positions the
    /// command already knows (`at`, in order), as [`Ctx::emit_ties`] does for roll-offs.
    pub(super) fn emit_rolls(&mut self, rolls: Vec<InitiativeRoll>, at: &[usize]) -> Result<()> {
        self.touched = true;
        self.enc.apply_rolls_at(&rolls, at)?;
        self.events.push(EncounterEvent::InitiativeRolled { rolls });
        Ok(())
    }

    pub fn round(&self) -> u32 {
        self.enc.round
    }
}

/// Refuse commands before the start or after the end.
#[inline(never)]
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
#[cold]
#[inline(never)]
pub(super) fn misrouted(command: &EncounterCommand) -> Error {
    Error::new(
        ErrorCode::InvalidData,
        format!(
            "internal error: command {} reached the wrong handler",
            crate::wire::to_json(command)
        ),
    )
}
