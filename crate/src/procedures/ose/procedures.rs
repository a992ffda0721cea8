//! The OSE procedures callable by name (`ose.reaction`, `ose.evasion.dungeon`…): one
//! definition each in [`PROCEDURES`], with the small input and result bundles for rules that take
//! separate arguments or answer with more than one part. The rules themselves are in the
//! sibling modules; see [`crate::procedures::registry`] for what a definition holds.
//!
//! Stateful procedures (pursuits, the morale tracker, running, a subdual track) are plain data in
//! and out: the caller passes the state and gets the next state back with the result.

use crate::procedures::ose::attack::BombingResult;
use crate::procedures::ose::attack::OseAttackResult;
use crate::procedures::ose::checks::OseAbilityCheck;
use crate::procedures::ose::combat::CastingObstacle;
use crate::procedures::ose::damage::OseDamage;
use crate::procedures::ose::damage::SubdualStatus;
use crate::procedures::ose::encounter::EncounterOpening;
use crate::procedures::ose::evasion::EvasionOutcome;
use crate::procedures::ose::evasion::EvasionStart;
use crate::procedures::ose::evasion::WaterborneEvasion;
use crate::procedures::ose::evasion::WildernessEvasion;
use crate::procedures::ose::evasion::WildernessEvasionPlan;
use crate::procedures::ose::pursuit::CatchUpResult;
use crate::procedures::ose::pursuit::DecisionResult;
use crate::procedures::ose::pursuit::DistractionResult;
use crate::procedures::ose::pursuit::DungeonPursuitRound;
use crate::procedures::ose::pursuit::PursuitStatus;
use crate::procedures::ose::pursuit::WaterbornePursuitRound;
use crate::procedures::ose::reaction::ReactionRoll;
use crate::procedures::ose::saves::OseSave;
use crate::procedures::ose::saves::SaveValues;
use crate::procedures::ose::surprise::SurpriseRoll;
use crate::procedures::rolls::PercentileRoll;

use crate::error::Result;
use crate::procedures::Percent;
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
use crate::procedures::ose::morale::MoraleScore;
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

use crate::procedures::registry::StateStep;

/// For OSE-REACT-01.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ReactionInput {
    /// The CHA reaction modifier of the character who speaks to the monsters, if one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cha_modifier: Option<i32>,
}

/// For OSE-ENC-03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EncounterDistanceInput {
    pub location: EncounterLocation,
    #[serde(default)]
    pub either_side_surprised: bool,
}

/// For OSE-SURP-01/02.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SurpriseInput {
    pub side: EncounterSide,
    #[serde(default)]
    pub factors: SurpriseFactors,
}

/// For OSE-MORALE-03: a check that honours the two-passes rule.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TrackedMoraleInput {
    pub tracker: OseMoraleTracker,
    pub check: OseMoraleInput,
}

/// The tracker after a check, and the check.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TrackedMoraleResult {
    pub tracker: OseMoraleTracker,
    pub check: OseMoraleCheck,
}

/// For OSE-MORALE-04: losses so far, out of `sideSize`.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MoraleLossesInput {
    pub tracker: OseMoraleTracker,
    pub side_size: u32,
    pub killed: u32,
    #[serde(default)]
    pub incapacitated: u32,
}

/// The tracker after noting losses, and the checks that fall due now.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MoraleLossesResult {
    pub tracker: OseMoraleTracker,
    pub due: Vec<MoraleTrigger>,
}

/// For OSE-EVADE-02.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DungeonEvasionInput {
    pub fleeing_rate: MovementRate,
    pub pursuer_rate: MovementRate,
    #[serde(default)]
    pub fleeing_forced_to_stop: bool,
}

/// For OSE-EVADE-03: rates per round.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WaterborneRates {
    pub fleeing_per_round: u32,
    pub pursuers_per_round: u32,
}

/// For OSE-PURSUIT-01.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DungeonPursuitStart {
    pub fleeing_rate: MovementRate,
    pub pursuer_rate: MovementRate,
    pub gap_feet: u32,
}

/// A pursuit's next state and what happened.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PursuitStep<P, R> {
    pub pursuit: P,
    pub result: R,
}

/// For OSE-PURSUIT-03. With `gap` the pursuit starts there;
/// without, the waterborne encounter distance is rolled.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WaterbornePursuitStarted {
    pub pursuit: WaterbornePursuit,
    pub distance: Option<EncounterDistance>,
}

/// For OSE-SAVE-02..04: a save against a known target number.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseSaveInput {
    pub target: u32,
    #[serde(default)]
    pub bonus: i32,
    pub stake: SaveStake,
}

/// For OSE-SAVE-02, OSE-TBL-03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MonsterSaveInput {
    pub save_as: SaveAs,
    pub category: SaveCategory,
    #[serde(default)]
    pub bonus: i32,
    pub stake: SaveStake,
}

/// For OSE-CHK-01..03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseAbilityCheckInput {
    pub score: u32,
    /// Added to the roll: −4 easy, +4 very difficult (OSE-CHK-02).
    #[serde(default)]
    pub difficulty: i32,
}

/// For OSE-EVADE-01.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct BeginEvasionInput {
    #[serde(default)]
    pub combat_begun: bool,
    pub other_side_pursues: bool,
}

/// For OSE-ENC-05.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EncounterMovementInput {
    pub rate: MovementRate,
    pub location: EncounterLocation,
}

/// For OSE-MORALE-06: the troop's type and qualities from the table.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MercenaryMoraleInput {
    pub troop: TroopType,
    #[serde(default)]
    pub qualities: Vec<TroopQuality>,
    /// The referee's adjustment for working conditions (down for deaths or abuse, up for riches).
    #[serde(default)]
    pub working_conditions: i32,
}

/// For OSE-ATK-16.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct UnarmedDamageInput {
    pub str_modifier: i32,
}

/// For OSE-ATK-11.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct BombingInput {
    pub altitude_ft: u32,
}

/// For OSE-HAZ-06: the referee's chance.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DrowningInput {
    pub chance: Percent,
}

/// For OSE-PURSUIT-02: rounds run or full turns rested.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct RunningInput {
    pub tracker: RunningTracker,
    pub rounds: u32,
    pub turns: u32,
}

/// A running record after running or resting.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RunningUpdate {
    pub tracker: RunningTracker,
    /// Became exhausted now (run) or recovered now (rest).
    pub changed: bool,
    pub penalties: RunningPenalties,
}

/// For OSE-COMBAT-04.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MeleeMovementInput {
    pub rate: MovementRate,
    /// A fighting withdrawal needs a clear path to back away along.
    #[serde(default)]
    pub clear_path: bool,
}

/// For OSE-ATK-02/12.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InvulnerabilityInput {
    pub attacker: InvulnerabilityAttacker,
    /// OSE-ATK-12 `[OPT]`: monsters of 5 HD or more (or themselves invulnerable) can hurt them.
    #[serde(default)]
    pub optional_rule: bool,
}

/// For OSE-ATK-15: damage noted on a subdual track.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SubdualInput {
    pub track: SubdualTrack,
    #[serde(default)]
    pub kind: DamageKind,
    pub amount: u32,
}

/// A pursuit's next round: just the pursuit.
#[crate::boundary(input, procedures)]
#[derive(Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PursuitOnly<P> {
    pub pursuit: P,
}

/// For OSE-EVADE-05: what the fleeing side drops.
#[crate::boundary(input, procedures)]
#[derive(Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DropInput {
    pub pursuit: DungeonPursuit,
    pub item: DroppedItem,
    pub pursuers_care: bool,
}

/// The referee ends the chase.
#[crate::boundary(input, procedures)]
#[derive(Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct StopInput {
    pub pursuit: DungeonPursuit,
    pub reason: EscapeReason,
}

/// The fleeing side keeps running or not.
#[crate::boundary(input, procedures)]
#[derive(Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DecideInput {
    pub pursuit: WildernessPursuit,
    pub keep_fleeing: bool,
}

/// The save table of a monster saving as a class and level.
#[crate::boundary(input, procedures)]
#[derive(Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct MonsterSavesInput {
    pub save_as: SaveAs,
}

/// A pursuit's next state and what happened.
fn step<P, R>(pursuit: P, result: Result<R>) -> Result<PursuitStep<P, R>> {
    result.map(|result| PursuitStep { pursuit, result })
}

/// Run or rest on a running record.
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

crate::procedures! {
    pub const PROCEDURES, DESCRIPTIONS = [
    // ---- OSE encounters ----
    /// 2d6 + the speaker's CHA modifier → hostile … friendly.
    "ose.reaction" ["OSE-REACT-01"] (optional)
        |i: ReactionInput, d| -> ReactionRoll {
            roll_reaction(d, i.cha_modifier)
        }
    /// 2d6 × 10 ft underground; 4d6 × 10 yd outdoors (1d4 × 10 yd if either side is surprised).
    "ose.encounterDistance" ["OSE-ENC-03"]
        |i: EncounterDistanceInput, d| -> EncounterDistance {
            roll_encounter_distance(d, i.location, i.either_side_surprised)
        }
    /// 1d6 for an unaware side; 1–2 is surprised.
    "ose.surprise" ["OSE-SURP-01/02"]
        |i: SurpriseInput, d| -> SurpriseRoll {
            roll_surprise(d, i.side, i.factors)
        }
    /// both surprise rolls, the distance, who rolls initiative.
    "ose.openEncounter" ["OSE-ENC-02 steps 1–3"]
        |i: OpeningInput, d| -> EncounterOpening {
            open_encounter(d, &i)
        }
    /// only before combat; unpursued evasion succeeds.
    "ose.beginEvasion" ["OSE-EVADE-01"] (legacy_dice)
        |i: BeginEvasionInput| -> EvasionStart {
            begin_evasion(i.combat_begun, i.other_side_pursues)
        }
    /// ⅓ of the base rate per round, feet underground, yards outdoors.
    "ose.encounterMovement" ["OSE-ENC-05"] (legacy_dice)
        |i: EncounterMovementInput| -> Distance {
            encounter_movement(i.rate, i.location)
        }
    // ---- OSE morale ----
    /// one check (2d6 over the adjusted score flees). See `MoraleTracker` for an encounter.
    "ose.morale" ["OSE-MORALE-01/02/05/07"]
        |i: OseMoraleInput, d| -> OseMoraleCheck {
            check_morale(d, i)
        }
    /// A check that honours the two-passes rule and counts its result (`MoraleTracker.check`).
    "ose.moraleTracked" ["OSE-MORALE-03"] (by_hand)
        |i: TrackedMoraleInput, d| -> TrackedMoraleResult {
            let mut tracker = i.tracker;
            let check = tracker.check(d, i.check)?;
            Ok(TrackedMoraleResult { tracker, check })
        }
    /// The checks that fall due for a side after its losses (`MoraleTracker.noteLosses`).
    "ose.moraleLosses" ["OSE-MORALE-04"] (by_hand)
        |i: MoraleLossesInput| -> MoraleLossesResult {
            let mut tracker = i.tracker;
            let due = tracker.note_losses(i.side_size, i.killed, i.incapacitated)?;
            Ok(MoraleLossesResult { tracker, due })
        }
    /// a mercenary troop's morale from the troop table (2–12).
    "ose.mercenaryMorale" ["OSE-MORALE-06"] (legacy_dice)
        |i: MercenaryMoraleInput| -> MoraleScore {
            mercenary_morale(i.troop, &i.qualities, i.working_conditions)
        }
    // ---- OSE evasion, pursuit and running ----
    /// faster and not forced to stop escapes; otherwise a pursuit.
    "ose.evasion.dungeon" ["OSE-EVADE-02"]
        |i: DungeonEvasionInput| -> EvasionOutcome {
            dungeon_evasion(i.fleeing_rate, i.pursuer_rate, i.fleeing_forced_to_stop)
        }
    /// the chance by speed difference (rates per round).
    "ose.evasion.waterborneChance" ["OSE-EVADE-03"]
        |i: WaterborneRates| -> Percent {
            waterborne_evasion_chance(i.fleeing_per_round, i.pursuers_per_round)
        }
    "ose.evasion.waterborne" ["OSE-EVADE-03"]
        |i: WaterborneRates, d| -> WaterborneEvasion {
            roll_waterborne_evasion(d, i.fleeing_per_round, i.pursuers_per_round)
        }
    /// the chance before rolling, with each modifier.
    "ose.evasion.wildernessPlan" ["OSE-EVADE-04..06"]
        |i: WildernessEvasionInput| -> WildernessEvasionPlan {
            wilderness_evasion_plan(&i)
        }
    /// The wilderness evasion roll.
    "ose.evasion.wilderness" ["OSE-EVADE-04..06"]
        |i: WildernessEvasionInput, d| -> WildernessEvasion {
            roll_wilderness_evasion(d, &i)
        }
    /// A dungeon pursuit, round by round (`DungeonPursuit.start`).
    "ose.dungeonPursuit.start" ["OSE-PURSUIT-01"] (by_hand)
        |i: DungeonPursuitStart| -> DungeonPursuit {
            DungeonPursuit::new(i.fleeing_rate, i.pursuer_rate, i.gap_feet)
        }
    /// One round of a dungeon pursuit (`DungeonPursuit.runRound`).
    "ose.dungeonPursuit.round" ["OSE-PURSUIT-01"] (by_hand)
        |i: PursuitOnly<DungeonPursuit>| -> PursuitStep<DungeonPursuit, DungeonPursuitRound> {
            let mut pursuit = i.pursuit;
            let result = pursuit.run_round();
            step(pursuit, result)
        }
    /// The fleeing side drops treasure or food; pursuers who care may stop (`DungeonPursuit.dropItem`).
    "ose.dungeonPursuit.drop" ["OSE-EVADE-05"] (by_hand)
        |i: DropInput, d| -> PursuitStep<DungeonPursuit, DistractionResult> {
            let mut pursuit = i.pursuit;
            let result = pursuit.drop_item(d, i.item, i.pursuers_care);
            step(pursuit, result)
        }
    /// The referee ends the chase: `"outOfSight"` or `"obstacle"` (`DungeonPursuit.refereeStops`).
    "ose.dungeonPursuit.stop" ["OSE-PURSUIT-01"] (by_hand)
        |i: StopInput| -> PursuitStep<DungeonPursuit, PursuitStatus> {
            let mut pursuit = i.pursuit;
            let result = pursuit.referee_stops(i.reason);
            step(pursuit, result)
        }
    /// A waterborne pursuit at a given gap, or at a rolled encounter distance (`WaterbornePursuit.start`).
    "ose.waterbornePursuit.start" ["OSE-PURSUIT-03"] (by_hand)
        |i: WaterbornePursuitStart, d| -> WaterbornePursuitStarted {
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
        }
    /// One round of a waterborne pursuit (`WaterbornePursuit.runRound`).
    "ose.waterbornePursuit.round" ["OSE-PURSUIT-03"] (by_hand)
        |i: PursuitOnly<WaterbornePursuit>| -> PursuitStep<WaterbornePursuit, WaterbornePursuitRound> {
            let mut pursuit = i.pursuit;
            let result = pursuit.run_round();
            step(pursuit, result)
        }
    /// A wilderness pursuit, day by day (`WildernessPursuit.start`).
    "ose.wildernessPursuit.start" ["OSE-PURSUIT-04"] (by_hand)
        |i: WildernessEvasionInput| -> WildernessPursuit {
            WildernessPursuit::new(i)
        }
    /// Whether the pursuers catch up today (`WildernessPursuit.catchUp`).
    "ose.wildernessPursuit.catchUp" ["OSE-PURSUIT-04"] (by_hand)
        |i: PursuitOnly<WildernessPursuit>, d| -> PursuitStep<WildernessPursuit, CatchUpResult> {
            let mut pursuit = i.pursuit;
            let result = pursuit.catch_up(d);
            step(pursuit, result)
        }
    /// The fleeing side keeps running or not (`WildernessPursuit.decide`).
    "ose.wildernessPursuit.decide" ["OSE-PURSUIT-04"] (by_hand)
        |i: DecideInput, d| -> PursuitStep<WildernessPursuit, DecisionResult> {
            let mut pursuit = i.pursuit;
            let result = pursuit.decide(d, i.keep_fleeing);
            step(pursuit, result)
        }
    "ose.running.run" ["OSE-PURSUIT-02"] (legacy_dice) group "OSE-PURSUIT-02: 30 rounds of running exhaust (−2 attack, damage, AC); 3 turns of rest end it." ts "Omit<RunningInput, \"turns\">"
        |i: RunningInput| -> RunningUpdate {
            running(i, false)
        }
    "ose.running.rest" ["OSE-PURSUIT-02"] (legacy_dice) ts "Omit<RunningInput, \"rounds\">"
        |i: RunningInput| -> RunningUpdate {
            running(i, true)
        }
    // ---- OSE attacks and damage ----
    /// `resolution` is `"matrix"` (default), `"thac0Arithmetic"` or `"ascendingAc"` (C-34).
    "ose.attack" ["OSE-ATK-01/06..13/17/18", "OSE-COMBAT-04..07"]
        |i: OseAttackInput, d| -> OseAttackResult {
            roll_ose_attack(d, &i)
        }
    /// damage for a hit, at least 1.
    "ose.damage" ["OSE-ATK-02/04/05/15"]
        |i: OseDamageInput, d| -> OseDamage {
            roll_ose_damage(d, &i)
        }
    /// 1d2 + STR, at least 1.
    "ose.unarmedDamage" ["OSE-ATK-16"]
        |i: UnarmedDamageInput, d| -> OseDamage {
            roll_unarmed_damage(d, i.str_modifier)
        }
    /// a bomb from at most 300 ft hits on 16+.
    "ose.bombing" ["OSE-ATK-11"]
        |i: BombingInput, d| -> BombingResult {
            roll_bombing(d, i.altitude_ft)
        }
    /// note damage on a subdual track; an intelligent victim surrenders.
    "ose.subdual" ["OSE-ATK-15"] (legacy_dice)
        |i: SubdualInput| -> StateStep<SubdualTrack, SubdualStatus> {
            let mut i = i;
            let status = i.track.take(i.kind, i.amount);
            Ok(StateStep {
                state: i.track,
                result: status,
            })
        }
    /// can this attacker hurt a monster harmed only by magic or silver?
    "ose.canHarmInvulnerable" ["OSE-ATK-02/12"] (legacy_dice)
        |i: InvulnerabilityInput| -> bool {
            Ok(can_harm_invulnerable(i.attacker, i.optional_rule))
        }
    // ---- OSE combat movement and spellcasting ----
    /// half the encounter movement per round, with a clear path behind.
    "ose.fightingWithdrawal" ["OSE-COMBAT-04"] (legacy_dice)
        |i: MeleeMovementInput| -> u32 {
            fighting_withdrawal(i.rate, i.clear_path)
        }
    /// the full encounter movement, but no attack (attackers get +2).
    "ose.retreatMovement" ["OSE-COMBAT-04"] (legacy_dice) ts "Omit<MeleeMovementInput, \"clearPath\">"
        |i: MeleeMovementInput| -> u32 {
            MeleeMovement::Retreat.max_per_round(i.rate)
        }
    /// every reason a caster can't cast now (empty: it may).
    "ose.castingObstacles" ["OSE-COMBAT-08", "OSE-ATK-17"] (legacy_dice)
        |i: CasterState| -> Vec<CastingObstacle> {
            Ok(casting_obstacles(i))
        }
    /// lost initiative and hit or failed a save first → the spell is lost.
    "ose.spellDisrupted" ["OSE-COMBAT-09"] (legacy_dice)
        |i: DisruptionCheck| -> bool {
            Ok(spell_disrupted(i))
        }
    // ---- OSE saves, checks, hazards ----
    /// 1d20 + bonus against a target number.
    "ose.save" ["OSE-SAVE-02..04"]
        |i: OseSaveInput, d| -> OseSave {
            roll_ose_save(d, i.target, i.bonus, i.stake)
        }
    /// a monster's save from the table row it saves as.
    "ose.monsterSave" ["OSE-SAVE-02", "OSE-TBL-03"]
        |i: MonsterSaveInput, d| -> OseSave {
            roll_monster_save(d, i.save_as, i.category, i.bonus, i.stake)
        }
    /// the row's five save values.
    "ose.monsterSaves" ["OSE-TBL-03"] (by_hand)
        |i: MonsterSavesInput| -> SaveValues {
            monster_saves(i.save_as)
        }
    /// 1d20 + difficulty under the score; natural 1 succeeds, natural 20 fails.
    "ose.abilityCheck" ["OSE-CHK-01..03"]
        |i: OseAbilityCheckInput, d| -> OseAbilityCheck {
            roll_ability_check(d, i.score, i.difficulty)
        }
    /// d100 against the referee's chance; success means the swimmer drowns.
    "ose.drowning" ["OSE-HAZ-06"]
        |i: DrowningInput, d| -> PercentileRoll {
            roll_drowning(d, i.chance)
        }
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::RollMode as Advantage;
    use crate::dice::SuppliedDice;
    use crate::error::ErrorCode;
    use crate::procedures::MemberId;
    use crate::procedures::hyb::attack::HybAttackInput;
    use crate::procedures::hyb::attack::{HybAttackMethod, HybAttacker, HybRangeBand};
    use crate::procedures::hyb::chase::ChaseInput;
    use crate::procedures::hyb::chase::{ChaseRole, ChaseRollMode, ChaseTerrain, Runner};
    use crate::procedures::hyb::check::HybCheckInput;
    use crate::procedures::hyb::morale::{HybMoraleInput, HybMoraleTrigger};
    use crate::procedures::hyb::procedures::{
        ChaseDcInput, DangerousCheckInput, HybGroupMoraleInput, HybMoraleCall, StealthInput,
    };
    use crate::procedures::hyb::retreat::RetreatInput;
    use crate::procedures::hyb::trap::TrapInput;
    use crate::procedures::ose::attack::{AttackResolution, OseAttackKind};
    use crate::procedures::ose::combat::{MissileRange, OseCover as Cover};
    use crate::procedures::ose::evasion::WildernessSurprise;
    use crate::procedures::ose::matrix::{MonsterHd, OseAttacker};
    use crate::procedures::ose::morale::{MoraleScore, MoraleSubject};
    use crate::procedures::ose::pursuit::{PursuitStatus, WildernessPursuitStep};
    use crate::procedures::registry::{Procedure, run_named};
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

    /// The OSE and HYB tables, as the glue's lookup sees them.
    const TABLES: &[&[Procedure]] = &[PROCEDURES, crate::procedures::hyb::procedures::PROCEDURES];

    /// Run `name` from the OSE and HYB tables; `None` for a name they do not hold.
    fn dispatch(
        name: &str,
        input: &str,
        d: &mut dyn crate::dice::DieRoller,
    ) -> Result<Option<String>> {
        match crate::procedures::registry::find(TABLES, name) {
            Some(p) => (p.run)(input, d).map(Some),
            None => Ok(None),
        }
    }

    fn run(name: &str, input: &str, faces: &[u32]) -> Result<String> {
        run_named(
            TABLES,
            name,
            input,
            &mut SuppliedDice::new(faces.iter().copied()),
        )
    }

    fn value(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    /// The wire writer writes `value` as serde does, and the wire reader reads that text back
    /// as `value` (what the deleted hand-written readers were checked for).
    fn typed<T>(value: &T)
    where
        T: serde::Serialize + DeserializeOwned + ToWire + FromWire + PartialEq + Debug,
    {
        let text = serde_json::to_string(value).unwrap();
        assert_eq!(crate::wire::to_json(value), text);
        let back: T = crate::wire::from_json(&text, "input", ErrorCode::InvalidArgument)
            .unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(&back, value, "{text}");
    }

    /// The wire reader and serde agree on `text`: the same value, or both refuse it.
    fn agree<T>(text: &str) -> Option<T>
    where
        T: DeserializeOwned + FromWire + PartialEq + Debug,
    {
        let wire = crate::wire::from_json::<T>(text, "input", ErrorCode::InvalidArgument);
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
        let padded = " ".repeat(crate::wire::MAX_JSON_BYTES) + "{}";
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
