//! The JSON of the events a big round writes hundreds of entries of (its declarations,
//! initiative rolls and roll-off draws), byte for byte what the derived writers write.
//!
//! The wire writer keeps each of its primitives out of line, which keeps the module small (the
//! derived code calls them at a few thousand places) but costs a call per brace, key and value:
//! a 500-combatant Greyhawk round made some twenty thousand such calls, about a fifth of its
//! time. Here each entry is appended to one local string with inlined appends and handed to the
//! writer once ([`Writer::raw`]). Only the common shapes are written piece by piece; anything
//! rarer (a declaration with more than activities, a roll's source other than dice, a string
//! that needs escaping) goes through the derived writers, so nothing here has to keep up with
//! them but these few shapes, which the tests compare with serde's output.

use crate::encounter::command::ParticipantDeclaration;
use crate::encounter::event::{TieDraw, TieUnit};
use crate::encounter::participant::Declaration;
use crate::ids::ParticipantId;
use crate::initiative::{Activity, InitiativeRoll, RollSource};
use crate::wire::{ToWire, Writer};

/// JSON text being built in one string (see the module's comment).
struct Text(String);

impl Text {
    fn with_capacity(bytes: usize) -> Self {
        Self(String::with_capacity(bytes))
    }

    fn push(&mut self, s: &str) {
        self.0.push_str(s);
    }

    fn unsigned(&mut self, n: u32) {
        self.0.push_str(itoa::Buffer::new().format(n));
    }

    fn signed(&mut self, n: i32) {
        self.0.push_str(itoa::Buffer::new().format(n));
    }

    /// A JSON string. Ids are checked to need no escaping, so only other text ever takes the
    /// writer's escaping path.
    fn string(&mut self, s: &str) {
        if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
            self.value(&s);
        } else {
            self.0.push('"');
            self.0.push_str(s);
            self.0.push('"');
        }
    }

    /// Any value, through its own writer (the rare shapes).
    fn value(&mut self, v: &dyn ToWire) {
        self.0.push_str(&crate::wire::to_json_dyn(v));
    }

    fn ids(&mut self, ids: &[ParticipantId]) {
        self.0.push('[');
        for (i, id) in ids.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.string(id.as_str());
        }
        self.0.push(']');
    }

    fn activities(&mut self, activities: &[Activity]) {
        self.0.push('[');
        for (i, a) in activities.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.0.push_str(activity_json(*a));
        }
        self.0.push(']');
    }

    fn finish(self, w: &mut Writer) {
        w.raw(&self.0);
    }
}

/// An activity as JSON (its serde name, quoted).
const fn activity_json(a: Activity) -> &'static str {
    match a {
        Activity::Ranged => "\"ranged\"",
        Activity::Move => "\"move\"",
        Activity::Swap => "\"swap\"",
        Activity::Other => "\"other\"",
        Activity::Melee => "\"melee\"",
        Activity::Spell => "\"spell\"",
    }
}

/// `initiativeRolled`'s rolls (the derived writer of [`InitiativeRoll`] writes single rolls).
// A `&Vec` because the derived event writer passes the field as it is.
#[allow(clippy::ptr_arg)]
pub(crate) fn write_rolls(rolls: &Vec<InitiativeRoll>, w: &mut Writer) {
    let mut t = Text::with_capacity(rolls.len().saturating_mul(120).saturating_add(2));
    t.push("[");
    for (i, r) in rolls.iter().enumerate() {
        if i > 0 {
            t.push(",");
        }
        t.push("{\"participants\":");
        t.ids(&r.participants);
        if !r.dice.is_empty() {
            t.push(",\"dice\":[");
            for (k, d) in r.dice.iter().enumerate() {
                t.push(if k > 0 {
                    ",{\"die\":{\"sides\":"
                } else {
                    "{\"die\":{\"sides\":"
                });
                t.unsigned(d.die.sides);
                t.push(",\"face\":");
                t.unsigned(d.die.face);
                t.push("}");
                if d.dropped {
                    t.push(",\"dropped\":true");
                }
                if let Some(a) = d.activity {
                    t.push(",\"activity\":");
                    t.push(activity_json(a));
                }
                t.push("}");
            }
            t.push("]");
        }
        if r.modifier != 0 {
            t.push(",\"modifier\":");
            t.signed(r.modifier);
        }
        t.push(",\"total\":");
        t.signed(r.total);
        if r.source != RollSource::Rolled {
            t.push(",\"source\":");
            t.value(&r.source);
        }
        t.push("}");
    }
    t.push("]");
    t.finish(w);
}

/// `tiesBroken`'s draws, flat as [`TieDraw`]'s writer writes each.
#[allow(clippy::ptr_arg)]
pub(crate) fn write_draws(draws: &Vec<TieDraw>, w: &mut Writer) {
    let mut t = Text::with_capacity(draws.len().saturating_mul(64).saturating_add(2));
    t.push("[");
    for (i, d) in draws.iter().enumerate() {
        if i > 0 {
            t.push(",");
        }
        match &d.unit {
            TieUnit::Participants { participants } => {
                t.push("{\"participants\":");
                t.ids(participants);
            }
            TieUnit::Side { side } => {
                t.push("{\"side\":");
                t.string(side.as_str());
            }
        }
        t.push(",\"die\":{\"sides\":");
        t.unsigned(d.die.sides);
        t.push(",\"face\":");
        t.unsigned(d.die.face);
        t.push("}}");
    }
    t.push("]");
    t.finish(w);
}

/// `declaredMany`'s declarations, keyed by participant id; a Greyhawk declaration of
/// activities alone is written as the list of them.
pub(crate) fn write_declarations(declarations: &[ParticipantDeclaration], w: &mut Writer) {
    let mut t = Text::with_capacity(declarations.len().saturating_mul(32).saturating_add(2));
    t.push("{");
    for (i, d) in declarations.iter().enumerate() {
        if i > 0 {
            t.push(",");
        }
        t.string(d.participant.as_str());
        t.push(":");
        match &d.declaration {
            Declaration::Greyhawk(g) if g.is_activities_only() => t.activities(&g.activities),
            other => t.value(other),
        }
    }
    t.push("}");
    t.finish(w);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{RollMode, RolledDie};
    use crate::encounter::event::EncounterEvent;
    use crate::ids::SideId;
    use crate::initiative::InitiativeDie;
    use crate::initiative::greyhawk::GhDeclaration;
    use crate::initiative::side::OseDeclaration;
    use proptest::prelude::*;

    const ACTIVITIES: [Activity; 6] = [
        Activity::Ranged,
        Activity::Move,
        Activity::Swap,
        Activity::Other,
        Activity::Melee,
        Activity::Spell,
    ];
    const SOURCES: [RollSource; 4] = [
        RollSource::Rolled,
        RollSource::SurpriseCheck,
        RollSource::FixedCount,
        RollSource::DexScore,
    ];

    fn id(n: u16) -> ParticipantId {
        ParticipantId::new(format!("p-{n}.x:{}", n % 7)).unwrap()
    }

    /// The event as the wire writer writes it is what serde writes.
    fn same_as_serde(event: &EncounterEvent) {
        assert_eq!(
            crate::wire::to_json(event),
            serde_json::to_string(event).unwrap()
        );
    }

    #[test]
    fn activity_names_are_serde_names() {
        for a in ACTIVITIES {
            assert_eq!(activity_json(a), serde_json::to_string(&a).unwrap());
        }
    }

    #[test]
    fn empty_lists() {
        same_as_serde(&EncounterEvent::InitiativeRolled { rolls: Vec::new() });
        same_as_serde(&EncounterEvent::TiesBroken { draws: Vec::new() });
        same_as_serde(&EncounterEvent::DeclaredMany {
            declarations: Vec::new(),
        });
    }

    proptest! {
        #[test]
        fn rolls_are_written_as_serde_writes_them(
            rolls in proptest::collection::vec(
                (
                    proptest::collection::vec(0u16..50, 0..4),
                    proptest::collection::vec((1u32..30, 1u32..30, any::<bool>(), 0usize..7), 0..4),
                    -30i32..30,
                    -100i32..100,
                    0usize..4,
                ),
                0..6,
            )
        ) {
            let rolls: Vec<InitiativeRoll> = rolls
                .into_iter()
                .map(|(ids, dice, modifier, total, source)| InitiativeRoll {
                    participants: ids.into_iter().map(id).collect(),
                    dice: dice
                        .into_iter()
                        .map(|(sides, face, dropped, a)| InitiativeDie {
                            die: RolledDie { sides, face },
                            dropped,
                            activity: ACTIVITIES.get(a).copied(),
                        })
                        .collect(),
                    modifier,
                    total,
                    source: SOURCES.get(source).copied().unwrap_or_default(),
                })
                .collect();
            same_as_serde(&EncounterEvent::InitiativeRolled { rolls });
        }

        #[test]
        fn draws_are_written_as_serde_writes_them(
            draws in proptest::collection::vec(
                (proptest::collection::vec(0u16..50, 0..4), any::<bool>(), 1u32..30, 1u32..30),
                0..6,
            )
        ) {
            let draws: Vec<TieDraw> = draws
                .into_iter()
                .map(|(ids, side, sides, face)| TieDraw {
                    unit: if side {
                        TieUnit::Side {
                            side: SideId::new(format!("side-{}", ids.len())).unwrap(),
                        }
                    } else {
                        TieUnit::Participants {
                            participants: ids.into_iter().map(id).collect(),
                        }
                    },
                    die: RolledDie { sides, face },
                })
                .collect();
            same_as_serde(&EncounterEvent::TiesBroken { draws });
        }

        #[test]
        fn declarations_are_written_as_serde_writes_them(
            declarations in proptest::collection::vec(
                (0u16..50, proptest::collection::vec(0usize..6, 0..4), 0usize..4),
                0..6,
            )
        ) {
            let declarations: Vec<ParticipantDeclaration> = declarations
                .into_iter()
                .map(|(n, activities, shape)| {
                    let mut g = GhDeclaration::of(
                        activities.into_iter().filter_map(|a| ACTIVITIES.get(a).copied()),
                    );
                    let declaration = match shape {
                        0 => Declaration::Ose(OseDeclaration {
                            spell: true,
                            ..OseDeclaration::default()
                        }),
                        1 => {
                            g.mode = RollMode::Advantage;
                            Declaration::Greyhawk(g)
                        }
                        2 => Declaration::Greyhawk(g.with_bonus_action(Activity::Melee)),
                        _ => Declaration::Greyhawk(g),
                    };
                    ParticipantDeclaration {
                        participant: id(n),
                        declaration,
                    }
                })
                .collect();
            same_as_serde(&EncounterEvent::DeclaredMany { declarations });
        }
    }
}
