//! The roll-off of [`super::settle`] when no contender has drawn before: every initiative roll
//! starts this way, and in a big Greyhawk battle nearly every creature ties at least once.
//!
//! Without earlier draws, entries that are still tied always have the same draws, so the
//! general rule (a unit whose draws are a prefix of another's draws again) reduces to groups of
//! equal draws: each round, every group holding two units or more draws (each unit once), and
//! each group then splits by the faces drawn. Nothing has to be sorted again but a group by its
//! one new face, where the general path keeps every entry's draws in a pool and re-sorts whole
//! runs by them (issue 38: that was half the roll-off's time). The units are asked for in the
//! same order and the same errors come out; the tests compare the two paths.

use crate::error::{Error, ErrorCode, Result};
use crate::sorting::{Key, sort_keys};

use super::steps::{ask, dense_units, runs_of};

/// One contender: its packed key and its dense unit.
#[derive(Clone, Copy)]
struct Entry {
    key: u128,
    unit: u32,
}

/// [`super::settle`] for contenders none of which has drawn (the caller checks), each given as
/// its packed key (`super::packed_key`) and its unit, in the caller's listing order.
pub(super) fn settle(
    contenders: &[(u128, u32)],
    max_draws: usize,
    draw: &mut dyn FnMut(&[u32]) -> Result<Vec<u32>>,
) -> Result<()> {
    let Some((units, mut entries)) = lay_out(contenders) else {
        // More contenders than a `u32` counts: `super::settle` has refused those already.
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            "too many roll-off contenders",
        ));
    };
    // The ranges of `entries` still tied: equal keys at first, then equal keys and draws.
    let mut groups = first_groups(&entries);
    let mut next_groups: Vec<(usize, usize)> = Vec::new();
    // Per dense unit: whether it draws this round, the face it drew, how often it has drawn.
    let mut named_now: Vec<bool> = vec![false; units.len()];
    let mut face_of: Vec<u32> = vec![0; units.len()];
    let mut drawn: Vec<usize> = vec![0; units.len()];
    let mut flagged: Vec<u32> = Vec::new();
    let mut named: Vec<u32> = Vec::new();
    let mut keys: Vec<Key> = Vec::new();
    let mut copy: Vec<Entry> = Vec::new();
    while !groups.is_empty() {
        // Every unit of every group draws, once, at its first place in the sorted order.
        flagged.clear();
        for &(from, to) in &groups {
            for e in entries.get(from..to).unwrap_or_default() {
                if let Some(named) = named_now.get_mut(e.unit as usize)
                    && !*named
                {
                    *named = true;
                    flagged.push(e.unit);
                }
            }
        }
        let over_limit = flagged
            .iter()
            .any(|u| drawn.get(*u as usize).is_some_and(|d| *d >= max_draws));
        named.clear();
        named.extend(
            flagged
                .iter()
                .map(|u| units.get(*u as usize).copied().unwrap_or_default()),
        );
        let faces = ask(over_limit, &named, draw)?;
        for (u, face) in flagged.iter().zip(&faces) {
            if let Some(slot) = face_of.get_mut(*u as usize) {
                *slot = *face;
            }
            if let Some(d) = drawn.get_mut(*u as usize) {
                *d = d.saturating_add(1);
            }
        }
        // Each group splits by the faces just drawn, its entries kept in listing order
        // within each face.
        next_groups.clear();
        for &(from, to) in &groups {
            let Some(group) = entries.get_mut(from..to) else {
                continue;
            };
            split(
                group,
                from,
                &face_of,
                &mut keys,
                &mut copy,
                &mut next_groups,
            );
        }
        core::mem::swap(&mut groups, &mut next_groups);
        for u in &flagged {
            if let Some(named) = named_now.get_mut(*u as usize) {
                *named = false;
            }
        }
    }
    Ok(())
}

/// The caller's unit numbers, sorted (a dense unit indexes them), and the entries sorted by
/// key, the listing position breaking equal keys. `None` past `u32::MAX` contenders.
fn lay_out(contenders: &[(u128, u32)]) -> Option<(Vec<u32>, Vec<Entry>)> {
    let count = u32::try_from(contenders.len()).ok()?;
    let (units, dense) = dense_units(contenders.iter().map(|c| c.1))?;
    let mut sorted: Vec<Key> = contenders
        .iter()
        .zip(0..count)
        .map(|(&(key, _), i)| (key, u64::from(i)))
        .collect();
    sort_keys(&mut sorted);
    let entries = sorted
        .iter()
        .map(|&(key, i)| {
            let listed = usize::try_from(i).unwrap_or(usize::MAX);
            Entry {
                key,
                unit: dense.get(listed).copied().unwrap_or(0),
            }
        })
        .collect();
    Some((units, entries))
}

/// The first groups: the ranges of sorted `entries` with equal keys that hold two units or more.
fn first_groups(entries: &[Entry]) -> Vec<(usize, usize)> {
    let mut groups = Vec::new();
    runs_of(
        entries,
        |a, b| a.key == b.key,
        |from, to| push_if_tied(entries, from, to, 0, &mut groups),
    );
    groups
}

/// Keep `entries[from..to]` (at `offset` in the whole list) as a group if it holds two units
/// or more: a unit's own entries never roll off against each other, and a group of one unit
/// can never split (all its entries get the same faces).
fn push_if_tied(
    entries: &[Entry],
    from: usize,
    to: usize,
    offset: usize,
    groups: &mut Vec<(usize, usize)>,
) {
    let Some(range) = entries.get(from..to) else {
        return;
    };
    let mut units = range.iter().map(|e| e.unit);
    if let Some(first) = units.next()
        && units.any(|u| u != first)
    {
        groups.push((offset.saturating_add(from), offset.saturating_add(to)));
    }
}

/// Sort `group` (at `from` in the entries, in listing order) by the faces its units drew,
/// keeping listing order among equal faces, and push the ranges still tied.
fn split(
    group: &mut [Entry],
    from: usize,
    face_of: &[u32],
    keys: &mut Vec<Key>,
    copy: &mut Vec<Entry>,
    groups: &mut Vec<(usize, usize)>,
) {
    let face = |e: &Entry| face_of.get(e.unit as usize).copied().unwrap_or(0);
    // The face, then the place in the group, which is in listing order (the crate's one sort
    // of number pairs: a sort of its own here was 3.8 KB of the module).
    keys.clear();
    keys.extend(
        group
            .iter()
            .zip(0u64..)
            .map(|(e, j)| (u128::from(face(e)), j)),
    );
    sort_keys(keys);
    copy.clear();
    copy.extend_from_slice(group);
    for (slot, (_, j)) in group.iter_mut().zip(keys.iter()) {
        if let Some(e) = usize::try_from(*j).ok().and_then(|j| copy.get(j)) {
            *slot = *e;
        }
    }
    runs_of(
        group,
        |a, b| face(a) == face(b),
        |start, end| push_if_tied(group, start, end, from, groups),
    );
}
