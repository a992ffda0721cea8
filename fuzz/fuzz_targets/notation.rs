//! Notation, parsed and rolled with seeded and supplied dice (see `turnkeeper_fuzz::notation`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use turnkeeper_fuzz::{Unstructured, notation};

fuzz_target!(|data: &[u8]| {
    let u = &mut Unstructured::new(data);
    let (Ok(text), Ok(seed), Ok(faces)) = (
        notation::text(u),
        u.arbitrary::<u64>(),
        u.arbitrary::<Vec<u8>>(),
    ) else {
        return;
    };
    let faces = faces.into_iter().map(|f| u32::from(f % 21)).collect();
    notation::check(&text, seed, faces);
});
