//! A5E-OBJ-02/06/11: how objects take damage and make saving throws.

use crate::error::Result;
use crate::procedures::a5e::ability::Ability;
use crate::procedures::a5e::damage::{DamageType, halve};
use crate::procedures::a5e::limits;

/// Damage types every object is immune to unless noted (living plants, for example).
pub const OBJECT_IMMUNITIES: [DamageType; 2] = [DamageType::Poison, DamageType::Psychic];

/// A5E-OBJ-11: ray-shielded objects resist fire and radiant damage.
pub const RAY_SHIELDING_RESISTANCES: [DamageType; 2] = [DamageType::Fire, DamageType::Radiant];

/// How an object meets a saving throw (A5E-OBJ-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ObjectSave {
    /// Strength and Dexterity saves fail automatically.
    AutoFail,
    /// Effects that require any other save don't affect it.
    Immune,
}

/// A5E-OBJ-02: objects automatically fail Strength and Dexterity saves and are immune to
/// effects requiring any other save.
pub const fn object_save(ability: Ability) -> ObjectSave {
    match ability {
        Ability::Str | Ability::Dex => ObjectSave::AutoFail,
        _ => ObjectSave::Immune,
    }
}

/// What protects an object. Resistances, vulnerabilities and extra immunities are the
/// Narrator's to assign (flammable objects are typically vulnerable to fire).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectDefenses {
    /// A5E-OBJ-06: a damage instance below this deals no damage at all.
    pub damage_threshold: Option<u32>,
    /// Living objects (plants…) are not immune to poison and psychic damage.
    pub living: bool,
    /// A5E-OBJ-11: resistance to fire and radiant damage.
    pub ray_shielded: bool,
    pub resistances: Vec<DamageType>,
    pub vulnerabilities: Vec<DamageType>,
    pub immunities: Vec<DamageType>,
}

/// Why an object took no damage.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum NoDamageReason {
    Immune,
    BelowThreshold,
}

/// One damage instance against an object.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ObjectDamage {
    pub incoming: u32,
    /// After resistance (halved once, rounded down) and vulnerability (doubled once).
    pub after_modifiers: u32,
    /// Damage the object actually takes.
    pub dealt: u32,
    pub prevented_by: Option<NoDamageReason>,
}

impl ObjectDefenses {
    fn has(list: &[DamageType], t: Option<DamageType>) -> bool {
        t.is_some_and(|t| list.contains(&t))
    }

    /// Is the object immune to this type?
    pub fn immune_to(&self, t: Option<DamageType>) -> bool {
        (!self.living && Self::has(&OBJECT_IMMUNITIES, t)) || Self::has(&self.immunities, t)
    }

    /// Does the object resist this type?
    pub fn resists(&self, t: Option<DamageType>) -> bool {
        (self.ray_shielded && Self::has(&RAY_SHIELDING_RESISTANCES, t))
            || Self::has(&self.resistances, t)
    }

    /// A5E-OBJ-02/06/11: the damage one instance deals. Immunity negates it; resistance then
    /// vulnerability apply once each (A5E-DMG-07); and the threshold is compared with what is
    /// left: an instance below it deals nothing, one at or above it deals all of it. Untyped
    /// damage meets no immunity, resistance or vulnerability.
    pub fn damage(&self, amount: u32, damage_type: Option<DamageType>) -> ObjectDamage {
        if self.immune_to(damage_type) {
            return ObjectDamage {
                incoming: amount,
                after_modifiers: 0,
                dealt: 0,
                prevented_by: Some(NoDamageReason::Immune),
            };
        }
        let mut after = amount;
        if self.resists(damage_type) {
            after = halve(after);
        }
        if Self::has(&self.vulnerabilities, damage_type) {
            after = after.saturating_mul(2);
        }
        let below = self.damage_threshold.is_some_and(|t| after < t);
        ObjectDamage {
            incoming: amount,
            after_modifiers: after,
            dealt: if below { 0 } else { after },
            prevented_by: below.then_some(NoDamageReason::BelowThreshold),
        }
    }
}

/// An object's hit points.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ObjectHp {
    pub current: u32,
    pub max: u32,
}

impl ObjectHp {
    pub fn new(max: u32) -> Result<Self> {
        if max == 0 || max > limits::MAX_OBJECT_HP {
            return Err(crate::error::Error::invalid_argument(format!(
                "an object's hit points run from 1 to {}, not {max}",
                limits::MAX_OBJECT_HP
            )));
        }
        Ok(Self { current: max, max })
    }

    /// An object's HP as a caller passed them back (stateful procedures take the state as
    /// input): the maximum within [`ObjectHp::new`]'s range and the current HP at most the
    /// maximum, else `INVALID_ARGUMENT` (current above the maximum made regeneration count
    /// negative HP; found by fuzzing).
    pub fn checked(self) -> Result<Self> {
        let fresh = Self::new(self.max)?;
        if self.current > fresh.max {
            return Err(crate::error::Error::invalid_argument(format!(
                "an object's current hit points ({}) exceed its maximum ({})",
                self.current, self.max
            )));
        }
        Ok(self)
    }

    /// A5E-OBJ-02: at 0 HP an object breaks.
    pub const fn broken(&self) -> bool {
        self.current == 0
    }

    /// Take already-computed damage ([`ObjectDefenses::damage`]); HP stop at 0.
    pub fn take(&mut self, dealt: u32) {
        self.current = self.current.saturating_sub(dealt);
    }
}
