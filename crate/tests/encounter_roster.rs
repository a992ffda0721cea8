//! Roster changes mid-combat, boundary events and log lines.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::encounter::{EncounterCommand, EncounterEvent, Name};
use turnkeeper::initiative::Activity::{Melee, Move};
use turnkeeper::rulesets::Preset;

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
    let ev = o.run(EncounterCommand::RollInitiative { no_actions: false }, &[4]);
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
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[6, 8],
    );
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

/// A participant carrying conditions and effects can be removed, before and during combat, in
/// every ruleset: its own effects end with it (`targetRemoved`); an effect it caused on someone
/// else outlives it (unless it was concentrating, or the effect ends when its source is
/// incapacitated) with its source cleared; and the encounter left behind is one its own
/// snapshot restores.
#[test]
fn a_participant_with_conditions_can_be_removed_in_every_ruleset() {
    use turnkeeper::conditions::ids;
    use turnkeeper::effects::{Duration, EffectSpec};
    use turnkeeper::encounter::Encounter;
    for preset in [
        Preset::Gh5e,
        Preset::A5e,
        Preset::Hyb,
        Preset::Ose,
        Preset::Standard,
    ] {
        for started in [false, true] {
            let mut t = Table::preset(preset);
            t.add(newp("a", "party", 16));
            t.add(newp("b", "foes", 12));
            // OSE's own set has neither poisoned nor frightened (OSE-ATK-10, OSE-COMBAT-04).
            let (on_b, on_a) = match preset {
                Preset::Ose => (
                    turnkeeper::conditions::ConditionId::new("blinded").unwrap(),
                    turnkeeper::conditions::ConditionId::new("retreating").unwrap(),
                ),
                _ => (ids::POISONED, ids::FRIGHTENED),
            };
            t.run(
                EncounterCommand::AddEffects {
                    effects: vec![
                        EffectSpec::condition(pid("b"), on_b, Duration::UntilRemoved),
                        {
                            // b frightened a: the fear outlasts b (no concentration).
                            let mut fear =
                                EffectSpec::condition(pid("a"), on_a, Duration::UntilRemoved);
                            fear.source = Some(pid("b"));
                            fear
                        },
                    ],
                    ongoing: None,
                },
                &[],
            );
            if started {
                let mut dice = turnkeeper::dice::SeededDice::new(9).unwrap();
                t.run_with(start(), &mut dice).unwrap();
            }
            let mut dice = turnkeeper::dice::SeededDice::new(3).unwrap();
            let events = t
                .run_with(
                    EncounterCommand::RemoveParticipant {
                        participant: pid("b"),
                    },
                    &mut dice,
                )
                .unwrap_or_else(|e| panic!("{preset:?} started={started}: {e}"));
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, EncounterEvent::ParticipantRemoved { .. })),
                "{preset:?}"
            );
            let snapshot = t.enc.to_json();
            let back = Encounter::from_json(&snapshot)
                .unwrap_or_else(|e| panic!("{preset:?} started={started}: {e}"));
            assert_eq!(back.to_json(), snapshot);
            assert!(t.enc.participant(&pid("b")).is_none());
            // The fear on a stays, no longer tied to a source that has left.
            let left = t.enc.effects_of(&pid("a")).unwrap();
            assert_eq!(left.len(), 1, "{preset:?}");
        }
    }
}

/// A5E-DMG-06: ongoing damage that could never be rolled within the damage limit is refused when the effect
/// is added (before, it was accepted and then every `endTurn` failed), and a follower refuses
/// the same effect in an event.
#[test]
fn a5e_dmg_06_ongoing_damage_past_the_limit_is_refused_when_added() {
    use turnkeeper::ErrorCode;
    use turnkeeper::creature::{OngoingDamage, limits::MAX_AMOUNT};
    use turnkeeper::dice::{DiceSpec, DieSize};
    use turnkeeper::effects::{Duration, EffectSpec};
    use turnkeeper::encounter::{EffectOngoing, Encounter};
    let spec = |modifier: i32| EffectOngoing {
        damage: OngoingDamage {
            dice: DiceSpec {
                count: 1,
                size: DieSize::D6,
                modifier,
            },
            damage_type: None,
        },
        choices: Default::default(),
    };
    let mut t = Table::preset(Preset::A5e);
    t.add(newp("a", "party", 16));
    let cmd = |modifier| EncounterCommand::AddEffects {
        effects: vec![EffectSpec::named(
            pid("a"),
            "burning",
            Duration::UntilRemoved,
        )],
        ongoing: Some(spec(modifier)),
    };
    let mut dice = turnkeeper::dice::SeededDice::new(1).unwrap();
    let err = t.run_with(cmd(MAX_AMOUNT), &mut dice).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    // Within the limit (and a penalty that can bring the total below zero) is fine.
    t.run_with(cmd(MAX_AMOUNT - 6), &mut dice).unwrap();
    t.run_with(cmd(-20), &mut dice).unwrap();
    // A follower refuses an event carrying what the command refuses, and changes nothing.
    let mut leader = Table::preset(Preset::A5e);
    let added = leader.run(
        EncounterCommand::AddParticipant {
            participant: newp("a", "party", 16),
        },
        &[],
    );
    let events = leader.run(cmd(5), &[]);
    let text = serde_json::to_string(&events)
        .unwrap()
        .replace("\"modifier\":5", &format!("\"modifier\":{MAX_AMOUNT}"));
    let forged: Vec<turnkeeper::encounter::EncounterEvent> = serde_json::from_str(&text).unwrap();
    assert_ne!(forged, events);
    let mut follower = Encounter::new(leader.enc.config().clone()).unwrap();
    follower.apply_all(&added).unwrap();
    let before = follower.to_json();
    let err = follower.apply_all(&forged).unwrap_err();
    assert_eq!(err.code, ErrorCode::SnapshotInvalid);
    assert_eq!(follower.to_json(), before);
    follower.apply_all(&events).unwrap();
    assert_eq!(follower.to_json(), leader.enc.to_json());
}

#[test]
fn log_lines_name_a_removed_participant_and_translate_through_a_catalogue() {
    use turnkeeper::messages::Catalogue;
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("rath", "party", 10));
    let ev = t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("rath"),
        },
        &[],
    );
    let removed = ev.last().unwrap();
    // The event keeps the name, so the line still reads well once the participant is gone.
    assert_eq!(removed.describe(&t.enc), "Rath leaves the encounter.");
    let fr =
        Catalogue::from_json(r#"{"encounter.participantRemoved":"{who} quitte la rencontre."}"#)
            .unwrap();
    assert_eq!(
        removed.describe_in(&t.enc, &fr),
        "Rath quitte la rencontre."
    );
    // An event written before names were recorded falls back to the id.
    let old: EncounterEvent =
        serde_json::from_str(r#"{"type":"participantRemoved","participant":"rath"}"#).unwrap();
    assert_eq!(old.describe(&t.enc), "rath leaves the encounter.");
    // Keys left out of a catalogue stay English.
    let ev = t.run(
        EncounterCommand::AddParticipant {
            participant: newp("grumsh", "red", 12),
        },
        &[],
    );
    assert_eq!(
        ev.last().unwrap().describe_in(&t.enc, &fr),
        "Grumsh joins the encounter (red)."
    );
}
