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

/// Sort `keys` ascending (unstable: callers make every key unique, so the order is exact).
#[inline(never)]
pub fn sort_keys(keys: &mut [Key]) {
    keys.sort_unstable();
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
