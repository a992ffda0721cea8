//! Shared helpers for the encounter tests (included with `#[path]`; compiled alone it has no
//! tests).
#![allow(dead_code)]

use turnkeeper::dice::{DieRoller, SuppliedDice};
use turnkeeper::encounter::{
    Declaration, Encounter, EncounterCommand, EncounterEvent, NewParticipant, ParticipantId, SideId,
};
use turnkeeper::initiative::Activity;
use turnkeeper::initiative::greyhawk::GhDeclaration;
use turnkeeper::rulesets::{Preset, RulesetConfig};
use turnkeeper::{Error, ErrorCode};

pub fn pid(s: &str) -> ParticipantId {
    ParticipantId::new(s).unwrap()
}

pub fn side(s: &str) -> SideId {
    SideId::new(s).unwrap()
}

pub fn newp(id: &str, side_name: &str, dex: u8) -> NewParticipant {
    let mut name = id.to_string();
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    NewParticipant::new(
        pid(id),
        turnkeeper::encounter::Name::new(name).unwrap(),
        side(side_name),
        dex,
    )
}

/// `Start` with nothing special: no surprise, no advantage, no called-for check.
pub fn start() -> EncounterCommand {
    EncounterCommand::Start {
        advantage: vec![],
        advantage_sides: vec![],
        check: None,
        ambushers: vec![],
        called_for: None,
    }
}

pub fn gh(activities: &[Activity]) -> Declaration {
    Declaration::Greyhawk(GhDeclaration::of(activities.iter().copied()))
}

/// An encounter plus a mirror that only ever applies the events: after every command the two
/// must serialize identically, and the snapshot must restore to an equal encounter.
pub struct Table {
    pub enc: Encounter,
    pub mirror: Encounter,
    pub log: Vec<EncounterEvent>,
}

impl Table {
    pub fn new(config: RulesetConfig) -> Self {
        let enc = Encounter::new(config).unwrap();
        Self {
            mirror: enc.clone(),
            enc,
            log: Vec::new(),
        }
    }

    pub fn preset(p: Preset) -> Self {
        Self::new(RulesetConfig::preset(p))
    }

    pub fn add(&mut self, p: NewParticipant) -> &mut Self {
        self.run(EncounterCommand::AddParticipant { participant: p }, &[]);
        self
    }

    /// Run a command with supplied faces, all of which must be used.
    pub fn run(&mut self, cmd: EncounterCommand, faces: &[u32]) -> Vec<EncounterEvent> {
        let mut dice = SuppliedDice::new(faces.iter().copied());
        let events = self
            .enc
            .execute(cmd.clone(), &mut dice)
            .unwrap_or_else(|e| panic!("{cmd:?} failed: {e}"));
        assert_eq!(dice.remaining(), 0, "unused faces after {cmd:?}");
        self.sync(&events);
        events
    }

    /// Run a command with any dice source.
    pub fn run_with(
        &mut self,
        cmd: EncounterCommand,
        dice: &mut dyn DieRoller,
    ) -> Result<Vec<EncounterEvent>, Error> {
        let before = self.enc.to_json();
        match self.enc.execute(cmd, dice) {
            Ok(events) => {
                self.sync(&events);
                Ok(events)
            }
            Err(e) => {
                assert_eq!(
                    before,
                    self.enc.to_json(),
                    "a failed command changed the state"
                );
                Err(e)
            }
        }
    }

    fn sync(&mut self, events: &[EncounterEvent]) {
        for e in events {
            self.mirror
                .apply(e)
                .unwrap_or_else(|err| panic!("replay of {e:?} failed: {err}"));
            assert!(!e.describe(&self.enc).is_empty());
        }
        self.log.extend_from_slice(events);
        let json = self.enc.to_json();
        assert_eq!(json, self.mirror.to_json(), "replayed encounter differs");
        let restored = Encounter::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
        assert_eq!(restored, self.enc, "snapshot did not restore exactly");
    }

    /// Run a command that must fail with `code`, leaving the state exactly as before.
    pub fn fail(&mut self, cmd: EncounterCommand, faces: &[u32], code: ErrorCode) -> Error {
        let before = self.enc.to_json();
        let mut dice = SuppliedDice::new(faces.iter().copied());
        let err = self
            .enc
            .execute(cmd.clone(), &mut dice)
            .expect_err(&format!("{cmd:?} should fail"));
        assert_eq!(err.code, code, "{cmd:?}: {err}");
        assert_eq!(
            before,
            self.enc.to_json(),
            "a failed command changed the state"
        );
        err
    }

    /// A participant's creature stats (it must have some).
    pub fn creature(&self, id: &str) -> turnkeeper::creature::Creature {
        self.enc
            .participant(&pid(id))
            .and_then(|p| p.creature.as_deref().cloned())
            .unwrap_or_else(|| panic!("{id} has no creature"))
    }

    pub fn order(&self) -> Vec<String> {
        self.enc
            .turn_order()
            .iter()
            .map(|p| p.as_str().to_string())
            .collect()
    }

    pub fn current(&self) -> Option<String> {
        self.enc
            .current_participant()
            .map(|p| p.as_str().to_string())
    }

    pub fn end_turn(&mut self) -> Vec<EncounterEvent> {
        self.run(EncounterCommand::EndTurn, &[])
    }

    pub fn declare(&mut self, id: &str, d: Declaration) {
        self.run(
            EncounterCommand::Declare {
                participant: pid(id),
                declaration: d,
            },
            &[],
        );
    }

    pub fn count(&self, id: &str) -> Option<i32> {
        self.enc.participant(&pid(id)).and_then(|p| p.count())
    }
}

/// The participants whose turn started or resumed, in event order.
pub fn acting_sequence(events: &[EncounterEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::TurnStarted { participant, .. }
            | EncounterEvent::TurnResumed { participant, .. } => {
                Some(participant.as_str().to_string())
            }
            _ => None,
        })
        .collect()
}

pub fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}
