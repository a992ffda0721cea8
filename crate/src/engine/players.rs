//! What players may see (issue 17): hidden participants and effects, blind commands, secret
//! rolls. The GM's client executes and keeps the whole state; players receive a *player view*
//! of each batch and of the snapshot, and a player client that applies only player views stays
//! equal to the player view of the GM's state, checked by digest like any follower.
//!
//! A player batch is the command's own events when they are safe to show: the command was not
//! blind, no event is secret by nature ([`Model::conceals`]), the events name nothing hidden
//! ([`Model::secrets`]), and applied to the players' view before the command they lead exactly
//! to the players' view after it. Otherwise it is one event that replaces the players' state
//! with the view after the command ([`Model::restored`]): they learn what changed in what they
//! can see, and nothing else, neither the dice nor the events behind it. That rule needs no
//! redaction written per event type, and every batch is checked against the view it must
//! produce, so a mistake in a model's view costs bandwidth, never a leak or a divergence.
//!
//! The players' view carries no dice: a seed and position would let a player predict or replay
//! hidden rolls. A copy loaded from it is a *player's copy* (`"players":true` in its envelope,
//! under the checksum): it applies the GM's player batches and refuses every command and every
//! bare event list with `NOT_ALLOWED`, whatever dice it is handed, since only the GM's client
//! knows the whole state.

use super::{Batch, Digest, Digester, Engine, Model, saved};
use crate::dice::DiceSource;
use crate::error::{Error, Result};
use crate::wire::ToWire;

/// What a players' batch carries (see the module's documentation).
#[derive(Debug, Clone, PartialEq)]
pub enum PlayersSee<E> {
    /// The command's own events: they are safe to show.
    TheEvents,
    /// One event that replaces the players' state with their view after the command.
    Restored(E),
}

/// A command run for a table with players ([`Engine::players_batch`]).
#[derive(Debug)]
pub struct ForPlayers<E> {
    /// The command's events as JSON text: what the GM's batch carries.
    pub events_json: String,
    /// What players receive.
    pub players: Batch<PlayersSee<E>>,
}

impl<M: Model + PartialEq> Engine<M>
where
    M::Event: ToWire,
{
    /// Run a command (with `dice`, supplied faces all used, or the engine's own) and return what
    /// players receive for it; the GM's batch is [`Engine::seal`] of [`Engine::last_events`] as
    /// usual. `blind`: the GM keeps the command's events and rolls to themselves (players see
    /// only the state it leads to).
    pub fn execute_for_players(
        &mut self,
        command: M::Command,
        dice: Option<&mut DiceSource>,
        blind: bool,
    ) -> Result<Batch<Vec<M::Event>>> {
        let ForPlayers { players, .. } = self.players_batch(command, dice, blind)?;
        Ok(players.map(|seen| match seen {
            PlayersSee::TheEvents => self.last_events().to_vec(),
            PlayersSee::Restored(event) => vec![event],
        }))
    }

    /// [`Engine::execute_for_players`] for a caller that relays text: the command's events
    /// written once as JSON (the leak check reads that text, and the caller relays it in both
    /// batches), and a players' batch that names the command's events rather than holding a
    /// copy of them. In the wasm glue this spares a big round's events a copy and two more
    /// writings, and the module a copy of every event type's clone (issue 38).
    pub fn players_batch(
        &mut self,
        command: M::Command,
        dice: Option<&mut DiceSource>,
        blind: bool,
    ) -> Result<ForPlayers<M::Event>> {
        self.commands_allowed()?;
        if !M::PLAYER_VIEWS {
            return Err(Error::not_allowed(format!(
                "the {} has no player view: its whole state is shared",
                M::NAME
            )));
        }
        let before = self.state.player_view();
        let mut secrets = self.state.secrets();
        match dice {
            Some(d) => self.execute_with_faces(command, d)?,
            None => self.execute(command)?,
        };
        secrets.extend(self.state.secrets());
        let after = self.state.player_view();
        let seen = after.as_ref().unwrap_or(&self.state);
        let events = self.last_events();
        let events_json = crate::wire::to_json(events);
        let plain = !blind && !events.iter().any(M::conceals);
        let shown = plain
            && match &before {
                // Nothing was hidden before: the events lead the players' copy where they
                // lead the GM's, so they are safe if nothing is hidden after either.
                None => after.is_none(),
                Some(view) => {
                    !leaks(&events_json, &secrets) && {
                        let mut work = view.clone();
                        events.iter().all(|e| work.apply(e).is_ok()) && &work == seen
                    }
                }
            };
        let events =
            if shown {
                PlayersSee::TheEvents
            } else {
                PlayersSee::Restored(M::restored(0, seen).ok_or_else(|| {
                    Error::not_allowed(format!("the {} cannot be restored", M::NAME))
                })?)
            };
        Ok(ForPlayers {
            events_json,
            players: Batch {
                seq: self.seq,
                digest: view_digest(seen),
                dice: None,
                events,
            },
        })
    }

    /// The snapshot a player client starts from: the players' view of the state, the batch
    /// count, no dice, marked as a player's copy. `Engine::from_json` loads it; that copy then
    /// applies player batches and refuses every command (`NOT_ALLOWED`).
    pub fn player_json(&self) -> String {
        if self.player {
            // A player's copy holds the players' view already.
            return saved::saved_json(self.seq, &self.state, None, true);
        }
        match self.state.player_view() {
            Some(view) => saved::saved_json(self.seq, &view, None, true),
            None => saved::saved_json(self.seq, &self.state, None, true),
        }
    }
}

/// The digest a player's copy (no dice) has of `state`.
fn view_digest<M: Model>(state: &M) -> Digest {
    let mut d = Digester::new();
    d.add(&None::<(u64, u64)>);
    state.digest(&mut d);
    d.digest()
}

/// Whether the events' JSON contains any of `secrets` (hidden ids, quoted as JSON writes them).
fn leaks(events_json: &str, secrets: &[String]) -> bool {
    secrets
        .iter()
        .any(|s| crate::text::search::find(events_json, s).is_some())
}
