//! Plain-data descriptions of what the A5E procedures do to a creature: conditions applied and
//! how long they, or an action's benefit, last. The encounter turns these into tracked effects.

/// When something ends, anchored the way A5E anchors durations (to a creature's turns, A5E-DUR).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Lasts {
    /// Until the start of the affected creature's next turn.
    UntilStartOfOwnNextTurn,
    /// Until the end of the affected creature's next turn.
    UntilEndOfOwnNextTurn,
    /// Until the start of the next turn of the creature that caused it (the helper, the dodger,
    /// the attacker pressing).
    UntilStartOfSourcesNextTurn,
    /// Until the start of the environment's next turn (the next world-action phase).
    UntilStartOfEnvironmentsNextTurn,
    /// Until the end of Turn-Based Action (the encounter).
    UntilEncounterEnds,
    /// Until the creature escapes or breaks free.
    UntilEscape,
    /// Permanent until removed by the tracked-condition rules (fatigue levels).
    UntilRemoved,
}

/// A condition a procedure applies.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all_fields = "camelCase",
    rename_all = "camelCase"
)]
pub enum AppliedCondition {
    Blinded {
        lasts: Lasts,
    },
    /// Grappled, with the DC to escape.
    Grappled {
        escape_dc: i32,
        lasts: Lasts,
    },
    Restrained {
        lasts: Lasts,
    },
    Poisoned {
        lasts: Lasts,
    },
    Prone,
    /// Levels of fatigue gained.
    Fatigue {
        levels: u32,
    },
    /// Out of breath and suffocating (A5E-ENV-03; see `environment::breath`).
    Suffocating,
}
