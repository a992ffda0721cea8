//! Pools (`{4d6kh3, 4d6kh3}kh`, `{1d20, 10}kh`, `{1d8, 1d8, 1d8}cs>=5`): each formula between
//! the braces is rolled, and the pool's modifiers work on those results as a dice term's work
//! on its dice. Keep and drop leave the results the pool counts (ties: the earlier result is
//! dropped first, as for dice); with `cs` / `cf` the pool is the number of successes (minus
//! failures), otherwise the sum of the results it keeps.

use crate::dice::ast::{Expression, Modifier, PoolTerm};
use crate::dice::result::PoolResult;

/// What a pool's modifiers made of its results (in place), and its value.
pub(crate) fn apply(
    expr: &Expression,
    pool: &PoolTerm,
    results: &mut [PoolResult],
) -> (i64, Option<u32>, Option<u32>) {
    let mut counts = (false, false);
    for m in expr.modifiers_at(pool.mods_start, pool.mods_len) {
        match m.modifier {
            Modifier::Keep { highest, count } => {
                let surplus = kept(results).saturating_sub(count as usize);
                drop_extremes(results, !highest, surplus);
            }
            Modifier::Drop { highest, count } => {
                let n = kept(results).min(count as usize);
                drop_extremes(results, highest, n);
            }
            Modifier::CountSuccesses(Some(rule)) => {
                counts.0 = true;
                for r in results.iter_mut().filter(|r| r.kept) {
                    r.success |= compare(rule, r.value);
                }
            }
            Modifier::CountFailures(Some(rule)) => {
                counts.1 = true;
                for r in results.iter_mut().filter(|r| r.kept) {
                    r.failure |= compare(rule, r.value);
                }
            }
            // The parser gives a pool no other modifier.
            _ => {}
        }
    }
    let active = || results.iter().filter(|r| r.kept);
    let successes = active().filter(|r| r.success).count() as u32;
    let failures = active().filter(|r| r.failure).count() as u32;
    let value = match counts {
        (true, true) => i64::from(successes) - i64::from(failures),
        (true, false) => i64::from(successes),
        (false, true) => i64::from(failures),
        // Each result is within ±(2^53 − 1) and a pool has at most MAX_TERMS of them.
        (false, false) => active().map(|r| r.value).fold(0i64, i64::saturating_add),
    };
    (
        value,
        counts.0.then_some(successes),
        counts.1.then_some(failures),
    )
}

fn compare(rule: crate::dice::ast::Compare, value: i64) -> bool {
    // Targets are within ±MAX_SIDES; a value beyond i32 compares as its clamp (after which
    // the conversion cannot fail).
    let clamped = value.clamp(i64::from(i32::MIN), i64::from(i32::MAX));
    rule.matches(i32::try_from(clamped).unwrap_or_default())
}

fn kept(results: &[PoolResult]) -> usize {
    results.iter().filter(|r| r.kept).count()
}

/// Drop `n` kept results with the highest (or lowest) values, the earlier first among equals.
fn drop_extremes(results: &mut [PoolResult], highest: bool, n: usize) {
    for _ in 0..n {
        let mut pick: Option<(usize, i64)> = None;
        for (i, r) in results.iter().enumerate().filter(|(_, r)| r.kept) {
            let better = match pick {
                None => true,
                Some((_, v)) => {
                    if highest {
                        r.value > v
                    } else {
                        r.value < v
                    }
                }
            };
            if better {
                pick = Some((i, r.value));
            }
        }
        if let Some(r) = pick.and_then(|(i, _)| results.get_mut(i)) {
            r.kept = false;
            r.dropped = true;
        }
    }
}
