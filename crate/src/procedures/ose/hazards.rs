//! OSE drowning (OSE-HAZ-06): the referee sets a percentage chance for a risky swim; the
//! source's two examples are kept as named constants.

use crate::dice::DieRoller;
use crate::error::Result;
use crate::procedures::rolls::{Percent, PercentileRoll, roll_percent};

/// EX-OSE-08: rough water, heavy armour and a heavy load.
pub const DROWNING_ROUGH_HEAVY: u32 = 99;
/// EX-OSE-08: the same water with light armour and a light load.
pub const DROWNING_ROUGH_LIGHT: u32 = 10;

/// OSE-HAZ-06 `[ADJ]`: roll against the referee's drowning chance; success means the swimmer
/// drowns.
pub fn roll_drowning(roller: &mut dyn DieRoller, chance: Percent) -> Result<PercentileRoll> {
    roll_percent(roller, chance)
}
