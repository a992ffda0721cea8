//! The steps both roll-off paths ([`super::settle`]'s general one and [`super::fresh`]) take
//! alike: numbering the units, finding runs of alike entries, asking for a round's faces.

use crate::error::{Error, ErrorCode, Result};
use crate::sorting::{Key, sort_keys};

/// One round's faces from `draw`, one per unit `named` (by the caller's numbers): refused when
/// a unit drawing `is_over_limit` (the roll-off keeps tying), or when `draw` hands back a
/// different number of faces.
pub(super) fn ask(
    is_over_limit: bool,
    named: &[u32],
    draw: &mut dyn FnMut(&[u32]) -> Result<Vec<u32>>,
) -> Result<Vec<u32>> {
    if is_over_limit {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            "the roll-off kept tying",
        ));
    }
    let faces = draw(named)?;
    if faces.len() != named.len() {
        return Err(Error::invalid_argument(
            "a roll-off round needs one face per unit",
        ));
    }
    Ok(faces)
}

/// The distinct unit numbers of the listed contenders, sorted, and each contender's place
/// among them (its dense unit), from one sort by unit (the listing position breaking equal
/// units): each contender's number comes from the walk over it, not from a search per
/// contender. `None` past `u32::MAX` contenders.
pub(super) fn dense_units(
    listed: impl ExactSizeIterator<Item = u32>,
) -> Option<(Vec<u32>, Vec<u32>)> {
    let count = u32::try_from(listed.len()).ok()?;
    let mut by_unit: Vec<Key> = listed
        .zip(0..count)
        .map(|(unit, i)| (u128::from(unit), u64::from(i)))
        .collect();
    sort_keys(&mut by_unit);
    let mut units: Vec<u32> = Vec::new();
    let mut dense = vec![0u32; by_unit.len()];
    for &(unit, i) in &by_unit {
        let unit = u32::try_from(unit).unwrap_or(u32::MAX);
        if units.last() != Some(&unit) {
            units.push(unit);
        }
        if let Some(d) = usize::try_from(i).ok().and_then(|i| dense.get_mut(i)) {
            *d = u32::try_from(units.len().saturating_sub(1)).unwrap_or(u32::MAX);
        }
    }
    Some((units, dense))
}

/// Call `each` with the `(from, to)` range of every run of neighbours in `items` that are
/// `alike`, singles included, in order.
pub(super) fn runs_of<T>(
    items: &[T],
    alike: impl Fn(&T, &T) -> bool,
    mut each: impl FnMut(usize, usize),
) {
    let mut start = 0;
    for i in 1..=items.len() {
        let split = match (items.get(i - 1), items.get(i)) {
            (Some(a), Some(b)) => !alike(a, b),
            _ => true,
        };
        if split {
            each(start, i);
            start = i;
        }
    }
}
