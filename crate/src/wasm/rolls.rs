//! The dice module's rolls: the notation slots the facade caches parsed notations in, rolls
//! and totals of notations (with `@path` data too), `ParsedNotation` (parse once, roll many) and
//! the rule helpers (roll twice, chances, roll-offs, countdowns). Detailed rolls come back packed
//! (`wasm::packed`). Only the dice module (`dice_bg.wasm`) has them, exported through
//! `wasm::dice_abi`: both entries' stand-alone dice roll there, so the core module carries no
//! second copy of the notation engine (issue 38). What core objects roll with is a
//! [`DiceBox`] lent across as words (`crate::dice::transfer`).

use std::cell::RefCell;

use super::dice::{DiceBox, input};
use super::packed::{roll_and_texts_packed, roll_packed, texts_packed};
use super::{JsResult, js, write_json};
use crate::dice::data::{DataOptions, DataTable};
use crate::dice::{
    ChanceRoll, Countdown, CountdownRoll, CountdownSpeed, CryptoDice, DiceSource, DieRoller,
    DieSize, Expression, Keep, RollOff, RollOffConfig, TwiceRoll,
};
use crate::error::Error;

/// Totals are kept within ±(2^53 − 1) by the engine, so the conversion is exact.
fn total_to_js(total: i64) -> f64 {
    total as f64
}

/// Slots for the parsed notations the facade (js-package/src/core/dice.ts) caches by their
/// exact text, so `roll("1d20+5")` rolled again skips the parser and the rendering of the
/// normalized texts. The facade decides which text goes in which slot, keeps the texts, and
/// replaces the oldest entry when all slots are used; this side holds only the parsed
/// expressions. A slot holds nothing but what parsing gives (never dice state), and a parse error
/// leaves it unchanged, so results, errors and dice streams are exactly those of parsing every
/// time. The bound keeps the memory small: 32 expressions of notations of at most 1,000 chars.
pub const NOTATION_SLOTS: u32 = 32;

thread_local! {
    static SLOTS: RefCell<Vec<Option<Expression>>> = const { RefCell::new(Vec::new()) };
}

#[inline(never)]
fn slot_error(slot: u32) -> Error {
    Error::invalid_argument(format!(
        "notation slot {slot} is empty or not below {NOTATION_SLOTS}"
    ))
}

/// Run `f` on the expression parsed into `slot`.
fn with_slot<T>(slot: u32, f: impl FnOnce(&Expression) -> crate::Result<T>) -> crate::Result<T> {
    SLOTS.with(|cell| {
        let slots = cell.try_borrow().map_err(|_| slot_error(slot))?;
        let expr = slots
            .get(slot as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| slot_error(slot))?;
        f(expr)
    })
}

/// Parse `notation` into `slot` (replacing what it held; on an error the slot is unchanged) and
/// return the address of its texts in the packed buffer (`wasm::packed`).
pub fn parse_into_slot(slot: u32, notation: &str) -> JsResult<usize> {
    if slot >= NOTATION_SLOTS {
        return js(Err(slot_error(slot)));
    }
    let expr = js(Expression::parse(notation))?;
    let at = js(texts_packed(&expr, Some(notation)))?;
    js(store(slot, expr))?;
    Ok(at)
}

/// Keep `expr` in `slot` (which the caller has checked).
fn store(slot: u32, expr: Expression) -> crate::Result<()> {
    SLOTS.with(|cell| {
        let mut slots = cell.try_borrow_mut().map_err(|_| slot_error(slot))?;
        let index = slot as usize;
        if slots.len() <= index {
            slots.resize(index.saturating_add(1), None);
        }
        if let Some(place) = slots.get_mut(index) {
            *place = Some(expr);
        }
        Ok(())
    })
}

/// A notation the facade has not cached: parse it, roll it with every die into the packed
/// buffer followed by its texts, and only then keep it in `slot` (on any error the slot is
/// unchanged). Returns the buffer's address. One call instead of parsing and rolling apart.
pub fn roll_text(slot: u32, notation: &str, dice: &mut DiceBox) -> JsResult<usize> {
    js(parse_roll_keep(slot, notation, dice))
}

/// A notation the facade has not cached, total only: parse, roll, and only then keep it in
/// `slot` (on any error the slot is unchanged).
pub fn total_text(slot: u32, notation: &str, dice: &mut DiceBox) -> JsResult<f64> {
    js(parse_total_keep(slot, notation, dice)).map(total_to_js)
}

// The hot calls below return a plain number and keep their error for `takeDiceError`: a
// function that can throw returns three values to JavaScript, which arrive as an array made
// for every call (measurable next to a roll of a few dice).

thread_local! {
    /// The error of the last hot call that failed, until taken.
    static LAST_ERROR: RefCell<Option<Error>> = const { RefCell::new(None) };
    /// Where the facade writes an ASCII notation for `rollInput` and `totalInput`, saving an
    /// allocation and a call per notation. Its length never changes, so its address is fixed.
    static INPUT: RefCell<Vec<u8>> = RefCell::new(vec![0; INPUT_BYTES]);
    /// Where [`roll_faces`] leaves its faces (a fixed address, like [`INPUT`]).
    static FACES: RefCell<[u32; FACES_MAX]> = const { RefCell::new([0; FACES_MAX]) };
    /// The crypto source of [`roll_crypto_faces`].
    static CRYPTO: RefCell<CryptoDice> = RefCell::new(CryptoDice::new());
}

/// The most dice [`roll_faces`] rolls in one call: the facade reads notations of up to this
/// many dice itself (`js-package/src/core/quick.ts`); bigger pools keep their dice packed.
pub const FACES_MAX: usize = 16;

/// Bytes of [`INPUT`]: the facade sends at most this much of a notation (longer ones are over
/// the 1,000-character limit however they are spelt).
pub const INPUT_BYTES: usize = 4000;

/// Keep `error` for [`take_dice_error`]; returns `failed`, the call's failure value.
pub(super) fn fail<T>(error: Error, failed: T) -> T {
    keep_error(error);
    failed
}

/// [`fail`]'s work, once rather than in every caller's copy of it.
#[inline(never)]
fn keep_error(error: Error) {
    LAST_ERROR.with(|e| {
        if let Ok(mut slot) = e.try_borrow_mut() {
            *slot = Some(error);
        }
    });
}

/// Throw the error of the last hot dice call that returned its failure value (0 for an
/// address, NaN for a total); nothing when there is none.
pub fn take_dice_error() -> JsResult<()> {
    match LAST_ERROR.with(|e| e.try_borrow_mut().ok().and_then(|mut slot| slot.take())) {
        Some(error) => js(Err(error)),
        None => Ok(()),
    }
}

/// The address of the input buffer (fixed for the instance's life).
pub fn input_buffer() -> usize {
    INPUT.with(|b| b.try_borrow().map_or(0, |b| b.as_ptr() as usize))
}

/// Run `f` on the first `len` bytes of the input buffer as text.
fn with_input<T>(len: usize, f: impl FnOnce(&str) -> crate::Result<T>) -> crate::Result<T> {
    INPUT.with(|b| {
        let bytes = b
            .try_borrow()
            .map_err(|_| Error::invalid_argument("input busy"))?;
        let text = bytes
            .get(..len)
            .and_then(|b| core::str::from_utf8(b).ok())
            .ok_or_else(|| Error::invalid_argument("notation input is not text"))?;
        f(text)
    })
}

/// Roll the notation in `slot` with every die into the packed buffer; returns its address, or
/// 0 with the error kept for `takeDiceError`.
pub fn roll_slot(slot: u32, dice: &mut DiceBox) -> usize {
    with_slot(slot, |expr| roll_packed(expr, &mut dice.source)).unwrap_or_else(|e| fail(e, 0))
}

/// Roll the notation in `slot`, total only; NaN with the error kept for `takeDiceError`.
pub fn total_slot(slot: u32, dice: &mut DiceBox) -> f64 {
    with_slot(slot, |expr| expr.roll_total(&mut dice.source))
        .map_or_else(|e| fail(e, f64::NAN), total_to_js)
}

/// [`roll_text`] for the notation the facade wrote into the input buffer (`len` bytes): 0 with
/// the error kept for `takeDiceError` on failure.
pub fn roll_input(slot: u32, len: usize, dice: &mut DiceBox) -> usize {
    with_input(len, |text| parse_roll_keep(slot, text, dice)).unwrap_or_else(|e| fail(e, 0))
}

/// `count` faces of dice with `sides` sides from `dice` (seeded or crypto), in roll order, for
/// the facade's own reading of the simplest notations (`4d6kh3+2`: one call and a few numbers
/// instead of the packed result, js-package/src/core/quick.ts). A seeded box moves exactly as
/// when the core rolls the same notation, because the core draws a pool's faces through the
/// same `roll_dice`. Returns the faces' address, or 0 with the error kept for `takeDiceError`
/// (nothing is drawn then).
pub fn roll_faces(sides: u32, count: usize, dice: &mut DiceBox) -> usize {
    faces_into(count, |out| match &mut dice.source {
        // Supplied faces can run out or fail their die part-way: draw from a copy.
        DiceSource::Supplied(supplied) => {
            let mut drawn = supplied.clone();
            drawn.roll_dice(sides, out)?;
            *supplied = drawn;
            Ok(())
        }
        // A seeded or crypto source checks the die before drawing anything, and can fail
        // after that only when the platform has no random source (crypto: nothing anyone can
        // replay is lost).
        source => source.roll_dice(sides, out),
    })
}

/// [`roll_faces`] from the module's own crypto source: what `roll(notation)` without options
/// uses, so the commonest roll passes no box (and skips the glue's check of one).
pub fn roll_crypto_faces(sides: u32, count: usize) -> usize {
    faces_into(count, |out| {
        CRYPTO.with(|c| {
            c.try_borrow_mut()
                .map_err(|_| Error::invalid_argument("crypto dice busy"))?
                .roll_dice(sides, out)
        })
    })
}

/// `count` faces drawn by `draw` into [`FACES`]: their address, or 0 with the error kept.
fn faces_into(count: usize, draw: impl FnOnce(&mut [u32]) -> crate::Result<()>) -> usize {
    FACES
        .with(|f| {
            let mut faces = f
                .try_borrow_mut()
                .map_err(|_| Error::invalid_argument("faces busy"))?;
            let out = faces.get_mut(..count).ok_or_else(|| {
                Error::invalid_argument(format!("at most {FACES_MAX} faces at a time"))
            })?;
            draw(out)?;
            Ok(faces.as_ptr() as usize)
        })
        .unwrap_or_else(|e| fail(e, 0))
}

/// [`total_text`] for the notation in the input buffer: NaN with the error kept on failure.
pub fn total_input(slot: u32, len: usize, dice: &mut DiceBox) -> f64 {
    with_input(len, |text| parse_total_keep(slot, text, dice))
        .map_or_else(|e| fail(e, f64::NAN), total_to_js)
}

/// A formula with `@path` data: `paths` are the paths the facade found in it, one per line,
/// `values` and `texts` theirs (see `dice::data::DataTable`), `missing` the text for a path with
/// no value (Foundry's option; `None`: such a path is an error).
/// Parses and rolls with every die into the packed buffer followed by its texts; returns its
/// address. Such formulas are not kept in a slot (their numbers depend on the data).
pub fn roll_data(
    notation: &str,
    paths: &str,
    values: &[f64],
    texts: &str,
    missing: Option<String>,
    dice: &mut DiceBox,
) -> JsResult<usize> {
    let expr = js(parse_data(
        notation,
        paths,
        values,
        texts,
        missing.as_deref(),
    ))?;
    js(roll_and_texts_packed(&expr, &mut dice.source, notation))
}

/// [`roll_data`], total only.
pub fn total_data(
    notation: &str,
    paths: &str,
    values: &[f64],
    texts: &str,
    missing: Option<String>,
    dice: &mut DiceBox,
) -> JsResult<f64> {
    let expr = js(parse_data(
        notation,
        paths,
        values,
        texts,
        missing.as_deref(),
    ))?;
    js(expr.roll_total(&mut dice.source)).map(total_to_js)
}

/// A formula parsed with the facade's table of its data.
fn parse_data(
    notation: &str,
    paths: &str,
    values: &[f64],
    texts: &str,
    missing: Option<&str>,
) -> crate::Result<Expression> {
    Expression::parse_with_data_options(
        notation,
        &DataTable {
            paths,
            values,
            texts,
        },
        DataOptions { missing },
    )
}

fn parse_roll_keep(slot: u32, notation: &str, dice: &mut DiceBox) -> crate::Result<usize> {
    if slot >= NOTATION_SLOTS {
        return Err(slot_error(slot));
    }
    let expr = Expression::parse(notation)?;
    let at = roll_and_texts_packed(&expr, &mut dice.source, notation)?;
    store(slot, expr)?;
    Ok(at)
}

fn parse_total_keep(slot: u32, notation: &str, dice: &mut DiceBox) -> crate::Result<i64> {
    if slot >= NOTATION_SLOTS {
        return Err(slot_error(slot));
    }
    let expr = Expression::parse(notation)?;
    let total = expr.roll_total(&mut dice.source)?;
    store(slot, expr)?;
    Ok(total)
}

/// Roll with the given box (the facade passes a shared crypto box when the caller gives none).
fn with_box<T>(
    dice: &mut DiceBox,
    f: impl FnOnce(&mut dyn DieRoller) -> crate::Result<T>,
) -> JsResult<T> {
    js(f(&mut dice.source))
}

/// Notation parsed once: the fast path for rolling the same expression many times.
pub struct ParsedNotation {
    expr: Expression,
}
impl ParsedNotation {
    pub fn parse(notation: &str) -> JsResult<ParsedNotation> {
        Ok(ParsedNotation {
            expr: js(Expression::parse(notation))?,
        })
    }

    /// Parse a formula with `@path` data (see [`roll_data`]).
    pub fn parse_data(
        notation: &str,
        paths: &str,
        values: &[f64],
        texts: &str,
        missing: Option<String>,
    ) -> JsResult<ParsedNotation> {
        Ok(ParsedNotation {
            expr: js(parse_data(
                notation,
                paths,
                values,
                texts,
                missing.as_deref(),
            ))?,
        })
    }

    /// The texts of every roll of this expression, in the packed buffer; returns its address
    /// (see `wasm::packed`).
    pub fn texts(&self) -> JsResult<usize> {
        js(texts_packed(&self.expr, None))
    }

    /// Roll with every die into the packed buffer; returns its address (see `wasm::packed`),
    /// or 0 with the error kept for `takeDiceError`.
    pub fn roll_packed(&self, dice: &mut DiceBox) -> usize {
        roll_packed(&self.expr, &mut dice.source).unwrap_or_else(|e| fail(e, 0))
    }

    /// The total; NaN with the error kept for `takeDiceError`. Inlined into the dice module's
    /// export (see the note in `dice::eval`); the core's export is wasm-bindgen's own function.
    #[inline]
    pub fn total(&self, dice: &mut DiceBox) -> f64 {
        self.expr
            .roll_total(&mut dice.source)
            .map_or_else(|e| fail(e, f64::NAN), total_to_js)
    }
}

/// GH-DICE-04 and advantage: roll one die twice, keep the higher or the lower.
pub fn roll_twice(die: &str, keep: &str, dice: &mut DiceBox) -> JsResult<String> {
    let die: DieSize = js(input(die, "die size"))?;
    let keep: Keep = js(input(keep, "keep"))?;
    let roll: TwiceRoll = with_box(dice, |d| crate::dice::roll_twice(die, keep, d))?;
    js(write_json(&roll))
}

/// "X-in-6": succeeds when 1d6 ≤ x.
pub fn chance_in_six(x: u32, dice: &mut DiceBox) -> JsResult<String> {
    let roll: ChanceRoll = with_box(dice, |d| crate::dice::chance_in_six(x, d))?;
    js(write_json(&roll))
}

/// "p%": succeeds when d100 ≤ p.
pub fn percent_chance(p: u32, dice: &mut DiceBox) -> JsResult<String> {
    let roll: ChanceRoll = with_box(dice, |d| crate::dice::percent(p, d))?;
    js(write_json(&roll))
}

/// Break a tie among `entrants`, re-rolling among those still tied.
pub fn roll_off(entrants: u32, config: &str, dice: &mut DiceBox) -> JsResult<String> {
    let config: Option<RollOffConfig> = js(input(config, "roll-off config"))?;
    let config = config.unwrap_or_default();
    let roll: RollOff = with_box(dice, |d| crate::dice::roll_off(entrants, &config, d))?;
    js(write_json(&roll))
}

/// An A5E countdown pool (A5E-COUNT).
pub struct CountdownPool {
    inner: Countdown,
}
impl CountdownPool {
    pub fn new(dice: u32, speed: &str, unstoppable: Option<bool>) -> JsResult<CountdownPool> {
        let speed: CountdownSpeed = js(input(speed, "countdown speed"))?;
        let mut inner = js(Countdown::new(dice, speed))?;
        if unstoppable == Some(true) {
            inner = inner.unstoppable();
        }
        Ok(CountdownPool { inner })
    }
    pub fn from_json(state: &str) -> JsResult<CountdownPool> {
        Ok(CountdownPool {
            inner: js(input(state, "countdown"))?,
        })
    }
    pub fn to_json(&self) -> JsResult<String> {
        js(write_json(&self.inner))
    }

    pub fn roll(&mut self, dice: &mut DiceBox) -> JsResult<String> {
        let inner = &mut self.inner;
        let roll: CountdownRoll = with_box(dice, |d| inner.roll(d))?;
        js(write_json(&roll))
    }
    pub fn add_dice(&mut self, count: u32) -> JsResult<()> {
        js(self.inner.add_dice(count))
    }

    /// Returns true when the pool is now empty.
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

#[cfg(test)]
mod tests {
    use super::super::dice::check_supplied;
    use super::*;
    use crate::dice::SeededDice;
    use crate::dice::limits::MAX_SUPPLIED_FACES;
    use crate::error::ErrorCode;

    fn taken_error() -> Option<Error> {
        LAST_ERROR.with(|e| e.borrow_mut().take())
    }

    fn faces_at(at: usize, count: usize) -> Vec<u32> {
        FACES.with(|f| {
            let faces = f.borrow();
            assert_eq!(at, faces.as_ptr() as usize);
            faces[..count].to_vec()
        })
    }

    /// The facade's own reading of simple notations relies on this: the faces and the stream
    /// afterwards are those of the core rolling the same pool.
    #[test]
    fn roll_faces_draws_what_the_core_draws() {
        let mut quick = DiceBox::new(Some(77.0)).unwrap();
        let mut core = SeededDice::new(77).unwrap();
        let at = roll_faces(6, 4, &mut quick);
        let rolled = Expression::parse("4d6kh3")
            .unwrap()
            .roll(&mut core)
            .unwrap();
        assert_eq!(faces_at(at, 4), rolled.faces());
        assert_eq!(quick.source.seed_state(), Some(core.state()));
    }

    #[test]
    fn a_box_of_more_supplied_faces_than_the_limit_is_refused() {
        // (The refusal itself is a JS error, which only a wasm build can make: the dice
        // module's `dice_words` test and tests/js/dice.test.mjs see it.)
        let at_limit = DiceBox::supplied(vec![1; MAX_SUPPLIED_FACES]).unwrap();
        assert_eq!(at_limit.kind(), "supplied");
        let error = check_supplied(MAX_SUPPLIED_FACES + 1).unwrap_err();
        assert_eq!(error.code, ErrorCode::LimitExceeded);
        assert_eq!(
            error.message,
            "1000001 faces supplied; a list holds at most 1000000"
        );
    }

    #[test]
    fn roll_faces_refuses_without_drawing() {
        let mut seeded = DiceBox::new(Some(5.0)).unwrap();
        let before = seeded.source.seed_state();
        assert_eq!(roll_faces(6, FACES_MAX + 1, &mut seeded), 0);
        assert_eq!(
            taken_error().map(|e| e.code),
            Some(ErrorCode::InvalidArgument)
        );
        assert_eq!(roll_faces(0, 2, &mut seeded), 0);
        assert_eq!(roll_faces(2_000_000, 2, &mut seeded), 0);
        assert_eq!(
            taken_error().map(|e| e.code),
            Some(ErrorCode::NotationLimit)
        );
        assert_eq!(seeded.source.seed_state(), before);

        // Supplied faces: a bad third face leaves all of them to be read again.
        let mut supplied = DiceBox::supplied(vec![3, 4, 9, 1]).unwrap();
        assert_eq!(roll_faces(6, 3, &mut supplied), 0);
        assert_eq!(taken_error().map(|e| e.code), Some(ErrorCode::InvalidFace));
        let at = roll_faces(10, 4, &mut supplied);
        assert_eq!(faces_at(at, 4), [3, 4, 9, 1]);
    }

    #[test]
    fn roll_crypto_faces_draws_faces_of_the_die_and_refuses_like_roll_faces() {
        let at = roll_crypto_faces(20, 16);
        assert_ne!(at, 0);
        let faces = faces_at(at, 16);
        assert!(faces.iter().all(|f| (1..=20).contains(f)), "{faces:?}");
        assert_eq!(roll_crypto_faces(20, FACES_MAX + 1), 0);
        assert_eq!(
            taken_error().map(|e| e.code),
            Some(ErrorCode::InvalidArgument)
        );
        assert_eq!(roll_crypto_faces(0, 1), 0);
        assert_eq!(
            taken_error().map(|e| e.code),
            Some(ErrorCode::NotationLimit)
        );
    }

    /// The facade's limits for its own reading are the glue's.
    #[test]
    fn the_facade_reads_at_most_as_many_faces_as_the_glue_rolls() {
        let quick = include_str!("../../../js-package/src/core/quick.ts");
        let packed = include_str!("../../../js-package/src/core/packed.ts");
        assert!(quick.contains(&format!("const MAX_DICE = {FACES_MAX};")));
        assert!(packed.contains(&format!("export const EAGER_DICE = {FACES_MAX};")));
        assert!(quick.contains("const MAX_SIDES = 1_000_000;"));
        assert_eq!(crate::dice::limits::MAX_SIDES, 1_000_000);
    }
}
