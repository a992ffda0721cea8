//! Initiative rolls as recorded: the dice (kept or dropped), the modifier and the total, and
//! the d20 every system but Greyhawk's rolls.

use super::activity::Activity;
use crate::dice::{DieRoller, RollMode, RolledDie};
use crate::error::Result;
use crate::ids::ParticipantIds;

/// A roll's dice: one or two for nearly every roll (a Greyhawk activity or two, an ability
/// check), kept inline so a round of hundreds of rolls does not allocate a list for each.
pub type RollDice = crate::lists::InlineList<InitiativeDie, 2>;

/// One die of an initiative roll, as shown and replayed.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InitiativeDie {
    pub die: RolledDie,
    /// The face was rolled but not counted (the other die of an advantage pair).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub dropped: bool,
    /// The Greyhawk activity this die is for (GH-DICE-01), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity: Option<Activity>,
}

impl InitiativeDie {
    pub fn kept(die: RolledDie) -> Self {
        Self {
            die,
            dropped: false,
            activity: None,
        }
    }
}

/// Where an initiative total came from.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum RollSource {
    /// Dice were rolled now.
    #[default]
    Rolled,
    /// A5E-INIT-04: the total of the check made during the surprise step.
    SurpriseCheck,
    /// A5E-INIT-05: an actor on a fixed count (e.g. 20).
    FixedCount,
    /// HYB-INIT-01: no roll; the order comes from Dex scores.
    DexScore,
}

/// One initiative roll: for one participant, or one set of dice shared by a group (GH-INIT-11).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InitiativeRoll {
    #[cfg_attr(feature = "wasm-base", tsify(type = "ParticipantId[]"))]
    pub participants: ParticipantIds,
    #[serde(default, skip_serializing_if = "RollDice::is_empty")]
    #[wire(write_with = "write_dice")]
    #[cfg_attr(feature = "wasm-base", tsify(type = "InitiativeDie[]"))]
    pub dice: RollDice,
    /// Added to the kept faces: an ability modifier, +10 for Greyhawk surprise, the
    /// controller's count (GH-INIT-14), or a fixed count. Left out of the JSON when 0 (most
    /// Greyhawk rolls), and read as 0 when absent.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub modifier: i32,
    pub total: i32,
    #[serde(default, skip_serializing_if = "is_rolled")]
    pub source: RollSource,
}

/// The dice of a roll, byte for byte as the derived writers write them, with fewer calls per
/// die: a 500-combatant Greyhawk round writes about a thousand initiative dice, and writing
/// events was a fifth of the round.
fn write_dice(dice: &RollDice, w: &mut crate::wire::Writer) {
    use crate::wire::ToWire;
    w.open_array();
    for d in dice {
        w.item();
        w.open_object();
        w.key("die");
        w.die(d.die.sides, d.die.face);
        if d.dropped {
            w.key("dropped");
            w.bool(true);
        }
        if let Some(activity) = d.activity {
            w.key("activity");
            activity.write(w);
        }
        w.close_object();
    }
    w.close_array();
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

fn is_rolled(s: &RollSource) -> bool {
    matches!(s, RollSource::Rolled)
}

impl InitiativeRoll {
    /// Sum of the kept faces plus the modifier; `None` on overflow.
    pub fn computed_total(dice: &[InitiativeDie], modifier: i32) -> Option<i32> {
        dice.iter()
            .filter(|d| !d.dropped)
            .try_fold(modifier, |acc, d| {
                i32::try_from(d.die.face)
                    .ok()
                    .and_then(|f| acc.checked_add(f))
            })
    }
}

/// Roll one die of `sides` through the caller's source.
pub(crate) fn roll_one(dice: &mut dyn DieRoller, sides: u32) -> Result<RolledDie> {
    Ok(RolledDie {
        sides,
        face: dice.roll_die(sides)?,
    })
}

/// Roll a d20 check with advantage or disadvantage (keep higher / lower).
pub(crate) fn roll_d20(dice: &mut dyn DieRoller, mode: RollMode) -> Result<RollDice> {
    let first = roll_one(dice, 20)?;
    if mode.is_normal() {
        return Ok(RollDice::from([InitiativeDie::kept(first)]));
    }
    let second = roll_one(dice, 20)?;
    let keep_first = match mode {
        RollMode::Advantage => first.face >= second.face,
        _ => first.face <= second.face,
    };
    Ok(RollDice::from([
        InitiativeDie {
            die: first,
            dropped: !keep_first,
            activity: None,
        },
        InitiativeDie {
            die: second,
            dropped: keep_first,
            activity: None,
        },
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::ParticipantId;

    /// The hand-written dice writer writes what serde does (and what the derived writers
    /// wrote): kept and dropped dice, with and without an activity, any modifier and source.
    #[test]
    fn rolls_are_written_as_serde_writes_them() {
        let die = |sides, face, dropped, activity| InitiativeDie {
            die: RolledDie { sides, face },
            dropped,
            activity,
        };
        let rolls = [
            InitiativeRoll {
                participants: ParticipantIds::one(ParticipantId::new("c0").unwrap()),
                dice: RollDice::from([
                    die(6, 1, false, Some(Activity::Move)),
                    die(8, 8, true, Some(Activity::Melee)),
                    die(8, 2, false, Some(Activity::Melee)),
                ]),
                modifier: 0,
                total: 3,
                source: RollSource::Rolled,
            },
            InitiativeRoll {
                participants: ParticipantIds::from(vec![
                    ParticipantId::new("a").unwrap(),
                    ParticipantId::new("b").unwrap(),
                ]),
                dice: RollDice::from([die(20, 17, false, None)]),
                modifier: -3,
                total: 14,
                source: RollSource::SurpriseCheck,
            },
            InitiativeRoll {
                participants: ParticipantIds::one(ParticipantId::new("f").unwrap()),
                dice: RollDice::new(),
                modifier: 20,
                total: 20,
                source: RollSource::FixedCount,
            },
        ];
        for roll in &rolls {
            assert_eq!(
                crate::wire::to_json(roll),
                serde_json::to_string(roll).unwrap()
            );
        }
        assert_eq!(
            crate::wire::to_json(&rolls.to_vec()),
            serde_json::to_string(&rolls).unwrap()
        );
    }
}
