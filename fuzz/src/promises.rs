//! The drivers of the engine targets and the promises they check (docs/design.md principle 2, issue
//! 14). Every input must be answered with a value or a typed error, never a panic; and:
//!
//! - a refused command, event list, batch or snapshot changes nothing (the snapshot text is
//!   byte-identical, dice included);
//! - an accepted one leaves a state that passes the invariants, whose snapshot loads back to
//!   the same text;
//! - a follower that applies the leader's batches has the leader's snapshot byte for byte;
//! - replaying the same commands from the same state and seed gives the same snapshot.

use arbitrary::{Result, Unstructured};
use serde_json::Value;
use turnkeeper::dice::{DieRoller, SeededDice, SuppliedDice};
use turnkeeper::engine::Engine;
use turnkeeper::wire::{FromWire, ToWire};

use crate::json::mutate;
use crate::templates::{Fuzzable, read};

/// Dice the input chooses: seeded (any seed) or supplied faces (any, possibly too few).
pub fn dice(u: &mut Unstructured) -> Result<Box<dyn DieRoller>> {
    if u.ratio(3, 4)? {
        let seed = u.arbitrary::<u64>()? & ((1 << 53) - 1);
        Ok(Box::new(
            SeededDice::new(seed).map_err(|_| arbitrary::Error::IncorrectFormat)?,
        ))
    } else {
        let n = u.int_in_range(0..=64)?;
        let mut faces = Vec::with_capacity(n);
        for _ in 0..n {
            faces.push(if u.ratio(7, 8)? {
                u.int_in_range(1..=20)?
            } else {
                u.arbitrary()?
            });
        }
        Ok(Box::new(SuppliedDice::new(faces)))
    }
}

/// Its own snapshot loads back to the same text.
pub fn round_trips<M: Fuzzable>(engine: &Engine<M>, what: &str)
where
    M::Command: FromWire,
    M::Event: FromWire + ToWire,
{
    let saved = engine.to_json();
    match Engine::<M>::from_json(&saved) {
        Ok(back) => assert_eq!(back.to_json(), saved, "{what}: reload differs"),
        Err(e) => panic!("{what}: its own snapshot was refused: {e}\n{saved}"),
    }
}

/// One command on `leader` (own dice or the input's), with every promise checked, and the
/// batch relayed to `follower`. Returns whether it was accepted.
fn step<M: Fuzzable>(
    leader: &mut Engine<M>,
    follower: &mut Engine<M>,
    command: M::Command,
    dice: &mut dyn DieRoller,
    own_dice: bool,
) -> bool
where
    M::Command: FromWire,
    M::Event: FromWire + ToWire,
{
    let before = leader.to_json();
    let result = if own_dice {
        leader.execute(command).map(<[_]>::to_vec)
    } else {
        leader.execute_with(command, dice).map(<[_]>::to_vec)
    };
    match result {
        Err(_) => {
            assert_eq!(
                leader.to_json(),
                before,
                "a refused command changed the state"
            );
            false
        }
        Ok(events) => {
            if let Err(e) = leader.state().check() {
                panic!("an accepted command broke an invariant: {e}");
            }
            let batch = leader.seal(events);
            if let Err(e) = follower.apply_batch(&batch) {
                panic!("the follower refused the leader's batch: {e}");
            }
            assert_eq!(
                follower.to_json(),
                leader.to_json(),
                "the follower differs from the leader"
            );
            true
        }
    }
}

/// `commands`: a template state, then up to 8 commands from any template (in any order),
/// each possibly edited, on the engine's own dice or the input's.
pub fn commands<M: Fuzzable>(u: &mut Unstructured) -> Result<()>
where
    M::Command: FromWire + Clone,
    M::Event: FromWire + ToWire,
{
    let t = M::templates();
    let start = u.choose(&t.engines)?.clone();
    let mut leader = start.clone();
    let mut follower = start.clone();
    let own_dice = leader.dice().seed_state().is_some() && u.ratio(1, 2)?;
    let seed = u.arbitrary::<u64>()? & ((1 << 53) - 1);
    let mut dice = SeededDice::new(seed).map_err(|_| arbitrary::Error::IncorrectFormat)?;
    let mut sent = Vec::new();
    let n = u.int_in_range(1..=8)?;
    for _ in 0..n {
        let mut c = u.choose(&t.commands)?.clone();
        mutate(&mut c, u, &t.donors, 3)?;
        let Some(command) = read::<M::Command>(&c) else {
            continue;
        };
        sent.push(command.clone());
        step(&mut leader, &mut follower, command, &mut dice, own_dice);
    }
    round_trips(&leader, "after the commands");
    // The same commands from the same state and dice give the same snapshot.
    let mut again = start;
    let mut dice = SeededDice::new(seed).map_err(|_| arbitrary::Error::IncorrectFormat)?;
    for command in sent {
        let _ = if own_dice {
            again.execute(command)
        } else {
            again.execute_with(command, &mut dice)
        };
    }
    assert_eq!(again.to_json(), leader.to_json(), "a replay differs");
    Ok(())
}

/// `snapshot_*`: a template snapshot, edited (sometimes without its checksum, which loads it
/// unverified as an old snapshot, so the state's own checks are all that stand), or raw text;
/// if it loads, it round-trips and takes a few commands like any other state.
pub fn snapshot<M: Fuzzable>(u: &mut Unstructured) -> Result<()>
where
    M::Command: FromWire,
    M::Event: FromWire + ToWire,
{
    let t = M::templates();
    let text = if u.ratio(1, 16)? {
        u.arbitrary::<String>()?
    } else {
        let mut s = u.choose(&t.snapshots)?.clone();
        if u.ratio(1, 2)?
            && let Value::Object(m) = &mut s
        {
            m.remove("v");
            m.remove("sum");
            m.remove("seq");
        }
        mutate(&mut s, u, &t.donors, 4)?;
        s.to_string()
    };
    let Ok(mut engine) = Engine::<M>::from_json(&text) else {
        return Ok(());
    };
    if let Err(e) = engine.state().check() {
        panic!("a loaded snapshot fails the invariants: {e}");
    }
    round_trips(&engine, "a loaded snapshot");
    let mut follower = engine.clone();
    let mut dice = dice(u)?;
    for _ in 0..u.int_in_range(0..=3)? {
        let c = u.choose(&t.commands)?;
        if let Some(command) = read::<M::Command>(c) {
            step(&mut engine, &mut follower, command, dice.as_mut(), false);
        }
    }
    round_trips(&engine, "a loaded snapshot after commands");
    Ok(())
}

/// `events_*`: a template state and a template batch (or its bare events), edited, through the
/// glue's `applyEvents` path: refused → nothing changed; accepted → the invariants hold and
/// the snapshot round-trips.
pub fn events<M: Fuzzable>(u: &mut Unstructured) -> Result<()>
where
    M::Command: FromWire,
    M::Event: FromWire + ToWire,
{
    let t = M::templates();
    if t.batches.is_empty() {
        return Ok(());
    }
    let (at, batch) = u.choose(&t.batches)?;
    // Usually the state the batch belongs to; sometimes any other.
    let mut engine = if u.ratio(3, 4)? {
        t.engines.get(*at).unwrap_or(&t.engines[0]).clone()
    } else {
        u.choose(&t.engines)?.clone()
    };
    let text = if u.ratio(1, 16)? {
        u.arbitrary::<String>()?
    } else {
        let mut doc = if u.ratio(1, 3)? {
            batch["events"].clone()
        } else {
            batch.clone()
        };
        mutate(&mut doc, u, &t.donors, 4)?;
        doc.to_string()
    };
    let before = engine.to_json();
    match turnkeeper::wasm::apply_text(&mut engine, &text) {
        Err(_) => assert_eq!(engine.to_json(), before, "refused events changed the state"),
        Ok(()) => {
            if let Err(e) = engine.state().check() {
                panic!("accepted events broke an invariant: {e}");
            }
            round_trips(&engine, "after applied events");
        }
    }
    Ok(())
}
