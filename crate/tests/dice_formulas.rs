//! Foundry VTT formulas where their syntax overlaps ours: `@path` data, dice counts and sizes in
//! parentheses, pools, flavor tags, math functions, and the explode / reroll spellings; each
//! rolled with supplied faces so the outcome is checked exactly, and the hostile forms of each.

use serde_json::json;
use turnkeeper::dice::{
    DataValue, Expression, FormulaData, RollResult, SeededDice, SuppliedDice, TermKind,
};
use turnkeeper::{Error, ErrorCode};

fn data() -> serde_json::Value {
    json!({
        "prof": 3,
        "level": 5,
        "zero": 0,
        "abilities": { "str": { "mod": 4 }, "dex": { "mod": -1 } },
        "die": 8,
        "power": "6",
        "name": "Ragnar",
        "half": 2.5,
        "empty": null,
        "items": [{ "uses": 2 }],
        "flags": { "my-module": { "bonus": 1 } },
    })
}

fn rolled(formula: &str, faces: &[u32]) -> RollResult {
    let expr =
        Expression::parse_with_data(formula, &data()).unwrap_or_else(|e| panic!("{formula}: {e}"));
    let mut dice = SuppliedDice::new(faces.iter().copied());
    let r = expr
        .roll(&mut dice)
        .unwrap_or_else(|e| panic!("{formula}: {e}"));
    assert_eq!(dice.remaining(), 0, "{formula}: every face is used");
    r
}

fn total(formula: &str, faces: &[u32]) -> i64 {
    rolled(formula, faces).total
}

fn norm(formula: &str) -> String {
    Expression::parse_with_data(formula, &data())
        .unwrap_or_else(|e| panic!("{formula}: {e}"))
        .normalized()
}

fn err(formula: &str) -> Error {
    match Expression::parse_with_data(formula, &data()) {
        Err(e) => e,
        Ok(expr) => expr
            .roll(&mut SeededDice::new(1).unwrap())
            .expect_err(formula),
    }
}

fn assert_err(formula: &str, code: ErrorCode, position: usize) {
    let e = err(formula);
    assert_eq!(
        (e.code, e.position),
        (code, Some(position)),
        "{formula}: {e}"
    );
}

// ---- @data ----

#[test]
fn data_paths_are_looked_up_in_nested_objects() {
    assert_eq!(total("1d20 + @prof", &[12]), 15);
    assert_eq!(total("1d20+@abilities.str.mod+@prof", &[10]), 17);
    assert_eq!(total("1d20 + @abilities.dex.mod", &[10]), 9);
    assert_eq!(total("@items.0.uses * 2", &[]), 4, "list index");
    assert_eq!(
        total("@flags.my-module.bonus + 1", &[]),
        2,
        "a hyphen before a letter"
    );
    assert_eq!(
        total("@prof-1", &[]),
        2,
        "a hyphen before a digit subtracts"
    );
    assert_eq!(total("1d20 + @power", &[1]), 7, "a numeric string counts");
    assert_eq!(norm("1d20 + @prof"), "1d20+3");
    assert_eq!(norm("1d20+@abilities.dex.mod"), "1d20+-1");
    assert_eq!(
        norm("1d20 + @zero"),
        "1d20+0",
        "zero is not a negated number"
    );
    // The normalized text reads back to the same roll without data.
    let again = Expression::parse("1d20+-1").unwrap();
    assert_eq!(again.roll_total(&mut SuppliedDice::new([10])).unwrap(), 9);
}

#[test]
fn missing_and_non_numeric_data_are_typed_errors_at_the_at_sign() {
    assert_err("1d20 + @nope", ErrorCode::NotationData, 7);
    assert_err("1d20 + @abilities.wis.mod", ErrorCode::NotationData, 7);
    assert_err("@name", ErrorCode::NotationData, 0);
    assert_err("@abilities", ErrorCode::NotationData, 0);
    assert_err("2 * @half", ErrorCode::NotationData, 4);
    assert_err("@empty", ErrorCode::NotationData, 0);
    // A null counts as no value at all, not as a value of the wrong kind.
    assert_eq!(err("@empty").message, "the data has no value at @empty");
    // Text is put into the formula; text that is no formula is the data's fault.
    assert_eq!(
        err("@name").message,
        "the value at @name (\"Ragnar\") does not read as a formula: expected a number, a die or '(' but found the modifier 'r'"
    );
    assert_eq!(
        err("@abilities").message,
        "the value at @abilities is neither a number nor formula text"
    );
    assert_err("@", ErrorCode::NotationSyntax, 0);
    assert_err("1d20 + @ prof", ErrorCode::NotationSyntax, 7);
    // Without data every path is missing.
    let e = Expression::parse("1d20 + @prof").unwrap_err();
    assert_eq!((e.code, e.position), (ErrorCode::NotationData, Some(7)));
    let huge = json!({ "n": 1e300 });
    let e = Expression::parse_with_data("@n", &huge).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotationLimit);
    assert!(e.message.contains("@n"));
    // Only digits (with one sign) count as a number in text: Rust's own float syntax does not.
    let text = json!({ "a": "1e3", "b": "inf", "c": "2.0", "d": " -7 ", "e": "+", "f": "" });
    for path in ["a", "b", "c", "e", "f"] {
        let e = Expression::parse_with_data(&format!("@{path}"), &text).unwrap_err();
        assert_eq!(e.code, ErrorCode::NotationData, "@{path}");
    }
    let d = Expression::parse_with_data("@d", &text).unwrap();
    assert_eq!(d.roll_total(&mut SuppliedDice::new([])).unwrap(), -7);
}

/// The flat table the package sends across the boundary (paths one per line, values beside
/// them): NaN stands for a path without a value, an infinity for a value that is no number.
#[test]
fn formula_data_as_a_flat_table() {
    use turnkeeper::dice::data::DataTable;
    let values = [3.0, f64::NAN, f64::INFINITY, -2.0];
    let table = DataTable {
        paths: "prof\nmissing\nname\nabilities.str.mod",
        values: &values,
        texts: "",
    };
    let e = Expression::parse_with_data("1d20 + @prof + @abilities.str.mod", &table).unwrap();
    assert_eq!(e.normalized(), "1d20+3+-2");
    for (text, why) in [
        ("@missing", "the data has no value at @missing"),
        (
            "@name",
            "the value at @name is neither a number nor formula text",
        ),
        ("@nowhere", "the data has no value at @nowhere"),
    ] {
        let e = Expression::parse_with_data(text, &table).unwrap_err();
        assert_eq!(
            (e.code, e.position),
            (ErrorCode::NotationData, Some(0)),
            "{text}"
        );
        assert_eq!(e.message, why, "{text}");
    }
    // A path is matched whole, never by its beginning.
    let e = Expression::parse_with_data("@pro", &table).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotationData);
}

#[test]
fn data_can_come_from_any_lookup() {
    struct Level;
    impl FormulaData for Level {
        fn lookup(&self, path: &str) -> DataValue<'_> {
            match path {
                "level" => DataValue::Number(7.0),
                "class" => DataValue::NotNumeric,
                _ => DataValue::Missing,
            }
        }
    }
    let e = Expression::parse_with_data("(@level)d6", &Level).unwrap();
    assert_eq!(e.normalized(), "7d6");
    let pairs = [("a", 2.0), ("b", 3.0)];
    // Each path finds its own pair (an order-blind formula could not tell).
    let e = Expression::parse_with_data("@a*10+@b", &pairs).unwrap();
    assert_eq!(e.roll_total(&mut SuppliedDice::new([])).unwrap(), 23);
    assert_eq!(
        Expression::parse_with_data("@class", &Level)
            .unwrap_err()
            .code,
        ErrorCode::NotationData
    );
}

// ---- parentheses as dice counts, sizes and targets ----

#[test]
fn dice_counts_sizes_and_targets_in_parentheses() {
    assert_eq!(norm("(@level)d6"), "5d6");
    assert_eq!(norm("(1+2)d(4*2)"), "3d8");
    assert_eq!(norm("1d(@die)"), "1d8");
    assert_eq!(norm("(@level)d6kh2"), "5d6kh2");
    assert_eq!(norm("(floor(@level/2))d6"), "2d6");
    assert_eq!(norm("(ceil(@level/2))d6"), "3d6");
    assert_eq!(norm("3d12cs<=(@power)"), "3d12cs<=6");
    assert_eq!(total("(1+2)d(4*2)", &[8, 1, 4]), 13);
    assert_eq!(total("3d12cs<=(@power)", &[6, 7, 1]), 2);
    // A target in parentheses may work out negative: `(1-3)` is -2, which every d6 beats.
    assert_eq!(norm("6d6cs>(1-3)"), "6d6cs>-2");
    assert_eq!(total("6d6cs>(1-3)", &[1, 2, 3, 4, 5, 6]), 6);
    assert_eq!(total("(0)d6 + 1", &[]), 1);
}

#[test]
fn hostile_parenthetical_counts_and_sizes() {
    assert_err("(20000)d6", ErrorCode::NotationLimit, 0);
    assert_err("(0-1)d6", ErrorCode::NotationLimit, 0);
    assert_err("1d(0)", ErrorCode::NotationLimit, 2);
    assert_err("1d(2000000)", ErrorCode::NotationLimit, 2);
    assert_err("(1/0)d6", ErrorCode::DivisionByZero, 2);
    assert_err("(5000)d6+(5001)d6", ErrorCode::NotationLimit, 9);
    assert_err("1d20cs>(2000000)", ErrorCode::NotationLimit, 7);
    // A target in parentheses is still worked out before rolling: no dice in it.
    assert_err("3d12cs>(4d6)", ErrorCode::NotationSyntax, 7);
    // A sign after the operator belongs to a number; a negative group is written `(-1)`.
    assert_err("6d6cs>-(1)", ErrorCode::NotationSyntax, 7);
    assert_eq!(norm("6d6cs>(-1)"), "6d6cs>-1");
    // Depth still counts every parenthesis.
    let deep = format!("{}1{}d6", "(".repeat(65), ")".repeat(65));
    assert_eq!(
        Expression::parse(&deep).unwrap_err().code,
        ErrorCode::NotationLimit
    );
    let ok = format!("{}1{}d6", "(".repeat(64), ")".repeat(64));
    assert_eq!(Expression::parse(&ok).unwrap().normalized(), "1d6");
    // A right-nested sum keeps a value pending per level: as many as 60 at once, on either
    // side of the evaluator's small on-stack buffer.
    for depth in [15, 16, 17, 60] {
        let nested = format!("{}1{}", "1d1+(".repeat(depth), ")".repeat(depth));
        let faces = vec![1; depth];
        assert_eq!(total(&nested, &faces), depth as i64 + 1, "{nested}");
    }
}

// ---- counts and sizes rolled first (Foundry's parenthetical terms) ----

/// The term each die of a roll belongs to, and its sides and face.
fn dice_of(r: &RollResult) -> Vec<(u32, u32, u32)> {
    r.dice.iter().map(|d| (d.term, d.sides, d.face)).collect()
}

#[test]
fn foundry_parenthetical_dice_are_rolled_first() {
    // Foundry's examples (Advanced Dice, "Parentheses"): `(2d4)d8` rolls two to eight d8,
    // `1d(1d20)` one die of 1d20 sides, `(1d20*2)d(1d10)` twice a d20's dice of 1d10 sides.
    let r = rolled("(2d4)d8", &[3, 1, 8, 7, 6, 5]);
    assert_eq!(r.total, 26);
    assert_eq!(
        dice_of(&r),
        [
            (0, 4, 3),
            (0, 4, 1),
            (1, 8, 8),
            (1, 8, 7),
            (1, 8, 6),
            (1, 8, 5)
        ],
        "the inner dice first, in roll order, each reported"
    );
    assert_eq!(r.terms.len(), 2);
    assert_eq!(r.terms[0].subtotal, 4);
    assert_eq!(r.terms[0].notation, "2d4");
    assert_eq!(r.terms[1].subtotal, 26);
    assert_eq!(r.terms[1].notation, "d8");
    assert_eq!(r.notation, "(2d4)d8");
    assert_eq!(r.to_string(), "(2d4 [3, 1])d8 [8, 7, 6, 5] = 26");

    let r = rolled("1d(1d20)", &[13, 9]);
    assert_eq!(r.total, 9);
    assert_eq!(dice_of(&r), [(0, 20, 13), (1, 13, 9)]);
    assert_eq!(r.terms[1].notation, "1d(1d20)");
    assert_eq!(r.to_string(), "1d(1d20 [13]) [9] = 9");

    let r = rolled("(1d20*2)d(1d10)", &[2, 6, 1, 2, 3, 4]);
    assert_eq!(r.total, 10);
    assert_eq!(
        dice_of(&r),
        [
            (0, 20, 2),
            (2, 10, 6),
            (3, 6, 1),
            (3, 6, 2),
            (3, 6, 3),
            (3, 6, 4)
        ],
        "count, then size, then the dice they make"
    );
    assert_eq!(r.notation, "(1d20*2)d(1d10)");

    // The issue's forms, with modifiers, flavors, data, functions and pools around them.
    assert_eq!(total("(1d4+1)d6", &[2, 6, 5, 4]), 15);
    assert_eq!(total("d(1d6+2)", &[4, 5]), 5);
    assert_eq!(total("(1d4)d6kh1 + 2", &[3, 2, 6, 4]), 8);
    assert_eq!(total("(1d2)d(1d4)x", &[2, 3, 3, 1, 2]), 6);
    assert_eq!(total("(1d4)d6[fire]", &[1, 5]), 5);
    assert_eq!(total("(@prof + 1d4)d6", &[1, 1, 1, 1, 1]), 4);
    assert_eq!(total("floor((2d4)d6 / 2)", &[1, 1, 6, 3]), 4);
    assert_eq!(total("({1d4, 1d4}kh)d6", &[1, 2, 6, 6]), 12);
    assert_eq!(total("-(1d2)d6", &[1, 4]), -4);
    assert_eq!(
        total("(1d4-1)d6 + 1", &[1]),
        1,
        "no dice when the count rolls 0"
    );
    assert_eq!(
        total("1d(1d(1d4))", &[2, 2, 1]),
        1,
        "nested sizes, innermost first"
    );
    assert_eq!(norm("1d(1d(1d4))"), "1d(1d(1d4))");
    assert_eq!(norm("(2d4)D(1D6+2)Kh1"), "(2d4)d(1d6+2)kh1");
    assert_eq!(norm("2d(1d4)r"), "2d(1d4)r");
    assert_eq!(norm("(1d2)d6x"), "(1d2)d6x6");
    // The dice a notation writes: the inner ones; those they make are known when rolled.
    assert_eq!(Expression::parse("(2d4)d8+1d6").unwrap().dice_count(), 3);
}

#[test]
fn rolled_counts_and_sizes_keep_the_limits() {
    // A count or size out of range is found when rolled, at the term.
    assert_eq!(
        err_rolled("(1d4-2)d6", &[1]),
        (ErrorCode::NotationLimit, Some(0))
    );
    assert_eq!(
        err_rolled("1d(1d4-1)", &[1]),
        (ErrorCode::NotationLimit, Some(0))
    );
    assert_eq!(
        err_rolled("(1d20*1000)d6", &[20]),
        (ErrorCode::NotationLimit, Some(0)),
        "more than the most dice in one roll"
    );
    // Every die of the roll counts toward that limit, inner ones included.
    let many = SeededDice::new(7).map(|mut d| {
        Expression::parse("(5000d2)d2")
            .unwrap()
            .roll_total(&mut d)
            .unwrap_err()
            .code
    });
    assert_eq!(many.ok(), Some(ErrorCode::NotationLimit));
    // An explosion or a repeating reroll that can never stop on the die rolled is refused,
    // not looped; the same modifier applied once is allowed.
    for (notation, face) in [
        ("1d(1d1)x", 1),
        ("1d(1d2)x>=1", 2),
        ("1d(1d1)rr", 1),
        ("1d(1d2)rr<3", 2),
    ] {
        assert_eq!(
            err_rolled(notation, &[face]),
            (ErrorCode::NotationLimit, Some(7)),
            "{notation}"
        );
    }
    assert_eq!(total("1d(1d2)xo>=1", &[2, 2, 1]), 3, "once is allowed");
    assert_eq!(total("1d(1d2)r<3", &[2, 1, 2]), 2, "once is allowed");
    // Advantage needs a single written die.
    assert_eq!(
        Expression::parse("(1d2)d20adv").unwrap_err().code,
        ErrorCode::NotationSyntax
    );
    // Supplied faces run out at the die that asks for one, inner or outer.
    assert_eq!(
        err_rolled("(2d4)d8", &[2]),
        (ErrorCode::FacesExhausted, Some(1))
    );
    assert_eq!(
        err_rolled("(2d4)d8", &[2, 2]),
        (ErrorCode::FacesExhausted, Some(0))
    );
    // Depth counts the inner parentheses too.
    let deep = format!("{}1d4{}d6", "(".repeat(65), ")".repeat(65));
    assert_eq!(
        Expression::parse(&deep).unwrap_err().code,
        ErrorCode::NotationLimit
    );
}

/// The error of rolling `formula` on `faces`, and where.
fn err_rolled(formula: &str, faces: &[u32]) -> (ErrorCode, Option<usize>) {
    let e = Expression::parse(formula)
        .unwrap_or_else(|e| panic!("{formula}: {e}"))
        .roll(&mut SuppliedDice::new(faces.iter().copied()))
        .expect_err(formula);
    (e.code, e.position)
}

#[test]
fn rolled_counts_roll_the_same_seeded_faces_in_total_and_in_detail() {
    for formula in [
        "(2d4)d8",
        "1d(1d20)+3",
        "(1d20*2)d(1d10)kh3",
        "floor((1d6)d6/2)",
    ] {
        let expr = Expression::parse(formula).unwrap();
        for seed in 0..50 {
            let total = expr
                .roll_total(&mut SeededDice::new(seed).unwrap())
                .unwrap();
            let detail = expr.roll(&mut SeededDice::new(seed).unwrap()).unwrap();
            assert_eq!(total, detail.total, "{formula} seed {seed}");
            let again = expr.roll(&mut SuppliedDice::new(detail.faces())).unwrap();
            assert_eq!(again.total, detail.total, "{formula}: its faces replay it");
        }
    }
}

// ---- functions ----

#[test]
fn math_functions_round_like_foundry() {
    assert_eq!(total("floor(7/2)", &[]), 3);
    assert_eq!(total("ceil(7/2)", &[]), 4);
    assert_eq!(total("round(7/2)", &[]), 4);
    assert_eq!(
        total("round(-7/2)", &[]),
        -3,
        "halves round up, as Math.round"
    );
    assert_eq!(total("round(5/4)", &[]), 1);
    assert_eq!(total("abs(-5)", &[]), 5);
    assert_eq!(
        total("abs(-7/2)", &[]),
        3,
        "a fraction left at the end rounds down"
    );
    assert_eq!(total("min(3, 1, 2)", &[]), 1);
    assert_eq!(total("max(1d6, 3)", &[2]), 3);
    assert_eq!(total("max(1d6, 3)", &[5]), 5);
    assert_eq!(total("floor(@level/2) + 1d4", &[3]), 5);
    assert_eq!(total("ceil(7/2 + 1/2)", &[]), 4, "exact all the way inside");
    assert_eq!(
        total("floor(max(7/2, 1) * 2)", &[]),
        7,
        "nested calls stay exact"
    );
    assert_eq!(
        total("7/2*2", &[]),
        6,
        "outside a function `/` still rounds at once"
    );
    assert_eq!(total("MAX(1,2)+Floor(3/2)", &[]), 3, "any case");
    assert_eq!(
        norm("floor( @level / 2 ) + max(1d6,2)"),
        "floor(5/2)+max(1d6,2)"
    );
    assert_eq!(norm("-floor((1+2)/2)"), "-floor((1+2)/2)");
    // `min` / `max` after a die are still the modifiers.
    assert_eq!(total("1d20min10", &[3]), 10);
    assert_eq!(total("max(1d20min10, 12)", &[3]), 12);
}

#[test]
fn hostile_functions() {
    assert_err("floor(1, 2)", ErrorCode::NotationSyntax, 0);
    assert_err("floor", ErrorCode::NotationSyntax, 5);
    assert_err("floor 3", ErrorCode::NotationSyntax, 6);
    assert_err("max()", ErrorCode::NotationSyntax, 4);
    assert_err("max(1,", ErrorCode::NotationSyntax, 6);
    assert_err("sqrt(4)", ErrorCode::NotationSyntax, 0);
    assert_err("floor(1/0)", ErrorCode::DivisionByZero, 7);
    assert_err("floor(1/(1d2-1))", ErrorCode::DivisionByZero, 7);
    assert_err("floor(9007199254740991+1)", ErrorCode::NotationLimit, 22);
    assert_err(
        "floor(1/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3/3)",
        ErrorCode::NotationLimit,
        73,
    );
    let deep = format!("{}1{}", "abs(".repeat(65), ")".repeat(65));
    assert_eq!(
        Expression::parse(&deep).unwrap_err().code,
        ErrorCode::NotationLimit
    );
    let ok = format!("{}1{}", "abs(".repeat(64), ")".repeat(64));
    assert_eq!(Expression::parse(&ok).unwrap().normalized(), ok);
}

/// `pow` with a whole exponent (dnd5e writes `15 * pow(2, @scaling.increase)`), exact like the
/// other functions.
#[test]
fn pow_takes_a_whole_exponent() {
    assert_eq!(total("pow(2, 3)", &[]), 8);
    assert_eq!(total("15 * pow(2, @level - 3)", &[]), 60);
    assert_eq!(
        total("pow(-2, 3) + pow(-1, 4) + pow(7, 0)", &[]),
        -8 + 1 + 1
    );
    assert_eq!(total("floor(pow(2, -1) * 5)", &[]), 2, "1/2 · 5, exactly");
    assert_eq!(
        total("pow(2, -1)", &[]),
        0,
        "a fraction leaving a function rounds down"
    );
    assert_eq!(total("pow(1d4, 2)", &[3]), 9);
    assert_eq!(norm("pow( 2 , @level )"), "pow(2,5)");
    // 0, 1 and -1 to a huge power are worked out directly.
    assert_eq!(total("pow(-1, 9007199254740991)", &[]), -1);
    assert_eq!(
        total("pow(1, 9007199254740991) + pow(0, 9007199254740991)", &[]),
        1
    );
    assert_err("pow(3, 40)", ErrorCode::NotationLimit, 0);
    assert_err("pow(2, -60)", ErrorCode::NotationLimit, 0);
    assert_err("pow(0, -1)", ErrorCode::DivisionByZero, 0);
    assert_err("pow(2, 1/2)", ErrorCode::NotationSyntax, 0);
    assert_err("pow(2)", ErrorCode::NotationSyntax, 0);
    assert_err("pow(2, 3, 4)", ErrorCode::NotationSyntax, 0);
    assert_err("pow", ErrorCode::NotationSyntax, 3);
}

/// A function glued to `d` is a dice count, as in A5E's `ceil(@level/2)d6`: worked out when
/// parsing, or rolled first when it rolls dice.
#[test]
fn a_function_may_count_dice() {
    assert_eq!(norm("ceil(@level/2)d6"), "3d6");
    assert_eq!(norm("round(@level / 2)d8 + @prof"), "3d8+3");
    assert_eq!(norm("floor(@level/2)d6kh1[fire]"), "2d6kh1[fire]");
    assert_eq!(total("max(1, @level - 4)d4", &[3]), 3);
    assert_eq!(norm("max(1d4, 2)d6"), "max(1d4,2)d6");
    assert_eq!(total("max(1d4, 2)d6", &[3, 1, 2, 6]), 9);
    assert_eq!(
        rolled("max(1d4, 2)d6", &[1, 5, 6]).to_string(),
        "max(1d4 [1], 2)d6 [5, 6] = 11"
    );
    assert_err("min(-1, 2)d6", ErrorCode::NotationLimit, 0);
    assert_err("floor(@level * 4000)d6", ErrorCode::NotationLimit, 0);
    assert_err("abs(1) d6", ErrorCode::NotationSyntax, 7);
}

// ---- pools ----

#[test]
fn pools_keep_drop_and_count_their_results() {
    // Two ability scores, keep the better: 4d6kh3 each.
    let r = rolled("{4d6kh3, 4d6kh3}kh", &[6, 5, 3, 2, 1, 1, 4, 6]);
    assert_eq!(r.total, 14);
    assert_eq!(r.terms.len(), 3);
    let pool = &r.terms[2];
    assert_eq!((pool.kind, pool.subtotal), (TermKind::Pool, 14));
    assert_eq!(pool.notation, "{4d6kh3,4d6kh3}kh1");
    assert_eq!(r.terms[0].notation, "4d6kh3");
    let kept: Vec<(i64, bool)> = pool.results.iter().map(|p| (p.value, p.kept)).collect();
    assert_eq!(kept, [(14, true), (11, false)]);
    assert_eq!(
        r.dice.len(),
        8,
        "every die of every formula is in the result"
    );
    // Foundry's examples: keep the higher of a d20 and 10; the two highest of three.
    assert_eq!(total("{1d20, 10}kh", &[4]), 10);
    assert_eq!(total("{1d20, 10}kh", &[17]), 17);
    assert_eq!(total("{1d20, 1d20, 1d20}kh2", &[5, 18, 9]), 27);
    assert_eq!(total("{1d20, 1d20}kl + 5", &[5, 18]), 10);
    assert_eq!(total("{3d6, 12}dl", &[1, 1, 1]), 12);
    assert_eq!(total("{1d8, 1d8, 1d8}cs>=5", &[5, 2, 8]), 2);
    // Results beyond the 32-bit range still compare by their sign and size.
    let huge = "{3000000000*2, 0-3000000000*2, 7}";
    assert_eq!(total(&format!("{huge}cs>5"), &[]), 2);
    assert_eq!(total(&format!("{huge}cs<-5"), &[]), 1);
    assert_eq!(total(&format!("{huge}cs=0"), &[]), 0);
    assert_eq!(total("{1d8, 1d8, 1d8}cs>=5cf<2", &[5, 1, 8]), 1);
    assert_eq!(total("{1d6+1, 1d6+1}", &[1, 2]), 5, "no modifier: the sum");
    assert_eq!(norm("{ 1d20 , 10 }KH"), "{1d20,10}kh1");
    // Among equal results the earlier is dropped first, whether the lowest or highest go.
    for pool in ["{3, 3, 3}kh1", "{3, 3, 3}kl1"] {
        let kept: Vec<bool> = rolled(pool, &[]).terms[3]
            .results
            .iter()
            .map(|p| p.kept)
            .collect();
        assert_eq!(kept, [false, false, true], "{pool}");
    }
}

#[test]
fn hostile_pools() {
    assert_err("{1d6, 2}x", ErrorCode::NotationSyntax, 8);
    assert_err("{1d6, 2}cs", ErrorCode::NotationSyntax, 10);
    assert_err("{1d6, 2", ErrorCode::NotationSyntax, 7);
    assert_err("{}", ErrorCode::NotationSyntax, 1);
    assert_err("{1d6,,2}", ErrorCode::NotationSyntax, 5);
    assert_err("1d6}", ErrorCode::NotationSyntax, 3);
    assert_err("{5000d6, 5001d6}", ErrorCode::NotationLimit, 9);
    let deep = format!("{}1{}", "{".repeat(65), "}".repeat(65));
    assert_eq!(
        Expression::parse(&deep).unwrap_err().code,
        ErrorCode::NotationLimit
    );
    let many = format!("{{{}}}", vec!["1"; 100].join(","));
    assert_eq!(
        Expression::parse(&many).unwrap_err().code,
        ErrorCode::NotationLimit,
        "a pool counts as a term"
    );
}

// ---- flavor ----

#[test]
fn flavor_tags_are_carried_per_term() {
    let r = rolled("2d6[fire] + 1d8[cold] + 2", &[3, 4, 5]);
    assert_eq!(r.total, 14);
    let flavors: Vec<Option<&str>> = r.terms.iter().map(|t| t.flavor.as_deref()).collect();
    assert_eq!(flavors, [Some("fire"), Some("cold"), None]);
    assert_eq!(r.notation, "2d6[fire]+1d8[cold]+2");
    assert_eq!(r.terms[0].notation, "2d6[fire]");
    assert_eq!(
        norm("5[Radiant Fire] - 1d4kh1[acid]"),
        "5[Radiant Fire]-1d4kh1[acid]"
    );
    assert_eq!(norm("{1d6,2}kh[fire]"), "{1d6,2}kh1[fire]");
    assert_eq!(norm("-(1d6[feu glacé])"), "-(1d6[feu glacé])");
    let e = Expression::parse("1d6[fire]+1d4[cold]").unwrap();
    assert_eq!(e.term_flavors(), [Some("fire"), Some("cold")]);
}

#[test]
fn hostile_flavors() {
    assert_err("1d6[fire", ErrorCode::NotationSyntax, 3);
    assert_err("1d6[]", ErrorCode::NotationSyntax, 3);
    assert_err("1d6[a[b]]", ErrorCode::NotationSyntax, 3);
    assert_err("1d6[fire][cold]", ErrorCode::NotationSyntax, 9);
    assert_err("[fire]", ErrorCode::NotationSyntax, 0);
    assert_err("1d6+[fire]", ErrorCode::NotationSyntax, 4);
    // Positions after a flavor count characters, not bytes.
    assert_err("1d6[é]+", ErrorCode::NotationSyntax, 7);
    let long = format!("1d6[{}]", "x".repeat(1_000));
    assert_eq!(
        Expression::parse(&long).unwrap_err().code,
        ErrorCode::NotationLimit
    );
}

// ---- explode and reroll spellings ----

#[test]
fn foundry_explode_and_reroll_spellings() {
    // Foundry's examples: `x` explodes on the highest face, repeatedly; `xo` once; `r` rerolls
    // once, `rr` while the condition holds.
    assert_eq!(total("5d10x", &[10, 3, 4, 5, 6, 10, 2]), 40);
    assert_eq!(total("5d10x10", &[10, 3, 4, 5, 6, 10, 2]), 40);
    assert_eq!(
        total("2d6xo", &[6, 6, 6, 6]),
        24,
        "only the first dice explode"
    );
    assert_eq!(total("2d10xo>=9", &[9, 1, 9]), 19);
    assert_eq!(total("1d20r", &[1, 1]), 1, "r rerolls once");
    assert_eq!(
        total("1d20rr", &[1, 1, 15]),
        15,
        "rr rerolls until it stops matching"
    );
    assert_eq!(total("1d20r<3", &[2, 3]), 3);
    // Foundry's Dice Modifiers examples, as written there.
    assert_eq!(
        total("1d10r1", &[1, 1]),
        1,
        "rerolled once, the second 1 stays"
    );
    assert_eq!(total("1d20r<10", &[4, 2]), 2, "kept whether better or not");
    assert_eq!(
        total("1d20rr<3", &[2, 1, 3]),
        3,
        "again while it stays under 3"
    );
    assert_eq!(total("5d10x10", &[10, 10, 1, 2, 3, 4, 5]), 35);
    assert_eq!(total("4d6kh3", &[6, 5, 3, 2]), 14);
    assert_eq!(total("2d20kl", &[6, 5]), 5);
    assert_eq!(total("4d6dl1", &[6, 5, 3, 2]), 14);
    assert_eq!(total("10d6cs>4", &[5, 6, 1, 2, 3, 4, 5, 6, 1, 1]), 4);
    assert_eq!(total("10d6cs>4cf<2", &[5, 6, 1, 2, 3, 4, 5, 6, 1, 1]), 1);
}

#[test]
fn the_normal_form_of_every_formula_reads_back_to_the_same_roll() {
    for formula in [
        "{4d6kh3, 4d6kh3}kh + floor(@level/2)",
        "2d6[fire] + 1d8[cold] - max(1, @abilities.dex.mod)",
        "-(floor(1d6/2))*{1d4, 2}kl[acid]",
        "min(1d6, {1d4,1d4}kh, abs(-3/2))",
        "round(1d20/3)+ceil((1d4+1)/2)",
        "(1d20*2)d(1d10)kh3[fire] + 1",
        "-(2d4)d(1d(1d6))xo>=2r<2",
        "max((1d4)d4, 1d(2d6))",
    ] {
        let expr = Expression::parse_with_data(formula, &data()).unwrap();
        let text = expr.normalized();
        let again = Expression::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(again.normalized(), text);
        for seed in 0..20 {
            let a = expr.roll(&mut SeededDice::new(seed).unwrap()).unwrap();
            let b = again.roll(&mut SeededDice::new(seed).unwrap()).unwrap();
            assert_eq!(a, b);
            assert_eq!(a.terms.len(), expr.term_count() as usize);
            let (_, spans) = expr.term_spans();
            assert_eq!(spans.len(), a.terms.len(), "{text}: a span per term");
        }
    }
}

#[test]
fn random_formula_shaped_text_never_panics_and_normalizes_faithfully() {
    // xorshift64*, so the test depends on nothing but its seed.
    let mut state = 0xF0D4_11E5_0000_0001u64;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    };
    let atoms = [
        "1", "2", "6", "20", "d6", "2d20", "4d6", "kh", "kl", "dl", "x", "xo", "r", "rr", "cs>",
        "cf<", "min", "max", "floor(", "ceil(", "round(", "abs(", "max(", "min(", "{", "}", ",",
        "(", ")", "[fire]", "[", "]", "@prof", "@level", "@name", "@", "+", "-", "*", "/", " ",
        "d", "é",
    ];
    let data = data();
    let mut parsed = 0;
    for seed in 0..20_000u64 {
        let len = 1 + next(10);
        let text: String = (0..len).map(|_| atoms[next(atoms.len())]).collect();
        match Expression::parse_with_data(&text, &data) {
            Ok(expr) => {
                parsed += 1;
                let normalized = expr.normalized();
                let again = Expression::parse(&normalized)
                    .unwrap_or_else(|e| panic!("{text:?} normalized to {normalized:?}: {e}"));
                assert_eq!(again.normalized(), normalized, "{text:?}");
                let a = expr.roll(&mut SeededDice::new(seed).unwrap());
                let b = again.roll_total(&mut SeededDice::new(seed).unwrap());
                match (a, b) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(a.total, b, "{text:?}");
                        assert_eq!(a.terms.len(), expr.term_count() as usize, "{text:?}");
                    }
                    (Err(a), Err(b)) => assert_eq!(a.code, b.code, "{text:?}"),
                    (a, b) => panic!("{text:?}: {a:?} vs {b:?}"),
                }
            }
            Err(e) => {
                if let Some(p) = e.position {
                    assert!(p <= text.chars().count(), "{text:?}: position {p}");
                }
            }
        }
    }
    assert!(
        parsed > 400,
        "the generator should produce formulas too ({parsed})"
    );
}

#[test]
fn a_result_prints_as_one_line_with_every_die() {
    assert_eq!(
        rolled("4d6kh3 + 2", &[6, 5, 3, 2]).to_string(),
        "4d6kh3 [6, 5, 3, ~2~] + 2 = 16"
    );
    assert_eq!(
        rolled("2d6[fire] + 1d8[cold]", &[3, 4, 5]).to_string(),
        "2d6[fire] [3, 4] + 1d8[cold] [5] = 12"
    );
    assert_eq!(
        rolled("{4d6kh3, 4d6kh3}kh", &[6, 5, 3, 2, 1, 1, 4, 6]).to_string(),
        "{4d6kh3 [6, 5, 3, ~2~], 4d6kh3 [~1~, 1, 4, 6]}kh1 [14, ~11~] = 14"
    );
    assert_eq!(
        rolled("-(1d4)*2 + max(1d6, @prof) - 1d20min10", &[3, 2, 4]).to_string(),
        "-(1d4 [3]) * 2 + max(1d6 [2], 3) - 1d20min10 [10] = -13"
    );
    assert_eq!(rolled("1d20r1", &[1, 7]).to_string(), "1d20r1 [~1~, 7] = 7");
    assert_eq!(
        rolled("4dF", &[1, 2, 3, 3]).to_string(),
        "4dF [-1, 0, 1, 1] = 1"
    );
    assert_eq!(
        rolled("1d6[glacé]-2", &[5]).to_string(),
        "1d6[glacé] [5] - 2 = 3"
    );
    // A sign after an operator stays with its number.
    assert_eq!(rolled("1d6*-2", &[3]).to_string(), "1d6 [3] * -2 = -6");
    // A flavor prints as written, its signs and commas included.
    assert_eq!(
        rolled("1d6[fire-cold,acid*2]+1", &[3]).to_string(),
        "1d6[fire-cold,acid*2] [3] + 1 = 4"
    );
    assert_eq!(
        rolled("1d6[café-au-lait]-1", &[3]).to_string(),
        "1d6[café-au-lait] [3] - 1 = 2"
    );
}
