//! The encounter as an event-sourced [`Model`]: the engine (`crate::engine`) numbers its
//! batches, fingerprints its state, checks followers and checksums its snapshots.

use core::hash::Hash;

use crate::dice::DieRoller;
use crate::encounter::command::EncounterCommand;
use crate::encounter::event::EncounterEvent;
use crate::encounter::state::Encounter;
use crate::engine::{Digester, Model};
use crate::error::Result;

impl Model for Encounter {
    type Command = EncounterCommand;
    type Event = EncounterEvent;
    const NAME: &'static str = "encounter";

    fn execute(
        &mut self,
        command: EncounterCommand,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<EncounterEvent>> {
        Encounter::execute(self, command, dice)
    }

    fn apply(&mut self, event: &EncounterEvent) -> Result<()> {
        self.apply_in_place(event)
    }

    fn check(&self) -> Result<()> {
        Encounter::check(self)
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
        let mut homebrew = self.catalog.homebrew_defs().peekable();
        if homebrew.peek().is_some() {
            for def in homebrew {
                crate::wire::to_json(def).hash(d);
            }
        }
    }

    fn save(&self) -> String {
        self.to_json()
    }

    fn load(text: &str) -> Result<Self> {
        Encounter::from_json(text)
    }
}
