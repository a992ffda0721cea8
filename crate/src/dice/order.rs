//! The one sort the dice need: `(key, index)` pairs, where no two pairs are equal (the index
//! tells them apart), so any correct sort gives the one order and stability does not arise.
//! Dice kept and dropped (`4d6kh3`) and roll-off ranks sort this way.
//!
//! A sort of its own rather than the standard library's: each `sort_unstable`/`sort_by` of a new
//! type compiles the whole pattern-defeating quicksort or driftsort again (about 7 KB of wasm
//! each, and these two were most of the sorting code in the dice-only module). Pools are small
//! (insertion sort, what the standard sort itself uses below 20 items); a long one goes through
//! heapsort, which stays O(n log n) with a few dozen instructions.

/// At most this many pairs are sorted by insertion.
const INSERTION_MAX: usize = 20;

/// Sort `items` ascending.
pub(crate) fn sort_pairs(items: &mut [(i32, u32)]) {
    if items.len() <= INSERTION_MAX {
        insertion(items);
    } else {
        heapsort(items);
    }
}

fn insertion(items: &mut [(i32, u32)]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items.get(j - 1) > items.get(j) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

fn heapsort(items: &mut [(i32, u32)]) {
    let len = items.len();
    for start in (0..len / 2).rev() {
        sift_down(items, start, len);
    }
    for end in (1..len).rev() {
        items.swap(0, end);
        sift_down(items, 0, end);
    }
}

/// Restore the max-heap below `root` within the first `end` items.
fn sift_down(items: &mut [(i32, u32)], mut root: usize, end: usize) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && items.get(child) < items.get(child + 1) {
            child += 1;
        }
        if items.get(root) >= items.get(child) {
            return;
        }
        items.swap(root, child);
        root = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The standard library's order, for short pools and long ones.
        #[test]
        fn sorts_as_the_standard_library_does(keys in proptest::collection::vec(-30i32..30, 0..200)) {
            let mut pairs: Vec<(i32, u32)> = keys.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect();
            let mut expected = pairs.clone();
            expected.sort_unstable();
            sort_pairs(&mut pairs);
            prop_assert_eq!(pairs, expected);
        }
    }
}
