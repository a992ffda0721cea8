//! The wire reader and writer against serde_json, on hand-made types covering every shape the
//! derives support. (The crate's integration tests compare real commands, events and
//! snapshots.)

use serde::{Deserialize, Serialize};

use super::*;
use crate::wire::{FromWire, ToWire};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, FromWire, ToWire)]
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromWire, ToWire)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Strict {
    a_b: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromWire, ToWire)]
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

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, FromWire, ToWire)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Units {
    OneTwo,
    Three,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromWire, ToWire)]
#[serde(rename_all = "camelCase")]
enum External {
    Bare,
    Wrapped(u32),
    Named { x_y: u8 },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromWire, ToWire)]
#[serde(tag = "unit", content = "value", rename_all = "camelCase")]
enum Adjacent {
    Feet(u32),
    Nothing,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromWire, ToWire)]
#[serde(untagged)]
enum Either {
    Number(u32),
    Text(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromWire, ToWire)]
struct Tuple(u8, String);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromWire, ToWire)]
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

#[test]
fn errors_say_what_and_where() {
    let e = read_all::<Plain>("{\n  \"list\": [],\n  \"f\": 1}").unwrap_err();
    assert_eq!(e.message, "missing field `firstName` at line 3 column 9");
    let e = read_all::<Tagged>(r#"{"type":"nope"}"#).unwrap_err();
    assert!(
        e.message
            .starts_with("unknown variant `nope`, expected one of `unitOne`"),
        "{e}"
    );
    let e = from_json::<u8>("300", "level", ErrorCode::SnapshotInvalid).unwrap_err();
    assert_eq!(e.code, ErrorCode::SnapshotInvalid);
    assert!(
        e.message
            .starts_with("invalid level: invalid value: integer `300`, expected u8")
    );
    let big = " ".repeat(MAX_JSON_BYTES + 1);
    let e = from_json::<u8>(&big, "level", ErrorCode::InvalidArgument).unwrap_err();
    assert_eq!(e.code, ErrorCode::LimitExceeded);
}
