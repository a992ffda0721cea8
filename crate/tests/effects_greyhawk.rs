//! Greyhawk durations (GH-DUR-01..03, GH-DICE-05) and the EX-GH-03 (c) / EX-GH-08 examples,
//! compared with A5E's turn anchors (C-08).

use turnkeeper::conditions::ConditionCatalog;
use turnkeeper::dice::{SeededDice, SuppliedDice};
use turnkeeper::effects::{
    Boundary, Due, Duration, DurationRules, Edge, EffectSpec, EffectTracker, Expiry, ParticipantId,
    order_by_d20,
};

fn p(s: &str) -> ParticipantId {
    ParticipantId::new(s).unwrap()
}

fn step(t: &mut EffectTracker, b: Boundary) -> Vec<String> {
    let mut no_dice = SuppliedDice::new([]);
    t.on_boundary(&b, &mut no_dice)
        .unwrap()
        .iter()
        .map(name)
        .collect()
}

fn name(x: &Expiry) -> String {
    x.effect.name.clone().unwrap_or_default()
}

fn add(t: &mut EffectTracker, name: &str, target: &str, source: &str, d: Duration) {
    t.add(
        EffectSpec::named(p(target), name, d).with_source(p(source)),
        &ConditionCatalog::a5e(),
    )
    .unwrap();
}

fn turn(t: &mut EffectTracker, who: &str, round: u32) -> Vec<String> {
    let mut v = step(
        t,
        Boundary::TurnStarted {
            participant: p(who),
            round,
        },
    );
    v.extend(step(
        t,
        Boundary::TurnEnded {
            participant: p(who),
            round,
        },
    ));
    v
}

const NONE: [&str; 0] = [];

/// Round 1 of the example of play, in its order (EX-GH-02), with no effects.
fn after_round_1(rules: DurationRules) -> EffectTracker {
    let mut t = EffectTracker::new(rules).unwrap();
    step(&mut t, Boundary::RoundStarted { round: 1 });
    for who in ["rupert", "hobgoblins", "delsenora", "troll", "rath"] {
        turn(&mut t, who, 1);
    }
    step(&mut t, Boundary::RoundEnded { round: 1 });
    t
}

/// EX-GH-03 round 2 order: troll 2, rupert 3, hobgoblins 4, delsenora 6, rath 7, hob6 8.
/// Delsenora casts ray of frost on hobgoblin #6 at count 6.
fn round_2_with_ray_of_frost(t: &mut EffectTracker) -> Vec<String> {
    let mut ended = step(t, Boundary::RoundStarted { round: 2 });
    for who in ["troll", "rupert", "hobgoblins"] {
        ended.extend(turn(t, who, 2));
    }
    ended.extend(step(
        t,
        Boundary::TurnStarted {
            participant: p("delsenora"),
            round: 2,
        },
    ));
    add(
        t,
        "ray of frost",
        "hob6",
        "delsenora",
        Duration::UntilTurnStart {
            participant: p("delsenora"),
        },
    );
    ended.extend(step(
        t,
        Boundary::TurnEnded {
            participant: p("delsenora"),
            round: 2,
        },
    ));
    for who in ["rath", "hob6"] {
        ended.extend(turn(t, who, 2));
    }
    ended.extend(step(t, Boundary::RoundEnded { round: 2 }));
    ended
}

#[test]
fn ex_gh_03_c_gh_dur_02_ray_of_frost_ends_at_the_start_of_round_3() {
    let mut t = after_round_1(DurationRules::greyhawk());
    assert_eq!(round_2_with_ray_of_frost(&mut t), NONE);
    assert_eq!(
        t.effects()[0].due,
        Due::Round {
            edge: Edge::Start,
            round: 3
        }
    );
    // Round 3 order (EX-GH-04): hob6 2, troll 2, delsenora 4, ... It has expired before anyone acts.
    assert_eq!(
        step(&mut t, Boundary::RoundStarted { round: 3 }),
        ["ray of frost"]
    );
}

#[test]
fn c_08_the_same_spell_under_a5e_turn_anchors_ends_at_delsenoras_turn() {
    let mut t = after_round_1(DurationRules::a5e());
    assert_eq!(round_2_with_ray_of_frost(&mut t), NONE);
    assert_eq!(step(&mut t, Boundary::RoundStarted { round: 3 }), NONE);
    assert_eq!(turn(&mut t, "hob6", 3), NONE);
    assert_eq!(turn(&mut t, "troll", 3), NONE);
    assert_eq!(
        step(
            &mut t,
            Boundary::TurnStarted {
                participant: p("delsenora"),
                round: 3
            }
        ),
        ["ray of frost"]
    );
}

#[test]
fn gh_dur_01_gh_time_02_end_of_turn_lasts_until_the_end_of_that_round() {
    let mut t = EffectTracker::new(DurationRules::greyhawk()).unwrap();
    step(&mut t, Boundary::RoundStarted { round: 1 });
    step(
        &mut t,
        Boundary::TurnStarted {
            participant: p("a"),
            round: 1,
        },
    );
    add(
        &mut t,
        "disengage",
        "a",
        "a",
        Duration::UntilEndOfCurrentTurn,
    );
    add(
        &mut t,
        "mud",
        "a",
        "a",
        Duration::UntilTurnEnd {
            participant: p("a"),
        },
    );
    // b has not acted this round: its next turn is in this round.
    add(
        &mut t,
        "b-end",
        "a",
        "a",
        Duration::UntilTurnEnd {
            participant: p("b"),
        },
    );
    assert_eq!(
        step(
            &mut t,
            Boundary::TurnEnded {
                participant: p("a"),
                round: 1
            }
        ),
        NONE
    );
    assert_eq!(turn(&mut t, "b", 1), NONE);
    // Two effects end together: GH-DUR-03 orders them with d20s (9 and 3).
    let x = t
        .on_boundary(
            &Boundary::RoundEnded { round: 1 },
            &mut SuppliedDice::new([9, 3]),
        )
        .unwrap();
    assert_eq!(
        x.iter().map(name).collect::<Vec<_>>(),
        ["b-end", "disengage"]
    );
    step(&mut t, Boundary::RoundStarted { round: 2 });
    assert_eq!(turn(&mut t, "a", 2), NONE);
    assert_eq!(step(&mut t, Boundary::RoundEnded { round: 2 }), ["mud"]);
}

#[test]
fn gh_dur_02_start_anchors_and_rounds_become_round_starts() {
    let mut t = EffectTracker::new(DurationRules::greyhawk()).unwrap();
    // Between rounds (before round 1): the next turn of anyone is in round 1, whose start
    // has not happened yet.
    add(
        &mut t,
        "pre",
        "a",
        "a",
        Duration::UntilTurnStart {
            participant: p("b"),
        },
    );
    assert_eq!(step(&mut t, Boundary::RoundStarted { round: 1 }), ["pre"]);
    // b has not acted yet in round 1: the start of round 1 has passed, so the next round start.
    add(
        &mut t,
        "b-start",
        "a",
        "a",
        Duration::UntilTurnStart {
            participant: p("b"),
        },
    );
    step(
        &mut t,
        Boundary::TurnStarted {
            participant: p("a"),
            round: 1,
        },
    );
    add(
        &mut t,
        "two-rounds",
        "a",
        "a",
        Duration::Rounds {
            count: 2,
            anchor: None,
        },
    );
    assert_eq!(
        step(
            &mut t,
            Boundary::TurnEnded {
                participant: p("a"),
                round: 1
            }
        ),
        NONE
    );
    assert_eq!(
        turn(&mut t, "b", 1),
        NONE,
        "never partway through a turn (GH-TIME-02)"
    );
    step(&mut t, Boundary::RoundEnded { round: 1 });
    assert_eq!(
        step(&mut t, Boundary::RoundStarted { round: 2 }),
        ["b-start"]
    );
    assert_eq!(turn(&mut t, "a", 2), NONE);
    step(&mut t, Boundary::RoundEnded { round: 2 });
    assert_eq!(
        step(&mut t, Boundary::RoundStarted { round: 3 }),
        ["two-rounds"]
    );
}

#[test]
fn gh_dur_03_ex_gh_08_simultaneous_expiries_in_d20_order_with_rerolled_ties() {
    let mut t = EffectTracker::new(DurationRules::greyhawk()).unwrap();
    step(&mut t, Boundary::RoundStarted { round: 1 });
    for n in ["first", "second", "third"] {
        add(
            &mut t,
            n,
            "a",
            "a",
            Duration::UntilRoundEnd { rounds_ahead: 0 },
        );
    }
    // d20s: 12, 4, 12; the tied 12s reroll 7 and 15.
    let mut dice = SuppliedDice::new([12, 4, 12, 7, 15]);
    let x = t
        .on_boundary(&Boundary::RoundEnded { round: 1 }, &mut dice)
        .unwrap();
    let order: Vec<String> = x.iter().map(name).collect();
    assert_eq!(order, ["second", "first", "third"]);
    let faces: Vec<Vec<u32>> = x
        .iter()
        .map(|x| x.order_dice.iter().map(|d| d.face).collect())
        .collect();
    assert_eq!(faces, [vec![4], vec![12, 7], vec![12, 15]]);
    assert_eq!(dice.remaining(), 0);
}

#[test]
fn gh_dice_05_one_d20_per_simultaneous_effect_and_none_for_a_single_one() {
    let order = order_by_d20(3, &mut SuppliedDice::new([20, 1, 10])).unwrap();
    let idx: Vec<usize> = order.iter().map(|(i, _)| *i).collect();
    assert_eq!(idx, [1, 2, 0]);
    assert!(order.iter().all(|(_, d)| d.len() == 1 && d[0].sides == 20));
    // A d20 can't show 21: the supplied face is refused.
    let err = order_by_d20(1, &mut SuppliedDice::new([21])).unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_FACE");
    // A single expiry rolls nothing.
    let mut t = EffectTracker::new(DurationRules::greyhawk()).unwrap();
    step(&mut t, Boundary::RoundStarted { round: 1 });
    add(
        &mut t,
        "only",
        "a",
        "a",
        Duration::UntilRoundEnd { rounds_ahead: 0 },
    );
    let x = t
        .on_boundary(
            &Boundary::RoundEnded { round: 1 },
            &mut SuppliedDice::new([]),
        )
        .unwrap();
    assert_eq!(x.len(), 1);
    assert!(x[0].order_dice.is_empty());
}

#[test]
fn gh_dur_03_a_dice_failure_changes_nothing() {
    let mut t = EffectTracker::new(DurationRules::greyhawk()).unwrap();
    step(&mut t, Boundary::RoundStarted { round: 1 });
    add(
        &mut t,
        "x",
        "a",
        "a",
        Duration::UntilRoundEnd { rounds_ahead: 0 },
    );
    add(
        &mut t,
        "y",
        "b",
        "a",
        Duration::UntilRoundEnd { rounds_ahead: 0 },
    );
    let before = t.clone();
    let err = t
        .on_boundary(
            &Boundary::RoundEnded { round: 1 },
            &mut SuppliedDice::new([5]),
        )
        .unwrap_err();
    assert_eq!(err.code.as_str(), "FACES_EXHAUSTED");
    assert_eq!(t, before);
}

#[test]
fn gh_dur_03_many_simultaneous_effects_still_get_a_total_order() {
    // More effects than faces on a d20: ties are broken within their group, so it terminates.
    let order = order_by_d20(45, &mut SeededDice::new(7).unwrap()).unwrap();
    let mut idx: Vec<usize> = order.iter().map(|(i, _)| *i).collect();
    let keys: Vec<Vec<u32>> = order
        .iter()
        .map(|(_, d)| d.iter().map(|d| d.face).collect())
        .collect();
    assert!(
        keys.windows(2).all(|w| w[0] < w[1]),
        "strictly increasing keys"
    );
    idx.sort_unstable();
    assert_eq!(idx, (0..45).collect::<Vec<_>>());
}

#[test]
fn ose_rules_use_round_boundaries_and_ten_second_rounds() {
    let rules = DurationRules::ose();
    assert_eq!(rules.seconds_per_round, 10);
    let mut t = EffectTracker::new(rules).unwrap();
    step(&mut t, Boundary::RoundStarted { round: 1 });
    step(
        &mut t,
        Boundary::TurnStarted {
            participant: p("a"),
            round: 1,
        },
    );
    add(
        &mut t,
        "web",
        "b",
        "a",
        Duration::Rounds {
            count: 3,
            anchor: None,
        },
    );
    // Anchored to round boundaries, not to the caster's turns (side initiative reorders the
    // turns every round): three rounds from round 1 end as round 4 starts.
    assert_eq!(
        t.effects()[0].due,
        Due::Round {
            edge: Edge::Start,
            round: 4
        }
    );
    step(
        &mut t,
        Boundary::TurnEnded {
            participant: p("a"),
            round: 1,
        },
    );
    step(&mut t, Boundary::RoundEnded { round: 1 });
    // Side initiative changes the order each round; the effect is measured in rounds.
    step(&mut t, Boundary::RoundStarted { round: 2 });
    step(&mut t, Boundary::RoundEnded { round: 2 });
    let x = t
        .on_boundary(&Boundary::EncounterEnded, &mut SuppliedDice::new([]))
        .unwrap();
    assert!(x.is_empty());
    // Due at the start of round 4 after round 2 ended: one whole round (3) left = 10 s.
    assert_eq!(t.effects()[0].due, Due::Clock { at_seconds: 10 });
}
