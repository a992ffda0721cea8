//! Expression → normalized notation.
//!
//! Lower case, no spaces, explicit counts and comparisons, canonical spellings:
//! `d20` → `1d20`, `d%` → `1d100`, `k` → `kh1`, `!` → `x6` (on a d6), `rr` → `r1`,
//! `d20adv` → `2d20kh1`, unary `+` dropped, parentheses kept as written. Parsing the
//! normalized text gives back the same expression.

use core::fmt::Write;

use crate::dice::ast::{CmpOp, Compare, DiceTerm, DieKind, Expression, Modifier, Node};

/// The normalized notation and, when `terms` is given, each term's own text in order.
pub(crate) fn render(expr: &Expression, mut terms: Option<&mut Vec<String>>) -> String {
    // Printing is a loop over the post-order nodes with a stack of strings (no recursion).
    let mut stack: Vec<String> = Vec::new();
    for node in &expr.nodes {
        match node {
            Node::Number { value, .. } => {
                let text = value.to_string();
                if let Some(t) = terms.as_deref_mut() {
                    t.push(text.clone());
                }
                stack.push(text);
            }
            Node::Dice(term) => {
                let text = term_text(expr, term);
                if let Some(t) = terms.as_deref_mut() {
                    t.push(text.clone());
                }
                stack.push(text);
            }
            Node::Neg => {
                if let Some(top) = stack.last_mut() {
                    top.insert(0, '-');
                }
            }
            Node::Group => {
                if let Some(top) = stack.last_mut() {
                    top.insert(0, '(');
                    top.push(')');
                }
            }
            Node::Modifier(_) => {}
            Node::Binary { op, .. } => {
                let rhs = stack.pop().unwrap_or_default();
                if let Some(lhs) = stack.last_mut() {
                    lhs.push(op.symbol());
                    lhs.push_str(&rhs);
                }
            }
        }
    }
    stack.pop().unwrap_or_default()
}

fn push_compare(out: &mut String, rule: Compare) {
    // A negative target (Fudge dice) always carries its operator: `r=-1`, never `r-1`.
    if rule.op != CmpOp::Eq || rule.target < 0 {
        out.push_str(rule.op.symbol());
    }
    let _ = write!(out, "{}", rule.target);
}

pub(crate) fn term_text(expr: &Expression, term: &DiceTerm) -> String {
    let mut out = String::with_capacity(16);
    let die = term.die;
    let _ = write!(out, "{}d", term.count);
    match die {
        DieKind::Standard(sides) => {
            let _ = write!(out, "{sides}");
        }
        DieKind::Fudge => out.push('F'),
    }
    for m in expr.modifiers_of(term) {
        match m.modifier {
            Modifier::Keep { highest, count } => {
                let _ = write!(out, "{}{count}", if highest { "kh" } else { "kl" });
            }
            Modifier::Drop { highest, count } => {
                let _ = write!(out, "{}{count}", if highest { "dh" } else { "dl" });
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
                let _ = write!(out, "min{n}");
            }
            Modifier::Max(n) => {
                let _ = write!(out, "max{n}");
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
