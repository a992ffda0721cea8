//! Procedures as data: each rule a VTT can call by name (`"ose.reaction"`, `"a5e.fall"`) is
//! declared once, with [`procedures!`](crate::procedures!) beside its rules, as a [`Procedure`]
//! (its name and how it runs) and a [`Description`] (its input and result types, rule IDs and
//! doc). Nothing restates them by hand: the wasm glue looks names up in the procedures, and a
//! test writes the facade's TypeScript types and the docs' list of procedures from the
//! descriptions (and fails when the checked-in files are stale).
//!
//! Input and results cross as JSON text through the crate's wire reader and writer; no
//! procedure holds state between calls (a pursuit or a movement budget travels in the input and
//! comes back in the result).

use crate::dice::DieRoller;
use crate::error::{Error, Result};
use crate::wire::{FromWire, ToWire};

/// How a procedure runs: its input as JSON text and the dice, to its result as JSON text.
pub type Run = fn(&str, &mut dyn DieRoller) -> Result<String>;

/// One procedure as the glue runs it: its name and how it runs. Its description (types, rules,
/// doc) is a [`Description`] in a table of its own, so a wasm module that only runs procedures
/// does not carry the text.
#[derive(Debug, Clone, Copy)]
pub struct Procedure {
    /// The dotted name callers use: ruleset, then the call (`"ose.evasion.dungeon"`).
    pub name: &'static str,
    /// Reads the input, runs the rule, writes the result.
    pub run: Run,
}

/// What a procedure is, from the same definition as its [`Procedure`]: what the facade's types
/// and the docs' list are generated from.
#[derive(Debug, Clone, Copy)]
pub struct Description {
    /// The procedure's name, as in its [`Procedure`].
    pub name: &'static str,
    /// The Rust input type as written in the definition (`"ReactionInput"`).
    pub input: &'static str,
    /// The TypeScript input type when the facade's signature is narrower than the Rust type
    /// (a call that fills one field itself): `Omit<RunningInput, "turns">`.
    pub ts_input: Option<&'static str>,
    /// The Rust result type as written in the definition.
    pub result: &'static str,
    /// The rule IDs (docs/rules.md) and corrections it implements.
    pub rules: &'static [&'static str],
    /// What it does, in a sentence or two: the facade's doc comment.
    pub doc: &'static str,
    /// Whether it rolls dice (so the facade's call takes an optional `dice`).
    pub rolls: bool,
    /// How the facade calls it: see [`Facade`].
    pub facade: Facade,
    /// A doc comment for the group of dotted names this one opens (`movement` of
    /// `a5e.movement.start`), if it is the first of them.
    pub group_doc: Option<&'static str>,
}

/// How the facade exposes a procedure in its `ose`, `hyb` and `a5e` namespaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facade {
    /// A generated call taking the input (required).
    Call,
    /// A generated call whose input may be left out (every field has a default).
    OptionalInput,
    /// A generated call that also takes an optional `dice` it does not roll: the call has
    /// always declared one, and callers that pass it must keep type-checking.
    LegacyDice,
    /// Called by hand-written facade code (a class that keeps the state, a call with
    /// positional arguments): no generated call, but still typed by name.
    ByHand,
}

/// An input with nothing in it: the tables, and rolls that need no facts.
#[crate::boundary(input, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NoInput {}

/// The next state of a stateful procedure, and what happened.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct StateStep<S, R> {
    pub state: S,
    pub result: R,
}

/// Read `input` (JSON text) as `I` through the wire reader, run `f`, and write its result as
/// JSON text. Malformed input is `INVALID_ARGUMENT` saying what was wrong; past the JSON size
/// limit it is `LIMIT_EXCEEDED`. The writing goes through one `dyn` path for every procedure.
pub fn run_json<I: FromWire, O: ToWire>(
    input: &str,
    f: impl FnOnce(I) -> Result<O>,
) -> Result<String> {
    let input = crate::wire::from_json(input, "input", crate::error::ErrorCode::InvalidArgument)?;
    let output = f(input)?;
    Ok(crate::wire::to_json_dyn(&output))
}

/// The procedure called `name` in any of `tables`.
pub fn find(tables: &[&'static [Procedure]], name: &str) -> Option<&'static Procedure> {
    tables
        .iter()
        .flat_map(|table| table.iter())
        .find(|p| p.name == name)
}

/// Run the procedure `name` from `tables` on `input` (JSON text); an unknown name is
/// `INVALID_ARGUMENT`, whatever the input.
pub fn run_named(
    tables: &[&'static [Procedure]],
    name: &str,
    input: &str,
    dice: &mut dyn DieRoller,
) -> Result<String> {
    // Hidden from the optimiser: with the catalogue a constant, LLVM unrolled the lookup into
    // one inlined comparison per name, 11 KB of the procedures' wasm; as data it stays a loop.
    let tables = std::hint::black_box(tables);
    let procedure = find(tables, name)
        .ok_or_else(|| Error::invalid_argument(format!("unknown procedure \"{name}\"")))?;
    (procedure.run)(input, dice)
}

/// A missing field of an input that some procedures of a shared input type need.
pub fn required<T>(value: Option<T>, field: &str) -> Result<T> {
    value.ok_or_else(|| Error::invalid_argument(format!("missing field `{field}`")))
}

/// Declare procedures: a `const` table of [`Procedure`]s (what runs) and one of their
/// [`Description`]s (what the generated types and docs say), both from one entry each:
///
/// ```ignore
/// procedures! {
///     pub const PROCEDURES, DESCRIPTIONS = [
///         /// 2d6 + the speaker's CHA modifier → hostile … friendly.
///         "ose.reaction" ["OSE-REACT-01"] (optional)
///             |i: ReactionInput, d| -> ReactionRoll { roll_reaction(d, i.cha_modifier) }
///     ];
/// }
/// ```
///
/// After the name and rule IDs come, in this order and each optional: `(optional)`,
/// `(legacy_dice)` or `(by_hand)` (see [`Facade`]), `group "doc"` (the doc of the dotted group the name opens),
/// and `ts "type"` (the facade's narrower input type). The closure names the input and, when the
/// procedure rolls, the dice; its body gives `Result<result type>`.
#[macro_export]
macro_rules! procedures {
    (
        $vis:vis const $table:ident, $info:ident = [
            $(
                $(#[doc = $doc:literal])*
                $name:literal [$($rule:literal),* $(,)?]
                $(($facade:ident))?
                $(group $group:literal)?
                $(ts $ts:literal)?
                |$i:ident : $in:ty $(, $d:ident)?| -> $out:ty $body:block
            )*
        ];
    ) => {
        $vis const $table: &[$crate::procedures::registry::Procedure] = &[
            $(
                $crate::procedures::registry::Procedure {
                    name: $name,
                    run: |text, $crate::procedures!(@dice $($d)?)| {
                        $crate::procedures::registry::run_json(
                            text,
                            |$i: $in| -> $crate::error::Result<$out> { $body },
                        )
                    },
                },
            )*
        ];
        $vis const $info: &[$crate::procedures::registry::Description] = &[
            $(
                $crate::procedures::registry::Description {
                    name: $name,
                    input: stringify!($in),
                    ts_input: $crate::procedures!(@opt $($ts)?),
                    result: stringify!($out),
                    rules: &[$($rule),*],
                    doc: concat!($($doc, "\n",)*),
                    rolls: $crate::procedures!(@rolls $($d)?),
                    facade: $crate::procedures!(@facade $($facade)?),
                    group_doc: $crate::procedures!(@opt $($group)?),
                },
            )*
        ];
    };
    (@dice) => { _ };
    (@dice $d:ident) => { $d };
    (@opt) => { None };
    (@opt $text:literal) => { Some($text) };
    (@rolls) => { false };
    (@rolls $d:ident) => { true };
    (@facade) => { $crate::procedures::registry::Facade::Call };
    (@facade optional) => { $crate::procedures::registry::Facade::OptionalInput };
    (@facade legacy_dice) => { $crate::procedures::registry::Facade::LegacyDice };
    (@facade by_hand) => { $crate::procedures::registry::Facade::ByHand };
}
