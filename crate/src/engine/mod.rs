//! One event-sourced driver for every object that changes by commands: the encounter, the
//! journey and the stand-alone creature (docs/design.md principle 2). Each object says how to run a
//! command, apply an event, check its invariants and feed a digest ([`Model`]); [`Engine`] keeps
//! the promises once for all of them:
//!
//! - **Atomic commands.** A command runs with a working copy of the engine's dice, and on the
//!   state itself when the model keeps an undo history, which rebuilds the state if the
//!   command fails after changing it (otherwise on a working copy); a failure leaves both
//!   exactly as they were ([`Engine::execute`]).
//! - **Verified sync.** Each command's events leave as a [`Batch`] numbered by `seq`, with the
//!   [`Digest`] of the state they lead to and the seeded dice's position. A follower refuses a
//!   batch out of sequence or whose digest differs (`OUT_OF_SYNC`), and one whose events lead
//!   to a state that breaks the invariants a snapshot load checks (`SNAPSHOT_INVALID`), changing
//!   nothing ([`Engine::apply_batch`]).
//! - **Tamper-evident snapshots.** [`Engine::to_json`] writes the object's own snapshot, the
//!   batch count and the dice inside a checksummed envelope; a changed value or a dropped field
//!   is `SNAPSHOT_INVALID` ([`saved`]).
//!
//! A checksum finds corruption and casual edits, not a determined forger: it is not a
//! signature. Authority comes from the host: the GM's client executes, players apply.

mod batch;
mod history;
mod model;
pub mod needed;
mod players;
pub mod saved;

pub use crate::digest::{Digest, Digester, Digestible, ENCODING};
pub use batch::{Batch, BatchHeader};
pub use history::UNDO_DEPTH;
pub use model::{ENVELOPE_BYTES, Failed, Mark, Model, Rewind};
pub use needed::NeededDie;
pub use players::{ForPlayers, PlayersSee};

use history::History;

use crate::dice::{DiceSource, DieRoller, SeedState, SeededDice};
use crate::error::{Error, ErrorCode, Result};

/// An event-sourced object, its dice and the number of batches it has made or applied.
#[derive(Debug, Clone)]
pub struct Engine<M: Model> {
    state: M,
    dice: DiceSource,
    seq: u64,
    history: History<M>,
    /// A player's copy (loaded from [`Engine::player_json`]): it follows the GM's player
    /// batches and runs no command of its own.
    player: bool,
}

impl<M: Model> Engine<M> {
    pub fn new(state: M, dice: DiceSource) -> Self {
        Self {
            state,
            dice,
            seq: 0,
            history: History::new(M::UNDO_DEPTH),
            player: false,
        }
    }

    /// Whether this is a player's copy (see [`Engine::player_json`]): it applies the GM's
    /// player batches and refuses every command.
    pub fn is_player_copy(&self) -> bool {
        self.player
    }

    /// `NOT_ALLOWED` on a player's copy: its state is the players' view, which the GM's
    /// client alone changes (it may lack hidden participants the command would need, and its
    /// dice are not the table's).
    fn commands_allowed(&self) -> Result<()> {
        if self.player {
            return Err(Error::not_allowed(format!(
                "this {} is a player's copy (loaded from a player view): only the GM's client runs commands; apply the GM's player batches instead",
                M::NAME
            )));
        }
        Ok(())
    }

    pub fn state(&self) -> &M {
        &self.state
    }

    pub fn dice(&self) -> &DiceSource {
        &self.dice
    }

    /// Batches made or applied so far: the next batch is `seq + 1`.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The digest of the state (and the seeded dice), as a batch carries it.
    pub fn digest(&self) -> Digest {
        digest_of(&self.state, &self.dice)
    }

    /// Run a command with the engine's own dice and count it as a batch. On error nothing
    /// changed, the dice included. [`Engine::seal`] turns the events into the batch to send.
    /// The events are kept for undo, so they are lent, not given.
    pub fn execute(&mut self, command: M::Command) -> Result<&[M::Event]> {
        self.commands_allowed()?;
        if let Some(rewind) = M::rewind(&command) {
            return self.rewind(rewind);
        }
        // The dice as `DiceSource::atomically` keeps them: a working copy, kept on success.
        let mut dice = self.dice.clone();
        let events = self.run(command, &mut dice)?;
        self.dice = dice;
        Ok(self.record(events))
    }

    /// Run `command` with `dice`. A model with undo runs it on the state itself: its history
    /// (a checkpoint and the batches since) can rebuild the state from before the command, so
    /// the state is copied only when a command fails after changing it, not for every command
    /// as a working copy would be. A model without undo runs it on its own working copy.
    /// Either way a failure leaves the state as it was.
    fn run(&mut self, command: M::Command, dice: &mut dyn DieRoller) -> Result<Vec<M::Event>> {
        if !Self::restorable() {
            return self.state.execute(command, dice);
        }
        self.history.prepare(self.seq, &self.state);
        match self.state.execute_in_place(command, dice) {
            Ok(events) => Ok(events),
            Err(Failed { error, touched }) => {
                if touched {
                    self.restore()?;
                }
                Err(error)
            }
        }
    }

    /// Whether the history can rebuild the state after the last batch ([`Engine::restore`]).
    fn restorable() -> bool {
        M::UNDO_DEPTH > 0
    }

    /// Put back the state after the last batch, from the history's checkpoint and the
    /// batches logged since: a command run in place failed after changing the state. (Replay
    /// is what undo does; a failure here would mean undo is broken too.)
    fn restore(&mut self) -> Result<()> {
        self.state = self.history.state_at(self.seq)?;
        Ok(())
    }

    /// Run a command with other dice (faces read off physical dice, say); the engine's own
    /// dice do not move.
    pub fn execute_with(
        &mut self,
        command: M::Command,
        dice: &mut dyn DieRoller,
    ) -> Result<&[M::Event]> {
        self.commands_allowed()?;
        if let Some(rewind) = M::rewind(&command) {
            return self.rewind(rewind);
        }
        let events = self.run(command, dice)?;
        Ok(self.record(events))
    }

    /// The last command's events were written as `json` (by a caller that relays them as
    /// text): keep that instead of the events, which frees them now (see [`history`]). The
    /// text is taken, so a caller that relays it makes its reply first.
    pub fn keep_as_text(&mut self, json: String) {
        if M::UNDO_DEPTH > 0 {
            self.history.compact_last(json);
        }
    }

    /// The events of the last command executed (empty after a load or an applied batch).
    pub fn last_events(&self) -> &[M::Event] {
        self.history.last()
    }

    /// Count a command's events as the next batch and keep them for undo.
    fn record(&mut self, events: Vec<M::Event>) -> &[M::Event] {
        self.seq = self.seq.saturating_add(1);
        self.history.record(self.seq, &self.state, events)
    }

    /// A GM correction (undo, previous turn or round): the state is rebuilt from the history
    /// and leaves as one event that carries it, so followers need no history. The dice do not
    /// go back: what was rolled stays rolled, and a command run again rolls afresh.
    fn rewind(&mut self, rewind: Rewind) -> Result<&[M::Event]> {
        self.history.prepare(self.seq, &self.state);
        let target = self.history.target(rewind, self.seq, &self.state)?;
        let mut state = self.history.state_at(target)?;
        let undone = u32::try_from(self.seq.saturating_sub(target)).unwrap_or(u32::MAX);
        let event = M::restored(undone, &state)
            .ok_or_else(|| Error::not_allowed(format!("the {} has no undo", M::NAME)))?;
        state.apply(&event)?;
        self.state = state;
        Ok(self.record(vec![event]))
    }

    /// The dice `command` will ask for, in order, each with the event that records it: the
    /// command runs on a copy with stand-in dice and nothing here changes ([`needed`]). A GM
    /// correction that goes back in time rolls nothing.
    pub fn dice_needed(&self, command: M::Command) -> Result<Vec<NeededDie>>
    where
        M::Event: crate::wire::ToWire,
    {
        if M::rewind(&command).is_some() {
            return Ok(Vec::new());
        }
        let mut work = self.state.clone();
        needed::dice_needed(|dice| work.execute(command, dice))
    }

    /// Run a command with a dice box that may hold supplied faces (physical dice): those must
    /// all be used. Faces left over mean the command rolled fewer dice than the caller read off
    /// the table, a slip to report rather than ignore: `INVALID_ARGUMENT` naming how many, and
    /// nothing changes. Other dice run as [`Engine::execute_with`].
    pub fn execute_with_faces(
        &mut self,
        command: M::Command,
        dice: &mut DiceSource,
    ) -> Result<&[M::Event]> {
        self.commands_allowed()?;
        let DiceSource::Supplied(faces) = dice else {
            return self.execute_with(command, dice);
        };
        let left_over = |left: usize| {
            Error::invalid_argument(format!(
                "{left} supplied face{} left over: the command rolled fewer dice than were given (see diceNeeded)",
                if left == 1 { " was" } else { "s were" }
            ))
        };
        if M::rewind(&command).is_some() {
            if faces.remaining() > 0 {
                return Err(left_over(faces.remaining()));
            }
            return self.execute_with(command, faces);
        }
        // Without a history to rebuild it from, the state is kept aside in case faces are
        // left over.
        let before = (!Self::restorable()).then(|| self.state.clone());
        let events = self.run(command, faces)?;
        let left = faces.remaining();
        if left > 0 {
            match before {
                Some(state) => self.state = state,
                // A command that made no event changed nothing.
                None if events.is_empty() => {}
                None => self.restore()?,
            }
            return Err(left_over(left));
        }
        Ok(self.record(events))
    }

    /// The batch for the command just executed: its events, its number, the digest of the
    /// state now and the dice position. (Separate from `execute` because the digest walks the
    /// whole state: a caller that relays bare events does not pay for it.)
    pub fn seal<E>(&self, events: E) -> Batch<E> {
        Batch {
            seq: self.seq,
            digest: self.digest(),
            dice: self.dice.seed_state().map(|s| s.position),
            events,
        }
    }

    /// Apply a leader's batch: it must be the next in sequence, its events must apply, the
    /// state they lead to must pass the invariants and match the leader's digest. Otherwise
    /// nothing changes: `OUT_OF_SYNC` (a missed batch or a digest that differs: load the
    /// leader's snapshot), `SNAPSHOT_INVALID` (the events lead to an impossible state), or the
    /// error of the event that did not apply.
    pub fn apply_batch(&mut self, batch: &Batch<Vec<M::Event>>) -> Result<()> {
        let expected = self.seq.saturating_add(1);
        if batch.seq != expected {
            return Err(Error::new(
                ErrorCode::OutOfSync,
                format!(
                    "expected batch {expected}, got batch {}: load the leader's snapshot",
                    batch.seq
                ),
            ));
        }
        let state = self.applied(&batch.events)?;
        let mut dice = self.dice.clone();
        match (&mut dice, batch.dice) {
            (DiceSource::Seeded(s), Some(position)) => {
                let at = SeedState {
                    position,
                    ..s.state()
                };
                **s = SeededDice::restore(at)?;
            }
            (DiceSource::Seeded(_), None) | (_, Some(_)) => {
                return Err(Error::new(
                    ErrorCode::OutOfSync,
                    "the batch's dice are not this copy's dice (seeded on one side only): load the leader's snapshot",
                ));
            }
            (_, None) => {}
        }
        if digest_of(&state, &dice) != batch.digest {
            return Err(Error::new(
                ErrorCode::OutOfSync,
                format!(
                    "batch {} leads to a different state here than on the leader: load the leader's snapshot",
                    batch.seq
                ),
            ));
        }
        self.state = state;
        self.dice = dice;
        self.seq = expected;
        self.history.clear();
        Ok(())
    }

    /// Apply events that came without a batch (no sequence number or digest to check), all or
    /// nothing; the resulting state must still pass the invariants. The batch count and the
    /// dice do not move. A player's copy applies checked batches only (`NOT_ALLOWED`): bare events carry
    /// nothing that says the GM sent them.
    pub fn apply_events(&mut self, events: &[M::Event]) -> Result<()> {
        if self.player {
            return Err(Error::not_allowed(format!(
                "this {} is a player's copy: it applies only the GM's checked player batches, not bare events",
                M::NAME
            )));
        }
        self.state = self.applied(events)?;
        self.history.clear();
        Ok(())
    }

    /// A copy of the state with `events` applied and its invariants checked.
    fn applied(&self, events: &[M::Event]) -> Result<M> {
        let mut work = self.state.clone();
        for e in events {
            work.apply(e)?;
        }
        work.check_since(&self.state).map_err(|e| {
            Error::snapshot(format!(
                "these events lead to a state of the {} that could not be saved: {}",
                M::NAME,
                e.message
            ))
        })?;
        Ok(work)
    }
}

/// The digest of a state and its dice (the seed and position of seeded dice; crypto and
/// supplied dice hold nothing to compare).
fn digest_of<M: Model>(state: &M, dice: &DiceSource) -> Digest {
    let mut d = Digester::new();
    d.add(&dice.seed_state().map(|s| (s.seed, s.position)));
    state.digest(&mut d);
    d.digest()
}
