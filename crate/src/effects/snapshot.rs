//! The tracker's compact, versioned JSON form.
//!
//! Snapshots travel through VTT channels with tight size limits (an Owlbear Rodeo room has
//! 16 KB for every extension), so participant ids are written once, in `ps`, and referred to
//! by index, and effects are short arrays:
//!
//! ```json
//! { "v": 1, "rules": {...}, "round": 3, "inRound": true, "turn": 0, "acted": [0],
//!   "clock": 0, "next": 5, "ps": ["rath", "troll"],
//!   "fx": [[4, 1, "prone", 0, 0, 0, 4], [5, 1, null, null, 32, null, 0, "Entangled"]] }
//! ```
//!
//! An effect record is `[id, target, condition, source, code, anchor, value, name]`, where
//! `target`, `source` and `anchor` are indices into `ps`, and trailing `anchor`, `value` and
//! `name` are left out when they are `null`, `0` and `null`:
//! - `code` = `kind * 4 + flags`, flags: 1 = concentration, 2 = ends if the source is
//!   incapacitated; kind: 0 start of `anchor`'s turn in round `value`, 1 end of that turn,
//!   2 start of round `value`, 3 end of round `value`, 4 clock reaches `value` seconds,
//!   5 short rest, 6 long rest, 7 end of the encounter, 8 until removed;
//! - `anchor` is set for kinds 0 and 1 only; `value` is 0 where it has no meaning.
//!
//! Records are in application order. Ids are unique: below `next`, or, for effects on
//! participants hidden from players, from 2^31 up to 2^31 + `nextHidden` (left out when 0; see
//! [`super::ids::HIDDEN_EFFECT_IDS`]). They need not rise in application order, since an effect
//! on a participant that is revealed takes the next id below `next`. Restoring validates
//! everything and fails with `SNAPSHOT_INVALID`.

use std::collections::BTreeSet;

use litemap::LiteMap;
use std::fmt;

use serde::de::{SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::duration::{Due, DurationRules, Edge, MAX_CLOCK_SECONDS, RestKind};
use super::ids::{EffectId, HIDDEN_EFFECT_IDS, ParticipantId};
use super::participant_set::ParticipantSet;
use super::tracker::{
    ActiveEffect, EffectTracker, MAX_EFFECT_NAME_LEN, MAX_EFFECTS, MAX_EFFECTS_PER_PARTICIPANT,
    MAX_TURNS_PER_ROUND, Position,
};
use crate::conditions::ConditionId;
use crate::error::{Error, Result};

/// The snapshot format version written by this code.
pub const SNAPSHOT_VERSION: u32 = 1;

/// One effect: `[id, target, condition, source, code, anchor, value, name]` (see the module
/// docs; the last three are optional).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectRecord {
    pub id: u32,
    pub target: u32,
    pub condition: Option<ConditionId>,
    pub source: Option<u32>,
    pub code: u32,
    pub anchor: Option<u32>,
    pub value: u64,
    pub name: Option<String>,
}

impl Serialize for EffectRecord {
    fn serialize<S: Serializer>(&self, s: S) -> core::result::Result<S::Ok, S::Error> {
        let len = if self.name.is_some() {
            8
        } else if self.value != 0 {
            7
        } else if self.anchor.is_some() {
            6
        } else {
            5
        };
        let mut seq = s.serialize_seq(Some(len))?;
        seq.serialize_element(&self.id)?;
        seq.serialize_element(&self.target)?;
        seq.serialize_element(&self.condition)?;
        seq.serialize_element(&self.source)?;
        seq.serialize_element(&self.code)?;
        if len > 5 {
            seq.serialize_element(&self.anchor)?;
        }
        if len > 6 {
            seq.serialize_element(&self.value)?;
        }
        if len > 7 {
            seq.serialize_element(&self.name)?;
        }
        seq.end()
    }
}

impl crate::wire::ToWire for EffectRecord {
    fn write(&self, w: &mut crate::wire::Writer) {
        w.open_array();
        w.item();
        self.id.write(w);
        w.item();
        self.target.write(w);
        w.item();
        self.condition.write(w);
        w.item();
        self.source.write(w);
        w.item();
        self.code.write(w);
        if self.anchor.is_some() || self.value != 0 || self.name.is_some() {
            w.item();
            self.anchor.write(w);
        }
        if self.value != 0 || self.name.is_some() {
            w.item();
            self.value.write(w);
        }
        if self.name.is_some() {
            w.item();
            self.name.write(w);
        }
        w.close_array();
    }
}

impl crate::wire::FromWire for EffectRecord {
    fn read(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<Self> {
        use crate::wire::FromWire as W;
        let mut record = EffectRecord {
            id: 0,
            target: 0,
            condition: None,
            source: None,
            code: 0,
            anchor: None,
            value: 0,
            name: None,
        };
        let mut i = 0usize;
        r.array(&mut |r| {
            match i {
                0 => record.id = W::read(r)?,
                1 => record.target = W::read(r)?,
                2 => record.condition = W::read(r)?,
                3 => record.source = W::read(r)?,
                4 => record.code = W::read(r)?,
                5 => record.anchor = W::read(r)?,
                6 => record.value = W::read(r)?,
                7 => record.name = W::read(r)?,
                _ => return Err(r.error("effect record has too many elements")),
            }
            i += 1;
            Ok(())
        })?;
        const FIELDS: [&str; 5] = ["id", "target", "condition", "source", "code"];
        match FIELDS.get(i) {
            Some(what) => Err(r.error(&format!("effect record lacks {what}"))),
            None => Ok(record),
        }
    }
}

impl<'de> Deserialize<'de> for EffectRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> core::result::Result<Self, D::Error> {
        struct RecordVisitor;
        impl<'de> Visitor<'de> for RecordVisitor {
            type Value = EffectRecord;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an effect record [id, target, condition, source, code, anchor?, value?, name?]")
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> core::result::Result<EffectRecord, A::Error> {
                use serde::de::Error as _;
                let missing = |what: &str| A::Error::custom(format!("effect record lacks {what}"));
                let id = seq.next_element()?.ok_or_else(|| missing("id"))?;
                let target = seq.next_element()?.ok_or_else(|| missing("target"))?;
                let condition = seq.next_element()?.ok_or_else(|| missing("condition"))?;
                let source = seq.next_element()?.ok_or_else(|| missing("source"))?;
                let code = seq.next_element()?.ok_or_else(|| missing("code"))?;
                let anchor = seq.next_element::<Option<u32>>()?.flatten();
                let value = seq.next_element::<u64>()?.unwrap_or(0);
                let name = seq.next_element::<Option<String>>()?.flatten();
                if seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    return Err(A::Error::custom("effect record has too many elements"));
                }
                Ok(EffectRecord {
                    id,
                    target,
                    condition,
                    source,
                    code,
                    anchor,
                    value,
                    name,
                })
            }
        }
        d.deserialize_seq(RecordVisitor)
    }
}

/// The serialized tracker.
#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TrackerSnapshot {
    pub v: u32,
    pub rules: DurationRules,
    pub round: u32,
    #[serde(default)]
    pub in_round: bool,
    /// Index into `ps`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// Indices into `ps`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acted: Vec<u32>,
    #[serde(default)]
    pub clock: u64,
    pub next: u32,
    /// Ids given out to effects on hidden participants, from
    /// [`super::ids::HIDDEN_EFFECT_IDS`] up (absent when none was).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub next_hidden: u32,
    /// Every participant id the snapshot mentions.
    #[serde(default)]
    pub ps: Vec<ParticipantId>,
    #[serde(default)]
    pub fx: Vec<EffectRecord>,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
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
    if kind >= 5 && value != 0 {
        return Err(bad(format!("effect due code {kind} takes no value")));
    }
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

/// Participant ids to indices, in first-mention order.
#[derive(Default)]
struct Interner {
    ids: Vec<ParticipantId>,
    index: LiteMap<ParticipantId, u32>,
}

impl Interner {
    fn get(&mut self, p: &ParticipantId) -> u32 {
        if let Some(&i) = self.index.get(p) {
            return i;
        }
        let i = u32::try_from(self.ids.len()).unwrap_or(u32::MAX);
        self.ids.push(p.clone());
        self.index.insert(p.clone(), i);
        i
    }
}

impl From<&EffectTracker> for TrackerSnapshot {
    fn from(t: &EffectTracker) -> Self {
        let mut ps = Interner::default();
        let turn = t.position.turn.as_ref().map(|p| ps.get(p));
        let acted = t.position.acted.iter().map(|p| ps.get(p)).collect();
        let fx = t
            .effects
            .iter()
            .map(|e| {
                let (kind, anchor, value) = encode_due(&e.due);
                let mut code = kind.saturating_mul(4);
                if e.concentration {
                    code |= FLAG_CONCENTRATION;
                }
                if e.ends_if_source_incapacitated {
                    code |= FLAG_ENDS_WITH_SOURCE;
                }
                EffectRecord {
                    id: e.id.0,
                    target: ps.get(&e.target),
                    condition: e.condition.clone(),
                    source: e.source.as_ref().map(|p| ps.get(p)),
                    code,
                    anchor: anchor.map(|p| ps.get(&p)),
                    value,
                    name: e.name.clone(),
                }
            })
            .collect();
        TrackerSnapshot {
            v: SNAPSHOT_VERSION,
            rules: t.rules,
            round: t.position.round,
            in_round: t.position.in_round,
            turn,
            acted,
            clock: t.clock,
            next: t.next_id,
            next_hidden: t.hidden_issued,
            ps: ps.ids,
            fx,
        }
    }
}

impl TryFrom<TrackerSnapshot> for EffectTracker {
    type Error = Error;
    fn try_from(s: TrackerSnapshot) -> Result<Self> {
        check_header(&s)?;
        let participant = |i: u32| participant_at(&s.ps, i);
        let turn = s.turn.map(participant).transpose()?;
        let acted = s
            .acted
            .iter()
            .map(|&i| participant(i))
            .collect::<Result<ParticipantSet>>()?;
        let effects = decode_effects(&s)?;
        Ok(EffectTracker {
            rules: s.rules,
            effects,
            next_id: s.next,
            hidden_issued: s.next_hidden,
            position: Position {
                round: s.round,
                in_round: s.in_round,
                turn,
                acted,
            },
            clock: s.clock,
        })
    }
}

/// The snapshot's header, checked before any index or record is read: the version, the rules,
/// the clock, a turn only inside a round, the id counters and list lengths within their
/// limits, and every participant id listed once.
fn check_header(s: &TrackerSnapshot) -> Result<()> {
    if s.v != SNAPSHOT_VERSION {
        return Err(bad(format!(
            "effect tracker snapshot version {} is not supported (expected {SNAPSHOT_VERSION})",
            s.v
        )));
    }
    super::duration::check_rules(&s.rules).map_err(|e| bad(e.message))?;
    if s.clock > MAX_CLOCK_SECONDS {
        return Err(bad("clock is out of range"));
    }
    if s.turn.is_some() && !s.in_round {
        return Err(bad("a turn is in progress outside a round"));
    }
    if s.acted.len() > MAX_TURNS_PER_ROUND {
        return Err(bad("too many participants have acted"));
    }
    if s.next == 0 || s.next > HIDDEN_EFFECT_IDS || s.next_hidden > HIDDEN_EFFECT_IDS {
        return Err(bad(
            "the next effect id must be at least 1 and below the hidden ones",
        ));
    }
    if s.fx.len() > MAX_EFFECTS {
        return Err(bad("too many effects"));
    }
    // A B-tree (the one `Position::acted` compiles anyway), not a sorted Vec: the list's
    // length has no limit of its own, and inserting into a Vec would be quadratic in it.
    let mut distinct: BTreeSet<ParticipantId> = BTreeSet::new();
    for p in &s.ps {
        if !distinct.insert(p.clone()) {
            return Err(bad("a participant id is listed twice"));
        }
    }
    Ok(())
}

/// The participant at index `i` of the snapshot's `ps`.
#[inline(never)]
fn participant_at(ps: &[ParticipantId], i: u32) -> Result<ParticipantId> {
    usize::try_from(i)
        .ok()
        .and_then(|i| ps.get(i))
        .cloned()
        .ok_or_else(|| bad(format!("participant index {i} is out of range")))
}

/// The effect records, in application order. Each id must be unique and given out: below
/// `next`, or among the hidden ones (ids need not rise in application order: an effect on a
/// revealed participant takes a new id); and no participant may carry more than
/// [`MAX_EFFECTS_PER_PARTICIPANT`] effects.
fn decode_effects(s: &TrackerSnapshot) -> Result<Vec<ActiveEffect>> {
    let mut effects: Vec<ActiveEffect> = Vec::with_capacity(s.fx.len());
    let mut per_target: LiteMap<u32, usize> = LiteMap::new();
    let mut seen: LiteMap<u32, ()> = LiteMap::new();
    for r in &s.fx {
        let issued = match r.id.checked_sub(HIDDEN_EFFECT_IDS) {
            Some(k) => k < s.next_hidden,
            None => r.id >= 1 && r.id < s.next,
        };
        if !issued || seen.try_insert(r.id, ()).is_some() {
            return Err(bad(format!(
                "effect id {} is repeated or was never given out",
                r.id
            )));
        }
        let count = per_target.entry(r.target).or_insert(0);
        *count = count.saturating_add(1);
        if *count > MAX_EFFECTS_PER_PARTICIPANT {
            return Err(bad("a participant has too many effects"));
        }
        effects.push(decode_effect(r, &s.ps)?);
    }
    Ok(effects)
}

/// One effect record: a valid name, a condition or a name, a source when its flags depend on
/// one, indices within `ps`, and a due code that fits its anchor and value.
fn decode_effect(r: &EffectRecord, ps: &[ParticipantId]) -> Result<ActiveEffect> {
    let participant = |i: u32| participant_at(ps, i);
    if let Some(n) = &r.name {
        let len = n.chars().count();
        if len == 0 || len > MAX_EFFECT_NAME_LEN || n.chars().any(char::is_control) {
            return Err(bad(format!("effect {} has an invalid name", r.id)));
        }
    }
    if r.condition.is_none() && r.name.is_none() {
        return Err(bad(format!(
            "effect {} has neither condition nor name",
            r.id
        )));
    }
    let concentration = r.code & FLAG_CONCENTRATION != 0;
    let ends_with_source = r.code & FLAG_ENDS_WITH_SOURCE != 0;
    if (concentration || ends_with_source) && r.source.is_none() {
        return Err(bad(format!("effect {} depends on a source it lacks", r.id)));
    }
    let anchor = r.anchor.map(participant).transpose()?;
    let due = decode_due(r.code / 4, anchor, r.value)?;
    Ok(ActiveEffect {
        id: EffectId(r.id),
        target: participant(r.target)?,
        source: r.source.map(participant).transpose()?,
        condition: r.condition.clone(),
        name: r.name.clone(),
        due,
        concentration,
        ends_if_source_incapacitated: ends_with_source,
    })
}

impl Serialize for EffectTracker {
    fn serialize<S: serde::Serializer>(&self, s: S) -> core::result::Result<S::Ok, S::Error> {
        TrackerSnapshot::from(self).serialize(s)
    }
}

impl crate::wire::ToWire for EffectTracker {
    fn write(&self, w: &mut crate::wire::Writer) {
        crate::wire::ToWire::write(&TrackerSnapshot::from(self), w);
    }
}

impl crate::wire::FromWire for EffectTracker {
    fn read(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<Self> {
        let snapshot = <TrackerSnapshot as crate::wire::FromWire>::read(r)?;
        EffectTracker::try_from(snapshot).map_err(|e| r.custom(e.message))
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
        Ok(crate::wire::to_json(self))
    }
    /// Restore from [`Self::to_json`]'s output; `SNAPSHOT_INVALID` on anything malformed.
    pub fn from_json(json: &str) -> Result<Self> {
        let snapshot: TrackerSnapshot = crate::wire::read_all(json)
            .map_err(|e| bad(format!("effect tracker snapshot is malformed: {e}")))?;
        Self::try_from(snapshot)
    }
}
