//! Glue for one creature: `CreatureHandle` holds a [`Creature`], the [`CreatureRules`] it follows
//! and the caller's current [`Moment`] (game time, and whether a fight is on), and runs one named
//! operation at a time through a single `apply` method so the JS glue stays small.
//!
//! Every operation runs on a copy that replaces the held state only on success, so a failed call
//! (bad input, exhausted faces, a rule that forbids it) leaves the creature exactly as it was.
//!
//! # Reading input without serde
//!
//! Results go out through serde (`out`, `to_ts`), but input is read field by field by the small
//! readers below instead of `Deserialize`. Derived deserializers cost several kilobytes of wasm
//! per type (far more for the internally tagged enums, which serde buffers), and the creature and
//! procedure inputs span some seventy types: read through serde they more than doubled the
//! module, past its 150 KB budget. The readers accept exactly the JSON shapes serde writes
//! (camelCase names, `type` tags, optional fields left out or `null`); the tests check every
//! reader against serde with round trips of fully populated values, and every enum table against
//! serde's own list of variant names (`cargo test --features wasm`: the glue compiles only with
//! that feature).

use core::cell::RefCell;

use serde::{Deserialize, Serialize};
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::dice::DiceBox;
use super::{JsResult, js, to_ts};
use crate::creature::{
    A5eRules, Ability, AbilityScores, AtZeroConsequence, Creature, CreatureKind, CreatureRules,
    CriticalDowngrade, DamageBreakdown, DamageChoices, DamageInstance, DamageType, DeathReason,
    DeathState, Defenses, DiceSpec, Doom, DoomDeadline, FatigueHitDice, GameSeconds, HitDice,
    HitPoints, HybExhaustion, HybRules, HybState, InjuryRest, InjuryTwenty, LongRest,
    MassiveAtZero, Moment, NightlyRest, OngoingDamage, OseRestDay, OseRules, Report, RestSafety,
    RollMode, Rounding, SeventhFatigueDoom, StabilizeMethod, TempHpChoice, Track, ZeroHpRule,
};
use crate::dice::DieSize;
use crate::error::{Error, ErrorCode, Result};

// ---------------------------------------------------------------------------------------------
// Readers
// ---------------------------------------------------------------------------------------------

/// Most items read from one JS array. Far above every core limit (which the core checks on its
/// own, with its own codes); it only stops a huge array being copied before that check.
pub const MAX_LIST_ITEMS: usize = 4096;

/// A value read field by field: a JS value in the module, a JSON value in the tests.
pub(super) trait Src: Sized {
    fn is_object(&self) -> bool;
    /// The field `key` of an object; `None` when it is missing, `undefined` or `null`.
    fn field(&self, key: &str) -> Option<Self>;
    fn number(&self) -> Option<f64>;
    fn boolean(&self) -> Option<bool>;
    fn text(&self) -> Option<String>;
    /// The items of an array (at most `limit + 1`, so an overlong array is detected cheaply).
    fn items(&self, limit: usize) -> Option<Vec<Self>>;
}

impl Src for JsValue {
    fn is_object(&self) -> bool {
        self.is_object() && !js_sys::Array::is_array(self)
    }

    fn field(&self, key: &str) -> Option<Self> {
        if !Src::is_object(self) {
            return None;
        }
        js_sys::Reflect::get(self, &JsValue::from_str(key))
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    }

    fn number(&self) -> Option<f64> {
        self.as_f64()
    }

    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }

    fn text(&self) -> Option<String> {
        self.as_string()
    }

    fn items(&self, limit: usize) -> Option<Vec<Self>> {
        if !js_sys::Array::is_array(self) {
            return None;
        }
        let array = js_sys::Array::from(self);
        let len = usize::try_from(array.length()).unwrap_or(usize::MAX);
        let take = u32::try_from(len.min(limit.saturating_add(1))).unwrap_or(u32::MAX);
        Some((0..take).map(|i| array.get(i)).collect())
    }
}

/// The first problem found while reading one input. Readers return `None` once something is
/// wrong and note why here, which keeps every field read small (no error value travels back
/// through each call); [`read`] turns the note into the `Err`.
#[derive(Default)]
pub(super) struct Errs(RefCell<Option<Error>>);

impl Errs {
    /// Note `error` (only the first one is kept) and give `None`.
    #[cold]
    #[inline(never)]
    pub(super) fn note<T>(&self, error: Error) -> Option<T> {
        let mut slot = self.0.borrow_mut();
        if slot.is_none() {
            *slot = Some(error);
        }
        None
    }

    /// A core check's result: its value, or `None` with its error noted.
    pub(super) fn core<T>(&self, result: Result<T>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => self.note(error),
        }
    }

    /// `Err` with the noted problem, if there is one.
    #[inline(never)]
    fn check(&self) -> Result<()> {
        match self.0.borrow_mut().take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

/// Read `v` (named `ctx` in errors) with `reader`.
pub(super) fn read<S: Src, T>(
    v: &S,
    ctx: &str,
    reader: impl FnOnce(&S, &str, &Errs) -> Option<T>,
) -> Result<T> {
    let errs = Errs::default();
    let value = reader(v, ctx, &errs);
    errs.check()?;
    value.ok_or_else(invalid_input)
}

#[cold]
#[inline(never)]
fn invalid_input() -> Error {
    Error::invalid_argument("invalid input")
}

/// The message for input that is not what a field needs.
#[inline(never)]
pub(super) fn bad(ctx: &str, key: &str, expected: &str) -> Error {
    if key.is_empty() {
        Error::invalid_argument(format!("{ctx} must be {expected}"))
    } else {
        Error::invalid_argument(format!("{ctx}.{key} must be {expected}"))
    }
}

/// An object being read; `ctx` names it in errors (`"damage.amount must be …"`).
pub(super) struct Obj<'a, S> {
    v: &'a S,
    ctx: &'a str,
    pub(super) e: &'a Errs,
}

/// Start reading `v`, which must be an object.
#[inline(never)]
pub(super) fn obj<'a, S: Src>(v: &'a S, ctx: &'a str, e: &'a Errs) -> Option<Obj<'a, S>> {
    if v.is_object() {
        Some(Obj { v, ctx, e })
    } else {
        e.note(Error::invalid_argument(format!("{ctx} must be an object")))
    }
}

/// A whole number within `min..=max`.
fn whole(n: f64, min: f64, max: f64) -> Option<f64> {
    (n.fract() == 0.0 && (min..=max).contains(&n)).then_some(n)
}

/// Field getters give `None` when the field is missing, or when it is malformed (noted).
impl<'a, S: Src> Obj<'a, S> {
    pub(super) fn get(&self, key: &str) -> Option<S> {
        self.v.field(key)
    }

    #[cold]
    #[inline(never)]
    fn bad<T>(&self, key: &str, expected: &str) -> Option<T> {
        self.e.note(bad(self.ctx, key, expected))
    }

    #[inline(never)]
    fn num(&self, key: &str, min: f64, max: f64, expected: &str) -> Option<f64> {
        let v = self.get(key)?;
        match v.number().and_then(|n| whole(n, min, max)) {
            Some(n) => Some(n),
            None => self.bad(key, expected),
        }
    }

    pub(super) fn u32(&self, key: &str) -> Option<u32> {
        let n = self.num(
            key,
            0.0,
            f64::from(u32::MAX),
            "a whole number from 0 to 4294967295",
        )?;
        Some(n as u32)
    }

    pub(super) fn i32(&self, key: &str) -> Option<i32> {
        let n = self.num(
            key,
            f64::from(i32::MIN),
            f64::from(i32::MAX),
            "a whole number",
        )?;
        Some(n as i32)
    }

    pub(super) fn u8(&self, key: &str) -> Option<u8> {
        let n = self.num(key, 0.0, 255.0, "a whole number from 0 to 255")?;
        Some(n as u8)
    }

    #[inline(never)]
    pub(super) fn bool(&self, key: &str) -> Option<bool> {
        let v = self.get(key)?;
        match v.boolean() {
            Some(b) => Some(b),
            None => self.bad(key, "true or false"),
        }
    }

    /// A flag: missing means `false`.
    pub(super) fn flag(&self, key: &str) -> bool {
        self.bool(key).unwrap_or(false)
    }

    #[inline(never)]
    pub(super) fn string(&self, key: &str) -> Option<String> {
        let v = self.get(key)?;
        match v.text() {
            Some(s) => Some(s),
            None => self.bad(key, "a string"),
        }
    }

    /// A required value: `None` (noting the field as missing unless it was malformed).
    #[inline(always)]
    pub(super) fn req<T>(&self, key: &str, value: Option<T>) -> Option<T> {
        if value.is_none() {
            self.missing(key);
        }
        value
    }

    #[cold]
    #[inline(never)]
    fn missing(&self, key: &str) {
        if self.get(key).is_none() {
            self.e.note::<()>(Error::invalid_argument(format!(
                "{}.{key} is required",
                self.ctx
            )));
        }
    }

    pub(super) fn req_u32(&self, key: &str) -> Option<u32> {
        self.req(key, self.u32(key))
    }

    pub(super) fn req_i32(&self, key: &str) -> Option<i32> {
        self.req(key, self.i32(key))
    }

    pub(super) fn req_bool(&self, key: &str) -> Option<bool> {
        self.req(key, self.bool(key))
    }

    /// One name from `table`.
    pub(super) fn pick<T: Copy>(&self, key: &str, table: &[(&'static str, T)]) -> Option<T> {
        let v = self.get(key)?;
        pick(&v, self.ctx, key, table, self.e)
    }

    pub(super) fn req_pick<T: Copy>(&self, key: &str, table: &[(&'static str, T)]) -> Option<T> {
        self.req(key, self.pick(key, table))
    }

    /// A nested object read by `reader`.
    pub(super) fn nested<T>(
        &self,
        key: &str,
        reader: impl FnOnce(&S, &str, &Errs) -> Option<T>,
    ) -> Option<T> {
        let v = self.get(key)?;
        reader(&v, key, self.e)
    }

    pub(super) fn req_nested<T>(
        &self,
        key: &str,
        reader: impl FnOnce(&S, &str, &Errs) -> Option<T>,
    ) -> Option<T> {
        self.req(key, self.nested(key, reader))
    }

    /// An array, each item read by `reader`; missing means empty.
    pub(super) fn list<T>(
        &self,
        key: &str,
        reader: impl Fn(&S, &str, &Errs) -> Option<T>,
    ) -> Option<Vec<T>> {
        match self.get(key) {
            None => Some(Vec::new()),
            Some(v) => list(&v, key, self.e, reader),
        }
    }

    /// The `type` tag of an internally tagged enum.
    pub(super) fn tag(&self) -> Option<String> {
        self.req("type", self.string("type"))
    }

    /// Note an unknown `type` tag.
    #[cold]
    #[inline(never)]
    pub(super) fn unknown_tag<T>(&self, tag: &str) -> Option<T> {
        self.e.note(Error::invalid_argument(format!(
            "{}.type \"{tag}\" is not known",
            self.ctx
        )))
    }
}

/// One name from `table` (the serde names of an enum's unit variants).
pub(super) fn pick<S: Src, T: Copy>(
    v: &S,
    ctx: &str,
    key: &str,
    table: &[(&'static str, T)],
    e: &Errs,
) -> Option<T> {
    let index = pick_index(
        v.text(),
        ctx,
        key,
        &|i| table.get(i).map(|entry| entry.0),
        e,
    )?;
    table.get(index).map(|entry| entry.1)
}

/// The index of `text` among the names `name(0)`, `name(1)`, … (kept apart from the generic
/// part so it exists once).
#[inline(never)]
fn pick_index(
    text: Option<String>,
    ctx: &str,
    key: &str,
    name: &dyn Fn(usize) -> Option<&'static str>,
    e: &Errs,
) -> Option<usize> {
    let text = text.unwrap_or_default();
    let names: Vec<&str> = (0..).map_while(name).collect();
    match names.iter().position(|n| *n == text) {
        Some(index) => Some(index),
        None => e.note(bad(ctx, key, &format!("one of {}", names.join(", ")))),
    }
}

/// An array of items read by `reader`, at most [`MAX_LIST_ITEMS`].
pub(super) fn list<S: Src, T>(
    v: &S,
    ctx: &str,
    e: &Errs,
    reader: impl Fn(&S, &str, &Errs) -> Option<T>,
) -> Option<Vec<T>> {
    let Some(items) = v.items(MAX_LIST_ITEMS) else {
        return e.note(Error::invalid_argument(format!("{ctx} must be an array")));
    };
    if items.len() > MAX_LIST_ITEMS {
        return e.note(Error::new(
            ErrorCode::LimitExceeded,
            format!("{ctx} may hold at most {MAX_LIST_ITEMS} items"),
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| reader(item, &format!("{ctx}[{i}]"), e))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Enum tables: the serde names of unit variants (checked against serde in the tests)
// ---------------------------------------------------------------------------------------------

pub(super) const ABILITIES: [(&str, Ability); 6] = [
    ("str", Ability::Str),
    ("dex", Ability::Dex),
    ("con", Ability::Con),
    ("int", Ability::Int),
    ("wis", Ability::Wis),
    ("cha", Ability::Cha),
];
pub(super) const ROLL_MODES: [(&str, RollMode); 3] = [
    ("normal", RollMode::Normal),
    ("advantage", RollMode::Advantage),
    ("disadvantage", RollMode::Disadvantage),
];
const DIE_SIZES: [(&str, DieSize); 9] = [
    ("d2", DieSize::D2),
    ("d3", DieSize::D3),
    ("d4", DieSize::D4),
    ("d6", DieSize::D6),
    ("d8", DieSize::D8),
    ("d10", DieSize::D10),
    ("d12", DieSize::D12),
    ("d20", DieSize::D20),
    ("d100", DieSize::D100),
];
const DAMAGE_TYPES: [(&str, DamageType); 13] = [
    ("acid", DamageType::Acid),
    ("bludgeoning", DamageType::Bludgeoning),
    ("cold", DamageType::Cold),
    ("fire", DamageType::Fire),
    ("force", DamageType::Force),
    ("lightning", DamageType::Lightning),
    ("necrotic", DamageType::Necrotic),
    ("piercing", DamageType::Piercing),
    ("poison", DamageType::Poison),
    ("psychic", DamageType::Psychic),
    ("radiant", DamageType::Radiant),
    ("slashing", DamageType::Slashing),
    ("thunder", DamageType::Thunder),
];
const CREATURE_KINDS: [(&str, CreatureKind); 3] = [
    ("pc", CreatureKind::Pc),
    ("monster", CreatureKind::Monster),
    ("npc", CreatureKind::Npc),
];
const ZERO_HP_RULES: [(&str, ZeroHpRule); 3] = [
    ("deathSaves", ZeroHpRule::DeathSaves),
    ("dies", ZeroHpRule::Dies),
    ("doomed", ZeroHpRule::Doomed),
];
const TEMP_HP_CHOICES: [(&str, TempHpChoice); 3] = [
    ("keepHigher", TempHpChoice::KeepHigher),
    ("keepCurrent", TempHpChoice::KeepCurrent),
    ("takeNew", TempHpChoice::TakeNew),
];
const AT_ZERO: [(&str, AtZeroConsequence); 3] = [
    ("deathSaveFailure", AtZeroConsequence::DeathSaveFailure),
    ("fatigue", AtZeroConsequence::Fatigue),
    ("strife", AtZeroConsequence::Strife),
];
const DOWNGRADES: [(&str, CriticalDowngrade); 2] = [
    ("sacrificeShield", CriticalDowngrade::SacrificeShield),
    ("block", CriticalDowngrade::Block),
];
const REST_DAYS: [(&str, OseRestDay); 2] = [
    ("complete", OseRestDay::Complete),
    ("interrupted", OseRestDay::Interrupted),
];
const REST_SAFETY: [(&str, RestSafety); 2] =
    [("safe", RestSafety::Safe), ("unsafe", RestSafety::Unsafe)];
const ROUNDING: [(&str, Rounding); 2] = [("down", Rounding::Down), ("up", Rounding::Up)];
const MASSIVE_AT_ZERO: [(&str, MassiveAtZero); 2] = [
    ("threeTimesLevel", MassiveAtZero::ThreeTimesLevel),
    ("plusLevel", MassiveAtZero::PlusLevel),
];
const SEVENTH_FATIGUE: [(&str, SeventhFatigueDoom); 2] = [
    ("immediately", SeventhFatigueDoom::Immediately),
    ("afterEncounter", SeventhFatigueDoom::AfterEncounter),
];
const FATIGUE_HIT_DICE: [(&str, FatigueHitDice); 2] = [
    ("halveAvailable", FatigueHitDice::HalveAvailable),
    ("halveRolls", FatigueHitDice::HalveRolls),
];
const INJURY_TWENTY: [(&str, InjuryTwenty); 2] = [
    ("maxOneOrD8", InjuryTwenty::MaxOneOrD8),
    ("onePlusD8", InjuryTwenty::OnePlusD8),
];
const INJURY_REST: [(&str, InjuryRest); 2] = [
    ("anyRest", InjuryRest::AnyRest),
    ("safeRestOnly", InjuryRest::SafeRestOnly),
];

// ---------------------------------------------------------------------------------------------
// Readers for the creature types
// ---------------------------------------------------------------------------------------------

fn seconds_field<S: Src>(o: &Obj<'_, S>, key: &str) -> Option<GameSeconds> {
    o.u32(key).map(GameSeconds)
}

fn read_moment<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<Moment> {
    let o = obj(v, ctx, e)?;
    Some(Moment {
        now: o.req("now", seconds_field(&o, "now"))?,
        in_encounter: o.flag("inEncounter"),
    })
}

fn read_damage_type<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<DamageType> {
    pick(v, ctx, "", &DAMAGE_TYPES, e)
}

fn read_ability_scores<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<AbilityScores> {
    let o = obj(v, ctx, e)?;
    Some(AbilityScores {
        str: o.req_u32("str")?,
        dex: o.req_u32("dex")?,
        con: o.req_u32("con")?,
        int: o.req_u32("int")?,
        wis: o.req_u32("wis")?,
        cha: o.req_u32("cha")?,
    })
}

fn read_hit_dice<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<HitDice> {
    let o = obj(v, ctx, e)?;
    Some(HitDice {
        die: o.req_pick("die", &DIE_SIZES)?,
        total: o.req_u32("total")?,
        spent: o.u32("spent").unwrap_or(0),
    })
}

fn read_track<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<Track> {
    let o = obj(v, ctx, e)?;
    Some(Track {
        effective: o.u8("effective").unwrap_or(0),
        pending: o.u8("pending").unwrap_or(0),
    })
}

fn read_hit_points<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<HitPoints> {
    let o = obj(v, ctx, e)?;
    Some(HitPoints {
        current: o.req_u32("current")?,
        max: o.req_u32("max")?,
        temp: o.u32("temp").unwrap_or(0),
    })
}

fn read_defenses<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<Defenses> {
    let o = obj(v, ctx, e)?;
    Some(Defenses {
        resistances: o.list("resistances", read_damage_type)?,
        vulnerabilities: o.list("vulnerabilities", read_damage_type)?,
        immunities: o.list("immunities", read_damage_type)?,
        immune_to_mundane_weapons: o.flag("immuneToMundaneWeapons"),
    })
}

fn read_death_reason<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<DeathReason> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "massiveDamage" => DeathReason::MassiveDamage,
        "deathSaves" => DeathReason::DeathSaves,
        "monsterAtZeroHp" => DeathReason::MonsterAtZeroHp,
        "doom" => DeathReason::Doom,
        "notStabilized" => DeathReason::NotStabilized,
        "falseHope" => DeathReason::FalseHope,
        "abilityScoreZero" => DeathReason::AbilityScoreZero {
            ability: o.req_pick("ability", &ABILITIES)?,
        },
        "zeroHp" => DeathReason::ZeroHp,
        "referee" => DeathReason::Referee,
        _ => return o.unknown_tag(&tag),
    })
}

fn read_death_state<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<DeathState> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "alive" => DeathState::Alive,
        "dying" => DeathState::Dying {
            successes: o.req("successes", o.u8("successes"))?,
            failures: o.req("failures", o.u8("failures"))?,
        },
        "stable" => DeathState::Stable {
            regains_hp_at: seconds_field(&o, "regainsHpAt"),
        },
        "incapacitated" => DeathState::Incapacitated {
            deadline: o.req("deadline", seconds_field(&o, "deadline"))?,
        },
        "dead" => DeathState::Dead {
            reason: o.req_nested("reason", read_death_reason)?,
        },
        _ => return o.unknown_tag(&tag),
    })
}

fn read_doom<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<Doom> {
    let o = obj(v, ctx, e)?;
    Some(Doom {
        deadline: seconds_field(&o, "deadline"),
    })
}

fn read_hyb_state<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<HybState> {
    let o = obj(v, ctx, e)?;
    Some(HybState {
        hours_adventured: o.u32("hoursAdventured").unwrap_or(0),
        resilience_reduction: o.u32("resilienceReduction").unwrap_or(0),
        exhausted: o.flag("exhausted"),
        disadvantage_until_rest: o.flag("disadvantageUntilRest"),
        body_parts_lost: o.u32("bodyPartsLost").unwrap_or(0),
        ability_loss: o
            .nested("abilityLoss", read_ability_scores)
            .unwrap_or_default(),
    })
}

/// The creature record as `Creature`'s serde form writes it.
fn read_creature<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<Creature> {
    let o = obj(v, ctx, e)?;
    Some(Creature {
        kind: o.req_pick("kind", &CREATURE_KINDS)?,
        zero_hp: o.req_pick("zeroHp", &ZERO_HP_RULES)?,
        hp: o.req_nested("hp", read_hit_points)?,
        level: o.req_u32("level")?,
        con_mod: o.i32("conMod").unwrap_or(0),
        defenses: o.nested("defenses", read_defenses).unwrap_or_default(),
        death: o.nested("death", read_death_state).unwrap_or_default(),
        doom: o.nested("doom", read_doom),
        hit_dice: o.nested("hitDice", read_hit_dice),
        fatigue: o.nested("fatigue", read_track).unwrap_or_default(),
        strife: o.nested("strife", read_track).unwrap_or_default(),
        crit_block_used: o.flag("critBlockUsed"),
        last_long_rest: seconds_field(&o, "lastLongRest"),
        subdual: o.u32("subdual").unwrap_or(0),
        abilities: o.nested("abilities", read_ability_scores),
        hyb: o.nested("hyb", read_hyb_state).unwrap_or_default(),
    })
}

fn read_doom_deadline<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<DoomDeadline> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "roll2d12Hours" => DoomDeadline::Roll2d12Hours,
        "at" => DoomDeadline::At {
            time: o.req("time", seconds_field(&o, "time"))?,
        },
        "narratorDecides" => DoomDeadline::NarratorDecides,
        _ => return o.unknown_tag(&tag),
    })
}

/// `{ type: "a5e" | "hyb" | "ose", …options }`; options left out take RULES.md's defaults.
fn read_rules<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<CreatureRules> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    let rounding = o.pick("resistanceRounding", &ROUNDING).unwrap_or_default();
    Some(match tag.as_str() {
        "a5e" => {
            let d = A5eRules::default();
            CreatureRules::A5e(A5eRules {
                resistance_rounding: rounding,
                massive_at_zero: o
                    .pick("massiveAtZero", &MASSIVE_AT_ZERO)
                    .unwrap_or(d.massive_at_zero),
                seventh_fatigue: o
                    .pick("seventhFatigue", &SEVENTH_FATIGUE)
                    .unwrap_or(d.seventh_fatigue),
                doom_deadline: o
                    .nested("doomDeadline", read_doom_deadline)
                    .unwrap_or(d.doom_deadline),
                delay_strife_in_combat: o.flag("delayStrifeInCombat"),
                fatigue_hit_dice: o
                    .pick("fatigueHitDice", &FATIGUE_HIT_DICE)
                    .unwrap_or(d.fatigue_hit_dice),
                hit_die_minimum: o.u32("hitDieMinimum").unwrap_or(d.hit_die_minimum),
            })
        }
        "hyb" => {
            let d = HybRules::default();
            CreatureRules::Hyb(HybRules {
                resistance_rounding: rounding,
                death_clock_seconds: o.u32("deathClockSeconds").unwrap_or(d.death_clock_seconds),
                injury_twenty: o
                    .pick("injuryTwenty", &INJURY_TWENTY)
                    .unwrap_or(d.injury_twenty),
                injury_for_non_pcs: o.flag("injuryForNonPcs"),
                injury_rest: o.pick("injuryRest", &INJURY_REST).unwrap_or(d.injury_rest),
            })
        }
        "ose" => CreatureRules::Ose(OseRules {
            resistance_rounding: rounding,
        }),
        _ => return o.unknown_tag(&tag),
    })
}

fn read_modifier<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<i32> {
    match v
        .number()
        .and_then(|n| whole(n, f64::from(i32::MIN), f64::from(i32::MAX)))
    {
        Some(n) => Some(n as i32),
        None => e.note(bad(ctx, "", "a whole number")),
    }
}

fn read_damage<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<DamageInstance> {
    let o = obj(v, ctx, e)?;
    Some(DamageInstance {
        amount: o.i32("amount").unwrap_or(0),
        damage_type: o.pick("damageType", &DAMAGE_TYPES),
        critical: o.flag("critical"),
        from_attack: o.flag("fromAttack"),
        melee: o.flag("melee"),
        mundane_weapon: o.flag("mundaneWeapon"),
        ongoing: o.flag("ongoing"),
        natural_one_on_check: o.flag("naturalOneOnCheck"),
        subdual: o.flag("subdual"),
        flat_modifiers: o.list("flatModifiers", read_modifier)?,
    })
}

fn read_choices<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<DamageChoices> {
    let o = obj(v, ctx, e)?;
    Some(DamageChoices {
        attacked_at_zero: o.pick("attackedAtZero", &AT_ZERO),
        other_damage_at_zero: o.pick("otherDamageAtZero", &AT_ZERO).unwrap_or_default(),
        knock_out: o.flag("knockOut"),
        critical_downgrade: o.pick("criticalDowngrade", &DOWNGRADES),
        con_save_modifier: o.i32("conSaveModifier"),
        con_save_mode: o.pick("conSaveMode", &ROLL_MODES).unwrap_or_default(),
    })
}

fn read_dice_formula<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<DiceSpec> {
    let o = obj(v, ctx, e)?;
    Some(DiceSpec {
        count: o.req_u32("count")?,
        size: o.req_pick("size", &DIE_SIZES)?,
        modifier: o.i32("modifier").unwrap_or(0),
    })
}

fn read_ongoing<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<OngoingDamage> {
    let o = obj(v, ctx, e)?;
    Some(OngoingDamage {
        dice: o.req_nested("dice", read_dice_formula)?,
        damage_type: o.pick("damageType", &DAMAGE_TYPES),
    })
}

fn read_long_rest<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<LongRest> {
    let o = obj(v, ctx, e)?;
    Some(LongRest {
        ended_at: o.req("endedAt", seconds_field(&o, "endedAt"))?,
        duration_minutes: o.req_u32("durationMinutes")?,
        asleep_minutes: o.req_u32("asleepMinutes")?,
        strenuous_minutes: o.u32("strenuousMinutes").unwrap_or(0),
        consumed_supply: o.req_bool("consumedSupply")?,
        haven: o.req_bool("haven")?,
    })
}

fn read_nightly_rest<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<NightlyRest> {
    let o = obj(v, ctx, e)?;
    Some(NightlyRest {
        safety: o.req_pick("safety", &REST_SAFETY)?,
        ate_food: o.req_bool("ateFood")?,
    })
}

fn read_stabilize<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<StabilizeMethod> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "check" => StabilizeMethod::Check {
            modifier: o.req_i32("modifier")?,
            mode: o.pick("mode", &ROLL_MODES).unwrap_or_default(),
            dc: o.i32("dc"),
        },
        "automatic" => StabilizeMethod::Automatic,
        _ => return o.unknown_tag(&tag),
    })
}

/// What a new creature starts with. Only `kind`, `hpMax` and `rules` are required.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
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

fn read_spec<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<CreatureSpec> {
    let o = obj(v, ctx, e)?;
    Some(CreatureSpec {
        kind: o.req_pick("kind", &CREATURE_KINDS)?,
        hp_max: o.req_u32("hpMax")?,
        hp: o.u32("hp"),
        temp_hp: o.u32("tempHp").unwrap_or(0),
        level: o.u32("level").unwrap_or(0),
        con_mod: o.i32("conMod").unwrap_or(0),
        hit_dice: o.nested("hitDice", read_hit_dice),
        resistances: o.list("resistances", read_damage_type)?,
        vulnerabilities: o.list("vulnerabilities", read_damage_type)?,
        immunities: o.list("immunities", read_damage_type)?,
        immune_to_mundane_weapons: o.flag("immuneToMundaneWeapons"),
        zero_hp: o.pick("zeroHp", &ZERO_HP_RULES),
        abilities: o.nested("abilities", read_ability_scores),
        rules: o.req_nested("rules", read_rules)?,
        time: o.nested("time", read_moment).unwrap_or_default(),
    })
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
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
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

fn read_snapshot<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<CreatureSnapshot> {
    let o = obj(v, ctx, e)?;
    Some(CreatureSnapshot {
        v: o.req_u32("v")?,
        creature: o.req_nested("creature", read_creature)?,
        rules: o.req_nested("rules", read_rules)?,
        time: o.req_nested("time", read_moment)?,
    })
}

/// Restore and check a snapshot; every failure is `SNAPSHOT_INVALID`.
fn restore<S: Src>(v: &S) -> Result<CreatureSnapshot> {
    let snapshot = read(v, "snapshot", read_snapshot).map_err(|e| Error::snapshot(e.message))?;
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
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
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

/// An optional enum argument: `undefined` gives the default.
fn opt_pick<T: Copy + Default>(v: &JsValue, what: &str, table: &[(&'static str, T)]) -> Result<T> {
    if v.is_undefined() || v.is_null() {
        Ok(T::default())
    } else {
        read(v, what, |v, ctx, e| pick(v, ctx, "", table, e))
    }
}

/// A required enum argument.
fn req_pick<T: Copy>(v: &JsValue, what: &str, table: &[(&'static str, T)]) -> Result<T> {
    read(v, what, |v, ctx, e| pick(v, ctx, "", table, e))
}

#[inline(never)]
pub(super) fn out<T: Serialize>(value: &T) -> Result<JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true))
        .map_err(|e| Error::invalid_argument(e.to_string()))
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
    /// operation's number, `a` and `b` its other arguments (`undefined` when left out):
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
    /// | `oseNaturalHealing` | | `OseRestDay[]` | |
    /// | `addAdventuringHours`, `setResilienceReduction` | hours | | |
    /// | `resilienceCheck` | | `RollMode` | |
    /// | `loseAbilityPoints`, `recoverAbilityPoints` | points | `Ability` | |
    fn run(
        &mut self,
        op: &str,
        n: f64,
        a: &JsValue,
        b: &JsValue,
        dice: &mut DiceBox,
    ) -> Result<JsValue> {
        let rules = self.rules;
        let at = self.time;
        let roller = &mut dice.source;
        let c = &mut self.creature;
        let choices = |b: &JsValue| -> Result<DamageChoices> {
            if b.is_undefined() || b.is_null() {
                Ok(DamageChoices::default())
            } else {
                read(b, "choices", read_choices)
            }
        };
        let report: Report = match op {
            "damage" => {
                let damage = read(a, "damage", read_damage)?;
                return out(&c.take_damage(&rules, &damage, &choices(b)?, at, roller)?);
            }
            "ongoingDamage" => {
                let ongoing = read(a, "ongoing", read_ongoing)?;
                return out(&c.apply_ongoing_damage(&rules, &ongoing, &choices(b)?, at, roller)?);
            }
            "heal" => c.heal(&rules, int(n)?, roller)?,
            "healDice" => c.heal_dice(&rules, read(a, "dice", read_dice_formula)?, roller)?,
            "grantTempHp" => c.grant_temp_hp(int(n)?, opt_pick(a, "choice", &TEMP_HP_CHOICES)?)?,
            "deathSave" => c.death_save(
                &rules,
                int(n)?,
                opt_pick(a, "mode", &ROLL_MODES)?,
                at,
                roller,
            )?,
            "stabilize" => c.stabilize(&rules, read(a, "method", read_stabilize)?, at, roller)?,
            "gainFatigue" => c.gain_fatigue(&rules, int(n)?, at, roller)?,
            "gainStrife" => c.gain_strife(&rules, int(n)?, at, roller)?,
            "removeFatigue" => c.remove_fatigue(&rules, int(n)?)?,
            "removeStrife" => c.remove_strife(&rules, int(n)?)?,
            "doom" => {
                let deadline = if a.is_undefined() || a.is_null() {
                    DoomDeadline::default()
                } else {
                    read(a, "deadline", read_doom_deadline)?
                };
                c.doom(&rules, deadline, at, roller)?
            }
            "liftDoom" => c.lift_doom()?,
            "kill" => c.kill(DeathReason::Referee)?,
            "raise" => c.raise_from_dead(int(n)?, a.as_bool().unwrap_or(false))?,
            "setTime" => {
                self.time = Moment {
                    now: seconds(n)?,
                    in_encounter: a.as_bool().unwrap_or(false),
                };
                return Ok(JsValue::UNDEFINED);
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
            "longRest" => c.long_rest(&rules, &read(a, "rest", read_long_rest)?, roller)?,
            "hybNightlyRest" => c.hyb_nightly_rest(&rules, read(a, "rest", read_nightly_rest)?)?,
            "oseNaturalHealing" => {
                let days = read(a, "days", |v, ctx, e| {
                    list(v, ctx, e, |v, ctx, e| pick(v, ctx, "", &REST_DAYS, e))
                })?;
                c.ose_natural_healing(&rules, &days, roller)?
            }
            "addAdventuringHours" => return out(&c.add_adventuring_hours(int(n)?)?),
            "setResilienceReduction" => {
                c.set_resilience_reduction(int(n)?)?;
                return Ok(JsValue::UNDEFINED);
            }
            "resilienceCheck" => c.resilience_check(opt_pick(a, "mode", &ROLL_MODES)?, roller)?,
            "exhaust" => c.exhaust()?,
            "loseAbilityPoints" => {
                c.lose_ability_points(req_pick(a, "ability", &ABILITIES)?, int(n)?)?
            }
            "recoverAbilityPoints" => {
                c.recover_ability_points(req_pick(a, "ability", &ABILITIES)?, int(n)?)?
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
    pub fn new(spec: Ts<CreatureSpec>) -> JsResult<CreatureHandle> {
        let spec = js(read(&spec.js_value(), "spec", read_spec))?;
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
    pub fn from_json(snapshot: Ts<CreatureSnapshot>) -> JsResult<CreatureHandle> {
        let snapshot = js(restore(&snapshot.js_value()))?;
        Ok(CreatureHandle {
            creature: snapshot.creature,
            rules: snapshot.rules,
            time: snapshot.time,
        })
    }

    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> JsResult<Ts<CreatureSnapshot>> {
        to_ts(&CreatureSnapshot {
            v: CREATURE_SNAPSHOT_VERSION,
            creature: self.creature.clone(),
            rules: self.rules,
            time: self.time,
        })
    }

    pub fn status(&self) -> JsResult<Ts<CreatureStatus>> {
        to_ts(&self.status_of())
    }

    /// What a `DamageInstance` would do with `DamageChoices`, step by step, changing nothing.
    pub fn preview(&self, damage: JsValue, choices: JsValue) -> JsResult<Ts<DamageBreakdown>> {
        let damage = js(read(&damage, "damage", read_damage))?;
        let choices = if choices.is_undefined() || choices.is_null() {
            DamageChoices::default()
        } else {
            js(read(&choices, "choices", read_choices))?
        };
        to_ts(&js(self.creature.preview_damage(
            &self.rules,
            &damage,
            &choices,
        ))?)
    }

    /// Run the operation `op` (see `run`), rolling any dice through `dice`. On error nothing
    /// changes.
    pub fn apply(
        &mut self,
        op: &str,
        n: f64,
        a: JsValue,
        b: JsValue,
        dice: &mut DiceBox,
    ) -> JsResult<JsValue> {
        let mut next = CreatureHandle {
            creature: self.creature.clone(),
            rules: self.rules,
            time: self.time,
        };
        let result = js(next.run(op, n, &a, &b, dice))?;
        *self = next;
        Ok(result)
    }
}

/// The readers checked against serde: every reader round-trips a fully populated value that
/// serde wrote, and every enum table matches serde's own list of variant names. Run with
/// `cargo test --features wasm` (the glue only compiles with that feature).
#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::creature::{Creature, CreatureRules};
    use serde::de::DeserializeOwned;
    use serde_json::{Value, json};

    impl Src for Value {
        fn is_object(&self) -> bool {
            self.is_object()
        }
        fn field(&self, key: &str) -> Option<Self> {
            self.get(key).filter(|v| !v.is_null()).cloned()
        }
        fn number(&self) -> Option<f64> {
            self.as_f64()
        }
        fn boolean(&self) -> Option<bool> {
            self.as_bool()
        }
        fn text(&self) -> Option<String> {
            self.as_str().map(str::to_owned)
        }
        fn items(&self, limit: usize) -> Option<Vec<Self>> {
            self.as_array()
                .map(|a| a.iter().take(limit.saturating_add(1)).cloned().collect())
        }
    }

    /// serde's JSON for `value`, read back by `reader`, is `value` again.
    pub(in crate::wasm) fn round_trip<T: Serialize + PartialEq + std::fmt::Debug>(
        value: &T,
        reader: impl FnOnce(&Value, &str, &Errs) -> Option<T>,
    ) {
        let json = serde_json::to_value(value).unwrap();
        let back = read(&json, "value", reader).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(&back, value, "{json}");
    }

    /// The table holds exactly serde's variant names, each naming its own variant.
    pub(in crate::wasm) fn table_matches_serde<T>(table: &[(&'static str, T)])
    where
        T: Copy + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned,
    {
        for (name, value) in table {
            assert_eq!(serde_json::to_value(value).unwrap(), json!(name));
        }
        let err = serde_json::from_value::<T>(json!("\u{1}"))
            .unwrap_err()
            .to_string();
        // serde lists them as "expected `a`", "`a` or `b`" or "one of `a`, `b`, `c`".
        let expected = err.split("expected").nth(1).unwrap();
        let listed: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        let mut names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
        let mut listed = listed;
        names.sort_unstable();
        listed.sort_unstable();
        assert_eq!(names, listed, "{err}");
    }

    #[test]
    fn enum_tables_match_serde() {
        table_matches_serde(&ABILITIES);
        table_matches_serde(&ROLL_MODES);
        table_matches_serde(&DIE_SIZES);
        table_matches_serde(&DAMAGE_TYPES);
        table_matches_serde(&CREATURE_KINDS);
        table_matches_serde(&ZERO_HP_RULES);
        table_matches_serde(&TEMP_HP_CHOICES);
        table_matches_serde(&AT_ZERO);
        table_matches_serde(&DOWNGRADES);
        table_matches_serde(&REST_DAYS);
        table_matches_serde(&REST_SAFETY);
        table_matches_serde(&ROUNDING);
        table_matches_serde(&MASSIVE_AT_ZERO);
        table_matches_serde(&SEVENTH_FATIGUE);
        table_matches_serde(&FATIGUE_HIT_DICE);
        table_matches_serde(&INJURY_TWENTY);
        table_matches_serde(&INJURY_REST);
    }

    fn scores(base: u32) -> AbilityScores {
        AbilityScores::new(base, base + 1, base + 2, base + 3, base + 4, base + 5)
    }

    /// A creature with every field away from its default.
    fn full_creature(death: DeathState) -> Creature {
        Creature {
            kind: CreatureKind::Npc,
            zero_hp: ZeroHpRule::Doomed,
            hp: HitPoints {
                current: 0,
                max: 31,
                temp: 4,
            },
            level: 7,
            con_mod: -2,
            defenses: Defenses {
                resistances: vec![DamageType::Cold, DamageType::Cold],
                vulnerabilities: vec![DamageType::Thunder],
                immunities: vec![DamageType::Poison],
                immune_to_mundane_weapons: true,
            },
            death,
            doom: Some(Doom {
                deadline: Some(GameSeconds(9000)),
            }),
            hit_dice: Some(HitDice {
                die: DieSize::D10,
                total: 7,
                spent: 3,
            }),
            fatigue: Track {
                effective: 2,
                pending: 1,
            },
            strife: Track {
                effective: 3,
                pending: 0,
            },
            crit_block_used: true,
            last_long_rest: Some(GameSeconds(1234)),
            subdual: 5,
            abilities: Some(scores(8)),
            hyb: HybState {
                hours_adventured: 11,
                resilience_reduction: 2,
                exhausted: true,
                disadvantage_until_rest: true,
                body_parts_lost: 1,
                ability_loss: scores(1),
            },
        }
    }

    #[test]
    fn creature_reader_round_trips_every_death_state_and_reason() {
        let reasons = [
            DeathReason::MassiveDamage,
            DeathReason::DeathSaves,
            DeathReason::MonsterAtZeroHp,
            DeathReason::Doom,
            DeathReason::NotStabilized,
            DeathReason::FalseHope,
            DeathReason::AbilityScoreZero {
                ability: Ability::Wis,
            },
            DeathReason::ZeroHp,
            DeathReason::Referee,
        ];
        let mut states = vec![
            DeathState::Alive,
            DeathState::Dying {
                successes: 2,
                failures: 1,
            },
            DeathState::Stable {
                regains_hp_at: Some(GameSeconds(7200)),
            },
            DeathState::Stable {
                regains_hp_at: None,
            },
            DeathState::Incapacitated {
                deadline: GameSeconds(60),
            },
        ];
        states.extend(reasons.map(|reason| DeathState::Dead { reason }));
        for death in states {
            round_trip(&full_creature(death), read_creature);
        }
        // A plain new creature, with every optional field left out of the JSON.
        round_trip(&Creature::new(CreatureKind::Pc, 9).unwrap(), read_creature);
    }

    #[test]
    fn rules_reader_round_trips_every_option() {
        let a5e = A5eRules {
            resistance_rounding: Rounding::Up,
            massive_at_zero: MassiveAtZero::PlusLevel,
            seventh_fatigue: SeventhFatigueDoom::AfterEncounter,
            doom_deadline: DoomDeadline::At {
                time: GameSeconds(77),
            },
            delay_strife_in_combat: true,
            fatigue_hit_dice: FatigueHitDice::HalveRolls,
            hit_die_minimum: 1,
        };
        round_trip(&CreatureRules::A5e(a5e), read_rules);
        for doom_deadline in [DoomDeadline::Roll2d12Hours, DoomDeadline::NarratorDecides] {
            round_trip(
                &CreatureRules::A5e(A5eRules {
                    doom_deadline,
                    ..a5e
                }),
                read_rules,
            );
        }
        round_trip(
            &CreatureRules::Hyb(HybRules {
                resistance_rounding: Rounding::Up,
                death_clock_seconds: 90,
                injury_twenty: InjuryTwenty::OnePlusD8,
                injury_for_non_pcs: true,
                injury_rest: InjuryRest::SafeRestOnly,
            }),
            read_rules,
        );
        round_trip(
            &CreatureRules::Ose(OseRules {
                resistance_rounding: Rounding::Up,
            }),
            read_rules,
        );
        // Options left out take RULES.md's defaults.
        let bare = read(&json!({ "type": "hyb" }), "rules", read_rules).unwrap();
        assert_eq!(bare, CreatureRules::hyb());
    }

    #[test]
    fn snapshot_spec_and_argument_readers_round_trip() {
        let snapshot = CreatureSnapshot {
            v: CREATURE_SNAPSHOT_VERSION,
            creature: full_creature(DeathState::Alive),
            rules: CreatureRules::hyb(),
            time: Moment {
                now: GameSeconds(42),
                in_encounter: true,
            },
        };
        round_trip(&snapshot, read_snapshot);
        let spec = CreatureSpec {
            kind: CreatureKind::Monster,
            hp_max: 30,
            hp: Some(12),
            temp_hp: 3,
            level: 4,
            con_mod: 2,
            hit_dice: Some(HitDice {
                die: DieSize::D8,
                total: 4,
                spent: 0,
            }),
            resistances: vec![DamageType::Fire],
            vulnerabilities: vec![DamageType::Cold],
            immunities: vec![DamageType::Psychic],
            immune_to_mundane_weapons: true,
            zero_hp: Some(ZeroHpRule::DeathSaves),
            abilities: Some(scores(10)),
            rules: CreatureRules::a5e(),
            time: Moment {
                now: GameSeconds(5),
                in_encounter: true,
            },
        };
        round_trip(&spec, read_spec);
        round_trip(
            &DamageInstance {
                amount: 25,
                damage_type: Some(DamageType::Cold),
                critical: true,
                from_attack: true,
                melee: true,
                mundane_weapon: true,
                ongoing: true,
                natural_one_on_check: true,
                subdual: true,
                flat_modifiers: vec![-5, 2],
            },
            read_damage,
        );
        round_trip(&DamageInstance::default(), read_damage);
        round_trip(
            &DamageChoices {
                attacked_at_zero: Some(AtZeroConsequence::Strife),
                other_damage_at_zero: AtZeroConsequence::Fatigue,
                knock_out: true,
                critical_downgrade: Some(CriticalDowngrade::Block),
                con_save_modifier: Some(-3),
                con_save_mode: RollMode::Disadvantage,
            },
            read_choices,
        );
        round_trip(
            &OngoingDamage {
                dice: DiceSpec::new(2, DieSize::D6).plus(-1),
                damage_type: Some(DamageType::Acid),
            },
            read_ongoing,
        );
        round_trip(
            &LongRest {
                ended_at: GameSeconds(90_000),
                duration_minutes: 500,
                asleep_minutes: 400,
                strenuous_minutes: 30,
                consumed_supply: true,
                haven: true,
            },
            read_long_rest,
        );
        round_trip(
            &NightlyRest {
                safety: RestSafety::Unsafe,
                ate_food: true,
            },
            read_nightly_rest,
        );
        for method in [
            StabilizeMethod::Check {
                modifier: 3,
                mode: RollMode::Advantage,
                dc: Some(12),
            },
            StabilizeMethod::Check {
                modifier: -1,
                mode: RollMode::Normal,
                dc: None,
            },
            StabilizeMethod::Automatic,
        ] {
            round_trip(&method, read_stabilize);
        }
    }

    #[test]
    fn readers_refuse_bad_input_with_the_field_named() {
        let err = |v: Value| read(&v, "spec", read_spec).unwrap_err();
        let e = err(json!({ "kind": "pc", "rules": { "type": "a5e" } }));
        assert_eq!(
            (e.code, e.message.as_str()),
            (ErrorCode::InvalidArgument, "spec.hpMax is required")
        );
        let e = err(json!({ "kind": "pc", "hpMax": -3, "rules": { "type": "a5e" } }));
        assert!(e.message.starts_with("spec.hpMax must be a whole number"));
        let e = err(json!({ "kind": "elf", "hpMax": 3, "rules": { "type": "a5e" } }));
        assert!(
            e.message.contains("one of pc, monster, npc"),
            "{}",
            e.message
        );
        let e = err(json!({ "kind": "pc", "hpMax": 3, "rules": { "type": "d20" } }));
        assert_eq!(e.message, "rules.type \"d20\" is not known");
        let e = err(
            json!({ "kind": "pc", "hpMax": 3, "rules": { "type": "a5e" }, "resistances": ["fire", 7] }),
        );
        assert!(
            e.message.starts_with("resistances[1] must be one of"),
            "{}",
            e.message
        );
        // An optional field that is malformed is still an error.
        let e =
            err(json!({ "kind": "pc", "hpMax": 3, "rules": { "type": "a5e" }, "tempHp": true }));
        assert_eq!(
            e.message,
            "spec.tempHp must be a whole number from 0 to 4294967295"
        );
        let e = err(json!([1, 2]));
        assert_eq!(e.message, "spec must be an object");
        let long = Value::Array(vec![json!("fire"); MAX_LIST_ITEMS + 1]);
        let e = err(
            json!({ "kind": "pc", "hpMax": 3, "rules": { "type": "a5e" }, "immunities": long }),
        );
        assert_eq!(e.code, ErrorCode::LimitExceeded);
    }

    #[test]
    fn snapshots_are_checked_and_versioned() {
        let snapshot = CreatureSnapshot {
            v: CREATURE_SNAPSHOT_VERSION,
            creature: Creature::new(CreatureKind::Pc, 10).unwrap(),
            rules: CreatureRules::a5e(),
            time: Moment::default(),
        };
        let mut json = serde_json::to_value(&snapshot).unwrap();
        assert_eq!(restore(&json).unwrap(), snapshot);
        json["creature"]["hp"]["current"] = json!(11);
        let e = restore(&json).unwrap_err();
        assert_eq!(e.code, ErrorCode::SnapshotInvalid);
        json["creature"]["hp"]["current"] = json!(10);
        json["v"] = json!(2);
        assert_eq!(restore(&json).unwrap_err().code, ErrorCode::SnapshotInvalid);
        assert_eq!(
            restore(&json!({ "v": 1 })).unwrap_err().code,
            ErrorCode::SnapshotInvalid
        );
    }
}
