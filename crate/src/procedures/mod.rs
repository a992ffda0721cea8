//! Procedures: the rules that encounters and journeys call, and that a VTT can call on its own.
//!
//! Every procedure takes the dice as a `&mut dyn DieRoller` supplied by the caller and returns
//! plain data in which every die rolled is shown as a [`RolledDie`](crate::dice::RolledDie), so
//! a result can be displayed, replayed by another client, or checked against physical dice.
//!
//! - [`a5e`]: Level Up A5E attacks, movement and actions, environment hazards, the world-feature
//!   catalogue, group control and objects.
//! - [`ose`]: Old-School Essentials encounters (surprise, distance, reaction), morale, evasion and
//!   pursuit, the attack matrix, saving throws and ability checks.
//! - [`hyb`]: the OSR/5e hybrid's checks and traps, attacks, morale, chases and retreat.
//! - [`rolls`], [`member`], [`limits`]: small pieces they share. The d20 with advantage
//!   ([`crate::dice::roll_d20`]), fixed dice ([`crate::dice::DiceSpec`]) and distances
//!   ([`crate::units::Distance`]) are crate-wide.

pub mod a5e;
pub mod hyb;
pub mod limits;
pub mod member;
pub mod ose;
pub mod registry;
pub mod rolls;

pub use member::{GroupKey, MemberId};
pub use rolls::{InSixRoll, Percent, PercentileRoll};
