//! The engine's promises over one command sequence, for any [`Model`] (issue 14; used by the
//! `engine_properties*` tests, where proptest shrinks a failure to its shortest sequence):
//!
//! 1. a command that fails leaves the snapshot (dice and batch count included) byte-identical;
//! 2. a command that succeeds leaves a state that passes its invariants;
//! 3. a follower that applies only the leader's batches is byte-identical to it after each one;
//! 4. snapshot → load → snapshot gives the same text;
//! 5. replay is deterministic: the same commands from the same snapshot give the same
//!    snapshot, and a copy that applies only the bare events reaches the same state.

use proptest::test_runner::TestCaseError;
use turnkeeper::engine::{Engine, Model};
use turnkeeper::wire::FromWire;

/// Case count: 48 sequences per property unless `PROPTEST_CASES` asks for more.
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

fn fail(message: String) -> TestCaseError {
    TestCaseError::fail(message)
}

/// Run `commands` (JSON text, read as the glue reads it; unreadable ones are skipped) on
/// `leader` and check every promise above. Returns the final snapshot.
pub fn check_sequence<M>(leader: Engine<M>, commands: &[String]) -> Result<String, TestCaseError>
where
    M: Model,
    M::Command: FromWire,
{
    let start = leader.to_json();
    let mut leader = leader;
    let mut follower = Engine::<M>::from_json(&start)
        .map_err(|e| fail(format!("the first snapshot was refused: {e}")))?;
    let mut replayed = Engine::<M>::from_json(&start)
        .map_err(|e| fail(format!("the first snapshot was refused: {e}")))?;
    for (i, text) in commands.iter().enumerate() {
        let Ok(command) = turnkeeper::wire::read_all::<M::Command>(text) else {
            continue;
        };
        let before = leader.to_json();
        match leader.execute(command).map(<[_]>::to_vec) {
            Err(_) => {
                if leader.to_json() != before {
                    return Err(fail(format!("#{i} {text} failed but changed the state")));
                }
            }
            Ok(events) => {
                leader
                    .state()
                    .check()
                    .map_err(|e| fail(format!("#{i} {text} broke an invariant: {e}")))?;
                replayed
                    .apply_events(&events)
                    .map_err(|e| fail(format!("#{i} {text}: its bare events were refused: {e}")))?;
                let batch = leader.seal(events);
                follower.apply_batch(&batch).map_err(|e| {
                    fail(format!("#{i} {text}: the follower refused the batch: {e}"))
                })?;
                if follower.to_json() != leader.to_json() {
                    return Err(fail(format!("#{i} {text}: the follower differs")));
                }
            }
        }
    }
    let saved = leader.to_json();
    let reloaded = Engine::<M>::from_json(&saved)
        .map_err(|e| fail(format!("its own snapshot was refused: {e}")))?;
    if reloaded.to_json() != saved {
        return Err(fail("snapshot → load → snapshot differs".into()));
    }
    if replayed.state().save() != leader.state().save() {
        return Err(fail(
            "applying the bare events reached another state".into(),
        ));
    }
    let mut again = Engine::<M>::from_json(&start)
        .map_err(|e| fail(format!("the first snapshot was refused: {e}")))?;
    for text in commands {
        if let Ok(command) = turnkeeper::wire::read_all::<M::Command>(text) {
            let _ = again.execute(command);
        }
    }
    if again.to_json() != saved {
        return Err(fail(
            "the same commands from the same snapshot gave another snapshot".into(),
        ));
    }
    Ok(saved)
}
