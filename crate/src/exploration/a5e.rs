//! A5E time and travel rules that belong to exploration (A5E-TIME-01..05, RULES.md §2.16).
//!
//! A5E's round is 6 seconds (A5E-TIME-01; see [`crate::clock::time::RoundLength`]); minutes,
//! hours and days are the clock's own units. Travel pace figures are not in the sources, so
//! only the rules that are stated live here.

use serde::{Deserialize, Serialize};

use crate::clock::id::Ident;
use crate::error::{Error, Result};

/// A5E-TIME-02: a ship with a suitable crew can travel up to 24 hours a day.
pub const MAX_VESSEL_HOURS_PER_DAY: u32 = 24;

/// A5E travel pace.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum A5ePace {
    Slow,
    #[default]
    Normal,
    Fast,
}

/// How a party travels (A5E-TIME-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum A5eConveyance {
    OnFoot,
    LandVehicle,
    WaterVehicle,
}

/// A5E-TIME-02: the pace that actually applies. Land travellers choose; a water vehicle is
/// limited by the vessel's speed, so it gets no benefit from a slow pace and no penalty for a
/// fast one: its pace is always the vessel's normal one.
pub const fn effective_pace(conveyance: A5eConveyance, chosen: A5ePace) -> A5ePace {
    match conveyance {
        A5eConveyance::WaterVehicle => A5ePace::Normal,
        _ => chosen,
    }
}

/// A5E-TIME-02: hours a vessel may travel in a day, given its crew's shifts (1–24).
pub fn vessel_hours(hours: u32) -> Result<u32> {
    if (1..=MAX_VESSEL_HOURS_PER_DAY).contains(&hours) {
        Ok(hours)
    } else {
        Err(Error::invalid_argument(format!(
            "a vessel travels 1 to {MAX_VESSEL_HOURS_PER_DAY} hours a day, not {hours}"
        )))
    }
}

/// A5E-TIME-05: only a party at a slow pace may make a group Stealth check while travelling.
pub const fn may_travel_stealthily(pace: A5ePace) -> bool {
    matches!(pace, A5ePace::Slow)
}

/// A5E-TIME-03: who leads (most likely to trigger traps) and who is at the back (first hit
/// by a flanking ambush), from a marching order listed front first.
pub fn leader_and_rear(order: &[Ident]) -> Option<(&Ident, &Ident)> {
    Some((order.first()?, order.last()?))
}

/// A5E-TIME-04: what each side does when it meets a threat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum EncounterChoice {
    Attack,
    Talk,
    Flee,
    Wait,
}

/// A5E-TIME-04: a hidden threat is noticed by passive Perception. RULES.md does not say how
/// ties fall; following 5e's contest convention, a passive score equal to the threat's Stealth
/// total notices it.
pub const fn notices_hidden_threat(passive_perception: i32, stealth_total: i32) -> bool {
    passive_perception >= stealth_total
}
