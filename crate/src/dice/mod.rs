//! Dice: sources of faces, notation (text → tokens → AST → evaluation), die steps, and the
//! dice helpers the rulesets use. The user-facing reference is `docs/NOTATION.md`; this is the
//! same reference for Rust readers.
//!
//! # Using it
//! ```
//! use turnkeeper::dice::{Expression, SeededDice, SuppliedDice, roll};
//!
//! // One call: parse and roll with details.
//! let mut dice = SuppliedDice::new([3, 5, 1, 6]);
//! let r = roll("4D6KH3 + 2", &mut dice).unwrap();
//! assert_eq!((r.total, r.notation.as_str()), (16, "4d6kh3+2"));
//! assert!(r.dice[2].dropped);
//!
//! // Hot loops: parse once, roll many times, only the number.
//! let expr = Expression::parse("2d20kh1+5").unwrap();
//! let mut seeded = SeededDice::new(42).unwrap();
//! let total: i64 = (0..100).map(|_| expr.roll_total(&mut seeded).unwrap()).sum();
//! assert!(total >= 600);
//! ```
//! Every die comes from a [`DieRoller`] the caller passes: [`SeededDice`] (ChaCha20; a seed
//! means the same faces on every platform and version), [`CryptoDice`], or [`SuppliedDice`]
//! (faces a table typed in, each checked against its die). [`RollResult::faces`] replayed
//! through `SuppliedDice` reproduces a roll exactly.
//!
//! # Notation
//! Case-insensitive. Spaces may go between numbers, dice, operators and parentheses, but not
//! inside a dice term: `4d6kh3 + 2` is fine, `4d6 kh3` and `4 d6` are errors (so `2d6 d8`,
//! a forgotten `+`, is not silently read as `2d6d8`).
//!
//! | Form | Meaning | Example |
//! |---|---|---|
//! | `N` | an integer | `5` |
//! | `NdM` | roll N dice with M sides and add them (N may be 0) | `3d6` |
//! | `dM` | one die | `d20` = `1d20` |
//! | `d%` | percentile die | `d%` = `1d100` |
//! | `dF` | Fudge/Fate die: a d3 read as −1 / 0 / +1 | `4dF` |
//! | `dc` | Foundry's coin: a d2 read as 0 (tails) / 1 (heads) | `3dc` |
//! | `+ - * /` | add, subtract, multiply, divide (integer division rounds **down**) | `(1d8+2)*3`, `2d6/2` |
//! | `-x` | negation; binds tighter than `*` `/` (`-7/2` = −4) | `-5d6` (a negative total) |
//! | `( )` | grouping, up to 64 deep | `(1d4+1)*2` |
//!
//! Modifiers follow a dice term with no space, may be chained, and apply **in the order
//! written** (`4d6r1kh3` rerolls 1s, then keeps 3). They act on the term's *active* dice —
//! those not dropped and not rerolled away. A comparison is `=n`, `<n`, `<=n`, `>n`, `>=n`,
//! or a bare `n` meaning `=n` (a negative target needs its operator: `cs=-1`).
//!
//! | Modifier | Meaning | Example |
//! |---|---|---|
//! | `khn`, `kn` | keep the n highest (default 1), drop the rest | `4d6kh3` |
//! | `kln` | keep the n lowest (default 1) | `2d20kl1` |
//! | `dln`, `dn` | drop the n lowest (default 1) | `4d6dl1`, `4d6d1` |
//! | `dhn` | drop the n highest (default 1) | `5d6dh2` |
//! | `x`, `!` | explode: each die showing the highest face rolls one more die, repeatedly | `6d6x`, `1d6!` |
//! | `x`*cmp*, `!`*cmp* | explode on the comparison | `5d10x>=9`, `1d6!>4`, `1d10x10` |
//! | `xo`\[*cmp*\] | explode once: only the original dice explode | `6d6xo` |
//! | `rr`\[*cmp*\] | reroll a die matching (default: the lowest face) and keep rerolling while the new die matches | `1d20rr1`, `4d8rr<3` |
//! | `r`\[*cmp*\], `ro`\[*cmp*\] | reroll once; the new die stands (Foundry VTT's meaning) | `1d20r1`, `3d6r<=2` |
//! | `minn` | a die counting less than n counts as n | `d20min10` |
//! | `maxn` | a die counting more than n counts as n | `4d20max15` |
//! | `cs`\[*cmp*\] | the term counts successes: dice matching (default: highest face) | `10d10cs>=8`, `1d6cs<=2` (X-in-6) |
//! | `cf`\[*cmp*\] | count failures (default: lowest face); with `cs`, successes − failures | `10d10cs>=8cf1` |
//! | `adv`, `dis` | advantage/disadvantage on a single die: roll it twice, keep the higher/lower | `d20adv` = `2d20kh1` |
//!
//! Ties in keep/drop: the die rolled earlier is dropped first (as Foundry VTT does). New dice
//! from explosions and rerolls are added after the term's other dice, so [`RollResult::dice`]
//! is always in roll order. Explosions and rerolls check the die's current value (after any
//! earlier `min`/`max`); dice they add are fresh rolls.
//!
//! Foundry VTT syntax is followed where it overlaps, including rerolls: a bare `r` rerolls once
//! (`ro` is a synonym), `rr` keeps rerolling while the condition holds.
//!
//! # Foundry VTT formulas
//! Where the syntaxes overlap, Foundry's `Roll` formulas mean the same here (details and limits
//! in `docs/NOTATION.md`):
//!
//! | Form | Meaning | Example |
//! |---|---|---|
//! | `@path` | the text of a value from [`Expression::parse_with_data`]'s [`FormulaData`], put in before parsing as Foundry does ([`data`]) | `1d20+@abilities.str.mod`, `2@scale.monk.die` |
//! | `(expr)dM`, `Nd(expr)`, *cmp*`(expr)` | a count, size or target worked out first (no dice inside) | `(@level)d6`, `3d12cs<=(@power)` |
//! | `floor` `ceil` `round` `abs` `min` `max` `pow` | functions; exact fractions inside, rounded down when leaving the outermost; one glued to `d` counts dice | `ceil(7/2)` = 4, `ceil(@level/2)d6` |
//! | `{a, b, …}`*mods* | a pool: keep/drop/count the results of several formulas | `{4d6kh3, 4d6kh3}kh` |
//! | *term*`[text]` | flavor, carried into [`TermResult::flavor`] (damage types: [`crate::creature::damage_from_roll`]) | `2d6[fire]+1d8[cold]` |
//!
//! A [`RollResult`] prints (`Display`) as one line with every die:
//! `4d6kh3 [6, 5, 3, ~2~] + 2 = 16`.
//!
//! From code, [`RollMode`] / [`Expression::apply_mode`] give advantage or disadvantage to the
//! first d20 term of any expression (`1d20+5` → `2d20kh1+5`).
//!
//! # Normalized notation
//! [`Expression::normalized`] (also [`RollResult::notation`]) is lower case, without spaces,
//! with explicit counts and comparisons: `d20` → `1d20`, `d%` → `1d100`, `k` → `kh1`,
//! `1d6!` → `1d6x6`, `rr` → `r1`, `d20adv` → `2d20kh1`, `4D6KH3 + 2` → `4d6kh3+2`. Parsing the
//! normalized text gives the same expression. (Spelling things out can lengthen a notation, so
//! one written close to the length limit may normalize to more than 1,000 characters.)
//!
//! # Rounding
//! All arithmetic is on integers. `/` rounds toward negative infinity (floor): `7/2` = 3,
//! `-7/2` = −4, `7/-2` = −4. Division by zero is [`ErrorCode::DivisionByZero`] at the `/`.
//!
//! # Limits
//! Every limit is a constant in [`limits`]; breaking one is [`ErrorCode::NotationLimit`] with
//! the character position when the text causes it. Nothing can hang, panic, overflow or
//! allocate memory in proportion to a requested count before it is checked.
//!
//! | Limit | Value |
//! |---|---|
//! | notation length ([`limits::MAX_NOTATION_CHARS`]) | 1,000 characters |
//! | dice per roll, counting explosions and rerolls ([`limits::MAX_DICE`]) | 10,000 |
//! | sides per die ([`limits::MAX_SIDES`]) | 1,000,000 |
//! | parenthesis nesting ([`limits::MAX_DEPTH`]) | 64 |
//! | terms — dice terms and numbers ([`limits::MAX_TERMS`]) | 100 |
//! | modifiers on one term ([`limits::MAX_MODIFIERS_PER_TERM`]) | 16 |
//! | explosions/rerolls following one die ([`limits::MAX_REROLLS_PER_DIE`]) | 100 |
//! | any number, subtotal or total ([`limits::MAX_MAGNITUDE`]) | ±(2^53 − 1) |
//! | keep/drop counts | ≤ 10,000; comparison, `min`, `max` targets ≤ 1,000,000 |
//! | faces in one supplied box ([`limits::MAX_SUPPLIED_FACES`], `LIMIT_EXCEEDED`) | 1,000,000 |
//!
//! Explosions or repeating rerolls that match every face (`1d1x`, `1d6x>=1`, `1d6rr<7`) could
//! never stop and are refused when parsing. Ones that merely might run long (`1d100r<100`)
//! are rolled, and fail with `NOTATION_LIMIT` if a die really is followed by more than 100
//! explosions or rerolls (as Foundry VTT also stops such rolls with an error).
//!
//! # Errors
//! - [`ErrorCode::NotationSyntax`]: not notation (`d`, `1e400d6`, `4d6 kh3`, an empty string);
//!   `position` is the character index (not byte) where reading stopped.
//! - [`ErrorCode::NotationLimit`]: a limit above.
//! - [`ErrorCode::DivisionByZero`]: at the `/`.
//! - [`ErrorCode::NotationData`]: an `@path` with no value (and no [`DataOptions::missing`]),
//!   a number that is not whole, or a value that is no formula; at the `@`.
//! - [`ErrorCode::InvalidFace`], [`ErrorCode::FacesExhausted`]: from supplied dice; `position`
//!   points at the term that asked for the die.
//!
//! # Rule helpers
//! - [`twice`]: roll one die twice, keep the higher or lower (GH-DICE-04; Greyhawk
//!   initiative advantage keeps the lower) and the largest die of a pool.
//! - [`d20`]: a d20 in a [`RollMode`] ([`roll_d20`]), both dice shown.
//! - [`chance`]: X-in-6 ([`chance_in_six`]) and percentile ([`percent`]) checks.
//! - [`rolloff`]: tie roll-offs, rolling again among those still tied (A5E-INIT-03, GH-DUR-03).
//! - [`countdown`]: the A5E countdown pool (A5E-COUNT-01..03).
//! - [`spec`]: a fixed roll `NdM+k` ([`DiceSpec`]) for damage, healing and table rolls.
//! - [`step`]: die steps (GH-DICE-03).
//!
//! [`ErrorCode::DivisionByZero`]: crate::ErrorCode::DivisionByZero
//! [`ErrorCode::NotationData`]: crate::ErrorCode::NotationData
//! [`ErrorCode::FacesExhausted`]: crate::ErrorCode::FacesExhausted
//! [`ErrorCode::InvalidFace`]: crate::ErrorCode::InvalidFace
//! [`ErrorCode::NotationLimit`]: crate::ErrorCode::NotationLimit
//! [`ErrorCode::NotationSyntax`]: crate::ErrorCode::NotationSyntax

pub mod advantage;
mod ast;
mod batch;
mod chacha;
pub mod chance;
pub mod countdown;
pub mod d20;
pub mod data;
mod eval;
mod exact;
#[cfg(any(test, feature = "wasm-dice"))]
pub mod flat_input;
/// What a detailed roll collects, for the glue's packed encoding.
pub(crate) mod details {
    #[cfg_attr(
        not(all(feature = "wasm-dice", not(feature = "wasm-base"))),
        allow(unused_imports)
    )]
    pub(crate) use super::ast::DieKind;
    pub(crate) use super::eval::Details;
    #[cfg_attr(
        not(all(feature = "wasm-dice", not(feature = "wasm-base"))),
        allow(unused_imports)
    )]
    pub(crate) use super::eval::die_flags;
}
mod lanes;
mod lexer;
pub mod limits;
mod normalize;
mod order;
mod parser;
mod pool;
mod quick;
pub mod result;
mod roll;
pub mod rolloff;
mod smallbuf;
pub mod source;
pub mod spec;
pub mod step;
pub(crate) mod transfer;
pub mod twice;

pub use advantage::RollMode;
pub use ast::Expression;
pub use chance::{ChanceRoll, chance_in_six, percent};
pub use countdown::{Countdown, CountdownRoll, CountdownSpeed};
pub use d20::{D20Roll, roll_d20};
pub use data::{DataOptions, DataValue, FormulaData};
pub use result::{DieResult, PoolResult, RollResult, TermKind, TermResult};
pub use roll::{RollOptions, roll, roll_total, roll_with};
pub use rolloff::{RollOff, RollOffConfig, RollOffRoll, RollOffRound, RollOffWinner, roll_off};
pub use source::{
    CryptoDice, DiceSource, DieRoller, SeedState, SeededDice, SourceKind, SuppliedDice,
};
pub use spec::DiceSpec;
pub use step::{DieSize, RolledDie, StepChain};
pub use twice::{Keep, Kept, TwiceRoll, largest_die, roll_twice};
