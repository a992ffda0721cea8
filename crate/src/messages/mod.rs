//! Localisable text. Every log line (`describe` for encounter and journey events) is a message
//! key with named parameters, rendered through a [`Catalogue`]: English by default
//! ([`english::ENGLISH`], shipped in the npm package as `turnkeeper/messages/en.json`), or the
//! caller's own templates for the keys they translate, English for the rest.
//!
//! A template writes a parameter as `{name}`, as Foundry VTT's `game.i18n.format` does, so one
//! `languages/xx.json` can carry both. Parameters are the event's own values (names, numbers,
//! dice faces); words that need translating (a reason, an activity) are keys of their own,
//! rendered first and passed in as text.

pub mod english;
pub mod words;

use std::collections::BTreeMap;
use std::fmt::{Display, Write};

use crate::error::{Error, ErrorCode, Result};

/// Most templates one catalogue may carry.
pub const MAX_MESSAGES: usize = 1024;
/// Longest template, in bytes.
pub const MAX_TEMPLATE_LEN: usize = 1000;

/// Templates by key: the caller's, falling back to English key by key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Catalogue {
    own: BTreeMap<String, String>,
}

impl Catalogue {
    /// English only.
    pub fn english() -> Self {
        Self::default()
    }

    /// A catalogue from JSON text `{ "key": "template", … }`. Keys English does not have are
    /// refused (`INVALID_DATA`), so a misspelt key is found at once rather than never shown.
    pub fn from_json(text: &str) -> Result<Self> {
        let own: BTreeMap<String, String> =
            crate::wire::from_json(text, "messages", ErrorCode::InvalidData)?;
        if own.len() > MAX_MESSAGES {
            return Err(Error::new(
                ErrorCode::InvalidData,
                format!("at most {MAX_MESSAGES} messages, not {}", own.len()),
            ));
        }
        for (key, template) in &own {
            if english::template(key).is_none() {
                return Err(Error::new(
                    ErrorCode::InvalidData,
                    format!(
                        "unknown message key \"{}\"",
                        key.chars().take(80).collect::<String>()
                    ),
                ));
            }
            if template.len() > MAX_TEMPLATE_LEN {
                return Err(Error::new(
                    ErrorCode::InvalidData,
                    format!("message \"{key}\" is longer than {MAX_TEMPLATE_LEN} bytes"),
                ));
            }
        }
        Ok(Self { own })
    }

    /// The template for `key`: the caller's, else English, else the key itself.
    fn template<'a>(&'a self, key: &'a str) -> &'a str {
        self.own
            .get(key)
            .map(String::as_str)
            .or_else(|| english::template(key))
            .unwrap_or(key)
    }

    /// The text for `key` with its `{name}` placeholders filled from `params`. A placeholder
    /// with no parameter of that name is left as written.
    pub fn text(&self, key: &str, params: &[(&str, &dyn Display)]) -> String {
        fill(self.template(key), params)
    }
}

fn fill(template: &str, params: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        // `get`, not `split_at`: the same at a `{` (a char boundary), without the slicing
        // panic, whose message brings the tables of printable characters.
        let before = rest.get(..open).unwrap_or("");
        let from = rest.get(open..).unwrap_or("");
        out.push_str(before);
        let name_end = from.find('}');
        let param = name_end.and_then(|end| {
            let name = from.get(1..end)?;
            params
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v, end))
        });
        match param {
            Some((value, end)) => {
                let _ = write!(out, "{value}");
                rest = from.get(end + 1..).unwrap_or("");
            }
            None => {
                out.push('{');
                rest = from.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// `msg!(catalogue, "key", name = value, …)`: the catalogue's text for `key` with those
/// parameters (any `Display` value).
#[macro_export]
macro_rules! msg {
    ($cat:expr, $key:literal) => {
        $cat.text($key, &[])
    };
    ($cat:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $cat.text($key, &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),+])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_by_name_and_unknown_ones_kept() {
        let c = Catalogue::english();
        let who = "Rath";
        assert_eq!(
            fill(
                "{who} rolls {n} ({who}) {missing} {",
                &[("who", &who), ("n", &3)]
            ),
            "Rath rolls 3 (Rath) {missing} {"
        );
        assert_eq!(c.text("no.such.key", &[]), "no.such.key");
    }

    #[test]
    fn a_catalogue_overrides_english_key_by_key_and_refuses_unknown_keys() {
        let fr = Catalogue::from_json(r#"{"encounter.roundStarted":"Le round {round} commence."}"#)
            .unwrap();
        assert_eq!(
            msg!(fr, "encounter.roundStarted", round = 2),
            "Le round 2 commence."
        );
        assert_eq!(msg!(fr, "encounter.roundEnded", round = 2), "Round 2 ends.");
        let e = Catalogue::from_json(r#"{"encounter.roundStartd":"x"}"#).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidData);
        let e = Catalogue::from_json(r#"{"encounter.roundStarted":3}"#).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidData);
    }

    /// Every key the code renders is in the English catalogue, and every English key is used.
    #[test]
    fn english_has_exactly_the_keys_the_code_uses() {
        let sources = [
            include_str!("../encounter/describe.rs"),
            include_str!("../encounter/describe_vitals.rs"),
            include_str!("../exploration/journey/log.rs"),
            include_str!("words.rs"),
        ];
        let mut used: Vec<&str> = Vec::new();
        for source in sources {
            let mut rest = source;
            while let Some(i) = rest.find("msg!(") {
                rest = &rest[i + 5..];
                let Some(q) = rest.find('"') else { break };
                let after = &rest[q + 1..];
                let Some(end) = after.find('"') else { break };
                used.push(&after[..end]);
            }
        }
        used.sort_unstable();
        used.dedup();
        let mut english: Vec<&str> = english::ENGLISH.iter().map(|(k, _)| *k).collect();
        english.sort_unstable();
        assert_eq!(used, english);
    }
}
