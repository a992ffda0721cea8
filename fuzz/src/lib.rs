//! Shared parts of the fuzz targets: the templates every structured input starts from
//! ([`templates`]), the JSON edits the input chooses ([`json`]), and the promises checked after
//! every input ([`promises`]). A target that finds a broken promise panics, and libFuzzer keeps
//! the input as a crash.

pub mod json;
pub mod notation;
pub mod promises;
pub mod templates;

pub use arbitrary::Unstructured;
