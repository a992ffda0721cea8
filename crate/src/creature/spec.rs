//! What a new creature starts with, as a caller writes it (`new Creature(spec)` in the
//! package): the few required fields and defaults for the rest.

use super::{
    AbilityScores, Creature, CreatureKind, CreatureRules, DamageType, HitDice, Moment, ZeroHpRule,
};
use crate::error::Result;

/// What a new creature starts with. Only `kind`, `hpMax` and `rules` are required.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CreatureSpec {
    pub kind: CreatureKind,
    pub hp_max: u32,
    /// Current HP; the maximum when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp: Option<u32>,
    #[serde(default)]
    pub temp_hp: u32,
    /// Character level or monster Hit Dice (massive damage, HYB nightly healing).
    #[serde(default)]
    pub level: u32,
    #[serde(default)]
    pub con_mod: i32,
    /// A5E Hit Dice pool (short and long rests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_dice: Option<HitDice>,
    #[serde(default)]
    pub resistances: Vec<DamageType>,
    #[serde(default)]
    pub vulnerabilities: Vec<DamageType>,
    #[serde(default)]
    pub immunities: Vec<DamageType>,
    /// A5E-DMG-08: immune to damage from mundane (nonmagical) weapons.
    #[serde(default)]
    pub immune_to_mundane_weapons: bool,
    /// A5E-DEATH-11: what 0 HP does; by default PCs make death saves and others die.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zero_hp: Option<ZeroHpRule>,
    /// Ability scores (HYB injuries and resilience).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<AbilityScores>,
    /// The ruleset and its options: `{ type: "a5e" }`, `{ type: "hyb", deathClockSeconds: 60 }`…
    pub rules: CreatureRules,
    /// The current game time; 0 and outside any encounter when left out.
    #[serde(default)]
    pub time: Moment,
}

impl CreatureSpec {
    /// The creature it describes, validated (`INVALID_ARGUMENT` when it cannot exist).
    pub fn build(self) -> Result<Creature> {
        let mut creature = Creature::new(self.kind, self.hp_max)?;
        creature.hp.current = self.hp.unwrap_or(self.hp_max);
        creature.hp.temp = self.temp_hp;
        creature.level = self.level;
        creature.con_mod = self.con_mod;
        creature.hit_dice = self.hit_dice;
        creature.defenses.resistances = self.resistances;
        creature.defenses.vulnerabilities = self.vulnerabilities;
        creature.defenses.immunities = self.immunities;
        creature.defenses.immune_to_mundane_weapons = self.immune_to_mundane_weapons;
        if let Some(rule) = self.zero_hp {
            creature.zero_hp = Some(rule);
        }
        creature.abilities = self.abilities;
        creature.validate()?;
        Ok(creature)
    }
}
