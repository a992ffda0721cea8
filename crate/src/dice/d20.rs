//! The d20 with advantage or disadvantage, as every ruleset's checks, attacks, saves and morale
//! roll it (docs/rules.md §0: two d20, keep the higher with advantage or the lower with
//! disadvantage). Greyhawk's inverted initiative advantage is [`crate::dice::twice`].

use crate::dice::advantage::RollMode;
use crate::dice::source::DieRoller;
use crate::dice::step::RolledDie;
use crate::error::Result;

/// One d20 as rolled: both dice when rolled with advantage or disadvantage, and the natural
/// result that was kept.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct D20Roll {
    pub mode: RollMode,
    /// Every d20 rolled, in order (two with advantage or disadvantage).
    pub dice: Vec<RolledDie>,
    /// The kept face (1–20), the "natural" roll.
    pub natural: u32,
}

/// Roll a d20 in `mode`: once when normal, twice keeping the higher (advantage) or the lower
/// (disadvantage).
pub fn roll_d20<R: DieRoller + ?Sized>(mode: RollMode, roller: &mut R) -> Result<D20Roll> {
    let first = roller.roll_die(20)?;
    let die = |face| RolledDie { sides: 20, face };
    let (dice, natural) = match mode {
        RollMode::Normal => (vec![die(first)], first),
        RollMode::Advantage | RollMode::Disadvantage => {
            let second = roller.roll_die(20)?;
            let kept = if mode == RollMode::Advantage {
                first.max(second)
            } else {
                first.min(second)
            };
            (vec![die(first), die(second)], kept)
        }
    };
    Ok(D20Roll {
        mode,
        dice,
        natural,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;

    #[test]
    fn advantage_keeps_higher_and_disadvantage_lower() {
        let mut d = SuppliedDice::new([4, 15, 4, 15, 9]);
        let adv = roll_d20(RollMode::Advantage, &mut d).unwrap();
        assert_eq!((adv.natural, adv.dice.len()), (15, 2));
        let dis = roll_d20(RollMode::Disadvantage, &mut d).unwrap();
        assert_eq!((dis.natural, dis.dice.len()), (4, 2));
        let one = roll_d20(RollMode::Normal, &mut d).unwrap();
        assert_eq!((one.natural, one.dice.len()), (9, 1));
    }

    #[test]
    fn advantage_and_disadvantage_cancel() {
        assert_eq!(RollMode::from_sources(true, true), RollMode::Normal);
        assert_eq!(RollMode::Advantage.with(false, true), RollMode::Normal);
        assert_eq!(RollMode::Normal.with(false, true), RollMode::Disadvantage);
        assert_eq!(RollMode::Advantage.with(true, false), RollMode::Advantage);
        assert_eq!(RollMode::Normal.with(true, false), RollMode::Advantage);
    }
}
