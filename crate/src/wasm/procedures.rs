//! Glue for the procedures: two exported dispatchers, so dozens of procedures cost two JS glue
//! functions. `procedure(name, input, dice)` takes JS values for the first OSE and HYB names;
//! `procedureJson(name, input, dice)` takes and returns JSON text for every later name, A5E
//! included. The facade's `ose`, `hyb` and `a5e` namespaces give each name its typed input and
//! result.
//!
//! Stateful procedures (pursuits, the morale tracker, running) are plain data in and out: the
//! caller passes the state and gets the next state back with the result, so nothing lives in
//! wasm memory between calls. Unknown names and malformed input are `INVALID_ARGUMENT` errors.
//!
//! `procedure`'s input is read by the field readers of [`super::creature`] (see there for why
//! not serde); the tests check each reader against serde. `procedureJson` reads the core's own
//! serde types with serde_json instead, so no new reader is written by hand.
//!
//! Names (JS values, `procedure`): `ose.reaction`, `ose.encounterDistance`, `ose.surprise`,
//! `ose.morale`, `ose.moraleTracked`, `ose.moraleLosses`, `ose.evasion.{dungeon,
//! waterborneChance, waterborne, wildernessPlan, wilderness}`, `ose.dungeonPursuit.{start, round,
//! drop, stop}`, `ose.waterbornePursuit.{start, round}`, `ose.wildernessPursuit.{start, catchUp,
//! decide}`, `ose.attack`, `ose.save`, `ose.monsterSave`, `ose.monsterSaves`, `ose.abilityCheck`,
//! `hyb.check`, `hyb.trap`, `hyb.attack`, `hyb.chase`, `hyb.chaseDc`, `hyb.morale`,
//! `hyb.followerMorale`, `hyb.retreat`.
//!
//! Names added later take JSON text in and give JSON text out (`procedureJson`), through the
//! core's own serde types and one generic helper ([`json`]), instead of hand-written field
//! readers: `ose.openEncounter`, `ose.beginEvasion`, `ose.encounterMovement`,
//! `ose.mercenaryMorale`, `ose.damage`, `ose.unarmedDamage`, `ose.bombing`, `ose.drowning`,
//! `ose.running.{run, rest}`, `ose.fightingWithdrawal`, `ose.retreatMovement`,
//! `ose.castingObstacles`, `ose.spellDisrupted`, `ose.canHarmInvulnerable`, `ose.subdual`,
//! `hyb.planMorale`, `hyb.moraleFor`, `hyb.dangerousCheck`, `hyb.damage`,
//! `hyb.stealth.{attempt, attack}`, and every `a5e.*` name (see [`super::procedures_a5e`]).

use serde::{Deserialize, Serialize};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use super::dice::DiceBox;
use super::readers::{Errs, Obj, Src, bad, obj, out, read};
use super::{JsResult, js};
use crate::dice::RollMode as Advantage;
use crate::dice::{DiceSpec, DieRoller};
use crate::error::{Error, Result};
use crate::procedures::hyb::attack::roll_hyb_damage;
use crate::procedures::hyb::attack::{
    HybAttackInput, HybAttackMethod, HybAttacker, HybRangeBand as RangeBand, roll_hyb_attack,
};
use crate::procedures::hyb::chase::{
    ChaseInput, ChaseRole, ChaseRollMode, ChaseTerrain, Runner, chase_dc, roll_chase,
};
use crate::procedures::hyb::check::{HybCheckInput, Stealth, roll_hyb_check};
use crate::procedures::hyb::morale::{
    GroupRoller, HybMoraleInput, HybMoraleTrigger, MoraleGrouping, MoraleParticipant,
    plan_morale_rolls, roll_follower_morale, roll_hyb_morale, roll_hyb_morale_for,
};
use crate::procedures::hyb::retreat::{RetreatInput, resolve_retreat};
use crate::procedures::hyb::trap::{TrapInput, resolve_trap, roll_dangerous_check};
use crate::procedures::ose::MovementRate;
use crate::procedures::ose::attack::{
    AttackResolution, InvulnerabilityAttacker, OseAttackInput, OseAttackKind,
    can_harm_invulnerable, roll_bombing, roll_ose_attack,
};
use crate::procedures::ose::checks::roll_ability_check;
use crate::procedures::ose::combat::{
    CasterState, DisruptionCheck, MeleeMovement, MissileRange, OseCover as Cover,
    casting_obstacles, fighting_withdrawal, spell_disrupted,
};
use crate::procedures::ose::damage::{
    DamageKind, OseDamageInput, SubdualTrack, roll_ose_damage, roll_unarmed_damage,
};
use crate::procedures::ose::encounter::{
    EncounterDistance, EncounterLocation, OpeningInput, encounter_movement, open_encounter,
    roll_encounter_distance,
};
use crate::procedures::ose::evasion::{
    WildernessEvasionInput, WildernessSurprise, begin_evasion, dungeon_evasion,
    roll_waterborne_evasion, roll_wilderness_evasion, waterborne_evasion_chance,
    wilderness_evasion_plan,
};
use crate::procedures::ose::hazards::roll_drowning;
use crate::procedures::ose::matrix::{MonsterHd, OseAttacker};
use crate::procedures::ose::morale::{
    MoraleScore, MoraleSubject, MoraleTrigger, OseMoraleCheck, OseMoraleInput, OseMoraleTracker,
    TroopQuality, TroopType, check_morale, mercenary_morale,
};
use crate::procedures::ose::pursuit::{
    DroppedItem, DungeonPursuit, EscapeReason, PursuitStatus, WATER_MIN_CLOSING, WaterPursuitUnits,
    WaterbornePursuit, WildernessPursuit, WildernessPursuitStep,
};
use crate::procedures::ose::reaction::roll_reaction;
use crate::procedures::ose::running::{RunningPenalties, RunningTracker};
use crate::procedures::ose::saves::{
    SaveAs, SaveCategory, SaveStake, monster_saves, roll_monster_save, roll_ose_save,
};
use crate::procedures::ose::surprise::{EncounterSide, SurpriseFactors, roll_surprise};
use crate::procedures::{MemberId, Percent};
use crate::units::{Distance, DistanceUnit, Feet};

// ---------------------------------------------------------------------------------------------
// Inputs the core takes as separate arguments, bundled for JS (typed in the .d.ts)
// ---------------------------------------------------------------------------------------------

/// `ose.reaction` (OSE-REACT-01).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct ReactionInput {
    /// The CHA reaction modifier of the character who speaks to the monsters, if one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cha_modifier: Option<i32>,
}

/// `ose.encounterDistance` (OSE-ENC-03).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct EncounterDistanceInput {
    pub location: EncounterLocation,
    #[serde(default)]
    pub either_side_surprised: bool,
}

/// `ose.surprise` (OSE-SURP-01/02).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct SurpriseInput {
    pub side: EncounterSide,
    #[serde(default)]
    pub factors: SurpriseFactors,
}

/// `ose.moraleTracked` (OSE-MORALE-03): a check that honours the two-passes rule.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct TrackedMoraleInput {
    pub tracker: OseMoraleTracker,
    pub check: OseMoraleInput,
}

/// The tracker after a check, and the check.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct TrackedMoraleResult {
    pub tracker: OseMoraleTracker,
    pub check: OseMoraleCheck,
}

/// `ose.moraleLosses` (OSE-MORALE-04): losses so far, out of `sideSize`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct MoraleLossesInput {
    pub tracker: OseMoraleTracker,
    pub side_size: u32,
    pub killed: u32,
    #[serde(default)]
    pub incapacitated: u32,
}

/// The tracker after noting losses, and the checks that fall due now.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct MoraleLossesResult {
    pub tracker: OseMoraleTracker,
    pub due: Vec<MoraleTrigger>,
}

/// `ose.evasion.dungeon` (OSE-EVADE-02).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct DungeonEvasionInput {
    pub fleeing_rate: MovementRate,
    pub pursuer_rate: MovementRate,
    #[serde(default)]
    pub fleeing_forced_to_stop: bool,
}

/// `ose.evasion.waterborne` and `.waterborneChance` (OSE-EVADE-03): rates per round.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct WaterborneRates {
    pub fleeing_per_round: u32,
    pub pursuers_per_round: u32,
}

/// `ose.dungeonPursuit.start` (OSE-PURSUIT-01).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct DungeonPursuitStart {
    pub fleeing_rate: MovementRate,
    pub pursuer_rate: MovementRate,
    pub gap_feet: u32,
}

/// A pursuit's next state and what happened.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct PursuitStep<P, R> {
    pub pursuit: P,
    pub result: R,
}

/// `ose.waterbornePursuit.start` (OSE-PURSUIT-03). With `gap` the pursuit starts there;
/// without, the waterborne encounter distance is rolled.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct WaterbornePursuitStart {
    pub fleeing_per_round: u32,
    pub pursuers_per_round: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gap: Option<Distance>,
    #[serde(default)]
    pub either_side_surprised: bool,
    /// G-44: how the closing rule's units are read.
    #[serde(default)]
    pub units: WaterPursuitUnits,
    /// Minimum closing per round (30 by default), only with a given `gap`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_closing: Option<u32>,
}

/// A new waterborne pursuit, and the distance dice when the gap was rolled.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct WaterbornePursuitStarted {
    pub pursuit: WaterbornePursuit,
    pub distance: Option<EncounterDistance>,
}

/// `ose.save` (OSE-SAVE-02..04): a save against a known target number.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct OseSaveInput {
    pub target: u32,
    #[serde(default)]
    pub bonus: i32,
    pub stake: SaveStake,
}

/// `ose.monsterSave` (OSE-SAVE-02, OSE-TBL-03).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct MonsterSaveInput {
    pub save_as: SaveAs,
    pub category: SaveCategory,
    #[serde(default)]
    pub bonus: i32,
    pub stake: SaveStake,
}

/// `ose.abilityCheck` (OSE-CHK-01..03).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct OseAbilityCheckInput {
    pub score: u32,
    /// Added to the roll: −4 easy, +4 very difficult (OSE-CHK-02).
    #[serde(default)]
    pub difficulty: i32,
}

/// `hyb.chaseDc` (HYB-CHASE-02).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct ChaseDcInput {
    pub opponent_speed_ft: u32,
    #[serde(default)]
    pub adjustment: i32,
}

/// `hyb.morale` (HYB-MORALE-01/02): the check's modifiers, and what called for it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct HybMoraleCall {
    pub morale: HybMoraleInput,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger: Option<HybMoraleTrigger>,
}

// ---------------------------------------------------------------------------------------------
// Enum tables (serde names, checked against serde in the tests)
// ---------------------------------------------------------------------------------------------

const ADVANTAGES: [(&str, Advantage); 3] = [
    ("normal", Advantage::Normal),
    ("advantage", Advantage::Advantage),
    ("disadvantage", Advantage::Disadvantage),
];
const LOCATIONS: [(&str, EncounterLocation); 3] = [
    ("dungeon", EncounterLocation::Dungeon),
    ("wilderness", EncounterLocation::Wilderness),
    ("waterborne", EncounterLocation::Waterborne),
];
const SIDES: [(&str, EncounterSide); 2] = [
    ("party", EncounterSide::Party),
    ("monsters", EncounterSide::Monsters),
];
const UNITS: [(&str, DistanceUnit); 3] = [
    ("feet", DistanceUnit::Feet),
    ("yards", DistanceUnit::Yards),
    ("miles", DistanceUnit::Miles),
];
const SUBJECTS: [(&str, MoraleSubject); 3] = [
    ("monster", MoraleSubject::Monster),
    ("mercenary", MoraleSubject::Mercenary),
    ("retainer", MoraleSubject::Retainer),
];
const DROPPED: [(&str, DroppedItem); 2] = [
    ("treasure", DroppedItem::Treasure),
    ("food", DroppedItem::Food),
];
const ESCAPES: [(&str, EscapeReason); 5] = [
    ("treasureDropped", EscapeReason::TreasureDropped),
    ("foodDropped", EscapeReason::FoodDropped),
    ("outOfSight", EscapeReason::OutOfSight),
    ("obstacle", EscapeReason::Obstacle),
    ("evaded", EscapeReason::Evaded),
];
const WATER_UNITS: [(&str, WaterPursuitUnits); 2] = [
    ("outdoorYards", WaterPursuitUnits::OutdoorYards),
    ("literalFeet", WaterPursuitUnits::LiteralFeet),
];
const PURSUIT_STEPS: [(&str, WildernessPursuitStep); 3] = [
    ("catchUp", WildernessPursuitStep::CatchUp),
    ("decide", WildernessPursuitStep::Decide),
    ("over", WildernessPursuitStep::Over),
];
const RESOLUTIONS: [(&str, AttackResolution); 3] = [
    ("matrix", AttackResolution::Matrix),
    ("thac0Arithmetic", AttackResolution::Thac0Arithmetic),
    ("ascendingAc", AttackResolution::AscendingAc),
];
const ATTACK_KINDS: [(&str, OseAttackKind); 3] = [
    ("melee", OseAttackKind::Melee),
    ("missile", OseAttackKind::Missile),
    ("unarmed", OseAttackKind::Unarmed),
];
const RANGES: [(&str, MissileRange); 4] = [
    ("short", MissileRange::Short),
    ("medium", MissileRange::Medium),
    ("long", MissileRange::Long),
    ("beyondLong", MissileRange::BeyondLong),
];
const SAVE_CATEGORIES: [(&str, SaveCategory); 5] = [
    ("deathOrPoison", SaveCategory::DeathOrPoison),
    ("wands", SaveCategory::Wands),
    (
        "paralysisOrPetrification",
        SaveCategory::ParalysisOrPetrification,
    ),
    ("breathAttacks", SaveCategory::BreathAttacks),
    ("spellsRodsStaves", SaveCategory::SpellsRodsStaves),
];
const BANDS: [(&str, RangeBand); 3] = [
    ("close", RangeBand::Close),
    ("ranged", RangeBand::Ranged),
    ("far", RangeBand::Far),
];
const TERRAINS: [(&str, ChaseTerrain); 5] = [
    ("flatOpen", ChaseTerrain::FlatOpen),
    ("uneven", ChaseTerrain::Uneven),
    ("endurance", ChaseTerrain::Endurance),
    ("outManoeuvreByCommand", ChaseTerrain::OutManoeuvreByCommand),
    ("outManoeuvreByMorale", ChaseTerrain::OutManoeuvreByMorale),
];
const CHASE_ROLES: [(&str, ChaseRole); 2] = [
    ("pursuing", ChaseRole::Pursuing),
    ("fleeing", ChaseRole::Fleeing),
];
const CHASE_MODES: [(&str, ChaseRollMode); 2] = [
    ("individual", ChaseRollMode::Individual),
    (
        "worstModifierRollsOnce",
        ChaseRollMode::WorstModifierRollsOnce,
    ),
];
const HYB_TRIGGERS: [(&str, HybMoraleTrigger); 5] = [
    ("battleBegins", HybMoraleTrigger::BattleBegins),
    (
        "firstCombatantKilled",
        HybMoraleTrigger::FirstCombatantKilled,
    ),
    (
        "leaderOrExpertKilled",
        HybMoraleTrigger::LeaderOrExpertKilled,
    ),
    ("tideOfBattleObvious", HybMoraleTrigger::TideOfBattleObvious),
    ("leaderRetreats", HybMoraleTrigger::LeaderRetreats),
];
// ---------------------------------------------------------------------------------------------
// Readers
// ---------------------------------------------------------------------------------------------

fn rate<S: Src>(o: &Obj<'_, S>, key: &str) -> Option<MovementRate> {
    o.req_u32(key).map(|ft| MovementRate(Feet(ft)))
}

fn percent<S: Src>(o: &Obj<'_, S>, key: &str) -> Option<Percent> {
    let value = o.u32(key)?;
    o.e.core(Percent::new(value))
}

fn read_distance<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<Distance> {
    let o = obj(v, ctx, e)?;
    Some(Distance::new(
        o.req_u32("value")?,
        o.req_pick("unit", &UNITS)?,
    ))
}

fn read_surprise_factors<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<SurpriseFactors> {
    let o = obj(v, ctx, e)?;
    Some(SurpriseFactors {
        expecting: o.flag("expecting"),
        opponent_shows_light_in_dark: o.flag("opponentShowsLightInDark"),
        opponent_failed_to_force_door: o.flag("opponentFailedToForceDoor"),
    })
}

fn read_ose_morale<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<OseMoraleInput> {
    let o = obj(v, ctx, e)?;
    let score = o.req_u32("score")?;
    Some(OseMoraleInput {
        score: e.core(MoraleScore::new(score))?,
        adjustment: o.i32("adjustment").unwrap_or(0),
        subject: o.pick("subject", &SUBJECTS).unwrap_or_default(),
        cornered: o.flag("cornered"),
    })
}

fn read_morale_tracker<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<OseMoraleTracker> {
    let o = obj(v, ctx, e)?;
    Some(OseMoraleTracker {
        passes: o.req_u32("passes")?,
        failures: o.req_u32("failures")?,
        first_death_seen: o.req_bool("firstDeathSeen")?,
        half_down_seen: o.req_bool("halfDownSeen")?,
    })
}

fn read_wilderness_surprise<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<WildernessSurprise> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "noneSurprised" => WildernessSurprise::NoneSurprised,
        "fleeingSideSurprised" => WildernessSurprise::FleeingSideSurprised {
            referee_chance: percent(&o, "refereeChance"),
        },
        "fleeingSideHasSurprise" => WildernessSurprise::FleeingSideHasSurprise,
        _ => return o.unknown_tag(&tag),
    })
}

fn read_wilderness_evasion<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<WildernessEvasionInput> {
    let o = obj(v, ctx, e)?;
    Some(WildernessEvasionInput {
        fleeing_size: o.req_u32("fleeingSize")?,
        pursuers: o.req_u32("pursuers")?,
        fleeing_rate: rate(&o, "fleeingRate")?,
        pursuer_rate: rate(&o, "pursuerRate")?,
        environment_points: o.i32("environmentPoints").unwrap_or(0),
        surprise: o
            .nested("surprise", read_wilderness_surprise)
            .unwrap_or_default(),
    })
}

fn read_pursuit_status<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<PursuitStatus> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "ongoing" => PursuitStatus::Ongoing,
        "caught" => PursuitStatus::Caught,
        "escaped" => PursuitStatus::Escaped {
            reason: o.req_pick("reason", &ESCAPES)?,
        },
        _ => return o.unknown_tag(&tag),
    })
}

fn read_dungeon_pursuit<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<DungeonPursuit> {
    let o = obj(v, ctx, e)?;
    Some(DungeonPursuit {
        fleeing_rate: rate(&o, "fleeingRate")?,
        pursuer_rate: rate(&o, "pursuerRate")?,
        gap_feet: o.req_u32("gapFeet")?,
        round: o.req_u32("round")?,
        status: o.req_nested("status", read_pursuit_status)?,
    })
}

fn read_waterborne_pursuit<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<WaterbornePursuit> {
    let o = obj(v, ctx, e)?;
    Some(WaterbornePursuit {
        fleeing_per_round: o.req_u32("fleeingPerRound")?,
        pursuers_per_round: o.req_u32("pursuersPerRound")?,
        min_closing: o.req_u32("minClosing")?,
        gap: o.req_nested("gap", read_distance)?,
        round: o.req_u32("round")?,
        status: o.req_nested("status", read_pursuit_status)?,
    })
}

fn read_wilderness_pursuit<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<WildernessPursuit> {
    let o = obj(v, ctx, e)?;
    Some(WildernessPursuit {
        evasion: o.req_nested("evasion", read_wilderness_evasion)?,
        day: o.req_u32("day")?,
        step: o.req_pick("step", &PURSUIT_STEPS)?,
        status: o.req_nested("status", read_pursuit_status)?,
    })
}

fn read_monster_hd<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<MonsterHd> {
    let o = obj(v, ctx, e)?;
    Some(MonsterHd {
        dice: o.req_u32("dice")?,
        bonus: o.i32("bonus").unwrap_or(0),
    })
}

fn read_ose_attacker<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<OseAttacker> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "normalHuman" => OseAttacker::NormalHuman,
        "monster" => OseAttacker::Monster {
            hd: o.req_nested("hd", read_monster_hd)?,
        },
        "thac0" => OseAttacker::Thac0 {
            thac0: o.req_u32("thac0")?,
        },
        _ => return o.unknown_tag(&tag),
    })
}

fn read_cover<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<Cover> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "none" => Cover::None,
        "partial" => Cover::Partial {
            penalty: o.req_u32("penalty")?,
        },
        "complete" => Cover::Complete,
        _ => return o.unknown_tag(&tag),
    })
}

fn read_ose_attack<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<OseAttackInput> {
    let o = obj(v, ctx, e)?;
    Some(OseAttackInput {
        attacker: o.req_nested("attacker", read_ose_attacker)?,
        kind: o.req_pick("kind", &ATTACK_KINDS)?,
        target_ac: o.req_i32("targetAc")?,
        target_ascending_ac: o.i32("targetAscendingAc"),
        target_shield_bonus: o.u32("targetShieldBonus").unwrap_or(0),
        ability_modifier: o.i32("abilityModifier").unwrap_or(0),
        range: o.pick("range", &RANGES),
        cover: o.nested("cover", read_cover).unwrap_or_default(),
        target_retreating: o.flag("targetRetreating"),
        from_behind: o.flag("fromBehind"),
        unstable_surface: o.flag("unstableSurface"),
        attacker_exhausted: o.flag("attackerExhausted"),
        water_penalty: o.i32("waterPenalty").unwrap_or(0),
        referee_modifier: o.i32("refereeModifier").unwrap_or(0),
        attacker_blind: o.flag("attackerBlind"),
        attacker_retreating: o.flag("attackerRetreating"),
        target_helpless: o.flag("targetHelpless"),
        distance_ft: o.u32("distanceFt"),
        resolution: o.pick("resolution", &RESOLUTIONS).unwrap_or_default(),
    })
}

fn read_stake<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<SaveStake> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "damaging" => SaveStake::Damaging {
            damage: o.req_u32("damage")?,
        },
        "nonDamaging" => SaveStake::NonDamaging,
        "poison" => SaveStake::Poison {
            attack_damage: o.req_u32("attackDamage")?,
            fatal_on_failure: o.req_bool("fatalOnFailure")?,
        },
        _ => return o.unknown_tag(&tag),
    })
}

fn read_save_as<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<SaveAs> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "normalHuman" => SaveAs::NormalHuman,
        "hitDice" => SaveAs::HitDice {
            hd: o.req_u32("hd")?,
        },
        _ => return o.unknown_tag(&tag),
    })
}

fn read_hyb_check<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<HybCheckInput> {
    let o = obj(v, ctx, e)?;
    Some(HybCheckInput {
        modifier: o.i32("modifier").unwrap_or(0),
        proficient: o.flag("proficient"),
        proficiency_bonus: o.i32("proficiencyBonus").unwrap_or(0),
        advantage: o.pick("advantage", &ADVANTAGES).unwrap_or_default(),
        dc: o.req_i32("dc")?,
        automatic_success: o.flag("automaticSuccess"),
    })
}

fn read_trap<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<TrapInput> {
    let o = obj(v, ctx, e)?;
    Some(TrapInput {
        check: o.req_nested("check", read_hyb_check)?,
        players_said_how: o.flag("playersSaidHow"),
        gm_allows_check: o.flag("gmAllowsCheck"),
        for_pc: o.bool("forPc").unwrap_or(true),
    })
}

fn read_hyb_attacker<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<HybAttacker> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "pc" => HybAttacker::Pc {
            ability_modifier: o.req_i32("abilityModifier")?,
            proficient: o.req_bool("proficient")?,
            proficiency_bonus: o.req_i32("proficiencyBonus")?,
        },
        "npc" => HybAttacker::Npc {
            modifier: o.req_i32("modifier")?,
        },
        _ => return o.unknown_tag(&tag),
    })
}

fn read_hyb_method<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<HybAttackMethod> {
    let o = obj(v, ctx, e)?;
    let tag = o.tag()?;
    Some(match tag.as_str() {
        "melee" => HybAttackMethod::Melee,
        "ranged" => HybAttackMethod::Ranged,
        "arcaneSpell" => HybAttackMethod::ArcaneSpell {
            ranged: o.req_bool("ranged")?,
        },
        "divineSpell" => HybAttackMethod::DivineSpell {
            ranged: o.req_bool("ranged")?,
        },
        _ => return o.unknown_tag(&tag),
    })
}

fn read_hyb_attack<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<HybAttackInput> {
    let o = obj(v, ctx, e)?;
    Some(HybAttackInput {
        attacker: o.req_nested("attacker", read_hyb_attacker)?,
        method: o.req_nested("method", read_hyb_method)?,
        target_ac: o.req_i32("targetAc")?,
        band: o.pick("band", &BANDS),
        in_melee: o.flag("inMelee"),
        advantage: o.pick("advantage", &ADVANTAGES).unwrap_or_default(),
    })
}

fn read_runner<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<Runner> {
    let o = obj(v, ctx, e)?;
    Some(Runner {
        id: MemberId(o.req("id", o.string("id"))?),
        modifier: o.req_i32("modifier")?,
    })
}

fn read_chase<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<ChaseInput> {
    let o = obj(v, ctx, e)?;
    Some(ChaseInput {
        role: o.pick("role", &CHASE_ROLES).unwrap_or_default(),
        opponent_speed_ft: o.req_u32("opponentSpeedFt")?,
        terrain: o.req_pick("terrain", &TERRAINS)?,
        dc_adjustment: o.i32("dcAdjustment").unwrap_or(0),
        advantage: o.pick("advantage", &ADVANTAGES).unwrap_or_default(),
        mode: o.pick("mode", &CHASE_MODES).unwrap_or_default(),
        runners: o
            .req("runners", o.get("runners"))
            .and_then(|_| o.list("runners", read_runner))?,
    })
}

fn read_hyb_morale<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<HybMoraleInput> {
    let o = obj(v, ctx, e)?;
    Some(HybMoraleInput {
        wis_modifier: o.i32("wisModifier").unwrap_or(0),
        proficiency_bonus: o.i32("proficiencyBonus"),
        hd_bonus: o.i32("hdBonus").unwrap_or(0),
        advantage: o.pick("advantage", &ADVANTAGES).unwrap_or_default(),
    })
}

fn read_hit<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<bool> {
    match v.boolean() {
        Some(b) => Some(b),
        None => e.note(bad(ctx, "", "true or false")),
    }
}

fn read_retreat<S: Src>(v: &S, ctx: &str, e: &Errs) -> Option<RetreatInput> {
    let o = obj(v, ctx, e)?;
    Some(RetreatInput {
        check: o.nested("check", read_hyb_check),
        attacks_hit: o.list("attacksHit", read_hit)?,
    })
}

/// The `pursuit` field of a step's input.
fn pursuit_of<S: Src, P>(
    o: &Obj<'_, S>,
    reader: impl FnOnce(&S, &str, &Errs) -> Option<P>,
) -> Option<P> {
    o.req_nested("pursuit", reader)
}

fn step<P, R>(pursuit: P, result: Result<R>) -> Result<PursuitStep<P, R>> {
    result.map(|result| PursuitStep { pursuit, result })
}

/// Read the input object with `reader`, which gets it as an [`Obj`].
fn input<T>(v: &JsValue, reader: impl FnOnce(&Obj<'_, JsValue>) -> Option<T>) -> Result<T> {
    read(v, "input", |v, ctx, e| reader(&obj(v, ctx, e)?))
}

/// Run procedure `name`; `None` for an unknown name.
fn dispatch(name: &str, v: &JsValue, d: &mut dyn DieRoller) -> Result<Option<JsValue>> {
    let value = match name {
        // ---- OSE encounters ----
        "ose.reaction" => {
            let cha = input(v, |o| Some(o.i32("chaModifier")))?;
            out(&roll_reaction(d, cha)?)
        }
        "ose.encounterDistance" => {
            let (location, surprised) = input(v, |o| {
                Some((
                    o.req_pick("location", &LOCATIONS)?,
                    o.flag("eitherSideSurprised"),
                ))
            })?;
            out(&roll_encounter_distance(d, location, surprised)?)
        }
        "ose.surprise" => {
            let (side, factors) = input(v, |o| {
                Some((
                    o.req_pick("side", &SIDES)?,
                    o.nested("factors", read_surprise_factors)
                        .unwrap_or_default(),
                ))
            })?;
            out(&roll_surprise(d, side, factors)?)
        }
        // ---- OSE morale ----
        "ose.morale" => out(&check_morale(d, read(v, "input", read_ose_morale)?)?),
        "ose.moraleTracked" => {
            let (mut tracker, check) = input(v, |o| {
                Some((
                    o.req_nested("tracker", read_morale_tracker)?,
                    o.req_nested("check", read_ose_morale)?,
                ))
            })?;
            let check = tracker.check(d, check)?;
            out(&TrackedMoraleResult { tracker, check })
        }
        "ose.moraleLosses" => {
            let (mut tracker, size, killed, down) = input(v, |o| {
                Some((
                    o.req_nested("tracker", read_morale_tracker)?,
                    o.req_u32("sideSize")?,
                    o.req_u32("killed")?,
                    o.u32("incapacitated").unwrap_or(0),
                ))
            })?;
            let due = tracker.note_losses(size, killed, down)?;
            out(&MoraleLossesResult { tracker, due })
        }
        // ---- OSE evasion and pursuit ----
        "ose.evasion.dungeon" => {
            let (fleeing, pursuers, stopped) = input(v, |o| {
                Some((
                    rate(o, "fleeingRate")?,
                    rate(o, "pursuerRate")?,
                    o.flag("fleeingForcedToStop"),
                ))
            })?;
            out(&dungeon_evasion(fleeing, pursuers, stopped)?)
        }
        "ose.evasion.waterborneChance" | "ose.evasion.waterborne" => {
            let (fleeing, pursuers) = input(v, |o| {
                Some((
                    o.req_u32("fleeingPerRound")?,
                    o.req_u32("pursuersPerRound")?,
                ))
            })?;
            if name == "ose.evasion.waterborne" {
                out(&roll_waterborne_evasion(d, fleeing, pursuers)?)
            } else {
                out(&waterborne_evasion_chance(fleeing, pursuers)?)
            }
        }
        "ose.evasion.wildernessPlan" => out(&wilderness_evasion_plan(&read(
            v,
            "input",
            read_wilderness_evasion,
        )?)?),
        "ose.evasion.wilderness" => out(&roll_wilderness_evasion(
            d,
            &read(v, "input", read_wilderness_evasion)?,
        )?),
        "ose.dungeonPursuit.start" => {
            let (fleeing, pursuers, gap) = input(v, |o| {
                Some((
                    rate(o, "fleeingRate")?,
                    rate(o, "pursuerRate")?,
                    o.req_u32("gapFeet")?,
                ))
            })?;
            out(&DungeonPursuit::new(fleeing, pursuers, gap)?)
        }
        "ose.dungeonPursuit.round" => {
            let mut pursuit = input(v, |o| pursuit_of(o, read_dungeon_pursuit))?;
            let result = pursuit.run_round();
            out(&step(pursuit, result)?)
        }
        "ose.dungeonPursuit.drop" => {
            let (mut pursuit, item, care) = input(v, |o| {
                Some((
                    pursuit_of(o, read_dungeon_pursuit)?,
                    o.req_pick("item", &DROPPED)?,
                    o.req_bool("pursuersCare")?,
                ))
            })?;
            let result = pursuit.drop_item(d, item, care);
            out(&step(pursuit, result)?)
        }
        "ose.dungeonPursuit.stop" => {
            let (mut pursuit, reason) = input(v, |o| {
                Some((
                    pursuit_of(o, read_dungeon_pursuit)?,
                    o.req_pick("reason", &ESCAPES)?,
                ))
            })?;
            let result = pursuit.referee_stops(reason);
            out(&step(pursuit, result)?)
        }
        "ose.waterbornePursuit.start" => {
            let (fleeing, pursuers, units, gap, min, surprised) = input(v, |o| {
                Some((
                    o.req_u32("fleeingPerRound")?,
                    o.req_u32("pursuersPerRound")?,
                    o.pick("units", &WATER_UNITS).unwrap_or_default(),
                    o.nested("gap", read_distance),
                    o.u32("minClosing").unwrap_or(WATER_MIN_CLOSING),
                    o.flag("eitherSideSurprised"),
                ))
            })?;
            let (pursuit, distance) = match gap {
                Some(gap) => (
                    WaterbornePursuit::new(fleeing, pursuers, gap, units, min)?,
                    None,
                ),
                None => {
                    let (p, distance) =
                        WaterbornePursuit::start(d, fleeing, pursuers, surprised, units)?;
                    (p, Some(distance))
                }
            };
            out(&WaterbornePursuitStarted { pursuit, distance })
        }
        "ose.waterbornePursuit.round" => {
            let mut pursuit = input(v, |o| pursuit_of(o, read_waterborne_pursuit))?;
            let result = pursuit.run_round();
            out(&step(pursuit, result)?)
        }
        "ose.wildernessPursuit.start" => out(&WildernessPursuit::new(read(
            v,
            "input",
            read_wilderness_evasion,
        )?)?),
        "ose.wildernessPursuit.catchUp" => {
            let mut pursuit = input(v, |o| pursuit_of(o, read_wilderness_pursuit))?;
            let result = pursuit.catch_up(d);
            out(&step(pursuit, result)?)
        }
        "ose.wildernessPursuit.decide" => {
            let (mut pursuit, keep) = input(v, |o| {
                Some((
                    pursuit_of(o, read_wilderness_pursuit)?,
                    o.req_bool("keepFleeing")?,
                ))
            })?;
            let result = pursuit.decide(d, keep);
            out(&step(pursuit, result)?)
        }
        // ---- OSE attacks, damage, saves, checks ----
        "ose.attack" => out(&roll_ose_attack(d, &read(v, "input", read_ose_attack)?)?),
        "ose.save" => {
            let (target, bonus, stake) = input(v, |o| {
                Some((
                    o.req_u32("target")?,
                    o.i32("bonus").unwrap_or(0),
                    o.req_nested("stake", read_stake)?,
                ))
            })?;
            out(&roll_ose_save(d, target, bonus, stake)?)
        }
        "ose.monsterSave" => {
            let (save_as, category, bonus, stake) = input(v, |o| {
                Some((
                    o.req_nested("saveAs", read_save_as)?,
                    o.req_pick("category", &SAVE_CATEGORIES)?,
                    o.i32("bonus").unwrap_or(0),
                    o.req_nested("stake", read_stake)?,
                ))
            })?;
            out(&roll_monster_save(d, save_as, category, bonus, stake)?)
        }
        "ose.monsterSaves" => out(&monster_saves(input(v, |o| {
            o.req_nested("saveAs", read_save_as)
        })?)?),
        "ose.abilityCheck" => {
            let (score, difficulty) = input(v, |o| {
                Some((o.req_u32("score")?, o.i32("difficulty").unwrap_or(0)))
            })?;
            out(&roll_ability_check(d, score, difficulty)?)
        }
        // ---- HYB ----
        "hyb.check" => out(&roll_hyb_check(d, &read(v, "input", read_hyb_check)?)?),
        "hyb.trap" => out(&resolve_trap(d, &read(v, "input", read_trap)?)?),
        "hyb.attack" => out(&roll_hyb_attack(d, &read(v, "input", read_hyb_attack)?)?),
        "hyb.chase" => out(&roll_chase(d, &read(v, "input", read_chase)?)?),
        "hyb.chaseDc" => {
            let (speed, adjustment) = input(v, |o| {
                Some((
                    o.req_u32("opponentSpeedFt")?,
                    o.i32("adjustment").unwrap_or(0),
                ))
            })?;
            out(&chase_dc(speed, adjustment)?)
        }
        "hyb.morale" => {
            let (morale, trigger) = input(v, |o| {
                Some((
                    o.nested("morale", read_hyb_morale).unwrap_or_default(),
                    o.pick("trigger", &HYB_TRIGGERS),
                ))
            })?;
            out(&roll_hyb_morale(d, &morale, trigger)?)
        }
        "hyb.followerMorale" => out(&roll_follower_morale(
            d,
            &read(v, "input", read_hyb_morale)?,
        )?),
        "hyb.retreat" => out(&resolve_retreat(d, &read(v, "input", read_retreat)?)?),
        _ => return Ok(None),
    };
    value.map(Some)
}

/// Run the OSE or HYB procedure `name` on `input`, rolling through `dice`. Returns plain data
/// with every die; the facade's `ose` and `hyb` namespaces type each name.
#[wasm_bindgen]
pub fn procedure(name: &str, input: JsValue, dice: &mut DiceBox) -> JsResult<JsValue> {
    match js(dispatch(name, &input, &mut dice.source))? {
        Some(result) => Ok(result),
        None => js(Err(Error::invalid_argument(format!(
            "unknown procedure \"{name}\""
        )))),
    }
}

// ---------------------------------------------------------------------------------------------
// JSON-text procedures: the core's serde types in and out, one generic helper
// ---------------------------------------------------------------------------------------------

/// `ose.beginEvasion` (OSE-EVADE-01).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct BeginEvasionInput {
    #[serde(default)]
    pub combat_begun: bool,
    pub other_side_pursues: bool,
}

/// `ose.encounterMovement` (OSE-ENC-05).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct EncounterMovementInput {
    pub rate: MovementRate,
    pub location: EncounterLocation,
}

/// `ose.mercenaryMorale` (OSE-MORALE-06): the troop's type and qualities from the table.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct MercenaryMoraleInput {
    pub troop: TroopType,
    #[serde(default)]
    pub qualities: Vec<TroopQuality>,
    /// The referee's adjustment for working conditions (down for deaths or abuse, up for riches).
    #[serde(default)]
    pub working_conditions: i32,
}

/// `ose.unarmedDamage` (OSE-ATK-16).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct UnarmedDamageInput {
    pub str_modifier: i32,
}

/// `ose.bombing` (OSE-ATK-11).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct BombingInput {
    pub altitude_ft: u32,
}

/// `ose.drowning` (OSE-HAZ-06): the referee's chance.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct DrowningInput {
    pub chance: Percent,
}

/// `ose.running.run` / `.rest` (OSE-PURSUIT-02): rounds run or full turns rested.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct RunningInput {
    pub tracker: RunningTracker,
    pub rounds: u32,
    pub turns: u32,
}

/// A running record after running or resting.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct RunningUpdate {
    pub tracker: RunningTracker,
    /// Became exhausted now (run) or recovered now (rest).
    pub changed: bool,
    pub penalties: RunningPenalties,
}

/// `hyb.planMorale` / `hyb.moraleFor` (HYB-MORALE-01..03).
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct HybGroupMoraleInput {
    pub participants: Vec<MoraleParticipant>,
    #[serde(default)]
    pub grouping: MoraleGrouping,
    #[serde(default)]
    pub group_roller: GroupRoller,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<HybMoraleTrigger>,
}

/// `hyb.dangerousCheck` (HYB-DMG-03).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct DangerousCheckInput {
    pub check: HybCheckInput,
    /// A PC's natural 1 doubles the damage (true unless given).
    #[serde(default = "yes")]
    pub for_pc: bool,
}

const fn yes() -> bool {
    true
}

/// `hyb.damage` (HYB-DMG-01/02).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct HybDamageInput {
    pub dice: DiceSpec,
    /// The ability modifier (and any other fixed bonus).
    #[serde(default)]
    pub modifier: i32,
    #[serde(default)]
    pub critical: bool,
}

/// `ose.fightingWithdrawal` / `ose.retreatMovement` (OSE-COMBAT-04).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct MeleeMovementInput {
    pub rate: MovementRate,
    /// A fighting withdrawal needs a clear path to back away along.
    #[serde(default)]
    pub clear_path: bool,
}

/// `ose.canHarmInvulnerable` (OSE-ATK-02/12).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct InvulnerabilityInput {
    pub attacker: InvulnerabilityAttacker,
    /// OSE-ATK-12 `[OPT]`: monsters of 5 HD or more (or themselves invulnerable) can hurt them.
    #[serde(default)]
    pub optional_rule: bool,
}

/// `ose.subdual` (OSE-ATK-15): damage noted on a subdual track.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct SubdualInput {
    pub track: SubdualTrack,
    #[serde(default)]
    pub kind: DamageKind,
    pub amount: u32,
}

/// `hyb.stealth.attempt` / `.attack` (HYB-CHK-04).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Tsify,
    crate::wire::FromWire,
    crate::wire::ToWire,
)]
#[serde(rename_all = "camelCase")]
pub struct StealthInput {
    #[serde(default)]
    pub stealth: Stealth,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<HybCheckInput>,
}

/// The next state of a stateful procedure, and what happened.
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
pub struct StateStep<S, R> {
    pub state: S,
    pub result: R,
}

/// Parse `input` (JSON text) as `I`, run `f`, and give its result back as JSON text. Malformed
/// input is an `INVALID_ARGUMENT` error naming what serde found wrong.
pub(crate) fn json<I: crate::wire::FromWire, O: crate::wire::ToWire>(
    input: &str,
    f: impl FnOnce(I) -> Result<O>,
) -> Result<String> {
    let input = super::parse_json(input, "input")?;
    super::write_json(&f(input)?)
}

fn running(input: RunningInput, rest: bool) -> Result<RunningUpdate> {
    let mut tracker = input.tracker;
    let changed = if rest {
        tracker.rest(input.turns)?
    } else {
        tracker.run(input.rounds)
    };
    Ok(RunningUpdate {
        tracker,
        changed,
        penalties: tracker.penalties(),
    })
}

/// Run the JSON-text OSE or HYB procedure `name`; `None` for an unknown name.
fn dispatch_json(name: &str, input: &str, d: &mut dyn DieRoller) -> Result<Option<String>> {
    let out = match name {
        "ose.openEncounter" => json(input, |i: OpeningInput| open_encounter(d, &i)),
        "ose.beginEvasion" => json(input, |i: BeginEvasionInput| {
            begin_evasion(i.combat_begun, i.other_side_pursues)
        }),
        "ose.encounterMovement" => json(input, |i: EncounterMovementInput| {
            encounter_movement(i.rate, i.location)
        }),
        "ose.mercenaryMorale" => json(input, |i: MercenaryMoraleInput| {
            mercenary_morale(i.troop, &i.qualities, i.working_conditions)
        }),
        "ose.damage" => json(input, |i: OseDamageInput| roll_ose_damage(d, &i)),
        "ose.unarmedDamage" => json(input, |i: UnarmedDamageInput| {
            roll_unarmed_damage(d, i.str_modifier)
        }),
        "ose.bombing" => json(input, |i: BombingInput| roll_bombing(d, i.altitude_ft)),
        "ose.drowning" => json(input, |i: DrowningInput| roll_drowning(d, i.chance)),
        "ose.running.run" => json(input, |i| running(i, false)),
        "ose.running.rest" => json(input, |i| running(i, true)),
        "ose.fightingWithdrawal" => json(input, |i: MeleeMovementInput| {
            fighting_withdrawal(i.rate, i.clear_path)
        }),
        "ose.retreatMovement" => json(input, |i: MeleeMovementInput| {
            MeleeMovement::Retreat.max_per_round(i.rate)
        }),
        "ose.castingObstacles" => json(input, |i: CasterState| Ok(casting_obstacles(i))),
        "ose.spellDisrupted" => json(input, |i: DisruptionCheck| Ok(spell_disrupted(i))),
        "ose.canHarmInvulnerable" => json(input, |i: InvulnerabilityInput| {
            Ok(can_harm_invulnerable(i.attacker, i.optional_rule))
        }),
        "ose.subdual" => json(input, |mut i: SubdualInput| {
            let status = i.track.take(i.kind, i.amount);
            Ok(StateStep {
                state: i.track,
                result: status,
            })
        }),
        "hyb.stealth.attempt" => json(input, |mut i: StealthInput| {
            let check = i
                .check
                .ok_or_else(|| Error::invalid_argument("missing field `check`"))?;
            let result = i.stealth.attempt(d, &check)?;
            Ok(StateStep {
                state: i.stealth,
                result,
            })
        }),
        "hyb.stealth.attack" => json(input, |mut i: StealthInput| {
            let was_hidden = i.stealth.attack();
            Ok(StateStep {
                state: i.stealth,
                result: was_hidden,
            })
        }),
        "hyb.planMorale" => json(input, |i: HybGroupMoraleInput| {
            plan_morale_rolls(&i.participants, i.grouping, i.group_roller)
        }),
        "hyb.moraleFor" => json(input, |i: HybGroupMoraleInput| {
            roll_hyb_morale_for(d, &i.participants, i.grouping, i.group_roller, i.trigger)
        }),
        "hyb.dangerousCheck" => json(input, |i: DangerousCheckInput| {
            roll_dangerous_check(d, &i.check, i.for_pc)
        }),
        "hyb.damage" => json(input, |i: HybDamageInput| {
            roll_hyb_damage(d, i.dice, i.modifier, i.critical)
        }),
        _ => return Ok(None),
    };
    out.map(Some)
}

/// Run the procedure `name` on `input` (JSON text), rolling through `dice`; the result is JSON
/// text. `a5e.*` names go to [`super::procedures_a5e`]; the facade types each name.
#[wasm_bindgen(js_name = procedureJson)]
pub fn procedure_json(name: &str, input: &str, dice: &mut DiceBox) -> JsResult<String> {
    let d: &mut dyn DieRoller = &mut dice.source;
    let out = if name.starts_with("a5e.") {
        super::procedures_a5e::dispatch(name, input, d)
    } else {
        dispatch_json(name, input, d)
    };
    match js(out)? {
        Some(result) => Ok(result),
        None => js(Err(Error::invalid_argument(format!(
            "unknown procedure \"{name}\""
        )))),
    }
}

/// Every procedure reader checked against serde (run with `cargo test --features wasm`).
#[cfg(test)]
mod tests {
    use super::*;
    use crate::wasm::readers::tests::{round_trip, table_matches_serde};

    #[test]
    fn enum_tables_match_serde() {
        table_matches_serde(&ADVANTAGES);
        table_matches_serde(&LOCATIONS);
        table_matches_serde(&SIDES);
        table_matches_serde(&UNITS);
        table_matches_serde(&SUBJECTS);
        table_matches_serde(&DROPPED);
        table_matches_serde(&ESCAPES);
        table_matches_serde(&WATER_UNITS);
        table_matches_serde(&PURSUIT_STEPS);
        table_matches_serde(&RESOLUTIONS);
        table_matches_serde(&ATTACK_KINDS);
        table_matches_serde(&RANGES);
        table_matches_serde(&SAVE_CATEGORIES);
        table_matches_serde(&BANDS);
        table_matches_serde(&TERRAINS);
        table_matches_serde(&CHASE_ROLES);
        table_matches_serde(&CHASE_MODES);
        table_matches_serde(&HYB_TRIGGERS);
    }

    fn evasion(surprise: WildernessSurprise) -> WildernessEvasionInput {
        WildernessEvasionInput {
            fleeing_size: 3,
            pursuers: 2,
            fleeing_rate: MovementRate(Feet(120)),
            pursuer_rate: MovementRate(Feet(150)),
            environment_points: 25,
            surprise,
        }
    }

    #[test]
    fn ose_readers_round_trip() {
        round_trip(&Distance::yards(140), read_distance);
        round_trip(
            &SurpriseFactors {
                expecting: true,
                opponent_shows_light_in_dark: true,
                opponent_failed_to_force_door: true,
            },
            read_surprise_factors,
        );
        round_trip(
            &OseMoraleInput {
                score: MoraleScore::new(8).unwrap(),
                adjustment: -1,
                subject: MoraleSubject::Mercenary,
                cornered: true,
            },
            read_ose_morale,
        );
        round_trip(
            &OseMoraleTracker {
                passes: 1,
                failures: 2,
                first_death_seen: true,
                half_down_seen: true,
            },
            read_morale_tracker,
        );
        let surprises = [
            WildernessSurprise::NoneSurprised,
            WildernessSurprise::FleeingSideSurprised {
                referee_chance: Some(Percent::new(10).unwrap()),
            },
            WildernessSurprise::FleeingSideSurprised {
                referee_chance: None,
            },
            WildernessSurprise::FleeingSideHasSurprise,
        ];
        for surprise in surprises {
            round_trip(&evasion(surprise), read_wilderness_evasion);
        }
        let statuses = [
            PursuitStatus::Ongoing,
            PursuitStatus::Caught,
            PursuitStatus::Escaped {
                reason: EscapeReason::FoodDropped,
            },
        ];
        for status in statuses {
            round_trip(
                &DungeonPursuit {
                    fleeing_rate: MovementRate(Feet(90)),
                    pursuer_rate: MovementRate(Feet(120)),
                    gap_feet: 30,
                    round: 2,
                    status,
                },
                read_dungeon_pursuit,
            );
            round_trip(
                &WaterbornePursuit {
                    fleeing_per_round: 40,
                    pursuers_per_round: 50,
                    min_closing: 30,
                    gap: Distance::yards(60),
                    round: 1,
                    status,
                },
                read_waterborne_pursuit,
            );
            round_trip(
                &WildernessPursuit {
                    evasion: evasion(WildernessSurprise::NoneSurprised),
                    day: 3,
                    step: WildernessPursuitStep::Decide,
                    status,
                },
                read_wilderness_pursuit,
            );
        }
        let attackers = [
            OseAttacker::NormalHuman,
            OseAttacker::Monster {
                hd: MonsterHd::new(2, 1),
            },
            OseAttacker::Thac0 { thac0: 17 },
        ];
        let covers = [Cover::None, Cover::Partial { penalty: 2 }, Cover::Complete];
        for (attacker, cover) in attackers.into_iter().zip(covers) {
            round_trip(
                &OseAttackInput {
                    attacker,
                    kind: OseAttackKind::Missile,
                    target_ac: -2,
                    target_ascending_ac: Some(21),
                    target_shield_bonus: 1,
                    ability_modifier: 2,
                    range: Some(MissileRange::Long),
                    cover,
                    target_retreating: true,
                    from_behind: true,
                    unstable_surface: true,
                    attacker_exhausted: true,
                    water_penalty: -2,
                    referee_modifier: 1,
                    attacker_blind: true,
                    attacker_retreating: true,
                    target_helpless: true,
                    distance_ft: Some(30),
                    resolution: AttackResolution::AscendingAc,
                },
                read_ose_attack,
            );
        }
        round_trip(
            &OseAttackInput::new(OseAttacker::NormalHuman, OseAttackKind::Melee, 9),
            read_ose_attack,
        );
        for stake in [
            SaveStake::Damaging { damage: 11 },
            SaveStake::NonDamaging,
            SaveStake::Poison {
                attack_damage: 3,
                fatal_on_failure: true,
            },
        ] {
            round_trip(&stake, read_stake);
        }
        for save_as in [SaveAs::NormalHuman, SaveAs::HitDice { hd: 5 }] {
            round_trip(&save_as, read_save_as);
        }
    }

    #[test]
    fn hyb_readers_round_trip() {
        let check = HybCheckInput {
            modifier: 3,
            proficient: true,
            proficiency_bonus: 2,
            advantage: Advantage::Disadvantage,
            dc: 13,
            automatic_success: true,
        };
        round_trip(&check, read_hyb_check);
        round_trip(
            &TrapInput {
                check,
                players_said_how: true,
                gm_allows_check: true,
                for_pc: false,
            },
            read_trap,
        );
        let attackers = [
            HybAttacker::Pc {
                ability_modifier: 3,
                proficient: true,
                proficiency_bonus: 2,
            },
            HybAttacker::Npc { modifier: 4 },
        ];
        let methods = [
            HybAttackMethod::Melee,
            HybAttackMethod::Ranged,
            HybAttackMethod::ArcaneSpell { ranged: true },
            HybAttackMethod::DivineSpell { ranged: false },
        ];
        for attacker in attackers {
            for method in methods {
                round_trip(
                    &HybAttackInput {
                        attacker,
                        method,
                        target_ac: 15,
                        band: Some(RangeBand::Close),
                        in_melee: true,
                        advantage: Advantage::Advantage,
                    },
                    read_hyb_attack,
                );
            }
        }
        round_trip(
            &ChaseInput {
                role: ChaseRole::Fleeing,
                opponent_speed_ft: 40,
                terrain: ChaseTerrain::Uneven,
                dc_adjustment: -1,
                advantage: Advantage::Disadvantage,
                mode: ChaseRollMode::WorstModifierRollsOnce,
                runners: vec![
                    Runner {
                        id: MemberId::new("rath"),
                        modifier: 2,
                    },
                    Runner {
                        id: MemberId::new("ilse"),
                        modifier: -1,
                    },
                ],
            },
            read_chase,
        );
        round_trip(
            &HybMoraleInput {
                wis_modifier: 1,
                proficiency_bonus: Some(2),
                hd_bonus: 2,
                advantage: Advantage::Advantage,
            },
            read_hyb_morale,
        );
        round_trip(
            &RetreatInput {
                check: Some(check),
                attacks_hit: vec![false, true],
            },
            read_retreat,
        );
        round_trip(&RetreatInput::default(), read_retreat);
    }
}
