//! The GM's corrections (issue 20): set a count, move a participant in the order, undo the last
//! commands, go back a turn or a round. Each is a command with events, so followers apply it;
//! undo replays the engine's log (see `crate::engine::history`).

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::dice::{DiceSource, SuppliedDice};
use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent, Name};
use turnkeeper::engine::{Engine, UNDO_DEPTH};
use turnkeeper::initiative::Activity;
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn set_count(id: &str, count: i32) -> EncounterCommand {
    EncounterCommand::SetCount {
        participant: pid(id),
        count,
    }
}

fn move_before(id: &str, target: &str) -> EncounterCommand {
    EncounterCommand::MoveInOrder {
        participant: pid(id),
        before: Some(pid(target)),
        after: None,
    }
}

fn move_after(id: &str, target: &str) -> EncounterCommand {
    EncounterCommand::MoveInOrder {
        participant: pid(id),
        before: None,
        after: Some(pid(target)),
    }
}

/// A5E: a (Dex 14) rolls 10 → 12, b 15 → 15, c (Dex 8) 3 → 2; b acts first.
fn a5e_trio() -> Table {
    let mut t = Table::preset(Preset::A5e);
    t.add(newp("a", "party", 14));
    t.add(newp("b", "foes", 10));
    t.add(newp("c", "foes", 8));
    t.run(start(), &[10, 15, 3]);
    assert_eq!(t.order(), strs(&["b", "a", "c"]));
    assert_eq!(t.current().as_deref(), Some("b"));
    t
}

#[test]
fn set_count_puts_a_participant_still_to_act_in_its_new_place() {
    let mut t = a5e_trio();
    t.run(set_count("c", 20), &[]);
    assert_eq!(t.count("c"), Some(20));
    // Never before the turn under way: b keeps acting, c comes next.
    assert_eq!(t.order(), strs(&["b", "c", "a"]));
    assert_eq!(t.current().as_deref(), Some("b"));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("c"));
    t.end_turn();
    t.end_turn();
    // A5E keeps the order from round to round (A5E-TBA-04): sorted by the new count.
    assert_eq!(t.order(), strs(&["c", "b", "a"]));
}

#[test]
fn set_count_of_one_who_acted_orders_it_from_the_next_round() {
    let mut t = a5e_trio();
    t.run(set_count("b", 1), &[]);
    assert_eq!(t.count("b"), Some(1));
    assert_eq!(
        t.order(),
        strs(&["b", "a", "c"]),
        "b is acting: it keeps its turn"
    );
    for _ in 0..3 {
        t.end_turn();
    }
    assert_eq!(t.order(), strs(&["a", "c", "b"]));
}

#[test]
fn set_count_is_refused_when_it_cannot_apply() {
    let mut t = Table::preset(Preset::A5e);
    t.add(newp("a", "party", 14));
    t.fail(set_count("a", 5), &[], ErrorCode::OutOfOrder);
    let mut t = a5e_trio();
    t.fail(set_count("zed", 5), &[], ErrorCode::UnknownId);
    t.fail(set_count("a", 100_001), &[], ErrorCode::InvalidArgument);
    t.fail(set_count("a", i32::MIN), &[], ErrorCode::InvalidArgument);
}

#[test]
fn move_in_order_takes_the_targets_count_and_lasts_while_counts_do() {
    let mut t = a5e_trio();
    t.run(move_before("c", "a"), &[]);
    assert_eq!(t.order(), strs(&["b", "c", "a"]));
    assert_eq!(t.count("c"), Some(12));
    for _ in 0..3 {
        t.end_turn();
    }
    // Round 2 sorts again from counts: the GM's placement on count 12 holds.
    assert_eq!(t.order(), strs(&["b", "c", "a"]));
    t.run(move_after("c", "a"), &[]);
    assert_eq!(t.order(), strs(&["b", "a", "c"]));
    // Right after the turn under way is still the future.
    t.run(move_after("c", "b"), &[]);
    assert_eq!(t.order(), strs(&["b", "c", "a"]));
}

#[test]
fn move_in_order_is_refused_into_the_past_and_for_bad_requests() {
    let mut t = a5e_trio();
    t.fail(move_before("c", "b"), &[], ErrorCode::NotAllowed);
    t.fail(move_after("b", "c"), &[], ErrorCode::NotAllowed);
    t.fail(move_before("c", "c"), &[], ErrorCode::InvalidArgument);
    t.fail(move_before("c", "nobody"), &[], ErrorCode::UnknownId);
    let both = EncounterCommand::MoveInOrder {
        participant: pid("c"),
        before: Some(pid("a")),
        after: Some(pid("a")),
    };
    t.fail(both, &[], ErrorCode::InvalidArgument);
    let neither = EncounterCommand::MoveInOrder {
        participant: pid("c"),
        before: None,
        after: None,
    };
    t.fail(neither, &[], ErrorCode::InvalidArgument);
    t.end_turn();
    t.end_turn();
    // a has acted now; c is acting.
    t.fail(move_after("a", "c"), &[], ErrorCode::NotAllowed);
}

#[test]
fn move_in_order_under_greyhawk_outranks_the_dex_tie_break() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("x", "party", 10));
    t.add(newp("hi", "party", 16));
    t.add(newp("lo", "foes", 8));
    t.run(start(), &[]);
    for id in ["x", "hi", "lo"] {
        t.declare(id, gh(&[Activity::Move]));
    }
    t.run_with(
        EncounterCommand::RollInitiative { no_actions: false },
        &mut DiceSource::seeded(3).unwrap(),
    )
    .unwrap();
    let first = t.current().unwrap();
    let others: Vec<String> = ["x", "hi", "lo"]
        .iter()
        .map(|s| s.to_string())
        .filter(|s| *s != first)
        .collect();
    // Two still to act on one count: GH-INIT-10 puts the higher Dex score first...
    let (p, q) = (others[0].as_str(), others[1].as_str());
    t.run(set_count(p, 30), &[]);
    t.run(set_count(q, 30), &[]);
    let (hi_first, lo_first) = if p == "hi" || q == "hi" {
        ("hi", if p == "hi" { q } else { p })
    } else {
        // x (Dex 10) beats lo (Dex 8)
        ("x", "lo")
    };
    assert_eq!(t.order()[1..], strs(&[hi_first, lo_first]));
    // ...and the GM's placement outranks it.
    t.run(move_before(lo_first, hi_first), &[]);
    assert_eq!(t.order()[1..], strs(&[lo_first, hi_first]));
    assert_eq!(t.count(lo_first), Some(30));
}

#[test]
fn order_corrections_need_participants_counts_not_sides() {
    let mut t = Table::preset(Preset::Ose);
    t.add(newp("a", "party", 10));
    t.add(newp("b", "foes", 10));
    t.run(start(), &[]);
    t.fail(set_count("a", 3), &[], ErrorCode::NotAllowed);
}

// ---- undo, previous turn, previous round (through the engine) ----

fn engine_trio() -> Engine<Encounter> {
    let mut e = Engine::new(
        Encounter::new(RulesetConfig::preset(Preset::A5e)).unwrap(),
        DiceSource::seeded(11).unwrap(),
    );
    for (id, side, dex) in [("a", "party", 14), ("b", "foes", 10), ("c", "foes", 8)] {
        e.execute(EncounterCommand::AddParticipant {
            participant: newp(id, side, dex),
        })
        .unwrap();
    }
    e.execute(start()).unwrap();
    e
}

/// The encounter's own snapshot (without the engine's envelope: the dice and batch count move
/// on with an undo).
fn state(e: &Engine<Encounter>) -> String {
    e.state().to_json()
}

fn current(e: &Engine<Encounter>) -> Option<String> {
    e.state().current_participant().map(|p| p.to_string())
}

#[test]
fn undo_takes_back_the_last_commands_and_followers_apply_it() {
    let mut leader = engine_trio();
    let mut follower = Engine::<Encounter>::from_json(&leader.to_json()).unwrap();
    let relay =
        |leader: &mut Engine<Encounter>, follower: &mut Engine<Encounter>, c: EncounterCommand| {
            let events = leader.execute(c).unwrap().to_vec();
            let batch = leader.seal(events);
            follower.apply_batch(&batch).unwrap();
            assert_eq!(follower.to_json(), leader.to_json());
            batch
        };
    let before = state(&leader);
    relay(
        &mut leader,
        &mut follower,
        EncounterCommand::Rename {
            participant: pid("a"),
            name: Name::new("Aria").unwrap(),
        },
    );
    relay(&mut leader, &mut follower, EncounterCommand::EndTurn);
    assert_ne!(state(&leader), before);
    let batch = relay(
        &mut leader,
        &mut follower,
        EncounterCommand::Undo { commands: 2 },
    );
    assert_eq!(state(&leader), before);
    assert_eq!(state(&follower), before);
    match batch.events.as_slice() {
        [
            EncounterEvent::Restored {
                undone: 2,
                snapshot,
            },
        ] => assert_eq!(*snapshot, before),
        other => panic!("{other:?}"),
    }
    // An undo is a command too: taking it back brings back what it took back.
    relay(
        &mut leader,
        &mut follower,
        EncounterCommand::Undo { commands: 1 },
    );
    assert_eq!(
        leader.state().participant(&pid("a")).unwrap().name.as_str(),
        "Aria"
    );
}

#[test]
fn undo_is_limited_to_what_this_copy_executed() {
    let mut leader = engine_trio();
    let err = leader
        .execute(EncounterCommand::Undo { commands: 0 })
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    // Four commands were executed (three additions and the start).
    let err = leader
        .execute(EncounterCommand::Undo { commands: 5 })
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    let mut loaded = Engine::<Encounter>::from_json(&leader.to_json()).unwrap();
    let snapshot = loaded.to_json();
    let err = loaded
        .execute(EncounterCommand::Undo { commands: 1 })
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    assert_eq!(loaded.to_json(), snapshot, "a refused undo changes nothing");
    // A plain Encounter has no history to undo from.
    let mut bare = leader.state().clone();
    let err = bare
        .execute(
            EncounterCommand::Undo { commands: 1 },
            &mut SuppliedDice::new([]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
}

#[test]
fn undo_reaches_back_its_full_depth_across_checkpoints() {
    let mut e = engine_trio();
    let mut states = Vec::new();
    for i in 0..(3 * UNDO_DEPTH + 5) {
        states.push(state(&e));
        e.execute(EncounterCommand::Rename {
            participant: pid("b"),
            name: Name::new(format!("B{i}")).unwrap(),
        })
        .unwrap();
    }
    let err = e
        .execute(EncounterCommand::Undo {
            commands: UNDO_DEPTH + 1,
        })
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    let n = states.len();
    e.execute(EncounterCommand::Undo {
        commands: UNDO_DEPTH,
    })
    .unwrap();
    assert_eq!(state(&e), states[n - UNDO_DEPTH as usize]);
}

#[test]
fn previous_turn_goes_back_to_the_start_of_the_turn_before() {
    let mut e = engine_trio();
    let first = current(&e).unwrap();
    let at_first = state(&e);
    e.execute(EncounterCommand::EndTurn).unwrap();
    let second = current(&e).unwrap();
    let at_second = state(&e);
    e.execute(EncounterCommand::EndTurn).unwrap();
    assert_ne!(current(&e).as_deref(), Some(second.as_str()));
    e.execute(EncounterCommand::PreviousTurn).unwrap();
    assert_eq!(current(&e).as_deref(), Some(second.as_str()));
    assert_eq!(state(&e), at_second);
    e.execute(EncounterCommand::PreviousTurn).unwrap();
    assert_eq!(current(&e).as_deref(), Some(first.as_str()));
    assert_eq!(state(&e), at_first);
    // Nothing before the first turn: refused, nothing changes.
    let err = e.execute(EncounterCommand::PreviousTurn).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    assert_eq!(state(&e), at_first);
}

#[test]
fn previous_round_goes_back_to_the_start_of_the_round_before() {
    let mut e = engine_trio();
    let round_one = state(&e);
    for _ in 0..3 {
        e.execute(EncounterCommand::EndTurn).unwrap();
    }
    assert_eq!(e.state().round(), 2);
    let round_two = state(&e);
    e.execute(EncounterCommand::EndTurn).unwrap();
    // Under way in round 2: back to round 1's start.
    e.execute(EncounterCommand::PreviousRound).unwrap();
    assert_eq!(e.state().round(), 1);
    assert_eq!(state(&e), round_one);
    // The undone round 2 is not in the timeline any more: going forward and back again
    // lands on the new round 2's start.
    for _ in 0..3 {
        e.execute(EncounterCommand::EndTurn).unwrap();
    }
    assert_eq!(state(&e), round_two);
    e.execute(EncounterCommand::PreviousTurn).unwrap();
    assert_eq!(e.state().round(), 1, "the last turn of round 1");
    // Round 1 has no round before it.
    let err = e.execute(EncounterCommand::PreviousRound).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    e.execute(EncounterCommand::Undo { commands: 1 }).unwrap();
    assert_eq!(state(&e), round_two);
    e.execute(EncounterCommand::PreviousRound).unwrap();
    assert_eq!(state(&e), round_one);
}

#[test]
fn corrections_sync_to_a_follower_byte_identical() {
    let mut leader = engine_trio();
    let mut follower = Engine::<Encounter>::from_json(&leader.to_json()).unwrap();
    for c in [
        set_count("c", 18),
        EncounterCommand::EndTurn,
        move_after("a", "c"),
        EncounterCommand::EndTurn,
        EncounterCommand::PreviousTurn,
        EncounterCommand::Undo { commands: 1 },
        EncounterCommand::EndTurn,
        EncounterCommand::PreviousRound,
    ] {
        let Ok(events) = leader.execute(c.clone()).map(<[_]>::to_vec) else {
            continue;
        };
        let batch = leader.seal(events);
        follower.apply_batch(&batch).unwrap();
        assert_eq!(follower.to_json(), leader.to_json(), "{c:?}");
    }
}

/// The wasm glue keeps each batch as the JSON it relayed (one string instead of many values);
/// undo and going back read it back.
#[test]
fn a_history_kept_as_json_text_undoes_the_same() {
    let mut e = engine_trio();
    let mut states = vec![state(&e)];
    for c in [
        EncounterCommand::EndTurn,
        set_count("c", 30),
        EncounterCommand::EndTurn,
    ] {
        let json = turnkeeper::wire::to_json(e.execute(c).unwrap());
        e.keep_as_text(json);
        states.push(state(&e));
    }
    e.execute(EncounterCommand::PreviousTurn).unwrap();
    assert_eq!(state(&e), states[1], "back to the start of the second turn");
    // Two back from the step back: after the new count, read back from its text.
    e.execute(EncounterCommand::Undo { commands: 2 }).unwrap();
    assert_eq!(state(&e), states[2]);
}
