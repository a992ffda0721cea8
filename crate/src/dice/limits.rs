//! Documented limits on dice. Each breach is an error with code `NOTATION_LIMIT` (or, for the
//! rule helpers that take no notation, `LIMIT_EXCEEDED` / `INVALID_ARGUMENT`), never a hang, a
//! panic or an allocation the size of the request: every count is checked before anything is
//! allocated or rolled for it.
//!
//! The numbers are generous for play (no table rolls 10,000 dice) and small enough that the
//! worst notation still evaluates in well under a millisecond natively.

/// Most sides a die may have.
pub const MAX_SIDES: u32 = 1_000_000;

/// Longest notation accepted, in characters (Unicode scalar values). Checked before anything
/// else, so a megabyte of text costs one bounded scan.
pub const MAX_NOTATION_CHARS: usize = 1_000;

/// Most dice one roll may throw, counting every explosion and every reroll. Checked twice: the
/// written counts when parsing, then every extra die while rolling.
pub const MAX_DICE: u32 = 10_000;

/// Most faces one supplied box may hold (physical dice typed in, a test's list). A box plays
/// its faces back across many calls, so this is a hundred times the most dice one roll may
/// throw, yet it keeps the copy into the module's memory to 4 MB: the facade refuses a longer
/// list with `LIMIT_EXCEEDED` before copying anything, and the glue refuses it again.
pub const MAX_SUPPLIED_FACES: usize = 1_000_000;

/// Deepest nesting of parentheses. The parser counts depth explicitly and refuses to go deeper,
/// so hostile nesting cannot exhaust the stack.
pub const MAX_DEPTH: u32 = 64;

/// Most terms (dice terms plus plain numbers) in one notation.
pub const MAX_TERMS: u32 = 100;

/// Most modifiers chained on one dice term (`4d6r1x kh3` has three).
pub const MAX_MODIFIERS_PER_TERM: u32 = 16;

/// Most explosions or rerolls that may follow one die: a die rolled because of another die
/// (an explosion or a reroll) is one link further down the chain, and a chain longer than this
/// is an error rather than an unbounded loop. Modifiers that could *never* stop (`1d1x`,
/// `1d6rr<7`) are refused when parsing; this limit catches the merely improbable ones.
pub const MAX_REROLLS_PER_DIE: u32 = 100;

/// Largest magnitude of any number in a roll: literals, term subtotals, intermediate results and
/// the total. 2^53 − 1 is the largest integer a JavaScript number holds exactly, so every value
/// the engine reports survives the trip to JS unchanged. All arithmetic is checked.
pub const MAX_MAGNITUDE: i64 = (1 << 53) - 1;

/// Most rounds a tie roll-off may take before giving up (each round, everyone still tied rolls
/// again). With d20s a round leaves two entrants tied with probability 1/20, so 100 rounds is
/// never reached by chance.
pub const MAX_ROLL_OFF_ROUNDS: u32 = 100;

/// Most entrants in one tie roll-off.
pub const MAX_ROLL_OFF_ENTRANTS: u32 = 10_000;

/// Most dice in an A5E countdown pool (A5E-COUNT-01 pools are a handful of d6s).
pub const MAX_COUNTDOWN_DICE: u32 = 1_000;

/// Most dice in one [`DiceSpec`](crate::dice::DiceSpec) roll (a damage or healing roll; the
/// largest the sources print are a few dozen dice).
pub const MAX_SPEC_DICE: u32 = 100;

/// Largest absolute flat modifier of a [`DiceSpec`](crate::dice::DiceSpec).
pub const MAX_SPEC_MODIFIER: i32 = 1_000_000;
