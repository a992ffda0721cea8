//! Dice notation: every operator and modifier, replayed with supplied faces so each result is
//! checked exactly; normalization; options; fast path vs detailed path.

use turnkeeper::dice::{
    CryptoDice, DieResult, Expression, RollMode, RollOptions, RollResult, SeededDice, SourceKind,
    SuppliedDice, TermKind, roll, roll_total, roll_with,
};
use turnkeeper::{Error, ErrorCode};

fn with_faces(notation: &str, faces: &[u32]) -> RollResult {
    let mut dice = SuppliedDice::new(faces.iter().copied());
    let r = roll(notation, &mut dice).unwrap_or_else(|e| panic!("{notation}: {e}"));
    assert_eq!(
        dice.remaining(),
        0,
        "{notation}: every supplied face is used"
    );
    r
}

fn total(notation: &str, faces: &[u32]) -> i64 {
    with_faces(notation, faces).total
}

fn value_of(notation: &str) -> i64 {
    total(notation, &[])
}

fn err(notation: &str) -> Error {
    let mut dice = SeededDice::new(1).unwrap();
    roll(notation, &mut dice).expect_err(notation)
}

fn kept(r: &RollResult) -> Vec<bool> {
    r.dice.iter().map(|d| d.kept).collect()
}

fn norm(notation: &str) -> String {
    Expression::parse(notation).unwrap().normalized()
}

// ---- arithmetic ----

#[test]
fn integers_and_the_four_operators() {
    assert_eq!(value_of("5"), 5);
    assert_eq!(value_of("2+3"), 5);
    assert_eq!(value_of("2-3"), -1);
    assert_eq!(value_of("4*3"), 12);
    assert_eq!(value_of("12/4"), 3);
    assert_eq!(value_of("2+3*4"), 14, "* before +");
    assert_eq!(value_of("(2+3)*4"), 20, "parentheses first");
    assert_eq!(value_of("10-3-2"), 5, "left to right");
    assert_eq!(value_of("100/10/5"), 2, "left to right");
    assert_eq!(value_of("((((7))))"), 7);
}

#[test]
fn division_rounds_down_toward_negative_infinity() {
    assert_eq!(value_of("7/2"), 3);
    assert_eq!(value_of("20/3"), 6);
    assert_eq!(value_of("1/2"), 0);
    assert_eq!(value_of("-7/2"), -4, "floor, not truncation");
    assert_eq!(value_of("7/-2"), -4);
    assert_eq!(value_of("-7/-2"), 3);
    assert_eq!(value_of("-(7/2)"), -3, "unary minus binds tighter than /");
    assert_eq!(total("3d6/2", &[1, 2, 4]), 3);
}

#[test]
fn unary_minus_and_plus() {
    assert_eq!(value_of("-5"), -5);
    assert_eq!(value_of("--5"), 5);
    assert_eq!(value_of("+5"), 5);
    assert_eq!(value_of("2*-3"), -6);
    assert_eq!(value_of("2--3"), 5);
    assert_eq!(value_of("-(2+3)"), -5);
    assert_eq!(value_of("- - - 1"), -1);
}

#[test]
fn negated_dice_are_legitimate_and_total_negative() {
    // `-5d6` is the negation of 5d6 (a penalty die pool), not an error.
    let r = with_faces("-5d6", &[1, 2, 3, 4, 5]);
    assert_eq!(r.total, -15);
    assert_eq!(r.terms[0].subtotal, 15, "the term itself is positive");
    assert_eq!(r.notation, "-5d6");
}

#[test]
fn division_by_zero_is_a_typed_error_at_the_slash() {
    let e = err("1/0");
    assert_eq!(e.code, ErrorCode::DivisionByZero);
    assert_eq!(e.position, Some(1));
    let mut dice = SuppliedDice::new([1]);
    let e = roll("10 / (1d2-1)", &mut dice).unwrap_err();
    assert_eq!(e.code, ErrorCode::DivisionByZero);
    assert_eq!(e.position, Some(3));
    assert_eq!(total("10/(1d2-1)", &[2]), 10);
}

// ---- dice ----

#[test]
fn ndm_dm_and_percentile() {
    let r = with_faces("3d6", &[1, 2, 3]);
    assert_eq!(r.total, 6);
    assert_eq!(r.dice.len(), 3);
    assert!(r.dice.iter().all(|d| d.sides == 6 && d.kept));
    let r = with_faces("d8", &[8]);
    assert_eq!((r.total, r.notation.as_str()), (8, "1d8"));
    let r = with_faces("d%", &[37]);
    assert_eq!((r.total, r.dice[0].sides), (37, 100));
    assert_eq!(r.notation, "1d100");
    assert_eq!(total("0d6+1", &[]), 1, "zero dice roll nothing");
}

/// Foundry's coin (`dc`, in the dnd5e system's own compendium): a d2 read as tails 0, heads 1.
#[test]
fn coins_read_a_d2_as_tails_zero_heads_one() {
    let r = with_faces("3dc", &[1, 2, 2]);
    assert_eq!(r.total, 2);
    assert!(r.dice.iter().all(|d| !d.fudge && d.sides == 2));
    assert_eq!(
        r.dice.iter().map(|d| d.value).collect::<Vec<_>>(),
        [0, 1, 1]
    );
    assert_eq!(r.notation, "3dc");
    assert_eq!(norm("1DC"), "1dc");
    assert_eq!(total("1dc + 1", &[2]), 2);
    assert_eq!(
        total("4dccs>0", &[2, 1, 2, 2]),
        3,
        "heads counted as successes"
    );
    assert_eq!(total("2dckh", &[1, 2]), 1);
    assert_eq!(total("1dcmin1", &[1]), 1, "tails raised to 1");
    // `cs`/`cf` after a die size stay the success and failure counts.
    assert_eq!(total("2d6cs>5", &[6, 2]), 1);
    // A `c` anywhere else is still a mistake.
    assert_eq!(err("1d6c").code, ErrorCode::NotationSyntax);
    assert_eq!(err("c").code, ErrorCode::NotationSyntax);
}

#[test]
fn fudge_dice_read_a_d3_as_minus_blank_plus() {
    let r = with_faces("4dF", &[1, 2, 3, 3]);
    assert_eq!(r.total, 1);
    let values: Vec<i32> = r.dice.iter().map(|d| d.value).collect();
    assert_eq!(values, vec![-1, 0, 1, 1]);
    assert!(r.dice.iter().all(|d| d.fudge && d.sides == 3));
    assert_eq!(r.notation, "4dF");
    assert_eq!(total("4dFcs>0", &[3, 3, 1, 2]), 2);
    // Reroll blanks-and-minuses once: default reroll is on the lowest value (−1).
    assert_eq!(norm("4dfr"), "4dFr=-1");
    // Only a negative target needs its `=`; a blank (0) reads back without one.
    assert_eq!(norm("4dFr0"), "4dFr0");
    assert_eq!(total("1dFr", &[1, 1]), -1, "r rerolls once");
    assert_eq!(total("1dFrr", &[1, 1, 2]), 0, "rr keeps rerolling");
}

// ---- keep / drop ----

#[test]
fn keep_highest_drops_the_lowest_die() {
    let r = with_faces("4d6kh3", &[3, 5, 1, 6]);
    assert_eq!(r.total, 14);
    assert_eq!(kept(&r), vec![true, true, false, true]);
    assert!(r.dice[2].dropped);
    assert_eq!(total("4d6k3", &[3, 5, 1, 6]), 14, "k is kh");
    assert_eq!(total("4d6kh", &[3, 5, 1, 6]), 6, "count defaults to 1");
    assert_eq!(
        total("4d6kh9", &[3, 5, 1, 6]),
        15,
        "keeping more than rolled keeps all"
    );
    assert_eq!(total("4d6kh0", &[3, 5, 1, 6]), 0);
}

#[test]
fn keep_lowest_and_drop_highest_or_lowest() {
    assert_eq!(total("4d6kl3", &[3, 5, 1, 6]), 9);
    assert_eq!(total("4d6kl", &[3, 5, 1, 6]), 1);
    assert_eq!(total("4d6dl1", &[3, 5, 1, 6]), 14);
    assert_eq!(total("4d6dl", &[3, 5, 1, 6]), 14);
    assert_eq!(
        total("4d6d1", &[3, 5, 1, 6]),
        14,
        "bare d after a die drops lowest"
    );
    assert_eq!(total("4d6dh1", &[3, 5, 1, 6]), 9);
    assert_eq!(total("4d6dh2", &[3, 5, 1, 6]), 4);
    assert_eq!(total("4d6dl9", &[3, 5, 1, 6]), 0);
    let r = with_faces("5d6dl2", &[2, 2, 5, 1, 6]);
    assert_eq!(r.total, 13);
    assert_eq!(kept(&r), vec![false, true, true, false, true]);
}

#[test]
fn ties_drop_the_die_rolled_first() {
    // As in Foundry VTT: among equal values the earlier die is discarded.
    let r = with_faces("2d20kh1", &[7, 7]);
    assert_eq!(kept(&r), vec![false, true]);
    let r = with_faces("3d6kh1", &[4, 4, 4]);
    assert_eq!(kept(&r), vec![false, false, true]);
    let r = with_faces("3d6dh2", &[4, 4, 4]);
    assert_eq!(kept(&r), vec![false, false, true]);
}

// ---- explode ----

#[test]
fn exploding_dice_roll_again_on_the_highest_face() {
    let r = with_faces("3d6x", &[6, 2, 6, 3, 6, 1]);
    assert_eq!(r.total, 24);
    let exploded: Vec<bool> = r.dice.iter().map(|d| d.exploded).collect();
    assert_eq!(exploded, vec![true, false, true, false, true, false]);
    assert!(r.dice.iter().all(|d| d.kept));
    assert_eq!(total("1d6!", &[6, 6, 2]), 14, "! is x");
    assert_eq!(total("1d6x", &[5]), 5);
}

#[test]
fn exploding_with_a_comparison_and_once() {
    assert_eq!(total("2d6x>=5", &[5, 2, 4]), 11);
    assert_eq!(total("1d6!>4", &[5, 6, 1]), 12);
    assert_eq!(total("1d10x=10", &[10, 3]), 13);
    assert_eq!(total("1d10x9", &[9, 9, 2]), 20);
    let r = with_faces("1d6xo", &[6, 6]);
    assert_eq!(r.total, 12, "explode once: the new 6 does not explode");
    assert_eq!(
        r.dice.iter().map(|d| d.exploded).collect::<Vec<_>>(),
        vec![true, false]
    );
    assert_eq!(total("2d6xo>=5", &[5, 6, 6, 1]), 18);
}

// ---- reroll ----

#[test]
fn reroll_rr_repeats_while_the_condition_holds() {
    let r = with_faces("1d6rr1", &[1, 1, 4]);
    assert_eq!(r.total, 4);
    assert_eq!(
        r.dice.iter().map(|d| d.rerolled).collect::<Vec<_>>(),
        vec![true, true, false]
    );
    assert_eq!(kept(&r), vec![false, false, true]);
    assert_eq!(
        total("1d6rr", &[1, 3]),
        3,
        "default: reroll the lowest face"
    );
    assert_eq!(total("2d6rr<3", &[1, 5, 2, 6]), 11);
    // Foundry VTT's bare `r` rerolls once: the second 1 stands.
    assert_eq!(
        total("1d6r1", &[1, 1]),
        1,
        "r is reroll-once, as in Foundry"
    );
}

#[test]
fn reroll_once_keeps_the_new_face() {
    let r = with_faces("1d6ro1", &[1, 1]);
    assert_eq!(r.total, 1);
    assert_eq!(kept(&r), vec![false, true]);
    assert_eq!(total("1d20ro<=2", &[2, 1]), 1);
    assert_eq!(total("2d6ro<3", &[1, 5, 2]), 7);
    assert_eq!(total("1d6ro<7", &[2, 2]), 2, "once may match every face");
}

// ---- min / max ----

#[test]
fn min_and_max_change_what_a_die_counts_for() {
    let r = with_faces("d20min10", &[3]);
    assert_eq!(r.total, 10);
    assert_eq!((r.dice[0].face, r.dice[0].value), (3, 10));
    assert_eq!(total("d20min10", &[14]), 14);
    assert_eq!(total("4d6max4", &[6, 1, 5, 4]), 13);
    assert_eq!(total("2d6min2max5", &[1, 6]), 7);
}

// ---- success counting ----

/// Each die shows the value it counts for; a value changed by `min` or `max` stays changed when
/// a later die of the roll changes too.
#[test]
fn every_die_keeps_its_own_value() {
    let values = |r: &RollResult| r.dice.iter().map(|d| d.value).collect::<Vec<_>>();
    let r = with_faces("2d6min3", &[1, 2]);
    assert_eq!(values(&r), [3, 3]);
    assert_eq!(r.total, 6);
    let r = with_faces("1d6+2d6min3+1d8max5", &[1, 2, 4, 8]);
    assert_eq!(values(&r), [1, 3, 4, 5]);
    assert_eq!(r.total, 13);
}

/// Each die reports exactly what happened to it: the flags of one die never leak to another.
#[test]
fn every_die_carries_only_its_own_flags() {
    // Letters: k kept, d dropped, x exploded, r rerolled, s success, f failure.
    let flags = |r: &RollResult| -> Vec<String> {
        r.dice
            .iter()
            .map(|d| {
                [
                    (d.kept, 'k'),
                    (d.dropped, 'd'),
                    (d.exploded, 'x'),
                    (d.rerolled, 'r'),
                    (d.success, 's'),
                    (d.failure, 'f'),
                ]
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, c)| *c)
                .collect()
            })
            .collect()
    };
    assert_eq!(
        flags(&with_faces("4d6kh3", &[3, 5, 1, 6])),
        ["k", "k", "d", "k"]
    );
    assert_eq!(flags(&with_faces("2d6x", &[6, 2, 4])), ["kx", "k", "k"]);
    assert_eq!(flags(&with_faces("2d6r1", &[1, 4, 3])), ["r", "k", "k"]);
    assert_eq!(
        flags(&with_faces("3d10cs>=8cf1", &[8, 1, 5])),
        ["ks", "kf", "k"]
    );
}

#[test]
fn x_in_6_is_notation() {
    let hit = with_faces("1d6cs<=2", &[2]);
    assert_eq!(hit.total, 1);
    assert!(hit.dice[0].success);
    assert_eq!(hit.terms[0].successes, Some(1));
    assert_eq!(total("1d6cs<=2", &[3]), 0);
}

#[test]
fn counting_successes_and_failures() {
    assert_eq!(total("5d10cs>=8", &[8, 3, 10, 7, 9]), 3);
    assert_eq!(
        total("1d20cs", &[20]),
        1,
        "default success is the highest face"
    );
    assert_eq!(
        total("4d6cf", &[1, 2, 1, 6]),
        2,
        "default failure is the lowest face"
    );
    assert_eq!(total("4d6cf<3", &[1, 2, 3, 6]), 2);
    let r = with_faces("5d10cs>=8cf1", &[8, 1, 10, 1, 9]);
    assert_eq!(r.total, 1, "both: successes minus failures");
    assert_eq!(r.terms[0].successes, Some(3));
    assert_eq!(r.terms[0].failures, Some(2));
    assert_eq!(
        total("4d6kh2cs>=5", &[6, 5, 5, 1]),
        2,
        "only kept dice count"
    );
    assert_eq!(total("2d6cs6+1", &[6, 6]), 3);
}

// ---- advantage ----

#[test]
fn advantage_and_disadvantage_suffixes() {
    let r = with_faces("d20adv", &[8, 15]);
    assert_eq!(r.total, 15);
    assert_eq!(r.notation, "2d20kh1");
    let r = with_faces("1d20dis+2", &[8, 15]);
    assert_eq!(r.total, 10);
    assert_eq!(r.notation, "2d20kl1+2");
    let e = err("2d20adv");
    assert_eq!(e.code, ErrorCode::NotationSyntax);
    assert_eq!(e.position, Some(4));
    assert_eq!(err("d20advdis").position, Some(6));
}

#[test]
fn advantage_option_applies_to_the_first_d20_term() {
    let adv = RollOptions {
        mode: RollMode::Advantage,
    };
    let dis = RollOptions {
        mode: RollMode::Disadvantage,
    };
    let mut dice = SuppliedDice::new([3, 17]);
    let r = roll_with("1d20+5", &adv, &mut dice).unwrap();
    assert_eq!((r.total, r.notation.as_str()), (22, "2d20kh1+5"));
    let mut dice = SuppliedDice::new([3, 17]);
    assert_eq!(roll_with("d20+5", &dis, &mut dice).unwrap().total, 8);
    // Other modifiers stay and run first; the terms around it keep their own modifiers.
    let mut e = Expression::parse("2d8r1+1d20r1+2d4r1").unwrap();
    e.apply_mode(RollMode::Advantage).unwrap();
    assert_eq!(e.normalized(), "2d8r1+2d20r1kh1+2d4r1");
    let mut dice = SuppliedDice::new([2, 3, 1, 9, 12, 1, 2, 4]);
    assert_eq!(e.roll_total(&mut dice).unwrap(), 2 + 3 + 12 + 2 + 4);
    assert_eq!(dice.remaining(), 0);
    // Normal changes nothing; a d20 term that is not a single plain die is refused intact.
    let mut e = Expression::parse("1d20").unwrap();
    e.apply_mode(RollMode::Normal).unwrap();
    assert_eq!(e.normalized(), "1d20");
    for bad in ["3d6", "2d20kh1", "1d20kl1", "4d20"] {
        let mut e = Expression::parse(bad).unwrap();
        let before = e.clone();
        let got = e.apply_mode(RollMode::Advantage).unwrap_err();
        assert_eq!(got.code, ErrorCode::InvalidArgument, "{bad}");
        assert_eq!(e, before, "{bad} unchanged");
    }
    let opts: RollOptions = serde_json::from_str(r#"{"mode":"disadvantage"}"#).unwrap();
    assert_eq!(opts, dis);
}

/// Advantage adds a die and a modifier, so it is refused (`NOTATION_LIMIT`, the expression
/// intact) when either would pass its limit, and accepted just below.
#[test]
fn advantage_respects_the_dice_and_modifier_limits() {
    use turnkeeper::dice::limits::{MAX_DICE, MAX_MODIFIERS_PER_TERM};
    let rerolls = |n: u32| format!("1d20{}", "r1".repeat(n as usize));
    let plenty = |n: u32| format!("{}d6+1d20", n - 1);
    for (text, fits) in [
        (rerolls(MAX_MODIFIERS_PER_TERM - 1), true),
        (rerolls(MAX_MODIFIERS_PER_TERM), false),
        (plenty(MAX_DICE - 1), true),
        (plenty(MAX_DICE), false),
    ] {
        let mut e = Expression::parse(&text).unwrap();
        let before = e.clone();
        match e.apply_mode(RollMode::Advantage) {
            Ok(()) => assert!(fits, "{text} should pass a limit"),
            Err(err) => {
                assert!(!fits, "{text}: {err}");
                assert_eq!(err.code, ErrorCode::NotationLimit, "{text}");
                assert_eq!(e, before, "{text} unchanged");
            }
        }
    }
}

// ---- chaining ----

/// Plain terms before and after a term with modifiers: each die keeps its own flags and value
/// (the record switches from its compact form when the first modified die arrives).
#[test]
fn plain_terms_around_modified_ones_report_their_own_dice() {
    let r = with_faces(
        "1d8+2d6kh1+2d4+2d6kl1+1d6min3+1d4+1d6max4",
        &[7, 2, 5, 1, 3, 4, 6, 1, 2, 6],
    );
    assert_eq!(r.total, 7 + 5 + 1 + 3 + 4 + 3 + 2 + 4);
    assert_eq!(
        kept(&r),
        [true, false, true, true, true, true, false, true, true, true]
    );
    let dropped: Vec<bool> = r.dice.iter().map(|d| d.dropped).collect();
    assert_eq!(
        dropped,
        [
            false, true, false, false, false, false, true, false, false, false
        ]
    );
    let values: Vec<i32> = r.dice.iter().map(|d| d.value).collect();
    assert_eq!(values, [7, 2, 5, 1, 3, 4, 6, 3, 2, 4]);
    let terms: Vec<u32> = r.dice.iter().map(|d| d.term).collect();
    assert_eq!(terms, [0, 1, 1, 2, 2, 3, 3, 4, 5, 6]);
}

#[test]
fn modifiers_apply_in_the_order_written() {
    // Reroll 1s, then keep 3: the reroll happens before anything is dropped.
    let r = with_faces("4d6r1kh3", &[1, 3, 5, 4, 6]);
    assert_eq!(r.total, 15);
    assert_eq!(kept(&r), vec![false, false, true, true, true]);
    assert!(r.dice[0].rerolled && r.dice[1].dropped);
    // Keep 3 first: the 1 is already dropped, so nothing is rerolled.
    let mut dice = SuppliedDice::new([1, 3, 5, 4, 2]);
    assert_eq!(roll("4d6kh3r1", &mut dice).unwrap().total, 12);
    assert_eq!(dice.remaining(), 1);
    // Explode, then keep the best two of everything rolled.
    assert_eq!(total("3d6xkh2", &[6, 2, 3, 5]), 11);
    // min before counting.
    assert_eq!(total("3d6min4cs>=4", &[1, 2, 6]), 3);
}

// ---- whitespace and case ----

#[test]
fn case_insensitive_and_whitespace_tolerant_outside_dice_terms() {
    assert_eq!(total(" 4D6KH3 + 2 ", &[3, 5, 1, 6]), 16);
    assert_eq!(total("\t( 1d4 )\n*\u{a0}2", &[3]), 6);
    assert_eq!(total("1D20ADV", &[2, 9]), 9);
    assert_eq!(total("1d6X>=5", &[5, 1]), 6);
    // Inside a dice term spaces are refused, so `2d6 d8` is not silently `2d6d8`.
    for (bad, pos) in [
        ("4 d6", 2),
        ("1d 6", 3),
        ("4d6 kh3", 4),
        ("2d6 d8", 4),
        ("1d6x >=5", 5),
    ] {
        let e = err(bad);
        assert_eq!(
            (e.code, e.position),
            (ErrorCode::NotationSyntax, Some(pos)),
            "{bad}: {e}"
        );
    }
}

// ---- normalization ----

#[test]
fn normalized_notation() {
    let cases = [
        ("4D6KH3 + 2", "4d6kh3+2"),
        (" d20 ", "1d20"),
        ("d%", "1d100"),
        ("4d6k", "4d6kh1"),
        ("4d6d", "4d6dl1"),
        ("1d6!", "1d6x6"),
        ("1d6x>=5", "1d6x>=5"),
        ("1d6x=6", "1d6x6"),
        ("2d6XO", "2d6xo6"),
        ("1d20rr", "1d20rr1"),
        ("1d20r", "1d20r1"),
        ("1d20RO<=2", "1d20r<=2"),
        ("d20adv", "2d20kh1"),
        ("d20dis", "2d20kl1"),
        ("1d20cs", "1d20cs20"),
        ("6d6cf", "6d6cf1"),
        ("d20min10", "1d20min10"),
        ("4df", "4dF"),
        ("( 1 + 2 ) * 3", "(1+2)*3"),
        ("+5", "5"),
        ("- -5", "--5"),
        ("2 - -1d4", "2--1d4"),
        ("-5d6", "-5d6"),
        ("10 / 3", "10/3"),
    ];
    for (text, expected) in cases {
        let e = Expression::parse(text).unwrap();
        assert_eq!(e.normalized(), expected, "{text}");
        assert_eq!(e.to_string(), expected);
        // Normalizing is idempotent, and the normalized text means the same thing.
        let again = Expression::parse(expected).unwrap();
        assert_eq!(again.normalized(), expected);
        let a = e.roll_total(&mut SeededDice::new(9).unwrap()).unwrap();
        let b = again.roll_total(&mut SeededDice::new(9).unwrap()).unwrap();
        assert_eq!(a, b, "{text}");
    }
    let parsed: Expression = "2d6+1".parse().unwrap();
    assert_eq!(parsed.dice_count(), 2);
    assert_eq!(parsed.term_count(), 2);
}

// ---- result data ----

#[test]
fn results_carry_terms_dice_and_source() {
    let r = with_faces("2d6+3-1d4kh1", &[2, 5, 4]);
    assert_eq!(r.total, 2 + 5 + 3 - 4);
    assert_eq!(r.source, SourceKind::Supplied);
    let terms: Vec<(TermKind, &str, i64)> = r
        .terms
        .iter()
        .map(|t| (t.kind, t.notation.as_str(), t.subtotal))
        .collect();
    assert_eq!(
        terms,
        vec![
            (TermKind::Dice, "2d6", 7),
            (TermKind::Number, "3", 3),
            (TermKind::Dice, "1d4kh1", 4),
        ]
    );
    assert_eq!(
        r.dice.iter().map(|d| d.term).collect::<Vec<_>>(),
        vec![0, 0, 2]
    );
    assert_eq!(r.faces(), vec![2, 5, 4]);
    assert_eq!(r.rolled()[2].sides, 4);

    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["notation"], "2d6+3-1d4kh1");
    assert_eq!(json["source"], "supplied");
    assert_eq!(json["terms"][0]["kind"], "dice");
    assert!(json["terms"][0].get("successes").is_none());
    assert_eq!(json["dice"][0]["face"], 2);
    assert_eq!(json["dice"][0]["kept"], true);
    let back: RollResult = serde_json::from_value(json).unwrap();
    assert_eq!(back, r);
    let one: DieResult = r.dice[0];
    assert_eq!(one.rolled().face, 2);

    let mut seeded = SeededDice::new(5).unwrap();
    assert_eq!(roll("1d6", &mut seeded).unwrap().source, SourceKind::Seeded);
    let r = roll("1d6", &mut CryptoDice::new()).unwrap();
    assert_eq!(r.source, SourceKind::Crypto);
    assert!((1..=6).contains(&r.total));
}

#[test]
fn fast_path_and_detailed_path_agree_and_use_the_same_faces() {
    let notations = [
        "4d6kh3+2",
        "1d20",
        "1000d6",
        "2d20kh1+5",
        "3d6+1d8+4",
        "10d6x>=5kh4",
        "8d10r<3cs>=7cf1",
        "d20min10*2-(1d4/2)",
        "4dF+20d6dl3dh3",
        "5d8ro1xo8max6",
        "40d6kh20",
    ];
    for (seed, n) in notations.iter().enumerate() {
        let e = Expression::parse(n).unwrap();
        for round in 0..20u64 {
            let s = seed as u64 * 1000 + round;
            let mut a = SeededDice::new(s).unwrap();
            let mut b = SeededDice::new(s).unwrap();
            let fast = e.roll_total(&mut a).unwrap();
            let detailed = e.roll(&mut b).unwrap();
            assert_eq!(fast, detailed.total, "{n} seed {s}");
            assert_eq!(a.state(), b.state(), "{n}: same number of draws");
            // Replaying the reported faces reproduces the roll exactly.
            let mut replay = SuppliedDice::new(detailed.faces());
            assert_eq!(
                e.roll(&mut replay).unwrap(),
                RollResult {
                    source: SourceKind::Supplied,
                    ..detailed
                }
            );
        }
    }
    let mut s = SeededDice::new(3).unwrap();
    let t = roll_total("2d6+1", &mut s).unwrap();
    assert!((3..=13).contains(&t));
}

#[test]
fn source_errors_point_at_the_term() {
    let mut dice = SuppliedDice::new([3]);
    let e = roll("1 + 2d6", &mut dice).unwrap_err();
    assert_eq!((e.code, e.position), (ErrorCode::FacesExhausted, Some(4)));
    let mut dice = SuppliedDice::new([7]);
    let e = roll("1d6", &mut dice).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidFace);
}
