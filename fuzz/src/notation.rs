//! Dice notation written by the input: raw text, or text built from the grammar in
//! `docs/NOTATION.md` (numbers at the limits, every modifier and comparison, nesting, spaces in
//! and out of place), and the promises the notation makes:
//!
//! - parsing answers with an expression or a typed error;
//! - the normalized text parses to itself (unless spelling it out passed the length limit);
//! - a roll and a total on the same seed agree, and both fail or neither does;
//! - a roll's faces replayed as supplied dice give the same roll.

use arbitrary::{Result, Unstructured};
use turnkeeper::ErrorCode;
use turnkeeper::dice::limits::MAX_NOTATION_CHARS;
use turnkeeper::dice::{Expression, SeededDice, SuppliedDice};

const NUMBERS: [&str; 18] = [
    "0",
    "1",
    "2",
    "3",
    "4",
    "6",
    "8",
    "10",
    "12",
    "20",
    "100",
    "1000",
    "10000",
    "10001",
    "1000000",
    "1000001",
    "9007199254740991",
    "9007199254740992",
];
const MODIFIERS: [&str; 21] = [
    "kh", "kl", "k", "dh", "dl", "d", "x", "!", "xo", "rr", "r", "ro", "min", "max", "cs", "cf",
    "adv", "dis", "!!", "kk", "X",
];
const COMPARISONS: [&str; 7] = ["", "=", "<", "<=", ">", ">=", "=-"];
const OPERATORS: [&str; 6] = ["+", "-", "*", "/", " + ", "--"];

fn push_number(u: &mut Unstructured, out: &mut String) -> Result<()> {
    if u.ratio(3, 4)? {
        out.push_str(u.choose(&NUMBERS)?);
    } else {
        out.push_str(&u.arbitrary::<u32>()?.to_string());
    }
    Ok(())
}

fn dice_term(u: &mut Unstructured, out: &mut String) -> Result<()> {
    if u.ratio(3, 4)? {
        push_number(u, out)?;
    }
    out.push(if u.ratio(1, 8)? { 'D' } else { 'd' });
    match u.int_in_range(0..=9)? {
        0 => out.push('%'),
        1 => out.push('F'),
        _ => push_number(u, out)?,
    }
    for _ in 0..u.int_in_range(0..=4)? {
        out.push_str(u.choose(&MODIFIERS)?);
        if u.ratio(2, 3)? {
            out.push_str(u.choose(&COMPARISONS)?);
            push_number(u, out)?;
        }
    }
    Ok(())
}

fn expr(u: &mut Unstructured, out: &mut String, depth: u32) -> Result<()> {
    match u.int_in_range(0..=7)? {
        0 | 1 => push_number(u, out)?,
        2 if depth < 70 => {
            out.push('(');
            expr(u, out, depth + 1)?;
            out.push(')');
        }
        3 if depth < 70 => {
            out.push('-');
            expr(u, out, depth + 1)?;
        }
        _ => dice_term(u, out)?,
    }
    if depth < 70 && u.ratio(1, 2)? {
        out.push_str(u.choose(&OPERATORS)?);
        expr(u, out, depth + 1)?;
    }
    Ok(())
}

/// Notation chosen by the input: raw text one time in four, else from the grammar.
pub fn text(u: &mut Unstructured) -> Result<String> {
    if u.ratio(1, 4)? {
        return u.arbitrary();
    }
    let mut out = String::new();
    expr(u, &mut out, 0)?;
    Ok(out)
}

/// Parse `text` and roll it every way, checking the promises above.
pub fn check(text: &str, seed: u64, faces: Vec<u32>) {
    let Ok(expr) = Expression::parse(text) else {
        return;
    };
    let normalized = expr.normalized();
    match Expression::parse(&normalized) {
        Ok(again) => assert_eq!(again.normalized(), normalized, "{text:?}"),
        Err(e) => assert!(
            e.code == ErrorCode::NotationLimit && normalized.chars().count() > MAX_NOTATION_CHARS,
            "{text:?} normalizes to {normalized:?}, which does not parse: {e}"
        ),
    }
    let Ok(mut seeded) = SeededDice::new(seed) else {
        return;
    };
    let rolled = expr.roll(&mut seeded);
    let mut seeded = SeededDice::new(seed).expect("seed");
    let total = expr.roll_total(&mut seeded);
    match &rolled {
        Ok(r) => {
            assert_eq!(total.as_ref().ok(), Some(&r.total), "{text:?} seed {seed}");
            let mut replay = SuppliedDice::new(r.faces());
            let again = expr.roll(&mut replay).expect("replayed faces roll");
            assert_eq!(again.total, r.total, "{text:?}: replay");
            assert_eq!(replay.remaining(), 0, "{text:?}: replay left faces");
        }
        Err(_) => assert!(total.is_err(), "{text:?} seed {seed}: only the roll failed"),
    }
    let mut supplied = SuppliedDice::new(faces.clone());
    let rolled = expr.roll(&mut supplied);
    let total = expr.roll_total(&mut SuppliedDice::new(faces));
    if let Ok(r) = rolled {
        assert_eq!(total.ok(), Some(r.total), "{text:?} on supplied faces");
    }
}
