/** Level Up A5E procedures (`a5e`): plain data in, plain data with every die out. See the README. */
import type {
  A5eAbilityInput,
  A5eAstralInput,
  A5eBashInput,
  A5eBreathInput,
  A5eBreathStart,
  A5eDodgeInput,
  A5eDoorInput,
  A5eFallBackInput,
  A5eFallInput,
  A5eFeatureCheckInput,
  A5eFeatureInput,
  A5eFitInput,
  A5eFlanksInput,
  A5eGroupAttackInput,
  A5eGroupCheckInput,
  A5eHideInput,
  A5eHighJumpInput,
  A5eLandingInput,
  A5eLongJumpInput,
  A5eMaterialInput,
  A5eMirrorInput,
  A5eMoveQuery,
  A5eMovementStart,
  A5eObjectDamageInput,
  A5eObjectHpInput,
  A5eObstacleInput,
  A5ePerceiveInput,
  A5ePullAllyInput,
  A5eReadyInput,
  A5eResolveFeatureInput,
  A5eResolveGroupAttackInput,
  A5eSearchInput,
  A5eStealthyTravelInput,
  A5eVehiclePaceInput,
  A5eWaterDamageInput,
  A5eWorldActionInput,
  AttackAssessment,
  AttackCircumstances,
  AttackRoll,
  AttackRollInput,
  BashResult,
  BreathClock,
  BreathStatus,
  BreathTick,
  D20Test,
  D20TestRoll,
  DeathSaveRoll,
  DodgeEffect,
  Door,
  DoorRow,
  FallBackEffect,
  FallResult,
  FeatureCheckRoll,
  Fit,
  GroupAttack,
  GroupAttackResult,
  GroupCheck,
  HelpEffect,
  HelpWith,
  HideResult,
  HitPointsSpec,
  Landing,
  MaterialArmor,
  MirrorResult,
  MoveReport,
  MoveStep,
  MovementBudget,
  ObjectDamage,
  ObjectSave,
  ObstacleClearance,
  OpportunityTrigger,
  PaceEffects,
  PressTheAttackEffect,
  PressTheAttackRequest,
  PullAlly,
  ReadyEffect,
  RechargeRoll,
  RolledHitPoints,
  SearchResult,
  SightResult,
  SizeRow,
  StateStep,
  StealthyTravel,
  TumbleAttempt,
  TumbleResult,
  TwoWeaponSetup,
  WorldActionUse,
  WorldFeature,
  WorldFeatureResolution,
  WorldFeatureState,
} from "../wasm/turnkeeper.js";
import type { Dice } from "./dice.js";
import { runJsonProcedure } from "./procedures.js";

export type {
  A5eAbilityInput,
  A5eAstralInput,
  A5eBashInput,
  A5eBreathInput,
  A5eBreathStart,
  A5eDodgeInput,
  A5eDoorInput,
  A5eFallBackInput,
  A5eFallInput,
  A5eFeatureCheckInput,
  A5eFeatureInput,
  A5eFitInput,
  A5eFlanksInput,
  A5eGroupAttackInput,
  A5eGroupCheckInput,
  A5eHideInput,
  A5eHighJumpInput,
  A5eLandingInput,
  A5eLightLevel,
  A5eLongJumpInput,
  A5eMaterialInput,
  A5eMirrorInput,
  A5eMoveQuery,
  A5eMovementStart,
  A5eObjectDamageInput,
  A5eObjectHpInput,
  A5eObstacleInput,
  A5ePerceiveInput,
  A5ePullAllyInput,
  A5eReadyInput,
  A5eResolveFeatureInput,
  A5eResolveGroupAttackInput,
  A5eSearchInput,
  A5eStealthyTravelInput,
  A5eVehiclePaceInput,
  A5eWaterDamageInput,
  A5eWorldActionInput,
  A5eCover,
  AcrobaticsTraining,
  AffectedCreature,
  AppliedCondition,
  AttackAssessment,
  AttackCircumstances,
  AttackEnvironment,
  AttackForm,
  AttackOutcome,
  AttackRoll,
  AttackRollInput,
  AutoMissReason,
  BashResult,
  BreathClock,
  BreathStatus,
  BreathTick,
  CastingTime,
  CheckPurpose,
  CreatureOutcome,
  D20Test,
  D20TestRoll,
  DamageDice,
  DamageRoll,
  DeathSaveRoll,
  DiveRoll,
  DodgeEffect,
  Door,
  DoorMaterial,
  DoorRow,
  Durability,
  EdgeReason,
  FallBackEffect,
  FallLanding,
  FallResult,
  FeatureCheck,
  FeatureCheckRoll,
  FeatureEffect,
  FeatureSave,
  FeatureSpecial,
  FeatureTargets,
  FeatureTrigger,
  Fit,
  FlankingSituation,
  FortifiedThreshold,
  GroupAttack,
  GroupAttackBasis,
  GroupAttackResult,
  GroupCheck,
  HelpEffect,
  HelpWith,
  HelpedRoll,
  HideResult,
  HitPointsSpec,
  Landing,
  Lasts,
  MaterialArmor,
  MirrorResult,
  MoveMode,
  MoveReport,
  MoveStep,
  MovementBudget,
  MovementKind,
  MovementOptions,
  NoDamageReason,
  ObjectDamage,
  ObjectDefenses,
  ObjectMaterial,
  ObjectSave,
  Obscurement,
  ObstacleClearance,
  Observer,
  OpportunityTrigger,
  PaceEffects,
  PressTheAttackEffect,
  PressTheAttackRequest,
  PullAlly,
  Readied,
  ReadyEffect,
  Recharge,
  RechargeRoll,
  RolledHitPoints,
  SearchResult,
  Senses,
  ShadowSpawn,
  SightQuery,
  SightResult,
  Size,
  SizeRow,
  Skill,
  SpecialTerrainCost,
  Speeds,
  StandingEffect,
  StealthyTravel,
  TargetLocation,
  TravelPace,
  TumbleAttempt,
  TumbleResult,
  TwoWeaponSetup,
  VehicleKind,
  VisionSense,
  WaterWeapon,
  WorldActionUse,
  WorldEnvironment,
  WorldFeature,
  WorldFeatureId,
  WorldFeatureKind,
  WorldFeatureResolution,
  WorldFeatureState,
  WorldResolveOptions,
} from "../wasm/turnkeeper.js";

/** A typed wrapper for one `a5e.*` procedure. */
const fn =
  <I, O>(name: string) =>
  (input: I, dice?: Dice): O =>
    runJsonProcedure<O>(`a5e.${name}`, input, dice);

/** A table: no input. */
const table =
  <O>(name: string) =>
  (): O =>
    runJsonProcedure<O>(`a5e.${name}`, {});

type Budget = { budget: MovementBudget };
type Step<S, R> = StateStep<S, R>;

/** Level Up Advanced 5e procedures (RULES.md §2). */
export const a5e = {
  /** A5E-DICE-01..04, A5E-ATK-06: d20 + modifiers (+ expertise die unless rattled) vs AC + cover; natural 20 crits, 1 fumbles. */
  attack: fn<AttackRollInput, AttackRoll>("attack"),
  /** A5E-ATK-01..04, ENV-04, SCEN-01: advantage/disadvantage from sight, range, melee, water. */
  assessAttack: fn<AttackCircumstances, AttackAssessment>("assessAttack"),
  /** A5E-DICE-04: any d20 test (check or save) with its expertise die. */
  test: fn<D20Test, D20TestRoll>("test"),
  /** A5E-DICE-05: a death save; 10 or more succeeds. */
  deathSave: fn<D20Test, DeathSaveRoll>("deathSave"),
  /** A5E-ATK-05: does this movement provoke an opportunity attack? */
  opportunityAttack: fn<OpportunityTrigger, boolean>("opportunityAttack"),
  /** A5E-MOVE-01: the size table (space, creatures that can surround). */
  sizes: table<SizeRow[]>("sizes"),
  /** A5E-MOVE-02: fits, squeezes, or too small. */
  fit: fn<A5eFitInput, Fit>("fit"),
  /** A5E-MOVE-12/14: flanking on a grid or without one. */
  flanks: fn<A5eFlanksInput, boolean>("flanks"),
  /** A5E-MOVE-13: pulling a willing ally (2 extra ft per ft). */
  pullAlly: fn<A5ePullAllyInput, PullAlly>("pullAlly"),
  /** A5E-MOVE-03..20, A5E-ACT-03: a turn's movement as plain data; each call returns the next budget. */
  movement: {
    start: fn<A5eMovementStart, MovementBudget>("movement.start"),
    move: fn<Budget & { step: MoveStep }, Step<MovementBudget, MoveReport>>("movement.move"),
    /** A5E-ACT-03, C-31: doubles Speed; not with any fatigue. */
    dash: fn<Budget & { fatigueLevel?: number }, MovementBudget>("movement.dash"),
    /** A5E-COND-22: half the Speed; the result is the feet spent. */
    standUp: fn<Budget, Step<MovementBudget, number>>("movement.standUp"),
    /** A5E-MOVE-08: half the Speed, once per turn. */
    mount: fn<Budget, Step<MovementBudget, number>>("movement.mount"),
    /** A5E-MOVE-17/20: a jump, or a leap beyond Speed that ends movement. */
    jump: fn<Budget & { distanceFt: number; jumpFt: number }, Step<MovementBudget, MoveReport>>("movement.jump"),
    nextTurn: fn<Budget, MovementBudget>("movement.nextTurn"),
    /** What `step` would cost now, how far such a step could go, and what is left in its mode. */
    query: fn<Budget & { step: MoveStep }, A5eMoveQuery>("movement.query"),
  },
  /** A5E-MOVE-17: long jump = STR score in ft, with a 10 ft run-up. */
  longJump: fn<A5eLongJumpInput, number>("longJump"),
  /** A5E-MOVE-19: high jump = 3 + STR modifier ft running, half standing. */
  highJump: fn<A5eHighJumpInput, number>("highJump"),
  /** A5E-MOVE-18: an obstacle up to ¼ of the jump is cleared with a DC 10 check. */
  jumpObstacle: fn<A5eObstacleInput, ObstacleClearance>("jumpObstacle"),
  /** A5E-MOVE-18: landing in difficult terrain: DC 10 Acrobatics or prone. */
  jumpLanding: fn<A5eLandingInput, Landing>("jumpLanding"),
  /** A5E-ACT-05 */
  dodge: fn<A5eDodgeInput, DodgeEffect>("dodge"),
  /** A5E-ACT-06/07 */
  help: fn<HelpWith, HelpEffect>("help"),
  /** A5E-ACT-09 */
  pressTheAttack: fn<PressTheAttackRequest, PressTheAttackEffect>("pressTheAttack"),
  /** A5E-ACT-10 */
  fallBack: fn<A5eFallBackInput, FallBackEffect>("fallBack"),
  /** A5E-ACT-14: a Dexterity save by relative size, unless the target allows it. */
  tumble: fn<TumbleAttempt, TumbleResult>("tumble"),
  /** A5E-ACT-17: off-hand attacks allowed (1, or 2 with Extra Attack). */
  twoWeapon: fn<TwoWeaponSetup, number>("twoWeapon"),
  /** A5E-ACT-08: Stealth (+ cover) against each observer's passive Perception. */
  hide: fn<A5eHideInput, HideResult>("hide"),
  /** A5E-ACT-12 */
  search: fn<A5eSearchInput, SearchResult>("search"),
  /** A5E-ACT-11 */
  ready: fn<A5eReadyInput, ReadyEffect>("ready"),
  /** A5E-ENV-01: 1d6 per 10 ft (max 20d6), halved into water, none after a successful dive. */
  fall: fn<A5eFallInput, FallResult>("fall"),
  /** A5E-ENV-02/03: holding breath, then suffocating; `tick` at the start of each turn. */
  breath: {
    start: fn<A5eBreathStart, BreathClock>("breath.start"),
    tick: fn<A5eBreathInput, Step<BreathClock, BreathTick>>("breath.tick"),
    loseBreath: fn<A5eBreathInput, Step<BreathClock, BreathStatus>>("breath.loseBreath"),
  },
  /** A5E-ENV-04: bludgeoning and fire halved underwater. */
  waterDamage: fn<A5eWaterDamageInput, number>("waterDamage"),
  /** A5E-ENV-05..09: light, obscurement and special senses. */
  perceive: fn<A5ePerceiveInput, SightResult>("perceive"),
  /** A5E-WORLD-05..40: the whole catalogue. */
  worldFeatures: table<WorldFeature[]>("worldFeatures"),
  worldFeature: fn<A5eFeatureInput, WorldFeature>("worldFeature"),
  /** A feature set off as a hazard: saves, damage rolled once, conditions. */
  resolveFeature: fn<A5eResolveFeatureInput, WorldFeatureResolution>("resolveFeature"),
  featureCheck: fn<A5eFeatureCheckInput, FeatureCheckRoll>("featureCheck"),
  /** A5E-WORLD-23 */
  mirror: fn<A5eMirrorInput, MirrorResult>("mirror"),
  /** A5E-WORLD-02/03: a world action with its recharge. */
  worldAction: {
    start: fn<A5eFeatureInput, WorldFeatureState>("worldAction.start"),
    startOfRound: fn<Pick<A5eWorldActionInput, "state">, Step<WorldFeatureState, RechargeRoll | undefined>>(
      "worldAction.startOfRound",
    ),
    use: fn<A5eWorldActionInput, Step<WorldFeatureState, WorldActionUse>>("worldAction.use"),
  },
  /** A5E-CTRL-03: one check for a group; Strength adds +1 per other member. */
  groupCheck: fn<A5eGroupCheckInput, GroupCheck>("groupCheck"),
  /** A5E-CTRL-04: a group's attack as a save DC. */
  groupAttack: fn<A5eGroupAttackInput, GroupAttack>("groupAttack"),
  resolveGroupAttack: fn<A5eResolveGroupAttackInput, GroupAttackResult>("resolveGroupAttack"),
  /** A5E-OBJ-03 */
  objectArmor: table<MaterialArmor[]>("objectArmor"),
  objectAc: fn<A5eMaterialInput, number>("objectAc"),
  /** A5E-OBJ-04/05 */
  objectHitPoints: fn<A5eObjectHpInput, HitPointsSpec>("objectHitPoints"),
  rollObjectHitPoints: fn<A5eObjectHpInput, RolledHitPoints>("rollObjectHitPoints"),
  /** A5E-OBJ-02/06: immunities, resistance, vulnerability, damage threshold. */
  objectDamage: fn<A5eObjectDamageInput, ObjectDamage>("objectDamage"),
  objectSave: fn<A5eAbilityInput, ObjectSave>("objectSave"),
  /** A5E-OBJ-07: the door table, every row. */
  doors: table<DoorRow[]>("doors"),
  /** A5E-OBJ-07/08, C-28: `rule: "armorClass"` makes a fortified door's threshold its AC. */
  door: fn<A5eDoorInput, Door>("door"),
  bash: fn<A5eBashInput, BashResult>("bash"),
  /** A5E-TIME-05 */
  stealthyTravel: fn<A5eStealthyTravelInput, StealthyTravel>("stealthyTravel"),
  /** A5E-TIME-02 */
  vehiclePace: fn<A5eVehiclePaceInput, PaceEffects>("vehiclePace"),
  /** A5E-SCEN-03: 30 + 5 × INT modifier ft. */
  astralFlySpeed: fn<A5eAstralInput, number>("astralFlySpeed"),
} as const;
