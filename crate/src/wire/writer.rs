//! The JSON writer: compact output, byte for byte what `serde_json::to_string` writes (same
//! string escapes, integers, and floats as `zmij` writes them: `super::float`).

/// Compact JSON text being written.
///
/// Its primitives are kept out of line: derived code calls them at a few thousand places, and
/// inlined, each call repeated the string's growth check (about a tenth of the module's code).
pub struct Writer {
    out: String,
    /// Whether the next key or item needs a comma before it.
    comma: bool,
}

impl Default for Writer {
    fn default() -> Self {
        Self::new()
    }
}

impl Writer {
    /// Out of line, as [`Writer::sep`] is: both were inlined at some eighty places each
    /// (issue 38, session 27).
    #[inline(never)]
    pub fn new() -> Writer {
        Writer {
            out: String::with_capacity(256),
            comma: false,
        }
    }

    /// The text written.
    pub fn finish(self) -> String {
        self.out
    }

    #[inline(never)]
    fn sep(&mut self) {
        if self.comma {
            self.out.push(',');
        }
        self.comma = false;
    }

    #[inline(never)]
    pub fn open_object(&mut self) {
        self.out.push('{');
        self.comma = false;
    }

    #[inline(never)]
    pub fn close_object(&mut self) {
        self.out.push('}');
        self.comma = true;
    }

    #[inline(never)]
    pub fn open_array(&mut self) {
        self.out.push('[');
        self.comma = false;
    }

    #[inline(never)]
    pub fn close_array(&mut self) {
        self.out.push(']');
        self.comma = true;
    }

    /// Before each array item.
    #[inline(never)]
    pub fn item(&mut self) {
        self.sep();
    }

    /// A field name known to need no escaping (derived code: Rust identifiers and renames).
    #[inline(never)]
    pub fn key(&mut self, name: &str) {
        self.sep();
        self.out.push('"');
        self.out.push_str(name);
        self.out.push_str("\":");
    }

    /// A map key of any text.
    #[inline(never)]
    pub fn map_key(&mut self, name: &str) {
        self.sep();
        self.escaped(name);
        self.out.push(':');
    }

    #[inline(never)]
    pub fn null(&mut self) {
        self.out.push_str("null");
        self.comma = true;
    }

    #[inline(never)]
    pub fn bool(&mut self, value: bool) {
        self.out.push_str(if value { "true" } else { "false" });
        self.comma = true;
    }

    #[inline(never)]
    pub fn unsigned(&mut self, value: u64) {
        crate::text::decimal::push_u64(&mut self.out, value);
        self.comma = true;
    }

    #[inline(never)]
    pub fn signed(&mut self, value: i64) {
        crate::text::decimal::push_i64(&mut self.out, value);
        self.comma = true;
    }

    /// A float; not-a-number and infinities are `null`, as serde_json writes them. The digits
    /// are `zmij`'s, without its tables (`super::float`).
    #[inline(never)]
    pub fn float(&mut self, value: f64) {
        if value.is_finite() {
            super::float::write_f64(&mut self.out, value);
            self.comma = true;
        } else {
            self.null();
        }
    }

    #[inline(never)]
    pub fn str(&mut self, value: &str) {
        self.escaped(value);
        self.comma = true;
    }

    /// The name at index `at` of `names` as a string: a unit-only enum's variant (its derived
    /// writer passes the variant's index and the table of its names).
    #[inline(never)]
    pub fn name_at(&mut self, names: &[&str], at: usize) {
        self.str(names.get(at).copied().unwrap_or_default());
    }

    /// A rolled die, `{"sides":6,"face":3}`, byte for byte as its derived writer writes it but
    /// in one call: every initiative die and roll-off draw carries one, over a thousand in a
    /// 500-combatant Greyhawk round, and the derived path takes seven calls per die.
    #[inline(never)]
    pub fn die(&mut self, sides: u32, face: u32) {
        self.out.push_str("{\"sides\":");
        crate::text::decimal::push_u64(&mut self.out, u64::from(sides));
        self.out.push_str(",\"face\":");
        crate::text::decimal::push_u64(&mut self.out, u64::from(face));
        self.out.push('}');
        self.comma = true;
    }

    /// Open an internally tagged enum's object with its tag: `{"tag":"name"`. Both are Rust
    /// identifiers or renames, so they need no escaping (as with [`Writer::key`]).
    #[inline(never)]
    pub fn open_tagged(&mut self, tag: &str, name: &str) {
        self.out.push_str("{\"");
        self.out.push_str(tag);
        self.out.push_str("\":\"");
        self.out.push_str(name);
        self.out.push('"');
        self.comma = true;
    }

    /// Text already written as JSON (a nested snapshot, for instance).
    #[inline(never)]
    pub fn raw(&mut self, json: &str) {
        self.out.push_str(json);
        self.comma = true;
    }

    /// The text written so far, lent to a writer of raw JSON that appends one value to it in
    /// place and gives it back with [`Writer::give_back`] (`encounter::bulk_text`: a big
    /// round's events, written in one string rather than written apart and copied in).
    pub(crate) fn lend(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    /// The text lent by [`Writer::lend`], now with one more value at its end.
    pub(crate) fn give_back(&mut self, out: String) {
        self.out = out;
        self.comma = true;
    }

    fn escaped(&mut self, value: &str) {
        const HEX: &str = "0123456789abcdef";
        self.out.push('"');
        // Most text (ids, names) needs no escape: copy it whole.
        if !value.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
            self.out.push_str(value);
            self.out.push('"');
            return;
        }
        let mut run = 0;
        for (i, b) in value.bytes().enumerate() {
            let escape: &str = match b {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                0x08 => "\\b",
                0x0c => "\\f",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0..=0x1f => "",
                _ => continue,
            };
            self.out.push_str(value.get(run..i).unwrap_or(""));
            if escape.is_empty() {
                self.out.push_str("\\u00");
                for nibble in [b >> 4, b & 0xf] {
                    let at = usize::from(nibble);
                    self.out.push_str(HEX.get(at..=at).unwrap_or(""));
                }
            } else {
                self.out.push_str(escape);
            }
            run = i + 1;
        }
        self.out.push_str(value.get(run..).unwrap_or(""));
        self.out.push('"');
    }
}

/// A type written as JSON text by the wire writer.
pub trait ToWire {
    /// Write the whole value.
    fn write(&self, w: &mut Writer);

    /// Write the fields of a struct into an object that is already open (an internally tagged
    /// newtype variant writes its tag, then its payload's fields).
    fn write_fields(&self, w: &mut Writer) {
        let _ = w;
    }
}

/// `value` as JSON text, exactly as `serde_json::to_string` writes it.
pub fn to_json<T: ToWire + ?Sized>(value: &T) -> String {
    let mut w = Writer::new();
    value.write(&mut w);
    w.finish()
}

/// [`to_json`] through a `dyn`: one copy of the writer's setup for every caller that writes a
/// whole value of its own type (the procedures' results).
#[inline(never)]
pub fn to_json_dyn(value: &dyn ToWire) -> String {
    to_json(value)
}
