//! A float as Rust's `Display` writes it (`format!("{value}")`: the shortest digits that read
//! back as the same number, the nearest when several do, never an exponent), for the one error
//! message that quotes a float (a formula's `@path` value that is not whole).
//!
//! Written here rather than through `format!`: the standard library's float formatting (Grisu
//! with a Dragon fallback, and their tables) was about a fifth of the dice-only module's
//! formatting code, there for this message alone, and `zmij` would bring 12 KB of tables that
//! gzip cannot shrink. This takes the exact decimal expansion of the float (a float is an
//! integer times a power of two, so its expansion is finite: a small bignum gives it), then the
//! first length at which rounding it reads back as the same float (checked by the standard
//! parser, which the JSON reader already brings). Slow next to Grisu, and only ever run to
//! build an error message. A property test checks it against `format!` over every kind of `f64`.

/// `value` exactly as `format!("{value}")` writes it.
pub fn display_f64(value: f64) -> String {
    if value.is_nan() {
        return "NaN".into();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    if value.is_infinite() {
        return [sign, "inf"].concat();
    }
    let magnitude = value.abs();
    let (digits, point) = shortest(magnitude);
    let mut out = String::with_capacity(digits.len() + 8);
    out.push_str(sign);
    layout(&mut out, &digits, point);
    out
}

/// Write `0.digits × 10^point` without an exponent, as `Display` does.
fn layout(out: &mut String, digits: &str, point: i64) {
    if digits.is_empty() {
        out.push('0');
        return;
    }
    let count = digits.len() as i64;
    if point <= 0 {
        out.push_str("0.");
        out.extend(core::iter::repeat_n(
            '0',
            usize::try_from(-point).unwrap_or(0),
        ));
        out.push_str(digits);
    } else if point >= count {
        out.push_str(digits);
        out.extend(core::iter::repeat_n(
            '0',
            usize::try_from(point - count).unwrap_or(0),
        ));
    } else {
        let (head, tail) = digits.split_at(usize::try_from(point).unwrap_or(0));
        out.push_str(head);
        out.push('.');
        out.push_str(tail);
    }
}

/// The shortest digits of `magnitude` (finite, not negative) that read back as it, and the
/// decimal point's place: the value is `0.digits × 10^point`. Zero has no digits.
fn shortest(magnitude: f64) -> (String, i64) {
    let (exact, point) = exact_digits(magnitude);
    if exact.is_empty() {
        return (exact, 0);
    }
    let len = exact.len();
    for p in 1..len {
        let (head, rest) = exact.split_at(p);
        let down = (head.to_owned(), point);
        let (raised, carried) = increment(head);
        let up = (raised, point + carried);
        // Which of the two neighbours at `p` digits is nearer; on a tie (`…5` exactly),
        // `Display` takes the upper one.
        let up_first = rest.as_bytes().first().is_some_and(|&d| d >= b'5');
        let (near, far) = if up_first { (up, down) } else { (down, up) };
        for (digits, at) in [near, far] {
            if reads_back(&digits, at, magnitude) {
                let trimmed = digits.trim_end_matches('0').to_owned();
                return (trimmed, at);
            }
        }
    }
    (exact, point)
}

/// `head` plus one in its last place: the digits and the point's place, which moves when the
/// digits carry over (`99` → `10`, one place further).
fn increment(head: &str) -> (String, i64) {
    let mut bytes = head.as_bytes().to_vec();
    let mut carry = true;
    for b in bytes.iter_mut().rev() {
        if *b == b'9' {
            *b = b'0';
        } else {
            *b += 1;
            carry = false;
            break;
        }
    }
    let text = String::from_utf8(bytes).unwrap_or_default();
    if carry {
        (["1", &text].concat(), 1)
    } else {
        (text, 0)
    }
}

/// Whether `0.digits × 10^point` parses as `magnitude`.
fn reads_back(digits: &str, point: i64, magnitude: f64) -> bool {
    let exponent = point - digits.len() as i64;
    let mut text = String::with_capacity(digits.len() + 8);
    text.push_str(digits);
    text.push('e');
    text.push_str(itoa::Buffer::new().format(exponent));
    text.parse::<f64>().is_ok_and(|read| read == magnitude)
}

/// Every decimal digit of `magnitude` (finite, not negative; no leading or trailing zeros) and
/// the point's place: the value is exactly `0.digits × 10^point`. A float is `m × 2^e`; for a
/// negative `e` that is `m × 5^-e / 10^-e`, so the digits are those of the integer `m × 5^-e`.
fn exact_digits(magnitude: f64) -> (String, i64) {
    let bits = magnitude.to_bits();
    let biased = i64::try_from((bits >> 52) & 0x7ff).unwrap_or(0);
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, exponent) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    if mantissa == 0 {
        return (String::new(), 0);
    }
    let mut number = Limbs::from_u64(mantissa);
    if exponent >= 0 {
        number.shift_left(u32::try_from(exponent).unwrap_or(0));
    } else {
        number.times_five_to(u32::try_from(-exponent).unwrap_or(0));
    }
    let digits = number.into_decimal();
    let point = digits.len() as i64 + exponent.min(0);
    (digits.trim_end_matches('0').to_owned(), point)
}

/// An unsigned integer as 32-bit limbs, least significant first.
struct Limbs(Vec<u32>);

impl Limbs {
    fn from_u64(value: u64) -> Self {
        Limbs(vec![value as u32, (value >> 32) as u32])
    }

    fn times_small(&mut self, factor: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn times_five_to(&mut self, mut power: u32) {
        // 5^13 is the largest power of five below 2^32.
        while power >= 13 {
            self.times_small(1_220_703_125);
            power -= 13;
        }
        self.times_small(5u32.pow(power));
    }

    fn shift_left(&mut self, bits: u32) {
        for _ in 0..bits / 32 {
            self.0.insert(0, 0);
        }
        self.times_small(1 << (bits % 32));
    }

    /// Divide by `divisor` in place; the remainder.
    fn divide_small(&mut self, divisor: u32) -> u32 {
        let mut remainder = 0u64;
        for limb in self.0.iter_mut().rev() {
            let current = (remainder << 32) | u64::from(*limb);
            *limb = (current / u64::from(divisor)) as u32;
            remainder = current % u64::from(divisor);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        remainder as u32
    }

    fn into_decimal(mut self) -> String {
        let mut chunks = Vec::new();
        while self.0.iter().any(|&limb| limb != 0) {
            chunks.push(self.divide_small(1_000_000_000));
        }
        let mut out = String::new();
        let mut buffer = itoa::Buffer::new();
        for (i, chunk) in chunks.iter().rev().enumerate() {
            let text = buffer.format(*chunk);
            if i > 0 {
                out.extend(core::iter::repeat_n('0', 9 - text.len()));
            }
            out.push_str(text);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_layouts_display_writes() {
        for v in [
            0.1,
            1e-7,
            1.5,
            -2.25,
            123456.789,
            5e-324,
            1e-5,
            0.001,
            1e15 + 0.5,
            4503599627370495.5,
            1e21,
            1e-16,
            3.0,
            -0.0,
            0.0,
            100.0,
            1e300,
            -1.25e-10,
            0.3,
            2.0 / 3.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            assert_eq!(display_f64(v), format!("{v}"), "{v:e}");
        }
    }

    /// Powers of two have a rounding interval narrower below than above: the nearest digits
    /// may not read back while the next ones do.
    #[test]
    fn every_power_of_two_and_its_neighbours() {
        for e in -1074..=1023 {
            let v = 2f64.powi(e);
            for w in [
                v,
                f64::from_bits(v.to_bits() + 1),
                f64::from_bits(v.to_bits().saturating_sub(1)),
            ] {
                assert_eq!(display_f64(w), format!("{w}"), "{w:e}");
            }
        }
    }

    proptest! {
        #[test]
        fn matches_display_for_any_bits(bits in any::<u64>()) {
            let v = f64::from_bits(bits);
            prop_assert_eq!(display_f64(v), format!("{v}"));
        }

        #[test]
        fn matches_display_for_short_decimals(n in -1_000_000_000i64..1_000_000_000, scale in 0u32..20) {
            let v = n as f64 / 10f64.powi(scale as i32);
            prop_assert_eq!(display_f64(v), format!("{v}"));
        }
    }
}
