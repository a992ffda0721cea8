//! Tokens → [`Expression`].
//!
//! Grammar (precedence climbing; binary chains are loops, unary signs are a loop, and only
//! parentheses recurse — at most [`MAX_DEPTH`] levels, counted explicitly):
//!
//! ```text
//! expr    := product (('+' | '-') product)*
//! product := unary (('*' | '/') unary)*
//! unary   := ('+' | '-')* primary
//! primary := NUMBER | dice | '(' expr ')'
//! dice    := NUMBER? 'd' (NUMBER | '%' | 'F') modifier*        (no spaces inside)
//! modifier:= ('kh'|'k'|'kl'|'dh'|'dl'|'d') NUMBER?
//!          | ('x'|'!'|'xo'|'r'|'rr'|'ro'|'cs'|'cf') compare?
//!          | ('min'|'max') NUMBER | 'adv' | 'dis'
//! compare := NUMBER | ('=' | '<' | '<=' | '>' | '>=') '-'? NUMBER
//! ```
//!
//! Every limit that the text alone can break (length, nesting, dice, sides, terms, modifier
//! counts and values, modifiers that could never stop) is checked here, with the position of
//! the offending character.

use crate::dice::ast::{BinOp, Compare, DiceTerm, DieKind, Expression, Modifier, ModifierAt, Node};
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
    // Bounded scan: a megabyte of text costs MAX_NOTATION_CHARS steps here.
    if text.len() > MAX_NOTATION_CHARS && text.chars().nth(MAX_NOTATION_CHARS).is_some() {
        return Err(Error::at(
            ErrorCode::NotationLimit,
            MAX_NOTATION_CHARS,
            format!("notation is longer than {MAX_NOTATION_CHARS} characters"),
        ));
    }
    let mut parser = Parser {
        lexer: Lexer::new(text),
        peeked: None,
        nodes: Vec::with_capacity(8),
        depth: 0,
        terms: 0,
        dice: 0,
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
    Ok(Expression {
        nodes: parser.nodes,
        max_stack,
        dice_count: parser.dice,
        term_count: parser.terms,
    })
}

fn syntax(pos: u32, message: impl Into<String>) -> Error {
    Error::at(ErrorCode::NotationSyntax, pos as usize, message)
}

fn limit(pos: u32, message: impl Into<String>) -> Error {
    Error::at(ErrorCode::NotationLimit, pos as usize, message)
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    peeked: Option<Token>,
    nodes: Vec<Node>,
    depth: u32,
    terms: u32,
    dice: u32,
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
            self.nodes.push(Node::Binary { op, pos: t.pos });
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
            self.nodes.push(Node::Binary { op, pos: t.pos });
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
                    return self.dice_term(Some(n), t.pos);
                }
                self.count_term(t.pos)?;
                let value = i64::try_from(n).map_err(|_| limit(t.pos, "number is too large"))?;
                self.nodes.push(Node::Number { value, pos: t.pos });
                Ok(())
            }
            Tok::D => self.dice_term(None, t.pos),
            Tok::LParen => {
                if self.depth >= MAX_DEPTH {
                    return Err(limit(
                        t.pos,
                        format!("parentheses are nested deeper than {MAX_DEPTH}"),
                    ));
                }
                self.depth = self.depth.saturating_add(1);
                self.expr()?;
                let close = self.bump()?;
                if close.tok != Tok::RParen {
                    return Err(syntax(
                        close.pos,
                        format!(
                            "expected ')' to close the '(' at {} but found {}",
                            t.pos,
                            describe(close.tok)
                        ),
                    ));
                }
                self.depth = self.depth.saturating_sub(1);
                self.nodes.push(Node::Group);
                Ok(())
            }
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

    fn count_term(&mut self, pos: u32) -> Result<()> {
        if self.terms >= MAX_TERMS {
            return Err(limit(pos, format!("more than {MAX_TERMS} terms")));
        }
        self.terms = self.terms.saturating_add(1);
        Ok(())
    }

    fn dice_term(&mut self, count: Option<u64>, pos: u32) -> Result<()> {
        let mut count = match count {
            Some(n) => u32::try_from(n)
                .ok()
                .filter(|n| *n <= MAX_DICE)
                .ok_or_else(|| limit(pos, format!("more than {MAX_DICE} dice in one roll")))?,
            None => 1,
        };
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
                    if !once && rule.matches_all(die.lowest(), die.highest()) {
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
                    if !once && rule.matches_all(die.lowest(), die.highest()) {
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
            count,
            die,
            mods_start: u32::try_from(mods_start).unwrap_or(u32::MAX),
            mods_len: u32::try_from(self.nodes.len().saturating_sub(mods_start)).unwrap_or(0),
            pos,
        };
        self.nodes.push(Node::Dice(term));
        Ok(())
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
