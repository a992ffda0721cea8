//! Condition identifiers and the documented limits on condition data.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Error, ErrorCode, Result};

/// Longest condition id, in bytes.
pub const MAX_CONDITION_ID_LEN: usize = 48;
/// Longest condition name, in characters.
pub const MAX_CONDITION_NAME_LEN: usize = 80;
/// Longest free-text note on a condition, in characters.
pub const MAX_CONDITION_NOTES_LEN: usize = 1000;
/// Most homebrew conditions one catalog holds.
pub const MAX_HOMEBREW_CONDITIONS: usize = 256;
/// Most effects one condition lists.
pub const MAX_EFFECTS_PER_CONDITION: usize = 32;
/// Most ids in one condition's `implies`, `immuneIfImmuneTo` or `suppresses` list.
pub const MAX_LINKS_PER_CONDITION: usize = 16;
/// Largest homebrew JSON document accepted, in bytes.
pub const MAX_HOMEBREW_JSON_BYTES: usize = 256 * 1024;
/// Largest magnitude of a flat roll or AC modifier.
pub const MAX_FLAT_MODIFIER: i32 = 20;
/// Largest distance or speed named in condition data, in feet.
pub const MAX_FEET: u32 = 1000;
/// Most conditions one creature can be queried with at once.
pub const MAX_ACTIVE_CONDITIONS: usize = 64;

/// The id of a condition: 1 to [`MAX_CONDITION_ID_LEN`] characters from `a-z`, `0-9`, `-` and
/// `_`, starting with a letter or digit (e.g. `"poisoned"`, `"hexed-2"`). Ids are stable keys in
/// snapshots and events, so they are kept plain.
///
/// In TypeScript it is the union of the built-in ids (editors offer them as you type, and a typo
/// such as `"frightend"` does not type-check) with a branded string for homebrew ids, which the
/// facade's `homebrewCondition("hexed")` makes; `builtin_ids_match_the_typescript_union` keeps
/// the list in step with the catalogue.
#[derive(Clone, PartialEq, Eq, crate::Digestible, PartialOrd, Ord)]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
#[cfg_attr(
    feature = "wasm-base",
    tsify(
        type = "\"agonized\" | \"amnesiac\" | \"blinded\" | \"bloodied\" | \"charmed\" | \"confused\" | \"deafened\" | \"doomed\" | \"encumbered\" | \"enervated\" | \"enraged\" | \"frightened\" | \"fixated\" | \"grappled\" | \"incapacitated\" | \"invisible\" | \"manic\" | \"paralyzed\" | \"petrified\" | \"placid\" | \"poisoned\" | \"prone\" | \"rattled\" | \"restrained\" | \"slowed\" | \"stunned\" | \"unconscious\" | \"corruption\" | \"helpless\" | \"retreating\" | (string & { readonly __homebrew: \"condition\" })"
    )
)]
#[cfg_attr(test, derive(Hash))]
pub struct ConditionId(Cow<'static, str>);

impl ConditionId {
    /// Validate and wrap an id.
    pub fn new(id: impl Into<String>) -> Result<Self> {
        let id: String = id.into();
        check_id(&id)?;
        Ok(Self(Cow::Owned(id)))
    }
    /// A built-in id (not validated at compile time; the catalog tests validate every one).
    pub(crate) const fn builtin(id: &'static str) -> Self {
        Self(Cow::Borrowed(id))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn check_id(id: &str) -> Result<()> {
    let ok_len = !id.is_empty() && id.len() <= MAX_CONDITION_ID_LEN;
    let ok_chars = id
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    let ok_first = id
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    if ok_len && ok_chars && ok_first {
        Ok(())
    } else {
        Err(Error::new(
            ErrorCode::InvalidArgument,
            format!(
                "condition id \"{}\" is invalid: use 1 to {MAX_CONDITION_ID_LEN} characters from a-z, 0-9, '-' and '_', starting with a letter or digit",
                id.chars().take(64).collect::<String>()
            ),
        ))
    }
}

impl fmt::Debug for ConditionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for ConditionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl TryFrom<&str> for ConditionId {
    type Error = Error;
    fn try_from(value: &str) -> Result<Self> {
        Self::new(value)
    }
}

impl Serialize for ConditionId {
    fn serialize<S: Serializer>(&self, s: S) -> core::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl crate::wire::ToWire for ConditionId {
    fn write(&self, w: &mut crate::wire::Writer) {
        w.str(self.as_str());
    }
}

impl crate::wire::FromWire for ConditionId {
    fn read(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<Self> {
        let s = r.str()?;
        Self::new(&*s).map_err(|e| r.custom(e.message))
    }
}

impl crate::wire::impls::WireKey for ConditionId {
    fn to_key(&self) -> std::borrow::Cow<'_, str> {
        std::borrow::Cow::Borrowed(self.as_str())
    }
    fn from_key(key: &str) -> core::result::Result<Self, String> {
        Self::new(key).map_err(|e| e.message)
    }
}

impl<'de> Deserialize<'de> for ConditionId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> core::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::new(s).map_err(|e| serde::de::Error::custom(e.message))
    }
}
