//! Expression → normalized notation.
//!
//! Lower case, no spaces, explicit counts and comparisons, canonical spellings:
//! `d20` → `1d20`, `d%` → `1d100`, `k` → `kh1`, `!` → `x6` (on a d6), `rr` → `r1`,
//! `d20adv` → `2d20kh1`, unary `+` dropped, parentheses kept as written. Parsing the
//! normalized text gives back the same expression.

use core::ops::Range;

use crate::dice::ast::{CmpOp, Compare, DiceTerm, DieKind, Expression, Modifier, Node};

/// The normalized notation and, when `spans` is given, where each term's text lies in it
/// (byte ranges, left to right; the notation is ASCII, so they are character ranges too).
pub(crate) fn render(expr: &Expression, mut spans: Option<&mut Vec<Range<usize>>>) -> String {
    // Printing is a loop over the post-order nodes with a stack of strings (no recursion). Each
    // stack entry holds the terms from `first` up to the next entry's first; their spans are
    // kept relative to the entry's start and shifted whenever text is put in front of it.
    struct Entry {
        text: String,
        first: usize,
    }
    let mut stack: Vec<Entry> = Vec::new();
    let mut terms = 0usize;
    let shift = |spans: &mut Option<&mut Vec<Range<usize>>>, from: usize, by: usize| {
        if let Some(s) = spans.as_deref_mut() {
            for span in s.iter_mut().skip(from) {
                span.start = span.start.saturating_add(by);
                span.end = span.end.saturating_add(by);
            }
        }
    };
    for node in &expr.nodes {
        let leaf = match node {
            Node::Number { value, .. } => {
                let mut text = String::new();
                push_int(&mut text, *value);
                Some(text)
            }
            Node::Dice(term) => Some(term_text(expr, term)),
            Node::Neg => {
                if let Some(top) = stack.last_mut() {
                    top.text.insert(0, '-');
                    shift(&mut spans, top.first, 1);
                }
                None
            }
            Node::Group => {
                if let Some(top) = stack.last_mut() {
                    top.text.insert(0, '(');
                    top.text.push(')');
                    shift(&mut spans, top.first, 1);
                }
                None
            }
            Node::Modifier(_) => None,
            Node::Binary { op, .. } => {
                if let Some(rhs) = stack.pop() {
                    if let Some(lhs) = stack.last_mut() {
                        lhs.text.push(op.symbol());
                        shift(&mut spans, rhs.first, lhs.text.len());
                        lhs.text.push_str(&rhs.text);
                    }
                }
                None
            }
        };
        if let Some(text) = leaf {
            if let Some(s) = spans.as_deref_mut() {
                s.push(0..text.len());
            }
            stack.push(Entry { text, first: terms });
            terms = terms.saturating_add(1);
        }
    }
    stack.pop().map(|e| e.text).unwrap_or_default()
}

fn push_compare(out: &mut String, rule: Compare) {
    // A negative target (Fudge dice) always carries its operator: `r=-1`, never `r-1`.
    if rule.op != CmpOp::Eq || rule.target < 0 {
        out.push_str(rule.op.symbol());
    }
    push_int(out, i64::from(rule.target));
}

/// Append an integer in decimal: what `write!(out, "{value}")` gives, without the formatting
/// machinery (rendering runs once per parsed notation on the JS facade's path).
fn push_int(out: &mut String, value: i64) {
    if value < 0 {
        out.push('-');
    }
    let mut n = value.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut len = 0usize;
    loop {
        if let Some(slot) = digits.get_mut(len) {
            *slot = b'0'.saturating_add((n % 10) as u8);
        }
        len = len.saturating_add(1);
        n /= 10;
        if n == 0 || len >= digits.len() {
            break;
        }
    }
    for d in digits.iter().take(len).rev() {
        out.push(char::from(*d));
    }
}

pub(crate) fn term_text(expr: &Expression, term: &DiceTerm) -> String {
    let mut out = String::with_capacity(16);
    let die = term.die;
    push_int(&mut out, i64::from(term.count));
    out.push('d');
    match die {
        DieKind::Standard(sides) => {
            push_int(&mut out, i64::from(sides));
        }
        DieKind::Fudge => out.push('F'),
    }
    for m in expr.modifiers_of(term) {
        match m.modifier {
            Modifier::Keep { highest, count } => {
                out.push_str(if highest { "kh" } else { "kl" });
                push_int(&mut out, i64::from(count));
            }
            Modifier::Drop { highest, count } => {
                out.push_str(if highest { "dh" } else { "dl" });
                push_int(&mut out, i64::from(count));
            }
            Modifier::Explode { once, when } => {
                out.push_str(if once { "xo" } else { "x" });
                push_compare(&mut out, when.unwrap_or(Compare::eq(die.highest())));
            }
            Modifier::Reroll { once, when } => {
                out.push_str(if once { "r" } else { "rr" });
                push_compare(&mut out, when.unwrap_or(Compare::eq(die.lowest())));
            }
            Modifier::Min(n) => {
                out.push_str("min");
                push_int(&mut out, i64::from(n));
            }
            Modifier::Max(n) => {
                out.push_str("max");
                push_int(&mut out, i64::from(n));
            }
            Modifier::CountSuccesses(when) => {
                out.push_str("cs");
                push_compare(&mut out, when.unwrap_or(Compare::eq(die.highest())));
            }
            Modifier::CountFailures(when) => {
                out.push_str("cf");
                push_compare(&mut out, when.unwrap_or(Compare::eq(die.lowest())));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each leaf's own text, rendered alone, in order.
    fn leaf_texts(expr: &Expression) -> Vec<String> {
        expr.nodes
            .iter()
            .filter_map(|n| match n {
                Node::Number { value, .. } => {
                    let mut text = String::new();
                    push_int(&mut text, *value);
                    Some(text)
                }
                Node::Dice(t) => Some(term_text(expr, t)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn integers_render_as_display_does() {
        for v in [
            0,
            7,
            -7,
            10,
            99,
            100,
            -1000,
            1_000_000,
            i64::MAX,
            i64::MIN,
            (1 << 53) - 1,
        ] {
            let mut s = String::from("x");
            push_int(&mut s, v);
            assert_eq!(s, format!("x{v}"));
        }
    }

    #[test]
    fn term_spans_point_at_each_term_inside_the_notation() {
        for n in [
            "4d6kh3+2",
            "-(1d4+1)*-(2)",
            "((3))",
            "--5d6!-(d20adv/-3)",
            "1+2*3-4/5",
            "(1d6+(2d8-(3d10x>=9)))*(4+5)",
            "d%+dF+4dF",
            "7",
        ] {
            let expr = Expression::parse(n).unwrap();
            let mut spans = Vec::new();
            let notation = render(&expr, Some(&mut spans));
            assert_eq!(notation, render(&expr, None), "{n}");
            let at: Vec<&str> = spans.iter().map(|s| &notation[s.clone()]).collect();
            assert_eq!(at, leaf_texts(&expr), "{n}");
            // Spans are in order and do not overlap.
            assert!(spans.windows(2).all(|w| w[0].end < w[1].start), "{n}");
        }
    }
}
