//! Text the crate writes and reads by itself rather than through the standard library's
//! formatting, parsing and searching: quoting in error messages, floats exactly, finding a key.
//!
//! Why: each standard routine brings tables or panics of its own (the printable characters for
//! `Debug`, powers of five for the float parser, Grisu and Dragon for float formatting), and the
//! wasm modules carried them for a few messages and a few JSON floats. These are small, exact
//! and tested against the standard routines they replace. A bottom layer: nothing here imports
//! the rest of the crate.

pub(crate) mod decimal;
pub(crate) mod float;
pub(crate) mod quote;
pub(crate) mod search;
