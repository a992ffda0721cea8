//! A5E-OBJ-12: psionics and zirkon barriers.

use crate::error::{Error, Result};

/// Highest power level zirkon blocks outright (III).
pub const ZIRKON_BLOCKS_UP_TO_LEVEL: u32 = 3;

/// What a zirkon barrier does to a psionic power.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ZirkonEffect {
    /// Power level III or lower: it can't penetrate the barrier.
    Blocked,
    /// Level IV or higher: it gets through at double the psionic point cost.
    Penetrates { point_cost: u32 },
}

/// A5E-OBJ-12: manifesting a power of `power_level` (1 = I) costing `point_cost` psionic points
/// through zirkon.
pub fn through_zirkon(power_level: u32, point_cost: u32) -> Result<ZirkonEffect> {
    if power_level == 0 {
        return Err(Error::invalid_argument("power levels start at I (1)"));
    }
    if power_level <= ZIRKON_BLOCKS_UP_TO_LEVEL {
        return Ok(ZirkonEffect::Blocked);
    }
    let doubled = point_cost
        .checked_mul(2)
        .ok_or_else(|| Error::invalid_argument("psionic point cost out of range"))?;
    Ok(ZirkonEffect::Penetrates {
        point_cost: doubled,
    })
}
