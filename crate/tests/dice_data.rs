//! `@path` data as Foundry VTT reads it: each value's text is put into the formula before it is
//! parsed, so a value may be a number or formula text, glued to what surrounds it; dnd5e scale
//! values written as JSON; the `missing` option; and errors that point at the text as written.

use serde_json::json;
use turnkeeper::dice::data::DataTable;
use turnkeeper::dice::{DataOptions, Expression, SeededDice, SuppliedDice};
use turnkeeper::{Error, ErrorCode};

fn data() -> serde_json::Value {
    json!({
        "prof": 3,
        "neg": -2,
        "die": "d8",
        "dice": "3d6",
        "heal": "2d10+2",
        "bonus": "+3",
        "spaced": "  1d4 ",
        "name": "Ragnar",
        "open": "1d",
        "plus": "+",
        "empty": "",
        "nested": "@prof + 1",
        "many": "99999d6",
        "flag": true,
        "list": [1, 2],
        "attributes": { "hd": { "largestFace": 10, "largestAvailable": "d10" } },
        "scale": {
            "rogue": { "sneak-attack": { "number": 3, "faces": 6, "modifiers": [] } },
            "monk": { "die": { "number": null, "faces": 8, "modifiers": [] } },
            "bard": { "inspiration": { "faces": 6 } },
            "fighter": { "reroll": { "number": 2, "faces": 6, "modifiers": ["r1"] } },
            "barbarian": { "rage-damage": { "value": 2 }, "note": { "value": "1d4" } },
            "paladin": { "aura": { "value": 10, "units": "ft" } },
            "odd": { "faces": 6, "colour": "red" },
        },
        "scaling": 2,
        "scaling.increase": 1,
    })
}

/// The normal form and total of `formula` with supplied `faces`, every face used.
fn rolled(formula: &str, faces: &[u32]) -> (String, i64) {
    let expr = Expression::parse_with_data(formula, &data()).unwrap_or_else(|e| panic!("{e}"));
    let mut dice = SuppliedDice::new(faces.iter().copied());
    let r = expr
        .roll(&mut dice)
        .unwrap_or_else(|e| panic!("{formula}: {e}"));
    assert_eq!(dice.remaining(), 0, "{formula}: every face is used");
    (r.notation, r.total)
}

fn err(formula: &str) -> Error {
    Expression::parse_with_data(formula, &data()).expect_err(formula)
}

fn code_at(formula: &str) -> (ErrorCode, Option<usize>) {
    let e = err(formula);
    (e.code, e.position)
}

#[test]
fn text_values_are_formulas() {
    assert_eq!(rolled("@die", &[5]), ("1d8".into(), 5));
    assert_eq!(rolled("@dice + @prof", &[1, 2, 3]), ("3d6+3".into(), 9));
    assert_eq!(rolled("@heal", &[4, 5]), ("2d10+2".into(), 11));
    assert_eq!(rolled("1d20 @bonus", &[10]), ("1d20+3".into(), 13));
    assert_eq!(rolled("@spaced * 2", &[3]), ("1d4*2".into(), 6));
    // As Foundry's text substitution: no parentheses are added around a value.
    assert_eq!(rolled("@heal * 2", &[1, 1]), ("2d10+2*2".into(), 6));
    assert_eq!(rolled("(@heal) * 2", &[1, 1]), ("(2d10+2)*2".into(), 8));
}

#[test]
fn values_glue_to_a_count_or_a_size() {
    assert_eq!(rolled("2@die", &[8, 1]), ("2d8".into(), 9));
    assert_eq!(rolled("1@die + @prof", &[2]), ("1d8+3".into(), 5));
    assert_eq!(
        rolled("2d@attributes.hd.largestFace", &[10, 4]),
        ("2d10".into(), 14)
    );
    assert_eq!(
        rolled("1@attributes.hd.largestAvailable", &[7]),
        ("1d10".into(), 7)
    );
    assert_eq!(rolled("4d6kh@prof", &[6, 5, 3, 2]), ("4d6kh3".into(), 14));
    // A number glued to a number is one number, as in Foundry.
    assert_eq!(rolled("1@prof", &[]), ("13".into(), 13));
}

#[test]
fn numbers_read_as_before() {
    assert_eq!(rolled("1d20 + @prof", &[12]), ("1d20+3".into(), 15));
    assert_eq!(rolled("1d20+@neg", &[12]), ("1d20+-2".into(), 10));
    assert_eq!(rolled("(@prof)d6", &[1, 1, 1]), ("3d6".into(), 3));
    assert_eq!(rolled("@prof-1", &[]), ("3-1".into(), 2));
}

#[test]
fn dnd5e_scale_values_as_json() {
    assert_eq!(
        rolled("@scale.rogue.sneak-attack", &[1, 2, 3]),
        ("3d6".into(), 6)
    );
    assert_eq!(rolled("2@scale.monk.die", &[1, 2]), ("2d8".into(), 3));
    assert_eq!(rolled("@scale.bard.inspiration", &[4]), ("1d6".into(), 4));
    // The dice scale's own fields, and those JSON leaves out.
    assert_eq!(rolled("@scale.rogue.sneak-attack.number", &[]).1, 3);
    assert_eq!(rolled("@scale.rogue.sneak-attack.faces", &[]).1, 6);
    assert_eq!(
        rolled("2@scale.rogue.sneak-attack.die", &[1, 1]),
        ("2d6".into(), 2)
    );
    assert_eq!(
        rolled("@scale.rogue.sneak-attack.formula", &[1, 1, 1]).0,
        "3d6"
    );
    assert_eq!(rolled("2@scale.monk.die.denom", &[1, 1]).0, "2d8");
    assert_eq!(
        rolled("@scale.fighter.reroll", &[1, 4, 5]),
        ("2d6r1".into(), 9)
    );
    // Number, text and distance scales are their value.
    assert_eq!(rolled("@scale.barbarian.rage-damage + 1", &[]).1, 3);
    assert_eq!(rolled("@scale.barbarian.note", &[2]).0, "1d4");
    assert_eq!(rolled("@scale.paladin.aura", &[]).1, 10);
    // Anything else is an object, not a value.
    assert_eq!(
        code_at("1 + @scale.odd"),
        (ErrorCode::NotationData, Some(4))
    );
    assert_eq!(
        code_at("@scale.monk.die.nothing"),
        (ErrorCode::NotationData, Some(0))
    );
    // A key holding the whole dotted path is found first (Foundry's getProperty).
    assert_eq!(rolled("@scaling + @scaling.increase", &[]).1, 3);
}

#[test]
fn missing_puts_its_text_in_place_of_a_path_without_a_value() {
    let with = |missing: &str, formula: &str| {
        Expression::parse_with_data_options(
            formula,
            &data(),
            DataOptions {
                missing: Some(missing),
            },
        )
    };
    let e = with("0", "1d20 + @nothing + @prof").expect("missing 0");
    assert_eq!(e.normalized(), "1d20+0+3");
    assert_eq!(e.roll_total(&mut SuppliedDice::new([5])).expect("roll"), 8);
    assert_eq!(
        with("1d4", "@nothing").expect("text").normalized(),
        "1d4",
        "missing may be formula text"
    );
    // null counts as missing; a value that is there is used.
    let nulls = json!({ "a": null, "b": 2 });
    let e =
        Expression::parse_with_data_options("@a + @b", &nulls, DataOptions { missing: Some("0") });
    assert_eq!(e.expect("null").normalized(), "0+2");
    // Without it, a missing path is NOTATION_DATA at its @; inside a flavor it is only text.
    assert_eq!(
        code_at("1d20 + @nothing"),
        (ErrorCode::NotationData, Some(7))
    );
    assert_eq!(
        err("1d20 + @nothing").message,
        "the data has no value at @nothing"
    );
    assert_eq!(rolled("1d6[@nothing]", &[4]), ("1d6[@nothing]".into(), 4));
    assert_eq!(rolled("1d6[@die]", &[4]), ("1d6[d8]".into(), 4));
    // The missing text is checked like any value.
    let e = with("", "@nothing").expect_err("empty");
    assert_eq!((e.code, e.position), (ErrorCode::NotationData, Some(0)));
    let e = with("1d", "2 + @nothing").expect_err("no formula");
    assert_eq!((e.code, e.position), (ErrorCode::NotationData, Some(4)));
}

#[test]
fn errors_point_at_the_text_as_written() {
    // Text that is no formula: NOTATION_DATA at the value's @, naming the value.
    assert_eq!(code_at("1d20 + @name"), (ErrorCode::NotationData, Some(7)));
    assert!(err("1d20 + @name").message.contains("\"Ragnar\""));
    assert_eq!(code_at("2 * @open"), (ErrorCode::NotationData, Some(4)));
    assert_eq!(code_at("3 @plus"), (ErrorCode::NotationData, Some(2)));
    assert_eq!(code_at("@empty"), (ErrorCode::NotationData, Some(0)));
    assert_eq!(code_at("@flag"), (ErrorCode::NotationData, Some(0)));
    assert_eq!(code_at("@list"), (ErrorCode::NotationData, Some(0)));
    // Values are put in once: one naming another path is an error at its own @.
    assert_eq!(code_at("1 + @nested"), (ErrorCode::NotationData, Some(4)));
    assert!(err("1 + @nested").message.contains("@prof"));
    // Other errors from inside a value keep their code and point at its @.
    assert_eq!(code_at("1 + @many"), (ErrorCode::NotationLimit, Some(4)));
    assert!(err("1 + @many").message.contains("@many"));
    // After a value, positions are those of the text as written.
    assert_eq!(code_at("@dice + 1d0"), (ErrorCode::NotationLimit, Some(10)));
    assert_eq!(code_at("@die )"), (ErrorCode::NotationSyntax, Some(5)));
    assert_eq!(code_at("@prof ++"), (ErrorCode::NotationSyntax, Some(8)));
    assert_eq!(code_at("(@prof"), (ErrorCode::NotationSyntax, Some(6)));
    // Numbers: whole, and within ±(2^53 − 1).
    let numbers = json!({ "half": 2.5, "huge": 1e300 });
    let e = Expression::parse_with_data("1 + @half", &numbers).expect_err("half");
    assert_eq!((e.code, e.position), (ErrorCode::NotationData, Some(4)));
    let e = Expression::parse_with_data("@huge", &numbers).expect_err("huge");
    assert_eq!((e.code, e.position), (ErrorCode::NotationLimit, Some(0)));
    // A rolled error inside a value points at its @ too.
    let expr = Expression::parse_with_data("1 + @die", &data()).expect("parse");
    let e = expr
        .roll(&mut SuppliedDice::new([9]))
        .expect_err("a d8 shows no 9");
    assert_eq!((e.code, e.position), (ErrorCode::InvalidFace, Some(4)));
}

#[test]
fn a_value_may_not_take_the_formula_past_its_length_limit() {
    let long = json!({ "long": format!("1{}+1", " ".repeat(996)), "short": "1+1" });
    // 999 characters in place of a 5-character path: within the limit.
    assert!(Expression::parse_with_data("@long", &long).is_ok());
    let e = Expression::parse_with_data("2 + @long", &long).expect_err("too long");
    assert_eq!((e.code, e.position), (ErrorCode::NotationLimit, Some(4)));
    let e = Expression::parse_with_data("@short + @long", &long).expect_err("too long");
    assert_eq!((e.code, e.position), (ErrorCode::NotationLimit, Some(9)));
}

/// The flat table the package sends: −∞ marks a text value, found on the same line of `texts`.
#[test]
fn the_packages_table_carries_text() {
    let values = [3.0, f64::NEG_INFINITY, f64::NAN, f64::NEG_INFINITY];
    let table = DataTable {
        paths: "prof\ndie\nnothing\nbonus",
        values: &values,
        texts: "\nd8\n\n+1",
    };
    let e = Expression::parse_with_data("2@die + @prof @bonus", &table).expect("table");
    assert_eq!(e.normalized(), "2d8+3+1");
    let e = Expression::parse_with_data("@nothing", &table).expect_err("missing");
    assert_eq!(e.code, ErrorCode::NotationData);
    // A text line that is not there counts as no value.
    let short = DataTable {
        paths: "a",
        values: &[f64::NEG_INFINITY],
        texts: "",
    };
    let e = Expression::parse_with_data("@a", &short).expect_err("empty");
    assert_eq!(e.code, ErrorCode::NotationData);
}

/// A number that is not whole comes with the text the facade wrote for it, which the error
/// quotes (the dice-only module has no float formatter); without one the error names the path
/// alone. Texts beyond ASCII before it do not shift which line is whose.
#[test]
fn the_packages_table_quotes_a_fraction_by_its_text() {
    let values = [f64::NEG_INFINITY, 1.5, 2.25, 1e-7];
    let table = DataTable {
        paths: "name\nhalf\nbare\ntiny",
        values: &values,
        texts: "Zoë 😀\n1.5\n\n0.0000001",
    };
    let message = |formula: &str| {
        let e = Expression::parse_with_data(formula, &table).expect_err(formula);
        assert_eq!(e.code, ErrorCode::NotationData, "{formula}");
        e.message
    };
    assert_eq!(
        message("1d6+@half"),
        "the value at @half (1.5) is not a whole number"
    );
    assert_eq!(
        message("@tiny"),
        "the value at @tiny (0.0000001) is not a whole number"
    );
    assert_eq!(message("@bare"), "the value at @bare is not a whole number");
    // Natively the number is written by Rust's `Display` itself.
    let data = serde_json::json!({ "half": 2.25 });
    let e = Expression::parse_with_data("@half", &data).expect_err("fraction");
    assert_eq!(e.message, "the value at @half (2.25) is not a whole number");
}

/// Formula-shaped text with text values in every place: never a panic, every error position
/// inside the text as written, and every normal form reads back to the same roll.
#[test]
fn random_formulas_with_text_values_never_panic() {
    let mut state = 0x0D47_A5E5_1234_5678u64;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    };
    let atoms = [
        "1",
        "2",
        "d",
        "d6",
        "@die",
        "@dice",
        "@bonus",
        "@heal",
        "@name",
        "@open",
        "@nested",
        "@nothing",
        "@scale.monk.die",
        "@prof",
        "+",
        "-",
        "*",
        "(",
        ")",
        "[",
        "]",
        "kh",
        "x",
        "floor(",
        ",",
        " ",
        "@",
        "é",
    ];
    let data = data();
    let mut parsed = 0;
    for seed in 0..20_000u64 {
        let len = 1 + next(8);
        let text: String = (0..len).map(|_| atoms[next(atoms.len())]).collect();
        match Expression::parse_with_data(&text, &data) {
            Ok(expr) => {
                parsed += 1;
                let normal = expr.normalized();
                let again = Expression::parse(&normal)
                    .unwrap_or_else(|e| panic!("{text:?} → {normal:?}: {e}"));
                let a = expr.roll_total(&mut SeededDice::new(seed).expect("seed"));
                let b = again.roll_total(&mut SeededDice::new(seed).expect("seed"));
                assert_eq!(
                    a.as_ref().map_err(|e| e.code),
                    b.as_ref().map_err(|e| e.code),
                    "{text:?}"
                );
            }
            Err(e) => {
                let p = e.position.unwrap_or(0);
                assert!(p <= text.chars().count(), "{text:?}: {e}");
            }
        }
    }
    assert!(parsed > 1000, "only {parsed} parsed");
}
