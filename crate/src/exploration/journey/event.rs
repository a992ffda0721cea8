//! Events a journey emits. Each carries every die rolled, so [`super::Journey::apply`] never
//! rolls, and each has a one-line human-readable description.

use crate::clock::consumable::Consumable;
use crate::clock::game_clock::ClockAdvanced;
use crate::clock::id::Ident;
use crate::clock::light::LightSource;
use crate::clock::time::{GameTime, Seconds};
use crate::clock::time_dice::{TimeDice, TimeDiceRoll};
use crate::creature::{Creature, Report};
use crate::dice::ChanceRoll;
use crate::dice::RolledDie;
use crate::exploration::hyb::corruption::{Exposure, StageEnd};
use crate::exploration::hyb::overland::HybDayConditions;
use crate::exploration::hyb::return_trip::{ReturnPath, ReturnResult};
use crate::exploration::hyb::travel::TravelTurnRoll;
use crate::exploration::journey::types::{
    JourneyMode, ListenAttempt, Member, SearchAttempt, Vessel,
};
use crate::exploration::ose::dungeon::{DungeonClock, ForceDoor, SecretRoll};
use crate::exploration::ose::water::{RiverCurrent, StormOutcome, WindRoll};
use crate::exploration::ose::wilderness::{DayActivity, FoodFound, MarchPace, WildernessClock};
use crate::units::{Distance, Feet, Miles};

/// Why a wandering or lost check was made.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum CheckContext {
    Dungeon,
    Wilderness,
    Water,
}

/// Everything that can happen to a journey.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum JourneyEvent {
    Started {
        mode: JourneyMode,
        at: GameTime,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_dice: Option<TimeDiceRoll>,
    },
    ModeChanged {
        mode: JourneyMode,
    },
    MemberAdded {
        member: Member,
    },
    MemberRemoved {
        id: Ident,
    },
    LightAdded {
        light: LightSource,
    },
    LightLit {
        id: Ident,
    },
    LightDoused {
        id: Ident,
    },
    LightRemoved {
        id: Ident,
    },
    WarningLeadSet {
        lead: Seconds,
    },
    SupplyAdded {
        supply: Consumable,
    },
    SupplySpent {
        id: Ident,
        amount: u32,
        left: u32,
    },
    SupplyRestocked {
        id: Ident,
        amount: u32,
        total: u32,
    },
    /// Time passed; `advanced` is what the clock reported (replay checks it matches).
    TimePassed {
        by: Seconds,
        advanced: ClockAdvanced,
    },
    /// OSE-DUNG-09: time passed in the dungeon outside the turn procedure (`by` seconds, from
    /// `advance` or an encounter) counted toward the need to rest; `clock` is the result.
    DungeonTimeCounted {
        by: Seconds,
        clock: DungeonClock,
    },
    /// HYB-TIME-01: the time dice now showing (after time passed).
    TimeDiceShown {
        dice: TimeDice,
    },
    SceneRecorded {
        scenes: u8,
    },
    TravelTurnRolled {
        roll: TravelTurnRoll,
        travel_turns_away: u32,
    },
    OverlandCovered {
        conditions: HybDayConditions,
        miles: Miles,
    },
    ReturnRolled {
        path: ReturnPath,
        results: Vec<ReturnResult>,
    },
    SafetyReached,
    WanderingChecked {
        context: CheckContext,
        roll: ChanceRoll,
    },
    /// A scheduled check was not made (no chance known for the terrain).
    CheckSkipped {
        context: CheckContext,
        what: SkippedCheck,
    },
    EncounterDistance {
        dice: Vec<RolledDie>,
        distance: Distance,
    },
    DungeonTurnEnded {
        rested: bool,
        clock: DungeonClock,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moved: Option<Feet>,
    },
    Searched {
        attempt: SearchAttempt,
        result: SecretRoll,
    },
    Listened {
        attempt: ListenAttempt,
        result: SecretRoll,
    },
    TrapTriggerRolled {
        roll: ChanceRoll,
    },
    DoorForced {
        by: Ident,
        result: ForceDoor,
    },
    LostChecked {
        context: CheckContext,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<ChanceRoll>,
        lost: bool,
    },
    Foraged {
        found: FoodFound,
    },
    Hunted {
        roll: ChanceRoll,
    },
    WildernessDayEnded {
        activity: DayActivity,
        pace: MarchPace,
        miles: Miles,
        clock: WildernessClock,
    },
    VesselSet {
        vessel: Vessel,
    },
    VesselRepaired,
    WindRolled {
        wind: WindRoll,
    },
    StormResolved {
        outcome: StormOutcome,
    },
    CurrentRolled {
        current: RiverCurrent,
    },
    WaterDayEnded {
        miles: Miles,
    },
    LandfallRolled {
        roll: ChanceRoll,
        wrecked: bool,
    },
    /// HYB-CORR-01: a member was exposed (infected when `exposure.infection` is set).
    Exposed {
        member: Ident,
        exposure: Exposure,
    },
    /// HYB-CORR-02: a stage of a member's infection ended.
    CorruptionStageEnded {
        member: Ident,
        index: u32,
        end: StageEnd,
    },
    /// HYB-RES-01: a travel turn passed, and each member with a creature who is still away
    /// adventured `hours` more: every such member's new total, with the DC of the
    /// resilience check the GM may now call (HYB-RES-02) when past its resilience.
    HoursAdventured {
        hours: u32,
        members: Vec<MemberHours>,
    },
    /// A member's creature or load changed: why, the report (every die and outcome), and the
    /// creature and load afterwards (each only when it is the member's).
    MemberUpdated {
        member: Ident,
        change: MemberChange,
        report: Report,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        creature: Option<Creature>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        load: Option<u32>,
    },
    /// The journey is now `snapshot` (its own snapshot format): what players receive for a
    /// command the GM keeps to themselves (a secret search, a blind command).
    Restored {
        undone: u32,
        snapshot: String,
    },
}

/// One member's adventuring hours after a travel turn (HYB-RES-01/02).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MemberHours {
    pub id: Ident,
    /// Hours adventured since the last night's rest.
    pub total: u32,
    /// The resilience check's DC, once past the member's resilience (needs its CON score).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_dc: Option<i32>,
}

/// What changed a member (see [`JourneyEvent::MemberUpdated`]).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MemberChange {
    /// HYB-RETURN-02: the dangerous way back's damage.
    ReturnDamage,
    /// HYB-RETURN-02: the arduous way back's lost loads.
    ReturnLoadsLost,
    /// HYB-RES-02: a resilience check.
    ResilienceCheck,
    /// HYB-HEAL-02, HYB-RES-04: a night's rest.
    NightlyRest,
    /// OSE-HEAL-01: a wilderness day of rest.
    RestDay,
}

/// A check the procedure would make but could not.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum SkippedCheck {
    /// Getting lost is prevented by a trail, road, landmark or guide (OSE-HAZ-03), or on the
    /// water by a river or coast followed or a guide …
    LostPrevented,
    /// … or the source gives no chance for this terrain and none was supplied.
    LostNoChance,
    WanderingNoChance,
}
