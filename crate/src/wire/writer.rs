//! The JSON writer: compact output, byte for byte what `serde_json::to_string` writes (same
//! string escapes, integers, and floats through the same `zmij` shortest formatting).

/// Compact JSON text being written.
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

    fn sep(&mut self) {
        if self.comma {
            self.out.push(',');
        }
        self.comma = false;
    }

    pub fn open_object(&mut self) {
        self.out.push('{');
        self.comma = false;
    }

    pub fn close_object(&mut self) {
        self.out.push('}');
        self.comma = true;
    }

    pub fn open_array(&mut self) {
        self.out.push('[');
        self.comma = false;
    }

    pub fn close_array(&mut self) {
        self.out.push(']');
        self.comma = true;
    }

    /// Before each array item.
    pub fn item(&mut self) {
        self.sep();
    }

    /// A field name known to need no escaping (derived code: Rust identifiers and renames).
    pub fn key(&mut self, name: &str) {
        self.sep();
        self.out.push('"');
        self.out.push_str(name);
        self.out.push_str("\":");
    }

    /// A map key of any text.
    pub fn map_key(&mut self, name: &str) {
        self.sep();
        self.escaped(name);
        self.out.push(':');
    }

    pub fn null(&mut self) {
        self.out.push_str("null");
        self.comma = true;
    }

    pub fn bool(&mut self, value: bool) {
        self.out.push_str(if value { "true" } else { "false" });
        self.comma = true;
    }

    pub fn unsigned(&mut self, value: u64) {
        let mut buf = itoa::Buffer::new();
        self.out.push_str(buf.format(value));
        self.comma = true;
    }

    pub fn signed(&mut self, value: i64) {
        let mut buf = itoa::Buffer::new();
        self.out.push_str(buf.format(value));
        self.comma = true;
    }

    /// A float; not-a-number and infinities are `null`, as serde_json writes them.
    pub fn float(&mut self, value: f64) {
        if value.is_finite() {
            let mut buf = zmij::Buffer::new();
            self.out.push_str(buf.format_finite(value));
            self.comma = true;
        } else {
            self.null();
        }
    }

    /// An `f32`, formatted as an `f32` (as serde_json does).
    pub fn float32(&mut self, value: f32) {
        if value.is_finite() {
            let mut buf = zmij::Buffer::new();
            self.out.push_str(buf.format_finite(value));
            self.comma = true;
        } else {
            self.null();
        }
    }

    pub fn str(&mut self, value: &str) {
        self.escaped(value);
        self.comma = true;
    }

    /// Text already written as JSON (a nested snapshot, for instance).
    pub fn raw(&mut self, json: &str) {
        self.out.push_str(json);
        self.comma = true;
    }

    fn escaped(&mut self, value: &str) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
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
                    if let Some(&h) = HEX.get(usize::from(nibble)) {
                        self.out.push(char::from(h));
                    }
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
