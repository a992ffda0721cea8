//! What a creature's conditions and its inability to act forbid it to spend through the
//! encounter (A5E-COND-15 and the conditions built on it, the no-reaction and either-or
//! conditions, the dying; SRD-COND-06 under 5e and Greyhawk; HYB-DEATH-01), and the reaction a
//! blocked critical hit takes (A5E-DMG-04). Every refusal is `NOT_ALLOWED` and leaves the state
//! as it was (`Table::fail` checks both).

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::conditions::{ConditionId, ids};
use turnkeeper::creature::{
    Creature, CreatureKind, CriticalDowngrade, DamageChoices, DamageInstance, DamageType, Track,
};
use turnkeeper::effects::{Duration, EffectSpec};
use turnkeeper::encounter::{ActionKind, EncounterCommand, EncounterEvent};
use turnkeeper::initiative::Activity::Melee;
use turnkeeper::rulesets::Preset;

const ACTION: ActionKind = ActionKind::Action;
const BONUS: ActionKind = ActionKind::BonusAction;
const MOVE: ActionKind = ActionKind::Movement;
const REACTION: ActionKind = ActionKind::Reaction;
const OBJECT: ActionKind = ActionKind::Interaction;

fn use_action(id: &str, kind: ActionKind) -> EncounterCommand {
    EncounterCommand::UseAction {
        participant: pid(id),
        kind,
        slot: None,
    }
}

/// `preset`, fixed counts a (20), b (15), c (10), started: a's turn.
fn abc(preset: Preset) -> Table {
    let mut t = Table::preset(preset);
    for (id, count) in [("a", 20), ("b", 15), ("c", 10)] {
        let mut p = newp(id, "x", 10);
        p.fixed_count = Some(count);
        t.add(p);
    }
    t.run(start(), &[]);
    t
}

fn give(t: &mut Table, id: &str, condition: ConditionId) {
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::condition(
                pid(id),
                condition,
                Duration::UntilRemoved,
            )],
            ongoing: None,
        },
        &[],
    );
}

/// Refused with `NOT_ALLOWED`, the state untouched; the message must name each of `names`.
fn refused(t: &mut Table, id: &str, kind: ActionKind, names: &[&str]) {
    let err = t.fail(use_action(id, kind), &[], ErrorCode::NotAllowed);
    for name in names {
        assert!(err.message.contains(name), "{kind:?}: {err}");
    }
}

fn pc(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp).unwrap().with_level(3)
}

fn set(t: &mut Table, id: &str, c: Creature) {
    t.run(
        EncounterCommand::SetCreature {
            participant: pid(id),
            creature: Some(c),
        },
        &[],
    );
}

#[test]
fn a5e_cond_15_incapacitated_takes_no_action_bonus_action_or_reaction() {
    let mut t = abc(Preset::A5e);
    give(&mut t, "a", ids::INCAPACITATED);
    for kind in [ACTION, BONUS, REACTION] {
        refused(&mut t, "a", kind, &["incapacitated", "A5E-COND-15"]);
    }
    // Use an Object is the action too (A5E-TURN-03).
    t.fail(
        EncounterCommand::UseAction {
            participant: pid("a"),
            kind: OBJECT,
            slot: Some(ACTION),
        },
        &[],
        ErrorCode::NotAllowed,
    );
    // Incapacitated alone does not stop it moving, nor a free object interaction.
    t.run(use_action("a", MOVE), &[]);
    t.run(use_action("a", OBJECT), &[]);
    // Off its turn, its reaction is refused too.
    t.end_turn();
    refused(&mut t, "a", REACTION, &["incapacitated"]);
}

#[test]
fn a5e_cond_18_19_26_27_paralyzed_petrified_stunned_unconscious_cannot_act_or_move() {
    for condition in [
        ids::PARALYZED,
        ids::PETRIFIED,
        ids::STUNNED,
        ids::UNCONSCIOUS,
    ] {
        let mut t = abc(Preset::A5e);
        give(&mut t, "a", condition.clone());
        give(&mut t, "b", condition.clone());
        for kind in [ACTION, BONUS, REACTION] {
            refused(
                &mut t,
                "a",
                kind,
                &["incapacitated", condition.as_str(), "A5E-COND-15"],
            );
        }
        // Each can't move either.
        refused(&mut t, "a", MOVE, &[condition.as_str()]);
        // Nor react on another's turn.
        refused(&mut t, "b", REACTION, &[condition.as_str()]);
    }
}

#[test]
fn a5e_death_02_a5e_cond_15_a_dying_pc_takes_no_action_until_it_wakes() {
    let mut t = abc(Preset::A5e);
    set(&mut t, "a", pc(5));
    t.run(
        EncounterCommand::Damage {
            participant: pid("a"),
            damage: DamageInstance::new(9, None),
            choices: DamageChoices::default(),
        },
        &[],
    );
    let p = t.enc.participant(&pid("a")).unwrap();
    assert!(!p.can_act);
    // Unconscious at 0 HP: incapacitated through it.
    for kind in [ACTION, BONUS, REACTION] {
        refused(&mut t, "a", kind, &["incapacitated", "unconscious"]);
    }
    refused(&mut t, "a", MOVE, &["unconscious"]);
    // Healed, it acts again.
    t.run(
        EncounterCommand::Heal {
            participant: pid("a"),
            amount: 3,
        },
        &[],
    );
    for kind in [ACTION, BONUS, MOVE, REACTION] {
        t.run(use_action("a", kind), &[]);
    }
}

#[test]
fn gh_init_12_a5e_cond_15_a_participant_set_unable_to_act_takes_no_action() {
    let mut t = abc(Preset::A5e);
    t.run(
        EncounterCommand::SetCanAct {
            participant: pid("a"),
            can_act: false,
        },
        &[],
    );
    for kind in [ACTION, BONUS, REACTION] {
        refused(&mut t, "a", kind, &["canAct"]);
    }
    // No condition says it can't move.
    t.run(use_action("a", MOVE), &[]);
    t.run(
        EncounterCommand::SetCanAct {
            participant: pid("a"),
            can_act: true,
        },
        &[],
    );
    t.run(use_action("a", ACTION), &[]);
}

#[test]
fn a5e_cond_25_slowed_no_reaction_and_an_action_or_a_bonus_action() {
    let mut t = abc(Preset::A5e);
    give(&mut t, "a", ids::SLOWED);
    give(&mut t, "b", ids::SLOWED);
    refused(&mut t, "a", REACTION, &["slowed", "A5E-COND-25"]);
    refused(&mut t, "b", REACTION, &["slowed"]);
    // Its movement (halved) is its own; an action rules the bonus action out.
    t.run(use_action("a", MOVE), &[]);
    t.run(use_action("a", ACTION), &[]);
    refused(&mut t, "a", BONUS, &["slowed", "action"]);
    // On b's turn, the other way round.
    t.end_turn();
    t.run(use_action("b", BONUS), &[]);
    refused(&mut t, "b", ACTION, &["slowed", "bonus action"]);
    t.run(use_action("b", MOVE), &[]);
}

#[test]
fn a5e_cond_06_23_confused_and_rattled_take_no_reactions() {
    let mut t = abc(Preset::A5e);
    give(&mut t, "b", ids::CONFUSED);
    give(&mut t, "c", ids::RATTLED);
    refused(&mut t, "b", REACTION, &["confused", "A5E-COND-06"]);
    refused(&mut t, "c", REACTION, &["rattled", "A5E-COND-23"]);
    t.end_turn();
    // Their own turns are not limited by either.
    for kind in [ACTION, BONUS, MOVE] {
        t.run(use_action("b", kind), &[]);
    }
}

#[test]
fn a5e_cond_17_manic_an_action_or_a_move_not_both() {
    let mut t = abc(Preset::A5e);
    give(&mut t, "a", ids::MANIC);
    give(&mut t, "b", ids::MANIC);
    t.run(use_action("a", ACTION), &[]);
    refused(&mut t, "a", MOVE, &["manic", "A5E-COND-17"]);
    t.end_turn();
    t.run(use_action("b", MOVE), &[]);
    refused(&mut t, "b", ACTION, &["manic"]);
}

#[test]
fn a5e_track_08_strife_3_an_action_or_a_bonus_action() {
    let mut t = abc(Preset::A5e);
    let mut c = pc(20);
    c.strife = Track::new(3);
    set(&mut t, "a", c);
    t.run(use_action("a", BONUS), &[]);
    refused(&mut t, "a", ACTION, &["strife 3", "A5E-TRACK-08"]);
    t.run(use_action("a", REACTION), &[]);
}

#[test]
fn a5e_turn_02_a_creature_without_such_conditions_spends_every_slot() {
    let mut t = abc(Preset::A5e);
    set(&mut t, "a", pc(20));
    // Conditions that limit rolls or speed, not what it may spend.
    for condition in [ids::POISONED, ids::PRONE, ids::GRAPPLED, ids::FRIGHTENED] {
        give(&mut t, "a", condition);
    }
    assert!(t.enc.participant(&pid("a")).unwrap().can_act);
    for kind in [ACTION, BONUS, MOVE, OBJECT, REACTION] {
        t.run(use_action("a", kind), &[]);
    }
    // A participant with neither stats nor conditions, likewise.
    t.run(use_action("b", REACTION), &[]);
}

#[test]
fn srd_cond_06_13_incapacitated_and_stunned_under_5e() {
    let mut t = abc(Preset::Standard);
    give(&mut t, "a", ids::INCAPACITATED);
    give(&mut t, "b", ids::STUNNED);
    for kind in [ACTION, BONUS, REACTION] {
        refused(&mut t, "a", kind, &["incapacitated", "SRD-COND-06"]);
    }
    refused(&mut t, "b", REACTION, &["incapacitated", "stunned"]);
    t.run(use_action("c", REACTION), &[]);
}

#[test]
fn srd_cond_06_gh_init_09_12_greyhawk_refuses_the_activities_and_reaction_of_a_creature_that_cannot_act()
 {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    t.add(newp("b", "y", 10));
    t.add(newp("c", "y", 10));
    t.run(start(), &[]);
    for id in ["a", "b", "c"] {
        t.declare(id, gh(&[Melee]));
    }
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 5, 7],
    );
    assert_eq!(t.current().as_deref(), Some("a"));
    // Stunned on its own turn (by a reaction, say): no melee attack, no reaction.
    give(&mut t, "a", ids::STUNNED);
    let err = t.fail(
        EncounterCommand::Act {
            participant: pid("a"),
            activity: Melee,
        },
        &[],
        ErrorCode::NotAllowed,
    );
    assert!(err.message.contains("stunned"), "{err}");
    refused(&mut t, "a", REACTION, &["stunned", "SRD-COND-06"]);
    // A creature set unable to act has no reaction either (GH-INIT-12).
    t.run(
        EncounterCommand::SetCanAct {
            participant: pid("b"),
            can_act: false,
        },
        &[],
    );
    refused(&mut t, "b", REACTION, &["canAct"]);
    t.run(use_action("c", REACTION), &[]);
}

#[test]
fn hyb_death_01_a_combatant_that_cannot_act_takes_no_quick_action() {
    let mut t = Table::preset(Preset::Hyb);
    for (id, dex) in [("a", 16), ("b", 12)] {
        t.add(newp(id, "x", dex));
    }
    t.run(start(), &[]);
    t.run(
        EncounterCommand::SetCanAct {
            participant: pid("b"),
            can_act: false,
        },
        &[],
    );
    // A quick action may be taken off its turn (HYB-ACT-05), but not by one that can't act.
    refused(&mut t, "b", ActionKind::Quick, &["canAct"]);
    t.run(use_action("a", ActionKind::Quick), &[]);
    t.run(use_action("a", ActionKind::Active), &[]);
}

// ---- A5E-DMG-04: the block takes the reaction ----

fn crit() -> DamageInstance {
    DamageInstance::attack(10, Some(DamageType::Piercing), true).critical()
}

fn with(downgrade: CriticalDowngrade) -> DamageChoices {
    DamageChoices {
        critical_downgrade: Some(downgrade),
        ..DamageChoices::default()
    }
}

fn blocked(id: &str) -> EncounterCommand {
    EncounterCommand::Damage {
        participant: pid(id),
        damage: crit(),
        choices: with(CriticalDowngrade::Block),
    }
}

/// A5E: a, b and c with 40 HP each.
fn armed() -> Table {
    let mut t = Table::preset(Preset::A5e);
    for (id, count) in [("a", 20), ("b", 15), ("c", 10)] {
        let mut p = newp(id, "x", 10);
        p.fixed_count = Some(count);
        t.add(p);
        set(&mut t, id, pc(40));
    }
    t
}

#[test]
fn a5e_dmg_04_blocking_a_critical_hit_in_an_encounter_spends_the_reaction() {
    let mut t = armed();
    t.run(start(), &[]);
    let ev = t.run(blocked("b"), &[]);
    assert!(
        matches!(
            ev.as_slice(),
            [
                EncounterEvent::ActionUsed {
                    participant,
                    kind: ActionKind::Reaction,
                    slot: ActionKind::Reaction,
                },
                EncounterEvent::Damaged { .. },
                ..
            ] if participant == &pid("b")
        ),
        "{ev:?}"
    );
    let b = t.creature("b");
    assert_eq!(b.hp.current, 30, "a regular hit");
    assert_eq!(b.fatigue.level(), 1);
    assert!(b.crit_block_used);
    // Its reaction is gone for the round.
    refused(&mut t, "b", REACTION, &["already used its reaction"]);
    // Sacrificing a shield needs no reaction.
    let ev = t.run(
        EncounterCommand::Damage {
            participant: pid("c"),
            damage: crit(),
            choices: with(CriticalDowngrade::SacrificeShield),
        },
        &[],
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, EncounterEvent::ActionUsed { .. }))
    );
    t.run(use_action("c", REACTION), &[]);
}

#[test]
fn a5e_dmg_04_no_block_without_the_reaction() {
    let mut t = armed();
    t.run(
        EncounterCommand::SetSurprised {
            participants: vec![pid("c")],
            surprised: true,
        },
        &[],
    );
    t.run(start(), &[]);
    // Reaction already used this round.
    t.run(use_action("b", REACTION), &[]);
    let err = t.fail(blocked("b"), &[], ErrorCode::NotAllowed);
    assert!(err.message.contains("A5E-DMG-04"), "{err}");
    assert!(err.message.contains("already used its reaction"), "{err}");
    // Surprised, before its first turn is over (A5E-SURP-02).
    let err = t.fail(blocked("c"), &[], ErrorCode::NotAllowed);
    assert!(err.message.contains("surprised"), "{err}");
    // A condition that forbids reactions: stunned (incapacitated) and slowed.
    give(&mut t, "a", ids::SLOWED);
    let err = t.fail(blocked("a"), &[], ErrorCode::NotAllowed);
    assert!(err.message.contains("slowed"), "{err}");
    t.end_turn();
    t.end_turn();
    t.end_turn();
    // Round 2, a's turn: c's surprise is over, b's reaction is back.
    give(&mut t, "b", ids::STUNNED);
    let err = t.fail(blocked("b"), &[], ErrorCode::NotAllowed);
    assert!(err.message.contains("stunned"), "{err}");
    // None of these refusals spent the once-per-rest block.
    for id in ["a", "b", "c"] {
        assert!(!t.creature(id).crit_block_used, "{id}");
    }
    t.run(blocked("c"), &[]);
    assert!(t.creature("c").crit_block_used);
}

#[test]
fn a5e_dmg_04_outside_the_rounds_the_block_is_the_sheets_alone() {
    let mut t = armed();
    // Before the encounter starts there is no action economy: the block goes ahead alone.
    let ev = t.run(blocked("a"), &[]);
    assert!(matches!(
        ev.as_slice(),
        [EncounterEvent::Damaged { .. }, ..]
    ));
    assert!(t.creature("a").crit_block_used);
    t.run(start(), &[]);
    // a's reaction is untouched by that block.
    t.run(use_action("a", REACTION), &[]);
}
