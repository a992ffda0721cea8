//! The state digest: a 64-bit fingerprint of everything an event-sourced object holds, fed
//! field by field through [`Digestible`], in an encoding of our own (written down below and in
//! `docs/digest.md`).
//!
//! Why not a hash of the snapshot's JSON: writing a 500-participant encounter as JSON takes
//! hundreds of microseconds, and a digest is taken after every command. Walking the fields
//! costs a few nanoseconds each.
//!
//! Why our own encoding and mixing, not `std::hash` or a crate's: the digest must never change.
//! Leader and followers compare digests, and snapshots store one as their checksum, so a saved
//! game from one build must verify in every later build. `std::hash::Hash` promises no stable
//! byte stream (how derived enums, strings and slices are written is the standard library's
//! choice), so nothing here goes through it.
//!
//! # The encoding, version 1 ([`ENCODING`])
//!
//! A value becomes a sequence of 64-bit words; each word is folded into the state `h` by
//! `h ← (rotl(h, 5) ⊕ w) · K`. That step is a bijection of `h` for a fixed word and of the word
//! for a fixed `h`, so changing any single value always changes the digest; other edits are
//! caught with probability 1 − 2⁻⁶⁴.
//!
//! - `u8`, `u16`, `u32`, `u64`, `usize`: one word, the value zero-extended (`usize` is always
//!   64 bits wide here, so a 32-bit wasm client and a 64-bit native one agree).
//! - `i8`, `i16`, `i32`, `i64`, `isize`: one word, the value sign-extended (two's complement).
//! - `bool`: one word, 0 or 1. `char`: one word, its code point.
//! - A run of bytes: the bytes in groups of eight, each group one little-endian word (the
//!   last group padded with zero bytes), then the number of bytes as one word.
//! - `str` and `String`: the UTF-8 bytes as a run of bytes, then the word `0xff`.
//! - A sequence (`[T]`, `[T; N]`, `Vec<T>`): its length as one word, then its elements. The
//!   elements of a sequence of integers are packed instead: each element's little-endian bytes
//!   at its own width (1, 2, 4 or 8; 8 for `usize` and `isize`), all of them as one run of
//!   bytes. A sequence of anything else feeds its elements one after another.
//! - `BTreeMap<K, V>`: the number of entries as one word, then each key and its value, in
//!   key order. `BTreeSet<T>`: the number of elements, then each element in order.
//! - `Option<T>`: `None` is the word 0; `Some(v)` is the word 1, then `v`.
//! - Tuples: their elements in order; `()` feeds nothing.
//! - `&T`, `Box<T>`, `Arc<T>`, `Cow<T>`: as `T`.
//! - Structs (`#[derive(Digestible)]`): their fields in declaration order; a newtype is its
//!   one field, a unit struct feeds nothing.
//! - Enums (`#[derive(Digestible)]`): with two or more variants, the variant's discriminant
//!   (0, 1, 2… in declaration order unless given) as a signed word, then its fields in order;
//!   with one variant, its fields only.
//!
//! A type may feed a field only when it differs from its default (hand-written impls beside
//! their types do this for fields added later, so the digests of states that never use them
//! stay what they were). The digest is the state after the last word, through a bijective
//! finaliser.
//!
//! These are exactly the words `derive(Hash)` and the standard library fed to our mixing
//! before the encoding was ours (on the compilers up to 1.95), which is why the digests and
//! checksums written then still verify: `crate/tests/digest_pinned.rs` pins some, and
//! `digest_oracle` (a test) replays random states through a copy of that old path and compares.
//!
//! If the encoding ever has to change, the snapshot envelope's version names the encoding its
//! checksum was taken with: version 2 (`engine::saved::SAVED_VERSION`) means encoding 1. A new
//! encoding needs a new envelope version, and this one kept to verify version 2.

use core::fmt;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// `#[derive(Digestible)]` (the derive shares the trait's name, as serde's do).
pub use turnkeeper_derive::Digestible;

/// The version of the encoding above. Snapshot envelopes of version 2 are checksummed with it.
pub const ENCODING: u32 = 1;

/// An odd multiplier (2⁶⁴ / φ), so multiplying is a bijection.
const K: u64 = 0x9e37_79b9_7f4a_7c15;

/// Feeds values into a [`Digest`].
#[derive(Debug, Clone)]
pub struct Digester {
    h: u64,
}

impl Default for Digester {
    fn default() -> Self {
        Self::new()
    }
}

impl Digester {
    pub fn new() -> Self {
        Self {
            h: 0x243f_6a88_85a3_08d3,
        }
    }

    /// Fold in one word (what every value comes down to).
    #[inline]
    pub fn word(&mut self, w: u64) {
        self.h = (self.h.rotate_left(5) ^ w).wrapping_mul(K);
    }

    /// Fold in a run of bytes: eight at a time as little-endian words, the rest zero-padded,
    /// then the count. Out of line: inlined, it was copied into some thirty feeds.
    #[inline(never)]
    pub fn bytes(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.word(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            for (slot, b) in word.iter_mut().zip(rest) {
                *slot = *b;
            }
            self.word(u64::from_le_bytes(word));
        }
        self.word(bytes.len() as u64);
    }

    /// Fold in any value that has an encoding.
    #[inline]
    pub fn add<T: Digestible + ?Sized>(&mut self, value: &T) -> &mut Self {
        value.feed(self);
        self
    }

    /// The digest (a bijective finaliser spreads every bit of the state over every bit).
    pub fn digest(&self) -> Digest {
        let mut z = self.h;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Digest(z ^ (z >> 31))
    }
}

/// A value with an encoding in the state digest (see the module docs). Derive it with
/// `#[derive(crate::Digestible)]`; write it by hand only to leave out a field that
/// keeps its default, and say why beside the impl.
pub trait Digestible {
    /// Feed the value's words into `d`.
    fn feed(&self, d: &mut Digester);

    /// Feed a sequence's elements (its length is already in): one after another, unless the
    /// type packs them (integers do, as one run of bytes).
    #[inline]
    fn feed_all(items: &[Self], d: &mut Digester)
    where
        Self: Sized,
    {
        for item in items {
            item.feed(d);
        }
    }
}

/// Packs integers' little-endian bytes into words for [`Digestible::feed_all`]; every width
/// divides eight, so no integer straddles two words.
struct Packer {
    word: u64,
    filled: u32,
    total: u64,
}

impl Packer {
    fn new() -> Self {
        Self {
            word: 0,
            filled: 0,
            total: 0,
        }
    }

    /// Add `bits` (the integer's bytes as an unsigned number) of `width` bytes.
    #[inline]
    fn push(&mut self, d: &mut Digester, bits: u64, width: u32) {
        self.word |= bits << (8 * self.filled);
        self.filled += width;
        self.total += u64::from(width);
        if self.filled == 8 {
            d.word(self.word);
            self.word = 0;
            self.filled = 0;
        }
    }

    fn finish(self, d: &mut Digester) {
        if self.filled != 0 {
            d.word(self.word);
        }
        d.word(self.total);
    }
}

/// Integers: one word each; in a sequence, their little-endian bytes at `$width` as one run.
/// `$bits` turns a value into its bytes as an unsigned number, `$word` into its word.
macro_rules! integers {
    ($($t:ty => $width:literal, |$v:ident| $bits:expr, $word:expr;)*) => {$(
        impl Digestible for $t {
            #[inline]
            fn feed(&self, d: &mut Digester) {
                let $v = *self;
                d.word($word);
            }

            fn feed_all(items: &[Self], d: &mut Digester) {
                let mut p = Packer::new();
                for &$v in items {
                    p.push(d, $bits, $width);
                }
                p.finish(d);
            }
        }
    )*};
}

integers! {
    u16 => 2, |v| u64::from(v), u64::from(v);
    u32 => 4, |v| u64::from(v), u64::from(v);
    u64 => 8, |v| v, v;
    usize => 8, |v| v as u64, v as u64;
    i8 => 1, |v| u64::from(v as u8), i64::from(v) as u64;
    i16 => 2, |v| u64::from(v as u16), i64::from(v) as u64;
    i32 => 4, |v| u64::from(v as u32), i64::from(v) as u64;
    i64 => 8, |v| v as u64, v as u64;
    isize => 8, |v| v as i64 as u64, v as i64 as u64;
}

impl Digestible for u8 {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        d.word(u64::from(*self));
    }

    fn feed_all(items: &[Self], d: &mut Digester) {
        d.bytes(items);
    }
}

impl Digestible for bool {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        d.word(u64::from(*self));
    }
}

impl Digestible for char {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        d.word(u64::from(u32::from(*self)));
    }
}

impl Digestible for str {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        d.bytes(self.as_bytes());
        d.word(0xff);
    }
}

impl Digestible for String {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        self.as_str().feed(d);
    }
}

impl<T: Digestible> Digestible for [T] {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        d.word(self.len() as u64);
        T::feed_all(self, d);
    }
}

impl<T: Digestible, const N: usize> Digestible for [T; N] {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        self.as_slice().feed(d);
    }
}

impl<T: Digestible> Digestible for Vec<T> {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        self.as_slice().feed(d);
    }
}

impl<K: Digestible, V: Digestible> Digestible for BTreeMap<K, V> {
    fn feed(&self, d: &mut Digester) {
        d.word(self.len() as u64);
        for (k, v) in self {
            k.feed(d);
            v.feed(d);
        }
    }
}

impl<T: Digestible> Digestible for BTreeSet<T> {
    fn feed(&self, d: &mut Digester) {
        d.word(self.len() as u64);
        for item in self {
            item.feed(d);
        }
    }
}

impl<T: Digestible> Digestible for Option<T> {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        match self {
            None => d.word(0),
            Some(v) => {
                d.word(1);
                v.feed(d);
            }
        }
    }
}

impl<T: Digestible + ?Sized> Digestible for &T {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        (**self).feed(d);
    }
}

impl<T: Digestible + ?Sized> Digestible for Box<T> {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        (**self).feed(d);
    }
}

impl<T: Digestible + ?Sized> Digestible for Arc<T> {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        (**self).feed(d);
    }
}

impl<T: Digestible + ToOwned + ?Sized> Digestible for Cow<'_, T> {
    #[inline]
    fn feed(&self, d: &mut Digester) {
        (**self).feed(d);
    }
}

impl Digestible for () {
    #[inline]
    fn feed(&self, _: &mut Digester) {}
}

macro_rules! tuples {
    ($(($($name:ident),+))*) => {$(
        impl<$($name: Digestible),+> Digestible for ($($name,)+) {
            #[inline]
            #[allow(non_snake_case)]
            fn feed(&self, d: &mut Digester) {
                let ($($name,)+) = self;
                $( $name.feed(d); )+
            }
        }
    )*};
}

tuples! {
    (A)
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
}

/// A state's 64-bit fingerprint, written as 16 lowercase hex digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digest(pub u64);

impl Digest {
    /// Read the 16-hex-digit form.
    pub fn parse(text: &str) -> Option<Digest> {
        if text.len() != 16
            || !text
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        {
            return None;
        }
        u64::from_str_radix(text, 16).ok().map(Digest)
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl crate::wire::ToWire for Digest {
    fn write(&self, w: &mut crate::wire::Writer) {
        w.str(&self.to_string());
    }
}

impl crate::wire::FromWire for Digest {
    fn read(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<Self> {
        let text = r.str()?;
        Digest::parse(&text).ok_or_else(|| r.error("expected a digest of 16 lowercase hex digits"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of<T: Digestible + ?Sized>(v: &T) -> Digest {
        Digester::new().add(v).digest()
    }

    #[test]
    fn the_digest_is_fixed_forever() {
        // Leaders, followers and stored snapshots compare these: a change here breaks them all.
        assert_eq!(of(&0u32).to_string(), of(&0u64).to_string());
        assert_eq!(of(&(3usize, "rath")).to_string(), "7ae478bda32ab9f0");
    }

    /// The digest of these words, fed one by one.
    fn words(ws: &[u64]) -> Digest {
        let mut d = Digester::new();
        for &w in ws {
            d.word(w);
        }
        d.digest()
    }

    #[test]
    fn primitives_are_the_words_the_encoding_says() {
        assert_eq!(of(&7u8), words(&[7]));
        assert_eq!(of(&7usize), words(&[7]));
        assert_eq!(of(&-2i8), words(&[u64::MAX - 1]));
        assert_eq!(of(&-2i64), words(&[u64::MAX - 1]));
        assert_eq!(of(&true), words(&[1]));
        assert_eq!(of(&'a'), words(&[97]));
        assert_eq!(of(&()), words(&[]));
        // A string: its bytes little-endian in eight-byte words, the count, then 0xff.
        assert_eq!(
            of("abcdefghij"),
            words(&[0x6867_6665_6463_6261, 0x6a69, 10, 0xff])
        );
        assert_eq!(of(&String::from("ab")), of("ab"));
        assert_eq!(of(&Some(5u32)), words(&[1, 5]));
        assert_eq!(of(&None::<u32>), words(&[0]));
        assert_eq!(of(&(1u8, 2i32)), words(&[1, 2]));
        assert_eq!(of(&Arc::<str>::from("x")), of("x"));
        assert_eq!(of(&Cow::<str>::Borrowed("x")), of("x"));
    }

    #[test]
    fn sequences_are_the_words_the_encoding_says() {
        // Integers are packed as their little-endian bytes at their width, then the byte count.
        assert_eq!(of(&vec![1u8, 2, 3]), words(&[3, 0x03_0201, 3]));
        assert_eq!(
            of(&vec![1i32, -1, 2]),
            words(&[3, 0xffff_ffff_0000_0001, 2, 12])
        );
        assert_eq!(of(&[1u16; 4]), words(&[4, 0x0001_0001_0001_0001, 8]));
        assert_eq!(of(&vec![5usize]), words(&[1, 5, 8]));
        assert_eq!(of(&Vec::<u64>::new()), words(&[0, 0]));
        // Anything else: the length, then each element.
        assert_eq!(of(&vec![true, false]), words(&[2, 1, 0]));
        assert_eq!(of(&vec!["a".to_string()]), words(&[1, 0x61, 1, 0xff]));
        let map = BTreeMap::from([(2u32, true), (1, false)]);
        assert_eq!(of(&map), words(&[2, 1, 0, 2, 1]));
        assert_eq!(of(&BTreeSet::from([9u8, 3])), words(&[2, 3, 9]));
    }

    #[derive(crate::Digestible)]
    struct Pair {
        a: u32,
        b: Option<bool>,
    }

    #[derive(crate::Digestible)]
    struct Wrapped(i16);

    #[derive(crate::Digestible)]
    struct Nothing;

    #[derive(crate::Digestible)]
    enum Shape {
        Dot,
        Line(u32),
        Box { w: u32, h: u32 },
    }

    #[derive(crate::Digestible)]
    enum Given {
        Five = 5,
        Six,
        Minus = -2,
    }

    #[derive(crate::Digestible)]
    enum Only {
        One(u8),
    }

    #[test]
    fn derived_types_are_the_words_the_encoding_says() {
        let pair = Pair {
            a: 3,
            b: Some(true),
        };
        assert_eq!(of(&pair), words(&[3, 1, 1]));
        assert_eq!(of(&Wrapped(-1)), words(&[u64::MAX]));
        assert_eq!(of(&Nothing), words(&[]));
        assert_eq!(of(&Shape::Dot), words(&[0]));
        assert_eq!(of(&Shape::Line(4)), words(&[1, 4]));
        assert_eq!(of(&Shape::Box { w: 2, h: 3 }), words(&[2, 2, 3]));
        assert_eq!(of(&Given::Five), words(&[5]));
        assert_eq!(of(&Given::Six), words(&[6]));
        assert_eq!(of(&Given::Minus), words(&[u64::MAX - 1]));
        // One variant: no discriminant.
        assert_eq!(of(&Only::One(9)), words(&[9]));
    }

    #[test]
    fn any_single_value_change_changes_it() {
        let base = (1u32, "goblin", Some(7i32), vec![1u8, 2, 3]);
        let d = of(&base);
        assert_ne!(d, of(&(2u32, "goblin", Some(7i32), vec![1u8, 2, 3])));
        assert_ne!(d, of(&(1u32, "goblim", Some(7i32), vec![1u8, 2, 3])));
        assert_ne!(d, of(&(1u32, "goblin", None::<i32>, vec![1u8, 2, 3])));
        assert_ne!(d, of(&(1u32, "goblin", Some(7i32), vec![1u8, 2])));
    }

    #[test]
    fn hex_form_round_trips_and_refuses_others() {
        let d = Digest(0x0123_4567_89ab_cdef);
        assert_eq!(Digest::parse(&d.to_string()), Some(d));
        for bad in [
            "",
            "0123",
            "0123456789ABCDEF",
            "0123456789abcdeg",
            "00123456789abcdef",
        ] {
            assert_eq!(Digest::parse(bad), None, "{bad}");
        }
    }
}
