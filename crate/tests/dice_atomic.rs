//! A command that fails leaves the seeded dice where they were: `DiceSource::atomically` runs it
//! on a working copy of the dice and keeps the copy only on success (docs/design.md principle 2).
//! The wasm handles of encounters and journeys run every command this way.

use turnkeeper::ErrorCode;
use turnkeeper::clock::Ident;
use turnkeeper::dice::{DiceSource, DieRoller};
use turnkeeper::exploration::journey::{
    DungeonAction, Journey, JourneyCommand, JourneyConfig, JourneyMode, ListenAttempt, Member,
    StartTime,
};
use turnkeeper::exploration::ose::dungeon::Familiarity;

fn listen_by_nobody() -> JourneyCommand {
    JourneyCommand::DungeonTurn {
        action: DungeonAction::Listen {
            attempts: vec![ListenAttempt {
                by: Ident::new("nobody").unwrap(),
                door: Ident::new("door-1").unwrap(),
                chance: None,
                something_there: true,
                silent: false,
            }],
        },
    }
}

fn dungeon() -> Journey {
    let mut j = Journey::new(JourneyConfig::ose()).unwrap();
    let mut dice = DiceSource::seeded(1).unwrap();
    j.execute(
        JourneyCommand::AddMember {
            member: Member::new(Ident::new("pc-1").unwrap()),
        },
        &mut dice,
    )
    .unwrap();
    j.execute(
        JourneyCommand::Start {
            mode: JourneyMode::OseDungeon,
            day: 0,
            start: StartTime::At { hour: 8, minute: 0 },
        },
        &mut dice,
    )
    .unwrap();
    j
}

#[test]
fn a_failed_command_rolls_nothing_on_the_held_dice() {
    // Find a turn on which the refused listen would have rolled the wandering-monster die first.
    let mut j = dungeon();
    let mut dice = DiceSource::seeded(77).unwrap();
    let mut moved = false;
    for _ in 0..4 {
        let before = dice.seed_state();
        let mut scratch = dice.clone();
        let err = j
            .clone()
            .execute(listen_by_nobody(), &mut scratch)
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::UnknownId);
        moved |= scratch.seed_state() != before;
        // Through `atomically` the held dice never move on a refusal.
        let err = dice
            .atomically(|d| j.clone().execute(listen_by_nobody(), d))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::UnknownId);
        assert_eq!(dice.seed_state(), before);
        // A turn that succeeds does move them.
        dice.atomically(|d| {
            j.execute(
                JourneyCommand::DungeonTurn {
                    action: DungeonAction::Explore {
                        familiarity: Familiarity::Unknown,
                    },
                },
                d,
            )
        })
        .unwrap();
    }
    assert!(
        moved,
        "no refused turn rolled a die first: the case this guards is not exercised"
    );
}

#[test]
fn atomically_keeps_what_a_successful_closure_rolled() {
    let mut dice = DiceSource::seeded(5).unwrap();
    let mut reference = DiceSource::seeded(5).unwrap();
    let face = dice.atomically(|d| d.roll_die(20)).unwrap();
    assert_eq!(face, reference.roll_die(20).unwrap());
    assert_eq!(dice.seed_state(), reference.seed_state());
}
