//! The encounter as an event-sourced [`Model`]: the engine (`crate::engine`) numbers its
//! batches, fingerprints its state, checks followers and checksums its snapshots.

use crate::dice::DieRoller;
use crate::encounter::command::EncounterCommand;
use crate::encounter::event::EncounterEvent;
use crate::encounter::state::{Encounter, Phase};
use crate::engine::{Digester, Failed, Mark, Model, Rewind};
use crate::error::Result;

impl Model for Encounter {
    type Command = EncounterCommand;
    type Event = EncounterEvent;
    const NAME: &'static str = "encounter";
    const MAX_SNAPSHOT_BYTES: usize = crate::encounter::limits::MAX_SNAPSHOT_BYTES;

    fn execute(
        &mut self,
        command: EncounterCommand,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<EncounterEvent>> {
        Encounter::execute(self, command, dice)
    }

    fn execute_in_place(
        &mut self,
        command: EncounterCommand,
        dice: &mut dyn DieRoller,
    ) -> core::result::Result<Vec<EncounterEvent>, Failed> {
        Encounter::execute_in_place(self, command, dice)
    }

    fn apply(&mut self, event: &EncounterEvent) -> Result<()> {
        self.apply_in_place(event)
    }

    fn reading<T>(&self, read: impl FnOnce() -> T) -> T {
        crate::ids::reading_with_known(&self.index, read)
    }

    fn check(&self) -> Result<()> {
        Encounter::check(self)
    }

    fn check_since(&self, before: &Self) -> Result<()> {
        Encounter::check_since(self, before)
    }

    /// Every field the snapshot holds, in a fixed order. The id index is left out (it is
    /// rebuilt from the participants); homebrew conditions are fed as their JSON, since they
    /// change only when homebrew is loaded.
    fn digest(&self, d: &mut Digester) {
        d.add(&self.config)
            .add(&self.participants)
            .add(&self.sides)
            .add(&self.world)
            .add(&self.world_used)
            .add(&self.phase)
            .add(&self.round)
            .add(&self.order)
            .add(&self.done)
            .add(&self.active)
            .add(&self.ose_phase)
            .add(&self.ambushers)
            .add(&self.rolls)
            .add(&self.effects)
            .add(&self.ongoing);
        if self.players_view {
            d.add(&true);
        }
        // Fed only when set, so digests of encounters that never hid anyone are unchanged.
        if self.hidden_rolls != 0 || self.secrets {
            d.add(&(self.hidden_rolls, self.secrets));
        }
        let mut homebrew = self.catalog.homebrew_defs().peekable();
        if homebrew.peek().is_some() {
            for def in homebrew {
                d.add(&crate::wire::to_json(def));
            }
        }
    }

    fn save(&self) -> String {
        self.to_json()
    }

    fn load(text: &str) -> Result<Self> {
        Encounter::from_json(text)
    }

    const UNDO_DEPTH: u32 = crate::engine::UNDO_DEPTH;

    fn rewind(command: &EncounterCommand) -> Option<Rewind> {
        match command {
            EncounterCommand::Undo { commands } => Some(Rewind::Commands(*commands)),
            EncounterCommand::PreviousTurn => Some(Rewind::Turn),
            EncounterCommand::PreviousRound => Some(Rewind::Round),
            _ => None,
        }
    }

    fn restored(undone: u32, state: &Self) -> Option<EncounterEvent> {
        Some(EncounterEvent::Restored {
            undone,
            snapshot: state.to_json(),
        })
    }

    fn read_events(text: &str) -> Result<Vec<EncounterEvent>> {
        crate::wire::from_json(text, "events", crate::error::ErrorCode::SnapshotInvalid)
    }

    fn restores(event: &EncounterEvent) -> Option<u32> {
        match event {
            EncounterEvent::Restored { undone, .. } => Some(*undone),
            _ => None,
        }
    }

    /// A participant's turn, a resumed (delayed) turn and an OSE side's turn are turns; a
    /// world phase is not (nobody acts in it).
    fn mark(event: &EncounterEvent) -> Option<Mark> {
        match event {
            EncounterEvent::TurnStarted { .. }
            | EncounterEvent::TurnResumed { .. }
            | EncounterEvent::SideTurnStarted { .. } => Some(Mark::Turn),
            EncounterEvent::RoundStarted { .. } => Some(Mark::Round),
            _ => None,
        }
    }

    const PLAYER_VIEWS: bool = true;

    fn player_view(&self) -> Option<Self> {
        self.players_view()
    }

    fn secrets(&self) -> Vec<String> {
        self.player_secrets()
    }

    fn under_way(&self, mark: Mark) -> bool {
        match mark {
            Mark::Turn => self.phase == Phase::Turns && self.active,
            Mark::Round => matches!(self.phase, Phase::Turns | Phase::World),
        }
    }
}
