//! A5E-ENV-05..09: light, obscurement and special senses.

/// A5E-ENV-06: light levels.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "camelCase")]
pub enum A5eLightLevel {
    Bright,
    Dim,
    Darkness,
}

/// A5E-ENV-05: obscurement, least to most.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum Obscurement {
    #[default]
    None,
    /// Disadvantage on Perception checks that rely on sight.
    Light,
    /// Effectively blinded.
    Heavy,
}

impl A5eLightLevel {
    /// A5E-ENV-06: bright light has no penalty, dim light is lightly obscured, darkness is
    /// heavily obscured.
    pub const fn obscurement(self) -> Obscurement {
        match self {
            Self::Bright => Obscurement::None,
            Self::Dim => Obscurement::Light,
            Self::Darkness => Obscurement::Heavy,
        }
    }

    /// A5E-ENV-08: darkvision sees darkness as dim light and dim light as bright light.
    pub const fn through_darkvision(self) -> A5eLightLevel {
        match self {
            Self::Bright | Self::Dim => Self::Bright,
            Self::Darkness => Self::Dim,
        }
    }
}

/// A creature's special senses, each with its radius in feet.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Senses {
    pub darkvision_ft: Option<u32>,
    pub blindsight_ft: Option<u32>,
    /// "blindsight (blind beyond this range)"; `false` when left out.
    #[serde(default)]
    pub blind_beyond_blindsight: bool,
    pub truesight_ft: Option<u32>,
}

/// What the observer is looking at. Left out: no obscurement (A5E-ENV-05), a visible target,
/// an observer that is not blinded.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SightQuery {
    pub distance_ft: u32,
    /// Light where the target is.
    pub light: A5eLightLevel,
    /// Obscurement from anything other than light (fog, foliage, smoke, snow); `"none"` when
    /// left out.
    #[serde(default)]
    pub obscurement: Obscurement,
    #[serde(default)]
    pub target_invisible: bool,
    /// The observer has the blinded condition.
    #[serde(default)]
    pub observer_blinded: bool,
}

/// The sense a creature sees with.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum VisionSense {
    Sight,
    Darkvision,
    Blindsight,
    Truesight,
}

/// Whether and how well the observer perceives the target.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SightResult {
    /// The observer can see the target (for A5E-ATK-01 and hiding).
    pub sees: bool,
    /// The sense it sees with, when it does.
    pub sense: Option<VisionSense>,
    /// Obscurement after senses are applied.
    pub obscurement: Obscurement,
    /// A5E-ENV-05: disadvantage on Perception checks that rely on sight.
    pub perception_disadvantage: bool,
    /// A5E-ENV-08: darkvision shows only shades of gray.
    pub grayscale: bool,
}

const fn within(radius: Option<u32>, distance_ft: u32) -> bool {
    match radius {
        Some(r) => distance_ft <= r,
        None => false,
    }
}

/// A5E-ENV-05..09: can an observer with `senses` see the target of `q`?
///
/// - Blindsight (ENV-07) within its radius ignores darkness, obscurement, invisibility and the
///   blinded condition; "blind beyond this range" sees nothing farther.
/// - Truesight (ENV-09) within its radius sees in darkness (normal and magical) and sees the
///   invisible. Obscurement by fog or foliage still applies.
/// - Darkvision (ENV-08) within its radius lifts the light one step.
/// - Heavy obscurement means effectively blinded (ENV-05); light obscurement gives
///   disadvantage on sight-based Perception.
pub fn perceive(senses: &Senses, q: &SightQuery) -> SightResult {
    let blind = SightResult {
        sees: false,
        sense: None,
        obscurement: Obscurement::Heavy,
        perception_disadvantage: false,
        grayscale: false,
    };
    if within(senses.blindsight_ft, q.distance_ft) {
        return SightResult {
            sees: true,
            sense: Some(VisionSense::Blindsight),
            obscurement: Obscurement::None,
            perception_disadvantage: false,
            grayscale: false,
        };
    }
    if senses.blind_beyond_blindsight || q.observer_blinded {
        return blind;
    }
    let truesight = within(senses.truesight_ft, q.distance_ft);
    let darkvision = within(senses.darkvision_ft, q.distance_ft);
    let (light, sense) = if truesight {
        (A5eLightLevel::Bright, VisionSense::Truesight)
    } else if darkvision && q.light != A5eLightLevel::Bright {
        (q.light.through_darkvision(), VisionSense::Darkvision)
    } else {
        (q.light, VisionSense::Sight)
    };
    let obscurement = light.obscurement().max(q.obscurement);
    if obscurement == Obscurement::Heavy || (q.target_invisible && !truesight) {
        return SightResult {
            obscurement,
            ..blind
        };
    }
    SightResult {
        sees: true,
        sense: Some(sense),
        obscurement,
        perception_disadvantage: obscurement == Obscurement::Light,
        grayscale: sense == VisionSense::Darkvision && q.light == A5eLightLevel::Darkness,
    }
}

/// A5E-ENV-07: creatures with "blindsight (blind beyond this range)" are immune to visual
/// illusions.
pub const fn immune_to_visual_illusions(senses: &Senses) -> bool {
    senses.blindsight_ft.is_some() && senses.blind_beyond_blindsight
}

/// A5E-ENV-09: within its truesight an observer automatically detects illusions and succeeds on
/// saving throws against them, sees true forms and into the Ethereal Plane.
pub const fn truesight_pierces(senses: &Senses, distance_ft: u32) -> bool {
    within(senses.truesight_ft, distance_ft)
}
