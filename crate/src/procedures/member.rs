//! Ids naming the members of a group that rolls (chasers, creatures checking morale), and keys
//! naming sides and groups.

use crate::error::{Error, Result};
use crate::procedures::limits::MAX_ID_LEN;

/// A caller-chosen id for one participant (a PC, a monster, a group of monsters).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(transparent)]
pub struct MemberId(pub String);

impl MemberId {
    pub fn new(id: impl Into<String>) -> Self {
        Self(id.into())
    }

    /// Non-empty and at most [`MAX_ID_LEN`] bytes.
    pub fn validate(&self) -> Result<()> {
        if self.0.is_empty() || self.0.len() > MAX_ID_LEN {
            return Err(Error::invalid_argument(format!(
                "an id must have 1 to {MAX_ID_LEN} bytes"
            )));
        }
        Ok(())
    }
}

/// A caller-chosen key naming a side or a group of creatures of one type.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(transparent)]
pub struct GroupKey(pub String);

impl GroupKey {
    pub fn new(key: impl Into<String>) -> Self {
        Self(key.into())
    }

    /// Non-empty and at most [`MAX_ID_LEN`] bytes.
    pub fn validate(&self) -> Result<()> {
        if self.0.is_empty() || self.0.len() > MAX_ID_LEN {
            return Err(Error::invalid_argument(format!(
                "a group key must have 1 to {MAX_ID_LEN} bytes"
            )));
        }
        Ok(())
    }
}

impl From<&str> for GroupKey {
    fn from(s: &str) -> Self {
        Self(s.to_owned())
    }
}

impl From<&str> for MemberId {
    fn from(s: &str) -> Self {
        Self(s.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_bounded() {
        assert!(MemberId::new("rath").validate().is_ok());
        assert!(MemberId::new("").validate().is_err());
        assert!(
            MemberId::new("x".repeat(MAX_ID_LEN + 1))
                .validate()
                .is_err()
        );
    }
}
