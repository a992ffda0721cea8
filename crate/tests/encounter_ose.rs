//! OSE side initiative, combat sequence and surprise (docs/rules.md §4.12, §4.14).

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::encounter::{
    Actor, Declaration, EncounterCommand, EncounterEvent, Harm, SpellDisruption,
};
use turnkeeper::initiative::side::{MeleeMovement, OseDeclaration, OsePhase, OseTies};
use turnkeeper::rulesets::{Preset, RulesetConfig};

fn ose(spell: bool, slow: bool) -> Declaration {
    Declaration::Ose(OseDeclaration {
        spell,
        melee_movement: None,
        slow_weapon: slow,
    })
}

fn battle(cfg: RulesetConfig) -> Table {
    let mut t = Table::new(cfg);
    t.add(newp("fighter", "party", 13));
    t.add(newp("mage", "party", 10));
    t.add(newp("goblin", "goblins", 10));
    t.add(newp("shaman", "goblins", 10));
    t
}

fn current_actor(t: &Table) -> Option<Actor> {
    t.enc.current().and_then(|c| c.actor)
}

fn sides_actor(sides: &[&str], slow: bool) -> Actor {
    Actor::Sides {
        sides: sides.iter().map(|s| side(s)).collect(),
        slow,
    }
}

#[test]
fn ose_init_01_one_d6_per_side_high_first_every_round() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    assert_eq!(t.enc.round_length().seconds(), 10);
    t.run(start(), &[]);
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 5],
    );
    assert!(
        ev.iter().any(
            |e| matches!(e, EncounterEvent::SideInitiativeRolled { rolls } if rolls.len() == 2)
        )
    );
    assert_eq!(current_actor(&t), Some(sides_actor(&["goblins"], false)));
    // Every member of the acting side has its turn started.
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, EncounterEvent::TurnStarted { .. }))
            .count(),
        2
    );
    t.end_turn();
    assert_eq!(current_actor(&t), Some(sides_actor(&["party"], false)));
    t.end_turn();
    assert_eq!(t.enc.phase(), turnkeeper::encounter::Phase::Declaring);
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[6, 1],
    );
    assert_eq!(current_actor(&t), Some(sides_actor(&["party"], false)));
}

#[test]
fn ose_init_02_ties_reroll_or_act_simultaneously() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    t.run(start(), &[]);
    // Both 4: reroll (d6 roll-off) 3 vs 3, then 2 vs 5.
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[4, 4, 3, 3, 2, 5],
    );
    assert_eq!(current_actor(&t), Some(sides_actor(&["goblins"], false)));

    let mut cfg = RulesetConfig::preset(Preset::Ose);
    cfg.ose.ties = OseTies::Simultaneous;
    let mut t = battle(cfg);
    t.run(start(), &[]);
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[4, 4],
    );
    assert_eq!(
        current_actor(&t),
        Some(sides_actor(&["party", "goblins"], false))
    );
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, EncounterEvent::TurnStarted { .. }))
            .count(),
        4
    );
}

#[test]
fn ose_init_03_slow_weapons_act_last() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    t.run(start(), &[]);
    t.declare("fighter", ose(false, true));
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[6, 1],
    );
    let order: Vec<Actor> = t.enc.order().into_iter().map(|e| e.actor).collect();
    assert_eq!(
        order,
        vec![
            sides_actor(&["party"], false),
            sides_actor(&["goblins"], false),
            sides_actor(&["party"], true)
        ]
    );
    // The fighter's turn spans its side's movement and the late attack step.
    let ev = t.end_turn();
    let ended: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::TurnEnded { participant, .. } => Some(participant.as_str().to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(ended, strs(&["mage"]));
    t.end_turn();
    assert_eq!(t.enc.current().unwrap().phase, Some(OsePhase::Missiles));
    t.run(EncounterCommand::AdvancePhase, &[]);
    assert_eq!(t.enc.current().unwrap().phase, Some(OsePhase::Melee));
    let ev = t.end_turn();
    assert!(ev.iter().any(
        |e| matches!(e, EncounterEvent::TurnEnded { participant, .. } if participant == &pid("fighter"))
    ));
}

#[test]
fn ose_init_04_individual_initiative_d6_plus_dex() {
    let mut cfg = RulesetConfig::preset(Preset::Ose);
    cfg.ose.individual = true;
    let mut t = Table::new(cfg);
    let mut f = newp("fighter", "party", 13);
    f.dex_mod = Some(1);
    t.add(f);
    t.add(newp("mage", "party", 10));
    let mut g = newp("goblin", "goblins", 10);
    g.dex_mod = Some(-1);
    t.add(g);
    t.run(start(), &[]);
    // fighter 3+1, mage 5+0, goblin 6−1; mage and goblin tie at 5 and reroll 2 vs 4.
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[3, 5, 6, 2, 4],
    );
    assert_eq!(
        (t.count("fighter"), t.count("mage"), t.count("goblin")),
        (Some(4), Some(5), Some(5))
    );
    assert_eq!(t.order(), strs(&["goblin", "mage", "fighter"]));
}

#[test]
fn ose_init_04_individual_initiative_uses_oses_dex_table() {
    let mut cfg = RulesetConfig::preset(Preset::Ose);
    cfg.ose.individual = true;
    let mut t = Table::new(cfg);
    // No dexMod: OSE's Dexterity table, not ⌊(dex − 10) / 2⌋ (−4, −1, +1, +3, +4).
    for (id, dex) in [("d3", 3), ("d9", 9), ("d12", 12), ("d16", 16), ("d18", 18)] {
        t.add(newp(id, "party", dex));
    }
    // A referee's own modifier for a fast monster stays as given.
    let mut fast = newp("fast", "monsters", 10);
    fast.dex_mod = Some(3);
    t.add(fast);
    t.run(start(), &[]);
    // Faces chosen so that no two totals tie: 1−2, 2+0, 3+0, 4+1, 5+2, 6+3.
    let ev = t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[1, 2, 3, 4, 5, 6],
    );
    let modifiers: Vec<(String, i32, i32)> = ev
        .iter()
        .find_map(|e| match e {
            EncounterEvent::InitiativeRolled { rolls } => Some(rolls),
            _ => None,
        })
        .expect("an initiativeRolled event")
        .iter()
        .flat_map(|r| {
            r.participants
                .iter()
                .map(move |p| (p.to_string(), r.modifier, r.total))
        })
        .collect();
    assert_eq!(
        modifiers,
        vec![
            ("d3".to_string(), -2, -1),
            ("d9".to_string(), 0, 2),
            ("d12".to_string(), 0, 3),
            ("d16".to_string(), 1, 5),
            ("d18".to_string(), 2, 7),
            ("fast".to_string(), 3, 9),
        ]
    );
    assert_eq!(t.count("d3"), Some(-1));
    assert_eq!(t.order(), strs(&["fast", "d18", "d16", "d12", "d9", "d3"]));
}

#[test]
fn ose_init_04_individual_ties_reroll() {
    let mut cfg = RulesetConfig::preset(Preset::Ose);
    cfg.ose.individual = true;
    let mut t = Table::new(cfg);
    t.add(newp("a", "x", 10));
    t.add(newp("b", "y", 10));
    t.run(start(), &[]);
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[4, 4, 1, 6],
    );
    assert_eq!(t.order(), strs(&["b", "a"]));
}

#[test]
fn ose_combat_01_declarations_before_the_roll() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    t.run(start(), &[]);
    t.declare("mage", ose(true, false));
    t.declare(
        "fighter",
        Declaration::Ose(OseDeclaration {
            spell: false,
            melee_movement: Some(MeleeMovement::FightingWithdrawal),
            slow_weapon: false,
        }),
    );
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[3, 5],
    );
    t.fail(
        EncounterCommand::Declare {
            participant: pid("shaman"),
            declaration: ose(true, false),
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    assert!(
        t.enc
            .participant(&pid("mage"))
            .unwrap()
            .declaration
            .as_ref()
            .unwrap()
            .casts_spell()
    );
}

#[test]
fn ose_combat_02_phase_order_within_a_side() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    t.run(start(), &[]);
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[5, 2],
    );
    let mut seen = vec![t.enc.current().unwrap().phase.unwrap()];
    for _ in 0..4 {
        t.run(EncounterCommand::AdvancePhase, &[]);
        seen.push(t.enc.current().unwrap().phase.unwrap());
    }
    assert_eq!(
        seen,
        vec![
            OsePhase::Morale,
            OsePhase::Movement,
            OsePhase::Missiles,
            OsePhase::Spells,
            OsePhase::Melee
        ]
    );
    t.fail(EncounterCommand::AdvancePhase, &[], ErrorCode::OutOfOrder);
    t.end_turn();
    // The other side repeats 3a–3e, morale included (G-43).
    assert_eq!(t.enc.current().unwrap().phase, Some(OsePhase::Morale));
}

#[test]
fn ose_combat_09_spell_disruption_when_the_casters_side_lost() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    t.run(start(), &[]);
    t.declare("mage", ose(true, false));
    t.declare("shaman", ose(true, false));
    // Goblins win.
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 5],
    );
    // The shaman's side won: hitting it on its own turn disrupts nothing.
    let ev = t.run(
        EncounterCommand::Harm {
            participant: pid("shaman"),
            harm: Harm::Hit,
        },
        &[],
    );
    assert_eq!(ev.len(), 1);
    // The mage's side lost and the mage is hit before acting: spell lost.
    let ev = t.run(
        EncounterCommand::Harm {
            participant: pid("mage"),
            harm: Harm::Hit,
        },
        &[],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        EncounterEvent::SpellDisrupted {
            disruption: SpellDisruption::Lost,
            ..
        }
    )));
    assert_eq!(
        t.enc.participant(&pid("mage")).unwrap().spell,
        Some(SpellDisruption::Lost)
    );
    // A failed save counts too, for another caster; a non-caster is unaffected.
    let ev = t.run(
        EncounterCommand::Harm {
            participant: pid("fighter"),
            harm: Harm::FailedSave,
        },
        &[],
    );
    assert_eq!(ev.len(), 1);
}

#[test]
fn ex_ose_15_ose_surp_01_02_03_surprised_side_loses_the_first_round() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    // OSE-SURP-01: only the unaware side rolls. 2 → surprised (EX-OSE-15).
    let ev = t.run(
        EncounterCommand::RollSurprise {
            sides: vec![side("party")],
        },
        &[2],
    );
    assert!(matches!(
        ev[0],
        EncounterEvent::SideSurpriseRolled {
            surprised: true,
            ..
        }
    ));
    t.run(start(), &[]);
    // Only the goblins roll, and only they act in round 1.
    t.run(EncounterCommand::RollInitiative { no_actions: false }, &[1]);
    let order: Vec<Actor> = t.enc.order().into_iter().map(|e| e.actor).collect();
    assert_eq!(order, vec![sides_actor(&["goblins"], false)]);
    t.end_turn();
    // Round 2: both sides roll.
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[3, 4],
    );
    assert_eq!(t.enc.order().len(), 2);
    // SetSurprised is not how OSE decides surprise.
    t.fail(
        EncounterCommand::SetSurprised {
            participants: vec![pid("mage")],
            surprised: true,
        },
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn ose_surp_02_03_three_is_not_surprised_and_both_surprised_cancel() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    let ev = t.run(
        EncounterCommand::RollSurprise {
            sides: vec![side("party")],
        },
        &[3],
    );
    assert!(matches!(
        ev[0],
        EncounterEvent::SideSurpriseRolled {
            surprised: false,
            ..
        }
    ));
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    t.run(
        EncounterCommand::RollSurprise {
            sides: vec![side("party"), side("goblins")],
        },
        &[1, 2],
    );
    t.run(start(), &[]);
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[3, 4],
    );
    assert_eq!(
        t.enc.order().len(),
        2,
        "both surprised: no one gains an advantage"
    );
    // Surprise is rolled before the first initiative roll only.
    t.fail(
        EncounterCommand::RollSurprise {
            sides: vec![side("party")],
        },
        &[1],
        ErrorCode::OutOfOrder,
    );
}

/// OSE-COMBAT-08: casting is the only action of the round and the caster cannot move in it, so
/// a spell declared with a fighting withdrawal or a retreat is refused (and so is the event).
#[test]
fn ose_combat_08_no_moving_and_casting_in_one_round() {
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    t.run(start(), &[]);
    for movement in [MeleeMovement::FightingWithdrawal, MeleeMovement::Retreat] {
        let both = Declaration::Ose(OseDeclaration {
            spell: true,
            melee_movement: Some(movement),
            slow_weapon: false,
        });
        t.fail(
            EncounterCommand::Declare {
                participant: pid("mage"),
                declaration: both.clone(),
            },
            &[],
            ErrorCode::NotAllowed,
        );
        let err = t
            .enc
            .clone()
            .apply(&EncounterEvent::Declared {
                participant: pid("mage"),
                declaration: both,
            })
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::NotAllowed);
    }
    // Either alone is fine.
    t.declare("mage", ose(true, false));
    t.declare(
        "fighter",
        Declaration::Ose(OseDeclaration {
            spell: false,
            melee_movement: Some(MeleeMovement::Retreat),
            slow_weapon: false,
        }),
    );
}

/// OSE-COMBAT-09 through the encounter's `damage` command: damage is a successful attack, so a
/// caster of the losing side damaged before its turn loses the spell.
#[test]
fn ose_combat_09_damage_command_disrupts_the_spell() {
    use turnkeeper::creature::{Creature, CreatureKind, DamageChoices, DamageInstance};
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    t.run(
        EncounterCommand::SetCreature {
            participant: pid("mage"),
            creature: Some(Creature::new(CreatureKind::Pc, 8).unwrap()),
        },
        &[],
    );
    t.run(start(), &[]);
    t.declare("mage", ose(true, false));
    // Goblins win.
    t.run(
        EncounterCommand::RollInitiative { no_actions: false },
        &[2, 5],
    );
    let ev = t.run(
        EncounterCommand::Damage {
            participant: pid("mage"),
            damage: DamageInstance::attack(3, None, true),
            choices: DamageChoices::default(),
        },
        &[],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        EncounterEvent::SpellDisrupted {
            disruption: SpellDisruption::Lost,
            ..
        }
    )));
    assert_eq!(
        t.enc.participant(&pid("mage")).unwrap().spell,
        Some(SpellDisruption::Lost)
    );
}

/// OSE-DMG-01 through the encounter: a creature given without A5E's `zeroHp` (an A5E notion)
/// is accepted under OSE and dies at 0 HP.
#[test]
fn ose_dmg_01_encounter_creature_needs_no_zero_hp_and_dies_at_zero() {
    use turnkeeper::creature::{Creature, DamageChoices, DamageInstance};
    let mut t = battle(RulesetConfig::preset(Preset::Ose));
    let pc: Creature =
        serde_json::from_str(r#"{"kind":"pc","hp":{"current":5,"max":5},"level":1}"#).unwrap();
    assert_eq!(pc.zero_hp, None);
    t.run(
        EncounterCommand::SetCreature {
            participant: pid("fighter"),
            creature: Some(pc),
        },
        &[],
    );
    t.run(
        EncounterCommand::Damage {
            participant: pid("fighter"),
            damage: DamageInstance::attack(6, None, true),
            choices: DamageChoices::default(),
        },
        &[],
    );
    let c = t
        .enc
        .participant(&pid("fighter"))
        .unwrap()
        .creature
        .clone()
        .unwrap();
    assert!(c.is_dead());
}
