//! One creature command for the sheet and the encounter (issue 37): the encounter's
//! `creatureCommand` runs a sheet's [`CreatureCommand`] on a participant's creature through the
//! same code as a stand-alone sheet, and its flat spellings (`heal`, `grantTempHp`, the tracks)
//! are that command too. Every run goes through `Table`, which replays the events on a mirror
//! and round-trips the snapshot.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::creature::{
    Creature, CreatureCommand, CreatureKind, DamageInstance, DoomDeadline, GameTime, Moment,
    OngoingDamage, Performed,
};
use turnkeeper::dice::{DiceSpec, DieSize, SuppliedDice};
use turnkeeper::encounter::{CreatureChange, EncounterCommand, EncounterEvent, creature_rules};
use turnkeeper::rulesets::Preset;
use turnkeeper::wire::{from_json, to_json};

fn pc(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp).unwrap().with_level(3)
}

/// A5E, fixed counts a (20) and b (10), started, `a` a 20-HP character 8 HP down.
fn table() -> Table {
    let mut t = Table::preset(Preset::A5e);
    for (id, count) in [("a", 20), ("b", 10)] {
        let mut p = newp(id, "x", 10);
        p.fixed_count = Some(count);
        t.add(p);
    }
    t.run(start(), &[]);
    t.run(
        EncounterCommand::SetCreature {
            participant: pid("a"),
            creature: Some(pc(20)),
        },
        &[],
    );
    t.run(
        EncounterCommand::Damage {
            participant: pid("a"),
            damage: DamageInstance::new(8, None),
            choices: Default::default(),
        },
        &[],
    );
    t
}

fn on_a(command: CreatureCommand) -> EncounterCommand {
    EncounterCommand::CreatureCommand {
        participant: pid("a"),
        command,
    }
}

#[test]
fn flat_spellings_are_the_sheet_command() {
    let a = pid("a");
    let pairs = [
        (
            EncounterCommand::Heal {
                participant: a.clone(),
                amount: 5,
            },
            CreatureCommand::Heal { amount: 5 },
        ),
        (
            EncounterCommand::GrantTempHp {
                participant: a.clone(),
                amount: 4,
                choice: Default::default(),
            },
            CreatureCommand::GrantTempHp {
                amount: 4,
                choice: Default::default(),
            },
        ),
        (
            EncounterCommand::GainFatigue {
                participant: a.clone(),
                levels: 2,
            },
            CreatureCommand::GainFatigue { levels: 2 },
        ),
        (
            EncounterCommand::GainStrife {
                participant: a.clone(),
                levels: 1,
            },
            CreatureCommand::GainStrife { levels: 1 },
        ),
    ];
    for (flat, shared) in pairs {
        let converted = flat.clone().into_creature_command().unwrap();
        assert_eq!(converted, (a.clone(), shared.clone()));
        let mut one = table();
        let mut two = table();
        let by_flat = one.run(flat, &[]);
        let by_shared = two.run(on_a(shared), &[]);
        assert_eq!(by_flat, by_shared);
        assert_eq!(one.enc.to_json(), two.enc.to_json());
    }
    // Anything else is not a creature operation and comes back as it was.
    assert_eq!(
        EncounterCommand::EndTurn.into_creature_command(),
        Err(EncounterCommand::EndTurn)
    );
}

#[test]
fn the_encounter_runs_a_sheets_operation_on_the_same_code() {
    // Healing dice, which only a sheet could run before: the encounter's creature ends
    // exactly where the same operation leaves a copy of it.
    let mut t = table();
    let before = t.creature("a");
    let heal = CreatureCommand::HealDice {
        dice: DiceSpec::new(2, DieSize::D6),
    };
    let ev = t.run(on_a(heal.clone()), &[3, 4]);
    let EncounterEvent::CreatureUpdated {
        change, creature, ..
    } = &ev[0]
    else {
        panic!("{ev:?}");
    };
    assert_eq!(*change, CreatureChange::Healed);
    assert_eq!(creature.hp.current, 19);

    let mut copy = before;
    let rules = creature_rules(t.enc.config());
    let at = Moment {
        now: GameTime(0),
        in_encounter: true,
    };
    let performed = copy
        .perform(&heal, &rules, at, &mut SuppliedDice::new([3, 4]))
        .unwrap();
    assert!(matches!(performed, Performed::Report(_)));
    assert_eq!(copy, t.creature("a"));
}

#[test]
fn killing_and_raising_a_participant() {
    let mut t = table();
    let ev = t.run(on_a(CreatureCommand::Kill), &[]);
    assert!(matches!(
        &ev[0],
        EncounterEvent::CreatureUpdated {
            change: CreatureChange::Killed,
            ..
        }
    ));
    assert!(ev.iter().any(
        |e| matches!(e, EncounterEvent::Incapacitated { participant } if participant == &pid("a"))
    ));
    assert!(t.creature("a").is_dead());
    assert!(!t.enc.participant(&pid("a")).unwrap().can_act);
    assert!(
        ev[0].describe(&t.enc).contains("is killed"),
        "{}",
        ev[0].describe(&t.enc)
    );

    let ev = t.run(
        on_a(CreatureCommand::Raise {
            hp: 1,
            lifts_doom: false,
        }),
        &[],
    );
    assert!(matches!(
        &ev[0],
        EncounterEvent::CreatureUpdated {
            change: CreatureChange::RaisedFromDead,
            ..
        }
    ));
    let a = t.creature("a");
    assert!(!a.is_dead());
    assert_eq!(a.hp.current, 1);
    assert!(t.enc.participant(&pid("a")).unwrap().can_act);
}

#[test]
fn doom_with_the_narrators_deadline() {
    let mut t = table();
    let ev = t.run(
        on_a(CreatureCommand::Doom {
            deadline: DoomDeadline::NarratorDecides,
        }),
        &[],
    );
    assert!(matches!(
        &ev[0],
        EncounterEvent::CreatureUpdated {
            change: CreatureChange::Doomed,
            ..
        }
    ));
    let ev = t.run(on_a(CreatureCommand::LiftDoom), &[]);
    assert!(matches!(
        &ev[0],
        EncounterEvent::CreatureUpdated {
            change: CreatureChange::DoomLifted,
            ..
        }
    ));
}

#[test]
fn what_only_a_sheet_keeps_is_refused_and_changes_nothing() {
    let mut t = table();
    let refused = [
        CreatureCommand::SetTime {
            now: GameTime(60),
            in_encounter: false,
        },
        CreatureCommand::AdvanceTime { now: GameTime(60) },
        CreatureCommand::EndEncounter { now: None },
        CreatureCommand::OngoingDamage {
            ongoing: OngoingDamage {
                dice: DiceSpec::new(1, DieSize::D6),
                damage_type: None,
            },
            choices: Default::default(),
        },
        CreatureCommand::AddAdventuringHours { hours: 2 },
        CreatureCommand::SetResilienceReduction { hours: 2 },
    ];
    for command in refused {
        t.fail(on_a(command), &[], ErrorCode::NotAllowed);
    }
    // An unknown participant and one without stats are refused too.
    t.fail(
        EncounterCommand::CreatureCommand {
            participant: pid("nobody"),
            command: CreatureCommand::Kill,
        },
        &[],
        ErrorCode::UnknownId,
    );
    t.fail(
        EncounterCommand::CreatureCommand {
            participant: pid("b"),
            command: CreatureCommand::Kill,
        },
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn the_command_as_json() {
    let text = r#"{"type":"creatureCommand","participant":"a","command":{"type":"healDice","dice":{"count":2,"size":"d6","modifier":1}}}"#;
    let command: EncounterCommand = from_json(text, "command", ErrorCode::InvalidArgument).unwrap();
    assert_eq!(
        command,
        on_a(CreatureCommand::HealDice {
            dice: DiceSpec::new(2, DieSize::D6).plus(1),
        })
    );
    assert_eq!(to_json(&command), text);
    assert_eq!(serde_json::to_string(&command).unwrap(), text);
    // A command the sheet does not know is an argument error naming where it is.
    let e = from_json::<EncounterCommand>(
        r#"{"type":"creatureCommand","participant":"a","command":{"type":"fly"}}"#,
        "command",
        ErrorCode::InvalidArgument,
    )
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    assert!(e.message.contains("fly"), "{}", e.message);
}
