//! The wire format of the standard types, as serde_json writes and reads them.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::{FromWire, Reader, Result, ToWire, Writer};

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl FromWire for $t {
            fn read(r: &mut Reader<'_>) -> Result<Self> {
                let v = r.unsigned(0, <$t>::MAX as u64)?;
                <$t>::try_from(v).map_err(|e| r.custom(e))
            }
        }
        impl ToWire for $t {
            fn write(&self, w: &mut Writer) {
                w.unsigned(*self as u64);
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, usize);

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl FromWire for $t {
            fn read(r: &mut Reader<'_>) -> Result<Self> {
                let v = r.signed(<$t>::MIN as i64, <$t>::MAX as i64)?;
                <$t>::try_from(v).map_err(|e| r.custom(e))
            }
        }
        impl ToWire for $t {
            fn write(&self, w: &mut Writer) {
                w.signed(*self as i64);
            }
        }
    )*};
}
signed!(i8, i16, i32, i64, isize);

impl FromWire for f64 {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        r.float()
    }
}
impl ToWire for f64 {
    fn write(&self, w: &mut Writer) {
        w.float(*self);
    }
}

impl FromWire for bool {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        r.bool()
    }
}
impl ToWire for bool {
    fn write(&self, w: &mut Writer) {
        w.bool(*self);
    }
}

impl FromWire for () {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        r.null()
    }
}
impl ToWire for () {
    fn write(&self, w: &mut Writer) {
        w.null();
    }
}

impl FromWire for char {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        let s = r.str()?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(r.wrong("must be a single character".into())),
        }
    }
}
impl ToWire for char {
    fn write(&self, w: &mut Writer) {
        let mut buf = [0u8; 4];
        w.str(self.encode_utf8(&mut buf));
    }
}

impl FromWire for String {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        Ok(r.str()?.into_owned())
    }
}
impl ToWire for String {
    fn write(&self, w: &mut Writer) {
        w.str(self);
    }
}
impl ToWire for str {
    fn write(&self, w: &mut Writer) {
        w.str(self);
    }
}

impl FromWire for Arc<str> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        Ok(Arc::from(&*r.str()?))
    }
}
impl ToWire for Arc<str> {
    fn write(&self, w: &mut Writer) {
        w.str(self);
    }
}

impl<T: ToWire + ?Sized> ToWire for &T {
    fn write(&self, w: &mut Writer) {
        (**self).write(w);
    }
    fn write_fields(&self, w: &mut Writer) {
        (**self).write_fields(w);
    }
}

impl<T: FromWire> FromWire for Box<T> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        T::read(r).map(Box::new)
    }
    fn read_fields(r: &mut Reader<'_>, skip: Option<&str>) -> Result<Self> {
        T::read_fields(r, skip).map(Box::new)
    }
}
impl<T: ToWire + ?Sized> ToWire for Box<T> {
    fn write(&self, w: &mut Writer) {
        (**self).write(w);
    }
    fn write_fields(&self, w: &mut Writer) {
        (**self).write_fields(w);
    }
}

impl<T: FromWire> FromWire for Arc<T> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        T::read(r).map(Arc::new)
    }
}
impl<T: ToWire> ToWire for Arc<T> {
    fn write(&self, w: &mut Writer) {
        (**self).write(w);
    }
}

impl<T: FromWire> FromWire for Option<T> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        if r.take_null()? {
            Ok(None)
        } else {
            T::read(r).map(Some)
        }
    }
    fn absent() -> Option<Self> {
        Some(None)
    }
}
impl<T: ToWire> ToWire for Option<T> {
    fn write(&self, w: &mut Writer) {
        match self {
            Some(v) => v.write(w),
            None => w.null(),
        }
    }
}

impl<T: FromWire> FromWire for Vec<T> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        let mut out = Vec::new();
        let read = r.items(|r| {
            out.push(T::read(r)?);
            Ok(())
        });
        // The items read before an error go through `abandon`'s out-of-line drop, which a
        // struct with a field of this type shares, rather than a drop loop inline here.
        match read {
            Ok(()) => Ok(out),
            Err(e) => {
                super::abandon(Some(out));
                Err(e)
            }
        }
    }
}
impl<T: ToWire> ToWire for Vec<T> {
    fn write(&self, w: &mut Writer) {
        self.as_slice().write(w);
    }
}
impl<T: ToWire> ToWire for [T] {
    fn write(&self, w: &mut Writer) {
        w.open_array();
        for item in self {
            w.item();
            item.write(w);
        }
        w.close_array();
    }
}

impl<T: FromWire + Default + Copy, const N: usize> FromWire for [T; N] {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        let mut out = [T::default(); N];
        let mut i = 0usize;
        r.items(|r| {
            let value = T::read(r)?;
            match out.get_mut(i) {
                Some(slot) => *slot = value,
                None => return Err(r.wrong_length(N)),
            }
            i += 1;
            Ok(())
        })?;
        if i == N {
            Ok(out)
        } else {
            Err(r.wrong_length(N))
        }
    }
}
impl<T: ToWire, const N: usize> ToWire for [T; N] {
    fn write(&self, w: &mut Writer) {
        self.as_slice().write(w);
    }
}

impl<T: FromWire + Ord> FromWire for BTreeSet<T> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        let mut out = BTreeSet::new();
        r.items(|r| {
            out.insert(T::read(r)?);
            Ok(())
        })?;
        Ok(out)
    }
}
impl<T: ToWire> ToWire for BTreeSet<T> {
    fn write(&self, w: &mut Writer) {
        w.open_array();
        for item in self {
            w.item();
            item.write(w);
        }
        w.close_array();
    }
}

macro_rules! tuple {
    ($len:literal: $($name:ident $idx:tt),*) => {
        impl<$($name: FromWire),*> FromWire for ($($name,)*) {
            fn read(r: &mut Reader<'_>) -> Result<Self> {
                $( let mut $name: Option<$name> = None; )*
                let mut i = 0usize;
                r.items(|r| {
                    match i {
                        $( $idx => $name = Some(FromWire::read(r)?), )*
                        _ => return Err(r.wrong_length($len)),
                    }
                    i += 1;
                    Ok(())
                })?;
                Ok(($( $name.ok_or_else(|| r.wrong_length($len))?, )*))
            }
        }
        impl<$($name: ToWire),*> ToWire for ($($name,)*) {
            fn write(&self, w: &mut Writer) {
                w.open_array();
                $( w.item(); self.$idx.write(w); )*
                w.close_array();
            }
        }
    };
}
#[allow(non_snake_case)]
mod tuples {
    use super::*;
    tuple!(2: A 0, B 1);
    tuple!(3: A 0, B 1, C 2);
}

/// A type used as a map key: written as a JSON string, as serde_json writes keys.
pub trait WireKey: Sized {
    fn to_key(&self) -> std::borrow::Cow<'_, str>;
    fn from_key(key: &str) -> std::result::Result<Self, String>;
}

impl WireKey for String {
    fn to_key(&self) -> std::borrow::Cow<'_, str> {
        std::borrow::Cow::Borrowed(self)
    }
    fn from_key(key: &str) -> std::result::Result<Self, String> {
        Ok(key.to_string())
    }
}

impl<K: WireKey + Ord, V: FromWire> FromWire for BTreeMap<K, V> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        let mut out = BTreeMap::new();
        r.keys(|r, key| {
            let k = K::from_key(key).map_err(|e| r.custom(e))?;
            out.insert(k, V::read(r)?);
            Ok(())
        })?;
        Ok(out)
    }
}
impl<K: WireKey, V: ToWire> ToWire for BTreeMap<K, V> {
    fn write(&self, w: &mut Writer) {
        w.open_object();
        for (k, v) in self {
            w.map_key(&k.to_key());
            v.write(w);
        }
        w.close_object();
    }
}

impl<T: FromWire + Clone> FromWire for std::borrow::Cow<'_, [T]> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        Vec::<T>::read(r).map(std::borrow::Cow::Owned)
    }
}
impl<T: ToWire + Clone> ToWire for std::borrow::Cow<'_, [T]> {
    fn write(&self, w: &mut Writer) {
        (**self).write(w);
    }
}

impl FromWire for std::borrow::Cow<'_, str> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        Ok(std::borrow::Cow::Owned(r.str()?.into_owned()))
    }
}
impl ToWire for std::borrow::Cow<'_, str> {
    fn write(&self, w: &mut Writer) {
        w.str(self);
    }
}

impl<T: FromWire> FromWire for std::collections::VecDeque<T> {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        Vec::<T>::read(r).map(Into::into)
    }
}
impl<T: ToWire> ToWire for std::collections::VecDeque<T> {
    fn write(&self, w: &mut Writer) {
        w.open_array();
        for item in self {
            w.item();
            item.write(w);
        }
        w.close_array();
    }
}

/// A JSON value kept as its text: read by checking it is well formed, written as it is. For a
/// wrapper around a nested snapshot that is validated by its own reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawJson(pub String);

impl FromWire for RawJson {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        r.raw_value().map(|text| RawJson(text.to_string()))
    }
}
impl ToWire for RawJson {
    fn write(&self, w: &mut Writer) {
        w.raw(&self.0);
    }
}

/// A JSON object kept as its keys and the text of their values, for merging one object's
/// fields over another's before reading the result as a type.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawObject(pub Vec<(String, RawJson)>);

impl RawObject {
    /// Lay `other`'s fields over these: a key in both takes `other`'s value.
    pub fn extend(&mut self, other: RawObject) {
        for (key, value) in other.0 {
            match self.0.iter_mut().find(|(k, _)| *k == key) {
                Some(slot) => slot.1 = value,
                None => self.0.push((key, value)),
            }
        }
    }
}

impl FromWire for RawObject {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        let mut out = Vec::new();
        r.keys(|r, key| {
            out.push((key.to_string(), RawJson::read(r)?));
            Ok(())
        })?;
        Ok(RawObject(out))
    }
}
impl ToWire for RawObject {
    fn write(&self, w: &mut Writer) {
        w.open_object();
        for (key, value) in &self.0 {
            w.map_key(key);
            value.write(w);
        }
        w.close_object();
    }
}
