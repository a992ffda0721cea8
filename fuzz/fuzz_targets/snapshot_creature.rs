//! Creature snapshots: template snapshots edited (with and without their checksum) or raw text;
//! what loads must pass the invariants, round-trip and take commands (see `promises::snapshot`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use turnkeeper_fuzz::{Unstructured, promises};

fuzz_target!(|data: &[u8]| {
    let _ = promises::snapshot::<turnkeeper::creature::sheet::CreatureSheet>(
        &mut Unstructured::new(data),
    );
});
