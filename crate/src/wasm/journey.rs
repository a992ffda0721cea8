//! Glue for journeys: one `JourneyHandle` per journey, holding the state and its dice.
//!
//! Mirrors the encounter glue: commands, events, snapshots and the read-only view cross the
//! boundary as JSON text through the wire reader and writer (`crate::wire`), and the facade
//! types them with the interfaces generated from the Rust types.

use wasm_bindgen::prelude::*;

use super::dice::seed_from_js;
use super::handle::{Handle, engine_exports};
use super::{JsResult, js, parse_json, write_json};
use crate::clock::id::Ident;
use crate::clock::light::{LightKind, LightLevel, LightSpec};
use crate::clock::time::Seconds;
use crate::dice::DiceSource;
use crate::error::{Error, Result};
use crate::exploration::journey::{Journey, JourneyConfig, JourneyEvent};
use crate::units::Feet;

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
pub struct JourneyHandle(Handle<Journey>);

engine_exports!(JourneyHandle, "journey", commands);

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
        Ok(JourneyHandle(Handle::new(js(Journey::new(config))?, dice)))
    }

    fn inner(&self) -> &Journey {
        self.0.state()
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
        js(write_json(&self.inner().view()))
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
}
