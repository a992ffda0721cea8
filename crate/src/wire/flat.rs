//! A reader for flat inputs only: a name, a whole number, a flag, or an object (maybe `null`)
//! of those. It reads the same texts as [`super::from_json`] and fails with the same code and
//! the same message, word for word, but it is not generic.
//!
//! Why: the dice-only module (`turnkeeper/dice`, issue 38) reads six such inputs (a saved
//! dice state, a saved countdown, a die size, which roll to keep, a roll-off's options, a
//! countdown's speed), and the generic reader behind them, with its derived code, its `dyn`
//! tables and its float reader, was some 10 KB of that module gzipped, a seventh of it; this
//! one is a little over half that. It is a table interpreter: an input is described by a
//! [`Flat`] and read into a few numbers, which `crate::dice::flat_input` turns into the value.
//! Nothing is compiled once per type, errors are plain data until they are worded (once, when
//! reading fails), and a number's size is checked against the largest float digit by digit,
//! with no float reader at all.
//!
//! Only the dice-only module reads with it; the tests in `crate::dice::flat_input` hold it
//! against [`super::from_json`] over valid, malformed and mistyped texts.

use super::{check_size, to_json};
use crate::error::Error;

/// One value of a flat input, read as a number.
#[derive(Debug, Clone, Copy)]
pub enum Shape {
    /// One of these names (a unit enum, as its variants are written): the name's index.
    Name(&'static [&'static str]),
    /// A whole number that fits `u32`.
    U32,
    /// A whole number that fits `u64`.
    U64,
    /// `true` (1) or `false` (0).
    Flag,
}

/// A whole input.
#[derive(Debug, Clone, Copy)]
pub enum Flat {
    /// One value, read into the first slot.
    Value(Shape),
    /// An object with fields of these names (ASCII, at most 32 of them) and shapes, every one
    /// required, other keys passed over; each is read into the slot of its index. With
    /// `nullable`, `null` is read too (an `Option`).
    Object {
        names: &'static [&'static str],
        shapes: &'static [Shape],
        nullable: bool,
    },
}

/// Read `text` as `flat` into `slots` (one for each field): `false` for `null`. Errors are
/// [`super::from_json`]'s with `INVALID_ARGUMENT`, `what` naming the whole text.
pub fn read(text: &str, what: &str, flat: Flat, slots: &mut [u64]) -> crate::Result<bool> {
    check_size(text, what)?;
    let mut c = Cursor {
        text,
        pos: 0,
        depth: 0,
    };
    c.whole(flat, slots)
        .and_then(|given| match c.peek() {
            Some(_) => Err(c.syntax("more text after the value")),
            None => Ok(given),
        })
        .map_err(|bad| Error::invalid_argument(bad.message(text, what)))
}

/// Why a text could not be read, before it is worded: plain data, so that reading carries no
/// strings about and the wording (with what the wrong value is) is done once, when it fails.
#[derive(Clone, Copy)]
struct Bad {
    fault: Fault,
    /// The byte offset the syntax error is located by, or where the wrong value starts.
    at: usize,
    /// The field the wrong value is in (none for the whole text).
    field: Option<&'static str>,
}

#[derive(Clone, Copy)]
enum Fault {
    /// Not JSON.
    Syntax(&'static str),
    /// The value is not what was expected (plain words: "text", "an object").
    Expected(&'static str),
    /// A string that is not one of these names.
    Unknown(&'static [&'static str]),
    /// A field given a second time.
    Twice,
    /// A field not given.
    Missing,
}

impl Bad {
    /// The message as the generic reader words it (`super::failure`, `Reader::expected`,
    /// `Reader::unknown_variant`).
    #[cold]
    #[inline(never)]
    fn message(self, text: &str, what: &str) -> String {
        let mut c = Cursor {
            text,
            pos: self.at,
            depth: 0,
        };
        let predicate = match self.fault {
            Fault::Syntax(message) => {
                let upto = text.as_bytes().get(..self.at).unwrap_or(text.as_bytes());
                // One pass for both (two made the module bigger): the line breaks before the
                // error, and the bytes after the last of them.
                let (mut line, mut line_start) = (1usize, 0);
                for (i, &b) in upto.iter().enumerate() {
                    if b == b'\n' {
                        line += 1;
                        line_start = i + 1;
                    }
                }
                let column = upto.len() - line_start;
                return format!(
                    "{what} is not well-formed JSON: {message} at line {line} column {column}"
                );
            }
            Fault::Expected(expected) => format!("must be {expected}, not {}", c.found()),
            Fault::Unknown(names) => {
                let mut list = String::new();
                for (i, n) in names.iter().enumerate() {
                    if i > 0 {
                        list.push_str(if names.len() == 2 { " or " } else { ", " });
                    }
                    list.push_str(&to_json(*n));
                }
                if names.len() > 2 {
                    list.insert_str(0, "one of ");
                }
                c.peek();
                let name = c.string().unwrap_or_default();
                format!("must be {list}, not {}", to_json(&name))
            }
            Fault::Twice => "is given twice".into(),
            Fault::Missing => "is missing".into(),
        };
        format!("{} {predicate}", self.field.unwrap_or(what))
    }
}

type Read<T> = Result<T, Bad>;

/// The most characters of a wrong string an error quotes (as the generic reader).
const QUOTED_CHARS: usize = 40;

/// The mark of an escaped character that is not ASCII, among a string's units (past any
/// character's value).
const ESCAPED: u32 = 1 << 24;

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    depth: u32,
}

impl Cursor<'_> {
    fn byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    /// The next byte that is not white space (not consumed).
    #[inline(never)]
    fn peek(&mut self) -> Option<u8> {
        while matches!(self.byte(), Some(b' ' | b'\n' | b'\t' | b'\r')) {
            self.pos += 1;
        }
        self.byte()
    }

    fn bad(&self, fault: Fault) -> Bad {
        Bad {
            fault,
            at: self.pos,
            field: None,
        }
    }

    fn syntax(&self, message: &'static str) -> Bad {
        self.bad(Fault::Syntax(message))
    }

    /// `byte` next, or the generic reader's error for its absence.
    fn expect(&mut self, byte: u8, otherwise: &'static str) -> Read<()> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else if self.pos >= self.text.len() {
            Err(self.syntax("the text ends too soon"))
        } else {
            Err(self.syntax(otherwise))
        }
    }

    /// The word `word` (the next byte is its first).
    fn literal(&mut self, word: &str) -> Read<()> {
        if self
            .text
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(word))
        {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.syntax("expected a value"))
        }
    }

    // ---- the input ---------------------------------------------------------------------------

    fn whole(&mut self, flat: Flat, slots: &mut [u64]) -> Read<bool> {
        match flat {
            Flat::Value(shape) => {
                let value = self.value(shape)?;
                if let Some(slot) = slots.first_mut() {
                    *slot = value;
                }
                Ok(true)
            }
            Flat::Object { nullable: true, .. } if self.peek() == Some(b'n') => {
                self.literal("null").map(|()| false)
            }
            Flat::Object { names, shapes, .. } => self.object(names, shapes, slots).map(|()| true),
        }
    }

    /// A struct's object, as the generic reader's `fields` reads it: a field given twice is
    /// refused before its value is read, other keys are passed over, and the first missing
    /// field (in the order of `names`) is named once the object is read.
    fn object(
        &mut self,
        names: &'static [&'static str],
        shapes: &[Shape],
        slots: &mut [u64],
    ) -> Read<()> {
        if self.peek() != Some(b'{') {
            return Err(self.bad(Fault::Expected("an object")));
        }
        self.pos += 1;
        self.depth += 1;
        let mut given = 0u32;
        if self.peek() == Some(b'}') {
            self.pos += 1;
        } else {
            loop {
                if self.peek() != Some(b'"') {
                    return Err(self.syntax("key must be a string"));
                }
                let index = self.name_index(names)?;
                self.expect(b':', "expected `:`")?;
                match index {
                    Some(i) => {
                        let value = match shapes.get(i) {
                            _ if given & (1 << i) != 0 => Err(self.bad(Fault::Twice)),
                            Some(&shape) => self.value(shape),
                            None => Ok(0),
                        };
                        let value = value.map_err(|mut bad| {
                            if !matches!(bad.fault, Fault::Syntax(_)) {
                                bad.field = names.get(i).copied();
                            }
                            bad
                        })?;
                        if let Some(slot) = slots.get_mut(i) {
                            *slot = value;
                        }
                        given |= 1 << i;
                    }
                    None => self.skip()?,
                }
                match self.peek() {
                    Some(b',') => self.pos += 1,
                    Some(b'}') => {
                        self.pos += 1;
                        break;
                    }
                    None => return Err(self.syntax("the text ends inside an object")),
                    _ => return Err(self.syntax("expected `,` or `}`")),
                }
            }
        }
        self.depth -= 1;
        match (0..names.len()).find(|i| given & (1 << i) == 0) {
            Some(i) => Err(Bad {
                field: names.get(i).copied(),
                ..self.bad(Fault::Missing)
            }),
            None => Ok(()),
        }
    }

    fn value(&mut self, shape: Shape) -> Read<u64> {
        let start = self.pos;
        let expected = match (shape, self.peek()) {
            (Shape::Name(names), Some(b'"')) => {
                let at = self.pos;
                return match self.name_index(names)? {
                    Some(i) => Ok(i as u64),
                    None => Err(Bad {
                        at,
                        ..self.bad(Fault::Unknown(names))
                    }),
                };
            }
            (Shape::Name(_), _) => "text",
            (Shape::Flag, Some(b't')) => return self.literal("true").map(|()| 1),
            (Shape::Flag, Some(b'f')) => return self.literal("false").map(|()| 0),
            (Shape::Flag, _) => "true or false",
            (Shape::U32 | Shape::U64, next) => {
                let most = match shape {
                    Shape::U32 => u64::from(u32::MAX),
                    _ => u64::MAX,
                };
                if matches!(next, Some(b'-' | b'0'..=b'9'))
                    && let Ok(Some(n)) = self.number()
                    && n <= most
                {
                    return Ok(n);
                }
                self.pos = start;
                if most == u64::MAX {
                    "a whole number, 0 or more"
                } else {
                    "a whole number from 0 to 4294967295"
                }
            }
        };
        Err(self.bad(Fault::Expected(expected)))
    }

    /// What the next value is, as an error shows it (the generic reader's `found`): `the
    /// string "14"`, `1.5`, `a list`.
    fn found(&mut self) -> String {
        match self.peek() {
            Some(b'"') => match self.string() {
                Ok(s) => {
                    // The first QUOTED_CHARS characters, and an ellipsis if there are more.
                    // Where the character past them starts: the bytes that do not continue one.
                    let past = s
                        .bytes()
                        .enumerate()
                        .filter(|&(_, b)| (b as i8) >= -0x40)
                        .nth(QUOTED_CHARS);
                    let (short, more) = match past {
                        Some((end, _)) => (s.get(..end).unwrap_or(""), "…"),
                        None => (s.as_str(), ""),
                    };
                    format!("the string {}{more}", to_json(short))
                }
                Err(_) => "a malformed string".into(),
            },
            Some(b'-' | b'0'..=b'9') => {
                let start = self.pos;
                match self.number() {
                    Ok(_) => self.text.get(start..self.pos).unwrap_or("").into(),
                    Err(_) => "a malformed number".into(),
                }
            }
            next => match next {
                Some(b'{') => "an object",
                Some(b'[') => "a list",
                Some(b't') => "true",
                Some(b'f') => "false",
                Some(b'n') => "null",
                None => "nothing",
                Some(_) => "something that is not JSON",
            }
            .into(),
        }
    }

    // ---- strings -----------------------------------------------------------------------------

    /// The next unit of a string whose opening quote is behind: a byte of its text as it is,
    /// or an escaped character, marked by [`ESCAPED`] when it is not ASCII (so that units equal
    /// bytes of a name, whose characters are all ASCII, only where the characters do); `None`
    /// past the closing quote. Bytes rather than characters: no UTF-8 to decode.
    fn unit(&mut self) -> Read<Option<u32>> {
        let b = self.byte();
        self.pos += 1;
        match b {
            None => {
                self.pos -= 1;
                Err(self.syntax("the text ends inside a string"))
            }
            Some(b'"') => Ok(None),
            Some(b'\\') => self.escape().map(|c| {
                let c = u32::from(c);
                Some(if c < 0x80 { c } else { c | ESCAPED })
            }),
            Some(0..0x20) => {
                self.pos -= 1;
                Err(self.syntax("control character (\\u0000-\\u001F) found while parsing a string"))
            }
            Some(b) => Ok(Some(u32::from(b))),
        }
    }

    /// Whether the string next (its opening quote) is `name` (ASCII); the whole string is read.
    fn matches(&mut self, name: &str) -> Read<bool> {
        self.pos += 1;
        let mut rest = name.bytes();
        let mut same = true;
        while let Some(u) = self.unit()? {
            same &= rest.next().map(u32::from) == Some(u);
        }
        Ok(same && rest.next().is_none())
    }

    /// The index in `names` of the string next (its opening quote), read.
    fn name_index(&mut self, names: &[&str]) -> Read<Option<usize>> {
        let start = self.pos;
        let mut index = None;
        for i in (0..names.len().max(1)).rev() {
            self.pos = start;
            if self.matches(names.get(i).copied().unwrap_or(""))? && i < names.len() {
                index = Some(i);
            }
        }
        Ok(index)
    }

    /// The string next (its opening quote), its escapes undone.
    fn string(&mut self) -> Read<String> {
        self.pos += 1;
        let mut out = Vec::new();
        while let Some(u) = self.unit()? {
            match char::from_u32(u & !ESCAPED) {
                Some(c) if u & ESCAPED != 0 => {
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes())
                }
                _ => out.push(u as u8),
            }
        }
        // The text's own bytes, whole characters of it, and escapes encoded: UTF-8.
        Ok(String::from_utf8(out).unwrap_or_default())
    }

    /// The escape after a backslash, decoded as the generic reader decodes it
    /// (`super::escape`).
    fn escape(&mut self) -> Read<char> {
        match super::escape::decode(self.text.as_bytes(), self.pos) {
            Ok((c, next)) => {
                self.pos = next;
                Ok(c)
            }
            Err((message, at)) => {
                self.pos = at;
                Err(self.syntax(message))
            }
        }
    }

    // ---- any value ---------------------------------------------------------------------------

    /// A number as the generic reader checks it: `Some` for a whole number that fits `u64`.
    fn number(&mut self) -> Read<Option<u64>> {
        self.peek();
        let start = self.pos;
        let negative = self.byte() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        // The value while it is a whole number that fits.
        let mut value = Some(0u64);
        match self.byte() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                while let Some(d @ b'0'..=b'9') = self.byte() {
                    value = value
                        .and_then(|v| v.checked_mul(10))
                        .and_then(|v| v.checked_add(u64::from(d - b'0')));
                    self.pos += 1;
                }
            }
            _ => return Err(self.syntax("invalid number")),
        }
        if self.byte() == Some(b'.') {
            value = None;
            self.pos += 1;
            self.some_digits()?;
        }
        if matches!(self.byte(), Some(b'e' | b'E')) {
            value = None;
            self.pos += 1;
            if matches!(self.byte(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            self.some_digits()?;
        }
        if negative {
            value = None;
        }
        if value.is_none()
            && overflows_f64(self.text.as_bytes().get(start..self.pos).unwrap_or(&[]))
        {
            return Err(self.syntax("number out of range"));
        }
        Ok(value)
    }

    fn some_digits(&mut self) -> Read<()> {
        if !matches!(self.byte(), Some(b'0'..=b'9')) {
            return Err(self.syntax("invalid number"));
        }
        while matches!(self.byte(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        Ok(())
    }

    /// Pass over one value of any kind, checking that it is well formed (and not nested past
    /// the generic reader's depth limit), with the generic reader's errors.
    fn skip(&mut self) -> Read<()> {
        match self.peek() {
            Some(b'"') => self.name_index(&[]).map(drop),
            Some(open @ (b'{' | b'[')) => {
                let (close, ends, between) = if open == b'{' {
                    (
                        b'}',
                        "the text ends inside an object",
                        "expected `,` or `}`",
                    )
                } else {
                    (b']', "the text ends inside a list", "expected `,` or `]`")
                };
                self.pos += 1;
                self.depth += 1;
                if self.depth > super::MAX_DEPTH {
                    return Err(self.syntax("nested too deeply (recursion limit exceeded)"));
                }
                if self.peek() == Some(close) {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                loop {
                    if open == b'{' {
                        if self.peek() != Some(b'"') {
                            return Err(self.syntax("key must be a string"));
                        }
                        self.name_index(&[])?;
                        self.expect(b':', "expected `:`")?;
                    }
                    self.skip()?;
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(c) if c == close => {
                            self.pos += 1;
                            self.depth -= 1;
                            return Ok(());
                        }
                        None => return Err(self.syntax(ends)),
                        _ => return Err(self.syntax(between)),
                    }
                }
            }
            Some(b't') => self.literal("true"),
            Some(b'f') => self.literal("false"),
            Some(b'n') => self.literal("null"),
            Some(b'-' | b'0'..=b'9') => self.number().map(drop),
            None => Err(self.syntax("the text ends too soon")),
            _ => Err(self.syntax("expected a value")),
        }
    }
}

/// The digits of 2^1024 − 2^970, the least magnitude that reads as an infinite `f64` (the
/// generic reader's `OVERFLOW_DIGITS`).
const OVERFLOW_DIGITS: &[u8] = b"179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";

/// Whether the JSON number `text` (already checked to be one) reads as an infinite `f64`, as
/// the generic reader finds (`text.parse::<f64>()` would): its significant digits compared one
/// at a time with [`OVERFLOW_DIGITS`] while its decimal point is placed, in one pass.
fn overflows_f64(text: &[u8]) -> bool {
    use core::cmp::Ordering;
    // The number is `0.digits × 10^(point + exponent)`.
    let (mut point, mut exponent, mut exponent_sign) = (0i64, 0i64, 1i64);
    let (mut compared, mut order) = (0usize, Ordering::Equal);
    let (mut fraction, mut in_exponent) = (false, false);
    for &c in text {
        match c {
            b'e' | b'E' => in_exponent = true,
            b'-' if in_exponent => exponent_sign = -1,
            b'-' | b'+' => {}
            b'.' => fraction = true,
            _ if in_exponent => {
                // Saturating: an exponent past any float's is past it by however much.
                exponent = exponent
                    .saturating_mul(10)
                    .saturating_add(i64::from(c.wrapping_sub(b'0')));
            }
            b'0' if compared == 0 => {
                // A leading zero: after the point it moves the digits down.
                if fraction {
                    point -= 1;
                }
            }
            _ => {
                if !fraction {
                    point += 1;
                }
                if order.is_eq()
                    && let Some(&most) = OVERFLOW_DIGITS.get(compared)
                {
                    order = c.cmp(&most);
                }
                compared += 1;
            }
        }
    }
    let point = point.saturating_add(exponent.saturating_mul(exponent_sign));
    let most = OVERFLOW_DIGITS.len() as i64;
    // Digits equal to all of OVERFLOW_DIGITS (and maybe more) are at least as large.
    compared > 0
        && (point > most
            || point == most
                && (order.is_gt() || order.is_eq() && compared >= OVERFLOW_DIGITS.len()))
}
