//! A5E-ENV-02/03 (and the breath rule of A5E-ENV-04): holding breath and suffocating.

use crate::error::{Error, Result};
use crate::procedures::a5e::limits;

/// A5E-ENV-02: a creature can always hold its breath for at least 30 seconds.
pub const MIN_BREATH_SECONDS: u32 = 30;
/// A5E-TBA-03: a combat round is 6 seconds.
pub const DEFAULT_ROUND_SECONDS: u32 = 6;
/// Longest round accepted (A5E-TBA-03 lets the Narrator use up to 10 minutes).
pub const MAX_ROUND_SECONDS: u32 = 600;

/// A5E-ENV-02: seconds a creature can hold its breath: (1 + Con modifier) minutes, minimum 30 s.
pub fn breath_seconds(con_modifier: i32) -> u32 {
    let minutes = i64::from(con_modifier).saturating_add(1);
    let seconds = minutes.saturating_mul(60);
    u32::try_from(seconds.clamp(i64::from(MIN_BREATH_SECONDS), i64::from(u32::MAX)))
        .unwrap_or(MIN_BREATH_SECONDS)
}

/// A5E-ENV-03: rounds a suffocating creature survives: its Con modifier, minimum 1.
pub fn suffocation_rounds(con_modifier: i32) -> u32 {
    u32::try_from(con_modifier.max(1)).unwrap_or(1)
}

/// Where a creature without air stands.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum BreathStatus {
    /// Still holding its breath; `rounds_left` before it runs out.
    HoldingBreath { rounds_left: u32 },
    /// Out of breath; `rounds_left` it survives before dropping. It can't regain HP or be
    /// stabilized.
    Suffocating { rounds_left: u32 },
    /// It has dropped to 0 HP and is dying (and still can't regain HP or be stabilized until it
    /// can breathe).
    Dying,
}

impl BreathStatus {
    /// A5E-ENV-03: a suffocating (or suffocated) creature can't regain HP or be stabilized.
    pub const fn can_regain_hp_or_stabilize(self) -> bool {
        matches!(self, Self::HoldingBreath { .. })
    }
}

/// What one start of turn did.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct BreathTick {
    pub status: BreathStatus,
    /// True on the one turn start at which breath runs out.
    pub started_suffocating: bool,
    /// True on the one turn start at which the creature drops to 0 HP and is dying.
    pub dropped_to_zero: bool,
}

/// A creature's breath, counted in its own turn starts from the moment it began holding it.
///
/// docs/rules.md G-25 reading: the breath lasts `hold_rounds` rounds; the creature then suffocates
/// for `suffocation_rounds` rounds, and drops to 0 HP at the start of its first turn after
/// those. EX-A5E-04: Con +3 holds 4 minutes (40 rounds), then survives 3 rounds, and drops at
/// the 43rd turn start.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct BreathClock {
    pub hold_rounds: u32,
    pub suffocation_rounds: u32,
    /// Turn starts since the creature began holding its breath.
    pub rounds_elapsed: u32,
    /// Set when breath ran out early (A5E-ENV-04: damaged underwater, failed concentration).
    pub suffocating_since: Option<u32>,
}

impl BreathClock {
    /// A clock for a creature with `con_modifier`, in rounds of `round_seconds` (6 in combat).
    /// A partial round of breath doesn't count, but the hold always lasts at least one round.
    pub fn new(con_modifier: i32, round_seconds: u32) -> Result<Self> {
        limits::check_modifier("conModifier", con_modifier)?;
        if round_seconds == 0 || round_seconds > MAX_ROUND_SECONDS {
            return Err(Error::invalid_argument(format!(
                "a round lasts 1 to {MAX_ROUND_SECONDS} seconds, not {round_seconds}"
            )));
        }
        Ok(Self {
            hold_rounds: (breath_seconds(con_modifier) / round_seconds).max(1),
            suffocation_rounds: suffocation_rounds(con_modifier),
            rounds_elapsed: 0,
            suffocating_since: None,
        })
    }

    fn out_of_breath_at(&self) -> u32 {
        self.suffocating_since.unwrap_or(self.hold_rounds)
    }

    /// The status now.
    pub fn status(&self) -> BreathStatus {
        let out = self.out_of_breath_at();
        let drop_at = out.saturating_add(self.suffocation_rounds);
        let k = self.rounds_elapsed;
        if k < out {
            BreathStatus::HoldingBreath {
                rounds_left: out - k,
            }
        } else if k < drop_at {
            BreathStatus::Suffocating {
                rounds_left: drop_at - k,
            }
        } else {
            BreathStatus::Dying
        }
    }

    /// The creature's turn starts: one more round has passed.
    pub fn start_of_turn(&mut self) -> BreathTick {
        let before = self.status();
        self.rounds_elapsed = self.rounds_elapsed.saturating_add(1);
        let status = self.status();
        BreathTick {
            status,
            started_suffocating: matches!(before, BreathStatus::HoldingBreath { .. })
                && matches!(status, BreathStatus::Suffocating { .. }),
            dropped_to_zero: !matches!(before, BreathStatus::Dying)
                && matches!(status, BreathStatus::Dying),
        }
    }

    /// A5E-ENV-04: the creature took damage while holding its breath underwater and failed its
    /// concentration check: it starts suffocating now, as if its breath had run out. No effect
    /// once it is already suffocating.
    pub fn lose_breath(&mut self) {
        if matches!(self.status(), BreathStatus::HoldingBreath { .. }) {
            self.suffocating_since = Some(self.rounds_elapsed);
        }
    }
}
