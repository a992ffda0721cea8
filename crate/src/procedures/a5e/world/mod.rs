//! A5E-WORLD: world bonuses, penalties and world actions — the environment feature catalogue
//! as data ([`catalogue`]), recharge ([`recharge`]), and a resolver that rolls the saves and
//! damage a feature calls for ([`resolve`]).

pub mod catalogue;
/// A5E-WORLD-03: recharge, kept with the encounter's world actions that roll it.
pub use crate::encounter::recharge;
pub mod resolve;
pub mod state;

pub use catalogue::{
    CheckPurpose, FeatureCheck, FeatureEffect, FeatureSave, FeatureSpecial, FeatureTargets,
    FeatureTrigger, StandingEffect, WORLD_FEATURES, WorldEnvironment, WorldFeature, WorldFeatureId,
    WorldFeatureKind,
};
pub use recharge::{Recharge, RechargeRoll};
pub use resolve::{
    AffectedCreature, CreatureOutcome, FeatureCheckRoll, MirrorResult, ShadowSpawn,
    WorldFeatureResolution, WorldResolveOptions, echo_thunder_damage, resolve_feature,
    resolve_feature_check, resolve_mirror,
};
pub use state::{WorldActionUse, WorldFeatureState};
