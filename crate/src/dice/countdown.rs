//! The A5E countdown pool (A5E-COUNT-01..03).
//!
//! A countdown stands for something that happens after an unknown time. The Narrator sets a
//! pool of d6s; at the start of each round the whole pool is rolled and every die at or above
//! the speed's threshold is removed (A5E-COUNT-01: slow removes 6s; A5E-COUNT-02: medium 5–6,
//! fast 4–6). The countdown expires when the last die is removed. The Narrator may add or
//! remove dice, or stop the countdown — unless it is unstoppable (A5E-COUNT-02).
//!
//! A5E-COUNT-03's table of approximate rolls is [`APPROXIMATE_ROLLS`]; [`expected_rolls`]
//! computes the exact mean. The number of rolls is the maximum of `n` independent geometric
//! variables with success chance `p` (the chance one die is removed on one roll), so
//! `P(rolls > k) = 1 − (1 − (1 − p)^k)^n` and `E[rolls] = Σ_{k≥0} P(rolls > k)`. Every table
//! value is that mean rounded to the nearest integer (checked in the tests); the closest call
//! is 4d6 fast, whose exact mean 3.5048 rounds to the table's 4 by a margin of 0.005.

use crate::dice::limits::MAX_COUNTDOWN_DICE;
use crate::dice::source::DieRoller;
use crate::dice::step::RolledDie;
use crate::error::{Error, ErrorCode, Result};

/// How fast a countdown runs (A5E-COUNT-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum CountdownSpeed {
    /// Remove dice showing 6 (A5E-COUNT-01).
    Slow,
    /// Remove dice showing 5–6.
    Medium,
    /// Remove dice showing 4–6.
    Fast,
}

impl CountdownSpeed {
    pub const ALL: [CountdownSpeed; 3] = [Self::Slow, Self::Medium, Self::Fast];

    /// The lowest face that removes a die.
    pub const fn threshold(self) -> u32 {
        match self {
            Self::Slow => 6,
            Self::Medium => 5,
            Self::Fast => 4,
        }
    }

    /// Chance that one die is removed on one roll.
    pub fn removal_chance(self) -> f64 {
        f64::from(7 - self.threshold()) / 6.0
    }

    fn column(self) -> usize {
        match self {
            Self::Slow => 0,
            Self::Medium => 1,
            Self::Fast => 2,
        }
    }
}

/// A5E-COUNT-03: approximate number of rolls, by pool size (1d6 … 10d6), for slow, medium and
/// fast countdowns. Every row of the source table.
pub const APPROXIMATE_ROLLS: [(u32, [u32; 3]); 10] = [
    (1, [6, 3, 2]),
    (2, [9, 4, 3]),
    (3, [11, 5, 3]),
    (4, [12, 6, 4]),
    (5, [13, 6, 4]),
    (6, [14, 7, 4]),
    (7, [15, 7, 4]),
    (8, [15, 7, 4]),
    (9, [16, 7, 5]),
    (10, [17, 8, 5]),
];

/// A5E-COUNT-03: the table's approximate number of rolls for a pool of `dice` d6s, when the
/// table has that row (1 to 10 dice).
pub fn approximate_rolls(dice: u32, speed: CountdownSpeed) -> Option<u32> {
    APPROXIMATE_ROLLS
        .iter()
        .find(|(n, _)| *n == dice)
        .and_then(|(_, row)| row.get(speed.column()).copied())
}

/// The exact mean number of rolls until a pool of `dice` d6s is empty (see the module docs).
pub fn expected_rolls(dice: u32, speed: CountdownSpeed) -> f64 {
    if dice == 0 {
        return 0.0;
    }
    let survive = 1.0 - speed.removal_chance();
    let n = i32::try_from(dice.min(MAX_COUNTDOWN_DICE)).unwrap_or(1);
    let mut sum = 0.0;
    let mut survive_k: f64 = 1.0; // survive^k
    for _ in 0..100_000 {
        let tail = 1.0 - (1.0 - survive_k).powi(n);
        sum += tail;
        if tail < 1e-16 {
            break;
        }
        survive_k *= survive;
    }
    sum
}

/// What one countdown roll did.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CountdownRoll {
    /// Which roll of the countdown this was (1 for the first).
    pub roll: u32,
    /// Every die rolled, in order.
    pub faces: Vec<RolledDie>,
    /// Dice removed by this roll.
    pub removed: u32,
    /// Dice left in the pool.
    pub remaining: u32,
    /// The last die was removed: the countdown is over.
    pub expired: bool,
}

/// An A5E countdown pool (A5E-COUNT-01, A5E-COUNT-02).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Countdown {
    dice: u32,
    speed: CountdownSpeed,
    rolls: u32,
    stopped: bool,
    unstoppable: bool,
}

impl Countdown {
    /// A pool of `dice` d6s (1 to [`MAX_COUNTDOWN_DICE`]).
    pub fn new(dice: u32, speed: CountdownSpeed) -> Result<Self> {
        if dice == 0 || dice > MAX_COUNTDOWN_DICE {
            return Err(Error::invalid_argument(format!(
                "a countdown needs from 1 to {MAX_COUNTDOWN_DICE} dice, not {dice}"
            )));
        }
        Ok(Self {
            dice,
            speed,
            rolls: 0,
            stopped: false,
            unstoppable: false,
        })
    }

    /// A pool exactly as saved, as the derived reader takes it from JSON (no check: a saved
    /// pool past its limits is refused when it rolls). For the dice-only module's reader of
    /// saved pools (`crate::dice::flat_input`), which fills the fields itself.
    #[cfg(any(test, feature = "wasm-dice"))]
    pub(crate) fn saved(
        dice: u32,
        speed: CountdownSpeed,
        rolls: u32,
        stopped: bool,
        unstoppable: bool,
    ) -> Self {
        Self {
            dice,
            speed,
            rolls,
            stopped,
            unstoppable,
        }
    }

    /// Mark this countdown as one that cannot be stopped (A5E-COUNT-02).
    pub fn unstoppable(mut self) -> Self {
        self.unstoppable = true;
        self
    }

    pub fn dice(&self) -> u32 {
        self.dice
    }
    pub fn speed(&self) -> CountdownSpeed {
        self.speed
    }
    /// Rolls taken so far.
    pub fn rolls(&self) -> u32 {
        self.rolls
    }
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }
    pub fn is_unstoppable(&self) -> bool {
        self.unstoppable
    }
    /// The last die has been removed.
    pub fn is_expired(&self) -> bool {
        self.dice == 0
    }

    #[inline(never)]
    fn check_live(&self) -> Result<()> {
        if self.is_expired() {
            return Err(Error::out_of_order("the countdown has already expired"));
        }
        if self.dice > MAX_COUNTDOWN_DICE {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("a countdown may hold at most {MAX_COUNTDOWN_DICE} dice"),
            ));
        }
        Ok(())
    }

    /// Roll the pool at the start of a round and remove every die at or above the speed's
    /// threshold (A5E-COUNT-01/02). A stopped countdown cannot roll (`NOT_ALLOWED`), an
    /// expired one neither (`OUT_OF_ORDER`). If the dice source fails, nothing changes.
    pub fn roll<R: DieRoller + ?Sized>(&mut self, dice: &mut R) -> Result<CountdownRoll> {
        self.check_live()?;
        if self.stopped {
            return Err(Error::not_allowed("the countdown is stopped"));
        }
        let threshold = self.speed.threshold();
        let mut faces = Vec::with_capacity(self.dice as usize);
        for _ in 0..self.dice {
            faces.push(RolledDie {
                sides: 6,
                face: dice.roll_die(6)?,
            });
        }
        let removed = u32::try_from(faces.iter().filter(|d| d.face >= threshold).count())
            .unwrap_or(self.dice)
            .min(self.dice);
        self.dice -= removed;
        self.rolls = self.rolls.saturating_add(1);
        Ok(CountdownRoll {
            roll: self.rolls,
            faces,
            removed,
            remaining: self.dice,
            expired: self.is_expired(),
        })
    }

    /// The Narrator adds dice (A5E-COUNT-02).
    pub fn add_dice(&mut self, count: u32) -> Result<()> {
        self.check_live()?;
        let total = self
            .dice
            .checked_add(count)
            .filter(|t| *t <= MAX_COUNTDOWN_DICE)
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::LimitExceeded,
                    format!("a countdown may hold at most {MAX_COUNTDOWN_DICE} dice"),
                )
            })?;
        self.dice = total;
        Ok(())
    }

    /// The Narrator removes dice (A5E-COUNT-02). Removing the last die expires the countdown;
    /// the return value says whether it did.
    pub fn remove_dice(&mut self, count: u32) -> Result<bool> {
        self.check_live()?;
        if count > self.dice {
            return Err(Error::invalid_argument(format!(
                "cannot remove {count} dice from a countdown of {}",
                self.dice
            )));
        }
        self.dice -= count;
        Ok(self.is_expired())
    }

    /// The Narrator stops the countdown entirely (A5E-COUNT-02); an unstoppable countdown
    /// refuses with `NOT_ALLOWED`.
    pub fn stop(&mut self) -> Result<()> {
        self.check_live()?;
        if self.unstoppable {
            return Err(Error::not_allowed("this countdown cannot be stopped"));
        }
        self.stopped = true;
        Ok(())
    }
}
