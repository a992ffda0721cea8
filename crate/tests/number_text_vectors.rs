//! How an error quotes a formula's `@path` value that is not a whole number:
//! `tests/vectors/number_text.json` (repository root) holds numbers and their text as Rust's
//! `Display` writes them (the shortest digits that read back as the number, never an
//! exponent). Here each text is checked against `Display` and against the message the native
//! API gives; tests/js/dice_entry.test.mjs checks the same file through both JS entries, whose
//! facade writes the text itself so that the dice-only module carries no float formatter.
//! Regenerate (only if the cases below change) with `TURNKEEPER_BLESS_VECTORS=1 cargo test
//! --test number_text_vectors`.

#[path = "vectors_support.rs"]
mod vectors_support;

use serde::{Deserialize, Serialize};
use turnkeeper::dice::Expression;
use turnkeeper::error::ErrorCode;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Vector {
    about: String,
    /// A number that is not whole (as the shortest text that reads back as it, exponent and
    /// all: JSON readers need not round exactly, `str::parse` and JS's `Number` do), and its
    /// text in an error.
    cases: Vec<(String, String)>,
}

/// The numbers: each kind of layout (fractions of whole numbers, tiny magnitudes down to the
/// least subnormal, the largest that are not whole, digits that JavaScript writes with an
/// exponent), then a spread of bit patterns from a fixed generator, kept when not whole.
fn numbers() -> Vec<f64> {
    let mut out = vec![
        0.5,
        -0.5,
        1.5,
        0.1,
        0.2,
        0.30000000000000004,
        1.0 / 3.0,
        -2.0 / 3.0,
        123.456,
        1e-6,
        1.5e-6,
        9.99999999999999e-7,
        1e-7,
        -1e-7,
        1.2345e-7,
        5e-324,
        -5e-324,
        2.2250738585072014e-308,
        1.7976931348623157e-300,
        4503599627370495.5,
        -4503599627370495.5,
        2251799813685247.8,
        0.000123,
        std::f64::consts::PI,
        -std::f64::consts::E,
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    while out.len() < 400 {
        // xorshift64*: any bit pattern, so every exponent and mantissa shows up.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let bits = state.wrapping_mul(0x2545_F491_4F6C_DD1D);
        // Half of them with an exponent near 1, where data values live.
        let bits = if out.len() % 2 == 0 {
            (bits & 0x800F_FFFF_FFFF_FFFF) | (((bits >> 52) % 60 + 1000) << 52)
        } else {
            bits
        };
        let v = f64::from_bits(bits);
        if v.is_finite() && v.fract() != 0.0 {
            out.push(v);
        }
    }
    out
}

#[test]
fn a_value_that_is_not_whole_is_quoted_as_display_writes_it() {
    let (path, vector) = vectors_support::load::<Vector>("number_text.json");
    let measured = Vector {
        about: vector.about.clone(),
        cases: numbers()
            .into_iter()
            .map(|v| (format!("{v:e}"), v.to_string()))
            .collect(),
    };
    if vectors_support::blessed(&path, &measured) {
        return;
    }
    assert_eq!(vector, measured, "{path} is out of date");
    for (number, text) in &vector.cases {
        let value: f64 = number.parse().unwrap();
        let data = serde_json::json!({ "x": value });
        let e = Expression::parse_with_data("1d6+@x", &data).unwrap_err();
        assert_eq!(e.code, ErrorCode::NotationData);
        assert_eq!(
            e.message,
            format!("the value at @x ({text}) is not a whole number")
        );
    }
}
