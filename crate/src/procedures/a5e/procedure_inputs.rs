//! The input and result bundles of the A5E procedures (see [`super::procedures`]): rules that
//! take separate arguments get one struct of them, rules that answer with more than one part
//! one struct of the parts. Each names the procedure and rules it serves.

use crate::dice::{DieSize, RollMode};
use crate::procedures::a5e::ability::{Ability, Skill};
use crate::procedures::a5e::actions::{Observer, Readied};
use crate::procedures::a5e::control::{GroupAttack, GroupAttackBasis};
use crate::procedures::a5e::cover::{A5eCover, CoverSaveRule};
use crate::procedures::a5e::damage::{DamageDice, DamageType};
use crate::procedures::a5e::dice::D20Test;
use crate::procedures::a5e::environment::breath::{BreathClock, DEFAULT_ROUND_SECONDS};
use crate::procedures::a5e::environment::falling::FallLanding;
use crate::procedures::a5e::environment::vision::{Senses, SightQuery};
use crate::procedures::a5e::movement::{MoveStep, MovementBudget, MovementOptions, Speeds};
use crate::procedures::a5e::objects::armor::ObjectMaterial;
use crate::procedures::a5e::objects::damage::{ObjectDefenses, ObjectHp};
use crate::procedures::a5e::objects::doors::{DoorMaterial, FortifiedThreshold};
use crate::procedures::a5e::objects::hit_points::Durability;
use crate::procedures::a5e::position::{FlankingSituation, MountCommand, MountMoveAction};
use crate::procedures::a5e::size::Size;
use crate::procedures::a5e::travel::{TravelPace, VehicleKind};
use crate::procedures::a5e::turn::{ActionCost, TurnBudget};
use crate::procedures::a5e::world::catalogue::WorldFeatureId;
use crate::procedures::a5e::world::resolve::{AffectedCreature, WorldResolveOptions};
use crate::procedures::a5e::world::state::WorldFeatureState;

/// For A5E-ATK-06, C-26: every source of cover between attacker and target, and the
/// saving throw in question.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
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
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eCoverFacts {
    pub cover: A5eCover,
    pub ac_bonus: i32,
    pub save_bonus: i32,
    pub hide_bonus: i32,
    /// Total cover: the target can't be attacked or targeted directly.
    pub can_be_targeted_directly: bool,
}

/// For A5E-DMG-01: damage dice plus a bonus.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eDamageInput {
    pub damage: DamageDice,
    #[serde(default)]
    pub bonus: i32,
}

/// For A5E-MOVE-02: a creature's size and the size of the space.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eFitInput {
    pub creature: Size,
    pub space: Size,
}

/// For A5E-MOVE-12/14.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eFlanksInput {
    pub situation: FlankingSituation,
    #[serde(default)]
    pub target_back_to_back: bool,
}

/// For A5E-MOVE-13.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5ePullAllyInput {
    pub distance_to_ally_ft: u32,
    pub ally_willing: bool,
    pub has_reaction: bool,
}

/// A creature's speeds (every modifier but Dash applied).
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eMovementStart {
    pub speeds: Speeds,
    #[serde(default)]
    pub options: MovementOptions,
}

/// A movement budget and what to do with it. `step` for `move` and `query`; `fatigueLevel` for
/// `dash`; `distanceFt` and `jumpFt` for `jump`.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// What a step would cost now, the farthest such a step could go, and
/// the movement left in its mode (`undefined` without the speed it needs).
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eMoveQuery {
    pub cost_ft: u32,
    pub max_distance_ft: u32,
    pub remaining_ft: Option<u32>,
}

/// For A5E-TURN-01..04: a creature's action economy and what to do with it.
/// `cost` for `spend`; `fatigueLevel` for `dash`.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eTurnInput {
    pub turn: TurnBudget,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<ActionCost>,
    #[serde(default)]
    pub fatigue_level: u32,
}

/// For A5E-MOVE-17.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eLongJumpInput {
    pub strength_score: u32,
    pub run_up_ft: u32,
}

/// For A5E-MOVE-19.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eHighJumpInput {
    pub strength_modifier: i32,
    pub running: bool,
}

/// For A5E-MOVE-20: how high a jumping creature can reach.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct A5eJumpReachInput {
    pub jump_height_ft: f64,
    pub creature_height_ft: f64,
}

/// For A5E-MOVE-18: an obstacle's height and the jump's length.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct A5eObstacleInput {
    pub obstacle_ft: f64,
    pub jump_ft: u32,
}

/// For A5E-MOVE-18: landing in difficult terrain takes an Acrobatics check.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eLandingInput {
    /// `false` when left out: only difficult terrain calls for the check.
    #[serde(default)]
    pub in_difficult_terrain: bool,
    #[serde(default)]
    pub acrobatics: D20Test,
}

/// For A5E-ACT-05.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eDodgeInput {
    pub current_speed_ft: u32,
}

/// For A5E-ACT-10.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eFallBackInput {
    pub has_reaction: bool,
    #[serde(default)]
    pub raging: bool,
}

/// For A5E-ACT-08: the Stealth check, the best cover, and who is looking.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eHideInput {
    #[serde(default)]
    pub stealth: D20Test,
    #[serde(default)]
    pub cover: A5eCover,
    pub observers: Vec<Observer>,
}

/// For A5E-ACT-12.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eSearchInput {
    pub skill: Skill,
    #[serde(default)]
    pub check: D20Test,
    pub dc: i32,
}

/// For A5E-ACT-11.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eReadyInput {
    pub readied: Readied,
    pub speed_ft: u32,
}

/// For A5E-ENV-01: the distance fallen and what it lands in.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eFallInput {
    pub distance_ft: u32,
    #[serde(default)]
    pub landing: FallLanding,
}

/// For A5E-ENV-02/03: CON modifier and seconds per round (6 unless given).
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eBreathStart {
    pub con_modifier: i32,
    #[serde(default = "round_seconds")]
    pub round_seconds: u32,
}

const fn round_seconds() -> u32 {
    DEFAULT_ROUND_SECONDS
}

/// A breath clock.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eBreathInput {
    pub clock: BreathClock,
}

/// For A5E-ENV-04: damage taken underwater.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eWaterDamageInput {
    pub amount: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
}

/// For A5E-ENV-05..09: the observer's senses and what it looks at.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5ePerceiveInput {
    #[serde(default)]
    pub senses: Senses,
    pub query: SightQuery,
}

/// One catalogue entry.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eFeatureInput {
    pub feature: WorldFeatureId,
}

/// A catalogue feature set off against the creatures in its area.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eResolveFeatureInput {
    pub feature: WorldFeatureId,
    pub creatures: Vec<AffectedCreature>,
    #[serde(default)]
    pub options: WorldResolveOptions,
}

/// A creature's check against a feature's fixed DC.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eFeatureCheckInput {
    pub feature: WorldFeatureId,
    #[serde(default)]
    pub test: D20Test,
}

/// For A5E-WORLD-23.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eMirrorInput {
    pub spell_level: u32,
    pub defender: D20Test,
    pub caster: D20Test,
}

/// For A5E-WORLD-02/03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eWorldActionInput {
    pub state: WorldFeatureState,
    #[serde(default)]
    pub creatures: Vec<AffectedCreature>,
    #[serde(default)]
    pub options: WorldResolveOptions,
}

/// For A5E-CTRL-03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eGroupCheckInput {
    pub ability: Ability,
    pub members: u32,
    #[serde(default)]
    pub check: D20Test,
    pub dc: i32,
}

/// For A5E-CTRL-04.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eGroupAttackInput {
    pub basis: GroupAttackBasis,
    pub members: u32,
}

/// For A5E-CTRL-04: the target's save, then the damage.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eResolveGroupAttackInput {
    pub attack: GroupAttack,
    #[serde(default)]
    pub target_save: D20Test,
    pub damage: DamageDice,
    #[serde(default)]
    pub damage_modifier: i32,
}

/// For A5E-OBJ-03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eMaterialInput {
    pub material: ObjectMaterial,
}

/// For A5E-OBJ-04/05.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eObjectHpInput {
    pub size: Size,
    pub durability: Durability,
}

/// For A5E-OBJ-02/06: damage against an object's defenses.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eObjectDamageInput {
    #[serde(default)]
    pub defenses: ObjectDefenses,
    pub amount: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
}

/// For A5E-OBJ-02.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eAbilityInput {
    pub ability: Ability,
}

/// For A5E-OBJ-07/08, C-28: `rule` picks the fortified doors' damage threshold.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eDoorInput {
    pub material: DoorMaterial,
    #[serde(default)]
    pub fortified: bool,
    #[serde(default)]
    pub rule: FortifiedThreshold,
}

/// For A5E-OBJ-07/08: a Strength check against a bash DC.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eBashInput {
    pub bash_dc: i32,
    #[serde(default)]
    pub check: D20Test,
}

/// For A5E-MOVE-11 and A5E-MOVE-15: `heightFt` is how far
/// the creature is above (higher ground) or below (lower ground) its target.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// For A5E-MOVE-12.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eBackToBackInput {
    pub distance_to_ally_ft: u32,
}

/// For A5E-MOVE-08.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eRideInput {
    pub rider: Size,
    pub mount: Size,
    pub mount_can_carry: bool,
}

/// For A5E-MOVE-09.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eCommandMountInput {
    pub command: MountCommand,
}

/// For A5E-ACT-13.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct A5eSprintInput {
    pub fatigue_level: u32,
}

/// For A5E-TIME-03: members from front to back.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eMarchingOrderInput {
    pub front_to_back: Vec<String>,
}

/// A validated marching order and whom traps and ambushes strike first.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eMarchingOrderView {
    pub members: Vec<String>,
    pub trap_target: Option<String>,
    pub ambush_target: Option<String>,
}

/// For A5E-OBJ-04/10: an object's hit points; `max` for `start`, `dealt` for
/// `take`, `brokenRegenerates` for `regenerate`.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct A5eObjectHpState {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hp: Option<ObjectHp>,
    pub max: u32,
    pub dealt: u32,
    pub broken_regenerates: bool,
}

/// For A5E-OBJ-12.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eZirkonInput {
    pub power_level: u32,
    pub point_cost: u32,
}

/// For A5E-MOVE-09: an action a controlled mount wants to take while it moves.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eMountActionInput {
    pub action: MountMoveAction,
}

/// For A5E-MOVE-10: dropping prone as a reaction.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eDropProneInput {
    pub targeted_by_ranged_attack: bool,
    pub sees_attacker: bool,
}

/// For A5E-ACT-09/10: a melee attack against the pressed target.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// For A5E-ACT-17.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eOffHandInput {
    pub ability_modifier: i32,
    #[serde(default)]
    pub off_hand_thrown: bool,
}

/// An off-hand attack's damage modifier (only a negative one applies) and whether it may be a
/// ranged (thrown) attack.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eOffHand {
    pub damage_modifier: i32,
    pub may_be_ranged: bool,
}

/// For A5E-SCEN-01..03, A5E-MOVE-06: a creature in an alternative scenario.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// For A5E-WORLD-05: a damage roll inside an Echo area.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eEchoInput {
    pub total: u32,
    pub dice_rolled: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
}

/// For A5E-ENV-10.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eFoodInput {
    pub ate_and_drank: bool,
}

/// For A5E-TIME-02.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eVesselInput {
    pub crew_hours: u32,
}

/// For A5E-TIME-04.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eNoticeInput {
    pub passive_perception: i32,
    pub stealth_total: i32,
}

/// For A5E-ENV-07/09.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eTruesightInput {
    #[serde(default)]
    pub senses: Senses,
    pub distance_ft: u32,
}

/// Whether truesight reaches that far, and whether the senses ignore visual illusions.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eTruesightFacts {
    pub truesight_pierces: bool,
    pub immune_to_visual_illusions: bool,
}

/// For A5E-TIME-05.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eStealthyTravelInput {
    pub pace: TravelPace,
    pub group_stealth_total: i32,
    pub threats: Vec<Observer>,
}

/// For A5E-TIME-02.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eVehiclePaceInput {
    pub kind: VehicleKind,
    pub pace: TravelPace,
}

/// For A5E-SCEN-03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct A5eAstralInput {
    pub intelligence_modifier: i32,
}
