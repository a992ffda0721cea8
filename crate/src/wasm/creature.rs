//! Glue for one creature: `CreatureHandle` holds a [`Creature`], the [`CreatureRules`] it follows
//! and the caller's current [`Moment`] (game time, and whether a fight is on), and runs one typed
//! command at a time through a single `execute` method so the JS glue stays small.
//!
//! Everything crosses as JSON text through the wire reader and writer (`crate::wire`): the spec,
//! snapshots, each command and its result.
//! Every operation runs on a copy that replaces the held state only on success, so a failed
//! call (bad input, exhausted faces, a rule that forbids it) leaves the creature exactly as it
//! was.

use serde::{Deserialize, Serialize};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use super::dice::DiceBox;
use super::{JsResult, apply_text, js, reply};
use crate::creature::command::{CreatureCommand, or_default, parse};
use crate::creature::sheet::{CreatureSheet, out};
use crate::creature::{
    AbilityScores, Creature, CreatureKind, CreatureRules, DamageBreakdown, DamageChoices,
    DamageInstance, DamageType, DeathState, Doom, HitDice, HybExhaustion, Moment, Track,
    ZeroHpRule,
};
use crate::dice::DiceSource;
use crate::engine::Engine;
use crate::error::Result;

/// What a new creature starts with. Only `kind`, `hpMax` and `rules` are required.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct CreatureSpec {
    pub kind: CreatureKind,
    pub hp_max: u32,
    /// Current HP; the maximum when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp: Option<u32>,
    #[serde(default)]
    pub temp_hp: u32,
    /// Character level or monster Hit Dice (massive damage, HYB nightly healing).
    #[serde(default)]
    pub level: u32,
    #[serde(default)]
    pub con_mod: i32,
    /// A5E Hit Dice pool (short and long rests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_dice: Option<HitDice>,
    #[serde(default)]
    pub resistances: Vec<DamageType>,
    #[serde(default)]
    pub vulnerabilities: Vec<DamageType>,
    #[serde(default)]
    pub immunities: Vec<DamageType>,
    /// A5E-DMG-08: immune to damage from mundane (nonmagical) weapons.
    #[serde(default)]
    pub immune_to_mundane_weapons: bool,
    /// A5E-DEATH-11: what 0 HP does; by default PCs make death saves and others die.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zero_hp: Option<ZeroHpRule>,
    /// Ability scores (HYB injuries and resilience).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<AbilityScores>,
    /// The ruleset and its options: `{ type: "a5e" }`, `{ type: "hyb", deathClockSeconds: 60 }`…
    pub rules: CreatureRules,
    /// The current game time; 0 and outside any encounter when left out.
    #[serde(default)]
    pub time: Moment,
}

impl CreatureSpec {
    fn build(self) -> Result<Creature> {
        let mut creature = Creature::new(self.kind, self.hp_max)?;
        creature.hp.current = self.hp.unwrap_or(self.hp_max);
        creature.hp.temp = self.temp_hp;
        creature.level = self.level;
        creature.con_mod = self.con_mod;
        creature.hit_dice = self.hit_dice;
        creature.defenses.resistances = self.resistances;
        creature.defenses.vulnerabilities = self.vulnerabilities;
        creature.defenses.immunities = self.immunities;
        creature.defenses.immune_to_mundane_weapons = self.immune_to_mundane_weapons;
        if let Some(rule) = self.zero_hp {
            creature.zero_hp = Some(rule);
        }
        creature.abilities = self.abilities;
        creature.validate()?;
        Ok(creature)
    }
}

// ---------------------------------------------------------------------------------------------
// The handle
// ---------------------------------------------------------------------------------------------

/// The creature's state at a glance, for a UI: every value comes from the core.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct CreatureStatus {
    pub hp: u32,
    pub hp_max: u32,
    pub temp_hp: u32,
    /// A5E-HP-02: at or below half the HP maximum.
    pub bloodied: bool,
    pub death: DeathState,
    pub dead: bool,
    /// Dying or stable at 0 HP (A5E-DEATH-02, -10).
    pub unconscious: bool,
    /// HYB-DEATH-01: at 0 HP and unable to act.
    pub incapacitated: bool,
    pub doom: Option<Doom>,
    pub fatigue: Track,
    pub strife: Track,
    /// 5e exhaustion (SRD-EXH-01), under the `srd5e` rules; left out when 0.
    #[serde(default, skip_serializing_if = "Track::is_zero")]
    pub exhaustion: Track,
    /// A5E Hit Dice that can be spent now (none without a pool or under another ruleset).
    pub hit_dice_available: Option<u32>,
    /// HYB-RES-03: the exhausted state's effects, when exhausted.
    pub hyb_exhaustion: Option<HybExhaustion>,
    /// HYB-RES-01: hours of adventuring the creature can bear (needs its CON score).
    pub resilience: Option<u32>,
    /// HYB-RES-02: the DC of the resilience check now due, if any.
    pub resilience_dc: Option<i32>,
    pub time: Moment,
}

/// A creature held by JS, with its rules and clock, on the event-sourced engine.
#[wasm_bindgen]
pub struct CreatureHandle {
    engine: Engine<CreatureSheet>,
}

impl CreatureHandle {
    fn sheet(&self) -> &CreatureSheet {
        self.engine.state()
    }

    fn status_of(&self) -> CreatureStatus {
        let sheet = self.sheet();
        let c = &sheet.creature;
        CreatureStatus {
            hp: c.hp.current,
            hp_max: c.hp.max,
            temp_hp: c.hp.temp,
            bloodied: c.bloodied(),
            death: c.death,
            dead: c.is_dead(),
            unconscious: c.is_unconscious(),
            incapacitated: c.is_incapacitated(),
            doom: c.doom,
            fatigue: c.fatigue,
            strife: c.strife,
            exhaustion: c.exhaustion,
            hit_dice_available: c.available_hit_dice(&sheet.rules).ok(),
            hyb_exhaustion: c.hyb_exhaustion(),
            resilience: c.resilience().ok(),
            resilience_dc: c.resilience_dc().ok().flatten(),
            time: sheet.time,
        }
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
        Ok(CreatureHandle {
            engine: Engine::new(sheet, DiceSource::crypto()),
        })
    }

    /// Restore a snapshot from `toJSON` (or a creature's own `"v":1` snapshot, as earlier
    /// versions wrote it). Anything malformed, of another version, failing the creature's
    /// validation or its checksum is `SNAPSHOT_INVALID`.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(snapshot: &str) -> JsResult<CreatureHandle> {
        Ok(CreatureHandle {
            engine: js(Engine::from_json(snapshot))?,
        })
    }

    /// The checksummed snapshot (the creature, its rules and clock, the batch count).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> String {
        self.engine.to_json()
    }

    /// Operations made or applied so far.
    pub fn seq(&self) -> f64 {
        // At most 2^53 - 1 (batch numbers are read with that limit).
        self.engine.seq() as f64
    }

    /// The digest of the creature now (16 hex digits), as a batch carries it.
    pub fn digest(&self) -> String {
        self.engine.digest().to_string()
    }

    /// Apply a batch from the client that ran the operation (checked: `OUT_OF_SYNC` when one
    /// was missed or the result differs) or bare events, all or nothing.
    #[wasm_bindgen(js_name = applyEvents)]
    pub fn apply_events(&mut self, events: &str) -> JsResult<()> {
        js(apply_text(&mut self.engine, events))
    }

    pub fn status(&self) -> JsResult<String> {
        js(out(&self.status_of()))
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
        let engine = &mut self.engine;
        let out = js(dice.source.atomically(|source| {
            let events = engine.execute_with_faces(command, source)?;
            Ok(if batch {
                crate::wire::to_json(events)
            } else {
                events.first().map(|e| e.result.clone()).unwrap_or_default()
            })
        }))?;
        Ok(if batch {
            reply(&self.engine, out, true)
        } else {
            out
        })
    }
}

/// The typed path the glue reads through: snapshots are versioned and checked, and malformed
/// input is refused with the field named. Run with `cargo test --features wasm`.
#[cfg(test)]
mod tests {
    use super::*;
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
