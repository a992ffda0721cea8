//! Text quoted in an error message (a character of notation the lexer cannot read, a formula's
//! `@path` value), escaped so that nothing invisible or misleading reaches the reader.
//!
//! Written here rather than through `{:?}`: `Debug` for `char` and `str` brings the standard
//! library's tables of printable and combining characters, a tenth of the dice-only module's
//! bytes for two error messages. ASCII comes out exactly as `Debug` writes it. Beyond ASCII the
//! rule is simpler than `Debug`'s: a character is written as it is unless it is a control, a
//! combining mark, an invisible format character (zero-width spaces and joiners, direction
//! marks and overrides, the byte-order mark, variation selectors), a private-use character or a
//! noncharacter, which are written `\u{…}`.

/// `text` between `delimiter`s (`'` as `Debug` quotes a `char`, `"` as it quotes a `str`).
pub(crate) fn quoted(text: &str, delimiter: char) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push(&mut out, delimiter);
    for c in text.chars() {
        match c {
            '\0' => out.push_str("\\0"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\\' => out.push_str("\\\\"),
            c if hidden(c) => {
                out.push_str("\\u{");
                let code = u32::from(c);
                // Lower-case hex without leading zeros, as `Debug` writes it.
                let digits = (1..8).take_while(|i| code >> (4 * i) != 0).count();
                for i in (0..=digits).rev() {
                    let nibble = (code >> (4 * i)) & 0xF;
                    push(&mut out, char::from_digit(nibble, 16).unwrap_or('0'));
                }
                out.push('}');
            }
            c => {
                if c == delimiter {
                    out.push('\\');
                }
                push(&mut out, c);
            }
        }
    }
    push(&mut out, delimiter);
    out
}

/// `String::push` kept out of line: pushing a character the compiler cannot see encodes it as
/// UTF-8 on the spot, and with five such places that was most of this function's code.
#[inline(never)]
fn push(out: &mut String, c: char) {
    out.push(c);
}

/// A character written as its code rather than as itself.
fn hidden(c: char) -> bool {
    matches!(u32::from(c),
        0x00..=0x1F | 0x7F..=0x9F // controls
        | 0xAD // soft hyphen
        | 0x300..=0x36F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F // combining marks
        | 0x61C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F | 0x3164 | 0xFFA0
        | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F // zero-width, direction, invisible operators
        | 0xFE00..=0xFE0F | 0xE0000..=0xE0FFF // variation selectors, tags
        | 0xFEFF | 0xFFF0..=0xFFFF // byte-order mark, specials
        | 0xE000..=0xF8FF | 0xF0000.. // private use
        | 0xFDD0..=0xFDEF // noncharacters
    ) || u32::from(c) & 0xFFFE == 0xFFFE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ASCII, what notation is written in, comes out exactly as `Debug` writes it.
    #[test]
    fn ascii_is_quoted_as_debug_quotes_it() {
        for b in 0u8..=0x7F {
            let c = char::from(b);
            assert_eq!(quoted(&c.to_string(), '\''), format!("{c:?}"), "{b}");
            let text = format!("a{c}b");
            assert_eq!(quoted(&text, '"'), format!("{text:?}"), "{b}");
        }
    }

    /// Printable characters beyond ASCII are written as they are, and what `Debug` escapes
    /// among the hidden ones it escapes the same way.
    #[test]
    fn beyond_ascii_the_visible_stay_and_the_hidden_are_escaped() {
        for text in ["Zoë", "×", "−", "😀", "中文", "Ragnar the Red"] {
            assert_eq!(quoted(text, '"'), format!("{text:?}"));
        }
        for c in [
            '\u{200b}',
            '\u{202e}',
            '\u{feff}',
            '\u{301}',
            '\u{85}',
            '\u{e000}',
            '\u{10ffff}',
            '\u{fdd0}',
            '\u{fe0f}',
        ] {
            assert_eq!(
                quoted(&c.to_string(), '\''),
                format!("{c:?}"),
                "{:x}",
                u32::from(c)
            );
            assert!(quoted(&c.to_string(), '\'').contains("\\u{"));
        }
    }
}
