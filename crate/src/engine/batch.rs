//! A batch: one command's events as they travel from the leader to its followers.
//!
//! `{"seq":7,"digest":"…16 hex…","dice":123,"events":[…]}`: the batch's number (the leader's
//! seventh command), the digest of the state the events lead to, the leader's seeded-dice
//! position after the command (absent for crypto dice), and the events. A follower checks the
//! number and the digest before keeping anything, and takes the dice position, so its own
//! snapshot is byte-identical to the leader's.

use crate::digest::Digest;
use crate::wire::{FromWire, RawJson, Reader, ToWire, Writer};

/// One command's events with what a follower checks them against.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch<E> {
    /// 1 for the first command an object runs, then one more per command.
    pub seq: u64,
    /// The digest of the state after the events (the dice included).
    pub digest: Digest,
    /// The seeded dice's position after the command.
    pub dice: Option<u64>,
    pub events: E,
}

impl<E> Batch<E> {
    /// The batch's JSON around events already written as JSON text.
    pub fn wrap(seq: u64, digest: Digest, dice: Option<u64>, events_json: &str) -> String {
        let mut w = Writer::new();
        w.open_object();
        w.key("seq");
        w.unsigned(seq);
        w.key("digest");
        digest.write(&mut w);
        if let Some(position) = dice {
            w.key("dice");
            w.unsigned(position);
        }
        w.key("events");
        w.raw(events_json);
        w.close_object();
        w.finish()
    }
}

impl<E: ToWire> ToWire for Batch<E> {
    fn write(&self, w: &mut Writer) {
        w.raw(&Batch::<E>::wrap(
            self.seq,
            self.digest,
            self.dice,
            &crate::wire::to_json(&self.events),
        ));
    }
}

impl<E> Batch<E> {
    /// The same batch with its events turned into `f`'s (a players' batch that names the
    /// command's events, made into the events themselves, say).
    pub fn map<F>(self, f: impl FnOnce(E) -> F) -> Batch<F> {
        Batch {
            seq: self.seq,
            digest: self.digest,
            dice: self.dice,
            events: f(self.events),
        }
    }
}

/// A batch read with its events left as text, so the glue reads them with the same code as a
/// bare event array (and each event type's reader exists once in the binary).
#[derive(Debug, Clone, PartialEq)]
pub struct BatchHeader {
    pub seq: u64,
    pub digest: Digest,
    pub dice: Option<u64>,
    pub events: RawJson,
}

impl BatchHeader {
    /// The batch with its events read.
    pub fn read_events<E: FromWire>(self) -> crate::wire::Result<Batch<Vec<E>>> {
        let events = crate::wire::read_all::<Vec<E>>(&self.events.0)?;
        Ok(Batch {
            seq: self.seq,
            digest: self.digest,
            dice: self.dice,
            events,
        })
    }
}

/// The largest batch number and dice position a batch may carry: exact in a JavaScript number.
const MAX_COUNT: u64 = (1 << 53) - 1;

impl FromWire for BatchHeader {
    fn read(r: &mut Reader<'_>) -> crate::wire::Result<Self> {
        let (mut seq, mut digest, mut dice, mut events) = (None, None, None, None);
        r.object(&mut |r, key| {
            match key {
                "seq" => seq = Some(r.unsigned(0, MAX_COUNT)?),
                "digest" => digest = Some(Digest::read(r)?),
                "dice" => dice = Some(r.unsigned(0, MAX_COUNT)?),
                "events" => events = Some(RawJson::read(r)?),
                other => return Err(r.error(&format!("unknown batch field \"{other}\""))),
            }
            Ok(())
        })?;
        Ok(BatchHeader {
            seq: seq.ok_or_else(|| r.error("a batch needs \"seq\""))?,
            digest: digest.ok_or_else(|| r.error("a batch needs \"digest\""))?,
            dice,
            events: events.ok_or_else(|| r.error("a batch needs \"events\""))?,
        })
    }
}
