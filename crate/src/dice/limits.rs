//! Documented limits on dice. Each breach is an error with code `NOTATION_LIMIT`, never a hang,
//! a panic or an allocation the size of the request.

/// Most sides a die may have.
pub const MAX_SIDES: u32 = 1_000_000;
