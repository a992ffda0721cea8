//! A set of participant ids as one sorted list: what the tracker keeps of who has started a
//! turn this round ([`super::Position::acted`]).
//!
//! # Why not a `BTreeSet`
//! A follower copies the tracker for every batch it applies (so a batch that fails leaves the
//! state as it was), and most batches (a turn ending, the next starting) then add one id. A
//! B-tree's copy allocates a node per eleven ids and its drop walks them; a sorted list is one
//! allocation and a count per id. The B-tree's set, its copy, its drop and its inserts were
//! about 7 % of a follower's instructions (`crate/examples/round_engine.rs apply`). The order,
//! the JSON and the digest are the B-tree's: ids in their `Ord` order, each once.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::ids::ParticipantId;
use crate::wire::{FromWire, Reader, ToWire, Writer};

/// Distinct participant ids, in order. Built from any list (sorted, duplicates dropped), so a
/// snapshot or a caller cannot make an unsorted one.
#[derive(Debug, PartialEq, Eq, Default)]
#[cfg_attr(test, derive(Hash))]
pub struct ParticipantSet(Vec<ParticipantId>);

/// Ids a copy can take before its list grows.
const HEADROOM: usize = 4;

/// A copy with room for a few more ids: a follower copies the set with the state for every
/// batch and most batches then add the id whose turn starts, so a copy sized to fit would grow
/// (allocate anew and move every id) almost every time. (The growth, its allocations and
/// moves, were a few per cent of a follower's instructions applying a recorded stream,
/// `crate/examples/round_engine.rs apply`.)
impl Clone for ParticipantSet {
    fn clone(&self) -> Self {
        if self.0.is_empty() {
            return Self::new();
        }
        let mut list = Vec::with_capacity(self.0.len().saturating_add(HEADROOM));
        list.extend_from_slice(&self.0);
        Self(list)
    }
}

impl ParticipantSet {
    /// An empty set.
    pub const fn new() -> Self {
        Self(Vec::new())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, id: &ParticipantId) -> bool {
        self.0.binary_search(id).is_ok()
    }

    /// Add `id`; `false` when it was there already (the set is unchanged).
    pub fn insert(&mut self, id: ParticipantId) -> bool {
        match self.0.binary_search(&id) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, id);
                true
            }
        }
    }

    /// Remove `id`; `false` when it was not there.
    pub fn remove(&mut self, id: &ParticipantId) -> bool {
        match self.0.binary_search(id) {
            Ok(at) => {
                self.0.remove(at);
                true
            }
            Err(_) => false,
        }
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Keep only the ids `keep` accepts (the order stays sorted).
    pub fn retain(&mut self, keep: impl FnMut(&ParticipantId) -> bool) {
        self.0.retain(keep);
    }

    /// The ids in order.
    pub fn iter(&self) -> std::slice::Iter<'_, ParticipantId> {
        self.0.iter()
    }

    /// The ids in order, as a slice.
    pub fn as_slice(&self) -> &[ParticipantId] {
        &self.0
    }
}

impl FromIterator<ParticipantId> for ParticipantSet {
    fn from_iter<I: IntoIterator<Item = ParticipantId>>(ids: I) -> Self {
        let mut list: Vec<ParticipantId> = ids.into_iter().collect();
        // The crate's one compiled sort (a sort of this type's own would add its code).
        crate::sorting::sort_by(&mut list, Ord::cmp);
        list.dedup();
        Self(list)
    }
}

impl<'a> IntoIterator for &'a ParticipantSet {
    type Item = &'a ParticipantId;
    type IntoIter = std::slice::Iter<'a, ParticipantId>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Serialize for ParticipantSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for ParticipantSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<ParticipantId>::deserialize(d).map(Self::from_iter)
    }
}

impl FromWire for ParticipantSet {
    fn read(r: &mut Reader<'_>) -> crate::wire::Result<Self> {
        Vec::<ParticipantId>::read(r).map(Self::from_iter)
    }
}

impl ToWire for ParticipantSet {
    fn write(&self, w: &mut Writer) {
        self.0.write(w);
    }
}

/// Fed as the B-tree set it replaced was (its length, then each id in order), so digests of
/// existing states are unchanged.
impl crate::Digestible for ParticipantSet {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.0.feed(d);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::Digestible;
    use crate::digest::Digester;

    fn id(s: &str) -> ParticipantId {
        ParticipantId::new(s).expect("id")
    }

    fn digest(v: &impl Digestible) -> String {
        let mut d = Digester::new();
        v.feed(&mut d);
        format!("{:?}", d.digest())
    }

    /// Any sequence of inserts, removals and retains leaves the same ids, in the same order,
    /// with the same JSON and digest as a `BTreeSet` given the same sequence.
    #[test]
    fn behaves_as_a_btree_set() {
        let names = ["c10", "c2", "a", "b", "c1", "zz", "c2", "a"];
        let mut set = ParticipantSet::new();
        let mut tree = BTreeSet::new();
        for (k, n) in names.iter().enumerate() {
            assert_eq!(set.insert(id(n)), tree.insert(id(n)), "insert {n}");
            if k == 5 {
                assert_eq!(set.remove(&id("b")), tree.remove(&id("b")));
                assert_eq!(set.remove(&id("nobody")), tree.remove(&id("nobody")));
            }
            assert_eq!(set.len(), tree.len());
            assert!(set.iter().eq(tree.iter()));
            assert_eq!(digest(&set), digest(&tree));
            assert_eq!(crate::wire::to_json(&set), crate::wire::to_json(&tree));
            assert_eq!(
                serde_json::to_string(&set).expect("json"),
                serde_json::to_string(&tree).expect("json")
            );
        }
        assert!(set.contains(&id("c10")) && !set.contains(&id("b")));
        set.retain(|p| p.as_str() != "zz");
        tree.retain(|p| p.as_str() != "zz");
        assert!(set.iter().eq(tree.iter()));
        set.clear();
        assert!(set.is_empty());
    }

    /// Read from any list (a hand-written snapshot), it is sorted and each id kept once, as
    /// the B-tree read it; both readers agree.
    #[test]
    fn reads_any_list_as_a_set() {
        let text = r#"["c3","c1","c3","b"]"#;
        let wire: ParticipantSet =
            crate::wire::from_json(text, "set", crate::error::ErrorCode::InvalidArgument)
                .expect("wire");
        let serde: ParticipantSet = serde_json::from_str(text).expect("serde");
        let tree: BTreeSet<ParticipantId> = serde_json::from_str(text).expect("tree");
        assert_eq!(wire, serde);
        assert!(wire.iter().eq(tree.iter()));
        assert_eq!(crate::wire::to_json(&wire), r#"["b","c1","c3"]"#);
        let bad = crate::wire::from_json::<ParticipantSet>(
            r#"["ok", 3]"#,
            "set",
            crate::error::ErrorCode::InvalidArgument,
        );
        assert!(bad.is_err());
    }
}
