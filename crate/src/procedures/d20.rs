//! The d20 with advantage or disadvantage, shared by the hybrid's checks, attacks, morale and
//! chases.
//!
//! None of the sources defines advantage; RULES.md §0 takes it from 5e: roll two d20 and keep the
//! higher (advantage) or the lower (disadvantage). Any advantage and any disadvantage together
//! cancel to a single d20, however many sources each has.

use serde::{Deserialize, Serialize};

use crate::dice::{DieRoller, RolledDie};
use crate::error::Result;

/// Whether a d20 roll is made normally, with advantage or with disadvantage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Advantage {
    #[default]
    Normal,
    Advantage,
    Disadvantage,
}

impl Advantage {
    /// The state produced by any number of sources: advantage and disadvantage cancel.
    pub const fn resolve(any_advantage: bool, any_disadvantage: bool) -> Self {
        match (any_advantage, any_disadvantage) {
            (true, false) => Self::Advantage,
            (false, true) => Self::Disadvantage,
            _ => Self::Normal,
        }
    }

    /// Add one more source to this state: the same state stays, an opposite one cancels.
    pub const fn with(self, other: Self) -> Self {
        let adv = matches!(self, Self::Advantage) || matches!(other, Self::Advantage);
        let dis = matches!(self, Self::Disadvantage) || matches!(other, Self::Disadvantage);
        Self::resolve(adv, dis)
    }
}

/// One d20 roll: both dice when rolled with (dis)advantage, and the face that counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct D20Roll {
    /// Every d20 rolled, in order.
    pub dice: Vec<RolledDie>,
    /// The kept face (the "natural" roll).
    pub natural: u32,
    pub advantage: Advantage,
}

/// Roll a d20 (two, keeping one, with advantage or disadvantage).
pub fn roll_d20(roller: &mut dyn DieRoller, advantage: Advantage) -> Result<D20Roll> {
    let first = roller.roll_die(20)?;
    let mut dice = vec![RolledDie {
        sides: 20,
        face: first,
    }];
    let natural = match advantage {
        Advantage::Normal => first,
        Advantage::Advantage | Advantage::Disadvantage => {
            let second = roller.roll_die(20)?;
            dice.push(RolledDie {
                sides: 20,
                face: second,
            });
            if advantage == Advantage::Advantage {
                first.max(second)
            } else {
                first.min(second)
            }
        }
    };
    Ok(D20Roll {
        dice,
        natural,
        advantage,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;

    #[test]
    fn advantage_keeps_higher_and_disadvantage_lower() {
        let mut d = SuppliedDice::new([4, 15, 4, 15, 9]);
        assert_eq!(roll_d20(&mut d, Advantage::Advantage).unwrap().natural, 15);
        let dis = roll_d20(&mut d, Advantage::Disadvantage).unwrap();
        assert_eq!(dis.natural, 4);
        assert_eq!(dis.dice.len(), 2);
        let one = roll_d20(&mut d, Advantage::Normal).unwrap();
        assert_eq!((one.natural, one.dice.len()), (9, 1));
    }

    #[test]
    fn advantage_and_disadvantage_cancel() {
        use super::Advantage as A;
        assert_eq!(A::Advantage.with(A::Disadvantage), A::Normal);
        assert_eq!(A::Normal.with(A::Disadvantage), A::Disadvantage);
        assert_eq!(A::Advantage.with(A::Advantage), A::Advantage);
        assert_eq!(A::resolve(true, true), A::Normal);
    }
}
