//! Commands in any order on every engine: template commands from any run, edited, on any
//! template state; the first byte picks the engine (see `promises::commands`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use turnkeeper::creature::sheet::CreatureSheet;
use turnkeeper::encounter::Encounter;
use turnkeeper::exploration::journey::Journey;
use turnkeeper_fuzz::{Unstructured, promises};

fuzz_target!(|data: &[u8]| {
    let Some((first, rest)) = data.split_first() else {
        return;
    };
    let u = &mut Unstructured::new(rest);
    let _ = match first % 3 {
        0 => promises::commands::<Encounter>(u),
        1 => promises::commands::<Journey>(u),
        _ => promises::commands::<CreatureSheet>(u),
    };
});
