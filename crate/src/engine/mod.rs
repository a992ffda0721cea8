//! One event-sourced driver for every object that changes by commands: the encounter, the
//! journey and the stand-alone creature (DESIGN.md principle 2). Each object says how to run a
//! command, apply an event, check its invariants and feed a digest ([`Model`]); [`Engine`] keeps
//! the promises once for all of them:
//!
//! - **Atomic commands.** A command runs with the engine's dice on a working copy of the dice
//!   and the state; a failure leaves both exactly as they were ([`Engine::execute`]).
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
mod digest;
pub mod needed;
pub mod saved;

pub use batch::{Batch, BatchHeader};
pub use digest::{Digest, Digester};
pub use needed::NeededDie;

use crate::dice::{DiceSource, DieRoller, SeedState, SeededDice};
use crate::error::{Error, ErrorCode, Result};

/// What an event-sourced object provides to the [`Engine`].
pub trait Model: Clone {
    type Command;
    type Event;

    /// The object's name in snapshots and messages (`"encounter"`, `"journey"`, `"creature"`).
    const NAME: &'static str;

    /// Run `command`, rolling through `dice`, and return its events, each already applied to
    /// `self` with [`Model::apply`]. Atomic: on error `self` is unchanged. (Each model makes its
    /// own working copy, because each knows what it can skip copying: a 500-combatant
    /// declaration phase is checked against the state as it is and then applied.)
    fn execute(
        &mut self,
        command: Self::Command,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<Self::Event>>;

    /// Apply one event without rolling, in place: the engine calls it on a working copy.
    fn apply(&mut self, event: &Self::Event) -> Result<()>;

    /// The invariants: exactly what loading a snapshot checks. A follower's state must still
    /// pass them after every batch.
    fn check(&self) -> Result<()>;

    /// Feed the whole state into `d` in a fixed order.
    fn digest(&self, d: &mut Digester);

    /// The object's own snapshot (its inner, versioned format).
    fn save(&self) -> String;

    /// Read the object's own snapshot, checking it with [`Model::check`].
    fn load(text: &str) -> Result<Self>;
}

/// An event-sourced object, its dice and the number of batches it has made or applied.
#[derive(Debug, Clone)]
pub struct Engine<M: Model> {
    state: M,
    dice: DiceSource,
    seq: u64,
}

impl<M: Model> Engine<M> {
    pub fn new(state: M, dice: DiceSource) -> Self {
        Self {
            state,
            dice,
            seq: 0,
        }
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
    pub fn execute(&mut self, command: M::Command) -> Result<Vec<M::Event>> {
        let state = &mut self.state;
        let events = self.dice.atomically(|dice| state.execute(command, dice))?;
        self.seq = self.seq.saturating_add(1);
        Ok(events)
    }

    /// Run a command with other dice (faces read off physical dice, say); the engine's own
    /// dice do not move.
    pub fn execute_with(
        &mut self,
        command: M::Command,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<M::Event>> {
        let events = self.state.execute(command, dice)?;
        self.seq = self.seq.saturating_add(1);
        Ok(events)
    }

    /// The dice `command` will ask for, in order, each with the event that records it: the
    /// command runs on a copy with stand-in dice and nothing here changes ([`needed`]).
    pub fn dice_needed(&self, command: M::Command) -> Result<Vec<NeededDie>>
    where
        M::Event: crate::wire::ToWire,
    {
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
    ) -> Result<Vec<M::Event>> {
        let DiceSource::Supplied(faces) = dice else {
            return self.execute_with(command, dice);
        };
        let before = self.state.clone();
        let events = self.state.execute(command, faces)?;
        let left = faces.remaining();
        if left > 0 {
            self.state = before;
            return Err(Error::invalid_argument(format!(
                "{left} supplied face{} left over: the command rolled fewer dice than were given (see diceNeeded)",
                if left == 1 { " was" } else { "s were" }
            )));
        }
        self.seq = self.seq.saturating_add(1);
        Ok(events)
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
        Ok(())
    }

    /// Apply events that came without a batch (no sequence number or digest to check), all or
    /// nothing; the resulting state must still pass the invariants. The batch count and the
    /// dice do not move.
    pub fn apply_events(&mut self, events: &[M::Event]) -> Result<()> {
        self.state = self.applied(events)?;
        Ok(())
    }

    /// A copy of the state with `events` applied and its invariants checked.
    fn applied(&self, events: &[M::Event]) -> Result<M> {
        let mut work = self.state.clone();
        for e in events {
            work.apply(e)?;
        }
        work.check().map_err(|e| {
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
