//! Field readers for the `procedure` dispatcher's OSE and HYB input (JS values read field by
//! field). They predate the JSON boundary (`crate::wire`); the creature glue no longer uses them,
//! and they go once `procedure` takes JSON text like every other entry. The tests check each
//! reader against serde.

use core::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::{Error, ErrorCode, Result};

/// Most items read from one JS array. Far above every core limit (which the core checks on its
/// own, with its own codes); it only stops a huge array being copied before that check.
pub const MAX_LIST_ITEMS: usize = 4096;

/// A value read field by field: a JS value in the module, a JSON value in the tests.
pub(super) trait Src: Sized {
    fn is_object(&self) -> bool;
    /// The field `key` of an object; `None` when it is missing, `undefined` or `null`.
    fn field(&self, key: &str) -> Option<Self>;
    fn number(&self) -> Option<f64>;
    fn boolean(&self) -> Option<bool>;
    fn text(&self) -> Option<String>;
    /// The items of an array (at most `limit + 1`, so an overlong array is detected cheaply).
    fn items(&self, limit: usize) -> Option<Vec<Self>>;
}

impl Src for JsValue {
    fn is_object(&self) -> bool {
        self.is_object() && !js_sys::Array::is_array(self)
    }

    fn field(&self, key: &str) -> Option<Self> {
        if !Src::is_object(self) {
            return None;
        }
        js_sys::Reflect::get(self, &JsValue::from_str(key))
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    }

    fn number(&self) -> Option<f64> {
        self.as_f64()
    }

    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }

    fn text(&self) -> Option<String> {
        self.as_string()
    }

    fn items(&self, limit: usize) -> Option<Vec<Self>> {
        if !js_sys::Array::is_array(self) {
            return None;
        }
        let array = js_sys::Array::from(self);
        let len = usize::try_from(array.length()).unwrap_or(usize::MAX);
        let take = u32::try_from(len.min(limit.saturating_add(1))).unwrap_or(u32::MAX);
        Some((0..take).map(|i| array.get(i)).collect())
    }
}

/// The first problem found while reading one input. Readers return `None` once something is
/// wrong and note why here, which keeps every field read small (no error value travels back
/// through each call); [`read`] turns the note into the `Err`.
#[derive(Default)]
pub(super) struct Errs(RefCell<Option<Error>>);

impl Errs {
    /// Note `error` (only the first one is kept) and give `None`.
    #[cold]
    #[inline(never)]
    pub(super) fn note<T>(&self, error: Error) -> Option<T> {
        let mut slot = self.0.borrow_mut();
        if slot.is_none() {
            *slot = Some(error);
        }
        None
    }

    /// A core check's result: its value, or `None` with its error noted.
    pub(super) fn core<T>(&self, result: Result<T>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => self.note(error),
        }
    }

    /// `Err` with the noted problem, if there is one.
    #[inline(never)]
    fn check(&self) -> Result<()> {
        match self.0.borrow_mut().take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

/// Read `v` (named `ctx` in errors) with `reader`.
pub(super) fn read<S: Src, T>(
    v: &S,
    ctx: &str,
    reader: impl FnOnce(&S, &str, &Errs) -> Option<T>,
) -> Result<T> {
    let errs = Errs::default();
    let value = reader(v, ctx, &errs);
    errs.check()?;
    value.ok_or_else(invalid_input)
}

#[cold]
#[inline(never)]
fn invalid_input() -> Error {
    Error::invalid_argument("invalid input")
}

/// The message for input that is not what a field needs.
#[inline(never)]
pub(super) fn bad(ctx: &str, key: &str, expected: &str) -> Error {
    if key.is_empty() {
        Error::invalid_argument(format!("{ctx} must be {expected}"))
    } else {
        Error::invalid_argument(format!("{ctx}.{key} must be {expected}"))
    }
}

/// An object being read; `ctx` names it in errors (`"damage.amount must be …"`).
pub(super) struct Obj<'a, S> {
    v: &'a S,
    ctx: &'a str,
    pub(super) e: &'a Errs,
}

/// Start reading `v`, which must be an object.
#[inline(never)]
pub(super) fn obj<'a, S: Src>(v: &'a S, ctx: &'a str, e: &'a Errs) -> Option<Obj<'a, S>> {
    if v.is_object() {
        Some(Obj { v, ctx, e })
    } else {
        e.note(Error::invalid_argument(format!("{ctx} must be an object")))
    }
}

/// A whole number within `min..=max`.
pub(super) fn whole(n: f64, min: f64, max: f64) -> Option<f64> {
    (n.fract() == 0.0 && (min..=max).contains(&n)).then_some(n)
}

/// Field getters give `None` when the field is missing, or when it is malformed (noted).
impl<'a, S: Src> Obj<'a, S> {
    pub(super) fn get(&self, key: &str) -> Option<S> {
        self.v.field(key)
    }

    #[cold]
    #[inline(never)]
    fn bad<T>(&self, key: &str, expected: &str) -> Option<T> {
        self.e.note(bad(self.ctx, key, expected))
    }

    #[inline(never)]
    fn num(&self, key: &str, min: f64, max: f64, expected: &str) -> Option<f64> {
        let v = self.get(key)?;
        match v.number().and_then(|n| whole(n, min, max)) {
            Some(n) => Some(n),
            None => self.bad(key, expected),
        }
    }

    pub(super) fn u32(&self, key: &str) -> Option<u32> {
        let n = self.num(
            key,
            0.0,
            f64::from(u32::MAX),
            "a whole number from 0 to 4294967295",
        )?;
        Some(n as u32)
    }

    pub(super) fn i32(&self, key: &str) -> Option<i32> {
        let n = self.num(
            key,
            f64::from(i32::MIN),
            f64::from(i32::MAX),
            "a whole number",
        )?;
        Some(n as i32)
    }

    #[inline(never)]
    pub(super) fn bool(&self, key: &str) -> Option<bool> {
        let v = self.get(key)?;
        match v.boolean() {
            Some(b) => Some(b),
            None => self.bad(key, "true or false"),
        }
    }

    /// A flag: missing means `false`.
    pub(super) fn flag(&self, key: &str) -> bool {
        self.bool(key).unwrap_or(false)
    }

    #[inline(never)]
    pub(super) fn string(&self, key: &str) -> Option<String> {
        let v = self.get(key)?;
        match v.text() {
            Some(s) => Some(s),
            None => self.bad(key, "a string"),
        }
    }

    /// A required value: `None` (noting the field as missing unless it was malformed).
    #[inline(always)]
    pub(super) fn req<T>(&self, key: &str, value: Option<T>) -> Option<T> {
        if value.is_none() {
            self.missing(key);
        }
        value
    }

    #[cold]
    #[inline(never)]
    fn missing(&self, key: &str) {
        if self.get(key).is_none() {
            self.e.note::<()>(Error::invalid_argument(format!(
                "{}.{key} is required",
                self.ctx
            )));
        }
    }

    pub(super) fn req_u32(&self, key: &str) -> Option<u32> {
        self.req(key, self.u32(key))
    }

    pub(super) fn req_i32(&self, key: &str) -> Option<i32> {
        self.req(key, self.i32(key))
    }

    pub(super) fn req_bool(&self, key: &str) -> Option<bool> {
        self.req(key, self.bool(key))
    }

    /// One name from `table`.
    pub(super) fn pick<T: Copy>(&self, key: &str, table: &[(&'static str, T)]) -> Option<T> {
        let v = self.get(key)?;
        pick(&v, self.ctx, key, table, self.e)
    }

    pub(super) fn req_pick<T: Copy>(&self, key: &str, table: &[(&'static str, T)]) -> Option<T> {
        self.req(key, self.pick(key, table))
    }

    /// A nested object read by `reader`.
    pub(super) fn nested<T>(
        &self,
        key: &str,
        reader: impl FnOnce(&S, &str, &Errs) -> Option<T>,
    ) -> Option<T> {
        let v = self.get(key)?;
        reader(&v, key, self.e)
    }

    pub(super) fn req_nested<T>(
        &self,
        key: &str,
        reader: impl FnOnce(&S, &str, &Errs) -> Option<T>,
    ) -> Option<T> {
        self.req(key, self.nested(key, reader))
    }

    /// An array, each item read by `reader`; missing means empty.
    pub(super) fn list<T>(
        &self,
        key: &str,
        reader: impl Fn(&S, &str, &Errs) -> Option<T>,
    ) -> Option<Vec<T>> {
        match self.get(key) {
            None => Some(Vec::new()),
            Some(v) => list(&v, key, self.e, reader),
        }
    }

    /// The `type` tag of an internally tagged enum.
    pub(super) fn tag(&self) -> Option<String> {
        self.req("type", self.string("type"))
    }

    /// Note an unknown `type` tag.
    #[cold]
    #[inline(never)]
    pub(super) fn unknown_tag<T>(&self, tag: &str) -> Option<T> {
        self.e.note(Error::invalid_argument(format!(
            "{}.type \"{tag}\" is not known",
            self.ctx
        )))
    }
}

/// One name from `table` (the serde names of an enum's unit variants).
pub(super) fn pick<S: Src, T: Copy>(
    v: &S,
    ctx: &str,
    key: &str,
    table: &[(&'static str, T)],
    e: &Errs,
) -> Option<T> {
    let index = pick_index(
        v.text(),
        ctx,
        key,
        &|i| table.get(i).map(|entry| entry.0),
        e,
    )?;
    table.get(index).map(|entry| entry.1)
}

/// The index of `text` among the names `name(0)`, `name(1)`, … (kept apart from the generic
/// part so it exists once).
#[inline(never)]
fn pick_index(
    text: Option<String>,
    ctx: &str,
    key: &str,
    name: &dyn Fn(usize) -> Option<&'static str>,
    e: &Errs,
) -> Option<usize> {
    let text = text.unwrap_or_default();
    let names: Vec<&str> = (0..).map_while(name).collect();
    match names.iter().position(|n| *n == text) {
        Some(index) => Some(index),
        None => e.note(bad(ctx, key, &format!("one of {}", names.join(", ")))),
    }
}

/// An array of items read by `reader`, at most [`MAX_LIST_ITEMS`].
pub(super) fn list<S: Src, T>(
    v: &S,
    ctx: &str,
    e: &Errs,
    reader: impl Fn(&S, &str, &Errs) -> Option<T>,
) -> Option<Vec<T>> {
    let Some(items) = v.items(MAX_LIST_ITEMS) else {
        return e.note(Error::invalid_argument(format!("{ctx} must be an array")));
    };
    if items.len() > MAX_LIST_ITEMS {
        return e.note(Error::new(
            ErrorCode::LimitExceeded,
            format!("{ctx} may hold at most {MAX_LIST_ITEMS} items"),
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| reader(item, &format!("{ctx}[{i}]"), e))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Enum tables: the serde names of unit variants (checked against serde in the tests)

/// A result as a JS value (serde-wasm-bindgen).
#[inline(never)]
pub(super) fn out<T: Serialize>(value: &T) -> Result<JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true))
        .map_err(|e| Error::invalid_argument(e.to_string()))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use serde::de::DeserializeOwned;
    use serde_json::{Value, json};

    impl Src for Value {
        fn is_object(&self) -> bool {
            self.is_object()
        }
        fn field(&self, key: &str) -> Option<Self> {
            self.get(key).filter(|v| !v.is_null()).cloned()
        }
        fn number(&self) -> Option<f64> {
            self.as_f64()
        }
        fn boolean(&self) -> Option<bool> {
            self.as_bool()
        }
        fn text(&self) -> Option<String> {
            self.as_str().map(str::to_owned)
        }
        fn items(&self, limit: usize) -> Option<Vec<Self>> {
            self.as_array()
                .map(|a| a.iter().take(limit.saturating_add(1)).cloned().collect())
        }
    }

    /// serde's JSON for `value`, read back by `reader`, is `value` again.
    pub(in crate::wasm) fn round_trip<T: Serialize + PartialEq + std::fmt::Debug>(
        value: &T,
        reader: impl FnOnce(&Value, &str, &Errs) -> Option<T>,
    ) {
        let json = serde_json::to_value(value).unwrap();
        let back = read(&json, "value", reader).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(&back, value, "{json}");
    }

    /// The table holds exactly serde's variant names, each naming its own variant.
    pub(in crate::wasm) fn table_matches_serde<T>(table: &[(&'static str, T)])
    where
        T: Copy + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned,
    {
        for (name, value) in table {
            assert_eq!(serde_json::to_value(value).unwrap(), json!(name));
        }
        let err = serde_json::from_value::<T>(json!("\u{1}"))
            .unwrap_err()
            .to_string();
        // serde lists them as "expected `a`", "`a` or `b`" or "one of `a`, `b`, `c`".
        let expected = err.split("expected").nth(1).unwrap();
        let listed: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        let mut names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
        let mut listed = listed;
        names.sort_unstable();
        listed.sort_unstable();
        assert_eq!(names, listed, "{err}");
    }
}
