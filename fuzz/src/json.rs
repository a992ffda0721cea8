//! Structured mutation of JSON documents, driven by the fuzzer's bytes through `arbitrary`.
//!
//! Random bytes almost never make a valid command, event or snapshot, so the targets start from
//! real ones (the shared vectors, recorded glue calls, snapshots taken along the way) and let
//! the input choose a few edits: a leaf swapped for a boundary value or for a value found
//! elsewhere in the templates, a key dropped or added, an array element duplicated, dropped or
//! swapped, a subtree replaced by one from another template. The result is valid JSON that
//! reaches the readers' and the rules' checks, not the JSON parser's.

use arbitrary::{Result, Unstructured};
use serde_json::{Map, Number, Value};

/// Boundary numbers: around zero, the 32-bit edges, the 2^53 limit of exact JS numbers, and
/// values no integer reader should take.
const NUMBERS: [f64; 22] = [
    0.0,
    1.0,
    -1.0,
    2.0,
    3.0,
    6.0,
    20.0,
    100.0,
    255.0,
    65_535.0,
    2_147_483_647.0,
    -2_147_483_648.0,
    4_294_967_295.0,
    4_294_967_296.0,
    9_007_199_254_740_991.0,
    9_007_199_254_740_992.0,
    -9_007_199_254_740_991.0,
    1e300,
    -1e300,
    0.5,
    -0.0,
    1.5,
];

/// Things a template holds: every string, every key and every subtree, to move around.
#[derive(Default)]
pub struct Donors {
    pub strings: Vec<String>,
    pub keys: Vec<String>,
    pub values: Vec<Value>,
}

impl Donors {
    /// Everything in `docs`, subtrees of at most `max_len` characters of JSON.
    pub fn from_docs<'a>(docs: impl IntoIterator<Item = &'a Value>) -> Self {
        let mut d = Donors::default();
        for doc in docs {
            d.collect(doc);
        }
        d.strings.sort();
        d.strings.dedup();
        d.keys.sort();
        d.keys.dedup();
        d
    }

    fn collect(&mut self, v: &Value) {
        match v {
            Value::String(s) => self.strings.push(s.clone()),
            Value::Object(m) => {
                for (k, child) in m {
                    self.keys.push(k.clone());
                    self.collect(child);
                }
            }
            Value::Array(a) => a.iter().for_each(|c| self.collect(c)),
            _ => {}
        }
        if self.values.len() < 4096 && v.to_string().len() <= 400 {
            self.values.push(v.clone());
        }
    }
}

/// How many nodes `v` has (itself included).
fn count(v: &Value) -> usize {
    1 + match v {
        Value::Object(m) => m.values().map(count).sum(),
        Value::Array(a) => a.iter().map(count).sum(),
        _ => 0,
    }
}

/// The `i`-th node of `v` in pre-order.
fn nth<'a>(v: &'a mut Value, i: &mut usize) -> Option<&'a mut Value> {
    if *i == 0 {
        return Some(v);
    }
    *i -= 1;
    match v {
        Value::Object(m) => m.values_mut().find_map(|c| nth(c, i)),
        Value::Array(a) => a.iter_mut().find_map(|c| nth(c, i)),
        _ => None,
    }
}

fn node<'a>(v: &'a mut Value, u: &mut Unstructured) -> Result<&'a mut Value> {
    let mut i = u.choose_index(count(v))?;
    nth(v, &mut i).ok_or(arbitrary::Error::IncorrectFormat)
}

/// A value chosen by the input: a boundary number, a donor string or subtree, or a small
/// shape.
pub fn value(u: &mut Unstructured, donors: &Donors) -> Result<Value> {
    Ok(match u.int_in_range(0..=9)? {
        0 | 1 => number(*u.choose(&NUMBERS)?),
        2 => Value::from(u.int_in_range(-40i64..=40)?),
        3 if !donors.strings.is_empty() => Value::from(u.choose(&donors.strings)?.clone()),
        4 if !donors.values.is_empty() => u.choose(&donors.values)?.clone(),
        5 => Value::from(<String as arbitrary::Arbitrary>::arbitrary(u)?),
        6 => Value::Bool(u.arbitrary()?),
        7 => Value::Null,
        8 => Value::Array(Vec::new()),
        _ => Value::Object(Map::new()),
    })
}

fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e19 && !(x == 0.0 && x.is_sign_negative()) {
        Value::from(x as i64)
    } else {
        Number::from_f64(x).map_or(Value::Null, Value::Number)
    }
}

/// Apply up to `max` edits chosen by the input.
pub fn mutate(v: &mut Value, u: &mut Unstructured, donors: &Donors, max: u32) -> Result<()> {
    let n = u.int_in_range(0..=max)?;
    for _ in 0..n {
        edit(v, u, donors)?;
    }
    Ok(())
}

fn edit(root: &mut Value, u: &mut Unstructured, donors: &Donors) -> Result<()> {
    let at = node(root, u)?;
    match u.int_in_range(0..=7)? {
        // Replace the node.
        0 | 1 => *at = value(u, donors)?,
        // Nudge a number, or swap a string for another known one.
        2 => match at {
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(0.0) + f64::from(u.int_in_range(-3i32..=3)?);
                *at = number(x);
            }
            Value::String(s) if !donors.strings.is_empty() => {
                *s = u.choose(&donors.strings)?.clone();
            }
            _ => *at = value(u, donors)?,
        },
        // Objects: drop a key, or add a known key with a value.
        3 => {
            if let Value::Object(m) = at {
                if !m.is_empty() && u.arbitrary()? {
                    let k = u.choose_index(m.len())?;
                    if let Some(key) = m.keys().nth(k).cloned() {
                        m.remove(&key);
                    }
                } else if !donors.keys.is_empty() {
                    let key = u.choose(&donors.keys)?.clone();
                    let val = value(u, donors)?;
                    m.insert(key, val);
                }
            }
        }
        // Arrays: duplicate, drop or swap elements.
        4 => {
            if let Value::Array(a) = at
                && !a.is_empty()
            {
                let i = u.choose_index(a.len())?;
                match u.int_in_range(0..=2)? {
                    0 => {
                        let copy = a.get(i).cloned().unwrap_or(Value::Null);
                        let times = u.int_in_range(1..=8)?;
                        for _ in 0..times {
                            a.insert(i, copy.clone());
                        }
                    }
                    1 => {
                        a.remove(i);
                    }
                    _ => {
                        let j = u.choose_index(a.len())?;
                        a.swap(i, j);
                    }
                }
            }
        }
        // Wrap the node in an array, or replace it by a donor subtree.
        5 => *at = Value::Array(vec![at.take()]),
        _ if !donors.values.is_empty() => *at = u.choose(&donors.values)?.clone(),
        _ => *at = value(u, donors)?,
    }
    Ok(())
}
