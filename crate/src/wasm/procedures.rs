//! Glue for the OSE, HYB and A5E procedures: one exported function, [`procedure`], takes a
//! procedure's name, its input as JSON text and a dice box, and gives the result back as JSON
//! text with every die. Input is read by the wire reader straight into the core's own input
//! types (or the small bundles below, for core functions that take separate arguments), and
//! the result is written by the wire writer; no JavaScript object is read here. The facade's
//! `ose`, `hyb` and `a5e` namespaces give each name its typed input and result.
//!
//! Stateful procedures (pursuits, the morale tracker, running, stealth, a subdual track) are
//! plain data in and out: the caller passes the state and gets the next state back with the
//! result, so nothing lives in wasm memory between calls. Unknown names and malformed input are
//! `INVALID_ARGUMENT` errors.
//!
//! OSE and HYB names (this module): `ose.reaction`, `ose.encounterDistance`, `ose.surprise`,
//! `ose.openEncounter`, `ose.beginEvasion`, `ose.encounterMovement`, `ose.morale`,
//! `ose.moraleTracked`, `ose.moraleLosses`, `ose.mercenaryMorale`, `ose.evasion.{dungeon,
//! waterborneChance, waterborne, wildernessPlan, wilderness}`, `ose.dungeonPursuit.{start, round,
//! drop, stop}`, `ose.waterbornePursuit.{start, round}`, `ose.wildernessPursuit.{start, catchUp,
//! decide}`, `ose.running.{run, rest}`, `ose.attack`, `ose.damage`, `ose.unarmedDamage`,
//! `ose.bombing`, `ose.subdual`, `ose.canHarmInvulnerable`, `ose.fightingWithdrawal`,
//! `ose.retreatMovement`, `ose.castingObstacles`, `ose.spellDisrupted`, `ose.save`,
//! `ose.monsterSave`, `ose.monsterSaves`, `ose.abilityCheck`, `ose.drowning`, `hyb.check`,
//! `hyb.stealth.{attempt, attack}`, `hyb.dangerousCheck`, `hyb.trap`, `hyb.attack`,
//! `hyb.damage`, `hyb.chase`, `hyb.chaseDc`, `hyb.morale`, `hyb.followerMorale`,
//! `hyb.planMorale`, `hyb.moraleFor`, `hyb.retreat`. The `a5e.*` names are in
//! [`super::procedures_a5e`]; the exploration and party rules in
//! [`super::procedures_exploration`].
use serde::{Deserialize, Serialize};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use super::{JsResult, js};
use crate::dice::{DiceSource, DiceSpec, DieRoller};
use crate::error::{Error, Result};
use crate::procedures::Percent;
use crate::procedures::hyb::attack::roll_hyb_damage;
use crate::procedures::hyb::attack::{HybAttackInput, roll_hyb_attack};
use crate::procedures::hyb::chase::{ChaseInput, chase_dc, roll_chase};
use crate::procedures::hyb::check::{HybCheckInput, Stealth, roll_hyb_check};
use crate::procedures::hyb::morale::{
    GroupRoller, HybMoraleInput, HybMoraleTrigger, MoraleGrouping, MoraleParticipant,
    plan_morale_rolls, roll_follower_morale, roll_hyb_morale, roll_hyb_morale_for,
};
use crate::procedures::hyb::retreat::{RetreatInput, resolve_retreat};
use crate::procedures::hyb::trap::{TrapInput, resolve_trap, roll_dangerous_check};
use crate::procedures::ose::MovementRate;
use crate::procedures::ose::attack::{
    InvulnerabilityAttacker, OseAttackInput, can_harm_invulnerable, roll_bombing, roll_ose_attack,
};
use crate::procedures::ose::checks::roll_ability_check;
use crate::procedures::ose::combat::{
    CasterState, DisruptionCheck, MeleeMovement, casting_obstacles, fighting_withdrawal,
    spell_disrupted,
};
use crate::procedures::ose::damage::{
    DamageKind, OseDamageInput, SubdualTrack, roll_ose_damage, roll_unarmed_damage,
};
use crate::procedures::ose::encounter::{
    EncounterDistance, EncounterLocation, OpeningInput, encounter_movement, open_encounter,
    roll_encounter_distance,
};
use crate::procedures::ose::evasion::{
    WildernessEvasionInput, begin_evasion, dungeon_evasion, roll_waterborne_evasion,
    roll_wilderness_evasion, waterborne_evasion_chance, wilderness_evasion_plan,
};
use crate::procedures::ose::hazards::roll_drowning;
use crate::procedures::ose::morale::{
    MoraleTrigger, OseMoraleCheck, OseMoraleInput, OseMoraleTracker, TroopQuality, TroopType,
    check_morale, mercenary_morale,
};
use crate::procedures::ose::pursuit::{
    DroppedItem, DungeonPursuit, EscapeReason, WATER_MIN_CLOSING, WaterPursuitUnits,
    WaterbornePursuit, WildernessPursuit,
};
use crate::procedures::ose::reaction::roll_reaction;
use crate::procedures::ose::running::{RunningPenalties, RunningTracker};
use crate::procedures::ose::saves::{
    SaveAs, SaveCategory, SaveStake, monster_saves, roll_monster_save, roll_ose_save,
};
use crate::procedures::ose::surprise::{EncounterSide, SurpriseFactors, roll_surprise};
use crate::units::Distance;

// ---------------------------------------------------------------------------------------------
// Inputs the core takes as separate arguments, and results with more than one part, bundled
// for JS (typed in the .d.ts)
// ---------------------------------------------------------------------------------------------

/// `hyb.light` (HYB-LIGHT-02/03): a light level, and whether the creature has darksight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct HybLightInput {
    pub level: crate::clock::LightLevel,
    #[serde(default)]
    pub darksight: bool,
}

/// What `hyb.light` answers: the checks the light gives advantage and disadvantage on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct HybLightEffects {
    pub advantage_on: Vec<String>,
    pub disadvantage_on: Vec<String>,
}

/// `ose.reaction` (OSE-REACT-01).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct ReactionInput {
    /// The CHA reaction modifier of the character who speaks to the monsters, if one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cha_modifier: Option<i32>,
}

/// `ose.encounterDistance` (OSE-ENC-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct EncounterDistanceInput {
    pub location: EncounterLocation,
    #[serde(default)]
    pub either_side_surprised: bool,
}

/// `ose.surprise` (OSE-SURP-01/02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct SurpriseInput {
    pub side: EncounterSide,
    #[serde(default)]
    pub factors: SurpriseFactors,
}

/// `ose.moraleTracked` (OSE-MORALE-03): a check that honours the two-passes rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct TrackedMoraleInput {
    pub tracker: OseMoraleTracker,
    pub check: OseMoraleInput,
}

/// The tracker after a check, and the check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct TrackedMoraleResult {
    pub tracker: OseMoraleTracker,
    pub check: OseMoraleCheck,
}

/// `ose.moraleLosses` (OSE-MORALE-04): losses so far, out of `sideSize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct MoraleLossesInput {
    pub tracker: OseMoraleTracker,
    pub side_size: u32,
    pub killed: u32,
    #[serde(default)]
    pub incapacitated: u32,
}

/// The tracker after noting losses, and the checks that fall due now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct MoraleLossesResult {
    pub tracker: OseMoraleTracker,
    pub due: Vec<MoraleTrigger>,
}

/// `ose.evasion.dungeon` (OSE-EVADE-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct DungeonEvasionInput {
    pub fleeing_rate: MovementRate,
    pub pursuer_rate: MovementRate,
    #[serde(default)]
    pub fleeing_forced_to_stop: bool,
}

/// `ose.evasion.waterborne` and `.waterborneChance` (OSE-EVADE-03): rates per round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct WaterborneRates {
    pub fleeing_per_round: u32,
    pub pursuers_per_round: u32,
}

/// `ose.dungeonPursuit.start` (OSE-PURSUIT-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct DungeonPursuitStart {
    pub fleeing_rate: MovementRate,
    pub pursuer_rate: MovementRate,
    pub gap_feet: u32,
}

/// A pursuit's next state and what happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct PursuitStep<P, R> {
    pub pursuit: P,
    pub result: R,
}

/// `ose.waterbornePursuit.start` (OSE-PURSUIT-03). With `gap` the pursuit starts there;
/// without, the waterborne encounter distance is rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct WaterbornePursuitStarted {
    pub pursuit: WaterbornePursuit,
    pub distance: Option<EncounterDistance>,
}

/// `ose.save` (OSE-SAVE-02..04): a save against a known target number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct OseSaveInput {
    pub target: u32,
    #[serde(default)]
    pub bonus: i32,
    pub stake: SaveStake,
}

/// `ose.monsterSave` (OSE-SAVE-02, OSE-TBL-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct MonsterSaveInput {
    pub save_as: SaveAs,
    pub category: SaveCategory,
    #[serde(default)]
    pub bonus: i32,
    pub stake: SaveStake,
}

/// `ose.abilityCheck` (OSE-CHK-01..03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct OseAbilityCheckInput {
    pub score: u32,
    /// Added to the roll: −4 easy, +4 very difficult (OSE-CHK-02).
    #[serde(default)]
    pub difficulty: i32,
}

/// `hyb.chaseDc` (HYB-CHASE-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct ChaseDcInput {
    pub opponent_speed_ft: u32,
    #[serde(default)]
    pub adjustment: i32,
}

/// `hyb.morale` (HYB-MORALE-01/02): the check's modifiers, and what called for it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct HybMoraleCall {
    pub morale: HybMoraleInput,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger: Option<HybMoraleTrigger>,
}

/// `ose.beginEvasion` (OSE-EVADE-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct BeginEvasionInput {
    #[serde(default)]
    pub combat_begun: bool,
    pub other_side_pursues: bool,
}

/// `ose.encounterMovement` (OSE-ENC-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct EncounterMovementInput {
    pub rate: MovementRate,
    pub location: EncounterLocation,
}

/// `ose.mercenaryMorale` (OSE-MORALE-06): the troop's type and qualities from the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
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
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct UnarmedDamageInput {
    pub str_modifier: i32,
}

/// `ose.bombing` (OSE-ATK-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct BombingInput {
    pub altitude_ft: u32,
}

/// `ose.drowning` (OSE-HAZ-06): the referee's chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct DrowningInput {
    pub chance: Percent,
}

/// `ose.running.run` / `.rest` (OSE-PURSUIT-02): rounds run or full turns rested.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct RunningInput {
    pub tracker: RunningTracker,
    pub rounds: u32,
    pub turns: u32,
}

/// A running record after running or resting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct RunningUpdate {
    pub tracker: RunningTracker,
    /// Became exhausted now (run) or recovered now (rest).
    pub changed: bool,
    pub penalties: RunningPenalties,
}

/// `hyb.planMorale` / `hyb.moraleFor` (HYB-MORALE-01..03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct MeleeMovementInput {
    pub rate: MovementRate,
    /// A fighting withdrawal needs a clear path to back away along.
    #[serde(default)]
    pub clear_path: bool,
}

/// `ose.canHarmInvulnerable` (OSE-ATK-02/12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct InvulnerabilityInput {
    pub attacker: InvulnerabilityAttacker,
    /// OSE-ATK-12 `[OPT]`: monsters of 5 HD or more (or themselves invulnerable) can hurt them.
    #[serde(default)]
    pub optional_rule: bool,
}

/// `ose.subdual` (OSE-ATK-15): damage noted on a subdual track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct SubdualInput {
    pub track: SubdualTrack,
    #[serde(default)]
    pub kind: DamageKind,
    pub amount: u32,
}

/// `hyb.stealth.attempt` / `.attack` (HYB-CHK-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct StealthInput {
    #[serde(default)]
    pub stealth: Stealth,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<HybCheckInput>,
}

/// The next state of a stateful procedure, and what happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct StateStep<S, R> {
    pub state: S,
    pub result: R,
}

// ---------------------------------------------------------------------------------------------
// Pursuit steps: the pursuit travels with each call, with the call's own choices
// ---------------------------------------------------------------------------------------------

/// A pursuit's next round: just the pursuit.
#[derive(Debug, PartialEq, Deserialize, crate::wire::FromWire)]
#[serde(rename_all = "camelCase")]
struct PursuitOnly<P> {
    pursuit: P,
}

/// `ose.dungeonPursuit.drop` (OSE-EVADE-05): what the fleeing side drops.
#[derive(Debug, PartialEq, Deserialize, crate::wire::FromWire)]
#[serde(rename_all = "camelCase")]
struct DropInput {
    pursuit: DungeonPursuit,
    item: DroppedItem,
    pursuers_care: bool,
}

/// `ose.dungeonPursuit.stop`: the referee ends the chase.
#[derive(Debug, PartialEq, Deserialize, crate::wire::FromWire)]
#[serde(rename_all = "camelCase")]
struct StopInput {
    pursuit: DungeonPursuit,
    reason: EscapeReason,
}

/// `ose.wildernessPursuit.decide`: the fleeing side keeps running or not.
#[derive(Debug, PartialEq, Deserialize, crate::wire::FromWire)]
#[serde(rename_all = "camelCase")]
struct DecideInput {
    pursuit: WildernessPursuit,
    keep_fleeing: bool,
}

/// `ose.monsterSaves`: the save table of a monster saving as a class and level.
#[derive(Debug, PartialEq, Deserialize, crate::wire::FromWire)]
#[serde(rename_all = "camelCase")]
struct MonsterSavesInput {
    save_as: SaveAs,
}

// ---------------------------------------------------------------------------------------------
// The dispatcher
// ---------------------------------------------------------------------------------------------

/// Read `input` (JSON text) as `I` through the wire reader, run `f`, and give its result back as
/// JSON text through the wire writer. Malformed input is an `INVALID_ARGUMENT` error saying what
/// was wrong; past the JSON size limit it is `LIMIT_EXCEEDED`.
pub(crate) fn json<I: crate::wire::FromWire, O: crate::wire::ToWire>(
    input: &str,
    f: impl FnOnce(I) -> Result<O>,
) -> Result<String> {
    let input = super::parse_json(input, "input")?;
    let output = f(input)?;
    Ok(crate::wire::to_json_dyn(&output))
}

/// A procedure as the tables of names hold it: its input as JSON text and the dice, to its
/// result as JSON text.
pub(crate) type Procedure = fn(&str, &mut dyn DieRoller) -> Result<String>;

/// Run the procedure `name` from `table`; `None` for a name the table does not hold. One
/// lookup for every table, so a name adds an entry, not code.
pub(crate) fn run_from(
    table: &[(&str, Procedure)],
    name: &str,
    input: &str,
    d: &mut dyn DieRoller,
) -> Result<Option<String>> {
    match table.iter().find(|(known, _)| *known == name) {
        Some((_, run)) => run(input, d).map(Some),
        None => Ok(None),
    }
}

fn step<P, R>(pursuit: P, result: Result<R>) -> Result<PursuitStep<P, R>> {
    result.map(|result| PursuitStep { pursuit, result })
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

/// The procedures of this module, by name: a table rather than a `match`, so each name costs
/// an entry and the function it points to, not a string comparison and a call site of its own.
const PROCEDURES: &[(&str, Procedure)] = &[
    // ---- OSE encounters ----
    ("ose.reaction", |input, d| {
        json(input, |i: ReactionInput| roll_reaction(d, i.cha_modifier))
    }),
    ("ose.encounterDistance", |input, d| {
        json(input, |i: EncounterDistanceInput| {
            roll_encounter_distance(d, i.location, i.either_side_surprised)
        })
    }),
    ("ose.surprise", |input, d| {
        json(input, |i: SurpriseInput| {
            roll_surprise(d, i.side, i.factors)
        })
    }),
    ("ose.openEncounter", |input, d| {
        json(input, |i: OpeningInput| open_encounter(d, &i))
    }),
    ("ose.beginEvasion", |input, _| {
        json(input, |i: BeginEvasionInput| {
            begin_evasion(i.combat_begun, i.other_side_pursues)
        })
    }),
    ("ose.encounterMovement", |input, _| {
        json(input, |i: EncounterMovementInput| {
            encounter_movement(i.rate, i.location)
        })
    }),
    // ---- OSE morale ----
    ("ose.morale", |input, d| {
        json(input, |i: OseMoraleInput| check_morale(d, i))
    }),
    ("ose.moraleTracked", |input, d| {
        json(input, |i: TrackedMoraleInput| {
            let mut tracker = i.tracker;
            let check = tracker.check(d, i.check)?;
            Ok(TrackedMoraleResult { tracker, check })
        })
    }),
    ("ose.moraleLosses", |input, _| {
        json(input, |i: MoraleLossesInput| {
            let mut tracker = i.tracker;
            let due = tracker.note_losses(i.side_size, i.killed, i.incapacitated)?;
            Ok(MoraleLossesResult { tracker, due })
        })
    }),
    ("ose.mercenaryMorale", |input, _| {
        json(input, |i: MercenaryMoraleInput| {
            mercenary_morale(i.troop, &i.qualities, i.working_conditions)
        })
    }),
    // ---- OSE evasion, pursuit and running ----
    ("ose.evasion.dungeon", |input, _| {
        json(input, |i: DungeonEvasionInput| {
            dungeon_evasion(i.fleeing_rate, i.pursuer_rate, i.fleeing_forced_to_stop)
        })
    }),
    ("ose.evasion.waterborneChance", |input, _| {
        json(input, |i: WaterborneRates| {
            waterborne_evasion_chance(i.fleeing_per_round, i.pursuers_per_round)
        })
    }),
    ("ose.evasion.waterborne", |input, d| {
        json(input, |i: WaterborneRates| {
            roll_waterborne_evasion(d, i.fleeing_per_round, i.pursuers_per_round)
        })
    }),
    ("ose.evasion.wildernessPlan", |input, _| {
        json(input, |i: WildernessEvasionInput| {
            wilderness_evasion_plan(&i)
        })
    }),
    ("ose.evasion.wilderness", |input, d| {
        json(input, |i: WildernessEvasionInput| {
            roll_wilderness_evasion(d, &i)
        })
    }),
    ("ose.dungeonPursuit.start", |input, _| {
        json(input, |i: DungeonPursuitStart| {
            DungeonPursuit::new(i.fleeing_rate, i.pursuer_rate, i.gap_feet)
        })
    }),
    ("ose.dungeonPursuit.round", |input, _| {
        json(input, |i: PursuitOnly<DungeonPursuit>| {
            let mut pursuit = i.pursuit;
            let result = pursuit.run_round();
            step(pursuit, result)
        })
    }),
    ("ose.dungeonPursuit.drop", |input, d| {
        json(input, |i: DropInput| {
            let mut pursuit = i.pursuit;
            let result = pursuit.drop_item(d, i.item, i.pursuers_care);
            step(pursuit, result)
        })
    }),
    ("ose.dungeonPursuit.stop", |input, _| {
        json(input, |i: StopInput| {
            let mut pursuit = i.pursuit;
            let result = pursuit.referee_stops(i.reason);
            step(pursuit, result)
        })
    }),
    ("ose.waterbornePursuit.start", |input, d| {
        json(input, |i: WaterbornePursuitStart| {
            let min = i.min_closing.unwrap_or(WATER_MIN_CLOSING);
            let (pursuit, distance) = match i.gap {
                Some(gap) => (
                    WaterbornePursuit::new(
                        i.fleeing_per_round,
                        i.pursuers_per_round,
                        gap,
                        i.units,
                        min,
                    )?,
                    None,
                ),
                None => {
                    let (p, distance) = WaterbornePursuit::start(
                        d,
                        i.fleeing_per_round,
                        i.pursuers_per_round,
                        i.either_side_surprised,
                        i.units,
                    )?;
                    (p, Some(distance))
                }
            };
            Ok(WaterbornePursuitStarted { pursuit, distance })
        })
    }),
    ("ose.waterbornePursuit.round", |input, _| {
        json(input, |i: PursuitOnly<WaterbornePursuit>| {
            let mut pursuit = i.pursuit;
            let result = pursuit.run_round();
            step(pursuit, result)
        })
    }),
    ("ose.wildernessPursuit.start", |input, _| {
        json(input, |i: WildernessEvasionInput| WildernessPursuit::new(i))
    }),
    ("ose.wildernessPursuit.catchUp", |input, d| {
        json(input, |i: PursuitOnly<WildernessPursuit>| {
            let mut pursuit = i.pursuit;
            let result = pursuit.catch_up(d);
            step(pursuit, result)
        })
    }),
    ("ose.wildernessPursuit.decide", |input, d| {
        json(input, |i: DecideInput| {
            let mut pursuit = i.pursuit;
            let result = pursuit.decide(d, i.keep_fleeing);
            step(pursuit, result)
        })
    }),
    ("ose.running.run", |input, _| {
        json(input, |i| running(i, false))
    }),
    ("ose.running.rest", |input, _| {
        json(input, |i| running(i, true))
    }),
    // ---- OSE attacks and damage ----
    ("ose.attack", |input, d| {
        json(input, |i: OseAttackInput| roll_ose_attack(d, &i))
    }),
    ("ose.damage", |input, d| {
        json(input, |i: OseDamageInput| roll_ose_damage(d, &i))
    }),
    ("ose.unarmedDamage", |input, d| {
        json(input, |i: UnarmedDamageInput| {
            roll_unarmed_damage(d, i.str_modifier)
        })
    }),
    ("ose.bombing", |input, d| {
        json(input, |i: BombingInput| roll_bombing(d, i.altitude_ft))
    }),
    ("ose.subdual", |input, _| {
        json(input, |mut i: SubdualInput| {
            let status = i.track.take(i.kind, i.amount);
            Ok(StateStep {
                state: i.track,
                result: status,
            })
        })
    }),
    ("ose.canHarmInvulnerable", |input, _| {
        json(input, |i: InvulnerabilityInput| {
            Ok(can_harm_invulnerable(i.attacker, i.optional_rule))
        })
    }),
    // ---- OSE combat movement and spellcasting ----
    ("ose.fightingWithdrawal", |input, _| {
        json(input, |i: MeleeMovementInput| {
            fighting_withdrawal(i.rate, i.clear_path)
        })
    }),
    ("ose.retreatMovement", |input, _| {
        json(input, |i: MeleeMovementInput| {
            MeleeMovement::Retreat.max_per_round(i.rate)
        })
    }),
    ("ose.castingObstacles", |input, _| {
        json(input, |i: CasterState| Ok(casting_obstacles(i)))
    }),
    ("ose.spellDisrupted", |input, _| {
        json(input, |i: DisruptionCheck| Ok(spell_disrupted(i)))
    }),
    // ---- OSE saves, checks, hazards ----
    ("ose.save", |input, d| {
        json(input, |i: OseSaveInput| {
            roll_ose_save(d, i.target, i.bonus, i.stake)
        })
    }),
    ("ose.monsterSave", |input, d| {
        json(input, |i: MonsterSaveInput| {
            roll_monster_save(d, i.save_as, i.category, i.bonus, i.stake)
        })
    }),
    ("ose.monsterSaves", |input, _| {
        json(input, |i: MonsterSavesInput| monster_saves(i.save_as))
    }),
    ("ose.abilityCheck", |input, d| {
        json(input, |i: OseAbilityCheckInput| {
            roll_ability_check(d, i.score, i.difficulty)
        })
    }),
    ("ose.drowning", |input, d| {
        json(input, |i: DrowningInput| roll_drowning(d, i.chance))
    }),
    // ---- HYB checks, traps, stealth ----
    ("hyb.check", |input, d| {
        json(input, |i: HybCheckInput| roll_hyb_check(d, &i))
    }),
    ("hyb.stealth.attempt", |input, d| {
        json(input, |mut i: StealthInput| {
            let check = i
                .check
                .ok_or_else(|| Error::invalid_argument("missing field `check`"))?;
            let result = i.stealth.attempt(d, &check)?;
            Ok(StateStep {
                state: i.stealth,
                result,
            })
        })
    }),
    ("hyb.stealth.attack", |input, _| {
        json(input, |mut i: StealthInput| {
            let was_hidden = i.stealth.attack();
            Ok(StateStep {
                state: i.stealth,
                result: was_hidden,
            })
        })
    }),
    ("hyb.dangerousCheck", |input, d| {
        json(input, |i: DangerousCheckInput| {
            roll_dangerous_check(d, &i.check, i.for_pc)
        })
    }),
    ("hyb.trap", |input, d| {
        json(input, |i: TrapInput| resolve_trap(d, &i))
    }),
    // ---- HYB attacks and damage ----
    ("hyb.attack", |input, d| {
        json(input, |i: HybAttackInput| roll_hyb_attack(d, &i))
    }),
    ("hyb.damage", |input, d| {
        json(input, |i: HybDamageInput| {
            roll_hyb_damage(d, i.dice, i.modifier, i.critical)
        })
    }),
    // ---- HYB chases, morale, retreat ----
    ("hyb.chase", |input, d| {
        json(input, |i: ChaseInput| roll_chase(d, &i))
    }),
    ("hyb.chaseDc", |input, _| {
        json(input, |i: ChaseDcInput| {
            chase_dc(i.opponent_speed_ft, i.adjustment)
        })
    }),
    ("hyb.morale", |input, d| {
        json(input, |i: HybMoraleCall| {
            roll_hyb_morale(d, &i.morale, i.trigger)
        })
    }),
    ("hyb.followerMorale", |input, d| {
        json(input, |i: HybMoraleInput| roll_follower_morale(d, &i))
    }),
    ("hyb.light", |input, _| {
        json(input, |i: HybLightInput| {
            let e = crate::clock::light::hyb_light_effects(i.level, i.darksight);
            let owned = |v: Vec<&str>| v.into_iter().map(str::to_string).collect();
            Ok(HybLightEffects {
                advantage_on: owned(e.advantage_on),
                disadvantage_on: owned(e.disadvantage_on),
            })
        })
    }),
    ("hyb.planMorale", |input, _| {
        json(input, |i: HybGroupMoraleInput| {
            plan_morale_rolls(&i.participants, i.grouping, i.group_roller)
        })
    }),
    ("hyb.moraleFor", |input, d| {
        json(input, |i: HybGroupMoraleInput| {
            roll_hyb_morale_for(d, &i.participants, i.grouping, i.group_roller, i.trigger)
        })
    }),
    ("hyb.retreat", |input, d| {
        json(input, |i: RetreatInput| resolve_retreat(d, &i))
    }),
];

/// Run the OSE or HYB procedure `name` on `input` (JSON text); `None` for a name it does not
/// know.
fn dispatch(name: &str, input: &str, d: &mut dyn DieRoller) -> Result<Option<String>> {
    super::procedures::run_from(PROCEDURES, name, input, d)
}

/// Run the procedure `name` (`"ose.reaction"`, `"hyb.chase"`, `"a5e.fall"`…) on `input` (JSON
/// text), rolling through `dice`; the result is JSON text with every die. The facade's `ose`,
/// `hyb` and `a5e` namespaces type each name. Unknown names and malformed input are
/// `INVALID_ARGUMENT`.
///
/// This runs in the procedures module, apart from the core: `dice` are the caller's dice box
/// lent as words (`DiceBox.toWords()` in the core), and after a success the box's new state is
/// kept for [`procedure_dice`], which the facade hands back to the core (`DiceBox.setWords`). A
/// procedure that fails leaves nothing to take, so the caller's dice stay where they were.
#[wasm_bindgen]
pub fn procedure(name: &str, input: &str, dice: &[u32]) -> JsResult<String> {
    let mut source = js(DiceSource::from_words(dice))?;
    let out = js(run_procedure(name, input, &mut source))?;
    DICE_AFTER.with(|after| *after.borrow_mut() = source.to_words());
    Ok(out)
}

thread_local! {
    /// The dice of the last successful [`procedure`], as words, until taken.
    static DICE_AFTER: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The dice after the last successful [`procedure`], as words for the core's box (empty once
/// taken).
#[wasm_bindgen(js_name = procedureDice)]
pub fn procedure_dice() -> Vec<u32> {
    DICE_AFTER.with(|after| std::mem::take(&mut *after.borrow_mut()))
}

/// [`procedure`] without the JS error: the A5E names go to [`super::procedures_a5e`], the rest
/// to [`dispatch`], then to [`super::procedures_exploration`]; a name none knows is
/// `INVALID_ARGUMENT`. (Public, but not part of
/// the API, so the fuzz targets in `fuzz/` run exactly this path natively.)
#[doc(hidden)]
pub fn run_procedure(name: &str, input: &str, d: &mut dyn DieRoller) -> Result<String> {
    let out = if name.starts_with("a5e.") {
        super::procedures_a5e::dispatch(name, input, d)?
    } else {
        dispatch(name, input, d)?
    };
    let out = match out {
        Some(text) => Some(text),
        None => super::procedures_exploration::dispatch(name, input, d)?,
    };
    out.ok_or_else(|| Error::invalid_argument(format!("unknown procedure \"{name}\"")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::RollMode as Advantage;
    use crate::dice::SuppliedDice;
    use crate::error::ErrorCode;
    use crate::procedures::MemberId;
    use crate::procedures::hyb::attack::{HybAttackMethod, HybAttacker, HybRangeBand};
    use crate::procedures::hyb::chase::{ChaseRole, ChaseRollMode, ChaseTerrain, Runner};
    use crate::procedures::ose::attack::{AttackResolution, OseAttackKind};
    use crate::procedures::ose::combat::{MissileRange, OseCover as Cover};
    use crate::procedures::ose::evasion::WildernessSurprise;
    use crate::procedures::ose::matrix::{MonsterHd, OseAttacker};
    use crate::procedures::ose::morale::{MoraleScore, MoraleSubject};
    use crate::procedures::ose::pursuit::{PursuitStatus, WildernessPursuitStep};
    use crate::units::Feet;
    use crate::wire::{FromWire, ToWire};
    use serde::de::DeserializeOwned;
    use std::fmt::Debug;

    /// Every OSE and HYB name of [`dispatch`].
    const NAMES: [&str; 56] = [
        "ose.reaction",
        "ose.encounterDistance",
        "ose.surprise",
        "ose.openEncounter",
        "ose.beginEvasion",
        "ose.encounterMovement",
        "ose.morale",
        "ose.moraleTracked",
        "ose.moraleLosses",
        "ose.mercenaryMorale",
        "ose.evasion.dungeon",
        "ose.evasion.waterborneChance",
        "ose.evasion.waterborne",
        "ose.evasion.wildernessPlan",
        "ose.evasion.wilderness",
        "ose.dungeonPursuit.start",
        "ose.dungeonPursuit.round",
        "ose.dungeonPursuit.drop",
        "ose.dungeonPursuit.stop",
        "ose.waterbornePursuit.start",
        "ose.waterbornePursuit.round",
        "ose.wildernessPursuit.start",
        "ose.wildernessPursuit.catchUp",
        "ose.wildernessPursuit.decide",
        "ose.running.run",
        "ose.running.rest",
        "ose.attack",
        "ose.damage",
        "ose.unarmedDamage",
        "ose.bombing",
        "ose.subdual",
        "ose.canHarmInvulnerable",
        "ose.fightingWithdrawal",
        "ose.retreatMovement",
        "ose.castingObstacles",
        "ose.spellDisrupted",
        "ose.save",
        "ose.monsterSave",
        "ose.monsterSaves",
        "ose.abilityCheck",
        "ose.drowning",
        "hyb.check",
        "hyb.stealth.attempt",
        "hyb.stealth.attack",
        "hyb.dangerousCheck",
        "hyb.trap",
        "hyb.attack",
        "hyb.damage",
        "hyb.chase",
        "hyb.chaseDc",
        "hyb.morale",
        "hyb.followerMorale",
        "hyb.planMorale",
        "hyb.moraleFor",
        "hyb.retreat",
        "hyb.light",
    ];

    fn run(name: &str, input: &str, faces: &[u32]) -> Result<String> {
        run_procedure(name, input, &mut SuppliedDice::new(faces.iter().copied()))
    }

    fn value(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    /// The wire writer writes `value` as serde does, and the wire reader reads that text back
    /// as `value` (what the deleted hand-written readers were checked for).
    fn typed<T>(value: &T)
    where
        T: Serialize + DeserializeOwned + ToWire + FromWire + PartialEq + Debug,
    {
        let text = serde_json::to_string(value).unwrap();
        assert_eq!(crate::wire::to_json(value), text);
        let back: T =
            super::super::parse_json(&text, "input").unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(&back, value, "{text}");
    }

    /// The wire reader and serde agree on `text`: the same value, or both refuse it.
    fn agree<T>(text: &str) -> Option<T>
    where
        T: DeserializeOwned + FromWire + PartialEq + Debug,
    {
        let wire = super::super::parse_json::<T>(text, "input");
        let serde = serde_json::from_str::<T>(text);
        match (wire, serde) {
            (Ok(w), Ok(s)) => {
                assert_eq!(w, s, "{text}");
                Some(w)
            }
            (Err(e), Err(_)) => {
                assert_eq!(e.code, ErrorCode::InvalidArgument, "{text}");
                None
            }
            (w, s) => panic!("{text}: wire {w:?}, serde {s:?}"),
        }
    }

    #[test]
    fn every_name_is_known_and_malformed_input_is_invalid_argument() {
        for name in NAMES {
            for input in [
                "",
                "null",
                "[]",
                "5",
                "{\"x\":",
                "\"text\"",
                "{\"pursuit\":7}",
            ] {
                match dispatch(name, input, &mut SuppliedDice::new([1; 64])) {
                    Ok(Some(_)) => {}
                    Ok(None) => panic!("{name} is not dispatched"),
                    Err(e) => assert_eq!(e.code, ErrorCode::InvalidArgument, "{name} {input}"),
                }
            }
        }
        for name in [
            "ose.nope",
            "hyb.",
            "a5e.nope",
            "",
            "OSE.reaction",
            "procedureJson",
        ] {
            let err = run(name, "{}", &[]).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument, "{name}");
            assert!(err.message.contains("unknown procedure"), "{}", err.message);
        }
        // An unknown name is reported as such, whatever its input.
        let err = run("ose.nope", "{\"x\":", &[]).unwrap_err();
        assert!(err.message.contains("unknown procedure"), "{}", err.message);
        // Malformed input names what was read.
        let err = run("ose.reaction", "[]", &[]).unwrap_err();
        assert!(err.message.contains("input"), "{}", err.message);
    }

    #[test]
    fn json_past_the_size_limit_is_limit_exceeded() {
        let padded = " ".repeat(super::super::MAX_JSON_BYTES) + "{}";
        let err = run("ose.reaction", &padded, &[3, 4]).unwrap_err();
        assert_eq!(err.code, ErrorCode::LimitExceeded);
    }

    /// OSE-REACT-01 through the one entry: the JSON the facade sends for `ose.reaction()` and
    /// `ose.reaction({ chaModifier })`.
    #[test]
    fn ose_react_01_reaction_through_json() {
        let out = value(&run("ose.reaction", "{}", &[3, 4]).unwrap());
        assert_eq!(out["reaction"], "neutral");
        assert_eq!(out["total"], 7);
        let out = value(&run("ose.reaction", r#"{"chaModifier":2}"#, &[6, 5]).unwrap());
        assert_eq!(out["reaction"], "friendly");
        let same = run("ose.reaction", r#"{"chaModifier":2}"#, &[6, 5]).unwrap();
        assert_eq!(value(&same), out);
    }

    /// OSE-PURSUIT-01: the state goes out with each step and comes back in with the next.
    #[test]
    fn ose_pursuit_01_dungeon_pursuit_state_travels_as_json() {
        let start = r#"{"fleeingRate":120,"pursuerRate":90,"gapFeet":30}"#;
        let pursuit = run("ose.dungeonPursuit.start", start, &[]).unwrap();
        let round = value(
            &run(
                "ose.dungeonPursuit.round",
                &format!(r#"{{"pursuit":{pursuit}}}"#),
                &[],
            )
            .unwrap(),
        );
        assert_eq!(round["pursuit"]["round"], 1);
        let stop = format!(
            r#"{{"pursuit":{},"reason":"outOfSight"}}"#,
            round["pursuit"]
        );
        let stopped = value(&run("ose.dungeonPursuit.stop", &stop, &[]).unwrap());
        assert_eq!(stopped["pursuit"]["status"]["type"], "escaped");
        let bad = format!(
            r#"{{"pursuit":{},"reason":"teleported"}}"#,
            round["pursuit"]
        );
        let err = run("ose.dungeonPursuit.stop", &bad, &[]).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
    }

    /// The glue's own bundles read the JSON the facade sends, with its options left out or
    /// `null`, exactly as serde reads it.
    #[test]
    fn glue_inputs_read_the_facades_json_as_serde_does() {
        assert_eq!(
            agree::<ReactionInput>("{}"),
            Some(ReactionInput { cha_modifier: None })
        );
        assert_eq!(
            agree::<ReactionInput>(r#"{"chaModifier":null}"#),
            Some(ReactionInput::default())
        );
        assert_eq!(
            agree::<ReactionInput>(r#"{"chaModifier":-1}"#),
            Some(ReactionInput {
                cha_modifier: Some(-1)
            })
        );
        assert_eq!(agree::<ReactionInput>(r#"{"chaModifier":"2"}"#), None);
        assert_eq!(agree::<ReactionInput>(r#"{"chaModifier":1.5}"#), None);
        // `hyb.morale(input, trigger)` sends `{ morale, trigger }`, the trigger left out.
        assert_eq!(
            agree::<HybMoraleCall>(r#"{"morale":{}}"#),
            Some(HybMoraleCall::default())
        );
        let call =
            agree::<HybMoraleCall>(r#"{"morale":{"wisModifier":2},"trigger":"battleBegins"}"#)
                .unwrap();
        assert_eq!(call.morale.wis_modifier, 2);
        assert_eq!(call.trigger, Some(HybMoraleTrigger::BattleBegins));
        assert_eq!(
            agree::<HybMoraleCall>(r#"{"morale":{},"trigger":"sunset"}"#),
            None
        );
        // `MoraleTracker.noteLosses(sideSize, killed)` leaves `incapacitated` at 0.
        let losses = agree::<MoraleLossesInput>(
            r#"{"tracker":{"passes":0,"failures":0,"firstDeathSeen":false,"halfDownSeen":false},"sideSize":6,"killed":1}"#,
        )
        .unwrap();
        assert_eq!(
            (losses.side_size, losses.killed, losses.incapacitated),
            (6, 1, 0)
        );
        assert_eq!(
            agree::<MoraleLossesInput>(
                r#"{"tracker":{"passes":0,"failures":0,"firstDeathSeen":false,"halfDownSeen":false},"sideSize":-6,"killed":1}"#
            ),
            None
        );
        // A dangerous check is a PC's unless said otherwise.
        assert!(
            agree::<DangerousCheckInput>(r#"{"check":{"dc":12}}"#)
                .unwrap()
                .for_pc
        );
        assert!(
            !agree::<DangerousCheckInput>(r#"{"check":{"dc":12},"forPc":false}"#)
                .unwrap()
                .for_pc
        );
        let start = agree::<WaterbornePursuitStart>(
            r#"{"fleeingPerRound":40,"pursuersPerRound":50,"gap":null,"minClosing":null}"#,
        )
        .unwrap();
        assert_eq!((start.gap, start.min_closing), (None, None));
        assert_eq!(start.units, WaterPursuitUnits::default());
        assert_eq!(
            agree::<WaterbornePursuitStart>(r#"{"fleeingPerRound":40}"#),
            None
        );
        agree::<OseSaveInput>(r#"{"target":12,"stake":{"type":"nonDamaging"}}"#).unwrap();
        assert_eq!(
            agree::<OseSaveInput>(r#"{"target":12,"stake":{"type":"lucky"}}"#),
            None
        );
        agree::<MonsterSaveInput>(
            r#"{"saveAs":{"type":"hitDice","hd":3},"category":"breathAttacks","stake":{"type":"nonDamaging"}}"#,
        )
        .unwrap();
        agree::<ChaseDcInput>(r#"{"opponentSpeedFt":40}"#).unwrap();
        assert_eq!(
            agree::<ChaseDcInput>(r#"{"opponentSpeedFt":4294967296}"#),
            None
        );
        agree::<EncounterDistanceInput>(r#"{"location":"dungeon"}"#).unwrap();
        assert_eq!(
            agree::<EncounterDistanceInput>(r#"{"location":"sky"}"#),
            None
        );
        agree::<SurpriseInput>(r#"{"side":"monsters"}"#).unwrap();
        agree::<DungeonEvasionInput>(r#"{"fleeingRate":120,"pursuerRate":90}"#).unwrap();
        agree::<WaterborneRates>(r#"{"fleeingPerRound":4,"pursuersPerRound":5}"#).unwrap();
        agree::<DungeonPursuitStart>(r#"{"fleeingRate":120,"pursuerRate":90,"gapFeet":30}"#)
            .unwrap();
        agree::<OseAbilityCheckInput>(r#"{"score":13}"#).unwrap();
        agree::<HybGroupMoraleInput>(r#"{"participants":[]}"#).unwrap();
        agree::<StealthInput>("{}").unwrap();
        agree::<RunningInput>("{}").unwrap();
        agree::<SubdualInput>(r#"{"track":{"maxHp":8,"intelligent":true,"lethalTaken":0,"subdualTaken":2},"amount":3}"#).unwrap();
        agree::<MonsterSavesInput>(r#"{"saveAs":{"type":"normalHuman"}}"#).unwrap();
        assert_eq!(
            agree::<DecideInput>(r#"{"pursuit":{},"keepFleeing":true}"#),
            None
        );
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

    /// The values the deleted OSE readers were checked with, now through the typed path.
    #[test]
    fn ose_inputs_round_trip_through_the_wire() {
        typed(&Distance::yards(140));
        typed(&SurpriseFactors {
            expecting: true,
            opponent_shows_light_in_dark: true,
            opponent_failed_to_force_door: true,
        });
        typed(&OseMoraleInput {
            score: MoraleScore::new(8).unwrap(),
            adjustment: -1,
            subject: MoraleSubject::Mercenary,
            cornered: true,
        });
        typed(&OseMoraleTracker {
            passes: 1,
            failures: 2,
            first_death_seen: true,
            half_down_seen: true,
        });
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
            typed(&evasion(surprise));
        }
        let statuses = [
            PursuitStatus::Ongoing,
            PursuitStatus::Caught,
            PursuitStatus::Escaped {
                reason: EscapeReason::FoodDropped,
            },
        ];
        for status in statuses {
            typed(&DungeonPursuit {
                fleeing_rate: MovementRate(Feet(90)),
                pursuer_rate: MovementRate(Feet(120)),
                gap_feet: 30,
                round: 2,
                status,
            });
            typed(&WaterbornePursuit {
                fleeing_per_round: 40,
                pursuers_per_round: 50,
                min_closing: 30,
                gap: Distance::yards(60),
                round: 1,
                status,
            });
            typed(&WildernessPursuit {
                evasion: evasion(WildernessSurprise::NoneSurprised),
                day: 3,
                step: WildernessPursuitStep::Decide,
                status,
            });
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
            typed(&OseAttackInput {
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
            });
        }
        typed(&OseAttackInput::new(
            OseAttacker::NormalHuman,
            OseAttackKind::Melee,
            9,
        ));
        for stake in [
            SaveStake::Damaging { damage: 11 },
            SaveStake::NonDamaging,
            SaveStake::Poison {
                attack_damage: 3,
                fatal_on_failure: true,
            },
        ] {
            typed(&stake);
        }
        for save_as in [SaveAs::NormalHuman, SaveAs::HitDice { hd: 5 }] {
            typed(&save_as);
        }
    }

    /// The values the deleted HYB readers were checked with, now through the typed path.
    #[test]
    fn hyb_inputs_round_trip_through_the_wire() {
        let check = HybCheckInput {
            modifier: 3,
            proficient: true,
            proficiency_bonus: 2,
            advantage: Advantage::Disadvantage,
            dc: 13,
            automatic_success: true,
        };
        typed(&check);
        typed(&TrapInput {
            check,
            players_said_how: true,
            gm_allows_check: true,
            for_pc: false,
        });
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
                typed(&HybAttackInput {
                    attacker,
                    method,
                    target_ac: 15,
                    band: Some(HybRangeBand::Close),
                    in_melee: true,
                    advantage: Advantage::Advantage,
                });
            }
        }
        typed(&ChaseInput {
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
        });
        typed(&HybMoraleInput {
            wis_modifier: 1,
            proficiency_bonus: Some(2),
            hd_bonus: 2,
            advantage: Advantage::Advantage,
        });
        typed(&RetreatInput {
            check: Some(check),
            attacks_hit: vec![false, true],
        });
        typed(&RetreatInput::default());
        typed(&HybMoraleCall {
            morale: HybMoraleInput::default(),
            trigger: Some(HybMoraleTrigger::LeaderRetreats),
        });
    }
}
