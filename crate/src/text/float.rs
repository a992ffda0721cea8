//! A float as Rust's `Display` writes it (`format!("{value}")`: the shortest digits that read
//! back as the same number, the nearest when several do, never an exponent), for the error
//! messages that quote a float (a formula's `@path` value that is not whole, a creature
//! command's number out of range); and the exact steps the JSON reader and writer build on
//! (`crate::wire::float`): the shortest digits, and where a decimal lies against a float's
//! rounding interval.
//!
//! Written here rather than through `format!`: the standard library's float formatting (Grisu
//! with a Dragon fallback, and their tables) was about a fifth of the dice-only module's
//! formatting code, there for this message alone, and `zmij` would bring 12 KB of tables that
//! gzip cannot shrink. This takes the exact decimal expansion of the float (a float is an
//! integer times a power of two, so its expansion is finite: a small bignum gives it), then the
//! first length at which rounding it reads back as the same float: the digits fall within the
//! float's rounding interval, whose ends are exact decimals too (halfway to its neighbours),
//! so no float parser (and none of its tables) is needed. Slow next to Grisu, and only ever run
//! to build an error message. Digits are kept as bytes and never sliced as text, so none of the
//! standard library's string searching or slicing panics come with it. A property test checks
//! it against `format!` over every kind of `f64`.

/// `value` exactly as `format!("{value}")` writes it.
pub fn display_f64(value: f64) -> String {
    if value.is_nan() {
        return "NaN".into();
    }
    let mut out = String::new();
    if value.is_sign_negative() {
        out.push('-');
    }
    if value.is_infinite() {
        out.push_str("inf");
        return out;
    }
    let (digits, point) = shortest(value.abs());
    layout(&mut out, &digits, point);
    out
}

/// Write `0.digits × 10^point` without an exponent, as `Display` does.
fn layout(out: &mut String, digits: &[u8], point: i64) {
    if digits.is_empty() {
        out.push('0');
        return;
    }
    let zeros = |out: &mut String, n: i64| {
        for _ in 0..n {
            out.push('0');
        }
    };
    if point <= 0 {
        out.push_str("0.");
        zeros(out, -point);
    }
    for (i, &d) in digits.iter().enumerate() {
        if i as i64 == point && point > 0 {
            out.push('.');
        }
        out.push(char::from(d));
    }
    zeros(out, point - digits.len() as i64);
}

/// A decimal as its digits (ASCII, the first not zero) and the decimal point's place: the
/// value is `0.digits × 10^point`. Zero has no digits.
pub(crate) type Decimal = (Vec<u8>, i64);

/// The shortest digits of `magnitude` (finite, not negative) that read back as it, and the
/// decimal point's place: the value is `0.digits × 10^point`. Zero has no digits. (The JSON
/// writer lays them out its own way: `crate::wire::float`.)
pub(crate) fn shortest(magnitude: f64) -> Decimal {
    shortest_with(magnitude, false)
}

/// [`shortest`], choosing between two candidates equally near the exact value by the even
/// last digit when `ties_to_even` (as `zmij` and Ryu do) rather than the upper one (as
/// `Display` does).
pub(crate) fn shortest_with(magnitude: f64, ties_to_even: bool) -> Decimal {
    let (mantissa, exponent) = decompose(magnitude);
    let (exact, point) = exact_decimal(mantissa, exponent);
    if exact.is_empty() {
        return (exact, 0);
    }
    let interval = Interval::around(mantissa, exponent);
    for p in 1..exact.len() {
        let head = exact.get(..p).unwrap_or(&[]);
        let down = (head.to_vec(), point);
        let (raised, carried) = increment(head);
        let up = (raised, point + carried);
        // Which of the two neighbours at `p` digits is nearer; on a tie (`…5` exactly, the
        // last of the exact digits), `Display` takes the upper one, `zmij` the even one.
        let tie = p + 1 == exact.len() && exact.get(p) == Some(&b'5');
        let up_first = if tie && ties_to_even {
            head.last().is_some_and(|&d| (d - b'0') % 2 == 1)
        } else {
            exact.get(p).is_some_and(|&d| d >= b'5')
        };
        let (near, far) = if up_first { (up, down) } else { (down, up) };
        for (mut digits, at) in [near, far] {
            if interval.holds(&digits, at) {
                trim_zeros(&mut digits);
                return (digits, at);
            }
        }
    }
    (exact, point)
}

/// Where `0.digits × 10^point` (its first digit not zero) lies against the decimals that read
/// back as `value` (finite, above zero): `Equal` inside them, `Less` below, `Greater` above.
/// What the JSON reader walks by (`crate::wire::float`).
pub(crate) fn interval_holds(value: f64, digits: &[u8], point: i64) -> core::cmp::Ordering {
    let (mantissa, exponent) = decompose(value);
    let interval = Interval::around(mantissa, exponent);
    if interval.holds(digits, point) {
        return core::cmp::Ordering::Equal;
    }
    if compare(digits, point, &interval.low.0, interval.low.1).is_le() {
        core::cmp::Ordering::Less
    } else {
        core::cmp::Ordering::Greater
    }
}

/// Drop trailing zero digits.
fn trim_zeros(digits: &mut Vec<u8>) {
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
}

/// `head` plus one in its last place: the digits and the point's place, which moves when the
/// digits carry over (`99` → `10`, one place further).
fn increment(head: &[u8]) -> (Vec<u8>, i64) {
    let mut digits = head.to_vec();
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return (digits, 0);
        }
    }
    digits.insert(0, b'1');
    (digits, 1)
}

/// The decimals that read back as one float: those strictly between the midpoints to its
/// neighbours, and the midpoints themselves when the float's mantissa is even (a tie rounds to
/// the even one).
struct Interval {
    low: (Vec<u8>, i64),
    high: (Vec<u8>, i64),
    inclusive: bool,
}

impl Interval {
    /// The interval of `mantissa × 2^exponent` (as [`decompose`] gives them; not zero).
    fn around(mantissa: u64, exponent: i64) -> Interval {
        // Below a power of two the gap to the next float down is half the gap up (except at
        // the smallest normal float, whose neighbour below is subnormal at the same spacing).
        let narrow_below = mantissa == 1 << 52 && exponent > -1074;
        let low = if narrow_below {
            exact_decimal(4 * mantissa - 1, exponent - 2)
        } else {
            exact_decimal(2 * mantissa - 1, exponent - 1)
        };
        Interval {
            low,
            high: exact_decimal(2 * mantissa + 1, exponent - 1),
            inclusive: mantissa % 2 == 0,
        }
    }

    /// Whether `0.digits × 10^point` (its first digit not zero) reads back as the float.
    fn holds(&self, digits: &[u8], point: i64) -> bool {
        let above = compare(digits, point, &self.low.0, self.low.1);
        let below = compare(digits, point, &self.high.0, self.high.1);
        if self.inclusive {
            above.is_ge() && below.is_le()
        } else {
            above.is_gt() && below.is_lt()
        }
    }
}

/// Compare `0.a × 10^a_point` with `0.b × 10^b_point` (each first digit not zero).
pub(crate) fn compare(a: &[u8], a_point: i64, b: &[u8], b_point: i64) -> core::cmp::Ordering {
    a_point.cmp(&b_point).then_with(|| {
        (0..a.len().max(b.len()))
            .map(|i| {
                let x = a.get(i).copied().unwrap_or(b'0');
                x.cmp(&b.get(i).copied().unwrap_or(b'0'))
            })
            .find(|o| o.is_ne())
            .unwrap_or(core::cmp::Ordering::Equal)
    })
}

/// `magnitude` (finite, not negative) as `mantissa × 2^exponent`, the mantissa as stored (with
/// its hidden bit when the float is normal).
fn decompose(magnitude: f64) -> (u64, i64) {
    let bits = magnitude.to_bits();
    let biased = i64::try_from((bits >> 52) & 0x7ff).unwrap_or(0);
    let fraction = bits & ((1 << 52) - 1);
    if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    }
}

/// Every decimal digit of `mantissa × 2^exponent` (no leading or trailing zeros) and the
/// point's place: the value is exactly `0.digits × 10^point`. For a negative `exponent` that is
/// `mantissa × 5^-exponent / 10^-exponent`, so the digits are those of the integer
/// `mantissa × 5^-exponent`.
fn exact_decimal(mantissa: u64, exponent: i64) -> (Vec<u8>, i64) {
    if mantissa == 0 {
        return (Vec::new(), 0);
    }
    let mut number = Limbs::from_u64(mantissa);
    if exponent >= 0 {
        number.shift_left(u32::try_from(exponent).unwrap_or(0));
    } else {
        number.times_five_to(u32::try_from(-exponent).unwrap_or(0));
    }
    let mut digits = number.into_decimal();
    let point = digits.len() as i64 + exponent.min(0);
    trim_zeros(&mut digits);
    (digits, point)
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

    /// The decimal digits (ASCII), without leading zeros.
    fn into_decimal(mut self) -> Vec<u8> {
        let mut reversed = Vec::new();
        while self.0.iter().any(|&limb| limb != 0) {
            let mut chunk = self.divide_small(1_000_000_000);
            let last = self.0.is_empty();
            // Nine digits a chunk, but no leading zeros in the last (most significant) one.
            for _ in 0..9 {
                if last && chunk == 0 {
                    break;
                }
                reversed.push(b'0' + (chunk % 10) as u8);
                chunk /= 10;
            }
        }
        reversed.reverse();
        reversed
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
