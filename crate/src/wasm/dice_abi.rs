//! The dice module's exports (`dice_bg.wasm`: every entry's stand-alone dice), without
//! wasm-bindgen (issue 38). wasm-bindgen's generated JS for this module was as large as the
//! facade's whole dice code; these exports take and return plain numbers only, so their glue
//! (js-package/src/core/dice-module.ts) is a page of code. They wrap the dice of `wasm::rolls`
//! (once the core module's own exports), and lend a box to the core or the procedures module
//! as words ([`dice_box_to_words`], [`dice_box_set_words`]).
//!
//! The conventions, which the glue mirrors:
//! - **Objects** (`DiceBox`, `ParsedNotation`, `CountdownPool`) live in tables here; JS holds a
//!   handle, a number from 1 (0 is never a handle, so it can mean failure). A freed or unknown
//!   handle is `INVALID_ARGUMENT`, never a fault.
//! - **Text in** is written by the glue into one argument buffer ([`dice_args`]), several texts
//!   back to back, and each call is told their byte lengths. Numbers for `@path` data go in
//!   [`dice_numbers`], supplied faces in [`dice_words`].
//! - **Text out** (JSON, a version) is left in one output buffer: a call returns its length in
//!   bytes and [`dice_out`] its address, valid until the next call.
//! - **Errors** are kept (`wasm::rolls::fail`) and the call returns 0 (NaN for a total); the glue
//!   then calls [`dice_take_error`], which writes the error to the output buffer as JSON and
//!   returns its length (0: no error).

use std::cell::RefCell;

use super::dice::{self, DiceBox};
use super::rolls::{self, CountdownPool, ParsedNotation, fail};
use crate::dice::{DieRoller, SourceKind};
use crate::error::{Error, ErrorCode};

/// Objects JS holds by handle: slot `h - 1` holds handle `h`; freed slots are reused.
struct Table<T> {
    items: Vec<Option<T>>,
    free: Vec<u32>,
}

impl<T> Table<T> {
    const fn new() -> Self {
        Table {
            items: Vec::new(),
            free: Vec::new(),
        }
    }

    /// Hold `item`: its handle, a freed one reused first.
    fn insert(&mut self, item: T) -> crate::Result<u32> {
        if let Some(handle) = self.free.pop()
            && let Some(place) = self.place(handle)
        {
            *place = Some(item);
            return Ok(handle);
        }
        let handle = u32::try_from(self.items.len().saturating_add(1))
            .map_err(|_| Error::new(ErrorCode::LimitExceeded, "too many objects held at once"))?;
        self.items.push(Some(item));
        Ok(handle)
    }

    fn place(&mut self, handle: u32) -> Option<&mut Option<T>> {
        (handle as usize)
            .checked_sub(1)
            .and_then(|i| self.items.get_mut(i))
    }

    fn remove(&mut self, handle: u32) {
        if let Some(place) = self.place(handle)
            && place.take().is_some()
        {
            self.free.push(handle);
        }
    }
}

type Key<T> = &'static std::thread::LocalKey<RefCell<T>>;

#[cold]
#[inline(never)]
fn freed(what: &str) -> Error {
    Error::invalid_argument(format!("this {what} has been freed"))
}

#[cold]
#[inline(never)]
fn busy() -> Error {
    Error::invalid_argument("the dice module is busy with another call")
}

/// Run `f` on the object of `handle` in `table`, borrowed where it is. (JS calls one export at
/// a time and none calls back in, so a table is never borrowed twice; if it were, the call would
/// fail with an error rather than alias.)
fn with<T, R>(
    table: Key<Table<T>>,
    handle: u32,
    what: &str,
    f: impl FnOnce(&mut T) -> crate::Result<R>,
) -> crate::Result<R> {
    table.with(|t| {
        let mut t = t.try_borrow_mut().map_err(|_| busy())?;
        match t.place(handle) {
            Some(Some(item)) => f(item),
            _ => Err(freed(what)),
        }
    })
}

thread_local! {
    static BOXES: RefCell<Table<DiceBox>> = const { RefCell::new(Table::new()) };
    static PARSED: RefCell<Table<ParsedNotation>> = const { RefCell::new(Table::new()) };
    static POOLS: RefCell<Table<CountdownPool>> = const { RefCell::new(Table::new()) };
    /// Text arguments, written by the glue before a call ([`dice_args`]).
    static ARGS: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The values of a formula's `@path` data ([`dice_numbers`]).
    static NUMBERS: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
    /// Supplied faces for a new box ([`dice_words`]).
    static WORDS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The text a call returns ([`dice_out`]).
    static OUT: RefCell<String> = const { RefCell::new(String::new()) };
}

// Crypto dice draw through the glue: without wasm-bindgen, getrandom has no way to reach
// `crypto.getRandomValues` itself, so the build selects its "custom" backend, which calls this.
#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "turnkeeper")]
unsafe extern "C" {
    /// Fill `len` bytes of memory at `at` with `crypto.getRandomValues` (the glue's `random`).
    safe fn random(at: usize, len: usize);
}

/// getrandom's custom backend (selected by `--cfg getrandom_backend="custom"`): the bytes come
/// from the host's `crypto.getRandomValues`, as with wasm-bindgen's own backend.
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
fn __getrandom_v03_custom(dest: *mut u8, len: usize) -> Result<(), getrandom::Error> {
    random(dest as usize, len);
    Ok(())
}

/// Keep the error of `result` for [`dice_take_error`], returning `failed` in its place.
fn kept<T>(result: crate::Result<T>, failed: T) -> T {
    result.unwrap_or_else(|e| fail(e, failed))
}

/// Leave `text` in the output buffer; its length in bytes.
#[inline(never)]
fn out(text: &str) -> u32 {
    OUT.with(|o| {
        let Ok(mut o) = o.try_borrow_mut() else {
            return 0;
        };
        o.clear();
        o.push_str(text);
        u32::try_from(o.len()).unwrap_or(0)
    })
}

/// The text results of a call ([`out`]), or 0 with its error kept.
#[inline(never)]
fn text_out(result: crate::Result<String>) -> u32 {
    match result {
        Ok(text) => out(&text),
        Err(e) => fail(e, 0),
    }
}

/// The argument buffer cut into texts of the byte lengths `lens` (a negative length is a text
/// left out).
#[inline(never)]
fn texts(lens: &[i32]) -> crate::Result<Vec<Option<String>>> {
    ARGS.with(|a| {
        let bytes = a.try_borrow().map_err(|_| busy())?;
        let mut at = 0usize;
        let mut texts = Vec::with_capacity(lens.len());
        for &len in lens {
            let Ok(len) = usize::try_from(len) else {
                texts.push(None);
                continue;
            };
            let end = at.saturating_add(len);
            let piece = bytes
                .get(at..end)
                .and_then(|b| core::str::from_utf8(b).ok())
                .ok_or_else(|| Error::invalid_argument("argument is not text"))?;
            texts.push(Some(piece.to_string()));
            at = end;
        }
        Ok(texts)
    })
}

/// Run `f` on the texts of the byte lengths `lens` in the argument buffer ([`texts`]).
fn with_args<T, const N: usize>(
    lens: [i32; N],
    f: impl FnOnce([Option<&str>; N]) -> crate::Result<T>,
) -> crate::Result<T> {
    let owned = texts(&lens)?;
    let mut args = [None; N];
    for (arg, text) in args.iter_mut().zip(&owned) {
        *arg = text.as_deref();
    }
    f(args)
}

/// One text argument of `len` bytes.
fn with_text<T>(len: i32, f: impl FnOnce(&str) -> crate::Result<T>) -> crate::Result<T> {
    with_args([len], |[text]| f(text.unwrap_or("")))
}

/// Run `f` on the box of `handle`.
fn with_box<T>(handle: u32, f: impl FnOnce(&mut DiceBox) -> crate::Result<T>) -> crate::Result<T> {
    with(&BOXES, handle, "Dice", f)
}

/// Run `f` on the parsed notation of `handle`.
fn with_parsed<T>(
    handle: u32,
    f: impl FnOnce(&mut ParsedNotation) -> crate::Result<T>,
) -> crate::Result<T> {
    with(&PARSED, handle, "Expression", f)
}

/// Run `f` on the countdown pool of `handle`.
fn with_pool<T>(
    handle: u32,
    f: impl FnOnce(&mut CountdownPool) -> crate::Result<T>,
) -> crate::Result<T> {
    with(&POOLS, handle, "Countdown", f)
}

/// Put `item` in `table` and return its handle (0 with the error kept on failure).
#[inline(never)]
fn held<T>(table: Key<Table<T>>, item: crate::Result<T>) -> u32 {
    kept(
        item.and_then(|item| table.with(|t| t.try_borrow_mut().map_err(|_| busy())?.insert(item))),
        0,
    )
}

/// Free the object of `handle` in `table` (nothing when there is none).
fn release<T>(table: Key<Table<T>>, handle: u32) {
    table.with(|t| {
        if let Ok(mut t) = t.try_borrow_mut() {
            t.remove(handle);
        }
    });
}

/// A buffer of `len` zeroed items; its address.
fn buffer<T: Copy + Default>(key: Key<Vec<T>>, len: usize) -> usize {
    key.with(|b| {
        b.try_borrow_mut().map_or(0, |mut b| {
            b.clear();
            b.resize(len, T::default());
            b.as_ptr() as usize
        })
    })
}

// ---- buffers and errors ----------------------------------------------------------------------

/// Make the argument buffer `len` bytes long; its address, where the glue writes the texts.
#[unsafe(no_mangle)]
pub extern "C" fn dice_args(len: usize) -> usize {
    buffer(&ARGS, len)
}

/// Make the data values' buffer `count` numbers long; its address.
#[unsafe(no_mangle)]
pub extern "C" fn dice_numbers(count: usize) -> usize {
    buffer(&NUMBERS, count)
}

/// Make the words buffer `count` words long; its address. It holds supplied faces for a new
/// box, or lent dice coming back ([`dice_box_set_words`]): at most `MAX_SUPPLIED_FACES` faces
/// and the words that go before them (`crate::dice::transfer::HEADER_WORDS`). Past that nothing
/// is allocated: 0, with `LIMIT_EXCEEDED` kept. (A box of supplied faces checks its own count.)
#[unsafe(no_mangle)]
pub extern "C" fn dice_words(count: usize) -> usize {
    match dice::check_supplied(count.saturating_sub(crate::dice::transfer::HEADER_WORDS)) {
        Ok(()) => buffer(&WORDS, count),
        Err(e) => fail(e, 0),
    }
}

/// The address of the output buffer (see the module's notes).
#[unsafe(no_mangle)]
pub extern "C" fn dice_out() -> usize {
    OUT.with(|o| o.try_borrow().map_or(0, |o| o.as_ptr() as usize))
}

/// Take the kept error into the output buffer as the object the core's glue throws (JSON:
/// `{"code":…,"message":…,"position":…,"turnkeeper":true}`, `position` only when there is
/// one); its length, 0 when no call failed.
#[unsafe(no_mangle)]
pub extern "C" fn dice_take_error() -> u32 {
    match rolls::take_dice_error() {
        Ok(()) => 0,
        Err(e) => {
            let position = e
                .position
                .map(|p| format!(",\"position\":{p}"))
                .unwrap_or_default();
            out(&format!(
                "{{\"code\":\"{}\",\"message\":{}{position},\"turnkeeper\":true}}",
                e.code.as_str(),
                crate::wire::to_json(&e.message)
            ))
        }
    }
}

/// The crate version (text out).
#[unsafe(no_mangle)]
pub extern "C" fn dice_version() -> u32 {
    out(&super::version())
}

/// The address of the notation input buffer (`wasm::rolls::input_buffer`).
#[unsafe(no_mangle)]
pub extern "C" fn dice_input_buffer() -> usize {
    rolls::input_buffer()
}

// ---- one-off rolls (wasm::dice's functions of the same names) --------------------------------

#[unsafe(no_mangle)]
pub extern "C" fn dice_parse_into_slot(slot: u32, len: i32) -> usize {
    kept(with_text(len, |text| rolls::parse_into_slot(slot, text)), 0)
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_roll_text(slot: u32, len: i32, dice: u32) -> usize {
    kept(
        with_text(len, |text| {
            with_box(dice, |b| rolls::roll_text(slot, text, b))
        }),
        0,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_total_text(slot: u32, len: i32, dice: u32) -> f64 {
    kept(
        with_text(len, |text| {
            with_box(dice, |b| rolls::total_text(slot, text, b))
        }),
        f64::NAN,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_roll_slot(slot: u32, dice: u32) -> usize {
    kept(with_box(dice, |b| Ok(rolls::roll_slot(slot, b))), 0)
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_total_slot(slot: u32, dice: u32) -> f64 {
    kept(with_box(dice, |b| Ok(rolls::total_slot(slot, b))), f64::NAN)
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_roll_input(slot: u32, len: usize, dice: u32) -> usize {
    kept(with_box(dice, |b| Ok(rolls::roll_input(slot, len, b))), 0)
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_total_input(slot: u32, len: usize, dice: u32) -> f64 {
    kept(
        with_box(dice, |b| Ok(rolls::total_input(slot, len, b))),
        f64::NAN,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_roll_faces(sides: u32, count: usize, dice: u32) -> usize {
    kept(
        with_box(dice, |b| Ok(rolls::roll_faces(sides, count, b))),
        0,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_roll_crypto_faces(sides: u32, count: usize) -> usize {
    rolls::roll_crypto_faces(sides, count)
}

/// `wasm::rolls::roll_data`: the notation, paths, texts and `missing` texts (length −1: none)
/// in the argument buffer, the values in [`dice_numbers`].
#[unsafe(no_mangle)]
pub extern "C" fn dice_roll_data(
    notation: i32,
    paths: i32,
    texts: i32,
    missing: i32,
    dice: u32,
) -> usize {
    kept(
        with_data([notation, paths, texts, missing], |n, p, v, t, m| {
            with_box(dice, |b| rolls::roll_data(n, p, v, t, m, b))
        }),
        0,
    )
}

/// `wasm::rolls::total_data`, with its arguments as [`dice_roll_data`]'s.
#[unsafe(no_mangle)]
pub extern "C" fn dice_total_data(
    notation: i32,
    paths: i32,
    texts: i32,
    missing: i32,
    dice: u32,
) -> f64 {
    kept(
        with_data([notation, paths, texts, missing], |n, p, v, t, m| {
            with_box(dice, |b| rolls::total_data(n, p, v, t, m, b))
        }),
        f64::NAN,
    )
}

/// The arguments of a formula with data: the texts in the argument buffer and the values.
fn with_data<T>(
    lens: [i32; 4],
    f: impl FnOnce(&str, &str, &[f64], &str, Option<String>) -> crate::Result<T>,
) -> crate::Result<T> {
    NUMBERS.with(|v| {
        let values = v.try_borrow().map_err(|_| busy())?;
        with_args(lens, |[notation, paths, texts, missing]| {
            f(
                notation.unwrap_or(""),
                paths.unwrap_or(""),
                &values,
                texts.unwrap_or(""),
                missing.map(str::to_string),
            )
        })
    })
}

// ---- DiceBox ---------------------------------------------------------------------------------

/// A seeded box when `seeded` is 1 (`seed` its seed), else the crypto source: its handle.
#[unsafe(no_mangle)]
pub extern "C" fn dice_box_new(seeded: u32, seed: f64) -> u32 {
    held(&BOXES, DiceBox::new((seeded == 1).then_some(seed)))
}

/// A box playing back the faces in [`dice_words`].
#[unsafe(no_mangle)]
pub extern "C" fn dice_box_supplied() -> u32 {
    let faces = WORDS.with(|w| w.try_borrow().map(|w| w.clone()).unwrap_or_default());
    held(&BOXES, DiceBox::supplied(faces))
}

/// A seeded box from its saved state (JSON text in the argument buffer).
#[unsafe(no_mangle)]
pub extern "C" fn dice_box_from_state(len: i32) -> u32 {
    held(&BOXES, with_text(len, DiceBox::from_state))
}

/// The saved state (JSON text out).
#[unsafe(no_mangle)]
pub extern "C" fn dice_box_state(dice: u32) -> u32 {
    text_out(with_box(dice, |b| b.state()))
}

/// This box as words (`crate::dice::transfer`), for the main entry to lend it to the core or
/// the procedures module: the address of the words buffer, which holds their count and then the
/// words (0 with the error kept).
#[unsafe(no_mangle)]
pub extern "C" fn dice_box_to_words(dice: u32) -> usize {
    kept(
        with_box(dice, |b| {
            WORDS.with(|w| {
                let mut w = w.try_borrow_mut().map_err(|_| busy())?;
                w.clear();
                w.push(0);
                b.source.write_words(&mut w);
                let count = u32::try_from(w.len().saturating_sub(1)).unwrap_or(u32::MAX);
                if let Some(first) = w.first_mut() {
                    *first = count;
                }
                Ok(w.as_ptr() as usize)
            })
        }),
        0,
    )
}

/// Take back what another module rolled with this box: it continues from the words the glue
/// wrote into [`dice_words`]. 1; 0 with the error kept and the box unchanged when the words
/// are malformed.
#[unsafe(no_mangle)]
pub extern "C" fn dice_box_set_words(dice: u32) -> u32 {
    kept(
        with_box(dice, |b| {
            WORDS.with(|w| {
                let words = w.try_borrow().map_err(|_| busy())?;
                b.set_words(&words).map(|()| 1)
            })
        }),
        0,
    )
}

/// 1 seeded, 2 crypto, 3 supplied (0: no such box).
#[unsafe(no_mangle)]
pub extern "C" fn dice_box_kind(dice: u32) -> u32 {
    kept(
        with_box(dice, |b| {
            Ok(match b.source.kind() {
                SourceKind::Seeded => 1,
                SourceKind::Crypto => 2,
                SourceKind::Supplied => 3,
            })
        }),
        0,
    )
}

/// One face (0 with the error kept).
#[unsafe(no_mangle)]
pub extern "C" fn dice_box_roll_die(dice: u32, sides: u32) -> u32 {
    kept(with_box(dice, |b| b.roll_die(sides)), 0)
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_box_free(dice: u32) {
    release(&BOXES, dice);
}

// ---- ParsedNotation --------------------------------------------------------------------------

#[unsafe(no_mangle)]
pub extern "C" fn dice_parsed_parse(len: i32) -> u32 {
    held(&PARSED, with_text(len, ParsedNotation::parse))
}

/// A formula with data, its arguments as [`dice_roll_data`]'s.
#[unsafe(no_mangle)]
pub extern "C" fn dice_parsed_parse_data(
    notation: i32,
    paths: i32,
    texts: i32,
    missing: i32,
) -> u32 {
    held(
        &PARSED,
        with_data([notation, paths, texts, missing], |n, p, v, t, m| {
            ParsedNotation::parse_data(n, p, v, t, m)
        }),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_parsed_texts(parsed: u32) -> usize {
    kept(with_parsed(parsed, |p| p.texts()), 0)
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_parsed_roll(parsed: u32, dice: u32) -> usize {
    kept(
        with_parsed(parsed, |p| with_box(dice, |b| Ok(p.roll_packed(b)))),
        0,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_parsed_total(parsed: u32, dice: u32) -> f64 {
    kept(
        with_parsed(parsed, |p| with_box(dice, |b| Ok(p.total(b)))),
        f64::NAN,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_parsed_free(parsed: u32) {
    release(&PARSED, parsed);
}

// ---- rule helpers (JSON text in and out, as the core module's) -------------------------------

/// Roll twice: the die and keep (JSON texts) in the argument buffer.
#[unsafe(no_mangle)]
pub extern "C" fn dice_roll_twice(die: i32, keep: i32, dice: u32) -> u32 {
    text_out(with_args([die, keep], |[d, k]| {
        with_box(dice, |b| {
            rolls::roll_twice(d.unwrap_or(""), k.unwrap_or(""), b)
        })
    }))
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_chance_in_six(x: u32, dice: u32) -> u32 {
    text_out(with_box(dice, |b| rolls::chance_in_six(x, b)))
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_percent_chance(p: u32, dice: u32) -> u32 {
    text_out(with_box(dice, |b| rolls::percent_chance(p, b)))
}

/// A roll-off: the config (JSON text) in the argument buffer.
#[unsafe(no_mangle)]
pub extern "C" fn dice_roll_off(entrants: u32, config: i32, dice: u32) -> u32 {
    text_out(with_text(config, |c| {
        with_box(dice, |b| rolls::roll_off(entrants, c, b))
    }))
}

// ---- CountdownPool ---------------------------------------------------------------------------

/// A pool of `dice` d6s: the speed (JSON text) in the argument buffer; `unstoppable` 1, 0, or
/// anything else for not given.
#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_new(dice: u32, speed: i32, unstoppable: u32) -> u32 {
    let unstoppable = match unstoppable {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    };
    held(
        &POOLS,
        with_text(speed, |s| CountdownPool::new(dice, s, unstoppable)),
    )
}

/// A pool from its saved state (JSON text in the argument buffer).
#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_from_json(len: i32) -> u32 {
    held(&POOLS, with_text(len, CountdownPool::from_json))
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_to_json(pool: u32) -> u32 {
    text_out(with_pool(pool, |p| p.to_json()))
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_roll(pool: u32, dice: u32) -> u32 {
    text_out(with_pool(pool, |p| with_box(dice, |b| p.roll(b))))
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_add_dice(pool: u32, count: u32) {
    kept(with_pool(pool, |p| p.add_dice(count)), ());
}

/// Whether the pool is now empty (0 also with an error kept).
#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_remove_dice(pool: u32, count: u32) -> u32 {
    kept(with_pool(pool, |p| p.remove_dice(count)).map(u32::from), 0)
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_stop(pool: u32) {
    kept(with_pool(pool, |p| p.stop()), ());
}

/// The pool's dice, rolls, and whether it has expired or stopped, by `which` (0–3).
#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_read(pool: u32, which: u32) -> u32 {
    kept(
        with_pool(pool, |p| {
            Ok(match which {
                0 => p.dice(),
                1 => p.rolls(),
                2 => u32::from(p.expired()),
                _ => u32::from(p.stopped()),
            })
        }),
        0,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn dice_pool_free(pool: u32) {
    release(&POOLS, pool);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taken() -> Option<String> {
        let len = dice_take_error() as usize;
        (len > 0).then(|| OUT.with(|o| o.borrow().get(..len).unwrap_or("").to_string()))
    }

    fn write_args(text: &str) -> i32 {
        ARGS.with(|a| {
            let mut a = a.borrow_mut();
            a.clear();
            a.extend_from_slice(text.as_bytes());
        });
        i32::try_from(text.len()).unwrap()
    }

    #[test]
    fn supplied_faces_past_the_limit_are_refused_before_the_buffer_is_made() {
        use crate::dice::limits::MAX_SUPPLIED_FACES;
        assert_ne!(dice_words(3), 0);
        assert_eq!(taken(), None);
        let before = WORDS.with(|w| w.borrow().capacity());
        // Room for the most faces and the words lent dice carry before them, and no more.
        assert_eq!(dice_words(MAX_SUPPLIED_FACES + 4), 0);
        let error = taken().unwrap();
        assert!(error.contains(r#""code":"LIMIT_EXCEEDED""#), "{error}");
        assert!(
            error.contains("1000001 faces supplied; a list holds at most 1000000"),
            "{error}"
        );
        assert_eq!(
            WORDS.with(|w| w.borrow().capacity()),
            before,
            "nothing allocated"
        );
        // A box is refused one face past the limit, by its own check…
        assert_ne!(dice_words(MAX_SUPPLIED_FACES + 1), 0);
        assert_eq!(dice_box_supplied(), 0);
        assert!(taken().unwrap().contains("1000001 faces supplied"));
        // …and at the limit the buffer is made and a box plays its faces back.
        assert_ne!(dice_words(MAX_SUPPLIED_FACES), 0);
        WORDS.with(|w| w.borrow_mut().fill(2));
        let b = dice_box_supplied();
        assert!(b >= 1);
        assert_eq!(dice_box_kind(b), 3);
        // Lent with all its faces, it comes back whole (the words buffer takes them).
        let at = dice_box_to_words(b);
        assert_ne!(at, 0);
        let words = WORDS.with(|w| w.borrow().clone());
        assert_eq!(
            words.first().copied(),
            u32::try_from(MAX_SUPPLIED_FACES + 3).ok()
        );
        assert_ne!(dice_words(MAX_SUPPLIED_FACES + 3), 0);
        WORDS.with(|w| w.borrow_mut().copy_from_slice(&words[1..]));
        assert_eq!(dice_box_set_words(b), 1);
        assert_eq!(dice_box_roll_die(b, 2), 2);
        dice_box_free(b);
    }

    #[test]
    fn lent_dice_go_back_and_forth_as_words() {
        use crate::dice::DiceSource;
        // A seeded box lent and rolled elsewhere goes on where the other module left off.
        let b = dice_box_new(1, 77.0);
        let at = dice_box_to_words(b);
        let words = WORDS.with(|w| w.borrow().clone());
        assert_eq!(at, WORDS.with(|w| w.borrow().as_ptr() as usize));
        assert_eq!(words.first(), Some(&5));
        let mut elsewhere = DiceSource::from_words(&words[1..]).unwrap();
        let faces: Vec<u32> = (0..3).map(|_| elsewhere.roll_die(20).unwrap()).collect();
        let back = elsewhere.to_words();
        assert_ne!(dice_words(back.len()), 0);
        WORDS.with(|w| w.borrow_mut().copy_from_slice(&back));
        assert_eq!(dice_box_set_words(b), 1);
        let mut direct = DiceSource::seeded(77).unwrap();
        let expected: Vec<u32> = (0..4).map(|_| direct.roll_die(20).unwrap()).collect();
        assert_eq!(faces, expected[..3]);
        assert_eq!(dice_box_roll_die(b, 20), expected[3]);
        // Malformed words are an error and leave the box as it was.
        assert_ne!(dice_words(2), 0);
        WORDS.with(|w| w.borrow_mut().copy_from_slice(&[9, 9]));
        assert_eq!(dice_box_set_words(b), 0);
        assert!(taken().unwrap().contains("lent dice are malformed"));
        assert_eq!(dice_box_roll_die(b, 20), direct.roll_die(20).unwrap());
        // A freed box lends nothing.
        dice_box_free(b);
        assert_eq!(dice_box_to_words(b), 0);
        assert!(taken().unwrap().contains("freed"));
    }

    #[test]
    fn handles_start_at_one_and_are_reused_after_free() {
        let a = dice_box_new(1, 5.0);
        let b = dice_box_new(0, 0.0);
        assert!(a >= 1 && b >= 1 && a != b);
        dice_box_free(a);
        let c = dice_box_new(1, 6.0);
        assert_eq!(c, a, "the freed slot is reused");
        assert_eq!(dice_box_kind(c), 1);
        assert_eq!(dice_box_kind(b), 2);
        dice_box_free(b);
        dice_box_free(c);
    }

    #[test]
    fn a_freed_or_unknown_handle_is_an_error_not_a_fault() {
        let h = dice_box_new(1, 1.0);
        dice_box_free(h);
        dice_box_free(h);
        assert_eq!(dice_box_roll_die(h, 6), 0);
        let error = taken().unwrap();
        assert_eq!(
            error,
            r#"{"code":"INVALID_ARGUMENT","message":"this Dice has been freed","turnkeeper":true}"#
        );
        assert_eq!(dice_parsed_total(0, 0).to_bits(), f64::NAN.to_bits());
        assert!(taken().is_some());
        assert_eq!(taken(), None, "an error is taken once");
    }

    #[test]
    fn a_seeded_roll_matches_the_core_and_errors_carry_their_position() {
        let h = dice_box_new(1, 42.0);
        let len = write_args("4d6kh3+2");
        let total = dice_total_text(0, len, h);
        let mut core = crate::dice::SeededDice::new(42).unwrap();
        let expected = crate::dice::Expression::parse("4d6kh3+2")
            .unwrap()
            .roll_total(&mut core)
            .unwrap();
        assert_eq!(total, expected as f64);
        let len = write_args("2d6+");
        assert_eq!(dice_total_text(1, len, h).to_bits(), f64::NAN.to_bits());
        let error = taken().unwrap();
        assert_eq!(
            error,
            r#"{"code":"NOTATION_SYNTAX","message":"the notation ends where a number, a die or '(' was expected","position":4,"turnkeeper":true}"#
        );
        dice_box_free(h);
    }

    #[test]
    fn several_texts_share_the_argument_buffer() {
        let len = write_args("\"d20\"\"higher\"");
        assert_eq!(len, 13);
        let h = dice_box_new(1, 3.0);
        let n = dice_roll_twice(5, 8, h) as usize;
        assert!(n > 0, "{:?}", taken());
        let json = OUT.with(|o| o.borrow().clone());
        assert!(json.contains("\"kept\""), "{json}");
        assert_eq!(
            with_args([3, -1, 2], |t| Ok(t.map(|t| t.map(str::len)))).unwrap(),
            [Some(3), None, Some(2)]
        );
        assert!(with_args([100], |_| Ok(())).is_err(), "past the buffer");
        dice_box_free(h);
    }

    #[test]
    fn a_countdown_pool_round_trips_through_its_handle() {
        let speed = write_args("\"fast\"");
        let pool = dice_pool_new(4, speed, 2);
        assert!(pool >= 1, "{:?}", taken());
        assert_eq!(dice_pool_read(pool, 0), 4);
        let h = dice_box_new(1, 9.0);
        assert!(dice_pool_roll(pool, h) > 0);
        assert_eq!(dice_pool_read(pool, 1), 1);
        dice_pool_free(pool);
        assert_eq!(dice_pool_read(pool, 0), 0);
        assert!(taken().unwrap().contains("freed"));
        dice_box_free(h);
    }
}
