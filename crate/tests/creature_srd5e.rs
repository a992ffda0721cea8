//! The 5e (SRD 5.1) hit-point and dying family, selectable as `CreatureRules::Srd5e`: instant
//! death past the hit point maximum, death saves with a natural 1 as two failures and a natural
//! 20 as 1 HP, damage at 0 HP as failures (two from a critical), no fatigue or strife.

use turnkeeper::ErrorCode;
use turnkeeper::creature::*;
use turnkeeper::dice::SuppliedDice;

const NOW: GameTime = GameTime(10_000);

fn srd5e() -> CreatureRules {
    CreatureRules::srd5e()
}

fn fight() -> Moment {
    Moment::in_encounter(NOW)
}

fn pc(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp).unwrap().with_level(3)
}

fn dice(faces: &[u32]) -> SuppliedDice {
    SuppliedDice::new(faces.iter().copied())
}

fn hit(c: &mut Creature, amount: i32, critical: bool) -> DamageReport {
    let mut d = DamageInstance::new(amount, None);
    d.critical = critical;
    c.take_damage(
        &srd5e(),
        &d,
        &DamageChoices::default(),
        fight(),
        &mut dice(&[]),
    )
    .unwrap()
}

fn save(c: &mut Creature, face: u32) -> Report {
    c.death_save(&srd5e(), 0, RollMode::Normal, fight(), &mut dice(&[face]))
        .unwrap()
}

fn dying(successes: u8, failures: u8) -> DeathState {
    DeathState::Dying {
        successes,
        failures,
    }
}

#[test]
fn srd5e_dropping_to_zero_is_dying_without_fatigue_and_past_the_maximum_is_death() {
    let mut c = pc(10);
    hit(&mut c, 15, false); // 5 left over past 0: less than the maximum
    assert_eq!(c.death, dying(0, 0));
    assert_eq!(
        c.fatigue,
        Track::default(),
        "no fatigue for falling unconscious"
    );
    let mut c = pc(10);
    hit(&mut c, 20, false); // 10 left over: the maximum
    assert!(matches!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::MassiveDamage
        }
    ));
    // A monster dies at 0.
    let mut m = Creature::new(CreatureKind::Monster, 7).unwrap();
    hit(&mut m, 7, false);
    assert!(m.is_dead());
}

#[test]
fn srd5e_death_saves_natural_one_counts_twice_natural_twenty_brings_one_hp() {
    let mut c = pc(10);
    hit(&mut c, 10, false);
    save(&mut c, 1);
    assert_eq!(c.death, dying(0, 2));
    assert_eq!(c.strife, Track::default(), "no strife in 5e");
    save(&mut c, 20);
    assert_eq!(c.hp.current, 1);
    assert!(c.death.is_alive());
    // Three successes: stable; three failures: dead.
    let mut c = pc(10);
    hit(&mut c, 10, false);
    save(&mut c, 10);
    save(&mut c, 15);
    // The third success: stable, regaining 1 HP after 1d4 (2) hours.
    c.death_save(&srd5e(), 0, RollMode::Normal, fight(), &mut dice(&[19, 2]))
        .unwrap();
    assert!(matches!(c.death, DeathState::Stable { .. }));
    let mut c = pc(10);
    hit(&mut c, 10, false);
    for face in [9, 2, 5] {
        save(&mut c, face);
    }
    assert!(matches!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::DeathSaves
        }
    ));
}

#[test]
fn srd5e_damage_at_zero_is_a_failure_two_from_a_critical_and_death_at_the_maximum() {
    let mut c = pc(10);
    hit(&mut c, 10, false);
    hit(&mut c, 3, false);
    assert_eq!(c.death, dying(0, 1));
    hit(&mut c, 3, true);
    assert!(matches!(c.death, DeathState::Dead { .. }));
    let mut c = pc(10);
    hit(&mut c, 10, false);
    hit(&mut c, 10, false);
    assert!(matches!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::MassiveDamage
        }
    ));
}

#[test]
fn srd5e_refuses_a5e_only_choices_and_tracks_and_changes_nothing() {
    let mut c = pc(10);
    let before = c.clone();
    let mut d = DamageInstance::new(4, None);
    d.critical = true;
    let choices = DamageChoices {
        critical_downgrade: Some(CriticalDowngrade::Block),
        ..DamageChoices::default()
    };
    let err = c
        .take_damage(&srd5e(), &d, &choices, fight(), &mut dice(&[]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    let err = c
        .gain_strife(&srd5e(), 1, fight(), &mut dice(&[]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed, "{err}");
    assert_eq!(c, before);
    // Not dying: no save.
    let err = c
        .death_save(&srd5e(), 0, RollMode::Normal, fight(), &mut dice(&[12]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::OutOfOrder);
}
