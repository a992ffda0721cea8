//! Supplied faces (and seeded states) through every dice helper a caller can reach: single
//! dice and lanes of dice of any size, dice specs, rolling twice, X-in-6 and percentile chances,
//! d20s, roll-offs and countdown pools. Every face handed out lies on its die; a refused roll is
//! an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use turnkeeper::dice::source::SeedAlgorithm;
use turnkeeper::dice::{
    Countdown, CountdownSpeed, DiceSource, DiceSpec, DieRoller, DieSize, Keep, RollMode,
    RollOffConfig, RollOffWinner, SeedState, SeededDice, chance_in_six, percent, roll_d20,
    roll_off, roll_twice,
};
use turnkeeper_fuzz::Unstructured;

fn sides(u: &mut Unstructured) -> arbitrary::Result<u32> {
    Ok(if u.ratio(3, 4)? {
        u.int_in_range(0..=101)?
    } else {
        u.arbitrary()?
    })
}

fn run(u: &mut Unstructured) -> arbitrary::Result<()> {
    let mut dice = if u.ratio(1, 4)? {
        let state = SeedState {
            algorithm: SeedAlgorithm::ChaCha20,
            seed: u.arbitrary()?,
            position: u.arbitrary()?,
        };
        match SeededDice::restore(state) {
            Ok(s) => DiceSource::Seeded(Box::new(s)),
            Err(_) => return Ok(()),
        }
    } else {
        let faces: Vec<u32> = u.arbitrary()?;
        DiceSource::supplied(faces)
    };
    let d = &mut dice;
    for _ in 0..u.int_in_range(1..=12)? {
        match u.int_in_range(0..=9)? {
            0 => {
                let s = sides(u)?;
                if let Ok(face) = d.roll_die(s) {
                    assert!((1..=s).contains(&face), "d{s} gave {face}");
                }
            }
            1 => {
                let s = sides(u)?;
                let mut out = vec![0; u.int_in_range(0..=70)?];
                if d.roll_dice(s, &mut out).is_ok() {
                    assert!(out.iter().all(|f| (1..=s).contains(f)), "d{s} gave {out:?}");
                }
            }
            2 => {
                if let Ok(size) = DieSize::from_sides(sides(u)?) {
                    let spec =
                        DiceSpec::new(u.arbitrary::<u32>()? % 200, size).plus(u.arbitrary()?);
                    if spec.validate().is_ok()
                        && let Ok(rolled) = spec.roll(d)
                    {
                        let _ = spec.total(&rolled);
                    }
                }
            }
            3 => {
                if let Ok(size) = DieSize::from_sides(sides(u)?) {
                    let keep = if u.arbitrary()? {
                        Keep::Higher
                    } else {
                        Keep::Lower
                    };
                    if let Ok(r) = roll_twice(size, keep, d) {
                        assert!(r.face == r.first.face || r.face == r.second.face);
                    }
                }
            }
            4 => {
                let _ = chance_in_six(u.arbitrary::<u32>()? % 9, d);
            }
            5 => {
                let _ = percent(u.arbitrary::<u32>()? % 103, d);
            }
            6 => {
                let mode = *u.choose(&[
                    RollMode::Normal,
                    RollMode::Advantage,
                    RollMode::Disadvantage,
                ])?;
                if let Ok(r) = roll_d20(mode, d) {
                    assert!((1..=20).contains(&r.natural));
                }
            }
            7 => {
                if let Ok(die) = DieSize::from_sides(sides(u)?) {
                    let winner = if u.arbitrary()? {
                        RollOffWinner::Highest
                    } else {
                        RollOffWinner::Lowest
                    };
                    let _ = roll_off(
                        u.arbitrary::<u32>()? % 40,
                        &RollOffConfig { die, winner },
                        d,
                    );
                }
            }
            _ => {
                let speed = *u.choose(&[
                    CountdownSpeed::Slow,
                    CountdownSpeed::Medium,
                    CountdownSpeed::Fast,
                ])?;
                if let Ok(mut pool) = Countdown::new(u.arbitrary::<u32>()? % 30, speed) {
                    for _ in 0..u.int_in_range(0..=8)? {
                        let _ = match u.int_in_range(0..=3)? {
                            0 => pool.add_dice(u.arbitrary()?).map(|_| ()),
                            1 => pool.remove_dice(u.arbitrary()?).map(|_| ()),
                            2 => pool.stop(),
                            _ => pool.roll(d).map(|_| ()),
                        };
                    }
                }
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
