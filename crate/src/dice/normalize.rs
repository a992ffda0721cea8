//! Expression → normalized notation.
//!
//! Lower case, no spaces, explicit counts and comparisons, canonical spellings:
//! `d20` → `1d20`, `d%` → `1d100`, `k` → `kh1`, `!` → `x6` (on a d6), `rr` → `r1`,
//! `d20adv` → `2d20kh1`, unary `+` dropped, parentheses kept as written. Parsing the
//! normalized text gives back the same expression.

use core::ops::Range;

use crate::dice::ast::{CmpOp, Compare, DiceTerm, DieKind, Expression, Modifier, Node, PoolTerm};
use crate::dice::smallbuf::SmallBuf;

/// The normalized notation and, when `spans` is given, where each term's text lies in it
/// (byte ranges, left to right; the notation is ASCII, so they are character ranges too).
pub(crate) fn render(expr: &Expression, spans: Option<&mut Vec<Range<usize>>>) -> String {
    let mut out = String::new();
    let mut local = Vec::new();
    render_into(expr, &mut out, spans.unwrap_or(&mut local));
    out
}

/// [`render`] into buffers the caller keeps (both are cleared first), so that rendering
/// allocates nothing once they have grown.
///
/// The nodes are in post-order; the text is written left to right in one pass after a first
/// pass that finds, for every leaf (number or dice term), the operator that follows it, the
/// `(` and `-` written before it and the `)` after it. A unary minus or a group applies to the
/// subexpression on top of the stack: its `-` or `(` goes before that subexpression's first
/// leaf (an outer one before an inner one), its `)` after the last leaf; a binary operator goes
/// between the last leaf of its left side and the first leaf of its right side. No recursion,
/// and no string per subexpression.
pub(crate) fn render_into(expr: &Expression, out: &mut String, spans: &mut Vec<Range<usize>>) {
    out.clear();
    spans.clear();
    if render_chain(expr, out, spans) {
        return;
    }
    out.clear();
    spans.clear();
    // Leaves in order (their node index), the separator after each (0: none; an operator, or
    // the `,` between a function's arguments or a pool's results), the openers written before
    // a leaf (`-`, `(`, `floor(`, `{`: the leaf and the opening node's index) and the closers
    // after one (`)`, or `}` with a pool's modifiers).
    let mut leaves: SmallBuf<u32, 16> = SmallBuf::new();
    let mut ops: SmallBuf<u8, 16> = SmallBuf::new();
    let mut before: SmallBuf<(u32, u32), 8> = SmallBuf::new();
    let mut closes: SmallBuf<(u32, u32), 8> = SmallBuf::new();
    // First and last leaf of each subexpression on the stack.
    let mut stack: SmallBuf<(u32, u32), 16> = SmallBuf::new();
    for (index, node) in expr.nodes.iter().enumerate() {
        let node_index = u32::try_from(index).unwrap_or(u32::MAX);
        let top = stack.len().checked_sub(1).and_then(|i| stack.get(i));
        match node {
            Node::Number { .. } | Node::Dice(_) => {
                let leaf = u32::try_from(leaves.len()).unwrap_or(u32::MAX);
                leaves.push(node_index);
                ops.push(0);
                // A term with a rolled count or size takes in the subexpressions before it.
                let pops = match node {
                    Node::Dice(term) => term.pops(),
                    _ => 0,
                };
                // With nothing taken in, `from` is the stack's length and there is no entry.
                let from = stack.len().saturating_sub(pops);
                let first = match stack.get(from) {
                    Some((first, _)) => first,
                    None => leaf,
                };
                stack.truncate(from);
                stack.push((first, leaf));
            }
            Node::Neg => {
                if let Some((first, _)) = top {
                    before.push((first, node_index));
                }
            }
            Node::Group | Node::SidesGroup { .. } => {
                if let Some((first, last)) = top {
                    before.push((first, node_index));
                    closes.push((last, node_index));
                }
            }
            Node::Modifier(_) | Node::Flavor(_) => {}
            Node::Binary { op, .. } => {
                let len = stack.len();
                let (Some(lhs), Some(rhs)) = (
                    len.checked_sub(2).and_then(|i| stack.get(i)),
                    len.checked_sub(1).and_then(|i| stack.get(i)),
                ) else {
                    continue;
                };
                if let Some(slot) = ops.get_mut(lhs.1 as usize) {
                    *slot = op.symbol() as u8;
                }
                stack.truncate(len - 1);
                if let Some(joined) = len.checked_sub(2).and_then(|i| stack.get_mut(i)) {
                    *joined = (lhs.0, rhs.1);
                }
            }
            Node::Func { args: n, .. } | Node::Pool(PoolTerm { count: n, .. }) => {
                let len = stack.len();
                let Some(from) = len.checked_sub(*n as usize) else {
                    continue; // an empty list fails the first/last match below
                };
                let items = stack.as_slice().get(from..).unwrap_or(&[]);
                let (Some(&(first, _)), Some(&(_, last))) = (items.first(), items.last()) else {
                    continue;
                };
                for w in items.windows(2) {
                    if let Some(slot) = w.first().and_then(|(_, l)| ops.get_mut(*l as usize)) {
                        *slot = b',';
                    }
                }
                before.push((first, node_index));
                closes.push((last, node_index));
                stack.truncate(from);
                stack.push((first, last));
            }
        }
    }
    // Where each open pool's text starts (pools close innermost first), and each rolled size's
    // term (`1d(`…), which its term's span starts from.
    let mut pool_starts: SmallBuf<u32, 8> = SmallBuf::new();
    let mut sides_starts: SmallBuf<u32, 4> = SmallBuf::new();
    for (leaf, (&node, &op)) in leaves.as_slice().iter().zip(ops.as_slice()).enumerate() {
        let leaf = u32::try_from(leaf).unwrap_or(u32::MAX);
        for &(at, opener) in before.as_slice().iter().rev() {
            if at != leaf {
                continue;
            }
            match expr.nodes.get(opener as usize) {
                Some(Node::Neg) => out.push('-'),
                Some(Node::Func { func, .. }) => {
                    out.push_str(func.name());
                    out.push('(');
                }
                Some(Node::Pool(_)) => {
                    pool_starts.push(u32::try_from(out.len()).unwrap_or(u32::MAX));
                    out.push('{');
                }
                Some(Node::SidesGroup { count }) => {
                    sides_starts.push(u32::try_from(out.len()).unwrap_or(u32::MAX));
                    if let Some(count) = count {
                        push_int(out, i64::from(*count));
                    }
                    out.push_str("d(");
                }
                _ => out.push('('),
            }
        }
        let mut start = out.len();
        match expr.nodes.get(node as usize) {
            Some(Node::Number { value, .. }) => push_int(out, *value),
            Some(Node::Dice(term)) => {
                if term.sides_rolled() {
                    let open = sides_starts.len().checked_sub(1);
                    if let Some(at) = open.and_then(|i| sides_starts.get(i)) {
                        start = at as usize;
                    }
                    if let Some(i) = open {
                        sides_starts.truncate(i);
                    }
                }
                term_text_into(expr, term, out);
            }
            _ => {}
        }
        push_flavor(expr, node as usize, out);
        spans.push(start..out.len());
        for &(at, closer) in closes.as_slice() {
            if at != leaf {
                continue;
            }
            match expr.nodes.get(closer as usize) {
                Some(Node::Pool(pool)) => {
                    out.push('}');
                    for m in expr.modifiers_at(pool.mods_start, pool.mods_len) {
                        push_modifier(out, m.modifier, Some(DieKind::Standard(1)));
                    }
                    push_flavor(expr, closer as usize, out);
                    let open = pool_starts.len().checked_sub(1);
                    let start = open.and_then(|i| pool_starts.get(i)).unwrap_or(0);
                    if let Some(i) = open {
                        pool_starts.truncate(i);
                    }
                    spans.push(start as usize..out.len());
                }
                _ => out.push(')'),
            }
        }
        if op != 0 {
            out.push(char::from(op));
        }
    }
}

/// `[text]` when the node at `index` has a flavor.
fn push_flavor(expr: &Expression, index: usize, out: &mut String) {
    if let Some(text) = expr.flavor_after(index) {
        out.push('[');
        out.push_str(text);
        out.push(']');
    }
}

/// The usual shape, a chain `a op b op c …` with no sign or parenthesis (post-order
/// `a b op c op …`): every leaf is followed by its operator, so the text is the nodes in order.
/// Returns `false`, having written something unspecified, for any other shape.
fn render_chain(expr: &Expression, out: &mut String, spans: &mut Vec<Range<usize>>) -> bool {
    let mut leaves = 0usize;
    let mut operators = 0usize;
    for (i, node) in expr.nodes.iter().enumerate() {
        match node {
            Node::Modifier(_) | Node::Flavor(_) => {}
            Node::Number { .. } | Node::Dice(_) => {
                let flavored = matches!(expr.nodes.get(i + 1), Some(Node::Flavor(_)));
                if leaves > 0 {
                    // In a chain every later leaf is followed directly by its operator (after
                    // its flavor).
                    let next = expr.nodes.get(i + 1 + usize::from(flavored));
                    let Some(Node::Binary { op, .. }) = next else {
                        return false;
                    };
                    out.push(op.symbol());
                }
                let start = out.len();
                match node {
                    Node::Number { value, .. } => push_int(out, *value),
                    Node::Dice(term) => term_text_into(expr, term, out),
                    _ => {}
                }
                push_flavor(expr, i, out);
                spans.push(start..out.len());
                leaves += 1;
            }
            Node::Binary { .. } => {
                operators += 1;
                if leaves.checked_sub(1) != Some(operators) {
                    return false;
                }
            }
            Node::Neg
            | Node::Group
            | Node::SidesGroup { .. }
            | Node::Func { .. }
            | Node::Pool(_) => return false,
        }
    }
    leaves.checked_sub(1) == Some(operators)
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
    crate::text::decimal::push_i64(out, value);
}

#[cfg(test)]
pub(crate) fn term_text(expr: &Expression, term: &DiceTerm) -> String {
    let mut out = String::with_capacity(16);
    term_text_into(expr, term, &mut out);
    out
}

/// A term's own text: a count in parentheses before it, and a rolled size's `d(…)` (written by
/// its [`Node::SidesGroup`]), are not part of it.
fn term_text_into(expr: &Expression, term: &DiceTerm, out: &mut String) {
    let die = (!term.sides_rolled()).then_some(term.die);
    if let Some(die) = die {
        if !term.count_rolled() {
            push_int(out, i64::from(term.count));
        }
        out.push('d');
        match die {
            DieKind::Standard(sides) => {
                push_int(out, i64::from(sides));
            }
            DieKind::Fudge => out.push('F'),
            DieKind::Coin => out.push('c'),
        }
    }
    for m in expr.modifiers_of(term) {
        push_modifier(out, m.modifier, die);
    }
}

/// One modifier's normal text; `die` gives the defaults of comparisons left out (a rolled
/// size has none yet: they stay left out).
fn push_modifier(out: &mut String, modifier: Modifier, die: Option<DieKind>) {
    match modifier {
        Modifier::Keep { highest, count } => {
            out.push_str(if highest { "kh" } else { "kl" });
            push_int(out, i64::from(count));
        }
        Modifier::Drop { highest, count } => {
            out.push_str(if highest { "dh" } else { "dl" });
            push_int(out, i64::from(count));
        }
        Modifier::Explode { once, when } => {
            out.push_str(if once { "xo" } else { "x" });
            push_default(out, when, die.map(|d| d.highest()));
        }
        Modifier::Reroll { once, when } => {
            out.push_str(if once { "r" } else { "rr" });
            push_default(out, when, die.map(|d| d.lowest()));
        }
        Modifier::Min(n) => {
            out.push_str("min");
            push_int(out, i64::from(n));
        }
        Modifier::Max(n) => {
            out.push_str("max");
            push_int(out, i64::from(n));
        }
        Modifier::CountSuccesses(when) => {
            out.push_str("cs");
            push_default(out, when, die.map(|d| d.highest()));
        }
        Modifier::CountFailures(when) => {
            out.push_str("cf");
            push_default(out, when, die.map(|d| d.lowest()));
        }
    }
}

/// A comparison, or the die's `face` when it was left out (nothing for a size not rolled yet).
fn push_default(out: &mut String, when: Option<Compare>, face: Option<i32>) {
    if let Some(rule) = when.or(face.map(Compare::eq)) {
        push_compare(out, rule);
    }
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

    /// The renderer before it wrote left to right in one pass (a string per subexpression,
    /// prefixes inserted at the front): the reference for the current one.
    fn reference_render(expr: &Expression, mut spans: Option<&mut Vec<Range<usize>>>) -> String {
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
                // The reference predates functions, pools and flavors.
                Node::Modifier(_)
                | Node::Func { .. }
                | Node::Pool(_)
                | Node::Flavor(_)
                | Node::SidesGroup { .. } => None,
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

    #[test]
    fn one_pass_rendering_equals_the_string_stack_renderer() {
        let mut notations: Vec<String> = [
            "4d6kh3+2",
            "-(1d4+1)*-(2)",
            "((3))",
            "--5d6!-(d20adv/-3)",
            "1+2*3-4/5",
            "(1d6+(2d8-(3d10x>=9)))*(4+5)",
            "d%+dF+4dF",
            "7",
            "-7",
            "---(-(--(1)))",
            "(((1+2)*(3-4))/((5)))",
            "1-(2-(3-(4-(5))))",
            "1d20r1x>=19kh1cs>=10cf1min2max19",
            "2*-3/-(4)",
            "-(-(-1d6))",
            "(1)+(2)+(3)*((4))",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Pseudo-random well-formed notations: leaves, signs, groups and operators.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for _ in 0..2000 {
            let mut text = String::new();
            let mut open = 0;
            for term in 0..=next(6) {
                if term > 0 {
                    text.push(['+', '-', '*', '/'][next(4) as usize]);
                }
                for _ in 0..next(3) {
                    text.push(['-', '+', '('][next(3) as usize]);
                    if text.ends_with('(') {
                        open += 1;
                    }
                }
                text.push_str(["3", "d6", "2d8kh1", "dF", "10"][next(5) as usize]);
                while open > 0 && next(2) == 0 {
                    text.push(')');
                    open -= 1;
                }
            }
            text.push_str(&")".repeat(open));
            notations.push(text);
        }
        let mut parsed = 0;
        for n in &notations {
            let Ok(expr) = Expression::parse(n) else {
                continue;
            };
            parsed += 1;
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let fast = render(&expr, Some(&mut a));
            let slow = reference_render(&expr, Some(&mut b));
            assert_eq!((fast, a), (slow, b), "{n}");
        }
        assert!(parsed > 1500, "only {parsed} notations parsed");
    }

    /// The one-pass shortcut takes exactly the chains `a op b op c …` (flavors included) and
    /// writes what the general renderer writes; any sign, group, function or pool sends the
    /// notation to the general renderer.
    #[test]
    fn the_chain_shortcut_takes_chains_and_only_chains() {
        let render_general = |expr: &Expression| {
            let (mut out, mut spans) = (String::new(), Vec::new());
            render_into(expr, &mut out, &mut spans);
            (out, spans)
        };
        let chains = [
            "7",
            "4d6kh3+2",
            "1*2/3+4-5",
            "d%+dF+4dF",
            "1d20[fire]*2[cold]+3d6",
            "1d20r1x>=19kh1cs>=10cf1min2max19+1",
        ]
        .into_iter()
        .map(|n| (n, true));
        // `1+2*3` is `1 (2 3 *) +` in post-order: not a chain.
        let others = [
            "1+2*3",
            "-7",
            "(1)+2",
            "2*-3",
            "1+(2*3)",
            "floor(7/2)",
            "{2d6,3}kh1",
        ]
        .into_iter()
        .map(|n| (n, false));
        for (n, chain) in chains.chain(others) {
            let expr = Expression::parse(n).unwrap();
            let (mut out, mut spans) = (String::new(), Vec::new());
            assert_eq!(render_chain(&expr, &mut out, &mut spans), chain, "{n}");
            if chain {
                assert_eq!((out, spans), render_general(&expr), "{n}");
            }
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
