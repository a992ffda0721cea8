//! Glue for the OSE, HYB and A5E procedures: one exported function, [`procedure`], takes a
//! procedure's name, its input as JSON text and a dice box, and gives the result back as JSON
//! text with every die. The names, their input and result types and how each runs are data
//! ([`crate::exploration::procedures::CATALOGUE`], declared beside the rules); this module only
//! looks a name up and carries the dice across. Unknown names and malformed input are
//! `INVALID_ARGUMENT` errors.
use wasm_bindgen::prelude::*;

use super::{JsResult, js};
use crate::dice::{DiceSource, DieRoller};
use crate::error::Result;
use crate::exploration::procedures::CATALOGUE;

/// Run the procedure `name` (`"ose.reaction"`, `"hyb.chase"`, `"a5e.fall"`…) on `input` (JSON
/// text), rolling through `dice`; the result is JSON text with every die. The facade's `ose`,
/// `hyb` and `a5e` namespaces type each name.
///
/// This runs in the procedures module, apart from the core: `dice` are the caller's dice box
/// lent as words (`DiceBox.toWords()` in the core), and after a success the box's new state is
/// kept for [`procedure_dice`], which the facade hands back to the core (`DiceBox.setWords`). A
/// procedure that fails leaves nothing to take, so the caller's dice stay where they were.
#[wasm_bindgen]
pub fn procedure(name: &str, input: &str, dice: &[u32]) -> JsResult<String> {
    let mut source = js(DiceSource::from_words(dice))?;
    let out = js(run_procedure(name, input, &mut source))?;
    DICE_AFTER.with(|after| *after.borrow_mut() = source.to_words());
    Ok(out)
}

thread_local! {
    /// The dice of the last successful [`procedure`], as words, until taken.
    static DICE_AFTER: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The dice after the last successful [`procedure`], as words for the core's box (empty once
/// taken).
#[wasm_bindgen(js_name = procedureDice)]
pub fn procedure_dice() -> Vec<u32> {
    DICE_AFTER.with(|after| std::mem::take(&mut *after.borrow_mut()))
}

/// [`procedure`] without the JS error: the name looked up in the catalogue; a name it does not
/// hold is `INVALID_ARGUMENT`. (Public, but not part of the API, so the fuzz targets in `fuzz/`
/// run exactly this path natively.)
#[doc(hidden)]
pub fn run_procedure(name: &str, input: &str, d: &mut dyn DieRoller) -> Result<String> {
    crate::procedures::registry::run_named(CATALOGUE, name, input, d)
}
