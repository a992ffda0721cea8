//! Consumable counters that tick with time: rations, A5E Supply, HYB's hourly "SUP".
//!
//! HYB-TRAVEL-03 says torches and "SUP" run down **hourly** in every mode; docs/rules.md G-32 reads
//! SUP as a supply counter with a configurable name. OSE-TIME-03 and OSE-WILD-06 have the
//! referee track food and water, and A5E spends Supply on long rests. So a counter has an
//! optional tick (how much is used every so often); without one it only changes when spent
//! explicitly.

use crate::clock::id::{Ident, Label};
use crate::clock::time::Seconds;
use crate::error::{Error, Result};

/// What a counter counts (for display and for procedures that look one up).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum ConsumableKind {
    /// OSE rations (a day's food each).
    Rations,
    /// Water.
    Water,
    /// A5E Supply.
    Supply,
    /// HYB "SUP" (G-32): a supply counter that runs down hourly.
    Sup,
    /// Lamp oil, spare torches and the like.
    Fuel,
    Other,
}

/// How a counter runs down with time.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Tick {
    /// Time between uses (must be more than zero).
    pub every: Seconds,
    /// Units used each time (1 when left out).
    #[serde(default = "one_use")]
    pub uses: u32,
}

/// One unit: what a tick or a spend uses when the caller leaves the amount out.
pub(crate) const fn one_use() -> u32 {
    1
}

/// A consumable counter.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Consumable {
    pub id: Ident,
    pub kind: ConsumableKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    pub amount: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tick: Option<Tick>,
    /// Time since the last tick (always less than `tick.every`).
    #[serde(default)]
    pub since_tick: Seconds,
    /// Units owed because the counter ran dry (so "running out" is reported, not hidden).
    #[serde(default)]
    pub shortfall: u32,
}

impl Consumable {
    pub fn new(id: Ident, kind: ConsumableKind, amount: u32, tick: Option<Tick>) -> Result<Self> {
        let c = Consumable {
            id,
            kind,
            label: None,
            amount,
            tick,
            since_tick: Seconds::ZERO,
            shortfall: 0,
        };
        c.validate()
            .map_err(|e| Error::invalid_argument(e.message))?;
        Ok(c)
    }

    /// HYB-TRAVEL-03 / G-32: the hourly SUP counter.
    pub fn hyb_sup(id: Ident, amount: u32) -> Result<Self> {
        Self::new(
            id,
            ConsumableKind::Sup,
            amount,
            Some(Tick {
                every: Seconds(crate::clock::time::SECONDS_PER_HOUR),
                uses: 1,
            }),
        )
    }

    /// Checks invariants (used for snapshots).
    pub fn validate(&self) -> Result<()> {
        if let Some(t) = self.tick {
            if t.every.0 == 0 {
                return Err(Error::snapshot(format!(
                    "supply \"{}\" ticks every 0 seconds",
                    self.id
                )));
            }
            if self.since_tick >= t.every {
                return Err(Error::snapshot(format!(
                    "supply \"{}\" is past its tick",
                    self.id
                )));
            }
        } else if self.since_tick != Seconds::ZERO {
            return Err(Error::snapshot(format!(
                "supply \"{}\" has no tick but counts time",
                self.id
            )));
        }
        Ok(())
    }
}
