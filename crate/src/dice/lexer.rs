//! Notation → tokens.
//!
//! The lexer is pulled one token at a time by the parser, so lexing allocates nothing. Letters
//! are matched case-insensitively against the modifier keywords, longest first (`kh` before
//! `k`, `dis` before `d`). Positions are character indexes (not bytes), as `Error::position`
//! promises; `spaced` records whether whitespace came before the token, because a dice term
//! (`4d6kh3`) must be written without spaces inside it.

use crate::dice::ast::{CmpOp, Func};
use crate::dice::data::{Substituted, path_len};
use crate::dice::limits::MAX_MAGNITUDE;
use crate::error::{Error, ErrorCode, Result};

/// Modifier keywords and the two letters that are not modifiers (`d`, `f`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Word {
    KeepHigh,
    KeepLow,
    DropHigh,
    DropLow,
    Explode,
    ExplodeOnce,
    Reroll,
    RerollOnce,
    Min,
    Max,
    CountSuccesses,
    CountFailures,
    Advantage,
    Disadvantage,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A non-negative integer no larger than [`MAX_MAGNITUDE`].
    Number(u64),
    /// `d`: the dice separator, or drop-lowest when it follows a die.
    D,
    /// `%` after `d`.
    Percent,
    /// `f` / `F` after `d`.
    Fudge,
    /// `c` alone after a `d`: Foundry's coin (`dc`).
    Coin,
    Word(Word),
    Cmp(CmpOp),
    Plus,
    Minus,
    Star,
    Slash,
    LParen,
    RParen,
    /// `,` between the arguments of a function or the results of a pool.
    Comma,
    LBrace,
    RBrace,
    /// `floor`, `ceil`, `round`, `abs`, `pow` (`min` and `max` are [`Word::Min`] / [`Word::Max`],
    /// which are functions where a value is expected).
    Func(Func),
    /// `@path`: the path's bytes `start..end` in the text (after the `@`).
    Data {
        start: u32,
        end: u32,
    },
    /// `[text]`: a flavor, the bytes `start..end` in the text (inside the brackets).
    Label {
        start: u32,
        end: u32,
    },
    Eof,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token {
    pub tok: Tok,
    /// Character index of the token's first character.
    pub pos: u32,
    /// Whitespace came directly before this token.
    pub spaced: bool,
}

pub(crate) struct Lexer<'a> {
    text: &'a str,
    /// When `text` is a formula with its `@path` values in place: where each came from, so
    /// that every position reported is one in the text as written.
    written: Option<&'a Substituted<'a>>,
    /// Byte offset of the next unread character.
    byte: usize,
    /// Character index of the next unread character.
    char_pos: u32,
}

impl<'a> Lexer<'a> {
    /// `text` must already be checked against the length limit (so positions fit in `u32`).
    pub(crate) fn new(text: &'a str) -> Self {
        Self {
            text,
            written: None,
            byte: 0,
            char_pos: 0,
        }
    }

    /// A lexer over a formula with its `@path` values in place.
    pub(crate) fn substituted(subst: &'a Substituted<'a>) -> Self {
        Self {
            text: &subst.text,
            written: Some(subst),
            byte: 0,
            char_pos: 0,
        }
    }

    /// The position in the text as written of the next unread character.
    fn pos(&self) -> u32 {
        self.written
            .map_or(self.char_pos, |w| w.written_pos(self.char_pos))
    }

    /// The text of a [`Tok::Data`] or [`Tok::Label`].
    pub(crate) fn slice(&self, start: u32, end: u32) -> &'a str {
        self.text.get(start as usize..end as usize).unwrap_or("")
    }

    /// `@path` (its characters: [`path_len`]).
    fn data(&mut self, pos: u32, spaced: bool) -> Result<Token> {
        let start = self.byte.saturating_add(1);
        let end = start.saturating_add(path_len(self.text.as_bytes(), start));
        if end == start {
            return Err(Error::at(
                ErrorCode::NotationSyntax,
                pos as usize,
                "expected a data path after '@' (as in @abilities.str.mod)",
            ));
        }
        self.advance_ascii(end - self.byte);
        Ok(Token {
            tok: Tok::Data {
                start: u32::try_from(start).unwrap_or(u32::MAX),
                end: u32::try_from(end).unwrap_or(u32::MAX),
            },
            pos,
            spaced,
        })
    }

    /// `[text]`: any characters but brackets, at least one.
    fn label(&mut self, pos: u32, spaced: bool) -> Result<Token> {
        let bytes = self.text.as_bytes();
        let start = self.byte.saturating_add(1);
        let mut end = start;
        let mut chars = 1u32;
        loop {
            match bytes.get(end) {
                Some(b']') => break,
                Some(b'[') | None => {
                    return Err(Error::at(
                        ErrorCode::NotationSyntax,
                        pos as usize,
                        "a flavor '[' needs its ']' (and no '[' inside)",
                    ));
                }
                Some(&b) => {
                    // Count characters, not bytes: skip UTF-8 continuation bytes.
                    if b & 0xC0 != 0x80 {
                        chars = chars.saturating_add(1);
                    }
                    end += 1;
                }
            }
        }
        if end == start {
            return Err(Error::at(
                ErrorCode::NotationSyntax,
                pos as usize,
                "a flavor '[]' may not be empty",
            ));
        }
        self.byte = end.saturating_add(1);
        self.char_pos = self.char_pos.saturating_add(chars.saturating_add(1));
        Ok(Token {
            tok: Tok::Label {
                start: u32::try_from(start).unwrap_or(u32::MAX),
                end: u32::try_from(end).unwrap_or(u32::MAX),
            },
            pos,
            spaced,
        })
    }

    /// Consume `bytes` bytes of ASCII (one char per byte).
    fn advance_ascii(&mut self, bytes: usize) {
        self.byte = self.byte.saturating_add(bytes);
        self.char_pos = self
            .char_pos
            .saturating_add(u32::try_from(bytes).unwrap_or(u32::MAX));
    }

    /// The byte `ahead` places after the next unread one, lower-cased.
    fn lower_at(&self, ahead: usize) -> Option<u8> {
        self.text
            .as_bytes()
            .get(self.byte.saturating_add(ahead))
            .map(u8::to_ascii_lowercase)
    }

    /// The next token. Notation is ASCII, so the lexer reads bytes; a non-ASCII character is
    /// decoded only to skip Unicode whitespace or to name it in the error.
    pub(crate) fn next_token(&mut self) -> Result<Token> {
        let bytes = self.text.as_bytes();
        let mut spaced = false;
        let b = loop {
            match bytes.get(self.byte) {
                None => {
                    return Ok(Token {
                        tok: Tok::Eof,
                        pos: self.pos(),
                        spaced,
                    });
                }
                Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C) => {
                    spaced = true;
                    self.advance_ascii(1);
                }
                Some(&b) if b >= 0x80 => {
                    let c = self
                        .text
                        .get(self.byte..)
                        .and_then(|rest| rest.chars().next())
                        .unwrap_or(char::REPLACEMENT_CHARACTER);
                    if !c.is_whitespace() {
                        return Err(Error::at(
                            ErrorCode::NotationSyntax,
                            self.pos() as usize,
                            format!(
                                "unexpected character {}",
                                crate::text::quote::quoted(c.encode_utf8(&mut [0; 4]), '\'')
                            ),
                        ));
                    }
                    spaced = true;
                    self.byte = self.byte.saturating_add(c.len_utf8());
                    self.char_pos = self.char_pos.saturating_add(1);
                }
                Some(&b) => break b,
            }
        };
        let pos = self.pos();
        let (tok, len) = match b {
            b'0'..=b'9' => return self.number(pos, spaced),
            b'@' => return self.data(pos, spaced),
            b'[' => return self.label(pos, spaced),
            b',' => (Tok::Comma, 1),
            b'{' => (Tok::LBrace, 1),
            b'}' => (Tok::RBrace, 1),
            b'a'..=b'z' | b'A'..=b'Z' => self.word(b, pos)?,
            b'!' => (Tok::Word(Word::Explode), 1),
            b'%' => (Tok::Percent, 1),
            b'+' => (Tok::Plus, 1),
            b'-' => (Tok::Minus, 1),
            b'*' => (Tok::Star, 1),
            b'/' => (Tok::Slash, 1),
            b'(' => (Tok::LParen, 1),
            b')' => (Tok::RParen, 1),
            b'=' => (Tok::Cmp(CmpOp::Eq), 1),
            b'<' | b'>' => {
                let or_equal = bytes.get(self.byte.saturating_add(1)) == Some(&b'=');
                let op = match (b, or_equal) {
                    (b'<', true) => CmpOp::Le,
                    (b'<', false) => CmpOp::Lt,
                    (_, true) => CmpOp::Ge,
                    (_, false) => CmpOp::Gt,
                };
                (Tok::Cmp(op), if or_equal { 2 } else { 1 })
            }
            other => {
                return Err(Error::at(
                    ErrorCode::NotationSyntax,
                    pos as usize,
                    format!(
                        "unexpected character {}",
                        crate::text::quote::quoted(
                            char::from(other).encode_utf8(&mut [0; 4]),
                            '\''
                        )
                    ),
                ));
            }
        };
        self.advance_ascii(len);
        Ok(Token { tok, pos, spaced })
    }

    fn number(&mut self, pos: u32, spaced: bool) -> Result<Token> {
        let digits = self
            .text
            .as_bytes()
            .get(self.byte..)
            .unwrap_or(&[])
            .iter()
            .take_while(|b| b.is_ascii_digit());
        let mut value = 0u64;
        let mut len = 0usize;
        for &d in digits {
            value = value.saturating_mul(10).saturating_add(u64::from(d - b'0'));
            if value > MAX_MAGNITUDE as u64 {
                return Err(Error::at(
                    ErrorCode::NotationLimit,
                    pos as usize,
                    format!("number is larger than {MAX_MAGNITUDE}"),
                ));
            }
            len += 1;
        }
        self.advance_ascii(len);
        Ok(Token {
            tok: Tok::Number(value),
            pos,
            spaced,
        })
    }

    /// Letters: the longest keyword starting here (`kh` before `k`, `dis` before `d`), matched
    /// case-insensitively by a dispatch on the first letter. Returns the token and its length.
    fn word(&self, first: u8, pos: u32) -> Result<(Tok, usize)> {
        let at = |i: usize| self.lower_at(i);
        let w = Tok::Word;
        let letter = char::from(first);
        let spells = |word: &[u8]| word.iter().enumerate().all(|(i, &c)| at(i + 1) == Some(c));
        Ok(match first.to_ascii_lowercase() {
            b'f' if spells(b"loor") => (Tok::Func(Func::Floor), 5),
            b'c' if spells(b"eil") => (Tok::Func(Func::Ceil), 4),
            b'r' if spells(b"ound") => (Tok::Func(Func::Round), 5),
            b'a' if spells(b"bs") => (Tok::Func(Func::Abs), 3),
            b'p' if spells(b"ow") => (Tok::Func(Func::Pow), 3),
            b'd' => match (at(1), at(2)) {
                (Some(b'h'), _) => (w(Word::DropHigh), 2),
                (Some(b'l'), _) => (w(Word::DropLow), 2),
                (Some(b'i'), Some(b's')) => (w(Word::Disadvantage), 3),
                _ => (Tok::D, 1),
            },
            b'k' => match at(1) {
                Some(b'h') => (w(Word::KeepHigh), 2),
                Some(b'l') => (w(Word::KeepLow), 2),
                _ => (w(Word::KeepHigh), 1),
            },
            b'x' => match at(1) {
                Some(b'o') => (w(Word::ExplodeOnce), 2),
                _ => (w(Word::Explode), 1),
            },
            b'r' => match at(1) {
                Some(b'o') => (w(Word::RerollOnce), 2),
                Some(b'r') => (w(Word::Reroll), 2),
                // Foundry VTT: a bare `r` rerolls once; `rr` keeps rerolling.
                _ => (w(Word::RerollOnce), 1),
            },
            b'c' => match at(1) {
                Some(b's') => (w(Word::CountSuccesses), 2),
                Some(b'f') => (w(Word::CountFailures), 2),
                _ => (Tok::Coin, 1),
            },
            b'm' => match (at(1), at(2)) {
                (Some(b'i'), Some(b'n')) => (w(Word::Min), 3),
                (Some(b'a'), Some(b'x')) => (w(Word::Max), 3),
                _ => return Err(unexpected_letter(letter, pos)),
            },
            b'a' => match (at(1), at(2)) {
                (Some(b'd'), Some(b'v')) => (w(Word::Advantage), 3),
                _ => return Err(unexpected_letter(letter, pos)),
            },
            b'f' => (Tok::Fudge, 1),
            _ => return Err(unexpected_letter(letter, pos)),
        })
    }
}

fn unexpected_letter(letter: char, pos: u32) -> Error {
    Error::at(
        ErrorCode::NotationSyntax,
        pos as usize,
        format!("unexpected letter '{letter}'"),
    )
}

/// Words for error messages.
pub(crate) fn describe(tok: Tok) -> String {
    // The fixed descriptions become text in one place rather than one allocation each.
    let fixed = match tok {
        Tok::Number(n) => return format!("the number {n}"),
        Tok::Word(w) => return format!("the modifier '{}'", word_text(w)),
        Tok::Cmp(op) => return format!("'{}'", op.symbol()),
        Tok::Func(f) => return format!("the function '{}'", f.name()),
        Tok::D => "'d'",
        Tok::Percent => "'%'",
        Tok::Fudge => "'f'",
        Tok::Coin => "'c'",
        Tok::Plus => "'+'",
        Tok::Minus => "'-'",
        Tok::Star => "'*'",
        Tok::Slash => "'/'",
        Tok::LParen => "'('",
        Tok::RParen => "')'",
        Tok::Comma => "','",
        Tok::LBrace => "'{'",
        Tok::RBrace => "'}'",
        Tok::Data { .. } => "a data path '@…'",
        Tok::Label { .. } => "a flavor '[…]'",
        Tok::Eof => "the end of the notation",
    };
    fixed.to_string()
}

fn word_text(w: Word) -> &'static str {
    match w {
        Word::KeepHigh => "kh",
        Word::KeepLow => "kl",
        Word::DropHigh => "dh",
        Word::DropLow => "dl",
        Word::Explode => "x",
        Word::ExplodeOnce => "xo",
        Word::Reroll => "rr",
        Word::RerollOnce => "r",
        Word::Min => "min",
        Word::Max => "max",
        Word::CountSuccesses => "cs",
        Word::CountFailures => "cf",
        Word::Advantage => "adv",
        Word::Disadvantage => "dis",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(text: &str) -> Vec<Tok> {
        let mut lx = Lexer::new(text);
        let mut out = Vec::new();
        loop {
            let t = lx.next_token().unwrap();
            out.push(t.tok);
            if t.tok == Tok::Eof {
                return out;
            }
        }
    }

    #[test]
    fn longest_keyword_wins_and_case_is_ignored() {
        assert_eq!(
            toks("4D6KH3"),
            vec![
                Tok::Number(4),
                Tok::D,
                Tok::Number(6),
                Tok::Word(Word::KeepHigh),
                Tok::Number(3),
                Tok::Eof
            ]
        );
        assert_eq!(
            toks("d20dis"),
            vec![
                Tok::D,
                Tok::Number(20),
                Tok::Word(Word::Disadvantage),
                Tok::Eof
            ]
        );
        assert_eq!(
            toks("x>=5ro<=2"),
            vec![
                Tok::Word(Word::Explode),
                Tok::Cmp(CmpOp::Ge),
                Tok::Number(5),
                Tok::Word(Word::RerollOnce),
                Tok::Cmp(CmpOp::Le),
                Tok::Number(2),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn every_keyword_is_recognized() {
        let words = toks("k kh kl dh dl d x xo r ro rr cs cf min max adv dis f c ! % DIS Min");
        let expected = [
            Tok::Word(Word::KeepHigh),
            Tok::Word(Word::KeepHigh),
            Tok::Word(Word::KeepLow),
            Tok::Word(Word::DropHigh),
            Tok::Word(Word::DropLow),
            Tok::D,
            Tok::Word(Word::Explode),
            Tok::Word(Word::ExplodeOnce),
            Tok::Word(Word::RerollOnce),
            Tok::Word(Word::RerollOnce),
            Tok::Word(Word::Reroll),
            Tok::Word(Word::CountSuccesses),
            Tok::Word(Word::CountFailures),
            Tok::Word(Word::Min),
            Tok::Word(Word::Max),
            Tok::Word(Word::Advantage),
            Tok::Word(Word::Disadvantage),
            Tok::Fudge,
            Tok::Coin,
            Tok::Word(Word::Explode),
            Tok::Percent,
            Tok::Word(Word::Disadvantage),
            Tok::Word(Word::Min),
            Tok::Eof,
        ];
        assert_eq!(words, expected);
        // (A lone `c` is the coin's letter; the parser refuses it anywhere but after a `d`.)
        for bad in ["mi", "ma", "ad", "e", "z"] {
            let err = Lexer::new(bad).next_token().unwrap_err();
            assert_eq!(
                (err.code, err.position),
                (ErrorCode::NotationSyntax, Some(0))
            );
        }
    }

    #[test]
    fn positions_count_characters_not_bytes() {
        let mut lx = Lexer::new("\u{3000}é");
        let err = lx.next_token().unwrap_err();
        assert_eq!(err.code, ErrorCode::NotationSyntax);
        assert_eq!(err.position, Some(1));
    }

    #[test]
    fn numbers_beyond_the_safe_range_are_a_limit() {
        let mut lx = Lexer::new("9007199254740991");
        assert_eq!(
            lx.next_token().unwrap().tok,
            Tok::Number(9_007_199_254_740_991)
        );
        let mut lx = Lexer::new("9007199254740992");
        assert_eq!(lx.next_token().unwrap_err().code, ErrorCode::NotationLimit);
    }
}
