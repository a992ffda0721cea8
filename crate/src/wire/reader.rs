//! The JSON reader: a cursor over the text that derived code drives field by field. Nothing is
//! built in between (no tree of values); strings without escapes are borrowed from the text.

use std::borrow::Cow;

use super::failure::{Fault, Result, WireError};
use super::names::NameTable;
use super::writer::to_json;

/// How deeply arrays and objects may nest (serde_json's own limit is the same).
pub const MAX_DEPTH: u32 = 128;

/// A type read from JSON text by the wire reader.
pub trait FromWire: Sized {
    /// Read one value at the reader's position.
    fn read(r: &mut Reader<'_>) -> Result<Self>;

    /// Read an object's fields, passing over the key `skip` (an internally tagged enum's tag,
    /// when this type is the payload of one of its variants). Only structs with named fields
    /// can be such a payload.
    fn read_fields(r: &mut Reader<'_>, skip: Option<&str>) -> Result<Self> {
        let _ = skip;
        Err(r.error("expected a struct with named fields"))
    }

    /// The value of a field that is missing: `None` for options (as serde does), otherwise
    /// nothing, which makes the field required.
    fn absent() -> Option<Self> {
        None
    }
}

/// A number as written: a whole number that fits `u64` or `i64`, or any other finite number
/// (its value is worked out only by [`Reader::float`], the one reader that wants it, so a
/// module that reads no floats carries no float parser).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Number {
    Unsigned(u64),
    Negative(i64),
    Float,
}

/// The most characters of a wrong string an error quotes.
const QUOTED_CHARS: usize = 40;

/// `value` (within `i64::MIN..=u64::MAX`, as every bound of a whole number is) in decimal, through
/// the 64-bit formatting every module has rather than `i128`'s, which brings a 128-bit division.
fn whole_text(value: i128) -> String {
    match (u64::try_from(value), i64::try_from(value)) {
        (Ok(u), _) => u.to_string(),
        (_, Ok(i)) => i.to_string(),
        _ => String::new(),
    }
}

/// Whether the JSON number `text` reads as a finite `f64`: compared digit by digit with the
/// least magnitude that does not ([`overflows_f64`]), which needs no float parser at all. (The
/// value itself, when a float field wants it, is worked out by `super::float`.)
fn finite_f64(text: &str) -> bool {
    !overflows_f64(text)
}

/// The digits of 2^1024 − 2^970, the least magnitude that reads as an infinite `f64` (halfway
/// between `f64::MAX` and 2^1024, where a tie rounds to the even 2^1024).
const OVERFLOW_DIGITS: &[u8] = b"179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";

/// Whether the JSON number `text` (already checked to be one) is too large for a finite `f64`,
/// exactly as `text.parse::<f64>()` would find, without the float parser and its tables: the
/// number is compared digit by digit with [`OVERFLOW_DIGITS`].
pub(crate) fn overflows_f64(text: &str) -> bool {
    let (_, (digits, point)) = super::float::parse_decimal(text);
    !digits.is_empty()
        && crate::text::float::compare(
            &digits,
            point,
            OVERFLOW_DIGITS,
            OVERFLOW_DIGITS.len() as i64,
        )
        .is_ge()
}

/// Eight copies of a byte, for [`plain_run_end`]'s word-at-a-time tests.
const fn lanes(byte: u8) -> u64 {
    u64::from_le_bytes([byte; 8])
}

/// Where the run of plain string characters starting at `from` ends: the index of the first
/// `"`, `\\` or control character (below 0x20), or `bytes.len()`. Eight bytes are tested at a
/// time, as one `u64` (wasm has 64-bit integers, not SIMD by default), since every key and
/// id of every event is scanned here. `(v - lanes(n)) & !v & lanes(0x80)` flags the bytes of
/// `v` below `n`, exactly for the lowest flagged byte (a borrow can only wrongly flag bytes
/// above a true one): XOR with the quote or the backslash makes those zero bytes, so the
/// lowest flag of the three tests is the first byte that ends the run.
fn plain_run_end(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    while let Some(word) = bytes
        .get(at..at.saturating_add(8))
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
    {
        let v = u64::from_le_bytes(word);
        let below = |v: u64, n: u8| v.wrapping_sub(lanes(n)) & !v & lanes(0x80);
        let flags = below(v ^ lanes(b'"'), 1) | below(v ^ lanes(b'\\'), 1) | below(v, 0x20);
        if flags != 0 {
            // The flag is its byte's top bit, the bytes little-endian.
            return at + (flags.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    bytes
        .get(at..)
        .and_then(|rest| {
            rest.iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
        })
        .map_or(bytes.len(), |n| at + n)
}

/// Whether `name` (from a table of field or variant names) is `text`: the lengths and first
/// bytes are compared before the whole, so scanning a table of a hundred variants for an
/// event's tag calls the byte comparison only for the likely few. (Finding a tag among its
/// variants' names was about a tenth of what a follower spent reading a turn's events.)
#[inline]
fn same_name(name: &str, text: &str) -> bool {
    name.len() == text.len() && name.as_bytes().first() == text.as_bytes().first() && name == text
}

/// Whether `bytes[*at..]` starts with `literal`; `at` then moves past it.
fn literal(bytes: &[u8], at: &mut usize, literal: &[u8]) -> bool {
    let found = bytes.get(*at..at.saturating_add(literal.len())) == Some(literal);
    if found {
        *at += literal.len();
    }
    found
}

/// The whole number written at `bytes[*at..]` as JSON writes one (`0`, or digits not
/// starting with `0`), if it is at most `max` and a byte that cannot go on a number follows;
/// `at` then moves past it. (A fraction or an exponent after the digits, or a leading zero,
/// gives `None`, left to the general reader.)
fn whole_prefix(bytes: &[u8], at: &mut usize, max: u64) -> Option<u64> {
    let mut value: u64 = 0;
    let mut digits = 0usize;
    while let Some(&d) = bytes.get(*at + digits) {
        if !d.is_ascii_digit() {
            break;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
        digits += 1;
    }
    let leading_zero = digits > 1 && bytes.get(*at) == Some(&b'0');
    let goes_on = matches!(bytes.get(*at + digits), Some(b'.' | b'e' | b'E'));
    if digits == 0 || leading_zero || goes_on || value > max {
        return None;
    }
    *at += digits;
    Some(value)
}

/// A cursor over JSON text.
pub struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: u32,
    /// Set by [`Reader::tagged_variant`] when the tag was the object's first key:
    /// `(where the object starts, where the tag's value ends)`. The variant's reader then
    /// reads that same object, and [`Reader::object_with`] goes on from after the tag instead
    /// of reading the tag's key and value a second time to pass over them (every variant
    /// reader passes over the tag). Taken by the next object read, wherever it starts.
    after_tag: Option<TagSpan>,
}

/// Where an object starts and where the value of its first key, an enum's tag, ends.
type TagSpan = (usize, usize);

/// What comes first in an object just opened ([`Reader::open_object`]).
enum Opened {
    /// Nothing: `{}`, read whole.
    Empty,
    /// A key.
    Key,
    /// The rest after the tag, its first key (a `,` or the `}`).
    AfterTag,
}

impl Opened {
    /// For a loop over the object's keys: `None` when it is empty (read whole), else whether
    /// a key comes next (`false`: the tag was passed over, a `,` or the `}` comes next).
    fn key_next(self) -> Option<bool> {
        match self {
            Opened::Empty => None,
            Opened::Key => Some(true),
            Opened::AfterTag => Some(false),
        }
    }
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            depth: 0,
            after_tag: None,
        }
    }

    // ---- errors ------------------------------------------------------------------------------

    /// A type's own check failed: `message` is a whole sentence (the value's path is put
    /// before it).
    #[cold]
    #[inline(never)]
    pub fn error(&self, message: &str) -> WireError {
        WireError::new(Fault::Sentence, message.to_string(), self.pos)
    }

    /// An error from a conversion (`try_from`) or a check.
    #[cold]
    #[inline(never)]
    pub fn custom(&self, message: impl core::fmt::Display) -> WireError {
        self.error(&message.to_string())
    }

    /// A conversion (`try_from`) refused the value: its message, without the code (the code is
    /// the caller's to choose).
    #[cold]
    #[inline(never)]
    pub fn refused(&self, error: crate::error::Error) -> WireError {
        self.error(&error.message)
    }

    /// The value is wrong: `predicate` goes on from its path ("is missing").
    #[cold]
    #[inline(never)]
    pub fn wrong(&self, predicate: String) -> WireError {
        WireError::new(Fault::Value, predicate, self.pos)
    }

    /// The text is not JSON.
    #[cold]
    #[inline(never)]
    fn syntax(&self, message: &str) -> WireError {
        WireError::new(Fault::Syntax, message.to_string(), self.pos)
    }

    /// The next value is not what was `expected` (plain words: "text", "a list"): the error
    /// says what it is instead. The value is left unread.
    #[cold]
    #[inline(never)]
    pub fn expected(&mut self, expected: &str) -> WireError {
        let found = self.found();
        self.wrong(format!("must be {expected}, not {found}"))
    }

    /// A name that is not one of `expected` (an enum's variants).
    #[cold]
    #[inline(never)]
    pub fn unknown_variant(&self, name: &str, expected: &[&str]) -> WireError {
        self.wrong(format!(
            "must be {}, not {}",
            one_of(expected),
            to_json(name)
        ))
    }

    /// A list of the wrong length (a tuple, a fixed-size array).
    #[cold]
    #[inline(never)]
    pub fn wrong_length(&self, items: usize) -> WireError {
        self.wrong(format!("must be a list of {items} items"))
    }

    // ---- bytes -------------------------------------------------------------------------------

    fn skip_ws(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            if matches!(b, b' ' | b'\n' | b'\t' | b'\r') {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// The next byte that is not white space (not consumed).
    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.bytes.get(self.pos).copied()
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<()> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else if self.pos >= self.bytes.len() {
            Err(self.syntax("the text ends too soon"))
        } else {
            Err(self.syntax(&format!("expected {what}")))
        }
    }

    fn literal(&mut self, word: &str) -> Result<()> {
        if self
            .bytes
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(word.as_bytes()))
        {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.syntax("expected a value"))
        }
    }

    /// After the whole value: only white space may follow.
    pub fn end(&mut self) -> Result<()> {
        if self.peek().is_some() {
            Err(self.syntax("more text after the value"))
        } else {
            Ok(())
        }
    }

    /// The next value as an error message shows it (`the string "14"`, `1.5`, `a list`),
    /// without reading it.
    fn found(&mut self) -> String {
        let (pos, depth) = (self.pos, self.depth);
        let found = match self.peek() {
            Some(b'"') => match self.str() {
                Ok(s) if s.chars().count() > QUOTED_CHARS => {
                    let short: String = s.chars().take(QUOTED_CHARS).collect();
                    format!("the string {}…", to_json(&short))
                }
                Ok(s) => format!("the string {}", to_json(&*s)),
                Err(_) => "a malformed string".into(),
            },
            Some(b'{') => "an object".into(),
            Some(b'[') => "a list".into(),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.pos;
                match self.number() {
                    Ok(_) => self.text.get(start..self.pos).unwrap_or("").into(),
                    Err(_) => "a malformed number".into(),
                }
            }
            Some(b't') => "true".into(),
            Some(b'f') => "false".into(),
            Some(b'n') => "null".into(),
            None => "nothing".into(),
            Some(_) => "something that is not JSON".into(),
        };
        (self.pos, self.depth) = (pos, depth);
        found
    }

    fn nest(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(self.syntax("nested too deeply (recursion limit exceeded)"))
        } else {
            Ok(())
        }
    }

    // ---- scalars -----------------------------------------------------------------------------

    /// `null`, or an error naming what came instead.
    #[inline(never)]
    pub fn null(&mut self) -> Result<()> {
        if self.peek() == Some(b'n') {
            self.literal("null")
        } else {
            Err(self.expected("null"))
        }
    }

    /// Whether the next value is `null` (consumed if so). Out of line: every `Option` field's
    /// reader calls it, and inlined, each carried its own white-space loop and error.
    #[inline(never)]
    pub fn take_null(&mut self) -> Result<bool> {
        if self.peek() == Some(b'n') {
            self.literal("null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Whether the next value is an object (not consumed).
    #[inline(never)]
    pub fn peek_object(&mut self) -> Result<bool> {
        Ok(self.peek() == Some(b'{'))
    }

    /// Whether the next value is an array (not consumed).
    #[inline(never)]
    pub fn peek_array(&mut self) -> Result<bool> {
        Ok(self.peek() == Some(b'['))
    }

    /// Whether the next value is a string (not consumed).
    #[inline(never)]
    pub fn peek_string(&mut self) -> Result<bool> {
        Ok(self.peek() == Some(b'"'))
    }

    pub fn bool(&mut self) -> Result<bool> {
        match self.peek() {
            Some(b't') => self.literal("true").map(|()| true),
            Some(b'f') => self.literal("false").map(|()| false),
            _ => Err(self.expected("true or false")),
        }
    }

    /// A number as serde_json reads it: integers as `u64`/`i64` (falling back to a float when
    /// out of range), everything else as `f64`.
    pub(crate) fn number(&mut self) -> Result<Number> {
        self.skip_ws();
        let start = self.pos;
        let b = self.bytes;
        let mut i = self.pos;
        let negative = b.get(i) == Some(&b'-');
        if negative {
            i += 1;
        }
        match b.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => {
                while matches!(b.get(i), Some(b'0'..=b'9')) {
                    i += 1;
                }
            }
            _ => {
                self.pos = i;
                return Err(self.syntax("invalid number"));
            }
        }
        let mut integer = true;
        if b.get(i) == Some(&b'.') {
            integer = false;
            i += 1;
            if !matches!(b.get(i), Some(b'0'..=b'9')) {
                self.pos = i;
                return Err(self.syntax("invalid number"));
            }
            while matches!(b.get(i), Some(b'0'..=b'9')) {
                i += 1;
            }
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            integer = false;
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            if !matches!(b.get(i), Some(b'0'..=b'9')) {
                self.pos = i;
                return Err(self.syntax("invalid number"));
            }
            while matches!(b.get(i), Some(b'0'..=b'9')) {
                i += 1;
            }
        }
        self.pos = i;
        let text = self.text.get(start..i).unwrap_or("");
        if integer {
            if negative {
                // serde_json reads `-0` as the float -0.0, not as an integer.
                if let Ok(n) = text.parse::<i64>()
                    && n != 0
                {
                    return Ok(Number::Negative(n));
                }
            } else if let Ok(n) = text.parse::<u64>() {
                return Ok(Number::Unsigned(n));
            }
        }
        if !finite_f64(text) {
            return Err(self.syntax("number out of range"));
        }
        Ok(Number::Float)
    }

    /// A whole number within `min..=max`.
    pub fn unsigned(&mut self, min: u64, max: u64) -> Result<u64> {
        let start = self.pos;
        match self.number_if_any() {
            Some(Number::Unsigned(u)) if (min..=max).contains(&u) => Ok(u),
            _ => Err(self.not_whole(start, i128::from(min), i128::from(max))),
        }
    }

    /// A signed whole number within `min..=max`.
    pub fn signed(&mut self, min: i64, max: i64) -> Result<i64> {
        let start = self.pos;
        let value = match self.number_if_any() {
            Some(Number::Unsigned(u)) => i64::try_from(u).ok(),
            Some(Number::Negative(i)) => Some(i),
            _ => None,
        };
        match value {
            Some(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(self.not_whole(start, i128::from(min), i128::from(max))),
        }
    }

    /// The next number, read; `None` (nothing read) when the next value is not a number or
    /// is malformed.
    fn number_if_any(&mut self) -> Option<Number> {
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            return None;
        }
        let start = self.pos;
        let n = self.number().ok();
        if n.is_none() {
            self.pos = start;
        }
        n
    }

    /// The value at `start` is not a whole number in `min..=max`: the range in words (the
    /// widest ranges without their digits).
    #[cold]
    #[inline(never)]
    fn not_whole(&mut self, start: usize, min: i128, max: i128) -> WireError {
        self.pos = start;
        let expected = if min == i128::from(i64::MIN) && max == i128::from(i64::MAX) {
            "a whole number".to_string()
        } else if max >= i128::from(u64::MAX) {
            format!("a whole number, {} or more", whole_text(min))
        } else {
            format!(
                "a whole number from {} to {}",
                whole_text(min),
                whole_text(max)
            )
        };
        self.expected(&expected)
    }

    /// Any value; a whole number that fits `u64` is given back, anything else passed over.
    pub fn whole_number(&mut self) -> Result<Option<u64>> {
        if matches!(self.peek(), Some(b'0'..=b'9')) {
            if let Number::Unsigned(u) = self.number()? {
                return Ok(Some(u));
            }
            return Ok(None);
        }
        self.skip().map(|()| None)
    }

    /// Any number, as `f64`.
    pub fn float(&mut self) -> Result<f64> {
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            return Err(self.expected("a number"));
        }
        self.skip_ws();
        let start = self.pos;
        Ok(match self.number()? {
            Number::Unsigned(u) => u as f64,
            Number::Negative(i) => i as f64,
            Number::Float => {
                let text = self.text.get(start..self.pos).unwrap_or("");
                match super::float::read_f64(text) {
                    f if f.is_finite() => f,
                    _ => return Err(self.syntax("number out of range")),
                }
            }
        })
    }

    /// A string; borrowed from the text unless it has escapes.
    pub fn str(&mut self) -> Result<Cow<'a, str>> {
        if self.peek() != Some(b'"') {
            return Err(self.expected("text"));
        }
        self.pos += 1;
        let start = self.pos;
        let b = self.bytes;
        // Fast path: no escapes (every key and id comes through here).
        self.pos = plain_run_end(b, start);
        match b.get(self.pos) {
            Some(b'"') => {
                let s = self.text.get(start..self.pos).unwrap_or("");
                self.pos += 1;
                return Ok(Cow::Borrowed(s));
            }
            Some(b'\\') | None => {}
            Some(_) => return Err(self.control_character()),
        }
        if self.pos >= b.len() {
            return Err(self.syntax("the text ends inside a string"));
        }
        let mut out = String::from(self.text.get(start..self.pos).unwrap_or(""));
        loop {
            let run = self.pos;
            while let Some(&c) = b.get(self.pos) {
                if c == b'"' || c == b'\\' {
                    break;
                }
                if c < 0x20 {
                    return Err(self.control_character());
                }
                self.pos += 1;
            }
            out.push_str(self.text.get(run..self.pos).unwrap_or(""));
            match b.get(self.pos) {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    self.pos += 1;
                    self.escape(&mut out)?;
                }
                _ => return Err(self.syntax("the text ends inside a string")),
            }
        }
    }

    #[cold]
    fn control_character(&self) -> WireError {
        self.syntax("control character (\\u0000-\\u001F) found while parsing a string")
    }

    /// The escape after a backslash (`super::escape`, which the flat reader shares).
    fn escape(&mut self, out: &mut String) -> Result<()> {
        match super::escape::decode(self.bytes, self.pos) {
            Ok((c, next)) => {
                out.push(c);
                self.pos = next;
                Ok(())
            }
            Err((message, at)) => {
                self.pos = at;
                Err(self.syntax(message))
            }
        }
    }

    // ---- containers --------------------------------------------------------------------------

    /// An object: `each(reader, key)` is called for every key and must read its value.
    pub fn object(
        &mut self,
        each: &mut dyn FnMut(&mut Reader<'a>, &str) -> Result<()>,
    ) -> Result<()> {
        self.object_with(&mut { each })
    }

    /// [`Reader::object`] for a closure of the caller's own, behind [`EachKey`] rather than
    /// `dyn FnMut` (see [`EachKey`] for why); what derived code and the standard types call.
    pub fn keys<F: FnMut(&mut Reader<'a>, &str) -> Result<()>>(
        &mut self,
        mut each: F,
    ) -> Result<()> {
        self.object_with(&mut each)
    }

    #[inline(never)]
    fn object_with(&mut self, each: &mut dyn EachKey<'a>) -> Result<()> {
        let Some(mut key_next) = self.open_object()?.key_next() else {
            return Ok(());
        };
        loop {
            if key_next {
                let key = self.key()?;
                if let Err(e) = each.each_key(self, &key) {
                    return Err(e.within(&key));
                }
            }
            if !self.more_keys()? {
                return Ok(());
            }
            key_next = true;
        }
    }

    /// Open the object that starts here (after white space): empty (and read whole), a key
    /// next, or, when [`Reader::tagged_variant`] found the tag first here, the place after the
    /// tag (every variant's reader passes over the tag).
    fn open_object(&mut self) -> Result<Opened> {
        if self.peek() != Some(b'{') {
            return Err(self.expected("an object"));
        }
        let after_tag = match self.after_tag.take() {
            Some((start, end)) if start == self.pos => Some(end),
            _ => None,
        };
        self.pos += 1;
        self.nest()?;
        if let Some(end) = after_tag {
            self.pos = end;
            return Ok(Opened::AfterTag);
        }
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Opened::Empty);
        }
        Ok(Opened::Key)
    }

    /// A key and its `:`.
    fn key(&mut self) -> Result<Cow<'a, str>> {
        if self.peek() != Some(b'"') {
            return Err(self.syntax("key must be a string"));
        }
        let key = self.str()?;
        self.expect(b':', "`:`")?;
        Ok(key)
    }

    /// After a value in an object: whether another key follows (its `,` read), or the object
    /// ends (its `}` read).
    fn more_keys(&mut self) -> Result<bool> {
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                Ok(true)
            }
            Some(b'}') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            None => Err(self.syntax("the text ends inside an object")),
            _ => Err(self.syntax("expected `,` or `}`")),
        }
    }

    /// Whether key `name` comes next as the writers write it, `"name":` byte for byte (after
    /// white space): it is then read, `:` included.
    fn key_written(&mut self, name: &str) -> bool {
        self.skip_ws();
        let at = self.pos;
        let found = self.exactly(b"\"") && self.exactly(name.as_bytes()) && self.exactly(b"\":");
        if !found {
            self.pos = at;
        }
        found
    }

    /// An array: `each(reader)` is called for every item and must read it.
    pub fn array(&mut self, each: &mut dyn FnMut(&mut Reader<'a>) -> Result<()>) -> Result<()> {
        self.array_with(&mut { each })
    }

    /// [`Reader::array`] for a closure of the caller's own, behind [`EachItem`] rather than
    /// `dyn FnMut` (see [`EachKey`] for why).
    pub fn items<F: FnMut(&mut Reader<'a>) -> Result<()>>(&mut self, mut each: F) -> Result<()> {
        self.array_with(&mut each)
    }

    #[inline(never)]
    fn array_with(&mut self, each: &mut dyn EachItem<'a>) -> Result<()> {
        if self.peek() != Some(b'[') {
            return Err(self.expected("a list"));
        }
        self.pos += 1;
        self.nest()?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(());
        }
        let mut index = 0;
        loop {
            if let Err(e) = each.each_item(self) {
                return Err(e.at_index(index));
            }
            index += 1;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                None => return Err(self.syntax("the text ends inside a list")),
                _ => return Err(self.syntax("expected `,` or `]`")),
            }
        }
    }

    /// Pass over one value of any kind (checking that it is well formed).
    pub fn skip(&mut self) -> Result<()> {
        match self.peek() {
            Some(b'"') => self.str().map(drop),
            Some(b'{') => self.object(&mut |r, _| r.skip()),
            Some(b'[') => self.array(&mut |r| r.skip()),
            Some(b't' | b'f') => self.bool().map(drop),
            Some(b'n') => self.literal("null"),
            Some(b'-' | b'0'..=b'9') => self.number().map(drop),
            None => Err(self.syntax("the text ends too soon")),
            _ => Err(self.syntax("expected a value")),
        }
    }

    /// The text of the next value (checked to be well formed), without white space around it.
    pub fn raw_value(&mut self) -> Result<&'a str> {
        self.skip_ws();
        let start = self.pos;
        self.skip()?;
        Ok(self.text.get(start..self.pos).unwrap_or(""))
    }

    // ---- what derived code calls -------------------------------------------------------------

    /// A field given twice, as serde refuses it.
    #[cold]
    #[inline(never)]
    pub fn duplicate(&self) -> WireError {
        self.wrong("is given twice".into())
    }

    /// A struct's object, described by its fields' `names` and their `slots` (in the same
    /// order): the value of a key in `names` is read into the slot at its index. Any other key
    /// is the tag to pass over (`skip`), or an unknown field, refused with `deny` and passed
    /// over without. One loop for every struct, and the slots behind [`Slot`]'s vtable, so
    /// derived code holds a table of names and a table of slots: no string comparisons and no
    /// closure of its own (a closure per struct, jumping on the index to a reader per field
    /// type, was larger).
    #[inline(never)]
    pub fn fields(
        &mut self,
        names: &[&str],
        skip: Option<&str>,
        deny: bool,
        slots: &mut [&mut dyn Slot<'a>],
    ) -> Result<()> {
        // The fields given so far, one bit each (the derive allows at most 64 fields): a
        // second value for one is refused here, once, rather than by each slot type's `fill`.
        let mut given: u64 = 0;
        // The writers write a struct's fields in order, so the key after the last one read is
        // tried first, byte for byte: most keys are then neither read as text nor looked up.
        let mut next = 0usize;
        let Some(mut key_next) = self.open_object()?.key_next() else {
            return Ok(());
        };
        loop {
            if key_next {
                let written = names
                    .get(next)
                    .copied()
                    .filter(|name| self.key_written(name));
                let read: Cow<'a, str>;
                let (key, index) = match written {
                    Some(name) => (name, Some(next)),
                    None => {
                        read = self.key()?;
                        let index = names.iter().position(|n| same_name(n, &read));
                        (&*read, index)
                    }
                };
                let field = index.and_then(|i| {
                    Some((
                        i,
                        1u64.checked_shl(u32::try_from(i).ok()?)?,
                        slots.get_mut(i)?,
                    ))
                });
                let result = match field {
                    Some((_, bit, _)) if given & bit != 0 => Err(self.duplicate()),
                    Some((i, bit, slot)) => {
                        given |= bit;
                        next = i.saturating_add(1);
                        slot.fill(self)
                    }
                    None => self.other_key(key, skip, deny, names),
                };
                if let Err(e) = result {
                    return Err(e.within(key));
                }
            }
            if !self.more_keys()? {
                return Ok(());
            }
            key_next = true;
        }
    }

    /// A key no field claims: the tag to pass over, an unknown field to refuse
    /// (`deny_unknown_fields`) or to pass over.
    #[inline(never)]
    pub fn other_key(
        &mut self,
        key: &str,
        skip: Option<&str>,
        deny: bool,
        expected: &[&str],
    ) -> Result<()> {
        if deny && skip != Some(key) {
            return Err(self.unknown_key(expected));
        }
        self.skip()
    }

    /// A key that names no field (or no variant) here; the error's path ends with it.
    #[cold]
    #[inline(never)]
    pub fn unknown_key(&self, expected: &[&str]) -> WireError {
        if expected.is_empty() {
            self.wrong("is not a known field (there are none here)".into())
        } else {
            self.wrong(format!(
                "is not a known field: expected {}",
                one_of(expected)
            ))
        }
    }

    /// A field that was not there: its type's absent value (`None`), or an error.
    pub fn missing<T: FromWire>(&self, name: &str) -> Result<T> {
        T::absent().ok_or_else(|| self.missing_key(name))
    }

    /// Field `name` is required and was not given.
    #[cold]
    #[inline(never)]
    pub fn missing_key(&self, name: &str) -> WireError {
        self.wrong("is missing".into()).within(name)
    }

    /// The field at index `at` of `names` is required and was not given: one exit for all of a
    /// struct's required fields, which derived code reaches with the index alone.
    #[cold]
    #[inline(never)]
    pub fn missing_field(&self, names: &[&str], at: usize) -> WireError {
        self.missing_key(names.get(at).copied().unwrap_or_default())
    }

    /// An internally tagged enum's tag: the string value of key `tag` in the object that
    /// starts here. The reader is left where it was, so the variant then reads the whole object
    /// (passing over the tag). The tag is usually the first key, so the scan is short.
    pub fn find_tag(&mut self, tag: &str) -> Result<Cow<'a, str>> {
        self.find_tag_first(tag).map(|(value, _)| value)
    }

    /// [`Reader::find_tag`], with where the object starts and the tag's value ends when the
    /// tag was the object's first key (see [`Reader::tagged_variant`]).
    fn find_tag_first(&mut self, tag: &str) -> Result<(Cow<'a, str>, Option<TagSpan>)> {
        let start = self.pos;
        if let Some((value, brace)) = self.first_key_tag(tag) {
            let end = self.pos;
            self.pos = start;
            return Ok((value, Some((brace, end))));
        }
        self.pos = start;
        let mut found: Option<Cow<'a, str>> = None;
        let scan = self.object(&mut |r, key| {
            if found.is_none() && key == tag {
                found = Some(r.str()?);
                // Stop scanning: the rest is read by the variant.
                Err(WireError::new(Fault::Stop, String::new(), r.pos))
            } else {
                r.skip()
            }
        });
        let depth_after = self.depth;
        self.pos = start;
        match (found, scan) {
            (Some(value), _) => {
                // The early stop left one level open.
                self.depth = depth_after.saturating_sub(1);
                Ok((value, None))
            }
            (None, Err(e)) => Err(e),
            (None, Ok(())) => Err(self.missing_key(tag)),
        }
    }

    /// [`Reader::find_tag`] when the tag is the object's first key and its value a plain
    /// string, as every writer of events and commands puts it: read straight off, without the
    /// scan's stop (an error, which allocates), with where the object starts. `None` for
    /// anything else, which the scan then reads, errors included. The reader's position is
    /// left for the caller to put back.
    fn first_key_tag(&mut self, tag: &str) -> Option<(Cow<'a, str>, usize)> {
        if self.peek() != Some(b'{') || self.depth >= MAX_DEPTH {
            return None;
        }
        let brace = self.pos;
        self.pos += 1;
        if self.peek() != Some(b'"') || self.str().ok()? != tag || self.peek() != Some(b':') {
            return None;
        }
        self.pos += 1;
        if self.peek() != Some(b'"') {
            return None;
        }
        Some((self.str().ok()?, brace))
    }

    /// The index of an internally tagged enum's tag value `name` in `names`, found through
    /// `table` when the enum has one (its error's path ends with the tag's key).
    #[inline(never)]
    pub fn tag_index(
        &self,
        tag: &str,
        name: &str,
        names: &[&str],
        table: Option<&NameTable>,
    ) -> Result<usize> {
        let found = match table {
            Some(table) => table
                .find(name, names)
                .ok_or_else(|| self.unknown_variant(name, names)),
            None => self.variant_index(name, names),
        };
        found.map_err(|e| e.within(tag))
    }

    /// An internally (or adjacently) tagged enum's variant: the index in `names` of the value
    /// of key `tag` ([`Reader::find_tag`], [`Reader::tag_index`]). One call, and the tag's
    /// text is dropped here rather than at every exit of every derived reader.
    pub fn tagged_variant(&mut self, tag: &str, names: &[&str]) -> Result<usize> {
        self.tagged(tag, names, None)
    }

    /// [`Reader::tagged_variant`] for an enum with many variants, whose name is found through
    /// `table` (`crate::wire::names`).
    pub fn tagged_variant_in(
        &mut self,
        tag: &str,
        names: &[&str],
        table: &NameTable,
    ) -> Result<usize> {
        self.tagged(tag, names, Some(table))
    }

    #[inline(never)]
    fn tagged(&mut self, tag: &str, names: &[&str], table: Option<&NameTable>) -> Result<usize> {
        let (name, first) = self.find_tag_first(tag)?;
        let index = self.tag_index(tag, &name, names, table)?;
        self.after_tag = first;
        Ok(index)
    }

    /// The index of a variant named by an object's key (an externally tagged enum).
    #[inline(never)]
    pub fn key_index(&self, key: &str, names: &[&str]) -> Result<usize> {
        match names.iter().position(|n| same_name(n, key)) {
            Some(i) => Ok(i),
            None => Err(self.unknown_key(names)),
        }
    }

    /// A unit variant's name, as its index in `names` (the enum's variants in order). One
    /// routine for every enum, so derived code matches a small integer instead of carrying its
    /// own chain of string comparisons.
    #[inline(never)]
    pub fn variant(&mut self, names: &[&str]) -> Result<usize> {
        let name = self.str()?;
        self.variant_index(&name, names)
    }

    /// The index of `name` in `names`, or an unknown-variant error (a tag, or a key that names
    /// a variant).
    #[inline(never)]
    pub fn variant_index(&self, name: &str, names: &[&str]) -> Result<usize> {
        match names.iter().position(|n| same_name(n, name)) {
            Some(i) => Ok(i),
            None => Err(self.unknown_variant(name, names)),
        }
    }

    /// An object written exactly `{"a":N,"b":M}` (the writer's form: these keys in this order,
    /// no white space inside, N and M whole numbers of at most `max`): the two numbers, the
    /// object read. `None`, with nothing read, for any other text; the caller then reads it
    /// the general way, which reads every other form and words every error. (A follower's
    /// events carry a rolled die, `{"sides":6,"face":3}`, for every initiative die and roll-off
    /// draw, and the general way costs about ten times as much.)
    pub fn whole_pair(&mut self, a: &str, b: &str, max: u64) -> Option<(u64, u64)> {
        if self.peek() != Some(b'{') || self.depth >= MAX_DEPTH {
            return None;
        }
        let rest = self.bytes.get(self.pos..)?;
        let mut at = 0usize;
        let key = |at: &mut usize, before: &[u8], key: &str| {
            literal(rest, at, before)
                && literal(rest, at, key.as_bytes())
                && literal(rest, at, b"\":")
        };
        if !key(&mut at, b"{\"", a) {
            return None;
        }
        let first = whole_prefix(rest, &mut at, max)?;
        if !key(&mut at, b",\"", b) {
            return None;
        }
        let second = whole_prefix(rest, &mut at, max)?;
        if !literal(rest, &mut at, b"}") {
            return None;
        }
        self.pos += at;
        Some((first, second))
    }

    /// Try `read`; on failure put the reader back and give `None` (untagged enums).
    pub fn attempt<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Option<T> {
        self.as_written(|r| read(r).ok())
    }

    /// A fast path for the one form a hot value is written in (a `#[wire(read_first)]`
    /// reader): `read` reads that form, or gives `None` and the reader is put back where it
    /// was, for the derived reader to read whatever the text holds.
    pub fn as_written<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let (pos, depth, after_tag) = (self.pos, self.depth, self.after_tag);
        let read = read(self);
        if read.is_none() {
            self.pos = pos;
            self.depth = depth;
            self.after_tag = after_tag;
        }
        read
    }

    /// Whether `text` comes next, byte for byte with no white space first: it is then read.
    /// (What [`Reader::as_written`] readers match the writer's punctuation and keys with.)
    pub fn exactly(&mut self, text: &[u8]) -> bool {
        literal(self.bytes, &mut self.pos, text)
    }

    /// Whether `levels` more levels of arrays and objects may open here ([`MAX_DEPTH`]): a
    /// fast path that reads nested objects without opening them checks what the derived
    /// reader's nesting would.
    pub fn may_nest(&self, levels: u32) -> bool {
        self.depth.saturating_add(levels) <= MAX_DEPTH
    }
}

/// What [`Reader::keys`] calls for each key of an object. A trait of its own rather than
/// `dyn FnMut`: the vtable of a `dyn FnMut` also points at a `call_once` shim compiled for every
/// closure, and with a closure in every type's reader those shims were some 35 KB of the
/// `.wasm`. This vtable holds the one method.
pub trait EachKey<'a> {
    fn each_key(&mut self, r: &mut Reader<'a>, key: &str) -> Result<()>;
}

impl<'a, F: FnMut(&mut Reader<'a>, &str) -> Result<()>> EachKey<'a> for F {
    fn each_key(&mut self, r: &mut Reader<'a>, key: &str) -> Result<()> {
        self(r, key)
    }
}

/// What [`Reader::items`] calls for each item of a list (see [`EachKey`]).
pub trait EachItem<'a> {
    fn each_item(&mut self, r: &mut Reader<'a>) -> Result<()>;
}

impl<'a, F: FnMut(&mut Reader<'a>) -> Result<()>> EachItem<'a> for F {
    fn each_item(&mut self, r: &mut Reader<'a>) -> Result<()> {
        self(r)
    }
}

/// A struct field's slot as [`Reader::fields`] fills it: read the value at the reader into it
/// (the object the field is in puts its name in the error's path). Reached through a vtable,
/// so the per-type part is this one method for each field type.
///
/// The slot is empty when `fill` is called: the caller refuses a second value for a field
/// first ([`Reader::fields`] keeps one bit per field), so `fill` neither checks again nor
/// drops an old value. The old value, always `None`, is forgotten rather than dropped: a drop
/// would bring each field type's drop glue into its `fill`.
pub trait Slot<'a> {
    fn fill(&mut self, r: &mut Reader<'a>) -> Result<()>;
}

impl<'a, T: FromWire> Slot<'a> for Option<T> {
    #[inline(never)]
    fn fill(&mut self, r: &mut Reader<'a>) -> Result<()> {
        core::mem::forget(self.replace(T::read(r)?));
        Ok(())
    }
}

/// A struct's field slot once its object is read: an empty one takes its type's absent value
/// (`Some(None)` for an option, nothing for a required field); whether the slot now holds a
/// value. The empty slot's `None` is forgotten, not dropped: the drop, which the compiler did
/// not always see was of nothing, put each field type's drop glue in every struct's reader.
#[inline(always)]
pub fn settle<T: FromWire>(slot: &mut Option<T>) -> bool {
    if slot.is_none() {
        core::mem::forget(core::mem::replace(slot, T::absent()));
    }
    slot.is_some()
}

/// A struct's field slot on the way out of a failed read: its value (if any) dropped by a
/// call to one function per field type, [`drop_slot`], shared by every struct with such a
/// field, and nothing at all for a type without drop glue. Inlined, each slot's drop glue
/// (an `Arc`'s count, a list's items) was repeated at the exit of every struct's reader.
#[inline(always)]
pub fn abandon<T>(mut slot: Option<T>) {
    if core::mem::needs_drop::<T>() {
        drop_slot(&mut slot);
    }
    core::mem::forget(slot);
}

/// The out-of-line drop behind [`abandon`].
#[inline(never)]
fn drop_slot<T>(slot: &mut Option<T>) {
    *slot = None;
}

/// A slot read by a reader function of the field's own (`#[wire(read_with)]`).
pub struct With<'s, 'a, T> {
    pub slot: &'s mut Option<T>,
    pub read: fn(&mut Reader<'a>) -> Result<T>,
}

impl<'a, T> Slot<'a> for With<'_, 'a, T> {
    fn fill(&mut self, r: &mut Reader<'a>) -> Result<()> {
        core::mem::forget(self.slot.replace((self.read)(r)?));
        Ok(())
    }
}

/// `"a"`, `"a" or "b"`, `one of "a", "b", "c"`.
fn one_of(expected: &[&str]) -> String {
    let list: Vec<String> = expected.iter().map(|e| to_json(*e)).collect();
    match list.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [a, b] => format!("{a} or {b}"),
        _ => format!("one of {}", list.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time scan ends a string's plain run where a byte-at-a-time one does, for
    /// every stopping byte at every offset within and across words, and for non-ASCII text.
    #[test]
    fn a_plain_run_ends_at_the_first_quote_backslash_or_control_character() {
        let slow = |b: &[u8], from: usize| {
            b.iter()
                .skip(from)
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                .map_or(b.len(), |n| from + n)
        };
        for stop in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
            for len in 0..20 {
                for at in 0..=len {
                    let mut text: Vec<u8> = "aé~ÿ\u{7f} z".bytes().cycle().take(len).collect();
                    if let Some(byte) = text.get_mut(at) {
                        *byte = stop;
                    }
                    for from in 0..=len {
                        assert_eq!(
                            plain_run_end(&text, from),
                            slow(&text, from),
                            "{text:?} {from}"
                        );
                    }
                }
            }
        }
    }

    /// The writer's form of a pair is read in one pass; any other form (spaces, keys in
    /// another order or escaped, a sign, a fraction, an exponent, a leading zero, a number
    /// past the bound, something after the second number) reads nothing but white space.
    #[test]
    fn a_pair_is_read_only_in_the_writers_form() {
        let pair = |text: &str| {
            let mut r = Reader::new(text);
            let got = r.whole_pair("sides", "face", u64::from(u32::MAX));
            (got, r.pos)
        };
        assert_eq!(pair(r#"{"sides":6,"face":3}"#), (Some((6, 3)), 20));
        assert_eq!(pair(r#"  {"sides":0,"face":0},"#), (Some((0, 0)), 22));
        assert_eq!(
            pair(r#"{"sides":4294967295,"face":10}"#),
            (Some((4_294_967_295, 10)), 30)
        );
        for other in [
            r#"{"sides":4294967296,"face":1}"#,
            r#"{"sides":99999999999999999999999,"face":1}"#,
            r#"{"face":3,"sides":6}"#,
            r#"{ "sides":6,"face":3}"#,
            r#"{"sides": 6,"face":3}"#,
            r#"{"sides":6 ,"face":3}"#,
            r#"{"sides":6,"face":3 }"#,
            r#"{"sides":6,"face":3,"x":1}"#,
            r#"{"sid\u0065s":6,"face":3}"#,
            r#"{"sides":-6,"face":3}"#,
            r#"{"sides":06,"face":3}"#,
            r#"{"sides":6.0,"face":3}"#,
            r#"{"sides":6e0,"face":3}"#,
            r#"{"sides":6,"face":3.5}"#,
            r#"{"sides":6,"face":}"#,
            r#"{"sides":6,"face":3"#,
            r#"{"sides":6}"#,
            r#"{"sides":"6","face":3}"#,
            r#"[6,3]"#,
            "",
        ] {
            let start = other.len() - other.trim_start().len();
            assert_eq!(pair(other), (None, start), "{other}");
        }
        // At the depth limit the general reader reports the nesting.
        let mut r = Reader::new(r#"{"sides":6,"face":3}"#);
        r.depth = MAX_DEPTH;
        assert_eq!(r.whole_pair("sides", "face", 10), None);
    }

    /// A fast path that gives up leaves the reader where it was; `exactly` reads only the
    /// bytes given, with no white space before them; `may_nest` counts what may still open.
    #[test]
    fn a_fast_path_reads_all_or_nothing() {
        let mut r = Reader::new(r#"{"a":1}"#);
        assert_eq!(
            r.as_written(|r| r.exactly(b"{\"a\":").then_some(()).and(None::<()>)),
            None
        );
        assert_eq!((r.pos, r.depth), (0, 0));
        assert_eq!(
            r.as_written(|r| r.exactly(b"{\"a\":1}").then_some(7)),
            Some(7)
        );
        assert_eq!(r.pos, 7);
        let mut r = Reader::new(" {}");
        assert!(!r.exactly(b"{"));
        assert!(r.may_nest(MAX_DEPTH) && !r.may_nest(MAX_DEPTH + 1));
        r.depth = MAX_DEPTH - 1;
        assert!(r.may_nest(1) && !r.may_nest(2));
    }

    /// After `tagged_variant` found the tag first, the object read at that place goes on from
    /// after the tag, and only there: passed over whole, its text is the whole object.
    #[test]
    fn the_object_after_a_first_tag_is_read_from_after_it() {
        let text = r#" {"type":"a","x":[1,{}]} "#;
        let mut r = Reader::new(text);
        assert_eq!(r.tagged_variant("type", &["b", "a"]).ok(), Some(1));
        assert!(r.after_tag.is_some());
        assert_eq!(r.raw_value().ok(), Some(r#"{"type":"a","x":[1,{}]}"#));
        assert_eq!((r.depth, r.after_tag), (0, None));
        // A tag found later in the object leaves nothing to go on from.
        let mut r = Reader::new(r#"{"x":1,"type":"a"}"#);
        assert_eq!(r.tagged_variant("type", &["a"]).ok(), Some(0));
        assert_eq!(r.after_tag, None);
        // A tag that names no variant leaves nothing either.
        let mut r = Reader::new(r#"{"type":"c"}"#);
        assert!(r.tagged_variant("type", &["a"]).is_err());
        assert_eq!(r.after_tag, None);
    }

    /// The tag read straight off the first key gives what the scan gives, and leaves the
    /// reader where it was; anything else goes to the scan, errors included.
    #[test]
    fn a_tag_is_found_first_or_anywhere_with_the_same_answer() {
        let tag = |text: &str| {
            let mut r = Reader::new(text);
            let found = r.find_tag("type").map(|t| t.into_owned());
            (found.map_err(|e| e.to_string()), r.pos, r.depth)
        };
        assert_eq!(tag(r#" {"type":"a","x":1}"#), (Ok("a".into()), 0, 0));
        assert_eq!(tag(r#"{ "type" : "a" }"#), (Ok("a".into()), 0, 0));
        assert_eq!(tag(r#"{"x":[1,{}],"type":"b"}"#), (Ok("b".into()), 0, 0));
        assert_eq!(tag(r#"{"type":"a\u0062"}"#), (Ok("ab".into()), 0, 0));
        assert!(tag(r#"{"type":3}"#).0.is_err());
        assert!(tag(r#"{"x":1}"#).0.is_err());
        assert!(tag(r#"{"type""#).0.is_err());
    }
}
