//! Greyhawk Initiative (docs/rules.md §1) through the encounter, including the Example of Play
//! (EX-GH-01..06), the delay example (EX-GH-07) and the derived vectors (EX-GH-08).

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::dice::DieSize;
use turnkeeper::encounter::{
    ActionKind, Declaration, EncounterCommand, EncounterEvent, GroupId, Harm, PlanCause,
    SpellDisruption,
};
use turnkeeper::initiative::Activity::{Melee, Move, Other, Ranged, Spell, Swap};
use turnkeeper::initiative::greyhawk::{
    DieStep, EmptyDeclaration, GhDeclaration, StepEffect, WeaponDice, expiry_order,
};
use turnkeeper::initiative::{InitiativeRoll, RollMode};
use turnkeeper::rulesets::{Preset, RulesetConfig};

const HOBS: [&str; 6] = ["hob1", "hob2", "hob3", "hob4", "hob5", "hob6"];

/// EX-GH-01: Rath, Rupert, Delsenora, 6 hobgoblins (one group), a troll. Dex scores are ours
/// (the source gives none): they decide the ties of rounds 3 and 4 (G-04).
fn example_of_play() -> Table {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("rupert", "party", 16));
    t.add(newp("delsenora", "party", 14));
    t.add(newp("rath", "party", 10));
    let mut troll = newp("troll", "foes", 13);
    troll.npc = true;
    t.add(troll);
    for h in HOBS {
        let mut p = newp(h, "foes", 12);
        p.group = Some(GroupId::new("hobgoblins").unwrap());
        p.npc = true;
        t.add(p);
    }
    t.run(start(), &[]);
    t
}

fn declare_hobs(t: &mut Table, which: &[&str], d: &[turnkeeper::initiative::Activity]) {
    for h in which {
        t.declare(h, gh(d));
    }
}

fn rolled(events: &[EncounterEvent]) -> Vec<InitiativeRoll> {
    events
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::InitiativeRolled { rolls } => Some(rolls.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

fn end_round(t: &mut Table) {
    while t.enc.current_participant().is_some() {
        t.end_turn();
    }
}

#[test]
fn ex_gh_02_03_04_05_06_example_of_play_rounds_1_to_4() {
    let mut t = example_of_play();

    // ---- EX-GH-02, round 1 ----
    t.declare("rupert", gh(&[Ranged]));
    t.declare("delsenora", gh(&[Spell]));
    // Action Surge: a second melee action adds no die (GH-INIT-05).
    t.declare("rath", gh(&[Move, Melee, Melee]));
    t.declare("troll", gh(&[Move, Melee]));
    declare_hobs(&mut t, &HOBS, &[Ranged]);
    // Dice in unit order: Rupert d4, Delsenora d10, Rath d6 d8, troll d6 d8, hobgoblins d4.
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 7, 6, 8, 3, 5, 2],
    );
    let mut expected = vec!["rupert"];
    expected.extend(HOBS);
    expected.extend(["delsenora", "troll", "rath"]);
    assert_eq!(t.order(), strs(&expected));
    assert_eq!(t.count("rath"), Some(14));
    assert_eq!(t.count("troll"), Some(8));
    assert!(HOBS.iter().all(|h| t.count(h) == Some(2)));
    // GH-INIT-11: one set of dice for the six hobgoblins.
    let rolls = rolled(&ev);
    assert_eq!(rolls.len(), 5);
    assert_eq!(rolls[4].participants.len(), 6);
    assert_eq!(rolls[4].dice.len(), 1);
    // Rath rolled for movement but need not move: he just attacks.
    while t.current().as_deref() != Some("rath") {
        t.end_turn();
    }
    t.run(
        EncounterCommand::Act {
            participant: pid("rath"),
            activity: Melee,
        },
        &[],
    );
    t.run(
        EncounterCommand::Act {
            participant: pid("rath"),
            activity: Melee,
        },
        &[],
    );
    t.end_turn();
    assert_eq!(t.enc.round(), 1);

    // ---- EX-GH-03, round 2 ----
    t.declare("rupert", gh(&[Ranged]));
    t.declare("delsenora", gh(&[Spell]));
    t.declare("rath", gh(&[Melee]));
    t.declare("troll", gh(&[Move, Other]));
    declare_hobs(&mut t, &HOBS[..5], &[Ranged]);
    t.declare("hob6", gh(&[Ranged, Move]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[3, 6, 7, 1, 1, 4, 3, 5],
    );
    let mut expected = vec!["troll", "rupert"];
    expected.extend(&HOBS[..5]);
    expected.extend(["delsenora", "rath", "hob6"]);
    assert_eq!(t.order(), strs(&expected));
    // (a) the troll disengages (its d6 "other action").
    t.run(
        EncounterCommand::Act {
            participant: pid("troll"),
            activity: Other,
        },
        &[],
    );
    t.run(
        EncounterCommand::Act {
            participant: pid("troll"),
            activity: Move,
        },
        &[],
    );
    while t.current().as_deref() != Some("rath") {
        t.end_turn();
    }
    // (b) GH-INIT-09: at count 7 Rath has no movement die, so he cannot move.
    t.fail(
        EncounterCommand::Act {
            participant: pid("rath"),
            activity: Move,
        },
        &[],
        ErrorCode::NotAllowed,
    );
    assert_eq!(t.enc.allowed_activities(&pid("rath")).unwrap(), vec![Melee]);
    end_round(&mut t);

    // ---- EX-GH-04, round 3 ----
    t.declare("rath", gh(&[Move, Melee]));
    t.declare("delsenora", gh(&[Spell]));
    t.declare(
        "rupert",
        Declaration::Greyhawk(GhDeclaration::of([Ranged, Move]).with_bonus_action(Spell)),
    );
    declare_hobs(&mut t, &HOBS[..5], &[Move, Melee]);
    t.declare("hob6", gh(&[Move]));
    t.declare("troll", gh(&[Move]));
    // Rupert d4 d6 d10 = 16; Delsenora 4; Rath 2+4; troll 2; hobgoblins 6+6; hob6 2.
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[4, 6, 6, 4, 2, 4, 2, 6, 6, 2],
    );
    // The tie at 2: the troll (Dex 13) before the hobgoblin (Dex 12) (GH-INIT-10).
    let mut expected = vec!["troll", "hob6", "delsenora", "rath"];
    expected.extend(&HOBS[..5]);
    expected.push("rupert");
    assert_eq!(t.order(), strs(&expected));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, EncounterEvent::TiesBroken { .. })),
        "Dex settled it"
    );
    // EX-GH-06: every total lies in [dice, sum of sides].
    for r in rolled(&ev) {
        let n = r.dice.iter().filter(|d| !d.dropped).count() as i32;
        let max: i32 = r
            .dice
            .iter()
            .filter(|d| !d.dropped)
            .map(|d| d.die.sides as i32)
            .sum();
        assert!(n <= r.total && r.total <= max, "{r:?}");
    }
    assert_eq!(t.count("rupert"), Some(16));
    assert_eq!(t.count("hob1"), Some(12));
    // Delsenora's fire bolt kills the fleeing hobgoblin; Rath kills one of the group.
    while t.current().as_deref() != Some("delsenora") {
        t.end_turn();
    }
    t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("hob6"),
        },
        &[],
    );
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("rath"));
    t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("hob5"),
        },
        &[],
    );
    end_round(&mut t);
    // The troll escaped.
    t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("troll"),
        },
        &[],
    );
    let hobs_left = t
        .enc
        .participants()
        .iter()
        .filter(|p| p.id.as_str().starts_with("hob"))
        .count();
    assert_eq!(hobs_left, 4);

    // ---- EX-GH-05, round 4 ----
    t.declare("rupert", gh(&[Swap, Melee]));
    t.declare("rath", gh(&[Melee, Move]));
    t.declare("delsenora", gh(&[Spell]));
    declare_hobs(&mut t, &HOBS[..4], &[Other, Move]);
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 3, 7, 2, 2, 3, 3],
    );
    // The tie at 4: Rupert (Dex 16) before Rath (Dex 10).
    let mut expected = vec!["rupert", "rath"];
    expected.extend(&HOBS[..4]);
    expected.push("delsenora");
    assert_eq!(t.order(), strs(&expected));
    // GH-INIT-07: swapping gear is a declared d6 activity usable during the turn.
    t.run(
        EncounterCommand::Act {
            participant: pid("rupert"),
            activity: Swap,
        },
        &[],
    );
    t.run(
        EncounterCommand::Act {
            participant: pid("rupert"),
            activity: Melee,
        },
        &[],
    );
    t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("hob1"),
        },
        &[],
    );
    t.end_turn();
    t.run(
        EncounterCommand::RemoveParticipant {
            participant: pid("hob2"),
        },
        &[],
    );
    t.end_turn();
    t.end_turn();
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("delsenora"));
    // Sleep drops the last two.
    for h in ["hob3", "hob4"] {
        t.run(
            EncounterCommand::SetCanAct {
                participant: pid(h),
                can_act: false,
            },
            &[],
        );
    }
    let ev = t.end_turn();
    // GH-INIT-12: the sleepers resolve at the end of the round.
    assert!(ev.iter().any(
        |e| matches!(e, EncounterEvent::EndOfRoundResolution { participants, .. }
        if participants.len() == 2)
    ));
    t.run(EncounterCommand::End, &[]);
}

#[test]
fn gh_init_01_rerolled_every_round_after_declarations() {
    let mut t = example_of_play();
    for round in 1..=2u32 {
        for p in ["rupert", "delsenora", "rath", "troll"] {
            t.declare(p, gh(&[Melee]));
        }
        declare_hobs(&mut t, &HOBS, &[Ranged]);
        assert_eq!(t.enc.phase(), turnkeeper::encounter::Phase::Declaring);
        t.run(
            EncounterCommand::RollInitiative { no_actions: false },
            &[1, 2, 3, 4, 1],
        );
        assert_eq!(t.enc.round(), round);
        end_round(&mut t);
        // Declarations and counts are cleared for the next round.
        assert_eq!(t.count("rath"), None);
    }
}

#[test]
fn gh_init_02_low_acts_first_and_gh_dice_02_no_modifiers() {
    let mut t = Table::preset(Preset::Gh5e);
    let mut quick = newp("quick", "a", 20);
    quick.dex_mod = Some(5);
    t.add(quick);
    t.add(newp("slow", "b", 3));
    t.run(start(), &[]);
    t.declare("quick", gh(&[Melee]));
    t.declare("slow", gh(&[Ranged]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[8, 1],
    );
    assert_eq!(t.order(), strs(&["slow", "quick"]));
    assert_eq!(t.count("quick"), Some(8), "the Dex modifier is never added");
}

#[test]
fn gh_init_03_gh_init_04_gh_dice_01_pool_from_activities() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    t.run(start(), &[]);
    t.declare(
        "a",
        Declaration::Greyhawk(GhDeclaration::of([Move, Ranged]).with_bonus_action(Spell)),
    );
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[6, 4, 10],
    );
    let r = &rolled(&ev)[0];
    let sides: Vec<u32> = r.dice.iter().map(|d| d.die.sides).collect();
    assert_eq!(sides, vec![6, 4, 10]);
    assert_eq!(r.total, 20);
}

#[test]
fn gh_init_05_action_surge_adds_no_die() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("rath", "x", 10));
    t.run(start(), &[]);
    t.declare("rath", gh(&[Move, Melee, Melee]));
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[6, 8],
    );
    assert_eq!(rolled(&ev)[0].dice.len(), 2, "1d6 + 1d8, not 1d6 + 2d8");
    // Both melee actions may be used (GH-INIT-09 counts them).
    t.run(
        EncounterCommand::Act {
            participant: pid("rath"),
            activity: Melee,
        },
        &[],
    );
    t.run(
        EncounterCommand::Act {
            participant: pid("rath"),
            activity: Melee,
        },
        &[],
    );
    t.fail(
        EncounterCommand::Act {
            participant: pid("rath"),
            activity: Melee,
        },
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn gh_init_07_swap_gear_adds_a_d6_usable_any_time_in_the_turn() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("rupert", "x", 16));
    t.run(start(), &[]);
    t.declare("rupert", gh(&[Swap, Melee]));
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 3],
    );
    let sides: Vec<u32> = rolled(&ev)[0].dice.iter().map(|d| d.die.sides).collect();
    assert_eq!(sides, vec![6, 8]);
    assert_eq!(t.count("rupert"), Some(4));
    // The swap may come after the attack.
    t.run(
        EncounterCommand::Act {
            participant: pid("rupert"),
            activity: Melee,
        },
        &[],
    );
    t.run(
        EncounterCommand::Act {
            participant: pid("rupert"),
            activity: Swap,
        },
        &[],
    );
}

#[test]
fn gh_init_06_one_reaction_per_round_without_a_die() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    t.add(newp("b", "y", 10));
    t.run(start(), &[]);
    t.declare("a", gh(&[Melee]));
    t.declare("b", gh(&[Melee]));
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 5],
    );
    assert_eq!(rolled(&ev).iter().map(|r| r.dice.len()).sum::<usize>(), 2);
    // b reacts on a's turn; a second reaction in the round is refused.
    t.run(
        EncounterCommand::UseAction {
            participant: pid("b"),
            kind: ActionKind::Reaction,
            slot: None,
        },
        &[],
    );
    t.fail(
        EncounterCommand::UseAction {
            participant: pid("b"),
            kind: ActionKind::Reaction,
            slot: None,
        },
        &[],
        ErrorCode::NotAllowed,
    );
    // Other slots are not how Greyhawk turns work.
    t.fail(
        EncounterCommand::UseAction {
            participant: pid("a"),
            kind: ActionKind::Action,
            slot: None,
        },
        &[],
        ErrorCode::NotAllowed,
    );
    end_round(&mut t);
    t.declare("a", gh(&[Melee]));
    t.declare("b", gh(&[Melee]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 5],
    );
    t.run(
        EncounterCommand::UseAction {
            participant: pid("b"),
            kind: ActionKind::Reaction,
            slot: None,
        },
        &[],
    );
}

#[test]
fn gh_init_06_a_reaction_or_a_forced_activity_rolls_no_die_and_keeps_the_count() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10))
        .add(newp("b", "y", 12))
        .add(newp("c", "y", 14));
    t.run(start(), &[]);
    t.declare("a", gh(&[Melee]));
    t.declare("b", gh(&[Move, Melee]));
    t.declare("c", gh(&[Ranged]));
    // a 3; b 2 + 5 = 7; c 4.
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[3, 2, 5, 4],
    );
    let order = t.order();
    assert_eq!(order, strs(&["a", "c", "b"]));
    let counts = |t: &Table| ["a", "b", "c"].map(|p| t.count(p));
    let before = counts(&t);
    // On a's turn b reacts (an opportunity attack): the event rolls nothing and the count and
    // order stay as they were.
    assert_eq!(t.current().as_deref(), Some("a"));
    let events = t.run(
        EncounterCommand::UseAction {
            participant: pid("b"),
            kind: ActionKind::Reaction,
            slot: None,
        },
        &[],
    );
    assert!(rolled(&events).is_empty(), "{events:?}");
    assert!(events.iter().all(|e| !matches!(
        e,
        EncounterEvent::PlanForced { .. } | EncounterEvent::CountSet { .. }
    )));
    assert_eq!(counts(&t), before);
    assert_eq!(t.order(), order);
    // Whatever b is made to do outside its turn (pushed back on a's turn, say) is not one of
    // its activities: `act` is for its own turn, so nothing records or rolls for it.
    t.fail(
        EncounterCommand::Act {
            participant: pid("b"),
            activity: Move,
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    t.end_turn();
    t.end_turn();
    // On its own turn b still has both declared activities, at the count it rolled.
    assert_eq!(t.current().as_deref(), Some("b"));
    assert_eq!(t.count("b"), Some(7));
    assert_eq!(
        t.enc.allowed_activities(&pid("b")).unwrap(),
        vec![Move, Melee]
    );
}

#[test]
fn gh_init_08_declare_only_before_the_roll() {
    let mut t = example_of_play();
    t.declare("rath", gh(&[Melee]));
    // The others plan nothing (GH-INIT-16).
    t.run(EncounterCommand::RollInitiative { no_actions: true }, &[5]);
    t.fail(
        EncounterCommand::Declare {
            participant: pid("rath"),
            declaration: gh(&[Move]),
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    // A declaration for another system is refused.
    end_round(&mut t);
    let ose = Declaration::Ose(Default::default());
    t.fail(
        EncounterCommand::Declare {
            participant: pid("rath"),
            declaration: ose,
        },
        &[],
        ErrorCode::InvalidArgument,
    );
}

#[test]
fn gh_init_09_allowed_activities_query() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    t.run(start(), &[]);
    t.declare(
        "a",
        Declaration::Greyhawk(GhDeclaration::of([Move, Ranged]).with_bonus_action(Spell)),
    );
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 1, 1],
    );
    assert_eq!(
        t.enc.allowed_activities(&pid("a")).unwrap(),
        vec![Move, Ranged, Spell]
    );
    t.run(
        EncounterCommand::Act {
            participant: pid("a"),
            activity: Ranged,
        },
        &[],
    );
    assert_eq!(
        t.enc.allowed_activities(&pid("a")).unwrap(),
        vec![Move, Spell]
    );
    let err = t.fail(
        EncounterCommand::Act {
            participant: pid("a"),
            activity: Melee,
        },
        &[],
        ErrorCode::NotAllowed,
    );
    // The refusal names the category in words, so a host can show it as it is.
    assert!(
        err.message
            .contains("did not roll a die for melee attack this round"),
        "{}",
        err.message
    );
}

#[test]
fn gh_init_03_04_refusals_name_the_category_in_words() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    t.run(start(), &[]);
    for (declaration, words) in [
        (gh(&[Move, Move]), "movement is declared once"),
        (gh(&[Swap, Swap]), "swap gear is declared once"),
        (
            Declaration::Greyhawk(GhDeclaration::of([Melee]).with_bonus_action(Move)),
            "not movement (GH-INIT-04)",
        ),
        (
            Declaration::Greyhawk(GhDeclaration::of([Melee]).with_bonus_action(Swap)),
            "not swap gear (GH-INIT-04)",
        ),
    ] {
        let err = t.fail(
            EncounterCommand::Declare {
                participant: pid("a"),
                declaration,
            },
            &[],
            ErrorCode::InvalidArgument,
        );
        assert!(err.message.contains(words), "{}", err.message);
    }
    // Every category has its own words.
    let labels: Vec<&str> = [Ranged, Move, Swap, Other, Melee, Spell]
        .iter()
        .map(|a| a.label())
        .collect();
    assert_eq!(
        labels,
        [
            "ranged attack",
            "movement",
            "swap gear",
            "other action",
            "melee attack",
            "cast a spell"
        ]
    );
}

#[test]
fn gh_init_10_ties_dex_then_recorded_random_draw() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 12));
    t.add(newp("b", "y", 12));
    t.add(newp("c", "y", 15));
    t.run(start(), &[]);
    for p in ["a", "b", "c"] {
        t.declare(p, gh(&[Move]));
    }
    // All roll 3; c wins on Dex; a and b roll off (d20): 7 then 7 again, then 4 and 11.
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[3, 3, 3, 7, 7, 4, 11],
    );
    assert_eq!(t.order(), strs(&["c", "b", "a"]));
    let draws: usize = ev
        .iter()
        .map(|e| match e {
            EncounterEvent::TiesBroken { draws } => draws.len(),
            _ => 0,
        })
        .sum();
    assert_eq!(draws, 4, "both roll-off rounds are recorded as events");
}

#[test]
fn gh_init_11_group_roll_only_for_identical_plans() {
    let mut t = example_of_play();
    for p in ["rupert", "delsenora", "rath", "troll"] {
        t.declare(p, gh(&[Melee]));
    }
    declare_hobs(&mut t, &HOBS[..5], &[Ranged]);
    t.declare("hob6", gh(&[Ranged, Move]));
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 2, 3, 4, 2, 1, 6],
    );
    let rolls = rolled(&ev);
    assert_eq!(rolls.len(), 6);
    assert_eq!(rolls[4].participants.len(), 5);
    assert_eq!(rolls[5].participants.as_slice(), [pid("hob6")]);
    // With group rolls off, each hobgoblin rolls separately.
    let mut cfg = RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.group_rolls = false;
    let mut t = Table::new(cfg);
    for h in &HOBS[..2] {
        let mut p = newp(h, "foes", 12);
        p.group = Some(GroupId::new("hobgoblins").unwrap());
        t.add(p);
    }
    t.run(start(), &[]);
    declare_hobs(&mut t, &HOBS[..2], &[Ranged]);
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 3],
    );
    assert_eq!(rolled(&ev).len(), 2);
}

#[test]
fn gh_init_12_unable_to_act_does_not_roll_and_resolves_at_round_end() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    let mut down = newp("down", "x", 10);
    down.can_act = false;
    t.add(down);
    t.run(start(), &[]);
    t.declare("a", gh(&[Melee]));
    t.declare("down", gh(&[Melee]));
    t.run(EncounterCommand::RollInitiative { no_actions: false }, &[4]);
    assert_eq!(t.order(), strs(&["a"]));
    assert_eq!(t.count("down"), None);
    let ev = t.end_turn();
    let res = ev
        .iter()
        .position(|e| matches!(e, EncounterEvent::EndOfRoundResolution { .. }))
        .unwrap();
    let end = ev
        .iter()
        .position(|e| matches!(e, EncounterEvent::RoundEnded { .. }))
        .unwrap();
    assert!(res < end);
    assert!(
        matches!(&ev[res], EncounterEvent::EndOfRoundResolution { participants, .. } if participants == &vec![pid("down")])
    );
}

fn delay_example() -> Table {
    let mut t = Table::preset(Preset::Gh5e);
    for (id, dex) in [("able", 10), ("bravo", 10), ("charles", 10), ("delta", 10)] {
        t.add(newp(id, "x", dex));
    }
    t.run(start(), &[]);
    t.declare("able", gh(&[Ranged]));
    t.declare("bravo", gh(&[Move]));
    t.declare("charles", gh(&[Melee]));
    t.declare("delta", gh(&[Move, Spell]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 5, 8, 2, 10],
    );
    assert_eq!(t.order(), strs(&["able", "bravo", "charles", "delta"]));
    assert_eq!(t.count("delta"), Some(12));
    t
}

#[test]
fn ex_gh_07_gh_init_13_delay_and_cut_in() {
    let mut t = delay_example();
    let start = t.log.len();
    t.run(
        EncounterCommand::Delay {
            participant: pid("able"),
        },
        &[],
    );
    t.run(
        EncounterCommand::Delay {
            participant: pid("bravo"),
        },
        &[],
    );
    assert_eq!(t.current().as_deref(), Some("charles"));
    assert_eq!(t.enc.delayed(), vec![pid("able"), pid("bravo")]);
    // Right after Charles's turn Bravo acts; Able (original 1 < 5) cuts in before him.
    t.run(
        EncounterCommand::Resume {
            participant: pid("bravo"),
            cut_in: vec![pid("able")],
        },
        &[],
    );
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("able"));
    // Delaying twice in a round is refused.
    t.fail(
        EncounterCommand::Delay {
            participant: pid("able"),
        },
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("bravo"));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("delta"));
    let seq = acting_sequence(&t.log[start..]);
    assert_eq!(seq, strs(&["bravo", "charles", "able", "bravo", "delta"]));
    // Original counts are kept for every delayer.
    assert_eq!(t.count("able"), Some(1));
    assert_eq!(t.count("bravo"), Some(5));
}

#[test]
fn ex_gh_07_constraint_higher_original_cannot_cut_in() {
    let mut t = delay_example();
    t.run(
        EncounterCommand::Delay {
            participant: pid("able"),
        },
        &[],
    );
    t.run(
        EncounterCommand::Delay {
            participant: pid("bravo"),
        },
        &[],
    );
    // Able (1) acting: Bravo (5) may not cut in ahead of him.
    t.fail(
        EncounterCommand::Resume {
            participant: pid("able"),
            cut_in: vec![pid("bravo")],
        },
        &[],
        ErrorCode::NotAllowed,
    );
    // Delayers left at the end of the order act in original-count order.
    t.end_turn();
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("able"));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("bravo"));
}

#[test]
fn gh_init_14_controlled_creature_adds_to_controller_count() {
    // EX-GH-08: the controller's count is 6; the dominated creature's melee d8 = 3 → 9.
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("vampire", "x", 10));
    let mut thrall = newp("thrall", "y", 10);
    thrall.controller = Some(pid("vampire"));
    t.add(thrall);
    t.run(start(), &[]);
    t.declare("vampire", gh(&[Spell]));
    t.declare("thrall", gh(&[Melee]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[6, 3],
    );
    assert_eq!(t.count("thrall"), Some(9));
    assert_eq!(t.order(), strs(&["vampire", "thrall"]));
    // A controller without initiative fails the roll, after dice were rolled, and nothing changes.
    end_round(&mut t);
    t.run(
        EncounterCommand::SetCanAct {
            participant: pid("vampire"),
            can_act: false,
        },
        &[],
    );
    t.declare("thrall", gh(&[Melee]));
    t.fail(
        EncounterCommand::RollInitiative { no_actions: false },
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn gh_init_15_forced_change_of_plan_adds_to_cause() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("wizard", "x", 10));
    t.add(newp("ogre", "y", 10));
    t.add(newp("elf", "x", 10));
    t.run(start(), &[]);
    t.declare("wizard", gh(&[Spell]));
    t.declare("ogre", gh(&[Move, Melee]));
    t.declare("elf", gh(&[Ranged]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[3, 6, 6, 4],
    );
    assert_eq!(t.order(), strs(&["wizard", "elf", "ogre"]));
    // The wizard (3) frightens the ogre (12): it now only moves, d6 = 2 → 3 + 2 = 5.
    t.run(
        EncounterCommand::ForcePlan {
            participant: pid("ogre"),
            declaration: GhDeclaration::of([Move]),
            cause: PlanCause::Participant {
                participant: pid("wizard"),
            },
        },
        &[2],
    );
    assert_eq!(t.count("ogre"), Some(5));
    assert_eq!(t.order(), strs(&["wizard", "elf", "ogre"]));
    t.run(
        EncounterCommand::ForcePlan {
            participant: pid("ogre"),
            declaration: GhDeclaration::of([Move]),
            cause: PlanCause::Count { count: 1 },
        },
        &[1],
    );
    // Its new count 2 is below the current turn: it acts right after.
    assert_eq!(t.order(), strs(&["wizard", "ogre", "elf"]));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("ogre"));
    t.fail(
        EncounterCommand::ForcePlan {
            participant: pid("ogre"),
            declaration: GhDeclaration::of([Move]),
            cause: PlanCause::Count { count: 1 },
        },
        &[1],
        ErrorCode::OutOfOrder,
    );
}

#[test]
fn gh_init_16_empty_declaration_is_a_parameter() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("idle", "x", 10));
    t.add(newp("busy", "y", 10));
    t.run(start(), &[]);
    // "idle" declares that it does nothing.
    t.declare("idle", gh(&[]));
    t.declare("busy", gh(&[Melee]));
    t.run(EncounterCommand::RollInitiative { no_actions: false }, &[1]);
    assert_eq!(t.count("idle"), Some(0));
    assert_eq!(t.order(), strs(&["idle", "busy"]));

    let mut cfg = RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.empty_declaration = EmptyDeclaration::DoesNotAct;
    let mut t = Table::new(cfg);
    t.add(newp("idle", "x", 10));
    t.add(newp("busy", "y", 10));
    t.run(start(), &[]);
    // Here "idle" declares nothing by leaving its plan out: `noActions` stands for it.
    t.declare("busy", gh(&[Melee]));
    t.run(EncounterCommand::RollInitiative { no_actions: true }, &[1]);
    assert_eq!(t.order(), strs(&["busy"]));
}

fn one_roll(decl: GhDeclaration, faces: &[u32], cfg: RulesetConfig) -> InitiativeRoll {
    let mut t = Table::new(cfg);
    t.add(newp("a", "x", 10));
    t.run(start(), &[]);
    t.declare("a", Declaration::Greyhawk(decl));
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        faces,
    );
    rolled(&ev).remove(0)
}

fn kept_sides(r: &InitiativeRoll) -> Vec<u32> {
    r.dice
        .iter()
        .filter(|d| !d.dropped)
        .map(|d| d.die.sides)
        .collect()
}

#[test]
fn ex_gh_08_gh_dice_03_die_steps() {
    let gh5e = RulesetConfig::preset(Preset::Gh5e);
    let bonus = DieStep {
        effect: StepEffect::Bonus,
        die: None,
    };
    let penalty = DieStep {
        effect: StepEffect::Penalty,
        die: None,
    };
    let mut d = GhDeclaration::of([Move, Melee]);
    d.steps = vec![bonus];
    assert_eq!(
        kept_sides(&one_roll(d.clone(), &[1, 1], gh5e.clone())),
        vec![4, 8]
    );
    d.steps = vec![DieStep {
        effect: StepEffect::Bonus,
        die: Some(DieSize::D8),
    }];
    assert_eq!(kept_sides(&one_roll(d, &[1, 1], gh5e.clone())), vec![6, 6]);
    let mut d = GhDeclaration::of([Ranged]);
    d.steps = vec![bonus];
    assert_eq!(kept_sides(&one_roll(d, &[3], gh5e.clone())), vec![3]);
    let mut d = GhDeclaration::of([Melee]);
    d.steps = vec![penalty];
    assert_eq!(kept_sides(&one_roll(d, &[10], gh5e.clone())), vec![10]);
    // The source chain stops at d3; the extended chain reaches d2 (G-03).
    let mut d = GhDeclaration::of([Ranged]);
    d.steps = vec![bonus, bonus];
    assert_eq!(
        kept_sides(&one_roll(d.clone(), &[1], gh5e.clone())),
        vec![3]
    );
    let mut ext = gh5e;
    ext.greyhawk.step_chain = turnkeeper::dice::StepChain::Extended;
    assert_eq!(kept_sides(&one_roll(d, &[1], ext)), vec![2]);
}

#[test]
fn ex_gh_08_gh_dice_04_advantage_keeps_lower_on_largest_die() {
    let cfg = RulesetConfig::preset(Preset::Gh5e);
    let mut d = GhDeclaration::of([Move, Spell]);
    d.mode = RollMode::Advantage;
    // d6 = 2, d10 twice = 9 and 3 → keep 3.
    let r = one_roll(d.clone(), &[2, 9, 3], cfg.clone());
    assert_eq!(r.total, 5);
    assert_eq!(r.dice.iter().filter(|x| x.dropped).count(), 1);
    d.mode = RollMode::Disadvantage;
    assert_eq!(one_roll(d, &[2, 9, 3], cfg).total, 11);
}

#[test]
fn ex_gh_08_gh_surp_01_surprise_adds_ten_and_blocks_reactions_for_the_round() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("guard", "x", 10));
    t.add(newp("thief", "y", 10));
    t.run(
        EncounterCommand::SetSurprised {
            participants: vec![pid("guard")],
            surprised: true,
        },
        &[],
    );
    t.run(start(), &[]);
    t.declare("guard", gh(&[Move, Melee]));
    t.declare("thief", gh(&[Melee]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 3, 8],
    );
    assert_eq!(t.count("guard"), Some(15));
    t.fail(
        EncounterCommand::UseAction {
            participant: pid("guard"),
            kind: ActionKind::Reaction,
            slot: None,
        },
        &[],
        ErrorCode::NotAllowed,
    );
    end_round(&mut t);
    assert!(!t.enc.participant(&pid("guard")).unwrap().surprised);
    t.declare("guard", gh(&[Melee]));
    t.declare("thief", gh(&[Melee]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[5, 1],
    );
    t.run(
        EncounterCommand::UseAction {
            participant: pid("guard"),
            kind: ActionKind::Reaction,
            slot: None,
        },
        &[],
    );
}

#[test]
fn gh_dice_05_expiry_order_public_function() {
    let mut dice = turnkeeper::dice::SuppliedDice::new([12, 4, 12, 7, 15]);
    let order = expiry_order(3, &mut dice).unwrap();
    assert_eq!(order.order, vec![1, 0, 2]);
}

#[test]
fn gh_var_01_weapon_speed_uses_weapon_dice() {
    let mut cfg = RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.weapon_speed = true;
    let mut d = GhDeclaration::of([Move, Melee]);
    d.weapon = Some(WeaponDice {
        count: 2,
        die: DieSize::D6,
    });
    let r = one_roll(d, &[1, 2, 3], cfg.clone());
    assert_eq!(kept_sides(&r), vec![6, 6, 6]);
    // Without the weapon's dice the declaration is refused.
    let mut t = Table::new(cfg);
    t.add(newp("a", "x", 10));
    t.run(start(), &[]);
    t.fail(
        EncounterCommand::Declare {
            participant: pid("a"),
            declaration: gh(&[Melee]),
        },
        &[],
        ErrorCode::InvalidArgument,
    );
}

#[test]
fn gh_var_02_spell_disruption_on_damage_before_the_turn() {
    let mut cfg = RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.spell_disruption = true;
    let mut t = Table::new(cfg);
    t.add(newp("archer", "x", 10));
    t.add(newp("mage", "y", 10));
    t.add(newp("cleric", "y", 10));
    t.run(start(), &[]);
    t.declare("archer", gh(&[Ranged]));
    t.declare("mage", gh(&[Spell]));
    t.declare("cleric", gh(&[Spell]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 9, 5],
    );
    let ev = t.run(
        EncounterCommand::Harm {
            participant: pid("mage"),
            harm: Harm::Damage,
        },
        &[],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        EncounterEvent::SpellDisrupted {
            disruption: SpellDisruption::CantripsOnly,
            ..
        }
    )));
    // A hit without damage does not disrupt.
    let ev = t.run(
        EncounterCommand::Harm {
            participant: pid("cleric"),
            harm: Harm::Hit,
        },
        &[],
    );
    assert_eq!(ev.len(), 1);
    // Damage after its turn does not either.
    t.end_turn();
    t.end_turn();
    let ev = t.run(
        EncounterCommand::Harm {
            participant: pid("cleric"),
            harm: Harm::Damage,
        },
        &[],
    );
    assert_eq!(ev.len(), 1);
}

#[test]
fn gh_time_01_round_is_six_seconds_and_gh_time_02_boundaries_never_split_a_turn() {
    let mut t = example_of_play();
    assert_eq!(t.enc.round_length().seconds(), 6);
    for _ in 0..2 {
        for p in ["rupert", "delsenora", "rath", "troll"] {
            t.declare(p, gh(&[Melee]));
        }
        declare_hobs(&mut t, &HOBS, &[Ranged]);
        t.run(
            EncounterCommand::RollInitiative { no_actions: false },
            &[1, 2, 3, 4, 1],
        );
        end_round(&mut t);
    }
    assert_eq!(t.enc.elapsed_seconds(), 12);
    let mut open = 0i32;
    for e in &t.log {
        match e {
            EncounterEvent::TurnStarted { .. } => open += 1,
            EncounterEvent::TurnEnded { .. } => open -= 1,
            EncounterEvent::RoundStarted { .. } | EncounterEvent::RoundEnded { .. } => {
                assert_eq!(open, 0, "a round boundary fell inside a turn")
            }
            _ => {}
        }
    }
}

/// GH-VAR-02 through the encounter's own `damage` command: a caster that declared a spell and
/// takes damage before its turn casts only cantrips; damage absorbed entirely by immunity, or
/// dealt after the turn, does not disrupt.
#[test]
fn gh_var_02_damage_command_disrupts_a_declared_spell_before_the_turn() {
    use turnkeeper::creature::{Creature, CreatureKind, DamageChoices, DamageInstance};
    let mut cfg = RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.spell_disruption = true;
    let mut t = Table::new(cfg);
    t.add(newp("archer", "x", 10));
    t.add(newp("mage", "y", 10));
    t.add(newp("cleric", "y", 10));
    for id in ["mage", "cleric"] {
        t.run(
            EncounterCommand::SetCreature {
                participant: pid(id),
                creature: Some(Creature::new(CreatureKind::Pc, 20).unwrap()),
            },
            &[],
        );
    }
    t.run(start(), &[]);
    t.declare("archer", gh(&[Ranged]));
    t.declare("mage", gh(&[Spell]));
    t.declare("cleric", gh(&[Spell]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 9, 5],
    );
    let hit = |amount| EncounterCommand::Damage {
        participant: pid("mage"),
        damage: DamageInstance::attack(amount, None, false),
        choices: DamageChoices::default(),
    };
    let ev = t.run(hit(4), &[]);
    assert!(matches!(ev[0], EncounterEvent::Damaged { .. }));
    assert!(ev.iter().any(|e| matches!(
        e,
        EncounterEvent::SpellDisrupted {
            disruption: SpellDisruption::CantripsOnly,
            ..
        }
    )));
    assert_eq!(
        t.enc.participant(&pid("mage")).unwrap().spell,
        Some(SpellDisruption::CantripsOnly)
    );
    // Already disrupted: more damage adds nothing.
    let ev = t.run(hit(1), &[]);
    assert_eq!(ev.len(), 1);
    // The cleric acts (archer 1+.., cleric 5, mage 9): damage after its turn changes nothing.
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("cleric"));
    t.end_turn();
    let ev = t.run(
        EncounterCommand::Damage {
            participant: pid("cleric"),
            damage: DamageInstance::attack(3, None, false),
            choices: DamageChoices::default(),
        },
        &[],
    );
    assert_eq!(ev.len(), 1);
    assert_eq!(t.enc.participant(&pid("cleric")).unwrap().spell, None);
}

/// GH-VAR-02 is optional: with the variant off, damage disrupts nothing.
#[test]
fn gh_var_02_damage_command_without_the_variant_disrupts_nothing() {
    use turnkeeper::creature::{Creature, CreatureKind, DamageChoices, DamageInstance};
    let mut t = Table::new(RulesetConfig::preset(Preset::Gh5e));
    t.add(newp("archer", "x", 10));
    t.add(newp("mage", "y", 10));
    t.run(
        EncounterCommand::SetCreature {
            participant: pid("mage"),
            creature: Some(Creature::new(CreatureKind::Pc, 20).unwrap()),
        },
        &[],
    );
    t.run(start(), &[]);
    t.declare("archer", gh(&[Ranged]));
    t.declare("mage", gh(&[Spell]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 9],
    );
    let ev = t.run(
        EncounterCommand::Damage {
            participant: pid("mage"),
            damage: DamageInstance::attack(4, None, false),
            choices: DamageChoices::default(),
        },
        &[],
    );
    assert_eq!(ev.len(), 1);
}

/// GH-INIT-08: a batch of declarations is written in its short form (a bare list of
/// activities) only when the declaration is nothing but activities; a bonus action, a die step,
/// advantage or weapon dice keep the whole object, and each form reads back as declared.
#[test]
fn gh_init_08_declarations_keep_everything_beyond_their_activities() {
    use turnkeeper::encounter::ParticipantDeclaration;
    let mut cfg = RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.weapon_speed = true;
    let mut t = Table::new(cfg);
    let ids = ["plain", "bonus", "step", "mode", "weapon"];
    for id in ids {
        t.add(newp(id, "x", 10));
    }
    t.run(start(), &[]);
    let plain = GhDeclaration::of([Other]);
    let mut step = GhDeclaration::of([Other]);
    step.steps.push(DieStep {
        effect: StepEffect::Bonus,
        die: None,
    });
    let mut mode = GhDeclaration::of([Other]);
    mode.mode = RollMode::Advantage;
    let mut weapon = GhDeclaration::of([Melee]);
    weapon.weapon = Some(WeaponDice {
        count: 2,
        die: DieSize::D6,
    });
    let declared = [
        plain,
        GhDeclaration::of([Other]).with_bonus_action(Spell),
        step,
        mode,
        weapon,
    ];
    let declarations: Vec<ParticipantDeclaration> = ids
        .iter()
        .zip(&declared)
        .map(|(id, d)| ParticipantDeclaration {
            participant: pid(id),
            declaration: Declaration::Greyhawk(d.clone()),
        })
        .collect();
    let events = t.run(EncounterCommand::DeclareMany { declarations }, &[]);
    let wire = turnkeeper::wire::to_json(&events);
    assert_eq!(wire, serde_json::to_string(&events).expect("json"));
    assert!(wire.contains(r#""plain":["other"]"#), "{wire}");
    for key in ["bonusAction", "steps", "mode", "weapon"] {
        assert!(wire.contains(&format!("\"{key}\":")), "{key} lost: {wire}");
    }
    let back: Vec<EncounterEvent> =
        turnkeeper::wire::from_json(&wire, "events", ErrorCode::InvalidArgument)
            .expect("reads back");
    assert_eq!(back, events);
    let [EncounterEvent::DeclaredMany { declarations }] = back.as_slice() else {
        panic!("one declaredMany event expected, got {back:?}");
    };
    for (d, want) in declarations.iter().zip(&declared) {
        assert_eq!(d.declaration, Declaration::Greyhawk(want.clone()));
    }
}

/// GH-VAR-02: only a creature that planned a spell (as an action or as its bonus action) loses
/// it to damage before its turn; damage to one that planned no spell disrupts nothing.
#[test]
fn gh_var_02_only_a_planned_spell_is_disrupted() {
    let mut cfg = RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.spell_disruption = true;
    let mut t = Table::new(cfg);
    for id in ["first", "fighter", "bonus"] {
        t.add(newp(id, "x", 10));
    }
    t.run(start(), &[]);
    t.declare("first", gh(&[Ranged]));
    t.declare("fighter", gh(&[Melee]));
    t.declare(
        "bonus",
        Declaration::Greyhawk(GhDeclaration::of([Melee]).with_bonus_action(Spell)),
    );
    // first 1; fighter 8; bonus 8 + 10 = 18.
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 8, 8, 10],
    );
    assert_eq!(t.current().as_deref(), Some("first"));
    let harm = |id: &str| EncounterCommand::Harm {
        participant: pid(id),
        harm: Harm::Damage,
    };
    let ev = t.run(harm("fighter"), &[]);
    assert_eq!(ev.len(), 1, "no spell planned, nothing disrupted: {ev:?}");
    assert_eq!(t.enc.participant(&pid("fighter")).unwrap().spell, None);
    let ev = t.run(harm("bonus"), &[]);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            EncounterEvent::SpellDisrupted {
                disruption: SpellDisruption::CantripsOnly,
                ..
            }
        )),
        "{ev:?}"
    );
}

/// The documented limits of a Greyhawk declaration are exact: `MAX_ACTIVITIES` activities and
/// `MAX_STEPS` die steps are accepted and one more is `LIMIT_EXCEEDED`; weapon dice run from 1 to
/// `MAX_WEAPON_DICE` (GH-INIT-03/05, GH-DICE-03, GH-VAR-01).
#[test]
fn gh_declaration_limits_are_exact() {
    use turnkeeper::initiative::limits::{MAX_ACTIVITIES, MAX_STEPS, MAX_WEAPON_DICE};
    let at = GhDeclaration::of(vec![Melee; MAX_ACTIVITIES]);
    assert!(at.validate().is_ok());
    let past = GhDeclaration::of(vec![Melee; MAX_ACTIVITIES + 1]);
    assert_eq!(past.validate().unwrap_err().code, ErrorCode::LimitExceeded);

    let with_steps = |n: usize| {
        let mut d = GhDeclaration::of([Melee]);
        d.steps = vec![
            DieStep {
                effect: StepEffect::Penalty,
                die: None,
            };
            n
        ];
        d.validate()
    };
    assert!(with_steps(MAX_STEPS).is_ok());
    assert_eq!(
        with_steps(MAX_STEPS + 1).unwrap_err().code,
        ErrorCode::LimitExceeded
    );

    let with_weapon = |count: u8| {
        let mut d = GhDeclaration::of([Melee]);
        d.weapon = Some(WeaponDice {
            count,
            die: DieSize::D8,
        });
        d.validate()
    };
    assert!(with_weapon(1).is_ok());
    assert!(with_weapon(MAX_WEAPON_DICE).is_ok());
    for count in [0, MAX_WEAPON_DICE + 1] {
        assert_eq!(
            with_weapon(count).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
    }
}

/// Every Greyhawk option is part of the state's digest (followers compare digests, snapshots
/// store one as their checksum), so two tables that differ only in an option never look alike;
/// `order_expiries` at its default is left out, as digests from before it existed had it.
#[test]
fn every_greyhawk_option_changes_the_digest() {
    use turnkeeper::dice::DiceSource;
    use turnkeeper::dice::StepChain;
    use turnkeeper::encounter::Encounter;
    use turnkeeper::engine::Engine;
    use turnkeeper::initiative::greyhawk::{GreyhawkOptions, StepTarget};
    let digest = |change: &dyn Fn(&mut GreyhawkOptions)| {
        let mut cfg = RulesetConfig::preset(Preset::Gh5e);
        change(&mut cfg.greyhawk);
        Engine::new(Encounter::new(cfg).unwrap(), DiceSource::seeded(1).unwrap()).digest()
    };
    let default = digest(&|_| {});
    let changes: [&dyn Fn(&mut GreyhawkOptions); 8] = [
        &|o| o.step_chain = StepChain::Extended,
        &|o| o.bonus_target = StepTarget::Largest,
        &|o| o.penalty_target = StepTarget::Smallest,
        &|o| o.weapon_speed = true,
        &|o| o.spell_disruption = true,
        &|o| o.empty_declaration = EmptyDeclaration::DoesNotAct,
        &|o| o.group_rolls = false,
        &|o| o.order_expiries = false,
    ];
    let mut seen = vec![default];
    for (i, change) in changes.iter().enumerate() {
        let d = digest(*change);
        assert!(!seen.contains(&d), "option #{i} left the digest as it was");
        seen.push(d);
    }
}
