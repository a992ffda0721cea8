//! GH-DUR-03 / GH-DICE-05: ordering effects that end at the same moment with d20s.
//!
//! Each effect rolls a d20 and they end lowest first. Ties are rerolled: the tied effects roll
//! again and the new rolls order them among themselves, in the place their tied roll gave them
//! (EX-GH-08: 12, 4, 12 → the 12s reroll 7 and 15 → the effects end in the order 4, 7, 15).
//! Rerolling only within the tied group keeps the procedure finite even when more than 20
//! effects end together.

use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;

/// Most reroll passes before remaining ties are left in application order. With a fair d20 a
/// tie survives a pass with probability at most 1/20 per pair, so this is never reached in
/// practice; it bounds the work for a source that keeps repeating one face.
pub const MAX_TIE_PASSES: usize = 32;

/// The order in which `count` simultaneous effects end: indices into the caller's list
/// (application order), lowest roll first, each with the d20s rolled for it.
pub fn order_by_d20<R: DieRoller + ?Sized>(
    count: usize,
    roller: &mut R,
) -> Result<Vec<(usize, Vec<RolledDie>)>> {
    let mut keys: Vec<Vec<u32>> = Vec::with_capacity(count);
    for _ in 0..count {
        keys.push(vec![roller.roll_die(20)?]);
    }
    for _ in 0..MAX_TIE_PASSES {
        let tied: Vec<usize> = (0..count)
            .filter(|&i| {
                let key = keys.get(i);
                (0..count).any(|j| j != i && keys.get(j) == key)
            })
            .collect();
        if tied.is_empty() {
            break;
        }
        for i in tied {
            let face = roller.roll_die(20)?;
            if let Some(key) = keys.get_mut(i) {
                key.push(face);
            }
        }
    }
    let mut order: Vec<usize> = (0..count).collect();
    // Stable sort: ties left after MAX_TIE_PASSES keep application order.
    crate::sorting::sort_indices(&mut order, &mut |a, b| keys.get(a).cmp(&keys.get(b)));
    Ok(order
        .into_iter()
        .map(|i| {
            let dice = keys
                .get(i)
                .map(|k| {
                    k.iter()
                        .map(|&face| RolledDie { sides: 20, face })
                        .collect()
                })
                .unwrap_or_default();
            (i, dice)
        })
        .collect())
}
