//! Commands a journey accepts.

use crate::clock::consumable::{ConsumableKind, Tick, one_use};
use crate::clock::id::{Ident, Label};
use crate::clock::light::LightSpec;
use crate::clock::time::{Seconds, Span};
use crate::creature::NightlyRest;
use crate::dice::RollMode;
use crate::exploration::chance::Chance;
use crate::exploration::hyb::corruption::Corruption;
use crate::exploration::hyb::return_trip::{ReturnAtZero, ReturnPath, ReturnWounds};
use crate::exploration::journey::types::{
    DungeonAction, JourneyMode, Member, StartTime, TravelTurnPlan, Vessel, WaterDayPlan,
    WildernessDayPlan,
};

/// Everything a caller can ask a journey to do.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[allow(
    clippy::large_enum_variant,
    reason = "a command lives for one call: boxing the member (and its creature) would only add an allocation and change the Rust API"
)]
pub enum JourneyCommand {
    /// Begin: choose the mode and set the clock (a time, or HYB time dice).
    Start {
        mode: JourneyMode,
        #[serde(default)]
        day: u32,
        start: StartTime,
    },
    /// Move to another procedure (leaving the dungeon for the wilds…).
    ChangeMode {
        mode: JourneyMode,
    },
    AddMember {
        member: Member,
    },
    RemoveMember {
        id: Ident,
    },
    AddLight {
        id: Ident,
        spec: LightSpec,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<Label>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Ident>,
    },
    /// Light (or relight) a source.
    Light {
        id: Ident,
    },
    Douse {
        id: Ident,
    },
    RemoveLight {
        id: Ident,
    },
    SetWarningLead {
        lead: Seconds,
    },
    AddSupply {
        id: Ident,
        kind: ConsumableKind,
        amount: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tick: Option<Tick>,
    },
    /// Spend a supply (eat rations…).
    Consume {
        id: Ident,
        /// 1 when left out (a ration, a Supply, a use).
        #[serde(default = "one_use")]
        amount: u32,
    },
    Restock {
        id: Ident,
        amount: u32,
    },
    /// Let time pass (an encounter's rounds, a rest, a search…).
    Advance {
        span: Span,
    },
    /// An encounter's time passes on the journey's clock (its rounds, from the encounter).
    /// OSE-ENC-06: in an OSE journey an encounter takes at least one full turn, aftermath
    /// included, so less than 10 minutes passes as one turn.
    EncounterTime {
        seconds: Seconds,
    },
    /// HYB-TIME-02: the GM sets the time dice to an hour (1–24); time passes until then.
    SetHour {
        hour: u8,
    },
    /// HYB-TRAVEL-01..04: a travel turn (an hour in dungeons, a day overland or on a river,
    /// a week at sea) and its Travel Turn Table roll.
    TravelTurn {
        #[serde(default)]
        plan: TravelTurnPlan,
    },
    /// HYB-TRAVEL-01: a scene, room or encounter in a dungeon; every 3–4 make a travel turn.
    RecordScene {
        #[serde(default)]
        plan: TravelTurnPlan,
    },
    /// HYB-RETURN-01/02: members roll to return (all of them when `who` is empty). A miss
    /// costs the members' creatures damage (dangerous) or their loads (arduous); `at_zero`
    /// is the GM's choice for a member the damage drops to 0 HP; `wounds` the reading of
    /// "can't be healed" (by default only rest mends that damage).
    RollToReturn {
        path: ReturnPath,
        #[serde(default)]
        who: Vec<Ident>,
        #[serde(default)]
        at_zero: ReturnAtZero,
        #[serde(default)]
        wounds: ReturnWounds,
    },
    /// HYB-RES-02: the GM calls a resilience check for a member whose creature has
    /// adventured beyond its resilience; a failure exhausts it (HYB-RES-03).
    ResilienceCheck {
        member: Ident,
        #[serde(default)]
        advantage: RollMode,
    },
    /// HYB-HEAL-02, HYB-RES-04: a night's rest for the members' creatures (those listed, or
    /// every member with a creature able to rest when `who` is empty). Time is not passed:
    /// advance the clock for the night as the table plays it.
    NightlyRest {
        rest: NightlyRest,
        #[serde(default)]
        who: Vec<Ident>,
    },
    /// The party is back at safety: travel turns away reset to 0.
    ReachSafety,
    /// OSE-DUNG-08: one dungeon turn.
    DungeonTurn {
        action: DungeonAction,
    },
    /// OSE-DUNG-11: someone does what could trigger a trap.
    TriggerTrap,
    /// OSE-DUNG-02: someone tries to force a stuck door at the caller's STR-based chance.
    ForceDoor {
        by: Ident,
        chance: Chance,
    },
    /// OSE-DUNG-13 / OSE-WILD-16 / OSE-WATER-08: how far away a met monster is.
    EncounterDistance {
        #[serde(default)]
        either_side_surprised: bool,
    },
    /// OSE-WILD-06: one wilderness day.
    WildernessDay {
        plan: WildernessDayPlan,
    },
    SetVessel {
        vessel: Vessel,
    },
    /// OSE-WATER-11: repaired at a dock.
    RepairVessel,
    /// OSE-WATER-07: one waterborne day.
    WaterDay {
        plan: WaterDayPlan,
    },
    /// OSE-WATER-12: a gale-driven ship reaches land.
    GaleLandfall,
    /// HYB-CORR-01: a member is exposed to a disease, poison or venom. `con_score` sets the
    /// check's modifier; `onset_score` is the current score of the ability the onset harms.
    Expose {
        member: Ident,
        corruption: Corruption,
        con_score: u8,
        #[serde(default)]
        onset_score: u8,
        #[serde(default)]
        advantage: RollMode,
    },
    /// HYB-CORR-02: the current stage of a member's infection (`index` among theirs) ends.
    EndCorruptionStage {
        member: Ident,
        #[serde(default)]
        index: u32,
        con_score: u8,
        harmed_score: u8,
        #[serde(default)]
        advantage: RollMode,
    },
}
