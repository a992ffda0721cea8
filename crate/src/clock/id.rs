//! Identifiers for things the clock and a journey track (light sources, supplies, members).

use core::fmt;

use crate::error::{Error, Result};

/// Longest id accepted, in bytes.
pub const MAX_ID_LEN: usize = 64;

/// A caller-chosen id: 1–64 characters of ASCII letters, digits, `-`, `_`, `.` or `:`.
/// Validated on construction and on deserialization, so a snapshot cannot smuggle in junk.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[serde(try_from = "String", into = "String")]
pub struct Ident(String);

impl Ident {
    pub fn new(s: impl Into<String>) -> Result<Ident> {
        let s = s.into();
        if s.is_empty() || s.len() > MAX_ID_LEN {
            return Err(Error::invalid_argument(format!(
                "an id must be 1 to {MAX_ID_LEN} characters long"
            )));
        }
        if !s
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
        {
            // Quoted as `{:?}` would, without the standard library's tables of printable
            // characters that `escape_debug` brings (crate/src/text/quote.rs).
            return Err(Error::invalid_argument(format!(
                "id {} may only hold letters, digits, '-', '_', '.' and ':'",
                crate::text::quote::quoted(&s, '"')
            )));
        }
        Ok(Ident(s))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Ident {
    type Error = Error;
    fn try_from(s: String) -> Result<Self> {
        Ident::new(s)
    }
}

impl From<Ident> for String {
    fn from(i: Ident) -> Self {
        i.0
    }
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Display names and labels use the encounter's validated text type (1–MAX characters, not
/// blank, no control characters).
pub use crate::ids::Label;
