//! The JSON reader: a cursor over the text that derived code drives field by field. Nothing is
//! built in between (no tree of values); strings without escapes are borrowed from the text.

use std::borrow::Cow;

use super::{FromWire, MAX_DEPTH, Result, WireError};

/// A number as written: its text and whether it is an integer literal.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Number {
    Unsigned(u64),
    Negative(i64),
    Float(f64),
}

impl Number {
    fn describe(self) -> String {
        match self {
            Number::Unsigned(u) => format!("integer `{u}`"),
            Number::Negative(i) => format!("integer `{i}`"),
            Number::Float(f) => format!("floating point `{f}`"),
        }
    }
}

/// A cursor over JSON text.
pub struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: u32,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            depth: 0,
        }
    }

    // ---- errors ------------------------------------------------------------------------------

    /// An error at the current position (located as a line and column by `read_all`).
    #[cold]
    #[inline(never)]
    pub fn error(&self, message: &str) -> WireError {
        WireError {
            message: message.to_string(),
            at: self.pos,
        }
    }

    /// An error from a conversion (`try_from`) or a check.
    #[cold]
    #[inline(never)]
    pub fn custom(&self, message: impl core::fmt::Display) -> WireError {
        self.error(&message.to_string())
    }

    #[cold]
    #[inline(never)]
    pub fn unknown_variant(&self, name: &str, expected: &[&str]) -> WireError {
        self.error(&format!("unknown variant `{name}`, {}", one_of(expected)))
    }

    #[cold]
    #[inline(never)]
    fn invalid_type(&self, found: &str, expected: &str) -> WireError {
        self.error(&format!("invalid type: {found}, expected {expected}"))
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
            Err(self.error("EOF while parsing a value"))
        } else {
            Err(self.error(&format!("expected {what}")))
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
            Err(self.error("expected value"))
        }
    }

    /// After the whole value: only white space may follow.
    pub fn end(&mut self) -> Result<()> {
        if self.peek().is_some() {
            Err(self.error("trailing characters"))
        } else {
            Ok(())
        }
    }

    /// What kind of value comes next, for error messages.
    fn found(&mut self) -> String {
        match self.peek() {
            Some(b'"') => "string".into(),
            Some(b'{') => "map".into(),
            Some(b'[') => "sequence".into(),
            Some(b't') | Some(b'f') => "boolean".into(),
            Some(b'n') => "null".into(),
            Some(b'-' | b'0'..=b'9') => {
                let save = self.pos;
                let n = self.number().map(Number::describe).unwrap_or_default();
                self.pos = save;
                n
            }
            _ => "end of input".into(),
        }
    }

    fn nest(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(self.error("recursion limit exceeded"))
        } else {
            Ok(())
        }
    }

    // ---- scalars -----------------------------------------------------------------------------

    /// `null`, or an error naming what came instead.
    pub fn null(&mut self) -> Result<()> {
        if self.peek() == Some(b'n') {
            self.literal("null")
        } else {
            let found = self.found();
            Err(self.invalid_type(&found, "unit"))
        }
    }

    /// Whether the next value is `null` (consumed if so).
    pub fn take_null(&mut self) -> Result<bool> {
        if self.peek() == Some(b'n') {
            self.literal("null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Whether the next value is an object (not consumed).
    pub fn peek_object(&mut self) -> Result<bool> {
        Ok(self.peek() == Some(b'{'))
    }

    /// Whether the next value is an array (not consumed).
    pub fn peek_array(&mut self) -> Result<bool> {
        Ok(self.peek() == Some(b'['))
    }

    /// Whether the next value is a string (not consumed).
    pub fn peek_string(&mut self) -> Result<bool> {
        Ok(self.peek() == Some(b'"'))
    }

    pub fn bool(&mut self) -> Result<bool> {
        match self.peek() {
            Some(b't') => self.literal("true").map(|()| true),
            Some(b'f') => self.literal("false").map(|()| false),
            _ => {
                let found = self.found();
                Err(self.invalid_type(&found, "a boolean"))
            }
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
                return Err(self.error("invalid number"));
            }
        }
        let mut integer = true;
        if b.get(i) == Some(&b'.') {
            integer = false;
            i += 1;
            if !matches!(b.get(i), Some(b'0'..=b'9')) {
                self.pos = i;
                return Err(self.error("invalid number"));
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
                return Err(self.error("invalid number"));
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
        match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(Number::Float(f)),
            _ => Err(self.error("number out of range")),
        }
    }

    /// An unsigned integer no larger than `max`; `expected` names the type in errors.
    pub fn unsigned(&mut self, max: u64, expected: &str) -> Result<u64> {
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            let found = self.found();
            return Err(self.invalid_type(&found, expected));
        }
        match self.number()? {
            Number::Unsigned(u) if u <= max => Ok(u),
            n @ (Number::Unsigned(_) | Number::Negative(_)) => Err(self.error(&format!(
                "invalid value: {}, expected {expected}",
                n.describe()
            ))),
            n @ Number::Float(_) => Err(self.invalid_type(&n.describe(), expected)),
        }
    }

    /// A signed integer within `min..=max`.
    pub fn signed(&mut self, min: i64, max: i64, expected: &str) -> Result<i64> {
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            let found = self.found();
            return Err(self.invalid_type(&found, expected));
        }
        let n = self.number()?;
        let value = match n {
            Number::Unsigned(u) => i64::try_from(u).ok(),
            Number::Negative(i) => Some(i),
            Number::Float(_) => return Err(self.invalid_type(&n.describe(), expected)),
        };
        match value {
            Some(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(self.error(&format!(
                "invalid value: {}, expected {expected}",
                n.describe()
            ))),
        }
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
            let found = self.found();
            return Err(self.invalid_type(&found, "f64"));
        }
        Ok(match self.number()? {
            Number::Unsigned(u) => u as f64,
            Number::Negative(i) => i as f64,
            Number::Float(f) => f,
        })
    }

    /// A string; borrowed from the text unless it has escapes.
    pub fn str(&mut self) -> Result<Cow<'a, str>> {
        if self.peek() != Some(b'"') {
            let found = self.found();
            return Err(self.invalid_type(&found, "a string"));
        }
        self.pos += 1;
        let start = self.pos;
        let b = self.bytes;
        // Fast path: no escapes.
        while let Some(&c) = b.get(self.pos) {
            match c {
                b'"' => {
                    let s = self.text.get(start..self.pos).unwrap_or("");
                    self.pos += 1;
                    return Ok(Cow::Borrowed(s));
                }
                b'\\' => break,
                0..=0x1f => return Err(self.control_character()),
                _ => self.pos += 1,
            }
        }
        if self.pos >= b.len() {
            return Err(self.error("EOF while parsing a string"));
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
                _ => return Err(self.error("EOF while parsing a string")),
            }
        }
    }

    #[cold]
    fn control_character(&self) -> WireError {
        self.error("control character (\\u0000-\\u001F) found while parsing a string")
    }

    fn escape(&mut self, out: &mut String) -> Result<()> {
        let c = self.bytes.get(self.pos).copied();
        self.pos += 1;
        match c {
            Some(b'"') => out.push('"'),
            Some(b'\\') => out.push('\\'),
            Some(b'/') => out.push('/'),
            Some(b'b') => out.push('\u{8}'),
            Some(b'f') => out.push('\u{c}'),
            Some(b'n') => out.push('\n'),
            Some(b'r') => out.push('\r'),
            Some(b't') => out.push('\t'),
            Some(b'u') => {
                let first = self.hex4()?;
                let code = if (0xD800..0xDC00).contains(&first) {
                    if self.bytes.get(self.pos) != Some(&b'\\')
                        || self.bytes.get(self.pos + 1) != Some(&b'u')
                    {
                        return Err(self.error("unexpected end of hex escape"));
                    }
                    self.pos += 2;
                    let second = self.hex4()?;
                    if !(0xDC00..0xE000).contains(&second) {
                        return Err(self.error("lone leading surrogate in hex escape"));
                    }
                    0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                } else if (0xDC00..0xE000).contains(&first) {
                    return Err(self.error("lone leading surrogate in hex escape"));
                } else {
                    first
                };
                match char::from_u32(code) {
                    Some(ch) => out.push(ch),
                    None => return Err(self.error("invalid unicode code point")),
                }
            }
            _ => return Err(self.error("invalid escape")),
        }
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32> {
        let mut n = 0u32;
        for _ in 0..4 {
            let d = match self.bytes.get(self.pos) {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.error("invalid escape")),
            };
            n = n * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(n)
    }

    // ---- containers --------------------------------------------------------------------------

    /// An object: `each(reader, key)` is called for every key and must read its value.
    pub fn object(
        &mut self,
        each: &mut dyn FnMut(&mut Reader<'a>, &str) -> Result<()>,
    ) -> Result<()> {
        if self.peek() != Some(b'{') {
            let found = self.found();
            return Err(self.invalid_type(&found, "a map"));
        }
        self.pos += 1;
        self.nest()?;
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(());
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(self.error("key must be a string"));
            }
            let key = self.str()?;
            self.expect(b':', "`:`")?;
            each(self, &key)?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                None => return Err(self.error("EOF while parsing an object")),
                _ => return Err(self.error("expected `,` or `}`")),
            }
        }
    }

    /// An array: `each(reader)` is called for every item and must read it.
    pub fn array(&mut self, each: &mut dyn FnMut(&mut Reader<'a>) -> Result<()>) -> Result<()> {
        if self.peek() != Some(b'[') {
            let found = self.found();
            return Err(self.invalid_type(&found, "a sequence"));
        }
        self.pos += 1;
        self.nest()?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(());
        }
        loop {
            each(self)?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                None => return Err(self.error("EOF while parsing a list")),
                _ => return Err(self.error("expected `,` or `]`")),
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
            None => Err(self.error("EOF while parsing a value")),
            _ => Err(self.error("expected value")),
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

    /// A struct field's value into `slot`; a second occurrence is an error, as in serde.
    #[inline(never)]
    pub fn field<T: FromWire>(&mut self, slot: &mut Option<T>, name: &str) -> Result<()> {
        if slot.is_some() {
            return Err(self.duplicate(name));
        }
        *slot = Some(T::read(self)?);
        Ok(())
    }

    /// [`Reader::field`] with a reader function of the field's own.
    pub fn field_with<T>(
        &mut self,
        slot: &mut Option<T>,
        name: &str,
        read: fn(&mut Reader<'a>) -> Result<T>,
    ) -> Result<()> {
        if slot.is_some() {
            return Err(self.duplicate(name));
        }
        *slot = Some(read(self)?);
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn duplicate(&self, name: &str) -> WireError {
        self.error(&format!("duplicate field `{name}`"))
    }

    /// A key no field claims: the tag to pass over, an unknown field to refuse
    /// (`deny_unknown_fields`) or to pass over.
    pub fn other_key(
        &mut self,
        key: &str,
        skip: Option<&str>,
        deny: bool,
        expected: &[&str],
    ) -> Result<()> {
        if deny && skip != Some(key) {
            return Err(self.error(&format!("unknown field `{key}`, {}", one_of(expected))));
        }
        self.skip()
    }

    /// A field that was not there: its type's absent value (`None`), or an error.
    pub fn missing<T: FromWire>(&self, name: &str) -> Result<T> {
        T::absent().ok_or_else(|| self.error(&format!("missing field `{name}`")))
    }

    /// An internally tagged enum's tag: the string value of key `tag` in the object that
    /// starts here. The reader is left where it was, so the variant then reads the whole object
    /// (passing over the tag). The tag is usually the first key, so the scan is short.
    pub fn find_tag(&mut self, tag: &str) -> Result<Cow<'a, str>> {
        let start = self.pos;
        let mut found: Option<Cow<'a, str>> = None;
        let scan = self.object(&mut |r, key| {
            if found.is_none() && key == tag {
                found = Some(r.str()?);
                // Stop scanning: the rest is read by the variant.
                Err(WireError {
                    message: String::new(),
                    at: r.pos,
                })
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
                Ok(value)
            }
            (None, Err(e)) => Err(e),
            (None, Ok(())) => Err(self.error(&format!("missing field `{tag}`"))),
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
        match names.iter().position(|n| *n == name) {
            Some(i) => Ok(i),
            None => Err(self.unknown_variant(name, names)),
        }
    }

    /// Try `read`; on failure put the reader back and give `None` (untagged enums).
    pub fn attempt<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Option<T> {
        let (pos, depth) = (self.pos, self.depth);
        match read(self) {
            Ok(v) => Some(v),
            Err(_) => {
                self.pos = pos;
                self.depth = depth;
                None
            }
        }
    }
}

fn one_of(expected: &[&str]) -> String {
    match expected {
        [] => "there are no fields".to_string(),
        [one] => format!("expected `{one}`"),
        [a, b] => format!("expected `{a}` or `{b}`"),
        _ => {
            let list: Vec<String> = expected.iter().map(|e| format!("`{e}`")).collect();
            format!("expected one of {}", list.join(", "))
        }
    }
}
