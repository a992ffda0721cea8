//! Why a text could not be read: the reader's error, built up as it leaves each value and
//! worded once, when it leaves the reader.

/// Why a text could not be read, in the caller's terms: the path of the value that is wrong
/// (`participant.dex`, `effects[1].target`) and what it must be, in plain words (`a whole number
/// from 1 to 30`, `text`, `one of "a", "b"`), never a Rust type or a position in JSON the caller
/// did not write. Only malformed text (which `JSON.stringify` never makes) says where, as a line
/// and column.
///
/// Boxed, so that every `Result` the reader returns stays one pointer wide on the error side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError(pub(super) Box<Failure>);

/// What a [`WireError`] holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What is wrong. For a [`Fault::Value`] it goes on from the value's path ("must be text,
    /// not 3", "is missing"); otherwise it is a sentence of its own.
    pub message: String,
    /// The byte offset the reader was at. The line and column are worked out from it only for
    /// malformed text, when the error leaves the reader: an untagged enum tries its variants and
    /// drops their errors, and counting lines for each of those would make a long text quadratic.
    pub at: usize,
    /// The keys and list positions around the value, innermost first. Each object and list the
    /// error passes out of adds its own step, so a path is built only when reading fails.
    pub(super) path: Vec<Step>,
    fault: Fault,
}

/// What kind of failure a [`WireError`] is, which decides how its message is worded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// A well-formed value of the wrong kind, range or name: the message follows its path.
    Value,
    /// A check of a type's own (an id's characters, a batch's fields): a whole sentence.
    Sentence,
    /// Text that is not JSON: located by line and column.
    Syntax,
    /// Not a failure: a scan that stops early (`Reader::find_tag`). Never given a path.
    Stop,
}

/// One step of a path: an object's key or a list's position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Step {
    Key(String),
    Index(usize),
}

impl WireError {
    #[cold]
    #[inline(never)]
    pub(crate) fn new(fault: Fault, message: String, at: usize) -> WireError {
        WireError(Box::new(Failure {
            message,
            at,
            path: Vec::new(),
            fault,
        }))
    }

    /// The error as it leaves the value under `key`.
    #[cold]
    #[inline(never)]
    pub(crate) fn within(mut self, key: &str) -> WireError {
        if self.fault != Fault::Stop {
            self.path.push(Step::Key(key.to_string()));
        }
        self
    }

    /// The error as it leaves item `index` of a list.
    #[cold]
    #[inline(never)]
    pub(crate) fn at_index(mut self, index: usize) -> WireError {
        self.path.push(Step::Index(index));
        self
    }

    /// The path as the caller writes it: `participant.dex`, `effects[1].target`.
    fn path_text(&self) -> String {
        let mut out = String::new();
        for step in self.path.iter().rev() {
            match step {
                Step::Key(key) if out.is_empty() => out.push_str(key),
                Step::Key(key) => {
                    out.push('.');
                    out.push_str(key);
                }
                Step::Index(i) => {
                    out.push('[');
                    out.push_str(&i.to_string());
                    out.push(']');
                }
            }
        }
        out
    }

    /// The whole message: the value named by its path (or `subject` when the whole text is
    /// wrong), and for malformed text the line and column, worked out from `text`.
    #[cold]
    #[inline(never)]
    pub(crate) fn finish(self, text: &str, subject: &str) -> WireError {
        let path = self.path_text();
        let at = self.at;
        let message = match self.fault {
            Fault::Syntax => {
                let upto = text.as_bytes().get(..self.at).unwrap_or(text.as_bytes());
                let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
                let column = upto.iter().rev().take_while(|&&b| b != b'\n').count();
                format!(
                    "{subject} is not well-formed JSON: {} at line {line} column {column}",
                    self.message
                )
            }
            Fault::Value | Fault::Stop if path.is_empty() => format!("{subject} {}", self.message),
            Fault::Value | Fault::Stop => format!("{path} {}", self.message),
            Fault::Sentence if path.is_empty() => self.0.message,
            Fault::Sentence => format!("{path}: {}", self.message),
        };
        WireError::new(Fault::Sentence, message, at)
    }
}

impl core::ops::Deref for WireError {
    type Target = Failure;
    fn deref(&self) -> &Failure {
        &self.0
    }
}

impl core::ops::DerefMut for WireError {
    fn deref_mut(&mut self) -> &mut Failure {
        &mut self.0
    }
}

impl core::fmt::Display for WireError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The result of reading.
pub type Result<T> = core::result::Result<T, WireError>;
