//! Roll-offs for ties: which tied units still need another draw.
//!
//! A unit (a participant, a group sharing one roll, a side) has a primary key (its total and
//! whatever the ruleset compares before chance) and a list of roll-off draws. Units with equal
//! keys are ordered by their draws. Two units are still tied while one's draws are a prefix of
//! the other's (equal lists included); the shorter one (both, if equal) then draws again. Draws
//! already made are kept, so a newcomer who ties with units that rolled off earlier only rolls
//! against them, and their order among themselves never changes.

use core::cmp::Ordering;

/// One unit in a tie check.
#[derive(Debug, Clone)]
pub struct TieEntry<'a> {
    /// Compared first (ascending); equal keys are tied before the draws.
    pub key: [i32; 4],
    /// Entries with the same unit share a roll and never roll off against each other.
    pub unit: u32,
    /// Roll-off faces so far.
    pub draws: &'a [u32],
}

/// The units (in first-seen order after sorting) that must draw once more.
pub fn units_needing_draws(mut entries: Vec<TieEntry<'_>>) -> Vec<u32> {
    entries.sort_by(|a, b| a.key.cmp(&b.key).then_with(|| a.draws.cmp(b.draws)));
    let mut out: Vec<u32> = Vec::new();
    // A set beside the list keeps this linear: hundreds of tied units are normal in a big
    // Greyhawk battle, where a `contains` scan per unit made the roll-off quadratic.
    let mut seen = std::collections::HashSet::new();
    let mut flag = |u: u32, out: &mut Vec<u32>| {
        if seen.insert(u) {
            out.push(u);
        }
    };
    for pair in entries.windows(2) {
        let (Some(a), Some(b)) = (pair.first(), pair.get(1)) else {
            continue;
        };
        if a.key != b.key || a.unit == b.unit || !b.draws.starts_with(a.draws) {
            continue;
        }
        // Sorted ascending, so `a` is the shorter (or equal) one.
        flag(a.unit, &mut out);
        if a.draws.len() == b.draws.len() {
            flag(b.unit, &mut out);
        }
    }
    out
}

/// Order two draw lists: the higher draw goes first (used for initiative roll-offs).
pub fn higher_first(a: &[u32], b: &[u32]) -> Ordering {
    b.cmp(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(key: i32, unit: u32, draws: &[u32]) -> TieEntry<'_> {
        TieEntry {
            key: [key, 0, 0, 0],
            unit,
            draws,
        }
    }

    #[test]
    fn equal_keys_without_draws_all_draw() {
        let v = units_needing_draws(vec![e(5, 0, &[]), e(5, 1, &[]), e(7, 2, &[])]);
        assert_eq!(v, vec![0, 1]);
    }

    #[test]
    fn a_newcomer_rolls_against_settled_units_only() {
        let settled_a = [12u32];
        let settled_b = [9u32];
        let newcomer: [u32; 0] = [];
        let v = units_needing_draws(vec![
            e(5, 0, &settled_a),
            e(5, 1, &settled_b),
            e(5, 2, &newcomer),
        ]);
        assert_eq!(v, vec![2]);
        let again = [12u32];
        let v = units_needing_draws(vec![
            e(5, 0, &settled_a),
            e(5, 1, &settled_b),
            e(5, 2, &again),
        ]);
        assert_eq!(v, vec![0, 2]);
    }

    #[test]
    fn members_of_one_unit_never_roll_off() {
        let v = units_needing_draws(vec![e(5, 3, &[]), e(5, 3, &[])]);
        assert!(v.is_empty());
    }
}
