//! The tracker's compact, versioned JSON form.
//!
//! Snapshots travel through VTT channels with tight size limits (an Owlbear Rodeo room has
//! 16 KB for every extension), so effects are stored as arrays grouped by target:
//!
//! ```json
//! { "v": 1, "rules": {...}, "round": 3, "inRound": true, "turn": "rath",
//!   "acted": ["rath"], "clock": 0, "next": 5,
//!   "fx": { "troll": [[4, "prone", null, "rath", 0, "rath", 4]] } }
//! ```
//!
//! An effect record is `[id, condition, name, source, code, anchor, value]`:
//! - `code` = `kind * 4 + flags`, flags: 1 = concentration, 2 = ends if the source is
//!   incapacitated; kind: 0 start of `anchor`'s turn in round `value`, 1 end of that turn,
//!   2 start of round `value`, 3 end of round `value`, 4 clock reaches `value` seconds,
//!   5 short rest, 6 long rest, 7 end of the encounter, 8 until removed;
//! - `anchor` is set for kinds 0 and 1 only; `value` is 0 where it has no meaning.
//!
//! Restoring validates everything and fails with `SNAPSHOT_INVALID`.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::duration::{Due, DurationRules, Edge, MAX_CLOCK_SECONDS, RestKind};
use super::ids::{EffectId, ParticipantId};
use super::tracker::{
    ActiveEffect, EffectTracker, MAX_EFFECT_NAME_LEN, MAX_EFFECTS, MAX_EFFECTS_PER_PARTICIPANT,
    MAX_TURNS_PER_ROUND, Position,
};
use crate::conditions::ConditionId;
use crate::error::{Error, Result};

/// The snapshot format version written by this code.
pub const SNAPSHOT_VERSION: u32 = 1;

/// Most seconds a round may last in [`DurationRules`] (10 minutes, A5E-TBA-03's longest).
pub const MAX_SECONDS_PER_ROUND: u32 = 600;

/// One effect: `[id, condition, name, source, code, anchor, value]` (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EffectRecord(
    pub u32,
    pub Option<ConditionId>,
    pub Option<String>,
    pub Option<ParticipantId>,
    pub u32,
    pub Option<ParticipantId>,
    pub u64,
);

/// The serialized tracker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct TrackerSnapshot {
    pub v: u32,
    pub rules: DurationRules,
    pub round: u32,
    #[serde(default)]
    pub in_round: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<ParticipantId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acted: Vec<ParticipantId>,
    #[serde(default)]
    pub clock: u64,
    pub next: u32,
    #[serde(default)]
    pub fx: BTreeMap<ParticipantId, Vec<EffectRecord>>,
}

const FLAG_CONCENTRATION: u32 = 1;
const FLAG_ENDS_WITH_SOURCE: u32 = 2;

fn encode_due(due: &Due) -> (u32, Option<ParticipantId>, u64) {
    match due {
        Due::Turn {
            anchor,
            edge,
            round,
        } => (
            match edge {
                Edge::Start => 0,
                Edge::End => 1,
            },
            Some(anchor.clone()),
            u64::from(*round),
        ),
        Due::Round { edge, round } => (
            match edge {
                Edge::Start => 2,
                Edge::End => 3,
            },
            None,
            u64::from(*round),
        ),
        Due::Clock { at_seconds } => (4, None, *at_seconds),
        Due::Rest {
            rest: RestKind::Short,
        } => (5, None, 0),
        Due::Rest {
            rest: RestKind::Long,
        } => (6, None, 0),
        Due::EncounterEnd => (7, None, 0),
        Due::UntilRemoved => (8, None, 0),
    }
}

fn bad(message: impl Into<String>) -> Error {
    Error::snapshot(message)
}

fn decode_due(kind: u32, anchor: Option<ParticipantId>, value: u64) -> Result<Due> {
    let round = || u32::try_from(value).map_err(|_| bad(format!("round {value} is too large")));
    let due = match (kind, anchor) {
        (0, Some(anchor)) => Due::Turn {
            anchor,
            edge: Edge::Start,
            round: round()?,
        },
        (1, Some(anchor)) => Due::Turn {
            anchor,
            edge: Edge::End,
            round: round()?,
        },
        (2, None) => Due::Round {
            edge: Edge::Start,
            round: round()?,
        },
        (3, None) => Due::Round {
            edge: Edge::End,
            round: round()?,
        },
        (4, None) if value <= MAX_CLOCK_SECONDS => Due::Clock { at_seconds: value },
        (5, None) => Due::Rest {
            rest: RestKind::Short,
        },
        (6, None) => Due::Rest {
            rest: RestKind::Long,
        },
        (7, None) => Due::EncounterEnd,
        (8, None) => Due::UntilRemoved,
        (kind, _) => {
            return Err(bad(format!(
                "effect due code {kind} with this anchor and value {value} is invalid"
            )));
        }
    };
    Ok(due)
}

/// Check a rules value (also used when a tracker is created).
pub(crate) fn check_rules(rules: &DurationRules) -> Result<()> {
    if rules.seconds_per_round == 0 || rules.seconds_per_round > MAX_SECONDS_PER_ROUND {
        return Err(Error::invalid_argument(format!(
            "seconds per round must be 1..={MAX_SECONDS_PER_ROUND}, not {}",
            rules.seconds_per_round
        )));
    }
    Ok(())
}

impl From<EffectTracker> for TrackerSnapshot {
    fn from(t: EffectTracker) -> Self {
        let mut fx: BTreeMap<ParticipantId, Vec<EffectRecord>> = BTreeMap::new();
        for e in t.effects {
            let (kind, anchor, value) = encode_due(&e.due);
            let mut code = kind.saturating_mul(4);
            if e.concentration {
                code |= FLAG_CONCENTRATION;
            }
            if e.ends_if_source_incapacitated {
                code |= FLAG_ENDS_WITH_SOURCE;
            }
            fx.entry(e.target).or_default().push(EffectRecord(
                e.id.0,
                e.condition,
                e.name,
                e.source,
                code,
                anchor,
                value,
            ));
        }
        TrackerSnapshot {
            v: SNAPSHOT_VERSION,
            rules: t.rules,
            round: t.position.round,
            in_round: t.position.in_round,
            turn: t.position.turn,
            acted: t.position.acted.into_iter().collect(),
            clock: t.clock,
            next: t.next_id,
            fx,
        }
    }
}

impl TryFrom<TrackerSnapshot> for EffectTracker {
    type Error = Error;
    fn try_from(s: TrackerSnapshot) -> Result<Self> {
        if s.v != SNAPSHOT_VERSION {
            return Err(bad(format!(
                "effect tracker snapshot version {} is not supported (expected {SNAPSHOT_VERSION})",
                s.v
            )));
        }
        check_rules(&s.rules).map_err(|e| bad(e.message))?;
        if s.clock > MAX_CLOCK_SECONDS {
            return Err(bad("clock is out of range"));
        }
        if s.turn.is_some() && !s.in_round {
            return Err(bad("a turn is in progress outside a round"));
        }
        if s.acted.len() > MAX_TURNS_PER_ROUND {
            return Err(bad("too many participants have acted"));
        }
        if s.next == 0 {
            return Err(bad("the next effect id must be at least 1"));
        }
        let acted: BTreeSet<ParticipantId> = s.acted.into_iter().collect();
        let mut effects: Vec<ActiveEffect> = Vec::new();
        let mut ids: BTreeSet<u32> = BTreeSet::new();
        for (target, records) in s.fx {
            if records.len() > MAX_EFFECTS_PER_PARTICIPANT {
                return Err(bad(format!("{target} has too many effects")));
            }
            for EffectRecord(id, condition, name, source, code, anchor, value) in records {
                if id == 0 || id >= s.next || !ids.insert(id) {
                    return Err(bad(format!("effect id {id} is invalid or repeated")));
                }
                if let Some(n) = &name {
                    let len = n.chars().count();
                    if len == 0 || len > MAX_EFFECT_NAME_LEN || n.chars().any(char::is_control) {
                        return Err(bad(format!("effect {id} has an invalid name")));
                    }
                }
                if condition.is_none() && name.is_none() {
                    return Err(bad(format!("effect {id} has neither condition nor name")));
                }
                let concentration = code & FLAG_CONCENTRATION != 0;
                let ends_with_source = code & FLAG_ENDS_WITH_SOURCE != 0;
                if (concentration || ends_with_source) && source.is_none() {
                    return Err(bad(format!("effect {id} depends on a source it lacks")));
                }
                let due = decode_due(code / 4, anchor, value)?;
                effects.push(ActiveEffect {
                    id: EffectId(id),
                    target: target.clone(),
                    source,
                    condition,
                    name,
                    due,
                    concentration,
                    ends_if_source_incapacitated: ends_with_source,
                });
            }
        }
        if effects.len() > MAX_EFFECTS {
            return Err(bad("too many effects"));
        }
        effects.sort_by_key(|e| e.id);
        Ok(EffectTracker {
            rules: s.rules,
            effects,
            next_id: s.next,
            position: Position {
                round: s.round,
                in_round: s.in_round,
                turn: s.turn,
                acted,
            },
            clock: s.clock,
        })
    }
}

impl Serialize for EffectTracker {
    fn serialize<S: serde::Serializer>(&self, s: S) -> core::result::Result<S::Ok, S::Error> {
        TrackerSnapshot::from(self.clone()).serialize(s)
    }
}

impl<'de> Deserialize<'de> for EffectTracker {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> core::result::Result<Self, D::Error> {
        let snapshot = TrackerSnapshot::deserialize(d)?;
        EffectTracker::try_from(snapshot).map_err(|e| serde::de::Error::custom(e.message))
    }
}

impl EffectTracker {
    /// The compact JSON snapshot.
    pub fn to_json(&self) -> Result<String> {
        serde_json::to_string(self).map_err(|e| bad(format!("can't write snapshot: {e}")))
    }
    /// Restore from [`Self::to_json`]'s output; `SNAPSHOT_INVALID` on anything malformed.
    pub fn from_json(json: &str) -> Result<Self> {
        let snapshot: TrackerSnapshot = serde_json::from_str(json)
            .map_err(|e| bad(format!("effect tracker snapshot is malformed: {e}")))?;
        Self::try_from(snapshot)
    }
}
