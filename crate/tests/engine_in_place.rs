//! The engine runs an encounter's commands on the state itself and rebuilds it from its
//! history only when a command fails after changing it. These tests make commands fail part
//! way (supplied dice that run out, or that keep a roll-off tying, after the initiative roll
//! has been applied) and check that nothing shows it: the state, its digest and its snapshot
//! are byte-identical to before, and a twin engine that never saw the failing commands goes on
//! exactly as this one does (undo included).

use proptest::prelude::*;
use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::{Encounter, EncounterCommand};
use turnkeeper::engine::Engine;
use turnkeeper::error::ErrorCode;
use turnkeeper::rulesets::RulesetConfig;

fn cmd(json: &str) -> EncounterCommand {
    serde_json::from_str(json).unwrap()
}

fn engine(preset: &str, seed: u64, participants: usize) -> Engine<Encounter> {
    let config: RulesetConfig =
        serde_json::from_str(&format!(r#"{{"preset":"{preset}"}}"#)).unwrap();
    let mut e = Engine::new(
        Encounter::new(config).unwrap(),
        DiceSource::seeded(seed).unwrap(),
    );
    for i in 0..participants {
        e.execute(cmd(&format!(
            r#"{{"type":"addParticipant","participant":{{"id":"p{i}","name":"P {i}","side":"{}","dex":{}}}}}"#,
            if i % 2 == 0 { "party" } else { "foes" },
            10 + i % 3
        )))
        .unwrap();
    }
    e
}

fn declare_all(e: &mut Engine<Encounter>, participants: usize) {
    for i in 0..participants {
        e.execute(cmd(&format!(
            r#"{{"type":"declare","participant":"p{i}","declaration":{{"system":"greyhawk","activities":["melee"]}}}}"#
        )))
        .unwrap();
    }
}

/// Everything a caller can see of an engine.
fn seen(e: &Engine<Encounter>) -> (String, String, Encounter) {
    (e.to_json(), e.digest().to_string(), e.state().clone())
}

/// A Greyhawk initiative roll whose supplied dice cover the rolls but make every roll-off
/// tie until the draw limit: the command fails after `initiativeRolled` (and a run of
/// `tiesBroken`) changed the state. Run in place it reports the state touched; through the
/// engine nothing of it remains.
#[test]
fn a_roll_failing_after_its_first_events_leaves_everything_as_before() {
    let n = 6;
    let mut e = engine("gh5e", 7, n);
    e.execute(cmd(r#"{"type":"start"}"#)).unwrap();
    declare_all(&mut e, n);
    let before = seen(&e);

    // The same command run in place on a copy: it changed the copy before failing.
    let mut copy = e.state().clone();
    let mut faces = DiceSource::supplied(std::iter::repeat_n(4, 400));
    let failed = copy
        .execute_in_place(cmd(r#"{"type":"rollInitiative"}"#), &mut faces)
        .unwrap_err();
    assert!(failed.touched, "the roll failed before changing anything");
    assert_eq!(failed.error.code, ErrorCode::LimitExceeded);
    assert_ne!(
        &copy,
        e.state(),
        "the in-place run left no trace to restore"
    );

    let mut faces = DiceSource::supplied(std::iter::repeat_n(4, 400));
    let err = e
        .execute_with_faces(cmd(r#"{"type":"rollInitiative"}"#), &mut faces)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::LimitExceeded);
    assert_eq!(seen(&e), before);

    // Too few faces: the dice run out part way through the roll-off.
    let mut short = DiceSource::supplied(std::iter::repeat_n(4, n + 3));
    assert!(
        e.execute_with_faces(cmd(r#"{"type":"rollInitiative"}"#), &mut short)
            .is_err()
    );
    assert_eq!(seen(&e), before);

    // The engine's own dice did not move either: the roll now is the roll it would have been.
    let mut twin = engine("gh5e", 7, n);
    twin.execute(cmd(r#"{"type":"start"}"#)).unwrap();
    declare_all(&mut twin, n);
    let a = serde_json::to_string(e.execute(cmd(r#"{"type":"rollInitiative"}"#)).unwrap()).unwrap();
    let b =
        serde_json::to_string(twin.execute(cmd(r#"{"type":"rollInitiative"}"#)).unwrap()).unwrap();
    assert_eq!(a, b);
    assert_eq!(e.to_json(), twin.to_json());
}

/// Left-over supplied faces after a command that changed the state: refused, and the state is
/// rebuilt as it was.
#[test]
fn left_over_faces_after_a_change_put_the_state_back() {
    let n = 3;
    let mut e = engine("gh5e", 3, n);
    e.execute(cmd(r#"{"type":"start"}"#)).unwrap();
    declare_all(&mut e, n);
    let before = seen(&e);
    // Distinct faces settle the roll without ties; the extra ones are left over.
    let mut faces = DiceSource::supplied([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    let err = e
        .execute_with_faces(cmd(r#"{"type":"rollInitiative"}"#), &mut faces)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert!(err.message.contains("left over"), "{}", err.message);
    assert_eq!(seen(&e), before);
}

/// One step of a random session: a command, with the engine's own dice or with a few
/// supplied faces (often too few, or all alike so roll-offs keep tying).
#[derive(Debug, Clone)]
enum Step {
    Own(String),
    Faces(String, Vec<u32>),
}

/// Stands for a `declareMany` of every participant (built for the encounter's size).
const DECLARE_ALL: &str = "declare all";

fn declare_many(n: usize) -> String {
    let each: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#""p{i}":["{}"]"#,
                if i % 2 == 0 { "melee" } else { "ranged" }
            )
        })
        .collect();
    format!(
        r#"{{"type":"declareMany","declarations":{{{}}}}}"#,
        each.join(",")
    )
}

fn step() -> impl Strategy<Value = Step> {
    let command = prop_oneof![
        4 => Just(r#"{"type":"rollInitiative"}"#.to_string()),
        4 => Just(DECLARE_ALL.to_string()),
        2 => Just(r#"{"type":"endTurn"}"#.to_string()),
        2 => Just(r#"{"type":"nextRound"}"#.to_string()),
        1 => Just(r#"{"type":"undo","commands":1}"#.to_string()),
        1 => (0usize..4, 1u32..4).prop_map(|(i, rounds)| format!(
            r#"{{"type":"addEffects","effects":[{{"target":"p{i}","condition":"prone","duration":{{"type":"rounds","count":{rounds}}}}}]}}"#
        )),
    ];
    let faces = prop_oneof![
        prop::collection::vec(1u32..=4, 0..12),
        (1u32..=4, 0usize..200).prop_map(|(f, n)| vec![f; n]),
    ];
    prop_oneof![
        2 => command.clone().prop_map(Step::Own),
        3 => (command, faces).prop_map(|(c, f)| Step::Faces(c, f)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every failing step leaves state, digest and snapshot byte-identical; a twin that runs
    /// only the steps that succeeded ends byte-identical too.
    #[test]
    fn failing_commands_leave_no_trace(
        seed in 0u64..1 << 53,
        n in 2usize..5,
        steps in prop::collection::vec(step(), 1..30),
    ) {
        let mut e = engine("gh5e", seed, n);
        e.execute(cmd(r#"{"type":"start"}"#)).unwrap();
        let mut twin = engine("gh5e", seed, n);
        twin.execute(cmd(r#"{"type":"start"}"#)).unwrap();
        for s in steps {
            let before = seen(&e);
            let (command, faces) = match &s {
                Step::Own(c) => (c.clone(), None),
                Step::Faces(c, f) => (c.clone(), Some(f.clone())),
            };
            let command = if command == DECLARE_ALL { declare_many(n) } else { command };
            let run = |e: &mut Engine<Encounter>| -> Result<String, turnkeeper::Error> {
                let out = match &faces {
                    None => e.execute(cmd(&command)),
                    Some(f) => e.execute_with_faces(cmd(&command), &mut DiceSource::supplied(f.iter().copied())),
                };
                out.map(|events| serde_json::to_string(events).unwrap())
            };
            match run(&mut e) {
                Ok(events) => {
                    let again = run(&mut twin);
                    prop_assert_eq!(Ok::<String, ErrorCode>(events), again.map_err(|x| x.code));
                    e.state().check().unwrap();
                }
                Err(_) => prop_assert_eq!(seen(&e), before),
            }
            prop_assert_eq!(e.to_json(), twin.to_json());
        }
    }
}
