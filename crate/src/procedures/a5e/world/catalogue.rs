//! A5E-WORLD-05..40: the environment feature catalogue, every entry of the source, as data.
//!
//! The source lost its environment headings (docs/rules.md G-14); the nine environments here are
//! docs/rules.md's grouping by content. Kinds: obstacles (things to hide behind, swing from, push or
//! knock down), terrain (standing properties of an area), hazards (harm triggered by what a
//! creature does in the area) and world actions (the environment's own turn at the start of each
//! round, A5E-WORLD-02).

use super::recharge::Recharge;
use crate::dice::DieSize;
use crate::encounter::WorldAction as EncounterWorldAction;
use crate::ids::{Name, WorldActionId};
use crate::procedures::a5e::ability::{Ability, Skill};
use crate::procedures::a5e::cover::A5eCover;
use crate::procedures::a5e::damage::{DamageDice, DamageType};
use crate::procedures::a5e::effects::{AppliedCondition, Lasts};
use crate::procedures::a5e::environment::vision::Obscurement;

/// docs/rules.md G-14: the nine environments.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum WorldEnvironment {
    Cave,
    Fire,
    Forest,
    Arctic,
    Interior,
    Fog,
    Mountain,
    Storm,
    Swamp,
}

/// What sort of feature it is.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum WorldFeatureKind {
    Obstacle,
    Terrain,
    Hazard,
    WorldAction,
}

/// Every feature of the catalogue, in the source's order.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum WorldFeatureId {
    Echo,
    LooseFoundation,
    Stalactites,
    Stalagmites,
    BurningSurface,
    FloatingAsh,
    FlameBurst,
    SwelteringHeat,
    Brush,
    Trees,
    FallenLeaves,
    DistressedAnimalCacophony,
    FrostbittenSurface,
    IcyPatch,
    Snow,
    ColdChill,
    Chandelier,
    Clutter,
    Mirror,
    Tables,
    BlanketedGround,
    ThickFog,
    ShadowPuppet,
    TwistingHaze,
    Boulder,
    LooseRocks,
    UnevenFooting,
    FallingRocks,
    HeavyPrecipitation,
    LoudWinds,
    ForcefulGale,
    LightningStrike,
    ThickTrudge,
    TenaciousMud,
    SwampGas,
    Leeches,
}

impl WorldFeatureId {
    /// The feature's name as the source prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Echo => "Echo",
            Self::LooseFoundation => "Loose Foundation",
            Self::Stalactites => "Stalactites",
            Self::Stalagmites => "Stalagmites",
            Self::BurningSurface => "Burning Surface",
            Self::FloatingAsh => "Floating Ash",
            Self::FlameBurst => "Flame Burst",
            Self::SwelteringHeat => "Sweltering Heat",
            Self::Brush => "Brush",
            Self::Trees => "Trees (Fallen or Standing)",
            Self::FallenLeaves => "Fallen Leaves",
            Self::DistressedAnimalCacophony => "Distressed Animal Cacophony",
            Self::FrostbittenSurface => "Frostbitten Surface",
            Self::IcyPatch => "Icy Patch",
            Self::Snow => "Snow",
            Self::ColdChill => "Cold Chill",
            Self::Chandelier => "Chandelier",
            Self::Clutter => "Clutter",
            Self::Mirror => "Mirror",
            Self::Tables => "Tables",
            Self::BlanketedGround => "Blanketed Ground",
            Self::ThickFog => "Thick Fog",
            Self::ShadowPuppet => "Shadow Puppet",
            Self::TwistingHaze => "Twisting Haze",
            Self::Boulder => "Boulder",
            Self::LooseRocks => "Loose Rocks",
            Self::UnevenFooting => "Uneven Footing",
            Self::FallingRocks => "Falling Rocks",
            Self::HeavyPrecipitation => "Heavy Precipitation",
            Self::LoudWinds => "Loud Winds",
            Self::ForcefulGale => "Forceful Gale",
            Self::LightningStrike => "Lightning Strike",
            Self::ThickTrudge => "Thick Trudge",
            Self::TenaciousMud => "Tenacious Mud",
            Self::SwampGas => "Swamp Gas",
            Self::Leeches => "Leeches",
        }
    }

    /// A stable id string (the serialized form), e.g. `"flameBurst"`.
    pub const fn key(self) -> &'static str {
        match self {
            Self::Echo => "echo",
            Self::LooseFoundation => "looseFoundation",
            Self::Stalactites => "stalactites",
            Self::Stalagmites => "stalagmites",
            Self::BurningSurface => "burningSurface",
            Self::FloatingAsh => "floatingAsh",
            Self::FlameBurst => "flameBurst",
            Self::SwelteringHeat => "swelteringHeat",
            Self::Brush => "brush",
            Self::Trees => "trees",
            Self::FallenLeaves => "fallenLeaves",
            Self::DistressedAnimalCacophony => "distressedAnimalCacophony",
            Self::FrostbittenSurface => "frostbittenSurface",
            Self::IcyPatch => "icyPatch",
            Self::Snow => "snow",
            Self::ColdChill => "coldChill",
            Self::Chandelier => "chandelier",
            Self::Clutter => "clutter",
            Self::Mirror => "mirror",
            Self::Tables => "tables",
            Self::BlanketedGround => "blanketedGround",
            Self::ThickFog => "thickFog",
            Self::ShadowPuppet => "shadowPuppet",
            Self::TwistingHaze => "twistingHaze",
            Self::Boulder => "boulder",
            Self::LooseRocks => "looseRocks",
            Self::UnevenFooting => "unevenFooting",
            Self::FallingRocks => "fallingRocks",
            Self::HeavyPrecipitation => "heavyPrecipitation",
            Self::LoudWinds => "loudWinds",
            Self::ForcefulGale => "forcefulGale",
            Self::LightningStrike => "lightningStrike",
            Self::ThickTrudge => "thickTrudge",
            Self::TenaciousMud => "tenaciousMud",
            Self::SwampGas => "swampGas",
            Self::Leeches => "leeches",
        }
    }

    /// The docs/rules.md rule ID (A5E-WORLD-05 … A5E-WORLD-40).
    pub fn rule_id(self) -> String {
        format!("A5E-WORLD-{:02}", self as u32 + 5)
    }

    /// The feature's catalogue entry.
    pub fn feature(self) -> WorldFeature {
        WORLD_FEATURES
            .get(self as usize)
            .copied()
            .filter(|f| f.id == self)
            .unwrap_or_else(|| {
                // Unreachable while WORLD_FEATURES lists every id in order (checked by tests);
                // fall back to a search rather than panic.
                WORLD_FEATURES
                    .iter()
                    .copied()
                    .find(|f| f.id == self)
                    .unwrap_or(EMPTY)
            })
    }

    /// Look a feature up by its key (`"flameBurst"`).
    pub fn from_key(key: &str) -> Option<Self> {
        WORLD_FEATURES
            .iter()
            .map(|f| f.id)
            .find(|id| id.key() == key)
    }
}

/// What sets the feature off.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum FeatureTrigger {
    /// Always in effect in the area.
    Standing,
    /// The environment's turn at the start of each round (A5E-WORLD-02).
    StartOfRound,
    /// A creature touches an unattended object or surface for the first time on a turn.
    TouchesSurface,
    /// A participant ends its turn in the area.
    EndsTurnInArea,
    /// A creature uses the Dash action to move through the area.
    DashesThrough,
    /// The obstacle falls on the creatures beneath it.
    FallsOnCreatures,
    /// A creature uses an action on it (push the table over, dislodge the boulder, throw a
    /// rock).
    CreatureAction,
    /// A creature using it as cover is targeted by a cantrip or 1st-level spell and uses its
    /// reaction.
    Reaction,
    /// An explosive effect or significant impact disturbs it.
    Disturbed,
    /// A creature moving through changes direction.
    ChangesDirection,
}

/// Who a world action or hazard affects.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum FeatureTargets {
    /// One creature, chosen by the Narrator.
    One,
    /// Each creature in range (the Narrator decides who is in range, A5E-TBA-05).
    Each,
}

/// A saving throw the feature calls for.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct FeatureSave {
    pub ability: Ability,
    pub dc: i32,
}

/// Why a feature asks for an ability check.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum CheckPurpose {
    /// Perceive what the leaves or fog hide.
    RevealHidden,
    /// Swing from the obstacle.
    SwingFrom,
    /// Dislodge and roll the obstacle.
    Dislodge,
    /// Reflect a spell back at its caster (contested by the caster's spellcasting check).
    ReflectSpell,
}

/// An ability check the feature calls for. `dc` is `None` for a contested check.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct FeatureCheck {
    pub ability: Ability,
    pub skill: Option<Skill>,
    pub dc: Option<i32>,
    pub purpose: CheckPurpose,
}

/// What happens to an affected creature — on a failed save, or simply when triggered if the
/// feature has no save.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct FeatureEffect {
    pub damage: Option<DamageDice>,
    /// Smaller damage for creatures protected against it (Cold Chill: cold-weather gear).
    pub reduced_damage: Option<DamageDice>,
    pub condition: Option<AppliedCondition>,
    /// The creature starts suffocating (A5E-ENV-03).
    pub starts_suffocating: bool,
    /// Pushed this far; this forced movement provokes no opportunity attacks.
    pub push_ft: Option<u32>,
}

/// Properties of the area or obstacle that hold while it is there.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct StandingEffect {
    pub cover: Option<A5eCover>,
    pub difficult_terrain: bool,
    pub obscurement: Obscurement,
    /// Creatures hear only sounds within this many feet (loud, explosive noises excepted).
    pub hearing_limit_ft: Option<u32>,
    /// The obstacle's AC, when it can be attacked.
    pub ac: Option<i32>,
    /// May hide potholes, traps and other hazards.
    pub conceals_hazards: bool,
}

/// Rules peculiar to one feature.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all_fields = "camelCase",
    rename_all = "camelCase"
)]
pub enum FeatureSpecial {
    None,
    /// Echo: sound travels `sound_range_multiplier` times as far; thunder damage deals
    /// `thunder_bonus_per_die` extra per die rolled ([`super::echo_thunder_damage`]).
    Echo {
        sound_range_multiplier: u32,
        thunder_bonus_per_die: u32,
    },
    /// Loose Foundation: the section may collapse within this many rounds of a disturbance.
    Collapse {
        within_rounds: u32,
    },
    /// Stalactites: knocked down by any ranged attack that deals damage (against the obstacle's
    /// AC).
    KnockedDownByRangedDamage,
    /// Brush: the cover applies only to a prone creature within 5 ft.
    CoverOnlyProneWithin5Ft,
    /// Frostbitten Surface: no damage to a cold-resistant creature or one whose skin isn't
    /// exposed to the surface.
    SparesResistantOrCovered,
    /// Icy Patch: after starting to move one way, moving any other way is difficult terrain
    /// until the start of the creature's next turn.
    DirectionChangeIsDifficult,
    /// Mirror: reflect a cantrip or 1st-level spell (`max_spell_level`) at the caster; on a
    /// failure it strikes a random unoccupied square; either way the mirror breaks.
    ReflectSpell {
        max_spell_level: u32,
    },
    /// Tables: an action pushes one over, and then it gives the listed cover.
    PushOverForCover,
    /// Shadow Puppet: a shadow copying a random creature in the haze acts on this initiative
    /// count; it sees through the fog and is hostile to everyone. Its statistics are not in the
    /// source.
    ShadowDouble {
        initiative_count: u32,
    },
    /// Twisting Haze: each creature teleports to a random unoccupied space within this range.
    Teleport {
        within_ft: u32,
    },
    /// Loose Rocks: usable for a thrown weapon attack with these ranges (damage in the effect).
    ThrownWeapon {
        normal_range_ft: u32,
        long_range_ft: u32,
    },
    /// Lightning Strike: can't target the same creature again until Turn-Based Action ends.
    OncePerCreature,
    /// Tenacious Mud: a creature can also use its action to break free.
    ActionBreaksFree,
    /// Leeches: a swarm rises to attack any creature in the area; its statistics are not in the
    /// source, so the caller supplies them.
    Swarm,
}

/// One catalogue entry.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct WorldFeature {
    pub id: WorldFeatureId,
    pub environment: WorldEnvironment,
    pub kind: WorldFeatureKind,
    pub trigger: FeatureTrigger,
    pub recharge: Option<Recharge>,
    pub targets: Option<FeatureTargets>,
    pub save: Option<FeatureSave>,
    pub check: Option<FeatureCheck>,
    /// What the feature does to an affected creature (on a failed save, if it has one).
    pub effect: FeatureEffect,
    pub standing: StandingEffect,
    pub special: FeatureSpecial,
}

impl WorldFeature {
    /// The feature as an A5E encounter's world action (A5E-WORLD-01..03: id, name, recharge),
    /// ready for `EncounterCommand::AddWorldAction`. Only world actions have one.
    pub fn world_action(&self) -> Option<EncounterWorldAction> {
        if self.kind != WorldFeatureKind::WorldAction {
            return None;
        }
        Some(EncounterWorldAction {
            id: WorldActionId::new(self.id.key()).ok()?,
            name: Name::new(self.id.name()).ok()?,
            recharge: self.recharge,
        })
    }
}

/// Every world action in the catalogue, as encounter world actions.
pub fn world_actions() -> Vec<EncounterWorldAction> {
    WORLD_FEATURES
        .iter()
        .filter_map(WorldFeature::world_action)
        .collect()
}

// ---- compact builders for the table below ----

const NO_EFFECT: FeatureEffect = FeatureEffect {
    damage: None,
    reduced_damage: None,
    condition: None,
    starts_suffocating: false,
    push_ft: None,
};

const NO_STANDING: StandingEffect = StandingEffect {
    cover: None,
    difficult_terrain: false,
    obscurement: Obscurement::None,
    hearing_limit_ft: None,
    ac: None,
    conceals_hazards: false,
};

const EMPTY: WorldFeature = WorldFeature {
    id: WorldFeatureId::Echo,
    environment: WorldEnvironment::Cave,
    kind: WorldFeatureKind::Terrain,
    trigger: FeatureTrigger::Standing,
    recharge: None,
    targets: None,
    save: None,
    check: None,
    effect: NO_EFFECT,
    standing: NO_STANDING,
    special: FeatureSpecial::None,
};

const fn base(
    id: WorldFeatureId,
    environment: WorldEnvironment,
    kind: WorldFeatureKind,
) -> WorldFeature {
    WorldFeature {
        id,
        environment,
        kind,
        ..EMPTY
    }
}

const fn damage(count: u32, die: DieSize, damage_type: Option<DamageType>) -> FeatureEffect {
    FeatureEffect {
        damage: Some(DamageDice::new(count, die, damage_type)),
        ..NO_EFFECT
    }
}

const fn condition(c: AppliedCondition) -> FeatureEffect {
    FeatureEffect {
        condition: Some(c),
        ..NO_EFFECT
    }
}

const fn save(ability: Ability, dc: i32) -> Option<FeatureSave> {
    Some(FeatureSave { ability, dc })
}

const fn check(
    ability: Ability,
    skill: Option<Skill>,
    dc: Option<i32>,
    purpose: CheckPurpose,
) -> Option<FeatureCheck> {
    Some(FeatureCheck {
        ability,
        skill,
        dc,
        purpose,
    })
}

const fn recharge(min_face: u32) -> Option<Recharge> {
    Some(Recharge { min_face })
}

const fn cover(c: A5eCover) -> StandingEffect {
    StandingEffect {
        cover: Some(c),
        ..NO_STANDING
    }
}

const DIFFICULT: StandingEffect = StandingEffect {
    difficult_terrain: true,
    ..NO_STANDING
};

const CONCEALS: StandingEffect = StandingEffect {
    conceals_hazards: true,
    ..NO_STANDING
};

const fn obscured(o: Obscurement) -> StandingEffect {
    StandingEffect {
        obscurement: o,
        ..NO_STANDING
    }
}

const fn hearing(ft: u32) -> StandingEffect {
    StandingEffect {
        hearing_limit_ft: Some(ft),
        ..NO_STANDING
    }
}

use Ability::{Con as CON, Dex as DEX, Str as STR, Wis as WIS};
use DieSize::{D4, D6, D10, D12};
use WorldEnvironment as E;
use WorldFeatureId as F;
use WorldFeatureKind::{Hazard, Obstacle, Terrain, WorldAction};

/// A5E-WORLD-05..40, every entry, in order (index = rule number − 5).
pub const WORLD_FEATURES: [WorldFeature; 36] = [
    // ---- cave / underground ----
    WorldFeature {
        special: FeatureSpecial::Echo {
            sound_range_multiplier: 2,
            thunder_bonus_per_die: 1,
        },
        ..base(F::Echo, E::Cave, Terrain)
    },
    WorldFeature {
        trigger: FeatureTrigger::Disturbed,
        targets: Some(FeatureTargets::Each),
        effect: FeatureEffect {
            condition: Some(AppliedCondition::Grappled {
                escape_dc: 12,
                lasts: Lasts::UntilEscape,
            }),
            starts_suffocating: true,
            ..NO_EFFECT
        },
        special: FeatureSpecial::Collapse { within_rounds: 2 },
        ..base(F::LooseFoundation, E::Cave, Hazard)
    },
    WorldFeature {
        trigger: FeatureTrigger::FallsOnCreatures,
        targets: Some(FeatureTargets::Each),
        save: save(DEX, 12),
        effect: damage(2, D6, Some(DamageType::Piercing)),
        standing: StandingEffect {
            ac: Some(12),
            ..NO_STANDING
        },
        special: FeatureSpecial::KnockedDownByRangedDamage,
        ..base(F::Stalactites, E::Cave, Obstacle)
    },
    WorldFeature {
        standing: cover(A5eCover::Half),
        ..base(F::Stalagmites, E::Cave, Obstacle)
    },
    // ---- fire / volcanic ----
    WorldFeature {
        trigger: FeatureTrigger::TouchesSurface,
        targets: Some(FeatureTargets::Each),
        effect: damage(1, D6, Some(DamageType::Fire)),
        ..base(F::BurningSurface, E::Fire, Hazard)
    },
    WorldFeature {
        trigger: FeatureTrigger::EndsTurnInArea,
        targets: Some(FeatureTargets::Each),
        save: save(CON, 10),
        effect: condition(AppliedCondition::Blinded {
            lasts: Lasts::UntilStartOfOwnNextTurn,
        }),
        ..base(F::FloatingAsh, E::Fire, Hazard)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        recharge: recharge(4),
        targets: Some(FeatureTargets::One),
        save: save(DEX, 12),
        effect: damage(1, D12, Some(DamageType::Fire)),
        ..base(F::FlameBurst, E::Fire, WorldAction)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        targets: Some(FeatureTargets::Each),
        save: save(CON, 10),
        effect: condition(AppliedCondition::Fatigue { levels: 1 }),
        ..base(F::SwelteringHeat, E::Fire, WorldAction)
    },
    // ---- forest ----
    WorldFeature {
        standing: cover(A5eCover::Half),
        special: FeatureSpecial::CoverOnlyProneWithin5Ft,
        ..base(F::Brush, E::Forest, Obstacle)
    },
    WorldFeature {
        standing: cover(A5eCover::Half),
        ..base(F::Trees, E::Forest, Obstacle)
    },
    WorldFeature {
        check: check(
            WIS,
            Some(Skill::Perception),
            Some(12),
            CheckPurpose::RevealHidden,
        ),
        standing: CONCEALS,
        ..base(F::FallenLeaves, E::Forest, Terrain)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        recharge: recharge(4),
        targets: Some(FeatureTargets::Each),
        standing: hearing(10),
        ..base(F::DistressedAnimalCacophony, E::Forest, WorldAction)
    },
    // ---- arctic ----
    WorldFeature {
        trigger: FeatureTrigger::TouchesSurface,
        targets: Some(FeatureTargets::Each),
        effect: damage(1, D6, Some(DamageType::Cold)),
        special: FeatureSpecial::SparesResistantOrCovered,
        ..base(F::FrostbittenSurface, E::Arctic, Hazard)
    },
    WorldFeature {
        trigger: FeatureTrigger::ChangesDirection,
        standing: DIFFICULT,
        special: FeatureSpecial::DirectionChangeIsDifficult,
        ..base(F::IcyPatch, E::Arctic, Terrain)
    },
    WorldFeature {
        standing: obscured(Obscurement::Light),
        ..base(F::Snow, E::Arctic, Terrain)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        recharge: recharge(4),
        targets: Some(FeatureTargets::Each),
        save: save(CON, 15),
        effect: FeatureEffect {
            damage: Some(DamageDice::new(2, D6, Some(DamageType::Cold))),
            reduced_damage: Some(DamageDice::new(1, D6, Some(DamageType::Cold))),
            ..NO_EFFECT
        },
        ..base(F::ColdChill, E::Arctic, WorldAction)
    },
    // ---- interior / manor ----
    WorldFeature {
        trigger: FeatureTrigger::FallsOnCreatures,
        targets: Some(FeatureTargets::Each),
        save: save(DEX, 12),
        check: check(
            DEX,
            Some(Skill::Acrobatics),
            Some(12),
            CheckPurpose::SwingFrom,
        ),
        effect: damage(2, D6, Some(DamageType::Bludgeoning)),
        ..base(F::Chandelier, E::Interior, Obstacle)
    },
    WorldFeature {
        trigger: FeatureTrigger::DashesThrough,
        targets: Some(FeatureTargets::Each),
        save: save(DEX, 10),
        effect: FeatureEffect {
            condition: Some(AppliedCondition::Prone),
            ..NO_EFFECT
        },
        standing: DIFFICULT,
        ..base(F::Clutter, E::Interior, Terrain)
    },
    WorldFeature {
        trigger: FeatureTrigger::Reaction,
        check: check(DEX, None, None, CheckPurpose::ReflectSpell),
        special: FeatureSpecial::ReflectSpell { max_spell_level: 1 },
        ..base(F::Mirror, E::Interior, Obstacle)
    },
    WorldFeature {
        trigger: FeatureTrigger::CreatureAction,
        standing: cover(A5eCover::Half),
        special: FeatureSpecial::PushOverForCover,
        ..base(F::Tables, E::Interior, Obstacle)
    },
    // ---- fog / haze ----
    WorldFeature {
        check: check(
            WIS,
            Some(Skill::Perception),
            Some(12),
            CheckPurpose::RevealHidden,
        ),
        standing: CONCEALS,
        ..base(F::BlanketedGround, E::Fog, Terrain)
    },
    WorldFeature {
        standing: obscured(Obscurement::Heavy),
        ..base(F::ThickFog, E::Fog, Terrain)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        recharge: recharge(6),
        targets: Some(FeatureTargets::Each),
        special: FeatureSpecial::ShadowDouble {
            initiative_count: 20,
        },
        ..base(F::ShadowPuppet, E::Fog, WorldAction)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        targets: Some(FeatureTargets::Each),
        special: FeatureSpecial::Teleport { within_ft: 5 },
        ..base(F::TwistingHaze, E::Fog, WorldAction)
    },
    // ---- mountain / cliff ----
    WorldFeature {
        trigger: FeatureTrigger::CreatureAction,
        targets: Some(FeatureTargets::Each),
        check: check(
            STR,
            Some(Skill::Athletics),
            Some(15),
            CheckPurpose::Dislodge,
        ),
        save: save(DEX, 12),
        // docs/rules.md G-16: the source prints no damage type.
        effect: damage(2, D10, None),
        ..base(F::Boulder, E::Mountain, Obstacle)
    },
    WorldFeature {
        trigger: FeatureTrigger::CreatureAction,
        effect: damage(1, D4, Some(DamageType::Bludgeoning)),
        special: FeatureSpecial::ThrownWeapon {
            normal_range_ft: 15,
            long_range_ft: 30,
        },
        ..base(F::LooseRocks, E::Mountain, Obstacle)
    },
    WorldFeature {
        standing: DIFFICULT,
        ..base(F::UnevenFooting, E::Mountain, Terrain)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        recharge: recharge(5),
        targets: Some(FeatureTargets::Each),
        save: save(DEX, 15),
        effect: damage(2, D6, Some(DamageType::Bludgeoning)),
        ..base(F::FallingRocks, E::Mountain, WorldAction)
    },
    // ---- storm ----
    WorldFeature {
        standing: DIFFICULT,
        ..base(F::HeavyPrecipitation, E::Storm, Terrain)
    },
    WorldFeature {
        standing: hearing(15),
        ..base(F::LoudWinds, E::Storm, Terrain)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        targets: Some(FeatureTargets::One),
        save: save(STR, 12),
        effect: FeatureEffect {
            push_ft: Some(15),
            ..NO_EFFECT
        },
        ..base(F::ForcefulGale, E::Storm, WorldAction)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        recharge: recharge(5),
        targets: Some(FeatureTargets::One),
        save: save(DEX, 10),
        effect: damage(4, D6, Some(DamageType::Lightning)),
        special: FeatureSpecial::OncePerCreature,
        ..base(F::LightningStrike, E::Storm, WorldAction)
    },
    // ---- swamp ----
    WorldFeature {
        standing: DIFFICULT,
        ..base(F::ThickTrudge, E::Swamp, Terrain)
    },
    WorldFeature {
        trigger: FeatureTrigger::EndsTurnInArea,
        targets: Some(FeatureTargets::Each),
        save: save(STR, 12),
        effect: condition(AppliedCondition::Restrained {
            lasts: Lasts::UntilEndOfOwnNextTurn,
        }),
        special: FeatureSpecial::ActionBreaksFree,
        ..base(F::TenaciousMud, E::Swamp, Hazard)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        targets: Some(FeatureTargets::Each),
        save: save(CON, 10),
        effect: condition(AppliedCondition::Poisoned {
            lasts: Lasts::UntilEndOfOwnNextTurn,
        }),
        ..base(F::SwampGas, E::Swamp, WorldAction)
    },
    WorldFeature {
        trigger: FeatureTrigger::StartOfRound,
        recharge: recharge(6),
        targets: Some(FeatureTargets::Each),
        special: FeatureSpecial::Swarm,
        ..base(F::Leeches, E::Swamp, WorldAction)
    },
];
