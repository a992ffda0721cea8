//! Glue for encounters: one `EncounterHandle` per encounter, holding the state and its dice.
//!
//! Commands, events and snapshots cross the boundary as JSON text: they are what VTT clients
//! send each other anyway, and one string is far cheaper than building large JS object graphs
//! field by field (a 500-combatant round produces thousands of values). The facade parses and
//! types them with the interfaces generated from the Rust types.

use wasm_bindgen::prelude::*;

use super::dice::seed_from_js;
use super::handle::{Handle, engine_exports};
use super::{JsResult, js, parse_json, write_json};
use crate::conditions::RollQuery;
use crate::dice::DiceSource;
use crate::encounter::{Actor, Encounter, EncounterCommand, EncounterEvent, ParticipantId};
use crate::engine::Model;
use crate::rulesets::RulesetConfig;

/// `declareMany`'s argument on its own.
#[crate::boundary(input, rust_only)]
#[serde(transparent)]
struct Declarations(
    #[serde(deserialize_with = "crate::encounter::command::read_declarations")]
    #[wire(read_with = "crate::encounter::command::read_declarations_wire")]
    Vec<crate::encounter::ParticipantDeclaration>,
);

/// [`EncounterHandle::order`]'s text: three tokens per entry, separated by single spaces.
/// First the participant's id (ids are letters, digits and `_-.:`, so they need no quoting and
/// hold no space) or, for a side entry, its `Actor` as compact JSON (which has no space either:
/// side ids are ids, and the writer adds no whitespace); then the count, or `-` for none; then
/// the flags, 1 for done plus 2 for current. The facade splits it once: for hundreds of entries
/// that is about half the time of parsing the same rows as JSON (three values per entry), and the
/// module writes no quotes or commas.
fn order_text(enc: &Encounter) -> String {
    let mut out = String::with_capacity(enc.participants().len().saturating_mul(12));
    for row in enc.order_rows() {
        if !out.is_empty() {
            out.push(' ');
        }
        match row.actor {
            Actor::Participant { participant } => out.push_str(participant.as_str()),
            sides @ Actor::Sides { .. } => out.push_str(&crate::wire::to_json(sides)),
        }
        out.push(' ');
        match row.count {
            Some(count) => crate::text::decimal::push_i64(&mut out, i64::from(count)),
            None => out.push('-'),
        }
        out.push(' ');
        let flags = u8::from(row.done) | (u8::from(row.current) << 1);
        out.push(char::from(b'0' + flags));
    }
    out
}

/// One encounter on the event-sourced engine (its dice and batch count included).
#[wasm_bindgen]
pub struct EncounterHandle(Handle<Encounter>);

engine_exports!(EncounterHandle, "encounter", commands);

#[wasm_bindgen]
impl EncounterHandle {
    /// A new encounter from its `RulesetConfig` (JSON text, read by the same reader as
    /// snapshots, so the wasm carries one copy of it); seeded dice when `seed` is given, crypto
    /// dice otherwise.
    #[wasm_bindgen(constructor)]
    pub fn new(config: &str, seed: Option<f64>) -> JsResult<EncounterHandle> {
        // The facade sends its options' `config` with `preset` and `initiative` (which it has
        // checked) added, so what is left to go wrong is inside `config`.
        let config: RulesetConfig = js(crate::wire::from_json_named(config, "config"))?;
        let dice = match seed {
            Some(s) => js(DiceSource::seeded(seed_from_js(s)?))?,
            None => DiceSource::crypto(),
        };
        Ok(EncounterHandle(Handle::new(
            js(Encounter::new(config))?,
            dice,
        )))
    }

    fn inner(&self) -> &Encounter {
        self.0.state()
    }

    /// `declareMany` with just its declarations (JSON, either form the command takes): the
    /// same command, read without the command envelope (serde buffers a whole tagged command
    /// before it can look at its `type`; with hundreds of declarations that was half the cost).
    #[wasm_bindgen(js_name = declareMany)]
    pub fn declare_many(&mut self, declarations: &str, batch: bool) -> JsResult<js_sys::JsString> {
        let Declarations(declarations) = js(self
            .inner()
            .reading(|| parse_json(declarations, "declarations")))?;
        js(self
            .0
            .run(EncounterCommand::DeclareMany { declarations }, None, batch))
    }

    /// One log line for an event (JSON), for a VTT chat: in English, or from `messages` (JSON
    /// `{ key: template }`, English for the keys it leaves out).
    pub fn describe(&self, event: &str, messages: Option<String>) -> JsResult<String> {
        let event: EncounterEvent = js(self.inner().reading(|| parse_json(event, "event")))?;
        let cat = js(super::catalogue(messages.as_deref()))?;
        Ok(event.describe_in(self.inner(), &cat))
    }

    /// The acting order for this round as the text the facade turns into `OrderEntry`
    /// objects ([`order_text`]: `who count flags` per entry).
    pub fn order(&self) -> String {
        order_text(self.inner())
    }

    /// Who acts now, if anyone.
    pub fn current(&self) -> JsResult<String> {
        js(write_json(&self.inner().current()))
    }

    pub fn participants(&self) -> JsResult<String> {
        js(write_json(self.inner().participants()))
    }

    pub fn participant(&self, id: &str) -> JsResult<String> {
        let id = js(ParticipantId::new(id))?;
        js(write_json(&self.inner().participant(&id)))
    }

    /// A participant's effects with the time each has left.
    pub fn effects(&self, id: &str) -> JsResult<String> {
        let id = js(ParticipantId::new(id))?;
        js(write_json(&js(self.inner().effects_of(&id))?))
    }

    /// What applies to the participant for a roll (`RollQuery` as JSON), with reasons.
    #[wasm_bindgen(js_name = rollAdvice)]
    pub fn roll_advice(&self, id: &str, query: &str) -> JsResult<String> {
        let id = js(ParticipantId::new(id))?;
        let query: RollQuery = js(parse_json(query, "roll query"))?;
        js(write_json(&js(self.inner().roll_advice(&id, &query))?))
    }

    /// GH-INIT-09: the activity categories the participant may still use on its turn.
    #[wasm_bindgen(js_name = allowedActivities)]
    pub fn allowed_activities(&self, id: &str) -> JsResult<String> {
        let id = js(ParticipantId::new(id))?;
        js(write_json(&js(self.inner().allowed_activities(&id))?))
    }

    pub fn sides(&self) -> JsResult<String> {
        js(write_json(self.inner().sides()))
    }

    #[wasm_bindgen(js_name = worldActions)]
    pub fn world_actions(&self) -> JsResult<String> {
        js(write_json(self.inner().world_actions()))
    }

    /// Every condition this encounter takes (its ruleset's set, then homebrew), for a picker.
    pub fn conditions(&self) -> JsResult<String> {
        js(write_json(&self.inner().catalog().listing()))
    }

    pub fn delayed(&self) -> JsResult<String> {
        js(write_json(&self.inner().delayed()))
    }

    pub fn round(&self) -> u32 {
        self.inner().round()
    }

    pub fn phase(&self) -> JsResult<String> {
        js(write_json(&self.inner().phase()))
    }

    pub fn config(&self) -> JsResult<String> {
        js(write_json(self.inner().config()))
    }

    #[wasm_bindgen(js_name = elapsedSeconds)]
    pub fn elapsed_seconds(&self) -> f64 {
        // Bounded by rounds × one day; exact in f64.
        self.inner().elapsed_seconds() as f64
    }
}

/// The rule tables (presets, initiative systems, Greyhawk's activity dice, damage types,
/// condition sets) as JSON: what a user interface offers, from the rules themselves.
#[wasm_bindgen(js_name = ruleTablesJson)]
pub fn rule_tables() -> String {
    crate::wire::to_json(&crate::rulesets::tables::rule_tables())
}
