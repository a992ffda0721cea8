//! The journey as an event-sourced [`Model`], driven by the same engine as the encounter.

use super::{Journey, JourneyCommand, JourneyEvent};
use crate::dice::DieRoller;
use crate::engine::{Digester, Model};
use crate::error::Result;

impl Model for Journey {
    type Command = JourneyCommand;
    type Event = JourneyEvent;
    const NAME: &'static str = "journey";
    const MAX_SNAPSHOT_BYTES: usize = super::snapshot::MAX_SNAPSHOT_BYTES;

    fn execute(
        &mut self,
        command: JourneyCommand,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<JourneyEvent>> {
        Journey::execute(self, command, dice)
    }

    fn apply(&mut self, event: &JourneyEvent) -> Result<()> {
        self.apply_one(event)
    }

    fn check(&self) -> Result<()> {
        self.validate()
    }

    fn digest(&self, d: &mut Digester) {
        d.add(self);
    }

    fn save(&self) -> String {
        // Writing a journey cannot fail; the `Result` is the snapshot API's.
        self.to_json().unwrap_or_default()
    }

    fn load(text: &str) -> Result<Self> {
        Journey::from_json(text)
    }

    const PLAYER_VIEWS: bool = true;

    fn restored(undone: u32, state: &Self) -> Option<JourneyEvent> {
        Some(JourneyEvent::Restored {
            undone,
            snapshot: state.to_json().ok()?,
        })
    }

    fn restores(event: &JourneyEvent) -> Option<u32> {
        match event {
            JourneyEvent::Restored { undone, .. } => Some(*undone),
            _ => None,
        }
    }

    /// OSE-DUNG-01/06: the referee rolls searching and listening in secret, and only the
    /// referee knows whether there was anything to find (`present`): players see the turn
    /// spent, not the roll or the result.
    fn conceals(event: &JourneyEvent) -> bool {
        matches!(
            event,
            JourneyEvent::Searched { .. } | JourneyEvent::Listened { .. }
        )
    }
}
