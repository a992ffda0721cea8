//! The wire reader and writer against serde_json, on hand-made types covering every shape the
//! derives support. (The crate's integration tests compare real commands, events and
//! snapshots.)

use serde::{Deserialize, Serialize};

use super::*;
use crate::wire::{FromWire, ToWire};

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Plain {
    first_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    maybe: Option<u8>,
    plain_option: Option<i32>,
    #[serde(default = "seven")]
    seven_or: u32,
    list: Vec<i16>,
    #[serde(rename = "f")]
    float: f64,
}

fn seven() -> u32 {
    7
}

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Strict {
    a_b: u8,
}

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
enum Tagged {
    UnitOne,
    WithFields {
        some_value: i64,
        #[serde(default)]
        flag: bool,
    },
    Newtype(Strict),
}

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Units {
    OneTwo,
    Three,
}

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
enum External {
    Bare,
    Wrapped(u32),
    Named { x_y: u8 },
}

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq)]
#[serde(tag = "unit", content = "value", rename_all = "camelCase")]
enum Adjacent {
    Feet(u32),
    Nothing,
}

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq)]
#[serde(untagged)]
enum Either {
    Number(u32),
    Text(String),
}

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq)]
struct Tuple(u8, String);

#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq)]
#[serde(transparent)]
struct Wrapper {
    inner: Vec<Units>,
}

fn same<T>(value: &T)
where
    T: Serialize + for<'de> Deserialize<'de> + FromWire + ToWire + PartialEq + core::fmt::Debug,
{
    let serde_text = serde_json::to_string(value).unwrap();
    assert_eq!(to_json(value), serde_text, "writing {value:?}");
    let back: T = read_all(&serde_text).unwrap();
    assert_eq!(&back, value);
}

fn both_refuse<T>(text: &str)
where
    T: for<'de> Deserialize<'de> + FromWire + core::fmt::Debug,
{
    assert!(
        serde_json::from_str::<T>(text).is_err(),
        "serde took {text}"
    );
    assert!(read_all::<T>(text).is_err(), "wire took {text}");
}

fn both_read<T>(text: &str)
where
    T: for<'de> Deserialize<'de> + FromWire + core::fmt::Debug + PartialEq,
{
    let a: T = serde_json::from_str(text).unwrap();
    let b: T = read_all(text).unwrap();
    assert_eq!(a, b, "{text}");
}

#[test]
fn every_shape_writes_what_serde_writes_and_reads_back() {
    same(&Plain {
        first_name: "a \"quoted\" \\ name\n\t\u{1}é😀".into(),
        maybe: Some(3),
        plain_option: None,
        seven_or: 9,
        list: vec![-3, 0, 32767],
        float: 0.1,
    });
    same(&Plain::default());
    same(&Tagged::UnitOne);
    same(&Tagged::WithFields {
        some_value: -9_000_000_000,
        flag: true,
    });
    same(&Tagged::Newtype(Strict { a_b: 255 }));
    same(&Units::OneTwo);
    same(&vec![
        External::Bare,
        External::Wrapped(4),
        External::Named { x_y: 1 },
    ]);
    same(&vec![Adjacent::Feet(30), Adjacent::Nothing]);
    same(&vec![Either::Number(3), Either::Text("x".into())]);
    same(&Tuple(1, "two".into()));
    same(&Wrapper {
        inner: vec![Units::Three],
    });
    for f in [1.0, -0.0, 1e300, 123.456, f64::MIN_POSITIVE, 5e-324] {
        same(&f);
    }
    same(&(1u8, -2i64, String::from("x")));
    same(&std::collections::BTreeMap::from([
        ("b".to_string(), 1u8),
        ("a\"".to_string(), 2),
    ]));
}

#[test]
fn reading_agrees_with_serde_on_forms_serde_does_not_write() {
    both_read::<Plain>(
        r#" { "firstName" : "x", "list": [], "f": 1, "unknown": {"deep": [1, {"a": null}]} } "#,
    );
    both_read::<Plain>(
        r#"{"firstName":"\u00e9\ud83d\ude00\/","list":[1],"f":-2.5e3,"maybe":null}"#,
    );
    // The tag anywhere in the object, not only first.
    both_read::<Tagged>(r#"{"someValue": 5, "type": "withFields"}"#);
    both_read::<Tagged>(r#"{"aB": 5, "type": "newtype"}"#);
    both_read::<Tagged>(r#"{"type":"unitOne","ignored":1}"#);
    both_read::<Adjacent>(r#"{"value": 5, "unit": "feet"}"#);
    both_read::<Adjacent>(r#"{"unit": "nothing"}"#);
    both_read::<f64>("12");
    both_read::<f64>("-0");
    both_read::<f64>("-0.0");
}

/// A tag that is its object's first key is read once: the variant's reader goes on from after
/// it (`Reader::tagged_variant`), and reads what serde reads, white space, a lone tag, a list
/// of variants and a tag found later included, refusing what serde refuses.
#[test]
fn a_tag_read_first_is_passed_over_once() {
    both_read::<Tagged>(r#" { "type" : "withFields" , "someValue" : 5 } "#);
    both_read::<Tagged>(r#"{"type":"unitOne"}"#);
    both_read::<Tagged>(r#"{"type":"newtype","aB":7}"#);
    both_read::<Vec<Tagged>>(
        r#"[{"type":"unitOne"},{"type":"withFields","someValue":-1,"flag":true},{"someValue":2,"type":"withFields"},{"type":"newtype","aB":1}]"#,
    );
    both_read::<Adjacent>(r#"{"unit":"feet","value":5}"#);
    both_refuse::<Tagged>(r#"{"type":"withFields" "someValue":5}"#);
    both_refuse::<Tagged>(r#"{"type":"withFields","someValue":5,}"#);
    both_refuse::<Tagged>(r#"{"type":"withFields"}"#);
    both_refuse::<Tagged>(r#"{"type":"withFields","someValue":5"#);
    both_refuse::<Tagged>(r#"{"type":"newtype","aB":1,"extra":2}"#);
    // Errors still name the field after the tag.
    let bad = message::<Tagged>(r#"{"type":"withFields","someValue":"x"}"#);
    assert!(
        bad.contains("someValue") && bad.contains("must be"),
        "{bad}"
    );
}

/// A struct's keys are tried in the writer's order byte for byte first (`Reader::fields`);
/// every other order and form reads as serde reads it: keys out of order, skipped or unknown
/// between, written with escapes or white space before the colon, one key the start of
/// another, and a key given twice whether it came in order or not.
#[test]
fn fields_read_alike_in_the_writers_order_and_any_other() {
    both_read::<Plain>(
        r#"{"firstName":"a","maybe":1,"plainOption":2,"sevenOr":3,"list":[4],"f":5}"#,
    );
    both_read::<Plain>(r#"{"firstName":"a","list":[],"f":1}"#);
    both_read::<Plain>(r#"{"f":1,"list":[],"firstName":"a","plainOption":null}"#);
    both_read::<Plain>(r#"{"firstName":"a","other":{"list":1},"list":[],"f":1}"#);
    both_read::<Plain>(r#"{"first\u004eame":"a","list":[],"f":1}"#);
    both_read::<Plain>(r#"{"firstName" :"a","list" : [],"f":1}"#);
    both_read::<Plain>(r#"{"firstNameX":1,"firstName":"a","list":[],"f":1}"#);
    both_read::<Plain>(r#"{"firstName":"a","maybeNot":1,"list":[],"f":1}"#);
    both_read::<Strict>(r#"{"aB":1}"#);
    both_refuse::<Plain>(r#"{"firstName":"a","firstName":"b","list":[],"f":1}"#);
    both_refuse::<Plain>(r#"{"firstName":"a","list":[],"f":1,"firstName":"b"}"#);
    both_refuse::<Plain>(r#"{"firstName":"a","list":[],"f":1,"list":[]}"#);
    both_refuse::<Plain>(r#"{"firstName":"a","list":[],"f":1,}"#);
    both_refuse::<Plain>(r#"{"firstName":"a","list":[]"f":1}"#);
    both_refuse::<Plain>(r#"{"firstName":"a","list":[],"f""#);
    both_refuse::<Strict>(r#"{"aB":1,"aBc":2}"#);
    let bad = message::<Plain>(r#"{"firstName":"a","list":["x"],"f":1}"#);
    assert!(bad.contains("list") && bad.contains("must be"), "{bad}");
}

#[test]
fn reading_refuses_what_serde_refuses() {
    both_refuse::<Plain>(r#"{"list":[],"f":1}"#); // missing firstName
    both_refuse::<Plain>(r#"{"firstName":"x","firstName":"y","list":[],"f":1}"#);
    both_refuse::<Plain>(r#"{"firstName":"x","list":[],"f":1,"maybe":256}"#);
    both_refuse::<Plain>(r#"{"firstName":"x","list":[1.5],"f":1}"#);
    both_refuse::<Plain>(r#"{"firstName":"x","list":[],"f":1} x"#);
    both_refuse::<Plain>(r#"{"firstName":"x\u0001","list":[],"f":"1"}"#);
    both_refuse::<Plain>("{\"firstName\":\"a\u{1}\",\"list\":[],\"f\":1}");
    both_refuse::<Strict>(r#"{"aB":1,"other":2}"#);
    both_refuse::<Tagged>(r#"{"type":"nope"}"#);
    both_refuse::<Tagged>(r#"{"someValue":1}"#);
    both_refuse::<Tagged>(r#"{"type":"newtype","aB":1,"extra":2}"#);
    both_refuse::<Units>(r#""oneTwo""#);
    both_refuse::<u32>("-1");
    both_refuse::<u32>("01");
    both_refuse::<u32>("-0");
    both_refuse::<i8>("-0");
    both_refuse::<i8>("128");
    both_refuse::<String>(r#""\ud800""#);
    both_refuse::<Vec<u8>>("[1,]");
    both_refuse::<Vec<u8>>("[1");
    both_refuse::<Tuple>(r#"[1]"#);
    both_refuse::<Tuple>(r#"[1,"a",2]"#);
    both_refuse::<Either>("true");
}

#[test]
fn nesting_is_limited_and_never_overflows() {
    let deep = "[".repeat(100_000);
    assert!(read_all::<Vec<u8>>(&deep).is_err());
    let mut r = Reader::new(&deep);
    assert!(r.skip().unwrap_err().message.contains("recursion limit"));
    let ok = format!("{}{}", "[".repeat(100), "]".repeat(100));
    let mut r = Reader::new(&ok);
    r.skip().unwrap();
}

/// The message of reading `text` as `T`.
fn message<T: FromWire + core::fmt::Debug>(text: &str) -> String {
    read_all::<T>(text).unwrap_err().message.clone()
}

/// Words a caller never wrote: Rust's type names, serde's, a JSON position.
fn assert_plain(message: &str) {
    for word in [
        "u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64", "f64", "usize", "sequence", "map",
        "variant", "struct", "enum", "`", "line ", "column",
    ] {
        assert!(!message.contains(word), "{word:?} in {message:?}");
    }
}

#[test]
fn errors_name_the_path_and_what_was_expected_in_plain_words() {
    let cases: [(String, &str); 14] = [
        (
            message::<Plain>(r#"{"list":[],"f":1}"#),
            "firstName is missing",
        ),
        (
            message::<Plain>(r#"{"firstName":"x","list":[1,"a"],"f":1}"#),
            r#"list[1] must be a whole number from -32768 to 32767, not the string "a""#,
        ),
        (
            message::<Plain>(r#"{"firstName":"x","list":[],"f":1,"maybe":256}"#),
            "maybe must be a whole number from 0 to 255, not 256",
        ),
        (
            message::<Plain>(r#"{"firstName":"x","list":[],"f":"1"}"#),
            r#"f must be a number, not the string "1""#,
        ),
        (
            message::<Plain>(r#"{"firstName":false,"list":[],"f":1}"#),
            "firstName must be text, not false",
        ),
        (
            message::<Plain>(r#"{"firstName":"x","list":{},"f":1}"#),
            "list must be a list, not an object",
        ),
        (
            message::<Strict>(r#"{"aB":1,"other":2}"#),
            r#"other is not a known field: expected "aB""#,
        ),
        (
            message::<Tagged>(r#"{"type":"nope"}"#),
            r#"type must be one of "unitOne", "withFields", "newtype", not "nope""#,
        ),
        (message::<Tagged>(r#"{"someValue":1}"#), "type is missing"),
        (
            message::<Vec<Tagged>>(r#"[{"type":"unitOne"},{"type":"newtype","aB":1.5}]"#),
            "[1].aB must be a whole number from 0 to 255, not 1.5",
        ),
        (
            message::<Tagged>(r#"{"type":"withFields","someValue":null}"#),
            "someValue must be a whole number, not null",
        ),
        (
            message::<Units>(r#""oneTwo""#),
            r#"the value must be "ONE_TWO" or "THREE", not "oneTwo""#,
        ),
        (
            message::<Tuple>("[1]"),
            "the value must be a list of 2 items",
        ),
        (
            message::<Either>("[true]"),
            "the value must be in one of the accepted forms, not a list",
        ),
    ];
    for (got, want) in &cases {
        assert_eq!(got, want);
        assert_plain(got);
    }
    // A long string is quoted only in part.
    let long = format!(r#"{{"firstName":"x","list":[],"f":"{}"}}"#, "y".repeat(100));
    let m = message::<Plain>(&long);
    assert_eq!(
        m,
        format!(
            r#"f must be a number, not the string "{}"…"#,
            "y".repeat(40)
        )
    );
    // An id's own check keeps its sentence, after the path.
    let m = message::<External>(r#"{"named":{"x_y":"1"}}"#);
    assert_eq!(
        m,
        r#"named.x_y must be a whole number from 0 to 255, not the string "1""#
    );
    let m = message::<External>(r#"{"other":1}"#);
    assert_eq!(
        m,
        r#"other is not a known field: expected one of "bare", "wrapped", "named""#
    );
}

#[test]
fn only_malformed_text_says_where() {
    let e = read_all::<Plain>("{\n  \"list\": [],\n  \"f\": 1").unwrap_err();
    assert_eq!(
        e.message,
        "the value is not well-formed JSON: the text ends inside an object at line 3 column 8"
    );
    let e = read_all::<u8>("1 2").unwrap_err();
    assert!(
        e.message
            .ends_with("more text after the value at line 1 column 2"),
        "{e}"
    );
}

#[test]
fn from_json_names_the_argument_or_the_text() {
    // An argument's error is its path and what was expected, with no prefix.
    let e = from_json::<u8>("300", "level", ErrorCode::InvalidArgument).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    assert_eq!(
        e.message,
        "level must be a whole number from 0 to 255, not 300"
    );
    let e = from_json::<Plain>(
        r#"{"firstName":"x","list":[],"f":true}"#,
        "input",
        ErrorCode::InvalidArgument,
    )
    .unwrap_err();
    assert_eq!(e.message, "f must be a number, not true");
    // Saved text says which text it was.
    let e = from_json::<u8>("300", "snapshot", ErrorCode::SnapshotInvalid).unwrap_err();
    assert_eq!(e.code, ErrorCode::SnapshotInvalid);
    assert_eq!(
        e.message,
        "invalid snapshot: the value must be a whole number from 0 to 255, not 300"
    );
    let big = " ".repeat(MAX_JSON_BYTES + 1);
    let e = from_json::<u8>(&big, "level", ErrorCode::InvalidArgument).unwrap_err();
    assert_eq!(e.code, ErrorCode::LimitExceeded);
}

/// The reader tells a number too large for `f64` without the float parser: exactly where the
/// parser turns to infinity, in every way JSON can spell the number.
#[test]
fn overflow_is_found_where_the_float_parser_finds_it() {
    use super::reader::overflows_f64;
    let limit = "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";
    let below = "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791";
    let cases = [
        limit.to_string(),
        below.to_string(),
        format!("{limit}.0"),
        format!("{below}.99999999999999999999"),
        format!("-{limit}"),
        format!("0.{limit}e309"),
        format!("0.{below}e309"),
        format!("00.000{limit}E+312"),
        format!("{limit}e-1"),
        "1.7976931348623157e308".into(),
        "1.7976931348623158e308".into(),
        "1.7976931348623159e308".into(),
        "1e308".into(),
        "1e309".into(),
        "10e308".into(),
        "0.1e309".into(),
        "0e999999999999999999999".into(),
        "1e999999999999999999999".into(),
        "1e-999999999999999999999".into(),
        "-0".into(),
        "0.0".into(),
        "5e-324".into(),
        "123.456".into(),
    ];
    for text in cases {
        let parsed = text.parse::<f64>().unwrap();
        assert_eq!(overflows_f64(&text), parsed.is_infinite(), "{text}");
    }
}

proptest::proptest! {
    #[test]
    fn overflow_agrees_with_the_float_parser(
        int in "[0-9]{1,20}",
        frac in proptest::option::of("[0-9]{1,20}"),
        exp in proptest::option::of(280i32..330),
    ) {
        let mut text = int;
        if let Some(frac) = frac {
            text = format!("{text}.{frac}");
        }
        if let Some(exp) = exp {
            text = format!("{text}e{exp}");
        }
        let parsed = text.parse::<f64>().unwrap();
        proptest::prop_assert_eq!(super::reader::overflows_f64(&text), parsed.is_infinite(), "{}", text);
    }
}

/// Whole numbers still refuse fractions and numbers past `f64`, and a float field still reads
/// its value.
#[test]
fn numbers_read_as_before() {
    assert!(from_json::<u32>("1.5", "n", crate::error::ErrorCode::InvalidArgument).is_err());
    assert!(from_json::<u32>("1e400", "n", crate::error::ErrorCode::InvalidArgument).is_err());
    assert_eq!(
        from_json::<f64>(" 2.5e3", "n", crate::error::ErrorCode::InvalidArgument).unwrap(),
        2500.0
    );
    assert_eq!(
        from_json::<f64>("-0", "n", crate::error::ErrorCode::InvalidArgument)
            .unwrap()
            .to_bits(),
        (-0.0f64).to_bits()
    );
    assert!(from_json::<f64>("1e309", "n", crate::error::ErrorCode::InvalidArgument).is_err());
    assert!(
        from_json::<Vec<u32>>("[1e309]", "n", crate::error::ErrorCode::InvalidArgument).is_err()
    );
}

/// A field given twice is refused by the one loop that reads every struct's fields, in a
/// struct and in a tagged enum's variant alike.
#[test]
fn a_field_given_twice_is_refused_by_name() {
    assert_eq!(
        message::<Plain>(r#"{"firstName":"x","list":[],"firstName":"y","f":1}"#),
        "firstName is given twice"
    );
    assert_eq!(
        message::<Tagged>(r#"{"type":"withFields","someValue":1,"flag":true,"flag":false}"#),
        "flag is given twice"
    );
}
