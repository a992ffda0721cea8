//! Tokens → [`Expression`].
//!
//! Grammar (precedence climbing; binary chains are loops, unary signs are a loop, and only
//! parentheses recurse — at most [`MAX_DEPTH`] levels, counted explicitly):
//!
//! ```text
//! expr    := product (('+' | '-') product)*
//! product := unary (('*' | '/') unary)*
//! unary   := ('+' | '-')* primary
//! primary := (NUMBER | '@' PATH | dice | pool) flavor? | '(' expr ')' | group-dice
//!          | FUNC '(' expr (',' expr)* ')'
//! dice    := NUMBER? 'd' (NUMBER | '%' | 'F' | '(' expr ')') modifier*   (no spaces inside)
//! group-dice := '(' expr ')' 'd' …                   (a dice count in parentheses)
//! ```
//!
//! A count or size in parentheses without dice (`(@level)d6`) is worked out here and written
//! into the term. One that rolls dice (`(2d4)d8`, `1d(1d20)`, Foundry's parenthetical terms)
//! stays in the expression before the term, which takes its value when rolled: the inner dice
//! are rolled first, count before size, and reported as terms of their own.
//!
//! ```text
//! pool    := '{' expr (',' expr)* '}' (keep | drop | 'cs' compare | 'cf' compare)*
//! flavor  := '[' TEXT ']'
//! FUNC    := floor | ceil | round | abs | min | max | pow
//! modifier:= ('kh'|'k'|'kl'|'dh'|'dl'|'d') NUMBER?
//!          | ('x'|'!'|'xo'|'r'|'rr'|'ro'|'cs'|'cf') compare?
//!          | ('min'|'max') NUMBER | 'adv' | 'dis'
//! compare := NUMBER | ('=' | '<' | '<=' | '>' | '>=') '-'? NUMBER
//! ```
//!
//! Every limit that the text alone can break (length, nesting, dice, sides, terms, modifier
//! counts and values, modifiers that could never stop) is checked here, with the position of
//! the offending character.

use crate::dice::SuppliedDice;
use crate::dice::ast::{
    BinOp, Compare, DiceTerm, DieKind, Expression, Func, Modifier, ModifierAt, Node, PoolTerm,
};
use crate::dice::data::{DataOptions, FormulaData, Substituted, substitute};
use crate::dice::eval::evaluate;
use crate::dice::lexer::{Lexer, Tok, Token, Word, describe};
use crate::dice::limits::{
    MAX_DEPTH, MAX_DICE, MAX_MODIFIERS_PER_TERM, MAX_NOTATION_CHARS, MAX_SIDES, MAX_TERMS,
};
use crate::error::{Error, ErrorCode, Result};

pub(crate) fn parse(text: &str) -> Result<Expression> {
    match crate::dice::quick::parse(text) {
        Some(expr) => Ok(expr),
        None => parse_general(text),
    }
}

/// The general parser, for every text (`parse` tries the fast path of `dice::quick` first).
pub(crate) fn parse_general(text: &str) -> Result<Expression> {
    parse_with(text, None)
}

/// The general parser with the values of `@path` references (see `dice::data`): they are put
/// into the text first, and the result is parsed as if written that way, every position mapped
/// back to the text as written.
pub(crate) fn parse_with(
    text: &str,
    data: Option<(&dyn FormulaData, DataOptions<'_>)>,
) -> Result<Expression> {
    // Bounded scan: a megabyte of text costs MAX_NOTATION_CHARS steps here.
    if text.len() > MAX_NOTATION_CHARS && text.chars().nth(MAX_NOTATION_CHARS).is_some() {
        return Err(Error::at(
            ErrorCode::NotationLimit,
            MAX_NOTATION_CHARS,
            format!("notation is longer than {MAX_NOTATION_CHARS} characters"),
        ));
    }
    match data {
        None => parse_tokens(Lexer::new(text), None),
        Some((data, options)) => {
            let subst = substitute(text, data, options)?;
            parse_tokens(Lexer::substituted(&subst), Some(&subst)).map_err(|e| subst.explain(e))
        }
    }
}

fn parse_tokens<'a>(lexer: Lexer<'a>, subst: Option<&'a Substituted<'a>>) -> Result<Expression> {
    let mut parser = Parser {
        lexer,
        peeked: None,
        nodes: Vec::with_capacity(8),
        depth: 0,
        terms: 0,
        dice: 0,
        subst,
        labels: Vec::new(),
        in_function: 0,
    };
    let first = parser.peek()?;
    if first.tok == Tok::Eof {
        return Err(Error::at(
            ErrorCode::NotationSyntax,
            first.pos as usize,
            "the notation is empty",
        ));
    }
    parser.expr()?;
    let end = parser.bump()?;
    if end.tok != Tok::Eof {
        let hint = match end.tok {
            Tok::Word(_) | Tok::D | Tok::Cmp(_) if end.spaced => {
                " (a dice term and its modifiers are written without spaces)"
            }
            Tok::RParen => " (no '(' is open)",
            _ => " (expected an operator)",
        };
        return Err(Error::at(
            ErrorCode::NotationSyntax,
            end.pos as usize,
            format!("unexpected {}{hint}", describe(end.tok)),
        ));
    }
    let max_stack = Expression::stack_need(&parser.nodes);
    let exact = parser.nodes.iter().any(|n| matches!(n, Node::Func { .. }));
    Ok(Expression {
        nodes: parser.nodes,
        max_stack,
        dice_count: parser.dice,
        term_count: parser.terms,
        labels: parser.labels,
        exact,
    })
}

fn syntax(pos: u32, message: impl Into<String>) -> Error {
    Error::at(ErrorCode::NotationSyntax, pos as usize, message)
}

fn limit(pos: u32, message: impl Into<String>) -> Error {
    Error::at(ErrorCode::NotationLimit, pos as usize, message)
}

/// A point in the parse [`Parser::fold`] returns to.
#[derive(Clone, Copy)]
struct Mark {
    nodes: usize,
    labels: usize,
    terms: u32,
    dice: u32,
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    peeked: Option<Token>,
    nodes: Vec<Node>,
    depth: u32,
    terms: u32,
    dice: u32,
    /// The formula's values, when it was given data (`None`: it was not, and any `@path` is
    /// an error).
    subst: Option<&'a Substituted<'a>>,
    labels: Vec<Box<str>>,
    /// How many function calls the parser is inside (arithmetic there is exact).
    in_function: u32,
}

impl Parser<'_> {
    fn peek(&mut self) -> Result<Token> {
        if let Some(t) = self.peeked {
            return Ok(t);
        }
        let t = self.lexer.next_token()?;
        self.peeked = Some(t);
        Ok(t)
    }

    fn bump(&mut self) -> Result<Token> {
        let t = self.peek()?;
        self.peeked = None;
        Ok(t)
    }

    /// The next token, when it is glued to the previous one (no whitespace between).
    fn peek_glued(&mut self) -> Result<Option<Token>> {
        let t = self.peek()?;
        Ok((!t.spaced).then_some(t))
    }

    fn expr(&mut self) -> Result<()> {
        self.product()?;
        loop {
            let t = self.peek()?;
            let op = match t.tok {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => return Ok(()),
            };
            self.bump()?;
            self.product()?;
            let exact = self.in_function > 0;
            self.nodes.push(Node::Binary {
                op,
                pos: t.pos,
                exact,
            });
        }
    }

    fn product(&mut self) -> Result<()> {
        self.unary()?;
        loop {
            let t = self.peek()?;
            let op = match t.tok {
                Tok::Star => BinOp::Mul,
                Tok::Slash => BinOp::Div,
                _ => return Ok(()),
            };
            self.bump()?;
            self.unary()?;
            let exact = self.in_function > 0;
            self.nodes.push(Node::Binary {
                op,
                pos: t.pos,
                exact,
            });
        }
    }

    /// Signs are counted in a loop (a unary plus does nothing; each minus becomes one `Neg`),
    /// so a thousand signs cost no stack. Their number is bounded by the notation length.
    fn unary(&mut self) -> Result<()> {
        let mut negations = 0u32;
        loop {
            match self.peek()?.tok {
                Tok::Plus => {}
                Tok::Minus => negations = negations.saturating_add(1),
                _ => break,
            }
            self.bump()?;
        }
        self.primary()?;
        for _ in 0..negations {
            self.nodes.push(Node::Neg);
        }
        Ok(())
    }

    fn primary(&mut self) -> Result<()> {
        let t = self.bump()?;
        match t.tok {
            Tok::Number(n) => {
                if self.peek_glued()?.is_some_and(|next| next.tok == Tok::D) {
                    self.bump()?;
                    return self.dice_term(Some(n), false, t.pos);
                }
                let value = i64::try_from(n).map_err(|_| limit(t.pos, "number is too large"))?;
                self.number(value, t.pos)
            }
            Tok::Data { start, end } => Err(self.unfilled(self.lexer.slice(start, end), t.pos)),
            Tok::D => self.dice_term(None, false, t.pos),
            Tok::LParen => {
                let mark = self.mark();
                self.group(t)?;
                self.dice_after(mark, t)
            }
            Tok::Func(func) => self.function(func, t),
            Tok::Word(Word::Min) => self.function(Func::Min, t),
            Tok::Word(Word::Max) => self.function(Func::Max, t),
            Tok::LBrace => self.pool(t),
            Tok::Eof => Err(syntax(
                t.pos,
                "the notation ends where a number, a die or '(' was expected",
            )),
            other => Err(syntax(
                t.pos,
                format!(
                    "expected a number, a die or '(' but found {}",
                    describe(other)
                ),
            )),
        }
    }

    /// The error for an `@path` left in the text: values are put in before parsing, so this
    /// one has none, or was named inside another value's text.
    fn unfilled(&self, path: &str, pos: u32) -> Error {
        let message = match self.subst {
            None => format!("@{path} needs data, and none was given"),
            Some(subst) => match subst.span_at(pos) {
                Some(outer) => format!(
                    "the value at @{} ({}) names @{path}, and values are put in only once",
                    outer.path,
                    crate::text::quote::quoted(&outer.value, '"')
                ),
                None => format!("the data has no value at @{path}"),
            },
        };
        Error::at(ErrorCode::NotationData, pos as usize, message)
    }

    /// A function call, which may be a dice count (`ceil(@level/2)d6`, as Foundry reads it).
    fn function(&mut self, func: Func, name: Token) -> Result<()> {
        let mark = self.mark();
        self.call(func, name)?;
        self.dice_after(mark, name)
    }

    /// After a group or a function call (parsed since `mark`, starting at `open`): a `d` glued
    /// to it makes its value the count of a dice term.
    fn dice_after(&mut self, mark: Mark, open: Token) -> Result<()> {
        if !self.peek_glued()?.is_some_and(|next| next.tok == Tok::D) {
            return Ok(());
        }
        if self.rolls_since(mark) {
            // `(2d4)d8`: the count is rolled first.
            self.bump()?;
            return self.dice_term(None, true, open.pos);
        }
        // `(@level)d6`, `(1+2)d(4*2)`, `floor(@level/2)d6`: a count worked out now.
        let count = self.fold(mark, open.pos, "a dice count")?;
        self.bump()?;
        let count = u64::try_from(count).map_err(|_| {
            limit(
                open.pos,
                format!("a dice count must be from 0 to {MAX_DICE}"),
            )
        })?;
        self.dice_term(Some(count), false, open.pos)
    }

    /// A plain number term and its flavor.
    fn number(&mut self, value: i64, pos: u32) -> Result<()> {
        self.count_term(pos)?;
        self.nodes.push(Node::Number { value, pos });
        self.flavor()
    }

    /// Enter one more level of brackets (parentheses, a function's, a pool's braces).
    fn enter(&mut self, open: Token) -> Result<()> {
        if self.depth >= MAX_DEPTH {
            return Err(limit(
                open.pos,
                format!("parentheses are nested deeper than {MAX_DEPTH}"),
            ));
        }
        self.depth = self.depth.saturating_add(1);
        Ok(())
    }

    /// The closing bracket `close` of the `open` one.
    fn close(&mut self, open: Token, close: Tok, name: char) -> Result<()> {
        let t = self.bump()?;
        if t.tok != close {
            return Err(syntax(
                t.pos,
                format!(
                    "expected '{name}' to close the one at {} but found {}",
                    open.pos,
                    describe(t.tok)
                ),
            ));
        }
        self.depth = self.depth.saturating_sub(1);
        Ok(())
    }

    /// `( expr )` after its `(`.
    fn group(&mut self, open: Token) -> Result<()> {
        self.enter(open)?;
        self.expr()?;
        self.close(open, Tok::RParen, ')')?;
        self.nodes.push(Node::Group);
        Ok(())
    }

    /// `floor(x)`, `max(a, b, …)`: the function's name has been read.
    fn call(&mut self, func: Func, name: Token) -> Result<()> {
        let open = self.bump()?;
        if open.tok != Tok::LParen {
            return Err(syntax(
                open.pos,
                format!("expected '(' after {}", func.name()),
            ));
        }
        self.enter(open)?;
        self.in_function = self.in_function.saturating_add(1);
        let args = self.list()?;
        self.in_function = self.in_function.saturating_sub(1);
        self.close(open, Tok::RParen, ')')?;
        if let Some(arity) = func.arity().filter(|n| *n != args) {
            let wanted = if arity == 1 {
                "one value"
            } else {
                "two values"
            };
            return Err(syntax(
                name.pos,
                format!("{} takes {wanted}, not {args}", func.name()),
            ));
        }
        self.nodes.push(Node::Func {
            func,
            args,
            nested: self.in_function > 0,
            pos: name.pos,
        });
        Ok(())
    }

    /// `expr (',' expr)*`: how many.
    fn list(&mut self) -> Result<u32> {
        let mut count = 1u32;
        self.expr()?;
        while self.peek()?.tok == Tok::Comma {
            self.bump()?;
            self.expr()?;
            count = count.saturating_add(1);
        }
        Ok(count)
    }

    /// `{a, b, …}` and its modifiers, after the `{`.
    fn pool(&mut self, open: Token) -> Result<()> {
        self.enter(open)?;
        let count = self.list()?;
        self.close(open, Tok::RBrace, '}')?;
        self.count_term(open.pos)?;
        let mods_start = self.nodes.len();
        while let Some(t) = self.peek_glued()? {
            let word = match t.tok {
                Tok::Word(w) => w,
                Tok::D => Word::DropLow,
                _ => break,
            };
            self.bump()?;
            if self.nodes.len().saturating_sub(mods_start) >= MAX_MODIFIERS_PER_TERM as usize {
                return Err(limit(
                    t.pos,
                    format!("more than {MAX_MODIFIERS_PER_TERM} modifiers on one pool"),
                ));
            }
            let modifier = match word {
                Word::KeepHigh | Word::KeepLow => Modifier::Keep {
                    highest: word == Word::KeepHigh,
                    count: self.optional_count()?.unwrap_or(1),
                },
                Word::DropHigh | Word::DropLow => Modifier::Drop {
                    highest: word == Word::DropHigh,
                    count: self.optional_count()?.unwrap_or(1),
                },
                Word::CountSuccesses => Modifier::CountSuccesses(Some(self.required_compare(t)?)),
                Word::CountFailures => Modifier::CountFailures(Some(self.required_compare(t)?)),
                _ => {
                    return Err(syntax(
                        t.pos,
                        "a pool takes only keep (kh, kl), drop (dh, dl) and count (cs, cf) modifiers",
                    ));
                }
            };
            self.nodes.push(Node::Modifier(ModifierAt {
                modifier,
                pos: t.pos,
            }));
        }
        self.nodes.push(Node::Pool(PoolTerm {
            count,
            mods_start: u32::try_from(mods_start).unwrap_or(u32::MAX),
            mods_len: u32::try_from(self.nodes.len().saturating_sub(mods_start)).unwrap_or(0),
            pos: open.pos,
        }));
        self.flavor()
    }

    /// `[text]` after a term: its flavor.
    fn flavor(&mut self) -> Result<()> {
        if let Tok::Label { start, end } = self.peek()?.tok {
            self.bump()?;
            let index = u32::try_from(self.labels.len()).unwrap_or(u32::MAX);
            self.labels.push(self.lexer.slice(start, end).into());
            self.nodes.push(Node::Flavor(index));
        }
        Ok(())
    }

    /// Where the parse is: what [`Parser::fold`] goes back to.
    fn mark(&self) -> Mark {
        Mark {
            nodes: self.nodes.len(),
            labels: self.labels.len(),
            terms: self.terms,
            dice: self.dice,
        }
    }

    /// The value of what was parsed since `mark` (a parenthesized count, size or target),
    /// which may not roll dice; it is then removed, so the expression holds just the number.
    fn fold(&mut self, mark: Mark, pos: u32, what: &str) -> Result<i64> {
        let part = self.nodes.get(mark.nodes..).unwrap_or(&[]);
        if part.iter().any(|n| matches!(n, Node::Dice(_))) {
            return Err(syntax(
                pos,
                format!("{what} in parentheses may not roll dice (only numbers and @data)"),
            ));
        }
        let expr = Expression {
            nodes: part.to_vec(),
            max_stack: Expression::stack_need(part),
            dice_count: 0,
            term_count: 0,
            labels: Vec::new(),
            exact: part.iter().any(|n| matches!(n, Node::Func { .. })),
        };
        // No dice to draw, so any source gives the value; the one every roll goes through
        // (`DiceSource`) keeps the evaluator compiled once instead of once more for this.
        let value = evaluate(
            &expr,
            &mut crate::dice::DiceSource::Supplied(SuppliedDice::new([])),
            None,
        )?;
        self.nodes.truncate(mark.nodes);
        self.labels.truncate(mark.labels);
        self.terms = mark.terms;
        self.dice = mark.dice;
        Ok(value)
    }

    /// Whether what was parsed since `mark` rolls dice (so its value is known only when rolled).
    fn rolls_since(&self, mark: Mark) -> bool {
        self.nodes
            .get(mark.nodes..)
            .unwrap_or(&[])
            .iter()
            .any(|n| matches!(n, Node::Dice(_)))
    }

    fn count_term(&mut self, pos: u32) -> Result<()> {
        if self.terms >= MAX_TERMS {
            return Err(limit(pos, format!("more than {MAX_TERMS} terms")));
        }
        self.terms = self.terms.saturating_add(1);
        Ok(())
    }

    /// A dice term after its `d`: `count` written (`None`: 1, or rolled when `count_rolled`,
    /// its subexpression already parsed).
    fn dice_term(&mut self, count: Option<u64>, count_rolled: bool, pos: u32) -> Result<()> {
        let mut count = match count {
            Some(n) => u32::try_from(n)
                .ok()
                .filter(|n| *n <= MAX_DICE)
                .ok_or_else(|| limit(pos, format!("more than {MAX_DICE} dice in one roll")))?,
            None if count_rolled => 0,
            None => 1,
        };
        let mut sides_rolled = false;
        self.count_term(pos)?;
        let sides = self.bump()?;
        let die = match sides.tok {
            _ if sides.spaced => {
                return Err(syntax(
                    sides.pos,
                    "the die size must follow 'd' with no space",
                ));
            }
            Tok::Number(s) => {
                if s == 0 || s > u64::from(MAX_SIDES) {
                    return Err(limit(
                        sides.pos,
                        format!("a die must have between 1 and {MAX_SIDES} sides, not {s}"),
                    ));
                }
                DieKind::Standard(u32::try_from(s).unwrap_or(MAX_SIDES))
            }
            Tok::Percent => DieKind::Standard(100),
            Tok::Fudge => DieKind::Fudge,
            Tok::Coin => DieKind::Coin,
            Tok::LParen => {
                // `2d(4*2)`, `1d(@die)`: sides in parentheses.
                let mark = self.mark();
                self.group(sides)?;
                if self.rolls_since(mark) {
                    // `1d(1d20)`: the size is rolled first (after a rolled count).
                    if let Some(last) = self.nodes.last_mut() {
                        *last = Node::SidesGroup {
                            count: (!count_rolled).then_some(count),
                        };
                    }
                    sides_rolled = true;
                    DieKind::ROLLED
                } else {
                    let s = self.fold(mark, sides.pos, "a die size")?;
                    if !(1..=i64::from(MAX_SIDES)).contains(&s) {
                        return Err(limit(
                            sides.pos,
                            format!("a die must have between 1 and {MAX_SIDES} sides, not {s}"),
                        ));
                    }
                    DieKind::Standard(u32::try_from(s).unwrap_or(MAX_SIDES))
                }
            }
            other => {
                return Err(syntax(
                    sides.pos,
                    format!(
                        "expected the die size (a number, '%' or 'F') after 'd' but found {}",
                        describe(other)
                    ),
                ));
            }
        };
        let mods_start = self.nodes.len();
        let mut exploding = false;
        while let Some(t) = self.peek_glued()? {
            let word = match t.tok {
                Tok::Word(w) => w,
                Tok::D => Word::DropLow,
                _ => break,
            };
            self.bump()?;
            let written = self.nodes.len().saturating_sub(mods_start);
            if written >= MAX_MODIFIERS_PER_TERM as usize {
                return Err(limit(
                    t.pos,
                    format!("more than {MAX_MODIFIERS_PER_TERM} modifiers on one die term"),
                ));
            }
            let modifier = match word {
                Word::KeepHigh | Word::KeepLow => Modifier::Keep {
                    highest: word == Word::KeepHigh,
                    count: self.optional_count()?.unwrap_or(1),
                },
                Word::DropHigh | Word::DropLow => Modifier::Drop {
                    highest: word == Word::DropHigh,
                    count: self.optional_count()?.unwrap_or(1),
                },
                Word::Explode | Word::ExplodeOnce => {
                    if exploding {
                        return Err(syntax(t.pos, "a die term may explode only once"));
                    }
                    exploding = true;
                    let once = word == Word::ExplodeOnce;
                    let when = self.optional_compare()?;
                    let rule = when.unwrap_or(Compare::eq(die.highest()));
                    // A rolled size is checked when rolled (`eval::resolve_term`).
                    if !once && !sides_rolled && rule.matches_all(die.lowest(), die.highest()) {
                        return Err(limit(
                            t.pos,
                            "this explosion matches every face, so it could never stop",
                        ));
                    }
                    Modifier::Explode { once, when }
                }
                Word::Reroll | Word::RerollOnce => {
                    let once = word == Word::RerollOnce;
                    let when = self.optional_compare()?;
                    let rule = when.unwrap_or(Compare::eq(die.lowest()));
                    if !once && !sides_rolled && rule.matches_all(die.lowest(), die.highest()) {
                        return Err(limit(
                            t.pos,
                            "this reroll matches every face, so it could never stop",
                        ));
                    }
                    Modifier::Reroll { once, when }
                }
                Word::Min | Word::Max => {
                    let n = self.required_value(t)?;
                    if word == Word::Min {
                        Modifier::Min(n)
                    } else {
                        Modifier::Max(n)
                    }
                }
                Word::CountSuccesses => Modifier::CountSuccesses(self.optional_compare()?),
                Word::CountFailures => Modifier::CountFailures(self.optional_compare()?),
                Word::Advantage | Word::Disadvantage => {
                    if count != 1 {
                        return Err(syntax(
                            t.pos,
                            "advantage and disadvantage apply to a single die (write 1d20adv)",
                        ));
                    }
                    count = 2;
                    Modifier::Keep {
                        highest: word == Word::Advantage,
                        count: 1,
                    }
                }
            };
            self.nodes.push(Node::Modifier(ModifierAt {
                modifier,
                pos: t.pos,
            }));
        }
        let total = self.dice.saturating_add(count);
        if total > MAX_DICE {
            return Err(limit(pos, format!("more than {MAX_DICE} dice in one roll")));
        }
        self.dice = total;
        let term = DiceTerm {
            count: if count_rolled {
                DiceTerm::ROLLED_COUNT
            } else {
                count
            },
            die,
            mods_start: u32::try_from(mods_start).unwrap_or(u32::MAX),
            mods_len: u32::try_from(self.nodes.len().saturating_sub(mods_start)).unwrap_or(0),
            pos,
        };
        self.nodes.push(Node::Dice(term));
        self.flavor()
    }

    /// Keep/drop count: a glued number, at most [`MAX_DICE`].
    fn optional_count(&mut self) -> Result<Option<u32>> {
        match self.peek_glued()? {
            Some(Token {
                tok: Tok::Number(n),
                pos,
                ..
            }) => {
                self.bump()?;
                u32::try_from(n)
                    .ok()
                    .filter(|n| *n <= MAX_DICE)
                    .map(Some)
                    .ok_or_else(|| limit(pos, format!("a count may not exceed {MAX_DICE}")))
            }
            _ => Ok(None),
        }
    }

    /// A modifier's target value: at most [`MAX_SIDES`].
    fn value(pos: u32, n: u64) -> Result<i32> {
        if n > u64::from(MAX_SIDES) {
            return Err(limit(
                pos,
                format!("a modifier value may not exceed {MAX_SIDES}"),
            ));
        }
        i32::try_from(n).map_err(|_| limit(pos, "value too large"))
    }

    fn required_value(&mut self, after: Token) -> Result<i32> {
        match self.peek_glued()? {
            Some(Token {
                tok: Tok::Number(n),
                pos,
                ..
            }) => {
                self.bump()?;
                Self::value(pos, n)
            }
            _ => {
                let t = self.peek()?;
                Err(syntax(
                    t.pos,
                    format!("{} needs a number right after it", describe(after.tok)),
                ))
            }
        }
    }

    /// A pool's `cs` / `cf` comparison, which it cannot do without (a pool has no faces).
    fn required_compare(&mut self, after: Token) -> Result<Compare> {
        match self.optional_compare()? {
            Some(c) => Ok(c),
            None => {
                let t = self.peek()?;
                Err(syntax(
                    t.pos,
                    format!(
                        "{} on a pool needs a comparison (cs>=10)",
                        describe(after.tok)
                    ),
                ))
            }
        }
    }

    fn optional_compare(&mut self) -> Result<Option<Compare>> {
        let Some(t) = self.peek_glued()? else {
            return Ok(None);
        };
        match t.tok {
            Tok::Number(n) => {
                self.bump()?;
                Ok(Some(Compare::eq(Self::value(t.pos, n)?)))
            }
            Tok::Cmp(op) => {
                self.bump()?;
                // After an operator a minus can only be a sign (`cs>=-1` for Fudge dice).
                let negative = self
                    .peek_glued()?
                    .is_some_and(|next| next.tok == Tok::Minus);
                if negative {
                    self.bump()?;
                }
                match self.peek_glued()? {
                    Some(Token {
                        tok: Tok::Number(n),
                        pos,
                        ..
                    }) => {
                        self.bump()?;
                        let target = Self::value(pos, n)?;
                        Ok(Some(Compare {
                            op,
                            target: if negative { -target } else { target },
                        }))
                    }
                    Some(
                        open @ Token {
                            tok: Tok::LParen,
                            pos,
                            ..
                        },
                    ) if !negative => {
                        // `cs<=(@attributes.power)`: a target in parentheses.
                        self.bump()?;
                        let mark = self.mark();
                        self.group(open)?;
                        let v = self.fold(mark, pos, "a comparison")?;
                        let target = Self::value(pos, v.unsigned_abs())?;
                        Ok(Some(Compare {
                            op,
                            target: if v < 0 { -target } else { target },
                        }))
                    }
                    _ => {
                        let next = self.peek()?;
                        Err(syntax(
                            next.pos,
                            format!("expected a number right after '{}'", op.symbol()),
                        ))
                    }
                }
            }
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The limit counts characters, not bytes, whatever their width: a text one character
    /// over is refused however long each character is, and a text far longer the same way.
    #[test]
    fn the_length_limit_counts_characters_of_any_width() {
        let over = |text: &str| {
            parse_general(text)
                .err()
                .is_some_and(|e| e.code == ErrorCode::NotationLimit && e.message.contains("longer"))
        };
        for c in ["1", "é", "€", "😀"] {
            let at = c.repeat(MAX_NOTATION_CHARS);
            assert!(!over(&at), "{c}");
            assert!(over(&(at.clone() + c)), "{c}");
            assert!(over(&(at.clone() + "1")), "{c}");
            assert!(over(&c.repeat(MAX_NOTATION_CHARS * 50)), "{c}");
            let e = parse_general(&(at + c)).unwrap_err();
            assert_eq!(e.position, Some(MAX_NOTATION_CHARS));
        }
        // Wide characters first, then narrow ones up to the limit: within it.
        let mixed = "😀".repeat(500) + &"1".repeat(MAX_NOTATION_CHARS - 500);
        assert!(!over(&mixed));
        assert!(over(&(mixed + "😀")));
    }
}
