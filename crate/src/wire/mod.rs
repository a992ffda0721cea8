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
//! # Limits
//! Text past [`MAX_JSON_BYTES`] is `LIMIT_EXCEEDED`; nesting deeper than [`MAX_DEPTH`] and any
//! malformed or mistyped input is a [`WireError`], which callers turn into the error code that
//! fits (`INVALID_ARGUMENT` for commands and procedure input, `SNAPSHOT_INVALID` for snapshots).

pub mod impls;
mod reader;
mod writer;

pub use impls::{RawJson, RawObject};
pub use reader::Reader;
pub use turnkeeper_derive::{FromWire, ToWire, Wire};
pub use writer::Writer;

use crate::error::{Error, ErrorCode};

/// The most bytes of JSON text any call takes (commands, events, snapshots, procedure input).
/// A 500-combatant Greyhawk round's events are about 165 KB; the limit is far above every real
/// use and keeps a runaway input from exhausting the module's memory.
pub const MAX_JSON_BYTES: usize = 8 * 1024 * 1024;

/// How deeply arrays and objects may nest (serde_json's own limit is the same).
pub const MAX_DEPTH: u32 = 128;

/// Why a text could not be read: the message says what, and (once [`read_all`] has finished
/// it) where, as a line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError {
    pub message: String,
    /// The byte offset the reader was at. The line and column are worked out from it only when
    /// the error leaves the reader: an untagged enum tries its variants and drops their errors,
    /// and counting lines for each of those would make a long text quadratic.
    pub at: usize,
}

impl core::fmt::Display for WireError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The result of reading.
pub type Result<T> = core::result::Result<T, WireError>;

/// A type read from JSON text by the wire reader.
pub trait FromWire: Sized {
    /// Read one value at the reader's position.
    fn read(r: &mut Reader<'_>) -> Result<Self>;

    /// Read an object's fields, passing over the key `skip` (an internally tagged enum's tag,
    /// when this type is the payload of one of its variants). Only structs with named fields
    /// can be such a payload.
    fn read_fields(r: &mut Reader<'_>, skip: Option<&str>) -> Result<Self> {
        let _ = skip;
        Err(r.error("expected a struct with named fields"))
    }

    /// The value of a field that is missing: `None` for options (as serde does), otherwise
    /// nothing, which makes the field required.
    fn absent() -> Option<Self> {
        None
    }
}

/// A type written as JSON text by the wire writer.
pub trait ToWire {
    /// Write the whole value.
    fn write(&self, w: &mut Writer);

    /// Write the fields of a struct into an object that is already open (an internally tagged
    /// newtype variant writes its tag, then its payload's fields).
    fn write_fields(&self, w: &mut Writer) {
        let _ = w;
    }
}

/// `value` as JSON text, exactly as `serde_json::to_string` writes it.
pub fn to_json<T: ToWire + ?Sized>(value: &T) -> String {
    let mut w = Writer::new();
    value.write(&mut w);
    w.finish()
}

/// Read a whole text as `T`: `LIMIT_EXCEEDED` past [`MAX_JSON_BYTES`], otherwise an error with
/// `code` (naming `what`) when the text is not a `T`.
pub fn from_json<T: FromWire>(text: &str, what: &str, code: ErrorCode) -> crate::Result<T> {
    check_size(text, what)?;
    read_all(text).map_err(|e| Error::new(code, format!("invalid {what}: {e}")))
}

/// Read a whole text as `T`, with the reader's own error.
pub fn read_all<T: FromWire>(text: &str) -> Result<T> {
    let mut r = Reader::new(text);
    T::read(&mut r)
        .and_then(|value| r.end().map(|()| value))
        .map_err(|e| e.located(text))
}

impl WireError {
    /// The message with serde_json's wording of where: `… at line L column C`.
    fn located(self, text: &str) -> WireError {
        let upto = text.as_bytes().get(..self.at).unwrap_or(text.as_bytes());
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = upto.iter().rev().take_while(|&&b| b != b'\n').count();
        WireError {
            message: format!("{} at line {line} column {column}", self.message),
            at: self.at,
        }
    }
}

/// `LIMIT_EXCEEDED` when `text` is over [`MAX_JSON_BYTES`].
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
