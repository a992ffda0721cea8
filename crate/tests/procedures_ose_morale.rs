//! OSE morale (OSE-MORALE-01..07) and the worked example EX-OSE-13.

use turnkeeper::ErrorCode;
use turnkeeper::dice::SuppliedDice;
use turnkeeper::procedures::ose::morale::*;

fn score(n: u32) -> MoraleScore {
    MoraleScore::new(n).unwrap()
}

#[test]
fn ose_morale_01_scores_run_two_to_twelve_with_special_ends() {
    assert!(MoraleScore::new(1).is_err());
    assert!(MoraleScore::new(13).is_err());
    let mut d = SuppliedDice::new([]);
    // 2: never fights unless absolutely cornered (no roll either way).
    let r = check_morale(&mut d, OseMoraleInput::new(score(2))).unwrap();
    assert_eq!(r.outcome, MoraleOutcome::FleesOrSurrenders);
    assert_eq!(r.basis, MoraleBasis::NeverFights);
    let cornered = OseMoraleInput {
        cornered: true,
        ..OseMoraleInput::new(score(2))
    };
    let r = check_morale(&mut d, cornered).unwrap();
    assert_eq!(r.outcome, MoraleOutcome::FightsOn);
    assert_eq!(r.basis, MoraleBasis::Cornered);
    // 12: fights until killed, never checks.
    let r = check_morale(&mut d, OseMoraleInput::new(score(12))).unwrap();
    assert_eq!(r.outcome, MoraleOutcome::FightsOn);
    assert_eq!(r.basis, MoraleBasis::FightsUntilKilled);
    assert!(r.dice.is_empty());
}

#[test]
fn ose_morale_02_higher_than_score_flees_equal_or_lower_fights() {
    let mut d = SuppliedDice::new([4, 3, 4, 4, 6, 1]);
    let r = check_morale(&mut d, OseMoraleInput::new(score(7))).unwrap();
    assert_eq!((r.roll, r.outcome), (Some(7), MoraleOutcome::FightsOn));
    let r = check_morale(&mut d, OseMoraleInput::new(score(7))).unwrap();
    assert_eq!(
        (r.roll, r.outcome),
        (Some(8), MoraleOutcome::FleesOrSurrenders)
    );
    let r = check_morale(&mut d, OseMoraleInput::new(score(7))).unwrap();
    assert_eq!((r.roll, r.outcome), (Some(7), MoraleOutcome::FightsOn));
    assert_eq!(r.dice.len(), 2);
}

#[test]
fn ose_morale_03_two_passes_end_checking() {
    let mut tracker = OseMoraleTracker::new();
    let mut d = SuppliedDice::new([1, 1, 6, 6, 2, 2]);
    let input = OseMoraleInput::new(score(7));
    assert_eq!(
        tracker.check(&mut d, input).unwrap().outcome,
        MoraleOutcome::FightsOn
    );
    // A failure in between doesn't count towards the two passes.
    assert_eq!(
        tracker.check(&mut d, input).unwrap().outcome,
        MoraleOutcome::FleesOrSurrenders
    );
    assert!(!tracker.fights_to_the_death());
    tracker.check(&mut d, input).unwrap();
    assert!(tracker.fights_to_the_death());
    let r = tracker.check(&mut d, input).unwrap();
    assert_eq!(r.basis, MoraleBasis::PassedTwice);
    assert_eq!(r.outcome, MoraleOutcome::FightsOn);
    assert_eq!(d.remaining(), 0, "no dice after the second pass");
    assert_eq!((tracker.passes, tracker.failures), (2, 1));
}

#[test]
fn ose_morale_04_first_death_and_half_down_trigger_once_each() {
    let mut t = OseMoraleTracker::new();
    assert!(t.note_losses(6, 0, 1).unwrap().is_empty());
    assert_eq!(
        t.note_losses(6, 1, 1).unwrap(),
        vec![MoraleTrigger::FirstDeath]
    );
    assert!(t.note_losses(6, 2, 0).unwrap().is_empty());
    assert_eq!(
        t.note_losses(6, 2, 1).unwrap(),
        vec![MoraleTrigger::HalfDown]
    );
    assert!(t.note_losses(6, 4, 1).unwrap().is_empty());
    // Both at once: a single creature killed from a side of two.
    let mut t = OseMoraleTracker::new();
    assert_eq!(
        t.note_losses(2, 1, 0).unwrap(),
        vec![MoraleTrigger::FirstDeath, MoraleTrigger::HalfDown]
    );
    assert_eq!(
        t.note_losses(2, 2, 1).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    assert!(t.note_losses(0, 0, 0).is_err());
}

#[test]
fn ose_morale_05_adjustment_changes_the_score_but_never_at_2_or_12() {
    let mut d = SuppliedDice::new([4, 4, 4, 4]);
    let losing = OseMoraleInput {
        adjustment: -1,
        ..OseMoraleInput::new(score(8))
    };
    let r = check_morale(&mut d, losing).unwrap();
    assert_eq!(r.effective_score, 7);
    assert_eq!(r.outcome, MoraleOutcome::FleesOrSurrenders);
    let winning = OseMoraleInput {
        adjustment: 2,
        ..OseMoraleInput::new(score(6))
    };
    let r = check_morale(&mut d, winning).unwrap();
    assert_eq!((r.effective_score, r.outcome), (8, MoraleOutcome::FightsOn));
    for s in [2, 12] {
        let input = OseMoraleInput {
            adjustment: 2,
            ..OseMoraleInput::new(score(s))
        };
        let r = check_morale(&mut d, input).unwrap();
        assert_eq!(r.adjustment_applied, 0);
        assert_eq!(r.effective_score, i32::try_from(s).unwrap());
    }
    let too_much = OseMoraleInput {
        adjustment: 3,
        ..OseMoraleInput::new(score(8))
    };
    assert_eq!(
        check_morale(&mut d, too_much).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn ose_morale_06_mercenary_table_every_row_matches_rules_md() {
    // Copied from docs/rules.md OSE-MORALE-06.
    let rules = "\
| Untrained, militia | 6 |
| Barbarian horde | 7 |
| Trained warriors | 8 |
| Mounted | +1 |
| Elite troops | +1 |
| Fanatics, berserkers | +2 |";
    let ours: Vec<String> = MERCENARY_MORALE_TABLE
        .iter()
        .map(|row| match row.entry {
            MercenaryEntry::Base { .. } => format!("| {} | {} |", row.label, row.value),
            MercenaryEntry::Bonus { .. } => format!("| {} | +{} |", row.label, row.value),
        })
        .collect();
    assert_eq!(ours.join("\n"), rules);
    assert_eq!(
        mercenary_morale(TroopType::UntrainedMilitia, &[], 0)
            .unwrap()
            .value(),
        6
    );
    assert_eq!(
        mercenary_morale(TroopType::BarbarianHorde, &[TroopQuality::Fanatic], 0)
            .unwrap()
            .value(),
        9
    );
    // Qualities count once; working conditions move it within 2–12.
    assert_eq!(
        mercenary_morale(
            TroopType::TrainedWarriors,
            &[TroopQuality::Mounted, TroopQuality::Mounted],
            -1
        )
        .unwrap()
        .value(),
        8
    );
    assert_eq!(
        mercenary_morale(
            TroopType::TrainedWarriors,
            &[
                TroopQuality::Mounted,
                TroopQuality::Elite,
                TroopQuality::Fanatic
            ],
            3
        )
        .unwrap()
        .value(),
        12
    );
}

#[test]
fn ose_morale_06_mercenaries_check_like_monsters() {
    let mut d = SuppliedDice::new([5, 4]);
    let input = OseMoraleInput {
        subject: MoraleSubject::Mercenary,
        ..OseMoraleInput::new(score(8))
    };
    let r = check_morale(&mut d, input).unwrap();
    assert_eq!(r.basis, MoraleBasis::Rolled);
    assert_eq!(r.outcome, MoraleOutcome::FleesOrSurrenders);
}

#[test]
fn ose_morale_07_retainers_do_not_check_in_combat() {
    let mut d = SuppliedDice::new([]);
    let input = OseMoraleInput {
        subject: MoraleSubject::Retainer,
        ..OseMoraleInput::new(score(5))
    };
    let mut tracker = OseMoraleTracker::new();
    let r = tracker.check(&mut d, input).unwrap();
    assert_eq!(r.basis, MoraleBasis::RetainerNoCheck);
    assert_eq!(r.outcome, MoraleOutcome::FightsOn);
    assert_eq!(tracker.passes, 0);
}

#[test]
fn ex_ose_13_morale_examples() {
    // Morale 8: 9 flees, 8 fights on.
    let mut d = SuppliedDice::new([4, 5, 4, 4]);
    let m8 = OseMoraleInput::new(score(8));
    assert_eq!(
        check_morale(&mut d, m8).unwrap().outcome,
        MoraleOutcome::FleesOrSurrenders
    );
    assert_eq!(
        check_morale(&mut d, m8).unwrap().outcome,
        MoraleOutcome::FightsOn
    );
    // Two passed checks → no more checks.
    let mut t = OseMoraleTracker::new();
    let mut d = SuppliedDice::new([3, 3, 2, 2]);
    t.check(&mut d, m8).unwrap();
    t.check(&mut d, m8).unwrap();
    assert_eq!(t.check(&mut d, m8).unwrap().basis, MoraleBasis::PassedTwice);
    // Morale 12 with a losing side's −1: not applied.
    let m12 = OseMoraleInput {
        adjustment: -1,
        ..OseMoraleInput::new(score(12))
    };
    let r = check_morale(&mut d, m12).unwrap();
    assert_eq!((r.adjustment_applied, r.effective_score), (0, 12));
    // Trained warriors, mounted, elite → 10.
    assert_eq!(
        mercenary_morale(
            TroopType::TrainedWarriors,
            &[TroopQuality::Mounted, TroopQuality::Elite],
            0
        )
        .unwrap()
        .value(),
        10
    );
}

#[test]
fn morale_scores_round_trip_and_reject_bad_json() {
    let s: MoraleScore = serde_json::from_str("9").unwrap();
    assert_eq!(serde_json::to_string(&s).unwrap(), "9");
    assert!(serde_json::from_str::<MoraleScore>("13").is_err());
}
