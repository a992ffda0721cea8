//! A5E-DICE-01..03 and -05: attack rolls (d20 + modifiers vs AC, natural 20 and 1) and the death
//! saving throw die.

use super::ability::Ability;
use super::cover::{A5eCover, Targeting};
use super::dice::{D20Test, D20TestRoll, RollMode};
use super::limits;
use crate::dice::{DieRoller, DieSize};
use crate::error::{Error, Result};

/// What kind of attack is made, for choosing its ability (A5E-DICE-03).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AttackKind {
    /// Melee weapon: Strength, or Dexterity when the weapon allows it (`finesse`).
    MeleeWeapon { finesse: bool },
    /// Ranged weapon: Dexterity, unless thrown (a thrown weapon uses its melee ability).
    RangedWeapon { thrown: bool, finesse: bool },
    /// Spell attack: the caster's spellcasting ability.
    Spell { spellcasting: Ability },
}

impl AttackKind {
    /// The abilities the attack may use; the attacker picks one.
    pub fn abilities(self) -> Vec<Ability> {
        match self {
            Self::MeleeWeapon { finesse: false }
            | Self::RangedWeapon {
                thrown: true,
                finesse: false,
            } => vec![Ability::Str],
            Self::MeleeWeapon { finesse: true }
            | Self::RangedWeapon {
                thrown: true,
                finesse: true,
            } => vec![Ability::Str, Ability::Dex],
            Self::RangedWeapon { thrown: false, .. } => vec![Ability::Dex],
            Self::Spell { spellcasting } => vec![spellcasting],
        }
    }
}

/// Everything an attack roll needs (A5E-DICE-01..04). The fields the rules give a neutral
/// value for may be left out: no other modifiers (0), a straight roll (`"normal"`), no
/// expertise die, not rattled, no cover.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AttackRollInput {
    /// Modifier of the ability the attack uses (see [`AttackKind::abilities`]).
    pub ability_modifier: i32,
    pub proficiency_bonus: i32,
    /// Proficient with the weapon, or a spell attack: add the proficiency bonus.
    pub proficient: bool,
    /// Magic weapons, maneuvers, spells, features, traits… (default 0).
    #[serde(default)]
    pub other_modifiers: i32,
    /// Advantage or disadvantage (default `"normal"`).
    #[serde(default)]
    pub mode: RollMode,
    /// An expertise die added to the roll (default none).
    #[serde(default)]
    pub expertise: Option<DieSize>,
    /// A rattled attacker cannot add expertise dice (default `false`).
    #[serde(default)]
    pub rattled: bool,
    /// The target's AC before cover.
    pub target_ac: i32,
    /// The target's cover (default `"none"`).
    #[serde(default)]
    pub cover: A5eCover,
}

/// How an attack roll came out.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum AttackOutcome {
    /// Natural 20: always hits, and is a critical hit (A5E-DICE-02).
    CriticalHit,
    Hit,
    Miss,
    /// Natural 1: always misses (A5E-DICE-02).
    CriticalFumble,
}

impl AttackOutcome {
    pub const fn hits(self) -> bool {
        matches!(self, Self::CriticalHit | Self::Hit)
    }
}

/// A rolled attack with every die shown.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AttackRoll {
    pub roll: D20TestRoll,
    /// AC the total was compared with: target AC + cover bonus.
    pub effective_ac: i32,
    pub outcome: AttackOutcome,
}

impl AttackRollInput {
    /// A5E-DICE-03: ability modifier + proficiency (only when proficient) + other modifiers.
    pub fn modifier(&self) -> Result<i32> {
        let ability = limits::check_modifier("abilityModifier", self.ability_modifier)?;
        let prof = limits::check_modifier("proficiencyBonus", self.proficiency_bonus)?;
        let other = limits::check_modifier("otherModifiers", self.other_modifiers)?;
        Ok(ability + if self.proficient { prof } else { 0 } + other)
    }

    /// A5E-DICE-01/02: roll d20 + modifiers (+ expertise die) against AC + cover. Natural 20
    /// always hits as a critical; natural 1 always misses. A target behind total cover can't be
    /// attacked (`NOT_ALLOWED`, nothing rolled).
    pub fn roll(&self, roller: &mut dyn DieRoller) -> Result<AttackRoll> {
        if !self.cover.can_be_targeted(Targeting::Direct) {
            return Err(Error::not_allowed(
                "a target behind total cover can't be attacked directly (A5E-ATK-06)",
            ));
        }
        let target_ac = limits::check_dc("targetAc", self.target_ac)?;
        let test = D20Test {
            mode: self.mode,
            modifier: self.modifier()?,
            expertise: self.expertise,
            rattled: self.rattled,
        };
        let roll = test.roll(roller)?;
        let effective_ac = target_ac + self.cover.ac_bonus();
        let outcome = match roll.d20.natural {
            20 => AttackOutcome::CriticalHit,
            1 => AttackOutcome::CriticalFumble,
            _ if roll.total >= effective_ac => AttackOutcome::Hit,
            _ => AttackOutcome::Miss,
        };
        Ok(AttackRoll {
            roll,
            effective_ac,
            outcome,
        })
    }
}

/// A5E-DICE-05: a death saving throw succeeds on 10 or more (the creature sheet's constant).
pub const DEATH_SAVE_DC: i32 = crate::creature::DEATH_SAVE_DC;

/// A death saving throw's die, as rolled. What the result does to the creature (counters,
/// fatigue and strife on a natural 1, 1 HP on a natural 20) is the creature module's business
/// (A5E-DEATH-03/04); this reports the die and the flags it needs.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DeathSaveRoll {
    pub roll: D20TestRoll,
    /// Whether the save succeeds: a natural 20 always, a natural 1 never, any other face on a
    /// total of 10 or more (G-50, as the creature sheet's death save decides).
    pub success: bool,
    pub natural_1: bool,
    pub natural_20: bool,
}

/// A5E-DICE-05: roll a death saving throw. It is tied to no ability, but effects that modify
/// saving throws apply: pass them in `test`. A natural 1 fails and a natural 20 succeeds
/// whatever they add up to (G-50).
pub fn roll_death_save(test: &D20Test, roller: &mut dyn DieRoller) -> Result<DeathSaveRoll> {
    let roll = test.roll(roller)?;
    let natural = roll.d20.natural;
    Ok(DeathSaveRoll {
        success: crate::creature::dying::death_save_succeeds(natural, roll.total),
        natural_1: natural == 1,
        natural_20: natural == 20,
        roll,
    })
}
