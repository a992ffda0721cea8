//! A stand-alone creature (a character sheet outside any encounter): the creature, the rules it
//! follows and the game time, changed by named operations (`damage`, `longRest`, …) with
//! JSON arguments. It is an event-sourced [`Model`] like the encounter and the journey: each
//! operation becomes an event that records the operation and the faces it rolled, so another
//! client applies it by running the same operation on the same faces, and the engine gives
//! the sheet the same batches, digests and checksummed snapshots.

use serde::{Deserialize, Serialize};

use crate::creature::{
    Ability, Creature, CreatureRules, DamageChoices, DamageInstance, DeathReason, DiceSpec,
    DoomDeadline, GameSeconds, LongRest, Moment, NightlyRest, OngoingDamage, OseRestDay, Report,
    RollMode, StabilizeMethod, TempHpChoice,
};
use crate::dice::{DieRoller, SourceKind};
use crate::engine::{Digester, Model};
use crate::error::{Error, ErrorCode, Result};
use crate::wire::{FromWire, ToWire};

/// A creature with its rules and its clock.
#[derive(Debug, Clone, PartialEq)]
pub struct CreatureSheet {
    pub creature: Creature,
    pub rules: CreatureRules,
    pub time: Moment,
}

/// One operation: its name, its number (absent for "none given", which JS passes as NaN) and
/// its two other arguments as JSON text (`null` when left out). See [`CreatureSheet::run`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
pub struct CreatureOp {
    pub op: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<f64>,
    pub a: String,
    pub b: String,
}

impl CreatureOp {
    /// An operation from the glue's arguments; a number that is not finite means none given.
    pub fn new(op: &str, n: f64, a: &str, b: &str) -> Self {
        Self {
            op: op.to_string(),
            n: n.is_finite().then_some(n),
            a: a.to_string(),
            b: b.to_string(),
        }
    }
}

/// What an operation did: the operation, the faces it rolled (in order) and from what kind of
/// source, and its result (JSON text) as the caller saw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
pub struct CreatureEvent {
    pub op: CreatureOp,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faces: Vec<u32>,
    pub source: SourceKind,
    pub result: String,
}

/// Rolls through another roller and keeps every face.
struct Recorder<'a> {
    inner: &'a mut dyn DieRoller,
    faces: Vec<u32>,
}

impl DieRoller for Recorder<'_> {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        let face = self.inner.roll_die(sides)?;
        self.faces.push(face);
        Ok(face)
    }
    fn kind(&self) -> SourceKind {
        self.inner.kind()
    }
}

/// Gives back recorded faces, as the source that rolled them.
struct Replayed<'a> {
    faces: &'a [u32],
    used: usize,
    kind: SourceKind,
}

impl DieRoller for Replayed<'_> {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        let face = *self.faces.get(self.used).ok_or_else(|| {
            Error::new(
                ErrorCode::SnapshotInvalid,
                "the event rolls more dice than it recorded",
            )
        })?;
        if face == 0 || face > sides {
            return Err(Error::snapshot(format!(
                "the event recorded a {face} on a d{sides}"
            )));
        }
        self.used = self.used.saturating_add(1);
        Ok(face)
    }
    fn kind(&self) -> SourceKind {
        self.kind
    }
}

/// A whole number within `min..=max`.
fn whole(n: f64, min: f64, max: f64) -> Option<f64> {
    (n.fract() == 0.0 && (min..=max).contains(&n)).then_some(n)
}

/// JSON text as `T`, `INVALID_ARGUMENT` naming `what` when it is not one.
pub(crate) fn parse<T: FromWire>(json: &str, what: &str) -> Result<T> {
    crate::wire::from_json(json, what, ErrorCode::InvalidArgument)
}

/// An optional argument (JSON `null` when left out): its type's default then.
pub(crate) fn or_default<T: FromWire + Default>(json: &str, what: &str) -> Result<T> {
    Ok(parse::<Option<T>>(json, what)?.unwrap_or_default())
}

/// A result as JSON text.
pub(crate) fn out<T: ToWire + ?Sized>(value: &T) -> Result<String> {
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

impl CreatureSheet {
    /// Run `op` on this (scratch) state; the caller keeps it only on success. `n` is the
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
    /// | `gainExhaustion`, `removeExhaustion` (5e, SRD-EXH-01) | levels | | |
    /// | `doom` | | `DoomDeadline` | |
    /// | `liftDoom`, `kill`, `spendHitDie`, `finishShortRest`, `exhaust`, `hybMundaneCare` | | | |
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
    pub fn run(
        &mut self,
        op: &str,
        n: f64,
        a: &str,
        b: &str,
        roller: &mut dyn DieRoller,
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
            "gainExhaustion" => c.gain_exhaustion(&rules, int(n)?)?,
            "removeExhaustion" => c.remove_exhaustion(&rules, int(n)?)?,
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
            "hybMundaneCare" => c.hyb_mundane_care(&rules)?,
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

/// A creature as `toJSON` writes it: versioned, restored exactly by `fromJSON`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, crate::wire::Wire)]
#[cfg_attr(feature = "wasm-base", derive(tsify::Tsify))]
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
pub fn restore(json: &str) -> Result<CreatureSnapshot> {
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

impl Model for CreatureSheet {
    type Command = CreatureOp;
    type Event = CreatureEvent;
    const NAME: &'static str = "creature";

    fn execute(&mut self, op: CreatureOp, dice: &mut dyn DieRoller) -> Result<Vec<CreatureEvent>> {
        let mut work = self.clone();
        let source = dice.kind();
        let mut recorder = Recorder {
            inner: dice,
            faces: Vec::new(),
        };
        let result = work.run(
            &op.op,
            op.n.unwrap_or(f64::NAN),
            &op.a,
            &op.b,
            &mut recorder,
        )?;
        let faces = recorder.faces;
        *self = work;
        Ok(vec![CreatureEvent {
            op,
            faces,
            source,
            result,
        }])
    }

    fn apply(&mut self, event: &CreatureEvent) -> Result<()> {
        let mut dice = Replayed {
            faces: &event.faces,
            used: 0,
            kind: event.source,
        };
        let op = &event.op;
        self.run(&op.op, op.n.unwrap_or(f64::NAN), &op.a, &op.b, &mut dice)?;
        if dice.used != event.faces.len() {
            return Err(Error::snapshot(format!(
                "the event recorded {} faces but the operation rolled {}",
                event.faces.len(),
                dice.used
            )));
        }
        Ok(())
    }

    fn check(&self) -> Result<()> {
        self.creature
            .validate()
            .map_err(|e| Error::snapshot(format!("invalid creature: {}", e.message)))
    }

    fn digest(&self, d: &mut Digester) {
        d.add(&self.creature).add(&self.rules).add(&self.time);
    }

    fn save(&self) -> String {
        crate::wire::to_json(&CreatureSnapshot {
            v: CREATURE_SNAPSHOT_VERSION,
            creature: self.creature.clone(),
            rules: self.rules,
            time: self.time,
        })
    }

    fn load(text: &str) -> Result<Self> {
        let s = restore(text)?;
        Ok(CreatureSheet {
            creature: s.creature,
            rules: s.rules,
            time: s.time,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::CreatureKind;
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
}
