//! Whole numbers in decimal, as `to_string` writes them, for the JSON writer (its bulk writer
//! and its floats' exponents too) and the notation's normal form: the crate's one integer
//! formatter outside messages.
//!
//! A loop over the digits rather than the `itoa` crate: itoa's two-digits-at-a-time table and
//! code were about 0.8 KB of the dice-only module beside the standard library's own integer
//! formatting, which the messages need anyway, while the numbers written here are mostly one to
//! three digits (faces, counts, modifiers), where the loop is as quick.

/// Append `value` in decimal.
pub(crate) fn push_u64(out: &mut String, value: u64) {
    push(out, value, false);
}

/// Append `value` in decimal, with `-` before a negative one.
pub(crate) fn push_i64(out: &mut String, value: i64) {
    push(out, value.unsigned_abs(), value < 0);
}

/// The digits of `value` after the sign: the higher ones first, by recursion (at most 20
/// deep), which needs no buffer and compiles to a few instructions.
#[inline(never)]
fn push(out: &mut String, value: u64, negative: bool) {
    if negative {
        out.push('-');
    }
    digits(out, value);
}

fn digits(out: &mut String, value: u64) {
    if value >= 10 {
        digits(out, value / 10);
    }
    out.push(char::from(b'0' + (value % 10) as u8));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same text as `to_string`, at every length and both ends of each type.
    #[test]
    fn as_to_string_writes_it() {
        let mut values: Vec<u64> = vec![0, 1, 9, 10, 99, 100, u64::MAX, u64::MAX - 1];
        let mut power = 1u64;
        while let Some(next) = power.checked_mul(10) {
            values.extend([power - 1, power, power + 1, next - 1]);
            power = next;
        }
        for v in values {
            let mut out = String::from("x");
            push_u64(&mut out, v);
            assert_eq!(out, format!("x{v}"));
            for s in [v as i64, (v as i64).wrapping_neg()] {
                let mut out = String::new();
                push_i64(&mut out, s);
                assert_eq!(out, s.to_string());
            }
        }
        for s in [i64::MIN, i64::MIN + 1, i64::MAX, -1, -10] {
            let mut out = String::new();
            push_i64(&mut out, s);
            assert_eq!(out, s.to_string());
        }
    }
}
