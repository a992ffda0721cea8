//! The creature record: hit points, defenses, Hit Dice, death state and tracked levels.

use crate::creature::abilities::AbilityScores;
use crate::creature::damage_type::DamageType;
use crate::creature::limits::{
    MAX_ADVENTURING_HOURS, MAX_BODY_PARTS_LOST, MAX_DEFENSE_ENTRIES, MAX_HIT_DICE, MAX_HIT_POINTS,
    MAX_LEVEL, MAX_MODIFIER, MAX_TEMP_HIT_POINTS,
};
use crate::creature::outcome::DeathReason;
use crate::creature::time::GameTime;
use crate::creature::track::Track;
use crate::dice::DieSize;
use crate::error::{Error, ErrorCode, Result};

/// Player character, monster, or non-player character.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum CreatureKind {
    Pc,
    Monster,
    Npc,
}

/// A5E-DEATH-11: what 0 HP does to this creature under the A5E rules.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum ZeroHpRule {
    /// Unconscious, death saves (PCs; an NPC by the Narrator's choice).
    DeathSaves,
    /// Dies at once (monsters and most NPCs).
    Dies,
    /// Becomes doomed and dies later, after a final action or speech (an NPC by the Narrator's
    /// choice).
    Doomed,
}

/// The level of 5e exhaustion from which the hit point maximum is halved (SRD-EXH-02).
pub const HALVED_MAXIMUM_LEVEL: u8 = 4;

impl CreatureKind {
    /// A5E-DEATH-11's usual case: PCs make death saves, monsters and NPCs die.
    pub const fn default_zero_hp_rule(self) -> ZeroHpRule {
        match self {
            Self::Pc => ZeroHpRule::DeathSaves,
            Self::Monster | Self::Npc => ZeroHpRule::Dies,
        }
    }
}

/// Current, maximum and temporary hit points (A5E-HP-01, A5E-THP-01): defined beside the
/// bloodied query that reads them, so the conditions never import the creature.
pub use crate::conditions::HitPoints;

/// A pool of Hit Dice (A5E-REST-01, -03).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HitDice {
    pub die: DieSize,
    pub total: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spent: u32,
}

/// Damage defenses. Each list entry is one source; repeats are allowed and count as one
/// (A5E-DMG-07).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct Defenses {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub resistances: Vec<DamageType>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub vulnerabilities: Vec<DamageType>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub immunities: Vec<DamageType>,
    /// A5E-DMG-08: immune to damage from mundane (nonmagical) weapons.
    #[serde(skip_serializing_if = "is_false")]
    pub immune_to_mundane_weapons: bool,
    /// Resistant to every damage, typed or not (a petrified participant, A5E-COND-19, has it
    /// for as long as the condition lasts; a creature may have it by nature).
    #[serde(skip_serializing_if = "is_false")]
    pub resists_all: bool,
}

impl Defenses {
    pub fn is_empty(&self) -> bool {
        self.resistances.is_empty()
            && self.vulnerabilities.is_empty()
            && self.immunities.is_empty()
            && !self.immune_to_mundane_weapons
            && !self.resists_all
    }
}

/// Hashed as `derive(Hash)` did before `resists_all` existed, which is hashed only when set:
/// digests and snapshot checksums written by earlier versions still match.
impl crate::Digestible for Defenses {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.resistances.feed(d);
        self.vulnerabilities.feed(d);
        self.immunities.feed(d);
        self.immune_to_mundane_weapons.feed(d);
        if self.resists_all {
            self.resists_all.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for Defenses {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.resistances.hash(h);
        self.vulnerabilities.hash(h);
        self.immunities.hash(h);
        self.immune_to_mundane_weapons.hash(h);
        if self.resists_all {
            self.resists_all.hash(h);
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Where a creature stands between life and death.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum DeathState {
    /// Alive and conscious (possibly at 0 HP if doomed: A5E-DEATH-11's final speech).
    #[default]
    Alive,
    /// A5E-DEATH-02/-03: unconscious at 0 HP, making death saves.
    Dying {
        successes: u8,
        failures: u8,
    },
    /// A5E-DEATH-10: unconscious at 0 HP, no death saves; regains 1 HP at `regains_hp_at`.
    Stable {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        regains_hp_at: Option<GameTime>,
    },
    /// HYB-DEATH-01: incapacitated at 0 HP; dies once `deadline` has passed and no fight is on.
    Incapacitated {
        deadline: GameTime,
    },
    Dead {
        reason: DeathReason,
    },
}

/// A5E-COND-08: doomed, dying at `deadline` (or when the Narrator says, if none).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Doom {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<GameTime>,
}

/// OSR/5e hybrid state: resilience and exhaustion (HYB-RES), lasting injuries (HYB-DEATH-03),
/// wounds that only rest mends (HYB-RETURN-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct HybState {
    /// Hours adventured since the last night's rest with food (HYB-RES-01).
    pub hours_adventured: u32,
    /// Hours the GM has taken off the resilience (HYB-RES-01).
    pub resilience_reduction: u32,
    /// HYB-RES-03.
    pub exhausted: bool,
    /// Injury 14–19.
    pub disadvantage_until_rest: bool,
    /// Injury 8–13 (which part is the GM's choice, and narrative).
    pub body_parts_lost: u32,
    /// Ability points lost to injuries or other harm, still to be recovered (HYB-HEAL-03).
    pub ability_loss: AbilityScores,
    /// HYB-RETURN-02: HP lost to damage that "can't be healed" (a failed roll to return on a
    /// dangerous way). Magic, medicine and an ally's stabilising restore none of these; nights
    /// of rest mend them first (HYB-HEAL-02). Never more than the HP the creature is missing.
    #[serde(skip_serializing_if = "is_zero")]
    pub unhealable: u32,
}

/// Hashed as `derive(Hash)` did before `unhealable` existed, which joins only when set: digests
/// and snapshot checksums written by earlier versions still match.
impl crate::Digestible for HybState {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.hours_adventured.feed(d);
        self.resilience_reduction.feed(d);
        self.exhausted.feed(d);
        self.disadvantage_until_rest.feed(d);
        self.body_parts_lost.feed(d);
        self.ability_loss.feed(d);
        if self.unhealable != 0 {
            self.unhealable.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for HybState {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.hours_adventured.hash(h);
        self.resilience_reduction.hash(h);
        self.exhausted.hash(h);
        self.disadvantage_until_rest.hash(h);
        self.body_parts_lost.hash(h);
        self.ability_loss.hash(h);
        if self.unhealable != 0 {
            self.unhealable.hash(h);
        }
    }
}

impl HybState {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// A creature's hit points, defenses, death state and tracked levels, under any ruleset.
///
/// Fields are public plain data (a snapshot stores them as they are); every operation validates
/// the record first and works on a copy, so a failed call leaves the creature unchanged.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Creature {
    pub kind: CreatureKind,
    /// A5E-DEATH-11: what 0 HP does under the A5E rules. An A5E notion, so it may be left out
    /// (always under OSE and HYB, whose own death rules ignore it): the kind's usual rule then
    /// applies, PCs making death saves and others dying ([`Creature::zero_hp_rule`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zero_hp: Option<ZeroHpRule>,
    pub hp: HitPoints,
    /// Character level, or Hit Dice for a monster (massive damage, HYB nightly healing).
    pub level: u32,
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub con_mod: i32,
    #[serde(default, skip_serializing_if = "Defenses::is_empty")]
    pub defenses: Defenses,
    #[serde(default, skip_serializing_if = "DeathState::is_alive")]
    pub death: DeathState,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doom: Option<Doom>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_dice: Option<HitDice>,
    #[serde(default, skip_serializing_if = "Track::is_zero")]
    pub fatigue: Track,
    #[serde(default, skip_serializing_if = "Track::is_zero")]
    pub strife: Track,
    /// 5e exhaustion, 0–6 (SRD-EXH-01), kept only under the `srd5e` rules; never pending.
    /// Left out when 0, so creatures without it serialize and hash as before.
    #[serde(default, skip_serializing_if = "Track::is_zero")]
    pub exhaustion: Track,
    /// A5E-DMG-04: the reaction block has been used since the last rest.
    #[serde(default, skip_serializing_if = "is_false")]
    pub crit_block_used: bool,
    /// A5E-REST-04: when the last long rest ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_long_rest: Option<GameTime>,
    /// OSE-ATK-15: subdual damage, tracked apart from real damage.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub subdual: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<AbilityScores>,
    #[serde(default, skip_serializing_if = "HybState::is_default")]
    pub hyb: HybState,
}

/// Hashed field by field as `derive(Hash)` did when `zero_hp` was required: a rule that is set
/// hashes as before, so digests and snapshot checksums written by earlier versions still match.
impl crate::Digestible for Creature {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.kind.feed(d);
        if let Some(z) = &self.zero_hp {
            z.feed(d);
        }
        self.hp.feed(d);
        self.level.feed(d);
        self.con_mod.feed(d);
        self.defenses.feed(d);
        self.death.feed(d);
        self.doom.feed(d);
        self.hit_dice.feed(d);
        self.fatigue.feed(d);
        self.strife.feed(d);
        if !self.exhaustion.is_zero() {
            self.exhaustion.feed(d);
        }
        self.crit_block_used.feed(d);
        self.last_long_rest.feed(d);
        self.subdual.feed(d);
        self.abilities.feed(d);
        self.hyb.feed(d);
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for Creature {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.kind.hash(h);
        if let Some(z) = &self.zero_hp {
            z.hash(h);
        }
        self.hp.hash(h);
        self.level.hash(h);
        self.con_mod.hash(h);
        self.defenses.hash(h);
        self.death.hash(h);
        self.doom.hash(h);
        self.hit_dice.hash(h);
        self.fatigue.hash(h);
        self.strife.hash(h);
        if !self.exhaustion.is_zero() {
            self.exhaustion.hash(h);
        }
        self.crit_block_used.hash(h);
        self.last_long_rest.hash(h);
        self.subdual.hash(h);
        self.abilities.hash(h);
        self.hyb.hash(h);
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_zero_i32(n: &i32) -> bool {
    *n == 0
}

impl DeathState {
    pub const fn is_alive(&self) -> bool {
        matches!(self, Self::Alive)
    }
}

impl Creature {
    /// A5E-DEATH-11: what 0 HP does to it: its own rule, or its kind's usual one.
    pub fn zero_hp_rule(&self) -> ZeroHpRule {
        self.zero_hp
            .unwrap_or_else(|| self.kind.default_zero_hp_rule())
    }

    /// A living creature at full HP. `hp_max` must be 1 or more.
    pub fn new(kind: CreatureKind, hp_max: u32) -> Result<Self> {
        let creature = Self {
            kind,
            zero_hp: Some(kind.default_zero_hp_rule()),
            hp: HitPoints {
                current: hp_max,
                max: hp_max,
                temp: 0,
            },
            level: 0,
            con_mod: 0,
            defenses: Defenses::default(),
            death: DeathState::Alive,
            doom: None,
            hit_dice: None,
            fatigue: Track::default(),
            strife: Track::default(),
            exhaustion: Track::default(),
            crit_block_used: false,
            last_long_rest: None,
            subdual: 0,
            abilities: None,
            hyb: HybState::default(),
        };
        creature.validate()?;
        Ok(creature)
    }

    /// Set the level (or monster Hit Dice).
    pub fn with_level(mut self, level: u32) -> Self {
        self.level = level;
        self
    }

    pub fn with_con_mod(mut self, con_mod: i32) -> Self {
        self.con_mod = con_mod;
        self
    }

    /// A full pool of `total` Hit Dice of `die`.
    pub fn with_hit_dice(mut self, die: DieSize, total: u32) -> Self {
        self.hit_dice = Some(HitDice {
            die,
            total,
            spent: 0,
        });
        self
    }

    pub fn with_current_hp(mut self, current: u32) -> Self {
        self.hp.current = current;
        self
    }

    pub fn with_zero_hp_rule(mut self, rule: ZeroHpRule) -> Self {
        self.zero_hp = Some(rule);
        self
    }

    pub fn with_resistance(mut self, damage_type: DamageType) -> Self {
        self.defenses.resistances.push(damage_type);
        self
    }

    pub fn with_vulnerability(mut self, damage_type: DamageType) -> Self {
        self.defenses.vulnerabilities.push(damage_type);
        self
    }

    pub fn with_immunity(mut self, damage_type: DamageType) -> Self {
        self.defenses.immunities.push(damage_type);
        self
    }

    pub fn with_abilities(mut self, abilities: AbilityScores) -> Self {
        self.abilities = Some(abilities);
        self
    }

    /// The most hit points the creature can have now: its maximum, or from the fourth level
    /// of 5e exhaustion half of it, rounded down and at least 1 (SRD-EXH-02). Healing stops
    /// here, and HP above it are lost when that level is reached.
    pub const fn hp_ceiling(&self) -> u32 {
        if self.exhaustion.effective >= HALVED_MAXIMUM_LEVEL {
            let half = self.hp.max / 2;
            if half == 0 { 1 } else { half }
        } else {
            self.hp.max
        }
    }

    /// A5E-HP-02 / A5E-COND-04: at or below half the HP maximum.
    pub const fn bloodied(&self) -> bool {
        (self.hp.current as u64) * 2 <= self.hp.max as u64
    }

    pub const fn is_dead(&self) -> bool {
        matches!(self.death, DeathState::Dead { .. })
    }

    /// Unconscious at 0 HP: dying or stable (A5E-DEATH-02, -10).
    pub const fn is_unconscious(&self) -> bool {
        matches!(
            self.death,
            DeathState::Dying { .. } | DeathState::Stable { .. }
        )
    }

    /// HYB-DEATH-01: incapacitated at 0 HP and unable to act.
    pub const fn is_incapacitated(&self) -> bool {
        matches!(self.death, DeathState::Incapacitated { .. })
    }

    pub const fn is_doomed(&self) -> bool {
        self.doom.is_some()
    }

    /// Check every field against its documented range and the death state against the HP.
    pub fn validate(&self) -> Result<()> {
        let hp = &self.hp;
        if hp.max == 0 || hp.max > MAX_HIT_POINTS {
            return Err(Error::invalid_argument(format!(
                "HP maximum must be from 1 to {MAX_HIT_POINTS}, not {}",
                hp.max
            )));
        }
        if hp.current > hp.max {
            return Err(Error::invalid_argument(format!(
                "current HP {} is above the maximum {} (A5E-HP-01)",
                hp.current, hp.max
            )));
        }
        if hp.current > self.hp_ceiling() {
            return Err(Error::invalid_argument(format!(
                "current HP {} is above {}, the maximum halved by exhaustion level {} (SRD-EXH-02)",
                hp.current,
                self.hp_ceiling(),
                self.exhaustion.effective
            )));
        }
        if hp.temp > MAX_TEMP_HIT_POINTS {
            return Err(Error::invalid_argument(format!(
                "temporary HP must be at most {MAX_TEMP_HIT_POINTS}"
            )));
        }
        if self.level > MAX_LEVEL {
            return Err(Error::invalid_argument(format!(
                "level must be at most {MAX_LEVEL}, not {}",
                self.level
            )));
        }
        if self.con_mod.unsigned_abs() > MAX_MODIFIER.unsigned_abs() {
            return Err(Error::invalid_argument(format!(
                "Constitution modifier must be within ±{MAX_MODIFIER}"
            )));
        }
        let d = &self.defenses;
        for (name, list) in [
            ("resistances", &d.resistances),
            ("vulnerabilities", &d.vulnerabilities),
            ("immunities", &d.immunities),
        ] {
            if list.len() > MAX_DEFENSE_ENTRIES {
                return Err(Error::new(
                    ErrorCode::LimitExceeded,
                    format!("at most {MAX_DEFENSE_ENTRIES} {name} may be listed"),
                ));
            }
        }
        if let Some(hd) = &self.hit_dice {
            if hd.total == 0 || hd.total > MAX_HIT_DICE {
                return Err(Error::invalid_argument(format!(
                    "a Hit Dice pool holds 1 to {MAX_HIT_DICE} dice, not {}",
                    hd.total
                )));
            }
            if hd.spent > hd.total {
                return Err(Error::invalid_argument(format!(
                    "{} Hit Dice spent out of {}",
                    hd.spent, hd.total
                )));
            }
        }
        self.fatigue.validate("fatigue")?;
        self.strife.validate("strife")?;
        self.exhaustion
            .validate_up_to("exhaustion", crate::conditions::MAX_EXHAUSTION_LEVEL)?;
        if self.exhaustion.pending > 0 {
            return Err(Error::invalid_argument(
                "5e exhaustion takes effect at once: it has no pending levels (SRD-EXH-01)",
            ));
        }
        if self.subdual > MAX_HIT_POINTS {
            return Err(Error::invalid_argument("subdual damage is out of range"));
        }
        if let Some(scores) = &self.abilities {
            scores.validate("ability score")?;
        }
        self.hyb.ability_loss.validate("ability loss")?;
        if self.hyb.hours_adventured > MAX_ADVENTURING_HOURS
            || self.hyb.resilience_reduction > MAX_ADVENTURING_HOURS
        {
            return Err(Error::invalid_argument(format!(
                "adventuring hours must be at most {MAX_ADVENTURING_HOURS}"
            )));
        }
        if self.hyb.unhealable > hp.max - hp.current {
            return Err(Error::invalid_argument(format!(
                "{} HP recorded as unhealable, but only {} are missing (HYB-RETURN-02)",
                self.hyb.unhealable,
                hp.max - hp.current
            )));
        }
        if self.hyb.body_parts_lost > MAX_BODY_PARTS_LOST {
            return Err(Error::invalid_argument("too many body parts recorded lost"));
        }
        match self.death {
            DeathState::Alive | DeathState::Dead { .. } => {}
            DeathState::Dying {
                successes,
                failures,
            } => {
                if successes > 2 || failures > 2 {
                    return Err(Error::invalid_argument(
                        "a dying creature has at most 2 death-save successes and 2 failures",
                    ));
                }
                if hp.current != 0 {
                    return Err(Error::invalid_argument("a dying creature has 0 HP"));
                }
            }
            DeathState::Stable { .. } | DeathState::Incapacitated { .. } => {
                if hp.current != 0 {
                    return Err(Error::invalid_argument(
                        "a stable or incapacitated creature has 0 HP",
                    ));
                }
            }
        }
        Ok(())
    }

    /// The Hit Dice pool, or an error naming the rule that needs one.
    pub(crate) fn hit_dice_pool(&self) -> Result<HitDice> {
        self.hit_dice.ok_or_else(|| {
            Error::not_allowed("this creature has no Hit Dice pool (A5E-REST-01, -03)")
        })
    }

    #[inline(never)]
    pub(crate) fn require_not_dead(&self, what: &str) -> Result<()> {
        if self.is_dead() {
            return Err(Error::not_allowed(format!(
                "{what}: the creature is dead (A5E-HEAL-02)"
            )));
        }
        Ok(())
    }
}
