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
mod tests;
