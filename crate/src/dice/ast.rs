//! The parsed form of a notation.
//!
//! An [`Expression`] is a flat list of nodes in post-order (children before parents), which is
//! also a stack program: numbers and dice push a value, `Neg` negates the top, a binary operator
//! pops two and pushes one. A dice term's modifiers sit in the same list just before the term
//! (they push nothing), so a parse makes a single allocation. Evaluating and printing are therefore loops, never recursion, so no
//! notation — however long or nested within the limits — can exhaust the call stack.

use crate::dice::limits::MAX_SIDES;

/// Comparison operators for modifiers (`x>=5`, `r<3`, `cs=6`; a bare number means `=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Self::Eq => "=",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
        }
    }
}

/// A comparison against a target value, applied to a die's current value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Compare {
    pub op: CmpOp,
    pub target: i32,
}

impl Compare {
    pub(crate) const fn eq(target: i32) -> Self {
        Self {
            op: CmpOp::Eq,
            target,
        }
    }

    pub(crate) fn matches(self, value: i32) -> bool {
        match self.op {
            CmpOp::Eq => value == self.target,
            CmpOp::Lt => value < self.target,
            CmpOp::Le => value <= self.target,
            CmpOp::Gt => value > self.target,
            CmpOp::Ge => value >= self.target,
        }
    }

    /// True when every value `lo..=hi` matches: an explosion or repeating reroll on such a
    /// condition could never stop.
    pub(crate) fn matches_all(self, lo: i32, hi: i32) -> bool {
        match self.op {
            CmpOp::Eq => lo == self.target && hi == self.target,
            CmpOp::Lt => hi < self.target,
            CmpOp::Le => hi <= self.target,
            CmpOp::Gt => lo > self.target,
            CmpOp::Ge => lo >= self.target,
        }
    }
}

/// What kind of die a term rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DieKind {
    /// A die numbered `1..=sides` (`d6`, `d20`, `d%` = `d100`).
    Standard(u32),
    /// A Fudge/Fate die (`dF`): one d3 face, read 1 → −1, 2 → 0, 3 → +1.
    Fudge,
    /// Foundry's coin (`dc`): one d2 face, read 1 (tails) → 0, 2 (heads) → 1.
    Coin,
}

impl DieKind {
    /// The die of a term whose size is rolled (`1d(1d20)`) until it is: no die has 0 sides.
    pub(crate) const ROLLED: DieKind = DieKind::Standard(0);

    /// Sides of the die actually rolled through the dice source.
    pub(crate) fn sides(self) -> u32 {
        match self {
            Self::Standard(s) => s,
            Self::Fudge => 3,
            Self::Coin => 2,
        }
    }

    /// The value a face counts for.
    pub(crate) fn value(self, face: u32) -> i32 {
        let v = i32::try_from(face.min(MAX_SIDES)).unwrap_or(0);
        match self {
            Self::Standard(_) => v,
            Self::Fudge => v.saturating_sub(2),
            Self::Coin => v.saturating_sub(1),
        }
    }

    /// Lowest value a fresh die can show.
    pub(crate) fn lowest(self) -> i32 {
        match self {
            Self::Standard(_) => 1,
            Self::Fudge => -1,
            Self::Coin => 0,
        }
    }

    /// Highest value a fresh die can show.
    pub(crate) fn highest(self) -> i32 {
        match self {
            Self::Standard(s) => i32::try_from(s.min(MAX_SIDES)).unwrap_or(0),
            Self::Fudge | Self::Coin => 1,
        }
    }
}

/// A modifier on a dice term, applied in the order written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Modifier {
    /// `kh n` / `k n` (highest) and `kl n` (lowest): keep n dice, drop the rest.
    Keep { highest: bool, count: u32 },
    /// `dh n` (highest) and `dl n` / `d n` (lowest): drop n dice.
    Drop { highest: bool, count: u32 },
    /// `x` / `!` (repeating) and `xo` (once). `None` = on the die's highest value.
    Explode { once: bool, when: Option<Compare> },
    /// `r` / `rr` (repeating) and `ro` (once). `None` = on the die's lowest value.
    Reroll { once: bool, when: Option<Compare> },
    /// `min n`: values below n count as n.
    Min(i32),
    /// `max n`: values above n count as n.
    Max(i32),
    /// `cs`: count dice meeting the comparison (`None` = highest value).
    CountSuccesses(Option<Compare>),
    /// `cf`: count dice meeting the comparison as failures (`None` = lowest value).
    CountFailures(Option<Compare>),
}

/// A modifier and the character position where it was written (for errors found while rolling).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ModifierAt {
    pub modifier: Modifier,
    pub pos: u32,
}

/// `NdM`; its modifiers are the `mods_len` nodes from `mods_start` (just before this node).
///
/// A count or a size in parentheses that rolls dice (`(2d4)d8`, `1d(1d20)`) is known only
/// when rolled: its subexpression comes earlier in the nodes and leaves its value on the
/// stack, and the term pops it (the size on top, then the count). Until then `count` is
/// [`DiceTerm::ROLLED_COUNT`] and `die` is [`DieKind::ROLLED`]: markers no written term can
/// have, so the node stays as small as before (it is on the parser's hot path).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DiceTerm {
    pub count: u32,
    pub die: DieKind,
    pub mods_start: u32,
    pub mods_len: u32,
    /// Position of the term's first character.
    pub pos: u32,
}

impl DiceTerm {
    /// The count of a term whose count is rolled, until it is (written counts are at most
    /// `MAX_DICE`).
    pub(crate) const ROLLED_COUNT: u32 = u32::MAX;

    /// The count is the value of the rolled subexpression below the size's on the stack.
    pub(crate) fn count_rolled(&self) -> bool {
        self.count == Self::ROLLED_COUNT
    }

    /// The size is the value of the rolled subexpression on top of the stack.
    pub(crate) fn sides_rolled(&self) -> bool {
        self.die == DieKind::ROLLED
    }

    /// How many values the term pops before it rolls (its rolled count and size).
    pub(crate) fn pops(&self) -> usize {
        usize::from(self.count_rolled()) + usize::from(self.sides_rolled())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl BinOp {
    pub(crate) fn symbol(self) -> char {
        match self {
            Self::Add => '+',
            Self::Sub => '-',
            Self::Mul => '*',
            Self::Div => '/',
        }
    }
}

/// A function of Foundry VTT's formulas (`floor(@level/2)`, `max(1d6, 3)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Func {
    Floor,
    Ceil,
    Round,
    Abs,
    Min,
    Max,
    /// `pow(base, exponent)`, a whole exponent.
    Pow,
}

impl Func {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Floor => "floor",
            Self::Ceil => "ceil",
            Self::Round => "round",
            Self::Abs => "abs",
            Self::Min => "min",
            Self::Max => "max",
            Self::Pow => "pow",
        }
    }

    /// How many arguments it takes: `None` for one or more (`min`, `max`).
    pub(crate) fn arity(self) -> Option<u32> {
        match self {
            Self::Min | Self::Max => None,
            Self::Pow => Some(2),
            _ => Some(1),
        }
    }
}

/// `{a, b, …}` followed by keep/drop/count modifiers: the `count` values on top of the stack
/// are the pool's results; its modifiers are the `mods_len` nodes from `mods_start`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PoolTerm {
    pub count: u32,
    pub mods_start: u32,
    pub mods_len: u32,
    /// Position of the `{`.
    pub pos: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Node {
    Number {
        value: i64,
        pos: u32,
    },
    Dice(DiceTerm),
    /// A pool of results (`{4d6kh3, 4d6kh3}kh`): pops `count`, pushes what it keeps.
    Pool(PoolTerm),
    /// A function of the `args` values on top of the stack. Inside a function's parentheses
    /// arithmetic is exact (`exact` operators and fractions); `nested` when this call is
    /// itself inside another function (its result may stay a fraction), otherwise its result
    /// is rounded down to a whole number.
    Func {
        func: Func,
        args: u32,
        nested: bool,
        pos: u32,
    },
    /// The flavor text (`[fire]`) of the term just before: an index into
    /// [`Expression::labels`]; no effect on the stack.
    Flavor(u32),
    /// Unary minus of the value on top of the stack.
    Neg,
    /// Parentheses the user wrote; no effect on the value, kept for the normalized notation.
    Group,
    /// The parentheses of a die size that rolls dice (`1d(1d20)`): a [`Node::Group`] written
    /// `Nd(…)`, `count` being the term's written count (`None` when the count is in
    /// parentheses too: `(2d4)d(1d10)`).
    SidesGroup {
        count: Option<u32>,
    },
    /// `exact`: inside a function, where `/` keeps the fraction instead of rounding down.
    Binary {
        op: BinOp,
        pos: u32,
        exact: bool,
    },
    /// A modifier of the dice term that follows it; no effect on the stack.
    Modifier(ModifierAt),
}

/// A parsed dice notation: parse once with [`Expression::parse`], roll many times with
/// [`Expression::roll_total`] (just the number) or [`Expression::roll`] (every die).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expression {
    pub(crate) nodes: Vec<Node>,
    /// Deepest the evaluation stack gets (computed when parsing).
    pub(crate) max_stack: usize,
    /// Dice written in the notation (before explosions and rerolls).
    pub(crate) dice_count: u32,
    /// Terms (dice terms, numbers and pools).
    pub(crate) term_count: u32,
    /// Flavor texts (`2d6[fire]` → `fire`), referred to by [`Node::Flavor`].
    pub(crate) labels: Vec<Box<str>>,
    /// Some node does exact (fractional) arithmetic: the evaluator tracks denominators.
    pub(crate) exact: bool,
}

impl Expression {
    /// The modifiers of one dice term, in the order written.
    pub(crate) fn modifiers_of(&self, term: &DiceTerm) -> impl Iterator<Item = ModifierAt> + '_ {
        self.modifiers_at(term.mods_start, term.mods_len)
    }

    /// The modifiers in `len` nodes from `start`.
    pub(crate) fn modifiers_at(
        &self,
        start: u32,
        len: u32,
    ) -> impl Iterator<Item = ModifierAt> + '_ {
        let start = usize::try_from(start).unwrap_or(usize::MAX);
        let len = usize::try_from(len).unwrap_or(0);
        self.nodes
            .get(start..start.saturating_add(len))
            .unwrap_or(&[])
            .iter()
            .filter_map(|n| match n {
                Node::Modifier(m) => Some(*m),
                _ => None,
            })
    }

    /// Dice the notation writes (advantage counts as two), before explosions and rerolls. A
    /// count rolled in parentheses (`(2d4)d8`) adds only its own dice here: the dice it makes
    /// are known when rolled (the roll's `dice` lists them all).
    pub fn dice_count(&self) -> u32 {
        self.dice_count
    }

    /// The flavor text of the term whose node is at `index` (`2d6[fire]` → `fire`).
    pub(crate) fn flavor_after(&self, index: usize) -> Option<&str> {
        match self.nodes.get(index.saturating_add(1)) {
            Some(Node::Flavor(label)) => self.labels.get(*label as usize).map(|l| &**l),
            _ => None,
        }
    }

    /// Terms (dice terms, plain numbers and pools) in the notation.
    pub fn term_count(&self) -> u32 {
        self.term_count
    }

    /// Deepest evaluation stack the nodes need: leaves push, binary operators pop one.
    pub(crate) fn stack_need(nodes: &[Node]) -> usize {
        let mut depth = 0usize;
        let mut max = 0usize;
        for node in nodes {
            match node {
                Node::Number { .. } => {
                    depth = depth.saturating_add(1);
                    max = max.max(depth);
                }
                Node::Dice(term) => {
                    depth = depth.saturating_sub(term.pops()).saturating_add(1);
                    max = max.max(depth);
                }
                Node::Binary { .. } => depth = depth.saturating_sub(1),
                Node::Pool(PoolTerm { count: n, .. }) | Node::Func { args: n, .. } => {
                    depth = depth.saturating_sub(*n as usize).saturating_add(1);
                }
                Node::Neg
                | Node::Group
                | Node::SidesGroup { .. }
                | Node::Modifier(_)
                | Node::Flavor(_) => {}
            }
        }
        max
    }
}
