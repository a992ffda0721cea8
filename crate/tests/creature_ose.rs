//! OSE damage, death and healing (OSE-DMG-01, OSE-ATK-01, -02, -04, -15, OSE-HEAL-01, -02).

use turnkeeper::ErrorCode;
use turnkeeper::creature::*;
use turnkeeper::dice::{RolledDie, SuppliedDice};

fn ose() -> CreatureRules {
    CreatureRules::ose()
}

fn at() -> Moment {
    Moment::in_encounter(GameTime(0))
}

fn dice(faces: &[u32]) -> SuppliedDice {
    SuppliedDice::new(faces.iter().copied())
}

fn fighter(hp: u32) -> Creature {
    Creature::new(CreatureKind::Pc, hp).unwrap().with_level(2)
}

fn hit(c: &mut Creature, d: DamageInstance) -> DamageReport {
    c.take_damage(&ose(), &d, &DamageChoices::default(), at(), &mut dice(&[]))
        .unwrap()
}

#[test]
fn ose_dmg_01_zero_hp_or_less_is_death_without_saves() {
    let mut c = fighter(6);
    let r = hit(&mut c, DamageInstance::attack(9, None, true));
    assert!(r.checks.is_empty());
    assert_eq!(
        c.death,
        DeathState::Dead {
            reason: DeathReason::ZeroHp
        }
    );
    let mut c = fighter(6);
    hit(&mut c, DamageInstance::attack(6, None, true));
    assert!(c.is_dead(), "exactly 0 too");
    let err = c
        .stabilize(&ose(), StabilizeMethod::Automatic, at(), &mut dice(&[]))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
}

#[test]
fn ose_atk_04_a_hit_always_deals_at_least_one() {
    // A d6 showing 1 with −2 STR.
    let mut c = fighter(6);
    let r = hit(
        &mut c,
        DamageInstance::attack(1, None, true).with_flat_modifier(-2),
    );
    assert!(r.breakdown.minimum_applied);
    assert_eq!((r.breakdown.total, c.hp.current), (1, 5));
    // A hit that deals exactly 1 needs no minimum.
    let r = hit(
        &mut c,
        DamageInstance::attack(3, None, true).with_flat_modifier(-2),
    );
    assert!(!r.breakdown.minimum_applied);
    assert_eq!((r.breakdown.total, c.hp.current), (1, 4));
    // Not an attack (a hazard reduced to nothing): no minimum.
    let r = hit(&mut c, DamageInstance::new(1, None).with_flat_modifier(-2));
    assert_eq!(r.breakdown.total, 0);
}

#[test]
fn ose_atk_01_a_natural_20_adds_no_damage() {
    let mut c = fighter(20);
    let r = hit(&mut c, DamageInstance::attack(5, None, true).critical());
    assert!(r.breakdown.doublings.is_empty());
    assert_eq!(r.breakdown.total, 5);
}

#[test]
fn ose_atk_02_an_immune_monster_takes_nothing_from_a_hit() {
    let mut wight = Creature::new(CreatureKind::Monster, 10).unwrap();
    wight.defenses.immune_to_mundane_weapons = true;
    let mut sword = DamageInstance::attack(4, Some(DamageType::Slashing), true);
    sword.mundane_weapon = true;
    let r = hit(&mut wight, sword);
    assert!(r.breakdown.immune && !r.breakdown.minimum_applied);
    assert_eq!(wight.hp.current, 10);
}

#[test]
fn ose_atk_15_subdual_damage_is_tracked_separately() {
    let mut ogre = Creature::new(CreatureKind::Monster, 6).unwrap();
    let mut club = DamageInstance::attack(4, Some(DamageType::Bludgeoning), true);
    club.subdual = true;
    let r = hit(&mut ogre, club.clone());
    assert_eq!((ogre.hp.current, ogre.subdual), (6, 4));
    assert_eq!(
        r.outcomes,
        vec![Outcome::SubdualDamage {
            amount: 4,
            total: 4
        }]
    );
    let r = hit(&mut ogre, club);
    assert!(r.outcomes.contains(&Outcome::Subdued));
    assert!(!ogre.is_dead());
    // Bladed weapons strike with the flat: subdual blows are bludgeoning.
    let mut blade = DamageInstance::attack(4, Some(DamageType::Slashing), true);
    blade.subdual = true;
    let before = ogre.clone();
    let err = ogre
        .take_damage(
            &ose(),
            &blade,
            &DamageChoices::default(),
            at(),
            &mut dice(&[]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(ogre, before);
}

#[test]
fn ose_heal_01_natural_healing_1d3_per_full_day_of_complete_rest() {
    let mut c = fighter(20).with_current_hp(5);
    let r = c
        .ose_natural_healing(
            &ose(),
            &[
                OseRestDay::Complete,
                OseRestDay::Interrupted,
                OseRestDay::Complete,
            ],
            &mut dice(&[2, 3]),
        )
        .unwrap();
    assert_eq!(c.hp.current, 10);
    assert_eq!(
        r.dice,
        vec![
            RolledDie { sides: 3, face: 2 },
            RolledDie { sides: 3, face: 3 }
        ]
    );
    // Not an A5E rule.
    let err = c
        .ose_natural_healing(
            &CreatureRules::a5e(),
            &[OseRestDay::Complete],
            &mut dice(&[1]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
}

#[test]
fn ose_heal_02_magical_healing_is_instant_and_combines_with_rest() {
    // A maximum the steps never reach, so each step's own healing shows in the total.
    let mut c = fighter(20).with_current_hp(2);
    // Magical healing takes effect at once, with no rest.
    c.heal(&ose(), 3, &mut dice(&[])).unwrap();
    assert_eq!(c.hp.current, 5);
    // A full day of rest then adds its 1d3 (OSE-HEAL-01) on top.
    c.ose_natural_healing(&ose(), &[OseRestDay::Complete], &mut dice(&[3]))
        .unwrap();
    assert_eq!(c.hp.current, 8);
    // More magical healing adds to both.
    c.heal(&ose(), 10, &mut dice(&[])).unwrap();
    assert_eq!(c.hp.current, 18);
    // And the maximum still caps it.
    c.heal(&ose(), 10, &mut dice(&[])).unwrap();
    assert_eq!(c.hp.current, 20);
}
