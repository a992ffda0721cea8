//! Creatures inside an encounter: damage, healing, temporary HP, dying, tracks, ongoing damage,
//! the roll query and homebrew conditions, all as commands and events (replayed on a mirror and
//! round-tripped through snapshots by `Table`).

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::conditions::{Ability, Roll, RollMode, RollQuery, ids};
use turnkeeper::creature::{
    Creature, CreatureKind, DamageChoices, DamageInstance, DamageType, DeathState, OngoingDamage,
    StabilizeMethod, TempHpChoice,
};
use turnkeeper::dice::{DiceSpec, DieSize};
use turnkeeper::effects::{Duration, EffectSpec};
use turnkeeper::encounter::{EffectOngoing, EncounterCommand, EncounterEvent, SkipReason};
use turnkeeper::initiative::Activity::Melee;
use turnkeeper::rulesets::Preset;

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

fn creature(t: &Table, id: &str) -> Creature {
    t.enc
        .participant(&pid(id))
        .unwrap()
        .creature
        .as_deref()
        .cloned()
        .unwrap()
}

fn damage(t: &mut Table, id: &str, d: DamageInstance, faces: &[u32]) -> Vec<EncounterEvent> {
    t.run(
        EncounterCommand::Damage {
            participant: pid(id),
            damage: d,
            choices: DamageChoices::default(),
        },
        faces,
    )
}

/// A5E, fixed counts a (20), b (15), c (10), started.
fn a5e_abc() -> Table {
    let mut t = Table::preset(Preset::A5e);
    for (id, count) in [("a", 20), ("b", 15), ("c", 10)] {
        let mut p = newp(id, "x", 10);
        p.fixed_count = Some(count);
        t.add(p);
    }
    t.run(start(), &[]);
    t
}

#[test]
fn ex_a5e_01_imp_resistance_through_the_encounter() {
    let mut t = a5e_abc();
    let imp = Creature::new(CreatureKind::Monster, 40)
        .unwrap()
        .with_resistance(DamageType::Cold);
    set(&mut t, "b", imp);
    let ray = DamageInstance::new(25, Some(DamageType::Cold)).with_flat_modifier(-5);
    let ev = damage(&mut t, "b", ray, &[]);
    let EncounterEvent::Damaged {
        report, creature, ..
    } = &ev[0]
    else {
        panic!("{ev:?}");
    };
    assert_eq!(report.breakdown.after_flat, 20);
    assert_eq!(report.breakdown.total, 10);
    assert_eq!(creature.hp.current, 30);
    assert_eq!(self::creature(&t, "b").hp.current, 30);
}

#[test]
fn ex_a5e_07_temporary_hp_through_the_encounter() {
    let mut t = a5e_abc();
    set(&mut t, "a", pc(20));
    let grant = |amount, choice| EncounterCommand::GrantTempHp {
        participant: pid("a"),
        amount,
        choice,
    };
    t.run(grant(5, TempHpChoice::KeepHigher), &[]);
    // (a) 5 temp HP, 8 damage → temp 0, HP loss 3.
    damage(&mut t, "a", DamageInstance::new(8, None), &[]);
    let c = creature(&t, "a");
    assert_eq!((c.hp.temp, c.hp.current), (0, 17));
    // (b) 5 then 10: 10 or 5 by choice, never 15.
    t.run(grant(5, TempHpChoice::KeepHigher), &[]);
    t.run(grant(10, TempHpChoice::KeepCurrent), &[]);
    assert_eq!(creature(&t, "a").hp.temp, 5);
    t.run(grant(10, TempHpChoice::KeepHigher), &[]);
    assert_eq!(creature(&t, "a").hp.temp, 10);
}

#[test]
fn a5e_death_02_dropping_to_zero_unconscious_fatigue_concentration_and_can_act() {
    let mut t = a5e_abc();
    set(&mut t, "a", pc(10));
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![
                EffectSpec::named(
                    pid("c"),
                    "bless",
                    Duration::Rounds {
                        count: 10,
                        anchor: None,
                    },
                )
                .with_source(pid("a"))
                .concentrating(),
            ],
            ongoing: None,
        },
        &[],
    );
    let ev = damage(&mut t, "a", DamageInstance::new(12, None), &[]);
    let c = creature(&t, "a");
    assert!(c.is_unconscious());
    assert_eq!(
        (c.fatigue.effective, c.fatigue.pending),
        (0, 1),
        "pending in combat"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, EncounterEvent::Incapacitated { .. }))
    );
    assert!(ev.iter().any(|e| matches!(e, EncounterEvent::EffectsEnded { expiries } if expiries[0].effect.name.as_deref() == Some("bless"))));
    assert!(!t.enc.participant(&pid("a")).unwrap().can_act);
    // Unconscious shows in the roll query: attacks against it within 5 ft are critical.
    let advice = t
        .enc
        .roll_advice(
            &pid("a"),
            &RollQuery::new(Roll::SavingThrow {
                ability: Ability::Dex,
            }),
        )
        .unwrap();
    assert!(!advice.auto_fail.is_empty());
    // Any healing wakes it.
    t.run(
        EncounterCommand::Heal {
            participant: pid("a"),
            amount: 3,
        },
        &[],
    );
    assert_eq!(creature(&t, "a").death, DeathState::Alive);
    assert!(t.enc.participant(&pid("a")).unwrap().can_act);
}

#[test]
fn a5e_death_03_death_saves_through_the_encounter() {
    let mut t = a5e_abc();
    set(&mut t, "a", pc(10));
    damage(&mut t, "a", DamageInstance::new(10, None), &[]);
    let save = |modifier| EncounterCommand::DeathSave {
        participant: pid("a"),
        modifier,
        mode: RollMode::Normal,
    };
    assert_eq!(
        creature(&t, "a").death,
        DeathState::Dying {
            successes: 0,
            failures: 0
        }
    );
    t.run(save(0), &[12]);
    assert_eq!(
        creature(&t, "a").death,
        DeathState::Dying {
            successes: 1,
            failures: 0
        }
    );
    // One save per turn: the next comes at the start of its next turn.
    t.fail(save(0), &[9], ErrorCode::OutOfOrder);
    next_turn_of(&mut t, "a");
    t.run(save(0), &[9]);
    assert_eq!(
        creature(&t, "a").death,
        DeathState::Dying {
            successes: 1,
            failures: 1
        }
    );
    // A natural 20: 1 HP and awake.
    next_turn_of(&mut t, "a");
    let ev = t.run(save(0), &[20]);
    assert_eq!(creature(&t, "a").hp.current, 1);
    assert!(matches!(ev[0], EncounterEvent::CreatureUpdated { .. }));
    // Only the dying make death saves; the state is untouched on error.
    t.fail(save(0), &[10], ErrorCode::OutOfOrder);
}

/// End turns until `id`'s turn is under way again.
fn next_turn_of(t: &mut Table, id: &str) {
    t.end_turn();
    while t.current().as_deref() != Some(id) {
        t.end_turn();
    }
}

#[test]
fn a5e_death_09_stabilise_and_a5e_death_10_regain_after_hours() {
    let mut t = a5e_abc();
    set(&mut t, "a", pc(10));
    damage(&mut t, "a", DamageInstance::new(10, None), &[]);
    t.run(
        EncounterCommand::Stabilize {
            participant: pid("a"),
            method: StabilizeMethod::Automatic,
        },
        &[2], // 1d4 hours: 2
    );
    assert!(matches!(creature(&t, "a").death, DeathState::Stable { .. }));
    t.run(EncounterCommand::End, &[]);
    t.run(EncounterCommand::AdvanceClock { seconds: 2 * 3600 }, &[]);
    assert_eq!(creature(&t, "a").hp.current, 1);
}

#[test]
fn a5e_dmg_06_ongoing_damage_at_the_end_of_the_targets_turn() {
    let mut t = a5e_abc();
    set(
        &mut t,
        "b",
        Creature::new(CreatureKind::Monster, 30)
            .unwrap()
            .with_resistance(DamageType::Fire),
    );
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::named(
                pid("b"),
                "on fire",
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
    // a's turn ends: nothing (faces would be left over and fail the run).
    t.end_turn();
    // b's turn ends: 1d10 = 7 fire, resisted → 3.
    let ev = t.run(EncounterCommand::EndTurn, &[7]);
    let dmg = ev
        .iter()
        .position(|e| {
            matches!(
                e,
                EncounterEvent::Damaged {
                    ongoing: Some(_),
                    ..
                }
            )
        })
        .unwrap();
    let end = ev.iter().position(|e| matches!(e, EncounterEvent::TurnEnded { participant, .. } if participant.as_str() == "b")).unwrap();
    assert!(dmg < end, "rolled as the turn ends, before the boundary");
    assert_eq!(creature(&t, "b").hp.current, 27);
    // Smothered: removed, no more damage.
    let id = t.enc.effects_of(&pid("b")).unwrap()[0].effect.id;
    t.run(EncounterCommand::RemoveEffect { effect: id }, &[]);
    t.end_turn();
    t.end_turn();
    t.end_turn();
    assert!(t.enc.ongoing().is_empty());
}

#[test]
fn a5e_track_06_fatigue_pending_until_the_encounter_ends() {
    let mut t = a5e_abc();
    set(&mut t, "a", pc(20));
    t.run(
        EncounterCommand::GainFatigue {
            participant: pid("a"),
            levels: 2,
        },
        &[],
    );
    let str_check = RollQuery::new(Roll::AbilityCheck {
        ability: Ability::Str,
        skill: None,
        tool: false,
        senses: vec![],
        social: false,
    });
    assert_eq!(
        t.enc.roll_advice(&pid("a"), &str_check).unwrap().mode,
        RollMode::Normal
    );
    let ev = t.run(EncounterCommand::End, &[]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, EncounterEvent::CreatureUpdated { .. }))
    );
    assert_eq!(creature(&t, "a").fatigue.effective, 2);
    let advice = t.enc.roll_advice(&pid("a"), &str_check).unwrap();
    assert_eq!(advice.mode, RollMode::Disadvantage);
    assert!(!advice.disadvantage.is_empty(), "with its reason");
    t.run(
        EncounterCommand::RemoveFatigue {
            participant: pid("a"),
            levels: 1,
        },
        &[],
    );
    assert_eq!(creature(&t, "a").fatigue.level(), 1);
}

#[test]
fn roll_advice_explains_conditions_from_effects() {
    let mut t = a5e_abc();
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::condition(
                pid("c"),
                ids::POISONED,
                Duration::Rounds {
                    count: 1,
                    anchor: None,
                },
            )],
            ongoing: None,
        },
        &[],
    );
    let attack = RollQuery::new(Roll::Attack {
        range: turnkeeper::conditions::AttackRange::Melee,
        ability: Ability::Str,
    });
    let advice = t.enc.roll_advice(&pid("c"), &attack).unwrap();
    assert_eq!(advice.mode, RollMode::Disadvantage);
    assert!(!advice.disadvantage.is_empty());
    assert_eq!(
        t.enc.roll_advice(&pid("b"), &attack).unwrap().mode,
        RollMode::Normal
    );
}

#[test]
fn homebrew_conditions_load_by_command_and_apply() {
    let mut t = a5e_abc();
    t.fail(
        EncounterCommand::LoadConditions {
            json: "{\"conditions\":[{\"id\":\"Bad Id\"}]}".into(),
        },
        &[],
        ErrorCode::InvalidData,
    );
    t.run(
        EncounterCommand::LoadConditions {
            json: r#"{"conditions":[{"id":"hexed","name":"Hexed","effects":[{"type":"rollMode","rolls":{"kinds":["savingThrow"],"abilities":["wis"]},"mode":"disadvantage"}]}]}"#.into(),
        },
        &[],
    );
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::condition(
                pid("a"),
                turnkeeper::conditions::ConditionId::new("hexed").unwrap(),
                Duration::UntilRemoved,
            )],
            ongoing: None,
        },
        &[],
    );
    let wis = RollQuery::new(Roll::SavingThrow {
        ability: Ability::Wis,
    });
    assert_eq!(
        t.enc.roll_advice(&pid("a"), &wis).unwrap().mode,
        RollMode::Disadvantage
    );
}

#[test]
fn creature_commands_refuse_bad_input_and_change_nothing() {
    let mut t = a5e_abc();
    t.fail(
        EncounterCommand::Damage {
            participant: pid("a"),
            damage: DamageInstance::new(3, None),
            choices: DamageChoices::default(),
        },
        &[],
        ErrorCode::NotAllowed,
    );
    set(&mut t, "a", pc(10));
    t.fail(
        EncounterCommand::Heal {
            participant: pid("a"),
            amount: -1,
        },
        &[],
        ErrorCode::InvalidArgument,
    );
    t.fail(
        EncounterCommand::Heal {
            participant: pid("zz"),
            amount: 1,
        },
        &[],
        ErrorCode::UnknownId,
    );
    t.fail(
        EncounterCommand::RemoveEffect {
            effect: turnkeeper::effects::EffectId(99),
        },
        &[],
        ErrorCode::UnknownId,
    );
}

#[test]
fn gh_init_12_a_creature_at_zero_does_not_roll_and_resolves_at_round_end() {
    let mut t = Table::preset(Preset::Gh5e);
    t.add(newp("a", "x", 10));
    t.add(newp("b", "y", 10));
    t.run(start(), &[]);
    set(&mut t, "b", pc(5));
    t.declare("a", gh(&[Melee]));
    t.declare("b", gh(&[Melee]));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 2],
    );
    damage(&mut t, "b", DamageInstance::new(9, None), &[]);
    assert!(!t.enc.participant(&pid("b")).unwrap().can_act);
    // a's turn ends; b was rolled but can no longer act, so its turn is skipped and the
    // round ends with b's resolution.
    let ev = t.end_turn();
    assert!(ev.iter().any(|e| matches!(e, EncounterEvent::TurnSkipped { participant, reason: SkipReason::UnableToAct, .. } if participant == &pid("b"))));
    assert!(ev.iter().any(|e| matches!(e, EncounterEvent::EndOfRoundResolution { participants, .. } if participants == &vec![pid("b")])));
    t.declare("a", gh(&[Melee]));
    t.run(EncounterCommand::RollInitiative { no_actions: false }, &[3]);
    assert_eq!(t.order(), strs(&["a"]));
    // A death save at the end of the round, then healed: it rolls again next round.
    t.run(
        EncounterCommand::Heal {
            participant: pid("b"),
            amount: 2,
        },
        &[],
    );
    assert!(t.enc.participant(&pid("b")).unwrap().can_act);
}

#[test]
fn snapshot_size_30_participants_5_effects_each() {
    let mut t = Table::preset(Preset::A5e);
    for i in 0..30 {
        let mut p = newp(
            &format!("p{i:02}"),
            if i % 2 == 0 { "party" } else { "foes" },
            10,
        );
        p.fixed_count = Some(30 - i);
        t.add(p);
    }
    t.run(start(), &[]);
    let durations = [
        Duration::Rounds {
            count: 10,
            anchor: None,
        },
        Duration::UntilTurnEnd {
            participant: pid("p00"),
        },
        Duration::UntilRoundEnd { rounds_ahead: 2 },
        Duration::Seconds { seconds: 600 },
        Duration::UntilRemoved,
    ];
    let conds = [
        ids::POISONED,
        ids::PRONE,
        ids::BLINDED,
        ids::FRIGHTENED,
        ids::DEAFENED,
    ];
    for i in 0..30 {
        let effects = durations
            .iter()
            .zip(conds.iter())
            .map(|(d, c)| {
                EffectSpec::condition(pid(&format!("p{i:02}")), c.clone(), d.clone())
                    .with_source(pid("p00"))
            })
            .collect();
        let mut dice = turnkeeper::dice::SuppliedDice::new([]);
        t.enc
            .execute(
                EncounterCommand::AddEffects {
                    effects,
                    ongoing: None,
                },
                &mut dice,
            )
            .unwrap();
    }
    let json = t.enc.to_json();
    println!(
        "snapshot: 30 participants, 150 effects: {} bytes",
        json.len()
    );
    assert!(json.len() <= 8 * 1024, "{} bytes", json.len());
    assert_eq!(
        turnkeeper::encounter::Encounter::from_json(&json).unwrap(),
        t.enc
    );
}

#[test]
fn replay_convergence_a_second_encounter_applying_the_events_matches() {
    let mut t = a5e_abc();
    set(&mut t, "a", pc(10));
    set(
        &mut t,
        "b",
        Creature::new(CreatureKind::Monster, 12).unwrap(),
    );
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![
                EffectSpec::condition(
                    pid("b"),
                    ids::PRONE,
                    Duration::UntilTurnStart {
                        participant: pid("a"),
                    },
                )
                .with_source(pid("a")),
                EffectSpec::named(
                    pid("c"),
                    "shield",
                    Duration::Rounds {
                        count: 1,
                        anchor: None,
                    },
                ),
            ],
            ongoing: Some(EffectOngoing {
                damage: OngoingDamage {
                    dice: DiceSpec::new(1, DieSize::D4),
                    damage_type: None,
                },
                choices: DamageChoices::default(),
            }),
        },
        &[],
    );
    damage(&mut t, "a", DamageInstance::new(10, None), &[]);
    t.end_turn();
    t.run(EncounterCommand::EndTurn, &[3]); // b's ongoing 1d4
    t.run(EncounterCommand::EndTurn, &[]);
    t.run(
        EncounterCommand::DeathSave {
            participant: pid("a"),
            modifier: 0,
            mode: RollMode::Normal,
        },
        &[15],
    );
    t.run(EncounterCommand::End, &[]);
    // A fresh encounter fed only the log reaches the same snapshot.
    let mut second = turnkeeper::encounter::Encounter::new(t.enc.config().clone()).unwrap();
    second.apply_all(&t.log).unwrap();
    assert_eq!(second.to_json(), t.enc.to_json());
    assert_eq!(creature(&t, "b").hp.current, 9);
}

/// A5E-DMG-07 with G-27's option: an encounter's participants follow the creature rules set in
/// the encounter's configuration, options included (here halved damage rounded up).
#[test]
fn a5e_dmg_07_encounter_participants_use_the_configured_creature_rules() {
    use turnkeeper::creature::{A5eRules, CreatureRules, Rounding};
    use turnkeeper::rulesets::RulesetConfig;
    let run = |rounding: Rounding| {
        let cfg =
            RulesetConfig::preset(Preset::A5e).with_creature_rules(CreatureRules::A5e(A5eRules {
                resistance_rounding: rounding,
                ..A5eRules::default()
            }));
        let mut t = Table::new(cfg);
        t.add(newp("imp", "x", 10));
        let mut imp = Creature::new(CreatureKind::Monster, 40).unwrap();
        imp.defenses.resistances.push(DamageType::Cold);
        set(&mut t, "imp", imp);
        damage(
            &mut t,
            "imp",
            DamageInstance::new(21, Some(DamageType::Cold)),
            &[],
        );
        creature(&t, "imp").hp.current
    };
    assert_eq!(run(Rounding::Down), 30);
    assert_eq!(run(Rounding::Up), 29);
    // The rules must be the preset's own family.
    let bad = RulesetConfig::preset(Preset::A5e).with_creature_rules(CreatureRules::ose());
    let err = turnkeeper::encounter::Encounter::new(bad).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
}

/// A5E-COND-19: while petrified, a participant resists all damage (typed or not) and is immune
/// to poison; the resistance comes from the condition, so its creature's own defenses (and
/// snapshot) are unchanged, and after the condition ends damage is taken in full.
#[test]
fn a5e_cond_19_petrified_resists_all_damage_and_ignores_poison_in_the_encounter() {
    let mut t = a5e_abc();
    set(&mut t, "a", pc(40));
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::condition(
                pid("a"),
                ids::PETRIFIED,
                Duration::Rounds {
                    count: 1,
                    anchor: None,
                },
            )],
            ongoing: None,
        },
        &[],
    );
    damage(
        &mut t,
        "a",
        DamageInstance::new(10, Some(DamageType::Fire)),
        &[],
    );
    assert_eq!(creature(&t, "a").hp.current, 35);
    damage(&mut t, "a", DamageInstance::new(7, None), &[]);
    assert_eq!(creature(&t, "a").hp.current, 32, "7 halved, rounded down");
    let ev = damage(
        &mut t,
        "a",
        DamageInstance::new(12, Some(DamageType::Poison)),
        &[],
    );
    let EncounterEvent::Damaged { report, .. } = &ev[0] else {
        panic!("{ev:?}");
    };
    assert_eq!(report.breakdown.total, 0);
    assert_eq!(creature(&t, "a").hp.current, 32);
    assert!(
        creature(&t, "a").defenses.is_empty(),
        "the creature's own defenses"
    );
    // Once the condition ends, damage is taken in full again.
    let effect = t.enc.effects_of(&pid("a")).unwrap()[0].effect.id;
    t.run(EncounterCommand::RemoveEffect { effect }, &[]);
    damage(
        &mut t,
        "a",
        DamageInstance::new(10, Some(DamageType::Fire)),
        &[],
    );
    assert_eq!(creature(&t, "a").hp.current, 22);
}
