//! The damage pipeline as a pure function: from the amount an attack or effect deals to the
//! damage the target takes, step by step, for each ruleset.
//!
//! Order (A5E-DMG-07): doubling (critical hits, HYB fumbles) → flat modifiers, floor 0
//! (A5E-DMG-01) → immunity (A5E-DMG-08) → resistance → vulnerability → OSE's minimum of 1 on a
//! hit (OSE-ATK-04). Temporary HP come after this, when the damage is applied.

pub use crate::creature::outcome::{DamageBreakdown, Doubling};

use crate::creature::damage_type::DamageType;
use crate::creature::limits::{MAX_AMOUNT, MAX_FLAT_MODIFIERS};
use crate::creature::outcome::{AtZeroConsequence, CriticalDowngrade};
use crate::creature::roll::{RollMode, check_modifier};
use crate::creature::rules::{CreatureRules, Rounding};
use crate::creature::state::{Creature, CreatureKind};
use crate::error::{Error, ErrorCode, Result};

/// One instance of damage against one target.
///
/// `amount` is what the attack or effect deals, including the attacker's own modifiers (a
/// critical hit doubles those too: A5E-DMG-03). `flat_modifiers` are later adjustments that are
/// not doubled: a damage reduction on the target (EX-A5E-01's magical cage, −5), or OSE's
/// Strength modifier on a d6 (OSE-ATK-04), which may take the total below 1.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct DamageInstance {
    /// 0 or more; a negative amount is an error.
    pub amount: i32,
    /// `None` for untyped damage (which no resistance, vulnerability or immunity matches:
    /// A5E-DMG-06).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
    /// From a critical hit (A5E-DMG-03, HYB-DMG-02; OSE adds nothing: OSE-ATK-01).
    pub critical: bool,
    /// From an attack that hit (A5E-DEATH-05; OSE's minimum of 1 applies to hits).
    pub from_attack: bool,
    /// From a melee attack (A5E-DEATH-12 knock-outs need one).
    pub melee: bool,
    /// From a mundane (nonmagical) weapon (A5E-DMG-08).
    pub mundane_weapon: bool,
    /// Ongoing damage at the end of the creature's turn (A5E-DMG-06).
    pub ongoing: bool,
    /// HYB-DMG-03: the PC's own check against this damage was a natural 1.
    pub natural_one_on_check: bool,
    /// OSE-ATK-15: subdual damage (bludgeoning only), tracked apart from real damage.
    pub subdual: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flat_modifiers: Vec<i32>,
    /// HYB-RETURN-02 (a failed roll to return on a dangerous way): damage that can't be avoided
    /// or healed. Plain (untyped, no modifiers), it passes temporary HP by, and the HP it takes
    /// come back only with rest (`HybState::unhealable`). OSR/5e hybrid rules only.
    #[serde(skip_serializing_if = "is_false")]
    pub unhealable: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl DamageInstance {
    /// `amount` of `damage_type` damage, not from an attack.
    pub fn new(amount: i32, damage_type: Option<DamageType>) -> Self {
        Self {
            amount,
            damage_type,
            ..Self::default()
        }
    }

    /// A hit with an attack.
    pub fn attack(amount: i32, damage_type: Option<DamageType>, melee: bool) -> Self {
        Self {
            amount,
            damage_type,
            from_attack: true,
            melee,
            ..Self::default()
        }
    }

    pub fn critical(mut self) -> Self {
        self.critical = true;
        self
    }

    pub fn with_flat_modifier(mut self, modifier: i32) -> Self {
        self.flat_modifiers.push(modifier);
        self
    }

    pub fn validate(&self) -> Result<()> {
        if !(0..=MAX_AMOUNT).contains(&self.amount) {
            return Err(Error::invalid_argument(format!(
                "damage amount must be from 0 to {MAX_AMOUNT}, not {}",
                self.amount
            )));
        }
        if self.flat_modifiers.len() > MAX_FLAT_MODIFIERS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_FLAT_MODIFIERS} flat modifiers per damage instance"),
            ));
        }
        if let Some(m) = self
            .flat_modifiers
            .iter()
            .find(|m| m.unsigned_abs() > MAX_AMOUNT.unsigned_abs())
        {
            return Err(Error::invalid_argument(format!(
                "a flat damage modifier must be within ±{MAX_AMOUNT}, not {m}"
            )));
        }
        if self.unhealable
            && (self.damage_type.is_some()
                || !self.flat_modifiers.is_empty()
                || self.mundane_weapon
                || self.subdual)
        {
            return Err(Error::invalid_argument(
                "damage that can't be avoided or healed (HYB-RETURN-02) is untyped, with no \
                 modifiers, weapon or subdual",
            ));
        }
        if self.subdual && !matches!(self.damage_type, None | Some(DamageType::Bludgeoning)) {
            return Err(Error::invalid_argument(
                "subdual damage must be bludgeoning (OSE-ATK-15: bladed weapons strike with the flat)",
            ));
        }
        Ok(())
    }
}

/// The choices the rules leave to the attacker, the target or the Narrator when damage lands.
/// None is ever made silently: a choice the situation needs and the caller left out is an error.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct DamageChoices {
    /// A5E-DEATH-05: the attacker's pick when an attack damages a creature at 0 HP. Required then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacked_at_zero: Option<AtZeroConsequence>,
    /// A5E-DEATH-06: other damage at 0 HP gives a death-save failure unless the Narrator picks
    /// fatigue or strife.
    pub other_damage_at_zero: AtZeroConsequence,
    /// A5E-DEATH-12: the attacker knocks the creature out if this melee attack drops it to 0.
    pub knock_out: bool,
    /// A5E-DMG-04: the target turns this critical hit into a regular hit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub critical_downgrade: Option<CriticalDowngrade>,
    /// The target's Constitution save modifier for massive damage (A5E-DEATH-01); `None` uses
    /// its Constitution modifier.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub con_save_modifier: Option<i32>,
    /// Advantage or disadvantage on that save.
    pub con_save_mode: RollMode,
}

impl DamageChoices {
    pub fn validate(&self) -> Result<()> {
        if let Some(m) = self.con_save_modifier {
            check_modifier(m, "a Constitution save modifier")?;
        }
        Ok(())
    }
}

/// The ruleset-level knobs the pipeline needs.
#[derive(Debug, Clone, Copy)]
struct PipelineRules {
    critical_doubles: bool,
    fumble_doubles: bool,
    minimum_one_on_hit: bool,
    rounding: Rounding,
}

impl PipelineRules {
    fn of(rules: &CreatureRules) -> Self {
        match rules {
            CreatureRules::A5e(r) => Self {
                critical_doubles: true,
                fumble_doubles: false,
                minimum_one_on_hit: false,
                rounding: r.resistance_rounding,
            },
            // 5e doubles a critical hit's dice, not its modifiers: the caller rolls them.
            CreatureRules::Srd5e(r) => Self {
                critical_doubles: false,
                fumble_doubles: false,
                minimum_one_on_hit: false,
                rounding: r.resistance_rounding,
            },
            CreatureRules::Hyb(r) => Self {
                critical_doubles: true,
                fumble_doubles: true,
                minimum_one_on_hit: false,
                rounding: r.resistance_rounding,
            },
            CreatureRules::Ose(r) => Self {
                critical_doubles: false,
                fumble_doubles: false,
                minimum_one_on_hit: true,
                rounding: r.resistance_rounding,
            },
        }
    }
}

fn clamp_u32(value: i64) -> u32 {
    u32::try_from(value.max(0)).unwrap_or(u32::MAX)
}

/// The damage `target` would take from `damage` under `rules`, step by step. Pure: nothing
/// changes. A critical hit the target downgrades (A5E-DMG-04) is passed as
/// `critical_downgraded`.
pub fn compute_damage(
    target: &Creature,
    rules: &CreatureRules,
    damage: &DamageInstance,
    critical_downgraded: bool,
) -> Result<DamageBreakdown> {
    damage.validate()?;
    let knobs = PipelineRules::of(rules);
    let amount = u32::try_from(damage.amount).unwrap_or(0);

    let mut doublings = Vec::new();
    if knobs.critical_doubles && damage.critical && !critical_downgraded {
        doublings.push(Doubling::CriticalHit);
    }
    if knobs.fumble_doubles && damage.natural_one_on_check && target.kind == CreatureKind::Pc {
        doublings.push(Doubling::NaturalOneOnCheck);
    }
    let mut value = i64::from(amount);
    for _ in &doublings {
        value = value.saturating_mul(2);
    }
    let after_doubling = clamp_u32(value);

    let flat_total: i64 = damage.flat_modifiers.iter().map(|m| i64::from(*m)).sum();
    let after_flat = clamp_u32(value.saturating_add(flat_total));
    let mut total = u64::from(after_flat);

    let defenses = &target.defenses;
    let matches = |list: &[crate::creature::DamageType]| -> u32 {
        damage.damage_type.map_or(0, |t| {
            u32::try_from(list.iter().filter(|d| **d == t).count()).unwrap_or(u32::MAX)
        })
    };
    let immune = matches(&defenses.immunities) > 0
        || (damage.mundane_weapon && defenses.immune_to_mundane_weapons);
    let resistance_sources = matches(&defenses.resistances) + u32::from(defenses.resists_all);
    let vulnerability_sources = matches(&defenses.vulnerabilities);
    let resisted = !immune && resistance_sources > 0;
    let vulnerable = !immune && vulnerability_sources > 0;

    if immune {
        total = 0;
    } else {
        if resisted {
            total = knobs.rounding.halve(total);
        }
        if vulnerable {
            total = total.saturating_mul(2);
        }
    }
    let mut minimum_applied = false;
    if knobs.minimum_one_on_hit && damage.from_attack && !immune && total < 1 {
        total = 1;
        minimum_applied = true;
    }
    Ok(DamageBreakdown {
        amount,
        doublings,
        after_doubling,
        flat_total: i32::try_from(flat_total).unwrap_or(0),
        after_flat,
        immune,
        resistance_sources,
        resisted,
        vulnerability_sources,
        vulnerable,
        minimum_applied,
        total: u32::try_from(total).unwrap_or(u32::MAX),
    })
}
