//! Glue for dice sources: a `DiceBox` is one stateful source (seeded, crypto or supplied).

use tsify::Ts;
use wasm_bindgen::prelude::*;

use super::{JsResult, from_ts, js, to_ts};
use crate::dice::source::MAX_SEED;
use crate::dice::{DiceSource, DieRoller, SeedState, SeededDice};
use crate::error::{Error, ErrorCode};

/// Validate a seed that arrived as a JS number.
pub fn seed_from_js(seed: f64) -> JsResult<u64> {
    // The bound keeps the value exactly representable; the cast is then lossless.
    if seed.is_finite() && seed.fract() == 0.0 && (0.0..=MAX_SEED as f64).contains(&seed) {
        Ok(seed as u64)
    } else {
        js(Err(Error::new(
            ErrorCode::InvalidSeed,
            format!("seed must be an integer from 0 to {MAX_SEED}"),
        )))
    }
}

/// A dice source held by JS. Seeded sources can be saved (`state`) and restored.
#[wasm_bindgen]
pub struct DiceBox {
    pub(crate) source: DiceSource,
}

#[wasm_bindgen]
impl DiceBox {
    /// A seeded box when `seed` is given, otherwise the crypto source.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: Option<f64>) -> JsResult<DiceBox> {
        let source = match seed {
            Some(s) => js(DiceSource::seeded(seed_from_js(s)?))?,
            None => DiceSource::crypto(),
        };
        Ok(DiceBox { source })
    }

    /// A box that plays back faces supplied by the caller (physical dice, tests).
    pub fn supplied(faces: Vec<u32>) -> DiceBox {
        DiceBox { source: DiceSource::supplied(faces) }
    }

    /// Resume a seeded stream from a saved state.
    #[wasm_bindgen(js_name = fromState)]
    pub fn from_state(state: Ts<SeedState>) -> JsResult<DiceBox> {
        let state = from_ts(state, "dice state")?;
        Ok(DiceBox { source: DiceSource::Seeded(Box::new(js(SeededDice::restore(state))?)) })
    }

    /// The saved state of a seeded box; `undefined` for crypto and supplied boxes.
    pub fn state(&self) -> JsResult<Option<Ts<SeedState>>> {
        self.source.seed_state().map(|s| to_ts(&s)).transpose()
    }

    /// `"seeded"`, `"crypto"` or `"supplied"`.
    pub fn kind(&self) -> String {
        match self.source.kind() {
            crate::dice::SourceKind::Seeded => "seeded",
            crate::dice::SourceKind::Crypto => "crypto",
            crate::dice::SourceKind::Supplied => "supplied",
        }
        .to_string()
    }

    /// One face of one die.
    #[wasm_bindgen(js_name = rollDie)]
    pub fn roll_die(&mut self, sides: u32) -> JsResult<u32> {
        js(self.source.roll_die(sides))
    }
}
