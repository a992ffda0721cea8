/** OSE, hybrid and A5E procedures (`ose`, `hyb`, `a5e`): plain data with every die. See the README. */
import {
  type DistractionResult,
  type DroppedItem,
  type DungeonPursuit as DungeonPursuitState,
  type DungeonPursuitRound,
  type DungeonPursuitStart,
  type CatchUpResult,
  type DecisionResult,
  type EncounterDistance,
  type EscapeReason,
  type HybMoraleCall,
  type HybMoraleCheck,
  type HybMoraleInput,
  type MoraleTrigger,
  type OseMoraleCheck,
  type OseMoraleInput,
  type OseMoraleTracker as MoraleTrackerState,
  type PursuitStatus,
  type PursuitStep,
  type SaveAs,
  type SaveValues,
  type WaterbornePursuit as WaterbornePursuitState,
  type WaterbornePursuitRound,
  type WaterbornePursuitStart,
  type WildernessEvasionInput,
  type WildernessPursuit as WildernessPursuitState,
} from "../wasm/procedures.js";
import {
  PROCEDURE_CALLS,
  type A5eProcedures,
  type HybProcedureCalls,
  type OseProcedureCalls,
  type ProcedureName,
  type ProcedureTypes,
} from "./procedures-generated.js";
import { boxOf } from "./dice-args.js";
import type { Dice } from "./dice.js";
import { lend } from "./dice-module.js";
import { checkBoolean, checkNumber, checkObject, checkString, fromText, toText } from "./text.js";
import { callProcedure, ensureProceduresReady } from "./procedures-module.js";

export type {
  CasterState,
  HybLightInput,
  HybLightEffects,
  CastingObstacle,
  DisruptionCheck,
  InvulnerabilityAttacker,
  InvulnerabilityInput,
  MeleeMovementInput,
  Stealth,
  StealthInput,
  SubdualInput,
  SubdualStatus,
  SubdualTrack,
  BeginEvasionInput,
  BombingInput,
  BombingResult,
  DamageKind,
  DangerousCheckInput,
  DrowningInput,
  EncounterMovementInput,
  EncounterOpening,
  EncounterOrigin,
  EncounterStep,
  EvasionStart,
  GroupRoller,
  HybDamage,
  HybDamageInput,
  HybGroupMoraleInput,
  MercenaryMoraleInput,
  MoraleGrouping,
  MoraleParticipant,
  MoraleUnit,
  MoraleUnitCheck,
  OpeningInput,
  OseDamage,
  OseDamageInput,
  RunningInput,
  RunningPenalties,
  RunningTracker,
  RunningUpdate,
  StateStep,
  SurpriseOutcome,
  TroopQuality,
  TroopType,
  UnarmedDamageInput,
  AttackModifier,
  AttackModifierSource,
  AttackResolution,
  CatchUpResult,
  ChanceModifier,
  ChanceModifierSource,
  ChaseCheck,
  ChaseDcInput,
  ChaseInput,
  ChaseOutcome,
  ChaseResult,
  ChaseRole,
  ChaseRoll,
  ChaseRollMode,
  ChaseTerrain,
  CheckBasis,
  OseCover,
  D20Roll,
  DangerousCheck,
  DecisionResult,
  Distance,
  DistanceUnit,
  DistractionResult,
  DroppedItem,
  DungeonEvasionInput,
  DungeonPursuitRound,
  DungeonPursuitStart,
  EncounterDistance,
  EncounterDistanceInput,
  EncounterLocation,
  EncounterSide,
  EscapeReason,
  EvasionOutcome,
  HitBasis,
  HybAttackInput,
  HybAttackMethod,
  HybAttackResult,
  HybAttacker,
  HybCheckInput,
  HybCheckResult,
  HybMoraleCall,
  HybMoraleCheck,
  HybMoraleInput,
  HybMoraleOutcome,
  HybMoraleTrigger,
  InSixRoll,
  MemberId,
  MissileRange,
  MonsterHd,
  MonsterSaveInput,
  MoraleBasis,
  MoraleLossesResult,
  MoraleOutcome,
  MoraleScore,
  MoraleSubject,
  MoraleTrigger,
  MovementRate,
  OseAbilityCheck,
  OseAbilityCheckInput,
  OseAttackInput,
  OseAttackKind,
  OseAttackResult,
  OseAttacker,
  OseMoraleCheck,
  OseMoraleInput,
  OseSave,
  OseSaveInput,
  Percent,
  PercentileRoll,
  PursuitStatus,
  PursuitStep,
  HybRangeBand,
  Reaction,
  ReactionInput,
  ReactionRoll,
  RetreatFailure,
  RetreatInput,
  RetreatOutcome,
  RetreatResult,
  Runner,
  SaveAs,
  SaveCategory,
  SaveStake,
  SaveValues,
  SurpriseFactors,
  SurpriseInput,
  SurpriseRoll,
  TrackedMoraleResult,
  TrapInput,
  TrapResult,
  WaterborneEvasion,
  WaterbornePursuitRound,
  WaterbornePursuitStart,
  WaterPursuitUnits,
  WaterborneRates,
  WildernessEvasion,
  WildernessEvasionInput,
  WildernessEvasionPlan,
  WildernessPursuitStep,
  WildernessSurprise,
} from "../wasm/procedures.js";
export type { DungeonPursuitState, MoraleTrackerState, WaterbornePursuitState, WildernessPursuitState };
export type { HybProcedureCalls, OseProcedureCalls, ProcedureName, ProcedureTypes } from "./procedures-generated.js";
export type {
  ArmorWorn,
  CarriedLoot,
  ChangeInput,
  DoorFacts,
  DoorInput,
  DoorState,
  ClimbInput,
  Climb,
  ClimbResult,
  EncircledInput,
  Encumbrance,
  FallDamage,
  FeetInput,
  FlyingLoad,
  HdInput,
  HybLoadInput,
  HybOverlandInput,
  HybTraveller,
  HybVessel,
  InfravisionInput,
  LevelsInput,
  LightSurpriseInput,
  LoadEffect,
  MphTenths,
  PartyAdvice,
  PartyMovementInput,
  PickRoll,
  PicksInput,
  Purse,
  PurseWeight,
  Split,
  SplitInput,
  StarvingInput,
  TreasureInput,
  TreasureItem,
  TreasureLine,
  WaterFlow,
  WaterSpeed,
  WaterSpeedInput,
  HybMoveInput,
  SpecialMovement,
  XpForGoldInput,
} from "../wasm/procedures.js";

// Every argument is checked here, so a wrong type is `INVALID_ARGUMENT` before the wasm is
// entered, and only JSON text (made by `JSON.stringify`, which is where a throwing getter, a
// Proxy trap, a revoked Proxy, a bigint or a cycle fails) and a dice box cross into the core.

/** A state handed to a constructor or `fromJSON`: checked, and copied as the core would read it. */
function stateCopy<S>(state: S, what: string): S {
  return fromText<S>(toText(checkObject(state, what)));
}

/** One procedure: JSON text in and out; every input is an object. */
function run<T>(name: string, input: unknown, dice?: Dice): T {
  ensureProceduresReady();
  const which = checkString(name, "the procedure name");
  const text = toText(checkObject(input, `the input of ${which}`));
  // Without dice the procedures module rolls from the platform's own crypto source, so no other
  // module need be loaded at all; a caller's dice are lent from the dice module.
  const box = dice === undefined || dice === null ? undefined : lend(boxOf(dice));
  return fromText<T>(callProcedure(which, text, box));
}

/** One procedure by name, its input and result typed by the generated {@link ProcedureTypes}. */
function call<K extends ProcedureName>(name: K, input: ProcedureTypes[K]["input"], dice?: Dice): ProcedureTypes[K]["result"] {
  return run(name, input, dice);
}

/** The names of one namespace's generated calls, by what a left-out input becomes. */
type CallNames = { readonly given: readonly string[]; readonly optional: readonly string[]; readonly lenient: readonly string[] };

/** A call per name (`prefix.name`, dotted names nested), typed by `T`. */
function calls<T>(prefix: string, names: CallNames): T {
  const root: Record<string, unknown> = {};
  const leftOut = (name: string): ((input: unknown) => unknown) =>
    names.lenient.includes(name)
      ? (input) => input ?? {}
      : names.optional.includes(name)
        ? (input) => (input === undefined ? {} : input)
        : (input) => input;
  for (const name of [...names.given, ...names.optional, ...names.lenient]) {
    const input = leftOut(name);
    const call = (given?: unknown, dice?: Dice) => run(`${prefix}.${name}`, input(given), dice);
    const [outer, inner] = name.split(".") as [string, string | undefined];
    if (inner) ((root[outer] ??= {}) as Record<string, unknown>)[inner] = call;
    else root[outer] = call;
  }
  return root as T;
}

/**
 * Run a procedure by name (`"a5e.fall"`, `"ose.damage"`) with untyped input; prefer the typed
 * `ose`, `hyb` and `a5e` functions. `null`s in the result become absent fields.
 */
export function runJsonProcedure<T = unknown>(name: string, input: unknown, dice?: Dice): T {
  return run<T>(name, input, dice);
}

/** OSE-MORALE-03/04: a side's morale over one encounter (two passes end checking). */
export class MoraleTracker {
  #state: MoraleTrackerState;

  constructor(state?: MoraleTrackerState) {
    this.#state =
      state === undefined || state === null
        ? { passes: 0, failures: 0, firstDeathSeen: false, halfDownSeen: false }
        : stateCopy(state, "a morale tracker state");
  }

  static fromJSON(state: MoraleTrackerState): MoraleTracker {
    return new MoraleTracker(state);
  }

  toJSON(): MoraleTrackerState {
    return { ...this.#state };
  }

  /** A check that honours the two-passes rule and counts its result. */
  check(input: OseMoraleInput, dice?: Dice): OseMoraleCheck {
    const check = checkObject(input, "the morale input");
    const r = call("ose.moraleTracked", { tracker: this.#state, check }, dice);
    this.#state = r.tracker;
    return r.check;
  }

  /** The checks due now for a side of `sideSize` that has lost `killed` and `incapacitated`. */
  noteLosses(sideSize: number, killed: number, incapacitated = 0): MoraleTrigger[] {
    const r = call("ose.moraleLosses", {
      tracker: this.#state,
      sideSize: checkNumber(sideSize, "sideSize"),
      killed: checkNumber(killed, "killed"),
      incapacitated: checkNumber(incapacitated, "incapacitated"),
    });
    this.#state = r.tracker;
    return r.due;
  }
}

/** Shared shape of the pursuit classes: the state lives in JS and goes to the core each step. */
export abstract class Pursuit<S extends { status: PursuitStatus }> {
  protected state: S;

  protected constructor(state: S) {
    this.state = state;
  }

  /** `{ type: "ongoing" }`, `{ type: "caught" }` or `{ type: "escaped", reason }`. */
  get status(): PursuitStatus {
    return this.state.status;
  }

  toJSON(): S {
    return structuredClone(this.state);
  }

  protected step<R>(name: ProcedureName, input: object, dice?: Dice): R {
    const r = run<PursuitStep<S, R>>(name, { pursuit: this.state, ...input }, dice);
    this.state = r.pursuit;
    return r.result;
  }
}

/** OSE-PURSUIT-01/02: a dungeon pursuit, round by round. */
export class DungeonPursuit extends Pursuit<DungeonPursuitState> {
  static start(input: DungeonPursuitStart): DungeonPursuit {
    return new DungeonPursuit(call("ose.dungeonPursuit.start", input));
  }

  static fromJSON(state: DungeonPursuitState): DungeonPursuit {
    return new DungeonPursuit(stateCopy(state, "a dungeon pursuit"));
  }

  get gapFeet(): number {
    return this.state.gapFeet;
  }

  get round(): number {
    return this.state.round;
  }

  runRound(): DungeonPursuitRound {
    return this.step("ose.dungeonPursuit.round", {});
  }

  /** `pursuersCare`: the referee finds they love treasure (or are hungry, for food). */
  dropItem(item: DroppedItem, pursuersCare: boolean, dice?: Dice): DistractionResult {
    const what = checkString(item, "item");
    return this.step("ose.dungeonPursuit.drop", { item: what, pursuersCare: checkBoolean(pursuersCare, "pursuersCare") }, dice);
  }

  /** The referee ends it: `"outOfSight"` or `"obstacle"`. */
  refereeStops(reason: EscapeReason): PursuitStatus {
    return this.step("ose.dungeonPursuit.stop", { reason: checkString(reason, "reason") });
  }
}

/** OSE-PURSUIT-03: a waterborne pursuit; the gap closes by the rate difference, at least 30. */
export class WaterbornePursuit extends Pursuit<WaterbornePursuitState> {
  /** The encounter distance dice, when {@link WaterbornePursuit.start} rolled the gap. */
  readonly distance: EncounterDistance | undefined;

  private constructor(state: WaterbornePursuitState, distance?: EncounterDistance) {
    super(state);
    this.distance = distance;
  }

  /** Start at `input.gap`, or at a freshly rolled waterborne encounter distance. */
  static start(input: WaterbornePursuitStart, dice?: Dice): WaterbornePursuit {
    const r = call("ose.waterbornePursuit.start", input, dice);
    return new WaterbornePursuit(r.pursuit, r.distance ?? undefined);
  }

  static fromJSON(state: WaterbornePursuitState): WaterbornePursuit {
    return new WaterbornePursuit(stateCopy(state, "a waterborne pursuit"));
  }

  get gap(): WaterbornePursuitState["gap"] {
    return { ...this.state.gap };
  }

  runRound(): WaterbornePursuitRound {
    return this.step("ose.waterbornePursuit.round", {});
  }
}

/** OSE-PURSUIT-04: a wilderness pursuit, day by day: `catchUp`, then `decide`. */
export class WildernessPursuit extends Pursuit<WildernessPursuitState> {
  static start(input: WildernessEvasionInput): WildernessPursuit {
    return new WildernessPursuit(call("ose.wildernessPursuit.start", input));
  }

  static fromJSON(state: WildernessPursuitState): WildernessPursuit {
    return new WildernessPursuit(stateCopy(state, "a wilderness pursuit"));
  }

  get day(): number {
    return this.state.day;
  }

  catchUp(dice?: Dice): CatchUpResult {
    return this.step("ose.wildernessPursuit.catchUp", {}, dice);
  }

  decide(keepFleeing: boolean, dice?: Dice): DecisionResult {
    return this.step("ose.wildernessPursuit.decide", { keepFleeing: checkBoolean(keepFleeing, "keepFleeing") }, dice);
  }
}

/** Run a procedure by name (`"ose.reaction"`) with untyped input; prefer `ose` and `hyb`. */
export function runProcedure(name: string, input: object, dice?: Dice): unknown {
  return run(name, input, dice);
}

/**
 * OSE encumbrance, hazards and party rules (docs/rules.md §4.1, 4.3, 4.7, 4.10); now part of
 * {@link OseProcedureCalls}, generated from the procedure definitions.
 */
export type OseExplorationProcedures = OseProcedureCalls;

/**
 * HYB load, coins, treasure and travel (docs/rules.md §3.9, 3.12); now part of
 * {@link HybProcedureCalls}, generated from the procedure definitions.
 */
export type HybExplorationProcedures = HybProcedureCalls;

/** Old-School Essentials procedures (docs/rules.md §4). */
export const ose = {
  ...calls<OseProcedureCalls>("ose", PROCEDURE_CALLS.ose),
  MoraleTracker,
  DungeonPursuit,
  WaterbornePursuit,
  WildernessPursuit,
  /** OSE-TBL-03: the row's five save values. */
  monsterSaves(saveAs: SaveAs): SaveValues {
    return call("ose.monsterSaves", { saveAs: checkObject(saveAs, "saveAs") });
  },
} as const;

/** OSR/5e hybrid procedures (docs/rules.md §3). */
export const hyb = {
  ...calls<HybProcedureCalls>("hyb", PROCEDURE_CALLS.hyb),
  /** HYB-MORALE-01/02: d20 + WIS + proficiency + HD bonus against DC 11. */
  morale(input: HybMoraleInput = {}, trigger?: HybMoraleCall["trigger"], dice?: Dice): HybMoraleCheck {
    const why = trigger === undefined || trigger === null ? undefined : (checkString(trigger, "trigger") as HybMoraleCall["trigger"]);
    return call("hyb.morale", { morale: checkObject(input, "the morale input"), trigger: why }, dice);
  },
} as const;

/** Level Up Advanced 5e procedures (docs/rules.md §2); see {@link A5eProcedures}. */
export const a5e: A5eProcedures = calls<A5eProcedures>("a5e", PROCEDURE_CALLS.a5e);
