//! The fast path against the general parser: every notation it takes, it reads as the general
//! parser does. A file of its own, so that the parser (which calls the fast path) is not also
//! below it.

use super::*;
use crate::dice::parser::parse_general;

#[test]
fn the_common_shapes_take_the_fast_path() {
    for n in [
        "1d20",
        "d20",
        "1d20+5",
        "4d6kh3",
        "4d6kh3+2",
        "2d20kl1-1d4+3",
        "d20adv",
        "1d20dis-1",
        "8d6",
        "d%",
        "4dF",
        "4D6KH3 + 2",
        "3d6 + 1d8 + 4",
        "1000d6",
        "4d6d1",
        "4d6k",
        "7",
        "5d6dh2",
        "5d6dl2",
        "5d6kl",
        "0d6",
        "  2d6 - 1  ",
        // Each limit itself (one past it is in `it_gives_up_on_everything_else`).
        "1d1000000",
        "10000d6",
        "9007199254740991",
        "4d6kh10000",
    ] {
        let quick = parse(n).unwrap_or_else(|| panic!("{n} should take the fast path"));
        assert_eq!(Ok(quick), parse_general(n), "{n}");
    }
}

/// A term may carry up to MAX_MODIFIERS_PER_TERM modifiers on the fast path too, counted
/// per term (not across the terms before it); one more is the general parser's to refuse.
#[test]
fn modifiers_are_counted_per_term() {
    let max = MAX_MODIFIERS_PER_TERM as usize;
    for before in ["", "1d4kh1+", "1d4kh1kh1kh1+2d6dl1dl1+"] {
        // `kh` alone keeps one: short enough that every case fits the fast path's length.
        let full = format!("{before}9d6{}", "kh".repeat(max));
        let quick = parse(&full).unwrap_or_else(|| panic!("{full} should take the fast path"));
        assert_eq!(Ok(quick), parse_general(&full), "{full}");
        let over = format!("{before}9d6{}", "kh".repeat(max + 1));
        assert_eq!(parse(&over), None, "{over}");
        assert!(parse_general(&over).is_err(), "{over}");
    }
    // Advantage counts as a modifier: after MAX − 1 others it fits, after MAX it does not.
    let adv = format!("1d20{}adv", "kh1".repeat(max - 1));
    assert!(parse(&adv).is_some(), "{adv}");
    let adv = format!("1d4kh1+1d20{}adv", "kh1".repeat(max - 1));
    assert!(parse(&adv).is_some(), "{adv}");
    assert_eq!(parse(&format!("1d20{}adv", "kh1".repeat(max))), None);
}

/// The length bound is inclusive; anything longer is the general parser's, which reads it
/// the same way.
#[test]
fn notations_up_to_the_length_bound_take_the_fast_path() {
    let at = format!("{:<w$}", "4d6kh3 + 2", w = MAX_QUICK_BYTES);
    let quick = parse(&at).unwrap_or_else(|| panic!("{at:?} should take the fast path"));
    assert_eq!(Ok(quick), parse_general(&at));
    let over = format!("{:<w$}", "4d6kh3 + 2", w = MAX_QUICK_BYTES + 1);
    assert_eq!(parse(&over), None);
    assert_eq!(parse_general(&over), parse_general(&at));
}

#[test]
fn it_gives_up_on_everything_else() {
    for n in [
        "",
        " ",
        "(1d6)",
        "2*3",
        "1d6x",
        "-1d4",
        "1d20+-5",
        "4d6 kh3",
        "1d0",
        "d",
        "4d",
        "2d20adv",
        "d20advadv",
        "1d1000001",
        "10001d6",
        "1\u{3000}+2",
        "9007199254740992",
        "4d6kh10001",
        "1+",
        "1d6e",
        "4d6di",
        "5dh",
        "5000d6+5001d6",
    ] {
        assert_eq!(parse(n), None, "{n}");
    }
}

#[test]
fn it_builds_what_the_general_parser_builds() {
    // Random texts over the characters of notation: whenever the fast path answers, the
    // general parser must answer the same.
    let alphabet = b"0123456789dDkKhHlLaAvVxiIsSfF%+-*/() !r";
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut answered = 0;
    for _ in 0..200_000 {
        let len = 1 + next(14) as usize;
        let text: String = (0..len)
            .map(|_| char::from(alphabet[next(alphabet.len() as u64) as usize]))
            .collect();
        if let Some(quick) = parse(&text) {
            answered += 1;
            assert_eq!(Ok(quick), parse_general(&text), "{text:?}");
        }
    }
    // Built from pieces of the simple shapes, so that most are accepted.
    let pieces = [
        "1", "d20", "4d6", "kh3", "kl", "d1", "dh2", "adv", "dis", "+", "-", " ", "12", "d%", "dF",
    ];
    for _ in 0..200_000 {
        let text: String = (0..1 + next(7))
            .map(|_| pieces[next(pieces.len() as u64) as usize])
            .collect();
        if let Some(quick) = parse(&text) {
            answered += 1;
            assert_eq!(Ok(quick), parse_general(&text), "{text:?}");
        }
    }
    assert!(answered > 20_000, "only {answered} answered");
}
