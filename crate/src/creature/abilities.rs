//! Ability scores, needed by the HYB rules that work on scores rather than modifiers: injuries
//! that cost ability points (HYB-DEATH-03), death at a score of 0 (HYB-DEATH-04), resilience
//! equal to the CON score (HYB-RES-01).

use crate::creature::limits::MAX_ABILITY_SCORE;
use crate::error::{Error, Result};

pub use crate::ability::Ability;

/// Six ability scores (or six per-ability counters, such as points lost).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct AbilityScores {
    pub str: u32,
    pub dex: u32,
    pub con: u32,
    pub int: u32,
    pub wis: u32,
    pub cha: u32,
}

impl AbilityScores {
    pub const fn new(str: u32, dex: u32, con: u32, int: u32, wis: u32, cha: u32) -> Self {
        Self {
            str,
            dex,
            con,
            int,
            wis,
            cha,
        }
    }

    pub const fn get(&self, ability: Ability) -> u32 {
        match ability {
            Ability::Str => self.str,
            Ability::Dex => self.dex,
            Ability::Con => self.con,
            Ability::Int => self.int,
            Ability::Wis => self.wis,
            Ability::Cha => self.cha,
        }
    }

    pub fn set(&mut self, ability: Ability, value: u32) {
        match ability {
            Ability::Str => self.str = value,
            Ability::Dex => self.dex = value,
            Ability::Con => self.con = value,
            Ability::Int => self.int = value,
            Ability::Wis => self.wis = value,
            Ability::Cha => self.cha = value,
        }
    }

    pub fn is_zero(&self) -> bool {
        Ability::ALL.iter().all(|a| self.get(*a) == 0)
    }

    pub(crate) fn validate(&self, what: &str) -> Result<()> {
        for ability in Ability::ALL {
            let value = self.get(ability);
            if value > MAX_ABILITY_SCORE {
                return Err(Error::invalid_argument(format!(
                    "{what} {ability:?} is {value}; the limit is {MAX_ABILITY_SCORE}"
                )));
            }
        }
        Ok(())
    }
}

/// HYB-CHK-05: modifier = ⌊(score − 10) / 2⌋ (CON 10 → +0, CON 6 → −2).
pub fn ability_modifier(score: u32) -> i32 {
    crate::ability::modifier(score.min(MAX_ABILITY_SCORE))
}
