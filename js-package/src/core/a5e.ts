/** Level Up A5E procedures (`a5e`): their types; the `a5e` object is built in procedures.ts. See the README. */
import type * as T from "../wasm/procedures.js";
import type { Dice } from "./dice.js";

export type {
  RollingSpeedInput,
  RollingForwardInput,
  GroupInput,
  GridSquare,
  A5eAbilityInput,
  A5eAstralInput,
  A5eBackToBackInput,
  A5eBashInput,
  A5eBreathInput,
  A5eBreathStart,
  A5eCommandMountInput,
  A5eCover,
  A5eCoverFacts,
  A5eCoverInput,
  A5eDamageInput,
  A5eDodgeInput,
  A5eDoorInput,
  A5eDropProneInput,
  A5eEchoInput,
  A5eFallBackInput,
  A5eFallInput,
  A5eFeatureCheckInput,
  A5eFeatureInput,
  A5eFitInput,
  A5eFlanksInput,
  A5eFoodInput,
  A5eGroundInput,
  A5eGroupAttackInput,
  A5eGroupCheckInput,
  A5eHideInput,
  A5eHighJumpInput,
  A5eJumpReachInput,
  A5eLandingInput,
  A5eLightLevel,
  A5eLongJumpInput,
  A5eMarchingOrderInput,
  A5eMarchingOrderView,
  A5eMaterialInput,
  A5eMirrorInput,
  A5eMountActionInput,
  A5eMovementStart,
  A5eMoveQuery,
  A5eNoticeInput,
  A5eObjectDamageInput,
  A5eObjectHpInput,
  A5eObjectHpState,
  A5eObstacleInput,
  A5eOffHand,
  A5eOffHandInput,
  A5ePerceiveInput,
  A5ePressExpertiseInput,
  A5ePullAllyInput,
  A5eReadyInput,
  A5eResolveFeatureInput,
  A5eResolveGroupAttackInput,
  A5eRideInput,
  A5eScenarioFacts,
  A5eScenarioInput,
  A5eSearchInput,
  A5eSprintInput,
  A5eStealthyTravelInput,
  A5eTruesightFacts,
  A5eTruesightInput,
  A5eTurnInput,
  A5eVehiclePaceInput,
  A5eVesselInput,
  A5eWaterDamageInput,
  A5eWorldActionInput,
  A5eZirkonInput,
  AcrobaticsTraining,
  ActionCost,
  AffectedCreature,
  AppliedCondition,
  AttackAssessment,
  AttackCircumstances,
  AttackEnvironment,
  AttackForm,
  AttackKind,
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
  CoverSaveRule,
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
  FutureMaterial,
  FutureMaterialRow,
  GroupAttack,
  GroupAttackBasis,
  GroupAttackResult,
  GroupCheck,
  HelpedRoll,
  HelpEffect,
  HelpWith,
  HideResult,
  HitPointsSpec,
  Landing,
  Lasts,
  MaterialArmor,
  MirrorResult,
  MountCommand,
  MountMoveAction,
  MovementBudget,
  MovementKind,
  MovementOptions,
  MoveMode,
  MoveReport,
  MoveStep,
  NoDamageReason,
  ObjectDamage,
  ObjectDefenses,
  ObjectHp,
  ObjectMaterial,
  ObjectSave,
  Obscurement,
  Observer,
  ObstacleClearance,
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
  TurnBudget,
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
  ZirkonEffect,
  ConditionImmunity,
  ImmunitiesInput,
} from "../wasm/procedures.js";

type Budget = { budget: T.MovementBudget };
type Step<S, R> = T.StateStep<S, R>;

/**
 * Level Up Advanced 5e procedures (docs/rules.md §2). Functions that roll take an optional `dice`
 * (crypto dice when omitted); tables take nothing.
 */
export interface A5eProcedures {
  /** A5E-DICE-01..04, A5E-ATK-06: d20 + modifiers (+ expertise die unless rattled) vs AC + cover; natural 20 crits, 1 fumbles. */
  attack(input: T.AttackRollInput, dice?: Dice): T.AttackRoll;
  /** A5E-ATK-01..04, ENV-04, SCEN-01: advantage/disadvantage from sight, range, melee, water. */
  assessAttack(input: T.AttackCircumstances): T.AttackAssessment;
  /** A5E-DICE-04: any d20 test (check or save) with its expertise die. */
  test(input: T.D20Test, dice?: Dice): T.D20TestRoll;
  /** A5E-DICE-05: a death save; 10 or more succeeds. */
  deathSave(input: T.D20Test, dice?: Dice): T.DeathSaveRoll;
  /** A5E-ATK-05: does this movement provoke an opportunity attack? */
  opportunityAttack(input: T.OpportunityTrigger): boolean;
  /** A5E-DICE-03: the abilities an attack may use (a finesse or thrown weapon offers two). */
  attackAbilities(input: T.AttackKind): T.Ability[];
  /** A5E-ATK-06, C-26: the best of several sources of cover and its bonuses (`rule: "allSaves"` for 004's reading). */
  cover(input: T.A5eCoverInput): T.A5eCoverFacts;
  /** A5E-DMG-01: damage dice plus a bonus (never below 0). */
  damage(input: T.A5eDamageInput, dice?: Dice): T.DamageRoll;
  /** A5E-MOVE-01: the size table (space, creatures that can surround). */
  sizes(): T.SizeRow[];
  /** A5E-MOVE-02: fits, squeezes, or too small. */
  fit(input: T.A5eFitInput): T.Fit;
  /** A5E-MOVE-12/14: flanking on a grid or without one. */
  flanks(input: T.A5eFlanksInput): boolean;
  /** A5E-MOVE-13: pulling a willing ally (2 extra ft per ft). */
  pullAlly(input: T.A5ePullAllyInput): T.PullAlly;
  /** A5E-MOVE-03..20, A5E-ACT-03: a turn's movement as plain data; each call returns the next budget. */
  movement: {
    start(input: T.A5eMovementStart): T.MovementBudget;
    move(input: Budget & { step: T.MoveStep }): Step<T.MovementBudget, T.MoveReport>;
    /** A5E-ACT-03, C-31: doubles Speed; not with any fatigue. */
    dash(input: Budget & { fatigueLevel?: number }): T.MovementBudget;
    /** A5E-COND-22: half the Speed; the result is the feet spent. */
    standUp(input: Budget): Step<T.MovementBudget, number>;
    /** A5E-MOVE-08: half the Speed, once per turn. */
    mount(input: Budget): Step<T.MovementBudget, number>;
    /** A5E-MOVE-17/20: a jump, or a leap beyond Speed that ends movement. */
    jump(input: Budget & { distanceFt: number; jumpFt: number }): Step<T.MovementBudget, T.MoveReport>;
    nextTurn(input: Budget): T.MovementBudget;
    /** What `step` would cost now, how far such a step could go, and what is left in its mode. */
    query(input: Budget & { step: T.MoveStep }): T.A5eMoveQuery;
  };
  /**
   * A5E-TURN-01..04, A5E-ACT-03/04: a creature's action economy (action, bonus action, reaction,
   * free object interaction) with its movement budget in `turn.movement`.
   */
  turn: {
    start(input: T.A5eMovementStart): T.TurnBudget;
    /** A5E-TURN-02: everything renews, the reaction included. */
    startTurn(input: { turn: T.TurnBudget }): T.TurnBudget;
    /** `NOT_ALLOWED` when already used. */
    spend(input: { turn: T.TurnBudget; cost: T.ActionCost }): T.TurnBudget;
    /** A5E-TURN-03: the first object interaction is free, the next takes the action. */
    interact(input: { turn: T.TurnBudget }): Step<T.TurnBudget, T.ActionCost>;
    disengage(input: { turn: T.TurnBudget }): T.TurnBudget;
    dash(input: { turn: T.TurnBudget; fatigueLevel?: number }): T.TurnBudget;
  };
  /** A5E-MOVE-17: long jump = STR score in ft, with a 10 ft run-up. */
  longJump(input: T.A5eLongJumpInput): number;
  /** A5E-MOVE-19: high jump = 3 + STR modifier ft running, half standing. */
  highJump(input: T.A5eHighJumpInput): number;
  /** A5E-MOVE-20: reach while jumping = jump height + 1.5 × the creature's height. */
  jumpReach(input: T.A5eJumpReachInput): number;
  /** A5E-MOVE-18: an obstacle up to ¼ of the jump is cleared with a DC 10 check. */
  jumpObstacle(input: T.A5eObstacleInput): T.ObstacleClearance;
  /** A5E-MOVE-18: landing in difficult terrain: DC 10 Acrobatics or prone. */
  jumpLanding(input: T.A5eLandingInput, dice?: Dice): T.Landing;
  /** A5E-ACT-05 */
  dodge(input: T.A5eDodgeInput): T.DodgeEffect;
  /** A5E-ACT-06/07 */
  help(input: T.HelpWith): T.HelpEffect;
  /** A5E-ACT-09 */
  pressTheAttack(input: T.PressTheAttackRequest): T.PressTheAttackEffect;
  /** A5E-ACT-10 */
  fallBack(input: T.A5eFallBackInput): T.FallBackEffect;
  /** A5E-ACT-14: a Dexterity save by relative size, unless the target allows it. */
  tumble(input: T.TumbleAttempt, dice?: Dice): T.TumbleResult;
  /** A5E-ACT-17: off-hand attacks allowed (1, or 2 with Extra Attack). */
  twoWeapon(input: T.TwoWeaponSetup): number;
  /** A5E-ACT-08: Stealth (+ cover) against each observer's passive Perception. */
  hide(input: T.A5eHideInput, dice?: Dice): T.HideResult;
  /** A5E-ACT-12 */
  search(input: T.A5eSearchInput, dice?: Dice): T.SearchResult;
  /** A5E-ACT-11 */
  ready(input: T.A5eReadyInput): T.ReadyEffect;
  /** A5E-ENV-01: 1d6 per 10 ft (max 20d6), halved into water, none after a successful dive. */
  fall(input: T.A5eFallInput, dice?: Dice): T.FallResult;
  /** A5E-ENV-02/03: holding breath, then suffocating; `tick` at the start of each turn. */
  breath: {
    start(input: T.A5eBreathStart): T.BreathClock;
    tick(input: T.A5eBreathInput): Step<T.BreathClock, T.BreathTick>;
    loseBreath(input: T.A5eBreathInput): Step<T.BreathClock, T.BreathStatus>;
  };
  /** A5E-ENV-04: bludgeoning and fire halved underwater. */
  waterDamage(input: T.A5eWaterDamageInput): number;
  /** A5E-ENV-05..09: light, obscurement and special senses. */
  perceive(input: T.A5ePerceiveInput): T.SightResult;
  /** A5E-WORLD-05..40: the whole catalogue. */
  worldFeatures(): T.WorldFeature[];
  worldFeature(input: T.A5eFeatureInput): T.WorldFeature;
  /** A feature set off as a hazard: saves, damage rolled once, conditions. */
  resolveFeature(input: T.A5eResolveFeatureInput, dice?: Dice): T.WorldFeatureResolution;
  featureCheck(input: T.A5eFeatureCheckInput, dice?: Dice): T.FeatureCheckRoll;
  /** A5E-WORLD-23 */
  mirror(input: T.A5eMirrorInput, dice?: Dice): T.MirrorResult;
  /** A5E-WORLD-02/03: a world action with its recharge. */
  worldAction: {
    start(input: T.A5eFeatureInput): T.WorldFeatureState;
    startOfRound(input: Pick<T.A5eWorldActionInput, "state">, dice?: Dice): Step<T.WorldFeatureState, T.RechargeRoll | undefined>;
    use(input: T.A5eWorldActionInput, dice?: Dice): Step<T.WorldFeatureState, T.WorldActionUse>;
  };
  /** A5E-CTRL-03: one check for a group; Strength adds +1 per other member. */
  groupCheck(input: T.A5eGroupCheckInput, dice?: Dice): T.GroupCheck;
  /** A5E-CTRL-04: a group's attack as a save DC. */
  groupAttack(input: T.A5eGroupAttackInput): T.GroupAttack;
  resolveGroupAttack(input: T.A5eResolveGroupAttackInput, dice?: Dice): T.GroupAttackResult;
  /** A5E-OBJ-03 */
  objectArmor(): T.MaterialArmor[];
  objectAc(input: T.A5eMaterialInput): number;
  /** A5E-OBJ-04/05 */
  objectHitPoints(input: T.A5eObjectHpInput): T.HitPointsSpec;
  rollObjectHitPoints(input: T.A5eObjectHpInput, dice?: Dice): T.RolledHitPoints;
  /** A5E-OBJ-02/06: immunities, resistance, vulnerability, damage threshold. */
  objectDamage(input: T.A5eObjectDamageInput): T.ObjectDamage;
  objectSave(input: T.A5eAbilityInput): T.ObjectSave;
  /** A5E-OBJ-07: the door table, every row. */
  doors(): T.DoorRow[];
  /** A5E-OBJ-07/08, C-28: `rule: "armorClass"` makes a fortified door's threshold its AC. */
  door(input: T.A5eDoorInput): T.Door;
  bash(input: T.A5eBashInput, dice?: Dice): T.BashResult;
  /** A5E-MOVE-11: 5 ft or more above the target, not grappled or restrained: an expertise die on melee attacks. */
  higherGround(input: Omit<T.A5eGroundInput, "creature" | "target">): boolean;
  /** A5E-MOVE-15: 5 ft or more below a target no larger than the creature: an expertise die on Strength checks and saves. */
  lowerGround(input: T.A5eGroundInput): boolean;
  /** A5E-MOVE-12: with an ally within 5 ft; the passive Perception bonus (+2). */
  backToBack(input: T.A5eBackToBackInput): number;
  /** A5E-MOVE-08: a mount at least one size larger that can carry the rider. */
  canRide(input: T.A5eRideInput): boolean;
  /** A5E-MOVE-09: `true`, or `NOT_ALLOWED` for Multiattack. */
  commandMount(input: T.A5eCommandMountInput): boolean;
  /** A5E-ACT-13: `true`, or `NOT_ALLOWED` with any fatigue. */
  sprint(input: T.A5eSprintInput): boolean;
  /** A5E-TIME-03: traps strike the front, ambushes the back. */
  marchingOrder(input: T.A5eMarchingOrderInput): T.A5eMarchingOrderView;
  /** A5E-OBJ-09: the far-future materials table. */
  futureMaterials(): T.FutureMaterialRow[];
  /** A5E-OBJ-04/10: an object's hit points; `take` reports whether it is broken. */
  objectHp: {
    start(input: { max: number }): T.ObjectHp;
    take(input: { hp: T.ObjectHp; dealt: number }): Step<T.ObjectHp, boolean>;
    /** A5E-OBJ-10: a forcefield regains 5 HP a round (a broken one only if `brokenRegenerates`). */
    regenerate(input: { hp: T.ObjectHp; brokenRegenerates?: boolean }): Step<T.ObjectHp, number>;
  };
  /** A5E-OBJ-07/08: can the check succeed at all (a 20 plus everything)? */
  bashPossible(input: T.A5eBashInput): boolean;
  /** A5E-OBJ-12: powers of level III or lower are blocked; higher ones cost double. */
  zirkon(input: T.A5eZirkonInput): T.ZirkonEffect;
  /** A5E-MOVE-09: a controlled mount may only Dash, Disengage or Dodge while it moves. */
  mountMay(input: T.A5eMountActionInput): boolean;
  /** A5E-MOVE-10: drop prone as a reaction to a ranged attack it can see. */
  dropProne(input: T.A5eDropProneInput): boolean;
  /** A5E-ACT-09/10: the expertise die a melee attack against the pressed target gets, if any. */
  pressExpertise(input: T.A5ePressExpertiseInput): T.DieSize | undefined;
  /** A5E-ACT-17: the off-hand damage modifier (only a negative one) and whether it may be thrown. */
  offHand(input: T.A5eOffHandInput): T.A5eOffHand;
  /** A5E-SCEN-01..03, A5E-MOVE-06: what the scenario rules say about a creature. */
  scenario(input: T.A5eScenarioInput): T.A5eScenarioFacts;
  /** A5E-WORLD-05: thunder damage in an Echo area gains 1 per die. */
  echoThunder(input: T.A5eEchoInput): number;
  /** A5E-ENV-10: fatigue from a long rest without food and water. */
  foodFatigue(input: T.A5eFoodInput): number;
  /** A5E-TIME-02: a ship travels as long as its crew does, up to 24 hours. */
  vesselHours(input: T.A5eVesselInput): number;
  /** A5E-TIME-04: passive Perception against a Stealth total. */
  noticesThreat(input: T.A5eNoticeInput): boolean;
  /** A5E-ENV-07/09 */
  truesight(input: T.A5eTruesightInput): T.A5eTruesightFacts;
  /** A5E-WORLD-01..03: the catalogue's world actions, ready for `Encounter.addWorldAction`. */
  worldActions(): T.WorldAction[];
  /** A5E-COND-06: a confused creature's d8 for its turn: 1–4 nothing, 5–6 moves randomly, 7–8 attacks a random creature in reach. */
  confused(input?: Record<string, never>, dice?: Dice): T.ConfusedRoll;
  /** A5E-TIME-05 */
  stealthyTravel(input: T.A5eStealthyTravelInput): T.StealthyTravel;
  /** A5E-TIME-02 */
  vehiclePace(input: T.A5eVehiclePaceInput): T.PaceEffects;
  /** A5E-SCEN-03: 30 + 5 × INT modifier ft. */
  astralFlySpeed(input: T.A5eAstralInput): number;
  /** A5E-SCEN-04: a rolling-movement scene's base speed per round: the second-slowest participant's Speed, or 30 ft with fewer than two. */
  rollingSpeed(input: T.RollingSpeedInput): number;
  /** A5E-SCEN-05: whether this turn's movement may carry the participant further forward (only when it Dashes or takes an improvised action; sideways or slowing down always may). */
  rollingForward(input: T.RollingForwardInput): boolean;
  /** A5E-CTRL-01: the members (indexes) of a group of identical controlled creatures that are not within 5 ft of another member; none: the group moves together. Squares in feet; diagonals count as 5 ft. */
  groupStragglers(input: T.GroupInput): number[];
  /** A5E-COND-28: every condition a creature listing these immunities is immune to, each with the listed one that covers it (`via`, absent when listed itself). */
  conditionImmunities(input: T.ImmunitiesInput): T.ConditionImmunity[];
}
