//! The JSON boundary (`turnkeeper::wire`) against serde_json on real traffic: every command,
//! event and snapshot of the shared vectors (`tests/vectors/`) is written to the same bytes by
//! both and read back to the same value; and thousands of single-byte corruptions of that
//! text are accepted or refused alike by both readers (never a panic), with equal values when
//! accepted. The wasm module reads and writes only through the wire, so this is what keeps the
//! wire format of every earlier version readable.

#[path = "vectors_support.rs"]
#[allow(dead_code)] // the blesser is for the vector tests themselves
mod vectors;

use serde::Serialize;
use serde::de::DeserializeOwned;
use turnkeeper::dice::SeededDice;
use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent};
use turnkeeper::exploration::journey::{Journey, JourneyCommand, JourneyConfig, JourneyEvent};
use turnkeeper::rulesets::RulesetConfig;
use turnkeeper::wire::{self, FromWire, ToWire};

#[derive(serde::Deserialize)]
struct EncounterVector {
    config: RulesetConfig,
    seed: u64,
    commands: Vec<EncounterCommand>,
}

#[derive(serde::Deserialize)]
struct JourneyVector {
    ruleset: String,
    seed: u64,
    commands: Vec<JourneyCommand>,
}

/// Both writers give the same text, and both readers read it back to `value`.
fn same<T>(value: &T) -> String
where
    T: Serialize + DeserializeOwned + FromWire + ToWire + PartialEq + std::fmt::Debug,
{
    let serde_text = serde_json::to_string(value).unwrap();
    assert_eq!(wire::to_json(value), serde_text);
    let back: T = wire::read_all(&serde_text).unwrap_or_else(|e| panic!("{e}: {serde_text}"));
    assert_eq!(&back, value);
    serde_text
}

/// A small deterministic generator for the corruptions (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Bytes that make interesting corruptions of JSON.
const NOISE: &[u8] = b"{}[]\",:0123456789-+.eEtrufalsn \\/x\x01\xff";

/// `count` corruptions of `text` (one byte replaced, removed or inserted): both readers agree
/// on accepting it, and on the value when they do.
fn agree_on_corruptions<T>(text: &str, rng: &mut Rng, count: usize) -> (usize, usize)
where
    T: Serialize + DeserializeOwned + FromWire + PartialEq + std::fmt::Debug,
{
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..count {
        let mut bytes = text.as_bytes().to_vec();
        let at = rng.below(bytes.len() + 1);
        let noise = NOISE[rng.below(NOISE.len())];
        match rng.below(3) {
            0 if at < bytes.len() => bytes[at] = noise,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, noise),
        }
        let Ok(mutated) = String::from_utf8(bytes) else {
            continue;
        };
        let by_serde = serde_json::from_str::<T>(&mutated);
        let by_wire = wire::read_all::<T>(&mutated);
        match (by_serde, by_wire) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{mutated}");
                accepted += 1;
            }
            (Err(_), Err(_)) => refused += 1,
            (a, b) => panic!(
                "serde {:?} but wire {:?} for {mutated}",
                a.map(|_| ()),
                b.map(|_| ())
            ),
        }
    }
    (accepted, refused)
}

#[test]
fn encounter_commands_events_and_snapshots_cross_the_wire_as_serde_wrote_them() {
    let mut rng = Rng(0x005E_ED0F_7A1E);
    let (mut accepted, mut refused) = (0, 0);
    for file in [
        "encounter_gh.json",
        "encounter_a5e.json",
        "encounter_hyb.json",
        "encounter_ose.json",
    ] {
        let (_, v): (String, EncounterVector) = vectors::load(file);
        let mut enc = Encounter::new(v.config.clone()).unwrap();
        let mut dice = SeededDice::new(v.seed).unwrap();
        for cmd in &v.commands {
            let text = same(cmd);
            let (a, r) = agree_on_corruptions::<EncounterCommand>(&text, &mut rng, 60);
            accepted += a;
            refused += r;
            let events = enc.execute(cmd.clone(), &mut dice).unwrap();
            let text = same(&events);
            for event in &events {
                same(event);
            }
            let (a, r) = agree_on_corruptions::<Vec<EncounterEvent>>(&text, &mut rng, 60);
            accepted += a;
            refused += r;
        }
        // The snapshot: the wire writes what serde's `Serialize for Encounter` writes, and
        // reading it back (through the wire) restores the same encounter.
        let snapshot = enc.to_json();
        assert_eq!(snapshot, serde_json::to_string(&enc).unwrap());
        assert_eq!(Encounter::from_json(&snapshot).unwrap().to_json(), snapshot);
    }
    // Both outcomes were exercised.
    assert!(
        accepted > 100 && refused > 1000,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn journey_commands_events_and_snapshots_cross_the_wire_as_serde_wrote_them() {
    let mut rng = Rng(0x0DDB_A11F);
    let (mut accepted, mut refused) = (0, 0);
    for file in ["journey_hyb.json", "journey_ose.json"] {
        let (_, v): (String, JourneyVector) = vectors::load(file);
        let config = match v.ruleset.as_str() {
            "hyb" => JourneyConfig::default(),
            _ => JourneyConfig::ose(),
        };
        let mut journey = Journey::new(config).unwrap();
        let mut dice = SeededDice::new(v.seed).unwrap();
        for cmd in &v.commands {
            let text = same(cmd);
            let (a, r) = agree_on_corruptions::<JourneyCommand>(&text, &mut rng, 60);
            accepted += a;
            refused += r;
            let events = journey.execute(cmd.clone(), &mut dice).unwrap();
            let text = same(&events);
            let (a, r) = agree_on_corruptions::<Vec<JourneyEvent>>(&text, &mut rng, 60);
            accepted += a;
            refused += r;
        }
        same(&journey);
        let snapshot = journey.to_json().unwrap();
        assert_eq!(
            Journey::from_json(&snapshot).unwrap().to_json().unwrap(),
            snapshot
        );
    }
    assert!(
        accepted > 50 && refused > 500,
        "{accepted} accepted, {refused} refused"
    );
}
