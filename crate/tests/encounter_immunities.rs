//! Condition immunities on encounter participants (A5E-COND-28): a listed immunity and the
//! conditions it covers through the links are not applied by `addEffects` (reported as
//! resisted), and `rollAdvice` leaves out what the creature is immune to. Replayed on a mirror
//! and round-tripped through snapshots by `Table`.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::ErrorCode;
use turnkeeper::conditions::{ConditionId, Roll, RollMode, RollQuery};
use turnkeeper::effects::{Duration, EffectSpec};
use turnkeeper::encounter::{EncounterCommand, EncounterEvent};
use turnkeeper::rulesets::Preset;

fn cid(s: &str) -> ConditionId {
    ConditionId::new(s).unwrap()
}

fn effect(target: &str, condition: &str) -> EffectSpec {
    EffectSpec::condition(pid(target), cid(condition), Duration::UntilRemoved)
}

fn add(t: &mut Table, effects: Vec<EffectSpec>) -> Vec<EncounterEvent> {
    t.run(
        EncounterCommand::AddEffects {
            effects,
            ongoing: None,
        },
        &[],
    )
}

#[test]
fn a5e_cond_28_immune_to_charmed_resists_charmed_and_what_it_covers() {
    let mut t = Table::preset(Preset::A5e);
    let mut ghoul = newp("ghoul", "foes", 12);
    ghoul.condition_immunities = vec![cid("charmed")];
    t.add(ghoul).add(newp("ana", "party", 14));
    let events = add(
        &mut t,
        vec![
            effect("ghoul", "fixated"),
            effect("ghoul", "charmed"),
            effect("ghoul", "poisoned"),
            effect("ana", "fixated"),
        ],
    );
    let EncounterEvent::EffectsAdded {
        added, resisted, ..
    } = &events[0]
    else {
        panic!("{events:?}")
    };
    let on: Vec<(String, String)> = added
        .iter()
        .map(|e| {
            (
                e.target.to_string(),
                e.condition.as_ref().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        on,
        [
            ("ghoul".to_string(), "poisoned".to_string()),
            ("ana".to_string(), "fixated".to_string())
        ]
    );
    let res: Vec<(String, String)> = resisted
        .iter()
        .map(|r| (r.condition.to_string(), r.immunity.to_string()))
        .collect();
    assert_eq!(
        res,
        [
            ("fixated".to_string(), "charmed".to_string()),
            ("charmed".to_string(), "charmed".to_string())
        ]
    );
    let line = events[0].describe(&t.enc);
    assert!(line.contains("Ghoul is immune to fixated."), "{line}");
    // Everything resisted: the command still succeeds and changes no effect.
    let before = t.enc.effects().effects().len();
    let events = add(&mut t, vec![effect("ghoul", "enraged")]);
    assert!(matches!(
        &events[0],
        EncounterEvent::EffectsAdded { added, resisted, .. } if added.is_empty() && resisted.len() == 1
    ));
    assert_eq!(t.enc.effects().effects().len(), before);
}

#[test]
fn a5e_cond_28_roll_advice_leaves_out_what_the_participant_is_immune_to() {
    let mut t = Table::preset(Preset::A5e);
    let mut golem = newp("golem", "foes", 10);
    golem.condition_immunities = vec![cid("prone")];
    t.add(golem).add(newp("rat", "foes", 10));
    add(
        &mut t,
        vec![effect("golem", "unconscious"), effect("rat", "unconscious")],
    );
    let far = RollQuery::new(Roll::AttackAgainst {
        attacker_distance_feet: 30,
    });
    // Unconscious implies prone, which gives ranged attackers disadvantage; the golem is
    // immune to prone, so only the advantage of unconscious is left.
    let golem = t.enc.roll_advice(&pid("golem"), &far).unwrap();
    assert_eq!(golem.mode, RollMode::Advantage);
    assert!(golem.disadvantage.is_empty());
    let rat = t.enc.roll_advice(&pid("rat"), &far).unwrap();
    assert!(!rat.disadvantage.is_empty());
}

#[test]
fn condition_immunities_name_known_conditions() {
    let mut t = Table::preset(Preset::A5e);
    let mut odd = newp("odd", "foes", 10);
    odd.condition_immunities = vec![cid("sleepy")];
    t.fail(
        EncounterCommand::AddParticipant { participant: odd },
        &[],
        ErrorCode::UnknownId,
    );
}

#[test]
fn a5e_cond_28_set_condition_immunities_after_joining_replaces_the_list() {
    let mut t = Table::preset(Preset::A5e);
    t.add(newp("ana", "party", 14));
    add(&mut t, vec![effect("ana", "prone")]);
    let far = RollQuery::new(Roll::AttackAgainst {
        attacker_distance_feet: 30,
    });
    assert!(
        !t.enc
            .roll_advice(&pid("ana"), &far)
            .unwrap()
            .disadvantage
            .is_empty()
    );
    // A spell makes her immune to charmed and prone: what charmed covers (fixated) is refused,
    // and the prone she already has stops counting.
    let events = t.run(
        EncounterCommand::SetConditionImmunities {
            participant: pid("ana"),
            immunities: vec![cid("charmed"), cid("prone")],
        },
        &[],
    );
    assert_eq!(
        events,
        [EncounterEvent::ConditionImmunitiesSet {
            participant: pid("ana"),
            immunities: vec![cid("charmed"), cid("prone")],
        }]
    );
    let line = events[0].describe(&t.enc);
    assert!(line.contains("is now immune to charmed, prone."), "{line}");
    assert_eq!(
        t.enc.participant(&pid("ana")).unwrap().condition_immunities,
        [cid("charmed"), cid("prone")]
    );
    assert!(
        t.enc
            .roll_advice(&pid("ana"), &far)
            .unwrap()
            .disadvantage
            .is_empty()
    );
    let events = add(&mut t, vec![effect("ana", "fixated")]);
    assert!(matches!(
        &events[0],
        EncounterEvent::EffectsAdded { added, resisted, .. } if added.is_empty() && resisted.len() == 1
    ));
    // Replaced by nothing: she can be charmed again.
    let events = t.run(
        EncounterCommand::SetConditionImmunities {
            participant: pid("ana"),
            immunities: vec![],
        },
        &[],
    );
    assert!(
        events[0]
            .describe(&t.enc)
            .contains("no longer immune to any condition")
    );
    let events = add(&mut t, vec![effect("ana", "fixated")]);
    assert!(matches!(
        &events[0],
        EncounterEvent::EffectsAdded { added, resisted, .. } if added.len() == 1 && resisted.is_empty()
    ));
    // An unknown condition or participant changes nothing.
    t.fail(
        EncounterCommand::SetConditionImmunities {
            participant: pid("ana"),
            immunities: vec![cid("sleepy")],
        },
        &[],
        ErrorCode::UnknownId,
    );
    t.fail(
        EncounterCommand::SetConditionImmunities {
            participant: pid("bob"),
            immunities: vec![],
        },
        &[],
        ErrorCode::UnknownId,
    );
}
