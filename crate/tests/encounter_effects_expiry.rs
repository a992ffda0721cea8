//! Effects through a real encounter: boundary events feed the tracker, expiries come out as
//! `effectsEnded` events in the same command, at the right creature's turn (A5E-DUR-01), and
//! Greyhawk's round-boundary conversion and d20 ordering (GH-DUR-01..03). Every command is
//! replayed on a mirror encounter and round-tripped through a snapshot by `Table`.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::conditions::ids;
use turnkeeper::effects::{Duration, EffectSpec, ExpiryReason, Remaining, RestKind};
use turnkeeper::encounter::{EncounterCommand, EncounterEvent};
use turnkeeper::initiative::Activity::Melee;
use turnkeeper::rulesets::Preset;

/// A5E with fixed counts (A5E-INIT-05): a (20), b (15), c (10), no dice.
fn a5e_abc() -> Table {
    let mut t = Table::preset(Preset::A5e);
    for (id, count) in [("a", 20), ("b", 15), ("c", 10)] {
        let mut p = newp(id, "x", 10);
        p.fixed_count = Some(count);
        t.add(p);
    }
    t.run(start(), &[]);
    assert_eq!(t.order(), strs(&["a", "b", "c"]));
    t
}

fn named(target: &str, name: &str, source: &str, d: Duration) -> EffectSpec {
    EffectSpec::named(pid(target), name, d).with_source(pid(source))
}

fn add(t: &mut Table, spec: EffectSpec) -> Vec<EncounterEvent> {
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![spec],
            ongoing: None,
        },
        &[],
    )
}

/// Names of the effects the events ended, in order.
fn ended(events: &[EncounterEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::EffectsEnded { expiries } => Some(expiries),
            _ => None,
        })
        .flatten()
        .map(|x| x.effect.name.clone().unwrap_or_default())
        .collect()
}

/// Index of the first event matching `f`.
fn at(events: &[EncounterEvent], f: impl Fn(&EncounterEvent) -> bool) -> usize {
    events.iter().position(f).expect("event not found")
}

fn turn_started(who: &str) -> impl Fn(&EncounterEvent) -> bool + '_ {
    move |e| matches!(e, EncounterEvent::TurnStarted { participant, .. } if participant.as_str() == who)
}

fn effects_ended(e: &EncounterEvent) -> bool {
    matches!(e, EncounterEvent::EffectsEnded { .. })
}

#[test]
fn a5e_dur_01_cast_on_another_turn_ends_at_the_casters_next_turn() {
    let mut t = a5e_abc();
    t.end_turn(); // a done; b's turn
    // a (already acted this round) reacts on b's turn; c (still to act) too.
    add(
        &mut t,
        named(
            "b",
            "a's ward",
            "a",
            Duration::UntilTurnStart {
                participant: pid("a"),
            },
        ),
    );
    add(
        &mut t,
        named(
            "b",
            "c's ward",
            "c",
            Duration::UntilTurnStart {
                participant: pid("c"),
            },
        ),
    );
    // b's own turn ending touches neither.
    let ev = t.end_turn();
    // c's "next turn" is its turn this round: the ward ends as c's turn starts.
    assert_eq!(ended(&ev), strs(&["c's ward"]));
    assert!(at(&ev, turn_started("c")) < at(&ev, effects_ended));
    let ev = t.end_turn(); // round 1 ends, round 2 starts with a
    assert_eq!(ended(&ev), strs(&["a's ward"]));
    assert!(at(&ev, turn_started("a")) < at(&ev, effects_ended));
    assert!(t.enc.effects_of(&pid("b")).unwrap().is_empty());
}

#[test]
fn a5e_dur_01_rounds_are_counted_from_the_appliers_turn() {
    let mut t = a5e_abc();
    t.end_turn(); // b's turn
    add(
        &mut t,
        named(
            "a",
            "2 rounds",
            "b",
            Duration::Rounds {
                count: 2,
                anchor: None,
            },
        ),
    );
    let views = t.enc.effects_of(&pid("a")).unwrap();
    assert!(matches!(
        &views[0].remaining,
        Remaining::AnchorTurn { participant, round: 3, rounds_away: 2, .. } if participant == &pid("b")
    ));
    for _ in 0..5 {
        assert!(ended(&t.end_turn()).is_empty());
    }
    // Round 3: a's turn ended, b's turn starts → the effect ends.
    let ev = t.end_turn();
    assert_eq!(t.enc.round(), 3);
    assert_eq!(ended(&ev), strs(&["2 rounds"]));
}

#[test]
fn a5e_dur_01_added_in_the_last_turn_of_a_round() {
    let mut t = a5e_abc();
    t.end_turn();
    t.end_turn(); // c's turn, the last of round 1
    add(
        &mut t,
        named(
            "a",
            "one round",
            "c",
            Duration::Rounds {
                count: 1,
                anchor: None,
            },
        ),
    );
    add(
        &mut t,
        named(
            "a",
            "this round",
            "c",
            Duration::UntilRoundEnd { rounds_ahead: 0 },
        ),
    );
    add(
        &mut t,
        named("a", "end of c's turn", "c", Duration::UntilEndOfCurrentTurn),
    );
    add(
        &mut t,
        named(
            "a",
            "c's next end",
            "c",
            Duration::UntilTurnEnd {
                participant: pid("c"),
            },
        ),
    );
    let ev = t.end_turn(); // c's turn ends, round 1 ends, round 2 starts, a's turn starts
    assert_eq!(ended(&ev), strs(&["end of c's turn", "this round"]));
    // "one round" lasts until the start of c's next turn (round 2), not the round start.
    assert!(ended(&t.end_turn()).is_empty());
    let ev = t.end_turn();
    assert_eq!(ended(&ev), strs(&["one round"]));
    let ev = t.end_turn();
    assert_eq!(ended(&ev), strs(&["c's next end"]));
}

#[test]
fn a5e_dur_01_anchor_removed_mid_round_ends_with_the_round() {
    let mut t = a5e_abc();
    add(
        &mut t,
        named(
            "a",
            "until b's turn ends",
            "a",
            Duration::UntilTurnEnd {
                participant: pid("b"),
            },
        ),
    );
    t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("b"),
        },
        &[],
    );
    // b's turn would have been this round: the effect now ends at the end of round 1.
    let ev = t.end_turn(); // a's turn ends, c starts
    assert!(ended(&ev).is_empty());
    let ev = t.end_turn(); // c ends, round 1 ends
    assert_eq!(ended(&ev), strs(&["until b's turn ends"]));
    let round_end = at(&ev, |e| {
        matches!(e, EncounterEvent::RoundEnded { round: 1 })
    });
    assert!(round_end < at(&ev, effects_ended));
}

#[test]
fn a5e_dur_01_target_removed_ends_its_effects() {
    let mut t = a5e_abc();
    t.end_turn();
    add(&mut t, named("c", "mark", "b", Duration::UntilRemoved));
    let ev = t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("c"),
        },
        &[],
    );
    assert_eq!(ended(&ev), strs(&["mark"]));
}

#[test]
fn hyb_init_02_delayed_anchor_ends_when_its_resumed_turn_ends() {
    let mut t = Table::preset(Preset::Hyb);
    t.add(newp("thief", "party", 17));
    t.add(newp("fighter", "party", 12));
    let mut orc = newp("orc", "foes", 8);
    orc.npc = true;
    t.add(orc);
    t.run(start(), &[]);
    assert_eq!(t.current().as_deref(), Some("thief"));
    // On the thief's turn, an effect lasting until the end of the fighter's next turn.
    add(
        &mut t,
        named(
            "orc",
            "distracted",
            "thief",
            Duration::UntilTurnEnd {
                participant: pid("fighter"),
            },
        ),
    );
    t.end_turn(); // the fighter's turn starts...
    t.run(
        EncounterCommand::Delay {
            participant: pid("fighter"),
        },
        &[],
    );
    // ...and its place comes and goes: the effect waits for the turn it actually finishes.
    let ev = t.end_turn(); // the orc's turn ends; the fighter resumes
    assert!(ended(&ev).is_empty());
    assert_eq!(t.current().as_deref(), Some("fighter"));
    let ev = t.end_turn();
    assert_eq!(ended(&ev), strs(&["distracted"]));
    let tend = at(
        &ev,
        |e| matches!(e, EncounterEvent::TurnEnded { participant, .. } if participant.as_str() == "fighter"),
    );
    assert!(tend < at(&ev, effects_ended));
}

/// Greyhawk: a, b, c all declare melee each round; faces give the counts.
fn gh_round(t: &mut Table, faces: &[u32]) {
    for id in ["a", "b", "c"] {
        t.declare(id, gh(&[Melee]));
    }
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        faces,
    );
}

fn gh_abc() -> Table {
    let mut t = Table::preset(Preset::Gh5e);
    for id in ["a", "b", "c"] {
        t.add(newp(id, "x", 10));
    }
    t.run(start(), &[]);
    t
}

#[test]
fn ex_gh_03_c_gh_dur_02_ray_of_frost_ends_at_the_start_of_round_3() {
    let mut t = gh_abc();
    gh_round(&mut t, &[1, 2, 3]);
    t.end_turn();
    t.end_turn();
    t.end_turn();
    // Round 2 re-orders: c first, a last.
    gh_round(&mut t, &[3, 2, 1]);
    assert_eq!(t.order(), strs(&["c", "b", "a"]));
    t.end_turn(); // c done; b acts
    add(
        &mut t,
        named(
            "c",
            "ray of frost",
            "b",
            Duration::UntilTurnStart {
                participant: pid("b"),
            },
        ),
    );
    let views = t.enc.effects_of(&pid("c")).unwrap();
    assert!(matches!(
        views[0].remaining,
        Remaining::RoundBoundary {
            round: 3,
            rounds_away: 1,
            ..
        }
    ));
    t.end_turn();
    let ev = t.end_turn(); // round 2 ends
    assert!(ended(&ev).is_empty());
    for id in ["a", "b", "c"] {
        t.declare(id, gh(&[Melee]));
    }
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 1, 3],
    );
    assert_eq!(ended(&ev), strs(&["ray of frost"]));
    let start = at(&ev, |e| {
        matches!(e, EncounterEvent::RoundStarted { round: 3 })
    });
    let x = at(&ev, effects_ended);
    assert!(start < x && x < at(&ev, |e| matches!(e, EncounterEvent::TurnStarted { .. })));
}

#[test]
fn gh_dur_01_end_of_turn_lasts_to_the_end_of_that_round() {
    let mut t = gh_abc();
    gh_round(&mut t, &[1, 2, 3]);
    assert_eq!(t.order(), strs(&["a", "b", "c"]));
    add(
        &mut t,
        named("b", "dodging", "a", Duration::UntilEndOfCurrentTurn),
    );
    add(
        &mut t,
        named(
            "b",
            "until c's turn ends",
            "a",
            Duration::UntilTurnEnd {
                participant: pid("c"),
            },
        ),
    );
    assert!(
        ended(&t.end_turn()).is_empty(),
        "not at the end of a's turn"
    );
    assert!(ended(&t.end_turn()).is_empty());
    let ev = t.run(EncounterCommand::EndTurn, &[9, 5]); // c's turn ends, then the round
    assert_eq!(
        ended(&ev),
        strs(&["until c's turn ends", "dodging"]),
        "d20 order: 5 before 9"
    );
    let c_end = at(
        &ev,
        |e| matches!(e, EncounterEvent::TurnEnded { participant, .. } if participant.as_str() == "c"),
    );
    let round_end = at(&ev, |e| matches!(e, EncounterEvent::RoundEnded { .. }));
    let x = at(&ev, effects_ended);
    assert!(c_end < round_end && round_end < x);
}

#[test]
fn gh_dur_03_simultaneous_expiries_ordered_by_d20_through_the_encounter() {
    let mut t = gh_abc();
    gh_round(&mut t, &[1, 2, 3]);
    for name in ["first applied", "second applied", "third applied"] {
        add(
            &mut t,
            named("b", name, "a", Duration::UntilRoundEnd { rounds_ahead: 0 }),
        );
    }
    t.end_turn();
    t.end_turn();
    // EX-GH-08: d20s 12, 4, 12 → the 12s reroll 7 and 15 → order 4, 7, 15.
    let ev = t.run(EncounterCommand::EndTurn, &[12, 4, 12, 7, 15]);
    assert_eq!(
        ended(&ev),
        strs(&["second applied", "first applied", "third applied"])
    );
    let dice: Vec<Vec<u32>> = ev
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::EffectsEnded { expiries } => Some(expiries),
            _ => None,
        })
        .flatten()
        .map(|x| x.order_dice.iter().map(|d| d.face).collect())
        .collect();
    assert_eq!(dice, vec![vec![4], vec![12, 7], vec![12, 15]]);
}

#[test]
fn gh_round_reordering_moves_turn_anchors_with_the_creature() {
    // Under A5E-style anchors on Greyhawk's re-rolled order (a user override), the anchor
    // is the creature, wherever it lands next round.
    let mut cfg = turnkeeper::rulesets::RulesetConfig::preset(Preset::Gh5e);
    cfg.initiative = Some(turnkeeper::initiative::InitiativeSystem::Greyhawk);
    let mut t = Table::new(cfg);
    for id in ["a", "b", "c"] {
        t.add(newp(id, "x", 10));
    }
    t.run(start(), &[]);
    gh_round(&mut t, &[1, 2, 3]);
    add(
        &mut t,
        named(
            "c",
            "until a's next turn ends",
            "a",
            Duration::UntilTurnEnd {
                participant: pid("a"),
            },
        ),
    );
    // a's current turn is not "next": converted to the end of round 2 (GH-DUR-01).
    t.end_turn();
    t.end_turn();
    assert!(ended(&t.end_turn()).is_empty());
    gh_round(&mut t, &[3, 2, 1]);
    assert_eq!(t.order(), strs(&["c", "b", "a"]));
    assert!(ended(&t.end_turn()).is_empty());
    assert!(ended(&t.end_turn()).is_empty());
    let ev = t.end_turn();
    assert_eq!(ended(&ev), strs(&["until a's next turn ends"]));
}

#[test]
fn rests_and_encounter_end_convert_or_end_durations() {
    let mut t = a5e_abc();
    add(
        &mut t,
        named(
            "b",
            "ten rounds",
            "a",
            Duration::Rounds {
                count: 10,
                anchor: None,
            },
        ),
    );
    add(
        &mut t,
        named(
            "b",
            "until a long rest",
            "a",
            Duration::UntilRest {
                rest: RestKind::Long,
            },
        ),
    );
    add(
        &mut t,
        named("b", "for the fight", "a", Duration::UntilEncounterEnds),
    );
    t.end_turn();
    let ev = t.run(EncounterCommand::End, &[]);
    assert_eq!(ended(&ev), strs(&["for the fight"]));
    // Ten rounds from a's turn in round 1 → 9 whole rounds left → 54 s on the clock.
    let views = t.enc.effects_of(&pid("b")).unwrap();
    assert!(
        matches!(views[0].remaining, Remaining::Seconds { seconds: 54, .. }),
        "{views:?}"
    );
    let ev = t.run(EncounterCommand::AdvanceClock { seconds: 60 }, &[]);
    assert_eq!(ended(&ev), strs(&["ten rounds"]));
    let ev = t.run(
        EncounterCommand::Rest {
            rest: RestKind::Short,
            participants: vec![pid("b")],
        },
        &[],
    );
    assert!(ended(&ev).is_empty());
    let ev = t.run(
        EncounterCommand::Rest {
            rest: RestKind::Long,
            participants: vec![pid("b")],
        },
        &[],
    );
    assert_eq!(ended(&ev), strs(&["until a long rest"]));
}

#[test]
fn concentration_ends_when_the_caster_is_incapacitated_by_a_condition() {
    let mut t = a5e_abc();
    add(
        &mut t,
        named(
            "c",
            "hold person",
            "a",
            Duration::Rounds {
                count: 10,
                anchor: None,
            },
        )
        .concentrating(),
    );
    let ev = t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::condition(
                pid("a"),
                ids::STUNNED,
                Duration::UntilRemoved,
            )],
            ongoing: None,
        },
        &[],
    );
    let x: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::EffectsEnded { expiries } => Some(expiries),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(x.len(), 1);
    assert!(matches!(x[0].reason, ExpiryReason::Concentration { .. }));
    // Stunned: can't act (GH-INIT-12 bookkeeping), until the condition is removed.
    assert!(!t.enc.participant(&pid("a")).unwrap().can_act);
    let id = t.enc.effects_of(&pid("a")).unwrap()[0].effect.id;
    t.run(EncounterCommand::RemoveEffect { effect: id }, &[]);
    assert!(t.enc.participant(&pid("a")).unwrap().can_act);
    t.run(
        EncounterCommand::DropConcentration {
            participant: pid("a"),
        },
        &[],
    );
}

/// GH-DUR-03 asks for d20s only when the order of simultaneous expiries matters; with the
/// Greyhawk setting `orderExpiries` off, they end in the order applied and no die is asked for.
#[test]
fn gh_dur_03_ordering_dice_can_be_turned_off_when_order_cannot_matter() {
    let mut cfg = turnkeeper::rulesets::RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.order_expiries = false;
    let mut t = Table::new(cfg);
    for id in ["a", "b", "c"] {
        t.add(newp(id, "x", 10));
    }
    t.run(start(), &[]);
    gh_round(&mut t, &[1, 2, 3]);
    for name in ["first applied", "second applied", "third applied"] {
        add(
            &mut t,
            named("b", name, "a", Duration::UntilRoundEnd { rounds_ahead: 0 }),
        );
    }
    t.end_turn();
    t.end_turn();
    // No faces supplied: none is needed.
    let ev = t.run(EncounterCommand::EndTurn, &[]);
    assert_eq!(
        ended(&ev),
        strs(&["first applied", "second applied", "third applied"])
    );
}
