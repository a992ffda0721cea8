//! What a roll reports: plain data for display, events and replay.

use core::fmt;

use crate::dice::ast::Expression;
use crate::dice::source::SourceKind;
use crate::dice::step::RolledDie;

/// The outcome of rolling a notation with details.
///
/// `total` and the subtotals are `i64` because a legal roll can exceed `i32` (10,000 dice of
/// 1,000,000 sides); every value is kept within ±(2^53 − 1), so it is exact as a JS number.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RollResult {
    pub total: i64,
    /// Every die in the order it was rolled (the order faces were drawn from the source),
    /// including dice that were rerolled away, dropped, or added by explosions.
    pub dice: Vec<DieResult>,
    /// One entry per term (dice term or plain number), left to right.
    pub terms: Vec<TermResult>,
    /// The normalized notation (`4D6KH3 + 2` → `4d6kh3+2`).
    pub notation: String,
    pub source: SourceKind,
}

impl RollResult {
    /// The raw faces in roll order: feeding them to `SuppliedDice` replays this roll exactly.
    pub fn faces(&self) -> Vec<u32> {
        self.dice.iter().map(|d| d.face).collect()
    }

    /// Every die as `RolledDie`, for events.
    pub fn rolled(&self) -> Vec<RolledDie> {
        self.dice.iter().map(DieResult::rolled).collect()
    }
}

/// A printable line for a chat card: the normalized notation with each dice term's dice (and
/// each pool's results) in brackets after it, a die or result that does not count ~struck~,
/// operators spaced, and the total: `4d6kh3 [6, 5, 3, ~2~] + 2 = 16`. Each die shows its value
/// (what it counts for). The JS facade's `result.toString()` prints the same line.
impl fmt::Display for RollResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The normal form reads back to the same terms, so their spans come from it.
        let spans = Expression::parse(&self.notation)
            .map(|e| e.term_spans().1)
            .unwrap_or_default();
        let mut after: Vec<(usize, String)> = Vec::new();
        for (i, (term, span)) in self.terms.iter().zip(&spans).enumerate() {
            let shown: Vec<String> = match term.kind {
                TermKind::Number => continue,
                TermKind::Pool => term
                    .results
                    .iter()
                    .map(|p| struck(p.kept, p.value))
                    .collect(),
                TermKind::Dice => self
                    .dice
                    .iter()
                    .filter(|d| d.term as usize == i)
                    .map(|d| struck(d.kept, d.value.into()))
                    .collect(),
            };
            after.push((span.end, format!(" [{}]", shown.join(", "))));
        }
        let text = &self.notation;
        let mut prev = None;
        let mut in_flavor = false;
        for at in text.char_indices().map(Some).chain([None]) {
            let here = at.map_or(text.len(), |(i, _)| i);
            for (_, s) in after.iter().filter(|(end, _)| *end == here) {
                f.write_str(s)?;
            }
            let Some((_, c)) = at else {
                break;
            };
            // A flavor (`[fire-cold, acid]`) is the user's own words: printed as written.
            if in_flavor || c == '[' {
                in_flavor = c != ']';
                write!(f, "{c}")?;
                prev = Some(c);
                continue;
            }
            // Outside flavors the normal form is ASCII.
            let binary = matches!(c, '+' | '-' | '*' | '/')
                && prev.is_some_and(|p: char| {
                    p.is_ascii_alphanumeric() || matches!(p, ')' | ']' | '}')
                });
            if binary {
                write!(f, " {c} ")?;
            } else if c == ',' {
                f.write_str(", ")?;
            } else {
                write!(f, "{c}")?;
            }
            prev = Some(c);
        }
        write!(f, " = {}", self.total)
    }
}

fn struck(kept: bool, value: i64) -> String {
    if kept {
        value.to_string()
    } else {
        format!("~{value}~")
    }
}

/// One die as rolled, and what happened to it.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DieResult {
    /// Sides of the die rolled through the source (a Fudge die is rolled as a d3).
    pub sides: u32,
    /// The face the die showed (what a physical die would show; replayable).
    pub face: u32,
    /// What the die counts for: the face, changed by `min`/`max`, or −1/0/+1 for Fudge dice.
    pub value: i32,
    /// Counts towards the total: not dropped and not rerolled away.
    pub kept: bool,
    /// Removed by keep/drop.
    pub dropped: bool,
    /// This die caused an explosion (an extra die follows it).
    pub exploded: bool,
    /// This die was replaced by a reroll.
    pub rerolled: bool,
    /// Counted as a success (`cs`).
    pub success: bool,
    /// Counted as a failure (`cf`).
    pub failure: bool,
    /// A Fudge die (`dF`).
    pub fudge: bool,
    /// Index into [`RollResult::terms`] of the term this die belongs to.
    pub term: u32,
}

impl DieResult {
    pub fn rolled(&self) -> RolledDie {
        RolledDie {
            sides: self.sides,
            face: self.face,
        }
    }
}

/// Whether a term rolls dice, is a plain number, or is a pool of results (`{4d6kh3, 4d6kh3}kh`).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum TermKind {
    Dice,
    Number,
    Pool,
}

/// One result of a pool (`{4d6kh3, 4d6kh3}kh`): the value of one of its formulas, and what
/// the pool's modifiers made of it.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct PoolResult {
    pub value: i64,
    /// Counts towards the pool: not dropped by keep/drop.
    pub kept: bool,
    pub dropped: bool,
    /// Counted as a success (`cs`).
    pub success: bool,
    /// Counted as a failure (`cf`).
    pub failure: bool,
}

/// One term's share of the roll.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TermResult {
    pub kind: TermKind,
    /// The term's normalized notation (`4d6kh3`, `2`).
    pub notation: String,
    /// The term's value before the operators around it apply: the sum of kept dice; with `cs`
    /// the successes, with `cf` the failures, with both successes − failures.
    pub subtotal: i64,
    /// Successes counted by `cs`, when the term counts them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successes: Option<u32>,
    /// Failures counted by `cf`, when the term counts them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failures: Option<u32>,
    /// The term's flavor text, as written (`2d6[fire]` → `fire`): in Foundry VTT formulas,
    /// usually the damage type ([`crate::creature::damage_from_roll`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
    /// A pool's results, one per formula between its braces, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<PoolResult>,
}
