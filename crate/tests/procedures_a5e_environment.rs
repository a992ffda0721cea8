//! A5E environment hazards, vision and light, alternative scenarios and travel
//! (docs/rules.md §2.16, §2.17, §2.20).

use turnkeeper::ErrorCode;
use turnkeeper::dice::{RolledDie, SuppliedDice};
use turnkeeper::procedures::a5e::ability::Ability;
use turnkeeper::procedures::a5e::actions::Observer;
use turnkeeper::procedures::a5e::environment::breath::{self, BreathClock, BreathStatus};
use turnkeeper::procedures::a5e::environment::falling::{self, FallLanding};
use turnkeeper::procedures::a5e::environment::long_rest_food_fatigue;
use turnkeeper::procedures::a5e::environment::underwater::{self, WaterWeapon};
use turnkeeper::procedures::a5e::environment::vision::{
    self, A5eLightLevel, Obscurement, Senses, SightQuery, VisionSense,
};
use turnkeeper::procedures::a5e::scenarios;
use turnkeeper::procedures::a5e::travel::{
    self, A5eEncounterResponse, A5eMarchingOrder, TravelPace, VehicleKind,
};
use turnkeeper::procedures::a5e::{
    D20Test, DamageType, MoveMode, MoveStep, MovementBudget, MovementOptions, Speeds,
};

#[test]
fn a5e_env_01_falling_1d6_per_10_ft_capped_at_20d6_prone() {
    assert_eq!(falling::fall_dice(9), 0);
    assert_eq!(falling::fall_dice(10), 1);
    assert_eq!(falling::fall_dice(35), 3);
    assert_eq!(falling::fall_dice(200), 20);
    assert_eq!(falling::fall_dice(250), 20);
    let r =
        falling::resolve_fall(30, &FallLanding::Ground, &mut SuppliedDice::new([6, 1, 4])).unwrap();
    assert_eq!(r.dice_count, 3);
    assert_eq!(r.dice.len(), 3);
    assert_eq!(r.damage, 11);
    assert_eq!(r.damage_type, DamageType::Bludgeoning);
    assert!(r.lands_prone);
}

#[test]
fn ex_a5e_16_falling_into_water_and_the_20d6_cap() {
    // 50 ft into water: halved (5d6 of 17 → 8).
    let r = falling::resolve_fall(
        50,
        &FallLanding::Water { dive: None },
        &mut SuppliedDice::new([3, 3, 3, 4, 4]),
    )
    .unwrap();
    assert_eq!(r.rolled, 17);
    assert_eq!(r.damage, 8);
    // A dive: Athletics DC 10 (50 ÷ 5). 8 + 2 = 10 succeeds: no damage, no damage dice rolled.
    assert_eq!(falling::dive_dc(50), 10);
    let dive = FallLanding::Water {
        dive: Some(D20Test::flat(2)),
    };
    let r = falling::resolve_fall(50, &dive, &mut SuppliedDice::new([8])).unwrap();
    let d = r.dive.as_ref().unwrap();
    assert!(d.success && d.dc == 10);
    assert_eq!(r.damage, 0);
    assert!(r.dice.is_empty());
    // A failed dive still halves.
    let r = falling::resolve_fall(50, &dive, &mut SuppliedDice::new([7, 6, 6, 6, 6, 6])).unwrap();
    assert!(!r.dive.unwrap().success);
    assert_eq!(r.damage, 15);
    // 250 ft: 20d6.
    let faces = vec![1u32; 20];
    let r =
        falling::resolve_fall(250, &FallLanding::Ground, &mut SuppliedDice::new(faces)).unwrap();
    assert_eq!(r.dice_count, 20);
    assert_eq!(r.damage, 20);
    assert!(
        falling::resolve_fall(2_000_000, &FallLanding::Ground, &mut SuppliedDice::new([])).is_err()
    );
}

#[test]
fn a5e_env_02_holding_breath_1_plus_con_minutes_minimum_30_s() {
    assert_eq!(breath::breath_seconds(3), 240);
    assert_eq!(breath::breath_seconds(0), 60);
    assert_eq!(breath::breath_seconds(-1), 30);
    assert_eq!(breath::breath_seconds(-5), 30);
}

#[test]
fn a5e_env_03_suffocation_rounds_con_mod_minimum_1() {
    assert_eq!(breath::suffocation_rounds(3), 3);
    assert_eq!(breath::suffocation_rounds(0), 1);
    assert_eq!(breath::suffocation_rounds(-1), 1);
    assert!(!BreathStatus::Suffocating { rounds_left: 1 }.can_regain_hp_or_stabilize());
    assert!(!BreathStatus::Dying.can_regain_hp_or_stabilize());
    assert!(BreathStatus::HoldingBreath { rounds_left: 1 }.can_regain_hp_or_stabilize());
}

#[test]
fn ex_a5e_04_con_16_holds_4_minutes_then_3_rounds_then_drops() {
    let mut clock = BreathClock::new(3, breath::DEFAULT_ROUND_SECONDS).unwrap();
    assert_eq!(clock.hold_rounds, 40);
    assert_eq!(clock.suffocation_rounds, 3);
    for _ in 0..39 {
        let t = clock.start_of_turn();
        assert!(matches!(t.status, BreathStatus::HoldingBreath { .. }));
    }
    let t = clock.start_of_turn(); // 40 rounds gone: out of breath.
    assert!(t.started_suffocating);
    assert_eq!(t.status, BreathStatus::Suffocating { rounds_left: 3 });
    assert_eq!(
        clock.start_of_turn().status,
        BreathStatus::Suffocating { rounds_left: 2 }
    );
    assert_eq!(
        clock.start_of_turn().status,
        BreathStatus::Suffocating { rounds_left: 1 }
    );
    let t = clock.start_of_turn();
    assert!(t.dropped_to_zero);
    assert_eq!(t.status, BreathStatus::Dying);
    assert!(!t.status.can_regain_hp_or_stabilize());
    let t = clock.start_of_turn();
    assert!(!t.dropped_to_zero && t.status == BreathStatus::Dying);
}

#[test]
fn ex_a5e_04_edges_con_8_gets_30_seconds_and_1_round() {
    let mut clock = BreathClock::new(-1, 6).unwrap();
    assert_eq!(clock.hold_rounds, 5);
    assert_eq!(clock.suffocation_rounds, 1);
    for _ in 0..5 {
        clock.start_of_turn();
    }
    assert_eq!(clock.status(), BreathStatus::Suffocating { rounds_left: 1 });
    assert!(clock.start_of_turn().dropped_to_zero);
    assert!(BreathClock::new(3, 0).is_err());
    assert!(BreathClock::new(3, 601).is_err());
}

#[test]
fn a5e_env_04_underwater_rules() {
    assert!(underwater::weapon_disadvantage(
        false,
        Some(WaterWeapon::Other)
    ));
    for w in [
        WaterWeapon::Dagger,
        WaterWeapon::DuelingDagger,
        WaterWeapon::Javelin,
        WaterWeapon::Shortsword,
        WaterWeapon::Spear,
        WaterWeapon::Trident,
    ] {
        assert!(!underwater::weapon_disadvantage(false, Some(w)), "{w:?}");
    }
    assert!(!underwater::weapon_disadvantage(
        true,
        Some(WaterWeapon::Other)
    ));
    assert_eq!(underwater::water_damage(11, Some(DamageType::Fire)), 5);
    assert_eq!(
        underwater::water_damage(11, Some(DamageType::Bludgeoning)),
        5
    );
    assert_eq!(underwater::water_damage(11, Some(DamageType::Slashing)), 11);
    assert_eq!(underwater::water_damage(11, None), 11);
    // Damaged while holding breath and failing concentration: suffocating at once.
    let mut clock = BreathClock::new(3, 6).unwrap();
    clock.start_of_turn();
    clock.lose_breath();
    assert_eq!(clock.status(), BreathStatus::Suffocating { rounds_left: 3 });
    for _ in 0..3 {
        clock.start_of_turn();
    }
    assert_eq!(clock.status(), BreathStatus::Dying);
}

fn look(light: A5eLightLevel, obscurement: Obscurement) -> SightQuery {
    SightQuery {
        distance_ft: 30,
        light,
        obscurement,
        target_invisible: false,
        observer_blinded: false,
    }
}

#[test]
fn a5e_env_05_obscurement() {
    let plain = Senses::default();
    let light = vision::perceive(&plain, &look(A5eLightLevel::Bright, Obscurement::Light));
    assert!(light.sees && light.perception_disadvantage);
    let heavy = vision::perceive(&plain, &look(A5eLightLevel::Bright, Obscurement::Heavy));
    assert!(!heavy.sees);
    let clear = vision::perceive(&plain, &look(A5eLightLevel::Bright, Obscurement::None));
    assert!(clear.sees && !clear.perception_disadvantage);
}

#[test]
fn a5e_env_06_light_levels() {
    assert_eq!(A5eLightLevel::Bright.obscurement(), Obscurement::None);
    assert_eq!(A5eLightLevel::Dim.obscurement(), Obscurement::Light);
    assert_eq!(A5eLightLevel::Darkness.obscurement(), Obscurement::Heavy);
    let plain = Senses::default();
    assert!(!vision::perceive(&plain, &look(A5eLightLevel::Darkness, Obscurement::None)).sees);
    let dim = vision::perceive(&plain, &look(A5eLightLevel::Dim, Obscurement::None));
    assert!(dim.sees && dim.perception_disadvantage);
}

#[test]
fn a5e_env_07_blindsight() {
    let bat = Senses {
        blindsight_ft: Some(60),
        blind_beyond_blindsight: true,
        ..Senses::default()
    };
    let mut q = look(A5eLightLevel::Darkness, Obscurement::Heavy);
    q.target_invisible = true;
    let r = vision::perceive(&bat, &q);
    assert!(r.sees && r.sense == Some(VisionSense::Blindsight));
    q.distance_ft = 90;
    q.light = A5eLightLevel::Bright;
    q.obscurement = Obscurement::None;
    q.target_invisible = false;
    assert!(!vision::perceive(&bat, &q).sees, "blind beyond its range");
    assert!(vision::immune_to_visual_illusions(&bat));
    let hound = Senses {
        blindsight_ft: Some(10),
        ..Senses::default()
    };
    assert!(!vision::immune_to_visual_illusions(&hound));
    assert!(
        vision::perceive(&hound, &q).sees,
        "sees normally beyond blindsight"
    );
}

#[test]
fn a5e_env_07_within_its_radius_blindsight_ignores_light_obscurement_blindness_and_invisibility() {
    let hound = Senses {
        blindsight_ft: Some(10),
        ..Senses::default()
    };
    let close = |light, obscurement| SightQuery {
        distance_ft: 10,
        ..look(light, obscurement)
    };
    // Every light level and obscurement, blinded or not, the target invisible or not: within
    // 10 ft the hound perceives it by blindsight, with no Perception disadvantage.
    for light in [
        A5eLightLevel::Bright,
        A5eLightLevel::Dim,
        A5eLightLevel::Darkness,
    ] {
        for obscurement in [Obscurement::None, Obscurement::Light, Obscurement::Heavy] {
            for (invisible, blinded) in [(false, false), (true, false), (false, true), (true, true)]
            {
                let q = SightQuery {
                    target_invisible: invisible,
                    observer_blinded: blinded,
                    ..close(light, obscurement)
                };
                let r = vision::perceive(&hound, &q);
                assert!(r.sees && r.sense == Some(VisionSense::Blindsight), "{q:?}");
                assert_eq!(r.obscurement, Obscurement::None);
                assert!(!r.perception_disadvantage && !r.grayscale);
            }
        }
    }
    // At 15 ft it is past the radius: lightly obscured sight has disadvantage again, and an
    // invisible target or a blinded hound sees nothing.
    let far = SightQuery {
        distance_ft: 15,
        ..close(A5eLightLevel::Dim, Obscurement::None)
    };
    let r = vision::perceive(&hound, &far);
    assert!(r.sees && r.sense == Some(VisionSense::Sight) && r.perception_disadvantage);
    let unseen = SightQuery {
        target_invisible: true,
        ..far
    };
    assert!(!vision::perceive(&hound, &unseen).sees);
    let blinded = SightQuery {
        observer_blinded: true,
        ..far
    };
    assert!(!vision::perceive(&hound, &blinded).sees);
}

#[test]
fn a5e_env_08_darkvision() {
    let elf = Senses {
        darkvision_ft: Some(60),
        ..Senses::default()
    };
    let dark = vision::perceive(&elf, &look(A5eLightLevel::Darkness, Obscurement::None));
    assert!(dark.sees && dark.perception_disadvantage && dark.grayscale);
    assert_eq!(dark.obscurement, Obscurement::Light);
    let dim = vision::perceive(&elf, &look(A5eLightLevel::Dim, Obscurement::None));
    assert!(dim.sees && !dim.perception_disadvantage && !dim.grayscale);
    let mut far = look(A5eLightLevel::Darkness, Obscurement::None);
    far.distance_ft = 70;
    assert!(!vision::perceive(&elf, &far).sees);
    // Darkvision doesn't lift fog.
    assert!(!vision::perceive(&elf, &look(A5eLightLevel::Dim, Obscurement::Heavy)).sees);
}

#[test]
fn a5e_env_09_truesight() {
    let dragon = Senses {
        truesight_ft: Some(120),
        ..Senses::default()
    };
    let mut q = look(A5eLightLevel::Darkness, Obscurement::None);
    q.target_invisible = true;
    let r = vision::perceive(&dragon, &q);
    assert!(r.sees && r.sense == Some(VisionSense::Truesight));
    assert!(vision::truesight_pierces(&dragon, 120));
    assert!(!vision::truesight_pierces(&dragon, 121));
    let plain = Senses::default();
    let mut invisible = look(A5eLightLevel::Bright, Obscurement::None);
    invisible.target_invisible = true;
    assert!(!vision::perceive(&plain, &invisible).sees);
}

#[test]
fn a5e_env_10_food_and_water() {
    assert_eq!(long_rest_food_fatigue(false), 1);
    assert_eq!(long_rest_food_fatigue(true), 0);
}

#[test]
fn a5e_scen_01_suspended_in_water_checks_and_damage() {
    assert!(scenarios::suspended_check_disadvantage(Ability::Dex, false));
    assert!(!scenarios::suspended_check_disadvantage(Ability::Dex, true));
    assert!(!scenarios::suspended_check_disadvantage(
        Ability::Str,
        false
    ));
    assert_eq!(underwater::water_damage(9, Some(DamageType::Fire)), 4);
}

#[test]
fn a5e_scen_02_ex_a5e_13_aloft_falling_and_descent_costs_half() {
    assert!(scenarios::starts_falling_aloft(true, false, true));
    assert!(scenarios::starts_falling_aloft(false, true, true));
    assert!(scenarios::starts_falling_aloft(false, false, false));
    assert!(!scenarios::starts_falling_aloft(false, false, true));
    assert_eq!(scenarios::aloft_descent_cost(10).unwrap(), 5);
    let mut b = MovementBudget::new(
        Speeds {
            fly: Some(30),
            ..Speeds::walking(30)
        },
        MovementOptions::default(),
    )
    .unwrap();
    let down = MoveStep {
        downward_aloft: true,
        ..MoveStep::new(MoveMode::Fly, 10)
    };
    assert_eq!(b.apply(&down).unwrap().cost_ft, 5);
    assert_eq!(b.max_distance(&down), 50);
}

#[test]
fn a5e_move_06_flyers_may_fall() {
    assert!(scenarios::flyer_may_fall(true, 30));
    assert!(scenarios::flyer_may_fall(false, 0));
    assert!(!scenarios::flyer_may_fall(false, 30));
}

#[test]
fn a5e_scen_03_ex_a5e_16_astral_fly_speed_and_psychic_vulnerability() {
    assert_eq!(scenarios::astral_fly_speed(2).unwrap(), 40);
    assert_eq!(scenarios::astral_fly_speed(-1).unwrap(), 25);
    assert_eq!(scenarios::astral_fly_speed(-7).unwrap(), 0);
    assert!(scenarios::astral_psychic_vulnerable(false, false));
    assert!(!scenarios::astral_psychic_vulnerable(true, false));
    assert!(!scenarios::astral_psychic_vulnerable(false, true));
}

#[test]
fn a5e_time_02_vehicles_and_pace() {
    let land = travel::vehicle_pace_effects(VehicleKind::Land, TravelPace::Fast);
    assert!(land.benefits_apply && land.penalties_apply);
    // A ship moves at its own speed: no slow-pace benefit, no fast-pace penalty, at any pace.
    for pace in [TravelPace::Slow, TravelPace::Normal, TravelPace::Fast] {
        let ship = travel::vehicle_pace_effects(VehicleKind::Water, pace);
        assert!(!ship.benefits_apply && !ship.penalties_apply, "{pace:?}");
        let cart = travel::vehicle_pace_effects(VehicleKind::Land, pace);
        assert!(cart.benefits_apply && cart.penalties_apply, "{pace:?}");
    }
    assert_eq!(travel::vessel_hours_per_day(24).unwrap(), 24);
    assert!(travel::vessel_hours_per_day(25).is_err());
}

#[test]
fn a5e_time_03_marching_order() {
    let order =
        A5eMarchingOrder::new(vec!["rogue".into(), "fighter".into(), "wizard".into()]).unwrap();
    assert_eq!(order.trap_target(), Some("rogue"));
    assert_eq!(order.ambush_target(), Some("wizard"));
    assert_eq!(
        A5eMarchingOrder::new(vec!["a".into(), "a".into()])
            .unwrap_err()
            .code,
        ErrorCode::DuplicateId
    );
    assert!(A5eMarchingOrder::new(vec![]).is_err());
}

#[test]
fn a5e_time_04_passive_perception_notices_threats() {
    assert!(travel::notices_threat(14, 13));
    assert!(!travel::notices_threat(14, 14));
    let choices = [
        A5eEncounterResponse::Attack,
        A5eEncounterResponse::Talk,
        A5eEncounterResponse::Flee,
        A5eEncounterResponse::Wait,
    ];
    assert_eq!(choices.len(), 4);
}

#[test]
fn a5e_time_05_stealthy_travel_needs_slow_pace() {
    let threats = vec![
        Observer {
            id: "bandits".into(),
            passive_perception: 12,
        },
        Observer {
            id: "ogre".into(),
            passive_perception: 8,
        },
    ];
    let r = travel::stealthy_travel(TravelPace::Slow, 10, &threats).unwrap();
    assert_eq!(r.ability, Ability::Dex);
    assert_eq!(r.unnoticed_by, vec!["ogre".to_string()]);
    assert_eq!(r.noticed_by, vec!["bandits".to_string()]);
    assert_eq!(
        travel::stealthy_travel(TravelPace::Normal, 10, &threats)
            .unwrap_err()
            .code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn falls_show_every_die() {
    let r =
        falling::resolve_fall(20, &FallLanding::Ground, &mut SuppliedDice::new([2, 5])).unwrap();
    assert_eq!(
        r.dice,
        vec![
            RolledDie { sides: 6, face: 2 },
            RolledDie { sides: 6, face: 5 }
        ]
    );
}

#[test]
fn a5e_scen_04_rolling_movement_goes_at_the_second_slowest_speed() {
    use turnkeeper::procedures::a5e::scenarios::{ROLLING_DEFAULT_SPEED_FT, rolling_base_speed};
    // A chase of a 25 ft dwarf, a 30 ft human and a 40 ft horse: the human sets the pace.
    assert_eq!(rolling_base_speed(&[40, 25, 30]).unwrap(), 30);
    assert_eq!(rolling_base_speed(&[25, 25, 60]).unwrap(), 25);
    // Fewer than two participants: the usual 30 ft.
    assert_eq!(rolling_base_speed(&[60]).unwrap(), ROLLING_DEFAULT_SPEED_FT);
    assert_eq!(rolling_base_speed(&[]).unwrap(), 30);
    assert!(rolling_base_speed(&[30, 20_000]).is_err());
}

#[test]
fn a5e_scen_05_rolling_movement_moves_forward_only_by_dashing_or_improvising() {
    use turnkeeper::procedures::a5e::scenarios::rolling_forward_allowed;
    assert!(!rolling_forward_allowed(false, false));
    assert!(rolling_forward_allowed(true, false));
    assert!(rolling_forward_allowed(false, true));
}
