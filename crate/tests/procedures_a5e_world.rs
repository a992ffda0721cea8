//! A5E world bonuses, penalties and world actions: the catalogue (every row), recharge and the
//! resolver (docs/rules.md §2.18, EX-A5E-15).

use turnkeeper::ErrorCode;
use turnkeeper::dice::{DieSize, RolledDie, SuppliedDice};
use turnkeeper::procedures::a5e::ability::{Ability, Skill};
use turnkeeper::procedures::a5e::environment::vision::Obscurement;
use turnkeeper::procedures::a5e::world::catalogue::world_actions;
use turnkeeper::procedures::a5e::world::resolve::resolve_mirror;
use turnkeeper::procedures::a5e::world::{
    AffectedCreature, CheckPurpose, FeatureSpecial, FeatureTargets, FeatureTrigger, Recharge,
    WORLD_FEATURES, WorldEnvironment as E, WorldFeatureId as F, WorldFeatureKind as K,
    WorldFeatureState, WorldResolveOptions, echo_thunder_damage, resolve_feature,
    resolve_feature_check,
};
use turnkeeper::procedures::a5e::{
    A5eCover, AppliedCondition, D20Test, DamageType, Lasts, RollMode,
};

type Dmg = Option<(u32, u32, Option<DamageType>)>;

/// (id, name, environment, kind, recharge, targets, save, damage) per docs/rules.md §2.18.
#[allow(clippy::type_complexity)]
#[rustfmt::skip]
const ROWS: [(F, &str, E, K, Option<u32>, Option<FeatureTargets>, Option<(Ability, i32)>, Dmg); 36] = {
    use Ability::*;
    use DamageType::*;
    use FeatureTargets::{Each, One};
    [
        (F::Echo, "Echo", E::Cave, K::Terrain, None, None, None, None),
        (F::LooseFoundation, "Loose Foundation", E::Cave, K::Hazard, None, Some(Each), None, None),
        (F::Stalactites, "Stalactites", E::Cave, K::Obstacle, None, Some(Each), Some((Dex, 12)), Some((2, 6, Some(Piercing)))),
        (F::Stalagmites, "Stalagmites", E::Cave, K::Obstacle, None, None, None, None),
        (F::BurningSurface, "Burning Surface", E::Fire, K::Hazard, None, Some(Each), None, Some((1, 6, Some(Fire)))),
        (F::FloatingAsh, "Floating Ash", E::Fire, K::Hazard, None, Some(Each), Some((Con, 10)), None),
        (F::FlameBurst, "Flame Burst", E::Fire, K::WorldAction, Some(4), Some(One), Some((Dex, 12)), Some((1, 12, Some(Fire)))),
        (F::SwelteringHeat, "Sweltering Heat", E::Fire, K::WorldAction, None, Some(Each), Some((Con, 10)), None),
        (F::Brush, "Brush", E::Forest, K::Obstacle, None, None, None, None),
        (F::Trees, "Trees (Fallen or Standing)", E::Forest, K::Obstacle, None, None, None, None),
        (F::FallenLeaves, "Fallen Leaves", E::Forest, K::Terrain, None, None, None, None),
        (F::DistressedAnimalCacophony, "Distressed Animal Cacophony", E::Forest, K::WorldAction, Some(4), Some(Each), None, None),
        (F::FrostbittenSurface, "Frostbitten Surface", E::Arctic, K::Hazard, None, Some(Each), None, Some((1, 6, Some(Cold)))),
        (F::IcyPatch, "Icy Patch", E::Arctic, K::Terrain, None, None, None, None),
        (F::Snow, "Snow", E::Arctic, K::Terrain, None, None, None, None),
        (F::ColdChill, "Cold Chill", E::Arctic, K::WorldAction, Some(4), Some(Each), Some((Con, 15)), Some((2, 6, Some(Cold)))),
        (F::Chandelier, "Chandelier", E::Interior, K::Obstacle, None, Some(Each), Some((Dex, 12)), Some((2, 6, Some(Bludgeoning)))),
        (F::Clutter, "Clutter", E::Interior, K::Terrain, None, Some(Each), Some((Dex, 10)), None),
        (F::Mirror, "Mirror", E::Interior, K::Obstacle, None, None, None, None),
        (F::Tables, "Tables", E::Interior, K::Obstacle, None, None, None, None),
        (F::BlanketedGround, "Blanketed Ground", E::Fog, K::Terrain, None, None, None, None),
        (F::ThickFog, "Thick Fog", E::Fog, K::Terrain, None, None, None, None),
        (F::ShadowPuppet, "Shadow Puppet", E::Fog, K::WorldAction, Some(6), Some(Each), None, None),
        (F::TwistingHaze, "Twisting Haze", E::Fog, K::WorldAction, None, Some(Each), None, None),
        (F::Boulder, "Boulder", E::Mountain, K::Obstacle, None, Some(Each), Some((Dex, 12)), Some((2, 10, None))),
        (F::LooseRocks, "Loose Rocks", E::Mountain, K::Obstacle, None, None, None, Some((1, 4, Some(Bludgeoning)))),
        (F::UnevenFooting, "Uneven Footing", E::Mountain, K::Terrain, None, None, None, None),
        (F::FallingRocks, "Falling Rocks", E::Mountain, K::WorldAction, Some(5), Some(Each), Some((Dex, 15)), Some((2, 6, Some(Bludgeoning)))),
        (F::HeavyPrecipitation, "Heavy Precipitation", E::Storm, K::Terrain, None, None, None, None),
        (F::LoudWinds, "Loud Winds", E::Storm, K::Terrain, None, None, None, None),
        (F::ForcefulGale, "Forceful Gale", E::Storm, K::WorldAction, None, Some(One), Some((Str, 12)), None),
        (F::LightningStrike, "Lightning Strike", E::Storm, K::WorldAction, Some(5), Some(One), Some((Dex, 10)), Some((4, 6, Some(Lightning)))),
        (F::ThickTrudge, "Thick Trudge", E::Swamp, K::Terrain, None, None, None, None),
        (F::TenaciousMud, "Tenacious Mud", E::Swamp, K::Hazard, None, Some(Each), Some((Str, 12)), None),
        (F::SwampGas, "Swamp Gas", E::Swamp, K::WorldAction, None, Some(Each), Some((Con, 10)), None),
        (F::Leeches, "Leeches", E::Swamp, K::WorldAction, Some(6), Some(Each), None, None),
    ]
};

#[test]
fn a5e_world_catalogue_every_row_matches_rules_md() {
    assert_eq!(WORLD_FEATURES.len(), 36);
    for (i, (f, row)) in WORLD_FEATURES.iter().zip(ROWS).enumerate() {
        let (id, name, env, kind, recharge, targets, save, damage) = row;
        assert_eq!(f.id, id);
        assert_eq!(id.rule_id(), format!("A5E-WORLD-{:02}", i + 5));
        assert_eq!(id.name(), name);
        assert_eq!(f.environment, env, "{name}");
        assert_eq!(f.kind, kind, "{name}");
        assert_eq!(f.recharge.map(|r| r.min_face), recharge, "{name}");
        assert_eq!(f.targets, targets, "{name}");
        assert_eq!(f.save.map(|s| (s.ability, s.dc)), save, "{name}");
        assert_eq!(
            f.effect
                .damage
                .map(|d| (d.dice.count, d.dice.die.sides(), d.damage_type)),
            damage,
            "{name}"
        );
        assert_eq!(id.feature(), *f);
        assert_eq!(F::from_key(id.key()), Some(id));
        // World actions happen at the start of the round; nothing else does.
        assert_eq!(
            kind == K::WorldAction,
            f.trigger == FeatureTrigger::StartOfRound,
            "{name}"
        );
    }
    // docs/rules.md counts: nine environments, eleven world actions (seven with a recharge).
    let actions = WORLD_FEATURES
        .iter()
        .filter(|f| f.kind == K::WorldAction)
        .count();
    assert_eq!(actions, 11);
    assert_eq!(
        WORLD_FEATURES
            .iter()
            .filter(|f| f.recharge.is_some())
            .count(),
        7
    );
}

fn creature(id: &str, save: i32) -> AffectedCreature {
    AffectedCreature::new(id, save)
}

fn opts() -> WorldResolveOptions {
    WorldResolveOptions::default()
}

#[test]
fn a5e_world_03_recharge_min_face_and_label() {
    let r = Recharge::new(4).unwrap();
    assert!(!r.recharges_on(3));
    assert!(r.recharges_on(4) && r.recharges_on(6));
    assert_eq!(r.label(), "Recharge 4–6");
    assert_eq!(Recharge::new(6).unwrap().label(), "Recharge 6");
    assert!(Recharge::new(0).is_err() && Recharge::new(7).is_err());
    let roll = r.roll(&mut SuppliedDice::new([5])).unwrap();
    assert_eq!(roll.die, RolledDie { sides: 6, face: 5 });
    assert!(roll.recharged);
}

#[test]
fn ex_a5e_15_flame_burst_recharge_across_rounds() {
    let mut burst = WorldFeatureState::new(F::FlameBurst).unwrap();
    assert!(burst.available);
    // Round 1: used on one creature (save 5 + 0 fails, 1d12 = 7), then the immediate d6 = 3.
    let used = burst
        .use_action(
            &[creature("rath", 0)],
            &opts(),
            &mut SuppliedDice::new([5, 7, 3]),
        )
        .unwrap();
    let hit = &used.resolution.outcomes[0];
    assert!(!hit.saved);
    assert_eq!(hit.damage, 7);
    assert_eq!(hit.damage_type, Some(DamageType::Fire));
    assert_eq!(used.recharge.unwrap().die.face, 3);
    assert!(!burst.available);
    assert_eq!(
        burst
            .use_action(
                &[creature("rath", 0)],
                &opts(),
                &mut SuppliedDice::new([5, 7, 3])
            )
            .unwrap_err()
            .code,
        ErrorCode::NotAllowed
    );
    // Round 2: d6 = 5 recharges it, usable in the same phase.
    let roll = burst
        .start_of_round(&mut SuppliedDice::new([5]))
        .unwrap()
        .unwrap();
    assert!(roll.recharged && burst.available);
    assert!(
        burst
            .use_action(
                &[creature("rath", 0)],
                &opts(),
                &mut SuppliedDice::new([20, 6])
            )
            .is_ok()
    );
    // A charged action rolls nothing at the start of the round.
    let mut fresh = WorldFeatureState::new(F::FlameBurst).unwrap();
    assert_eq!(
        fresh.start_of_round(&mut SuppliedDice::new([])).unwrap(),
        None
    );
}

#[test]
fn a5e_world_01_catalogue_world_actions_run_in_an_encounter() {
    use turnkeeper::encounter::{Encounter, EncounterCommand, EncounterEvent};
    use turnkeeper::rulesets::{Preset, RulesetConfig};
    let all = world_actions();
    assert_eq!(all.len(), 11);
    let burst = F::FlameBurst.feature().world_action().unwrap();
    assert_eq!(burst.id.as_str(), "flameBurst");
    assert_eq!(burst.name.as_str(), "Flame Burst");
    assert_eq!(burst.recharge.map(|r| r.min_face), Some(4));
    let heat = F::SwelteringHeat.feature().world_action().unwrap();
    assert_eq!(heat.recharge, None);
    assert!(F::Echo.feature().world_action().is_none());
    assert!(WorldFeatureState::new(F::Echo).is_err());
    // Straight into an A5E encounter's world actions (A5E-WORLD-01..03).
    let mut enc = Encounter::new(RulesetConfig::preset(Preset::A5e)).unwrap();
    let events = enc
        .execute(
            EncounterCommand::AddWorldAction { action: burst },
            &mut SuppliedDice::new([]),
        )
        .unwrap();
    assert!(matches!(
        events.as_slice(),
        [EncounterEvent::WorldActionAdded { .. }]
    ));
    let state = enc.world_actions().first().unwrap();
    assert_eq!(state.action.id.as_str(), "flameBurst");
    assert!(state.charged);
}

#[test]
fn a5e_world_05_echo_thunder_plus_one_per_die() {
    let f = F::Echo.feature();
    assert_eq!(
        f.special,
        FeatureSpecial::Echo {
            sound_range_multiplier: 2,
            thunder_bonus_per_die: 1
        }
    );
    assert_eq!(echo_thunder_damage(10, 3, Some(DamageType::Thunder)), 13);
    assert_eq!(echo_thunder_damage(10, 3, Some(DamageType::Fire)), 10);
    assert_eq!(
        resolve_feature(F::Echo, &[], &opts(), &mut SuppliedDice::new([]))
            .unwrap_err()
            .code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn a5e_world_06_loose_foundation_grapples_and_suffocates() {
    let f = F::LooseFoundation.feature();
    assert_eq!(f.special, FeatureSpecial::Collapse { within_rounds: 2 });
    let r = resolve_feature(
        F::LooseFoundation,
        &[creature("a", 0), creature("b", 0)],
        &opts(),
        &mut SuppliedDice::new([]),
    )
    .unwrap();
    for o in &r.outcomes {
        assert_eq!(
            o.conditions,
            vec![
                AppliedCondition::Grappled {
                    escape_dc: 12,
                    lasts: Lasts::UntilEscape
                },
                AppliedCondition::Suffocating
            ]
        );
    }
}

#[test]
fn a5e_world_07_stalactites() {
    let f = F::Stalactites.feature();
    assert_eq!(f.standing.ac, Some(12));
    assert_eq!(f.special, FeatureSpecial::KnockedDownByRangedDamage);
    // One saves (15 + 0 ≥ 12), one fails (4 + 1); 2d6 rolled once: 3 + 4.
    let r = resolve_feature(
        F::Stalactites,
        &[creature("a", 0), creature("b", 1)],
        &opts(),
        &mut SuppliedDice::new([15, 4, 3, 4]),
    )
    .unwrap();
    assert!(r.outcomes[0].saved && r.outcomes[0].damage == 0);
    assert_eq!(r.outcomes[1].damage, 7);
    assert_eq!(r.outcomes[1].damage_type, Some(DamageType::Piercing));
    assert_eq!(r.damage_rolls.len(), 1);
}

#[test]
fn a5e_world_08_stalagmites_half_cover() {
    assert_eq!(
        F::Stalagmites.feature().standing.cover,
        Some(A5eCover::Half)
    );
}

#[test]
fn a5e_world_09_burning_surface_1d6_fire_no_save() {
    let r = resolve_feature(
        F::BurningSurface,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([4]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].damage, 4);
    assert!(r.outcomes[0].save.is_none());
    assert_eq!(
        F::BurningSurface.feature().trigger,
        FeatureTrigger::TouchesSurface
    );
}

#[test]
fn a5e_world_10_floating_ash_blinds_until_start_of_next_turn() {
    assert_eq!(
        F::FloatingAsh.feature().trigger,
        FeatureTrigger::EndsTurnInArea
    );
    let r = resolve_feature(
        F::FloatingAsh,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([9]),
    )
    .unwrap();
    assert_eq!(
        r.outcomes[0].conditions,
        vec![AppliedCondition::Blinded {
            lasts: Lasts::UntilStartOfOwnNextTurn
        }]
    );
    let r = resolve_feature(
        F::FloatingAsh,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([10]),
    )
    .unwrap();
    assert!(r.outcomes[0].conditions.is_empty());
}

#[test]
fn a5e_world_11_flame_burst_one_target_dc_12_dex_or_1d12_fire() {
    assert_eq!(
        resolve_feature(
            F::FlameBurst,
            &[creature("a", 0), creature("b", 0)],
            &opts(),
            &mut SuppliedDice::new([])
        )
        .unwrap_err()
        .code,
        ErrorCode::InvalidArgument
    );
    let r = resolve_feature(
        F::FlameBurst,
        &[creature("a", 2)],
        &opts(),
        &mut SuppliedDice::new([10]),
    )
    .unwrap();
    assert!(r.outcomes[0].saved);
    assert!(r.damage_rolls.is_empty(), "no damage die when nobody fails");
    // A failed DC 12 Dex save (9 + 2 = 11): 1d12 fire, here a 9.
    let r = resolve_feature(
        F::FlameBurst,
        &[creature("a", 2)],
        &opts(),
        &mut SuppliedDice::new([9, 9]),
    )
    .unwrap();
    assert!(!r.outcomes[0].saved);
    assert_eq!(r.outcomes[0].damage, 9);
    assert_eq!(r.outcomes[0].damage_type, Some(DamageType::Fire));
    assert_eq!(r.damage_rolls.len(), 1);
    assert_eq!(r.damage_rolls[0].dice.len(), 1);
}

#[test]
fn a5e_world_12_sweltering_heat_fatigue() {
    let r = resolve_feature(
        F::SwelteringHeat,
        &[creature("a", 0), creature("b", 0)],
        &opts(),
        &mut SuppliedDice::new([9, 10]),
    )
    .unwrap();
    assert_eq!(
        r.outcomes[0].conditions,
        vec![AppliedCondition::Fatigue { levels: 1 }]
    );
    assert!(r.outcomes[1].conditions.is_empty());
}

#[test]
fn a5e_world_13_brush_half_cover_for_prone_within_5_ft() {
    let f = F::Brush.feature();
    assert_eq!(f.standing.cover, Some(A5eCover::Half));
    assert_eq!(f.special, FeatureSpecial::CoverOnlyProneWithin5Ft);
}

#[test]
fn a5e_world_14_trees_half_cover() {
    assert_eq!(F::Trees.feature().standing.cover, Some(A5eCover::Half));
}

#[test]
fn a5e_world_15_fallen_leaves_perception_dc_12() {
    let f = F::FallenLeaves.feature();
    assert!(f.standing.conceals_hazards);
    let c = f.check.unwrap();
    assert_eq!(
        (c.ability, c.skill, c.dc),
        (Ability::Wis, Some(Skill::Perception), Some(12))
    );
    let r = resolve_feature_check(
        F::FallenLeaves,
        &D20Test::flat(2),
        &mut SuppliedDice::new([10]),
    )
    .unwrap();
    assert!(r.success);
    let r = resolve_feature_check(
        F::FallenLeaves,
        &D20Test::flat(2),
        &mut SuppliedDice::new([9]),
    )
    .unwrap();
    assert!(!r.success);
}

#[test]
fn a5e_world_16_cacophony_limits_hearing_to_10_ft() {
    let r = resolve_feature(
        F::DistressedAnimalCacophony,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([]),
    )
    .unwrap();
    assert_eq!(r.hearing_limit_ft, Some(10));
    assert_eq!(
        r.hearing_lasts,
        Some(Lasts::UntilStartOfEnvironmentsNextTurn)
    );
}

#[test]
fn a5e_world_17_frostbitten_surface_spares_the_resistant() {
    let mut covered = creature("b", 0);
    covered.cold_resistant_or_covered = true;
    let r = resolve_feature(
        F::FrostbittenSurface,
        &[creature("a", 0), covered],
        &opts(),
        &mut SuppliedDice::new([5]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].damage, 5);
    assert_eq!(r.outcomes[0].damage_type, Some(DamageType::Cold));
    assert_eq!(r.outcomes[1].damage, 0);
}

#[test]
fn a5e_world_18_icy_patch_direction_changes_are_difficult() {
    let f = F::IcyPatch.feature();
    assert!(f.standing.difficult_terrain);
    assert_eq!(f.special, FeatureSpecial::DirectionChangeIsDifficult);
    assert_eq!(f.trigger, FeatureTrigger::ChangesDirection);
}

#[test]
fn a5e_world_19_snow_lightly_obscured() {
    assert_eq!(F::Snow.feature().standing.obscurement, Obscurement::Light);
}

#[test]
fn a5e_world_20_cold_chill_2d6_or_1d6_with_gear_none_on_success() {
    let mut geared = creature("b", 0);
    geared.cold_weather_gear = true;
    let r = resolve_feature(
        F::ColdChill,
        &[creature("a", 0), geared, creature("c", 10)],
        &opts(),
        // saves: 5, 6, 10 (+10 = 20 saves); 2d6 = 4 + 5; 1d6 = 2
        &mut SuppliedDice::new([5, 6, 10, 4, 5, 2]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].damage, 9);
    assert_eq!(r.outcomes[1].damage, 2);
    assert_eq!(r.outcomes[2].damage, 0);
    assert_eq!(r.damage_rolls.len(), 2);
    assert_eq!(
        r.damage_rolls[1].dice,
        vec![RolledDie { sides: 6, face: 2 }]
    );
}

#[test]
fn a5e_world_21_chandelier_swing_and_fall() {
    let c = F::Chandelier.feature().check.unwrap();
    assert_eq!(
        (c.ability, c.skill, c.dc, c.purpose),
        (
            Ability::Dex,
            Some(Skill::Acrobatics),
            Some(12),
            CheckPurpose::SwingFrom
        )
    );
    let r = resolve_feature(
        F::Chandelier,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([2, 6, 6]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].damage, 12);
    assert_eq!(r.outcomes[0].damage_type, Some(DamageType::Bludgeoning));
}

#[test]
fn a5e_world_22_clutter_difficult_and_dash_save_or_prone() {
    let f = F::Clutter.feature();
    assert!(f.standing.difficult_terrain);
    assert_eq!(f.trigger, FeatureTrigger::DashesThrough);
    let r = resolve_feature(
        F::Clutter,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([9]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].conditions, vec![AppliedCondition::Prone]);
}

#[test]
fn a5e_world_23_mirror_reflects_cantrips_and_first_level_spells() {
    let dex = D20Test::flat(2);
    let caster = D20Test::flat(3);
    let r = resolve_mirror(1, &dex, &caster, &mut SuppliedDice::new([15, 10])).unwrap();
    assert!(r.reflected && r.mirror_breaks);
    // A tie leaves the spell on course (it strikes a random unoccupied square); the mirror breaks.
    let r = resolve_mirror(0, &dex, &caster, &mut SuppliedDice::new([11, 10])).unwrap();
    assert!(!r.reflected && r.mirror_breaks);
    assert_eq!(
        resolve_mirror(2, &dex, &caster, &mut SuppliedDice::new([]))
            .unwrap_err()
            .code,
        ErrorCode::NotAllowed
    );
    assert!(resolve_feature_check(F::Mirror, &dex, &mut SuppliedDice::new([10])).is_err());
}

#[test]
fn a5e_world_24_tables_pushed_over_give_half_cover() {
    let f = F::Tables.feature();
    assert_eq!(f.standing.cover, Some(A5eCover::Half));
    assert_eq!(f.special, FeatureSpecial::PushOverForCover);
    assert_eq!(f.trigger, FeatureTrigger::CreatureAction);
}

#[test]
fn a5e_world_25_blanketed_ground_perception_dc_12() {
    let f = F::BlanketedGround.feature();
    assert!(f.standing.conceals_hazards);
    assert_eq!(f.check.unwrap().dc, Some(12));
}

#[test]
fn a5e_world_26_thick_fog_heavily_obscured() {
    assert_eq!(
        F::ThickFog.feature().standing.obscurement,
        Obscurement::Heavy
    );
}

#[test]
fn a5e_world_27_shadow_puppet_copies_a_random_creature_at_count_20() {
    let r = resolve_feature(
        F::ShadowPuppet,
        &[creature("a", 0), creature("b", 0), creature("c", 0)],
        &opts(),
        &mut SuppliedDice::new([2]),
    )
    .unwrap();
    let s = r.shadow.unwrap();
    assert_eq!(s.copies, "b");
    assert_eq!(s.die, Some(RolledDie { sides: 3, face: 2 }));
    assert_eq!(s.initiative_count, 20);
    let only = resolve_feature(
        F::ShadowPuppet,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([]),
    )
    .unwrap();
    assert_eq!(only.shadow.unwrap().die, None);
    assert!(resolve_feature(F::ShadowPuppet, &[], &opts(), &mut SuppliedDice::new([])).is_err());
}

#[test]
fn a5e_world_28_twisting_haze_teleports_everyone_within_5_ft() {
    let r = resolve_feature(
        F::TwistingHaze,
        &[creature("a", 0), creature("b", 0)],
        &opts(),
        &mut SuppliedDice::new([]),
    )
    .unwrap();
    assert!(r.outcomes.iter().all(|o| o.teleport_within_ft == Some(5)));
}

#[test]
fn a5e_world_29_boulder_dislodge_and_untyped_damage_option() {
    let c = F::Boulder.feature().check.unwrap();
    assert_eq!(
        (c.ability, c.skill, c.dc),
        (Ability::Str, Some(Skill::Athletics), Some(15))
    );
    let r = resolve_feature(
        F::Boulder,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([3, 10, 1]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].damage, 11);
    assert_eq!(r.outcomes[0].damage_type, Some(DamageType::Bludgeoning));
    let untyped = WorldResolveOptions {
        untyped_damage_as: None,
    };
    let r = resolve_feature(
        F::Boulder,
        &[creature("a", 0)],
        &untyped,
        &mut SuppliedDice::new([3, 10, 1]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].damage_type, None);
}

#[test]
fn a5e_world_30_loose_rocks_thrown_weapon() {
    let f = F::LooseRocks.feature();
    assert_eq!(
        f.special,
        FeatureSpecial::ThrownWeapon {
            normal_range_ft: 15,
            long_range_ft: 30
        }
    );
    let d = f.effect.damage.unwrap();
    assert_eq!((d.dice.count, d.dice.die), (1, DieSize::D4));
    assert!(
        resolve_feature(
            F::LooseRocks,
            &[creature("a", 0)],
            &opts(),
            &mut SuppliedDice::new([])
        )
        .is_err()
    );
}

#[test]
fn a5e_world_31_uneven_footing_difficult() {
    assert!(F::UnevenFooting.feature().standing.difficult_terrain);
}

#[test]
fn a5e_world_32_falling_rocks_recharge_5() {
    let mut rocks = WorldFeatureState::new(F::FallingRocks).unwrap();
    let used = rocks
        .use_action(
            &[creature("a", 0)],
            &opts(),
            &mut SuppliedDice::new([14, 2, 2, 5]),
        )
        .unwrap();
    assert_eq!(used.resolution.outcomes[0].damage, 4);
    assert!(used.recharge.unwrap().recharged);
    assert!(rocks.available);
}

#[test]
fn a5e_world_33_heavy_precipitation_difficult() {
    assert!(F::HeavyPrecipitation.feature().standing.difficult_terrain);
}

#[test]
fn a5e_world_34_loud_winds_hearing_15_ft() {
    assert_eq!(F::LoudWinds.feature().standing.hearing_limit_ft, Some(15));
}

#[test]
fn a5e_world_35_forceful_gale_pushes_15_ft() {
    let r = resolve_feature(
        F::ForcefulGale,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([11]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].pushed_ft, 15);
    let r = resolve_feature(
        F::ForcefulGale,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([12]),
    )
    .unwrap();
    assert_eq!(r.outcomes[0].pushed_ft, 0);
}

#[test]
fn a5e_world_36_lightning_strike_never_the_same_creature_twice() {
    let mut bolt = WorldFeatureState::new(F::LightningStrike).unwrap();
    bolt.use_action(
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([2, 1, 2, 3, 4, 6]),
    )
    .unwrap();
    assert!(bolt.available);
    assert_eq!(bolt.struck, vec!["a".to_string()]);
    let err = bolt
        .use_action(
            &[creature("a", 0)],
            &opts(),
            &mut SuppliedDice::new([2, 1, 2, 3, 4, 6]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    assert!(bolt.available, "a refused use changes nothing");
    let r = bolt
        .use_action(
            &[creature("b", 0)],
            &opts(),
            &mut SuppliedDice::new([2, 1, 2, 3, 4, 6]),
        )
        .unwrap();
    assert_eq!(r.resolution.outcomes[0].damage, 10);
}

#[test]
fn a5e_world_37_thick_trudge_difficult() {
    assert!(F::ThickTrudge.feature().standing.difficult_terrain);
}

#[test]
fn a5e_world_38_tenacious_mud_restrains_until_end_of_next_turn() {
    assert_eq!(
        F::TenaciousMud.feature().special,
        FeatureSpecial::ActionBreaksFree
    );
    let r = resolve_feature(
        F::TenaciousMud,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([11]),
    )
    .unwrap();
    assert_eq!(
        r.outcomes[0].conditions,
        vec![AppliedCondition::Restrained {
            lasts: Lasts::UntilEndOfOwnNextTurn
        }]
    );
}

#[test]
fn a5e_world_39_swamp_gas_poisons_until_end_of_next_turn() {
    let mut adv = creature("a", 0);
    adv.save.mode = RollMode::Advantage;
    let r = resolve_feature(
        F::SwampGas,
        &[adv],
        &opts(),
        &mut SuppliedDice::new([3, 12]),
    )
    .unwrap();
    assert!(r.outcomes[0].saved);
    assert_eq!(r.outcomes[0].save.as_ref().unwrap().d20.dice.len(), 2);
    let r = resolve_feature(
        F::SwampGas,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([3]),
    )
    .unwrap();
    assert_eq!(
        r.outcomes[0].conditions,
        vec![AppliedCondition::Poisoned {
            lasts: Lasts::UntilEndOfOwnNextTurn
        }]
    );
}

#[test]
fn a5e_world_40_leeches_swarm_recharge_6() {
    let mut leeches = WorldFeatureState::new(F::Leeches).unwrap();
    let used = leeches
        .use_action(&[creature("a", 0)], &opts(), &mut SuppliedDice::new([5]))
        .unwrap();
    assert!(used.resolution.swarm_attacks);
    assert!(!leeches.available);
    assert!(
        !leeches
            .start_of_round(&mut SuppliedDice::new([5]))
            .unwrap()
            .unwrap()
            .recharged
    );
    assert!(
        leeches
            .start_of_round(&mut SuppliedDice::new([6]))
            .unwrap()
            .unwrap()
            .recharged
    );
}

#[test]
fn a5e_obj_02_objects_fail_dex_saves_in_world_features() {
    let mut statue = creature("statue", 10);
    statue.auto_fails_save = true;
    let r = resolve_feature(
        F::FallingRocks,
        &[statue],
        &opts(),
        &mut SuppliedDice::new([3, 3]),
    )
    .unwrap();
    assert!(r.outcomes[0].auto_failed && r.outcomes[0].save.is_none());
    assert_eq!(r.outcomes[0].damage, 6);
}

#[test]
fn resolver_refuses_duplicates_and_too_many_creatures() {
    assert_eq!(
        resolve_feature(
            F::SwampGas,
            &[creature("a", 0), creature("a", 0)],
            &opts(),
            &mut SuppliedDice::new([])
        )
        .unwrap_err()
        .code,
        ErrorCode::DuplicateId
    );
    let many: Vec<AffectedCreature> = (0..501).map(|i| creature(&format!("c{i}"), 0)).collect();
    assert_eq!(
        resolve_feature(F::SwampGas, &many, &opts(), &mut SuppliedDice::new([]))
            .unwrap_err()
            .code,
        ErrorCode::LimitExceeded
    );
}

#[test]
fn catalogue_and_resolutions_round_trip_through_json() {
    let json = serde_json::to_string(&WORLD_FEATURES[..]).unwrap();
    let back: Vec<turnkeeper::procedures::a5e::world::WorldFeature> =
        serde_json::from_str(&json).unwrap();
    assert_eq!(back, WORLD_FEATURES.to_vec());
    assert!(json.contains("\"id\":\"flameBurst\""));
    let r = resolve_feature(
        F::ColdChill,
        &[creature("a", 0)],
        &opts(),
        &mut SuppliedDice::new([1, 2, 3]),
    )
    .unwrap();
    let json = serde_json::to_string(&r).unwrap();
    let back: turnkeeper::procedures::a5e::world::WorldFeatureResolution =
        serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);
}

/// A5E-DMG-02: one effect damaging several targets rolls its damage once for all of them.
#[test]
fn a5e_dmg_02_damage_is_rolled_once_for_every_target() {
    let r = resolve_feature(
        F::ColdChill,
        &[creature("a", 0), creature("b", 0), creature("c", 0)],
        &opts(),
        // three failed saves (5, 6, 7), then one 2d6 for everyone: 3 + 4
        &mut SuppliedDice::new([5, 6, 7, 3, 4]),
    )
    .unwrap();
    assert_eq!(r.damage_rolls.len(), 1);
    let taken: Vec<u32> = r.outcomes.iter().map(|o| o.damage).collect();
    assert_eq!(taken, vec![7, 7, 7]);
}
