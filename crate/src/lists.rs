//! Short lists kept without allocating: the lists a Greyhawk round makes hundreds of (a roll's
//! participants and dice, a declaration's activities, a unit's roll-off faces), nearly all one
//! or two items long.
//!
//! With a `Vec` for each, a 500-combatant round allocated and freed about 2,900 lists (the
//! allocator was a seventh of the round's time in the wasm). Replacing them takes 8 % off the
//! round's instructions and 4 % off a follower's replay (issue 38). `smallvec` did as much for
//! the round, but its growth and panic paths (with `Debug` formatting for an allocation
//! failure) made the core 5.1 KB gzip larger; these two types cost 3.8 KB, have no unsafe code
//! and no panics, and spill to a `Vec`, whose code the crate already has, when they overflow
//! (docs/records/benchmarks.md, session 26).
//!
//! Both read, write, compare, hash and digest exactly as a `Vec` of their items does, so the
//! JSON, the digests and the shared vectors are unchanged.

use core::fmt;
use core::ops::Deref;

use crate::digest::{Digester, Digestible};
use crate::wire::{FromWire, Reader, Result, ToWire, Writer};

/// A list of small `Copy` items, the first `N` kept inline (at most 255) and any beyond them
/// moved to the heap with the rest. Derefs to a slice.
#[derive(Clone)]
pub struct InlineList<T: Copy, const N: usize>(Inline<T, N>);

#[derive(Clone)]
enum Inline<T, const N: usize> {
    /// The first `len` of `items` are the list (the rest repeat the first item: filling the
    /// array with it needs no placeholder value of `T`).
    Here { len: u8, items: [T; N] },
    /// Empty and never pushed to (no allocation), or the list outgrew `N` once and stays here.
    Heap(Vec<T>),
}

impl<T: Copy, const N: usize> InlineList<T, N> {
    /// The inline capacity must fit the `u8` length (checked when the type is used).
    const FITS: () = assert!(
        N > 0 && N <= u8::MAX as usize,
        "an inline list holds 1 to 255 items"
    );

    /// An empty list (nothing allocated).
    pub const fn new() -> Self {
        let () = Self::FITS;
        InlineList(Inline::Heap(Vec::new()))
    }

    /// Add `item` at the end, moving the list to the heap when it outgrows `N`.
    #[inline]
    pub fn push(&mut self, item: T) {
        match &mut self.0 {
            Inline::Here { len, items } => {
                if let Some(slot) = items.get_mut(usize::from(*len)) {
                    *slot = item;
                    // `len < N <= 255` here, so this cannot overflow.
                    *len = len.saturating_add(1);
                    return;
                }
                let mut heap = Vec::with_capacity(N.saturating_mul(2));
                heap.extend_from_slice(items);
                heap.push(item);
                self.0 = Inline::Heap(heap);
            }
            Inline::Heap(v) if v.capacity() == 0 => {
                self.0 = Inline::Here {
                    len: 1,
                    items: [item; N],
                };
            }
            Inline::Heap(v) => v.push(item),
        }
    }

    /// Keep the first `n` items.
    pub fn truncate(&mut self, n: usize) {
        match &mut self.0 {
            Inline::Here { len, .. } => *len = (*len).min(u8::try_from(n).unwrap_or(u8::MAX)),
            Inline::Heap(v) => v.truncate(n),
        }
    }

    /// Remove every item.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// Whether the list has no items (a function of its own, for serde's and the wire
    /// derive's `skip_serializing_if`).
    pub fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    /// The items. Inlined where the list is read: calling it instead saved 0.6 KB gzip of
    /// the core and cost 5 % of a Greyhawk round's instructions (session 26).
    pub fn as_slice(&self) -> &[T] {
        match &self.0 {
            Inline::Here { len, items } => items.get(..usize::from(*len)).unwrap_or_default(),
            Inline::Heap(v) => v,
        }
    }
}

impl<T: Copy, const N: usize> Default for InlineList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy, const N: usize> Deref for InlineList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a InlineList<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Copy, const N: usize> FromIterator<T> for InlineList<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut list = Self::new();
        for item in iter {
            list.push(item);
        }
        list
    }
}

impl<T: Copy, const N: usize, const K: usize> From<[T; K]> for InlineList<T, N> {
    fn from(items: [T; K]) -> Self {
        items.into_iter().collect()
    }
}

/// A list nearly always one item long: that one item kept as it is, a `Vec` otherwise (none
/// or several). Derefs to a slice.
#[derive(Clone)]
pub struct MostlyOne<T>(One<T>);

#[derive(Clone)]
enum One<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> MostlyOne<T> {
    /// An empty list (nothing allocated).
    pub fn new() -> Self {
        MostlyOne(One::Many(Vec::new()))
    }

    /// A list of `item` alone.
    pub fn one(item: T) -> Self {
        MostlyOne(One::One(item))
    }

    /// Add `item` at the end.
    pub fn push(&mut self, item: T) {
        match &mut self.0 {
            One::Many(v) if !v.is_empty() => v.push(item),
            One::Many(_) => self.0 = One::One(item),
            One::One(_) => {
                if let One::One(first) = core::mem::replace(&mut self.0, One::Many(Vec::new())) {
                    self.0 = One::Many(vec![first, item]);
                }
            }
        }
    }

    /// Whether the list has no items.
    pub fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    /// The items (inlined, as [`InlineList::as_slice`]).
    pub fn as_slice(&self) -> &[T] {
        match &self.0 {
            One::One(item) => core::slice::from_ref(item),
            One::Many(v) => v,
        }
    }
}

impl<T> Default for MostlyOne<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Deref for MostlyOne<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<'a, T> IntoIterator for &'a MostlyOne<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T> FromIterator<T> for MostlyOne<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut list = Self::new();
        for item in iter {
            list.push(item);
        }
        list
    }
}

impl<T> From<Vec<T>> for MostlyOne<T> {
    fn from(mut items: Vec<T>) -> Self {
        match items.len() {
            1 => items.pop().map_or_else(Self::new, Self::one),
            _ => MostlyOne(One::Many(items)),
        }
    }
}

/// What both lists share with a `Vec` of their items: comparison, hashing, `Debug`, serde, the
/// wire codec and the digest all see the slice.
macro_rules! slice_like {
    ([$($gen:tt)*] $ty:ty) => {
        impl<$($gen)*> PartialEq for $ty where T: PartialEq {
            fn eq(&self, other: &Self) -> bool {
                self.as_slice() == other.as_slice()
            }
        }
        impl<$($gen)*> Eq for $ty where T: Eq {}
        impl<$($gen)*> core::hash::Hash for $ty where T: core::hash::Hash {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.as_slice().hash(state);
            }
        }
        impl<$($gen)*> fmt::Debug for $ty where T: fmt::Debug {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.as_slice()).finish()
            }
        }
        impl<$($gen)*> serde::Serialize for $ty where T: serde::Serialize {
            fn serialize<S: serde::Serializer>(&self, s: S) -> core::result::Result<S::Ok, S::Error> {
                s.collect_seq(self.as_slice())
            }
        }
        impl<'de, $($gen)*> serde::Deserialize<'de> for $ty where T: serde::Deserialize<'de> {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> core::result::Result<Self, D::Error> {
                Vec::<T>::deserialize(d).map(|v| v.into_iter().collect())
            }
        }
        impl<$($gen)*> FromWire for $ty where T: FromWire {
            fn read(r: &mut Reader<'_>) -> Result<Self> {
                let mut out = Self::new();
                r.items(|r| {
                    out.push(T::read(r)?);
                    Ok(())
                })?;
                Ok(out)
            }
        }
        impl<$($gen)*> ToWire for $ty where T: ToWire {
            fn write(&self, w: &mut Writer) {
                self.as_slice().write(w);
            }
        }
        impl<$($gen)*> Digestible for $ty where T: Digestible {
            #[inline]
            fn feed(&self, d: &mut Digester) {
                self.as_slice().feed(d);
            }
        }
    };
}

slice_like!([T: Copy, const N: usize] InlineList<T, N>);
slice_like!([T] MostlyOne<T>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inline_list_spills_to_the_heap_and_keeps_its_order() {
        let mut list: InlineList<u32, 2> = InlineList::new();
        assert!(list.is_empty());
        for i in 0..5 {
            list.push(i);
        }
        assert_eq!(list.as_slice(), [0, 1, 2, 3, 4]);
        list.truncate(3);
        assert_eq!(list.as_slice(), [0, 1, 2]);
        let short: InlineList<u32, 2> = [7, 8].into_iter().collect();
        let mut cut = short.clone();
        cut.truncate(1);
        assert_eq!(cut.as_slice(), [7]);
        assert_eq!(short.as_slice(), [7, 8]);
        // Equal whether inline or spilled.
        let mut spilled: InlineList<u32, 2> = [7, 8, 9].into_iter().collect();
        spilled.truncate(2);
        assert_eq!(spilled, short);
    }

    #[test]
    fn mostly_one_holds_none_one_or_many() {
        let mut list: MostlyOne<String> = MostlyOne::new();
        assert!(list.is_empty());
        list.push("a".into());
        assert_eq!(list, MostlyOne::one("a".to_string()));
        list.push("b".into());
        list.push("c".into());
        assert_eq!(list.as_slice(), ["a", "b", "c"]);
        assert_eq!(MostlyOne::from(vec![1]), MostlyOne::one(1));
        assert_eq!(MostlyOne::from(vec![1, 2]).as_slice(), [1, 2]);
        assert_eq!(MostlyOne::<u8>::from(vec![]).len(), 0);
    }

    #[test]
    fn both_read_write_and_digest_as_a_vec_does() {
        let inline: InlineList<u32, 2> = [3, 1, 4].into_iter().collect();
        let vec = vec![3u32, 1, 4];
        assert_eq!(crate::wire::to_json(&inline), crate::wire::to_json(&vec));
        assert_eq!(serde_json::to_string(&inline).unwrap(), "[3,1,4]");
        let read: InlineList<u32, 2> =
            crate::wire::from_json("[3,1,4]", "list", crate::error::ErrorCode::InvalidArgument)
                .unwrap();
        assert_eq!(read, inline);
        let digest = |v: &dyn Fn(&mut Digester)| {
            let mut d = Digester::new();
            v(&mut d);
            d.digest()
        };
        assert_eq!(digest(&|d| inline.feed(d)), digest(&|d| vec.feed(d)));
        let one = MostlyOne::one(5u32);
        assert_eq!(crate::wire::to_json(&one), "[5]");
        assert_eq!(digest(&|d| one.feed(d)), digest(&|d| vec![5u32].feed(d)));
        let back: MostlyOne<u32> = serde_json::from_str("[5]").unwrap();
        assert_eq!(back, one);
    }
}
