//! Identifiers used by the effect tracker.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Error, Result};

/// Longest participant id, in bytes.
pub const MAX_PARTICIPANT_ID_LEN: usize = 64;

/// A participant in an encounter (the encounter module issues these; the tracker only compares
/// them). 1 to [`MAX_PARTICIPANT_ID_LEN`] bytes, no control characters.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "wasm", tsify(type = "string"))]
pub struct ParticipantId(String);

impl ParticipantId {
    /// Validate and wrap an id.
    pub fn new(id: impl Into<String>) -> Result<Self> {
        let id: String = id.into();
        if id.is_empty() || id.len() > MAX_PARTICIPANT_ID_LEN || id.chars().any(char::is_control) {
            return Err(Error::invalid_argument(format!(
                "participant id must be 1 to {MAX_PARTICIPANT_ID_LEN} bytes without control characters (got {} bytes)",
                id.len()
            )));
        }
        Ok(Self(id))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ParticipantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl fmt::Display for ParticipantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<&str> for ParticipantId {
    type Error = Error;
    fn try_from(value: &str) -> Result<Self> {
        Self::new(value)
    }
}

impl Serialize for ParticipantId {
    fn serialize<S: Serializer>(&self, s: S) -> core::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ParticipantId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> core::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::new(s).map_err(|e| serde::de::Error::custom(e.message))
    }
}

/// An active effect's id, issued by the tracker in application order (so clients applying the
/// same commands issue the same ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EffectId(pub u32);

impl fmt::Display for EffectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
