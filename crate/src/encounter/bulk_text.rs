//! The JSON of the events a big round writes hundreds of entries of (its declarations,
//! initiative rolls and roll-off draws), byte for byte what the derived writers write. (The
//! draws' writer is beside their type in `event.rs`, on the [`Text`] here.)
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
use crate::encounter::participant::Declaration;
use crate::ids::ParticipantId;
use crate::initiative::{Activity, InitiativeRoll, RollSource};
use crate::wire::{ToWire, Writer};

/// JSON text being built in one string (see the module's comment): the writer's own, lent
/// until [`Text::finish`], so the entries are written where they end up and never copied.
pub(crate) struct Text(String);

impl Text {
    /// Write one value at the end of `w`'s text, about `bytes` long (room is made at once).
    pub(crate) fn start(w: &mut Writer, bytes: usize) -> Self {
        let mut out = w.lend();
        out.reserve(bytes);
        Self(out)
    }

    pub(crate) fn push(&mut self, s: &str) {
        self.0.push_str(s);
    }

    pub(crate) fn unsigned(&mut self, n: u32) {
        crate::text::decimal::push_u64(&mut self.0, u64::from(n));
    }

    pub(crate) fn signed(&mut self, n: i32) {
        crate::text::decimal::push_i64(&mut self.0, i64::from(n));
    }

    /// A JSON string. Ids are checked to need no escaping, so only other text ever takes the
    /// writer's escaping path.
    pub(crate) fn string(&mut self, s: &str) {
        if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
            self.value(&s);
        } else {
            self.0.push('"');
            self.0.push_str(s);
            self.0.push('"');
        }
    }

    /// Any value, through its own writer (the rare shapes).
    pub(crate) fn value(&mut self, v: &dyn ToWire) {
        self.0.push_str(&crate::wire::to_json_dyn(v));
    }

    /// A participant id as a JSON string. Ids hold letters, digits and `_-.:` only (checked
    /// whenever one is made, `ids::check_id`), so none needs escaping and the text is written
    /// as it is, without [`Text::string`]'s look at every byte: a big round writes over a
    /// thousand ids (and inlined: the call cost about as much as the write).
    #[inline]
    pub(crate) fn id(&mut self, id: &ParticipantId) {
        debug_assert!(
            !id.as_str()
                .bytes()
                .any(|b| b < 0x20 || b == b'"' || b == b'\\')
        );
        self.0.push('"');
        self.0.push_str(id.as_str());
        self.0.push('"');
    }

    #[inline]
    pub(crate) fn ids(&mut self, ids: &[ParticipantId]) {
        self.0.push('[');
        for (i, id) in ids.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.id(id);
        }
        self.0.push(']');
    }

    pub(crate) fn activities(&mut self, activities: &[Activity]) {
        self.0.push('[');
        for (i, a) in activities.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.0.push_str(activity_json(*a));
        }
        self.0.push(']');
    }

    /// Hand the text back to the writer it came from.
    pub(crate) fn finish(self, w: &mut Writer) {
        w.give_back(self.0);
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
    let mut t = Text::start(w, rolls.len().saturating_mul(120).saturating_add(2));
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

/// `declaredMany`'s declarations, keyed by participant id; a Greyhawk declaration of
/// activities alone is written as the list of them.
pub(crate) fn write_declarations(declarations: &[ParticipantDeclaration], w: &mut Writer) {
    let mut t = Text::start(w, declarations.len().saturating_mul(32).saturating_add(2));
    t.push("{");
    for (i, d) in declarations.iter().enumerate() {
        if i > 0 {
            t.push(",");
        }
        t.id(&d.participant);
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

    /// The events' writers here are compared with serde's in `event.rs`'s tests.
    #[test]
    fn activity_names_are_serde_names() {
        for a in Activity::ALL {
            assert_eq!(activity_json(a), serde_json::to_string(&a).unwrap());
        }
    }
}
