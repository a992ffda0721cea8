//! Bad commands and bad events: every one is refused with its code and leaves the encounter
//! exactly as it was (compared through the serialized state), including commands that fail
//! after rolling dice.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::dice::RolledDie;
use turnkeeper::encounter::{
    ActionKind, Encounter, EncounterCommand, EncounterEvent, Name, TieDraw, TieUnit,
};
use turnkeeper::initiative::Activity::{Melee, Move, Spell};
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn gh_round() -> Table {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    t.add(newp("b", "y", 11));
    t.run(start(), &[]);
    t.declare("a", gh(&[Move, Melee]));
    t.declare("b", gh(&[Spell]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 2, 9],
    );
    t
}

#[test]
fn unknown_ids_are_refused() {
    let mut t = gh_round();
    let ghost = pid("ghost");
    t.fail(
        EncounterCommand::Rename {
            participant: ghost.clone(),
            name: Name::new("Boo").unwrap(),
        },
        &[],
        ErrorCode::UnknownId,
    );
    t.fail(
        EncounterCommand::RemoveParticipant {
            participant: ghost.clone(),
        },
        &[],
        ErrorCode::UnknownId,
    );
    t.fail(
        EncounterCommand::Act {
            participant: ghost.clone(),
            activity: Melee,
        },
        &[],
        ErrorCode::UnknownId,
    );
    t.fail(
        EncounterCommand::UseAction {
            participant: ghost.clone(),
            kind: ActionKind::Reaction,
            slot: None,
        },
        &[],
        ErrorCode::UnknownId,
    );
    t.fail(
        EncounterCommand::Harm {
            participant: ghost.clone(),
            harm: turnkeeper::encounter::Harm::Hit,
        },
        &[],
        ErrorCode::UnknownId,
    );
    t.fail(
        EncounterCommand::SetController {
            participant: pid("a"),
            controller: Some(ghost),
        },
        &[],
        ErrorCode::UnknownId,
    );
    assert_eq!(
        t.enc.allowed_activities(&pid("ghost")).unwrap_err().code,
        ErrorCode::UnknownId
    );
}

#[test]
fn duplicate_ids_and_bad_values_are_refused() {
    let mut t = gh_round();
    t.fail(
        EncounterCommand::AddParticipant {
            participant: newp("a", "x", 10),
        },
        &[],
        ErrorCode::DuplicateId,
    );
    t.fail(
        EncounterCommand::AddParticipant {
            participant: newp("z", "x", 0),
        },
        &[],
        ErrorCode::InvalidArgument,
    );
    t.fail(
        EncounterCommand::AddParticipant {
            participant: newp("z", "x", 31),
        },
        &[],
        ErrorCode::InvalidArgument,
    );
    let mut selfish = newp("z", "x", 10);
    selfish.controller = Some(pid("z"));
    t.fail(
        EncounterCommand::AddParticipant {
            participant: selfish,
        },
        &[],
        ErrorCode::InvalidArgument,
    );
    // Control cycles are refused.
    t.run(
        EncounterCommand::SetController {
            participant: pid("b"),
            controller: Some(pid("a")),
        },
        &[],
    );
    t.fail(
        EncounterCommand::SetController {
            participant: pid("a"),
            controller: Some(pid("b")),
        },
        &[],
        ErrorCode::InvalidArgument,
    );
    // Ids themselves are validated when read.
    assert!(serde_json::from_str::<EncounterCommand>(r#"{"type":"endTurn"}"#).is_ok());
    assert!(
        serde_json::from_str::<EncounterCommand>(r#"{"type":"delay","participant":""}"#).is_err()
    );
    assert!(
        serde_json::from_str::<EncounterCommand>(r#"{"type":"delay","participant":"a b"}"#)
            .is_err()
    );
}

#[test]
fn acting_out_of_turn_is_refused() {
    let mut t = gh_round();
    assert_eq!(t.current().as_deref(), Some("a"));
    t.fail(
        EncounterCommand::Act {
            participant: pid("b"),
            activity: Spell,
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    t.fail(
        EncounterCommand::Delay {
            participant: pid("b"),
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    t.fail(
        EncounterCommand::Resume {
            participant: pid("b"),
            cut_in: vec![],
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    // A delay after acting is refused too.
    t.run(
        EncounterCommand::Act {
            participant: pid("a"),
            activity: Move,
        },
        &[],
    );
    t.fail(
        EncounterCommand::Delay {
            participant: pid("a"),
        },
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn declaring_after_rolling_and_rolling_twice_are_refused() {
    let mut t = gh_round();
    t.fail(
        EncounterCommand::Declare {
            participant: pid("a"),
            declaration: gh(&[Move]),
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    t.fail(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 1, 1],
        ErrorCode::OutOfOrder,
    );
    t.fail(start(), &[], ErrorCode::OutOfOrder);
    // A5E does not roll each round.
    let mut a = Table::preset(Preset::A5e);
    a.add(newp("a", "x", 10));
    a.run(start(), &[5]);
    a.fail(
        EncounterCommand::RollInitiative { no_actions: false },
        &[],
        ErrorCode::NotAllowed,
    );
    a.fail(
        EncounterCommand::Declare {
            participant: pid("a"),
            declaration: gh(&[Move]),
        },
        &[],
        ErrorCode::OutOfOrder,
    );
}

#[test]
fn delaying_twice_is_refused_and_delay_is_per_ruleset() {
    let mut t = gh_round();
    t.run(
        EncounterCommand::Delay {
            participant: pid("a"),
        },
        &[],
    );
    t.fail(
        EncounterCommand::Delay {
            participant: pid("a"),
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    t.run(
        EncounterCommand::Resume {
            participant: pid("a"),
            cut_in: vec![],
        },
        &[],
    );
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("a"));
    t.fail(
        EncounterCommand::Delay {
            participant: pid("a"),
        },
        &[],
        ErrorCode::NotAllowed,
    );
    t.fail(
        EncounterCommand::Resume {
            participant: pid("a"),
            cut_in: vec![],
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    // A5E has no Delay (C-09).
    let mut a = Table::preset(Preset::A5e);
    a.add(newp("a", "x", 10));
    a.run(start(), &[5]);
    a.fail(
        EncounterCommand::Delay {
            participant: pid("a"),
        },
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn ending_a_turn_with_no_encounter_running_is_refused() {
    let mut t = Table::preset(Preset::Gh5e);
    t.fail(EncounterCommand::EndTurn, &[], ErrorCode::OutOfOrder);
    t.add(newp("a", "x", 10));
    t.run(start(), &[]);
    // Declaration phase: no turn under way.
    t.fail(EncounterCommand::EndTurn, &[], ErrorCode::OutOfOrder);
    t.fail(EncounterCommand::NextRound, &[], ErrorCode::OutOfOrder);
    t.run(EncounterCommand::End, &[]);
    for cmd in [
        EncounterCommand::EndTurn,
        EncounterCommand::End,
        EncounterCommand::RollInitiative { no_actions: false },
        EncounterCommand::NextRound,
    ] {
        t.fail(cmd, &[], ErrorCode::OutOfOrder);
    }
    t.fail(
        EncounterCommand::AddParticipant {
            participant: newp("b", "x", 10),
        },
        &[],
        ErrorCode::OutOfOrder,
    );
}

#[test]
fn commands_that_fail_after_rolling_change_nothing() {
    let mut t = Table::preset(Preset::Gh5e);
    for id in ["a", "b", "c"] {
        t.add(newp(id, "x", 10));
    }
    t.run(start(), &[]);
    for id in ["a", "b", "c"] {
        t.declare(id, gh(&[Move, Melee]));
    }
    // Runs out of faces on the fifth die.
    t.fail(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 2, 3, 4],
        ErrorCode::FacesExhausted,
    );
    // A d6 showing 7.
    t.fail(
        EncounterCommand::RollInitiative { no_actions: false },
        &[7, 1, 1, 1, 1, 1],
        ErrorCode::InvalidFace,
    );
    // The same command succeeds afterwards from the same state.
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 2, 3, 4, 5, 6],
    );
    assert_eq!(t.order(), strs(&["a", "b", "c"]));
    // A5E start that runs out of faces during the roll-off.
    let mut a = Table::preset(Preset::A5e);
    a.add(newp("a", "x", 10));
    a.add(newp("b", "x", 10));
    a.fail(start(), &[10, 10, 5], ErrorCode::FacesExhausted);
    assert_eq!(a.enc.phase(), turnkeeper::encounter::Phase::Setup);
}

#[test]
fn tampered_events_are_refused_without_change() {
    let t = gh_round();
    let mut e = t.enc.clone();
    let before = e.to_json();
    let bad_face = EncounterEvent::TiesBroken {
        draws: vec![TieDraw {
            unit: TieUnit::Participants {
                participants: vec![pid("a")].into(),
            },
            die: RolledDie {
                sides: 20,
                face: 21,
            },
        }],
    };
    assert_eq!(
        e.apply(&bad_face).unwrap_err().code,
        ErrorCode::SnapshotInvalid
    );
    let wrong_turn = EncounterEvent::TurnStarted {
        participant: pid("b"),
        round: 1,
    };
    assert_eq!(
        e.apply(&wrong_turn).unwrap_err().code,
        ErrorCode::OutOfOrder
    );
    let wrong_round = EncounterEvent::RoundStarted { round: 9 };
    assert!(e.apply(&wrong_round).is_err());
    // A batch that fails part-way is not applied at all.
    let batch = vec![
        EncounterEvent::TurnEnded {
            participant: pid("a"),
            round: 1,
        },
        wrong_turn.clone(),
        wrong_turn,
    ];
    assert!(e.apply_all(&batch).is_err());
    assert_eq!(before, e.to_json());
    // Events forged from a fresh encounter are refused too.
    let mut fresh = Encounter::new(RulesetConfig::preset(Preset::Gh5e)).unwrap();
    assert!(
        fresh
            .apply(&EncounterEvent::RoundStarted { round: 1 })
            .is_err()
    );
}

/// GH-INIT-08: a batch of declarations is all or nothing. One bad entry (an unknown id, here
/// in the middle) refuses the whole batch and leaves the state as it was; a good batch
/// declares everyone, one `declared` event each, in the order given.
#[test]
fn gh_init_08_declare_many_is_all_or_nothing() {
    use turnkeeper::encounter::ParticipantDeclaration;
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    t.add(newp("b", "y", 11));
    t.run(start(), &[]);
    let entry = |id: &str, acts: &[turnkeeper::initiative::Activity]| ParticipantDeclaration {
        participant: pid(id),
        declaration: gh(acts),
    };
    t.fail(
        EncounterCommand::DeclareMany {
            declarations: vec![
                entry("a", &[Melee]),
                entry("ghost", &[Spell]),
                entry("b", &[Move]),
            ],
        },
        &[],
        ErrorCode::UnknownId,
    );
    let events = t.run(
        EncounterCommand::DeclareMany {
            declarations: vec![entry("b", &[Spell]), entry("a", &[Move, Melee])],
        },
        &[],
    );
    // One `declaredMany` event for the batch, in the order given, written in the keyed form.
    let [EncounterEvent::DeclaredMany { declarations }] = events.as_slice() else {
        panic!("one declaredMany event expected, got {events:?}");
    };
    let declared: Vec<String> = declarations
        .iter()
        .map(|d| d.participant.to_string())
        .collect();
    assert_eq!(declared, strs(&["b", "a"]));
    assert_eq!(
        serde_json::to_string(&events).expect("json"),
        r#"[{"type":"declaredMany","declarations":{"b":["spell"],"a":["move","melee"]}}]"#
    );
    assert_eq!(
        events[0].describe(&t.enc),
        "2 participants declare their plans."
    );
    // A participant listed twice is refused.
    t.fail(
        EncounterCommand::DeclareMany {
            declarations: vec![entry("a", &[Melee]), entry("a", &[Spell])],
        },
        &[],
        ErrorCode::InvalidArgument,
    );
    // Both declarations count at the roll: a rolls d6 (move) + d8 (melee), b a d10 (spell).
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 3, 7],
    );
    assert_eq!(t.count("a"), Some(5));
    assert_eq!(t.count("b"), Some(7));
}

/// GH-INIT-08: `declareMany` also reads declarations keyed by participant id, where a bare
/// list of activities stands for a Greyhawk declaration; both forms give the same command.
/// A malformed value in the keyed form is refused like any other bad command.
#[test]
fn gh_init_08_declare_many_reads_the_keyed_form() {
    use turnkeeper::encounter::{Declaration, ParticipantDeclaration};
    use turnkeeper::initiative::Activity::Ranged;
    use turnkeeper::initiative::greyhawk::GhDeclaration;
    let keyed: EncounterCommand = serde_json::from_str(
        r#"{"type":"declareMany","declarations":{
            "b":["spell"],
            "a":{"system":"greyhawk","activities":["move","melee"],"bonusAction":"ranged"}}}"#,
    )
    .expect("keyed form");
    let mut a = GhDeclaration::of([Move, Melee]);
    a.bonus_action = Some(Ranged);
    assert_eq!(
        keyed,
        EncounterCommand::DeclareMany {
            declarations: vec![
                ParticipantDeclaration {
                    participant: pid("b"),
                    declaration: gh(&[Spell]),
                },
                ParticipantDeclaration {
                    participant: pid("a"),
                    declaration: Declaration::Greyhawk(a),
                },
            ],
        }
    );
    for bad in [
        r#"{"type":"declareMany","declarations":{"a":["teleport"]}}"#,
        r#"{"type":"declareMany","declarations":{"a":7}}"#,
        r#"{"type":"declareMany","declarations":{"bad id!":["move"]}}"#,
        r#"{"type":"declareMany","declarations":"a"}"#,
    ] {
        assert!(
            serde_json::from_str::<EncounterCommand>(bad).is_err(),
            "{bad} should be refused"
        );
    }
}
