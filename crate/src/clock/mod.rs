//! Game time, time scales per ruleset, time dice, light sources and other burn-down resources.
//!
//! See [`game_clock::Clock`] for the shared timeline, [`time`] for the unit types (C-01, C-02),
//! [`time_dice`] for HYB's hour dice, [`light`] and [`consumable`] for what burns down.

pub mod consumable;
pub mod game_clock;
pub mod id;
pub mod light;
pub mod round_length;
pub mod time;
pub mod time_dice;

pub use consumable::{Consumable, ConsumableKind, Tick};
pub use game_clock::{Clock, ClockAdvanced, Happening};
pub use id::{Ident, Label};
pub use light::{LightKind, LightLevel, LightSource, LightSpec};
pub use time::{
    CombatRounds, Days, ExplorationTurns, GameTime, RoundLength, Seconds, Span, TimeOfDay,
    TimeUnit, TravelTurns, Weeks,
};
pub use time_dice::{TimeDice, TimeDiceRoll, roll_time_dice};
