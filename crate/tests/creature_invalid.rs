//! Invalid input gives a typed error and leaves the creature untouched; limits are enforced;
//! the record round-trips through JSON.

use turnkeeper::ErrorCode;
use turnkeeper::creature::limits::*;
use turnkeeper::creature::*;
use turnkeeper::dice::{DieSize, SuppliedDice};

fn pc() -> Creature {
    Creature::new(CreatureKind::Pc, 20)
        .unwrap()
        .with_level(5)
        .with_hit_dice(DieSize::D10, 5)
}

fn at() -> Moment {
    Moment::in_encounter(GameTime(0))
}

fn none() -> SuppliedDice {
    SuppliedDice::new([])
}

#[test]
fn hp_maximum_must_be_positive_and_bounded() {
    for bad in [0, MAX_HIT_POINTS + 1] {
        let err = Creature::new(CreatureKind::Pc, bad).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
    }
    assert!(Creature::new(CreatureKind::Pc, MAX_HIT_POINTS).is_ok());
}

#[test]
fn negative_and_oversized_amounts_are_refused_without_change() {
    let rules = CreatureRules::a5e();
    let mut c = pc();
    let before = c.clone();
    let choices = DamageChoices::default();
    for amount in [-1, MAX_AMOUNT + 1] {
        let err = c
            .take_damage(
                &rules,
                &DamageInstance::new(amount, None),
                &choices,
                at(),
                &mut none(),
            )
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert_eq!(
            c.heal(&rules, amount, &mut none()).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            c.grant_temp_hp(amount, TempHpChoice::TakeNew)
                .unwrap_err()
                .code,
            ErrorCode::InvalidArgument
        );
    }
    let mut many = DamageInstance::new(5, None);
    many.flat_modifiers = vec![1; MAX_FLAT_MODIFIERS + 1];
    let err = c
        .take_damage(&rules, &many, &choices, at(), &mut none())
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::LimitExceeded);
    let wild = DamageChoices {
        con_save_modifier: Some(MAX_MODIFIER + 1),
        ..choices
    };
    let err = c
        .take_damage(
            &rules,
            &DamageInstance::new(5, None),
            &wild,
            at(),
            &mut none(),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    let err = c
        .apply_ongoing_damage(
            &rules,
            &OngoingDamage {
                dice: DiceSpec::new(MAX_DICE_PER_ROLL + 1, DieSize::D6),
                damage_type: None,
            },
            &choices,
            at(),
            &mut none(),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c, before);
}

#[test]
fn levels_beyond_seven_are_refused() {
    let rules = CreatureRules::a5e();
    let mut c = pc();
    c.fatigue = Track::new(MAX_TRACK_LEVEL + 1);
    let before = c.clone();
    let err = c.gain_strife(&rules, 1, at(), &mut none()).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c.validate().unwrap_err().code, ErrorCode::InvalidArgument);
    assert_eq!(c, before);
    let mut c = pc();
    c.strife = Track {
        effective: 4,
        pending: 4,
    };
    assert!(c.validate().is_err());
}

#[test]
fn inconsistent_records_are_refused_before_anything_happens() {
    let rules = CreatureRules::a5e();
    let cases: Vec<Creature> = vec![
        pc().with_current_hp(21),
        {
            let mut c = pc();
            c.death = DeathState::Dying {
                successes: 0,
                failures: 0,
            };
            c
        },
        {
            let mut c = pc().with_current_hp(0);
            c.death = DeathState::Dying {
                successes: 3,
                failures: 0,
            };
            c
        },
        {
            let mut c = pc();
            c.hit_dice = Some(HitDice {
                die: DieSize::D10,
                total: 5,
                spent: 6,
            });
            c
        },
        pc().with_level(MAX_LEVEL + 1),
        pc().with_con_mod(MAX_MODIFIER + 1),
        {
            let mut c = pc();
            c.defenses.resistances = vec![DamageType::Fire; MAX_DEFENSE_ENTRIES + 1];
            c
        },
    ];
    for mut c in cases {
        let before = c.clone();
        assert!(c.validate().is_err(), "{c:?}");
        assert!(
            c.take_damage(
                &rules,
                &DamageInstance::new(1, None),
                &DamageChoices::default(),
                at(),
                &mut none()
            )
            .is_err()
        );
        assert!(c.heal(&rules, 1, &mut none()).is_err());
        assert!(c.advance_time(at()).is_err());
        assert_eq!(c, before);
    }
}

#[test]
fn a_roll_that_cannot_be_made_leaves_the_creature_untouched() {
    // Massive damage needs a save; with no faces supplied, the call fails cleanly.
    let rules = CreatureRules::a5e();
    let mut c = pc();
    let before = c.clone();
    let err = c
        .take_damage(
            &rules,
            &DamageInstance::new(60, None),
            &DamageChoices::default(),
            at(),
            &mut none(),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::FacesExhausted);
    assert_eq!(c, before);
    // An impossible face for the die.
    let err = c
        .take_damage(
            &rules,
            &DamageInstance::new(60, None),
            &DamageChoices::default(),
            at(),
            &mut SuppliedDice::new([21]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidFace);
    assert_eq!(c, before);
}

#[test]
fn raising_and_other_state_changes_check_their_preconditions() {
    let mut c = pc();
    assert_eq!(
        c.raise_from_dead(1, false).unwrap_err().code,
        ErrorCode::OutOfOrder
    );
    c.kill(DeathReason::Referee).unwrap();
    for hp in [0, -3, 21] {
        assert_eq!(
            c.raise_from_dead(hp, false).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
    }
    assert_eq!(
        c.kill(DeathReason::Referee).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    assert_eq!(c.lift_doom().unwrap_err().code, ErrorCode::NotAllowed);
    assert_eq!(
        c.grant_temp_hp(5, TempHpChoice::KeepHigher)
            .unwrap_err()
            .code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn time_limits_are_enforced() {
    let start = GameTime(0);
    assert!(Moment::at_round(start, 0, 6).is_err());
    assert!(Moment::at_round(start, 1, 0).is_err());
    assert!(Moment::at_round(start, 1, MAX_SECONDS_PER_ROUND + 1).is_err());
    assert_eq!(
        Moment::at_round(start, 3, MAX_SECONDS_PER_ROUND)
            .unwrap()
            .now,
        GameTime(2 * MAX_SECONDS_PER_ROUND)
    );
    assert!(Moment::at_round(GameTime(u32::MAX), 2, 6).is_err());
    assert_eq!(Moment::at_round(start, 2, 10).unwrap().now, GameTime(10));
    // A deadline past the end of representable time is an error, not a wrap-around.
    let rules = CreatureRules::a5e();
    let mut c = pc();
    let err = c
        .doom(
            &rules,
            DoomDeadline::Roll2d12Hours,
            Moment::outside_encounter(GameTime(u32::MAX - 10)),
            &mut SuppliedDice::new([1, 1]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert!(c.doom.is_none());
    // A HYB death clock of 0 seconds is refused.
    // It runs from 1 second to a day (86,400 seconds).
    for (seconds, ok) in [(0, false), (1, true), (86_400, true), (86_401, false)] {
        let clock = CreatureRules::Hyb(HybRules {
            death_clock_seconds: seconds,
            ..HybRules::default()
        });
        let mut c = c.clone();
        let before = c.clone();
        let result = c.take_damage(
            &clock,
            &DamageInstance::new(1, None),
            &DamageChoices::default(),
            at(),
            &mut none(),
        );
        match result {
            Ok(_) => assert!(ok, "{seconds} s accepted"),
            Err(err) => {
                assert!(!ok, "{seconds} s: {err}");
                assert_eq!(err.code, ErrorCode::InvalidArgument);
                assert_eq!(c, before);
            }
        }
    }
}

#[test]
fn hyb_limits_on_hours_and_points() {
    let mut c = pc().with_abilities(AbilityScores::new(10, 10, 10, 10, 10, 10));
    assert!(c.add_adventuring_hours(-1).is_err());
    assert!(
        c.add_adventuring_hours(MAX_ADVENTURING_HOURS as i32 + 1)
            .is_err()
    );
    c.add_adventuring_hours(MAX_ADVENTURING_HOURS as i32)
        .unwrap();
    assert!(c.add_adventuring_hours(1).is_err());
    assert!(c.lose_ability_points(Ability::Str, 0).is_err());
    assert!(c.lose_ability_points(Ability::Str, 31).is_err());
    let mut bad = pc().with_abilities(AbilityScores::new(31, 10, 10, 10, 10, 10));
    assert!(bad.lose_ability_points(Ability::Str, 1).is_err());
}

#[test]
fn creature_round_trips_through_compact_camel_case_json() {
    let rules = CreatureRules::a5e();
    let mut c = pc().with_resistance(DamageType::Cold);
    c.take_damage(
        &rules,
        &DamageInstance::new(20, None),
        &DamageChoices::default(),
        at(),
        &mut none(),
    )
    .unwrap();
    let json = serde_json::to_string(&c).unwrap();
    assert!(json.contains("\"hitDice\""), "{json}");
    assert!(json.contains("\"type\":\"dying\""), "{json}");
    assert!(!json.contains("subdual"), "defaults are left out: {json}");
    let back: Creature = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c);
    // A fresh PC stays small (snapshot budget): a living creature's death state is left out.
    let fresh = serde_json::to_string(&pc()).unwrap();
    assert!(!fresh.contains("\"death\""), "{fresh}");
    assert_eq!(turnkeeper::wire::to_json(&pc()), fresh);
    assert!(fresh.len() < 160, "{} bytes: {fresh}", fresh.len());
    // The Constitution modifier is written only when it is not 0, by both writers, and read
    // back either way.
    for (con_mod, written) in [(0, false), (3, true), (-2, true)] {
        let c = pc().with_con_mod(con_mod);
        for json in [
            serde_json::to_string(&c).unwrap(),
            turnkeeper::wire::to_json(&c),
        ] {
            assert_eq!(json.contains("conMod"), written, "{json}");
            let back: Creature = serde_json::from_str(&json).unwrap();
            assert_eq!(back.con_mod, con_mod);
            let back: Creature =
                turnkeeper::wire::from_json(&json, "creature", ErrorCode::SnapshotInvalid).unwrap();
            assert_eq!(back, c);
        }
    }
    // Rules and reports serialise too.
    let rules_json = serde_json::to_string(&CreatureRules::hyb()).unwrap();
    assert!(rules_json.starts_with("{\"type\":\"hyb\""), "{rules_json}");
    let parsed: CreatureRules = serde_json::from_str("{\"type\":\"a5e\"}").unwrap();
    assert_eq!(parsed, CreatureRules::a5e());
    let choice: DamageChoices =
        serde_json::from_str("{\"attackedAtZero\":\"strife\",\"knockOut\":true}").unwrap();
    assert_eq!(choice.attacked_at_zero, Some(AtZeroConsequence::Strife));
}

#[test]
fn remaining_documented_limits_are_enforced() {
    // Hit Dice pool size.
    let too_many = pc().with_hit_dice(DieSize::D8, MAX_HIT_DICE + 1);
    assert!(too_many.validate().is_err());
    assert!(
        pc().with_hit_dice(DieSize::D8, MAX_HIT_DICE)
            .validate()
            .is_ok()
    );
    // Temporary HP held in data.
    let mut c = pc();
    c.hp.temp = MAX_TEMP_HIT_POINTS + 1;
    assert!(c.validate().is_err());
    // Body parts recorded lost.
    let mut c = pc();
    c.hyb.body_parts_lost = MAX_BODY_PARTS_LOST + 1;
    assert!(c.validate().is_err());
    // A caller-set DC.
    let mut c = Creature::new(CreatureKind::Npc, 4).unwrap();
    c.take_damage(
        &CreatureRules::hyb(),
        &DamageInstance::new(4, None),
        &DamageChoices::default(),
        at(),
        &mut none(),
    )
    .unwrap();
    let before = c.clone();
    let err = c
        .stabilize(
            &CreatureRules::hyb(),
            StabilizeMethod::Check {
                modifier: 0,
                mode: RollMode::Normal,
                dc: Some(MAX_DC + 1),
            },
            at(),
            &mut SuppliedDice::new([20]),
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c, before);
    // Days of OSE rest per call.
    let mut c = pc().with_current_hp(1);
    let days = vec![OseRestDay::Interrupted; MAX_REST_DAYS + 1];
    let err = c
        .ose_natural_healing(&CreatureRules::ose(), &days, &mut none())
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::LimitExceeded);
    let days = vec![OseRestDay::Interrupted; MAX_REST_DAYS];
    assert!(
        c.ose_natural_healing(&CreatureRules::ose(), &days, &mut none())
            .is_ok()
    );
    // Length of a long rest.
    let long = LongRest {
        duration_minutes: MAX_REST_MINUTES + 1,
        ..LongRest::full(GameTime(10_000_000), true, true)
    };
    let err = pc()
        .long_rest(&CreatureRules::a5e(), &long, &mut none())
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
}

/// Each recorded quantity a creature check bounds is accepted at its limit and refused one
/// past it, and the dying, stable and incapacitated states require 0 HP (the dead may keep any).
#[test]
fn record_limits_are_exact() {
    let check = |edit: &dyn Fn(&mut Creature), ok: bool, what: &str| {
        let mut c = pc();
        edit(&mut c);
        assert_eq!(c.validate().is_ok(), ok, "{what}: {c:?}");
    };
    type Set = fn(&mut Creature, u32);
    let limits: [(&str, Set, u32); 6] = [
        ("subdual", |c, n| c.subdual = n, MAX_HIT_POINTS),
        ("temporary HP", |c, n| c.hp.temp = n, MAX_TEMP_HIT_POINTS),
        ("level", |c, n| c.level = n, MAX_LEVEL),
        (
            "adventuring hours",
            |c, n| c.hyb.hours_adventured = n,
            MAX_ADVENTURING_HOURS,
        ),
        (
            "resilience reduction",
            |c, n| c.hyb.resilience_reduction = n,
            MAX_ADVENTURING_HOURS,
        ),
        (
            "body parts lost",
            |c, n| c.hyb.body_parts_lost = n,
            MAX_BODY_PARTS_LOST,
        ),
    ];
    for (what, set, limit) in limits {
        check(&|c| set(c, limit), true, what);
        check(&|c| set(c, limit + 1), false, what);
    }
    // The Constitution modifier is bounded on both sides.
    for sign in [1, -1] {
        check(
            &|c| c.con_mod = sign * MAX_MODIFIER,
            true,
            "con mod at limit",
        );
        check(
            &|c| c.con_mod = sign * (MAX_MODIFIER + 1),
            false,
            "con mod past limit",
        );
    }
    // Each defense list holds at most MAX_DEFENSE_ENTRIES damage types.
    type List = fn(&mut Creature) -> &mut Vec<DamageType>;
    let lists: [List; 3] = [
        |c| &mut c.defenses.resistances,
        |c| &mut c.defenses.vulnerabilities,
        |c| &mut c.defenses.immunities,
    ];
    for list in lists {
        check(
            &|c| *list(c) = vec![DamageType::Fire; MAX_DEFENSE_ENTRIES],
            true,
            "defenses at limit",
        );
        check(
            &|c| *list(c) = vec![DamageType::Fire; MAX_DEFENSE_ENTRIES + 1],
            false,
            "defenses past limit",
        );
    }
    // Unhealable HP (HYB-RETURN-02) never exceed the HP missing.
    check(
        &|c| {
            c.hp.current = 15;
            c.hyb.unhealable = 5;
        },
        true,
        "unhealable = missing",
    );
    check(
        &|c| {
            c.hp.current = 15;
            c.hyb.unhealable = 6;
        },
        false,
        "unhealable > missing",
    );
    for (death, zero_hp_only) in [
        (
            DeathState::Dying {
                successes: 2,
                failures: 2,
            },
            true,
        ),
        (
            DeathState::Stable {
                regains_hp_at: None,
            },
            true,
        ),
        (
            DeathState::Incapacitated {
                deadline: GameTime(60),
            },
            true,
        ),
        (
            DeathState::Dead {
                reason: DeathReason::Referee,
            },
            false,
        ),
    ] {
        check(
            &|c| {
                c.hp.current = 0;
                c.death = death;
            },
            true,
            "at 0 HP",
        );
        check(
            &|c| {
                c.hp.current = 1;
                c.death = death;
            },
            !zero_hp_only,
            "above 0 HP",
        );
    }
    check(
        &|c| {
            c.hp.current = 0;
            c.death = DeathState::Dying {
                successes: 0,
                failures: 3,
            };
        },
        false,
        "three failures",
    );
}

/// A long rest cannot have begun before game time did: one that ends exactly its length after
/// the start is fine, one a second earlier is refused.
#[test]
fn a_long_rest_starts_no_earlier_than_game_time() {
    let rules = CreatureRules::a5e();
    let length = long_rest::LONG_REST_MINUTES * 60;
    let mut c = pc();
    let rest = |end: u32| LongRest::full(GameTime(end), true, false);
    let err = c
        .long_rest(&rules, &rest(length - 1), &mut none())
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    let err = c.long_rest(&rules, &rest(100), &mut none()).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert!(c.long_rest(&rules, &rest(length), &mut none()).is_ok());
}

/// HYB adventuring hours run up to one year (24 × 366 hours) and no further.
#[test]
fn adventuring_hours_run_up_to_a_year() {
    let mut c = pc();
    assert_eq!(c.add_adventuring_hours(24 * 366).unwrap(), 24 * 366);
    let before = c.clone();
    let err = c.add_adventuring_hours(1).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c, before);
}

/// Ongoing damage is accepted only if the most it can roll stays within the damage limit.
#[test]
fn ongoing_damage_stays_within_the_damage_limit() {
    let ongoing = |modifier: i32| OngoingDamage {
        dice: DiceSpec {
            count: 1,
            size: DieSize::D4,
            modifier,
        },
        damage_type: None,
    };
    assert!(ongoing(MAX_AMOUNT - 4).validate().is_ok());
    let err = ongoing(MAX_AMOUNT - 3).validate().unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
}

/// HYB-RETURN-02: damage that can't be avoided or healed is plain: a type, a flat modifier,
/// a mundane weapon or subdual each make it invalid on its own.
#[test]
fn unhealable_damage_takes_no_qualifier() {
    let plain = DamageInstance {
        unhealable: true,
        ..DamageInstance::new(3, None)
    };
    assert!(plain.validate().is_ok());
    let with = |edit: &dyn Fn(&mut DamageInstance)| {
        let mut d = plain.clone();
        edit(&mut d);
        d.validate()
    };
    let qualifiers: [&dyn Fn(&mut DamageInstance); 4] = [
        &|d| d.damage_type = Some(DamageType::Fire),
        &|d| d.flat_modifiers = vec![1],
        &|d| d.mundane_weapon = true,
        &|d| d.subdual = true,
    ];
    for (i, q) in qualifiers.iter().enumerate() {
        assert_eq!(
            with(*q).unwrap_err().code,
            ErrorCode::InvalidArgument,
            "qualifier #{i}"
        );
    }
}

/// A long rest may be spent wholly asleep, or wholly in strenuous activity (which then voids
/// it, A5E-REST-02); neither may last longer than the rest itself.
#[test]
fn a5e_rest_02_sleep_and_strenuous_activity_fit_within_the_rest() {
    let rules = CreatureRules::a5e();
    let length = long_rest::LONG_REST_MINUTES;
    let rest = |asleep: u32, strenuous: u32| LongRest {
        asleep_minutes: asleep,
        strenuous_minutes: strenuous,
        ..LongRest::full(GameTime(length * 60), true, false)
    };
    let mut c = pc();
    c.hp.current = 10;
    let report = c.long_rest(&rules, &rest(length, 0), &mut none()).unwrap();
    assert_eq!(c.hp.current, c.hp.max, "a rest spent asleep restores HP");
    assert!(
        !report
            .outcomes
            .iter()
            .any(|o| matches!(o, Outcome::LongRestNoBenefit { .. })),
        "{report:?}"
    );

    let mut c = pc();
    c.hp.current = 10;
    let report = c.long_rest(&rules, &rest(0, length), &mut none()).unwrap();
    assert_eq!(c.hp.current, 10, "a strenuous rest restores nothing");
    assert!(
        report.outcomes.contains(&Outcome::LongRestNoBenefit {
            reason: NoRestBenefit::Interrupted
        }),
        "{report:?}"
    );

    for (asleep, strenuous) in [(length + 1, 0), (0, length + 1)] {
        let mut c = pc();
        let before = c.clone();
        let err = c
            .long_rest(&rules, &rest(asleep, strenuous), &mut none())
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert_eq!(c, before);
    }
}

/// Each ability score is read and written by name, and a record with every score at 0 says so.
#[test]
fn ability_scores_by_name() {
    let mut scores = AbilityScores::new(0, 0, 0, 0, 0, 0);
    assert!(scores.is_zero());
    for (i, ability) in Ability::ALL.into_iter().enumerate() {
        scores.set(ability, 10 + i as u32);
    }
    assert!(!scores.is_zero());
    let read: Vec<u32> = Ability::ALL.iter().map(|a| scores.get(*a)).collect();
    assert_eq!(read, vec![10, 11, 12, 13, 14, 15]);
    assert_eq!(scores, AbilityScores::new(10, 11, 12, 13, 14, 15));
    let mut one = AbilityScores::new(0, 0, 0, 0, 0, 0);
    one.set(Ability::Cha, 1);
    assert!(!one.is_zero());
}

/// A flat damage modifier is within ±MAX_AMOUNT; temporary HP at most MAX_TEMP_HIT_POINTS;
/// a split damage roll's type within the damage limit. Each refusal changes nothing.
#[test]
fn damage_modifier_temporary_hp_and_split_damage_limits() {
    let rules = CreatureRules::a5e();
    for sign in [1, -1] {
        let at_limit = DamageInstance::new(5, None).with_flat_modifier(sign * MAX_AMOUNT);
        assert!(at_limit.validate().is_ok());
        let mut c = pc();
        let before = c.clone();
        let past = DamageInstance::new(5, None).with_flat_modifier(sign * (MAX_AMOUNT + 1));
        assert_eq!(
            past.validate().unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        let err = c
            .take_damage(&rules, &past, &DamageChoices::default(), at(), &mut none())
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert_eq!(c, before);
    }

    let max = i32::try_from(MAX_TEMP_HIT_POINTS).unwrap();
    let mut c = pc();
    c.grant_temp_hp(max, TempHpChoice::KeepHigher).unwrap();
    assert_eq!(c.hp.temp, MAX_TEMP_HIT_POINTS);
    let mut c = pc();
    let err = c
        .grant_temp_hp(max + 1, TempHpChoice::KeepHigher)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c.hp.temp, 0);

    let roll = |notation: &str, faces: &[u32]| {
        turnkeeper::dice::roll(notation, &mut SuppliedDice::new(faces.iter().copied())).unwrap()
    };
    let template = DamageInstance::new(0, Some(DamageType::Fire));
    let at_limit = roll(&format!("1d6 + {}", MAX_AMOUNT - 6), &[6]);
    let parts = damage_from_roll(&at_limit, &template).unwrap();
    assert_eq!(parts[0].amount, MAX_AMOUNT);
    let past = roll(&format!("1d6 + {}", MAX_AMOUNT - 5), &[6]);
    let err = damage_from_roll(&past, &template).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
}

/// HYB ability loss needs ability scores to lose from.
#[test]
fn hyb_ability_loss_without_scores_is_refused() {
    let mut c = pc();
    c.abilities = None;
    let before = c.clone();
    let err = c.lose_ability_points(Ability::Str, 2).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c, before);
}

/// A damage instance takes up to MAX_FLAT_MODIFIERS flat modifiers, and is written with
/// `unhealable` only when set (HYB-RETURN-02), by both writers, reading back the same.
#[test]
fn damage_instances_flat_modifier_count_and_unhealable_flag() {
    let mut d = DamageInstance::new(5, None);
    d.flat_modifiers = vec![1; MAX_FLAT_MODIFIERS];
    assert!(d.validate().is_ok());
    d.flat_modifiers.push(1);
    assert_eq!(d.validate().unwrap_err().code, ErrorCode::LimitExceeded);

    for unhealable in [false, true] {
        let mut d = DamageInstance::new(5, None);
        d.unhealable = unhealable;
        for json in [
            serde_json::to_string(&d).unwrap(),
            turnkeeper::wire::to_json(&d),
        ] {
            assert_eq!(json.contains("unhealable"), unhealable, "{json}");
            let back: DamageInstance = serde_json::from_str(&json).unwrap();
            assert_eq!(back, d);
        }
    }
}

/// A long rest may last up to a week (MAX_REST_MINUTES), and no longer.
#[test]
fn a_long_rest_lasts_at_most_a_week() {
    let rules = CreatureRules::a5e();
    let week = 7 * 24 * 60;
    assert_eq!(MAX_REST_MINUTES, week);
    let rest = |minutes: u32| LongRest {
        duration_minutes: minutes,
        ..LongRest::full(GameTime(week * 60 + 60), true, false)
    };
    let mut c = pc();
    assert!(c.long_rest(&rules, &rest(week), &mut none()).is_ok());
    let mut c = pc();
    let err = c
        .long_rest(&rules, &rest(week + 1), &mut none())
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
}

/// A5E-TRACK-03: removing levels from an empty track changes nothing and reports no loss;
/// removing some reports exactly how many went.
#[test]
fn a5e_track_03_removing_levels_reports_only_what_was_removed() {
    let rules = CreatureRules::a5e();
    let mut c = pc();
    let report = c.remove_fatigue(&rules, 1).unwrap();
    assert!(
        !report
            .outcomes
            .iter()
            .any(|o| matches!(o, Outcome::LostLevels { .. })),
        "{report:?}"
    );
    c.strife = Track::new(2);
    let report = c.remove_strife(&rules, 3).unwrap();
    assert_eq!(
        report.outcomes,
        vec![Outcome::LostLevels {
            track: TrackKind::Strife,
            levels: 2,
            level: 0
        }]
    );
}

/// HYB-DEATH-03: a creature that rolls on the injury table needs ability scores, checked
/// before anything is rolled, whichever row would have come up; one that does not roll on it
/// (a monster, by default) needs none.
#[test]
fn hyb_death_03_the_injury_table_needs_ability_scores() {
    let rules = CreatureRules::hyb();
    let down = |kind: CreatureKind| {
        let mut c = Creature::new(kind, 10).unwrap();
        c.abilities = None;
        c.take_damage(
            &rules,
            &DamageInstance::new(10, None),
            &DamageChoices::default(),
            at(),
            &mut none(),
        )
        .unwrap();
        assert!(c.is_incapacitated());
        c
    };
    let mut c = down(CreatureKind::Pc);
    let before = c.clone();
    // 15 would be "disadvantage until rest", a row that costs no ability points.
    let mut faces = SuppliedDice::new([15]);
    let err = c
        .stabilize(&rules, StabilizeMethod::Automatic, at(), &mut faces)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert!(err.message.contains("ability scores"), "{}", err.message);
    assert_eq!(c, before);
    assert_eq!(faces.used(), 0);
    let err = c.heal(&rules, 3, &mut SuppliedDice::new([15])).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidArgument);
    assert_eq!(c, before);

    let mut monster = down(CreatureKind::Monster);
    monster
        .stabilize(&rules, StabilizeMethod::Automatic, at(), &mut none())
        .unwrap();
    assert!(!monster.is_incapacitated());
}

/// A5E-THP-05: a long rest ends temporary HP, and reports it only when there were some.
#[test]
fn a5e_thp_05_a_long_rest_reports_ending_temporary_hp_only_when_held() {
    let rules = CreatureRules::a5e();
    let rest = LongRest::full(GameTime(86_400), true, false);
    let ended = |r: &Report| {
        r.outcomes
            .iter()
            .filter(|o| matches!(o, Outcome::TempHpEnded { .. }))
            .count()
    };
    let mut c = pc();
    let report = c.long_rest(&rules, &rest, &mut none()).unwrap();
    assert_eq!(ended(&report), 0, "{report:?}");
    let mut c = pc();
    c.hp.temp = 4;
    let report = c.long_rest(&rules, &rest, &mut none()).unwrap();
    assert!(
        report
            .outcomes
            .contains(&Outcome::TempHpEnded { amount: 4 })
    );
    assert_eq!(c.hp.temp, 0);
}

/// HYB-RETURN-02: healing stops short of the HP only rest can mend, and says so only when it
/// was held back.
#[test]
fn hyb_return_02_healing_reports_unhealable_hp_only_when_held_back() {
    let rules = CreatureRules::hyb();
    let held_back = |r: &Report| {
        r.outcomes
            .iter()
            .any(|o| matches!(o, Outcome::UnhealableHp { .. }))
    };
    let wounded = || {
        let mut c = pc();
        c.hp.current = 10;
        c.hyb.unhealable = 4;
        c
    };
    let mut c = wounded();
    let report = c.heal(&rules, 6, &mut none()).unwrap();
    assert_eq!(c.hp.current, 16);
    assert!(!held_back(&report), "{report:?}");
    let mut c = wounded();
    let report = c.heal(&rules, 7, &mut none()).unwrap();
    assert_eq!(c.hp.current, 16);
    assert!(held_back(&report), "{report:?}");
}

/// Ability scores run up to MAX_ABILITY_SCORE (30), each checked.
#[test]
fn ability_scores_reach_their_limit() {
    for ability in Ability::ALL {
        let mut c = pc();
        let mut scores = AbilityScores::new(10, 10, 10, 10, 10, 10);
        scores.set(ability, MAX_ABILITY_SCORE);
        c.abilities = Some(scores);
        assert!(c.validate().is_ok(), "{ability:?} at the limit");
        scores.set(ability, MAX_ABILITY_SCORE + 1);
        c.abilities = Some(scores);
        assert_eq!(
            c.validate().unwrap_err().code,
            ErrorCode::InvalidArgument,
            "{ability:?} past the limit"
        );
    }
}
