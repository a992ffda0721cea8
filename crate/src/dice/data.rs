//! Values for a formula's `@path` references (`1d20 + @abilities.str.mod`), as Foundry VTT's
//! roll data supplies them.
//!
//! A path is looked up when the formula is parsed and becomes a plain number in the parsed
//! expression (and in its normalized notation: `1d20+@prof` with `prof: 3` normalizes to
//! `1d20+3`). A path without a value, or whose value is not a whole number, is an error with
//! code `NOTATION_DATA` at the `@`; a value beyond ±(2^53 − 1) is `NOTATION_LIMIT`.

use crate::dice::limits::MAX_MAGNITUDE;
use crate::error::{Error, ErrorCode, Result};

/// What a path holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DataValue {
    /// Nothing at this path (or `null`).
    Missing,
    /// A number (a numeric string counts as its number).
    Number(f64),
    /// Something else: text, a list, an object, a boolean.
    NotNumeric,
}

/// Where `@path` values come from.
pub trait FormulaData {
    /// The value at `path` (dot-separated: `abilities.str.mod`).
    fn lookup(&self, path: &str) -> DataValue;
}

/// A JSON object, walked key by key (`items.0.uses` indexes a list); a string holding a whole
/// number (`"3"`, `"+2"`) counts as that number, as Foundry VTT's text substitution would.
impl FormulaData for serde_json::Value {
    fn lookup(&self, path: &str) -> DataValue {
        let mut at = self;
        for key in path.split('.') {
            let next = match at {
                serde_json::Value::Object(map) => map.get(key),
                serde_json::Value::Array(list) => {
                    key.parse::<usize>().ok().and_then(|i| list.get(i))
                }
                _ => None,
            };
            match next {
                Some(v) => at = v,
                None => return DataValue::Missing,
            }
        }
        match at {
            serde_json::Value::Null => DataValue::Missing,
            serde_json::Value::Number(n) => {
                n.as_f64().map_or(DataValue::NotNumeric, DataValue::Number)
            }
            serde_json::Value::String(s) => numeric_text(s),
            _ => DataValue::NotNumeric,
        }
    }
}

/// Pairs of path and value.
impl<const N: usize> FormulaData for [(&str, f64); N] {
    fn lookup(&self, path: &str) -> DataValue {
        self.iter()
            .find(|(p, _)| *p == path)
            .map_or(DataValue::Missing, |(_, v)| DataValue::Number(*v))
    }
}

/// A string holding a whole number, with an optional sign and surrounding spaces.
pub(crate) fn numeric_text(text: &str) -> DataValue {
    let t = text.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return DataValue::NotNumeric;
    }
    t.parse::<f64>()
        .map_or(DataValue::NotNumeric, DataValue::Number)
}

/// The number `path` (written at character `pos`) stands for.
pub(crate) fn resolve(data: Option<&dyn FormulaData>, path: &str, pos: u32) -> Result<i64> {
    let error = |code, message: String| Err(Error::at(code, pos as usize, message));
    let Some(data) = data else {
        return error(
            ErrorCode::NotationData,
            format!("@{path} needs data, and none was given"),
        );
    };
    match data.lookup(path) {
        DataValue::Missing => error(
            ErrorCode::NotationData,
            format!("the data has no value at @{path}"),
        ),
        DataValue::NotNumeric => error(
            ErrorCode::NotationData,
            format!("the value at @{path} is not a number"),
        ),
        DataValue::Number(v) if !v.is_finite() || v.fract() != 0.0 => error(
            ErrorCode::NotationData,
            format!("the value at @{path} ({v}) is not a whole number"),
        ),
        DataValue::Number(v) if v.abs() > MAX_MAGNITUDE as f64 => error(
            ErrorCode::NotationLimit,
            format!("the value at @{path} is larger than {MAX_MAGNITUDE}"),
        ),
        // Whole and within ±(2^53 − 1): the conversion is exact.
        DataValue::Number(v) => Ok(v as i64),
    }
}

/// The table the JS facade builds from its data object: the paths a formula mentions, one per
/// line, and their values (NaN: missing; an infinity: not a number).
pub struct DataTable<'a> {
    pub paths: &'a str,
    pub values: &'a [f64],
}

impl FormulaData for DataTable<'_> {
    fn lookup(&self, path: &str) -> DataValue {
        let found = self
            .paths
            .split('\n')
            .position(|p| p == path)
            .and_then(|i| self.values.get(i));
        match found {
            None => DataValue::Missing,
            Some(v) if v.is_nan() => DataValue::Missing,
            Some(v) if v.is_infinite() => DataValue::NotNumeric,
            Some(&v) => DataValue::Number(v),
        }
    }
}
