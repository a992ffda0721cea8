//! `applyEvents` on creatures: template batches and bare event lists, edited, or raw text; refused
//! ones change nothing, accepted ones keep the invariants (see `promises::events`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use turnkeeper_fuzz::{Unstructured, promises};

fuzz_target!(|data: &[u8]| {
    let _ = promises::events::<turnkeeper::creature::sheet::CreatureSheet>(&mut Unstructured::new(
        data,
    ));
});
