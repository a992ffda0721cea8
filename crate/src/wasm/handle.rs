//! One generic handle for the three event-sourced objects (encounters, journeys, creatures).
//!
//! wasm-bindgen cannot export a generic type, so each object keeps a small exported struct
//! (`EncounterHandle`, `JourneyHandle`, `CreatureHandle`) around a [`Handle`] of its model, and
//! the [`engine_exports!`] macro writes the exported methods that are the same for all of them
//! once: the batch count, the digest, snapshots, applying a leader's batch, and (for the
//! objects that run commands with their own dice) commands, the dice a command needs, a
//! command for a table with players and the players' view. What differs, an object's queries,
//! stays in its own file.
//!
//! Before this, the three files carried the same 52 lines each, and they had drifted: only the
//! journey refused an oversized snapshot before reading it. That check is now the engine's
//! ([`crate::engine::Engine::from_json`]), for every object.

use super::dice::DiceBox;
use super::{apply_text, parse_json};
use crate::dice::DiceSource;
use crate::engine::{Batch, Engine, ForPlayers, Model, PlayersSee};
use crate::error::Result;
use crate::wire::{FromWire, ToWire};
use js_sys::JsString;

/// An event-sourced object on the engine, as JS holds it: its state, its dice, its batch count.
pub struct Handle<M: Model> {
    pub(crate) engine: Engine<M>,
}

impl<M: Model> Handle<M> {
    pub fn new(state: M, dice: DiceSource) -> Self {
        Handle {
            engine: Engine::new(state, dice),
        }
    }

    /// The object's state now.
    pub fn state(&self) -> &M {
        self.engine.state()
    }

    /// Restore a snapshot made by [`Handle::to_json`]; anything malformed, oversized or
    /// tampered is refused.
    pub fn from_json(text: &str) -> Result<Self> {
        Ok(Handle {
            engine: Engine::from_json(text)?,
        })
    }

    pub fn to_json(&self) -> String {
        self.engine.to_json()
    }

    /// Batches made or applied so far, as a JS number (they are read with a 2^53 − 1 limit,
    /// so the conversion is exact).
    pub fn seq(&self) -> f64 {
        self.engine.seq() as f64
    }

    /// The digest of the state and its dice (16 hex digits), as a batch carries it.
    pub fn digest(&self) -> String {
        self.engine.digest().to_string()
    }

    /// A command's reply: its events (JSON text) as they are, or, for `batch`, the batch
    /// around them (`{seq, digest, dice, events}`) for followers to check. Made as a JS
    /// string straight from the text, which then moves into the undo history
    /// ([`Engine::keep_as_text`]): returning a `String` instead meant a copy of the text for
    /// the history, and a big round's is some 90 KB (issue 38).
    pub fn reply(&self, events_json: &str, batch: bool) -> JsString {
        if batch {
            JsString::from(self.batch_text(events_json).as_str())
        } else {
            JsString::from(events_json)
        }
    }

    /// The batch around a command's events (`{seq, digest, dice, events}`), for followers to
    /// check.
    pub fn batch_text(&self, events_json: &str) -> String {
        let sealed = self.engine.seal(());
        crate::engine::Batch::<()>::wrap(sealed.seq, sealed.digest, sealed.dice, events_json)
    }

    /// The seeded dice position as JSON (`null` for crypto dice).
    pub fn dice_state(&self) -> String {
        crate::wire::to_json(&self.engine.dice().seed_state())
    }
}

impl<M> Handle<M>
where
    M: Model,
    M::Event: FromWire,
{
    /// A leader's batch (checked) or a bare event array (unchecked), all or nothing.
    pub fn apply_events(&mut self, text: &str) -> Result<()> {
        apply_text(&mut self.engine, text)
    }
}

impl<M> Handle<M>
where
    M: Model,
    M::Command: FromWire,
{
    /// A command from its JSON text, read with what the state lends ([`Model::reading`]).
    fn read_command(&self, text: &str) -> Result<M::Command> {
        self.engine.state().reading(|| parse_json(text, "command"))
    }
}

impl<M> Handle<M>
where
    M: Model + PartialEq,
    M::Command: FromWire,
    M::Event: ToWire,
{
    /// Run a command (JSON) with the object's own dice, or with `dice` (supplied faces must
    /// all be used); the events as JSON, or with `batch` the batch around them.
    pub fn execute(
        &mut self,
        command: &str,
        dice: Option<&mut DiceBox>,
        batch: bool,
    ) -> Result<JsString> {
        let command: M::Command = self.read_command(command)?;
        self.run(command, dice, batch)
    }

    /// [`Handle::execute`] of a command already read.
    pub fn run(
        &mut self,
        command: M::Command,
        dice: Option<&mut DiceBox>,
        batch: bool,
    ) -> Result<JsString> {
        let events = match dice {
            Some(d) => self.engine.execute_with_faces(command, &mut d.source)?,
            None => self.engine.execute(command)?,
        };
        let json = crate::wire::to_json(events);
        let reply = self.reply(&json, batch);
        // The history keeps the text instead of the events (for models with undo).
        self.engine.keep_as_text(json);
        Ok(reply)
    }

    /// The dice a command (JSON) will ask for, in order, as JSON; nothing changes.
    pub fn dice_needed(&self, command: &str) -> Result<String> {
        let command: M::Command = self.read_command(command)?;
        self.engine
            .dice_needed(command)
            .map(|d| crate::wire::to_json(&d))
    }

    /// The snapshot players start from.
    pub fn player_view(&self) -> String {
        self.engine.player_json()
    }

    /// A command for a table with players: `{"gm": batch, "players": batch}`.
    pub fn execute_for_players(
        &mut self,
        command: &str,
        dice: Option<&mut DiceBox>,
        blind: bool,
    ) -> Result<String> {
        let command: M::Command = self.read_command(command)?;
        let ForPlayers {
            events_json,
            players,
        } = self
            .engine
            .players_batch(command, dice.map(|d| &mut d.source), blind)?;
        // The GM's batch for co-GMs, and the players' view of it (`crate::engine` player views),
        // each around the events' one text where the players see the command's own events.
        let gm = self.batch_text(&events_json);
        let restored;
        let seen = match &players.events {
            PlayersSee::TheEvents => events_json.as_str(),
            PlayersSee::Restored(event) => {
                restored = crate::wire::to_json(core::slice::from_ref(event));
                restored.as_str()
            }
        };
        let players = Batch::<()>::wrap(players.seq, players.digest, players.dice, seen);
        self.engine.keep_as_text(events_json);
        let mut w = crate::wire::Writer::new();
        w.open_object();
        w.key("gm");
        w.raw(&gm);
        w.key("players");
        w.raw(&players);
        w.close_object();
        Ok(w.finish())
    }
}

/// The exported methods every event-sourced handle shares: `seq`, `digest`, `toJSON`,
/// `fromJSON` and `applyEvents`. `$handle` is a `#[wasm_bindgen]` tuple struct around a
/// [`Handle`]; `$name` names the object in the generated documentation.
macro_rules! engine_exports {
    ($handle:ident, $name:literal) => {
        #[wasm_bindgen]
        impl $handle {
            #[doc = concat!("Batches made or applied so far for this ", $name, ".")]
            pub fn seq(&self) -> f64 {
                self.0.seq()
            }

            #[doc = concat!("The digest of the ", $name, " and its dice now (16 hex digits), as a batch carries it.")]
            pub fn digest(&self) -> String {
                self.0.digest()
            }

            #[doc = concat!("The checksummed snapshot: the ", $name, "'s own snapshot, the batch count and the dice.")]
            #[wasm_bindgen(js_name = toJSON)]
            pub fn to_json(&self) -> String {
                self.0.to_json()
            }

            #[doc = concat!("Restore a ", $name, " from `toJSON`; anything malformed, oversized or tampered is refused.")]
            #[wasm_bindgen(js_name = fromJSON)]
            pub fn from_json(snapshot: &str) -> $crate::wasm::JsResult<$handle> {
                $crate::wasm::js($crate::wasm::handle::Handle::from_json(snapshot)).map($handle)
            }

            #[doc = concat!("Apply, all or nothing and without rolling, a leader's batch (checked: next in sequence, same digest after, `OUT_OF_SYNC` otherwise) or a bare event array (unchecked); the ", $name, " must pass its snapshot checks afterwards.")]
            #[wasm_bindgen(js_name = applyEvents)]
            pub fn apply_events(&mut self, events: &str) -> $crate::wasm::JsResult<()> {
                $crate::wasm::js(self.0.apply_events(events))
            }
        }
    };
    // Objects that run commands with dice of their own (encounters, journeys) also share
    // `execute`, `executeWith`, `diceNeeded`, `executeForPlayers`, `playerView` and `diceState`.
    ($handle:ident, $name:literal, commands) => {
        $crate::wasm::handle::engine_exports!($handle, $name);

        #[wasm_bindgen]
        impl $handle {
            #[doc = concat!("Run a command (JSON) with the ", $name, "'s own dice; returns the events (JSON array), or with `batch` the batch to relay (`{seq, digest, dice, events}`).")]
            pub fn execute(&mut self, command: &str, batch: bool) -> $crate::wasm::JsResult<::js_sys::JsString> {
                $crate::wasm::js(self.0.execute(command, None, batch))
            }

            /// Run a command with another dice box (supplied faces for physical dice, which
            /// must all be used).
            #[wasm_bindgen(js_name = executeWith)]
            pub fn execute_with(
                &mut self,
                command: &str,
                dice: &mut $crate::wasm::dice::DiceBox,
                batch: bool,
            ) -> $crate::wasm::JsResult<::js_sys::JsString> {
                $crate::wasm::js(self.0.execute(command, Some(dice), batch))
            }

            /// The dice a command (JSON) will ask for, in order: `[{sides, for}]` (JSON), `for`
            /// being the type of the event that records the die. Nothing changes.
            #[wasm_bindgen(js_name = diceNeeded)]
            pub fn dice_needed(&self, command: &str) -> $crate::wasm::JsResult<String> {
                $crate::wasm::js(self.0.dice_needed(command))
            }

            /// Run a command for a table with players: `{"gm": batch, "players": batch}`.
            /// `blind`: players see only the state it leads to. `dice`: another dice box.
            #[wasm_bindgen(js_name = executeForPlayers)]
            pub fn execute_for_players(
                &mut self,
                command: &str,
                dice: Option<$crate::wasm::dice::DiceBox>,
                blind: bool,
            ) -> $crate::wasm::JsResult<String> {
                let mut dice = dice;
                $crate::wasm::js(self.0.execute_for_players(command, dice.as_mut(), blind))
            }

            /// The snapshot players start from: the players' view of the state, no dice.
            #[wasm_bindgen(js_name = playerView)]
            pub fn player_view(&self) -> String {
                self.0.player_view()
            }

            #[doc = concat!("The ", $name, "'s seeded dice position (JSON; `null` for crypto dice).")]
            #[wasm_bindgen(js_name = diceState)]
            pub fn dice_state(&self) -> String {
                self.0.dice_state()
            }
        }
    };
}

pub(crate) use engine_exports;
