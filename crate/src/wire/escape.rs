//! One JSON escape, decoded once for both readers (the generic [`super::Reader`] and the
//! dice module's [`super::flat`]), so the two agree on every escape and every error by
//! construction.

/// The escape whose letter is at `bytes[at]` (just past its backslash): the character it stands
/// for and the position reading goes on from, or a syntax error's message and the position it
/// is reported at. A `\u` escape of a leading surrogate must be followed by the `\u` of a
/// trailing one (JSON's UTF-16 pairs); the two make one character.
pub(super) fn decode(bytes: &[u8], at: usize) -> Result<(char, usize), (&'static str, usize)> {
    let next = at + 1;
    let c = match bytes.get(at) {
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => return unicode(bytes, next),
        _ => return Err(("invalid escape", next)),
    };
    Ok((c, next))
}

/// A `\u` escape's four hex digits from `at`, and a second escape when they name a leading
/// surrogate.
fn unicode(bytes: &[u8], at: usize) -> Result<(char, usize), (&'static str, usize)> {
    let first = hex4(bytes, at)?;
    let mut end = at + 4;
    let code = if (0xD800..0xDC00).contains(&first) {
        if bytes.get(end) != Some(&b'\\') || bytes.get(end + 1) != Some(&b'u') {
            return Err(("unexpected end of hex escape", end));
        }
        let second = hex4(bytes, end + 2)?;
        end += 6;
        if !(0xDC00..0xE000).contains(&second) {
            return Err(("lone leading surrogate in hex escape", end));
        }
        0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    } else if (0xDC00..0xE000).contains(&first) {
        return Err(("lone leading surrogate in hex escape", end));
    } else {
        first
    };
    match char::from_u32(code) {
        Some(c) => Ok((c, end)),
        None => Err(("invalid unicode code point", end)),
    }
}

/// Four hex digits from `at`; the error is at the first that is not one.
fn hex4(bytes: &[u8], at: usize) -> Result<u32, (&'static str, usize)> {
    let mut n = 0u32;
    for i in at..at + 4 {
        let d = match bytes.get(i) {
            Some(c @ b'0'..=b'9') => c - b'0',
            Some(c @ b'a'..=b'f') => c - b'a' + 10,
            Some(c @ b'A'..=b'F') => c - b'A' + 10,
            _ => return Err(("invalid escape", i)),
        };
        n = n * 16 + u32::from(d);
    }
    Ok(n)
}
