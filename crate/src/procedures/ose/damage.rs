//! OSE damage (OSE-ATK-02, -04, -05, -15, -16): 1d6 for a character's attack (or the weapon's
//! or monster's dice), STR on melee, at least 1 on any hit, nothing against an immune target,
//! unarmed 1d2 + STR, and subdual damage kept apart from real damage.

use crate::dice::{DiceSpec, DieSize};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::limits::check_modifier;
use crate::procedures::ose::running::EXHAUSTED_DAMAGE_PENALTY;
use crate::procedures::rolls::sum_faces;

/// OSE-ATK-04: a character's attack deals 1d6 unless variable weapon damage is used.
pub const STANDARD_DAMAGE: DiceSpec = DiceSpec::new(1, DieSize::D6);
/// OSE-ATK-16: unarmed attacks deal 1d2 (+ STR).
pub const UNARMED_DAMAGE: DiceSpec = DiceSpec::new(1, DieSize::D2);
/// OSE-ATK-04: a hit always deals at least this much.
pub const MIN_DAMAGE_ON_HIT: u32 = 1;

/// Real damage or subdual damage (OSE-ATK-15).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum DamageKind {
    #[default]
    Lethal,
    /// Announced non-lethal, bludgeoning blows (blades use the flat). Tracked separately.
    Subdual,
}

/// What shapes one damage roll after a hit.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseDamageInput {
    /// OSE-ATK-04/05: 1d6 for characters by default; the weapon's dice under variable weapon
    /// damage; the listed dice for monsters.
    pub dice: DiceSpec,
    /// STR modifier on melee (and unarmed) hits, plus any other fixed bonus.
    #[serde(default)]
    pub modifier: i32,
    /// OSE-PURSUIT-02: an exhausted runner deals −2.
    #[serde(default)]
    pub attacker_exhausted: bool,
    /// OSE-ATK-18 `[ADJ]`: the referee's penalty for fighting in water (0 or less).
    #[serde(default)]
    pub water_penalty: i32,
    /// OSE-ATK-02: the target is immune to this attack form (no damage; nothing rolled).
    #[serde(default)]
    pub target_immune: bool,
    #[serde(default)]
    pub kind: DamageKind,
}

impl OseDamageInput {
    pub const fn new(dice: DiceSpec, modifier: i32) -> Self {
        Self {
            dice,
            modifier,
            attacker_exhausted: false,
            water_penalty: 0,
            target_immune: false,
            kind: DamageKind::Lethal,
        }
    }
}

/// A damage roll.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseDamage {
    pub dice: Vec<RolledDie>,
    /// Sum of every modifier applied (the dice's own, `modifier`, exhaustion, water).
    pub modifier: i32,
    /// Dice plus modifiers, before the minimum.
    pub raw: i64,
    /// Damage dealt.
    pub amount: u32,
    /// The 1-point minimum raised the result.
    pub minimum_applied: bool,
    pub immune: bool,
    pub kind: DamageKind,
}

/// Roll damage for a hit (OSE-ATK-02/04/05/15).
pub fn roll_ose_damage(roller: &mut dyn DieRoller, input: &OseDamageInput) -> Result<OseDamage> {
    input.dice.validate()?;
    check_modifier("dice modifier", input.dice.modifier)?;
    check_modifier("damage modifier", input.modifier)?;
    check_modifier("water penalty", input.water_penalty)?;
    if input.water_penalty > 0 {
        return Err(Error::invalid_argument(
            "fighting in water is a penalty (0 or less)",
        ));
    }
    let exhaustion = if input.attacker_exhausted {
        EXHAUSTED_DAMAGE_PENALTY
    } else {
        0
    };
    let modifier = input
        .modifier
        .saturating_add(input.dice.modifier)
        .saturating_add(exhaustion)
        .saturating_add(input.water_penalty);
    if input.target_immune {
        return Ok(OseDamage {
            dice: Vec::new(),
            modifier,
            raw: 0,
            amount: 0,
            minimum_applied: false,
            immune: true,
            kind: input.kind,
        });
    }
    let dice = input.dice.roll(roller)?;
    let raw = i64::from(sum_faces(&dice)) + i64::from(modifier);
    let minimum = i64::from(MIN_DAMAGE_ON_HIT);
    Ok(OseDamage {
        dice,
        modifier,
        raw,
        amount: u32::try_from(raw.max(minimum)).unwrap_or(u32::MAX),
        minimum_applied: raw < minimum,
        immune: false,
        kind: input.kind,
    })
}

/// OSE-ATK-16: an unarmed hit, 1d2 + STR modifier, at least 1.
pub fn roll_unarmed_damage(roller: &mut dyn DieRoller, str_modifier: i32) -> Result<OseDamage> {
    roll_ose_damage(roller, &OseDamageInput::new(UNARMED_DAMAGE, str_modifier))
}

/// How a creature tracking subdual damage stands.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum SubdualStatus {
    Fighting,
    /// An intelligent creature brought to 0 HP by subdual damage surrenders (OSE-ATK-15).
    Surrenders,
    /// Real damage brought it to 0 HP or less: killed (OSE-ATK-04).
    Killed,
    /// A creature that is not intelligent was brought to 0 HP by subdual damage; the source
    /// says only what intelligent ones do, so the referee decides.
    SubduedRefereeDecides,
}

/// OSE-ATK-15: real and subdual damage taken by one creature, kept apart. A new track may
/// leave the damage taken out (0 of each, as [`SubdualTrack::new`]).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SubdualTrack {
    pub max_hp: u32,
    pub intelligent: bool,
    #[serde(default)]
    pub lethal_taken: u32,
    #[serde(default)]
    pub subdual_taken: u32,
}

impl SubdualTrack {
    pub const fn new(max_hp: u32, intelligent: bool) -> Self {
        Self {
            max_hp,
            intelligent,
            lethal_taken: 0,
            subdual_taken: 0,
        }
    }

    /// Record damage and report the creature's state.
    pub fn take(&mut self, kind: DamageKind, amount: u32) -> SubdualStatus {
        match kind {
            DamageKind::Lethal => self.lethal_taken = self.lethal_taken.saturating_add(amount),
            DamageKind::Subdual => self.subdual_taken = self.subdual_taken.saturating_add(amount),
        }
        self.status()
    }

    /// The state now: real damage alone kills; real plus subdual reaching the HP subdues.
    pub const fn status(&self) -> SubdualStatus {
        if self.lethal_taken >= self.max_hp {
            SubdualStatus::Killed
        } else if self.lethal_taken.saturating_add(self.subdual_taken) >= self.max_hp {
            if self.intelligent {
                SubdualStatus::Surrenders
            } else {
                SubdualStatus::SubduedRefereeDecides
            }
        } else {
            SubdualStatus::Fighting
        }
    }
}
