//! What an event-sourced object provides to the engine ([`Model`]), and the timeline points
//! and corrections it speaks of. Below the engine's own files: the engine, its history and its
//! snapshots all work in terms of a model.

use crate::dice::DieRoller;
use crate::digest::Digester;
use crate::error::{Error, Result};

/// Room around an object's own snapshot for the engine's envelope: the version, batch count,
/// checksum and dice state.
pub const ENVELOPE_BYTES: usize = 4_096;

/// What a GM correction goes back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rewind {
    /// The state before the last `n` commands.
    Commands(u32),
    /// The state just after the previous turn started (the current one, if none is under way).
    Turn,
    /// The state just after the previous round started (the current one, if none is under way).
    Round,
}

/// A point in an object's timeline that [`Rewind::Turn`] and [`Rewind::Round`] go back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A turn (or an OSE side's turn) started.
    Turn,
    /// A round started.
    Round,
}

/// A command that failed when run in place ([`Model::execute_in_place`]).
#[derive(Debug)]
pub struct Failed {
    pub error: Error,
    /// Whether the state may have changed before the failure (an event had been applied):
    /// the caller must then restore it.
    pub touched: bool,
}

/// What an event-sourced object provides to the [`Engine`].
pub trait Model: Clone {
    type Command;
    type Event: Clone + core::fmt::Debug;

    /// The object's name in snapshots and messages (`"encounter"`, `"journey"`, `"creature"`).
    const NAME: &'static str;

    /// The longest snapshot of the object's own that [`Model::load`] reads. The engine refuses
    /// a saved engine longer than this plus its envelope before reading any of it.
    /// By default, whatever leaves room for the envelope under the JSON size limit.
    const MAX_SNAPSHOT_BYTES: usize = crate::wire::MAX_JSON_BYTES - ENVELOPE_BYTES;

    /// Run `command`, rolling through `dice`, and return its events, each already applied to
    /// `self` with [`Model::apply`]. Atomic: on error `self` is unchanged. (Each model makes its
    /// own working copy, because each knows what it can skip copying: a 500-combatant
    /// declaration phase is checked against the state as it is and then applied.)
    fn execute(
        &mut self,
        command: Self::Command,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<Self::Event>>;

    /// [`Model::execute`] on the state itself, without a working copy: for the engine, which
    /// can rebuild the state from its history ([`Engine::execute`]). On failure,
    /// [`Failed::touched`] says whether the state may have changed; the caller then restores
    /// it. By default the atomic [`Model::execute`] (never touched).
    fn execute_in_place(
        &mut self,
        command: Self::Command,
        dice: &mut dyn DieRoller,
    ) -> core::result::Result<Vec<Self::Event>, Failed> {
        self.execute(command, dice).map_err(|error| Failed {
            error,
            touched: false,
        })
    }

    /// Apply one event without rolling, in place: the engine calls it on a working copy.
    fn apply(&mut self, event: &Self::Event) -> Result<()>;

    /// Run `read`, which reads a command or events for this object from text. A model may
    /// lend the reader what it already holds (the encounter its participants' ids, so the ids
    /// read share their text: `crate::ids::reading_with_known`); by default it just reads.
    fn reading<T>(&self, read: impl FnOnce() -> T) -> T {
        read()
    }

    /// The invariants: exactly what loading a snapshot checks. A follower's state must still
    /// pass them after every batch.
    fn check(&self) -> Result<()>;

    /// [`Model::check`] of a state reached from `before`, which passed it: a model may leave
    /// out what cannot have changed, as long as the answer is `check`'s.
    fn check_since(&self, _before: &Self) -> Result<()> {
        self.check()
    }

    /// Feed the whole state into `d` in a fixed order.
    fn digest(&self, d: &mut Digester);

    /// The object's own snapshot (its inner, versioned format).
    fn save(&self) -> String;

    /// Read the object's own snapshot, checking it with [`Model::check`].
    fn load(text: &str) -> Result<Self>;

    /// How many of its last commands the engine can take back (0: no undo, no history kept).
    const UNDO_DEPTH: u32 = 0;

    /// Whether `command` is a GM correction that goes back in time, and to where. The engine
    /// runs those itself from its history ([`Engine::execute`]).
    fn rewind(_command: &Self::Command) -> Option<Rewind> {
        None
    }

    /// The event that replaces the whole state with `state`, taking back `undone` commands:
    /// what followers apply for an undo (they keep no history of their own).
    fn restored(_undone: u32, _state: &Self) -> Option<Self::Event> {
        None
    }

    /// How many commands an event takes back, if it is the event of [`Model::restored`].
    fn restores(_event: &Self::Event) -> Option<u32> {
        None
    }

    /// The point of the timeline an event marks, if any (a turn or a round starting).
    fn mark(_event: &Self::Event) -> Option<Mark> {
        None
    }

    /// Whether a turn or a round (as `mark` says) is under way now.
    fn under_way(&self, _mark: Mark) -> bool {
        false
    }

    /// Events from the JSON text they were written as, for a history that keeps text
    /// ([`Engine::keep_as_text`]); only models with undo need it.
    fn read_events(_text: &str) -> Result<Vec<Self::Event>> {
        Err(Error::not_allowed(format!(
            "the {} keeps no history",
            Self::NAME
        )))
    }

    /// Whether the object can give players a view of itself (it must then have a
    /// [`Model::restored`] event).
    const PLAYER_VIEWS: bool = false;

    /// What players may see of the state: `None` when nothing is hidden (they see it all).
    fn player_view(&self) -> Option<Self> {
        None
    }

    /// Whether an event is for the GM alone whatever the state (a roll made in secret).
    fn conceals(_event: &Self::Event) -> bool {
        false
    }

    /// Text that must never appear in what players receive while this state holds it:
    /// hidden ids, quoted as JSON writes them.
    fn secrets(&self) -> Vec<String> {
        Vec::new()
    }
}
