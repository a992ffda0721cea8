//! A5E Turn-Based Action through the encounter (docs/rules.md §2.2–2.5, 2.18 world actions 01–04,
//! 2.20 rolling movement, 2.21 control), plus standard 5e initiative.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::conditions::a5e::ids;
use turnkeeper::effects::{Duration, EffectSpec};
use turnkeeper::encounter::{
    ActionKind, EncounterCommand, EncounterEvent, GroupId, Label, Name, Recharge, WorldAction,
    WorldActionId,
};
use turnkeeper::initiative::ability_check::{Ability, InitiativeCheck};
use turnkeeper::rulesets::{Preset, RoundLength, RulesetConfig};

fn use_action(id: &str, kind: ActionKind) -> EncounterCommand {
    EncounterCommand::UseAction {
        participant: pid(id),
        kind,
        slot: None,
    }
}

/// a: Dex 14 (+2), b: Dex 10, c: Dex 8 (−1).
fn trio(preset: Preset) -> Table {
    let mut t = Table::preset(preset);
    t.add(newp("a", "party", 14));
    t.add(newp("b", "foes", 10));
    t.add(newp("c", "foes", 8));
    t
}

fn rolls_in(events: &[EncounterEvent]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, EncounterEvent::InitiativeRolled { .. }))
        .count()
}

#[test]
fn a5e_init_01_a5e_tba_04_d20_plus_dex_high_to_low_kept_for_the_encounter() {
    let mut t = trio(Preset::A5e);
    t.run(start(), &[10, 15, 3]);
    assert_eq!(t.order(), strs(&["b", "a", "c"]));
    assert_eq!(
        (t.count("a"), t.count("b"), t.count("c")),
        (Some(12), Some(15), Some(2))
    );
    // A5E-TBA-04: after every turn a new round begins, same order, no new roll.
    let mut later = Vec::new();
    for _ in 0..3 {
        later.extend(t.end_turn());
    }
    assert_eq!(t.enc.round(), 2);
    assert_eq!(t.order(), strs(&["b", "a", "c"]));
    assert_eq!(rolls_in(&later), 0);
}

/// Initiative is an ability check: a creature whose conditions give disadvantage on ability
/// checks rolls two d20s and keeps the lower; advantage given at the start cancels it.
#[test]
fn a5e_init_01_conditions_on_ability_checks_apply_to_initiative() {
    let poisoned = |id: &str| {
        EffectSpec::condition(
            pid(id),
            ids::POISONED,
            Duration::Rounds {
                count: 10,
                anchor: None,
            },
        )
    };
    for preset in [Preset::A5e, Preset::Standard] {
        let mut t = trio(preset);
        t.run(
            EncounterCommand::AddEffects {
                effects: vec![poisoned("b"), poisoned("c")],
                ongoing: None,
            },
            &[],
        );
        let mut cmd = start();
        if let EncounterCommand::Start { advantage, .. } = &mut cmd {
            *advantage = vec![pid("c")];
        }
        // a rolls one die (10); b two, keeping the lower (15, 4); c, poisoned but given
        // advantage, one (3).
        t.run(cmd, &[10, 15, 4, 3]);
        assert_eq!(
            (t.count("a"), t.count("b"), t.count("c")),
            (Some(12), Some(4), Some(2)),
            "{preset:?}"
        );
    }
    // Without the condition b rolls one die, as before.
    let mut t = trio(Preset::A5e);
    t.run(start(), &[10, 15, 3]);
    assert_eq!(t.count("b"), Some(15));
}

#[test]
fn a5e_init_02_other_ability_checks() {
    let mut t = trio(Preset::A5e);
    let mut seer = newp("seer", "party", 10);
    seer.mods.wis = 3;
    seer.check = Some(InitiativeCheck {
        ability: Ability::Wis,
        skill: Some(Label::new("Perception").unwrap()),
        bonus: 2,
    });
    t.add(seer);
    t.run(
        EncounterCommand::SetInitiativeCheck {
            participant: pid("c"),
            check: Some(InitiativeCheck::from_table(1).unwrap()),
        },
        &[],
    );
    // Everyone else makes the Narrator's Strength check (all Str +0 here).
    let mut cmd = start();
    if let EncounterCommand::Start { check, .. } = &mut cmd {
        *check = Some(InitiativeCheck::ability(Ability::Str));
    }
    t.run(cmd, &[10, 11, 12, 10]);
    assert_eq!(t.count("seer"), Some(15));
    assert_eq!(t.count("a"), Some(10), "Strength, not Dexterity");
    assert_eq!(
        t.count("c"),
        Some(12),
        "Strength (Athletics) from the table"
    );
}

#[test]
fn a5e_init_03_ties_roll_off_again_while_tied() {
    let mut t = trio(Preset::A5e);
    // a 10+2 = 12, b 12, c 1−1 = 0; roll-off 8/8, then 3/17.
    let ev = t.run(start(), &[10, 12, 1, 8, 8, 3, 17]);
    assert_eq!(t.order(), strs(&["b", "a", "c"]));
    let draws: Vec<u32> = ev
        .iter()
        .filter_map(|e| match e {
            EncounterEvent::TiesBroken { draws } => {
                Some(draws.iter().map(|d| d.die.face).collect::<Vec<_>>())
            }
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(draws, vec![8, 8, 3, 17]);
}

#[test]
fn a5e_init_04_surprise_check_total_is_reused() {
    let mut t = trio(Preset::A5e);
    t.run(
        EncounterCommand::SurpriseCheck {
            participant: pid("a"),
            check: None,
        },
        &[14],
    );
    // Only b and c roll now.
    t.run(start(), &[5, 9]);
    assert_eq!(t.count("a"), Some(16));
    assert_eq!(t.order(), strs(&["a", "c", "b"]));
}

#[test]
fn a5e_init_05_fixed_count_actor_joins_mid_combat() {
    let mut t = trio(Preset::A5e);
    t.run(start(), &[18, 15, 3]);
    assert_eq!(t.order(), strs(&["a", "b", "c"]));
    assert_eq!(t.current().as_deref(), Some("a"));
    t.end_turn();
    // A Shadow Puppet (A5E-WORLD-27) appears on count 20: ahead of b's count, but the round
    // has passed 20, so it acts from the next round.
    let mut puppet = newp("puppet", "none", 10);
    puppet.fixed_count = Some(20);
    // It ties with a (20): a draws 4, the puppet 12.
    t.run(
        EncounterCommand::AddParticipant {
            participant: puppet,
        },
        &[4, 12],
    );
    assert_eq!(t.count("puppet"), Some(20));
    assert_eq!(t.order(), strs(&["puppet", "a", "b", "c"]));
    assert_eq!(t.current().as_deref(), Some("b"));
    t.end_turn();
    t.end_turn();
    assert_eq!(t.enc.round(), 2);
    assert_eq!(t.current().as_deref(), Some("puppet"));
}

#[test]
fn a5e_surp_01_02_surprised_cannot_move_act_or_react_until_after_first_turn() {
    let mut t = trio(Preset::A5e);
    t.run(
        EncounterCommand::SetSurprised {
            participants: vec![pid("c")],
            surprised: true,
        },
        &[],
    );
    t.run(start(), &[18, 2, 15]);
    assert_eq!(t.order(), strs(&["a", "c", "b"]));
    // Before its first turn: no reaction.
    t.fail(
        use_action("c", ActionKind::Reaction),
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("c"));
    for kind in [
        ActionKind::Action,
        ActionKind::Movement,
        ActionKind::BonusAction,
    ] {
        t.fail(use_action("c", kind), &[], ErrorCode::NotAllowed);
    }
    t.end_turn();
    // After its first turn it may react.
    t.run(use_action("c", ActionKind::Reaction), &[]);
    // SetSurprised is a set-up ruling only.
    t.fail(
        EncounterCommand::SetSurprised {
            participants: vec![pid("a")],
            surprised: true,
        },
        &[],
        ErrorCode::OutOfOrder,
    );
}

#[test]
fn a5e_surp_02_bonus_action_rule_is_an_option() {
    let mut cfg = RulesetConfig::preset(Preset::A5e);
    cfg.a5e.surprise_blocks_bonus_action = false;
    let mut t = Table::new(cfg);
    t.add(newp("c", "x", 10));
    t.run(
        EncounterCommand::SetSurprised {
            participants: vec![pid("c")],
            surprised: true,
        },
        &[],
    );
    t.run(start(), &[5]);
    t.run(use_action("c", ActionKind::BonusAction), &[]);
    t.fail(
        use_action("c", ActionKind::Action),
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn a5e_surp_03_instigator_rolls_with_advantage() {
    let mut t = trio(Preset::A5e);
    let mut cmd = start();
    if let EncounterCommand::Start { advantage, .. } = &mut cmd {
        advantage.push(pid("a"));
    }
    t.run(cmd, &[5, 17, 10, 10]);
    assert_eq!(t.count("a"), Some(19));
    // A whole side may get it too.
    let mut t = trio(Preset::A5e);
    let mut cmd = start();
    if let EncounterCommand::Start {
        advantage_sides, ..
    } = &mut cmd
    {
        advantage_sides.push(side("foes"));
    }
    t.run(cmd, &[10, 3, 9, 20, 1]);
    assert_eq!((t.count("b"), t.count("c")), (Some(9), Some(19)));
}

#[test]
fn a5e_surp_04_no_sneaking_starts_normally() {
    let mut t = trio(Preset::A5e);
    t.run(start(), &[18, 2, 15]);
    t.run(use_action("a", ActionKind::Action), &[]);
    t.run(use_action("a", ActionKind::Movement), &[]);
    t.run(use_action("c", ActionKind::Reaction), &[]);
}

#[test]
fn a5e_tba_01_02_setup_then_initiative_rounds() {
    let mut t = trio(Preset::A5e);
    // Set-up: nothing runs until the Narrator starts Turn-Based Action.
    assert_eq!(t.enc.phase(), turnkeeper::encounter::Phase::Setup);
    t.fail(EncounterCommand::EndTurn, &[], ErrorCode::OutOfOrder);
    t.fail(EncounterCommand::NextRound, &[], ErrorCode::OutOfOrder);
    t.fail(EncounterCommand::End, &[], ErrorCode::OutOfOrder);
    t.run(start(), &[1, 5, 9]);
    assert_eq!(t.enc.phase(), turnkeeper::encounter::Phase::Turns);
    assert_eq!(t.enc.round(), 1);
}

#[test]
fn a5e_tba_01_the_narrator_calls_turn_based_action_for_one_of_its_moments() {
    use turnkeeper::encounter::TbaCall;
    for (call, why) in [
        (TbaCall::HostileAction, "a hostile action is taken"),
        (TbaCall::PrecariousSituation, "a precarious situation"),
        (TbaCall::Competition, "a competition starts"),
        (TbaCall::MethodicalAction, "act methodically at once"),
    ] {
        let mut t = trio(Preset::A5e);
        let events = t.run(
            EncounterCommand::Start {
                advantage: vec![],
                advantage_sides: vec![],
                check: None,
                ambushers: vec![],
                called_for: Some(call),
            },
            &[1, 5, 9],
        );
        assert_eq!(
            events[0],
            EncounterEvent::EncounterStarted {
                ambushers: vec![],
                called_for: Some(call),
            }
        );
        let line = events[0].describe(&t.enc);
        assert!(line.contains(why), "{line}");
        assert_eq!(t.enc.phase(), turnkeeper::encounter::Phase::Turns);
    }
    // Not given: the encounter begins as before, and the event is written as before.
    let mut t = trio(Preset::A5e);
    let events = t.run(start(), &[1, 5, 9]);
    assert_eq!(events[0].describe(&t.enc), "The encounter begins.");
    assert!(
        !serde_json::to_string(&events[0])
            .unwrap()
            .contains("calledFor")
    );
}

#[test]
fn a5e_tba_03_round_length_choices() {
    let mut t = trio(Preset::A5e);
    assert_eq!(t.enc.round_length(), RoundLength::SIX_SECONDS);
    t.run(
        EncounterCommand::SetRoundLength {
            length: RoundLength::ONE_MINUTE,
        },
        &[],
    );
    assert_eq!(t.enc.round_length().seconds(), 60);
    t.fail(
        EncounterCommand::SetRoundLength {
            length: RoundLength::new(30).unwrap(),
        },
        &[],
        ErrorCode::InvalidArgument,
    );
    let mut g = Table::preset(Preset::Gh5e);
    g.fail(
        EncounterCommand::SetRoundLength {
            length: RoundLength::TEN_MINUTES,
        },
        &[],
        ErrorCode::InvalidArgument,
    );
}

fn flame_burst() -> WorldAction {
    WorldAction {
        id: WorldActionId::new("flame-burst").unwrap(),
        name: Name::new("Flame Burst").unwrap(),
        recharge: Some(Recharge::new(4).unwrap()),
    }
}

#[test]
fn ex_a5e_15_a5e_tba_05_a5e_world_03_recharge_after_use_then_each_round() {
    let mut t = trio(Preset::A5e);
    t.run(
        EncounterCommand::AddWorldAction {
            action: flame_burst(),
        },
        &[],
    );
    t.run(start(), &[18, 15, 3]);
    // A5E-TBA-05 / A5E-WORLD-02: the environment acts before anyone.
    assert_eq!(t.enc.phase(), turnkeeper::encounter::Phase::World);
    assert_eq!(t.current(), None);
    t.fail(
        use_action("a", ActionKind::Action),
        &[],
        ErrorCode::OutOfOrder,
    );
    let fb = WorldActionId::new("flame-burst").unwrap();
    // Used at the start of round 1; the immediate d6 is 3: not recharged.
    let ev = t.run(
        EncounterCommand::UseWorldAction {
            action: fb.clone(),
            targets: vec![pid("b")],
        },
        &[3],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        EncounterEvent::RechargeRolled {
            recharged: false,
            ..
        }
    )));
    t.run(EncounterCommand::EndWorldPhase, &[]);
    assert_eq!(t.current().as_deref(), Some("a"));
    t.end_turn();
    t.end_turn();
    // Start of round 2: roll 5 → recharged, and usable in that round's world phase.
    let ev = t.run(EncounterCommand::EndTurn, &[5]);
    assert!(ev.iter().any(|e| matches!(
        e,
        EncounterEvent::RechargeRolled {
            recharged: true,
            ..
        }
    )));
    let rs = ev
        .iter()
        .position(|e| matches!(e, EncounterEvent::RoundStarted { round: 2 }))
        .unwrap();
    let wp = ev
        .iter()
        .position(|e| matches!(e, EncounterEvent::WorldPhaseStarted { .. }))
        .unwrap();
    assert!(rs < wp);
    t.run(
        EncounterCommand::UseWorldAction {
            action: fb.clone(),
            targets: vec![],
        },
        &[6],
    );
    // Once per world phase.
    t.fail(
        EncounterCommand::UseWorldAction {
            action: fb,
            targets: vec![],
        },
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn a5e_world_01_02_world_phase_only_when_the_environment_can_act() {
    let mut t = trio(Preset::A5e);
    t.run(start(), &[18, 15, 3]);
    // No world actions: the first turn starts at once.
    assert_eq!(t.current().as_deref(), Some("a"));
    let fb = WorldActionId::new("flame-burst").unwrap();
    t.run(
        EncounterCommand::AddWorldAction {
            action: flame_burst(),
        },
        &[],
    );
    t.fail(
        EncounterCommand::UseWorldAction {
            action: fb,
            targets: vec![],
        },
        &[],
        ErrorCode::OutOfOrder,
    );
    t.end_turn();
    t.end_turn();
    let ev = t.end_turn();
    assert!(ev.iter().any(|e| matches!(
        e,
        EncounterEvent::WorldPhaseStarted {
            participant: None,
            ..
        }
    )));
}

#[test]
fn a5e_world_03_same_round_use_is_an_option() {
    let mut cfg = RulesetConfig::preset(Preset::A5e);
    cfg.a5e.use_on_recharge_round = false;
    let mut t = Table::new(cfg);
    t.add(newp("a", "x", 10));
    t.run(
        EncounterCommand::AddWorldAction {
            action: flame_burst(),
        },
        &[],
    );
    t.run(start(), &[10]);
    let fb = WorldActionId::new("flame-burst").unwrap();
    t.run(
        EncounterCommand::UseWorldAction {
            action: fb,
            targets: vec![],
        },
        &[1],
    );
    t.run(EncounterCommand::EndWorldPhase, &[]);
    // Round 2 recharges on a 6 but it may only be used from round 3: no world phase now.
    let ev = t.run(EncounterCommand::EndTurn, &[6]);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, EncounterEvent::WorldPhaseStarted { .. }))
    );
    let ev = t.end_turn();
    assert!(
        ev.iter()
            .any(|e| matches!(e, EncounterEvent::WorldPhaseStarted { .. }))
    );
}

#[test]
fn a5e_world_04_narrator_may_skip_or_remove_world_actions() {
    let mut t = trio(Preset::A5e);
    t.run(
        EncounterCommand::AddWorldAction {
            action: flame_burst(),
        },
        &[],
    );
    t.run(start(), &[18, 15, 3]);
    t.run(EncounterCommand::EndWorldPhase, &[]);
    assert_eq!(t.current().as_deref(), Some("a"));
    t.run(
        EncounterCommand::RemoveWorldAction {
            action: WorldActionId::new("flame-burst").unwrap(),
        },
        &[],
    );
    assert!(t.enc.world_actions().is_empty());
}

#[test]
fn a5e_scen_05_rolling_movement_world_actions_at_each_turn() {
    let mut cfg = RulesetConfig::preset(Preset::A5e);
    cfg.a5e.rolling_movement = true;
    let mut t = Table::new(cfg);
    t.add(newp("a", "x", 10));
    t.add(newp("b", "y", 10));
    t.run(
        EncounterCommand::AddWorldAction {
            action: WorldAction {
                id: WorldActionId::new("gale").unwrap(),
                name: Name::new("Forceful Gale").unwrap(),
                recharge: None,
            },
        },
        &[],
    );
    t.run(start(), &[15, 5]);
    // a's turn has started, and its world phase comes first.
    assert_eq!(t.enc.phase(), turnkeeper::encounter::Phase::World);
    let gale = WorldActionId::new("gale").unwrap();
    t.fail(
        EncounterCommand::UseWorldAction {
            action: gale.clone(),
            targets: vec![pid("b")],
        },
        &[],
        ErrorCode::NotAllowed,
    );
    t.fail(
        use_action("a", ActionKind::Action),
        &[],
        ErrorCode::OutOfOrder,
    );
    t.run(
        EncounterCommand::UseWorldAction {
            action: gale.clone(),
            targets: vec![pid("a")],
        },
        &[],
    );
    t.run(EncounterCommand::EndWorldPhase, &[]);
    t.run(use_action("a", ActionKind::Action), &[]);
    let ev = t.end_turn();
    assert!(ev.iter().any(
        |e| matches!(e, EncounterEvent::WorldPhaseStarted { participant: Some(p), .. } if p == &pid("b"))
    ));
    t.run(
        EncounterCommand::UseWorldAction {
            action: gale,
            targets: vec![pid("b")],
        },
        &[],
    );
}

#[test]
fn a5e_turn_01_02_04_budget_any_order_split_movement_and_reaction_reset() {
    let mut t = trio(Preset::A5e);
    t.run(start(), &[18, 15, 3]);
    // Any order: bonus action first, movement split around the action (A5E-TURN-04).
    t.run(use_action("a", ActionKind::BonusAction), &[]);
    t.run(use_action("a", ActionKind::Movement), &[]);
    t.run(use_action("a", ActionKind::Action), &[]);
    t.run(use_action("a", ActionKind::Movement), &[]);
    t.fail(
        use_action("a", ActionKind::Action),
        &[],
        ErrorCode::NotAllowed,
    );
    t.fail(
        use_action("a", ActionKind::BonusAction),
        &[],
        ErrorCode::NotAllowed,
    );
    // Acting out of turn is refused.
    t.fail(
        use_action("b", ActionKind::Action),
        &[],
        ErrorCode::OutOfOrder,
    );
    // b reacts on a's turn, and cannot again until its own turn starts.
    t.run(use_action("b", ActionKind::Reaction), &[]);
    t.fail(
        use_action("b", ActionKind::Reaction),
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    assert_eq!(t.current().as_deref(), Some("b"));
    t.run(use_action("b", ActionKind::Reaction), &[]);
}

#[test]
fn a5e_turn_03_one_free_object_interaction() {
    let mut t = trio(Preset::A5e);
    t.run(start(), &[18, 15, 3]);
    t.run(use_action("a", ActionKind::Interaction), &[]);
    t.fail(
        use_action("a", ActionKind::Interaction),
        &[],
        ErrorCode::NotAllowed,
    );
    // The second object takes the Use an Object action.
    t.run(
        EncounterCommand::UseAction {
            participant: pid("a"),
            kind: ActionKind::Interaction,
            slot: Some(ActionKind::Action),
        },
        &[],
    );
    t.fail(
        use_action("a", ActionKind::Action),
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn a5e_act_11_ready_uses_the_action_then_the_reaction() {
    let mut t = trio(Preset::A5e);
    t.run(start(), &[18, 15, 3]);
    let trigger = Label::new("when the door opens").unwrap();
    t.run(
        EncounterCommand::Ready {
            participant: pid("a"),
            trigger,
        },
        &[],
    );
    t.fail(
        use_action("a", ActionKind::Action),
        &[],
        ErrorCode::NotAllowed,
    );
    t.end_turn();
    t.run(
        EncounterCommand::TriggerReady {
            participant: pid("a"),
        },
        &[],
    );
    t.fail(
        EncounterCommand::TriggerReady {
            participant: pid("a"),
        },
        &[],
        ErrorCode::NotAllowed,
    );
    // An untriggered readied action is lost when the creature's next turn starts.
    t.end_turn();
    t.end_turn();
    assert_eq!(t.enc.round(), 2);
    t.run(
        EncounterCommand::Ready {
            participant: pid("a"),
            trigger: Label::new("x").unwrap(),
        },
        &[],
    );
    t.end_turn();
    t.end_turn();
    t.end_turn();
    assert!(t.enc.participant(&pid("a")).unwrap().readied.is_none());
    // Greyhawk forbids Ready (GH-INIT-13).
    let mut g = Table::preset(Preset::Gh5e);
    g.add(newp("a", "x", 10));
    g.run(start(), &[]);
    g.declare("a", gh(&[turnkeeper::initiative::Activity::Melee]));
    g.run(EncounterCommand::RollInitiative { no_actions: false }, &[3]);
    g.fail(
        EncounterCommand::Ready {
            participant: pid("a"),
            trigger: Label::new("x").unwrap(),
        },
        &[],
        ErrorCode::NotAllowed,
    );
}

#[test]
fn a5e_ctrl_01_02_controlled_creatures_act_on_the_controllers_turn() {
    let mut t = Table::preset(Preset::A5e);
    t.add(newp("druid", "party", 12));
    t.add(newp("orc", "foes", 10));
    for w in ["wolf1", "wolf2"] {
        let mut p = newp(w, "party", 14);
        p.controller = Some(pid("druid"));
        p.group = Some(GroupId::new("wolves").unwrap());
        t.add(p);
    }
    let mut hawk = newp("hawk", "party", 16);
    hawk.controller = Some(pid("druid"));
    t.add(hawk);
    // Only the druid and the orc roll.
    t.run(start(), &[15, 4]);
    assert_eq!(t.order(), strs(&["druid", "orc"]));
    let wolf = t.enc.participant(&pid("wolf1")).unwrap();
    assert_eq!(wolf.turn, turnkeeper::encounter::TurnStatus::Started);
    // Movement at any point of the controller's turn (A5E-CTRL-01).
    t.run(use_action("wolf1", ActionKind::Movement), &[]);
    // Actions need a command, which costs the druid's bonus action (A5E-CTRL-02).
    t.fail(
        use_action("wolf1", ActionKind::Action),
        &[],
        ErrorCode::NotAllowed,
    );
    t.fail(
        EncounterCommand::CommandControlled {
            controller: pid("druid"),
            targets: vec![pid("wolf1"), pid("hawk")],
        },
        &[],
        ErrorCode::NotAllowed,
    );
    t.run(
        EncounterCommand::CommandControlled {
            controller: pid("druid"),
            targets: vec![pid("wolf1"), pid("wolf2")],
        },
        &[],
    );
    t.run(use_action("wolf1", ActionKind::Action), &[]);
    t.run(use_action("wolf2", ActionKind::Action), &[]);
    t.fail(
        use_action("hawk", ActionKind::Action),
        &[],
        ErrorCode::NotAllowed,
    );
    t.fail(
        EncounterCommand::CommandControlled {
            controller: pid("druid"),
            targets: vec![pid("hawk")],
        },
        &[],
        ErrorCode::NotAllowed,
    );
    let ev = t.end_turn();
    let ended = ev
        .iter()
        .filter(|e| matches!(e, EncounterEvent::TurnEnded { .. }))
        .count();
    assert_eq!(ended, 4, "the druid and its three creatures");
    // Off the druid's turn the wolves cannot move.
    t.fail(
        use_action("wolf1", ActionKind::Movement),
        &[],
        ErrorCode::OutOfOrder,
    );
    // Releasing control: the hawk rolls and joins the order.
    t.run(
        EncounterCommand::SetController {
            participant: pid("hawk"),
            controller: None,
        },
        &[9],
    );
    assert_eq!(t.count("hawk"), Some(12));
    // It already had its turn with the druid this round, so it takes its own place from the
    // next round on.
    assert!(!t.order().contains(&"hawk".to_string()));
    t.end_turn();
    assert_eq!(t.order(), strs(&["druid", "hawk", "orc"]));
}

#[test]
fn standard_5e_d20_plus_dex_mod_once_ties_by_dex_mod() {
    let mut t = trio(Preset::Standard);
    // a 10+2 = 12, b 12+0 = 12, c 13−1 = 12: Dex modifier breaks them.
    let ev = t.run(start(), &[10, 12, 13]);
    assert_eq!(t.order(), strs(&["a", "b", "c"]));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, EncounterEvent::TiesBroken { .. }))
    );
    for _ in 0..3 {
        t.end_turn();
    }
    assert_eq!(t.enc.round(), 2);
    assert_eq!(t.order(), strs(&["a", "b", "c"]));
    assert_eq!(t.enc.round_length().seconds(), 6);
}
