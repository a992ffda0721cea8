//! Inputs may leave out the fields the rules give a value for (issue 20, types): each short
//! form reads, through the wire reader and through serde alike, as the full form with the
//! rules' value written out, and the procedure then gives the rules' outcome.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use turnkeeper::ErrorCode;
use turnkeeper::clock::consumable::Tick;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::encounter::EncounterCommand;
use turnkeeper::exploration::journey::JourneyCommand;
use turnkeeper::exploration::journey::types::StartTime;
use turnkeeper::procedures::a5e::attack_situation::{AttackCircumstances, assess_attack};
use turnkeeper::procedures::a5e::environment::vision::{Senses, SightQuery, perceive};
use turnkeeper::procedures::a5e::movement::MoveStep;
use turnkeeper::procedures::a5e::tumble::{TumbleAttempt, tumble};
use turnkeeper::procedures::a5e::world::resolve::AffectedCreature;
use turnkeeper::procedures::ose::damage::{DamageKind, SubdualStatus, SubdualTrack};
use turnkeeper::wire::FromWire;

/// `short` and `full` read as the same value, by the wire reader and by serde.
fn same<T: FromWire + DeserializeOwned + PartialEq + Debug>(short: &str, full: &str) -> T {
    let read = |text: &str| -> T {
        let wire: T = turnkeeper::wire::from_json(text, "input", ErrorCode::InvalidArgument)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let serde: T = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(wire, serde, "{text}");
        wire
    };
    let value = read(short);
    assert_eq!(value, read(full), "{short} is not {full}");
    value
}

#[test]
fn a5e_track_01_fatigue_and_strife_levels_default_to_one() {
    for kind in ["gainFatigue", "gainStrife", "removeFatigue", "removeStrife"] {
        same::<EncounterCommand>(
            &format!(r#"{{"type":"{kind}","participant":"kira"}}"#),
            &format!(r#"{{"type":"{kind}","participant":"kira","levels":1}}"#),
        );
    }
}

#[test]
fn gh_surp_01_set_surprised_names_the_surprised() {
    same::<EncounterCommand>(
        r#"{"type":"setSurprised","participants":["orc"]}"#,
        r#"{"type":"setSurprised","participants":["orc"],"surprised":true}"#,
    );
}

#[test]
fn a5e_death_09_and_hyb_retreat_01_check_modifiers_default_to_zero() {
    same::<EncounterCommand>(
        r#"{"type":"stabilize","participant":"kira","method":{"type":"check"}}"#,
        r#"{"type":"stabilize","participant":"kira","method":{"type":"check","modifier":0,"mode":"normal"}}"#,
    );
    same::<EncounterCommand>(
        r#"{"type":"resolveRetreat","participant":"kira","check":{"dc":12}}"#,
        r#"{"type":"resolveRetreat","participant":"kira","check":{"modifier":0,"dc":12}}"#,
    );
}

#[test]
fn hyb_time_02_start_time_and_supplies_default_to_the_plain_case() {
    same::<StartTime>(r#"{"type":"at"}"#, r#"{"type":"at","hour":0,"minute":0}"#);
    same::<StartTime>(
        r#"{"type":"at","hour":8}"#,
        r#"{"type":"at","hour":8,"minute":0}"#,
    );
    same::<StartTime>(
        r#"{"type":"timeDice","count":2}"#,
        r#"{"type":"timeDice","count":2,"offsetHours":0}"#,
    );
    same::<JourneyCommand>(
        r#"{"type":"consume","id":"rations"}"#,
        r#"{"type":"consume","id":"rations","amount":1}"#,
    );
    same::<Tick>(r#"{"every":86400}"#, r#"{"every":86400,"uses":1}"#);
}

#[test]
fn a5e_act_14_tumble_defaults_to_an_untrained_straight_save() {
    let attempt = same::<TumbleAttempt>(
        r#"{"tumbler":"medium","target":"medium","dexteritySaveModifier":2,"maneuverDc":13}"#,
        r#"{"tumbler":"medium","target":"medium","dexteritySaveModifier":2,"maneuverDc":13,
            "acrobatics":"none","expertiseDie":"d4","rattled":false,"otherMode":"normal","targetAllows":false}"#,
    );
    // One d20, no expertise die: 11 + 2 makes the DC 13 save.
    let made = tumble(&attempt, &mut SuppliedDice::new([11])).unwrap();
    assert!(made.success);
    assert_eq!(made.save.map(|s| s.total), Some(13));
    assert!(
        !tumble(&attempt, &mut SuppliedDice::new([10]))
            .unwrap()
            .success
    );
}

#[test]
fn a5e_atk_01_attack_circumstances_default_to_a_plain_seen_attack() {
    let c = same::<AttackCircumstances>(
        r#"{"form":{"type":"melee","distanceFt":5,"weapon":true}}"#,
        r#"{"form":{"type":"melee","reachFt":5,"distanceFt":5,"weapon":true},
            "attackerSeesTarget":true,"targetSeesAttacker":true,"targetLocation":{"type":"known"},
            "cover":"none","environment":{"type":"normal"},"otherAdvantage":false,"otherDisadvantage":false}"#,
    );
    let a = assess_attack(&c).unwrap();
    assert!(a.reasons.is_empty(), "{:?}", a.reasons);
    assert_eq!(a.automatic_miss, None);
    // A5E-ATK-04: the default 5 ft reach does not reach 10 ft.
    let far = same::<AttackCircumstances>(
        r#"{"form":{"type":"melee","distanceFt":10,"weapon":true}}"#,
        r#"{"form":{"type":"melee","reachFt":5,"distanceFt":10,"weapon":true}}"#,
    );
    assert_eq!(assess_attack(&far).unwrap_err().code, ErrorCode::NotAllowed);
}

#[test]
fn a5e_env_05_sight_defaults_to_no_obscurement_and_open_eyes() {
    let q = same::<SightQuery>(
        r#"{"distanceFt":30,"light":"bright"}"#,
        r#"{"distanceFt":30,"light":"bright","obscurement":"none","targetInvisible":false,"observerBlinded":false}"#,
    );
    let senses = same::<Senses>("{}", r#"{"blindBeyondBlindsight":false}"#);
    let seen = perceive(&senses, &q);
    assert!(seen.sees);
    assert!(!seen.perception_disadvantage);
}

#[test]
fn a5e_move_16_move_step_defaults_to_a_plain_stretch() {
    let step = same::<MoveStep>(
        r#"{"mode":"walk","distanceFt":30}"#,
        r#"{"mode":"walk","distanceFt":30,"difficultHazards":0,"pullingAlly":false,"downwardAloft":false}"#,
    );
    assert_eq!(step, MoveStep::new(step.mode, 30));
}

#[test]
fn a5e_tba_05_affected_creature_defaults_to_nothing_special() {
    let c = same::<AffectedCreature>(
        r#"{"id":"kira","save":{"modifier":3}}"#,
        r#"{"id":"kira","save":{"modifier":3},"autoFailsSave":false,"coldWeatherGear":false,"coldResistantOrCovered":false}"#,
    );
    assert_eq!(c, AffectedCreature::new("kira", 3));
}

#[test]
fn ose_atk_15_a_new_subdual_track_has_taken_nothing() {
    let mut track = same::<SubdualTrack>(
        r#"{"maxHp":8,"intelligent":true}"#,
        r#"{"maxHp":8,"intelligent":true,"lethalTaken":0,"subdualTaken":0}"#,
    );
    assert_eq!(track, SubdualTrack::new(8, true));
    assert_eq!(track.take(DamageKind::Subdual, 7), SubdualStatus::Fighting);
    assert_eq!(
        track.take(DamageKind::Subdual, 1),
        SubdualStatus::Surrenders
    );
}

#[test]
fn a5e_act_17_two_weapon_setup_defaults_to_no_exception() {
    use turnkeeper::procedures::a5e::two_weapon::{TwoWeaponSetup, off_hand_attacks};
    let setup = same::<TwoWeaponSetup>(
        r#"{"tookAttackAction":true,"mainHandOneHanded":true,"offHandDualWieldingMelee":true,
            "offHandDifferent":true,"bonusActionAvailable":true}"#,
        r#"{"tookAttackAction":true,"mainHandHeavy":false,"mainHandOneHanded":true,"offHandDualWieldingMelee":true,
            "offHandDifferent":true,"bonusActionAvailable":true,"hasExtraAttack":false}"#,
    );
    assert_eq!(off_hand_attacks(&setup).unwrap(), 1);
}

#[test]
fn a5e_atk_05_opportunity_trigger_defaults_to_no_disengage() {
    use turnkeeper::procedures::a5e::attack_situation::{
        OpportunityTrigger, provokes_opportunity_attack,
    };
    let t = same::<OpportunityTrigger>(
        r#"{"moverHostile":true,"reactorSeesMover":true,"leavesReach":true,"movement":"voluntary","reactorHasReaction":true}"#,
        r#"{"moverHostile":true,"reactorSeesMover":true,"leavesReach":true,"moverDisengaged":false,"movement":"voluntary","reactorHasReaction":true}"#,
    );
    assert!(provokes_opportunity_attack(&t));
}
