//! The one error type of the crate.
//!
//! Every failure a caller can cause (bad notation, a die face that cannot be, a command out of
//! order, a tampered snapshot) becomes an [`Error`] with a stable [`ErrorCode`]. JavaScript
//! switches on the code string, so codes are never renamed once published; new ones may be added.

use core::fmt;
use serde::{Deserialize, Serialize};

/// Stable, machine-readable error codes. The serialized form (`SCREAMING_SNAKE_CASE`) is the
/// public contract, e.g. `"NOTATION_SYNTAX"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    // ---- dice ----
    /// The notation could not be parsed; `position` points at the offending character.
    NotationSyntax,
    /// The notation is well-formed but breaks a documented limit (dice count, sides, length…).
    NotationLimit,
    /// Notation divided by zero (`1/0`, or `1/(1d2-1)` when the die shows 1); `position` points
    /// at the `/`.
    DivisionByZero,
    /// A formula's `@path` has no value in the data given, or its value is not a whole number;
    /// `position` points at the `@`.
    NotationData,
    /// A supplied face is impossible for its die (a d6 showing 7).
    InvalidFace,
    /// More dice were rolled than faces were supplied.
    FacesExhausted,
    /// A seed or saved generator position is out of range.
    InvalidSeed,
    /// The operating system's random source failed.
    RandomUnavailable,
    // ---- general ----
    /// An argument is out of its documented range.
    InvalidArgument,
    /// An id names nothing that exists.
    UnknownId,
    /// An id is already taken.
    DuplicateId,
    /// The command is valid in general, but not in the current phase or turn.
    OutOfOrder,
    /// The rules forbid this action for this participant now.
    NotAllowed,
    /// A documented capacity limit was reached (participants, effects…).
    LimitExceeded,
    /// A snapshot or event could not be read: malformed, tampered, or from an unknown version.
    SnapshotInvalid,
    /// Data supplied by the user (homebrew conditions, tables) is invalid.
    InvalidData,
    /// A follower was sent a batch out of sequence (one was missed), or the batch led to a
    /// state whose digest differs from the leader's. Nothing changed; load the leader's
    /// snapshot and carry on from there.
    OutOfSync,
}

impl ErrorCode {
    /// The stable string form, identical to the serialized one.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::NotationSyntax => "NOTATION_SYNTAX",
            Self::NotationLimit => "NOTATION_LIMIT",
            Self::DivisionByZero => "DIVISION_BY_ZERO",
            Self::NotationData => "NOTATION_DATA",
            Self::InvalidFace => "INVALID_FACE",
            Self::FacesExhausted => "FACES_EXHAUSTED",
            Self::InvalidSeed => "INVALID_SEED",
            Self::RandomUnavailable => "RANDOM_UNAVAILABLE",
            Self::InvalidArgument => "INVALID_ARGUMENT",
            Self::UnknownId => "UNKNOWN_ID",
            Self::DuplicateId => "DUPLICATE_ID",
            Self::OutOfOrder => "OUT_OF_ORDER",
            Self::NotAllowed => "NOT_ALLOWED",
            Self::LimitExceeded => "LIMIT_EXCEEDED",
            Self::SnapshotInvalid => "SNAPSHOT_INVALID",
            Self::InvalidData => "INVALID_DATA",
            Self::OutOfSync => "OUT_OF_SYNC",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A failure with a stable code, a human-readable message and, for notation, the character
/// offset (in UTF-16 code units is *not* promised; it is a char index) where parsing stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Error {
    pub code: ErrorCode,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<usize>,
}

// The constructors stay out of line: errors are made on cold paths, and inlined, each of the
// many call sites with a fixed message carried its own copy of turning it into a `String`.
impl Error {
    #[inline(never)]
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            position: None,
        }
    }

    #[inline(never)]
    pub fn at(code: ErrorCode, position: usize, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            position: Some(position),
        }
    }

    #[inline(never)]
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidArgument, message)
    }

    #[cold]
    #[inline(never)]
    pub fn unknown_id(kind: &str, id: &str) -> Self {
        Self::new(ErrorCode::UnknownId, format!("no {kind} with id \"{id}\""))
    }

    pub fn out_of_order(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::OutOfOrder, message)
    }

    pub fn not_allowed(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotAllowed, message)
    }

    pub fn snapshot(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::SnapshotInvalid, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(p) => write!(f, "{}: {} (at {})", self.code, self.message, p),
            None => write!(f, "{}: {}", self.code, self.message),
        }
    }
}

impl std::error::Error for Error {}

/// The crate's result type.
pub type Result<T, E = Error> = core::result::Result<T, E>;
