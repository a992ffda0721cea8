//! Damage from a rolled formula, one instance per damage type: Foundry VTT formulas name each
//! part's type in its flavor (`2d6[fire] + 1d8[cold] + 3`), and resistances, vulnerabilities
//! and immunities apply to each type apart (A5E-DMG-06..08), so the parts go through the damage
//! pipeline ([`crate::creature::compute_damage`], the encounter's `Damage` command) separately.

use crate::creature::damage::DamageInstance;
use crate::creature::damage_type::DamageType;
use crate::creature::limits::MAX_AMOUNT;
use crate::dice::{Expression, RollResult};
use crate::error::{Error, Result};

/// Split `roll` into damage instances, each a copy of `template` with its amount and type.
///
/// The formula must be a sum of terms (`+` and `-` only). A term's flavor names its type (any
/// case: `fire`, `Fire`); a term without one belongs to the type of the flavored term before
/// it, or, before the first flavored term, to the first one (`1d8 + 2d6[fire]` is all fire),
/// as a modifier belongs to the weapon's damage. Terms of one type add up, in the order the
/// types first appear; a type whose parts add up below 0 deals 0 (A5E-DMG-01). Without any
/// flavor the whole total is one instance of `template`'s type.
///
/// ```
/// use turnkeeper::creature::{DamageInstance, DamageType, damage_from_roll};
/// use turnkeeper::dice::{SuppliedDice, roll};
/// let r = roll("2d6[fire] + 1d8[cold] + 2", &mut SuppliedDice::new([3, 4, 5])).unwrap();
/// let parts = damage_from_roll(&r, &DamageInstance::default()).unwrap();
/// let by_type: Vec<_> = parts.iter().map(|d| (d.damage_type, d.amount)).collect();
/// assert_eq!(by_type, [(Some(DamageType::Fire), 7), (Some(DamageType::Cold), 7)]);
/// ```
pub fn damage_from_roll(
    roll: &RollResult,
    template: &DamageInstance,
) -> Result<Vec<DamageInstance>> {
    let expr = Expression::parse(&roll.notation)?;
    let signs = expr.term_signs().ok_or_else(|| {
        Error::invalid_argument(format!(
            "damage by type needs a sum of terms (+ and - only), not {}",
            roll.notation
        ))
    })?;
    let types = roll
        .terms
        .iter()
        .map(|t| t.flavor.as_deref().map(damage_type).transpose())
        .collect::<Result<Vec<Option<DamageType>>>>()?;
    let first = types.iter().flatten().next().copied();
    let mut parts: Vec<(Option<DamageType>, i64)> = Vec::new();
    let mut current = first.or(template.damage_type);
    for ((term, ty), sign) in roll.terms.iter().zip(&types).zip(&signs) {
        if let Some(t) = ty {
            current = Some(*t);
        }
        let share = term.subtotal.saturating_mul(i64::from(*sign));
        match parts.iter_mut().find(|(t, _)| *t == current) {
            Some((_, sum)) => *sum = sum.saturating_add(share),
            None => parts.push((current, share)),
        }
    }
    parts
        .into_iter()
        .map(|(damage_type, sum)| {
            let amount = i32::try_from(sum.max(0))
                .ok()
                .filter(|a| *a <= MAX_AMOUNT)
                .ok_or_else(|| {
                    Error::invalid_argument(format!(
                        "damage must be at most {MAX_AMOUNT}, not {sum}"
                    ))
                })?;
            Ok(DamageInstance {
                amount,
                damage_type,
                ..template.clone()
            })
        })
        .collect()
}

/// The damage type a flavor names (`fire`, `Fire`, `FIRE`).
fn damage_type(flavor: &str) -> Result<DamageType> {
    let wanted = flavor.trim().to_ascii_lowercase();
    DamageType::ALL
        .into_iter()
        .find(|t| format!("{t:?}").to_ascii_lowercase() == wanted)
        .ok_or_else(|| {
            Error::invalid_argument(format!("the flavor [{flavor}] is not a damage type"))
        })
}
