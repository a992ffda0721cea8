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

pub mod impls;
mod reader;
mod writer;

pub use impls::{RawJson, RawObject};
pub use reader::{EachField, EachItem, EachKey, Reader};
pub use turnkeeper_derive::{FromWire, ToWire, Wire};
pub use writer::Writer;

use crate::error::{Error, ErrorCode};

/// The most bytes of JSON text any call takes (commands, events, snapshots, procedure input).
/// A 500-combatant Greyhawk round's events are about 165 KB; the limit is far above every real
/// use and keeps a runaway input from exhausting the module's memory.
pub const MAX_JSON_BYTES: usize = 8 * 1024 * 1024;

/// How deeply arrays and objects may nest (serde_json's own limit is the same).
pub const MAX_DEPTH: u32 = 128;

/// Why a text could not be read, in the caller's terms: the path of the value that is wrong
/// (`participant.dex`, `effects[1].target`) and what it must be, in plain words (`a whole number
/// from 1 to 30`, `text`, `one of "a", "b"`), never a Rust type or a position in JSON the caller
/// did not write. Only malformed text (which `JSON.stringify` never makes) says where, as a line
/// and column.
///
/// Boxed, so that every `Result` the reader returns stays one pointer wide on the error side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError(Box<Failure>);

/// What a [`WireError`] holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What is wrong. For a [`Fault::Value`] it goes on from the value's path ("must be text,
    /// not 3", "is missing"); otherwise it is a sentence of its own.
    pub message: String,
    /// The byte offset the reader was at. The line and column are worked out from it only for
    /// malformed text, when the error leaves the reader: an untagged enum tries its variants and
    /// drops their errors, and counting lines for each of those would make a long text quadratic.
    pub at: usize,
    /// The keys and list positions around the value, innermost first. Each object and list the
    /// error passes out of adds its own step, so a path is built only when reading fails.
    path: Vec<Step>,
    fault: Fault,
}

/// What kind of failure a [`WireError`] is, which decides how its message is worded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// A well-formed value of the wrong kind, range or name: the message follows its path.
    Value,
    /// A check of a type's own (an id's characters, a batch's fields): a whole sentence.
    Sentence,
    /// Text that is not JSON: located by line and column.
    Syntax,
    /// Not a failure: a scan that stops early (`Reader::find_tag`). Never given a path.
    Stop,
}

/// One step of a path: an object's key or a list's position.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

impl WireError {
    pub(crate) fn new(fault: Fault, message: String, at: usize) -> WireError {
        WireError(Box::new(Failure {
            message,
            at,
            path: Vec::new(),
            fault,
        }))
    }

    /// The error as it leaves the value under `key`.
    #[cold]
    #[inline(never)]
    pub(crate) fn within(mut self, key: &str) -> WireError {
        if self.fault != Fault::Stop {
            self.path.push(Step::Key(key.to_string()));
        }
        self
    }

    /// The error as it leaves item `index` of a list.
    #[cold]
    #[inline(never)]
    pub(crate) fn at_index(mut self, index: usize) -> WireError {
        self.path.push(Step::Index(index));
        self
    }

    /// The path as the caller writes it: `participant.dex`, `effects[1].target`.
    fn path_text(&self) -> String {
        let mut out = String::new();
        for step in self.path.iter().rev() {
            match step {
                Step::Key(key) if out.is_empty() => out.push_str(key),
                Step::Key(key) => {
                    out.push('.');
                    out.push_str(key);
                }
                Step::Index(i) => {
                    out.push('[');
                    out.push_str(&i.to_string());
                    out.push(']');
                }
            }
        }
        out
    }

    /// The whole message: the value named by its path (or `subject` when the whole text is
    /// wrong), and for malformed text the line and column, worked out from `text`.
    #[cold]
    #[inline(never)]
    pub(crate) fn finish(self, text: &str, subject: &str) -> WireError {
        let path = self.path_text();
        let at = self.at;
        let message = match self.fault {
            Fault::Syntax => {
                let upto = text.as_bytes().get(..self.at).unwrap_or(text.as_bytes());
                let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
                let column = upto.iter().rev().take_while(|&&b| b != b'\n').count();
                format!(
                    "{subject} is not well-formed JSON: {} at line {line} column {column}",
                    self.message
                )
            }
            Fault::Value | Fault::Stop if path.is_empty() => format!("{subject} {}", self.message),
            Fault::Value | Fault::Stop => format!("{path} {}", self.message),
            Fault::Sentence if path.is_empty() => self.0.message,
            Fault::Sentence => format!("{path}: {}", self.message),
        };
        WireError::new(Fault::Sentence, message, at)
    }
}

impl core::ops::Deref for WireError {
    type Target = Failure;
    fn deref(&self) -> &Failure {
        &self.0
    }
}

impl core::ops::DerefMut for WireError {
    fn deref_mut(&mut self) -> &mut Failure {
        &mut self.0
    }
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

/// [`to_json`] through a `dyn`: one copy of the writer's setup for every caller that writes a
/// whole value of its own type (the procedures' results).
#[inline(never)]
pub fn to_json_dyn(value: &dyn ToWire) -> String {
    to_json(value)
}

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
        self.0 = Some(T::read(r)?);
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
