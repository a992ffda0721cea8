//! Finding a variant by its name in one step: a table made at compile time.
//!
//! A tagged enum's reader finds its variant's index from the tag's text. Comparing the text
//! with each name in turn cost a follower about 290 instructions per event natively (the
//! encounter's events have some sixty variants, and the common ones sit in the middle), about
//! 3 % of applying the relayed stream. For an enum with many variants the derive
//! (`crate/derive`, `name_table`) picks a seed under which [`name_hash`] sends every name to
//! its own slot of a table, and the reader hashes the text once, reads the slot and compares
//! with that one name. Text that is no name lands on an empty slot or on a name it does not
//! equal, and is refused as before, with the same message.
//!
//! The derive computes the same hash on the build machine; `crate/tests/wire_name_tables.rs`
//! reads back every name of every enum with a table, which proves that the two agree.

/// FNV-1a's step over the bytes of `name`, from `seed` (32-bit on every target, so the table
/// the derive made on a 64-bit machine holds in wasm).
#[inline]
pub fn name_hash(seed: u32, name: &[u8]) -> u32 {
    name.iter()
        .fold(seed, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// A table from the top `bits` bits of [`name_hash`] with `seed` to a name's index plus one
/// (0: no name hashes there). Made by the derive; see the module's documentation.
#[derive(Debug)]
pub struct NameTable {
    pub seed: u32,
    pub bits: u32,
    pub slots: &'static [u8],
}

impl NameTable {
    /// The index in `names` of `name`, if it is one of them.
    #[inline]
    pub fn find(&self, name: &str, names: &[&str]) -> Option<usize> {
        let slot = name_hash(self.seed, name.as_bytes())
            .checked_shr(32u32.saturating_sub(self.bits))
            .unwrap_or(0);
        let index = usize::from(*self.slots.get(slot as usize)?).checked_sub(1)?;
        (names.get(index) == Some(&name)).then_some(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table for three names, made as the derive makes one: the first seed from 1 under
    /// which each name has a slot of its own.
    fn table_for(names: &[&str], bits: u32) -> NameTable {
        let size = 1usize << bits;
        for seed in 1u32.. {
            let mut slots = vec![0u8; size];
            let fits = names.iter().enumerate().all(|(i, n)| {
                let at = (name_hash(seed, n.as_bytes()) >> (32 - bits)) as usize;
                let free = slots[at] == 0;
                slots[at] = i as u8 + 1;
                free
            });
            if fits {
                return NameTable {
                    seed,
                    bits,
                    slots: Vec::leak(slots),
                };
            }
        }
        unreachable!()
    }

    #[test]
    fn a_name_is_found_at_its_index_and_any_other_text_is_not() {
        let names = ["turnStarted", "turnEnded", "roundStarted"];
        let table = table_for(&names, 3);
        for (i, n) in names.iter().enumerate() {
            assert_eq!(table.find(n, &names), Some(i));
        }
        for other in [
            "",
            "turnstarted",
            "turnStarted ",
            "turnEnde",
            "x",
            "roundStarted\0",
        ] {
            assert_eq!(table.find(other, &names), None, "{other:?}");
        }
    }

    #[test]
    fn the_hash_is_fnv_1a_from_the_seed() {
        // FNV-1a of "a" from its usual offset basis, as published.
        assert_eq!(name_hash(0x811c_9dc5, b"a"), 0xe40c_292c);
        assert_eq!(name_hash(7, b""), 7);
    }
}
