//! Values for a formula's `@path` references (`1d20 + @abilities.str.mod`), read the way
//! Foundry VTT's `Roll.replaceFormulaData` reads its roll data: each `@path` is replaced by the
//! *text* of its value before the formula is parsed, so a value may be a number (`3`) or a piece
//! of formula (`"d8"`, `"3d6"`, `"+2"`), glued to what surrounds it: `2@scale.monk.die` with
//! `"d8"` is `2d8`, `2d@attributes.hd.largestFace` with `10` is `2d10`.
//!
//! What this module adds on top of plain text substitution:
//! - A number must be whole (`NOTATION_DATA` otherwise) and within ±(2^53 − 1)
//!   (`NOTATION_LIMIT`), checked at the `@`.
//! - Substitution happens once. A value that itself names an `@path` is `NOTATION_DATA` (Foundry
//!   leaves such a name in place, where it then fails to roll).
//! - A path with no value stays an error (`NOTATION_DATA`) unless [`DataOptions::missing`] gives
//!   the text to put in its place, as Foundry's `missing` option does (usually `0`).
//! - The formula with its values in place may not be longer than
//!   [`MAX_NOTATION_CHARS`]; a value that makes it longer is `NOTATION_LIMIT` at its `@`.
//! - Every position in an error is one in the text the caller wrote: a problem inside a value's
//!   text points at that value's `@`, and a syntax error there is `NOTATION_DATA` (the data, not
//!   the formula, is wrong).

use std::borrow::Cow;

use crate::dice::limits::{MAX_MAGNITUDE, MAX_NOTATION_CHARS};
use crate::error::{Error, ErrorCode, Result};

/// What a path holds.
#[derive(Debug, Clone, PartialEq)]
pub enum DataValue<'a> {
    /// Nothing at this path (or `null`).
    Missing,
    /// A number: it must be whole to be used.
    Number(f64),
    /// Text, put into the formula as written (without surrounding whitespace): a number (`"3"`,
    /// `"+2"`) or a piece of formula (`"d8"`, `"3d6"`, `"2d10+2"`).
    Text(Cow<'a, str>),
    /// Something that is neither a number nor text (a list, an object, a boolean): it cannot be
    /// put into a formula.
    NotNumeric,
}

/// Where `@path` values come from.
pub trait FormulaData {
    /// The value at `path` (dot-separated: `abilities.str.mod`).
    fn lookup(&self, path: &str) -> DataValue<'_>;

    /// How the error that refuses the number `value` at `path` (not whole, or not finite)
    /// quotes it: Rust's `Display` (the shortest digits that read back as the number, never an
    /// exponent). A source that already holds that text says so instead, which keeps the float
    /// formatter out of a module that needs it for nothing else (the JS facade's
    /// [`DataTable`]). `None`: the error names the path without the value.
    fn number_text(&self, path: &str, value: f64) -> Option<String> {
        let _ = path;
        Some(crate::text::float::display_f64(value))
    }
}

/// How `@path` references are filled in beyond the data itself.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DataOptions<'a> {
    /// The text put in place of a path that has no value (Foundry's `missing` option; `"0"` is
    /// the usual choice). `None`: such a path is [`ErrorCode::NotationData`].
    pub missing: Option<&'a str>,
}

/// A JSON object, walked key by key (`items.0.uses` indexes a list); a key that is itself the
/// whole dotted path is found first, as Foundry's `getProperty` does. Strings are text to put in
/// the formula. The dnd5e system's scale values, written as JSON (`JSON.stringify` of an actor's
/// roll data), read as they do in Foundry: a dice scale `{ "number": 3, "faces": 6 }` is `3d6`
/// (and its `.die` is `d6`, its `.formula` `3d6`), a number or text scale `{ "value": 2 }` is its
/// value.
impl FormulaData for serde_json::Value {
    fn lookup(&self, path: &str) -> DataValue<'_> {
        use serde_json::Value;
        let mut at = self;
        if let Some(whole) = self.as_object().and_then(|map| map.get(path)) {
            at = whole;
        } else {
            let mut keys = path.split('.');
            while let Some(key) = keys.next() {
                let next = match at {
                    Value::Object(map) => map.get(key),
                    Value::Array(list) => key.parse::<usize>().ok().and_then(|i| list.get(i)),
                    _ => None,
                };
                match next {
                    Some(v) => at = v,
                    None => {
                        // A dice scale's derived properties, which JSON does not carry.
                        let last = keys.next().is_none();
                        return match (last, DiceScale::of(at)) {
                            (true, Some(scale)) => scale.property(key),
                            _ => DataValue::Missing,
                        };
                    }
                }
            }
        }
        match at {
            Value::Null => DataValue::Missing,
            Value::Number(n) => n.as_f64().map_or(DataValue::NotNumeric, DataValue::Number),
            Value::String(s) => DataValue::Text(Cow::Borrowed(s)),
            Value::Object(map) => {
                if let Some(scale) = DiceScale::of(at) {
                    return DataValue::Text(Cow::Owned(scale.formula()));
                }
                // A number, text or distance scale: `{ value }`, `{ value, units }`.
                let only_value = map.keys().all(|k| k == "value" || k == "units");
                match map.get("value") {
                    Some(Value::Number(n)) if only_value => {
                        n.as_f64().map_or(DataValue::NotNumeric, DataValue::Number)
                    }
                    Some(Value::String(s)) if only_value => DataValue::Text(Cow::Borrowed(s)),
                    _ => DataValue::NotNumeric,
                }
            }
            Value::Bool(_) | Value::Array(_) => DataValue::NotNumeric,
        }
    }
}

/// A dnd5e dice scale value as JSON: `{ number, faces, modifiers }`, nothing else, with whole
/// `faces` above 0, `number` whole or null, `modifiers` a list of texts (`"r1"`).
struct DiceScale<'a> {
    number: Option<u64>,
    faces: u64,
    modifiers: &'a [serde_json::Value],
}

impl<'a> DiceScale<'a> {
    fn of(value: &'a serde_json::Value) -> Option<Self> {
        let map = value.as_object()?;
        if !map
            .keys()
            .all(|k| matches!(k.as_str(), "number" | "faces" | "modifiers"))
        {
            return None;
        }
        let faces = map.get("faces")?.as_u64().filter(|f| *f > 0)?;
        let number = match map.get("number") {
            None | Some(serde_json::Value::Null) => None,
            Some(n) => Some(n.as_u64()?),
        };
        let modifiers = match map.get("modifiers") {
            None => &[][..],
            Some(list) => list.as_array()?.as_slice(),
        };
        if !modifiers.iter().all(serde_json::Value::is_string) {
            return None;
        }
        Some(Self {
            number,
            faces,
            modifiers,
        })
    }

    /// `d8r1`: the die and its modifiers (dnd5e's `die`).
    fn die(&self) -> String {
        let mut text = format!("d{}", self.faces);
        for m in self.modifiers.iter().filter_map(serde_json::Value::as_str) {
            text.push_str(m);
        }
        text
    }

    /// `3d8r1`, or `d8r1` without a number (dnd5e's `formula` and `toString()`).
    fn formula(&self) -> String {
        match self.number {
            Some(n) => format!("{n}{}", self.die()),
            None => self.die(),
        }
    }

    fn property(&self, key: &str) -> DataValue<'static> {
        match key {
            "die" => DataValue::Text(Cow::Owned(self.die())),
            "denom" => DataValue::Text(Cow::Owned(format!("d{}", self.faces))),
            "formula" => DataValue::Text(Cow::Owned(self.formula())),
            _ => DataValue::Missing,
        }
    }
}

/// Pairs of path and value.
impl<const N: usize> FormulaData for [(&str, f64); N] {
    fn lookup(&self, path: &str) -> DataValue<'_> {
        self.iter()
            .find(|(p, _)| *p == path)
            .map_or(DataValue::Missing, |(_, v)| DataValue::Number(*v))
    }
}

/// The table the JS facade builds from its data object: the paths a formula mentions, one per
/// line, their values (NaN: missing; +∞: neither a number nor text; −∞: text, found on the same
/// line of `texts`) and the texts: for a text its value, for a number that is not whole the
/// number as Rust's `Display` writes it (the facade's `plainNumber`, checked against the
/// core's own formatting by tests/js/dice_entry.test.mjs), otherwise an empty line.
pub struct DataTable<'a> {
    pub paths: &'a str,
    pub values: &'a [f64],
    pub texts: &'a str,
}

impl DataTable<'_> {
    /// Where `path` is in the table.
    fn index(&self, path: &str) -> Option<usize> {
        lines(self.paths).position(|p| p == path.as_bytes())
    }

    /// The line of `texts` for the path at `index`.
    fn text(&self, index: usize) -> Option<&str> {
        let mut start = 0usize;
        for (i, line) in lines(self.texts).enumerate() {
            if i == index {
                // A line break is one byte and never inside a character, so the line's ends
                // are character boundaries.
                return self.texts.get(start..start.saturating_add(line.len()));
            }
            start = start.saturating_add(line.len()).saturating_add(1);
        }
        None
    }
}

/// The lines of `text`, as bytes: splitting a `str` by a `char` brings the standard library's
/// character search into the dice-only module, for this table alone.
fn lines(text: &str) -> impl Iterator<Item = &[u8]> {
    text.as_bytes().split(|&b| b == b'\n')
}

impl FormulaData for DataTable<'_> {
    fn lookup(&self, path: &str) -> DataValue<'_> {
        let Some(i) = self.index(path) else {
            return DataValue::Missing;
        };
        match self.values.get(i) {
            None => DataValue::Missing,
            Some(v) if v.is_nan() => DataValue::Missing,
            Some(&f64::NEG_INFINITY) => self
                .text(i)
                .map_or(DataValue::Missing, |t| DataValue::Text(Cow::Borrowed(t))),
            Some(v) if v.is_infinite() => DataValue::NotNumeric,
            Some(&v) => DataValue::Number(v),
        }
    }

    /// The facade's text for the number (see the type's comment); a table without one quotes
    /// no value rather than bring the float formatter into the dice-only module.
    fn number_text(&self, path: &str, _value: f64) -> Option<String> {
        let text = self.index(path).and_then(|i| self.text(i))?;
        (!text.is_empty()).then(|| text.to_owned())
    }
}

/// How many bytes of `bytes[start..]` an `@path` takes: letters, digits, `_` and `.`, and `-`
/// when a letter or `_` follows it (so `@flags.my-module.x` is one path and `@mod-2` is `@mod`
/// minus 2). Foundry's own pattern also takes a `-` before a digit; that path would have no
/// value there, so reading it as a minus only gives a meaning where Foundry has none.
pub(crate) fn path_len(bytes: &[u8], start: usize) -> usize {
    let mut end = start;
    while let Some(&b) = bytes.get(end) {
        let next_starts_name = bytes
            .get(end.saturating_add(1))
            .is_some_and(|n| n.is_ascii_alphabetic() || *n == b'_');
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || (b == b'-' && next_starts_name) {
            end += 1;
        } else {
            break;
        }
    }
    end - start
}

/// One `@path` replaced by its value's text.
#[derive(Debug)]
pub(crate) struct Span {
    /// Character index of the `@` in the written text.
    pub at: u32,
    /// Character index just after the path in the written text.
    written_end: u32,
    /// The value's characters in the substituted text: `start..end`.
    start: u32,
    end: u32,
    /// The path (for messages).
    pub path: Box<str>,
    /// The value's text (for messages).
    pub value: Box<str>,
}

/// A formula with its `@path` values in place, and where each came from.
#[derive(Debug)]
pub(crate) struct Substituted<'t> {
    /// The text to parse.
    pub text: Cow<'t, str>,
    /// The text as written.
    written: &'t str,
    /// In order of position.
    spans: Vec<Span>,
}

impl Substituted<'_> {
    /// The position in the written text of character `pos` of the substituted text: inside a
    /// value, that value's `@`.
    pub(crate) fn written_pos(&self, pos: u32) -> u32 {
        let i = self.spans.partition_point(|s| s.start <= pos);
        match i.checked_sub(1).and_then(|i| self.spans.get(i)) {
            None => pos,
            Some(s) if pos < s.end => s.at,
            Some(s) => s.written_end.saturating_add(pos - s.end),
        }
    }

    /// The value whose `@` is at `at` in the written text (where everything read from inside
    /// that value is reported).
    pub(crate) fn span_at(&self, at: u32) -> Option<&Span> {
        let i = self.spans.partition_point(|s| s.at < at);
        self.spans.get(i).filter(|s| s.at == at)
    }

    /// An error from parsing the substituted text, said in terms of the written one: a syntax
    /// error inside a value (or at the end of the formula, right after its last value) is the
    /// data's fault, `NOTATION_DATA` at the value's `@`; any other error there names the value.
    pub(crate) fn explain(&self, mut e: Error) -> Error {
        let Some(pos) = e.position.and_then(|p| u32::try_from(p).ok()) else {
            return e;
        };
        // The formula ends right after a value that wants more (`+`, `2d`): that value's fault.
        let at_end = e.code == ErrorCode::NotationSyntax
            && self.written.chars().count() == pos as usize
            && self.spans.last().is_some_and(|s| {
                s.value.ends_with(|c: char| {
                    // Bytes, not text: a `char` searched for in a `str` brings the
                    // standard library's substring search.
                    u8::try_from(c)
                        .is_ok_and(|b| b.is_ascii_alphabetic() || b"+-*/(,<>=!".contains(&b))
                }) && self
                    .written
                    .chars()
                    .skip(s.written_end as usize)
                    .all(char::is_whitespace)
            });
        let last = at_end.then(|| self.spans.last()).flatten();
        let Some(span) = self.span_at(pos).or(last) else {
            return e;
        };
        match e.code {
            ErrorCode::NotationData => {}
            ErrorCode::NotationSyntax => {
                e.code = ErrorCode::NotationData;
                e.message = format!(
                    "the value at @{} ({}) does not read as a formula: {}",
                    span.path,
                    crate::text::quote::quoted(&span.value, '"'),
                    e.message
                );
            }
            _ => {
                e.message = format!(
                    "with the value at @{} ({}): {}",
                    span.path,
                    crate::text::quote::quoted(&span.value, '"'),
                    e.message
                );
            }
        }
        e.position = Some(span.at as usize);
        e
    }
}

/// `text` with every `@path` that has a value replaced by the value's text (a path without one
/// is left as written unless `options.missing` says what to put there; the parser then reports
/// it). `text` is already within the length limit.
pub(crate) fn substitute<'t>(
    text: &'t str,
    data: &dyn FormulaData,
    options: DataOptions<'_>,
) -> Result<Substituted<'t>> {
    let mut out = Substituted {
        text: Cow::Borrowed(text),
        written: text,
        spans: Vec::new(),
    };
    if !text.contains('@') {
        return Ok(out);
    }
    let bytes = text.as_bytes();
    let mut built = String::with_capacity(text.len().saturating_add(16));
    // Characters in `built` and in `text` so far.
    let mut built_chars = 0u32;
    let mut chars = 0u32;
    let mut byte = 0usize;
    while let Some(c) = text.get(byte..).and_then(|rest| rest.chars().next()) {
        let len = if c == '@' {
            path_len(bytes, byte.saturating_add(1))
        } else {
            0
        };
        if len == 0 {
            built.push(c);
            built_chars = built_chars.saturating_add(1);
            chars = chars.saturating_add(1);
            byte = byte.saturating_add(c.len_utf8());
            continue;
        }
        let path_end = byte.saturating_add(1).saturating_add(len);
        let path = text.get(byte.saturating_add(1)..path_end).unwrap_or("");
        let written_end = chars.saturating_add(1).saturating_add(len as u32);
        let Some(value) = value_text(data, options.missing, path, chars)? else {
            // No value and no `missing`: left as written, for the parser to report where it
            // matters (inside a flavor it is only text).
            built.push_str(text.get(byte..path_end).unwrap_or(""));
            built_chars = built_chars.saturating_add(written_end - chars);
            chars = written_end;
            byte = path_end;
            continue;
        };
        let value_chars = u32::try_from(value.chars().count()).unwrap_or(u32::MAX);
        let start = built_chars;
        built_chars = built_chars.saturating_add(value_chars);
        if built_chars as usize > MAX_NOTATION_CHARS {
            return Err(Error::at(
                ErrorCode::NotationLimit,
                chars as usize,
                format!(
                    "with the value at @{path} in place the formula is longer than {MAX_NOTATION_CHARS} characters"
                ),
            ));
        }
        built.push_str(&value);
        out.spans.push(Span {
            at: chars,
            written_end,
            start,
            end: built_chars,
            path: path.into(),
            value: value.into(),
        });
        chars = written_end;
        byte = path_end;
    }
    if built_chars as usize > MAX_NOTATION_CHARS {
        let at = out.spans.last().map_or(0, |s| s.at);
        return Err(Error::at(
            ErrorCode::NotationLimit,
            at as usize,
            format!(
                "with its values in place the formula is longer than {MAX_NOTATION_CHARS} characters"
            ),
        ));
    }
    out.text = Cow::Owned(built);
    Ok(out)
}

/// The text the value at `path` puts in the formula (`None`: a missing path left as written).
fn value_text(
    data: &dyn FormulaData,
    missing: Option<&str>,
    path: &str,
    at: u32,
) -> Result<Option<String>> {
    let error = |code, message: String| Err(Error::at(code, at as usize, message));
    let value = data.lookup(path);
    let text = match value {
        DataValue::Missing => match missing {
            None => return Ok(None),
            Some(text) => text,
        },
        DataValue::Text(ref text) => text,
        DataValue::NotNumeric => {
            return error(
                ErrorCode::NotationData,
                format!("the value at @{path} is neither a number nor formula text"),
            );
        }
        DataValue::Number(v) if !v.is_finite() || v.fract() != 0.0 => {
            return error(
                ErrorCode::NotationData,
                match data.number_text(path, v) {
                    Some(number) => {
                        format!("the value at @{path} ({number}) is not a whole number")
                    }
                    None => format!("the value at @{path} is not a whole number"),
                },
            );
        }
        DataValue::Number(v) if v.abs() > MAX_MAGNITUDE as f64 => {
            return error(
                ErrorCode::NotationLimit,
                format!("the value at @{path} is larger than {MAX_MAGNITUDE}"),
            );
        }
        // Whole and within ±(2^53 − 1): the conversion is exact.
        DataValue::Number(v) => return Ok(Some((v as i64).to_string())),
    };
    let text = text.trim();
    if text.is_empty() {
        return error(
            ErrorCode::NotationData,
            format!("the value at @{path} is empty text"),
        );
    }
    Ok(Some(text.to_owned()))
}
