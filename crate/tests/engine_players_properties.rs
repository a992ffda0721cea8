//! Player views over random command sequences (issue 34): in every ruleset, with one to three
//! hidden participants (some on a side of their own), hidden sources and anchors, removals,
//! delays, corrections, undo, blind commands and ending, nothing players receive names a
//! hidden participant, its name or its side, and every player copy stays in step:
//!
//! - every players' batch and every players' view is scanned for `zq`, the mark every hidden
//!   id, name and side carries (and no visible one does), and for `"hidden":true`;
//! - a player copy applies each players' batch (its sequence number and digest checked by the
//!   engine) and is then byte-identical to the GM's players' view;
//! - a late joiner loads the players' view after every command;
//! - a co-GM applies the GM's batches and stays byte-identical to the GM;
//! - a player copy refuses a command (`NOT_ALLOWED`) and does not change.
//!
//! The sequences come from a small seeded generator (the case number is the seed), so a finding
//! names its case and replays exactly. A second run also reveals and hides participants
//! (`setHidden`), scanning for what is secret at each step (see [`run_case`]). `cargo test` runs a short run (about 3,000 commands);
//! the ignored long run (`-- --ignored`) tries at least 100,000 commands and prints the count
//! and the time taken (README, the hardening records).

use turnkeeper::ErrorCode;
use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent, Phase};
use turnkeeper::engine::{Batch, Engine};
use turnkeeper::rulesets::RulesetConfig;

const PRESETS: [&str; 5] = ["gh5e", "a5e", "hyb", "ose", "standard"];
const VISIBLE: [&str; 4] = ["p0", "p1", "p2", "p3"];
const HIDDEN: [&str; 3] = ["zq-hidden-1", "zq-hidden-2", "zq-hidden-3"];
const CONDITIONS: [&str; 5] = ["poisoned", "prone", "frightened", "stunned", "grappled"];

/// splitmix64: small, seedable, the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

fn add_hidden(rng: &mut Rng, id: &str) -> String {
    let side = if rng.chance(60) { "zq-side" } else { "foes" };
    let count = if rng.chance(40) {
        format!(r#","fixedCount":{}"#, rng.below(20))
    } else {
        String::new()
    };
    let n = &id[10..];
    format!(
        r#"{{"type":"addParticipant","participant":{{"id":"{id}","name":"zq lurker {n}","side":"{side}","dex":{},"hidden":true{count}}}}}"#,
        8 + rng.below(10)
    )
}

fn add_visible(rng: &mut Rng, id: &str) -> String {
    let side = if rng.chance(50) { "party" } else { "foes" };
    let count = if rng.chance(30) {
        format!(r#","fixedCount":{}"#, rng.below(20))
    } else {
        String::new()
    };
    format!(
        r#"{{"type":"addParticipant","participant":{{"id":"{id}","name":"N {id}","side":"{side}","dex":{}{count}}}}}"#,
        8 + rng.below(10)
    )
}

fn duration(rng: &mut Rng, anyone: &[&str]) -> String {
    match rng.below(6) {
        0 => format!(r#"{{"type":"rounds","count":{}}}"#, 1 + rng.below(3)),
        1 => format!(
            r#"{{"type":"rounds","count":{},"anchor":"{}"}}"#,
            1 + rng.below(3),
            rng.pick(anyone)
        ),
        2 => format!(
            r#"{{"type":"untilTurnEnd","participant":"{}"}}"#,
            rng.pick(anyone)
        ),
        3 => format!(
            r#"{{"type":"untilTurnStart","participant":"{}"}}"#,
            rng.pick(anyone)
        ),
        4 => r#"{"type":"untilEndOfCurrentTurn"}"#.to_string(),
        _ => r#"{"type":"untilRemoved"}"#.to_string(),
    }
}

/// One command, as JSON a GM's client sends, mostly naming participants present (`present`)
/// and fit for the preset; some are refused, which is part of the test.
fn command(rng: &mut Rng, preset: &str, present: &[&str], phase: Phase) -> String {
    let all: Vec<&str> = VISIBLE.iter().chain(HIDDEN.iter()).copied().collect();
    let anyone: Vec<&str> = if present.is_empty() || rng.chance(15) {
        all
    } else {
        present.to_vec()
    };
    let id = rng.pick(&anyone);
    let mut pick = rng.below(40);
    // Follow the encounter's phase most of the time, so most commands run.
    if rng.chance(50) {
        match phase {
            Phase::Setup => pick = 5,
            Phase::Declaring => pick = if rng.chance(60) { 10 } else { 7 },
            _ => {}
        }
    }
    if (7..=9).contains(&pick) && !matches!(preset, "gh5e" | "ose") {
        pick = 12;
    }
    if (7..=8).contains(&pick) && preset == "ose" {
        pick = 9;
    }
    match pick {
        0..=1 => {
            let v = rng.pick(&VISIBLE);
            add_visible(rng, v)
        }
        2 => {
            let h = rng.pick(&HIDDEN);
            add_hidden(rng, h)
        }
        3..=4 => format!(r#"{{"type":"removeParticipant","participant":"{id}"}}"#),
        5..=6 => {
            if rng.chance(20) {
                r#"{"type":"start","ambushers":["zq-side"]}"#.to_string()
            } else {
                r#"{"type":"start"}"#.to_string()
            }
        }
        7..=8 => {
            let acts = ["move", "melee", "ranged", "spell", "other"];
            format!(
                r#"{{"type":"declare","participant":"{id}","declaration":{{"system":"greyhawk","activities":["{}"]}}}}"#,
                rng.pick(&acts)
            )
        }
        9 => format!(
            r#"{{"type":"declare","participant":"{id}","declaration":{{"system":"ose","spell":{},"slowWeapon":{}}}}}"#,
            rng.chance(30),
            rng.chance(20)
        ),
        10..=11 => r#"{"type":"rollInitiative"}"#.to_string(),
        12..=17 => r#"{"type":"endTurn"}"#.to_string(),
        18 => r#"{"type":"nextRound"}"#.to_string(),
        19 => r#"{"type":"advancePhase"}"#.to_string(),
        20 => {
            if rng.chance(30) {
                r#"{"type":"end"}"#.to_string()
            } else {
                r#"{"type":"endTurn"}"#.to_string()
            }
        }
        21 => format!(r#"{{"type":"delay","participant":"{id}"}}"#),
        22 => format!(r#"{{"type":"resume","participant":"{id}"}}"#),
        23 => format!(
            r#"{{"type":"setCreature","participant":"{id}","creature":{{"kind":"pc","zeroHp":"deathSaves","hp":{{"current":{0},"max":{0}}},"level":2}}}}"#,
            5 + rng.below(30)
        ),
        24 => format!(
            r#"{{"type":"damage","participant":"{id}","damage":{{"amount":{}}}}}"#,
            rng.below(30)
        ),
        25..=28 => {
            let target = rng.pick(&anyone);
            let source = if rng.chance(70) {
                format!(r#","source":"{}""#, rng.pick(&anyone))
            } else {
                String::new()
            };
            let conc = if !source.is_empty() && rng.chance(30) {
                r#","concentration":true"#
            } else {
                ""
            };
            format!(
                r#"{{"type":"addEffects","effects":[{{"target":"{target}","condition":"{}"{source}{conc},"duration":{}}}]}}"#,
                rng.pick(&CONDITIONS),
                duration(rng, &anyone)
            )
        }
        29 => {
            let effect = if rng.chance(70) {
                rng.below(8) as u64
            } else {
                (1u64 << 31) + rng.below(3) as u64
            };
            format!(r#"{{"type":"removeEffect","effect":{effect}}}"#)
        }
        30 => format!(r#"{{"type":"dropConcentration","participant":"{id}"}}"#),
        31..=32 => format!(r#"{{"type":"undo","commands":{}}}"#, 1 + rng.below(3)),
        33 => r#"{"type":"previousTurn"}"#.to_string(),
        34 => r#"{"type":"previousRound"}"#.to_string(),
        35 => format!(
            r#"{{"type":"setCount","participant":"{id}","count":{}}}"#,
            rng.below(20)
        ),
        36 => format!(
            r#"{{"type":"moveInOrder","participant":"{id}","{}":"{}"}}"#,
            if rng.chance(50) { "before" } else { "after" },
            rng.pick(&anyone)
        ),
        37 => {
            let v = rng.pick(&VISIBLE);
            format!(r#"{{"type":"rename","participant":"{v}","name":"R {v}"}}"#)
        }
        38 => {
            let h = rng.pick(&HIDDEN);
            format!(
                r#"{{"type":"rename","participant":"{h}","name":"zq renamed {}"}}"#,
                &h[10..]
            )
        }
        _ => format!(r#"{{"type":"rest","rest":"short","participants":["{id}"]}}"#),
    }
}

/// The ids of the participants hidden from players now (hidden, or controlled by a hidden one).
fn hidden_ids(e: &Encounter) -> Vec<String> {
    let mut out: Vec<String> = e
        .participants()
        .iter()
        .filter(|p| p.hidden)
        .map(|p| p.id.as_str().to_string())
        .collect();
    loop {
        let more: Vec<String> = e
            .participants()
            .iter()
            .filter(|p| !out.iter().any(|h| h == p.id.as_str()))
            .filter(|p| {
                p.controller
                    .as_ref()
                    .is_some_and(|c| out.iter().any(|h| h == c.as_str()))
            })
            .map(|p| p.id.as_str().to_string())
            .collect();
        if more.is_empty() {
            return out;
        }
        out.extend(more);
    }
}

/// What must not reach players now: hidden ids and names and ids removed while hidden, as JSON
/// quotes them.
fn secrets_of(e: &Encounter, removed_hidden: &[String]) -> Vec<String> {
    let hidden = hidden_ids(e);
    let mut out: Vec<String> = hidden.iter().map(|id| format!("\"{id}\"")).collect();
    out.extend(
        e.participants()
            .iter()
            .filter(|p| hidden.iter().any(|h| h == p.id.as_str()))
            .map(|p| format!("\"{}\"", p.name.as_str())),
    );
    out.extend(removed_hidden.iter().map(|id| format!("\"{id}\"")));
    out.push("\"hidden\":true".to_string());
    out
}

fn scan_for(what: &str, json: &str, secrets: &[String]) -> Result<(), String> {
    match secrets.iter().find(|s| json.contains(s.as_str())) {
        Some(s) => Err(format!("{what} shows {s}: {json}")),
        None => Ok(()),
    }
}

/// What a finding says: the case, the command and what went wrong.
fn finding(case: u64, i: usize, json: &str, what: String) -> String {
    format!("case {case}, command #{i} {json}: {what}")
}

fn scan(what: &str, json: &str) -> Result<(), String> {
    if json.contains("zq") || json.contains("\"hidden\":true") {
        return Err(format!("{what} shows something hidden: {json}"));
    }
    Ok(())
}

/// Run one case; returns the commands tried and those the GM ran (the rest were refused).
///
/// With `reveals`, the GM also reveals and hides participants (`setHidden`): what is secret
/// then changes as the sequence goes, so instead of the `zq` mark the scan looks for the ids
/// and names hidden now and the ids of participants removed while hidden, quoted as JSON
/// writes them.
fn run_case(case: u64, commands: usize, reveals: bool) -> Result<(usize, usize), String> {
    let mut rng = Rng(case.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5eed);
    let preset = PRESETS[(case % PRESETS.len() as u64) as usize];
    let config: RulesetConfig =
        serde_json::from_str(&format!(r#"{{"preset":"{preset}"}}"#)).map_err(|e| e.to_string())?;
    let mut gm = Engine::new(
        Encounter::new(config).map_err(|e| e.to_string())?,
        DiceSource::seeded(rng.next() % (1 << 53)).map_err(|e| e.to_string())?,
    );
    let mut co_gm = Engine::<Encounter>::from_json(&gm.to_json()).map_err(|e| e.to_string())?;
    let mut player =
        Engine::<Encounter>::from_json(&gm.player_json()).map_err(|e| e.to_string())?;
    let hidden = 1 + rng.below(3);
    let mut script: Vec<String> = vec![add_visible(&mut rng, "p0"), add_visible(&mut rng, "p1")];
    for h in HIDDEN.iter().take(hidden) {
        script.push(add_hidden(&mut rng, h));
    }
    let mut ran = 0usize;
    // With reveals: the ids of participants removed while hidden (and not added back since).
    let mut removed_hidden: Vec<String> = Vec::new();
    for i in 0..script.len().saturating_add(commands) {
        if i >= script.len() {
            let present: Vec<&str> = VISIBLE
                .iter()
                .chain(HIDDEN.iter())
                .copied()
                .filter(|id| {
                    gm.state()
                        .participants()
                        .iter()
                        .any(|p| p.id.as_str() == *id)
                })
                .collect();
            if gm.state().phase() == Phase::Ended && rng.chance(20) {
                break;
            }
            let next = if reveals && !present.is_empty() && rng.chance(12) {
                let id = rng.pick(&present);
                format!(
                    r#"{{"type":"setHidden","participant":"{id}","hidden":{}}}"#,
                    rng.chance(40)
                )
            } else {
                command(&mut rng, preset, &present, gm.state().phase())
            };
            script.push(next);
        }
        let json = &script[i];
        let fail = |what: String| finding(case, i, json, what);
        let Ok(c) = turnkeeper::wire::read_all::<EncounterCommand>(json) else {
            return Err(fail("the test wrote a command that does not read".into()));
        };
        let blind = rng.chance(15);
        let before = gm.to_json();
        let hidden_before = hidden_ids(gm.state());
        let players: Batch<Vec<EncounterEvent>> =
            match gm.execute_for_players(c.clone(), None, blind) {
                Ok(b) => b,
                Err(_) => {
                    if gm.to_json() != before {
                        return Err(fail("refused, but the GM's state changed".into()));
                    }
                    continue;
                }
            };
        ran += 1;
        if reveals {
            let now: Vec<String> = gm
                .state()
                .participants()
                .iter()
                .map(|p| p.id.as_str().to_string())
                .collect();
            // Gone while hidden: secret for good (unless added back, which shows it again).
            for id in &hidden_before {
                if !now.contains(id) && !removed_hidden.contains(id) {
                    removed_hidden.push(id.clone());
                }
            }
            let hidden_now = hidden_ids(gm.state());
            removed_hidden.retain(|id| !now.contains(id) || hidden_now.contains(id));
        }
        let gm_batch = gm.seal(gm.last_events().to_vec());
        co_gm
            .apply_batch(&gm_batch)
            .map_err(|e| fail(format!("the co-GM refused the GM's batch: {e}")))?;
        if co_gm.to_json() != gm.to_json() {
            return Err(fail("the co-GM differs from the GM".into()));
        }
        let scan = |what: &str, json: &str| {
            if reveals {
                scan_for(what, json, &secrets_of(gm.state(), &removed_hidden))
            } else {
                scan(what, json)
            }
        };
        scan("the players' batch", &turnkeeper::wire::to_json(&players)).map_err(&fail)?;
        player
            .apply_batch(&players)
            .map_err(|e| fail(format!("the player copy refused its batch: {e}")))?;
        let view = gm.player_json();
        scan("the players' view", &view).map_err(&fail)?;
        if player.to_json() != view {
            return Err(fail(format!(
                "the player copy is not the players' view:\n{}\n{view}",
                player.to_json()
            )));
        }
        let late = Engine::<Encounter>::from_json(&view)
            .map_err(|e| fail(format!("a late joiner cannot load the view: {e}")))?;
        if late.to_json() != view {
            return Err(fail("a late joiner's copy is not the view".into()));
        }
        if i % 7 == 0 {
            let mine = player.to_json();
            match player.execute(c) {
                Err(e) if e.code == ErrorCode::NotAllowed => {}
                other => {
                    return Err(fail(format!(
                        "a player copy ran a command: {:?}",
                        other.map(<[_]>::len)
                    )));
                }
            }
            if player.to_json() != mine {
                return Err(fail("a refused command changed the player copy".into()));
            }
        }
    }
    Ok((script.len(), ran))
}

/// Commands tried, commands the GM ran, cases.
struct Tally {
    tried: usize,
    ran: usize,
    cases: u64,
}

/// Run cases from `first` until `commands` commands were tried; panics on the first finding.
fn run(first: u64, commands: usize, per_case: usize, reveals: bool) -> Tally {
    let mut t = Tally {
        tried: 0,
        ran: 0,
        cases: 0,
    };
    while t.tried < commands {
        match run_case(first.wrapping_add(t.cases), per_case, reveals) {
            Ok((tried, ran)) => {
                t.tried = t.tried.saturating_add(tried);
                t.ran = t.ran.saturating_add(ran);
            }
            Err(finding) => panic!("{finding}"),
        }
        t.cases = t.cases.saturating_add(1);
    }
    t
}

#[test]
fn player_views_keep_every_secret_over_random_sequences() {
    let t = run(0, 3_000, 40, false);
    assert!(t.tried >= 3_000 && t.cases >= 50);
    // Most commands must run, or the scan proves little.
    assert!(t.ran * 2 > t.tried, "{} of {} commands ran", t.ran, t.tried);
}

#[test]
fn player_views_keep_every_secret_while_participants_are_revealed_and_hidden() {
    let t = run(500_000, 2_000, 40, true);
    assert!(t.tried >= 2_000);
    assert!(t.ran * 2 > t.tried, "{} of {} commands ran", t.ran, t.tried);
}

/// The long run, ignored by default: `cargo test --release --test engine_players_properties
/// -- --ignored` (at least 100,000 commands; `TURNKEEPER_LONG_COMMANDS` asks for more).
#[test]
#[ignore = "the long run (100,000 commands): run with --ignored"]
fn player_views_keep_every_secret_over_the_long_run() {
    let wanted = std::env::var("TURNKEEPER_LONG_COMMANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000usize);
    let started = std::time::Instant::now();
    let t = run(1_000_000, wanted, 60, false);
    eprintln!(
        "player views, long run: {} commands ({} ran) in {} cases, 0 findings, {:.1} s",
        t.tried,
        t.ran,
        t.cases,
        started.elapsed().as_secs_f64()
    );
    assert!(t.tried >= wanted);
    let started = std::time::Instant::now();
    let r = run(5_000_000, wanted, 60, true);
    eprintln!(
        "player views with reveals, long run: {} commands ({} ran) in {} cases, 0 findings, {:.1} s",
        r.tried,
        r.ran,
        r.cases,
        started.elapsed().as_secs_f64()
    );
    assert!(r.tried >= wanted);
}
