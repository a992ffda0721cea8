//! Four 32-bit lanes: the vector operations the seeded dice's hot loops need (the ChaCha20
//! rounds in `dice::chacha`, the words-to-faces mapping in `dice::source`).
//!
//! The generic code over [`Lanes`] is instantiated with a WebAssembly `simd128` vector in the
//! wasm build (built with that target feature, see `.cargo/config.toml`), and with a plain
//! `[u32; 4]` everywhere else: the portable path. Both give the same results by construction,
//! and the native tests check the portable one against a reference implementation.

/// Four `u32` lanes. Arithmetic wraps; comparisons give all-ones or all-zeros lanes.
pub(crate) trait Lanes: Copy {
    fn splat(x: u32) -> Self;
    fn from_array(x: [u32; 4]) -> Self;
    fn load(x: &[u32; 4]) -> Self;
    fn store(self, out: &mut [u32; 4]);
    fn add(self, other: Self) -> Self;
    fn sub(self, other: Self) -> Self;
    /// Low 32 bits of each product.
    fn mul(self, other: Self) -> Self;
    /// High 32 bits of each 64-bit product.
    fn mul_high(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// Logical shift right of every lane by `n` (below 32).
    fn shr(self, n: u32) -> Self;
    fn rotl16(self) -> Self;
    fn rotl12(self) -> Self;
    fn rotl8(self) -> Self;
    fn rotl7(self) -> Self;
    /// Lanes moved down by one, two or three places: `[a, b, c, d]` → `[b, c, d, a]` etc.
    fn lanes1(self) -> Self;
    fn lanes2(self) -> Self;
    fn lanes3(self) -> Self;
    /// Unsigned `self > other`, per lane.
    fn gt(self, other: Self) -> Self;
    /// Any bit set in any lane.
    fn any(self) -> bool;
}

/// The vector type of this build.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) type Native = core::arch::wasm32::v128;
/// The vector type of this build.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub(crate) type Native = [u32; 4];

impl Lanes for [u32; 4] {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        [x; 4]
    }
    #[inline(always)]
    fn from_array(x: [u32; 4]) -> Self {
        x
    }
    #[inline(always)]
    fn load(x: &[u32; 4]) -> Self {
        *x
    }
    #[inline(always)]
    fn store(self, out: &mut [u32; 4]) {
        *out = self;
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        zip(self, o, u32::wrapping_add)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        zip(self, o, u32::wrapping_sub)
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        zip(self, o, u32::wrapping_mul)
    }
    #[inline(always)]
    fn mul_high(self, o: Self) -> Self {
        // The product of two u32 fits in u64; its high half fits in u32.
        zip(self, o, |a, b| ((u64::from(a) * u64::from(b)) >> 32) as u32)
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        zip(self, o, |a, b| a ^ b)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        zip(self, o, |a, b| a | b)
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        self.map(|x| x >> (n & 31))
    }
    #[inline(always)]
    fn rotl16(self) -> Self {
        self.map(|x| x.rotate_left(16))
    }
    #[inline(always)]
    fn rotl12(self) -> Self {
        self.map(|x| x.rotate_left(12))
    }
    #[inline(always)]
    fn rotl8(self) -> Self {
        self.map(|x| x.rotate_left(8))
    }
    #[inline(always)]
    fn rotl7(self) -> Self {
        self.map(|x| x.rotate_left(7))
    }
    #[inline(always)]
    fn lanes1(self) -> Self {
        let [a, b, c, d] = self;
        [b, c, d, a]
    }
    #[inline(always)]
    fn lanes2(self) -> Self {
        let [a, b, c, d] = self;
        [c, d, a, b]
    }
    #[inline(always)]
    fn lanes3(self) -> Self {
        let [a, b, c, d] = self;
        [d, a, b, c]
    }
    #[inline(always)]
    fn gt(self, o: Self) -> Self {
        zip(self, o, |a, b| if a > b { u32::MAX } else { 0 })
    }
    #[inline(always)]
    fn any(self) -> bool {
        self.iter().any(|x| *x != 0)
    }
}

#[inline(always)]
fn zip(a: [u32; 4], b: [u32; 4], f: impl Fn(u32, u32) -> u32) -> [u32; 4] {
    let [a0, a1, a2, a3] = a;
    let [b0, b1, b2, b3] = b;
    [f(a0, b0), f(a1, b1), f(a2, b2), f(a3, b3)]
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd {
    use core::arch::wasm32::{
        i32x4_shuffle, u8x16_shuffle, u32x4, u32x4_add, u32x4_extract_lane, u32x4_gt, u32x4_mul,
        u32x4_shl, u32x4_shr, u32x4_splat, u32x4_sub, u64x2_extmul_high_u32x4,
        u64x2_extmul_low_u32x4, v128, v128_any_true, v128_or, v128_xor,
    };

    impl super::Lanes for v128 {
        #[inline(always)]
        fn splat(x: u32) -> Self {
            u32x4_splat(x)
        }
        #[inline(always)]
        fn from_array([a, b, c, d]: [u32; 4]) -> Self {
            u32x4(a, b, c, d)
        }
        #[inline(always)]
        fn load(&[a, b, c, d]: &[u32; 4]) -> Self {
            u32x4(a, b, c, d)
        }
        #[inline(always)]
        fn store(self, out: &mut [u32; 4]) {
            *out = [
                u32x4_extract_lane::<0>(self),
                u32x4_extract_lane::<1>(self),
                u32x4_extract_lane::<2>(self),
                u32x4_extract_lane::<3>(self),
            ];
        }
        #[inline(always)]
        fn add(self, o: Self) -> Self {
            u32x4_add(self, o)
        }
        #[inline(always)]
        fn sub(self, o: Self) -> Self {
            u32x4_sub(self, o)
        }
        #[inline(always)]
        fn mul(self, o: Self) -> Self {
            u32x4_mul(self, o)
        }
        #[inline(always)]
        fn mul_high(self, o: Self) -> Self {
            let low = u64x2_extmul_low_u32x4(self, o);
            let high = u64x2_extmul_high_u32x4(self, o);
            i32x4_shuffle::<1, 3, 5, 7>(low, high)
        }
        #[inline(always)]
        fn xor(self, o: Self) -> Self {
            v128_xor(self, o)
        }
        #[inline(always)]
        fn or(self, o: Self) -> Self {
            v128_or(self, o)
        }
        #[inline(always)]
        fn shr(self, n: u32) -> Self {
            u32x4_shr(self, n)
        }
        #[inline(always)]
        fn rotl16(self) -> Self {
            // Whole bytes move: one shuffle (little-endian lanes).
            u8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(self, self)
        }
        #[inline(always)]
        fn rotl12(self) -> Self {
            v128_or(u32x4_shl(self, 12), u32x4_shr(self, 20))
        }
        #[inline(always)]
        fn rotl8(self) -> Self {
            u8x16_shuffle::<3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14>(self, self)
        }
        #[inline(always)]
        fn rotl7(self) -> Self {
            v128_or(u32x4_shl(self, 7), u32x4_shr(self, 25))
        }
        #[inline(always)]
        fn lanes1(self) -> Self {
            i32x4_shuffle::<1, 2, 3, 0>(self, self)
        }
        #[inline(always)]
        fn lanes2(self) -> Self {
            i32x4_shuffle::<2, 3, 0, 1>(self, self)
        }
        #[inline(always)]
        fn lanes3(self) -> Self {
            i32x4_shuffle::<3, 0, 1, 2>(self, self)
        }
        #[inline(always)]
        fn gt(self, o: Self) -> Self {
            u32x4_gt(self, o)
        }
        #[inline(always)]
        fn any(self) -> bool {
            v128_any_true(self)
        }
    }
}
