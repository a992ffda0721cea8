//! Statistical tests of the dice sources and of a keep-highest pool.
//!
//! ## The math
//! Pearson's statistic for `k` categories with observed counts `O_i` and expected `E_i` is
//! `X² = Σ (O_i − E_i)² / E_i`. Under the hypothesis that the dice are fair it follows, for
//! large `E_i` (here every `E_i` ≥ 75), a chi-square distribution with `k − 1` degrees of
//! freedom. Its survival function is the regularized upper incomplete gamma function,
//! `P(X² > x) = Q((k−1)/2, x/2)`, computed below (Lanczos log-gamma, series / continued
//! fraction for the incomplete gamma) and checked against reference values computed with
//! mpmath at 30 digits. The critical value for a false-alarm rate `α` is the `x` with
//! `Q((k−1)/2, x/2) = α`, found by bisection: for `α = 10⁻⁷` it is 28.374 at 1 degree of
//! freedom, 40.863 at 5, 69.782 at 19 and 190.231 at 99.
//!
//! ## Never flaky
//! - Seeded tests use fixed seeds, so they are deterministic: they pass or fail the same way
//!   on every run.
//! - The crypto test is truly random. It makes 9 chi-square tests per run (one per die size),
//!   each rejecting a fair die with probability `α = 10⁻⁷`; by the union bound the chance of
//!   any false alarm in a run is at most `9 × 10⁻⁷`, below one in a million.

use turnkeeper::dice::{CryptoDice, DieRoller, DieSize, Expression, SeededDice, SuppliedDice};

/// Per-test false-alarm rate (see the module docs).
const ALPHA: f64 = 1e-7;

mod chi2 {
    /// ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms; relative error ~1e-15).
    pub fn ln_gamma(x: f64) -> f64 {
        const G: f64 = 7.0;
        const C: [f64; 9] = [
            0.999_999_999_999_809_9,
            676.520_368_121_885_1,
            -1_259.139_216_722_402_8,
            771.323_428_777_653_1,
            -176.615_029_162_140_6,
            12.507_343_278_686_905,
            -0.138_571_095_265_720_12,
            9.984_369_578_019_572e-6,
            1.505_632_735_149_311_6e-7,
        ];
        if x < 0.5 {
            // Reflection: Γ(x)Γ(1−x) = π / sin(πx).
            return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln()
                - ln_gamma(1.0 - x);
        }
        let x = x - 1.0;
        let mut a = C[0];
        let t = x + G + 0.5;
        for (i, c) in C.iter().enumerate().skip(1) {
            a += c / (x + i as f64);
        }
        0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
    }

    /// Regularized upper incomplete gamma Q(a, x).
    pub fn gamma_q(a: f64, x: f64) -> f64 {
        if x <= 0.0 {
            return 1.0;
        }
        let log_prefix = -x + a * x.ln() - ln_gamma(a);
        if x < a + 1.0 {
            // Series for P(a, x).
            let mut term = 1.0 / a;
            let mut sum = term;
            for n in 1..10_000 {
                term *= x / (a + n as f64);
                sum += term;
                if term.abs() < sum.abs() * 1e-17 {
                    break;
                }
            }
            1.0 - sum * log_prefix.exp()
        } else {
            // Continued fraction for Q(a, x) (modified Lentz).
            let tiny = 1e-300;
            let mut b = x + 1.0 - a;
            let mut c = 1.0 / tiny;
            let mut d = 1.0 / b;
            let mut h = d;
            for i in 1..10_000 {
                let an = -(i as f64) * (i as f64 - a);
                b += 2.0;
                d = an * d + b;
                if d.abs() < tiny {
                    d = tiny;
                }
                c = b + an / c;
                if c.abs() < tiny {
                    c = tiny;
                }
                d = 1.0 / d;
                let delta = d * c;
                h *= delta;
                if (delta - 1.0).abs() < 1e-16 {
                    break;
                }
            }
            log_prefix.exp() * h
        }
    }

    /// P(X² > x) for `df` degrees of freedom.
    pub fn survival(x: f64, df: u32) -> f64 {
        gamma_q(f64::from(df) / 2.0, x / 2.0)
    }

    /// The x with P(X² > x) = alpha.
    pub fn critical(alpha: f64, df: u32) -> f64 {
        // The critical value is near df (mean df, standard deviation √(2·df)); 4·df + 1,000
        // is far above it for every df and alpha used here.
        let (mut lo, mut hi) = (0.0, 4.0 * f64::from(df) + 1_000.0);
        for _ in 0..200 {
            let mid = (lo + hi) / 2.0;
            if survival(mid, df) > alpha {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Pearson's statistic.
    pub fn statistic(observed: &[u64], expected: &[f64]) -> f64 {
        observed
            .iter()
            .zip(expected)
            .map(|(&o, &e)| {
                let d = o as f64 - e;
                d * d / e
            })
            .sum()
    }
}

/// Fail when the counts reject the expected distribution at `ALPHA`.
fn assert_fits(label: &str, observed: &[u64], probabilities: &[f64]) {
    let n: u64 = observed.iter().sum();
    let expected: Vec<f64> = probabilities.iter().map(|p| p * n as f64).collect();
    assert!(
        expected.iter().all(|e| *e >= 5.0),
        "{label}: cells too small"
    );
    let df = (observed.len() - 1) as u32;
    let x2 = chi2::statistic(observed, &expected);
    let critical = chi2::critical(ALPHA, df);
    assert!(
        x2 < critical,
        "{label}: chi-square {x2:.2} ≥ critical {critical:.2} (df {df}, p = {:e})",
        chi2::survival(x2, df)
    );
}

#[test]
fn chi_square_math_matches_reference_values() {
    // Reference values from mpmath (30 digits).
    let criticals = [
        (0.05, 1, 3.841_458_820_69),
        (0.05, 5, 11.070_497_693_5),
        (1e-7, 1, 28.373_987_361_8),
        (1e-7, 5, 40.863_021_088_1),
        (1e-7, 6, 43.337_757_113_3),
        (1e-7, 19, 69.781_533_052_6),
        (1e-7, 99, 190.230_997_118),
        (0.001, 99, 148.230_359_165),
    ];
    for (alpha, df, expected) in criticals {
        let got = chi2::critical(alpha, df);
        assert!(
            (got - expected).abs() < 1e-6 * expected,
            "df {df} alpha {alpha}: {got} vs {expected}"
        );
    }
    assert!((chi2::survival(30.0, 10) - 0.000_856_641_210_775_3).abs() < 1e-12);
    assert!((chi2::survival(150.0, 99) - 0.000_720_445_395_716_963).abs() < 1e-12);
    assert!((chi2::ln_gamma(5.0) - 24f64.ln()).abs() < 1e-12);
}

fn counts(sides: u32, rolls: u64, source: &mut impl DieRoller) -> Vec<u64> {
    let mut c = vec![0u64; sides as usize];
    for _ in 0..rolls {
        let face = source.roll_die(sides).unwrap();
        c[(face - 1) as usize] += 1;
    }
    c
}

#[test]
fn seeded_source_is_uniform_on_every_die_size() {
    for die in DieSize::ALL {
        let sides = die.sides();
        let mut source = SeededDice::new(4_242 + u64::from(sides)).unwrap();
        let observed = counts(sides, 2_000 * u64::from(sides), &mut source);
        let p = vec![1.0 / f64::from(sides); sides as usize];
        assert_fits(&format!("seeded d{sides}"), &observed, &p);
    }
}

#[test]
fn crypto_source_is_uniform_on_every_die_size() {
    for die in DieSize::ALL {
        let sides = die.sides();
        let observed = counts(sides, 1_000 * u64::from(sides), &mut CryptoDice::new());
        let p = vec![1.0 / f64::from(sides); sides as usize];
        assert_fits(&format!("crypto d{sides}"), &observed, &p);
    }
}

/// Pools from the crypto source read several faces from each word (dice/batch.rs): each face
/// is uniform, and so is each pair of neighbours in a pool (faces from one word and across
/// words are independent). Pools of 37 so that batches end mid-pool and words are shared.
#[test]
fn crypto_pools_are_uniform_and_their_neighbours_independent() {
    for sides in [2u32, 3, 4, 6, 8, 10, 12, 20, 100] {
        let mut source = CryptoDice::new();
        let n = sides as usize;
        let mut single = vec![0u64; n];
        let mut pairs = vec![0u64; n * n];
        let mut pool = [0u32; 37];
        let pools = 300 * n * n / 36 + 200;
        for _ in 0..pools {
            source.roll_dice(sides, &mut pool).unwrap();
            for w in pool.windows(2) {
                assert!((1..=sides).contains(&w[0]) && (1..=sides).contains(&w[1]));
                pairs[(w[0] - 1) as usize * n + (w[1] - 1) as usize] += 1;
            }
            for &f in &pool {
                single[(f - 1) as usize] += 1;
            }
        }
        assert_fits(
            &format!("crypto pool d{sides}"),
            &single,
            &vec![1.0 / n as f64; n],
        );
        let p = 1.0 / (n * n) as f64;
        assert_fits(
            &format!("crypto pool d{sides} pairs"),
            &pairs,
            &vec![p; n * n],
        );
    }
}

/// Exact distribution of `count` d`sides` keeping the highest `keep`, by enumerating every
/// outcome (independently of the engine). Index = total − keep.
fn exact_keep_highest(count: u32, sides: u32, keep: usize) -> Vec<(Vec<u32>, u32)> {
    let outcomes = sides.pow(count);
    (0..outcomes)
        .map(|mut code| {
            let faces: Vec<u32> = (0..count)
                .map(|_| {
                    let f = code % sides + 1;
                    code /= sides;
                    f
                })
                .collect();
            let mut sorted = faces.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let total = sorted.iter().take(keep).sum();
            (faces, total)
        })
        .collect()
}

fn check_keep_pool(notation: &str, count: u32, sides: u32, keep: u32, seed: u64, rolls: u32) {
    let outcomes = exact_keep_highest(count, sides, keep as usize);
    let expr = Expression::parse(notation).unwrap();
    // Exhaustive: every possible set of faces gives the enumerated total.
    for (faces, total) in &outcomes {
        let mut dice = SuppliedDice::new(faces.iter().copied());
        assert_eq!(
            expr.roll_total(&mut dice).unwrap(),
            i64::from(*total),
            "{notation} {faces:?}"
        );
    }
    // Statistical: a large seeded sample follows the exact distribution.
    let lowest = keep;
    let cells = (keep * sides - lowest + 1) as usize;
    let mut probabilities = vec![0.0; cells];
    for (_, total) in &outcomes {
        probabilities[(total - lowest) as usize] += 1.0 / outcomes.len() as f64;
    }
    let mut observed = vec![0u64; cells];
    let mut source = SeededDice::new(seed).unwrap();
    for _ in 0..rolls {
        let t = expr.roll_total(&mut source).unwrap();
        observed[(t - i64::from(lowest)) as usize] += 1;
    }
    assert_fits(notation, &observed, &probabilities);
}

#[test]
fn keep_highest_pools_follow_their_exact_distribution() {
    // 2d6kh1: P(total = k) = (2k − 1) / 36, the closed form, checked against the enumeration.
    let two = exact_keep_highest(2, 6, 1);
    for k in 1..=6u32 {
        let n = two.iter().filter(|(_, t)| *t == k).count() as u32;
        assert_eq!(n, 2 * k - 1);
    }
    check_keep_pool("2d6kh1", 2, 6, 1, 61, 100_000);
    check_keep_pool("3d4kh2", 3, 4, 2, 342, 100_000);
    check_keep_pool("4d6kh3", 4, 6, 3, 463, 100_000);
}

/// The tests above have teeth: a d6 that turns one six in five into a one is rejected.
#[test]
fn a_biased_die_is_rejected() {
    struct Biased(SeededDice);
    impl DieRoller for Biased {
        fn roll_die(&mut self, sides: u32) -> turnkeeper::Result<u32> {
            let face = self.0.roll_die(sides)?;
            if face == sides && self.0.roll_die(5)? == 1 {
                return Ok(1);
            }
            Ok(face)
        }
        fn kind(&self) -> turnkeeper::dice::SourceKind {
            turnkeeper::dice::SourceKind::Seeded
        }
    }
    let observed = counts(6, 12_000, &mut Biased(SeededDice::new(6).unwrap()));
    let expected = vec![2_000.0; 6];
    let x2 = chi2::statistic(&observed, &expected);
    assert!(x2 > chi2::critical(ALPHA, 5), "chi-square {x2}");
}
