//! OSE saving throws (OSE-SAVE-01..04) and the monster saving-throw table (OSE-TBL-03).
//! Character class tables are not in the source: a character's save values are caller data.

use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::limits::{check_dc, check_modifier};

/// OSE-SAVE-01: the five saving-throw categories. An effect's description names its category.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum SaveCategory {
    /// Death rays and poison (D).
    DeathOrPoison,
    /// Magic wand effects (W).
    Wands,
    /// Paralysis or turning to stone (P).
    ParalysisOrPetrification,
    /// Dragon or other breath weapons (B).
    BreathAttacks,
    /// Baneful spells, rod or staff effects (S).
    SpellsRodsStaves,
}

impl SaveCategory {
    /// In table order: D, W, P, B, S.
    pub const ALL: [SaveCategory; 5] = [
        Self::DeathOrPoison,
        Self::Wands,
        Self::ParalysisOrPetrification,
        Self::BreathAttacks,
        Self::SpellsRodsStaves,
    ];

    /// The one-letter abbreviation the source uses.
    pub const fn letter(self) -> char {
        match self {
            Self::DeathOrPoison => 'D',
            Self::Wands => 'W',
            Self::ParalysisOrPetrification => 'P',
            Self::BreathAttacks => 'B',
            Self::SpellsRodsStaves => 'S',
        }
    }
}

/// A full set of save values, one per category (from the monster table or a class table).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct SaveValues {
    pub death: u32,
    pub wands: u32,
    pub paralysis: u32,
    pub breath: u32,
    pub spells: u32,
}

impl SaveValues {
    pub const fn for_category(self, category: SaveCategory) -> u32 {
        match category {
            SaveCategory::DeathOrPoison => self.death,
            SaveCategory::Wands => self.wands,
            SaveCategory::ParalysisOrPetrification => self.paralysis,
            SaveCategory::BreathAttacks => self.breath,
            SaveCategory::SpellsRodsStaves => self.spells,
        }
    }
}

/// The Hit Dice a monster save row covers.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SaveBand {
    NormalHuman,
    /// `from` to `to` HD inclusive.
    Range {
        from: u32,
        to: u32,
    },
    /// `from` HD or more.
    OrMore {
        from: u32,
    },
}

impl SaveBand {
    /// The label as printed ("NH", "1–3", "22 or more").
    pub fn label(self) -> String {
        match self {
            Self::NormalHuman => "NH".to_owned(),
            Self::Range { from, to } => format!("{from}–{to}"),
            Self::OrMore { from } => format!("{from} or more"),
        }
    }
}

/// One row of the monster saving-throw table.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MonsterSaveRow {
    pub band: SaveBand,
    pub values: SaveValues,
}

const fn save_row(band: SaveBand, v: [u32; 5]) -> MonsterSaveRow {
    let [death, wands, paralysis, breath, spells] = v;
    MonsterSaveRow {
        band,
        values: SaveValues {
            death,
            wands,
            paralysis,
            breath,
            spells,
        },
    }
}

const fn hd(from: u32, to: u32) -> SaveBand {
    SaveBand::Range { from, to }
}

/// OSE-TBL-03: monster saving throws, every row (D, W, P, B, S).
#[rustfmt::skip]
pub const MONSTER_SAVE_TABLE: [MonsterSaveRow; 9] = [
    save_row(SaveBand::NormalHuman, [14, 15, 16, 17, 18]),
    save_row(hd(1, 3), [12, 13, 14, 15, 16]),
    save_row(hd(4, 6), [10, 11, 12, 13, 14]),
    save_row(hd(7, 9), [8, 9, 10, 10, 12]),
    save_row(hd(10, 12), [6, 7, 8, 8, 10]),
    save_row(hd(13, 15), [4, 5, 6, 5, 8]),
    save_row(hd(16, 18), [2, 3, 4, 3, 6]),
    save_row(hd(19, 21), [2, 2, 2, 2, 4]),
    save_row(SaveBand::OrMore { from: 22 }, [2, 2, 2, 2, 2]),
];

/// Which monster save row to use: "Monsters use the row named in their description".
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SaveAs {
    NormalHuman,
    /// By whole Hit Dice, 1 or more (a monster under 1 HD names its row, usually NH).
    HitDice {
        hd: u32,
    },
}

/// OSE-TBL-03: the save values for a monster row.
pub fn monster_saves(save_as: SaveAs) -> Result<SaveValues> {
    if save_as == (SaveAs::HitDice { hd: 0 }) {
        return Err(Error::invalid_argument(
            "the monster save table starts at 1 HD; name the row (e.g. normal human) for less",
        ));
    }
    MONSTER_SAVE_TABLE
        .iter()
        .find(|row| match (save_as, row.band) {
            (SaveAs::NormalHuman, SaveBand::NormalHuman) => true,
            (SaveAs::HitDice { hd }, SaveBand::Range { from, to }) => hd >= from && hd <= to,
            (SaveAs::HitDice { hd }, SaveBand::OrMore { from }) => hd >= from,
            _ => false,
        })
        .map(|row| row.values)
        .ok_or_else(|| Error::invalid_argument("no monster save row matches"))
}

/// OSE-SAVE-03/04: what is at stake in a save.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SaveStake {
    /// A damaging effect: a success halves the damage (rounded down).
    Damaging { damage: u32 },
    /// A non-damaging effect: a success avoids it entirely.
    NonDamaging,
    /// Poison: a failure is usually fatal (`fatal_on_failure` is the referee's call, normally
    /// true); damage the poisonous attack also deals is not affected by the save.
    Poison {
        attack_damage: u32,
        fatal_on_failure: bool,
    },
}

/// A saving throw.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseSave {
    pub die: RolledDie,
    /// Bonus added to the roll (e.g. a magic item's combat bonus, OSE-DMG-03).
    pub bonus: i32,
    pub total: i32,
    pub target: u32,
    pub success: bool,
    /// Damage still taken after the save.
    pub damage_taken: u32,
    /// The effect takes hold (non-damaging effect failed, or poison failed).
    pub effect_applies: bool,
    /// Poison failed and the referee treats it as fatal.
    pub fatal: bool,
}

/// OSE-SAVE-02..04: roll 1d20 + `bonus`; at least `target` succeeds.
pub fn roll_ose_save(
    roller: &mut dyn DieRoller,
    target: u32,
    bonus: i32,
    stake: SaveStake,
) -> Result<OseSave> {
    check_dc("save target", i32::try_from(target).unwrap_or(i32::MAX))?;
    check_modifier("save bonus", bonus)?;
    let face = roller.roll_die(20)?;
    let total = i32::try_from(face).unwrap_or(0).saturating_add(bonus);
    let success = i64::from(total) >= i64::from(target);
    let (damage_taken, effect_applies, fatal) = match stake {
        SaveStake::Damaging { damage } => (if success { damage / 2 } else { damage }, false, false),
        SaveStake::NonDamaging => (0, !success, false),
        SaveStake::Poison {
            attack_damage,
            fatal_on_failure,
        } => (attack_damage, !success, !success && fatal_on_failure),
    };
    Ok(OseSave {
        die: RolledDie { sides: 20, face },
        bonus,
        total,
        target,
        success,
        damage_taken,
        effect_applies,
        fatal,
    })
}

/// OSE-SAVE-02: a monster's save in `category` using the monster table.
pub fn roll_monster_save(
    roller: &mut dyn DieRoller,
    save_as: SaveAs,
    category: SaveCategory,
    bonus: i32,
    stake: SaveStake,
) -> Result<OseSave> {
    let target = monster_saves(save_as)?.for_category(category);
    roll_ose_save(roller, target, bonus, stake)
}
