//! Floats in JSON text, both ways, without the standard library's float parser or a float
//! formatting crate.
//!
//! Why: the only floats that cross the boundary are a few procedure fields in feet (an A5E
//! jump's height, a size's space, half feet at most in practice) and a legacy creature
//! operation's number, yet the standard parser (`str::parse::<f64>`, with its table of powers of
//! five) and `zmij`'s shortest formatting (with its table of powers of ten) were 27 KB of data
//! in the procedures module alone: tables gzip cannot shrink, about a tenth of that module
//! gzipped. Both directions here are exact, from the same few bignum steps the dice already
//! have for their one float message ([`crate::text::float`]): every decimal has an exact
//! expansion, every float an exact rounding interval whose ends are decimals too, so reading is
//! "find the float whose interval holds the text" and writing is "the shortest digits inside
//! the interval". Slow next to the table-driven algorithms (microseconds, not nanoseconds), and
//! never on a hot path: no command, event or snapshot of the encounter carries a float.
//!
//! The text is what `zmij` (and serde_json with it) writes, so the JSON is byte for byte what it
//! was; the tests hold both directions against `zmij` and `str::parse` over random bits.

use crate::text::float::{Decimal, interval_holds, shortest_with};

/// The JSON text of a finite `value`, as `zmij` writes it: the shortest digits that read back
/// as the same float (the nearer of two, the even one on a tie); a plain decimal with at least one fractional digit (`5.0`) while the
/// first digit's power of ten is within −5..=15, otherwise one digit before the point and an
/// exponent with its sign (`1e+16`, `2.5e-10`).
pub(crate) fn write_f64(out: &mut String, value: f64) {
    if value.is_sign_negative() {
        out.push('-');
    }
    let (digits, point) = shortest_with(value.abs(), true);
    if digits.is_empty() {
        out.push_str("0.0");
        return;
    }
    let exponent = point - 1;
    let push_digits = |out: &mut String, digits: &[u8]| {
        for &d in digits {
            out.push(char::from(d));
        }
    };
    let zeros = |out: &mut String, n: i64| {
        for _ in 0..n {
            out.push('0');
        }
    };
    if (-5..=15).contains(&exponent) {
        let whole = usize::try_from(point).unwrap_or(0);
        if point <= 0 {
            out.push_str("0.");
            zeros(out, -point);
            push_digits(out, &digits);
        } else if whole < digits.len() {
            push_digits(out, digits.get(..whole).unwrap_or(&[]));
            out.push('.');
            push_digits(out, digits.get(whole..).unwrap_or(&[]));
        } else {
            push_digits(out, &digits);
            zeros(out, point - digits.len() as i64);
            out.push_str(".0");
        }
        return;
    }
    push_digits(out, digits.get(..1).unwrap_or(&[]));
    if digits.len() > 1 {
        out.push('.');
        push_digits(out, digits.get(1..).unwrap_or(&[]));
    }
    out.push('e');
    out.push(if exponent < 0 { '-' } else { '+' });
    crate::text::decimal::push_u64(out, exponent.unsigned_abs());
}

/// The float nearest the JSON number `text` (already checked to be one), a tie going to the
/// even mantissa, as `str::parse::<f64>` reads it; infinite when it is past the largest float.
pub(crate) fn read_f64(text: &str) -> f64 {
    let (negative, decimal) = parse_decimal(text);
    let magnitude = nearest(&decimal);
    if negative { -magnitude } else { magnitude }
}

/// The sign and the value of a JSON number as `0.digits × 10^point`, its digits without
/// leading or trailing zeros (none for zero).
pub(super) fn parse_decimal(text: &str) -> (bool, Decimal) {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (
            text.get(..at).unwrap_or(""),
            text.get(at + 1..).unwrap_or(""),
        ),
        None => (text, ""),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let (exp_negative, exp_digits) = match exponent.as_bytes().first() {
        Some(b'-') => (true, exponent.get(1..).unwrap_or("")),
        Some(b'+') => (false, exponent.get(1..).unwrap_or("")),
        _ => (false, exponent),
    };
    // Saturating: an exponent past any float's is past it by however much.
    let mut exp: i64 = 0;
    for d in exp_digits.bytes() {
        exp = exp
            .saturating_mul(10)
            .saturating_add(i64::from(d.wrapping_sub(b'0')));
    }
    if exp_negative {
        exp = -exp;
    }
    let leading = int.bytes().chain(frac.bytes()).take_while(|&d| d == b'0');
    let skipped = leading.count() as i64;
    let mut digits: Vec<u8> = int
        .bytes()
        .chain(frac.bytes())
        .skip(usize::try_from(skipped).unwrap_or(0))
        .collect();
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    if digits.is_empty() {
        return (negative, (Vec::new(), 0));
    }
    let point = (int.len() as i64)
        .saturating_sub(skipped)
        .saturating_add(exp);
    (negative, (digits, point))
}

/// The float whose rounding interval holds `decimal` (not negative): a first guess from the
/// leading digits in float arithmetic, within a few units in the last place, then a step at a
/// time towards the interval that holds it, comparing exactly.
fn nearest(decimal: &Decimal) -> f64 {
    let (digits, point) = decimal;
    if digits.is_empty() {
        return 0.0;
    }
    // Far outside the floats' range (their exponents of ten run from −323 to 308): zero or
    // infinity without any arithmetic.
    if *point > 310 {
        return f64::INFINITY;
    }
    if *point < -330 {
        return 0.0;
    }
    let mut guess = first_guess(digits, *point);
    // The intervals tile the line, so the walk only ever goes one way and ends; each step is
    // one float, and the guess is a few away at most.
    loop {
        if guess == f64::INFINITY {
            return guess;
        }
        match interval_holds(guess, digits, *point) {
            core::cmp::Ordering::Equal => return guess,
            core::cmp::Ordering::Less => guess = next_down(guess),
            core::cmp::Ordering::Greater => guess = next_up(guess),
        }
        // Below the smallest subnormal's interval, which starts at half of it (a tie there
        // goes to zero's even mantissa): zero.
        if guess == 0.0 {
            return 0.0;
        }
    }
}

/// Up to 19 leading digits as an integer, scaled by exact powers of ten in float arithmetic.
fn first_guess(digits: &[u8], point: i64) -> f64 {
    let taken = digits.len().min(19);
    let mut mantissa: u64 = 0;
    for &d in digits.iter().take(taken) {
        mantissa = mantissa * 10 + u64::from(d.wrapping_sub(b'0'));
    }
    let mut value = mantissa as f64;
    let mut exp = point - taken as i64;
    // Powers of ten up to 10^22 are exact floats; larger ones are applied in several steps,
    // each rounding once, so the guess is off by a few units in the last place at most.
    while exp > 0 {
        let step = exp.min(22);
        value *= pow10(step);
        exp -= step;
        if value.is_infinite() {
            return f64::MAX;
        }
    }
    while exp < 0 {
        let step = (-exp).min(22);
        value /= pow10(step);
        exp += step;
    }
    if value == 0.0 {
        f64::from_bits(1)
    } else {
        value
    }
}

/// 10^`n` for `n` in 0..=22, exactly.
fn pow10(n: i64) -> f64 {
    let mut value = 1.0;
    for _ in 0..n {
        value *= 10.0;
    }
    value
}

fn next_up(v: f64) -> f64 {
    if v == 0.0 {
        f64::from_bits(1)
    } else {
        f64::from_bits(v.to_bits() + 1)
    }
}

fn next_down(v: f64) -> f64 {
    if v.to_bits() <= 1 {
        0.0
    } else {
        f64::from_bits(v.to_bits() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn written(v: f64) -> String {
        let mut out = String::new();
        write_f64(&mut out, v);
        out
    }

    fn zmij(v: f64) -> String {
        zmij::Buffer::new().format_finite(v).to_string()
    }

    #[test]
    fn writes_what_zmij_writes() {
        for v in [
            0.0,
            -0.0,
            5.0,
            2.5,
            0.1,
            0.3,
            0.1 + 0.2,
            1e15,
            1e16,
            1e21,
            1e-5,
            1e-6,
            1.5e-5,
            1234567890123456.8,
            9999999999999998.0,
            12345678901234567.0,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            -1.5e-7,
            4.5,
            100.0,
            1e100,
            // An exact tie between two shortest candidates: the even digit.
            716_923_336_604_043.0 + 0.25,
            716_923_336_604_043.0 + 0.75,
        ] {
            assert_eq!(written(v), zmij(v), "{v:e}");
        }
    }

    #[test]
    fn reads_what_the_standard_parser_reads() {
        for text in [
            "0",
            "-0",
            "0.0",
            "5",
            "4.5",
            "0.1",
            "0.30000000000000004",
            "1e22",
            "1e23",
            "9007199254740993",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "1e-400",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.797693134862315807937289714053034150799e308",
            "1e309",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "123456789012345678901234567890",
            "0.000000000000000000000000000001234",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
        ] {
            let expected: f64 = text.parse().unwrap();
            assert_eq!(read_f64(text).to_bits(), expected.to_bits(), "{text}");
        }
    }

    proptest! {
        #[test]
        fn both_ways_for_any_bits(bits in any::<u64>()) {
            let v = f64::from_bits(bits);
            prop_assume!(v.is_finite());
            let text = written(v);
            prop_assert_eq!(&text, &zmij(v));
            prop_assert_eq!(read_f64(&text).to_bits(), v.to_bits());
        }

        #[test]
        fn reads_any_decimal_as_the_standard_parser_does(
            int in "(0|[1-9][0-9]{0,24})",
            frac in proptest::option::of("[0-9]{1,30}"),
            exp in proptest::option::of(-340i32..340),
        ) {
            let mut text = int;
            if let Some(f) = frac {
                text.push('.');
                text.push_str(&f);
            }
            if let Some(e) = exp {
                text.push_str(&format!("e{e}"));
            }
            let expected: f64 = text.parse().unwrap();
            prop_assert_eq!(read_f64(&text).to_bits(), expected.to_bits(), "{}", text);
        }
    }
}
