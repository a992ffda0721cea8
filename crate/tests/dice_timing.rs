//! A rough speed check, ignored by default and never asserting on time (timed assertions
//! flake on shared machines). Run optimized to see ns/op:
//! `cargo test --release --test dice_timing -- --ignored --nocapture`.

use std::hint::black_box;
use std::time::Instant;

use turnkeeper::dice::{Expression, SeededDice, roll};

/// Best of five batches (the minimum is the least disturbed by other work on the machine).
fn time(label: &str, iterations: u32, mut f: impl FnMut() -> i64) {
    let mut check = 0i64;
    let mut best = f64::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..iterations / 5 {
            check = check.wrapping_add(f());
        }
        let ns = start.elapsed().as_nanos() as f64 / f64::from(iterations / 5);
        best = best.min(ns);
    }
    println!("{label:<40} {best:>9.1} ns/op");
    assert_ne!(black_box(check), 0);
}

#[test]
#[ignore = "timing report; run with --release --ignored --nocapture"]
fn dice_timing_report() {
    let mut dice = SeededDice::new(1).unwrap();
    let n = 200_000;
    for notation in ["4d6kh3+2", "1d20", "2d20kh1+5", "3d6+1d8+4"] {
        time(&format!("parse + roll_total {notation}"), n, || {
            Expression::parse(black_box(notation))
                .unwrap()
                .roll_total(&mut dice)
                .unwrap()
        });
        time(&format!("parse + roll (details) {notation}"), n, || {
            roll(black_box(notation), &mut dice).unwrap().total
        });
        let expr = Expression::parse(notation).unwrap();
        time(&format!("pre-parsed roll_total {notation}"), n, || {
            expr.roll_total(&mut dice).unwrap()
        });
    }
    time("parse + roll_total 1000d6", 20_000, || {
        Expression::parse("1000d6")
            .unwrap()
            .roll_total(&mut dice)
            .unwrap()
    });
    time("parse only 4d6kh3+2", n, || {
        Expression::parse(black_box("4d6kh3+2"))
            .unwrap()
            .dice_count() as i64
    });
}
