//! The encounter: participants, rounds and turns, every initiative system, as a state machine
//! driven by commands that produce events (docs/design.md principle 2).
//!
//! - [`Encounter::execute`] runs a [`EncounterCommand`] with a caller's dice source and returns the
//!   [`EncounterEvent`]s it caused, or an error with the encounter untouched.
//! - [`Encounter::apply`] replays an event without rolling (events carry every die face and
//!   every tie-break draw), so another client converges to the same state.
//! - [`Encounter::to_json`] / [`Encounter::from_json`] save and restore a compact, versioned
//!   snapshot; a corrupt or tampered one is refused with `SNAPSHOT_INVALID`.
//! - [`EncounterEvent::describe`] gives a log line per event for a VTT chat.

mod apply;
mod bulk_text;
pub(crate) mod command;
mod config_rules;
mod creature_change;
mod describe;
mod describe_vitals;
mod event;
mod execute;
mod invariants;
pub mod limits;
mod model;
mod order;
mod participant;
mod player_view;
pub mod recharge;
mod rules;
mod snapshot;
mod state;
mod vitals;
mod world;

pub use crate::ids::{GroupId, Label, Name, ParticipantId, ParticipantIds, SideId, WorldActionId};
pub use command::{
    EncounterCommand, FollowerModifier, ParticipantDeclaration, PlanCause, RetreatCheck, TbaCall,
};
pub use config_rules::{creature_rules, duration_rules};
pub use creature_change::{CreatureChange, EffectOngoing, OngoingEntry};
pub use event::{
    EncounterEvent, FollowerMoraleRoll, HYB_MORALE_DC, RetreatRoll, SideRoll, TieDraw, TieUnit,
};
pub use participant::{
    ActionKind, Declaration, Harm, Initiative, NewParticipant, Participant, SkipReason,
    SpellDisruption, Spent, TurnStatus, modifier_of,
};
pub use snapshot::SNAPSHOT_VERSION;
pub use state::{Actor, Current, Encounter, OrderEntry, OrderRow, Phase, SideState};
pub use world::{Recharge, WorldAction, WorldActionState};
