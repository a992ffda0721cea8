//! Glue for the A5E procedures: the `a5e.*` names of [`super::procedures::procedure`]. Input is
//! JSON text read by the wire reader straight into the core's input types (or the small bundles
//! below, for core functions that take separate arguments), and the result goes back as JSON
//! text through the wire writer, all through [`super::procedures::json`]. The facade's `a5e`
//! namespace types each name.
//!
//! Stateful pieces (a movement budget, a breath clock, a world action) are plain data: the
//! caller passes the state in and gets the next state back with the result
//! ([`StateStep`]). Unknown names and malformed input are `INVALID_ARGUMENT` errors.
//!
//! Names: `a5e.attack`, `a5e.assessAttack`, `a5e.test`, `a5e.deathSave`,
//! `a5e.opportunityAttack`, `a5e.sizes`, `a5e.fit`, `a5e.flanks`, `a5e.pullAlly`,
//! `a5e.movement.{start, move, dash, standUp, mount, jump, nextTurn, query}`,
//! `a5e.turn.{start, startTurn, spend, interact, disengage, dash}`, `a5e.longJump`,
//! `a5e.highJump`, `a5e.jumpObstacle`, `a5e.jumpLanding`, `a5e.dodge`, `a5e.help`,
//! `a5e.pressTheAttack`, `a5e.fallBack`, `a5e.tumble`, `a5e.twoWeapon`, `a5e.hide`,
//! `a5e.search`, `a5e.ready`, `a5e.fall`, `a5e.breath.{start, tick, loseBreath}`,
//! `a5e.waterDamage`, `a5e.perceive`, `a5e.worldFeatures`, `a5e.worldFeature`,
//! `a5e.resolveFeature`, `a5e.featureCheck`, `a5e.mirror`, `a5e.worldAction.{start,
//! startOfRound, use}`, `a5e.groupCheck`, `a5e.groupAttack`, `a5e.resolveGroupAttack`,
//! `a5e.objectArmor`, `a5e.objectAc`, `a5e.objectHitPoints`, `a5e.rollObjectHitPoints`,
//! `a5e.objectDamage`, `a5e.objectSave`, `a5e.doors`, `a5e.door`, `a5e.bash`,
//! `a5e.stealthyTravel`, `a5e.vehiclePace`, `a5e.astralFlySpeed`, `a5e.higherGround`,
//! `a5e.lowerGround`, `a5e.backToBack`, `a5e.canRide`, `a5e.commandMount`, `a5e.sprint`,
//! `a5e.marchingOrder`, `a5e.futureMaterials`, `a5e.objectHp.{start, take, regenerate}`,
//! `a5e.bashPossible`, `a5e.zirkon`, `a5e.mountMay`, `a5e.dropProne`, `a5e.pressExpertise`,
//! `a5e.offHand`, `a5e.scenario`, `a5e.echoThunder`, `a5e.foodFatigue`, `a5e.vesselHours`,
//! `a5e.noticesThreat`, `a5e.truesight`, `a5e.worldActions`, `a5e.attackAbilities`, `a5e.cover`,
//! `a5e.damage`, `a5e.jumpReach`, `a5e.confused`.

use serde::{Deserialize, Serialize};
use tsify::Tsify;

use super::procedures::{Procedure, StateStep, json};
use crate::dice::{DieRoller, DieSize, RollMode};
use crate::error::Result;
use crate::procedures::a5e::ability::{Ability, Skill};
use crate::procedures::a5e::actions::{
    Observer, Readied, dodge, help, hide, ready, search, sprint,
};
use crate::procedures::a5e::attack::{AttackKind, AttackRollInput, roll_death_save};
use crate::procedures::a5e::attack_situation::{
    AttackCircumstances, OpportunityTrigger, assess_attack, provokes_opportunity_attack,
};
use crate::procedures::a5e::control::{
    GroupAttack, GroupAttackBasis, group_attack, group_check, resolve_group_attack,
};
use crate::procedures::a5e::cover::{A5eCover, CoverSaveRule, Targeting};
use crate::procedures::a5e::damage::{DamageDice, DamageType};
use crate::procedures::a5e::dice::D20Test;
use crate::procedures::a5e::environment::breath::{BreathClock, DEFAULT_ROUND_SECONDS};
use crate::procedures::a5e::environment::falling::{FallLanding, resolve_fall};
use crate::procedures::a5e::environment::long_rest_food_fatigue;
use crate::procedures::a5e::environment::underwater::water_damage;
use crate::procedures::a5e::environment::vision::{
    Senses, SightQuery, immune_to_visual_illusions, perceive, truesight_pierces,
};
use crate::procedures::a5e::jump::{
    high_jump_ft, jump_reach_ft, land, long_jump_ft, obstacle_clearance,
};
use crate::procedures::a5e::movement::{MoveStep, MovementBudget, MovementOptions, Speeds};
use crate::procedures::a5e::objects::armor::{OBJECT_ARMOR_TABLE, ObjectMaterial};
use crate::procedures::a5e::objects::damage::{ObjectDefenses, ObjectHp, object_save};
use crate::procedures::a5e::objects::doors::{
    DOOR_TABLE, DoorMaterial, FortifiedThreshold, bash, bash_possible, door,
};
use crate::procedures::a5e::objects::far_future::{FUTURE_MATERIALS_TABLE, regenerate_forcefield};
use crate::procedures::a5e::objects::hit_points::{Durability, object_hit_points};
use crate::procedures::a5e::objects::zirkon::through_zirkon;
use crate::procedures::a5e::position::{
    FlankingSituation, MountCommand, MountMoveAction, back_to_back, can_ride, command_mount,
    controlled_mount_may, flanks, higher_ground_expertise, lower_ground_expertise,
    may_drop_prone_as_reaction, pull_ally,
};
use crate::procedures::a5e::press::{
    PressTheAttackRequest, fall_back, press_expertise, press_the_attack,
};
use crate::procedures::a5e::scenarios::{
    astral_fly_speed, astral_psychic_vulnerable, flyer_may_fall, starts_falling_aloft,
    suspended_check_disadvantage,
};
use crate::procedures::a5e::size::{SIZE_TABLE, Size, fit};
use crate::procedures::a5e::travel::{
    A5eMarchingOrder, TravelPace, VehicleKind, notices_threat, stealthy_travel,
    vehicle_pace_effects, vessel_hours_per_day,
};
use crate::procedures::a5e::tumble::{TumbleAttempt, tumble};
use crate::procedures::a5e::turn::{ActionCost, TurnBudget};
use crate::procedures::a5e::two_weapon::{
    TwoWeaponSetup, off_hand_attacks, off_hand_damage_modifier, off_hand_may_be_ranged,
};
use crate::procedures::a5e::world::catalogue::{WORLD_FEATURES, WorldFeatureId, world_actions};
use crate::procedures::a5e::world::resolve::{
    AffectedCreature, WorldResolveOptions, echo_thunder_damage, resolve_feature,
    resolve_feature_check, resolve_mirror,
};
use crate::procedures::a5e::world::state::WorldFeatureState;

/// An input with nothing in it (tables).
#[derive(Deserialize, crate::wire::FromWire)]
struct NoInput {}

/// `a5e.cover` (A5E-ATK-06, C-26): every source of cover between attacker and target, and the
/// saving throw in question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eCoverInput {
    pub sources: Vec<A5eCover>,
    /// The saving throw's ability, for `saveBonus` (Dexterity unless given).
    #[serde(default = "dex")]
    pub save_ability: Ability,
    /// C-26: Dexterity saves only (default) or every save.
    #[serde(default)]
    pub rule: CoverSaveRule,
}

const fn dex() -> Ability {
    Ability::Dex
}

/// The cover that applies (only the best source) and its bonuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eCoverFacts {
    pub cover: A5eCover,
    pub ac_bonus: i32,
    pub save_bonus: i32,
    pub hide_bonus: i32,
    /// Total cover: the target can't be attacked or targeted directly.
    pub can_be_targeted_directly: bool,
}

/// `a5e.damage` (A5E-DMG-01): damage dice plus a bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eDamageInput {
    pub damage: DamageDice,
    #[serde(default)]
    pub bonus: i32,
}

/// `a5e.fit` (A5E-MOVE-02): a creature's size and the size of the space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eFitInput {
    pub creature: Size,
    pub space: Size,
}

/// `a5e.flanks` (A5E-MOVE-12/14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eFlanksInput {
    pub situation: FlankingSituation,
    #[serde(default)]
    pub target_back_to_back: bool,
}

/// `a5e.pullAlly` (A5E-MOVE-13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5ePullAllyInput {
    pub distance_to_ally_ft: u32,
    pub ally_willing: bool,
    pub has_reaction: bool,
}

/// `a5e.movement.start`: a creature's speeds (every modifier but Dash applied).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eMovementStart {
    pub speeds: Speeds,
    #[serde(default)]
    pub options: MovementOptions,
}

/// A movement budget and what to do with it. `step` for `move` and `query`; `fatigueLevel` for
/// `dash`; `distanceFt` and `jumpFt` for `jump`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eBudgetInput {
    pub budget: MovementBudget,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<MoveStep>,
    #[serde(default)]
    pub fatigue_level: u32,
    #[serde(default)]
    pub distance_ft: u32,
    #[serde(default)]
    pub jump_ft: u32,
}

/// `a5e.movement.query`: what a step would cost now, the farthest such a step could go, and
/// the movement left in its mode (`undefined` without the speed it needs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eMoveQuery {
    pub cost_ft: u32,
    pub max_distance_ft: u32,
    pub remaining_ft: Option<u32>,
}

/// `a5e.turn.*` (A5E-TURN-01..04): a creature's action economy and what to do with it.
/// `cost` for `spend`; `fatigueLevel` for `dash`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eTurnInput {
    pub turn: TurnBudget,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<ActionCost>,
    #[serde(default)]
    pub fatigue_level: u32,
}

/// `a5e.longJump` (A5E-MOVE-17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eLongJumpInput {
    pub strength_score: u32,
    pub run_up_ft: u32,
}

/// `a5e.highJump` (A5E-MOVE-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eHighJumpInput {
    pub strength_modifier: i32,
    pub running: bool,
}

/// `a5e.jumpReach` (A5E-MOVE-20): how high a jumping creature can reach.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eJumpReachInput {
    pub jump_height_ft: f64,
    pub creature_height_ft: f64,
}

/// `a5e.jumpObstacle` (A5E-MOVE-18): an obstacle's height and the jump's length.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eObstacleInput {
    pub obstacle_ft: f64,
    pub jump_ft: u32,
}

/// `a5e.jumpLanding` (A5E-MOVE-18): landing in difficult terrain takes an Acrobatics check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eLandingInput {
    /// `false` when left out: only difficult terrain calls for the check.
    #[serde(default)]
    pub in_difficult_terrain: bool,
    #[serde(default)]
    pub acrobatics: D20Test,
}

/// `a5e.dodge` (A5E-ACT-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eDodgeInput {
    pub current_speed_ft: u32,
}

/// `a5e.fallBack` (A5E-ACT-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eFallBackInput {
    pub has_reaction: bool,
    #[serde(default)]
    pub raging: bool,
}

/// `a5e.hide` (A5E-ACT-08): the Stealth check, the best cover, and who is looking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eHideInput {
    #[serde(default)]
    pub stealth: D20Test,
    #[serde(default)]
    pub cover: A5eCover,
    pub observers: Vec<Observer>,
}

/// `a5e.search` (A5E-ACT-12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eSearchInput {
    pub skill: Skill,
    #[serde(default)]
    pub check: D20Test,
    pub dc: i32,
}

/// `a5e.ready` (A5E-ACT-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eReadyInput {
    pub readied: Readied,
    pub speed_ft: u32,
}

/// `a5e.fall` (A5E-ENV-01): the distance fallen and what it lands in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eFallInput {
    pub distance_ft: u32,
    #[serde(default)]
    pub landing: FallLanding,
}

/// `a5e.breath.start` (A5E-ENV-02/03): CON modifier and seconds per round (6 unless given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eBreathStart {
    pub con_modifier: i32,
    #[serde(default = "round_seconds")]
    pub round_seconds: u32,
}

const fn round_seconds() -> u32 {
    DEFAULT_ROUND_SECONDS
}

/// `a5e.breath.tick` / `.loseBreath`: a breath clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eBreathInput {
    pub clock: BreathClock,
}

/// `a5e.waterDamage` (A5E-ENV-04): damage taken underwater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eWaterDamageInput {
    pub amount: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
}

/// `a5e.perceive` (A5E-ENV-05..09): the observer's senses and what it looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5ePerceiveInput {
    #[serde(default)]
    pub senses: Senses,
    pub query: SightQuery,
}

/// `a5e.worldFeature` / `a5e.worldAction.start`: one catalogue entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eFeatureInput {
    pub feature: WorldFeatureId,
}

/// `a5e.resolveFeature`: a catalogue feature set off against the creatures in its area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eResolveFeatureInput {
    pub feature: WorldFeatureId,
    pub creatures: Vec<AffectedCreature>,
    #[serde(default)]
    pub options: WorldResolveOptions,
}

/// `a5e.featureCheck`: a creature's check against a feature's fixed DC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eFeatureCheckInput {
    pub feature: WorldFeatureId,
    #[serde(default)]
    pub test: D20Test,
}

/// `a5e.mirror` (A5E-WORLD-23).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eMirrorInput {
    pub spell_level: u32,
    pub defender: D20Test,
    pub caster: D20Test,
}

/// `a5e.worldAction.startOfRound` / `.use` (A5E-WORLD-02/03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eWorldActionInput {
    pub state: WorldFeatureState,
    #[serde(default)]
    pub creatures: Vec<AffectedCreature>,
    #[serde(default)]
    pub options: WorldResolveOptions,
}

/// `a5e.groupCheck` (A5E-CTRL-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eGroupCheckInput {
    pub ability: Ability,
    pub members: u32,
    #[serde(default)]
    pub check: D20Test,
    pub dc: i32,
}

/// `a5e.groupAttack` (A5E-CTRL-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eGroupAttackInput {
    pub basis: GroupAttackBasis,
    pub members: u32,
}

/// `a5e.resolveGroupAttack` (A5E-CTRL-04): the target's save, then the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eResolveGroupAttackInput {
    pub attack: GroupAttack,
    #[serde(default)]
    pub target_save: D20Test,
    pub damage: DamageDice,
    #[serde(default)]
    pub damage_modifier: i32,
}

/// `a5e.objectAc` (A5E-OBJ-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eMaterialInput {
    pub material: ObjectMaterial,
}

/// `a5e.objectHitPoints` / `a5e.rollObjectHitPoints` (A5E-OBJ-04/05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eObjectHpInput {
    pub size: Size,
    pub durability: Durability,
}

/// `a5e.objectDamage` (A5E-OBJ-02/06): damage against an object's defenses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eObjectDamageInput {
    #[serde(default)]
    pub defenses: ObjectDefenses,
    pub amount: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
}

/// `a5e.objectSave` (A5E-OBJ-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eAbilityInput {
    pub ability: Ability,
}

/// `a5e.door` (A5E-OBJ-07/08, C-28): `rule` picks the fortified doors' damage threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eDoorInput {
    pub material: DoorMaterial,
    #[serde(default)]
    pub fortified: bool,
    #[serde(default)]
    pub rule: FortifiedThreshold,
}

/// `a5e.bash` (A5E-OBJ-07/08): a Strength check against a bash DC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eBashInput {
    pub bash_dc: i32,
    #[serde(default)]
    pub check: D20Test,
}

/// `a5e.higherGround` (A5E-MOVE-11) / `a5e.lowerGround` (A5E-MOVE-15): `heightFt` is how far
/// the creature is above (higher ground) or below (lower ground) its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eGroundInput {
    pub height_ft: i32,
    #[serde(default)]
    pub grappled: bool,
    #[serde(default)]
    pub restrained: bool,
    /// Lower ground only: the creature's size and the target's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature: Option<Size>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Size>,
}

/// `a5e.backToBack` (A5E-MOVE-12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eBackToBackInput {
    pub distance_to_ally_ft: u32,
}

/// `a5e.canRide` (A5E-MOVE-08).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eRideInput {
    pub rider: Size,
    pub mount: Size,
    pub mount_can_carry: bool,
}

/// `a5e.commandMount` (A5E-MOVE-09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eCommandMountInput {
    pub command: MountCommand,
}

/// `a5e.sprint` (A5E-ACT-13).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct A5eSprintInput {
    pub fatigue_level: u32,
}

/// `a5e.marchingOrder` (A5E-TIME-03): members from front to back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eMarchingOrderInput {
    pub front_to_back: Vec<String>,
}

/// A validated marching order and whom traps and ambushes strike first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eMarchingOrderView {
    pub members: Vec<String>,
    pub trap_target: Option<String>,
    pub ambush_target: Option<String>,
}

/// `a5e.objectHp.*` (A5E-OBJ-04/10): an object's hit points; `max` for `start`, `dealt` for
/// `take`, `brokenRegenerates` for `regenerate`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct A5eObjectHpState {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hp: Option<ObjectHp>,
    pub max: u32,
    pub dealt: u32,
    pub broken_regenerates: bool,
}

/// `a5e.zirkon` (A5E-OBJ-12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eZirkonInput {
    pub power_level: u32,
    pub point_cost: u32,
}

/// `a5e.mountMay` (A5E-MOVE-09): an action a controlled mount wants to take while it moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eMountActionInput {
    pub action: MountMoveAction,
}

/// `a5e.dropProne` (A5E-MOVE-10): dropping prone as a reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eDropProneInput {
    pub targeted_by_ranged_attack: bool,
    pub sees_attacker: bool,
}

/// `a5e.pressExpertise` (A5E-ACT-09/10): a melee attack against the pressed target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5ePressExpertiseInput {
    pub melee: bool,
    pub against_pressed_target: bool,
    #[serde(default)]
    pub mode: RollMode,
    #[serde(default)]
    pub target_fell_back: bool,
    /// The attacker's expertise die (d4 unless a feature raises it).
    #[serde(default = "d4")]
    pub die: DieSize,
}

const fn d4() -> DieSize {
    DieSize::D4
}

/// `a5e.offHand` (A5E-ACT-17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eOffHandInput {
    pub ability_modifier: i32,
    #[serde(default)]
    pub off_hand_thrown: bool,
}

/// An off-hand attack's damage modifier (only a negative one applies) and whether it may be a
/// ranged (thrown) attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eOffHand {
    pub damage_modifier: i32,
    pub may_be_ranged: bool,
}

/// `a5e.scenario` (A5E-SCEN-01..03, A5E-MOVE-06): a creature in an alternative scenario.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify, crate::wire::Wire,
)]
#[serde(rename_all = "camelCase", default)]
pub struct A5eScenarioInput {
    /// Prone (knocked prone, for a flyer).
    pub prone: bool,
    pub restrained: bool,
    pub has_swim_speed: bool,
    pub has_fly_speed: bool,
    /// The fly speed now (a flyer whose Speed drops to 0 may fall).
    pub fly_speed_ft: u32,
    pub proficient_wis_save: bool,
    pub proficient_int_save: bool,
}

/// What the scenario rules say about that creature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eScenarioFacts {
    /// A5E-SCEN-01: suspended in water, its Dexterity checks have disadvantage.
    pub suspended_dex_check_disadvantage: bool,
    /// A5E-SCEN-02: aloft, it starts to fall.
    pub falls_aloft: bool,
    /// A5E-MOVE-06: as a flyer it may fall.
    pub flyer_may_fall: bool,
    /// A5E-SCEN-03: adrift in the Astral Plane, it is vulnerable to psychic damage.
    pub astral_psychic_vulnerable: bool,
}

/// `a5e.echoThunder` (A5E-WORLD-05): a damage roll inside an Echo area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eEchoInput {
    pub total: u32,
    pub dice_rolled: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
}

/// `a5e.foodFatigue` (A5E-ENV-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eFoodInput {
    pub ate_and_drank: bool,
}

/// `a5e.vesselHours` (A5E-TIME-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eVesselInput {
    pub crew_hours: u32,
}

/// `a5e.noticesThreat` (A5E-TIME-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eNoticeInput {
    pub passive_perception: i32,
    pub stealth_total: i32,
}

/// `a5e.truesight` (A5E-ENV-07/09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eTruesightInput {
    #[serde(default)]
    pub senses: Senses,
    pub distance_ft: u32,
}

/// Whether truesight reaches that far, and whether the senses ignore visual illusions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eTruesightFacts {
    pub truesight_pierces: bool,
    pub immune_to_visual_illusions: bool,
}

/// `a5e.stealthyTravel` (A5E-TIME-05).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eStealthyTravelInput {
    pub pace: TravelPace,
    pub group_stealth_total: i32,
    pub threats: Vec<Observer>,
}

/// `a5e.vehiclePace` (A5E-TIME-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eVehiclePaceInput {
    pub kind: VehicleKind,
    pub pace: TravelPace,
}

/// `a5e.astralFlySpeed` (A5E-SCEN-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify, crate::wire::Wire)]
#[serde(rename_all = "camelCase")]
pub struct A5eAstralInput {
    pub intelligence_modifier: i32,
}

fn step<S, R>(state: S, result: R) -> StateStep<S, R> {
    StateStep { state, result }
}

/// The step a budget operation needs.
fn step_of(i: &A5eBudgetInput) -> Result<MoveStep> {
    i.step
        .ok_or_else(|| crate::error::Error::invalid_argument("missing field `step`"))
}

/// The hit points an `a5e.objectHp` step works on.
fn hp_of(i: &A5eObjectHpState) -> Result<ObjectHp> {
    i.hp.ok_or_else(|| crate::error::Error::invalid_argument("missing field `hp`"))?
        .checked()
}

/// The procedures of this module, by name: a table rather than a `match`, so each name costs
/// an entry and the function it points to, not a string comparison and a call site of its own.
const PROCEDURES: &[(&str, Procedure)] = &[
    // ---- attacks and d20 tests ----
    ("a5e.attack", |input, d| {
        json(input, |i: AttackRollInput| i.roll(d))
    }),
    ("a5e.assessAttack", |input, _| {
        json(input, |i: AttackCircumstances| assess_attack(&i))
    }),
    ("a5e.test", |input, d| json(input, |i: D20Test| i.roll(d))),
    ("a5e.deathSave", |input, d| {
        json(input, |i: D20Test| roll_death_save(&i, d))
    }),
    ("a5e.opportunityAttack", |input, _| {
        json(input, |i: OpportunityTrigger| {
            Ok(provokes_opportunity_attack(&i))
        })
    }),
    ("a5e.attackAbilities", |input, _| {
        json(input, |i: AttackKind| Ok(i.abilities()))
    }),
    ("a5e.cover", |input, _| {
        json(input, |i: A5eCoverInput| {
            let cover = A5eCover::best(i.sources);
            Ok(A5eCoverFacts {
                cover,
                ac_bonus: cover.ac_bonus(),
                save_bonus: cover.save_bonus(i.save_ability, i.rule),
                hide_bonus: cover.hide_bonus(),
                can_be_targeted_directly: cover.can_be_targeted(Targeting::Direct),
            })
        })
    }),
    ("a5e.damage", |input, d| {
        json(input, |i: A5eDamageInput| i.damage.roll(i.bonus, d))
    }),
    // ---- sizes, position, movement ----
    ("a5e.sizes", |input, _| {
        json(input, |_: NoInput| Ok(SIZE_TABLE.as_slice()))
    }),
    ("a5e.fit", |input, _| {
        json(input, |i: A5eFitInput| Ok(fit(i.creature, i.space)))
    }),
    ("a5e.flanks", |input, _| {
        json(input, |i: A5eFlanksInput| {
            Ok(flanks(i.situation, i.target_back_to_back))
        })
    }),
    ("a5e.pullAlly", |input, _| {
        json(input, |i: A5ePullAllyInput| {
            pull_ally(i.distance_to_ally_ft, i.ally_willing, i.has_reaction)
        })
    }),
    ("a5e.movement.start", |input, _| {
        json(input, |i: A5eMovementStart| {
            MovementBudget::new(i.speeds, i.options)
        })
    }),
    ("a5e.movement.move", |input, _| {
        json(input, |mut i: A5eBudgetInput| {
            let report = i.budget.apply(&step_of(&i)?)?;
            Ok(step(i.budget, report))
        })
    }),
    ("a5e.movement.dash", |input, _| {
        json(input, |mut i: A5eBudgetInput| {
            i.budget.dash(i.fatigue_level)?;
            Ok(i.budget)
        })
    }),
    ("a5e.movement.standUp", |input, _| {
        json(input, |mut i: A5eBudgetInput| {
            let spent = i.budget.stand_up()?;
            Ok(step(i.budget, spent))
        })
    }),
    ("a5e.movement.mount", |input, _| {
        json(input, |mut i: A5eBudgetInput| {
            let spent = i.budget.mount_or_dismount()?;
            Ok(step(i.budget, spent))
        })
    }),
    ("a5e.movement.jump", |input, _| {
        json(input, |mut i: A5eBudgetInput| {
            let report = i.budget.jump(i.distance_ft, i.jump_ft)?;
            Ok(step(i.budget, report))
        })
    }),
    ("a5e.movement.nextTurn", |input, _| {
        json(input, |i: A5eBudgetInput| Ok(i.budget.next_turn()))
    }),
    ("a5e.movement.query", |input, _| {
        json(input, |i: A5eBudgetInput| {
            let s = step_of(&i)?;
            Ok(A5eMoveQuery {
                cost_ft: i.budget.cost(&s)?,
                max_distance_ft: i.budget.max_distance(&s),
                remaining_ft: i.budget.remaining(s.mode),
            })
        })
    }),
    // ---- the action economy ----
    ("a5e.turn.start", |input, _| {
        json(input, |i: A5eMovementStart| {
            MovementBudget::new(i.speeds, i.options).map(TurnBudget::new)
        })
    }),
    ("a5e.turn.startTurn", |input, _| {
        json(input, |mut i: A5eTurnInput| {
            i.turn.start_turn();
            Ok(i.turn)
        })
    }),
    ("a5e.turn.spend", |input, _| {
        json(input, |mut i: A5eTurnInput| {
            let cost = i
                .cost
                .ok_or_else(|| crate::error::Error::invalid_argument("missing field `cost`"))?;
            i.turn.spend(cost)?;
            Ok(i.turn)
        })
    }),
    ("a5e.turn.interact", |input, _| {
        json(input, |mut i: A5eTurnInput| {
            let cost = i.turn.interact_with_object()?;
            Ok(step(i.turn, cost))
        })
    }),
    ("a5e.turn.disengage", |input, _| {
        json(input, |mut i: A5eTurnInput| {
            i.turn.disengage()?;
            Ok(i.turn)
        })
    }),
    ("a5e.turn.dash", |input, _| {
        json(input, |mut i: A5eTurnInput| {
            i.turn.dash(i.fatigue_level)?;
            Ok(i.turn)
        })
    }),
    // ---- jumping ----
    ("a5e.longJump", |input, _| {
        json(input, |i: A5eLongJumpInput| {
            long_jump_ft(i.strength_score, i.run_up_ft)
        })
    }),
    ("a5e.highJump", |input, _| {
        json(input, |i: A5eHighJumpInput| {
            high_jump_ft(i.strength_modifier, i.running)
        })
    }),
    ("a5e.jumpReach", |input, _| {
        json(input, |i: A5eJumpReachInput| {
            jump_reach_ft(i.jump_height_ft, i.creature_height_ft)
        })
    }),
    ("a5e.jumpObstacle", |input, _| {
        json(input, |i: A5eObstacleInput| {
            obstacle_clearance(i.obstacle_ft, i.jump_ft)
        })
    }),
    ("a5e.jumpLanding", |input, d| {
        json(input, |i: A5eLandingInput| {
            land(i.in_difficult_terrain, &i.acrobatics, d)
        })
    }),
    // ---- actions ----
    ("a5e.dodge", |input, _| {
        json(input, |i: A5eDodgeInput| dodge(i.current_speed_ft))
    }),
    ("a5e.help", |input, _| json(input, help)),
    ("a5e.pressTheAttack", |input, _| {
        json(input, |i: PressTheAttackRequest| press_the_attack(&i))
    }),
    ("a5e.fallBack", |input, _| {
        json(input, |i: A5eFallBackInput| {
            fall_back(i.has_reaction, i.raging)
        })
    }),
    ("a5e.tumble", |input, d| {
        json(input, |i: TumbleAttempt| tumble(&i, d))
    }),
    ("a5e.twoWeapon", |input, _| {
        json(input, |i: TwoWeaponSetup| off_hand_attacks(&i))
    }),
    ("a5e.hide", |input, d| {
        json(input, |i: A5eHideInput| {
            hide(&i.stealth, i.cover, &i.observers, d)
        })
    }),
    ("a5e.search", |input, d| {
        json(input, |i: A5eSearchInput| {
            search(i.skill, &i.check, i.dc, d)
        })
    }),
    ("a5e.ready", |input, _| {
        json(input, |i: A5eReadyInput| ready(i.readied, i.speed_ft))
    }),
    // ---- environment ----
    ("a5e.fall", |input, d| {
        json(input, |i: A5eFallInput| {
            resolve_fall(i.distance_ft, &i.landing, d)
        })
    }),
    ("a5e.breath.start", |input, _| {
        json(input, |i: A5eBreathStart| {
            BreathClock::new(i.con_modifier, i.round_seconds)
        })
    }),
    ("a5e.breath.tick", |input, _| {
        json(input, |mut i: A5eBreathInput| {
            let tick = i.clock.start_of_turn();
            Ok(step(i.clock, tick))
        })
    }),
    ("a5e.breath.loseBreath", |input, _| {
        json(input, |mut i: A5eBreathInput| {
            i.clock.lose_breath();
            Ok(step(i.clock, i.clock.status()))
        })
    }),
    ("a5e.waterDamage", |input, _| {
        json(input, |i: A5eWaterDamageInput| {
            Ok(water_damage(i.amount, i.damage_type))
        })
    }),
    ("a5e.perceive", |input, _| {
        json(input, |i: A5ePerceiveInput| {
            Ok(perceive(&i.senses, &i.query))
        })
    }),
    // ---- the world-feature catalogue ----
    ("a5e.worldFeatures", |input, _| {
        json(input, |_: NoInput| Ok(WORLD_FEATURES.as_slice()))
    }),
    ("a5e.worldFeature", |input, _| {
        json(input, |i: A5eFeatureInput| Ok(i.feature.feature()))
    }),
    ("a5e.resolveFeature", |input, d| {
        json(input, |i: A5eResolveFeatureInput| {
            resolve_feature(i.feature, &i.creatures, &i.options, d)
        })
    }),
    ("a5e.featureCheck", |input, d| {
        json(input, |i: A5eFeatureCheckInput| {
            resolve_feature_check(i.feature, &i.test, d)
        })
    }),
    ("a5e.mirror", |input, d| {
        json(input, |i: A5eMirrorInput| {
            resolve_mirror(i.spell_level, &i.defender, &i.caster, d)
        })
    }),
    ("a5e.worldAction.start", |input, _| {
        json(input, |i: A5eFeatureInput| {
            WorldFeatureState::new(i.feature)
        })
    }),
    ("a5e.worldAction.startOfRound", |input, d| {
        json(input, |mut i: A5eWorldActionInput| {
            let roll = i.state.start_of_round(d)?;
            Ok(step(i.state, roll))
        })
    }),
    ("a5e.worldAction.use", |input, d| {
        json(input, |mut i: A5eWorldActionInput| {
            let used = i.state.use_action(&i.creatures, &i.options, d)?;
            Ok(step(i.state, used))
        })
    }),
    // ---- group control ----
    ("a5e.groupCheck", |input, d| {
        json(input, |i: A5eGroupCheckInput| {
            group_check(i.ability, i.members, &i.check, i.dc, d)
        })
    }),
    ("a5e.groupAttack", |input, _| {
        json(input, |i: A5eGroupAttackInput| {
            group_attack(i.basis, i.members)
        })
    }),
    ("a5e.resolveGroupAttack", |input, d| {
        json(input, |i: A5eResolveGroupAttackInput| {
            resolve_group_attack(&i.attack, &i.target_save, &i.damage, i.damage_modifier, d)
        })
    }),
    // ---- objects ----
    ("a5e.objectArmor", |input, _| {
        json(input, |_: NoInput| Ok(OBJECT_ARMOR_TABLE.as_slice()))
    }),
    ("a5e.objectAc", |input, _| {
        json(input, |i: A5eMaterialInput| Ok(i.material.ac()))
    }),
    ("a5e.objectHitPoints", |input, _| {
        json(input, |i: A5eObjectHpInput| {
            object_hit_points(i.size, i.durability)
        })
    }),
    ("a5e.rollObjectHitPoints", |input, d| {
        json(input, |i: A5eObjectHpInput| {
            object_hit_points(i.size, i.durability)?.roll(d)
        })
    }),
    ("a5e.objectDamage", |input, _| {
        json(input, |i: A5eObjectDamageInput| {
            Ok(i.defenses.damage(i.amount, i.damage_type))
        })
    }),
    ("a5e.objectSave", |input, _| {
        json(input, |i: A5eAbilityInput| Ok(object_save(i.ability)))
    }),
    ("a5e.doors", |input, _| {
        json(input, |_: NoInput| Ok(DOOR_TABLE.as_slice()))
    }),
    ("a5e.door", |input, _| {
        json(input, |i: A5eDoorInput| {
            door(i.material, i.fortified, i.rule)
        })
    }),
    ("a5e.bash", |input, d| {
        json(input, |i: A5eBashInput| bash(i.bash_dc, &i.check, d))
    }),
    // ---- smaller rules: position, Sprint, marching order, objects ----
    ("a5e.higherGround", |input, _| {
        json(input, |i: A5eGroundInput| {
            Ok(higher_ground_expertise(
                i.height_ft,
                i.grappled,
                i.restrained,
            ))
        })
    }),
    ("a5e.lowerGround", |input, _| {
        json(input, |i: A5eGroundInput| {
            let (Some(creature), Some(target)) = (i.creature, i.target) else {
                return Err(crate::error::Error::invalid_argument(
                    "lower ground needs `creature` and `target` sizes",
                ));
            };
            Ok(lower_ground_expertise(
                i.height_ft,
                creature,
                target,
                i.grappled,
                i.restrained,
            ))
        })
    }),
    ("a5e.backToBack", |input, _| {
        json(input, |i: A5eBackToBackInput| {
            back_to_back(i.distance_to_ally_ft)
        })
    }),
    ("a5e.canRide", |input, _| {
        json(input, |i: A5eRideInput| {
            Ok(can_ride(i.rider, i.mount, i.mount_can_carry))
        })
    }),
    ("a5e.commandMount", |input, _| {
        json(input, |i: A5eCommandMountInput| {
            command_mount(i.command).map(|()| true)
        })
    }),
    ("a5e.sprint", |input, _| {
        json(input, |i: A5eSprintInput| {
            sprint(i.fatigue_level).map(|()| true)
        })
    }),
    ("a5e.marchingOrder", |input, _| {
        json(input, |i: A5eMarchingOrderInput| {
            let order = A5eMarchingOrder::new(i.front_to_back)?;
            Ok(A5eMarchingOrderView {
                members: order.members().to_vec(),
                trap_target: order.trap_target().map(str::to_string),
                ambush_target: order.ambush_target().map(str::to_string),
            })
        })
    }),
    ("a5e.futureMaterials", |input, _| {
        json(input, |_: NoInput| Ok(FUTURE_MATERIALS_TABLE.as_slice()))
    }),
    ("a5e.objectHp.start", |input, _| {
        json(input, |i: A5eObjectHpState| ObjectHp::new(i.max))
    }),
    ("a5e.objectHp.take", |input, _| {
        json(input, |i: A5eObjectHpState| {
            let mut hp = hp_of(&i)?;
            hp.take(i.dealt);
            Ok(step(hp, hp.broken()))
        })
    }),
    ("a5e.objectHp.regenerate", |input, _| {
        json(input, |i: A5eObjectHpState| {
            let mut hp = hp_of(&i)?;
            let regained = regenerate_forcefield(&mut hp, i.broken_regenerates);
            Ok(step(hp, regained))
        })
    }),
    ("a5e.bashPossible", |input, _| {
        json(input, |i: A5eBashInput| {
            Ok(bash_possible(i.bash_dc, &i.check))
        })
    }),
    ("a5e.zirkon", |input, _| {
        json(input, |i: A5eZirkonInput| {
            through_zirkon(i.power_level, i.point_cost)
        })
    }),
    ("a5e.mountMay", |input, _| {
        json(input, |i: A5eMountActionInput| {
            Ok(controlled_mount_may(i.action))
        })
    }),
    ("a5e.dropProne", |input, _| {
        json(input, |i: A5eDropProneInput| {
            Ok(may_drop_prone_as_reaction(
                i.targeted_by_ranged_attack,
                i.sees_attacker,
            ))
        })
    }),
    ("a5e.pressExpertise", |input, _| {
        json(input, |i: A5ePressExpertiseInput| {
            Ok(press_expertise(
                i.melee,
                i.against_pressed_target,
                i.mode,
                i.target_fell_back,
                i.die,
            ))
        })
    }),
    ("a5e.offHand", |input, _| {
        json(input, |i: A5eOffHandInput| {
            Ok(A5eOffHand {
                damage_modifier: off_hand_damage_modifier(i.ability_modifier),
                may_be_ranged: off_hand_may_be_ranged(i.off_hand_thrown),
            })
        })
    }),
    ("a5e.scenario", |input, _| {
        json(input, |i: A5eScenarioInput| {
            Ok(A5eScenarioFacts {
                suspended_dex_check_disadvantage: suspended_check_disadvantage(
                    Ability::Dex,
                    i.has_swim_speed,
                ),
                falls_aloft: starts_falling_aloft(i.prone, i.restrained, i.has_fly_speed),
                flyer_may_fall: flyer_may_fall(i.prone, i.fly_speed_ft),
                astral_psychic_vulnerable: astral_psychic_vulnerable(
                    i.proficient_wis_save,
                    i.proficient_int_save,
                ),
            })
        })
    }),
    ("a5e.echoThunder", |input, _| {
        json(input, |i: A5eEchoInput| {
            Ok(echo_thunder_damage(i.total, i.dice_rolled, i.damage_type))
        })
    }),
    ("a5e.foodFatigue", |input, _| {
        json(input, |i: A5eFoodInput| {
            Ok(long_rest_food_fatigue(i.ate_and_drank))
        })
    }),
    ("a5e.vesselHours", |input, _| {
        json(input, |i: A5eVesselInput| {
            vessel_hours_per_day(i.crew_hours)
        })
    }),
    ("a5e.noticesThreat", |input, _| {
        json(input, |i: A5eNoticeInput| {
            Ok(notices_threat(i.passive_perception, i.stealth_total))
        })
    }),
    ("a5e.truesight", |input, _| {
        json(input, |i: A5eTruesightInput| {
            Ok(A5eTruesightFacts {
                truesight_pierces: truesight_pierces(&i.senses, i.distance_ft),
                immune_to_visual_illusions: immune_to_visual_illusions(&i.senses),
            })
        })
    }),
    ("a5e.worldActions", |input, _| {
        json(input, |_: NoInput| Ok(world_actions()))
    }),
    // A5E-COND-06: the d8 a confused creature rolls on its turn.
    ("a5e.confused", |input, d| {
        json(input, |_: NoInput| {
            crate::conditions::a5e::roll_confused(&mut *d)
        })
    }),
    // ---- travel and scenarios ----
    ("a5e.stealthyTravel", |input, _| {
        json(input, |i: A5eStealthyTravelInput| {
            stealthy_travel(i.pace, i.group_stealth_total, &i.threats)
        })
    }),
    ("a5e.vehiclePace", |input, _| {
        json(input, |i: A5eVehiclePaceInput| {
            Ok(vehicle_pace_effects(i.kind, i.pace))
        })
    }),
    ("a5e.astralFlySpeed", |input, _| {
        json(input, |i: A5eAstralInput| {
            astral_fly_speed(i.intelligence_modifier)
        })
    }),
];

/// Run the A5E procedure `name`; `None` for an unknown name.
pub(crate) fn dispatch(name: &str, input: &str, d: &mut dyn DieRoller) -> Result<Option<String>> {
    super::procedures::run_from(PROCEDURES, name, input, d)
}

/// The dispatcher from Rust (run with `cargo test --features wasm`): every name is known, and
/// no input, however malformed, makes it panic.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;
    use crate::error::ErrorCode;

    const NAMES: [&str; 94] = [
        "a5e.attack",
        "a5e.assessAttack",
        "a5e.test",
        "a5e.deathSave",
        "a5e.opportunityAttack",
        "a5e.sizes",
        "a5e.fit",
        "a5e.flanks",
        "a5e.pullAlly",
        "a5e.movement.start",
        "a5e.movement.move",
        "a5e.movement.dash",
        "a5e.movement.standUp",
        "a5e.movement.mount",
        "a5e.movement.jump",
        "a5e.movement.nextTurn",
        "a5e.movement.query",
        "a5e.turn.start",
        "a5e.turn.startTurn",
        "a5e.turn.spend",
        "a5e.turn.interact",
        "a5e.turn.disengage",
        "a5e.turn.dash",
        "a5e.longJump",
        "a5e.highJump",
        "a5e.jumpObstacle",
        "a5e.jumpLanding",
        "a5e.dodge",
        "a5e.help",
        "a5e.pressTheAttack",
        "a5e.fallBack",
        "a5e.tumble",
        "a5e.twoWeapon",
        "a5e.hide",
        "a5e.search",
        "a5e.ready",
        "a5e.fall",
        "a5e.breath.start",
        "a5e.breath.tick",
        "a5e.breath.loseBreath",
        "a5e.waterDamage",
        "a5e.perceive",
        "a5e.worldFeatures",
        "a5e.worldFeature",
        "a5e.resolveFeature",
        "a5e.featureCheck",
        "a5e.mirror",
        "a5e.worldAction.start",
        "a5e.worldAction.startOfRound",
        "a5e.worldAction.use",
        "a5e.groupCheck",
        "a5e.groupAttack",
        "a5e.resolveGroupAttack",
        "a5e.objectArmor",
        "a5e.objectAc",
        "a5e.objectHitPoints",
        "a5e.rollObjectHitPoints",
        "a5e.objectDamage",
        "a5e.objectSave",
        "a5e.doors",
        "a5e.door",
        "a5e.bash",
        "a5e.stealthyTravel",
        "a5e.vehiclePace",
        "a5e.astralFlySpeed",
        "a5e.higherGround",
        "a5e.lowerGround",
        "a5e.backToBack",
        "a5e.canRide",
        "a5e.commandMount",
        "a5e.sprint",
        "a5e.marchingOrder",
        "a5e.futureMaterials",
        "a5e.objectHp.start",
        "a5e.objectHp.take",
        "a5e.objectHp.regenerate",
        "a5e.bashPossible",
        "a5e.zirkon",
        "a5e.mountMay",
        "a5e.dropProne",
        "a5e.pressExpertise",
        "a5e.offHand",
        "a5e.scenario",
        "a5e.echoThunder",
        "a5e.foodFatigue",
        "a5e.vesselHours",
        "a5e.noticesThreat",
        "a5e.truesight",
        "a5e.worldActions",
        "a5e.attackAbilities",
        "a5e.cover",
        "a5e.damage",
        "a5e.jumpReach",
        "a5e.confused",
    ];

    fn run(name: &str, input: &str) -> Result<Option<String>> {
        dispatch(name, input, &mut SuppliedDice::new([1; 64]))
    }

    #[test]
    fn every_name_is_known_and_malformed_input_is_invalid_argument() {
        for name in NAMES {
            for input in ["", "null", "[]", "{\"x\":", "\"text\"", "{\"budget\":7}"] {
                match run(name, input) {
                    Ok(Some(_)) => {}
                    Ok(None) => panic!("{name} is not dispatched"),
                    Err(e) => assert_eq!(e.code, ErrorCode::InvalidArgument, "{name} {input}"),
                }
            }
        }
        assert_eq!(run("a5e.nope", "{}").unwrap(), None);
    }

    /// The fuzz reproducer's input (issue 14): HP above the maximum are `INVALID_ARGUMENT`
    /// for every stateful object-HP step, not a negative regeneration.
    #[test]
    fn a5e_obj_10_object_hp_above_the_maximum_fuzz_regression() {
        for name in ["a5e.objectHp.take", "a5e.objectHp.regenerate"] {
            let e = run(
                name,
                r#"{"hp":{"current":50,"max":10},"brokenRegenerates":true}"#,
            )
            .unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidArgument, "{name}");
        }
        let out = run(
            "a5e.objectHp.regenerate",
            r#"{"hp":{"current":7,"max":10}}"#,
        )
        .unwrap()
        .unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["result"], 3, "{out}");
    }

    #[test]
    fn a5e_obj_07_08_door_through_json_with_the_c28_toggle() {
        let json = |rule: &str| {
            let input = format!(r#"{{"material":"wooden","fortified":true,"rule":"{rule}"}}"#);
            let out = run("a5e.door", &input).unwrap().unwrap();
            serde_json::from_str::<serde_json::Value>(&out).unwrap()["damageThreshold"].clone()
        };
        assert_eq!(json("table"), 19);
        assert_eq!(json("armorClass"), 15);
    }

    #[test]
    fn a5e_env_01_fall_through_json_rolls_the_supplied_dice() {
        let mut dice = SuppliedDice::new([6, 6, 6]);
        let out = dispatch("a5e.fall", r#"{"distanceFt":30}"#, &mut dice)
            .unwrap()
            .unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (v["diceCount"].clone(), v["damage"].clone()),
            (3.into(), 18.into())
        );
    }
}
