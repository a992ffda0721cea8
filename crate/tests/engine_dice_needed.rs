//! The dice a command will ask for (`diceNeeded`), and supplied faces that must all be used.

use turnkeeper::ErrorCode;
use turnkeeper::dice::{DiceSource, SeededDice, SuppliedDice};
use turnkeeper::encounter::{Encounter, EncounterCommand, NewParticipant};
use turnkeeper::engine::{Engine, NeededDie};
use turnkeeper::exploration::journey::{
    DungeonAction, Journey, JourneyCommand, JourneyConfig, JourneyMode, Member, StartTime,
};
use turnkeeper::ids::{Name, ParticipantId, SideId};
use turnkeeper::initiative::Activity;
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn dungeon() -> Engine<Journey> {
    let mut e = Engine::new(
        Journey::new(JourneyConfig::ose()).unwrap(),
        DiceSource::Seeded(Box::new(SeededDice::new(1).unwrap())),
    );
    e.execute(JourneyCommand::AddMember {
        member: Member::new(turnkeeper::clock::Ident::new("ana").unwrap()),
    })
    .unwrap();
    e.execute(JourneyCommand::Start {
        mode: JourneyMode::OseDungeon,
        day: 0,
        start: StartTime::At { hour: 8, minute: 0 },
    })
    .unwrap();
    e
}

fn needed(sides: u32, purpose: &str) -> NeededDie {
    NeededDie {
        sides,
        purpose: purpose.to_string(),
    }
}

/// OSE-DUNG-08 / OSE-DUNG-13: a dungeon turn asks for the wandering check's d6 on the turns it
/// is due, and for nothing on the others; asking changes nothing.
#[test]
fn ose_dung_13_dice_needed_lists_the_wandering_check_when_due() {
    let mut e = dungeon();
    let turn = JourneyCommand::DungeonTurn {
        action: DungeonAction::Other,
    };
    let before = e.to_json();
    assert_eq!(
        e.dice_needed(turn.clone()).unwrap(),
        vec![needed(6, "wanderingChecked")]
    );
    assert_eq!(e.to_json(), before);
    e.execute(turn.clone()).unwrap();
    assert_eq!(e.dice_needed(turn).unwrap(), vec![]);
}

/// GH-INIT-03: a Greyhawk roll asks for each creature's pool in order (here a d6 and a d8 for
/// one, a d10 for the other).
#[test]
fn gh_init_03_dice_needed_for_a_greyhawk_roll() {
    let mut e = Engine::new(
        Encounter::new(RulesetConfig::preset(Preset::Gh5e)).unwrap(),
        DiceSource::Seeded(Box::new(SeededDice::new(3).unwrap())),
    );
    for (id, side) in [("rath", "party"), ("troll", "foes")] {
        e.execute(EncounterCommand::AddParticipant {
            participant: NewParticipant::new(
                ParticipantId::new(id).unwrap(),
                Name::new(id).unwrap(),
                SideId::new(side).unwrap(),
                10,
            ),
        })
        .unwrap();
    }
    e.execute(EncounterCommand::Start {
        advantage: vec![],
        advantage_sides: vec![],
        check: None,
        ambushers: vec![],
        called_for: None,
    })
    .unwrap();
    for (id, acts) in [
        ("rath", vec![Activity::Move, Activity::Melee]),
        ("troll", vec![Activity::Spell]),
    ] {
        e.execute(EncounterCommand::Declare {
            participant: ParticipantId::new(id).unwrap(),
            declaration: turnkeeper::encounter::Declaration::Greyhawk(
                turnkeeper::initiative::greyhawk::GhDeclaration::of(acts),
            ),
        })
        .unwrap();
    }
    let dice = e
        .dice_needed(EncounterCommand::RollInitiative { no_actions: false })
        .unwrap();
    let sizes: Vec<u32> = dice.iter().map(|d| d.sides).collect();
    assert_eq!(sizes, vec![6, 8, 10]);
    assert!(dice.iter().all(|d| d.purpose == "initiativeRolled"));
}

/// Supplied faces must all be used: left over, they are `INVALID_ARGUMENT` naming how many,
/// and nothing changes.
#[test]
fn ose_dung_13_supplied_faces_left_over_are_refused() {
    let mut e = dungeon();
    let before = e.to_json();
    let turn = JourneyCommand::DungeonTurn {
        action: DungeonAction::Other,
    };
    let mut faces = DiceSource::Supplied(SuppliedDice::new([4, 2, 6]));
    let err = e.execute_with_faces(turn.clone(), &mut faces).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert!(
        err.message.contains("2 supplied faces were left over"),
        "{}",
        err.message
    );
    assert_eq!(e.to_json(), before);
    assert_eq!(e.seq(), 2);
    let mut faces = DiceSource::Supplied(SuppliedDice::new([4]));
    e.execute_with_faces(turn, &mut faces).unwrap();
    assert_eq!(e.seq(), 3);
}
