//! A fast path for the notations typed most: sums and differences of numbers and dice terms
//! whose only modifiers are keep, drop, advantage and disadvantage (`1d20+5`, `4d6kh3`,
//! `2d20kl1 - 1d4 + 3`, `d20adv`, `8d6`, `d%`, `4dF`).
//!
//! It reads the bytes once and builds the nodes directly, with none of the general parser's
//! token machinery; on anything else — another operator, a parenthesis, another modifier,
//! a sign, any limit reached, any error — it gives up and the general parser (`parser.rs`)
//! reads the text from the start, so every message and position comes from there. The two
//! build identical expressions for every text the fast path accepts (checked by the tests
//! below against random and hand-picked notations).

use crate::dice::ast::{BinOp, DiceTerm, DieKind, Expression, Modifier, ModifierAt, Node};
use crate::dice::limits::{MAX_DICE, MAX_MAGNITUDE, MAX_MODIFIERS_PER_TERM, MAX_SIDES, MAX_TERMS};

/// Longer notations take the general path (they are rarely simple, and the bound keeps every
/// count here far below its limit).
const MAX_QUICK_BYTES: usize = 64;

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).map(u8::to_ascii_lowercase)
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes
            .get(self.at.saturating_add(ahead))
            .map(u8::to_ascii_lowercase)
    }

    fn skip_spaces(&mut self) {
        while self.bytes.get(self.at) == Some(&b' ') {
            self.at += 1;
        }
    }

    /// Digits here, if any, as a number no larger than `max`; `Err` when they are larger.
    fn number(&mut self, max: u64) -> Result<Option<u64>, ()> {
        let start = self.at;
        let mut value = 0u64;
        while let Some(d) = self.bytes.get(self.at).filter(|b| b.is_ascii_digit()) {
            value = value * 10 + u64::from(d - b'0');
            if value > max {
                return Err(());
            }
            self.at += 1;
        }
        Ok((self.at > start).then_some(value))
    }

    fn pos(&self) -> u32 {
        // At most MAX_QUICK_BYTES.
        self.at as u32
    }
}

/// The expression for `text` when it has one of the simple shapes, `None` otherwise.
pub(crate) fn parse(text: &str) -> Option<Expression> {
    let bytes = text.as_bytes();
    if bytes.len() > MAX_QUICK_BYTES || !bytes.is_ascii() {
        return None;
    }
    let mut r = Reader { bytes, at: 0 };
    let mut nodes: Vec<Node> = Vec::with_capacity(8);
    let (mut terms, mut dice) = (0u32, 0u32);
    r.skip_spaces();
    let mut op: Option<(BinOp, u32)> = None;
    loop {
        if terms >= MAX_TERMS {
            return None;
        }
        terms += 1;
        term(&mut r, &mut nodes, &mut dice)?;
        if let Some((op, pos)) = op {
            nodes.push(Node::Binary {
                op,
                pos,
                exact: false,
            });
        }
        r.skip_spaces();
        let pos = r.pos();
        op = match r.peek() {
            None => break,
            Some(b'+') => Some((BinOp::Add, pos)),
            Some(b'-') => Some((BinOp::Sub, pos)),
            _ => return None,
        };
        r.at += 1;
        r.skip_spaces();
    }
    Some(Expression {
        max_stack: Expression::stack_need(&nodes),
        nodes,
        dice_count: dice,
        term_count: terms,
        labels: Vec::new(),
        exact: false,
    })
}

/// One number or dice term at the reader, its nodes pushed.
fn term(r: &mut Reader<'_>, nodes: &mut Vec<Node>, dice: &mut u32) -> Option<()> {
    let pos = r.pos();
    let count = r.number(MAX_MAGNITUDE as u64).ok()?;
    let is_die = r.peek() == Some(b'd') && matches!(r.peek_at(1), Some(b'0'..=b'9' | b'%' | b'f'));
    if !is_die {
        let value = i64::try_from(count?).ok()?;
        nodes.push(Node::Number { value, pos });
        return Some(());
    }
    r.at += 1;
    let mut count = match count {
        Some(n) => u32::try_from(n).ok().filter(|n| *n <= MAX_DICE)?,
        None => 1,
    };
    let die = match r.peek() {
        Some(b'%') => {
            r.at += 1;
            DieKind::Standard(100)
        }
        Some(b'f') => {
            r.at += 1;
            DieKind::Fudge
        }
        _ => {
            let sides = r.number(u64::from(MAX_SIDES)).ok()??;
            DieKind::Standard(u32::try_from(sides).ok().filter(|s| *s >= 1)?)
        }
    };
    let mods_start = nodes.len();
    loop {
        let at = r.pos();
        // Keep/drop and their lengths, as the general lexer reads them (longest first).
        let (modifier, len) = match (r.peek(), r.peek_at(1), r.peek_at(2)) {
            (Some(b'k'), Some(b'l'), _) => ((false, true), 2),
            (Some(b'k'), Some(b'h'), _) => ((true, true), 2),
            (Some(b'k'), _, _) => ((true, true), 1),
            (Some(b'd'), Some(b'h'), _) => ((true, false), 2),
            (Some(b'd'), Some(b'l'), _) => ((false, false), 2),
            (Some(b'd'), Some(b'i'), Some(b's')) | (Some(b'a'), Some(b'd'), Some(b'v')) => {
                // Advantage (keep the higher of two) and disadvantage apply to one die.
                if count != 1 || nodes.len() - mods_start >= MAX_MODIFIERS_PER_TERM as usize {
                    return None;
                }
                count = 2;
                nodes.push(Node::Modifier(ModifierAt {
                    modifier: Modifier::Keep {
                        highest: r.peek() == Some(b'a'),
                        count: 1,
                    },
                    pos: at,
                }));
                r.at += 3;
                continue;
            }
            (Some(b'd'), _, _) => ((false, false), 1),
            (None | Some(b' ' | b'+' | b'-'), _, _) => break,
            _ => return None,
        };
        if nodes.len() - mods_start >= MAX_MODIFIERS_PER_TERM as usize {
            return None;
        }
        r.at += len;
        let n = r.number(u64::from(MAX_DICE)).ok()?;
        let n = u32::try_from(n.unwrap_or(1)).ok()?;
        let (highest, keep) = modifier;
        let modifier = if keep {
            Modifier::Keep { highest, count: n }
        } else {
            Modifier::Drop { highest, count: n }
        };
        nodes.push(Node::Modifier(ModifierAt { modifier, pos: at }));
    }
    *dice = dice.checked_add(count).filter(|d| *d <= MAX_DICE)?;
    let mods_len = nodes.len() - mods_start;
    nodes.push(Node::Dice(DiceTerm {
        count,
        die,
        mods_start: u32::try_from(mods_start).ok()?,
        mods_len: u32::try_from(mods_len).ok()?,
        pos,
    }));
    Some(())
}

#[cfg(test)]
mod tests {
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
            "1", "d20", "4d6", "kh3", "kl", "d1", "dh2", "adv", "dis", "+", "-", " ", "12", "d%",
            "dF",
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
}
