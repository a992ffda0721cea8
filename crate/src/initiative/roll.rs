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
#[wire(read_first = "InitiativeDie::read_as_written")]
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
    /// The die as [`write_dice`] writes it, `{"die":{"sides":S,"face":F}}` with `"dropped":true`
    /// and `"activity":…` after the die when they are there, read in one pass; any other form
    /// (and every error) is the derived reader's. A follower reads one to three of these per
    /// roll of every `initiativeRolled` event, and the derived reader, key by key, took about
    /// 7 % of a replay's instructions for them (natively, `crate/examples/round_engine.rs`).
    fn read_as_written(r: &mut crate::wire::Reader<'_>) -> Option<Self> {
        use crate::wire::FromWire;
        // The derived reader opens this object and the die's: two levels.
        if !r.may_nest(2) {
            return None;
        }
        r.as_written(|r| {
            if !r.exactly(b"{\"die\":") {
                return None;
            }
            let die = RolledDie::read_as_written(r)?;
            let dropped = r.exactly(b",\"dropped\":true");
            let activity = if r.exactly(b",\"activity\":") {
                Some(Activity::read(r).ok()?)
            } else {
                None
            };
            r.exactly(b"}").then_some(Self {
                die,
                dropped,
                activity,
            })
        })
    }

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
#[wire(read_first = "InitiativeRoll::read_as_written")]
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
    /// The roll as the derived writer writes it (its fields in order, those left out when
    /// empty, zero or rolled), read in one pass; any other form (and every error) is the
    /// derived reader's. An `initiativeRolled` event holds one roll per participant or group,
    /// and reading them key by key was about a third of what a follower spent reading a
    /// round's events.
    fn read_as_written(r: &mut crate::wire::Reader<'_>) -> Option<Self> {
        use crate::wire::FromWire;
        if !r.may_nest(1) {
            return None;
        }
        r.as_written(|r| {
            if !r.exactly(b"{\"participants\":") {
                return None;
            }
            let participants = ParticipantIds::read(r).ok()?;
            let dice = if r.exactly(b",\"dice\":") {
                RollDice::read(r).ok()?
            } else {
                RollDice::default()
            };
            let modifier = if r.exactly(b",\"modifier\":") {
                i32::read(r).ok()?
            } else {
                0
            };
            if !r.exactly(b",\"total\":") {
                return None;
            }
            let total = i32::read(r).ok()?;
            let source = if r.exactly(b",\"source\":") {
                RollSource::read(r).ok()?
            } else {
                RollSource::Rolled
            };
            r.exactly(b"}").then_some(Self {
                participants,
                dice,
                modifier,
                total,
                source,
            })
        })
    }

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

    /// An initiative die reads as serde reads it in every form: the writer's (through the fast
    /// path, which must take it) and any other (white space, other key orders, escapes,
    /// duplicates, unknown activities, cut-off text), where the derived reader reads it.
    #[test]
    fn an_initiative_die_reads_as_serde_reads_it_in_every_form() {
        let written = [
            InitiativeDie::kept(RolledDie { sides: 6, face: 3 }),
            InitiativeDie {
                die: RolledDie { sides: 8, face: 8 },
                dropped: false,
                activity: Some(Activity::Melee),
            },
            InitiativeDie {
                die: RolledDie { sides: 20, face: 1 },
                dropped: true,
                activity: None,
            },
            InitiativeDie {
                die: RolledDie { sides: 4, face: 2 },
                dropped: true,
                activity: Some(Activity::Ranged),
            },
        ];
        for die in written {
            let text = crate::wire::to_json(&die);
            let mut r = crate::wire::Reader::new(&text);
            assert_eq!(InitiativeDie::read_as_written(&mut r), Some(die), "{text}");
            assert_eq!(
                crate::wire::read_all::<InitiativeDie>(&text).ok(),
                Some(die)
            );
        }
        for text in [
            r#"{"die":{"sides":6,"face":3}}"#,
            r#"{"die":{"sides":6,"face":3},"activity":"move"}"#,
            r#"{"die":{"sides":6,"face":3},"dropped":true,"activity":"spell"}"#,
            r#"{"activity":"move","die":{"sides":6,"face":3}}"#,
            r#"{"die":{"sides":6,"face":3},"activity":"move","dropped":true}"#,
            r#" { "die" : {"sides":6,"face":3} , "activity" : "move" } "#,
            r#"{"die":{"face":3,"sides":6},"activity":"move"}"#,
            r#"{"die":{"sides":6,"face":3},"activity":"move"}"#,
            r#"{"die":{"sides":6,"face":3},"dropped":false}"#,
            r#"{"die":{"sides":6,"face":3},"extra":[1]}"#,
            r#"{"die":{"sides":6,"face":3},"activity":"nope"}"#,
            r#"{"die":{"sides":6,"face":3},"activity":"move","activity":"melee"}"#,
            r#"{"die":{"sides":6,"face":3},"dropped":true,"dropped":true}"#,
            r#"{"die":{"sides":6,"face":3},"activity":null}"#,
            r#"{"die":{"sides":6,"face":3},"activity":"move""#,
            r#"{"die":{"sides":6,"face":3}"#,
            r#"{"die":{"sides":6,"face":3}}x"#,
            r#"{"die":{"sides":6}}"#,
            r#"{"activity":"move"}"#,
            r#"[{"die":{"sides":6,"face":3}}]"#,
        ] {
            let wire = crate::wire::read_all::<InitiativeDie>(text).ok();
            let serde = serde_json::from_str::<InitiativeDie>(text).ok();
            assert_eq!(wire, serde, "{text}");
        }
        // A list of them, as a roll holds them.
        let text = r#"[{"die":{"sides":6,"face":3},"activity":"move"},{"die":{"sides":8,"face":8},"activity":"melee"}]"#;
        assert_eq!(
            crate::wire::read_all::<Vec<InitiativeDie>>(text).ok(),
            serde_json::from_str::<Vec<InitiativeDie>>(text).ok()
        );
    }

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
        // Each reads back through the writer's form's fast path, which must take it.
        for roll in &rolls {
            let text = crate::wire::to_json(roll);
            let mut r = crate::wire::Reader::new(&text);
            assert_eq!(
                InitiativeRoll::read_as_written(&mut r).as_ref(),
                Some(roll),
                "{text}"
            );
        }
    }

    /// A roll reads as serde reads it in every form, the writer's and others (other key
    /// orders, white space, the fields left out or given when the writer would not, wrong
    /// values, duplicates, cut-off text), where the derived reader reads it.
    #[test]
    fn a_roll_reads_as_serde_reads_it_in_every_form() {
        for text in [
            r#"{"participants":["c0"],"dice":[{"die":{"sides":6,"face":3},"activity":"move"}],"total":3}"#,
            r#"{"participants":["a","b"],"total":20,"source":"fixedCount","modifier":20}"#,
            r#"{"participants":["a"],"modifier":-2,"total":5,"source":"surpriseCheck"}"#,
            r#"{"participants":["a"],"dice":[],"modifier":0,"total":0,"source":"rolled"}"#,
            r#"{"total":3,"participants":["c0"]}"#,
            r#" { "participants" : ["c0"] , "total" : 3 } "#,
            r#"{"participants":"c0","total":3}"#,
            r#"{"participants":[],"total":3}"#,
            r#"{"participants":["c0"],"total":3.5}"#,
            r#"{"participants":["c0"],"total":2147483648}"#,
            r#"{"participants":["c0"],"total":3,"total":4}"#,
            r#"{"participants":["c0"],"total":3,"source":"nope"}"#,
            r#"{"participants":["c 0"],"total":3}"#,
            r#"{"participants":["c0"],"dice":[{"die":{"sides":6}}],"total":3}"#,
            r#"{"participants":["c0"],"total":3"#,
            r#"{"participants":["c0"]}"#,
            r#"{"participants":["c0"],"total":3,"extra":true}"#,
        ] {
            let wire = crate::wire::read_all::<InitiativeRoll>(text).ok();
            let serde = serde_json::from_str::<InitiativeRoll>(text).ok();
            assert_eq!(wire, serde, "{text}");
        }
    }
}
