//! A5E fatigue and strife counters (A5E-TRACK-01..03, -05, -06, -09).

use turnkeeper::ErrorCode;
use turnkeeper::creature::*;
use turnkeeper::dice::SuppliedDice;

const NOW: GameTime = GameTime(50_000);

fn a5e() -> CreatureRules {
    CreatureRules::a5e()
}

fn fight() -> Moment {
    Moment::in_encounter(NOW)
}

fn calm() -> Moment {
    Moment::outside_encounter(NOW)
}

fn pc() -> Creature {
    Creature::new(CreatureKind::Pc, 20)
        .unwrap()
        .with_level(4)
        .with_hit_dice(turnkeeper::dice::DieSize::D8, 4)
}

fn dice(faces: &[u32]) -> SuppliedDice {
    SuppliedDice::new(faces.iter().copied())
}

#[test]
fn a5e_track_01_levels_run_0_to_7_and_gain_what_the_effect_gives() {
    let rules = a5e();
    let mut c = pc();
    let r = c.gain_strife(&rules, 2, calm(), &mut dice(&[])).unwrap();
    assert_eq!(
        r.outcomes,
        vec![Outcome::GainedLevels {
            track: TrackKind::Strife,
            levels: 2,
            level: 2,
            pending: 0
        }]
    );
    // The track stops at 7.
    let r = c.gain_strife(&rules, 7, calm(), &mut dice(&[])).unwrap();
    assert_eq!(c.strife.level(), 7);
    assert!(r.outcomes.contains(&Outcome::GainedLevels {
        track: TrackKind::Strife,
        levels: 5,
        level: 7,
        pending: 0
    }));
    // Amounts outside 1–7 are refused, and nothing changes.
    let before = c.clone();
    for bad in [0, -1, 8] {
        let err = c
            .gain_fatigue(&rules, bad, calm(), &mut dice(&[]))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        let err = c.remove_strife(&rules, bad).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
    }
    assert_eq!(c, before);
}

#[test]
fn a5e_track_02_current_level_and_every_lower_level_apply() {
    let t = Track::new(3);
    assert!(t.suffers(1) && t.suffers(2) && t.suffers(3));
    assert!(!t.suffers(4));
    assert!(!t.suffers(0));
    assert!(!Track::new(0).suffers(1));
}

#[test]
fn a5e_track_03_removal_lowers_the_level_pending_levels_first() {
    let rules = a5e();
    let mut c = pc();
    c.fatigue = Track::new(3);
    c.remove_fatigue(&rules, 2).unwrap();
    assert_eq!(c.fatigue.level(), 1);
    let r = c.remove_fatigue(&rules, 5).unwrap();
    assert_eq!(c.fatigue.level(), 0);
    assert!(!c.fatigue.suffers(1), "all effects end below 1");
    assert_eq!(
        r.outcomes,
        vec![Outcome::LostLevels {
            track: TrackKind::Fatigue,
            levels: 1,
            level: 0
        }]
    );
    let mut c = pc();
    c.fatigue = Track {
        effective: 2,
        pending: 2,
    };
    c.remove_fatigue(&rules, 3).unwrap();
    assert_eq!(
        c.fatigue,
        Track {
            effective: 1,
            pending: 0
        }
    );
}

#[test]
fn a5e_track_05_raised_from_the_dead_every_track_drops_by_one() {
    let mut c = pc();
    c.fatigue = Track::new(4);
    c.strife = Track::new(1);
    c.kill(DeathReason::Referee).unwrap();
    let r = c.raise_from_dead(1, false).unwrap();
    assert_eq!((c.fatigue.level(), c.strife.level()), (3, 0));
    assert!(r.outcomes.contains(&Outcome::LostLevels {
        track: TrackKind::Strife,
        levels: 1,
        level: 0
    }));
}

#[test]
fn a5e_track_06_fatigue_gained_in_combat_takes_effect_after_the_encounter() {
    let rules = a5e();
    let mut c = pc();
    c.gain_fatigue(&rules, 2, fight(), &mut dice(&[])).unwrap();
    assert_eq!(
        c.fatigue,
        Track {
            effective: 0,
            pending: 2
        }
    );
    assert!(!c.fatigue.suffers(1), "not felt in the heat of battle");
    // Strife is not delayed by default.
    c.gain_strife(&rules, 1, fight(), &mut dice(&[])).unwrap();
    assert_eq!(c.strife, Track::new(1));
    let r = c
        .end_encounter(&rules, Moment::in_encounter(NOW), &mut dice(&[]))
        .unwrap();
    assert_eq!(c.fatigue, Track::new(2));
    assert_eq!(
        r.outcomes,
        vec![Outcome::LevelsTookEffect {
            track: TrackKind::Fatigue,
            level: 2
        }]
    );
    // Outside combat, fatigue applies at once.
    c.gain_fatigue(&rules, 1, calm(), &mut dice(&[])).unwrap();
    assert_eq!(c.fatigue, Track::new(3));
    // Option: delay strife too.
    let delayed = CreatureRules::A5e(A5eRules {
        delay_strife_in_combat: true,
        ..A5eRules::default()
    });
    c.gain_strife(&delayed, 1, fight(), &mut dice(&[])).unwrap();
    assert_eq!(
        c.strife,
        Track {
            effective: 1,
            pending: 1
        }
    );
}

#[test]
fn a5e_track_08_strife_five_and_seven_bring_stress_effects() {
    let rules = a5e();
    let mut c = pc();
    c.strife = Track::new(4);
    let r = c.gain_strife(&rules, 1, calm(), &mut dice(&[])).unwrap();
    assert!(r.outcomes.contains(&Outcome::ShortTermStress));
    let r = c.gain_strife(&rules, 2, calm(), &mut dice(&[])).unwrap();
    assert!(r.outcomes.contains(&Outcome::PermanentStress));
    assert!(!r.outcomes.contains(&Outcome::ShortTermStress));
    assert!(c.doom.is_none(), "strife 7 does not doom");
}

/// Every automatic source of fatigue and strife listed in A5E-TRACK-09.
#[test]
fn a5e_track_09_automatic_sources_of_fatigue_and_strife() {
    let rules = a5e();
    let levels = |c: &Creature| (c.fatigue.level(), c.strife.level());
    let choices = DamageChoices::default();

    // Falling unconscious from damage in an encounter: +1 fatigue.
    let mut c = pc();
    c.take_damage(
        &rules,
        &DamageInstance::new(20, None),
        &choices,
        fight(),
        &mut dice(&[]),
    )
    .unwrap();
    assert_eq!(levels(&c), (1, 0));

    // A critical hit at 0 HP: +1 fatigue (plus the attacker's pick, here strife).
    let crit_choice = DamageChoices {
        attacked_at_zero: Some(AtZeroConsequence::Strife),
        ..choices
    };
    c.take_damage(
        &rules,
        &DamageInstance::attack(1, None, true).critical(),
        &crit_choice,
        fight(),
        &mut dice(&[]),
    )
    .unwrap();
    assert_eq!(levels(&c), (2, 1));

    // Natural 1 on a death save: +1 fatigue +1 strife.
    c.death_save(&rules, 0, RollMode::Normal, fight(), &mut dice(&[1]))
        .unwrap();
    assert_eq!(levels(&c), (3, 2));

    // Blocking a critical hit: +1 fatigue.
    let mut c = pc();
    let block = DamageChoices {
        critical_downgrade: Some(CriticalDowngrade::Block),
        ..choices
    };
    c.take_damage(
        &rules,
        &DamageInstance::attack(2, None, true).critical(),
        &block,
        fight(),
        &mut dice(&[]),
    )
    .unwrap();
    assert_eq!(levels(&c), (1, 0));

    // A knock-out: +1 fatigue.
    let mut c = pc();
    let ko = DamageChoices {
        knock_out: true,
        ..choices
    };
    c.take_damage(
        &rules,
        &DamageInstance::attack(20, None, true),
        &ko,
        fight(),
        &mut dice(&[2]),
    )
    .unwrap();
    assert_eq!(levels(&c), (1, 0));

    // Surviving massive damage: +1 fatigue +1 strife (and +1 fatigue for falling).
    let mut c = pc();
    c.take_damage(
        &rules,
        &DamageInstance::new(40, None),
        &choices,
        fight(),
        &mut dice(&[19]),
    )
    .unwrap();
    assert_eq!(levels(&c), (2, 1));

    // A long rest without Supply: +1 fatigue.
    let mut c = pc();
    c.long_rest(
        &rules,
        &LongRest::full(GameTime(NOW.0 + 86_400), false, true),
        &mut dice(&[]),
    )
    .unwrap();
    assert_eq!(levels(&c), (1, 0));
}

#[test]
fn a5e_track_06_after_encounter_doom_only_from_levels_that_just_took_effect() {
    let later = CreatureRules::A5e(A5eRules {
        seventh_fatigue: SeventhFatigueDoom::AfterEncounter,
        ..A5eRules::default()
    });
    // Fatigue 7 whose doom was lifted earlier: ending a fight does not doom it again.
    let mut c = pc();
    c.fatigue = Track::new(7);
    let r = c.end_encounter(&later, fight(), &mut dice(&[])).unwrap();
    assert!(r.outcomes.is_empty());
    assert!(c.doom.is_none());
    // A long rest lets pending levels take effect too, and the seventh dooms then.
    let mut c = pc();
    c.fatigue = Track {
        effective: 6,
        pending: 1,
    };
    c.long_rest(
        &later,
        &LongRest::full(GameTime(NOW.0 + 86_400), true, true),
        &mut dice(&[2, 2]),
    )
    .unwrap();
    assert!(c.doom.is_some());
    assert_eq!(c.fatigue.level(), 6, "the haven rest then recovers a level");
}

#[test]
fn tracks_are_an_a5e_rule() {
    let mut c = pc();
    for rules in [CreatureRules::hyb(), CreatureRules::ose()] {
        let err = c
            .gain_fatigue(&rules, 1, calm(), &mut dice(&[]))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::NotAllowed);
    }
}
