//! What players may see (issue 17, point 5): hidden participants, blind commands and secret
//! rolls. A player copy that applies only player batches stays byte-identical to the players'
//! view of the GM's state, and nothing hidden appears in anything it receives.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::dice::DiceSource;
use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent, Name};
use turnkeeper::engine::{Batch, Engine};
use turnkeeper::exploration::journey::{
    DungeonAction, Journey, JourneyCommand, JourneyConfig, JourneyEvent, JourneyMode, Member,
    SearchAttempt, StartTime,
};
use turnkeeper::exploration::ose::dungeon::SearchKind;
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn start() -> EncounterCommand {
    EncounterCommand::Start {
        advantage: vec![],
        advantage_sides: vec![],
        check: None,
        ambushers: vec![],
        called_for: None,
    }
}

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
    assert_eq!(t.player.state(), t.gm.state(), "nothing is hidden any more");
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
