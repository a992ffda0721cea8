//! A stand-alone creature (a character sheet outside any encounter): the creature, the rules it
//! follows and the game time, changed by typed commands ([`CreatureCommand`]: `damage`,
//! `longRest`, …). It is an event-sourced [`Model`] like the encounter and the journey: each
//! command becomes an event that records the command and the faces it rolled, so another
//! client applies it by running the same command on the same faces, and the engine gives the
//! sheet the same batches, digests and checksummed snapshots.

pub use super::command::{CreatureCommand, LegacyCreatureOp};
use crate::creature::{Creature, CreatureRules, Moment};
use crate::dice::{DieRoller, SourceKind};
use crate::engine::{Digester, Model};
use crate::error::{Error, ErrorCode, Result};
use crate::wire::{FromWire, Reader, ToWire, WireError};

/// A creature with its rules and its clock.
#[derive(Debug, Clone, PartialEq)]
pub struct CreatureSheet {
    pub creature: Creature,
    pub rules: CreatureRules,
    pub time: Moment,
}

/// What an operation did: the command, the faces it rolled (in order) and from what kind of
/// source, and its result (JSON text) as the caller saw it.
#[crate::boundary(output)]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CreatureEvent {
    pub command: CreatureCommand,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faces: Vec<u32>,
    pub source: SourceKind,
    pub result: String,
}

/// A creature event as it arrives: with its `command`, or as events recorded before commands
/// were typed, with the operation's name and arguments in `op`.
#[crate::boundary(input, rust_only)]
#[serde(rename_all = "camelCase")]
struct ArrivingCreatureEvent {
    #[serde(default)]
    command: Option<CreatureCommand>,
    #[serde(default)]
    op: Option<LegacyCreatureOp>,
    #[serde(default)]
    faces: Vec<u32>,
    source: SourceKind,
    result: String,
}

impl FromWire for CreatureEvent {
    fn read(r: &mut Reader<'_>) -> core::result::Result<Self, WireError> {
        let arriving = ArrivingCreatureEvent::read(r)?;
        let command = match (arriving.command, arriving.op) {
            (Some(command), None) => command,
            (None, Some(op)) => CreatureCommand::from_legacy(&op)
                .map_err(|e| r.error(&format!("op: {}", e.message)))?,
            _ => return Err(r.error("a creature event needs exactly one of command and op")),
        };
        Ok(CreatureEvent {
            command,
            faces: arriving.faces,
            source: arriving.source,
            result: arriving.result,
        })
    }
}

/// Rolls through another roller and keeps every face.
struct Recorder<'a> {
    inner: &'a mut dyn DieRoller,
    faces: Vec<u32>,
}

impl DieRoller for Recorder<'_> {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        let face = self.inner.roll_die(sides)?;
        self.faces.push(face);
        Ok(face)
    }
    fn kind(&self) -> SourceKind {
        self.inner.kind()
    }
}

/// Gives back recorded faces, as the source that rolled them.
struct Replayed<'a> {
    faces: &'a [u32],
    used: usize,
    kind: SourceKind,
}

impl DieRoller for Replayed<'_> {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        let face = *self.faces.get(self.used).ok_or_else(|| {
            Error::new(
                ErrorCode::SnapshotInvalid,
                "the event rolls more dice than it recorded",
            )
        })?;
        if face == 0 || face > sides {
            return Err(Error::snapshot(format!(
                "the event recorded a {face} on a d{sides}"
            )));
        }
        self.used = self.used.saturating_add(1);
        Ok(face)
    }
    fn kind(&self) -> SourceKind {
        self.kind
    }
}

use super::command::parse;

/// A result as JSON text.
pub(crate) fn out<T: ToWire + ?Sized>(value: &T) -> Result<String> {
    Ok(crate::wire::to_json(value))
}

impl CreatureSheet {
    /// Run `command` on this (scratch) state; the caller keeps it only on success. The result
    /// is the operation's report (or value) as JSON text.
    pub fn run(&mut self, command: &CreatureCommand, roller: &mut dyn DieRoller) -> Result<String> {
        use CreatureCommand as C;
        let rules = self.rules;
        let at = self.time;
        let c = &mut self.creature;
        // The sheet's clock is its own; everything else is the creature's operation, run as an
        // encounter runs it (`Creature::perform`).
        match command {
            C::SetTime { now, in_encounter } => {
                self.time = Moment {
                    now: *now,
                    in_encounter: *in_encounter,
                };
                out(&())
            }
            C::AdvanceTime { now } => {
                let at = Moment { now: *now, ..at };
                self.time = at;
                out(&c.advance_time(at)?)
            }
            C::EndEncounter { now } => {
                let at = Moment::outside_encounter(now.unwrap_or(at.now));
                self.time = at;
                out(&c.end_encounter(&rules, at, roller)?)
            }
            _ => out(&c.perform(command, &rules, at, roller)?),
        }
    }
}

/// A creature as `toJSON` writes it: versioned, restored exactly by `fromJSON`.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CreatureSnapshot {
    /// Snapshot format version ([`CREATURE_SNAPSHOT_VERSION`]).
    pub v: u32,
    pub creature: Creature,
    pub rules: CreatureRules,
    pub time: Moment,
}

/// The snapshot format written by `toJSON` and accepted by `fromJSON`.
pub const CREATURE_SNAPSHOT_VERSION: u32 = 1;

/// Restore and check a snapshot (JSON text); every failure is `SNAPSHOT_INVALID`.
pub fn restore(json: &str) -> Result<CreatureSnapshot> {
    let snapshot: CreatureSnapshot = parse(json, "snapshot").map_err(|e| match e.code {
        ErrorCode::LimitExceeded => e,
        _ => Error::snapshot(e.message),
    })?;
    if snapshot.v != CREATURE_SNAPSHOT_VERSION {
        return Err(Error::snapshot(format!(
            "creature snapshot version {} is not supported (expected {CREATURE_SNAPSHOT_VERSION})",
            snapshot.v
        )));
    }
    snapshot
        .creature
        .validate()
        .map_err(|e| Error::snapshot(format!("invalid creature: {}", e.message)))?;
    Ok(snapshot)
}

impl Model for CreatureSheet {
    type Command = CreatureCommand;
    type Event = CreatureEvent;
    const NAME: &'static str = "creature";

    fn execute(
        &mut self,
        command: CreatureCommand,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<CreatureEvent>> {
        let mut work = self.clone();
        let source = dice.kind();
        let mut recorder = Recorder {
            inner: dice,
            faces: Vec::new(),
        };
        let result = work.run(&command, &mut recorder)?;
        let faces = recorder.faces;
        *self = work;
        Ok(vec![CreatureEvent {
            command,
            faces,
            source,
            result,
        }])
    }

    fn apply(&mut self, event: &CreatureEvent) -> Result<()> {
        let mut dice = Replayed {
            faces: &event.faces,
            used: 0,
            kind: event.source,
        };
        self.run(&event.command, &mut dice)?;
        if dice.used != event.faces.len() {
            return Err(Error::snapshot(format!(
                "the event recorded {} faces but the operation rolled {}",
                event.faces.len(),
                dice.used
            )));
        }
        Ok(())
    }

    fn check(&self) -> Result<()> {
        self.creature
            .validate()
            .map_err(|e| Error::snapshot(format!("invalid creature: {}", e.message)))
    }

    fn digest(&self, d: &mut Digester) {
        d.add(&self.creature).add(&self.rules).add(&self.time);
    }

    fn save(&self) -> String {
        crate::wire::to_json(&CreatureSnapshot {
            v: CREATURE_SNAPSHOT_VERSION,
            creature: self.creature.clone(),
            rules: self.rules,
            time: self.time,
        })
    }

    fn load(text: &str) -> Result<Self> {
        let s = restore(text)?;
        Ok(CreatureSheet {
            creature: s.creature,
            rules: s.rules,
            time: s.time,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::CreatureKind;
    use serde_json::json;

    #[test]
    fn snapshots_are_checked_and_versioned() {
        let snapshot = CreatureSnapshot {
            v: CREATURE_SNAPSHOT_VERSION,
            creature: Creature::new(CreatureKind::Pc, 10).unwrap(),
            rules: CreatureRules::a5e(),
            time: Moment::default(),
        };
        let text = crate::wire::to_json(&snapshot);
        assert_eq!(text, serde_json::to_string(&snapshot).unwrap());
        assert_eq!(restore(&text).unwrap(), snapshot);
        let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
        json["creature"]["hp"]["current"] = json!(11);
        let e = restore(&json.to_string()).unwrap_err();
        assert_eq!(e.code, ErrorCode::SnapshotInvalid);
        json["creature"]["hp"]["current"] = json!(10);
        json["v"] = json!(2);
        assert_eq!(
            restore(&json.to_string()).unwrap_err().code,
            ErrorCode::SnapshotInvalid
        );
        assert_eq!(
            restore(r#"{"v":1}"#).unwrap_err().code,
            ErrorCode::SnapshotInvalid
        );
        assert_eq!(restore("[1,").unwrap_err().code, ErrorCode::SnapshotInvalid);
    }

    #[test]
    fn complete_days_stop_one_past_the_limit() {
        use crate::creature::OseRestDay;
        use crate::creature::perform::complete_days;
        let limit = crate::creature::limits::MAX_REST_DAYS;
        assert_eq!(complete_days(0).len(), 0);
        assert_eq!(complete_days(3), vec![OseRestDay::Complete; 3]);
        assert_eq!(complete_days(u32::MAX).len(), limit + 1);
    }
}
