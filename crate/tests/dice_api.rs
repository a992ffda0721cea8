//! The dice module's smaller public pieces that the notation tests do not reach: term signs
//! for damage split by type, die sizes by side count, countdown accessors and limits, pool
//! failure counting, modifier limits on a pool, and the dice sources used through
//! `DiceSource` and through a `&mut` borrow.

use turnkeeper::ErrorCode;
use turnkeeper::dice::{
    Countdown, CountdownSpeed, CryptoDice, DiceSource, DieRoller, DieSize, Expression, SeededDice,
    SourceKind, SuppliedDice,
};

fn signs(text: &str) -> Option<Vec<i8>> {
    Expression::parse(text).unwrap().term_signs()
}

/// A sum of terms gives each term's sign; flavor text between a term and its operator does
/// not change it. Anything else (a product, parentheses, a function, a leading sign) gives
/// `None`, because a term's share of the total is then not its own subtotal.
#[test]
fn term_signs_of_sums_only() {
    assert_eq!(signs("1d6"), Some(vec![1]));
    assert_eq!(signs("2d6[fire] + 1d8[cold] - 1"), Some(vec![1, 1, -1]));
    assert_eq!(signs("3 - 1d4 - 2d6[acid] + 1"), Some(vec![1, -1, -1, 1]));
    for not_a_sum in [
        "{1d6, 2}kh1 + 1",
        "2 * 1d6",
        "1d6 * 2 + 1",
        "(1d6 + 1)",
        "floor(1d6 / 2)",
        "-1d6 + 2",
        "1d6 / 2",
    ] {
        assert_eq!(signs(not_a_sum), None, "{not_a_sum}");
    }
}

/// Every standard size is found by its side count; any other count is refused.
#[test]
fn die_sizes_by_side_count() {
    for size in DieSize::ALL {
        assert_eq!(DieSize::from_sides(size.sides()).unwrap(), size);
    }
    for sides in [0, 1, 5, 7, 30, 101] {
        let err = DieSize::from_sides(sides).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument, "d{sides}");
        assert!(
            err.message.contains(&format!("d{sides}")),
            "{}",
            err.message
        );
    }
}

/// A5E-COUNT-01: a countdown keeps its speed; an empty pool takes no rolls to empty; a pool
/// read from a record holding more dice than the limit is refused when rolled, unchanged.
#[test]
fn a5e_count_01_countdown_accessors_and_limits() {
    for speed in CountdownSpeed::ALL {
        let c = Countdown::new(4, speed).unwrap();
        assert_eq!(c.speed(), speed);
        assert_eq!(c.dice(), 4);
        assert_eq!(turnkeeper::dice::countdown::expected_rolls(0, speed), 0.0);
        assert!(turnkeeper::dice::countdown::expected_rolls(1, speed) > 0.0);
    }
    let json = r#"{"dice":1001,"speed":"slow","rolls":0,"stopped":false,"unstoppable":false}"#;
    let mut c: Countdown = serde_json::from_str(json).unwrap();
    let before = c.clone();
    let err = c.roll(&mut SuppliedDice::new([1; 1001])).unwrap_err();
    assert_eq!(err.code, ErrorCode::LimitExceeded);
    assert_eq!(c, before);
    let json = r#"{"dice":1000,"speed":"slow","rolls":0,"stopped":false,"unstoppable":false}"#;
    let mut c: Countdown = serde_json::from_str(json).unwrap();
    let rolled = c.roll(&mut SuppliedDice::new([6; 1000])).unwrap();
    assert_eq!(rolled.removed, 1000);
    assert!(c.is_expired());
}

/// A pool counting only failures totals the failures; with successes it is their difference.
#[test]
fn pools_count_failures() {
    let total = |text: &str, faces: &[u32]| {
        Expression::parse(text)
            .unwrap()
            .roll_total(&mut SuppliedDice::new(faces.iter().copied()))
            .unwrap()
    };
    assert_eq!(total("{1d10, 1d10, 1d10}cf<3", &[1, 2, 9]), 2);
    assert_eq!(total("{1d10, 1d10, 1d10}cs>8cf<3", &[1, 9, 10]), 1);
    assert_eq!(total("{1d10, 1d10, 1d10}cs>8", &[1, 9, 10]), 2);
}

/// A pool takes `d` (drop lowest) as well as `dl`, and at most the documented number of
/// modifiers.
#[test]
fn pool_modifiers_and_their_limit() {
    let dropped = Expression::parse("{1d6, 1d6, 1d6}d1").unwrap();
    assert_eq!(dropped.normalized(), "{1d6,1d6,1d6}dl1");
    assert_eq!(
        dropped
            .roll_total(&mut SuppliedDice::new([2, 5, 6]))
            .unwrap(),
        11
    );
    let max = turnkeeper::dice::limits::MAX_MODIFIERS_PER_TERM as usize;
    let at = format!("{{1d6,1d6}}{}", "kh2".repeat(max));
    assert!(Expression::parse(&at).is_ok(), "{at}");
    let past = format!("{{1d6,1d6}}{}", "kh2".repeat(max + 1));
    let err = Expression::parse(&past).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotationLimit);
}

/// Rolls through `R`'s own implementation; called with `&mut source`, that is the one for
/// `&mut T`.
fn through_borrow<R: DieRoller>(mut r: R, sides: u32, out: &mut [u32]) -> SourceKind {
    r.roll_dice(sides, out).unwrap();
    let one = r.roll_die(sides).unwrap();
    assert!((1..=sides).contains(&one));
    r.kind()
}

/// `DiceSource` passes each roll to the source it holds, and names it; a `&mut` borrow of a
/// source rolls the same faces as the source itself.
#[test]
fn dice_sources_roll_through_the_enum_and_through_a_borrow() {
    let mut seeded = SeededDice::new(42).unwrap();
    let mut expected = [0u32; 9];
    seeded.roll_dice(20, &mut expected).unwrap();

    let mut source = DiceSource::seeded(42).unwrap();
    let mut out = [0u32; 9];
    source.roll_dice(20, &mut out).unwrap();
    assert_eq!(out, expected);
    assert_eq!(source.kind(), SourceKind::Seeded);

    let mut source = DiceSource::seeded(42).unwrap();
    let mut out = [0u32; 9];
    assert_eq!(
        through_borrow(&mut source, 20, &mut out),
        SourceKind::Seeded
    );
    assert_eq!(out, expected);

    let mut source = DiceSource::supplied([3, 1, 4, 1]);
    let mut out = [0u32; 3];
    assert_eq!(
        through_borrow(&mut source, 6, &mut out),
        SourceKind::Supplied
    );
    assert_eq!(out, [3, 1, 4]);

    let mut source = DiceSource::crypto();
    let mut out = [0u32; 50];
    assert_eq!(
        through_borrow(&mut source, 12, &mut out),
        SourceKind::Crypto
    );
    assert!(out.iter().all(|f| (1..=12).contains(f)), "{out:?}");
}

/// Crypto dice of sides that do not pack several faces into a word still fill every slot
/// with a face in range.
#[test]
fn crypto_dice_fill_large_dice_in_range() {
    let mut crypto = CryptoDice::new();
    for sides in [1_000_000u32, 65_537, 3] {
        let mut out = vec![0u32; 300];
        crypto.roll_dice(sides, &mut out).unwrap();
        assert!(out.iter().all(|f| (1..=sides).contains(f)), "d{sides}");
        let distinct: std::collections::BTreeSet<_> = out.iter().collect();
        assert!(distinct.len() > 1, "d{sides}: {out:?}");
    }
}

/// `r` with no comparison rerolls the lowest face until another shows, on both the total-only
/// path and the detailed one.
#[test]
fn reroll_without_a_comparison_rerolls_the_lowest_face() {
    let e = Expression::parse("2d6r").unwrap();
    let faces = [1, 1, 4, 5];
    assert_eq!(e.roll_total(&mut SuppliedDice::new(faces)).unwrap(), 9);
    let rolled = e.roll(&mut SuppliedDice::new(faces)).unwrap();
    assert_eq!(rolled.total, 9);
    assert_eq!(rolled.dice.len(), 4, "every face rolled is reported");
    let e = Expression::parse("{2d6r, 1}kh1").unwrap();
    assert_eq!(e.roll_total(&mut SuppliedDice::new(faces)).unwrap(), 9);
}

/// A dice spec (the typed dice a rule rolls, such as a healing die) validates its count and
/// modifier at their exact limits, rolls its dice in order and totals them with the modifier.
#[test]
fn dice_specs_validate_roll_and_total() {
    use turnkeeper::dice::DiceSpec;
    use turnkeeper::dice::limits::{MAX_SPEC_DICE, MAX_SPEC_MODIFIER};
    assert!(DiceSpec::new(MAX_SPEC_DICE, DieSize::D6).validate().is_ok());
    assert!(DiceSpec::new(0, DieSize::D6).validate().is_ok());
    for sign in [1, -1] {
        let at = DiceSpec::new(1, DieSize::D6).plus(sign * MAX_SPEC_MODIFIER);
        assert!(at.validate().is_ok(), "{at:?}");
        let past = DiceSpec::new(1, DieSize::D6).plus(sign * (MAX_SPEC_MODIFIER + 1));
        assert_eq!(
            past.validate().unwrap_err().code,
            ErrorCode::InvalidArgument
        );
    }
    let too_many = DiceSpec::new(MAX_SPEC_DICE + 1, DieSize::D6);
    assert_eq!(
        too_many.validate().unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    let mut faces = SuppliedDice::new([1]);
    assert_eq!(
        too_many.roll(&mut faces).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    assert_eq!(faces.used(), 0, "a refused spec rolls nothing");

    let spec = DiceSpec::new(3, DieSize::D8).plus(-4);
    assert_eq!(spec.modifier, -4);
    let dice = spec.roll(&mut SuppliedDice::new([8, 2, 5])).unwrap();
    let rolled: Vec<(u32, u32)> = dice.iter().map(|d| (d.sides, d.face)).collect();
    assert_eq!(rolled, vec![(8, 8), (8, 2), (8, 5)]);
    assert_eq!(spec.total(&dice), 11);
    assert_eq!(DiceSpec::new(0, DieSize::D4).plus(3).total(&[]), 3);
}

/// Formula data values are used up to ±(2^53 − 1), the largest whole numbers a JS number
/// holds exactly; one more is a limit error.
#[test]
fn formula_data_values_reach_the_largest_exact_integer() {
    let max = 9_007_199_254_740_991.0_f64;
    for (value, ok) in [
        (max, true),
        (-max, true),
        (max + 1.0, false),
        (-max - 1.0, false),
    ] {
        let data = serde_json::json!({ "n": value });
        match Expression::parse_with_data("@n", &data) {
            Ok(e) => {
                assert!(ok, "{value}");
                assert_eq!(
                    e.roll_total(&mut SuppliedDice::new([])).unwrap(),
                    value as i64
                );
            }
            Err(e) => {
                assert!(!ok, "{value}: {e}");
                assert_eq!(e.code, ErrorCode::NotationLimit);
            }
        }
    }
}

/// Advantage and disadvantage: the same mode twice stays that mode, normal adds nothing, and
/// the two cancel, whichever way round (every pair, by `combine` and by `with`).
#[test]
fn roll_modes_combine_and_cancel() {
    use turnkeeper::dice::RollMode::{self, Advantage, Disadvantage, Normal};
    let all = [Normal, Advantage, Disadvantage];
    for a in all {
        for b in all {
            let expected = match (a, b) {
                (Normal, x) | (x, Normal) => x,
                (x, y) if x == y => x,
                _ => Normal,
            };
            assert_eq!(a.combine(b), expected, "{a:?} + {b:?}");
            let with = a.with(b == Advantage, b == Disadvantage);
            assert_eq!(with, expected, "{a:?} with {b:?}");
        }
        assert_eq!(a.is_normal(), a == Normal);
    }
    assert_eq!(RollMode::from_sources(true, false), Advantage);
    assert_eq!(RollMode::from_sources(false, true), Disadvantage);
    assert_eq!(RollMode::from_sources(false, false), Normal);
    assert_eq!(RollMode::from_sources(true, true), Normal);
    assert_eq!(Advantage.with(true, true), Normal);
}

/// A roll-off takes from 1 to MAX_ROLL_OFF_ENTRANTS entrants: the limit itself is accepted,
/// one more (or none) refused before any die is rolled.
#[test]
fn roll_off_entrants_reach_their_limit() {
    use turnkeeper::dice::limits::MAX_ROLL_OFF_ENTRANTS;
    use turnkeeper::dice::{RollOffConfig, roll_off};
    let config = RollOffConfig::default();
    let mut seeded = SeededDice::new(3).unwrap();
    let r = roll_off(MAX_ROLL_OFF_ENTRANTS, &config, &mut seeded).unwrap();
    assert_eq!(r.order.len(), MAX_ROLL_OFF_ENTRANTS as usize);
    for entrants in [0, MAX_ROLL_OFF_ENTRANTS + 1] {
        let mut faces = SuppliedDice::new([1, 2, 3]);
        let err = roll_off(entrants, &config, &mut faces).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument, "{entrants}");
        assert_eq!(faces.used(), 0);
    }
}
