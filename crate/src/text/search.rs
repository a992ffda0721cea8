//! Finding a piece of text in a longer one, byte by byte.
//!
//! Why not `str::find` or `str::contains` with a text pattern: the standard library's text
//! search (two-way string matching) carries slicing panics whose message formats a `char` with
//! `Debug`, and that brings the standard library's tables of printable characters, about 10 KB
//! of the core module, for a handful of searches for short keys and ids. Here the first byte is
//! found by a plain scan and the rest compared in place: linear in practice for the JSON the
//! engine searches (an event's keys, the hidden ids a player must not see).

/// Where `needle` first occurs in `text` (`Some(0)` for an empty needle, as `str::find` says).
#[inline(never)]
pub(crate) fn find(text: &str, needle: &str) -> Option<usize> {
    let (text, needle) = (text.as_bytes(), needle.as_bytes());
    let Some((&first, _)) = needle.split_first() else {
        return Some(0);
    };
    let mut from = 0usize;
    while let Some(skip) = text.get(from..)?.iter().position(|&b| b == first) {
        let at = from.saturating_add(skip);
        if text.get(at..at.saturating_add(needle.len())) == Some(needle) {
            return Some(at);
        }
        from = at.saturating_add(1);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn finds_what_str_find_finds() {
        for (text, needle) in [
            ("", ""),
            ("", "a"),
            ("abc", ""),
            ("abc", "c"),
            ("abcabd", "abd"),
            ("aaab", "aab"),
            ("{\"type\":\"rolled\"}", "\"type\":\""),
            ("héllo \"id\"", "\"id\""),
            ("short", "longer than the text"),
        ] {
            assert_eq!(find(text, needle), text.find(needle), "{text} / {needle}");
        }
    }

    proptest! {
        #[test]
        fn agrees_with_str_find(text in "[ab\"é]{0,40}", needle in "[ab\"é]{0,4}") {
            prop_assert_eq!(find(&text, &needle), text.find(needle.as_str()));
        }
    }
}
