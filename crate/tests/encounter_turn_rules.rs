//! Who takes a turn, and when a death save is made, per ruleset: the dead never act; a creature
//! unable to act takes no turn where its initiative system says so (and the GM may give it one
//! anyway); a death save comes once, at the time the ruleset gives it; Greyhawk rolls only
//! what was declared; a resumed delayer takes the next place in the order, never the turn
//! under way.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::conditions::RollMode;
use turnkeeper::creature::{Creature, CreatureKind, DamageChoices, DamageInstance, DeathState};
use turnkeeper::encounter::{EncounterCommand, EncounterEvent, SkipReason, TurnStatus};
use turnkeeper::initiative::Activity::{Melee, Move};
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn roll() -> EncounterCommand {
    EncounterCommand::RollInitiative { no_actions: false }
}

fn pc(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp).unwrap().with_level(3)
}

fn monster(hp: u32) -> Creature {
    Creature::new(CreatureKind::Monster, hp).unwrap()
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

fn damage(t: &mut Table, id: &str, amount: i32) -> Vec<EncounterEvent> {
    t.run(
        EncounterCommand::Damage {
            participant: pid(id),
            damage: DamageInstance::new(amount, None),
            choices: DamageChoices::default(),
        },
        &[],
    )
}

fn save(id: &str) -> EncounterCommand {
    EncounterCommand::DeathSave {
        participant: pid(id),
        modifier: 0,
        mode: RollMode::Normal,
    }
}

fn grant(id: &str) -> EncounterCommand {
    EncounterCommand::GrantTurn {
        participant: pid(id),
    }
}

fn skipped(events: &[EncounterEvent], id: &str) -> Option<SkipReason> {
    events.iter().find_map(|e| match e {
        EncounterEvent::TurnSkipped {
            participant,
            reason,
            ..
        } if participant == &pid(id) => Some(*reason),
        _ => None,
    })
}

fn resolution(events: &[EncounterEvent]) -> Option<Vec<String>> {
    events.iter().find_map(|e| match e {
        EncounterEvent::EndOfRoundResolution { participants, .. } => {
            Some(participants.iter().map(|p| p.to_string()).collect())
        }
        _ => None,
    })
}

fn status(t: &Table, id: &str) -> TurnStatus {
    t.enc.participant(&pid(id)).unwrap().turn
}

fn death(t: &Table, id: &str) -> DeathState {
    t.enc
        .participant(&pid(id))
        .unwrap()
        .creature
        .as_ref()
        .unwrap()
        .death
}

/// Greyhawk: a (dex 14), b (dex 12), c (dex 10), d (dex 8) all declare melee and roll 1, 2,
/// 3, 4: the order is a, b, c, d and a's turn is under way.
fn greyhawk_abcd() -> Table {
    let mut t = Table::preset(Preset::Gh5e);
    for (id, dex) in [("a", 14), ("b", 12), ("c", 10), ("d", 8)] {
        t.add(newp(id, if id == "a" { "party" } else { "foes" }, dex));
    }
    t.run(start(), &[]);
    for id in ["a", "b", "c", "d"] {
        t.declare(id, gh(&[Melee]));
    }
    t.run(roll(), &[1, 2, 3, 4]);
    assert_eq!(t.order(), strs(&["a", "b", "c", "d"]));
    t
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn gh_init_12_the_dead_and_the_unable_to_act_take_no_turn() {
    let mut t = greyhawk_abcd();
    set(&mut t, "b", monster(5));
    set(&mut t, "c", pc(5));
    damage(&mut t, "b", 9); // a monster at 0 HP dies (A5E-DEATH-11)
    damage(&mut t, "c", 9); // a PC at 0 HP is dying and cannot act
    assert!(t.enc.participant(&pid("b")).unwrap().is_dead());
    let ev = t.end_turn();
    assert_eq!(skipped(&ev, "b"), Some(SkipReason::Dead));
    assert_eq!(skipped(&ev, "c"), Some(SkipReason::UnableToAct));
    assert_eq!(t.current().as_deref(), Some("d"));
    assert_eq!(status(&t, "b"), TurnStatus::Skipped);
    // The end of the round resolves the dying PC, never the dead monster.
    let ev = t.end_turn();
    assert_eq!(resolution(&ev), Some(strs(&["c"])));
    // Next round: neither rolls (GH-INIT-12), so neither need declare.
    t.declare("a", gh(&[Melee]));
    t.declare("d", gh(&[Move]));
    t.run(roll(), &[5, 2]);
    assert_eq!(t.order(), strs(&["d", "a"]));
}

#[test]
fn gh_init_12_death_saves_wait_for_the_end_of_the_round_and_come_once() {
    let mut t = greyhawk_abcd();
    set(&mut t, "b", pc(5));
    damage(&mut t, "b", 9);
    // During the round's turns: not yet.
    let err = t.fail(save("b"), &[12], ErrorCode::OutOfOrder);
    assert!(err.message.contains("end of the round"), "{err}");
    for _ in 0..3 {
        t.end_turn();
    }
    assert_eq!(t.enc.round(), 1);
    t.run(save("b"), &[12]);
    assert_eq!(
        death(&t, "b"),
        DeathState::Dying {
            successes: 1,
            failures: 0
        }
    );
    // A second save for the same round is refused and changes nothing.
    let err = t.fail(save("b"), &[3], ErrorCode::OutOfOrder);
    assert!(err.message.contains("round 1"), "{err}");
    // The next round's end brings the next save.
    for id in ["a", "c", "d"] {
        t.declare(id, gh(&[Melee]));
    }
    t.run(roll(), &[1, 2, 3]);
    t.fail(save("b"), &[3], ErrorCode::OutOfOrder);
    for _ in 0..3 {
        t.end_turn();
    }
    t.run(save("b"), &[3]);
    assert_eq!(
        death(&t, "b"),
        DeathState::Dying {
            successes: 1,
            failures: 1
        }
    );
}

#[test]
fn gh_init_12_the_gm_may_grant_a_skipped_turn() {
    let mut t = greyhawk_abcd();
    set(&mut t, "b", pc(5));
    damage(&mut t, "b", 9);
    // Only a skipped participant can be granted a turn.
    t.fail(grant("c"), &[], ErrorCode::OutOfOrder);
    let ev = t.end_turn();
    assert_eq!(skipped(&ev, "b"), Some(SkipReason::UnableToAct));
    assert_eq!(t.current().as_deref(), Some("c"));
    // Healed during c's turn, b gets its turn anyway: after c's, before d's.
    t.run(
        EncounterCommand::Heal {
            participant: pid("b"),
            amount: 3,
        },
        &[],
    );
    let ev = t.run(grant("b"), &[]);
    assert!(
        matches!(ev.as_slice(), [EncounterEvent::TurnGranted { participant, .. }] if participant == &pid("b"))
    );
    assert_eq!(t.current().as_deref(), Some("c"));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("b"));
    assert_eq!(status(&t, "b"), TurnStatus::Resumed);
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("d"));
    // Granted once: it is no longer skipped.
    t.fail(grant("b"), &[], ErrorCode::OutOfOrder);
}

#[test]
fn gh_init_01_roll_initiative_names_who_has_not_declared() {
    let mut t = Table::preset(Preset::Gh5e);
    for (id, dex) in [("a", 14), ("b", 12), ("c", 10)] {
        t.add(newp(id, "x", dex));
    }
    t.run(start(), &[]);
    t.declare("a", gh(&[Melee]));
    let err = t.fail(roll(), &[4], ErrorCode::OutOfOrder);
    assert!(
        err.message.contains("\"b\", \"c\" have not declared"),
        "{err}"
    );
    assert!(!err.message.contains("\"a\""), "{err}");
    // A creature that cannot act does not roll (GH-INIT-12) and need not declare.
    t.run(
        EncounterCommand::SetCanAct {
            participant: pid("c"),
            can_act: false,
        },
        &[],
    );
    let err = t.fail(roll(), &[4], ErrorCode::OutOfOrder);
    assert!(err.message.contains("\"b\" has not declared"), "{err}");
    t.declare("b", gh(&[Move]));
    t.run(roll(), &[4, 2]);
    assert_eq!(t.order(), strs(&["b", "a"]));
}

#[test]
fn gh_init_16_no_actions_rolls_the_undeclared_as_empty_plans() {
    let mut t = Table::preset(Preset::Gh5e);
    for (id, dex) in [("a", 14), ("b", 12)] {
        t.add(newp(id, "x", dex));
    }
    t.run(start(), &[]);
    t.declare("a", gh(&[Melee]));
    let ev = t.run(EncounterCommand::RollInitiative { no_actions: true }, &[4]);
    // b declared nothing: no dice, count 0 (the preset's reading of GH-INIT-16).
    let rolls = ev
        .iter()
        .find_map(|e| match e {
            EncounterEvent::InitiativeRolled { rolls } => Some(rolls.clone()),
            _ => None,
        })
        .unwrap();
    let b = rolls
        .iter()
        .find(|r| r.participants.contains(&pid("b")))
        .unwrap();
    assert!(b.dice.is_empty());
    assert_eq!(b.total, 0);
    assert_eq!(t.order(), strs(&["b", "a"]));
    // The option belongs to Greyhawk declarations.
    let mut o = Table::preset(Preset::Ose);
    o.add(newp("f", "party", 10));
    o.add(newp("g", "goblins", 10));
    o.run(start(), &[]);
    o.fail(
        EncounterCommand::RollInitiative { no_actions: true },
        &[3, 4],
        ErrorCode::InvalidArgument,
    );
}

#[test]
fn gh_init_13_a_resumed_delayer_acts_after_the_turn_under_way() {
    let mut t = greyhawk_abcd();
    t.run(
        EncounterCommand::Delay {
            participant: pid("a"),
        },
        &[],
    );
    assert_eq!(t.current().as_deref(), Some("b"));
    // Resuming during b's turn does not interrupt it: a takes the next place.
    t.run(
        EncounterCommand::Resume {
            participant: pid("a"),
            cut_in: vec![],
        },
        &[],
    );
    assert_eq!(t.current().as_deref(), Some("b"));
    assert_eq!(status(&t, "b"), TurnStatus::Started);
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("a"));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("c"));
}

/// A5E, fixed counts a (20), b (15), c (10), started: a's turn is under way.
fn fixed_abc(preset: Preset) -> Table {
    let mut t = Table::preset(preset);
    for (id, count) in [("a", 20), ("b", 15), ("c", 10)] {
        let mut p = newp(id, "x", 10);
        p.fixed_count = Some(count);
        t.add(p);
    }
    t.run(start(), &[]);
    assert_eq!(t.current().as_deref(), Some("a"));
    t
}

#[test]
fn a5e_death_03_a_dying_creature_keeps_its_turn_and_saves_once_at_its_start() {
    let mut t = fixed_abc(Preset::A5e);
    set(&mut t, "b", pc(5));
    damage(&mut t, "b", 9);
    assert!(!t.enc.participant(&pid("b")).unwrap().can_act);
    // Not on a's turn.
    let err = t.fail(save("b"), &[12], ErrorCode::OutOfOrder);
    assert!(err.message.contains("its own turn"), "{err}");
    // Its turn comes: unable to act, it still has the turn its save belongs to.
    let ev = t.end_turn();
    assert_eq!(skipped(&ev, "b"), None);
    assert_eq!(t.current().as_deref(), Some("b"));
    t.run(save("b"), &[12]);
    t.fail(save("b"), &[20], ErrorCode::OutOfOrder);
    assert_eq!(
        death(&t, "b"),
        DeathState::Dying {
            successes: 1,
            failures: 0
        }
    );
}

#[test]
fn a5e_death_03_three_failures_and_the_dead_take_no_turn() {
    let mut t = fixed_abc(Preset::A5e);
    set(&mut t, "b", pc(5));
    damage(&mut t, "b", 9);
    // Two failures by damage at 0 HP (A5E-DEATH-06), the third on its turn.
    damage(&mut t, "b", 1);
    damage(&mut t, "b", 1);
    t.end_turn();
    t.run(save("b"), &[3]);
    assert!(matches!(death(&t, "b"), DeathState::Dead { .. }));
    t.end_turn();
    t.end_turn(); // c; round 2 begins with a
    assert_eq!(t.enc.round(), 2);
    let ev = t.end_turn();
    assert_eq!(skipped(&ev, "b"), Some(SkipReason::Dead));
    assert_eq!(t.current().as_deref(), Some("c"));
}

#[test]
fn a5e_death_11_standard_preset_skips_a_dead_monster_and_keeps_a_stunned_creatures_turn() {
    let mut t = fixed_abc(Preset::Standard);
    set(&mut t, "b", monster(5));
    damage(&mut t, "b", 9);
    set(&mut t, "c", pc(10));
    t.run(
        EncounterCommand::SetCanAct {
            participant: pid("c"),
            can_act: false,
        },
        &[],
    );
    let ev = t.end_turn();
    assert_eq!(skipped(&ev, "b"), Some(SkipReason::Dead));
    // 5e: a creature that cannot act still has its turn (its effects end on it).
    assert_eq!(skipped(&ev, "c"), None);
    assert_eq!(t.current().as_deref(), Some("c"));
    // The GM may give the dead monster its turn anyway (a last act).
    t.run(grant("b"), &[]);
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("b"));
}

#[test]
fn hyb_death_01_a_combatant_at_zero_takes_no_turn() {
    let mut t = Table::preset(Preset::Hyb);
    for (id, dex) in [("a", 16), ("b", 12), ("c", 8)] {
        t.add(newp(id, "x", dex));
    }
    t.run(start(), &[]);
    assert_eq!(t.order(), strs(&["a", "b", "c"]));
    set(&mut t, "b", pc(5));
    damage(&mut t, "b", 9);
    assert!(!t.enc.participant(&pid("b")).unwrap().can_act);
    let ev = t.end_turn();
    assert_eq!(skipped(&ev, "b"), Some(SkipReason::UnableToAct));
    assert_eq!(t.current().as_deref(), Some("c"));
    // HYB has no death saves.
    t.fail(save("b"), &[12], ErrorCode::NotAllowed);
}

#[test]
fn hyb_init_02_a_resumed_delayer_takes_the_next_place_not_the_current_turn() {
    let mut t = Table::preset(Preset::Hyb);
    for (id, dex) in [("a", 16), ("b", 12), ("c", 8)] {
        t.add(newp(id, "x", dex));
    }
    t.run(start(), &[]);
    t.run(
        EncounterCommand::Delay {
            participant: pid("a"),
        },
        &[],
    );
    t.run(
        EncounterCommand::Resume {
            participant: pid("a"),
            cut_in: vec![],
        },
        &[],
    );
    assert_eq!(t.current().as_deref(), Some("b"));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("a"));
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("c"));
}

#[test]
fn ose_dmg_01_the_dead_take_no_turn() {
    let mut config = RulesetConfig::preset(Preset::Ose);
    config.ose.individual = true;
    let mut t = Table::new(config);
    t.add(newp("a", "party", 10));
    t.add(newp("b", "goblins", 10));
    t.add(newp("c", "goblins", 10));
    t.run(start(), &[]);
    t.run(roll(), &[6, 4, 2]);
    assert_eq!(t.order(), strs(&["a", "b", "c"]));
    set(&mut t, "b", monster(3));
    damage(&mut t, "b", 3);
    let ev = t.end_turn();
    assert_eq!(skipped(&ev, "b"), Some(SkipReason::Dead));
    assert_eq!(t.current().as_deref(), Some("c"));
}

#[test]
fn ose_init_01_a_dead_member_takes_no_part_in_its_sides_turn() {
    let mut t = Table::preset(Preset::Ose);
    t.add(newp("a", "party", 10));
    t.add(newp("b", "goblins", 10));
    t.add(newp("c", "goblins", 10));
    t.run(start(), &[]);
    set(&mut t, "b", monster(3));
    damage(&mut t, "b", 3);
    // Goblins win the roll: only the living goblin's turn starts.
    let ev = t.run(roll(), &[2, 5]);
    let started: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::TurnStarted { participant, .. } => Some(participant.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(started, strs(&["c"]));
}

#[test]
fn gh_init_12_5e_creature_rules_save_at_the_end_of_the_round_without_fatigue() {
    use turnkeeper::creature::{CreatureRules, Track};
    let config = RulesetConfig::preset(Preset::Gh5e).with_creature_rules(CreatureRules::srd5e());
    let mut t = Table::new(config);
    for (id, dex) in [("a", 14), ("b", 12)] {
        t.add(newp(id, "x", dex));
    }
    t.run(start(), &[]);
    t.declare("a", gh(&[Melee]));
    t.declare("b", gh(&[Melee]));
    t.run(roll(), &[1, 2]);
    set(&mut t, "b", pc(5));
    damage(&mut t, "b", 9);
    let b = |t: &Table| {
        t.enc
            .participant(&pid("b"))
            .unwrap()
            .creature
            .clone()
            .unwrap()
    };
    assert_eq!(b(&t).fatigue, Track::default());
    t.end_turn(); // a; b is skipped and the round ends
    // A natural 1: two failures under 5e.
    t.run(save("b"), &[1]);
    assert_eq!(
        death(&t, "b"),
        DeathState::Dying {
            successes: 0,
            failures: 2
        }
    );
    assert_eq!(b(&t).strife, Track::default());
    // The fight ends with nothing pending (5e has no delayed fatigue).
    t.run(EncounterCommand::End, &[]);
    assert_eq!(b(&t).fatigue, Track::default());
}

/// When every creature in the order would lose its turn (here all at 0 HP under the hybrid
/// rules, HYB-DEATH-01), the round ends and the next one waits for the GM instead of opening and
/// ending rounds without turns for ever; each `nextRound` then passes one round, and once someone
/// can act again the rounds run as before.
#[test]
fn hyb_death_01_a_round_where_nobody_can_act_waits_for_the_gm() {
    let mut t = Table::preset(Preset::Hyb);
    for (id, dex) in [("a", 16), ("b", 12)] {
        t.add(newp(id, "x", dex));
    }
    t.run(start(), &[]);
    set(&mut t, "a", pc(5));
    set(&mut t, "b", pc(5));
    damage(&mut t, "b", 9);
    damage(&mut t, "a", 9);
    let ev = t.end_turn();
    assert_eq!(skipped(&ev, "b"), Some(SkipReason::UnableToAct));
    let ends = |ev: &[EncounterEvent]| {
        ev.iter()
            .filter(|e| matches!(e, EncounterEvent::RoundEnded { .. }))
            .count()
    };
    assert_eq!(ends(&ev), 1, "round 1 ends once");
    assert_eq!(t.enc.round(), 1);
    assert_eq!(t.current(), None);
    let ev = t.run(EncounterCommand::NextRound, &[]);
    assert_eq!(ends(&ev), 1, "one round per nextRound");
    assert_eq!(skipped(&ev, "a"), Some(SkipReason::UnableToAct));
    assert_eq!(t.enc.round(), 2);
    // Back on its feet (the GM sets its record anew), a acts again when the GM moves on.
    set(&mut t, "a", pc(5));
    t.run(EncounterCommand::NextRound, &[]);
    assert_eq!(t.enc.round(), 3);
    assert_eq!(t.current().as_deref(), Some("a"));
}

// ---- GH-INIT-12 with ongoing damage (A5E-DMG-06) ----

/// The Damaged events that carry ongoing damage, by target.
fn ongoing_hits(events: &[EncounterEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::Damaged {
                participant,
                ongoing: Some(_),
                ..
            } => Some(participant.to_string()),
            _ => None,
        })
        .collect()
}

/// Where the first event matching `f` is.
fn at(events: &[EncounterEvent], f: impl Fn(&EncounterEvent) -> bool) -> usize {
    events
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("no such event in {events:?}"))
}

fn burn(t: &mut Table, id: &str) {
    use turnkeeper::creature::{DamageType, OngoingDamage};
    use turnkeeper::dice::{DiceSpec, DieSize};
    use turnkeeper::effects::{Duration, EffectSpec};
    use turnkeeper::encounter::EffectOngoing;
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::named(
                pid(id),
                "burning",
                Duration::UntilRemoved,
            )],
            ongoing: Some(EffectOngoing {
                damage: OngoingDamage {
                    dice: DiceSpec::new(1, DieSize::D10),
                    damage_type: Some(DamageType::Fire),
                },
                choices: DamageChoices::default(),
            }),
        },
        &[],
    );
}

fn stun(t: &mut Table, id: &str) {
    use turnkeeper::conditions::ids;
    use turnkeeper::effects::{Duration, EffectSpec};
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::condition(
                pid(id),
                ids::STUNNED,
                Duration::UntilRemoved,
            )],
            ongoing: None,
        },
        &[],
    );
}

fn hp(t: &Table, id: &str) -> u32 {
    t.creature(id).hp.current
}

/// A5E creatures under Greyhawk initiative: a (dex 14) and b (dex 12), started, declaring.
fn a5e_greyhawk_ab() -> Table {
    use turnkeeper::initiative::InitiativeSystem;
    let config = RulesetConfig::preset(Preset::A5e).with_initiative(InitiativeSystem::Greyhawk);
    let mut t = Table::new(config);
    t.add(newp("a", "party", 14));
    t.add(newp("b", "foes", 12));
    t.run(start(), &[]);
    t
}

#[test]
fn gh_init_12_a5e_dmg_06_ongoing_damage_reaches_a_skipped_creature_at_the_end_of_the_round() {
    let mut t = a5e_greyhawk_ab();
    set(&mut t, "b", monster(30));
    stun(&mut t, "b");
    burn(&mut t, "b");
    // Stunned, b does not roll (GH-INIT-12): a alone is in the order.
    t.declare("a", gh(&[Melee]));
    t.run(roll(), &[4]);
    assert_eq!(t.order(), strs(&["a"]));
    // a's turn ends, then the round: b's end-of-round resolution rolls its 1d10 fire, once.
    let ev = t.run(EncounterCommand::EndTurn, &[7]);
    assert_eq!(resolution(&ev), Some(strs(&["b"])));
    assert_eq!(ongoing_hits(&ev), strs(&["b"]));
    let resolved = at(&ev, |e| {
        matches!(e, EncounterEvent::EndOfRoundResolution { .. })
    });
    let hit = at(&ev, |e| {
        matches!(
            e,
            EncounterEvent::Damaged {
                ongoing: Some(_),
                ..
            }
        )
    });
    let ended = at(&ev, |e| matches!(e, EncounterEvent::RoundEnded { .. }));
    assert!(resolved < hit && hit < ended, "{ev:?}");
    assert_eq!(hp(&t, "b"), 23);
    // And again at the end of each round it stays stunned.
    t.declare("a", gh(&[Melee]));
    t.run(roll(), &[2]);
    let ev = t.run(EncounterCommand::EndTurn, &[5]);
    assert_eq!(ongoing_hits(&ev), strs(&["b"]));
    assert_eq!(hp(&t, "b"), 18);
}

/// The same creature under A5E initiative keeps its turn and burns as it ends: Greyhawk now
/// deals it the same damage, only at the end of the round.
#[test]
fn gh_init_12_a5e_dmg_06_a_skipped_creature_burns_as_much_as_under_a5e_initiative() {
    let mut t = fixed_abc(Preset::A5e);
    set(&mut t, "b", monster(30));
    stun(&mut t, "b");
    burn(&mut t, "b");
    t.end_turn(); // a
    let ev = t.run(EncounterCommand::EndTurn, &[7]); // b's turn (stunned) ends
    assert_eq!(ongoing_hits(&ev), strs(&["b"]));
    let a5e_hp = hp(&t, "b");

    let mut t = a5e_greyhawk_ab();
    set(&mut t, "b", monster(30));
    stun(&mut t, "b");
    burn(&mut t, "b");
    t.declare("a", gh(&[Melee]));
    t.run(roll(), &[4]);
    t.run(EncounterCommand::EndTurn, &[7]);
    assert_eq!(hp(&t, "b"), a5e_hp);
}

/// A creature stunned after the roll has its turn skipped (`turnSkipped`) and burns at the end
/// of the round; one that took its turn and was stunned later burned as its turn ended and does
/// not burn again at the end of the round (once per round).
#[test]
fn gh_init_12_a5e_dmg_06_a_turn_skipped_burns_once_and_a_turn_taken_is_not_burned_twice() {
    let mut t = greyhawk_abcd();
    set(&mut t, "a", monster(30));
    set(&mut t, "c", monster(30));
    burn(&mut t, "a");
    burn(&mut t, "c");
    stun(&mut t, "c");
    // a's turn ends: its fire (3) as usual; b's turn starts.
    let ev = t.run(EncounterCommand::EndTurn, &[3]);
    assert_eq!(ongoing_hits(&ev), strs(&["a"]));
    assert_eq!(hp(&t, "a"), 27);
    // a is stunned after its turn: it is resolved at the end of the round, but its fire has
    // already come this round.
    stun(&mut t, "a");
    let ev = t.end_turn(); // b; c is skipped; d's turn starts
    assert_eq!(skipped(&ev, "c"), Some(SkipReason::UnableToAct));
    assert!(ongoing_hits(&ev).is_empty(), "{ev:?}");
    let ev = t.run(EncounterCommand::EndTurn, &[6]); // d; the round ends
    assert_eq!(resolution(&ev), Some(strs(&["a", "c"])));
    assert_eq!(ongoing_hits(&ev), strs(&["c"]));
    assert_eq!((hp(&t, "a"), hp(&t, "c")), (27, 24));
}

/// A dying creature that burns: the ongoing damage at the end of the round costs it a
/// death-save failure (A5E-DEATH-06), and its death save for the round still follows.
#[test]
fn gh_init_12_a5e_dmg_06_a5e_death_06_ongoing_damage_costs_a_skipped_dying_creature_a_failure() {
    let mut t = a5e_greyhawk_ab();
    set(&mut t, "b", pc(5));
    damage(&mut t, "b", 9);
    burn(&mut t, "b");
    t.declare("a", gh(&[Melee]));
    t.run(roll(), &[4]);
    let ev = t.run(EncounterCommand::EndTurn, &[7]);
    assert_eq!(ongoing_hits(&ev), strs(&["b"]));
    assert_eq!(
        death(&t, "b"),
        DeathState::Dying {
            successes: 0,
            failures: 1
        }
    );
    t.run(save("b"), &[12]);
    assert_eq!(
        death(&t, "b"),
        DeathState::Dying {
            successes: 1,
            failures: 1
        }
    );
    // Two more rounds of fire kill it; the dead burn no more.
    for face in [2, 9] {
        t.declare("a", gh(&[Melee]));
        t.run(roll(), &[4]);
        t.run(EncounterCommand::EndTurn, &[face]);
    }
    assert!(matches!(death(&t, "b"), DeathState::Dead { .. }));
    t.declare("a", gh(&[Melee]));
    t.run(roll(), &[4]);
    let ev = t.end_turn();
    assert_eq!(resolution(&ev), None);
    assert!(ongoing_hits(&ev).is_empty());
}

/// The 5e creature rules under Greyhawk: the same end-of-round fire, and at 0 HP a failure.
#[test]
fn gh_init_12_a5e_dmg_06_5e_creature_rules_burn_at_the_end_of_the_round() {
    use turnkeeper::creature::CreatureRules;
    let config = RulesetConfig::preset(Preset::Gh5e).with_creature_rules(CreatureRules::srd5e());
    let mut t = Table::new(config);
    t.add(newp("a", "party", 14));
    t.add(newp("b", "foes", 12));
    t.run(start(), &[]);
    // 20 HP, so that neither blow reaches 5e's instant death (damage left over ≥ max HP).
    set(&mut t, "b", pc(20));
    damage(&mut t, "b", 25);
    burn(&mut t, "b");
    t.declare("a", gh(&[Melee]));
    t.run(roll(), &[4]);
    let ev = t.run(EncounterCommand::EndTurn, &[7]);
    assert_eq!(ongoing_hits(&ev), strs(&["b"]));
    assert_eq!(
        death(&t, "b"),
        DeathState::Dying {
            successes: 0,
            failures: 1
        }
    );
}
