//! Die sizes and die steps.
//!
//! Greyhawk initiative turns numeric bonuses into smaller dice and penalties into larger ones
//! (GH-DICE-03): d3 ↔ d4 ↔ d6 ↔ d8 ↔ d10 ↔ d12. The source stops at d3 and d12; docs/rules.md
//! suggests d2 and d20 as the extensions, so the ends of the chain are a parameter
//! ([`StepChain`]).

use crate::error::{Error, Result};

/// A die size used by rules (not by free notation, which allows any size).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DieSize {
    #[serde(rename = "d2")]
    D2,
    #[serde(rename = "d3")]
    D3,
    #[serde(rename = "d4")]
    D4,
    #[serde(rename = "d6")]
    D6,
    #[serde(rename = "d8")]
    D8,
    #[serde(rename = "d10")]
    D10,
    #[serde(rename = "d12")]
    D12,
    #[serde(rename = "d20")]
    D20,
    #[serde(rename = "d100")]
    D100,
}

impl DieSize {
    /// Every size in ascending order.
    pub const ALL: [DieSize; 9] = [
        Self::D2,
        Self::D3,
        Self::D4,
        Self::D6,
        Self::D8,
        Self::D10,
        Self::D12,
        Self::D20,
        Self::D100,
    ];

    pub const fn sides(self) -> u32 {
        match self {
            Self::D2 => 2,
            Self::D3 => 3,
            Self::D4 => 4,
            Self::D6 => 6,
            Self::D8 => 8,
            Self::D10 => 10,
            Self::D12 => 12,
            Self::D20 => 20,
            Self::D100 => 100,
        }
    }

    pub fn from_sides(sides: u32) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|d| d.sides() == sides)
            .ok_or_else(|| Error::invalid_argument(format!("d{sides} is not a standard die size")))
    }
}

/// How far the Greyhawk step chain reaches (GH-DICE-03, G-03).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum StepChain {
    /// The source's chain only: d3 … d12. Stepping past an end leaves the die as it is.
    #[default]
    Source,
    /// docs/rules.md's suggested extension: d2 … d20.
    Extended,
}

impl StepChain {
    fn chain(self) -> &'static [DieSize] {
        match self {
            Self::Source => &[
                DieSize::D3,
                DieSize::D4,
                DieSize::D6,
                DieSize::D8,
                DieSize::D10,
                DieSize::D12,
            ],
            Self::Extended => &[
                DieSize::D2,
                DieSize::D3,
                DieSize::D4,
                DieSize::D6,
                DieSize::D8,
                DieSize::D10,
                DieSize::D12,
                DieSize::D20,
            ],
        }
    }

    /// Step `die` by `steps` (negative = smaller, for bonuses; positive = larger, for
    /// penalties). Clamps at the ends of the chain. A die not on the chain is an error.
    pub fn step(self, die: DieSize, steps: i32) -> Result<DieSize> {
        let chain = self.chain();
        let index = chain.iter().position(|d| *d == die).ok_or_else(|| {
            Error::invalid_argument(format!("d{} is not on the die-step chain", die.sides()))
        })?;
        let last = chain.len().saturating_sub(1);
        let moved = if steps >= 0 {
            index
                .saturating_add(usize::try_from(steps).unwrap_or(usize::MAX))
                .min(last)
        } else {
            index.saturating_sub(usize::try_from(steps.unsigned_abs()).unwrap_or(usize::MAX))
        };
        Ok(chain.get(moved).copied().unwrap_or(die))
    }
}

/// One die as rolled, carried in events so other clients can replay without rolling.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[wire(read_first = "RolledDie::read_as_written")]
pub struct RolledDie {
    pub sides: u32,
    pub face: u32,
}

impl RolledDie {
    /// The die as the writers write it (`Writer::die`), read in one pass; any other form is
    /// read by the derived reader (see `wire::Reader::whole_pair`).
    pub(crate) fn read_as_written(r: &mut crate::wire::Reader<'_>) -> Option<Self> {
        let max = u64::from(u32::MAX);
        let (sides, face) = r.whole_pair("sides", "face", max)?;
        Some(Self {
            sides: u32::try_from(sides).ok()?,
            face: u32::try_from(face).ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rolled die reads the same through the writer's form's fast path as serde reads it,
    /// in that form and every other (where the derived reader reads it), and fails where
    /// serde fails; the fast path's result is what the writer wrote.
    #[test]
    fn a_rolled_die_reads_as_serde_reads_it_in_every_form() {
        for text in [
            r#"{"sides":6,"face":3}"#,
            r#"{"sides":20,"face":20}"#,
            r#"{"sides":4294967295,"face":0}"#,
            r#"{"face":3,"sides":6}"#,
            r#" { "sides" : 6 , "face" : 3 } "#,
            r#"{"sides":6,"face":3,"extra":[1,{"a":2}]}"#,
            r#"{"sid\u0065s":6,"face":3}"#,
            r#"{"sides":4294967296,"face":1}"#,
            r#"{"sides":-1,"face":1}"#,
            r#"{"sides":6.0,"face":3}"#,
            r#"{"sides":1e1,"face":3}"#,
            r#"{"sides":06,"face":3}"#,
            r#"{"sides":6}"#,
            r#"{"sides":6,"face":3"#,
            r#"{"sides":6,"face":3}x"#,
            r#""d6""#,
        ] {
            let wire = crate::wire::read_all::<RolledDie>(text).ok();
            let serde = serde_json::from_str::<RolledDie>(text).ok();
            assert_eq!(wire, serde, "{text}");
        }
        let die = RolledDie { sides: 12, face: 7 };
        assert_eq!(
            crate::wire::read_all::<RolledDie>(&crate::wire::to_json(&die)).ok(),
            Some(die)
        );
    }

    #[test]
    fn gh_dice_03_steps_follow_the_chain_and_clamp() {
        let c = StepChain::Source;
        assert_eq!(c.step(DieSize::D6, -1).unwrap(), DieSize::D4);
        assert_eq!(c.step(DieSize::D4, -1).unwrap(), DieSize::D3);
        assert_eq!(c.step(DieSize::D8, 1).unwrap(), DieSize::D10);
        assert_eq!(c.step(DieSize::D3, -1).unwrap(), DieSize::D3);
        assert_eq!(c.step(DieSize::D12, 2).unwrap(), DieSize::D12);
        assert_eq!(
            StepChain::Extended.step(DieSize::D3, -1).unwrap(),
            DieSize::D2
        );
        assert_eq!(
            StepChain::Extended.step(DieSize::D12, 1).unwrap(),
            DieSize::D20
        );
        assert!(c.step(DieSize::D20, 1).is_err());
    }
}
