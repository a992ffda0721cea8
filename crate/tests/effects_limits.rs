//! Documented limits of the effect tracker and of condition data, each reached in a test.

use turnkeeper::conditions::id::{
    MAX_CONDITION_NOTES_LEN, MAX_EFFECTS_PER_CONDITION, MAX_LINKS_PER_CONDITION,
};
use turnkeeper::conditions::tracks::MAX_STRESS_ENTRIES;
use turnkeeper::conditions::{ConditionCatalog, ConditionId, StressTable, StressTerm};
use turnkeeper::dice::SuppliedDice;
use turnkeeper::effects::{
    Boundary, Duration, DurationRules, EffectSpec, EffectTracker, MAX_DURATION_SECONDS,
    MAX_EFFECTS, MAX_EFFECTS_PER_PARTICIPANT, MAX_TIE_PASSES, MAX_TURNS_PER_ROUND, ParticipantId,
    order_by_d20,
};

fn p(s: &str) -> ParticipantId {
    ParticipantId::new(s).unwrap()
}

#[test]
fn tracker_total_effect_limit() {
    let catalog = ConditionCatalog::a5e();
    let mut t = EffectTracker::new(DurationRules::a5e()).unwrap();
    let per = MAX_EFFECTS_PER_PARTICIPANT;
    for i in 0..MAX_EFFECTS / per {
        let batch: Vec<EffectSpec> = (0..per)
            .map(|_| EffectSpec::named(p(&format!("p{i}")), "x", Duration::UntilRemoved))
            .collect();
        t.add_all(batch, &catalog).unwrap();
    }
    assert_eq!(t.effects().len(), MAX_EFFECTS);
    let err = t
        .add(
            EffectSpec::named(p("new"), "x", Duration::UntilRemoved),
            &catalog,
        )
        .unwrap_err();
    assert_eq!(err.code.as_str(), "LIMIT_EXCEEDED");
}

#[test]
fn turns_per_round_limit() {
    let mut t = EffectTracker::new(DurationRules::a5e()).unwrap();
    let mut dice = SuppliedDice::new([]);
    t.on_boundary(&Boundary::RoundStarted { round: 1 }, &mut dice)
        .unwrap();
    for i in 0..MAX_TURNS_PER_ROUND {
        let who = p(&format!("p{i}"));
        t.on_boundary(
            &Boundary::TurnStarted {
                participant: who.clone(),
                round: 1,
            },
            &mut dice,
        )
        .unwrap();
        t.on_boundary(
            &Boundary::TurnEnded {
                participant: who,
                round: 1,
            },
            &mut dice,
        )
        .unwrap();
    }
    let err = t
        .on_boundary(
            &Boundary::TurnStarted {
                participant: p("one-more"),
                round: 1,
            },
            &mut dice,
        )
        .unwrap_err();
    assert_eq!(err.code.as_str(), "LIMIT_EXCEEDED");
    // A participant who already acted may act again.
    t.on_boundary(
        &Boundary::TurnStarted {
            participant: p("p0"),
            round: 1,
        },
        &mut dice,
    )
    .unwrap();
}

#[test]
fn duration_seconds_limit() {
    let catalog = ConditionCatalog::a5e();
    let mut t = EffectTracker::new(DurationRules::a5e()).unwrap();
    t.add(
        EffectSpec::named(
            p("a"),
            "x",
            Duration::Seconds {
                seconds: MAX_DURATION_SECONDS,
            },
        ),
        &catalog,
    )
    .unwrap();
    let err = t
        .add(
            EffectSpec::named(
                p("a"),
                "x",
                Duration::Seconds {
                    seconds: MAX_DURATION_SECONDS + 1,
                },
            ),
            &catalog,
        )
        .unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_ARGUMENT");
}

#[test]
fn tie_passes_limit_leaves_application_order() {
    // Two effects that keep rolling 5: after MAX_TIE_PASSES rerolls they stay in order.
    let faces = vec![5u32; 2 + 2 * MAX_TIE_PASSES];
    let mut dice = SuppliedDice::new(faces);
    let order = order_by_d20(2, &mut dice).unwrap();
    assert_eq!(order.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [0, 1]);
    assert_eq!(order[0].1.len(), 1 + MAX_TIE_PASSES);
    assert_eq!(dice.remaining(), 0);
}

#[test]
fn condition_data_limits() {
    let links: Vec<String> = (0..=MAX_LINKS_PER_CONDITION)
        .map(|i| format!("\"l{i}\""))
        .collect();
    let defs: Vec<String> = (0..=MAX_LINKS_PER_CONDITION)
        .map(|i| format!(r#"{{"id":"l{i}","name":"L"}}"#))
        .collect();
    let json = format!(
        r#"{{"conditions":[{},{{"id":"many","name":"Many","implies":[{}]}}]}}"#,
        defs.join(","),
        links.join(",")
    );
    let err = ConditionCatalog::a5e()
        .load_homebrew_json(&json)
        .unwrap_err();
    assert!(err.message.contains("more than 16 ids"), "{}", err.message);

    let effects: Vec<&str> = vec![r#"{"type":"hitDiceHalved"}"#; MAX_EFFECTS_PER_CONDITION + 1];
    let json = format!(
        r#"{{"conditions":[{{"id":"x","name":"X","effects":[{}]}}]}}"#,
        effects.join(",")
    );
    let err = ConditionCatalog::a5e()
        .load_homebrew_json(&json)
        .unwrap_err();
    assert!(
        err.message.contains("more than 32 effects"),
        "{}",
        err.message
    );

    let notes = "n".repeat(MAX_CONDITION_NOTES_LEN + 1);
    let json = format!(r#"{{"conditions":[{{"id":"x","name":"X","notes":"{notes}"}}]}}"#);
    let err = ConditionCatalog::a5e()
        .load_homebrew_json(&json)
        .unwrap_err();
    assert!(err.message.contains("notes"), "{}", err.message);

    assert!(ConditionId::new("a".repeat(48)).is_ok());
    assert!(ConditionId::new("a".repeat(49)).is_err());

    let table = StressTable {
        term: StressTerm::ShortTerm,
        entries: vec![ConditionId::new("prone").unwrap(); MAX_STRESS_ENTRIES + 1],
    };
    assert_eq!(
        table
            .validate(&ConditionCatalog::a5e())
            .unwrap_err()
            .code
            .as_str(),
        "INVALID_DATA"
    );
}

/// What an effect must be to be added: a name of 1 to `MAX_EFFECT_NAME_LEN` printable
/// characters (not only spaces), a condition that is not derived from hit points (bloodied),
/// a condition or a name at least, and a source when it is concentration or ends with its
/// source. Each refusal adds nothing.
#[test]
fn an_effect_spec_is_checked_before_it_is_added() {
    use turnkeeper::effects::MAX_EFFECT_NAME_LEN;
    let catalog = ConditionCatalog::a5e();
    let mut t = EffectTracker::new(DurationRules::a5e()).unwrap();
    let named = |name: &str| EffectSpec::named(p("a"), name, Duration::UntilRemoved);
    t.add(named(&"x".repeat(MAX_EFFECT_NAME_LEN)), &catalog)
        .unwrap();
    t.add(named("Bless"), &catalog).unwrap();
    let mut nothing = named("x");
    nothing.name = None;
    let mut concentrating = named("Hold person");
    concentrating.concentration = true;
    let mut tied = named("Hex");
    tied.ends_if_source_incapacitated = true;
    let bloodied = EffectSpec::condition(
        p("a"),
        ConditionId::new("bloodied").unwrap(),
        Duration::UntilRemoved,
    );
    for bad in [
        named(&"x".repeat(MAX_EFFECT_NAME_LEN + 1)),
        named(""),
        named("   "),
        named("line\nbreak"),
        nothing,
        concentrating.clone(),
        tied.clone(),
    ] {
        let err = t.add(bad.clone(), &catalog).unwrap_err();
        assert_eq!(err.code.as_str(), "INVALID_ARGUMENT", "{bad:?}");
    }
    let err = t.add(bloodied, &catalog).unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_ARGUMENT");
    assert!(
        err.message.contains("derived from hit points"),
        "{}",
        err.message
    );
    assert_eq!(t.effects().len(), 2, "nothing refused was added");
    // With a source, the same two are fine.
    t.add(concentrating.with_source(p("b")), &catalog).unwrap();
    t.add(tied.with_source(p("b")), &catalog).unwrap();
    assert_eq!(t.effects().len(), 4);
}
