//! HYB attacks and damage (HYB-ATK-01..04, HYB-DMG-01/02): an attack is a check against the
//! target's AC; range bands decide what may attack and at what disadvantage; a natural 20
//! doubles the damage.

use crate::dice::DiceSpec;
use crate::dice::{D20Roll, RollMode, roll_d20};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::hyb::check::Ability;
use crate::procedures::limits::{check_dc, check_modifier};
use crate::procedures::rolls::sum_faces;

/// HYB-ATK-01: how an attack is made; decides the ability used.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum HybAttackMethod {
    /// A melee weapon: STR.
    Melee,
    /// A ranged weapon: DEX.
    Ranged,
    /// An arcane spell: INT. `ranged` when it reaches beyond melee.
    ArcaneSpell { ranged: bool },
    /// A divine spell: WIS. `ranged` when it reaches beyond melee.
    DivineSpell { ranged: bool },
}

impl HybAttackMethod {
    /// HYB-ATK-01: the ability whose modifier the attack adds.
    pub const fn ability(self) -> Ability {
        match self {
            Self::Melee => Ability::Str,
            Self::Ranged => Ability::Dex,
            Self::ArcaneSpell { .. } => Ability::Int,
            Self::DivineSpell { .. } => Ability::Wis,
        }
    }

    pub const fn is_ranged(self) -> bool {
        match self {
            Self::Melee => false,
            Self::Ranged => true,
            Self::ArcaneSpell { ranged } | Self::DivineSpell { ranged } => ranged,
        }
    }
}

/// HYB-ATK-03: range bands, for play without a grid.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum HybRangeBand {
    /// Melee is possible; ranged attacks are at disadvantage.
    Close,
    /// Beyond melee; ideal for ranged weapons.
    Ranged,
    /// Beyond weapons and spells, but still visible.
    Far,
}

/// HYB-ATK-03/04: the advantage state a band imposes on an attack, or why it can't be made.
pub fn band_allows(method: HybAttackMethod, band: HybRangeBand) -> Result<RollMode> {
    match (band, method.is_ranged()) {
        (HybRangeBand::Far, _) => Err(Error::not_allowed(
            "targets at far range are beyond weapons and spells",
        )),
        (HybRangeBand::Ranged, false) => Err(Error::not_allowed(
            "a melee attack needs the target at close range",
        )),
        (HybRangeBand::Close, true) => Ok(RollMode::Disadvantage),
        (HybRangeBand::Close, false) | (HybRangeBand::Ranged, true) => Ok(RollMode::Normal),
    }
}

/// HYB-ATK-04: a melee weapon's reach — within 5 ft, or 10 ft for reach weapons.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum MeleeReach {
    #[default]
    FiveFeet,
    TenFeet,
}

impl MeleeReach {
    pub const fn feet(self) -> u32 {
        match self {
            Self::FiveFeet => 5,
            Self::TenFeet => 10,
        }
    }
}

/// HYB-ATK-04: a melee attack reaches a target `distance_ft` away.
pub const fn melee_in_reach(distance_ft: u32, reach: MeleeReach) -> bool {
    distance_ft <= reach.feet()
}

/// HYB-ATK-04: "in 30 ft" means within 30 ft — a target at `distance_ft` is in a listed range
/// when it is no farther than the range.
pub const fn within_range(distance_ft: u32, range_ft: u32) -> bool {
    distance_ft <= range_ft
}

/// Who attacks (HYB-ATK-01 for PCs, HYB-ATK-02 for NPCs).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum HybAttacker {
    /// A PC: the method's ability modifier, plus proficiency when proficient with the weapon,
    /// spell or method.
    Pc {
        ability_modifier: i32,
        proficient: bool,
        proficiency_bonus: i32,
    },
    /// An NPC or monster: the GM rolls with the monster's attack modifier.
    Npc { modifier: i32 },
}

impl HybAttacker {
    fn modifier(self) -> Result<i32> {
        match self {
            Self::Pc {
                ability_modifier,
                proficient,
                proficiency_bonus,
            } => {
                check_modifier("ability modifier", ability_modifier)?;
                check_modifier("proficiency bonus", proficiency_bonus)?;
                Ok(if proficient {
                    ability_modifier.saturating_add(proficiency_bonus)
                } else {
                    ability_modifier
                })
            }
            Self::Npc { modifier } => check_modifier("attack modifier", modifier),
        }
    }
}

/// One attack's inputs.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybAttackInput {
    pub attacker: HybAttacker,
    pub method: HybAttackMethod,
    pub target_ac: i32,
    /// The range band, when playing without a grid.
    #[serde(default)]
    pub band: Option<HybRangeBand>,
    /// HYB-ATK-04: a ranged attack made while in melee is at disadvantage.
    #[serde(default)]
    pub in_melee: bool,
    /// The GM's advantage or disadvantage from circumstances.
    #[serde(default)]
    pub advantage: RollMode,
}

/// An attack's result.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybAttackResult {
    pub roll: D20Roll,
    pub ability: Ability,
    pub modifier: i32,
    pub total: i32,
    pub target_ac: i32,
    pub hit: bool,
    /// HYB-DMG-02: a natural 20 — the damage is doubled.
    pub critical: bool,
}

/// HYB-ATK-01..04 / HYB-DMG-02: roll an attack. Total ≥ AC hits. A natural 20 is a critical:
/// the source doubles its damage, which presumes a hit, so a natural 20 always hits (an engine
/// reading; the source says nothing of a natural 20 missing).
pub fn roll_hyb_attack(
    roller: &mut dyn DieRoller,
    input: &HybAttackInput,
) -> Result<HybAttackResult> {
    let modifier = input.attacker.modifier()?;
    check_dc("target AC", input.target_ac)?;
    let mut disadvantage = input.advantage == RollMode::Disadvantage;
    if let Some(band) = input.band {
        disadvantage |= band_allows(input.method, band)? == RollMode::Disadvantage;
    }
    if input.in_melee && input.method.is_ranged() {
        disadvantage = true;
    }
    let advantage = RollMode::from_sources(input.advantage == RollMode::Advantage, disadvantage);
    let roll = roll_d20(advantage, roller)?;
    let total = i32::try_from(roll.natural)
        .unwrap_or(0)
        .saturating_add(modifier);
    let critical = roll.natural == 20;
    Ok(HybAttackResult {
        ability: input.method.ability(),
        modifier,
        total,
        target_ac: input.target_ac,
        hit: critical || total >= input.target_ac,
        critical,
        roll,
    })
}

/// A damage roll.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybDamage {
    pub dice: Vec<RolledDie>,
    /// The ability modifier plus the dice's own modifier (`1d8+1` adds 1).
    pub modifier: i32,
    /// Dice plus modifier, at least 0.
    pub base: u32,
    /// Damage dealt: `base`, doubled on a critical.
    pub amount: u32,
    pub doubled: bool,
}

/// HYB-DMG-01/02: the listed dice (with any modifier of their own) + the ability modifier
/// (e.g. 1d8 + STR). On a critical the total is doubled (docs/rules.md's reading of "damage is
/// doubled").
pub fn roll_hyb_damage(
    roller: &mut dyn DieRoller,
    dice: DiceSpec,
    modifier: i32,
    critical: bool,
) -> Result<HybDamage> {
    check_modifier("damage modifier", modifier)?;
    check_modifier("dice modifier", dice.modifier)?;
    let modifier = modifier.saturating_add(dice.modifier);
    let rolled = dice.roll(roller)?;
    let raw = i64::from(sum_faces(&rolled)) + i64::from(modifier);
    let base = u32::try_from(raw.max(0)).unwrap_or(u32::MAX);
    Ok(HybDamage {
        dice: rolled,
        modifier,
        base,
        amount: if critical {
            base.saturating_mul(2)
        } else {
            base
        },
        doubled: critical,
    })
}
