//! Exact arithmetic inside functions (`floor(@level/2)`, `ceil(7/2)`, `round(1d6/4)`).
//!
//! Outside a function every value is a whole number and `/` rounds down at once, as it always
//! has. Foundry VTT computes with fractions, so `ceil(7/2)` is 4 there; to agree, values inside
//! a function's parentheses are fractions `num/den` (den > 0, in lowest terms), and the
//! outermost function's result is rounded down to a whole number if it is still a fraction
//! (`abs(-7/2)` = 3). Numerators and denominators stay within ±(2^53 − 1) like every value.

use crate::dice::ast::{BinOp, Func};
use crate::dice::limits::MAX_MAGNITUDE;
use crate::error::{Error, ErrorCode, Result};

/// Integer division rounding toward negative infinity: `7/2 = 3`, `-7/2 = -4`, `7/-2 = -4`.
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// The greatest common divisor of `a` and `b` (not both 0), by Stein's binary method: shifts
/// and subtractions only, so the dice module carries no 128-bit division (issue 38: about 1 KB
/// of the module was the compiler's `u128` division, for this alone).
fn gcd(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            core::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// `n / d` for a `d > 0` that divides `n`: with the factors of 2 shifted out, `d` is odd and so
/// has an inverse modulo 2^128, and multiplying by it divides exactly. Newton's step
/// `x ← x(2 − dx)` doubles the bits of the inverse that are right, from the 3 that `x = d`
/// already has (an odd square is 1 modulo 8), so it ends within six steps (192 ≥ 128 bits).
/// (Stepping until `dx = 1` rather than six times keeps the compiler from unrolling it.)
fn exact_div(n: u128, d: u128) -> u128 {
    let zeros = d.trailing_zeros();
    let (n, d) = (n >> zeros, d >> zeros);
    let mut inverse = d;
    while d.wrapping_mul(inverse) != 1 {
        inverse = inverse.wrapping_mul(2u128.wrapping_sub(d.wrapping_mul(inverse)));
    }
    n.wrapping_mul(inverse)
}

/// A fraction `num/den` with `den > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Ratio {
    pub num: i64,
    pub den: i64,
}

fn too_big(pos: u32) -> Error {
    Error::at(
        ErrorCode::NotationLimit,
        pos as usize,
        format!("a fraction would pass ±{MAX_MAGNITUDE} (the largest exact JavaScript integer)"),
    )
}

impl Ratio {
    pub(crate) const fn whole(num: i64) -> Self {
        Self { num, den: 1 }
    }

    /// `num/den` in lowest terms, within the magnitude limit (computed in 128 bits).
    fn new(num: i128, den: i128, pos: u32) -> Result<Self> {
        let negative = (num < 0) != (den < 0);
        let (num, den) = (num.unsigned_abs(), den.unsigned_abs());
        let max = u128::from(MAX_MAGNITUDE.unsigned_abs());
        if den == 0 {
            return Err(too_big(pos));
        }
        let common = gcd(num, den);
        let (num, den) = (exact_div(num, common), exact_div(den, common));
        if num > max || den > max {
            return Err(too_big(pos));
        }
        // Both within 2^53 − 1: exact.
        let num = num as i64;
        Ok(Self {
            num: if negative { -num } else { num },
            den: den as i64,
        })
    }

    /// Rounded down.
    pub(crate) fn floor(self) -> i64 {
        floor_div(self.num, self.den).unwrap_or(self.num)
    }

    fn ceil(self) -> i64 {
        self.floor() + i64::from(self.num % self.den != 0)
    }

    /// Halves round up (toward +∞), as JavaScript's `Math.round` does: 7/2 → 4, −7/2 → −3.
    fn round(self) -> i64 {
        // floor((2·num + den) / (2·den)); both fit easily in i64 for values within 2^53.
        floor_div(2 * self.num + self.den, 2 * self.den).unwrap_or(self.num)
    }

    fn less_than(self, other: Self) -> bool {
        i128::from(self.num) * i128::from(other.den) < i128::from(other.num) * i128::from(self.den)
    }
}

/// `a op b` exactly.
pub(crate) fn binary(op: BinOp, a: Ratio, b: Ratio, pos: u32) -> Result<Ratio> {
    let (an, ad, bn, bd) = (
        i128::from(a.num),
        i128::from(a.den),
        i128::from(b.num),
        i128::from(b.den),
    );
    match op {
        BinOp::Add => Ratio::new(an * bd + bn * ad, ad * bd, pos),
        BinOp::Sub => Ratio::new(an * bd - bn * ad, ad * bd, pos),
        BinOp::Mul => Ratio::new(an * bn, ad * bd, pos),
        BinOp::Div if bn == 0 => Err(Error::at(
            ErrorCode::DivisionByZero,
            pos as usize,
            "division by zero",
        )),
        BinOp::Div => Ratio::new(an * bd, ad * bn, pos),
    }
}

/// A function of its arguments (as many as the parser checked it takes).
pub(crate) fn call(func: Func, args: &[Ratio], pos: u32) -> Result<Ratio> {
    let first = *args.first().ok_or_else(|| too_big(pos))?;
    Ok(match func {
        Func::Floor => Ratio::whole(first.floor()),
        Func::Ceil => Ratio::whole(first.ceil()),
        Func::Round => Ratio::whole(first.round()),
        Func::Abs => Ratio {
            num: first.num.saturating_abs(),
            den: first.den,
        },
        Func::Min => args
            .iter()
            .fold(first, |m, &x| if x.less_than(m) { x } else { m }),
        Func::Max => args
            .iter()
            .fold(first, |m, &x| if m.less_than(x) { x } else { m }),
        Func::Pow => power(first, args.get(1).copied().unwrap_or_default(), pos)?,
    })
}

/// `base` to a whole `exponent` (a negative one divides: `pow(2, -1)` is 1/2). Each step is
/// checked against the magnitude limit, which any base but 0, 1 and −1 passes within 53 steps,
/// so the loop is short; those three are worked out directly.
fn power(base: Ratio, exponent: Ratio, pos: u32) -> Result<Ratio> {
    if exponent.den != 1 {
        return Err(Error::at(
            ErrorCode::NotationSyntax,
            pos as usize,
            "pow takes a whole exponent",
        ));
    }
    let base = if exponent.num < 0 {
        if base.num == 0 {
            return Err(Error::at(
                ErrorCode::DivisionByZero,
                pos as usize,
                "division by zero (pow of 0 to a negative exponent)",
            ));
        }
        Ratio::new(i128::from(base.den), i128::from(base.num), pos)?
    } else {
        base
    };
    let times = exponent.num.unsigned_abs();
    if times == 0 {
        return Ok(Ratio::whole(1));
    }
    if base.den == 1 && matches!(base.num, -1..=1) {
        let odd = times % 2 == 1;
        return Ok(Ratio::whole(if base.num == -1 && !odd {
            1
        } else {
            base.num
        }));
    }
    let mut out = base;
    for _ in 1..times {
        out = binary(BinOp::Mul, out, base, pos)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_division_rounds_down() {
        assert_eq!(floor_div(7, 2), Some(3));
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(-7, -2), Some(3));
        assert_eq!(floor_div(6, 3), Some(2));
        assert_eq!(floor_div(-6, 3), Some(-2));
        assert_eq!(floor_div(0, -5), Some(0));
    }

    /// Euclid's way with the `%` and `/` Ratio::new used before: the reference for the binary
    /// gcd and the exact division by an inverse.
    fn reduced_by_division(num: i128, den: i128) -> Option<(i64, i64)> {
        let (mut num, mut den) = if den < 0 { (-num, -den) } else { (num, den) };
        let (mut a, mut b) = (num.abs(), den);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        if a > 1 {
            num /= a;
            den /= a;
        }
        let max = i128::from(MAX_MAGNITUDE);
        (num.abs() <= max && den <= max && den != 0).then_some((num as i64, den as i64))
    }

    proptest::proptest! {
        #[test]
        fn a_fraction_is_reduced_as_division_reduces_it(
            a in -(1i128 << 53)..(1i128 << 53),
            b in -(1i128 << 53)..(1i128 << 53),
            c in -(1i128 << 53)..(1i128 << 53),
            d in -(1i128 << 53)..(1i128 << 53),
            small in 0u32..3,
        ) {
            // Products as `binary` makes them, and small values, where most fractions reduce.
            let (num, den) = if small == 0 { (a % 1000 * (b % 1000), c % 1000) } else { (a * b, c * d) };
            let ours = Ratio::new(num, den, 0).ok().map(|q| (q.num, q.den));
            proptest::prop_assert_eq!(ours, reduced_by_division(num, den));
        }

        #[test]
        fn the_binary_gcd_and_the_exact_division_agree_with_euclid(a: u128, b: u128) {
            let mut euclid = (a, b);
            while euclid.1 != 0 {
                euclid = (euclid.1, euclid.0 % euclid.1);
            }
            proptest::prop_assert_eq!(gcd(a, b), euclid.0);
            if euclid.0 != 0 {
                proptest::prop_assert_eq!(exact_div(a, euclid.0), a / euclid.0);
            }
        }
    }

    #[test]
    fn reducing_handles_zero_signs_and_powers_of_two() {
        assert_eq!(r(0, -5), Ratio { num: 0, den: 1 });
        assert_eq!(r(6, -4), Ratio { num: -3, den: 2 });
        assert_eq!(r(-6, -4), Ratio { num: 3, den: 2 });
        assert_eq!(
            r(1 << 40, 1 << 52),
            Ratio {
                num: 1,
                den: 1 << 12
            }
        );
        assert!(Ratio::new(1, 0, 0).is_err());
        assert!(Ratio::new(1 << 60, 3, 0).is_err());
        assert_eq!(gcd(0, 0), 0);
    }

    fn r(num: i64, den: i64) -> Ratio {
        Ratio::new(num.into(), den.into(), 0).unwrap()
    }

    #[test]
    fn rounding_follows_javascript_math() {
        assert_eq!(
            (r(7, 2).floor(), r(7, 2).ceil(), r(7, 2).round()),
            (3, 4, 4)
        );
        assert_eq!(
            (r(-7, 2).floor(), r(-7, 2).ceil(), r(-7, 2).round()),
            (-4, -3, -3)
        );
        assert_eq!(
            (r(6, 3).floor(), r(6, 3).ceil(), r(6, 3).round()),
            (2, 2, 2)
        );
        assert_eq!(r(5, 4).round(), 1);
        assert_eq!(r(-5, 4).round(), -1);
        assert_eq!(r(-3, -6), r(1, 2));
    }

    #[test]
    fn fractions_combine_exactly() {
        let (a, b) = (r(7, 2), r(5, 3));
        assert_eq!(binary(BinOp::Add, a, b, 0).unwrap(), r(31, 6));
        assert_eq!(binary(BinOp::Sub, a, b, 0).unwrap(), r(11, 6));
        assert_eq!(binary(BinOp::Mul, a, b, 0).unwrap(), r(35, 6));
        assert_eq!(binary(BinOp::Div, a, b, 0).unwrap(), r(21, 10));
        assert_eq!(binary(BinOp::Mul, r(-1, 2), r(1, 3), 0).unwrap(), r(-1, 6));
    }

    #[test]
    fn fractions_compare_by_value() {
        let (a, b) = (r(5, 3), r(7, 2));
        assert!(a.less_than(b));
        assert!(!b.less_than(a));
        assert!(!a.less_than(r(10, 6)));
        assert!(r(-7, 2).less_than(r(-5, 3)));
        assert_eq!(call(Func::Min, &[b, a], 0).unwrap(), a);
        assert_eq!(call(Func::Max, &[a, b], 0).unwrap(), b);
    }

    #[test]
    fn fractions_stay_within_the_limit() {
        let big = Ratio::whole(MAX_MAGNITUDE);
        assert_eq!(
            binary(BinOp::Add, big, Ratio::whole(1), 3)
                .unwrap_err()
                .code,
            ErrorCode::NotationLimit
        );
        assert_eq!(
            binary(BinOp::Div, Ratio::whole(1), Ratio::whole(0), 3)
                .unwrap_err()
                .code,
            ErrorCode::DivisionByZero
        );
        assert_eq!(binary(BinOp::Div, big, big, 0).unwrap(), Ratio::whole(1));
    }
}
