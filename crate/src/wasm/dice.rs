//! Glue for dice: `DiceBox`, a stateful dice source held by JS, in both the core module and the
//! dice module. Core objects roll with the core's boxes; the stand-alone dice (rolls, parsed
//! notations, the rule helpers) are the dice module's alone (`wasm::rolls`). The main entry
//! lends a dice-module box to the core, or to the procedures module, as words
//! (`crate::dice::transfer`) and takes back what was rolled.

#[cfg(feature = "wasm-base")]
use wasm_bindgen::prelude::*;

use super::{JsResult, js};
use crate::dice::limits::MAX_SUPPLIED_FACES;
use crate::dice::source::MAX_SEED;
use crate::dice::{DiceSource, SuppliedDice};
use crate::error::{Error, ErrorCode};
#[cfg(not(feature = "wasm-base"))]
use {
    super::write_json,
    crate::dice::{DieRoller, SeedState, SourceKind},
};

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

/// Read one of the dice module's JSON inputs (a saved state or countdown, a die size, which
/// roll to keep, a roll-off's options, a countdown's speed): `INVALID_ARGUMENT` naming `what`
/// when it is not a `T`. The flat reader (`crate::wire::flat`) reads them, with the errors the
/// generic reader would give, in a fraction of its size (issue 38).
#[cfg(not(feature = "wasm-base"))]
pub(super) fn input<T: crate::dice::flat_input::FlatInput>(
    text: &str,
    what: &str,
) -> crate::Result<T> {
    crate::dice::flat_input::read(text, what)
}

/// `LIMIT_EXCEEDED` for a list of more than [`MAX_SUPPLIED_FACES`] supplied faces, worded as the
/// facade words it (js-package/src/core/dice.ts, `facesArray`).
pub(super) fn check_supplied(count: usize) -> crate::Result<()> {
    if count > MAX_SUPPLIED_FACES {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!("{count} faces supplied; a list holds at most {MAX_SUPPLIED_FACES}"),
        ));
    }
    Ok(())
}

/// A dice source held by JS. Seeded sources can be saved (`state`) and restored.
#[cfg_attr(feature = "wasm-base", wasm_bindgen)]
pub struct DiceBox {
    pub(crate) source: DiceSource,
}

#[cfg_attr(feature = "wasm-base", wasm_bindgen)]
impl DiceBox {
    /// A seeded box when `seed` is given, otherwise the crypto source.
    #[cfg_attr(feature = "wasm-base", wasm_bindgen(constructor))]
    pub fn new(seed: Option<f64>) -> JsResult<DiceBox> {
        let source = match seed {
            Some(s) => js(DiceSource::seeded(seed_from_js(s)?))?,
            None => DiceSource::crypto(),
        };
        Ok(DiceBox { source })
    }

    /// A box that plays back faces supplied by the caller (physical dice, tests): at most
    /// [`MAX_SUPPLIED_FACES`] of them, which the facade checks before it copies any (a longer
    /// list here is `LIMIT_EXCEEDED` too, for a caller of the glue that did not).
    pub fn supplied(faces: Vec<u32>) -> JsResult<DiceBox> {
        js(check_supplied(faces.len()))?;
        Ok(DiceBox {
            source: DiceSource::Supplied(SuppliedDice::new(faces)),
        })
    }

    /// Resume a seeded stream from a saved state. (This and the next three are the dice
    /// module's alone: the core only borrows dice, as words.)
    #[cfg(not(feature = "wasm-base"))]
    pub fn from_state(state: &str) -> JsResult<DiceBox> {
        let state: SeedState = js(input(state, "dice state"))?;
        Ok(DiceBox {
            source: js(DiceSource::restored(state))?,
        })
    }

    /// The saved state of a seeded box (JSON); `null` for crypto and supplied boxes.
    #[cfg(not(feature = "wasm-base"))]
    pub fn state(&self) -> JsResult<String> {
        js(write_json(&self.source.seed_state()))
    }

    /// This box lent as words to another module (see `crate::dice::transfer`): the core's to
    /// the procedures module, the dice module's to the core or the procedures module.
    #[cfg_attr(feature = "wasm-base", wasm_bindgen(js_name = toWords))]
    pub fn to_words(&self) -> Vec<u32> {
        self.source.to_words()
    }

    /// Take back what the other module rolled: the box continues from `words`. Malformed
    /// words are an error and leave the box as it was.
    #[cfg_attr(feature = "wasm-base", wasm_bindgen(js_name = setWords))]
    pub fn set_words(&mut self, words: &[u32]) -> JsResult<()> {
        self.source = js(DiceSource::from_words(words))?;
        Ok(())
    }

    /// `"seeded"`, `"crypto"` or `"supplied"`.
    #[cfg(not(feature = "wasm-base"))]
    pub fn kind(&self) -> String {
        match self.source.kind() {
            SourceKind::Seeded => "seeded",
            SourceKind::Crypto => "crypto",
            SourceKind::Supplied => "supplied",
        }
        .to_string()
    }

    /// One face of one die.
    #[cfg(not(feature = "wasm-base"))]
    pub fn roll_die(&mut self, sides: u32) -> JsResult<u32> {
        js(self.source.roll_die(sides))
    }
}
