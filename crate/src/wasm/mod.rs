//! wasm-bindgen glue (built only with the `wasm` feature).
