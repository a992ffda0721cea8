//! Roster changes mid-combat, boundary events and log lines.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::encounter::{EncounterCommand, EncounterEvent, Name};
use turnkeeper::initiative::Activity::{Melee, Move};
use turnkeeper::rulesets::Preset;

fn start() -> EncounterCommand {
    EncounterCommand::Start {
        advantage: vec![],
        advantage_sides: vec![],
        check: None,
        ambushers: vec![],
    }
}

fn hyb() -> Table {
    let mut t = Table::preset(Preset::Hyb);
    t.add(newp("a", "party", 16));
    t.add(newp("b", "party", 12));
    t.add(newp("c", "foes", 8));
    t.run(start(), &[]);
    t
}

#[test]
fn add_mid_combat_joins_where_its_count_falls() {
    let mut t = hyb();
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("b"));
    // Dex 10 comes after b: it acts this round.
    t.add(newp("late", "foes", 10));
    assert_eq!(t.order(), strs(&["a", "b", "late", "c"]));
    // Dex 18 is ahead of the current turn: it acts from the next round.
    t.add(newp("fast", "foes", 18));
    assert_eq!(t.order(), strs(&["fast", "a", "b", "late", "c"]));
    assert_eq!(t.current().as_deref(), Some("b"));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("late"));
    t.end_turn();
    t.end_turn();
    assert_eq!(t.enc.round(), 2);
    assert_eq!(t.current().as_deref(), Some("fast"));
}

#[test]
fn remove_the_current_participant_moves_on() {
    let mut t = hyb();
    let ev = t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("a"),
        },
        &[],
    );
    let kinds: Vec<&str> = ev
        .iter()
        .map(|e| match e {
            EncounterEvent::TurnEnded { .. } => "turnEnded",
            EncounterEvent::ParticipantRemoved { .. } => "removed",
            EncounterEvent::TurnStarted { .. } => "turnStarted",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, vec!["turnEnded", "removed", "turnStarted"]);
    assert_eq!(t.current().as_deref(), Some("b"));
    assert!(t.enc.participant(&pid("a")).is_none());
}

#[test]
fn rename_and_change_side_mid_combat() {
    let mut t = hyb();
    t.run(
        EncounterCommand::Rename {
            participant: pid("c"),
            name: Name::new("Grumsh the Orc").unwrap(),
        },
        &[],
    );
    assert_eq!(
        t.enc.participant(&pid("c")).unwrap().name.as_str(),
        "Grumsh the Orc"
    );
    let ev = t.run(
        EncounterCommand::ChangeSide {
            participant: pid("c"),
            side: side("party"),
        },
        &[],
    );
    assert_eq!(
        ev[0].describe(&t.enc),
        "Grumsh the Orc changes sides to party."
    );
    assert_eq!(t.enc.participant(&pid("c")).unwrap().side, side("party"));
    // OSE: a side change moves the creature to its new side's turn.
    let mut o = Table::preset(Preset::Ose);
    o.add(newp("x", "red", 10));
    o.add(newp("y", "blue", 10));
    o.run(start(), &[]);
    o.run(
        EncounterCommand::ChangeSide {
            participant: pid("y"),
            side: side("red"),
        },
        &[],
    );
    let ev = o.run(EncounterCommand::RollInitiative, &[4]);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, EncounterEvent::TurnStarted { .. }))
            .count(),
        2
    );
}

#[test]
fn boundary_event_names_are_stable() {
    let mut t = hyb();
    t.end_turn();
    t.end_turn();
    t.end_turn();
    let ev = t.run(EncounterCommand::End, &[]);
    let json: Vec<String> = t
        .log
        .iter()
        .chain(ev.iter())
        .map(|e| {
            serde_json::to_value(e).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for name in [
        "encounterStarted",
        "roundStarted",
        "turnStarted",
        "turnEnded",
        "roundEnded",
        "encounterEnded",
    ] {
        assert!(json.iter().any(|j| j == name), "{name} missing");
    }
    assert_eq!(json.last().map(String::as_str), Some("encounterEnded"));
    // End closes the open turn and round first.
    let tail: Vec<&str> = json.iter().rev().take(3).map(String::as_str).collect();
    assert_eq!(tail, vec!["encounterEnded", "roundEnded", "turnEnded"]);
    let e = serde_json::to_string(&EncounterEvent::TurnStarted {
        participant: pid("a"),
        round: 2,
    })
    .unwrap();
    assert_eq!(e, r#"{"type":"turnStarted","participant":"a","round":2}"#);
}

#[test]
fn log_lines_read_like_a_chat() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("rath", "party", 10));
    t.run(start(), &[]);
    t.declare("rath", gh(&[Move, Melee]));
    let ev = t.run(EncounterCommand::RollInitiative, &[6, 8]);
    let lines: Vec<String> = ev.iter().map(|e| e.describe(&t.enc)).collect();
    assert_eq!(
        lines,
        strs(&[
            "Initiative: Rath: d6 6 (movement) + d8 8 (melee attack) = 14.",
            "Round 1 begins.",
            "Rath's turn (round 1).",
        ])
    );
    let ev = t.end_turn();
    let lines: Vec<String> = ev.iter().map(|e| e.describe(&t.enc)).collect();
    assert_eq!(
        lines,
        strs(&[
            "Rath's turn ends.",
            "Round 1 ends.",
            "Declare your plans for round 2."
        ])
    );
}
