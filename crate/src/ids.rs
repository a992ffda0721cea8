//! Identifiers and short texts: participants, sides, groups, world actions, names and labels.
//!
//! They live below every rules module (initiative, effects, the clock and the encounter all
//! name participants), so no lower layer has to import from the encounter.
//!
//! Ids travel between clients (events, snapshots), so each kind is its own validated newtype:
//! a participant id can never be passed where a side id is expected, and a tampered id (empty,
//! too long, control characters) is refused when it is read, not when it is used.

use core::fmt;
use std::cell::RefCell;
use std::collections::HashMap;
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

/// Hashing for the id lookups done per participant in every command and per id read
/// ([`reading_with_known`]). SipHash (std's default) guards against crafted collisions in large
/// maps; here a map holds at most `MAX_PARTICIPANTS` ids of at most `MAX_ID_LEN` characters,
/// made by the GM, so even ids built to collide cost at most a scan of a thousand short texts.
/// rustc-hash's Fx hash works in the target's word (32-bit multiplies in wasm, which has no
/// 64×64→128 multiply for foldhash's folded one): counted in the wasm, 1.8 % fewer instructions
/// per Greyhawk round and 3.5 % per follower replay than a fixed-seed foldhash, and 1.6 KB gzip
/// smaller (`scripts/bench/instructions.mjs`, session 24). Unseeded, so lookups are the same on
/// every client; no output depends on a map's iteration order (the shared vectors hold).
pub(crate) type IdHasher = rustc_hash::FxBuildHasher;
/// A map keyed by ids, with [`IdHasher`].
pub(crate) type IdMap<K, V> = HashMap<K, V, IdHasher>;

/// The participants a roll or a roll-off draw is for: nearly always one, kept inline, or the
/// members of a group roll. A 500-combatant round names each combatant in a roll and often in
/// a draw; a `Vec` allocated and freed a list for every one of them (issue 38).
pub type ParticipantIds = crate::lists::MostlyOne<ParticipantId>;

thread_local! {
    /// The ids of the object whose command or events are being read ([`reading_with_known`]).
    static KNOWN: RefCell<Option<Arc<IdMap<ParticipantId, usize>>>> = const { RefCell::new(None) };
}

/// Run `read` (reading a command or events for an encounter) with `known`, the encounter's own
/// participant ids, at hand: any text read meanwhile that equals one of them shares that id's
/// text instead of allocating a copy. A command names the encounter's participants over and
/// over (a 500-combatant `declareMany` names each once, a follower's events name them in
/// nearly every event), and the text is read before the encounter is consulted, so without
/// this each name cost an allocation, its later release, and a comparison of text where two
/// copies of one shared text compare by pointer. Only the allocation is saved: what is read
/// is the same text, checked the same way, whatever its kind.
pub(crate) fn reading_with_known<T>(
    known: &Arc<IdMap<ParticipantId, usize>>,
    read: impl FnOnce() -> T,
) -> T {
    let before = KNOWN.replace(Some(Arc::clone(known)));
    let out = read();
    KNOWN.set(before);
    out
}

/// Shared text for `text`: a known id's own when it is one ([`reading_with_known`]).
fn share(text: &str) -> SharedText {
    let known = KNOWN.with_borrow(|known| {
        known
            .as_ref()?
            .get_key_value(text)
            .map(|(id, _)| Arc::clone(&id.0))
    });
    match known {
        Some(text) => SharedText { text, known: true },
        None => SharedText {
            text: Arc::from(text),
            known: false,
        },
    }
}

/// An id or text as read, before its check: shared text made straight from what the reader
/// borrowed. Reading through `String` (what `serde(try_from = "String")` reads) allocated the
/// text twice, once for the `String` and once more for the `Arc<str>` it became, and ids are
/// most of what a `declareMany` command and a follower's events hold.
#[derive(Debug)]
pub struct SharedText {
    text: Arc<str>,
    /// The text is one of the encounter's own participant ids ([`reading_with_known`]), so it
    /// passed [`check_id`] when that participant was added, and passes every text newtype's
    /// check: an id is 1 to 40 letters, digits, `_`, `-`, `.` or `:`, which is never blank,
    /// never a control character and never longer than a name or a label may be. Its check is
    /// not run again (a follower's events name a known participant in nearly every event).
    known: bool,
}

impl SharedText {
    /// The text, checked with `check` unless it is a known id (see [`SharedText::known`]).
    fn checked(self, check: fn(&str) -> Result<()>) -> Result<Arc<str>> {
        if !self.known {
            check(&self.text)?;
        }
        Ok(self.text)
    }
}

impl crate::wire::FromWire for SharedText {
    fn read(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<Self> {
        Ok(share(&r.str()?))
    }
}

impl<'de> serde::Deserialize<'de> for SharedText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> core::result::Result<Self, D::Error> {
        String::deserialize(d).map(|s| Self {
            text: s.into(),
            known: false,
        })
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
                share(value).checked($check).map(Self)
            }
        }

        /// Looked up by its text: the derived `Hash`, `Eq` and `Ord` are the text's.
        impl core::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        /// The text as read, checked and kept without another copy.
        impl TryFrom<SharedText> for $name {
            type Error = Error;
            fn try_from(value: SharedText) -> Result<Self> {
                value.checked($check).map(Self)
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

    fn read<T: crate::wire::FromWire>(text: &str) -> Result<T> {
        crate::wire::from_json(text, "test", crate::error::ErrorCode::InvalidArgument)
    }

    /// Inside `reading_with_known`, text equal to a known id shares that id's text (read as a
    /// value, as a map key or by `try_from`); anything else, and everything outside, is a copy
    /// of its own. What is read and what is refused do not change.
    #[test]
    fn known_ids_lend_their_text_while_reading() {
        let hob = ParticipantId::new("hob-1").unwrap();
        let known: Arc<IdMap<ParticipantId, usize>> =
            Arc::new([(hob.clone(), 0)].into_iter().collect());
        let shares = |id: &ParticipantId| Arc::ptr_eq(&id.0, &hob.0);

        let (value, key, borrowed, other, side, bad) = reading_with_known(&known, || {
            (
                read::<ParticipantId>("\"hob-1\"").unwrap(),
                read::<std::collections::BTreeMap<ParticipantId, u8>>(r#"{"hob-1":1}"#)
                    .unwrap()
                    .into_keys()
                    .next()
                    .unwrap(),
                ParticipantId::try_from("hob-1").unwrap(),
                read::<ParticipantId>("\"hob-2\"").unwrap(),
                read::<SideId>("\"hob-1\"").unwrap(),
                read::<Name>("\" \"").unwrap_err(),
            )
        });
        assert!(shares(&value) && shares(&key) && shares(&borrowed));
        assert_eq!(value, hob);
        assert!(!shares(&other) && other.as_str() == "hob-2");
        // Another kind with the same text shares it too: the text is all that is shared.
        assert!(Arc::ptr_eq(&side.0, &hob.0) && side.as_str() == "hob-1");
        assert!(bad.message.contains("blank"), "{}", bad.message);

        // Nested reads restore the outer set; after the outermost, nothing is lent.
        let (innermost, inner) = reading_with_known(&known, || {
            let empty: Arc<IdMap<ParticipantId, usize>> = Arc::default();
            let innermost =
                reading_with_known(&empty, || read::<ParticipantId>("\"hob-1\"").unwrap());
            (innermost, read::<ParticipantId>("\"hob-1\"").unwrap())
        });
        assert!(!shares(&innermost) && shares(&inner));
        assert!(!shares(&read::<ParticipantId>("\"hob-1\"").unwrap()));
    }

    /// A known id's text is not checked again ([`SharedText::known`]). That is sound only if
    /// every valid participant id passes every text newtype's check: ids of each allowed
    /// character, of the shortest and the longest length, pass them all. And while ids are
    /// lent, text that is no known id is still checked as its kind.
    #[test]
    fn a_known_id_passes_every_kind_of_text_check() {
        let allowed: String = ('a'..='z')
            .chain('A'..='Z')
            .chain('0'..='9')
            .chain(['_', '-', '.', ':'])
            .collect();
        let mut ids: Vec<String> = allowed.chars().map(String::from).collect();
        ids.extend(
            allowed
                .as_bytes()
                .chunks(MAX_ID_LEN)
                .map(|c| String::from_utf8(c.to_vec()).unwrap()),
        );
        ids.push(":".repeat(MAX_ID_LEN));
        for id in &ids {
            check_id("participant", id).unwrap();
            check_text("name", id, MAX_NAME_LEN).unwrap();
            check_text("label", id, MAX_LABEL_LEN).unwrap();
        }

        let known: Arc<IdMap<ParticipantId, usize>> = Arc::new(
            ids.iter()
                .enumerate()
                .map(|(i, id)| (ParticipantId::new(id.as_str()).unwrap(), i))
                .collect(),
        );
        reading_with_known(&known, || {
            for id in &ids {
                let quoted = format!("\"{id}\"");
                assert_eq!(read::<Name>(&quoted).unwrap().as_str(), id);
                assert_eq!(read::<Label>(&quoted).unwrap().as_str(), id);
                assert_eq!(read::<SideId>(&quoted).unwrap().as_str(), id);
                assert_eq!(Name::try_from(id.as_str()).unwrap().as_str(), id);
            }
            assert!(read::<ParticipantId>("\"a b\"").is_err());
            assert!(read::<GroupId>("\"\"").is_err());
            assert!(read::<Name>("\"  \"").is_err());
            assert!(read::<Label>("\"x\\u0007\"").is_err());
            assert!(WorldActionId::try_from("x".repeat(MAX_ID_LEN + 1).as_str()).is_err());
        });
    }
}
