//! The OSE attack matrix (OSE-TBL-02), attacker rows by Hit Dice including "+N" bonus HD
//! (OSE-TBL-04), and THAC0 arithmetic (OSE-ATK-08).

use crate::error::{Error, Result};
use crate::procedures::limits::check_modifier;

/// The armour classes of the matrix's columns, best (−3) to worst (9).
pub const MATRIX_AC_COLUMNS: [i32; 13] = [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/// Lowest THAC0 a character may state outside the matrix (arithmetic and AAC modes).
pub const MIN_THAC0: u32 = 1;
/// Highest THAC0 a character may state outside the matrix.
pub const MAX_THAC0: u32 = 30;

/// A monster's Hit Dice: `dice` whole dice and a fixed hit-point `bonus` (2+1 is
/// `{ dice: 2, bonus: 1 }`; "½ HD" or "less than 1" is `dice: 0`).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct MonsterHd {
    pub dice: u32,
    #[serde(default)]
    pub bonus: i32,
}

impl MonsterHd {
    pub const fn new(dice: u32, bonus: i32) -> Self {
        Self { dice, bonus }
    }

    /// OSE-TBL-04: HD in half steps, so "N+" (a positive bonus) sits just above N: 2 → 4,
    /// 2+1 → 5. A negative bonus (1−1) stays at N.
    const fn half_steps(self) -> u64 {
        (self.dice as u64) * 2 + if self.bonus > 0 { 1 } else { 0 }
    }
}

/// The Hit Dice a matrix row covers (its first column).
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum HdBand {
    /// Normal humans (OSE-TBL-01): less than 1 HD, not in an adventuring class.
    NormalHuman,
    /// "Up to N" HD, including less than 1.
    UpTo { hd: u32 },
    /// "N+ to M": more than N (N with a bonus, or N+1 upward) up to M.
    Between { above: u32, to: u32 },
    /// "N+ or more".
    Beyond { above: u32 },
}

impl HdBand {
    /// The label as printed in the table ("NH", "Up to 1", "1+ to 2", "21+ or more").
    pub fn label(self) -> String {
        match self {
            Self::NormalHuman => "NH".to_owned(),
            Self::UpTo { hd } => format!("Up to {hd}"),
            Self::Between { above, to } => format!("{above}+ to {to}"),
            Self::Beyond { above } => format!("{above}+ or more"),
        }
    }

    /// Whether a monster of `hd` uses this row. Normal humans are never matched by HD.
    pub const fn contains(self, hd: MonsterHd) -> bool {
        let v = hd.half_steps();
        match self {
            Self::NormalHuman => false,
            Self::UpTo { hd } => v <= (hd as u64) * 2,
            Self::Between { above, to } => v > (above as u64) * 2 && v <= (to as u64) * 2,
            Self::Beyond { above } => v > (above as u64) * 2,
        }
    }
}

/// One row of the attack matrix: the d20 roll needed to hit each AC column.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AttackMatrixRow {
    pub band: HdBand,
    pub thac0: u32,
    /// The ascending-AC attack bonus printed in brackets (19 − THAC0).
    pub attack_bonus: i32,
    /// Roll needed against AC −3, −2, …, 9 ([`MATRIX_AC_COLUMNS`]).
    pub needed: [u32; 13],
}

const fn row(band: HdBand, thac0: u32, attack_bonus: i32, needed: [u32; 13]) -> AttackMatrixRow {
    AttackMatrixRow {
        band,
        thac0,
        attack_bonus,
        needed,
    }
}

const fn between(above: u32, to: u32) -> HdBand {
    HdBand::Between { above, to }
}

/// OSE-TBL-02: the attack matrix, every row and column as printed.
#[rustfmt::skip]
pub const ATTACK_MATRIX: [AttackMatrixRow; 16] = [
    row(HdBand::NormalHuman, 20, -1, [20, 20, 20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11]),
    row(HdBand::UpTo { hd: 1 }, 19, 0, [20, 20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10]),
    row(between(1, 2), 18, 1, [20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9]),
    row(between(2, 3), 17, 2, [20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8]),
    row(between(3, 4), 16, 3, [19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7]),
    row(between(4, 5), 15, 4, [18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6]),
    row(between(5, 6), 14, 5, [17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5]),
    row(between(6, 7), 13, 6, [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]),
    row(between(7, 9), 12, 7, [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]),
    row(between(9, 11), 11, 8, [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]),
    row(between(11, 13), 10, 9, [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2]),
    row(between(13, 15), 9, 10, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2]),
    row(between(15, 17), 8, 11, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2]),
    row(between(17, 19), 7, 12, [10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2]),
    row(between(19, 21), 6, 13, [9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2, 2]),
    row(HdBand::Beyond { above: 21 }, 5, 14, [8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2, 2, 2]),
];

impl AttackMatrixRow {
    /// The roll needed to hit descending AC `ac` (−3 to 9).
    pub fn needed_against(&self, ac: i32) -> Result<u32> {
        MATRIX_AC_COLUMNS
            .iter()
            .zip(self.needed.iter())
            .find(|(column, _)| **column == ac)
            .map(|(_, needed)| *needed)
            .ok_or_else(|| {
                Error::invalid_argument(format!(
                    "the attack matrix covers AC -3 to 9, not AC {ac}; use THAC0 arithmetic or ascending AC beyond it"
                ))
            })
    }

    /// OSE-ATK-06 step 3: the best (lowest) AC a modified roll hits, if any column is reached.
    pub fn best_ac_hit(&self, modified_roll: i32) -> Option<i32> {
        MATRIX_AC_COLUMNS
            .iter()
            .zip(self.needed.iter())
            .find(|(_, needed)| i64::from(**needed) <= i64::from(modified_roll))
            .map(|(column, _)| *column)
    }
}

/// The attack-matrix row with this THAC0 (characters use the row for the THAC0 in their class
/// description).
pub fn row_for_thac0(thac0: u32) -> Result<&'static AttackMatrixRow> {
    ATTACK_MATRIX
        .iter()
        .find(|row| row.thac0 == thac0)
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "the attack matrix has rows for THAC0 5 to 20, not {thac0}"
            ))
        })
}

/// OSE-TBL-02/04: the attack-matrix row for a monster's Hit Dice. A bonus to the HD makes it
/// attack as if one HD higher (2 HD → THAC0 18; 2+1 HD → THAC0 17).
pub fn row_for_hd(hd: MonsterHd) -> Result<&'static AttackMatrixRow> {
    check_modifier("HD bonus", hd.bonus)?;
    ATTACK_MATRIX
        .iter()
        .find(|row| row.band.contains(hd))
        .ok_or_else(|| Error::invalid_argument("no attack-matrix row for these Hit Dice"))
}

/// Who is attacking, for finding THAC0 and the attack bonus.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum OseAttacker {
    /// A normal human (OSE-TBL-01).
    NormalHuman,
    /// A monster, by Hit Dice.
    Monster { hd: MonsterHd },
    /// A character (or monster) with a stated THAC0 from its class description.
    Thac0 { thac0: u32 },
}

impl OseAttacker {
    /// THAC0 and ascending attack bonus (19 − THAC0, the table's bracketed value).
    pub fn thac0_and_bonus(self) -> Result<(u32, i32)> {
        match self {
            Self::NormalHuman => Ok((20, -1)),
            Self::Monster { hd } => row_for_hd(hd).map(|r| (r.thac0, r.attack_bonus)),
            Self::Thac0 { thac0 } => {
                if !(MIN_THAC0..=MAX_THAC0).contains(&thac0) {
                    return Err(Error::invalid_argument(format!(
                        "THAC0 must be {MIN_THAC0} to {MAX_THAC0}, not {thac0}"
                    )));
                }
                Ok((thac0, 19 - i32::try_from(thac0).unwrap_or(0)))
            }
        }
    }

    /// The matrix row this attacker uses.
    pub fn matrix_row(self) -> Result<&'static AttackMatrixRow> {
        match self {
            Self::NormalHuman => ATTACK_MATRIX
                .iter()
                .find(|r| r.band == HdBand::NormalHuman)
                .ok_or_else(|| Error::invalid_argument("no normal-human row")),
            Self::Monster { hd } => row_for_hd(hd),
            Self::Thac0 { thac0 } => row_for_thac0(thac0),
        }
    }
}

/// OSE-ATK-08: the roll needed by THAC0 arithmetic, THAC0 − AC (not capped: THAC0 19 against
/// AC −3 needs 22, where the matrix caps at 20; C-34).
pub const fn thac0_arithmetic_needed(thac0: u32, ac: i32) -> i64 {
    thac0 as i64 - ac as i64
}

/// The ascending AC matching a descending AC: 19 − AC (docs/rules.md EX-OSE-01 derives this
/// conversion; it is not printed in the source).
pub const fn ascending_from_descending(ac: i32) -> i32 {
    19i32.saturating_sub(ac)
}
