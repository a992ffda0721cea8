//! HYB load, coins, currency and carried loot (HYB-LOAD-01/02, HYB-TREAS-01..03, EX-HYB-03,
//! EX-HYB-10).

use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, ErrorCode, Result};
use crate::exploration::chance::roll_pool;
use crate::units::{Coins, Feet, Loads};

/// HYB-ACT-03: base Speed.
pub const HYB_BASE_SPEED: Feet = Feet(30);
/// HYB-LOAD-01: Speed lost per load above the STR score.
pub const SPEED_PER_LOAD: u32 = 5;
/// HYB-TREAS-01: copper in a silver piece.
pub const CP_PER_SP: u32 = 10;
/// HYB-TREAS-01: silver in a gold piece.
pub const SP_PER_GP: u32 = 10;
/// Most hit dice accepted when rolling carried loot.
pub const MAX_LOOT_HD: u32 = 100;

/// What a PC's load does to them.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct LoadEffect {
    /// Loads above the STR score.
    pub over: u32,
    pub speed: Feet,
    /// Disadvantage on all checks while over.
    pub disadvantage: bool,
    /// Speed 0: completely encumbered, cannot move.
    pub immobile: bool,
}

/// HYB-LOAD-01: each load above the STR score costs 5 ft of Speed and gives disadvantage on all
/// checks; at 0 ft the PC cannot move.
pub fn hyb_load_effect(str_score: u8, carried: Loads, base_speed: Feet) -> LoadEffect {
    let over = carried.0.saturating_sub(u32::from(str_score));
    let speed = Feet(
        base_speed
            .0
            .saturating_sub(over.saturating_mul(SPEED_PER_LOAD)),
    );
    LoadEffect {
        over,
        speed,
        disadvantage: over > 0,
        immobile: speed.0 == 0,
    }
}

/// Coins by denomination (HYB-TREAS-01); a denomination left out is none.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct Purse {
    pub cp: u32,
    pub sp: u32,
    pub gp: u32,
}

impl Purse {
    /// HYB-TREAS-01: the value in copper (10 cp = 1 sp, 10 sp = 1 gp).
    pub fn value_cp(&self) -> u64 {
        u64::from(self.cp)
            + u64::from(self.sp) * u64::from(CP_PER_SP)
            + u64::from(self.gp) * u64::from(CP_PER_SP * SP_PER_GP)
    }
    /// HYB-LOAD-02: every coin weighs the same, whatever its metal.
    pub fn coins(&self) -> Result<Coins> {
        self.cp
            .checked_add(self.sp)
            .and_then(|c| c.checked_add(self.gp))
            .map(Coins)
            .ok_or_else(|| Error::new(ErrorCode::InvalidArgument, "too many coins to count"))
    }
    /// HYB-TREAS-01: the fewest coins worth `cp` copper (gold first).
    pub fn from_cp(cp: u64) -> Result<Purse> {
        let per_gp = u64::from(CP_PER_SP * SP_PER_GP);
        let gp = u32::try_from(cp / per_gp)
            .map_err(|_| Error::invalid_argument("too much money to hold"))?;
        let rest = cp % per_gp;
        Ok(Purse {
            gp,
            sp: u32::try_from(rest / u64::from(CP_PER_SP)).unwrap_or(0),
            cp: u32::try_from(rest % u64::from(CP_PER_SP)).unwrap_or(0),
        })
    }
}

/// An enemy's carried loot.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CarriedLoot {
    pub dice: Vec<RolledDie>,
    pub gp: u32,
}

/// HYB-TREAS-03: 1d20 gp per HD, separate from any hoard.
pub fn roll_carried_loot(hd: u32, roller: &mut (impl DieRoller + ?Sized)) -> Result<CarriedLoot> {
    if hd > MAX_LOOT_HD {
        return Err(Error::invalid_argument(format!(
            "at most {MAX_LOOT_HD} HD, not {hd}"
        )));
    }
    let (dice, gp) = roll_pool(hd, 20, roller)?;
    Ok(CarriedLoot { dice, gp })
}

/// HYB-TREAS-02 [AMBIG]: XP from gold. The ratio is not stated; 1 gp = 1 XP is implied and is
/// the default, the caller may pass another (XP per gp). Inherited or unearned gold gives none.
pub fn xp_for_gold(gp: u32, earned: bool, xp_per_gp: u32) -> u32 {
    if earned {
        gp.saturating_mul(xp_per_gp)
    } else {
        0
    }
}
