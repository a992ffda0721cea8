//! Identifiers and short texts: participants, sides, groups, world actions, names and labels.
//!
//! They live below every rules module (initiative, effects, the clock and the encounter all
//! name participants), so no lower layer has to import from the encounter.
//!
//! Ids travel between clients (events, snapshots), so each kind is its own validated newtype:
//! a participant id can never be passed where a side id is expected, and a tampered id (empty,
//! too long, control characters) is refused when it is read, not when it is used.

use core::fmt;
use std::sync::Arc;

use serde::Serialize;

use crate::error::{Error, Result};

/// Longest id (participant, side, group, world action), in characters.
pub const MAX_ID_LEN: usize = 40;
/// Longest display name, in characters.
pub const MAX_NAME_LEN: usize = 80;
/// Longest free label (a Ready trigger, a skill name), in characters.
pub const MAX_LABEL_LEN: usize = 120;

fn check_id(kind: &str, s: &str) -> Result<()> {
    if s.is_empty() || s.chars().count() > MAX_ID_LEN {
        return Err(Error::invalid_argument(format!(
            "a {kind} id must have 1 to {MAX_ID_LEN} characters, not \"{}\"",
            s.chars().take(MAX_ID_LEN).collect::<String>()
        )));
    }
    if let Some(bad) = s
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')))
    {
        // Quoted as `{:?}` would, without the standard library's tables of printable
        // characters that `Debug` for `char` brings (crate/src/text/quote.rs).
        return Err(Error::invalid_argument(format!(
            "a {kind} id may use letters, digits, '_', '-', '.' and ':' only; \"{s}\" has {}",
            crate::text::quote::quoted(bad.encode_utf8(&mut [0; 4]), '\'')
        )));
    }
    Ok(())
}

fn check_text(kind: &str, s: &str, max: usize) -> Result<()> {
    let len = s.chars().count();
    if s.trim().is_empty() || len > max {
        return Err(Error::invalid_argument(format!(
            "a {kind} must have 1 to {max} characters and not be blank"
        )));
    }
    if s.chars().any(char::is_control) {
        return Err(Error::invalid_argument(format!(
            "a {kind} may not contain control characters"
        )));
    }
    Ok(())
}

/// An id or text as read, before its check: shared text made straight from what the reader
/// borrowed. Reading through `String` (what `serde(try_from = "String")` reads) allocated the
/// text twice, once for the `String` and once more for the `Arc<str>` it became, and ids are
/// most of what a `declareMany` command and a follower's events hold.
#[derive(Debug)]
pub struct SharedText(Arc<str>);

impl crate::wire::FromWire for SharedText {
    fn read(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<Self> {
        Ok(Self(Arc::from(&*r.str()?)))
    }
}

impl<'de> serde::Deserialize<'de> for SharedText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> core::result::Result<Self, D::Error> {
        String::deserialize(d).map(|s| Self(s.into()))
    }
}

macro_rules! text_newtype {
    ($(#[$doc:meta])* $name:ident, $kind:literal, $check:expr) => {
        $(#[$doc])*
        ///
        /// Shared text (`Arc<str>`): ids are copied into events, orders and working copies
        /// many times per command, and a copy is then a counter bump, not an allocation.
        #[crate::boundary(state, input)]
        // Equality is the text's (`PartialEq` below only skips reading it for two copies of
        // one text), so the derived hash of the text agrees with it.
        #[allow(clippy::derived_hash_with_manual_eq)]
        #[derive(Debug, Clone, PartialOrd, Ord, Hash)]
        #[serde(try_from = "SharedText")]
        #[cfg_attr(feature = "wasm-base", tsify(type = "string"))]
        pub struct $name(Arc<str>);

        /// Equal text. Two copies of one shared text are equal without reading it: commands
        /// and events name a participant by a copy of its own id nearly every time, and a
        /// round compares a thousand of them (the standard library's `Arc` compares the text).
        impl PartialEq for $name {
            #[inline]
            fn eq(&self, other: &Self) -> bool {
                Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
            }
        }

        impl Eq for $name {}

        impl $name {
            /// Validate and wrap.
            pub fn new(value: impl Into<String>) -> Result<Self> {
                let value = value.into();
                let check: fn(&str) -> Result<()> = $check;
                check(&value)?;
                Ok(Self(value.into()))
            }
            pub fn as_str(&self) -> &str {
                &self.0
            }
            /// Validate and share borrowed text: one allocation, where [`Self::new`] of a
            /// `&str` makes a `String` first.
            fn from_borrowed(value: &str) -> Result<Self> {
                let check: fn(&str) -> Result<()> = $check;
                check(value)?;
                Ok(Self(value.into()))
            }
        }

        /// The text as read, checked and kept without another copy.
        impl TryFrom<SharedText> for $name {
            type Error = Error;
            fn try_from(value: SharedText) -> Result<Self> {
                let check: fn(&str) -> Result<()> = $check;
                check(&value.0)?;
                Ok(Self(value.0))
            }
        }

        impl TryFrom<String> for $name {
            type Error = Error;
            fn try_from(value: String) -> Result<Self> {
                Self::new(value)
            }
        }

        impl TryFrom<&str> for $name {
            type Error = Error;
            fn try_from(value: &str) -> Result<Self> {
                Self::from_borrowed(value)
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> String {
                value.0.as_ref().to_owned()
            }
        }

        /// Written as a plain string, without the copy `serde(into)` would make.
        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(
                &self,
                serializer: S,
            ) -> core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl crate::wire::ToWire for $name {
            fn write(&self, w: &mut crate::wire::Writer) {
                w.str(&self.0);
            }
        }

        impl crate::wire::impls::WireKey for $name {
            fn to_key(&self) -> std::borrow::Cow<'_, str> {
                std::borrow::Cow::Borrowed(&self.0)
            }
            fn from_key(key: &str) -> core::result::Result<Self, String> {
                Self::from_borrowed(key).map_err(|e| e.message)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

text_newtype!(
    /// A participant's id, unique within an encounter.
    ParticipantId,
    "participant",
    |s| check_id("participant", s)
);
text_newtype!(
    /// A side (party, foes, a third faction…). OSE rolls initiative per side (OSE-INIT-01).
    SideId,
    "side",
    |s| check_id("side", s)
);
text_newtype!(
    /// A group of identical creatures: Greyhawk group rolls (GH-INIT-11), A5E groups commanded
    /// together (A5E-CTRL-02).
    GroupId,
    "group",
    |s| check_id("group", s)
);
text_newtype!(
    /// A world action's id (A5E-WORLD-01).
    WorldActionId,
    "world action",
    |s| check_id("world action", s)
);
text_newtype!(
    /// A display name (participant, world action).
    Name,
    "name",
    |s| check_text("name", s, MAX_NAME_LEN)
);
text_newtype!(
    /// A short free text: a readied action's trigger, a skill named in a check.
    Label,
    "label",
    |s| check_text("label", s, MAX_LABEL_LEN)
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_validated() {
        assert!(ParticipantId::new("hob-3").is_ok());
        assert!(ParticipantId::new("").is_err());
        assert!(ParticipantId::new("a b").is_err());
        assert!(ParticipantId::new("x".repeat(MAX_ID_LEN + 1)).is_err());
        assert!(Name::new("  ").is_err());
        assert!(Name::new("Rath\u{7}").is_err());
        assert!(serde_json::from_str::<SideId>("\"\"").is_err());
        assert_eq!(
            serde_json::to_string(&SideId::new("party").unwrap()).unwrap(),
            "\"party\""
        );
    }
}
