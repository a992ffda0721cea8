//! HYB Dex-score initiative, action budget and retreat (docs/rules.md §3.2, 3.3, 3.17).

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::encounter::{
    ActionKind, EncounterCommand, EncounterEvent, Harm, Label, RetreatCheck,
};
use turnkeeper::initiative::TieRule;
use turnkeeper::initiative::dex_score::AmbushRule;
use turnkeeper::rulesets::{Preset, RoundLength, RulesetConfig};

fn act(id: &str, kind: ActionKind, slot: Option<ActionKind>) -> EncounterCommand {
    EncounterCommand::UseAction {
        participant: pid(id),
        kind,
        slot,
    }
}

fn party() -> Table {
    let mut t = Table::new(RulesetConfig::preset(Preset::Hyb));
    t.add(newp("fighter", "party", 12));
    t.add(newp("thief", "party", 17));
    let mut orc = newp("orc", "foes", 9);
    orc.npc = true;
    t.add(orc);
    t
}

#[test]
fn hyb_init_01_fixed_order_by_dex_score_without_rolling() {
    let mut t = party();
    let ev = t.run(start(), &[]);
    assert_eq!(t.order(), strs(&["thief", "fighter", "orc"]));
    assert!(
        ev.iter()
            .all(|e| !matches!(e, EncounterEvent::TiesBroken { .. }))
    );
    for _ in 0..3 {
        t.end_turn();
    }
    assert_eq!(t.enc.round(), 2);
    assert_eq!(t.order(), strs(&["thief", "fighter", "orc"]));
    // The round length is a parameter (not stated by the source).
    t.run(
        EncounterCommand::SetRoundLength {
            length: RoundLength::new(10).unwrap(),
        },
        &[],
    );
    assert_eq!(t.enc.round_length().seconds(), 10);
}

#[test]
fn hyb_init_01_ambush_is_a_parameter() {
    let ambush = |rule: AmbushRule| {
        let mut cfg = RulesetConfig::preset(Preset::Hyb);
        cfg.hyb.ambush = rule;
        let mut t = Table::new(cfg);
        t.add(newp("fighter", "party", 12));
        t.add(newp("thief", "party", 17));
        t.add(newp("orc", "foes", 9));
        t.run(
            EncounterCommand::Start {
                advantage: vec![],
                advantage_sides: vec![],
                check: None,
                ambushers: vec![side("foes")],
                called_for: None,
            },
            &[],
        );
        t
    };
    let mut t = ambush(AmbushRule::AmbushersFirst);
    assert_eq!(t.order(), strs(&["orc", "thief", "fighter"]));
    for _ in 0..3 {
        t.end_turn();
    }
    assert_eq!(
        t.order(),
        strs(&["thief", "fighter", "orc"]),
        "only round 1 changes"
    );
    let mut t = ambush(AmbushRule::FreeRound);
    assert_eq!(t.order(), strs(&["orc"]));
    t.end_turn();
    assert_eq!(t.enc.round(), 2);
    assert_eq!(t.order(), strs(&["thief", "fighter", "orc"]));
}

#[test]
fn hyb_init_02_delay_to_a_slower_position() {
    let mut t = party();
    t.run(start(), &[]);
    t.run(
        EncounterCommand::Delay {
            participant: pid("thief"),
        },
        &[],
    );
    assert_eq!(t.current().as_deref(), Some("fighter"));
    // HYB has no cut-in rule.
    t.fail(
        EncounterCommand::Resume {
            participant: pid("thief"),
            cut_in: vec![pid("fighter")],
        },
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    t.run(
        EncounterCommand::Resume {
            participant: pid("thief"),
            cut_in: vec![],
        },
        &[],
    );
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("thief"));
    t.fail(
        EncounterCommand::Delay {
            participant: pid("thief"),
        },
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    // The next round is back to the fixed order.
    assert_eq!(t.order(), strs(&["thief", "fighter", "orc"]));
}

#[test]
fn hyb_init_03_tie_rule_is_configurable() {
    let mut t = Table::preset(Preset::Hyb);
    let mut orc = newp("orc", "foes", 12);
    orc.npc = true;
    t.add(orc);
    t.add(newp("fighter", "party", 12));
    t.run(start(), &[]);
    assert_eq!(t.order(), strs(&["fighter", "orc"]), "PCs first by default");
    let mut cfg = RulesetConfig::preset(Preset::Hyb);
    cfg.hyb.tie_rule = TieRule::RollOff;
    let mut t = Table::new(cfg);
    let mut orc = newp("orc", "foes", 12);
    orc.npc = true;
    t.add(orc);
    t.add(newp("fighter", "party", 12));
    t.run(start(), &[17, 3]);
    assert_eq!(t.order(), strs(&["orc", "fighter"]));
}

#[test]
fn hyb_act_01_one_active_one_movement_one_quick_per_round() {
    let mut t = party();
    t.run(start(), &[]);
    t.run(act("thief", ActionKind::Active, None), &[]);
    t.run(act("thief", ActionKind::Movement, None), &[]);
    t.run(act("thief", ActionKind::Quick, None), &[]);
    for k in [ActionKind::Active, ActionKind::Movement, ActionKind::Quick] {
        t.fail(act("thief", k, None), &[], ErrorCode::NotAllowed);
    }
    // A5E slots are not HYB actions.
    t.fail(
        act("thief", ActionKind::Action, None),
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn hyb_act_02_03_trading_down() {
    let mut t = party();
    t.run(start(), &[]);
    // The active action becomes a second movement (HYB-ACT-03).
    t.run(act("thief", ActionKind::Movement, None), &[]);
    t.run(
        act("thief", ActionKind::Movement, Some(ActionKind::Active)),
        &[],
    );
    // Never up: a quick action cannot pay for a movement.
    t.fail(
        act("thief", ActionKind::Movement, Some(ActionKind::Quick)),
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    // Movement traded down to a quick action.
    t.run(act("fighter", ActionKind::Quick, None), &[]);
    t.run(
        act("fighter", ActionKind::Quick, Some(ActionKind::Movement)),
        &[],
    );
    // With trading off ("if the GM allows") it is refused.
    let mut cfg = RulesetConfig::preset(Preset::Hyb);
    cfg.hyb.trade_down = false;
    let mut t = Table::new(cfg);
    t.add(newp("a", "x", 10));
    t.run(start(), &[]);
    t.fail(
        act("a", ActionKind::Quick, Some(ActionKind::Active)),
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn hyb_act_03_a_movement_action_is_speed_less_loads_and_splits_around_the_active_action() {
    use turnkeeper::exploration::hyb::load::hyb_load_effect;
    use turnkeeper::units::{Feet, Loads};
    // Speed: 30 ft, 5 ft less for each load above STR (STR 10 with 11 loads: 25 ft; 16: 0).
    assert_eq!(hyb_load_effect(10, Loads(10), Feet(30)).speed, Feet(30));
    assert_eq!(hyb_load_effect(10, Loads(11), Feet(30)).speed, Feet(25));
    assert!(hyb_load_effect(10, Loads(16), Feet(30)).immobile);
    let mut t = party();
    t.run(start(), &[]);
    // Move, attack, move on: one movement action covers every segment, so the active action
    // comes between its parts and the movement is reported once.
    t.run(act("thief", ActionKind::Movement, None), &[]);
    t.run(act("thief", ActionKind::Active, None), &[]);
    t.fail(
        act("thief", ActionKind::Movement, None),
        &[],
        ErrorCode::NotAllowed,
    );
    // The next round the movement comes first again, and the active action traded down is a
    // second movement action: Speed twice.
    while t.enc.round() == 1 {
        t.end_turn();
    }
    while t.current().as_deref() != Some("thief") {
        t.end_turn();
    }
    t.run(act("thief", ActionKind::Movement, None), &[]);
    t.run(
        act("thief", ActionKind::Movement, Some(ActionKind::Active)),
        &[],
    );
    // A movement traded down to a quick action leaves none to move with.
    t.end_turn();
    t.run(
        act("fighter", ActionKind::Quick, Some(ActionKind::Movement)),
        &[],
    );
    t.fail(
        act("fighter", ActionKind::Movement, None),
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn hyb_act_05_quick_actions_off_turn_and_readied_actions() {
    let mut t = party();
    t.run(start(), &[]);
    // Movement and active actions only on one's own turn.
    t.fail(
        act("orc", ActionKind::Movement, None),
        &[],
        ErrorCode::OutOfOrder,
    );
    t.fail(
        act("orc", ActionKind::Active, None),
        &[],
        ErrorCode::OutOfOrder,
    );
    // HYB-ACT-05: a readied action is a quick action, sprung on another's turn.
    t.run(
        EncounterCommand::Ready {
            participant: pid("thief"),
            trigger: Label::new("the orc steps in").unwrap(),
        },
        &[],
    );
    t.fail(
        act("thief", ActionKind::Quick, None),
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    t.end_turn();
    t.run(
        EncounterCommand::TriggerReady {
            participant: pid("thief"),
        },
        &[],
    );
    // A quick action "triggered off others" by someone who still has one.
    t.run(act("fighter", ActionKind::Quick, None), &[]);
}

#[test]
fn ex_hyb_09_hyb_retreat_01_02_retreat_leaves_initiative() {
    let mut t = party();
    t.run(start(), &[]);
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("fighter"));
    let ev = t.run(
        EncounterCommand::Retreat {
            participant: pid("fighter"),
            followers: vec![],
        },
        &[],
    );
    assert!(matches!(ev[0], EncounterEvent::RetreatStarted { .. }));
    // The retreat uses the whole turn.
    t.fail(
        act("fighter", ActionKind::Quick, None),
        &[],
        ErrorCode::NotAllowed,
    );
    // The GM lets one enemy attack: it misses. DEX check d20 12 + 2 vs 12: success.
    t.run(
        EncounterCommand::ResolveRetreat {
            participant: pid("fighter"),
            check: Some(RetreatCheck {
                modifier: 2,
                dc: 12,
            }),
        },
        &[12],
    );
    assert!(t.enc.participant(&pid("fighter")).unwrap().out);
    assert_eq!(t.current().as_deref(), Some("orc"));
    t.end_turn();
    // The others keep their order.
    assert_eq!(t.order(), strs(&["thief", "orc"]));
}

#[test]
fn hyb_retreat_02_a_hit_or_a_failed_check_stops_the_retreat() {
    let mut t = party();
    t.run(start(), &[]);
    t.run(act("thief", ActionKind::Quick, None), &[]);
    // Cannot be combined with another action.
    t.fail(
        EncounterCommand::Retreat {
            participant: pid("thief"),
            followers: vec![],
        },
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    t.run(
        EncounterCommand::Retreat {
            participant: pid("fighter"),
            followers: vec![],
        },
        &[],
    );
    t.run(
        EncounterCommand::Harm {
            participant: pid("fighter"),
            harm: Harm::Hit,
        },
        &[],
    );
    let ev = t.run(
        EncounterCommand::ResolveRetreat {
            participant: pid("fighter"),
            check: Some(RetreatCheck {
                modifier: 5,
                dc: 10,
            }),
        },
        &[20],
    );
    assert!(matches!(
        ev[0],
        EncounterEvent::RetreatResolved {
            escaped: false,
            hit: true,
            ..
        }
    ));
    assert_eq!(t.current().as_deref(), Some("fighter"));
    t.end_turn();
    t.end_turn();
    t.run(
        EncounterCommand::Retreat {
            participant: pid("thief"),
            followers: vec![],
        },
        &[],
    );
    let ev = t.run(
        EncounterCommand::ResolveRetreat {
            participant: pid("thief"),
            check: Some(RetreatCheck {
                modifier: 0,
                dc: 15,
            }),
        },
        &[14],
    );
    assert!(matches!(
        ev[0],
        EncounterEvent::RetreatResolved {
            escaped: false,
            hit: false,
            ..
        }
    ));
    assert_eq!(t.order(), strs(&["thief", "fighter", "orc"]));
}

/// HYB-RETREAT-01: the retreat action ends the retreating PC's concentration effects at once
/// (only its own; another caster's stay).
#[test]
fn hyb_retreat_01_retreating_ends_the_pcs_concentration() {
    use turnkeeper::effects::{Duration, EffectSpec};
    let mut t = party();
    t.run(start(), &[]);
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![
                EffectSpec::named(pid("orc"), "hold person", Duration::UntilRemoved)
                    .with_source(pid("fighter"))
                    .concentrating(),
                EffectSpec::named(pid("orc"), "bless", Duration::UntilRemoved)
                    .with_source(pid("thief"))
                    .concentrating(),
            ],
            ongoing: None,
        },
        &[],
    );
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("fighter"));
    let ev = t.run(
        EncounterCommand::Retreat {
            participant: pid("fighter"),
            followers: vec![],
        },
        &[],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, EncounterEvent::ConcentrationDropped { .. }))
    );
    let names: Vec<String> = t
        .enc
        .effects()
        .effects()
        .iter()
        .filter_map(|e| e.name.clone())
        .collect();
    assert_eq!(names, vec!["bless".to_string()]);
}

/// HYB-RETREAT-02 through the encounter's `damage` command: damage means the PC was hit, so
/// the retreat fails.
#[test]
fn hyb_retreat_02_damage_command_stops_the_retreat() {
    use turnkeeper::creature::{Creature, CreatureKind, DamageChoices, DamageInstance};
    let mut t = party();
    t.run(
        EncounterCommand::SetCreature {
            participant: pid("fighter"),
            creature: Some(Creature::new(CreatureKind::Pc, 12).unwrap()),
        },
        &[],
    );
    t.run(start(), &[]);
    t.end_turn();
    t.run(
        EncounterCommand::Retreat {
            participant: pid("fighter"),
            followers: vec![],
        },
        &[],
    );
    let ev = t.run(
        EncounterCommand::Damage {
            participant: pid("fighter"),
            damage: DamageInstance::attack(1, None, true),
            choices: DamageChoices::default(),
        },
        &[],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        EncounterEvent::Harmed {
            harm: Harm::Damage,
            ..
        }
    )));
    let ev = t.run(
        EncounterCommand::ResolveRetreat {
            participant: pid("fighter"),
            check: None,
        },
        &[],
    );
    assert!(matches!(
        ev[0],
        EncounterEvent::RetreatResolved {
            escaped: false,
            hit: true,
            ..
        }
    ));
}

/// HYB-MORALE-04: when a PC retreats, the participants it controls (its followers) check
/// morale at once at disadvantage (the lower d20 + modifier against DC 11); a failure routs them
/// (they flee, settled like a retreat). Others are untouched.
#[test]
fn hyb_morale_04_followers_of_a_retreating_pc_check_morale_at_disadvantage() {
    use turnkeeper::encounter::{FollowerModifier, FollowerMoraleRoll};
    let mut t = party();
    let mut hireling = newp("hireling", "party", 8);
    hireling.npc = true;
    t.add(hireling);
    let mut squire = newp("squire", "party", 7);
    squire.npc = true;
    t.add(squire);
    for f in ["hireling", "squire"] {
        t.run(
            EncounterCommand::SetController {
                participant: pid(f),
                controller: Some(pid("fighter")),
            },
            &[],
        );
    }
    t.run(start(), &[]);
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("fighter"));
    // A modifier for someone who is not a follower is refused.
    t.fail(
        EncounterCommand::Retreat {
            participant: pid("fighter"),
            followers: vec![FollowerModifier {
                participant: pid("orc"),
                modifier: 1,
            }],
        },
        &[],
        ErrorCode::InvalidArgument,
    );
    // hireling: 15 and 9 → 9 + 1 = 10 < 11, routs; squire: 18 and 12 → 12 holds.
    let ev = t.run(
        EncounterCommand::Retreat {
            participant: pid("fighter"),
            followers: vec![FollowerModifier {
                participant: pid("hireling"),
                modifier: 1,
            }],
        },
        &[15, 9, 18, 12],
    );
    let Some(EncounterEvent::FollowersMoraleChecked { checks, .. }) = ev
        .iter()
        .find(|e| matches!(e, EncounterEvent::FollowersMoraleChecked { .. }))
    else {
        panic!("{ev:?}")
    };
    let routed: Vec<(&str, bool)> = checks
        .iter()
        .map(|c: &FollowerMoraleRoll| (c.participant.as_str(), c.routed))
        .collect();
    assert_eq!(routed, vec![("hireling", true), ("squire", false)]);
    assert_eq!(
        t.enc.participant(&pid("hireling")).unwrap().retreat,
        Some(false)
    );
    assert_eq!(t.enc.participant(&pid("squire")).unwrap().retreat, None);
    // The routed hireling's flight is settled like a retreat: unhurt, it leaves the fight.
    t.run(
        EncounterCommand::ResolveRetreat {
            participant: pid("hireling"),
            check: None,
        },
        &[],
    );
    assert!(t.enc.participant(&pid("hireling")).unwrap().out);
    // A follower with no modifier listed rolls at +0; a forged result is refused by followers.
    let mut forged = t.enc.clone();
    let bad = EncounterEvent::FollowersMoraleChecked {
        leader: pid("fighter"),
        checks: vec![FollowerMoraleRoll {
            participant: pid("squire"),
            dice: vec![
                turnkeeper::dice::RolledDie {
                    sides: 20,
                    face: 20,
                },
                turnkeeper::dice::RolledDie {
                    sides: 20,
                    face: 19,
                },
            ],
            modifier: 0,
            routed: true,
        }],
    };
    assert!(forged.apply(&bad).is_err());
}

/// HYB-DMG-03 through the encounter: damage after a PC's natural 1 on its check is doubled.
#[test]
fn hyb_dmg_03_encounter_damage_after_a_natural_one_is_doubled() {
    use turnkeeper::creature::{Creature, CreatureKind, DamageChoices, DamageInstance};
    let mut t = party();
    t.run(
        EncounterCommand::SetCreature {
            participant: pid("fighter"),
            creature: Some(Creature::new(CreatureKind::Pc, 20).unwrap()),
        },
        &[],
    );
    t.run(start(), &[]);
    let mut trap = DamageInstance::new(4, None);
    trap.natural_one_on_check = true;
    t.run(
        EncounterCommand::Damage {
            participant: pid("fighter"),
            damage: trap,
            choices: DamageChoices::default(),
        },
        &[],
    );
    assert_eq!(
        t.enc
            .participant(&pid("fighter"))
            .unwrap()
            .creature
            .as_ref()
            .unwrap()
            .hp
            .current,
        12
    );
}
