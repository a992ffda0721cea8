//! What players may see (issue 17, point 5): hidden participants, blind commands and secret
//! rolls. A player copy that applies only player batches stays byte-identical to the players'
//! view of the GM's state, and nothing hidden appears in anything it receives.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent, Name};
use turnkeeper::engine::{Batch, Engine, ForPlayers, PlayersSee};
use turnkeeper::exploration::journey::{
    DungeonAction, Journey, JourneyCommand, JourneyConfig, JourneyEvent, JourneyMode, Member,
    SearchAttempt, StartTime,
};
use turnkeeper::exploration::ose::dungeon::SearchKind;
use turnkeeper::rulesets::{Preset, RulesetConfig};

/// Everything a player receives must be free of these.
const SECRET: [&str; 3] = ["assassin", "Assassin", "hidden"];

fn assert_clean(what: &str, json: &str) {
    for s in SECRET {
        assert!(!json.contains(s), "{what} shows {s}: {json}");
    }
}

/// A GM (with a follower co-GM), and a player copy fed only player batches.
struct Table {
    gm: Engine<Encounter>,
    co_gm: Engine<Encounter>,
    player: Engine<Encounter>,
}

impl Table {
    fn new() -> Self {
        let gm = Engine::new(
            Encounter::new(RulesetConfig::preset(Preset::A5e)).unwrap(),
            DiceSource::seeded(21).unwrap(),
        );
        let co_gm = Engine::from_json(&gm.to_json()).unwrap();
        let player = Engine::from_json(&gm.player_json()).unwrap();
        let mut t = Self { gm, co_gm, player };
        t.run(EncounterCommand::AddParticipant {
            participant: newp("ana", "party", 14),
        });
        t.run(EncounterCommand::AddParticipant {
            participant: newp("bo", "party", 10),
        });
        let mut assassin = newp("assassin", "foes", 18);
        assassin.hidden = true;
        t.run(EncounterCommand::AddParticipant {
            participant: assassin,
        });
        t
    }

    /// Run a command on the GM; relay the GM batch to the co-GM and the player batch to the
    /// player; check all three.
    fn run_blind(&mut self, c: EncounterCommand, blind: bool) -> Batch<Vec<EncounterEvent>> {
        let players = self
            .gm
            .execute_for_players(c.clone(), None, blind)
            .unwrap_or_else(|e| panic!("{c:?}: {e}"));
        let gm_batch = self.gm.seal(self.gm.last_events().to_vec());
        self.co_gm.apply_batch(&gm_batch).unwrap();
        assert_eq!(
            self.co_gm.to_json(),
            self.gm.to_json(),
            "{c:?}: the GM view"
        );
        assert_clean(
            &format!("{c:?}'s player batch"),
            &turnkeeper::wire::to_json(&players),
        );
        self.player
            .apply_batch(&players)
            .unwrap_or_else(|e| panic!("{c:?}: the player refused its batch: {e}"));
        let view = self.gm.player_json();
        assert_clean("the player snapshot", &view);
        assert_eq!(self.player.to_json(), view, "{c:?}: the player's copy");
        players
    }

    fn run(&mut self, c: EncounterCommand) -> Batch<Vec<EncounterEvent>> {
        self.run_blind(c, false)
    }
}

#[test]
fn a_hidden_participant_never_reaches_players_and_they_stay_in_step() {
    let mut t = Table::new();
    let players = t.run(start());
    assert!(matches!(
        players.events.as_slice(),
        [EncounterEvent::Restored { undone: 0, .. }]
    ));
    // The players' copy knows two participants; the GM's three.
    assert_eq!(t.player.state().participants().len(), 2);
    assert_eq!(t.gm.state().participants().len(), 3);
    for _ in 0..7 {
        t.run(EncounterCommand::EndTurn);
    }
    // A command on visible participants travels as its own events.
    let players = t.run(EncounterCommand::Rename {
        participant: pid("bo"),
        name: Name::new("Bo the Brave").unwrap(),
    });
    assert!(matches!(
        players.events.as_slice(),
        [EncounterEvent::ParticipantRenamed { .. }]
    ));
    // Revealed, it joins the players' view (from here on players may see it).
    let reveal = EncounterCommand::SetHidden {
        participant: pid("assassin"),
        hidden: false,
    };
    let players = t.gm.execute_for_players(reveal, None, false).unwrap();
    t.player.apply_batch(&players).unwrap();
    assert_eq!(t.player.to_json(), t.gm.player_json());
    assert_eq!(t.player.state().participants().len(), 3);
    // Nothing is hidden any more: players see every participant and the whole order (the
    // view is still computed, so nothing the assassin did while hidden shows).
    assert!(t.player.state().participants() == t.gm.state().participants());
    assert!(t.player.state().order() == t.gm.state().order());
}

#[test]
fn a_blind_command_shows_players_only_the_state_it_leads_to() {
    let mut t = Table::new();
    t.run(start());
    let players = t.run_blind(
        EncounterCommand::Rename {
            participant: pid("ana"),
            name: Name::new("Ana").unwrap(),
        },
        true,
    );
    assert!(matches!(
        players.events.as_slice(),
        [EncounterEvent::Restored { undone: 0, .. }]
    ));
    assert_eq!(players.dice, None, "players never learn the dice");
}

#[test]
fn with_nothing_hidden_players_get_the_gm_events_without_the_dice() {
    let mut gm = Engine::new(
        Encounter::new(RulesetConfig::preset(Preset::A5e)).unwrap(),
        DiceSource::seeded(4).unwrap(),
    );
    let mut player = Engine::<Encounter>::from_json(&gm.player_json()).unwrap();
    assert!(!gm.player_json().contains("\"dice\""));
    for c in [
        EncounterCommand::AddParticipant {
            participant: newp("ana", "party", 14),
        },
        start(),
        EncounterCommand::EndTurn,
    ] {
        let players = gm.execute_for_players(c, None, false).unwrap();
        assert_eq!(players.events.as_slice(), gm.last_events());
        player.apply_batch(&players).unwrap();
        assert_eq!(player.to_json(), gm.player_json());
    }
}

#[test]
fn a_secret_search_shows_players_the_turn_but_not_the_roll_or_the_door() {
    let mut gm = Engine::new(
        Journey::new(JourneyConfig::ose()).unwrap(),
        DiceSource::seeded(9).unwrap(),
    );
    let mut player = Engine::<Journey>::from_json(&gm.player_json()).unwrap();
    let mut relay = |gm: &mut Engine<Journey>, c: JourneyCommand| {
        let players = gm.execute_for_players(c, None, false).unwrap();
        player.apply_batch(&players).unwrap();
        assert_eq!(player.to_json(), gm.player_json());
        players
    };
    relay(
        &mut gm,
        JourneyCommand::AddMember {
            member: Member::new(turnkeeper::clock::Ident::new("pc").unwrap()),
        },
    );
    relay(
        &mut gm,
        JourneyCommand::Start {
            mode: JourneyMode::OseDungeon,
            day: 0,
            start: StartTime::At { hour: 8, minute: 0 },
        },
    );
    let players = relay(
        &mut gm,
        JourneyCommand::DungeonTurn {
            action: DungeonAction::Search {
                attempts: vec![SearchAttempt {
                    by: turnkeeper::clock::Ident::new("pc").unwrap(),
                    target: turnkeeper::clock::Ident::new("wall").unwrap(),
                    kind: SearchKind::SecretDoor,
                    chance: None,
                    present: true,
                }],
            },
        },
    );
    assert!(
        gm.last_events()
            .iter()
            .any(|e| matches!(e, JourneyEvent::Searched { .. }))
    );
    let json = turnkeeper::wire::to_json(&players);
    for secret in ["present", "searched", "success", "roll"] {
        assert!(!json.contains(secret), "{secret}: {json}");
    }
}

#[test]
fn a_refused_command_sends_players_nothing_and_changes_nothing() {
    let mut t = Table::new();
    let before = (t.gm.to_json(), t.player.to_json());
    let err =
        t.gm.execute_for_players(EncounterCommand::EndTurn, None, false)
            .unwrap_err();
    assert_eq!(err.code, ErrorCode::OutOfOrder);
    assert_eq!((t.gm.to_json(), t.player.to_json()), before);
}

// ---- issue 34: player views that keep every secret ----

/// A GM, a co-GM following the GM's batches, a player following the player batches and, after
/// every command, a late joiner loading the players' view; commands are JSON as a client sends
/// them. Everything players receive is scanned for `zq`, which only hidden things are named with.
struct Play {
    gm: Engine<Encounter>,
    co_gm: Engine<Encounter>,
    player: Engine<Encounter>,
}

fn config(preset: &str) -> RulesetConfig {
    serde_json::from_str(&format!(r#"{{"preset":"{preset}"}}"#)).unwrap()
}

fn command(json: &str) -> EncounterCommand {
    turnkeeper::wire::read_all(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn add(id: &str, side: &str, dex: u8, extra: &str) -> String {
    format!(
        r#"{{"type":"addParticipant","participant":{{"id":"{id}","name":"N {id}","side":"{side}","dex":{dex}{extra}}}}}"#
    )
}

fn assert_no_secret(what: &str, json: &str) {
    assert!(
        !json.contains("zq"),
        "{what} shows a hidden participant: {json}"
    );
}

impl Play {
    fn new(preset: &str, seed: u64) -> Self {
        let gm = Engine::new(
            Encounter::new(config(preset)).unwrap(),
            DiceSource::seeded(seed).unwrap(),
        );
        let co_gm = Engine::from_json(&gm.to_json()).unwrap();
        let player = Engine::from_json(&gm.player_json()).unwrap();
        Self { gm, co_gm, player }
    }

    fn run(&mut self, json: &str) -> Batch<Vec<EncounterEvent>> {
        self.run_blind(json, false)
    }

    fn run_blind(&mut self, json: &str, blind: bool) -> Batch<Vec<EncounterEvent>> {
        let players = self
            .gm
            .execute_for_players(command(json), None, blind)
            .unwrap_or_else(|e| panic!("{json}: {e}"));
        let gm_batch = self.gm.seal(self.gm.last_events().to_vec());
        self.co_gm.apply_batch(&gm_batch).unwrap();
        assert_no_secret(
            &format!("{json}'s player batch"),
            &turnkeeper::wire::to_json(&players),
        );
        self.player
            .apply_batch(&players)
            .unwrap_or_else(|e| panic!("{json}: the player refused its batch: {e}"));
        let view = self.gm.player_json();
        assert_no_secret(&format!("the players' view after {json}"), &view);
        let late = Engine::<Encounter>::from_json(&view)
            .unwrap_or_else(|e| panic!("{json}: a late joiner cannot load the view: {e}"));
        assert_eq!(late.to_json(), view);
        assert_eq!(self.player.to_json(), view, "{json}: the player's copy");
        players
    }
}

/// Issue 34, point 1: a hidden participant taking the round's last turn leaves players a state
/// a snapshot can hold; players see nobody visible acting.
#[test]
fn a_hidden_participant_taking_the_last_turn_of_a_round_leaves_players_a_state_they_can_hold() {
    let mut t = Play::new("standard", 5);
    t.run(&add("ana", "party", 14, ""));
    t.run(&add(
        "zq-lurker",
        "zq-foes",
        10,
        r#","hidden":true,"fixedCount":1"#,
    ));
    t.run(r#"{"type":"start"}"#);
    assert_eq!(
        t.player.state().current_participant().map(|p| p.as_str()),
        Some("ana")
    );
    t.run(r#"{"type":"endTurn"}"#);
    // The lurker acts, last in the round: players see the round under way and nobody acting.
    assert_eq!(
        t.gm.state().current_participant().map(|p| p.as_str()),
        Some("zq-lurker")
    );
    let seen = t.player.state();
    assert_eq!(seen.phase(), turnkeeper::encounter::Phase::Turns);
    assert!(seen.current().is_none(), "nobody visible is acting");
    assert!(seen.order().iter().all(|e| e.done && !e.current));
    // Its turn ends and the next round starts with Ana.
    t.run(r#"{"type":"endTurn"}"#);
    assert_eq!(t.player.state().round(), 2);
    assert_eq!(
        t.player.state().current_participant().map(|p| p.as_str()),
        Some("ana")
    );
}

/// Issue 34, point 1, OSE: a side of hidden participants alone is no side for players: no d6,
/// no place in the order, and while it acts players see nobody acting.
#[test]
fn an_ose_side_of_hidden_participants_alone_never_reaches_players() {
    let mut t = Play::new("ose", 11);
    t.run(&add("ana", "party", 14, ""));
    t.run(&add("zq-orc-1", "zq-orcs", 10, r#","hidden":true"#));
    t.run(&add("zq-orc-2", "zq-orcs", 10, r#","hidden":true"#));
    t.run(r#"{"type":"start"}"#);
    for _ in 0..4 {
        t.run(r#"{"type":"rollInitiative"}"#);
        let gm_sides = t.gm.state().sides().len();
        assert_eq!(gm_sides, 2, "the GM sees both sides roll");
        assert_eq!(
            t.player.state().sides().len(),
            1,
            "players see their own side only"
        );
        assert_eq!(t.player.state().order().len(), 1);
        for _ in 0..8 {
            if t.gm.state().phase() != turnkeeper::encounter::Phase::Turns {
                break;
            }
            t.run(r#"{"type":"endTurn"}"#);
        }
    }
}

/// Issue 34, point 2: an effect on a visible creature that ends on a hidden creature's turn
/// (`untilTurnEnd` of it, or rounds counted from its turn) names no hidden id for players.
#[test]
fn an_effect_anchored_to_a_hidden_turn_shows_players_its_round_not_the_anchor() {
    let mut t = Play::new("a5e", 3);
    t.run(&add("ana", "party", 14, r#","fixedCount":5"#));
    t.run(&add(
        "zq-lurker",
        "zq-foes",
        10,
        r#","hidden":true,"fixedCount":20"#,
    ));
    t.run(r#"{"type":"start"}"#);
    assert_eq!(
        t.gm.state().current_participant().map(|p| p.as_str()),
        Some("zq-lurker")
    );
    // Rounds counted from the lurker's turn (the turn under way), and its turn's end.
    t.run(r#"{"type":"addEffects","effects":[{"target":"ana","condition":"frightened","source":"zq-lurker","duration":{"type":"rounds","count":1}}]}"#);
    t.run(r#"{"type":"addEffects","effects":[{"target":"ana","condition":"prone","duration":{"type":"untilTurnEnd","participant":"zq-lurker"}}]}"#);
    let fx = t.player.state().effects().effects();
    assert_eq!(fx.len(), 2, "players see both effects on Ana");
    assert!(
        fx.iter()
            .all(|e| matches!(e.due, turnkeeper::effects::Due::Round { .. })),
        "players see the round the anchor's turn is in"
    );
    for _ in 0..4 {
        t.run(r#"{"type":"endTurn"}"#);
    }
    assert!(t.gm.state().effects().effects().is_empty());
    assert!(t.player.state().effects().effects().is_empty());
}

/// Issue 34, point 2: a hidden participant that acted and is then removed leaves no note in the
/// tracker's "acted this round" set, neither in the removal batch nor in the view.
#[test]
fn a_hidden_participant_removed_after_acting_leaves_no_trace_in_the_acted_set() {
    let mut t = Play::new("a5e", 8);
    t.run(&add("ana", "party", 14, r#","fixedCount":5"#));
    t.run(&add(
        "zq-lurker",
        "zq-foes",
        10,
        r#","hidden":true,"fixedCount":20"#,
    ));
    t.run(r#"{"type":"addEffects","effects":[{"target":"ana","condition":"prone","duration":{"type":"untilRemoved"}}]}"#);
    t.run(r#"{"type":"start"}"#);
    t.run(r#"{"type":"endTurn"}"#);
    t.run(r#"{"type":"removeParticipant","participant":"zq-lurker"}"#);
    assert!(t.gm.state().participants().len() == 1);
    // Nobody is hidden any more, and still nothing of the lurker reaches players.
    t.run(r#"{"type":"rename","participant":"ana","name":"Ana"}"#);
    t.run(r#"{"type":"endTurn"}"#);
}

/// Issue 34, point 2: a visible participant keeps no roll-off draw it made against a hidden
/// one on the same count.
#[test]
fn roll_off_draws_against_a_hidden_participant_stay_with_the_gm() {
    let mut t = Play::new("a5e", 13);
    t.run(&add("ana", "party", 14, r#","fixedCount":12"#));
    t.run(&add(
        "zq-lurker",
        "zq-foes",
        10,
        r#","hidden":true,"fixedCount":12"#,
    ));
    t.run(r#"{"type":"start"}"#);
    let gm_ana = t.gm.state().participant(&pid("ana")).unwrap();
    assert!(
        !gm_ana.initiative.as_ref().unwrap().ties.is_empty(),
        "the GM's Ana rolled off against the lurker"
    );
    let seen = t.player.state().participant(&pid("ana")).unwrap();
    assert!(seen.initiative.as_ref().unwrap().ties.is_empty());
    // A visible rival on the same count: Ana keeps the draws that order her against it only.
    t.run(&add("bo", "party", 10, r#","fixedCount":12"#));
}

/// Issue 34, point 2: roll ids and effect ids players see run on without a gap for hidden
/// participants; a revealed participant takes the next ones.
#[test]
fn ids_players_see_do_not_count_hidden_participants() {
    let mut t = Play::new("a5e", 17);
    t.run(&add("zq-lurker", "zq-foes", 10, r#","hidden":true"#));
    t.run(&add("ana", "party", 14, ""));
    t.run(r#"{"type":"addEffects","effects":[{"target":"zq-lurker","condition":"prone","duration":{"type":"untilRemoved"}}]}"#);
    t.run(r#"{"type":"addEffects","effects":[{"target":"ana","condition":"prone","duration":{"type":"untilRemoved"}}]}"#);
    t.run(r#"{"type":"start"}"#);
    let seen = t.player.state();
    let ana = seen.participant(&pid("ana")).unwrap();
    assert_eq!(
        ana.initiative.as_ref().unwrap().roll,
        0,
        "Ana's is the first roll players see"
    );
    let ids: Vec<u32> = seen.effects().effects().iter().map(|e| e.id.0).collect();
    assert_eq!(ids, vec![1], "Ana's is the first effect players see");
    assert!(!t.gm.player_json().contains("2147483648"));
    // The GM's own ids agree for what players see, so plain events still reach them.
    let gm_ana = t.gm.state().participant(&pid("ana")).unwrap();
    assert_eq!(gm_ana.initiative.as_ref().unwrap().roll, 0);
    let players = t.run(r#"{"type":"addEffects","effects":[{"target":"ana","condition":"frightened","duration":{"type":"untilRemoved"}}]}"#);
    assert!(matches!(
        players.events.first(),
        Some(EncounterEvent::EffectsAdded { .. })
    ));
    // Revealed, the lurker's roll and effect take the next ids players may see.
    let gm_batch_reveal =
        t.gm.execute_for_players(
            command(r#"{"type":"setHidden","participant":"zq-lurker","hidden":false}"#),
            None,
            false,
        )
        .unwrap();
    t.player.apply_batch(&gm_batch_reveal).unwrap();
    assert_eq!(t.player.to_json(), t.gm.player_json());
    let lurker = t.player.state().participant(&pid("zq-lurker")).unwrap();
    assert_eq!(lurker.initiative.as_ref().unwrap().roll, 1);
    let mut ids: Vec<u32> = t
        .player
        .state()
        .effects()
        .effects()
        .iter()
        .map(|e| e.id.0)
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, vec![1, 2, 3]);
}

/// Issue 34, point 3: a copy loaded from the players' view runs no command, with its own
/// (crypto) dice or any other, and says why.
#[test]
fn a_players_copy_refuses_every_command() {
    let mut t = Play::new("a5e", 2);
    t.run(&add("ana", "party", 14, ""));
    t.run(&add("zq-lurker", "zq-foes", 10, r#","hidden":true"#));
    let mut copy = Engine::<Encounter>::from_json(&t.gm.player_json()).unwrap();
    assert!(copy.is_player_copy());
    let before = copy.to_json();
    for json in [
        r#"{"type":"start"}"#,
        r#"{"type":"rename","participant":"ana","name":"Mallory"}"#,
        r#"{"type":"undo"}"#,
    ] {
        let e = copy.execute(command(json)).unwrap_err();
        assert_eq!(e.code, ErrorCode::NotAllowed, "{json}");
        let e = copy
            .execute_for_players(command(json), None, false)
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NotAllowed, "{json}");
        let mut faces = DiceSource::supplied(vec![]);
        let e = copy
            .execute_with_faces(command(json), &mut faces)
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NotAllowed, "{json}");
    }
    // Bare events are no batch from the GM: refused too.
    let e = copy.apply_events(&[]).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    assert_eq!(copy.to_json(), before);
    // It still follows the GM.
    let players =
        t.gm.execute_for_players(command(r#"{"type":"start"}"#), None, false)
            .unwrap();
    copy.apply_batch(&players).unwrap();
    assert_eq!(copy.to_json(), t.gm.player_json());
    // Its mark is part of the checksum: dropping it is an edit.
    let unmarked = t.gm.player_json().replace(r#""players":true,"#, "");
    assert_eq!(
        Engine::<Encounter>::from_json(&unmarked).unwrap_err().code,
        ErrorCode::SnapshotInvalid
    );
    // The GM's own snapshot is no player's copy.
    assert!(
        !Engine::<Encounter>::from_json(&t.gm.to_json())
            .unwrap()
            .is_player_copy()
    );
}

/// Issue 34, point 3, journeys: the same for a copy of a journey's players' view.
#[test]
fn a_players_copy_of_a_journey_refuses_every_command() {
    let gm = Engine::new(
        Journey::new(JourneyConfig::ose()).unwrap(),
        DiceSource::seeded(9).unwrap(),
    );
    let mut copy = Engine::<Journey>::from_json(&gm.player_json()).unwrap();
    let e = copy
        .execute(JourneyCommand::AddMember {
            member: Member::new(turnkeeper::clock::Ident::new("pc").unwrap()),
        })
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
}

/// Issue 34, point 2: an effect's turn anchor must be a participant, so the id of a hidden
/// creature that was removed cannot travel to players inside a new effect's duration.
#[test]
fn an_effect_anchored_to_a_removed_hidden_participant_is_refused() {
    let mut t = Play::new("ose", 6);
    t.run(&add("ana", "party", 14, ""));
    t.run(&add("zq-lurker", "zq-foes", 10, r#","hidden":true"#));
    t.run(r#"{"type":"removeParticipant","participant":"zq-lurker"}"#);
    let before = t.gm.to_json();
    let e = t
        .gm
        .execute_for_players(
            command(r#"{"type":"addEffects","effects":[{"target":"ana","condition":"prone","duration":{"type":"untilTurnEnd","participant":"zq-lurker"}}]}"#),
            None,
            false,
        )
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::UnknownId);
    assert_eq!(t.gm.to_json(), before);
}

/// Issue 34, point 2: the GM's placements on a count shared with a hidden participant
/// (`moveInOrder`) are numbered for players as if it were not there.
#[test]
fn gm_placements_on_a_count_shared_with_a_hidden_participant_leave_no_gap() {
    let mut t = Play::new("a5e", 4);
    t.run(&add("cy", "party", 12, r#","fixedCount":15"#));
    t.run(&add("ana", "party", 14, r#","fixedCount":5"#));
    t.run(&add("bo", "party", 10, r#","fixedCount":10"#));
    t.run(&add(
        "zq-lurker",
        "zq-foes",
        10,
        r#","hidden":true,"fixedCount":10"#,
    ));
    t.run(r#"{"type":"start"}"#);
    t.run(r#"{"type":"moveInOrder","participant":"ana","after":"zq-lurker"}"#);
    let rank = |e: &Engine<Encounter>, id: &str| {
        e.state()
            .participant(&pid(id))
            .and_then(|p| p.initiative.as_ref())
            .map(|i| i.rank)
            .unwrap()
    };
    let mut gm = vec![
        rank(&t.gm, "ana"),
        rank(&t.gm, "bo"),
        rank(&t.gm, "zq-lurker"),
    ];
    gm.sort_unstable();
    assert_eq!(gm, vec![0, 1, 2], "the GM ranks all three on count 10");
    let mut seen = vec![rank(&t.player, "ana"), rank(&t.player, "bo")];
    seen.sort_unstable();
    assert_eq!(seen, vec![0, 1], "players see two placements, no gap");
    assert_eq!(
        t.player.state().turn_order(),
        t.gm.state()
            .turn_order()
            .into_iter()
            .filter(|p| p.as_str() != "zq-lurker")
            .collect::<Vec<_>>()
    );
}

/// Issue 34, point 2, OSE: a visible side keeps no roll-off draw it made against a side of
/// hidden participants alone.
#[test]
fn an_ose_side_keeps_no_draw_against_a_hidden_side() {
    let mut t = Play::new("ose", 23);
    t.run(&add("ana", "party", 14, ""));
    t.run(&add("zq-orc", "zq-orcs", 10, r#","hidden":true"#));
    t.run(r#"{"type":"start"}"#);
    // Both sides roll 4 and roll off: the party 3, the orcs 5.
    let mut faces = DiceSource::supplied(vec![4, 4, 3, 5]);
    let players =
        t.gm.execute_for_players(
            command(r#"{"type":"rollInitiative"}"#),
            Some(&mut faces),
            false,
        )
        .unwrap();
    assert_no_secret("the players' batch", &turnkeeper::wire::to_json(&players));
    t.player.apply_batch(&players).unwrap();
    assert_eq!(t.player.to_json(), t.gm.player_json());
    let gm_party =
        t.gm.state()
            .sides()
            .iter()
            .find(|s| s.side.as_str() == "party");
    assert_eq!(gm_party.map(|s| s.ties.to_vec()), Some(vec![3]));
    let seen: Vec<_> = t.player.state().sides().to_vec();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].side.as_str(), "party");
    assert!(seen[0].ties.is_empty(), "no draw against the orcs");
    assert!(
        t.player.state().current().is_none(),
        "the orcs act first, unseen"
    );
}

/// The text path the glue takes (`players_batch`: the events written once, the players' batch
/// naming them instead of holding a copy) says exactly what the typed one does: the same events
/// text as the GM's own, the same players' batch byte for byte, whether players see the
/// command's events or a restored view, and the same refusals.
#[test]
fn the_players_batch_as_text_is_the_typed_one() {
    let table = Table::new();
    let mut typed = Engine::<Encounter>::from_json(&table.gm.to_json()).unwrap();
    let mut text = Engine::<Encounter>::from_json(&table.gm.to_json()).unwrap();
    let mut saw_both = (false, false);
    for (c, blind) in [
        (start(), false),
        (EncounterCommand::EndTurn, false),
        (
            EncounterCommand::Rename {
                participant: pid("bo"),
                name: Name::new("Bo the Brave").unwrap(),
            },
            false,
        ),
        (EncounterCommand::EndTurn, true),
        (EncounterCommand::EndTurn, false),
    ] {
        let batch = typed.execute_for_players(c.clone(), None, blind).unwrap();
        let ForPlayers {
            events_json,
            players,
        } = text.players_batch(c, None, blind).unwrap();
        assert_eq!(events_json, turnkeeper::wire::to_json(typed.last_events()));
        let seen = match &players.events {
            PlayersSee::TheEvents => {
                saw_both.0 = true;
                events_json.clone()
            }
            PlayersSee::Restored(event) => {
                saw_both.1 = true;
                turnkeeper::wire::to_json(std::slice::from_ref(event))
            }
        };
        assert_eq!(
            Batch::<()>::wrap(players.seq, players.digest, players.dice, &seen),
            turnkeeper::wire::to_json(&batch)
        );
        assert_eq!(text.to_json(), typed.to_json());
    }
    assert_eq!(
        saw_both,
        (true, true),
        "both kinds of players' batch were made"
    );
    let refused = text.players_batch(start(), None, false).unwrap_err();
    let typed_refused = typed.execute_for_players(start(), None, false).unwrap_err();
    assert_eq!(refused.code, typed_refused.code);
    assert_eq!(refused.message, typed_refused.message);
    assert_eq!(text.to_json(), typed.to_json());
}
