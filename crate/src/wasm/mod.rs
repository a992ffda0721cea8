//! wasm-bindgen glue, built only with the `wasm` feature.
//!
//! This layer converts and nothing else: JS values in, core calls, JS values out. Every core
//! [`crate::Error`] becomes a thrown plain object `{ code, message, position? }`, which the
//! TypeScript facade turns into a `TurnkeeperError`.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use crate::error::{Error, ErrorCode};

pub mod creature;
pub mod dice;
pub mod encounter;
pub mod journey;
pub mod packed;
pub mod procedures;
pub mod procedures_a5e;

/// The result type of every exported function: errors are thrown as `{ code, message }`.
pub type JsResult<T> = Result<T, JsValue>;

/// Turn a core error into the plain object the facade recognises.
pub fn error_to_js(error: Error) -> JsValue {
    let object = js_sys::Object::new();
    // Reflect::set on a fresh ordinary object cannot fail; ignore the Ok(true).
    let _ = js_sys::Reflect::set(&object, &"code".into(), &error.code.as_str().into());
    let _ = js_sys::Reflect::set(&object, &"message".into(), &error.message.into());
    if let Some(position) = error.position {
        let _ = js_sys::Reflect::set(&object, &"position".into(), &(position as f64).into());
    }
    let _ = js_sys::Reflect::set(&object, &"turnkeeper".into(), &true.into());
    object.into()
}

fn serializer() -> serde_wasm_bindgen::Serializer {
    serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true)
}

/// Serialize a core value for JS, typed for the generated `.d.ts`.
pub fn to_ts<T: Serialize + Tsify>(value: &T) -> JsResult<Ts<T>> {
    value
        .serialize(&serializer())
        .map(Ts::new_unchecked)
        .map_err(|e| error_to_js(Error::new(ErrorCode::InvalidArgument, e.to_string())))
}

/// Serialize any value (for types without a Tsify derive, e.g. `Vec<T>`).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsResult<JsValue> {
    value
        .serialize(&serializer())
        .map_err(|e| error_to_js(Error::new(ErrorCode::InvalidArgument, e.to_string())))
}

/// Read a typed argument from JS; malformed input is an `INVALID_ARGUMENT` error.
pub fn from_ts<T: DeserializeOwned + Tsify>(value: Ts<T>, what: &str) -> JsResult<T> {
    serde_wasm_bindgen::from_value(value.js_value())
        .map_err(|e| error_to_js(Error::invalid_argument(format!("invalid {what}: {e}"))))
}

/// Convert a core result.
pub fn js<T>(result: crate::Result<T>) -> JsResult<T> {
    result.map_err(error_to_js)
}

/// The crate version, for diagnostics.
#[wasm_bindgen(js_name = version)]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
