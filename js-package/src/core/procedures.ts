/** OSE, hybrid and A5E procedures (`ose`, `hyb`, `a5e`): plain data with every die. See the README. */
import {
  type CasterState,
  type HybLightInput,
  type HybLightEffects,
  type CastingObstacle,
  type DisruptionCheck,
  type InvulnerabilityInput,
  type MeleeMovementInput,
  type StateStep,
  type Stealth,
  type StealthInput,
  type SubdualInput,
  type SubdualStatus,
  type SubdualTrack,
  type BeginEvasionInput,
  type BombingInput,
  type BombingResult,
  type DangerousCheck,
  type DangerousCheckInput,
  type DrowningInput,
  type EncounterMovementInput,
  type EncounterOpening,
  type EvasionStart,
  type HybDamage,
  type HybDamageInput,
  type HybGroupMoraleInput,
  type MercenaryMoraleInput,
  type MoraleUnit,
  type MoraleUnitCheck,
  type OpeningInput,
  type OseDamage,
  type OseDamageInput,
  type PercentileRoll,
  type RunningInput,
  type RunningUpdate,
  type UnarmedDamageInput,
  type ChaseDcInput,
  type Distance,
  type ChaseInput,
  type ChaseResult,
  type DistractionResult,
  type DroppedItem,
  type DungeonEvasionInput,
  type DungeonPursuit as DungeonPursuitState,
  type DungeonPursuitRound,
  type DungeonPursuitStart,
  type CatchUpResult,
  type DecisionResult,
  type EncounterDistance,
  type EncounterDistanceInput,
  type EscapeReason,
  type EvasionOutcome,
  type HybAttackInput,
  type HybAttackResult,
  type HybCheckInput,
  type HybCheckResult,
  type HybMoraleCall,
  type HybMoraleCheck,
  type HybMoraleInput,
  type MonsterSaveInput,
  type MoraleLossesResult,
  type MoraleTrigger,
  type OseAbilityCheck,
  type OseAbilityCheckInput,
  type OseAttackInput,
  type OseAttackResult,
  type OseMoraleCheck,
  type OseMoraleInput,
  type OseMoraleTracker as MoraleTrackerState,
  type OseSave,
  type OseSaveInput,
  type Percent,
  type PursuitStatus,
  type PursuitStep,
  type ReactionInput,
  type ReactionRoll,
  type RetreatInput,
  type RetreatResult,
  type SaveAs,
  type SaveValues,
  type SurpriseInput,
  type SurpriseRoll,
  type TrackedMoraleResult,
  type TrapInput,
  type TrapResult,
  type WaterborneEvasion,
  type WaterbornePursuit as WaterbornePursuitState,
  type WaterbornePursuitRound,
  type WaterbornePursuitStart,
  type WaterbornePursuitStarted,
  type WaterborneRates,
  type WildernessEvasion,
  type WildernessEvasionInput,
  type WildernessEvasionPlan,
  type WildernessPursuit as WildernessPursuitState,
} from "../wasm/procedures.js";
import type * as W from "../wasm/procedures.js";
import type { A5eProcedures } from "./a5e.js";
import { boxOf, type Dice } from "./dice.js";
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
  // Without dice the procedures module rolls from the platform's own crypto source, so the
  // core module need not be loaded at all.
  const box = dice === undefined || dice === null ? undefined : boxOf(dice);
  return fromText<T>(callProcedure(which, text, box));
}

/** A call per name (`prefix.name`, dotted names nested), typed by `T`. */
function calls<T>(prefix: string, names: string): T {
  const root: Record<string, unknown> = {};
  for (const name of names.split(" ")) {
    const call = (input?: unknown, dice?: Dice) => run(`${prefix}.${name}`, input ?? {}, dice);
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

/** A typed wrapper for one JSON-text procedure. */
const json =
  <I, O>(name: string) =>
  (input: I, dice?: Dice): O =>
    runJsonProcedure<O>(name, input, dice);

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
    const r = run<TrackedMoraleResult>("ose.moraleTracked", { tracker: this.#state, check }, dice);
    this.#state = r.tracker;
    return r.check;
  }

  /** The checks due now for a side of `sideSize` that has lost `killed` and `incapacitated`. */
  noteLosses(sideSize: number, killed: number, incapacitated = 0): MoraleTrigger[] {
    const r = run<MoraleLossesResult>("ose.moraleLosses", {
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

  protected step<R>(name: string, input: object, dice?: Dice): R {
    const r = run<PursuitStep<S, R>>(name, { pursuit: this.state, ...input }, dice);
    this.state = r.pursuit;
    return r.result;
  }
}

/** OSE-PURSUIT-01/02: a dungeon pursuit, round by round. */
export class DungeonPursuit extends Pursuit<DungeonPursuitState> {
  static start(input: DungeonPursuitStart): DungeonPursuit {
    return new DungeonPursuit(run<DungeonPursuitState>("ose.dungeonPursuit.start", input));
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
    const r = run<WaterbornePursuitStarted>("ose.waterbornePursuit.start", input, dice);
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
    return new WildernessPursuit(run<WildernessPursuitState>("ose.wildernessPursuit.start", input));
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

/** OSE encumbrance, hazards and party rules (docs/rules.md §4.1, 4.3, 4.7, 4.10): plain functions of the core. */
export interface OseExplorationProcedures {
  /** OSE-ENCUMB-01/03/04: the movement rate for the group's option (basic: armor and whether treasure is carried; detailed: total coins); `undefined` past 1,600 coins (cannot move). */
  encumbrance(input: W.Encumbrance): W.MovementRate | undefined;
  /** OSE-ENCUMB-02: the weight in coins of the treasure listed (`count` defaults to 1). */
  treasureWeight(input: W.TreasureInput): number;
  /** OSE-MOVE-01: the party moves at its slowest member's rate; `null` for a member who cannot move stops it (`undefined`). */
  partyMovement(input: W.PartyMovementInput): W.MovementRate | undefined;
  /** OSE-HAZ-02: 1d6 per full 10 ft fallen onto a hard surface, no cap. */
  falling(input: W.FeetInput, dice?: Dice): W.FallDamage;
  /** OSE-HAZ-05: swimming is at half the movement rate. */
  swimming(input: W.FeetInput): number;
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

/** HYB load, coins, treasure and overland and overwater travel (docs/rules.md §3.9, 3.12). */
export interface HybExplorationProcedures {
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
  overland(input: W.HybOverlandInput): number;
  /** HYB-TRAVEL-06: a boat or ship with the wind or current: miles an hour (tenths) and a day. */
  waterSpeed(input: W.WaterSpeedInput): W.WaterSpeed;
  /** HYB-ACT-04: feet of movement this turn; swimming, crawling, climbing or difficult terrain halve the speed once (rounding down). */
  move(input: W.HybMoveInput): number;
}

/** Old-School Essentials procedures (docs/rules.md §4). */
export const ose = {
  ...calls<OseExplorationProcedures>(
    "ose",
    "encumbrance treasureWeight partyMovement falling swimming starving climbSheer climb encircled flyingMount infravision lightSpoilsSurprise splitTreasure magicItemPicks partyAdvice door",
  ),
  /** OSE-REACT-01: 2d6 + the speaker's CHA modifier → hostile … friendly. */
  reaction(input: ReactionInput = {}, dice?: Dice): ReactionRoll {
    return run("ose.reaction", input, dice);
  },
  /** OSE-ENC-03: 2d6 × 10 ft underground; 4d6 × 10 yd outdoors (1d4 × 10 yd if either side is surprised). */
  encounterDistance(input: EncounterDistanceInput, dice?: Dice): EncounterDistance {
    return run("ose.encounterDistance", input, dice);
  },
  /** OSE-SURP-01/02: 1d6 for an unaware side; 1–2 is surprised. */
  surprise(input: SurpriseInput, dice?: Dice): SurpriseRoll {
    return run("ose.surprise", input, dice);
  },
  /** OSE-MORALE-01/02/05/07: one check (2d6 over the adjusted score flees). See {@link MoraleTracker} for an encounter. */
  morale(input: OseMoraleInput, dice?: Dice): OseMoraleCheck {
    return run("ose.morale", input, dice);
  },
  MoraleTracker,
  evasion: {
    /** OSE-EVADE-02: faster and not forced to stop escapes; otherwise a pursuit. */
    dungeon(input: DungeonEvasionInput): EvasionOutcome {
      return run("ose.evasion.dungeon", input);
    },
    /** OSE-EVADE-03: the chance by speed difference (rates per round). */
    waterborneChance(input: WaterborneRates): Percent {
      return run("ose.evasion.waterborneChance", input);
    },
    waterborne(input: WaterborneRates, dice?: Dice): WaterborneEvasion {
      return run("ose.evasion.waterborne", input, dice);
    },
    /** OSE-EVADE-04..06: the chance before rolling, with each modifier. */
    wildernessPlan(input: WildernessEvasionInput): WildernessEvasionPlan {
      return run("ose.evasion.wildernessPlan", input);
    },
    wilderness(input: WildernessEvasionInput, dice?: Dice): WildernessEvasion {
      return run("ose.evasion.wilderness", input, dice);
    },
  },
  DungeonPursuit,
  WaterbornePursuit,
  WildernessPursuit,
  /** OSE-ATK-01/06..13/17/18, OSE-COMBAT-04..07: `resolution` is `"matrix"` (default), `"thac0Arithmetic"` or `"ascendingAc"` (C-34). */
  attack(input: OseAttackInput, dice?: Dice): OseAttackResult {
    return run("ose.attack", input, dice);
  },
  /** OSE-SAVE-02..04: 1d20 + bonus against a target number. */
  save(input: OseSaveInput, dice?: Dice): OseSave {
    return run("ose.save", input, dice);
  },
  /** OSE-SAVE-02, OSE-TBL-03: a monster's save from the table row it saves as. */
  monsterSave(input: MonsterSaveInput, dice?: Dice): OseSave {
    return run("ose.monsterSave", input, dice);
  },
  /** OSE-TBL-03: the row's five save values. */
  monsterSaves(saveAs: SaveAs): SaveValues {
    return run("ose.monsterSaves", { saveAs: checkObject(saveAs, "saveAs") });
  },
  /** OSE-CHK-01..03: 1d20 + difficulty under the score; natural 1 succeeds, natural 20 fails. */
  abilityCheck(input: OseAbilityCheckInput, dice?: Dice): OseAbilityCheck {
    return run("ose.abilityCheck", input, dice);
  },
  /** OSE-ENC-02 steps 1–3: both surprise rolls, the distance, who rolls initiative. */
  openEncounter: json<OpeningInput, EncounterOpening>("ose.openEncounter"),
  /** OSE-EVADE-01: only before combat; unpursued evasion succeeds. */
  beginEvasion: json<BeginEvasionInput, EvasionStart>("ose.beginEvasion"),
  /** OSE-ENC-05: ⅓ of the base rate per round, feet underground, yards outdoors. */
  encounterMovement: json<EncounterMovementInput, Distance>("ose.encounterMovement"),
  /** OSE-MORALE-06: a mercenary troop's morale from the troop table (2–12). */
  mercenaryMorale: json<MercenaryMoraleInput, number>("ose.mercenaryMorale"),
  /** OSE-ATK-02/04/05/15: damage for a hit, at least 1. */
  damage: json<OseDamageInput, OseDamage>("ose.damage"),
  /** OSE-ATK-16: 1d2 + STR, at least 1. */
  unarmedDamage: json<UnarmedDamageInput, OseDamage>("ose.unarmedDamage"),
  /** OSE-ATK-11: a bomb from at most 300 ft hits on 16+. */
  bombing: json<BombingInput, BombingResult>("ose.bombing"),
  /** OSE-HAZ-06: d100 against the referee's chance; success means the swimmer drowns. */
  drowning: json<DrowningInput, PercentileRoll>("ose.drowning"),
  /** OSE-COMBAT-04: half the encounter movement per round, with a clear path behind. */
  fightingWithdrawal: json<MeleeMovementInput, number>("ose.fightingWithdrawal"),
  /** OSE-COMBAT-04: the full encounter movement, but no attack (attackers get +2). */
  retreatMovement: json<Omit<MeleeMovementInput, "clearPath">, number>("ose.retreatMovement"),
  /** OSE-COMBAT-08, OSE-ATK-17: every reason a caster can't cast now (empty: it may). */
  castingObstacles: json<CasterState, CastingObstacle[]>("ose.castingObstacles"),
  /** OSE-COMBAT-09: lost initiative and hit or failed a save first → the spell is lost. */
  spellDisrupted: json<DisruptionCheck, boolean>("ose.spellDisrupted"),
  /** OSE-ATK-02/12: can this attacker hurt a monster harmed only by magic or silver? */
  canHarmInvulnerable: json<InvulnerabilityInput, boolean>("ose.canHarmInvulnerable"),
  /** OSE-ATK-15: note damage on a subdual track; an intelligent victim surrenders. */
  subdual: json<SubdualInput, StateStep<SubdualTrack, SubdualStatus>>("ose.subdual"),
  /** OSE-PURSUIT-02: 30 rounds of running exhaust (−2 attack, damage, AC); 3 turns of rest end it. */
  running: {
    run: json<Omit<RunningInput, "turns">, RunningUpdate>("ose.running.run"),
    rest: json<Omit<RunningInput, "rounds">, RunningUpdate>("ose.running.rest"),
  },
} as const;

/** OSR/5e hybrid procedures (docs/rules.md §3). */
export const hyb = {
  ...calls<HybExplorationProcedures>("hyb", "load coins change carriedLoot xpForGold overland waterSpeed move"),
  /** HYB-CHK-01..03: d20 + modifiers (+ proficiency) ≥ DC, with advantage or disadvantage. */
  check(input: HybCheckInput, dice?: Dice): HybCheckResult {
    return run("hyb.check", input, dice);
  },
  /** HYB-TRAP-01, HYB-DMG-03: a trap as a dangerous check; a PC's natural 1 doubles the damage. */
  trap(input: TrapInput, dice?: Dice): TrapResult {
    return run("hyb.trap", input, dice);
  },
  /** HYB-ATK-01..04, HYB-DMG-02: total ≥ AC hits; a natural 20 is a critical. */
  attack(input: HybAttackInput, dice?: Dice): HybAttackResult {
    return run("hyb.attack", input, dice);
  },
  /** HYB-CHASE-01..05: DC 11 ± 1 per 5 ft of the other side's speed beyond 30 ft. */
  chase(input: ChaseInput, dice?: Dice): ChaseResult {
    return run("hyb.chase", input, dice);
  },
  /** HYB-CHASE-02: the chase DC alone. */
  chaseDc(input: ChaseDcInput): number {
    return run("hyb.chaseDc", input);
  },
  /** HYB-MORALE-01/02: d20 + WIS + proficiency + HD bonus against DC 11. */
  morale(input: HybMoraleInput = {}, trigger?: HybMoraleCall["trigger"], dice?: Dice): HybMoraleCheck {
    const why = trigger === undefined || trigger === null ? undefined : checkString(trigger, "trigger");
    return run("hyb.morale", { morale: checkObject(input, "the morale input"), trigger: why }, dice);
  },
  /** HYB-LIGHT-02/03: what a light level gives advantage and disadvantage on (darksight reverses darkness). */
  light: json<HybLightInput, HybLightEffects>("hyb.light"),
  /** HYB-MORALE-04: followers of a retreating PC check at disadvantage and rout on a failure. */
  followerMorale(input: HybMoraleInput = {}, dice?: Dice): HybMoraleCheck {
    return run("hyb.followerMorale", input, dice);
  },
  /** HYB-MORALE-03: which rolls a side, group or individual grouping makes, and who rolls. */
  planMorale: json<HybGroupMoraleInput, MoraleUnit[]>("hyb.planMorale"),
  /** HYB-MORALE-01..03: every planned roll, made with its roller's modifiers. */
  moraleFor: json<HybGroupMoraleInput, MoraleUnitCheck[]>("hyb.moraleFor"),
  /** HYB-DMG-03: a check against danger; a PC's natural 1 doubles the damage. */
  dangerousCheck: json<DangerousCheckInput, DangerousCheck>("hyb.dangerousCheck"),
  /** HYB-DMG-01/02: dice + modifier, doubled on a critical. */
  damage: json<HybDamageInput, HybDamage>("hyb.damage"),
  /** HYB-CHK-04: a check hides the character (it can't be targeted); attacking ends it. */
  stealth: {
    attempt: json<StealthInput & { check: HybCheckInput }, StateStep<Stealth, HybCheckResult>>("hyb.stealth.attempt"),
    /** The result: whether it was hidden. */
    attack: json<Pick<StealthInput, "stealth">, StateStep<Stealth, boolean>>("hyb.stealth.attack"),
  },
  /** HYB-RETREAT-01/02: the GM's check first, then any hit stops the retreat. */
  retreat(input: RetreatInput = {}, dice?: Dice): RetreatResult {
    return run("hyb.retreat", input, dice);
  },
} as const;

/**
 * The names of the core's `a5e.*` procedures, documented and typed by {@link A5eProcedures}.
 */
const A5E_NAMES =
  "attack assessAttack test deathSave opportunityAttack attackAbilities cover damage sizes fit " +
  "flanks pullAlly movement.start movement.move movement.dash movement.standUp movement.mount " +
  "movement.jump movement.nextTurn movement.query turn.start turn.startTurn turn.spend " +
  "turn.interact turn.disengage turn.dash longJump highJump jumpReach jumpObstacle jumpLanding " +
  "dodge help pressTheAttack fallBack tumble twoWeapon hide search ready fall breath.start " +
  "breath.tick breath.loseBreath waterDamage perceive worldFeatures worldFeature resolveFeature " +
  "featureCheck mirror worldAction.start worldAction.startOfRound worldAction.use groupCheck " +
  "groupAttack resolveGroupAttack objectArmor objectAc objectHitPoints rollObjectHitPoints " +
  "objectDamage objectSave doors door bash stealthyTravel vehiclePace astralFlySpeed " +
  "higherGround lowerGround backToBack canRide commandMount sprint marchingOrder " +
  "futureMaterials objectHp.start objectHp.take objectHp.regenerate bashPossible zirkon " +
  "mountMay dropProne pressExpertise offHand scenario echoThunder foodFatigue vesselHours " +
  "noticesThreat truesight worldActions confused conditionImmunities rollingSpeed rollingForward " +
  "groupStragglers";

/** Level Up Advanced 5e procedures (docs/rules.md §2); see {@link A5eProcedures}. */
export const a5e: A5eProcedures = calls<A5eProcedures>("a5e", A5E_NAMES);
