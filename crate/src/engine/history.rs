//! The engine's memory of recent batches, for the GM's corrections: take back the last commands,
//! go back to the start of the previous turn or round (issue 20).
//!
//! Undo works by replaying the log, not by inverse events: every model already knows how to
//! apply its events, so a state `n` batches back is a checkpoint plus the events after it, and
//! no command needs an inverse written (and kept right) for it. The cost is bounded and paid
//! where it is cheap:
//!
//! - a command's events are moved into the log, never copied (the engine hands out a borrow);
//!   a caller that has written them as JSON anyway (the wasm glue) hands the text back and the
//!   log keeps that instead ([`History::compact_last`]): one string a batch rather than
//!   thousands of small values kept alive, which measurably slowed a 500-combatant round;
//! - a checkpoint (a copy of the state) is taken once every `depth` batches, and at most two are
//!   kept, so any of the last `depth` batches can be taken back with at most `2 × depth` events
//!   replayed;
//! - a follower, which applies batches instead of executing commands, keeps no history: an undo
//!   reaches it as one event carrying the restored state (see [`super::Model::restored`]), so a
//!   client that joined late from a snapshot follows an undo just as well.
//!
//! The history is not part of the state: it is not in snapshots, digests or batches. A copy
//! loaded from a snapshot can take back only what it executed since.

use std::borrow::Cow;
use std::collections::VecDeque;

use super::model::{Mark, Model, Rewind};
use crate::error::{Error, Result};

/// How many of the last batches a GM can take back.
pub const UNDO_DEPTH: u32 = 64;

/// A batch of the timeline: its number and its events.
type Step<'a, E> = (u64, Cow<'a, [E]>);

/// One logged batch: its events, or the JSON text they were written as.
#[derive(Debug, Clone)]
enum Logged<E> {
    Events(Vec<E>),
    Text(String),
}

/// Recent batches and the checkpoints to replay them from.
#[derive(Debug, Clone)]
pub(super) struct History<M: Model> {
    /// Checkpoints, oldest first: `(seq, state after batch seq)`. Empty until the first command
    /// after creation, a load, or an applied batch (which leave the log behind).
    checkpoints: VecDeque<(u64, M)>,
    /// `(seq, events)` of every batch after the oldest checkpoint, oldest first.
    log: VecDeque<(u64, Logged<M::Event>)>,
    depth: u64,
}

impl<M: Model> History<M> {
    pub(super) fn new(depth: u32) -> Self {
        Self {
            checkpoints: VecDeque::new(),
            log: VecDeque::new(),
            depth: u64::from(depth),
        }
    }

    /// Forget everything: the state moved without commands (a batch applied from a leader).
    pub(super) fn clear(&mut self) {
        self.checkpoints.clear();
        self.log.clear();
    }

    /// Before running command number `seq + 1` on `state`: make sure replay can start here.
    pub(super) fn prepare(&mut self, seq: u64, state: &M) {
        if self.depth > 0 && self.checkpoints.is_empty() {
            self.checkpoints.push_back((seq, state.clone()));
        }
    }

    /// Keep batch `seq`'s events (the state after it is `state`) and hand them back.
    pub(super) fn record(&mut self, seq: u64, state: &M, events: Vec<M::Event>) -> &[M::Event] {
        if self.depth == 0 {
            self.log.clear();
        } else if let Some((newest, _)) = self.checkpoints.back()
            && seq.saturating_sub(*newest) >= self.depth
        {
            self.checkpoints.push_back((seq, state.clone()));
            if self.checkpoints.len() > 2 {
                self.checkpoints.pop_front();
            }
            let from = self.checkpoints.front().map_or(0, |(s, _)| *s);
            while self.log.front().is_some_and(|(s, _)| *s <= from) {
                self.log.pop_front();
            }
        }
        self.log.push_back((seq, Logged::Events(events)));
        self.last()
    }

    /// Keep the newest batch as the JSON text its events were written as (taken, not copied:
    /// a big round's text is tens of kilobytes).
    pub(super) fn compact_last(&mut self, text: String) {
        if let Some((_, entry)) = self.log.back_mut() {
            *entry = Logged::Text(text);
        }
    }

    /// A logged batch's events, read back from text if need be.
    fn events_of(entry: &Logged<M::Event>) -> Result<Cow<'_, [M::Event]>> {
        match entry {
            Logged::Events(e) => Ok(Cow::Borrowed(e.as_slice())),
            Logged::Text(t) => M::read_events(t).map(Cow::Owned),
        }
    }

    /// The events of the newest logged batch (none once compacted to text).
    pub(super) fn last(&self) -> &[M::Event] {
        match self.log.back() {
            Some((_, Logged::Events(e))) => e.as_slice(),
            _ => &[],
        }
    }

    /// The batch number a rewind goes back to, from the current `seq` and `state`.
    pub(super) fn target(&self, rewind: Rewind, seq: u64, state: &M) -> Result<u64> {
        let oldest = self.checkpoints.front().map(|(s, _)| *s);
        let reach = |what: &str| {
            Error::not_allowed(format!(
                "{what} is not in the undo history (the last {} commands executed by this copy)",
                self.depth
            ))
        };
        let target = match rewind {
            Rewind::Commands(0) => {
                return Err(Error::invalid_argument(
                    "undo takes back at least 1 command",
                ));
            }
            Rewind::Commands(n) => seq
                .checked_sub(u64::from(n))
                .filter(|t| oldest.is_some_and(|o| *t >= o) && u64::from(n) <= self.depth)
                .ok_or_else(|| reach(&format!("the state {n} commands back")))?,
            Rewind::Turn | Rewind::Round => {
                let mark = if rewind == Rewind::Turn {
                    Mark::Turn
                } else {
                    Mark::Round
                };
                // Under way now: skip its own start and go to the one before.
                let skip = usize::from(state.under_way(mark));
                self.timeline(seq)?
                    .into_iter()
                    .filter(|(_, events)| events.iter().any(|e| M::mark(e) == Some(mark)))
                    .nth(skip)
                    .map(|(s, _)| s)
                    .filter(|t| oldest.is_some_and(|o| *t >= o))
                    .ok_or_else(|| {
                        reach(if rewind == Rewind::Turn {
                            "the start of the previous turn"
                        } else {
                            "the start of the previous round"
                        })
                    })?
            }
        };
        Ok(target)
    }

    /// The logged batches that led to the state after batch `seq`, newest first: a batch that
    /// restored an earlier state is followed by the batches before that state, not by the
    /// ones it took back.
    fn timeline(&self, seq: u64) -> Result<Vec<Step<'_, M::Event>>> {
        let first = self.log.front().map_or(u64::MAX, |(s, _)| *s);
        let mut out = Vec::new();
        let mut at = Some(seq);
        while let Some(s) = at {
            let Some(index) = s.checked_sub(first).and_then(|i| usize::try_from(i).ok()) else {
                break;
            };
            let Some((_, entry)) = self.log.get(index) else {
                break;
            };
            let events = Self::events_of(entry)?;
            let undone = events.iter().find_map(M::restores);
            at = s.checked_sub(1 + u64::from(undone.unwrap_or(0)));
            if undone.is_none() {
                out.push((s, events));
            }
        }
        Ok(out)
    }

    /// The state after batch `target`: the newest checkpoint at or before it, with the logged
    /// events after it applied.
    pub(super) fn state_at(&self, target: u64) -> Result<M> {
        let (from, base) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(s, _)| *s <= target)
            .ok_or_else(|| Error::not_allowed("that state is not in the undo history"))?;
        let mut state = base.clone();
        for (_, entry) in self.log.iter().filter(|(s, _)| *s > *from && *s <= target) {
            for e in Self::events_of(entry)?.iter() {
                state.apply(e)?;
            }
        }
        Ok(state)
    }
}
