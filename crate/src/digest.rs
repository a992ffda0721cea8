//! The state digest: a 64-bit fingerprint of everything an event-sourced object holds, fed
//! field by field through `std::hash::Hash`.
//!
//! Why not a hash of the snapshot's JSON: writing a 500-participant encounter as JSON takes
//! hundreds of microseconds, and a digest is taken after every command. Walking the fields
//! costs a few nanoseconds each.
//!
//! The mixing is our own, not `std`'s or a crate's, because it must never change: leader and
//! followers compare digests, and snapshots store one as their checksum. Every write is folded
//! in as 64-bit words (`usize` as `u64`, so a 32-bit wasm client and a 64-bit native one
//! agree). Each step `h ← (rotl(h, 5) ⊕ w) · K` is a bijection of `h` for a fixed word and of
//! the word for a fixed `h`, so changing any single value always changes the digest; other
//! edits are caught with probability 1 − 2⁻⁶⁴.

use core::fmt;
use core::hash::{Hash, Hasher};

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

    /// Fold in one word.
    #[inline]
    fn word(&mut self, w: u64) {
        self.h = (self.h.rotate_left(5) ^ w).wrapping_mul(K);
    }

    /// Fold in any hashable value.
    pub fn add<T: Hash + ?Sized>(&mut self, value: &T) -> &mut Self {
        value.hash(self);
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

impl Hasher for Digester {
    fn finish(&self) -> u64 {
        self.digest().0
    }
    fn write(&mut self, bytes: &[u8]) {
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
    fn write_u8(&mut self, i: u8) {
        self.word(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.word(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.word(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.word(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.word(i as u64);
    }
    fn write_i8(&mut self, i: i8) {
        self.word(i64::from(i) as u64);
    }
    fn write_i16(&mut self, i: i16) {
        self.word(i64::from(i) as u64);
    }
    fn write_i32(&mut self, i: i32) {
        self.word(i64::from(i) as u64);
    }
    fn write_i64(&mut self, i: i64) {
        self.word(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.word(i as i64 as u64);
    }
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

    fn of<T: Hash + ?Sized>(v: &T) -> Digest {
        Digester::new().add(v).digest()
    }

    #[test]
    fn the_digest_is_fixed_forever() {
        // Leaders, followers and stored snapshots compare these: a change here breaks them all.
        assert_eq!(of(&0u32).to_string(), of(&0u64).to_string());
        assert_eq!(of(&(3usize, "rath")).to_string(), "7ae478bda32ab9f0");
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
