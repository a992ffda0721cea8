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

/// The sign and digits of `value`, written back to front into a buffer and appended at once:
/// one capacity check per number instead of one per digit (a 500-combatant round writes some
/// ten thousand numbers). Most are faces, counts and totals, so they are divided as 32-bit
/// numbers, which wasm multiplies by a reciprocal, and only larger ones as 64-bit.
#[inline(never)]
fn push(out: &mut String, value: u64, negative: bool) {
    let mut buf = [0u8; 21];
    let mut at = buf.len();
    let mut put = |digit: u8| {
        at -= 1;
        if let Some(slot) = buf.get_mut(at) {
            *slot = digit;
        }
    };
    let mut rest = value;
    while rest > u64::from(u32::MAX) {
        put(b'0' + (rest % 10) as u8);
        rest /= 10;
    }
    let mut small = rest as u32;
    loop {
        put(b'0' + (small % 10) as u8);
        small /= 10;
        if small == 0 {
            break;
        }
    }
    if negative {
        put(b'-');
    }
    // Always ASCII digits and `-`: the check cannot fail.
    out.push_str(core::str::from_utf8(buf.get(at..).unwrap_or_default()).unwrap_or_default());
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
