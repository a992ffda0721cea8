//! The OSR/5e hybrid's exploration procedures (docs/rules.md §3.9–3.12, 3.14–3.16).

pub mod corruption;
pub mod load;
pub mod overland;
pub mod return_trip;
pub mod travel;
