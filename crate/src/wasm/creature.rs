//! Glue for one creature: `CreatureHandle` holds a [`Creature`], the [`CreatureRules`] it follows
//! and the caller's current [`Moment`] (game time, and whether a fight is on), and runs one typed
//! command at a time through a single `execute` method so the JS glue stays small.
//!
//! Everything crosses as JSON text through the wire reader and writer (`crate::wire`): the spec,
//! snapshots, each command and its result.
//! Every operation runs on a copy that replaces the held state only on success, so a failed
//! call (bad input, exhausted faces, a rule that forbids it) leaves the creature exactly as it
//! was.

use wasm_bindgen::prelude::*;

use super::dice::DiceBox;
use super::handle::{Handle, engine_exports};
use super::{JsResult, js};
use crate::creature::command::{CreatureCommand, or_default, parse};
use crate::creature::sheet::{CreatureSheet, out};
use crate::creature::spec::CreatureSpec;
use crate::creature::{DamageBreakdown, DamageChoices, DamageInstance};
use crate::dice::DiceSource;

/// A creature held by JS, with its rules and clock, on the event-sourced engine.
#[wasm_bindgen]
pub struct CreatureHandle(Handle<CreatureSheet>);

engine_exports!(CreatureHandle, "creature");

impl CreatureHandle {
    fn sheet(&self) -> &CreatureSheet {
        self.0.state()
    }
}

#[wasm_bindgen]
impl CreatureHandle {
    /// A new creature from a `CreatureSpec`; an invalid spec is an `INVALID_ARGUMENT` error.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str) -> JsResult<CreatureHandle> {
        let spec: CreatureSpec = js(parse(spec, "spec"))?;
        let rules = spec.rules;
        let time = spec.time;
        let sheet = CreatureSheet {
            creature: js(spec.build())?,
            rules,
            time,
        };
        // A creature rolls with the dice each call brings; its own are never used.
        Ok(CreatureHandle(Handle::new(sheet, DiceSource::crypto())))
    }

    pub fn status(&self) -> JsResult<String> {
        js(out(&self.sheet().status()))
    }

    /// What a `DamageInstance` would do with `DamageChoices`, step by step, changing nothing.
    pub fn preview(&self, damage: &str, choices: &str) -> JsResult<String> {
        let damage: DamageInstance = js(parse(damage, "damage"))?;
        let choices = js(or_default::<DamageChoices>(choices, "choices"))?;
        let sheet = self.sheet();
        let breakdown: DamageBreakdown =
            js(sheet
                .creature
                .preview_damage(&sheet.rules, &damage, &choices))?;
        js(out(&breakdown))
    }

    /// Run one `CreatureCommand` (JSON text), rolling any dice through `dice`. Returns its
    /// result (JSON), or with `batch` the batch to relay, whose one event carries the result.
    /// On error nothing changes, the dice included.
    pub fn execute(&mut self, command: &str, dice: &mut DiceBox, batch: bool) -> JsResult<String> {
        let command: CreatureCommand = js(parse(command, "command"))?;
        let engine = &mut self.0.engine;
        let out = js(dice.source.atomically(|source| {
            let events = engine.execute_with_faces(command, source)?;
            Ok(if batch {
                crate::wire::to_json(events)
            } else {
                events.first().map(|e| e.result.clone()).unwrap_or_default()
            })
        }))?;
        Ok(if batch { self.0.batch_text(&out) } else { out })
    }
}

/// The typed path the glue reads through: snapshots are versioned and checked, and malformed
/// input is refused with the field named. Run with `cargo test --features wasm`.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::CreatureRules;
    use crate::error::ErrorCode;
    use serde_json::json;

    #[test]
    fn a_bad_spec_names_the_field() {
        let err = |v: serde_json::Value| parse::<CreatureSpec>(&v.to_string(), "spec").unwrap_err();
        let e = err(json!({ "kind": "pc", "rules": { "type": "a5e" } }));
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        assert_eq!(e.message, "hpMax is missing");
        let e = err(json!({ "kind": "pc", "hpMax": -3, "rules": { "type": "a5e" } }));
        assert_eq!(
            e.message,
            "hpMax must be a whole number from 0 to 4294967295, not -3"
        );
        let e = err(json!({ "kind": "elf", "hpMax": 3, "rules": { "type": "a5e" } }));
        assert!(
            e.message.starts_with("kind must be one of \"pc\""),
            "{}",
            e.message
        );
        assert!(e.message.ends_with(", not \"elf\""), "{}", e.message);
        let e = err(json!({ "kind": "pc", "hpMax": 3, "rules": { "type": "d20" } }));
        assert!(
            e.message.starts_with("rules.type must be "),
            "{}",
            e.message
        );
        assert!(e.message.ends_with(", not \"d20\""), "{}", e.message);
        let e =
            err(json!({ "kind": "pc", "hpMax": 3, "rules": { "type": "a5e" }, "tempHp": true }));
        assert_eq!(
            e.message,
            "tempHp must be a whole number from 0 to 4294967295, not true"
        );
        // Options left out take the ruleset's defaults.
        let spec =
            parse::<CreatureSpec>(r#"{"kind":"pc","hpMax":3,"rules":{"type":"hyb"}}"#, "spec")
                .unwrap();
        assert_eq!(
            spec.rules,
            CreatureRules::Hyb(crate::creature::HybRules::default())
        );
    }
}
