//! Glue for one creature: `CreatureHandle` holds a [`Creature`], the [`CreatureRules`] it follows
//! and the caller's current [`Moment`] (game time, and whether a fight is on), and runs one named
//! operation at a time through a single `apply` method so the JS glue stays small.
//!
//! Everything crosses as JSON text through the wire reader and writer (`crate::wire`): the spec,
//! snapshots, each operation's arguments (`a` and `b`, JSON `null` when left out) and results.
//! Every operation runs on a copy that replaces the held state only on success, so a failed
//! call (bad input, exhausted faces, a rule that forbids it) leaves the creature exactly as it
//! was.

use serde::{Deserialize, Serialize};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use super::dice::DiceBox;
use super::{JsResult, js};
use crate::creature::{
    Ability, AbilityScores, Creature, CreatureKind, CreatureRules, DamageBreakdown, DamageChoices,
    DamageInstance, DamageType, DeathReason, DeathState, DiceSpec, Doom, DoomDeadline, GameSeconds,
    HitDice, HybExhaustion, LongRest, Moment, NightlyRest, OngoingDamage, OseRestDay, Report,
    RollMode, StabilizeMethod, TempHpChoice, Track, ZeroHpRule,
};
use crate::dice::DiceSource;
use crate::error::{Error, ErrorCode, Result};
use crate::wire::{FromWire, ToWire};

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
            creature.zero_hp = rule;
        }
        creature.abilities = self.abilities;
        creature.validate()?;
        Ok(creature)
    }
}

/// A creature as `toJSON` writes it: versioned, restored exactly by `fromJSON`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct CreatureSnapshot {
    /// Snapshot format version ([`CREATURE_SNAPSHOT_VERSION`]).
    pub v: u32,
    pub creature: Creature,
    pub rules: CreatureRules,
    pub time: Moment,
}

/// The snapshot format written by `toJSON` and accepted by `fromJSON`.
pub const CREATURE_SNAPSHOT_VERSION: u32 = 1;

/// Restore and check a snapshot (JSON text); every failure is `SNAPSHOT_INVALID`.
fn restore(json: &str) -> Result<CreatureSnapshot> {
    let snapshot: CreatureSnapshot = parse(json, "snapshot").map_err(|e| match e.code {
        ErrorCode::LimitExceeded => e,
        _ => Error::snapshot(e.message),
    })?;
    if snapshot.v != CREATURE_SNAPSHOT_VERSION {
        return Err(Error::snapshot(format!(
            "creature snapshot version {} is not supported (expected {CREATURE_SNAPSHOT_VERSION})",
            snapshot.v
        )));
    }
    snapshot
        .creature
        .validate()
        .map_err(|e| Error::snapshot(format!("invalid creature: {}", e.message)))?;
    Ok(snapshot)
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

/// A creature held by JS, with its rules and clock.
#[wasm_bindgen]
pub struct CreatureHandle {
    creature: Creature,
    rules: CreatureRules,
    time: Moment,
}

/// A whole number within `min..=max`.
fn whole(n: f64, min: f64, max: f64) -> Option<f64> {
    (n.fract() == 0.0 && (min..=max).contains(&n)).then_some(n)
}

/// JSON text as `T`, `INVALID_ARGUMENT` naming `what` when it is not one.
fn parse<T: FromWire>(json: &str, what: &str) -> Result<T> {
    crate::wire::from_json(json, what, ErrorCode::InvalidArgument)
}

/// An optional argument (JSON `null` when left out): its type's default then.
fn or_default<T: FromWire + Default>(json: &str, what: &str) -> Result<T> {
    Ok(parse::<Option<T>>(json, what)?.unwrap_or_default())
}

/// A result as JSON text.
fn out<T: ToWire + ?Sized>(value: &T) -> Result<String> {
    Ok(crate::wire::to_json(value))
}

/// A whole number from JS; the core checks its range.
fn int(n: f64) -> Result<i32> {
    whole(n, f64::from(i32::MIN), f64::from(i32::MAX))
        .map(|n| n as i32)
        .ok_or_else(|| Error::invalid_argument(format!("{n} is not a whole number in range")))
}

/// Game time in whole seconds, 0 to 2^32 − 1.
fn seconds(n: f64) -> Result<GameSeconds> {
    whole(n, 0.0, f64::from(u32::MAX))
        .map(|n| GameSeconds(n as u32))
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "game time must be whole seconds from 0 to {}, not {n}",
                u32::MAX
            ))
        })
}

/// A number of complete days of rest. Past the core's limit it stops at one day more, so the
/// core refuses it as `LIMIT_EXCEEDED` without a huge list being built first.
fn rest_days(n: f64) -> Result<usize> {
    let limit = crate::creature::limits::MAX_REST_DAYS;
    whole(n, 0.0, f64::from(u32::MAX))
        .map(|n| (n as usize).min(limit + 1))
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "days of rest must be a whole number from 0, not {n}"
            ))
        })
}

impl CreatureHandle {
    fn status_of(&self) -> CreatureStatus {
        let c = &self.creature;
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
            hit_dice_available: c.available_hit_dice(&self.rules).ok(),
            hyb_exhaustion: c.hyb_exhaustion(),
            resilience: c.resilience().ok(),
            resilience_dc: c.resilience_dc().ok().flatten(),
            time: self.time,
        }
    }

    /// Run `op` on this (scratch) state; the caller commits it only on success. `n` is the
    /// operation's number, `a` and `b` its other arguments (JSON `null` when left out):
    ///
    /// | op | n | a | b |
    /// |---|---|---|---|
    /// | `damage` | | `DamageInstance` | `DamageChoices` |
    /// | `ongoingDamage` | | `OngoingDamage` | `DamageChoices` |
    /// | `heal` | amount | | |
    /// | `healDice` | | `DiceSpec` | |
    /// | `grantTempHp` | amount | `TempHpChoice` | |
    /// | `deathSave` | modifier | `RollMode` | |
    /// | `stabilize` | | `StabilizeMethod` | |
    /// | `gainFatigue`, `gainStrife`, `removeFatigue`, `removeStrife` | levels | | |
    /// | `doom` | | `DoomDeadline` | |
    /// | `liftDoom`, `kill`, `spendHitDie`, `finishShortRest`, `exhaust` | | | |
    /// | `raise` | HP | lifts doom (bool) | |
    /// | `setTime` | now | in encounter (bool) | |
    /// | `advanceTime` | now | | |
    /// | `endEncounter` | now, or NaN for the current time | | |
    /// | `longRest` | | `LongRest` | |
    /// | `hybNightlyRest` | | `NightlyRest` | |
    /// | `oseNaturalHealing` | complete days, when `a` is left out | `OseRestDay[]` | |
    /// | `addAdventuringHours`, `setResilienceReduction` | hours | | |
    /// | `resilienceCheck` | | `RollMode` | |
    /// | `loseAbilityPoints`, `recoverAbilityPoints` | points | `Ability` | |
    fn run(
        &mut self,
        op: &str,
        n: f64,
        a: &str,
        b: &str,
        roller: &mut DiceSource,
    ) -> Result<String> {
        let rules = self.rules;
        let at = self.time;
        let c = &mut self.creature;
        let choices = |b: &str| or_default::<DamageChoices>(b, "choices");
        let report: Report = match op {
            "damage" => {
                let damage = parse::<DamageInstance>(a, "damage")?;
                return out(&c.take_damage(&rules, &damage, &choices(b)?, at, roller)?);
            }
            "ongoingDamage" => {
                let ongoing = parse::<OngoingDamage>(a, "ongoing")?;
                return out(&c.apply_ongoing_damage(&rules, &ongoing, &choices(b)?, at, roller)?);
            }
            "heal" => c.heal(&rules, int(n)?, roller)?,
            "healDice" => c.heal_dice(&rules, parse::<DiceSpec>(a, "dice")?, roller)?,
            "grantTempHp" => c.grant_temp_hp(int(n)?, or_default::<TempHpChoice>(a, "choice")?)?,
            "deathSave" => c.death_save(
                &rules,
                int(n)?,
                or_default::<RollMode>(a, "mode")?,
                at,
                roller,
            )?,
            "stabilize" => {
                c.stabilize(&rules, parse::<StabilizeMethod>(a, "method")?, at, roller)?
            }
            "gainFatigue" => c.gain_fatigue(&rules, int(n)?, at, roller)?,
            "gainStrife" => c.gain_strife(&rules, int(n)?, at, roller)?,
            "removeFatigue" => c.remove_fatigue(&rules, int(n)?)?,
            "removeStrife" => c.remove_strife(&rules, int(n)?)?,
            "doom" => {
                let deadline = or_default::<DoomDeadline>(a, "deadline")?;
                c.doom(&rules, deadline, at, roller)?
            }
            "liftDoom" => c.lift_doom()?,
            "kill" => c.kill(DeathReason::Referee)?,
            "raise" => c.raise_from_dead(int(n)?, or_default::<bool>(a, "liftsDoom")?)?,
            "setTime" => {
                self.time = Moment {
                    now: seconds(n)?,
                    in_encounter: or_default::<bool>(a, "inEncounter")?,
                };
                return out(&());
            }
            "advanceTime" => {
                let at = Moment {
                    now: seconds(n)?,
                    ..at
                };
                self.time = at;
                c.advance_time(at)?
            }
            "endEncounter" => {
                let now = if n.is_nan() { at.now } else { seconds(n)? };
                let at = Moment::outside_encounter(now);
                self.time = at;
                c.end_encounter(&rules, at, roller)?
            }
            "spendHitDie" => c.spend_hit_die(&rules, roller)?,
            "finishShortRest" => c.finish_short_rest(&rules)?,
            "longRest" => c.long_rest(&rules, &parse::<LongRest>(a, "rest")?, roller)?,
            "hybNightlyRest" => c.hyb_nightly_rest(&rules, parse::<NightlyRest>(a, "rest")?)?,
            "oseNaturalHealing" => {
                let days = match parse::<Option<Vec<OseRestDay>>>(a, "days")? {
                    Some(days) => days,
                    None => vec![OseRestDay::Complete; rest_days(n)?],
                };
                c.ose_natural_healing(&rules, &days, roller)?
            }
            "addAdventuringHours" => return out(&c.add_adventuring_hours(int(n)?)?),
            "setResilienceReduction" => {
                c.set_resilience_reduction(int(n)?)?;
                return out(&());
            }
            "resilienceCheck" => c.resilience_check(or_default::<RollMode>(a, "mode")?, roller)?,
            "exhaust" => c.exhaust()?,
            "loseAbilityPoints" => {
                c.lose_ability_points(parse::<Ability>(a, "ability")?, int(n)?)?
            }
            "recoverAbilityPoints" => {
                c.recover_ability_points(parse::<Ability>(a, "ability")?, int(n)?)?
            }
            _ => {
                return Err(Error::invalid_argument(format!(
                    "unknown creature operation \"{op}\""
                )));
            }
        };
        out(&report)
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
        Ok(CreatureHandle {
            creature: js(spec.build())?,
            rules,
            time,
        })
    }

    /// Restore a `CreatureSnapshot`. Anything malformed, of another version, or failing the
    /// creature's validation (a tampered record) is `SNAPSHOT_INVALID`.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(snapshot: &str) -> JsResult<CreatureHandle> {
        let snapshot = js(restore(snapshot))?;
        Ok(CreatureHandle {
            creature: snapshot.creature,
            rules: snapshot.rules,
            time: snapshot.time,
        })
    }

    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> JsResult<String> {
        js(out(&CreatureSnapshot {
            v: CREATURE_SNAPSHOT_VERSION,
            creature: self.creature.clone(),
            rules: self.rules,
            time: self.time,
        }))
    }

    pub fn status(&self) -> JsResult<String> {
        js(out(&self.status_of()))
    }

    /// What a `DamageInstance` would do with `DamageChoices`, step by step, changing nothing.
    pub fn preview(&self, damage: &str, choices: &str) -> JsResult<String> {
        let damage: DamageInstance = js(parse(damage, "damage"))?;
        let choices = js(or_default::<DamageChoices>(choices, "choices"))?;
        let breakdown: DamageBreakdown =
            js(self.creature.preview_damage(&self.rules, &damage, &choices))?;
        js(out(&breakdown))
    }

    /// Run the operation `op` (see `run`), rolling any dice through `dice`. On error nothing
    /// changes.
    pub fn apply(
        &mut self,
        op: &str,
        n: f64,
        a: &str,
        b: &str,
        dice: &mut DiceBox,
    ) -> JsResult<String> {
        let mut next = CreatureHandle {
            creature: self.creature.clone(),
            rules: self.rules,
            time: self.time,
        };
        // A failed operation changes neither the creature nor the caller's dice.
        let result = js(dice
            .source
            .atomically(|roller| next.run(op, n, a, b, roller)))?;
        *self = next;
        Ok(result)
    }
}

/// The typed path the glue reads through: snapshots are versioned and checked, and malformed
/// input is refused with the field named. Run with `cargo test --features wasm`.
#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn snapshots_are_checked_and_versioned() {
        let snapshot = CreatureSnapshot {
            v: CREATURE_SNAPSHOT_VERSION,
            creature: Creature::new(CreatureKind::Pc, 10).unwrap(),
            rules: CreatureRules::a5e(),
            time: Moment::default(),
        };
        let text = crate::wire::to_json(&snapshot);
        assert_eq!(text, serde_json::to_string(&snapshot).unwrap());
        assert_eq!(restore(&text).unwrap(), snapshot);
        let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
        json["creature"]["hp"]["current"] = json!(11);
        let e = restore(&json.to_string()).unwrap_err();
        assert_eq!(e.code, ErrorCode::SnapshotInvalid);
        json["creature"]["hp"]["current"] = json!(10);
        json["v"] = json!(2);
        assert_eq!(
            restore(&json.to_string()).unwrap_err().code,
            ErrorCode::SnapshotInvalid
        );
        assert_eq!(
            restore(r#"{"v":1}"#).unwrap_err().code,
            ErrorCode::SnapshotInvalid
        );
        assert_eq!(restore("[1,").unwrap_err().code, ErrorCode::SnapshotInvalid);
    }

    #[test]
    fn rest_days_are_whole_and_stop_one_past_the_limit() {
        let limit = crate::creature::limits::MAX_REST_DAYS;
        assert_eq!(rest_days(0.0).unwrap(), 0);
        assert_eq!(rest_days(3.0).unwrap(), 3);
        assert_eq!(rest_days(1e9).unwrap(), limit + 1);
        for bad in [-1.0, 1.5, f64::NAN, f64::INFINITY] {
            assert_eq!(rest_days(bad).unwrap_err().code, ErrorCode::InvalidArgument);
        }
    }

    #[test]
    fn a_bad_spec_names_the_field() {
        let err = |v: serde_json::Value| parse::<CreatureSpec>(&v.to_string(), "spec").unwrap_err();
        let e = err(json!({ "kind": "pc", "rules": { "type": "a5e" } }));
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        assert!(e.message.contains("missing field `hpMax`"), "{}", e.message);
        let e = err(json!({ "kind": "pc", "hpMax": -3, "rules": { "type": "a5e" } }));
        assert!(
            e.message.contains("integer `-3`, expected u32"),
            "{}",
            e.message
        );
        let e = err(json!({ "kind": "elf", "hpMax": 3, "rules": { "type": "a5e" } }));
        assert!(e.message.contains("unknown variant `elf`"), "{}", e.message);
        let e = err(json!({ "kind": "pc", "hpMax": 3, "rules": { "type": "d20" } }));
        assert!(e.message.contains("unknown variant `d20`"), "{}", e.message);
        let e =
            err(json!({ "kind": "pc", "hpMax": 3, "rules": { "type": "a5e" }, "tempHp": true }));
        assert!(e.message.contains("invalid type: boolean"), "{}", e.message);
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
