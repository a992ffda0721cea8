// Generated from the procedure definitions (crate/src/procedures/*/procedures.rs and
// crate/src/exploration/procedures.rs) by crate/tests/procedures_generated.rs: do not
// edit. Rewrite with `TURNKEEPER_BLESS_GENERATED=1 cargo test -q --test procedures_generated`.
import type * as W from "../wasm/procedures.js";
import type { Dice } from "./dice.js";

/** Every procedure by name: its input and its result. */
export interface ProcedureTypes {
  "ose.reaction": { input: W.ReactionInput; result: W.ReactionRoll };
  "ose.encounterDistance": { input: W.EncounterDistanceInput; result: W.EncounterDistance };
  "ose.surprise": { input: W.SurpriseInput; result: W.SurpriseRoll };
  "ose.openEncounter": { input: W.OpeningInput; result: W.EncounterOpening };
  "ose.beginEvasion": { input: W.BeginEvasionInput; result: W.EvasionStart };
  "ose.encounterMovement": { input: W.EncounterMovementInput; result: W.Distance };
  "ose.morale": { input: W.OseMoraleInput; result: W.OseMoraleCheck };
  "ose.moraleTracked": { input: W.TrackedMoraleInput; result: W.TrackedMoraleResult };
  "ose.moraleLosses": { input: W.MoraleLossesInput; result: W.MoraleLossesResult };
  "ose.mercenaryMorale": { input: W.MercenaryMoraleInput; result: W.MoraleScore };
  "ose.evasion.dungeon": { input: W.DungeonEvasionInput; result: W.EvasionOutcome };
  "ose.evasion.waterborneChance": { input: W.WaterborneRates; result: W.Percent };
  "ose.evasion.waterborne": { input: W.WaterborneRates; result: W.WaterborneEvasion };
  "ose.evasion.wildernessPlan": { input: W.WildernessEvasionInput; result: W.WildernessEvasionPlan };
  "ose.evasion.wilderness": { input: W.WildernessEvasionInput; result: W.WildernessEvasion };
  "ose.dungeonPursuit.start": { input: W.DungeonPursuitStart; result: W.DungeonPursuit };
  "ose.dungeonPursuit.round": { input: W.PursuitOnly<W.DungeonPursuit>; result: W.PursuitStep<W.DungeonPursuit, W.DungeonPursuitRound> };
  "ose.dungeonPursuit.drop": { input: W.DropInput; result: W.PursuitStep<W.DungeonPursuit, W.DistractionResult> };
  "ose.dungeonPursuit.stop": { input: W.StopInput; result: W.PursuitStep<W.DungeonPursuit, W.PursuitStatus> };
  "ose.waterbornePursuit.start": { input: W.WaterbornePursuitStart; result: W.WaterbornePursuitStarted };
  "ose.waterbornePursuit.round": { input: W.PursuitOnly<W.WaterbornePursuit>; result: W.PursuitStep<W.WaterbornePursuit, W.WaterbornePursuitRound> };
  "ose.wildernessPursuit.start": { input: W.WildernessEvasionInput; result: W.WildernessPursuit };
  "ose.wildernessPursuit.catchUp": { input: W.PursuitOnly<W.WildernessPursuit>; result: W.PursuitStep<W.WildernessPursuit, W.CatchUpResult> };
  "ose.wildernessPursuit.decide": { input: W.DecideInput; result: W.PursuitStep<W.WildernessPursuit, W.DecisionResult> };
  "ose.running.run": { input: Omit<W.RunningInput, "turns">; result: W.RunningUpdate };
  "ose.running.rest": { input: Omit<W.RunningInput, "rounds">; result: W.RunningUpdate };
  "ose.attack": { input: W.OseAttackInput; result: W.OseAttackResult };
  "ose.damage": { input: W.OseDamageInput; result: W.OseDamage };
  "ose.unarmedDamage": { input: W.UnarmedDamageInput; result: W.OseDamage };
  "ose.bombing": { input: W.BombingInput; result: W.BombingResult };
  "ose.subdual": { input: W.SubdualInput; result: W.StateStep<W.SubdualTrack, W.SubdualStatus> };
  "ose.canHarmInvulnerable": { input: W.InvulnerabilityInput; result: boolean };
  "ose.fightingWithdrawal": { input: W.MeleeMovementInput; result: number };
  "ose.retreatMovement": { input: Omit<W.MeleeMovementInput, "clearPath">; result: number };
  "ose.castingObstacles": { input: W.CasterState; result: W.CastingObstacle[] };
  "ose.spellDisrupted": { input: W.DisruptionCheck; result: boolean };
  "ose.save": { input: W.OseSaveInput; result: W.OseSave };
  "ose.monsterSave": { input: W.MonsterSaveInput; result: W.OseSave };
  "ose.monsterSaves": { input: W.MonsterSavesInput; result: W.SaveValues };
  "ose.abilityCheck": { input: W.OseAbilityCheckInput; result: W.OseAbilityCheck };
  "ose.drowning": { input: W.DrowningInput; result: W.PercentileRoll };
  "hyb.check": { input: W.HybCheckInput; result: W.HybCheckResult };
  "hyb.stealth.attempt": { input: W.StealthInput & { check: W.HybCheckInput }; result: W.StateStep<W.Stealth, W.HybCheckResult> };
  "hyb.stealth.attack": { input: Pick<W.StealthInput, "stealth">; result: W.StateStep<W.Stealth, boolean> };
  "hyb.dangerousCheck": { input: W.DangerousCheckInput; result: W.DangerousCheck };
  "hyb.trap": { input: W.TrapInput; result: W.TrapResult };
  "hyb.attack": { input: W.HybAttackInput; result: W.HybAttackResult };
  "hyb.damage": { input: W.HybDamageInput; result: W.HybDamage };
  "hyb.chase": { input: W.ChaseInput; result: W.ChaseResult };
  "hyb.chaseDc": { input: W.ChaseDcInput; result: number };
  "hyb.morale": { input: W.HybMoraleCall; result: W.HybMoraleCheck };
  "hyb.followerMorale": { input: W.HybMoraleInput; result: W.HybMoraleCheck };
  "hyb.light": { input: W.HybLightInput; result: W.HybLightEffects };
  "hyb.planMorale": { input: W.HybGroupMoraleInput; result: W.MoraleUnit[] };
  "hyb.moraleFor": { input: W.HybGroupMoraleInput; result: W.MoraleUnitCheck[] };
  "hyb.retreat": { input: W.RetreatInput; result: W.RetreatResult };
  "a5e.attack": { input: W.AttackRollInput; result: W.AttackRoll };
  "a5e.assessAttack": { input: W.AttackCircumstances; result: W.AttackAssessment };
  "a5e.test": { input: W.D20Test; result: W.D20TestRoll };
  "a5e.deathSave": { input: W.D20Test; result: W.DeathSaveRoll };
  "a5e.opportunityAttack": { input: W.OpportunityTrigger; result: boolean };
  "a5e.attackAbilities": { input: W.AttackKind; result: W.Ability[] };
  "a5e.cover": { input: W.A5eCoverInput; result: W.A5eCoverFacts };
  "a5e.damage": { input: W.A5eDamageInput; result: W.DamageRoll };
  "a5e.sizes": { input: Record<string, never>; result: W.SizeRow[] };
  "a5e.fit": { input: W.A5eFitInput; result: W.Fit };
  "a5e.flanks": { input: W.A5eFlanksInput; result: boolean };
  "a5e.pullAlly": { input: W.A5ePullAllyInput; result: W.PullAlly };
  "a5e.movement.start": { input: W.A5eMovementStart; result: W.MovementBudget };
  "a5e.movement.move": { input: { budget: W.MovementBudget } & { step: W.MoveStep }; result: W.StateStep<W.MovementBudget, W.MoveReport> };
  "a5e.movement.dash": { input: { budget: W.MovementBudget } & { fatigueLevel?: number }; result: W.MovementBudget };
  "a5e.movement.standUp": { input: { budget: W.MovementBudget }; result: W.StateStep<W.MovementBudget, number> };
  "a5e.movement.mount": { input: { budget: W.MovementBudget }; result: W.StateStep<W.MovementBudget, number> };
  "a5e.movement.jump": { input: { budget: W.MovementBudget } & { distanceFt: number; jumpFt: number }; result: W.StateStep<W.MovementBudget, W.MoveReport> };
  "a5e.movement.nextTurn": { input: { budget: W.MovementBudget }; result: W.MovementBudget };
  "a5e.movement.query": { input: { budget: W.MovementBudget } & { step: W.MoveStep }; result: W.A5eMoveQuery };
  "a5e.turn.start": { input: W.A5eMovementStart; result: W.TurnBudget };
  "a5e.turn.startTurn": { input: { turn: W.TurnBudget }; result: W.TurnBudget };
  "a5e.turn.spend": { input: { turn: W.TurnBudget; cost: W.ActionCost }; result: W.TurnBudget };
  "a5e.turn.interact": { input: { turn: W.TurnBudget }; result: W.StateStep<W.TurnBudget, W.ActionCost> };
  "a5e.turn.disengage": { input: { turn: W.TurnBudget }; result: W.TurnBudget };
  "a5e.turn.dash": { input: { turn: W.TurnBudget; fatigueLevel?: number }; result: W.TurnBudget };
  "a5e.longJump": { input: W.A5eLongJumpInput; result: number };
  "a5e.highJump": { input: W.A5eHighJumpInput; result: number };
  "a5e.jumpReach": { input: W.A5eJumpReachInput; result: number };
  "a5e.jumpObstacle": { input: W.A5eObstacleInput; result: W.ObstacleClearance };
  "a5e.jumpLanding": { input: W.A5eLandingInput; result: W.Landing };
  "a5e.dodge": { input: W.A5eDodgeInput; result: W.DodgeEffect };
  "a5e.help": { input: W.HelpWith; result: W.HelpEffect };
  "a5e.pressTheAttack": { input: W.PressTheAttackRequest; result: W.PressTheAttackEffect };
  "a5e.fallBack": { input: W.A5eFallBackInput; result: W.FallBackEffect };
  "a5e.tumble": { input: W.TumbleAttempt; result: W.TumbleResult };
  "a5e.twoWeapon": { input: W.TwoWeaponSetup; result: number };
  "a5e.hide": { input: W.A5eHideInput; result: W.HideResult };
  "a5e.search": { input: W.A5eSearchInput; result: W.SearchResult };
  "a5e.ready": { input: W.A5eReadyInput; result: W.ReadyEffect };
  "a5e.fall": { input: W.A5eFallInput; result: W.FallResult };
  "a5e.breath.start": { input: W.A5eBreathStart; result: W.BreathClock };
  "a5e.breath.tick": { input: W.A5eBreathInput; result: W.StateStep<W.BreathClock, W.BreathTick> };
  "a5e.breath.loseBreath": { input: W.A5eBreathInput; result: W.StateStep<W.BreathClock, W.BreathStatus> };
  "a5e.waterDamage": { input: W.A5eWaterDamageInput; result: number };
  "a5e.perceive": { input: W.A5ePerceiveInput; result: W.SightResult };
  "a5e.worldFeatures": { input: Record<string, never>; result: W.WorldFeature[] };
  "a5e.worldFeature": { input: W.A5eFeatureInput; result: W.WorldFeature };
  "a5e.resolveFeature": { input: W.A5eResolveFeatureInput; result: W.WorldFeatureResolution };
  "a5e.featureCheck": { input: W.A5eFeatureCheckInput; result: W.FeatureCheckRoll };
  "a5e.mirror": { input: W.A5eMirrorInput; result: W.MirrorResult };
  "a5e.worldAction.start": { input: W.A5eFeatureInput; result: W.WorldFeatureState };
  "a5e.worldAction.startOfRound": { input: Pick<W.A5eWorldActionInput, "state">; result: W.StateStep<W.WorldFeatureState, W.RechargeRoll | undefined> };
  "a5e.worldAction.use": { input: W.A5eWorldActionInput; result: W.StateStep<W.WorldFeatureState, W.WorldActionUse> };
  "a5e.groupCheck": { input: W.A5eGroupCheckInput; result: W.GroupCheck };
  "a5e.groupAttack": { input: W.A5eGroupAttackInput; result: W.GroupAttack };
  "a5e.resolveGroupAttack": { input: W.A5eResolveGroupAttackInput; result: W.GroupAttackResult };
  "a5e.objectArmor": { input: Record<string, never>; result: W.MaterialArmor[] };
  "a5e.objectAc": { input: W.A5eMaterialInput; result: number };
  "a5e.objectHitPoints": { input: W.A5eObjectHpInput; result: W.HitPointsSpec };
  "a5e.rollObjectHitPoints": { input: W.A5eObjectHpInput; result: W.RolledHitPoints };
  "a5e.objectDamage": { input: W.A5eObjectDamageInput; result: W.ObjectDamage };
  "a5e.objectSave": { input: W.A5eAbilityInput; result: W.ObjectSave };
  "a5e.doors": { input: Record<string, never>; result: W.DoorRow[] };
  "a5e.door": { input: W.A5eDoorInput; result: W.Door };
  "a5e.bash": { input: W.A5eBashInput; result: W.BashResult };
  "a5e.higherGround": { input: Omit<W.A5eGroundInput, "creature" | "target">; result: boolean };
  "a5e.lowerGround": { input: W.A5eGroundInput; result: boolean };
  "a5e.backToBack": { input: W.A5eBackToBackInput; result: number };
  "a5e.canRide": { input: W.A5eRideInput; result: boolean };
  "a5e.commandMount": { input: W.A5eCommandMountInput; result: boolean };
  "a5e.sprint": { input: W.A5eSprintInput; result: boolean };
  "a5e.marchingOrder": { input: W.A5eMarchingOrderInput; result: W.A5eMarchingOrderView };
  "a5e.futureMaterials": { input: Record<string, never>; result: W.FutureMaterialRow[] };
  "a5e.objectHp.start": { input: { max: number }; result: W.ObjectHp };
  "a5e.objectHp.take": { input: { hp: W.ObjectHp; dealt: number }; result: W.StateStep<W.ObjectHp, boolean> };
  "a5e.objectHp.regenerate": { input: { hp: W.ObjectHp; brokenRegenerates?: boolean }; result: W.StateStep<W.ObjectHp, number> };
  "a5e.bashPossible": { input: W.A5eBashInput; result: boolean };
  "a5e.zirkon": { input: W.A5eZirkonInput; result: W.ZirkonEffect };
  "a5e.mountMay": { input: W.A5eMountActionInput; result: boolean };
  "a5e.dropProne": { input: W.A5eDropProneInput; result: boolean };
  "a5e.pressExpertise": { input: W.A5ePressExpertiseInput; result: W.DieSize | undefined };
  "a5e.offHand": { input: W.A5eOffHandInput; result: W.A5eOffHand };
  "a5e.scenario": { input: W.A5eScenarioInput; result: W.A5eScenarioFacts };
  "a5e.echoThunder": { input: W.A5eEchoInput; result: number };
  "a5e.foodFatigue": { input: W.A5eFoodInput; result: number };
  "a5e.vesselHours": { input: W.A5eVesselInput; result: number };
  "a5e.noticesThreat": { input: W.A5eNoticeInput; result: boolean };
  "a5e.truesight": { input: W.A5eTruesightInput; result: W.A5eTruesightFacts };
  "a5e.worldActions": { input: Record<string, never>; result: W.WorldAction[] };
  "a5e.confused": { input: Record<string, never>; result: W.ConfusedRoll };
  "a5e.stealthyTravel": { input: W.A5eStealthyTravelInput; result: W.StealthyTravel };
  "a5e.vehiclePace": { input: W.A5eVehiclePaceInput; result: W.PaceEffects };
  "a5e.astralFlySpeed": { input: W.A5eAstralInput; result: number };
  "ose.encumbrance": { input: W.Encumbrance; result: W.MovementRate | undefined };
  "ose.treasureWeight": { input: W.TreasureInput; result: W.Coins };
  "ose.partyMovement": { input: W.PartyMovementInput; result: W.MovementRate | undefined };
  "ose.falling": { input: W.FeetInput; result: W.FallDamage };
  "ose.swimming": { input: W.FeetInput; result: W.Feet };
  "ose.starving": { input: W.StarvingInput; result: boolean };
  "ose.climbSheer": { input: W.ClimbInput; result: boolean };
  "ose.climb": { input: W.Climb; result: W.ClimbResult };
  "ose.encircled": { input: W.EncircledInput; result: boolean };
  "ose.flyingMount": { input: W.HdInput; result: W.FlyingLoad | undefined };
  "ose.infravision": { input: W.InfravisionInput; result: boolean };
  "ose.lightSpoilsSurprise": { input: W.LightSurpriseInput; result: boolean };
  "ose.splitTreasure": { input: W.SplitInput; result: W.Split };
  "ose.magicItemPicks": { input: W.PicksInput; result: W.PickRoll[] };
  "ose.partyAdvice": { input: W.LevelsInput; result: W.PartyAdvice[] };
  "ose.door": { input: W.DoorInput; result: W.DoorFacts };
  "hyb.load": { input: W.HybLoadInput; result: W.LoadEffect };
  "hyb.coins": { input: W.Purse; result: W.PurseWeight };
  "hyb.change": { input: W.ChangeInput; result: W.Purse };
  "hyb.carriedLoot": { input: W.HdInput; result: W.CarriedLoot };
  "hyb.xpForGold": { input: W.XpForGoldInput; result: number };
  "hyb.overland": { input: W.HybOverlandInput; result: W.Miles };
  "hyb.waterSpeed": { input: W.WaterSpeedInput; result: W.WaterSpeed };
  "hyb.move": { input: W.HybMoveInput; result: number };
  "a5e.rollingSpeed": { input: W.RollingSpeedInput; result: number };
  "a5e.rollingForward": { input: W.RollingForwardInput; result: boolean };
  "a5e.groupStragglers": { input: W.GroupInput; result: number[] };
  "a5e.conditionImmunities": { input: W.ImmunitiesInput; result: W.ConditionImmunity[] };
}

/** A procedure's name. */
export type ProcedureName = keyof ProcedureTypes;

/** The generated calls of the `ose` namespace (the pursuits and the morale tracker are classes beside them). */
export interface OseProcedureCalls {
  /** OSE-REACT-01: 2d6 + the speaker's CHA modifier → hostile … friendly. */
  reaction(input?: W.ReactionInput, dice?: Dice): W.ReactionRoll;
  /** OSE-ENC-03: 2d6 × 10 ft underground; 4d6 × 10 yd outdoors (1d4 × 10 yd if either side is surprised). */
  encounterDistance(input: W.EncounterDistanceInput, dice?: Dice): W.EncounterDistance;
  /** OSE-SURP-01/02: 1d6 for an unaware side; 1–2 is surprised. */
  surprise(input: W.SurpriseInput, dice?: Dice): W.SurpriseRoll;
  /** OSE-ENC-02 steps 1–3: both surprise rolls, the distance, who rolls initiative. */
  openEncounter(input: W.OpeningInput, dice?: Dice): W.EncounterOpening;
  /** OSE-EVADE-01: only before combat; unpursued evasion succeeds. */
  beginEvasion(input: W.BeginEvasionInput, dice?: Dice): W.EvasionStart;
  /** OSE-ENC-05: ⅓ of the base rate per round, feet underground, yards outdoors. */
  encounterMovement(input: W.EncounterMovementInput, dice?: Dice): W.Distance;
  /** OSE-MORALE-01/02/05/07: one check (2d6 over the adjusted score flees). See `MoraleTracker` for an encounter. */
  morale(input: W.OseMoraleInput, dice?: Dice): W.OseMoraleCheck;
  /** OSE-MORALE-06: a mercenary troop's morale from the troop table (2–12). */
  mercenaryMorale(input: W.MercenaryMoraleInput, dice?: Dice): W.MoraleScore;
  evasion: {
    /** OSE-EVADE-02: faster and not forced to stop escapes; otherwise a pursuit. */
    dungeon(input: W.DungeonEvasionInput): W.EvasionOutcome;
    /** OSE-EVADE-03: the chance by speed difference (rates per round). */
    waterborneChance(input: W.WaterborneRates): W.Percent;
    /** OSE-EVADE-03 */
    waterborne(input: W.WaterborneRates, dice?: Dice): W.WaterborneEvasion;
    /** OSE-EVADE-04..06: the chance before rolling, with each modifier. */
    wildernessPlan(input: W.WildernessEvasionInput): W.WildernessEvasionPlan;
    /** OSE-EVADE-04..06: The wilderness evasion roll. */
    wilderness(input: W.WildernessEvasionInput, dice?: Dice): W.WildernessEvasion;
  };
  /** OSE-PURSUIT-02: 30 rounds of running exhaust (−2 attack, damage, AC); 3 turns of rest end it. */
  running: {
    /** OSE-PURSUIT-02 */
    run(input: Omit<W.RunningInput, "turns">, dice?: Dice): W.RunningUpdate;
    /** OSE-PURSUIT-02 */
    rest(input: Omit<W.RunningInput, "rounds">, dice?: Dice): W.RunningUpdate;
  };
  /** OSE-ATK-01/06..13/17/18, OSE-COMBAT-04..07: `resolution` is `"matrix"` (default), `"thac0Arithmetic"` or `"ascendingAc"` (C-34). */
  attack(input: W.OseAttackInput, dice?: Dice): W.OseAttackResult;
  /** OSE-ATK-02/04/05/15: damage for a hit, at least 1. */
  damage(input: W.OseDamageInput, dice?: Dice): W.OseDamage;
  /** OSE-ATK-16: 1d2 + STR, at least 1. */
  unarmedDamage(input: W.UnarmedDamageInput, dice?: Dice): W.OseDamage;
  /** OSE-ATK-11: a bomb from at most 300 ft hits on 16+. */
  bombing(input: W.BombingInput, dice?: Dice): W.BombingResult;
  /** OSE-ATK-15: note damage on a subdual track; an intelligent victim surrenders. */
  subdual(input: W.SubdualInput, dice?: Dice): W.StateStep<W.SubdualTrack, W.SubdualStatus>;
  /** OSE-ATK-02/12: can this attacker hurt a monster harmed only by magic or silver? */
  canHarmInvulnerable(input: W.InvulnerabilityInput, dice?: Dice): boolean;
  /** OSE-COMBAT-04: half the encounter movement per round, with a clear path behind. */
  fightingWithdrawal(input: W.MeleeMovementInput, dice?: Dice): number;
  /** OSE-COMBAT-04: the full encounter movement, but no attack (attackers get +2). */
  retreatMovement(input: Omit<W.MeleeMovementInput, "clearPath">, dice?: Dice): number;
  /** OSE-COMBAT-08, OSE-ATK-17: every reason a caster can't cast now (empty: it may). */
  castingObstacles(input: W.CasterState, dice?: Dice): W.CastingObstacle[];
  /** OSE-COMBAT-09: lost initiative and hit or failed a save first → the spell is lost. */
  spellDisrupted(input: W.DisruptionCheck, dice?: Dice): boolean;
  /** OSE-SAVE-02..04: 1d20 + bonus against a target number. */
  save(input: W.OseSaveInput, dice?: Dice): W.OseSave;
  /** OSE-SAVE-02, OSE-TBL-03: a monster's save from the table row it saves as. */
  monsterSave(input: W.MonsterSaveInput, dice?: Dice): W.OseSave;
  /** OSE-CHK-01..03: 1d20 + difficulty under the score; natural 1 succeeds, natural 20 fails. */
  abilityCheck(input: W.OseAbilityCheckInput, dice?: Dice): W.OseAbilityCheck;
  /** OSE-HAZ-06: d100 against the referee's chance; success means the swimmer drowns. */
  drowning(input: W.DrowningInput, dice?: Dice): W.PercentileRoll;
  /** OSE-ENCUMB-01/03/04: the movement rate for the group's option (basic: armor and whether treasure is carried; detailed: total coins); `undefined` past 1,600 coins (cannot move). */
  encumbrance(input: W.Encumbrance): W.MovementRate | undefined;
  /** OSE-ENCUMB-02: the weight in coins of the treasure listed (`count` defaults to 1). */
  treasureWeight(input: W.TreasureInput): W.Coins;
  /** OSE-MOVE-01: the party moves at its slowest member's rate; `null` for a member who cannot move stops it (`undefined`). */
  partyMovement(input: W.PartyMovementInput): W.MovementRate | undefined;
  /** OSE-HAZ-02: 1d6 per full 10 ft fallen onto a hard surface, no cap. */
  falling(input: W.FeetInput, dice?: Dice): W.FallDamage;
  /** OSE-HAZ-05: swimming is at half the movement rate. */
  swimming(input: W.FeetInput): W.Feet;
  /** OSE-HAZ-04: a full day or more without food or water: the referee may apply penalties. */
  starving(input: W.StarvingInput): boolean;
  /** OSE-HAZ-01: a sheer surface needs special equipment or a class ability. */
  climbSheer(input: W.ClimbInput): boolean;
  /** OSE-HAZ-01: a climb: a sheer surface needs equipment or a class ability, and a tense climb the referee calls is a DEX check (d20 + difficulty at most `dexCheck`). */
  climb(input: W.Climb, dice?: Dice): W.ClimbResult;
  /** OSE-WILD-12: a party surprised by 3 or more monsters may be encircled. */
  encircled(input: W.EncircledInput): boolean;
  /** OSE-WILD-03: the largest load a flyer of this many HD carries (`undefined` under 3 HD). */
  flyingMount(input: W.HdInput): W.FlyingLoad | undefined;
  /** OSE-LIGHT-02: infravision works only in darkness, with no large heat source near (range 60 ft for monsters). */
  infravision(input: W.InfravisionInput): boolean;
  /** OSE-LIGHT-03: carrying a light in the dark usually spoils surprise. */
  lightSpoilsSurprise(input: W.LightSurpriseInput): boolean;
  /** OSE-PARTY-01: non-magical treasure split evenly, with what is left over. */
  splitTreasure(input: W.SplitInput): W.Split;
  /** OSE-PARTY-01: each player rolls a d20 for the magic-item pick order, highest first; ties re-roll among the tied. */
  magicItemPicks(input: W.PicksInput, dice?: Dice): W.PickRoll[];
  /** OSE-PARTY-03: advice on party size (6–8) and levels more than 4 apart. */
  partyAdvice(input: W.LevelsInput): W.PartyAdvice[];
  /** OSE-DUNG-03/04/05: a door's state once the party has passed, whether monsters open it, whether it needs picking or magic. */
  door(input: W.DoorInput): W.DoorFacts;
}

/** The generated calls of the `hyb` namespace (`hyb.morale` takes its trigger apart, beside them). */
export interface HybProcedureCalls {
  /** HYB-CHK-01..03: d20 + modifiers (+ proficiency) ≥ DC, with advantage or disadvantage. */
  check(input: W.HybCheckInput, dice?: Dice): W.HybCheckResult;
  /** HYB-CHK-04: a check hides the character (it can't be targeted); attacking ends it. */
  stealth: {
    /** HYB-CHK-04 */
    attempt(input: W.StealthInput & { check: W.HybCheckInput }, dice?: Dice): W.StateStep<W.Stealth, W.HybCheckResult>;
    /** HYB-CHK-04: The result: whether it was hidden. */
    attack(input: Pick<W.StealthInput, "stealth">, dice?: Dice): W.StateStep<W.Stealth, boolean>;
  };
  /** HYB-DMG-03: a check against danger; a PC's natural 1 doubles the damage. */
  dangerousCheck(input: W.DangerousCheckInput, dice?: Dice): W.DangerousCheck;
  /** HYB-TRAP-01, HYB-DMG-03: a trap as a dangerous check; a PC's natural 1 doubles the damage. */
  trap(input: W.TrapInput, dice?: Dice): W.TrapResult;
  /** HYB-ATK-01..04, HYB-DMG-02: total ≥ AC hits; a natural 20 is a critical. */
  attack(input: W.HybAttackInput, dice?: Dice): W.HybAttackResult;
  /** HYB-DMG-01/02: dice + modifier, doubled on a critical. */
  damage(input: W.HybDamageInput, dice?: Dice): W.HybDamage;
  /** HYB-CHASE-01..05: DC 11 ± 1 per 5 ft of the other side's speed beyond 30 ft. */
  chase(input: W.ChaseInput, dice?: Dice): W.ChaseResult;
  /** HYB-CHASE-02: the chase DC alone. */
  chaseDc(input: W.ChaseDcInput): number;
  /** HYB-MORALE-04: followers of a retreating PC check at disadvantage and rout on a failure. */
  followerMorale(input?: W.HybMoraleInput, dice?: Dice): W.HybMoraleCheck;
  /** HYB-LIGHT-02/03: what a light level gives advantage and disadvantage on (darksight reverses darkness). */
  light(input: W.HybLightInput, dice?: Dice): W.HybLightEffects;
  /** HYB-MORALE-03: which rolls a side, group or individual grouping makes, and who rolls. */
  planMorale(input: W.HybGroupMoraleInput, dice?: Dice): W.MoraleUnit[];
  /** HYB-MORALE-01..03: every planned roll, made with its roller's modifiers. */
  moraleFor(input: W.HybGroupMoraleInput, dice?: Dice): W.MoraleUnitCheck[];
  /** HYB-RETREAT-01/02: the GM's check first, then any hit stops the retreat. */
  retreat(input?: W.RetreatInput, dice?: Dice): W.RetreatResult;
  /** HYB-LOAD-01: each load above the STR score costs 5 ft of Speed and gives disadvantage on all checks; 0 ft cannot move. */
  load(input: W.HybLoadInput): W.LoadEffect;
  /** HYB-LOAD-02, HYB-TREAS-01: a purse's coins (all weigh the same), value in copper, pounds (100 coins) and loads (500 coins, a part load counting whole). */
  coins(input: W.Purse): W.PurseWeight;
  /** HYB-TREAS-01: an amount in copper as the fewest coins (10 cp = 1 sp, 10 sp = 1 gp). */
  change(input: W.ChangeInput): W.Purse;
  /** HYB-TREAS-03: an enemy carries 1d20 gp per HD, apart from any hoard. */
  carriedLoot(input: W.HdInput, dice?: Dice): W.CarriedLoot;
  /** HYB-TREAS-02: XP for gold earned (1 per gp unless `xpPerGp` says otherwise); unearned gold gives none. */
  xpForGold(input: W.XpForGoldInput): number;
  /** HYB-TRAVEL-04/05: miles a day for the party (the slowest traveller; terrain, light and pace). */
  overland(input: W.HybOverlandInput): W.Miles;
  /** HYB-TRAVEL-06: a boat or ship with the wind or current: miles an hour (tenths) and a day. */
  waterSpeed(input: W.WaterSpeedInput): W.WaterSpeed;
  /** HYB-ACT-04: feet of movement this turn; swimming, crawling, climbing or difficult terrain halve the speed once (rounding down). */
  move(input: W.HybMoveInput): number;
}

/**
 * Level Up Advanced 5e procedures (docs/rules.md §2). Functions that roll take an optional `dice`
 * (crypto dice when omitted); tables take nothing.
 */
export interface A5eProcedures {
  /** A5E-DICE-01..04, A5E-ATK-06: d20 + modifiers (+ expertise die unless rattled) vs AC + cover; natural 20 crits, 1 fumbles. */
  attack(input: W.AttackRollInput, dice?: Dice): W.AttackRoll;
  /** A5E-ATK-01..04, ENV-04, SCEN-01: advantage/disadvantage from sight, range, melee, water. */
  assessAttack(input: W.AttackCircumstances): W.AttackAssessment;
  /** A5E-DICE-04: any d20 test (check or save) with its expertise die. */
  test(input: W.D20Test, dice?: Dice): W.D20TestRoll;
  /** A5E-DICE-05: a death save; 10 or more succeeds, a natural 1 never, a natural 20 always (G-50). */
  deathSave(input: W.D20Test, dice?: Dice): W.DeathSaveRoll;
  /** A5E-ATK-05: does this movement provoke an opportunity attack? */
  opportunityAttack(input: W.OpportunityTrigger): boolean;
  /** A5E-DICE-03: the abilities an attack may use (a finesse or thrown weapon offers two). */
  attackAbilities(input: W.AttackKind): W.Ability[];
  /** A5E-ATK-06, C-26: the best of several sources of cover and its bonuses (`rule: "allSaves"` for 004's reading). */
  cover(input: W.A5eCoverInput): W.A5eCoverFacts;
  /** A5E-DMG-01: damage dice plus a bonus (never below 0). */
  damage(input: W.A5eDamageInput, dice?: Dice): W.DamageRoll;
  /** A5E-MOVE-01: the size table (space, creatures that can surround). */
  sizes(): W.SizeRow[];
  /** A5E-MOVE-02: fits, squeezes, or too small. */
  fit(input: W.A5eFitInput): W.Fit;
  /** A5E-MOVE-12/14: flanking on a grid or without one. */
  flanks(input: W.A5eFlanksInput): boolean;
  /** A5E-MOVE-13: pulling a willing ally (2 extra ft per ft). */
  pullAlly(input: W.A5ePullAllyInput): W.PullAlly;
  /** A5E-MOVE-03..20, A5E-ACT-03: a turn's movement as plain data; each call returns the next budget. */
  movement: {
    /** A5E-MOVE-03..20, A5E-ACT-03 */
    start(input: W.A5eMovementStart): W.MovementBudget;
    /** A5E-MOVE-03..20, A5E-ACT-03 */
    move(input: { budget: W.MovementBudget } & { step: W.MoveStep }): W.StateStep<W.MovementBudget, W.MoveReport>;
    /** A5E-ACT-03, C-31: doubles Speed; not with any fatigue. */
    dash(input: { budget: W.MovementBudget } & { fatigueLevel?: number }): W.MovementBudget;
    /** A5E-COND-22: half the Speed; the result is the feet spent. */
    standUp(input: { budget: W.MovementBudget }): W.StateStep<W.MovementBudget, number>;
    /** A5E-MOVE-08: half the Speed, once per turn. */
    mount(input: { budget: W.MovementBudget }): W.StateStep<W.MovementBudget, number>;
    /** A5E-MOVE-17/20: a jump, or a leap beyond Speed that ends movement. */
    jump(input: { budget: W.MovementBudget } & { distanceFt: number; jumpFt: number }): W.StateStep<W.MovementBudget, W.MoveReport>;
    /** A5E-MOVE-03..20, A5E-ACT-03 */
    nextTurn(input: { budget: W.MovementBudget }): W.MovementBudget;
    /** A5E-MOVE-03..20, A5E-ACT-03: What `step` would cost now, how far such a step could go, and what is left in its mode. */
    query(input: { budget: W.MovementBudget } & { step: W.MoveStep }): W.A5eMoveQuery;
  };
  /**
   * A5E-TURN-01..04, A5E-ACT-03/04: a creature's action economy (action, bonus action, reaction,
   * free object interaction) with its movement budget in `turn.movement`.
   */
  turn: {
    /** A5E-TURN-01..04, A5E-ACT-03/04 */
    start(input: W.A5eMovementStart): W.TurnBudget;
    /** A5E-TURN-02: everything renews, the reaction included. */
    startTurn(input: { turn: W.TurnBudget }): W.TurnBudget;
    /** A5E-TURN-01..04, A5E-ACT-03/04: `NOT_ALLOWED` when already used. */
    spend(input: { turn: W.TurnBudget; cost: W.ActionCost }): W.TurnBudget;
    /** A5E-TURN-03: the first object interaction is free, the next takes the action. */
    interact(input: { turn: W.TurnBudget }): W.StateStep<W.TurnBudget, W.ActionCost>;
    /** A5E-TURN-01..04, A5E-ACT-03/04 */
    disengage(input: { turn: W.TurnBudget }): W.TurnBudget;
    /** A5E-TURN-01..04, A5E-ACT-03/04 */
    dash(input: { turn: W.TurnBudget; fatigueLevel?: number }): W.TurnBudget;
  };
  /** A5E-MOVE-17: long jump = STR score in ft, with a 10 ft run-up. */
  longJump(input: W.A5eLongJumpInput): number;
  /** A5E-MOVE-19: high jump = 3 + STR modifier ft running, half standing. */
  highJump(input: W.A5eHighJumpInput): number;
  /** A5E-MOVE-20: reach while jumping = jump height + 1.5 × the creature's height. */
  jumpReach(input: W.A5eJumpReachInput): number;
  /** A5E-MOVE-18: an obstacle up to ¼ of the jump is cleared with a DC 10 check. */
  jumpObstacle(input: W.A5eObstacleInput): W.ObstacleClearance;
  /** A5E-MOVE-18: landing in difficult terrain: DC 10 Acrobatics or prone. */
  jumpLanding(input: W.A5eLandingInput, dice?: Dice): W.Landing;
  /** A5E-ACT-05 */
  dodge(input: W.A5eDodgeInput): W.DodgeEffect;
  /** A5E-ACT-06/07 */
  help(input: W.HelpWith): W.HelpEffect;
  /** A5E-ACT-09 */
  pressTheAttack(input: W.PressTheAttackRequest): W.PressTheAttackEffect;
  /** A5E-ACT-10 */
  fallBack(input: W.A5eFallBackInput): W.FallBackEffect;
  /** A5E-ACT-14: a Dexterity save by relative size, unless the target allows it. */
  tumble(input: W.TumbleAttempt, dice?: Dice): W.TumbleResult;
  /** A5E-ACT-17: off-hand attacks allowed (1, or 2 with Extra Attack). */
  twoWeapon(input: W.TwoWeaponSetup): number;
  /** A5E-ACT-08: Stealth (+ cover) against each observer's passive Perception. */
  hide(input: W.A5eHideInput, dice?: Dice): W.HideResult;
  /** A5E-ACT-12 */
  search(input: W.A5eSearchInput, dice?: Dice): W.SearchResult;
  /** A5E-ACT-11 */
  ready(input: W.A5eReadyInput): W.ReadyEffect;
  /** A5E-ENV-01: 1d6 per 10 ft (max 20d6), halved into water, none after a successful dive. */
  fall(input: W.A5eFallInput, dice?: Dice): W.FallResult;
  /** A5E-ENV-02/03: holding breath, then suffocating; `tick` at the start of each turn. */
  breath: {
    /** A5E-ENV-02/03 */
    start(input: W.A5eBreathStart): W.BreathClock;
    /** A5E-ENV-02/03 */
    tick(input: W.A5eBreathInput): W.StateStep<W.BreathClock, W.BreathTick>;
    /** A5E-ENV-02/03 */
    loseBreath(input: W.A5eBreathInput): W.StateStep<W.BreathClock, W.BreathStatus>;
  };
  /** A5E-ENV-04: bludgeoning and fire halved underwater. */
  waterDamage(input: W.A5eWaterDamageInput): number;
  /** A5E-ENV-05..09: light, obscurement and special senses. */
  perceive(input: W.A5ePerceiveInput): W.SightResult;
  /** A5E-WORLD-05..40: the whole catalogue. */
  worldFeatures(): W.WorldFeature[];
  /** A5E-WORLD-05..40: One feature of the catalogue. */
  worldFeature(input: W.A5eFeatureInput): W.WorldFeature;
  /** A5E-WORLD-05..40: A feature set off as a hazard: saves, damage rolled once, conditions. */
  resolveFeature(input: W.A5eResolveFeatureInput, dice?: Dice): W.WorldFeatureResolution;
  /** A5E-WORLD-05..40: A check a feature calls for, rolled. */
  featureCheck(input: W.A5eFeatureCheckInput, dice?: Dice): W.FeatureCheckRoll;
  /** A5E-WORLD-23 */
  mirror(input: W.A5eMirrorInput, dice?: Dice): W.MirrorResult;
  /** A5E-WORLD-02/03: a world action with its recharge. */
  worldAction: {
    /** A5E-WORLD-02/03 */
    start(input: W.A5eFeatureInput): W.WorldFeatureState;
    /** A5E-WORLD-02/03 */
    startOfRound(input: Pick<W.A5eWorldActionInput, "state">, dice?: Dice): W.StateStep<W.WorldFeatureState, W.RechargeRoll | undefined>;
    /** A5E-WORLD-02/03 */
    use(input: W.A5eWorldActionInput, dice?: Dice): W.StateStep<W.WorldFeatureState, W.WorldActionUse>;
  };
  /** A5E-CTRL-03: one check for a group; Strength adds +1 per other member. */
  groupCheck(input: W.A5eGroupCheckInput, dice?: Dice): W.GroupCheck;
  /** A5E-CTRL-04: a group's attack as a save DC. */
  groupAttack(input: W.A5eGroupAttackInput): W.GroupAttack;
  /** A5E-CTRL-04 */
  resolveGroupAttack(input: W.A5eResolveGroupAttackInput, dice?: Dice): W.GroupAttackResult;
  /** A5E-OBJ-03 */
  objectArmor(): W.MaterialArmor[];
  /** A5E-OBJ-03 */
  objectAc(input: W.A5eMaterialInput): number;
  /** A5E-OBJ-04/05 */
  objectHitPoints(input: W.A5eObjectHpInput): W.HitPointsSpec;
  /** A5E-OBJ-04/05 */
  rollObjectHitPoints(input: W.A5eObjectHpInput, dice?: Dice): W.RolledHitPoints;
  /** A5E-OBJ-02/06: immunities, resistance, vulnerability, damage threshold. */
  objectDamage(input: W.A5eObjectDamageInput): W.ObjectDamage;
  /** A5E-OBJ-02 */
  objectSave(input: W.A5eAbilityInput): W.ObjectSave;
  /** A5E-OBJ-07: the door table, every row. */
  doors(): W.DoorRow[];
  /** A5E-OBJ-07/08, C-28: `rule: "armorClass"` makes a fortified door's threshold its AC. */
  door(input: W.A5eDoorInput): W.Door;
  /** A5E-OBJ-07/08 */
  bash(input: W.A5eBashInput, dice?: Dice): W.BashResult;
  /** A5E-MOVE-11: 5 ft or more above the target, not grappled or restrained: an expertise die on melee attacks. */
  higherGround(input: Omit<W.A5eGroundInput, "creature" | "target">): boolean;
  /** A5E-MOVE-15: 5 ft or more below a target no larger than the creature: an expertise die on Strength checks and saves. */
  lowerGround(input: W.A5eGroundInput): boolean;
  /** A5E-MOVE-12: with an ally within 5 ft; the passive Perception bonus (+2). */
  backToBack(input: W.A5eBackToBackInput): number;
  /** A5E-MOVE-08: a mount at least one size larger that can carry the rider. */
  canRide(input: W.A5eRideInput): boolean;
  /** A5E-MOVE-09: `true`, or `NOT_ALLOWED` for Multiattack. */
  commandMount(input: W.A5eCommandMountInput): boolean;
  /** A5E-ACT-13: `true`, or `NOT_ALLOWED` with any fatigue. */
  sprint(input: W.A5eSprintInput): boolean;
  /** A5E-TIME-03: traps strike the front, ambushes the back. */
  marchingOrder(input: W.A5eMarchingOrderInput): W.A5eMarchingOrderView;
  /** A5E-OBJ-09: the far-future materials table. */
  futureMaterials(): W.FutureMaterialRow[];
  /** A5E-OBJ-04/10: an object's hit points; `take` reports whether it is broken. */
  objectHp: {
    /** A5E-OBJ-04/10 */
    start(input: { max: number }): W.ObjectHp;
    /** A5E-OBJ-04/10 */
    take(input: { hp: W.ObjectHp; dealt: number }): W.StateStep<W.ObjectHp, boolean>;
    /** A5E-OBJ-10: a forcefield regains 5 HP a round (a broken one only if `brokenRegenerates`). */
    regenerate(input: { hp: W.ObjectHp; brokenRegenerates?: boolean }): W.StateStep<W.ObjectHp, number>;
  };
  /** A5E-OBJ-07/08: can the check succeed at all (a 20 plus everything)? */
  bashPossible(input: W.A5eBashInput): boolean;
  /** A5E-OBJ-12: powers of level III or lower are blocked; higher ones cost double. */
  zirkon(input: W.A5eZirkonInput): W.ZirkonEffect;
  /** A5E-MOVE-09: a controlled mount may only Dash, Disengage or Dodge while it moves. */
  mountMay(input: W.A5eMountActionInput): boolean;
  /** A5E-MOVE-10: drop prone as a reaction to a ranged attack it can see. */
  dropProne(input: W.A5eDropProneInput): boolean;
  /** A5E-ACT-09/10: the expertise die a melee attack against the pressed target gets, if any. */
  pressExpertise(input: W.A5ePressExpertiseInput): W.DieSize | undefined;
  /** A5E-ACT-17: the off-hand damage modifier (only a negative one) and whether it may be thrown. */
  offHand(input: W.A5eOffHandInput): W.A5eOffHand;
  /** A5E-SCEN-01..03, A5E-MOVE-06: what the scenario rules say about a creature. */
  scenario(input: W.A5eScenarioInput): W.A5eScenarioFacts;
  /** A5E-WORLD-05: thunder damage in an Echo area gains 1 per die. */
  echoThunder(input: W.A5eEchoInput): number;
  /** A5E-ENV-10: fatigue from a long rest without food and water. */
  foodFatigue(input: W.A5eFoodInput): number;
  /** A5E-TIME-02: a ship travels as long as its crew does, up to 24 hours. */
  vesselHours(input: W.A5eVesselInput): number;
  /** A5E-TIME-04: passive Perception against a Stealth total. */
  noticesThreat(input: W.A5eNoticeInput): boolean;
  /** A5E-ENV-07/09 */
  truesight(input: W.A5eTruesightInput): W.A5eTruesightFacts;
  /** A5E-WORLD-01..03: the catalogue's world actions, ready for `Encounter.addWorldAction`. */
  worldActions(): W.WorldAction[];
  /** A5E-COND-06: a confused creature's d8 for its turn: 1–4 nothing, 5–6 moves randomly, 7–8 attacks a random creature in reach. */
  confused(input?: Record<string, never>, dice?: Dice): W.ConfusedRoll;
  /** A5E-TIME-05 */
  stealthyTravel(input: W.A5eStealthyTravelInput): W.StealthyTravel;
  /** A5E-TIME-02 */
  vehiclePace(input: W.A5eVehiclePaceInput): W.PaceEffects;
  /** A5E-SCEN-03: 30 + 5 × INT modifier ft. */
  astralFlySpeed(input: W.A5eAstralInput): number;
  /** A5E-SCEN-04: a rolling-movement scene's base speed per round: the second-slowest participant's Speed, or 30 ft with fewer than two. */
  rollingSpeed(input: W.RollingSpeedInput): number;
  /** A5E-SCEN-05: whether this turn's movement may carry the participant further forward (only when it Dashes or takes an improvised action; sideways or slowing down always may). */
  rollingForward(input: W.RollingForwardInput): boolean;
  /** A5E-CTRL-01: the members (indexes) of a group of identical controlled creatures that are not within 5 ft of another member; none: the group moves together. Squares in feet; diagonals count as 5 ft. */
  groupStragglers(input: W.GroupInput): number[];
  /** A5E-COND-28: every condition a creature listing these immunities is immune to, each with the listed one that covers it (`via`, absent when listed itself). */
  conditionImmunities(input: W.ImmunitiesInput): W.ConditionImmunity[];
}

/**
 * The names each namespace's generated calls are built from (dotted names nest), by what a
 * left-out input becomes: `given` passes it as it is (so `undefined` and `null` are refused),
 * `optional` makes `undefined` an empty input, and `lenient` makes `undefined` and `null` one.
 */
export const PROCEDURE_CALLS = {
  ose: {
    given: ["encounterDistance", "surprise", "openEncounter", "beginEvasion", "encounterMovement", "morale", "mercenaryMorale", "evasion.dungeon", "evasion.waterborneChance", "evasion.waterborne", "evasion.wildernessPlan", "evasion.wilderness", "running.run", "running.rest", "attack", "damage", "unarmedDamage", "bombing", "subdual", "canHarmInvulnerable", "fightingWithdrawal", "retreatMovement", "castingObstacles", "spellDisrupted", "save", "monsterSave", "abilityCheck", "drowning"],
    optional: ["reaction"],
    lenient: ["encumbrance", "treasureWeight", "partyMovement", "falling", "swimming", "starving", "climbSheer", "climb", "encircled", "flyingMount", "infravision", "lightSpoilsSurprise", "splitTreasure", "magicItemPicks", "partyAdvice", "door"],
  },
  hyb: {
    given: ["check", "stealth.attempt", "stealth.attack", "dangerousCheck", "trap", "attack", "damage", "chase", "chaseDc", "light", "planMorale", "moraleFor"],
    optional: ["followerMorale", "retreat"],
    lenient: ["load", "coins", "change", "carriedLoot", "xpForGold", "overland", "waterSpeed", "move"],
  },
  a5e: {
    given: [],
    optional: [],
    lenient: ["attack", "assessAttack", "test", "deathSave", "opportunityAttack", "attackAbilities", "cover", "damage", "sizes", "fit", "flanks", "pullAlly", "movement.start", "movement.move", "movement.dash", "movement.standUp", "movement.mount", "movement.jump", "movement.nextTurn", "movement.query", "turn.start", "turn.startTurn", "turn.spend", "turn.interact", "turn.disengage", "turn.dash", "longJump", "highJump", "jumpReach", "jumpObstacle", "jumpLanding", "dodge", "help", "pressTheAttack", "fallBack", "tumble", "twoWeapon", "hide", "search", "ready", "fall", "breath.start", "breath.tick", "breath.loseBreath", "waterDamage", "perceive", "worldFeatures", "worldFeature", "resolveFeature", "featureCheck", "mirror", "worldAction.start", "worldAction.startOfRound", "worldAction.use", "groupCheck", "groupAttack", "resolveGroupAttack", "objectArmor", "objectAc", "objectHitPoints", "rollObjectHitPoints", "objectDamage", "objectSave", "doors", "door", "bash", "higherGround", "lowerGround", "backToBack", "canRide", "commandMount", "sprint", "marchingOrder", "futureMaterials", "objectHp.start", "objectHp.take", "objectHp.regenerate", "bashPossible", "zirkon", "mountMay", "dropProne", "pressExpertise", "offHand", "scenario", "echoThunder", "foodFatigue", "vesselHours", "noticesThreat", "truesight", "worldActions", "confused", "stealthyTravel", "vehiclePace", "astralFlySpeed", "rollingSpeed", "rollingForward", "groupStragglers", "conditionImmunities"],
  },
} as const;
