//! Light sources and light levels (HYB-LIGHT-01/02, OSE-LIGHT-01, A5E-ENV-06; docs/rules.md C-15).
//!
//! The rulesets disagree on what a torch gives: HYB says 30 ft of **dim** light for 1 hour (a
//! lantern 3 hours), OSE says normal vision in a 30 ft radius with no duration, and A5E says
//! torches give **bright** light within their radius. So a source carries its own level,
//! radius and burn time, and the presets below build the sourced ones. Where a source gives
//! no duration (OSE, A5E) the caller supplies it.

use crate::clock::id::{Ident, Label};
use crate::clock::time::{SECONDS_PER_HOUR, Seconds};
use crate::error::{Error, Result};
use crate::units::Feet;

/// HYB-LIGHT-01 / OSE-LIGHT-01: a torch or lantern lights 30 ft.
pub const STANDARD_LIGHT_RADIUS: Feet = Feet(30);
/// HYB-LIGHT-01: a torch burns for 1 hour.
pub const HYB_TORCH_BURN: Seconds = Seconds(SECONDS_PER_HOUR);
/// HYB-LIGHT-01: a lantern burns for 3 hours.
pub const HYB_LANTERN_BURN: Seconds = Seconds(3 * SECONDS_PER_HOUR);
/// Default warning lead: a source is announced as running low 10 minutes (one OSE turn)
/// before it goes out. The clock lets the caller change it.
pub const DEFAULT_WARNING_LEAD: Seconds = Seconds(600);

/// Light levels, darkest first, so the brightest of several is their maximum.
///
/// HYB has all four (HYB-LIGHT-02; its "well lit" is [`LightLevel::Bright`]); A5E uses
/// darkness, dim and bright (A5E-ENV-06); OSE speaks only of light and darkness.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[serde(rename_all = "camelCase")]
pub enum LightLevel {
    #[default]
    Darkness,
    Dim,
    /// HYB "well lit"; A5E "bright light"; OSE "normal vision".
    Bright,
    /// HYB only: blinding light, e.g. high sun on snow.
    Brilliant,
}

impl LightLevel {
    pub const ALL: [LightLevel; 4] = [
        LightLevel::Darkness,
        LightLevel::Dim,
        LightLevel::Bright,
        LightLevel::Brilliant,
    ];
}

/// One row of the HYB light table (HYB-LIGHT-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HybLightRow {
    pub level: LightLevel,
    pub name: &'static str,
    pub description: &'static str,
    pub advantage_on: &'static [&'static str],
    pub disadvantage_on: &'static [&'static str],
}

/// HYB-LIGHT-02: the four light levels, every row. "Darkness" and "Brilliant" headings were
/// inferred (docs/rules.md G-29).
pub const HYB_LIGHT_TABLE: [HybLightRow; 4] = [
    HybLightRow {
        level: LightLevel::Darkness,
        name: "Darkness",
        description: "Pitch black; no creature can see without other means (darksight from heat, magic, tremors)",
        advantage_on: &["stealth and hiding", "listening checks"],
        disadvantage_on: &[
            "all attacks",
            "all defense checks",
            "sight (impossible)",
            "predicting danger",
            "finesse and precision",
            "morale for surface-dwellers",
        ],
    },
    HybLightRow {
        level: LightLevel::Dim,
        name: "Dim light",
        description: "30 ft around a torch or lantern; moonlight",
        advantage_on: &["stealth and hiding", "listening checks"],
        disadvantage_on: &["ranged attacks", "defense against ranged", "sight checks"],
    },
    HybLightRow {
        level: LightLevel::Bright,
        name: "Well lit",
        description: "Normal outdoor daylight; indoors with full lanterns. The default; the GM rules any advantage or disadvantage",
        advantage_on: &[],
        disadvantage_on: &[],
    },
    HybLightRow {
        level: LightLevel::Brilliant,
        name: "Brilliant",
        description: "Blinding light, e.g. high sun on undisturbed snow",
        advantage_on: &["tracking and trails", "seeing movement"],
        disadvantage_on: &["stealth and hiding", "long-range attacks"],
    },
];

/// HYB-LIGHT-02: the table row for a level.
pub fn hyb_light_row(level: LightLevel) -> HybLightRow {
    match level {
        LightLevel::Darkness => HYB_LIGHT_TABLE[0],
        LightLevel::Dim => HYB_LIGHT_TABLE[1],
        LightLevel::Bright => HYB_LIGHT_TABLE[2],
        LightLevel::Brilliant => HYB_LIGHT_TABLE[3],
    }
}

/// What kind of thing gives the light (for display; the numbers are in [`LightSpec`]).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum LightKind {
    Torch,
    Lantern,
    Candle,
    Spell,
    Other,
}

/// What a light source gives and for how long.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LightSpec {
    pub kind: LightKind,
    pub level: LightLevel,
    pub radius: Feet,
    /// Total burn time; `None` for a source that does not run out (a magical light).
    pub burn: Option<Seconds>,
}

impl LightSpec {
    /// HYB-LIGHT-01: a torch, 30 ft of dim light for 1 hour.
    pub const fn hyb_torch() -> LightSpec {
        LightSpec {
            kind: LightKind::Torch,
            level: LightLevel::Dim,
            radius: STANDARD_LIGHT_RADIUS,
            burn: Some(HYB_TORCH_BURN),
        }
    }
    /// HYB-LIGHT-01: a lantern, 30 ft of dim light for 3 hours.
    pub const fn hyb_lantern() -> LightSpec {
        LightSpec {
            kind: LightKind::Lantern,
            level: LightLevel::Dim,
            radius: STANDARD_LIGHT_RADIUS,
            burn: Some(HYB_LANTERN_BURN),
        }
    }
    /// OSE-LIGHT-01: normal vision in 30 ft. The source gives no burn time, so the caller
    /// supplies it (`None` = does not run out).
    pub const fn ose(kind: LightKind, burn: Option<Seconds>) -> LightSpec {
        LightSpec {
            kind,
            level: LightLevel::Bright,
            radius: STANDARD_LIGHT_RADIUS,
            burn,
        }
    }
    /// A5E-ENV-06: torches and similar give bright light within their radius. Radius and burn
    /// time are not in docs/rules.md, so both are the caller's.
    pub const fn a5e(kind: LightKind, radius: Feet, burn: Option<Seconds>) -> LightSpec {
        LightSpec {
            kind,
            level: LightLevel::Bright,
            radius,
            burn,
        }
    }
}

/// A light source the clock burns down.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LightSource {
    pub id: Ident,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    pub spec: LightSpec,
    /// Where the source is; `None` means carried by the party.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<Ident>,
    /// Burn time left (`None` when the source does not run out). Kept when doused, so a
    /// relit torch carries on from where it stopped.
    pub remaining: Option<Seconds>,
    pub lit: bool,
    /// Whether the low-light warning has been given for the current stretch of burning.
    #[serde(default)]
    pub warned: bool,
}

impl LightSource {
    /// A new, unlit source with its full burn time.
    pub fn new(id: Ident, spec: LightSpec) -> LightSource {
        LightSource {
            id,
            label: None,
            remaining: spec.burn,
            spec,
            place: None,
            lit: false,
            warned: false,
        }
    }

    /// Whether the source has burnt out.
    pub fn spent(&self) -> bool {
        self.remaining == Some(Seconds::ZERO)
    }

    /// Checks a source read from a snapshot: burn left never exceeds the total.
    pub fn validate(&self) -> Result<()> {
        match (self.spec.burn, self.remaining) {
            (None, None) => Ok(()),
            (Some(total), Some(left)) if left <= total && total.0 > 0 => {
                if self.lit && left == Seconds::ZERO {
                    Err(Error::snapshot(format!(
                        "light \"{}\" is lit but spent",
                        self.id
                    )))
                } else {
                    Ok(())
                }
            }
            _ => Err(Error::snapshot(format!(
                "light \"{}\" has inconsistent burn time",
                self.id
            ))),
        }
    }
}

/// The light level at a place: the brightest lit source there (or carried by the party when
/// `place` is `None`) that reaches `distance`, or the ambient level if that is brighter.
pub fn light_level_at<'a>(
    sources: impl IntoIterator<Item = &'a LightSource>,
    place: Option<&Ident>,
    distance: Feet,
    ambient: LightLevel,
) -> LightLevel {
    sources
        .into_iter()
        .filter(|s| s.lit && !s.spent() && s.place.as_ref() == place && distance <= s.spec.radius)
        .map(|s| s.spec.level)
        .fold(ambient, LightLevel::max)
}

/// What a light level gives a creature: the checks it has advantage and disadvantage on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LightEffects {
    pub advantage_on: Vec<&'static str>,
    pub disadvantage_on: Vec<&'static str>,
}

/// HYB-LIGHT-02/03: the effects of a light level. A darksight creature's vision is reversed: in
/// darkness the disadvantages a human suffers become its advantages. Its penalties in bright
/// light are not spelled out ([AMBIG]), so the other rows apply to it unchanged.
pub fn hyb_light_effects(level: LightLevel, darksight: bool) -> LightEffects {
    let row = hyb_light_row(level);
    if darksight && level == LightLevel::Darkness {
        LightEffects {
            advantage_on: row.disadvantage_on.to_vec(),
            disadvantage_on: Vec::new(),
        }
    } else {
        LightEffects {
            advantage_on: row.advantage_on.to_vec(),
            disadvantage_on: row.disadvantage_on.to_vec(),
        }
    }
}

/// OSE-LIGHT-02: monsters' infravision reaches 60 ft unless their description says otherwise.
pub const OSE_MONSTER_INFRAVISION: Feet = Feet(60);

/// OSE-LIGHT-02: infravision sees heat, but only in darkness: any visible light (normal or
/// magical) where the viewer is, or a large heat source nearby, disrupts it. It cannot be used
/// to read.
pub fn ose_infravision_works(level_here: LightLevel, large_heat_source_nearby: bool) -> bool {
    level_here == LightLevel::Darkness && !large_heat_source_nearby
}

/// OSE-LIGHT-03: creatures carrying a light in a dark environment are usually unable to
/// surprise their opponents (the referee may rule otherwise).
pub fn ose_light_spoils_surprise(carrying_light: bool, environment: LightLevel) -> bool {
    carrying_light && environment == LightLevel::Darkness
}
