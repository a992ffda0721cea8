//! The moments the encounter (and the clock and rest procedures) report to the tracker.

use super::duration::RestKind;
use super::ids::ParticipantId;

/// A moment at which effects may end, emitted by the encounter in the order it happens.
///
/// The tracker checks the order and refuses (`OUT_OF_ORDER`, state unchanged) a stream that
/// can't be: rounds start as 1, 2, 3, ... (numbering restarts after `EncounterEnded`); a round
/// ends before the next starts and only when no turn is in progress; turns start and end inside
/// the round with that number, one at a time; the clock never runs backwards.
///
/// `TurnStarted` is emitted when the participant actually begins acting: a creature that
/// delays emits it at the point it finally acts, which is what its turn anchors follow.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum Boundary {
    RoundStarted {
        round: u32,
    },
    RoundEnded {
        round: u32,
    },
    TurnStarted {
        participant: ParticipantId,
        round: u32,
    },
    TurnEnded {
        participant: ParticipantId,
        round: u32,
    },
    EncounterEnded,
    /// The game clock now reads this many seconds.
    ClockAdvanced {
        now_seconds: u64,
    },
    /// Creatures finished a rest: the listed participants, or every creature if the list is
    /// empty. Effects on them lasting until a rest of this kind (or shorter) end.
    Rest {
        kind: RestKind,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        participants: Vec<ParticipantId>,
    },
    /// The participant became incapacitated: its concentration ends, and so do conditions that
    /// end when their source is incapacitated (grappled, A5E-COND-14).
    Incapacitated {
        participant: ParticipantId,
    },
    /// The participant left the encounter.
    ParticipantRemoved {
        participant: ParticipantId,
    },
}
