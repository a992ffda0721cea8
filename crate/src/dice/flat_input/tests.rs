//! The flat reader against the generic one (`crate::wire::from_json`), for each of the six
//! inputs: the same value, or the same error code and message, for valid texts, texts built
//! from their fields with values of every kind, and either of those edited at random.

use core::fmt::Debug;

use proptest::prelude::*;

use super::*;
use crate::error::ErrorCode;
use crate::wire::{FromWire, to_json};

/// Both readers on `text`: the same result, value or error.
fn same<T: FlatInput + FromWire + PartialEq + Debug>(
    text: &str,
    what: &str,
) -> Result<(), TestCaseError> {
    let generic = crate::wire::from_json::<T>(text, what, ErrorCode::InvalidArgument);
    let flat = read::<T>(text, what);
    prop_assert_eq!(flat, generic, "{:?}", text);
    Ok(())
}

/// [`same`] for a plain test.
fn check<T: FlatInput + FromWire + PartialEq + Debug>(text: &str, what: &str) {
    if let Err(e) = same::<T>(text, what) {
        panic!("{e}");
    }
}

/// Every input on `text`.
fn all_same(text: &str) -> Result<(), TestCaseError> {
    same::<SeedState>(text, "dice state")?;
    same::<Countdown>(text, "countdown")?;
    same::<DieSize>(text, "die size")?;
    same::<Keep>(text, "keep")?;
    same::<Option<RollOffConfig>>(text, "roll-off config")?;
    same::<CountdownSpeed>(text, "countdown speed")
}

/// Values of odd kinds for a field or the whole text: names of every input, numbers at the
/// edges of `u32`, `u64`, `i64` and `f64`, malformed numbers and strings, escapes, nesting at
/// the depth limit and past it.
const ODD: &[&str] = &[
    "\"d2\"",
    "\"d3\"",
    "\"d4\"",
    "\"d6\"",
    "\"d8\"",
    "\"d10\"",
    "\"d12\"",
    "\"d20\"",
    "\"d100\"",
    "\"d7\"",
    "\"D20\"",
    "\"higher\"",
    "\"lower\"",
    "\"slow\"",
    "\"medium\"",
    "\"fast\"",
    "\"highest\"",
    "\"lowest\"",
    "\"chacha20\"",
    "\"ChaCha20\"",
    "\"\\u0064\\u0032\"",
    "\"d\\u00320\"",
    "\"\\ud83c\\udfb2\"",
    "\"\\ud83c\"",
    "\"\\udfb2\"",
    "\"\\ud83c\\u0041\"",
    "\"\\x\"",
    "\"\\u12\"",
    "\"\\u12g4\"",
    "\"abc",
    "\"a\u{1}b\"",
    "\"\"",
    "\"é😀\"",
    "\"an unusually long string of text that goes on and on\"",
    "\"an unusually long string of text with é😀 in it, further\"",
    "0",
    "1",
    "-1",
    "-0",
    "0.0",
    "1.5",
    "1e2",
    "1E+2",
    "1e-2",
    "20",
    "00",
    "01",
    "-",
    "1.",
    "1e",
    "1e+",
    ".5",
    "+1",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "-9223372036854775809",
    "1e400",
    "-1e400",
    "1e308",
    "1.7976931348623157e308",
    "1.7976931348623158e308",
    "1.7976931348623159e308",
    "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
    "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.99",
    "0.179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792e309",
    "0.000179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792000e312",
    "1e-400",
    "0e99999999999999999999999",
    "1e99999999999999999999999",
    "true",
    "false",
    "null",
    "tru",
    "nul",
    "fals",
    "truex",
    "[]",
    "{}",
    "[1,2]",
    "[1,]",
    "[1 2]",
    "{\"a\":1}",
    "{\"a\" 1}",
    "{\"a\":}",
    "{1:2}",
    "{\"a\":1,}",
    "{\"a\":[{\"b\":null}]}",
    "[",
    "{",
    "]",
    "}",
    ",",
    ":",
    "@",
    "\u{7f}",
    "",
    " ",
    "\n",
    "é",
];

/// A value for a field or the whole text.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(ODD).prop_map(String::from),
        1 => any::<u64>().prop_map(|n| n.to_string()),
        1 => any::<u32>().prop_map(|n| n.to_string()),
        1 => "-?(0|[1-9][0-9]{0,3})(\\.[0-9]{1,3})?([eE][+-]?[0-9]{1,4})?",
        1 => "1\\.797693134862315[0-9]{0,25}e30[6-9]",
        1 => (1usize..140, prop::bool::ANY).prop_map(|(n, object)| if object {
            format!("{}1{}", "{\"a\":[".repeat(n / 2), "]}".repeat(n / 2))
        } else {
            format!("{}{}", "[".repeat(n), "]".repeat(n))
        }),
    ]
}

/// The keys of every input, some written with escapes, and others.
const KEYS: &[&str] = &[
    "algorithm",
    "seed",
    "position",
    "dice",
    "speed",
    "rolls",
    "stopped",
    "unstoppable",
    "die",
    "winner",
    "se\\u0065d",
    "\\u0064ice",
    "Seed",
    "",
    "x",
    "die ",
    "\\ud83c\\udfb2",
];

/// White space, mostly none.
fn space() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&["", "", "", " ", "\n", "\t \r\n  "][..])
}

/// An object from the inputs' keys (given twice, left out, unknown) and values of any kind.
fn object() -> impl Strategy<Value = String> {
    prop::collection::vec((prop::sample::select(KEYS), value(), space()), 0..7).prop_map(|fields| {
        let body: Vec<String> = fields
            .iter()
            .map(|(k, v, s)| format!("{s}\"{k}\"{s}:{s}{v}{s}"))
            .collect();
        format!("{{{}}}", body.join(","))
    })
}

/// A valid text of one of the inputs.
fn valid() -> impl Strategy<Value = String> {
    let speed = prop::sample::select(CountdownSpeed::ALL.to_vec());
    let die = prop::sample::select(DieSize::ALL.to_vec());
    prop_oneof![
        (any::<u64>(), any::<u64>()).prop_map(|(seed, position)| to_json(&SeedState {
            algorithm: SeedAlgorithm::ChaCha20,
            seed,
            position,
        })),
        (
            any::<u32>(),
            speed.clone(),
            any::<u32>(),
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(|(dice, speed, rolls, stopped, unstoppable)| to_json(
                &Countdown::saved(dice, speed, rolls, stopped, unstoppable)
            )),
        die.clone().prop_map(|d| to_json(&d)),
        prop::sample::select(vec![Keep::Higher, Keep::Lower]).prop_map(|k| to_json(&k)),
        speed.prop_map(|s| to_json(&s)),
        (die, any::<bool>(), any::<bool>()).prop_map(|(die, lowest, some)| to_json(
            &some.then_some(RollOffConfig {
                die,
                winner: if lowest {
                    RollOffWinner::Lowest
                } else {
                    RollOffWinner::Highest
                },
            })
        )),
    ]
}

/// Characters an edit puts in.
const EDIT: &[char] = &[
    '{', '}', '[', ']', '"', ':', ',', '\\', 'u', '0', '1', '9', '-', '.', 'e', '+', ' ', '\n',
    'a', 'd', 'n', 't', 'f', 'é', '\u{1}',
];

/// `text` with a few characters put in, taken out or changed.
fn edited(text: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    (
        text,
        prop::collection::vec(
            (
                0u8..3,
                any::<prop::sample::Index>(),
                prop::sample::select(EDIT),
            ),
            1..4,
        ),
    )
        .prop_map(|(text, edits)| {
            let mut chars: Vec<char> = text.chars().collect();
            for (kind, at, c) in edits {
                let at = at.index(chars.len() + 1);
                match kind {
                    0 => chars.insert(at, c),
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ if at < chars.len() => chars[at] = c,
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect()
        })
}

/// Any text to try.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => valid(),
        2 => value(),
        3 => object(),
        1 => (valid(), space(), space()).prop_map(|(v, a, b)| format!("{a}{v}{b}")),
        3 => edited(valid()),
        3 => edited(object()),
        1 => (valid(), value()).prop_map(|(v, more)| format!("{v}{more}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The same value, or the same error, as the generic reader, for each input.
    #[test]
    fn reads_as_the_generic_reader_does(text in text()) {
        all_same(&text)?;
    }
}

#[test]
fn reads_every_valid_value() {
    for speed in CountdownSpeed::ALL {
        check::<CountdownSpeed>(&to_json(&speed), "countdown speed");
        check::<Countdown>(
            &to_json(&Countdown::saved(0, speed, u32::MAX, true, false)),
            "countdown",
        );
    }
    for die in DieSize::ALL {
        check::<DieSize>(&to_json(&die), "die size");
        for winner in [RollOffWinner::Highest, RollOffWinner::Lowest] {
            let config = Some(RollOffConfig { die, winner });
            check::<Option<RollOffConfig>>(&to_json(&config), "roll-off config");
        }
    }
    for keep in [Keep::Higher, Keep::Lower] {
        check::<Keep>(&to_json(&keep), "keep");
    }
    check::<Option<RollOffConfig>>("null", "roll-off config");
    check::<SeedState>(
        "{\"algorithm\":\"chacha20\",\"seed\":18446744073709551615,\"position\":0}",
        "dice state",
    );
}

#[test]
fn fails_as_the_generic_reader_does() {
    let deep = |n: usize| format!("{{\"x\":{}{}}}", "[".repeat(n), "]".repeat(n));
    let long = format!("\"{}\"", "x".repeat(crate::wire::MAX_JSON_BYTES));
    for text in [
        "",
        "  ",
        "\"d7\"",
        "7",
        "{\"algorithm\":\"chacha20\",\"seed\":1}",
        "{\"algorithm\":\"chacha20\",\"seed\":1,\"seed\":2,\"position\":0}",
        "{\"algorithm\":\"chacha20\",\"seed\":-0,\"position\":0}",
        "{\"algorithm\":\"chacha20\",\"seed\":1.5,\"position\":0}",
        "{\"algorithm\":\"chacha20\",\"seed\":1e400,\"position\":0}",
        "{\"algorithm\":\"chacha20\",\"seed\":18446744073709551616,\"position\":0}",
        "{\"dice\":4294967296,\"speed\":\"slow\",\"rolls\":0,\"stopped\":false,\"unstoppable\":false}",
        "{\"dice\":4,\"speed\":\"slow\",\"rolls\":0,\"stopped\":0,\"unstoppable\":false}",
        "{\"dice\":4,\"speed\":\"slow\",\"rolls\":0,\"stopped\":false,\"unstoppable\":false,\"x\":1e400}",
        "{\"die\":\"d20\",\"winner\":\"highest\",\"x\":[1,{\"y\":\"\\ud83c\"}]}",
        "{\"die\":\"d20\",\"winner\":\"highest\"} x",
        "{\"die\":\"d20\",\n\"winner\":\"most\"}",
        "{\"die\":\"d20\",\n\"winner\":\"highest\"\n,",
        &deep(127),
        &deep(128),
        &long,
    ] {
        if let Err(e) = all_same(text) {
            panic!("{e}");
        }
    }
}

#[test]
fn every_input_is_within_the_flat_readers_limits() {
    // An object's fields are tracked in a 32-bit mask and matched byte by byte (ASCII).
    for flat in [
        SeedState::FLAT,
        Countdown::FLAT,
        DieSize::FLAT,
        Keep::FLAT,
        <Option<RollOffConfig>>::FLAT,
        CountdownSpeed::FLAT,
    ] {
        let (names, shapes): (&[&str], Vec<Shape>) = match flat {
            Flat::Value(shape) => (&[], vec![shape]),
            Flat::Object { names, shapes, .. } => (names, shapes.to_vec()),
        };
        assert!(names.len() <= 32 && names.len() <= SLOTS);
        assert_eq!(names.len().max(1), shapes.len());
        let mut all: Vec<&str> = names.to_vec();
        for shape in &shapes {
            if let Shape::Name(variants) = shape {
                all.extend_from_slice(variants);
            }
        }
        assert!(all.iter().all(|n| n.is_ascii()), "{all:?}");
    }
}
