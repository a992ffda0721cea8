//! Resolving a catalogue feature against the creatures it affects: each creature's save, the
//! damage (rolled once for everyone, A5E-DMG-02) and the conditions, reported as data.

use super::catalogue::{
    FeatureCheck, FeatureSpecial, FeatureTargets, WorldFeature, WorldFeatureId,
};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, ErrorCode, Result};
use crate::procedures::a5e::damage::{DamageRoll, DamageType};
use crate::procedures::a5e::dice::{D20Test, D20TestRoll};
use crate::procedures::a5e::effects::{AppliedCondition, Lasts};
use crate::procedures::a5e::limits;

/// A creature the feature affects (the Narrator decides who is in range, A5E-TBA-05). The
/// flags are `false` when left out, as for [`AffectedCreature::new`].
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AffectedCreature {
    pub id: String,
    /// Its saving throw for the feature's save ability: modifier (cover included where the
    /// cover rule applies), advantage or disadvantage, expertise die.
    pub save: D20Test,
    /// Automatically fails the save (an object making a Str or Dex save, A5E-OBJ-02).
    #[serde(default)]
    pub auto_fails_save: bool,
    /// Cold Chill: wears cold-weather gear (1d6 instead of 2d6).
    #[serde(default)]
    pub cold_weather_gear: bool,
    /// Frostbitten Surface: has cold resistance or its skin isn't exposed (no damage).
    #[serde(default)]
    pub cold_resistant_or_covered: bool,
}

impl AffectedCreature {
    /// A creature with a save modifier and nothing else special.
    pub fn new(id: impl Into<String>, save_modifier: i32) -> Self {
        Self {
            id: id.into(),
            save: D20Test::flat(save_modifier),
            auto_fails_save: false,
            cold_weather_gear: false,
            cold_resistant_or_covered: false,
        }
    }
}

/// Options for resolving features.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WorldResolveOptions {
    /// docs/rules.md G-16: the type given to damage the source prints without one (Boulder).
    /// Default bludgeoning (implied by the text); `None` leaves it untyped.
    pub untyped_damage_as: Option<DamageType>,
}

impl Default for WorldResolveOptions {
    fn default() -> Self {
        Self {
            untyped_damage_as: Some(DamageType::Bludgeoning),
        }
    }
}

/// What happened to one affected creature.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CreatureOutcome {
    pub id: String,
    /// Its save, when the feature has one and it didn't fail automatically.
    pub save: Option<D20TestRoll>,
    pub auto_failed: bool,
    /// It made its save (and so escapes the effect).
    pub saved: bool,
    pub damage: u32,
    pub damage_type: Option<DamageType>,
    pub conditions: Vec<AppliedCondition>,
    /// Pushed this far (forced movement: no opportunity attacks).
    pub pushed_ft: u32,
    /// Teleported to a random unoccupied space within this range (the VTT picks the space).
    pub teleport_within_ft: Option<u32>,
}

/// A shadow double spawned by Shadow Puppet.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ShadowSpawn {
    /// The creature it copies.
    pub copies: String,
    /// The die that picked it (none when only one creature was in the haze).
    pub die: Option<RolledDie>,
    pub initiative_count: u32,
}

/// A resolved feature.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WorldFeatureResolution {
    pub feature: WorldFeatureId,
    /// Damage rolled once for all affected creatures: the full roll, then the reduced one if
    /// any protected creature needed it.
    pub damage_rolls: Vec<DamageRoll>,
    pub outcomes: Vec<CreatureOutcome>,
    pub shadow: Option<ShadowSpawn>,
    /// Creatures hear only within this range…
    pub hearing_limit_ft: Option<u32>,
    /// … for this long.
    pub hearing_lasts: Option<Lasts>,
    /// A swarm rises to attack every creature in the area (statistics supplied by the caller).
    pub swarm_attacks: bool,
}

fn check_creatures(creatures: &[AffectedCreature]) -> Result<()> {
    limits::check_count("creatures", creatures.len(), limits::MAX_TARGETS)?;
    for (i, c) in creatures.iter().enumerate() {
        if creatures.iter().skip(i + 1).any(|o| o.id == c.id) {
            return Err(Error::new(
                ErrorCode::DuplicateId,
                format!("creature \"{}\" listed twice", c.id),
            ));
        }
    }
    Ok(())
}

/// Resolve a catalogue feature (a world action, or a hazard or obstacle when it is set off)
/// against `creatures`. Features with nothing to roll or apply (standing terrain, cover) are
/// `NOT_ALLOWED`; so are Loose Rocks (a creature's thrown attack) and Mirror (use
/// [`resolve_mirror`]). A feature aimed at one creature needs exactly one.
///
/// The dice are rolled in a fixed order (saves in the order given, the full damage, the reduced
/// damage, then Shadow Puppet's pick), so a seeded roller always resolves a feature the same way.
pub fn resolve_feature(
    id: WorldFeatureId,
    creatures: &[AffectedCreature],
    options: &WorldResolveOptions,
    roller: &mut dyn DieRoller,
) -> Result<WorldFeatureResolution> {
    let f = id.feature();
    check_targets(id, &f, creatures)?;
    let saves = roll_saves(&f, creatures, roller)?;
    let hits = Hits {
        f: &f,
        saved: saves.iter().map(|(_, saved)| *saved).collect(),
    };
    let damage = roll_damage(&hits, creatures, options, roller)?;
    let outcomes = creature_outcomes(&hits, creatures, saves, &damage);
    let shadow = shadow_spawn(&f, creatures, roller)?;
    let (hearing_limit_ft, hearing_lasts) = hearing(&f);
    Ok(WorldFeatureResolution {
        feature: id,
        damage_rolls: damage.rolls,
        outcomes,
        shadow,
        hearing_limit_ft,
        hearing_lasts,
        swarm_attacks: f.special == FeatureSpecial::Swarm,
    })
}

/// Refuse a feature with no effect on creatures, a one-target feature given another number of
/// creatures, and Shadow Puppet with nobody in the haze to copy; before anything is rolled.
fn check_targets(
    id: WorldFeatureId,
    f: &WorldFeature,
    creatures: &[AffectedCreature],
) -> Result<()> {
    check_creatures(creatures)?;
    let Some(targets) = f.targets else {
        return Err(Error::not_allowed(format!(
            "{} ({}) has no effect to resolve on creatures",
            id.name(),
            id.rule_id()
        )));
    };
    if targets == FeatureTargets::One && creatures.len() != 1 {
        return Err(Error::invalid_argument(format!(
            "{} affects exactly one creature, not {}",
            id.name(),
            creatures.len()
        )));
    }
    if matches!(f.special, FeatureSpecial::ShadowDouble { .. }) && creatures.is_empty() {
        return Err(Error::invalid_argument(
            "Shadow Puppet copies a creature in the haze: list at least one",
        ));
    }
    Ok(())
}

/// Each creature's save against the feature, in the order given: the roll (none when the
/// feature has no save or the creature fails it automatically) and whether it made it.
fn roll_saves(
    f: &WorldFeature,
    creatures: &[AffectedCreature],
    roller: &mut dyn DieRoller,
) -> Result<Vec<(Option<D20TestRoll>, bool)>> {
    let mut saves = Vec::with_capacity(creatures.len());
    for c in creatures {
        let save = match f.save {
            Some(s) if !c.auto_fails_save => {
                let roll = c.save.roll(roller)?;
                let saved = roll.total >= s.dc;
                (Some(roll), saved)
            }
            _ => (None, false),
        };
        saves.push(save);
    }
    Ok(saves)
}

/// Who the feature's effect reaches once the saves are in: the creatures (by their place in
/// the list) that neither saved nor are spared by Frostbitten Surface, and which of them take
/// Cold Chill's reduced damage for their cold-weather gear.
struct Hits<'a> {
    f: &'a WorldFeature,
    saved: Vec<bool>,
}

impl Hits<'_> {
    fn affected(&self, i: usize, c: &AffectedCreature) -> bool {
        let spared = self.f.special == FeatureSpecial::SparesResistantOrCovered
            && c.cold_resistant_or_covered;
        !self.saved.get(i).copied().unwrap_or(false) && !spared
    }

    fn needs_reduced(&self, i: usize, c: &AffectedCreature) -> bool {
        self.affected(i, c) && c.cold_weather_gear && self.f.effect.reduced_damage.is_some()
    }
}

/// The feature's damage: every roll made (for the resolution), and the full and reduced rolls
/// the creatures take.
struct FeatureDamage {
    rolls: Vec<DamageRoll>,
    full: Option<DamageRoll>,
    reduced: Option<DamageRoll>,
}

/// A5E-DMG-02: the damage is rolled once for everyone it hits, the full roll only if someone
/// takes it and the reduced one only if someone needs it; untyped damage gets the type the
/// options give (G-16).
fn roll_damage(
    hits: &Hits<'_>,
    creatures: &[AffectedCreature],
    options: &WorldResolveOptions,
    roller: &mut dyn DieRoller,
) -> Result<FeatureDamage> {
    let effect = &hits.f.effect;
    let type_of = |t: Option<DamageType>| t.or(options.untyped_damage_as);
    let mut rolls = Vec::new();
    let any_full = creatures
        .iter()
        .enumerate()
        .any(|(i, c)| hits.affected(i, c) && !hits.needs_reduced(i, c));
    let any_reduced = creatures
        .iter()
        .enumerate()
        .any(|(i, c)| hits.needs_reduced(i, c));
    let full = match effect.damage {
        Some(d) if any_full => {
            let mut roll = d.roll(0, roller)?;
            roll.damage_type = type_of(roll.damage_type);
            rolls.push(roll.clone());
            Some(roll)
        }
        _ => None,
    };
    let reduced = match effect.reduced_damage {
        Some(d) if any_reduced => {
            let mut roll = d.roll(0, roller)?;
            roll.damage_type = type_of(roll.damage_type);
            rolls.push(roll.clone());
            Some(roll)
        }
        _ => None,
    };
    Ok(FeatureDamage {
        rolls,
        full,
        reduced,
    })
}

/// What happened to each creature: its save, and for those hit the damage, conditions and
/// push; a teleport applies to everyone in the feature.
fn creature_outcomes(
    hits: &Hits<'_>,
    creatures: &[AffectedCreature],
    saves: Vec<(Option<D20TestRoll>, bool)>,
    rolled: &FeatureDamage,
) -> Vec<CreatureOutcome> {
    let f = hits.f;
    let mut outcomes = Vec::with_capacity(creatures.len());
    for (i, (c, (save, saved))) in creatures.iter().zip(saves).enumerate() {
        let hit = hits.affected(i, c);
        let roll = if hits.needs_reduced(i, c) {
            rolled.reduced.as_ref()
        } else {
            rolled.full.as_ref()
        };
        let (damage, damage_type) = match roll {
            Some(r) if hit => (r.total, r.damage_type),
            _ => (0, None),
        };
        let mut conditions = Vec::new();
        if hit {
            conditions.extend(f.effect.condition);
            if f.effect.starts_suffocating {
                conditions.push(AppliedCondition::Suffocating);
            }
        }
        let teleport_within_ft = match f.special {
            FeatureSpecial::Teleport { within_ft } => Some(within_ft),
            _ => None,
        };
        outcomes.push(CreatureOutcome {
            id: c.id.clone(),
            auto_failed: f.save.is_some() && c.auto_fails_save,
            save,
            saved,
            damage,
            damage_type,
            conditions,
            pushed_ft: if hit {
                f.effect.push_ft.unwrap_or(0)
            } else {
                0
            },
            teleport_within_ft,
        });
    }
    outcomes
}

/// Shadow Puppet: the double copies one creature in the haze, picked by a die when there is
/// more than one.
fn shadow_spawn(
    f: &WorldFeature,
    creatures: &[AffectedCreature],
    roller: &mut dyn DieRoller,
) -> Result<Option<ShadowSpawn>> {
    let FeatureSpecial::ShadowDouble { initiative_count } = f.special else {
        return Ok(None);
    };
    let (index, die) = match u32::try_from(creatures.len()) {
        Ok(1) => (0, None),
        Ok(n) => {
            let face = roller.roll_die(n)?;
            (face.saturating_sub(1), Some(RolledDie { sides: n, face }))
        }
        Err(_) => return Err(Error::invalid_argument("too many creatures")),
    };
    let copies = usize::try_from(index)
        .ok()
        .and_then(|i| creatures.get(i))
        .map(|c| c.id.clone())
        .ok_or_else(|| Error::invalid_argument("no creature to copy"))?;
    Ok(Some(ShadowSpawn {
        copies,
        die,
        initiative_count,
    }))
}

/// A world action that limits hearing does so until the start of the environment's next turn;
/// a hazard or obstacle reports no limit.
fn hearing(f: &WorldFeature) -> (Option<u32>, Option<Lasts>) {
    if f.kind == super::WorldFeatureKind::WorldAction {
        (
            f.standing.hearing_limit_ft,
            f.standing
                .hearing_limit_ft
                .map(|_| Lasts::UntilStartOfEnvironmentsNextTurn),
        )
    } else {
        (None, None)
    }
}

/// A feature check, as rolled.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FeatureCheckRoll {
    pub check: FeatureCheck,
    pub roll: D20TestRoll,
    pub success: bool,
}

/// Roll the fixed-DC ability check a feature calls for (reveal what Fallen Leaves or Blanketed
/// Ground hide, swing from a Chandelier, dislodge a Boulder). `test` is the creature's check for
/// the feature's ability and skill.
pub fn resolve_feature_check(
    id: WorldFeatureId,
    test: &D20Test,
    roller: &mut dyn DieRoller,
) -> Result<FeatureCheckRoll> {
    let f = id.feature();
    let Some(check) = f.check else {
        return Err(Error::not_allowed(format!(
            "{} calls for no ability check",
            id.name()
        )));
    };
    let Some(dc) = check.dc else {
        return Err(Error::not_allowed(format!(
            "{}'s check is contested: use resolve_mirror",
            id.name()
        )));
    };
    let roll = test.roll(roller)?;
    Ok(FeatureCheckRoll {
        check,
        success: roll.total >= dc,
        roll,
    })
}

/// A Mirror reflection attempt (A5E-WORLD-23).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MirrorResult {
    pub defender: D20TestRoll,
    pub caster: D20TestRoll,
    /// The spell goes back at its caster; otherwise it strikes a random unoccupied square.
    pub reflected: bool,
    /// The mirror breaks either way.
    pub mirror_breaks: bool,
}

/// A5E-WORLD-23: a creature using the mirror as cover, targeted by a cantrip or 1st-level spell
/// (`spell_level` 0 or 1), uses its reaction: its Dexterity check against the caster's
/// spellcasting ability check. It must beat the caster (a tie leaves the spell on course).
pub fn resolve_mirror(
    spell_level: u32,
    defender_dex_check: &D20Test,
    caster_check: &D20Test,
    roller: &mut dyn DieRoller,
) -> Result<MirrorResult> {
    let max = match WorldFeatureId::Mirror.feature().special {
        FeatureSpecial::ReflectSpell { max_spell_level } => max_spell_level,
        _ => 1,
    };
    if spell_level > max {
        return Err(Error::not_allowed(
            "the mirror reflects only cantrips and 1st-level spells",
        ));
    }
    let defender = defender_dex_check.roll(roller)?;
    let caster = caster_check.roll(roller)?;
    Ok(MirrorResult {
        reflected: defender.total > caster.total,
        defender,
        caster,
        mirror_breaks: true,
    })
}

/// A5E-WORLD-05 (Echo): thunder damage deals 1 extra point per die rolled; other damage is
/// unchanged.
pub fn echo_thunder_damage(total: u32, dice_rolled: u32, damage_type: Option<DamageType>) -> u32 {
    let per_die = match WorldFeatureId::Echo.feature().special {
        FeatureSpecial::Echo {
            thunder_bonus_per_die,
            ..
        } => thunder_bonus_per_die,
        _ => 0,
    };
    if damage_type == Some(DamageType::Thunder) {
        total.saturating_add(dice_rolled.saturating_mul(per_die))
    } else {
        total
    }
}
