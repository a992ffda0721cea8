//! Procedures by name through the glue's own path (`run_procedure`): a recorded call's name
//! and input, the input edited (or another call's input, or a name edited), on seeded or
//! supplied dice inside the dice's `atomically`. A refused call leaves seeded dice where they
//! were; an accepted one answers with JSON.
#![no_main]
use libfuzzer_sys::fuzz_target;
use turnkeeper::dice::DiceSource;
use turnkeeper::wasm::procedures::run_procedure;
use turnkeeper_fuzz::json::mutate;
use turnkeeper_fuzz::{Unstructured, templates};

fn run(u: &mut Unstructured) -> arbitrary::Result<()> {
    let (calls, donors) = templates::procedures();
    let (name, input) = u.choose(calls)?;
    let mut name = name.clone();
    let mut input = if u.ratio(1, 8)? {
        u.choose(calls)?.1.clone()
    } else {
        input.clone()
    };
    if u.ratio(1, 32)? {
        name = u.arbitrary()?;
    }
    let text = if u.ratio(1, 16)? {
        u.arbitrary::<String>()?
    } else {
        mutate(&mut input, u, donors, 4)?;
        input.to_string()
    };
    let mut dice = if u.ratio(3, 4)? {
        match DiceSource::seeded(u.arbitrary::<u64>()? & ((1 << 53) - 1)) {
            Ok(d) => d,
            Err(_) => return Ok(()),
        }
    } else {
        let faces: Vec<u8> = u.arbitrary()?;
        DiceSource::supplied(faces.into_iter().map(|f| u32::from(f % 21)))
    };
    let before = dice.seed_state();
    match dice.atomically(|d| run_procedure(&name, &text, d)) {
        Ok(out) => {
            if let Err(e) = serde_json::from_str::<serde_json::Value>(&out) {
                panic!("{name}: the result is not JSON ({e}): {out}");
            }
        }
        Err(_) => assert_eq!(
            dice.seed_state(),
            before,
            "{name}: a refused call moved the dice"
        ),
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
