//! Durations as asked for ([`Duration`]), the expiry point they resolve to when applied
//! ([`Due`]), the ruleset's duration rules ([`DurationRules`]) and the time left for a UI
//! ([`Remaining`]).
//!
//! # When effects end
//!
//! Rounds are numbered from 1 by the encounter. "The current round" is the round in progress;
//! between rounds (after a round ended, before the next started, or before the first) it is the
//! round about to begin.
//!
//! **Turn-anchored rules (A5E, 5e; A5E-DUR-01, C-08).**
//! - `Rounds { count: N }` applied during creature X's turn in round r ends at the **start of
//!   X's turn in round r + N** (the 5e convention: a 1-round effect lasts until the start of the
//!   applier's next turn). Another anchor may be named. Applied when no turn is in progress
//!   (world actions at the start of a round, between rounds), it ends at the start of round
//!   r + N.
//! - `UntilTurnStart` / `UntilTurnEnd { participant: X }` end at the start / end of X's
//!   **next** turn: X's turn in the current round if X has not started one yet this round,
//!   otherwise X's turn next round. A turn in progress is never "next".
//! - `UntilEndOfCurrentTurn` ends when the turn in progress ends.
//! - Anchors are creatures, not positions in the order: a delayed creature's anchor is the turn
//!   it actually takes, and rounds that reorder (Greyhawk, OSE) move the anchor with the
//!   creature.
//! - If the anchor takes no turn in the round its anchor turn was due (skipped, not in the
//!   order), the effect ends at the end of that round: an effect never outlives the round its
//!   anchor turn belonged to.
//! - If the anchor leaves the encounter ([`crate::effects::Boundary::ParticipantRemoved`]), the
//!   turn anchor falls back to the Greyhawk conversion of the round its turn was due in: "start
//!   of X's turn in round R" becomes the start of round R, "end of X's turn in round R" the end
//!   of round R. If that round boundary has already passed, the effect ends at the removal.
//! - When a participant leaves, the effects on it end (`targetRemoved`); effects it caused on
//!   others end too if they hang on it (concentration, or "ends if the source is
//!   incapacitated"), and otherwise keep running with no source, since the encounter no longer
//!   knows that creature (a poison outlasts the snake).
//!
//! **Round-boundary rules (Greyhawk, GH-DUR-01/02).** Turn anchors become the boundaries of the
//! round in which the turn takes place: "until the end of X's next turn" ends at the end of that
//! round, "until the start of X's next turn" at the start of that round. Because the start of
//! the current round has already passed, a start anchor resolves to the start of the next round
//! (ray of frost cast in round 2 "until the start of your next turn" ends at the start of round
//! 3, EX-GH-03 (c)). `Rounds { count: N }` ends at the start of round r + N.

use super::ids::ParticipantId;

/// Most rounds a round-counted duration may last (a day of 6-second rounds). Longer effects use
/// seconds or "until removed".
pub const MAX_DURATION_ROUNDS: u32 = 14_400;
/// Most seconds a time-based duration may last (10 years).
pub const MAX_DURATION_SECONDS: u32 = 315_360_000;
/// Largest clock value accepted (exact in a JavaScript number).
pub const MAX_CLOCK_SECONDS: u64 = (1 << 53) - 1;

/// The start or the end of a turn or round.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Edge {
    Start,
    End,
}

/// A rest. A long rest also ends effects that last until a short rest.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum RestKind {
    Short,
    Long,
}

impl RestKind {
    /// Whether finishing a rest of this kind ends an effect lasting "until a `wanted` rest".
    pub fn satisfies(self, wanted: RestKind) -> bool {
        self == RestKind::Long || wanted == RestKind::Short
    }
}

/// How long an effect lasts, as the rules text says it.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum Duration {
    /// N rounds (1..=[`MAX_DURATION_ROUNDS`]), anchored to the turn in progress or to `anchor`.
    Rounds {
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        anchor: Option<ParticipantId>,
    },
    /// Until the start of a creature's next turn.
    UntilTurnStart { participant: ParticipantId },
    /// Until the end of a creature's next turn.
    UntilTurnEnd { participant: ParticipantId },
    /// Until the end of the turn in progress.
    UntilEndOfCurrentTurn,
    /// Until a round starts: the `roundsAhead`-th round start still to come (1 = the next).
    /// "Until the environment's next turn" (A5E-DUR-01) is the next round start, when world
    /// actions happen (A5E-TBA-05).
    UntilRoundStart { rounds_ahead: u32 },
    /// Until a round ends: 0 = the end of the current round, 1 = the one after, ...
    UntilRoundEnd { rounds_ahead: u32 },
    /// Game time, against the clock (1..=[`MAX_DURATION_SECONDS`]).
    Seconds { seconds: u32 },
    /// Until the creature finishes a rest (a long rest ends short-rest effects too).
    UntilRest { rest: RestKind },
    /// Until the encounter ends (A5E-DUR-01: "until Turn-Based Action ends").
    UntilEncounterEnds,
    /// Until removed (or ended by concentration or another event).
    UntilRemoved,
}

/// The point an effect ends at, fixed when it is applied.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Due {
    /// At the start or end of `anchor`'s turn in `round` (or at the end of `round` if that
    /// turn doesn't happen).
    Turn {
        anchor: ParticipantId,
        edge: Edge,
        round: u32,
    },
    /// At the start or end of `round`.
    Round { edge: Edge, round: u32 },
    /// When the clock reaches `atSeconds`.
    Clock { at_seconds: u64 },
    /// At the next rest of this kind (or longer).
    Rest { rest: RestKind },
    /// When the encounter ends.
    EncounterEnd,
    /// Never by itself.
    UntilRemoved,
}

/// How turn anchors are handled (C-08).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Anchoring {
    /// Effects end at the start or end of a specific creature's turn (A5E, 5e).
    CreatureTurns,
    /// Turn anchors become round boundaries (Greyhawk, GH-DUR-01/02; also suits OSE, whose
    /// durations are counted in rounds).
    RoundBoundaries,
}

/// How effects that end at the same moment are ordered.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum SimultaneousOrder {
    /// In the order they were applied (deterministic, no dice).
    Applied,
    /// GH-DUR-03: a d20 per effect, ties rerolled, lowest ends first (GH-DICE-05).
    D20,
}

/// What happens to round- and turn-anchored effects when the encounter ends.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum EncounterEndPolicy {
    /// Keep running on the clock: the whole rounds left before the round the effect would
    /// have ended in, times the round length (never longer than the original). Effects with
    /// no whole round left end with the encounter.
    ConvertToClock,
    /// End them all with the encounter.
    End,
}

/// The duration rules of a ruleset.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DurationRules {
    pub anchoring: Anchoring,
    pub simultaneous: SimultaneousOrder,
    /// Length of a round in seconds (C-01: 6 for GH and A5E combat, 10 for OSE), used when an
    /// encounter's effects are converted to clock time.
    pub seconds_per_round: u32,
    pub at_encounter_end: EncounterEndPolicy,
    /// A creature concentrates on one thing at a time: a new concentration effect from the same
    /// source ends the previous ones (the 5e base; effects added in one batch share one
    /// concentration).
    pub one_concentration_per_source: bool,
}

impl DurationRules {
    /// A5E: turn anchors kept (C-08), 6-second rounds.
    pub const fn a5e() -> Self {
        Self {
            anchoring: Anchoring::CreatureTurns,
            simultaneous: SimultaneousOrder::Applied,
            seconds_per_round: 6,
            at_encounter_end: EncounterEndPolicy::ConvertToClock,
            one_concentration_per_source: true,
        }
    }
    /// Greyhawk initiative: round boundaries and d20 ordering (GH-DUR-01..03), 6-second rounds.
    pub const fn greyhawk() -> Self {
        Self {
            anchoring: Anchoring::RoundBoundaries,
            simultaneous: SimultaneousOrder::D20,
            ..Self::a5e()
        }
    }
    /// OSE: durations in rounds of 10 seconds (C-01), ending at round boundaries.
    pub const fn ose() -> Self {
        Self {
            anchoring: Anchoring::RoundBoundaries,
            seconds_per_round: 10,
            ..Self::a5e()
        }
    }
}

impl Default for DurationRules {
    fn default() -> Self {
        Self::a5e()
    }
}

/// Time left on an effect, as data for a UI.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Remaining {
    /// Until the start or end of `participant`'s turn in `round`; `roundsAway` counts from the
    /// current round (0: this round).
    AnchorTurn {
        participant: ParticipantId,
        edge: Edge,
        round: u32,
        rounds_away: u32,
    },
    /// Until the start or end of `round`.
    RoundBoundary {
        edge: Edge,
        round: u32,
        rounds_away: u32,
    },
    /// Seconds of game time left, and the clock value it ends at.
    Seconds {
        seconds: u64,
        at_seconds: u64,
    },
    UntilRest {
        rest: RestKind,
    },
    UntilEncounterEnds,
    UntilRemoved,
}

/// Most seconds a round may last in [`DurationRules`]: the longest round a config may set
/// ([`crate::clock::RoundLength::MAX_SECONDS`]), so a table's round counts in full.
pub const MAX_SECONDS_PER_ROUND: u32 = crate::clock::RoundLength::MAX_SECONDS;

/// Check a rules value: when a tracker is created and when a snapshot is read.
pub(crate) fn check_rules(rules: &DurationRules) -> crate::error::Result<()> {
    if rules.seconds_per_round == 0 || rules.seconds_per_round > MAX_SECONDS_PER_ROUND {
        return Err(crate::error::Error::invalid_argument(format!(
            "seconds per round must be 1..={MAX_SECONDS_PER_ROUND}, not {}",
            rules.seconds_per_round
        )));
    }
    Ok(())
}
