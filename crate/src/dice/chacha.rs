//! The ChaCha20 keystream of the seeded dice, four blocks at a time.
//!
//! This is D. J. Bernstein's original ChaCha20 (20 rounds; a 64-bit block counter in words
//! 12–13 and a 64-bit nonce, always 0, in words 14–15): the stream `rand_chacha`'s
//! `ChaCha20Rng` gives for the same 32-byte key, word for word (checked in the tests below and
//! by `tests/vectors/dice.json`), so every seed keeps the faces it always had.
//!
//! Four consecutive blocks are computed together: each block's state is four rows of four
//! words, one vector per row (the quarter rounds of a column or diagonal step run in the four
//! lanes at once), and the four blocks' rounds are interleaved so that their independent steps
//! overlap. In the WebAssembly build the vectors are `simd128` (`dice::lanes`); elsewhere, and in
//! wasm builds without that feature, they are a plain `[u32; 4]`. Both instantiate the same
//! generic code, so they give the same words. (Measured in Node 20: about 1.5 ns per word with
//! `simd128`, against about 18 ns for the same code on plain lanes in wasm, and 20 ns for
//! `rand_chacha`, which has no wasm vector path.)

/// Words in one ChaCha block.
pub(crate) const BLOCK_WORDS: usize = 16;
/// Blocks computed together.
pub(crate) const BATCH_BLOCKS: usize = 4;
/// Words computed together: the output of one [`batch`] call.
pub(crate) const BATCH_WORDS: usize = BLOCK_WORDS * BATCH_BLOCKS;

use crate::dice::lanes::{Lanes, Native};

/// "expand 32-byte k", little-endian.
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// A ChaCha20 key as eight little-endian words.
pub(crate) type Key = [u32; 8];

/// The key a 32-byte seed gives (bytes read little-endian, four at a time).
pub(crate) fn key_from_bytes(bytes: &[u8; 32]) -> Key {
    let mut key = [0u32; 8];
    for (word, chunk) in key.iter_mut().zip(bytes.chunks_exact(4)) {
        let mut b = [0u8; 4];
        b.copy_from_slice(chunk);
        *word = u32::from_le_bytes(b);
    }
    key
}

/// Four blocks' rows: `[a, b, c, d]` of each block, one vector per row.
type Rows<L> = [[L; BATCH_BLOCKS]; 4];

/// One step of a quarter round, on every block: `a += b; d ^= a; d <<<= r` (with `rot` the
/// rotation). The four blocks are independent, so doing each step for all of them before the
/// next lets their instructions overlap (one block at a time is about four times slower).
#[inline(always)]
fn step<L: Lanes>(
    a: &mut [L; BATCH_BLOCKS],
    b: &[L; BATCH_BLOCKS],
    d: &mut [L; BATCH_BLOCKS],
    rot: fn(L) -> L,
) {
    for ((a, b), d) in a.iter_mut().zip(b).zip(d.iter_mut()) {
        *a = a.add(*b);
        *d = rot(d.xor(*a));
    }
}

/// A quarter round on the four columns (or, after diagonalizing, diagonals) of every block.
#[inline(always)]
fn quarter<L: Lanes>(x: &mut Rows<L>) {
    let [a, b, c, d] = x;
    step(a, b, d, L::rotl16);
    step(c, d, b, L::rotl12);
    step(a, b, d, L::rotl8);
    step(c, d, b, L::rotl7);
}

/// Rotate rows b, c, d by one, two and three lanes (`shift`), or back.
#[inline(always)]
fn turn<L: Lanes>(x: &mut Rows<L>, back: bool) {
    let [_, b, c, d] = x;
    for ((b, c), d) in b.iter_mut().zip(c.iter_mut()).zip(d.iter_mut()) {
        if back {
            (*b, *d) = (b.lanes3(), d.lanes1());
        } else {
            (*b, *d) = (b.lanes1(), d.lanes3());
        }
        *c = c.lanes2();
    }
}

/// The four blocks from `block` on: each block is four rows of four words (one vector per row),
/// and the four blocks' rounds are interleaved so their independent steps overlap.
#[inline(always)]
fn generic_batch<L: Lanes>(key: &Key, block: u64, out: &mut [u32; BATCH_WORDS]) {
    let [k0, k1, k2, k3, k4, k5, k6, k7] = *key;
    let counter = |i: u64| {
        let n = block.wrapping_add(i);
        // Low and high halves of the block counter, then the nonce (0): the truncation is the
        // point.
        L::from_array([n as u32, (n >> 32) as u32, 0, 0])
    };
    let init: Rows<L> = [
        [L::from_array(SIGMA); BATCH_BLOCKS],
        [L::from_array([k0, k1, k2, k3]); BATCH_BLOCKS],
        [L::from_array([k4, k5, k6, k7]); BATCH_BLOCKS],
        [counter(0), counter(1), counter(2), counter(3)],
    ];
    let mut x = init;
    for _ in 0..10 {
        quarter(&mut x);
        turn(&mut x, false);
        quarter(&mut x);
        turn(&mut x, true);
    }
    for (r, (row, row0)) in x.iter().zip(&init).enumerate() {
        for (i, (v, v0)) in row.iter().zip(row0).enumerate() {
            let at = i * BLOCK_WORDS + r * 4;
            if let Some(o) = out.get_mut(at..).and_then(<[u32]>::first_chunk_mut::<4>) {
                v.add(*v0).store(o);
            }
        }
    }
}

/// Blocks `block`, `block + 1`, `block + 2` and `block + 3` of the keystream of `key`, one
/// after the other (64 words in stream order).
pub(crate) fn batch(key: &Key, block: u64, out: &mut [u32; BATCH_WORDS]) {
    generic_batch::<Native>(key, block, out);
}

/// The same words as [`batch`] through the portable lanes (`[u32; 4]`), for the tests to
/// check [`batch`] against.
#[cfg(test)]
pub(crate) fn batch_portable(key: &Key, block: u64, out: &mut [u32; BATCH_WORDS]) {
    generic_batch::<[u32; 4]>(key, block, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha20Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    fn key_bytes(seed: u64) -> [u8; 32] {
        let mut bytes = [0u8; 32];
        let mut s = seed;
        for chunk in bytes.chunks_exact_mut(8) {
            s = s.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
            chunk.copy_from_slice(&s.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn matches_the_reference_generator_across_blocks_seeds_and_positions() {
        for seed in [0u64, 1, 42, 0xDEAD_BEEF, u64::MAX] {
            let bytes = key_bytes(seed);
            let key = key_from_bytes(&bytes);
            for block in [
                0u64,
                1,
                3,
                4,
                5,
                15,
                16,
                17,
                1 << 20,
                (1 << 32) - 2,
                (1 << 32) - 1,
                1 << 49,
            ] {
                let mut reference = ChaCha20Rng::from_seed(bytes);
                reference.set_word_pos(u128::from(block) * 16);
                let expected: Vec<u32> = (0..BATCH_WORDS).map(|_| reference.next_u32()).collect();
                let mut out = [0u32; BATCH_WORDS];
                batch(&key, block, &mut out);
                assert_eq!(
                    out.as_slice(),
                    expected.as_slice(),
                    "seed {seed} block {block}"
                );
                let mut portable = [0u32; BATCH_WORDS];
                batch_portable(&key, block, &mut portable);
                assert_eq!(portable, out, "seed {seed} block {block}");
            }
        }
    }

    #[test]
    fn known_answer_for_the_zero_key() {
        // ChaCha20 with an all-zero key and nonce: the first words of the keystream
        // (76 b8 e0 ad a0 f1 3d 90 …, the well-known zero-key test vector).
        let mut out = [0u32; BATCH_WORDS];
        batch(&[0; 8], 0, &mut out);
        assert_eq!(
            &out[..4],
            &[0xade0_b876, 0x903d_f1a0, 0xe56a_5d40, 0x28bd_8653]
        );
    }
}
