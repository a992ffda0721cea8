//! OSE encounter openings: sequence, surprise, distance, reaction (OSE-ENC, OSE-SURP,
//! OSE-REACT) and the worked example EX-OSE-15.

use turnkeeper::ErrorCode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::procedures::ose::MovementRate;
use turnkeeper::procedures::ose::encounter::*;
use turnkeeper::procedures::ose::reaction::*;
use turnkeeper::procedures::ose::surprise::*;
use turnkeeper::units::{Distance, Feet};

fn opening(location: EncounterLocation) -> OpeningInput {
    OpeningInput {
        origin: EncounterOrigin::Wandering,
        location,
        party: SurpriseFactors::default(),
        monsters: SurpriseFactors::default(),
        fixed_distance: None,
    }
}

#[test]
fn ose_enc_01_placed_and_wandering_monsters_open_the_same_way() {
    for origin in [EncounterOrigin::Placed, EncounterOrigin::Wandering] {
        let mut dice = SuppliedDice::new([4, 5, 3, 4]);
        let input = OpeningInput {
            origin,
            ..opening(EncounterLocation::Dungeon)
        };
        let o = open_encounter(&mut dice, &input).unwrap();
        assert_eq!(o.origin, origin);
        assert_eq!(o.distance.distance, Distance::feet(70));
        assert_eq!(o.surprise, SurpriseOutcome::NoSurprise);
    }
}

#[test]
fn ose_enc_02_sequence_is_surprise_distance_initiative_actions_conclusion() {
    use EncounterStep::*;
    assert_eq!(
        ENCOUNTER_SEQUENCE,
        [Surprise, Distance, Initiative, Actions, Conclusion]
    );
    assert_eq!(Surprise.next(), Some(Distance));
    assert_eq!(Actions.next(), Some(Conclusion));
    assert_eq!(Conclusion.next(), None);

    // Party surprised (d6 = 2), monsters not (d6 = 5): only the monsters roll initiative and
    // they get the free round; the opening leaves the encounter at the Actions step.
    let mut dice = SuppliedDice::new([2, 5, 3, 3, 3, 3]);
    let o = open_encounter(&mut dice, &opening(EncounterLocation::Dungeon)).unwrap();
    assert_eq!(o.initiative_sides, vec![EncounterSide::Monsters]);
    assert_eq!(o.free_round, Some(EncounterSide::Monsters));
    assert_eq!(o.next_step, Actions);
}

#[test]
fn ose_enc_03_distance_dice_and_units_by_location() {
    let mut d = SuppliedDice::new([6, 6]);
    let r = roll_encounter_distance(&mut d, EncounterLocation::Dungeon, true).unwrap();
    assert_eq!(r.distance, Distance::feet(120));
    assert_eq!(r.dice.len(), 2, "the dungeon uses 2d6 even with surprise");

    for location in [EncounterLocation::Wilderness, EncounterLocation::Waterborne] {
        let mut d = SuppliedDice::new([1, 2, 3, 4]);
        let r = roll_encounter_distance(&mut d, location, false).unwrap();
        assert_eq!(r.distance, Distance::yards(100));
        assert!(r.dice.iter().all(|x| x.sides == 6));
        let mut d = SuppliedDice::new([4]);
        let r = roll_encounter_distance(&mut d, location, true).unwrap();
        assert_eq!(r.distance, Distance::yards(40));
        assert_eq!(r.dice[0].sides, 4);
    }
    // A distance the situation decides is used as is.
    let mut d = SuppliedDice::new([]);
    let input = OpeningInput {
        fixed_distance: Some(Distance::feet(30)),
        party: SurpriseFactors {
            expecting: true,
            ..Default::default()
        },
        monsters: SurpriseFactors {
            expecting: true,
            ..Default::default()
        },
        ..opening(EncounterLocation::Dungeon)
    };
    let o = open_encounter(&mut d, &input).unwrap();
    assert_eq!(o.distance.distance, Distance::feet(30));
    assert!(o.distance.dice.is_empty());
}

#[test]
fn ose_enc_04_responses_start_their_procedures() {
    assert_eq!(
        OseEncounterResponse::Combat.procedure(),
        ResponseProcedure::CombatRounds
    );
    assert_eq!(
        OseEncounterResponse::Evasion.procedure(),
        ResponseProcedure::Evasion
    );
    assert_eq!(
        OseEncounterResponse::Parley.procedure(),
        ResponseProcedure::ReactionRoll
    );
}

#[test]
fn ose_enc_05_ose_combat_03_encounter_movement_is_a_third_per_round_for_sixty_rounds() {
    assert_eq!(
        encounter_movement(MovementRate(Feet(120)), EncounterLocation::Dungeon).unwrap(),
        Distance::feet(40)
    );
    assert_eq!(
        encounter_movement(MovementRate(Feet(120)), EncounterLocation::Wilderness).unwrap(),
        Distance::yards(40)
    );
    assert_eq!(
        encounter_movement(MovementRate(Feet(90)), EncounterLocation::Dungeon).unwrap(),
        Distance::feet(30)
    );
    assert_eq!(ENCOUNTER_MOVEMENT_MAX_ROUNDS, 60);
    assert_eq!(
        encounter_movement(MovementRate(Feet(u32::MAX)), EncounterLocation::Dungeon)
            .unwrap_err()
            .code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn ose_enc_06_an_encounter_lasts_at_least_one_turn() {
    assert_eq!(ENCOUNTER_MIN_TURNS, 1);
    assert_eq!(ENCOUNTER_SEQUENCE.last(), Some(&EncounterStep::Conclusion));
}

#[test]
fn ose_surp_01_only_unaware_sides_roll() {
    assert!(SurpriseFactors::default().rolls_for_surprise());
    for factors in [
        SurpriseFactors {
            expecting: true,
            ..Default::default()
        },
        SurpriseFactors {
            opponent_shows_light_in_dark: true,
            ..Default::default()
        },
        SurpriseFactors {
            opponent_failed_to_force_door: true,
            ..Default::default()
        },
    ] {
        let mut d = SuppliedDice::new([]);
        let r = roll_surprise(&mut d, EncounterSide::Monsters, factors).unwrap();
        assert_eq!(r.die, None);
        assert!(!r.surprised);
    }
    // Monsters waiting for a noisy party can't be surprised, but the party can.
    let mut d = SuppliedDice::new([1, 3, 3]);
    let input = OpeningInput {
        monsters: SurpriseFactors {
            expecting: true,
            ..Default::default()
        },
        ..opening(EncounterLocation::Dungeon)
    };
    let o = open_encounter(&mut d, &input).unwrap();
    assert!(o.party_surprise.surprised);
    assert_eq!(o.monster_surprise.die, None);
    assert_eq!(d.remaining(), 0);
}

#[test]
fn ose_surp_02_one_or_two_on_d6_is_surprised() {
    for (face, surprised) in [(1, true), (2, true), (3, false), (6, false)] {
        let mut d = SuppliedDice::new([face]);
        let r = roll_surprise(&mut d, EncounterSide::Party, SurpriseFactors::default()).unwrap();
        assert_eq!(r.surprised, surprised, "face {face}");
        assert_eq!(r.die.unwrap().face, face);
    }
}

#[test]
fn ose_surp_03_both_or_one_side_surprised() {
    // Both surprised: no one gains an advantage; both roll initiative; outdoors the distance
    // is 1d4 × 10 yd.
    let mut d = SuppliedDice::new([1, 2, 3]);
    let o = open_encounter(&mut d, &opening(EncounterLocation::Wilderness)).unwrap();
    assert_eq!(o.surprise, SurpriseOutcome::BothSurprised);
    assert_eq!(o.free_round, None);
    assert_eq!(
        o.initiative_sides,
        vec![EncounterSide::Party, EncounterSide::Monsters]
    );
    assert_eq!(o.distance.distance, Distance::yards(30));
    // One side surprised: the other gets a free round and the surprised side can't act.
    let one = SurpriseOutcome::OneSideSurprised {
        surprised: EncounterSide::Party,
    };
    assert_eq!(one.free_round(), Some(EncounterSide::Monsters));
    assert!(!one.can_act_first_round(EncounterSide::Party));
    assert!(one.can_act_first_round(EncounterSide::Monsters));
}

#[test]
fn ose_react_01_reaction_table_every_row_matches_rules_md() {
    // Copied from docs/rules.md OSE-REACT-01.
    let rules = "\
| 2 or less | Hostile, attacks |
| 3–5 | Unfriendly, may attack |
| 6–8 | Neutral, uncertain |
| 9–11 | Indifferent, uninterested |
| 12 or more | Friendly, helpful |";
    let ours: Vec<String> = REACTION_TABLE
        .iter()
        .map(|row| {
            let range = match (row.from, row.up_to) {
                (None, Some(max)) => format!("{max} or less"),
                (Some(min), None) => format!("{min} or more"),
                (Some(min), Some(max)) => format!("{min}–{max}"),
                (None, None) => "any".to_owned(),
            };
            format!("| {range} | {} |", row.reaction.description())
        })
        .collect();
    assert_eq!(ours.join("\n"), rules);
    // Every total maps to its row, including beyond the dice.
    let expected = [
        (-3, Reaction::Hostile),
        (2, Reaction::Hostile),
        (3, Reaction::Unfriendly),
        (5, Reaction::Unfriendly),
        (6, Reaction::Neutral),
        (8, Reaction::Neutral),
        (9, Reaction::Indifferent),
        (11, Reaction::Indifferent),
        (12, Reaction::Friendly),
        (15, Reaction::Friendly),
    ];
    for (total, reaction) in expected {
        assert_eq!(reaction_for_total(total), reaction, "total {total}");
    }
}

#[test]
fn ose_react_01_roll_adds_the_speakers_cha_modifier_only_when_someone_talks() {
    let mut d = SuppliedDice::new([1, 1, 1, 1]);
    let r = roll_reaction(&mut d, None).unwrap();
    assert_eq!((r.total, r.reaction), (2, Reaction::Hostile));
    let r = roll_reaction(&mut d, Some(2)).unwrap();
    assert_eq!((r.total, r.reaction), (4, Reaction::Unfriendly));
    assert_eq!(r.dice.len(), 2);
}

#[test]
fn ex_ose_15_surprise_distances_and_reaction() {
    // Surprise: 2 → surprised; 3 → not.
    let mut d = SuppliedDice::new([2, 3]);
    assert!(
        roll_surprise(&mut d, EncounterSide::Party, SurpriseFactors::default())
            .unwrap()
            .surprised
    );
    assert!(
        !roll_surprise(&mut d, EncounterSide::Party, SurpriseFactors::default())
            .unwrap()
            .surprised
    );
    // Dungeon encounter at 2d6 = 7 → 70 ft.
    let mut d = SuppliedDice::new([3, 4]);
    let r = roll_encounter_distance(&mut d, EncounterLocation::Dungeon, false).unwrap();
    assert_eq!(r.distance, Distance::feet(70));
    // Wilderness 4d6 = 14 → 140 yd; surprised 1d4 = 3 → 30 yd.
    let mut d = SuppliedDice::new([2, 3, 4, 5, 3]);
    let r = roll_encounter_distance(&mut d, EncounterLocation::Wilderness, false).unwrap();
    assert_eq!(r.distance, Distance::yards(140));
    let r = roll_encounter_distance(&mut d, EncounterLocation::Wilderness, true).unwrap();
    assert_eq!(r.distance, Distance::yards(30));
    // Reaction 2d6 = 7 with CHA +1 → 8 → neutral.
    let mut d = SuppliedDice::new([3, 4]);
    let r = roll_reaction(&mut d, Some(1)).unwrap();
    assert_eq!(r.total, 8);
    assert_eq!(r.reaction, Reaction::Neutral);
    assert_eq!(r.reaction.description(), "Neutral, uncertain");
}

#[test]
fn bad_input_is_an_error_and_rolls_nothing() {
    let mut d = SuppliedDice::new([3]);
    assert_eq!(
        roll_reaction(&mut d, Some(5_000)).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    assert_eq!(d.remaining(), 1);
    let input = OpeningInput {
        fixed_distance: Some(Distance::feet(u32::MAX)),
        ..opening(EncounterLocation::Dungeon)
    };
    assert!(open_encounter(&mut d, &input).is_err());
    assert_eq!(d.remaining(), 1);
}
