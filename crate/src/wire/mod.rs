//! The JSON boundary: one reader and one writer for every type that crosses into or out of the
//! core as text (commands, events, snapshots, procedure input and results).
//!
//! # Why not serde here
//! serde's derived code is generic over the format, so each type's deserializer is compiled
//! once per format it is read from, and once more (through serde's buffering `Content` type)
//! for every internally tagged enum it sits inside. With some six hundred types that made the
//! `.wasm` about 1.1 MB gzip. The derives in `turnkeeper-derive` read the *same* `#[serde]`
//! attributes, so the wire format is still written down once, and emit plain code against the
//! concrete [`Reader`] and [`Writer`] below: each type's code exists once in the binary, and an
//! internally tagged enum finds its tag by a cheap scan instead of buffering its fields.
//!
//! serde stays the native API (every type still derives it, and the tests use `serde_json`);
//! the crate's tests check that both paths write the same bytes and read the same values.
//!
//! # Declaring a boundary type
//! A type carries one attribute, `#[crate::boundary]`, which derives serde's traits, this
//! module's ([`Wire`], or [`FromWire`] / [`ToWire`] with `input` / `output`) and, in the wasm
//! builds, the TypeScript declaration; `state` adds the digest (`crate::Digestible`). Its
//! format stays in its `#[serde(...)]` attributes. The attribute exists so that no type can
//! have one of these derives without the others (see `crate/derive/src/boundary.rs`).
//!
//! # Limits
//! Text past [`MAX_JSON_BYTES`] is `LIMIT_EXCEEDED`; nesting deeper than [`MAX_DEPTH`] and any
//! malformed or mistyped input is a [`WireError`], which callers turn into the error code that
//! fits (`INVALID_ARGUMENT` for commands and procedure input, `SNAPSHOT_INVALID` for snapshots).

mod escape;
mod failure;
#[cfg(any(test, feature = "wasm-dice"))]
pub mod flat;
mod float;
pub mod impls;
mod names;
mod reader;
mod writer;

pub(crate) use failure::Fault;
use failure::Step;
pub use failure::{Failure, Result, WireError};
pub use impls::{RawJson, RawObject};
pub use names::{NameTable, name_hash};
pub use reader::{EachItem, EachKey, FromWire, MAX_DEPTH, Reader, Slot, With, abandon, settle};
pub use turnkeeper_derive::{FromWire, ToWire, Wire};
pub use writer::{ToWire, Writer, to_json, to_json_dyn};

use crate::error::{Error, ErrorCode};

/// The most bytes of JSON text any call takes (commands, events, snapshots, procedure input).
/// A 500-combatant Greyhawk round's events are about 165 KB; the limit is far above every real
/// use and keeps a runaway input from exhausting the module's memory.
pub const MAX_JSON_BYTES: usize = 8 * 1024 * 1024;

/// Read a whole text as `T`: `LIMIT_EXCEEDED` past [`MAX_JSON_BYTES`], otherwise an error with
/// `code` when the text is not a `T`. `what` names the whole text (`command`, `snapshot`): an
/// argument's error (`INVALID_ARGUMENT`) is the path inside it and what was expected; any other
/// code (a snapshot, events) also says which text, `invalid snapshot: …`.
pub fn from_json<T: FromWire>(text: &str, what: &str, code: ErrorCode) -> crate::Result<T> {
    let mut out = Whole::<T>(None);
    from_json_with(text, what, code, &mut out)?;
    out.0.ok_or_else(|| Error::new(code, not_read(what)))
}

/// The message for a read that succeeded without giving a value, which [`ReadWhole`] rules
/// out: an error rather than a panic, worded once for every type.
#[cold]
#[inline(never)]
fn not_read(what: &str) -> String {
    format!("{what} was not read")
}

/// A whole text's value once read: what the reading behind a `dyn` fills in.
struct Whole<T>(Option<T>);

/// Reading a whole text's value into a [`Whole`]. A trait of its own, not a `dyn FnMut`, for
/// the reason [`EachKey`] gives.
trait ReadWhole {
    fn read_whole(&mut self, r: &mut Reader<'_>) -> Result<()>;
}

impl<T: FromWire> ReadWhole for Whole<T> {
    fn read_whole(&mut self, r: &mut Reader<'_>) -> Result<()> {
        // Read once, into an empty `Whole`: forgotten, the old `None` brings no drop glue.
        core::mem::forget(self.0.replace(T::read(r)?));
        Ok(())
    }
}

/// [`from_json`] with the reading behind a `dyn`, so the size check, the reader's setup and the
/// wording of errors exist once, not once per type read.
#[inline(never)]
fn from_json_with(
    text: &str,
    what: &str,
    code: ErrorCode,
    read: &mut dyn ReadWhole,
) -> crate::Result<()> {
    check_size(text, what)?;
    if code == ErrorCode::InvalidArgument {
        read_text_with(text, what, false, read).map_err(|e| Error::new(code, e.0.message))
    } else {
        read_text_with(text, "the value", false, read)
            .map_err(|e| Error::new(code, format!("invalid {what}: {e}")))
    }
}

/// Read a whole text as `T`, with the reader's own error (the value called "the value" when
/// the whole text is wrong).
pub fn read_all<T: FromWire>(text: &str) -> Result<T> {
    read_text(text, "the value", false)
}

/// Read an argument the caller knows by `name` (an options object's `config`): errors inside
/// it start their path with the name (`config.roundLength must be …`). `INVALID_ARGUMENT`.
pub fn from_json_named<T: FromWire>(text: &str, name: &str) -> crate::Result<T> {
    check_size(text, name)?;
    read_text(text, name, true).map_err(|e| Error::invalid_argument(e.0.message))
}

/// `subject` names the whole text; with `named` it also starts every path.
fn read_text<T: FromWire>(text: &str, subject: &str, named: bool) -> Result<T> {
    let mut out = Whole::<T>(None);
    read_text_with(text, subject, named, &mut out)?;
    out.0
        .ok_or_else(|| WireError::new(Fault::Sentence, not_read(subject), 0))
}

/// [`read_text`] with the reading behind a `dyn` (see [`from_json_with`]).
#[inline(never)]
fn read_text_with(text: &str, subject: &str, named: bool, read: &mut dyn ReadWhole) -> Result<()> {
    let mut r = Reader::new(text);
    read.read_whole(&mut r)
        .and_then(|()| r.end())
        .map_err(|mut e| {
            if named {
                e.path.push(Step::Key(subject.to_string()));
            }
            e.finish(text, subject)
        })
}

/// `LIMIT_EXCEEDED` when `text` is over [`MAX_JSON_BYTES`].
#[inline(never)]
pub(crate) fn check_size(text: &str, what: &str) -> crate::Result<()> {
    if text.len() > MAX_JSON_BYTES {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!(
                "{what}: at most {MAX_JSON_BYTES} bytes of JSON, not {}",
                text.len()
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
