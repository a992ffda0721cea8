//! A5E-TIME-02..05: vehicles and pace, marching order, noticing threats, stealthy travel.
//!
//! Travel pace itself (distances and the fast/slow effects) is in A5E's Exploration chapter,
//! which the sources don't include; this module only carries what the sources do say about it.

use super::ability::Ability;
use super::actions::{Observer, split_observers, unnoticed};
use super::limits;
use crate::error::{Error, ErrorCode, Result};

/// Vehicles by the surface they travel.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum VehicleKind {
    Land,
    Water,
}

/// Travel paces (A5E-TIME-02), defined with the conditions that restrict them.
pub use crate::conditions::TravelPace;

/// Which of a pace's effects (defined in the Exploration chapter) apply to a vehicle.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PaceEffects {
    /// The pace's benefits (a slow pace's) apply.
    pub benefits_apply: bool,
    /// The pace's penalties (a fast pace's) apply.
    pub penalties_apply: bool,
}

/// A5E-TIME-02: land vehicles choose their pace with its usual effects; water vehicles move at
/// the vessel's speed, gaining nothing from a slow pace and suffering nothing from a fast one,
/// so for them the pace changes nothing (whatever pace is named).
pub const fn vehicle_pace_effects(kind: VehicleKind, _pace: TravelPace) -> PaceEffects {
    let land = matches!(kind, VehicleKind::Land);
    PaceEffects {
        benefits_apply: land,
        penalties_apply: land,
    }
}

/// A5E-TIME-02: a ship can travel up to 24 hours a day.
pub const SHIP_MAX_HOURS_PER_DAY: u32 = 24;

/// A5E-TIME-02: hours a day a vessel travels. How many its vehicle and crew allow is the
/// Narrator's call (`crew_hours`, [ADJ]); the sources cap it at 24.
pub fn vessel_hours_per_day(crew_hours: u32) -> Result<u32> {
    if crew_hours > SHIP_MAX_HOURS_PER_DAY {
        return Err(Error::invalid_argument(format!(
            "a ship travels at most {SHIP_MAX_HOURS_PER_DAY} hours a day (A5E-TIME-02)"
        )));
    }
    Ok(crew_hours)
}

/// A5E-TIME-03: who walks where, front first.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eMarchingOrder {
    order: Vec<String>,
}

impl A5eMarchingOrder {
    /// A marching order from front to back: at least one member, no id twice.
    pub fn new(front_to_back: Vec<String>) -> Result<Self> {
        limits::check_count("members", front_to_back.len(), limits::MAX_TARGETS)?;
        if front_to_back.is_empty() {
            return Err(Error::invalid_argument("a marching order needs a member"));
        }
        for (i, id) in front_to_back.iter().enumerate() {
            if front_to_back.iter().skip(i + 1).any(|other| other == id) {
                return Err(Error::new(
                    ErrorCode::DuplicateId,
                    format!("\"{id}\" appears twice in the marching order"),
                ));
            }
        }
        Ok(Self {
            order: front_to_back,
        })
    }

    pub fn members(&self) -> &[String] {
        &self.order
    }

    /// The leader: the most likely target when a trap is triggered.
    pub fn trap_target(&self) -> Option<&str> {
        self.order.first().map(String::as_str)
    }

    /// The one at the back: first targeted by a flanking ambush.
    pub fn ambush_target(&self) -> Option<&str> {
        self.order.last().map(String::as_str)
    }
}

/// A5E-TIME-04: what each side may choose when two groups meet.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum A5eEncounterResponse {
    Attack,
    Talk,
    Flee,
    Wait,
}

/// A5E-TIME-04: an observer notices a hidden threat when its passive Perception beats the
/// threat's Stealth (the passive score is the DC the Stealth total must reach to stay hidden).
pub const fn notices_threat(passive_perception: i32, stealth_total: i32) -> bool {
    !unnoticed(stealth_total, passive_perception)
}

/// The outcome of travelling stealthily.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StealthyTravel {
    /// The group Stealth check, typically Dexterity.
    pub ability: Ability,
    pub unnoticed_by: Vec<String>,
    pub noticed_by: Vec<String>,
}

/// A5E-TIME-05: a party travelling at a slow pace may make a group Stealth check to avoid
/// threats. How the group's result is formed is an Exploration-chapter rule the sources lack,
/// so the caller supplies `group_stealth_total`; it is compared with each threat's passive
/// Perception. Only a slow pace allows it.
pub fn stealthy_travel(
    pace: TravelPace,
    group_stealth_total: i32,
    threats: &[Observer],
) -> Result<StealthyTravel> {
    if pace != TravelPace::Slow {
        return Err(Error::not_allowed(
            "stealthy travel needs a slow pace (A5E-TIME-05)",
        ));
    }
    limits::check_count("threats", threats.len(), limits::MAX_TARGETS)?;
    let (unnoticed_by, noticed_by) = split_observers(group_stealth_total, threats);
    Ok(StealthyTravel {
        ability: Ability::Dex,
        unnoticed_by,
        noticed_by,
    })
}
