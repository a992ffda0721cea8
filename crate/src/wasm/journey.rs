//! Glue for journeys: one `JourneyHandle` per journey, holding the state and its dice.
//!
//! Mirrors the encounter glue: commands, events, snapshots and the read-only view cross the
//! boundary as JSON text through the wire reader and writer (`crate::wire`), and the facade
//! types them with the interfaces generated from the Rust types.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::dice::{DiceBox, seed_from_js};
use super::{JsResult, apply_text, js, parse_json, reply, write_json};
use crate::clock::consumable::Consumable;
use crate::clock::id::Ident;
use crate::clock::light::{LightKind, LightLevel, LightSource, LightSpec};
use crate::clock::time::{GameTime, Seconds, TimeOfDay};
use crate::clock::time_dice::TimeDice;
use crate::dice::DiceSource;
use crate::engine::Engine;
use crate::error::{Error, Result};
use crate::exploration::journey::snapshot::MAX_SNAPSHOT_BYTES;
use crate::exploration::journey::{
    Journey, JourneyCommand, JourneyConfig, JourneyEvent, JourneyMode, Member, MemberInfection,
    Vessel,
};
use crate::exploration::ose::dungeon::DungeonClock;
use crate::exploration::ose::wilderness::WildernessClock;
use crate::units::Feet;

/// Largest snapshot `fromJSON` reads: the journey's own limit plus room for the envelope and
/// the dice state, so an oversized string is refused before it is parsed.
pub const MAX_SAVED_BYTES: usize = MAX_SNAPSHOT_BYTES + 4_096;

/// What a journey looks like now, for display: one read instead of a dozen small exports.
#[derive(Serialize, crate::wire::ToWire)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
pub struct JourneyView {
    /// `undefined` until the journey is started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<JourneyMode>,
    /// Seconds since the start of day 0.
    pub now: GameTime,
    pub time_of_day: TimeOfDay,
    /// HYB-TIME-01: the time dice showing the current hour (HYB journeys only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_dice: Option<TimeDice>,
    pub members: Vec<Member>,
    /// Every light source with its burn time left (`remaining`).
    pub lights: Vec<LightSource>,
    /// Consumable counters (rations, Supply, HYB SUP).
    pub supplies: Vec<Consumable>,
    /// Light warnings are given this long before a source runs out.
    pub warning_lead: Seconds,
    /// HYB-RETURN-01: travel turns since leaving safety, and the DC to roll to return.
    pub travel_turns_away: u32,
    pub return_dc: u32,
    /// HYB-RETURN-01: members already back at safety while others are still away (empty when
    /// no one is, and once everyone is back).
    pub returned: Vec<Ident>,
    /// HYB-TRAVEL-01: dungeon scenes this hour.
    pub scenes: u8,
    /// OSE-DUNG: turns, rests and the wandering-check count.
    pub dungeon: DungeonClock,
    /// OSE-WILD: days travelled, forced marches and rest owed.
    pub wilderness: WildernessClock,
    /// OSE-DUNG-09 / OSE-WILD-11: the modifier to attack and damage rolls while the party
    /// presses on without the rest it owes (−1), in the current mode; 0 otherwise.
    pub attack_damage_modifier: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vessel: Option<Vessel>,
    /// HYB-CORR: infections in progress.
    pub infections: Vec<MemberInfection>,
    /// HYB-CORR-02: `[member, index]` of infections whose stage has ended by now.
    pub due_stages: Vec<(Ident, u32)>,
    pub config: JourneyConfig,
}

impl JourneyView {
    fn of(j: &Journey) -> JourneyView {
        let clock = j.clock();
        JourneyView {
            mode: j.mode(),
            now: j.now(),
            time_of_day: j.now().time_of_day(),
            time_dice: j
                .mode()
                .filter(|m| m.is_hyb())
                .and_then(|_| j.time_dice().ok()),
            members: j.members().to_vec(),
            lights: clock.lights().to_vec(),
            supplies: clock.supplies().to_vec(),
            warning_lead: clock.warning_lead(),
            travel_turns_away: j.travel_turns_away(),
            return_dc: j.return_dc(),
            returned: j.returned().to_vec(),
            scenes: j.scenes(),
            dungeon: j.dungeon(),
            wilderness: j.wilderness(),
            attack_damage_modifier: match j.mode() {
                Some(JourneyMode::OseDungeon) => j.dungeon().attack_damage_modifier(),
                Some(JourneyMode::OseWilderness) => j.wilderness().attack_damage_modifier(),
                _ => 0,
            },
            vessel: j.vessel(),
            infections: j.infections().to_vec(),
            due_stages: j.due_stages(),
            config: *j.config(),
        }
    }
}

/// A plain enum name (`"dim"`, `"torch"`) read through serde, so the names stay the Rust ones.
fn parse_name<T: crate::wire::FromWire>(name: &str, what: &str) -> Result<T> {
    write_json(name)
        .and_then(|quoted| parse_json(&quoted, what))
        .map_err(|_| Error::invalid_argument(format!("\"{name}\" is not a {what}")))
}

/// The ruleset's preset configuration with the caller's fields laid over it. Presets: `"hyb"`
/// (6-second rounds) and `"ose"` (10-second rounds, OSE-TIME-02). Merged as JSON objects and
/// read back from text, which reuses the snapshot's deserializer for the config.
fn config_for(ruleset: &str, overrides: &str) -> Result<JourneyConfig> {
    let preset = match ruleset {
        "hyb" => JourneyConfig::default(),
        "ose" => JourneyConfig::ose(),
        other => {
            return Err(Error::invalid_argument(format!(
                "a journey's ruleset is \"hyb\" or \"ose\", not \"{other}\""
            )));
        }
    };
    let mut merged: crate::wire::RawObject = parse_json(&write_json(&preset)?, "journey config")?;
    let extra: crate::wire::RawObject = crate::wire::from_json_named(overrides, "config")?;
    merged.extend(extra);
    crate::wire::from_json_named(&write_json(&merged)?, "config")
}

/// One journey on the event-sourced engine (its dice and batch count included).
#[wasm_bindgen]
pub struct JourneyHandle {
    engine: Engine<Journey>,
}

#[wasm_bindgen]
impl JourneyHandle {
    /// A new journey for `ruleset` (`"hyb"` or `"ose"`) with `config` (JSON object) over its
    /// preset; seeded dice when `seed` is given, crypto dice otherwise.
    #[wasm_bindgen(constructor)]
    pub fn new(ruleset: &str, config: &str, seed: Option<f64>) -> JsResult<JourneyHandle> {
        let config = js(config_for(ruleset, config))?;
        let dice = match seed {
            Some(s) => js(DiceSource::seeded(seed_from_js(s)?))?,
            None => DiceSource::crypto(),
        };
        Ok(JourneyHandle {
            engine: Engine::new(js(Journey::new(config))?, dice),
        })
    }

    fn inner(&self) -> &Journey {
        self.engine.state()
    }

    /// Run a command (JSON) with the journey's own dice; returns the events (JSON array), or
    /// with `batch` the batch to relay (`{seq, digest, dice, events}`).
    pub fn execute(&mut self, command: &str, batch: bool) -> JsResult<String> {
        let command: JourneyCommand = js(parse_json(command, "command"))?;
        let json = js(self.engine.execute(command).and_then(write_json))?;
        Ok(reply(&self.engine, json, batch))
    }

    /// The dice a command (JSON) will ask for, in order: `[{sides, for}]` (JSON), `for` being
    /// the type of the event that records the die. Nothing changes.
    #[wasm_bindgen(js_name = diceNeeded)]
    pub fn dice_needed(&self, command: &str) -> JsResult<String> {
        let command: JourneyCommand = js(parse_json(command, "command"))?;
        js(self
            .engine
            .dice_needed(command)
            .map(|d| crate::wire::to_json(&d)))
    }

    /// Run a command with another dice box (supplied faces for physical dice, for instance).
    #[wasm_bindgen(js_name = executeWith)]
    pub fn execute_with(
        &mut self,
        command: &str,
        dice: &mut DiceBox,
        batch: bool,
    ) -> JsResult<String> {
        let command: JourneyCommand = js(parse_json(command, "command"))?;
        let json = js(self
            .engine
            .execute_with_faces(command, &mut dice.source)
            .and_then(write_json))?;
        Ok(reply(&self.engine, json, batch))
    }

    /// Apply a batch from the leader (checked: next in sequence, same digest after,
    /// `OUT_OF_SYNC` otherwise) or a bare event array (unchecked), all or nothing, without
    /// rolling; the journey must still pass its snapshot checks afterwards.
    #[wasm_bindgen(js_name = applyEvents)]
    pub fn apply_events(&mut self, events: &str) -> JsResult<()> {
        js(apply_text(&mut self.engine, events))
    }

    /// Run a command for a table with players: `{"gm": batch, "players": batch}`. `blind`:
    /// players see only the state it leads to. `dice`: another dice box (physical dice).
    #[wasm_bindgen(js_name = executeForPlayers)]
    pub fn execute_for_players(
        &mut self,
        command: &str,
        dice: Option<DiceBox>,
        blind: bool,
    ) -> JsResult<String> {
        let command: JourneyCommand = js(parse_json(command, "command"))?;
        let mut dice = dice;
        let source = dice.as_mut().map(|d| &mut d.source);
        js(super::for_players(&mut self.engine, command, source, blind))
    }

    /// The snapshot players start from: the players' view of the state, no dice.
    #[wasm_bindgen(js_name = playerView)]
    pub fn player_view(&self) -> String {
        self.engine.player_json()
    }

    /// Batches made or applied so far.
    pub fn seq(&self) -> f64 {
        // At most 2^53 - 1 (batch numbers are read with that limit).
        self.engine.seq() as f64
    }

    /// The digest of the journey and its dice now (16 hex digits), as a batch carries it.
    pub fn digest(&self) -> String {
        self.engine.digest().to_string()
    }

    /// The snapshot: the journey's own snapshot, batch count and dice, checksummed.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> String {
        self.engine.to_json()
    }

    /// Restore a snapshot made by `toJSON`; anything malformed or tampered is refused.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(json: &str) -> JsResult<JourneyHandle> {
        if json.len() > MAX_SAVED_BYTES {
            return js(Err(Error::snapshot(format!(
                "snapshot larger than {MAX_SAVED_BYTES} bytes"
            ))));
        }
        Ok(JourneyHandle {
            engine: js(Engine::from_json(json))?,
        })
    }

    /// One log line for an event (JSON), for a session log: in English, or from `messages`
    /// (JSON `{ key: template }`, English for the keys it leaves out).
    pub fn describe(&self, event: &str, messages: Option<String>) -> JsResult<String> {
        let event: JourneyEvent = js(parse_json(event, "event"))?;
        let cat = js(super::catalogue(messages.as_deref()))?;
        Ok(event.log_line_in(&cat))
    }

    /// The journey's current state as a `JourneyView` (JSON text).
    pub fn view(&self) -> JsResult<String> {
        js(write_json(&JourneyView::of(self.inner())))
    }

    /// The light level at `distance` feet from the party's carried sources (or from the
    /// sources at `place`), the brightest winning over `ambient`.
    #[wasm_bindgen(js_name = lightLevel)]
    pub fn light_level(
        &self,
        place: Option<String>,
        distance: u32,
        ambient: &str,
    ) -> JsResult<String> {
        let ambient: LightLevel = js(parse_name(ambient, "light level"))?;
        let place = match place {
            Some(p) => Some(js(Ident::new(p))?),
            None => None,
        };
        let level = self
            .inner()
            .light_level(place.as_ref(), Feet(distance), ambient);
        js(write_json(&level))
    }

    /// A light source's numbers from the rules: `"hyb"` torch or lantern (HYB-LIGHT-01), or
    /// `"ose"` light of any kind (OSE-LIGHT-01, whose burn time is the caller's). `burn`
    /// (seconds) replaces the rules' burn time.
    #[wasm_bindgen(js_name = lightSpec)]
    pub fn light_spec(ruleset: &str, kind: &str, burn: Option<u32>) -> JsResult<String> {
        let kind: LightKind = js(parse_name(kind, "light kind"))?;
        let mut spec = match (ruleset, kind) {
            ("hyb", LightKind::Torch) => LightSpec::hyb_torch(),
            ("hyb", LightKind::Lantern) => LightSpec::hyb_lantern(),
            ("ose", kind) => LightSpec::ose(kind, None),
            _ => {
                return Err(super::error_to_js(Error::invalid_argument(format!(
                    "no {ruleset} light spec for {kind:?}: pass the spec itself"
                ))));
            }
        };
        if let Some(b) = burn {
            spec.burn = Some(Seconds(b));
        }
        js(write_json(&spec))
    }

    /// The journey's seeded dice position (undefined for crypto dice).
    #[wasm_bindgen(js_name = diceState)]
    pub fn dice_state(&self) -> JsResult<String> {
        js(write_json(&self.engine.dice().seed_state()))
    }
}
