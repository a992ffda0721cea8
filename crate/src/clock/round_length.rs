//! How long a combat round lasts (C-01): 6 s for GH and A5E combat, 10 s for OSE, an A5E
//! Narrator's 10 s / 1 min / 10 min, any length for HYB (whose source gives none). A newtype
//! over whole seconds, shared by encounters and the game clock.

use crate::error::{Error, Result};

/// The length of one combat round.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[serde(try_from = "u32", into = "u32")]
#[cfg_attr(feature = "wasm-base", tsify(type = "number"))]
pub struct RoundLength(u32);

impl RoundLength {
    /// Longest round accepted: one day.
    pub const MAX_SECONDS: u32 = 86_400;
    /// GH-TIME-01, A5E-TBA-03 (combat).
    pub const SIX_SECONDS: Self = Self(6);
    /// OSE (C-01); an A5E Narrator's choice.
    pub const TEN_SECONDS: Self = Self(10);
    /// An A5E Narrator's choice (A5E-TBA-03).
    pub const ONE_MINUTE: Self = Self(60);
    /// An A5E Narrator's choice (A5E-TBA-03).
    pub const TEN_MINUTES: Self = Self(600);
    /// A5E-TBA-03: the lengths an A5E Narrator may set.
    pub const A5E_CHOICES: [Self; 4] = [
        Self::SIX_SECONDS,
        Self::TEN_SECONDS,
        Self::ONE_MINUTE,
        Self::TEN_MINUTES,
    ];

    pub fn new(seconds: u32) -> Result<Self> {
        if seconds == 0 || seconds > Self::MAX_SECONDS {
            return Err(Error::invalid_argument(format!(
                "a round lasts 1 to {} seconds, not {seconds}",
                Self::MAX_SECONDS
            )));
        }
        Ok(Self(seconds))
    }

    pub const fn seconds(self) -> u32 {
        self.0
    }
}

impl Default for RoundLength {
    /// Six seconds: GH, A5E combat, and the HYB default.
    fn default() -> Self {
        Self::SIX_SECONDS
    }
}

impl TryFrom<u32> for RoundLength {
    type Error = Error;
    fn try_from(v: u32) -> Result<Self> {
        Self::new(v)
    }
}

impl From<RoundLength> for u32 {
    fn from(v: RoundLength) -> u32 {
        v.0
    }
}
