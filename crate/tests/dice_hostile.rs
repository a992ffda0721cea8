//! Hostile notation: every limit and every syntax error is a typed error with a position;
//! nothing hangs, panics, overflows or allocates the size of a request.

use turnkeeper::dice::limits::{
    MAX_DEPTH, MAX_DICE, MAX_MODIFIERS_PER_TERM, MAX_NOTATION_CHARS, MAX_REROLLS_PER_DIE, MAX_TERMS,
};
use turnkeeper::dice::{Expression, SeededDice, SuppliedDice, roll};
use turnkeeper::{Error, ErrorCode};

fn err(notation: &str) -> Error {
    let mut dice = SeededDice::new(1).unwrap();
    match roll(notation, &mut dice) {
        Ok(r) => panic!("{notation} rolled {} instead of failing", r.total),
        Err(e) => e,
    }
}

fn assert_err(notation: &str, code: ErrorCode, position: usize) {
    let e = err(notation);
    let shown: String = notation.chars().take(40).collect();
    assert_eq!(e.code, code, "{shown}: {e}");
    assert_eq!(e.position, Some(position), "{shown}: {e}");
    assert!(!e.message.is_empty());
}

#[test]
fn the_brief_list_of_hostile_notation() {
    use ErrorCode::{NotationLimit as Limit, NotationSyntax as Syntax};
    assert_err("99999999d99999999", Limit, 0);
    assert_err("1d0", Limit, 2);
    assert_err("d", Syntax, 1);
    assert_err(&"(".repeat(10_000), Limit, MAX_NOTATION_CHARS);
    assert_err(&"1d6+".repeat(100_000), Limit, MAX_NOTATION_CHARS);
    assert_err("1e400d6", Syntax, 1);
    assert_err("1d1!", Limit, 3);
    assert_err("1d1x", Limit, 3);
    assert_err("", Syntax, 0);
    assert_err("   ", Syntax, 3);
    assert_err("\n\t \u{3000}", Syntax, 4);
    // `-5d6` is not hostile: it is the negation of 5d6.
    let mut dice = SeededDice::new(1).unwrap();
    let t = roll("-5d6", &mut dice).unwrap().total;
    assert!((-30..=-5).contains(&t));
}

#[test]
fn modifiers_that_could_never_stop_are_refused_when_parsing() {
    use ErrorCode::NotationLimit as Limit;
    for (never, at) in [
        ("1d6rr<7", 3),
        ("1d6x>=1", 3),
        ("1d6!>0", 3),
        ("3d2rr<=2", 3),
        ("1d1rr", 3),
        ("1dFx>=-1", 3),
        ("2+1d20rr>0", 6),
    ] {
        assert_err(never, Limit, at);
        // The parser refuses it by itself, before any die is rolled.
        let e = Expression::parse(never).unwrap_err();
        assert_eq!((e.code, e.position), (Limit, Some(at)), "{never}");
    }
    // Conditions that can stop (or happen once) are fine.
    for ok in [
        "1d6rr<6",
        "1d6r<7",
        "1d6ro<7",
        "1d6xo>=1",
        "1d1xo",
        "1d1r",
        "1d1ro",
        "1d2x",
        "1d6x>6",
        "1d20rr>20",
        // One face short of every face, for each comparison.
        "1d6x>1",
        "1d6rr>=2",
        "1d6rr<=5",
        "1d6x<6",
        "1dFx>-1",
        "1d2rr=2",
    ] {
        Expression::parse(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
    }
}

#[test]
fn syntax_errors_point_at_the_offending_character() {
    use ErrorCode::{NotationLimit as Limit, NotationSyntax as Syntax};
    let cases: &[(&str, ErrorCode, usize)] = &[
        ("1d6+", Syntax, 4),
        ("(1+2", Syntax, 4),
        ("1+2)", Syntax, 3),
        ("2 3", Syntax, 2),
        ("2(3)", Syntax, 1),
        ("()", Syntax, 1),
        ("*2", Syntax, 0),
        ("1d6y", Syntax, 3),
        ("1d6 + é", Syntax, 6),
        ("🎲d6", Syntax, 0),
        ("1d6+🎲", Syntax, 4),
        ("d20min", Syntax, 6),
        ("d20max+1", Syntax, 6),
        ("1d6x>", Syntax, 5),
        ("1d6x<=-", Syntax, 7),
        ("1d6xx", Syntax, 4),
        ("1d6x!", Syntax, 4),
        ("1d6xo>5x", Syntax, 7),
        ("1dx", Syntax, 2),
        ("1d-6", Syntax, 2),
        ("kh3", Syntax, 0),
        ("1d6f", Syntax, 3),
        ("1%", Syntax, 1),
        ("1d6=6", Syntax, 3),
        ("1 d6", Syntax, 2),
        ("d20 adv", Syntax, 4),
        ("1d6 + 2)", Syntax, 7),
        ("1.5d6", Syntax, 1),
        ("1d6kh99999", Limit, 5),
        ("1d6x1000001", Limit, 4),
        ("1d6cs>=1000001", Limit, 7),
        ("1d6min1000001", Limit, 6),
        ("1d1000001", Limit, 2),
        ("10001d6", Limit, 0),
        ("5000d6+5001d6", Limit, 7),
        ("9007199254740992", Limit, 0),
        ("1+99999999999999999999999", Limit, 2),
    ];
    for &(notation, code, pos) in cases {
        assert_err(notation, code, pos);
    }
}

#[test]
fn limits_on_length_depth_terms_and_modifiers() {
    use ErrorCode::NotationLimit as Limit;
    // Length: exactly the limit parses, one more character does not.
    let long_ok = format!("{}1", " ".repeat(MAX_NOTATION_CHARS - 1));
    Expression::parse(&long_ok).unwrap();
    assert_err(
        &format!("{}1", " ".repeat(MAX_NOTATION_CHARS)),
        Limit,
        MAX_NOTATION_CHARS,
    );
    // Length is counted in characters, not bytes.
    let wide_ok = format!("{}1", "\u{3000}".repeat(MAX_NOTATION_CHARS - 1));
    Expression::parse(&wide_ok).unwrap();

    // Nesting: MAX_DEPTH levels parse; one more is refused at the '(' that goes too deep.
    let depth = MAX_DEPTH as usize;
    let ok = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    assert_eq!(Expression::parse(&ok).unwrap().normalized(), ok);
    let deep = format!("{}1{}", "(".repeat(depth + 1), ")".repeat(depth + 1));
    assert_err(&deep, Limit, depth);
    // Hundreds of unclosed parentheses inside the length limit also stop at the depth limit.
    assert_err(&"(".repeat(900), Limit, depth);
    // Unary signs do not recurse, so a run of them only meets the length limit.
    let signs = format!("{}1", "-".repeat(900));
    assert_eq!(
        Expression::parse(&signs)
            .unwrap()
            .roll_total(&mut SeededDice::new(0).unwrap())
            .unwrap(),
        1
    );

    // Terms.
    let terms = MAX_TERMS as usize;
    let ok = format!("1{}", "+1".repeat(terms - 1));
    assert_eq!(
        Expression::parse(&ok)
            .unwrap()
            .roll_total(&mut SeededDice::new(0).unwrap())
            .unwrap(),
        terms as i64
    );
    let too_many = format!("1{}", "+1".repeat(terms));
    assert_err(&too_many, Limit, 2 * terms);

    // Modifiers per term.
    let mods = MAX_MODIFIERS_PER_TERM as usize;
    let ok = format!("4d6{}", "kh4".repeat(mods));
    Expression::parse(&ok).unwrap();
    let too_many = format!("4d6{}", "kh4".repeat(mods + 1));
    assert_err(&too_many, Limit, 3 + 3 * mods);

    // Dice written: the sum over all terms.
    let max = MAX_DICE;
    Expression::parse(&format!("{max}d6")).unwrap();
    assert_err(&format!("{}d6+1d6", max), Limit, format!("{max}d6+").len());
    assert_err(
        &format!("{}d6+d20adv", max - 1),
        Limit,
        format!("{}d6+", max - 1).len(),
    );
}

#[test]
fn explosions_and_rerolls_are_capped_per_die_and_per_roll() {
    // A d2 exploding on every 2, fed only 2s: the chain stops at the per-die limit.
    let chain = MAX_REROLLS_PER_DIE as usize;
    let mut dice = SuppliedDice::new(vec![2; chain + 1]);
    let e = roll("1d2x", &mut dice).unwrap_err();
    assert_eq!((e.code, e.position), (ErrorCode::NotationLimit, Some(3)));
    // One link fewer is a legal (if improbable) roll.
    let mut faces = vec![2; chain];
    faces.push(1);
    let mut dice = SuppliedDice::new(faces);
    assert_eq!(roll("1d2x", &mut dice).unwrap().total, 2 * chain as i64 + 1);
    // The same for a repeating reroll.
    let mut dice = SuppliedDice::new(vec![1; chain + 1]);
    let e = roll("1d6rr1", &mut dice).unwrap_err();
    assert_eq!((e.code, e.position), (ErrorCode::NotationLimit, Some(3)));

    // Dice per roll counts explosions: 10,000 d2s that all explode need one die too many.
    let n = MAX_DICE as usize;
    let mut dice = SuppliedDice::new(vec![2; n + 1]);
    let e = roll(&format!("{n}d2x"), &mut dice).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotationLimit);
    // Across terms too.
    let mut dice = SuppliedDice::new(vec![2; n + 1]);
    let e = roll(&format!("{}d2+1d2x", n - 1), &mut dice).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotationLimit);
}

#[test]
fn magnitude_is_bounded_by_javascripts_safe_integers() {
    use ErrorCode::NotationLimit as Limit;
    let max = (1i64 << 53) - 1;
    let mut dice = SeededDice::new(0).unwrap();
    assert_eq!(
        roll(&format!("{max}"), &mut dice).unwrap().total,
        max,
        "the largest safe integer is allowed"
    );
    assert_eq!(roll(&format!("-{max}"), &mut dice).unwrap().total, -max);
    assert_err(&format!("{max}+1"), Limit, 16);
    assert_err(&format!("-{max}-1"), Limit, 17);
    assert_err("1000000*1000000*10000", Limit, 15);
    assert_err("94906267*94906267", Limit, 8);
    // The biggest legal roll fits: 10,000 dice of 1,000,000 sides.
    let t = roll("10000d1000000", &mut dice).unwrap().total;
    assert!((10_000..=10_000_000_000).contains(&t));
    assert_err("10000d1000000*10000000", Limit, 13);
}

/// A tiny deterministic generator for the fuzz inputs (xorshift64*), so the test never
/// depends on anything but its seed.
struct Xorshift(u64);
impl Xorshift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Parse and roll; the only acceptable outcomes are Ok or a typed error (a panic fails the
/// test). When it parses, the normalized text must parse to the same thing and roll the same.
fn survive(text: &str, seed: u64) {
    match Expression::parse(text) {
        Ok(expr) => {
            let normalized = expr.normalized();
            let again = Expression::parse(&normalized)
                .unwrap_or_else(|e| panic!("{text:?} normalized to {normalized:?}: {e}"));
            assert_eq!(again.normalized(), normalized, "{text:?}");
            let a = expr.roll(&mut SeededDice::new(seed).unwrap());
            let b = again.roll_total(&mut SeededDice::new(seed).unwrap());
            match (a, b) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a.total, b, "{text:?}");
                    assert!(a.total.unsigned_abs() < 1 << 53);
                }
                (Err(a), Err(b)) => assert_eq!(a.code, b.code, "{text:?}"),
                (a, b) => panic!("{text:?}: {a:?} vs {b:?}"),
            }
        }
        Err(e) => {
            assert!(!e.message.is_empty());
            if let Some(p) = e.position {
                assert!(p <= text.chars().count(), "{text:?}: position {p}");
            }
        }
    }
}

#[test]
fn random_bytes_and_unicode_never_panic() {
    let mut rng = Xorshift(0x5EED_1234_ABCD_0001);
    // Random bytes (made into text the way a browser would).
    for i in 0..2_000 {
        let len = rng.below(40) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        survive(&String::from_utf8_lossy(&bytes), i);
    }
    // Random Unicode scalar values, mixed with dice characters.
    for i in 0..2_000 {
        let len = rng.below(30) as usize;
        let text: String = (0..len)
            .map(|_| {
                if rng.below(3) == 0 {
                    char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{FFFD}')
                } else {
                    b"0123456789d+-*/()%!<>=khlxrocsfminaxdv F"[rng.below(40) as usize] as char
                }
            })
            .collect();
        survive(&text, i);
    }
}

#[test]
fn random_dice_shaped_notation_never_panics_and_normalizes_faithfully() {
    let mut rng = Xorshift(0xD1CE_D1CE_0000_0042);
    let atoms = [
        "1", "2", "3", "6", "10", "20", "100", "d", "d6", "d20", "4d6", "2d20", "d%", "dF", "kh",
        "kl", "k", "dh", "dl", "x", "!", "xo", "r", "ro", "rr", "min", "max", "cs", "cf", "adv",
        "dis", "<", ">", "<=", ">=", "=", "+", "-", "*", "/", "(", ")", " ", "0", "999",
    ];
    let mut parsed = 0;
    for i in 0..4_000 {
        let len = 1 + rng.below(12) as usize;
        let text: String = (0..len)
            .map(|_| atoms[rng.below(atoms.len() as u64) as usize])
            .collect();
        if Expression::parse(&text).is_ok() {
            parsed += 1;
        }
        survive(&text, i);
    }
    assert!(
        parsed > 200,
        "the generator should produce valid notation too ({parsed})"
    );
}

/// A modifier where a value belongs is named in the message as it is spelled in notation, so a
/// user sees which word was out of place. (`min` and `max` there read as the functions, and
/// ask for their `(`.)
#[test]
fn a_misplaced_modifier_is_named_in_the_message() {
    for word in [
        "kh", "kl", "dh", "dl", "x", "xo", "rr", "r", "cs", "cf", "adv", "dis",
    ] {
        let needle = format!("the modifier '{word}'");
        assert_syntax_message(&format!("1d20+{word}"), 5, &needle);
    }
    for word in ["min", "max"] {
        assert_syntax_message(&format!("1d20+{word}"), 8, &format!("'(' after {word}"));
    }
}

/// `notation` is a syntax error at `at` whose message contains `needle`.
fn assert_syntax_message(notation: &str, at: usize, needle: &str) {
    let e = err(notation);
    assert_eq!(e.code, ErrorCode::NotationSyntax, "{notation}: {e}");
    assert_eq!(e.position, Some(at), "{notation}: {e}");
    assert!(e.message.contains(needle), "{notation}: {}", e.message);
}

/// A modifier's target may be as large as the largest die ([`MAX_SIDES`]) and no larger.
#[test]
fn a_modifier_target_reaches_the_largest_die_and_no_further() {
    use turnkeeper::dice::limits::MAX_SIDES;
    let mut dice = SuppliedDice::new([MAX_SIDES, 7]);
    let r = roll(&format!("2d{MAX_SIDES}cs>={MAX_SIDES}"), &mut dice).unwrap();
    assert_eq!(r.total, 1);
    assert_eq!(r.notation, format!("2d{MAX_SIDES}cs>={MAX_SIDES}"));
    let over = MAX_SIDES + 1;
    assert_err(
        &format!("2d{MAX_SIDES}cs>={over}"),
        ErrorCode::NotationLimit,
        format!("2d{MAX_SIDES}cs>=").len(),
    );
}

/// Text left over after a whole expression says why it cannot follow: a modifier or a `d` set
/// apart by a space, a `)` with no `(` open, or anything else where an operator belongs.
#[test]
fn leftover_text_is_explained() {
    for (notation, at, hint) in [
        ("4d6 kh3", 4, "written without spaces"),
        ("4d6 d6", 4, "written without spaces"),
        ("4d6 >3", 4, "written without spaces"),
        ("4d6)", 3, "no '(' is open"),
        ("4d6 7", 4, "expected an operator"),
        // Written against the group, a modifier is still out of place: no hint about spaces.
        ("(4d6)kh3", 5, "(expected an operator)"),
    ] {
        assert_syntax_message(notation, at, hint);
    }
}
