//! The digests and snapshot checksums of fixed states, pinned as literal hex: one encounter per
//! preset (so every initiative system: Greyhawk, A5E's ability check, HYB's Dex score, OSE's
//! sides, standard 5e), a journey in each journey ruleset, and a creature under each creature
//! ruleset.
//!
//! The values were measured on the code before the digest got its own encoding
//! (`engine::digest`), when it was fed through `std::hash::Hash`; they must never move. Leaders
//! and followers compare the digests, and every saved game carries the checksum: a change here
//! means games saved by an earlier build no longer load. Set `TURNKEEPER_PRINT_DIGESTS=1` to
//! print what the code gives now instead of asserting (for a new case, never to re-pin one).

use turnkeeper::creature::sheet::CreatureSheet;
use turnkeeper::creature::{Creature, CreatureKind, CreatureRules, Moment};
use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::Encounter;
use turnkeeper::engine::{Engine, Model};
use turnkeeper::exploration::journey::{Journey, JourneyConfig};
use turnkeeper::rulesets::RulesetConfig;
use turnkeeper::wire::{FromWire, ToWire};

/// What is pinned of one state.
#[derive(Debug, PartialEq)]
struct Pinned {
    /// Every batch's digest, in order (what a follower checks).
    batches: Vec<String>,
    /// The envelope checksum of the GM's snapshot (`sum`).
    sum: String,
    /// The envelope checksum of the players' copy.
    player_sum: String,
}

fn sum_of(json: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["sum"].as_str().unwrap().to_string()
}

/// Run `commands` (each must succeed) and take what is pinned.
fn run<M>(mut engine: Engine<M>, commands: &[&str]) -> Pinned
where
    M: Model + PartialEq,
    M::Command: FromWire,
    M::Event: ToWire,
{
    let mut batches = Vec::new();
    for text in commands {
        let command = turnkeeper::wire::read_all::<M::Command>(text).unwrap();
        if let Err(e) = engine.execute(command) {
            panic!("{text} was refused: {e}");
        }
        batches.push(engine.digest().to_string());
    }
    Pinned {
        batches,
        sum: sum_of(&engine.to_json()),
        player_sum: sum_of(&engine.player_json()),
    }
}

fn check(name: &str, got: Pinned, batches: &[&str], sum: &str, player_sum: &str) {
    if std::env::var_os("TURNKEEPER_PRINT_DIGESTS").is_some() {
        println!("{name}: {got:?}");
        return;
    }
    let want = Pinned {
        batches: batches.iter().map(|s| s.to_string()).collect(),
        sum: sum.into(),
        player_sum: player_sum.into(),
    };
    assert_eq!(got, want, "{name}");
}

fn encounter(preset: &str, seed: u64) -> Engine<Encounter> {
    let config: RulesetConfig =
        serde_json::from_str(&format!(r#"{{"preset":"{preset}"}}"#)).unwrap();
    Engine::new(
        Encounter::new(config).unwrap(),
        DiceSource::seeded(seed).unwrap(),
    )
}

const ROSTER: [&str; 4] = [
    r#"{"type":"addParticipant","participant":{"id":"ana","name":"Ana","side":"party","dex":14}}"#,
    r#"{"type":"addParticipant","participant":{"id":"bo","name":"Bo","side":"party","dex":9}}"#,
    r#"{"type":"addParticipant","participant":{"id":"gob","name":"Goblin","side":"foes","dex":12,"npc":true}}"#,
    r#"{"type":"setCreature","participant":"ana","creature":{"kind":"pc","zeroHp":"deathSaves","hp":{"current":12,"max":12},"level":2}}"#,
];

/// The roster, a start, one round's initiative (with what the system declares first) and a
/// few turns with damage and a condition.
/// Greyhawk and OSE declare and roll every round; the others roll once, at the start.
fn encounter_commands(declare: &[&'static str], effect: &'static str) -> Vec<&'static str> {
    let mut out = ROSTER.to_vec();
    out.push(r#"{"type":"start"}"#);
    if !declare.is_empty() {
        out.extend_from_slice(declare);
        out.push(r#"{"type":"rollInitiative"}"#);
    }
    out.extend_from_slice(&[
        r#"{"type":"damage","participant":"ana","damage":{"amount":5}}"#,
        effect,
        r#"{"type":"endTurn"}"#,
    ]);
    out
}

const PRONE: &str = r#"{"type":"addEffects","effects":[{"target":"gob","condition":"prone","source":"ana","concentration":false,"duration":{"type":"rounds","count":2}}]}"#;
/// OSE's own condition set has no "prone".
const PARALYZED: &str = r#"{"type":"addEffects","effects":[{"target":"gob","condition":"paralyzed","source":"ana","concentration":false,"duration":{"type":"rounds","count":2}}]}"#;

const GREYHAWK_DECLARATIONS: [&str; 3] = [
    r#"{"type":"declare","participant":"ana","declaration":{"system":"greyhawk","activities":["melee"]}}"#,
    r#"{"type":"declare","participant":"bo","declaration":{"system":"greyhawk","activities":["move","ranged"]}}"#,
    r#"{"type":"declare","participant":"gob","declaration":{"system":"greyhawk","activities":["melee"]}}"#,
];

const OSE_DECLARATIONS: [&str; 1] =
    [r#"{"type":"declare","participant":"bo","declaration":{"system":"ose","spell":true}}"#];

#[test]
fn greyhawk_encounter() {
    let got = run(
        encounter("gh5e", 7),
        &encounter_commands(&GREYHAWK_DECLARATIONS, PRONE),
    );
    check(
        "gh5e",
        got,
        &[
            "5f6f437cb6a683c2",
            "4d9ea0676cbeb5d3",
            "d4ba4718e9ed048a",
            "36cf16623ce03785",
            "759c49ed44a3bb28",
            "0a2f208ff77d9d83",
            "959739c91740eba8",
            "c766731e937e12e8",
            "adf5af0b97be097b",
            "f91c828c0bcb361c",
            "a3cd5bd43919eff7",
            "c875d45bd2cf7888",
        ],
        "6e56a11fa9b8ea58",
        "cb800f7b2fa71443",
    );
}

#[test]
fn a5e_encounter() {
    let got = run(encounter("a5e", 7), &encounter_commands(&[], PRONE));
    check(
        "a5e",
        got,
        &[
            "862a9a595e35621c",
            "245d6ed6d981f106",
            "5a892e2616f52198",
            "0f32c83857fe1037",
            "1088f9042dc0dd73",
            "e6a477e36d80007d",
            "b5562208f7e51d8e",
            "ae2ea50d3297464b",
        ],
        "4d0612f905b32dd8",
        "201619dff52aa000",
    );
}

#[test]
fn hyb_encounter() {
    let got = run(encounter("hyb", 7), &encounter_commands(&[], PRONE));
    check(
        "hyb",
        got,
        &[
            "f55387ee42c17f18",
            "da5ac8522159dec2",
            "ffdc73e78181ed68",
            "d7add142cb2534da",
            "594b5ce4bc62a65b",
            "07525e4a30fc1dda",
            "dba66bc17db654fa",
            "a25ad0db666a70b7",
        ],
        "40da212def020905",
        "7e04c6396881385c",
    );
}

#[test]
fn ose_encounter() {
    let got = run(
        encounter("ose", 7),
        &encounter_commands(&OSE_DECLARATIONS, PARALYZED),
    );
    check(
        "ose",
        got,
        &[
            "da1962d9d18d39ed",
            "0eacb469e252ced1",
            "82fa1e32650a3739",
            "11c8ea11c7759dd2",
            "c7476b628ce321b5",
            "e83970bd09cde307",
            "846bdfc6e64f5f11",
            "0da773b521a48596",
            "fdb673e0e71d7dc8",
            "1c4287b22c414480",
        ],
        "5d5e8e41688f8d5c",
        "8e7ecae6d0a00775",
    );
}

#[test]
fn standard_encounter() {
    let got = run(encounter("standard", 7), &encounter_commands(&[], PRONE));
    check(
        "standard",
        got,
        &[
            "e6bf248420f4eec2",
            "49b21f5d4f869b97",
            "3735e24c5fedc81f",
            "3d84ff9def4a0094",
            "c13ff3103f51a1ea",
            "243b59f5429eb640",
            "94a40ed6897c71a7",
            "1de3edb43b80fd2a",
        ],
        "e49778b052b9ccae",
        "271473c60bd719bf",
    );
}

fn journey(config: JourneyConfig, seed: u64) -> Engine<Journey> {
    Engine::new(
        Journey::new(config).unwrap(),
        DiceSource::seeded(seed).unwrap(),
    )
}

const MEMBERS: [&str; 2] = [
    r#"{"type":"addMember","member":{"id":"ana","bestModifier":2,"strModifier":0,"encumbered":false,"movement":120}}"#,
    r#"{"type":"addMember","member":{"id":"bo","bestModifier":-1,"strModifier":1,"encumbered":true,"movement":90}}"#,
];

#[test]
fn ose_dungeon_journey() {
    let mut commands = MEMBERS.to_vec();
    commands.extend_from_slice(&[
        r#"{"type":"start","mode":"oseDungeon","day":1,"start":{"type":"at","hour":8,"minute":0}}"#,
        r#"{"type":"addLight","id":"torch","spec":{"kind":"torch","level":"dim","radius":30,"burn":3600}}"#,
        r#"{"type":"light","id":"torch"}"#,
        r#"{"type":"addSupply","id":"sup","kind":"sup","amount":6,"tick":{"every":3600,"uses":1}}"#,
        r#"{"type":"dungeonTurn","action":{"type":"explore","familiarity":{"type":"unknown"}}}"#,
        r#"{"type":"dungeonTurn","action":{"type":"rest"}}"#,
        r#"{"type":"advance","span":{"type":"hours","count":2}}"#,
    ]);
    check(
        "ose dungeon",
        run(journey(JourneyConfig::ose(), 11), &commands),
        &[
            "9973d0ef200b4c22",
            "da9d560beacf6f91",
            "a9b9f680abc0d598",
            "59a4d31b046d6045",
            "732885786030468b",
            "3d43c19d40645513",
            "cce83899d303a017",
            "83f90b8a49d40e0f",
            "6b1e07ec3c11774f",
        ],
        "bce048fba3c28df5",
        "c751eb95bee61d2c",
    );
}

#[test]
fn hyb_overland_journey() {
    let mut commands = MEMBERS.to_vec();
    commands.extend_from_slice(&[
        r#"{"type":"start","mode":"hybOverland","day":0,"start":{"type":"at","hour":6,"minute":0}}"#,
        r#"{"type":"travelTurn","plan":{"caution":"cautious"}}"#,
        r#"{"type":"travelTurn","plan":{"caution":"ordinary"}}"#,
        r#"{"type":"advance","span":{"type":"rounds","count":3,"length":6}}"#,
    ]);
    check(
        "hyb overland",
        run(journey(JourneyConfig::default(), 11), &commands),
        &[
            "08d52e26fef25587",
            "0f05178489003e4b",
            "cf17b2e822ac6749",
            "72349a558079fa1f",
            "e518e230c715a9c9",
            "75317cb3e96a3b6b",
        ],
        "58f9159302e87c96",
        "e3d5730aa4b6b882",
    );
}

fn creature(rules: CreatureRules, kind: CreatureKind, hp: u32) -> Engine<CreatureSheet> {
    let sheet = CreatureSheet {
        creature: Creature::new(kind, hp).unwrap(),
        rules,
        time: Moment::default(),
    };
    Engine::new(sheet, DiceSource::seeded(3).unwrap())
}

const CREATURE_OPS: [&str; 4] = [
    r#"{"type":"damage","damage":{"amount":7,"type":"fire","fromAttack":true}}"#,
    r#"{"type":"grantTempHp","amount":3}"#,
    r#"{"type":"heal","amount":2}"#,
    r#"{"type":"advanceTime","now":3600}"#,
];

/// Fatigue and strife are A5E's.
const A5E_OPS: [&str; 2] = [
    r#"{"type":"gainFatigue","levels":1}"#,
    r#"{"type":"gainStrife","levels":1}"#,
];

#[test]
fn a5e_creature() {
    let ops = [&CREATURE_OPS[..], &A5E_OPS[..]].concat();
    let got = run(creature(CreatureRules::a5e(), CreatureKind::Pc, 20), &ops);
    check(
        "a5e creature",
        got,
        &[
            "3529122928aa6966",
            "a0ac0d37548c21e4",
            "a604fb971dcaca08",
            "f25da6913cd426fd",
            "144b8c435f9150d9",
            "9104df235fdfdf3a",
        ],
        "dd89dd4774eb86c3",
        "7c12abb1eabe63a1",
    );
}

#[test]
fn srd5e_creature() {
    let got = run(
        creature(CreatureRules::srd5e(), CreatureKind::Npc, 15),
        &CREATURE_OPS,
    );
    check(
        "srd5e creature",
        got,
        &[
            "71ab2da042b17f9d",
            "f24ce8b068a77e1c",
            "ef262da5709cd385",
            "8de6f22295769a37",
        ],
        "9ea6d748c385b04c",
        "920a615b14766388",
    );
}

#[test]
fn hyb_creature() {
    let got = run(
        creature(CreatureRules::hyb(), CreatureKind::Pc, 18),
        &CREATURE_OPS,
    );
    check(
        "hyb creature",
        got,
        &[
            "1a7d569c40e8e76d",
            "ebf2fda25fc4adcb",
            "4906f0c0bdb4a712",
            "262e5de36b9d9dde",
        ],
        "07b860881e1d569d",
        "9c07e63a9ca525a8",
    );
}

#[test]
fn ose_creature() {
    let ops = [CREATURE_OPS[0], CREATURE_OPS[2], CREATURE_OPS[3]];
    let got = run(
        creature(CreatureRules::ose(), CreatureKind::Monster, 9),
        &ops,
    );
    check(
        "ose creature",
        got,
        &["0d903d9e9b8b935d", "e1a408337fe24ac3", "d454acf96c28b998"],
        "4f26f5a461f9d136",
        "f8cdf0580e4c3aac",
    );
}
