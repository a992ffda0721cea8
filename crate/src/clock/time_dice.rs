//! HYB time dice (HYB-TIME-01/02, EX-HYB-08).
//!
//! The hour of day is shown as up to four d6 "turned" to a face. Each die is one quarter of
//! the day (six hours: pre-dawn, morning, afternoon, night); the hour is the sum of the faces,
//! and every die but the last shows 6. So 07:00 is (6, 1) and 20:00 is (6, 6, 6, 2). The dice
//! cannot show 0, so midnight is shown as 24 = (6, 6, 6, 6) (docs/rules.md G-34).

use core::fmt;

use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};

/// HYB-TIME-01: at most four time dice.
pub const MAX_TIME_DICE: usize = 4;
/// Faces on a time die.
pub const TIME_DIE_SIDES: u32 = 6;
/// The highest hour the dice show; it stands for midnight (G-34).
pub const MIDNIGHT_HOUR: u8 = 24;

/// The quarter of the day a die stands for (HYB-TIME-01).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Quarter {
    PreDawn,
    Morning,
    Afternoon,
    Night,
}

/// The time dice as the GM shows them: 1–4 faces, all but the last at 6.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct TimeDice(Vec<u8>);

impl TryFrom<Vec<u8>> for TimeDice {
    type Error = Error;
    fn try_from(faces: Vec<u8>) -> Result<Self> {
        Self::from_faces(&faces)
    }
}

impl From<TimeDice> for Vec<u8> {
    fn from(t: TimeDice) -> Self {
        t.0
    }
}

impl TimeDice {
    /// The dice showing `hour` (1–24; 24 is midnight, G-34).
    pub fn from_hour(hour: u8) -> Result<TimeDice> {
        if !(1..=MIDNIGHT_HOUR).contains(&hour) {
            return Err(Error::invalid_argument(format!(
                "time dice show hours 1 to 24, not {hour}"
            )));
        }
        let full = (hour - 1) / 6;
        let mut faces = vec![6u8; usize::from(full)];
        faces.push(hour - full * 6);
        Ok(TimeDice(faces))
    }

    /// The dice for an hour of the clock (0–23); hour 0 is shown as 24 (G-34).
    pub fn from_clock_hour(hour: u8) -> Result<TimeDice> {
        if hour > 23 {
            return Err(Error::invalid_argument(format!(
                "{hour} is not an hour of the clock (0 to 23)"
            )));
        }
        Self::from_hour(if hour == 0 { MIDNIGHT_HOUR } else { hour })
    }

    /// Dice exactly as laid out by a GM: 1–4 faces of 1–6, every die but the last at 6.
    pub fn from_faces(faces: &[u8]) -> Result<TimeDice> {
        if faces.is_empty() || faces.len() > MAX_TIME_DICE {
            return Err(Error::invalid_argument(format!(
                "time dice are 1 to {MAX_TIME_DICE} dice, not {}",
                faces.len()
            )));
        }
        if let Some(bad) = faces.iter().find(|f| !(1..=6).contains(*f)) {
            return Err(Error::invalid_argument(format!(
                "a time die cannot show {bad}"
            )));
        }
        let (_, rest) = faces
            .split_last()
            .ok_or_else(|| Error::invalid_argument("no time dice"))?;
        if rest.iter().any(|f| *f != 6) {
            return Err(Error::invalid_argument(
                "every time die but the last must show 6",
            ));
        }
        Ok(TimeDice(faces.to_vec()))
    }

    pub fn faces(&self) -> &[u8] {
        &self.0
    }

    /// The hour shown: the sum of the faces (1–24).
    pub fn hour(&self) -> u8 {
        self.0.iter().fold(0u8, |a, f| a.saturating_add(*f))
    }

    /// The hour on a 0–23 clock (24 → 0, midnight).
    pub fn clock_hour(&self) -> u8 {
        self.hour() % MIDNIGHT_HOUR
    }

    /// The quarter of the day the last die stands for.
    pub fn quarter(&self) -> Quarter {
        match self.0.len() {
            0 | 1 => Quarter::PreDawn,
            2 => Quarter::Morning,
            3 => Quarter::Afternoon,
            _ => Quarter::Night,
        }
    }

    /// HYB-TIME-02: one hour passes. The last die turns up by one; past 6 a new die is added at
    /// 1. After 24 (midnight) a new day starts at (1), 01:00. Returns whether a day began.
    pub fn advance_hour(&mut self) -> bool {
        let len = self.0.len();
        match self.0.last_mut() {
            Some(last) if *last < 6 => {
                *last += 1;
                false
            }
            _ if len < MAX_TIME_DICE => {
                self.0.push(1);
                false
            }
            _ => {
                self.0 = vec![1];
                true
            }
        }
    }
}

impl fmt::Display for TimeDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let faces: Vec<String> = self.0.iter().map(u8::to_string).collect();
        write!(f, "({}) = {:02}:00", faces.join(", "), self.hour())
    }
}

/// A random hour rolled on time dice (HYB-TIME-02).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TimeDiceRoll {
    /// Every die rolled, for display and replay.
    pub dice: Vec<RolledDie>,
    /// The starting hour the GM set before rolling (0 when the dice alone give the hour).
    pub offset_hours: u8,
    /// The hour shown afterwards (1–24).
    pub hour: u8,
    /// The dice as they are then laid out.
    pub shown: TimeDice,
}

/// HYB-TIME-02: roll `count` (1–4) time dice for the hour of day. With `offset_hours` 0 the sum
/// is the hour ("the more dice, the later it is"); otherwise the GM has set a starting hour and
/// rolls 1 or 2 dice for the exact time, which is the offset plus the sum. A result past 24
/// wraps into the next day. The rolled dice are then laid out canonically, as in EX-HYB-08
/// where (3, 2) becomes one die set to 5.
pub fn roll_time_dice(
    count: u8,
    offset_hours: u8,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<TimeDiceRoll> {
    if offset_hours == 0 && !(1..=4).contains(&count) {
        return Err(Error::invalid_argument(format!(
            "roll 1 to 4 time dice, not {count}"
        )));
    }
    if offset_hours > 0 && !(1..=2).contains(&count) {
        return Err(Error::invalid_argument(format!(
            "after setting a starting hour roll 1 or 2 time dice, not {count}"
        )));
    }
    if offset_hours > 23 {
        return Err(Error::invalid_argument(format!(
            "a starting hour is 0 to 23, not {offset_hours}"
        )));
    }
    let mut dice = Vec::with_capacity(usize::from(count));
    let mut sum: u32 = u32::from(offset_hours);
    for _ in 0..count {
        let face = roller.roll_die(TIME_DIE_SIDES)?;
        dice.push(RolledDie {
            sides: TIME_DIE_SIDES,
            face,
        });
        sum = sum.saturating_add(face);
    }
    // sum ≥ 1 here; map 1..=∞ onto 1..=24
    let hour = u8::try_from((sum.saturating_sub(1) % 24) + 1).unwrap_or(1);
    Ok(TimeDiceRoll {
        dice,
        offset_hours,
        hour,
        shown: TimeDice::from_hour(hour)?,
    })
}
