//! HYB-DEATH-03: the d20 Injury Table, rolled once a PC at 0 HP is stabilised. Every row, as
//! data.

use crate::creature::abilities::Ability;

/// One row's effect.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum InjuryRow {
    /// 1 — a false hope: dead.
    FalseHope,
    /// 2 — feeble: lose 1d6 STR.
    Feeble,
    /// 3 — shaky: lose 1d6 DEX.
    Shaky,
    /// 4 — weak: lose 1d6 CON.
    Weak,
    /// 5 — addled: lose 1d6 INT.
    Addled,
    /// 6 — confused: lose 1d6 WIS.
    Confused,
    /// 7 — disfigured: lose 1d6 CHA.
    Disfigured,
    /// 8–13 — lose a body part (the GM's choice).
    LostBodyPart,
    /// 14–19 — disadvantage on all checks until rest.
    DisadvantageUntilRest,
    /// 20 — standing: instantly heal 1d8 HP.
    Standing,
}

impl InjuryRow {
    /// The ability that loses 1d6 points on this row, if any.
    pub const fn ability_loss(self) -> Option<Ability> {
        match self {
            Self::Feeble => Some(Ability::Str),
            Self::Shaky => Some(Ability::Dex),
            Self::Weak => Some(Ability::Con),
            Self::Addled => Some(Ability::Int),
            Self::Confused => Some(Ability::Wis),
            Self::Disfigured => Some(Ability::Cha),
            _ => None,
        }
    }
}

/// A band of d20 results.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InjuryEntry {
    pub low: u32,
    pub high: u32,
    pub row: InjuryRow,
}

/// HYB-DEATH-03, every row.
pub const INJURY_TABLE: [InjuryEntry; 10] = [
    InjuryEntry {
        low: 1,
        high: 1,
        row: InjuryRow::FalseHope,
    },
    InjuryEntry {
        low: 2,
        high: 2,
        row: InjuryRow::Feeble,
    },
    InjuryEntry {
        low: 3,
        high: 3,
        row: InjuryRow::Shaky,
    },
    InjuryEntry {
        low: 4,
        high: 4,
        row: InjuryRow::Weak,
    },
    InjuryEntry {
        low: 5,
        high: 5,
        row: InjuryRow::Addled,
    },
    InjuryEntry {
        low: 6,
        high: 6,
        row: InjuryRow::Confused,
    },
    InjuryEntry {
        low: 7,
        high: 7,
        row: InjuryRow::Disfigured,
    },
    InjuryEntry {
        low: 8,
        high: 13,
        row: InjuryRow::LostBodyPart,
    },
    InjuryEntry {
        low: 14,
        high: 19,
        row: InjuryRow::DisadvantageUntilRest,
    },
    InjuryEntry {
        low: 20,
        high: 20,
        row: InjuryRow::Standing,
    },
];

/// The row for a d20 result (1–20), or `None` outside the die.
pub fn injury_for_roll(roll: u32) -> Option<InjuryRow> {
    INJURY_TABLE
        .iter()
        .find(|e| (e.low..=e.high).contains(&roll))
        .map(|e| e.row)
}
