//! wasm-bindgen glue, built only with the `wasm` feature.
//!
//! This layer converts and nothing else. One way across the boundary for every type: JSON text
//! in and out through `crate::wire` (commands, events, snapshots, queries, procedure input and
//! results), plain numbers and strings as arguments, and the packed buffer of `wasm::packed`
//! for the dice hot path. No JavaScript object is read from inside the module, so nothing a
//! caller passes can run code in the middle of a call. Every core [`crate::Error`] becomes a
//! thrown plain object `{ code, message, position? }`, which the TypeScript facade turns into a
//! `TurnkeeperError`.
//!
//! The dice module (`wasm-dice` alone) is built without wasm-bindgen: the stand-alone dice of
//! `rolls` and the `DiceBox` of [`dice`], exported by `dice_abi` as plain numbers, with errors
//! kept for the facade's own glue to read and throw in the same shape. Every entry's stand-alone
//! dice roll there; the core module keeps only the `DiceBox` its objects roll with.

#[cfg(feature = "wasm-base")]
use wasm_bindgen::prelude::*;

use crate::error::{Error, ErrorCode};

// Three modules are built from this glue: the core (`wasm-core`: dice, encounters, journeys,
// creatures) and the rule procedures (`wasm-procedures`), which a page that does not use them
// never downloads (issue 12), and the dice (`wasm-dice`: `dice`, `rolls` and `packed`, every
// entry's stand-alone dice, issue 38). The core and the procedures module roll through dice lent
// as plain words (`DiceSource::to_words`), so a seeded stream moves exactly as if the lender
// had rolled.
#[cfg(feature = "wasm-core")]
pub mod creature;
#[cfg(any(feature = "wasm-core", feature = "wasm-dice"))]
pub mod dice;
#[cfg(all(feature = "wasm-dice", not(feature = "wasm-base")))]
pub mod dice_abi;
#[cfg(feature = "wasm-core")]
pub mod encounter;
#[cfg(feature = "wasm-core")]
pub mod handle;
#[cfg(feature = "wasm-core")]
pub mod journey;
#[cfg(all(feature = "wasm-dice", not(feature = "wasm-base")))]
pub mod packed;
#[cfg(feature = "wasm-procedures")]
pub mod procedures;
#[cfg(all(feature = "wasm-dice", not(feature = "wasm-base")))]
pub mod rolls;

/// Every module's allocator: Talc, which takes memory from `memory.grow` as it needs it and
/// frees and reuses blocks as the standard library's dlmalloc does (a module lives as long as
/// its page, so freeing matters), in less code: the dice module 2.1 KB gzip smaller (session
/// 21), the core 1.0 KB and the procedures 1.6 KB (session 24), with the round and a
/// follower's apply unchanged (`scripts/bench/encounter.mjs` beside a dlmalloc build). The
/// modules are single-threaded (no `atomics`), which Talc's unlocked cell requires.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// What an exported function fails with: a JS value wasm-bindgen throws…
#[cfg(feature = "wasm-base")]
pub type Thrown = JsValue;
/// …or, in the dice-only module, the error itself, which `dice_abi` keeps for its glue.
#[cfg(not(feature = "wasm-base"))]
pub type Thrown = Error;

/// The result type of every exported function: errors are thrown as `{ code, message }`.
pub type JsResult<T> = Result<T, Thrown>;

/// Turn a core error into the plain object the facade recognises.
#[cfg(feature = "wasm-base")]
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

/// The most bytes of JSON text any call takes (see [`crate::wire::MAX_JSON_BYTES`]). The facade
/// checks the same number before copying text into the module.
pub use crate::wire::MAX_JSON_BYTES;

/// Read JSON text as `T` through the wire reader: `LIMIT_EXCEEDED` past [`MAX_JSON_BYTES`],
/// `INVALID_ARGUMENT` (naming `what`) when it is not a `T`.
pub fn parse_json<T: crate::wire::FromWire>(json: &str, what: &str) -> crate::Result<T> {
    crate::wire::from_json(json, what, ErrorCode::InvalidArgument)
}

/// Write `value` as JSON text through the wire writer.
pub fn write_json<T: crate::wire::ToWire + ?Sized>(value: &T) -> crate::Result<String> {
    Ok(crate::wire::to_json(value))
}

/// Convert a core result.
#[cfg(feature = "wasm-base")]
pub fn js<T>(result: crate::Result<T>) -> JsResult<T> {
    result.map_err(error_to_js)
}

/// Convert a core result (the dice-only module keeps the error as it is).
#[cfg(not(feature = "wasm-base"))]
pub fn js<T>(result: crate::Result<T>) -> JsResult<T> {
    result
}

#[cfg(any(feature = "wasm-core", feature = "wasm-dice"))]
/// The crate version, for diagnostics.
#[cfg_attr(feature = "wasm-base", wasm_bindgen(js_name = coreVersion))]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[cfg(feature = "wasm-core")]
/// The catalogue `describe` renders with: English, or the caller's templates over it.
pub(crate) fn catalogue(messages: Option<&str>) -> crate::Result<crate::messages::Catalogue> {
    messages.map_or_else(
        || Ok(crate::messages::Catalogue::english()),
        crate::messages::Catalogue::from_json,
    )
}

#[cfg(feature = "wasm-core")]
/// The English message catalogue as JSON text (`{ key: template }`, in catalogue order): what
/// the build writes to `dist/messages/en.json` for translators to start from.
#[wasm_bindgen(js_name = englishMessages)]
pub fn english_messages() -> String {
    let entries: Vec<String> = crate::messages::english::ENGLISH
        .iter()
        .map(|(k, t)| {
            format!(
                "{}:{}",
                crate::wire::to_json(&k.to_string()),
                crate::wire::to_json(&t.to_string())
            )
        })
        .collect();
    format!("{{{}}}", entries.join(","))
}

#[cfg(feature = "wasm-core")]
/// `applyEvents` for every engine: a batch (JSON object) is checked, a bare event array is
/// applied unchecked; both all or nothing. (Public, but not part of the API, so the fuzz
/// targets in `fuzz/` run exactly this path natively.)
#[doc(hidden)]
pub fn apply_text<M>(engine: &mut crate::engine::Engine<M>, text: &str) -> crate::Result<()>
where
    M: crate::engine::Model,
    M::Event: crate::wire::FromWire,
{
    let state = engine.state();
    if text.trim_start().starts_with('{') {
        let header: crate::engine::BatchHeader = parse_json(text, "batch")?;
        let batch = state
            .reading(|| header.read_events::<M::Event>())
            .map_err(|e| {
                crate::error::Error::invalid_argument(format!("invalid batch events: {e}"))
            })?;
        return engine.apply_batch(&batch);
    }
    let events: Vec<M::Event> = state.reading(|| parse_json(text, "events"))?;
    engine.apply_events(&events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_text_has_a_size_limit_and_a_clear_error() {
        let n: u32 = parse_json("42", "number").unwrap();
        assert_eq!(n, 42);
        let padded = " ".repeat(MAX_JSON_BYTES - 2) + "42";
        assert_eq!(parse_json::<u32>(&padded, "number").unwrap(), 42);
        let over = format!(" {padded}");
        let err = parse_json::<u32>(&over, "number").unwrap_err();
        assert_eq!(err.code, ErrorCode::LimitExceeded);
        assert!(err.message.contains("number"), "{}", err.message);
        let bad = parse_json::<u32>("\"x\"", "number").unwrap_err();
        assert_eq!(bad.code, ErrorCode::InvalidArgument);
    }

    /// The facade refuses text before copying it in, by the same number.
    #[test]
    fn the_facade_checks_the_same_json_limit() {
        let facade = include_str!("../../../js-package/src/core/text.ts");
        assert_eq!(MAX_JSON_BYTES, 8 * 1024 * 1024);
        assert!(facade.contains("export const MAX_JSON_CHARS = 8 * 1024 * 1024;"));
    }
}
