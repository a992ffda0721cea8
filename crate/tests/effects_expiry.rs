//! The expiry engine under turn-anchored rules (A5E / 5e): every duration kind and the hard
//! cases (effects applied on another creature's turn, in the last turn of a round, anchors
//! removed mid-round, delayed creatures, orders that change every round).

use turnkeeper::conditions::{ConditionCatalog, ConditionId};
use turnkeeper::dice::SuppliedDice;
use turnkeeper::effects::{
    Boundary, ConcentrationEnd, Due, Duration, DurationRules, Edge, EffectId, EffectSpec,
    EffectTracker, EncounterEndPolicy, Expiry, ExpiryReason, ParticipantId, Remaining, RestKind,
};

fn p(s: &str) -> ParticipantId {
    ParticipantId::new(s).unwrap()
}
fn cid(s: &str) -> ConditionId {
    ConditionId::new(s).unwrap()
}

/// A test encounter: the tracker plus helpers that feed boundaries and name what expired.
struct Enc {
    t: EffectTracker,
    catalog: ConditionCatalog,
}

impl Enc {
    fn new() -> Self {
        Self::with(DurationRules::a5e())
    }
    fn with(rules: DurationRules) -> Self {
        Self {
            t: EffectTracker::new(rules).unwrap(),
            catalog: ConditionCatalog::a5e(),
        }
    }
    /// Feed a boundary; no dice may be needed under A5E rules.
    fn at(&mut self, b: Boundary) -> Vec<Expiry> {
        let mut no_dice = SuppliedDice::new([]);
        self.t.on_boundary(&b, &mut no_dice).unwrap()
    }
    fn names(&mut self, b: Boundary) -> Vec<String> {
        self.at(b).into_iter().map(|x| label(&x)).collect()
    }
    fn round_start(&mut self, n: u32) -> Vec<String> {
        self.names(Boundary::RoundStarted { round: n })
    }
    fn round_end(&mut self, n: u32) -> Vec<String> {
        self.names(Boundary::RoundEnded { round: n })
    }
    fn turn_start(&mut self, who: &str, n: u32) -> Vec<String> {
        self.names(Boundary::TurnStarted {
            participant: p(who),
            round: n,
        })
    }
    fn turn_end(&mut self, who: &str, n: u32) -> Vec<String> {
        self.names(Boundary::TurnEnded {
            participant: p(who),
            round: n,
        })
    }
    /// A whole turn with nothing applied; returns everything that expired at its start or end.
    fn turn(&mut self, who: &str, n: u32) -> Vec<String> {
        let mut v = self.turn_start(who, n);
        v.extend(self.turn_end(who, n));
        v
    }
    fn add(&mut self, spec: EffectSpec) -> EffectId {
        self.t.add(spec, &self.catalog).unwrap().added[0].id
    }
    fn named(&mut self, name: &str, target: &str, source: &str, d: Duration) -> EffectId {
        self.add(EffectSpec::named(p(target), name, d).with_source(p(source)))
    }
    fn live(&self) -> Vec<String> {
        self.t
            .effects()
            .iter()
            .map(|e| e.name.clone().unwrap_or_default())
            .collect()
    }
}

fn label(x: &Expiry) -> String {
    x.effect
        .name
        .clone()
        .or_else(|| x.effect.condition.as_ref().map(|c| c.to_string()))
        .unwrap_or_default()
}

const NONE: [&str; 0] = [];

#[test]
fn a5e_dur_01_rounds_end_at_the_start_of_the_appliers_turn_n_rounds_later() {
    let mut e = Enc::new();
    e.round_start(1);
    e.turn("a", 1);
    e.turn_start("b", 1);
    let id = e.named(
        "bane",
        "c",
        "b",
        Duration::Rounds {
            count: 2,
            anchor: None,
        },
    );
    assert_eq!(
        e.t.get(id).unwrap().due,
        Due::Turn {
            anchor: p("b"),
            edge: Edge::Start,
            round: 3
        }
    );
    assert_eq!(e.turn_end("b", 1), NONE);
    assert_eq!(e.turn("c", 1), NONE);
    assert_eq!(e.round_end(1), NONE);
    e.round_start(2);
    assert_eq!(e.turn("a", 2), NONE);
    assert_eq!(e.turn("b", 2), NONE);
    assert_eq!(e.turn("c", 2), NONE);
    e.round_end(2);
    e.round_start(3);
    assert_eq!(e.turn("a", 3), NONE);
    assert_eq!(e.turn_start("b", 3), ["bane"]);
}

#[test]
fn a5e_dur_01_one_round_lasts_until_the_appliers_next_turn() {
    let mut e = Enc::new();
    e.round_start(1);
    e.turn_start("a", 1);
    e.named(
        "dodge-like",
        "a",
        "a",
        Duration::Rounds {
            count: 1,
            anchor: None,
        },
    );
    e.turn_end("a", 1);
    assert_eq!(e.turn("b", 1), NONE);
    assert_eq!(e.round_end(1), NONE);
    assert_eq!(e.round_start(2), NONE);
    assert_eq!(e.turn_start("a", 2), ["dodge-like"]);
}

#[test]
fn a5e_dur_01_cast_on_another_creatures_turn_ends_at_the_casters_next_turn() {
    // Order: a, b, c. During a's turn, c (who has not acted yet this round) casts with a
    // reaction "until the start of your next turn": that is c's turn later this round.
    let mut e = Enc::new();
    e.round_start(1);
    e.turn_start("a", 1);
    e.named(
        "shield-early",
        "c",
        "c",
        Duration::UntilTurnStart {
            participant: p("c"),
        },
    );
    e.turn_end("a", 1);
    assert_eq!(e.turn("b", 1), NONE);
    assert_eq!(e.turn_start("c", 1), ["shield-early"]);
    e.turn_end("c", 1);
    e.round_end(1);
    // Round 2: during b's turn, a (who already acted this round) casts on b "until the end of
    // your next turn": that is a's turn in round 3.
    e.round_start(2);
    e.turn("a", 2);
    e.turn_start("b", 2);
    e.named(
        "guiding",
        "b",
        "a",
        Duration::UntilTurnEnd {
            participant: p("a"),
        },
    );
    e.turn_end("b", 2);
    e.turn("c", 2);
    e.round_end(2);
    e.round_start(3);
    assert_eq!(e.turn_start("a", 3), NONE);
    assert_eq!(e.turn_end("a", 3), ["guiding"]);
}

#[test]
fn a5e_dur_01_next_turn_of_the_creature_whose_turn_it_is_is_next_round() {
    let mut e = Enc::new();
    e.round_start(1);
    e.turn_start("a", 1);
    e.named(
        "mud",
        "a",
        "a",
        Duration::UntilTurnEnd {
            participant: p("a"),
        },
    );
    e.named("dash", "a", "a", Duration::UntilEndOfCurrentTurn);
    assert_eq!(e.turn_end("a", 1), ["dash"]);
    e.turn("b", 1);
    e.round_end(1);
    e.round_start(2);
    assert_eq!(e.turn_start("a", 2), NONE);
    assert_eq!(e.turn_end("a", 2), ["mud"]);
}

#[test]
fn until_end_of_current_turn_needs_a_turn_in_progress() {
    let mut e = Enc::new();
    e.round_start(1);
    let err =
        e.t.add(
            EffectSpec::named(p("a"), "dash", Duration::UntilEndOfCurrentTurn),
            &e.catalog,
        )
        .unwrap_err();
    assert_eq!(err.code.as_str(), "OUT_OF_ORDER");
    assert!(e.t.effects().is_empty());
}

#[test]
fn effects_added_during_the_last_turn_of_a_round() {
    let mut e = Enc::new();
    e.round_start(1);
    e.turn("a", 1);
    e.turn("b", 1);
    e.turn_start("c", 1);
    e.named(
        "hex",
        "a",
        "c",
        Duration::Rounds {
            count: 1,
            anchor: None,
        },
    );
    e.named(
        "round-end",
        "a",
        "c",
        Duration::UntilRoundEnd { rounds_ahead: 0 },
    );
    e.named(
        "next-round-start",
        "a",
        "c",
        Duration::UntilRoundStart { rounds_ahead: 1 },
    );
    e.named(
        "c-next-start",
        "a",
        "c",
        Duration::UntilTurnStart {
            participant: p("c"),
        },
    );
    assert_eq!(e.turn_end("c", 1), NONE);
    assert_eq!(e.round_end(1), ["round-end"]);
    assert_eq!(e.round_start(2), ["next-round-start"]);
    assert_eq!(e.turn("a", 2), NONE);
    assert_eq!(e.turn("b", 2), NONE);
    assert_eq!(e.turn_start("c", 2), ["hex", "c-next-start"]);
}

#[test]
fn anchor_removed_mid_round_falls_back_to_its_round_boundary() {
    let mut e = Enc::new();
    e.round_start(1);
    e.turn_start("a", 1);
    // Anchored to c, whose turn this round is still to come.
    e.named(
        "due-this-round",
        "a",
        "a",
        Duration::UntilTurnStart {
            participant: p("c"),
        },
    );
    // Anchored to a (acting now): due at a's turn next round.
    e.named(
        "due-next-round",
        "b",
        "a",
        Duration::Rounds {
            count: 1,
            anchor: None,
        },
    );
    e.named(
        "end-next-round",
        "b",
        "a",
        Duration::UntilTurnEnd {
            participant: p("a"),
        },
    );
    e.turn_end("a", 1);
    e.turn_start("b", 1);
    // c leaves before its turn: the start of round 1 has passed, so its effect ends now.
    let x = e.at(Boundary::ParticipantRemoved {
        participant: p("c"),
    });
    assert_eq!(x.len(), 1);
    assert_eq!(label(&x[0]), "due-this-round");
    assert_eq!(
        x[0].reason,
        ExpiryReason::AnchorRemoved {
            participant: p("c")
        }
    );
    // a leaves after acting: its anchors become the boundaries of round 2.
    let x = e.at(Boundary::ParticipantRemoved {
        participant: p("a"),
    });
    assert!(x.is_empty());
    let dues: Vec<Due> = e.t.effects().iter().map(|x| x.due.clone()).collect();
    assert_eq!(
        dues,
        [
            Due::Round {
                edge: Edge::Start,
                round: 2
            },
            Due::Round {
                edge: Edge::End,
                round: 2
            }
        ]
    );
    e.turn_end("b", 1);
    e.round_end(1);
    assert_eq!(e.round_start(2), ["due-next-round"]);
    e.turn("b", 2);
    assert_eq!(e.round_end(2), ["end-next-round"]);
}

#[test]
fn removing_the_target_ends_its_effects_and_the_turn_in_progress() {
    let mut e = Enc::new();
    e.round_start(1);
    e.turn_start("a", 1);
    e.named("x", "a", "b", Duration::UntilRemoved);
    e.named("y", "b", "a", Duration::UntilRemoved);
    let x = e.at(Boundary::ParticipantRemoved {
        participant: p("a"),
    });
    assert_eq!(x.len(), 1);
    assert_eq!(x[0].reason, ExpiryReason::TargetRemoved);
    assert_eq!(e.live(), ["y"]);
    assert!(e.t.position().turn.is_none());
    // The round can end: no turn is in progress any more.
    e.round_end(1);
}

#[test]
fn delayed_creature_anchor_is_its_actual_turn() {
    // Order a, b, c. In round 2 b delays until after c.
    let mut e = Enc::new();
    e.round_start(1);
    e.turn("a", 1);
    e.turn_start("b", 1);
    e.named(
        "bless",
        "a",
        "b",
        Duration::Rounds {
            count: 1,
            anchor: None,
        },
    );
    e.turn_end("b", 1);
    e.turn("c", 1);
    e.round_end(1);
    e.round_start(2);
    assert_eq!(e.turn("a", 2), NONE);
    // b's count comes, but b delays: no TurnStarted for b yet.
    e.named(
        "c-start",
        "a",
        "a",
        Duration::UntilTurnStart {
            participant: p("b"),
        },
    );
    assert_eq!(e.turn("c", 2), NONE);
    assert_eq!(e.turn_start("b", 2), ["bless", "c-start"]);
}

#[test]
fn rounds_that_change_order_follow_the_creature_not_the_position() {
    let mut e = Enc::new();
    // Round 1: a, b, c. a acts first and applies a 1-round effect.
    e.round_start(1);
    e.turn_start("a", 1);
    e.named(
        "slow",
        "c",
        "a",
        Duration::Rounds {
            count: 1,
            anchor: None,
        },
    );
    e.turn_end("a", 1);
    e.turn("b", 1);
    e.turn("c", 1);
    e.round_end(1);
    // Round 2 is rerolled: c, b, a. The effect lasts until a's turn, now last.
    e.round_start(2);
    assert_eq!(e.turn("c", 2), NONE);
    assert_eq!(e.turn("b", 2), NONE);
    assert_eq!(e.turn_start("a", 2), ["slow"]);
    e.turn_end("a", 2);
    // a applied nothing in round 2; in round 2 it acted last. Round 3: a first.
    e.named(
        "late",
        "b",
        "a",
        Duration::UntilTurnStart {
            participant: p("a"),
        },
    );
    e.round_end(2);
    e.round_start(3);
    assert_eq!(e.turn_start("a", 3), ["late"]);
}

#[test]
fn anchor_that_takes_no_turn_ends_the_effect_with_that_round() {
    let mut e = Enc::new();
    e.round_start(1);
    e.turn_start("a", 1);
    e.named(
        "held",
        "b",
        "a",
        Duration::Rounds {
            count: 1,
            anchor: None,
        },
    );
    e.turn_end("a", 1);
    e.round_end(1);
    e.round_start(2);
    e.turn("b", 2); // a is skipped this round
    let x = e.at(Boundary::RoundEnded { round: 2 });
    assert_eq!(x.len(), 1);
    assert_eq!(x[0].reason, ExpiryReason::AnchorTurnMissed { round: 2 });
}

#[test]
fn a5e_dur_01_applied_outside_any_turn_counts_from_the_round_start() {
    let mut e = Enc::new();
    // Before the first round (round 1 about to begin): 1 round covers round 1.
    e.named(
        "pre",
        "a",
        "a",
        Duration::Rounds {
            count: 1,
            anchor: None,
        },
    );
    e.named(
        "first-end",
        "a",
        "a",
        Duration::UntilRoundEnd { rounds_ahead: 0 },
    );
    assert_eq!(e.round_start(1), NONE);
    // World-action phase of round 1 (no turn yet): 1 round ends at the start of round 2.
    e.named(
        "world",
        "a",
        "a",
        Duration::Rounds {
            count: 1,
            anchor: None,
        },
    );
    e.turn("a", 1);
    assert_eq!(e.round_end(1), ["first-end"]);
    assert_eq!(e.round_start(2), ["pre", "world"]);
}

#[test]
fn a5e_dur_01_time_rest_and_encounter_anchors() {
    let mut e = Enc::new();
    e.named("stable", "a", "a", Duration::Seconds { seconds: 3600 });
    e.named("short", "a", "a", Duration::Seconds { seconds: 60 });
    e.named(
        "block",
        "a",
        "a",
        Duration::UntilRest {
            rest: RestKind::Short,
        },
    );
    e.named(
        "temp-hp",
        "a",
        "a",
        Duration::UntilRest {
            rest: RestKind::Long,
        },
    );
    e.named("lock", "a", "a", Duration::UntilEncounterEnds);
    assert_eq!(e.names(Boundary::ClockAdvanced { now_seconds: 59 }), NONE);
    assert_eq!(
        e.names(Boundary::ClockAdvanced { now_seconds: 4000 }),
        ["short", "stable"]
    );
    assert_eq!(e.names(Boundary::EncounterEnded), ["lock"]);
    assert_eq!(
        e.names(Boundary::Rest {
            kind: RestKind::Short,
            participants: vec![]
        }),
        ["block"]
    );
    assert_eq!(
        e.names(Boundary::Rest {
            kind: RestKind::Long,
            participants: vec![p("b")]
        }),
        NONE,
        "another creature's rest"
    );
    assert_eq!(
        e.names(Boundary::Rest {
            kind: RestKind::Long,
            participants: vec![p("a")]
        }),
        ["temp-hp"]
    );
}

#[test]
fn long_rest_also_ends_short_rest_effects() {
    let mut e = Enc::new();
    e.named(
        "block",
        "a",
        "a",
        Duration::UntilRest {
            rest: RestKind::Short,
        },
    );
    assert_eq!(
        e.names(Boundary::Rest {
            kind: RestKind::Long,
            participants: vec![]
        }),
        ["block"]
    );
}

#[test]
fn clock_expiries_are_ordered_by_time_then_application() {
    let mut e = Enc::new();
    e.named("late", "a", "a", Duration::Seconds { seconds: 30 });
    e.named("early", "a", "a", Duration::Seconds { seconds: 10 });
    e.named("late-too", "a", "a", Duration::Seconds { seconds: 30 });
    assert_eq!(
        e.names(Boundary::ClockAdvanced { now_seconds: 30 }),
        ["early", "late", "late-too"]
    );
}

#[test]
fn encounter_end_moves_round_effects_to_the_clock() {
    let mut e = Enc::new();
    e.at(Boundary::ClockAdvanced { now_seconds: 100 });
    e.round_start(1);
    e.turn_start("a", 1);
    let bless = e.named(
        "bless",
        "b",
        "a",
        Duration::Rounds {
            count: 10,
            anchor: None,
        },
    );
    e.named(
        "two-rounds",
        "a",
        "a",
        Duration::UntilRoundEnd { rounds_ahead: 2 },
    );
    e.turn_end("a", 1);
    e.round_end(1);
    e.round_start(2);
    e.turn_start("a", 2);
    e.named(
        "dodge",
        "a",
        "a",
        Duration::UntilTurnStart {
            participant: p("a"),
        },
    );
    e.turn_end("a", 2);
    e.round_end(2);
    // Ends after round 2: bless was due at a's turn in round 11 → 8 whole rounds (3..10) left.
    let x = e.at(Boundary::EncounterEnded);
    let ended: Vec<(String, ExpiryReason)> =
        x.iter().map(|x| (label(x), x.reason.clone())).collect();
    assert_eq!(ended, [("dodge".to_string(), ExpiryReason::EncounterEnded)]);
    assert_eq!(
        e.t.get(bless).unwrap().due,
        Due::Clock {
            at_seconds: 100 + 8 * 6
        }
    );
    assert_eq!(
        e.t.effects()[1].due,
        Due::Clock {
            at_seconds: 100 + 6
        }
    );
    // Round numbering restarts for the next encounter.
    assert_eq!(e.t.position().round, 0);
    e.round_start(1);
    e.round_end(1);
    assert_eq!(
        e.names(Boundary::ClockAdvanced { now_seconds: 106 }),
        ["two-rounds"]
    );
    assert_eq!(
        e.names(Boundary::ClockAdvanced { now_seconds: 148 }),
        ["bless"]
    );
}

#[test]
fn encounter_end_policy_end_ends_everything_round_based() {
    let mut rules = DurationRules::a5e();
    rules.at_encounter_end = EncounterEndPolicy::End;
    let mut e = Enc::with(rules);
    e.round_start(1);
    e.named(
        "bless",
        "b",
        "a",
        Duration::Rounds {
            count: 10,
            anchor: None,
        },
    );
    e.named("forever", "b", "a", Duration::UntilRemoved);
    assert_eq!(e.names(Boundary::EncounterEnded), ["bless"]);
    assert_eq!(e.live(), ["forever"]);
}

#[test]
fn concentration_ends_when_the_caster_is_incapacitated() {
    let mut e = Enc::new();
    e.round_start(1);
    e.turn_start("wiz", 1);
    let catalog = e.catalog.clone();
    let added =
        e.t.add_all(
            vec![
                EffectSpec::named(
                    p("a"),
                    "bless",
                    Duration::Rounds {
                        count: 10,
                        anchor: None,
                    },
                )
                .with_source(p("wiz"))
                .concentrating(),
                EffectSpec::named(
                    p("b"),
                    "bless",
                    Duration::Rounds {
                        count: 10,
                        anchor: None,
                    },
                )
                .with_source(p("wiz"))
                .concentrating(),
                EffectSpec::named(p("c"), "poison", Duration::UntilRemoved).with_source(p("wiz")),
            ],
            &catalog,
        )
        .unwrap();
    assert_eq!(added.added.len(), 3);
    let x = e.at(Boundary::Incapacitated {
        participant: p("wiz"),
    });
    assert_eq!(x.len(), 2);
    for x in &x {
        assert_eq!(
            x.reason,
            ExpiryReason::Concentration {
                cause: ConcentrationEnd::Incapacitated
            }
        );
    }
    assert_eq!(e.live(), ["poison"]);
}

#[test]
fn concentration_is_dropped_or_replaced() {
    let mut e = Enc::new();
    let catalog = e.catalog.clone();
    let spec = |t: &str, n: &str| {
        EffectSpec::named(p(t), n, Duration::UntilRemoved)
            .with_source(p("wiz"))
            .concentrating()
    };
    e.t.add_all(vec![spec("a", "bless"), spec("b", "bless")], &catalog)
        .unwrap();
    let r = e.t.add(spec("c", "hold"), &catalog).unwrap();
    assert_eq!(r.ended.len(), 2);
    assert!(r.ended.iter().all(|x| x.reason
        == ExpiryReason::Concentration {
            cause: ConcentrationEnd::Replaced
        }));
    assert_eq!(e.live(), ["hold"]);
    // Only the wizard's concentration ends when it drops it: not its other effects, nor
    // another caster's concentration.
    e.t.add(
        EffectSpec::named(p("a"), "mage armor", Duration::UntilRemoved).with_source(p("wiz")),
        &catalog,
    )
    .unwrap();
    e.t.add(
        EffectSpec::named(p("b"), "bane", Duration::UntilRemoved)
            .with_source(p("cleric"))
            .concentrating(),
        &catalog,
    )
    .unwrap();
    let d = e.t.drop_concentration(&p("wiz"));
    assert_eq!(e.live(), ["mage armor", "bane"]);
    e.t.drop_concentration(&p("cleric"));
    e.t.remove(e.t.effects()[0].id).unwrap();
    assert_eq!(d.len(), 1);
    assert_eq!(
        d[0].reason,
        ExpiryReason::Concentration {
            cause: ConcentrationEnd::Dropped
        }
    );
    assert!(e.t.effects().is_empty());
    // Without one-at-a-time concentration both stay.
    let mut rules = DurationRules::a5e();
    rules.one_concentration_per_source = false;
    let mut e2 = Enc::with(rules);
    e2.t.add(spec("a", "one"), &catalog).unwrap();
    e2.t.add(spec("b", "two"), &catalog).unwrap();
    assert_eq!(e2.live(), ["one", "two"]);
}

#[test]
fn incapacitating_or_agonizing_condition_breaks_the_targets_concentration() {
    let mut e = Enc::new();
    let catalog = e.catalog.clone();
    e.t.add(
        EffectSpec::named(p("a"), "bless", Duration::UntilRemoved)
            .with_source(p("wiz"))
            .concentrating(),
        &catalog,
    )
    .unwrap();
    let r =
        e.t.add(
            EffectSpec::condition(
                p("wiz"),
                cid("stunned"),
                Duration::Rounds {
                    count: 1,
                    anchor: None,
                },
            ),
            &catalog,
        )
        .unwrap();
    assert_eq!(r.added.len(), 1);
    assert_eq!(r.ended.len(), 1);
    assert_eq!(
        r.ended[0].reason,
        ExpiryReason::Concentration {
            cause: ConcentrationEnd::Incapacitated
        }
    );
    // Stunned, it can't start concentrating.
    let err =
        e.t.add(
            EffectSpec::named(p("a"), "bless", Duration::UntilRemoved)
                .with_source(p("wiz"))
                .concentrating(),
            &catalog,
        )
        .unwrap_err();
    assert_eq!(err.code.as_str(), "NOT_ALLOWED");

    let mut e = Enc::new();
    e.t.add(
        EffectSpec::named(p("a"), "bless", Duration::UntilRemoved)
            .with_source(p("cleric"))
            .concentrating(),
        &catalog,
    )
    .unwrap();
    let r =
        e.t.add(
            EffectSpec::condition(p("cleric"), cid("agonized"), Duration::UntilRemoved),
            &catalog,
        )
        .unwrap();
    assert_eq!(
        r.ended[0].reason,
        ExpiryReason::Concentration {
            cause: ConcentrationEnd::CantConcentrate {
                condition: cid("agonized")
            }
        }
    );
}

#[test]
fn a5e_cond_14_grapple_ends_when_the_grappler_is_incapacitated() {
    let mut e = Enc::new();
    let catalog = e.catalog.clone();
    let g =
        e.t.add(
            EffectSpec::condition(p("hero"), cid("grappled"), Duration::UntilRemoved)
                .with_source(p("ogre")),
            &catalog,
        )
        .unwrap();
    assert!(g.added[0].ends_if_source_incapacitated);
    e.t.add(
        EffectSpec::condition(p("hero"), cid("poisoned"), Duration::UntilRemoved)
            .with_source(p("ogre")),
        &catalog,
    )
    .unwrap();
    // Knocking the ogre unconscious (a condition effect) frees the hero.
    let r =
        e.t.add(
            EffectSpec::condition(p("ogre"), cid("unconscious"), Duration::UntilRemoved),
            &catalog,
        )
        .unwrap();
    assert_eq!(r.ended.len(), 1);
    assert_eq!(r.ended[0].effect.condition, Some(cid("grappled")));
    assert_eq!(r.ended[0].reason, ExpiryReason::SourceIncapacitated);
    assert_eq!(e.t.condition_ids(&p("hero")), [cid("poisoned")]);
    // The same through the boundary.
    e.t.add(
        EffectSpec::condition(p("hero"), cid("grappled"), Duration::UntilRemoved)
            .with_source(p("troll")),
        &catalog,
    )
    .unwrap();
    let x = e.at(Boundary::Incapacitated {
        participant: p("troll"),
    });
    assert_eq!(x.len(), 1);
    assert_eq!(x[0].reason, ExpiryReason::SourceIncapacitated);
}

#[test]
fn out_of_order_boundaries_are_refused_and_change_nothing() {
    let mut e = Enc::new();
    let mut dice = SuppliedDice::new([]);
    let mut bad = |t: &mut EffectTracker, b: Boundary| {
        let before = t.clone();
        let err = t.on_boundary(&b, &mut dice).unwrap_err();
        assert_eq!(err.code.as_str(), "OUT_OF_ORDER", "{b:?}");
        assert_eq!(*t, before);
    };
    bad(&mut e.t, Boundary::RoundStarted { round: 2 });
    bad(&mut e.t, Boundary::RoundEnded { round: 1 });
    bad(
        &mut e.t,
        Boundary::TurnStarted {
            participant: p("a"),
            round: 1,
        },
    );
    e.round_start(1);
    bad(&mut e.t, Boundary::RoundStarted { round: 2 });
    bad(
        &mut e.t,
        Boundary::TurnStarted {
            participant: p("a"),
            round: 2,
        },
    );
    bad(
        &mut e.t,
        Boundary::TurnEnded {
            participant: p("a"),
            round: 1,
        },
    );
    e.turn_start("a", 1);
    bad(
        &mut e.t,
        Boundary::TurnStarted {
            participant: p("b"),
            round: 1,
        },
    );
    bad(
        &mut e.t,
        Boundary::TurnEnded {
            participant: p("b"),
            round: 1,
        },
    );
    bad(&mut e.t, Boundary::RoundEnded { round: 1 });
    e.turn_end("a", 1);
    e.at(Boundary::ClockAdvanced { now_seconds: 50 });
    bad(&mut e.t, Boundary::ClockAdvanced { now_seconds: 49 });
    bad(
        &mut e.t,
        Boundary::ClockAdvanced {
            now_seconds: 1 << 53,
        },
    );
}

#[test]
fn invalid_effects_are_refused_and_limits_hold() {
    let mut e = Enc::new();
    let catalog = e.catalog.clone();
    let bad = |t: &mut EffectTracker, spec: EffectSpec, code: &str| {
        let before = t.clone();
        let err = t.add(spec, &catalog).unwrap_err();
        assert_eq!(err.code.as_str(), code, "{}", err.message);
        assert_eq!(*t, before);
    };
    let d = Duration::UntilRemoved;
    bad(
        &mut e.t,
        EffectSpec::condition(p("a"), cid("nope"), d.clone()),
        "UNKNOWN_ID",
    );
    bad(
        &mut e.t,
        EffectSpec::condition(p("a"), cid("bloodied"), d.clone()),
        "INVALID_ARGUMENT",
    );
    bad(
        &mut e.t,
        EffectSpec::named(p("a"), "", d.clone()),
        "INVALID_ARGUMENT",
    );
    bad(
        &mut e.t,
        EffectSpec::named(p("a"), "x".repeat(81), d.clone()),
        "INVALID_ARGUMENT",
    );
    bad(
        &mut e.t,
        EffectSpec::named(p("a"), "c", d.clone()).concentrating(),
        "INVALID_ARGUMENT",
    );
    bad(
        &mut e.t,
        EffectSpec::named(
            p("a"),
            "r",
            Duration::Rounds {
                count: 0,
                anchor: None,
            },
        ),
        "INVALID_ARGUMENT",
    );
    bad(
        &mut e.t,
        EffectSpec::named(
            p("a"),
            "r",
            Duration::Rounds {
                count: 14_401,
                anchor: None,
            },
        ),
        "INVALID_ARGUMENT",
    );
    bad(
        &mut e.t,
        EffectSpec::named(p("a"), "r", Duration::UntilRoundStart { rounds_ahead: 0 }),
        "INVALID_ARGUMENT",
    );
    bad(
        &mut e.t,
        EffectSpec::named(p("a"), "s", Duration::Seconds { seconds: 0 }),
        "INVALID_ARGUMENT",
    );
    let mut spec = EffectSpec::named(p("a"), "x", d.clone());
    spec.name = None;
    bad(&mut e.t, spec, "INVALID_ARGUMENT");
    for i in 0..32 {
        e.named(&format!("e{i}"), "a", "a", d.clone());
    }
    bad(
        &mut e.t,
        EffectSpec::named(p("a"), "one too many", d.clone()),
        "LIMIT_EXCEEDED",
    );
    let batch: Vec<EffectSpec> = (0..65)
        .map(|_| EffectSpec::named(p("b"), "x", d.clone()))
        .collect();
    assert_eq!(
        e.t.add_all(batch, &catalog).unwrap_err().code.as_str(),
        "LIMIT_EXCEEDED"
    );
    // A batch that fails part-way adds nothing.
    let batch = vec![
        EffectSpec::named(p("b"), "fine", d.clone()),
        EffectSpec::condition(p("b"), cid("nope"), d.clone()),
    ];
    assert!(e.t.add_all(batch, &catalog).is_err());
    assert_eq!(e.t.effects_on(&p("b")).count(), 0);
    assert!(ParticipantId::new("").is_err());
    assert!(ParticipantId::new("x".repeat(65)).is_err());
    let mut rules = DurationRules::a5e();
    rules.seconds_per_round = 0;
    assert!(EffectTracker::new(rules).is_err());
}

#[test]
fn remaining_time_for_a_ui() {
    let mut e = Enc::new();
    e.at(Boundary::ClockAdvanced { now_seconds: 10 });
    e.round_start(1);
    e.turn_start("a", 1);
    let r = e.named(
        "r",
        "b",
        "a",
        Duration::Rounds {
            count: 3,
            anchor: None,
        },
    );
    let s = e.named("s", "b", "a", Duration::Seconds { seconds: 60 });
    let q = e.named("q", "b", "a", Duration::UntilRoundEnd { rounds_ahead: 0 });
    assert_eq!(
        e.t.remaining(r, 10).unwrap(),
        Remaining::AnchorTurn {
            participant: p("a"),
            edge: Edge::Start,
            round: 4,
            rounds_away: 3
        }
    );
    assert_eq!(
        e.t.remaining(s, 40).unwrap(),
        Remaining::Seconds {
            seconds: 30,
            at_seconds: 70
        }
    );
    assert_eq!(
        e.t.remaining(q, 10).unwrap(),
        Remaining::RoundBoundary {
            edge: Edge::End,
            round: 1,
            rounds_away: 0
        }
    );
    e.turn_end("a", 1);
    e.round_end(1);
    e.round_start(2);
    assert_eq!(
        e.t.remaining(r, 10).unwrap(),
        Remaining::AnchorTurn {
            participant: p("a"),
            edge: Edge::Start,
            round: 4,
            rounds_away: 2
        }
    );
    let views = e.t.views(&p("b"), 10);
    assert_eq!(views.len(), 2);
    assert_eq!(
        views[1].remaining,
        Remaining::Seconds {
            seconds: 60,
            at_seconds: 70
        }
    );
    let json = serde_json::to_value(&views[0]).unwrap();
    assert_eq!(json["remaining"]["type"], "anchorTurn");
    assert_eq!(json["remaining"]["roundsAway"], 2);
    assert_eq!(
        e.t.remaining(EffectId(99), 0).unwrap_err().code.as_str(),
        "UNKNOWN_ID"
    );
    let removed = e.t.remove(r).unwrap();
    assert_eq!(removed.reason, ExpiryReason::Removed);
    // Removing it again names the id it looked for.
    let again = e.t.remove(r).unwrap_err();
    assert_eq!(again.code.as_str(), "UNKNOWN_ID");
    assert_eq!(again.message, format!("no effect with id \"{}\"", r.0));
    assert_eq!(EffectId(42).to_string(), "42");
}

#[test]
fn boundary_and_expiry_json_shapes() {
    let b: Boundary =
        serde_json::from_str(r#"{"type":"turnStarted","participant":"rath","round":2}"#).unwrap();
    assert_eq!(
        b,
        Boundary::TurnStarted {
            participant: p("rath"),
            round: 2
        }
    );
    let b: Boundary = serde_json::from_str(r#"{"type":"clockAdvanced","nowSeconds":60}"#).unwrap();
    assert_eq!(b, Boundary::ClockAdvanced { now_seconds: 60 });
    assert!(
        serde_json::from_str::<Boundary>(r#"{"type":"roundStarted","round":1,"x":1}"#).is_err()
    );
    let d: Duration =
        serde_json::from_str(r#"{"type":"untilTurnStart","participant":"rath"}"#).unwrap();
    assert_eq!(
        d,
        Duration::UntilTurnStart {
            participant: p("rath")
        }
    );
}

/// Boundaries must come in the order an encounter produces them; one out of order is
/// `OUT_OF_ORDER` and moves nothing, and the one in order is then accepted.
#[test]
fn boundaries_out_of_order_are_refused_and_change_nothing() {
    use turnkeeper::effects::MAX_CLOCK_SECONDS;
    let mut t = EffectTracker::new(DurationRules::a5e()).unwrap();
    let mut dice = SuppliedDice::new([]);
    let mut go = |t: &mut EffectTracker, b: Boundary, ok: bool| {
        let before = t.clone();
        let got = t.on_boundary(&b, &mut dice);
        if ok {
            got.unwrap_or_else(|e| panic!("{b:?}: {e}"));
        } else {
            let e = got.expect_err("out of order");
            assert_eq!(e.code.as_str(), "OUT_OF_ORDER", "{b:?}: {e}");
            assert_eq!(*t, before, "{b:?} changed the tracker");
        }
    };
    let turn = |who: &str, round| Boundary::TurnStarted {
        participant: p(who),
        round,
    };
    let ended = |who: &str, round| Boundary::TurnEnded {
        participant: p(who),
        round,
    };
    go(&mut t, Boundary::RoundEnded { round: 0 }, false);
    go(&mut t, turn("a", 1), false);
    go(&mut t, Boundary::RoundStarted { round: 2 }, false);
    go(&mut t, Boundary::RoundStarted { round: 1 }, true);
    go(&mut t, Boundary::RoundStarted { round: 2 }, false);
    go(&mut t, turn("a", 2), false);
    go(&mut t, turn("a", 1), true);
    go(&mut t, turn("b", 1), false);
    go(&mut t, Boundary::RoundEnded { round: 1 }, false);
    go(&mut t, ended("b", 1), false);
    go(&mut t, ended("a", 2), false);
    go(&mut t, ended("a", 1), true);
    go(&mut t, ended("a", 1), false);
    go(&mut t, Boundary::RoundEnded { round: 2 }, false);
    go(&mut t, Boundary::RoundEnded { round: 1 }, true);
    go(&mut t, Boundary::RoundEnded { round: 1 }, false);
    go(&mut t, Boundary::RoundStarted { round: 1 }, false);
    go(&mut t, Boundary::RoundStarted { round: 2 }, true);
    // The clock never runs back and stops at its limit.
    go(&mut t, Boundary::ClockAdvanced { now_seconds: 60 }, true);
    go(&mut t, Boundary::ClockAdvanced { now_seconds: 60 }, true);
    go(&mut t, Boundary::ClockAdvanced { now_seconds: 59 }, false);
    go(
        &mut t,
        Boundary::ClockAdvanced {
            now_seconds: MAX_CLOCK_SECONDS + 1,
        },
        false,
    );
    go(
        &mut t,
        Boundary::ClockAdvanced {
            now_seconds: MAX_CLOCK_SECONDS,
        },
        true,
    );
}
