//! Game time and the time units of each ruleset.
//!
//! Game time is a count of seconds since the campaign's epoch (day 0, 00:00). Each ruleset's
//! units are separate types (docs/rules.md C-02): a [`CombatRounds`] count carries its round length
//! (6 s in A5E and GH, 10 s in OSE, and A5E lets the Narrator choose 10 s, 1 min or 10 min,
//! C-01), an [`ExplorationTurns`] count is OSE's 10 minutes (OSE-TIME-01), a [`TravelTurns`]
//! count is HYB's hour (HYB-TRAVEL-01). None converts into another except through seconds.

use core::fmt;

use crate::error::{Error, ErrorCode, Result};

/// Seconds in a minute.
pub const SECONDS_PER_MINUTE: u32 = 60;
/// Seconds in an hour.
pub const SECONDS_PER_HOUR: u32 = 3_600;
/// Seconds in a day.
pub const SECONDS_PER_DAY: u32 = 86_400;
/// Seconds in a week.
pub const SECONDS_PER_WEEK: u32 = 604_800;
/// OSE-TIME-01: one exploration turn is 10 minutes.
pub const SECONDS_PER_EXPLORATION_TURN: u32 = 600;
/// OSE-TIME-01: six exploration turns make an hour.
pub const EXPLORATION_TURNS_PER_HOUR: u32 = 6;
/// OSE-TIME-02: sixty 10-second rounds make one exploration turn.
pub const OSE_ROUNDS_PER_TURN: u32 = 60;
/// HYB-TRAVEL-01: one travel turn is one hour.
pub const SECONDS_PER_TRAVEL_TURN: u32 = SECONDS_PER_HOUR;

/// The latest representable game time: `u32::MAX` seconds, a little over 136 years after the
/// epoch. Kept to 32 bits so it crosses into JavaScript as an exact number; advancing past it
/// is a `LIMIT_EXCEEDED` error, never a wrap.
pub const MAX_GAME_TIME: GameTime = GameTime(u32::MAX);

/// An instant: seconds since the campaign epoch (day 0, 00:00:00).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[serde(transparent)]
pub struct GameTime(pub u32);

/// A length of time in seconds.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[serde(transparent)]
pub struct Seconds(pub u32);

impl Seconds {
    pub const ZERO: Seconds = Seconds(0);
    pub const fn minutes(m: u32) -> Option<Seconds> {
        match m.checked_mul(SECONDS_PER_MINUTE) {
            Some(s) => Some(Seconds(s)),
            None => None,
        }
    }
    pub const fn hours(h: u32) -> Option<Seconds> {
        match h.checked_mul(SECONDS_PER_HOUR) {
            Some(s) => Some(Seconds(s)),
            None => None,
        }
    }
    pub fn saturating_sub(self, other: Seconds) -> Seconds {
        Seconds(self.0.saturating_sub(other.0))
    }
}

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        let (d, h, m, sec) = (
            s / SECONDS_PER_DAY,
            (s % SECONDS_PER_DAY) / SECONDS_PER_HOUR,
            (s % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE,
            s % SECONDS_PER_MINUTE,
        );
        let mut parts = Vec::new();
        if d > 0 {
            parts.push(format!("{d} d"));
        }
        if h > 0 {
            parts.push(format!("{h} h"));
        }
        if m > 0 {
            parts.push(format!("{m} min"));
        }
        if sec > 0 || parts.is_empty() {
            parts.push(format!("{sec} s"));
        }
        f.write_str(&parts.join(" "))
    }
}

fn too_long(what: &str) -> Error {
    Error::new(
        ErrorCode::LimitExceeded,
        format!("{what} is longer than the clock can hold (about 136 years)"),
    )
}

impl GameTime {
    /// The instant `hour:minute` on `day` (day 0 is the epoch).
    pub fn at(day: u32, hour: u8, minute: u8) -> Result<GameTime> {
        if hour > 23 || minute > 59 {
            return Err(Error::invalid_argument(format!(
                "{hour:02}:{minute:02} is not a time of day (00:00 to 23:59)"
            )));
        }
        day.checked_mul(SECONDS_PER_DAY)
            .and_then(|s| s.checked_add(u32::from(hour) * SECONDS_PER_HOUR))
            .and_then(|s| s.checked_add(u32::from(minute) * SECONDS_PER_MINUTE))
            .map(GameTime)
            .ok_or_else(|| too_long("that day"))
    }
    /// This instant plus `by`, refusing to pass [`MAX_GAME_TIME`].
    pub fn checked_add(self, by: Seconds) -> Result<GameTime> {
        self.0
            .checked_add(by.0)
            .map(GameTime)
            .ok_or_else(|| too_long("the campaign"))
    }
    /// `self + seconds`: `INVALID_ARGUMENT` past the end of representable time (a creature's
    /// deadline that cannot be stamped).
    pub fn plus_seconds(self, seconds: u32) -> Result<GameTime> {
        self.0
            .checked_add(seconds)
            .map(GameTime)
            .ok_or_else(|| Error::invalid_argument("game time would pass its largest value"))
    }
    /// `self + hours`, refused like [`Self::plus_seconds`].
    pub fn plus_hours(self, hours: u32) -> Result<GameTime> {
        let seconds = hours
            .checked_mul(SECONDS_PER_HOUR)
            .ok_or_else(|| Error::invalid_argument("too many hours"))?;
        self.plus_seconds(seconds)
    }
    /// The time from `earlier` to this instant (zero if `earlier` is later).
    pub fn since(self, earlier: GameTime) -> Seconds {
        Seconds(self.0.saturating_sub(earlier.0))
    }
    /// The day and the time within it.
    pub fn time_of_day(self) -> TimeOfDay {
        let s = self.0;
        TimeOfDay {
            day: s / SECONDS_PER_DAY,
            // each value below is < 60 or < 24 and so fits in a u8
            hour: u8::try_from((s % SECONDS_PER_DAY) / SECONDS_PER_HOUR).unwrap_or(0),
            minute: u8::try_from((s % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE).unwrap_or(0),
            second: u8::try_from(s % SECONDS_PER_MINUTE).unwrap_or(0),
        }
    }
    /// Which day this instant falls on.
    pub fn day(self) -> u32 {
        self.0 / SECONDS_PER_DAY
    }
}

impl fmt::Display for GameTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.time_of_day().fmt(f)
    }
}

/// A calendar-free time of day: day number, hour (0–23), minute, second.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TimeOfDay {
    pub day: u32,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "day {} {:02}:{:02}", self.day, self.hour, self.minute)?;
        if self.second > 0 {
            write!(f, ":{:02}", self.second)?;
        }
        Ok(())
    }
}

pub use super::round_length::RoundLength;

/// Anything that is a length of game time.
pub trait TimeUnit {
    /// The length in seconds, or `LIMIT_EXCEEDED` when it does not fit the clock.
    fn to_seconds(&self) -> Result<Seconds>;
}

fn times(count: u32, each: u32, what: &str) -> Result<Seconds> {
    count
        .checked_mul(each)
        .map(Seconds)
        .ok_or_else(|| too_long(what))
}

/// A number of combat rounds of a given length (C-01).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CombatRounds {
    pub count: u32,
    pub length: RoundLength,
}

/// OSE exploration turns of 10 minutes (OSE-TIME-01). Not a creature's turn (C-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[serde(transparent)]
pub struct ExplorationTurns(pub u32);

/// HYB travel turns of one hour (HYB-TRAVEL-01). Not a creature's turn (C-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[serde(transparent)]
pub struct TravelTurns(pub u32);

/// Whole days.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[serde(transparent)]
pub struct Days(pub u32);

/// Whole weeks.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[serde(transparent)]
pub struct Weeks(pub u32);

impl TimeUnit for Seconds {
    fn to_seconds(&self) -> Result<Seconds> {
        Ok(*self)
    }
}
impl TimeUnit for CombatRounds {
    fn to_seconds(&self) -> Result<Seconds> {
        times(self.count, self.length.seconds(), "that many rounds")
    }
}
impl TimeUnit for ExplorationTurns {
    fn to_seconds(&self) -> Result<Seconds> {
        times(self.0, SECONDS_PER_EXPLORATION_TURN, "that many turns")
    }
}
impl TimeUnit for TravelTurns {
    fn to_seconds(&self) -> Result<Seconds> {
        times(self.0, SECONDS_PER_TRAVEL_TURN, "that many travel turns")
    }
}
impl TimeUnit for Days {
    fn to_seconds(&self) -> Result<Seconds> {
        times(self.0, SECONDS_PER_DAY, "that many days")
    }
}
impl TimeUnit for Weeks {
    fn to_seconds(&self) -> Result<Seconds> {
        times(self.0, SECONDS_PER_WEEK, "that many weeks")
    }
}

/// A length of time as a caller names it; the serialized form of every unit above, for
/// commands that say "advance by …".
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Span {
    Seconds { count: u32 },
    Minutes { count: u32 },
    Rounds { count: u32, length: RoundLength },
    ExplorationTurns { count: u32 },
    TravelTurns { count: u32 },
    Hours { count: u32 },
    Days { count: u32 },
    Weeks { count: u32 },
}

impl TimeUnit for Span {
    fn to_seconds(&self) -> Result<Seconds> {
        match *self {
            Self::Seconds { count } => Ok(Seconds(count)),
            Self::Minutes { count } => times(count, SECONDS_PER_MINUTE, "that many minutes"),
            Self::Rounds { count, length } => CombatRounds { count, length }.to_seconds(),
            Self::ExplorationTurns { count } => ExplorationTurns(count).to_seconds(),
            Self::TravelTurns { count } | Self::Hours { count } => TravelTurns(count).to_seconds(),
            Self::Days { count } => Days(count).to_seconds(),
            Self::Weeks { count } => Weeks(count).to_seconds(),
        }
    }
}

impl From<CombatRounds> for Span {
    fn from(r: CombatRounds) -> Self {
        Span::Rounds {
            count: r.count,
            length: r.length,
        }
    }
}
impl From<ExplorationTurns> for Span {
    fn from(t: ExplorationTurns) -> Self {
        Span::ExplorationTurns { count: t.0 }
    }
}
impl From<TravelTurns> for Span {
    fn from(t: TravelTurns) -> Self {
        Span::TravelTurns { count: t.0 }
    }
}
impl From<Days> for Span {
    fn from(d: Days) -> Self {
        Span::Days { count: d.0 }
    }
}
impl From<Weeks> for Span {
    fn from(w: Weeks) -> Self {
        Span::Weeks { count: w.0 }
    }
}
impl From<Seconds> for Span {
    fn from(s: Seconds) -> Self {
        Span::Seconds { count: s.0 }
    }
}
