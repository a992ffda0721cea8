//! The snapshot envelope every event-sourced object is saved in:
//!
//! `{"v":2,"seq":12,"encounter":{…},"dice":{"algorithm":"chacha20","seed":7,"position":40},"sum":"…"}`
//!
//! - `v`: the envelope's version (2; version 1 had no envelope checksum, see below);
//! - `seq`: batches made or applied so far, so a follower that loads it expects `seq + 1`;
//! - the object's own snapshot under its name (`encounter`, `journey`, `creature`), in the
//!   object's own versioned format, unchanged from version 1;
//! - `dice`: the seeded dice's state (absent for crypto dice);
//! - `players`: `true` in a player's copy (`Engine::player_json`), which refuses every
//!   command (`NOT_ALLOWED`) and only applies the GM's player batches; absent otherwise;
//! - `sum`: the digest (see [`super::Digester`]) of the batch count, the dice and the restored
//!   state. It is checked after the object's own checks pass, so a changed value or a dropped
//!   field is `SNAPSHOT_INVALID` even where the changed state would be possible.
//!
//! Older snapshots still load, unverified, as before: an envelope without `v` and `sum`
//! (`{"encounter":…,"dice":…}`, how encounters and journeys were saved) or an object's own
//! snapshot with `"v":1` at the top (how creatures were saved). Removing `v` and `sum` together
//! turns a new snapshot into an old one; a checksum is no signature, and the host's GM client
//! stays the authority.

pub use super::model::ENVELOPE_BYTES;

use super::{Digest, Digester, Engine, Model};
use crate::dice::{DiceSource, SeedState};
use crate::error::{Error, Result};
use crate::wire::{FromWire, RawJson, ToWire, Writer};

/// The envelope version written now.
pub const SAVED_VERSION: u64 = 2;

/// The checksum of an envelope's contents (a player's copy's mark is summed only when set,
/// so the sums of every other snapshot are as before).
fn sum_of<M: Model>(seq: u64, dice: Option<&SeedState>, state: &M, player: bool) -> Digest {
    let mut d = Digester::new();
    d.add(&SAVED_VERSION)
        .add(&seq)
        .add(&dice.map(|s| (s.seed, s.position)));
    state.digest(&mut d);
    if player {
        d.add(&"players");
    }
    d.digest()
}

impl<M: Model> Engine<M> {
    /// The snapshot: the object's own snapshot, the batch count and the dice, checksummed.
    pub fn to_json(&self) -> String {
        saved_json(self.seq, &self.state, self.dice.seed_state(), self.player)
    }

    /// Restore a snapshot from [`Engine::to_json`] (or an older one, see the module docs).
    /// Anything malformed, of another version, impossible or failing its checksum is
    /// `SNAPSHOT_INVALID` (`LIMIT_EXCEEDED` past the size limit).
    pub fn from_json(text: &str) -> Result<Self> {
        let parts = envelope(
            text,
            M::NAME,
            M::MAX_SNAPSHOT_BYTES.saturating_add(ENVELOPE_BYTES),
        )?;
        let player = parts.players;
        let (state, seq, dice) = match parts.v {
            // An object's own snapshot at the top: how creatures were saved before.
            Some(1) => (M::load(text)?, 0, None),
            None if parts.sum.is_none() && parts.seq.is_none() => {
                let inner = parts.inner.ok_or_else(|| not_a(M::NAME))?;
                (M::load(&inner.0)?, 0, parts.dice)
            }
            Some(SAVED_VERSION) => {
                let inner = parts.inner.ok_or_else(|| no_field(M::NAME))?;
                let sum = parts.sum.ok_or_else(|| no_field("sum"))?;
                let seq = parts.seq.ok_or_else(|| no_field("seq"))?;
                let state = M::load(&inner.0)?;
                // Written by this version, the object's snapshot is canonical: reading and
                // writing it gives it back. A field dropped where its default is the same
                // value changes no state but is still an edit.
                if state.save() != minified(&inner.0) {
                    return Err(not_as_written(M::NAME));
                }
                if sum_of(seq, parts.dice.as_ref(), &state, player) != sum {
                    return Err(Error::snapshot(
                        "the snapshot's checksum does not match its contents (edited or corrupted)",
                    ));
                }
                (state, seq, parts.dice)
            }
            v => return Err(unsupported(v)),
        };
        Ok(Engine {
            state,
            dice: dice.map_or_else(|| Ok(DiceSource::crypto()), DiceSource::restored)?,
            seq,
            history: super::History::new(M::UNDO_DEPTH),
            player,
        })
    }
}

// What `Engine::from_json` checks and words the same for every object, out of its generic
// body: each object's copy of that body had carried its own size check, envelope checks and
// error messages (issue 38).

/// The envelope of a saved `name` of at most `limit` bytes, read, and refused when it is not
/// one.
#[inline(never)]
fn envelope(text: &str, name: &str, limit: usize) -> Result<Parts> {
    if text.len() > limit {
        return Err(Error::snapshot(format!(
            "a saved {name} is at most {limit} bytes"
        )));
    }
    let parts = read_parts(text, name)?;
    if parts.players && parts.v != Some(SAVED_VERSION) {
        return Err(Error::snapshot(
            "only a version 2 snapshot can be a player's copy",
        ));
    }
    Ok(parts)
}

#[cold]
#[inline(never)]
fn not_a(name: &str) -> Error {
    Error::snapshot(format!("not a {name} snapshot"))
}

#[cold]
#[inline(never)]
fn no_field(what: &str) -> Error {
    Error::snapshot(format!("the snapshot has no \"{what}\""))
}

#[cold]
#[inline(never)]
fn not_as_written(name: &str) -> Error {
    Error::snapshot(format!(
        "the {name} snapshot is not as it was written (a field was dropped, added or reordered)"
    ))
}

/// An envelope version this build does not read (`None`: a checksum or batch count without a
/// version).
#[cold]
#[inline(never)]
fn unsupported(v: Option<u64>) -> Error {
    match v {
        Some(v) => Error::snapshot(format!(
            "snapshot envelope version {v} is not supported (this build reads 1 and {SAVED_VERSION})"
        )),
        None => Error::snapshot("the snapshot has a checksum or batch count but no version \"v\""),
    }
}

/// The envelope around `state` after `seq` batches, with `dice` if seeded; `player`: a
/// player's copy (`"players":true`), which refuses commands once loaded.
pub(super) fn saved_json<M: Model>(
    seq: u64,
    state: &M,
    dice: Option<SeedState>,
    player: bool,
) -> String {
    let mut w = Writer::new();
    w.open_object();
    w.key("v");
    w.unsigned(SAVED_VERSION);
    w.key("seq");
    w.unsigned(seq);
    w.key(M::NAME);
    w.raw(&state.save());
    if let Some(d) = &dice {
        w.key("dice");
        d.write(&mut w);
    }
    if player {
        w.key("players");
        w.bool(true);
    }
    w.key("sum");
    sum_of(seq, dice.as_ref(), state, player).write(&mut w);
    w.close_object();
    w.finish()
}

/// JSON text without the whitespace between tokens (a host may store a snapshot
/// pretty-printed); strings are kept as they are.
fn minified(text: &str) -> std::borrow::Cow<'_, str> {
    if !text
        .bytes()
        .any(|b| matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
    {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if !matches!(c, ' ' | '\n' | '\r' | '\t') {
            in_string = c == '"';
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// An envelope's fields, read without interpreting the object's own snapshot.
struct Parts {
    v: Option<u64>,
    seq: Option<u64>,
    inner: Option<RawJson>,
    dice: Option<SeedState>,
    sum: Option<Digest>,
    /// `"players":true`: a player's copy.
    players: bool,
    /// A key that is none of the above (allowed only in an object's own `"v":1` snapshot).
    stray: bool,
}

fn read_parts(text: &str, name: &str) -> Result<Parts> {
    crate::wire::check_size(text, "snapshot")?;
    let mut parts = Parts {
        v: None,
        seq: None,
        inner: None,
        dice: None,
        sum: None,
        players: false,
        stray: false,
    };
    let mut r = crate::wire::Reader::new(text);
    let read = r
        .object(&mut |r, key| {
            match key {
                "v" => parts.v = Some(r.unsigned(0, u64::from(u32::MAX))?),
                "seq" => parts.seq = Some(r.unsigned(0, (1 << 53) - 1)?),
                "dice" => parts.dice = Some(SeedState::read(r)?),
                "sum" => parts.sum = Some(Digest::read(r)?),
                "players" => parts.players = r.bool()?,
                k if k == name => parts.inner = Some(RawJson::read(r)?),
                // Anything else is the object's own snapshot at the top (`"v":1` creatures),
                // read as a whole later; or a stray key, refused below.
                _ => {
                    parts.stray = true;
                    r.skip()?;
                }
            }
            Ok(())
        })
        .and_then(|()| r.end())
        .map_err(|e| e.finish(text, "the text"));
    read.map_err(|e| Error::snapshot(format!("unreadable {name} snapshot: {e}")))?;
    if parts.v != Some(1) && (parts.inner.is_none() || parts.stray) {
        return Err(Error::snapshot(format!("not a {name} snapshot")));
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::minified;

    #[test]
    fn minifying_keeps_strings_and_drops_the_rest_of_the_whitespace() {
        assert_eq!(
            minified("{\"a\": [1, 2],\n \"b\": \"x y\\\" z\"}"),
            "{\"a\":[1,2],\"b\":\"x y\\\" z\"}"
        );
        assert_eq!(minified("{\"a\":1}"), "{\"a\":1}");
    }
}
