//! The public entry points: parse once, roll many times.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use crate::dice::advantage::RollMode;
use crate::dice::ast::{BinOp, Expression, Node};
use crate::dice::data::{DataOptions, FormulaData};
use crate::dice::details::Details;
use crate::dice::eval::evaluate;
use crate::dice::normalize::{render, render_into};
use crate::dice::parser::parse;
use crate::dice::parser::parse_with;
use crate::dice::result::{RollResult, TermKind, TermResult};
use crate::dice::source::DieRoller;
use crate::error::{Error, Result};

impl Expression {
    /// Parse a notation (see the [module docs](crate::dice) for the syntax and limits).
    pub fn parse(text: &str) -> Result<Self> {
        parse(text)
    }

    /// Parse a Foundry VTT style formula whose `@path` references take their values from
    /// `data`, as Foundry's `Roll.replaceFormulaData` does: each path is replaced by its value's
    /// text, then the formula is parsed, so a value may be a number or a piece of formula (`"d8"`,
    /// `"3d6"`), glued to a count (`2@die`) or a size (`2d@faces`). Values are read now: the
    /// expression holds what they made. A path without a value, a number that is not whole, or a
    /// value that is no formula is [`ErrorCode::NotationData`](crate::ErrorCode) at its `@`
    /// (details in [`crate::dice::data`]).
    ///
    /// ```
    /// use turnkeeper::dice::{Expression, SuppliedDice};
    /// let data = serde_json::json!({
    ///     "abilities": { "str": { "mod": 3 } }, "level": 5,
    ///     "scale": { "monk": { "die": { "number": null, "faces": 8 } } },
    /// });
    /// let e = Expression::parse_with_data("1d20 + @abilities.str.mod + floor(@level/2)", &data).unwrap();
    /// assert_eq!(e.normalized(), "1d20+3+floor(5/2)");
    /// assert_eq!(e.roll_total(&mut SuppliedDice::new([10])).unwrap(), 15);
    /// let e = Expression::parse_with_data("2@scale.monk.die + @abilities.str.mod", &data).unwrap();
    /// assert_eq!(e.normalized(), "2d8+3");
    /// ```
    pub fn parse_with_data(text: &str, data: &dyn FormulaData) -> Result<Self> {
        parse_with(text, Some((data, DataOptions::default())))
    }

    /// [`Expression::parse_with_data`] with options: `missing` is the text put in place of a
    /// path that has no value (Foundry's option of the same name).
    ///
    /// ```
    /// use turnkeeper::dice::{DataOptions, Expression};
    /// let data = serde_json::json!({ "prof": 2 });
    /// let options = DataOptions { missing: Some("0") };
    /// let e = Expression::parse_with_data_options("@prof + @bonus", &data, options).unwrap();
    /// assert_eq!(e.normalized(), "2+0");
    /// ```
    pub fn parse_with_data_options(
        text: &str,
        data: &dyn FormulaData,
        options: DataOptions<'_>,
    ) -> Result<Self> {
        parse_with(text, Some((data, options)))
    }

    /// Each term's flavor text (`2d6[fire]` → `fire`), terms left to right.
    pub fn term_flavors(&self) -> Vec<Option<&str>> {
        let mut out = Vec::with_capacity(self.term_count as usize);
        for (i, node) in self.nodes.iter().enumerate() {
            if matches!(node, Node::Number { .. } | Node::Dice(_) | Node::Pool(_)) {
                out.push(self.flavor_after(i));
            }
        }
        out
    }

    /// For a sum of terms (`2d6[fire] + 1d8[cold] - 1`), each term's sign (+1 or −1), left to
    /// right; `None` for any other shape (a product, parentheses, a function, a pool, a sign
    /// before the first term), where a term's share of the total is not its subtotal.
    pub fn term_signs(&self) -> Option<Vec<i8>> {
        let mut signs = Vec::with_capacity(self.term_count as usize);
        let mut operators = 0usize;
        for (i, node) in self.nodes.iter().enumerate() {
            match node {
                Node::Modifier(_) | Node::Flavor(_) => {}
                Node::Number { .. } | Node::Dice(_) => {
                    if signs.is_empty() {
                        signs.push(1);
                        continue;
                    }
                    // In a chain each later term is followed by its operator (after its flavor).
                    let flavored = matches!(self.nodes.get(i + 1), Some(Node::Flavor(_)));
                    match self.nodes.get(i + 1 + usize::from(flavored)) {
                        Some(Node::Binary { op: BinOp::Add, .. }) => signs.push(1),
                        Some(Node::Binary { op: BinOp::Sub, .. }) => signs.push(-1),
                        _ => return None,
                    }
                }
                Node::Binary {
                    op: BinOp::Add | BinOp::Sub,
                    ..
                } => {
                    operators += 1;
                    if operators != signs.len().saturating_sub(1) {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        Some(signs)
    }

    /// Roll and return only the total: the hot-loop path. No detail objects are built; the
    /// evaluation stack and the dice of a modified term live in stack arrays for ordinary
    /// notations, so rolling `4d6kh3+2` allocates nothing.
    pub fn roll_total<R: DieRoller + ?Sized>(&self, dice: &mut R) -> Result<i64> {
        evaluate(self, dice, None)
    }

    /// Roll and return every die, every term and the normalized notation. Consumes exactly
    /// the same faces as [`Expression::roll_total`].
    pub fn roll<R: DieRoller + ?Sized>(&self, dice: &mut R) -> Result<RollResult> {
        let source = dice.kind();
        let mut details = Details::default();
        let total = self.roll_into(dice, &mut details)?;
        let (notation, texts) = self.texts();
        let dice = details.die_results();
        let flavors = self.term_flavors();
        let mut results = details.results.iter();
        let terms = details
            .terms
            .into_iter()
            .zip(texts)
            .zip(flavors)
            .map(|((term, notation), flavor)| {
                let pool = if term.result.kind == TermKind::Pool {
                    results.by_ref().take(term.dice as usize).copied().collect()
                } else {
                    Vec::new()
                };
                TermResult {
                    notation,
                    flavor: flavor.map(str::to_owned),
                    results: pool,
                    ..term.result
                }
            })
            .collect();
        Ok(RollResult {
            total,
            dice,
            terms,
            notation,
            source,
        })
    }

    /// The normalized notation: `4D6KH3 + 2` → `4d6kh3+2`.
    pub fn normalized(&self) -> String {
        render(self, None)
    }

    /// The normalized notation and each term's normalized text, left to right: the texts
    /// [`Expression::roll`] puts in [`RollResult::notation`] and each
    /// [`TermResult::notation`](crate::dice::TermResult::notation). They depend only on the
    /// expression, so a caller rolling one expression many times can render them once.
    pub fn texts(&self) -> (String, Vec<String>) {
        let (notation, spans) = self.term_spans();
        let terms = spans
            .into_iter()
            .map(|span| notation.get(span).unwrap_or_default().to_owned())
            .collect();
        (notation, terms)
    }

    /// [`Expression::term_spans`] into buffers the caller keeps (cleared first).
    #[cfg_attr(
        not(all(feature = "wasm-dice", not(feature = "wasm-base"))),
        allow(dead_code)
    )]
    pub(crate) fn texts_into(&self, notation: &mut String, spans: &mut Vec<Range<usize>>) {
        render_into(self, notation, spans);
    }

    /// The normalized notation and where each term's text lies in it (byte ranges, left to
    /// right; the normalized notation is ASCII, so they are also character ranges).
    pub fn term_spans(&self) -> (String, Vec<Range<usize>>) {
        let mut spans = Vec::with_capacity(self.term_count as usize);
        let notation = render(self, Some(&mut spans));
        (notation, spans)
    }

    /// Roll with every die and term recorded into `details` (cleared first, capacity kept), but
    /// without the texts: the allocation-free detailed path for callers that reuse buffers
    /// and have the texts from [`Expression::texts`]. Consumes the same faces as
    /// [`Expression::roll`].
    pub(crate) fn roll_into<R: DieRoller + ?Sized>(
        &self,
        dice: &mut R,
        details: &mut Details,
    ) -> Result<i64> {
        details.clear();
        evaluate(self, dice, Some(details))
    }
}

impl FromStr for Expression {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Self::parse(s)
    }
}

impl fmt::Display for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.normalized())
    }
}

/// Options for [`roll_with`].
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct RollOptions {
    /// Advantage or disadvantage on the first d20 term.
    #[serde(default)]
    pub mode: RollMode,
}

/// Parse and roll with details in one call.
pub fn roll<R: DieRoller + ?Sized>(notation: &str, dice: &mut R) -> Result<RollResult> {
    Expression::parse(notation)?.roll(dice)
}

/// Parse and roll, returning only the total.
pub fn roll_total<R: DieRoller + ?Sized>(notation: &str, dice: &mut R) -> Result<i64> {
    Expression::parse(notation)?.roll_total(dice)
}

/// Parse, apply the options, and roll with details.
pub fn roll_with<R: DieRoller + ?Sized>(
    notation: &str,
    options: &RollOptions,
    dice: &mut R,
) -> Result<RollResult> {
    let mut expr = Expression::parse(notation)?;
    expr.apply_mode(options.mode)?;
    expr.roll(dice)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed boundary renders into buffers it keeps: the same texts as
    /// [`Expression::term_spans`], with whatever the buffers held before cleared away.
    #[test]
    fn texts_into_matches_term_spans_and_clears_the_buffers() {
        let e = Expression::parse("4D6KH3 + 1d8[fire] - 2").unwrap();
        let mut notation = String::from("stale");
        let mut spans = vec![0..1, 2..3, 4..5, 6..7];
        e.texts_into(&mut notation, &mut spans);
        let (expected, expected_spans) = e.term_spans();
        assert_eq!(notation, expected);
        assert_eq!(spans, expected_spans);
        assert_eq!(notation, "4d6kh3+1d8[fire]-2");
        assert_eq!(spans.len(), 3);
    }

    /// Rolling into a buffer kept from an earlier roll gives what a fresh buffer gives: the
    /// earlier roll's dice, flags and terms are cleared first.
    #[test]
    fn a_reused_details_buffer_holds_only_the_latest_roll() {
        use crate::dice::SuppliedDice;
        let first = Expression::parse("{2d6x, 3}kh1+1d4").unwrap();
        let second = Expression::parse("2d8kl1").unwrap();
        let mut reused = Details::default();
        first
            .roll_into(&mut SuppliedDice::new([6, 2, 3, 4]), &mut reused)
            .unwrap();
        let total = second
            .roll_into(&mut SuppliedDice::new([5, 7]), &mut reused)
            .unwrap();
        let mut fresh = Details::default();
        let expected = second
            .roll_into(&mut SuppliedDice::new([5, 7]), &mut fresh)
            .unwrap();
        assert_eq!(total, expected);
        assert_eq!(total, 5);
        assert_eq!(reused.die_results(), fresh.die_results());
        assert_eq!(reused.die_results().len(), 2);
    }
}
