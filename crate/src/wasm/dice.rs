//! Glue for dice: one-off rolls, `DiceBox` (a stateful source), `ParsedNotation` (parse once,
//! roll many) and the rule helpers (roll twice, chances, roll-offs, countdowns).

use tsify::Ts;
use wasm_bindgen::prelude::*;

use super::packed::pack;
use super::{JsResult, from_ts, js, to_ts};
use crate::dice::source::MAX_SEED;
use crate::dice::{
    ChanceRoll, Countdown, CountdownRoll, CountdownSpeed, DiceSource, DieRoller, DieSize,
    Expression, Keep, RollOff, RollOffConfig, RollResult, SeedState, SeededDice, SourceKind,
    SuppliedDice, TwiceRoll,
};
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

/// The source for a one-off call: supplied faces, a fresh seeded stream, or crypto.
fn one_off_source(seed: Option<f64>, faces: Option<Vec<u32>>) -> JsResult<DiceSource> {
    match (seed, faces) {
        (Some(_), Some(_)) => js(Err(Error::invalid_argument(
            "give either a seed or faces, not both",
        ))),
        (_, Some(faces)) => Ok(DiceSource::supplied(faces)),
        (Some(seed), None) => js(DiceSource::seeded(seed_from_js(seed)?)),
        (None, None) => Ok(DiceSource::crypto()),
    }
}

/// Totals are kept within ±(2^53 − 1) by the engine, so the conversion is exact.
fn total_to_js(total: i64) -> f64 {
    total as f64
}

/// Parse and roll once with every die in the result.
#[wasm_bindgen(js_name = rollNotation)]
pub fn roll_notation(
    notation: &str,
    seed: Option<f64>,
    faces: Option<Vec<u32>>,
) -> JsResult<Ts<RollResult>> {
    let mut source = one_off_source(seed, faces)?;
    to_ts(&js(
        Expression::parse(notation).and_then(|e| e.roll(&mut source))
    )?)
}

/// Parse and roll once with every die, packed for the facade (see `wasm::packed`).
#[wasm_bindgen(js_name = rollNotationPacked)]
pub fn roll_notation_packed(
    notation: &str,
    seed: Option<f64>,
    faces: Option<Vec<u32>>,
) -> JsResult<Vec<f64>> {
    let mut source = one_off_source(seed, faces)?;
    js(Expression::parse(notation).and_then(|e| e.roll(&mut source))).map(|r| pack(&r))
}

/// Parse and roll once, total only.
#[wasm_bindgen(js_name = totalNotation)]
pub fn total_notation(notation: &str, seed: Option<f64>, faces: Option<Vec<u32>>) -> JsResult<f64> {
    let mut source = one_off_source(seed, faces)?;
    js(Expression::parse(notation).and_then(|e| e.roll_total(&mut source))).map(total_to_js)
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
        DiceBox {
            source: DiceSource::Supplied(SuppliedDice::new(faces)),
        }
    }

    /// Resume a seeded stream from a saved state.
    #[wasm_bindgen(js_name = fromState)]
    pub fn from_state(state: Ts<SeedState>) -> JsResult<DiceBox> {
        let state = from_ts(state, "dice state")?;
        Ok(DiceBox {
            source: DiceSource::Seeded(Box::new(js(SeededDice::restore(state))?)),
        })
    }

    /// The saved state of a seeded box; `undefined` for crypto and supplied boxes.
    pub fn state(&self) -> JsResult<Option<Ts<SeedState>>> {
        self.source.seed_state().map(|s| to_ts(&s)).transpose()
    }

    /// `"seeded"`, `"crypto"` or `"supplied"`.
    pub fn kind(&self) -> String {
        match self.source.kind() {
            SourceKind::Seeded => "seeded",
            SourceKind::Crypto => "crypto",
            SourceKind::Supplied => "supplied",
        }
        .to_string()
    }

    /// One face of one die.
    #[wasm_bindgen(js_name = rollDie)]
    pub fn roll_die(&mut self, sides: u32) -> JsResult<u32> {
        js(self.source.roll_die(sides))
    }

    /// Parse and roll with every die.
    pub fn roll(&mut self, notation: &str) -> JsResult<Ts<RollResult>> {
        to_ts(&js(
            Expression::parse(notation).and_then(|e| e.roll(&mut self.source))
        )?)
    }

    /// Parse and roll with every die, packed for the facade (see `wasm::packed`).
    #[wasm_bindgen(js_name = rollPacked)]
    pub fn roll_packed(&mut self, notation: &str) -> JsResult<Vec<f64>> {
        js(Expression::parse(notation).and_then(|e| e.roll(&mut self.source))).map(|r| pack(&r))
    }

    /// Parse and roll, total only.
    pub fn total(&mut self, notation: &str) -> JsResult<f64> {
        js(Expression::parse(notation).and_then(|e| e.roll_total(&mut self.source)))
            .map(total_to_js)
    }
}

/// Roll with the given box (the facade passes a shared crypto box when the caller gives none).
fn with_box<T>(
    dice: &mut DiceBox,
    f: impl FnOnce(&mut dyn DieRoller) -> crate::Result<T>,
) -> JsResult<T> {
    js(f(&mut dice.source))
}

/// Notation parsed once: the fast path for rolling the same expression many times.
#[wasm_bindgen]
pub struct ParsedNotation {
    expr: Expression,
}

#[wasm_bindgen]
impl ParsedNotation {
    pub fn parse(notation: &str) -> JsResult<ParsedNotation> {
        Ok(ParsedNotation {
            expr: js(Expression::parse(notation))?,
        })
    }

    /// The normalized notation.
    pub fn notation(&self) -> String {
        self.expr.normalized()
    }

    pub fn roll(&self, dice: &mut DiceBox) -> JsResult<Ts<RollResult>> {
        let expr = &self.expr;
        to_ts(&with_box(dice, |d| expr.roll(d))?)
    }

    /// Roll with every die, packed for the facade (see `wasm::packed`).
    #[wasm_bindgen(js_name = rollPacked)]
    pub fn roll_packed(&self, dice: &mut DiceBox) -> JsResult<Vec<f64>> {
        let expr = &self.expr;
        with_box(dice, |d| expr.roll(d)).map(|r| pack(&r))
    }

    pub fn total(&self, dice: &mut DiceBox) -> JsResult<f64> {
        let expr = &self.expr;
        with_box(dice, |d| expr.roll_total(d)).map(total_to_js)
    }
}

/// GH-DICE-04 and advantage: roll one die twice, keep the higher or the lower.
#[wasm_bindgen(js_name = rollTwice)]
pub fn roll_twice(die: Ts<DieSize>, keep: Ts<Keep>, dice: &mut DiceBox) -> JsResult<Ts<TwiceRoll>> {
    let die = from_ts(die, "die size")?;
    let keep = from_ts(keep, "keep")?;
    to_ts(&with_box(dice, |d| crate::dice::roll_twice(die, keep, d))?)
}

/// "X-in-6": succeeds when 1d6 ≤ x.
#[wasm_bindgen(js_name = chanceInSix)]
pub fn chance_in_six(x: u32, dice: &mut DiceBox) -> JsResult<Ts<ChanceRoll>> {
    to_ts(&with_box(dice, |d| crate::dice::chance_in_six(x, d))?)
}

/// "p%": succeeds when d100 ≤ p.
#[wasm_bindgen(js_name = percentChance)]
pub fn percent_chance(p: u32, dice: &mut DiceBox) -> JsResult<Ts<ChanceRoll>> {
    to_ts(&with_box(dice, |d| crate::dice::percent(p, d))?)
}

/// Break a tie among `entrants`, re-rolling among those still tied.
#[wasm_bindgen(js_name = rollOff)]
pub fn roll_off(
    entrants: u32,
    config: Option<Ts<RollOffConfig>>,
    dice: &mut DiceBox,
) -> JsResult<Ts<RollOff>> {
    let config = config
        .map(|c| from_ts(c, "roll-off config"))
        .transpose()?
        .unwrap_or_default();
    to_ts(&with_box(dice, |d| {
        crate::dice::roll_off(entrants, &config, d)
    })?)
}

/// An A5E countdown pool (A5E-COUNT).
#[wasm_bindgen(js_name = CountdownPool)]
pub struct CountdownPool {
    inner: Countdown,
}

#[wasm_bindgen(js_class = CountdownPool)]
impl CountdownPool {
    #[wasm_bindgen(constructor)]
    pub fn new(
        dice: u32,
        speed: Ts<CountdownSpeed>,
        unstoppable: Option<bool>,
    ) -> JsResult<CountdownPool> {
        let speed = from_ts(speed, "countdown speed")?;
        let mut inner = js(Countdown::new(dice, speed))?;
        if unstoppable == Some(true) {
            inner = inner.unstoppable();
        }
        Ok(CountdownPool { inner })
    }

    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(state: Ts<Countdown>) -> JsResult<CountdownPool> {
        Ok(CountdownPool {
            inner: from_ts(state, "countdown")?,
        })
    }

    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> JsResult<Ts<Countdown>> {
        to_ts(&self.inner)
    }

    pub fn roll(&mut self, dice: &mut DiceBox) -> JsResult<Ts<CountdownRoll>> {
        let inner = &mut self.inner;
        to_ts(&with_box(dice, |d| inner.roll(d))?)
    }

    #[wasm_bindgen(js_name = addDice)]
    pub fn add_dice(&mut self, count: u32) -> JsResult<()> {
        js(self.inner.add_dice(count))
    }

    /// Returns true when the pool is now empty.
    #[wasm_bindgen(js_name = removeDice)]
    pub fn remove_dice(&mut self, count: u32) -> JsResult<bool> {
        js(self.inner.remove_dice(count))
    }

    pub fn stop(&mut self) -> JsResult<()> {
        js(self.inner.stop())
    }

    pub fn dice(&self) -> u32 {
        self.inner.dice()
    }
    pub fn rolls(&self) -> u32 {
        self.inner.rolls()
    }
    pub fn expired(&self) -> bool {
        self.inner.is_expired()
    }
    pub fn stopped(&self) -> bool {
        self.inner.is_stopped()
    }
}
