//! Sorting through one compiled sort.
//!
//! Every `sort_by` with its own comparator compiles the standard library's whole sort again
//! (about 5–9 KB of wasm each; twenty of them were about 130 KB of the module). Sorts off the
//! hot paths go through [`sort_indices`] instead: one stable sort of indices with the
//! comparison behind a `dyn`, so each caller adds only its comparator. The round's own sorts
//! (the initiative order, roll-off units, keys and tie runs) sort plain number pairs
//! ([`Key`]) through [`sort_keys`]: one specialised sort for all of them, whose comparisons are
//! two integer compares rather than a closure over slices.

use core::cmp::Ordering;

/// What the round's hot sorts sort: a primary number and a secondary one, each caller
/// packing its order into them (a packed initiative key, packed roll-off draws, a unit) with
/// an index or listing position in the low bits, so that the order is total.
pub type Key = (u128, u64);

/// Sort `keys` ascending (unstable: callers make every key unique, so the order is exact;
/// equal keys are equal values, so no caller could tell anyway). Long lists go through
/// [`radix_sort`], short ones through the standard library's sort.
#[inline(never)]
pub fn sort_keys(keys: &mut [Key]) {
    if keys.len() < RADIX_MIN || keys.is_sorted() {
        if keys.len() < RADIX_MIN {
            keys.sort_unstable();
        }
        return;
    }
    radix_sort(keys);
}

/// From this many keys on, [`sort_keys`] sorts by radix: a pass costs about two reads and a
/// write per key plus a 256-entry table, against a comparison sort's log2(n) comparisons of
/// 24-byte keys per key.
const RADIX_MIN: usize = 128;

/// A least-significant-digit radix sort of `keys`, a byte at a time, skipping the bytes every
/// key has alike: the round's keys (an initiative total, a few roll-off draws, a roster
/// position, each packed in a wide field) differ in a handful of their 24 bytes, so a
/// 500-key sort is a few linear passes. Each pass is stable, so the result is the ascending
/// order of the whole keys.
fn radix_sort(keys: &mut [Key]) {
    let Some(&(high, low)) = keys.first() else {
        return;
    };
    let (mut high_diff, mut low_diff) = (0u128, 0u64);
    for &(h, l) in keys.iter() {
        high_diff |= h ^ high;
        low_diff |= l ^ low;
    }
    // Which bits differ somewhere, in each of the key's three 64-bit words (least
    // significant first).
    let diffs = [low_diff, high_diff as u64, (high_diff >> 64) as u64];
    let mut scratch: Vec<Key> = vec![(0, 0); keys.len()];
    let mut from: &mut [Key] = keys;
    let mut to: &mut [Key] = &mut scratch;
    let mut in_scratch = false;
    for (w, diff) in diffs.into_iter().enumerate() {
        for shift in (0..64).step_by(8) {
            if (diff >> shift) & 0xff == 0 {
                continue;
            }
            // Monomorphised per word, so that reading the digit is a load and a shift.
            match w {
                0 => pass(from, to, |k| (k.1 >> shift) as u8),
                1 => pass(from, to, |k| ((k.0 as u64) >> shift) as u8),
                _ => pass(from, to, |k| ((k.0 >> 64) as u64 >> shift) as u8),
            }
            core::mem::swap(&mut from, &mut to);
            in_scratch = !in_scratch;
        }
    }
    if in_scratch {
        // `from` is the scratch now and `to` the caller's keys.
        to.copy_from_slice(from);
    }
}

/// One stable counting pass of [`radix_sort`]: `from` into `to` (the same length) by `digit`.
#[inline(always)]
fn pass(from: &[Key], to: &mut [Key], digit: impl Fn(&Key) -> u8) {
    // Where each digit's run starts in `to`: the counts, summed.
    let mut starts = [0usize; 256];
    for k in from {
        if let Some(n) = starts.get_mut(usize::from(digit(k))) {
            *n += 1;
        }
    }
    let mut total = 0usize;
    for n in &mut starts {
        let count = *n;
        *n = total;
        total += count;
    }
    for k in from {
        if let Some(at) = starts.get_mut(usize::from(digit(k))) {
            if let Some(slot) = to.get_mut(*at) {
                *slot = *k;
            }
            *at += 1;
        }
    }
}

/// Sort `indices` stably by `cmp`.
#[inline(never)]
pub fn sort_indices(indices: &mut [usize], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    indices.sort_by(|&a, &b| cmp(a, b));
}

/// Sort `items` stably by `cmp` (what `items.sort_by(cmp)` does).
pub fn sort_by<T>(items: &mut Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    {
        let view: &[T] = items;
        sort_indices(&mut order, &mut |a, b| match (view.get(a), view.get(b)) {
            (Some(x), Some(y)) => cmp(x, y),
            _ => Ordering::Equal,
        });
    }
    let mut slots: Vec<Option<T>> = core::mem::take(items).into_iter().map(Some).collect();
    items.extend(
        order
            .into_iter()
            .filter_map(|i| slots.get_mut(i).and_then(Option::take)),
    );
}

/// Sort `items` stably by `key` (what `items.sort_by_key(key)` does).
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The set of `items`, built by inserting one at a time: `collect` into a `BTreeSet` sorts the
/// items first, which compiles a whole stable sort per item type.
pub fn set_of<T: Ord>(items: impl IntoIterator<Item = T>) -> std::collections::BTreeSet<T> {
    let mut set = std::collections::BTreeSet::new();
    for item in items {
        set.insert(item);
    }
    set
}

/// Whether `items` holds an item twice. Built by inserting one at a time (`collect` into a set
/// would sort first, compiling a sort per item type).
pub fn has_repeats<T: Ord>(items: &[T]) -> bool {
    let mut seen = std::collections::BTreeSet::new();
    !items.iter().all(|item| seen.insert(item))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The radix sort orders as the comparison sort does, long lists and short, keys that
        /// differ in few bytes or many, repeats included.
        #[test]
        fn sort_keys_matches_the_comparison_sort(
            keys in proptest::collection::vec((any::<u128>(), any::<u64>()), 0..400),
            narrow in proptest::collection::vec((0u8..4, 0u16..700, 0u8..3), 0..600),
        ) {
            let narrow: Vec<Key> = narrow
                .iter()
                .map(|&(a, b, c)| (u128::from(a) << 70 | 0x8000_0000, u64::from(c) << 40 | u64::from(b)))
                .collect();
            for list in [keys, narrow] {
                let mut ours = list.clone();
                sort_keys(&mut ours);
                let mut std = list;
                std.sort_unstable();
                prop_assert_eq!(ours, std);
            }
        }

        /// The same order as the standard library's stable sort, ties included.
        #[test]
        fn sort_by_matches_the_stable_sort(items in proptest::collection::vec((0u8..6, any::<u16>()), 0..80)) {
            let mut ours = items.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut std = items.clone();
            std.sort_by_key(|a| a.0);
            prop_assert_eq!(ours, std);
        }

        #[test]
        fn sort_by_key_matches_the_stable_sort(items in proptest::collection::vec((0u8..6, any::<u16>()), 0..80)) {
            let mut ours = items.clone();
            sort_by_key(&mut ours, |a| core::cmp::Reverse(a.0));
            let mut std = items.clone();
            std.sort_by_key(|a| core::cmp::Reverse(a.0));
            prop_assert_eq!(ours, std);
        }
    }

    #[test]
    fn has_repeats_finds_a_repeat() {
        assert!(has_repeats(&[1, 2, 1]));
        assert!(!has_repeats(&[1, 2, 3]));
        assert!(!has_repeats::<u8>(&[]));
    }

    #[test]
    fn sort_indices_is_stable() {
        let keys = [3, 1, 3, 0, 1];
        let mut idx: Vec<usize> = (0..keys.len()).collect();
        sort_indices(&mut idx, &mut |a, b| keys.get(a).cmp(&keys.get(b)));
        assert_eq!(idx, vec![3, 1, 4, 0, 2]);
    }
}
