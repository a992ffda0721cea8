//! Evaluation: one loop over the post-order nodes with a value stack.
//!
//! The same code serves the fast path (`details = None`: nothing but the number is built, the
//! value stack and the dice of a modified term live in stack arrays) and the detailed path
//! (every die and term recorded). Sharing the code means the two can never disagree, and a seed
//! consumes the same faces either way.

use crate::dice::ast::{BinOp, Compare, DiceTerm, DieKind, Expression, Modifier, Node};
use crate::dice::exact::{self, Ratio, floor_div};
use crate::dice::limits::{MAX_DICE, MAX_MAGNITUDE, MAX_REROLLS_PER_DIE, MAX_SIDES};
use crate::dice::result::PoolResult;
use crate::dice::result::{DieResult, TermKind, TermResult};
use crate::dice::smallbuf::SmallBuf;
use crate::dice::source::DieRoller;
use crate::error::{Error, ErrorCode, Result};

/// What the detailed path collects: every die as parallel columns (so a big pool is a few
/// block copies, not a struct per die), and every term.
#[derive(Debug)]
pub(crate) struct Details {
    /// Each die's face, in roll order; dice are grouped by term, terms left to right.
    pub faces: Vec<u32>,
    /// Each die's [`die_flags`] bits; left empty while [`Details::plain`].
    pub flags: Vec<u8>,
    /// What each die counts for; left empty while [`Details::natural`].
    pub values: Vec<i32>,
    pub terms: Vec<TermDetail>,
    /// The results of every pool, pools left to right (each pool's [`TermDetail::dice`] says
    /// how many are its).
    pub results: Vec<PoolResult>,
    /// Every die so far has only the [`die_flags::KEPT`] bit.
    pub plain: bool,
    /// Every die so far counts what its face shows ([`DieKind::value`]).
    pub natural: bool,
}

impl Details {
    pub(crate) const fn new() -> Self {
        Self {
            faces: Vec::new(),
            flags: Vec::new(),
            values: Vec::new(),
            terms: Vec::new(),
            results: Vec::new(),
            plain: true,
            natural: true,
        }
    }

    /// Empty, keeping the capacity.
    pub(crate) fn clear(&mut self) {
        self.faces.clear();
        self.flags.clear();
        self.values.clear();
        self.terms.clear();
        self.results.clear();
        self.plain = true;
        self.natural = true;
    }

    /// Record the dice of a plain term (no modifiers): kept, counting their faces.
    fn plain_dice(&mut self, die: DieKind, faces: &[u32]) {
        self.faces.extend_from_slice(faces);
        if !self.plain {
            self.flags
                .extend(core::iter::repeat_n(die_flags::KEPT, faces.len()));
        }
        if !self.natural {
            self.values.extend(faces.iter().map(|&f| die.value(f)));
        }
    }

    /// Record one die of a term with modifiers (rolled with `die`).
    fn die(&mut self, die: DieKind, face: u32, flags: u8, value: i32) {
        if self.plain && flags != die_flags::KEPT {
            self.flags.clear();
            self.flags.resize(self.faces.len(), die_flags::KEPT);
            self.plain = false;
        }
        if self.natural && value != die.value(face) {
            self.values.clear();
            let mut faces = self.faces.iter();
            for term in &self.terms {
                if let Some(d) = term.die {
                    let n = term.dice as usize;
                    self.values
                        .extend(faces.by_ref().take(n).map(|&f| d.value(f)));
                }
            }
            // The earlier dice of the current term.
            self.values.extend(faces.map(|&f| die.value(f)));
            self.natural = false;
        }
        self.faces.push(face);
        if !self.plain {
            self.flags.push(flags);
        }
        if !self.natural {
            self.values.push(value);
        }
    }

    /// The dice as [`DieResult`]s, with each term's die and index.
    pub(crate) fn die_results(&self) -> Vec<DieResult> {
        let mut out = Vec::with_capacity(self.faces.len());
        let mut at = 0usize;
        for (index, term) in self.terms.iter().enumerate() {
            let Some(die) = term.die else { continue };
            let end = at.saturating_add(term.dice as usize);
            for i in at..end {
                let face = self.faces.get(i).copied().unwrap_or(0);
                let flags = self.flags.get(i).copied().unwrap_or(die_flags::KEPT);
                let value = self.values.get(i).copied().unwrap_or(die.value(face));
                out.push(DieResult {
                    sides: die.sides(),
                    face,
                    value,
                    kept: flags & die_flags::KEPT != 0,
                    dropped: flags & die_flags::DROPPED != 0,
                    exploded: flags & die_flags::EXPLODED != 0,
                    rerolled: flags & die_flags::REROLLED != 0,
                    success: flags & die_flags::SUCCESS != 0,
                    failure: flags & die_flags::FAILURE != 0,
                    fudge: die == DieKind::Fudge,
                    term: u32::try_from(index).unwrap_or(u32::MAX),
                });
            }
            at = end;
        }
        out
    }
}

impl Default for Details {
    fn default() -> Self {
        Self::new()
    }
}

/// One term of a detailed roll.
#[derive(Debug)]
pub(crate) struct TermDetail {
    /// Kind, subtotal and counts (its notation is left empty: texts depend only on the
    /// expression).
    pub result: TermResult,
    /// The die a dice term rolls; `None` for a number.
    pub die: Option<DieKind>,
    /// Dice of this term in [`Details::faces`] (counting explosions and rerolls); for a pool,
    /// its results in [`Details::results`].
    pub dice: u32,
}

/// The bits of [`Details::flags`] (also those of the packed encoding, `wasm::packed`).
pub(crate) mod die_flags {
    pub const KEPT: u8 = 1;
    pub const DROPPED: u8 = 2;
    pub const EXPLODED: u8 = 4;
    pub const REROLLED: u8 = 8;
    pub const SUCCESS: u8 = 16;
    pub const FAILURE: u8 = 32;
}

const DROPPED: u8 = 1;
const REROLLED: u8 = 1 << 1;
const EXPLODED: u8 = 1 << 2;
const SUCCESS: u8 = 1 << 3;
const FAILURE: u8 = 1 << 4;

/// A die inside a term while its modifiers run.
#[derive(Debug, Clone, Copy, Default)]
struct PoolDie {
    face: u32,
    value: i32,
    flags: u8,
    /// How many explosions/rerolls led to this die (0 for the dice written; at most
    /// MAX_REROLLS_PER_DIE, which fits in a byte).
    chain: u8,
}

impl PoolDie {
    fn active(self) -> bool {
        self.flags & (DROPPED | REROLLED) == 0
    }
    fn has(self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

/// Dice in one term kept on the stack up to this many.
const INLINE_DICE: usize = 16;
type Pool = SmallBuf<PoolDie, INLINE_DICE>;

fn limit(pos: u32, message: impl Into<String>) -> Error {
    Error::at(ErrorCode::NotationLimit, pos as usize, message)
}

fn internal() -> Error {
    Error::new(
        ErrorCode::NotationSyntax,
        "internal error: malformed expression",
    )
}

/// The dice source plus the count of dice drawn so far in this roll.
struct Draw<'a, R: DieRoller + ?Sized> {
    dice: &'a mut R,
    drawn: u32,
}

fn too_many_dice(pos: u32) -> Error {
    limit(
        pos,
        format!("more than {MAX_DICE} dice in one roll, counting explosions and rerolls"),
    )
}

/// Errors from the source (a supplied face that cannot be, faces running out) point at the
/// term that asked for the die.
fn at_term(pos: u32) -> impl FnOnce(Error) -> Error {
    move |mut e| {
        if e.position.is_none() {
            e.position = Some(pos as usize);
        }
        e
    }
}

impl<R: DieRoller + ?Sized> Draw<'_, R> {
    fn face(&mut self, die: DieKind, pos: u32) -> Result<u32> {
        if self.drawn >= MAX_DICE {
            return Err(too_many_dice(pos));
        }
        self.drawn = self.drawn.saturating_add(1);
        self.dice.roll_die(die.sides()).map_err(at_term(pos))
    }

    /// Fill `out` with faces: the same faces, source state and errors as a [`Draw::face`] per
    /// slot, in one call to the source.
    #[inline]
    fn faces(&mut self, die: DieKind, pos: u32, out: &mut [u32]) -> Result<()> {
        let room = MAX_DICE.saturating_sub(self.drawn) as usize;
        let (within, beyond) = out.split_at_mut(room.min(out.len()));
        self.drawn = self
            .drawn
            .saturating_add(u32::try_from(within.len()).unwrap_or(u32::MAX));
        self.dice
            .roll_dice(die.sides(), within)
            .map_err(at_term(pos))?;
        if beyond.is_empty() {
            Ok(())
        } else {
            Err(too_many_dice(pos))
        }
    }
}

/// Faces drawn from the source per call while rolling a term's dice: a small buffer for the
/// usual handful of dice (zeroing the big one would cost more than rolling them), a big one for
/// pools.
const SMALL_CHUNK: usize = 16;
const FACE_CHUNK: usize = 256;

/// Roll a term's `count` dice in chunks, calling `each` with every chunk of faces in roll order.
fn roll_faces<R: DieRoller + ?Sized>(
    draw: &mut Draw<'_, R>,
    die: DieKind,
    count: u32,
    pos: u32,
    each: impl FnMut(&[u32]),
) -> Result<()> {
    if count as usize <= SMALL_CHUNK {
        roll_chunks::<R, SMALL_CHUNK>(draw, die, count, pos, each)
    } else {
        roll_chunks::<R, FACE_CHUNK>(draw, die, count, pos, each)
    }
}

fn roll_chunks<R: DieRoller + ?Sized, const N: usize>(
    draw: &mut Draw<'_, R>,
    die: DieKind,
    count: u32,
    pos: u32,
    mut each: impl FnMut(&[u32]),
) -> Result<()> {
    let mut faces = [0u32; N];
    let mut left = count as usize;
    while left > 0 {
        let n = left.min(N);
        let chunk = faces.get_mut(..n).unwrap_or(&mut []);
        draw.faces(die, pos, chunk)?;
        each(chunk);
        left -= n;
    }
    Ok(())
}

/// What a chunk of faces of `die` adds up to.
#[inline]
fn sum_faces(die: DieKind, faces: &[u32]) -> i64 {
    // Faces are at most MAX_SIDES and chunks FACE_CHUNK long: no overflow.
    let sum: u64 = faces.iter().map(|&f| u64::from(f)).sum();
    let sum = i64::try_from(sum).unwrap_or(i64::MAX);
    match die {
        DieKind::Standard(_) => sum,
        // A Fudge face f counts f − 2.
        DieKind::Fudge => sum - 2 * faces.len() as i64,
        // A coin's face f counts f − 1 (tails 0, heads 1).
        DieKind::Coin => sum - faces.len() as i64,
    }
}

#[inline]
fn bounded(value: Option<i64>, pos: u32) -> Result<i64> {
    match value {
        Some(v) if v.unsigned_abs() <= MAX_MAGNITUDE as u64 => Ok(v),
        _ => Err(limit(
            pos,
            format!("a result would pass ±{MAX_MAGNITUDE} (the largest exact JavaScript integer)"),
        )),
    }
}

#[inline]
fn binary(op: BinOp, a: i64, b: i64, pos: u32) -> Result<i64> {
    let value = match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        BinOp::Div => {
            if b == 0 {
                return Err(Error::at(
                    ErrorCode::DivisionByZero,
                    pos as usize,
                    "division by zero",
                ));
            }
            floor_div(a, b)
        }
    };
    bounded(value, pos)
}

/// The value stack, in a borrowed buffer. `dens` holds each value's denominator when the
/// expression does exact arithmetic (functions), and is empty otherwise: every value outside
/// a function is whole.
struct Stack<'a> {
    buf: &'a mut [i64],
    dens: &'a mut [i64],
    len: usize,
}

// `#[inline]` on the small helpers of the rolling path (here and in `dice::source`): the dice
// module's build holds LLVM's inliner to a low threshold for size (scripts/build.sh), and the
// hint keeps these inlined there as at opt-level 3, so the roll rows lose nothing.
impl Stack<'_> {
    #[inline]
    fn push(&mut self, v: i64) -> Result<()> {
        let slot = self.buf.get_mut(self.len).ok_or_else(internal)?;
        *slot = v;
        if let Some(den) = self.dens.get_mut(self.len) {
            *den = 1;
        }
        self.len = self.len.saturating_add(1);
        Ok(())
    }
    #[inline]
    fn pop(&mut self) -> Result<i64> {
        self.len = self.len.checked_sub(1).ok_or_else(internal)?;
        self.buf.get(self.len).copied().ok_or_else(internal)
    }
    #[inline]
    fn push_ratio(&mut self, r: Ratio) -> Result<()> {
        self.push(r.num)?;
        if let Some(den) = self.dens.get_mut(self.len.saturating_sub(1)) {
            *den = r.den;
        }
        Ok(())
    }
    #[inline]
    fn pop_ratio(&mut self) -> Result<Ratio> {
        let num = self.pop()?;
        let den = self.dens.get(self.len).copied().unwrap_or(1);
        Ok(Ratio { num, den })
    }
}

/// Evaluation stack kept on the machine stack up to this depth.
const INLINE_STACK: usize = 16;

pub(crate) fn evaluate<R: DieRoller + ?Sized>(
    expr: &Expression,
    dice: &mut R,
    mut details: Option<&mut Details>,
) -> Result<i64> {
    let mut inline = [0i64; INLINE_STACK];
    let mut heap: Vec<i64>;
    let buf: &mut [i64] = if expr.max_stack <= INLINE_STACK {
        &mut inline
    } else {
        // max_stack is bounded by the node count, itself bounded by the notation length.
        heap = vec![0; expr.max_stack];
        &mut heap
    };
    // Functions are the general path: their denominators may cost an allocation.
    let mut dens = if expr.exact {
        vec![1i64; expr.max_stack]
    } else {
        Vec::new()
    };
    let mut stack = Stack {
        buf,
        dens: &mut dens,
        len: 0,
    };
    let mut draw = Draw { dice, drawn: 0 };
    for node in &expr.nodes {
        match *node {
            Node::Number { value, .. } => {
                if let Some(d) = details.as_deref_mut() {
                    d.terms.push(TermDetail {
                        result: TermResult {
                            kind: TermKind::Number,
                            notation: String::new(),
                            subtotal: value,
                            successes: None,
                            failures: None,
                            flavor: None,
                            results: Vec::new(),
                        },
                        die: None,
                        dice: 0,
                    });
                }
                stack.push(value)?;
            }
            Node::Dice(term) => {
                let value = if term.pops() == 0 {
                    roll_term(expr, &term, &mut draw, details.as_deref_mut())?
                } else {
                    let term = resolve_term(expr, term, &mut stack)?;
                    roll_term(expr, &term, &mut draw, details.as_deref_mut())?
                };
                stack.push(value)?;
            }
            Node::Neg => {
                let v = stack.pop()?;
                stack.push(v.checked_neg().ok_or_else(internal)?)?;
            }
            Node::Group | Node::SidesGroup { .. } | Node::Modifier(_) | Node::Flavor(_) => {}
            Node::Binary {
                op,
                pos,
                exact: false,
            } => {
                let b = stack.pop()?;
                let a = stack.pop()?;
                stack.push(binary(op, a, b, pos)?)?;
            }
            Node::Binary {
                op,
                pos,
                exact: true,
            } => {
                let b = stack.pop_ratio()?;
                let a = stack.pop_ratio()?;
                stack.push_ratio(exact::binary(op, a, b, pos)?)?;
            }
            Node::Func {
                func,
                args,
                nested,
                pos,
            } => {
                // Arguments are bounded by the terms, themselves bounded by MAX_TERMS.
                let mut values: SmallBuf<Ratio, 4> = SmallBuf::new();
                for _ in 0..args {
                    values.push(stack.pop_ratio()?);
                }
                values.as_mut_slice().reverse();
                let r = exact::call(func, values.as_slice(), pos)?;
                if nested {
                    stack.push_ratio(r)?;
                } else {
                    stack.push(r.floor())?;
                }
            }
            Node::Pool(pool) => {
                let mut results: SmallBuf<PoolResult, 4> = SmallBuf::new();
                for _ in 0..pool.count {
                    let value = stack.pop_ratio()?.floor();
                    results.push(PoolResult {
                        value,
                        kept: true,
                        dropped: false,
                        success: false,
                        failure: false,
                    });
                }
                results.as_mut_slice().reverse();
                let (value, successes, failures) =
                    crate::dice::pool::apply(expr, &pool, results.as_mut_slice());
                let value = bounded(Some(value), pool.pos)?;
                if let Some(d) = details.as_deref_mut() {
                    d.results.extend_from_slice(results.as_slice());
                    d.terms.push(TermDetail {
                        result: TermResult {
                            kind: TermKind::Pool,
                            notation: String::new(),
                            subtotal: value,
                            successes,
                            failures,
                            flavor: None,
                            results: Vec::new(),
                        },
                        die: None,
                        dice: pool.count,
                    });
                }
                stack.push(value)?;
            }
        }
    }
    let total = stack.pop()?;
    if stack.len != 0 {
        return Err(internal());
    }
    Ok(total)
}

/// A term whose count or size is rolled (`(2d4)d8`, `1d(1d20)`), made whole from the values
/// its subexpressions left (the size on top, then the count), with the checks the parser makes
/// of written ones: a count from 0 to [`MAX_DICE`], 1 to [`MAX_SIDES`] sides, and no explosion
/// or repeating reroll that matches every face of the die rolled.
fn resolve_term(expr: &Expression, mut term: DiceTerm, stack: &mut Stack<'_>) -> Result<DiceTerm> {
    let count_rolled = term.count_rolled();
    if term.sides_rolled() {
        let sides = stack.pop_ratio()?.floor();
        let die = u32::try_from(sides)
            .ok()
            .filter(|s| (1..=MAX_SIDES).contains(s))
            .map(DieKind::Standard)
            .ok_or_else(|| {
                limit(
                    term.pos,
                    format!("a die must have between 1 and {MAX_SIDES} sides, not {sides}"),
                )
            })?;
        term.die = die;
        for m in expr.modifiers_of(&term) {
            let rule = match m.modifier {
                Modifier::Explode { once: false, when } => {
                    when.unwrap_or(Compare::eq(die.highest()))
                }
                Modifier::Reroll { once: false, when } => when.unwrap_or(Compare::eq(die.lowest())),
                _ => continue,
            };
            if rule.matches_all(die.lowest(), die.highest()) {
                return Err(limit(
                    m.pos,
                    format!(
                        "on the d{sides} rolled this modifier matches every face, so it could never stop"
                    ),
                ));
            }
        }
    }
    if count_rolled {
        let count = stack.pop_ratio()?.floor();
        term.count = u32::try_from(count)
            .ok()
            .filter(|n| *n <= MAX_DICE)
            .ok_or_else(|| {
                limit(
                    term.pos,
                    format!("a dice count must be from 0 to {MAX_DICE}, not {count}"),
                )
            })?;
    }
    Ok(term)
}

fn roll_term<R: DieRoller + ?Sized>(
    expr: &Expression,
    term: &DiceTerm,
    draw: &mut Draw<'_, R>,
    mut details: Option<&mut Details>,
) -> Result<i64> {
    let die = term.die;
    if term.mods_len == 0 {
        // The common case (`1d20`, `3d6`, `1000d6`): sum as the faces come.
        let mut sum = 0i64;
        match details.as_deref_mut() {
            None => roll_faces(draw, die, term.count, term.pos, |faces| {
                sum = sum.saturating_add(sum_faces(die, faces));
            })?,
            Some(d) => {
                d.faces.reserve(term.count as usize);
                roll_faces(draw, die, term.count, term.pos, |faces| {
                    sum = sum.saturating_add(sum_faces(die, faces));
                    d.plain_dice(die, faces);
                })?
            }
        }
        let subtotal = bounded(Some(sum), term.pos)?;
        if let Some(d) = details {
            d.terms.push(TermDetail {
                result: TermResult {
                    kind: TermKind::Dice,
                    notation: String::new(),
                    subtotal,
                    successes: None,
                    failures: None,
                    flavor: None,
                    results: Vec::new(),
                },
                die: Some(die),
                dice: term.count,
            });
        }
        return Ok(subtotal);
    }

    let mut pool = Pool::new();
    roll_faces(draw, die, term.count, term.pos, |faces| {
        for &face in faces {
            pool.push(PoolDie {
                face,
                value: die.value(face),
                flags: 0,
                chain: 0,
            });
        }
    })?;
    let mut counts_successes = false;
    let mut counts_failures = false;
    for m in expr.modifiers_of(term) {
        match m.modifier {
            Modifier::Keep { highest, count } => {
                let active = active_count(&pool);
                let surplus = active.saturating_sub(count as usize);
                drop_extremes(&mut pool, !highest, surplus);
            }
            Modifier::Drop { highest, count } => {
                let n = active_count(&pool).min(count as usize);
                drop_extremes(&mut pool, highest, n);
            }
            Modifier::Explode { once, when } => {
                let rule = when.unwrap_or(Compare::eq(die.highest()));
                chain(&mut pool, draw, die, rule, once, EXPLODED, m.pos)?;
            }
            Modifier::Reroll { once, when } => {
                let rule = when.unwrap_or(Compare::eq(die.lowest()));
                chain(&mut pool, draw, die, rule, once, REROLLED, m.pos)?;
            }
            Modifier::Min(floor) => {
                for d in pool.as_mut_slice().iter_mut().filter(|d| d.active()) {
                    d.value = d.value.max(floor);
                }
            }
            Modifier::Max(ceiling) => {
                for d in pool.as_mut_slice().iter_mut().filter(|d| d.active()) {
                    d.value = d.value.min(ceiling);
                }
            }
            Modifier::CountSuccesses(when) => {
                counts_successes = true;
                mark(
                    &mut pool,
                    when.unwrap_or(Compare::eq(die.highest())),
                    SUCCESS,
                );
            }
            Modifier::CountFailures(when) => {
                counts_failures = true;
                mark(
                    &mut pool,
                    when.unwrap_or(Compare::eq(die.lowest())),
                    FAILURE,
                );
            }
        }
    }

    let mut sum = 0i64;
    let mut successes = 0u32;
    let mut failures = 0u32;
    for d in pool.as_slice().iter().filter(|d| d.active()) {
        sum = sum.saturating_add(i64::from(d.value));
        successes = successes.saturating_add(u32::from(d.has(SUCCESS)));
        failures = failures.saturating_add(u32::from(d.has(FAILURE)));
    }
    // `cs` alone counts successes, `cf` alone counts failures (as Foundry VTT does), and both
    // together give successes minus failures.
    let subtotal = match (counts_successes, counts_failures) {
        (true, true) => i64::from(successes) - i64::from(failures),
        (true, false) => i64::from(successes),
        (false, true) => i64::from(failures),
        (false, false) => bounded(Some(sum), term.pos)?,
    };
    if let Some(d) = details {
        for p in pool.as_slice() {
            d.die(die, p.face, die_flags_of(*p), p.value);
        }
        d.terms.push(TermDetail {
            result: TermResult {
                kind: TermKind::Dice,
                notation: String::new(),
                subtotal,
                successes: counts_successes.then_some(successes),
                failures: counts_failures.then_some(failures),
                flavor: None,
                results: Vec::new(),
            },
            die: Some(die),
            dice: u32::try_from(pool.len()).unwrap_or(u32::MAX),
        });
    }
    Ok(subtotal)
}

fn die_flags_of(d: PoolDie) -> u8 {
    let bit = |on: bool, flag: u8| if on { flag } else { 0 };
    bit(d.active(), die_flags::KEPT)
        | bit(d.has(DROPPED), die_flags::DROPPED)
        | bit(d.has(EXPLODED), die_flags::EXPLODED)
        | bit(d.has(REROLLED), die_flags::REROLLED)
        | bit(d.has(SUCCESS), die_flags::SUCCESS)
        | bit(d.has(FAILURE), die_flags::FAILURE)
}

fn active_count(pool: &Pool) -> usize {
    pool.as_slice().iter().filter(|d| d.active()).count()
}

fn mark(pool: &mut Pool, rule: Compare, flag: u8) {
    for d in pool.as_mut_slice().iter_mut() {
        if d.active() && rule.matches(d.value) {
            d.flags |= flag;
        }
    }
}

/// Drop `n` active dice with the highest (or lowest) values. Among equal values the die rolled
/// earlier is dropped first, as Foundry VTT does.
fn drop_extremes(pool: &mut Pool, highest: bool, n: usize) {
    if n == 0 {
        return;
    }
    // Is `a` (at index i) a better candidate for dropping than `b` (at index j > i)?
    let beats = |a: i32, b: i32| if highest { a >= b } else { a <= b };
    if n == 1 {
        // One pass, no buffer: the common `kh3` of `4d6` and advantage.
        let mut pick: Option<(usize, i32)> = None;
        for (i, d) in pool.as_slice().iter().enumerate() {
            if !d.active() {
                continue;
            }
            match pick {
                Some((_, v)) if beats(v, d.value) => {}
                _ => pick = Some((i, d.value)),
            }
        }
        if let Some(d) = pick.and_then(|(i, _)| pool.get_mut(i)) {
            d.flags |= DROPPED;
        }
        return;
    }
    let mut order: SmallBuf<(i32, u32), INLINE_DICE> = SmallBuf::new();
    for (i, d) in pool.as_slice().iter().enumerate() {
        if d.active() {
            let key = if highest {
                -i64::from(d.value)
            } else {
                i64::from(d.value)
            };
            // Values are within ±MAX_SIDES, so the key fits in i32.
            order.push((
                i32::try_from(key).unwrap_or(0),
                u32::try_from(i).unwrap_or(u32::MAX),
            ));
        }
    }
    let keys = order.as_mut_slice();
    super::order::sort_pairs(keys);
    for &(_, i) in keys.iter().take(n) {
        if let Some(d) = pool.get_mut(i as usize) {
            d.flags |= DROPPED;
        }
    }
}

/// Explosions (`flag = EXPLODED`: the die stays and a new one is added) and rerolls
/// (`flag = REROLLED`: the die is replaced by a new one). New dice go to the end of the pool,
/// so the pool stays in roll order; a repeating modifier reaches them too and may continue the
/// chain, up to [`MAX_REROLLS_PER_DIE`] links.
fn chain<R: DieRoller + ?Sized>(
    pool: &mut Pool,
    draw: &mut Draw<'_, R>,
    die: DieKind,
    rule: Compare,
    once: bool,
    flag: u8,
    pos: u32,
) -> Result<()> {
    let initial = pool.len();
    let mut i = 0;
    while let Some(d) = pool.get(i) {
        if once && i >= initial {
            break;
        }
        if d.active() && !d.has(flag) && rule.matches(d.value) {
            if u32::from(d.chain) >= MAX_REROLLS_PER_DIE {
                return Err(limit(
                    pos,
                    format!("a die was exploded or rerolled more than {MAX_REROLLS_PER_DIE} times"),
                ));
            }
            let face = draw.face(die, pos)?;
            if let Some(slot) = pool.get_mut(i) {
                slot.flags |= flag;
            }
            pool.push(PoolDie {
                face,
                value: die.value(face),
                flags: 0,
                chain: d.chain.saturating_add(1),
            });
        }
        i = i.saturating_add(1);
    }
    Ok(())
}
